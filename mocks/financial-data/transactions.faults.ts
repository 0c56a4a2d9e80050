// Faults of transactions: each breaks one rule of schemas/financial-data/rules/transactions.yaml.
// Realistic provider deviations: an MFA challenge skipped, the 180-day boundary moved, a state
// change seen by one reader only, off-by-one paging, a filter ignored on one path, a wrong unit.
import type { Fault } from '../kit/faults.js';

export const TRANSACTIONS_FAULTS: Fault[] = [
  // Historic load (seed 002, Transactions; Errors 203; Limits: standard history 180 days).
  { id: 'transactions-historic-mfa-204', rule: 'FD-TXN-HISTORIC-STATUS: an MFA institution answers 203, not 204', source: 'seed', rules: ['FD-TXN-HISTORIC-STATUS'] },
  { id: 'transactions-historic-mfa-loads', rule: 'FD-TXN-HISTORIC-MFA: after the 203 nothing is loaded', source: 'provider', rules: ['FD-TXN-HISTORIC-MFA'] },
  { id: 'transactions-historic-visible-before-load', rule: 'FD-TXN-STANDARD-HISTORY: older than 180 days only after the historic load', source: 'seed', rules: ['FD-TXN-STANDARD-HISTORY'] },
  { id: 'transactions-standard-history-90-days', rule: 'FD-TXN-STANDARD-HISTORY: standard history reaches 180 days, not 90', source: 'seed', rules: ['FD-TXN-STANDARD-HISTORY'] },
  { id: 'transactions-historic-load-ignored', rule: 'FD-TXN-HISTORIC-LOAD: the 204 load makes the older transactions visible', source: 'seed', rules: ['FD-TXN-HISTORIC-LOAD'] },
  { id: 'transactions-historic-account-list-only', rule: 'FD-TXN-HISTORIC-LOAD: the loaded history is seen by every reader (here only by the account list)', source: 'seed', rules: ['FD-TXN-HISTORIC-LOAD'] },
  { id: 'transactions-historic-hidden-by-id', rule: 'FD-TXN-HISTORIC-LOAD: a loaded historic transaction is read by id', source: 'seed', rules: ['FD-TXN-HISTORIC-LOAD'] },
  { id: 'transactions-historic-reload-duplicates', rule: 'FD-TXN-HISTORIC-ONCE: a second load adds nothing', source: 'seed', rules: ['FD-TXN-HISTORIC-ONCE'] },
  // Lists (seed 002, Transactions; Limits 1000 per page; provider paging and sort defaults).
  { id: 'transactions-from-date-optional', rule: 'FD-TXN-DATES-REQUIRED: a missing fromDate is a 400', source: 'seed', rules: ['FD-TXN-DATES-REQUIRED'] },
  { id: 'transactions-to-date-optional-on-account', rule: 'FD-TXN-DATES-REQUIRED: a missing toDate is a 400 on the account list too', source: 'seed', rules: ['FD-TXN-DATES-REQUIRED'] },
  { id: 'transactions-page-holds-500', rule: 'FD-TXN-PAGE-1000: limit 1000 gives pages of 1000', source: 'seed', rules: ['FD-TXN-PAGE-1000'] },
  { id: 'transactions-limit-above-1000-clamped', rule: 'FD-TXN-PAGE-LIMIT: limit 1001 is a 400, not clamped', source: 'assumption', rules: ['FD-TXN-PAGE-LIMIT'], relax: [{ schema: 'PageLimit', drop: ['maximum'] }] },
  { id: 'transactions-default-page-size-100', rule: 'FD-TXN-PAGE-DEFAULT: 25 per page without limit', source: 'provider', rules: ['FD-TXN-PAGE-DEFAULT'] },
  { id: 'transactions-start-ignored-on-all', rule: 'FD-TXN-PAGE-START: start selects the page of the customer list', source: 'provider', rules: ['FD-TXN-PAGE-START'] },
  { id: 'transactions-start-as-offset-on-account', rule: 'FD-TXN-PAGE-START: start is a page index on the account list, not a record offset', source: 'provider', rules: ['FD-TXN-PAGE-START'] },
  { id: 'transactions-found-counts-page', rule: 'FD-TXN-PAGE-COUNTS: found counts every matching transaction', source: 'provider', rules: ['FD-TXN-PAGE-COUNTS'] },
  { id: 'transactions-more-available-on-last-page', rule: 'FD-TXN-PAGE-COUNTS: moreAvailable false on the last page', source: 'provider', rules: ['FD-TXN-PAGE-COUNTS'] },
  { id: 'transactions-sort-asc-ignored', rule: 'FD-TXN-SORT: sort=asc lists oldest first', source: 'seed', rules: ['FD-TXN-SORT'] },
  { id: 'transactions-undated-sorted-last', rule: 'FD-TXN-SORT: a transaction without transactionDate sorts by postedDate', source: 'seed', rules: ['FD-TXN-SORT'] },
  { id: 'transactions-sorted-by-posted-date', rule: 'FD-TXN-SORT: lists sort by transactionDate', source: 'seed', rules: ['FD-TXN-SORT'] },
  { id: 'transactions-default-sort-asc', rule: 'FD-TXN-SORT-DEFAULT: without sort the order is desc', source: 'provider', rules: ['FD-TXN-SORT-DEFAULT'] },
  { id: 'transactions-pending-always-included', rule: 'FD-TXN-PENDING: pending only with includePending=true', source: 'seed', rules: ['FD-TXN-PENDING'] },
  { id: 'transactions-pending-never-included', rule: 'FD-TXN-PENDING: includePending=true lists the pending transactions', source: 'seed', rules: ['FD-TXN-PENDING'] },
  { id: 'transactions-to-date-ignored', rule: 'FD-TXN-WINDOW: transactions after toDate are excluded', source: 'seed', rules: ['FD-TXN-WINDOW'] },
  { id: 'transactions-from-date-ignored-on-account', rule: 'FD-TXN-WINDOW: transactions before fromDate are excluded from the account list', source: 'seed', rules: ['FD-TXN-WINDOW'] },
  { id: 'transactions-echo-dates-ms', rule: 'FD-TXN-ECHO: fromDate and toDate echoed as sent (seconds)', source: 'provider', rules: ['FD-TXN-ECHO'] },
  { id: 'transactions-echo-sort-empty', rule: 'FD-TXN-ECHO: sort echoed (desc when not sent)', source: 'provider', rules: ['FD-TXN-ECHO'] },
  { id: 'transactions-dates-in-ms', rule: 'FD-TXN-DATE-SECONDS: transaction dates are epoch seconds', source: 'provider', rules: ['FD-TXN-DATE-SECONDS'] },
  { id: 'transactions-by-id-created-date-ms', rule: 'FD-TXN-DATE-SECONDS: the by-id reader gives seconds too', source: 'provider', rules: ['FD-TXN-DATE-SECONDS'] },
  // One transaction, ownership, deletion (seed 002, Transactions; Accounts; Errors 404).
  { id: 'transactions-get-wrong-transaction', rule: 'FD-TXN-GET: GetCustomerTransaction returns the transaction asked for', source: 'seed', rules: ['FD-TXN-GET'] },
  { id: 'transactions-get-other-customer', rule: "FD-TXN-OWNER-404: another customer's transaction is a 404", source: 'seed', rules: ['FD-TXN-OWNER-404'] },
  { id: 'transactions-account-other-customer', rule: "FD-TXN-OWNER-404: another customer's account is a 404 (account list, historic load)", source: 'seed', rules: ['FD-TXN-OWNER-404'] },
  { id: 'transactions-deleted-account-kept', rule: 'FD-TXN-DELETED-ACCOUNT: a deleted account takes its transactions with it', source: 'seed', rules: ['FD-TXN-DELETED-ACCOUNT'] },
  // Recurring transactions (seed 002, Transactions; provider RecurringTransactionsDetails).
  { id: 'transactions-recurring-signs-swapped', rule: 'FD-TXN-RECURRING: outflows are debits, inflows credits', source: 'seed', rules: ['FD-TXN-RECURRING'] },
  { id: 'transactions-recurring-account-filter-ignored', rule: 'FD-TXN-RECURRING-ACCOUNTS: accountIds narrows to those accounts', source: 'seed', rules: ['FD-TXN-RECURRING-ACCOUNTS'] },
  { id: 'transactions-recurring-unknown-account-ignored', rule: "FD-TXN-RECURRING-UNKNOWN-ACCOUNT: an account id not the customer's is a 404", source: 'provider', rules: ['FD-TXN-RECURRING-UNKNOWN-ACCOUNT'] },
  { id: 'transactions-daily-balance-missing', rule: 'FD-TXN-DAILY-BALANCE: showDailyBalance=true gives dailyBalances', source: 'provider', rules: ['FD-TXN-DAILY-BALANCE'] },
  { id: 'transactions-daily-balance-dates-ms', rule: 'FD-TXN-DAILY-BALANCE: daily balance dates are epoch seconds in the window', source: 'provider', rules: ['FD-TXN-DAILY-BALANCE'] },
];
