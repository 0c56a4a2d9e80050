// Covers: every generate operation of a decisioning report (the FD-REPORT-ASYNC list of
// schemas/financial-data/rules/reports.yaml), read back through GetReportByCustomer and
// GetReportById - seed 002, Decisioning report generation (all asynchronous: 202; 403 security
// freeze; a consumer first unless stated), States and transitions - Report (inProgress, then
// success or failure; the client waits 20 seconds between polls), Events (the report callback URL
// is called on completion). One table over the operations: what every report shares is checked on
// every operation it applies to; what one kind of report adds is in its own spec.
import {
  expect,
  expectDeliveries,
  expectToBe,
  newBusiness,
  newConsumer,
  operationFailures,
  PAYSTUB,
  paystubPdf,
  rules,
  tellingListenerPath,
  test,
  type FdOperationId,
  type OperationClient,
  underRule,
} from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { CATALOGUE, expectComponent, GENERATE, request } from './reports.known.js';
import { atSite } from './cite.js';

const applies = (rule: string, operationId: string) => CATALOGUE.get(rule)!.includes(operationId);

async function generate(fdApi: OperationClient, operationId: FdOperationId, options: CallOptions) {
  const res = await fdApi.callBuilt(operationId, options);
  // Step-free when they hold (fixtures/assertions/quiet.ts): every report of these checks is generated here.
  expectToBe(res.status, 202, `${operationId}: seed 002, Decisioning report generation answers 202; body: ${res.text.slice(0, 200)}`);
  expectToBe(res.body.status, 'inProgress', `${operationId}: a new report is inProgress (seed 002, States and transitions - Report)`);
  expectToBe(typeof res.body.id === 'string' && res.body.id.length > 0, true, `${operationId}: the 202 names the report`);
  return res.body as { id: string; customerId: number; type: string; status: string };
}

/** Each item's check in turn, a failure filed under its operation (operationFailures) while the others go on. */
async function eachOperation<T extends string | { operationId: string }>(
  items: readonly T[],
  failed: (operationId: string, error: unknown) => void,
  check: (item: T, i: number) => Promise<unknown>,
) {
  for (const [i, item] of items.entries())
    try {
      await check(item, i);
    } catch (error) {
      failed(typeof item === 'string' ? item : item.operationId, error);
    }
}

// One check over every generator: each report is generated first, then all are polled together
// (20 s between reads, as the seed says), so that a sandbox waits for the slowest report once rather
// than once per operation, a worker held for each. Every operation is judged; a failure names it.

test(
  'every report generator answers 202 inProgress, and the report polled every 20 s ends success with the same id, type and customer',
  rules('FD-REPORT-ASYNC@generate', 'FD-REPORT-TERMINAL@by-customer', 'FD-REPORT-TERMINAL@by-id'),
  async ({ fdApi, fd, fdEntities, pollReport }) => {
    const { failed, end } = operationFailures();
    const acks: { operationId: FdOperationId; ack: Awaited<ReturnType<typeof generate>> }[] = [];
    await eachOperation(GENERATE, failed, async (operationId) => {
      acks.push({ operationId, ack: await generate(fdApi, operationId, request(operationId, fd, fdEntities)) });
    });
    const polled = await pollReport.all(
      acks.map(({ operationId, ack }) => ({ id: ack.id, customerId: ack.customerId, label: `${operationId} report ${ack.id}` })),
    );
    await eachOperation(acks, failed, async ({ operationId, ack }, i) => {
      // The mock completes a report 35 virtual seconds after generation: inProgress at 0 and 20 s, ended at 40 s.
      if (fd.control)
        expect(
          polled[i].reads.map((r) => r.atSeconds),
          `${operationId}: reads every 20 s until the report ends`,
        ).toEqual([0, 20, 40]);
      const { id, type, customerId, status } = polled[i].final.body;
      const ended = { id: ack.id, type: ack.type, customerId: ack.customerId, status: 'success' };
      expect({ id, type, customerId, status }, `${operationId}: the report as it ends`).toEqual(ended);
      const byId = await fdApi.call('GetReportById', { path: { reportId: ack.id }, body: {} });
      expect(
        { status: byId.status, id: byId.body?.id, reportStatus: byId.body?.status },
        `${operationId}: GetReportById reads the same ended report`,
      ).toEqual({ status: 200, id: ack.id, reportStatus: 'success' });
    });
    end(GENERATE.length);
  },
);

// As above, each report with a callback URL of its own and told to fail (the mock's report outcome switch).
test(
  'every report generator: a report whose generation fails reads failure, not success, and its callback says so @mock-only',
  rules(
    'FD-REPORT-TERMINAL@by-customer',
    'FD-REPORT-CALLBACK@callback',
    ...atSite('callback-failed', 'FD-DELIVERY-URL', 'FD-DELIVERY-MEDIA-TYPE', 'FD-DELIVERY-SENSITIVE'),
  ),
  async ({ fdApi, fd, fdEntities, fdPowers, fdListener, pollReport }) => {
    const { failed, end } = operationFailures();
    const name = (operationId: string) => `report-failed-${operationId}`;
    const at = (operationId: string) => (r: { url: string }) => r.url.includes(`/${name(operationId)}-`);
    const made: { operationId: FdOperationId; url: string; ack: Awaited<ReturnType<typeof generate>> }[] = [];
    await eachOperation(GENERATE, failed, async (operationId) => {
      const url = fdListener.url(tellingListenerPath(name(operationId)));
      const ack = await generate(fdApi, operationId, request(operationId, fd, fdEntities, undefined, { callbackUrl: url }));
      await fdPowers.reportOutcome(ack.id, 'failure');
      made.push({ operationId, url, ack });
    });
    const polled = await pollReport.all(
      made.map(({ operationId, ack }) => ({ id: ack.id, customerId: ack.customerId, label: `${operationId} report ${ack.id}` })),
    );
    await eachOperation(made, failed, async ({ operationId, url, ack }, i) => {
      expect(polled[i].final.body.status, 'the report the mock was told to fail').toBe('failure');
      // seed 002, Events: the callback reports completion, a failed one included.
      const call = await fdListener.waitFor(at(operationId), 2000);
      const callbackPayload = (call?.json as { payload?: { reportId?: string; status?: string } } | undefined)?.payload;
      // No call at its URL is the delivery rule's; a call saying otherwise the callback's.
      underRule(test.info(), call ? 'FD-REPORT-CALLBACK' : 'FD-DELIVERY-URL', () =>
        expect(callbackPayload, 'the callback of the failed report').toMatchObject({ reportId: ack.id, status: 'failure' }),
      );
      // The failed report's delivery path keeps the URL as the successful one does.
      expectDeliveries(fdListener.received().filter(at(operationId)), [
        { url, count: 1, what: `${operationId} failed report ${ack.id} callback` },
      ]);
    });
    end(GENERATE.length);
  },
);

const FROZEN = GENERATE.filter((operationId) => applies('FD-REPORT-FREEZE', operationId));

// Every generator the freeze rule names, under a security freeze of its customer (the mock's switch); a failure names it.
test(
  'every report generator answers 403 for a customer under a security freeze, 202 once it is lifted @mock-only',
  rules('FD-REPORT-FREEZE:refuse', 'FD-REPORT-FREEZE:accept'),
  async ({ fdApi, fd, fdEntities, fdPowers }) => {
    const { failed, end } = operationFailures();
    await eachOperation(FROZEN, failed, async (operationId) => {
      const options = request(operationId, fd, fdEntities);
      // The customer in the path, or in the body (the first/third-party foresight report).
      const customerId = String(options.path?.customerId ?? (options.body as { customerId?: unknown }).customerId);
      await fdPowers.securityFreeze(customerId, true);
      try {
        const frozen = await fdApi.callBuilt(operationId, options);
        expect(frozen.status, 'seed 002: 403 security freeze').toBe(403);
      } finally {
        await fdPowers.securityFreeze(customerId, false);
      }
      await generate(fdApi, operationId, options);
    });
    end(FROZEN.length);
  },
);

for (const operationId of GENERATE) {
  test.describe(operationId, () => {
    if (applies('FD-REPORT-CONSUMER', operationId) || applies('FD-REPORT-NO-CONSUMER-NEEDED', operationId)) {
      const needed = applies('FD-REPORT-CONSUMER', operationId);

      test(
        needed
          ? `${operationId} answers 404 for a customer without a consumer, 202 once the consumer exists @mock-only`
          : `${operationId} needs no consumer: a customer without one gets 202 @mock-only`,
        rules(needed ? 'FD-REPORT-CONSUMER:refuse' : 'FD-REPORT-NO-CONSUMER-NEEDED', ...(needed ? ['FD-REPORT-CONSUMER:accept'] : [])),
        async ({ fdApi, fd, fdEntities, fdPowers, createCustomer }) => {
          // A customer of this test with the same linked portfolio as the worker's, and no consumer yet.
          const customerId = await createCustomer('testing');
          const portfolio = await fdPowers.linkAccounts(customerId);
          const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
          expect(business.status, 'a business for the new customer').toBe(200);
          let options = request(operationId, fd, fdEntities, customerId);
          // A body naming accounts of the worker's customer names this customer's counterparts (same
          // type and status, in order: the mock links the same portfolio shape to every customer).
          const counterpart = new Map(
            (fdEntities.linked?.accounts ?? []).map((a) => {
              const same = (fdEntities.linked?.accounts ?? []).filter((b) => b.type === a.type && b.status === a.status);
              const mine = portfolio.accounts.filter((b) => b.type === a.type && b.status === a.status);
              return [a.id, mine[same.indexOf(a)]?.id ?? a.id] as const;
            }),
          );
          let text = JSON.stringify(options.body ?? null);
          for (const [from, to] of counterpart) text = text.replace(new RegExp(`(?<![0-9])${from}(?![0-9])`, 'g'), to);
          options = { ...options, body: JSON.parse(text) ?? undefined };
          // A body naming the worker's stored pay statement names one of this customer instead.
          if (fdEntities.payStatementAssetId && JSON.stringify(options.body ?? null).includes(fdEntities.payStatementAssetId)) {
            const stored = await fdApi.call('StoreCustomerPayStatement', {
              path: { customerId },
              body: { label: 'lastPayPeriod', statement: paystubPdf(PAYSTUB) },
            });
            expect(stored.status, 'a pay statement of the new customer').toBe(200);
            options = {
              ...options,
              body: JSON.parse(JSON.stringify(options.body).replaceAll(fdEntities.payStatementAssetId, stored.body.assetId)),
            };
          }
          if (!needed) return void (await generate(fdApi, operationId, options));
          // A refusal expected: an acceptance is the consumer statement broken (seed 002, Decisioning report
          // generation: a consumer first unless stated; the personal cash flow report under FCRA rules), filed
          // under FD-REPORT-CONSUMER, never judged first as a success body of the forms' rule.
          const refused = await fdApi.callBuilt(operationId, { ...options, negative: true, judges: 'FD-REPORT-CONSUMER' });
          underRule(
            test.info(),
            'FD-REPORT-CONSUMER',
            () =>
              expect(
                refused.status,
                `${operationId} for a customer without a consumer: received ${refused.status}, documented 404 (seed 002: a consumer must exist first; provider 1.35.0 NoConsumerForCustomerExample)`,
              ).toBe(404),
            operationId,
          );
          const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
          expect(consumer.status, 'the consumer is created').toBe(201);
          await generate(fdApi, operationId, options);
        },
      );
    }
  });
}

// As above, each report with a callback URL of its own, each callback awaited once all are polled.
test(
  'every report generator with a callback URL calls it once when the report ends, not before, with a body of the contract @seed',
  rules('FD-REPORT-CALLBACK@callback', 'FD-DELIVERY-URL@callback', 'FD-DELIVERY-MEDIA-TYPE@callback', 'FD-DELIVERY-SENSITIVE@callback'),
  async ({ fdApi, fd, fdEntities, fdListener, fdContract, pollReport }) => {
    const { failed, end } = operationFailures();
    // A URL a normalisation would change (case, an encoded slash, a query string): called byte for byte.
    const name = (operationId: string) => `report-done-${operationId}`;
    const at = (operationId: string) => (r: { url: string }) => r.url.includes(`/${name(operationId)}-`);
    const made: { operationId: FdOperationId; url: string; ack: Awaited<ReturnType<typeof generate>> }[] = [];
    await eachOperation(GENERATE, failed, async (operationId) => {
      const url = fdListener.url(tellingListenerPath(name(operationId)));
      const ack = await generate(fdApi, operationId, request(operationId, fd, fdEntities, undefined, { callbackUrl: url }));
      expect(fdListener.received().filter(at(operationId)), 'no call while the report is inProgress').toHaveLength(0);
      made.push({ operationId, url, ack });
    });
    const polled = await pollReport.all(
      made.map(({ operationId, ack }) => ({ id: ack.id, customerId: ack.customerId, label: `${operationId} report ${ack.id}` })),
    );
    await eachOperation(made, failed, async ({ operationId, url, ack }, i) => {
      const call = await fdListener.waitFor(at(operationId), fd.control ? 2000 : 60_000);
      expect(call, `the listener at the callback URL was called for report ${ack.id}`).toBeDefined();
      expectComponent(fdContract, 'ReportCallback', call!.json, 'the callback body keeps the contract (ReportCallback)');
      const body = call!.json as { payload: { reportId: string; status: string } };
      expect(
        { method: call!.method, reportId: body.payload.reportId, status: body.payload.status },
        'the callback names the report and its final status',
      ).toEqual({ method: 'POST', reportId: ack.id, status: polled[i].final.body.status });
      if (fd.control) await fdApi.call('GetReportByCustomer', { path: { customerId: String(ack.customerId), reportId: ack.id } });
      // Exactly one call, at that URL, and nothing of the consumer's SSN (sent by the worker) or a credential in it.
      expectDeliveries(fdListener.received().filter(at(operationId)), [
        { url, count: 1, what: `${operationId} report ${ack.id} callback` },
      ]);
    });
    end(GENERATE.length);
  },
);

// seed 002, Events: each report calls its callback URL when it ends; two reports naming the same URL
// are two completions, so a listener already called is called again (nothing says once per URL).
test(
  'two reports naming the same callback URL each call it when they end: one call per report, each naming its own @seed',
  rules('FD-REPORT-CALLBACK@callback', 'FD-DELIVERY-URL@callback', 'FD-DELIVERY-MEDIA-TYPE@callback'),
  async ({ fdApi, fd, fdEntities, fdListener, pollReport }) => {
    const operationId = GENERATE[0]!;
    const url = fdListener.url(tellingListenerPath('report-shared-url'));
    const acks: Awaited<ReturnType<typeof generate>>[] = [];
    for (let i = 0; i < 2; i++)
      acks.push(await generate(fdApi, operationId, request(operationId, fd, fdEntities, undefined, { callbackUrl: url })));
    await pollReport.all(acks.map((ack) => ({ id: ack.id, customerId: ack.customerId, label: `${operationId} report ${ack.id}` })));
    const named = () => fdListener.received().map((c) => (c.json as { payload?: { reportId?: string } } | undefined)?.payload?.reportId);
    await fdListener.waitFor(() => named().length >= 2, fd.control ? 2000 : 60_000);
    underRule(test.info(), 'FD-DELIVERY-URL', () =>
      expect(named().sort(), 'the reports the calls name').toEqual(acks.map((a) => a.id).sort()),
    );
    expectDeliveries(fdListener.received(), [
      { url, count: 2, what: `${operationId} reports ${acks.map((a) => a.id).join(', ')} callbacks` },
    ]);
  },
);
