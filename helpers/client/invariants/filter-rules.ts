// Checker: every filter and search keeps its documented matching rule, over inputs that tell the
// rules apart. From the value a listed object holds, the inputs are the value itself, its start, its
// middle and its end (a part of it that a prefix, a substring or a suffix match would take for it),
// the value in another case or with a space after or inside it, the value with a character more
// (a match that takes the held value as a prefix of what is asked), and what a loose comparison takes
// for it: its separators (dashes, spaces, dots) dropped, one inner character changed, one character
// fewer at its end or inside it. What each must do follows from
// the rule the contract's description states (helpers/contract/filters.ts reads the filters):
// `exact` lists the object by the whole value only; `prefix` by the value and its start; `substring`
// by the value and every part; every rule lists it by the value as held. A part or a fold the
// description does not settle (a search "matched against" members, a fuzzy search) is not expected
// either way, and the checker says so: an exception with its reason, never a guess. A lookup by a
// path value (pathLookups: an external id, a routing number) is a filter too, its value an identifier
// matched whole.
import type { Contract, Json, Operation, Parameter } from '../../contract/contract.js';
import type { FilterKind } from '../../contract/filters.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import { resolve } from '../negative.js';
import { valueForms } from '../security/value-forms.js';

export const FILTER_RULES = 'filter-rules';

/** The matching rule a filter's description states. `search`: matched, the manner unsaid; `fuzzy`: no promise beyond the whole value. */
export type MatchRule = 'exact' | 'prefix' | 'substring' | 'search' | 'fuzzy';

/** The rule of a filter: the kind filters.ts read, made finer where the description says how a part matches. */
export function matchRule(kind: FilterKind, description: string): MatchRule {
  if (kind === 'fuzzy') return 'fuzzy';
  if (/\b(starts? with|begin(s|ning)? with|prefix)\b/i.test(description)) return 'prefix';
  if (/\b(contains?|containing|substring|part of)\b/i.test(description)) return 'substring';
  return kind === 'exact' ? 'exact' : 'search';
}

export interface TellingInput {
  how: string;
  value: string;
  /** Whether the rule lists the object by this input; undefined: the rule does not settle it (not checked). */
  lists: boolean | undefined;
}

const swapCase = (v: string) => [...v].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * The inputs that tell the rules apart for a value an object holds, each with what `rule` makes of
 * it. A value too short to have a start, a middle and an end apart (under 4 characters) gives only
 * itself and its folds.
 */
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
    ...(swapCase(value) !== value ? [{ how: 'its case swapped', value: swapCase(value) }] : []),
    { how: 'a trailing space', value: `${value} ` },
    ...(n > 1 ? [{ how: 'a space inside it', value: `${value.slice(0, middle)} ${value.slice(middle)}` }] : []),
  ];
  return [
    { how: 'the value as held', value, lists: true },
    ...parts.map((p) => ({ how: p.how, value: p.value, lists: partLists(p.part) })),
    // No rule the contracts state folds case or white space: an exact filter lists nothing for a fold; the others do not settle it.
    ...folds.map((f) => ({ ...f, lists: rule === 'exact' ? false : undefined })),
    // The value and one character more is no part of it: an exact, prefix or substring rule lists nothing for it.
    { how: 'a character more', value: `${value}x`, lists: rule === 'search' || rule === 'fuzzy' ? undefined : false },
    // What a loose comparison takes for the value: its separators dropped, one inner character
    // changed, one character fewer (at its end, inside it). Each lists the object only where the
    // rule makes it a part of the value (a prefix rule: the value less its last character).
    ...nearValues(value).map((near) => ({ ...near, lists: partOf(rule, value, near.value) })),
  ].filter((input, i, all) => all.findIndex((x) => x.value === input.value) === i);
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
export function nearValues(value: string): { how: string; value: string }[] {
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

/**
 * A lookup: a reader finding objects by a value in its path, not reading one object by its id (the
 * deposit switches of an external id, the institutions of a routing number: seed 002, Resources -
 * Switch "also found by external_id", Institutions). Read from the contract: a GET path parameter,
 * a string of no enum or format, naming a resource no other operation takes (no object of its own to
 * read, write or list) and not a child under a parent, whose answer lists items with an id. A value
 * compared as an identifier, matched whole (exact).
 */
export interface Lookup {
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

/**
 * A lookup by a query identifier: a GET query parameter described as an identifier ("Merchant
 * identifier of the kind given by idType": GetLocationMatches, seed 002, Institutions), a string of
 * no enum or format, whose answer lists items carrying an id (`id` or a member ending in `Id`: a
 * location's locationId). The value is an identifier the target holds, matched whole: a space before,
 * after or inside it, its case swapped, a leading zero, a separator changed or dropped names nothing
 * (FD-LOOKUP-EXACT). The parameters naming it in their description (idType: "identifier in idValue")
 * qualify it and are sent as held.
 */
export interface QueryLookup {
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
