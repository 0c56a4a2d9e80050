// Covers: helpers/verdict/progress-reporter.ts, the console of a sandbox run: counts per service
// (done of total, failed, skipped), the estimate of the time left, a line per service at most every
// 10 s and at each failure (the check's title redacted, on one line), and a closing line per service.
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir } from './support.known.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ProgressReporter, {
  cutAt,
  formatDuration,
  pollingChecks,
  pollingPriorMs,
  PROGRESS_INTERVAL_MS,
  QUIET_INTERVAL_MS,
  PACE_WEIGHT_MS,
  ServiceProgress,
} from '../../helpers/verdict/progress-reporter.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { DURATIONS_TABLE, fileDurations, fileKey, readDurationsTable } from '../../helpers/verdict/check-durations.js';
import { limitOf } from '../../helpers/contract/facts.js';

const T0 = 1_000_000;
/** The planned checks of one file of a service, their ids the prefix numbered 1 to count (from 0 with from0). */
const planOf = (prefix: string, count: number, service: string, file: string, more: { kind?: 'polls'; from0?: true } = {}) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${more.from0 ? i : i + 1}`,
    service,
    file,
    ...(more.kind ? { kind: more.kind } : {}),
  }));
/** Runs the checks prefix0 to prefix(count - 1) of a service one after the other from `now`, each taking ms; the time they end. */
function runEach(p: ServiceProgress, service: string, prefix: string, count: number, ms: number, now: number): number {
  for (let n = 0; n < count; n++) {
    p.begin(service, `${prefix}${n}`, now);
    now += ms;
    p.end(service, 'passed', ms, `${prefix}${n}`, false, now);
  }
  return now;
}

test('counts checks per service: a time-out is a failure, an interrupted check is not (stopped), a skip is a skip', () => {
  const p = new ServiceProgress({ 'card-enrollment': 5, installments: 2 }, 2, T0);
  for (const status of ['passed', 'failed', 'timedOut', 'interrupted', 'skipped'] as const) {
    p.begin('card-enrollment');
    p.end('card-enrollment', status, 1000);
  }
  expect(p.counts('card-enrollment')).toEqual({ total: 5, done: 5, failed: 2, skipped: 1, running: 0 });
  expect(p.line('card-enrollment', T0)).toContain('2 failed, 1 skipped, 1 interrupted');
  expect(p.finalLines(T0)[0]).toMatch(/^card-enrollment: stopped, 5\/5 checks, 1 passed, 2 failed, 1 skipped, 1 interrupted/);
  expect(p.counts('installments')).toEqual({ total: 2, done: 0, failed: 0, skipped: 0, running: 0 });
});

test('the time left is the mean duration so far of the service, times the checks left, over the workers', () => {
  const p = new ServiceProgress({ 'financial-data': 10 }, 2, T0);
  expect(p.remainingMs('financial-data')).toBeUndefined();
  expect(p.line('financial-data', T0)).toContain('remaining: estimating');
  p.end('financial-data', 'passed', 4000);
  p.end('financial-data', 'skipped', 6000);
  expect(p.remainingMs('financial-data')).toBe((8 * 5000) / 2);
  expect(p.line('financial-data', T0 + 75_000)).toBe(
    'financial-data: 2/10 checks, 0 failed, 1 skipped, 1m15s elapsed, ~20s left in the run',
  );
  expect([999, 59_000, 600_000, 3_725_000].map((ms) => formatDuration(ms))).toEqual(['1s', '59s', '10m00s', '1h02m']);
});

test("the time left knows a project's worker cap: financial data's checks over its own workers, a later service over the run's", () => {
  // 12 workers, financial data on 8 (its quota), installments after it; one check of each ended (1 s), 80 and 40 checks left.
  const p = new ServiceProgress({ 'financial-data': 81, installments: 41 }, 12, T0, [], {}, undefined, {}, { 'financial-data': 8 });
  p.end('financial-data', 'passed', 1000);
  p.end('installments', 'passed', 1000);
  expect(p.remainingMs('financial-data')).toBe(80_000 / 8);
  expect(p.remainingMs('installments')).toBe(Math.max(120_000 / 12, 80_000 / 8));
});

test('the time left follows slow files: a check not begun is expected to take what its file took, else what the previous run recorded', () => {
  // 4 quick reads (1 s) and 4 polled reports (100 s), one worker: the truth after the first quick read is 3 + 400 s.
  const plan = [...planOf('q', 4, 'fd', 'quick.spec.ts'), ...planOf('r', 4, 'fd', 'reports.spec.ts')];
  const p = new ServiceProgress({ fd: 8 }, 1, T0, plan);
  p.begin('fd', 'q1', T0);
  p.end('fd', 'passed', 1000, 'q1');
  expect(p.remainingMs('fd', T0 + 1000), 'no report done yet: the service mean, an under-estimate said as such').toBe(7000);
  p.begin('fd', 'r1', T0 + 1000);
  p.end('fd', 'passed', 100_000, 'r1');
  // Each file's mean drawn toward the mean of its kind (50.5 s) as if it had two checks more of it.
  const quick = (1000 + 2 * 50_500) / 3;
  const reports = (100_000 + 2 * 50_500) / 3;
  expect(p.remainingMs('fd', T0 + 101_000)).toBe(3 * quick + 3 * reports);
  // A report running for 150 s, past its file's mean: half as long again, never "~1s left".
  p.begin('fd', 'r2', T0 + 101_000);
  expect(p.remainingMs('fd', T0 + 251_000)).toBe(3 * quick + 2 * reports + 75_000);
  // With the previous run's durations the first estimate is already right.
  const again = new ServiceProgress({ fd: 8 }, 1, T0, plan, { q1: 1000, q2: 1000, q3: 1000, q4: 1000, r1: 1e5, r2: 1e5, r3: 1e5, r4: 1e5 });
  expect(again.remainingMs('fd', T0)).toBe(404_000);
});

test('a run slower than the previous one (a busier machine) scales the previous durations by its pace so far; a quicker one does not scale them down', () => {
  const plan = planOf('r', 3, 'fd', 'reports.spec.ts');
  const previous = { r1: 100_000, r2: 100_000, r3: 100_000 };
  const slower = new ServiceProgress({ fd: 3 }, 1, T0, plan, previous);
  slower.begin('fd', 'r1', T0);
  slower.end('fd', 'passed', 240_000, 'r1');
  // Pace (240 + 60) / (100 + 60) s: the 60 s drawn toward the previous run's pace of 1.
  expect(slower.remainingMs('fd', T0 + 240_000)).toBe(Math.round(2 * 100_000 * (300 / 160)));
  const quicker = new ServiceProgress({ fd: 3 }, 1, T0, plan, previous);
  quicker.begin('fd', 'r1', T0);
  quicker.end('fd', 'passed', 20_000, 'r1');
  expect(quicker.remainingMs('fd', T0 + 20_000)).toBe(200_000);
});

test('a first run expects a check that polls a report to take two polling intervals, until checks of its kind have ended', async () => {
  const contract = await loadContract('financial-data');
  expect(pollingPriorMs(), "two of the contract's waits between reads").toBe(2 * limitOf(contract, 'reportPollSeconds') * 1000);
  // 4 quick reads of one file, 4 polled reports of another, one worker, no previous run.
  const plan = [...planOf('q', 4, 'fd', 'quick.spec.ts'), ...planOf('r', 4, 'fd', 'reports.spec.ts', { kind: 'polls' })];
  const p = new ServiceProgress({ fd: 8 }, 1, T0, plan, {}, 40_000);
  p.begin('fd', 'q1', T0);
  p.end('fd', 'passed', 1000, 'q1');
  expect(p.remainingMs('fd', T0 + 1000), 'the quick reads at their mean, the reports at the prior').toBe(3000 + 4 * 40_000);
  // A report that polls ends after 100 s: the kind's mean moves from the prior toward it (the prior
  // counting as two checks), and its file's toward that.
  p.begin('fd', 'r1', T0 + 1000);
  p.end('fd', 'passed', 100_000, 'r1');
  const kind = (100_000 + 2 * 40_000) / 3;
  expect(p.remainingMs('fd', T0 + 101_000)).toBe(3000 + 3 * ((100_000 + 2 * kind) / 3));
  // One that ended at once (a branch that did not poll) does not make the others look quick.
  p.begin('fd', 'r2', T0 + 101_000);
  p.end('fd', 'passed', 0, 'r2');
  expect(p.remainingMs('fd', T0 + 101_000)).toBeGreaterThan(2 * 40_000);
});

test('a first run draws each file toward what a check of it took on the stand-ins, from the first line on', () => {
  // Two files, one worker, no previous run: quick reads measured at 1 s a check, polled reports at 60 s.
  const plan = [...planOf('q', 4, 'fd', 'quick.spec.ts'), ...planOf('r', 4, 'fd', 'reports.spec.ts', { kind: 'polls' })];
  const priors = { 'quick.spec.ts': 1000, 'reports.spec.ts': 60_000 };
  const p = new ServiceProgress({ fd: 8 }, 1, T0, plan, {}, 40_000, priors);
  expect(p.remainingMs('fd', T0), 'before any check ends: the measured table').toBe(4 * 1000 + 4 * 60_000);
  // A report of this run takes 90 s: the service's pace against the table, its 90 s over 60 s with a
  // minute at the whole run's pace (here the same check: (90 + 60) / (60 + 60)), scales every file's
  // prior; the report's file mean moves toward the check, the scaled table counting as two checks.
  p.begin('fd', 'r1', T0);
  p.end('fd', 'passed', 90_000, 'r1', false, T0 + 90_000);
  const run = (90_000 + PACE_WEIGHT_MS) / (60_000 + PACE_WEIGHT_MS);
  const pace = (90_000 + PACE_WEIGHT_MS * run) / (60_000 + PACE_WEIGHT_MS);
  expect(p.remainingMs('fd', T0 + 90_000)).toBeCloseTo(4 * 1000 * pace + 3 * ((90_000 + 2 * 60_000 * pace) / 3), 6);
  // A file the table lacks is drawn toward its kind, as without a table.
  const otherPlan = [...planOf('n', 1, 'fd', 'new.spec.ts'), ...planOf('q', 1, 'fd', 'quick.spec.ts')];
  const other = new ServiceProgress({ fd: 2 }, 2, T0, otherPlan, {}, undefined, priors);
  other.begin('fd', 'q1', T0);
  other.end('fd', 'passed', 3000, 'q1', false, T0 + 3000);
  expect(other.remainingMs('fd', T0 + 3000), 'the new file at the mean of its kind').toBe(3000);
});

test("a run slower than the table's (a rate limit, a loaded machine) scales the priors of the files not begun by its pace so far", () => {
  // Two files measured at 1 s a check; this run's first file takes 4 s a check (a stand-in at 5 requests/s).
  const plan = [...planOf('a', 30, 'ce', 'a.spec.ts', { from0: true }), ...planOf('b', 30, 'ce', 'b.spec.ts', { from0: true })];
  const p = new ServiceProgress({ ce: 60 }, 1, T0, plan, {}, undefined, { 'a.spec.ts': 1000, 'b.spec.ts': 1000 });
  const now = runEach(p, 'ce', 'a', 30, 4000, T0);
  const run = (30 * 4000 + PACE_WEIGHT_MS) / (30 * 1000 + PACE_WEIGHT_MS);
  const pace = (30 * 4000 + PACE_WEIGHT_MS * run) / (30 * 1000 + PACE_WEIGHT_MS);
  expect(p.remainingMs('ce', now), 'the 30 checks of b at the pace so far').toBeCloseTo(30 * 1000 * pace, 6);
  expect(run, 'the run: two minutes of checks measured at half a minute, with a minute at the table pace: (120 + 60) / (30 + 60)').toBe(2);
  expect(pace, 'the service: its two minutes over half a minute, with a minute at the run pace: (120 + 2 x 60) / (30 + 60)').toBeCloseTo(
    8 / 3,
    9,
  );
  // Quicker than the table: the pace goes below 1, never below a quarter.
  const quick = new ServiceProgress({ ce: 2 }, 1, T0, plan.slice(0, 2), {}, undefined, { 'a.spec.ts': 600_000 });
  quick.begin('ce', 'a0', T0);
  quick.end('ce', 'passed', 0, 'a0', false, T0);
  // a1 at its file's mean so far (0 s) drawn toward the prior at a quarter of the table's pace.
  expect(quick.remainingMs('ce', T0)).toBe((2 * 600_000 * 0.25) / 3);
});

test("a service not begun whose files nothing measured is expected at the run's mean so far, not 'estimating'", () => {
  const plan = [...planOf('c', 1, 'ce', 'c.spec.ts', { from0: true }), ...planOf('f', 3, 'fd', 'f.spec.ts', { from0: true })];
  const p = new ServiceProgress({ ce: 1, fd: 3 }, 1, T0, plan, {}, undefined, { 'other.spec.ts': 1000 });
  p.begin('ce', 'c0', T0);
  p.end('ce', 'passed', 2000, 'c0', false, T0 + 2000);
  expect(p.runRemainingMs(T0 + 2000)).toBe(6000);
});

test('a service not begun takes the pace of the services before it: a rate limit slows every service of the run', () => {
  // Card enrollment's checks took 4 times their priors; financial data, not begun, is expected at that pace, not the table's.
  const plan = [...planOf('c', 30, 'ce', 'c.spec.ts', { from0: true }), ...planOf('f', 10, 'fd', 'f.spec.ts', { from0: true })];
  const p = new ServiceProgress({ ce: 30, fd: 10 }, 1, T0, plan, {}, undefined, { 'c.spec.ts': 1000, 'f.spec.ts': 10_000 });
  const now = runEach(p, 'ce', 'c', 30, 4000, T0);
  const run = (30 * 4000 + PACE_WEIGHT_MS) / (30 * 1000 + PACE_WEIGHT_MS);
  expect(p.remainingMs('fd', now)).toBeCloseTo(10 * 10_000 * run, 6);
});

test('the measured table: the mean per check of each file over the runs that ran it, a skipped check counted as no time', () => {
  const checks = [
    { id: 'a1', file: 'tests/a.spec.ts' },
    { id: 'a2', file: 'tests/a.spec.ts' },
    { id: 'b1', file: 'tests/b.spec.ts' },
    { id: 'c1', file: 'tests/c.spec.ts' },
  ];
  // Run 1 skipped a2 (no duration); run 2 did not run b at all; no run ran c.
  const runs: Record<string, number>[] = [
    { a1: 3000, b1: 10_000 },
    { a1: 1000, a2: 2000 },
  ];
  expect(fileDurations(checks, runs)).toEqual({ 'tests/a.spec.ts': Math.round((3000 / 2 + 3000 / 2) / 2), 'tests/b.spec.ts': 10_000 });
  expect(fileKey(path.resolve(import.meta.dirname, '..', 'financial-data', 'x.spec.ts'))).toBe('tests/financial-data/x.spec.ts');
  // The committed table names spec files of the repository, each a whole number of milliseconds.
  const table = readDurationsTable(DURATIONS_TABLE);
  expect(Object.keys(table).length).toBeGreaterThan(100);
  const wrong = Object.entries(table).flatMap(([file, ms]) => [
    ...(fs.existsSync(path.resolve(import.meta.dirname, '..', '..', file)) ? [] : [`${file}: no such file`]),
    ...(Number.isInteger(ms) && ms >= 0 ? [] : [`${file}: ${ms}, not a whole number of milliseconds`]),
  ]);
  expect(wrong, 'rows of the durations table').toEqual([]);
  expect(readDurationsTable(path.join(os.tmpdir(), 'no-such-table.json')), 'no table: no prior').toEqual({});
});

test('a check polls a report when its own lines (to the next check of its file) name the pollReport fixture, unless it is @mock-only', () => {
  return inTempDir('progress-kinds-', async (dir) => {
    const file = path.join(dir, 'x.spec.ts');
    fs.writeFileSync(
      file,
      [
        "test('reads', async ({ fdApi }) => {", // 1
        '  await fdApi.call();',
        '});',
        'for (const op of OPS) {',
        '  test(`${op} polls`, async ({ pollReport }) => {', // 5
        '    await pollReport({ id });',
        '  });',
        '}',
        "test('reads again', async () => {});", // 9
      ].join('\n'),
    );
    const at = (id: string, line: number, f = file) => ({ id, location: { file: f, line } });
    const mockOnly = { ...at('b3', 5), tags: ['@mock-only'] };
    expect([
      ...pollingChecks([at('a', 1), at('b1', 5), at('b2', 5), mockOnly, at('c', 9), at('d', 1, path.join(dir, 'gone.spec.ts'))]),
    ]).toEqual(['b1', 'b2']);
  });
});

test('a failure line gives the reason, and is cut at a character boundary', () => {
  const p = new ServiceProgress({ s: 2 }, 1, T0);
  p.end('s', 'failed', 1000);
  const title = `${'é'.repeat(118)}😀😀😀`;
  const line = p.failureLine('s', title, T0, 'ContractViolation: [statusCodeConformance] POST /offers (approvedOffers): Received: 500');
  expect(line).toContain(`FAILED: ${'é'.repeat(118)}😀… - ContractViolation: [statusCodeConformance] POST /offers`);
  expect(Array.from(cutAt('a😀b', 2))).toEqual(['a', '…']);
  expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
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
    'card-enrollment: 1/3 checks, 1 failed, 0 skipped, 2s elapsed, ~2s left in the run - FAILED: POST /cards › echoes pan ************1111 in the "cvc": "[REDACTED]" body',
  );
  // The failure's line counts as the service's line: the next one waits 10 s.
  p.end('card-enrollment', 'passed', 1000);
  expect(p.dueLines(T0 + 2000 + PROGRESS_INTERVAL_MS - 1)).toEqual([]);
  // Its last check ends at 1m03s: the closing line says so, however late it is printed.
  p.end('card-enrollment', 'skipped', 1000, undefined, false, T0 + 63_000);
  expect(p.finalLines(T0 + 90_000)).toEqual(['card-enrollment: done, 3/3 checks, 1 passed, 1 failed, 1 skipped, ended 1m03s into the run']);
});

test('the reporter: services are the projects, totals from the suite, a retried attempt is not a result', () => {
  const check = (project: string, title: string, retries = 0) =>
    ({
      id: `${project} ${title}`,
      title,
      retries,
      parent: { project: () => ({ name: project }) },
      titlePath: () => ['', project, 'x.spec.ts', title],
      location: { file: 'x.spec.ts' },
    }) as unknown as TestCase;
  const tests = [check('installments', 'a'), check('installments', 'b', 1), check('self', 'c')];
  const suite = { allTests: () => tests } as unknown as Suite;
  const result = (status: TestResult['status'], retry = 0) => ({ status, retry, duration: 100, annotations: [] }) as unknown as TestResult;
  const printed: string[] = [];
  const log = console.log;
  console.log = (line: string) => printed.push(line);
  try {
    // No durations file: this repository's reports/ is not the test's.
    const reporter = new ProgressReporter({ durations: false });
    reporter.onBegin({ workers: 2, quiet: true, projects: [] } as never, suite);
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
    expect.stringMatching(/^installments: 2\/2 checks, 1 failed, 0 skipped, \d+s elapsed - FAILED: b - timed out after 0s$/),
  ]);
  expect(printed.slice(-3)).toEqual([
    expect.stringMatching(/^installments: done, 2\/2 checks, 1 passed, 1 failed, 0 skipped, /),
    expect.stringMatching(/^self: done, 1\/1 checks, 0 passed, 0 failed, 1 skipped, /),
    'Run failed in 4s',
  ]);
});

test("services sharing the workers: one waits for the work left of those run before it, and the workers' time is counted over the run", () => {
  // Playwright hands out the projects' checks in the run's order: card, then financial data.
  const plan = [...planOf('c', 4, 'card-enrollment', 'c.spec.ts'), ...planOf('f', 2, 'financial-data', 'f.spec.ts')];
  const p = new ServiceProgress({ 'card-enrollment': 4, 'financial-data': 2 }, 2, T0, plan, { f1: 30_000, f2: 30_000 });
  p.begin('card-enrollment', 'c1', T0);
  p.begin('card-enrollment', 'c2', T0);
  p.end('card-enrollment', 'passed', 10_000, 'c1', false, T0 + 10_000);
  p.end('card-enrollment', 'passed', 10_000, 'c2', false, T0 + 10_000);
  // Card: two checks of 10 s left over two workers; financial data: those, then its own 60 s.
  expect(p.remainingMs('card-enrollment', T0 + 10_000)).toBe(10_000);
  expect(p.remainingMs('financial-data', T0 + 10_000)).toBe((20_000 + 60_000) / 2);
});
