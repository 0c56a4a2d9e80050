// The sensitive values a target echoed in clear, known to every process of the run, never kept in clear: each worker appends a
// found value's length and HMAC-SHA-256 (a key only the run's processes hold) to a ledger in the temporary folder, read by the
// runner's redaction and leak scan and removed as the run ends (PCI DSS: a security code is never stored, not even in a report).
// The length lets a reader hash only the candidates as long as some echoed value: the runner redacts every step's title.
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

/** Keyed hashes of the texts asked about, kept: a run redacts the same ids and values again and again. */
const hashes = new Map<string, string>();
const hash = (value: string) => {
  let h = hashes.get(value);
  if (h === undefined) {
    h = createHmac('sha256', process.env[KEY] ?? '')
      .update(value)
      .digest('hex');
    if (hashes.size >= 50_000) hashes.clear();
    hashes.set(value, h);
  }
  return h;
};
const mine = new Set<string>();
/** The ledger as last read: its byte size, its hashes, and the lengths of the values they stand for. */
let read: { size: number; hashes: Set<string>; lengths: Set<number> } = { size: -1, hashes: new Set(), lengths: new Set() };

/** Notes a sensitive value a target echoed: in this process's memory, and as a keyed hash in the run's ledger. */
export function noteEchoed(value: string): void {
  if (mine.has(value)) return;
  mine.add(value);
  const file = process.env[LEDGER];
  if (file) fs.appendFileSync(file, `${value.length} ${hash(value)}\n`, { mode: 0o600 });
}

/** Whether the ledger was looked at in this synchronous pass (a body's redaction asks once per member). */
let lookedAt = false;

/** The ledger's hashes, read again when it grew; looked at once per synchronous pass, since no other process's append can
 * be told from one a microsecond later. */
function ledger(): typeof read {
  if (lookedAt) return read;
  lookedAt = true;
  queueMicrotask(() => {
    lookedAt = false;
  });
  const file = process.env[LEDGER];
  const size = (file && fs.statSync(file, { throwIfNoEntry: false })?.size) || 0;
  if (size !== read.size) {
    const lines = size ? fs.readFileSync(file!, 'utf8').split('\n').filter(Boolean) : [];
    const entries = lines.map((line) => line.split(' '));
    read = { size, hashes: new Set(entries.map(([, h]) => h)), lengths: new Set(entries.map(([n]) => Number(n))) };
  }
  return read;
}

/** How many echoed values the run knows so far (a cache of redacted texts is void once it grows). */
export function echoedCount(): number {
  return Math.max(mine.size, ledger().hashes.size);
}

/** Whether a text is a value a target echoed in this run (seen by this process or any other). */
export function isEchoed(value: string): boolean {
  return echoedTest()?.(value) ?? false;
}

/** The test of a text's candidates against the ledger now (read once per text), or undefined when no value was echoed. */
function echoedTest(): ((value: string) => boolean) | undefined {
  const { hashes: known, lengths } = ledger();
  if (!mine.size && !known.size) return undefined;
  return (value) => mine.has(value) || (lengths.has(value.length) && known.has(hash(value)));
}

/** Where an echoed value can stand: 3 to 19 digits, or 8 or more secret, token or key characters, not inside a longer run. */
const CANDIDATES =
  /(?<![0-9A-Za-z])[0-9]{3,19}(?![0-9A-Za-z])|(?<![A-Za-z0-9!@#$%&*_+.-])[A-Za-z0-9!@#$%&*_+.-]{8,255}(?![A-Za-z0-9!@#$%&*_+.-])/g;

/** The echoed value a candidate is, itself or without the full stops that end a sentence after it. */
function echoedIn(candidate: string, echoed: (value: string) => boolean): string | undefined {
  if (echoed(candidate)) return candidate;
  const bare = candidate.replace(/\.+$/, '');
  return bare !== candidate && bare && echoed(bare) ? bare : undefined;
}

/** `text` with every value a target echoed in this run replaced by `by`. */
export function withoutEchoed(text: string, by: string): string {
  const echoed = echoedTest();
  if (!echoed) return text;
  return text.replace(CANDIDATES, (m) => {
    const hit = echoedIn(m, echoed);
    return hit ? by + m.slice(hit.length) : m;
  });
}

/** Whether `text` holds a value a target echoed in this run. */
export function holdsEchoed(text: string): boolean {
  const echoed = echoedTest();
  return echoed !== undefined && [...text.matchAll(CANDIDATES)].some((m) => echoedIn(m[0], echoed) !== undefined);
}

/** A deep copy of a JSON value with every value a target echoed in this run blanked in its strings. */
export function echoedOutOf<T>(value: T): T {
  if (!echoedCount()) return value;
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? withoutEchoed(v, '[REDACTED]')
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk(value) as T;
}

/** Removes the run's ledger (the run's end). */
function closeSentLedger(): void {
  const file = process.env[LEDGER];
  if (file) fs.rmSync(file, { force: true });
}
