// What a financial data handler is given of one request, apart from the front (which imports the fault catalogue) so seams name it.
import type { Partner } from './state.js';

export interface Input {
  path: Record<string, string>;
  query: Record<string, any>;
  body: any;
  /** The partner the token belongs to (the suite's partner when the route needs no token). */
  partner?: Partner;
}
