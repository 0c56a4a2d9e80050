// What sbca.ts's seams carry, apart so its faults name them without the route or the report store.
import type { Input } from '../input.js';
import type { Customer, FdState, Location, Report } from '../state.js';

export interface Exchange {
  input: Input;
  world: FdState;
  customer: Customer;
  /** The request's sbcaParams and businessDetails. */
  params: { hasConsent: boolean; metricFrequency: string; metricType: string; locationId: string };
  business: Record<string, any> | undefined;
  /** The merchant location ('location'). */
  location?: Location;
  /** The report the request would be filed as, filed (with no content). */
  queue(): void;
}

export type Step = 'consent' | 'country' | 'business-id' | 'location';

/** A refusal: its status, the provider's code (the 400's x-codes) and words. */
export interface Refusal {
  status: number;
  code?: string;
  message: string;
}

export type Change = { kind: 'ended'; ended: boolean };

export interface Answer {
  status: number;
  body: Record<string, any>;
  report: Report;
}

export type SbcaSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
