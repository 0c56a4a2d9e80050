// Covers: POST /cards (putCard): exactly one enrollment path per request (reference A1), and an
// encryptedCard that must decrypt with the target's published key (reference, facts: JWE).
import { expect, expectCardError, rules, test } from '../../fixtures/card-enrollment.js';

test(
  'accepts a request with encryptedCard only (card-number path) @assumption',
  rules('CE-EXCL-PATH:accept'),
  async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
  },
);

test(
  'accepts a request with enrolmentReferenceData only (receipt path) @assumption',
  rules('CE-EXCL-PATH:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, 'needs a known receipt id (CARD_RECEIPT_ID in .env)');
    const res = await cardApi.call('putCard', { body: cards.withReceipt() });
    expect(res.status).toBe(200);
  },
);

test(
  'rejects a request with both encryptedCard and enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse'),
  async ({ cardApi, cards }) => {
    // reference A1
    const res = await cardApi.call('putCard', {
      body: { ...(await cards.withCard()), enrolmentReferenceData: cards.withReceipt().enrolmentReferenceData },
    });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
  },
);

test(
  'rejects a request with neither encryptedCard nor enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse'),
  async ({ cardApi, cards }) => {
    // reference A1
    const res = await cardApi.call('putCard', { body: cards.base() });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
  },
);

test(
  'rejects an encryptedCard that does not decrypt with the published key @assumption',
  rules('CE-JWE-DECRYPT', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    const request = await cards.withCard();
    const [header, key, iv, , tag] = request.encryptedCard.split('.');
    const res = await cardApi.call('putCard', {
      body: { ...request, encryptedCard: [header, key, iv, 'AAAAAAAAAAAAAAAAAAAA', tag].join('.') },
    });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'encryptedCard', sourceType: 'BODY' });
  },
);
