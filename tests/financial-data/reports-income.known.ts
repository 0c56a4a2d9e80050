// Shared by the income report specs: a customer ready for income reports, a pay statement to store,
// the known answers read through the API (the customer's payroll deposits), and generate-then-read.
// Known data (mocks/financial-data/portfolio.ts): a linked customer's deposits described "Payroll
// Deposit" with a positive amount are its pay; the mock's income reports read them on the active
// checking, savings and money market accounts (mocks/financial-data/reports/income.ts).
import { expect, newConsumer, PAYSTUB, paystubPdf, type OperationClient, type Paystub } from '../../fixtures/financial-data.js';

export { PAYSTUB, paystubPdf, type Paystub };
export { generated, generatedAll } from './reports.known.js';
import { DAY_S, lister, readAll, wholeHistory } from './transactions.known.js';

export const PAYROLL_DESCRIPTION = 'Payroll Deposit';
const DEPOSIT_TYPES = new Set(['checking', 'savings', 'moneyMarket']);

/** Stores a pay statement for the customer and returns its asset id. */
export async function storePaystub(
  fdApi: OperationClient,
  customerId: string,
  p: Paystub = PAYSTUB,
  label = 'lastPayPeriod',
): Promise<string> {
  const res = await fdApi.call('StoreCustomerPayStatement', { path: { customerId }, body: { label, statement: paystubPdf(p) } });
  expect(res.status, 'StoreCustomerPayStatement stores the pay statement').toBe(200);
  return res.body.assetId as string;
}

/** Gives the customer a consumer (reports need one); returns the consumer sent. */
export async function addConsumer(fdApi: OperationClient, customerId: string) {
  const consumer = newConsumer();
  const res = await fdApi.call('CreateConsumer', { path: { customerId }, body: consumer });
  expect(res.status, 'CreateConsumer').toBe(201);
  return consumer;
}

/**
 * The customer's payroll deposits as the transaction list shows them (the known answer): active
 * credits described as pay on its active checking, savings and money market accounts, oldest first.
 */
export async function payrollDeposits(
  fdApi: OperationClient,
  customerId: string,
  accounts: { id: string; type: string; status: string }[],
  nowS: number,
) {
  const deposit = new Set(accounts.filter((a) => DEPOSIT_TYPES.has(a.type) && a.status === 'active').map((a) => a.id));
  const createdDate = Math.min(...accounts.map((a) => Number((a as { createdDate?: number }).createdDate ?? nowS)));
  const all = await readAll(lister(fdApi, customerId, ''), 'GetAllCustomerTransactions', wholeHistory(createdDate, nowS));
  return all
    .filter(
      (t) => deposit.has(String(t.accountId)) && t.status === 'active' && Number(t.amount) > 0 && t.description === PAYROLL_DESCRIPTION,
    )
    .sort((a, b) => a.postedDate - b.postedDate || a.id - b.id) as {
    id: number;
    accountId: string;
    amount: number;
    postedDate: number;
    transactionDate?: number;
    description: string;
  }[];
}

/**
 * Gives the customer a newest payroll deposit on the account whose transaction date is the day
 * before its posted date (seed 002, Transactions: a transaction has both dates, and they may
 * differ), injected with CreateTxPushTestTransaction (testing accounts; provider 1.35.0
 * TestTxPushTransaction takes both dates). The linked data's newest deposit may carry the same
 * date twice, or no transaction date, so a report that takes one date for the other could not be
 * told apart on it.
 */
export async function newestPayrollDeposit(fdApi: OperationClient, customerId: string, accountId: string, nowS: number) {
  const body = { amount: 1843.27, description: PAYROLL_DESCRIPTION, postedDate: nowS, transactionDate: nowS - DAY_S };
  const res = await fdApi.call('CreateTxPushTestTransaction', { path: { customerId, accountId }, body });
  expect(res.status, `CreateTxPushTestTransaction injects the payroll deposit; body ${res.text.slice(0, 200)}`).toBe(201);
  return { id: Number(res.body.id), ...body };
}

type Account = { id: string; type: string; status: string; createdDate: number };

/**
 * A new linked customer with a consumer whose payroll deposits land on more than one deposit
 * account (so that a report reading only the first account is told apart). Linked through the mock's
 * control surface; a target may link different data to each customer, so a few customers may be tried.
 */
export async function customerWithPay(
  fdApi: OperationClient,
  nowS: number,
  createCustomer: () => Promise<string>,
  link: (customerId: string) => Promise<{ accounts: Account[] }>,
) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const customerId = await createCustomer();
    const { accounts } = await link(customerId);
    const deposits = await payrollDeposits(fdApi, customerId, accounts, nowS);
    if (new Set(deposits.map((d) => d.accountId)).size < 2) continue;
    const consumer = await addConsumer(fdApi, customerId);
    return { customerId, accounts, deposits, consumer };
  }
  throw new Error('no linked customer of eight had payroll deposits on two deposit accounts');
}

/**
 * The kind of report an ack names is the kind its read keeps (FD-INCOME-REPORT-TYPE): a type, and a
 * report style where the ack gives one. Which type and style an operation makes is shown only by one
 * example ack each (provider 1.35.0 *ResponseExample), so the values themselves are not pinned.
 */
export function expectSameKind(ack: { type?: unknown; reportStyle?: unknown }, report: { type?: unknown; reportStyle?: unknown }) {
  const shownKind = { type: report.type, reportStyle: ack.reportStyle === undefined ? undefined : report.reportStyle };
  expect(shownKind, 'the read keeps the kind of report its ack names').toEqual({ type: ack.type, reportStyle: ack.reportStyle });
  expect(typeof ack.type === 'string' && ack.type !== '', 'the ack names a type').toBe(true);
}

/** Every member name of a JSON value, with its path (for "no amount anywhere"). */
export function memberPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => memberPaths(v, `${at}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [`${at}/${k}`, ...memberPaths(v, `${at}/${k}`)]);
  return [];
}
