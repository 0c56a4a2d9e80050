// Property: a successful write changes only what it names. After any 2xx from a writer (create,
// update, delete, status change, subscribe), every object it does not name (the other members of the
// same collection, made before and after the one it names; the same kind of object of another owner
// the caller reads) reads as before, member by member: the converse of "a refused request leaves no
// trace" (refused-trace.ts). Seed 002, States and transitions: an operation moves "that" object (an
// event, a subscription) to the requested state; seed 001, Endpoints: each operation acts on the
// object its path or body names; the catalogue's *-PROP-WRITE-SCOPE. The readers are derived from the
// contract (kit.ts): the by-id readers of the resource the writer names, called on its siblings,
// and the collections on the writer's own path (its parents' readers, a list), in which the siblings'
// entries are compared and the named object's left out.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import { ContractViolation } from '../../contract/checks.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { Violations } from '../security/probe.js';
import { resolve } from '../negative.js';
import { readerAfterWrite } from '../security/read-only.js';
import { idOf } from './after-write.js';
import { changedLeaves, leavesOf, namedResources, readersOfNamed, volatileLeaves, withComputedSiblings } from './kit.js';

export const WRITE_SCOPE = 'write-changes-only-what-it-names';

/** One read of objects a write does not name: a sibling by its own reader, or a collection with the siblings' entries picked out. */
export interface ScopeRead {
  operation: Operation;
  call: CallOptions;
  /** The object it reads, in words (`webhookEvent 3f2c...`, `the siblings in listWebhookSubscriptions`). */
  object: string;
  /** For a collection: the ids of the entries compared (the check's own objects the write does not name), and those it names. */
  pick?: ReadonlySet<string>;
  named?: ReadonlySet<string>;
  /**
   * A read that writes (a test trigger, read as the deliveries it makes: what a sibling's TxPush
   * subscriptions hold shows only there, seed 002, Events): made by this function instead of the call,
   * before the probe's other reads and after them once the write is sent, so that what it writes
   * (the test transaction, the balance it moves) is never taken for the write's change.
   */
  send?: () => Promise<{ status: unknown; body: unknown }>;
  /**
   * A read of the object the write names (its by-id reader): it may change, so it is not compared; it
   * is read before and after the write so that what the client's answer judge holds across reads (an
   * event's date fixed at the event, FD-EVENT-DATE-FIXED) judges it, each verdict on its read after
   * the write a violation of the write.
   */
  own?: boolean;
}

export interface ScopeProbe {
  writer: Operation;
  call: CallOptions;
  reads: ScopeRead[];
  /**
   * Calls sent before the first read, bringing each sibling to a state the write would move it to
   * (otherStateCall): a write reaching a sibling already in the state it sets would change nothing.
   */
  prepare?: CallOptions[];
}

/**
 * The readers a write's siblings are read through: `own`, the by-id readers of the resource the
 * writer names last, or of the kind a create naming nothing makes (a GET whose path ends in that
 * resource's id, called with a sibling in its place); `collections`, the other readers of what it names (the writer's own path, the collection
 * a create adds to) and every GET whose path the writer's path extends (its parents, the collection of
 * the named object: a subscription holding its events), read as they are with the siblings' entries
 * picked out.
 */
export function scopeReaders(contract: Contract, writer: Operation): { named?: string; own: Operation[]; collections: Operation[] } {
  const lastOwned = (r: Operation) =>
    objectIdsOf(contract, r)
      .ids.filter((id) => id.in === 'path' && id.owner !== 'public')
      .at(-1)?.resource;
  // A create naming nothing (a new plan, a new subscription) has every object of the kind it makes as a sibling.
  const made = readerAfterWrite(contract, writer)?.reader;
  const named = namedResources(contract, writer).at(-1) ?? (made && lastOwned(made));
  const readers = readersOfNamed(contract, writer);
  // The by-id readers: a GET whose path ends in the id of the resource (its views under it, a sibling's own children, are left to the refused-request property).
  const own = named
    ? [...contract.operations.values()].filter((r) => r.method === 'GET' && r !== writer && lastOwned(r) === named && /\}$/.test(r.path))
    : [];
  const shape = (path: string) => path.replace(/\/v\d+(?=\/)/g, '').replace(/\{[^}]+\}/g, '{}');
  const under = (r: Operation) => r.method === 'GET' && r !== writer && shape(writer.path).startsWith(`${shape(r.path)}/`);
  // A view of the named object itself (its accounts, its application data) changes with it: not a sibling's read.
  const collections = [...new Set([...readers, ...[...contract.operations.values()].filter(under)])].filter(
    (r) => !own.includes(r) && (named === undefined || lastOwned(r) !== named),
  );
  return { named, own, collections };
}

/**
 * The writer's call with each top-level member its schema closes to an enum (a status) set to another
 * value the contract allows, confirmed by the request validator; undefined when its body has none.
 */
export function otherStateCall(contract: Contract, writer: Operation, call: CallOptions): CallOptions | undefined {
  const body = call.body;
  const schema = writer.requestBody?.schema ? resolve(contract, writer.requestBody.schema) : undefined;
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  let changed = false;
  for (const [name, value] of Object.entries(out)) {
    const member: Json = schema.properties[name] ? resolve(contract, schema.properties[name]) : undefined;
    const other = Array.isArray(member?.enum) ? member.enum.find((v: unknown) => v !== value) : undefined;
    if (other === undefined) continue;
    out[name] = other;
    changed = true;
  }
  const validate = contract.requestValidatorOf(writer.operationId);
  return changed && (!validate || validate(out)) ? { ...call, body: out } : undefined;
}

/**
 * The entries of a collection's answer whose own id (after-write.ts idOf) is one of `ids`, keyed by
 * that id; an entry carrying a named id among its own scalar ids (the named object, its children) is
 * passed over whole: what the write names may change, and with it what hangs under it.
 */
export function pickedEntries(body: unknown, ids: ReadonlySet<string>, named: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const own = Object.entries(node).filter(([k, v]) => /^id$|Id$/.test(k) && v !== null && typeof v !== 'object');
      if (own.some(([, v]) => named.has(String(v)))) return;
      const id = idOf(node);
      if (id && ids.has(id.value)) out[id.value] = node;
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(body);
  return out;
}

/** The entries two reads of a collection both hold: one entering or leaving a page is the page's, never the entry's change. */
function common(before: unknown, after: unknown): [unknown, unknown] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [before, after];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const both = Object.keys(b).filter((k) => k in a);
  return [Object.fromEntries(both.map((k) => [k, b[k]])), Object.fromEntries(both.map((k) => [k, a[k]]))];
}

/** The first line of a client's verdict on a 2xx answer (a finding of the write), else undefined. */
const verdictOn2xx = (error: unknown): ContractViolation | undefined =>
  error instanceof ContractViolation && error.site && error.site.status >= 200 && error.site.status < 300 ? error : undefined;

export interface ScopeOutcome {
  /** The writers whose write answered 2xx and whose siblings were read before and after it. */
  checked: string[];
  /** The writers whose write the target did not take, with its answer. */
  refused: { operationId: string; status: string }[];
  /** Each write's status and answer (the judge's verdict on a 2xx answer kept as a finding). */
  answers: Map<string, { status: number; body: unknown }>;
}

/**
 * Per probe: sends its preparing calls, reads each sibling read (twice the first time: what differs
 * between two reads with no write is the reader's own), sends the write, and reads them again; a leaf
 * that differs and stays so on a read right after is a violation naming the writer, the reader, the
 * object it reads, the member and the rule. A 429 is the target's pacing, never a finding.
 */
export async function checkWriteScope<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly ScopeProbe[],
  violations: Violations,
  /** A leaf that moves with the clock alone (an "as of now" date, a report leaving inProgress): no change. */
  moving: (path: string, before: unknown, after: unknown, writer: Operation) => boolean = () => false,
  rule = '',
): Promise<ScopeOutcome> {
  const cite = rule ? ` (${rule})` : '';
  const volatile = new Map<string, Set<string>>();
  const read = async (r: ScopeRead) => {
    const res = r.send
      ? await r.send()
      : await api.callOperation(r.operation, r.call).catch((error: Error) => {
          const judged = verdictOn2xx(error);
          return {
            status: judged?.site?.status ?? error.message.split('\n')[0],
            body: undefined as unknown,
            judged: Boolean(judged),
            verdict: judged?.message.split('\n')[0],
          };
        });
    const body = r.pick ? pickedEntries(res.body, r.pick, r.named) : res.body;
    return {
      status: res.status,
      body: body as unknown,
      judged: 'judged' in res && res.judged === true,
      verdict: 'verdict' in res ? (res.verdict as string | undefined) : undefined,
    };
  };
  const keyOf = (r: ScopeRead) =>
    `${r.send ? 'deliveries of ' : ''}${r.operation.operationId} ${JSON.stringify(r.call)} ${[...(r.pick ?? [])].join(',')}`;
  const outcome: ScopeOutcome = { checked: [], refused: [], answers: new Map() };
  for (const p of probes) {
    const { operationId } = p.writer;
    for (const call of p.prepare ?? []) await api.callOperation(p.writer, call).catch(() => undefined);
    const before = new Map<ScopeRead, { status: unknown; body: unknown; judged: boolean; verdict?: string }>();
    const writing = p.reads.filter((r) => r.send);
    const reading = p.reads.filter((r) => !r.send);
    for (const r of [...writing, ...reading]) {
      const first = await read(r);
      if (!volatile.has(keyOf(r))) {
        const second = await read(r);
        volatile.set(keyOf(r), withComputedSiblings(volatileLeaves(first, second), first, second));
        before.set(r, second);
      } else before.set(r, first);
    }
    let judged: ContractViolation | undefined;
    const res = await api.callOperation(p.writer, p.call).catch((error: Error) => {
      judged = verdictOn2xx(error);
      return { status: judged?.site?.status ?? error.message.split('\n')[0], body: undefined as unknown };
    });
    if (typeof res.status !== 'number' || res.status >= 300) {
      outcome.refused.push({ operationId, status: String(res.status) });
      continue;
    }
    outcome.answers.set(operationId, { status: res.status, body: res.body });
    if (judged)
      violations.add(operationId, 'a 2xx answer the client judged', judged.message.split('\n')[0], 'an answer that keeps the contract');
    // A write with no sibling to read is still sent: its answer is judged (the dates it stamps).
    if (!p.reads.length) continue;
    if (p.reads.some((r) => !r.own) && !outcome.checked.includes(operationId)) outcome.checked.push(operationId);
    for (const r of [...reading, ...writing]) {
      let was = before.get(r)!;
      let after = await read(r);
      if (r.own) {
        // The named object: what the client's checks find on its read after the write (an event date moved) is the write's.
        if (after.verdict && after.verdict !== was.verdict)
          violations.add(
            operationId,
            `${r.operation.operationId} of ${r.object}, the object the write names${cite}`,
            after.verdict,
            'an answer that keeps the contract',
          );
        continue;
      }
      // A 429 is the target's pacing; a read the client's own checks refused (its body unseen) is their finding, not a change.
      if (after.status === 429 || was.status === 429 || after.judged || was.judged) continue;
      if (r.pick) {
        const [b, a] = common(was.body, after.body);
        was = { ...was, body: b };
        after = { ...after, body: a };
      }
      const still = volatile.get(keyOf(r))!;
      const movedAlone = () =>
        new Set(
          [...leavesOf(after).entries()].filter(([leaf, v]) => moving(leaf, leavesOf(was).get(leaf), v, p.writer)).map(([leaf]) => leaf),
        );
      let changed = changedLeaves(was, after, new Set([...still, ...movedAlone()]));
      if (changed.length) {
        // A change is the write's when it stays: a leaf that differs again on a read right after is the reader's own.
        const again = await read(r);
        for (const leaf of withComputedSiblings(volatileLeaves(after, again), after, again)) still.add(leaf);
        changed = changedLeaves(was, after, new Set([...still, ...movedAlone()]));
      }
      const status = changed.filter((c) => c.startsWith('status:'));
      for (const change of (status.length ? status : changed).slice(0, 5))
        violations.add(
          operationId,
          `${r.operation.operationId} of ${r.object}, an object the write does not name${cite}`,
          change,
          'as before the write',
        );
    }
  }
  return outcome;
}
