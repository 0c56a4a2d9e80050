// One run per checkout (reports/ is one run's output): a run (`npm test`'s Playwright, certify, a mutation run) takes
// reports/.run.lock (pid, command, start) before writing there; a second is refused in a line naming the first; a dead pid's
// lock is taken over, said in a line. A run the holder starts (certify's Playwright, mutation batches) enters with the
// holder's token in RUN_LOCK_ENV; another folder has its own lock.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { orElse } from '../config/or-else.js';

/** The variable a holder passes to the runs it starts itself. */
export const RUN_LOCK_ENV = 'SUITE_RUN_LOCK';
const LOCK_FILE = '.run.lock';

export interface LockHolder {
  pid: number;
  command: string;
  startedAt: string;
  token: string;
}

/** A second run in a checkout that one run holds. */
export class RunRefused extends Error {}

/** The lock held in this process (shared by every copy of this module the runner loads). */
const HELD = Symbol.for('contract-suite.run-lock');
type Held = { file: string; token: string; shared?: boolean };
const heldHere = () => (globalThis as Record<symbol, Held | undefined>)[HELD];

export const lockFile = (reportsDir: string): string => path.join(reportsDir, LOCK_FILE);

/** Whether the run holding a lock is still there: its pid lives and (where /proc tells) is a node process, not a pid reused since. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return orElse(() => /node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')), true);
}

/** The run named in a lock file: undefined when there is none, 'unreadable' while it is being written. */
export function readHolder(file: string): LockHolder | undefined | 'unreadable' {
  const text = orElse(() => fs.readFileSync(file, 'utf8'), undefined);
  if (text === undefined) return undefined;
  const holder = orElse(() => JSON.parse(text) as LockHolder | null, null);
  return typeof holder?.pid === 'number' && typeof holder.token === 'string' ? holder : 'unreadable';
}

/** The command line of this process as a user typed it (npm script and arguments). */
export function commandLine(): string {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : 'node';
  const own = /playwright/.test(path.basename(script)) || /@playwright[\\/]test[\\/]cli\.js$/.test(script) ? 'playwright' : script;
  const args = process.argv.slice(2).join(' ');
  const event = process.env.npm_lifecycle_event;
  return `${event && event !== 'npx' ? `npm run ${event}: ` : ''}${own}${args ? ` ${args}` : ''}`;
}

/** The one line refusing a second run. */
export function refusalLine(holder: LockHolder, file: string): string {
  return (
    `another run holds this checkout: pid ${holder.pid}, "${holder.command}", started ${holder.startedAt} (${path.relative(process.cwd(), file) || file}); ` +
    'its reports would be overwritten: wait for it to end, or run in another clone'
  );
}

/** Who holds the checkout now: nobody (or a dead run), this process (or the run that started it), or another live run. */
export function lockState(
  reportsDir: string,
  env: NodeJS.ProcessEnv = process.env,
): { state: 'free' } | { state: 'mine' } | { state: 'other'; holder: LockHolder; line: string } {
  const file = lockFile(reportsDir);
  const holder = readHolder(file);
  if (!holder || holder === 'unreadable' || !alive(holder.pid)) return { state: 'free' };
  const mine = heldHere();
  if ((mine?.file === file && mine.token === holder.token) || env[RUN_LOCK_ENV] === holder.token) return { state: 'mine' };
  return { state: 'other', holder, line: refusalLine(holder, file) };
}

/** The one line saying a dead run's lock was taken over. */
export const takeOverLine = (holder: LockHolder, file: string): string =>
  `took over ${path.relative(process.cwd(), file) || file} from pid ${holder.pid} ("${holder.command}", started ${holder.startedAt}), which has ended`;

/**
 * Takes the checkout, or throws RunRefused naming the holder; a run the holder started (RUN_LOCK_ENV) shares its lock; released
 * at exit; a dead run's lock taken over is said in one line (`say`).
 */
export function acquireRunLock(
  reportsDir: string,
  command = commandLine(),
  env: NodeJS.ProcessEnv = process.env,
  say: (line: string) => void = console.error,
): { token: string; inherited: boolean; tookOver?: LockHolder } {
  const file = lockFile(reportsDir);
  // The first write of every run: a folder it cannot write is said with what to do, never as an errno alone.
  const unwritable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return error;
    return new RunRefused(
      `the reports folder ${reportsDir} cannot be written (${code}${code === 'EROFS' ? ': a read-only file system' : ''}): every run writes its lock and reports there; make it writable (chmod -R u+w ${reportsDir}${code === 'EROFS' ? ', or work in a clone on a writable disk' : ''}) and run again`,
    );
  };
  try {
    fs.mkdirSync(reportsDir, { recursive: true });
  } catch (error) {
    throw unwritable(error);
  }
  let tookOver: LockHolder | undefined;
  for (let attempt = 0; attempt < 25; attempt++) {
    const holder: LockHolder = { pid: process.pid, command, startedAt: new Date().toISOString(), token: randomUUID() };
    try {
      fs.writeFileSync(file, `${JSON.stringify(holder)}\n`, { flag: 'wx' });
      (globalThis as Record<symbol, Held>)[HELD] = { file, token: holder.token };
      process.once('exit', () => releaseRunLock(reportsDir));
      if (tookOver) say(takeOverLine(tookOver, file));
      return { token: holder.token, inherited: false, ...(tookOver ? { tookOver } : {}) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritable(error);
    }
    const current = readHolder(file);
    if (current === 'unreadable') {
      // Being written by the run that just created it: read it again in a moment; still unreadable
      // after a second, it is the remains of a run killed while writing it.
      if (attempt < 19) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
    } else if (current) {
      const mine = heldHere();
      if (alive(current.pid)) {
        if ((mine?.file === file && mine.token === current.token) || env[RUN_LOCK_ENV] === current.token) {
          // Run by the holder: this process writes as part of the holder's run (the holder releases).
          if (!mine) (globalThis as Record<symbol, Held>)[HELD] = { file, token: current.token, shared: true };
          return { token: current.token, inherited: true };
        }
        throw new RunRefused(refusalLine(current, file));
      }
      tookOver = current;
    }
    // A dead run's lock: removed only if it is still the one judged dead (another run may have taken it meanwhile).
    const again = readHolder(file);
    if (again === current || (again && again !== 'unreadable' && current && current !== 'unreadable' && again.token === current.token))
      fs.rmSync(file, { force: true });
  }
  throw new RunRefused(`could not take ${file}: it keeps changing (another run is starting?)`);
}

/** Gives the checkout back (only the lock this process took). */
export function releaseRunLock(reportsDir: string): void {
  const file = lockFile(reportsDir);
  const mine = heldHere();
  if (!mine || mine.file !== file || mine.shared) return;
  const holder = readHolder(file);
  if (holder && holder !== 'unreadable' && holder.token === mine.token) fs.rmSync(file, { force: true });
  delete (globalThis as Record<symbol, Held | undefined>)[HELD];
}
