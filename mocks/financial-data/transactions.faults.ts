// Faults of transactions (switched in transactions.ts): each breaks one rule of schemas/financial-
// data/rules/transactions.yaml, the way a provider's release might. `rules` names the rule ids it
// breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's
// authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind, independent, seeded, type FaultSeams } from '../kit/faults.js';
import { DAY_S } from './portfolio.js';
import type { CustomerAccountsSeams, TransactionSeams } from './state.js';

export const TRANSACTIONS_FAULTS = faultCatalogue([
  // Seeded beside the refusal-codes property (properties.refusal-codes.spec.ts): recurring transactions
  // of a customer holding no account (provider 1.35.0 NoAccountForCustomerIdExample, 38003).
  seeded({
    id: 'seeded-recurring-no-accounts-not-refused',
    rule: 'FD-PROP-REFUSAL-CODE: recurring transactions of a customer holding no account are not refused with code 38003 (answered as for a customer holding accounts)',
    source: 'provider',
    rules: ['FD-PROP-REFUSAL-CODE'],
    seams: {
      judge: (_x, step, refusal) => (step === 'recurring-customer-accounts' ? undefined : refusal),
    } satisfies FaultSeams<CustomerAccountsSeams>,
    family: 'customer-accounts',
  }),
  // Seeded beside the windows property (properties.windows.spec.ts), which reads the lists again after the clock moved.
  seeded({
    id: 'seeded-prop-window-standard-history-from-now',
    rule: "FD-PROP-WINDOW-ANCHOR: standard history counted back from now, not from the account's addition: once the clock has moved on, the oldest standard transactions of an account whose history was not loaded are no longer listed",
    source: 'seed',
    rules: ['FD-PROP-WINDOW-ANCHOR'],
    seams: {
      answer: (x, answer) =>
        answer.shown && !x.account.historicLoaded && x.nowS - x.transaction.postedDate > x.standardDays * DAY_S ? { shown: false } : answer,
    } satisfies FaultSeams<TransactionSeams>,
  }),
  {
    id: 'fd-txn-running-balance-before-posting',
    rule: 'FD-TXN-RUNNING-BALANCE: a posted transaction shows the balance before it posted as its running balance, not the one after',
    source: 'provider',
    rules: ['FD-TXN-RUNNING-BALANCE'],
    seams: {
      state: (x, change) => ({ running: Math.round((change.running - x.transaction.amount) * 100) / 100 }),
    } satisfies FaultSeams<TransactionSeams>,
  },
  // Seeded beside the refused-request property (invariants.refused-no-trace.spec.ts): the refusal's status is right, its effect is not.
  seeded({
    id: 'seeded-prop-historic-load-other-partner-loaded',
    rule: "FD-PROP-REFUSED-NO-TRACE: LoadHistoricTransactionsForCustomerAccount of another partner's account answers 404 but loads the account's history",
    source: 'assumption',
    rules: ['FD-PROP-REFUSED-NO-TRACE'],
  }),
  // Seeded for the answer judge (fixtures/financial-data.ts): a count off by one under one filter of one reader.
  seeded({
    id: 'seeded-judge-txn-account-daily-balance-displaying-plus-one',
    rule: 'FD-TXN-PAGE-COUNTS: GetCustomerAccountTransactions with showDailyBalance gives displaying one more than the transactions of its page',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  // Seeded beside the injected transactions of transactions.injected-echo.spec.ts (the counts after a write).
  seeded({
    id: 'seeded-txn-account-found-skips-since-aggregation',
    rule: "FD-TXN-PAGE-COUNTS: GetCustomerAccountTransactions counts found as of the account's last aggregation: a transaction injected since is listed but not counted",
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  // Seeded beside the later pages of transactions.paging.spec.ts (FD-TXN-PAGE-KEEPS-QUERY; origin 'seeded').
  seeded({
    id: 'seeded-txn-all-later-page-dates-echo-ms',
    rule: 'FD-TXN-PAGE-KEEPS-QUERY: GetAllCustomerTransactions echoes fromDate and toDate in milliseconds on a page after the first',
    source: 'provider',
    rules: ['FD-TXN-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-txn-account-later-page-from-date-ignored',
    rule: 'FD-TXN-PAGE-KEEPS-QUERY: GetCustomerAccountTransactions lists a page after the first without its fromDate (while echoing it)',
    source: 'provider',
    rules: ['FD-TXN-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-txn-account-later-page-category-lowercased',
    rule: "FD-TXN-PAGE-KEEPS-QUERY: GetCustomerAccountTransactions answers a page after the first with each transaction's category in lower case",
    source: 'provider',
    rules: ['FD-TXN-PAGE-KEEPS-QUERY'],
  }),
  // Seeded beside the check of an injected transaction on every reader (transactions.injected-echo.spec.ts; origin 'seeded').
  seeded({
    id: 'txn-account-list-description-trimmed',
    rule: 'FD-TXN-INJECTED-ECHO: the account list shows a description as sent, not trimmed with its inner spaces collapsed',
    source: 'provider',
    rules: ['FD-TXN-INJECTED-ECHO'],
  }),
  // Date windows at their edges (kit/faults.ts, seeded): one reader's edge moved.
  seeded({
    id: 'transactions-account-to-date-day-start',
    rule: 'FD-TXN-WINDOW-EDGES: the account list keeps a transaction dated at toDate itself (not only up to the start of its day), as the customer list does',
    source: 'assumption',
    rules: ['FD-TXN-WINDOW-EDGES'],
  }),
  // Counts under a filter (kit/faults.ts, seeded).
  seeded({
    id: 'transactions-all-found-counts-pending',
    rule: 'FD-TXN-PAGE-COUNTS: without includePending, found of the customer list counts only the transactions it lists, not the pending ones it leaves out',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  seeded({
    id: 'transactions-all-found-ignores-window',
    rule: 'FD-TXN-PAGE-COUNTS: found of the customer list counts the transactions of the window asked, not every transaction of its accounts',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS', 'FD-PROP-WINDOW'],
  }),
  // Historic load (seed 002, Transactions; Errors 203; Limits: standard history 180 days).
  {
    id: 'transactions-historic-mfa-204',
    rule: 'FD-TXN-HISTORIC-STATUS: an MFA institution answers 203, not 204',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-STATUS'],
  },
  {
    id: 'transactions-historic-mfa-loads',
    rule: 'FD-TXN-HISTORIC-MFA: after the 203 nothing is loaded',
    source: 'provider',
    rules: ['FD-TXN-HISTORIC-MFA'],
  },
  {
    id: 'transactions-historic-visible-before-load',
    rule: 'FD-TXN-STANDARD-HISTORY: older than standardHistoryDays only after the historic load',
    source: 'seed',
    rules: ['FD-TXN-STANDARD-HISTORY'],
  },
  {
    id: 'transactions-standard-history-90-days',
    rule: 'FD-TXN-STANDARD-HISTORY: standard history reaches standardHistoryDays, not half of it',
    source: 'seed',
    rules: ['FD-TXN-STANDARD-HISTORY'],
  },
  {
    id: 'transactions-historic-load-ignored',
    rule: 'FD-TXN-HISTORIC-LOAD: the 204 load makes the older transactions visible',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-LOAD'],
  },
  {
    id: 'transactions-historic-account-list-only',
    rule: 'FD-TXN-HISTORIC-LOAD: the loaded history is seen by every reader (here only by the account list)',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-LOAD'],
  },
  {
    id: 'transactions-historic-hidden-by-id',
    rule: 'FD-TXN-HISTORIC-LOAD: a loaded historic transaction is read by id',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-LOAD'],
  },
  {
    id: 'transactions-historic-reload-duplicates',
    rule: 'FD-TXN-HISTORIC-ONCE: a second load adds nothing',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-ONCE'],
  },
  // Lists (seed 002, Transactions; Limits 1000 per page; provider paging and sort defaults).
  {
    id: 'transactions-from-date-optional',
    rule: 'FD-TXN-DATES-REQUIRED: a missing fromDate is a 400',
    source: 'seed',
    rules: ['FD-TXN-DATES-REQUIRED'],
  },
  {
    id: 'transactions-to-date-optional-on-account',
    rule: 'FD-TXN-DATES-REQUIRED: a missing toDate is a 400 on the account list too',
    source: 'seed',
    rules: ['FD-TXN-DATES-REQUIRED'],
  },
  {
    id: 'transactions-page-holds-500',
    rule: 'FD-TXN-PAGE-1000: limit at its maximum gives pages of that size',
    source: 'seed',
    rules: ['FD-TXN-PAGE-1000'],
  },
  {
    id: 'transactions-limit-above-1000-clamped',
    rule: 'FD-TXN-PAGE-LIMIT: limit 1001 is a 400, not clamped',
    source: 'assumption',
    rules: ['FD-TXN-PAGE-LIMIT'],
    relax: [{ schema: 'PageLimit', drop: ['maximum'] }],
  },
  {
    id: 'transactions-default-page-size-100',
    rule: "FD-TXN-PAGE-DEFAULT: without limit a page holds the limit parameter's default",
    source: 'provider',
    rules: ['FD-TXN-PAGE-DEFAULT'],
  },
  {
    id: 'transactions-start-ignored-on-all',
    rule: 'FD-TXN-PAGE-START: start selects the page of the customer list',
    source: 'provider',
    rules: ['FD-TXN-PAGE-START'],
  },
  {
    id: 'transactions-start-as-offset-on-account',
    rule: 'FD-TXN-PAGE-START: start is a page index on the account list, not a record offset',
    source: 'provider',
    rules: ['FD-TXN-PAGE-START'],
  },
  {
    id: 'transactions-found-counts-page',
    rule: 'FD-TXN-PAGE-COUNTS: found counts every matching transaction',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  },
  {
    id: 'transactions-more-available-on-last-page',
    rule: 'FD-TXN-PAGE-COUNTS: moreAvailable false on the last page',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  },
  {
    id: 'transactions-sort-asc-ignored',
    rule: 'FD-TXN-SORT: sort=asc lists oldest first',
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-PROP-ORDER'],
  },
  {
    id: 'transactions-undated-sorted-last',
    rule: 'FD-TXN-SORT: a transaction without transactionDate sorts by postedDate',
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-PROP-ORDER'],
  },
  {
    id: 'transactions-sorted-by-posted-date',
    rule: 'FD-TXN-SORT: lists sort by transactionDate',
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-PROP-ORDER'],
  },
  {
    id: 'transactions-default-sort-asc',
    rule: 'FD-TXN-SORT-DEFAULT: without sort the order is desc',
    source: 'provider',
    rules: ['FD-TXN-SORT-DEFAULT', 'FD-PROP-ORDER'],
  },
  {
    id: 'transactions-pending-always-included',
    rule: 'FD-TXN-PENDING: pending only with includePending=true',
    source: 'seed',
    rules: ['FD-TXN-PENDING'],
  },
  {
    id: 'transactions-pending-never-included',
    rule: 'FD-TXN-PENDING: includePending=true lists the pending transactions',
    source: 'seed',
    rules: ['FD-TXN-PENDING'],
  },
  {
    id: 'transactions-to-date-ignored',
    rule: 'FD-TXN-WINDOW: transactions after toDate are excluded',
    source: 'seed',
    rules: ['FD-TXN-WINDOW'],
  },
  {
    id: 'transactions-from-date-ignored-on-account',
    rule: 'FD-TXN-WINDOW: transactions before fromDate are excluded from the account list',
    source: 'seed',
    rules: ['FD-TXN-WINDOW'],
  },
  {
    id: 'transactions-echo-dates-ms',
    rule: 'FD-TXN-ECHO: fromDate and toDate echoed as sent (seconds)',
    source: 'provider',
    rules: ['FD-TXN-ECHO'],
  },
  { id: 'transactions-echo-sort-empty', rule: 'FD-TXN-ECHO: sort echoed (desc when not sent)', source: 'provider', rules: ['FD-TXN-ECHO'] },
  {
    id: 'transactions-dates-in-ms',
    rule: 'FD-TXN-DATE-SECONDS: transaction dates are epoch seconds',
    source: 'provider',
    rules: ['FD-TXN-DATE-SECONDS'],
  },
  {
    id: 'transactions-by-id-created-date-ms',
    rule: 'FD-TXN-DATE-SECONDS: the by-id reader gives seconds too',
    source: 'provider',
    rules: ['FD-TXN-DATE-SECONDS'],
  },
  // One transaction, ownership, deletion (seed 002, Transactions; Accounts; Errors 404).
  {
    id: 'transactions-get-wrong-transaction',
    rule: 'FD-TXN-GET: GetCustomerTransaction returns the transaction asked for',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  },
  {
    id: 'transactions-get-other-customer',
    rule: "FD-TXN-OWNER-404: another customer's transaction is a 404",
    source: 'seed',
    rules: ['FD-TXN-OWNER-404'],
  },
  {
    id: 'transactions-account-other-customer',
    rule: "FD-TXN-OWNER-404: another customer's account is a 404 (account list, historic load)",
    source: 'seed',
    rules: ['FD-TXN-OWNER-404'],
  },
  {
    id: 'transactions-deleted-account-kept',
    rule: 'FD-TXN-DELETED-ACCOUNT: a deleted account takes its transactions with it',
    source: 'seed',
    rules: ['FD-TXN-DELETED-ACCOUNT'],
  },
  // Recurring transactions (seed 002, Transactions; provider RecurringTransactionsDetails).
  {
    id: 'transactions-recurring-signs-swapped',
    rule: 'FD-TXN-RECURRING: outflows are debits, inflows credits',
    source: 'seed',
    rules: ['FD-TXN-RECURRING'],
  },
  seeded({
    id: 'transactions-recurring-cadence-first-gap',
    rule: 'FD-TXN-RECURRING-FIGURES: cadence is the mean number of days between the transactions of a series (the fault gives the days between its first two)',
    source: 'provider',
    rules: ['FD-TXN-RECURRING-FIGURES'],
  }),
  {
    id: 'transactions-recurring-account-filter-ignored',
    rule: 'FD-TXN-RECURRING-ACCOUNTS: accountIds narrows to those accounts',
    source: 'seed',
    rules: ['FD-TXN-RECURRING-ACCOUNTS'],
  },
  {
    id: 'transactions-recurring-unknown-account-ignored',
    rule: "FD-TXN-RECURRING-UNKNOWN-ACCOUNT: an account id not the customer's is a 404",
    source: 'provider',
    rules: ['FD-TXN-RECURRING-UNKNOWN-ACCOUNT'],
  },
  seeded({
    id: 'transactions-daily-balance-next-midnight-counted',
    rule: "FD-TXN-DAILY-BALANCE-DAYS: a day's ending is its beginning plus its own transactions (the fault also counts the transaction at the next midnight)",
    source: 'provider',
    rules: ['FD-TXN-DAILY-BALANCE-DAYS'],
  }),
  {
    id: 'transactions-daily-balance-missing',
    rule: 'FD-TXN-DAILY-BALANCE: showDailyBalance=true gives dailyBalances',
    source: 'provider',
    rules: ['FD-TXN-DAILY-BALANCE'],
  },
  {
    id: 'transactions-daily-balance-dates-ms',
    rule: 'FD-TXN-DAILY-BALANCE: daily balance dates are epoch seconds in the window',
    source: 'provider',
    rules: ['FD-TXN-DAILY-BALANCE'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Transactions (seed 002, Transactions and Limits; provider 1.35.0 Transactions, SortParameter).
  blind({
    id: 'blind-transactions-window-by-posted-date',
    rule: 'the fromDate / toDate window applies to transactionDate (postedDate only when there is none), not to postedDate (seed 002, Transactions)',
    source: 'seed',
    rules: ['FD-TXN-WINDOW', 'FD-PROP-WINDOW'],
  }),
  blind({
    id: 'blind-transactions-all-grouped-by-account',
    rule: 'GetAllCustomerTransactions is one list sorted by date across the accounts, not each account sorted in turn (seed 002, Transactions; provider SortParameter default desc)',
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-TXN-SORT-DEFAULT'],
  }),
  blind({
    id: 'blind-transactions-pending-ignored-on-all',
    rule: 'includePending=true lists pending transactions on the customer list as on the account list (seed 002, Transactions: include pending)',
    source: 'seed',
    rules: ['FD-TXN-PENDING'],
  }),
  blind({
    id: 'blind-transactions-page-cap-off-by-one',
    rule: 'a page holds up to the limit maximum of transactions: limit at the maximum gives that many, not one fewer (seed 002, Limits)',
    source: 'seed',
    rules: ['FD-TXN-PAGE-1000'],
  }),
  blind({
    id: 'blind-transactions-echo-from-date-day-start',
    rule: 'the list echoes the fromDate sent, as sent, not rounded to the start of its day (provider 1.35.0 Transactions.fromDate)',
    source: 'provider',
    rules: ['FD-TXN-ECHO'],
  }),
  blind({
    id: 'blind-transactions-standard-history-186-days',
    rule: 'standard aggregation reaches standardHistoryDays before the account was added, not six months of the longest month (seed 002, Transactions and Limits)',
    source: 'seed',
    rules: ['FD-TXN-STANDARD-HISTORY'],
  }),
  blind({
    id: 'blind-transactions-historic-load-whole-login',
    rule: 'the historic load adds the older transactions of the account asked for only; other accounts of the same login gain none (seed 002, Transactions)',
    source: 'seed',
    rules: ['FD-TXN-HISTORIC-LOAD'],
  }),
  blind({
    id: 'blind-transactions-deleted-account-readable-by-id',
    rule: 'after DeleteCustomerAccount its transactions are a 404 by id too, not only gone from the lists (seed 002, Accounts: delete removes access to that data)',
    source: 'seed',
    rules: ['FD-TXN-DELETED-ACCOUNT'],
  }),
  blind({
    id: 'blind-transactions-by-id-amount-unsigned',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it, the signed amount included (seed 002, Transactions GetCustomerTransaction)',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  blind({
    id: 'blind-transactions-recurring-account-series-customer-wide',
    rule: "a series listed under an account names that account's transactions only (seed 002, Transactions: recurring transactions; provider RecurringTransactionsDetails)",
    source: 'seed',
    rules: ['FD-TXN-RECURRING'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-txn-found-counts-pending-on-account',
    rule: 'found is the number of matching transactions (provider 1.35.0, FoundResults): the account list counts the pending transactions of the window in found even when they are not included',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-2', {
    id: 'i2-txn-window-to-date-exclusive',
    rule: 'the window holds the transactions dated inside it (seed 002, Transactions: fromDate and toDate): a transaction dated exactly at toDate is left out (fromDate stays inclusive)',
    source: 'seed',
    rules: ['FD-TXN-WINDOW', 'FD-PROP-WINDOW'],
  }),
  independent('independent-2', {
    id: 'i2-txn-by-id-description-collapsed',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it (seed 002, Transactions): its description with white space collapsed and trimmed',
    source: 'seed',
    rules: ['FD-TXN-GET', 'FD-TXPUSH-TEST-TRANSACTION'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-txn-account-from-date-exclusive',
    rule: 'a window lists the transactions dated inside it, its ends included (seed 002, Transactions: fromDate and toDate): GetCustomerAccountTransactions leaves out a transaction dated exactly fromDate (GetAllCustomerTransactions keeps it)',
    source: 'seed',
    rules: ['FD-TXN-WINDOW'],
  }),
  independent('independent-3', {
    id: 'i3-txn-all-found-drops-pending',
    rule: 'found is the number of matching transactions (seed 002, Transactions paging): with includePending=true GetAllCustomerTransactions lists the pending transactions but its found counts the posted ones only',
    source: 'seed',
    rules: ['FD-TXN-PAGE-COUNTS', 'FD-TXN-PENDING'],
  }),
  independent('independent-3', {
    id: 'i3-txn-recurring-other-customer-account',
    rule: 'an accountIds entry that is not an account of the customer is a 404 (provider 1.35.0, GetRecurringTransactions): an account of another customer of the same partner is accepted and its series are answered under this customer',
    source: 'provider',
    rules: ['FD-TXN-RECURRING-UNKNOWN-ACCOUNT', 'FD-OBJ-OTHER-PARENT'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-txn-all-window-eastern-time',
    rule: 'a window lists the transactions dated inside it and none outside (seed 002, Transactions; epoch seconds are UTC): the customer list reads fromDate and toDate as US Eastern wall time, shifting the window by five hours (the account list is right)',
    source: 'seed',
    rules: ['FD-TXN-WINDOW', 'FD-PROP-WINDOW'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-txn-account-list-debits-unsigned',
    rule: 'the lists and the reader by id show a transaction alike, its amount signed (seed 002, Transactions): the account list shows debits as positive amounts',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-5', {
    id: 'i5-txn-all-page-past-end-repeats-last',
    rule: 'a page past the end is empty (provider 1.35.0, start): the customer list answers its last page again',
    source: 'provider',
    rules: ['FD-TXN-PAGE-START'],
  }),
  independent('independent-5', {
    id: 'i5-txn-by-id-amount-one-decimal',
    rule: 'GetCustomerTransaction returns the amount the lists show (seed 002, Transactions): it rounds the amount to one decimal',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-6', {
    id: 'i6-txn-all-asc-page-reversed',
    rule: 'sort=asc orders the whole list by date ascending, page by page (seed 002, Transactions; FD-TXN-SORT): the customer list builds an asc page by reversing the desc page of the same number',
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-TXN-PAGE-START'],
  }),
  independent('independent-6', {
    id: 'i6-txn-by-id-pending-404',
    rule: 'GetCustomerTransaction returns the transaction asked for, as the lists show it (FD-TXN-GET): a pending transaction listed with includePending is a 404 by id',
    source: 'assumption',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-6', {
    id: 'i6-txn-recurring-count-includes-pending',
    rule: 'countOfTransactions is the number of ids of the series (provider 1.35.0 recurring; FD-TXN-RECURRING): it also counts the pending transactions of the payee, which the ids leave out',
    source: 'provider',
    rules: ['FD-TXN-RECURRING'],
  }),
  independent('independent-6', {
    id: 'i6-txn-historic-load-other-customer-account',
    rule: "another customer's account addressed through a customer that exists is a 404 (FD-TXN-OWNER-404, FD-OBJ-OTHER-PARENT): the historic load finds the account among every customer of the partner and loads it",
    source: 'seed',
    rules: ['FD-TXN-OWNER-404', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-7', {
    id: 'i7-txn-by-id-posted-date-is-transaction-date',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it (seed 002, Transactions: a transaction has transactionDate and postedDate): the by-id read gives the transactionDate as postedDate too',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-txn-account-found-drops-undated',
    rule: 'found is the number of matching transactions (seed 002, Transactions; provider 1.35.0 found): the account list counts only the transactions that have a transactionDate, though it lists the undated ones too (by postedDate)',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-8', {
    id: 'i8-txn-all-to-date-end-of-day',
    rule: 'a window lists the transactions dated inside it and none after toDate (seed 002, Transactions - fromDate/toDate in epoch seconds): the customer list extends toDate to the end of its UTC day, so a transaction later that day is listed',
    source: 'seed',
    rules: ['FD-TXN-WINDOW', 'FD-TXN-WINDOW-EDGES'],
  }),
  independent('independent-8', {
    id: 'i8-txn-all-found-counts-deleted-account',
    rule: "found is the number of matching transactions, and a deleted account's transactions are gone (seed 002, Transactions; reference FD-OBJ-AFTER-DELETE): after an account of the customer is deleted, the customer list still counts its transactions in found (a count index not updated) while the pages leave them out",
    source: 'seed',
    rules: ['FD-TXN-PAGE-COUNTS', 'FD-OBJ-AFTER-DELETE'],
  }),
  // Seeded beside the counts after an account delete (transactions.after-delete.spec.ts; origin 'seeded').
  seeded({
    id: 'txn-all-more-available-counts-deleted-account',
    rule: "once an account is deleted the customer list pages only the transactions left (FD-TXN-COUNTS-AFTER-DELETE): moreAvailable still counts the deleted account's transactions (found is right), so the last page says more are available",
    source: 'seed',
    rules: ['FD-TXN-COUNTS-AFTER-DELETE'],
  }),
  independent('independent-9', {
    id: 'i9-txn-account-to-date-clamped-to-now',
    rule: 'the list echoes the fromDate and toDate sent (FD-TXN-ECHO; provider 1.35.0 Transactions.toDate): the account list clamps a toDate in the future to the current time and echoes that (the customer list echoes the value sent)',
    source: 'provider',
    rules: ['FD-TXN-ECHO'],
  }),
  independent('independent-10', {
    id: 'i10-txn-all-from-date-exclusive',
    rule: 'a transaction dated exactly at fromDate is listed (seed 002 Transactions, fromDate/toDate window; FD-TXN-WINDOW-EDGES): GetAllCustomerTransactions reads fromDate as exclusive, so the transaction dated exactly at it is left out; the account list keeps it',
    source: 'assumption',
    rules: ['FD-TXN-WINDOW-EDGES'],
  }),
  independent('independent-10', {
    id: 'i10-txn-account-displaying-is-limit',
    rule: 'displaying is the size of the page (provider 1.35.0 Transactions displaying; FD-TXN-PAGE-COUNTS): GetCustomerAccountTransactions gives the limit applied as displaying, wrong on a last, partial page',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-10', {
    id: 'i10-txn-by-id-pending-shown-active',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it, status included (seed 002 Transactions; FD-TXN-GET): the by-id read gives a pending transaction the status active, while the lists with includePending=true show it pending',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-11', {
    id: 'i11-txn-all-echo-sort-asc-as-desc',
    rule: 'the list echoes the sort order used (provider 1.35.0 Transactions.sort; seed 002, Transactions): the customer list sorts ascending when asked but echoes desc',
    source: 'provider',
    rules: ['FD-TXN-ECHO'],
  }),
  independent('independent-11', {
    id: 'i11-txn-account-found-drops-pending',
    rule: 'found is the number of matching transactions (provider 1.35.0 Transactions.found): with includePending=true the account list counts only its posted transactions though it lists the pending ones',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-12', {
    id: 'i12-txn-account-more-available-exact-last-page',
    rule: 'moreAvailable is true exactly when a later page holds transactions (seed 002, Paging; provider 1.35.0 Transactions.moreAvailable): on the account list a page that ends exactly at the last transaction answers moreAvailable true',
    source: 'seed',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-12', {
    id: 'i12-txn-all-from-date-day-start',
    rule: "a transaction dated before fromDate is not listed (seed 002, Transactions: fromDate/toDate in epoch seconds): the customer list starts the window at the start of fromDate's UTC day",
    source: 'seed',
    rules: ['FD-TXN-WINDOW-EDGES'],
  }),
  independent('independent-13', {
    id: 'i13-txn-by-id-description-uppercased',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it (seed 002, Transactions; provider 1.35.0 Transaction): the by-id reader upper-cases the description',
    source: 'provider',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-13', {
    id: 'i13-txn-account-echo-to-date-day-end',
    rule: 'the list echoes the toDate sent (provider 1.35.0 Transactions: toDate): the account list echoes toDate moved to the last second of its UTC day',
    source: 'provider',
    rules: ['FD-TXN-ECHO'],
  }),
  independent('independent-14', {
    id: 'i14-txn-all-displaying-is-limit',
    rule: 'displaying is the size of the page (seed 002, Transactions: pages up to the stated maximum; provider 1.35.0 found, displaying, moreAvailable): the customer-wide list gives the limit asked as displaying',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-15', {
    id: 'i15-txn-recurring-no-body-skips-pending-accounts',
    rule: "without accountIds every account of the customer is looked at for recurring transactions (seed 002, Transactions: accountIds optional): a call without a body leaves the customer's pending accounts out",
    source: 'seed',
    rules: ['FD-TXN-RECURRING-ACCOUNTS'],
  }),
  independent('independent-16', {
    id: 'i16-txn-account-default-sort-asc',
    rule: 'transactions are sorted descending when sort is not given (provider 1.35.0 GetCustomerAccountTransactions sort parameter, default desc): the account list alone answers ascending by default',
    source: 'provider',
    rules: ['FD-TXN-SORT-DEFAULT', 'FD-PROP-ORDER'],
  }),
  independent('independent-16', {
    id: 'i16-txn-by-id-amount-unsigned',
    rule: 'GetCustomerTransaction gives the transaction as listed (provider 1.35.0 Transaction.amount: debits negative): the by-id reader drops the minus sign of a debit',
    source: 'provider',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-16', {
    id: 'i16-txn-all-more-available-first-page-false',
    rule: 'moreAvailable tells whether records remain after this page (provider 1.35.0 Transactions.moreAvailable): the customer-wide list answers false on its first page whatever remains',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-16', {
    id: 'i16-txn-account-from-date-day-early',
    rule: 'the list holds the transactions dated from fromDate to toDate (provider 1.35.0 fromDate "Starting timestamp for the date range"): the account list also holds those of the day before fromDate',
    source: 'provider',
    rules: ['FD-TXN-WINDOW'],
  }),
  independent('independent-17', {
    id: 'i17-txn-account-pending-on-later-pages',
    rule: 'without includePending no pending transaction is listed (seed 002 Transactions): the account list shows them on a page after the first',
    source: 'seed',
    rules: ['FD-TXN-PENDING'],
  }),
  independent('independent-17', {
    id: 'i17-txn-all-found-leaves-pending-out',
    rule: 'found is the number of matching transactions (seed 002 Pagination): with includePending=true the customer list lists the pending ones but found leaves them out',
    source: 'seed',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-17', {
    id: 'i17-txn-account-found-counts-customer',
    rule: 'found is the number of matching transactions (seed 002 Pagination): the account list counts the transactions of every account of the customer',
    source: 'seed',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-18', {
    id: 'i18-txn-all-asc-later-page-reversed',
    rule: 'a page after the first answers under the query of the first, sort included (provider 1.35.0 sort; seed 002 Transactions): on the customer list with sort=asc a later page is ordered descending',
    source: 'provider',
    rules: ['FD-TXN-PAGE-KEEPS-QUERY', 'FD-TXN-SORT'],
  }),
  independent('independent-18', {
    id: 'i18-txn-account-pending-more-available-false',
    rule: 'moreAvailable is true exactly when a later page holds transactions (provider 1.35.0 moreAvailable): the account list with includePending=true always says false',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-18', {
    id: 'i18-txn-by-id-transaction-date-day-start',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it, dates included (seed 002, Transactions): the by-id read gives transactionDate at the start of its UTC day',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-18', {
    id: 'i18-txn-account-to-date-edge-excluded-with-pending',
    rule: 'a transaction dated exactly at toDate is listed (provider 1.35.0 toDate inclusive): the account list with includePending=true leaves out the transactions dated at toDate',
    source: 'provider',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-PROP-WINDOW'],
  }),
  // Seeded beside the window edges put on an item without transactionDate (transactions.filters.spec.ts).
  seeded({
    id: 'seeded-fam25-txn-account-undated-to-edge-excluded',
    rule: 'FD-TXN-WINDOW-EDGES: the account list leaves out a transaction without transactionDate posted exactly at toDate (toDate exclusive for postedDate)',
    source: 'seed',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-20', {
    id: 'i20-txn-undated-from-edge-excluded',
    rule: 'a transaction dated exactly at fromDate is listed, one without transactionDate dated by its postedDate (seed 002 Transactions; provider 1.35.0 fromDate inclusive): a transaction without transactionDate posted exactly at fromDate is left out of both lists',
    source: 'seed',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-21', {
    id: 'i21-txn-by-id-posted-date-ms',
    rule: 'dates are epoch seconds and GetCustomerTransaction returns the transaction as the lists show it (seed 002 Transactions; provider 1.35.0): the by-id read gives postedDate in milliseconds',
    source: 'provider',
    rules: ['FD-TXN-DATE-SECONDS', 'FD-TXN-GET'],
  }),
  independent('independent-21', {
    id: 'i21-txn-account-found-leaves-pending-out',
    rule: 'found is the number of matching transactions (provider 1.35.0 paging): with includePending the account list lists the pending transactions but found leaves them out',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-22', {
    id: 'i22-txn-account-asc-more-available-last-page',
    rule: 'moreAvailable is true exactly when a later page holds transactions (provider 1.35.0 Transactions paging): under sort=asc the account list answers moreAvailable true on its last page',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-22', {
    id: 'i22-txn-all-asc-to-date-edge-excluded',
    rule: 'a transaction dated exactly at toDate is listed (reference financial-data.md, the window is inclusive): under sort=asc the customer list leaves out the transaction dated exactly at toDate',
    source: 'assumption',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-22', {
    id: 'i22-txn-all-pending-of-first-account-only',
    rule: 'with includePending=true the pending transactions are listed (seed 002 Transactions): the customer list includes only the pending transactions of the first account of the customer',
    source: 'seed',
    rules: ['FD-TXN-PENDING'],
  }),
  independent('independent-24', {
    id: 'i24-txn-all-later-page-found-remaining',
    rule: 'found is the number of matching transactions on every page (provider 1.35.0 Transactions counts): a later page of GetAllCustomerTransactions counts found from its own start on',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS'],
  }),
  independent('independent-24', {
    id: 'i24-txn-by-id-credit-card-sign-flipped',
    rule: "GetCustomerTransaction returns the transaction as the lists show it (seed 002 Transactions): the by-id read gives a credit card's transaction amount with its sign flipped",
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-25', {
    id: 'i25-txn-account-later-page-starts-one-early',
    rule: 'start selects the page and the pages of a set are disjoint (provider 1.35.0 StartParameter): a later page of GetCustomerAccountTransactions begins with the last transaction of the page before it',
    source: 'provider',
    rules: ['FD-TXN-PAGE-START'],
  }),
  independent('independent-25', {
    id: 'i25-txn-all-desc-from-date-edge-excluded',
    rule: 'the window includes a transaction dated exactly at fromDate (seed 002, Transactions, from and to dates): under the default descending order GetAllCustomerTransactions leaves it out',
    source: 'seed',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-PROP-WINDOW'],
  }),
  independent('independent-25', {
    id: 'i25-txn-by-id-credit-amount-in-cents',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it (seed 002, Transactions): a credit is given with its amount in cents',
    source: 'seed',
    rules: ['FD-TXN-GET'],
  }),
  independent('independent-26', {
    id: 'i26-txn-daily-balance-pending-counted',
    rule: 'each daily balance is the account balance counted back over its posted transactions (provider 1.35.0 DailyBalance; seed 002, Transactions): the daily balances of GetCustomerAccountTransactions count the pending transactions too',
    source: 'provider',
    rules: ['FD-TXN-DAILY-BALANCE'],
  }),
  independent('independent-27', {
    id: 'i27-txn-by-id-amount-as-string',
    rule: 'a transaction amount is a number (provider 1.35.0, Transaction.amount): GetCustomerTransaction answers it as a decimal string',
    source: 'provider',
    rules: ['FD-TYPE-FORMS', 'FD-TXN-ECHO'],
  }),
  independent('independent-28', {
    id: 'i28-fd-txn-by-id-partner-wide',
    rule: 'GetCustomerTransaction reads a transaction of the customer of the path (seed 002, Transactions; 404 otherwise): a transaction of another customer of the same partner is answered 200',
    source: 'seed',
    rules: ['FD-TXN-OWNER-404', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-txn-by-id-posted-date-eastern',
    rule: 'GetCustomerTransaction returns the transaction as the lists show it, dates in epoch seconds (seed 002, Transactions; reference, Dates): postedDate is moved by the US Eastern offset',
    source: 'seed',
    rules: ['FD-TXN-GET', 'FD-DATE-UNIT'],
  }),
  independent('independent-29', {
    id: 'i29-fd-txn-all-later-page-no-more-available',
    rule: 'moreAvailable says whether transactions follow the page (seed 002, Transactions paging; provider 1.35.0): a later page of the customer list says none follow when some do',
    source: 'provider',
    rules: ['FD-TXN-PAGE-COUNTS', 'FD-TXN-PAGE-START'],
  }),
  independent('independent-30', {
    id: 'i30-fd-recurring-maximum-is-latest-amount',
    rule: "a series' maximumHistoricalAmount is the largest of its transactions' amounts (seed 002, Transactions: recurring transactions; provider 1.35.0 RecurringTransaction): it is the amount of the series' latest transaction",
    source: 'provider',
    rules: ['FD-TXN-RECURRING-FIGURES'],
  }),
  independent('independent-31', {
    id: 'i31-fd-txn-all-window-eastern',
    rule: "GetAllCustomerTransactions answers the transactions dated from fromDate to toDate, epoch seconds (seed 002, Transactions; reference, Dates): the customer list reads fromDate as US Eastern wall time, leaving out the transactions of the window's first five hours",
    source: 'seed',
    rules: ['FD-TXN-WINDOW-EDGES', 'FD-TXN-WINDOW', 'FD-DATE-UNIT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-recurring-account-filter-first-id-only',
    rule: 'GetRecurringTransactions identifies recurring transactions in the one or more accounts named (seed 002, Transactions; provider AccountIds): of several accountIds only the first is read, the others left out of the answer',
    source: 'seed',
    rules: ['FD-TXN-RECURRING-ACCOUNTS'],
  }),
  independent('independent-34', {
    id: 'i34-fd-txn-account-reader-asc-ignored',
    rule: "sort=asc lists transactions oldest first (seed 002, Transactions: sort; provider 1.35.0, GetCustomerAccountTransactions sort): the account's transaction list answers newest first under sort=asc",
    source: 'seed',
    rules: ['FD-TXN-SORT', 'FD-PROP-ORDER'],
  }),
  independent('independent-34', {
    id: 'i34-fd-txn-all-page-one-extra',
    rule: 'a page holds at most limit transactions (seed 002, Transactions: limit; Limits): the customer-wide list puts one transaction more than the limit on a page that is not the last',
    source: 'seed',
    rules: ['FD-TXN-PAGE-LIMIT', 'FD-PROP-PAGING'],
  }),
  independent('independent-35', {
    id: 'i35-fd-recurring-mean-of-magnitudes',
    rule: "recurring transactions identify recurring debits and credits (seed 002, Transactions; provider 1.35.0 recurring series historical amounts): an outflow series' meanHistoricalAmount is taken over the amounts' magnitudes, a positive mean beside the negative minimum, maximum and median of the same transactions",
    source: 'seed',
    rules: ['FD-TXN-RECURRING-FIGURES', 'FD-TXN-RECURRING'],
  }),
  independent('independent-36', {
    id: 'i36-fd-recurring-count-misses-first',
    rule: 'countOfTransactions counts the transactions of the series (provider 1.35.0, recurring transaction stream; seed 002, Transactions: recurring debits and credits): the count leaves out the first transaction while transactionIds lists it',
    source: 'provider',
    rules: ['FD-TXN-RECURRING-FIGURES'],
  }),
  independent('independent-37', {
    id: 'i37-fd-recurring-account-rows-named-first',
    rule: "recurring transactions are identified per account (seed 002, Transactions: recurring debits and credits in one or more accounts): every per-account row names the first account chosen, the later rows' streams under the wrong account id",
    source: 'seed',
    rules: ['FD-TXN-RECURRING-ACCOUNTS', 'FD-TXN-RECURRING'],
  }),
  independent('independent-37', {
    id: 'i37-fd-txn-daily-balance-debits-left-out',
    rule: "a daily balance's beginning and ending agree with the day's posted transactions (provider 1.35.0 DailyBalance, with showDailyBalance on GetCustomerAccountTransactions): the beginning balance is counted back from the day's credits alone, as if its debits had not moved it",
    source: 'provider',
    rules: ['FD-TXN-DAILY-BALANCE', 'FD-DERIVED-COUNTS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-txn-by-id-transaction-date-pacific',
    rule: 'transaction dates are epoch seconds, the same instant on every reader (seed 002, Transactions transactionDate; reference Dates): the by-id read gives transactionDate as US Pacific wall time read as UTC',
    source: 'seed',
    rules: ['FD-TXN-GET', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
]);
