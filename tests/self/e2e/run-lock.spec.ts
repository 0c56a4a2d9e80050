// Covers: one run per checkout (helpers/verdict/run-lock.ts). In a checkout of its own, a real `npm run
// certify -- --service card-enrollment` holds a check; a second `playwright test` and a second certify
// are refused with one line naming the first run, touching nothing under reports/; the first ends with
// its own report. A lock whose pid is gone is taken over.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, linkCheckout, NESTED_RUN_MS, test, userEnv } from '../../../fixtures/self.js';
import {
  acquireRunLock,
  lockFile,
  lockState,
  releaseRunLock,
  RUN_LOCK_ENV,
  RunRefused,
  type LockHolder,
} from '../../../helpers/verdict/run-lock.js';

const HOLD_SPEC = `
import fs from 'node:fs';
import { test } from '@playwright/test';
test('holds the checkout until released', async () => {
  fs.writeFileSync('started', '');
  for (let i = 0; i < 500 && !fs.existsSync('release'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
});
`;

let dir: string;

test.beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-lock-'));
});

test.afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const certifyArgs = ['--import', 'tsx', 'scripts/certify.ts', '--service', 'card-enrollment', '--workers', '1'];

async function until(what: string, done: () => boolean, timeoutMs = NESTED_RUN_MS): Promise<void> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a second run in a checkout is refused with one line naming the first; the first run's report is its own and intact", async () => {
  linkCheckout(dir, { 'card-enrollment/hold.spec.ts': HOLD_SPEC });
  const env = userEnv(path.join(dir, 'no.env'), { TARGET: 'mock' });
  const first = spawn(process.execPath, certifyArgs, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let firstOutput = '';
  for (const out of [first.stdout, first.stderr]) out.on('data', (c: Buffer) => (firstOutput += c.toString()));
  const firstExit = new Promise<number>((resolve) => first.on('close', (code) => resolve(code ?? 1)));
  try {
    await until('the first run to reach its check', () => fs.existsSync(path.join(dir, 'started')) || first.exitCode !== null);
    expect(first.exitCode, firstOutput).toBeNull();
    const holder = JSON.parse(fs.readFileSync(lockFile(path.join(dir, 'reports')), 'utf8')) as LockHolder;
    expect(holder.pid).toBe(first.pid);
    expect(holder.command).toBe('npm run certify -- --service card-enrollment --workers 1');
    const before = fs.readdirSync(path.join(dir, 'reports')).sort();

    // `npm test`'s Playwright, in the same checkout: its global setup refuses before writing anything.
    const playwright = spawnSync(
      process.execPath,
      [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '--project', 'card-enrollment'],
      { cwd: dir, env, encoding: 'utf8', timeout: NESTED_RUN_MS },
    );
    const refusal = `another run holds this checkout: pid ${holder.pid}, "${holder.command}", started ${holder.startedAt}`;
    const playwrightOut = `${playwright.stdout}${playwright.stderr}`;
    expect(playwright.status, playwrightOut).toBe(2);
    expect(playwrightOut.split('\n').filter((l) => l.includes('another run holds'))).toEqual([
      `${refusal} (reports/.run.lock); its reports would be overwritten: wait for it to end, or run in another clone`,
    ]);
    expect(playwrightOut).not.toMatch(/^\s+at .+[:(]/m);

    // A second certify: one line, exit 2, before clearing anything.
    const certify = spawnSync(process.execPath, certifyArgs, { cwd: dir, env, encoding: 'utf8', timeout: NESTED_RUN_MS });
    const certifyOut = `${certify.stdout}${certify.stderr}`.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
    expect(certify.status, certifyOut.join('\n')).toBe(2);
    expect(certifyOut).toHaveLength(1);
    expect(certifyOut[0]).toContain(refusal);

    expect(fs.readdirSync(path.join(dir, 'reports')).sort(), 'the refused runs wrote nothing under reports/').toEqual(before);
    const lock = JSON.parse(fs.readFileSync(lockFile(path.join(dir, 'reports')), 'utf8')) as LockHolder;
    expect(lock.token, "the lock is still the first run's").toBe(holder.token);
  } finally {
    fs.writeFileSync(path.join(dir, 'release'), '');
  }
  const code = await firstExit;
  // One check of a service: PARTIAL (exit 4), for this run's target.
  expect(code, firstOutput).toBe(4);
  expect(firstOutput).toMatch(/VERDICT: PARTIAL .* for mock/);
  const cert = JSON.parse(fs.readFileSync(path.join(dir, 'reports', 'certification.json'), 'utf8'));
  expect(cert).toMatchObject({ target: 'mock', verdict: 'PARTIAL', checks: { run: 1 } });
  expect(cert.runId).toBeTruthy();
  expect(fs.readFileSync(path.join(dir, 'reports', 'certification.md'), 'utf8')).toContain('PARTIAL');
  expect(fs.existsSync(lockFile(path.join(dir, 'reports'))), 'the lock is given back').toBe(false);
});

test('the run of these very tests holds this checkout (its Playwright took the lock in its global setup)', () => {
  const state = lockState(path.resolve('reports'), {});
  expect(state.state).toBe('other');
  if (state.state !== 'other') return;
  // The runner (or the certify that started it), not this worker: a worker is no run of its own.
  expect(state.holder.pid).not.toBe(process.pid);
  expect(process.env[RUN_LOCK_ENV], 'the token stays with the runner').toBeUndefined();
});

test('a lock whose run is gone is taken over; a live one refuses, and the run its holder started shares it', () => {
  const reports = path.join(dir, 'reports');
  fs.mkdirSync(reports);
  // A pid that was a process and is no more.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const stale: LockHolder = {
    pid: Number(gone.stdout),
    command: 'npm run certify',
    startedAt: '2026-01-01T00:00:00.000Z',
    token: 'stale-token',
  };
  fs.writeFileSync(lockFile(reports), JSON.stringify(stale));
  expect(lockState(reports).state).toBe('free');
  const said: string[] = [];
  const taken = acquireRunLock(reports, 'npm test', {}, (line) => said.push(line));
  try {
    expect(taken.tookOver).toEqual(stale);
    expect(said, 'the take-over said in one line naming the dead run').toEqual([
      `took over ${path.relative(process.cwd(), lockFile(reports))} from pid ${stale.pid} ("npm run certify", started 2026-01-01T00:00:00.000Z), which has ended`,
    ]);
    const holder = JSON.parse(fs.readFileSync(lockFile(reports), 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: process.pid, command: 'npm test', token: taken.token });
    // Another process's view: a live holder refuses, unless it passed its token.
    const other = { ...holder, pid: process.ppid, token: 'the-other-run' };
    fs.writeFileSync(lockFile(reports), JSON.stringify(other));
    expect(() => acquireRunLock(reports, 'npm run certify', {})).toThrow(RunRefused);
    expect(() => acquireRunLock(reports, 'npm run certify', {})).toThrow(
      `another run holds this checkout: pid ${process.ppid}, "npm test"`,
    );
    expect(acquireRunLock(reports, 'playwright test', { [RUN_LOCK_ENV]: other.token })).toMatchObject({
      token: other.token,
      inherited: true,
    });
    fs.writeFileSync(lockFile(reports), JSON.stringify(holder));
  } finally {
    releaseRunLock(reports);
  }
  expect(fs.existsSync(lockFile(reports))).toBe(false);
});
