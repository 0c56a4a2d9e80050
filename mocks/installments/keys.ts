// The mock's JWE key (reference, payload encryption: RSA-OAEP-256 / A256GCM) and GET /keys, with the notification signing key.
import { randomUUID } from 'node:crypto';
import { CompactEncrypt, compactDecrypt, exportJWK, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import type { ConsumerKey } from './state.js';

export interface InstallmentsKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwks: { keys: Record<string, unknown>[] };
}

export async function createInstallmentsKeys(serviceKey: ConsumerKey): Promise<InstallmentsKeys> {
  const kid = `inst-${randomUUID()}`;
  // The run's pair (helpers/auth/key-pool.ts), as the CryptoKeys jose decrypts with.
  const pair = pooledKeyPair('installments-jwe');
  const publicKey = await importSPKI(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RSA-OAEP-256', {
    extractable: true,
  });
  const privateKey = await importPKCS8(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RSA-OAEP-256');
  const enc = { ...(await exportJWK(publicKey)), kid, use: 'enc', alg: 'RSA-OAEP-256' };
  const sig = { ...serviceKey.publicKey.export({ format: 'jwk' }), kid: serviceKey.consumerKey, use: 'sig', alg: 'RS256' };
  return { kid, privateKey, publicKey, jwks: { keys: [enc, sig] } };
}

/** Decrypts a compact JWE made for our key with A256GCM; undefined when it is not one. */
export async function decryptJson(keys: InstallmentsKeys, jwe: string): Promise<unknown> {
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, keys.privateKey, {
      keyManagementAlgorithms: ['RSA-OAEP-256'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    if (protectedHeader.kid !== undefined && protectedHeader.kid !== keys.kid) return undefined;
    return JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    return undefined;
  }
}

/** Sensitive data as a compact JWE (RSA-OAEP-256 / A256GCM) under the mock's own key (no source gives the partner's): opaque to callers. */
export async function encryptJson(keys: InstallmentsKeys, value: unknown): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(value)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keys.kid })
    .encrypt(keys.publicKey);
}
