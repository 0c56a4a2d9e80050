// What the two after-write properties share (answer-state.ts, echo.ts): one write per writer of a
// telling body, and the read right after it, read twice so what moves on its own is not compared.
import type { Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import { ContractViolation } from '../../contract/checks.js';
import { ruleIdsLeading } from '../../contract/rules.js';
import { eachObject, leavesOf, volatileLeaves } from './kit.js';
import type { Violations } from '../security/probe.js';
import { camel } from '../../contract/writers.js';

export interface WriteProbe {
  writer: Operation;
  call: CallOptions;
  /** The sample as it is, sent when the target refuses `call` (a telling value the contract accepts but the target's data does not know). */
  plain?: CallOptions;
  /** The sample with only its ids in another case (echo.ts tellingWrite: a UUID), sent before `plain` where it differs from it. */
  recased?: CallOptions;
  /** The read right after the write (its call from the write's answer), where the contract has one. */
  read?: { reader: Operation; call: (answer: unknown) => CallOptions | undefined };
}

export interface WriteOutcome {
  probe: WriteProbe;
  status: number | string;
  answer: unknown;
  read?: { reader: Operation; status: number; body: unknown; volatile: Set<string>; second?: unknown };
  /** What the client's checks found wrong in a 2xx answer of the write or its read: a finding, never a reason to leave it out. */
  judged: string[];
}

/** A client's verdict on a 2xx answer, else undefined (a refusal, a transport error). */
export const violationOn2xx = (error: unknown): ContractViolation | undefined =>
  error instanceof ContractViolation && error.site && error.site.status >= 200 && error.site.status < 300 ? error : undefined;
/** The first line of a client's verdict on a 2xx answer, else undefined. */
export const verdictOn2xx = (error: unknown): string | undefined => violationOn2xx(error)?.message.split('\n')[0];

/** Sends each write and, on a 2xx, its read twice; a 2xx verdict is a finding (`judged`); `beforeWrite` gives each write its own second. */
export async function writeThenRead<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly WriteProbe[],
  beforeWrite?: () => Promise<unknown>,
): Promise<WriteOutcome[]> {
  const out: WriteOutcome[] = [];
  for (const probe of probes) {
    if (beforeWrite) await beforeWrite();
    const judged: string[] = [];
    const send = (call: CallOptions) =>
      api.callOperation(probe.writer, call).catch((error: Error) => {
        // A call that stopped its test (the breaker, a sandbox's quota) stops the loop: never an outcome to judge.
        if (api.stopped) throw error;
        const verdict = verdictOn2xx(error);
        if (verdict) judged.push(verdict);
        return { status: verdict ? (error as ContractViolation).site!.status : error.message.split('\n')[0], body: undefined };
      });
    let res = await send(probe.call);
    let sent = probe;
    // Refused, the sample with its ids in another case, then the sample as it is: the first the target takes is the write.
    for (const next of [probe.recased, probe.plain]) {
      if (!next || typeof res.status !== 'number' || res.status < 400 || res.status >= 500) continue;
      sent = { ...probe, call: next };
      res = await send(next);
    }
    const outcome: WriteOutcome = { probe: sent, status: res.status, answer: res.body, judged };
    const call = typeof res.status === 'number' && res.status < 300 ? probe.read?.call(res.body) : undefined;
    if (probe.read && call) {
      const read = () =>
        api.callOperation(probe.read!.reader, call).catch((error: Error) => {
          if (api.stopped) throw error;
          const verdict = verdictOn2xx(error);
          if (verdict && !judged.includes(`${probe.read!.reader.operationId} right after: ${verdict}`))
            judged.push(`${probe.read!.reader.operationId} right after: ${verdict}`);
          return undefined;
        });
      const first = await read();
      const second = await read();
      if (first && second && first.status === 200)
        outcome.read = {
          reader: probe.read.reader,
          status: first.status,
          body: first.body,
          volatile: volatileLeaves(first.body, second.body),
          second: second.body,
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

/** Where the written object is in a read: the node carrying the answer's id, else a list's only element, else the read itself. */
export function objectIn(read: unknown, answer: unknown): string {
  const id = idOf(answer);
  if (id) {
    const found: string[] = [];
    eachObject(read, (node, at) => !(String(node[id.key]) === id.value && found.push(at)));
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

/** The read right after a write (readerAfterWrite): its further path ids from the answer, else from what was sent; else undefined. */
export function readAfterCall(after: { reader: Operation; idParams: string[] }, sent: CallOptions): WriteProbe['read'] {
  return {
    reader: after.reader,
    call: (answer: unknown) => {
      const record = (Array.isArray(answer) ? answer[0] : answer) as Record<string, unknown> | undefined;
      const body = (sent.body && typeof sent.body === 'object' ? sent.body : {}) as Record<string, unknown>;
      const path: Record<string, string | number | undefined> = { ...sent.path };
      for (const id of after.idParams) {
        const value = record?.[id] ?? record?.[camel(id)] ?? record?.id ?? body[id] ?? body[camel(id)];
        if (value === undefined || typeof value === 'object') return undefined;
        path[id] = String(value);
      }
      return { path };
    },
  };
}

/** A write's judged findings (WriteOutcome.judged), each a violation naming the writer: whether it was checked. */
export function addJudged(o: WriteOutcome, violations: Violations): boolean {
  // Filed under the rule the verdict opens with (the client's judgement names the rule stating it: FD-CONNECT-EMAIL for an
  // e-mail answered otherwise than sent), not under the property that happened to send the call.
  for (const verdict of o.judged)
    violations.add(
      o.probe.writer.operationId,
      'a 2xx answer the client judged',
      verdict,
      'an answer that keeps the contract',
      ruleIdsLeading([verdict])[0],
    );
  return o.judged.length > 0;
}
