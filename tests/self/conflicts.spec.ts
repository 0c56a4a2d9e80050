// Covers: seed-vs-provider conflicts (helpers/contract/conflicts.ts, schemas/<service>/conflicts.yaml): the
// catalogues are well formed; a response breaking only a seed rule where the provider publishes the value
// is the conflict, anything else still fails; the certification says CONDITIONAL for a conflict, FAIL when
// another check fails too; end to end through the client against the card mock.
import fs from 'node:fs';
import path from 'node:path';
import { emptyCoverage, expect, test } from '../../fixtures/self.js';
import { clientTestInfo, closing, outcomeOf } from './support.known.js';
import { CARD_KEY_HEADER, CardRequests, exampleCard, expectMaskedPan } from '../../fixtures/card-enrollment.js';
import { TEST_PANS } from '../../fixtures/examples/card-enrollment.js';
import { serviceVerdict } from '../../helpers/verdict/certification.js';
import SuiteReporter from '../../helpers/verdict/suite-reporter.js';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { OperationClient } from '../../helpers/client/client.js';
import {
  answeredConflict,
  answeredConflicts,
  CONFLICT_CHECK,
  CONFLICT_MET_ANNOTATION,
  ConflictCatalogueError,
  conflictsWithout,
  exchangedConflict,
  inForce,
  loadConflicts,
} from '../../helpers/contract/conflicts.js';
import { contractVersions } from '../../helpers/contract/versions.js';
import { loadContract } from '../../helpers/contract/contract.js';
import type { TestOutcome } from '../../helpers/verdict/coverage-report.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { serviceProfile, SERVICES } from '../../helpers/contract/services.js';
import { cardTargetFromMock } from '../../helpers/target/card-enrollment.js';
import { startCardEnrollmentMock } from '../../mocks/card-enrollment/index.js';

/** The conflict a failed check declaring `declared` met, its error `error`, on these exchanges. */
const ASSERTION = 'expect(received).toBe(expected)';
const met = (service: string, declared: string[], exchanges: Parameters<typeof exchangedConflict>[3], error = ASSERTION) =>
  exchangedConflict(service, declared, error, exchanges);

for (const { name } of SERVICES) {
  test(`${name}: every conflict in force names both sources, a decision, known rules and operations of the contract`, async () => {
    const conflicts = loadConflicts(name);
    const rules = new Set(loadRules(name).rules.map((r) => r.id));
    const contract = await loadContract(name);
    const unknown: string[] = [];
    for (const c of conflicts) {
      if (c.since) expect(contractVersions(name), `${c.id} is in force since a version of the contract`).toContain(c.since);
      // An entry of a later version names that version's rules and operations: checked when it is certified.
      if (!inForce(name, c)) continue;
      for (const id of c.rules) if (!rules.has(id)) unknown.push(`${c.id} names rule ${id}, not in the catalogue`);
      for (const op of [...(c.accepts ?? []), ...(c.refuses ?? []), ...(c.answers?.operations ?? []), ...(c.takes?.operations ?? [])])
        try {
          contract.operationOf(op);
        } catch (e) {
          unknown.push(`${c.id} names ${op}: ${String(e)}`);
        }
    }
    expect(unknown, 'rules and operations named by conflicts in force that the catalogue or contract has not').toEqual([]);
  });
}

test('a malformed entry (a source or a matcher missing, a bad matcher, status or without) is one line naming the entry and what is wrong', () => {
  const dir = test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  const entry = (extra: string) => `conflicts:\n  - id: X-BAD\n    rules: [X-R]\n    seed: s\n    provider: p\n    decision: d\n${extra}`;
  const answers = (matcher: string) => entry(`    answers:\n      operations: [op]\n      at: /a\n      seedValue: 1\n${matcher}`);
  const cases: [string, RegExp][] = [
    [entry(''), /needs exactly one of accepts, refuses, answers/],
    [entry('    accepts: [Op]\n').replace('    seed: s\n', ''), /has no seed/],
    [answers('      type: texte\n'), /answers type 'texte' is not a JSON type/],
    [answers('      type: string\n      pattern: "[a-"\n'), /answers pattern does not compile/],
    [
      answers('      values: [1]\n      absent: true\n'),
      /answers needs exactly one matcher: values, type \(with an optional pattern\), lengths or absent/,
    ],
    [answers('      type: number\n      pattern: "^1$"\n'), /answers pattern goes with type string/],
    [answers('      absent: yes\n'), /answers absent is true or not given/],
    [entry('    answers:\n      operations: [op]\n      at: /a\n      absent: true\n'), /answers needs seedValue/],
    [answers('      lengths: [1]\n'), /answers needs padTo \(the number of items that passes, above every length\) with lengths/],
    [
      entry('    takes:\n      operations: [op]\n      at: /a\n      type: integer\n      seedValue: "1"\n'),
      /takes goes with kind provider-example/,
    ],
    [entry('    kind: other\n    accepts: [op]\n'), /kind is one of seed-vs-provider, provider-example/],
    [entry('    accepts: [op]\n    status: [2000]\n'), /status is a list of HTTP statuses, with accepts or refuses/],
    [entry('    accepts: [op]\n    without: [fromDate]\n'), /without is a list of query:<name>, header:<name> or body:<name>/],
  ];
  cases.forEach(([text, message], i) => {
    const file = path.join(dir, `bad-${i}.yaml`);
    fs.writeFileSync(file, text);
    expect(() => loadConflicts('x', file), message.source).toThrow(ConflictCatalogueError);
    expect(() => loadConflicts('x', file)).toThrow(new RegExp(`^[^\\n]*conflict X-BAD ${message.source}[^\\n]*$`));
  });
});

test('a type-and-pattern matcher and a member-absent matcher: the provider form is the conflict, a form neither source gives is not', () => {
  // A validator that holds the seed's forms: srcDigitalCardId a UUID, panBin present.
  const validate = (b: unknown) => {
    const card = (b as { maskedCard?: Record<string, unknown> }).maskedCard ?? {};
    return (
      typeof card.srcDigitalCardId === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(card.srcDigitalCardId) &&
      typeof card.panBin === 'string'
    );
  };
  const uuid = '6f1c2d3e-0a4b-4c5d-8e9f-102030405060';
  const ids = (maskedCard: Record<string, unknown>) =>
    answeredConflicts('card-enrollment', 'putCard', { maskedCard }, validate)?.map((m) => m.conflict.id);
  expect(ids({ srcDigitalCardId: '9ajNArkAR66zqYyHCn0rCA000000000000US', panBin: '520473' }), 'a string of at most 36, no UUID').toEqual([
    'CE-CONFLICT-CARD-ID-FORM',
  ]);
  expect(ids({ srcDigitalCardId: `${uuid}0`, panBin: '520473' }), '37 characters: outside the pattern').toBeUndefined();
  expect(ids({ srcDigitalCardId: 36, panBin: '520473' }), 'a number: not the type').toBeUndefined();
  expect(ids({ srcDigitalCardId: uuid }), 'panBin absent; the UUID, though it matches the provider pattern, is not named').toEqual([
    'CE-CONFLICT-PAN-BIN-ABSENT',
  ]);
  expect(ids({ srcDigitalCardId: 'not-a-uuid' })?.sort(), 'both at once').toEqual([
    'CE-CONFLICT-CARD-ID-FORM',
    'CE-CONFLICT-PAN-BIN-ABSENT',
  ]);
  expect(ids({ srcDigitalCardId: uuid, panBin: '520473' }), 'a valid body is no conflict').toBeUndefined();
  expect(
    answeredConflicts(
      'card-enrollment',
      'putCard',
      { maskedCard: { srcDigitalCardId: 'x', panBin: '5' } },
      (b) => validate(b) && (b as any).srcCorrelationId,
    ),
    'a breach elsewhere too',
  ).toBeUndefined();
  expect(answeredConflict('card-enrollment', 'putCard', { maskedCard: { srcDigitalCardId: uuid } }, validate)).toEqual(
    expect.objectContaining({ received: undefined }),
  );
});

test('an entry of a later provider version is in force from that version on: certified before it, a target doing it fails', () => {
  const [base, later] = contractVersions('financial-data');
  expect(inForce('financial-data', { since: later }, base), 'before its version').toBe(false);
  expect(inForce('financial-data', { since: later }, later), 'at its version').toBe(true);
  expect(inForce('financial-data', {}, base), 'no since: every version').toBe(true);
  const token = loadConflicts('financial-data').find((c) => c.id === 'FD-CONFLICT-TOKEN-UNKNOWN-PARTNER')!;
  expect(token.since).toBe(later);
  const failed = { operationId: 'CreateToken', status: 404 };
  expect(met('financial-data', [token.id], [failed])?.id, `met as ${token.id} when ${token.since} is certified, a failure otherwise`).toBe(
    inForce('financial-data', token) ? token.id : undefined,
  );
});

test('a conflict with its own status is met by that status only; a request member names the conflicts without it', () => {
  const declared = ['CE-CONFLICT-AUTH-STATUS'];
  expect(met('card-enrollment', declared, [{ operationId: 'putCard', status: 403 }])?.id).toBe('CE-CONFLICT-AUTH-STATUS');
  expect(met('card-enrollment', declared, [{ operationId: 'putCard', status: 400 }]), 'another 4xx').toBeUndefined();
  expect(conflictsWithout('card-enrollment', 'putCard', 'body:complianceSettings')).toEqual(['CE-CONFLICT-COMPLIANCE-SETTINGS']);
  expect(conflictsWithout('card-enrollment', 'putCard', 'body:consumer.firstName')).toEqual(['CE-CONFLICT-CONSUMER-MEMBERS']);
  expect(conflictsWithout('card-enrollment', 'putCard', 'body:srcClientId'), 'required by both').toEqual([]);
  expect(conflictsWithout('financial-data', 'GenerateTransactionsReport', 'query:toDate')).toEqual(['FD-CONFLICT-TXREPORT-DATES']);
});

test("a body whose only breach is a provider value at the conflict's place is the conflict; another value or another breach is not", () => {
  // A validator that accepts only the seed's value there and a present srcCorrelationId.
  const validate = (b: unknown) => {
    const body = b as { srcCorrelationId?: string; maskedConsumer?: { maskedConsumerIdentity?: { identityType?: string } } };
    return body.maskedConsumer?.maskedConsumerIdentity?.identityType === 'EMAIL_ADDRESS' && typeof body.srcCorrelationId === 'string';
  };
  const body = (identityType: string, srcCorrelationId?: string) => ({
    srcCorrelationId,
    maskedConsumer: { maskedConsumerIdentity: { identityType, maskedIdentityValue: 'a***@x' } },
  });
  expect(answeredConflict('card-enrollment', 'putCard', body('EXTERNAL_ACCOUNT_ID', 'c'), validate)).toMatchObject({
    conflict: { id: 'CE-CONFLICT-MASKED-IDENTITY-TYPE' },
    received: 'EXTERNAL_ACCOUNT_ID',
  });
  expect(answeredConflict('card-enrollment', 'putCard', body('PHONE', 'c'), validate), 'a value neither source gives').toBeUndefined();
  expect(answeredConflict('card-enrollment', 'putCard', body('EXTERNAL_ACCOUNT_ID'), validate), 'a breach elsewhere too').toBeUndefined();
  const elsewhere = answeredConflict('card-enrollment', 'otherOperation', body('EXTERNAL_ACCOUNT_ID', 'c'), validate);
  expect(elsewhere, 'another operation').toBeUndefined();
});

test("a failed check that declared a conflict and met the provider's answer is the conflict; a named contract check or another status is not", () => {
  const accepted = [{ operationId: 'GenerateTransactionsReport', status: 202 }];
  const declared = ['FD-CONFLICT-TXREPORT-DATES'];
  expect(met('financial-data', declared, accepted)?.id).toBe('FD-CONFLICT-TXREPORT-DATES');
  expect(met('financial-data', [], accepted), 'not declared by the check').toBeUndefined();
  const failed500 = met('financial-data', declared, [{ operationId: 'GenerateTransactionsReport', status: 500 }]);
  expect(failed500, 'a 500 is no provider behaviour').toBeUndefined();
  expect(met('financial-data', declared, accepted, '[responseSchemaConformance] POST ...'), 'a contract check failed').toBeUndefined();
  const refused = [{ operationId: 'ModifyCustomer', status: 400 }];
  expect(met('financial-data', ['FD-CONFLICT-MODIFY-LASTNAME-ALONE'], refused)?.id).toBe('FD-CONFLICT-MODIFY-LASTNAME-ALONE');
});

const coverage = emptyCoverage('financial-data');
const failed = (title: string, conflict?: string) =>
  outcomeOf('financial-data', title, 'failed', { error: 'expect', ...(conflict ? { conflicts: [conflict] } : {}) });

test('the certification says CONDITIONAL for a conflict and lists it with both sources; another seed failure still makes it FAIL', () => {
  const fdVerdict = (...outcomes: TestOutcome[]) => serviceVerdict('financial-data', 'FD', 'seed', outcomes, coverage);
  const only = fdVerdict(failed('dates', 'FD-CONFLICT-TXREPORT-DATES'));
  expect(only.verdict).toBe('CONDITIONAL');
  expect(only.failures).toEqual([]);
  expect(only.conflicts).toEqual([
    expect.objectContaining({
      id: 'FD-CONFLICT-TXREPORT-DATES',
      titles: ['dates'],
      seed: expect.stringContaining('seed 002'),
      provider: expect.stringContaining('provider 1.35.0'),
    }),
  ]);
  expect(fdVerdict(failed('dates', 'FD-CONFLICT-TXREPORT-DATES'), failed('other')).verdict).toBe('FAIL');
  expect(fdVerdict(failed('unknown', 'FD-CONFLICT-NOT-IN-CATALOGUE')).verdict, 'an id the catalogue lacks is a failure').toBe('FAIL');
  const passedWithConflict = outcomeOf('card-enrollment', 'enrolls', 'passed', { conflicts: ['CE-CONFLICT-MASKED-IDENTITY-TYPE'] });
  const card = serviceVerdict('card-enrollment', 'CE', 'seed', [passedWithConflict], coverage);
  expect(
    { verdict: card.verdict, passed: card.seed.passed, conflicts: card.conflicts.map((c) => c.id) },
    'a check that met a provider value and went on',
  ).toEqual({ verdict: 'CONDITIONAL', passed: 1, conflicts: ['CE-CONFLICT-MASKED-IDENTITY-TYPE'] });
});

// Two mock switches that answer the provider's way (mutation: false, so the mutation run skips them):
// each is noted as its conflict through the client, and the check goes on.
const PROVIDER_ANSWERS = [
  {
    fault: 'masked-identity-type-provider-value',
    conflict: 'CE-CONFLICT-MASKED-IDENTITY-TYPE',
    received: /Received: "EXTERNAL_ACCOUNT_ID" /,
  },
  { fault: 'response-missing-panBin', conflict: 'CE-CONFLICT-PAN-BIN-ABSENT', received: /panBin/ },
] as const;

for (const { fault, conflict, received } of PROVIDER_ANSWERS)
  test(`through the client: the card mock answering the provider's way (${fault}) is noted as ${conflict} and the check goes on`, async ({
    request,
  }) => {
    await closing(startCardEnrollmentMock({ faults: [fault] }), async (mock) => {
      const card = await cardTargetFromMock(mock);
      const annotations: { type: string; description?: string }[] = [];
      const client = new OperationClient({
        request,
        contract: await loadContract('card-enrollment'),
        profile: serviceProfile('card-enrollment'),
        target: card,
        testInfo: clientTestInfo('card-enrollment', annotations),
        authorize: () => ({ [CARD_KEY_HEADER]: card.apiKey }),
      });
      const pan = TEST_PANS[0];
      const res = await client.call('putCard', { body: await new CardRequests(card).withCard(exampleCard({ primaryAccountNumber: pan })) });
      expect(res.status, 'the check goes on: the conflict is noted, not thrown').toBe(200);
      expect(annotations).toContainEqual({ type: CONFLICT_MET_ANNOTATION, description: conflict });
      const warning = annotations.find((a) => a.type === 'warning')?.description ?? '';
      expect(warning).toMatch(new RegExp(`^\\[${CONFLICT_CHECK}\\] ${conflict}: .*Documented by the seed: seed 000`));
      expect(warning).toMatch(received);
      // The masking checks go on too: the last four still compared with the card, a missing bin left to the conflict.
      expectMaskedPan(res, { pan });
    });
  });

test('a passing check that met several response conflicts lists every one of them in the certification, not only the first', () => {
  // The client notes each conflict a body follows (responseSchemaConformance); the reporter keeps them all.
  const reporter = new SuiteReporter();
  const testCase = {
    id: 'several',
    retries: 0,
    parent: { project: () => ({ name: 'card-enrollment' }) },
    titlePath: () => ['', 'card-enrollment', 'f.spec.ts', "enrolls a card answered the provider's way"],
    annotations: [],
    location: { file: 'f.spec.ts', line: 1, column: 1 },
    tags: [],
  } as unknown as TestCase;
  const met = (id: string) => ({ type: CONFLICT_MET_ANNOTATION, description: id });
  const result = {
    retry: 0,
    status: 'passed',
    annotations: [met('CE-CONFLICT-CARD-ID-FORM'), met('CE-CONFLICT-MASKED-IDENTITY-TYPE'), met('CE-CONFLICT-CARD-ID-FORM')],
    attachments: [],
  } as unknown as TestResult;
  reporter.onTestEnd(testCase, result);
  const [outcome] = reporter.checkOutcomes();
  expect(outcome.conflicts, 'each conflict once, in the order met').toEqual([
    'CE-CONFLICT-CARD-ID-FORM',
    'CE-CONFLICT-MASKED-IDENTITY-TYPE',
  ]);
  const card = serviceVerdict('card-enrollment', 'CE', 'seed', [outcome], coverage);
  expect({ verdict: card.verdict, conflicts: card.conflicts.map((c) => c.id).sort() }).toEqual({
    verdict: 'CONDITIONAL',
    conflicts: ['CE-CONFLICT-CARD-ID-FORM', 'CE-CONFLICT-MASKED-IDENTITY-TYPE'],
  });
  const once = card.conflicts.every((c) => c.titles.length === 1);
  expect(once, 'the check counted once under each').toBe(true);
});
