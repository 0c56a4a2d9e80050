// The repeated-failure breaker (fast on a broken target: a failing run not stopped by the preflight takes at
// most 2x a passing one). Playwright ends a worker after every failed test (1.65; microsoft/
// playwright#32803), so a target that breaks one check everywhere (every error body of the wrong
// shape) costs a worker restart per check and ran 14x a passing run. Here, once a named check has
// failed the same way in BREAKER_AFTER tests of a service (default 2), a later test that meets that
// same violation is marked skipped, "not run to the end" with the check named, instead of failing
// again: the failure is already reported, the verdict is already FAIL, and the rest of the run keeps
// its workers. BREAKER_AFTER=off runs every test to its end (a full list of the failing checks).
// Counts are shared by the run's workers through one folder the global setup creates.
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { declaredBody, type ContractViolation, type Exchange } from '../contract/checks.js';
import type { failureWeight } from '../contract/weight.js';
import { suiteConfig } from '../config/config.js';
import { laneDir } from './mutation-lane.js';
import { skipAs } from './annotations.js';

/** How the breaker's skip reason begins, for people reading the list of skips (the verdict reads its skip kind). */
export const BREAKER_PREFIX = 'breaker: ';
export const BREAKER_DIR_ENV = 'SUITE_BREAKER_DIR';

/** Checks that break the same way across a service (one error shape, one media type): keyed by name only. */
const SERVICE_WIDE = new Set(['errorShapeConformance', 'contentTypeConformance']);

/** A count is per service, key and weight ('fail' or 'conditional', helpers/verdict/certification.ts failureWeight). */
type Weight = ReturnType<typeof failureWeight>;
interface Noted {
  service: string;
  key: string;
  weight: Weight;
  message: string;
}
const noted = new WeakMap<TestInfo, Noted[]>();

/** The folder of this run's counts, or undefined when the breaker is off (and in a mutation lane, which stops at a fault's first failure). */
function folder(): string | undefined {
  if (laneDir() !== undefined || suiteConfig().breakerAfter === 0) return undefined;
  return process.env[BREAKER_DIR_ENV] || undefined;
}

/** What "the same way" means: the check, with the operation and status unless the cause is service-wide. */
export function breakerKey(violation: ContractViolation, exchange: Pick<Exchange, 'operation' | 'status' | 'headers'>): string {
  const { operation, status } = exchange;
  if (SERVICE_WIDE.has(violation.check)) return violation.check;
  // An error body breaking its schema is one cause across operations when they share that schema
  // (installments' Errors wrapper, card enrollment's ErrorBody): keyed by the schema's name.
  const schema =
    status >= 400 && violation.check === 'responseSchemaConformance'
      ? String(declaredBody(exchange)?.schema?.$ref ?? '')
          .split('/')
          .pop()
      : '';
  return schema ? `${violation.check} of ${schema} error bodies` : `${violation.check} ${operation.operationId} ${status}`;
}

const countsFile = (dir: string, service: string) => path.join(dir, `${service.replace(/[^a-z0-9-]/gi, '_')}.failed`);

const line = (n: Pick<Noted, 'key' | 'weight'>) => `${n.weight}\t${n.key}`;

function failures(dir: string, service: string, noted: Pick<Noted, 'key' | 'weight'>): number {
  try {
    return fs
      .readFileSync(countsFile(dir, service), 'utf8')
      .split('\n')
      .filter((l) => l === line(noted)).length;
  } catch {
    return 0;
  }
}

/**
 * Called by the client just before it throws a violation: when that violation already failed
 * BREAKER_AFTER tests of the service with the same weight in the verdict, the test is skipped here
 * with the reason instead.
 */
export function holdBack(testInfo: TestInfo | undefined, service: string, key: string, weight: Weight, violation: ContractViolation): void {
  const dir = folder();
  if (!testInfo || !dir) return;
  const notes = noted.get(testInfo) ?? [];
  noted.set(testInfo, notes);
  notes.push({ service, key, weight, message: violation.message });
  const limit = suiteConfig().breakerAfter;
  if (failures(dir, service, { key, weight }) < limit) return;
  const checks = weight === 'conditional' ? 'assumption checks' : 'checks';
  skipAs(
    testInfo,
    'breaker',
    true,
    `${BREAKER_PREFIX}${key} already failed ${limit} ${checks} of ${service}: not run to the end (BREAKER_AFTER=off runs every check to its end)`,
  );
}

/** After a test: a failure caused by a violation the client noted counts for that violation. */
export function countFailure(testInfo: TestInfo): void {
  const dir = folder();
  const notes = noted.get(testInfo);
  if (!dir || !notes || testInfo.status === 'skipped' || testInfo.status === testInfo.expectedStatus) return;
  const messages = testInfo.errors.map((e) => e.message ?? '');
  const counted = new Set<string>();
  for (const n of notes) {
    const id = `${n.service}\t${line(n)}`;
    if (counted.has(id) || !messages.some((m) => m.includes(n.message))) continue;
    counted.add(id);
    fs.appendFileSync(countsFile(dir, n.service), `${line(n)}\n`);
  }
}
