// JWE for card data with `jose` (reference/card-enrollment.md: compact, RSA-OAEP-256 / A128GCM, `kid` in the protected
// header). Keys from a JWK set (the mock's GET /keys, a sandbox URL) or .env (a JWK, or a PEM plus its kid).
import { noteSentPlaintext, scalars } from '../secrets/sensitive.js';
import type { KeyObject } from 'node:crypto';
import { CompactEncrypt, exportJWK, importJWK, type CryptoKey, type JWK } from 'jose';
import { encryptionKeyOfSet, Mismatch, type JwkKey } from '../config/env-types.js';

export interface EncryptionKey {
  kid: string;
  key: CryptoKey | Uint8Array;
  alg: string;
}

/** The key management algorithm of every card data encryption (RSA-OAEP with SHA-256). */
const ALG = 'RSA-OAEP-256';

/** The first usable encryption key of a JWK set (the mock's GET /keys), judged as a configured one is (helpers/config/env-types.ts). */
export async function keyFromJwks(jwks: unknown): Promise<EncryptionKey> {
  let chosen: JwkKey;
  try {
    chosen = encryptionKeyOfSet(jwks, ALG);
  } catch (error) {
    if (error instanceof Mismatch) throw new Error(`no usable ${ALG} encryption key in the JWK set: ${error.found}`);
    throw error;
  }
  return encryptionKey(chosen);
}

/** An encryption key read from .env (CARD_ENCRYPTION_JWK, a keys URL's set) as jose takes it. */
export async function encryptionKey(chosen: JwkKey): Promise<EncryptionKey> {
  return { kid: chosen.kid, key: await importJWK(chosen.jwk as JWK, ALG), alg: ALG };
}

/** A public key read from .env (CARD_ENCRYPTION_PEM) with the kid given beside it. */
export async function encryptionKeyFromPublicKey(key: KeyObject, kid: string): Promise<EncryptionKey> {
  return { kid, key: await importJWK(key.export({ format: 'jwk' }) as JWK, ALG), alg: ALG };
}

/**
 * The same public key under another key management algorithm of its family (RSA-OAEP over SHA-1 for the published RSA-OAEP-256):
 * card data wrapped otherwise than the published key names, which the service does not decrypt (reference/card-enrollment.md, facts).
 */
export async function underOtherAlgorithm(key: EncryptionKey, alg: string): Promise<EncryptionKey> {
  if (key.key instanceof Uint8Array) throw new Error(`a secret key is no RSA key to wrap under ${alg}`);
  const jwk = await exportJWK(key.key);
  return { kid: key.kid, key: await importJWK({ ...jwk, alg }, alg), alg };
}

/** Encrypts a JSON value into a compact JWE (five base64url segments). */
export async function encryptJson(value: unknown, key: EncryptionKey, enc = 'A128GCM'): Promise<string> {
  // The client cannot see inside the JWE: note its card data, which no response may carry in clear.
  noteSentPlaintext(value);
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
    .setProtectedHeader({ alg: key.alg, enc, kid: key.kid })
    .encrypt(key.key);
  encrypted.set(jwe, value);
  if (encrypted.size > 2_000) encrypted.delete(encrypted.keys().next().value!);
  return jwe;
}

/** The plaintexts of the JWEs this worker made lately, by their compact form: what a request carries inside. */
const encrypted = new Map<string, unknown>();

/** The plaintexts of the JWEs a request body carries (those this worker encrypted), for the request rules. */
export function plaintextsIn(body: unknown): unknown[] {
  return [...scalars(body)]
    .filter(({ value }) => typeof value === 'string' && encrypted.has(value))
    .map(({ value }) => encrypted.get(value as string));
}
