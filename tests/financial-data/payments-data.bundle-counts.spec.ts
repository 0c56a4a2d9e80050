// Covers: GetAccountDetailsByInstitutionLoginId and GetAccountDetailsByAccountId, the counts of the
// payment enablement bundle under every include and on every login of the linked customer, and on
// every account of it read alone (each account type: a type refused a section lists it under its
// errors, and no success count counts it) - provider 1.35.0 PaymentEnablementBundle
// (accountCount, balanceDetailsSuccessCount, paymentInstructionSuccessCount,
// accountIdentitySuccessCount, errorCount) and IncludeParameter; seed 002, Payments data (query
// include). payments-data.bundle.spec.ts compares the counts with the list of one login without
// include; here each count is compared with what the answer lists when include narrows the sections
// (a section not asked for is carried by no account, so its count is 0) and on each login. Read-only:
// runs on a sandbox against FD_LINKED_CUSTOMER_ID too.
import { expect, rules, test } from '../../fixtures/financial-data.js';

const SECTIONS = ['balanceDetails', 'paymentInstruction', 'accountIdentity'] as const;
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
        const res = await fdApi.call('GetAccountDetailsByInstitutionLoginId', {
          path: { customerId, institutionLoginId },
          query: include === undefined ? {} : { include },
        });
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
    expect(
      wrong,
      `${logins.length} logins x ${INCLUDES.length} includes, ${byType.length} accounts alone: every count is the set it counts`,
    ).toEqual([]);
  },
);
