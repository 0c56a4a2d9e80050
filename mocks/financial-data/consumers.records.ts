// Consumers as the API shows them (seed 002, Resources - Consumer; provider 1.35.0 Consumer) and what consumers.ts's seams carry.
import type { Answered, Exchanged, Refused } from './input.js';
import type { Consumer, Customer } from './state.js';

/**
 * A consumer's record (seed 002, Resources - Consumer: all fields required), its SSN the last four (reference, Consumers). A member
 * it was created without (provider 1.42.0 requires only firstName, lastName and state; 1.35.0 leaves email optional) shows empty.
 */
export function consumerRecord(c: Consumer) {
  return {
    address: '',
    city: '',
    zip: '',
    phone: '',
    birthday: {},
    ...c.fields,
    email: c.fields.email ?? '',
    id: c.id,
    // provider 1.35.0: customerId is an integer on consumer records.
    customerId: Number(c.customerId),
    createdDate: c.createdDate,
    ssn: ssnDigits(c).slice(-4),
  };
}

/** The SSN a consumer was given, its digits only. */
export const ssnDigits = (c: Consumer) => String(c.fields.ssn ?? '').replace(/-/g, '');

export interface Exchange extends Exchanged<'CreateConsumer' | 'GetConsumerForCustomer' | 'GetConsumer' | 'ModifyConsumer'> {
  /** The caller's customer of the path (the 'customer' step). */
  customer?: Customer;
  /** The consumer addressed: the customer's ('held', 'unique') or the caller's of that id ('consumer'). */
  consumer?: Consumer;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'unique' | 'held' | 'consumer';

export type Refusal = Refused;

/** What a write stores, before it is applied: a new consumer, or the fields a modification merges. */
export type Change = { op: 'modify'; consumer: Consumer; fields: Record<string, any> };

export type Answer = Answered;

export type ConsumerSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
