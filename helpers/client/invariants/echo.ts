// Property (*-PROP-ECHO-AS-SENT): every value sent comes back byte for byte wherever the contract echoes or stores it: the body
// made to tell (tellingBody), each member distinct (distinctBody, crossedValues), a URL sought whole inside the URLs answered.
import type { Violations } from '../security/probe.js';
import { addJudged, leavesUnder, objectIn, type WriteOutcome } from './after-write.js';
import { leavesOf, okSchemaOf, setAt, valueAt } from './kit.js';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { bodyLeaves, lengthForms, validForms } from './type-forms.js';
import { kindOfKey } from '../../secrets/sensitive.js';
import { alternatingCase } from '../security/value-forms.js';
import { walkSchema, resolve } from '../../contract/schema-walk.js';

export const ECHO_AS_SENT = 'echo-as-sent';

/** Values of a leaf that tell a changed sign, case, spacing, leading zero or precision apart from the value sent, most telling first. */
function tellingValues(value: unknown, member: string, joiner: string): unknown[] {
  if (typeof value === 'number')
    return Number.isInteger(value) ? [] : [-Math.abs(Math.trunc(value)) - 0.05, Math.abs(Math.trunc(value)) + 0.1, -0.07];
  if (typeof value !== 'string' || value === '') return [];
  if (/^[0-9]+$/.test(value)) return [`0${value.slice(1)}`, `00${value.slice(2)}`];
  const dateTime = dateTimeForms(value, member);
  if (dateTime) return dateTime;
  // A URL: a trailing segment with an encoded space, a query of two parameters (one an encoded slash).
  const url = webUrl(value);
  const word = member.replace(/[^A-Za-z]/g, '').slice(0, 8) || 'Value';
  if (url) {
    const path = url.pathname.replace(/\/$/, '');
    return [`${url.origin}${path}/Tq%20${word}?tq=Tq%2F1&Mx=${word}`, `${url.origin}${path}/tq-${word}?tq=1&mx=2`];
  }
  // Letters in alternating case, where a pattern takes either case (a hex id): a case folded on the way tells.
  const alternating = alternatingCase(value);
  // The longest form where a pattern takes an optional prefix joined by any character (SrcCorrelationId, seed 000).
  const lengthened = value.length >= 8 ? [`${value.slice(0, 8).toLowerCase()}${joiner}${alternating}`] : [];
  return [
    `Tq  ${word}  MiXed`,
    `Tq ${word} MiXed`,
    `${value.slice(0, 1).toUpperCase()}${value.slice(1).toLowerCase()}  Tq`,
    ...lengthened,
    ...(alternating !== value ? [alternating] : []),
  ];
}

/** An RFC 3339 date-time (section 5.6): its date and time, then an optional fraction and its offset. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The telling forms of a date-time (RFC 3339 section 5.6): a non-UTC offset, a three-digit fraction; undefined for no date-time. */
export function dateTimeForms(value: string, member = ''): string[] | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const wall = m[1].replace(/[t ]/, 'T');
  const forms = [`${wall}+05:30`, `${wall}.120-04:00`];
  return member.length % 2 ? forms.reverse() : forms;
}

/** A value that is an absolute http(s) URL, parsed; else undefined. */
function webUrl(value: string): URL | undefined {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Codes a telling body tries for a coded member (a non-US country, a language other than English), each kept only where the contract takes it. */
const TELLING_CODES: Record<string, string[]> = {
  'iso-3166-alpha-2': ['NZ', 'DE', 'JP'],
  'iso-3166-alpha-3': ['NZL', 'DEU', 'JPN'],
  'iso-639-1': ['fr', 'de', 'ja'],
};

/** An enum or coded member's other values by dotted path: an enum's from its last, another code, a UUID recased (RFC 9562 section 4). */
export function otherValues(contract: Contract, schema: Json | undefined, body: unknown): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  if (!schema || body === undefined) return out;
  for (const leaf of bodyLeaves(contract, schema, body)) {
    const values = Array.isArray(leaf.schema.enum)
      ? [...leaf.schema.enum].reverse().filter((v) => v !== leaf.value && v !== leaf.schema.default)
      : leaf.schema.format === 'uuid' && typeof leaf.value === 'string'
        ? [alternatingCase(leaf.value), leaf.value.toUpperCase()].filter((v) => v !== leaf.value).slice(0, 1)
        : (TELLING_CODES[leaf.schema.format] ?? []).filter((v) => v !== leaf.value);
    if (values.length) out.set(leaf.at.replace(/\//g, '.'), values);
  }
  return out;
}

/** The characters a lengthened value's prefix is joined by, one per telling body (`tellingBody`'s `joiner`): a target may treat each apart. */
export const JOINERS = ['-', '.'] as const;

/** The sample body with each leaf set to a telling value `valid` takes, one at a time; `keep` names leaves left as sampled. */
export function tellingBody(
  body: unknown,
  valid: (body: unknown) => boolean,
  keep: (path: string, value: unknown) => boolean,
  joiner: string = JOINERS[0],
  others: ReadonlyMap<string, unknown[]> = new Map(),
): unknown {
  let out = body;
  for (const [p, v] of leavesOf(body)) {
    if (!p) continue;
    // A kept leaf (an id) is tried only in another case its standard allows (a UUID, otherValues).
    const kept = keep(p, v);
    const sameId = (c: unknown) => typeof c === 'string' && typeof v === 'string' && c.toLowerCase() === v.toLowerCase();
    const steps = p.split('.');
    const coded = others.get(p) ?? [];
    const candidates = kept ? coded.filter(sameId) : [...coded, ...tellingValues(v, steps.at(-1)!, joiner)];
    for (const candidate of candidates) {
      const next = setAt(out, steps, candidate);
      if (valid(next)) {
        out = next;
        // A free text (no id, enum or code value) is given each character a serialiser changes (withChanged).
        if (!coded.includes(candidate)) out = withChanged(out, steps, candidate, valid);
        break;
      }
    }
  }
  return distinctBody(out, valid, keep);
}

/** What a serialiser changes: an escaper's `& < > " '`, a non-ASCII letter and its NFD form (Unicode UAX #15); then a leading zero. */
const CHANGED_CHARACTERS = ['&', '<', '>', '"', "'", 'é', 'e\u0301'] as const;
const LEADING_ZERO = '07';

/** A free text of several words with each of CHANGED_CHARACTERS added where the contract takes it, then a word with a leading zero. */
function withChanged(body: unknown, steps: string[], value: unknown, valid: (body: unknown) => boolean): unknown {
  if (typeof value !== 'string') return body;
  const last = value.lastIndexOf(' ');
  if (last < 0) return body;
  const at = (word: string) => `${value.slice(0, last)} ${word}${value.slice(last)}`;
  let out = body;
  let word = '';
  for (const c of CHANGED_CHARACTERS) {
    const next = setAt(body, steps, at(word + c));
    if (valid(next)) [out, word] = [next, word + c];
  }
  const zero = setAt(body, steps, word ? at(`${word} ${LEADING_ZERO}`) : at(LEADING_ZERO));
  return valid(zero) ? zero : out;
}

/** The body with every string leaf but a kept one made distinct from every other, where the contract takes it (crossedValues). */
export function distinctBody(body: unknown, valid: (body: unknown) => boolean, keep: (path: string, value: unknown) => boolean): unknown {
  let out = body;
  const seen = new Set<unknown>();
  for (const [p, v] of leavesOf(body)) {
    if (!p || typeof v !== 'string' || !seen.has(v) || keep(p, v)) {
      seen.add(v);
      continue;
    }
    const candidates = Array.from({ length: 9 }, (_, i) => i + 1).flatMap((n) =>
      /^[0-9]+$/.test(v)
        ? [`${v.slice(0, -1)}${(Number(v.at(-1)) + n) % 10}`]
        : DATE_TIME.test(v)
          ? // A date-time stays one, in its form: its seconds' last digit moved.
            [v.replace(/^(.{18})(\d)/, (_, head: string, d: string) => `${head}${(Number(d) + n) % 10}`)]
          : webUrl(v)
            ? [`${v}${v.includes('?') ? '&' : '?'}n${n}=${n}`]
            : [`${v}${n}`, `${v.slice(0, -1)}${n}`],
    );
    const steps = p.split('.');
    for (const candidate of candidates) {
      if (seen.has(candidate)) continue;
      const next = setAt(out, steps, candidate);
      if (valid(next)) {
        out = next;
        seen.add(candidate);
        break;
      }
    }
    seen.add(v);
  }
  return out;
}

/** Where an answer shows a sent leaf: at the same place, and in the masked view of its object (seed 000: maskedConsumer, maskedCard). */
function shownAt(path: string): string[] {
  const steps = path.split('.');
  const out = [path];
  for (let i = 0; i < steps.length - 1; i++)
    if (/^[a-z]/.test(steps[i]))
      out.push([...steps.slice(0, i), `masked${steps[i][0].toUpperCase()}${steps[i].slice(1)}`, ...steps.slice(i + 1)].join('.'));
  return out;
}

/** A sent leaf the answer shows at its own place or in the masked view of its object (shownAt) otherwise than sent. */
function shownOtherwise(path: string, value: unknown, shown: ReadonlyMap<string, unknown>): string[] {
  return shownAt(path)
    .filter((at) => shown.has(at) && shown.get(at) !== value)
    .map((at) => `${at}: ${JSON.stringify(shown.get(at))}, sent ${JSON.stringify(value)}${at === path ? '' : ` as ${path}`}`);
}

/**
 * Every member an answer derives from what was sent (the same member at its place, or in the masked view of the object it was
 * sent in: seed 000, MaskedConsumer of the consumer) that reads otherwise: judged on every answer by a service's answer judge.
 */
export function derivedOtherwise(sent: unknown, answer: unknown, skip: (path: string) => boolean = () => false): string[] {
  const shown = leavesOf(answer);
  const out: string[] = [];
  for (const [p, v] of leavesOf(sent))
    if (p && !skip(p) && (typeof v === 'string' || typeof v === 'number')) out.push(...shownOtherwise(p, v, shown));
  return out;
}

/**
 * Where an answer shows a sent leaf inside a member its masked view masks in turn: a nested object step masked too
 * (`consumer.mobileNumber.countryCode` at `maskedConsumer.maskedMobileNumber.countryCode`; seed 000, MaskedConsumer.maskedMobileNumber,
 * the consumer's mobile number masked, a PhoneNumber). The places shownAt gives (one step masked: the value in clear) aside.
 */
function maskedAt(path: string): string[] {
  const steps = path.split('.');
  const objects = steps.slice(0, -1);
  const out: string[] = [];
  for (let set = 0; set < 1 << objects.length; set++) {
    const masked = objects.map((_, i) => (set >> i) & 1).filter(Boolean).length;
    if (masked < 2) continue;
    const at = objects.map((step, i) =>
      (set >> i) & 1 && /^[a-z]/.test(step) ? `masked${step[0].toUpperCase()}${step.slice(1)}` : (set >> i) & 1 ? undefined : step,
    );
    if (at.includes(undefined)) continue;
    out.push([...at, steps.at(-1)].join('.'));
  }
  return out;
}

/** A character a mask puts where it hides one (`*`, `•`, `x`, `#`, a dot): no letter or digit but x. */
const MASK_CHARACTER = /^(?:[^\p{L}\p{N}]|[xX])$/u;

/**
 * Whether `shown` is `sent` or a mask of it: what it shows of the value is the value's own characters, from its start and from
 * its end, with the others hidden by mask characters or left out (`8396` and `******8396` of `2025558396`; `49` only of `49`).
 * A value no such mask of the value sent (another calling code, `44` for `49`) shows something the value does not hold.
 */
export function isMaskOf(shown: string, sent: string): boolean {
  if (shown === sent) return true;
  const a = [...shown];
  const b = [...sent];
  for (let head = 0; head <= Math.min(a.length, b.length) && (head === 0 || a[head - 1] === b[head - 1]); head++)
    for (let tail = 0; head + tail <= Math.min(a.length, b.length); tail++) {
      if (tail > 0 && a[a.length - tail] !== b[b.length - tail]) break;
      if (a.slice(head, a.length - tail).every((c) => MASK_CHARACTER.test(c))) return true;
    }
  return false;
}

/**
 * Every sent leaf an answer shows inside a member its masked view masks in turn (maskedAt) that is no mask of it (isMaskOf):
 * a masked member shows what it keeps of its own source, never a value another source gave it (seed 000, MaskedConsumer: the
 * masked view of the consumer sent). Judged on every answer by a service's answer judge, wherever the member is present.
 */
export function maskedOtherwise(sent: unknown, answer: unknown, skip: (path: string) => boolean = () => false): string[] {
  const shown = leavesOf(answer);
  const out: string[] = [];
  for (const [p, v] of leavesOf(sent)) {
    if (!p || skip(p) || (typeof v !== 'string' && typeof v !== 'number')) continue;
    for (const at of maskedAt(p)) {
      const got = shown.get(at);
      if ((typeof got === 'string' || typeof got === 'number') && !isMaskOf(String(got), String(v)))
        out.push(`${at}: ${JSON.stringify(got)}, no mask of the ${JSON.stringify(v)} sent as ${p}`);
    }
  }
  return out;
}

/** A leaf's dotted path's steps, list positions aside (`metrics.0.locationId`: metrics, locationId). */
const memberSteps = (path: string) => path.split('.').filter((step) => !/^\d+$/.test(step));

/** The member a leaf's dotted path ends in, list positions aside (`metrics.0.locationId`: locationId). */
const memberName = (path: string) => memberSteps(path).at(-1);

/** Whether a shown leaf is in another item of a list a sent leaf is in: each item sent is its own (withSeveralItems). */
const inOtherItem = (at: string, path: string): boolean => {
  const [a, p] = [at.split('.'), path.split('.')];
  for (let i = 0; i < Math.min(a.length, p.length); i++) if (a[i] !== p[i]) return /^\d+$/.test(a[i]) && /^\d+$/.test(p[i]);
  return false;
};

/** A value with its case and white space folded: what a target folding either would take for the same. */
const folded = (value: string) => value.toLowerCase().replace(/\s+/g, '');

/**
 * Whether an answer's leaf at `at` shows a value the body sent, and the read right after shows as sent, otherwise only by case or
 * white space under its own name: the answer not echoing it, this property's finding (checkEchoAsSent files it), which the
 * answer-is-state property therefore leaves (one fact judged once: the state holds the value as sent).
 */
export function echoedOtherwise(body: unknown, at: string, read: unknown, answered: unknown): boolean {
  if (typeof read !== 'string' || typeof answered !== 'string' || read === answered || folded(read) !== folded(answered)) return false;
  return [...leavesOf(body)].some(([p, v]) => v === read && memberName(p) === memberName(at) && !inOtherItem(at, p));
}

/** Every sent leaf shown (shownAt, or folded under its own name) reads as sent; `sealed`: what a body carries sealed (encryptedCard). */
export function checkEchoAsSent(
  outcomes: readonly WriteOutcome[],
  violations: Violations,
  skip: (path: string) => boolean = () => false,
  sealed: (o: WriteOutcome) => Record<string, unknown> | undefined = () => undefined,
): string[] {
  const checked: string[] = [];
  for (const o of outcomes) {
    const body = o.probe.call.body;
    if (body === undefined || typeof o.status !== 'number' || o.status >= 300) continue;
    checked.push(o.probe.writer.operationId);
    addJudged(o, violations);
    // What the body carries sealed (the card inside encryptedCard, seed 000) is sent too, under the name the contract gives it.
    const sent = leavesOf({ ...(body as object), ...sealed(o) });
    const shown: { where: string; leaves: Map<string, unknown> }[] = [];
    if (o.answer && typeof o.answer === 'object') shown.push({ where: 'its answer', leaves: leavesOf(o.answer) });
    if (o.read)
      shown.push({ where: `${o.read.reader.operationId} right after`, leaves: leavesUnder(o.read.body, objectIn(o.read.body, o.answer)) });
    // The URLs sent: one shown inside another URL is judged against each (two on one origin, privacy and terms notices).
    const urls = [...sent.values()].filter((u): u is string => typeof u === 'string' && webUrl(u) !== undefined);
    for (const [p, v] of sent) {
      if (!p || skip(p) || (typeof v !== 'string' && typeof v !== 'number')) continue;
      for (const s of shown) {
        const places = shownAt(p);
        const add = (problem: string, expected: string) => violations.add(o.probe.writer.operationId, s.where, problem, expected);
        // Shown elsewhere under its own name: only a fold of the sent value is compared (another may be another object's).
        if (typeof v === 'string')
          for (const [at, got] of s.leaves)
            if (
              !places.includes(at) &&
              !inOtherItem(at, p) &&
              typeof got === 'string' &&
              got !== v &&
              memberName(at) === memberName(p) &&
              folded(got) === folded(v)
            )
              add(`${at}: ${JSON.stringify(got)}, sent ${JSON.stringify(v)} as ${p}`, 'the value as sent');
        // A URL sent, embedded in a URL answered (a percent-encoded query parameter) on its origin, or shown under another
        // name (seed 000, ComplianceSettings and MaskedConsumer.complianceSettings) on its origin and path, carries one whole.
        if (typeof v === 'string' && webUrl(v)) {
          for (const [at, got, name] of embedded(s.leaves))
            if (webUrl(got)?.origin === webUrl(v)!.origin && !urls.some((u) => whole(got, u)))
              add(
                `${at}, its query parameter ${name}: ${JSON.stringify(got)}, sent ${JSON.stringify(v)} as ${p}`,
                'the URL as sent, whole',
              );
          for (const [at, got] of s.leaves)
            if (!places.includes(at) && typeof got === 'string' && sameResource(got, v) && !urls.some((u) => whole(got, u)))
              add(`${at}: ${JSON.stringify(got)}, sent ${JSON.stringify(v)} as ${p}`, 'the URL as sent, whole');
        }
        for (const problem of shownOtherwise(p, v, s.leaves)) add(problem, 'the value as sent');
      }
    }
    for (const s of shown)
      for (const crossed of crossedValues(sent, s.leaves, skip))
        violations.add(o.probe.writer.operationId, s.where, crossed, 'each member its own value as sent');
  }
  return checked;
}

/** A step of an answer's path read as the step of what was sent: a masked view as its source (maskedConsumer: consumer). */
const unmasked = (step: string) => step.replace(/^masked([A-Z])/, (_, c: string) => c.toLowerCase());

/** The objects a leaf is in, by member name, list positions aside, masked views read as their sources (shownAt). */
const objectsOf = (path: string) => memberSteps(path).slice(0, -1).map(unmasked);

/** A told value under another sent member's name or object (seed 000, ComplianceSettings and MaskedConsumer): filled from a neighbour. */
export function crossedValues(
  sent: ReadonlyMap<string, unknown>,
  shown: ReadonlyMap<string, unknown>,
  skip: (path: string) => boolean,
): string[] {
  const count = new Map<unknown, number>();
  for (const v of sent.values()) count.set(v, (count.get(v) ?? 0) + 1);
  const told = new Map<string, string>();
  for (const [p, v] of sent)
    if (p && !skip(p) && typeof v === 'string' && v.length >= 8 && !/^[A-Z0-9_]+$/.test(v) && count.get(v) === 1) told.set(v, p);
  const members = new Set([...sent.keys()].map((p) => memberName(p)));
  const objects = new Set([...sent.keys()].flatMap(objectsOf));
  const out: string[] = [];
  for (const [at, got] of shown) {
    const p = typeof got === 'string' ? told.get(got) : undefined;
    if (!p || shownAt(p).includes(at)) continue;
    const [name, sentName] = [memberName(at), memberName(p)];
    const [object, sentObject] = [objectsOf(at).at(-1), objectsOf(p).at(-1)];
    const asMember = name !== sentName && members.has(name);
    const inObject = object !== undefined && sentObject !== undefined && object !== sentObject && objects.has(object);
    if (asMember || inObject)
      out.push(`${at}: ${JSON.stringify(got)}, the value sent as ${p}${asMember ? `, not as ${name}` : `, not in ${object}`}`);
  }
  return out;
}

/** The query parameters of every URL an answer shows, decoded, and of a URL one of them carries in turn: [where, value, the parameter]. */
function embedded(leaves: ReadonlyMap<string, unknown>): [string, string, string][] {
  const out: [string, string, string][] = [];
  const walk = (at: string, value: string, depth: number) => {
    const url = depth < 3 ? webUrl(value) : undefined;
    if (url)
      for (const [name, inner] of url.searchParams) {
        out.push([at, inner, name]);
        walk(at, inner, depth + 1);
      }
  };
  for (const [at, got] of leaves) if (typeof got === 'string') walk(at, got, 0);
  return out;
}

/** A URL shown carries the one sent whole: its path, fragment and every query parameter (RFC 3986 section 6.2.2). */
function whole(shown: string, sent: string): boolean {
  const [x, y] = [webUrl(shown), webUrl(sent)];
  if (!x || !y || x.pathname !== y.pathname || x.hash !== y.hash) return false;
  return [...y.searchParams].every(([k, v]) => x.searchParams.getAll(k).includes(v));
}

// The valid forms each mirrored member takes on every path and source (each code, a URI with a query and fragment, a digit
// string at each length, a pattern's forms, a longest accented text), each confirmed by the one Ajv instance.

/** One way a covering row sets its members: each [dotted path, value] and what it is. */
interface MirrorForm {
  how: string;
  set: [string, unknown][];
}

/** At most this many forms of one member beside its telling value: a row is one call on every path and source. */
const MIRROR_FORMS_PER_MEMBER = 4;

/** The dotted paths of every node an answer schema declares (objects and leaves, lists' items as `0`). */
export function schemaPaths(contract: Contract, schema: Json | undefined): Set<string> {
  const out = new Set<string>();
  walkSchema(contract, schema, (_s, at) => void (at.length && out.add(at.join('.'))));
  return out;
}

/** Whether the answer mirrors a request member: in place, in a masked view, or in an object it shows (seed 000, MaskedConsumer). */
function mirrors(answerPaths: ReadonlySet<string>, path: string): boolean {
  if (shownAt(path).some((at) => answerPaths.has(at))) return true;
  const objects = new Set([...answerPaths].flatMap((p) => p.split('.').slice(0, -1).map(unmasked)));
  return objectsOf(path).some((o) => objects.has(o));
}

/** A URL with a trailing segment holding an encoded space, a query of two parameters (one with an encoded slash) and a fragment. */
const urlWithQueryAndFragment = (url: URL, word: string) =>
  `${url.origin}${url.pathname.replace(/\/$/, '')}/Tq%20${word}?tq=Tq%2F1&Mx=${word}#Tq-${word}`;

/** The forms of each mirrored member of `body`, a group each led by the body as is; `fix` completes a PAN's check digit (reference A3). */
export function mirroredForms(
  contract: Contract,
  schema: Json | undefined,
  body: unknown,
  answerPaths: ReadonlySet<string>,
  {
    keep,
    valid,
    fix = (_at, v) => v,
    prefix = '',
  }: {
    keep: (path: string) => boolean;
    valid: (body: unknown) => boolean;
    fix?: (path: string, value: unknown) => unknown;
    /** Where the body sits in what the answer mirrors (`card` for the sealed card). */
    prefix?: string;
  },
): MirrorForm[][] {
  if (!schema || body === undefined) return [];
  const groups: MirrorForm[][] = [];
  const coded = new Map<string, { at: string; values: unknown[] }[]>();
  const asSent: MirrorForm = { how: 'as made to tell', set: [] };
  for (const leaf of bodyLeaves(contract, schema, body)) {
    const at = leaf.at.replace(/\//g, '.');
    const named = prefix ? `${prefix}.${at}` : at;
    if (keep(named) || !mirrors(answerPaths, named)) continue;
    const s = leaf.schema;
    const v = leaf.value;
    const codes = TELLING_CODES[s.format];
    if (codes) {
      const parent = at.split('.').slice(0, -1).join('.');
      coded.set(parent, [...(coded.get(parent) ?? []), { at, values: [v, ...codes.filter((c) => c !== v).slice(0, 1)] }]);
      continue;
    }
    const candidates: { how: string; value: unknown }[] = [];
    const url = typeof v === 'string' ? webUrl(v) : undefined;
    // The object it is sent in names the word (privacy, tnc): two URLs of one member name differ.
    const word =
      at
        .split('.')
        .filter((step) => /^[A-Za-z]/.test(step))
        .at(-2) ?? at.replace(/[^A-Za-z]/g, '').slice(0, 8);
    if (Array.isArray(s.enum))
      candidates.push(...s.enum.filter((e: unknown) => e !== v).map((e: unknown) => ({ how: 'another value of its enum', value: e })));
    else if (url) candidates.push({ how: 'a URI with a query and a fragment', value: urlWithQueryAndFragment(url, word) });
    else if (typeof v === 'string' && /^\^\[0-9\][*+]\$$/.test(String(s.pattern)) && s.minLength < s.maxLength)
      for (let n = s.minLength; n <= s.maxLength; n++)
        if (n !== v.length) candidates.push({ how: `${n} digits`, value: v.repeat(Math.ceil(n / v.length)).slice(0, n) });
    if (!candidates.length && typeof s.pattern === 'string') candidates.push(...validForms(s, v).slice(0, MIRROR_FORMS_PER_MEMBER));
    else if (!candidates.length && !s.format && typeof v === 'string')
      candidates.push(...lengthForms(s, v).filter((f) => f.how.startsWith('the longest')));
    const forms = candidates
      // A sensitive value (a card number) is named by its form alone, never printed.
      .map((c) => ({
        how: `${named} ${kindOfKey(named.split('.').at(-1)!) === undefined ? `${JSON.stringify(fix(named, c.value))} ` : ''}(${c.how})`,
        set: [[at, fix(named, c.value)]] as [string, unknown][],
      }))
      .filter((f) => f.set[0][1] !== v && valid(setAt(body, at.split('.'), f.set[0][1])))
      .slice(0, MIRROR_FORMS_PER_MEMBER);
    if (forms.length) groups.push([asSent, ...forms]);
  }
  // Each code beside each code of the others of its object (a language beside each country): the pairs, the sample's pair aside.
  for (const members of coded.values()) {
    let combos: [string, unknown][][] = [[]];
    for (const m of members) combos = combos.flatMap((c) => m.values.map((value) => [...c, [m.at, value] as [string, unknown]]));
    const forms = combos
      .slice(1)
      .filter((set) => valid(set.reduce<unknown>((b, [at, value]) => setAt(b, at.split('.'), value), body)))
      .map((set) => ({
        how: set.map(([at, value]) => `${prefix ? `${prefix}.` : ''}${at} ${JSON.stringify(value)}`).join(' beside '),
        set,
      }));
    if (forms.length) groups.push([asSent, ...forms]);
  }
  return groups;
}

/** The rows covering every form of every group once (each-choice): the n-th row takes each group's n-th form, round again. */
export function coveringRows(groups: readonly MirrorForm[][]): MirrorForm[][] {
  const n = Math.max(1, ...groups.map((g) => g.length));
  return Array.from({ length: n }, (_, i) => groups.map((g) => g[i % g.length]));
}

/** The body with a row's forms set (dotted paths), each kept only where the contract still takes the whole body. */
export function withForms(body: unknown, row: readonly MirrorForm[], valid: (body: unknown) => boolean): { body: unknown; hows: string[] } {
  let out = body;
  const hows: string[] = [];
  for (const form of row) {
    if (!form.set.length) continue;
    const next = form.set.reduce<unknown>((b, [at, value]) => setAt(b, at.split('.'), value), out);
    if (valid(next)) [out] = [next, hows.push(form.how)];
  }
  return { body: out, hows };
}

/** Whether a URL names the same resource as another (origin and path), whatever its query and fragment. */
function sameResource(shown: string, sent: string): boolean {
  const [x, y] = [webUrl(shown), webUrl(sent)];
  return Boolean(x && y && x.origin === y.origin && x.pathname === y.pathname);
}

/** The dotted paths an answer schema requires wherever their parent is shown (`maskedCard.panBin`). */
export function requiredPaths(contract: Contract, schema: Json | undefined): string[] {
  const out: string[] = [];
  walkSchema(contract, schema, (s, at) => {
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    for (const name of Object.keys(s.properties ?? {})) if (required.has(name)) out.push([...at, name].join('.'));
    return !s.items;
  });
  return out;
}

/** A required member one answer of a path shows, all show (but the recorded absence, seed 000: CE-CONFLICT-PAN-BIN-ABSENT). */
export function checkRequiredShown(
  operationId: string,
  rows: readonly { where: string; answer: unknown }[],
  required: readonly string[],
  providerAbsent: readonly string[],
  violations: Violations,
): void {
  const leafNames = (answer: unknown) => new Set([...leavesOf(answer).keys()].map((p) => p.replace(/\.\d+(?=\.|$)/g, '')));
  for (const at of required) {
    const parent = at.split('.').slice(0, -1).join('.');
    const showing = rows.filter((r) => nodeAt(r.answer, at) !== undefined);
    if (!showing.length) continue;
    const known = new Set(showing.flatMap((r) => [...leafNames(r.answer)]));
    for (const r of rows) {
      if ((parent && nodeAt(r.answer, parent) === undefined) || nodeAt(r.answer, at) !== undefined) continue;
      if (providerAbsent.includes(at) && [...leafNames(r.answer)].some((p) => !known.has(p))) continue;
      violations.add(operationId, r.where, `no ${at}, which ${showing[0].where} shows`, 'every required member of the answer');
    }
  }
}

// Every item of a list sent comes back once, each member as sent: the first as sampled, the others made to tell, the last with
// each enum's other value; a member the answer shows for one item is expected for every item.

export const ECHO_EVERY_ITEM = 'echo-every-item';

/** The most items one echoed list is sent (the sample's, and two made to tell). */
const ITEMS_SENT = 3;

/** The node at a dotted path, undefined where a step is missing. */
const nodeAt = (root: unknown, path: string): unknown => valueAt(root, path.split('.').filter(Boolean));

/** The dotted paths of the lists of objects a schema declares outside any other list (`transactions`, `accounts`). */
function objectLists(contract: Contract, schema: Json | undefined): string[] {
  const out: string[] = [];
  walkSchema(contract, schema, (s, at) => {
    if (!s.items) return true;
    const item = resolve(contract, s.items);
    if (at.length && item && (item.properties || item.type === 'object')) out.push(at.join('.'));
    return false;
  });
  return out;
}

/** The lists of objects of a writer's body whose items its answer, or the read right after, shows. */
export function echoedLists(contract: Contract, writer: Operation, reader?: Operation): string[] {
  const answer = schemaPaths(contract, okSchemaOf(writer));
  const read = reader ? [...schemaPaths(contract, okSchemaOf(reader))] : [];
  return objectLists(contract, writer.requestBody?.schema).filter(
    (list) => answer.has(`${list}.0`) || read.some((p) => p === `${list}.0` || p.endsWith(`.${list}.0`)),
  );
}

/** The telling body with each echoed list sent several items (the sample's, two telling forms), then made distinct. */
function withSeveralItems(
  plain: unknown,
  telling: unknown,
  again: unknown,
  lists: readonly string[],
  valid: (body: unknown) => boolean,
  keep: (path: string, value: unknown) => boolean,
): unknown {
  let out = telling;
  for (const list of lists) {
    const firsts = [plain, telling, again].map((b) => (nodeAt(b, list) as unknown[] | undefined)?.[0]);
    if (firsts.some((f) => f === undefined)) continue;
    for (let n = ITEMS_SENT; n >= 2; n--) {
      const next = setAt(out, list.split('.'), firsts.slice(0, n));
      if (valid(next)) {
        out = next;
        break;
      }
    }
  }
  return distinctBody(out, valid, keep);
}

/** An enum's other values, each list turned by one: a second telling body takes the next other value. */
const turned = (others: ReadonlyMap<string, unknown[]>): Map<string, unknown[]> =>
  new Map([...others].map(([p, values]) => [p, [...values.slice(1), ...values.slice(0, 1)]]));

/**
 * The objects a writer's body sends that its answer shows under another name, the same component (provider 1.35.0
 * ConnectEmailUrl.emailConfig, the EmailOptions sent as `email`), by the name sent: [name, its first required string member].
 */
function renamedObjects(contract: Contract, writer: Operation): [string, string][] {
  const sent = resolve(contract, writer.requestBody?.schema)?.properties ?? {};
  const answered = resolve(contract, okSchemaOf(writer))?.properties ?? {};
  const component = (s: Json) => {
    const r = contract.resolveSchema(s);
    return r && typeof r === 'object' && r.properties ? r : undefined;
  };
  const out: [string, string][] = [];
  for (const [name, s] of Object.entries<Json>(sent)) {
    const c = component(s);
    if (!c || name in answered || !Object.entries<Json>(answered).some(([, a]) => component(a) === c)) continue;
    const member = (c.required ?? []).find((m: string) => resolve(contract, c.properties?.[m])?.type === 'string');
    if (member) out.push([name, member]);
  }
  return out;
}

/**
 * The telling body with, in each other object it sends (each item of a list of objects: a joint borrower), a member of each
 * renamed object's name (renamedObjects) holding a value of the form of its required member, distinct from every value sent
 * (`co.` before the sample's): a member no document declares there, which a target keeping the documents ignores, so that an
 * answer filling the renamed object from a neighbour's like-named member (the e-mail sent to a borrower's own) reads apart from
 * the object sent. Kept only where the contract takes the body (an object closed to other members refuses it).
 */
function withNeighbourDecoys(
  contract: Contract,
  writer: Operation,
  plain: unknown,
  telling: unknown,
  valid: (body: unknown) => boolean,
): unknown {
  if (!plain || typeof plain !== 'object' || Array.isArray(plain)) return telling;
  let out = telling;
  for (const [name, member] of renamedObjects(contract, writer)) {
    const value = valueAt(plain, [name, member]);
    if (typeof value !== 'string' || !value) continue;
    for (const [list, items] of Object.entries(out as Record<string, unknown>)) {
      if (list === name || !Array.isArray(items)) continue;
      items.forEach((item, i) => {
        if (!item || typeof item !== 'object' || Array.isArray(item) || name in item) return;
        const next = setAt(out, [list, String(i), name], `co.${value}`);
        if (valid(next)) out = next;
      });
    }
  }
  return out;
}

/**
 * A writer's body made to tell for every service's after-write checks, each echoed list sent several items; returns those lists,
 * and the sample with only its ids in another case (`recased`), for a target refusing the telling body.
 */
export function tellingWrite(
  contract: Contract,
  writer: Operation,
  reader: Operation | undefined,
  body: unknown,
  valid: (body: unknown) => boolean,
  keep: (path: string, value: unknown) => boolean,
): { body: unknown; lists: string[]; recased: unknown } {
  const others = otherValues(contract, writer.requestBody?.schema, body);
  const telling = withNeighbourDecoys(contract, writer, body, tellingBody(body, valid, keep, undefined, others), valid);
  // The sample with only the ids `otherValues` gives in another case of the same value told (a UUID, RFC 9562 section 4:
  // case-insensitive on input), every other leaf as sampled: what a writer is sent where its telling body is refused (a free
  // text a documented refusal names: a business country that is no two-letter code, provider 1.35.0 InvalidCountryCode), so
  // that an id sent in another case still reaches the target. tellingBody with every leaf kept does exactly that.
  // The neighbours' like-named members ride on it too (withNeighbourDecoys): a body refused for one telling value the documents
  // close in prose (a joint borrower's Connect experience, provider 1.35.0: "default" or an experience GUID) still tells an
  // answer filled from a neighbour apart from the object sent.
  const recased = withNeighbourDecoys(
    contract,
    writer,
    body,
    tellingBody(body, valid, () => true, undefined, others),
    valid,
  );
  const lists = echoedLists(contract, writer, reader);
  if (!lists.length) return { body: telling, lists, recased };
  return {
    body: withSeveralItems(body, telling, tellingBody(body, valid, keep, JOINERS[1], turned(others)), lists, valid, keep),
    lists,
    recased,
  };
}

/** The scalar leaves of an item, by path inside it. */
const itemLeaves = (item: unknown) => new Map([...leavesOf(item)].filter(([p, v]) => p && v !== null && typeof v !== 'object'));

/** Every sent item of each echoed list shown once with each member as sent, and as many items; returns the writers checked. */
export function checkEveryItemAsSent(
  outcomes: readonly WriteOutcome[],
  listsOf: (o: WriteOutcome) => readonly string[],
  violations: Violations,
  skip: (path: string) => boolean = () => false,
): string[] {
  const checked = new Set<string>();
  for (const o of outcomes) {
    const body = o.probe.call.body;
    if (body === undefined || typeof o.status !== 'number' || o.status >= 300) continue;
    const op = o.probe.writer.operationId;
    for (const list of listsOf(o)) {
      const sent = nodeAt(body, list);
      if (!Array.isArray(sent) || sent.length < 2) continue;
      const shown: { where: string; items: unknown }[] = [{ where: 'its answer', items: nodeAt(o.answer, list) }];
      if (o.read) {
        const base = objectIn(o.read.body, o.answer);
        shown.push({ where: `${o.read.reader.operationId} right after`, items: nodeAt(o.read.body, base ? `${base}.${list}` : list) });
      }
      for (const s of shown) {
        if (!Array.isArray(s.items)) continue;
        checked.add(op);
        if (s.items.length !== sent.length)
          violations.add(op, s.where, `${list}: ${s.items.length} items, ${sent.length} sent`, 'every item sent, once');
        const got = s.items.map(itemLeaves);
        const members = new Set(got.flatMap((g) => [...g.keys()]));
        sent.forEach((item, i) => {
          const expected = [...itemLeaves(item)].filter(([p]) => members.has(p) && !skip(`${list}.${i}.${p}`));
          const matches = got.filter((g) => expected.every(([p, v]) => g.get(p) === v)).length;
          if (matches === 1) return;
          // The item at the same place names what differs (positions as sent); a sensitive member only by name.
          const there = got[i] ?? new Map();
          const differs = expected
            .filter(([p, v]) => there.get(p) !== v)
            .map(([p, v]) =>
              there.has(p) ? `${p}: ${JSON.stringify(there.get(p))}, sent ${JSON.stringify(v)}` : `no ${p}, sent ${JSON.stringify(v)}`,
            )
            .slice(0, 3);
          violations.add(
            op,
            s.where,
            `${list}.${i} (item ${i + 1} of ${sent.length}) ${matches ? `shown ${matches} times` : `shown by no item as sent${differs.length ? `: ${differs.join('; ')}` : ''}`}`,
            'every item with each member as sent, once',
          );
        });
      }
    }
  }
  return [...checked];
}

/** Why each writer the property applies to was not checked: no write, no item in clear, one item taken, or the list not shown. */
export function itemsLeftOut(
  outcomes: readonly WriteOutcome[],
  applies: readonly string[],
  checked: readonly string[],
  listsOf: (operationId: string) => readonly string[],
  failed: readonly { operationId: string; reason: string }[],
): { operationId: string; reason: string }[] {
  return applies
    .filter((id) => !checked.includes(id))
    .map((operationId) => {
      const known = failed.find((e) => e.operationId === operationId);
      if (known) return known;
      const o = outcomes.find((x) => x.probe.writer.operationId === operationId);
      const lists = listsOf(operationId);
      const sent = lists.map((l) => nodeAt(o?.probe.call.body, l));
      const reason = !o
        ? 'not written here (no sample call of it)'
        : sent.every((s) => !Array.isArray(s))
          ? `its body carries no item of ${lists.join(', ')} in clear (sealed in an encrypted value, or optional and not in its sample)`
          : sent.every((s) => !Array.isArray(s) || s.length < 2)
            ? `the contract took one item of ${lists.join(', ')} only in its sample`
            : `neither its answer nor the read right after showed ${lists.join(', ')}`;
      return { operationId, reason };
    });
}
