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
  // A check of this time-out, begun that long ago, whose last answer took that long: asked for time left.
  const checked = (timeout: number, begunMsAgo: number, answerMs: number) => {
    const info = fakeInfo(timeout);
    startBudget(info, now - begunMsAgo);
    noteAnswerTime(info, answerMs);
    ensureTimeLeft(info);
    return info;
  };
  const spent = checked(10_000, 7_000, 40);
  expect(skipKindOf(spent.annotations)).toBe('out-of-time');
  expect(spent.skipped).toMatch(/^not judged: the suite ran out of time, every answer of the target having come within TARGET_SLOW_MS/);

  expect(checked(60_000, 7_000, 40).skipped).toBe('');

  // A slow target: its answer took longer than TARGET_SLOW_MS (default 30 s), so the time is its own.
  expect(checked(40_000, 38_000, 31_000).skipped).toBe('');
});
