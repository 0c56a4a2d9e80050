// Covers: POST /decisioning/v2/customers/{customerId}/cashFlowBusiness, .../cashFlowPersonal,
// .../reports/balance-analytics/userTypes/{userType}, .../reports/cashflow-analytics/userTypes/{userType},
// /decisioning/customers/{customerId}/reports/payment-history/userTypes/business,
// .../reports/foresight-analytics/userTypes/{userType}, /decisioning/reports/foresight-analytics/userTypes/{userType}
// - seed 002, Decisioning report generation: balance, cash flow analytics and payment history need a
// checking or savings account, otherwise 400 (provider 1.35.0: the cash flow reports too); foresight
// needs checking, credit card or savings. Each customer here keeps only some accounts (the others
// deleted through DeleteCustomerAccount) and has a consumer and a business, so that only the
// account types are at stake. Mock-only: the accounts are linked and cut through the mock.
import { rules, test } from '../../fixtures/financial-data.js';
import { customerKeeping, DEPOSIT_OPS, expectStatus, FORESIGHT_OPS, requestOf } from './reports-analytics.known.js';

const ALL = [...DEPOSIT_OPS, ...FORESIGHT_OPS];

test(
  'refuses every checking-or-savings report (400) for a customer left with a credit card, a mortgage and a money market account, while foresight takes the credit card (202) @mock-only',
  rules('FD-CASHFLOW-ELIGIBLE:refuse', 'FD-ANALYTICS-ELIGIBLE:refuse', 'FD-FORESIGHT-ELIGIBLE:accept'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const { customerId } = await customerKeeping(fdApi, fdPowers, () => createCustomer('testing'), [
      'creditCard',
      'mortgage',
      'moneyMarket',
    ]);
    for (const op of DEPOSIT_OPS)
      expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), 400, 'without a checking or savings account');
    for (const op of FORESIGHT_OPS) expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), 202, 'with a credit card account');
  },
);

test(
  'refuses foresight (400) for a customer left with a mortgage and a money market account @mock-only',
  rules('FD-FORESIGHT-ELIGIBLE:refuse'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const { customerId } = await customerKeeping(fdApi, fdPowers, () => createCustomer('testing'), ['mortgage', 'moneyMarket'], {});
    for (const op of FORESIGHT_OPS)
      expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), 400, 'without a checking, credit card or savings account');
  },
);

for (const type of ['checking', 'savings']) {
  test(
    `accepts every report (202) for a customer whose only account is a ${type} account @mock-only`,
    rules('FD-CASHFLOW-ELIGIBLE:accept', 'FD-ANALYTICS-ELIGIBLE:accept', 'FD-FORESIGHT-ELIGIBLE:accept'),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const { customerId } = await customerKeeping(fdApi, fdPowers, () => createCustomer('testing'), [type]);
      for (const op of ALL) expectStatus(await fdApi.callBuilt(op, requestOf(op, customerId)), 202, `with a ${type} account alone`);
    },
  );
}
