// Covers: the report callback of every generate operation (GENERATE), counted over the whole life of
// the report: none while it is in progress and read, exactly one when it ends, none again when it is
// read after (by customer, by id, by consumer) or reissued - seed 002, Events ("report generation
// accepts a callback URL for completion reporting": one completion, one call); Report retrieval (the
// reads and the reissue are reads). Each generation registers its own URL, one a normalisation would
// change; each callback carries the state of its own report as the reader then answers it
// (FD-REPORT-CALLBACK-STATE). The URL is an option of one generation (the same seed 002 sentence): of
// three reports of one operation, with a URL, without, with another URL, the first calls its URL once,
// the second nobody (no URL kept from the report before it, nor one sent in its body: provider 1.35.0
// takes callbackUrl in the query, and the request bodies declare none), the third its own URL.
import {
  expect,
  expectDeliveries,
  expectToBe,
  receivedPathOf,
  rules,
  sample,
  tellingListenerPath,
  test,
  type FdOperationId,
  type OperationClient,
  problemsUnder,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { GENERATE, readersOf, request } from './reports.known.js';
import { atSite } from './cite.js';

/** Past the mock's time to complete a report (seed 002, Limits: polled every 20 s; it ends by the third read). */
const ENDED_AFTER_S = 60;

type Made = { op: string; id: string; customerId: string; consumerId?: string; url: string };

/** Reads each report every way; answers what GetReportByCustomer reads of each (by report id). */
async function readEach(fdApi: OperationClient, made: Made[]): Promise<Map<string, Record<string, unknown>>> {
  const read = new Map<string, Record<string, unknown>>();
  for (const m of made) {
    const answers = await Promise.all(readersOf(fdApi, m).map(({ read }) => read()));
    for (const res of answers) expectToBe(res.status, 200, `${m.op} report ${m.id} read`);
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
        const res = await fdApi.callBuilt(op, request(op, fd, fdEntities, undefined, { callbackUrl: url }));
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

test(
  'every generate operation honours the callback URL of each generation only: none kept for a report without one, none taken from its body, none reused for a report with another',
  rules(
    'FD-OBJ-READ-ONLY',
    ...atSite('callback', 'FD-REPORT-NO-CALLBACK', 'FD-REPORT-CALLBACK', 'FD-DELIVERY-URL', 'FD-DELIVERY-MEDIA-TYPE'),
  ),
  async ({ fdApi, fd, fdEntities, fdListener, pollReport }) => {
    const made: { operationId: FdOperationId; first: string; none: string; other: string; urls: [string, string] }[] = [];
    const wrong: string[] = [];
    for (const operationId of GENERATE) {
      const generate = async (callbackUrl?: string, inBody?: string) => {
        const base = sample(operationId, fd, fdEntities) as CallOptions;
        const options = {
          ...base,
          query: { ...(base.query ?? {}), ...(callbackUrl ? { callbackUrl } : {}) },
          // A callbackUrl in the body is not the option (provider 1.35.0: a query parameter; the bodies declare none).
          ...(inBody && base.body && typeof base.body === 'object' ? { body: { ...(base.body as object), callbackUrl: inBody } } : {}),
        };
        const res = await fdApi.callBuilt(operationId, options);
        expect(res.status, `${operationId}: 202 (${res.text.slice(0, 160)})`).toBe(202);
        return { id: String(res.body.id), customerId: String(res.body.customerId) };
      };
      const urls: [string, string] = [
        fdListener.url(tellingListenerPath(`first-${operationId}`)),
        fdListener.url(tellingListenerPath(`other-${operationId}`)),
      ];
      const first = await generate(urls[0]);
      const none = await generate(undefined, fdListener.url(tellingListenerPath(`body-${operationId}`)));
      const other = await generate(urls[1]);
      made.push({ operationId, first: first.id, none: none.id, other: other.id, urls });
    }
    // The mock ends a report a few virtual seconds after it is made (FD-REPORT-TERMINAL); one move of
    // the clock past it ends them all, and a read of each lets a target that ends reports on read do
    // so. A sandbox's reports are polled to their end in real time.
    if (fd.control) await fd.control.advanceClock(120);
    else
      for (const m of made)
        for (const reportId of [m.first, m.none, m.other])
          await pollReport({ id: reportId, customerId: fdEntities.customerId, label: `${m.operationId} report ${reportId}` });
    for (const m of made)
      for (const reportId of [m.first, m.none, m.other])
        await fdApi.call('GetReportByCustomer', { path: { customerId: fdEntities.customerId, reportId } });
    const expectedCalls = made.length * 2;
    // The calls follow the ends: at once on the mock, within a minute through a sandbox's listener.
    await fdListener.waitFor(() => fdListener.received().length >= expectedCalls, fd.control ? 2000 : 60_000);
    // A call of a report made without a callback URL would come with the others: a moment more for it.
    await fdListener.waitFor(() => false, fd.control ? 0 : 5000);
    const received = fdListener.received();
    const reportOf = (r: (typeof received)[number]) => (r.json as { payload?: { reportId?: string } } | undefined)?.payload?.reportId;
    for (const m of made) {
      const named = (reportId: string) => received.filter((r) => reportOf(r) === reportId);
      if (named(m.none).length)
        wrong.push(`${m.operationId}: the report made without a callback URL was delivered ${named(m.none).length} time(s)`);
      const firstCalls = named(m.first);
      const otherCalls = named(m.other);
      if (firstCalls.length !== 1 || firstCalls[0].url !== receivedPathOf(m.urls[0]))
        wrong.push(`${m.operationId}: the first report delivered ${firstCalls.length} time(s), expected once at its own URL`);
      if (otherCalls.length !== 1 || otherCalls[0].url !== receivedPathOf(m.urls[1]))
        wrong.push(`${m.operationId}: the report with another URL delivered ${otherCalls.length} time(s), expected once at its own URL`);
    }
    expect(problemsUnder('FD-DELIVERY-URL', wrong), 'each generation calls the URL it was given, once, and none when given none').toEqual(
      [],
    );
    // And each URL got exactly its own report's call (byte for byte, nothing sensitive in clear).
    expectDeliveries(
      received,
      made.flatMap((m) => [
        { url: m.urls[0], count: 1, what: `${m.operationId} report ${m.first} callback` },
        { url: m.urls[1], count: 1, what: `${m.operationId} report ${m.other} callback` },
      ]),
    );
  },
);
