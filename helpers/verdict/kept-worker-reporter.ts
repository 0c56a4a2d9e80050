// A run's first reporter (playwright.config.ts): a failure whose worker was kept (helpers/client/kept-worker.ts) is unexpected
// again, its annotation off, before the other reporters, the failure count and exit code read it (Playwright calls reporters in
// order, after deciding on the worker: 1.65). A check a Ctrl-C stopped (`interrupted`) did not fail: later reporters read it
// as skipped of kind `interrupted`. First, it masks card data and secrets everywhere before any other (result-redaction.ts).
import type { FullConfig, Reporter, Suite, TestCase, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { SKIP_KIND_ANNOTATION } from '../client/annotations.js';
import { KEPT_WORKER_ANNOTATION } from '../client/kept-worker.js';
import { INTERRUPTED_REASON } from './certification.js';
import { runLeakPatterns } from './leak-scan.js';
import { ResultRedaction } from './result-redaction.js';

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

/** An interrupted check as a skipped one with its reason and kind; exported for its self test. */
export function classInterrupted(result: TestResult): void {
  if (result.status !== 'interrupted') return;
  result.status = 'skipped';
  result.annotations.push({ type: SKIP_KIND_ANNOTATION, description: 'interrupted' }, { type: 'skip', description: INTERRUPTED_REASON });
}

export default class KeptWorkerReporter implements Reporter {
  private readonly redaction = new ResultRedaction();

  /** `leakPatterns`: the module of the leak scan's patterns (playwright.config.ts), masked besides helpers/secrets'. */
  constructor(private readonly options: { leakPatterns?: string } = {}) {}

  // Awaited by Playwright before the first test starts: the patterns are known at the first result.
  async preprocess(): Promise<void> {
    this.redaction.use(await runLeakPatterns(this.options.leakPatterns));
  }

  // Every title before the blob, list and Allure reporters keep or print one (they read the same objects).
  onBegin(_config: FullConfig, suite: Suite): void {
    this.redaction.titles(suite);
  }

  // An error of no check (a worker's teardown, a file that would not load), serialised by the blob at once.
  onError(error: TestError): void {
    this.redaction.error(error);
  }

  onStepBegin(_test: TestCase, _result: TestResult, step: TestStep): void {
    this.redaction.stepBegin(step);
  }

  onStepEnd(_test: TestCase, result: TestResult, step: TestStep): void {
    this.redaction.step(step);
    this.redaction.attachments(result);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.redaction.result(result);
    restoreFailure(test, result);
    classInterrupted(result);
  }

  printsToStdio(): boolean {
    return false;
  }
}
