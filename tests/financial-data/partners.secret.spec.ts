// Covers: ModifyPartnerSecret - seed 002, Authentication (12-255 of letters, digits and ! @ # $ % & * _ - +,
// a digit and a letter, else 400; the new secret works, the old not); provider 1.35.0
// PartnerCredentialsWithNewSecret.immediate (false: the old one works for partnerSecretGraceSeconds).
// On the spare partner, its secret put back after each change; alone on a sandbox (whileAlone).
import fc from 'fast-check';
import {
  assertProperty,
  expect,
  expectFdError,
  fdLimit,
  movedClock,
  rules,
  suiteConfig,
  test,
  underRule,
  whileAlone,
  type CallOptions,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { anySecret, validSecret } from '../../fixtures/arbitraries/financial-data/secrets.js';

type Spare = { partnerId: string; partnerSecret: string };
/**
 * ModifyPartnerSecret of the spare partner with its key alone: from the secret `from` to `to` (`more`: other members of the body;
 * `judges`: the rule an undocumented status is filed under, CallOptions.judges).
 */
const modify = (fdApi: OperationClient, spare: Spare, auth: CallOptions['auth'], from: string, to: string, more = {}, judges?: string) =>
  fdApi.call('ModifyPartnerSecret', {
    body: { ...spare, partnerSecret: from, newPartnerSecret: to, ...more },
    auth,
    ...(judges ? { judges } : {}),
  });
/** The status CreateToken answers the spare partner with this secret. */
const tokenStatus = async (fdApi: OperationClient, spare: Spare, auth: CallOptions['auth'], partnerSecret: string) =>
  (await fdApi.call('CreateToken', { body: { ...spare, partnerSecret }, auth })).status;

const pad = (n: number, core = 'Ab1') => core + 'x'.repeat(n - core.length);
/** A secret holding the character `c`, which the charset allows (`ok`) or not. */
const withChar = (c: string, ok: boolean) => ({
  what: ok ? `the allowed character ${c}` : `the forbidden character '${c}'`,
  secret: `Secret${c}2025xy`,
  ok,
  rule: 'FD-SECRET-CHARSET',
});
const CASES: { what: string; secret: string; ok: boolean; rule: string }[] = [
  { what: '11 characters', secret: pad(11), ok: false, rule: 'FD-SECRET-LENGTH' },
  { what: '12 characters', secret: pad(12), ok: true, rule: 'FD-SECRET-LENGTH' },
  { what: '255 characters', secret: pad(255), ok: true, rule: 'FD-SECRET-LENGTH' },
  { what: '256 characters', secret: pad(256), ok: false, rule: 'FD-SECRET-LENGTH' },
  { what: 'no digit', secret: 'abcdefGHIJKL!', ok: false, rule: 'FD-SECRET-DIGIT-LETTER' },
  { what: 'no letter', secret: '1234567890!@#', ok: false, rule: 'FD-SECRET-DIGIT-LETTER' },
  // "upper and lower case letters": a letter of either case alone meets the letter rule.
  { what: 'upper-case letters as its only letters', secret: 'SECRET2025XY!', ok: true, rule: 'FD-SECRET-DIGIT-LETTER' },
  { what: 'lower-case letters as its only letters', secret: 'secret2025xy!', ok: true, rule: 'FD-SECRET-DIGIT-LETTER' },
  ...[...'!@#$%&*_-+'].map((c) => withChar(c, true)),
  ...[' ', '.', '^', '~', '?', 'é'].map((c) => withChar(c, false)),
];

test.describe('partner secret rules @destructive', () => {
  test.beforeEach(({ fd }) => {
    test.skip(!suiteConfig().allowDestructive, 'changes a partner secret: set ALLOW_DESTRUCTIVE=true to run it on a sandbox');
    test.skip(!fd.sparePartner, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
  });

  for (const c of CASES) {
    test(
      `${c.ok ? 'accepts' : 'rejects with 400'} a new secret with ${c.what}`,
      rules(`${c.rule}:${c.ok ? 'accept' : 'refuse'}`, 'FD-SENSITIVE-ECHO', ...(c.ok ? ['FD-SECRET-CHANGE', 'FD-AUTH-KEY-ONLY'] : [])),
      async ({ fdApi, fd, appKeyOnly, fdContract }) =>
        whileAlone(fd, ['spare'], async () => {
          expect(fdContract.component('NewPartnerSecret')(c.secret), 'the case agrees with the contract').toBe(c.ok);
          const spare = fd.sparePartner!;
          // A secret the rules take is changed with 204 (seed 002, Authentication: FD-SECRET-CHANGE); one they refuse, the case's rule.
          const res = await modify(fdApi, spare, appKeyOnly, spare.partnerSecret, c.secret, {}, c.ok ? 'FD-SECRET-CHANGE' : c.rule);
          if (!c.ok) {
            expectFdError(res, 400, c.what);
            expect(await tokenStatus(fdApi, spare, appKeyOnly, spare.partnerSecret), 'the old secret still works').toBe(200);
            return;
          }
          expect(res.status).toBe(204);
          // Put back whatever fails on the way: a check after this one on the spare partner must not
          // meet the secret this one set (its failure would be this one's, again).
          let putBack = false;
          try {
            expect(await tokenStatus(fdApi, spare, appKeyOnly, c.secret), 'the new secret works').toBe(200);
            expectFdError(await fdApi.call('CreateToken', { body: spare, auth: appKeyOnly }), 401, 'the old secret is refused');
            const back = await modify(fdApi, spare, appKeyOnly, c.secret, spare.partnerSecret);
            putBack = back.status === 204;
            expect(back.status, 'the original secret is put back').toBe(204);
            expect(await tokenStatus(fdApi, spare, appKeyOnly, spare.partnerSecret)).toBe(200);
          } finally {
            // The check's own failure is what it reports: a refusal of this put-back would hide it.
            if (!putBack) await modify(fdApi, spare, appKeyOnly, c.secret, spare.partnerSecret).catch(() => undefined);
          }
        }),
    );
  }

  test(
    'keeps the old secret working beside the new one through the grace period a change with immediate false asks, and refuses it at once after an immediate change @provider',
    rules('FD-SECRET-GRACE', 'FD-SECRET-CHANGE'),
    async ({ fdApi, fd, appKeyOnly, fdPowers }) =>
      whileAlone(fd, ['spare'], async () => {
        const spare = fd.sparePartner!;
        const token = (partnerSecret: string) => tokenStatus(fdApi, spare, appKeyOnly, partnerSecret);
        let current = spare.partnerSecret;
        /** A change from the secret in force, `immediate` sent as given (left out: undefined). */
        const change = async (newPartnerSecret: string, immediate?: boolean) => {
          const more = immediate === undefined ? {} : { immediate };
          const res = await modify(fdApi, spare, appKeyOnly, current, newPartnerSecret, more, 'FD-SECRET-CHANGE');
          expect(res.status, `the change (immediate ${immediate ?? 'left out'})`).toBe(204);
          const replaced = current;
          current = newPartnerSecret;
          return replaced;
        };
        const clock = fd.control ? await movedClock(fdPowers) : undefined;
        try {
          const first = await change('Gr4ce!Secret2025', false);
          expect(await token(current), 'the new secret works').toBe(200);
          const kept = await token(first);
          underRule(test.info(), 'FD-SECRET-GRACE', () => expect(kept, 'the old secret still works in its grace period').toBe(200));
          const second = await change('Imm3diate!Secret25', true);
          expect(await token(current), 'the new secret works').toBe(200);
          const denied = await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: second }, auth: appKeyOnly });
          expectFdError(denied, 401, 'the secret an immediate change replaced');
          // The period's end, on the mock's clock only (a sandbox cannot move 30 days on).
          if (!clock) return;
          const grace = fdLimit('partnerSecretGraceSeconds');
          const third = await change('L4st!GraceSecret25', false);
          await clock.advance(grace - 60);
          const before = await token(third);
          underRule(test.info(), 'FD-SECRET-GRACE', () => expect(before, 'the old secret a minute before its grace period ends').toBe(200));
          await clock.advance(120);
          const after = await fdApi.call('CreateToken', { body: { ...spare, partnerSecret: third }, auth: appKeyOnly });
          underRule(test.info(), 'FD-SECRET-GRACE', () =>
            expectFdError(after, 401, 'the old secret a minute after its grace period ended'),
          );
          expect(await token(current), 'the new secret').toBe(200);
        } finally {
          await clock?.restore();
          if (current !== spare.partnerSecret) {
            const back = await modify(fdApi, spare, appKeyOnly, current, spare.partnerSecret);
            expect(back.status, "the spare partner's own secret is put back").toBe(204);
          }
          expect(await token(spare.partnerSecret), "the spare partner's own secret works again").toBe(200);
        }
      }),
  );

  test('refuses a change with a wrong current secret with 401', rules('FD-SECRET-CURRENT'), async ({ fdApi, fd, appKeyOnly }) =>
    whileAlone(fd, ['spare'], async () => {
      const spare = fd.sparePartner!;
      expectFdError(await modify(fdApi, spare, appKeyOnly, `${spare.partnerSecret}x`, 'N3wSecret!2025'), 401, 'wrong current secret');
    }),
  );

  test(
    'accepts every new secret the rules allow, and the new one always works @property',
    rules('FD-SECRET-LENGTH:accept', 'FD-SECRET-DIGIT-LETTER:accept', 'FD-SECRET-CHARSET:accept', 'FD-SECRET-CHANGE'),
    async ({ fdApi, fd, appKeyOnly, fdContract }, testInfo) =>
      whileAlone(fd, ['spare'], async () => {
        const spare = fd.sparePartner!;
        let current = spare.partnerSecret;
        try {
          await assertProperty(
            fc.asyncProperty(validSecret, async (secret) => {
              expect(fdContract.component('NewPartnerSecret')(secret), 'generated secret is valid by the contract').toBe(true);
              expect((await modify(fdApi, spare, appKeyOnly, current, secret)).status).toBe(204);
              current = secret;
              expect(await tokenStatus(fdApi, spare, appKeyOnly, secret)).toBe(200);
            }),
            testInfo,
            // FD-ST-229, FD-ST-264, FD-ST-293: 12 to 255 characters, a digit and a letter among them; each end once.
            [12, 255].map((n) => ({
              kinds: ['stated bound' as const],
              cites: ['FD-ST-229', 'FD-ST-264', 'FD-ST-293'],
              says: `a new secret of ${n} characters`,
              input: (): [string] => [`A1${Math.random().toString(36).slice(2, 8)}${'b2!C'.repeat(64)}`.slice(0, n)],
            })),
            { numRuns: Math.min(suiteConfig().fastCheck.numRuns, 25) },
          );
        } finally {
          await modify(fdApi, spare, appKeyOnly, current, spare.partnerSecret);
        }
      }),
  );

  test(
    'rejects every new secret that breaks the rules with 400 @property',
    rules('FD-SECRET-LENGTH:refuse', 'FD-SECRET-DIGIT-LETTER:refuse', 'FD-SECRET-CHARSET:refuse'),
    async ({ fdApi, fd, appKeyOnly, fdContract }, testInfo) =>
      whileAlone(fd, ['spare'], async () => {
        const spare = fd.sparePartner!;
        const validate = fdContract.component('NewPartnerSecret');
        await assertProperty(
          fc.asyncProperty(anySecret, async (secret) => {
            fc.pre(!validate(secret)); // the generator's value must break the contract before a 400 is expected
            expectFdError(await modify(fdApi, spare, appKeyOnly, spare.partnerSecret, secret), 400, 'rule broken');
          }),
          testInfo,
          // FD-ST-264, FD-ST-293: one character short, one too many, and no digit (FD-ST-250: a 400).
          [
            { n: '11 characters', secret: 'Abcdefghij1' },
            { n: '256 characters', secret: `A1${'b'.repeat(254)}` },
            { n: '12 letters, no digit', secret: 'Abcdefghijkl' },
          ].map(({ n, secret }) => ({
            kinds: ['stated bound' as const],
            cites: ['FD-ST-264', 'FD-ST-293', 'FD-ST-250'],
            says: `a new secret of ${n}`,
            input: (): [string] => [secret],
          })),
        );
      }),
  );
});
