// Covers: helpers/verdict/progress-reporter.ts, the console of a sandbox run: counts per service
// (done of total, failed, skipped), the estimate of the time left, a line per service at most every
// 10 s and at each failure (the check's title redacted, on one line), and a closing line per service.
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '../../fixtures/self.js';
import ProgressReporter, {
  formatDuration,
  PROGRESS_INTERVAL_MS,
  QUIET_INTERVAL_MS,
  ServiceProgress,
} from '../../helpers/verdict/progress-reporter.js';

const T0 = 1_000_000;

test('counts checks per service: a time-out or an interrupted check is a failure, a skip is a skip', () => {
  const p = new ServiceProgress({ 'card-enrollment': 5, installments: 2 }, 2, T0);
  for (const status of ['passed', 'failed', 'timedOut', 'interrupted', 'skipped'] as const) {
    p.begin('card-enrollment');
    p.end('card-enrollment', status, 1000);
  }
  expect(p.counts('card-enrollment')).toEqual({ total: 5, done: 5, failed: 3, skipped: 1, running: 0 });
  expect(p.counts('installments')).toEqual({ total: 2, done: 0, failed: 0, skipped: 0, running: 0 });
});

test('the time left is the mean duration so far of the service, times the checks left, over the workers', () => {
  const p = new ServiceProgress({ 'financial-data': 10 }, 2, T0);
  expect(p.remainingMs('financial-data')).toBeUndefined();
  expect(p.line('financial-data', T0)).toContain('remaining: estimating');
  p.end('financial-data', 'passed', 4000);
  p.end('financial-data', 'skipped', 6000);
  expect(p.remainingMs('financial-data')).toBe((8 * 5000) / 2);
  expect(p.line('financial-data', T0 + 75_000)).toBe('financial-data: 2/10 checks, 0 failed, 1 skipped, 1m15s elapsed, ~20s left');
  expect([formatDuration(999), formatDuration(59_000), formatDuration(600_000), formatDuration(3_725_000)]).toEqual([
    '1s',
    '59s',
    '10m00s',
    '1h02m',
  ]);
});

test('one line per service that changed, at most every 10 s; a quiet service with checks running once a minute', () => {
  const p = new ServiceProgress({ a: 100, b: 100 }, 2, T0);
  p.end('a', 'passed', 10);
  expect(p.dueLines(T0 + PROGRESS_INTERVAL_MS - 1)).toEqual([]);
  expect(p.dueLines(T0 + PROGRESS_INTERVAL_MS)).toEqual([expect.stringMatching(/^a: 1\/100 checks/)]);
  // Many checks end within the next 10 s: still one line, 10 s after the last.
  for (let i = 0; i < 30; i++) p.end('a', 'passed', 10);
  p.end('b', 'skipped', 10);
  expect(p.dueLines(T0 + PROGRESS_INTERVAL_MS + 5000)).toEqual([expect.stringMatching(/^b: /)]);
  expect(p.dueLines(T0 + 2 * PROGRESS_INTERVAL_MS)).toEqual([expect.stringMatching(/^a: 31\/100 checks/)]);
  expect(p.dueLines(T0 + 3 * PROGRESS_INTERVAL_MS)).toEqual([]);
  // A report polled for minutes: nothing ends, one check runs; a line once a minute says so.
  p.begin('b');
  expect(p.dueLines(T0 + PROGRESS_INTERVAL_MS + 5000 + QUIET_INTERVAL_MS - 1)).toEqual([]);
  expect(p.dueLines(T0 + PROGRESS_INTERVAL_MS + 5000 + QUIET_INTERVAL_MS)).toEqual([
    expect.stringMatching(/^b: 1\/100 checks, 0 failed, 1 skipped, 1 running, 1m15s elapsed/),
  ]);
});

test('a failure is one line naming the check, redacted; the end is one line per service', () => {
  const p = new ServiceProgress({ 'card-enrollment': 3 }, 1, T0);
  p.end('card-enrollment', 'failed', 1000);
  const line = p.failureLine('card-enrollment', 'POST /cards › echoes pan 4111111111111111\nin the "cvc": "123" body', T0 + 2000);
  expect(line).toBe(
    'card-enrollment: 1/3 checks, 1 failed, 0 skipped, 2s elapsed, ~2s left - FAILED: POST /cards › echoes pan ************1111 in the "cvc": "[REDACTED]" body',
  );
  // The failure's line counts as the service's line: the next one waits 10 s.
  p.end('card-enrollment', 'passed', 1000);
  expect(p.dueLines(T0 + 2000 + PROGRESS_INTERVAL_MS - 1)).toEqual([]);
  p.end('card-enrollment', 'skipped', 1000);
  expect(p.finalLines(T0 + 63_000)).toEqual(['card-enrollment: done, 3/3 checks, 1 passed, 1 failed, 1 skipped, 1m03s elapsed']);
});

test('the reporter: services are the projects, totals from the suite, a retried attempt is not a result', () => {
  const check = (project: string, title: string, retries = 0) =>
    ({
      id: `${project} ${title}`,
      title,
      retries,
      parent: { project: () => ({ name: project }) },
      titlePath: () => ['', project, 'x.spec.ts', title],
    }) as unknown as TestCase;
  const tests = [check('installments', 'a'), check('installments', 'b', 1), check('self', 'c')];
  const suite = { allTests: () => tests } as unknown as Suite;
  const result = (status: TestResult['status'], retry = 0) => ({ status, retry, duration: 100 }) as TestResult;
  const printed: string[] = [];
  const log = console.log;
  console.log = (line: string) => printed.push(line);
  try {
    const reporter = new ProgressReporter();
    reporter.onBegin({ workers: 2, quiet: true } as never, suite);
    reporter.onTestBegin(tests[0]);
    reporter.onTestEnd(tests[0], result('passed'));
    reporter.onTestBegin(tests[1]);
    reporter.onTestEnd(tests[1], result('failed', 0));
    reporter.onTestBegin(tests[1]);
    reporter.onTestEnd(tests[1], result('timedOut', 1));
    reporter.onTestBegin(tests[2]);
    reporter.onTestEnd(tests[2], result('skipped'));
    reporter.onEnd({ status: 'failed', duration: 4000 } as never);
  } finally {
    console.log = log;
  }
  expect(printed[0]).toBe('Running 3 checks (installments 2, self 1) with 2 workers: progress per service every 10s and at each failure');
  expect(printed.filter((l) => l.includes('FAILED'))).toEqual([
    expect.stringMatching(/^installments: 2\/2 checks, 1 failed, 0 skipped, \d+s elapsed - FAILED: b$/),
  ]);
  expect(printed.slice(-3)).toEqual([
    expect.stringMatching(/^installments: done, 2\/2 checks, 1 passed, 1 failed, 0 skipped, /),
    expect.stringMatching(/^self: done, 1\/1 checks, 0 passed, 0 failed, 1 skipped, /),
    'Run failed in 4s',
  ]);
});
