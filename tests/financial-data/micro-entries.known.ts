// Shared by the micro entries specs (tests/financial-data/micro-entries.*.spec.ts): a receiving account
// of the initiation body, the details read and the verification, and the amounts deposited as the
// mock's harness route gives them (GET /__mock/micro-entries/{accountId}, no part of the contract). Not a spec.
import type { OperationClient } from '../../fixtures/financial-data.js';

// Twelve digits, new for each call of a worker: a counter beside the time, so that two numbers made in the
// same millisecond differ (a number used twice is the same account: its entries pending, a 409). Its last
// four start with zeros, so that a last four read as a number (42 for 0042) is seen. Sensitive: the client
// flags any echo.
let accountSeq = 0;
const newAccountNumber = () =>
  `66${String(Date.now()).slice(-4)}${String(accountSeq++ % 100).padStart(2, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
/** A receiving account (provider 1.35.0 Receiver) with a full account number of its own. */
export const receiver = (overrides: Record<string, unknown> = {}) => ({
  routingNumber: '011000015',
  accountNumber: newAccountNumber(),
  accountType: 'personalSavings',
  name: 'Micro Initiate',
  memo: 'validation',
  ...overrides,
});
export const readDetails = (fdApi: OperationClient, customerId: string, accountId: string) =>
  fdApi.call('GetMicroDepositsDetails', { path: { customerId, accountId } });
export const verifyAmounts = (fdApi: OperationClient, customerId: string, accountId: string, amounts: number[]) =>
  fdApi.call('VerifyMicroAmountDeposits', { path: { customerId, accountId }, body: { amounts } });
/** The amounts deposited, through the mock's harness route. */
export const amountsOf = async (origin: string, accountId: string) =>
  ((await (await fetch(`${origin}/__mock/micro-entries/${accountId}`)).json()) as { amounts: number[] }).amounts;
