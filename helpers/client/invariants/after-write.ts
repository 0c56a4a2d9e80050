// What the two after-write properties share (answer-state.ts: an answer describes the state after the
// operation; echo.ts: every value sent comes back as sent): one write per writer, of a body made to
// tell (telling.ts), and the read right after it of what it made or changed, read twice so that what
// moves on its own (a clock, a fresh score) is not compared. One probe per operation serves both.
import type { Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import { leavesOf, volatileLeaves } from './kit.js';

export interface WriteProbe {
  writer: Operation;
  call: CallOptions;
  /** The sample as it is, sent when the target refuses `call` (a telling value the contract accepts but the target's data does not know). */
  plain?: CallOptions;
  /** The read right after the write (its call from the write's answer), where the contract has one. */
  read?: { reader: Operation; call: (answer: unknown) => CallOptions | undefined };
}

export interface WriteOutcome {
  probe: WriteProbe;
  status: number | string;
  answer: unknown;
  read?: { reader: Operation; status: number; body: unknown; volatile: Set<string> };
}

/** Sends each write and, when it answered 2xx, its read twice. A write the client throws on is an outcome with the first line of its error. */
export async function writeThenRead<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly WriteProbe[],
): Promise<WriteOutcome[]> {
  const out: WriteOutcome[] = [];
  for (const probe of probes) {
    const send = (call: CallOptions) =>
      api.callOperation(probe.writer, call).catch((error: Error) => ({ status: error.message.split('\n')[0], body: undefined }));
    let res = await send(probe.call);
    let sent = probe;
    if (probe.plain && typeof res.status === 'number' && res.status >= 400 && res.status < 500) {
      sent = { ...probe, call: probe.plain };
      res = await send(probe.plain);
    }
    const outcome: WriteOutcome = { probe: sent, status: res.status, answer: res.body };
    const call = typeof res.status === 'number' && res.status < 300 ? probe.read?.call(res.body) : undefined;
    if (probe.read && call) {
      const first = await api.callOperation(probe.read.reader, call).catch(() => undefined);
      const second = await api.callOperation(probe.read.reader, call).catch(() => undefined);
      if (first && second && first.status === 200)
        outcome.read = {
          reader: probe.read.reader,
          status: first.status,
          body: first.body,
          volatile: volatileLeaves(first.body, second.body),
        };
    }
    out.push(outcome);
  }
  return out;
}

const ID_KEYS = ['id'];

/** The id of an answer: its `id`, else its one member named `...Id` (`businessId`, `subscriptionId`). */
export function idOf(answer: unknown): { key: string; value: string } | undefined {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  const record = answer as Record<string, unknown>;
  for (const key of ID_KEYS) if (record[key] !== undefined && typeof record[key] !== 'object') return { key, value: String(record[key]) };
  const ids = Object.keys(record).filter((k) => /Id$/.test(k) && record[k] !== undefined && typeof record[k] !== 'object');
  return ids.length === 1 ? { key: ids[0], value: String(record[ids[0]]) } : undefined;
}

/**
 * Where the written object is in a read (a dotted path, '' for the whole read): the node carrying the
 * answer's id under the same key, else a list's only element, else the read itself.
 */
export function objectIn(read: unknown, answer: unknown): string {
  const id = idOf(answer);
  if (id) {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      if (!Array.isArray(node) && String((node as Record<string, unknown>)[id.key]) === id.value) return void found.push(at);
      for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
    };
    walk(read, '');
    if (found.length) return found[0];
  }
  return Array.isArray(read) && read.length === 1 ? '0' : '';
}

/** The leaves under a node of an answer, by their path relative to it. */
export function leavesUnder(body: unknown, at: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [p, v] of leavesOf(body)) {
    if (at === '') out.set(p, v);
    else if (p.startsWith(`${at}.`)) out.set(p.slice(at.length + 1), v);
  }
  return out;
}
