// Covers: a failure's evidence is the exchange that failed it (helpers/verdict/evidence.ts), never an
// exchange its check passed: a contract violation names its exchange through the client (a later
// passing call does not take its place), a spec's assertion is matched to the answer holding the value
// it received within the step that failed, and where several fit the page says "one of these".
import type { TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';
import { loopback, selfClient } from './support.known.js';
import { annotateViolations, violationsOf } from '../../helpers/client/annotations.js';
import { keptExchanges } from '../../helpers/client/client.js';

import { chooseEvidence, setUpViolation, type KeptExchange, type StepWindow } from '../../helpers/verdict/evidence.js';

/** A stand-in TestInfo of a test that failed, as the client and annotateViolations read it. */
function failedTest(): TestInfo {
  return {
    status: 'failed',
    expectedStatus: 'passed',
    tags: [],
    errors: [] as { message: string }[],
    annotations: [] as { type: string; description?: string }[],
    skip: () => undefined,
    attach: async () => undefined,
  } as unknown as TestInfo;
}

/** The status a shown exchange answered (its first line reads `#n METHOD url -> status ...`). */
const statusOf = (shown: string) => Number(/ -> (\d{3})/.exec(shown.split('\n')[0])?.[1]);
const callOf = (shown: string) => Number(/^#(\d+)/.exec(shown)?.[1]);

test("through the client: a violation's evidence is the exchange it judged, not a passing one made after it", async ({ request }) => {
  // The first answer is a status the contract does not document; the second a documented 401 with card enrollment's error body.
  let n = 0;
  const server = await loopback((_req, res) => {
    n++;
    if (n === 1) res.writeHead(418, { 'content-type': 'application/json' }).end('{"code":418}');
    else
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"code":401,"status":"UNAUTHENTICATED","message":"Authorization validation failure."}');
  });
  try {
    const info = failedTest();
    const client = await selfClient(request, 'card-enrollment', server.url, { testInfo: info });
    // A helper that collects violations and goes on (as the every-variant checks do), then fails the test with the first.
    const thrown = await client.call('putCard', { body: {} }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(thrown?.message).toContain('statusCodeConformance');
    const passing = await client.call('putCard', { body: {}, auth: false });
    expect(passing.status).toBe(401);
    (info.errors as { message: string }[]).push({ message: `ContractViolation: ${thrown!.message}` });
    annotateViolations(info);
    const lead = violationsOf(info.annotations).find((v) => v.lead);
    expect(lead?.call, 'the violation names the call it judged').toBe(1);
    const kept = keptExchanges(info).map((e) => JSON.parse(e.text) as KeptExchange);
    expect(kept.map((e) => [e.call, e.response?.status, e.failed])).toEqual([
      [1, 418, 'statusCodeConformance'],
      [2, 401, undefined],
    ]);
    const evidence = chooseEvidence(kept, { violation: lead, error: thrown!.message });
    expect(evidence?.how).toBe('failed');
    expect(evidence?.exchanges).toHaveLength(1);
    // The evidence is an exchange the check failed: never the last one when that one passed.
    const shown = kept.find((e) => e.call === callOf(evidence!.exchanges[0]))!;
    expect(shown.failed, 'the evidence is an exchange its check failed').toBe(lead!.check);
    expect(statusOf(evidence!.exchanges[0])).toBe(418);
  } finally {
    await server.close();
  }
});

test("a call one client sends unjudged is judged by the client that adopts it: its violation, coverage and exchange that check's, none the sender's", async ({
  request,
}) => {
  // A status the contract does not document: the adopting check's failure, never the check that sent it (report-batch.ts).
  const server = await loopback((_req, res) => res.writeHead(418, { 'content-type': 'application/json' }).end('{"code":418}'));
  try {
    const sender = failedTest();
    const adopter = failedTest();
    const sending = await selfClient(request, 'card-enrollment', server.url, { testInfo: sender });
    const adopting = await selfClient(request, 'card-enrollment', server.url, { testInfo: adopter });
    const sent = await sending.sendUnjudged('putCard', { body: {} });
    expect(sent.response.status).toBe(418);
    expect(keptExchanges(sender), 'the sender keeps no exchange').toEqual([]);
    expect(() => adopting.adopt(sent)).toThrow(/statusCodeConformance/);
    const kept = keptExchanges(adopter).map((e) => JSON.parse(e.text) as KeptExchange);
    expect(kept.map((e) => [e.call, e.response?.status, e.failed])).toEqual([[1, 418, 'statusCodeConformance']]);
    // The sender's account holds the answer's time only (it waited for it); nothing of the judgement.
    expect(sender.annotations.map((a) => a.type)).toEqual(['time-spent']);
    expect(adopter.annotations.length, 'the judgement noted on the adopting check').toBeGreaterThan(0);
  } finally {
    await server.close();
  }
});

/** The exchanges of a limit check: two accepted, the limit below the minimum refused, the one above it accepted (the failure). */
function limitExchanges(): KeptExchange[] {
  const at = 1_000;
  const x = (call: number, limit: number, status: number): KeptExchange => ({
    exchange: `GET /merchants/participations -> ${status}`,
    call,
    operationId: 'getMerchantParticipations',
    at: at + call * 10,
    request: { method: 'GET', url: `http://mock/merchants/participations?limit=${limit}` },
    response: { status, headers: { limit: String(limit) }, body: status === 200 ? [] : { Errors: { Error: [{}] } } },
  });
  return [x(1, 1, 200), x(2, 500, 200), x(3, 0, 400), x(4, 501, 200)];
}

const step = (title: string, start: number, duration: number, error?: string, steps: StepWindow[] = []): StepWindow => ({
  title,
  category: 'test.step',
  startTime: new Date(start),
  duration,
  steps,
  ...(error ? { error: { message: error } } : {}),
});

const ERROR = `Error: HTTP status of getMerchantParticipations ([])

expect(received).toBe(expected) // Object.is equality

Expected: 400
Received: 200`;

test("an assertion's evidence is the exchange whose answer it received, within the step that failed; never a passing one", () => {
  const kept = limitExchanges();
  const expectStep: StepWindow = { ...step('expect.toBe', 1_041, 1, ERROR), category: 'expect' };
  const steps = [step('refuses {"limit":0}', 1_025, 6), step('refuses {"limit":501}', 1_035, 8, ERROR, [expectStep])];
  const evidence = chooseEvidence(kept, { error: ERROR, steps })!;
  expect(evidence.how).toBe('received');
  expect(evidence.exchanges).toHaveLength(1);
  expect(evidence.exchanges[0]).toContain('limit=501 -> 200');
  // The exchange the check passed (limit=0 answered 400, as expected) is never the evidence.
  expect(evidence.exchanges.join('\n')).not.toContain('limit=0 ');
  expect(evidence.operationId).toBe('getMerchantParticipations');

  // Without the steps, three exchanges answered 200: the page says the failure is one of these, never one picked.
  const unsure = chooseEvidence(kept, { error: ERROR })!;
  expect(unsure.how).toBe('candidates');
  expect(unsure.note).toContain('one of these');
  expect(unsure.exchanges.map(statusOf)).toEqual([200, 200, 200]);
  expect(unsure.exchanges.map(callOf)).toEqual([4, 2, 1]);

  // A received value no exchange answered, in a step of one exchange: that step's exchange, said so.
  const other = 'Error: Errors.Error holds at least one error\n\nExpected: true\nReceived: false';
  const byStep = chooseEvidence(kept, { error: other, steps: [step('refuses {"limit":0}', 1_025, 6, other)] })!;
  expect(byStep.how).toBe('step');
  expect(byStep.exchanges[0]).toContain('limit=0 -> 400');
  // Nothing tells it: not told, and said so.
  const unknown = chooseEvidence(kept, { error: other })!;
  expect(unknown.how).toBe('unknown');
  expect(unknown.note).toContain('not told');
  expect(unknown.status).toBeUndefined();
  // Every answer alike (one operation, one status): the operation and the status are told, the exchange not.
  const answered200 = kept.filter((e) => e.response?.status === 200);
  const alike = chooseEvidence(answered200, { error: other })!;
  expect([alike.how, alike.operationId, alike.status]).toEqual(['unknown', 'getMerchantParticipations', 200]);
});

test("a choke point's violation no step of the check led is its set-up's: filed under the rule judging that read, the check not judged after", () => {
  // A worker's read of the shared business broke its schema before the check began (a sandbox's business stored wrongly).
  const error =
    'ContractViolation: [responseSchemaConformance] GET /business-services/customers/{customer_id}/businesses (GetBusinessByCustomer) 200: Received a body that breaks the schema: /0/address/country: minLength';
  expect(setUpViolation('financial-data', error)).toMatchObject({
    operationId: 'GetBusinessByCustomer',
    status: '200',
    rule: 'FD-RESP-FORMS',
    given: true,
  });
  // A service judge's violation naming its rule: that rule, where it states the operation.
  const judged =
    'Error: [financialDataAnswerConformance] GetCustomerAccounts 200: FD-ACCT-DETAIL-TYPES: accounts[5].detail.lastPaymentDate on a studentLoan account';
  expect(setUpViolation('financial-data', judged)).toMatchObject({
    operationId: 'GetCustomerAccounts',
    status: '200',
    rule: 'FD-ACCT-DETAIL-TYPES',
  });
  // A spec's own assertion, or a check's message listing its operations' failures, is no set-up's.
  expect(setUpViolation('financial-data', 'Error: expect(received).toBe(expected)')).toBeUndefined();
  expect(
    setUpViolation('financial-data', 'Error: GetBusinessByCustomer: [statusCodeConformance] GET /x (GetBusinessByCustomer): Received: 401'),
  ).toBeUndefined();
});
