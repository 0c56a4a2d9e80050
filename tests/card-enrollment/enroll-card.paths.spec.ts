// Covers: POST /cards (putCard): exactly one enrollment path per request (reference A1), and an
// encryptedCard that must decrypt with the target's published key (reference, facts: JWE).
import { expect, expectCardError, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';

/** reference A4: the 400 names the offending field; with both paths or neither, that is one of the two members (reference A1). */
function expectPathNamed(res: { body: unknown }) {
  const details = (res.body as { details?: { source?: string; sourceType?: string }[] }).details ?? [];
  expect(
    details.some((d) => ['encryptedCard', 'enrolmentReferenceData'].includes(d.source ?? '') && d.sourceType === 'BODY'),
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
  'rejects a request with both encryptedCard and enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1
    const res = await cardApi.call('putCard', {
      body: { ...(await cards.withCard()), enrolmentReferenceData: cards.withReceipt().enrolmentReferenceData },
    });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
    expectPathNamed(res);
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
