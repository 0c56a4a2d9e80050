// One key per request a call puts on the wire, so that a loop over generated calls sends each request once (the negative
// cases, the property checkers, the probes).
import type { Operation } from '../contract/contract.js';
import type { CallOptions } from './client.js';

/** What a call puts on the wire, as a key (undefined members left out, as by JSON): one key, one request; a self-signed call has none. */
export function callKey(operation: Operation, call: CallOptions): string | undefined {
  if (typeof call.auth === 'function') return undefined;
  const headers = Object.entries(call.headers ?? {}).map(([name, value]) => [name, value ?? null]);
  return JSON.stringify([
    operation.operationId,
    call.method ?? operation.method,
    call.baseURL,
    call.auth,
    call.rateLimit,
    call.path,
    call.query,
    headers,
    call.rawBody ?? call.body,
  ]);
}

/** A filter keeping the first item of each key (the same request gets the same answer); an item without a key is always kept. */
export function firstOfEach<T>(keyOf: (item: T) => string | undefined): (item: T) => boolean {
  const seen = new Set<string>();
  return (item) => {
    const key = keyOf(item);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}
