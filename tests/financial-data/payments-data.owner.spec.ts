// Covers: GetAccountOwner (v1), GetAccountOwnerDetails (v3) and the bundle's owner section - seed 002,
// Payments data (v1 200, or 203 with a multi-factor challenge; v3 holders, addresses, emails, phones,
// insights; v3 400 and 401 only); provider 1.35.0 asOfDate UnixDate, withInsights. Names pinned on the
// mock (reference, Mock world: @assumption).
import {
  expect,
  expectEpochSecondsNear,
  expectFdError,
  mockOnly,
  ownLinkedCustomer,
  rules,
  test,
  unknownId,
  type OperationClient,
} from '../../fixtures/financial-data.js';

test(
  'the owner of an account whose institution asks a multi-factor challenge is a 203 with no body; of another account a 200 @mock-only',
  mockOnly(
    rules('FD-PAY-OWNER-MFA'),
    "needs an account at an institution that asks a multi-factor challenge: the mock's world has one (FinBank Profiles - B); no variable names such an account on a sandbox, whose test institutions the suite does not know",
  ),
  async ({ fdApi, fdMock: _mock, linkedCustomer }) => {
    const customerId = linkedCustomer.customerId;
    // The portfolio's MFA account (FinBank B savings); a sandbox does not say which account asks MFA.
    const mfa = linkedCustomer.accounts.find((a) => a.mfa);
    expect(mfa, 'the linked portfolio has an MFA account').toBeDefined();
    const challenged = await fdApi.call('GetAccountOwner', { path: { customerId, accountId: mfa!.id } });
    expect({ status: challenged.status, body: challenged.text }, 'owner of the MFA account').toEqual({ status: 203, body: '' });
    const plain = await fdApi.call('GetAccountOwner', { path: { customerId, accountId: linkedCustomer.account('savings').id } });
    expect(plain.status, 'owner of an account without MFA').toBe(200);
  },
);

test(
  'v1, v3 and the bundle name the linked customer as the owner @assumption',
  rules('FD-PAY-OWNER-NAME@pay-owner-v1', 'FD-PAY-OWNER-NAME@pay-owner-v3', 'FD-PAY-OWNER-NAME@pay-peb-account'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    // The mock world's holder: a customer of the check's own, linked as the mock links (Connect on a
    // sandbox whose page the suite completes; elsewhere the check skips saying so).
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const customerId = linkedCustomer.customerId;
    const customer = await fdApi.call('GetCustomer', { path: { customerId } });
    expect(customer.status).toBe(200);
    const { firstName, lastName } = customer.body;
    const path = { customerId, accountId: linkedCustomer.account('checking').id };
    const v1 = await fdApi.call('GetAccountOwner', { path });
    expect(v1.status).toBe(200);
    expect(v1.body.ownerName, 'v1 ownerName').toBe(`${firstName} ${lastName}`);
    const v3 = await fdApi.call('GetAccountOwnerDetails', { path });
    expect(v3.status).toBe(200);
    const pick = (h: any) => ({ ownerName: h.ownerName, firstName: h.firstName, lastName: h.lastName });
    const expected = { ownerName: `${firstName} ${lastName}`, firstName, lastName };
    expect(v3.body.holders.map(pick), 'v3 holders').toEqual([expected]);
    const bundle = await fdApi.call('GetAccountDetailsByAccountId', { path, query: { include: 'accountIdentity' } });
    expect(bundle.status).toBe(200);
    expect(bundle.body.accounts[0].accountIdentity.holders.map(pick), 'the bundle owner section').toEqual([expected]);
  },
);

test(
  'the owner answer is dated in epoch seconds at the target clock @provider',
  rules('FD-PAY-DATE-SECONDS@pay-owner-v1'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const res = await fdApi.call('GetAccountOwner', { path });
    expect(res.status).toBe(200);
    expect(res.body.ownerName, 'ownerName').not.toBe('');
    // provider 1.35.0: asOfDate is optional; when present it is epoch seconds.
    if (res.body.asOfDate !== undefined) expectEpochSecondsNear(res.body.asOfDate, fd.now(), 'asOfDate');
  },
);

// provider 1.35.0 identity insights: asked for (owner details withInsights=true, owner match
// insights=true), a holder carries them; not asked for, none does. One check per reader.
const INSIGHTS = [
  {
    what: 'owner details carry identity insights with withInsights=true and none without',
    at: 'pay-owner-v3',
    read: (fdApi: OperationClient, path: Path, asked: boolean) =>
      fdApi.call('GetAccountOwnerDetails', {
        path,
        ...(asked ? { query: { withInsights: true }, headers: { 'Meta-Data': 'program=OBAO' } } : {}),
      }),
  },
  {
    what: 'owner match carries identity insights with insights=true and none without',
    at: 'pay-match',
    read: (fdApi: OperationClient, path: Path, asked: boolean) =>
      fdApi.call('AccountMatchingScoreDetails', {
        path,
        body: { name: { firstName: 'Jane', lastName: 'Doe' } },
        ...(asked ? { query: { insights: true } } : {}),
      }),
  },
];
type Path = { customerId: string; accountId: string };

for (const row of INSIGHTS)
  test(`${row.what} @provider`, rules(`FD-PAY-INSIGHTS@${row.at}`), async ({ fdApi, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const plain = await row.read(fdApi, path, false);
    expect(plain.status).toBe(200);
    expect(plain.body.holders.length, 'holders').toBeGreaterThan(0);
    const seen = plain.body.holders.filter((h: any) => h.identityInsights !== undefined);
    expect(seen, 'holders with insights, not asked for').toHaveLength(0);
    const asked = await row.read(fdApi, path, true);
    expect(asked.status).toBe(200);
    const shown = asked.body.holders.some((h: any) => typeof h.identityInsights === 'object');
    expect(shown, 'a holder carries identityInsights').toBe(true);
  });

test(
  'owner details of an account the customer does not have is a 400 (no 404 documented) @provider',
  rules('FD-PAY-OWNER-V3-UNKNOWN'),
  async ({ fdApi, fdContract, linkedCustomer }) => {
    const param = fdContract.operation('GetAccountOwnerDetails').parameters.find((p) => p.name === 'accountId')!;
    const path = { customerId: linkedCustomer.customerId, accountId: unknownId(fdContract, param.schema) };
    const res = await fdApi.call('GetAccountOwnerDetails', { path });
    expectFdError(res, 400, 'unknown account');
  },
);
