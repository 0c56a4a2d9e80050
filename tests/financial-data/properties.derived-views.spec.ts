// Covers: every "latest of each kind" view of the financial data contract (helpers/client/invariants/
// derived-views.ts reads them from the contract: a portfolio, "the most recent report of each type",
// read through its customer and through its consumer) against the list of the same owner it derives
// from (GetReportsByCustomerId, GetReportsByConsumerId), recomputed from that list in every state its
// reports reach: in progress, finished, the latest failed, a later one in progress over a finished
// one (FD-DERIVED-VIEW; seed 002, Resources - Portfolio). A new customer and consumer of the check, so
// the portfolio is the only one of its owner; reports are made and ended through the mock's control.
import { expect, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { DERIVED_VIEWS, derivedProblems, derivedViews } from '../../helpers/client/invariants/derived-views.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { customerWithConsumer, makeReport } from './reports-retrieval.known.js';
import { FD_CONTRACT } from './security.known.js';

const VIEWS = derivedViews(FD_CONTRACT);

test(
  'every portfolio is the latest report of each type its owner’s list holds, in progress, finished or failed @mock-only',
  mockOnly(
    rules('FD-DERIVED-VIEW'),
    "needs the mock's report outcome switch (to make one report of the owner fail) and its harness route that makes reports of a customer without accounts: a sandbox decides a report's outcome itself",
  ),
  async ({ fdApi, fdMock, createCustomer }) => {
    const who = await customerWithConsumer(fdApi, createCustomer);
    const owners: Record<string, string> = { customerId: who.customerId, consumerId: who.consumerId };
    const violations = new Violations(DERIVED_VIEWS);
    const compared = new Set<string>();
    let portfolioId = '';
    const check = async (state: string) => {
      for (const dv of VIEWS) {
        const owner = owners[dv.owner];
        expect(owner, `an owner for ${dv.owner}`).toBeDefined();
        const view = await fdApi.callOperation(dv.view, { path: { [dv.owner]: owner, portfolioId } });
        for (const source of dv.sources) {
          const list = await fdApi.callOperation(source.operation, { path: { [dv.owner]: owner } });
          if (view.status !== 200 || list.status !== 200) {
            violations.add(dv.view.operationId, state, `${view.status} / ${source.operation.operationId} ${list.status}`, '200 from both');
            continue;
          }
          for (const p of derivedProblems(dv, view.body[dv.member] ?? [], list.body[source.member] ?? []))
            violations.add(
              dv.view.operationId,
              `${state}, against ${source.operation.operationId}`,
              p,
              'the latest of each kind the list holds',
            );
          compared.add(dv.view.operationId);
        }
      }
    };
    const voa = await makeReport(fdMock, who.customerId, 'voa');
    portfolioId = voa.portfolioId;
    await makeReport(fdMock, who.customerId, 'voi');
    await check('two reports in progress');
    await fdMock.advanceClock(120);
    await check('both finished');
    await fdMock.advanceClock(1);
    const failed = await makeReport(fdMock, who.customerId, 'voa');
    await fdMock.reportOutcome(failed.id, 'failure');
    await fdMock.advanceClock(120);
    await check('the latest VOA failed');
    await fdMock.advanceClock(1);
    await makeReport(fdMock, who.customerId, 'voi');
    await check('a later VOI in progress over a finished one');
    countProperty(test.info(), {
      property: DERIVED_VIEWS,
      service: 'financial-data',
      rule: 'FD-DERIVED-VIEW',
      applies: VIEWS.map((dv) => dv.view.operationId),
      checked: [...compared],
      exceptions: VIEWS.filter((dv) => !compared.has(dv.view.operationId)).map((dv) => ({
        operationId: dv.view.operationId,
        reason: 'neither the view nor its list answered 200',
      })),
    });
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `derived views: ${VIEWS.map((dv) => `${dv.view.operationId} from ${dv.sources.map((s) => s.operation.operationId).join(', ')}`).join('; ')}; a deleted state: no operation deletes a report (seed 002, Report retrieval)`,
    });
    expect(compared.size, 'views compared').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
