// Covers: the account types GetAccountACHDetails, GetAccountPaymentInstructionDetails, GetAvailableBalance(Live)
// and GetLoanPaymentDetails serve - seed 002, Payments data (ACH: checking, savings, moneyMarket,
// certificateOfDeposit; v3 without it; balance: checking, savings, moneyMarket, cd; others 400); provider
// 1.35.0 loan payment details: mortgage, loan, studentLoan (lineOfCredit left unchecked).
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
