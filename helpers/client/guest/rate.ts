// A guest's rate manners on a sandbox (on the mocks a 429 reaches the check as it is): never faster than SANDBOX_MAX_RPS
// (shared by the workers), a 429 waited out as its Retry-After asks (RFC 9110, 10.2.3: seconds or an HTTP date), a bounded
// number of times. Slowing a guest is the target's right: each wait is added to the test's time budget (testInfo.setTimeout).
import { test, type TestInfo } from '@playwright/test';
import { noteSpent } from './time-budget.js';

/** Set by the global setup for the workers: this process's share of SANDBOX_MAX_RPS. */
export const RPS_SHARE_ENV = 'SUITE_RPS_PER_PROCESS';
/** How many times one call waits out a 429 at least (the tools' calls: at most) before the 429 is the answer. */
export const MAX_RATE_RETRIES = 5;
/** The longest single wait (a Retry-After beyond it is cut to it). */
const MAX_RETRY_WAIT_S = 60;
/** A call waits out 429s past MAX_RATE_RETRIES until its waits total this (workers wake together); then its check stops, not run. */
const MAX_CALL_WAIT_S = 300;

/** Whether a call that met its `attempt`-th 429 after waiting `waitedS` in all waits once more. */
export function waitsAgain(attempt: number, waitedS: number): boolean {
  return attempt < MAX_RATE_RETRIES || waitedS < MAX_CALL_WAIT_S;
}

/** Seconds a 429 asks to wait: its Retry-After, else a growing default (1, 2, 4 ... s). */
export function retryAfterSeconds(headers: Record<string, string>, attempt: number, now = Date.now()): number {
  const raw = headers['retry-after']?.trim();
  let seconds = 2 ** attempt;
  if (raw && /^[0-9]+$/.test(raw)) seconds = Number(raw);
  else if (raw && !Number.isNaN(Date.parse(raw))) seconds = Math.max(0, (Date.parse(raw) - now) / 1000);
  return Math.min(MAX_RETRY_WAIT_S, Math.max(seconds, 0.1));
}

let nextSlot = 0;

/** The test running in this worker now, if any (a fixture's set-up and teardown are inside it too). */
function runningTest(): TestInfo | undefined {
  try {
    return test.info();
  } catch {
    return undefined; // a tool, the global set-up or teardown: no test, no budget
  }
}

/** Waits `ms` as a guest (a Retry-After, a pacing slot), added to the running test's time budget unless it has none (0). */
export async function waitAsGuest(ms: number, testInfo: TestInfo | undefined = runningTest()): Promise<void> {
  if (!(ms > 0)) return;
  if (testInfo && testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + ms);
  noteSpent(testInfo, 'quota', ms);
  await sleepMs(ms);
}

/** Waits for this process's next request slot under its share of SANDBOX_MAX_RPS (no cap: at once). */
export async function paceRequest(testInfo?: TestInfo): Promise<void> {
  const share = Number(process.env[RPS_SHARE_ENV] ?? 0);
  if (!(share > 0)) return;
  const now = Date.now();
  const slot = Math.max(now, nextSlot);
  nextSlot = slot + 1000 / share;
  if (slot > now) await waitAsGuest(slot - now, testInfo ?? runningTest());
}

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
