// The content of the cash flow and analytics reports once successful, built from the customer's
// linked data (portfolio.ts) when the report completes: deterministic, so that a check can pin a
// value against what the accounts and transactions readers give. Field names follow provider
// 1.35.0 (CashFlowReport, the analytics reports' institutions / accounts / analytics /
// customerAnalytics); which accounts and which statistics are this mock's reading:
// - the window is [startS, endS]: endS the report's creation, startS its fromDate, at most two
//   years back (provider 1.35.0: "up to two years of transaction history"), two years without one;
// - a report reads the posted (not pending) transactions of its accounts inside the window;
// - the balance at an instant is the account's balance less the posted transactions after it.
import type { FaultSet } from '../kit/faults.js';
import { DAY_S } from './portfolio.js';
import type { Account, Transaction } from './state.js';
import type { FdState as FdWorld } from './state.js';

export const HISTORY_DAYS = 730;

export interface Window { startS: number; endS: number }
interface Period { startS: number; endS: number; monthS: number }

export function windowOf(fromDate: unknown, endS: number, faults: FaultSet): Window {
  const floor = endS - HISTORY_DAYS * DAY_S;
  const from = typeof fromDate === 'number' ? fromDate : floor;
  // Fault: an earlier fromDate reads more than two years.
  return { startS: faults.has('analytics-window-unclamped') ? Math.min(from, endS) : Math.min(Math.max(from, floor), endS), endS };
}

const cents = (n: number) => Math.round(n * 100) / 100;
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The posted transactions of an account, oldest first (all of them, or those inside the window). */
export function postedOf(world: FdWorld, accountId: string, w?: Window): Transaction[] {
  const out: Transaction[] = [];
  for (const t of world.transactions.values()) {
    if (t.accountId !== accountId || t.status !== 'active') continue;
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
  return { sum: cents(sum), count: values.length, mean: cents(mean), median: cents(median), min: sorted[0], max: sorted[sorted.length - 1], standardDeviation: cents(sd) };
}

const inPeriod = (txs: Transaction[], p: { startS: number; endS: number }) => txs.filter((t) => t.postedDate >= p.startS && t.postedDate <= p.endS);
const credits = (txs: Transaction[]) => txs.filter((t) => t.amount > 0);
const debits = (txs: Transaction[]) => txs.filter((t) => t.amount < 0);
const amounts = (txs: Transaction[]) => txs.map((t) => t.amount);

/** The accounts grouped by institution, each rendered by `render` (provider: institutions[].accounts[]). */
function institutions(world: FdWorld, accounts: Account[], render: (a: Account) => Record<string, unknown>) {
  const byInstitution = new Map<string, Account[]>();
  for (const a of accounts) byInstitution.set(a.institutionId, [...(byInstitution.get(a.institutionId) ?? []), a]);
  return [...byInstitution].map(([id, list]) => ({
    id, name: world.institutions.find((i) => i.id === id)?.name ?? id,
    accounts: list.map((a) => ({ id: a.id, name: a.name, type: a.type, currentBalance: a.balance, availableBalance: a.availableBalance, balanceDate: a.balanceDate, currency: a.currency, ...render(a) })),
  }));
}

const head = (w: Window) => ({ startDate: w.startS, endDate: w.endS, days: Math.round((w.endS - w.startS) / DAY_S) });

/** Cash flow reports (cfrb, cfrp): transactions and monthly credits / debits per account and summed. */
export function cashFlowContent(world: FdWorld, accounts: Account[], w: Window, blindWithPending = false) {
  const periods = months(w);
  const monthly = (txs: Transaction[]) => ({
    credits: periods.map((p) => {
      const c = credits(inPeriod(txs, p));
      return { month: p.monthS, numberOfCredits: c.length, totalCreditsAmount: cents(c.reduce((s, t) => s + t.amount, 0)), largestCredit: c.length ? Math.max(...amounts(c)) : 0, averageCreditAmount: c.length ? cents(c.reduce((s, t) => s + t.amount, 0) / c.length) : 0 };
    }),
    debits: periods.map((p) => {
      const d = debits(inPeriod(txs, p));
      return { month: p.monthS, numberOfDebits: d.length, totalDebitsAmount: cents(d.reduce((s, t) => s + t.amount, 0)), largestDebit: d.length ? Math.min(...amounts(d)) : 0, averageDebitAmount: d.length ? cents(d.reduce((s, t) => s + t.amount, 0) / d.length) : 0 };
    }),
  });
  const all: Transaction[] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = blindWithPending
      ? [...world.transactions.values()].filter((t) => t.accountId === a.id && t.postedDate >= w.startS && t.postedDate <= w.endS).sort((x, y) => x.postedDate - y.postedDate || x.id - y.id)
      : postedOf(world, a.id, w);
    all.push(...txs);
    const m = monthly(txs);
    return {
      transactions: txs.map((t) => ({ id: String(t.id), amount: t.amount, postedDate: t.postedDate, description: t.description })),
      cashFlowCredit: { monthlyCashFlowCredits: m.credits }, cashFlowDebit: { monthlyCashFlowDebits: m.debits },
    };
  });
  const summary = monthly(all);
  const days = head(w).days;
  return { ...head(w), seasoned: days >= 365, institutions: inst, cashFlowCreditSummary: { monthlyCashFlowCreditSummaries: summary.credits }, cashFlowDebitSummary: { monthlyCashFlowDebitSummaries: summary.debits } };
}

const monthlyAttr = (name: string, key: 'aggregatedByTimePeriods' | 'reportedByTimePeriods', periods: Record<string, unknown>[]) =>
  ({ attributeName: name, [key]: [{ timeIntervalType: 'MONTHLY_CALENDAR', periods }] });
const periodDates = (p: Period) => ({ startDate: iso(p.startS), endDate: iso(p.endS) });

/** ASSET_BALANCE per month: daily end-of-day balances, the balance before the month and after it. */
function balancePeriods(world: FdWorld, a: Account, w: Window, faults: FaultSet) {
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
    // Blind fault: the balance history is anchored on the available balance.
    return cents((faults.has('blind-analytics-balance-closes-at-available') ? a.availableBalance : a.balance) - after[lo]);
  };
  return months(w).map((p) => {
    const daily: number[] = [];
    for (let day = p.startS; day <= p.endS; day += DAY_S) daily.push(balanceAt(Math.min(day + DAY_S - 1, p.endS)));
    // Fault: the month's opening balance taken after its first day instead of before it.
    const beginningValue = faults.has('analytics-balance-opening-late') ? balanceAt(p.startS + DAY_S) : balanceAt(p.startS - 1);
    return { ...periodDates(p), ...stats(daily), beginningValue, endingValue: balanceAt(p.endS) };
  });
}

const flowPeriods = (txs: Transaction[], w: Window, pick: (t: Transaction[]) => Transaction[]) =>
  months(w).map((p) => ({ ...periodDates(p), ...stats(amounts(pick(inPeriod(txs, p)))) }));

export type AnalyticsKind = 'balance' | 'cashflow' | 'payhist' | 'foresight';

/** The analytics of a set of transactions (one account's, or all of the report's). */
function analyticsOf(kind: AnalyticsKind, txs: Transaction[], w: Window, faults: FaultSet, extra: { balance?: Record<string, unknown>[]; forecast?: boolean; benchmark?: boolean }) {
  if (kind === 'balance') return { transactionalAttributes: [], stateAttributes: [monthlyAttr('ASSET_BALANCE', 'reportedByTimePeriods', extra.balance ?? [])], streams: [] };
  if (kind === 'cashflow') {
    // Fault: the inflow counts the debits too.
    const inflow = faults.has('analytics-inflow-counts-debits') ? (t: Transaction[]) => t
      // Blind fault: transfers are left out of the inflow (taken for moves between own accounts).
      : faults.has('blind-analytics-inflow-excludes-transfers') ? (t: Transaction[]) => credits(t).filter((x) => x.description !== 'Transfer') : credits;
    return {
      transactionalAttributes: [monthlyAttr('CASH_INFLOW', 'aggregatedByTimePeriods', flowPeriods(txs, w, inflow)), monthlyAttr('CASH_OUTFLOW', 'aggregatedByTimePeriods', flowPeriods(txs, w, debits))],
      stateAttributes: [monthlyAttr('NET_CASH_FLOW', 'reportedByTimePeriods', flowPeriods(txs, w, (t) => t))], streams: [],
    };
  }
  const whole = { startDate: iso(w.startS), endDate: iso(w.endS) };
  // Fault: the payment history counts the pending-free credits as payments.
  const out = (kind === 'payhist' && faults.has('payhist-counts-credits') ? txs : debits(txs))
    // Blind fault: the payment history aggregates the last twelve months only, whatever the window.
    .filter((t) => !(kind === 'payhist' && faults.has('blind-analytics-payhist-last-year-only')) || t.postedDate > w.endS - 365 * DAY_S);
  const period = { ...whole, ...stats(amounts(out)) };
  const monthsN = Math.max(1, Math.round((w.endS - w.startS) / (30 * DAY_S)));
  const attr: Record<string, unknown> = { attributeName: kind === 'payhist' ? 'CASH_OUTFLOW' : 'TOTAL_SPENDING', aggregatedByTimePeriods: [{ timeIntervalType: 'HISTORICALLY', periods: [period] }], transactionIds: out.map((t) => String(t.id)) };
  if (extra.forecast) attr.projectedValues = [{ timeUnit: 'MONTHS', timeValue: 3, projectionValue: cents(((period.sum ?? 0) / monthsN) * 3) }];
  if (extra.benchmark) (attr.aggregatedByTimePeriods as Record<string, unknown>[])[0].cohortBenchmarkPeriods = [{ ...whole, cohortValues: [] }];
  return { transactionalAttributes: [attr], stateAttributes: [], streams: [] };
}

/** The analytics reports (balance, cash flow analytics, payment history, foresight). */
export function analyticsContent(kind: AnalyticsKind, world: FdWorld, accounts: Account[], w: Window, faults: FaultSet, options: { forecast?: boolean; benchmark?: boolean } = {}) {
  const all: Transaction[] = [];
  const balances: Record<string, unknown>[][] = [];
  const inst = institutions(world, accounts, (a) => {
    const txs = postedOf(world, a.id, w);
    all.push(...txs);
    const balance = kind === 'balance' ? balancePeriods(world, a, w, faults) : undefined;
    if (balance) balances.push(balance);
    return { analytics: analyticsOf(kind, txs, w, faults, { balance, ...options }) };
  });
  all.sort((a, b) => a.postedDate - b.postedDate);
  // The customer's balance: the accounts' opening and closing balances added month by month.
  const customerBalance = kind === 'balance'
    ? months(w).map((p, n) => ({ ...periodDates(p), beginningValue: cents(balances.reduce((s, b) => s + Number(b[n].beginningValue), 0)), endingValue: cents(balances.reduce((s, b) => s + Number(b[n].endingValue), 0)) }))
    : undefined;
  return { ...head(w), institutions: inst, customerAnalytics: analyticsOf(kind, all, w, faults, { balance: customerBalance, ...options }) };
}
