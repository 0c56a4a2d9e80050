// Covers: a failed check keeps its worker (helpers/client/kept-worker.ts) and is still a failure in
// every report (helpers/verdict/kept-worker-reporter.ts). A tiny real Playwright run: a failed expect and
// a ContractViolation keep the worker, an error that is no check's replaces it; every failure reaches the
// reporters as unexpected, and the run exits 1. It rests on how Playwright 1.65 replaces a worker.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../../fixtures/self.js';
import { nestedRun, readRecorded } from './recorded-run.known.js';
import {
  isCheckError,
  KEPT_WORKER_ANNOTATION,
  KEPT_WORKER_REPORTER,
  mayKeepWorker,
  type EndedTest,
} from '../../../helpers/client/kept-worker.js';
import { ContractViolation } from '../../../helpers/contract/checks.js';

const SPEC = (root: string) => `
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test as base } from '${root}/fixtures/base.ts';
import { ContractViolation } from '${root}/helpers/contract/checks.ts';
// A worker fixture whose first set-up fails on a check (as a worker's customers created through the client may).
const test = base.extend<{}, { shared: string }>({
  shared: [async ({}, use) => {
    const first = !fs.existsSync('shared-failed-once');
    fs.writeFileSync('shared-failed-once', '');
    if (first) throw new ContractViolation('statusCodeConformance', 'Received: 500 / Documented: 201');
    await use('built');
  }, { scope: 'worker' }],
});
test('an expect fails', () => expect(1).toBe(2));
test('runs on in the same worker', () => {});
test('a contract check fails', () => { throw new ContractViolation('statusCodeConformance', 'Received: 500 / Documented: 200'); });
test('runs on in that worker too', () => {});
test('an error that is no check', () => { throw new Error('a broken helper'); });
test('runs in a new worker', () => {});
test('a worker fixture fails on a check', ({ shared }) => { fs.appendFileSync('bodies', 'never\\n'); });
test('its fixture is built again in a new worker and the body runs', ({ shared }) => { fs.appendFileSync('bodies', shared + '\\n'); });
`;

const CONFIG = (root: string) => `
export default {
  testDir: '.', outputDir: './test-results', workers: 1, retries: 0, fullyParallel: false,
  reporter: [['${root}/helpers/verdict/kept-worker-reporter.ts'], ['./recorder.mjs']],
};
`;

/** The run of SPEC (tests/self/e2e/recorded-run.known.ts): its exit code, each test's end as the reporters after the first read it, the bodies run. */
function subRun() {
  const root = path.resolve('.');
  const files = { 'package.json': '{ "type": "module" }', 'checks.spec.ts': SPEC(root), 'playwright.config.mjs': CONFIG(root) };
  return nestedRun('kept-worker-', files, ({ code, output, dir }) => {
    expect(fs.existsSync(path.join(dir, 'events.json')), output).toBe(true);
    const ends = readRecorded(dir).ends.map(({ test: t, result: r }) => ({
      title: t.titlePath.at(-1),
      status: r.status,
      expectedStatus: t.expectedStatus,
      outcome: t.outcome,
      worker: r.workerIndex,
      annotations: [...t.annotations, ...r.annotations].map((a) => a.type),
    }));
    const bodies = path.join(dir, 'bodies');
    return { status: code, ends, bodies: fs.existsSync(bodies) ? fs.readFileSync(bodies, 'utf8') : '' };
  });
}

const OUTCOMES = [
  ['an expect fails', 'failed', 'unexpected'],
  ['runs on in the same worker', 'passed', 'expected'],
  ['a contract check fails', 'failed', 'unexpected'],
  ['runs on in that worker too', 'passed', 'expected'],
  ['an error that is no check', 'failed', 'unexpected'],
  ['runs in a new worker', 'passed', 'expected'],
  ['a worker fixture fails on a check', 'failed', 'unexpected'],
  ['its fixture is built again in a new worker and the body runs', 'passed', 'expected'],
];

test('a failed check keeps its worker and is reported as the failure it is; an error that is no check replaces the worker', async () => {
  const { status, ends, bodies } = await subRun();
  expect(status, 'a run with failures exits 1').toBe(1);
  expect(ends.map((e) => [e.title, e.status, e.outcome])).toEqual(OUTCOMES);
  expect(ends.every((e) => e.expectedStatus === 'passed' && !e.annotations.includes(KEPT_WORKER_ANNOTATION))).toBe(true);
  expect(new Set(ends.slice(0, 5).map((e) => e.worker)).size, 'kept after the expect and the ContractViolation').toBe(1);
  expect(ends[5].worker, 'replaced after an error that is no check').not.toBe(ends[4].worker);
  // Kept, the failed fixture would have skipped the next body, and that test passed without running.
  expect(ends[7].worker, 'replaced after a worker fixture failed on a check').not.toBe(ends[6].worker);
  expect(bodies).toBe('built\n');
});

test('a worker is kept only when the run restores its failures: the restoring reporter first, no retry left, a failure of checks only', () => {
  const failed: EndedTest = {
    file: '/suite/tests/x.spec.ts',
    line: 4,
    status: 'failed',
    expectedStatus: 'passed',
    retry: 0,
    project: { retries: 0 },
    errors: [{ message: 'Error: expect(received).toBe(expected)', stack: 'Error: expect(received)\n    at /suite/tests/x.spec.ts:4:1' }],
    config: { reporter: [[path.resolve(KEPT_WORKER_REPORTER)], ['list']] },
  };
  expect(mayKeepWorker(failed)).toBe(true);
  // A --reporter on the command line replaces the configured reporters: a kept failure would pass the run.
  expect(mayKeepWorker({ ...failed, config: { reporter: [['list']] } })).toBe(false);
  expect(mayKeepWorker({ ...failed, config: { reporter: [['list'], [KEPT_WORKER_REPORTER]] } })).toBe(false);
  expect(mayKeepWorker({ ...failed, project: { retries: 1 } })).toBe(false);
  expect(mayKeepWorker({ ...failed, status: 'timedOut' })).toBe(false);
  expect(mayKeepWorker({ ...failed, errors: [] })).toBe(false);
  expect(mayKeepWorker({ ...failed, errors: [{ message: 'Error: listen EADDRINUSE' }] })).toBe(false);
  // A check's error thrown from a fixture (no frame of the test): its worker fixture may have failed.
  const above = { ...failed.errors[0], stack: 'Error: expect(received)\n    at /suite/tests/x.spec.ts:3:9' };
  expect(mayKeepWorker({ ...failed, errors: [above] })).toBe(false);
  const inFixture = { ...failed.errors[0], stack: 'Error: expect(received)\n    at /suite/fixtures/x.ts:9:1' };
  expect(mayKeepWorker({ ...failed, errors: [inFixture] })).toBe(false);
});

test('a check error is an expect (with or without its own message) or a ContractViolation; anything else is not', () => {
  const violation = new ContractViolation('statusCodeConformance', 'Received: 500 / Documented: 200');
  expect(isCheckError({ message: violation.message, stack: violation.stack })).toBe(true);
  expect(isCheckError({ message: 'Error: \u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe' })).toBe(true);
  expect(isCheckError({ message: 'Error: offers for the eligible card\n\nexpect(received).toBe(expected)' })).toBe(true);
  const inUse = { message: 'Error: INSTALLMENTS_RECEIVER_PORT: listen EADDRINUSE', stack: 'Error: INSTALLMENTS_RECEIVER_PORT...' };
  expect(isCheckError(inUse)).toBe(false);
  expect(isCheckError({ message: 'TypeError: expected is not a function' })).toBe(false);
});
