// What guard.ts's seams carry (the request, the steps, a refusal), apart so its faults name them without the route.
import type { FdState } from '../state.js';
import type { Refused } from '../input.js';

export interface Exchange {
  world: FdState;
  /** The customer (or consumer) of the path, and the partner it is looked up for (undefined: any partner's). */
  id: string;
  partnerId?: string;
  /** Generation: whether the report needs the consumer; the request's URL. */
  needsConsumer?: boolean;
  url?: string;
}

/** Generation: the customer, the freeze, the consumer; reads: the consumer of the path. */
export type Step = 'customer' | 'freeze' | 'consumer' | 'read-consumer';
export type Refusal = Refused;
export type GuardSeams = { x: Exchange; step: Step; refusal: Refusal; change: never; answer: never; delivery: never };
