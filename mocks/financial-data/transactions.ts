// Transactions (seed 002, Endpoints - Transactions): the historic load (204, or 203 on a multi-factor challenge), the customer and
// account lists (required window, at most 1000 per page, sorted by transactionDate or postedDate, pending only when asked), one
// transaction, recurring series. Accounts are read through findAccount, so a deleted account takes its transactions with it (seed
// 002, Accounts: delete removes access to that data).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext } from './middleware.js';
import { defaultLimit, page } from './paging.js';
import { categoryOf, DAY_S } from './portfolio.js';
import {
  findAccount,
  findCustomer,
  linkedData,
  transactionsOfAccounts,
  type Account,
  type CustomerAccountsSeams,
  type Transaction,
} from './state.js';
import {
  cents,
  dayOf,
  inWindow,
  keyOf,
  seriesOf,
  shownUnder,
  streamOf,
  windowOf,
  type Answer,
  type Exchange,
  type Reader,
  type Refusal,
  type Step,
  type TransactionSeams,
} from './transactions.records.js';
import { limitOf, rangeOf } from '../../helpers/contract/facts.js';

/** A transaction's unique id (provider 1.42.0 UniqueTransactionId, a free string): the mock's own form. */
const uniqueIdOf = (t: Transaction) => `utx-${t.id.toString(16)}`;

export function registerTransactions(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<TransactionSeams>('transactions');
  const changed = stateThrough(seams);
  /** seed 002, Limits: transactions per page (the contract's PageLimit). */
  const PAGE_MAX = rangeOf(ctx.contract, 'PageLimit').max!;
  /** The page size of each reader called without limit (its limit parameter's default). */
  const PAGE_SIZE = {
    all: defaultLimit(ctx.contract, 'GetAllCustomerTransactions'),
    account: defaultLimit(ctx.contract, 'GetCustomerAccountTransactions'),
  };
  /** The page size of a list's reader. */
  const sizeOf = (x: Exchange) => PAGE_SIZE[x.reader === 'all' ? 'all' : 'account'];
  /** seed 002, Limits: standard history, the days before the account was added. */
  const STANDARD_DAYS = limitOf(ctx.contract, 'standardHistoryDays');
  /** Whether the contract the mock plays has unique transaction ids (provider 1.42.0). */
  const uniqueIds = ctx.contract.operations.has('GetTransactionByUniqueTransactionId');
  const refused = (status: number, message: string, code?: string): Refusal => ({ status, message, ...(code ? { code } : {}) });

  /** A reader shows a transaction of a live account within standard history or after the historic load (seed 002, Transactions, Limits). */
  const sees = (x: Exchange, t: Transaction): boolean => {
    const account = findAccount(world, t.customerId, t.accountId);
    return changed(x, { op: 'visible', transaction: t, account, shown: shownUnder(t, account) }).shown;
  };

  /**
   * provider 1.35.0 Transaction.runningBalanceAmount: the ending balance after each posted transaction, in posted order (postedDate,
   * then id), the latest ending at the linked balance; none when pending. Computed once per account object and transaction count.
   */
  const runningByAccount = new WeakMap<Account, { count: number; by: Map<number, number> }>();
  const runningOf = (x: Exchange, t: Transaction, account: Account): number => {
    const all = transactionsOfAccounts(world, [account.id]);
    let known = runningByAccount.get(account);
    if (!known || known.count !== all.length) {
      const posted = all.filter((p) => p.status !== 'pending').sort((a, b) => a.postedDate - b.postedDate || a.id - b.id);
      const by = new Map<number, number>();
      let balance = account.linkedBalance;
      for (const p of posted.reverse()) {
        by.set(p.id, cents(balance));
        balance -= p.amount;
      }
      runningByAccount.set(account, (known = { count: all.length, by }));
    }
    const running = known.by.get(t.id) ?? account.linkedBalance;
    return changed(x, { op: 'running', transaction: t, account, running }).running;
  };

  /** A transaction as every reader shows it (provider 1.35.0 Transaction). */
  const view = (x: Exchange, t: Transaction) => {
    const account = findAccount(world, t.customerId, t.accountId);
    return {
      id: t.id,
      amount: t.amount,
      accountId: Number(t.accountId),
      customerId: Number(t.customerId),
      status: t.status,
      description: t.description,
      memo: `${t.description} ${t.id % 1000}`,
      type: t.amount < 0 ? 'debit' : 'credit',
      ...(t.transactionDate === undefined ? {} : { transactionDate: t.transactionDate }),
      postedDate: t.postedDate,
      createdDate: t.createdDate,
      ...(t.status === 'pending' || !account ? {} : { runningBalanceAmount: runningOf(x, t, account) }),
      categorization: { normalizedPayeeName: t.description, category: categoryOf(t.description), country: 'USA' },
      // provider 1.42.0: every transaction carries its unique id, read back by GetTransactionByUniqueTransactionId.
      ...(uniqueIds ? { uniqueTransactionId: uniqueIdOf(t) } : {}),
    };
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // The partner's customer of the path; its accounts are the ones its lists read.
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      if (x.customer) x.accounts = linkedData(world, x.customer.id).accounts;
      // provider 1.35.0 GetRecurringTransactionsResourceNotFoundErrorResponse: an unknown customer is 14001.
      if (x.op === 'GetRecurringTransactions') return x.customer ? undefined : refused(404, 'Customer not found.', '14001');
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    account: (x) => {
      x.account = findAccount(world, x.input.path.customerId, x.input.path.accountId, x.input.partner?.id);
      x.accounts = x.account ? [x.account] : [];
      return x.account ? undefined : refused(404, 'Account not found');
    },
    // The transaction of the path, the path's customer's (404 otherwise).
    transaction: (x) => {
      const { transactionId, uniqueTransactionId } = x.input.path;
      const hex = uniqueTransactionId === undefined ? undefined : /^utx-([0-9a-f]+)$/.exec(uniqueTransactionId)?.[1];
      const id = uniqueTransactionId === undefined ? Number(transactionId) : hex === undefined ? Number.NaN : Number.parseInt(hex, 16);
      x.transaction = world.transactions.get(id);
      return x.transaction?.customerId === x.input.path.customerId ? undefined : refused(404, 'Transaction not found');
    },
    visible: (x) => (x.sees(x.transaction!) ? undefined : refused(404, 'Transaction not found')),
    // seed 002, Transactions: fromDate and toDate are required.
    dates: (x) => {
      const { fromDate, toDate } = x.input.query;
      if (fromDate === undefined) return refused(400, 'fromDate is required');
      return toDate === undefined ? refused(400, 'toDate is required') : undefined;
    },
    window: (x) => {
      x.window = windowOf(x.input.query.fromDate ?? 0, x.input.query.toDate ?? 9_999_999_999);
      return x.window.from > x.window.to ? refused(400, 'fromDate is after toDate') : undefined;
    },
    // seed 002, Transactions: pending transactions only when includePending is true.
    pending: (x) => {
      x.pending = x.input.query.includePending === true;
      return undefined;
    },
    // provider 1.35.0 SortParameter: desc unless asc is asked, by the list's date.
    order: (x) => {
      x.sort = x.order = x.input.query.sort ?? 'desc';
      x.sortKey = keyOf;
      return undefined;
    },
    page: (x) => {
      x.page = { start: x.input.query.start ?? 1, limit: Math.min(x.input.query.limit ?? sizeOf(x), PAGE_MAX) };
      return undefined;
    },
    // provider 1.35.0 GetRecurringTransactions: accountIds narrows to those accounts of the customer; another id is a 404.
    accounts: (x) => {
      const asked: string[] = Array.isArray(x.input.body?.accountIds) ? x.input.body.accountIds : [];
      const held = x.accounts;
      Object.assign(x, { asked, held, chosen: asked.length === 0 ? held : held.filter((a) => asked.includes(a.id)) });
      const unknown = asked.find((id) => !held.some((a) => a.id === id));
      return unknown === undefined ? undefined : refused(404, `Account ${unknown} not found for the customer`);
    },
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  const serve = (op: FdOperationId, reader: Reader, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, op, (input, reply) => {
      const x: Exchange = {
        op,
        input,
        world,
        reader,
        nowS: clock.nowEpochSeconds(),
        standardDays: STANDARD_DAYS,
        pageMax: PAGE_MAX,
        sees: (t) => sees(x, t),
        show: (t) => view(x, t),
        accounts: [],
      };
      const refusal = judged(x, steps);
      return refusal ? sendError(ctx, reply, refusal.status, refusal.message, refusal.code) : handler(x, reply);
    });

  /** One page of a list (seed 002, Transactions), shared by the customer and the account lists. */
  const list = (x: Exchange, reply: FastifyReply) => {
    const { window: w, order, sortKey: key } = x as Required<Exchange>;
    const matching = transactionsOfAccounts(
      world,
      x.accounts.map((a) => a.id),
    )
      .filter((t) => x.sees(t) && inWindow(w, t) && (x.pending || t.status !== 'pending'))
      .sort((a, b) => (order === 'asc' ? key(a) - key(b) || a.id - b.id : key(b) - key(a) || b.id - a.id));
    x.found = changed(x, { op: 'found', found: matching }).found;
    const paged = page(x.found, x.page!, sizeOf(x));
    const body: Record<string, unknown> = {
      found: paged.found,
      displaying: paged.displaying,
      moreAvailable: String(paged.moreAvailable),
      fromDate: String(w.from),
      toDate: String(w.to),
      sort: x.sort,
      transactions: paged.slice.map(x.show),
    };
    // provider 1.35.0 GetCustomerAccountTransactions showDailyBalance (declared on the account list only).
    if (x.input.query.showDailyBalance === true)
      body.dailyBalances = dailyBalances(
        x,
        x.account!,
        paged.slice.filter((t) => t.status !== 'pending'),
      );
    return answer(x, reply, { status: 200, body, shown: paged.slice });
  };

  /** provider 1.35.0, DailyBalance: each day's beginning and ending balance, counted back from the current balance. */
  function dailyBalances(x: Exchange, account: Account, listed: Transaction[]) {
    const ledger = changed(x, {
      op: 'ledger',
      counted: transactionsOfAccounts(world, [account.id]).filter((t) => x.sees(t) && t.status !== 'pending'),
      inDay: (t, day) => keyOf(t) >= day && keyOf(t) < day + DAY_S,
    });
    const sum = (keep: (t: Transaction) => boolean) => ledger.counted.filter(keep).reduce((s, t) => s + t.amount, 0);
    const days = [...new Set(listed.map((t) => dayOf(keyOf(t))))].sort((a, b) => a - b);
    return days.map((day) => {
      const ending = cents(account.balance - sum((t) => keyOf(t) >= day + DAY_S));
      return { date: day, beginning: cents(ending - sum((t) => ledger.inDay(t, day))), ending };
    });
  }

  serve('LoadHistoricTransactionsForCustomerAccount', 'account', ['account'], (x, reply) => {
    const account = x.account!;
    // seed 002, Errors 203: a multi-factor challenge loads nothing. A second call (even forced) adds nothing: range from createdDate.
    const load = changed(x, {
      op: 'load',
      account,
      status: account.mfa ? 203 : 204,
      loaded: account.mfa ? [] : [account],
    });
    for (const a of load.loaded) a.historicLoaded = true;
    if (load.status === 204) account.aggregationAttemptDate = x.nowS;
    return answer(x, reply, { status: load.status, shown: [] });
  });

  const LIST_STEPS: Step[] = ['dates', 'window', 'pending', 'order', 'page'];
  serve('GetAllCustomerTransactions', 'all', ['customer', ...LIST_STEPS], list);
  serve('GetCustomerAccountTransactions', 'account', ['account', ...LIST_STEPS], list);

  const one = (x: Exchange, reply: FastifyReply) =>
    answer(x, reply, { status: 200, body: x.show(x.transaction!), shown: [x.transaction!] });
  const ONE_STEPS: Step[] = ['customer', 'transaction', 'visible'];
  if (uniqueIds) serve('GetTransactionByUniqueTransactionId', 'id', ONE_STEPS, one);
  serve('GetCustomerTransaction', 'id', ONE_STEPS, one);

  serve('GetRecurringTransactions', 'all', ['customer'], (x, reply) => {
    // provider 1.35.0 GetRecurringTransactionsResourceNotFoundErrorResponse: a customer holding no account is 38003.
    const none = ctx.faults
      .seams<CustomerAccountsSeams>('customer-accounts')
      .judge(
        { operationId: 'GetRecurringTransactions', customerId: x.customer!.id, accounts: x.accounts.length },
        'recurring-customer-accounts',
        x.accounts.length === 0 ? { status: 404, code: '38003', message: 'Customer does not have any accounts' } : undefined,
      );
    const refusal = none ?? judged(x, ['accounts']);
    if (refusal) return sendError(ctx, reply, refusal.status, refusal.message, refusal.code);
    const looked = (accounts: Account[]) =>
      transactionsOfAccounts(
        world,
        accounts.map((a) => a.id),
      ).filter(x.sees);
    const body = {
      customerRecurringTransactions: streamsOf(x, looked(x.chosen!)),
      accountRecurringTransactions: x.chosen!.map((a) => ({ accountId: a.id, ...streamsOf(x, looked([a])) })),
    };
    return answer(x, reply, { status: 200, body, shown: [] });
  });

  /** Recurring series: a payee repeated with the same sign (debits: outflows, credits: inflows). */
  function streamsOf(x: Exchange, looked: Transaction[]) {
    const recurringOutflows: unknown[] = [];
    const recurringInflows: unknown[] = [];
    for (const [key, series] of seriesOf(looked)) {
      const change = { op: 'stream', series, looked, stream: streamOf(series, x.nowS), outflow: key.startsWith('out') } as const;
      const { stream, outflow } = changed(x, change);
      (outflow ? recurringOutflows : recurringInflows).push(stream);
    }
    return { recurringOutflows, recurringInflows };
  }
}
