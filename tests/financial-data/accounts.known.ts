// Shared by the account reader specs (accounts.delete.spec.ts, accounts.readers.spec.ts): each reader by
// its path in the accounts catalogue (schemas/financial-data/rules/accounts.yaml). Not a spec.
import type { LinkedCustomer } from '../../fixtures/financial-data.js';

export type Acct = LinkedCustomer['accounts'][number];
/** The operation of each reader path, in the order of ACCOUNT_READERS. */
export const OPERATION = {
  'acct-get': 'GetCustomerAccount',
  'acct-get-simple': 'GetCustomerAccountSimple',
  'acct-list': 'GetCustomerAccounts',
  'acct-list-simple': 'GetCustomerAccountsSimple',
  'acct-by-login': 'GetCustomerAccountsByInstitutionLogin',
  'acct-by-login-simple': 'GetCustomerAccountsByInstitutionLoginSimple',
  'acct-by-institution': 'GetCustomerAccountsByInstitution',
  'acct-by-institution-simple': 'GetCustomerAccountsByInstitutionSimple',
} as const;
export type Reader = keyof typeof OPERATION;
export const READERS = Object.keys(OPERATION) as Reader[];
/** Readers that show a pending account too (provider 1.35.0); the others list active accounts only. */
export const SHOWS_PENDING = new Set<Reader>(['acct-get', 'acct-get-simple', 'acct-list', 'acct-by-login']);
