// What auth.ts's seams carry.
import type { Answered, Exchanged, Refused } from './input.js';
import type { Partner } from './state.js';

export type AuthOp = 'CreateToken' | 'ModifyPartnerSecret';

export interface Exchange extends Exchanged<AuthOp> {
  nowMs: number;
  /** The partner id as looked up, and its partner (the 'partner' step). */
  partnerId: string;
  partner?: Partner;
  /** The failed authentications that lock the partner (seed 002, Limits), as judged at the 'lock' step. */
  lockAt: number;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'partner' | 'lock' | 'secret';

/** A refusal: its status and words; `body` an answer written otherwise than as an error. */
export interface Refusal extends Refused {
  body?: unknown;
}

/** A change of a partner's authentication state: its lock as judged, its failures after an attempt, its secret, a token issued. */
export type Change = { what: 'locked'; locked: boolean } | { what: 'failures'; failures: number } | { what: 'secret'; secret: string };

export type Answer = Answered;

export type AuthSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
