// The RSA key pairs the mocks make at start (signing keys, the JWE key) and a stranger's signing
// key, made once per run: a 2048-bit pair costs about 0.15 s of CPU, an installments mock makes five,
// and Playwright starts a new worker (so new mocks) after every failed check. Within a run the pairs
// are kept in the run's folder named by SUITE_KEY_POOL_DIR (helpers/run/global-setup.ts, removed at
// the end of the run); without it (`npm run mock`, a tool) every start makes its own. A pair is the
// same for every mock of the run that asks for that name; each mock keeps its own state and key ids.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const KEY_POOL_ENV = 'SUITE_KEY_POOL_DIR';

const made = new Map<string, { publicKey: KeyObject; privateKey: KeyObject }>();

/** The run's RSA-2048 key pair called `name` (made on first use). */
export function pooledKeyPair(name: string): { publicKey: KeyObject; privateKey: KeyObject } {
  const dir = process.env[KEY_POOL_ENV];
  if (!dir) return generateKeyPairSync('rsa', { modulusLength: 2048 });
  const known = made.get(name);
  if (known) return known;
  const file = path.join(dir, `${name.replace(/[^a-z0-9-]/gi, '_')}.pem`);
  let pair: { publicKey: KeyObject; privateKey: KeyObject } | undefined;
  try {
    const privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
    pair = { privateKey, publicKey: createPublicKey(privateKey) };
  } catch {
    // Not made yet in this run (or the folder is gone): make it, and keep it for the next worker.
    pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    try {
      const tmp = `${file}.${process.pid}`;
      fs.writeFileSync(tmp, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      fs.renameSync(tmp, file);
    } catch {
      // A run folder that cannot be written only costs the next worker its own pair.
    }
  }
  made.set(name, pair);
  return pair;
}
