// Covers: helpers/verdict/coverage-report.ts: checks are counted by the source their rule rests on, and a failure
// resting on the provider's document is as blocking as one resting on the seed.
import type { TestInfo } from '@playwright/test';
import { emptyCoverage, expect, test } from '../../fixtures/self.js';
import {
  annotateViolations,
  brokenRuleOf,
  noteViolation,
  problemsUnder,
  propertyBroken,
  violationsOf,
} from '../../helpers/client/annotations.js';
import { ContractViolation, judgedMembers } from '../../helpers/contract/checks.js';
import type { Operation } from '../../helpers/contract/contract.js';
import { failureSource, failureWeight, ruleWeights, sourceOf } from '../../helpers/contract/weight.js';
import { loadRules, ruleBrokenBy, ruleIdsLeading, validAcceptedRule, type Rule } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';
import { alsoBrokenText, citedMembers, overallVerdict, serviceVerdict } from '../../helpers/verdict/certification.js';
import { cliOption, fileFilters } from '../../helpers/verdict/provenance.js';
import { outcomeOf, testRule } from './support.known.js';
import type { TestOutcome } from '../../helpers/verdict/coverage-report.js';

const coverage = emptyCoverage('s');
const outcome = (tags: string[], status: TestOutcome['status']) => outcomeOf('s', `t ${tags.join(' ')} ${status}`, status, { tags });
type Source = 'seed' | 'provider' | 'assumption';
const judge = (defaultSource: Source, rules: Rule[] | undefined, outcomes: TestOutcome[]) =>
  serviceVerdict('s', 'S', defaultSource, outcomes, coverage, rules);
const verdict = (defaultSource: Source, ...outcomes: TestOutcome[]) => judge(defaultSource, undefined, outcomes);
/** Each rule of a verdict and its outcome, in the verdict's order. */
const ruleOutcomes = (v: ReturnType<typeof judge>) => v.rules.map((r) => `${r.id} ${r.outcome}`);
/** A failed check of the service, with what a case adds to it. */
const failed = (title: string, more: Partial<TestOutcome> = {}): TestOutcome => ({ ...outcome([], 'failed'), title, ...more });

test("a check is counted under its tag, else under the contract's default source", () => {
  expect(sourceOf(['@assumption', '@smoke'], 'provider')).toBe('assumption');
  expect(sourceOf(['@provider'], 'seed')).toBe('provider');
  expect(sourceOf(['@smoke'], 'seed')).toBe('seed');
  expect(sourceOf([], 'provider')).toBe('provider');
  expect(sourceOf(['@seed'], 'provider')).toBe('seed');
  const v = verdict(
    'seed',
    outcome([], 'passed'),
    outcome(['@provider'], 'passed'),
    outcome(['@provider'], 'skipped'),
    outcome(['@assumption'], 'passed'),
  );
  expect([v.seed, v.provider, v.assumption]).toEqual([
    { passed: 1, failed: 0, skipped: 0 },
    { passed: 1, failed: 0, skipped: 1 },
    { passed: 1, failed: 0, skipped: 0 },
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

test('a documented auth failure or a sensitive value answered in clear fails the verdict; an assumed auth rule is CONDITIONAL at worst', () => {
  const rules = [testRule('S-AUTH-KEY', 'auth', ['op'], { source: 'assumption' })];
  const auth: TestOutcome = { ...outcome(['@seed'], 'failed'), rules: ['S-AUTH-KEY'], error: 'Expected 401' };
  expect(judge('seed', rules, [auth]).verdict).toBe('CONDITIONAL');
  expect(judge('seed', [testRule('S-AUTH-KEY', 'auth')], [auth]).verdict).toBe('FAIL');
  const echo: TestOutcome = {
    ...outcome(['@assumption'], 'failed'),
    error: '[sensitiveEchoConformance] GET /x (op) 200: Received: a full SSN',
    violations: [{ check: 'sensitiveEchoConformance', operationId: 'op', method: 'GET', path: '/x', status: 200, lead: true }],
  };
  expect(verdict('seed', echo).verdict).toBe('FAIL');
  const other: TestOutcome = { ...outcome(['@assumption'], 'failed'), error: 'Expected 409' };
  expect(verdict('seed', other).verdict).toBe('CONDITIONAL');
  expect(judge('seed', rules, [auth]).rules[0]).toMatchObject({ id: 'S-AUTH-KEY', outcome: 'failed' });
});

test('failures are grouped by the rule they break, then the operation; with no rule by their check; a passing partial run is PARTIAL, never PASS', () => {
  const fail = (title: string, error: string, violations?: TestOutcome['violations'], rules?: string[], operations?: string[]) =>
    failed(title, { error, violations, rules, operations });
  const rules = [testRule('S-AUTH-KEY', 'auth', ['op'], { source: 'assumption' })];
  // A violation of a named check that names no rule: grouped by that check and its operation, never read from the message.
  const undocumented = { check: 'statusCodeConformance', operationId: 'GetCustomer', method: 'GET', path: '/customers/{id}', status: 500 };
  const v = judge('seed', rules, [
    fail('a', '[statusCodeConformance] GET /customers/{id} (GetCustomer): Received: 500 / Documented: 200, 404\nmore', [
      { ...undocumented, lead: true },
    ]),
    fail('b', 'a message worded otherwise', [{ ...undocumented, lead: true }]),
    // A spec's assertion breaks the rules its check cites: one group per rule and operation, whatever the test data in the message.
    fail(
      'c',
      'expect(received).toBe(expected) 401 vs 200 for 3fa85f64-5717-4562-b3fc-2c963f66afa6',
      undefined,
      ['S-AUTH-KEY'],
      ['GetCustomer'],
    ),
    fail(
      'd',
      'expect(received).toBe(expected) 401 vs 200 for 3fa85f64-5717-4562-b3fc-2c963f66afa7',
      [undocumented],
      ['S-AUTH-KEY:refuse'],
      ['GetCustomer'],
    ),
    fail('e', 'expect(received).toBe(expected) 401 vs 200', undefined, ['S-AUTH-KEY'], ['ListCustomers']),
    // A violation naming its rules (a service's judge) breaks those, not the ones the test cites.
    fail(
      'f',
      '[judge] GET /customers (ListCustomers) 200: S-MASK: shown in clear',
      [{ check: 'judge', operationId: 'ListCustomers', method: 'GET', path: '/customers', status: 200, rules: ['S-MASK'], lead: true }],
      ['S-AUTH-KEY'],
    ),
  ]);
  expect(v.failures.map((g) => [g.cause, g.titles])).toEqual([
    ['S-AUTH-KEY: GetCustomer', ['c', 'd']],
    ['S-AUTH-KEY: ListCustomers', ['e']],
    ['S-MASK: ListCustomers', ['f']],
    ['statusCodeConformance: GetCustomer', ['a', 'b']],
  ]);
  expect(v.failures[3]).toMatchObject({ broken: [], check: 'statusCodeConformance', operationId: 'GetCustomer' });
  expect(v.failures[3].message).toContain('more');
  expect(v.failures[3].checks?.map((c) => [c.check, c.judged.split('\n')[0]])).toEqual([
    ['statusCodeConformance', '[statusCodeConformance] GET /customers/{id} (GetCustomer): Received: 500 / Documented: 200, 404'],
    ['statusCodeConformance', 'a message worded otherwise'],
  ]);
  const pass = verdict('seed', outcome([], 'passed'));
  expect(overallVerdict([pass], true).verdict).toBe('PASS');
  expect(overallVerdict([pass], false)).toMatchObject({ verdict: 'PARTIAL' });
  expect(overallVerdict([pass, verdict('seed', outcome([], 'skipped'))], true)).toMatchObject({
    verdict: 'PARTIAL',
    reason: 'no check of s ran',
  });
  expect(overallVerdict([verdict('seed', outcome([], 'failed'))], false).verdict).toBe('FAIL');
  expect(overallVerdict([], true).verdict).toBe('NOT RUN');
});

test('one cause, once: a property that saw the answers a rule of its own operation failed on is that cause, named as also seen', () => {
  // A check running several checkers breaks the first one whose violation it lists, at that operation.
  const checkers = new Map([
    ['answer-is-state', 'S-PROP-STATE'],
    ['echo-as-sent', 'S-PROP-ECHO'],
  ]);
  const listed = 'Error: [echo-as-sent] Modify (Get right after): Received: x / Documented: y\n[answer-is-state] Create (Get): Received';
  expect(propertyBroken(listed, checkers)).toEqual({ rule: 'S-PROP-ECHO', operationId: 'Modify' });
  expect(propertyBroken('expect(received).toBe(expected)', checkers)).toBeUndefined();
  const rules = ['S-MODIFY', 'S-PROP-ECHO'].map((id) => testRule(id, 'echo', ['Modify']));
  const v = judge('seed', rules, [
    failed('names read back', { brokenRule: 'S-MODIFY', brokenAt: 'Modify' }),
    failed('echo property', { brokenRule: 'S-PROP-ECHO', brokenAt: 'Modify' }),
    failed('echo elsewhere', { brokenRule: 'S-PROP-ECHO', brokenAt: 'Create' }),
    // A model's shrunk sequence that broke the same rule, its operation not told.
    failed('model sequence', { brokenRule: 'S-MODIFY' }),
  ]);
  expect(v.failures.map((g) => [g.cause, g.alsoBroken, g.titles])).toEqual([
    ['S-MODIFY: Modify', ['S-PROP-ECHO'], ['names read back', 'echo property', 'model sequence']],
    ['S-PROP-ECHO: Create', undefined, ['echo elsewhere']],
  ]);
  // Each rule still failed where its own judgement failed.
  expect(ruleOutcomes(v)).toEqual(['S-MODIFY failed', 'S-PROP-ECHO failed']);
});

test('one cause, once, never under a weaker source: a documented rule failing where only an assumption failed keeps its own line', () => {
  const rules = [
    testRule('S-MASK-FORM', 'format', ['Enroll'], { source: 'assumption' }),
    testRule('S-PROP-UNIQUE-ID', 'value', ['Enroll', 'Create'], { source: 'seed' }),
  ];
  const v = judge('seed', rules, [
    failed('masked names', { rules: ['S-MASK-FORM'], brokenRule: 'S-MASK-FORM', brokenAt: 'Enroll' }),
    failed('repeated call', { rules: ['S-PROP-UNIQUE-ID'], brokenRule: 'S-PROP-UNIQUE-ID', brokenAt: 'Enroll' }),
  ]);
  expect(v.failures.map((g) => [g.cause, g.alsoBroken, g.titles])).toEqual([
    ['S-MASK-FORM: Enroll', undefined, ['masked names']],
    ['S-PROP-UNIQUE-ID: Enroll', undefined, ['repeated call']],
  ]);
});

test('one fault, one line: a rule spanning more operations that failed on the operation a narrower rule failed on joins its group, also broken there', () => {
  const broke = (title: string, brokenRule: string, brokenAt: string) => failed(title, { rules: [brokenRule], brokenRule, brokenAt });
  const rules = [
    testRule('S-LIM-WALLETS', 'error', ['Join'], { source: 'provider' }),
    testRule('S-ERR-CONTRACT', 'error', ['Join', 'Search'], { source: 'provider' }),
    testRule('S-RESP-FORMS', 'error', ['Join', 'Search', 'Read'], { source: 'provider' }),
  ];
  // A limit unenforced: the limit's check, the error contract's generated cases and the answer's form all met the acceptance.
  const v = judge('provider', rules, [
    broke('error contract', 'S-ERR-CONTRACT', 'Join'),
    broke('answer form', 'S-RESP-FORMS', 'Join'),
    broke('four wallets', 'S-LIM-WALLETS', 'Join'),
    broke('answer form elsewhere', 'S-RESP-FORMS', 'Read'),
  ]);
  expect(v.failures.map((g) => [g.cause, g.alsoBroken, g.titles])).toEqual([
    ['S-LIM-WALLETS: Join', ['S-ERR-CONTRACT', 'S-RESP-FORMS'], ['four wallets', 'error contract', 'answer form']],
    ['S-RESP-FORMS: Read', undefined, ['answer form elsewhere']],
  ]);
  // The rules table still marks each rule failed where its own judgement failed.
  expect(ruleOutcomes(v)).toEqual(['S-LIM-WALLETS failed', 'S-ERR-CONTRACT failed', 'S-RESP-FORMS failed']);
  expect(v.provider.failed).toBe(4);
});

test('one fault, one line: an answer read back on another operation off its form at the member a failed narrower rule cites joins that rule, read back there', () => {
  const rules = [
    { id: 'S-LIM-WALLETS', kind: 'range' as const, cite: 'provider 2.0.0, wallets', operations: ['Join'] },
    { id: 'S-ENUM-STATUS', kind: 'enum' as const, cite: 'provider 2.0.0 Merchant.status (Y or N)', operations: ['Join'] },
    { id: 'S-RESP-FORMS', kind: 'format' as const, cite: 'provider 2.0.0, every response schema', operations: ['Join', 'Search', 'Read'] },
  ].map((r) => ({ ...r, text: r.id, source: 'provider' as const }));
  // The client's body check, filed under the answer forms rule, with the members it found off their form.
  const form = (title: string, operationId: string, members: { member: string; keyword: string }[]): TestOutcome =>
    failed(title, {
      rules: ['S-RESP-FORMS'],
      violations: [
        {
          check: 'responseSchemaConformance',
          operationId,
          method: 'GET',
          path: '/x',
          status: 200,
          rules: ['S-RESP-FORMS'],
          lead: true,
          members,
        },
      ],
    });
  const v = judge('provider', rules, [
    failed('four wallets', { rules: ['S-LIM-WALLETS'], brokenRule: 'S-LIM-WALLETS', brokenAt: 'Join' }),
    form('list read back', 'Read', [{ member: 'wallets', keyword: 'maxItems' }]),
    form('search read back', 'Search', [{ member: 'wallets', keyword: 'maxItems' }]),
    // Another member, or the same member off another kind of form, is a cause of its own (one of another operation).
    form('names off form', 'Plans', [{ member: 'dbaNames', keyword: 'maxItems' }]),
    form('wallets of another type', 'Plans', [{ member: 'wallets', keyword: 'type' }]),
    // A narrower rule with no failure of its own takes nothing in.
    form('status off its values', 'Plans', [{ member: 'status', keyword: 'enum' }]),
  ]);
  expect(v.failures.map((g) => [g.cause, g.readBack, g.titles])).toEqual([
    [
      'S-LIM-WALLETS: Join',
      [
        { rule: 'S-RESP-FORMS', operationId: 'Read' },
        { rule: 'S-RESP-FORMS', operationId: 'Search' },
      ],
      ['four wallets', 'list read back', 'search read back'],
    ],
    ['S-RESP-FORMS: Plans', undefined, ['names off form', 'wallets of another type', 'status off its values']],
  ]);
  expect(alsoBrokenText(v.failures[0])).toBe('also broken there (read back on Read, Search): S-RESP-FORMS');
  expect(citedMembers('provider 2.0.0 PlanApprovalParameters.rejectReasonCode; seed 001, Endpoints (a, b)')).toEqual([
    'rejectReasonCode',
    'Endpoints',
  ]);
  // The body check names each member once with the keyword it broke, an item's index left out.
  expect(
    judgedMembers([
      { instancePath: '/1/wallets', keyword: 'maxItems', params: {}, schemaPath: '' },
      { instancePath: '/2/wallets', keyword: 'maxItems', params: {}, schemaPath: '' },
      { instancePath: '/0', keyword: 'required', params: { missingProperty: 'acquirerICA' }, schemaPath: '' },
    ]),
  ).toEqual([
    { member: 'wallets', keyword: 'maxItems' },
    { member: 'acquirerICA', keyword: 'required' },
  ]);
});

test("a spec's own assertion with no rule told is filed under the rule of the step that diverged: a property's problems under its rule, an answer told under the cited rules of its operation", () => {
  const rules = [
    testRule('S-STATE-ELIGIBLE', 'state', ['Register', 'Offers'], { source: 'provider' }),
    testRule('S-ECHO-LIST', 'state', ['Register'], { source: 'provider' }),
    testRule('S-PROP-FIGURES', 'state', ['Report'], { source: 'provider' }),
  ];
  // A property helper finding problems files the check's failure under the property (the first noted leads).
  expect(test.info().annotations).toHaveLength(0);
  problemsUnder('S-PROP-FIGURES', ['the employment ids differ']);
  problemsUnder('S-OTHER', ['later']);
  expect(problemsUnder('S-NONE', [])).toEqual([]);
  expect(brokenRuleOf(test.info().annotations)).toEqual({ rule: 'S-PROP-FIGURES' });
  test.info().annotations.length = 0;
  const plain = (title: string, operationId?: string) =>
    failed(title, {
      rules: ['S-STATE-ELIGIBLE:refuse', 'S-ECHO-LIST'],
      ...(operationId ? { evidence: { how: 'received', note: '', exchanges: [], operationId } } : {}),
    });
  const v = judge('provider', rules, [
    plain('offers answered for a card no list holds', 'Offers'),
    plain('untold'),
    failed('figures', { rules: ['S-ECHO-LIST', 'S-PROP-FIGURES'], brokenRule: 'S-PROP-FIGURES' }),
  ]);
  expect(v.failures.map((g) => [g.cause, g.titles])).toEqual([
    ['S-ECHO-LIST + S-STATE-ELIGIBLE: operation not told', ['untold']],
    ['S-PROP-FIGURES: operation not told', ['figures']],
    ['S-STATE-ELIGIBLE: Offers', ['offers answered for a card no list holds']],
  ]);
});

test("a refused valid call is filed under its service's rule of the documented success: seed or provider, never an assumption", () => {
  for (const { name } of SERVICES) {
    const id = validAcceptedRule(name);
    const rule = loadRules(name).rules.find((r) => r.id === id);
    expect([name, id, rule?.kind, rule?.source === 'assumption']).toEqual([
      name,
      expect.stringMatching(/-VALID-ACCEPTED$/),
      'status',
      false,
    ]);
  }
});

test("a failure after a failed step of its check (its valid call refused) judged nothing: filed under the step's rule, its own rules not judged after it", () => {
  const step = { operationId: 'op', status: '400', what: 'its valid call', rule: 'S-VALID-FORMS', call: 1 };
  // "forms sent: 0": no violation, no rule's assertion, after its valid call was refused.
  const formsSent = failed('type forms', { rules: ['S-TYPE-FORMS'], error: 'forms sent', after: step });
  const validForms = failed('valid forms', { rules: ['S-VALID-FORMS'], error: 'forms sent', after: step });
  // A check whose own judgement failed after the same step (a rule's assertion) stays a failure of its rule.
  const judged = failed('judged', { rules: ['S-OTHER'], brokenRule: 'S-OTHER', after: step });
  const rules = ['S-OTHER', 'S-TYPE-FORMS', 'S-VALID-FORMS'].map((id) => testRule(id, 'format'));
  const v = judge('seed', rules, [formsSent, validForms, judged]);
  expect(v.failures.map((g) => [g.cause, g.titles, g.notJudged])).toEqual([
    ['S-OTHER: operation not told', ['judged'], undefined],
    ['S-VALID-FORMS: op', ['type forms', 'valid forms'], ['S-TYPE-FORMS']],
  ]);
  const check = v.failures[1].checks![0];
  expect([check.check, check.notJudged]).toEqual([
    'its failed step',
    { rules: ['S-TYPE-FORMS'], after: 'S-VALID-FORMS: op answered 400 to its valid call' },
  ]);
  expect(check.judged).toMatch(/^not judged: S-TYPE-FORMS, after S-VALID-FORMS: op answered 400 to its valid call\nforms sent/);
  expect(v.rules.map((r) => [r.id, r.outcome, r.notJudged])).toEqual([
    ['S-OTHER', 'failed', undefined],
    ['S-TYPE-FORMS', 'not judged', 'after S-VALID-FORMS failed in the same check'],
    ['S-VALID-FORMS', 'failed', undefined],
  ]);
  // Every failure still counts as failed: the totals are Playwright's.
  expect(v.seed.failed).toBe(3);
});

test('a command-line filter is read wherever Playwright keeps it', () => {
  expect(cliOption(['--grep', '-g'], ['node', 'playwright', 'test', '--grep', '@smoke'])).toBe('@smoke');
  expect(cliOption(['--grep', '-g'], ['node', 'playwright', 'test', '-g=@smoke'])).toBe('@smoke');
  expect(cliOption(['--grep', '-g'], ['node', 'playwright', 'test'])).toBeUndefined();
  expect(fileFilters(['node', 'playwright', 'test', '--project', 'self', 'tests/self/x.spec.ts'])).toEqual(['tests/self/x.spec.ts']);
});

test("what a violation would weigh: its broken rule's source, whatever the test's tag; an echo in clear blocks", () => {
  // A named check that names no rule judges what the contract documents: the contract's source.
  expect(failureWeight('card-enrollment', 'seed', [], 'responseSchemaConformance')).toBe('fail');
  expect(failureWeight('card-enrollment', 'seed', [], 'sensitiveEchoConformance')).toBe('fail');
  // An assumption's auth rule is a reference decision: CONDITIONAL at worst; the seed's fails by its source.
  expect(failureWeight('card-enrollment', 'seed', ['CE-AUTH-UNKNOWN-KEY'], 'enrollmentAnswerConformance')).toBe('conditional');
  expect(failureWeight('card-enrollment', 'seed', ['CE-AUTH-MISSING-KEY'], 'enrollmentAnswerConformance')).toBe('fail');
  expect(failureWeight('card-enrollment', 'seed', ['CE-ERR-FIELD'], 'enrollmentAnswerConformance')).toBe('conditional');
});

test('a failure weighs as the rule whose judgement failed: not its tag, not the strongest rule its test cites', () => {
  const { source } = ruleWeights('card-enrollment');
  const weigh = (f: { broken?: string[]; namedCheck?: boolean; cited?: string[]; tags?: string[] }) =>
    failureSource({ broken: [], namedCheck: false, cited: [], tags: [], ...f }, source, 'seed');
  // The assertion was made under the assumed error form: assumption, though the test cites a seed limit.
  expect(weigh({ broken: ['CE-ERR-FIELD'], cited: ['CE-LIM-FIRSTNAME', 'CE-ERR-FIELD'], tags: ['@seed'] })).toBe('assumption');
  expect(weigh({ broken: ['CE-LIM-FIRSTNAME'], cited: ['CE-LIM-FIRSTNAME', 'CE-ERR-FIELD'], tags: ['@assumption'] })).toBe('seed');
  // Unattributed: the cited rules when they agree, else the tag.
  expect(weigh({ cited: ['CE-ERR-FIELD', 'CE-LUHN'], tags: ['@seed'] })).toBe('assumption');
  expect(weigh({ cited: ['CE-ERR-FIELD', 'CE-LIM-FIRSTNAME'], tags: ['@provider'] })).toBe('provider');
  expect(weigh({ namedCheck: true, tags: ['@assumption'] })).toBe('seed');
});

test("an answer judge's violation carries the rules it breaks: a masking rule fails the verdict whatever the test's source", () => {
  const problems = ['IN-OBJ-SENSITIVE: the card of the exchange shown as masked at /x', 'IN-VAL-OFFERS-TOTAL: total 4 for 3 offers'];
  expect(ruleIdsLeading(problems)).toEqual(['IN-OBJ-SENSITIVE', 'IN-VAL-OFFERS-TOTAL']);
  const op = { operationId: 'approvedOffers', method: 'POST', path: '/offers' } as Operation;
  const judged = new ContractViolation(
    'installmentsAnswerConformance',
    `POST /offers (approvedOffers) 404: ${problems[0]}`,
    { operation: op, status: 404 },
    ['IN-OBJ-SENSITIVE'],
  );
  // The client weighs it by the rules the violation breaks, whatever the test's tag.
  expect(failureWeight('installments', 'provider', [...judged.rules], judged.check)).toBe('fail');
  expect(failureWeight('installments', 'provider', ['IN-VAL-PLAN-SCHEDULE'], judged.check)).toBe('conditional');
  const info = { status: 'failed', annotations: [], errors: [{ message: `ContractViolation: ${judged.message}` }] } as unknown as TestInfo;
  noteViolation(info, judged);
  annotateViolations(info);
  expect(violationsOf(info.annotations)).toEqual([
    {
      check: 'installmentsAnswerConformance',
      operationId: 'approvedOffers',
      method: 'POST',
      path: '/offers',
      status: 404,
      rules: ['IN-OBJ-SENSITIVE'],
      lead: true,
    },
  ]);
});

test('a failed check carries the violations its errors are, typed: check, operation and status, the first error its lead', () => {
  const op = { operationId: 'GetCustomer', method: 'GET', path: '/customers/{id}' } as Operation;
  const at = (check: string, status: number, said: string) =>
    new ContractViolation(check, `GET /customers/{id} (GetCustomer)${said}`, { operation: op, status });
  const thrown = at('statusCodeConformance', 500, ': Received: 500');
  const reported = at('sensitiveEchoConformance', 200, ' 200: Received: a full SSN');
  const passedOver = at('contentTypeConformance', 200, " 200: Received: 'text/html'");
  const info = {
    status: 'failed',
    annotations: [],
    errors: [{ message: `ContractViolation: ${thrown.message}` }, { message: `expect(failures).toEqual([])\n- ${reported.message}` }],
  } as unknown as TestInfo;
  for (const v of [thrown, reported, passedOver]) noteViolation(info, v);
  annotateViolations(info);
  const site = { operationId: 'GetCustomer', method: 'GET', path: '/customers/{id}' };
  expect(violationsOf(info.annotations)).toEqual([
    { check: 'statusCodeConformance', ...site, status: 500, lead: true },
    { check: 'sensitiveEchoConformance', ...site, status: 200 },
  ]);
  // A passing check carries none.
  const passed = { status: 'passed', annotations: [], errors: [] } as unknown as TestInfo;
  noteViolation(passed, thrown);
  annotateViolations(passed);
  expect(passed.annotations).toEqual([]);
});

test('a rule whose checks never reached its judgement is not judged, saying after what: the breaker, or another rule failed first', () => {
  const held: TestOutcome = {
    ...outcome([], 'skipped'),
    rules: ['S-A'],
    skipKind: 'breaker',
    skipReason: 'breaker: responseSchemaConformance op 200 already failed 2 checks of s: not run to the end',
  };
  const failedOnB = failed('t  failed', { rules: ['S-B', 'S-C'], brokenRule: 'S-B', error: 'Expected 1' });
  const rules = ['S-A', 'S-B', 'S-C'].map((id) => testRule(id, 'limit'));
  const v = judge('seed', rules, [held, failedOnB]);
  expect(v.rules.map((r) => [r.id, r.outcome, r.notJudged])).toEqual([
    ['S-A', 'not judged', 'stopped after responseSchemaConformance op 200 already failed 2 checks of s'],
    ['S-B', 'failed', undefined],
    ['S-C', 'not judged', 'after S-B failed in the same check'],
  ]);
});

test('a rule some of whose checks the breaker cut reads not judged, never passed, however many of its other checks passed', () => {
  const held: TestOutcome = {
    ...outcome([], 'skipped'),
    rules: ['S-A'],
    skipKind: 'breaker',
    skipReason: 'breaker: responseSchemaConformance op 200 already failed 2 checks of s: not run to the end',
  };
  const passed = { ...outcome([], 'passed'), rules: ['S-A'] };
  const v = judge('seed', [testRule('S-A', 'limit')], [passed, held]);
  expect(v.rules.map((r) => [r.outcome, r.notJudged])).toEqual([
    ['not judged', '1 check passed, stopped after responseSchemaConformance op 200 already failed 2 checks of s'],
  ]);
});

test('one cause, one group: a 5xx a valid call got holds every failure told on the same answer of that operation with no judgement of its own; a failure on an answer of its own stays its own', () => {
  const step = { operationId: 'op', status: '500', code: 'INTERNAL', what: 'its valid call', rule: 'S-VALID-FORMS', call: 1 };
  const told = (status: number) => ({ how: 'received' as const, note: '', exchanges: [], operationId: 'op', status, call: 2 });
  // A set-up call refused (its builder's body sent as built), then its check failed on nothing of its own.
  const setUp = failed('set up', { rules: ['S-MASK'], error: 'Expected: 200', after: step });
  // Another check sent no valid call: its invalid request got the same 500 (no judgement of the request).
  const sameAnswer = failed('refuses x', { rules: ['S-REQ'], error: 'Expected: 400', evidence: told(500) });
  // A check whose own answer (a 403) failed its assertion: its own failure.
  const own = failed('refuses y', { rules: ['S-AUTH'], error: 'Expected: 401', evidence: told(403) });
  const rules = ['S-AUTH', 'S-MASK', 'S-REQ', 'S-VALID-FORMS'].map((id) => testRule(id, 'format'));
  const v = judge('seed', rules, [setUp, sameAnswer, own]);
  expect(v.failures.map((g) => [g.cause, g.titles, g.notJudged])).toEqual([
    ['S-AUTH: op', ['refuses y'], undefined],
    ['S-VALID-FORMS: op', ['set up', 'refuses x'], ['S-MASK', 'S-REQ']],
  ]);
  expect(v.failures[1].checks!.map((c) => c.notJudged?.after)).toEqual([
    'S-VALID-FORMS: op answered 500 INTERNAL to its valid call',
    'S-VALID-FORMS: op answered 500 INTERNAL to a valid call',
  ]);
  expect(ruleOutcomes(v)).toEqual(['S-AUTH failed', 'S-MASK not judged', 'S-REQ not judged', 'S-VALID-FORMS failed']);
  expect(v.seed.failed).toBe(3);
});

test('an assumption never gates: a check that failed on assumptions alone is CONDITIONAL, its other rules judged and passed; beside a seed failure each is its own group', () => {
  const rules = [testRule('S-FORM', 'format', ['op'], { source: 'assumption' }), testRule('S-CREATED', 'value', ['op'])];
  const assumed = [
    {
      check: 'judge',
      operationId: 'op',
      method: 'POST',
      path: '/x',
      status: 200,
      rules: ['S-FORM'],
      line: '[judge] op 200: S-FORM: masked form',
    },
  ];
  const alone = failed('masked form only', { rules: ['S-FORM', 'S-CREATED'], assumed, assumedOnly: true, error: assumed[0].line });
  const v = judge('seed', rules, [alone]);
  expect(v.verdict).toBe('CONDITIONAL');
  expect([v.seed.failed, v.assumption.failed]).toEqual([0, 1]);
  expect(ruleOutcomes(v)).toEqual(['S-FORM failed', 'S-CREATED passed']);
  expect(v.failures.map((g) => g.cause)).toEqual(['S-FORM: op']);
  const both = failed('masked form and a wrong date', {
    rules: ['S-FORM', 'S-CREATED'],
    assumed,
    error: 'Expected: the call instant',
    brokenRule: 'S-CREATED',
    brokenAt: 'op',
  });
  const w = judge('seed', rules, [both]);
  expect(w.verdict).toBe('FAIL');
  expect([w.seed.failed, w.assumption.failed]).toEqual([1, 0]);
  expect(ruleOutcomes(w)).toEqual(['S-FORM failed', 'S-CREATED failed']);
  expect(w.failures.map((g) => `${g.cause} ${g.source}`).sort()).toEqual(['S-CREATED: op seed', 'S-FORM: op assumption']);
});

test("a generated refusal answered with a success is filed under the rule that states the member's bound, not the generic refusal rule", () => {
  expect(
    ruleBrokenBy('card-enrollment', 'putCard', 'body /consumer/firstName: longer than maxLength 30 (one ASCII letter a character)'),
  ).toBe('CE-LIM-FIRSTNAME');
  expect(ruleBrokenBy('installments', 'postMerchantParticipations', 'body /0/wallets: more than maxItems 3')).toBe('IN-LIM-WALLETS');
  // A member sent as another JSON type: the rule stating each member takes only its type's own form, not the member's limit.
  expect(ruleBrokenBy('card-enrollment', 'putCard', 'body /consumer/firstName: a number where a string is documented')).toBe(
    'CE-TYPE-FORMS',
  );
  // A body that is not JSON: the operation's own rule of such a body, on every operation taking one.
  expect(ruleBrokenBy('financial-data', 'ModifyConsumer', 'body: malformed JSON (a bare word)')).toBe('FD-ERR-MALFORMED-JSON');
  // No rule of the operation names the member with a kind the keyword breaks: the check's own rule stands.
  expect(ruleBrokenBy('card-enrollment', 'putCard', 'body /consumer/nickname: longer than maxLength 30')).toBeUndefined();
});
