// Covers: GetReportByCustomer, GetReportByConsumer, GetReportById, GetReportsByCustomerId,
// GetReportsByConsumerId over a report of every kind a generate operation of the contract makes for
// a customer (VOA, VOAI, the prequalifications, VOI, statement, transactions, the VOE and VOIE
// kinds, pay statement, cash flow, the analytics kinds, SBCA) - seed 002, Resources (a report
// belongs to a customer and its consumer), Report retrieval (lists of a customer and of a consumer),
// Errors 404. Who may read a report does not depend on its kind: each kind is read through its own
// customer and consumer (200), through another customer and consumer of the same partner (404) and
// by another partner (404), and each list holds the reports of its own customer or consumer only.
import {
  expect,
  FD_CONTRACT,
  linkPortfolio,
  newBusiness,
  newConsumer,
  PAYSTUB,
  paystubPdf,
  rules,
  sampleCall,
  spareAuth,
  test,
  type CallOptions,
  type FdOperationId,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import type { LinkedPortfolio } from '../../helpers/target/financial-data.js';

/** The generate operations of the contract that make a report of a customer named in the path. */
const GENERATORS = [...FD_CONTRACT.operations.values()]
  .filter(
    (op) =>
      op.method.toLowerCase() === 'post' &&
      /^\/decisioning\//.test(op.path) &&
      op.parameters.some((p) => p.in === 'path' && p.name === 'customerId'),
  )
  .filter((op) => /^(Generate|Refresh)/.test(op.operationId))
  .map((op) => op.operationId as FdOperationId);

/**
 * A customer of the check's own with a consumer, a stored pay statement and accounts (`link`: the
 * mock's world links them; a sandbox through Connect where the suite completes it): what every
 * generate operation's sample needs.
 */
async function reportOwner(
  fdApi: OperationClient,
  createCustomer: (type?: 'testing' | 'active') => Promise<string>,
  link: (customerId: string) => Promise<LinkedPortfolio>,
) {
  const customerId = await createCustomer('testing');
  const portfolio = await link(customerId);
  const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect(consumer.status, 'create the consumer').toBe(201);
  const stored = await fdApi.call('StoreCustomerPayStatement', {
    path: { customerId },
    body: { label: 'lastPayPeriod', statement: paystubPdf(PAYSTUB) },
  });
  expect(stored.status, 'store a pay statement').toBe(200);
  // The business report kinds (payment history) need the customer's business.
  const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
  expect(business.status, 'add the business').toBe(200);
  return {
    customerId,
    consumerId: String(consumer.body.id),
    entities: {
      customerId,
      consumerId: String(consumer.body.id),
      businessId: String(business.body.businessId),
      payStatementAssetId: String(stored.body.assetId),
      linked: { customerId, ...portfolio },
    },
  };
}

test(
  "a report of every kind is read through its own customer and consumer only: another customer's, consumer's or partner's read is 404, and each list holds its own reports only",
  rules('FD-REPORT-READ-OWNER@by-customer', 'FD-REPORT-READ-OWNER@by-consumer', 'FD-REPORT-READ-OWNER@by-id', 'FD-REPORT-READ-OWNER@lists'),
  async ({ fd, fdApi, fdPowers, createCustomer }) => {
    const link = (customerId: string) => (fd.control ? linkPortfolio(fd, fdApi, customerId) : fdPowers.linkAccounts(customerId));
    const owner = await reportOwner(fdApi, createCustomer, link);
    const other = await reportOwner(fdApi, createCustomer, link);
    const spare = await spareAuth(fdApi, fd);
    const made: { id: string; kind: string; by: string; consumer?: string }[] = [];
    const notMade: string[] = [];
    for (const operationId of GENERATORS) {
      const res = await fdApi.callBuilt(operationId, sampleCall(operationId, fd, owner.entities as never) as CallOptions);
      const id = res.body?.id;
      if (res.status >= 300 || typeof id !== 'string') notMade.push(`${operationId}: ${res.status}`);
      else made.push({ id, kind: String(res.body.type), by: operationId, consumer: res.body.consumerId });
    }
    expect(notMade, 'every generate operation makes a report of the linked customer').toEqual([]);
    const wrong: string[] = [];
    const kindsOf = (reportIds: string[]) =>
      made
        .filter((m) => reportIds.includes(m.id))
        .map((m) => m.kind)
        .join(', ');
    const status = async (what: string, call: Promise<{ status: number; body?: any }>, expected: number, id?: string) => {
      const res = await call;
      if (res.status !== expected || (expected === 200 && res.body?.id !== id)) wrong.push(`${what}: ${res.status}`);
    };
    for (const { id, kind, by, consumer } of made) {
      const what = `the ${kind} report of ${by}`;
      const read = (through: 'customer' | 'consumer', of: typeof owner) =>
        through === 'customer'
          ? fdApi.call('GetReportByCustomer', { path: { customerId: of.customerId, reportId: id } })
          : fdApi.call('GetReportByConsumer', { path: { consumerId: of.consumerId, reportId: id } });
      await status(`${what} through its customer`, read('customer', owner), 200, id);
      // A report whose answer names the consumer is that consumer's too (seed 002, Resources - Consumer);
      // a kind the target makes without a consumer (a business's analytics) is not asserted there.
      if (consumer === owner.consumerId) await status(`${what} through its consumer`, read('consumer', owner), 200, id);
      else if (consumer !== undefined) wrong.push(`${what} names consumer ${consumer}, not the customer's`);
      await status(`${what} through another customer`, read('customer', other), 404);
      await status(`${what} through another consumer`, read('consumer', other), 404);
      if (spare)
        await status(
          `${what} by id, read by another partner`,
          fdApi.call('GetReportById', { path: { reportId: id }, body: {}, auth: spare }),
          404,
        );
    }
    // The lists, read once each (seed 002: too many list calls are a 429).
    const listed = async (operationId: 'GetReportsByCustomerId' | 'GetReportsByConsumerId', path: Record<string, string>) => {
      const res = await fdApi.call(operationId, { path } as never);
      expect(res.status, `${operationId} ${JSON.stringify(path)}`).toBe(200);
      return ((res.body?.reports ?? []) as { id: string }[]).map((r) => r.id);
    };
    const ids = made.map((m) => m.id);
    const consumerIds = made.filter((m) => m.consumer !== undefined).map((m) => m.id);
    const lists: [string, string[], string[]][] = [
      ["the owner's customer list", await listed('GetReportsByCustomerId', { customerId: owner.customerId }), ids],
      ["the owner's consumer list", await listed('GetReportsByConsumerId', { consumerId: owner.consumerId }), consumerIds],
      ["another customer's list", await listed('GetReportsByCustomerId', { customerId: other.customerId }), []],
      ["another consumer's list", await listed('GetReportsByConsumerId', { consumerId: other.consumerId }), []],
    ];
    for (const [what, held, expected] of lists) {
      const missing = expected.filter((e) => !held.includes(e));
      const foreign = held.filter((h) => ids.includes(h) && !expected.includes(h));
      if (missing.length) wrong.push(`${what} lacks ${missing.length} report(s): ${kindsOf(missing)}`);
      if (foreign.length) wrong.push(`${what} holds ${foreign.length} report(s) not its own: ${kindsOf(foreign)}`);
    }
    expect(wrong, `${made.length} reports of ${new Set(made.map((m) => m.kind)).size} kinds, each read by its own and by others`).toEqual(
      [],
    );
  },
);
