// Covers: known provider deviations (kind provider-example in schemas/<service>/conflicts.yaml): a target
// answering, or accepting, as the provider's own example does where its schema says otherwise meets the
// deviation, and the certification says CONDITIONAL naming it; a value neither schema nor example shows
// still fails. End to end through the client against a local target.
import { emptyCoverage, expect, test } from '../../fixtures/self.js';
import { certificationOf, clientTestInfo, closing, loopback, outcomeOf, selfClient } from './support.known.js';
import { exampleNotification } from '../../fixtures/examples/installments.js';

import { runNegativeCases } from '../../helpers/client/negative.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { CONFLICT_MET_ANNOTATION, loadConflicts } from '../../helpers/contract/conflicts.js';

import type { ServiceName } from '../../helpers/contract/operations.js';
import { serviceVerdict } from '../../helpers/verdict/certification.js';
import { certificationHtml } from '../../helpers/verdict/certification-html.js';
import { certificationLines } from '../../helpers/verdict/certification-report.js';
import type { TestOutcome } from '../../helpers/verdict/coverage-report.js';

/** A target answering every request, once read, with one status and body. */
const target = (status: number, body: unknown) =>
  loopback((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  });

type Note = { type: string; description?: string };

async function clientOf(request: any, service: ServiceName, baseURL: string, annotations: Note[]) {
  return selfClient(request, service, baseURL, { testInfo: clientTestInfo(service, annotations), authorize: () => ({}) });
}

const outcome = (status: TestOutcome['status'], conflicts: string[] = []) =>
  outcomeOf('financial-data', 'lists the configurations', status, conflicts.length ? { conflicts } : {});
const fdVerdict = (o: TestOutcome) => serviceVerdict('financial-data', 'FD', 'seed', [o], emptyCoverage('financial-data'));

const errorBody = (recoverable: unknown) => ({
  Errors: { Error: [{ Source: 'Auth', ReasonCode: 'TOKEN_EXPIRED', Description: 'expired', Recoverable: recoverable }] },
});

test('financial data and installments record the provider examples that break the provider schema as known deviations', () => {
  for (const service of ['financial-data', 'installments']) {
    const deviations = loadConflicts(service).filter((c) => c.kind === 'provider-example');
    expect(deviations.length, service).toBeGreaterThan(0);
    const unsourced = deviations.flatMap((d) =>
      [d.schema, d.example].filter((t) => typeof t !== 'string' || !/provider \d/.test(t)).map((t) => `${d.id}: ${JSON.stringify(t)}`),
    );
    expect(unsourced, `${service}: a schema or example not naming the provider's document`).toEqual([]);
  }
});

test("a target answering the way the provider's example does meets the deviation: CONDITIONAL, named; a value no example shows fails", async ({
  request,
}) => {
  // provider 1.35.0's Connect components error examples write Recoverable as text; its schema says boolean.
  const notes: Note[] = [];
  await closing(target(401, errorBody('false,')), async (like) => {
    const client = await clientOf(request, 'financial-data', like.url, notes);
    const res = await client.call('get-configurations', {});
    expect(res.status, 'the check goes on: the deviation is noted, not thrown').toBe(401);
  });
  expect(notes).toContainEqual({ type: CONFLICT_MET_ANNOTATION, description: 'FD-DEVIATION-ERROR-RECOVERABLE-TEXT' });
  const warning = notes.find((n) => n.type === 'warning')?.description ?? '';
  expect(warning).toMatch(
    /FD-DEVIATION-ERROR-RECOVERABLE-TEXT: .*Received: "false," at \/Errors\/Error\/\*\/Recoverable, as the provider's example shows/,
  );
  expect(warning).toContain("Documented by the provider's schema: provider 1.35.0");

  const v = fdVerdict(outcome('passed', ['FD-DEVIATION-ERROR-RECOVERABLE-TEXT']));
  expect(v.verdict).toBe('CONDITIONAL');
  expect(v.conflicts).toEqual([
    expect.objectContaining({
      id: 'FD-DEVIATION-ERROR-RECOVERABLE-TEXT',
      kind: 'provider-example',
      schema: expect.stringContaining('Recoverable is a boolean'),
      example: expect.stringContaining('as text'),
    }),
  ]);

  // Listed as the conflicts are, in its own section, with both of the provider's statements.
  const cert = certificationOf([v], { verdict: v.verdict, checks: { selected: 1, run: 1, skipped: 0 } });
  const md = certificationLines(cert).join('\n');
  expect(md).toContain('## financial-data: known provider deviations');
  expect(md).toMatch(
    /### FD-DEVIATION-ERROR-RECOVERABLE-TEXT — 1 check\n\n- Provider's schema: provider 1\.35\.0.*\n- Provider's example: provider 1\.35\.0/,
  );
  expect(md).not.toContain('## financial-data: seed-vs-provider conflicts');
  const html = certificationHtml(cert, []);
  expect(html).toContain('financial-data: known provider deviations');
  expect(html).toContain('known provider deviation <code>FD-DEVIATION-ERROR-RECOVERABLE-TEXT</code>');

  // Text no example shows: the schema check fails the answer.
  await closing(target(401, errorBody('no')), async (unlike) => {
    const client = await clientOf(request, 'financial-data', unlike.url, []);
    await expect(client.call('get-configurations', {})).rejects.toThrow(ContractViolation);
  });
  expect(fdVerdict(outcome('failed')).verdict).toBe('FAIL');
});

test("a target accepting a request the way the provider's example sends it meets the deviation; another accepted refusal still fails", async ({
  request,
}) => {
  // provider 2.0.0's notifyPlan examples send the merchant's mcc as a number and no consumer; its schema refuses both.
  const notes: Note[] = [];
  const { failures } = await closing(target(201, { status: 'SUCCESS' }), async (issuer) => {
    const client = await clientOf(request, 'installments', issuer.url, notes);
    const body = exampleNotification({ issuerIca: '123456', issuerCid: '1234' }, { merchant: { mcc: '1711' } });
    return runNegativeCases(client, 'notifyPlan', { body, headers: { 'Correlation-Id': crypto.randomUUID() } });
  });
  const met = notes.filter((n) => n.type === CONFLICT_MET_ANNOTATION).map((n) => n.description);
  expect(met).toEqual(expect.arrayContaining(['IN-DEVIATION-PLAN-MCC-NUMBER', 'IN-DEVIATION-NOTIFY-NO-CONSUMER']));
  expect(failures.filter((f) => f.startsWith('body /merchant/mcc: a number') || f.startsWith('body /consumer: missing'))).toEqual([]);
  const planId = failures.some((f) => f.startsWith('body /planId: a number'));
  expect(planId, 'a refusal no example contradicts, accepted: still a failure').toBe(true);
});
