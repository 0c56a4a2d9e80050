// Covers: POST /cards (putCard) 500 INTERNAL, produced by the mock's fault switch (reference A6:
// a sandbox is never asked for a 500).
import { expect, expectCardError, rules, test } from '../../fixtures/card-enrollment.js';

test(
  'answers an internal failure with 500, code 500, status INTERNAL and a message @mock-only',
  rules('CE-ERR-INTERNAL'),
  async ({ cardApi, cards, cardMock }) => {
    await cardMock.setFaults(['answer-500']);
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expectCardError(res, { http: 500, status: 'INTERNAL' });
    expect(res.body.code).toBe(500);
    expect(typeof res.body.message).toBe('string');
  },
);
