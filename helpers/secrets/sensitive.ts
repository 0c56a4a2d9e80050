// Sensitive values the suite sends and their search in every answer, before redaction: one answered in clear breaks every
// seed's data-protection rules (seed 000: only panBin/panLastFour; seed 002: SSN last four only; keys and secrets never returned).

import { Needles } from './needles.js';

export type SensitiveKind = 'PAN' | 'security code' | 'SSN' | 'account number' | 'secret' | 'key' | 'token';

export interface SensitiveValue {
  kind: SensitiveKind;
  value: string;
}

export interface Echo {
  kind: SensitiveKind;
  /** JSON pointer of the member that carries it, or `text` when found in a non-JSON body. */
  at: string;
  value: string;
}

/**
 * Member and header names (lower case, or patterns) whose value is sensitive, by kind. Key headers: seed 000 ApiKeyAuth's,
 * `<vendor>-App-Key` and `-App-Token` (seed 002, Authentication: an issued token is a credential; provider 1.35.0).
 */
export const SENSITIVE_NAMES: Record<SensitiveKind, readonly string[]> = {
  PAN: ['primaryaccountnumber', 'pan', 'cardnumber'],
  'security code': ['cardsecuritycode', 'securitycode', 'cvc', 'cvv', 'cvv2'],
  SSN: ['ssn', 'socialsecuritynumber'],
  'account number': ['accountnumber', 'account_number', 'realaccountnumber'],
  secret: ['partnersecret', 'newpartnersecret', 'secret', 'password'],
  key: ['apikey', 'api_key', 'appkey', 'x-openapi-clientid', '[a-z0-9]+-app-key'],
  token: ['[a-z0-9]+-app-token'],
};

/** A whole-name, case-blind pattern of the names. */
export const namesPattern = (names: readonly string[]): RegExp => new RegExp(`^(${names.join('|')})$`, 'i');

const KIND_OF = (Object.entries(SENSITIVE_NAMES) as [SensitiveKind, readonly string[]][]).map(
  ([kind, names]) => [namesPattern(names), kind] as const,
);

/** A function of a member or header name, answered once per name (a few hundred recur); bounded, as generated inputs carry random names. */
export function oncePerName<T>(answer: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key) as T;
    const value = answer(key);
    if (known.size >= 10_000) known.clear();
    known.set(key, value);
    return value;
  };
}

/** Each member or header name's kind of sensitive data, if any. */
export const kindOfKey: (key: string) => SensitiveKind | undefined = oncePerName(
  (key) => KIND_OF.find(([pattern]) => pattern.test(key))?.[1],
);

// Everything sensitive this worker (process) has sent: a full SSN sent on creation must not come back from a later read.
// A value inside an encrypted payload (a PAN in a JWE) is noted here by the encrypting code. Indexed (SentValues, below).

/** Notes values the suite has just sent (the client calls it for every request). */
export function noteSent(values: SensitiveValue[]): void {
  for (const s of values) sentElsewhere.add(s);
}

/** Notes the sensitive members of a plaintext the suite encrypts before sending it. */
export function noteSentPlaintext(value: unknown): void {
  noteSent(sensitiveValuesIn(value));
}

/** The sensitive members of a JSON value (by member name), plus the header values of key headers. */
export function sensitiveValuesIn(value: unknown, headers: Record<string, string> = {}): SensitiveValue[] {
  const out: SensitiveValue[] = [];
  for (const { key, value: v } of scalars(value)) {
    const kind = kindOfKey(key);
    if (kind && String(v).length >= 3) out.push({ kind, value: normal(String(v)) });
  }
  for (const [name, v] of Object.entries(headers)) {
    const kind = kindOfKey(name);
    if ((kind === 'key' || kind === 'token') && v && v.length >= 3) out.push({ kind, value: v });
    // The OAuth 1.0a consumer key of the Authorization header (installments' reference, Transport and auth: a credential).
    const consumer = name.toLowerCase() === 'authorization' ? /oauth_consumer_key="?([^",\s]+)/.exec(v ?? '')?.[1] : undefined;
    if (consumer && consumer.length >= 3) out.push({ kind: 'key', value: decodeURIComponent(consumer) });
  }
  return out;
}

/** Everything this worker has sent (noteSent) that a response must never carry in clear. */
export function sentSoFar(): SentValues {
  return sentElsewhere;
}

const digitsOnly = (s: string) => /^[0-9]+$/.test(s);
/** 123-45-6789 and 4111 1111 1111 1111 are compared by their digits. */
const normal = (s: string) => (/^[0-9][0-9 -]*[0-9]$/.test(s) ? s.replace(/[ -]/g, '') : s);
/** A digit value written with or without separators between its digits. */
const digitPattern = (digits: string, flags = '') => new RegExp(`(?<![0-9])${digits.split('').join('[ -]?')}(?![0-9])`, flags);
// Short values (a 3-digit security code) count only in a member named for their kind; long ones anywhere.
const LONG = 7;
/** LONG digits, each but the last followed by any separators (digitPattern's). */
const LONG_DIGITS = /[0-9](?:[ -]*[0-9]){6}/;

/** Sent values indexed for the search (needles.ts): long ones by their first characters (digits also unseparated); short by value. */
export class SentValues {
  private readonly text = new Needles();
  private readonly digits = new Needles();
  private readonly patterns = new Map<string, RegExp>();
  private readonly short = new Map<string, SensitiveValue[]>();
  private readonly kinds = new Map<string, SensitiveValue>();

  constructor(values: SensitiveValue[] = []) {
    values.forEach((v) => this.add(v));
  }

  add(s: SensitiveValue): void {
    if (s.value.length < LONG) {
      const list = this.short.get(s.value) ?? [];
      if (!list.some((x) => x.kind === s.kind)) this.short.set(s.value, [...list, s]);
      return;
    }
    this.kinds.set(s.value, s);
    if (!digitsOnly(s.value)) this.text.add(s.value);
    else if (!this.patterns.has(s.value)) {
      this.patterns.set(s.value, digitPattern(s.value));
      this.digits.add(s.value);
    }
  }

  /** The long values a string carries. */
  longIn(haystack: string): SensitiveValue[] {
    const found = this.text.findIn(haystack);
    // A long digit value is a run of at least LONG digits once separators are out: a text without one holds none.
    if (LONG_DIGITS.test(haystack)) {
      const digits = this.digits.findIn(/[ -]/.test(haystack) ? haystack.replace(/[ -]/g, '') : haystack);
      for (const d of digits) if (this.patterns.get(d)!.test(haystack)) found.push(d);
    }
    return found.length ? found.map((v) => this.kinds.get(v)!) : [];
  }

  /** Whether any short value is known (one only counts under a member named for its kind). */
  get hasShort(): boolean {
    return this.short.size > 0;
  }

  /** The short values equal to `value` that a member of this kind must not carry. */
  shortAs(value: string, kind: SensitiveKind): SensitiveValue[] {
    return (this.short.get(normal(value)) ?? []).filter((s) => s.kind === kind);
  }
}

const sentElsewhere = new SentValues();

/** Every string and number of a JSON value, depth first, with its JSON pointer and member (array items under the array's; '' at top). */
export function* scalars(node: unknown, at = '', key = ''): Generator<{ at: string; key: string; value: string | number }> {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) yield* scalars(n, `${at}/${i}`, key);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) yield* scalars(v, `${at}/${k}`, k);
  else if (typeof node === 'string' || typeof node === 'number') yield { at, key, value: node };
}

/** Visits every node under `root` depth first with its member name, `path` holding the way down; a visit answering false stops there. */
export function walkMembers(root: unknown, path: string[], visit: (node: unknown, key: string | undefined) => boolean): void {
  const walk = (node: unknown, key: string | undefined) => {
    if (!visit(node, key)) return;
    if (Array.isArray(node))
      node.forEach((n, i) => {
        path.push(String(i));
        walk(n, key);
        path.pop();
      });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        path.push(k);
        walk(v, k);
        path.pop();
      }
  };
  walk(root, undefined);
}

/** The member a token is issued in (provider 1.35.0, CreateToken: token): a sent token read there is issued again, not an echo. */
const TOKEN_CARRIER = /^token$/i;

/** Where a response carries a sent sensitive value in clear. */
export function findEchoes(body: unknown, text: string, sent: SentValues | SensitiveValue[]): Echo[] {
  const index = Array.isArray(sent) ? new SentValues(sent) : sent;
  const echoes: Echo[] = [];
  // The member names down to the current node: a JSON pointer is written only for an echo.
  const path: string[] = [];
  const pointer = () => path.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const visit = (node: unknown, key: string | undefined) => {
    if (typeof node === 'string' || typeof node === 'number') {
      const value = String(node);
      for (const s of index.longIn(value))
        if (s.kind !== 'token' || key === undefined || !TOKEN_CARRIER.test(key))
          echoes.push({ kind: s.kind, at: pointer() || '/', value: s.value });
      const kind = key ? kindOfKey(key) : undefined;
      if (kind) for (const s of index.shortAs(value, kind)) echoes.push({ kind: s.kind, at: pointer(), value: s.value });
    }
    return true;
  };
  if (body !== undefined) walkMembers(body, path, visit);
  else for (const s of index.longIn(text)) echoes.push({ kind: s.kind, at: 'text', value: s.value });
  return echoes;
}

/** JSON text where a member may read other than its text: an escape (`\/`, `\u0041`), an exponent, more digits than a double holds. */
const UNLIKE_ITS_MEMBERS = /\\|[0-9][eE][+-]?[0-9]|[0-9](?:\.?[0-9]){15}/;
/** A member named for a kind of sensitive data, in a JSON text without escapes. */
const SENSITIVE_MEMBER = new RegExp(`"(${Object.values(SENSITIVE_NAMES).flat().join('|')})"\\s*:`, 'i');

/** findEchoes of an answer parsed from `text`: a text with no long sent value and no sensitive member name has none (no escape aside). */
export function findAnswerEchoes(body: unknown, text: string, sent: SentValues): Echo[] {
  if (body === undefined || UNLIKE_ITS_MEMBERS.test(text) || sent.longIn(text).length) return findEchoes(body, text, sent);
  return sent.hasShort && SENSITIVE_MEMBER.test(text) ? findEchoes(body, text, sent) : [];
}

/** Where an answer's headers carry a sent sensitive value in clear (seed 000 Authentication: never returned), a short one only whole. */
export function findHeaderEchoes(headers: Record<string, string>, sent: SentValues | SensitiveValue[]): Echo[] {
  const index = Array.isArray(sent) ? new SentValues(sent) : sent;
  const echoes: Echo[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const at = `header ${name}`;
    for (const s of [...index.longIn(name), ...index.longIn(String(value))]) echoes.push({ kind: s.kind, at, value: s.value });
    const kind = kindOfKey(name.toLowerCase());
    if (kind) for (const s of index.shortAs(String(value).trim(), kind)) echoes.push({ kind: s.kind, at, value: s.value });
  }
  return echoes;
}

/** Replaces each echoed value in a text by a marker that says what leaked (before redaction runs). */
export function markEchoes(text: string, echoes: Echo[]): string {
  let out = text;
  for (const e of echoes) {
    const marker = `[REDACTED: full ${e.kind} echoed]`;
    out = digitsOnly(e.value) ? out.replace(digitPattern(e.value, 'g'), marker) : out.split(e.value).join(marker);
  }
  return out;
}
