// The mock's JWE key (reference, payload encryption: RSA-OAEP-256 / A256GCM) and its public JWK
// set at GET /keys, which also carries the public key the service signs notifications with.
import { randomUUID } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import type { ConsumerKey } from './state.js';

export interface InstallmentsKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: Record<string, unknown>[] };
}

export async function createInstallmentsKeys(serviceKey: ConsumerKey): Promise<InstallmentsKeys> {
  const kid = `inst-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048 });
  const enc = { ...(await exportJWK(publicKey)), kid, use: 'enc', alg: 'RSA-OAEP-256' };
  const sig = { ...serviceKey.publicKey.export({ format: 'jwk' }), kid: serviceKey.consumerKey, use: 'sig', alg: 'RS256' };
  return { kid, privateKey, jwks: { keys: [enc, sig] } };
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
