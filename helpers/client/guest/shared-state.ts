// A state the workers share on a sandbox (the partner's lists): a check needing one unchanged while it reads holds it alone
// (`holdAlone`); a call writing one holds it shared (`holdShared`); a waiting alone holder goes before new shared ones.
// One lock file per state (reports/.raw/<run>/states/) under a mutex folder (mkdir is atomic); a dead holder is dropped;
// not held within STATE_WAIT_MS: an error, no hang.
import fs from 'node:fs';
import path from 'node:path';
import { alive } from './turns.js';
import { sleepMs } from './rate.js';
import { noteSpent, runningTest } from './time-budget.js';

type StateMode = 'shared' | 'alone';

interface LockState {
  /** Processes holding the state shared, with their count of holds. */
  shared: Record<string, number>;
  /** The process holding it alone, its count of holds and what for. */
  alone?: { pid: number; count: number; what: string };
  /** Processes waiting to hold it alone (they go first). */
  waiting: Record<string, string>;
}

/** How long a hold waits before it fails naming the holder (an alone window is seconds; a call holds a state shared for one exchange). */
const STATE_WAIT_MS = 180_000;
const MUTEX_STALE_MS = 10_000;

const statesDir = () => path.resolve(process.cwd(), 'reports', '.raw', process.env.SUITE_RUN_ID ?? 'default', 'states');
const fileOf = (state: string) => path.join(statesDir(), `${state.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);

/** Runs `change` on the state's lock file under its mutex; returns what `change` returns. */
async function locked<T>(state: string, change: (s: LockState) => T): Promise<T> {
  const file = fileOf(state);
  const mutex = `${file}.mutex`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(mutex);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A mutex left by a process killed inside its few lines below.
      try {
        if (Date.now() - fs.statSync(mutex).mtimeMs > MUTEX_STALE_MS) fs.rmSync(mutex, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      await sleepMs(5);
    }
  }
  try {
    let current: LockState = { shared: {}, waiting: {} };
    try {
      current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockState;
    } catch {
      // first use
    }
    // Holders whose process is gone (a worker ended by a time-out or a crash) hold nothing.
    for (const pid of Object.keys(current.shared)) if (!alive(Number(pid))) delete current.shared[pid];
    for (const pid of Object.keys(current.waiting)) if (!alive(Number(pid))) delete current.waiting[pid];
    if (current.alone && !alive(current.alone.pid)) current.alone = undefined;
    const result = change(current);
    fs.writeFileSync(file, JSON.stringify(current));
    return result;
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

const me = String(process.pid);

/** Takes one state in a mode, waiting while another process holds it in a way that excludes it. */
async function take(state: string, mode: StateMode, what: string, waitMs = STATE_WAIT_MS): Promise<void> {
  const began = Date.now();
  const deadline = began + waitMs;
  let blocker = '';
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const taken = await locked(state, (s) => {
      const mine = s.alone?.pid === process.pid;
      if (mode === 'shared') {
        // A process holding the state alone writes it itself; others wait for it, and for a waiting alone holder, but for one
        // already holding it shared (a hold kept across a file's checks: fixtures/financial-data/report-batch.ts), which takes it
        // again: the waiting holder waits for its holds to end in any case, so waiting here would wait on itself.
        const waitingOther = Object.keys(s.waiting).some((pid) => pid !== me);
        if (mine || (!s.alone && (!waitingOther || (s.shared[me] ?? 0) > 0))) {
          if (mine) s.alone!.count++;
          else s.shared[me] = (s.shared[me] ?? 0) + 1;
          return true;
        }
        blocker = s.alone ? `held alone by process ${s.alone.pid} (${s.alone.what})` : 'a check waiting to hold it alone';
        return false;
      }
      if (mine) {
        s.alone!.count++;
        return true;
      }
      const othersShared = Object.keys(s.shared).filter((pid) => pid !== me);
      if (!s.alone && othersShared.length === 0) {
        // This process's own shared holds (a call in flight) become part of its alone hold.
        s.alone = { pid: process.pid, count: 1 + (s.shared[me] ?? 0), what };
        delete s.shared[me];
        delete s.waiting[me];
        return true;
      }
      s.waiting[me] = what;
      blocker = s.alone ? `held alone by process ${s.alone.pid} (${s.alone.what})` : `written by processes ${othersShared.join(', ')}`;
      return false;
    });
    if (taken) {
      heldHere.set(state, [...(heldHere.get(state) ?? []), mode]);
      // The wait for another check's hold: the running check's time on a turn (time-budget.ts), not the target's nor its own.
      noteSpent(runningTest(), 'turns', Date.now() - began);
      return;
    }
    if (Date.now() > deadline) {
      if (mode === 'alone') await locked(state, (s) => void delete s.waiting[me]);
      throw new Error(`shared state '${state}': not held ${mode} after ${Math.round(waitMs / 1000)} s (${what}): ${blocker}`);
    }
    await sleepMs(pause);
  }
}

/** What this process holds of each state (its holds, in its own memory). */
const heldHere = new Map<string, StateMode[]>();

/** Whether this process holds the state alone now (a check that changes it declared so). */
export const holdsAlone = (state: string): boolean => heldHere.get(state)?.includes('alone') ?? false;
/** Whether this process holds the state at all now (shared or alone). */
export const holds = (state: string): boolean => (heldHere.get(state)?.length ?? 0) > 0;

async function give(state: string, mode: StateMode): Promise<void> {
  const modes = heldHere.get(state) ?? [];
  if (modes.lastIndexOf(mode) >= 0) modes.splice(modes.lastIndexOf(mode), 1);
  await locked(state, (s) => {
    if (s.alone?.pid === process.pid) {
      if (--s.alone.count <= 0) s.alone = undefined;
    } else if (s.shared[me]) {
      if (--s.shared[me] <= 0) delete s.shared[me];
    }
  });
}

/** Holds every state, shared or alone, until the release returned is called; taken in one order (no crosswise waits). */
export async function hold(states: readonly string[], mode: StateMode, what: string, waitMs = STATE_WAIT_MS): Promise<() => Promise<void>> {
  const sorted = [...new Set(states)].sort();
  const held: string[] = [];
  try {
    for (const s of sorted) {
      await take(s, mode, what, waitMs);
      held.push(s);
    }
  } catch (error) {
    for (const s of held.reverse()) await give(s, mode);
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    for (const s of [...held].reverse()) await give(s, mode);
  };
}

/** Holds every state shared for the length of a call writing them; returns the release. */
export const holdShared = (states: readonly string[], what: string) => hold(states, 'shared', what);

/** Runs `check` while no other worker writes any of `states` (on the mocks, each worker's own target: call `check` directly). */
export async function holdAlone<T>(states: readonly string[], what: string, check: () => Promise<T>): Promise<T> {
  const release = await hold(states, 'alone', what);
  try {
    return await check();
  } finally {
    await release();
  }
}

/** Runs `prepare` once in the run, by the first worker, holding `state` alone; the others wait (a marker says it was done). */
export async function onceInRun(state: string, key: string, what: string, prepare: () => Promise<void>): Promise<void> {
  const marker = path.join(statesDir(), `${key.replace(/[^A-Za-z0-9_.-]/g, '_')}.done`);
  if (fs.existsSync(marker)) return;
  await holdAlone([state], what, async () => {
    if (fs.existsSync(marker)) return;
    await prepare();
    fs.writeFileSync(marker, new Date().toISOString());
  });
}

/** Whether this process is the first of the run to claim `key` of `kind` (an object of the target one check of the run may use), across its workers. */
export function claimOnce(kind: string, key: string): boolean {
  const dir = path.join(statesDir(), 'claims', kind.replace(/[^A-Za-z0-9_.-]/g, '_'));
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(path.join(dir, key.replace(/[^A-Za-z0-9_.-]/g, '_')), String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Removes the run's lock files once its workers are gone (the global teardown of a sandbox run). */
export function forgetStates(): void {
  fs.rmSync(statesDir(), { recursive: true, force: true });
}
