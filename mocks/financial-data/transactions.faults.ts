// Faults of transactions: each a deviation a provider's release might ship, named by the rule it
// breaks (`fd-<rule id>-<deviation>`), its rule text starting with the ids of schemas/financial-data/
// rules*.yaml it breaks (`rules`: the specs the targeted mutation run picks). A fault loosens the
// contract (`relax`) or bends transactions.ts at its seams: the request as judged at one step (its
// window, pending, order and page folded there), what a read finds or a write stores (Change), the
// answer. Which set of writers found a fault is the mutation records' (docs/mutation.md); a fault a
// record names by an earlier id keeps it as an alias.
import { faultCatalogue, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, was, seededAt, assumption, provider, always, schema } from './fault-builders.js';
import { DAY_S } from './portfolio.js';
import {
  accountsOfLogin,
  findAccount,
  findCustomer,
  linkedData,
  transactionsOfAccounts,
  type Account,
  type CustomerAccountsSeams,
  type Transaction,
} from './state.js';
import {
  dayOf,
  inWindow,
  keyOf,
  seriesKey,
  seriesOf,
  shownUnder,
  streamOf,
  windowOf,
  type Answer,
  type Change,
  type Exchange,
  type Stream,
  type TransactionSeams,
  type View,
  type Window,
} from './transactions.records.js';

type Seams = FaultSeams<TransactionSeams>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type When = (x: Exchange) => boolean;

const { fault, fold, skip, refuse } = faultKit<TransactionSeams>();
const blind = { origin: 'blind' } as const;

// Who and what a fault applies to.
const ALL: When = (x) => x.op === 'GetAllCustomerTransactions';
const ACCOUNT: When = (x) => x.op === 'GetCustomerAccountTransactions';
const LISTS: When = (x) => ALL(x) || ACCOUNT(x);
const BY_ID: When = (x) => x.op === 'GetCustomerTransaction';
const later: When = (x) => (x.input.query.start ?? 1) > 1;
const asc: When = (x) => x.input.query.sort === 'asc';
const desc: When = (x) => !asc(x);
const withPending: When = (x) => !!x.pending;
const withoutPending: When = (x) => !x.pending;
/** A page after the first, as judged. */
/** The account list asked for its daily balances. */
const daily: When = (x) => x.input.query.showDailyBalance === true;
const pastFirst: When = (x) => x.page!.start > 1;
const both =
  (...whens: When[]): When =>
  (x) =>
    whens.every((w) => w(x));
/** Whether a transaction is dated exactly at one edge of the list's window. */
const at = (edge: 'from' | 'to') => (t: Transaction, x: Exchange) => x.window!.key(t) === x.window![edge];
const pendingOf = (ts: Transaction[]) => ts.filter((t) => t.status === 'pending').length;
const EASTERN_S = 5 * 3600;

// (a) The request as judged: a list's window, pending, order and page folded at their step.
/** The window of `when`'s lists made otherwise (its edges, its dates, the date it reads). */
const windowed = (when: When, change: (w: Window, x: Exchange) => Partial<Window>) =>
  fold('window', when, (x) => Object.assign(x.window!, change(x.window!, x)));
const pending = (when: When, to: boolean) => fold('pending', when, (x) => (x.pending = to));
const ordered = (when: When, change: (x: Exchange) => void) => fold('order', when, change);
const paging = (when: When, change: (p: { start: number; limit: number }, x: Exchange) => void) =>
  fold('page', when, (x) => change(x.page!, x));

// (b) What a read finds or a write stores: functions at the state seam.
const changed =
  <K extends Change['op']>(op: K, bend: (c: Extract<Change, { op: K }>, x: Exchange, m: FaultMemory) => Partial<Change> | void): Stating =>
  (x, c, m) =>
    c.op === op ? ({ ...c, ...(bend(c as Extract<Change, { op: K }>, x, m) ?? {}) } as Change) : c;
/** Whether a reader shows a transaction, as `bend` says (undefined: as the sources say). */
const visible = (bend: (c: Extract<Change, { op: 'visible' }>, x: Exchange) => boolean | void) =>
  changed('visible', (c, x) => {
    const shown = bend(c, x);
    return shown === undefined ? undefined : { shown };
  });
/** The matching transactions of `when`'s lists, without those `leaves` names. */
const leaves = (when: When, left: (t: Transaction, x: Exchange) => boolean) =>
  changed('found', (c, x) => (when(x) ? { found: c.found.filter((t) => !left(t, x)) } : undefined));
const loading = (bend: (c: Extract<Change, { op: 'load' }>, x: Exchange) => Partial<Change> | void) => changed('load', bend);
const streamed = (bend: (c: Extract<Change, { op: 'stream' }>, x: Exchange) => Partial<Stream> | void) =>
  changed('stream', (c, x) => ({ stream: { ...c.stream, ...(bend(c, x) ?? {}) } }));
/** The accounts the readers found live, in the world's fault memory (state.ts), read after a delete. */
const seen = (x: Exchange) => x.world.faultMemory.seenAccounts as Map<string, Account>;
const remember = changed('visible', (c, x) => void (c.account && seen(x).set(c.account.id, c.account)));
/** The customer's deleted accounts' transactions a list would have matched (a stale count index). */
const goneOf = (x: Exchange) => {
  const gone = [...seen(x).values()].filter((a) => a.customerId === x.input.path.customerId && !findAccount(x.world, a.customerId, a.id));
  return transactionsOfAccounts(
    x.world,
    gone.map((a) => a.id),
  ).filter((t) => !t.historic && (x.pending || t.status !== 'pending') && inWindow(x.window!, t));
};
/** The transactions of `accounts` a list of the exchange would see, in its window (pending ones as judged). */
const matchingOf = (x: Exchange, accounts: Account[], window = true) =>
  transactionsOfAccounts(
    x.world,
    accounts.map((a) => a.id),
  ).filter((t) => x.sees(t) && (!window || inWindow(x.window!, t)));

// (c) The answer: functions at the answer seam.
const answered =
  (when: When, bend: (a: Answer, x: Exchange) => Partial<Answer> | void): Answering =>
  (x, a) =>
    a.status === 200 && when(x) ? { ...a, ...(bend(a, x) ?? {}) } : a;
/** A list's body with members bent. */
const listed = (when: When, bend: (body: any, x: Exchange) => Record<string, unknown>) =>
  answered(both(LISTS, when), (a, x) => ({ body: { ...a.body, ...bend(a.body, x) } }));
interface Counts {
  found: number;
  displaying: number;
  more: boolean;
}
/** A list's counts bent (found, displaying, moreAvailable), with the matching list and the page. */
const counted = (when: When, bend: (c: Counts, x: Exchange) => Partial<Counts>) =>
  listed(when, (body, x) => {
    const c: Counts = { found: body.found, displaying: body.displaying, more: body.moreAvailable === 'true' };
    const b = { ...c, ...bend(c, x) };
    return { found: b.found, displaying: b.displaying, moreAvailable: String(b.more) };
  });
/** A list's page made of other transactions (its counts kept). */
const sliced = (when: When, slice: (found: Transaction[], x: Exchange, shown: Transaction[]) => Transaction[]) =>
  answered(both(LISTS, when), (a, x) => {
    const s = slice(x.found!, x, a.shown);
    return { body: { ...a.body, transactions: s.map(x.show) }, shown: s };
  });
const offset = (x: Exchange) => (x.page!.start - 1) * x.page!.limit;
/** Each record an answer of `when` shows bent, with its transaction. */
const records = (when: When, bend: (v: View, t: Transaction, x: Exchange) => View) =>
  answered(when, (a, x) =>
    Array.isArray(a.body?.transactions)
      ? { body: { ...a.body, transactions: a.body.transactions.map((v: View, i: number) => bend({ ...v }, a.shown[i], x)) } }
      : a.shown.length === 1 && a.body?.id !== undefined
        ? { body: bend({ ...a.body }, a.shown[0], x) }
        : undefined,
  );
const byId = (bend: (v: View, t: Transaction, x: Exchange) => View) => records(BY_ID, bend);
const ms = (s: unknown) => (typeof s === 'number' ? s * 1000 : s);
const echoMs = (s: string) => String(Number(s) * 1000);
/** A recurring answer's per-account rows bent. */
const rows = (bend: (rows: any[], x: Exchange) => any[]) =>
  answered(
    (x) => x.op === 'GetRecurringTransactions',
    (a, x) => ({ body: { ...a.body, accountRecurringTransactions: bend(a.body.accountRecurringTransactions, x) } }),
  );

export const TRANSACTIONS_FAULTS = faultCatalogue([
  // --- Properties: refusals, anchors, traces (seeded beside their property specs)
  // Bends the refusal of a customer holding no account (CustomerAccountsSeams, shared with payments-data.ts).
  {
    id: 'fd-prop-refusal-code-recurring-no-accounts-answered',
    rule: 'FD-PROP-REFUSAL-CODE: recurring transactions of a customer holding no account are not refused with code 38003 (answered as for a customer holding accounts)',
    source: 'provider',
    rules: ['FD-PROP-REFUSAL-CODE'],
    origin: 'seeded',
    family: 'customer-accounts',
    seams: {
      judge: (_x, step, refusal) => (step === 'recurring-customer-accounts' ? undefined : refusal),
    } satisfies FaultSeams<CustomerAccountsSeams>,
  },
  fault('fd-prop-window-anchor-standard-history-from-now', {
    rule: "FD-PROP-WINDOW-ANCHOR: standard history counted back from now, not from the account's addition: once the clock has moved on, the oldest standard transactions of an account whose history was not loaded are no longer listed",
    state: visible((c, x) =>
      c.shown && !c.account!.historicLoaded && x.nowS - c.transaction.postedDate > x.standardDays * DAY_S ? false : undefined,
    ),
    ...seededAt,
    ...was('seeded-prop-window-standard-history-from-now'),
  }),
  fault('fd-prop-refused-no-trace-historic-load-other-partner-loaded', {
    rule: "FD-PROP-REFUSED-NO-TRACE: LoadHistoricTransactionsForCustomerAccount of another partner's account answers 404 but loads the account's history",
    judge: (x, s, r) => {
      const foreign = x.world.accounts.get(x.input.path.accountId);
      if (r && s === 'account' && foreign && !foreign.mfa && x.op === 'LoadHistoricTransactionsForCustomerAccount') {
        foreign.historicLoaded = true;
        foreign.aggregationAttemptDate = x.nowS;
      }
      return r;
    },
    ...assumption,
    ...seededAt,
    ...was('seeded-prop-historic-load-other-partner-loaded'),
  }),
  // --- Historic load (seed 002, Transactions; Errors 203; Limits: standard history)
  fault('fd-txn-historic-status-mfa-204', 'FD-TXN-HISTORIC-STATUS: an MFA institution answers 204 and loads, not 203', {
    state: loading((c) => (c.status === 203 ? { status: 204, loaded: [c.account] } : undefined)),
  }),
  fault('fd-txn-historic-mfa-loaded', 'FD-TXN-HISTORIC-MFA: after the 203 the history is loaded all the same', {
    state: loading((c) => (c.status === 203 ? { loaded: [c.account] } : undefined)),
    ...provider,
  }),
  fault('fd-txn-historic-load-ignored', 'FD-TXN-HISTORIC-LOAD: the 204 load leaves the older transactions hidden', {
    state: loading(() => ({ loaded: [] })),
  }),
  fault('fd-txn-historic-load-whole-login', 'FD-TXN-HISTORIC-LOAD: every account of the institution login gains its history', {
    state: loading((c, x) =>
      c.status === 204
        ? { loaded: [c.account, ...accountsOfLogin(x.world, c.account.institutionLoginId).filter((a) => !a.mfa)] }
        : undefined,
    ),
    ...blind,
  }),
  fault('fd-txn-historic-once-reload-duplicates', 'FD-TXN-HISTORIC-ONCE: a second load copies the historic transactions again', {
    state: loading((c, x) => {
      if (c.status !== 204 || !c.account.historicLoaded) return;
      for (const t of transactionsOfAccounts(x.world, [c.account.id]).filter((h) => h.historic)) {
        const copy = { ...t, id: Number(x.world.nextId()) * 10 + 1 };
        x.world.transactions.set(copy.id, copy);
      }
    }),
  }),
  fault('fd-txn-historic-load-account-list-only', 'FD-TXN-HISTORIC-LOAD: the loaded history is seen by the account list alone', {
    state: visible((c, x) => (c.shown && c.transaction.historic && x.reader !== 'account' ? false : undefined)),
  }),
  fault('fd-txn-historic-load-hidden-by-id', 'FD-TXN-HISTORIC-LOAD: a loaded historic transaction is a 404 by id', {
    state: visible((c, x) => (c.shown && c.transaction.historic && x.reader === 'id' ? false : undefined)),
  }),
  fault('fd-txn-standard-history-historic-before-load', 'FD-TXN-STANDARD-HISTORY: older transactions listed before the historic load', {
    state: visible((c) => (c.account && c.transaction.historic ? true : undefined)),
  }),
  fault('fd-txn-standard-history-half', 'FD-TXN-STANDARD-HISTORY: standard history reaches half of standardHistoryDays only', {
    state: visible((c, x) =>
      c.shown && !c.transaction.historic && c.account!.createdDate - c.transaction.postedDate > (x.standardDays / 2) * DAY_S
        ? false
        : undefined,
    ),
  }),
  fault('fd-txn-standard-history-six-long-months', {
    rule: 'FD-TXN-STANDARD-HISTORY: standard history counted as six months of the longest month, a few days more than standardHistoryDays, before the historic load',
    state: visible((c, x) =>
      c.account && c.transaction.historic && !c.account.historicLoaded
        ? c.account.createdDate - c.transaction.postedDate <= (x.standardDays / 30) * 31 * DAY_S
        : undefined,
    ),
    ...blind,
  }),
  // --- Ownership and deletion (seed 002, Transactions; Accounts; Errors 404)
  fault('fd-txn-owner-404-account-other-customer', {
    rule: "FD-TXN-OWNER-404, FD-OBJ-OTHER-PARENT: another customer's account is read through a customer that exists (account list, historic load)",
    judge: skip(
      'account',
      (x) => !!findCustomer(x.world, x.input.path.customerId, x.input.partner?.id) && x.world.accounts.has(x.input.path.accountId),
      (x) => {
        x.account = x.world.accounts.get(x.input.path.accountId);
        x.accounts = [x.account!];
      },
    ),
  }),
  fault('fd-txn-owner-404-by-id-other-customer', "FD-TXN-OWNER-404, FD-OBJ-OTHER-PARENT: another customer's transaction read by id", {
    judge: skip('owner', BY_ID),
  }),
  fault('fd-txn-deleted-account-kept', 'FD-TXN-DELETED-ACCOUNT: the transactions of a deleted account stay readable', {
    state: (x, c, m) => {
      const kept = remember(x, c, m);
      if (kept.op !== 'visible' || kept.account) return kept;
      const account = seen(x).get(kept.transaction.accountId);
      return { ...kept, shown: shownUnder(kept.transaction, account) };
    },
    ...was('transactions-deleted-account-kept'),
  }),
  // --- Lists: dates required, window and its edges (seed 002, Transactions: fromDate, toDate)
  fault('fd-txn-dates-required-from-date-optional', 'FD-TXN-DATES-REQUIRED: a missing fromDate is not refused', {
    judge: skip('dates', (x) => x.input.query.toDate !== undefined),
  }),
  fault('fd-txn-dates-required-account-to-date-optional', 'FD-TXN-DATES-REQUIRED: a missing toDate is not refused on the account list', {
    judge: skip(
      'dates',
      both(ACCOUNT, (x) => x.input.query.fromDate !== undefined),
    ),
  }),
  fault('fd-txn-window-to-date-ignored', 'FD-TXN-WINDOW: transactions after toDate are listed', {
    judge: windowed(LISTS, () => ({ before: () => true })),
  }),
  fault('fd-txn-window-account-from-date-ignored', 'FD-TXN-WINDOW: the account list lists transactions before fromDate', {
    judge: windowed(ACCOUNT, () => ({ after: () => true })),
  }),
  fault('fd-txn-window-by-posted-date', 'FD-TXN-WINDOW, FD-PROP-WINDOW: the window read on postedDate, not transactionDate', {
    judge: windowed(LISTS, () => ({ key: (t) => t.postedDate })),
    ...blind,
    ...was('blind-transactions-window-by-posted-date'),
  }),
  fault('fd-txn-window-to-date-exclusive', 'FD-TXN-WINDOW, FD-PROP-WINDOW: a transaction dated exactly at toDate left out', {
    judge: windowed(LISTS, (w) => ({ before: (k) => k < w.to })),
    ...was('i2-txn-window-to-date-exclusive'),
  }),
  fault('fd-txn-window-account-from-date-exclusive', 'FD-TXN-WINDOW: the account list leaves out one dated exactly at fromDate', {
    judge: windowed(ACCOUNT, (w) => ({ after: (k) => k > w.from })),
  }),
  fault('fd-txn-window-all-eastern-time', "FD-TXN-WINDOW, FD-PROP-WINDOW: the customer list's window read in US Eastern time", {
    judge: windowed(ALL, (w) => windowOf(w.from + EASTERN_S, w.to + EASTERN_S)),
    ...was('i4-txn-all-window-eastern-time'),
  }),
  fault('fd-txn-window-all-to-date-end-of-day', "FD-TXN-WINDOW, FD-TXN-WINDOW-EDGES: the customer list runs to toDate's day end", {
    judge: windowed(ALL, (w) => ({ before: (k) => k <= dayOf(w.to) + DAY_S - 1 })),
  }),
  fault('fd-txn-window-account-from-date-day-early', 'FD-TXN-WINDOW: the account list also lists the day before fromDate', {
    judge: windowed(ACCOUNT, (w) => ({ after: (k) => k >= w.from - DAY_S })),
  }),
  fault('fd-txn-window-edges-account-to-date-day-start', {
    rule: 'FD-TXN-WINDOW-EDGES: the account list reads toDate as the start of its UTC day, leaving out a transaction dated at toDate itself',
    judge: windowed(ACCOUNT, (w) => ({ before: (k) => k <= dayOf(w.to) })),
    ...assumption,
    ...seededAt,
  }),
  fault('fd-txn-window-edges-all-from-date-exclusive', 'FD-TXN-WINDOW-EDGES: the customer list leaves out one dated at fromDate', {
    judge: windowed(ALL, (w) => ({ after: (k) => k > w.from })),
    ...assumption,
  }),
  fault('fd-txn-window-edges-all-from-date-day-start', "FD-TXN-WINDOW-EDGES: the customer list starts at fromDate's day start", {
    judge: windowed(ALL, (w) => ({ after: (k) => k >= dayOf(w.from) })),
  }),
  fault('fd-txn-window-edges-account-pending-to-edge-excluded', {
    rule: 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: the account list with includePending=true leaves out the transactions dated at toDate',
    state: leaves(both(ACCOUNT, withPending), at('to')),
    ...provider,
    ...was('i18-txn-account-to-date-edge-excluded-with-pending'),
  }),
  fault('fd-txn-window-edges-account-undated-to-edge-excluded', {
    rule: 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: the account list leaves out a transaction without transactionDate posted exactly at toDate',
    state: leaves(ACCOUNT, (t, x) => t.transactionDate === undefined && at('to')(t, x)),
    ...seededAt,
    ...was('seeded-fam25-txn-account-undated-to-edge-excluded'),
  }),
  fault('fd-txn-window-edges-undated-from-edge-excluded', {
    rule: 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: a transaction without transactionDate posted exactly at fromDate is left out of both lists',
    state: leaves(LISTS, (t, x) => t.transactionDate === undefined && at('from')(t, x)),
    ...was('i20-txn-undated-from-edge-excluded'),
  }),
  fault('fd-txn-window-edges-all-asc-to-edge-excluded', 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: sort=asc leaves out one dated at toDate', {
    state: leaves(both(ALL, asc), at('to')),
    ...assumption,
    ...was('i22-txn-all-asc-to-date-edge-excluded'),
  }),
  fault('fd-txn-window-edges-all-desc-from-edge-excluded', {
    rule: 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: under the default descending order the customer list leaves out the transaction dated exactly at fromDate',
    state: leaves(both(ALL, desc), at('from')),
    ...was('i25-txn-all-desc-from-date-edge-excluded'),
  }),
  // --- Pending (seed 002, Transactions: include pending)
  fault('fd-txn-pending-always-included', 'FD-TXN-PENDING: the pending transactions are listed without includePending=true', {
    judge: pending(LISTS, true),
    ...was('transactions-pending-always-included'),
  }),
  fault('fd-txn-pending-never-included', 'FD-TXN-PENDING: includePending=true lists no pending transaction', {
    judge: pending(LISTS, false),
    ...was('transactions-pending-never-included'),
  }),
  fault('fd-txn-pending-account-later-pages', 'FD-TXN-PENDING: the account list shows the pending transactions on a page after the first', {
    judge: pending(both(ACCOUNT, later), true),
    ...was('i17-txn-account-pending-on-later-pages'),
  }),
  fault('fd-txn-pending-all-first-account-only', "FD-TXN-PENDING: the customer list shows its first account's pending only", {
    state: leaves(ALL, (t, x) => t.status === 'pending' && t.accountId !== x.accounts[0]?.id),
  }),
  // --- Order (seed 002, Transactions: sort; provider 1.35.0 SortParameter, default desc)
  fault('fd-txn-sort-asc-ignored', 'FD-TXN-SORT, FD-PROP-ORDER: sort=asc lists newest first', {
    judge: ordered(LISTS, (x) => (x.order = 'desc')),
    ...was('transactions-sort-asc-ignored'),
  }),
  fault('fd-txn-sort-undated-last', 'FD-TXN-SORT, FD-PROP-ORDER: a transaction without transactionDate sorts last, not by its postedDate', {
    judge: ordered(LISTS, (x) => (x.sortKey = (t) => t.transactionDate ?? (x.order === 'asc' ? Number.MAX_SAFE_INTEGER : 0))),
    ...was('transactions-undated-sorted-last'),
  }),
  fault('fd-txn-sort-by-posted-date', 'FD-TXN-SORT, FD-PROP-ORDER: the lists sort by postedDate, not by transactionDate', {
    judge: ordered(LISTS, (x) => (x.sortKey = (t) => t.postedDate)),
    ...was('transactions-sorted-by-posted-date'),
  }),
  fault('fd-txn-sort-default-asc', 'FD-TXN-SORT-DEFAULT, FD-PROP-ORDER: without sort the lists are ascending', {
    judge: ordered(
      both(LISTS, (x) => x.input.query.sort === undefined),
      (x) => (x.sort = x.order = 'asc'),
    ),
    ...provider,
    ...was('transactions-default-sort-asc'),
  }),
  fault('fd-txn-sort-default-account-asc', 'FD-TXN-SORT-DEFAULT, FD-PROP-ORDER: without sort the account list alone answers ascending', {
    judge: ordered(
      both(ACCOUNT, (x) => x.input.query.sort === undefined),
      (x) => (x.order = 'asc'),
    ),
    ...provider,
    ...was('i16-txn-account-default-sort-asc'),
  }),
  fault('fd-txn-sort-all-grouped-by-account', 'FD-TXN-SORT, FD-TXN-SORT-DEFAULT: the customer list sorts account by account', {
    state: changed('found', (c, x) => {
      if (!ALL(x)) return;
      const rank = new Map(x.accounts.map((a, i) => [a.id, i]));
      return { found: [...c.found].sort((a, b) => (rank.get(a.accountId) ?? 0) - (rank.get(b.accountId) ?? 0)) };
    }),
    ...blind,
  }),
  fault('fd-txn-sort-all-asc-page-reversed', 'FD-TXN-SORT, FD-TXN-PAGE-START: an asc page is the desc page reversed', {
    answer: sliced(
      both(ALL, (x) => x.sort === 'asc'),
      (found, x) => {
        const newest = [...found].reverse();
        return newest.slice(offset(x), offset(x) + x.page!.limit).reverse();
      },
    ),
  }),
  // --- Paging (seed 002, Limits; provider 1.35.0 limit, start; found, displaying, moreAvailable)
  fault('fd-txn-page-limit-above-max-clamped', 'FD-TXN-PAGE-LIMIT: a limit above the maximum is clamped, not refused with 400', {
    relax: schema('PageLimit', { drop: ['maximum'] }),
    ...assumption,
  }),
  fault('fd-txn-page-1000-cap-one-short', 'FD-TXN-PAGE-1000: limit at the maximum gives pages one short of it', {
    judge: paging(LISTS, (p, x) => (p.limit = Math.min(p.limit, x.pageMax - 1))),
    ...blind,
  }),
  fault(
    'fd-txn-page-default-size-100',
    "FD-TXN-PAGE-DEFAULT: without limit a page holds a size of its own, not the limit parameter's default",
    {
      judge: paging(
        both(LISTS, (x) => x.input.query.limit === undefined),
        (p) => (p.limit = 100),
      ),
      ...provider,
      ...was('transactions-default-page-size-100'),
    },
  ),
  fault('fd-txn-page-start-all-ignored', 'FD-TXN-PAGE-START: start does not select the page of the customer list', {
    judge: paging(ALL, (p) => (p.start = 1)),
    ...provider,
  }),
  fault('fd-txn-page-start-account-offset', 'FD-TXN-PAGE-START: start is read as a record offset on the account list, not a page index', {
    answer: answered(ACCOUNT, (a, x) => {
      const from = x.page!.start - 1;
      const s = x.found!.slice(from, from + x.page!.limit);
      const more = from + x.page!.limit < x.found!.length;
      return { body: { ...a.body, displaying: s.length, moreAvailable: String(more), transactions: s.map(x.show) }, shown: s };
    }),
    ...provider,
    ...was('transactions-start-as-offset-on-account'),
  }),
  fault('fd-txn-page-start-all-past-end-repeats-last', 'FD-TXN-PAGE-START: the customer list repeats its last page past the end', {
    answer: answered(ALL, (a, x) => {
      if (a.body.displaying !== 0 || x.found!.length === 0) return;
      const s = x.found!.slice(Math.floor((x.found!.length - 1) / x.page!.limit) * x.page!.limit);
      return { body: { ...a.body, displaying: s.length, transactions: s.map(x.show) }, shown: s };
    }),
    ...provider,
    ...was('i5-txn-all-page-past-end-repeats-last'),
  }),
  fault('fd-txn-page-limit-all-page-one-extra', 'FD-TXN-PAGE-LIMIT, FD-PROP-PAGING: a full customer page holds one too many', {
    answer: sliced(
      (x) => ALL(x) && x.found!.length > offset(x) + x.page!.limit,
      (found, x) => found.slice(offset(x), offset(x) + x.page!.limit + 1),
    ),
  }),
  fault('fd-txn-page-keeps-query-all-asc-later-page-reversed', 'FD-TXN-PAGE-KEEPS-QUERY, FD-TXN-SORT: a later asc page comes desc', {
    answer: sliced(both(ALL, later, asc), (_f, _x, shown) => [...shown].reverse()),
    ...provider,
  }),
  fault('fd-txn-page-counts-found-is-page', 'FD-TXN-PAGE-COUNTS: found counts the transactions of the page, not every match', {
    answer: counted(always, (c) => ({ found: c.displaying })),
    ...provider,
  }),
  fault('fd-txn-page-counts-more-available-on-last-page', 'FD-TXN-PAGE-COUNTS: moreAvailable is true on the last page', {
    answer: counted(always, (c) => ({ more: c.displaying > 0 })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-found-counts-pending', "FD-TXN-PAGE-COUNTS: the customer list's found counts the pending left out", {
    answer: counted(both(ALL, withoutPending), (c, x) => ({ found: c.found + pendingOf(matchingOf(x, x.accounts)) })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-page-counts-account-found-counts-pending', "FD-TXN-PAGE-COUNTS: the account list's found counts the pending left out", {
    answer: counted(both(ACCOUNT, withoutPending), (c, x) => ({ found: c.found + pendingOf(matchingOf(x, x.accounts)) })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-found-ignores-window', {
    rule: 'FD-TXN-PAGE-COUNTS, FD-PROP-WINDOW: found of the customer list counts every transaction of its accounts, not those of the window asked',
    answer: counted(ALL, (_c, x) => ({
      found: matchingOf(x, x.accounts, false).filter((t) => x.pending || t.status !== 'pending').length,
    })),
    ...provider,
    ...seededAt,
    ...was('transactions-all-found-ignores-window'),
  }),
  fault('fd-txn-page-counts-all-found-drops-pending', {
    rule: 'FD-TXN-PAGE-COUNTS, FD-TXN-PENDING: with includePending=true the customer list lists the pending transactions but found leaves them out',
    answer: counted(both(ALL, withPending), (c, x) => ({ found: c.found - pendingOf(x.found!) })),
  }),
  fault('fd-txn-page-counts-account-found-drops-pending', "FD-TXN-PAGE-COUNTS: the account list's found drops the pending listed", {
    answer: counted(both(ACCOUNT, withPending), (c, x) => ({ found: c.found - pendingOf(x.found!) })),
    ...provider,
  }),
  fault('fd-txn-page-counts-account-found-drops-undated', "FD-TXN-PAGE-COUNTS: the account list's found drops the undated ones", {
    answer: counted(ACCOUNT, (c, x) => ({ found: c.found - x.found!.filter((t) => t.transactionDate === undefined).length })),
    ...provider,
  }),
  fault('fd-txn-page-counts-account-found-counts-customer', "FD-TXN-PAGE-COUNTS: the account list's found counts the other accounts", {
    answer: counted(ACCOUNT, (c, x) => {
      const others = linkedData(x.world, x.input.path.customerId).accounts.filter((a) => a.id !== x.account!.id);
      return { found: c.found + matchingOf(x, others, false).length };
    }),
  }),
  fault('fd-txn-page-counts-account-found-skips-since-aggregation', {
    rule: "FD-TXN-PAGE-COUNTS: the account list counts found as of the account's last aggregation: a transaction injected since is listed but not counted",
    answer: counted(ACCOUNT, (c, x) => ({
      found: c.found - x.found!.filter((t) => t.createdDate >= x.account!.aggregationSuccessDate).length,
    })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-page-counts-daily-balance-displaying-plus-one', {
    rule: 'FD-TXN-PAGE-COUNTS: the account list with showDailyBalance gives displaying one more than the transactions of its page',
    answer: counted(both(ACCOUNT, daily), (c) => ({ displaying: c.displaying + 1 })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-page-counts-account-displaying-is-limit', 'FD-TXN-PAGE-COUNTS: the account list gives the limit applied as displaying', {
    answer: counted(ACCOUNT, (_c, x) => ({ displaying: x.page!.limit })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-displaying-is-limit', 'FD-TXN-PAGE-COUNTS: the customer list gives the limit applied as displaying', {
    answer: counted(ALL, (_c, x) => ({ displaying: x.page!.limit })),
    ...provider,
  }),
  fault('fd-txn-page-counts-account-more-available-exact-last-page', {
    rule: 'FD-TXN-PAGE-COUNTS: on the account list a page that ends exactly at the last transaction answers moreAvailable true',
    answer: counted(ACCOUNT, (c, x) => ({ more: offset(x) + c.displaying <= c.found })),
  }),
  fault('fd-txn-page-counts-account-pending-more-available-false', 'FD-TXN-PAGE-COUNTS: account list moreAvailable false with pending', {
    answer: counted(both(ACCOUNT, withPending), () => ({ more: false })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-later-page-no-more-available', {
    rule: 'FD-TXN-PAGE-COUNTS, FD-TXN-PAGE-START: a later customer page says no more',
    answer: counted(both(ALL, pastFirst), () => ({ more: false })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-later-page-found-remaining', 'FD-TXN-PAGE-COUNTS: a later customer page counts found from its start', {
    answer: counted(both(ALL, pastFirst), (c, x) => ({ found: Math.max(0, c.found - offset(x)) })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-found-counts-deleted-account', {
    rule: 'FD-TXN-PAGE-COUNTS, FD-OBJ-AFTER-DELETE: after an account is deleted the customer list still counts its transactions in found',
    state: remember,
    answer: counted(ALL, (c, x) => ({ found: c.found + goneOf(x).length })),
  }),
  fault('fd-txn-counts-after-delete-more-available-counts-deleted', {
    rule: "FD-TXN-COUNTS-AFTER-DELETE: moreAvailable of the customer list still counts a deleted account's transactions (found is right)",
    state: remember,
    answer: counted(ALL, (c, x) => ({ more: offset(x) + c.displaying < x.found!.length + goneOf(x).length })),
    ...seededAt,
  }),
  // --- Echo (provider 1.35.0 Transactions: fromDate, toDate, sort echoed)
  fault('fd-txn-echo-dates-ms', 'FD-TXN-ECHO: fromDate and toDate are echoed in milliseconds', {
    answer: listed(always, (b) => ({ fromDate: echoMs(b.fromDate), toDate: echoMs(b.toDate) })),
    ...provider,
  }),
  fault('fd-txn-echo-sort-empty', 'FD-TXN-ECHO: sort is echoed empty when not sent', {
    answer: listed(
      (x) => !x.input.query.sort,
      () => ({ sort: '' }),
    ),
    ...provider,
  }),
  fault('fd-txn-echo-from-date-day-start', 'FD-TXN-ECHO: fromDate is echoed as the start of its UTC day, not as sent', {
    answer: listed(always, (b) => ({ fromDate: String(dayOf(Number(b.fromDate))) })),
    ...provider,
    ...blind,
  }),
  fault('fd-txn-echo-account-to-date-clamped-to-now', 'FD-TXN-ECHO: the account list echoes a future toDate as the current time', {
    answer: listed(ACCOUNT, (b, x) => ({ toDate: String(Math.min(Number(b.toDate), x.nowS)) })),
    ...provider,
  }),
  fault('fd-txn-echo-account-to-date-day-end', 'FD-TXN-ECHO: the account list echoes toDate moved to the last second of its UTC day', {
    answer: listed(ACCOUNT, (b) => ({ toDate: String(dayOf(Number(b.toDate)) + DAY_S - 1) })),
    ...provider,
  }),
  fault('fd-txn-echo-all-sort-asc-as-desc', 'FD-TXN-ECHO: the customer list sorts ascending when asked but echoes desc', {
    answer: listed(ALL, () => ({ sort: 'desc' })),
    ...provider,
  }),
  fault('fd-txn-page-keeps-query-all-later-page-dates-echo-ms', 'FD-TXN-PAGE-KEEPS-QUERY: a later customer page echoes its dates in ms', {
    answer: listed(both(ALL, later), (b) => ({ fromDate: echoMs(b.fromDate), toDate: echoMs(b.toDate) })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-page-keeps-query-account-later-page-from-date-ignored', {
    rule: 'FD-TXN-PAGE-KEEPS-QUERY: the account list lists a page after the first without its fromDate (while echoing it)',
    judge: windowed(both(ACCOUNT, later), () => ({ after: () => true })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-page-keeps-query-account-later-page-category-lowercased', {
    rule: "FD-TXN-PAGE-KEEPS-QUERY: the account list answers a page after the first with each transaction's category in lower case",
    answer: records(both(ACCOUNT, later), (v) => ({
      ...v,
      categorization: { ...v.categorization, category: v.categorization.category.toLowerCase() },
    })),
    ...provider,
    ...seededAt,
  }),
  // --- The records (seed 002, Transactions: every reader shows a transaction alike; provider 1.35.0 Transaction)
  fault('fd-txn-date-seconds-dates-in-ms', 'FD-TXN-DATE-SECONDS: transaction dates are given in milliseconds', {
    answer: records(always, (v) => ({
      ...v,
      transactionDate: ms(v.transactionDate),
      postedDate: ms(v.postedDate),
      createdDate: ms(v.createdDate),
    })),
    ...provider,
  }),
  fault('fd-txn-injected-echo-account-description-trimmed', 'FD-TXN-INJECTED-ECHO: the account list trims the description', {
    answer: records(ACCOUNT, (v) => ({ ...v, description: String(v.description).trim().replace(/\s+/g, ' ') })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-get-account-list-debits-unsigned', 'FD-TXN-GET: the account list shows debits as positive amounts', {
    answer: records(ACCOUNT, (v) => ({ ...v, amount: Math.abs(v.amount) })),
  }),
  fault('fd-txn-get-wrong-transaction', 'FD-TXN-GET: GetCustomerTransaction answers another transaction of the account', {
    answer: answered(BY_ID, (a, x) => {
      const t = a.shown[0];
      const other = transactionsOfAccounts(x.world, [t.accountId]).find((o) => o.id !== t.id && x.sees(o));
      return other ? { body: x.show(other), shown: [other] } : undefined;
    }),
  }),
  fault('fd-txn-get-pending-404', 'FD-TXN-GET: a pending transaction listed with includePending is a 404 by id', {
    judge: refuse('visible', (x) => BY_ID(x) && x.transaction?.status === 'pending', { status: 404, message: 'Transaction not found' }),
    ...assumption,
  }),
  fault('fd-txn-get-amount-unsigned', "FD-TXN-GET: GetCustomerTransaction drops a debit's minus sign", {
    answer: byId((v, t) => ({ ...v, amount: Math.abs(t.amount) })),
    ...blind,
  }),
  fault('fd-txn-get-pending-shown-active', 'FD-TXN-GET: GetCustomerTransaction gives a pending transaction the status active', {
    answer: byId((v) => ({ ...v, status: 'active' })),
  }),
  fault('fd-txn-get-amount-one-decimal', 'FD-TXN-GET: GetCustomerTransaction rounds the amount to one decimal', {
    answer: byId((v, t) => ({ ...v, amount: Math.round(t.amount * 10) / 10 })),
  }),
  fault('fd-txn-get-posted-date-is-transaction-date', 'FD-TXN-GET: GetCustomerTransaction gives the transactionDate as postedDate too', {
    answer: byId((v, t) => (t.transactionDate === undefined ? v : { ...v, postedDate: t.transactionDate })),
  }),
  fault('fd-txn-get-description-uppercased', 'FD-TXN-GET: GetCustomerTransaction upper-cases the description', {
    answer: byId((v, t) => ({ ...v, description: t.description.toUpperCase() })),
    ...provider,
  }),
  fault('fd-txn-get-description-collapsed', "FD-TXN-GET, FD-TXPUSH-TEST-TRANSACTION: the description's spaces collapsed", {
    answer: byId((v, t) => ({ ...v, description: t.description.replace(/\s+/g, ' ').trim() })),
  }),
  fault('fd-txn-get-credit-card-sign-flipped', "FD-TXN-GET: GetCustomerTransaction gives a credit card's amounts with their sign flipped", {
    answer: byId((v, t, x) => (x.world.accounts.get(t.accountId)?.type === 'creditCard' ? { ...v, amount: -t.amount } : v)),
  }),
  fault('fd-txn-get-credit-amount-in-cents', "FD-TXN-GET: GetCustomerTransaction gives a credit's amount in cents", {
    answer: byId((v, t) => (t.amount > 0 ? { ...v, amount: Math.round(t.amount * 100) } : v)),
  }),
  fault('fd-txn-get-transaction-date-day-start', 'FD-TXN-GET: GetCustomerTransaction gives transactionDate at the start of its UTC day', {
    answer: byId((v, t) => (t.transactionDate === undefined ? v : { ...v, transactionDate: dayOf(t.transactionDate) })),
  }),
  fault('fd-txn-get-transaction-date-pacific', 'FD-TXN-GET, FD-PROP-SAME-ON-EVERY-READER: transactionDate in Pacific time', {
    answer: byId((v, t) => (t.transactionDate === undefined ? v : { ...v, transactionDate: t.transactionDate - 8 * 3600 })),
  }),
  fault('fd-txn-get-posted-date-eastern', "FD-TXN-GET, FD-DATE-UNIT: GetCustomerTransaction's postedDate in Eastern time", {
    answer: byId((v, t) => ({ ...v, postedDate: t.postedDate - EASTERN_S })),
  }),
  fault('fd-txn-date-seconds-by-id-posted-date-ms', "FD-TXN-DATE-SECONDS, FD-TXN-GET: GetCustomerTransaction's postedDate in ms", {
    answer: byId((v, t) => ({ ...v, postedDate: t.postedDate * 1000 })),
    ...provider,
  }),
  fault('fd-type-forms-by-id-amount-as-string', "FD-TYPE-FORMS, FD-TXN-ECHO: GetCustomerTransaction's amount a decimal string", {
    answer: byId((v, t) => ({ ...v, amount: t.amount.toFixed(2) })),
    ...provider,
  }),
  fault('fd-txn-running-balance-before-posting', 'FD-TXN-RUNNING-BALANCE: the balance before the transaction shown', {
    state: changed('running', (c) => ({ running: Math.round((c.running - c.transaction.amount) * 100) / 100 })),
    ...provider,
  }),
  // --- Daily balances (provider 1.35.0 DailyBalance, showDailyBalance on the account list)
  fault('fd-txn-daily-balance-missing', 'FD-TXN-DAILY-BALANCE: showDailyBalance=true gives no dailyBalances', {
    answer: listed(ACCOUNT, () => ({ dailyBalances: undefined })),
    ...provider,
    ...was('transactions-daily-balance-missing'),
  }),
  fault('fd-txn-daily-balance-dates-ms', 'FD-TXN-DAILY-BALANCE: daily balance dates are given in milliseconds', {
    answer: listed(daily, (b) => ({ dailyBalances: b.dailyBalances?.map((d: { date: number }) => ({ ...d, date: d.date * 1000 })) })),
    ...provider,
  }),
  fault('fd-txn-daily-balance-pending-counted', 'FD-TXN-DAILY-BALANCE: the daily balances count the pending transactions too', {
    state: changed('ledger', (_c, x) => ({ counted: matchingOf(x, [x.account!], false) })),
    ...provider,
  }),
  fault('fd-txn-daily-balance-debits-left-out', 'FD-TXN-DAILY-BALANCE, FD-DERIVED-COUNTS: a day counted by its credits', {
    state: changed('ledger', (c) => ({ inDay: (t: Transaction, day: number) => c.inDay(t, day) && t.amount >= 0 })),
    ...provider,
  }),
  fault('fd-txn-daily-balance-days-next-midnight-counted', 'FD-TXN-DAILY-BALANCE-DAYS: a day counts the next midnight', {
    state: changed('ledger', () => ({ inDay: (t: Transaction, day: number) => keyOf(t) >= day && keyOf(t) <= day + DAY_S })),
    ...provider,
    ...seededAt,
  }),
  // --- Recurring transactions (seed 002, Transactions; provider 1.35.0 RecurringTransactionsDetails)
  fault('fd-txn-recurring-signs-swapped', 'FD-TXN-RECURRING: outflows are listed as inflows and inflows as outflows', {
    state: changed('stream', (c) => ({ outflow: !c.outflow })),
  }),
  fault('fd-txn-recurring-account-series-customer-wide', "FD-TXN-RECURRING: an account's series span every account chosen", {
    answer: rows((list, x) => list.map((r) => ({ ...r, ...streamsAgain(x, x.chosen!) }))),
    ...blind,
  }),
  fault('fd-txn-recurring-count-includes-pending', "FD-TXN-RECURRING: countOfTransactions counts the payee's pending", {
    state: streamed((c) => ({
      countOfTransactions:
        c.stream.countOfTransactions +
        c.looked.filter((t) => t.status === 'pending' && t.amount !== 0 && seriesKey(t) === seriesKey(c.series[0])).length,
    })),
    ...provider,
  }),
  fault('fd-txn-recurring-figures-cadence-first-gap', 'FD-TXN-RECURRING-FIGURES: cadence is the first gap, not the mean', {
    state: streamed((c, x) => streamOf(c.series, x.nowS, Math.max(1, Math.round((keyOf(c.series[1]) - keyOf(c.series[0])) / DAY_S)))),
    ...provider,
    ...seededAt,
  }),
  fault('fd-txn-recurring-figures-maximum-is-latest', 'FD-TXN-RECURRING-FIGURES: the maximum is the latest amount', {
    state: streamed((c) => ({ maximumHistoricalAmount: c.series[c.series.length - 1].amount })),
    ...provider,
  }),
  fault('fd-txn-recurring-figures-mean-of-magnitudes', "FD-TXN-RECURRING-FIGURES, FD-TXN-RECURRING: an outflow's mean over magnitudes", {
    state: streamed((c) => ({
      meanHistoricalAmount: Math.round((c.series.reduce((s, t) => s + Math.abs(t.amount), 0) / c.series.length) * 100) / 100,
    })),
  }),
  fault('fd-txn-recurring-figures-count-misses-first', 'FD-TXN-RECURRING-FIGURES: countOfTransactions misses the first of its ids', {
    state: streamed((c) => ({ countOfTransactions: c.stream.countOfTransactions - 1 })),
    ...provider,
  }),
  fault('fd-txn-recurring-accounts-filter-ignored', 'FD-TXN-RECURRING-ACCOUNTS: accountIds does not narrow to those accounts', {
    judge: fold('accounts', always, (x) => (x.chosen = x.held)),
  }),
  fault('fd-txn-recurring-accounts-first-id-only', 'FD-TXN-RECURRING-ACCOUNTS: only the first of several accountIds read', {
    judge: fold(
      'accounts',
      (x) => x.asked!.length > 1,
      (x) => (x.chosen = x.held!.filter((a) => a.id === x.asked![0])),
    ),
  }),
  fault('fd-txn-recurring-accounts-no-body-skips-pending', 'FD-TXN-RECURRING-ACCOUNTS: without accountIds pending accounts left out', {
    judge: fold(
      'accounts',
      (x) => x.asked!.length === 0,
      (x) => (x.chosen = x.held!.filter((a) => a.status === 'active')),
    ),
  }),
  fault('fd-txn-recurring-accounts-rows-named-first', 'FD-TXN-RECURRING-ACCOUNTS, FD-TXN-RECURRING: each row names the first account', {
    answer: rows((list) => list.map((r) => ({ ...r, accountId: list[0].accountId }))),
  }),
  fault('fd-txn-recurring-unknown-account-ignored', 'FD-TXN-RECURRING-UNKNOWN-ACCOUNT: another account id is ignored, not a 404', {
    judge: skip('accounts'),
    ...provider,
  }),
  fault('fd-txn-recurring-unknown-account-other-customer-accepted', {
    rule: 'FD-TXN-RECURRING-UNKNOWN-ACCOUNT, FD-OBJ-OTHER-PARENT: an account of another customer of the same partner is accepted and its series answered under this customer',
    judge: skip(
      'accounts',
      (x) => x.asked!.every((id) => x.held!.some((a) => a.id === id) || !!foreignOf(x, id)),
      (x) => (x.chosen = [...x.held!, ...x.asked!.map((id) => foreignOf(x, id)!).filter(Boolean)].filter((a) => x.asked!.includes(a.id))),
    ),
    ...provider,
  }),
]);

/** An account of another customer of the caller's partner, by id. */
function foreignOf(x: Exchange, id: string): Account | undefined {
  const a = x.world.accounts.get(id);
  return a && a.customerId !== x.input.path.customerId && findCustomer(x.world, a.customerId, x.input.partner?.id) ? a : undefined;
}

/** The recurring series of `accounts` taken together, as the answer computes them (streamOf). */
function streamsAgain(x: Exchange, accounts: Account[]) {
  const recurringOutflows: Stream[] = [];
  const recurringInflows: Stream[] = [];
  for (const [key, series] of seriesOf(matchingOf(x, accounts, false)))
    (key.startsWith('out') ? recurringOutflows : recurringInflows).push(streamOf(series, x.nowS));
  return { recurringOutflows, recurringInflows };
}
