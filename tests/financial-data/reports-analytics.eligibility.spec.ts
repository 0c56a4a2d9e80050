// Covers: which customers get the cash flow, balance analytics, cash flow analytics, payment history and
// foresight reports (DEPOSIT_OPS, FORESIGHT_OPS) - seed 002, Decisioning report generation: balance, cash
// flow analytics and payment history need a checking or savings account, otherwise 400 (provider 1.35.0:
// the cash flow reports too); foresight needs checking, credit card or savings. Each customer keeps only
// some accounts (DeleteCustomerAccount) and has a consumer and a business, so that only the account types
// are at stake. Mock-only: the accounts are linked and cut through the mock.
import { rules, test } from '../../fixtures/financial-data.js';
import { customerKeeping, DEPOSIT_OPS, expectStatus, FORESIGHT_OPS, requestOf } from './reports-analytics.known.js';

// Each row: the accounts the customer keeps, what every checking-or-savings report answers (none:
// not asked) and what foresight answers. The foresight-only refusal is judged without a consumer or
// a business, which foresight does not need.
const ROWS: { name: string; rules: string[]; kept: string[]; deposit?: number; foresight: number; bare?: true }[] = [
  {
    name: 'refuses every checking-or-savings report (400) for a customer left with a credit card, a mortgage and a money market account, while foresight takes the credit card (202)',
    rules: ['FD-CASHFLOW-ELIGIBLE:refuse', 'FD-ANALYTICS-ELIGIBLE:refuse', 'FD-FORESIGHT-ELIGIBLE:accept'],
    kept: ['creditCard', 'mortgage', 'moneyMarket'],
    deposit: 400,
    foresight: 202,
  },
  {
    name: 'refuses foresight (400) for a customer left with a mortgage and a money market account',
    rules: ['FD-FORESIGHT-ELIGIBLE:refuse'],
    kept: ['mortgage', 'moneyMarket'],
    foresight: 400,
    bare: true,
  },
  ...['checking', 'savings'].map((type) => ({
    name: `accepts every report (202) for a customer whose only account is a ${type} account`,
    rules: ['FD-CASHFLOW-ELIGIBLE:accept', 'FD-ANALYTICS-ELIGIBLE:accept', 'FD-FORESIGHT-ELIGIBLE:accept'],
    kept: [type],
    deposit: 202,
    foresight: 202,
  })),
];

for (const row of ROWS)
  test(`${row.name} @mock-only`, rules(...row.rules), async ({ fdApi, fdPowers, createCustomer }) => {
    const keeping = `with ${row.kept.join(', ')} accounts`;
    const { customerId } = await customerKeeping(fdApi, fdPowers, () => createCustomer('testing'), row.kept, row.bare ? {} : undefined);
    for (const op of row.deposit ? DEPOSIT_OPS : [])
      expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), row.deposit!, keeping);
    for (const op of FORESIGHT_OPS) expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), row.foresight, keeping);
  });
