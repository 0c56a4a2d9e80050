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
const SHOWS_PENDING = new Set<Reader>(['acct-get', 'acct-get-simple', 'acct-list', 'acct-by-login']);

/** Each scope of a reader over the portfolio (each account, the customer, each login, each institution): its path, and the accounts of `accounts` it shows (exactly these). */
export function scopesOf(c: LinkedCustomer, reader: Reader, accounts: Acct[] = c.accounts) {
  const { customerId } = c;
  const shown = accounts.filter((a) => SHOWS_PENDING.has(reader) || a.status === 'active');
  const scopes: [string, Record<string, string>, (a: Acct) => boolean][] = reader.startsWith('acct-get')
    ? c.accounts.map((a) => [a.id, { customerId, accountId: a.id }, (s) => s.id === a.id])
    : reader.startsWith('acct-list')
      ? [[`customer ${customerId}`, { customerId }, () => true]]
      : reader.startsWith('acct-by-login')
        ? c.logins.map((l) => [`login ${l.id}`, { customerId, institutionLoginId: String(l.id) }, (s) => s.institutionLoginId === l.id])
        : [...new Set(c.accounts.map((a) => a.institutionId))].map((i) => [
            `institution ${i}`,
            { customerId, institutionId: i },
            (s) => s.institutionId === i,
          ]);
  return scopes.map(([scope, path, holds]) => ({ scope, path, shown: shown.filter(holds) }));
}
