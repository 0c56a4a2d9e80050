// What income.ts's seams carry, apart so its faults name them without the routes or the store.
import type { Exchanged, Refused } from '../input.js';
import type { Account, Asset, Consumer, Customer, FdState, Report, Transaction } from '../state.js';

export interface Exchange extends Exchanged {
  customer?: Customer;
  consumer?: Consumer;
  /** The asset judged ('asset') and whether it is a pay statement the customer stored. */
  assetId?: string;
  asset?: Readonly<Asset>;
  /** The asset ids of the request (TXVerify: 'reuse'). */
  assetIds?: string[];
  /** The VOIE payroll refresh: the customer's original report, the one reportId names, and whether it names none of the customer's. */
  original?: Report;
  named?: Report;
  namesNone?: boolean;
  /** The ack of a report (provider 1.35.0 BaseReportAck). */
  ack(report: Report): Record<string, unknown>;
}

export type Step = 'source' | 'asset' | 'reuse' | 'refresh';

/** A refusal: its status and words, or the ack of a report answered instead (`ack`). */
export interface Refusal extends Refused {
  ack?: Record<string, unknown>;
}

export interface Deposit {
  account: Account;
  t: Transaction;
}

/** A pay statement's extract (income.ts extract). */
export type PayExtract = Record<string, any> & { payDate?: number; netPayCurrent?: number; grossPayCurrent?: number };

/** How a report's content reads the customer's data: each the documented reading, a fault's otherwise. */
export interface Reading {
  /** The accounts an accountIds list reads (undefined: all). */
  named(ids: string[] | undefined, customerId: string): Set<string> | undefined;
  /** The pay statements a report extracts, of those asked. */
  stubs<S>(stubs: S[]): S[];
  /** The deposits a pay statement is matched among. */
  near(e: PayExtract, deposits: Deposit[]): Deposit[];
  /** The date a payroll report shows as the latest deposit's pay date. */
  payDate(t: Transaction): number;
}

/** What a report is filed as, before the store keeps it. */
export interface Filing {
  constraints: Record<string, any>;
  extra: Record<string, unknown>;
}

export type Change =
  | { kind: 'filing'; filing: Filing }
  | { kind: 'filed'; report: Report }
  | { kind: 'reading'; reading: Reading }
  | { kind: 'content'; content: Record<string, any>; report: Report };

export type IncomeSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: never; delivery: never };

/** Asset ids already reported on by the customer's TXVerify reports (the refresh of seed 002 reuses them). */
export const txVerifyReports = (world: FdState, customerId: string): Report[] =>
  (world.reports.byCustomer.get(customerId) ?? [])
    .map((id) => world.reports.reports.get(id)!)
    .filter((r) => r.extra?.reportStyle === 'voieWithInterview');
export const interviewAssets = (r: Report): string[] =>
  (r.constraints.voieWithInterviewData as { txVerifyInterview: { assetId: string }[] }).txVerifyInterview.map((i) => i.assetId);
