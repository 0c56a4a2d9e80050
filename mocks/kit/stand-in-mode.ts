// What createMockApp does differently for the sandbox stand-in, apart so the mutation runs leave it out (tests/self/e2e/stand-in.spec.ts).
import type { FastifyInstance } from 'fastify';
import type { AppOptions, ClientError, MockContext } from './context.js';

/** A mock started as the stand-in of the provider's sandbox: no control surface, optionally a request-rate limit. */
export interface StandInMode {
  /** Requests per second per client IP before 429; 0 or undefined: no limit. */
  requestsPerSecond?: number;
}

/** The app options of a start function's stand-in mode (none: a plain mock with its control surface). */
export function appOptions(standIn: StandInMode | undefined, tooManyRequests?: ClientError): AppOptions {
  return standIn ? { controlSurface: false, requestsPerSecond: standIn.requestsPerSecond, tooManyRequests } : {};
}

/** Every /__mock/ route answers the service's 404 (a sandbox has no control surface); called before any route is registered. */
export function withoutControlSurface(app: FastifyInstance): FastifyInstance {
  app.addHook('onRoute', (route) => {
    if (route.url === '/__mock' || route.url.startsWith('/__mock/')) route.handler = (_req, reply) => reply.callNotFound();
  });
  return app;
}

/** A token bucket per client IP (`rate`/s, burst max(1, rate)); without a token, 429 with Retry-After (≥ 1 s); real time, not virtual. */
export function limitRequestRate(app: FastifyInstance, context: MockContext, rate: number, tooMany: ClientError): void {
  if (!Number.isFinite(rate) || rate <= 0) throw new RangeError(`requestsPerSecond must be a positive number to limit, not ${rate}`);
  const burst = Math.max(1, rate);
  const buckets = new Map<string, { tokens: number; atMs: number }>();
  const refilled = (bucket: { tokens: number; atMs: number }, nowMs: number) =>
    Math.min(burst, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * rate);
  context.rateLimited = 0;
  app.addHook('onRequest', async (req, reply) => {
    // A browser session's route (the Connect page: `config: { rateLimit: false }`) is no call of the partner's API a sandbox limits.
    if ((req.routeOptions.config as { rateLimit?: boolean } | undefined)?.rateLimit === false) return;
    const nowMs = Date.now();
    const key = req.ip ?? 'unknown';
    const bucket = buckets.get(key) ?? { tokens: burst, atMs: nowMs };
    bucket.tokens = refilled(bucket, nowMs);
    bucket.atMs = nowMs;
    buckets.set(key, bucket);
    // A bucket full again holds nothing worth keeping: forget those (the map stays small).
    if (buckets.size > 10_000) for (const [k, b] of buckets) if (k !== key && refilled(b, nowMs) >= burst) buckets.delete(k);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    context.rateLimited = (context.rateLimited ?? 0) + 1;
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
    reply.header('Retry-After', String(retryAfter));
    return tooMany(reply, 429, `Too many requests: at most ${rate} per second; retry after ${retryAfter} s`);
  });
}
