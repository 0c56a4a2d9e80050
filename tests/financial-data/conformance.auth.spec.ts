// Covers: every operation of the financial data contract (it grows with the contract): the
// security requirement of seed 002, Authentication - Partner-App-Key on every call, a valid
// Partner-App-Token (valid two hours) on all but CreateToken and ModifyPartnerSecret.
import { loadContract, expect, expectFdError, sampleCall, test, TOKEN_VALID_MS } from '../../fixtures/financial-data.js';

const contract = await loadContract('financial-data');
const operations = [...contract.operations.values()];
const needsToken = (op: (typeof operations)[number]) => op.security.every((alt) => alt.includes('PartnerAppToken'));

for (const op of operations) {
  const has401 = Boolean(op.responses['401']);
  // seed 002, Businesses: these operations document no 401; the seed still requires both headers
  // (default security), so the most the suite can assert is that the call does not succeed.
  const expectRefused = async (res: { status: number; operation: any; text: string }, what: string) => {
    if (has401) expectFdError(res as any, 401, what);
    else expect(res.status, `${op.operationId} ${what}: a documented status that is not a success`).toBeGreaterThanOrEqual(400);
  };

  test(`${op.operationId} refuses a call without Partner-App-Key${has401 ? ' with 401' : ''} @smoke`, async ({ fdApi, fd, fdTokens, fdEntities }) => {
    const token = await fdTokens.get();
    const res = await fdApi.call(op.operationId, { ...sampleCall(op.operationId, fd, fdEntities), auth: (): Record<string, string> => (needsToken(op) ? { 'Partner-App-Token': token } : {}) });
    await expectRefused(res, 'no app key');
  });

  test(`${op.operationId} refuses an unknown Partner-App-Key${has401 ? ' with 401' : ''}`, async ({ fdApi, fd, fdTokens, fdEntities }) => {
    const token = await fdTokens.get();
    const res = await fdApi.call(op.operationId, { ...sampleCall(op.operationId, fd, fdEntities), auth: () => ({ 'Partner-App-Key': `unknown-${Date.now()}`, 'Partner-App-Token': token }) });
    await expectRefused(res, 'unknown app key');
  });

  if (!needsToken(op)) continue;

  test(`${op.operationId} refuses a call without Partner-App-Token${has401 ? ' with 401' : ''}`, async ({ fdApi, fd, fdEntities, appKeyOnly }) => {
    const res = await fdApi.call(op.operationId, { ...sampleCall(op.operationId, fd, fdEntities), auth: appKeyOnly });
    await expectRefused(res, 'no token');
  });

  test(`${op.operationId} refuses an invalid Partner-App-Token${has401 ? ' with 401' : ''}`, async ({ fdApi, fd, fdEntities }) => {
    const res = await fdApi.call(op.operationId, { ...sampleCall(op.operationId, fd, fdEntities), auth: () => ({ 'Partner-App-Key': fd.appKey, 'Partner-App-Token': 'fdtk_not-a-token-the-target-issued' }) });
    await expectRefused(res, 'invalid token');
  });

  test(`${op.operationId} refuses a token older than two hours${has401 ? ' with 401' : ''} @mock-only`, async ({ fdApi, fd, fdEntities, fdTokens, fdMock }) => {
    const token = await fdTokens.get();
    // seed 002, Limits: a token is valid 2 hours; age it just past that on the virtual clock.
    await fdMock.advanceClock((TOKEN_VALID_MS - (fdTokens.age() ?? 0)) / 1000 + 1);
    const res = await fdApi.call(op.operationId, { ...sampleCall(op.operationId, fd, fdEntities), auth: () => ({ 'Partner-App-Key': fd.appKey, 'Partner-App-Token': token }) });
    await expectRefused(res, 'expired token');
  });
}
