// JWE for card data with `jose` (reference/card-enrollment.md: compact serialization,
// RSA-OAEP-256 / A128GCM, `kid` in the protected header). Keys come from a JWK set (the mock's
// GET /keys or a sandbox URL) or from .env (a JWK, or a PEM public key plus its kid).
import { noteSentPlaintext } from '../secrets/sensitive.js';
import { CompactEncrypt, importJWK, importSPKI, type CryptoKey, type JWK } from 'jose';

export interface EncryptionKey {
  kid: string;
  key: CryptoKey | Uint8Array;
  alg: string;
}

export async function keyFromJwks(jwks: { keys?: JWK[] }, alg = 'RSA-OAEP-256'): Promise<EncryptionKey> {
  const jwk = jwks.keys?.find((k) => (k.use === undefined || k.use === 'enc') && (k.alg === undefined || k.alg === alg));
  if (!jwk?.kid) throw new Error(`no ${alg} encryption key with a kid in the JWK set`);
  return { kid: jwk.kid, key: await importJWK(jwk, alg), alg };
}

export async function keyFromJwk(json: string, alg = 'RSA-OAEP-256'): Promise<EncryptionKey> {
  const jwk = JSON.parse(json) as JWK;
  if (!jwk.kid) throw new Error('the encryption JWK has no kid');
  return { kid: jwk.kid, key: await importJWK(jwk, alg), alg };
}

export async function keyFromPem(pem: string, kid: string, alg = 'RSA-OAEP-256'): Promise<EncryptionKey> {
  return { kid, key: await importSPKI(pem.replace(/\\n/g, '\n'), alg), alg };
}

/** Encrypts a JSON value into a compact JWE (five base64url segments). */
export async function encryptJson(value: unknown, key: EncryptionKey, enc = 'A128GCM'): Promise<string> {
  // The client cannot see inside the JWE: note its card data, which no response may carry in clear.
  noteSentPlaintext(value);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
    .setProtectedHeader({ alg: key.alg, enc, kid: key.kid })
    .encrypt(key.key);
}
