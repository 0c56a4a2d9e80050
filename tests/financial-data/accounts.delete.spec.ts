// Covers: DeleteCustomerAccountsByInstitutionLogin, DeleteCustomerAccount and every account reader, full
// and simple - seed 002, Accounts ("delete of an institution login or an account removes access to that
// data only; other permissioned accounts stay accessible") and Errors 404: what was deleted is 404 by id
// and absent from every list, every other account reads as before, a second delete is a 404.
import {
  expect,
  expectFdError,
  expectToBe,
  expectToEqual,
  ownLinkedCustomer,
  rules,
  test,
  type LinkedCustomer,
  type OperationClient,
  underRule,
} from '../../fixtures/financial-data.js';
import { type Acct, OPERATION, READERS, scopesOf } from './accounts.known.js';
import { cite } from './cite.js';

/** Every refresh of one institution login (seed 002, Accounts: v1 and v2, each documenting a 404): FD-ACCT-DELETE-AGAIN's. */
const LOGIN_REFRESHES = ['RefreshCustomerAccountsByInstitutionLogin', 'RefreshCustomerAccountsByInstitutionLoginV2'] as const;

/**
 * Reads every reader for every scope of the ORIGINAL portfolio and compares with the accounts left:
 * each reader shows exactly the remaining accounts of its scope; a by-id read of a deleted account
 * is 404; a login list of a deleted login is 404; an institution list left empty may be 404.
 */
async function expectExactlyRemaining(fdApi: OperationClient, c: LinkedCustomer, remaining: Acct[], deletedLogins: number[] = []) {
  for (const reader of READERS) {
    const op = OPERATION[reader];
    for (const { scope, path, shown: expected } of scopesOf(c, reader, remaining)) {
      const res = await fdApi.call(op, { path });
      const gone = reader.startsWith('acct-get')
        ? !remaining.some((a) => a.id === path.accountId)
        : reader.startsWith('acct-by-login') && deletedLogins.includes(Number(path.institutionLoginId));
      if (gone) {
        expectFdError(res, 404, `${scope}, deleted`);
        continue;
      }
      if (expected.length === 0 && reader.startsWith('acct-by-institution') && res.status === 404) continue; // no account left there
      // Step-free when they hold (fixtures/assertions/quiet.ts): every reader of every scope, after each delete.
      expectToBe(res.status, 200, `${op} ${scope}`);
      const ids = (reader.startsWith('acct-get') ? [res.body] : res.body.accounts).map((a: any) => String(a.id)).sort();
      expectToEqual(ids, expected.map((a) => a.id).sort(), `${op} ${scope}: exactly the remaining accounts`);
    }
  }
}

test(
  'deleting an institution login removes its accounts from every reader and keeps every other account readable',
  rules(...cite('FD-ACCT-DELETE-LOGIN', READERS), ...cite('FD-ACCT-DELETE-KEEPS-OTHERS', READERS), 'FD-ACCT-DELETE-AGAIN'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const login = c.logins.find((l) => l.institutionId === '102105')!;
    const { customerId } = c;
    const path = { customerId, institutionLoginId: String(login.id) };
    // Before: the login's accounts are read, so their absence after is the delete's doing.
    await expectExactlyRemaining(fdApi, c, c.accounts);
    expect((await fdApi.call('DeleteCustomerAccountsByInstitutionLogin', { path })).status).toBe(204);
    const remaining = c.accounts.filter((a) => a.institutionLoginId !== login.id);
    expect(c.accounts.length - remaining.length, 'FinBank B login held five accounts').toBe(5);
    await expectExactlyRemaining(fdApi, c, remaining, [login.id]);
    const again = await fdApi.call('DeleteCustomerAccountsByInstitutionLogin', { path, negative: true });
    underRule(test.info(), 'FD-ACCT-DELETE-AGAIN', () => expectFdError(again, 404, 'second delete of the login'));
    // Every refresh of the login (seed 002, Accounts: v1 and v2 each document a 404, and the delete removed access to the
    // login): each of the deleted login a 404.
    for (const op of LOGIN_REFRESHES) {
      const res = await fdApi.call(op, { path, negative: true });
      underRule(test.info(), 'FD-ACCT-DELETE-AGAIN', () => expectFdError(res, 404, `${op}: refresh of the deleted login`), op);
    }
  },
);

test(
  'deleting an account removes it from every reader and keeps the other accounts, of its login too, readable',
  rules(...cite('FD-ACCT-DELETE-ACCOUNT', READERS), ...cite('FD-ACCT-DELETE-KEEPS-OTHERS', READERS), 'FD-ACCT-DELETE-AGAIN'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const savings = c.account('savings');
    expect(savings.institutionId, 'the FinBank A savings account').toBe('101732');
    const path = { customerId: c.customerId, accountId: savings.id };
    expect((await fdApi.call('GetCustomerAccount', { path })).status).toBe(200);
    expect((await fdApi.call('DeleteCustomerAccount', { path })).status).toBe(204);
    await expectExactlyRemaining(
      fdApi,
      c,
      c.accounts.filter((a) => a.id !== savings.id),
    );
    expectFdError(await fdApi.call('DeleteCustomerAccount', { path, negative: true }), 404, 'second delete of the account');
  },
);
