// Covers: GetCustomerAccount, GetCustomerAccountSimple, GetCustomerAccounts (status, account_type),
// GetCustomerAccountsSimple, GetCustomerAccountsByInstitutionLogin(Simple),
// GetCustomerAccountsByInstitution(Simple), MigrateInstitutionLoginAccounts, the four refreshes,
// DeleteCustomerAccount, DeleteCustomerAccountsByInstitutionLogin and DeleteCustomer - seed 002,
// Accounts, Customers (delete removes the linked accounts) and Errors 404; provider 1.35.0
// CustomerAccount(Simple). Random sequences over the linked accounts of two customers of the suite's
// partner and one of the spare partner, each called through its own customer, another customer and
// another partner; every answer compared with the reference model
// (fixtures/models/financial-data/accounts.model.ts): status, every member against its own source
// through every reader, each list's exact set (its count), the aggregation date a refresh moves and
// no other, ownership. Accounts are linked and the clock moved through the mock's control surface:
// @mock-only.
import { ACCOUNT_READERS, accountsModel, mockOnly, rules, runModel, test } from '../../fixtures/financial-data.js';

const READERS = ACCOUNT_READERS;

test(
  'every sequence of account reads, refreshes and deletes by two partners answers as the accounts model says @property @mock-only',
  mockOnly(
    rules(
      ...['acct-list-simple', 'acct-by-login-simple', 'acct-by-institution-simple'].map((p) => `FD-ACCT-SIMPLE-ACTIVE@${p}`),
      ...['acct-get-simple', 'acct-list-simple', 'acct-by-login-simple', 'acct-by-institution-simple'].map(
        (p) => `FD-ACCT-SIMPLE-BASIC@${p}`,
      ),
      'FD-ACCT-SIMPLE-ONE-PENDING',
      ...['acct-get', 'acct-list', 'acct-by-login'].map((p) => `FD-ACCT-FULL-PENDING@${p}`),
      'FD-ACCT-BY-LOGIN@acct-by-login',
      'FD-ACCT-BY-LOGIN@acct-by-login-simple',
      'FD-ACCT-BY-INSTITUTION@acct-by-institution',
      'FD-ACCT-BY-INSTITUTION@acct-by-institution-simple',
      'FD-ACCT-SIMPLE-ACTIVE:accept',
      'FD-ACCT-SIMPLE-ACTIVE:refuse',
      'FD-ACCT-FILTER-STATUS:accept',
      'FD-ACCT-FILTER-STATUS:refuse',
      'FD-ACCT-FILTER-TYPE:accept',
      'FD-ACCT-FILTER-TYPE:refuse',
      ...READERS.map((p) => `FD-ACCT-DELETE-LOGIN@${p}`),
      ...READERS.map((p) => `FD-ACCT-DELETE-ACCOUNT@${p}`),
      ...READERS.map((p) => `FD-ACCT-DELETE-KEEPS-OTHERS@${p}`),
      'FD-ACCT-DELETE-AGAIN',
      'FD-ACCT-MIGRATE',
      'FD-ACCT-REFRESH-V1@acct-refresh-customer',
      'FD-ACCT-REFRESH-V1@acct-refresh-login',
      'FD-ACCT-REFRESH-V2@acct-refresh-customer-v2',
      'FD-ACCT-REFRESH-V2@acct-refresh-login-v2',
      ...['acct-refresh-customer', 'acct-refresh-customer-v2', 'acct-refresh-login', 'acct-refresh-login-v2'].map(
        (p) => `FD-ACCT-REFRESH-DATE@${p}`,
      ),
      'FD-ACCT-REFRESH-SCOPE@acct-refresh-login',
      'FD-ACCT-REFRESH-SCOPE@acct-refresh-login-v2',
      ...READERS.map((p) => `FD-ACCT-DATES@${p}`),
      ...READERS.map((p) => `FD-ACCT-IDS@${p}`),
      ...[...READERS, 'acct-refresh-customer', 'acct-refresh-login', 'acct-migrate'].map((p) => `FD-ACCT-NUMBER-MASKED@${p}`),
      'FD-NOT-FOUND',
      'FD-CUST-DELETE',
      'FD-OBJ-OTHER-PARTNER',
      'FD-OBJ-OTHER-PARENT',
      'FD-OBJ-AFTER-DELETE',
    ),
    "needs the mock's virtual clock (account refreshes and their aggregation status move with it) and links accounts to a new customer of either partner in every run: a sandbox spends that time in real time and links only its own partner's customers",
  ),
  async ({ fd, fdMock, fdModelTarget }, testInfo) => {
    const real: accountsModel.AccountsReal = {
      ...fdModelTarget,
      link: (customerId) => fdMock.linkAccounts(customerId),
      advance: async (seconds) => void (await fdMock.advanceClock(seconds)),
      now: () => fd.now(),
    };
    await runModel({
      commands: accountsModel.accountCommands(),
      examples: accountsModel.accountExamples(),
      setup: async () => ({ model: await accountsModel.newAccountsModel(real), real }),
      teardown: accountsModel.tearDownAccountsModel,
      testInfo,
    });
  },
);
