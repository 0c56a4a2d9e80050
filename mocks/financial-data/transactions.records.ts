// Transactions as the API shows them (seed 002, Endpoints - Transactions; provider 1.35.0 Transaction, Transactions,
// RecurringTransactionsDetails, DailyBalance) and what transactions.ts's seams carry, so its faults name them without the routes.
import type { Answered, Exchanged, Refused } from './input.js';
import { categoryOf, DAY_S } from './portfolio.js';
import type { Account, Customer, Transaction } from './state.js';

/** The date lists sort and filter by: transactionDate, postedDate where there is none (seed 002, Transactions). */
export const keyOf = (t: Transaction) => t.transactionDate ?? t.postedDate;
export const cents = (n: number) => Math.round(n * 100) / 100;
export const dayOf = (s: number) => Math.floor(s / DAY_S) * DAY_S;

/** Which reader shows a transaction: the customer list, the account list, or one transaction by id. */
export type Reader = 'all' | 'account' | 'id';

/** A list's window as judged (seed 002, Transactions: fromDate and toDate, both included): the dates echoed, a transaction's, the edges. */
export interface Window {
  from: number;
  to: number;
  key: (t: Transaction) => number;
  after: (key: number) => boolean;
  before: (key: number) => boolean;
}
export const windowOf = (from: number, to: number): Window => ({
  from,
  to,
  key: keyOf,
  after: (k) => k >= from,
  before: (k) => k <= to,
});
export const inWindow = (w: Window, t: Transaction) => w.after(w.key(t)) && w.before(w.key(t));

/** A transaction as a reader shows it (provider 1.35.0 Transaction). */
export type View = Record<string, any>;

export interface Exchange extends Exchanged {
  reader: Reader;
  nowS: number;
  /** seed 002, Limits: the standard history's days and a page's largest size. */
  standardDays: number;
  pageMax: number;
  /** Whether the reader shows this transaction (its account live, its history loaded: the visible read). */
  sees: (t: Transaction) => boolean;
  /** The transaction as the reader shows it. */
  show: (t: Transaction) => View;
  customer?: Customer;
  account?: Account;
  /** The accounts a list reads (the customer's, or the path's one). */
  accounts: Account[];
  /** A list's window, whether it lists the pending transactions, its sort (echoed) and order (applied), its page. */
  window?: Window;
  pending?: boolean;
  sort?: 'asc' | 'desc';
  order?: 'asc' | 'desc';
  sortKey?: (t: Transaction) => number;
  page?: { start: number; limit: number };
  /** The matching transactions of a list in order, once found. */
  found?: Transaction[];
  /** GetCustomerTransaction: the transaction of the path. */
  transaction?: Transaction;
  /** GetRecurringTransactions: the accountIds asked, the customer's accounts, those looked at. */
  asked?: string[];
  held?: Account[];
  chosen?: Account[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'account' | 'transaction' | 'visible' | 'dates' | 'window' | 'pending' | 'order' | 'page' | 'accounts';

export interface Refusal extends Refused {
  code?: string;
}

/** What a read finds or a write stores: visibility, running balance, the list, the daily balances' ledger, a series, the historic load. */
export type Change =
  | { op: 'visible'; transaction: Transaction; account?: Account; shown: boolean }
  | { op: 'running'; transaction: Transaction; account: Account; running: number }
  | { op: 'found'; found: Transaction[] }
  | { op: 'ledger'; counted: Transaction[]; inDay: (t: Transaction, day: number) => boolean }
  | { op: 'stream'; series: Transaction[]; looked: Transaction[]; stream: Stream; outflow: boolean }
  | { op: 'load'; account: Account; status: 203 | 204; loaded: Account[] };

/** An answer as sent; `shown` the transactions its records are of, in order. */
export interface Answer extends Answered {
  shown: Transaction[];
}

export type TransactionSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };

/** A transaction is shown once its account is found: a historic one after the account's historic load (seed 002, Transactions). */
export const shownUnder = (t: Transaction, account: Account | undefined) => !!account && (!t.historic || account.historicLoaded);

/** A payee seen this many times with the same sign in an account is a recurring series (the mock's rule). */
const RECURRING_MIN = 3;

/** The key of a transaction's series: its sign and payee. */
export const seriesKey = (t: Transaction) => `${t.amount < 0 ? 'out' : 'in'}|${t.description}`;

/** The recurring series among the posted transactions looked at, by key (outflows 'out|...'), each in date order. */
export function seriesOf(looked: Transaction[]): [string, Transaction[]][] {
  const groups = new Map<string, Transaction[]>();
  for (const t of looked) if (t.status !== 'pending' && t.amount !== 0) groups.set(seriesKey(t), [...(groups.get(seriesKey(t)) ?? []), t]);
  return [...groups]
    .filter(([, series]) => series.length >= RECURRING_MIN)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, series]) => [key, series.sort((a, b) => keyOf(a) - keyOf(b) || a.id - b.id)]);
}

/** One recurring series (provider 1.35.0 RecurringTransaction): its cadence the mean days between, active until two cadences late. */
export function streamOf(series: Transaction[], nowS: number, cadence = cadenceOf(series)) {
  const amounts = series.map((t) => t.amount).sort((a, b) => a - b);
  const mid = Math.floor(amounts.length / 2);
  const median = amounts.length % 2 ? amounts[mid] : (amounts[mid - 1] + amounts[mid]) / 2;
  const last = keyOf(series[series.length - 1]);
  return {
    normalizedPayeeName: series[0].description,
    transactionCategories: [categoryOf(series[0].description)],
    transactionIds: series.map((t) => String(t.id)),
    cadence,
    status: nowS - last <= 2 * cadence * DAY_S ? 'ACTIVE' : 'INACTIVE',
    expectedNextTransactionDate: new Date((last + cadence * DAY_S) * 1000).toISOString().slice(0, 10),
    expectedNextTransactionAmount: cents(median),
    minimumHistoricalAmount: amounts[0],
    maximumHistoricalAmount: amounts[amounts.length - 1],
    meanHistoricalAmount: cents(amounts.reduce((s, n) => s + n, 0) / amounts.length),
    medianHistoricalAmount: cents(median),
    countOfTransactions: series.length,
  };
}
export type Stream = ReturnType<typeof streamOf>;
const cadenceOf = (series: Transaction[]) =>
  Math.max(1, Math.round((keyOf(series[series.length - 1]) - keyOf(series[0])) / DAY_S / (series.length - 1)));
