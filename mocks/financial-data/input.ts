// What a handler of the financial data mock is given of one request (middleware.ts, route): apart from
// the shared front, so that a resource's seams (webhooks.records.ts, its exchange) name it without
// importing the front, which imports the fault catalogue.
import type { Partner } from './state.js';

export interface Input {
  path: Record<string, string>;
  query: Record<string, any>;
  body: any;
  /** The partner the token belongs to (the suite's partner when the route needs no token). */
  partner?: Partner;
}
