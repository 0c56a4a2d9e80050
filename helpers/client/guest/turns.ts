// One check at a time across workers, for sandbox checks changing shared test data others read: the linked customer's TxPush
// subscriptions (DisableTxPushNotifications ends all of an account's). The turn is a temp file named for the runner process,
// holding the pid whose turn it is; one whose holder is gone is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { noteSpent, runningTest } from './time-budget.js';

/** Whether process `pid` still runs (one owned by another user counts: it exists). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits for the run's turn `name` (at most `timeoutMs`, then throws) and answers the function that gives it back. */
export async function takeTurn(name: string, timeoutMs: number): Promise<() => void> {
  const file = path.join(os.tmpdir(), `suite-turn-${process.ppid}-${name}`);
  const began = Date.now();
  const deadline = began + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      // The wait for another check's turn: the running check's time on a turn (time-budget.ts).
      noteSpent(runningTest(), 'turns', Date.now() - began);
      return () => {
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    let ageMs = 0;
    try {
      holder = Number(fs.readFileSync(file, 'utf8'));
      ageMs = Date.now() - fs.statSync(file).mtimeMs;
    } catch {
      continue; // given back meanwhile
    }
    // A file still empty is a turn being taken (its pid not yet written), unless it stays so.
    if (holder ? !alive(holder) : ageMs > 5000) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`waited ${Math.round(timeoutMs / 1000)} s for the turn '${name}', held by worker pid ${holder}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
