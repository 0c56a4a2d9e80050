// What analytics.ts's seams carry, apart so its faults name them without the routes or the report store.
import type { Exchanged, Refused } from '../input.js';
import { linkedData, type Account, type AccountType, type Consumer, type Customer, type FdState, type Transaction } from '../state.js';
import { idList } from './views.js';

export type Kind = 'cfrb' | 'cfrp' | 'balance' | 'cashflow' | 'payhist' | 'foresight' | 'pri';
export type Purpose = 'cra' | 'ftc' | 'noncra';

export interface Exchange extends Exchanged {
  kind: Kind;
  /** The customer the report is for ('' for enriched data only). */
  customerId: string;
  /** The analytics reports: the userType served, the purpose, whether the consumer is needed. */
  userType?: string;
  purpose?: Purpose;
  needsConsumer?: boolean;
  /** The account types that make the customer eligible ('types'), the accounts judged ('accounts'), those read ('read'). */
  types: AccountType[];
  accounts: Account[];
  read?: Account[];
  /** The first/third-party foresight report: the customer the body names, once found, or taken as enriched data only. */
  customer?: Customer;
  external?: boolean;
  /** The ReportType of a userType and purpose (provider 1.35.0 ReportType). */
  typeOf(userType: string, purpose: Purpose): string;
  /** The report the request would be filed as, filed (with no content). */
  queue(): void;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'usertype' | 'consumer' | 'business' | 'source' | 'customer' | 'types' | 'accounts' | 'eligible' | 'read';

export type Refusal = Refused;

export interface Window {
  startS: number;
  endS: number;
}

/** One period's statistics (sum, count, mean, median, min, max, standardDeviation) with its dates. */
export type Stats = Record<string, any>;

/** How a report's content reads the customer's data: each the documented reading, a fault's otherwise. */
export interface Reading {
  window(fromDate: unknown, endS: number): Window;
  /** The CASH_OUTFLOW periods' statistics. */
  outflow(periods: Stats[]): Stats[];
  /** The transactions of the customer's analytics, of all the report's. */
  customer(all: Transaction[], accounts: Account[]): Transaction[];
}

/** What a report is filed as, before the store keeps it. */
export interface Filing {
  type: string;
  consumer?: Consumer;
  constraints: Record<string, unknown>;
  businessDetails?: Record<string, unknown>;
}

export type Change = { kind: 'filing'; filing: Filing } | { kind: 'reading'; reading: Reading };

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export type AnalyticsSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };

/** The customer's accounts `accountIds` names (all of them without it), of `types` when given. */
export const accountsAsked = (world: FdState, customerId: string, accountIds: unknown, types?: AccountType[]): Account[] => {
  const asked = idList(accountIds);
  return linkedData(world, customerId).accounts.filter((a) => (!asked || asked.includes(a.id)) && (!types || types.includes(a.type)));
};
