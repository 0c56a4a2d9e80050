// Asset reports (seed 002, Decisioning report generation; Transactions; rules: schemas/financial-data/rules/reports-assets.yaml):
// VOA, VOAI, prequalification CRA and non-CRA, VOI, statement and transactions reports, after guard.ts's refusals, handing store.ts
// the builder of their content; each step passes the seams of assets.records.ts.
// - Eligibility (seed 002): VOA, VOAI and prequalification need a checking, savings, money market or investment account (VOAI's and
//   prequalification's list: provider 1.35.0), VOI a checking, savings or money market one; otherwise 400.
// - History: VOA 12 months, VOAI 61 days or from fromDate up to 24 months (income 24 months, or from incomeFromDate), VOI two years;
//   a fromDate before the cap is served from the cap (assumption: the sources say "up to" and state no 400).
// - An accountIds id, or the statement report's account, not the customer's is a 404 (seed 002 Errors 404: account; assumption).
// - Content sees what the transaction lists see (the older transactions once the historic load is done), so a spec can compute it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from '../middleware.js';
import { categoryOf } from '../portfolio.js';
import {
  findAccount,
  findCustomer,
  linkedData,
  transactionsOfAccounts,
  type Account,
  type AccountType,
  type Report,
  type Transaction,
} from '../state.js';
import { holderOf } from '../payments-data.records.js';
import { guardInto } from './guard.js';
import { callbackOf, createReport, reportAck } from './store.js';
import { byInstitution, cents, defined, groupBy } from './views.js';
import { limitOf } from '../../../helpers/contract/facts.js';
import type { FdOperationId } from '../../../helpers/contract/operations.js';
import {
  capped,
  DAY_S,
  daysBefore,
  ELIGIBLE,
  monthsBefore,
  monthStart,
  type AssetSeams,
  type ContentOptions,
  type Exchange,
  type Filing,
  type Kind,
  type Reading,
  type Refusal,
  type Step,
} from './assets.records.js';

const TITLES: Record<Kind, string> = {
  voa: 'Verification of Assets',
  voaHistory: 'Verification of Assets with Income - Transactions',
  preQualVoa: 'Asset Ready Report (CRA)',
  assetSummary: 'Asset Ready Report (non-CRA)',
  voi: 'Verification of Income',
  statement: 'Statement Report',
  transactions: 'Transactions Report',
};

/** A white-space separated account id list as the ack echoes it (provider 1.35.0 ReportAccountIds). */
const idList = (text: unknown) => (typeof text === 'string' && text.trim() ? text.split(/\s+/).filter(Boolean) : undefined);
const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));

/** How a report's content reads the customer's data, as documented (each member bent at the state seam: assets.records.ts Reading). */
const READING: Reading = {
  held: () => true,
  amount: (t) => t.amount,
  spanStart: (earliest, window) => earliest ?? window.from,
};

export function registerAssetReports(app: FastifyInstance, ctx: FdContext): void {
  const world = ctx.state;
  const seams = ctx.faults.seams<AssetSeams>('assets');
  const state = stateThrough(seams);
  const refused = (r: Refusal | undefined, reply: FastifyReply) => (r ? sendError(ctx, reply, r.status, r.message) : undefined);
  // seed 002, Limits: the VOA, VOAI (and its default) and VOI history windows, the transactions report window (the contract's x-limits).
  const limits = {
    voaMonths: limitOf(ctx.contract, 'voaHistoryMonths'),
    voaiMonths: limitOf(ctx.contract, 'voaiHistoryMonths'),
    voaiDefaultDays: limitOf(ctx.contract, 'voaiDefaultHistoryDays'),
    voiMonths: limitOf(ctx.contract, 'voiHistoryMonths'),
    txreportMonths: limitOf(ctx.contract, 'transactionsReportMonths'),
  };
  const exchange = (op: FdOperationId, kind: Kind, input: Input): Exchange => ({
    op,
    kind,
    input,
    world,
    now: ctx.clock.nowEpochSeconds(),
    limits,
  });
  /** The types a report of `x` reads, for its eligibility gate or its content. */
  const typesOf = (x: Exchange, use: 'gate' | 'content') => state(x, { kind: 'types', types: ELIGIBLE[x.kind], use }).types;

  const judged = judgeThrough<Exchange, Step, Refusal>(seams, {
    // seed 002 Errors 404 (assumption FD-ASSETS-ACCOUNT-IDS): an accountIds entry that is not the customer's account.
    'account-ids': (x) => (x.unknown === undefined ? undefined : { status: 404, message: `Account not found: ${x.unknown}` }),
    // A fromDate before the history cap is served from the cap (assumption: the sources say "up to" and state no 400).
    cap: () => undefined,
    // seed 002: no account of an eligible type, 400.
    eligible: (x) =>
      x.eligible!.length > 0
        ? undefined
        : { status: 400, message: `Bad request. (No eligible account type for a ${x.kind} report: ${x.types!.join(', ')}).` },
    // seed 002, Transactions: required report from and to dates.
    dates: (x) =>
      x.from === undefined || x.to === undefined
        ? { status: 400, message: `"${x.from === undefined ? 'fromDate' : 'toDate'}" is required` }
        : undefined,
    // provider 1.35.0: toDate later than fromDate.
    order: (x) => (x.to! < x.from! ? { status: 400, message: 'toDate must be later than fromDate' } : undefined),
    // seed 002: at most transactionsReportMonths between fromDate and toDate.
    window: (x) =>
      x.from! < monthsBefore(x.to!, limits.txreportMonths)
        ? { status: 400, message: `There cannot be more than ${limits.txreportMonths} months between fromDate and toDate` }
        : undefined,
    // seed 002 Errors 404: an account that is not the customer's.
    'statement-account': (x) =>
      x.account ? undefined : { status: 404, message: `Account not found: ${x.statement!.accountId ?? '(none)'}` },
  });

  /** The shared guards (404 customer, 403 freeze, 404 consumer), the customer and its consumer kept on the exchange. */
  const guard = (x: Exchange, reply: FastifyReply) => guardInto(ctx, reply, x);

  /** The accounts named by accountIds (undefined: all) judged: each must be the customer's account. */
  const namedAccounts = (x: Exchange) => {
    x.named = idList(x.input.body.accountIds);
    x.unknown = x.named?.find((id) => !findAccount(world, x.customer!.id, id));
    return judged(x, ['account-ids']);
  };

  /** The report of `x` with `constraints` filed as the filing the seam leaves says; its content built through the content seam. */
  const file = (x: Exchange, reply: FastifyReply, constraints: Filing['constraints'], build: (r: Report) => Record<string, unknown>) => {
    const made: Filing = { type: x.kind, title: TITLES[x.kind], callbackUrl: callbackOf(x.input.query), constraints };
    const { type, title, callbackUrl, constraints: echoed } = state(x, { kind: 'filing', filing: made }).filing;
    const report = createReport(ctx, {
      type,
      title,
      customer: x.customer!,
      consumer: x.consumer,
      callbackUrl,
      constraints: defined(echoed),
      build: (r) => state(x, { kind: 'content', content: build(r), report: r }).content,
    });
    return reply.code(202).send(reportAck(report));
  };
  /** The content of a report with a window or income: its accounts, options and reading through the seams. */
  const content = (x: Exchange, r: Report, options: ContentOptions) =>
    buildContent(
      ctx,
      r.id,
      reportAccounts(ctx, r.customerId, typesOf(x, 'content'), x.named),
      state(x, { kind: 'options', options, report: r }).options,
      state(x, { kind: 'reading', reading: READING }).reading,
      x.kind,
    );

  /** provider 1.35.0 ShowNsf: the insufficient funds summary only when asked. */
  const nsfOf = (body: Record<string, unknown>, from: number, months: 2 | 6): Pick<ContentOptions, 'nsf'> =>
    body.showNsf === true ? { nsf: { from, months } } : {};

  interface Spec {
    kind: Kind;
    /** The content's options once the report completes (its createdDate is the window's end). */
    options: (createdDate: number, body: Record<string, unknown>) => ContentOptions;
    /** The constraints the ack echoes beyond the shared ones (provider 1.35.0 *ConstraintsOut). */
    echo: (body: Record<string, unknown>) => Record<string, unknown>;
    /** The history cap in months, where fromDate has one. */
    capMonths?: number;
  }

  /** VOA, VOAI, prequalification and VOI: guard, accounts named, fromDate, eligibility (400), then the report. */
  const assetReport = (op: FdOperationId, spec: Spec) => {
    route(app, ctx, op, (input, reply) => {
      const { body } = input;
      const x = exchange(op, spec.kind, input);
      if (!guard(x, reply)) return reply;
      const unnamed = namedAccounts(x);
      if (unnamed) return refused(unnamed, reply);
      x.fromDate = num(body.fromDate);
      x.capMonths = spec.capMonths;
      x.types = typesOf(x, 'gate');
      x.eligible = reportAccounts(ctx, x.customer!.id, x.types, x.named);
      const refusal = judged(x, spec.capMonths ? ['cap', 'eligible'] : ['eligible']);
      if (refusal) return refused(refusal, reply);
      const constraints = {
        accountIds: idList(body.accountIds),
        reportCustomFields: body.reportCustomFields,
        fromDate: body.fromDate,
        ...spec.echo(body),
      };
      return file(x, reply, constraints, (r) => content(x, r, spec.options(r.createdDate, body)));
    });
  };

  assetReport('GenerateVOAReport', {
    kind: 'voa',
    capMonths: limits.voaMonths,
    echo: (body) => ({ showNsf: body.showNsf }),
    options: (created, body) => {
      const cap = monthsBefore(created, limits.voaMonths);
      const from = capped(num(body.fromDate), cap, cap);
      return { window: { from, to: created }, consolidated: true, ...nsfOf(body, from, 2) };
    },
  });

  assetReport('GenerateVOAWithIncomeReport', {
    kind: 'voaHistory',
    capMonths: limits.voaiMonths,
    echo: (body) => ({
      showNsf: body.showNsf,
      incomeFromDate: body.incomeFromDate,
      incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
    }),
    options: (created, body) => {
      const cap = monthsBefore(created, limits.voaiMonths);
      const from = capped(num(body.fromDate), cap, daysBefore(created, limits.voaiDefaultDays));
      // seed 002: income credits up to 24 months regardless of fromDate; incomeFromDate alters them.
      const incomeFrom = capped(num(body.incomeFromDate), cap, cap);
      return {
        window: { from, to: created },
        income: { from: incomeFrom, to: created, confidenceMin: num(body.incomeStreamConfidenceMinimum) },
        ...nsfOf(body, from, 2),
      };
    },
  });

  for (const [op, kind] of [
    ['GeneratePrequalificationCRAReport', 'preQualVoa'],
    ['GeneratePrequalificationNonCRAReport', 'assetSummary'],
  ] as const) {
    assetReport(op, {
      kind,
      echo: (body) => ({ showNsf: body.showNsf }),
      options: (_created, body) => ({ consolidated: true, ...nsfOf(body, num(body.fromDate) ?? 0, 6) }),
    });
  }

  assetReport('GenerateVOIReport', {
    kind: 'voi',
    capMonths: limits.voiMonths,
    echo: (body) => ({ incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum }),
    options: (created, body) => {
      const cap = monthsBefore(created, limits.voiMonths);
      const from = capped(num(body.fromDate), cap, cap);
      return { window: { from, to: created }, income: { from, to: created, confidenceMin: num(body.incomeStreamConfidenceMinimum) } };
    },
  });

  route(app, ctx, 'GenerateTransactionsReport', (input, reply) => {
    const { query, body } = input;
    const x = exchange('GenerateTransactionsReport', 'transactions', input);
    x.from = num(query.fromDate);
    x.to = num(query.toDate);
    const refusal = judged(x, ['dates', 'order', 'window']);
    if (refusal) return refused(refusal, reply);
    if (!guard(x, reply)) return reply;
    const unnamed = namedAccounts(x);
    if (unnamed) return refused(unnamed, reply);
    const window = { from: x.from!, to: x.to!, pending: query.includePending === true };
    const constraints = {
      accountIds: idList(body.accountIds),
      fromDate: window.from,
      toDate: window.to,
      includePending: window.pending,
      reportCustomFields: body.reportCustomFields,
      findTransaction: body.findTransaction,
    };
    return file(x, reply, constraints, (r) => content(x, r, { window, find: body.findTransaction }));
  });

  route(app, ctx, 'GenerateStatementReport', (input, reply) => {
    const { body } = input;
    const x = exchange('GenerateStatementReport', 'statement', input);
    if (!guard(x, reply)) return reply;
    const data = (x.statement = (body.statementReportData ?? {}) as { accountId?: number; statementIndex?: number });
    x.account = data.accountId === undefined ? undefined : findAccount(world, x.customer!.id, String(data.accountId));
    x.index = data.statementIndex ?? 1;
    const refusal = judged(x, ['statement-account']);
    if (refusal) return refused(refusal, reply);
    const account = x.account!;
    const index = x.index;
    const constraints = {
      statementReportData: { accountId: data.accountId ?? Number(account.id), statementIndex: index },
      reportCustomFields: body.reportCustomFields,
    };
    return file(x, reply, constraints, (r) => {
      // An asset id in the provider's form (a UUID, then the customer id), deterministic per report.
      const h = createHash('sha256').update(`statement-report:${r.id}:${account.id}:${index}`).digest('hex');
      return { assetId: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}-${r.customerId}` };
    });
  });
}

// --- Content, built when the report completes.

/** The transactions aggregation holds for an account: standard history, and the older ones once loaded. */
export function heldTransactions(ctx: FdContext, account: Account): Transaction[] {
  return transactionsOfAccounts(ctx.state, [account.id])
    .filter((t) => !t.historic || account.historicLoaded)
    .sort((a, b) => b.postedDate - a.postedDate || b.id - a.id);
}

/** The customer's accounts a report covers: its eligible types, limited to `named` when given. */
export function reportAccounts(ctx: FdContext, customerId: string, types: readonly AccountType[] | undefined, named?: string[]): Account[] {
  // Every account findAccount would give: the customer's, while the customer exists.
  const accounts = findCustomer(ctx.state, customerId, undefined) ? linkedData(ctx.state, customerId).accounts : [];
  return accounts.filter((a) => (!types || types.includes(a.type)) && (!named || named.includes(a.id)));
}

function transactionView(t: Transaction) {
  return {
    id: t.id,
    amount: t.amount,
    postedDate: t.postedDate,
    description: t.description,
    memo: `${t.description} ${t.id % 1000}`,
    category: categoryOf(t.description),
    type: t.amount < 0 ? 'debit' : 'credit',
    ...(t.status === 'pending' ? { status: 'pending' } : {}),
  };
}

/** provider 1.35.0 FindTransactionConstraints: every criterion given must hold. */
function matches(t: Transaction, find: Record<string, unknown> | undefined, amount: number): boolean {
  if (!find) return true;
  const view = transactionView(t);
  if (typeof find.findTransactionAmountFrom === 'number' && amount < find.findTransactionAmountFrom) return false;
  if (typeof find.findTransactionAmountTo === 'number' && amount > find.findTransactionAmountTo) return false;
  if (
    typeof find.findTransactionDescriptionMemo === 'string' &&
    find.findTransactionDescriptionMemo !== view.description &&
    find.findTransactionDescriptionMemo !== view.memo
  )
    return false;
  if (
    Array.isArray(find.findTransactionCategory) &&
    find.findTransactionCategory.length > 0 &&
    !find.findTransactionCategory.includes(view.category)
  )
    return false;
  return true;
}

// provider 1.35.0 VOAIReportIncomeStream: one net monthly record per complete calendar month of the income window, netAnnual the sum
// of the last 12, incomeStreamMonths the months its credits were seen in.
function incomeFigures(list: Transaction[], income: { from: number; to: number }) {
  const netMonthly: { month: number; net: number }[] = [];
  for (
    let m = monthStart(income.from, income.from === monthStart(income.from) ? 0 : 1);
    monthStart(m, 1) - 1 <= income.to;
    m = monthStart(m, 1)
  )
    netMonthly.push({
      month: m,
      net: cents(list.filter((t) => t.postedDate >= m && t.postedDate < monthStart(m, 1)).reduce((s, t) => s + t.amount, 0)),
    });
  return {
    netMonthly,
    netAnnual: cents(netMonthly.slice(-12).reduce((s, r) => s + r.net, 0)),
    incomeStreamMonths: new Set(list.map((t) => monthStart(t.postedDate))).size,
  };
}

/** Deposits of one payee, as an income stream (provider 1.35.0 VOIReportIncomeStream). */
function incomeStreams(
  reportId: string,
  account: Account,
  credits: Transaction[],
  income: { from: number; to: number; confidenceMin?: number },
) {
  const confidenceMin = income.confidenceMin;
  return [...groupBy(credits, (t) => t.description)]
    .map(([payee, list], n) => ({
      id: `${reportId}-${account.id}-${n + 1}`,
      name: payee,
      status: 'ACTIVE',
      confidence: Math.min(99, 40 + 5 * list.length),
      ...incomeFigures(list, income),
      transactions: list.map(transactionView),
    }))
    .filter((s) => confidenceMin === undefined || s.confidence >= confidenceMin);
}

/** The description of an insufficient funds fee (the mock's own wording). */
const NSF_FEE = /insufficient funds|\bnsf\b/i;

/** The report's content: institutions with their accounts, the span of the transactions listed. */
export function buildContent(
  ctx: FdContext,
  reportId: string,
  accounts: Account[],
  options: ContentOptions,
  reading: Reading,
  kind: Kind,
): Record<string, unknown> {
  const { window, income } = options;
  let earliest: number | undefined;
  let latest: number | undefined;
  const accountView = (account: Account) => {
    const held = heldTransactions(ctx, account).filter(reading.held);
    const holder = holderOf(ctx.state.customers.get(account.customerId), account);
    const view: Record<string, unknown> = {
      id: Number(account.id),
      number: account.number.slice(-4),
      name: account.name,
      type: account.type,
      currency: account.currency,
      balance: account.balance,
      availableBalance: account.availableBalance,
      balanceDate: account.balanceDate,
      aggregationStatusCode: 0,
      // provider 1.35.0 ReportAccountOwnerName, ReportAccountOwnerAddress: the account's owner, aggregated fresh.
      ownerName: holder.ownerName,
      ownerAddress: holder.ownerAddress,
    };
    if (window) {
      const listed = held.filter(
        (t) =>
          t.postedDate >= window.from &&
          t.postedDate <= window.to &&
          (window.pending || t.status !== 'pending') &&
          matches(t, options.find, reading.amount(t)),
      );
      for (const t of listed) {
        earliest = Math.min(earliest ?? t.postedDate, t.postedDate);
        latest = Math.max(latest ?? t.postedDate, t.postedDate);
      }
      view.transactions = listed.map(transactionView);
    }
    if (options.nsf) {
      // provider 1.35.0 VOAReportAccount, PrequalificationReportAccount: the insufficient funds fees counted
      // since fromDate and over the last months, and the days since the latest (only when there is one).
      const { from, months } = options.nsf;
      const to = window?.to ?? ctx.clock.nowEpochSeconds();
      const fees = held.filter((t) => t.amount < 0 && t.status !== 'pending' && NSF_FEE.test(t.description) && t.postedDate <= to);
      view.totNumberInsufficientFundsFeeDebitTxAccount = fees.filter((t) => t.postedDate >= from).length;
      view[`totNumberInsufficientFundsFeeDebitTxOver${months}MonthsAccount`] = fees.filter(
        (t) => t.postedDate >= monthsBefore(to, months),
      ).length;
      if (fees.length)
        view.totNumberDaysSinceMostRecentInsufficientFundsFeeDebitTxAccount = Math.floor(
          (to - Math.max(...fees.map((t) => t.postedDate))) / DAY_S,
        );
    }
    if (income) {
      const credits = held.filter(
        (t) => t.amount > 0 && t.status !== 'pending' && t.postedDate >= income.from && t.postedDate <= income.to,
      );
      view.incomeStreams = incomeStreams(reportId, account, credits, income);
    }
    return view;
  };
  const content: Record<string, unknown> = {
    institutions: byInstitution(
      ctx.state,
      accounts,
      (id, name) => ({ id: Number(id), name: name ?? `Institution ${id}`, urlHomeApp: `https://institution-${id}.example.test` }),
      accountView,
    ),
  };
  if (window) {
    const start = reading.spanStart(earliest, window);
    const end = latest ?? window.to;
    const days = Math.max(0, Math.round((end - start) / DAY_S));
    // provider 1.35.0: the asset reports are seasoned beyond 180 days, TransactionsReport beyond 365.
    Object.assign(content, { startDate: start, endDate: end, days, seasoned: days > (kind === 'transactions' ? 365 : 180) });
  }
  if (options.consolidated) {
    content.consolidatedAvailableBalance = cents(accounts.reduce((total, a) => total + a.availableBalance, 0));
  }
  return content;
}
