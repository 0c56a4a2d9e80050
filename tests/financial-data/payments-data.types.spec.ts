// Covers: GetAccountACHDetails, GetAccountPaymentInstructionDetails, GetAvailableBalanceLive,
// GetAvailableBalance, GetLoanPaymentDetails - the account types each serves. Seed 002, Payments
// data: "ACH details: supported account types checking, savings, moneyMarket, certificateOfDeposit.
// The v3 details ... supported types checking, savings, moneyMarket"; "Available balance supports
// checking, savings, moneyMarket, cd"; other types are a 400 (Errors). Loan payment details serve
// "a loan-type account" (provider 1.35.0): mortgage, loan, studentLoan; lineOfCredit is left
// unchecked (the provider does not say whether a credit line is a loan). The portfolio's cd is
// certificateOfDeposit. One test per operation and side; each type of the row is called in it.
import { changesLinkedCustomer, expect, expectFdError, rules, test, type FdOperationId } from '../../fixtures/financial-data.js';

/** The deposit types the ACH details and the balances serve, and the types none of them does. */
const DEPOSITS = ['checking', 'savings', 'moneyMarket', 'cd'];
const OTHERS = ['creditCard', 'investment', 'mortgage', 'loan'];
const ROWS: { op: FdOperationId; rule: string; accepted: string[]; refused: string[]; provider?: boolean }[] = [
  { op: 'GetAccountACHDetails', rule: 'FD-PAY-ACH-TYPES', accepted: DEPOSITS, refused: OTHERS },
  {
    op: 'GetAccountPaymentInstructionDetails',
    rule: 'FD-PAY-DETAILS-V3-TYPES',
    accepted: DEPOSITS.slice(0, 3),
    refused: ['cd', ...OTHERS],
  },
  { op: 'GetAvailableBalanceLive', rule: 'FD-PAY-BALANCE-TYPES@pay-live', accepted: DEPOSITS, refused: OTHERS },
  { op: 'GetAvailableBalance', rule: 'FD-PAY-BALANCE-TYPES@pay-cached', accepted: DEPOSITS, refused: OTHERS },
  {
    op: 'GetLoanPaymentDetails',
    rule: 'FD-PAY-LOAN-TYPES',
    accepted: ['mortgage', 'loan', 'studentLoan'],
    refused: ['checking', 'savings', 'creditCard', 'investment'],
    provider: true,
  },
];

/** `FD-X@path` -> `FD-X:side@path`. */
const sided = (citation: string, side: 'accept' | 'refuse') => citation.replace(/(@|$)/, `:${side}$1`);

for (const row of ROWS) {
  const tag = row.provider ? ' @provider' : '';

  test(
    `${row.op} answers 200 for ${row.accepted.join(', ')} accounts${tag}`,
    // A live balance is read from the institution (provider 1.35.0): it changes the linked customer's balance.
    row.op === 'GetAvailableBalanceLive' ? changesLinkedCustomer(rules(sided(row.rule, 'accept'))) : rules(sided(row.rule, 'accept')),
    async ({ fdApi, linkedCustomer }) => {
      for (const type of row.accepted) {
        const res = await fdApi.call(row.op, {
          path: { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account(type).id },
        });
        expect(res.status, `${row.op} of a ${type} account; body: ${res.text.slice(0, 200)}`).toBe(200);
      }
    },
  );

  test(
    `${row.op} refuses ${row.refused.join(', ')} accounts with 400${tag}`,
    rules(sided(row.rule, 'refuse')),
    async ({ fdApi, linkedCustomer }) => {
      for (const type of row.refused) {
        const res = await fdApi.call(row.op, {
          path: { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account(type).id },
        });
        expectFdError(res, 400, `a ${type} account is not supported`);
      }
    },
  );
}
