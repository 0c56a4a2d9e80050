// The success content of the asset reports (reports-assets.ts), built from the customer's linked
// data when the report completes (portfolio.ts: world.accounts, world.transactions): the accounts
// of the report's eligible types with their balances, and the transactions and income credits of
// its history window (seed 002, Decisioning report generation; Limits: VOA 12 months, VOAI 24
// months with 61 days by default, VOI two years). A report sees what aggregation holds for the
// account: standard history, and the older transactions once the historic load is done (the same
// as the transaction lists), so a spec can compute the known answer through the API.
import type { FdContext } from './middleware.js';
import { DAY_S } from './portfolio.js';
import { findAccount, type Account, type AccountType, type Transaction } from './state.js';

/** seed 002 / provider 1.35.0: the account types each report reads (VOI: deposit accounts only). */
export const ELIGIBLE: Record<string, readonly AccountType[] | undefined> = {
  voa: ['checking', 'savings', 'moneyMarket', 'investment'],
  voaHistory: ['checking', 'savings', 'moneyMarket', 'investment'],
  preQualVoa: ['checking', 'savings', 'moneyMarket', 'investment'],
  assetSummary: ['checking', 'savings', 'moneyMarket', 'investment'],
  voi: ['checking', 'savings', 'moneyMarket'],
  // The transactions report reads every account (provider 1.35.0: "for the given accounts").
  transactions: undefined,
};

/** The instant `months` calendar months before `s` (epoch seconds, UTC; the day clamped to the month's last). */
export function monthsBefore(s: number, months: number): number {
  const d = new Date(s * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
}

export const daysBefore = (s: number, days: number) => s - days * DAY_S;

/** The transactions aggregation holds for an account: standard history, and the older ones once loaded. */
export function heldTransactions(ctx: FdContext, account: Account): Transaction[] {
  return [...ctx.state.transactions.values()]
    .filter((t) => t.accountId === account.id && (!t.historic || account.historicLoaded))
    .sort((a, b) => b.postedDate - a.postedDate || b.id - a.id);
}

/** The customer's accounts a report covers: its eligible types, limited to `named` when given. */
export function reportAccounts(ctx: FdContext, customerId: string, types: readonly AccountType[] | undefined, named?: string[]): Account[] {
  const accounts = [...ctx.state.accounts.values()].filter((a) => findAccount(ctx.state, customerId, a.id));
  return accounts.filter((a) => (!types || types.includes(a.type)) && (!named || named.includes(a.id)));
}

const cents = (n: number) => Math.round(n * 100) / 100;

export interface Window { from: number; to: number; pending?: boolean }

export interface ContentOptions {
  /** Transactions listed per account (absent: none listed, e.g. prequalification). */
  window?: Window;
  /** Income credits grouped into streams per account (VOAI, VOI). */
  income?: { from: number; to: number; confidenceMin?: number };
  /** Adds consolidatedAvailableBalance (VOA, prequalification). */
  consolidated?: boolean;
  /** The transactions report's findTransaction criteria (provider 1.35.0 FindTransactionConstraints). */
  find?: Record<string, unknown>;
  faults: { has(id: string): boolean };
  /** The report's type (voa, voaHistory, ..., transactions): where a blind fault bites. */
  kind?: string;
}

const CATEGORIES: Record<string, string> = {
  'Corner Coffee': 'Coffee Shops', 'Payroll Deposit': 'Paycheck', 'Grocery Mart': 'Groceries', 'Electric Utility': 'Utilities',
  Transfer: 'Transfer', 'Online Store': 'Shopping', 'Gas Station': 'Gas & Fuel', Rent: 'Mortgage & Rent',
};

function transactionView(t: Transaction) {
  return {
    id: t.id, amount: t.amount, postedDate: t.postedDate, description: t.description, memo: `${t.description} ${t.id % 1000}`,
    category: CATEGORIES[t.description] ?? 'Uncategorized', type: t.amount < 0 ? 'debit' : 'credit', ...(t.status === 'pending' ? { status: 'pending' } : {}),
  };
}

/** provider 1.35.0 FindTransactionConstraints: every criterion given must hold. */
function matches(t: Transaction, find: Record<string, unknown> | undefined, unsigned = false): boolean {
  if (!find) return true;
  const view = transactionView(t);
  // Blind fault (unsigned): the amount range compared with the amount without its sign.
  const amount = unsigned ? Math.abs(t.amount) : t.amount;
  if (typeof find.findTransactionAmountFrom === 'number' && amount < find.findTransactionAmountFrom) return false;
  if (typeof find.findTransactionAmountTo === 'number' && amount > find.findTransactionAmountTo) return false;
  if (typeof find.findTransactionDescriptionMemo === 'string' && find.findTransactionDescriptionMemo !== view.description && find.findTransactionDescriptionMemo !== view.memo) return false;
  if (Array.isArray(find.findTransactionCategory) && find.findTransactionCategory.length > 0 && !find.findTransactionCategory.includes(view.category)) return false;
  return true;
}

/** Deposits of one payee, as an income stream (provider 1.35.0 VOIReportIncomeStream). */
function incomeStreams(reportId: string, account: Account, credits: Transaction[], confidenceMin?: number) {
  const byPayee = new Map<string, Transaction[]>();
  for (const t of credits) byPayee.set(t.description, [...(byPayee.get(t.description) ?? []), t]);
  return [...byPayee.entries()].map(([payee, list], n) => ({
    id: `${reportId}-${account.id}-${n + 1}`, name: payee, status: 'ACTIVE', confidence: Math.min(99, 40 + 5 * list.length),
    transactions: list.map(transactionView),
  })).filter((s) => confidenceMin === undefined || s.confidence >= confidenceMin);
}

/** The report's content: institutions with their accounts, the span of the transactions listed. */
export function buildContent(ctx: FdContext, reportId: string, accounts: Account[], options: ContentOptions): Record<string, unknown> {
  const { window, income, faults, kind } = options;
  let earliest: number | undefined;
  let latest: number | undefined;
  const institutions = new Map<string, Record<string, unknown>[]>();
  for (const account of accounts) {
    // Blind fault: VOA reads the standard aggregation only, without the historic load's transactions.
    const held = heldTransactions(ctx, account).filter((t) => !(kind === 'voa' && t.historic && faults.has('blind-voa-standard-history-only')));
    const view: Record<string, unknown> = {
      id: Number(account.id), number: account.number.slice(-4), name: account.name, type: account.type, currency: account.currency,
      balance: account.balance, availableBalance: account.availableBalance, balanceDate: account.balanceDate, aggregationStatusCode: 0,
    };
    if (window) {
      const listed = held.filter((t) => t.postedDate >= window.from && t.postedDate <= window.to && (window.pending || t.status !== 'pending') && matches(t, options.find, faults.has('blind-txreport-find-amount-unsigned')));
      for (const t of listed) {
        earliest = Math.min(earliest ?? t.postedDate, t.postedDate);
        latest = Math.max(latest ?? t.postedDate, t.postedDate);
      }
      // Blind fault: the transactions report shows debits as positive amounts (the sign left to type).
      const unsigned = kind === 'transactions' && faults.has('blind-txreport-debits-unsigned');
      view.transactions = listed.map((t) => (unsigned ? { ...transactionView(t), amount: Math.abs(t.amount) } : transactionView(t)));
    }
    if (income) {
      const credits = held.filter((t) => t.amount > 0 && t.status !== 'pending' && t.postedDate >= income.from && t.postedDate <= income.to);
      view.incomeStreams = incomeStreams(reportId, account, credits, income.confidenceMin);
    }
    institutions.set(account.institutionId, [...(institutions.get(account.institutionId) ?? []), view]);
  }
  const names = new Map(ctx.state.institutions.map((i) => [i.id, i.name]));
  const content: Record<string, unknown> = {
    institutions: [...institutions.entries()].map(([id, list]) => ({ id: Number(id), name: names.get(id) ?? `Institution ${id}`, urlHomeApp: `https://institution-${id}.example.test`, accounts: list })),
  };
  if (window) {
    const start = earliest ?? window.from;
    const end = latest ?? window.to;
    const days = Math.max(0, Math.round((end - start) / DAY_S));
    Object.assign(content, { startDate: start, endDate: end, days, seasoned: days > 180 });
  }
  if (options.consolidated) {
    // Blind fault: the consolidated balance sums the cash accounts only, not the investment one.
    const summed = faults.has('blind-assets-consolidated-cash-only') ? accounts.filter((a) => a.type !== 'investment') : accounts;
    const sum = summed.reduce((total, a) => total + a.availableBalance, 0);
    content.consolidatedAvailableBalance = cents(faults.has('ra-consolidated-balance-current') ? accounts.reduce((total, a) => total + a.balance, 0) : sum);
  }
  return content;
}
