// Covers: the cash flow, balance analytics, cash flow analytics, payment history and foresight
// generate operations - whom a report is for. Seed 002, Decisioning report generation: cash flow
// personal is an FCRA report of the consumer; balance and cash flow analytics are made for the
// consumer or the business according to userType; payment history requires a business, and a
// consumer when the purpose is CRA. Provider 1.35.0: the type of each report (ReportType and the
// acks), userType business/personal (personal only for foresight), a personal guarantor needs a
// consumer record (AnalyticsReportData). This contract: a missing business is a 404 like a missing
// consumer (seed 002 Errors 404, resource not found).
import { expect, newBusiness, newConsumer, rules, test, type FdOperationId, underRule } from '../../fixtures/financial-data.js';
import { BOTH, cite } from './cite.js';
import { CRA, CRA_GUARANTOR, expectStatus, FORESIGHT_OPS, FTC, NON_CRA, requestOf } from './reports-analytics.known.js';

// provider 1.35.0 ReportType and the acks of each operation (cash flow analytics business CRA: cracfrbcra as ReportType lists it).
const TYPES: [FdOperationId, string, Record<string, unknown>, string][] = [
  ['GenerateBalanceAnalyticsReport', 'personal', CRA, 'barpcra'],
  ['GenerateBalanceAnalyticsReport', 'personal', NON_CRA, 'barpnoncra'],
  ['GenerateBalanceAnalyticsReport', 'business', CRA_GUARANTOR, 'barbcra'],
  ['GenerateBalanceAnalyticsReport', 'business', FTC, 'barbftc'],
  ['GenerateBalanceAnalyticsReport', 'business', NON_CRA, 'barbnoncra'],
  ['GenerateCashflowAnalyticsReport', 'personal', CRA, 'cfrpcra'],
  ['GenerateCashflowAnalyticsReport', 'personal', NON_CRA, 'cfrpnoncra'],
  ['GenerateCashflowAnalyticsReport', 'business', CRA_GUARANTOR, 'cracfrbcra'],
  ['GenerateCashflowAnalyticsReport', 'business', FTC, 'cfrbftc'],
  ['GenerateCashflowAnalyticsReport', 'business', NON_CRA, 'cfrbnoncra'],
  ['GeneratePaymentHistoryReport', 'business', CRA_GUARANTOR, 'phrbcra'],
  ['GeneratePaymentHistoryReport', 'business', FTC, 'phrbftc'],
  ['GeneratePaymentHistoryReport', 'business', NON_CRA, 'phrbnoncra'],
  ['GenerateCashFlowBusinessReport', '-', NON_CRA, 'cfrb'],
  ['GenerateCashFlowPersonalReport', '-', NON_CRA, 'cfrp'],
  ['GenerateForesightAnalyticsNonCraReport', 'personal', NON_CRA, 'farpbfnoncra'],
  ['GenerateForesightAnalyticsFirstThirdPartyNonCraReport', 'personal', NON_CRA, 'farpbfnoncra'],
];

test(
  'names each report with the type its operation, userType and purpose give (barpcra ... farpbfnoncra) @provider',
  rules('FD-ANALYTICS-REPORT-TYPE@ack', 'FD-ANALYTICS-REPORT-PIN@ack', 'FD-ANALYTICS-USERTYPE:accept', 'FD-FORESIGHT-USERTYPE:accept'),
  async ({ fdApi, fdEntities }) => {
    const seen: string[] = [];
    const pins: unknown[] = [];
    for (const [op, userType, data] of TYPES) {
      const res = await fdApi.callBuilt(op, requestOf(op, fdEntities.customerId, { userType, data }));
      expectStatus(res, 202, `${userType} ${JSON.stringify(data)}`);
      seen.push(`${op} ${userType} ${JSON.stringify(data)} -> ${res.body.type}`);
      if (res.body.reportPin !== undefined) pins.push(res.body.reportPin);
    }
    expect(seen, 'the type of each report').toEqual(
      TYPES.map(([op, userType, data, type]) => `${op} ${userType} ${JSON.stringify(data)} -> ${type}`),
    );
    // provider 1.35.0 ReportPin: "a unique key returned per report" (the foresight acks require one).
    expect(pins.length, 'acks giving a report pin').toBeGreaterThan(1);
    const pinned = { empty: pins.filter((p) => typeof p !== 'string' || p === '').length, shared: pins.length - new Set(pins).size };
    expect(pinned, 'report pins: none empty, none shared by two reports').toEqual({ empty: 0, shared: 0 });
  },
);

test(
  'refuses a userType other than business or personal (400), and business on the foresight reports @provider',
  rules('FD-ANALYTICS-USERTYPE:refuse', 'FD-FORESIGHT-USERTYPE:refuse'),
  async ({ fdApi, fdEntities }) => {
    for (const op of ['GenerateBalanceAnalyticsReport', 'GenerateCashflowAnalyticsReport'] as const)
      expectStatus(await fdApi.callBuilt(op, requestOf(op, fdEntities.customerId, { userType: 'corporate' })), 400, 'userType corporate');
    for (const op of FORESIGHT_OPS)
      expectStatus(await fdApi.callBuilt(op, requestOf(op, fdEntities.customerId, { userType: 'business' })), 400, 'userType business');
  },
);

test(
  'makes balance and cash flow analytics for the business (404 until it exists, then named) or the consumer (CRA: 404 until it exists, then named) @mock-only',
  rules(...cite('FD-ANALYTICS-USERTYPE-ENTITY', ['personal', 'business'], BOTH), 'FD-PAYHIST-BUSINESS:accept'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const customerId = await createCustomer('testing');
    await fdPowers.linkAccounts(customerId);
    const ask = (op: FdOperationId, userType: string, data: Record<string, unknown>) =>
      fdApi.callBuilt(op, requestOf(op, customerId, { userType, data }));
    const ops = ['GenerateBalanceAnalyticsReport', 'GenerateCashflowAnalyticsReport'] as const;
    for (const op of ops) {
      expectStatus(await ask(op, 'business', NON_CRA), 404, 'business report without a business');
      expectStatus(await ask(op, 'personal', CRA), 404, 'personal CRA report without a consumer');
    }
    const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
    expect(business.status, 'the business is created').toBe(200);
    // A second customer of the same partner with a business of its own, added after the first's (seed 002: the report's
    // business is the one of the customer it is made for, one business per customer): each business report, of every
    // operation whose ack names a business (provider 1.35.0 AnalyticsReportAck businessDetails: balance and cash flow
    // analytics, payment history), names its own customer's business, never the partner's latest nor another's.
    const other = await createCustomer('testing');
    await fdPowers.linkAccounts(other);
    const otherBusiness = await fdApi.call('AddBusinessDetails', { path: { customer_id: other }, body: newBusiness() });
    expect(otherBusiness.status, "the second customer's business is created").toBe(200);
    const owners = [
      [customerId, business.body],
      [other, otherBusiness.body],
    ] as const;
    for (const op of [...ops, 'GeneratePaymentHistoryReport'] as const)
      for (const [owner, own] of owners) {
        const res = await fdApi.callBuilt(op, requestOf(op, owner, { userType: 'business', data: NON_CRA }));
        expectStatus(res, 202, 'business report once the business exists');
        const named = { businessId: res.body.businessDetails?.businessId, name: res.body.businessDetails?.name };
        const rule = op === 'GeneratePaymentHistoryReport' ? 'FD-PAYHIST-BUSINESS' : 'FD-ANALYTICS-USERTYPE-ENTITY';
        underRule(
          test.info(),
          rule,
          () =>
            expect(
              named,
              `${op} for customer ${owner}: received businessDetails ${JSON.stringify(named)}, documented the business of that customer`,
            ).toEqual({ businessId: own.businessId, name: own.name }),
          op,
        );
      }
    for (const op of ops)
      expectStatus(await ask(op, 'business', CRA_GUARANTOR), 404, 'business CRA with a personal guarantor and no consumer');
    const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    expect(consumer.status, 'the consumer is created').toBe(201);
    for (const op of ops)
      for (const [userType, data] of [
        ['personal', CRA],
        ['business', CRA_GUARANTOR],
      ] as const) {
        const res = await ask(op, userType, data);
        expectStatus(res, 202, `${userType} CRA once the consumer exists`);
        expect(res.body.consumerId, `the ${userType} CRA report names the consumer`).toBe(consumer.body.id);
      }
  },
);

test(
  'makes payment history only for a customer with a business (404 before), and for its consumer when the purpose is CRA @mock-only',
  // Payment history is the business userType of the analytics body (seed 002: its path is
  // userTypes/business): the business side of the userType's entity rule, on this operation too.
  rules(
    ...['FD-PAYHIST-BUSINESS', 'FD-PAYHIST-CRA-CONSUMER'].flatMap((r) => cite(r, [], BOTH)),
    ...cite('FD-ANALYTICS-USERTYPE-ENTITY', ['business'], BOTH),
  ),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const op = 'GeneratePaymentHistoryReport';
    const customerId = await createCustomer('testing');
    await fdPowers.linkAccounts(customerId);
    const ask = (data: Record<string, unknown>) => fdApi.callBuilt(op, requestOf(op, customerId, { data }));
    expectStatus(await ask(NON_CRA), 404, 'without a business');
    const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
    expect(business.status, 'the business is created').toBe(200);
    const nonCra = await ask(NON_CRA);
    // The business it names: the two-customer scenario of the analytics entity check, above.
    expectStatus(nonCra, 202, 'non-CRA with the business and no consumer');
    expectStatus(await ask(CRA_GUARANTOR), 404, 'CRA without a consumer');
    const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    expect(consumer.status, 'the consumer is created').toBe(201);
    const cra = await ask(CRA_GUARANTOR);
    expectStatus(cra, 202, 'CRA once the consumer exists');
    expect(cra.body.consumerId, 'the CRA report names the consumer').toBe(consumer.body.id);
  },
);

test(
  "makes the personal cash flow report the consumer's (FCRA): the ack names it, and it reads through GetReportByConsumer @seed",
  rules('FD-CASHFLOW-FCRA'),
  async ({ fdApi, fdEntities }) => {
    const ack = await fdApi.callBuilt('GenerateCashFlowPersonalReport', requestOf('GenerateCashFlowPersonalReport', fdEntities.customerId));
    expectStatus(ack, 202, 'personal cash flow');
    const consumer = await fdApi.call('GetConsumer', { path: { consumerId: fdEntities.consumerId } });
    expect({ consumerId: ack.body.consumerId, consumerSsn: ack.body.consumerSsn }, 'the consumer the report belongs to').toEqual({
      consumerId: fdEntities.consumerId,
      consumerSsn: String(consumer.body.ssn).slice(-4),
    });
    const read = await fdApi.call('GetReportByConsumer', { path: { consumerId: fdEntities.consumerId, reportId: ack.body.id } });
    expect({ status: read.status, id: read.body?.id }, 'the report read through its consumer').toEqual({ status: 200, id: ack.body.id });
  },
);
