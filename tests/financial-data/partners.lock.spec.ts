// Covers: CreateToken, ModifyPartnerSecret - seed 002, Authentication and Limits (locked after n failed
// attempts, x-limits failedAuthenticationsBeforeLock); reference, Partner lock (n-1 do not lock; then even
// the right secret is a 401). Checked at n-1, n and n+1 on the spare partner; mock only.
import {
  expect,
  expectFdError,
  fdLimit,
  inWords,
  rules,
  suiteConfig,
  test,
  type CallOptions,
  type OperationClient,
} from '../../fixtures/financial-data.js';

const LOCK_AT = fdLimit('failedAuthenticationsBeforeLock');
/** CreateToken of the spare partner with its key alone and a secret (its own when none is given). */
const token = (fdApi: OperationClient, spare: { partnerSecret: string }, auth: CallOptions['auth'], partnerSecret = spare.partnerSecret) =>
  fdApi.call('CreateToken', { body: { ...spare, partnerSecret }, auth });
const nth = (n: number) => (({ 4: 'fourth', 5: 'fifth', 6: 'sixth', 7: 'seventh' }) as Record<number, string>)[n] ?? `${n}th`;

test.describe('partner lock @destructive', () => {
  test.beforeEach(({ fd }) => {
    // A sandbox's lock lasts until its provider lifts it: the spare partner would stay locked for
    // the rest of the run, whose other-partner and secret checks use it.
    test.skip(
      !fd.control,
      "needs the mock's control surface to lift the partner lock it makes (a sandbox's lasts until its provider lifts it)",
    );
    test.skip(!suiteConfig().allowDestructive, 'locks a partner: set ALLOW_DESTRUCTIVE=true to run it on a sandbox');
    test.skip(
      !fd.sparePartner,
      "needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET) so the suite's partner stays usable",
    );
  });

  test(
    `${inWords(LOCK_AT - 1)} failed attempts do not lock; the ${nth(LOCK_AT)} does, and a ${nth(LOCK_AT + 1)} keeps the right secret refused`,
    rules('FD-LOCK-FIVE:accept', 'FD-LOCK-FIVE:refuse', 'FD-TOKEN-ISSUE:refuse', 'FD-SENSITIVE-ECHO'),
    async ({ fdApi, fd, appKeyOnly }) => {
      const spare = fd.sparePartner!;
      const fail = async (count: number, round: string) => {
        for (let attempt = 1; attempt <= count; attempt++)
          expectFdError(await token(fdApi, spare, appKeyOnly, `wrong-${round}-${attempt}x`), 401, `${round}: failed attempt ${attempt}`);
      };
      try {
        // n-1 failures, then the right secret still gets a token.
        await fail(LOCK_AT - 1, 'n-1');
        expect((await token(fdApi, spare, appKeyOnly)).status, `right secret after ${inWords(LOCK_AT - 1)} failures: not locked`).toBe(200);
        // n failures in a row lock the partner; the right secret is refused.
        await fail(LOCK_AT, 'n');
        expectFdError(await token(fdApi, spare, appKeyOnly), 401, `right secret after ${inWords(LOCK_AT)} failures: locked`);
        // n+1: one more failure, and the right secret is still refused.
        await fail(1, 'n+1');
        expectFdError(await token(fdApi, spare, appKeyOnly), 401, `right secret after ${inWords(LOCK_AT + 1)} failures: still locked`);
      } finally {
        await fd.control?.unlockPartner(spare.partnerId);
      }
      if (fd.control) expect((await token(fdApi, spare, appKeyOnly)).status, 'right secret once the mock lifted the lock').toBe(200);
    },
  );

  // Every failed attempt counts, whatever its value (seed 002: "after five failed authentication
  // attempts"): one wrong secret sent again and again, and secrets near the right one (its case
  // changed, white space around it, a character short or over), each refused and each counted.
  test(
    `${inWords(LOCK_AT)} failures of one repeated wrong secret lock, and so do ${inWords(LOCK_AT)} of near-right secrets`,
    rules('FD-LOCK-FIVE:refuse', 'FD-TOKEN-ISSUE:refuse', 'FD-SENSITIVE-ECHO'),
    async ({ fdApi, fd, appKeyOnly }) => {
      test.skip(!fd.control, 'locks the partner twice: lifting the lock between the rounds needs the mock control surface (TARGET=mock)');
      const spare = fd.sparePartner!;
      const right = spare.partnerSecret;
      const swapped = [...right].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
      const near: [string, string][] = [
        ['its case swapped', swapped],
        ['a trailing space', `${right} `],
        ['a leading space', ` ${right}`],
        ['its last character dropped', right.slice(0, -1)],
        ['a character added', `${right}0`],
        ['a tab inside', `${right.slice(0, 4)}\t${right.slice(4)}`],
      ].filter(([, secret]) => secret !== right) as [string, string][];
      const rounds: [string, [string, string][]][] = [
        ['one wrong secret repeated', Array.from({ length: LOCK_AT }, () => ['the same wrong secret', 'Wrong-Again-2025x'])],
        ['near-right secrets', Array.from({ length: LOCK_AT }, (_, i) => near[i % near.length])],
      ];
      try {
        for (const [round, attempts] of rounds) {
          for (const [i, [form, partnerSecret]] of attempts.entries())
            expectFdError(await token(fdApi, spare, appKeyOnly, partnerSecret), 401, `${round}: attempt ${i + 1}, ${form}`);
          expectFdError(await token(fdApi, spare, appKeyOnly), 401, `right secret after ${inWords(LOCK_AT)} failures (${round}): locked`);
          await fd.control!.unlockPartner(spare.partnerId);
        }
      } finally {
        await fd.control?.unlockPartner(spare.partnerId);
      }
    },
  );

  test(
    'a locked partner cannot change its secret (401), and the secret stays the old one @assumption',
    rules('FD-LOCK-NO-SECRET-CHANGE', 'FD-SENSITIVE-ECHO'),
    async ({ fdApi, fd, appKeyOnly }) => {
      const spare = fd.sparePartner!;
      const next = 'Locked2025!Change';
      let changed = false;
      try {
        for (let attempt = 1; attempt <= LOCK_AT; attempt++) await token(fdApi, spare, appKeyOnly, `wrong-lock-${attempt}x`);
        const res = await fdApi.call('ModifyPartnerSecret', { body: { ...spare, newPartnerSecret: next }, auth: appKeyOnly });
        changed = res.status === 204;
        expectFdError(res, 401, 'secret change while locked');
      } finally {
        if (fd.control) await fd.control.unlockPartner(spare.partnerId);
        // Put the original secret back if a faulty target changed it.
        const back = { ...spare, partnerSecret: next, newPartnerSecret: spare.partnerSecret };
        if (changed) await fdApi.call('ModifyPartnerSecret', { body: back, auth: appKeyOnly });
      }
      test.skip(!fd.control, 'checking the secret after the lock needs the mock control surface to lift it (TARGET=mock)');
      expect((await token(fdApi, spare, appKeyOnly)).status, 'the old secret still works once unlocked').toBe(200);
      expectFdError(await token(fdApi, spare, appKeyOnly, next), 401, 'the refused new secret');
    },
  );
});
