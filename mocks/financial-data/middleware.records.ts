// What the shared front's seams carry (security headers, parameters, JSON body, the steps, a refusal), apart from the front, which
// imports the fault catalogue.
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { FdHeaderNames } from '../../helpers/contract/facts.js';
import type { FdState, IssuedToken, Partner } from './state.js';
import type { Refused } from './input.js';

/** What one request is known by as the front judges it: what the seams are given. */
export interface Exchange {
  op: FdOperationId;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  world: FdState;
  nowMs: number;
  names: FdHeaderNames;
  /** The security header names as Node gives them (lower-case). */
  keyHeader: string;
  tokenHeader: string;
  /** seed 002, Limits: a token's lifetime (the contract's x-limits). */
  lifetimeMs: number;
  /** Every security alternative of the operation names the partner token (seed 002, Authentication). */
  needsToken: boolean;
  /** The app key and the token as read (the 'key' and 'token' steps), the token issued (the 'issued' step), the caller. */
  key?: unknown;
  token?: unknown;
  issued?: IssuedToken;
  partner?: Partner;
  /** The parameter being read: its type (a schema) and its text (the 'read' step), then its value (judged at 'param'). */
  param?: { name: string; in: string; type: unknown; raw: unknown; status: number; check: (value: unknown) => string | undefined };
  value?: unknown;
  /** The body as parsed (the 'json' step). */
  body?: unknown;
}

/** The steps: the app key read and known, the token read, issued and alive, each parameter read and judged, the JSON body. */
export type Step = 'key' | 'known' | 'token' | 'issued' | 'expiry' | 'read' | 'param' | 'json';

export type Refusal = Refused;

export type FrontSeams = { x: Exchange; step: Step; refusal: Refusal; change: never; answer: never; delivery: never };
