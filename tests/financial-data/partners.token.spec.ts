// Covers: POST /aggregation/v2/partners/authentication (CreateToken) - seed 002, Authentication
// and Limits: good credentials give a token, bad ones a 401; a token is accepted for its lifetime;
// the suite's token cache reuses one token and renews it at the renewal age (both the contract's
// x-limits). The lock after repeated failures: partners.lock.spec.ts. Provider 1.42.0 answers an
// unknown partner 404 (schemas/financial-data/conflicts.yaml, in force from that version).
import { conflictSites } from '../../helpers/contract/conflicts.js';
import { expect, expectFdError, fdAuthHeaders, inWords, rules, test, TOKEN_AGES, withConflict } from '../../fixtures/financial-data.js';

const RENEW_MIN = TOKEN_AGES.renewAfterMs / 60_000;
const VALID_MIN = TOKEN_AGES.validMs / 60_000;
const VALID_HOURS = `${inWords(TOKEN_AGES.validMs / 3_600_000)} hours`;

test(
  'issues a token for good credentials, and the token authorises a call @smoke',
  rules('FD-TOKEN-ISSUE:accept', 'FD-AUTH-KEY-ONLY', 'FD-AUTH-KEY-WHOLE:accept', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, fd, appKeyOnly }) => {
    const res = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
    expect(res.status).toBe(200);
    const read = await fdApi.call('GetCustomers', { query: { limit: 1 }, auth: () => fdAuthHeaders(fd.appKey, res.body.token) });
    expect(read.status, 'a call under the token issued').toBe(200);
  },
);

test(
  'refuses an unknown partner id with 401',
  withConflict(rules('FD-TOKEN-ISSUE:refuse'), ...conflictSites('financial-data', 'FD-TOKEN-ISSUE', 'CreateToken')),
  async ({ fdApi, fd, appKeyOnly }) => {
    const body = { partnerId: `9${Date.now()}`, partnerSecret: fd.partner.partnerSecret };
    const res = await fdApi.call('CreateToken', { body, auth: appKeyOnly });
    expectFdError(res, 401, 'unknown partner');
  },
);

// provider 1.35.0: PartnerCredentials requires partnerId and partnerSecret (the seed names the two
// values, not the body's members); a body that is not an object is a 400 on any reading.
for (const [what, body, tag] of [
  ['no partnerSecret', { partnerId: '1' }, ' @provider'],
  ['no partnerId', { partnerSecret: 'x' }, ' @provider'],
  ['a non-object body', [], ''],
] as const) {
  test(`rejects credentials with ${what} with 400${tag}`, rules('FD-TOKEN-CRED-REQUIRED'), async ({ fdApi, appKeyOnly }) => {
    expectFdError(await fdApi.callBuilt('CreateToken', { body, auth: appKeyOnly }), 400, what);
  });
}

test(
  `the token cache reuses one token, and renews it once older than ${RENEW_MIN} minutes @mock-only`,
  rules('FD-TOKEN-REUSE'),
  async ({ fdApi, fd, fdTokens, fdPowers, appKeyOnly }) => {
    const first = await fdTokens.get();
    expect((await fdTokens.get()) === first, 'a second request reuses the token').toBe(true);
    // Age the token to a minute short of the renewal age on the virtual clock: still reused, and still accepted.
    await fdPowers.advanceClock((TOKEN_AGES.renewAfterMs - 60_000 - (fdTokens.age() ?? 0)) / 1000);
    expect((await fdTokens.get()) === first, `reused before ${RENEW_MIN} minutes`).toBe(true);
    expect((await fdApi.call('GetCustomers', { query: { limit: 1 } })).status, `a ${RENEW_MIN - 1}-minute-old token is accepted`).toBe(200);
    // Two more minutes: past the renewal age, so the cache creates a new one, which works.
    const created = fdTokens.created;
    await fdPowers.advanceClock(120);
    const renewed = await fdTokens.get();
    // Compared as a boolean: a failure never prints a token.
    expect(renewed === first, `renewed after ${RENEW_MIN} minutes: a token other than the first`).toBe(false);
    expect(fdTokens.created).toBe(created + 1);
    expect((await fdApi.call('GetCustomers', { query: { limit: 1 } })).status, 'the renewed token is accepted').toBe(200);
    // The target's side of the renewal (CreateToken past the renewal age): the token it gives is good
    // for a whole lifetime from then, not one expiring on the old token's schedule.
    const fresh = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
    expect(fresh.status, 'CreateToken past the renewal age').toBe(200);
    await fdPowers.advanceClock((TOKEN_AGES.validMs - 60_000) / 1000);
    const late = await fdApi.call('GetCustomers', { query: { limit: 1 }, auth: () => fdAuthHeaders(fd.appKey, fresh.body.token) });
    expect(late.status, `the token of the renewal, ${VALID_MIN - 1} minutes later`).toBe(200);
  },
);

// seed 002, Limits: a token's lifetime. The accepting side: a token one minute short of it still
// works on every kind of operation (customers, consumers, businesses, institutions); one second past
// it the token is refused (and conformance.auth.spec.ts refuses it on every operation).
test(
  `accepts a token one minute short of ${VALID_HOURS} old, and refuses it just past ${VALID_HOURS} @mock-only`,
  rules('FD-TOKEN-LIFETIME:accept', 'FD-TOKEN-LIFETIME:refuse'),
  async ({ fdApi, fd, fdEntities, fdTokens, fdPowers }) => {
    const token = await fdTokens.get();
    const auth = () => fdAuthHeaders(fd.appKey, token);
    await fdPowers.advanceClock((TOKEN_AGES.validMs - 60_000 - (fdTokens.age() ?? 0)) / 1000);
    const calls = [
      fdApi.call('GetCustomers', { query: { limit: 1 }, auth }),
      fdApi.call('GetCustomer', { path: { customerId: fdEntities.customerId }, auth }),
      fdApi.call('GetInstitutions', { query: { limit: 1 }, auth }),
      fdApi.call('GetBusinessById', { path: { business_id: fdEntities.businessId }, auth }),
    ];
    for (const res of await Promise.all(calls))
      expect(res.status, `${res.operation.operationId} with a ${VALID_MIN - 1}-minute-old token`).toBe(200);
    await fdPowers.advanceClock(61);
    expectFdError(await fdApi.call('GetCustomers', { query: { limit: 1 }, auth }), 401, `token ${VALID_HOURS} and a second old`);
  },
);

// seed 002, Authentication: a token is valid for its lifetime, whatever tokens its partner takes after it (a partner is told
// to reuse one, not that a new one ends the earlier). Two tokens taken here, one after the other: the first still works.
// Runs on a sandbox too (two CreateToken calls, within a partner's quota).
test('accepts a token after its partner has taken a newer one', rules('FD-TOKEN-LIFETIME:accept'), async ({ fdApi, fd, appKeyOnly }) => {
  const first = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
  expect(first.status, 'CreateToken, the first token').toBe(200);
  const second = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
  expect(second.status, 'CreateToken, a newer token').toBe(200);
  const res = await fdApi.call('GetCustomers', { query: { limit: 1 }, auth: () => fdAuthHeaders(fd.appKey, first.body.token) });
  expect(res.status, 'GetCustomers with the first token, after a newer one was issued (received / documented)').toBe(200);
});

// seed 002, Authentication: a secret is letters of both cases, digits and a few signs, no white space: in
// another case, with white space around it, a character more or less, it is a wrong secret. The right one
// after each refusal ends the run of failures (the lock counts them in a row).
test(
  'refuses the partner secret in any other form than itself with 401',
  rules('FD-TOKEN-SECRET-EXACT'),
  async ({ fdApi, fd, appKeyOnly }) => {
    const partner = fd.sparePartner ?? fd.partner;
    const secret = partner.partnerSecret;
    const forms: [string, string][] = [
      ['in the other case', [...secret].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')],
      ['with spaces around it', ` ${secret} `],
      ['with a space before it', ` ${secret}`],
      ['with a space after it', `${secret} `],
      ['with a tab after it', `${secret}\t`],
      ['with a line break after it', `${secret}\n`],
      ['with a carriage return and line break after it', `${secret}\r\n`],
      ['with a character more', `${secret}0`],
      ['without its last character', secret.slice(0, -1)],
    ];
    const accepted: string[] = [];
    for (const [how, altered] of forms) {
      if (altered === secret) continue;
      const res = await fdApi.call('CreateToken', { body: { ...partner, partnerSecret: altered }, auth: appKeyOnly });
      // A wrong secret is 401 (seed 002); a body the contract's credentials refuse would be a 400, also a refusal.
      if (res.status !== 401 && res.status !== 400) accepted.push(`the secret ${how}: ${res.status}`);
      expect((await fdApi.call('CreateToken', { body: partner, auth: appKeyOnly })).status, 'the right secret after it').toBe(200);
    }
    expect(accepted, 'every other form of the partner secret is refused').toEqual([]);
  },
);
