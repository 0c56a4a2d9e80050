// Covers: the callbackUrl option of every generate operation of a decisioning report (the
// FD-REPORT-ASYNC list of schemas/financial-data/rules/reports.yaml), over a sequence for one
// customer - seed 002, Events ("report generation accepts a callback URL for completion
// reporting"): the URL is an option of one generation. Each operation makes three reports of the
// worker's customer: one with a URL, one without, one with another URL. The first URL is called
// once, naming the first report; the second report calls nobody (no URL kept from the report
// before it, nor one sent in its body: provider 1.35.0 takes callbackUrl in the query, and the
// request bodies declare none); the third calls its own URL, not the first one.
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
  type FdOperationId,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { loadRules } from '../../helpers/contract/rules.js';

const catalogue = new Map(loadRules('financial-data').rules.map((r) => [r.id, r.operations ?? []]));
const GENERATE = fdOperationIds(await loadContract('financial-data'), catalogue.get('FD-REPORT-ASYNC')!);

test(
  'every generate operation honours the callback URL of each generation only: none kept for a report without one, none taken from its body, none reused for a report with another',
  rules(
    'FD-OBJ-READ-ONLY',
    'FD-REPORT-NO-CALLBACK@callback',
    'FD-REPORT-CALLBACK@callback',
    'FD-DELIVERY-URL@callback',
    'FD-DELIVERY-MEDIA-TYPE@callback',
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
    expect(wrong, 'each generation calls the URL it was given, once, and none when given none').toEqual([]);
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
