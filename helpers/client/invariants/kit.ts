// What the invariant checkers share: which operations write and which read, the readers of the objects
// a writer names, and the comparison of two answers leaf by leaf.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { ContractViolation } from '../../contract/checks.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import { versionless } from '../../contract/writers.js';
import { resolve } from '../../contract/schema-walk.js';

/** Whether the contract takes a request body of the operation (any body where it states no validator). */
export const takesBody = (contract: Contract, op: Operation): ((body: unknown) => boolean) => {
  const validate = contract.requestValidatorOf(op.operationId);
  return (body) => !validate || Boolean(validate(body));
};

/** A read: a GET, or a POST named as one (get, list, search, or a `/searches` path); a GET sending a test delivery is neither. */
export const isRead = (op: Operation): boolean =>
  !/^test/i.test(op.operationId) && (op.method === 'GET' || /^(get|list|search)/i.test(op.operationId) || /\/searches$/.test(op.path));

/** The writers of a contract: every operation that is not a read (create, update, delete, subscribe, register). */
export const writersOfContract = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => !isRead(op));

/** The resources of the objects an operation names through an owned id (path or body). */
export function namedResources(contract: Contract, op: Operation): string[] {
  return [
    ...new Set(
      objectIdsOf(contract, op)
        .ids.filter((id) => id.owner !== 'public')
        .map((id) => id.resource),
    ),
  ];
}

/** The last owned id of an operation's path (public ids aside): the object it reads or writes, not its parent. */
export const lastOwnedPathId = (contract: Contract, op: Operation) =>
  objectIdsOf(contract, op)
    .ids.filter((id) => id.in === 'path' && id.owner !== 'public')
    .at(-1);

/** The readers of what a writer names: GETs of its last owned resource, of its own path, and of a named kind (`/customers/testing`). */
export function readersOfNamed(contract: Contract, writer: Operation): Operation[] {
  // The object a writer is about is the last it names (an account under its customer); a create names its parent.
  const named = new Set(namedResources(contract, writer).slice(-1));
  const kindOf = writer.method === 'POST' ? /^(.*\/[a-z]+)\/[a-z]+$/i.exec(versionless(writer.path))?.[1] : undefined;
  return [...contract.operations.values()].filter((r) => {
    if (r.method !== 'GET' || r === writer) return false;
    if (r.path === writer.path || (kindOf !== undefined && versionless(r.path) === kindOf)) return true;
    const last = lastOwnedPathId(contract, r);
    return last !== undefined && named.has(last.resource);
  });
}

/** The value at a path of steps under a node (undefined where a step is missing). */
export const valueAt = (root: unknown, at: string[]): unknown =>
  at.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);

/** A copy of a node with the value at a path of steps set (the value itself for no steps; the copy as it is where the holder is missing). */
export function setAt(root: unknown, at: string[], value: unknown): unknown {
  if (!at.length) return value;
  const copy = structuredClone(root);
  const holder = valueAt(copy, at.slice(0, -1));
  if (holder && typeof holder === 'object') (holder as Record<string, unknown>)[at.at(-1)!] = value;
  return copy;
}

/** A deep copy of `obj` with the dotted path set to `value` (a missing holder made an object), removed where `value` is undefined. */
export function withPath<T>(obj: T, dotted: string, value: unknown): T {
  const copy = structuredClone(obj) as any;
  const keys = dotted.split('.');
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] ??= {};
  if (value === undefined) delete node[keys[keys.length - 1]];
  else node[keys[keys.length - 1]] = value;
  return copy;
}

/** Every object (not a list) in a JSON value, depth first, with its dotted path; `visit` answering false is not walked below. */
export function eachObject(node: unknown, visit: (o: Record<string, unknown>, at: string) => boolean | void, at = ''): void {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node) && visit(node as Record<string, unknown>, at) === false) return;
  for (const [k, v] of Object.entries(node)) eachObject(v, visit, at ? `${at}.${k}` : k);
}

/** Every leaf under a node, by its dotted path: one map filled by one walk (an answer of hundreds of leaves is flattened per read). */
export function leavesOf(node: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (n: unknown, path: string) => {
    if (n === null || typeof n !== 'object') {
      out.set(path, n);
      return;
    }
    const keys = Object.keys(n);
    if (!keys.length) out.set(path, Array.isArray(n) ? '[]' : '{}');
    for (const key of keys) walk((n as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
  };
  walk(node, '');
  return out;
}

/** The leaves that differ between two answers (a leaf only one has included), less the volatile ones. */
export function changedLeaves(before: unknown, after: unknown, volatile: ReadonlySet<string> = new Set()): string[] {
  return changedLeavesOf(leavesOf(before), leavesOf(after), volatile);
}

/** changedLeaves of two answers already flattened (leavesOf). */
export function changedLeavesOf(
  b: ReadonlyMap<string, unknown>,
  a: ReadonlyMap<string, unknown>,
  volatile: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (const p of new Set([...b.keys(), ...a.keys()])) {
    if (volatile.has(p) || b.get(p) === a.get(p)) continue;
    out.push(
      `${p || '(the answer)'}: ${b.has(p) ? JSON.stringify(b.get(p)) : 'absent'} became ${a.has(p) ? JSON.stringify(a.get(p)) : 'absent'}`,
    );
  }
  return out;
}

/** The leaves that differ between two reads with no write between (an age, a clock): never compared. */
export function volatileLeaves(first: unknown, second: unknown): Set<string> {
  const a = leavesOf(first);
  const b = leavesOf(second);
  return new Set([...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)));
}

/** The volatile leaves with their computed siblings (a payment success indicator's score and band); the top level is not widened. */
export function withComputedSiblings(volatile: ReadonlySet<string>, ...answers: unknown[]): Set<string> {
  const parents = new Set([...volatile].map((leaf) => leaf.slice(0, Math.max(0, leaf.lastIndexOf('.')))).filter((at) => at.includes('.')));
  const out = new Set(volatile);
  if (!parents.size) return out;
  const prefixes = [...parents].map((at) => `${at}.`);
  for (const answer of answers) for (const leaf of leavesOf(answer).keys()) if (prefixes.some((p) => leaf.startsWith(p))) out.add(leaf);
  return out;
}

/** A reader's own leaves, from two reads with no act between: those that differ, with the members computed beside them. */
export const ownLeaves = (first: unknown, second: unknown): Set<string> =>
  withComputedSiblings(volatileLeaves(first, second), first, second);

/** An answer as the compare loop holds it. */
export interface Answer {
  status: unknown;
  body: unknown;
}

/** What an act left on a reader: changed leaves but its own (`still`) and those moving alone (`moving`; seed 002, States), on `again`. */
export async function changesAfter(
  before: Answer,
  after: Answer,
  still: Set<string>,
  moving: (path: string, before: unknown, after: unknown) => boolean,
  again?: (was: ReadonlyMap<string, unknown>, now: ReadonlyMap<string, unknown>) => Promise<Answer>,
): Promise<string[]> {
  // Each read's leaves taken once: a whole report has thousands.
  const was = leavesOf(before);
  const now = leavesOf(after);
  const moved = [...now.entries()].filter(([leaf, v]) => moving(leaf, was.get(leaf), v)).map(([leaf]) => leaf);
  const ended = moved.filter((leaf) => leaf.split('.').at(-1) === 'status').map((leaf) => leaf.slice(0, leaf.lastIndexOf('.') + 1));
  if (ended.length) for (const leaf of new Set([...was.keys(), ...now.keys()])) if (ended.some((e) => leaf.startsWith(e))) moved.push(leaf);
  let changed = changedLeavesOf(was, now, new Set([...still, ...moved]));
  if (changed.length && again) {
    const next = await again(was, now);
    for (const leaf of ownLeaves(after, next)) still.add(leaf);
    changed = changedLeavesOf(was, now, new Set([...still, ...moved]));
  }
  const status = changed.filter((c) => c.startsWith('status:'));
  return (status.length ? status : changed).slice(0, 5);
}

/** A leaf moving without a write: an epoch-seconds leaf forward under ten minutes, a report leaving inProgress (seed 002, States). */
export const movesAloneBeside =
  (eventDates: { has(member: string): boolean }) =>
  (path: string, before: unknown, after: unknown): boolean =>
    (typeof before === 'number' &&
      typeof after === 'number' &&
      before > 1e9 &&
      after >= before &&
      after - before < 600 &&
      !eventDates.has(path.split('.').at(-1)!)) ||
    (before === 'inProgress' && path.split('.').at(-1) === 'status');

/** For a catch turning a call's failure into an outcome: rethrows when the call stopped its test (`Test is skipped`), else undefined. */
export function stoppedOr(api: { stopped: boolean }, error: unknown): undefined {
  if (api.stopped) throw error;
  return undefined;
}

/** A catch for a call judged by its outcome: its failure's first line as the status (rethrown where the call stopped its test, stoppedOr). */
export const failedAs =
  (api: { stopped: boolean }) =>
  (error: Error): { status: string; body: undefined } =>
    stoppedOr(api, error) ?? { status: error.message.split('\n')[0]!, body: undefined };

/** A catch for a call whose verdict is its outcome: the client's (a ContractViolation) as its first line; any other failure rethrown. */
export const verdictLine =
  (api: { stopped: boolean }) =>
  (error: unknown): string => {
    if (api.stopped || !(error instanceof ContractViolation)) throw error;
    return error.message.split('\n')[0]!;
  };

/** A flag as the contract writes it: a boolean, or its text ("true", "false": the transactions' moreAvailable). */
export const flagOf = (v: unknown): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A date-time with its zone as epoch seconds (the unit another reader of the contract may answer it in), else the value. */
export const instant = (v: unknown): unknown => (typeof v === 'string' && DATE_TIME.test(v) ? Math.floor(Date.parse(v) / 1000) : v);

/** The first 2xx status an operation documents. */
export const okCodeOf = (op: Operation): string | undefined => Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));

/** The schema of an operation's first documented 2xx answer. */
export const okSchemaOf = (op: Operation): Json | undefined => {
  const code = okCodeOf(op);
  return code ? op.responses[code]?.schema : undefined;
};

/** The top-level members of a schema, through its `$ref`s and `allOf` parts (resolve). */
export const membersOf = (contract: Contract, node: unknown): Set<string> =>
  new Set(Object.keys(resolve(contract, node as Json)?.properties ?? {}));

/** The values a creator's object holds alone: the members a receipt names back (CreatedCustomer's username), those its 409 states. */
export function heldValuesOf(contract: Contract, creator: Operation): string[] {
  const sent = membersOf(contract, creator.requestBody?.schema);
  const answered = membersOf(contract, okSchemaOf(creator));
  return answered.size < sent.size ? [...sent].filter((m) => answered.has(m)) : [];
}

/** Whether a schema holds, at any depth (`$ref`s followed), a node `test` takes (given the node and the component it refers to). */
export function schemaHolds(contract: Contract, schema: Json, test: (node: Json, target: Json) => boolean): boolean {
  const seen = new Set<Json>();
  const walk = (node: Json): boolean => {
    if (!node || typeof node !== 'object' || seen.has(node)) return false;
    seen.add(node);
    const refName = typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
    const target = refName ? contract.componentSchema(refName) : node;
    if (test(node, target)) return true;
    if (target !== node && walk(target)) return true;
    return Object.values(target ?? {}).some((v) => (Array.isArray(v) ? v.some(walk) : walk(v)));
  };
  return walk(schema);
}

/** The schema at a path under a schema: a list's items for an index, else the first part (allOf, oneOf, anyOf) declaring the member. */
export function schemaAt(contract: Contract, schema: Json, path: readonly string[]): Json | undefined {
  let node = contract.resolveSchema(schema);
  for (const step of path) {
    if (!node || typeof node !== 'object') return undefined;
    if (/^\d+$/.test(step) && node.items) {
      node = contract.resolveSchema(node.items);
      continue;
    }
    const parts = [node, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => node[k] ?? [])]
      .map((n) => contract.resolveSchema(n))
      .map((n) => (n?.items ? contract.resolveSchema(n.items) : n));
    node = contract.resolveSchema(parts.find((p) => p?.properties?.[step])?.properties[step]);
  }
  return node;
}
