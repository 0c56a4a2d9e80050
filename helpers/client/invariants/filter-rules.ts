// Checker: every filter and search keeps its documented matching rule, over inputs that tell the
// rules apart. From the value a listed object holds, the inputs are the value itself, its start, its
// middle and its end (a part of it that a prefix, a substring or a suffix match would take for it),
// the value in another case or with a space after or inside it, and the value with a character more
// (a match that takes the held value as a prefix of what is asked). What each must do follows from
// the rule the contract's description states (helpers/contract/filters.ts reads the filters):
// `exact` lists the object by the whole value only; `prefix` by the value and its start; `substring`
// by the value and every part; every rule lists it by the value as held. A part or a fold the
// description does not settle (a search "matched against" members, a fuzzy search) is not expected
// either way, and the checker says so: an exception with its reason, never a guess.
import type { FilterKind } from '../../contract/filters.js';

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
  ];
}
