// Covers: POST /cards (putCard) 401 and 403 (seed 000, Authentication; reference A2).
import { expect, expectCardError, test } from '../../fixtures/card-enrollment.js';

test('rejects a request without x-openapi-clientid with 401 @smoke', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: await cards.withCard(), auth: false });
  expectCardError(res, { http: 401 });
});

test('rejects an unknown API key with 401 @assumption', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: await cards.withCard(), auth: () => ({ 'x-openapi-clientid': `unknown-${crypto.randomUUID()}` }) });
  expectCardError(res, { http: 401 });
});

test('refuses a srcClientId registered to another client with 403 (origin not validated) @assumption', async ({ cardApi, cards, card }) => {
  test.skip(!card.foreignSrcClientId, 'needs a srcClientId of another client (CARD_FOREIGN_SRC_CLIENT_ID in .env)');
  const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), srcClientId: card.foreignSrcClientId } });
  expectCardError(res, { http: 403 });
});

test('accepts the registered key and client (the same request without the faults above)', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: await cards.withCard() });
  expect(res.status).toBe(200);
});
