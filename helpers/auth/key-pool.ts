// The mocks' RSA key pairs (signing, JWE, a stranger's signing key), made once per run (a 2048-bit pair costs about 0.15 s
// of CPU, an installments mock makes five, and a failed check restarts the worker): kept in SUITE_KEY_POOL_DIR
// (helpers/run/global-setup.ts); without it (`npm run mock`, a tool) each start makes its own. One pair per name per run.
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
  const pair =
    readPair(file) ?? (claim(file) ? makeAndKeep(file) : (awaitPair(file) ?? generateKeyPairSync('rsa', { modulusLength: 2048 })));
  made.set(name, pair);
  return pair;
}

function readPair(file: string): { publicKey: KeyObject; privateKey: KeyObject } | undefined {
  try {
    const privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
    return { privateKey, publicKey: createPublicKey(privateKey) };
  } catch {
    return undefined;
  }
}

/** Whether this process makes the pair: the first to create its claim file (workers start together). */
function claim(file: string): boolean {
  try {
    fs.closeSync(fs.openSync(`${file}.claim`, 'wx'));
    return true;
  } catch (error) {
    // Claimed by another process; any other error (a folder that cannot be written): make it here.
    return (error as NodeJS.ErrnoException).code !== 'EEXIST';
  }
}

function makeAndKeep(file: string): { publicKey: KeyObject; privateKey: KeyObject } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  try {
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    // A run folder that cannot be written only costs the next worker its own pair.
  }
  return pair;
}

/** The pair another process claimed, once it is written (a few seconds at most; then this process makes its own). */
function awaitPair(file: string): { publicKey: KeyObject; privateKey: KeyObject } | undefined {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < 5000; waited += 20) {
    const pair = readPair(file);
    if (pair) return pair;
    Atomics.wait(pause, 0, 0, 20);
  }
  return undefined;
}
