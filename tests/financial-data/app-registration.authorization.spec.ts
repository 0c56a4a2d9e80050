// Covers: getCustomerAuthorizationDetails - seed 002, App registration and third-party access (start and
// end date; only OAuth connections: a legacy one yields 3003, one granted before the endpoint existed may
// yield 3004) and Errors; provider 1.35.0 CustomerAuthorizationDetails (ISO 8601 dates), 404 examples.
// Mock logins: FinBank Profiles - A OAuth, Harbor Savings legacy until migrated, - B granted before.
import { expect, expectFdError, mockOnly, newCustomer, rules, spareAuth, test } from '../../fixtures/financial-data.js';
import { PREDATING_INSTITUTION } from './app-registration.readers.js';

function expectCode(res: { status: number; body: any; text: string; operation: any }, code: string, what: string) {
  expectFdError(res as any, 404, what);
  expect(String(res.body?.code), `${what}: error code`).toBe(code);
}

test(
  'an OAuth login answers its institutionLoginId with an ISO 8601 start date and an end date after it',
  rules('FD-AUTHDETAILS-OAUTH'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const loginId = linkedCustomer.account('checking').institutionLoginId;
    const res = await fdApi.call('getCustomerAuthorizationDetails', { path: { institution_login_id: loginId } });
    expect(res.status).toBe(200);
    const start = Date.parse(res.body.authorizationStartDate);
    const end = Date.parse(res.body.authorizationEndDate);
    expect({
      institutionLoginId: res.body.institutionLoginId,
      startIsDate: !Number.isNaN(start),
      endAfterStart: end > start,
      startNotFuture: start <= fd.now() + 600_000,
    }).toEqual({ institutionLoginId: Number(loginId), startIsDate: true, endAfterStart: true, startNotFuture: true });
  },
);

/** The authorization period of a login as answered: its status, and whether the end is after the start (null without a 200). */
async function period(fdApi: Parameters<Parameters<typeof test>[2]>[0]['fdApi'], loginId: number | string) {
  const res = await fdApi.call('getCustomerAuthorizationDetails', { path: { institution_login_id: loginId } });
  const start = Date.parse(res.body?.authorizationStartDate);
  const end = Date.parse(res.body?.authorizationEndDate);
  return { status: res.status, endAfterStart: res.status === 200 ? end > start : null };
}

// The period is the login's, whatever its kind (seed 002: the start and end date of the
// authorization): every login the customer holds that answers 200, an OAuth one, a legacy one once
// migrated, and one that has lost an account since it was linked, ends after it starts.
test(
  'every login of the customer that answers its authorization details ends after it starts',
  rules('FD-AUTHDETAILS-OAUTH'),
  async ({ fdApi, linkedCustomer }) => {
    const answered = [];
    for (const login of linkedCustomer.logins) answered.push({ login: login.id, legacy: login.legacy, ...(await period(fdApi, login.id)) });
    expect(answered.filter((a) => a.status === 200).length, 'at least one login answers its details').toBeGreaterThan(0);
    expect(answered.filter((a) => a.endAfterStart === false)).toEqual([]);
  },
);

test(
  'a migrated legacy login and an OAuth login that lost an account still end after they start @mock-only',
  rules('FD-AUTHDETAILS-OAUTH', 'FD-AUTHDETAILS-LEGACY'),
  async ({ fdApi, fd, linkedCustomer }) => {
    test.skip(!fd.control, 'migrates a login and deletes an account: the mock only (a sandbox customer is shared)');
    const customerId = linkedCustomer.customerId;
    const kinds: Record<string, unknown> = {};
    for (const legacy of linkedCustomer.logins.filter((l) => l.legacy)) {
      const migrated = await fdApi.call('MigrateInstitutionLoginAccounts', { path: { customerId, institutionLoginId: String(legacy.id) } });
      expect(migrated.status, 'migration').toBe(200);
      kinds[`migrated ${legacy.id}`] = await period(fdApi, legacy.id);
    }
    const oauth = linkedCustomer.logins.find((l) => !l.legacy && l.institutionId !== PREDATING_INSTITUTION)!;
    const account = linkedCustomer.accounts.find((a) => a.institutionLoginId === oauth.id)!;
    const removed = await fdApi.call('DeleteCustomerAccount', { path: { customerId, accountId: account.id } });
    expect(removed.status, 'delete one account').toBe(204);
    kinds[`OAuth ${oauth.id} short of an account`] = await period(fdApi, oauth.id);
    expect(Object.keys(kinds).length, 'a migrated login and an OAuth one').toBeGreaterThan(1);
    for (const [kind, p] of Object.entries(kinds)) expect(p, kind).toEqual({ status: 200, endAfterStart: true });
  },
);

test(
  'a legacy login is a 404 with code 3003, and answers 200 once migrated to its OAuth connection',
  rules('FD-AUTHDETAILS-LEGACY'),
  async ({ fdApi, linkedCustomer }) => {
    const legacy = linkedCustomer.logins.find((l) => l.legacy);
    test.skip(
      !legacy,
      'the linked customer (FD_LINKED_CUSTOMER_ID) has no legacy (non-OAuth) institution login, which the 3003 check needs',
    );
    const path = { institution_login_id: legacy!.id };
    expectCode(await fdApi.call('getCustomerAuthorizationDetails', { path }), '3003', 'a legacy connection');
    const migrated = await fdApi.call('MigrateInstitutionLoginAccounts', {
      path: { customerId: linkedCustomer.customerId, institutionLoginId: String(legacy!.id) },
    });
    expect(migrated.status, 'migration to the OAuth connection').toBe(200);
    const res = await fdApi.call('getCustomerAuthorizationDetails', { path });
    const shown = { status: res.status, institutionLoginId: res.body?.institutionLoginId };
    expect(shown, 'once an OAuth connection').toEqual({ status: 200, institutionLoginId: legacy!.id });
  },
);

// A login whose details are unavailable (3004) and a login id that names no login (3003): the
// refusal-codes property (properties.refusal-codes.spec.ts), from the 404's x-codes table.
test(
  "a login of another partner's customer is a 404 with code 3003 too @mock-only",
  mockOnly(
    rules('FD-AUTHDETAILS-UNKNOWN'),
    "needs accounts linked to a customer of the spare partner: the suite links accounts only to customers of its own partner (Connect, FD_PARTNER_ID), the mock's control surface to any",
  ),
  async ({ fdApi, fd, fdMock }) => {
    const spare = await spareAuth(fdApi, fd);
    test.skip(!spare, 'needs a spare partner (FD_SPARE_PARTNER_ID / FD_SPARE_PARTNER_SECRET)');
    const theirs = await fdApi.call('AddTestingCustomer', { body: newCustomer(), auth: spare! });
    expect(theirs.status, 'a customer of the spare partner').toBe(201);
    const portfolio = await fdMock.linkAccounts(String(theirs.body.id));
    const login = portfolio.logins.find((l) => !l.legacy) ?? portfolio.logins[0];
    const res = await fdApi.call('getCustomerAuthorizationDetails', { path: { institution_login_id: login.id } });
    expectCode(res, '3003', "another partner's login");
  },
);
