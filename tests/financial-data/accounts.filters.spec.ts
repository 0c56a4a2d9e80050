// Covers: GetCustomerAccounts - seed 002, Accounts (query account status, account type); provider 1.35.0
// `status`, `account_type` and the 400 "Account type not supported"; reference, Identifiers (path ids are
// strings of digits). Each filter is shown to change the answer against the linked portfolio (on the
// mock the known one: 13 accounts, one pending checking at FinBank A, two savings, three checking).
import { expect, expectFdError, rules, servedOnly, test } from '../../fixtures/financial-data.js';

const ids = (res: { body: { accounts?: { id: string }[] } }) => (res.body.accounts ?? []).map((a) => String(a.id)).sort();
const idsOf = (accounts: { id: string }[]) => accounts.map((a) => a.id).sort();

test(
  'status lists exactly the accounts in that status: pending the one pending account, active all the others',
  rules('FD-ACCT-FILTER-STATUS:accept', 'FD-ACCT-FILTER-STATUS:refuse'),
  async ({ fdApi, fd, linkedCustomer: c }) => {
    const pending = c.account('checking', 'pending');
    const list = (query: Record<string, string>) => fdApi.call('GetCustomerAccounts', { path: { customerId: c.customerId }, query });
    const all = await list({});
    expect(all.status).toBe(200);
    expect(ids(all), 'unfiltered: every linked account').toEqual(c.accounts.map((a) => a.id).sort());
    const byStatus = (status: string) => idsOf(c.accounts.filter((a) => a.status === status));
    const known = { all: c.accounts.length, pending: byStatus('pending'), active: byStatus('active').length };
    if (fd.control) expect(known).toEqual({ all: 13, pending: [pending.id], active: 12 });
    for (const status of ['pending', 'active']) {
      const res = await list({ status });
      expect(res.status, `status=${status}`).toBe(200);
      expect(ids(res), `status=${status}: exactly the ${status} accounts`).toEqual(byStatus(status));
      expect(ids(res).length, `status=${status} narrows the list`).toBeLessThan(ids(all).length);
    }
  },
);

test(
  'account_type lists exactly the accounts of that type: savings the two savings accounts @assumption',
  rules('FD-ACCT-FILTER-TYPE:accept', 'FD-ACCT-FILTER-TYPE:refuse'),
  async ({ fdApi, fd, linkedCustomer: c }) => {
    // seed 002: the list filters by account type. The provider documents "ava" as the supported
    // value; that the AccountType values filter by type is this contract's assumption.
    c.account('savings');
    const list = (query: Record<string, string>) => fdApi.call('GetCustomerAccounts', { path: { customerId: c.customerId }, query });
    const of = (type: string, status?: string) => idsOf(c.accounts.filter((a) => a.type === type && (!status || a.status === status)));
    if (fd.control) {
      const seen = { savings: of('savings').length, checking: of('checking').length, pendingChecking: of('checking', 'pending').length };
      expect(seen, 'the known portfolio').toEqual({ savings: 2, checking: 3, pendingChecking: 1 });
      const at = c.accounts.filter((a) => a.type === 'savings').map((a) => a.institutionId);
      expect(at.sort(), 'one savings account at each FinBank').toEqual(['101732', '102105']);
    }
    // Every type the portfolio holds, not a few: a type that is the head or the tail of another in any case (loan of studentLoan)
    // lists its own accounts only, whatever a loose match would add (seed 002, Accounts: the list filtered by account type).
    const types = [...new Set(c.accounts.map((a) => a.type))].sort();
    const cases: [Record<string, string>, string[]][] = [
      ...types.map((type): [Record<string, string>, string[]] => [{ account_type: type }, of(type)]),
      [{ account_type: 'checking', status: 'pending' }, of('checking', 'pending')],
    ];
    for (const [query, expected] of cases) {
      const res = await list(query);
      const what = new URLSearchParams(query).toString();
      // provider 1.35.0 AccountTypeParameter: "Currently supported types: ava"; another is not supported (its 400).
      if (res.status === 400) {
        expectFdError(res, 400, `${what}: a type the target does not support`);
        continue;
      }
      expect(res.status, what).toBe(200);
      expect(ids(res), `${what}: exactly those accounts`).toEqual(expected);
      expect(ids(res).length, `${what} narrows the list`).toBeLessThan(c.accounts.length);
    }
  },
);

test(
  'an account_type outside the supported types is a 400 @provider',
  rules('FD-ACCT-TYPE-UNSUPPORTED'),
  async ({ fdApi, linkedCustomer: c }) => {
    // provider 1.35.0: AccountTypeParameter; 400 example "Bad request. (Account type not supported)".
    for (const account_type of ['savingsAccount', 'SAVINGS', 'ACH']) {
      const refused = await fdApi.call('GetCustomerAccounts', { path: { customerId: c.customerId }, query: { account_type } });
      expectFdError(refused, 400, `account_type=${account_type}`);
    }
  },
);

test(
  'an account id or institution login id that is not a string of digits is a 400 @assumption',
  rules('FD-ACCT-ID-FORMAT'),
  async ({ fdApi, linkedCustomer: c }) => {
    const { customerId } = c;
    for (const accountId of ['abc', '12ab', '-5'])
      for (const op of servedOnly(['GetCustomerAccount', 'GetCustomerAccountSimple', 'DeleteCustomerAccount'] as const))
        expectFdError(await fdApi.call(op, { path: { customerId, accountId } }), 400, `accountId ${accountId}`);
    for (const op of servedOnly([
      'GetCustomerAccountsByInstitutionLogin',
      'DeleteCustomerAccountsByInstitutionLogin',
      'MigrateInstitutionLoginAccounts',
    ] as const))
      expectFdError(await fdApi.call(op, { path: { customerId, institutionLoginId: 'login1' } }), 400, 'institutionLoginId login1');
  },
);
