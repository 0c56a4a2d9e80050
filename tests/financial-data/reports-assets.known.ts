// Shared by the asset report specs: the operations with their provider type values and eligible
// account types, and the known answers read through the API (the customer's accounts and
// transactions) that a report's content is compared with.
import { expect, newConsumer, PAGE_MAX, type OperationClient } from '../../fixtures/financial-data.js';

export { DAY_S, generated, generatedAll, reportAccounts } from './reports.known.js';
import { DAY_S, reportAccounts } from './reports.known.js';

/** seed 002 (VOA, VOI) and provider 1.35.0 (VOAI, prequalification): the account types each report reads. */
const VOA_TYPES = ['checking', 'savings', 'moneyMarket', 'investment'];
export const ASSET_OPS = [
  { op: 'GenerateVOAReport', type: 'voa', eligible: VOA_TYPES, rule: 'FD-VOA-ELIGIBLE', tag: '' },
  { op: 'GenerateVOAWithIncomeReport', type: 'voaHistory', eligible: VOA_TYPES, rule: 'FD-VOAI-ELIGIBLE', tag: ' @provider' },
  { op: 'GeneratePrequalificationCRAReport', type: 'preQualVoa', eligible: VOA_TYPES, rule: 'FD-PREQUAL-ELIGIBLE', tag: ' @provider' },
  { op: 'GeneratePrequalificationNonCRAReport', type: 'assetSummary', eligible: VOA_TYPES, rule: 'FD-PREQUAL-ELIGIBLE', tag: ' @provider' },
  { op: 'GenerateVOIReport', type: 'voi', eligible: ['checking', 'savings', 'moneyMarket'], rule: 'FD-VOI-ELIGIBLE', tag: '' },
] as const;

/** The instant `months` calendar months before `s` (epoch seconds, UTC; the day clamped to the month's last). */
export function monthsBefore(s: number, months: number): number {
  const d = new Date(s * 1000);
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(d.getUTCFullYear(), m + 1, 0)).getUTCDate();
  return Math.floor(
    Date.UTC(d.getUTCFullYear(), m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000,
  );
}

/** The customer has a consumer (201 now, or 409: it had one already, e.g. a sandbox's linked customer). */
export async function ensureConsumer(fdApi: OperationClient, customerId: string): Promise<void> {
  // A customer holds one consumer (seed 002, Errors 409: consumer already exists): a consumer is created
  // only when none is read, so the create the check sends as valid is valid (409 left for a race).
  if ((await fdApi.call('GetConsumerForCustomer', { path: { customerId } })).status === 200) return;
  const res = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect([201, 409], `a consumer for customer ${customerId}`).toContain(res.status);
}

export interface KnownAccount {
  id: string;
  type: string;
  balance: number;
  availableBalance: number;
}
export interface KnownTransaction {
  id: number;
  accountId: string;
  amount: number;
  postedDate: number;
  pending: boolean;
  /** What the transaction reader shows of it, compared byte for byte with a report's transaction. */
  description: string;
  memo: string;
  type: string;
  category: string;
}

/** The customer's accounts as GetCustomerAccounts shows them. */
export async function knownAccounts(fdApi: OperationClient, customerId: string): Promise<KnownAccount[]> {
  const res = await fdApi.call('GetCustomerAccounts', { path: { customerId } });
  expect(res.status, 'GetCustomerAccounts').toBe(200);
  return (res.body.accounts as any[]).map((a) => ({
    id: String(a.id),
    type: String(a.type),
    balance: Number(a.balance),
    availableBalance: Number(a.detail?.availableBalanceAmount ?? a.balance),
  }));
}

/** Loads the older history of every account that allows it (an MFA challenge, 203, leaves it at standard history). */
export async function loadHistory(fdApi: OperationClient, customerId: string, accounts: { id: string }[]): Promise<void> {
  for (const a of accounts) {
    const res = await fdApi.call('LoadHistoricTransactionsForCustomerAccount', {
      path: { customerId, accountId: a.id },
      body: { force: false },
    });
    expect([203, 204], `historic load of account ${a.id}`).toContain(res.status);
  }
}

/** Every transaction of the customer (pending ones too) over the last 26 months, as GetAllCustomerTransactions lists them. */
export async function knownTransactions(fdApi: OperationClient, customerId: string, nowS: number): Promise<KnownTransaction[]> {
  const out: KnownTransaction[] = [];
  for (let start = 1; start <= 20; start++) {
    const res = await fdApi.call('GetAllCustomerTransactions', {
      path: { customerId },
      query: { fromDate: nowS - 800 * DAY_S, toDate: nowS + DAY_S, includePending: true, start, limit: PAGE_MAX },
    });
    expect(res.status, `GetAllCustomerTransactions start ${start}`).toBe(200);
    out.push(
      ...(res.body.transactions as any[]).map((t) => ({
        id: Number(t.id),
        accountId: String(t.accountId),
        amount: Number(t.amount),
        postedDate: Number(t.postedDate),
        pending: t.status === 'pending',
        description: t.description,
        memo: t.memo,
        type: t.type,
        category: t.categorization?.category,
      })),
    );
    if (String(res.body.moreAvailable) !== 'true') break;
  }
  return out;
}

/** The report's transactions, with the account that lists them. */
export const reportTransactions = (report: any): { id: number; accountId: string; amount: number; postedDate: number }[] =>
  reportAccounts(report).flatMap((a) =>
    (a.transactions ?? []).map((t: any) => ({
      id: Number(t.id),
      accountId: String(a.id),
      amount: Number(t.amount),
      postedDate: Number(t.postedDate),
    })),
  );
/** The ids of the income credits of the report's income streams. */
export const incomeIds = (report: any): number[] =>
  reportAccounts(report).flatMap((a) => (a.incomeStreams ?? []).flatMap((s: any) => (s.transactions ?? []).map((t: any) => Number(t.id))));

/**
 * Checks a report's transactions against a window: none outside [from, to], and every posted
 * transaction of the accounts inside it listed. A day either side of `from` is left unjudged (a
 * target may count months in days); pending transactions may be shown or not.
 */
export function expectWindow(
  shown: { id: number; postedDate: number }[],
  known: KnownTransaction[],
  from: number,
  to: number,
  what: string,
) {
  const older = shown.filter((t) => t.postedDate < from - DAY_S || t.postedDate > to + DAY_S).map((t) => t.id);
  expect(older, `${what}: no transaction outside the window`).toEqual([]);
  const shownIds = new Set(shown.map((t) => t.id));
  const missing = known
    .filter((t) => !t.pending && t.postedDate >= from + DAY_S && t.postedDate <= to && !shownIds.has(t.id))
    .map((t) => t.id);
  expect(missing, `${what}: every posted transaction of the window is shown`).toEqual([]);
  return shown.length;
}
