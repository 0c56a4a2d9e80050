// What retrieval.ts's seams carry, apart so its faults name them without the shared front or the report store.
import type { Contract } from '../../../helpers/contract/contract.js';
import type { Answered, Exchanged, Refused } from '../input.js';
import type { Consumer, Report } from '../state.js';

export interface Exchange extends Exchanged {
  contract: Contract;
  nowS: number;
  nowMs: number;
  /** The 'format' step: the media ranges of Accept (weight order, q=0 left out) and whether the PDF is answered. */
  ranges?: string[];
  pdf?: boolean;
  /** The customer (its id) and consumer the path names, once found (the 'owner' step). */
  customerId?: string;
  consumer?: Consumer;
  /** The report of the path (the 'report' step); the customer whose security freeze is judged (the 'freeze' step). */
  report?: Report;
  frozenId?: string;
  /** The lists: the allowance a list call counts against and its served calls in the window ('rate'). */
  rate?: { key: string; recent?: number[] };
  /** The lists and portfolios: the reports shown, row for row (the 'list' step). */
  reports?: Report[];
  /** The portfolios: the key a report is kept under and whether a later report replaces the kept one (the 'portfolio' step). */
  portfolio?: { key(r: Report): string; replaces(kept: Report, later: Report): boolean };
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'purpose' | 'format' | 'owner' | 'report' | 'freeze' | 'reissue-purpose' | 'rate' | 'list' | 'portfolio';

/** A refusal: its status and words; `freeze` when the report guard answers it (guard.ts frozen). */
export interface Refusal extends Refused {
  freeze?: boolean;
}

/** What a reissue writes on its report. */
export type Change = { kind: 'reissue'; partnerId: string; createdDate: number; callback: boolean };

/** An answer as sent: its JSON body, or the PDF of `pdf` when the format step chose it. */
export interface Answer extends Answered {
  pdf?: Report;
}

export type RetrievalSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
