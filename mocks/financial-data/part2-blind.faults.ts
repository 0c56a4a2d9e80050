// Faults of financial data part 2 written blind: each breaks one rule of seed 002, the
// provider's document (1.35.0) or reference/financial-data.md, the way a provider's engineer would,
// written from the rules, the contract and the mock without reading the suite's specs.
// `npm run mutation -- --service financial-data --blind` measures them with those of part 1.
import type { Fault } from '../kit/faults.js';

export const blind = (f: Omit<Fault, 'origin'>): Fault => ({ ...f, origin: 'blind' });

export const FD_PART2_BLIND_FAULTS: Fault[] = [
  // Accounts (seed 002, Accounts; provider 1.35.0 CustomerAccount(s), refresh v1 / v2; reference Identifiers).
  blind({ id: 'blind-accounts-deleted-login-listed-by-institution', rule: "after a delete of a login its accounts are absent from every list, GetCustomerAccountsByInstitution included (seed 002, Accounts: delete removes access to that data)", source: 'seed', rules: ['FD-ACCT-DELETE-LOGIN'] }),
  blind({ id: 'blind-accounts-delete-account-empties-login-in-simple-list', rule: 'after DeleteCustomerAccount the other accounts of its login stay in GetCustomerAccountsSimple (seed 002, Accounts: other permissioned accounts stay accessible)', source: 'seed', rules: ['FD-ACCT-DELETE-KEEPS-OTHERS'] }),
  blind({ id: 'blind-accounts-second-login-delete-204', rule: 'a second delete of an institution login is a 404, not an idempotent 204 (seed 002, Accounts; Errors 404)', source: 'seed', rules: ['FD-ACCT-DELETE-AGAIN'] }),
  blind({ id: 'blind-accounts-refresh-v2-success-date-only', rule: 'a v2 refresh moves the aggregationAttemptDate of the accounts it covers (seed 002, Accounts: completion is seen as an updated aggregation attempt date)', source: 'seed', rules: ['FD-ACCT-REFRESH-DATE'] }),
  blind({ id: 'blind-accounts-refresh-v1-login-answers-all', rule: 'refresh v1 by login answers exactly the accounts it refreshed, those of the login (seed 002, Accounts: refresh v1 200; provider RefreshCustomerAccountsResponse)', source: 'seed', rules: ['FD-ACCT-REFRESH-V1'] }),
  blind({ id: 'blind-accounts-type-filter-overrides-status', rule: 'GetCustomerAccounts applies status and account_type together: checking with status=pending is the one pending checking account (seed 002, Accounts query: account status, account type)', source: 'seed', rules: ['FD-ACCT-FILTER-TYPE'] }),
  blind({ id: 'blind-accounts-by-institution-simple-by-routing', rule: "the by-institution simple list holds exactly the customer's active accounts at that institution, not those of another institution sharing a routing number (seed 002, Accounts; provider 1.35.0)", source: 'seed', rules: ['FD-ACCT-BY-INSTITUTION'] }),
  blind({ id: 'blind-accounts-migrate-full-number', rule: 'the migration answer never carries the full account number: number shows only the last four digits (provider AccountNumberDisplay; docs/conventions.md, Secrets and card data)', source: 'assumption', rules: ['FD-ACCT-NUMBER-MASKED'] }),
  blind({
    id: 'blind-accounts-account-id-any-string', rule: 'an account id in a path that is not a string of digits is a 400, not a 404 (reference, Identifiers)', source: 'assumption', rules: ['FD-ACCT-ID-FORMAT'],
    relax: [{ schema: 'AccountIdParam', drop: ['pattern'] }],
  }),
  // Transactions (seed 002, Transactions and Limits; provider 1.35.0 Transactions, SortParameter).
  blind({ id: 'blind-transactions-window-by-posted-date', rule: 'the fromDate / toDate window applies to transactionDate (postedDate only when there is none), not to postedDate (seed 002, Transactions)', source: 'seed', rules: ['FD-TXN-WINDOW'] }),
  blind({ id: 'blind-transactions-all-grouped-by-account', rule: 'GetAllCustomerTransactions is one list sorted by date across the accounts, not each account sorted in turn (seed 002, Transactions; provider SortParameter default desc)', source: 'seed', rules: ['FD-TXN-SORT', 'FD-TXN-SORT-DEFAULT'] }),
  blind({ id: 'blind-transactions-pending-ignored-on-all', rule: 'includePending=true lists pending transactions on the customer list as on the account list (seed 002, Transactions: include pending)', source: 'seed', rules: ['FD-TXN-PENDING'] }),
  blind({ id: 'blind-transactions-page-cap-off-by-one', rule: 'a page holds up to 1000 transactions: limit 1000 gives 1000, not 999 (seed 002, Limits)', source: 'seed', rules: ['FD-TXN-PAGE-1000'] }),
  blind({ id: 'blind-transactions-echo-from-date-day-start', rule: 'the list echoes the fromDate sent, as sent, not rounded to the start of its day (provider 1.35.0 Transactions.fromDate)', source: 'provider', rules: ['FD-TXN-ECHO'] }),
  blind({ id: 'blind-transactions-standard-history-186-days', rule: 'standard aggregation reaches 180 days before the account was added, not six months of 31 days (seed 002, Transactions and Limits)', source: 'seed', rules: ['FD-TXN-STANDARD-HISTORY'] }),
  blind({ id: 'blind-transactions-historic-load-whole-login', rule: 'the historic load adds the older transactions of the account asked for only; other accounts of the same login gain none (seed 002, Transactions)', source: 'seed', rules: ['FD-TXN-HISTORIC-LOAD'] }),
  blind({ id: 'blind-transactions-deleted-account-readable-by-id', rule: 'after DeleteCustomerAccount its transactions are a 404 by id too, not only gone from the lists (seed 002, Accounts: delete removes access to that data)', source: 'seed', rules: ['FD-TXN-DELETED-ACCOUNT'] }),
  blind({ id: 'blind-transactions-by-id-amount-unsigned', rule: 'GetCustomerTransaction returns the transaction as the lists show it, the signed amount included (seed 002, Transactions GetCustomerTransaction)', source: 'seed', rules: ['FD-TXN-GET'] }),
  blind({ id: 'blind-transactions-recurring-account-series-customer-wide', rule: "a series listed under an account names that account's transactions only (seed 002, Transactions: recurring transactions; provider RecurringTransactionsDetails)", source: 'seed', rules: ['FD-TXN-RECURRING'] }),
  // Payments data (seed 002, Payments data; provider 1.35.0 balance_cache_interval, PaymentEnablementBundle, owner v3).
  blind({ id: 'blind-payments-data-peb-cache-age-whole-minutes', rule: 'the bundle refreshes a balance one second older than balance_cache_interval; its age is not rounded down to whole minutes (seed 002, Payments data; provider PebAllowedBalanceCacheInterval)', source: 'seed', rules: ['FD-PAY-BALANCE-CACHE'] }),
  blind({ id: 'blind-payments-data-cached-date-now', rule: 'the cached-only balance shows the balanceDate of the last live read, not the time of the response (seed 002, Payments data: cached-only variant)', source: 'seed', rules: ['FD-PAY-CACHED-READER'] }),
  blind({ id: 'blind-payments-data-owner-v3-unknown-404', rule: 'owner v3 of an account the customer does not have is a 400, the operation documents no 404 (seed 002, Payments data; provider BadRequestErrorResponse)', source: 'provider', rules: ['FD-PAY-OWNER-V3-UNKNOWN'] }),
  blind({ id: 'blind-payments-data-owner-v3-insights-ignored', rule: 'withInsights=true returns identityInsights on owner v3 (provider 1.35.0 WithInsightsParameter)', source: 'provider', rules: ['FD-PAY-INSIGHTS'] }),
  blind({ id: 'blind-payments-data-peb-error-count-per-account', rule: 'the bundle errorCount is the number of section errors, not of accounts with an error (provider 1.35.0 PaymentEnablementBundle)', source: 'provider', rules: ['FD-PAY-PEB-COUNTS'] }),
  blind({
    id: 'blind-payments-data-match-last-name-optional', rule: 'owner match: the name requires firstName and lastName, a name without lastName is a 400 (seed 002, Payments data: the name value is required; provider AccountOwnerVerificationMatchingRequestName)', source: 'provider', rules: ['FD-PAY-MATCH-NAME-REQUIRED'],
    relax: [{ schema: 'OwnerMatchName', unrequire: ['lastName'] }],
  }),
  // Payment success indicators (seed 002, PSI; provider 1.35.0 SettleByDate, IncludeReasons, PayPurposeCode).
  blind({ id: 'blind-psi-legacy-days-from-tomorrow', rule: 'the legacy reads describe consecutive potential settlement dates from today (day0), not from tomorrow (provider 1.35.0 SettleByDate)', source: 'provider', rules: ['FD-PSI-DAYS'] }),
  blind({ id: 'blind-psi-reasons-ignored-on-fcra', rule: 'include_reasons=true puts the reason codes on every daily result of the FCRA read too (seed 002, PSI: include reasons; provider IncludeReasonsParameter)', source: 'provider', rules: ['FD-PSI-REASONS'] }),
  blind({ id: 'blind-psi-fcra-readback-amount-cents', rule: 'the FCRA run reads back with the transaction sent, its amount in dollars as sent, not in cents (seed 002, PSI: 202 then the get by payRequestId)', source: 'seed', rules: ['FD-PSI-READ-BACK'] }),
  blind({ id: 'blind-psi-warning-against-cleared-balance', rule: 'code 2000 comes when the settlement amount exceeds the available balance, not the cleared balance (provider 1.35.0 PaymentSuccessIndicatorWarningExample)', source: 'provider', rules: ['FD-PSI-BALANCE-WARNING'] }),
  blind({
    id: 'blind-psi-amount-zero-accepted', rule: 'the transaction amount to rate is above 0: 0 is a 400 (provider 1.35.0 PaymentSuccessIndicatorsTransactionAmount, exclusive minimum 0)', source: 'provider', rules: ['FD-PSI-AMOUNT-POSITIVE'],
    relax: [{ schema: 'PsiAmount', drop: ['exclusiveMinimum'], set: { minimum: 0 } }],
  }),
  blind({
    id: 'blind-psi-legacy-purpose-any-code', rule: 'the legacy FCRA read accepts the purpose code 1P only; another two-character code is a 400 (provider 1.35.0 PayPurposeCodeParameter; 400 example 10005)', source: 'provider', rules: ['FD-PSI-LEGACY-PURPOSE'],
  }),
  // Statements, pay statements, assets (seed 002, Statements, pay statements, assets; Limits; provider 1.35.0).
  blind({ id: 'blind-statements-v3-default-all', rule: 'without index, statement details give one detail, of index 1 (provider 1.35.0 StatementIndexesParameter default "1")', source: 'provider', rules: ['FD-STMT-DEFAULT-INDEX'] }),
  blind({ id: 'blind-statements-v3-index-is-position', rule: 'each statement detail carries the index asked for, not its position in the list (provider 1.35.0 CustomerAccountMultipleStatement.index)', source: 'provider', rules: ['FD-STMT-INDEX-ORDER'] }),
  blind({ id: 'blind-statements-asset-crlf', rule: "a statement detail's asset downloads the same PDF bytes as v1 with that index (seed 002, Statements: the asset id is then used with the asset retrieval)", source: 'seed', rules: ['FD-STMT-ASSET-LINK'] }),
  blind({
    id: 'blind-statements-index-max-23', rule: 'statement index accepts 1 to 24: 24 is served (seed 002, Limits: statements up to 24 months; provider StatementIndexParameter maximum 24)', source: 'seed', rules: ['FD-STMT-INDEX-RANGE'],
    relax: [{ schema: 'StatementIndex', set: { maximum: 23 } }],
  }),
  // Micro entries (seed 002, Micro entries and switches; Limits; Errors 409, 429; provider 1.35.0).
  blind({ id: 'blind-micro-entries-deposited-after-23-hours', rule: 'micro entries stay Pending until 24 hours after initiation (still Pending a minute before), Completed from then on (provider MicroDepositStatus; catalogue assumption)', source: 'assumption', rules: ['FD-MICRO-DETAILS'] }),
  blind({ id: 'blind-micro-entries-creation-date-eastern', rule: 'the details creationDate is the initiation time in UTC without zone, not a local wall time (provider 1.35.0 MicroDepositDetails.creationDate NoZoneDateTime)', source: 'provider', rules: ['FD-MICRO-DETAILS'] }),
  blind({ id: 'blind-micro-entries-rate-per-partner', rule: 'the 429 counts the initiations of one customer: another customer is not affected (seed 002, Errors 429; catalogue: five per customer in 24 hours)', source: 'assumption', rules: ['FD-MICRO-RATE'] }),
  blind({ id: 'blind-micro-entries-initiate-echoes-receiver', rule: 'no micro entry answer carries the full account number sent, the initiation included (provider 1.35.0 InitiatedMicroDeposit, accountNumberLast4; docs/conventions.md, Secrets and card data)', source: 'provider', rules: ['FD-MICRO-MASKING'] }),
  blind({ id: 'blind-micro-entries-details-after-customer-deleted', rule: 'every micro entry route of a deleted customer is a 404, the details read included (seed 002, Errors 404)', source: 'seed', rules: ['FD-MICRO-NOT-FOUND'] }),
  blind({
    id: 'blind-micro-entries-amount-one-dollar-accepted', rule: 'each micro amount is under one dollar: 1.00 is a 400 and no attempt (seed 002, Limits: two micro amounts, each under one dollar)', source: 'seed', rules: ['FD-MICRO-AMOUNT-RANGE'],
    relax: [{ schema: 'MicroDepositVerification', at: ['properties', 'amounts', 'items'], set: { maximum: 1 } }],
  }),
  // Switches (seed 002, Resources - Switch; Micro entries and switches; provider 1.35.0 switch details).
  blind({ id: 'blind-switches-details-created-is-updated', rule: "a switch's details give the createdDate of the list, not its last update (seed 002, details by switch_id; provider DepositSwitchDetails, PaySwitchDetails)", source: 'seed', rules: ['FD-SW-DETAILS'] }),
  blind({ id: 'blind-switches-deposit-details-any-kind', rule: 'a bill pay switch asked for as a deposit switch is a 404 (seed 002, Resources - Switch: deposit or bill pay; Errors 404)', source: 'seed', rules: ['FD-SW-OTHER-KIND'] }),
  blind({ id: 'blind-switches-external-includes-untagged', rule: 'the external id list holds exactly the deposit switches carrying that external id, not the untagged ones of the same customer (seed 002, Resources - Switch: also found by external_id)', source: 'seed', rules: ['FD-SW-EXTERNAL'] }),
  blind({ id: 'blind-switches-bill-pay-list-without-failure-reason', rule: "a failed switch carries its failureReason in the list too, the bill pay list included (provider 1.35.0 status 'failed - refer to failureReason')", source: 'provider', rules: ['FD-SW-FAILURE-REASON'] }),
  blind({ id: 'blind-switches-bill-pay-bank-full-number', rule: 'bank payment methods name the linked account by routing number and its last four digits only, never the full number (provider 1.35.0 paymentMethods.endsWith; docs/conventions.md, Secrets and card data)', source: 'provider', rules: ['FD-SW-ACCOUNT-DIGITS'] }),
];
