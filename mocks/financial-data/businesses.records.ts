// A business as shown (provider 1.35.0 Business) and businesses.ts's seam types, apart so its faults name them without the shared front.
import type { Answered, Exchanged, Refused } from './input.js';
import type { Business, Customer } from './state.js';

export type BusinessOp = 'AddBusinessDetails' | 'GetBusinessByCustomer' | 'UpdateBusiness' | 'GetBusinessById';

/** The record as answered: the fields sent, then its id and dates, the mock's own whatever the body sent (FD-OBJ-READ-ONLY). */
export const businessView = (b: Business): Record<string, any> => ({
  ...b.fields,
  businessId: b.id,
  createdDate: b.createdDate,
  modifiedDate: b.modifiedDate,
});

export interface Exchange extends Exchanged<BusinessOp> {
  /** The time of the request as the record writes it (provider NoZoneDateTime: UTC, no zone). */
  now: string;
  /** The caller's customer of the path (the 'customer' step). */
  customer?: Customer;
  /** GetBusinessByCustomer: the customer id whose business is read (the 'customer' step). */
  ownerId?: string;
  /** AddBusinessDetails: the customer's businesses on record (the 'unique' step). */
  mine?: Business[];
  /** The business of the path, or the customer's (the 'business' step). */
  business?: Business;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'customer' | 'unique' | 'business';

export type Refusal = Refused;

/** What a write stores: the record's fields and dates, before they are applied. */
export interface Change {
  fields: Record<string, any>;
  createdDate: string;
  modifiedDate: string;
}

/** An answer as sent: a body, or a refusal's message (sent in the error body). */
export interface Answer extends Answered {
  message?: string;
}

export type BusinessSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
