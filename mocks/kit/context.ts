// What a mock is made of, as the app factory and its stand-in mode see it: the handler context, options, error answer, handle.
import type { FastifyReply } from 'fastify';
import type { VirtualClock } from './clock.js';
import type { Deliveries } from './deliveries.js';
import type { FaultSet } from './faults.js';

/** FaultId: the ids of the service's fault catalogue (its `catalogue.ts`); FaultSet.has takes only these. */
export interface MockContext<FaultId extends string = string> {
  service: string;
  faults: FaultSet<FaultId>;
  clock: VirtualClock;
  deliveries: Deliveries;
  /** Called by POST /__mock/reset after the kit's own state is reset. */
  onReset: (() => void)[];
  /** Awaited by POST /__mock/clock/advance, so what time alone triggers (a report and its callback) has happened when it answers. */
  onAdvance?: (() => Promise<void> | void)[];
  /** Public description of the mock's world, served at GET /__mock/world: never a secret. */
  world: () => unknown;
  /** Test credentials for people calling by hand (`npm run mock` writes them to .mock/); never served. */
  credentials?: () => unknown;
  /** Requests answered 429 by the request-rate limit so far (set when AppOptions.requestsPerSecond limits). */
  rateLimited?: number;
}

export interface AppOptions {
  /** Serve the /__mock/ control surface (default); off, every /__mock/ route falls to the service's 404, as a sandbox has none. */
  controlSurface?: boolean;
  /** Requests per second per client IP (token bucket, burst = the rate, at least 1); 0 or undefined: no limit. */
  requestsPerSecond?: number;
  /** The 429 of the limit in the service's own error shape (default: the clientError). */
  tooManyRequests?: ClientError;
}

export interface MockHandle {
  service: string;
  /** Origin of the server, e.g. http://127.0.0.1:4123 */
  origin: string;
  /** The service's base URL (origin + base path). */
  baseURL: string;
  context: MockContext;
  close: () => Promise<void>;
}

/** Answers a client error (4xx) in the service's own error shape. */
export type ClientError = (reply: FastifyReply, status: number, message: string) => FastifyReply;
