// Covers: helpers/verdict/certification.ts, the verdict as named stages: classifyOutcome (each check read once, counted
// under one source, each failed judgement a record of its own), groupFailures (one cause, one group), decideVerdict.
import { expect, test } from '../../fixtures/self.js';
import {
  classifyOutcome,
  decideVerdict,
  groupFailures,
  timeSpent,
  timeSpentText,
  type VerdictContext,
} from '../../helpers/verdict/certification.js';
import type { TestOutcome } from '../../helpers/verdict/coverage-report.js';
import { outcomeOf, testRule } from './support.known.js';

const rules = [
  testRule('S-ECHO', 'echo', ['op', 'other']),
  testRule('S-FORM', 'format', ['op'], { source: 'assumption' }),
  testRule('S-MASK', 'masking', ['op']),
  testRule('S-REPORT-DONE', 'state', ['read']),
  testRule('S-CONTENT', 'value', ['read'], { source: 'provider' }),
];
const ctx: VerdictContext = {
  defaultSource: 'seed',
  kindOf: new Map(rules.map((r) => [r.id, r.kind])),
  operationsOf: new Map(rules.map((r) => [r.id, r.operations])),
  sourceOfRule: new Map(rules.map((r) => [r.id, r.source])),
  conflicts: new Map(),
  serverErrors: new Map(),
};
const failed = (title: string, more: Partial<TestOutcome>) => outcomeOf('s', title, 'failed', more);
const lead = (rule: string, operationId = 'op') => ({
  check: 'judge',
  operationId,
  method: 'POST',
  path: '/x',
  status: 200,
  rules: [rule],
  lead: true as const,
});

test('classify reads a check once and leaves it as it was: counted under the source of the rule whose judgement failed, not its tag', () => {
  const o = failed('echo broken', {
    tags: ['@assumption'],
    rules: ['S-ECHO', 'S-FORM'],
    violations: [lead('S-ECHO')],
    error: '[judge] op 200: S-ECHO: x',
  });
  const before = structuredClone(o);
  const c = classifyOutcome(o, ctx);
  expect(o).toEqual(before);
  expect([c.status, c.source, c.broken, c.failures.map((f) => f.key)]).toEqual(['failed', 'seed', ['S-ECHO'], ['S-ECHO||op']]);
  expect(classifyOutcome(outcomeOf('s', 'fine', 'passed', { tags: ['@provider'] }), ctx)).toMatchObject({
    status: 'passed',
    source: 'provider',
    failures: [],
  });
});

test("a check whose set-up failed (a report that never finished) is not judged after it: one record under the step's rule, its own rules not judged", () => {
  const step = {
    operationId: 'read',
    status: 'still inProgress after 600 s',
    what: 'the report it waited for',
    rule: 'S-REPORT-DONE',
    call: 3,
  };
  const c = classifyOutcome(failed('content', { rules: ['S-CONTENT'], error: 'still inProgress', after: step }), ctx);
  expect([c.source, c.broken]).toEqual(['seed', ['S-REPORT-DONE']]);
  expect(c.failures).toHaveLength(1);
  expect(c.failures[0]).toMatchObject({ key: 'S-REPORT-DONE||read', blocking: false, notJudged: { rules: ['S-CONTENT'] } });
});

test('an assumption met on the way is a record of its own beside the hard one; after assumptions alone the check counts as an assumption', () => {
  const assumed = [
    { check: 'judge', operationId: 'op', method: 'POST', path: '/x', status: 200, rules: ['S-FORM'], line: '[judge] op 200: S-FORM: x' },
  ];
  const both = classifyOutcome(
    failed('both', { rules: ['S-ECHO', 'S-FORM'], violations: [lead('S-ECHO')], assumed: [...assumed, ...assumed] }),
    ctx,
  );
  expect(both.failures.map((f) => [f.key, f.source])).toEqual([
    ['S-FORM||op', 'assumption'],
    ['S-ECHO||op', 'seed'],
  ]);
  const alone = classifyOutcome(failed('alone', { rules: ['S-ECHO', 'S-FORM'], assumed, assumedOnly: true }), ctx);
  expect([alone.source, alone.broken, alone.failures.length]).toEqual(['assumption', ['S-FORM'], 1]);
});

test('group: one cause is one group across checks; another operation is another group; blocking only where a documented masking rule failed', () => {
  const classified = [
    failed('a', { violations: [lead('S-ECHO')] }),
    failed('b', { violations: [lead('S-ECHO')] }),
    failed('c', { violations: [lead('S-ECHO', 'other')] }),
    failed('d', { violations: [lead('S-MASK')] }),
  ].map((o) => classifyOutcome(o, ctx));
  const { groups } = groupFailures(classified);
  expect(groups.map((g) => [g.cause, g.titles, g.blocking])).toEqual([
    ['S-ECHO: op', ['a', 'b'], false],
    ['S-ECHO: other', ['c'], false],
    ['S-MASK: op', ['d'], true],
  ]);
});

test('decide: a seed or provider failure or a blocking one is FAIL; assumptions only or a conflict met CONDITIONAL; nothing failed PASS; nothing ran NOT RUN', () => {
  const of = (...os: TestOutcome[]) => os.map((o) => classifyOutcome(o, ctx));
  const pass = outcomeOf('s', 'p', 'passed');
  expect(decideVerdict(of(pass), 0)).toBe('PASS');
  expect(decideVerdict(of(pass), 1)).toBe('CONDITIONAL');
  expect(decideVerdict(of(outcomeOf('s', 'k', 'skipped')), 0)).toBe('NOT RUN');
  expect(decideVerdict(of(pass, failed('f', { violations: [lead('S-FORM')] })), 0)).toBe('CONDITIONAL');
  expect(decideVerdict(of(pass, failed('f', { violations: [lead('S-ECHO')] })), 0)).toBe('FAIL');
});

test('a named check stating no rule of its own (an undocumented status) is filed under the rules its check cites for that operation', () => {
  const c = classifyOutcome(
    failed('issue', { rules: ['S-ECHO', 'S-CONTENT'], violations: [{ ...lead('S-ECHO'), rules: [], check: 'statusCodeConformance' }] }),
    ctx,
  );
  expect([c.broken, c.source, c.failures.map((f) => f.key)]).toEqual([['S-ECHO'], 'seed', ['S-ECHO||op']]);
});

test('a declared set-up step (given) that did not hold: the check is not judged after it, filed under the statement the step rests on', () => {
  const step = {
    operationId: 'its set-up',
    status: 'Expected: 400',
    what: 'the refusal it needs first',
    rule: 'S-FORM',
    given: true as const,
  };
  const c = classifyOutcome(failed('after a refusal', { rules: ['S-ECHO'], error: 'Expected: 400', after: step }), ctx);
  expect([c.source, c.broken]).toEqual(['assumption', ['S-FORM']]);
  expect(c.failures[0]!.notJudged).toEqual({ rules: ['S-ECHO'], after: 'S-FORM: the refusal it needs first did not hold (Expected: 400)' });
  expect(decideVerdict([c], 0)).toBe('CONDITIONAL');
});

test("where the time went: the checks' time, of it the waits each noted (documented intervals, the target's work, quota, answers, turns), the rest the suite's own", () => {
  const spent = [
    outcomeOf('s', 'polls', 'passed', { time: { ms: 70_000, documented: 60_000, answers: 4_000, cpu: 1_500 } }),
    outcomeOf('s', 'throttled', 'passed', { time: { ms: 12_000, quota: 9_000, answers: 2_000, cpu: 500 } }),
    outcomeOf('s', 'effectuated', 'passed', { time: { ms: 65_000, background: 60_000, answers: 1_000, turns: 3_000, cpu: 200 } }),
    outcomeOf('s', 'older report', 'passed'),
  ];
  const t = timeSpent(spent);
  expect(t).toEqual({ checks: 147, documented: 60, background: 60, quota: 9, answers: 7, turns: 3, ours: 8, cpu: 2.2 });
  expect(timeSpentText(t)).toBe(
    "where the time went: 147 s in checks: 60 s waiting on the documents' intervals, 60 s on the target's work in its own time (effectuations, decisions, deliveries), 9 s on its quota and 429s, 7 s on its answers, 3 s on turns at the shared test data, 8 s the suite's own (2.2 s CPU)",
  );
});
