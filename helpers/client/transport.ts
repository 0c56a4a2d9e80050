// One exchange with the target (helpers/client/README.md, one call in order, step 4): bytes as given, no redirects followed, the
// response disposed once read, the whole as one internal call of Playwright's (no step of the test, no message to the runner).
import type { APIRequestContext } from '@playwright/test';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
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

/** How a request's body is framed: by Content-Length (Playwright's only way), or in chunked transfer coding (RFC 9112 section 7.1). */
export type Framing = 'length' | 'chunked';

/** One exchange (bytes as given, no redirects), the response disposed at once; fetch, body and dispose as one internal call. */
export async function fetchOnce(
  request: APIRequestContext,
  url: string,
  init: { method: string; headers: Record<string, string>; data?: Buffer; framing?: Framing },
): Promise<Received> {
  if (init.framing === 'chunked' && init.data !== undefined)
    return withinDeadline(
      sendChunked(url, { ...init, data: init.data }),
      REQUEST_DEADLINE_MS,
      () => `${init.method} ${redactText(url)}: no answer within ${REQUEST_DEADLINE_MS} ms`,
    );
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

/**
 * The one request a check sends in chunked transfer coding (CallOptions.framing): Playwright's APIRequestContext always frames a
 * body by its length (it sets Content-Length from the data it is given and takes no stream), so this request alone goes out
 * through node:http, the same bytes in two chunks and no Content-Length (RFC 9112 section 7.1). Its answer is read as
 * fetchOnce reads one (status, headers in lower case, the body's bytes, a content coding undone as Playwright undoes it) and
 * judged by the choke point as every other; no redirect followed, no connection kept.
 */
function sendChunked(url: string, init: { method: string; headers: Record<string, string>; data: Buffer }): Promise<Received> {
  const target = new URL(url);
  const headers = Object.fromEntries(Object.entries(init.headers).filter(([k]) => !/^(content-length|transfer-encoding)$/i.test(k)));
  const failed = (error: Error) => new Error(`${init.method} ${redactText(url)}: ${redactText(error.message.split('\n')[0])}`);
  return new Promise<Received>((resolve, reject) => {
    const send = (target.protocol === 'https:' ? https : http).request(
      target,
      { method: init.method, headers: { ...headers, 'transfer-encoding': 'chunked' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => reject(failed(e)));
        res.on('end', () => {
          try {
            const received = Object.fromEntries(
              Object.entries(res.headers)
                .filter((e): e is [string, string | string[]] => e[1] !== undefined)
                .map(([k, v]) => [k, Array.isArray(v) ? v.join('\n') : v]),
            );
            resolve({
              status: res.statusCode ?? 0,
              headers: received,
              bytes: decoded(Buffer.concat(chunks), received['content-encoding']),
            });
          } catch (error) {
            reject(failed(error as Error));
          }
        });
      },
    );
    send.on('error', (e) => reject(failed(e)));
    // Past the deadline (withinDeadline answers then) the socket is closed too, not left open for the rest of the run.
    send.setTimeout(REQUEST_DEADLINE_MS, () => send.destroy(new Error(`no answer within ${REQUEST_DEADLINE_MS} ms`)));
    // Two chunks where the body has two bytes or more: a framing read only as one chunk is met too.
    const half = Math.ceil(init.data.length / 2);
    if (half > 0) send.write(init.data.subarray(0, half));
    if (init.data.length > half) send.write(init.data.subarray(half));
    send.end();
  });
}

/** A body's bytes with its content coding undone (gzip, deflate, br), as Playwright's fetch gives them. */
function decoded(bytes: Buffer, coding: string | undefined): Buffer {
  const c = coding?.trim().toLowerCase();
  if (!bytes.length || !c || c === 'identity') return bytes;
  if (c === 'gzip' || c === 'x-gzip') return zlib.gunzipSync(bytes);
  if (c === 'deflate') return zlib.inflateSync(bytes);
  if (c === 'br') return zlib.brotliDecompressSync(bytes);
  return bytes;
}
