// What enrichment.ts's seams carry, apart so its faults name them without importing the shared front.
import type { Answered, Input, Refused } from './input.js';

/** A merchant the mock recognises in a transaction (enrichment.ts). */
export interface Merchant {
  match: RegExp;
  name: string;
  category: string;
  group: string;
  website: string;
  ecommerce: boolean;
  city: string;
  state: string;
}

export interface Exchange {
  op: 'enrichTransactions';
  input: Input;
  /** The transactions sent, in order. */
  sent: Record<string, any>[];
  /** The text of a transaction its merchant is recognised in (the 'recognise' step). */
  text?: (t: Record<string, any>) => string;
  /** The merchant recognised in each transaction sent, by its index (after the judgement). */
  merchants?: (Merchant | undefined)[];
}

/** The step of the judgement: how a merchant is recognised (the batch's cap, members and lengths: the contract's, judged by the front). */
export type Step = 'recognise';

export type Refusal = Refused;

export type Answer = Answered;

export type EnrichmentSeams = { x: Exchange; step: Step; refusal: Refusal; change: never; answer: Answer; delivery: never };
