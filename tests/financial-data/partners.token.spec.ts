// Covers: POST /aggregation/v2/partners/authentication (CreateToken) - seed 002, Authentication
// and Limits: good credentials give a token, bad ones a 401, five failures lock the partner; the
// suite's token cache reuses one token and renews it after 90 minutes.
import { expect, expectFdError, fdAuthHeaders, suiteConfig, test, TOKEN_RENEW_AFTER_MS } from '../../fixtures/financial-data.js';

test('issues a token for good credentials @smoke', async ({ fdApi, fd, appKeyOnly }) => {
  const res = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
  expect(res.status).toBe(200);
  expect(typeof res.body.token).toBe('string');
});

test('the issued token authorises a call', async ({ fdApi, fd, appKeyOnly }) => {
  const { body } = await fdApi.call('CreateToken', { body: fd.partner, auth: appKeyOnly });
  const res = await fdApi.call('GetCustomers', { query: { limit: 1 }, auth: () => fdAuthHeaders(fd.appKey, body.token) });
  expect(res.status).toBe(200);
});

test('refuses a wrong partner secret with 401', async ({ fdApi, fd, appKeyOnly }) => {
  const partner = fd.sparePartner ?? fd.partner;
  const res = await fdApi.call('CreateToken', { body: { ...partner, partnerSecret: `${partner.partnerSecret}x` }, auth: appKeyOnly });
  expectFdError(res, 401, 'bad secret');
  // A success right after ends the run of failures, so this check never brings a lock closer.
  expect((await fdApi.call('CreateToken', { body: partner, auth: appKeyOnly })).status).toBe(200);
});

test('refuses an unknown partner id with 401', async ({ fdApi, fd, appKeyOnly }) => {
  const res = await fdApi.call('CreateToken', { body: { partnerId: `9${Date.now()}`, partnerSecret: fd.partner.partnerSecret }, auth: appKeyOnly });
  expectFdError(res, 401, 'unknown partner');
});

// provider 1.35.0: PartnerCredentials requires partnerId and partnerSecret (the seed names the two
// values, not the body's members); a body that is not an object is a 400 on any reading.
for (const [what, body, tag] of [['no partnerSecret', { partnerId: '1' }, ' @provider'], ['no partnerId', { partnerSecret: 'x' }, ' @provider'], ['a non-object body', [], '']] as const) {
  test(`rejects credentials with ${what} with 400${tag}`, async ({ fdApi, appKeyOnly }) => {
    expectFdError(await fdApi.call('CreateToken', { body, auth: appKeyOnly }), 400, what);
  });
}

test('rejects a malformed JSON body with 400, never 500', async ({ fdApi, appKeyOnly }) => {
  expectFdError(await fdApi.call('CreateToken', { rawBody: '{"partnerId": ', auth: appKeyOnly }), 400, 'malformed JSON');
});

test('locks the partner after five failed attempts: the right secret is then refused @destructive', async ({ fdApi, fd, appKeyOnly }) => {
  test.skip(!suiteConfig().allowDestructive, 'locks a partner: set ALLOW_DESTRUCTIVE=true to run it on a sandbox');
  test.skip(!fd.sparePartner, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET) so the suite\'s partner stays usable');
  const spare = fd.sparePartner!;
  try {
    // seed 002, Limits: 5 failed authentications before lock.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: `wrong-${attempt}` }, auth: appKeyOnly });
      expectFdError(res, 401, `failed attempt ${attempt}`);
    }
    expectFdError(await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly }), 401, 'sixth attempt, right secret, partner locked');
  } finally {
    await fd.control?.unlockPartner(spare.partnerId);
  }
  if (fd.control) expect((await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly })).status, 'right secret after the mock lifted the lock').toBe(200);
});

test('the token cache reuses one token, and renews it once older than 90 minutes @mock-only', async ({ fdApi, fdTokens, fdMock }) => {
  const first = await fdTokens.get();
  expect(await fdTokens.get(), 'a second request reuses the token').toBe(first);
  // Age the token to 89 minutes on the virtual clock: still reused, and still accepted.
  await fdMock.advanceClock((TOKEN_RENEW_AFTER_MS - 60_000 - (fdTokens.age() ?? 0)) / 1000);
  expect(await fdTokens.get(), 'reused before 90 minutes').toBe(first);
  expect((await fdApi.call('GetCustomers', { query: { limit: 1 } })).status, 'an 89-minute-old token is accepted').toBe(200);
  // Two more minutes: older than 90 minutes, so the cache creates a new one, which works.
  const created = fdTokens.created;
  await fdMock.advanceClock(120);
  const renewed = await fdTokens.get();
  expect(renewed, 'renewed after 90 minutes').not.toBe(first);
  expect(fdTokens.created).toBe(created + 1);
  expect((await fdApi.call('GetCustomers', { query: { limit: 1 } })).status, 'the renewed token is accepted').toBe(200);
});
