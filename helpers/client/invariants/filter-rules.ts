// Checker: every filter and search keeps its documented matching rule over inputs telling the rules apart: `exact`
// lists the object by the whole value only, `prefix` by its start, `substring` by every part; an unsaid or fuzzy search's
// parts are exceptions with their reason, never a guess. A path lookup is an identifier matched whole.
import type { Contract, Json, Operation, Parameter } from '../../contract/contract.js';
import { type FilterKind, parameterNode } from '../../contract/filters.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import { caseSwapped, otherForms, valueForms } from '../security/value-forms.js';
import { resolve } from '../../contract/schema-walk.js';

export const FILTER_RULES = 'filter-rules';

/** The matching rule a filter's description states. `search`: matched, the manner unsaid; `fuzzy`: no promise beyond the whole value. */
type MatchRule = 'exact' | 'prefix' | 'substring' | 'search' | 'fuzzy';

/** The rule of a filter: the kind filters.ts read, made finer where the description says how a part matches. */
export function matchRule(kind: FilterKind, description: string): MatchRule {
  if (kind === 'fuzzy') return 'fuzzy';
  if (/\b(starts? with|begin(s|ning)? with|prefix)\b/i.test(description)) return 'prefix';
  if (/\b(contains?|containing|substring|part of)\b/i.test(description)) return 'substring';
  return kind === 'exact' ? 'exact' : 'search';
}

interface TellingInput {
  how: string;
  value: string;
  /** Whether the rule lists the object by this input; undefined: the rule does not settle it (not checked). */
  lists: boolean | undefined;
  /**
   * A fold of the value (its case, a space, its other Unicode form): what it lists is this property's decision (no document says
   * a value is folded: FD-FILTER-EXACT), not the filter's stated rule, so a finding on it stays under the property's rule.
   */
  fold?: true;
}

/** The inputs that tell the rules apart for a held value, each with what `rule` makes of it (under 4 characters: itself and its folds). */
export function tellingInputs(value: string, rule: MatchRule): TellingInput[] {
  const n = value.length;
  const third = Math.max(1, Math.floor(n / 3));
  const parts =
    n >= 4
      ? [
          { how: 'its start', value: value.slice(0, n - third), part: 'start' },
          { how: 'its middle', value: value.slice(third, n - third || n - 1), part: 'middle' },
          { how: 'its end', value: value.slice(third), part: 'end' },
        ].filter((p) => p.value.trim() !== '' && p.value !== value)
      : [];
  const partLists = (part: string): boolean | undefined =>
    rule === 'exact' ? false : rule === 'prefix' ? part === 'start' : rule === 'substring' ? true : undefined;
  const middle = Math.floor(n / 2);
  const folds = [
    ...(caseSwapped(value) !== value ? [{ how: 'its case swapped', value: caseSwapped(value) }] : []),
    { how: 'a trailing space', value: `${value} ` },
    ...(n > 1 ? [{ how: 'a space inside it', value: `${value.slice(0, middle)} ${value.slice(middle)}` }] : []),
  ];
  return [
    { how: 'the value as held', value, lists: true },
    ...parts.map((p) => ({ how: p.how, value: p.value, lists: partLists(p.part) })),
    // No rule the contracts state folds case or white space: an exact filter lists nothing for a fold; the others do not settle it.
    ...folds.map((f) => ({ ...f, lists: rule === 'exact' ? false : undefined, fold: true as const })),
    // Its other Unicode form (UAX #15), only where its rule takes it as sent: no document says it is normalised (FD-FILTER-RULE).
    ...otherForms(value).map((form) => ({ ...form, lists: partOf(rule, value, form.value), fold: true as const })),
    // The value and one character more is no part of it: an exact, prefix or substring rule lists nothing for it.
    { how: 'a character more', value: `${value}x`, lists: rule === 'search' || rule === 'fuzzy' ? undefined : false },
    // What a loose comparison takes for the value: each lists the object only where the rule makes it a part.
    ...nearValues(value).map((near) => ({ ...near, lists: partOf(rule, value, near.value) })),
  ].filter((input, i, all) => all.findIndex((x) => x.value === input.value) === i);
}

/** The starts of other members sharing no letter or digit with the matched ones: no rule, nor edit distance, lists the object by them. */
export function otherMemberInputs(item: Record<string, unknown>, matched: string[]): TellingInput[] {
  const held = new Set(
    matched
      .map((m) => item[m])
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .flatMap((v) => [...String(v).toLowerCase()]),
  );
  if (!held.size) return [];
  const apart = (text: string) => text.length >= 3 && /[a-z0-9]/i.test(text) && ![...text.toLowerCase()].some((c) => held.has(c));
  return Object.entries(item)
    .filter(([key, v]) => !matched.includes(key) && (typeof v === 'string' || typeof v === 'number'))
    .flatMap(([key, v]) => {
      const text = String(v);
      return [
        { how: `the start of its ${key} (a member the filter does not match)`, value: text.slice(0, Math.ceil((2 * text.length) / 3)) },
      ];
    })
    .filter((input, i, all) => apart(input.value) && all.findIndex((x) => x.value === input.value) === i)
    .map((input) => ({ ...input, lists: false }));
}

/** Whether `rule` lists an object holding `value` for `input`: the whole value, its start or any part of it; undefined where the rule does not settle it. */
function partOf(rule: MatchRule, value: string, input: string): boolean | undefined {
  if (rule === 'exact') return input === value;
  if (rule === 'prefix') return input !== '' && value.startsWith(input);
  if (rule === 'substring') return input !== '' && value.includes(input);
  return undefined;
}

const SEPARATORS = /[-\s.]/g;

/** A character of the same class, so the changed value keeps the form of the held one (a digit for a digit, a letter of the same case for a letter). */
const otherChar = (c: string): string =>
  /[0-9]/.test(c)
    ? String((Number(c) + 1) % 10)
    : /[a-y]/i.test(c)
      ? String.fromCharCode(c.charCodeAt(0) + 1)
      : /z/i.test(c)
        ? String.fromCharCode(c.charCodeAt(0) - 25)
        : 'x';

/** The values a loose comparison takes for `value`: its separators (dashes, spaces, dots) dropped, one inner character or its last changed, one character fewer at its end or inside it. */
function nearValues(value: string): { how: string; value: string }[] {
  const n = value.length;
  const middle = Math.floor(n / 2);
  const joined = value.replace(SEPARATORS, '');
  // The inner character changed is a letter or digit nearest the middle (a separator changed tells nothing new).
  const at = [...value].findIndex((c, i) => i >= middle && /[a-z0-9]/i.test(c));
  const inner = at > 0 ? at : [...value].findIndex((c) => /[a-z0-9]/i.test(c));
  return [
    ...(joined !== value && joined !== '' ? [{ how: 'its separators dropped', value: joined }] : []),
    ...(inner >= 0
      ? [{ how: 'an inner character changed', value: value.slice(0, inner) + otherChar(value[inner]) + value.slice(inner + 1) }]
      : []),
    // Its last character changed: a comparison of all but the last (a routing number's check digit ignored).
    ...(n > 1 && /[a-z0-9]/i.test(value[n - 1])
      ? [{ how: 'its last character changed', value: value.slice(0, -1) + otherChar(value[n - 1]) }]
      : []),
    ...(n > 1 ? [{ how: 'its last character off', value: value.slice(0, -1) }] : []),
    ...(n > 2 ? [{ how: 'an inner character off', value: value.slice(0, middle) + value.slice(middle + 1) }] : []),
  ];
}

/** A path lookup (seed 002, Resources - Switch "also found by external_id", Institutions): a plain string value matched whole. */
interface Lookup {
  operation: Operation;
  parameter: Parameter;
  /** The answer's member listing the objects found. */
  items: string;
  /** The parameter's pattern, where it has one: an input outside it is not sent (the contract refuses it, it lists nothing either way). */
  pattern?: RegExp;
}

export function pathLookups(contract: Contract): Lookup[] {
  const takers = new Map<string, Set<string>>();
  for (const op of contract.operations.values())
    for (const id of objectIdsOf(contract, op).ids) takers.set(id.resource, new Set([...(takers.get(id.resource) ?? []), op.operationId]));
  const out: Lookup[] = [];
  for (const operation of contract.operations.values()) {
    if (operation.method !== 'GET' || !operation.responses['200']?.schema) continue;
    const answer = resolve(contract, operation.responses['200'].schema);
    const items = Object.entries<Json>(answer?.properties ?? {}).find(([, m]) => {
      const r = resolve(contract, m);
      return r?.type === 'array' && 'id' in (resolve(contract, r.items)?.properties ?? {});
    })?.[0];
    if (!items) continue;
    for (const id of objectIdsOf(contract, operation).ids) {
      const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === id.name);
      const s = parameter && (contract.resolveSchema(parameter.schema ?? {}) as Json);
      if (!parameter || s?.type !== 'string' || s.enum || s.format || id.owner === 'parent' || takers.get(id.resource)?.size !== 1)
        continue;
      out.push({ operation, parameter, items, pattern: typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined });
    }
  }
  return out;
}

/** A query identifier lookup (GetLocationMatches, seed 002, Institutions): matched whole, a fold names nothing (FD-LOOKUP-EXACT). */
interface QueryLookup {
  operation: Operation;
  parameter: Parameter;
  /** The answer's member listing the objects found, and the member of each item carrying its id. */
  items: string;
  id: string;
}

export function queryLookups(contract: Contract, descriptionOf: (o: Operation, p: Parameter) => string): QueryLookup[] {
  const out: QueryLookup[] = [];
  for (const operation of contract.operations.values()) {
    if (operation.method !== 'GET' || !operation.responses['200']?.schema) continue;
    const answer = resolve(contract, operation.responses['200'].schema);
    let found: { items: string; id: string } | undefined;
    for (const [name, m] of Object.entries<Json>(answer?.properties ?? {})) {
      const r = resolve(contract, m);
      const id =
        r?.type === 'array'
          ? Object.keys(resolve(contract, r.items)?.properties ?? {}).find((k) => k === 'id' || /Id$/.test(k))
          : undefined;
      if (id) {
        found = { items: name, id };
        break;
      }
    }
    if (!found) continue;
    for (const parameter of operation.parameters) {
      const s = parameter.in === 'query' ? (contract.resolveSchema(parameter.schema ?? {}) as Json) : undefined;
      if (s?.type !== 'string' || s.enum || s.format || !/^(\w+ )?identifier\b/i.test(descriptionOf(operation, parameter))) continue;
      out.push({ operation, parameter, ...found });
    }
  }
  return out;
}

/** The forms of an identifier a loose lookup takes for it (FD-LOOKUP-EXACT): valueForms', and its separators dropped. */
export function identifierForms(value: string): { how: string; value: string }[] {
  const dropped = value.replace(SEPARATORS, '');
  return [...valueForms(value), ...(dropped !== value && dropped !== '' ? [{ how: 'its separators dropped', value: dropped }] : [])];
}

/** The text stating a parameter's rule: its own description and its schema's. */
function statedText(contract: Contract, operation: Operation, parameter: Parameter): string {
  const node = parameterNode(contract.document, operation, parameter);
  return `${node.description ?? ''} ${(contract.resolveSchema(parameter.schema ?? {}) as Json)?.description ?? ''}`;
}

/** The members of the items a GET answers (every array of objects in its 200 schema, one level down). */
function itemMembers(contract: Contract, operation: Operation): Record<string, Json> {
  const answer = resolve(contract, operation.responses['200']?.schema);
  const arrays = answer?.type === 'array' ? [answer] : Object.values<Json>(answer?.properties ?? {}).map((m) => resolve(contract, m));
  const out: Record<string, Json> = {};
  for (const a of arrays) if (a?.type === 'array') Object.assign(out, resolve(contract, a.items)?.properties ?? {});
  return out;
}

/** The page-size parameter of a reader and its largest value (`limit`, `size`, `pageSize` with a maximum). */
function pageSizeOf(contract: Contract, operation: Operation): { name: string; max: number } | undefined {
  for (const p of operation.parameters) {
    const s = contract.resolveSchema(p.schema ?? {}) as Json;
    if (p.in === 'query' && /^(limit|size|pageSize)$/.test(p.name) && typeof s?.maximum === 'number')
      return { name: p.name, max: s.maximum };
  }
  return undefined;
}

/** A reader listing in a documented order (FD-PROP-ORDER; seed 002, Transactions, TransactionSort); ties are not judged. */
interface OrderedReader {
  operation: Operation;
  parameter: Parameter;
  keys: string[];
  /** Each value naming a direction; `undefined`: the parameter left out (the schema's default). */
  directions: { value: string | undefined; direction: 'asc' | 'desc' }[];
  pageSize?: { name: string; max: number };
}

export function orderedReaders(contract: Contract): OrderedReader[] {
  const out: OrderedReader[] = [];
  for (const operation of contract.operations.values()) {
    if (operation.method !== 'GET') continue;
    const members = itemMembers(contract, operation);
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query') continue;
      const text = statedText(contract, operation, parameter);
      if (!/\bsort(s|ed)?\b|\border(ed)?\b/i.test(text)) continue;
      const keys = [...text.matchAll(/\bby (\w+)/g)].map((m) => m[1]).filter((k, i, all) => k in members && all.indexOf(k) === i);
      const directions = [...text.matchAll(/`(\w+)` (ascending|descending)/g)].map((m) => ({
        value: m[1] as string | undefined,
        direction: (m[2] === 'ascending' ? 'asc' : 'desc') as 'asc' | 'desc',
      }));
      const byDefault = directions.find((d) => d.value === (contract.resolveSchema(parameter.schema ?? {}) as Json)?.default);
      if (!keys.length || !directions.length) continue;
      out.push({
        operation,
        parameter,
        keys,
        directions: [...directions, ...(byDefault ? [{ value: undefined, direction: byDefault.direction }] : [])],
        pageSize: pageSizeOf(contract, operation),
      });
    }
  }
  return out;
}

/** The value an item is ordered or windowed by: its first key it holds, as a number. */
export function keyOf(item: Record<string, unknown>, keys: string[]): number | undefined {
  const k = keys.find((x) => item[x] !== undefined && item[x] !== null);
  return k === undefined ? undefined : Number(item[k]);
}

/** The first pair of items out of `direction` by their keys, or undefined (ties and items lacking every key are not judged). */
export function disorder(items: Record<string, unknown>[], keys: string[], direction: 'asc' | 'desc'): string | undefined {
  const keyed = items.map((item, at) => ({ at, key: keyOf(item, keys) })).filter((x) => x.key !== undefined && !Number.isNaN(x.key));
  for (let i = 1; i < keyed.length; i++) {
    const [a, b] = [keyed[i - 1], keyed[i]];
    if (direction === 'asc' ? a.key! > b.key! : a.key! < b.key!) return `#${a.at} (${a.key}) before #${b.at} (${b.key})`;
  }
  return undefined;
}

/**
 * A window filter: a query pair naming a window's ends, or one end stating its side (GetAppRegistrationStatus: "at or
 * after"), on its reader's sort key (seed 002, Transactions). Both ends included: the billing's as provider 1.35.0
 * getResellerBillingReport states (FD-BILLING-EDGES), the transactions' as the catalogue decides (FD-TXN-WINDOW-EDGES).
 */
interface WindowFilter {
  operation: Operation;
  from?: { parameter: Parameter; included: boolean };
  to?: { parameter: Parameter; included: boolean };
  keys: string[];
  /** One unit of the compared value: a second of an epoch, a cent of an amount. */
  unit: number;
  pageSize?: { name: string; max: number };
}

export function windowFilters(contract: Contract): { filters: WindowFilter[]; leftOut: { operationId: string; reason: string }[] } {
  const filters: WindowFilter[] = [];
  const leftOut: { operationId: string; reason: string }[] = [];
  const ordered = orderedReaders(contract);
  for (const operation of contract.operations.values()) {
    if (operation.method !== 'GET' || !operation.responses['200']?.schema) continue;
    const members = itemMembers(contract, operation);
    const numeric = operation.parameters.filter((p) => {
      const s = contract.resolveSchema(p.schema ?? {}) as Json;
      return (
        p.in === 'query' && (s?.type === 'integer' || s?.type === 'number') && !/^(start|limit|size|page|pageSize|offset)$/.test(p.name)
      );
    });
    const unitOf = (p: Parameter) => ((contract.resolveSchema(p.schema ?? {}) as Json)?.type === 'number' ? 0.01 : 1);
    for (const from of numeric) {
      const m = /^(from|start)(\w+)$/.exec(from.name);
      const to = m && numeric.find((p) => p.name === `${m[1] === 'from' ? 'to' : 'end'}${m[2]}`);
      if (!to) continue;
      const dates = Object.keys(members).filter((k) => /Date$/.test(k));
      const keys = ordered.find((o) => o.operation === operation)?.keys ?? (dates.length === 1 ? dates : []);
      if (!keys.length) {
        leftOut.push({
          operationId: operation.operationId,
          reason: `${from.name}, ${to.name}: no member of its items is stated as the one compared`,
        });
        continue;
      }
      filters.push({
        operation,
        from: { parameter: from, included: true },
        to: { parameter: to, included: true },
        keys,
        unit: unitOf(from),
        pageSize: pageSizeOf(contract, operation),
      });
    }
    for (const p of numeric) {
      if (!(p.name in members) || filters.some((f) => f.operation === operation && (f.from?.parameter === p || f.to?.parameter === p)))
        continue;
      const text = statedText(contract, operation, p);
      const side = /\b(at|on) or after\b/i.test(text)
        ? { from: { parameter: p, included: true } }
        : /\bafter\b/i.test(text)
          ? { from: { parameter: p, included: false } }
          : /\b(at|on) or before\b|\bup to and including\b/i.test(text)
            ? { to: { parameter: p, included: true } }
            : /\bbefore\b/i.test(text)
              ? { to: { parameter: p, included: false } }
              : undefined;
      if (side) filters.push({ operation, ...side, keys: [p.name], unit: unitOf(p), pageSize: pageSizeOf(contract, operation) });
    }
  }
  return { filters, leftOut };
}

/** Whether a window keeps an item whose compared value is `v`. */
export function windowKeeps(f: WindowFilter, v: number, from: number | undefined, to: number | undefined): boolean {
  const afterFrom = from === undefined || (f.from?.included ? v >= from : v > from);
  const beforeTo = to === undefined || (f.to?.included ? v <= to : v < to);
  return afterFrom && beforeTo;
}

/** The windows telling a window's rule apart, per group of held values: each end on a held value, one unit inside and outside. */
export function tellingWindows(
  f: WindowFilter,
  groups: number[][],
  wide: { from?: number; to?: number },
): { how: string; from?: number; to?: number }[] {
  const out: { how: string; from?: number; to?: number }[] = [];
  for (const held of groups.filter((g) => g.length)) {
    for (const side of ['from', 'to'] as const) {
      const end = f[side];
      if (!end) continue;
      const v = held[side === 'from' ? Math.min(1, held.length - 1) : Math.max(held.length - 2, 0)];
      for (const [how, at] of [
        ['on', v],
        ['one unit before', v - f.unit],
        ['one unit after', v + f.unit],
      ] as const) {
        const edge = Number(at.toFixed(2));
        out.push({
          how: `${end.parameter.name} ${how} a held ${v}`,
          from: side === 'from' ? edge : wide.from,
          to: side === 'to' ? edge : wide.to,
        });
      }
    }
  }
  return out.filter((w, i, all) => all.findIndex((x) => x.from === w.from && x.to === w.to) === i);
}

/** An integer id filter (`institution_id`, `pre_app_id`), compared as a number: the id lists its items, its neighbours none. */
interface IdFilter {
  operation: Operation;
  parameter: Parameter;
  member: string;
}

export function integerIdFilters(contract: Contract): IdFilter[] {
  const out: IdFilter[] = [];
  const plain = (s: string) => s.replace(/_/g, '').toLowerCase();
  for (const operation of contract.operations.values()) {
    if (operation.method !== 'GET' || !operation.responses['200']?.schema) continue;
    const members = Object.keys(itemMembers(contract, operation));
    for (const parameter of operation.parameters) {
      const s = contract.resolveSchema(parameter.schema ?? {}) as Json;
      if (parameter.in !== 'query' || s?.type !== 'integer' || !/(_id|Id)$/.test(parameter.name)) continue;
      const member = members.find((m) => plain(m) === plain(parameter.name));
      if (member) out.push({ operation, parameter, member });
    }
  }
  return out;
}

/** Filters several readers take (FD-PROP-FILTER-SAME; seed 002, Institutions): one `$ref`, or one name and description, matching alike. */
export function sharedFilters<F extends { operation: Operation; parameter: Parameter }>(
  document: Json,
  filters: F[],
  descriptionOf: (o: Operation, p: Parameter) => string,
): { key: string; filters: F[] }[] {
  const keyOf = (f: F) => {
    const declared: Json[] = [
      ...(document.paths[f.operation.path]?.parameters ?? []),
      ...(document.paths[f.operation.path]?.[f.operation.method.toLowerCase()]?.parameters ?? []),
    ];
    const ref = declared.find((d) => typeof d?.$ref === 'string' && refNames(document, d.$ref, f))?.$ref;
    return typeof ref === 'string' ? ref : `${f.parameter.in} ${f.parameter.name}: ${descriptionOf(f.operation, f.parameter)}`;
  };
  const groups = new Map<string, F[]>();
  for (const f of filters) groups.set(keyOf(f), [...(groups.get(keyOf(f)) ?? []), f]);
  return [...groups]
    .filter(([, fs]) => new Set(fs.map((f) => f.operation.operationId)).size > 1)
    .map(([key, fs]) => ({ key, filters: fs }));
}

/** Whether the component a `$ref` names is the parameter `f` takes (its name and place). */
function refNames(document: Json, ref: string, f: { parameter: Parameter }): boolean {
  const node = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((at: Json, key: string) => at?.[key], document);
  return node?.name === f.parameter.name && node?.in === f.parameter.in;
}
