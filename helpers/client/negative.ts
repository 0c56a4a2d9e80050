// Negative cases generated from the contract (a fuzzer's coverage phase): from one valid request, each member missing, empty,
// mistyped, one past each bound, outside each enum and pattern, a patterned or coded value with a separator and a tag after it
// (en-GB), an unknown member; the body malformed. A case is kept only where the contract itself refuses it: the suite never
// blames a target for its own generator.
import { conflictMet, ContractViolation, type ConflictMet } from '../contract/checks.js';
import { MALFORMED_BODY, ruleBrokenBy, ruleStating } from '../contract/rules.js';
import { problemsUnder } from './annotations.js';
import { receivedAt, takenDeviations } from '../contract/conflicts.js';
import type { ApiResponse, CallOptions, OperationClient } from './client.js';
import type { OperationId, ServiceName } from '../contract/operations.js';
import type { Contract, Json, Operation } from '../contract/contract.js';
import { typeOf, wireValue } from '../contract/wire-forms.js';
import { kindOfKey } from '../secrets/sensitive.js';
import { luhnValid, withCheckDigit } from '../config/luhn.js';
import { resolve, walkSchema } from '../contract/schema-walk.js';
import { callKey, firstOfEach } from './call-key.js';

export { luhnValid };

export interface NegativeCase {
  /** `body /consumer/firstName: longer than maxLength 30` and the like. */
  name: string;
  where: 'body' | 'query' | 'path' | 'header';
  call: CallOptions;
  /** Documented statuses this case may have besides the refusals (a request without a body sends no media type: the operation's 415). */
  also?: number[];
}

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

/** The values a schema may take: its default, examples, closed values (an enum, else `x-values`), then plain ones within its bounds. */
export function valuesOf(contract: Contract, schema: Json, depth = 0): unknown[] {
  const s = resolve(contract, schema);
  if (!s || typeof s !== 'object' || depth > 3) return [];
  const given = [s.default, s.example, ...(Array.isArray(s.examples) ? s.examples : []), ...(s.enum ?? s['x-values'] ?? [])];
  const type = typeOf(s) ?? (s.properties ? 'object' : undefined);
  const length = (n: unknown) => (typeof n === 'number' && n > 0 ? [n] : []);
  const first = (member: Json) => valuesOf(contract, member, depth + 1)[0];
  const plain =
    type === 'string'
      ? [...length(s.minLength), ...length(s.maxLength), 8, 1].map((n) => 'A'.repeat(n))
      : type === 'integer' || type === 'number'
        ? [s.minimum, s.maximum, 1, 0]
        : type === 'boolean'
          ? [true]
          : type === 'array'
            ? [first(s.items) === undefined ? [] : [first(s.items)]]
            : type === 'object'
              ? [Object.fromEntries(((s.required ?? []) as string[]).map((name) => [name, first(s.properties?.[name])]))]
              : [];
  return [...given, ...plain].filter((v) => v !== undefined && v !== null);
}

/** A body with each enum member (`levels` deep, lists aside) set to its next value `ok` takes: a write then shows where it landed. */
export function otherEnums(contract: Contract, schema: Json, body: unknown, ok: (body: unknown) => boolean, levels = 3): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  let out = clone(body) as Json;
  const walk = (node: Json, value: Json, at: string[]) => {
    if (at.length >= levels || !value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [name, member] of Object.entries<Json>(resolve(contract, node).properties ?? {})) {
      const m = resolve(contract, member);
      const v = value[name];
      if (!Array.isArray(m.enum) || m.enum.length < 2 || !m.enum.includes(v)) walk(member, v, [...at, name]);
      else {
        const next = clone(out);
        at.reduce((n, k) => n[k], next)[name] = m.enum[(m.enum.indexOf(v) + 1) % m.enum.length];
        if (ok(next)) out = next;
      }
    }
  };
  walk(schema, out, []);
  return out;
}

// A value outside each format the contracts use (ZZ, qq and QQQ are assigned by none of the ISO lists).
const FORMAT_VIOLATIONS: Record<string, string> = {
  'date-time': 'not-a-date-time',
  date: 'not-a-date',
  email: 'not-an-email',
  uuid: 'not-a-uuid',
  uri: 'not a uri',
  'iso-3166-alpha-2': 'ZZ',
  'iso-3166-alpha-3': 'ZZZ',
  'iso-639-1': 'qq',
  'iso-4217': 'QQQ',
};

const nullable = (schema: Json) => Array.isArray(schema.type) && schema.type.includes('null');

/** Issuer ranges under ISO/IEC 7812 (Visa, Mastercard, Amex, Discover, JCB): a member citing it has its length bounds broken in each. */
const CARD_RANGES = ['4', '51', '2221', '34', '37', '6011', '65', '3528'];

/** A value of `length` characters in the valid one's form (digits keep their check digit, start with `range`), else cut or padded. */
function ofLength(valid: string, length: number, range = ''): string {
  if (!(/^[0-9]{12,}$/.test(valid) && luhnValid(valid)))
    return length <= valid.length ? valid.slice(0, length) : valid.padEnd(length, valid[valid.length - 1]);
  const digits = (range + valid.slice(range.length)).padEnd(length, '0').slice(0, Math.max(length - 1, 0));
  return length > 0 ? withCheckDigit(digits) : '';
}

/**
 * Letters a length bound counts as one character each, as JSON Schema does (code points): one outside the BMP (a CJK ideograph,
 * two UTF-16 units) and a precomposed accented Latin letter (two UTF-8 bytes). `letters`: others of each kind.
 */
export const WIDE_LETTERS = [
  // CJK Unified Ideographs Extension B, each a letter (\p{L}).
  {
    how: 'in letters outside the Basic Multilingual Plane',
    letter: '\u{20BB7}',
    letters: '\u{20BB7}\u{20089}\u{2000B}\u{20B9F}\u{2A6B2}\u{2070E}',
  },
  { how: 'in accented letters', letter: '\u00E9', letters: '\u00E9\u00E8\u00EA\u00E0\u00E2\u00E7\u00F4\u00FC\u00F1\u00ED' },
] as const;

/** A pattern that bounds a single class's length and nothing else (`^[0-9]{11,19}$`): its bounds. */
function patternLength(pattern: string): { min: number; max?: number } | undefined {
  const m = /^\^(\[[^\]]+\]|\\d)\{(\d+)(,(\d*))?\}\$$/.exec(pattern);
  if (!m) return undefined;
  return { min: Number(m[2]), ...(m[3] === undefined ? { max: Number(m[2]) } : m[4] ? { max: Number(m[4]) } : {}) };
}

/**
 * What a lax reader cuts off a coded value: a separator and a tag after it (a locale tag en-GB or fr_FR read as its language, an
 * id, a date or digits read up to their first other character). RFC 5646 section 2.1 joins subtags with '-', POSIX locales with
 * '_'; the tag is a region subtag (RFC 5646 section 2.2.4), two capital letters.
 */
const TAG_SEPARATORS = ['-', '_'] as const;
const TAG = 'GB';

/**
 * The formats of a code or a fixed form, whose whole text is the value: an address (email: RFC 5322's dot-atom takes '_' in a
 * domain) or a URI (its path takes any tag) is left to its own format case.
 */
const CODED_FORMATS = new Set(['date-time', 'date', 'uuid', 'iso-3166-alpha-2', 'iso-3166-alpha-3', 'iso-639-1', 'iso-4217']);

/**
 * A patterned or coded string's valid value followed by a separator and a tag, one case per separator: the caller keeps those its
 * contract refuses (a language code's en-GB and en_GB; a UUID, a date or digits with -GB after them), which a reader taking the
 * valid start and leaving the rest would take. An enum's own case (`_NOT_IN_ENUM`) is already one of these.
 */
function taggedViolations(schema: Json, valid: unknown): { value: unknown; why: string }[] {
  if (typeof valid !== 'string' || valid.length === 0) return [];
  const kind =
    typeof schema.pattern === 'string'
      ? `outside the pattern ${schema.pattern}`
      : CODED_FORMATS.has(String(schema.format))
        ? `not a ${schema.format}`
        : undefined;
  if (kind === undefined) return [];
  return TAG_SEPARATORS.map((sep) => ({ value: `${valid}${sep}${TAG}`, why: `${kind}: its valid value followed by '${sep}${TAG}'` }));
}

/**
 * A date the calendar does not have, in the valid value's own shape (RFC 3339 section 5.7: the day within its month and year, the
 * hour within 00 to 23; ISO 8601): 29 February of a common year, 30 February, 31 April, month 13, and for a date and time hour 24.
 * Sent for every member with a date or date-time format or a pattern its valid value's YYYY-MM-DD fits; the caller keeps those the
 * contract refuses (a format does, a pattern of digits alone does not: no case there), which a reader checking the shape would take.
 */
function calendarViolations(schema: Json, valid: unknown): { value: unknown; why: string }[] {
  const dated = schema.format === 'date' || schema.format === 'date-time' || typeof schema.pattern === 'string';
  const at = typeof valid === 'string' && dated ? /([0-9]{4})-([0-9]{2})-([0-9]{2})/.exec(valid) : null;
  if (!at) return [];
  // Named by the keyword it breaks (rules.ts keywordOf), so a breach is filed under the rule stating the member's form.
  const kind = typeof schema.format === 'string' ? `not a ${schema.format}` : `outside the pattern ${schema.pattern}`;
  const day = (ymd: string, why: string) => ({
    value: valid!.toString().replace(at[0], ymd),
    why: `${kind}, no day of the calendar: ${why}`,
  });
  const out = [
    day('2025-02-29', '29 February of a common year'),
    day(`${at[1]}-02-30`, '30 February'),
    day(`${at[1]}-04-31`, '31 April'),
    day(`${at[1]}-13-${at[3]}`, 'month 13'),
  ];
  const time = /^T([0-9]{2}):/.exec(String(valid).slice(at.index + at[0].length));
  if (time) out.push({ value: String(valid).replace(`${at[0]}T${time[1]}:`, `${at[0]}T24:`), why: `${kind}, no time of the day: hour 24` });
  return out;
}

/** The reason of a patterned string's case sent with a trailing line feed (body members only: see the parameters' cases). */
const LINE_FEED = ': its valid value followed by a line feed';

/** Values breaking one rule of a scalar schema each, keeping every other (a check digit): no other reason hides a missing bound. */
export function scalarViolations(schema: Json, valid: unknown, wideLetters = true): { value: unknown; why: string }[] {
  const out: { value: unknown; why: string }[] = [];
  const type = typeOf(schema);
  if (type === 'string') {
    const base = typeof valid === 'string' && valid.length ? valid : 'a';
    // A member the contract calls an ISO/IEC 7812 number has its length broken in each issuer range too.
    const ranges = /ISO\/IEC 7812/i.test(String(schema.description ?? '')) && /^[0-9]{12,}$/.test(base) ? CARD_RANGES : [];
    const lengths = (length: number, why: string) => {
      out.push({ value: ofLength(base, length), why });
      for (const range of ranges) out.push({ value: ofLength(base, length, range), why: `${why}, in the issuer range ${range}` });
    };
    if (typeof schema.maxLength === 'number') lengths(schema.maxLength + 1, `longer than maxLength ${schema.maxLength}`);
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      lengths(schema.minLength - 1, `shorter than minLength ${schema.minLength}`);
    // A bound counted in code points: one past it in letters outside the BMP, where the schema takes them (no pattern, format or enum).
    if (wideLetters && typeof schema.pattern !== 'string' && schema.format === undefined && !Array.isArray(schema.enum)) {
      const wide = WIDE_LETTERS[0];
      if (typeof schema.maxLength === 'number')
        out.push({ value: wide.letter.repeat(schema.maxLength + 1), why: `longer than maxLength ${schema.maxLength} ${wide.how}` });
      if (typeof schema.minLength === 'number' && schema.minLength > 1)
        out.push({ value: wide.letter.repeat(schema.minLength - 1), why: `shorter than minLength ${schema.minLength} ${wide.how}` });
    }
    // A pattern that bounds the length (`^[0-9]{11,19}$`): one past each bound in the valid value's form.
    const bounds = typeof schema.pattern === 'string' ? patternLength(schema.pattern) : undefined;
    if (bounds?.max !== undefined) lengths(bounds.max + 1, `outside the pattern ${schema.pattern}: ${bounds.max + 1} characters`);
    if (bounds && bounds.min > 1) lengths(bounds.min - 1, `outside the pattern ${schema.pattern}: ${bounds.min - 1} characters`);
    if (Array.isArray(schema.enum)) out.push({ value: `${String(schema.enum[0] ?? 'X')}_NOT_IN_ENUM`, why: 'outside the enum' });
    if (typeof schema.pattern === 'string') {
      const re = new RegExp(schema.pattern, 'u');
      const candidate = [`${base}!`, `!${base}`, base.slice(0, -1) + ' ', '', '!'].find((c) => !re.test(c));
      if (candidate !== undefined) out.push({ value: candidate, why: `outside the pattern ${schema.pattern}` });
    }
    // An anchored pattern (`...$`): the valid value followed by a line feed. JSON Schema patterns are ECMA-262 regular
    // expressions (JSON Schema Validation 2020-12, 6.3.3), where `$` without the m flag matches only at the input's end, so the
    // pattern refuses it; a reader whose `$` also matches before a final line feed (PCRE, Python's re, Java's) takes it.
    if (typeof schema.pattern === 'string' && typeof valid === 'string' && /(^|[^\\])\$$/.test(schema.pattern)) {
      const re = new RegExp(schema.pattern, 'u');
      if (re.test(valid) && !re.test(`${valid}\n`))
        out.push({ value: `${valid}\n`, why: `outside the pattern ${schema.pattern}${LINE_FEED}` });
    }
    const badFormat = FORMAT_VIOLATIONS[String(schema.format)];
    if (badFormat !== undefined) out.push({ value: badFormat, why: `not a ${schema.format}` });
    out.push(...calendarViolations(schema, valid));
    out.push(...taggedViolations(schema, valid));
    out.push({ value: 12345, why: 'a number where a string is documented' });
  } else if (type === 'integer' || type === 'number') {
    const step = type === 'integer' ? 1 : 0.5;
    if (typeof schema.maximum === 'number') out.push({ value: schema.maximum + step, why: `above maximum ${schema.maximum}` });
    if (typeof schema.exclusiveMaximum === 'number')
      out.push({ value: schema.exclusiveMaximum, why: `not below exclusiveMaximum ${schema.exclusiveMaximum}` });
    if (typeof schema.minimum === 'number') out.push({ value: schema.minimum - step, why: `below minimum ${schema.minimum}` });
    if (typeof schema.exclusiveMinimum === 'number')
      out.push({ value: schema.exclusiveMinimum, why: `not above exclusiveMinimum ${schema.exclusiveMinimum}` });
    if (type === 'integer') out.push({ value: 1.5, why: 'a fraction where an integer is documented' });
    if (Array.isArray(schema.enum))
      out.push({ value: Math.max(...schema.enum.filter((n: unknown) => typeof n === 'number'), 0) + 1, why: 'outside the enum' });
    out.push({ value: 'abc', why: `text where a ${type} is documented` });
  } else if (type === 'boolean') {
    out.push({ value: 'maybe', why: 'text where a boolean is documented' });
  }
  return out;
}

/** The empty values of a member's type the other mutations do not send already: "" (no minLength), {} , [] (no minItems), and null. */
function emptiesOf(type: string | undefined, schema: Json): [unknown, string][] {
  const out: [unknown, string][] = [];
  if (type === 'string' && !(schema.minLength > 0)) out.push(['', 'an empty string']);
  if (type === 'object') out.push([{}, 'an empty object']);
  if (type === 'array' && !(schema.minItems > 0)) out.push([[], 'an empty array']);
  if (!nullable(schema)) out.push([null, 'null']);
  return out;
}

/** The members the conditional branches a value takes require of it: `then` where it meets `if`, else `else`; in `allOf`; the one
 * `oneOf`/`anyOf` branch it meets. */
function branchRequired(contract: Contract, schema: Json, value: unknown, depth = 0, holderType?: unknown): string[] {
  const s = resolve(contract, schema);
  if (!s || typeof s !== 'object' || depth > 4) return [];
  // Wrapped in the holder's type: a branch such as `required: [status]` names no type of its own (Ajv's strict types).
  const meets = (sub: Json) => {
    const type = s.type ?? holderType;
    const wrapped = { ...(type ? { type } : {}), allOf: [sub] };
    return contract.validator(`negative:branch:${JSON.stringify(wrapped)}`, wrapped)(value);
  };
  const out: string[] = [];
  const branch = (sub: Json | undefined) => {
    if (!sub) return;
    const b = resolve(contract, sub);
    out.push(...((b.required ?? []) as string[]), ...branchRequired(contract, b, value, depth + 1, s.type ?? holderType));
  };
  if (s.if !== undefined) branch(meets(s.if) ? s.then : s.else);
  for (const member of (s.allOf ?? []) as Json[]) branch(member);
  const alternatives: Json[] | undefined = s.oneOf ?? s.anyOf;
  if (alternatives) {
    const taken = alternatives.filter((alt) => meets(alt));
    if (taken.length === 1) branch(taken[0]);
  }
  return [...new Set(out)];
}

/** Mutations of a JSON body, one rule broken at a time, walking the members the valid body has. */
function bodyMutations(
  contract: Contract,
  schema: Json,
  value: Json,
  at: string[],
  out: { at: string[]; why: string; apply: (root: Json) => Json }[],
) {
  const s = resolve(contract, schema);
  const type = typeOf(s) ?? (s.properties ? 'object' : undefined);
  const alternatives: Json[] | undefined = s.oneOf ?? s.anyOf;
  if (alternatives && !type) {
    // A choice of shapes: mutate within the alternative the valid value takes (the caller confirms each against the whole schema).
    const taken = alternatives.filter((alt) => contract.validator(`negative:alternative:${JSON.stringify(alt)}`, alt)(value));
    if (taken.length === 1) bodyMutations(contract, taken[0], value, at, out);
    return;
  }
  const set = (root: Json, v: unknown) => {
    if (at.length === 0) return v;
    const copy = clone(root);
    let node = copy;
    for (const key of at.slice(0, -1)) node = node[key];
    node[at[at.length - 1]] = v;
    return copy;
  };
  // Empty, not absent ("", {}, [] or null), kept where the contract refuses it: a truthiness test takes it for one not sent.
  if (at.length > 0 && value !== undefined && value !== null)
    for (const [empty, why] of emptiesOf(type, s)) out.push({ at, why: `${why} (empty, not absent)`, apply: (root) => set(root, empty) });
  if (type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const required: string[] = s.required ?? [];
    const names = [...required.map((name) => ({ name, why: 'missing though required' }))];
    // A member a conditional branch requires (an `if`/`then`/`else`, an `allOf` of them, the one `oneOf`/`anyOf` branch the
    // value takes) is required of a value taking that branch: provider 2.0.0 PlanApprovalParameters' "required if the status is
    // APPROVED" is such a branch. The caller confirms each case refused by the whole schema.
    for (const name of branchRequired(contract, s, value)) {
      if (!required.includes(name) && !names.some((n) => n.name === name))
        names.push({ name, why: 'missing though required by the branch the value takes' });
    }
    for (const { name, why } of names) {
      if (!(name in value)) continue;
      out.push({
        at: [...at, name],
        why,
        apply: (root) => {
          const copy = clone(root);
          let node = copy;
          for (const key of at) node = node[key];
          delete node[name];
          return copy;
        },
      });
    }
    for (const [name, member] of Object.entries<Json>(value)) {
      const prop = s.properties?.[name];
      if (prop) bodyMutations(contract, prop, member, [...at, name], out);
    }
    if (s.additionalProperties === false)
      out.push({
        at: [...at, 'unexpectedMember'],
        why: 'an unknown member where the object is closed',
        apply: (root) => set(root, { ...value, unexpectedMember: 'x' }),
      });
    if (!nullable(s)) out.push({ at, why: 'an array where an object is documented', apply: (root) => set(root, [value]) });
  } else if (type === 'array' && Array.isArray(value)) {
    if (typeof s.maxItems === 'number' && value.length > 0)
      out.push({
        at,
        why: `more than maxItems ${s.maxItems}`,
        apply: (root) =>
          set(
            root,
            Array.from({ length: s.maxItems + 1 }, (_, i) => clone(value[i % value.length])),
          ),
      });
    if (typeof s.minItems === 'number' && s.minItems > 0)
      out.push({ at, why: `fewer than minItems ${s.minItems}`, apply: (root) => set(root, value.slice(0, s.minItems - 1)) });
    // Each item rule broken in the LAST item, and in a second where allowed: a target validating only the first refuses none.
    if (value.length > 0 && s.items) {
      const widen = value.length === 1 && !s.uniqueItems && !(typeof s.maxItems === 'number' && s.maxItems < 2);
      if (!widen) bodyMutations(contract, s.items, value[value.length - 1], [...at, String(value.length - 1)], out);
      else {
        const inItem: typeof out = [];
        bodyMutations(contract, s.items, value[0], [...at, '1'], inItem);
        for (const m of inItem) out.push({ ...m, apply: (root) => m.apply(set(root, [value[0], clone(value[0])])) });
      }
    }
    out.push({ at, why: 'an object where an array is documented', apply: (root) => set(root, { item: value[0] ?? null }) });
  } else if (value !== undefined && value !== null) {
    // A sensitive member takes no run of one wide letter: noted as sent card data, it would be found in every later echo of it.
    const wide = kindOfKey(at[at.length - 1] ?? '') === undefined;
    for (const v of scalarViolations(s, value, wide)) out.push({ at, why: v.why, apply: (root) => set(root, v.value) });
  }
}

/** A valid value of each date format, a calendar day in RFC 3339's form, given a date member the valid body leaves out. */
const DATED: Record<string, string> = { date: '2026-01-15', 'date-time': '2026-01-15T10:00:00Z' };

/**
 * The calendar's cases (calendarViolations) of each date or date-time member the valid body leaves out, where its holder object is
 * sent: the member given a valid day first (confirmed taken by the contract), then each day the calendar does not have. A member
 * the sample omits is checked as one it sends: an optional date is refused as the contract refuses it whenever it is sent.
 */
function absentDateMutations(
  contract: Contract,
  schema: Json,
  body: Json,
  validate: (b: unknown) => boolean,
): { at: string[]; why: string; apply: (root: Json) => Json }[] {
  const out: { at: string[]; why: string; apply: (root: Json) => Json }[] = [];
  const seen = new Set<string>();
  walkSchema(
    contract,
    schema,
    (s, at) => {
      const given = DATED[String(s.format)];
      if (given === undefined || typeOf(s) !== 'string' || !at.length || seen.has(at.join('/'))) return;
      seen.add(at.join('/'));
      let holder: any = body;
      for (const key of at.slice(0, -1)) holder = holder?.[key];
      if (holder === null || typeof holder !== 'object' || Array.isArray(holder) || holder[at[at.length - 1]] !== undefined) return;
      const set = (root: Json, v: unknown) => {
        const copy = clone(root);
        let node = copy;
        for (const key of at.slice(0, -1)) node = node[key];
        node[at[at.length - 1]] = v;
        return copy;
      };
      if (!validate(set(body, given))) return;
      for (const v of calendarViolations(s, given))
        out.push({ at, why: `${v.why} (left out of the sample)`, apply: (root) => set(root, v.value) });
    },
    { depth: 6, branches: true },
  );
  return out;
}

/**
 * The rules stating the form of each date or date-time member of an operation's request (its calendar cases are filed under them,
 * ruleBrokenBy): a check sending the negative cases cites them, so a run selecting the specs of such a rule reaches it.
 */
export function dateFormRules(contract: Contract, op: Operation, service: string): string[] {
  const out = new Set<string>();
  const visit = (s: Json, at: string[]) => {
    if (DATED[String(s.format)] === undefined || !at.length) return;
    const rule = ruleStating(service, op.operationId, at[at.length - 1], 'format');
    if (rule) out.add(rule);
  };
  if (op.requestBody?.schema) walkSchema(contract, op.requestBody.schema, visit, { depth: 6, branches: true });
  for (const p of op.parameters) visit(resolve(contract, p.schema), [p.name]);
  return [...out].sort();
}

/** Every negative case of an operation from one valid call, each confirmed invalid by the contract; `only`: just the cases it names. */
/**
 * A code in its list's own form that the list lacks (ZZ, QQQ): refusing it is a check against the list, which the documents
 * state where they show it, so where a rule of the operation states the member's format (provider 2.0.0 approvedOffers 400
 * InvalidCurrencyCode: IN-FMT-CODES). Elsewhere the member's form alone is judged (its length, its letters): a target reading
 * the shape only keeps the documents, as on planApproval, whose approvedCurrency is "as per ISO 4217" and no refusal of an
 * unlisted code is shown.
 */
const listUnstated = (op: Operation, at: string[], why: string): boolean =>
  /^not a iso-/.test(why) && !ruleStating(op.service, op.operationId, at.filter((k) => !/^\d+$/.test(k)).at(-1) ?? '', 'format');

export function negativeCases(contract: Contract, op: Operation, valid: CallOptions, only?: (name: string) => boolean): NegativeCase[] {
  const cases: NegativeCase[] = [];
  const requestSchema = op.requestBody?.schema;
  if (requestSchema && valid.body !== undefined) {
    const validate = contract.validator(`request:${op.operationId}`, requestSchema);
    const mutations: { at: string[]; why: string; apply: (root: Json) => Json }[] = [];
    bodyMutations(contract, requestSchema, valid.body, [], mutations);
    mutations.push(...absentDateMutations(contract, requestSchema, valid.body, validate));
    for (const m of mutations) {
      const name = `body /${m.at.join('/')}: ${m.why}`;
      if ((only && !only(name)) || listUnstated(op, m.at, m.why)) continue;
      const body = m.apply(valid.body);
      if (validate(body)) continue; // the contract allows it: not a negative case
      cases.push({ name, where: 'body', call: { ...valid, body } });
    }
    // A body that is not JSON: a truncated object and a bare word (seed 002 Errors, seed 000 Errors: a 400, never a 500).
    for (const [what, rawBody] of [
      ['a truncated object', '{"unterminated": '],
      ['a bare word', 'unquoted'],
    ])
      cases.push({ name: `${MALFORMED_BODY} (${what})`, where: 'body', call: { ...valid, body: undefined, rawBody } });
    // A required body left out (found by mutation sampling: a mock that skipped the check passed).
    if (op.requestBody?.required)
      cases.push({
        name: 'body: missing (the request body is required)',
        where: 'body',
        call: { ...valid, body: undefined },
        // No body, no Content-Type: where the operation documents 415 (its media type refused), that answer is documented too.
        ...(op.responses['415'] ? { also: [415] } : {}),
      });
  }
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const where = p.in as 'query' | 'path' | 'header';
    const current = (valid[where === 'header' ? 'headers' : where] as Record<string, unknown> | undefined)?.[p.name];
    const schema = resolve(contract, p.schema);
    const check = contract.validator(`param:${op.operationId}:${p.in}:${p.name}`, p.schema);
    // The value travels as text, read as the contract's type reads it (helpers/contract/wire-forms.ts).
    const asSent = (v: unknown) => wireValue(schema, String(v));
    // A parameter is text by nature, and its value followed by a line feed is a body string's case only: a URL's %0A is read
    // by many servers as the parameter's type reads the text (a list of numbers, a date), which no document forbids them.
    const variants: { value: unknown; why: string }[] = scalarViolations(schema, current, false).filter(
      (v) => v.why !== 'a number where a string is documented' && !v.why.endsWith(LINE_FEED),
    );
    for (const v of variants) {
      if ((only && !only(`${where} ${p.name}: ${v.why}`)) || listUnstated(op, [p.name], v.why)) continue;
      if (String(v.value) === '' && where === 'path') continue; // an empty path segment is another route
      if (check(asSent(v.value))) continue;
      const key = where === 'header' ? 'headers' : where;
      cases.push({
        name: `${where} ${p.name}: ${v.why}`,
        where,
        call: { ...valid, [key]: { ...(valid[key] as object), [p.name]: String(v.value) } },
      });
    }
    if (p.required && current !== undefined && where !== 'path') {
      const key = where === 'header' ? 'headers' : where;
      cases.push({
        name: `${where} ${p.name}: missing though required`,
        where,
        call: { ...valid, [key]: { ...(valid[key] as object), [p.name]: undefined } },
      });
    }
  }
  return cases;
}

/** A body case accepted where the provider's own example sends such a value (`takes` in schemas/<service>/conflicts.yaml): no failure. */
function exampleAccepted(contract: Contract, op: Operation, c: NegativeCase): ConflictMet | undefined {
  const schema = op.requestBody?.schema;
  if (c.where !== 'body' || !schema || c.call.body === undefined) return undefined;
  const validate = contract.validator(`request:${op.operationId}`, schema);
  const [met] = takenDeviations(op.service, op.operationId, c.call.body, (b) => validate(b)) ?? [];
  return (
    met &&
    conflictMet(met.conflict, `${op.method} ${op.path} (${op.operationId}) ${c.name}: 2xx`, receivedAt(met.conflict.takes!, met.received))
  );
}

/** The statuses a refusal may have: the operation's documented 4xx other than auth, method and rate. */
export function refusalStatuses(op: Operation): number[] {
  return Object.keys(op.responses)
    .filter((s) => /^4[0-9][0-9]$/.test(s) && !['401', '403', '405', '406', '415', '429'].includes(s))
    .map(Number);
}

/** Sends every negative case and returns a line per one answered other than a documented refusal, or breaking the contract. */
export async function runNegativeCases<S extends ServiceName>(
  client: OperationClient<S>,
  operation: OperationId<S> | Operation,
  valid: CallOptions,
  expectRefusal?: (res: ApiResponse, c: NegativeCase) => string | undefined,
  /** The contract the cases are generated from and confirmed invalid by (the client's unless a spec takes a seed-vs-provider conflict the provider's way). */
  contract: Contract = client.contract,
  /** The cases sent, where a check sends only some (a mode's rerun of the missing-member cases). */
  only: (c: NegativeCase) => boolean = () => true,
): Promise<{ cases: number; failures: string[] }> {
  const op = typeof operation === 'string' ? client.contract.operation(operation) : operation;
  const refusals = refusalStatuses(op);
  // A case byte-identical on the wire to an earlier one (an only member left out, the object sent empty) is sent once.
  const cases = negativeCases(contract, op, valid)
    .filter(only)
    .filter(firstOfEach((c) => callKey(op, c.call)));
  const failures: string[] = [];
  // The rule stating what the first case answered with a success breaks (its member's limit, pattern, enum...): the failure's
  // cause, filed under that rule and its source rather than the generic refusal rule the check cites.
  let stated: string | undefined;
  for (const c of cases) {
    try {
      const res = await client.callOperation(op, { ...c.call, refusal: true, negative: true });
      const allowed = [...(c.where === 'path' ? refusals : refusals.filter((s) => s !== 404 || refusals.length === 1)), ...(c.also ?? [])];
      const deviation = res.status >= 200 && res.status < 300 ? exampleAccepted(contract, op, c) : undefined;
      if (deviation) client.noteConflictMet(deviation);
      else if (!allowed.includes(res.status)) {
        // A body that is not JSON breaks its own rule whatever the answer (a 2xx or a 500).
        if (failures.length === 0 && (res.status < 300 || c.name.startsWith(MALFORMED_BODY)))
          stated = ruleBrokenBy(op.service, op.operationId, c.name);
        failures.push(`${c.name}: Received ${res.status} / Documented refusal: ${allowed.join(' or ')}`);
      } else {
        const wrong = expectRefusal?.(res, c);
        if (wrong) failures.push(`${c.name}: ${wrong}`);
      }
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
      // A refusal the client judged off its contract (its error body off the error shape): the rule its violation is filed
      // under states the first failure (the check's list quotes the line, so the violation itself is not found in it).
      // A body that is not JSON answered off the contract (a 500): its own rule, as above.
      if (failures.length === 0 && c.name.startsWith(MALFORMED_BODY)) stated = ruleBrokenBy(op.service, op.operationId, c.name);
      if (failures.length === 0 && !stated && error.rules.length) stated = error.rules[0];
      failures.push(`${c.name}: ${error.message.split('\n')[0]}`);
    }
  }
  if (stated) problemsUnder(stated, failures, op.operationId);
  return { cases: cases.length, failures };
}
