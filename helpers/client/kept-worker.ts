// A worker kept after a failed check: Playwright replaces a worker after every failed test (1.65; microsoft/playwright#32803),
// reloading everything (about 1.5 s of CPU per failure). The worker reports the failure as expected with an annotation; the
// runner's first reporter (helpers/verdict/kept-worker-reporter.ts) makes it unexpected again before anything reads it.
// Only when safe: that reporter is the run's first, a failure (no time-out or interrupt), no retry left, outside a mutation lane,
// every error a check's (an expect or ContractViolation) from a frame of its spec file (a failed worker fixture gets a new worker);
// never for `describe.serial` groups (none in the suite).
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { laneDir } from './mutation-lane.js';
import { withoutAnsi } from '../secrets/redact.js';

/** The annotation the worker adds and the runner's first reporter takes off again. */
export const KEPT_WORKER_ANNOTATION = 'suite-kept-worker';

/** An error a check raised: an expect assertion (its message names the matcher) or a ContractViolation (helpers/contract/checks.ts). */
export function isCheckError(error: { message?: string; stack?: string }): boolean {
  const message = withoutAnsi(error.message ?? '');
  const stack = withoutAnsi(error.stack ?? '');
  return /^ContractViolation: /.test(stack) || /^(Error: )?expect(\.soft|\.poll)?\(/m.test(message);
}

/** The reporter that makes a kept worker's failure a failure again (playwright.config.ts names it first). */
export const KEPT_WORKER_REPORTER = './helpers/verdict/kept-worker-reporter.ts';

/** Whether the run's first reporter is the one that restores a kept worker's failures. */
function restoredByFirstReporter(config: { reporter: readonly (readonly unknown[])[] }): boolean {
  const first = config.reporter[0]?.[0];
  return typeof first === 'string' && path.basename(first) === path.basename(KEPT_WORKER_REPORTER);
}

/** Whether a stack has a frame of the test's spec file at or below the line the test is declared on. */
function thrownByTheTest(stack: string, test: Pick<EndedTest, 'file' | 'line'>): boolean {
  for (const frame of stack.split('\n')) {
    const at = frame.lastIndexOf(`${test.file}:`);
    if (at >= 0 && Number(frame.slice(at + test.file.length + 1).split(':')[0]) >= test.line) return true;
  }
  return false;
}

/** What a test's end tells (TestInfo, as the fixture hands it). */
export interface EndedTest {
  file: string;
  line: number;
  status?: string;
  expectedStatus: string;
  retry: number;
  project: { retries: number };
  errors: { message?: string; stack?: string }[];
  config: { reporter: readonly (readonly unknown[])[] };
}

/** Whether the worker may run on after this test: see the top of this file. */
export function mayKeepWorker(testInfo: EndedTest): boolean {
  return (
    laneDir() === undefined &&
    restoredByFirstReporter(testInfo.config) &&
    testInfo.status === 'failed' &&
    testInfo.expectedStatus === 'passed' &&
    testInfo.retry >= testInfo.project.retries &&
    testInfo.errors.length > 0 &&
    testInfo.errors.every((e) => isCheckError(e) && thrownByTheTest(e.stack ?? '', testInfo))
  );
}

/** Called last as a test ends (fixtures/base.ts): a failed check keeps its worker. */
export function keepWorkerAfterFailure(testInfo: TestInfo): void {
  if (!mayKeepWorker(testInfo)) return;
  testInfo.annotations.push({ type: KEPT_WORKER_ANNOTATION });
  testInfo.expectedStatus = 'failed';
}
