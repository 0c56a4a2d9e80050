// The first reporter of a run (playwright.config.ts): a failed check whose worker was kept
// (helpers/client/kept-worker.ts) is made an unexpected failure again, and its annotation taken off,
// before the other reporters, the runner's failure count and its exit code read it. Playwright calls
// the reporters in their order, after it decided whether to keep the worker (1.65).
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { KEPT_WORKER_ANNOTATION } from '../client/kept-worker.js';

type Annotation = TestResult['annotations'][number];

function takeOff(annotations: Annotation[]): boolean {
  const at = annotations.findIndex((a) => a.type === KEPT_WORKER_ANNOTATION);
  if (at < 0) return false;
  annotations.splice(at, 1);
  return true;
}

/** Restores a kept worker's failure as the failure it is; exported for its self test. */
export function restoreFailure(test: TestCase, result: TestResult): void {
  const fromResult = takeOff(result.annotations);
  const fromTest = takeOff(test.annotations);
  if ((fromResult || fromTest) && result.status === 'failed') test.expectedStatus = 'passed';
}

export default class KeptWorkerReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    restoreFailure(test, result);
  }

  printsToStdio(): boolean {
    return false;
  }
}
