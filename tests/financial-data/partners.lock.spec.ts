// Covers: CreateToken, ModifyPartnerSecret - seed 002, Authentication and Limits ("after five failed
// authentication attempts the account is locked"; "5 before lock") with reference, Partner lock
// (four failures do not lock; a sixth attempt, even with the right secret, is refused with 401 until
// the lock is lifted). The counter is checked at n-1, n and n+1, and a locked partner may not change
// its secret. Runs on the spare partner; destructive on a sandbox.
import { expect, expectFdError, rules, suiteConfig, test } from '../../fixtures/financial-data.js';

test.describe('partner lock @destructive', () => {
  test.beforeEach(({ fd }) => {
    test.skip(!suiteConfig().allowDestructive, 'locks a partner: set ALLOW_DESTRUCTIVE=true to run it on a sandbox');
    test.skip(!fd.sparePartner, "needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET) so the suite's partner stays usable");
  });

  test('four failed attempts do not lock; the fifth does, and a sixth keeps the right secret refused',
    rules('FD-LOCK-FIVE:accept', 'FD-LOCK-FIVE:refuse', 'FD-TOKEN-ISSUE:refuse', 'FD-SENSITIVE-ECHO'), async ({ fdApi, fd, appKeyOnly }) => {
      const spare = fd.sparePartner!;
      const fail = async (count: number, round: string) => {
        for (let attempt = 1; attempt <= count; attempt++) {
          expectFdError(await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: `wrong-${round}-${attempt}x` }, auth: appKeyOnly }), 401, `${round}: failed attempt ${attempt}`);
        }
      };
      try {
        // n-1: four failures, then the right secret still gets a token.
        await fail(4, 'n-1');
        expect((await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly })).status, 'right secret after four failures: not locked').toBe(200);
        // n: five failures in a row lock the partner; the right secret is refused.
        await fail(5, 'n');
        expectFdError(await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly }), 401, 'right secret after five failures: locked');
        // n+1: a sixth failure, and the right secret is still refused.
        await fail(1, 'n+1');
        expectFdError(await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly }), 401, 'right secret after six failures: still locked');
      } finally {
        await fd.control?.unlockPartner(spare.partnerId);
      }
      if (fd.control) expect((await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly })).status, 'right secret once the mock lifted the lock').toBe(200);
    });

  test('a locked partner cannot change its secret (401), and the secret stays the old one @assumption',
    rules('FD-LOCK-NO-SECRET-CHANGE', 'FD-SENSITIVE-ECHO'), async ({ fdApi, fd, appKeyOnly }) => {
      const spare = fd.sparePartner!;
      const next = 'Locked2025!Change';
      let changed = false;
      try {
        for (let attempt = 1; attempt <= 5; attempt++) await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: `wrong-lock-${attempt}x` }, auth: appKeyOnly });
        const res = await fdApi.call('ModifyPartnerSecret', { body: { ...spare, newPartnerSecret: next }, auth: appKeyOnly });
        changed = res.status === 204;
        expectFdError(res, 401, 'secret change while locked');
      } finally {
        if (fd.control) await fd.control.unlockPartner(spare.partnerId);
        // Put the original secret back if a faulty target changed it.
        if (changed) await fdApi.call('ModifyPartnerSecret', { body: { ...spare, partnerSecret: next, newPartnerSecret: spare.partnerSecret }, auth: appKeyOnly });
      }
      test.skip(!fd.control, 'checking the secret after the lock needs the mock control surface to lift it (TARGET=mock)');
      expect((await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly })).status, 'the old secret still works once unlocked').toBe(200);
      expectFdError(await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: next }, auth: appKeyOnly }), 401, 'the refused new secret');
    });
});
