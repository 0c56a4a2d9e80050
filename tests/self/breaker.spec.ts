// Covers: the repeated-failure breaker (helpers/client/breaker.ts): a violation that has
// failed BREAKER_AFTER tests of a service stops a later test meeting it (skipped, the check named);
// below the limit, for another check or another service, or for a failure the violation did not
// cause, nothing is held back. Through the client: the key it counts and the skip it throws.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { loopback, closing, selfClient } from './support.known.js';
import { BREAKER_DIR_ENV, BREAKER_PREFIX, breakerCount, breakerKey, countFailure, holdBack } from '../../helpers/client/breaker.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { skipKindOf } from '../../helpers/client/annotations.js';

import { suiteConfig } from '../../helpers/config/config.js';
import { loadContract } from '../../helpers/contract/contract.js';

class Skipped extends Error {}

/** A stand-in TestInfo: skip() throws as Playwright's does; status and errors as a finished test has them. */
function fakeTest(outcome: { status?: TestInfo['status']; errors?: string[] } = {}): TestInfo {
  const info = {
    status: outcome.status ?? 'failed',
    expectedStatus: 'passed',
    tags: [] as string[],
    errors: (outcome.errors ?? []).map((message) => ({ message })),
    annotations: [] as { type: string; description?: string }[],
    skip(condition: boolean, reason: string) {
      if (!condition) return;
      info.expectedStatus = 'skipped';
      info.annotations.push({ type: 'skip', description: reason });
      throw new Skipped(reason);
    },
    attach: async () => undefined,
  };
  return info as unknown as TestInfo;
}

const limit = suiteConfig().breakerAfter;
let dir: string;
let saved: string | undefined;

test.beforeEach(() => {
  test.skip(limit === 0, 'BREAKER_AFTER=off in .env switches the breaker off: its checks need it on (unset it, or set a count)');
  saved = process.env[BREAKER_DIR_ENV];
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'breaker-self-'));
  process.env[BREAKER_DIR_ENV] = dir;
});

test.afterEach(() => {
  if (saved === undefined) delete process.env[BREAKER_DIR_ENV];
  else process.env[BREAKER_DIR_ENV] = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A test that met `violation` and failed because of it (its error quotes the violation). */
function failWith(service: string, violation: ContractViolation, key: string, weight: 'fail' | 'conditional' = 'fail') {
  const info = fakeTest({ errors: [`ContractViolation: ${violation.message}\n    at call`] });
  holdBack(info, service, key, weight, violation);
  countFailure(info);
}

test('a violation stops a test only once it has failed BREAKER_AFTER tests of that service', () => {
  const violation = new ContractViolation('errorShapeConformance', 'putCard 400: Received an error body that is not Error');
  for (let i = 0; i < limit; i++) expect(() => failWith('svc', violation, 'errorShapeConformance')).not.toThrow();
  const next = fakeTest();
  expect(() => holdBack(next, 'svc', 'errorShapeConformance', 'fail', violation)).toThrow(Skipped);
  expect(next.annotations.find((n) => n.type === 'skip')?.description).toBe(
    `${BREAKER_PREFIX}errorShapeConformance already failed ${limit} checks of svc: not run to the end (BREAKER_AFTER=off runs every check to its end)`,
  );
  // The verdict counts it by its typed kind, not by the reason's first word.
  expect(skipKindOf(next.annotations)).toBe('breaker');
  // Another service, another check, another weight in the verdict: not held back.
  expect(() => holdBack(fakeTest(), 'other', 'errorShapeConformance', 'fail', violation)).not.toThrow();
  expect(() => holdBack(fakeTest(), 'svc', 'statusCodeConformance putCard 400', 'fail', violation)).not.toThrow();
  expect(() => holdBack(fakeTest(), 'svc', 'errorShapeConformance', 'conditional', violation)).not.toThrow();
});

test('a failure the violation did not cause, a passed test and a repeat within one test do not count', () => {
  const violation = new ContractViolation('responseSchemaConformance', 'POST /cards (putCard) 200: Received a body that breaks the schema');
  const key = 'responseSchemaConformance putCard 200';
  for (let i = 0; i < limit + 2; i++) {
    const otherCause = fakeTest({ errors: ['expect(received).toBe(expected)'] });
    holdBack(otherCause, 'svc', key, 'fail', violation);
    countFailure(otherCause);
    const passed = fakeTest({ status: 'passed' });
    holdBack(passed, 'svc', key, 'fail', violation);
    countFailure(passed);
  }
  const probe = fakeTest({ status: 'passed' });
  expect(() => holdBack(probe, 'svc', key, 'fail', violation)).not.toThrow();
  countFailure(probe);
  const twice = fakeTest({ errors: [violation.message] });
  holdBack(twice, 'svc', key, 'fail', violation);
  holdBack(twice, 'svc', key, 'fail', violation);
  countFailure(twice);
  expect(breakerCount(dir, 'svc', { key, weight: 'fail' })).toBe(1);
});

test('a failure not yet ended in the other worker counts: the next check is held back, and released if that test passes', () => {
  const violation = new ContractViolation('errorShapeConformance', 'putCard 400: Received an error body that is not Error');
  for (let i = 0; i < limit - 1; i++) failWith('svc', violation, 'errorShapeConformance');
  // The last failure the limit allows has met the violation and is still running (its worker has not ended it).
  const running = fakeTest({ errors: [`ContractViolation: ${violation.message}`] });
  expect(() => holdBack(running, 'svc', 'errorShapeConformance', 'fail', violation)).not.toThrow();
  // A kept worker's next test meets the same violation meanwhile: held back, not one failure more.
  expect(() => holdBack(fakeTest(), 'svc', 'errorShapeConformance', 'fail', violation)).toThrow(Skipped);
  // The running test itself meets it again (a grid going on to its next operation): its own entry does not stop it.
  expect(() => holdBack(running, 'svc', 'errorShapeConformance', 'fail', violation)).not.toThrow();
  // Had the running test passed (the violation was not why it ended), the next one runs to its end.
  (running as { status: string }).status = 'passed';
  countFailure(running);
  expect(() => holdBack(fakeTest(), 'svc', 'errorShapeConformance', 'fail', violation)).not.toThrow();
});

test('failures of assumption checks never hold back a seed check: the verdict stays what it would be', () => {
  const violation = new ContractViolation('errorShapeConformance', 'putCard 403: Received an error body that is not Error');
  for (let i = 0; i < limit; i++) failWith('svc', violation, 'errorShapeConformance', 'conditional');
  expect(() => holdBack(fakeTest(), 'svc', 'errorShapeConformance', 'conditional', violation)).toThrow(Skipped);
  expect(() => holdBack(fakeTest(), 'svc', 'errorShapeConformance', 'fail', violation)).not.toThrow();
});

test('the key: error shape, content type and error bodies per service, every other check per operation and status', async () => {
  const op = (await loadContract('card-enrollment')).operation('putCard');
  const json = { 'content-type': 'application/json' };
  for (const [check, status, key] of [
    ['errorShapeConformance', 400, 'errorShapeConformance'],
    ['contentTypeConformance', 500, 'contentTypeConformance'],
    ['responseSchemaConformance', 200, 'responseSchemaConformance putCard 200'],
    ['statusCodeConformance', 404, 'statusCodeConformance putCard 404'],
    // An error body against its named schema: one cause across operations and statuses.
    ['responseSchemaConformance', 401, 'responseSchemaConformance of ErrorBody error bodies'],
    ['responseSchemaConformance', 400, 'responseSchemaConformance of ErrorBody error bodies'],
  ] as const)
    expect(breakerKey(new ContractViolation(check, 'm'), { operation: op, status, headers: json }), `${check} ${status}`).toBe(key);
});

test('through the client: a target breaking one check everywhere is stopped after BREAKER_AFTER failures', async ({ request }) => {
  // Every answer a 400 whose body is not card enrollment's Error.
  await closing(
    loopback((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"oops":true}')),
    async (server) => {
      const call = async (info: TestInfo) => {
        const client = await selfClient(request, 'card-enrollment', server.url, { testInfo: info });
        try {
          await client.call('putCard', { body: {} });
          return 'passed';
        } catch (error) {
          if (error instanceof Skipped) return 'skipped';
          (info as { errors: { message: string }[] }).errors.push({ message: (error as Error).message });
          countFailure(info);
          return 'failed';
        }
      };
      const outcomes = [];
      for (let i = 0; i < limit + 2; i++) outcomes.push(await call(fakeTest({ errors: [] })));
      expect(outcomes).toEqual([...Array(limit).fill('failed'), 'skipped', 'skipped']);
    },
  );
});

test("a check aimed at a rule the violation breaks (it cites it) runs to its end, whatever the count: that rule's own judgement", () => {
  const violation = new ContractViolation('sensitiveEchoConformance', 'putCard 200: the card number in clear', undefined, [
    'CE-SENSITIVE-ECHO',
  ]);
  const key = 'sensitiveEchoConformance putCard 200';
  for (let i = 0; i < limit; i++) failWith('svc', violation, key);
  const aimed = fakeTest();
  aimed.annotations.push({ type: 'rule', description: 'CE-SENSITIVE-ECHO' });
  expect(() => holdBack(aimed, 'svc', key, 'fail', violation)).not.toThrow();
  const bystander = fakeTest();
  bystander.annotations.push({ type: 'rule', description: 'CE-MASK-PAN' });
  expect(() => holdBack(bystander, 'svc', key, 'fail', violation)).toThrow(Skipped);
});
