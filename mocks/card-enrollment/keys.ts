// The mock's JWE key pair (reference: RSA-OAEP-256 / A128GCM with kid) and its JWK set at GET /keys.
import { randomUUID } from 'node:crypto';
import { compactDecrypt, exportJWK, importPKCS8, importSPKI, type CryptoKey } from 'jose';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';

export interface EncryptionKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: Record<string, unknown>[] };
}

export async function createEncryptionKeys(): Promise<EncryptionKeys> {
  const kid = `ce-${randomUUID()}`;
  // The run's pair (helpers/auth/key-pool.ts), as the CryptoKeys jose decrypts with.
  const pair = pooledKeyPair('card-enrollment-jwe');
  const publicKey = await importSPKI(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RSA-OAEP-256', {
    extractable: true,
  });
  const privateKey = await importPKCS8(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RSA-OAEP-256');
  const jwk = await exportJWK(publicKey);
  return { kid, privateKey, jwks: { keys: [{ ...jwk, kid, use: 'enc', alg: 'RSA-OAEP-256' }] } };
}

/** Decrypts a compact JWE made for our key; undefined when it is not one. */
export async function decryptCard(keys: EncryptionKeys, jwe: string): Promise<unknown> {
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, keys.privateKey, {
      keyManagementAlgorithms: ['RSA-OAEP-256'],
      contentEncryptionAlgorithms: ['A128GCM', 'A256GCM'],
    });
    if (protectedHeader.kid !== undefined && protectedHeader.kid !== keys.kid) return undefined;
    return JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    return undefined;
  }
}
