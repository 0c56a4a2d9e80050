// What a call of the choke point takes and gives (helpers/client/client.ts): its options, typed per operation from the contract
// (helpers/contract/operations.ts), the answer it returns, and what a service's judge gets of one exchange.
import type { Authorizer } from '../auth/authorizer.js';
import type { Exchange } from '../contract/checks.js';
import type { Operation } from '../contract/contract.js';
import type { BodyInput, PathParameters, RequestBody, ServiceName } from '../contract/operations.js';

export interface CallOptions {
  path?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers; a header set to undefined is removed from the defaults. */
  headers?: Record<string, string | undefined>;
  body?: unknown;
  /** Raw option: send exactly this text as the body (malformed JSON and the like). */
  rawBody?: string;
  /**
   * Raw option: the body in chunked transfer coding, no Content-Length (RFC 9112 section 7.1): the same bytes, the same request,
   * framed otherwise (transport.ts sendChunked: Playwright frames every body by its length).
   */
  framing?: 'chunked';
  /** false: send no credentials; a function: use these instead of the client's. */
  auth?: boolean | Authorizer;
  /** Call another base URL with this operation's contract (e.g. an issuer's endpoint). */
  baseURL?: string;
  /** Raw option: send with another HTTP method (a documented 405), checked against this operation. */
  method?: string;
  /** A check of the 429 itself: the answer reaches the check as it is, never waited out (on a sandbox). */
  rateLimit?: 'expect';
  /** A check of the 503 itself: a valid call answered 503 reaches the check (elsewhere it is the target's unavailability, the check skipped). */
  unavailable?: 'expect';
  /** Sent as a request the documents refuse (a generated negative case): never judged by the request rules. */
  refusal?: true;
  /**
   * A call the check expects refused: a generated case the documents refuse (helpers/client/negative.ts), or a request refused
   * by state (a 404 of an unknown object, of another customer's or another kind's). Answered with a success, its acceptance is
   * what failed (the check's own assertion files it under the rule stating the refusal), so the answer is judged only for a
   * sensitive value in clear: a success body the schema refuses (an empty list) does not file it under the forms' rule first.
   */
  negative?: true;
  /**
   * The rule this call is sent to judge (a refusal's statement: an unknown id's 400 INVALID_STATE). A violation the client finds
   * on its answer that names no rule of its own (an undocumented status, an error body off shape) is that statement broken,
   * filed under it, not under the check's first rule.
   */
  judges?: string;
  /** A call the check needs accepted: refused, or breaking a named check, it is the check's failed step (as is a `builtValid` body). */
  valid?: true;
}

/** One operation's call options: path parameters and body as the contract declares them (helpers/contract/operations.ts), typo-proof. */
export type OperationCallOptions<S extends ServiceName, Id> = Id extends unknown
  ? Omit<CallOptions, 'path' | 'body'> & {
      path?: [PathParameters<S, Id>] extends [never] ? CallOptions['path'] : { [K in keyof PathParameters<S, Id>]?: string | number };
      body?: BodyInput<RequestBody<S, Id>>;
    }
  : never;

export interface ApiResponse<T = any> extends Omit<Exchange, 'body'> {
  body: T;
  /** The body's bytes as received (a PDF or another binary body: `text` is their UTF-8 reading). */
  bytes: Buffer;
  /** The exchange's number in the test's `HTTP exchanges` (call order), where a test records them. */
  call?: number;
}

/** What a service's judge (ClientDeps.judge) gets of one exchange. */
export interface JudgedAnswer {
  operation: Operation;
  status: number;
  /** The request body as the call was given it (undefined for a raw body). */
  sent: unknown;
  /** The path parameters and query of the call as given (names as the contract spells them). */
  path: CallOptions['path'];
  query: CallOptions['query'];
  /** The request headers as sent (credentials included: a judge reports shapes, never these values), names in lower case. */
  requestHeaders: Record<string, string>;
  /** The answer's headers, names in lower case. */
  responseHeaders: Record<string, string>;
  body: unknown;
  /** Our clock when the request went out and when its answer was in (epoch ms). */
  sentAt: number;
  answeredAt: number;
}
