// Covers: the Correlation-Id of approvedOffers' answers (provider 2.0.0, Correlation-Id: "If not provided, the API
// will create a new one"; the header of the 200 and of every error), sent on every path a request can be refused by.
import {
  type CallOptions,
  expect,
  rules,
  signedAs,
  strangerCredentials,
  tellingCorrelationIds,
  test,
  unregisteredPan,
} from '../../fixtures/installments.js';

test(
  "approvedOffers answers the caller's Correlation-Id byte for byte on its 200 and its 400, and one of its own when given none @provider",
  rules('IN-ECHO-CORRELATION'),
  async ({ instApi, instReq }) => {
    const call = await instReq.sampleCall('approvedOffers');
    // Mixed case and an inner space (a plain string here, no UUID format).
    const sent = `Trace ${crypto.randomUUID().toUpperCase()}-ab`;
    // Each answer's echo is the client's (requestHeaderEchoConformance).
    const broken = await instApi.call('approvedOffers', { rawBody: '{"broken": ', headers: { ...call.headers, 'Correlation-Id': sent } });
    expect(broken.status, 'a body that is not JSON').toBe(400);
    // Then each telling form on the 200, and digits with leading zeros: a plain string (no format), echoed as sent.
    for (const telling of [sent, ...tellingCorrelationIds(), `000${Date.now()}`]) {
      const res = await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': telling } });
      expect(res.status, `the offers with Correlation-Id ${JSON.stringify(telling)}`).toBe(200);
    }
    // Named and undefined: no Correlation-Id at all (the client sends a telling one of its own otherwise).
    const own = await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': undefined } });
    expect(own.headers['correlation-id'], 'a Correlation-Id of its own when given none').toBeTruthy();
  },
);

test(
  "approvedOffers answers the caller's Correlation-Id byte for byte on every error status it documents (400, 401, 403, 404, 406, 415) @provider",
  rules('IN-ECHO-CORRELATION'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const call = await instReq.sampleCall('approvedOffers');
    // Mixed case and an inner space, then each telling form (a plain string here).
    for (const sent of [`Trace ${crypto.randomUUID().toUpperCase()}-ab`, ...tellingCorrelationIds()]) {
      const headers = { ...call.headers, 'Correlation-Id': sent };
      const { transaction: _, ...withoutTransaction } = call.body as Record<string, unknown>;
      const ask = (options: Omit<CallOptions, 'body' | 'path'>) => instApi.call('approvedOffers', { ...call, headers, ...options });
      // [what, the status it reaches, the answer]
      const cases: [string, number, ReturnType<typeof ask>][] = [
        // provider 2.0.0, the offers request requires transaction.
        ['a body without its transaction', 400, ask({ rawBody: JSON.stringify(withoutTransaction) })],
        ['an unsigned request', 401, ask({ auth: false })],
        ['a request signed by an unknown consumer key', 401, ask({ auth: signedAs(strangerCredentials()) })],
        // reference, Transport and auth: a card no pan list holds gets no eligible offer.
        ['a card of no pan list', 404, instApi.call('approvedOffers', { headers, body: await instReq.offersBody(unregisteredPan()) })],
        ['Accept: application/xml', 406, ask({ headers: { ...headers, accept: 'application/xml' } })],
        ['a text/plain body', 415, ask({ headers: { ...headers, 'content-type': 'text/plain' } })],
      ];
      if (inst.forbidden) cases.push(['a key allowed no operation', 403, ask({ auth: signedAs(inst.forbidden) })]);
      // Every answer settled before any is judged (no request left in flight).
      const answers = await Promise.all(cases.map(([, , res]) => res));
      expect(answers.filter((a) => a.status >= 400).length, 'refusals among the answers judged').toBeGreaterThan(0);
      // The echo is the client's on every answer (provider: every answer carries it); a case missing its status is noted.
      for (const [i, [what, status]] of cases.entries())
        if (answers[i]!.status !== status)
          test
            .info()
            .annotations.push({ type: 'partial', description: `${what}: ${answers[i]!.status}, not the ${status} this case reaches` });
    }
  },
);
