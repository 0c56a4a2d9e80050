// Covers: helpers/reports.ts: checks are counted by the source their rule rests on, and a failure
// resting on the provider's document is as blocking as one resting on the seed (issue 7).
import { expect, test } from '../../fixtures/self.js';
import { serviceVerdict, sourceOf, type ServiceCoverage, type TestOutcome } from '../../helpers/reports.js';

const coverage: ServiceCoverage = { service: 's', contractVersion: '1', pairs: [], exercised: 0, documented: 0, undocumented: [] };
const outcome = (tags: string[], status: TestOutcome['status']): TestOutcome => ({ project: 's', title: `t ${tags.join(' ')} ${status}`, file: 'f', tags, status });
const verdict = (defaultSource: 'seed' | 'provider' | 'assumption', ...outcomes: TestOutcome[]) => serviceVerdict('s', 'S', defaultSource, outcomes, coverage, new Map());

test('a check is counted under its tag, else under the contract\'s default source', () => {
  expect(sourceOf(['@assumption', '@smoke'], 'provider')).toBe('assumption');
  expect(sourceOf(['@provider'], 'seed')).toBe('provider');
  expect(sourceOf(['@smoke'], 'seed')).toBe('seed');
  expect(sourceOf([], 'provider')).toBe('provider');
  const v = verdict('seed', outcome([], 'passed'), outcome(['@provider'], 'passed'), outcome(['@provider'], 'skipped'), outcome(['@assumption'], 'passed'));
  expect([v.seed, v.provider, v.assumption]).toEqual([
    { passed: 1, failed: 0, skipped: 0 }, { passed: 1, failed: 0, skipped: 1 }, { passed: 1, failed: 0, skipped: 0 },
  ]);
});

test('a failed provider check is FAIL, a failed assumption only CONDITIONAL, nothing run is NOT RUN', () => {
  expect(verdict('seed', outcome(['@provider'], 'failed'), outcome([], 'passed')).verdict).toBe('FAIL');
  expect(verdict('provider', outcome([], 'failed')).verdict).toBe('FAIL');
  expect(verdict('seed', outcome(['@assumption'], 'failed'), outcome([], 'passed')).verdict).toBe('CONDITIONAL');
  expect(verdict('seed', outcome([], 'failed')).verdict).toBe('FAIL');
  expect(verdict('seed', outcome([], 'passed')).verdict).toBe('PASS');
  expect(verdict('seed', outcome([], 'skipped')).verdict).toBe('NOT RUN');
  expect(verdict('seed', outcome(['@provider'], 'failed')).failures[0].source).toBe('provider');
});
