// The value types of the environment schema (helpers/config/env-schema.ts), one parser per kind. A bad value is one Problem
// (variable, expected, found; a secret, or a value equal to one, found only by its shape). Keys are read by node:crypto
// (asymmetricKeyType), a PKCS#12 keystore by node-forge, a URL by WHATWG URL, contract identifiers by the contract's schema;
// the one Ajv instance sits in helpers/contract/ (above this room), so scalar kinds are plain comparisons.
import { createPrivateKey, createPublicKey, X509Certificate, type JsonWebKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Forge from 'node-forge';
import { parse as parseYaml } from 'yaml';
import { luhnValid } from './luhn.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** node-forge, loaded only when a PKCS#12 keystore is read: every process reading the schema loaded its 60-odd modules for nothing. */
const loadForge = (): typeof Forge => createRequire(import.meta.url)('node-forge') as typeof Forge;

export interface Problem {
  variable: string;
  expected: string;
  /** What the variable holds instead, in words (a secret only by its shape). */
  found: string;
  /** The setting that fixes it, when one can be named. */
  fix?: string;
}

/** The one line of a bad value. */
export const problemLine = (p: Problem): string => `${p.variable}: expected ${p.expected}, found ${p.found}${p.fix ? `: ${p.fix}` : ''}`;

/** A configuration the run cannot start with; `variable` names the setting at fault. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variable?: string,
  ) {
    super(message);
  }
}

/** A bad value of one variable. */
export class ValueError extends ConfigError {
  constructor(readonly problem: Problem) {
    super(problemLine(problem), problem.variable);
  }
}

/** Thrown by a parser: what was found instead; `variable` and `expected` when another of the group is at fault (a keystore's password). */
export class Mismatch extends Error {
  constructor(
    readonly found: string,
    readonly variable?: string,
    readonly expected?: string,
  ) {
    super(found);
  }
}

interface ParseContext {
  variable: string;
  env: Env;
  /** The value as the one-line error may show it: quoted, or by its shape for a secret. */
  show(value: string): string;
}

export interface ValueType<T = unknown> {
  /** What a good value is, in words (the "expected" of the one-line error). */
  expected: string;
  /** Multi-line material (PEM, JSON): line breaks and outer spaces are part of the format. */
  block?: boolean;
  parse(value: string, ctx: ParseContext): T;
}

/** Spaces or quotes around a value, as a .env file often leaves them; undefined when clean. */
export function strayCharacters(value: string, block = false): string | undefined {
  const inner = block ? value.trim() : value;
  if (!block) {
    if (/^\s/.test(value) && /\s$/.test(value)) return 'spaces around it';
    if (/^\s/.test(value)) return 'a space at its start';
    if (/\s$/.test(value)) return 'a space at its end';
    if (/[\r\n]/.test(value)) return 'a line break in it';
  }
  const quote = /^["'`]/.test(inner);
  const endQuote = /["'`]$/.test(inner);
  if (quote && endQuote) return 'quotes around it (a .env quote that was not removed)';
  if (quote) return 'a stray quote at its start';
  if (endQuote && !block) return 'a stray quote at its end';
  return undefined;
}

const words = (values: readonly string[]) => (values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`);

/** A value taken as written where `good` holds it, else shown as what was found. */
const holding = <T extends string = string>(expected: string, good: (value: string) => boolean): ValueType<T> => ({
  expected,
  parse(value, ctx) {
    if (!good(value)) throw new Mismatch(ctx.show(value));
    return value as T;
  },
});

export const oneOf = <const T extends string>(values: readonly T[]): ValueType<T> =>
  holding(words(values), (value) => (values as readonly string[]).includes(value));

/** A whole number in a range; `off` names the word that stands for 0. */
export function integer(range: { min?: number; max?: number; off?: string } = {}): ValueType<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, off } = range;
  const span =
    min === 1 && max === Number.MAX_SAFE_INTEGER
      ? 'a positive whole number'
      : max === Number.MAX_SAFE_INTEGER
        ? min === Number.MIN_SAFE_INTEGER
          ? 'a whole number'
          : `a whole number from ${min}`
        : `a whole number from ${min} to ${max}`;
  return {
    expected: off ? `${span} or ${off}` : span,
    parse(value, ctx) {
      if (off && value === off) return 0;
      const n = Number(value);
      if (!/^-?[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) throw new Mismatch(ctx.show(value));
      return n;
    },
  };
}

export const port = (): ValueType<number> => ({
  ...integer({ min: 1, max: 65535 }),
  expected: 'a TCP port, a whole number from 1 to 65535',
});

/** Digits only, between `min` and `max` of them; a card number's ending in its check digit (`checkDigit`). */
export const digits = (min: number, max: number, what: string, options: { checkDigit?: boolean } = {}): ValueType<string> => ({
  expected: `${what}: ${min === max ? min : `${min} to ${max}`} digits${options.checkDigit ? ' ending in its check digit (Luhn)' : ''}`,
  parse(value, ctx) {
    if (!new RegExp(`^[0-9]{${min},${max}}$`).test(value)) throw new Mismatch(ctx.show(value));
    if (options.checkDigit && !luhnValid(value)) throw new Mismatch(`${ctx.show(value)}, whose check digit is wrong`);
    return value;
  },
});

/** One line of text (an id, a key, a name); a PEM block in it is a value given to the wrong variable. */
export const text = (what = 'a value on one line'): ValueType<string> => ({
  expected: what,
  parse(value, ctx) {
    if (value.includes('-----BEGIN')) throw new Mismatch('a PEM block (a key given to the wrong variable?)');
    if (/^\s*\{/.test(value)) throw new Mismatch(`JSON ${ctx.show(value)}`);
    return value;
  },
});

/** An HTTP header name (RFC 9110 token). */
export const headerName = (): ValueType<string> =>
  holding("an HTTP header name (letters, digits and !#$%&'*+.^_`|~-, no spaces)", (value) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value));

/** A fast-check replay path as a failure prints it (numbers separated by colons). */
export const fcPath = (): ValueType<string> =>
  holding('a fast-check replay path as a failure prints it (numbers separated by colons, e.g. 3:1:0)', (value) =>
    /^[0-9]+(:[0-9]+)*$/.test(value),
  );

/** An account range written low-high, its ends of 11 to 19 digits and of one length (provider 2.0.0, AccountRange). */
export function accountRange(): ValueType<{ accountRangeLow: string; accountRangeHigh: string }> {
  return {
    expected: 'an account range low-high, two card number prefixes of 11 to 19 digits and of one length',
    parse(value, ctx) {
      const m = /^([0-9]{11,19})-([0-9]{11,19})$/.exec(value);
      if (!m || m[1].length !== m[2].length || m[1] > m[2]) throw new Mismatch(ctx.show(value));
      return { accountRangeLow: m[1], accountRangeHigh: m[2] };
    },
  };
}

/** Comma-separated items of one type (spaces around the commas allowed). */
export const list = <T>(item: ValueType<T>, what: string): ValueType<T[]> => ({
  expected: `${what}, comma-separated`,
  parse(value, ctx) {
    const items = value.split(',').map((s) => s.trim());
    return items.map((s, i) => {
      if (!s) throw new Mismatch(`an empty item (item ${i + 1} of ${ctx.show(value)})`);
      try {
        return item.parse(s, ctx);
      } catch (error) {
        if (error instanceof Mismatch && !error.variable) throw new Mismatch(`${error.found} as item ${i + 1}`);
        throw error;
      }
    });
  },
});

interface UrlOptions {
  /** The path a base URL must end with (the API's base path, from its contract's servers). */
  basePath?: string;
  /** A base URL paths are appended to: no query, fragment or trailing slash. */
  base?: boolean;
  https?: boolean;
  port?: number;
}

/** An absolute http(s) URL. */
export function url(options: UrlOptions = {}): ValueType<string> {
  const { basePath, base = Boolean(basePath), https, port: wantPort } = options;
  const expected = [
    `an absolute ${https ? 'https' : 'http(s)'} URL`,
    basePath ? `ending with ${basePath}` : '',
    wantPort ? `on port ${wantPort}` : '',
    base ? '(no trailing /, no query)' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    expected,
    parse(value, ctx) {
      const u = readAs(() => new URL(value), `${ctx.show(value)}, which is not an absolute URL`, false);
      if (u.protocol !== 'https:' && (https || u.protocol !== 'http:'))
        throw new Mismatch(`${ctx.show(value)} (${u.protocol.replace(':', '')})`);
      const actualPort = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
      if (wantPort && actualPort !== wantPort) throw new Mismatch(`${ctx.show(value)} (port ${actualPort})`);
      if (base && (u.search || u.hash)) throw new Mismatch(`${ctx.show(value)} (with a query or fragment)`);
      if (base && value.endsWith('/')) throw new Mismatch(`${ctx.show(value)} (a trailing /)`);
      if (basePath && !u.pathname.endsWith(basePath)) throw new Mismatch(ctx.show(value));
      return value;
    },
  };
}

// ---- values the contracts define: checked against the contract's own schema

interface ScalarSchema {
  type?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
}
const SCHEMAS = path.resolve(import.meta.dirname, '..', '..', 'schemas');
const documents = new Map<string, unknown>();

function contractSchema(service: string, ref: string): ScalarSchema {
  const [file, pointer = ''] = ref.split('#');
  const key = `${service}/${file}`;
  if (!documents.has(key)) documents.set(key, parseYaml(fs.readFileSync(path.join(SCHEMAS, service, file), 'utf8')));
  let node = documents.get(key) as Record<string, unknown> | undefined;
  for (const part of pointer.split('/').filter(Boolean))
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown> | undefined;
  if (!node || typeof node !== 'object') throw new Error(`no schema at schemas/${service}/${ref}`);
  return node as ScalarSchema;
}

/** A value of a contract type (`ref`: a file under schemas/<service>/ and pointer): its type, pattern, lengths, bounds and enum. */
export function contractValue(service: string, ref: string, what: string): ValueType<string> {
  const name = ref
    .split('/')
    .filter((p) => !/^(components|schemas|properties|parameters|schema)$/.test(p))
    .pop();
  return holding(`${what} (${name} in schemas/${service}/${ref.split('#')[0]})`, (value) => {
    const s = contractSchema(service, ref);
    return (
      (s.type === 'integer'
        ? /^-?[0-9]+$/.test(value) &&
          (s.minimum === undefined || Number(value) >= s.minimum) &&
          (s.maximum === undefined || Number(value) <= s.maximum)
        : true) &&
      (s.pattern === undefined || new RegExp(s.pattern, 'u').test(value)) &&
      (s.minLength === undefined || [...value].length >= s.minLength) &&
      (s.maxLength === undefined || [...value].length <= s.maxLength) &&
      (s.enum === undefined || s.enum.map(String).includes(value))
    );
  });
}

/** The operationIds each contract of schemas/ declares (its openapi.yaml and paths/), by service, read once as text. */
let operationIds: Map<string, Set<string>> | undefined;
export function contractOperationIds(): Map<string, Set<string>> {
  if (!operationIds) {
    operationIds = new Map();
    for (const service of fs.readdirSync(SCHEMAS)) {
      const dir = path.join(SCHEMAS, service);
      const ids = new Set<string>();
      const files = [
        'openapi.yaml',
        ...(fs.existsSync(path.join(dir, 'paths')) ? fs.readdirSync(path.join(dir, 'paths')).map((f) => `paths/${f}`) : []),
      ];
      for (const f of files.filter((f) => fs.existsSync(path.join(dir, f))))
        for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^\s*operationId:\s*['"]?([A-Za-z0-9_]+)/gm)) ids.add(m[1]);
      operationIds.set(service, ids);
    }
  }
  return operationIds;
}

/** The operationIds one file of a contract's paths declares (`paths/institutions.yaml`). */
export const pathOperationIds = (service: string, file: string): string[] =>
  [
    ...fs.readFileSync(path.join(SCHEMAS, service, 'paths', `${file}.yaml`), 'utf8').matchAll(/^\s*operationId:\s*['"]?([A-Za-z0-9_-]+)/gm),
  ].map((m) => m[1]);

/** An operationId one of the contracts declares (a misspelled one would silently narrow a service). */
export const operationId = (): ValueType<string> =>
  holding('an operationId of the contracts (schemas/<service>/)', (value) =>
    [...contractOperationIds().values()].some((ids) => ids.has(value)),
  );

// ---- keys

/** PEM text as .env holds it (\n escapes allowed, .env.example; outer spaces ignored) and the label of its first block. */
function pemOf(value: string): { pem: string; label: string } {
  const pem = value.replace(/\\n/g, '\n').trim();
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1];
  if (!label) throw new Mismatch(`text that is not PEM (no -----BEGIN line; ${value.length} characters)`);
  return { pem, label };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const keyKind = (key: KeyObject) => (key.asymmetricKeyType ?? 'unknown').toUpperCase().replace(/^RSA-PSS$/, 'RSA-PSS');

function errorCode(error: unknown): string {
  const e = (error ?? {}) as { code?: string; message?: string };
  return e.code ?? e.message?.split('\n')[0] ?? 'unreadable';
}

/** What `read` gives, or a Mismatch of what was `found` instead, with the error's code in parentheses unless `coded` is false. */
function readAs<T>(read: () => T, found: string, coded = true): T {
  try {
    return read();
  } catch (error) {
    throw new Mismatch(coded ? `${found} (${errorCode(error)})` : found);
  }
}

/** An RSA private key in PEM (PKCS#8 or PKCS#1). */
export const privateKeyPem = (): ValueType<KeyObject> => ({
  expected: 'an RSA private key in PEM (PKCS#8 or PKCS#1; \\n escapes allowed)',
  block: true,
  parse(value) {
    const { pem, label } = pemOf(value);
    if (label === 'ENCRYPTED PRIVATE KEY') throw new Mismatch('an encrypted private key (give it unencrypted, or the PKCS#12 keystore)');
    if (!/PRIVATE KEY/.test(label)) throw new Mismatch(`a PEM ${label.toLowerCase()}, not a private key`);
    const key = readAs(() => createPrivateKey(pem), `a "${label}" PEM block that does not read as a key`);
    if (key.asymmetricKeyType !== 'rsa') throw new Mismatch(`${article(keyKind(key))} private key`);
    return key;
  },
});

/** An RSA public key (SPKI or PKCS#1) or an X.509 certificate in force, in PEM. */
export const publicKeyPem = (what: string): ValueType<KeyObject> => ({
  expected: `${what}: an RSA public key or X.509 certificate in PEM, the certificate in force (\\n escapes allowed)`,
  block: true,
  parse(value) {
    const { pem, label } = pemOf(value);
    if (/PRIVATE KEY/.test(label)) throw new Mismatch('a private key (only the public key or certificate belongs here; it is not shown)');
    let key: KeyObject;
    if (label === 'CERTIFICATE') {
      const cert = readAs(() => new X509Certificate(pem), `a CERTIFICATE PEM block that does not read as a certificate`);
      const now = Date.now();
      if (Date.parse(cert.validTo) < now)
        throw new Mismatch(
          `a certificate that expired on ${new Date(cert.validTo).toISOString().slice(0, 10)} (subject ${cert.subject.replace(/\n/g, ', ')})`,
        );
      if (Date.parse(cert.validFrom) > now)
        throw new Mismatch(`a certificate not valid before ${new Date(cert.validFrom).toISOString().slice(0, 10)}`);
      key = cert.publicKey;
    } else key = readAs(() => createPublicKey(pem), `a "${label}" PEM block that does not read as a public key`);
    if (key.asymmetricKeyType !== 'rsa') throw new Mismatch(`${article(keyKind(key))} key`);
    return key;
  },
});

export interface JwkKey {
  kid: string;
  /** The public JWK (the members node:crypto exports, with kid, alg and use as given). */
  jwk: JsonWebKey & { kid: string; alg?: string; use?: string };
  key: KeyObject;
}

/** RSA-OAEP-256 (reference/card-enrollment.md, reference/installments.md): RSA, 2048 bits or more (jose's minimum). */
const JWE_ALG = 'RSA-OAEP-256';
const MIN_RSA_BITS = 2048;

/** One JWK judged as a JWE encryption key: RSA, public, with a kid, alg and use that fit. */
function encryptionJwk(candidate: unknown, alg = JWE_ALG): JwkKey {
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate))
    throw new Mismatch(`JSON that is not a JWK object (${Array.isArray(candidate) ? 'an array' : typeof candidate})`);
  const jwk = candidate as Record<string, unknown>;
  const kid = typeof jwk.kid === 'string' && jwk.kid ? ` (kid ${JSON.stringify(jwk.kid)})` : '';
  if (jwk.kty === 'oct') throw new Mismatch(`a symmetric ("oct") key${kid}`);
  if (jwk.kty !== 'RSA') throw new Mismatch(`${jwk.kty === undefined ? 'a JWK without kty' : `a ${JSON.stringify(jwk.kty)} key`}${kid}`);
  if ('d' in jwk) throw new Mismatch(`a private RSA key${kid} (only the public key belongs here; it is not shown)`);
  if (!kid) throw new Mismatch('an RSA JWK without kid');
  if (jwk.alg !== undefined && jwk.alg !== alg) throw new Mismatch(`a key for alg ${JSON.stringify(jwk.alg)}${kid}`);
  if (jwk.use !== undefined && jwk.use !== 'enc') throw new Mismatch(`a key for use ${JSON.stringify(jwk.use)}${kid}`);
  const key = readAs(
    () => createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
    `an RSA JWK${kid} whose n and e do not read as a key`,
  );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) throw new Mismatch(`a ${bits}-bit RSA key${kid}`);
  return {
    kid: jwk.kid as string,
    jwk: {
      ...key.export({ format: 'jwk' }),
      kid: jwk.kid as string,
      ...(jwk.alg ? { alg: String(jwk.alg) } : {}),
      ...(jwk.use ? { use: String(jwk.use) } : {}),
    },
    key,
  };
}

const JWK_EXPECTED = `a public RSA key (${MIN_RSA_BITS} bits or more) as a JWK with a kid, for ${JWE_ALG} and use enc where it names them`;

/** One JWK as JSON text. */
export function jwk(keysUrlVariable: string): ValueType<JwkKey> {
  return {
    expected: JWK_EXPECTED,
    block: true,
    parse(value) {
      const parsed: unknown = readAs(
        () => JSON.parse(value),
        `text that is not JSON (${value.trim().length} characters${value.trim().startsWith('-----BEGIN') ? ', a PEM block' : ''})`,
        false,
      );
      if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { keys?: unknown }).keys))
        throw new Mismatch(`a JWK set (give one of its keys, or the set's URL as ${keysUrlVariable})`);
      return encryptionJwk(parsed);
    },
  };
}

/** The first usable encryption key of a JWK set (the body of a keys URL), or why none is. */
export function encryptionKeyOfSet(body: unknown, alg = JWE_ALG): JwkKey {
  const keys = (body as { keys?: unknown })?.keys;
  if (!body || typeof body !== 'object' || !Array.isArray(keys)) throw new Mismatch('JSON that is not a JWK set (no "keys" array)');
  const reasons: string[] = [];
  for (const candidate of keys) {
    try {
      return encryptionJwk(candidate, alg);
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      reasons.push(error.found);
    }
  }
  throw new Mismatch(keys.length ? `no usable key among its ${keys.length} (${reasons.join('; ')})` : 'an empty JWK set');
}

/** A JWK set URL; what it answers is judged online (helpers/target/keys.ts). */
export const keysUrl = (): ValueType<string> => ({ ...url(), expected: `the URL of a JWK set (an absolute http(s) URL)` });

// ---- PKCS#12 keystore

const p12Cache = new Map<string, KeyObject>();

/** A PKCS#12 keystore path, opened with its sibling variables' password and alias (a wrong one is that variable's problem). */
export function keystore(passwordVariable: string, aliasVariable?: string): ValueType<KeyObject> {
  return {
    expected: `the path of a PKCS#12 keystore (.p12) holding an RSA private key, opened by ${passwordVariable}${aliasVariable ? ` and ${aliasVariable}` : ''}`,
    parse(file, ctx) {
      const password = ctx.env[passwordVariable] ?? '';
      const alias = aliasVariable ? ctx.env[aliasVariable] || undefined : undefined;
      const cacheKey = JSON.stringify([path.resolve(file), password, alias]);
      const cached = p12Cache.get(cacheKey);
      if (cached) return cached;
      const stat = readAs(
        () => fs.statSync(file),
        `no file at ${ctx.show(file)}${path.isAbsolute(file) ? '' : ` (relative to ${process.cwd()})`}`,
        false,
      );
      if (stat.isDirectory()) throw new Mismatch(`a folder at ${ctx.show(file)}`);
      const forge = loadForge();
      const asn1 = readAs(
        () => forge.asn1.fromDer(forge.util.createBuffer(fs.readFileSync(file).toString('binary'))),
        `a file that is not a PKCS#12 keystore (not DER; ${stat.size} bytes)`,
        false,
      );
      let p12: Forge.pkcs12.Pkcs12Pfx;
      try {
        p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
      } catch (error) {
        if (/MAC could not be verified|Invalid password|decrypt/i.test((error as Error).message))
          throw new Mismatch(
            password ? 'a password that does not open it (not shown)' : 'no password, and the keystore needs one',
            passwordVariable,
            `the password of the keystore in ${ctx.variable}`,
          );
        throw new Mismatch(`a file that is not a PKCS#12 keystore (${(error as Error).message.split('\n')[0]})`);
      }
      const keyBags = [forge.pki.oids.pkcs8ShroudedKeyBag, forge.pki.oids.keyBag]
        .flatMap((bagType) => p12.getBags({ bagType })[bagType] ?? [])
        .filter((b) => b.key);
      const named = (b: Forge.pkcs12.Bag) => b.attributes?.friendlyName?.[0] as string | undefined;
      const bag = alias ? keyBags.find((b) => named(b) === alias) : keyBags[0];
      if (!bag) {
        if (!alias || keyBags.length === 0) throw new Mismatch('a keystore without a private key');
        const aliases = keyBags.flatMap((b) => (named(b) ? [JSON.stringify(named(b))] : []));
        throw new Mismatch(
          `${ctx.show(alias)} (its private keys are named ${aliases.join(', ') || 'nothing'})`,
          aliasVariable,
          `the alias of a private key in the keystore of ${ctx.variable}`,
        );
      }
      const key = readAs(() => createPrivateKey(forge.pki.privateKeyToPem(bag.key!)), `a keystore whose private key does not read`);
      if (key.asymmetricKeyType !== 'rsa') throw new Mismatch(`a keystore holding ${article(keyKind(key))} key`);
      p12Cache.set(cacheKey, key);
      return key;
    },
  };
}
