// Covers: MigrateInstitutionLoginAccounts - seed 002, Accounts ("migration moves accounts from a
// legacy institution connection to the OAuth connection and returns the accounts of that login").
// The mock's portfolio has one legacy login (Harbor Savings, institution 170778) holding a checking
// account: its migration answers exactly that login's accounts, which stay readable afterwards.
// Changes data: mock only.
import { underRule } from '../../helpers/client/annotations.js';
import { expect, mockOnly, rules, test } from '../../fixtures/financial-data.js';

test(
  'migrating the legacy login answers 200 with exactly its accounts, which stay readable',
  mockOnly(
    rules('FD-ACCT-MIGRATE', 'FD-ACCT-NUMBER-DISPLAY@acct-migrate'),
    "needs a legacy (non-OAuth) login the check may migrate and whose account it deletes: the mock's world has one per worker; a sandbox's is on the prepared linked customer every worker reads",
  ),
  async ({ fdApi, fdMock: _mock, linkedCustomer: c }) => {
    const legacy = c.logins.find((l) => l.legacy);
    expect(legacy?.institutionId, 'the legacy login of the portfolio').toBe('170778');
    const mine = c.accounts.filter((a) => a.institutionLoginId === legacy!.id);
    expect(mine.map((a) => a.type)).toEqual(['checking']);
    const path = { customerId: c.customerId, institutionLoginId: String(legacy!.id) };
    const res = await fdApi.call('MigrateInstitutionLoginAccounts', { path });
    expect(res.status).toBe(200);
    const answered = (res.body.accounts as any[]).map((a) => String(a.id));
    expect(answered.sort(), 'exactly the accounts of the migrated login').toEqual(mine.map((a) => a.id).sort());
    // The accounts whose display is not the linked one (an assumption), judged last: the seed's judgements run first.
    const displayedOtherwise: string[] = [];
    for (const rec of res.body.accounts as any[]) {
      const a = mine.find((x) => x.id === String(rec.id))!;
      // provider 1.35.0 CustomerAccount.number may show the whole number or some digits masked: only the display is judged.
      if (rec.accountNumberDisplay !== a.numberLast4) displayedOtherwise.push(String(rec.id));
      expect(rec.institutionLoginId, 'the login the accounts were read under').toBe(legacy!.id);
    }
    for (const a of mine) {
      const read = await fdApi.call('GetCustomerAccount', { path: { customerId: c.customerId, accountId: a.id } });
      expect(read.status, `account ${a.id} after the migration`).toBe(200);
    }
    const byLogin = await fdApi.call('GetCustomerAccountsByInstitutionLogin', { path });
    const listed = (byLogin.body.accounts as any[] | undefined)?.map((a) => String(a.id)).sort();
    expect(listed, 'the login lists its accounts after the migration').toEqual(mine.map((a) => a.id).sort());
    const what = 'the accounts answered with an accountNumberDisplay other than the linked one';
    underRule(test.info(), 'FD-ACCT-NUMBER-DISPLAY', () => expect(displayedOtherwise, what).toEqual([]), 'MigrateInstitutionLoginAccounts');
  },
);
