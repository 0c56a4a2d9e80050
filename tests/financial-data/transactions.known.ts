// Shared by the transactions specs: the known answers of the mock's linked portfolio and readers of the lists.
//
// Known data (mocks/financial-data/portfolio.ts): FinBank A checking holds 1205 transactions, 301 older
// than the standard history (seed 002, Limits; listed after the historic load), 53 of the others pending,
// one in eleven without transactionDate. The 13 accounts hold 1372 (339 older, 66 pending), the legacy
// Harbor Savings account 10 (2 older, 1 pending). FinBank B savings asks MFA (3 of its 12 older).
import { expect, expectToBe, fdLimit, PAGE_MAX, type LinkedCustomer, type OperationClient } from '../../fixtures/financial-data.js';

export const DAY_S = 86_400;

export const KNOWN = {
  checking: { all: 1205, historic: 301, pending: 53 },
  customer: { all: 1372, historic: 339, pending: 66 },
  mfaSavings: { all: 12, historic: 3 },
  legacy: { all: 10, historic: 2, pending: 1 },
};

/**
 * The known counts of a customer's whole list, for the logins linked to it: without the legacy
 * login's account where none is linked (Connect, which links a customer of the check's own on a
 * sandbox, offers the FinBank institutions only: mocks/financial-data/connect-page.ts).
 */
export function knownCustomer(c: { logins: { legacy: boolean }[] }): { all: number; historic: number; pending: number } {
  if (c.logins.some((l) => l.legacy)) return KNOWN.customer;
  return {
    all: KNOWN.customer.all - KNOWN.legacy.all,
    historic: KNOWN.customer.historic - KNOWN.legacy.historic,
    pending: KNOWN.customer.pending - KNOWN.legacy.pending,
  };
}

/** Standard history: the number of days before the account was added that aggregation reaches (seed 002, Limits; the contract's x-limits). */
export const STANDARD_DAYS = fdLimit('standardHistoryDays');
/** Historic load: the days it reaches back (seed 002, Limits: up to 24 months; the contract's x-limits). */
export const HISTORIC_DAYS = fdLimit('historicLoadDays');

export type ListOp = 'GetAllCustomerTransactions' | 'GetCustomerAccountTransactions';
export type Query = Record<string, string | number | boolean | undefined>;
/** The two list operations with the rule path each is cited under. */
export const LISTS: { op: ListOp; path: 'txn-all' | 'txn-account' }[] = [
  { op: 'GetAllCustomerTransactions', path: 'txn-all' },
  { op: 'GetCustomerAccountTransactions', path: 'txn-account' },
];

/** The date lists sort by: transactionDate, postedDate where there is none (seed 002, Transactions). */
export const dateOf = (t: { transactionDate?: number; postedDate?: number }) => Number(t.transactionDate ?? t.postedDate);
export const moreOf = (body: any) => String(body.moreAvailable) === 'true';
export const idsOf = (body: any): number[] => (body.transactions ?? []).map((t: any) => Number(t.id));

/** A window holding the whole history of an account added at `createdDate` (no limit on the window: seed 002). */
export function wholeHistory(createdDate: number, nowS: number) {
  return { fromDate: createdDate - (HISTORIC_DAYS + 30) * DAY_S, toDate: nowS + DAY_S };
}

/** Calls one of the lists for the customer (and, for the account list, the account). */
export function lister(fdApi: OperationClient, customerId: string, accountId: string) {
  return (op: ListOp, query: Query) =>
    fdApi.call(op, { path: op === 'GetAllCustomerTransactions' ? { customerId } : { customerId, accountId }, query });
}

/** A customer's checking account, the lister of its lists and its whole history now (with the `extra` members of a query). */
export function checkingLists<E extends Query = {}>(fdApi: OperationClient, fd: { now: () => number }, c: LinkedCustomer, extra?: E) {
  const checking = c.account('checking');
  const whole = { ...wholeHistory(checking.createdDate, Math.floor(fd.now() / 1000)), ...(extra as E) };
  return { checking, list: lister(fdApi, c.customerId, checking.id), whole };
}

/** Every transaction of a list, page after page of the largest size or of `limit` (checked 200 each). */
export async function readAll(list: ReturnType<typeof lister>, op: ListOp, query: Query, limit = PAGE_MAX): Promise<any[]> {
  const out: any[] = [];
  for (let start = 1; start <= 20; start++) {
    const res = await list(op, { ...query, start, limit });
    expectToBe(res.status, 200, `${op} start ${start}`);
    out.push(...res.body.transactions);
    if (!moreOf(res.body)) break;
  }
  return out;
}

/** found, displaying and moreAvailable equal the known answer. */
export function expectCounts(body: any, found: number, displaying: number, more: boolean, what: string) {
  const seen = { found: body.found, displaying: body.displaying, moreAvailable: moreOf(body) };
  expect(seen, `${what}: found, displaying, moreAvailable`).toEqual({ found, displaying, moreAvailable: more });
}

/**
 * The transactions of a list whose running balance breaks the chain of their account (provider 1.35.0
 * Transaction.runningBalanceAmount: the ending balance after the transaction posted): over an account's
 * whole history, each posted transaction's is the one posted before it plus its own amount (posted order:
 * postedDate, then id; a pending one has none). Each as "account a, transaction t: ...".
 */
export function runningBalanceProblems(transactions: any[]): string[] {
  const byAccount = new Map<string, any[]>();
  for (const t of transactions.filter((t) => t.status !== 'pending' && typeof t.runningBalanceAmount === 'number'))
    byAccount.set(String(t.accountId), [...(byAccount.get(String(t.accountId)) ?? []), t]);
  return [...byAccount].flatMap(([account, posted]) => {
    posted.sort((a, b) => a.postedDate - b.postedDate || Number(a.id) - Number(b.id));
    return posted.slice(1).flatMap((t, i) => {
      const expected = posted[i].runningBalanceAmount + t.amount;
      return Math.abs(t.runningBalanceAmount - expected) < 0.005
        ? []
        : [
            `account ${account}, transaction ${t.id}: running balance ${t.runningBalanceAmount}, ${posted[i].runningBalanceAmount} before it plus ${t.amount}`,
          ];
    });
  });
}
