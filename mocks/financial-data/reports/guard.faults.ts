// Faults of the refusals before the report store (customer, freeze, consumer) (switched in
// guard.ts): each breaks one rule of schemas/financial-data/rules/reports.yaml and rules/reports-
// retrieval.yaml, the way a provider's release might. `rules` names the rule ids it breaks (`npm run
// mutation -- --targeted` runs the specs citing them). The faults of the suite's authors first, then
// those written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, independent, ruleFault, type Fault } from '../../kit/faults.js';

const f = <Id extends string>(id: Id, rule: string, text: string, source: Fault['source'] = 'seed'): Fault<Id> =>
  ruleFault(id, `${rule}: ${text}`, source);

export const REPORT_GUARD_FAULTS = faultCatalogue([
  {
    id: 'report-generation-other-partner',
    rule: "FD-OBJ-OTHER-PARTNER: every generate operation serves another partner's customer (202) instead of a 404",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  },
  {
    id: 'report-freeze-ignored',
    rule: 'FD-REPORT-FREEZE: generation for a customer under a security freeze is a 403',
    source: 'seed',
    rules: ['FD-REPORT-FREEZE'],
  },
  {
    id: 'report-consumer-not-required',
    rule: 'FD-REPORT-CONSUMER: generation for a customer without a consumer is a 404 where a consumer is needed',
    source: 'seed',
    rules: ['FD-REPORT-CONSUMER'],
  },
  // The single-report reads (seed 002, Report retrieval; Errors 403, 404; Resources - Consumer).
  f('report-read-freeze-ignored', 'FD-REPORT-READ-FREEZE', 'report reads of a customer under a security freeze are a 403'),
  f('consumer-reports-gone-with-customer', 'FD-REPORT-CONSUMER-OWNER', "a deleted customer's report stays readable through its consumer"),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // The report store (seed 002, Decisioning report generation; States and transitions - Report; Events; Errors 403, 404).
  blind({
    id: 'blind-report-freeze-checked-on-consumer-reports-only',
    rule: 'a security freeze refuses every report generation with 403, the reports that need no consumer (cash flow business, foresight, non-CRA analytics) included (seed 002, Decisioning report generation: 403 security freeze; Errors 403)',
    source: 'seed',
    rules: ['FD-REPORT-FREEZE'],
  }),
  blind({
    id: 'blind-report-missing-consumer-remembered',
    rule: 'a customer refused for want of a consumer (404) gets a 202 once its consumer exists: the refusal is not remembered (seed 002, Decisioning report generation: a consumer must exist before these calls)',
    source: 'seed',
    rules: ['FD-REPORT-CONSUMER'],
  }),
  blind({
    id: 'blind-report-cashflow-business-needs-consumer',
    rule: 'the business cash flow report needs no consumer: a customer without one gets a 202, not the 404 of the personal report (seed 002, Decisioning report generation: cash flow business needs no consumer)',
    source: 'seed',
    rules: ['FD-REPORT-NO-CONSUMER-NEEDED'],
  }),
  independent('independent-35', {
    id: 'i35-fd-report-freeze-hides-customer-404',
    rule: 'a security freeze on report operations is a 403 (seed 002, Errors 403; Decisioning report generation): generation for a frozen customer answers 404 as if the customer did not exist',
    source: 'seed',
    rules: ['FD-REPORT-FREEZE'],
  }),
]);
