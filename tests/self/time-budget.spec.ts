// Covers: helpers/client/guest/time-budget.ts. A check whose budget the suite spent while every
// answer came promptly stops before its next call, not judged ("out-of-time" skip), so that every
// report counts it alike; one after a slow answer goes on, and its time-out stays the target's.
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { ensureTimeLeft, noteAnswerTime, startBudget } from '../../helpers/client/guest/time-budget.js';
import { skipKindOf } from '../../helpers/client/annotations.js';

/** The parts of a TestInfo the budget reads; `skip` records instead of ending this self test. */
function fakeInfo(timeout: number) {
  const info = { timeout, annotations: [] as { type: string; description?: string }[], skipped: '' };
  const skip = (condition: boolean, reason: string) => {
    if (condition) info.skipped = reason;
  };
  return Object.assign(info, { skip }) as unknown as TestInfo & { skipped: string };
}

test('the suite ran out of time: not judged before the next call; after a slow answer the check goes on', () => {
  const now = Date.now();
  const spent = fakeInfo(10_000);
  startBudget(spent, now - 7_000);
  noteAnswerTime(spent, 40);
  ensureTimeLeft(spent);
  expect(skipKindOf(spent.annotations)).toBe('out-of-time');
  expect(spent.skipped).toMatch(/^not judged: the suite ran out of time, every answer of the target having come within TARGET_SLOW_MS/);

  const plenty = fakeInfo(60_000);
  startBudget(plenty, now - 7_000);
  noteAnswerTime(plenty, 40);
  ensureTimeLeft(plenty);
  expect(plenty.skipped).toBe('');

  // A slow target: its answer took longer than TARGET_SLOW_MS (default 30 s), so the time is its own.
  const slow = fakeInfo(40_000);
  startBudget(slow, now - 38_000);
  noteAnswerTime(slow, 31_000);
  ensureTimeLeft(slow);
  expect(slow.skipped).toBe('');
});
