// The suite's reporter among a run's: a command line's --reporter replaces the configured ones, so `--reporter=dot` alone
// writes no certification, leaving the last run's in reports/ as if this run's.
import path from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';

/** The reporter that writes coverage and certification and scans for leaks (playwright.config.ts names it last). */
export const SUITE_REPORTER = './helpers/verdict/suite-reporter.ts';

/** The mocks' test data and keys the leak scan looks for (the suite reporter's `leakPatterns`). */
export const LEAK_PATTERNS_MODULE = './fixtures/leak-patterns.ts';

/** Whether one of the run's reporters (FullConfig.reporter) is the suite's. */
export const writesCertification = (reporters: readonly (readonly unknown[])[]): boolean =>
  reporters.some(([name]) => typeof name === 'string' && path.basename(name) === path.basename(SUITE_REPORTER));

/** The reason of the NOT RUN certification of a run whose reporters leave the suite's out. */
export function withoutSuiteReporter(reporters: readonly (readonly unknown[])[]): string {
  const names = reporters.map(([name]) => String(name)).join(',');
  return `not certified by this run: its reporters (${names}) replaced the suite's; run without --reporter, or add ${SUITE_REPORTER} to it (--reporter=${names},${SUITE_REPORTER})`;
}

/**
 * The environment without the variables sending a reporter's output to a file (PLAYWRIGHT_JSON_OUTPUT_NAME and kin,
 * PLAYWRIGHT_HTML_*): a nested run would otherwise write over the user's report instead of the stdout read.
 */
export const withoutReportFiles = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !/^PLAYWRIGHT_(\w+_OUTPUT_(NAME|FILE|DIR)|HTML_\w+)$/.test(k)));

/** Set by `npm run certify`: the console shows progress, a line per failure and the verdict last (progress-reporter.ts). */
export const CERTIFY_ENV = 'SUITE_CERTIFYING';

/** A check as every reporter names it: its project (the service), and its titles below its file joined by `by`. */
export const checkName = (test: TestCase, by = ' › ') => ({
  service: test.parent.project()?.name ?? 'unknown',
  title: test.titlePath().slice(3).join(by),
});

/** A failed attempt that a retry follows: not the check's result, for any reporter. */
export const retriedAttempt = (test: TestCase, result: TestResult) =>
  result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped';
