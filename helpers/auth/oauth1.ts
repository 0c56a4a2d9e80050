// OAuth 1.0a signing with the provider's signer (`mastercard-oauth1-signer`; reference/installments.md, Transport and auth)
// and the mock's verification, its base string rebuilt with the signer's own RFC 5849 functions (never disagreeing).
import { createHash, createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import OAuth from 'mastercard-oauth1-signer';
import type { Authorizer } from './authorizer.js';

// The signer exports its RFC 5849 steps on the class object; its typings only declare the header.
const steps = OAuth as unknown as {
  extractQueryParams(uri: string): Map<string, Set<string>>;
  toOAuthParamString(query: Map<string, Set<string>>, oauth: Map<string, string>): string;
  getBaseUriString(uri: string): string;
  getSignatureBaseString(method: string, baseUri: string, params: string): string;
  getBodyHash(payload: string): string;
};

export interface SigningCredentials {
  consumerKey: string;
  /** PKCS#8 PEM of the RSA private key (the signer's `signingKey`). */
  signingKey: string;
}

/** The client's Authorizer: `Authorization: OAuth ...` over method, URL (with query) and body. */
export function oauth1Authorizer(credentials: SigningCredentials): Authorizer {
  return ({ method, url, body }) => ({ authorization: signRequest(credentials, method, url, body) });
}

/** Each signing key read once: `Sign.sign` parses a PEM on every call (three quarters of a signature's CPU), a key object not. */
const keyObjects = new Map<string, KeyObject>();
function keyObjectOf(pem: string): KeyObject {
  let key = keyObjects.get(pem);
  if (!key) keyObjects.set(pem, (key = createPrivateKey(pem)));
  return key;
}

export function signRequest(
  { consumerKey, signingKey }: SigningCredentials,
  method: string,
  url: string,
  body: string | undefined,
): string {
  // The signer's typings say string; it passes the key through to `Sign.sign`, which takes a KeyObject.
  return OAuth.getAuthorizationHeader(url, method, body ?? null, consumerKey, keyObjectOf(signingKey) as unknown as string);
}

/** The PKCS#8 PEM the signer takes, from a private key read from .env (a PEM or a PKCS#12 keystore: helpers/config/env-types.ts). */
export function signingKeyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The oauth_* parameters of an `Authorization: OAuth k="v",...` header, values as sent. */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  if (!header || !/^OAuth\s/i.test(header)) return undefined;
  const params = new Map<string, string>();
  for (const match of header.slice(6).matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)) {
    // RFC 5849 section 3.5.1: a parameter appears at most once; a header naming one twice is malformed.
    if (params.has(match[1])) return undefined;
    params.set(match[1], match[2]);
  }
  return params;
}

/** RFC 5849 section 3.4.1 base string, built the way the signer builds it. */
export function signatureBaseString(method: string, url: string, oauthParams: Map<string, string>): string {
  const params = new Map([...oauthParams].filter(([k]) => k !== 'oauth_signature'));
  const paramString = steps.toOAuthParamString(steps.extractQueryParams(url), params);
  return steps.getSignatureBaseString(method, steps.getBaseUriString(url), paramString);
}

export function bodyHash(body: string | undefined): string {
  return createHash('sha256')
    .update(body ?? '', 'utf8')
    .digest('base64');
}

export type Verification =
  | { ok: true; consumerKey: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'unknown-key' | 'body-hash' | 'signature'; consumerKey?: string };

interface SignedRequest {
  method: string;
  /** The full URL the client signed (scheme, host, port, path, raw query). */
  url: string;
  authorization: string | undefined;
  body: string | undefined;
}

/** Verifies signature (RSA-SHA256 over the base string) and body hash; `keyFor` maps consumer keys to public keys. */
export function verifyRequest(
  request: SignedRequest,
  keyFor: (consumerKey: string) => KeyObject | undefined,
  checks = { bodyHash: true, signature: true },
): Verification {
  if (!request.authorization) return { ok: false, reason: 'missing' };
  const params = parseOAuthHeader(request.authorization);
  const consumerKey = params?.get('oauth_consumer_key');
  const signature = params?.get('oauth_signature');
  if (!params || !consumerKey || !signature || params.get('oauth_signature_method') !== 'RSA-SHA256')
    return { ok: false, reason: 'malformed' };
  const key = keyFor(consumerKey);
  if (!key) return { ok: false, reason: 'unknown-key', consumerKey };
  if (checks.bodyHash && params.get('oauth_body_hash') !== bodyHash(request.body)) return { ok: false, reason: 'body-hash', consumerKey };
  if (!checks.signature) return { ok: true, consumerKey };
  let valid = false;
  try {
    const base = signatureBaseString(request.method, request.url, params);
    valid = verify('RSA-SHA256', Buffer.from(base), key, Buffer.from(decodeURIComponent(signature), 'base64'));
  } catch {
    valid = false;
  }
  return valid ? { ok: true, consumerKey } : { ok: false, reason: 'signature', consumerKey };
}

export function publicKeyOf(pemOrJwk: string | object): KeyObject {
  return typeof pemOrJwk === 'string' ? createPublicKey(pemOrJwk) : createPublicKey({ key: pemOrJwk as never, format: 'jwk' });
}
