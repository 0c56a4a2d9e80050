// Covers: helpers/client/guest/time-budget.ts. A check whose budget the suite spent while every
// answer came promptly stops before its next call, not judged ("out-of-time" skip), so that every
// report counts it alike; one after a slow answer goes on, and its time-out stays the target's.
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { noteAnswerTime, startBudget, timeShortfall } from '../../helpers/client/guest/time-budget.js';

/** The parts of a TestInfo the budget reads. */
const fakeInfo = (timeout: number) => ({ timeout, annotations: [] }) as unknown as TestInfo;

test('the suite ran out of time: not judged before the next call; after a slow answer the check goes on', () => {
  const now = Date.now();
  // A check of this time-out, begun that long ago, whose last answer took that long: asked for time left.
  const checked = (timeout: number, begunMsAgo: number, answerMs: number) => {
    const info = fakeInfo(timeout);
    startBudget(info, now - begunMsAgo);
    noteAnswerTime(info, answerMs);
    return timeShortfall(info);
  };
  // The client stops such a check as an "out-of-time" skip with this reason (helpers/client/client.ts).
  expect(checked(10_000, 7_000, 40)).toMatch(
    /^not judged: the suite ran out of time, every answer of the target having come within TARGET_SLOW_MS/,
  );

  expect(checked(60_000, 7_000, 40)).toBeUndefined();

  // A slow target: its answer took longer than TARGET_SLOW_MS (default 30 s), so the time is its own.
  expect(checked(40_000, 38_000, 31_000)).toBeUndefined();
});
