// What billing.ts's seams carry (the judged request, the page answered), apart so its faults name them without the route.
import type { Input, Refused } from '../input.js';
import type { FdState, Report } from '../state.js';

/** provider 1.35.0, the reseller billing's 400 examples: every refusal of its dates carries code 10100 (the 400's x-codes). */
export const BILLING_CODE = 10100;

export interface Exchange {
  input: Input;
  world: FdState;
  /** The contract's figures: the window's days, the default and largest page size. */
  maxDays: number;
  defaultSize: number;
  maxSize: number;
  /** The partner whose reports are billed (the path's once judged). */
  owner?: string;
  /** The window (epoch seconds) and whether a report's creation falls in it (bent at 'range'). */
  start: number;
  end: number;
  inWindow(createdDate: number): boolean;
  size: number;
  page: number;
  viewTesting: boolean;
  /** The reports of the window and where the page starts among them ('slice'). */
  all: Report[];
  from: number;
}

/** The steps of the judgement, in order. */
export type Step = 'dates' | 'range' | 'window' | 'partner' | 'size' | 'page' | 'testing' | 'slice';

export interface Refusal extends Refused {
  code?: number;
}

/** A window longer than the contract's days (seed 002, Limits). */
export const windowRefusal = (maxDays: number): Refusal => ({
  status: 400,
  message: `The range between startDate and endDate must be ${maxDays} days or less`,
  code: BILLING_CODE,
});

/** The page answered; `shown` the reports of its rows, row for row. */
export interface Answer {
  status: number;
  body: Record<string, any>;
  shown: Report[];
}

export type BillingSeams = { x: Exchange; step: Step; refusal: Refusal; change: never; answer: Answer; delivery: never };
