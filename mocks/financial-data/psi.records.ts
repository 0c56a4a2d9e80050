// Payment success indicators as the API shows them (seed 002, Endpoints - PSI; provider 1.35.0 PaymentSuccessIndicators,
// PaymentSuccessIndicator, SettleByDate, NsfIndicator, ScoreIndicator) and what psi.ts's seams carry, for its faults.
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Answered, Exchanged, Refused } from './input.js';
import { DAY_S } from './portfolio.js';
import type { Account, PsiRun } from './state.js';

export { DAY_S };
export const isoDate = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);
export const epochOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
/** provider 1.35.0 NsfIndicator / ScoreIndicator: three values each (bands: this mock's choice). */
export const riskOf = (s: number) => (s >= 70 ? 'Low Risk' : s >= 40 ? 'Medium Risk' : 'High Risk');
export const settleOf = (s: number) => (s >= 70 ? 'Highly Likely to Settle' : s >= 40 ? 'Likely to Settle' : 'Less Likely to Settle');

/** The generations, the reads of a run by payRequestId and the two legacy ratings. */
export const GENERATE: FdOperationId[] = ['GenerateFcraPaymentSuccessIndicators', 'GeneratePaymentSuccessIndicators'];
export const READ: FdOperationId[] = ['GetFcraPaymentSuccessIndicators', 'GetPaymentSuccessIndicators'];
export const LEGACY: FdOperationId[] = ['GetFCRAPaymentSuccessIndicator', 'GetPaymentSuccessIndicator'];

export interface Exchange extends Exchanged {
  nowS: number;
  /** The target's date (UTC), from which settle-by dates and potential settlement dates count. */
  today: string;
  /** The FCRA product (a generation, a read or the legacy rating). */
  fcra: boolean;
  /** The Accept header as sent. */
  accept: string;
  /** The account of the path (the 'account' step). */
  account?: Account;
  /** The settle-by date judged (the 'settle-date' step). */
  settleBy?: string;
  /** A read: the run of the payRequestId (the 'run' step). */
  run?: PsiRun;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step =
  | 'accept'
  | 'account'
  | 'freeze'
  | 'purpose'
  | 'required'
  | 'email'
  | 'purpose-code'
  | 'type'
  | 'active'
  | 'settle-date'
  | 'transactions'
  | 'run'
  | 'owner'
  | 'product';

/** A refusal: its status, words and the provider's code where its example gives one. */
export interface Refusal extends Refused {
  code?: number;
}

/** What a rating keeps or decides: the run, the dates rated, a read's outcome and reasons, a legacy rating's amount and its warning. */
export type Change =
  | { kind: 'run'; run: PsiRun }
  | { kind: 'days'; dates: string[] }
  | { kind: 'outcome'; status: 'SUCCESS' | 'FAILURE' | 'IN PROGRESS' }
  | { kind: 'reasons'; include: boolean }
  | { kind: 'warning'; amount: number; warn: boolean };

export type Answer = Answered;

export type PsiSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
