// Property: one object reads the same on every reader that shows it. An object the target keeps (a
// customer, an account, a transaction, a report, a subscription) is shown by several readers: its
// by-id reader, the lists of its collection, the lists under another parent, the "simple" variants
// and the older versions. Each member two readers both show, at the same place under the node that
// carries the object's id, reads the same (the catalogue's *-PROP-READERS-AGREE: a secondary
// reader answering a member rounded, cased, shifted or stale is a fault of that reader). Readers are
// read in two rounds, every reader once per round: a leaf that differs between a reader's two reads
// moved on its own (an as-of date, a report finishing, another worker's write on a sandbox) and is
// compared nowhere; two readers are compared on the same round's reads.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { Violations } from '../security/probe.js';
import { idOf } from './after-write.js';
import { leavesOf, volatileLeaves, withComputedSiblings } from './kit.js';

/** A position in a list (displayPosition): the place in the list that reader shows, its own by nature. */
const POSITION = /position$/i;

/** One node of a read that carries an object's id, with its scalar leaves by path relative to it. */
interface Face {
  reader: string;
  at: string;
  key: string;
  value: string;
  leaves: Map<string, unknown>;
  /** Each leaf's schema, its constraints only (by the same relative path), where the answer's schema reaches it. */
  shapes: Map<string, string>;
}

/** One reader's two reads (each its 200 answer's body). */
export interface ReaderReads {
  reader: Operation;
  first: unknown;
  second: unknown;
}

/**
 * The nodes of a read that carry an id (`id`, else their one `...Id` member: idOf), each with the
 * leaves under it that are neither under a list inside it (a nested list is compared through its own
 * items' ids, whose order a reader may choose) nor moving between the reader's two reads.
 */
/** The schema of a node of an answer, walking its path through properties, items, allOf and the branches of a oneOf / anyOf. */
function schemaAt(contract: Contract, schema: Json, path: readonly string[]): Json {
  let node = contract.resolveSchema(schema);
  for (const step of path) {
    if (!node || typeof node !== 'object') return undefined;
    if (/^\d+$/.test(step) && node.items) {
      node = contract.resolveSchema(node.items);
      continue;
    }
    const parts: Json[] = [node, ...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])].map((x: Json) =>
      contract.resolveSchema(x),
    );
    node = contract.resolveSchema(parts.map((x: Json) => x?.properties?.[step]).find((x: Json) => x !== undefined));
  }
  return node;
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

function facesOf(contract: Contract, reads: ReaderReads): Face[] {
  const answer = reads.reader.responses['200']?.schema;
  const volatile = withComputedSiblings(volatileLeaves(reads.first, reads.second), reads.first, reads.second);
  const all = leavesOf(reads.first);
  const params = [...reads.reader.path.matchAll(/\{([^}]+)\}/g)].map((m) => camel(m[1]!));
  // The ids of the path's parents: an answer's top-level member naming one of them is its envelope's.
  const parents = params.slice(0, -1).filter((p) => p !== params.at(-1));
  const out: Face[] = [];
  const walk = (node: unknown, at: string, parent: string) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const id = idOf(node);
      if (id && isObjectId(id.key, parent, parents)) {
        const leaves = new Map<string, unknown>();
        for (const [p, v] of all) {
          if (at !== '' && !p.startsWith(`${at}.`)) continue;
          const rel = at === '' ? p : p.slice(at.length + 1);
          if (rel === id.key || /(^|\.)\d+(\.|$)/.test(rel) || POSITION.test(rel) || volatile.has(p)) continue;
          leaves.set(rel, v);
        }
        const shapes = new Map<string, string>();
        for (const rel of leaves.keys()) {
          const schema = schemaAt(contract, answer, [...(at ? at.split('.') : []), ...rel.split('.')]);
          if (schema && typeof schema === 'object') shapes.set(rel, constraintsOf(schema));
        }
        out.push({ reader: reads.reader.operationId, at, key: id.key, value: id.value, leaves, shapes });
      }
    }
    for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k, Array.isArray(node) ? parent : k);
  };
  walk(reads.first, '', '');
  return out;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Whether a node's id names the node itself: `id` always; a `...Id` member (a business's businessId, a
 * subscription's subscriptionId) at the answer's top unless it names a parent the reader's path
 * takes (an answer's envelope naming the customer it was asked for, beside counts of its own), and
 * inside the answer only under a member of its kind (`subscriptions`, `webhookEvent`).
 */
function isObjectId(key: string, parent: string, parents: readonly string[]): boolean {
  if (key === 'id') return true;
  const kind = key.slice(0, -2).toLowerCase();
  // The answer itself, or an item of the answer when it is a list (a business is answered in an array of one).
  if (parent === '') return !parents.includes(key);
  const holder = parent.toLowerCase().replace(/s$/, '');
  return holder.length > 2 && (kind.endsWith(holder) || holder.endsWith(kind));
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A date-time with its zone as epoch seconds (the unit another reader of the contract answers it in), else the value. */
const instant = (v: unknown): unknown => (typeof v === 'string' && DATE_TIME.test(v) ? Math.floor(Date.parse(v) / 1000) : v);
/**
 * Whether two readers' values of one member can be compared: the same JSON type once a zoned
 * date-time is read as its instant (a reader answering a date as epoch seconds, another as a
 * date-time, each as its schema says); a date without a time against an instant is not compared.
 */
const comparable = (a: unknown, b: unknown): boolean => typeof instant(a) === typeof instant(b);
const sameValue = (a: unknown, b: unknown): boolean => String(instant(a)) === String(instant(b));

/**
 * Two faces of one object: the same id under the same key, and at least two other members both show
 * agreeing: ids of two kinds of object that happen to be equal share few members and agree on fewer,
 * and are not taken for one object.
 */
function sameObject(a: Face, b: Face): { shared: string[]; differ: string[] } | undefined {
  if (a.key !== b.key || a.value !== b.value) return undefined;
  // A member two readers' schemas constrain differently is a fact of its own on each (an account's
  // status, active or pending, beside the status of a consent over it, five to ten characters): compared
  // only where both schemas state it alike, or where either schema does not reach it.
  const sameWords = (p: string) => {
    const [x, y] = [a.shapes.get(p), b.shapes.get(p)];
    return x === undefined || y === undefined || x === y;
  };
  const shared = [...a.leaves.keys()].filter((p) => b.leaves.has(p) && comparable(a.leaves.get(p), b.leaves.get(p)) && sameWords(p));
  const differ = shared.filter((p) => !sameValue(a.leaves.get(p), b.leaves.get(p)));
  if (shared.length - differ.length < 2) return undefined;
  return { shared, differ };
}

/**
 * Every pair of readers showing one object, compared member by member; a differing member is a
 * violation naming both readers, the object and the member. Returns the readers that showed an
 * object another reader showed too (the property's checked operations).
 */
export function checkReadersAgree(contract: Contract, reads: readonly ReaderReads[], violations: Violations): string[] {
  const faces = reads.flatMap((r) => facesOf(contract, r));
  const checked = new Set<string>();
  const seen = new Set<string>();
  for (let i = 0; i < faces.length; i++)
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i]!;
      const b = faces[j]!;
      if (a.reader === b.reader) continue;
      const same = sameObject(a, b);
      if (!same) continue;
      checked.add(a.reader);
      checked.add(b.reader);
      for (const p of same.differ) {
        const key = `${a.reader}|${b.reader}|${a.key}=${a.value}|${p}`;
        if (seen.has(key)) continue;
        seen.add(key);
        violations.add(
          b.reader,
          `${a.key} ${a.value} against ${a.reader}`,
          `${p}: ${JSON.stringify(b.leaves.get(p))} here, ${JSON.stringify(a.leaves.get(p))} on ${a.reader}`,
          'the same value on every reader of the object',
        );
      }
    }
  return [...checked];
}
