// Property (*-PROP-WRITE-SCOPE): after any 2xx from a writer, every object it does not name (its siblings, another owner's object)
// reads as before, member by member (seed 002, States and transitions: an operation moves "that" object; seed 001, Endpoints).
// The converse of refused-trace.ts; the readers are derived from the contract.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { ContractViolation } from '../../contract/checks.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { Violations } from '../security/probe.js';
import { otherEnums } from '../negative.js';
import { readerAfterWrite } from '../security/read-only.js';
import { createHash } from 'node:crypto';
import { idOf, readAfterCall, violationOn2xx, type WriteProbe } from './after-write.js';
import { CHANGE } from './dates.js';
import {
  changesAfter,
  eachObject,
  lastOwnedPathId,
  leavesOf,
  membersOf,
  namedResources,
  okSchemaOf,
  readersOfNamed,
  ownLeaves,
  failedAs,
  takesBody,
} from './kit.js';
import { camel, pathParams, versionless } from '../../contract/writers.js';
import { resolve } from '../../contract/schema-walk.js';
import { callKey } from '../call-key.js';

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
  /** A read that writes (a test trigger, read as its deliveries, seed 002, Events): its own writes are never the write's change. */
  send?: () => Promise<{ status: unknown; body: unknown }>;
  /** A read of the named object: not compared; read around the write so the answer judge holds it (FD-EVENT-DATE-FIXED). */
  own?: boolean;
  /** A read of a parent the write's path names: compared but for the named child's entry and its last-change dates. */
  parent?: boolean;
  /** Our own read of our object a write under another credential names (seed 002, Report retrieval): compared as a sibling. */
  foreign?: boolean;
  /** A read of the named object through another of its readers (latestReaders): each input it shows must read as sent after. */
  latest?: boolean;
}

export interface ScopeProbe {
  writer: Operation;
  call: CallOptions;
  reads: ScopeRead[];
  /** Calls sent before the first read, bringing each sibling to a state the write would move it to (otherStateCall). */
  prepare?: CallOptions[];
  /** Calls of other writers sent before `prepare`: a parent moved to the state the write does not set (parentStateCalls). */
  prepareParents?: { operation: Operation; call: CallOptions }[];
  /** The twins (twinOf): each sharing every value but its id and one free member with the write's object, read as a sibling. */
  twins?: { call: CallOptions; read: NonNullable<WriteProbe['read']> }[];
  /** The writer's call on the parent's other children (seed 002, Webhook subscriptions: a child's delete removes that child only). */
  rest?: { calls: CallOptions[]; ids: string[] };
  /** Run after a 2xx write, before the reads: what the write starts and lands later (an asynchronous decision) lands first. */
  settle?: () => Promise<unknown>;
}

/** The readers of a write's siblings: `own`, the by-id readers of its last named resource; `collections`, those of what it names. */
export function scopeReaders(
  contract: Contract,
  writer: Operation,
): { named?: string; own: Operation[]; collections: Operation[]; parents: Operation[] } {
  const lastOwned = (r: Operation) => lastOwnedPathId(contract, r)?.resource;
  // A create naming nothing (a new plan, a new subscription) has every object of the kind it makes as a sibling.
  const made = readerAfterWrite(contract, writer)?.reader;
  const named = namedResources(contract, writer).at(-1) ?? (made && lastOwned(made));
  const readers = readersOfNamed(contract, writer);
  // The by-id readers: a GET whose path ends in the id of the resource (its views under it, a sibling's own children, are left to the refused-request property).
  const own = named
    ? [...contract.operations.values()].filter((r) => r.method === 'GET' && r !== writer && lastOwned(r) === named && /\}$/.test(r.path))
    : [];
  const shape = (path: string) => versionless(path).replace(/\{[^}]+\}/g, '{}');
  const under = (r: Operation) => r.method === 'GET' && r !== writer && shape(writer.path).startsWith(`${shape(r.path)}/`);
  // A view of the named object itself (its accounts, its application data) changes with it: not a sibling's read.
  const collections = [...new Set([...readers, ...[...contract.operations.values()].filter(under)])].filter(
    (r) => !own.includes(r) && (named === undefined || lastOwned(r) !== named),
  );
  // A parent the writer's path names (an event's subscription), read by its by-id reader: its own members are no child's.
  const pathNamed = new Set(
    objectIdsOf(contract, writer)
      .ids.filter((id) => id.in === 'path' && id.owner !== 'public' && id.resource !== named)
      .map((id) => id.resource),
  );
  const parents = collections.filter((r) => /\}$/.test(r.path) && pathNamed.has(lastOwned(r) ?? ''));
  return { named, own, collections: collections.filter((r) => !parents.includes(r)), parents };
}

/** A path's parameters, in camel case (`customer_id` is a customerId member). */
const camelParams = (path: string) => pathParams(path).map(camel);

/** The writer's path ids a reader shows at its top but does not take (seed 002, Endpoints); body members may be another object's. */
function latestInputs(writer: Operation, call: CallOptions, reader: Operation): Map<string, string> {
  const own = new Set(camelParams(reader.path));
  const out = new Map<string, string>();
  const named = camelParams(writer.path);
  for (const [k, v] of Object.entries(call.path ?? {})) {
    const name = named.find((n) => n.toLowerCase() === k.replace(/_/g, '').toLowerCase());
    if (name && !own.has(name) && v !== undefined) out.set(name, String(v));
  }
  return out;
}

/** The other readers of the objects a writer names that declare at their top a member named as a path id they do not take. */
export function latestReaders(contract: Contract, writer: Operation): Operation[] {
  const given = new Set(camelParams(writer.path));
  return [...contract.operations.values()].filter((r) => {
    if (r.method !== 'GET' || r === writer || r.parameters.some((p) => p.in === 'query' && p.required)) return false;
    const params = camelParams(r.path);
    if (!params.length || !params.every((p) => given.has(p))) return false;
    const answer = r.responses['200']?.schema ? resolve(contract, r.responses['200'].schema) : undefined;
    return Object.keys(answer?.properties ?? {}).some((k) => given.has(k) && !params.includes(k));
  });
}

/** Where a write's object may have a twin: a POST with an answer id and no 409 (seed 002, Endpoints); read by id (GetAssetByCustomerID). */
export function twinOf(contract: Contract, writer: Operation, call: CallOptions): ScopeProbe['twins'] {
  if (writer.method !== 'POST' || writer.responses['409']) return undefined;
  // The answer's members, its allOf parts at any depth (a report acknowledgement) included.
  const members = [...membersOf(contract, okSchemaOf(writer))].filter((k) => /^id$|Id$/.test(k));
  // Only a create: its answer identifies what it made.
  if (!members.length) return undefined;
  const made = readerAfterWrite(contract, writer);
  if (made?.idParams.length === 1) return twinCalls(contract, writer, call).map((c) => ({ call: c, read: readAfterCall(made, call)! }));
  const reader = [...contract.operations.values()].find((r) => {
    const ps = pathParams(r.path);
    const last = ps.at(-1);
    return (
      r.method === 'GET' &&
      /\}$/.test(r.path) &&
      last !== undefined &&
      members.includes(camel(last)) &&
      ps.slice(0, -1).every((p) => pathParams(writer.path).includes(p))
    );
  });
  if (!reader) return undefined;
  const read = readAfterCall({ reader, idParams: [pathParams(reader.path).at(-1)!] }, call)!;
  return twinCalls(contract, writer, call).map((c) => ({ call: c, read }));
}

/** The twins' calls: per free top-level string, the write's call with it one character off in its middle, where taken. */
function twinCalls(contract: Contract, writer: Operation, call: CallOptions): CallOptions[] {
  const body = call.body;
  const schema = writer.requestBody?.schema ? resolve(contract, writer.requestBody.schema) : undefined;
  if (!schema?.properties || !body || typeof body !== 'object' || Array.isArray(body)) return [call];
  const ok = takesBody(contract, writer);
  const out: CallOptions[] = [];
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    const member: Json = schema.properties[k] ? resolve(contract, schema.properties[k]) : undefined;
    if (typeof v !== 'string' || v.length < 3 || !member || member.enum || member.format || member.pattern || /^id$|Id$/.test(k)) continue;
    const at = Array.from(v, (_, i) => i)
      .slice(Math.floor(v.length / 2))
      .find((i) => /[A-Za-z0-9]/.test(v[i]!));
    if (at === undefined) continue;
    const c = v[at]!;
    const next = /\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'z' ? 'a' : c === 'Z' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1);
    const told = { ...(body as Record<string, unknown>), [k]: `${v.slice(0, at)}${next}${v.slice(at + 1)}` };
    if (ok(told)) out.push({ ...call, body: told });
  }
  return out.length ? out : [call];
}

/** The calls moving each parent on the writer's path to a state `state` does not set: a parent already in it would not change. */
export function parentStateCalls(contract: Contract, writer: Operation, state: CallOptions): { operation: Operation; call: CallOptions }[] {
  const body = state.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const ids = objectIdsOf(contract, writer).ids.filter((id) => id.in === 'path' && id.owner !== 'public');
  const named = ids.at(-1)?.resource;
  const enumsOf = (op: Operation) => {
    const schema = op.requestBody?.schema ? resolve(contract, op.requestBody.schema) : undefined;
    return Object.fromEntries(
      Object.entries((schema?.properties ?? {}) as Record<string, Json>).flatMap(([k, v]) => {
        const member = resolve(contract, v);
        return Array.isArray(member?.enum) ? [[k, JSON.stringify(member.enum)]] : [];
      }),
    );
  };
  const mine = enumsOf(writer);
  const keys = Object.keys(mine);
  if (!keys.length) return [];
  const out: { operation: Operation; call: CallOptions }[] = [];
  for (const parent of new Set(ids.filter((id) => id.resource !== named).map((id) => id.resource))) {
    const op = [...contract.operations.values()].find(
      (w) =>
        w !== writer &&
        w.method === writer.method &&
        namedResources(contract, w).at(-1) === parent &&
        Object.keys(enumsOf(w)).length === keys.length &&
        keys.every((k) => enumsOf(w)[k] === mine[k]),
    );
    if (!op) continue;
    const other = otherStateCall(contract, writer, state);
    const wanted = new Set([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));
    const path = Object.fromEntries(Object.entries(state.path ?? {}).filter(([k]) => wanted.has(k)));
    if (other && Object.keys(path).length === wanted.size) out.push({ operation: op, call: { path, body: other.body } });
  }
  return out;
}

/** The writer's call with each top-level enum member set to another value the contract allows; undefined when none. */
export function otherStateCall(contract: Contract, writer: Operation, call: CallOptions): CallOptions | undefined {
  const schema = writer.requestBody?.schema;
  const body = schema && otherEnums(contract, schema, call.body, takesBody(contract, writer), 1);
  return body && JSON.stringify(body) !== JSON.stringify(call.body) ? { ...call, body } : undefined;
}

/** The entries of a collection's answer whose own id is one of `ids`; an entry carrying a named id is passed over whole. */
function pickedEntries(body: unknown, ids: ReadonlySet<string>, named: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  eachObject(body, (node) => {
    const own = Object.entries(node).filter(([k, v]) => /^id$|Id$/.test(k) && v !== null && typeof v !== 'object');
    if (own.some(([, v]) => named.has(String(v)))) return false;
    const id = idOf(node);
    if (id && ids.has(id.value)) out[id.value] = node;
  });
  return out;
}

/** A parent's own members: its answer less every node carrying a named id and the dates of its last change (dates.ts CHANGE). */
function parentOwn(body: unknown, named: ReadonlySet<string>): unknown {
  const carries = (node: unknown) =>
    Boolean(node) &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    Object.entries(node as object).some(([k, v]) => /^id$|Id$/.test(k) && v !== null && typeof v !== 'object' && named.has(String(v)));
  const prune = (node: unknown, top: boolean): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.filter((item) => !carries(item)).map((item) => prune(item, false));
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k, v]) => !(top && CHANGE.test(k)) && !carries(v))
        .map(([k, v]) => [k, prune(v, false)]),
    );
  };
  return carries(body) ? undefined : prune(body, true);
}

/** The entries two reads of a collection both hold: one entering or leaving a page is the page's, never the entry's change. */
function common(before: unknown, after: unknown): [unknown, unknown] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [before, after];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const both = Object.keys(b).filter((k) => k in a);
  return [Object.fromEntries(both.map((k) => [k, b[k]])), Object.fromEntries(both.map((k) => [k, a[k]]))];
}

interface ScopeOutcome {
  /** The writers whose write answered 2xx and whose siblings were read before and after it. */
  checked: string[];
  /** The writers whose write the target did not take, with its answer. */
  refused: { operationId: string; status: string }[];
  /** Each write's status and answer (the judge's verdict on a 2xx answer kept as a finding). */
  answers: Map<string, { status: number; body: unknown }>;
  /** The writers an input of which another reader of what they name showed, read before and after them (ScopeRead.latest). */
  latest: string[];
}

/** Per probe: prepares, reads siblings (twice at first), writes, reads again; a leaf differing and staying so is a violation. */
export async function checkWriteScope<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly ScopeProbe[],
  violations: Violations,
  /** A leaf that moves with the clock alone (an "as of now" date, a report leaving inProgress): no change. */
  moving: (path: string, before: unknown, after: unknown, writer: Operation) => boolean = () => false,
  rule = '',
  /** The catalogue's rule of the latest write on every reader (ScopeRead.latest). */
  latestRule = '',
): Promise<ScopeOutcome> {
  const cite = rule ? ` (${rule})` : '';
  const volatile = new Map<string, Set<string>>();
  const raws = new WeakMap<object, unknown>();
  // A read's answer is kept while no call writes (the epoch); one that tells what moves alone, or was judged, is sent.
  let epoch = 0;
  const kept = new Map<string, { epoch: number; res: Awaited<ReturnType<typeof sendRead>> }>();
  const write = (operation: Operation, call: CallOptions) => api.callOperation(operation, call).finally(() => void epoch++);
  const sendRead = (r: ScopeRead) =>
    api.callOperation(r.operation, r.call).catch((error: Error) => {
      if (api.stopped) throw error;
      const judged = violationOn2xx(error);
      return {
        status: judged?.site?.status ?? error.message.split('\n')[0],
        body: undefined as unknown,
        judged: Boolean(judged),
        verdict: judged?.message.split('\n')[0],
      };
    });
  const read = async (r: ScopeRead, fresh = false) => {
    let res: { status: unknown; body: unknown; bytes?: Buffer; judged?: boolean; verdict?: string };
    if (r.send) {
      try {
        res = await r.send();
      } finally {
        epoch++;
      }
    } else {
      // A call under an authorizer of its own (a function) is never taken for another's.
      const request = callKey(r.operation, r.call);
      const hit = request && !fresh ? kept.get(request) : undefined;
      // An answer the client judged is read again: the judge's verdict is on what it saw before it (an event's date moved since).
      if (hit && hit.epoch === epoch && !('judged' in hit.res && hit.res.judged)) res = hit.res;
      else {
        const sent = await sendRead(r);
        if (request) kept.set(request, { epoch, res: sent });
        res = sent;
      }
    }
    // A binary answer (an asset's bytes) compared by its digest.
    const bytes = (res as { bytes?: Buffer }).bytes;
    const raw = res.body === undefined && bytes?.length ? { sha256: createHash('sha256').update(bytes).digest('hex') } : res.body;
    const body = r.pick ? pickedEntries(raw, r.pick, r.named) : r.parent ? parentOwn(raw, r.named ?? new Set()) : raw;
    const out = {
      status: res.status,
      body: body as unknown,
      judged: 'judged' in res && res.judged === true,
      verdict: 'verdict' in res ? (res.verdict as string | undefined) : undefined,
    };
    // The answer as read, before its picking: the parent's children once its last is gone (lastChild).
    raws.set(out, raw);
    return out;
  };
  const keyOf = (r: ScopeRead) =>
    `${r.send ? 'deliveries of ' : ''}${r.operation.operationId} ${JSON.stringify(r.call)} ${[...(r.pick ?? [])].join(',')}`;
  /** Whether a read's answer carries a node whose own scalar id is `id` (a parent showing that child). */
  const carries = (body: unknown, id: string): boolean =>
    [...leavesOf(body)].some(([leaf, v]) => /(^|\.)(id|[A-Za-z]*Id)$/.test(leaf) && String(v) === id);
  /** A parent left its last child: the writer sent on every other child, the parent compared but for them. */
  const lastChild = async (
    p: ScopeProbe,
    before: Map<ScopeRead, { status: unknown; judged: boolean }>,
    reading: readonly ScopeRead[],
    operationId: string,
  ) => {
    const parents = reading.filter((r) => r.parent && r.named?.size);
    const named = [...new Set(parents.flatMap((r) => [...r.named!]))];
    if (!p.rest?.calls.length || !parents.length) return;
    // Only where each parent showed the named child and every other one: then none is left.
    if (
      !parents.every(
        (r) => before.get(r)?.status === 200 && [...named, ...p.rest!.ids].every((id) => carries(raws.get(before.get(r)!), id)),
      )
    )
      return;
    for (const call of p.rest.calls) {
      const res = await write(p.writer, call).catch(failedAs(api));
      if (typeof res.status !== 'number' || res.status >= 300) return;
    }
    const children = new Set([...named, ...p.rest.ids]);
    for (const r of parents) {
      const was = before.get(r)!;
      const after = await read({ ...r, named: children });
      if (after.status === 429 || after.judged) continue;
      const own = { status: was.status, body: parentOwn(raws.get(was), children) };
      for (const change of await changesAfter(
        own,
        { status: after.status, body: after.body },
        volatile.get(keyOf(r)) ?? new Set(),
        () => false,
      ))
        violations.add(
          operationId,
          `${r.operation.operationId} of ${r.object}, once the write and the same write on its ${p.rest.ids.length} other children took its last child${cite}`,
          change,
          'the parent as before but for its children',
        );
    }
  };
  const outcome: ScopeOutcome = { checked: [], refused: [], answers: new Map(), latest: [] };
  for (const p of probes) {
    const { operationId } = p.writer;
    for (const { operation, call } of p.prepareParents ?? []) await write(operation, call).catch(() => undefined);
    for (const call of p.prepare ?? []) await write(p.writer, call).catch(() => undefined);
    const before = new Map<ScopeRead, { status: unknown; body: unknown; judged: boolean; verdict?: string }>();
    const reads = [...p.reads];
    // A twin whose told member the target refuses (an encrypted value no longer decrypting) gives way to one of the write's own call.
    const twins = p.twins ?? [];
    for (const [i, twin] of [...twins, ...(twins[0] ? [{ ...twins[0], call: p.call }] : [])].entries()) {
      if (i === twins.length && (twins.some((t) => t.call === p.call) || reads.length > p.reads.length)) break;
      // A twin: its call sent once (a refusal leaves it out: the write is refused alike).
      const made = await write(p.writer, twin.call).catch(() => undefined);
      const id = made && made.status < 300 ? idOf(made.body) : undefined;
      const call = id ? twin.read.call(made!.body) : undefined;
      // Only the object the create made (its answer's own id), never another its answer names.
      if (
        call &&
        Object.values(call.path ?? {})
          .map(String)
          .includes(id!.value)
      )
        reads.push({
          operation: twin.read.reader,
          call,
          object: `its twin ${JSON.stringify(call.path)}, made just before it with the same call${twin.call === p.call ? '' : ' but one member'}`,
        });
    }
    const writing = reads.filter((r) => r.send);
    const reading = reads.filter((r) => !r.send);
    for (const r of [...writing, ...reading]) {
      // Two reads the first time, both sent: what differs between them is the reader's own.
      const known = volatile.has(keyOf(r));
      const first = await read(r, !known);
      if (!known) {
        const second = await read(r, true);
        volatile.set(keyOf(r), ownLeaves(first, second));
        before.set(r, second);
      } else before.set(r, first);
    }
    let judged: ContractViolation | undefined;
    const res = await write(p.writer, p.call).catch((error: Error) => {
      if (api.stopped) throw error;
      judged = violationOn2xx(error);
      return { status: judged?.site?.status ?? error.message.split('\n')[0], body: undefined as unknown };
    });
    if (typeof res.status !== 'number' || res.status >= 300) {
      outcome.refused.push({ operationId, status: String(res.status) });
      continue;
    }
    outcome.answers.set(operationId, { status: res.status, body: res.body });
    await p.settle?.();
    if (judged)
      violations.add(operationId, 'a 2xx answer the client judged', judged.message.split('\n')[0], 'an answer that keeps the contract');
    // A write with no sibling to read is still sent: its answer is judged (the dates it stamps).
    if (!reads.length) continue;
    if (reads.some((r) => !r.own) && !outcome.checked.includes(operationId)) outcome.checked.push(operationId);
    for (const r of [...reading, ...writing]) {
      let was = before.get(r)!;
      let after = await read(r);
      if (r.latest) {
        // Every reader shows the latest write, though read before it (a cache shows the earlier value).
        if (after.status !== 200 || after.judged) continue;
        const top = (after.body ?? {}) as Record<string, unknown>;
        const shown = [...latestInputs(p.writer, p.call, r.operation)].filter(
          ([name]) => typeof top[name] === 'string' || typeof top[name] === 'number',
        );
        if (shown.length && !outcome.latest.includes(operationId)) outcome.latest.push(operationId);
        for (const [name, value] of shown)
          if (String(top[name]) !== value)
            violations.add(
              operationId,
              `${r.operation.operationId} of ${r.object}, read before and after the write${latestRule ? ` (${latestRule})` : ''}`,
              `${name}: sent ${JSON.stringify(value)}, read ${JSON.stringify(top[name])}`,
              'the value the latest write set, on every reader of the object',
            );
        continue;
      }
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
      // A change is the write's when it stays: a leaf that differs again on a read right after is the reader's own.
      const changes = await changesAfter(
        was,
        after,
        volatile.get(keyOf(r))!,
        (leaf, b, a) => moving(leaf, b, a, p.writer),
        () => read(r, true),
      );
      for (const change of changes)
        violations.add(
          operationId,
          `${r.operation.operationId} of ${r.object}, ${r.foreign ? "ours, read by our own credential after another's write" : 'an object the write does not name'}${cite}`,
          change,
          'as before the write',
        );
    }
    await lastChild(p, before, reading, operationId);
  }
  return outcome;
}
