// A sandbox service's encryption key as .env gives it: a JWK, a PEM with its kid, or a JWK set URL judged on its answer
// (status, content type, a usable key), a line per failure naming the variable (offline forms: env-types.ts).
import type { KeyObject } from 'node:crypto';
import { requireValue, ValueError, type Env } from '../config/env-schema.js';
import { encryptionKeyOfSet, Mismatch, type JwkKey } from '../config/env-types.js';
import { encryptionKey, encryptionKeyFromPublicKey, type EncryptionKey } from '../auth/jwe.js';
import { networkCause } from './preflight.js';

const KEYS_RATE_WAIT_S = 60;

/** The first usable key of the JWK set at `url`, or a ValueError naming `variable` and what the URL answered. */
export async function fetchJwkSet(variable: string, url: string): Promise<JwkKey> {
  const expected =
    'a JWK set at that URL (200, JSON) with a usable RSA-OAEP-256 encryption key (public RSA, 2048 bits or more, with a kid)';
  const fail = (found: string) => new ValueError({ variable, expected, found });
  let res: Response;
  // A sandbox's rate limit reaches its key URL too: a 429 is waited out as its Retry-After asks
  // (within KEYS_RATE_WAIT_S in all), never taken for a URL that serves no key.
  for (let waited = 0; ; ) {
    try {
      res = await fetch(url, { headers: { accept: 'application/jwk-set+json, application/json' }, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw fail(`no answer from ${new URL(url).origin} (${networkCause(error)})`);
    }
    if (res.status !== 429 || waited >= KEYS_RATE_WAIT_S) break;
    const retryAfter = res.headers.get('retry-after')?.trim() ?? '';
    const seconds = Math.min(KEYS_RATE_WAIT_S - waited, /^[0-9]+$/.test(retryAfter) ? Math.max(Number(retryAfter), 0.1) : 1);
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    waited += seconds;
  }
  const type = res.headers.get('content-type')?.split(';')[0].trim() || 'no content type';
  if (res.status !== 200) throw fail(`${res.status} (${type})`);
  if (!/^application\/([a-z.+-]*\+)?json$/i.test(type)) throw fail(`200 with ${type}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw fail(`200 with a body that is not JSON`);
  }
  try {
    return encryptionKeyOfSet(body);
  } catch (error) {
    if (error instanceof Mismatch) throw fail(error.found);
    throw error;
  }
}

export type KeyPrefix = 'CARD' | 'INSTALLMENTS';

/** Which variable holds the configured key (the first complete form: JWK, PEM + kid, keys URL). */
export function encryptionKeyVariable(prefix: KeyPrefix, env: Env): string {
  if (env[`${prefix}_ENCRYPTION_JWK`]) return `${prefix}_ENCRYPTION_JWK`;
  if (env[`${prefix}_ENCRYPTION_PEM`]) return `${prefix}_ENCRYPTION_PEM`;
  return `${prefix}_KEYS_URL`;
}

/** The configured encryption key as jose takes it, with a line saying what it is. */
export async function configuredEncryptionKey(
  prefix: KeyPrefix,
  env: Env,
): Promise<{ key: EncryptionKey; variable: string; what: string }> {
  const variable = encryptionKeyVariable(prefix, env);
  if (variable.endsWith('_JWK')) {
    const jwk = requireValue<JwkKey>(variable, env);
    return { key: await encryptionKey(jwk), variable, what: `an RSA key, kid ${JSON.stringify(jwk.kid)}` };
  }
  if (variable.endsWith('_PEM')) {
    const kid = requireValue<string>(`${prefix}_ENCRYPTION_KID`, env);
    return {
      key: await encryptionKeyFromPublicKey(requireValue<KeyObject>(variable, env), kid),
      variable,
      what: `an RSA key, kid ${JSON.stringify(kid)}`,
    };
  }
  const url = requireValue<string>(variable, env);
  const jwk = await fetchJwkSet(variable, url);
  return { key: await encryptionKey(jwk), variable, what: `a JWK set with a usable RSA key, kid ${JSON.stringify(jwk.kid)}` };
}
