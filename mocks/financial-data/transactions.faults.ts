// Faults of transactions, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules*.yaml; docs/mutation.md): `relax`, or
// transactions.ts's seams (Step, Change, the answer). A fault a record names by an earlier id keeps it as an alias.
import {
  always,
  assumption,
  blind,
  faultCatalogue,
  provider,
  schema,
  seeded,
  was,
  type FaultMemory,
  type FaultSeams,
  type SeamFn,
} from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { DAY_S } from './portfolio.js';
import {
  accountsOfLogin,
  findAccount,
  findCustomer,
  transactionsOfAccounts,
  type Account,
  type CustomerAccountsSeams,
  type Transaction,
} from './state.js';
import {
  inWindow,
  keyOf,
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

type Answering = SeamFn<TransactionSeams, 'answer'>;
type Stating = SeamFn<TransactionSeams, 'state'>;
type When = (x: Exchange) => boolean;

const { fault, fold, skip } = faultKit<TransactionSeams>();

// Who and what a fault applies to.
const ALL: When = (x) => x.op === 'GetAllCustomerTransactions';
const ACCOUNT: When = (x) => x.op === 'GetCustomerAccountTransactions';
const LISTS: When = (x) => ALL(x) || ACCOUNT(x);
const BY_ID: When = (x) => x.op === 'GetCustomerTransaction';
const later: When = (x) => (x.input.query.start ?? 1) > 1;
const asc: When = (x) => x.input.query.sort === 'asc';
const withPending: When = (x) => !!x.pending;
const both =
  (...whens: When[]): When =>
  (x) =>
    whens.every((w) => w(x));
/** Whether a transaction is dated exactly at one edge of the list's window. */
const at = (edge: 'from' | 'to') => (t: Transaction, x: Exchange) => x.window!.key(t) === x.window![edge];
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
    ...seeded,
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
    ...seeded,
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
  fault('fd-txn-standard-history-six-long-months', {
    rule: 'FD-TXN-STANDARD-HISTORY: standard history counted as six months of the longest month, a few days more than standardHistoryDays, before the historic load',
    state: visible((c, x) =>
      c.account && c.transaction.historic && !c.account.historicLoaded
        ? c.account.createdDate - c.transaction.postedDate <= (x.standardDays / 30) * 31 * DAY_S
        : undefined,
    ),
    ...blind,
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
  fault('fd-txn-window-by-posted-date', 'FD-TXN-WINDOW, FD-PROP-WINDOW: the window read on postedDate, not transactionDate', {
    judge: windowed(LISTS, () => ({ key: (t) => t.postedDate })),
    ...blind,
    ...was('blind-transactions-window-by-posted-date'),
  }),
  fault('fd-txn-window-all-eastern-time', "FD-TXN-WINDOW, FD-PROP-WINDOW: the customer list's window read in US Eastern time", {
    judge: windowed(ALL, (w) => windowOf(w.from + EASTERN_S, w.to + EASTERN_S)),
    ...was('i4-txn-all-window-eastern-time'),
  }),
  fault('fd-txn-window-edges-account-pending-to-edge-excluded', {
    rule: 'FD-TXN-WINDOW-EDGES, FD-PROP-WINDOW: the account list with includePending=true leaves out the transactions dated at toDate',
    state: leaves(both(ACCOUNT, withPending), at('to')),
    ...provider,
    ...was('i18-txn-account-to-date-edge-excluded-with-pending'),
  }),
  fault('fd-txn-pending-account-later-pages', 'FD-TXN-PENDING: the account list shows the pending transactions on a page after the first', {
    judge: pending(both(ACCOUNT, later), true),
    ...was('i17-txn-account-pending-on-later-pages'),
  }),
  // --- Order (seed 002, Transactions: sort; provider 1.35.0 SortParameter, default desc)
  fault('fd-txn-sort-asc-ignored', 'FD-TXN-SORT, FD-PROP-ORDER: sort=asc lists newest first', {
    judge: ordered(LISTS, (x) => (x.order = 'desc')),
    ...was('transactions-sort-asc-ignored'),
  }),
  fault('fd-txn-sort-default-asc', 'FD-TXN-SORT-DEFAULT, FD-PROP-ORDER: without sort the lists are ascending', {
    judge: ordered(
      both(LISTS, (x) => x.input.query.sort === undefined),
      (x) => (x.sort = x.order = 'asc'),
    ),
    ...provider,
    ...was('transactions-default-sort-asc'),
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
  fault('fd-txn-page-keeps-query-all-asc-later-page-reversed', 'FD-TXN-PAGE-KEEPS-QUERY, FD-TXN-SORT: a later asc page comes desc', {
    answer: sliced(both(ALL, later, asc), (_f, _x, shown) => [...shown].reverse()),
    ...provider,
  }),
  fault('fd-txn-page-counts-found-is-page', 'FD-TXN-PAGE-COUNTS: found counts the transactions of the page, not every match', {
    answer: counted(always, (c) => ({ found: c.displaying })),
    ...provider,
  }),
  fault('fd-txn-page-counts-all-found-ignores-window', {
    rule: 'FD-TXN-PAGE-COUNTS, FD-PROP-WINDOW: found of the customer list counts every transaction of its accounts, not those of the window asked',
    answer: counted(ALL, (_c, x) => ({
      found: matchingOf(x, x.accounts, false).filter((t) => x.pending || t.status !== 'pending').length,
    })),
    ...provider,
    ...seeded,
    ...was('transactions-all-found-ignores-window'),
  }),
  fault('fd-txn-counts-after-delete-more-available-counts-deleted', {
    rule: "FD-TXN-COUNTS-AFTER-DELETE: moreAvailable of the customer list still counts a deleted account's transactions (found is right)",
    state: remember,
    answer: counted(ALL, (c, x) => ({ more: offset(x) + c.displaying < x.found!.length + goneOf(x).length })),
    ...seeded,
  }),
  // --- Echo (provider 1.35.0 Transactions: fromDate, toDate, sort echoed)
  fault('fd-txn-echo-dates-ms', 'FD-TXN-ECHO: fromDate and toDate are echoed in milliseconds', {
    answer: listed(always, (b) => ({ fromDate: echoMs(b.fromDate), toDate: echoMs(b.toDate) })),
    ...provider,
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
    ...seeded,
  }),
  fault('fd-txn-get-amount-unsigned', "FD-TXN-GET: GetCustomerTransaction drops a debit's minus sign", {
    answer: byId((v, t) => ({ ...v, amount: Math.abs(t.amount) })),
    ...blind,
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
  fault('fd-txn-daily-balance-days-next-midnight-counted', 'FD-TXN-DAILY-BALANCE-DAYS: a day counts the next midnight', {
    state: changed('ledger', () => ({ inDay: (t: Transaction, day: number) => keyOf(t) >= day && keyOf(t) <= day + DAY_S })),
    ...provider,
    ...seeded,
  }),
  fault('fd-txn-recurring-account-series-customer-wide', "FD-TXN-RECURRING: an account's series span every account chosen", {
    answer: rows((list, x) => list.map((r) => ({ ...r, ...streamsAgain(x, x.chosen!) }))),
    ...blind,
  }),
  fault('fd-txn-recurring-figures-cadence-first-gap', 'FD-TXN-RECURRING-FIGURES: cadence is the first gap, not the mean', {
    state: streamed((c, x) => streamOf(c.series, x.nowS, Math.max(1, Math.round((keyOf(c.series[1]) - keyOf(c.series[0])) / DAY_S)))),
    ...provider,
    ...seeded,
  }),
  fault('fd-txn-recurring-accounts-filter-ignored', 'FD-TXN-RECURRING-ACCOUNTS: accountIds does not narrow to those accounts', {
    judge: fold('accounts', always, (x) => (x.chosen = x.held)),
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
