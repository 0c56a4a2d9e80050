// Covers: putCard 500 INTERNAL and 503, each by the mock's fault switch (reference A6; seed 000, Errors: the 503 and
// its Retry-After; the provider's Card API attaches it to POST /cards). A sandbox is never asked for one.
import { expect, expectCardError, mockOnly, rules, test } from '../../fixtures/card-enrollment.js';

test(
  'answers an internal failure with 500, code 500, status INTERNAL and a message @mock-only',
  mockOnly(
    rules('CE-ERR-INTERNAL'),
    "needs the mock's fault switch answer-500: a sandbox answers 500 only when it fails, which no check can ask of it",
  ),
  async ({ cardApi, cards, cardMock }) => {
    await cardMock.setFaults(['answer-500']);
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expectCardError(res, { http: 500, status: 'INTERNAL' });
    expect(res.body.code).toBe(500);
    expect(typeof res.body.message).toBe('string');
  },
);

test(
  'answers a temporary unavailability with 503 and an error body with a message; a Retry-After it gives is the contract form @provider @mock-only',
  mockOnly(
    rules('CE-ERR-UNAVAILABLE'),
    "needs the mock's fault switch answer-503: a sandbox is unavailable only when it is, which no check can ask of it",
  ),
  async ({ cardApi, cards, cardMock }) => {
    await cardMock.setFaults(['answer-503']);
    // The client holds the body to the error shape and a Retry-After to the contract's pattern (RFC 9110).
    const res = await cardApi.call('putCard', { body: await cards.withCard(), unavailable: 'expect' });
    expect(res.status, 'temporary unavailability').toBe(503);
    expect(typeof res.body.message, 'the error body carries a message').toBe('string');
  },
);
