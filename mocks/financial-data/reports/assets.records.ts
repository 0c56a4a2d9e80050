// What assets.ts's seams carry, and the calendar they count with.
import type { Exchanged, Refused } from '../input.js';
import type { Account, AccountType, Consumer, Customer, Report, Transaction } from '../state.js';

export const DAY_S = 86_400;

/** The report types (provider 1.35.0 ReportType) of this module. */
export type Kind = 'voa' | 'voaHistory' | 'preQualVoa' | 'assetSummary' | 'voi' | 'transactions' | 'statement';

export interface Exchange extends Exchanged {
  kind: Kind;
  /** The virtual clock's now (epoch seconds). */
  now: number;
  /** seed 002, Limits (x-limits): the history months of VOA, VOAI and VOI, VOAI's default days, the transactions report's months. */
  limits: { voaMonths: number; voaiMonths: number; voaiDefaultDays: number; voiMonths: number; txreportMonths: number };
  customer?: Customer;
  consumer?: Consumer;
  /** The accountIds sent ('account-ids'; undefined: all accounts), and the first that is not the customer's. */
  named?: string[];
  unknown?: string;
  /** fromDate sent (epoch seconds); the history cap in months it is judged against ('cap'). */
  fromDate?: number;
  capMonths?: number;
  /** The eligible types and the accounts of them the report would read ('eligible'). */
  types?: readonly AccountType[];
  eligible?: Account[];
  /** The transactions report's window ('dates', 'order', 'window'). */
  from?: number;
  to?: number;
  /** The statement report's data, the account it names ('statement-account') and the statement index. */
  statement?: { accountId?: number; statementIndex?: number };
  account?: Account;
  index?: number;
}

export type Step = 'account-ids' | 'cap' | 'eligible' | 'dates' | 'order' | 'window' | 'statement-account';

export type Refusal = Refused;

export interface Window {
  from: number;
  to: number;
  pending?: boolean;
}

export interface ContentOptions {
  /** Transactions listed per account (absent: none listed, e.g. prequalification). */
  window?: Window;
  /** Income credits grouped into streams per account (VOAI, VOI). */
  income?: { from: number; to: number; confidenceMin?: number };
  /** Adds consolidatedAvailableBalance (VOA, prequalification). */
  consolidated?: boolean;
  /** showNsf: each account's insufficient funds summary since `from` and over the last `months` (2: VOA, VOAI; 6: prequalification). */
  nsf?: { from: number; months: 2 | 6 };
  /** The transactions report's findTransaction criteria (provider 1.35.0 FindTransactionConstraints). */
  find?: Record<string, unknown>;
}

/** How a report's content reads the customer's data: each the documented reading, a fault's otherwise. */
export interface Reading {
  /** Whether a transaction aggregation holds for the account is read by the report. */
  held(t: Transaction): boolean;
  /** The amount findTransaction's amount range is compared with. */
  amount(t: Transaction): number;
  /** The start of the report's span: the earliest transaction listed, the window's start without one. */
  spanStart(earliest: number | undefined, window: Window): number;
}

/** What a report is filed as, before the store keeps it. */
export interface Filing {
  type: string;
  title: string;
  callbackUrl?: string;
  constraints: Record<string, any>;
}

export type Change =
  /** The types the report reads: for the eligibility gate, or for its content. */
  | { kind: 'types'; types: readonly AccountType[] | undefined; use: 'gate' | 'content' }
  | { kind: 'filing'; filing: Filing }
  | { kind: 'options'; options: ContentOptions; report: Report }
  | { kind: 'reading'; reading: Reading }
  | { kind: 'content'; content: Record<string, any>; report: Report };

export type AssetSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: never; delivery: never };

/** seed 002 / provider 1.35.0: the account types each report reads (VOI: deposit accounts only). */
export const ELIGIBLE: Record<Kind, readonly AccountType[] | undefined> = {
  voa: ['checking', 'savings', 'moneyMarket', 'investment'],
  voaHistory: ['checking', 'savings', 'moneyMarket', 'investment'],
  preQualVoa: ['checking', 'savings', 'moneyMarket', 'investment'],
  assetSummary: ['checking', 'savings', 'moneyMarket', 'investment'],
  voi: ['checking', 'savings', 'moneyMarket'],
  // The transactions report reads every account (provider 1.35.0: "for the given accounts").
  transactions: undefined,
  statement: undefined,
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

/** The first instant of the UTC month `n` months after the one of `s` (epoch seconds): an income month. */
export const monthStart = (s: number, n = 0) => {
  const d = new Date(s * 1000);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / 1000);
};

/** The start of a capped history: fromDate, not before the cap; `fallback` without one. */
export const capped = (fromDate: number | undefined, cap: number, fallback: number) =>
  fromDate === undefined ? fallback : Math.max(fromDate, cap);
