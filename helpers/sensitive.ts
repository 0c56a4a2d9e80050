// Sensitive values the suite sends (card numbers, security codes, SSNs, account numbers, secrets,
// keys), and the search for them in what a target answers. A target that answers one of them in
// clear breaks the data-protection rules every seed states (seed 000: only panBin/panLastFour;
// seed 002: SSN last four only; keys and secrets never returned), whatever the field it uses.
// The client runs the search on every response before anything is redacted (issue 8, item 3).

export type SensitiveKind = 'PAN' | 'security code' | 'SSN' | 'account number' | 'secret' | 'key';

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

const KIND_OF: [RegExp, SensitiveKind][] = [
  [/^(primaryaccountnumber|pan|cardnumber)$/i, 'PAN'],
  [/^(cardsecuritycode|securitycode|cvc|cvv|cvv2)$/i, 'security code'],
  [/^(ssn|socialsecuritynumber)$/i, 'SSN'],
  [/^(accountnumber|account_number|realaccountnumber)$/i, 'account number'],
  [/^(partnersecret|newpartnersecret|secret|password)$/i, 'secret'],
  [/^(apikey|api_key|appkey|x-openapi-clientid|[a-z0-9]+-app-key)$/i, 'key'],
];

export function kindOfKey(key: string): SensitiveKind | undefined {
  return KIND_OF.find(([pattern]) => pattern.test(key))?.[1];
}

// Everything sensitive this worker has sent, in any request: a full SSN sent on creation must not
// come back from a later read either. Values sent inside encrypted payloads (a PAN in a JWE) are
// invisible in the request the client sees: the encrypting code notes their plaintext here too.
// One process = one worker.
const sentElsewhere = new Map<string, SensitiveValue>();

/** Notes values the suite has just sent (the client calls it for every request). */
export function noteSent(values: SensitiveValue[]): void {
  for (const s of values) sentElsewhere.set(s.value, s);
}

/** Notes the sensitive members of a plaintext the suite encrypts before sending it. */
export function noteSentPlaintext(value: unknown): void {
  for (const s of sensitiveValuesIn(value)) sentElsewhere.set(s.value, s);
}

/** The sensitive members of a JSON value (by member name), plus the header values of key headers. */
export function sensitiveValuesIn(value: unknown, headers: Record<string, string> = {}): SensitiveValue[] {
  const out: SensitiveValue[] = [];
  const walk = (node: unknown, key?: string) => {
    if (Array.isArray(node)) node.forEach((n) => walk(n, key));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
    else if (key && (typeof node === 'string' || typeof node === 'number')) {
      const kind = kindOfKey(key);
      if (kind && String(node).length >= 3) out.push({ kind, value: normal(String(node)) });
    }
  };
  walk(value);
  for (const [name, v] of Object.entries(headers)) if (kindOfKey(name) === 'key' && v && v.length >= 3) out.push({ kind: 'key', value: v });
  return out;
}

/** Everything this worker has sent that a response must never carry in clear. */
export function sentSensitive(request: SensitiveValue[]): SensitiveValue[] {
  const all = new Map(sentElsewhere);
  for (const s of request) all.set(s.value, s);
  return [...all.values()];
}

const digitsOnly = (s: string) => /^[0-9]+$/.test(s);
/** 123-45-6789 and 4111 1111 1111 1111 are compared by their digits. */
const normal = (s: string) => (/^[0-9][0-9 -]*[0-9]$/.test(s) ? s.replace(/[ -]/g, '') : s);
/** A digit value written with or without separators between its digits. */
const digitPattern = (digits: string, flags = '') => new RegExp(`(?<![0-9])${digits.split('').join('[ -]?')}(?![0-9])`, flags);
// Short values (a 3-digit security code) occur by chance in any body: they count only where a
// member named for that kind of data carries them. Long ones count anywhere.
const LONG = 7;

/** Where a response carries a sent sensitive value in clear. */
export function findEchoes(body: unknown, text: string, sent: SensitiveValue[]): Echo[] {
  const echoes: Echo[] = [];
  const long = sent.filter((s) => s.value.length >= LONG);
  const contains = (haystack: string, s: SensitiveValue) => (digitsOnly(s.value) ? digitPattern(s.value).test(haystack) : haystack.includes(s.value));
  const walk = (node: unknown, at: string, key?: string) => {
    if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`, key));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k);
    else if (typeof node === 'string' || typeof node === 'number') {
      const value = String(node);
      for (const s of long) if (contains(value, s)) echoes.push({ kind: s.kind, at: at || '/', value: s.value });
      const kind = key ? kindOfKey(key) : undefined;
      for (const s of sent) if (s.value.length < LONG && kind === s.kind && normal(value) === s.value) echoes.push({ kind: s.kind, at, value: s.value });
    }
  };
  if (body !== undefined) walk(body, '');
  else for (const s of long) if (contains(text, s)) echoes.push({ kind: s.kind, at: 'text', value: s.value });
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
