// Covers: POST /cards (putCard) 400 INVALID_STATE: well-formed values that resolve to nothing
// (seed 000, Errors: "srcClientId or serviceId does not resolve to an entity"; reference A5 receipts).
import { ENROLLMENT_PATHS, expect, expectCardError, lacksPathData, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';

// On both enrollment paths: the ids of the request resolve the same way for a card and a receipt.
for (const path of ENROLLMENT_PATHS) {
  test(
    `rejects an unknown srcClientId on the ${path} path with INVALID_STATE naming srcClientId`,
    rules(`CE-STATE-UNKNOWN-CLIENT@${path}`, 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const res = await cardApi.call('putCard', { body: { ...(await cards.on(path)), srcClientId: crypto.randomUUID() } });
      expectCardError(res, { http: 400, status: 'INVALID_STATE', field: 'srcClientId', sourceType: 'BODY' });
    },
  );

  test(
    `rejects an unknown serviceId on the ${path} path with INVALID_STATE naming serviceId`,
    rules(`CE-STATE-UNKNOWN-SERVICE@${path}`, 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const res = await cardApi.call('putCard', { body: { ...(await cards.on(path)), serviceId: `UNKNOWN_${Date.now()}` } });
      expectCardError(res, { http: 400, status: 'INVALID_STATE', field: 'serviceId', sourceType: 'BODY' });
    },
  );
}

test('rejects an unknown receipt id with INVALID_STATE @assumption', rules('CE-STATE-UNKNOWN-RECEIPT'), async ({ cardApi, cards }) => {
  // reference A5: an unknown receipt id is 400 INVALID_STATE.
  const res = await cardApi.call('putCard', { body: cards.withReceipt(`unknown-${crypto.randomUUID()}`) });
  expect(res.status).toBe(400);
  expect(res.body.status).toBe('INVALID_STATE');
});
