// The mock's JWE key pair (reference: RSA-OAEP-256 / A128GCM with kid) and its JWK set at GET /keys.
import { randomUUID } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export interface EncryptionKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: Record<string, unknown>[] };
}

export async function createEncryptionKeys(): Promise<EncryptionKeys> {
  const kid = `ce-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048 });
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
