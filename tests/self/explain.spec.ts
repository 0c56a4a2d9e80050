// Covers: a certification's failures explained by a newer version (tools/diff/explain.ts, `npm run certify
// -- --explain-with <version>`): "documented in" it or unexplained, shown beside the failures, the verdict
// kept. The changes are given as the suite's diff writes them (`npm run explain` diffs on a real run).
import { expect, test } from '../../fixtures/self.js';
import { certificationLines } from '../../helpers/verdict/certification-report.js';
import type { Certification, FailureGroup, ServiceVerdict } from '../../helpers/verdict/model.js';
import { explainCertification } from '../../tools/diff/explain.js';
import type { ChangeEntry } from '../../tools/diff/suite-diff.js';
import { certificationOf, serviceVerdictOf } from './support.known.js';

const group = (operationId: string, title: string, judged: string, check = 'assertion'): FailureGroup => ({
  cause: `FD-X at ${operationId}`,
  source: 'seed',
  blocking: false,
  titles: [title],
  message: judged,
  rules: [],
  operationId,
  checks: [
    {
      title,
      project: 'financial-data',
      file: `tests/financial-data/${operationId}.spec.ts`,
      line: 1,
      check,
      judged,
      message: judged,
      rerun: '',
    },
  ],
});

/** A FAIL certification of financial data 1.35.0 holding these failure groups. */
const failing = (...groups: FailureGroup[]): Certification =>
  certificationOf(
    [
      serviceVerdictOf('financial-data', {
        title: 'Financial data',
        contractVersion: '1.35.0',
        verdict: 'FAIL',
        seed: { passed: 0, failed: groups.length, skipped: 0 },
        coverage: { exercised: 1, documented: 1 },
        failures: groups,
      }),
    ],
    { verdict: 'FAIL', checks: { selected: groups.length, run: groups.length, skipped: 0 } },
  );

const change = (kind: string, detail: string, where: string, operations: string[]): ChangeEntry => ({
  key: `${operations[0]} | ${kind}`,
  class: 'no check affected',
  kind,
  detail,
  where,
  operations,
  rules: [],
  builtIn: [],
  library: [],
  merged: 1,
});

test('a failure the newer document announces is documented in it, another is unexplained; the verdict stays FAIL', async () => {
  const cert = failing(
    group('ModifyCustomer', 'modifies an unknown customer: 404', 'expect(received).toBe(expected)\n\nExpected: 404\nReceived: 409'),
    group(
      'CreateConsumer',
      'a consumer without its birthday is refused',
      'expect(received).toBe(expected)\n\nExpected: 400\nReceived: 201',
    ),
    group('GetConsumerForCustomer', 'the consumer read shows the ssn masked', 'the ssn is not masked', 'responseSchemaConformance'),
  );
  const service: ServiceVerdict = cert.services[0];
  const announced = [
    change('status added', 'status added 409', 'PUT /aggregation/v1/customers/{customerId} (ModifyCustomer) response 409', [
      'ModifyCustomer',
    ]),
    change(
      'required relaxed',
      'required relaxed birthday',
      'POST /aggregation/v1/customers/{customerId}/consumer (CreateConsumer) request body',
      ['CreateConsumer'],
    ),
    // A change of another operation's answer explains nothing at GetConsumerForCustomer.
    change('field added', 'field added x', 'GET /x (GetConsumer) response 200', ['GetConsumer']),
  ];
  service.newerVersion = await explainCertification(cert, 'financial-data', '1.42.0', announced);
  const e = service.newerVersion;
  expect([e.from, e.to, e.announced]).toEqual(['1.35.0', '1.42.0', 3]);
  expect(e.explained.map((f) => [f.operationId, f.received, f.explainedBy[0].kind])).toEqual([
    ['ModifyCustomer', '409', 'status added'],
    ['CreateConsumer', '201', 'required relaxed'],
  ]);
  expect(e.unexplained.map((f) => f.operationId)).toEqual(['GetConsumerForCustomer']);
  // The 409 explains a 409, not another status answered there.
  const other = await explainCertification(
    { ...cert, services: [{ ...service, failures: [group('ModifyCustomer', 't', 'Expected: 404\nReceived: 500')] }] },
    'financial-data',
    '1.42.0',
    announced.slice(0, 1),
  );
  expect(other.unexplained.map((f) => f.received)).toEqual(['500']);

  const md = certificationLines(cert).join('\n');
  expect(md).toContain('- Verdict: **FAIL**');
  expect(md).toContain("## financial-data: the failures against the provider's 1.42.0 document");
  expect(md).toMatch(/Each failure above is a failure of the 1\.35\.0 contract this run certified, and the verdict counts it/);
  expect(md).toContain(
    '- [documented in 1.42.0] ModifyCustomer answers 409: status added: status added 409 - modifies an unknown customer: 404',
  );
  expect(md).toContain('- [unexplained] GetConsumerForCustomer - the consumer read shows the ssn masked (responseSchemaConformance)');
});

test('a failure whose evidence is a set-up call is explained at the operation its words name: a member the newer version removes', async () => {
  // The set-up call (AddTestingCustomer) answered as the failing one did; the words name the operation judged.
  const judged =
    'the suite sent POST /decisioning/v2/customers/{customerId}/voePayroll (GenerateVOEPayrollReport) as valid, and the documents refuse it';
  const g = group('AddTestingCustomer', 'a payroll report with every member', judged);
  // The certification of the first test, with this one failure.
  const cert = failing(g);
  const removed = change(
    'field removed',
    'field removed excludeEmpInfo',
    'POST /decisioning/v2/customers/{customerId}/voePayroll (GenerateVOEPayrollReport) request body',
    ['GenerateVOEPayrollReport'],
  );
  const e = await explainCertification(cert, 'financial-data', '1.42.0', [removed]);
  expect(e.explained.map((f) => [f.operationId, f.explainedBy[0].kind])).toEqual([['GenerateVOEPayrollReport', 'field removed']]);
  expect(e.unexplained).toEqual([]);
});
