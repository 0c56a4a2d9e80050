// Covers: POST /cards (putCard): exactly one enrollment path per request (reference A1), and an
// encryptedCard that must decrypt with the target's published key (reference, facts: JWE).
import { expect, expectCardError, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';

/**
 * reference A4: the 400 names the offending field; with both paths or neither, that is one of the two
 * members (reference A1). `within`: a member of one of the two counts too (an empty one's missing member).
 */
function expectPathNamed(res: { body: unknown }, within = false) {
  const details = (res.body as { details?: { source?: string; sourceType?: string }[] }).details ?? [];
  const named = (source: string) =>
    ['encryptedCard', 'enrolmentReferenceData'].some((m) => source === m || (within && source.startsWith(`${m}.`)));
  expect(
    details.some((d) => named(d.source ?? '') && d.sourceType === 'BODY'),
    `a detail naming encryptedCard or enrolmentReferenceData with sourceType BODY (got sources: ${details.map((d) => JSON.stringify(d.source)).join(', ') || 'none'})`,
  ).toBe(true);
}

// seed 000, What the service does: {base_url} (sandbox or production) ends with the path prefix
// /src/api/digital/payments, and the operation's path is appended to it; the enrollment answered
// there is the target serving the documented path (a sandbox's base URL is checked so by the
// configuration, helpers/config/env-schema.ts; the mock's is the one it serves).
test(
  'accepts a request with encryptedCard only (card-number path), at the base path the seed documents @assumption',
  rules('CE-EXCL-PATH:accept', 'CE-TRANS-BASE-PATH'),
  async ({ cardApi, cards, card }) => {
    expect(new URL(card.baseURL).pathname.replace(/\/$/, ''), 'the base URL ends with the documented prefix').toMatch(
      /\/src\/api\/digital\/payments$/,
    );
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
  },
);

test(
  'accepts a request with enrolmentReferenceData only (receipt path) @assumption',
  rules('CE-EXCL-PATH:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, NO_RECEIPT);
    const res = await cardApi.call('putCard', { body: cards.withReceipt() });
    expect(res.status).toBe(200);
  },
);

test(
  'rejects a request with both encryptedCard and enrolmentReferenceData, also when one of the two is empty @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1: a member sent is a path taken, whatever its value; an empty encryptedCard ('') beside
    // a receipt, or an empty enrolmentReferenceData ({}) beside a card, is 400 naming one of the two or a
    // member of it (as both paths, or as the empty member refused): never the other path enrolled.
    const card = await cards.withCard();
    const receipt = cards.withReceipt();
    const bodies = {
      both: { ...card, enrolmentReferenceData: receipt.enrolmentReferenceData },
      'an empty encryptedCard beside a receipt': { ...receipt, encryptedCard: '' },
      'an empty enrolmentReferenceData beside a card': { ...card, enrolmentReferenceData: {} },
    };
    for (const [how, body] of Object.entries(bodies)) {
      const res = await cardApi.call('putCard', { body });
      expect(res.status, how).toBe(400);
      expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
      expectPathNamed(res, body !== bodies.both);
    }
  },
);

test(
  'rejects a request with neither encryptedCard nor enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1
    const res = await cardApi.call('putCard', { body: cards.base() });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
    expectPathNamed(res);
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
