// Faults of the refusals before the report store (customer, freeze, consumer), named `fd-<rule id>-<deviation>`
// (schemas/financial-data/rules/reports.yaml, reports-retrieval.yaml), at guard.ts's judge seam (guard.records.ts).
import { blind, faultCatalogue, was } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import type { GuardSeams } from './guard.records.js';
const { fault, skip, refuse } = faultKit<GuardSeams>();

export const REPORT_GUARD_FAULTS = faultCatalogue([
  fault('fd-obj-other-partner-report-generation', {
    rule: "FD-OBJ-OTHER-PARTNER: every generate operation serves another partner's customer (202) instead of a 404",
    judge: skip(
      'customer',
      (x) => x.world.customers.has(x.id),
      (x) => (x.partnerId = undefined),
    ),
  }),
  fault('fd-report-freeze-ignored', 'FD-REPORT-FREEZE: generation for a customer under a security freeze is served (202), not a 403', {
    judge: skip('freeze'),
  }),
  fault('fd-report-consumer-refusal-remembered', {
    rule: 'FD-REPORT-CONSUMER: a customer refused for want of a consumer (404) stays refused once its consumer exists',
    judge: (x, s, r) => {
      if (s !== 'consumer') return r;
      const refusedOnce = x.world.faultMemory.consumerless;
      if (r) refusedOnce.add(x.id);
      return (
        r ?? (x.needsConsumer && refusedOnce.has(x.id) ? { status: 404, message: `Cannot find consumer for customer with id ${x.id}.` } : r)
      );
    },
    ...blind,
    ...was('blind-report-missing-consumer-remembered'),
  }),
  fault('fd-report-consumer-owner-gone-with-customer', {
    rule: "FD-REPORT-CONSUMER-OWNER: a deleted customer's reports go with it: its consumer's reads are a 404",
    judge: refuse(
      'read-consumer',
      (x) => {
        const consumer = x.world.consumers.get(x.id);
        return consumer !== undefined && !x.world.customers.has(consumer.customerId);
      },
      (x) => ({ status: 404, message: `Consumer not found: ${x.id}` }),
    ),
  }),
]);
