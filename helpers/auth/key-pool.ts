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

/**
 * Whether this process makes the pair: the first to create its claim file does. Workers start
 * together, and without the claim each would make the same pairs (a third of a second apiece).
 */
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
