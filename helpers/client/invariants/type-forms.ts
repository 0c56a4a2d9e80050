// Checker: every typed parameter and body member takes exactly its type's forms. A typed member is sent in the forms a loose reader
// takes for the same value (a boolean recased, a number with a leading zero or exponent, an enum recased), a shaped one in its near
// misses; each only where the contract refuses it, and the target must refuse it with a documented 4xx.
import { setAt, stoppedOr, valueAt, verdictLine } from './kit.js';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { formatMax, typeOf, wireValue } from '../../contract/wire-forms.js';
import { patternForms } from '../../contract/pattern-forms.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { ServiceName } from '../../contract/operations.js';
import { refusalStatuses, valuesOf, WIDE_LETTERS } from '../negative.js';
import type { Violations } from '../security/probe.js';
import { namedSources, sourceNames } from './error-details.js';
import { kindOfKey } from '../../secrets/sensitive.js';
import { caseSwapped, alternatingCase } from '../security/value-forms.js';
import { walkSchema, walkValue, resolve } from '../../contract/schema-walk.js';
import { loadRules, ruleStating, sidesOf } from '../../contract/rules.js';
import { objectIdsOf } from '../../contract/object-ids.js';

export const TYPE_FORMS = 'type-forms';

interface TypedMember {
  in: 'query' | 'path' | 'header' | 'body';
  /** The parameter's name, or the body member's path (`consumer/mobileNumber/countryCode`). */
  at: string;
  schema: Json;
  value: unknown;
  /** A body member the sampled call leaves out, given a documented value for its forms. */
  added?: boolean;
}

interface FormCase {
  member: TypedMember;
  how: string;
  call: CallOptions;
  /** The form itself (a valid form case's value of the member). */
  value?: unknown;
  /** The kind of form (`with a space before it`), the same on every call of the operation. */
  form?: string;
  /** The keyword whose forms the case sends (a URI's: `format`), where the member's own rule of it states them. */
  keyword?: string;
  /** A member sent as sampled, in another case: the form made again of each fresh call's own value (a UUID's case). */
  recase?: (value: string) => string;
}

const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();

/** The closed list of values a string member takes: its enum, else the `x-values` a parameter states (a 400 example refusing others). */
const closedValues = (s: Json): unknown[] | undefined =>
  Array.isArray(s?.enum) ? s.enum : Array.isArray(s?.['x-values']) ? s['x-values'] : undefined;

/** The schema a form is confirmed against: the member's own, closed to its `x-values` where it states them. */
const formSchema = (s: Json): Json => (Array.isArray(s?.['x-values']) && !Array.isArray(s.enum) ? { ...s, enum: s['x-values'] } : s);

/** Whether a schema types its value: a boolean, an integer or a number, or a closed list of strings. */
const typed = (s: Json) =>
  ['boolean', 'integer', 'number'].includes(typeOf(s) ?? '') || (typeOf(s) === 'string' && closedValues(s) !== undefined);

/** Whether a string schema shapes its text by a pattern or a format the one Ajv instance checks (a card number, a date, an id). */
const shaped = (s: Json) =>
  typeOf(s) === 'string' && closedValues(s) === undefined && (typeof s.pattern === 'string' || typeof s.format === 'string');

/** A typed member, or a shaped one (its near misses are refused as another type's forms are). */
const formed = (s: Json) => typed(s) || shaped(s);

/** A shaped value's near misses: grouped spaces or dashes, a space around it (not in a header, RFC 9110 5.5), recased, ±1 character. */
function nearMisses(value: string, where: TypedMember['in']): { how: string; value: string }[] {
  const grouped = (sep: string) =>
    value.length > 4 ? value.replace(/(.{4})(?=.)/gu, `$1${sep}`) : `${value.slice(0, 1)}${sep}${value.slice(1)}`;
  const out = [
    { how: 'with inner spaces in groups', value: grouped(' ') },
    { how: 'with inner dashes in groups', value: grouped('-') },
    ...(where === 'header'
      ? []
      : [
          { how: 'with a space before it', value: ` ${value}` },
          { how: 'with a space after it', value: `${value} ` },
        ]),
    { how: 'its case swapped', value: caseSwapped(value) },
    { how: 'one character more', value: `${value}${value.slice(-1) || '0'}` },
    // An empty path segment is another route, not a form of the value.
    ...(value.length > 1 || where !== 'path' ? [{ how: 'one character fewer', value: value.slice(0, -1) }] : []),
  ];
  const seen = new Set<string>([value]);
  return out.filter((f) => value.length > 0 && !seen.has(f.value) && seen.add(f.value));
}

/** A form as a violation names it: its value, unless the member is a sensitive one (a card number, a code), named by its kind alone. */
const shown = (at: string, value: unknown, how: string) =>
  kindOfKey(at.split('/').at(-1)!) !== undefined ? `its value ${how}` : `${JSON.stringify(value)} (${how})`;

/** Headers whose values are language tags or ranges (RFC 9110 sections 12.5.4 and 8.5). */
const isLanguageHeader = (name: string) => /^(accept-language|content-language)$/i.test(name);

/**
 * The integer one past its format's range, as text, where the contract states the bound (a `maximum`: installments' request_id,
 * provider 2.0.0 InvalidRequestIdError): a reader holding the value in a double or a wider integer takes it for a value. The
 * contract refuses it as text (wire-forms.ts reads no integer past its format). A parameter whose contract writes no bound is not
 * sent it.
 */
function pastRange(schema: Json, where: TypedMember['in']): { how: string; value: string }[] {
  const max = formatMax(schema);
  if (where === 'body' || max === undefined || typeof schema.maximum !== 'number') return [];
  return [{ how: `one past the ${schema.format} range`, value: String(max + 1n) }];
}

/** The other forms of a typed value as text; none with added space in a header (RFC 9110 section 5.5). */
function textForms(schema: Json, value: unknown, where: TypedMember['in']): { how: string; value: string }[] {
  const text = String(value);
  const type = typeOf(schema);
  const out: { how: string; value: string }[] = [];
  // Both values of a boolean, whichever the call sends: a reader may fold the case of one only.
  if (type === 'boolean')
    for (const b of ['true', 'false'])
      out.push(
        { how: `${b} capitalised`, value: capitalised(b) },
        { how: `${b} in upper case`, value: b.toUpperCase() },
        { how: `${b} as a digit`, value: b === 'true' ? '1' : '0' },
      );
  else if (type === 'integer' || type === 'number') {
    const [sign, digits] = text.startsWith('-') ? ['-', text.slice(1)] : ['', text];
    out.push(
      { how: 'with a leading zero', value: `${sign}0${digits}` },
      ...(sign ? [] : [{ how: 'with a plus sign', value: `+${digits}` }]),
      ...(type === 'integer' && !digits.includes('.') ? [{ how: 'with a fraction', value: `${text}.0` }] : []),
      { how: 'with an exponent', value: `${text}e0` },
      ...(where === 'header' ? [] : [{ how: 'with a space before it', value: ` ${text}` }]),
      ...pastRange(schema, where),
    );
  } else if (closedValues(schema))
    out.push(
      { how: 'in lower case', value: text.toLowerCase() },
      { how: 'in upper case', value: text.toUpperCase() },
      { how: 'its case swapped', value: caseSwapped(text) },
    );
  else if (shaped(schema)) out.push(...nearMisses(text, where));
  const seen = new Set<string>([text]);
  return out.filter((f) => !seen.has(f.value) && seen.add(f.value));
}

/** A string's digits as the JSON number a loose reader takes for it, where the number reads back as the same text (no leading zero lost). */
const asNumber = (text: string): number | undefined =>
  /^-?[0-9]+$/.test(text) && Number.isSafeInteger(Number(text)) && String(Number(text)) === text ? Number(text) : undefined;

/**
 * The other forms of a typed value in a JSON body: the value as a string, an enum value in another case; and the converse, a
 * string of digits (a phone number, an id of digits) as a JSON number, the same value in the other type (JSON, RFC 8259 sections 6
 * and 7: a number and a string are distinct values; seed 000: "Types are strings unless stated").
 */
function jsonForms(schema: Json, value: unknown): { how: string; value: unknown }[] {
  const type = typeOf(schema);
  if (type === 'boolean' || type === 'integer' || type === 'number')
    return [{ how: 'as a string', value: String(value) }, ...(type === 'boolean' ? [{ how: 'as a digit', value: value ? 1 : 0 }] : [])];
  if (typeof value !== 'string') return [];
  const number = type === 'string' ? asNumber(value) : undefined;
  return [...(number === undefined ? [] : [{ how: 'as a JSON number', value: number }]), ...textForms(schema, value, 'body')];
}

/**
 * The container forms of a body member's own valid value (JSON, RFC 8259 section 5: an array is another value than the one it
 * holds): the value wrapped in a one-item array, and for a list's item, the list replaced by that item alone, unwrapped. A reader
 * folding a one-item array to its item (or an item to a list of one) takes each as the valid value; the member's schema types
 * it a scalar (or a list), so each is refused as a member of another type, under the property's rule, not the member's pattern's.
 */
const WRAPPED = 'wrapped in a one-item array';
const UNWRAPPED = "its list's valid item alone, unwrapped";
const containerForms = new Set([WRAPPED, UNWRAPPED]);

function wrapForms(member: TypedMember, body: unknown): { how: string; value: unknown; at: string[] }[] {
  const at = member.at.split('/');
  const out: { how: string; value: unknown; at: string[] }[] = [{ how: WRAPPED, value: [member.value], at }];
  const last = at.at(-1)!;
  if (at.length > 1 && /^[0-9]+$/.test(last) && Array.isArray(valueAt(body, at.slice(0, -1))))
    out.push({ how: UNWRAPPED, value: member.value, at: at.slice(0, -1) });
  return out;
}

/** A value a typed schema documents and accepts (negative.ts valuesOf): its default, an example, its first closed value, else true or its minimum (or 1). */
const documentedValue = (contract: Contract, schema: Json): unknown =>
  valuesOf(contract, schema).find((v) => contract.validator(`type-forms:documented:${JSON.stringify(schema)}`, formSchema(schema))(v));

/** Every typed member of a valid call: its typed parameters (with a documented value where the call leaves one out), and each typed member of its JSON body (the first item of a list). */
export function typedMembers(contract: Contract, op: Operation, valid: CallOptions): TypedMember[] {
  const out: TypedMember[] = [];
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const schema = resolve(contract, p.schema);
    // A path value names an object: its near misses are the near-id checker's (security/near-id.ts), sent on the object it names.
    if (!(p.in === 'path' ? typed(schema) : formed(schema))) continue;
    // A typed parameter the sample leaves out is given a value its schema documents (its default, example, first enum value); a shaped one is taken as sent.
    const sentValue = (p.in === 'header' ? valid.headers : p.in === 'path' ? valid.path : valid.query)?.[p.name];
    const value = sentValue ?? (typed(schema) ? documentedValue(contract, schema) : undefined);
    if (value !== undefined) out.push({ in: p.in, at: p.name, schema, value });
  }
  if (op.requestBody?.schema && valid.body !== undefined && valid.rawBody === undefined) {
    const sent = bodyLeaves(contract, op.requestBody.schema, valid.body).filter((leaf) => formed(leaf.schema));
    out.push(...sent);
    // A typed body member the sample leaves out is given a documented value, where the contract takes it.
    const bodyValid = contract.validator(`request:${op.operationId}`, op.requestBody.schema);
    const taken = new Set(sent.map((m) => m.at));
    for (const leaf of typedBodySchemas(contract, op.requestBody.schema, typed)) {
      if (taken.has(leaf.at) || !holderSent(valid.body, leaf.at)) continue;
      const value = documentedValue(contract, leaf.schema);
      if (value === undefined || !bodyValid(setAt(valid.body, leaf.at.split('/'), value))) continue;
      taken.add(leaf.at);
      out.push({ in: 'body', at: leaf.at, schema: leaf.schema, value, added: true });
    }
  }
  return out;
}

/** Every typed (or shaped, by `which`) leaf a request schema declares, with its schema (each alternative; the items of a list as `0`). */
function typedBodySchemas(contract: Contract, root: Json, which: (s: Json) => boolean = formed): { at: string; schema: Json }[] {
  const out = new Map<string, Json>();
  walkSchema(contract, root, (s, at) => void (which(s) && at.length && !out.has(at.join('/')) && out.set(at.join('/'), s)), {
    depth: 6,
    branches: true,
  });
  return [...out].map(([at, schema]) => ({ at, schema }));
}

/** Whether the object that holds a body member (its path but the last step) is sent. */
function holderSent(body: unknown, at: string): boolean {
  const node = valueAt(body, at.split('/').slice(0, -1));
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

/** Every scalar leaf of a JSON body with its schema (resolved; the alternative it takes; the first item of a list). */
export function bodyLeaves(contract: Contract, root: Json, body: unknown): TypedMember[] {
  const out: TypedMember[] = [];
  const visit = (s: Json, value: unknown, at: string[]) => {
    if (value === undefined || value === null) return false;
    if (typeof value !== 'object') out.push({ in: 'body', at: at.join('/'), schema: s, value });
  };
  walkValue(contract, root, body, visit, { depth: 6, every: false, branches: true });
  return out;
}

/** The body itself as it is named in a case: a member of no name. */
export const WHOLE_BODY = '(the body)';

/**
 * The body itself in each other JSON type than the object the operation takes: an array holding the valid body (a batch read
 * leniently takes its first item), the body as a JSON string, a number, null, true. Each only where the contract refuses it.
 */
function wholeBodyForms(body: unknown): { how: string; value: unknown }[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return [
    { how: 'an array holding the valid body', value: [body] },
    { how: 'the valid body as a JSON string', value: JSON.stringify(body) },
    { how: 'a number', value: 1 },
    { how: 'null', value: null },
    { how: 'true', value: true },
  ];
}

/**
 * Every form case of a valid call, each confirmed refused by the contract; with `only`, just those of the members it names;
 * with `wholeBody`, the body itself in each other JSON type too (wholeBodyForms).
 */
export function typeFormCases(
  contract: Contract,
  op: Operation,
  valid: CallOptions,
  only?: (member: { in: string; at: string }) => boolean,
  wholeBody = false,
): FormCase[] {
  const cases: FormCase[] = [];
  const bodyValid = op.requestBody?.schema ? contract.validator(`request:${op.operationId}`, op.requestBody.schema) : undefined;
  if (wholeBody && bodyValid && valid.rawBody === undefined && (!only || only({ in: 'body', at: WHOLE_BODY })))
    for (const form of wholeBodyForms(valid.body)) {
      if (bodyValid(form.value)) continue;
      const member: TypedMember = { in: 'body', at: WHOLE_BODY, schema: op.requestBody!.schema, value: valid.body };
      cases.push({ member, how: `the body as ${form.how}`, call: { ...valid, body: form.value }, form: `whole body: ${form.how}` });
    }
  for (const member of typedMembers(contract, op, valid)) {
    if (only && !only(member)) continue;
    if (member.in === 'body') {
      for (const form of jsonForms(member.schema, member.value)) {
        const body = setAt(valid.body, member.at.split('/'), form.value);
        if (bodyValid?.(body)) continue;
        cases.push({ member, how: shown(member.at, form.value, form.how), call: { ...valid, body }, form: form.how });
      }
      for (const form of wrapForms(member, valid.body)) {
        const body = setAt(valid.body, form.at, form.value);
        if (bodyValid?.(body)) continue;
        cases.push({ member, how: shown(form.at.join('/'), form.value, form.how), call: { ...valid, body }, form: form.how });
      }
      continue;
    }
    const check = contract.validator(`type-forms:${op.operationId}:${member.in}:${member.at}`, formSchema(member.schema));
    const key = member.in === 'header' ? 'headers' : member.in;
    for (const form of textForms(member.schema, member.value, member.in)) {
      if (check(wireValue(member.schema, form.value))) continue;
      // A language tag in another case is the same tag (RFC 5646 section 2.1.1: tags are case-insensitive; RFC 9110
      // section 12.5.4, Accept-Language): `EN` is `en`, not another form of it.
      if (member.in === 'header' && isLanguageHeader(member.at) && form.value.toLowerCase() === String(member.value).toLowerCase())
        continue;
      cases.push({
        member,
        how: shown(member.at, form.value, form.how),
        call: { ...valid, [key]: { ...(valid[key] as object), [member.at]: form.value } },
        form: form.how,
      });
    }
  }
  return cases;
}

/** The kind of form a typed or shaped schema takes, as the coverage table names it. */
type FormKind = 'enum' | 'boolean' | 'integer' | 'number' | 'pattern' | 'format';

const kindOf = (s: Json): FormKind | undefined => {
  const type = typeOf(s);
  if (type === 'boolean' || type === 'integer' || type === 'number') return type;
  if (type === 'string' && closedValues(s) !== undefined) return 'enum';
  return shaped(s) ? (typeof s.pattern === 'string' ? 'pattern' : 'format') : undefined;
};

/** Every typed member an operation declares, sent or not: its typed parameters and each typed leaf of its request schema (every alternative, the items of a list as `0`). */
function declaredTypedMembers(contract: Contract, op: Operation): { in: TypedMember['in']; at: string; kind: FormKind }[] {
  const out: { in: TypedMember['in']; at: string; kind: FormKind }[] = [];
  for (const p of op.parameters) {
    const schema = resolve(contract, p.schema);
    const kind = p.in === 'cookie' || (p.in === 'path' && !typed(schema)) ? undefined : kindOf(schema);
    if (kind) out.push({ in: p.in as TypedMember['in'], at: p.name, kind });
  }
  if (op.requestBody?.schema)
    for (const leaf of typedBodySchemas(contract, op.requestBody.schema)) out.push({ in: 'body', at: leaf.at, kind: kindOf(leaf.schema)! });
  return out;
}

/** One declared typed member's fate in a run: checked (forms sent), or why not. */
export interface FormCoverageRow {
  operationId: string;
  in: TypedMember['in'];
  at: string;
  kind: FormKind;
  /** Undefined when its forms were sent; else the reason. */
  leftOut?: string;
}

/** Each typed member the operation declares, with whether its forms were sent on `valid` or why not. */
export function formCoverage(contract: Contract, op: Operation, valid: CallOptions, opLeftOut?: string): FormCoverageRow[] {
  const sent = new Set(typedMembers(contract, op, valid).map((m) => `${m.in} ${m.at}`));
  const formed = new Set(typeFormCases(contract, op, valid).map((c) => `${c.member.in} ${c.member.at}`));
  return declaredTypedMembers(contract, op).map((m) => {
    const key = `${m.in} ${m.at}`;
    const leftOut = !sent.has(key)
      ? m.in === 'body'
        ? 'the valid call does not hold it: its holder (an optional object, another alternative) is not sent, or no documented value of it makes a body the contract takes'
        : 'the valid call does not send it and its schema documents no value'
      : !formed.has(key)
        ? 'every other form of its value is one the contract allows'
        : opLeftOut;
    return { operationId: op.operationId, in: m.in, at: m.at, kind: m.kind, ...(leftOut ? { leftOut } : {}) };
  });
}

/** The coverage table's line: per location and kind, how many typed members apply and how many were checked, then each left out with its reason. */
export function describeFormCoverage(rows: FormCoverageRow[]): string {
  const cells = new Map<string, { applies: number; checked: number }>();
  for (const r of rows) {
    const cell = cells.get(`${r.in} ${r.kind}`) ?? { applies: 0, checked: 0 };
    cell.applies++;
    if (!r.leftOut) cell.checked++;
    cells.set(`${r.in} ${r.kind}`, cell);
  }
  const table = [...cells].map(([k, c]) => `${k} ${c.checked}/${c.applies}`).join(', ');
  const left = rows.filter((r) => r.leftOut).map((r) => `${r.operationId} ${r.in} ${r.at} (${r.kind}): ${r.leftOut}`);
  return `typed members checked/declared by location and kind: ${table}; left out: ${left.length ? left.join('; ') : 'none'}`;
}

/** A member a request carries sealed (card enrollment's encryptedCard, a JWE), whose plaintext the contract describes by a schema of its own. */
export interface Sealed {
  /** The sealed member (`encryptedCard`), named in each violation. */
  name: string;
  /** The plaintext's schema (seed 000, Card). */
  schema: Json;
  /** A valid call of the operation carrying this plaintext sealed. */
  seal: (plain: unknown) => Promise<CallOptions>;
}

/** The operation as the forms of a sealed member's plaintext are read from it: its plaintext as the body, no parameters. */
export const sealedOperation = (op: Operation, sealed: Sealed): Operation => ({
  ...op,
  operationId: `${op.operationId}:${sealed.name}`,
  parameters: [],
  requestBody: { ...op.requestBody, required: true, schema: sealed.schema },
});

/** Sends every form case of one operation: each not refused as documented is a violation; `fresh` gives a valid call per case. */
export async function checkTypeForms<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  fresh: () => CallOptions | Promise<CallOptions>,
  violations: Violations,
  /** The service's rule stating these refusals (`<S>-TYPE-FORMS`): each form is sent to judge it. */
  rule: string,
  contract: Contract = api.contract,
  /** The forms are those of a sealed member's plaintext: `fresh` gives a valid plaintext, each form sent sealed. */
  sealed?: Sealed,
  /** The body itself is sent in each other JSON type too (typeFormCases); a rule id: those cases are judged under that rule. */
  wholeBody: boolean | string = false,
): Promise<{ sent: number; leftOut?: string }> {
  const refusals = refusalStatuses(op);
  if (!refusals.length) return { sent: 0, leftOut: 'documents no refusal' };
  const formsOf = sealed ? sealedOperation(op, sealed) : op;
  const send = async (call: CallOptions) => (sealed ? sealed.seal(call.body) : call);
  const first = await fresh();
  const planned = typeFormCases(contract, formsOf, first, undefined, Boolean(wholeBody));
  const count = planned.length;
  if (!count) return { sent: 0, leftOut: 'every other form of its typed members is one the contract allows' };
  const baseline = await api.callOperation(op, { ...(await send(first)), valid: true });
  if (baseline.status < 200 || baseline.status >= 300) {
    return { sent: 0, leftOut: `its valid call is answered ${baseline.status}, so a refusal would not tell the form` };
  }
  // A refused form leaves the object as it was; an accepted call (the valid one, a form let through) may use it up: the next case takes a fresh call.
  let valid = await fresh();
  // The cases of the call in hand, made again only when a fresh call replaces it.
  let inHand = valid === first ? planned : typeFormCases(contract, formsOf, valid, undefined, Boolean(wholeBody));
  for (const [i, p] of planned.entries()) {
    // The same member and kind of form on the call in hand (a fresh call's values differ, so may its forms).
    const c = inHand.find((x) => x.member.in === p.member.in && x.member.at === p.member.at && x.form === p.form);
    if (!c) continue;
    const where = `${sealed ? `${sealed.name}: ` : ''}${c.member.in} ${c.member.at} = ${c.how}`;
    // A path value that names nothing may be not found; a query, header or body form is refused as invalid where another refusal is documented.
    const allowed = c.member.in === 'path' ? refusals : refusals.filter((s) => s !== 404 || refusals.length === 1);
    try {
      // A call expected refused (CallOptions.negative, judges): a form taken is this refusal's statement broken, filed under its
      // rule by the assertion below, not under a rule the success body's judge finds first (the form's value read another way).
      const judges = c.member.at === WHOLE_BODY && typeof wholeBody === 'string' ? wholeBody : rule;
      const res = await api.callOperation(op, { ...(await send(c.call)), negative: true, judges });
      if (!allowed.includes(res.status))
        violations.add(op.operationId, where, String(res.status), `a refusal: ${allowed.join(' or ')}`, formRule(contract, op, c, rule));
      if (res.status >= 200 && res.status < 300 && i + 1 < count) {
        valid = await fresh();
        inHand = typeFormCases(contract, formsOf, valid, undefined, Boolean(wholeBody));
      }
    } catch (error) {
      violations.add(op.operationId, where, verdictLine(api)(error), `a refusal: ${allowed.join(' or ')}`, formRule(contract, op, c, rule));
    }
  }
  return { sent: count };
}

/**
 * The rule stating a shaped member's own form on the operation (a format rule refusing what it does not list: installments'
 * currency, ISO 4217 three capitals, IN-FMT-CODES), under which a near miss taken is filed; else undefined, the property's rule.
 * One fact once: the catalogue's form rule of the member states it, the near-miss property only what no rule of its own does.
 */
function formRule(contract: Contract, op: Operation, c: FormCase, rule?: string): string | undefined {
  const s = c.member.schema;
  // A member in a container (a one-item array) is of another type, whatever its text: the property's rule, not its pattern's.
  if ((c.member.in !== 'body' && c.member.in !== 'query') || !shaped(s) || containerForms.has(c.form ?? '')) return undefined;
  const own = memberRule(contract, op, c, typeof s.pattern === 'string' ? 'pattern' : 'format', 'refuse');
  return own && own.id !== rule && own.kind === 'format' ? own.id : undefined;
}

/** The catalogue's rule stating `keyword` of a case's member on the operation (ruleStating), where it judges `side`. */
function memberRule(contract: Contract, op: Operation, c: FormCase, keyword: string, side: 'accept' | 'refuse') {
  const id = ruleStating(contract.service, op.operationId, c.member.at.split('/').at(-1)!, keyword);
  const rule = id === undefined ? undefined : loadRules(contract.service).rules.find((r) => r.id === id);
  return rule && sidesOf(rule).includes(side) ? rule : undefined;
}

// The converse: every form the contract allows (a pattern's optional parts and alternatives, pattern-forms.ts; each case and enum
// value; the longest and shortest value in wide letters), confirmed valid by the one Ajv instance, is answered 2xx on every path.

export const VALID_FORMS = 'valid-forms';

/** At most this many forms per member: a handful per distinct pattern, each sent on every path. */
const FORMS_PER_MEMBER = 8;

/** `n` random letters of `letters`: a value sent again never names an object another check made (a merchant's legal name). */
const wideText = (letters: string, n: number) => {
  const pool = [...letters];
  return Array.from({ length: n }, () => pool[Math.floor(Math.random() * pool.length)]).join('');
};

/** The longest and shortest value a member's bounds allow in each of WIDE_LETTERS: counted in UTF-16 units or bytes, refused. */
export function lengthForms(schema: Json, value: unknown): { how: string; value: string }[] {
  if (typeof value !== 'string' || typeOf(schema) !== 'string' || Array.isArray(schema.enum)) return [];
  // A member closed to the values another answer lists (an event name), or to the codes of a set its description names
  // (a merchant category code), takes no length of its own: a run of letters of its length is no value of that set.
  if (/\bone of\b/i.test(String(schema.description ?? ''))) return [];
  const lengths: [number, string][] = [];
  if (typeof schema.maxLength === 'number') lengths.push([schema.maxLength, `the longest, ${schema.maxLength} characters`]);
  if (typeof schema.minLength === 'number' && schema.minLength > 1)
    lengths.push([schema.minLength, `the shortest, ${schema.minLength} characters`]);
  return lengths.flatMap(([n, what]) => WIDE_LETTERS.map(({ how, letters }) => ({ how: `${what} ${how}`, value: wideText(letters, n) })));
}

/**
 * Whether a URI member is one the target calls or sends a person to (a callback, a listener, a webhook, a redirect): its name,
 * its description or its ports (`x-ports`) say so, and such a URI must be one the target can reach, more than RFC 3986 states.
 */
const calledUri = (schema: Json, name: string): boolean =>
  /callback|redirect|webhook|listener/i.test(name) ||
  schema['x-ports'] !== undefined ||
  /\b(called|calls|sent|notif\w*|listener|redirect\w*)\b/i.test(String(schema.description ?? ''));

/**
 * The valid forms of a member of format `uri` no document restricts further: RFC 3986 section 3, a URI is a scheme and its
 * hierarchical part, with an optional query and fragment, an authority's port, and percent-encoded octets anywhere (section 2.1).
 * A member the document names a URI (seed 000 ComplianceSettings: latestVersionUri, "URI of the latest version") takes any
 * scheme (a URN, a tag); one it names a URL (a locator: `url`) keeps its scheme and authority. A URI the target calls is left out
 * (calledUri). Candidates: the caller confirms each with the contract.
 */
export function uriForms(schema: Json, value: unknown, name: string): { how: string; value: string; keyword: 'format' }[] {
  if (schema.format !== 'uri' || typeof schema.pattern === 'string' || typeof value !== 'string' || calledUri(schema, name)) return [];
  const tail = (Math.random() * 1e9).toFixed(0);
  const [base, fragment] = [value.replace(/#.*$/, ''), /#/.test(value) ? value.replace(/^[^#]*/, '') : ''];
  const out: { how: string; value: string }[] = [
    { how: 'with a query', value: `${base}${base.includes('?') ? '&' : '?'}version=${tail}${fragment}` },
    { how: 'with a fragment', value: `${base}#section-${tail}` },
    { how: 'with percent-encoded octets', value: `${base.replace(/[?].*$/, '').replace(/\/?$/, '/')}caf%C3%A9%20${tail}` },
  ];
  // An authority without a port: the same with one (RFC 3986 section 3.2.3).
  const authority = /^([a-z][a-z0-9+.-]*:\/\/[^/?#:@]+)(?=[/?#]|$)/i.exec(value);
  if (authority) out.push({ how: 'with a port', value: `${authority[1]}:8443${value.slice(authority[1].length)}` });
  if (!/url$/i.test(name))
    out.push(
      { how: 'of another scheme, a URN (RFC 8141)', value: `urn:example:terms:${tail}` },
      { how: 'of another scheme, a tag (RFC 4151)', value: `tag:example.com,2026:terms/${tail}` },
    );
  return out.filter((f) => f.value !== value).map((f) => ({ ...f, keyword: 'format' as const }));
}

/**
 * The valid forms of a member of format `email` no pattern restricts further: RFC 5321 section 2.3.5 and RFC 1035 section 2.3.1,
 * a domain is dot-separated labels, its top-level label any the root zone delegates, of two letters (a country code, ISO 3166:
 * .de) or long (.travel, .museum: generic top-level domains in use since 2001); a mail host may sit in a subdomain. The local part
 * kept as sent. Filed under the member's format rule on its accepting side (keyword `format`). Candidates: the caller confirms each
 * with the contract.
 */
export function emailForms(schema: Json, value: unknown): { how: string; value: string; keyword: 'format' }[] {
  if (schema.format !== 'email' || typeof schema.pattern === 'string' || typeof value !== 'string') return [];
  const at = value.lastIndexOf('@');
  if (at < 1) return [];
  const [local, domain] = [value.slice(0, at), value.slice(at + 1)];
  const label = domain.split('.')[0]!;
  return [
    { how: 'a long top-level domain (.travel)', value: `${local}@${label}.travel` },
    { how: 'a long top-level domain (.museum)', value: `${local}@${label}.museum` },
    { how: 'a top-level domain of two letters (.de)', value: `${local}@${label}.de` },
    { how: 'its host in a subdomain', value: `${local}@mail.${domain}` },
  ]
    .filter((f) => f.value !== value)
    .map((f) => ({ ...f, keyword: 'format' as const }));
}

/**
 * The other RFC 3339 forms of the same instant as a date-time written with its zone (format `date-time`, no pattern restricting
 * its text): RFC 3339 section 5.6, time-offset is "Z" or a numeric offset and time-secfrac is optional, and its NOTE lets "T"
 * and "Z" be written in lower case. The numeric offset is chosen so the local date stays the UTC date (+02:00 before 22:00,
 * -02:00 after), and a fraction of zero is added: the same instant and the same day, inside every window counted on it.
 * Filed under the member's format rule on its accepting side (keyword `format`). Candidates: the caller confirms each.
 */
export function dateTimeForms(schema: Json, value: unknown): { how: string; value: string; keyword: 'format' }[] {
  if (schema.format !== 'date-time' || typeof schema.pattern === 'string' || typeof value !== 'string') return [];
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(value);
  const ms = Date.parse(value);
  // From the plain form, written in UTC: another offset written from one would move its local date.
  if (!m || m[4] !== 'Z' || Number.isNaN(ms)) return [];
  const fraction = m[3];
  const utc = new Date(ms).toISOString();
  const hour = Number(utc.slice(11, 13));
  const shift = hour < 22 ? 2 : -2;
  const local = new Date(ms + shift * 3600_000).toISOString();
  const offset = `${shift > 0 ? '+' : '-'}0${Math.abs(shift)}:00`;
  const forms = [
    {
      how: `its numeric offset ${offset} (RFC 3339 section 5.6), the same instant`,
      value: `${local.slice(0, 19)}${fraction ?? ''}${offset}`,
    },
    {
      how: 'with fractional seconds (RFC 3339 section 5.6 time-secfrac)',
      value: fraction ? value : value.replace(/Z$/, '.000Z'),
    },
    { how: "with 't' and 'z' in lower case (RFC 3339 section 5.6, NOTE)", value: value.replace('T', 't').replace(/Z$/, 'z') },
  ];
  return forms.filter((f) => f.value !== value).map((f) => ({ ...f, keyword: 'format' as const }));
}

/** Whether a member is a UUID whose form no pattern states beyond its format (RFC 9562), sent in the body or the query. */
const uuidCased = (schema: Json, where: TypedMember['in']): boolean =>
  schema.format === 'uuid' && typeof schema.pattern !== 'string' && (where === 'body' || where === 'query');

/** The same UUID in upper and in lower case (RFC 9562 section 4), filed under the member's format rule (keyword `format`). */
const uuidCaseForms = (value: string): { how: string; value: string; keyword: 'format' }[] =>
  [
    { how: 'in upper case (RFC 9562 section 4: hex digits case insensitive on input)', value: value.toUpperCase() },
    { how: 'in lower case (RFC 9562 section 4)', value: value.toLowerCase() },
  ]
    .filter((f) => f.value !== value)
    .map((f) => ({ ...f, keyword: 'format' as const }));

/** The valid forms that tell of one member's value (candidates: the caller confirms each with the contract). */
export function validForms(
  schema: Json,
  value: unknown,
  where: TypedMember['in'] = 'body',
  /** The member's name (the last segment of its path): a URI's forms turn on it (uriForms). */
  name = '',
): { how: string; value: unknown; keyword?: string }[] {
  if (Array.isArray(schema.enum))
    return schema.enum.filter((v: unknown) => v !== value).map((v: unknown) => ({ how: 'another value of its enum', value: v }));
  if (typeof value !== 'string' || typeOf(schema) !== 'string') return [];
  // A body member's URI: a parameter's text is a criterion a description may restrict.
  if (where === 'body' && name) {
    const uris = uriForms(schema, value, name);
    if (uris.length) return uris;
    const emails = emailForms(schema, value);
    if (emails.length) return emails;
    const instants = dateTimeForms(schema, value);
    if (instants.length) return instants;
  }
  // A UUID (format uuid, no pattern of its own) in the other case of its hex digits: RFC 9562 section 4, they "are case insensitive
  // on input", and the one Ajv instance's uuid format takes either. A body member or a query parameter; a header's is a trace.
  if (uuidCased(schema, where)) return uuidCaseForms(value);
  const out: { how: string; value: string }[] = [];
  // Only what the schema states: a member with no pattern may be a name a description restricts (an event's).
  if (typeof schema.pattern !== 'string') return [];
  out.push(
    ...patternForms(schema.pattern, value),
    { how: 'in upper case', value: value.toUpperCase() },
    { how: 'in lower case', value: value.toLowerCase() },
    { how: 'in mixed case', value: alternatingCase(value) },
  );
  // A parameter's text is a criterion a description may restrict: only its pattern's own forms are sent there.
  if (where !== 'body') return out.slice(0, -3).filter((f) => f.value !== value);
  const seen = new Set<string>([value]);
  return out.filter((f) => !seen.has(f.value) && seen.add(f.value));
}

/** Every valid form case of a valid call (path ids and `keep`'s members left as sent), each confirmed valid first. */
export function validFormCases(
  contract: Contract,
  op: Operation,
  valid: CallOptions,
  keep: (at: string) => boolean = () => false,
  /** Whether each body member's length bounds are sent too (lengthForms). */
  lengths = true,
): FormCase[] {
  const cases: FormCase[] = [];
  const bodyValid = op.requestBody?.schema ? contract.validator(`request:${op.operationId}`, op.requestBody.schema) : undefined;
  const targetIds = new Set(objectIdsOf(contract, op).ids.map((id) => id.at));
  if (bodyValid && valid.body !== undefined && valid.rawBody === undefined)
    for (const member of bodyLeaves(contract, op.requestBody!.schema, valid.body)) {
      const dotted = member.at.replace(/\//g, '.');
      // A member sent as sampled (an id the target must know) is still the same UUID in the other case of its hex digits (RFC
      // 9562 section 4), unless it names an object the target made (its own id, read back as it gave it).
      const kept = keep(dotted);
      if (kept && !(uuidCased(member.schema, 'body') && !targetIds.has(dotted.replace(/\.\d+(?=\.|$)/g, '')))) continue;
      let n = 0;
      const forms =
        kept && typeof member.value === 'string'
          ? uuidCaseForms(member.value)
          : validForms(member.schema, member.value, 'body', member.at.split('/').at(-1));
      for (const form of forms) {
        const body = setAt(valid.body, member.at.split('/'), form.value);
        if (!bodyValid(body)) continue;
        cases.push({
          member,
          how: `${JSON.stringify(form.value)} (${form.how})`,
          call: { ...valid, body },
          value: form.value,
          ...(form.keyword ? { keyword: form.keyword } : {}),
          ...(kept
            ? {
                recase: form.value === String(member.value).toUpperCase() ? (v: string) => v.toUpperCase() : (v: string) => v.toLowerCase(),
              }
            : {}),
        });
        if (++n >= FORMS_PER_MEMBER) break;
      }
      // Its length bounds in characters; a sensitive value stays as sampled (a run of one letter would show in every later echo).
      if (kept || !lengths || kindOfKey(member.at.split('/').at(-1)!) !== undefined) continue;
      for (const form of lengthForms(member.schema, member.value)) {
        const body = setAt(valid.body, member.at.split('/'), form.value);
        if (bodyValid(body)) cases.push({ member, how: form.how, call: { ...valid, body }, value: form.value });
      }
    }
  for (const p of op.parameters) {
    if (p.in !== 'query' && p.in !== 'header') continue;
    const key = p.in === 'header' ? 'headers' : 'query';
    const value = (valid[key] as Record<string, unknown> | undefined)?.[p.name];
    if (value === undefined || keep(p.name)) continue;
    const schema = resolve(contract, p.schema);
    const check = contract.validator(`param:${op.operationId}:${p.in}:${p.name}`, schema);
    const member: TypedMember = { in: p.in, at: p.name, schema, value };
    let n = 0;
    for (const form of validForms(schema, value, p.in)) {
      if (!check(wireValue(schema, form.value))) continue;
      cases.push({
        member,
        how: `${JSON.stringify(form.value)} (${form.how})`,
        call: { ...valid, [key]: { ...(valid[key] as object), [p.name]: form.value } },
        value: form.value,
      });
      if (++n >= FORMS_PER_MEMBER) break;
    }
  }
  return cases;
}

/** Sends every valid form case of one operation: each not accepted as the valid call is (a 2xx) is a violation. */
export async function checkValidForms<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  fresh: () => CallOptions | Promise<CallOptions>,
  violations: Violations,
  {
    keep = () => false,
    contract = api.contract,
    on,
    lengths = true,
    accepted,
  }: {
    /** Whether each body member's length bounds are sent in wide letters too (lengthForms). */
    lengths?: boolean;
    /** A member sent as sampled (an id the target must know, a sensitive value), by its dotted path or parameter name. */
    keep?: (at: string) => boolean;
    contract?: Contract;
    /** The path the call takes (card enrollment's card or receipt), named in each violation. */
    on?: string;
    /** The service's valid-accepted rule: the valid call refused is its violation, not an operation left out. */
    accepted?: string;
  } = {},
): Promise<{ sent: number; leftOut?: string }> {
  const first = await fresh();
  const cases = validFormCases(contract, op, first, keep, lengths);
  const count = cases.length;
  if (!count) return { sent: 0, leftOut: 'no member states forms of its own (a pattern, an enum, a length) beside the ids it names' };
  const baseline = await sendValid(api, op, first);
  if (typeof baseline.status !== 'number' || baseline.status < 200 || baseline.status >= 300) {
    if (accepted) {
      refusedValid(op, baseline.status, violations, accepted, on);
      return { sent: 0 };
    }
    return { sent: 0, leftOut: `its valid call is answered ${baseline.status}, so an answer would not tell the form` };
  }
  const bodyValid = op.requestBody?.schema ? contract.validator(`request:${op.operationId}`, op.requestBody.schema) : undefined;
  for (const made of cases) {
    // An accepted call may use its object up (a plan's decision, a unique name): each case's form goes on a fresh call.
    let c = made;
    const next = await fresh();
    const slot = made.member.in === 'header' ? 'headers' : 'query';
    const at = made.member.at.split('/');
    const own = made.recase && made.member.in === 'body' ? valueAt(next.body, at) : undefined;
    const value = made.recase && typeof own === 'string' ? made.recase(own) : made.value;
    const call =
      made.member.in === 'body'
        ? { ...next, body: setAt(next.body, at, value) }
        : { ...next, [slot]: { ...(next[slot] as object), [made.member.at]: made.value } };
    if (made.member.in !== 'body' || bodyValid?.(call.body)) c = { ...made, call };
    const where = `${on ? `${on}: ` : ''}${c.member.in} ${c.member.at} = ${c.how}`;
    const res = await api.callOperation(op, c.call).catch(verdictLine(api));
    const got = typeof res === 'string' ? res : res.status < 200 || res.status >= 300 ? String(res.status) : undefined;
    if (!got) continue;
    // A refusal naming only other members than the form varied, each sent as the accepted call sent it, is no refusal of the
    // form: it refuses a valid call (the valid-accepted rule), e.g. the same request sent again refused as a repeat.
    const named = typeof res === 'string' ? undefined : namedSources(api.contract, res.body);
    const elsewhere = named !== undefined && !named.some((s) => sourceNames(s, c.member.at.replace(/\//g, '.')));
    if (accepted && elsewhere)
      violations.add(op.operationId, where, `${got} naming ${named.join(', ')}`, 'a 2xx: a request every document allows', accepted);
    else violations.add(op.operationId, where, got, 'a 2xx: the contract allows this form', ownRule(contract, op, c));
  }
  return { sent: count };
}

/**
 * The rule a form case is filed under where the member's own rule states the form's keyword of the request (a URI of another
 * scheme: its format rule, checked on its accepting side); else undefined, and the valid-forms rule takes it.
 */
function ownRule(contract: Contract, op: Operation, c: FormCase): string | undefined {
  return c.keyword ? memberRule(contract, op, c, c.keyword, 'accept')?.id : undefined;
}

/** A valid call, its verdict as its status (a violation the client found: its first line). */
const sendValid = <S extends ServiceName>(api: OperationClient<S>, op: Operation, call: CallOptions) =>
  api.callOperation(op, { ...call, valid: true }).catch((error: Error) => {
    stoppedOr(api, error);
    return { status: error.message.split('\n')[0] };
  });

/** A valid call answered otherwise than a success: the valid-accepted rule broken (a request every document allows). */
function refusedValid(op: Operation, status: unknown, violations: Violations, accepted: string, on?: string): void {
  violations.add(
    op.operationId,
    `${on ? `${on}: ` : ''}its valid call`,
    String(status),
    'a 2xx: a request every document allows',
    accepted,
  );
}

/** An operation's valid call, sent once: answered otherwise than a success, a violation of the valid-accepted rule (`<S>-VALID-ACCEPTED`). */
export async function checkValidCall<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  fresh: () => CallOptions | Promise<CallOptions>,
  violations: Violations,
  accepted: string,
): Promise<void> {
  const res = await sendValid(api, op, await fresh());
  if (typeof res.status !== 'number' || res.status < 200 || res.status >= 300) refusedValid(op, res.status, violations, accepted);
}

// A documented refusal holds whatever valid form the other members take (an optional prefix taken for a trusted relay shows).

export const REFUSAL_FORMS = 'refusal-forms';

/** At most this many forms per member on a refused call: the alternatives that tell come first (helpers/contract/pattern-forms.ts). */
const REFUSAL_FORMS_PER_MEMBER = 4;

/** Sends a refused call again in each valid form of its other members; an answer `refused` faults is a violation. */
export async function checkRefusalOnForms<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  refusedCall: CallOptions,
  refused: (res: { status: number; body?: unknown }) => string | undefined,
  violations: Violations,
  { keep = () => false, contract = api.contract, on }: { keep?: (at: string) => boolean; contract?: Contract; on?: string } = {},
): Promise<{ sent: number; leftOut?: string }> {
  const perMember = new Map<string, number>();
  const cases = validFormCases(contract, op, refusedCall, keep).filter((c) => {
    const key = `${c.member.in} ${c.member.at}`;
    perMember.set(key, (perMember.get(key) ?? 0) + 1);
    return perMember.get(key)! <= REFUSAL_FORMS_PER_MEMBER;
  });
  if (!cases.length) return { sent: 0, leftOut: 'no other member states a valid form of its own (a pattern, an enum)' };
  const first = await api.callOperation(op, refusedCall);
  const wrong = refused(first);
  if (wrong) return { sent: 0, leftOut: `the refused call itself is answered otherwise (${wrong}), so a form would not tell` };
  for (const c of cases) {
    const where = `${on ? `${on}: ` : ''}${c.member.in} ${c.member.at} = ${c.how}`;
    const res = await api.callOperation(op, c.call).catch(verdictLine(api));
    const why = typeof res === 'string' ? res : refused(res);
    if (why) violations.add(op.operationId, where, why, 'the refusal the call gets in its sampled form');
  }
  return { sent: cases.length };
}
