// What switches.ts's seams carry, apart so its faults name them without importing the shared front.
import type { Answered, Exchanged, Refused } from './input.js';
import type { Customer, Switch, SwitchKind } from './state.js';

export type SwitchOp =
  | 'getAllDepositSwitches'
  | 'getAllPaySwitches'
  | 'getDepositSwitchDetails'
  | 'getBillPaySwitchDetails'
  | 'getAllExternalDepositSwitches';

/** provider 1.35.0: ISO 8601 in the form YYYY-MM-DDThh:mm:ssZ. */
export const iso = (epochS: number) => new Date(epochS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface Exchange extends Exchanged<SwitchOp> {
  /** The kind the operation reads (the external id lookup: deposit). */
  kind: SwitchKind;
  /** The epoch second of the request. */
  nowS: number;
  /** A customer's switches, made the first time they are needed once it is linked (none before). */
  switchesOf(customer: Customer): Switch[];
  /** The customer of the path (the 'customer' step). */
  customer?: Customer;
  /** The switches searched: the customer's, or the external id lookup's every linked customer of the partner (the 'pool' step). */
  pool?: Switch[];
  /** The lists: the switches listed, in order (the 'found' step). */
  found?: Switch[];
  /** The details: the switch of the path (the 'switch' step). */
  switch?: Switch;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'pool' | 'found' | 'switch';

export type Refusal = Refused;

export type Answer = Answered;

/** The state seam: the switches made for a customer, as stored. */
export type SwitchSeams = { x: Exchange; step: Step; refusal: Refusal; change: Switch[]; answer: Answer; delivery: never };
