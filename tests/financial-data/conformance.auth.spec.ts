// Covers: every operation of the financial data contract (it grows with the contract): the
// security requirement of seed 002, Authentication - the app key header on every call, a valid
// app token header (valid two hours) on all but CreateToken and ModifyPartnerSecret. The header
// names are the configured ones (FD_HEADER_NAMES: the seed's Partner-App-Key / Partner-App-Token
// by default, the provider's Finicity-App-Key / Finicity-App-Token as the alternative).
import {
  loadContract,
  expect,
  expectFdError,
  FD_HEADERS,
  fdAuthHeaders,
  rules,
  inWords,
  sample,
  test,
  TOKEN_AGES,
  withConflict,
} from '../../fixtures/financial-data.js';
import { conflictSites } from '../../helpers/contract/conflicts.js';

const contract = await loadContract('financial-data');
const operations = [...contract.operations.values()];
const needsToken = (op: (typeof operations)[number]) => op.security.every((alt) => alt.includes('PartnerAppToken'));
const { appKey: KEY, appToken: TOKEN } = FD_HEADERS;

/** The 401 body (JSON message or plain text) names the refused header (provider 1.35.0 examples: "Missing parameter (Finicity-App-Key)"). */
function expectNamesHeader(res: { status: number; body: any; text: string }, header: string) {
  const said = typeof res.body?.message === 'string' ? res.body.message : res.text;
  expect(said.toLowerCase(), `the 401 message names ${header}`).toContain(header.toLowerCase());
}

for (const op of operations) {
  const has401 = Boolean(op.responses['401']);
  // seed 002, Businesses: these operations document no 401; the seed still requires both headers
  // (default security), so the most the suite can assert is that the call does not succeed.
  const expectRefused = async (res: { status: number; operation: any; text: string }, what: string) => {
    if (has401) expectFdError(res as any, 401, what);
    else expect(res.status, `${op.operationId} ${what}: a documented status that is not a success`).toBeGreaterThanOrEqual(400);
  };
  const withoutKey = async (fdTokens: { get(): Promise<string> }) => {
    const token = await fdTokens.get();
    return () => (needsToken(op) ? fdAuthHeaders(undefined, token) : {});
  };

  test(
    `${op.operationId} refuses a call without ${KEY}${has401 ? ' with 401' : ''} @smoke`,
    rules('FD-AUTH-KEY-REQUIRED'),
    async ({ fdApi, fd, fdTokens, fdEntities }) => {
      const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: await withoutKey(fdTokens) });
      await expectRefused(res, 'no app key');
    },
  );

  // seed 002, Authentication: the app key is the dashboard's, compared whole. A key with a suffix,
  // truncated or with its last character changed is another key (a prefix comparison passes them).
  test(
    `${op.operationId} refuses an unknown or altered ${KEY}${has401 ? ' with 401' : ''}`,
    rules('FD-AUTH-KEY-WHOLE:refuse'),
    async ({ fdApi, fd, fdTokens, fdEntities }) => {
      const token = await fdTokens.get();
      const last = fd.appKey.slice(-1);
      const altered = {
        unknown: `unknown-${Date.now()}`,
        'with a suffix': `${fd.appKey}0`,
        truncated: fd.appKey.slice(0, -1),
        'last character changed': fd.appKey.slice(0, -1) + (last === 'a' ? 'b' : 'a'),
      };
      for (const [what, key] of Object.entries(altered)) {
        const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: () => fdAuthHeaders(key, token) });
        await expectRefused(res, `app key ${what}`);
      }
    },
  );

  if (has401) {
    test(
      `${op.operationId} names the missing ${KEY} in its 401 message @provider`,
      rules('FD-AUTH-401-NAMES-HEADER'),
      async ({ fdApi, fd, fdTokens, fdEntities }) => {
        const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: await withoutKey(fdTokens) });
        expectFdError(res, 401, 'no app key');
        expectNamesHeader(res, KEY);
      },
    );
  }

  if (!needsToken(op)) continue;

  test(
    `${op.operationId} refuses a call without ${TOKEN}${has401 ? ' with 401' : ''}`,
    withConflict(rules('FD-AUTH-TOKEN-REQUIRED'), ...conflictSites('financial-data', 'FD-AUTH-TOKEN-REQUIRED', op.operationId)),
    async ({ fdApi, fd, fdEntities, appKeyOnly }) => {
      const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: appKeyOnly });
      await expectRefused(res, 'no token');
    },
  );

  if (has401) {
    test(
      `${op.operationId} names the missing ${TOKEN} in its 401 message @provider`,
      rules('FD-AUTH-401-NAMES-HEADER'),
      async ({ fdApi, fd, fdEntities, appKeyOnly }) => {
        const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: appKeyOnly });
        expectFdError(res, 401, 'no token');
        expectNamesHeader(res, TOKEN);
      },
    );
  }

  test(
    `${op.operationId} refuses an invalid ${TOKEN}${has401 ? ' with 401' : ''}`,
    rules('FD-AUTH-TOKEN-REQUIRED'),
    async ({ fdApi, fd, fdEntities }) => {
      const res = await fdApi.callOperation(op, {
        ...sample(op, fd, fdEntities),
        auth: () => fdAuthHeaders(fd.appKey, 'fdtk_not-a-token-the-target-issued'),
      });
      await expectRefused(res, 'invalid token');
    },
  );

  test(
    `${op.operationId} refuses a token older than ${inWords(TOKEN_AGES.validMs / 3_600_000)} hours${has401 ? ' with 401' : ''} @mock-only`,
    rules('FD-TOKEN-LIFETIME:refuse'),
    async ({ fdApi, fd, fdEntities, fdTokens, fdMock }) => {
      const token = await fdTokens.get();
      // seed 002, Limits: a token's lifetime; age it just past that on the virtual clock.
      await fdMock.advanceClock((TOKEN_AGES.validMs - (fdTokens.age() ?? 0)) / 1000 + 1);
      const res = await fdApi.callOperation(op, { ...sample(op, fd, fdEntities), auth: () => fdAuthHeaders(fd.appKey, token) });
      await expectRefused(res, 'expired token');
    },
  );
}
