// What a writer leaves alone (FD-MODIFY-LEAVES-OTHERS): the operations changing an existing object (a PUT or PATCH with a body
// on the object its path ends with, or its status), its readers, bodies setting one member at a time, and the object as each
// reader shows it before and after. Read from the contract, so a new writer or member is covered as it comes.
import type { Contract, Json, Operation } from './contract.js';

interface Writer {
  operation: Operation;
  /** The path parameter naming the object written (`customerId`). */
  param: string;
  /** The object's own path: the writer's up to that parameter (`.../webhooks/{subscription_id}` for `.../status`). */
  objectPath: string;
}

/** A reader of a writer's object: itself, a view under it, its collection, its parent, or a `holder` (a node with its id). */
interface ObjectReader {
  operation: Operation;
  kind: 'object' | 'view' | 'collection' | 'parent' | 'holder';
}

/** A path without its version segments (`/v1/`, `/v2/`): the same resource across versions. */
export const versionless = (path: string) => path.replace(/\/v\d+(?=\/)/g, '');
/** The parameter names of a path template, in order (`/customers/{customerId}/accounts/{accountId}`: customerId, accountId). */
export const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
/** A snake_case name in camelCase (`application_id` is `applicationId`). */
export const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every operation that writes members of an existing object, and those that cannot be checked so, with why. */
export function writersOf(contract: Contract): { writers: Writer[]; leftOut: { operationId: string; reason: string }[] } {
  const writers: Writer[] = [];
  const leftOut: { operationId: string; reason: string }[] = [];
  for (const op of contract.operations.values()) {
    if (op.method !== 'PUT' && op.method !== 'PATCH') continue;
    const objectPath = /^(.*\{[^}]+\})(\/[a-z]+)?$/i.exec(op.path)?.[1];
    const param = objectPath ? /\{([^}]+)\}$/.exec(objectPath)?.[1] : undefined;
    if (!op.requestBody?.schema)
      leftOut.push({ operationId: op.operationId, reason: 'sends no body: it changes what its path names, no member' });
    else if (!objectPath || !param)
      leftOut.push({ operationId: op.operationId, reason: 'names no object in its path (nothing a reader reads back)' });
    else writers.push({ operation: op, param, objectPath });
  }
  return { writers, leftOut };
}

/** The readers of a writer's object, from the contract's paths. */
export function readersOf(contract: Contract, w: Writer): ObjectReader[] {
  const gets = [...contract.operations.values()].filter((o) => o.method === 'GET');
  const collection = versionless(w.objectPath.replace(/\/\{[^}]+\}$/, ''));
  const own = gets.filter((o) => o.path === w.objectPath).map((operation) => ({ operation, kind: 'object' as const }));
  const views = gets
    .filter((o) => new RegExp(`^${escapeRegExp(w.objectPath)}/[a-z]+$`, 'i').test(o.path))
    .map((operation) => ({ operation, kind: 'view' as const }));
  const lists = gets.filter((o) => versionless(o.path) === collection).map((operation) => ({ operation, kind: 'collection' as const }));
  // An object with no reader of its own (a webhook subscription's event) is read inside its parent.
  const parentPath = w.objectPath.replace(/\/[a-z]+\/\{[^}]+\}$/i, '');
  const parents =
    own.length || parentPath === w.objectPath
      ? []
      : gets.filter((o) => o.path === parentPath).map((operation) => ({ operation, kind: 'parent' as const }));
  return [...own, ...views, ...lists, ...parents];
}

/** A text as a regular expression matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The query a collection reader is called with to list the object: its id where the reader filters by it. */
export function collectionQuery(reader: Operation, w: Writer, id: string): Record<string, string> | undefined {
  const filter = reader.parameters.find((p) => p.in === 'query' && (p.name === w.param || p.name === camel(w.param)));
  return filter ? { [filter.name]: id } : undefined;
}

/**
 * Where the object is in an answer (dotted paths, '' for the whole): each node whose `id` (or the writer's parameter in camel
 * case; in a parent, that alone) is its id, else its own reader's whole answer. A view with no such node must stay as it was.
 */
export function objectPaths(
  body: unknown,
  reader: ObjectReader,
  w: Writer,
  id: string,
  /** For a reader found to hold the object: the members a node must show some of to be the object (the body's). */
  shows: ReadonlySet<string> = new Set(),
): string[] {
  const keys = reader.kind === 'parent' ? [camel(w.param)] : ['id', camel(w.param)];
  const holds = (node: unknown) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return false;
    const record = node as Record<string, unknown>;
    // In a reader found to hold the object, a node with an id of its own is another object naming it (a consumer's customerId).
    // A node showing none of the object's members only names it (a payment indicator's customerId).
    if (reader.kind === 'holder' && !Object.keys(record).some((k) => shows.has(k))) return false;
    if (reader.kind === 'holder' && record.id !== undefined) return String(record.id) === id;
    return keys.some((k) => record[k] !== undefined && String(record[k]) === id);
  };
  const out: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    if (holds(node)) return void out.push(at);
    for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
  };
  walk(body, '');
  // The object's own reader shows the object even where it does not repeat its id.
  return out.length || reader.kind !== 'object' || !body || typeof body !== 'object' ? out : [''];
}

/** How a writer treats the members a body leaves out: kept (a modification), or replaced (the contract says "Replaces"). */
export const replaces = (contract: Contract, op: Operation): boolean =>
  /\breplaces\b/i.test(String(contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.description ?? ''));

interface Comparison {
  /** The members the body set (top level). */
  sent: Record<string, unknown>;
  /** Whether members the body schema names but the body leaves out may change (a replacement). */
  replacing: boolean;
  /** The members the body schema names. */
  bodyMembers: ReadonlySet<string>;
  /** Member names any write may change (the date of the last change). */
  changeDates: ReadonlySet<string>;
  /** Relative leaf paths (a `*` for a list index) the writer is documented to change beyond the body. */
  documented: readonly RegExp[];
  /** Whether the reader may show a sent member under a name of its own (a reader found to hold the object: getApplications' name is the appName). */
  renames?: boolean;
  /** Leaf paths seen to change between two reads with no write between: not compared. */
  volatile: ReadonlySet<string>;
}

/**
 * What changed that should not have, or reads other than sent, between a reader's answers around a write: inside the object,
 * members not sent (nor replaced, dated or documented) unchanged byte for byte, sent leaves as sent; outside, every leaf
 * unchanged but one named as a sent member (an embedded copy).
 */
export function compareAround(before: unknown, after: unknown, paths: readonly string[], c: Comparison): string[] {
  const findings: string[] = [];
  const a = leaves(after);
  const b = leaves(before);
  const sentLeaves = leaves(c.sent);
  const last = (p: string) => p.split('.').at(-1)!;
  const within = (p: string) => paths.find((root) => root === '' || p === root || p.startsWith(`${root}.`));
  for (const p of new Set([...b.keys(), ...a.keys()])) {
    if (c.volatile.has(p) || c.changeDates.has(last(p))) continue;
    const root = within(p);
    const rel = root === undefined ? p : root === '' ? p : p.slice(root.length + 1);
    const top = rel.split('.')[0];
    if (root !== undefined && sentLeaves.has(rel)) {
      if (a.get(p) !== sentLeaves.get(rel)) findings.push(`${p}: ${JSON.stringify(a.get(p))}, sent ${JSON.stringify(sentLeaves.get(rel))}`);
      continue;
    }
    if (b.get(p) === a.get(p)) continue;
    if (root !== undefined && (top in c.sent || (c.replacing && c.bodyMembers.has(top)))) continue;
    if (root !== undefined && c.documented.some((d) => d.test(rel.replace(/\.\d+(?=\.|$)/g, '.*')))) continue;
    if (root === undefined && Object.keys(c.sent).includes(last(p))) continue;
    if (root !== undefined && c.renames && [...sentLeaves.values()].includes(a.get(p))) continue;
    findings.push(`${p}: ${JSON.stringify(b.get(p))} became ${JSON.stringify(a.get(p))}, not sent`);
  }
  return findings;
}

/** Every leaf under a node, by its dotted path. */
export function leaves(node: unknown, at = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node === null || typeof node !== 'object') {
    out.set(at, node);
    return out;
  }
  for (const [key, value] of Object.entries(node)) for (const [k, v] of leaves(value, at ? `${at}.${key}` : key)) out.set(k, v);
  return out;
}

/** A telling string: mixed case, two inner spaces, the longest of a few lengths the validator accepts (undefined: none). */
function tellingString(valid: (value: string) => boolean, member = ''): string | undefined {
  // The member's name in it: two members set to one value would read as an echo of the other.
  const base = `Tq  Mixed ${member} Case `;
  for (const length of [255, 128, 64, 40, 32, 24, 16, 12]) {
    const value = `${base}${'xY'.repeat(128)}`.slice(0, length).trimEnd();
    if (valid(value)) return value;
  }
  return undefined;
}

/**
 * A writer's bodies: the smallest valid body left from the sample, then each sample member alone (with the smallest body's
 * where alone it is not valid), a string set to a telling value. Each is valid, so a refusal is a finding, no violation.
 */
export function writerBodies(
  sample: Record<string, unknown>,
  valid: (body: unknown) => boolean,
  /** Members the contract names beyond the sample's: each set to a telling string where one is accepted. */
  more: readonly string[] = [],
  /** Members never set to a made-up value (a sensitive one: an SSN, a tax id): only the sample's. */
  keep: (member: string) => boolean = () => false,
): { what: string; body: Record<string, unknown> }[] {
  const minimal = { ...sample };
  for (const key of Object.keys(sample)) {
    const without = { ...minimal };
    delete without[key];
    if (valid(without)) delete minimal[key];
  }
  const bodies = [{ what: `the smallest body (${Object.keys(minimal).join(', ') || 'empty'})`, body: minimal }];
  for (const [key, value] of Object.entries(sample)) {
    const alone = (v: unknown) =>
      valid({ [key]: v }) ? { [key]: v } : valid({ ...minimal, [key]: v }) ? { ...minimal, [key]: v } : undefined;
    const telling = typeof value === 'string' && !keep(key) ? tellingString((v) => alone(v) !== undefined, key) : undefined;
    const body = (telling !== undefined ? alone(telling) : undefined) ?? alone(value);
    if (body) bodies.push({ what: `${key} set${telling !== undefined ? ' to a telling value' : ''}`, body });
  }
  for (const key of more.filter((k) => !(k in sample) && !keep(k))) {
    const alone = (v: unknown) =>
      valid({ [key]: v }) ? { [key]: v } : valid({ ...minimal, [key]: v }) ? { ...minimal, [key]: v } : undefined;
    const telling = tellingString((v) => alone(v) !== undefined, key);
    if (telling !== undefined) bodies.push({ what: `${key} set to a telling value`, body: alone(telling)! });
  }
  return bodies;
}

/** The top-level members a writer's body schema names (through its $ref, allOf, anyOf and oneOf). */
export function bodyMembers(contract: Contract, schema: Json): Map<string, Json> {
  const out = new Map<string, Json>();
  const seen = new Set<Json>();
  const resolve = (node: Json): Json => {
    const ref = typeof node?.$ref === 'string' ? node.$ref : undefined;
    const name = ref ? /(?:components\/schemas\/|#\/)([^/]+)$/.exec(ref)?.[1] : undefined;
    return name ? contract.componentSchema(name) : node;
  };
  const walk = (raw: Json) => {
    const node = resolve(raw);
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries<Json>(node.properties ?? {})) if (!out.has(key)) out.set(key, resolve(value));
    for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) walk(part);
  };
  walk(schema);
  return out;
}
