// Micro entries as shown (seed 002, Micro entries and switches; provider 1.35.0 MicroDepositStatus) and micro-entries.ts's seam types.
import { createHash } from 'node:crypto';
import type { Answered, Input } from './input.js';
import type { Customer, FdState, MicroEntry, MicroEntryState } from './state.js';

/** The status an entry shows: a pending one is Completed once deposited. */
export type Shown = MicroEntryState | 'Completed';

/** Two distinct amounts of 1 to 99 cents, drawn from the customer and account ids (deterministic). */
export function drawCents(customerId: string, accountId: string): [number, number] {
  const digest = createHash('sha256').update(`${customerId}:${accountId}`).digest();
  const first = 1 + (digest.readUInt32BE(0) % 99);
  let second = 1 + (digest.readUInt32BE(4) % 99);
  if (second === first) second = (first % 99) + 1;
  return [first, second];
}

export const DESCRIPTIONS: Record<Shown, string> = {
  Pending: 'Micro entries are in pending status',
  Completed: 'Micro entries are deposited to the account',
  Verified: 'Micro entries are successfully verified',
  Failed: 'Micro entries verification failed',
};

export interface Exchange {
  /** The three operations, and the harness's read of the amounts deposited ('amounts'). */
  op: 'InitiateMicroAmountDeposits' | 'VerifyMicroAmountDeposits' | 'GetMicroDepositsDetails' | 'amounts';
  input: Input;
  world: FdState;
  nowMs: number;
  /** The contract's x-limits: the deposit delay, the initiations a window holds and its length. */
  limits: { delayS: number; cap: number; windowMs: number };
  /** The status an entry shows now. */
  shown: (e: MicroEntry) => Shown;
  /** The initiation's customer, the key its rate is counted by and the initiations counted. */
  customer?: Customer;
  rateKey?: string;
  recent?: number[];
  /** The entries under way for the account an initiation names (the 'conflict' step). */
  open?: MicroEntry;
  /** The entries of the path's account (the 'entries' step). */
  entry?: MicroEntry;
  /** A verification's amounts in cents, and whether they are the two deposited (the 'amounts' step). */
  sent?: number[];
  match?: boolean;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'rate' | 'conflict' | 'entries' | 'amounts' | 'state';

/** A refusal: in the contract's error body (message), or in a body of its own (the 429 and the verification's 400). */
export interface Refusal {
  status: number;
  message?: string;
  body?: Record<string, unknown>;
}

/** seed 002, Errors 429 (the provider's example body). */
export const THROTTLED: Refusal = { status: 429, body: { code: 3300001, message: 'Too many requests. Please try after some time' } };
export const CONFLICT: Refusal = { status: 409, message: 'Micro entries already exist for this account' };

/** What a verification stores, before it is applied: the state it leaves (undefined: unchanged). */
export type Change = { op: 'verify'; entry: MicroEntry; to?: MicroEntryState };

export type Answer = Answered;

export type MicroEntrySeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
