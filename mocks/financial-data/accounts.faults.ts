// Faults of accounts: each breaks one rule of schemas/financial-data/rules/accounts.yaml,
// as a provider might: on one reader only, a filter ignored, a state change not seen by another
// reader, a wrong unit or status. Guarded in mocks/financial-data/accounts.ts.
import type { Fault } from '../kit/faults.js';

export const ACCOUNTS_FAULTS: Fault[] = [
  // Simple variants (seed 002, Accounts: basic information of active accounts).
  { id: 'accounts-simple-list-shows-pending', rule: 'GetCustomerAccountsSimple lists only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-list-simple)', source: 'seed', rules: ['FD-ACCT-SIMPLE-ACTIVE'] },
  { id: 'accounts-simple-by-login-shows-pending', rule: 'the simple by-login list holds only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-by-login-simple)', source: 'seed', rules: ['FD-ACCT-SIMPLE-ACTIVE'] },
  { id: 'accounts-simple-by-institution-shows-pending', rule: 'the simple by-institution list holds only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-by-institution-simple)', source: 'seed', rules: ['FD-ACCT-SIMPLE-ACTIVE'] },
  { id: 'accounts-simple-by-login-carries-balance', rule: 'simple items carry basic information only, no balance or detail (FD-ACCT-SIMPLE-BASIC)', source: 'seed', rules: ['FD-ACCT-SIMPLE-BASIC'] },
  { id: 'accounts-simple-one-pending-404', rule: 'GetCustomerAccountSimple answers a pending account with its record (FD-ACCT-SIMPLE-ONE-PENDING)', source: 'provider', rules: ['FD-ACCT-SIMPLE-ONE-PENDING'] },
  { id: 'accounts-simple-one-wrong-login', rule: "GetCustomerAccountSimple shows the account's own institution login (FD-ACCT-IDS@acct-get-simple)", source: 'provider', rules: ['FD-ACCT-IDS'] },
  // Full readers and filters.
  { id: 'accounts-list-hides-pending', rule: 'GetCustomerAccounts without a filter lists the pending account too (FD-ACCT-FULL-PENDING@acct-list)', source: 'provider', rules: ['FD-ACCT-FULL-PENDING'] },
  { id: 'accounts-by-login-simple-all-logins', rule: "the simple by-login list holds exactly that login's accounts (FD-ACCT-BY-LOGIN@acct-by-login-simple)", source: 'seed', rules: ['FD-ACCT-BY-LOGIN'] },
  { id: 'accounts-by-institution-lists-pending', rule: 'the by-institution list holds exactly the active accounts there (FD-ACCT-BY-INSTITUTION@acct-by-institution)', source: 'provider', rules: ['FD-ACCT-BY-INSTITUTION'] },
  { id: 'accounts-by-institution-simple-all', rule: 'the simple by-institution list holds only accounts at that institution (FD-ACCT-BY-INSTITUTION@acct-by-institution-simple)', source: 'seed', rules: ['FD-ACCT-BY-INSTITUTION'] },
  { id: 'accounts-status-filter-ignored', rule: 'the account status filter narrows GetCustomerAccounts (FD-ACCT-FILTER-STATUS)', source: 'seed', rules: ['FD-ACCT-FILTER-STATUS'] },
  { id: 'accounts-type-filter-ignored', rule: 'the account type filter narrows GetCustomerAccounts (FD-ACCT-FILTER-TYPE)', source: 'seed', rules: ['FD-ACCT-FILTER-TYPE'] },
  { id: 'accounts-unsupported-type-empty', rule: 'an unsupported account type is a 400, not an empty list (FD-ACCT-TYPE-UNSUPPORTED)', source: 'provider', rules: ['FD-ACCT-TYPE-UNSUPPORTED'] },
  // Deletion of access (seed 002: removes access to that data only).
  { id: 'accounts-deleted-login-still-listed', rule: "a deleted login's accounts leave GetCustomerAccounts too (FD-ACCT-DELETE-LOGIN@acct-list)", source: 'seed', rules: ['FD-ACCT-DELETE-LOGIN'] },
  { id: 'accounts-deleted-account-simple-readable', rule: 'a deleted account is 404 through GetCustomerAccountSimple too (FD-ACCT-DELETE-ACCOUNT@acct-get-simple)', source: 'seed', rules: ['FD-ACCT-DELETE-ACCOUNT'] },
  { id: 'accounts-delete-account-drops-login', rule: "deleting one account keeps the login's other accounts (FD-ACCT-DELETE-KEEPS-OTHERS)", source: 'seed', rules: ['FD-ACCT-DELETE-KEEPS-OTHERS'] },
  { id: 'accounts-second-delete-204', rule: 'a second delete of an account is a 404 (FD-ACCT-DELETE-AGAIN)', source: 'seed', rules: ['FD-ACCT-DELETE-AGAIN'] },
  // Migration and refresh.
  { id: 'accounts-migrate-returns-all', rule: 'migration answers exactly the accounts of that login (FD-ACCT-MIGRATE)', source: 'seed', rules: ['FD-ACCT-MIGRATE'] },
  { id: 'accounts-refresh-v1-204', rule: 'refresh v1 by login answers 200 with the accounts (FD-ACCT-REFRESH-V1@acct-refresh-login)', source: 'seed', rules: ['FD-ACCT-REFRESH-V1'] },
  { id: 'accounts-refresh-v2-200', rule: 'refresh v2 of a customer answers 204 (FD-ACCT-REFRESH-V2@acct-refresh-customer-v2)', source: 'seed', rules: ['FD-ACCT-REFRESH-V2'] },
  { id: 'accounts-refresh-v2-date-unchanged', rule: 'a v2 refresh by login updates aggregationAttemptDate (FD-ACCT-REFRESH-DATE@acct-refresh-login-v2)', source: 'seed', rules: ['FD-ACCT-REFRESH-DATE'] },
  { id: 'accounts-refresh-login-touches-all', rule: "a refresh by login touches only that login's accounts (FD-ACCT-REFRESH-SCOPE)", source: 'seed', rules: ['FD-ACCT-REFRESH-SCOPE'] },
  // Dates, ids, account numbers.
  { id: 'accounts-refresh-date-ms', rule: 'aggregationAttemptDate is epoch seconds after a refresh (FD-ACCT-DATES)', source: 'provider', rules: ['FD-ACCT-DATES'] },
  { id: 'accounts-created-date-ms', rule: 'createdDate is epoch seconds on the simple by-institution list too (FD-ACCT-DATES@acct-by-institution-simple)', source: 'provider', rules: ['FD-ACCT-DATES'] },
  { id: 'accounts-login-id-as-string', rule: 'institutionLoginId is an integer (FD-ACCT-IDS@acct-list-simple)', source: 'provider', rules: ['FD-ACCT-IDS'] },
  { id: 'accounts-display-first-four', rule: 'accountNumberDisplay shows the LAST four digits (FD-ACCT-NUMBER-MASKED)', source: 'assumption', rules: ['FD-ACCT-NUMBER-MASKED'] },
  { id: 'accounts-number-last-six', rule: 'number never shows more than the last four digits (FD-ACCT-NUMBER-MASKED@acct-by-institution)', source: 'assumption', rules: ['FD-ACCT-NUMBER-MASKED'] },
  { id: 'accounts-id-pattern-unchecked', rule: 'a malformed account id in a path is a 400 (FD-ACCT-ID-FORMAT)', source: 'assumption', rules: ['FD-ACCT-ID-FORMAT'], relax: [{ schema: 'AccountIdParam', drop: ['pattern'] }] },
];
