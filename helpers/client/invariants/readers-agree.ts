// Property: one object reads the same on every reader that shows it (*-PROP-READERS-AGREE), member by member under the
// node carrying its id, over two rounds (a leaf moving between a reader's two reads is compared nowhere); an object with
// no id is named by the members a lookup of it requires (objectKeysOf).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Violations } from '../security/probe.js';
import { idOf } from './after-write.js';
import { instant, leavesOf, ownLeaves, schemaAt } from './kit.js';
import { camel } from '../../contract/writers.js';

/** A position in a list (displayPosition): the place in the list that reader shows, its own by nature. */
const POSITION = /position$/i;
/**
 * A position the schema describes as the object's own (financial data's CustomerAccount.displayPosition: "Position of the
 * account in the institution's own listing, 1 on top", provider 1.35.0): a member of the object, the same on every reader.
 */
const OWN_POSITION = /^position of the \w+ in\b/i;
/** A list reporting on the answer itself (errors, warnings: provider 1.35.0 FieldError), each reader's own. */
const ANSWER_REPORT = /(^|\.)(errors?|warnings?)$/i;

/** One node of a read that carries an object's id, with its scalar leaves by path relative to it. */
interface Face {
  reader: string;
  at: string;
  key: string;
  value: string;
  /** Whether the face is named by a lookup's key rather than an id (a key, unlike an id, may name two nodes of one read). */
  byKey?: boolean;
  /** The read it is on (one call of the reader), and that call where the reader is read with several. */
  read: number;
  call?: string;
  leaves: Map<string, unknown>;
  /** Each leaf's schema, its constraints only (by the same relative path), where the answer's schema reaches it. */
  shapes: Map<string, string>;
  /** The leaves that are lists read as sets (listsOf). */
  lists: Set<string>;
}

/** One reader's two reads (each its 200 answer's body). */
export interface ReaderReads {
  reader: Operation;
  first: unknown;
  second: unknown;
  /** The call read, where a reader is read with several (named in a violation). */
  call?: string;
}

/** A leaf schema's constraints as one string (its type, enum, pattern, format, bounds), its prose and examples left out. */
const constraintsOf = (schema: Json): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(schema)
        .filter(([k]) => !/^(description|title|example|examples|x-.*|deprecated|readOnly|writeOnly|nullable)$/.test(k))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );

/** The members naming an object with no id: a one-object read's required body members it shows (provider 2.0.0's MID search). */
function objectKeysOf(contract: Contract, readers: readonly Operation[]): string[][] {
  const out: string[][] = [];
  for (const reader of readers) {
    const body = reader.requestBody?.schema ? contract.resolveSchema(reader.requestBody.schema) : undefined;
    const required: string[] = Array.isArray(body?.required) ? [...body.required].sort() : [];
    const answer = contract.resolveSchema(reader.responses['200']?.schema);
    if (required.length < 2 || !answer?.properties || answer.type === 'array') continue;
    if (required.every((m) => answer.properties[m] !== undefined) && !out.some((k) => k.join() === required.join())) out.push(required);
  }
  return out;
}

/** A node's value of each key member, where it shows every one as a scalar. */
const keyValue = (node: Record<string, unknown>, key: readonly string[]): string | undefined =>
  key.every((m) => typeof node[m] === 'string' || typeof node[m] === 'number') ? JSON.stringify(key.map((m) => node[m])) : undefined;

/** A value as canonical text: an object's members in name order, so two lists of one set compare by their items. */
const canonical = (v: unknown): string =>
  v && typeof v === 'object'
    ? Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
    : JSON.stringify(v);

/** The lists inside a face whose items carry no id, each read as the set of its items, none of whose leaves moved. */
function listsOf(node: unknown, at: string, volatile: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (value: unknown, rel: string) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const full = at ? `${at}.${rel}` : rel;
      const moved = [...volatile].some((p) => p === full || p.startsWith(`${full}.`));
      if (rel && !moved && !value.some((item) => idOf(item))) out.set(rel, `[${value.map(canonical).sort().join(',')}]`);
      return;
    }
    for (const [k, v] of Object.entries(value)) walk(v, rel ? `${rel}.${k}` : k);
  };
  walk(node, '');
  return out;
}

/** The nodes of a read carrying an id (idOf), each with its leaves outside nested lists and not moving between reads. */
function facesOf(contract: Contract, reads: ReaderReads, keys: readonly string[][], read: number): Face[] {
  const answer = reads.reader.responses['200']?.schema;
  const volatile = ownLeaves(reads.first, reads.second);
  const all = leavesOf(reads.first);
  const params = [...reads.reader.path.matchAll(/\{([^}]+)\}/g)].map((m) => camel(m[1]!));
  // The ids of the path's parents: an answer's top-level member naming one of them is its envelope's.
  const parents = params.slice(0, -1).filter((p) => p !== params.at(-1));
  const out: Face[] = [];
  const walk = (node: unknown, at: string, parent: string) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      const byId = idOf(node);
      const key = byId && isObjectId(byId.key, parent, parents) ? undefined : keys.find((k) => keyValue(record, k) !== undefined);
      const id = key ? { key: key.join('+'), value: keyValue(record, key)! } : byId;
      if (id && (key || isObjectId(id.key, parent, parents))) {
        const named = key ?? [id.key];
        const ownPosition = (rel: string) => {
          const schema = schemaAt(contract, answer, [...(at ? at.split('.') : []), ...rel.split('.')]);
          return OWN_POSITION.test(String((schema as { description?: unknown } | undefined)?.description ?? ''));
        };
        const leaves = new Map<string, unknown>();
        for (const [p, v] of all) {
          if (at !== '' && !p.startsWith(`${at}.`)) continue;
          const rel = at === '' ? p : p.slice(at.length + 1);
          if (named.includes(rel) || /(^|\.)\d+(\.|$)/.test(rel) || volatile.has(p)) continue;
          if (POSITION.test(rel) && !ownPosition(rel)) continue;
          leaves.set(rel, v);
        }
        const lists = new Set<string>();
        for (const [rel, v] of listsOf(node, at, volatile))
          if (!POSITION.test(rel) && !ANSWER_REPORT.test(rel)) {
            leaves.set(rel, v);
            lists.add(rel);
          }
        const shapes = new Map<string, string>();
        for (const rel of leaves.keys()) {
          const schema = schemaAt(contract, answer, [...(at ? at.split('.') : []), ...rel.split('.')]);
          if (schema && typeof schema === 'object') shapes.set(rel, constraintsOf(schema));
        }
        out.push({
          reader: reads.reader.operationId,
          at,
          key: id.key,
          value: id.value,
          leaves,
          shapes,
          lists,
          byKey: Boolean(key),
          read,
          call: reads.call,
        });
      }
    }
    for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k, Array.isArray(node) ? parent : k);
  };
  walk(reads.first, '', '');
  return out;
}

/** Whether a node's id names it: `id` always; a `...Id` at the top unless a parent the path takes, inside only under its kind. */
function isObjectId(key: string, parent: string, parents: readonly string[]): boolean {
  if (key === 'id') return true;
  const kind = key.slice(0, -2).toLowerCase();
  // The answer itself, or an item of the answer when it is a list (a business is answered in an array of one).
  if (parent === '') return !parents.includes(key);
  const holder = parent.toLowerCase().replace(/s$/, '');
  return holder.length > 2 && (kind.endsWith(holder) || holder.endsWith(kind));
}

/** Whether two values can be compared: the same JSON type once a zoned date-time is read as its instant; a date alone is not. */
const comparable = (a: unknown, b: unknown): boolean => typeof instant(a) === typeof instant(b);
const sameValue = (a: unknown, b: unknown): boolean => String(instant(a)) === String(instant(b));

/** A face as sameObject compares it: its id, its leaves and, where read, their schemas' constraints and its lists. */
type Compared = Pick<Face, 'key' | 'value' | 'leaves'> & Partial<Pick<Face, 'shapes' | 'lists'>>;

/** Two faces of one object: the same id under the same key and two other members agreeing (readers-agree and answer-state.ts). */
export function sameObject(a: Compared, b: Compared): { shared: string[]; differ: string[] } | undefined {
  if (a.key !== b.key || a.value !== b.value) return undefined;
  // A member two readers' schemas constrain differently is compared only where both state it alike; a list where both declare it.
  const sameWords = (p: string) => {
    const [x, y] = [a.shapes?.get(p), b.shapes?.get(p)];
    return a.lists?.has(p) || b.lists?.has(p) ? x !== undefined && x === y : x === undefined || y === undefined || x === y;
  };
  const shared = [...a.leaves.keys()].filter((p) => b.leaves.has(p) && comparable(a.leaves.get(p), b.leaves.get(p)) && sameWords(p));
  const differ = shared.filter((p) => !sameValue(a.leaves.get(p), b.leaves.get(p)));
  if (shared.length - differ.length < 2) return undefined;
  return { shared, differ };
}

/** Every pair of readers showing one object, compared member by member; returns the readers that showed a shared object. */
export function checkReadersAgree(contract: Contract, reads: readonly ReaderReads[], violations: Violations): string[] {
  const keys = objectKeysOf(contract, [...new Map(reads.map((r) => [r.reader.operationId, r.reader])).values()]);
  const all = reads.flatMap((r, n) => facesOf(contract, r, keys, n));
  // A key naming two differing nodes of one read (a participation sent again) names no one object: compared nowhere.
  const ambiguous = new Set(
    all
      .filter(
        (a, i) =>
          a.byKey &&
          all.some(
            (b, j) =>
              j !== i &&
              b.read === a.read &&
              b.key === a.key &&
              b.value === a.value &&
              canonical([...b.leaves]) !== canonical([...a.leaves]),
          ),
      )
      .map((a) => `${a.key}=${a.value}`),
  );
  const faces = all.filter((f) => !f.byKey || !ambiguous.has(`${f.key}=${f.value}`));
  const checked = new Set<string>();
  const seen = new Set<string>();
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i]!;
      const b = faces[j]!;
      // One reader's calls are compared with each other only on an object a lookup's key names (a merchant).
      if (a.read === b.read || (a.reader === b.reader && !(a.byKey && b.byKey))) continue;
      const same = sameObject(a, b);
      if (!same) continue;
      checked.add(a.reader);
      checked.add(b.reader);
      for (const p of same.differ) {
        const [on, other] = [a, b].map((f) => (f.call ? `${f.reader} (${f.call})` : f.reader));
        const key = `${on}|${other}|${a.key}=${a.value}|${p}`;
        if (seen.has(key)) continue;
        seen.add(key);
        violations.add(
          other!,
          `${a.key} ${a.value} against ${on}`,
          `${p}: ${JSON.stringify(b.leaves.get(p))} here, ${JSON.stringify(a.leaves.get(p))} on ${on}`,
          'the same value on every reader of the object',
        );
      }
    }
  return [...checked];
}
