// Covers: GetCustomerAccountStatement (v1) and GetCustomerAccountMultipleStatement (v3) - seed 002,
// Statements (200 PDF; 203 MFA; statements for checking, savings, money market, CDs, investments,
// mortgage, credit cards, loans, line of credit and student loans; up to 24 months) and Errors 203;
// provider 1.35.0 StatementIndexParameter (1 to 24, default 1, the most recent) and the PDF body
// (application/octet-stream there, application/pdf in the seed: both accepted).
import { expect, expectFdError, mockOnly, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import { oneOfEachType } from './statements.known.js';

/** The account types the seed names, as the portfolio types them (seed 002, Resources - Account). */
const SEED_TYPES = [
  'checking',
  'savings',
  'moneyMarket',
  'cd',
  'investment',
  'mortgage',
  'creditCard',
  'loan',
  'lineOfCredit',
  'studentLoan',
];
const PDF_ACCEPT = { accept: 'application/pdf, application/octet-stream' };

/** A v1 statement: 200, a PDF media type, bytes starting with %PDF-. Returns its text. */
async function pdfOf(fdApi: OperationClient, path: { customerId: string; accountId: string }, index?: number): Promise<string> {
  const res = await fdApi.call('GetCustomerAccountStatement', { path, query: { index }, headers: PDF_ACCEPT });
  expect(res.status, `statement ${index ?? '(default)'} of account ${path.accountId}`).toBe(200);
  const mediaType = (res.headers['content-type'] ?? '').split(';')[0].trim();
  expect(['application/pdf', 'application/octet-stream'], 'a PDF media type').toContain(mediaType);
  expect(res.text.slice(0, 5), 'seed 002: the statement is a PDF (%PDF- header)').toBe('%PDF-');
  return res.text;
}

test(
  'every account type the seed names has a PDF statement and statement details @smoke',
  rules('FD-STMT-PDF', 'FD-STMT-ACCOUNT-TYPES@stmt-v1', 'FD-STMT-ACCOUNT-TYPES@stmt-v3'),
  async ({ fdApi, linkedCustomer }) => {
    for (const type of SEED_TYPES) {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account(type).id };
      await pdfOf(fdApi, path, 1);
      const details = await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index: '1' } });
      expect(details.status, `${type}: statement details`).toBe(200);
      const listed = details.body.statements.map((s: { index: string }) => s.index);
      expect(listed, `${type}: one detail of index 1`).toEqual(['1']);
    }
  },
);

// provider 1.35.0 StatementIndexParameter: "request statements from 1-24", maximum 24. Seed 002, Statements: "up to 24 months
// depending on the institution": an account whose institution holds fewer has no statement 24, a 404 (statement not found, as
// the provider's multiple-statement example shows a detail of code 960), never the range's 400.
test(
  'index 1 is served and 24 is within the range (its statement, or not found where the institution holds fewer); 0 and 25 are refused with 400, on every account type @provider',
  rules('FD-STMT-INDEX-RANGE:accept', 'FD-STMT-INDEX-RANGE:refuse'),
  async ({ fdApi, linkedCustomer }) => {
    for (const { type, path } of oneOfEachType(linkedCustomer)) {
      const first = await pdfOf(fdApi, path, 1);
      const held = await fdApi.call('GetCustomerAccountStatement', { path, query: { index: 24 }, headers: PDF_ACCEPT });
      if (held.status === 404) expectFdError(held, 404, `${type}: index 24, a month the institution does not hold`);
      else expect(await pdfOf(fdApi, path, 24), `${type}: index 24 is another statement than index 1`).not.toBe(first);
      for (const index of [0, 25]) {
        const refusal = await fdApi.call('GetCustomerAccountStatement', { path, query: { index }, headers: PDF_ACCEPT });
        expectFdError(refusal, 400, `${type}: index ${index}`);
      }
    }
  },
);

// provider 1.35.0: index default 1 ("by default, 1 is the most recent statement").
test(
  'without index, v1 gives the statement of index 1 and v3 one detail of index 1, on every account type @provider',
  rules('FD-STMT-DEFAULT-INDEX@stmt-v1', 'FD-STMT-DEFAULT-INDEX@stmt-v3'),
  async ({ fdApi, linkedCustomer }) => {
    for (const { type, path } of oneOfEachType(linkedCustomer)) {
      expect(await pdfOf(fdApi, path), `${type}: the default statement is the one of index 1`).toBe(await pdfOf(fdApi, path, 1));
      const details = await fdApi.call('GetCustomerAccountMultipleStatement', { path });
      expect(details.status, type).toBe(200);
      const shown = details.body.statements.map((s: { index: string }) => s.index);
      expect(shown, type).toEqual(['1']);
    }
  },
);

// seed 002, Statements (203 MFA) and Errors 203: the portfolio's FinBank B savings asks MFA.
test(
  'the account whose institution asks a multi-factor challenge answers 203 on v1 and v3, the others 200 @mock-only',
  mockOnly(
    rules('FD-STMT-MFA@stmt-v1', 'FD-STMT-MFA@stmt-v3'),
    "needs an account at an institution that asks a multi-factor challenge: the mock's world has one (FinBank Profiles - B); no variable names such an account on a sandbox, whose test institutions the suite does not know",
  ),
  async ({ fdApi, fdMock, linkedCustomer }) => {
    expect(fdMock).toBeTruthy();
    const mfa = linkedCustomer.accounts.find((a) => a.mfa)!;
    const path = { customerId: linkedCustomer.customerId, accountId: mfa.id };
    const v1 = await fdApi.call('GetCustomerAccountStatement', { path, query: { index: 1 }, headers: PDF_ACCEPT });
    const v3 = await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index: '1,2' } });
    expect([v1.status, v3.status], 'MFA account: v1, v3').toEqual([203, 203]);
    const other = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('savings').id };
    await pdfOf(fdApi, other, 1);
    const answered = (await fdApi.call('GetCustomerAccountMultipleStatement', { path: other, query: { index: '1,2' } })).status;
    expect(answered, 'the same customer without MFA').toBe(200);
  },
);
