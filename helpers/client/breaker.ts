// The repeated-failure breaker (a failing run takes at most 2x a passing one): once a named check failed the same way in
// BREAKER_AFTER tests of a service (default 2; off: none), a later test meeting it is skipped "not run to the end", naming it.
// Counts are shared through one folder the global setup creates: a test notes a violation at once, pending, settled as it ends.
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { declaredBody, type ContractViolation, type Exchange } from '../contract/checks.js';
import type { failureWeight } from '../contract/weight.js';
import { suiteConfig } from '../config/config.js';
import { laneDir } from './mutation-lane.js';
import { skipAs } from './annotations.js';
import { citationsOf, parseCitation } from '../contract/rules.js';

/** How the breaker's skip reason begins, for people reading the list of skips (the verdict reads its skip kind). */
export const BREAKER_PREFIX = 'breaker: ';
export const BREAKER_DIR_ENV = 'SUITE_BREAKER_DIR';

/** Checks that break the same way across a service (one error shape, one media type): keyed by name only. */
const SERVICE_WIDE = new Set(['errorShapeConformance', 'contentTypeConformance']);

/** A count is per service, key and weight ('fail' or 'conditional', helpers/contract/weight.ts failureWeight). */
type Weight = ReturnType<typeof failureWeight>;
interface Noted {
  service: string;
  key: string;
  weight: Weight;
  message: string;
  /** This test's entry for the key in the counts file, while it is pending. */
  token?: string;
}
const noted = new WeakMap<TestInfo, Noted[]>();
let tokens = 0;

/** The folder of this run's counts, or undefined when the breaker is off (and in a mutation lane, which stops at a fault's first failure). */
function folder(): string | undefined {
  if (laneDir() !== undefined || suiteConfig().breakerAfter === 0) return undefined;
  return process.env[BREAKER_DIR_ENV] || undefined;
}

/** What "the same way" means: the check, with the operation and status unless the cause is service-wide. */
export function breakerKey(violation: ContractViolation, exchange: Pick<Exchange, 'operation' | 'status' | 'headers'>): string {
  const { operation, status } = exchange;
  if (SERVICE_WIDE.has(violation.check)) return violation.check;
  // An error body breaking a schema operations share (installments' Errors, card enrollment's ErrorBody): keyed by its name.
  const schema =
    status >= 400 && violation.check === 'responseSchemaConformance'
      ? String(declaredBody(exchange)?.schema?.$ref ?? '')
          .split('/')
          .pop()
      : '';
  return schema ? `${violation.check} of ${schema} error bodies` : `${violation.check} ${operation.operationId} ${status}`;
}

const countsFile = (dir: string, service: string) => path.join(dir, `${service.replace(/[^a-z0-9-]/gi, '_')}.failed`);

// The counts file, a line appended at a time (O_APPEND): `pending <token> <weight> <key>`, then `failed|withdrawn <token>`.
const entry = (state: 'pending' | 'failed' | 'withdrawn', token: string, n?: Pick<Noted, 'key' | 'weight'>) =>
  `${state}\t${token}${n ? `\t${n.weight}\t${n.key}` : ''}\n`;

/** The tests that failed by this violation, or met it and have not ended yet. */
export function breakerCount(dir: string, service: string, noted: Pick<Noted, 'key' | 'weight'>): number {
  let text: string;
  try {
    text = fs.readFileSync(countsFile(dir, service), 'utf8');
  } catch {
    return 0;
  }
  const met = new Set<string>();
  const withdrawn = new Set<string>();
  for (const line of text.split('\n')) {
    const [state, token, weight, ...key] = line.split('\t');
    if (state === 'pending' && weight === noted.weight && key.join('\t') === noted.key) met.add(token);
    else if (state === 'withdrawn') withdrawn.add(token);
  }
  return [...met].filter((t) => !withdrawn.has(t)).length;
}

/** Called before the client throws a violation: one that already failed BREAKER_AFTER tests at this weight skips the test instead. */
export function holdBack(testInfo: TestInfo | undefined, service: string, key: string, weight: Weight, violation: ContractViolation): void {
  const dir = folder();
  if (!testInfo || !dir) return;
  const notes = noted.get(testInfo) ?? [];
  noted.set(testInfo, notes);
  const note: Noted = { service, key, weight, message: violation.message };
  notes.push(note);
  const limit = suiteConfig().breakerAfter;
  // This test's own pending entry (it met the violation before) holds back the others, never itself.
  const own = notes.some((n) => n.token && n.service === service && n.key === key && n.weight === weight);
  if (breakerCount(dir, service, { key, weight }) - (own ? 1 : 0) < limit) {
    if (own) return;
    // Pending from now on: the other worker's next check counts this test already.
    note.token = `${process.pid}.${++tokens}`;
    fs.appendFileSync(countsFile(dir, service), entry('pending', note.token, note));
    return;
  }
  // A check aimed at a rule the violation breaks (it cites it) is never held back: it is that rule's own judgement, and the
  // rule would otherwise read "not judged" (or "passed", on the checks that met no fault) while its fault is live.
  const aimed = new Set(citationsOf(testInfo.annotations).map((c) => parseCitation(c).id));
  if (violation.rules.some((id) => aimed.has(id))) return;
  const checks = weight === 'conditional' ? 'assumption checks' : 'checks';
  // The rules the violation breaks, so that the rules a stopped check would have judged read "not judged (stopped after <rule>)".
  const rules = violation.rules.length ? ` (${violation.rules.join(', ')})` : '';
  skipAs(
    testInfo,
    'breaker',
    true,
    `${BREAKER_PREFIX}${key}${rules} already failed ${limit} ${checks} of ${service}: not run to the end (BREAKER_AFTER=off runs every check to its end)`,
  );
}

/** After a test: each violation it met is settled, failed when the test failed by it, withdrawn otherwise. */
export function countFailure(testInfo: TestInfo): void {
  const dir = folder();
  const notes = noted.get(testInfo);
  if (!dir || !notes) return;
  const failed = testInfo.status !== 'skipped' && testInfo.status !== testInfo.expectedStatus;
  const messages = failed ? testInfo.errors.map((e) => e.message ?? '') : [];
  for (const n of notes) {
    if (!n.token) continue;
    // Another note of the same key in this test (its token is the first note's) may be the one the error quotes.
    const byIt = notes.some(
      (o) => o.key === n.key && o.service === n.service && o.weight === n.weight && messages.some((m) => m.includes(o.message)),
    );
    fs.appendFileSync(countsFile(dir, n.service), entry(byIt ? 'failed' : 'withdrawn', n.token));
  }
  noted.delete(testInfo);
}
