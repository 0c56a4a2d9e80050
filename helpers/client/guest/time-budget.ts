// A check's time is the suite's as much as the target's: one with less left than its next step while the target answers promptly
// stops, not judged ("the suite ran out of time"); a target answering slower than TARGET_SLOW_MS is slow: a time-out its failure.
import os from 'node:os';
import { test, type TestInfo } from '@playwright/test';
import { suiteConfig } from '../../config/config.js';

/** What is left of a check's budget below which it does not begin another step, at the least. */
const MIN_MARGIN_MS = 5_000;

interface Budget {
  began: number;
  /** The longest answer so far (429 waits left out: the target asked for them, and the budget grew by them). */
  slowestMs: number;
}

const budgets = new WeakMap<TestInfo, Budget>();

/** Starts a check's clock (the suite's fixtures, at the check's start); later calls keep the first start. */
export function startBudget(testInfo: TestInfo, at = Date.now()): void {
  if (!budgets.has(testInfo)) budgets.set(testInfo, { began: at, slowestMs: 0 });
}

/** Notes how long one answer of the target took. */
export function noteAnswerTime(testInfo: TestInfo | undefined, ms: number): void {
  if (!testInfo) return;
  startBudget(testInfo, Date.now() - ms);
  const b = budgets.get(testInfo)!;
  b.slowestMs = Math.max(b.slowestMs, ms);
}

/**
 * Before a call (a step of twice the slowest answer so far): why the check stops here, when less budget is left than step and
 * margin and no answer was slow; undefined while it may go on. The client stops it, not judged (an "out-of-time" skip).
 */
export function timeShortfall(testInfo: TestInfo | undefined): string | undefined {
  if (!testInfo || !(testInfo.timeout > 0)) return undefined;
  const b = budgets.get(testInfo);
  if (!b) return undefined;
  const slow = suiteConfig().targetSlowMs;
  if (b.slowestMs > slow) return undefined;
  const left = testInfo.timeout - (Date.now() - b.began);
  const needs = Math.max(MIN_MARGIN_MS, 2 * b.slowestMs);
  if (left >= needs) return undefined;
  // One reason for every such check of a run (the skips are counted by reason): the load rounded.
  return `not judged: the suite ran out of time, every answer of the target having come within TARGET_SLOW_MS (${slow / 1000} s); machine load about ${Math.round(os.loadavg()[0])} on ${os.availableParallelism()} cores`;
}

/**
 * Where a check's time went (docs/sandbox.md, "Where the time went"): waiting on an interval the documents state (a report's
 * poll interval, a clock moved on in real time), on the target's own asynchronous work (an effectuation, a plan's decision, a
 * PSI run, the deliveries it sends: `awaitTarget`), on the target's quota (a pacing slot, a 429's Retry-After), on the target's
 * answers, on a turn at the test data the run's workers share (another check holding it: shared-state.ts); the rest of its
 * time, and its CPU, are the suite's own. Kept in milliseconds on the check's `time-spent` annotation.
 */
export type SpentOn = 'documented' | 'background' | 'quota' | 'answers' | 'turns' | 'cpu';
export const TIME_SPENT_ANNOTATION = 'time-spent';

/** Adds `ms` spent on `on` to the running check's account (none outside a check). */
export function noteSpent(testInfo: TestInfo | undefined, on: SpentOn, ms: number): void {
  if (!testInfo || !(ms > 0)) return;
  let note = testInfo.annotations.find((a) => a.type === TIME_SPENT_ANNOTATION);
  if (!note) testInfo.annotations.push((note = { type: TIME_SPENT_ANNOTATION, description: '{}' }));
  const spent = JSON.parse(note.description ?? '{}') as Partial<Record<SpentOn, number>>;
  spent[on] = Math.round((spent[on] ?? 0) + ms);
  note.description = JSON.stringify(spent);
}

/** A check's account as its annotations carry it (milliseconds by what it was spent on). */
export function timeSpentOf(annotations: readonly { type: string; description?: string }[]): Partial<Record<SpentOn, number>> {
  const d = annotations.find((a) => a.type === TIME_SPENT_ANNOTATION)?.description;
  return d ? (JSON.parse(d) as Partial<Record<SpentOn, number>>) : {};
}

/** What the running check has spent on `on` so far (to take a wait out of an answer's time). */
export const spentSoFar = (testInfo: TestInfo | undefined, on: SpentOn): number =>
  testInfo ? (timeSpentOf(testInfo.annotations)[on] ?? 0) : 0;

/** The check running in this worker, if any (none in a worker's set-up, the runner or a script). */
export function runningTest(): TestInfo | undefined {
  try {
    return test.info();
  } catch {
    return undefined;
  }
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A real wait on the target's own asynchronous work, on a sandbox: a pause between two reads of something it does in its own
 * time (an effectuation, a plan's decision, a PSI run), or for a delivery it may still send. The one way a check sleeps on a
 * sandbox path: the running check's time spent on the target, never the suite's own.
 */
export async function awaitTarget(ms: number): Promise<void> {
  noteSpent(runningTest(), 'background', ms);
  await sleepMs(ms);
}

/** Counts what `wait` took as spent on `on` by the running check (a delivery waited for, a turn at shared test data). */
export async function timed<T>(on: SpentOn, wait: () => Promise<T>): Promise<T> {
  const testInfo = runningTest();
  const began = Date.now();
  try {
    return await wait();
  } finally {
    noteSpent(testInfo, on, Date.now() - began);
  }
}
