// Covers: the report callback of every generate operation (the FD-REPORT-ASYNC list of
// schemas/financial-data/rules/reports.yaml), counted over the whole life of the report: none while
// it is in progress and read, exactly one when it ends, none again when it is read after (by
// customer, by id, by consumer) or reissued - seed 002, Events ("report generation accepts a
// callback URL for completion reporting": one completion, one call); Report retrieval (the reads and
// the reissue are reads). Each generation registers its own URL, one a normalisation would change.
// Each callback carries the state of its own report as the reader then answers it (FD-REPORT-CALLBACK-STATE).
import {
  expect,
  expectDeliveries,
  fdOperationIds,
  loadContract,
  receivedPathOf,
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

/** Reads each report every way; answers what GetReportByCustomer reads of each (by report id). */
async function readEach(fdApi: OperationClient, made: Made[]): Promise<Map<string, Record<string, unknown>>> {
  const read = new Map<string, Record<string, unknown>>();
  for (const m of made) {
    const reads = [
      fdApi.call('GetReportByCustomer', { path: { customerId: m.customerId, reportId: m.id } }),
      fdApi.call('GetReportById', { path: { reportId: m.id }, body: {} }),
      ...(m.consumerId ? [fdApi.call('GetReportByConsumer', { path: { consumerId: m.consumerId, reportId: m.id } })] : []),
      fdApi.call('ReportReissue', { path: { reportId: m.id }, body: { purpose: '31' } }),
    ];
    const answers = await Promise.all(reads);
    for (const res of answers) expect(res.status, `${m.op} report ${m.id} read`).toBe(200);
    read.set(m.id, answers[0].body);
  }
  return read;
}

test(
  'every generated report calls its callback URL exactly once, when it ends: not while in progress, not again when read or reissued after @mock-only',
  rules('FD-REPORT-CALLBACK@callback', 'FD-REPORT-CALLBACK-STATE', 'FD-DELIVERY-URL@callback', 'FD-DELIVERY-MEDIA-TYPE@callback'),
  async ({ fdApi, fd, fdEntities, fdPowers, fdListener }) => {
    const made: Made[] = [];
    // Each type twice: one report that succeeds and one the mock is told to fail, so that every
    // type's callback is seen on both outcomes (seed 002, Reports: success or failure).
    for (const op of GENERATE)
      for (const outcome of ['success', 'failure'] as const) {
        const url = fdListener.url(tellingListenerPath(`count-${op}-${outcome}`));
        const base = sample(op, fd, fdEntities) as CallOptions;
        const res = await fdApi.callBuilt(op, { ...base, query: { ...(base.query ?? {}), callbackUrl: url } });
        expect(res.status, `${op}: 202`).toBe(202);
        if (outcome === 'failure') await fdPowers.reportOutcome(res.body.id, 'failure');
        made.push({
          op: `${op} (${outcome})`,
          id: res.body.id,
          customerId: String(res.body.customerId),
          consumerId: res.body.consumerId,
          url,
        });
      }
    await readEach(fdApi, made);
    expect(fdListener.received(), 'no callback while the reports are in progress and read').toEqual([]);
    await fdPowers.advanceClock(ENDED_AFTER_S);
    const ended = await readEach(fdApi, made);
    expectDeliveries(
      fdListener.received(),
      made.map(({ op, id, url }) => ({ url, count: 1, what: `${op} report ${id} callback, over its whole life` })),
    );
    // FD-REPORT-CALLBACK-STATE: after reports of every type one after another, each callback carries
    // the customer, id, portfolio, type and final status the reader answers for its own report. The
    // portfolio is optional, but sent for one report it is sent for every one (success or failure).
    const sendsPortfolio = made.map(({ op, url }) => {
      const body = fdListener.received().find((c) => c.url === receivedPathOf(url))?.json as Record<string, any> | undefined;
      return `${op}: ${body?.payload?.portfolioId !== undefined ? 'portfolioId' : 'no portfolioId'}`;
    });
    if (sendsPortfolio.some((s) => s.endsWith(': portfolioId')))
      expect(sendsPortfolio, 'every callback names its portfolio once one does').toEqual(
        sendsPortfolio.map((s) => s.replace(/: no portfolioId$/, ': portfolioId')),
      );
    for (const { op, id, url } of made) {
      const r = ended.get(id)!;
      const body = fdListener.received().find((c) => c.url === receivedPathOf(url))?.json as Record<string, any> | undefined;
      expect(
        { customerId: body?.customerId, ...body?.payload },
        `${op} report ${id}: the callback carries the report as GetReportByCustomer reads it`,
      ).toMatchObject({
        customerId: String(r.customerId),
        reportId: r.id,
        type: r.type,
        status: r.status,
        // The portfolio is optional in the callback (ReportCallback): compared where it is sent.
        ...(body?.payload?.portfolioId !== undefined ? { portfolioId: r.portfolioId } : {}),
      });
    }
  },
);
