// A certification holding every member the model has, shared by the page's checks in the suite (certification-html.spec.ts)
// and in a real browser (e2e/certification-page.spec.ts).
import { checkResult, serviceVerdict } from '../../helpers/verdict/certification.js';
import type { ServiceCoverage, TestOutcome } from '../../helpers/verdict/coverage-report.js';
import { compareCertifications } from '../../helpers/verdict/baseline.js';
import type { Evidence } from '../../helpers/verdict/evidence.js';
import type { Certification, ServiceVerdict } from '../../helpers/verdict/model.js';
import { certificationOf, outcomeOf, testRule } from './support.known.js';

/** A certification holding every member the model has (the types make a member left out a compile error). */
export function fullCertification(): { cert: Certification; coverage: ServiceCoverage[] } {
  const coverage: ServiceCoverage = {
    service: 'card-enrollment',
    contractVersion: '1.0.0',
    exercised: 1,
    documented: 2,
    undocumented: [],
    pairs: [
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '200', exercised: true, calls: 37 },
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '500', exercised: false, calls: 0 },
    ],
  };
  const rules = [
    testRule('CE-AUTH-MISSING-KEY', 'auth', ['putCard'], { text: 'without a key: 401', cite: 'seed 000, Authentication' }),
    testRule('CE-MASK-PAN', 'masking', ['putCard'], { text: 'the PAN is shown masked', cite: 'seed 000, MaskedCard' }),
    testRule('CE-LIM-PAN', 'range', ['putCard'], { text: 'a PAN of 13 to 19 digits', source: 'provider', cite: 'provider 1.0.0, Card' }),
  ];
  const evidence: Evidence = {
    how: 'failed',
    note: 'the exchange statusCodeConformance judged and failed (call #3 of the test)',
    exchanges: ['#3 POST http://mock/cards -> 200 (putCard) [failed statusCodeConformance]\n< 200\n{"srcDigitalCardId":"d-7781"}'],
    operationId: 'putCard',
  };
  const check = (title: string, status: TestOutcome['status'], more: Partial<TestOutcome>) =>
    outcomeOf('card-enrollment', title, status, { file: 'f.spec.ts', ...more });
  const failed = check('rejects a request without a key', 'failed', {
    file: 'tests/card-enrollment/auth.spec.ts',
    line: 41,
    rules: ['CE-AUTH-MISSING-KEY'],
    error: '[statusCodeConformance] POST /cards (putCard): Received: 200 / Documented: 401',
    violations: [
      {
        check: 'statusCodeConformance',
        operationId: 'putCard',
        method: 'POST',
        path: '/cards',
        status: 200,
        rules: ['CE-AUTH-MISSING-KEY'],
        lead: true,
        call: 3,
      },
    ],
    evidence,
    exchange: evidence.exchanges[0],
    rerun: "npx playwright test tests/card-enrollment/auth.spec.ts:41 --project=card-enrollment -g 'rejects a request without a key'",
  });
  const outcomes: TestOutcome[] = [
    failed,
    check('enrolls a card', 'passed', { rules: ['CE-MASK-PAN'] }),
    check('a PAN of 20 digits', 'skipped', { rules: ['CE-LIM-PAN'], skipReason: 'mock-only: needs the fault switch' }),
    check('masked identity as the provider', 'passed', { conflicts: ['CE-CONFLICT-MASKED-IDENTITY-TYPE'] }),
  ];
  const verdict = serviceVerdict('card-enrollment', 'Card enrollment', 'seed', outcomes, coverage, rules);
  const service: Required<ServiceVerdict> = {
    ...verdict,
    statements: { total: 12, traced: 9, notCheckable: 3 },
    time: { checks: 120.5, documented: 60, quota: 4.5, answers: 30, ours: 26, cpu: 11.2 },
    rulePaths: {
      rules: 3,
      paths: 5,
      cells: 6,
      covered: 4,
      justified: 1,
      empty: 1,
      open: [
        { rule: 'CE-LIM-PAN', path: 'path receipt', from: 'declared', state: 'empty' },
        { rule: 'CE-MASK-PAN', path: 'op putCard', from: 'catalogue', state: 'justified', reason: 'the receipt path shows no PAN at all' },
      ],
    },
    newerVersion: {
      service: 'card-enrollment',
      from: '1.0.0',
      to: '1.1.0',
      announced: 17,
      explained: [
        {
          service: 'card-enrollment',
          title: 'rejects a request without a key',
          file: 'tests/card-enrollment/auth.spec.ts',
          check: 'assertion',
          operationId: 'putCard',
          received: '403',
          explainedBy: [{ kind: 'status added', detail: 'status added 403', where: 'response 403', key: 'putCard 403 | status added' }],
        },
      ],
      unexplained: [
        {
          service: 'card-enrollment',
          title: 'a PAN of 20 digits refused',
          file: 'f.spec.ts',
          check: 'responseSchemaConformance',
          explainedBy: [],
        },
      ],
    },
    warning: verdict.warning ?? '1 of 3 seed checks (33%) were skipped',
    stoppedBy: 'preflight: the sandbox answered 503 to its first call',
  };
  const results = outcomes.map((o) => checkResult(o));
  const before = certificationOf([{ ...service, verdict: 'PASS' }], {
    generatedAt: '2026-11-24T10:00:00.000Z',
    checks: { selected: 4, run: 3, skipped: 1 },
    results: results.map((r) => ({ ...r, status: r.status === 'failed' ? 'passed' : r.status })),
  });
  const cert: Required<Certification> = {
    target: 'sandbox',
    generatedAt: '2026-11-25T16:00:00.000Z',
    startedAt: '2026-11-25T15:58:20.000Z',
    durationSeconds: 100,
    runId: 'run-4711',
    verdict: 'FAIL',
    reason: 'card data or secrets found in the run outputs (1)',
    interrupted: true,
    provenance: {
      suiteCommit: 'abc123def456',
      contracts: [{ service: 'card-enrollment', version: '1.0.0', sha256: '0f1e2d3c4b5a6978' }],
      targets: { 'card-enrollment': 'https://sandbox.example.test' },
      filters: {
        grep: '@smoke',
        grepInvert: '@destructive',
        shard: '1/2',
        projects: ['card-enrollment'],
        files: ['tests/card-enrollment/auth.spec.ts'],
      },
      whole: false,
    },
    checks: { selected: 4, run: 3, skipped: 1 },
    services: [service],
    leakScan: { scanned: 812, leaks: [{ what: 'a card number', file: 'test-results/x/trace.zip' }] },
    guest: {
      created: 9137,
      deleted: 9133,
      leftBehind: [
        { service: 'card-enrollment', kind: 'card', id: 'card-left-1', deletable: true },
        { service: 'card-enrollment', kind: 'consumer', id: 'consumer-kept-2', deletable: false },
      ],
      retries: 29,
      retryWaitSeconds: 87.5,
    },
    results,
    baseline: compareCertifications(
      before,
      { target: 'sandbox', generatedAt: '', verdict: 'FAIL', checks: before.checks, services: [service], results },
      'reports/base/certification.json',
    ),
  };
  return { cert, coverage: [coverage] };
}
