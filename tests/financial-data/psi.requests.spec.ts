// Covers: what the six PSI operations refuse and accept - seed 002, PSI (FCRA variants bound to
// the stated permissible purpose; legacy reads with settlement amount, settle-by date and pay
// purpose code) and Errors 400; limits from provider 1.35.0 (amount above 0, settle-by date not in
// the past, required legacy parameters, purpose code 1P, active accounts only); the account types
// PSI rates are this contract's assumption (deposit accounts).
import { expect, expectFdError, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { dateIn, PSI_RATINGS, ratePsi } from './psi.known.js';

const RATED = ['checking', 'savings', 'moneyMarket'];
const NOT_RATED = ['cd', 'investment', 'creditCard', 'mortgage', 'loan', 'lineOfCredit', 'studentLoan'];

test(
  'an FCRA generation needs the permissible purpose: none is a 400, 1P a 202',
  rules('FD-PSI-PURPOSE-REQUIRED'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const body = { transaction: { settleByDate: dateIn(fd.now(), 3), amount: 10 } };
    expectFdError(await fdApi.call('GenerateFcraPaymentSuccessIndicators', { path, body }), 400, 'no purpose');
    expect((await fdApi.call('GenerateFcraPaymentSuccessIndicators', { path, query: { purpose: '1P' }, body })).status).toBe(202);
  },
);

// provider 1.35.0 PurposeCode: a 2-digit (two-character) permissible purpose code.
test(
  'the FCRA purpose is a two-character code: 1P accepted, 1 and 1PP refused with 400 @provider',
  rules('FD-PSI-PURPOSE-FORMAT:accept', 'FD-PSI-PURPOSE-FORMAT:refuse'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const body = { transaction: { settleByDate: dateIn(fd.now(), 3), amount: 10 } };
    const generate = (purpose: string) => fdApi.call('GenerateFcraPaymentSuccessIndicators', { path, query: { purpose }, body });
    expect((await generate('1P')).status).toBe(202);
    for (const purpose of ['1', '1PP']) expectFdError(await generate(purpose), 400, `purpose ${purpose}`);
  },
);

// provider 1.35.0 PaymentSuccessIndicatorsPhone.number: needed only when no e-mail is given.
test(
  'a PSI generation takes a user with an e-mail alone or a phone number alone, and refuses a user with neither with 400 @provider',
  rules('FD-PSI-USER-CONTACT:accept', 'FD-PSI-USER-CONTACT:refuse'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const transaction = { settleByDate: dateIn(fd.now(), 3), amount: 10 };
    for (const [op, query] of [
      ['GenerateFcraPaymentSuccessIndicators', { purpose: '1P' }],
      ['GeneratePaymentSuccessIndicators', {}],
    ] as const) {
      const rate = (user: Record<string, unknown>) => fdApi.call(op, { path, query, body: { transaction, user } });
      expect((await rate({ name: 'Jane Roe', email: 'jane.roe@example.com' })).status, `${op}: an e-mail alone`).toBe(202);
      expect((await rate({ name: 'Jane Roe', phone: { number: '8015551234' } })).status, `${op}: a phone number alone`).toBe(202);
      expectFdError(await rate({ name: 'Jane Roe', phone: { countryHint: 'US' } }), 400, `${op}: neither an e-mail nor a phone number`);
    }
  },
);

// provider 1.35.0 PaymentSuccessIndicatorsTransactionAmount: above 0.
for (const { op, path: where } of PSI_RATINGS.slice(0, 2)) {
  test(
    `${op} accepts an amount of 0.01 and refuses 0 and -1 with 400 @provider`,
    rules(`FD-PSI-AMOUNT-POSITIVE:accept@${where}`, `FD-PSI-AMOUNT-POSITIVE:refuse@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      expect((await ratePsi(fdApi, op, path, dateIn(fd.now(), 3), 0.01)).status).toBe(202);
      for (const amount of [0, -1]) expectFdError(await ratePsi(fdApi, op, path, dateIn(fd.now(), 3), amount), 400, `amount ${amount}`);
    },
  );
}

for (const { op, path: where, ok } of PSI_RATINGS) {
  // provider 1.35.0 400 example 10006: "settleByDate must not be in the past".
  test(
    `${op} accepts a settle-by date of today and refuses yesterday with 400 @provider`,
    rules(`FD-PSI-SETTLE-DATE-NOT-PAST:accept@${where}`, `FD-PSI-SETTLE-DATE-NOT-PAST:refuse@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      expect((await ratePsi(fdApi, op, path, dateIn(fd.now(), 0), 25)).status, 'today').toBe(ok);
      expectFdError(await ratePsi(fdApi, op, path, dateIn(fd.now(), -1), 25), 400, 'yesterday');
    },
  );

  // Assumption: PSI rates the deposit accounts an ACH debit draws on; provider 1.35.0 400 example
  // 14020 "Account type not supported" for the others.
  test(
    `${op} rates checking, savings and money market accounts and refuses the other types with 400 @assumption`,
    rules(`FD-PSI-ACCOUNT-TYPE:accept@${where}`, `FD-PSI-ACCOUNT-TYPE:refuse@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const rate = (type: string) =>
        ratePsi(fdApi, op, { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account(type).id }, dateIn(fd.now(), 3), 30);
      for (const type of RATED) expect((await rate(type)).status, type).toBe(ok);
      for (const type of NOT_RATED) expectFdError(await rate(type), 400, type);
    },
  );

  // provider 1.35.0 400 example 10013: "Only active accounts can be used".
  test(
    `${op} refuses an account that is not active with 400 @provider`,
    rules(`FD-PSI-ACTIVE-ACCOUNT@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      // The linked customer's pending account (on a sandbox, one Connect added pending; skipped, named, when it has none).
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking', 'pending').id };
      expectFdError(await ratePsi(fdApi, op, path, dateIn(fd.now(), 3), 30), 400, 'pending account');
    },
  );
}

// provider 1.35.0: settlementAmount, settleByDate (and purposeCode for FCRA) required; 10009.
const LEGACY = [
  { op: 'GetFCRAPaymentSuccessIndicator', where: 'psi-legacy-fcra', extra: { purposeCode: '1P' } },
  { op: 'GetPaymentSuccessIndicator', where: 'psi-legacy', extra: {} },
] as const;
for (const { op, where, extra } of LEGACY) {
  test(
    `${op} refuses a read without each required parameter with 400 @provider`,
    rules(`FD-PSI-LEGACY-REQUIRED@${where}`),
    async ({ fdApi, fd, linkedCustomer }) => {
      const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
      const full: Record<string, string | number> = { settlementAmount: 10.05, settleByDate: dateIn(fd.now(), 3), ...extra };
      expect((await fdApi.call(op, { path, query: full })).status, 'all parameters').toBe(200);
      for (const name of Object.keys(full)) {
        expectFdError(await fdApi.call(op, { path, query: { ...full, [name]: undefined } }), 400, `without ${name}`);
      }
    },
  );

  // provider 1.35.0 Get(Fcra)PaymentSuccessIndicatorBadRequestResponse, 400 example 10008: an account without transactions.
  test(
    `${op} rates an account with transactions and refuses one that holds none with 400 (code 10008) @provider @mock-only`,
    mockOnly(
      rules(`FD-PSI-LEGACY-TRANSACTIONS@${where}`),
      'needs an account that holds no transaction: the mock links one on its control surface; no variable names such an account on a sandbox',
    ),
    async ({ fdApi, fd, fdMock, linkedCustomer }) => {
      const { customerId } = linkedCustomer;
      const [empty] = (await fdMock.linkEmptyAccount(customerId)).accounts;
      const query = { settlementAmount: 10, settleByDate: dateIn(fd.now(), 3), ...extra };
      const rated = await fdApi.call(op, { path: { customerId, accountId: linkedCustomer.account('checking').id }, query });
      expect(rated.status, 'an account with transactions').toBe(200);
      const res = await fdApi.call(op, { path: { customerId, accountId: empty.id }, query });
      expectFdError(res, 400, 'an account without transactions');
      expect(String(res.body?.code), 'the code of the refusal').toBe('10008');
    },
  );
}

// provider 1.35.0 PayPurposeCodeParameter (1P) and example 10005 "invalid purpose code".
test(
  'the legacy FCRA read accepts the purpose code 1P and refuses 31 and 3F with 400 @provider',
  rules('FD-PSI-LEGACY-PURPOSE:accept', 'FD-PSI-LEGACY-PURPOSE:refuse'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const path = { customerId: linkedCustomer.customerId, accountId: linkedCustomer.account('checking').id };
    const read = (purposeCode: string) =>
      fdApi.call('GetFCRAPaymentSuccessIndicator', {
        path,
        query: { settlementAmount: 10, settleByDate: dateIn(fd.now(), 3), purposeCode },
      });
    expect((await read('1P')).status).toBe(200);
    for (const purposeCode of ['31', '3F']) expectFdError(await read(purposeCode), 400, `purpose ${purposeCode}`);
  },
);

// provider 1.35.0 GetFCRAPaymentSuccessIndicator, 400 example 12022: the customer needs an e-mail address.
test(
  'the legacy FCRA read rates a customer with an e-mail address and refuses one created without it with 400 (code 12022) @provider',
  rules('FD-PSI-LEGACY-FCRA-EMAIL:accept', 'FD-PSI-LEGACY-FCRA-EMAIL:refuse'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const query = { settlementAmount: 10, settleByDate: dateIn(fd.now(), 3), purposeCode: '1P' };
    for (const email of [true, false]) {
      const customerId = await createCustomer('testing', email ? {} : { email: undefined });
      const account = (await fdPowers.linkAccounts(customerId)).accounts.find((a) => a.type === 'checking' && a.status === 'active')!;
      const res = await fdApi.call('GetFCRAPaymentSuccessIndicator', { path: { customerId, accountId: account.id }, query });
      if (email) expect(res.status, 'a customer with an e-mail address').toBe(200);
      else {
        expectFdError(res, 400, 'a customer without an e-mail address');
        expect(String(res.body?.code), 'the code of the refusal').toBe('12022');
      }
    }
  },
);
