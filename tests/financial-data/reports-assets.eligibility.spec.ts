// Covers: POST /decisioning/v2/customers/{customerId}/voa, /voaHistory, /preQualVoa, /assetSummary
// and /voi - which customers get the report: seed 002, Decisioning report generation ("if the
// customer has no eligible account type, the response is 400"; VOA needs checking, savings, money
// market or investment; VOI needs checking, savings or money market) and Errors 400; the types of
// VOAI and the prequalification reports: provider 1.35.0 (checking, savings, money market,
// investment). Each customer is linked on the mock, then loses every account but the types kept
// (DeleteCustomerAccount), so that one account type alone decides.
import { expect, expectFdError, rules, test } from '../../fixtures/financial-data.js';
import { customerKeeping } from './reports-analytics.known.js';
import { ASSET_OPS } from './reports-assets.known.js';

/** A customer of this test with a consumer whose linked accounts are only of the types kept (one active account of each): the types left. */
async function customerWith(...[fdApi, fdPowers, createCustomer, keep]: Parameters<typeof customerKeeping>) {
  const { customerId } = await customerKeeping(fdApi, fdPowers, createCustomer, keep, { consumer: true });
  const left = await fdApi.call('GetCustomerAccounts', { path: { customerId } });
  return { customerId, types: (left.body.accounts as any[]).map((a) => String(a.type)) };
}

const body = { reportCustomFields: [{ label: 'loanID', value: '1', shown: true }] };

// One account of each eligible type alone: a 202 from every report whose list names the type, a 400 from the others.
for (const type of ['checking', 'savings', 'moneyMarket', 'investment']) {
  const accepting = ASSET_OPS.filter((o) => o.eligible.includes(type as never));
  const refusing = ASSET_OPS.filter((o) => !o.eligible.includes(type as never));
  const cited = [...new Set([...accepting.map((o) => `${o.rule}:accept`), ...refusing.map((o) => `${o.rule}:refuse`)])];

  test(
    `a customer whose only account is one ${type} account gets ${accepting.map((o) => o.type).join(', ')} (202)${refusing.length ? ` and a 400 from ${refusing.map((o) => o.type).join(', ')}` : ''} @mock-only`,
    rules(...cited),
    async ({ fdApi, fdPowers, createCustomer }) => {
      const { customerId, types } = await customerWith(fdApi, fdPowers, () => createCustomer('testing'), [type]);
      expect(types, 'the accounts left').toEqual([type]);
      for (const { op } of accepting) {
        const res = await fdApi.call(op, { path: { customerId }, body });
        expect(res.status, `${op} for a customer with one ${type} account; body: ${res.text.slice(0, 160)}`).toBe(202);
      }
      for (const { op } of refusing)
        expectFdError(await fdApi.call(op, { path: { customerId }, body }), 400, `${op}: a ${type} account is not eligible`);
    },
  );
}

test(
  'a customer whose accounts are only cd, credit card, mortgage, loan, line of credit and student loan gets a 400 from every asset report @mock-only',
  rules('FD-VOA-ELIGIBLE:refuse', 'FD-VOAI-ELIGIBLE:refuse', 'FD-PREQUAL-ELIGIBLE:refuse', 'FD-VOI-ELIGIBLE:refuse'),
  async ({ fdApi, fdPowers, createCustomer }) => {
    const left = ['cd', 'creditCard', 'lineOfCredit', 'loan', 'mortgage', 'studentLoan'];
    const { customerId, types } = await customerWith(fdApi, fdPowers, () => createCustomer('testing'), left);
    expect([...new Set(types)].sort(), 'the accounts left').toEqual(left);
    for (const { op } of ASSET_OPS) expectFdError(await fdApi.call(op, { path: { customerId }, body }), 400, `${op}: no eligible account`);
  },
);
