// A worker kept after a failed check. Playwright ends a worker after every failed test and starts a
// new one (1.65; the maintainers declined an option to keep it, microsoft/playwright#32803), which
// loads Playwright, the config, the fixtures' modules, the contract and the validators, and starts
// the mock again: on a target that fails checks each failure cost about 1.5 s of CPU, and a failing
// run 1.6x a passing one. Nothing a check builds lives beyond its test here (test fixtures are
// torn down after a failure as after a pass; the worker's mock keeps its state either way).
//
// How: the runner restarts a worker when a test's status is not its expected status, as the worker
// reports them. After a check that failed on an assertion or a named contract check, the worker
// reports the failure as expected, with an annotation saying so; the runner's first reporter
// (helpers/verdict/kept-worker-reporter.ts) takes the annotation off and the failure is unexpected
// again before any other reporter, the failure count or the exit code reads it. Every report names
// the same failures; only the worker is not replaced.
//
// Kept only when that is safe: a failure (not a time-out or an interrupt, whose work may still be
// running), no retry left (a retry needs the runner to see the failure), outside a mutation lane
// (which keeps its workers its own way), and only when every error is a check's (an expect or a
// ContractViolation): an error of a worker fixture leaves that fixture failed for every later test
// of the worker, which only a new worker mends. Not for `describe.serial` groups (none in the suite),
// whose later tests a failure must skip.
import type { TestInfo } from '@playwright/test';
import { laneDir } from './mutation-lane.js';

/** The annotation the worker adds and the runner's first reporter takes off again. */
export const KEPT_WORKER_ANNOTATION = 'suite-kept-worker';

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** An error a check raised: an expect assertion (its message names the matcher) or a ContractViolation (helpers/contract/checks.ts). */
export function isCheckError(error: { message?: string; stack?: string }): boolean {
  const message = (error.message ?? '').replace(ANSI, '');
  const stack = (error.stack ?? '').replace(ANSI, '');
  return /^ContractViolation: /.test(stack) || /^(Error: )?expect(\.soft|\.poll)?\(/m.test(message);
}

/** Whether the worker may run on after this test: see the top of this file. */
export function mayKeepWorker(testInfo: Pick<TestInfo, 'status' | 'expectedStatus' | 'retry' | 'project' | 'errors'>): boolean {
  return (
    laneDir() === undefined &&
    testInfo.status === 'failed' &&
    testInfo.expectedStatus === 'passed' &&
    testInfo.retry >= testInfo.project.retries &&
    testInfo.errors.length > 0 &&
    testInfo.errors.every(isCheckError)
  );
}

/** Called last as a test ends (fixtures/base.ts): a failed check keeps its worker. */
export function keepWorkerAfterFailure(testInfo: TestInfo): void {
  if (!mayKeepWorker(testInfo)) return;
  testInfo.annotations.push({ type: KEPT_WORKER_ANNOTATION });
  testInfo.expectedStatus = 'failed';
}
