// One exchange with the target (helpers/client/README.md, one call in order, step 4): bytes as given, no redirects followed, the
// response disposed once read, the whole as one internal call of Playwright's (no step of the test, no message to the runner).
import type { APIRequestContext } from '@playwright/test';
import { createRequire } from 'node:module';
import { redactText } from '../secrets/redact.js';

/** What a call received: its status, headers (names in lower case) and body bytes. */
export interface Received {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** Playwright's own wrapper of its API calls: an `internal` call is no step of the test and no message to the runner. */
type ApiCallWrapper = { _wrapApiCall?: (run: () => Promise<Received>, options: { internal: boolean }) => Promise<Received> };

/** Playwright's zone of the API call in progress: a call made inside one is part of it, no call of its own. */
type ZoneApi = { currentZone?: () => { with(name: string, data: unknown): { run<R>(fn: () => R): R } } };

/** Playwright's current zone: a call inside an internal zone skips the wrapper's 50-frame stack (about 3 s of CPU over `npm test`). */
const zoneApi: ZoneApi = (() => {
  try {
    return (createRequire(import.meta.url)('playwright-core/lib/coreBundle') as { utils?: ZoneApi }).utils ?? {};
  } catch {
    return {};
  }
})();

/** One exchange (bytes as given, no redirects), the response disposed at once; fetch, body and dispose as one internal call. */
export async function fetchOnce(
  request: APIRequestContext,
  url: string,
  init: { method: string; headers: Record<string, string>; data?: Buffer },
): Promise<Received> {
  const exchange = async (): Promise<Received> => {
    // Playwright's own timeout builds a 200-frame error before every fetch (about 2.5 s of CPU): the deadline is kept here instead.
    let response: Awaited<ReturnType<APIRequestContext['fetch']>>;
    try {
      response = await request.fetch(url, { ...init, failOnStatusCode: false, maxRedirects: 0, timeout: 0 });
    } catch (error) {
      // Playwright's message of a failed exchange ends with a call log of every header sent, keys included: its first line only.
      const first = (error as Error).message.split('\n')[0].replace(/^apiRequestContext\.fetch: /, '');
      throw new Error(`${init.method} ${redactText(url)}: ${redactText(first)}`);
    }
    try {
      return { status: response.status(), headers: response.headers(), bytes: await response.body() };
    } finally {
      await response.dispose();
    }
  };
  const zone = zoneApi.currentZone?.();
  const wrap = (request as unknown as ApiCallWrapper)._wrapApiCall;
  const call =
    zone && typeof zone.with === 'function'
      ? zone.with('apiZone', { apiName: 'apiRequestContext.fetch', frames: [], internal: true, reported: false }).run(exchange)
      : typeof wrap === 'function'
        ? wrap.call(request, exchange, { internal: true })
        : exchange();
  return withinDeadline(call, REQUEST_DEADLINE_MS, () => `${init.method} ${redactText(url)}: no answer within ${REQUEST_DEADLINE_MS} ms`);
}

/** How long one exchange may take: Playwright's default for an API request (its `timeout` option). */
const REQUEST_DEADLINE_MS = 30_000;

/** The call's answer, or an error with the message once `ms` have passed without one. */
export function withinDeadline<T>(call: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}
