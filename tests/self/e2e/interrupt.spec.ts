// Covers: a run stopped by Ctrl-C or SIGTERM (through certify, one SIGINT to Playwright). Its checks
// in progress are interrupted, never failed: the run's first reporter
// (helpers/verdict/kept-worker-reporter.ts) makes them skips of kind `interrupted` before Allure,
// the progress line and the certification read them, so the three agree; the certification says
// NOT RUN with what ran, and a failure found before the stop stays listed. A tiny real Playwright
// run (a temporary folder, about 3 s) is interrupted with SIGINT while a check runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { emptyCoverage, expect, NESTED_RUN_MS, test } from '../../../fixtures/self.js';
import { allureCounts, certificationCounts } from '../../../helpers/verdict/allure-counts.js';
import {
  checkResult,
  INTERRUPTED_REASON,
  interruptService,
  overallVerdict,
  serviceVerdict,
} from '../../../helpers/verdict/certification.js';
import type { TestOutcome } from '../../../helpers/verdict/coverage-report.js';
import SuiteReporter from '../../../helpers/verdict/suite-reporter.js';
import { PARENT_PID_ENV } from '../../../helpers/run/parent-watch.js';

test('an interrupted run certifies nothing: NOT RUN saying what ran; an interrupted check is not run, a failure before the stop stays listed', () => {
  const o = (title: string, status: TestOutcome['status']): TestOutcome => ({
    project: 'installments',
    title,
    file: 'f',
    tags: [],
    status,
  });
  const outcomes = [o('passed', 'passed'), o('failed before', 'failed'), o('stopped', 'interrupted'), o('never begun', 'skipped')];
  const v = serviceVerdict('installments', 'Installments', 'seed', outcomes, emptyCoverage('installments'));
  expect(v.verdict, 'before the stop is taken into account').toBe('FAIL');
  expect(
    v.failures.flatMap((g) => g.titles),
    'the interrupted check is no failure',
  ).toEqual(['failed before']);
  expect(v.skippedReasons[INTERRUPTED_REASON]).toBe(1);
  expect(checkResult(outcomes[2]).status).toBe('skipped');
  interruptService(v);
  expect(v).toMatchObject({ verdict: 'NOT RUN', warning: 'interrupted: 2 of 4 checks ran, 1 failed' });
  expect(v.failures).toHaveLength(1);
  expect(overallVerdict([v], true, true)).toEqual({
    verdict: 'NOT RUN',
    reason: 'interrupted: 2 of 4 checks ran before the run was stopped; the checks in progress then and those not started are not run',
  });
  const whole = serviceVerdict('installments', 'Installments', 'seed', outcomes, emptyCoverage('installments'));
  expect(overallVerdict([whole], true, false).verdict, 'the same results, not interrupted').toBe('FAIL');
});

const SPEC = `
import fs from 'node:fs';
import { test, expect } from '@playwright/test';
test('passes', () => expect(1).toBe(1));
test('runs when the run is stopped', async () => {
  fs.writeFileSync('running', '');
  await new Promise((resolve) => setTimeout(resolve, 200_000));
});
test('never started', () => {});
`;

const RECORDER = `
import fs from 'node:fs';
const test = (t) => ({ id: t.id, project: t.parent.project()?.name, titlePath: t.titlePath(), file: t.location.file, tags: t.tags, annotations: t.annotations, retries: t.retries });
export default class Recorder {
  onBegin(config, suite) { this.tests = suite.allTests().map(test); this.ends = []; }
  onTestEnd(t, r) { this.ends.push({ test: test(t), result: { status: r.status, retry: r.retry, annotations: r.annotations } }); }
  onEnd(result) { fs.writeFileSync('events.json', JSON.stringify({ status: result.status, tests: this.tests, ends: this.ends })); }
}
`;

type Recorded = { id: string; project: string; titlePath: string[]; file: string; tags: string[]; annotations: []; retries: number };

test('one real run stopped by SIGINT: the check in progress is interrupted in Allure and the certification alike, never failed', async () => {
  // A nested Playwright run starts in seconds on a quiet machine, ten times that on a loaded runner.
  test.setTimeout(2 * NESTED_RUN_MS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupt-'));
  try {
    fs.writeFileSync(path.join(dir, 'checks.spec.mjs'), SPEC);
    fs.writeFileSync(path.join(dir, 'recorder.mjs'), RECORDER);
    // The suite's first reporter, then Allure's and a recorder of what the reporters after it read.
    const first = path.resolve('helpers/verdict/kept-worker-reporter.ts');
    fs.writeFileSync(
      path.join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', outputDir: './test-results', workers: 1, timeout: 240_000,
        reporter: [[${JSON.stringify(first)}], ['allure-playwright', { resultsDir: './allure-results', detail: false }], ['./recorder.mjs']],
        projects: [{ name: 'installments', testMatch: 'checks.spec.mjs' }] };`,
    );
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const child = spawn(
      process.execPath,
      [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.config.mjs'],
      {
        cwd: dir,
        env: { ...process.env, FORCE_COLOR: '0' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await expect.poll(() => fs.existsSync(path.join(dir, 'running')), { timeout: NESTED_RUN_MS }).toBe(true);
    child.kill('SIGINT');
    await exited;
    const events = JSON.parse(fs.readFileSync(path.join(dir, 'events.json'), 'utf8')) as {
      status: string;
      tests: Recorded[];
      ends: { test: Recorded; result: TestResult }[];
    };
    expect(events.status).toBe('interrupted');
    const stopped = events.ends.find((e) => e.test.titlePath.at(-1) === 'runs when the run is stopped')!;
    expect(stopped.result.status, 'read after the first reporter: a skip, not a failure').toBe('skipped');
    expect(stopped.result.annotations).toContainEqual({ type: 'skip-kind', description: 'interrupted' });

    // The suite reporter fed the same run: its counts are Allure's.
    const testCase = (t: Recorded) =>
      ({
        ...t,
        parent: { project: () => ({ name: t.project }) },
        titlePath: () => t.titlePath,
        location: { file: t.file, line: 1, column: 1 },
      }) as unknown as TestCase;
    const reporter = new SuiteReporter();
    const tests = events.tests.map(testCase);
    reporter.onBegin({} as never, { suites: [{ title: 'installments' }], allTests: () => tests } as unknown as Suite);
    for (const { test: t, result } of events.ends) reporter.onTestEnd(testCase(t), { ...result, attachments: [] } as TestResult);
    const v = serviceVerdict('installments', 'Installments', 'seed', reporter.checkOutcomes(), emptyCoverage('installments'));
    const allure = allureCounts(path.join(dir, 'allure-results'));
    expect(allure.installments?.failed ?? 0, 'Allure lists no failure').toBe(0);
    const mine = certificationCounts({ services: [v] }).installments;
    expect(mine).toMatchObject({ passed: 1, failed: 0 });
    expect({ passed: mine.passed, failed: mine.failed }).toEqual({
      passed: allure.installments.passed,
      failed: allure.installments.failed,
    });
    expect(v.skippedReasons[INTERRUPTED_REASON]).toBe(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a signal to npm's process alone reaches certify, the mock and npm test's Playwright: their npm scripts exec their command, no shell in between keeping it", () => {
  // `npm run` runs a script through `sh -c`, which keeps a SIGINT relayed by npm to itself (the run
  // went on) and leaves its command running when a SIGTERM ends npm; `exec` replaces the shell.
  // The mock also watches the npm that started it (its pid, the shell's $PPID): killed, npm takes it along.
  const scripts = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')).scripts as Record<string, string>;
  expect({ certify: scripts.certify, 'certify:stand-in': scripts['certify:stand-in'], mock: scripts.mock }).toEqual({
    certify: 'exec tsx scripts/certify.ts',
    'certify:stand-in': 'exec tsx scripts/certify-stand-in.ts',
    mock: `${PARENT_PID_ENV}=$PPID exec tsx scripts/mock.ts`,
  });
  expect(scripts.test, 'after the static checks, Playwright in place of the shell').toMatch(/ && exec playwright test$/);
});

// Playwright's runner ends a run in order (the checks in progress interrupted, the Summary line) on
// SIGINT only; a SIGTERM (npm passes one on) reaches it as one, through watchParent, which
// playwright.config.ts and the standalone mock call.
test('a SIGTERM interrupts a process that watches its parent as a Ctrl-C would', async () => {
  const script = `import { watchParent } from ${JSON.stringify(path.resolve('helpers/run/parent-watch.ts'))};
watchParent({});
process.once('SIGINT', () => { console.log('interrupted'); process.exit(0); });
console.log('ready');
setTimeout(() => undefined, 30_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
    if (output.includes('ready')) child.kill('SIGTERM');
  });
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  expect({ code, signal, output: output.trim().split('\n') }).toEqual({ code: 0, signal: null, output: ['ready', 'interrupted'] });
});

test('a stopped certify ends NOT RUN, exit 5, on the console and in the certification alike, whatever it finds of the run', async () => {
  const { interruptedEnd } = await import('../../../scripts/certify.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interrupted-end-'));
  const file = path.join(dir, 'certification.json');
  const end = () => {
    const lines: string[] = [];
    const code = interruptedEnd({ out: (t) => lines.push(t), err: (t) => lines.push(t), env: {} }, 'sandbox', 'run-1', 'SIGINT', 60, dir);
    const cert = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { code, verdict: cert.verdict, console: lines.join('\n').match(/VERDICT: ([A-Z ]+) \(/)?.[1] };
  };
  try {
    const notRun = { code: 5, verdict: 'NOT RUN', console: 'NOT RUN' };
    expect(end(), 'no certification of the run (stopped before Playwright wrote one)').toEqual(notRun);
    fs.writeFileSync(file, '{"verdict": "PASS", "runId": "run-1", "chec');
    expect(end(), 'a certification cut short').toEqual(notRun);
    fs.writeFileSync(
      file,
      JSON.stringify({ target: 'sandbox', verdict: 'PASS', runId: 'run-1', checks: { selected: 3, run: 3, skipped: 0 }, services: [] }),
    );
    expect(end(), "the run's own PASS, the signal during the sweep after it").toEqual(notRun);
    fs.writeFileSync(
      file,
      JSON.stringify({
        target: 'sandbox',
        verdict: 'PASS',
        runId: 'an older run',
        checks: { selected: 3, run: 3, skipped: 0 },
        services: [],
      }),
    );
    expect(end(), "the previous run's PASS is not this run's verdict").toEqual(notRun);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
