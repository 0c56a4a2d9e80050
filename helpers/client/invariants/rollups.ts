// Checker (FD-PROP-ROLLUP): a total over an owner is the total over its parts: an object held at an outer level and inside its lists'
// items (provider 1.35.0 CustomerAnalytics, AccountAnalytics, "generated at a customer level") is recomputed from the parts (counts,
// sums, a period's ends, transactionIds); not means, medians, extremes, deviations, nor a period's days (the example: 24 for both). Pure.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { resolve } from '../../contract/schema-walk.js';

export const ROLLUPS = 'rollups';

/** A roll-up an answer carries: the outer object's path and the path of its parts (`[]` for a list's items). */
interface Rollup {
  whole: string[];
  parts: string[];
}

const ADDED_IN_TRANSACTIONAL = new Set(['count', 'sum']);
const ADDED_IN_EVERY_PERIOD = new Set(['beginningValue', 'endingValue']);
const UNITED = new Set(['transactionIds']);

type Shaped = { at: string[]; shape: string };

/** Every object schema under an answer, with the path it sits at and its shape (its members' raw schemas). */
function objectNodes(contract: Contract, schema: Json, at: string[], out: Shaped[], refs: string[], depth: number): Shaped[] {
  if (!schema || typeof schema !== 'object' || depth > 12) return out;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref && refs.includes(ref)) return out;
  const inner = ref ? [...refs, ref] : refs;
  const s = resolve(contract, schema);
  for (const alt of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) objectNodes(contract, alt, at, out, inner, depth + 1);
  if (s.items) objectNodes(contract, s.items, [...at, '[]'], out, inner, depth + 1);
  const props = s.properties as Record<string, Json> | undefined;
  if (!props) return out;
  // Only an object holding lists of its own (attributes) is a total of parts: a name or an address twice is not.
  const holdsLists = Object.values(props).some((m) => resolve(contract, m)?.type === 'array');
  if (holdsLists) out.push({ at, shape: ref ?? JSON.stringify(Object.entries(props).sort(([a], [b]) => a.localeCompare(b))) });
  for (const [k, v] of Object.entries(props)) objectNodes(contract, v, [...at, k], out, inner, depth + 1);
  return out;
}

/** The roll-ups of a schema: an object and its twins deeper inside lists under the same parent. */
function rollupsOf(contract: Contract, schema: Json): Rollup[] {
  if (!schema) return [];
  const nodes = objectNodes(contract, schema, [], [], [], 0);
  const out = new Map<string, Rollup>();
  for (const whole of nodes) {
    if (!whole.at.length) continue;
    const parent = whole.at.slice(0, -1);
    for (const part of nodes)
      if (
        part !== whole &&
        part.shape === whole.shape &&
        part.at.length > parent.length + 1 &&
        parent.every((p, i) => part.at[i] === p) &&
        part.at.slice(parent.length).includes('[]')
      )
        out.set(`${whole.at.join('.')} ${part.at.join('.')}`, { whole: whole.at, parts: part.at });
  }
  return [...out.values()];
}

/** The nodes at a path under a node (`[]` fans out over a list's items). */
function at(node: unknown, path: string[]): unknown[] {
  if (!path.length) return [node];
  if (node === null || typeof node !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '[]') return Array.isArray(node) ? node.flatMap((n) => at(n, rest)) : [];
  return at((node as Record<string, unknown>)[head], rest);
}

/** A list item's name: its string members (attributeName, timeIntervalType, startDate and endDate), else its place. */
const itemName = (item: unknown, index: number): string => {
  if (item === null || typeof item !== 'object') return String(index);
  const names = Object.entries(item)
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  return names.length ? `[${names.join(',')}]` : String(index);
};

/** The leaves a roll-up recomputes, each by a path naming list items by their names: numbers and id lists. */
function rolledLeaves(node: unknown, path = '', out = new Map<string, number | string[]>()): Map<string, number | string[]> {
  if (node === null || typeof node !== 'object') return out;
  const last = path.split('.').at(-1) ?? '';
  if (Array.isArray(node)) {
    if (UNITED.has(last)) out.set(path, node.map(String));
    else node.forEach((item, i) => rolledLeaves(item, `${path}.${itemName(item, i)}`, out));
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    const p = path ? `${path}.${k}` : k;
    const added = ADDED_IN_EVERY_PERIOD.has(k) || (ADDED_IN_TRANSACTIONAL.has(k) && p.includes('aggregatedByTimePeriods'));
    if (added && (typeof v === 'number' || v === null)) out.set(p, v ?? 0);
    else rolledLeaves(v, p, out);
  }
  return out;
}

const cents = (n: number) => Math.round(n * 100);

/** The problems of one answer: each member of an outer object not reading as its parts recomputed, with both values. */
function rollupProblems(operation: Operation, body: unknown, rollups: Rollup[]): string[] {
  const out: string[] = [];
  for (const r of rollups) {
    const parent = r.whole.slice(0, -1);
    for (const owner of at(body, parent)) {
      const [whole] = at(owner, r.whole.slice(-1));
      if (whole === undefined || whole === null) continue;
      const parts = at(owner, r.parts.slice(parent.length)).filter((p) => p !== null && typeof p === 'object');
      if (!parts.length) continue;
      const partLeaves = parts.map((p) => rolledLeaves(p));
      for (const [leaf, value] of rolledLeaves(whole)) {
        const given = partLeaves.map((l) => l.get(leaf));
        const where = `${operation.operationId} ${r.whole.join('.')}.${leaf}`;
        if (Array.isArray(value)) {
          const expected = [...new Set(given.flatMap((g) => (Array.isArray(g) ? g : [])))].sort();
          const read = [...new Set(value)].sort();
          if (read.join() !== expected.join())
            out.push(`${where}: ${JSON.stringify(read)}, not the ids of its ${parts.length} parts together (${JSON.stringify(expected)})`);
        } else {
          const expected = given.reduce<number>((s, g) => s + (typeof g === 'number' ? cents(g) : 0), 0);
          if (cents(value) !== expected)
            out.push(`${where}: ${value}, not the sum over its ${parts.length} parts (${expected / 100}: ${JSON.stringify(given)})`);
        }
      }
    }
  }
  return out;
}

/** A component schema holding roll-ups (an analytics report's content), with the members an answer carrying it has. */
interface RollupComponent {
  name: string;
  required: string[];
  rollups: Rollup[];
}

/** Every component schema of the contract holding a roll-up: the contents an answer may carry (a report's, once it succeeded). */
export function rollupComponents(contract: Contract): RollupComponent[] {
  const schemas = (contract.document.components?.schemas ?? {}) as Record<string, Json>;
  return Object.keys(schemas).flatMap((name) => {
    const rollups = rollupsOf(contract, { $ref: `#/components/schemas/${name}` });
    const required = (resolve(contract, schemas[name])?.required ?? []) as string[];
    return rollups.length && required.length ? [{ name, required, rollups }] : [];
  });
}

/** Every object node of an answer. */
function objectsOf(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (node === null || typeof node !== 'object') return out;
  if (!Array.isArray(node)) out.push(node as Record<string, unknown>);
  for (const v of Object.values(node)) objectsOf(v, out);
  return out;
}

/** The roll-up problems of one answer (every node carrying a roll-up content), and the number of such nodes. */
export function answerRollups(components: RollupComponent[], operation: Operation, body: unknown): { judged: number; problems: string[] } {
  let judged = 0;
  const problems: string[] = [];
  for (const node of objectsOf(body))
    for (const c of components)
      if (c.required.every((m) => m in node)) {
        judged++;
        problems.push(...rollupProblems(operation, node, c.rollups).map((p) => `${p} (${c.name})`));
      }
  return { judged, problems };
}
