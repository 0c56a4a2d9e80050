// Cash flow and analytics reports (seed 002, Decisioning report generation; rules: schemas/financial-data/rules/reports-analytics.yaml),
// after guard.ts's refusals, handing store.ts the builder of their content. sbca.ts answers at once.
// - Eligibility on the accounts asked (accountIds, else all): cash flow, balance, cash flow analytics and payment history need a
//   checking or savings account, foresight a checking, credit card or savings one; none is a 400 (seed 002; provider 1.35.0).
// - userType business needs the customer's business (404: seed 002 Errors 404); a CRA report needs the consumer (404): personal
//   with forCraPurpose, business with forCraPurpose and a personal guarantor (provider 1.35.0 AnalyticsReportData: "If true, a
//   consumer record will be required"). Only those and the FCRA cash flow personal report name the consumer.
// - The type follows userType and purpose (provider 1.35.0 ReportType and the acks' examples).
// - Content (provider 1.35.0 CashFlowReport; institutions / accounts / analytics / customerAnalytics) is deterministic: the window
//   is [fromDate, creation], at most two years back (provider 1.35.0 "up to two years of transaction history"); posted transactions
//   only; the balance at an instant is the account's balance less the posted transactions after it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../../helpers/contract/operations.js';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import { transactionsOfAccounts, type Account, type AccountType, type Customer, type FdState, type Transaction } from '../state.js';
import {
  accountsAsked,
  type AnalyticsSeams,
  type Answer,
  type Exchange,
  type Filing,
  type Kind,
  type Purpose,
  type Reading,
  type Refusal,
  type Step,
  type Window,
} from './analytics.records.js';
import { generationGuard } from './guard.js';
import { callbackOf, createReport, reportAck } from './store.js';
import { byInstitution, cents, defined, groupBy, idList } from './views.js';

const DEPOSIT: AccountType[] = ['checking', 'savings'];
const FORESIGHT: AccountType[] = ['checking', 'creditCard', 'savings'];

const TITLES: Record<Kind, string> = {
  cfrb: 'Cash Flow Report - Business',
  cfrp: 'Cash Flow Report - Personal',
  balance: 'Balance Analytics',
  cashflow: 'Cash Flow Analytics',
  payhist: 'Payment History Analytics',
  foresight: 'Foresight Analytics',
  pri: 'Payment Risk Insights',
};

/** provider 1.35.0 ReportType, per report kind, userType and purpose (cra / ftc: CRA without a personal guarantor / noncra). */
const TYPES: Partial<Record<Kind, Record<string, Partial<Record<Purpose, string>>>>> = {
  balance: { personal: { cra: 'barpcra', noncra: 'barpnoncra' }, business: { cra: 'barbcra', ftc: 'barbftc', noncra: 'barbnoncra' } },
  cashflow: { personal: { cra: 'cfrpcra', noncra: 'cfrpnoncra' }, business: { cra: 'cracfrbcra', ftc: 'cfrbftc', noncra: 'cfrbnoncra' } },
  payhist: { business: { cra: 'phrbcra', ftc: 'phrbftc', noncra: 'phrbnoncra' } },
  // provider 1.42.0: the payment risk insights report's kinds in its examples of the 202.
  pri: { personal: { cra: 'pripcra', noncra: 'pripnoncra' }, business: { cra: 'pribcra', ftc: 'pribftc', noncra: 'pribnoncra' } },
};

/** A six-character pin per report (provider 1.35.0 ReportPin), derived from its id. */
const pinOf = (id: string) => [...id].reverse().join('').slice(0, 6);

export function registerAnalyticsReports(app: FastifyInstance, ctx: FdContext): void {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<AnalyticsSeams>('analytics');
  const state = stateThrough(seams);
  const answer = answerThrough<Exchange, Answer>(seams);
  const refused = (r: Refusal | undefined, reply: FastifyReply) => (r ? sendError(ctx, reply, r.status, r.message) : undefined);

  const exchange = (op: FdOperationId, kind: Kind, input: Input, customerId: string, types: AccountType[]): Exchange => ({
    op,
    kind,
    input,
    world,
    customerId,
    types,
    accounts: [],
    typeOf: (userType, purpose) => TYPES[kind]![userType][purpose] ?? TYPES[kind]![userType].noncra!,
    queue: () => undefined,
  });
  const businessOf = (customerId: string) => {
    const id = [...(world.businessesOf.get(customerId) ?? [])][0];
    return id ? world.businesses.get(id) : undefined;
  };

  const judged = judgeThrough<Exchange, Step, Refusal>(seams, {
    usertype: () => undefined,
    // A CRA report needs the consumer: personal, or business with a personal guarantor (provider 1.35.0 AnalyticsReportData).
    consumer: (x) => {
      const data = (x.input.body.analyticsReportData ?? {}) as { forCraPurpose?: boolean; applicantIsPersonalGuarantor?: boolean };
      x.purpose = !data.forCraPurpose ? 'noncra' : x.userType === 'personal' || data.applicantIsPersonalGuarantor ? 'cra' : 'ftc';
      x.needsConsumer = x.purpose === 'cra';
      return undefined;
    },
    // seed 002 Errors 404 (resource not found): userType business needs the customer's business.
    business: (x) =>
      x.userType === 'business' && !businessOf(x.customerId)
        ? { status: 404, message: `Business not found for customer ${x.customerId}` }
        : undefined,
    // provider 1.35.0 InvalidForesightReportRequestExample: at least one of the two sources.
    source: (x) =>
      x.input.body.customerId === undefined && x.input.body.externalCustomerId === undefined
        ? { status: 400, message: 'At least one of customerId or externalCustomerId is required' }
        : undefined,
    customer: (x) => {
      x.external = x.input.body.customerId === undefined;
      return undefined;
    },
    types: () => undefined,
    accounts: (x) => {
      x.accounts = x.customerId ? accountsAsked(world, x.customerId, x.input.body.accountIds, x.types) : [];
      return undefined;
    },
    // seed 002: "otherwise 400" when no account of the types is among those asked.
    eligible: (x) =>
      x.customerId && x.accounts.length === 0
        ? {
            status: 400,
            message: `Bad request (no ${x.kind === 'foresight' ? 'checking, credit card or savings' : 'checking or savings'} account found for the report)`,
          }
        : undefined,
    read: (x) => {
      x.read = x.accounts;
      return undefined;
    },
  });

  /** The report filed for `customer` as the seam's filing says; `build` its content from its window and how it reads. */
  const file = (
    x: Exchange,
    customer: Customer,
    filing: Filing,
    build: (w: Window, reading: Reading) => Record<string, unknown>,
    extra?: (id: string, f: Filing) => Record<string, unknown>,
  ) => {
    const f = state(x, { kind: 'filing', filing }).filing;
    const report = createReport(ctx, {
      type: f.type,
      title: TITLES[x.kind],
      customer,
      consumer: f.consumer,
      callbackUrl: callbackOf(x.input.query),
      constraints: f.constraints,
      build: (r) => {
        const reading = state(x, { kind: 'reading', reading: READING }).reading;
        return build(reading.window(x.input.body.fromDate, r.createdDate), reading);
      },
    });
    if (extra) report.extra = extra(report.id, f);
    return report;
  };

  // --- Cash flow reports (cfrb: no consumer, not FCRA; cfrp: FCRA, the consumer's)
  for (const [operationId, kind] of [
    ['GenerateCashFlowBusinessReport', 'cfrb'],
    ['GenerateCashFlowPersonalReport', 'cfrp'],
  ] as const) {
    route(app, ctx, operationId, (input, reply) => {
      const { path, body } = input;
      const personal = kind === 'cfrp';
      const guarded = generationGuard(ctx, reply, path.customerId, personal);
      if (!guarded) return;
      const x = exchange(operationId, kind, input, path.customerId, DEPOSIT);
      x.queue = () => file(x, guarded.customer, { type: kind, constraints: defined({ accountIds: idList(body.accountIds) }) }, () => ({}));
      const refusal = judged(x, ['types', 'accounts', 'eligible', 'read']);
      if (refusal) return refused(refusal, reply);
      const constraints = defined({
        accountIds: idList(body.accountIds),
        reportCustomFields: body.reportCustomFields,
        showNsf: body.showNsf,
        fromDate: body.fromDate,
        incomeStreamConfidenceMinimum: body.incomeStreamConfidenceMinimum,
      });
      const filing = { type: kind, consumer: personal ? guarded.consumer : undefined, constraints };
      const report = file(x, guarded.customer, filing, (w) => cashFlowContent(world, x.read!, w));
      return answer(x, reply, { status: 202, body: reportAck(report) });
    });
  }

  // --- Balance analytics, cash flow analytics, payment history
  const analytics = (operationId: FdOperationId, kind: 'balance' | 'cashflow' | 'payhist' | 'pri') => {
    route(app, ctx, operationId, (input, reply) => {
      const { path, body } = input;
      const x = exchange(operationId, kind, input, path.customerId, DEPOSIT);
      x.userType = kind === 'payhist' ? 'business' : path.userType;
      judged(x, ['usertype', 'consumer']);
      const guarded = generationGuard(ctx, reply, path.customerId, x.needsConsumer!);
      if (!guarded) return;
      const refusal = judged(x, ['business', 'types', 'accounts', 'eligible', 'read']);
      if (refusal) return refused(refusal, reply);
      const business = businessOf(path.customerId);
      const filing: Filing = {
        type: x.typeOf(x.userType!, x.purpose!),
        consumer: x.purpose === 'cra' ? guarded.consumer : undefined,
        constraints: defined({
          analyticsReportData: body.analyticsReportData,
          accountIds: idList(body.accountIds),
          reportCustomFields: body.reportCustomFields,
          fromDate: body.fromDate,
        }),
        businessDetails:
          x.userType === 'business' && business
            ? { businessId: business.id, name: business.fields.name, address: business.fields.address ?? {} }
            : undefined,
      };
      const report = file(
        x,
        guarded.customer,
        filing,
        (w, reading) => analyticsContent(kind, world, x.read!, w, reading),
        (id, f) => defined({ businessDetails: f.businessDetails, reportPin: kind === 'payhist' ? undefined : pinOf(id) }),
      );
      return answer(x, reply, { status: 202, body: reportAck(report) });
    });
  };
  analytics('GenerateBalanceAnalyticsReport', 'balance');
  analytics('GenerateCashflowAnalyticsReport', 'cashflow');
  analytics('GeneratePaymentHistoryReport', 'payhist');
  // provider 1.42.0: the payment risk insights report, an analytics report of the same guards and content.
  if (ctx.contract.operations.has('GeneratePaymentRiskInsightsReport')) analytics('GeneratePaymentRiskInsightsReport', 'pri');

  // --- Foresight analytics (non-CRA, no consumer; checking, credit card or savings)
  const foresight = (
    x: Exchange,
    reply: FastifyReply,
    customer: Customer,
    constraints: Record<string, any>,
    extra?: Record<string, unknown>,
  ) => {
    x.customerId = customer.id;
    const refusal = judged(x, ['types', 'accounts', 'eligible', 'read']);
    if (refusal) return void refused(refusal, reply);
    const wanted = (constraints.analyticsReportData?.analytics as string[] | undefined) ?? ['benchmarking', 'forecasting'];
    const options = { forecast: wanted.includes('forecasting'), benchmark: wanted.includes('benchmarking') };
    return file(
      x,
      customer,
      { type: 'farpbfnoncra', constraints: defined({ ...constraints }) },
      (w, reading) => analyticsContent('foresight', world, x.read!, w, reading, options),
      (id) => ({ reportPin: pinOf(id), ...extra }),
    );
  };

  route(app, ctx, 'GenerateForesightAnalyticsNonCraReport', (input, reply) => {
    const guarded = generationGuard(ctx, reply, input.path.customerId, false);
    if (!guarded) return;
    const x = exchange('GenerateForesightAnalyticsNonCraReport', 'foresight', input, guarded.customer.id, FORESIGHT);
    const report = foresight(x, reply, guarded.customer, input.body);
    if (report) return answer(x, reply, { status: 202, body: reportAck(report) });
  });

  route(app, ctx, 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport', (input, reply) => {
    const { customerId, externalCustomerId, ...constraints } = input.body as Record<string, any>;
    const x = exchange('GenerateForesightAnalyticsFirstThirdPartyNonCraReport', 'foresight', input, '', FORESIGHT);
    const refusal = judged(x, ['source', 'customer']);
    if (refusal) return refused(refusal, reply);
    let customer = x.customer;
    if (!customer && !x.external) {
      const guarded = generationGuard(ctx, reply, String(customerId), false);
      if (!guarded) return;
      customer = guarded.customer;
    }
    // Enriched data only: no customer of the partner; the report carries none (the store needs an owner record).
    customer ??= { id: '', partnerId: input.partner?.id ?? '', username: '', type: 'active', createdDate: 0 };
    const extra =
      customerId === undefined ? { customerId: undefined, customerType: undefined, externalCustomerId } : defined({ externalCustomerId });
    const report = foresight(x, reply, customer, constraints, extra);
    if (!report) return;
    report.constraints = defined({ ...constraints, customerId, externalCustomerId });
    return answer(x, reply, { status: 202, body: reportAck(report) });
  });
}

// --- Content, built when the report completes.

const HISTORY_DAYS = 730;

interface Period extends Window {
  monthS: number;
}

/** How a report reads the customer's data, as documented (each member bent at the state seam: analytics.records.ts Reading). */
const READING: Reading = {
  // provider 1.35.0: up to two years of transaction history; two years without a fromDate.
  window: (fromDate, endS) => {
    const floor = endS - HISTORY_DAYS * DAY_S;
    const from = typeof fromDate === 'number' ? fromDate : floor;
    return { startS: Math.min(Math.max(from, floor), endS), endS };
  },
  outflow: (periods) => periods,
  customer: (all) => all,
};

const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The posted transactions of an account, oldest first (all of them, or those inside the window). */
function postedOf(world: FdState, accountId: string, w?: Window): Transaction[] {
  const out: Transaction[] = [];
  for (const t of transactionsOfAccounts(world, [accountId])) {
    if (t.status !== 'active') continue;
    if (w && (t.postedDate < w.startS || t.postedDate > w.endS)) continue;
    out.push(t);
  }
  return out.sort((a, b) => a.postedDate - b.postedDate || a.id - b.id);
}

/** Calendar months (UTC) cut to the window: the first starts at startS, the last ends at endS. */
function months(w: Window): Period[] {
  const out: Period[] = [];
  let d = new Date(w.startS * 1000);
  let monthS = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  while (monthS <= w.endS) {
    d = new Date(monthS * 1000);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
    out.push({ monthS, startS: Math.max(monthS, w.startS), endS: Math.min(next - 1, w.endS) });
    monthS = next;
  }
  return out;
}

function stats(values: number[]) {
  if (values.length === 0) return { sum: null, count: 0, mean: null, median: null, min: null, max: null, standardDeviation: null };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = values.reduce((s, v) => s + v, 0);
  const mean = sum / values.length;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return {
    sum: cents(sum),
    count: values.length,
    mean: cents(mean),
    median: cents(median),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    standardDeviation: cents(sd),
  };
}

const inPeriod = (txs: Transaction[], p: { startS: number; endS: number }) =>
  txs.filter((t) => t.postedDate >= p.startS && t.postedDate <= p.endS);
const credits = (txs: Transaction[]) => txs.filter((t) => t.amount > 0);
const debits = (txs: Transaction[]) => txs.filter((t) => t.amount < 0);
const amounts = (txs: Transaction[]) => txs.map((t) => t.amount);

/** The accounts grouped by institution, each rendered by `render` (provider: institutions[].accounts[]). */
const institutions = (world: FdState, accounts: Account[], render: (a: Account) => Record<string, unknown>) =>
  byInstitution(
    world,
    accounts,
    (id, name) => ({ id, name: name ?? id }),
    (a) => ({
      id: a.id,
      name: a.name,
      type: a.type,
      currentBalance: a.balance,
      availableBalance: a.availableBalance,
      balanceDate: a.balanceDate,
      currency: a.currency,
      ...render(a),
    }),
  );

const head = (w: Window) => ({ startDate: w.startS, endDate: w.endS, days: Math.round((w.endS - w.startS) / DAY_S) });

/** Cash flow reports (cfrb, cfrp): transactions and monthly credits / debits per account and summed. */
function cashFlowContent(world: FdState, accounts: Account[], w: Window) {
  const periods = months(w);
  /** Each month's credits or debits: their number, total, largest (Math.max of credits, Math.min of debits) and average. */
  const side = (txs: Transaction[], pick: typeof credits, name: 'Credit' | 'Debit', largest: (...n: number[]) => number) =>
    periods.map((p) => {
      const c = pick(inPeriod(txs, p));
      const total = c.reduce((s, t) => s + t.amount, 0);
      return {
        month: p.monthS,
        [`numberOf${name}s`]: c.length,
        [`total${name}sAmount`]: cents(total),
        [`largest${name}`]: c.length ? largest(...amounts(c)) : 0,
        [`average${name}Amount`]: c.length ? cents(total / c.length) : 0,
      };
    });
  const monthly = (txs: Transaction[]) => ({
    credits: side(txs, credits, 'Credit', Math.max),
    debits: side(txs, debits, 'Debit', Math.min),
  });
  // provider 1.35.0 CashFlowCashFlowCredit, CashFlowCashFlowDebit, CashFlowCashFlowCharacteristic: the totals of the last 2, 6 and
  // 12 months, and the nets (credits less debits) over them and over every month.
  const figures = (m: ReturnType<typeof monthly>) => {
    const total = (n: number, list: Record<string, number>[], key: string) => cents(list.slice(-n).reduce((s, r) => s + r[key], 0));
    const net = (n: number) => cents(total(n, m.credits, 'totalCreditsAmount') - Math.abs(total(n, m.debits, 'totalDebitsAmount')));
    const average = (n: number) => cents(net(n) / Math.max(1, Math.min(n, m.credits.length)));
    const totals = (list: Record<string, number>[], key: string, name: string) =>
      Object.fromEntries(
        (
          [
            [12, 'twelve'],
            [6, 'six'],
            [2, 'two'],
          ] as const
        ).map(([n, w]) => [`${w}Month${name}Total`, total(n, list, key)]),
      );
    return {
      credit: totals(m.credits, 'totalCreditsAmount', 'Credit'),
      debit: totals(m.debits, 'totalDebitsAmount', 'Debit'),
      characteristic: {
        averageMonthlyNet: average(m.credits.length),
        twelveMonthTotalNet: net(12),
        sixMonthAverageTotalCreditsLessTotalDebits: average(6),
        twoMonthAverageTotalCreditsLessTotalDebits: average(2),
      },
    };
  };
  const all: Transaction[] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = postedOf(world, a.id, w);
    all.push(...txs);
    const m = monthly(txs);
    const f = figures(m);
    return {
      transactions: txs.map((t) => ({ id: String(t.id), amount: t.amount, postedDate: t.postedDate, description: t.description })),
      cashFlowCredit: { monthlyCashFlowCredits: m.credits, ...f.credit },
      cashFlowDebit: { monthlyCashFlowDebits: m.debits, ...f.debit },
      cashFlowCharacteristic: f.characteristic,
    };
  });
  const summary = monthly(all);
  const days = head(w).days;
  return {
    ...head(w),
    // provider 1.35.0 CashFlowReport.seasoned: true when the report covers more than 365 days.
    seasoned: days > 365,
    institutions: inst,
    cashFlowCreditSummary: { monthlyCashFlowCreditSummaries: summary.credits },
    cashFlowDebitSummary: { monthlyCashFlowDebitSummaries: summary.debits },
  };
}

const monthlyAttr = (name: string, key: 'aggregatedByTimePeriods' | 'reportedByTimePeriods', periods: Record<string, unknown>[]) => ({
  attributeName: name,
  [key]: [{ timeIntervalType: 'MONTHLY_CALENDAR', periods }],
});
const periodDates = (p: Period) => ({ startDate: iso(p.startS), endDate: iso(p.endS) });

/** ASSET_BALANCE per month: daily end-of-day balances, the balance before the month and after it. */
function balancePeriods(world: FdState, a: Account, w: Window) {
  const all = postedOf(world, a.id);
  // after[i]: the sum of the posted transactions from the i-th (oldest first) on.
  const after = new Array<number>(all.length + 1).fill(0);
  for (let i = all.length - 1; i >= 0; i--) after[i] = after[i + 1] + all[i].amount;
  const balanceAt = (s: number) => {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid].postedDate > s) hi = mid;
      else lo = mid + 1;
    }
    return cents(a.balance - after[lo]);
  };
  return months(w).map((p) => {
    const daily: number[] = [];
    for (let day = p.startS; day <= p.endS; day += DAY_S) daily.push(balanceAt(Math.min(day + DAY_S - 1, p.endS)));
    return { ...periodDates(p), ...stats(daily), beginningValue: balanceAt(p.startS - 1), endingValue: balanceAt(p.endS) };
  });
}

const flowPeriods = (txs: Transaction[], w: Window, pick: (t: Transaction[]) => Transaction[]) =>
  months(w).map((p) => ({ ...periodDates(p), ...stats(amounts(pick(inPeriod(txs, p)))) }));

type AnalyticsKind = 'balance' | 'cashflow' | 'payhist' | 'foresight' | 'pri';

// provider 1.35.0 StreamModel: one account's transactions with one counterparty (description) seen three times or more, its payee or
// payor, cadence (mean days between), recency (days to the window's end) and ids, oldest first.
function streamsOf(txs: Transaction[], w: Window) {
  return [...groupBy(txs, (t) => `${t.accountId}\n${t.description}`).values()]
    .filter((list) => list.length >= 3)
    .map((list) => {
      const sorted = [...list].sort((a, b) => a.postedDate - b.postedDate || a.id - b.id);
      const [first, last] = [sorted[0].postedDate, sorted[sorted.length - 1].postedDate];
      const party = sorted[0].description;
      return {
        id: `${sorted[0].accountId}-${party.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        ...(sorted[0].amount < 0 ? { payee: party } : { payor: party }),
        cadence: Math.round((last - first) / DAY_S / (sorted.length - 1)),
        recency: Math.floor((w.endS - last) / DAY_S),
        transactionIds: sorted.map((t) => String(t.id)),
      };
    });
}

/** The analytics of a set of transactions (one account's, or all of the report's). */
function analyticsOf(
  kind: AnalyticsKind,
  txs: Transaction[],
  w: Window,
  reading: Reading,
  extra: { balance?: Record<string, unknown>[]; forecast?: boolean; benchmark?: boolean },
) {
  if (kind === 'balance')
    return {
      transactionalAttributes: [],
      stateAttributes: [monthlyAttr('ASSET_BALANCE', 'reportedByTimePeriods', extra.balance ?? [])],
      streams: streamsOf(txs, w),
    };
  if (kind === 'cashflow')
    return {
      transactionalAttributes: [
        monthlyAttr('CASH_INFLOW', 'aggregatedByTimePeriods', flowPeriods(txs, w, credits)),
        monthlyAttr('CASH_OUTFLOW', 'aggregatedByTimePeriods', reading.outflow(flowPeriods(txs, w, debits))),
      ],
      stateAttributes: [
        monthlyAttr(
          'NET_CASH_FLOW',
          'reportedByTimePeriods',
          flowPeriods(txs, w, (t) => t),
        ),
      ],
      streams: streamsOf(txs, w),
    };
  const whole = { startDate: iso(w.startS), endDate: iso(w.endS) };
  const out = debits(txs);
  const period = { ...whole, ...stats(amounts(out)) };
  const monthsN = Math.max(1, Math.round((w.endS - w.startS) / (30 * DAY_S)));
  const attr: Record<string, unknown> = {
    attributeName: kind === 'payhist' ? 'CASH_OUTFLOW' : 'TOTAL_SPENDING',
    aggregatedByTimePeriods: [{ timeIntervalType: 'HISTORICALLY', periods: [period] }],
    transactionIds: out.map((t) => String(t.id)),
  };
  if (extra.forecast)
    attr.projectedValues = [{ timeUnit: 'MONTHS', timeValue: 3, projectionValue: cents(((period.sum ?? 0) / monthsN) * 3) }];
  if (extra.benchmark)
    (attr.aggregatedByTimePeriods as Record<string, unknown>[])[0].cohortBenchmarkPeriods = [{ ...whole, cohortValues: [] }];
  return { transactionalAttributes: [attr], stateAttributes: [], streams: streamsOf(txs, w) };
}

/** The analytics reports (balance, cash flow analytics, payment history, foresight). */
function analyticsContent(
  kind: AnalyticsKind,
  world: FdState,
  accounts: Account[],
  w: Window,
  reading: Reading,
  options: { forecast?: boolean; benchmark?: boolean } = {},
) {
  const all: Transaction[] = [];
  const balances: Record<string, unknown>[][] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = postedOf(world, a.id, w);
    all.push(...txs);
    const balance = kind === 'balance' ? balancePeriods(world, a, w) : undefined;
    if (balance) balances.push(balance);
    return { analytics: analyticsOf(kind, txs, w, reading, { balance, ...options }) };
  });
  all.sort((a, b) => a.postedDate - b.postedDate);
  // The customer's balance: the accounts' opening and closing balances added month by month.
  const customerBalance =
    kind === 'balance'
      ? months(w).map((p, n) => ({
          ...periodDates(p),
          beginningValue: cents(balances.reduce((s, b) => s + Number(b[n].beginningValue), 0)),
          endingValue: cents(balances.reduce((s, b) => s + Number(b[n].endingValue), 0)),
        }))
      : undefined;
  return {
    ...head(w),
    institutions: inst,
    customerAnalytics: analyticsOf(kind, reading.customer(all, accounts), w, reading, { balance: customerBalance, ...options }),
  };
}
