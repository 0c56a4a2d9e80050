// Helpers of the reports-analytics specs: the requests of the eight operations, customers holding only
// some account types, and the known answers the reports' content is compared with (read through the
// accounts and transactions operations, never from the mock).
import {
  expect,
  expectToBe,
  newBusiness,
  newConsumer,
  PAGE_MAX,
  type FdOperationId,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import type { ApiResponse, CallOptions } from '../../helpers/client/client.js';

export const DEPOSIT_OPS = [
  'GenerateCashFlowBusinessReport',
  'GenerateCashFlowPersonalReport',
  'GenerateBalanceAnalyticsReport',
  'GenerateCashflowAnalyticsReport',
  'GeneratePaymentHistoryReport',
] as const;
export const FORESIGHT_OPS = ['GenerateForesightAnalyticsNonCraReport', 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport'] as const;
export const NON_CRA = { forCraPurpose: false };
export const CRA = { forCraPurpose: true };
export const CRA_GUARANTOR = { forCraPurpose: true, applicantIsPersonalGuarantor: true };
export const FTC = { forCraPurpose: true, applicantIsPersonalGuarantor: false };
export { DAY_S, reportAccounts } from './reports.known.js';
import { DAY_S } from './reports.known.js';

/** A request of the operation for the customer: userType (default personal) and analyticsReportData (default non-CRA). */
export function requestOf(
  operationId: FdOperationId,
  customerId: string,
  options: { userType?: string; data?: Record<string, unknown>; body?: Record<string, unknown> } = {},
): CallOptions {
  const userType = options.userType ?? 'personal';
  const analyticsReportData = options.data ?? NON_CRA;
  switch (operationId) {
    case 'GenerateCashFlowBusinessReport':
    case 'GenerateCashFlowPersonalReport':
      return { path: { customerId }, body: { ...options.body } };
    case 'GeneratePaymentHistoryReport':
      return { path: { customerId }, body: { analyticsReportData, ...options.body } };
    case 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport':
      return { path: { userType }, body: { customerId: Number(customerId), analyticsReportData: NON_CRA, ...options.body } };
    default:
      return {
        path: { customerId, userType },
        body: { analyticsReportData: operationId.startsWith('GenerateForesight') ? NON_CRA : analyticsReportData, ...options.body },
      };
  }
}

/** The consumer and the business the analytics reports of every user type need (seed 002: a consumer before the call). */
export async function addConsumerAndBusiness(fdApi: OperationClient, customerId: string): Promise<void> {
  await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
}

/** A customer of this test with the linked portfolio (mock control), keeping only one account of each type named. */
export async function customerKeeping(
  fdApi: OperationClient,
  fdPowers: { linkAccounts: (id: string) => Promise<{ accounts: { id: string; type: string; status: string }[] }> },
  createCustomer: () => Promise<string>,
  keep: string[],
  entities: { consumer?: boolean; business?: boolean } = { consumer: true, business: true },
) {
  const customerId = await createCustomer();
  const { accounts } = await fdPowers.linkAccounts(customerId);
  const kept = keep.map((type) => accounts.find((a) => a.type === type && a.status === 'active')!);
  for (const a of accounts) {
    if (kept.includes(a)) continue;
    const res = await fdApi.call('DeleteCustomerAccount', { path: { customerId, accountId: a.id } });
    expectToBe(res.status, 204, `delete the ${a.type} account`);
  }
  if (entities.consumer)
    expect((await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() })).status, 'a consumer').toBe(201);
  if (entities.business)
    expect((await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() })).status, 'a business').toBe(
      200,
    );
  return { customerId, kept };
}

export function expectStatus(res: ApiResponse, status: number, what: string) {
  // Step-free when it holds (fixtures/assertions/quiet.ts): the analytics checks read every answer through it.
  expectToBe(res.status, status, `${res.operation.operationId} ${what}; body: ${res.text.slice(0, 160)}`);
}

/** The posted transactions of an account between two dates, as GetCustomerAccountTransactions lists them (the known answer). */
export async function postedTransactions(fdApi: OperationClient, customerId: string, accountId: string, fromS: number, toS: number) {
  // The reader's window may go by transaction date: read two days more on each side, then keep the posted dates inside.
  // Every page (of the largest size, seed 002): a long window holds more than one.
  const all: { id: number | string; amount: number; postedDate: number; status?: string }[] = [];
  for (let start = 1; ; start++) {
    const res = await fdApi.call('GetCustomerAccountTransactions', {
      path: { customerId, accountId },
      query: { fromDate: fromS - 2 * DAY_S, toDate: toS + 2 * DAY_S, limit: PAGE_MAX, start },
    });
    expect(res.status, 'the transactions of the account').toBe(200);
    all.push(...res.body.transactions);
    if (res.body.transactions.length < PAGE_MAX || start >= 10) break;
  }
  return all.filter((t) => (t.status === undefined || t.status === 'active') && t.postedDate >= fromS && t.postedDate <= toS);
}

export const cents = (n: number) => Math.round(n * 100) / 100;
export const sum = (values: number[]) => cents(values.reduce((s, v) => s + v, 0));

/** The periods of an attribute of an analytics set (aggregated or reported). */
export function periodsOf(analytics: any, name: string): any[] {
  const attrs = [...(analytics?.transactionalAttributes ?? []), ...(analytics?.stateAttributes ?? [])];
  const attr = attrs.find((a: any) => a.attributeName === name);
  expect(attr, `the ${name} attribute`).toBeDefined();
  return [...(attr.aggregatedByTimePeriods ?? []), ...(attr.reportedByTimePeriods ?? [])].flatMap((t: any) => t.periods ?? []);
}
