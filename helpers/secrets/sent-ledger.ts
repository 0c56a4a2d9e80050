// The security codes a target echoed, known to every process of the run without being kept in clear:
// a worker encrypts a card (its code inside the JWE) and meets the code again in an answer, while the
// reports are written by the runner's process, which never saw it. A code is short: as a value it
// cannot be told from a status or a count by itself, so only a code a judge found echoed (by the
// member that carries it) is noted, and from then on redacted wherever it stands alone, in every
// process. Each worker appends a keyed hash of it (HMAC-SHA-256 under a key only the run's processes
// hold, in their environment) to a ledger in the system's temporary folder, outside everything the run
// reports; the runner's redaction and its leak scan read it, and the run removes it when it ends (PCI
// DSS: a security code is never stored, not even in a report that says it was echoed).
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LEDGER = 'SUITE_SENT_LEDGER';
const KEY = 'SUITE_SENT_KEY';

/** Names the run's ledger and key (the runner, before its workers start: they inherit both). */
export function openSentLedger(runId: string): void {
  if (process.env[LEDGER]) return;
  process.env[LEDGER] = path.join(os.tmpdir(), `suite-sent-${runId}`);
  process.env[KEY] ??= randomBytes(32).toString('hex');
  // The runner's process opened it: removed when that process ends, whatever ends it.
  process.once('exit', closeSentLedger);
}

const hash = (value: string) =>
  createHmac('sha256', process.env[KEY] ?? '')
    .update(value)
    .digest('hex');
const mine = new Set<string>();
let read: { size: number; hashes: Set<string> } = { size: -1, hashes: new Set() };

/** Notes a security code a target echoed: in this process's memory, and as a keyed hash in the run's ledger. */
export function noteEchoedCode(value: string): void {
  if (mine.has(value)) return;
  mine.add(value);
  const file = process.env[LEDGER];
  if (file) fs.appendFileSync(file, `${hash(value)}\n`, { mode: 0o600 });
}

/** The ledger's hashes, read again when it grew. */
function ledgerHashes(): Set<string> {
  const file = process.env[LEDGER];
  const size = file && fs.existsSync(file) ? fs.statSync(file).size : 0;
  if (size !== read.size) read = { size, hashes: new Set(size ? fs.readFileSync(file!, 'utf8').split('\n').filter(Boolean) : []) };
  return read.hashes;
}

/** How many echoed codes the run knows so far (a cache of redacted texts is void once it grows). */
export function sentCodesCount(): number {
  return Math.max(mine.size, ledgerHashes().size);
}

/** Whether a text is a security code a target echoed in this run (seen by this process or any other). */
export function isSentCode(value: string): boolean {
  return mine.has(value) || (ledgerHashes().size > 0 && ledgerHashes().has(hash(value)));
}

/** Removes the run's ledger (the run's end). */
export function closeSentLedger(): void {
  const file = process.env[LEDGER];
  if (file) fs.rmSync(file, { force: true });
}
