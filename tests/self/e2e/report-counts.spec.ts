// Covers: the certification, the page rendered from it, the console's Summary line, JUnit and the
// Allure results of one run agree on every count per service (helpers/verdict/allure-counts.ts). A tiny
// real Playwright run feeds allure-playwright and the suite reporter: a pass, a failure, a time-out, the
// skips of a spec, a fixture and a check stopped mid-way, a retried check, and a check never started
// (--max-failures), which the certification counts as skipped "not run".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyCoverage, expect, NESTED_RUN_MS, test } from '../../../fixtures/self.js';
import { allureCounts, certificationCounts } from '../../../helpers/verdict/allure-counts.js';
import { serviceVerdict } from '../../../helpers/verdict/certification.js';
import { NOT_RUN_REASON, summaryCounts } from '../../../helpers/verdict/suite-reporter.js';
import { readRecorded, RECORDER, reportedRun } from './recorded-run.known.js';
import { outcomeOf } from '../support.known.js';
import { certificationHtml } from '../../../helpers/verdict/certification-html.js';
import { SKIP_KIND_ANNOTATION } from '../../../helpers/client/annotations.js';
import type { TestOutcome } from '../../../helpers/verdict/coverage-report.js';

let dir: string;

test.beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-counts-'));
});

test.afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('Allure counts: per epic or parent suite, broken counts as failed, a retried check once by its latest attempt', () => {
  const write = (name: string, body: object) => fs.writeFileSync(path.join(dir, name), JSON.stringify(body));
  const labels = (service: string, epic = true) => [
    { name: 'parentSuite', value: service },
    ...(epic ? [{ name: 'epic', value: service }] : []),
  ];
  write('1-result.json', { status: 'passed', historyId: 'h1', stop: 1, labels: labels('installments') });
  write('2-result.json', { status: 'broken', historyId: 'h2', stop: 1, labels: labels('installments') });
  write('3-result.json', { status: 'skipped', historyId: 'h3', stop: 1, labels: labels('installments', false) });
  write('4-result.json', { status: 'failed', historyId: 'h4', stop: 1, labels: labels('card-enrollment') });
  write('5-result.json', { status: 'passed', historyId: 'h4', stop: 2, labels: labels('card-enrollment') });
  write('6-result.json', { status: 'failed', historyId: 'h6', stop: 1, labels: labels('card-enrollment') });
  write('a-container.json', { children: ['1'] });
  write('b-attachment.json', { status: 'failed' });
  expect(allureCounts(dir)).toEqual({
    installments: { passed: 1, failed: 1, skipped: 1 },
    'card-enrollment': { passed: 1, failed: 1, skipped: 0 },
  });
});

test('certification counts: the seed, provider and assumption checks of a service added up', () => {
  const o = (tags: string[], status: TestOutcome['status']) => outcomeOf('installments', `${tags} ${status}`, status, { tags });
  const outcomes = [o([], 'passed'), o(['@seed'], 'timedOut'), o(['@assumption'], 'skipped'), o(['@assumption'], 'interrupted')];
  const v = serviceVerdict('installments', 'Installments', 'provider', outcomes, emptyCoverage('installments'));
  // A time-out failed; an interrupted check did not (it was stopped): not run, counted as skipped.
  expect(certificationCounts({ services: [v] })).toEqual({ installments: { passed: 1, failed: 1, skipped: 2 } });
});

const SPEC = `
import { test as base, expect } from '@playwright/test';
import * as allure from 'allure-js-commons';
// As fixtures/base.ts: the epic is the project; a fixture may skip (as the preflight does).
const test = base.extend({ labels: [async ({}, use, info) => {
  await allure.epic(info.project.name);
  if (info.title.includes('stopped service')) info.annotations.push({ type: '${SKIP_KIND_ANNOTATION}', description: 'preflight' });
  info.skip(info.title.includes('stopped service'), 'preflight: stopped');
  await use();
}, { auto: true }] });
test('passes', () => expect(1).toBe(1));
test.skip('skipped by the spec', () => {});
test('stopped service', () => {});
test('held back mid-way', ({}, info) => {
  info.annotations.push({ type: '${SKIP_KIND_ANNOTATION}', description: 'breaker' });
  test.skip(true, 'breaker: held back');
});
test.describe('retried', () => {
  test.describe.configure({ retries: 1 });
  test('passes on its retry', ({}, info) => expect(info.retry).toBe(1));
});
test('fails', () => expect(1).toBe(2));
// Its own short limit, and a promise that never settles: it times out however loaded the machine.
test('times out', () => { test.setTimeout(1000); return new Promise(() => {}); });
test('never started', () => {});
`;

const CONFIG = `
export default {
  testDir: '.', outputDir: './test-results', workers: 1, retries: 0, timeout: 60_000, maxFailures: 2,
  reporter: [['allure-playwright', { resultsDir: './allure-results', detail: false, suiteTitle: true }], ['junit', { outputFile: 'junit.xml' }], ['./recorder.mjs']],
  projects: [{ name: 'installments', testMatch: 'checks.spec.mjs' }, { name: 'card-enrollment', testMatch: 'other.spec.mjs' }],
};
`;

/** Per project (a testsuite's hostname, as Playwright's JUnit reporter writes it): passed, failed (failures and errors), skipped. */
function junitCounts(xml: string): Record<string, { passed: number; failed: number; skipped: number }> {
  const out: Record<string, { passed: number; failed: number; skipped: number }> = {};
  for (const [suite] of xml.matchAll(/<testsuite\b[^>]*>/g)) {
    const n = (k: string) => Number(new RegExp(`\\b${k}="(\\d+)"`).exec(suite)?.[1] ?? 0);
    const project = /\bhostname="([^"]*)"/.exec(suite)?.[1] ?? '';
    const c = (out[project] ??= { passed: 0, failed: 0, skipped: 0 });
    c.failed += n('failures') + n('errors');
    c.skipped += n('skipped');
    c.passed += n('tests') - n('failures') - n('errors') - n('skipped');
  }
  return out;
}

test("one real run: the certification counts equal the page's, the console's Summary, the Allure and the JUnit counts per service", () => {
  fs.writeFileSync(path.join(dir, 'checks.spec.mjs'), SPEC);
  fs.writeFileSync(
    path.join(dir, 'other.spec.mjs'),
    "import { test } from '@playwright/test';\ntest('passes too', () => {});\ntest.fixme('not ready', () => {});\n",
  );
  fs.writeFileSync(path.join(dir, 'recorder.mjs'), RECORDER);
  fs.writeFileSync(path.join(dir, 'playwright.config.mjs'), CONFIG);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  const run = spawnSync(
    process.execPath,
    [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.config.mjs'],
    { cwd: dir, encoding: 'utf8', timeout: NESTED_RUN_MS, env: { ...process.env, FORCE_COLOR: '0' } },
  );
  expect(fs.existsSync(path.join(dir, 'events.json')), run.stdout + run.stderr).toBe(true);
  const events = readRecorded(dir);

  // The suite reporter, fed the same run (its onEnd would write this repository's reports: not called).
  const reporter = reportedRun(events);
  const outcomes = reporter.checkOutcomes();
  const services = [...new Set(outcomes.map((o) => o.project))].map((s) => {
    const own = outcomes.filter((o) => o.project === s);
    return serviceVerdict(s, s, 'seed', own, emptyCoverage(s));
  });

  const allure = allureCounts(path.join(dir, 'allure-results'));
  expect(certificationCounts({ services })).toEqual(allure);
  // JUnit (what a CI's test view shows) counts the same, and so do the console's Summary line and the page.
  expect(junitCounts(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8'))).toEqual(allure);
  const total = (counts: Record<string, { passed: number; failed: number; skipped: number }>) =>
    Object.values(counts).reduce((t, c) => ({ passed: t.passed + c.passed, failed: t.failed + c.failed, skipped: t.skipped + c.skipped }), {
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  expect(summaryCounts(outcomes)).toEqual(total(allure));
  const page = certificationHtml(
    { target: 'mock', generatedAt: new Date().toISOString(), verdict: 'FAIL', checks: { selected: 0, run: 0, skipped: 0 }, services },
    [],
  );
  const onPage = Object.fromEntries(
    [
      ...page.matchAll(
        /Checks passed\/failed\/skipped: seed (\d+)\/(\d+)\/(\d+), provider (\d+)\/(\d+)\/(\d+), assumption (\d+)\/(\d+)\/(\d+)/g,
      ),
    ].map((m, i) => {
      const n = m.slice(1).map(Number);
      return [services[i].service, { passed: n[0] + n[3] + n[6], failed: n[1] + n[4] + n[7], skipped: n[2] + n[5] + n[8] }];
    }),
  );
  expect(onPage).toEqual(allure);
  // The cases that could part the two reports were all in this run.
  const statuses = fs
    .readdirSync(path.join(dir, 'allure-results'))
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, 'allure-results', f), 'utf8')).status);
  expect(statuses).toContain('broken');
  expect(events.ends.filter((e) => e.result.retry > 0)).toHaveLength(1);
  const installments = services.find((s) => s.service === 'installments')!;
  expect(installments.skippedReasons).toMatchObject({ 'preflight: stopped': 1, 'breaker: held back': 1, [NOT_RUN_REASON]: 1 });
  // The verdict reads why a check was not run from its typed skip kind, never from the reason's words.
  const skipKinds = outcomes.filter((o) => o.project === 'installments' && o.skipKind).map((o) => o.skipKind);
  expect(skipKinds.sort()).toEqual(['breaker', 'not-run', 'preflight']);
  expect(installments.warning).toMatch(/^1 check stopped short by the breaker/);
  expect(allure.installments).toEqual({ passed: 2, failed: 2, skipped: 4 });
});
