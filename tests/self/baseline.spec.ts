// Covers: helpers/verdict/baseline.ts (npm run certify -- --baseline): two certifications compared check by
// check and rule by rule, the (operation, status) pairs exercised, the verdict; a service one run alone ran
// is not compared; without per-check results, rules; bad baselines are one line; the reports show it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { certificationOf, expectOneErrorLine, inTempDir, serviceVerdictOf } from './support.known.js';
import { runInProcess } from './commands.known.js';
import { baselineLines, compareCertifications, readBaseline, regressionCount } from '../../helpers/verdict/baseline.js';
import type { Certification, CheckResult, RuleOutcome, ServiceVerdict } from '../../helpers/verdict/model.js';
import { certificationHtml } from '../../helpers/verdict/certification-html.js';
import { certificationLines } from '../../helpers/verdict/certification-report.js';

const rule = (id: string, outcome: RuleOutcome['outcome']): RuleOutcome => ({
  id,
  outcome,
  text: id,
  kind: 'limit',
  source: 'provider',
  cite: 'c',
  checks: { passed: 0, failed: 0, skipped: 0 },
});
const service = (name: string, verdict: ServiceVerdict['verdict'], rules: RuleOutcome[], pairs: string[]): ServiceVerdict =>
  serviceVerdictOf(name, { verdict, coverage: { exercised: pairs.length, documented: 4, exercisedPairs: pairs }, rules });
const check = (title: string, status: CheckResult['status'], project = 'installments', rules: string[] = []): CheckResult => ({
  title,
  file: `tests/${project}/a.spec.ts`,
  project,
  status,
  rules,
});
const cert = (verdict: Certification['verdict'], services: ServiceVerdict[], results?: CheckResult[]): Certification =>
  certificationOf(services, { generatedAt: '2026-11-22T00:00:00.000Z', verdict, ...(results ? { results } : {}) });

const before = cert(
  'PARTIAL',
  [
    service(
      'installments',
      'PASS',
      [rule('IN-A', 'passed'), rule('IN-B', 'failed'), rule('IN-C', 'passed'), rule('IN-D', 'skipped')],
      ['getPlan 200', 'getPlan 404'],
    ),
    service('card-enrollment', 'PASS', [], []),
  ],
  [
    check('keeps the cap', 'passed', 'installments', ['IN-A:refuse']),
    check('was broken', 'failed'),
    check('goes away', 'passed'),
    check('will skip', 'passed'),
    check('stays', 'passed'),
    check('enrolls', 'passed', 'card-enrollment'),
  ],
);
const after = cert(
  'FAIL',
  [
    service(
      'installments',
      'FAIL',
      [rule('IN-A', 'failed'), rule('IN-B', 'passed'), rule('IN-C', 'skipped'), rule('IN-D', 'passed'), rule('IN-E', 'passed')],
      ['getPlan 200', 'savePlan 201'],
    ),
  ],
  [
    check('keeps the cap', 'failed', 'installments', ['IN-A:refuse']),
    check('was broken', 'passed'),
    check('is new', 'passed'),
    check('will skip', 'skipped'),
    check('stays', 'passed'),
  ],
);

test('compares two runs check by check, rule by rule, pair by pair, and the verdict', () => {
  const cmp = compareCertifications(before, after, 'baseline.json');
  const titles = (ds: { title: string }[]) => ds.map((d) => d.title);
  expect(titles(cmp.checks!.regressions)).toEqual(['keeps the cap']);
  expect(cmp.checks!.regressions[0]).toMatchObject({ before: 'passed', after: 'failed', rules: ['IN-A:refuse'] });
  expect(titles(cmp.checks!.fixes)).toEqual(['was broken']);
  expect(titles(cmp.checks!.added)).toEqual(['is new']);
  expect(titles(cmp.checks!.removed)).toEqual(['goes away']);
  expect(titles(cmp.checks!.newlySkipped)).toEqual(['will skip']);
  expect(cmp.checks!.unchanged).toBe(1);
  // card-enrollment ran in the baseline only: not compared, its check not counted as removed.
  expect(cmp).toMatchObject({ compared: ['installments'], onlyBefore: ['card-enrollment'], onlyAfter: [] });
  const ids = (ds: { id: string }[]) => ds.map((d) => d.id);
  expect(ids(cmp.rules.regressions)).toEqual(['IN-A']);
  expect(ids(cmp.rules.fixes)).toEqual(['IN-B']);
  expect(ids(cmp.rules.gained)).toEqual(['IN-D', 'IN-E']);
  expect(ids(cmp.rules.lost)).toEqual(['IN-C']);
  expect(cmp.coverage).toEqual([{ service: 'installments', before: '2/4', after: '2/4', gained: ['savePlan 201'], lost: ['getPlan 404'] }]);
  expect(cmp.verdict).toEqual({ before: 'PARTIAL', after: 'FAIL', changed: true });
  expect(regressionCount(cmp)).toBe(1);
  const lines = baselineLines(cmp).join('\n');
  expect(lines).toContain('Checks: 1 regression(s), 1 fix(es), 1 added, 1 removed, 1 newly skipped');
  expect(lines).toMatch(
    /REGRESSIONS[^\n]*\n {2}- \[installments\] keeps the cap \(tests\/installments\/a\.spec\.ts\) rules IN-A:refuse: passed -> failed/,
  );
});

test('a baseline without per-check results is compared rule by rule', () => {
  const { results: _dropped, ...old } = before;
  const cmp = compareCertifications(old as Certification, after, 'old.json');
  expect(cmp.checks).toBeUndefined();
  expect(cmp.checksNote).toContain('the baseline keeps no results per check');
  expect(regressionCount(cmp)).toBe(1);
});

test('the comparison shows in the markdown and html certification', () => {
  const shown = { ...after, baseline: compareCertifications(before, after, 'baseline.json') };
  const md = certificationLines(shown).join('\n');
  expect(md).toContain('## Comparison with the baseline');
  expect(md).toContain('- [installments] keeps the cap');
  const html = certificationHtml(shown, []);
  expect(html).toContain('id="baseline"');
  expect(html).toContain('1 regression(s)');
});

test('a baseline that cannot be read or is not a certification is one line', () => {
  return inTempDir('baseline-', (dir) => {
    fs.writeFileSync(path.join(dir, 'x.json'), '{"a": 1}');
    expect(() => readBaseline(path.join(dir, 'none.json'))).toThrow(/cannot read baseline .*ENOENT/);
    expect(() => readBaseline('README.md')).toThrow('baseline README.md is not JSON');
    expect(() => readBaseline(path.join(dir, 'x.json'))).toThrow(/is not a certification\.json/);
  });
});

test('npm run certify -- --baseline with a missing file answers with one error line, before running anything', async () => {
  const { main } = await import('../../scripts/certify.js');
  const { code, output } = await runInProcess(main, ['--service', 'installments', '--baseline', '/no/such/certification.json']);
  expectOneErrorLine({ code, output }, 'cannot read baseline /no/such/certification.json: ENOENT');
});
