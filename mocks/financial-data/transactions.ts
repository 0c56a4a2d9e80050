// Transactions (seed 002, Endpoints - Transactions): the historic load (204, or 203 when the
// institution asks a multi-factor challenge), the customer and account lists (required window,
// at most 1000 per page, sorted by transactionDate or postedDate, pending only when asked), one
// transaction, and recurring series. Reads and changes the linked data in state.ts (accounts,
// transactions; made by portfolio.ts) through findAccount, so an account deleted by the accounts
// module takes its transactions with it (seed 002, Accounts: delete removes access to that data).
import type { FdFaultId } from './catalogue.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { defaultLimit, page } from './paging.js';
import { categoryOf, DAY_S } from './portfolio.js';
import {
  accountsOfLogin,
  findAccount,
  findCustomer,
  linkedData,
  transactionsOfAccounts,
  type Account,
  type Transaction,
  type TransactionSeams,
  type CustomerAccountsSeams,
} from './state.js';
import { limitOf, rangeOf } from '../../helpers/contract/facts.js';

/** A transaction's unique id (provider 1.42.0 UniqueTransactionId, a free string): the mock's own form. */
const uniqueIdOf = (t: Transaction) => `utx-${t.id.toString(16)}`;

/** A payee seen this many times with the same sign in an account is a recurring series (the mock's rule). */
const RECURRING_MIN = 3;

/** The date lists sort and filter by: transactionDate, postedDate where there is none (seed 002, Transactions). */
const keyOf = (t: Transaction) => t.transactionDate ?? t.postedDate;
const cents = (n: number) => Math.round(n * 100) / 100;

export function registerTransactions(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  /** seed 002, Limits: transactions per page (the contract's PageLimit). */
  const PAGE_MAX = rangeOf(ctx.contract, 'PageLimit').max!;
  /** The page size of each reader called without limit (its limit parameter's default). */
  const PAGE_SIZE = {
    all: defaultLimit(ctx.contract, 'GetAllCustomerTransactions'),
    account: defaultLimit(ctx.contract, 'GetCustomerAccountTransactions'),
  };
  const on = (id: FdFaultId) => faults.has(id);
  /** seed 002, Limits: standard history, the days before the account was added. */
  const STANDARD_DAYS = limitOf(ctx.contract, 'standardHistoryDays');
  const seams = faults.seams<TransactionSeams>('transactions');
  // Accounts this module has read, so the fault 'transactions-deleted-account-kept' still finds them.
  const seenAccounts = world.faultMemory.seenAccounts;
  const partnerOf = (input: Input) => input.partner?.id;

  /** The customer of the path, the partner's (undefined: 404). */
  const customerOf = (input: Input) => findCustomer(world, input.path.customerId, partnerOf(input));

  /** The account of the path; the fault drops the ownership check (any existing account). */
  const accountOf = (input: Input): Account | undefined => {
    const found = findAccount(world, input.path.customerId, input.path.accountId, partnerOf(input));
    if (found || !on('transactions-account-other-customer')) return found;
    if (!customerOf(input)) return found;
    return world.accounts.get(input.path.accountId);
  };

  /**
   * Whether a transaction is there for a reader: its account still exists (and is its customer's),
   * and it is within standard history (180 days before the account was added) or the account's
   * historic load is done (seed 002, Transactions and Limits).
   */
  const visible = (t: Transaction, reader: 'all' | 'account' | 'id'): boolean => {
    const live = findAccount(world, t.customerId, t.accountId);
    if (live) seenAccounts.set(live.id, live);
    // Fault: the transactions of a deleted account stay readable.
    const account = live ?? (on('transactions-deleted-account-kept') ? seenAccounts.get(t.accountId) : undefined);
    // Blind fault: GetCustomerTransaction reads the store without checking the account still exists.
    if (!account && reader === 'id' && on('blind-transactions-deleted-account-readable-by-id') && world.customers.has(t.customerId))
      return !t.historic;
    if (!account) return false;
    if (t.historic) {
      if (on('transactions-historic-visible-before-load')) return true;
      // Blind fault: standard history counted as six months of 31 days (186) instead of 180 days.
      if (!account.historicLoaded && on('blind-transactions-standard-history-186-days'))
        return account.createdDate - t.postedDate <= 186 * DAY_S;
      if (!account.historicLoaded) return false;
      if (on('transactions-historic-account-list-only') && reader !== 'account') return false;
      if (on('transactions-historic-hidden-by-id') && reader === 'id') return false;
      return true;
    }
    // Fault: standard history cut at 90 days.
    const shown = !(on('transactions-standard-history-90-days') && account.createdDate - t.postedDate > 90 * DAY_S);
    // Standard history counts from the account's addition (seed 002, Limits): the item as shown.
    return seams.answer({ transaction: t, account, nowS: clock.nowEpochSeconds(), standardDays: STANDARD_DAYS }, { shown }).shown;
  };

  const dateOut = (s: number) => (on('transactions-dates-in-ms') ? s * 1000 : s);
  /** Whether the contract the mock plays has unique transaction ids (provider 1.42.0). */
  const uniqueIds = ctx.contract.operations.has('GetTransactionByUniqueTransactionId');

  /**
   * provider 1.35.0 Transaction.runningBalanceAmount: the ending balance after each posted transaction,
   * in posted order (postedDate, then id), the latest posted ending at the balance the account was
   * linked with; a pending transaction has none. Computed once per account object and transaction count.
   */
  const runningByAccount = new WeakMap<Account, { count: number; by: Map<number, number> }>();
  const runningOf = (t: Transaction, account: Account): number => {
    const all = transactionsOfAccounts(world, [account.id]);
    let known = runningByAccount.get(account);
    if (!known || known.count !== all.length) {
      const posted = all.filter((x) => x.status !== 'pending').sort((a, b) => a.postedDate - b.postedDate || a.id - b.id);
      const by = new Map<number, number>();
      let balance = account.linkedBalance;
      for (const x of posted.reverse()) {
        by.set(x.id, cents(balance));
        balance -= x.amount;
      }
      runningByAccount.set(account, (known = { count: all.length, by }));
    }
    const running = known.by.get(t.id) ?? account.linkedBalance;
    return seams.state({ transaction: t, account, nowS: clock.nowEpochSeconds(), standardDays: STANDARD_DAYS }, { running }).running;
  };

  function view(t: Transaction, reader: 'all' | 'account' | 'id') {
    const account = findAccount(world, t.customerId, t.accountId) ?? seenAccounts.get(t.accountId);
    const createdMs = reader === 'id' && on('transactions-by-id-created-date-ms');
    // Blind fault: GetCustomerTransaction gives the amount unsigned (the sign only in `type`).
    const amount = reader === 'id' && on('blind-transactions-by-id-amount-unsigned') ? Math.abs(t.amount) : t.amount;
    return {
      id: t.id,
      amount,
      accountId: Number(t.accountId),
      customerId: Number(t.customerId),
      status: t.status,
      // Seeded fault txn-account-list-description-trimmed: the account list trims and collapses the description.
      description:
        reader === 'account' && on('txn-account-list-description-trimmed') ? t.description.trim().replace(/\s+/g, ' ') : t.description,
      memo: `${t.description} ${t.id % 1000}`,
      type: t.amount < 0 ? 'debit' : 'credit',
      ...(t.transactionDate === undefined ? {} : { transactionDate: dateOut(t.transactionDate) }),
      postedDate: dateOut(t.postedDate),
      createdDate: createdMs ? t.createdDate * 1000 : dateOut(t.createdDate),
      ...(t.status === 'pending' || !account ? {} : { runningBalanceAmount: runningOf(t, account) }),
      categorization: { normalizedPayeeName: t.description, category: categoryOf(t.description), country: 'USA' },
      // provider 1.42.0: every transaction carries its unique id, read back by GetTransactionByUniqueTransactionId.
      ...(uniqueIds ? { uniqueTransactionId: uniqueIdOf(t) } : {}),
    };
  }

  function transactionsOf(accountIds: Set<string>, reader: 'all' | 'account'): Transaction[] {
    return transactionsOfAccounts(world, accountIds).filter((t) => visible(t, reader));
  }

  /** One page of a list (seed 002, Transactions), shared by the customer and the account lists. */
  function list(input: Input, reply: FastifyReply, accounts: Account[], reader: 'all' | 'account') {
    const { query } = input;
    const fromMissing = query.fromDate === undefined && !on('transactions-from-date-optional');
    const toMissing = query.toDate === undefined && !(on('transactions-to-date-optional-on-account') && reader === 'account');
    if (fromMissing || toMissing) return sendError(ctx, reply, 400, `${fromMissing ? 'fromDate' : 'toDate'} is required`);
    // i4-txn-all-window-eastern-time: the customer list reads the dates as US Eastern wall time.
    const shift = reader === 'all' && on('i4-txn-all-window-eastern-time') ? 5 * 3600 : 0;
    const from: number = (query.fromDate ?? 0) + shift;
    const to: number = (query.toDate ?? 9_999_999_999) + shift;
    if (from > to) return sendError(ctx, reply, 400, 'fromDate is after toDate');
    const includePending =
      (on('transactions-pending-always-included') ||
        (query.includePending === true && !on('transactions-pending-never-included')) ||
        // i17-txn-account-pending-on-later-pages: the account list shows the pending transactions on a page after the first.
        (reader === 'account' && (query.start ?? 1) > 1 && on('i17-txn-account-pending-on-later-pages'))) &&
      // Blind fault: the customer list drops includePending (pending never listed there).
      !(reader === 'all' && on('blind-transactions-pending-ignored-on-all'));
    // seeded-txn-account-later-page-from-date-ignored: the account list drops fromDate on a page after the first (still echoing it).
    const fromApplied =
      !(on('transactions-from-date-ignored-on-account') && reader === 'account') &&
      !(reader === 'account' && (query.start ?? 1) > 1 && on('seeded-txn-account-later-page-from-date-ignored'));
    const toApplied = !on('transactions-to-date-ignored');
    const sort: 'asc' | 'desc' = query.sort ?? (on('transactions-default-sort-asc') ? 'asc' : 'desc');
    // i6-txn-all-asc-page-reversed: the customer list pages in desc order and reverses an asc page.
    const reversedPage = reader === 'all' && sort === 'asc' && on('i6-txn-all-asc-page-reversed');
    // i34-fd-txn-account-reader-asc-ignored: the account's transaction list (v4) answers newest first even under sort=asc.
    const accountAscIgnored = reader === 'account' && sort === 'asc' && on('i34-fd-txn-account-reader-asc-ignored');
    const order = on('transactions-sort-asc-ignored') || reversedPage || accountAscIgnored ? 'desc' : sort;
    const sortKey = (t: Transaction) => {
      if (on('transactions-sorted-by-posted-date')) return t.postedDate;
      if (on('transactions-undated-sorted-last') && t.transactionDate === undefined) return order === 'asc' ? Number.MAX_SAFE_INTEGER : 0;
      return keyOf(t);
    };
    // Blind fault: the window is applied to postedDate instead of transactionDate.
    const windowKey = on('blind-transactions-window-by-posted-date') ? (t: Transaction) => t.postedDate : keyOf;
    // i2-txn-window-to-date-exclusive: toDate itself left out of the window.
    // i3-txn-account-from-date-exclusive: the account list alone starts its window after fromDate.
    // i16-txn-account-from-date-day-early: the account list starts its window a day before fromDate (a zone shift).
    const onOrAfter = (key: number, start: number) =>
      reader === 'account' && on('i16-txn-account-from-date-day-early')
        ? key >= start - DAY_S
        : (reader === 'account' && on('i3-txn-account-from-date-exclusive')) || (reader === 'all' && on('i10-txn-all-from-date-exclusive'))
          ? key > start
          : // i12-txn-all-from-date-day-start: the customer list starts the window at the start of fromDate's UTC day.
            reader === 'all' && on('i12-txn-all-from-date-day-start')
            ? key >= Math.floor(start / DAY_S) * DAY_S
            : key >= start;
    // Seeded fault: the account list alone reads toDate as the start of its UTC day.
    const last =
      reader === 'account' && on('transactions-account-to-date-day-start')
        ? Math.floor(to / DAY_S) * DAY_S
        : // i8-txn-all-to-date-end-of-day: the customer list runs to the end of toDate's UTC day.
          reader === 'all' && on('i8-txn-all-to-date-end-of-day')
          ? Math.floor(to / DAY_S) * DAY_S + DAY_S - 1
          : to;
    const inBefore = (key: number, end: number) => (on('i2-txn-window-to-date-exclusive') ? key < end : key <= end);
    const found = transactionsOf(new Set(accounts.map((a) => a.id)), reader)
      .filter((t) => (!fromApplied || onOrAfter(windowKey(t), from)) && (!toApplied || inBefore(windowKey(t), last)))
      .filter((t) => includePending || t.status !== 'pending')
      // i31-fd-txn-all-window-eastern: the customer list reads fromDate as US Eastern wall time (five hours later in UTC).
      .filter((t) => !(reader === 'all' && on('i31-fd-txn-all-window-eastern')) || windowKey(t) >= from + 5 * 3600)
      // i22-txn-all-asc-to-date-edge-excluded: under sort=asc the customer list leaves out a transaction dated exactly at toDate.
      .filter((t) => !(reader === 'all' && query.sort === 'asc' && on('i22-txn-all-asc-to-date-edge-excluded') && windowKey(t) === last))
      // i25-txn-all-desc-from-date-edge-excluded: under the default descending order the customer list leaves out a transaction dated exactly at fromDate.
      .filter((t) => !(reader === 'all' && query.sort !== 'asc' && on('i25-txn-all-desc-from-date-edge-excluded') && windowKey(t) === from))
      // i22-txn-all-pending-of-first-account-only: the customer list takes the pending transactions of its first account only.
      .filter(
        (t) =>
          !(reader === 'all' && includePending && on('i22-txn-all-pending-of-first-account-only') && t.status === 'pending') ||
          t.accountId === accounts[0]?.id,
      )
      // seeded-fam25-txn-account-undated-to-edge-excluded: the account list leaves out a transaction without transactionDate posted exactly at toDate.
      .filter(
        (t) =>
          !(
            reader === 'account' &&
            on('seeded-fam25-txn-account-undated-to-edge-excluded') &&
            t.transactionDate === undefined &&
            windowKey(t) === last
          ),
      )
      // i20-txn-undated-from-edge-excluded: a transaction without transactionDate, posted exactly at fromDate, left out.
      .filter((t) => !(on('i20-txn-undated-from-edge-excluded') && t.transactionDate === undefined && windowKey(t) === from))
      // i18-txn-account-to-date-edge-excluded-with-pending: with pending transactions the account list's toDate is exclusive.
      .filter(
        (t) =>
          !(reader === 'account' && includePending && on('i18-txn-account-to-date-edge-excluded-with-pending') && windowKey(t) === last),
      )
      .sort((a, b) => (order === 'asc' ? sortKey(a) - sortKey(b) || a.id - b.id : sortKey(b) - sortKey(a) || b.id - a.id));
    // i16-txn-account-default-sort-asc: without sort, the account list alone answers in ascending order.
    if (reader === 'account' && query.sort === undefined && on('i16-txn-account-default-sort-asc')) found.reverse();
    // Blind fault: the customer list concatenates the accounts' sorted lists instead of merging them.
    if (reader === 'all' && on('blind-transactions-all-grouped-by-account')) {
      const rank = new Map(accounts.map((a, i) => [a.id, i]));
      found.sort((a, b) => (rank.get(a.accountId) ?? 0) - (rank.get(b.accountId) ?? 0));
    }

    // Blind fault 'blind-transactions-page-cap-off-by-one': the cap checked as `<` the maximum (a full page one short).
    const limit = Math.min(
      query.limit ?? (on('transactions-default-page-size-100') ? 100 : PAGE_SIZE[reader]),
      on('transactions-page-holds-500') ? 500 : on('blind-transactions-page-cap-off-by-one') ? PAGE_MAX - 1 : PAGE_MAX,
    );
    const start = on('transactions-start-ignored-on-all') && reader === 'all' ? 1 : (query.start ?? 1);
    const paged =
      on('transactions-start-as-offset-on-account') && reader === 'account'
        ? (() => {
            const slice = found.slice(start - 1, start - 1 + limit);
            return { found: found.length, displaying: slice.length, moreAvailable: start - 1 + limit < found.length, slice };
          })()
        : page(found, { start, limit }, PAGE_SIZE[reader]);
    // i5-txn-all-page-past-end-repeats-last: a page past the end of the customer list answers the last page again.
    if (reader === 'all' && paged.displaying === 0 && found.length > 0 && on('i5-txn-all-page-past-end-repeats-last')) {
      paged.slice = found.slice(Math.floor((found.length - 1) / limit) * limit);
      paged.displaying = paged.slice.length;
    }
    if (reversedPage) paged.slice = [...paged.slice].reverse();
    // i34-fd-txn-all-page-one-extra: the customer-wide list puts one transaction more than the limit on a page (an inclusive end index).
    if (reader === 'all' && on('i34-fd-txn-all-page-one-extra') && found.length > (start - 1) * limit + limit)
      paged.slice = found.slice((start - 1) * limit, (start - 1) * limit + limit + 1);
    // i25-txn-account-later-page-starts-one-early: a later page of the account list starts at the last transaction of the page before it.
    if (reader === 'account' && start > 1 && paged.slice.length > 0 && on('i25-txn-account-later-page-starts-one-early'))
      paged.slice = found.slice((start - 1) * limit - 1, (start - 1) * limit - 1 + paged.slice.length);
    // i18-txn-all-asc-later-page-reversed: a later page of the customer list under sort=asc ordered descending.
    if (reader === 'all' && (query.start ?? 1) > 1 && query.sort === 'asc' && on('i18-txn-all-asc-later-page-reversed'))
      paged.slice = [...paged.slice].reverse();
    // i10-txn-account-displaying-is-limit: the account list's displaying gives the limit applied, not the page's size.
    if (reader === 'account' && on('i10-txn-account-displaying-is-limit')) paged.displaying = limit;
    // i29-fd-txn-all-later-page-no-more-available: a later page of the customer list says no more are available.
    if (reader === 'all' && start > 1 && on('i29-fd-txn-all-later-page-no-more-available')) paged.moreAvailable = false;
    // i14-txn-all-displaying-is-limit: the customer-wide list gives the page size asked as displaying.
    if (reader === 'all' && on('i14-txn-all-displaying-is-limit')) paged.displaying = limit;
    // seeded-judge-txn-account-daily-balance-displaying-plus-one: with showDailyBalance the account list counts one more in displaying than it lists.
    if (reader === 'account' && query.showDailyBalance === true && on('seeded-judge-txn-account-daily-balance-displaying-plus-one'))
      paged.displaying += 1;
    // i12-txn-account-more-available-exact-last-page: the account list compares with <= (a page ending at the last one says more).
    if (reader === 'account' && on('i12-txn-account-more-available-exact-last-page'))
      paged.moreAvailable = (start - 1) * limit + paged.displaying <= paged.found;
    // i17-txn-all-found-leaves-pending-out: with includePending the customer list lists the pending transactions but found leaves them out.
    if (reader === 'all' && includePending && on('i17-txn-all-found-leaves-pending-out'))
      paged.found -= found.filter((t) => t.status === 'pending').length;
    // i21-txn-account-found-leaves-pending-out: with includePending the account list lists the pending transactions but found leaves them out.
    if (reader === 'account' && includePending && on('i21-txn-account-found-leaves-pending-out'))
      paged.found -= found.filter((t) => t.status === 'pending').length;
    // i17-txn-account-found-counts-customer: the account list's found adds the transactions of the customer's other accounts.
    if (reader === 'account' && on('i17-txn-account-found-counts-customer')) {
      const others = linkedData(world, input.path.customerId).accounts.filter((a) => !accounts.some((b) => b.id === a.id));
      paged.found += transactionsOf(new Set(others.map((a) => a.id)), 'all').length;
    }
    if (on('transactions-found-counts-page')) paged.found = paged.displaying;
    // i16-txn-all-more-available-first-page-false: the customer list's first page never says more is available.
    if (reader === 'all' && start === 1 && on('i16-txn-all-more-available-first-page-false')) paged.moreAvailable = false;
    // seeded-txn-account-found-skips-since-aggregation: the account list's found leaves out what was added after its last aggregation.
    if (reader === 'account' && on('seeded-txn-account-found-skips-since-aggregation')) {
      const aggregated = new Map(accounts.map((a) => [a.id, a.aggregationSuccessDate]));
      paged.found -= found.filter((t) => t.createdDate >= (aggregated.get(t.accountId) ?? Infinity)).length;
    }
    // Seeded fault: without includePending, the customer list's found still counts the pending transactions of the window.
    if (reader === 'all' && !includePending && on('transactions-all-found-counts-pending'))
      paged.found += transactionsOf(new Set(accounts.map((a) => a.id)), reader).filter(
        (t) => t.status === 'pending' && onOrAfter(windowKey(t), from) && inBefore(windowKey(t), last),
      ).length;
    // Seeded fault: the customer list counts found before its window is applied (every transaction of the accounts).
    if (reader === 'all' && on('transactions-all-found-ignores-window'))
      paged.found = transactionsOf(new Set(accounts.map((a) => a.id)), reader).filter(
        (t) => includePending || t.status !== 'pending',
      ).length;
    // i3-txn-all-found-drops-pending: the customer list counts its posted transactions only, though it lists the pending ones.
    // i8-txn-account-found-drops-undated: the account list counts the dated transactions only.
    if (reader === 'account' && on('i8-txn-account-found-drops-undated'))
      paged.found -= found.filter((t) => t.transactionDate === undefined).length;
    // The matching transactions of the customer's deleted accounts (a stale count index), read by two faults.
    const goneCount = () => {
      const gone = [...seenAccounts.values()]
        .filter((a) => a.customerId === input.path.customerId && !findAccount(world, a.customerId, a.id))
        .map((a) => a.id);
      return gone.length === 0
        ? 0
        : transactionsOfAccounts(world, gone).filter(
            (t) =>
              !t.historic && (includePending || t.status !== 'pending') && onOrAfter(windowKey(t), from) && inBefore(windowKey(t), last),
          ).length;
    };
    // i8-txn-all-found-counts-deleted-account: found still counts the transactions of the customer's deleted accounts.
    if (reader === 'all' && on('i8-txn-all-found-counts-deleted-account')) paged.found += goneCount();
    // txn-all-more-available-counts-deleted-account: moreAvailable still counts them (found is right).
    if (reader === 'all' && on('txn-all-more-available-counts-deleted-account'))
      paged.moreAvailable = (start - 1) * limit + paged.displaying < found.length + goneCount();
    if (reader === 'account' && includePending && on('i11-txn-account-found-drops-pending'))
      paged.found -= found.filter((t) => t.status === 'pending').length;
    if (reader === 'all' && includePending && on('i3-txn-all-found-drops-pending'))
      paged.found -= found.filter((t) => t.status === 'pending').length;
    // i2-txn-found-counts-pending-on-account: found counted before the pending transactions were left out.
    if (reader === 'account' && !includePending && on('i2-txn-found-counts-pending-on-account'))
      paged.found += transactionsOf(new Set(accounts.map((a) => a.id)), reader).filter(
        (t) => t.status === 'pending' && windowKey(t) >= from && windowKey(t) <= to,
      ).length;
    // i18-txn-account-pending-more-available-false: with pending transactions the account list never says more is available.
    if (reader === 'account' && includePending && on('i18-txn-account-pending-more-available-false')) paged.moreAvailable = false;
    // i22-txn-account-asc-more-available-last-page: under sort=asc the account list says more is available on its last page too.
    if (reader === 'account' && query.sort === 'asc' && on('i22-txn-account-asc-more-available-last-page') && paged.displaying > 0)
      paged.moreAvailable = true;
    // i24-txn-all-later-page-found-remaining: a later page of the customer list counts found from its own start on.
    if (reader === 'all' && start > 1 && on('i24-txn-all-later-page-found-remaining'))
      paged.found = Math.max(0, paged.found - (start - 1) * limit);
    const more = on('transactions-more-available-on-last-page') ? paged.displaying > 0 : paged.moreAvailable;
    const later = (query.start ?? 1) > 1;
    // seeded-txn-all-later-page-dates-echo-ms: the customer list echoes a later page's dates in milliseconds.
    const echo = (s: number) =>
      String(
        on('transactions-echo-dates-ms') || (reader === 'all' && later && on('seeded-txn-all-later-page-dates-echo-ms')) ? s * 1000 : s,
      );
    const body: Record<string, unknown> = {
      found: paged.found,
      displaying: paged.displaying,
      moreAvailable: String(more),
      // Blind fault: fromDate echoed as the start of its UTC day, not as sent.
      fromDate: echo(on('blind-transactions-echo-from-date-day-start') ? Math.floor(from / DAY_S) * DAY_S : from),
      // i9-txn-account-to-date-clamped-to-now: the account list echoes a future toDate as the current time.
      toDate: echo(
        reader === 'account' && on('i9-txn-account-to-date-clamped-to-now')
          ? Math.min(to, clock.nowEpochSeconds())
          : // i13-txn-account-echo-to-date-day-end: the account list echoes toDate as the last second of its UTC day.
            reader === 'account' && on('i13-txn-account-echo-to-date-day-end')
            ? Math.floor(to / DAY_S) * DAY_S + DAY_S - 1
            : to,
      ),
      sort:
        on('transactions-echo-sort-empty') && !query.sort
          ? ''
          : reader === 'all' && on('i11-txn-all-echo-sort-asc-as-desc')
            ? 'desc'
            : sort,
      // i5-txn-account-list-debits-unsigned: the account list shows every amount without its sign.
      transactions: paged.slice.map((t) =>
        reader === 'account' && on('i5-txn-account-list-debits-unsigned')
          ? { ...view(t, reader), amount: Math.abs(t.amount) }
          : // seeded-txn-account-later-page-category-lowercased: a later page of the account list lower-cases the category.
            reader === 'account' && later && on('seeded-txn-account-later-page-category-lowercased')
            ? {
                ...view(t, reader),
                categorization: { ...view(t, reader).categorization, category: categoryOf(t.description).toLowerCase() },
              }
            : view(t, reader),
      ),
    };
    if (reader === 'account' && query.showDailyBalance === true && !on('transactions-daily-balance-missing')) {
      body.dailyBalances = dailyBalances(
        accounts[0],
        paged.slice.filter((t) => t.status !== 'pending'),
      );
    }
    return body;
  }

  /**
   * provider 1.35.0, DailyBalance: the beginning and ending balance of each day with transactions,
   * counted back from the account's current balance.
   */
  function dailyBalances(account: Account, inWindow: Transaction[]) {
    // i26-txn-daily-balance-pending-counted: the daily balances count the pending transactions too (the ledger query without its status filter).
    const all = transactionsOf(new Set([account.id]), 'account').filter(
      (t) => t.status !== 'pending' || on('i26-txn-daily-balance-pending-counted'),
    );
    const days = [...new Set(inWindow.map((t) => Math.floor(keyOf(t) / DAY_S) * DAY_S))].sort((a, b) => a - b);
    return days.map((day) => {
      const after = all.filter((t) => keyOf(t) >= day + DAY_S).reduce((sum, t) => sum + t.amount, 0);
      // transactions-daily-balance-next-midnight-counted: a day also counts the transaction at the next midnight.
      const upTo = (t: Transaction) =>
        on('transactions-daily-balance-next-midnight-counted') ? keyOf(t) <= day + DAY_S : keyOf(t) < day + DAY_S;
      // i37-fd-txn-daily-balance-debits-left-out: a day's beginning balance is counted back from its credits alone.
      const during = all
        .filter((t) => keyOf(t) >= day && upTo(t) && !(on('i37-fd-txn-daily-balance-debits-left-out') && t.amount < 0))
        .reduce((sum, t) => sum + t.amount, 0);
      const ending = cents(account.balance - after);
      return { date: on('transactions-daily-balance-dates-ms') ? day * 1000 : day, beginning: cents(ending - during), ending };
    });
  }

  route(app, ctx, 'LoadHistoricTransactionsForCustomerAccount', (input, reply) => {
    // i6-txn-historic-load-other-customer-account: the load finds the account among the partner's customers.
    const stray =
      on('i6-txn-historic-load-other-customer-account') && customerOf(input) ? world.accounts.get(input.path.accountId) : undefined;
    const account = accountOf(input) ?? (stray && findCustomer(world, stray.customerId, partnerOf(input)) ? stray : undefined);
    // seeded-prop-historic-load-other-partner-loaded: another partner's load is carried out on the account, then refused (404).
    const foreign = on('seeded-prop-historic-load-other-partner-loaded') ? world.accounts.get(input.path.accountId) : undefined;
    if (!account && foreign && !foreign.mfa) {
      foreign.historicLoaded = true;
      foreign.aggregationAttemptDate = clock.nowEpochSeconds();
    }
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    // seed 002, Errors 203: the institution asks a multi-factor challenge; nothing is loaded.
    if (account.mfa && !on('transactions-historic-mfa-204')) {
      if (on('transactions-historic-mfa-loads')) account.historicLoaded = true;
      return reply.code(203).send();
    }
    // A second call (even with force) adds nothing: the range comes from the account's createdDate.
    if (account.historicLoaded && on('transactions-historic-reload-duplicates')) {
      for (const t of transactionsOfAccounts(world, [account.id]).filter((x) => x.historic)) {
        const copy = { ...t, id: Number(world.nextId()) * 10 + 1 };
        world.transactions.set(copy.id, copy);
      }
    }
    if (!on('transactions-historic-load-ignored')) account.historicLoaded = true;
    // Blind fault: the load is done per institution login, so every account of the login gains its history.
    if (on('blind-transactions-historic-load-whole-login')) {
      for (const a of accountsOfLogin(world, account.institutionLoginId)) if (!a.mfa) a.historicLoaded = true;
    }
    account.aggregationAttemptDate = clock.nowEpochSeconds();
    return reply.code(204).send();
  });

  route(app, ctx, 'GetAllCustomerTransactions', (input, reply) => {
    if (!customerOf(input)) return sendError(ctx, reply, 404, 'Customer not found');
    // The customer was found just above: its accounts are every account findAccount would give.
    return list(input, reply, linkedData(world, input.path.customerId).accounts, 'all');
  });

  route(app, ctx, 'GetCustomerAccountTransactions', (input, reply) => {
    const account = accountOf(input);
    if (!account) return sendError(ctx, reply, 404, 'Account not found');
    return list(input, reply, [account], 'account');
  });

  if (uniqueIds)
    route(app, ctx, 'GetTransactionByUniqueTransactionId', (input, reply) => {
      if (!customerOf(input)) return sendError(ctx, reply, 404, 'Customer not found');
      const id = /^utx-([0-9a-f]+)$/.exec(input.path.uniqueTransactionId)?.[1];
      const t = id === undefined ? undefined : world.transactions.get(Number.parseInt(id, 16));
      if (!t || t.customerId !== input.path.customerId || !visible(t, 'id')) return sendError(ctx, reply, 404, 'Transaction not found');
      return view(t, 'id');
    });

  route(app, ctx, 'GetCustomerTransaction', (input, reply) => {
    if (!customerOf(input)) return sendError(ctx, reply, 404, 'Customer not found');
    const t = world.transactions.get(Number(input.path.transactionId));
    const mine =
      t &&
      (t.customerId === input.path.customerId ||
        on('transactions-get-other-customer') ||
        // i28-fd-txn-by-id-partner-wide: a transaction found by its id among every customer of the partner.
        (faults.has('i28-fd-txn-by-id-partner-wide') && findCustomer(world, t.customerId, partnerOf(input)) !== undefined));
    if (!t || !mine || !visible(t, 'id')) return sendError(ctx, reply, 404, 'Transaction not found');
    // i6-txn-by-id-pending-404: a pending transaction is not found by its id.
    if (t.status === 'pending' && on('i6-txn-by-id-pending-404')) return sendError(ctx, reply, 404, 'Transaction not found');
    if (on('transactions-get-wrong-transaction')) {
      const other = transactionsOfAccounts(world, [t.accountId]).find((x) => x.id !== t.id && visible(x, 'id'));
      if (other) return view(other, 'id');
    }
    const shown = view(t, 'id');
    // i10-txn-by-id-pending-shown-active: the by-id read gives a pending transaction as active.
    if (on('i10-txn-by-id-pending-shown-active') && t.status === 'pending') shown.status = 'active';
    // i5-txn-by-id-amount-one-decimal: this reader rounds the amount to one decimal.
    if (on('i5-txn-by-id-amount-one-decimal')) shown.amount = Math.round(t.amount * 10) / 10;
    // i7-txn-by-id-posted-date-is-transaction-date: the by-id read gives transactionDate as postedDate too.
    if (on('i7-txn-by-id-posted-date-is-transaction-date') && t.transactionDate !== undefined) shown.postedDate = t.transactionDate;
    // i13-txn-by-id-description-uppercased: the by-id read upper-cases the description.
    if (on('i13-txn-by-id-description-uppercased')) shown.description = String(t.description).toUpperCase();
    // i24-txn-by-id-credit-card-sign-flipped: the by-id read gives a credit card's amounts with the card's sign convention flipped.
    if (on('i24-txn-by-id-credit-card-sign-flipped') && world.accounts.get(t.accountId)?.type === 'creditCard') shown.amount = -t.amount;
    // i16-txn-by-id-amount-unsigned: the by-id read drops a debit's minus sign.
    if (on('i16-txn-by-id-amount-unsigned')) shown.amount = Math.abs(t.amount);
    // i18-txn-by-id-transaction-date-day-start: the by-id read gives transactionDate at the start of its UTC day.
    if (on('i18-txn-by-id-transaction-date-day-start') && typeof t.transactionDate === 'number')
      shown.transactionDate = Math.floor(t.transactionDate / 86400) * 86400;
    // i21-txn-by-id-posted-date-ms: the by-id read gives postedDate in milliseconds.
    if (on('i21-txn-by-id-posted-date-ms') && typeof t.postedDate === 'number') shown.postedDate = t.postedDate * 1000;
    // i25-txn-by-id-credit-amount-in-cents: the by-id read gives a credit's amount in cents (a deposit feed in minor units).
    if (on('i25-txn-by-id-credit-amount-in-cents') && t.amount > 0) shown.amount = Math.round(t.amount * 100);
    if (on('i2-txn-by-id-description-collapsed')) shown.description = String(t.description).replace(/\s+/g, ' ').trim();
    // i27-txn-by-id-amount-as-string: the by-id read gives the amount as a decimal string with two places.
    // i29-fd-txn-by-id-posted-date-eastern: the transaction read by id gives postedDate as US Eastern wall time read as UTC.
    if (on('i29-fd-txn-by-id-posted-date-eastern') && typeof t.postedDate === 'number') shown.postedDate = t.postedDate - 5 * 3600;
    if (on('i27-txn-by-id-amount-as-string')) (shown as Record<string, unknown>).amount = t.amount.toFixed(2);
    // i38-fd-txn-by-id-transaction-date-pacific: the by-id read gives transactionDate as US Pacific wall time read as UTC.
    if (on('i38-fd-txn-by-id-transaction-date-pacific') && typeof t.transactionDate === 'number')
      shown.transactionDate = t.transactionDate - 8 * 3600;
    return shown;
  });

  route(app, ctx, 'GetRecurringTransactions', (input, reply) => {
    // provider 1.35.0 GetRecurringTransactionsResourceNotFoundErrorResponse: an unknown customer 14001, a customer holding no account 38003.
    if (!customerOf(input)) return sendError(ctx, reply, 404, 'Customer not found.', '14001');
    const held = linkedData(world, input.path.customerId).accounts.length;
    const refused = faults
      .seams<CustomerAccountsSeams>('customer-accounts')
      .judge(
        { operationId: 'GetRecurringTransactions', customerId: input.path.customerId, accounts: held },
        'recurring-customer-accounts',
        held === 0 ? { status: 404, code: '38003', message: 'Customer does not have any accounts' } : undefined,
      );
    if (refused) return sendError(ctx, reply, refused.status, refused.message, refused.code);
    const asked: string[] = Array.isArray(input.body?.accountIds) ? input.body.accountIds : [];
    // i3-txn-recurring-other-customer-account: an account id of another customer of the partner is looked at too.
    const foreign = on('i3-txn-recurring-other-customer-account')
      ? asked
          .map((id) => world.accounts.get(id))
          .filter(
            (a): a is Account => !!a && a.customerId !== input.path.customerId && !!findCustomer(world, a.customerId, partnerOf(input)),
          )
      : [];
    const mine = [...linkedData(world, input.path.customerId).accounts, ...foreign];
    const unknown = asked.find((id) => !mine.some((a) => a.id === id));
    if (unknown !== undefined && !on('transactions-recurring-unknown-account-ignored'))
      return sendError(ctx, reply, 404, `Account ${unknown} not found for the customer`);
    // i15-txn-recurring-no-body-skips-pending-accounts: without accountIds only the active accounts are looked at.
    const everyAccount = on('i15-txn-recurring-no-body-skips-pending-accounts') ? mine.filter((a) => a.status === 'active') : mine;
    const chosen =
      asked.length === 0 || on('transactions-recurring-account-filter-ignored')
        ? everyAccount
        : // i32-fd-recurring-account-filter-first-id-only: of several accountIds only the first is read.
          on('i32-fd-recurring-account-filter-first-id-only')
          ? mine.filter((a) => a.id === asked[0])
          : mine.filter((a) => asked.includes(a.id));
    // Blind fault: each account's series are computed over every chosen account (other accounts' ids listed under it).
    const seriesScope = (a: Account) =>
      on('blind-transactions-recurring-account-series-customer-wide') ? new Set(chosen.map((c) => c.id)) : new Set([a.id]);
    // i37-fd-recurring-account-rows-named-first: every per-account row names the first account chosen.
    const perAccount = chosen.map((a) => ({
      accountId: faults.has('i37-fd-recurring-account-rows-named-first') ? chosen[0].id : a.id,
      ...streamsOf(transactionsOf(seriesScope(a), 'all')),
    }));
    const customer = streamsOf(transactionsOf(new Set(chosen.map((a) => a.id)), 'all'));
    return { customerRecurringTransactions: customer, accountRecurringTransactions: perAccount };
  });

  /** Recurring series: a payee repeated with the same sign (debits: outflows, credits: inflows). */
  function streamsOf(transactions: Transaction[]) {
    const groups = new Map<string, Transaction[]>();
    const countsPending = on('i6-txn-recurring-count-includes-pending');
    const pendingOf = new Map<string, number>();
    for (const t of transactions) {
      if (countsPending && t.status === 'pending' && t.amount !== 0) {
        const pendingKey = `${t.amount < 0 ? 'out' : 'in'}|${t.description}`;
        pendingOf.set(pendingKey, (pendingOf.get(pendingKey) ?? 0) + 1);
      }
      if (t.status === 'pending' || t.amount === 0) continue;
      const key = `${t.amount < 0 ? 'out' : 'in'}|${t.description}`;
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    const nowS = clock.nowEpochSeconds();
    const recurringOutflows: unknown[] = [];
    const recurringInflows: unknown[] = [];
    for (const [key, series] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      if (series.length < RECURRING_MIN) continue;
      series.sort((a, b) => keyOf(a) - keyOf(b) || a.id - b.id);
      const amounts = series.map((t) => t.amount).sort((a, b) => a - b);
      const mid = Math.floor(amounts.length / 2);
      const median = amounts.length % 2 ? amounts[mid] : (amounts[mid - 1] + amounts[mid]) / 2;
      const span = keyOf(series[series.length - 1]) - keyOf(series[0]);
      // transactions-recurring-cadence-first-gap: the days between the first two, not the mean gap.
      const cadence = on('transactions-recurring-cadence-first-gap')
        ? Math.max(1, Math.round((keyOf(series[1]) - keyOf(series[0])) / DAY_S))
        : Math.max(1, Math.round(span / DAY_S / (series.length - 1)));
      const last = keyOf(series[series.length - 1]);
      const stream = {
        normalizedPayeeName: series[0].description,
        transactionCategories: [categoryOf(series[0].description)],
        transactionIds: series.map((t) => String(t.id)),
        cadence,
        status: nowS - last <= 2 * cadence * DAY_S ? 'ACTIVE' : 'INACTIVE',
        expectedNextTransactionDate: new Date((last + cadence * DAY_S) * 1000).toISOString().slice(0, 10),
        expectedNextTransactionAmount: cents(median),
        minimumHistoricalAmount: amounts[0],
        // i30-fd-recurring-maximum-is-latest-amount: the maximum taken from the series in date order (its latest amount).
        maximumHistoricalAmount: on('i30-fd-recurring-maximum-is-latest-amount')
          ? series[series.length - 1].amount
          : amounts[amounts.length - 1],
        // i35-fd-recurring-mean-of-magnitudes: the mean taken over the amounts' magnitudes, so an outflow's mean is positive beside its negative minimum and maximum.
        meanHistoricalAmount: cents(
          amounts.reduce((s, n) => s + (on('i35-fd-recurring-mean-of-magnitudes') ? Math.abs(n) : n), 0) / amounts.length,
        ),
        medianHistoricalAmount: cents(median),
        // i6-txn-recurring-count-includes-pending: the pending transactions of the payee counted too.
        // i36-fd-recurring-count-misses-first: the count leaves out the first transaction of the series its ids list.
        countOfTransactions: series.length + (pendingOf.get(key) ?? 0) - (on('i36-fd-recurring-count-misses-first') ? 1 : 0),
      };
      const outflow = key.startsWith('out') !== on('transactions-recurring-signs-swapped');
      (outflow ? recurringOutflows : recurringInflows).push(stream);
    }
    return { recurringOutflows, recurringInflows };
  }
}
