// One load phase of `npm run bench`: autocannon (npm `autocannon`, a devDependency) repeating one
// request against 127.0.0.1 for a fixed time after a 1-second warm-up. Only figures come back:
// the request and its headers stay inside autocannon.
import { createRequire } from 'node:module';

/** One request autocannon repeats: everything it sends, credentials included (never printed). */
export interface LoadTarget {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body holds `[<id>]` placeholders autocannon fills with a fresh id per request (unique usernames). */
  idReplacement?: boolean;
}

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface AutocannonOptions extends Omit<LoadTarget, 'label'> {
  connections: number;
  duration: number;
  warmup?: { connections: number; duration: number };
  timeout?: number;
}

// autocannon ships no typings: the part of its API used here, typed above.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** The version of the load generator, printed with the figures. */
export const AUTOCANNON_VERSION = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;

export interface LoadFigures {
  /** Mean requests per second over the phase. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

/** `warmUp` false: no warm-up second (the caller warmed the route up and measures from the first request). */
export async function runLoad(target: LoadTarget, seconds: number, connections: number, warmUp = true): Promise<LoadFigures> {
  if (new URL(target.url).hostname !== '127.0.0.1') throw new Error(`load phases only target 127.0.0.1, not ${new URL(target.url).host}`);
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    idReplacement: target.idReplacement,
    connections,
    duration: seconds,
    ...(warmUp ? { warmup: { connections, duration: 1 } } : {}),
    timeout: 10,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
