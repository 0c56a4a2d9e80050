// What a financial data handler is given of one request, apart from the front (which imports the fault catalogue) so seams name it.
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { FdState, Partner } from './state.js';

export interface Input {
  path: Record<string, string>;
  query: Record<string, any>;
  body: any;
  /** The partner the token belongs to (the suite's partner when the route needs no token). */
  partner?: Partner;
}

/** What every resource's exchange carries (its Exchange extends it): the operation, the request as given, the world. */
export interface Exchanged<Op extends string = FdOperationId> {
  op: Op;
  input: Input;
  world: FdState;
}

/** A refusal as a resource's seams carry it, and an answer as sent (a resource's own Refusal and Answer add to them). */
export interface Refused {
  status: number;
  message: string;
}
export interface Answered {
  status: number;
  body?: any;
}
