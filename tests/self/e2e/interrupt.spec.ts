// Covers: a run stopped by Ctrl-C or SIGTERM (through certify, one SIGINT to Playwright): its checks in
// progress are interrupted, never failed (helpers/verdict/kept-worker-reporter.ts makes them skips of kind
// `interrupted`), Allure, the progress line and the certification agree; the certification says NOT RUN
// with what ran, a failure found before the stop listed. A tiny real Playwright run is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { emptyCoverage, expect, linkCheckout, NESTED_RUN_MS, test, userEnv } from '../../../fixtures/self.js';
import { closing, spawnCollect, inTempDir, outcomeOf } from '../support.known.js';
import type { GuestEvent } from '../../../helpers/client/guest/guest-log.js';
import { startStandIn, toDotenv } from '../../../mocks/stand-in.js';
import { allureCounts, certificationCounts } from '../../../helpers/verdict/allure-counts.js';
import {
  checkResult,
  INTERRUPTED_REASON,
  interruptService,
  overallVerdict,
  serviceVerdict,
} from '../../../helpers/verdict/certification.js';
import type { TestOutcome } from '../../../helpers/verdict/coverage-report.js';
import { nestedRun, readRecorded, reportedRun } from './recorded-run.known.js';
import { fdHeaders, newTestingCustomer } from './fd-stand-in.known.js';
import { PARENT_PID_ENV } from '../../../helpers/run/parent-watch.js';

test('an interrupted run certifies nothing: NOT RUN saying what ran; an interrupted check is not run, a failure before the stop stays listed', () => {
  const o = (title: string, status: TestOutcome['status']) => outcomeOf('installments', title, status);
  const outcomes = [o('passed', 'passed'), o('failed before', 'failed'), o('stopped', 'interrupted'), o('never begun', 'skipped')];
  const v = serviceVerdict('installments', 'Installments', 'seed', outcomes, emptyCoverage('installments'));
  expect(v.verdict, 'before the stop is taken into account').toBe('FAIL');
  const failed = v.failures.flatMap((g) => g.titles);
  expect(failed, 'the interrupted check is no failure').toEqual(['failed before']);
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

test('one real run stopped by SIGINT: the check in progress is interrupted in Allure and the certification alike, never failed', async () => {
  // A nested Playwright run starts in seconds on a quiet machine, ten times that on a loaded runner.
  test.setTimeout(2 * NESTED_RUN_MS);
  // The suite's first reporter, then Allure's and a recorder of what the reporters after it read.
  const first = path.resolve('helpers/verdict/kept-worker-reporter.ts');
  const config = `export default { testDir: '.', outputDir: './test-results', workers: 1, timeout: 240_000,
    reporter: [[${JSON.stringify(first)}], ['allure-playwright', { resultsDir: './allure-results', detail: false }], ['./recorder.mjs']],
    projects: [{ name: 'installments', testMatch: 'checks.spec.mjs' }] };`;
  const stop = async (child: ChildProcess, dir: string) => {
    await expect.poll(() => fs.existsSync(path.join(dir, 'running')), { timeout: NESTED_RUN_MS }).toBe(true);
    child.kill('SIGINT');
  };
  await nestedRun(
    'interrupt-',
    { 'checks.spec.mjs': SPEC, 'playwright.config.mjs': config },
    ({ dir }) => {
      const events = readRecorded(dir);
      expect(events.status).toBe('interrupted');
      const stopped = events.ends.find((e) => e.test.titlePath.at(-1) === 'runs when the run is stopped')!;
      expect(stopped.result.status, 'read after the first reporter: a skip, not a failure').toBe('skipped');
      expect(stopped.result.annotations).toContainEqual({ type: 'skip-kind', description: 'interrupted' });

      // The suite reporter fed the same run: its counts are Allure's.
      const reporter = reportedRun(events);
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
    },
    stop,
  );
});

test("a signal to npm's process alone reaches certify, the mock and npm test (its static checks and its Playwright): their npm scripts exec their command, no shell in between keeping it", () => {
  // `npm run` runs a script through `sh -c`, which keeps a SIGINT relayed by npm to itself (the run
  // went on) and leaves its command running when a SIGTERM ends npm; `exec` replaces the shell.
  // Node with tsx's loader, not tsx's command line: its relaunch SIGKILLs the command when the
  // command has not told it of a signal within 30 ms (a loaded machine), its teardown unrun.
  // The mock also watches the npm that started it (its pid, the shell's $PPID): killed, npm takes it along.
  const scripts = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')).scripts as Record<string, string>;
  expect({ certify: scripts.certify, 'certify:stand-in': scripts['certify:stand-in'], mock: scripts.mock }).toEqual({
    certify: 'exec node --import tsx scripts/certify.ts',
    'certify:stand-in': 'exec node --import tsx scripts/certify-stand-in.ts',
    mock: `${PARENT_PID_ENV}=$PPID exec tsx scripts/mock.ts`,
  });
  // npm test's static checks and its Playwright after them: one Node process in place of the shell (scripts/test.ts).
  expect(scripts.test, 'the static checks and Playwright after them in place of the shell').toMatch(
    / && exec node --import tsx scripts\/test\.ts$/,
  );
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

/** A command run as `runMain(..., { detach: true })` runs it: it waits to be interrupted, then takes a second to clean up. */
const DETACHED = (cli: string) => `
import fs from 'node:fs';
import { runMain } from ${JSON.stringify(cli)};
runMain(import.meta.url, async (_argv, io) => {
  fs.writeFileSync('pid', String(process.pid));
  const busy = setInterval(() => undefined, 1000);
  await new Promise((resolve) => process.once('SIGINT', resolve));
  clearInterval(busy);
  io.out('interrupted: cleaning up');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.writeFileSync('cleaned', '');
  return 5;
}, { detach: true });
`;

test("a command that outlives its terminal: Ctrl-C reaches it through its relay, which returns its code; a SIGKILL of the terminal's group interrupts it all the same", async () => {
  test.setTimeout(NESTED_RUN_MS);
  await inTempDir('detached-', async (dir) => {
    const pid = () => Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
    const alive = (p: number) => {
      try {
        process.kill(p, 0);
        return true;
      } catch {
        return false;
      }
    };
    fs.writeFileSync(path.join(dir, 'command.ts'), DETACHED(path.resolve('tools/cli.ts')));
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const start = () => {
      fs.rmSync(path.join(dir, 'pid'), { force: true });
      fs.rmSync(path.join(dir, 'cleaned'), { force: true });
      // In a process group of its own, as a terminal's foreground job.
      // A user's terminal, not this worker (the runner's watch of certify is no worker's).
      const env = { ...process.env, TEST_WORKER_INDEX: '' };
      const relay = spawn(process.execPath, ['--import', 'tsx', 'command.ts'], {
        cwd: dir,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      for (const out of [relay.stdout, relay.stderr]) out.on('data', (c: Buffer) => (output += c.toString()));
      const ended = new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
        relay.on('close', (code, signal) => resolve({ code, signal, output })),
      );
      return { relay, ended };
    };

    // Ctrl-C: SIGINT to the terminal's group, the relay passes it on; the command's code is the relay's.
    const first = start();
    await expect.poll(() => fs.existsSync(path.join(dir, 'pid')), { timeout: NESTED_RUN_MS }).toBe(true);
    expect(pid(), 'the command runs in a process of its own').not.toBe(first.relay.pid);
    process.kill(-first.relay.pid!, 'SIGINT');
    const ctrlC = await first.ended;
    expect(ctrlC).toEqual({ code: 5, signal: null, output: 'interrupted: cleaning up\n' });
    expect(fs.existsSync(path.join(dir, 'cleaned'))).toBe(true);

    // SIGKILL of the terminal's group: the relay is gone at once, the command is not, and ends as on a Ctrl-C.
    const second = start();
    await expect.poll(() => fs.existsSync(path.join(dir, 'pid')), { timeout: NESTED_RUN_MS }).toBe(true);
    const command = pid();
    process.kill(-second.relay.pid!, 'SIGKILL');
    expect((await second.ended).signal).toBe('SIGKILL');
    expect(alive(command), 'the command outlives its relay').toBe(true);
    await expect.poll(() => fs.existsSync(path.join(dir, 'cleaned')), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => alive(command), { timeout: 10_000 }).toBe(false);
  });
});

test('a stopped certify ends NOT RUN, exit 5, on the console and in the certification alike, whatever it finds of the run', async () => {
  const { interruptedEnd } = await import('../../../scripts/certify.js');
  await inTempDir('interrupted-end-', async (dir) => {
    const file = path.join(dir, 'certification.json');
    const end = () => {
      const lines: string[] = [];
      const code = interruptedEnd({ out: (t) => lines.push(t), err: (t) => lines.push(t), env: {} }, 'sandbox', 'run-1', 'SIGINT', 60, dir);
      const cert = JSON.parse(fs.readFileSync(file, 'utf8'));
      return { code, verdict: cert.verdict, console: lines.join('\n').match(/VERDICT: ([A-Z ]+) \(/)?.[1] };
    };
    const run = { target: 'sandbox', verdict: 'PASS', checks: { selected: 3, run: 3, skipped: 0 }, services: [] };
    for (const [what, text] of [
      ['no certification of the run (stopped before Playwright wrote one)', undefined],
      ['a certification cut short', '{"verdict": "PASS", "runId": "run-1", "chec'],
      ["the run's own PASS, the signal during the sweep after it", JSON.stringify({ ...run, runId: 'run-1' })],
      ["the previous run's PASS is not this run's verdict", JSON.stringify({ ...run, runId: 'an older run' })],
    ] as const) {
      if (text) fs.writeFileSync(file, text);
      expect(end(), what).toEqual({ code: 5, verdict: 'NOT RUN', console: 'NOT RUN' });
    }
  });
});

/** One of our commands run in `cwd` as its npm script runs it (Node with tsx's loader), without blocking this process (a stand-in it calls runs here). */
async function command(cwd: string, script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; lines: string[] }> {
  const { code, output } = await spawnCollect(process.execPath, ['--import', 'tsx', script, ...args], { cwd, env });
  return { code: code ?? 1, lines: output.split('\n').filter((l) => l.trim()) };
}

test('npm run sandbox:cleanup deletes what a run left with the settings that run read (a stand-in run: its own env file), whatever .env holds', async () => {
  test.setTimeout(NESTED_RUN_MS);
  await inTempDir('cleanup-', (dir) =>
    closing(startStandIn('financial-data'), async (standIn) => {
      linkCheckout(dir);
      const settings = path.join(dir, 'stand-in', '.env');
      fs.mkdirSync(path.dirname(settings));
      fs.writeFileSync(settings, `TARGET=sandbox\n${toDotenv(standIn.env())}`);
      // What a stopped run left: a testing customer its ledger names, with the settings it was made with.
      const env = standIn.env();
      const id = String(await newTestingCustomer(standIn.baseURL, await fdHeaders(standIn, env), 'pcsuite_cleanup'));
      const at = new Date().toISOString();
      const ledger: GuestEvent[] = [
        { event: 'settings', dotenv: settings, at },
        {
          event: 'created',
          service: 'financial-data',
          kind: 'testing customer',
          id,
          operationId: 'AddTestingCustomer',
          undo: { operationId: 'DeleteCustomer', path: { customerId: id } },
          at,
        },
      ];
      fs.mkdirSync(path.join(dir, 'reports', '.raw', 'run-1'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'reports', '.raw', 'run-1', 'guest-1.jsonl'), ledger.map((e) => `${JSON.stringify(e)}\n`).join(''));
      // The user's .env names no financial data sandbox (their own may name another): the ledger's settings are read.
      fs.writeFileSync(path.join(dir, '.env'), 'TARGET=mock\n');
      const user = userEnv(path.join(dir, '.env'));
      const dry = await command(dir, 'scripts/sandbox-cleanup.ts', ['--dry-run'], user);
      expect(dry.lines).toEqual([
        `run run-1 (settings ${settings}): 1 objects to delete (testing customer ${id})`,
        `No FD_BASE_URL in ${path.join(dir, '.env')}: no partner's customers searched for the suite's stamp.`,
        'sandbox:cleanup: 0 deleted',
      ]);
      expect(dry.code).toBe(0);
      expect(standIn.inventory().map((o) => o.id)).toContain(id);
      const clean = await command(dir, 'scripts/sandbox-cleanup.ts', [], user);
      expect(clean.lines[0]).toBe(`run run-1 (settings ${settings}): 1 deleted`);
      expect(clean.code, clean.lines.join('\n')).toBe(0);
      expect(standIn.inventory().map((o) => o.id)).not.toContain(id);
      expect(fs.existsSync(path.join(dir, 'reports', '.raw', 'run-1')), "the run's folder is removed once nothing is left").toBe(false);
    }),
  );
});

test("the user's pace and quota hold on certify:stand-in: a bad value, or a run the quota cannot hold, is one line before any check", async () => {
  test.setTimeout(NESTED_RUN_MS);
  await inTempDir('stand-in-quota-', async (dir) => {
    linkCheckout(dir);
    const dotenv = path.join(dir, '.env');
    const certify = (env: Record<string, string>) =>
      command(dir, 'scripts/certify-stand-in.ts', ['--service', 'financial-data', '--workers', '2'], userEnv(dotenv, env));
    fs.writeFileSync(dotenv, 'TARGET=mock\n');
    const rps = await certify({ SANDBOX_MAX_RPS: '-1' });
    expect(rps.lines).toEqual(['configuration error: SANDBOX_MAX_RPS: expected a positive whole number, found "-1"']);
    expect(rps.code).toBe(2);
    // The quota of the user's .env, as certify reads it there: one below a single worker's testing customers (financial data
    // takes as many workers as the quota holds, one at the least: helpers/target/sandbox/quota.ts fdWorkerCap).
    fs.writeFileSync(dotenv, 'TARGET=mock\nSANDBOX_CUSTOMER_QUOTA=11\n');
    const quota = await certify({});
    const refusal = quota.lines.filter((l) => !l.startsWith('== '));
    expect(refusal, quota.lines.join('\n')).toHaveLength(1);
    expect(refusal[0]).toMatch(
      /^sandbox quota: financial-data needs up to 12 testing customers at once \(1 worker x 12\); the partner has \d+ of 11: delete the suite's leftovers/,
    );
    expect(quota.code).toBe(2);
    expect(fs.existsSync(path.join(dir, 'reports', '.run.lock')), 'the lock is given back').toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'reports', 'certification.json'), 'utf8'))).toMatchObject({
      verdict: 'NOT RUN',
      reason: refusal[0],
    });
  });
});
