// Covers: GetAccountDetailsByInstitutionLoginId, the counts of the payment enablement bundle under
// every include and on every login of the linked customer - provider 1.35.0 PaymentEnablementBundle
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

test(
  'on every login and under every include, the bundle counts what it lists: accounts, the accounts carrying each section, the section errors @provider',
  rules('FD-PAY-PEB-COUNTS'),
  async ({ fdApi, linkedCustomer }) => {
    const wrong: string[] = [];
    const logins = [...new Set(linkedCustomer.accounts.map((a) => a.institutionLoginId))];
    for (const institutionLoginId of logins) {
      for (const include of INCLUDES) {
        const res = await fdApi.call('GetAccountDetailsByInstitutionLoginId', {
          path: { customerId: linkedCustomer.customerId, institutionLoginId },
          query: include === undefined ? {} : { include },
        });
        const what = `login ${institutionLoginId}, include ${include ?? '(none)'}`;
        if (res.status !== 200) {
          wrong.push(`${what}: ${res.status}`);
          continue;
        }
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
        for (const [count, value] of Object.entries(expected))
          if (res.body[count] !== undefined && res.body[count] !== value)
            wrong.push(`${what}: ${count} ${res.body[count]}, the answer lists ${value}`);
      }
    }
    expect(wrong, `${logins.length} logins x ${INCLUDES.length} includes: every count is the set it counts`).toEqual([]);
  },
);
