// Covers: the report callback of every generate operation (the FD-REPORT-ASYNC list of
// schemas/financial-data/rules/reports.yaml), counted over the whole life of the report: none while
// it is in progress and read, exactly one when it ends, none again when it is read after (by
// customer, by id, by consumer) or reissued - seed 002, Events ("report generation accepts a
// callback URL for completion reporting": one completion, one call); Report retrieval (the reads and
// the reissue are reads). Each generation registers its own URL, one a normalisation would change.
import {
  expect,
  expectDeliveries,
  fdOperationIds,
  loadContract,
  rules,
  sample,
  tellingListenerPath,
  test,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { loadRules } from '../../helpers/contract/rules.js';

const GENERATE = fdOperationIds(
  await loadContract('financial-data'),
  loadRules('financial-data').rules.find((r) => r.id === 'FD-REPORT-ASYNC')!.operations ?? [],
);
/** Past the mock's time to complete a report (seed 002, Limits: polled every 20 s; it ends by the third read). */
const ENDED_AFTER_S = 60;

type Made = { op: string; id: string; customerId: string; consumerId?: string; url: string };

async function readEach(fdApi: OperationClient, made: Made[]) {
  for (const m of made) {
    const reads = [
      fdApi.call('GetReportByCustomer', { path: { customerId: m.customerId, reportId: m.id } }),
      fdApi.call('GetReportById', { path: { reportId: m.id }, body: {} }),
      ...(m.consumerId ? [fdApi.call('GetReportByConsumer', { path: { consumerId: m.consumerId, reportId: m.id } })] : []),
      fdApi.call('ReportReissue', { path: { reportId: m.id }, body: { purpose: '31' } }),
    ];
    for (const res of await Promise.all(reads)) expect(res.status, `${m.op} report ${m.id} read`).toBe(200);
  }
}

test(
  'every generated report calls its callback URL exactly once, when it ends: not while in progress, not again when read or reissued after @mock-only',
  rules('FD-REPORT-CALLBACK@callback', 'FD-DELIVERY-URL@callback', 'FD-DELIVERY-MEDIA-TYPE@callback'),
  async ({ fdApi, fd, fdEntities, fdMock, fdListener }) => {
    const made: Made[] = [];
    for (const op of GENERATE) {
      const url = fdListener.url(tellingListenerPath(`count-${op}`));
      const base = sample(op, fd, fdEntities) as CallOptions;
      const res = await fdApi.callBuilt(op, { ...base, query: { ...(base.query ?? {}), callbackUrl: url } });
      expect(res.status, `${op}: 202`).toBe(202);
      made.push({ op, id: res.body.id, customerId: String(res.body.customerId), consumerId: res.body.consumerId, url });
    }
    await readEach(fdApi, made);
    expect(fdListener.received(), 'no callback while the reports are in progress and read').toEqual([]);
    await fdMock.advanceClock(ENDED_AFTER_S);
    await readEach(fdApi, made);
    expectDeliveries(
      fdListener.received(),
      made.map(({ op, id, url }) => ({ url, count: 1, what: `${op} report ${id} callback, over its whole life` })),
    );
  },
);
