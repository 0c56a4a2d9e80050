// Covers: GetAccountDetailsByInstitutionLoginId and GetAccountDetailsByAccountId - seed 002, Payments data
// ("any or all of account simple details, ACH details, account owner and balance in one call"); provider
// 1.35.0 include (balanceDetails, paymentInstruction, accountIdentity; else 400, 12019), a section an
// account cannot give under its errors, PaymentEnablementBundle accountCount, the success counts and
// errorCount. A named section is present or an error; one not named is absent. Read-only.
import { expect, expectFdError, mockOnly, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { BOTH, cite } from './cite.js';

const SECTIONS = ['balanceDetails', 'paymentInstruction', 'accountIdentity'] as const;

/** For each section: present, failed (listed in errors) or absent, for one account of the bundle. */
function sectionsOf(account: any): Record<string, 'present' | 'failed' | 'absent'> {
  const failed = new Set((account.errors ?? []).map((e: any) => e.fieldName ?? e.fieldError));
  return Object.fromEntries(SECTIONS.map((s) => [s, account[s] !== undefined ? 'present' : failed.has(s) ? 'failed' : 'absent']));
}

type Checking = { id: string; institutionLoginId: number };
/** The bundle of the checking account, read by account or by its login, with a query. */
const bundle = (
  fdApi: OperationClient,
  where: 'peb-account' | 'peb-login',
  customerId: string,
  checking: Checking,
  query: { include: string },
) =>
  where === 'peb-account'
    ? fdApi.call('GetAccountDetailsByAccountId', { path: { customerId, accountId: checking.id }, query })
    : fdApi.call('GetAccountDetailsByInstitutionLoginId', { path: { customerId, institutionLoginId: checking.institutionLoginId }, query });

const CASES: { include: string; named: string[] }[] = [
  { include: 'balanceDetails', named: ['balanceDetails'] },
  { include: 'paymentInstruction,accountIdentity', named: ['paymentInstruction', 'accountIdentity'] },
  { include: 'accountIdentity', named: ['accountIdentity'] },
];

for (const where of ['peb-account', 'peb-login'] as const) {
  test(
    `include narrows the bundle (${where}): each named section comes back, no other`,
    rules(`FD-PAY-PEB-INCLUDE:accept@pay-${where}`, `FD-PAY-PEB-INCLUDE:refuse@pay-${where}`),
    async ({ fdApi, linkedCustomer }) => {
      const checking = linkedCustomer.account('checking');
      const customerId = linkedCustomer.customerId;
      for (const { include, named } of CASES) {
        const res = await bundle(fdApi, where, customerId, checking, { include });
        expect(res.status, `include=${include}`).toBe(200);
        const mine = (res.body.accounts as any[]).find((a) => String(a.id) === checking.id);
        expect(mine, `include=${include}: the checking account is listed`).toBeDefined();
        const seen = sectionsOf(mine);
        for (const s of SECTIONS) {
          if (named.includes(s)) expect(seen[s], `include=${include}: ${s} of the checking account`).not.toBe('absent');
          else expect(seen[s], `include=${include}: ${s} not asked for`).toBe('absent');
        }
        // Not asked for on any account of the answer; asked for, present or listed under the
        // account's errors by its section name on every account (a refused one names it too).
        for (const account of res.body.accounts as any[]) {
          for (const s of SECTIONS.filter((x) => !named.includes(x)))
            expect(account[s], `include=${include}: ${s} of account ${account.id}`).toBeUndefined();
          const each = sectionsOf(account);
          for (const s of named) expect(each[s], `include=${include}: ${s} of account ${account.id}`).not.toBe('absent');
        }
      }
    },
  );
}

test(
  'include accepts the three section names, with spaces after commas, and refuses any other name with 400, on both bundle reads @provider',
  rules(...cite('FD-PAY-PEB-INCLUDE-VALUES', ['pay-peb-account', 'pay-peb-login'], BOTH)),
  async ({ fdApi, linkedCustomer }) => {
    const checking = linkedCustomer.account('checking');
    const customerId = linkedCustomer.customerId;
    // provider 1.35.0: both reads take the same IncludeParameter and the same 400 response.
    const read = (include: string) =>
      (['peb-account', 'peb-login'] as const).map((w) => bundle(fdApi, w, customerId, checking, { include }));
    for (const include of [...SECTIONS, 'balanceDetails, paymentInstruction, accountIdentity']) {
      for (const res of await Promise.all(read(include))) expect(res.status, `${res.operation.operationId} include=${include}`).toBe(200);
    }
    for (const include of ['accountDetails', 'balance', 'balanceDetails,owner']) {
      for (const res of await Promise.all(read(include))) expectFdError(res, 400, `include=${include}`);
    }
  },
);

test(
  'without include the mock partner gets simple details, ACH details, owner and balance of a checking account @assumption @mock-only',
  mockOnly(
    rules('FD-PAY-PEB-DEFAULT-ALL'),
    "needs the mock partner's setup (all four bundle sections by default): which sections a sandbox partner gets without include is decided by its initial setup (seed 002, Payments data)",
  ),
  async ({ fdApi, fdMock: _mock, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const res = await fdApi.call('GetAccountDetailsByAccountId', { path });
    expect(res.status).toBe(200);
    const account = res.body.accounts[0];
    expect({ accountDetails: account.accountDetails !== undefined, ...sectionsOf(account) }).toEqual({
      accountDetails: true,
      balanceDetails: 'present',
      paymentInstruction: 'present',
      accountIdentity: 'present',
    });
  },
);

/** The account types the seed's payments data serves (seed 002, Payments data: ACH details). */
const PAYMENT_TYPES = ['checking', 'savings', 'moneyMarket', 'cd'];

test(
  "the bundle by login lists every active account of the login and none of the customer's other logins",
  rules('FD-PAY-PEB-LOGIN-ACCOUNTS'),
  async ({ fdApi, linkedCustomer }) => {
    const checking = linkedCustomer.account('checking');
    const login = checking.institutionLoginId;
    const res = await bundle(fdApi, 'peb-login', linkedCustomer.customerId, checking, { include: 'paymentInstruction' });
    expect(res.status).toBe(200);
    const listed = new Set((res.body.accounts as any[]).map((a) => String(a.id)));
    // Which accounts of the login the bundle holds, no document lists: it bundles the payments data (seed 002, Payments data:
    // ACH details for checking, savings, moneyMarket and certificateOfDeposit accounts), so every active account of those types
    // is held; one of another type (a card, a loan, an investment) a target may list with its sections' errors, or leave out.
    const active = linkedCustomer.accounts
      .filter((a) => a.institutionLoginId === login && a.status === 'active' && PAYMENT_TYPES.includes(a.type))
      .map((a) => a.id);
    const others = linkedCustomer.accounts.filter((a) => a.institutionLoginId !== login).map((a) => a.id);
    const stray = active.filter((id) => !listed.has(id));
    expect(stray, 'active accounts of the login missing').toEqual([]);
    const offending = others.filter((id) => listed.has(id));
    expect(offending, 'accounts of other logins listed').toEqual([]);
    const shown = (res.body.accounts as any[]).every((a) => Number(a.institutionLoginId) === login);
    expect(shown, 'every account names the login').toBe(true);
  },
);

// provider 1.35.0 PEBAccountDetails: institutionName is the InstitutionName ("the name of the institution") of the account's
// own institutionId, the name GetInstitution gives it, on both bundle reads (each answers a PaymentEnablementBundle of
// PEBAccountDetails). Judged on every login of the customer: one customer holds accounts at several institutions (seed 002,
// Accounts: GetCustomerAccountsByInstitution reads them institution by institution), and a name carried from one login's
// institution to another login's shows only on the second.
test(
  'on every login of the customer and on every account read alone, each account of the bundle names its own institution by the name GetInstitution gives @provider',
  rules('FD-PAY-PEB-INSTITUTION'),
  async ({ fdApi, linkedCustomer }) => {
    const customerId = linkedCustomer.customerId;
    const logins = [...new Set(linkedCustomer.accounts.map((a) => a.institutionLoginId))];
    const institutions = new Set(linkedCustomer.logins.map((l) => l.institutionId)).size;
    const names = new Map<string, unknown>();
    /** What each account of the answers names otherwise than GetInstitution names its institutionId. */
    const misnamed = async (answers: { what: string; accounts: any[] }[]) => {
      for (const id of new Set(answers.flatMap((x) => x.accounts.map((a) => String(a.institutionId))))) {
        if (names.has(id)) continue;
        const inst = await fdApi.call('GetInstitution', { path: { institutionId: id } });
        expect(inst.status, `GetInstitution ${id}`).toBe(200);
        names.set(id, inst.body.institution.name);
      }
      return answers.flatMap(({ what, accounts }) =>
        accounts
          .filter((a) => a.institutionName !== names.get(String(a.institutionId)))
          .map(
            (a) =>
              `${what}: account ${a.id} institutionName: received ${JSON.stringify(a.institutionName)} / documented ${JSON.stringify(names.get(String(a.institutionId)))}, the name GetInstitution gives institution ${a.institutionId}`,
          ),
      );
    };
    const byLogin: { what: string; accounts: any[] }[] = [];
    for (const institutionLoginId of logins) {
      const query = { include: 'balanceDetails' };
      const res = await fdApi.call('GetAccountDetailsByInstitutionLoginId', { path: { customerId, institutionLoginId }, query });
      expect(res.status, `bundle of login ${institutionLoginId}`).toBe(200);
      byLogin.push({ what: `login ${institutionLoginId}`, accounts: res.body.accounts ?? [] });
    }
    const told = `${logins.length} logins at ${institutions} institutions: each account names its own institution`;
    expect(await misnamed(byLogin), `bundle by login, ${told}`).toEqual([]);
    // One active account of each login read alone, all sections: the bundle by account names its institution the same way.
    const byAccount: { what: string; accounts: any[] }[] = [];
    const active = linkedCustomer.accounts.filter((a) => a.status === 'active');
    for (const id of new Map(active.map((a) => [a.institutionLoginId, a.id])).values()) {
      const res = await fdApi.call('GetAccountDetailsByAccountId', { path: { customerId, accountId: id } });
      expect(res.status, `bundle of account ${id}`).toBe(200);
      byAccount.push({ what: `account ${id}`, accounts: res.body.accounts ?? [] });
    }
    expect(await misnamed(byAccount), `bundle by account, ${told}`).toEqual([]);
  },
);

/** No include, each section alone, two together, all three. */
const INCLUDES: (string | undefined)[] = [undefined, ...SECTIONS, 'paymentInstruction,accountIdentity', SECTIONS.join(',')];

/** What is wrong with the counts of one bundle answer: each is compared with what the answer lists. */
function countsWrong(res: { status: number; body: any }, what: string): string[] {
  if (res.status !== 200) return [`${what}: ${res.status}`];
  const accounts: any[] = res.body.accounts ?? [];
  const carrying = (s: string) => accounts.filter((a) => a[s] !== undefined).length;
  const expected: Record<string, number> = {
    errorCount: accounts.reduce((n, a) => n + (a.errors?.length ?? 0), 0),
    accountCount: accounts.length,
    balanceDetailsSuccessCount: carrying('balanceDetails'),
    paymentInstructionSuccessCount: carrying('paymentInstruction'),
    accountIdentitySuccessCount: carrying('accountIdentity'),
  };
  // Counts other than errorCount are optional (provider 1.35.0): compared when given.
  return Object.entries(expected)
    .filter(([count, value]) => res.body[count] !== undefined && res.body[count] !== value)
    .map(([count, value]) => `${what}: ${count} ${res.body[count]}, the answer lists ${value}`);
}

test(
  'on every login and under every include, and on every account read alone, the bundle counts what it lists: accounts, the accounts carrying each section, the section errors @provider',
  rules('FD-PAY-PEB-COUNTS'),
  async ({ fdApi, linkedCustomer }) => {
    const wrong: string[] = [];
    const customerId = linkedCustomer.customerId;
    const logins = [...new Set(linkedCustomer.accounts.map((a) => a.institutionLoginId))];
    for (const institutionLoginId of logins) {
      for (const include of INCLUDES) {
        const query = include === undefined ? {} : { include };
        const res = await fdApi.call('GetAccountDetailsByInstitutionLoginId', { path: { customerId, institutionLoginId }, query });
        wrong.push(...countsWrong(res, `login ${institutionLoginId}, include ${include ?? '(none)'}`));
      }
    }
    // The bundle by account, all sections (no include), for one account of each type: the types
    // without ACH details or a balance are the ones whose refused sections a count could take in.
    const byType = [...new Map(linkedCustomer.accounts.map((a) => [a.type, a])).values()];
    for (const account of byType) {
      const res = await fdApi.call('GetAccountDetailsByAccountId', { path: { customerId, accountId: account.id } });
      wrong.push(...countsWrong(res, `account ${account.id} (${account.type})`));
    }
    const counted = `${logins.length} logins x ${INCLUDES.length} includes, ${byType.length} accounts alone: every count is the set it counts`;
    expect(wrong, counted).toEqual([]);
  },
);
