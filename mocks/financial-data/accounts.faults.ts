// Faults of accounts (switched in accounts.ts): each breaks one rule of schemas/financial-
// data/rules/accounts.yaml, the way a provider's release might. `rules` names the rule ids it breaks
// (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's authors
// first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded } from '../kit/faults.js';

export const ACCOUNTS_FAULTS = faultCatalogue([
  // Simple variants (seed 002, Accounts: basic information of active accounts).
  {
    id: 'accounts-simple-list-shows-pending',
    rule: 'GetCustomerAccountsSimple lists only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-list-simple)',
    source: 'seed',
    rules: ['FD-ACCT-SIMPLE-ACTIVE'],
  },
  {
    id: 'accounts-simple-by-login-shows-pending',
    rule: 'the simple by-login list holds only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-by-login-simple)',
    source: 'seed',
    rules: ['FD-ACCT-SIMPLE-ACTIVE'],
  },
  {
    id: 'accounts-simple-by-institution-shows-pending',
    rule: 'the simple by-institution list holds only active accounts (FD-ACCT-SIMPLE-ACTIVE@acct-by-institution-simple)',
    source: 'seed',
    rules: ['FD-ACCT-SIMPLE-ACTIVE'],
  },
  {
    id: 'accounts-simple-by-login-carries-balance',
    rule: 'simple items carry basic information only, no balance or detail (FD-ACCT-SIMPLE-BASIC)',
    source: 'seed',
    rules: ['FD-ACCT-SIMPLE-BASIC'],
  },
  {
    id: 'accounts-simple-one-pending-404',
    rule: 'GetCustomerAccountSimple answers a pending account with its record (FD-ACCT-SIMPLE-ONE-PENDING)',
    source: 'provider',
    rules: ['FD-ACCT-SIMPLE-ONE-PENDING'],
  },
  {
    id: 'accounts-simple-one-wrong-login',
    rule: "GetCustomerAccountSimple shows the account's own institution login (FD-ACCT-IDS@acct-get-simple)",
    source: 'provider',
    rules: ['FD-ACCT-IDS'],
  },
  // Full readers and filters.
  {
    id: 'accounts-list-hides-pending',
    rule: 'GetCustomerAccounts without a filter lists the pending account too (FD-ACCT-FULL-PENDING@acct-list)',
    source: 'provider',
    rules: ['FD-ACCT-FULL-PENDING'],
  },
  {
    id: 'accounts-by-login-simple-all-logins',
    rule: "the simple by-login list holds exactly that login's accounts (FD-ACCT-BY-LOGIN@acct-by-login-simple)",
    source: 'seed',
    rules: ['FD-ACCT-BY-LOGIN'],
  },
  {
    id: 'accounts-by-institution-lists-pending',
    rule: 'the by-institution list holds exactly the active accounts there (FD-ACCT-BY-INSTITUTION@acct-by-institution)',
    source: 'provider',
    rules: ['FD-ACCT-BY-INSTITUTION'],
  },
  {
    id: 'accounts-by-institution-simple-all',
    rule: 'the simple by-institution list holds only accounts at that institution (FD-ACCT-BY-INSTITUTION@acct-by-institution-simple)',
    source: 'seed',
    rules: ['FD-ACCT-BY-INSTITUTION'],
  },
  {
    id: 'accounts-status-filter-ignored',
    rule: 'the account status filter narrows GetCustomerAccounts (FD-ACCT-FILTER-STATUS)',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-STATUS'],
  },
  {
    id: 'accounts-type-filter-ignored',
    rule: 'the account type filter narrows GetCustomerAccounts (FD-ACCT-FILTER-TYPE)',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-TYPE'],
  },
  {
    id: 'accounts-unsupported-type-empty',
    rule: 'an unsupported account type is a 400, not an empty list (FD-ACCT-TYPE-UNSUPPORTED)',
    source: 'provider',
    rules: ['FD-ACCT-TYPE-UNSUPPORTED'],
  },
  // Deletion of access (seed 002: removes access to that data only).
  {
    id: 'accounts-deleted-login-still-listed',
    rule: "a deleted login's accounts leave GetCustomerAccounts too (FD-ACCT-DELETE-LOGIN@acct-list)",
    source: 'seed',
    rules: ['FD-ACCT-DELETE-LOGIN'],
  },
  {
    id: 'accounts-deleted-account-simple-readable',
    rule: 'a deleted account is 404 through GetCustomerAccountSimple too (FD-ACCT-DELETE-ACCOUNT@acct-get-simple)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT'],
  },
  {
    id: 'accounts-delete-account-drops-login',
    rule: "deleting one account keeps the login's other accounts (FD-ACCT-DELETE-KEEPS-OTHERS)",
    source: 'seed',
    rules: ['FD-ACCT-DELETE-KEEPS-OTHERS'],
  },
  {
    id: 'accounts-second-delete-204',
    rule: 'a second delete of an account is a 404 (FD-ACCT-DELETE-AGAIN)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-AGAIN'],
  },
  // Migration and refresh.
  {
    id: 'accounts-migrate-returns-all',
    rule: 'migration answers exactly the accounts of that login (FD-ACCT-MIGRATE)',
    source: 'seed',
    rules: ['FD-ACCT-MIGRATE'],
  },
  {
    id: 'accounts-refresh-v1-204',
    rule: 'refresh v1 by login answers 200 with the accounts (FD-ACCT-REFRESH-V1@acct-refresh-login)',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-V1'],
  },
  {
    id: 'accounts-refresh-v2-200',
    rule: 'refresh v2 of a customer answers 204 (FD-ACCT-REFRESH-V2@acct-refresh-customer-v2)',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-V2'],
  },
  {
    id: 'accounts-refresh-v2-date-unchanged',
    rule: 'a v2 refresh by login updates aggregationAttemptDate (FD-ACCT-REFRESH-DATE@acct-refresh-login-v2)',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE'],
  },
  {
    id: 'accounts-refresh-login-touches-all',
    rule: "a refresh by login touches only that login's accounts (FD-ACCT-REFRESH-SCOPE)",
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-SCOPE'],
  },
  // Dates, ids, account numbers.
  {
    id: 'accounts-refresh-date-ms',
    rule: 'aggregationAttemptDate is epoch seconds after a refresh (FD-ACCT-DATES)',
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  },
  // Seeded beside the date checker of every answer (helpers/client/invariants/dates.ts).
  seeded({
    id: 'account-simple-by-id-dates-ms',
    rule: 'FD-DATE-UNIT: GetCustomerAccountSimple, a less used reader, gives every date of the account in milliseconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  }),
  {
    id: 'accounts-created-date-ms',
    rule: 'createdDate is epoch seconds on the simple by-institution list too (FD-ACCT-DATES@acct-by-institution-simple)',
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  },
  {
    id: 'accounts-login-id-as-string',
    rule: 'institutionLoginId is an integer (FD-ACCT-IDS@acct-list-simple)',
    source: 'provider',
    rules: ['FD-ACCT-IDS'],
  },
  {
    id: 'accounts-display-first-four',
    rule: 'accountNumberDisplay shows the LAST four digits (FD-ACCT-NUMBER-MASKED)',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  },
  {
    id: 'accounts-number-last-six',
    rule: 'number never shows more than the last four digits (FD-ACCT-NUMBER-MASKED@acct-by-institution)',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  },
  {
    id: 'accounts-id-pattern-unchecked',
    rule: 'a malformed account id in a path is a 400 (FD-ACCT-ID-FORMAT)',
    source: 'assumption',
    rules: ['FD-ACCT-ID-FORMAT'],
    relax: [{ schema: 'AccountIdParam', drop: ['pattern'] }],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Accounts (seed 002, Accounts; provider 1.35.0 CustomerAccount(s), refresh v1 / v2; reference Identifiers).
  blind({
    id: 'blind-accounts-deleted-login-listed-by-institution',
    rule: 'after a delete of a login its accounts are absent from every list, GetCustomerAccountsByInstitution included (seed 002, Accounts: delete removes access to that data)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-LOGIN'],
  }),
  blind({
    id: 'blind-accounts-delete-account-empties-login-in-simple-list',
    rule: 'after DeleteCustomerAccount the other accounts of its login stay in GetCustomerAccountsSimple (seed 002, Accounts: other permissioned accounts stay accessible)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-KEEPS-OTHERS'],
  }),
  blind({
    id: 'blind-accounts-second-login-delete-204',
    rule: 'a second delete of an institution login is a 404, not an idempotent 204 (seed 002, Accounts; Errors 404)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-AGAIN'],
  }),
  blind({
    id: 'blind-accounts-refresh-v2-success-date-only',
    rule: 'a v2 refresh moves the aggregationAttemptDate of the accounts it covers (seed 002, Accounts: completion is seen as an updated aggregation attempt date)',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE'],
  }),
  blind({
    id: 'blind-accounts-refresh-v1-login-answers-all',
    rule: 'refresh v1 by login answers exactly the accounts it refreshed, those of the login (seed 002, Accounts: refresh v1 200; provider RefreshCustomerAccountsResponse)',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-V1'],
  }),
  blind({
    id: 'blind-accounts-type-filter-overrides-status',
    rule: 'GetCustomerAccounts applies status and account_type together: checking with status=pending is the one pending checking account (seed 002, Accounts query: account status, account type)',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-TYPE'],
  }),
  blind({
    id: 'blind-accounts-by-institution-simple-by-routing',
    rule: "the by-institution simple list holds exactly the customer's active accounts at that institution, not those of another institution sharing a routing number (seed 002, Accounts; provider 1.35.0)",
    source: 'seed',
    rules: ['FD-ACCT-BY-INSTITUTION'],
  }),
  blind({
    id: 'blind-accounts-migrate-full-number',
    rule: 'the migration answer never carries the full account number: number shows only the last four digits (provider AccountNumberDisplay; docs/conventions.md, Secrets and card data)',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  blind({
    id: 'blind-accounts-account-id-any-string',
    rule: 'an account id in a path that is not a string of digits is a 400, not a 404 (reference, Identifiers)',
    source: 'assumption',
    rules: ['FD-ACCT-ID-FORMAT'],
    relax: [{ schema: 'AccountIdParam', drop: ['pattern'] }],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-accounts-simple-list-cached',
    rule: "a refresh's completion is seen as an updated aggregation attempt date on the account (seed 002, Accounts), through every reader: GetCustomerAccountsSimple answers the customer's list as it was at its last call, a cache a delete clears but a refresh does not",
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE', 'FD-ACCT-DATES'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-accounts-simple-after-customer-delete',
    rule: "after DeleteCustomer every operation addressed through the customer's id is a 404 (seed 002, Customers delete; Errors 404): GetCustomerAccountsSimple still lists the deleted customer's accounts",
    source: 'assumption',
    rules: ['FD-CUST-DELETE-LINKED'],
  }),
  independent('independent-2', {
    id: 'i2-accounts-by-login-real-number',
    rule: 'the full account number is never answered by an account reader (reference; docs Secrets): the by-login list adds realAccountNumber to each record',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-2', {
    id: 'i2-accounts-delete-other-customer-account',
    rule: 'an account is reached only through its own customer (seed 002, Errors 404): DeleteCustomerAccount deletes an account of another customer of the partner named under this customer (the readers refuse it)',
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-ACCT-DELETE-KEEPS-OTHERS'],
  }),
  independent('independent-2', {
    id: 'i2-accounts-refresh-customer-skips-pending',
    rule: "a refresh moves the aggregation attempt date of every account it covers (seed 002, Accounts): the v1 refresh of the customer leaves the pending account's date unchanged",
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-accounts-one-other-customer',
    rule: "a child object named under another parent is refused (seed 002, Accounts; reference, object-level authorization): GetCustomerAccount (the full record) answers another customer's account of the same partner named under this customer, while the simple variant, the lists and the delete answer 404",
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-TXN-OWNER-404'],
  }),
  independent('independent-3', {
    id: 'i3-accounts-deleted-login-full-readable',
    rule: 'after a 204 delete of a login each of its accounts is 404 by id, full and simple (seed 002, Accounts: deleting access): GetCustomerAccount still answers the full record of an account of the deleted login (the simple variant and the lists no longer show it)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-LOGIN', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-3', {
    id: 'i3-accounts-refresh-v1-login-other-customer',
    rule: "an institution login that is not the customer's is refused (seed 002, Accounts refresh by login): RefreshCustomerAccountsByInstitutionLogin (v1) refreshes and answers the accounts of another customer's login of the same partner named under this customer (v2 and the readers answer 404)",
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-ACCT-REFRESH-SCOPE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-accounts-type-filter-case-folded',
    rule: 'an account_type outside the supported types is a 400 (provider AccountTypeParameter 400 example): the type is compared without case, so Savings lists the savings accounts instead of a 400',
    source: 'provider',
    rules: ['FD-ACCT-TYPE-UNSUPPORTED', 'FD-ACCT-FILTER-TYPE'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-accounts-refresh-v1-attempt-date-minute',
    rule: 'a refresh moves aggregationAttemptDate to the refresh time (seed 002, Accounts): the v1 customer refresh stores it cut to the start of the minute',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE'],
  }),
  independent('independent-6', {
    id: 'i6-accounts-type-filter-drops-pending',
    rule: 'account_type lists every account of that type, the pending one too (FD-ACCT-FILTER-TYPE): the type filter is applied to the active accounts only',
    source: 'assumption',
    rules: ['FD-ACCT-FILTER-TYPE'],
  }),
  independent('independent-6', {
    id: 'i6-accounts-by-login-number-keeps-first-digit',
    rule: 'number shows no digit but the last four (provider 1.35.0; FD-ACCT-NUMBER-MASKED): the by-login full list keeps the first digit of the number in clear as well',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-6', {
    id: 'i6-accounts-refresh-v1-login-date-not-stored',
    rule: 'a refresh moves the aggregationAttemptDate read back through GetCustomerAccount (seed 002, Accounts refresh): the v1 refresh by login answers the new dates but stores nothing',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE'],
  }),
  independent('independent-7', {
    id: 'i7-account-simple-by-id-display-last-five',
    rule: 'accountNumberDisplay is the last four digits of the account number (provider CustomerAccountSimple): GetCustomerAccountSimple shows the last five',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED', 'FD-ACCT-SIMPLE-BASIC'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-accounts-deleted-account-in-login-simple',
    rule: 'after a 204 delete of an account it is absent from every list (seed 002, Accounts): GetCustomerAccountsByInstitutionLoginSimple reads a per-login index the account delete does not update, so the deleted account is still listed there (and only there)',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-8', {
    id: 'i8-accounts-by-institution-simple-partner-wide',
    rule: 'an account is reached only under its own customer (reference FD-OBJ-OTHER-PARENT): GetCustomerAccountsByInstitutionSimple lists the active accounts at that institution of every customer of the partner, not of the customer of the path (the full variant keeps to the customer)',
    source: 'assumption',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-8', {
    id: 'i8-account-by-id-balance-cached',
    rule: "the account event of a test transaction carries the balance GetCustomerAccount then reads, which differs from the balance before (seed 002, Events - TxPush; reference FD-TXPUSH-EVENT-CONTENT): GetCustomerAccount serves each account's balance from a cache filled at its first read, so after a test transaction it still shows the old balance (the lists show the new one)",
    source: 'seed',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-9', {
    id: 'i9-account-simple-by-id-after-login-delete',
    rule: 'after a delete of a login each of its accounts is 404 by id, full and simple (seed 002 Accounts: delete of an institution login removes access to that data; FD-ACCT-DELETE-LOGIN): GetCustomerAccountSimple still answers an account of the deleted login',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-LOGIN', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-10', {
    id: 'i10-account-simple-other-customer',
    rule: "a child object named under another parent of the same partner is refused (seed 002 Errors 404; FD-OBJ-OTHER-PARENT): GetCustomerAccountSimple serves another customer's account named under this customer, while GetCustomerAccount refuses it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-10', {
    id: 'i10-accounts-by-login-number-last-five',
    rule: 'the account number is never given in full, only its last four digits in clear (reference; FD-ACCT-NUMBER-MASKED): GetCustomerAccountsByInstitutionLogin masks the number leaving its last five digits in clear',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-11', {
    id: 'i11-accounts-status-active-lists-pending',
    rule: 'status=active lists exactly the active accounts (provider 1.35.0 GetCustomerAccounts status): the pending account is listed under status=active too',
    source: 'provider',
    rules: ['FD-ACCT-FILTER-STATUS'],
  }),
  independent('independent-12', {
    id: 'i12-account-full-by-id-after-account-delete',
    rule: 'after a 204 delete of an account it is 404 by id, full and simple (seed 002, Accounts: delete; Errors 404): GetCustomerAccount still answers the deleted account in full',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT'],
  }),
  independent('independent-12', {
    id: 'i12-accounts-simple-list-keeps-deleted-account',
    rule: 'after a 204 delete of an account it is absent from every list (seed 002, Accounts: delete): GetCustomerAccountsSimple still lists the deleted account',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT'],
  }),
  independent('independent-13', {
    id: 'i13-accounts-by-institution-all-institutions',
    rule: "the by-institution lists hold the customer's active accounts at that institution (seed 002, Accounts: GetCustomerAccountsByInstitution): the full by-institution list holds the customer's accounts at every institution",
    source: 'seed',
    rules: ['FD-ACCT-BY-INSTITUTION'],
  }),
  independent('independent-13', {
    id: 'i13-accounts-status-filter-case-folded',
    rule: 'a list filter documented as exact lists by the value held, not by it with its case swapped (seed 002, Accounts: query account status; provider 1.35.0 status enum): GetCustomerAccounts matches status=ACTIVE as active',
    source: 'provider',
    rules: ['FD-FILTER-EXACT'],
  }),
  independent('independent-14', {
    id: 'i14-accounts-by-login-simple-other-customer',
    rule: "a login is read under its own customer (seed 002, Accounts; Errors 404): the simple by-login list finds a login of another customer of the same partner through this customer's path",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-ACCT-BY-LOGIN'],
  }),
  independent('independent-14', {
    id: 'i14-accounts-delete-login-other-customer',
    rule: "a login is deleted under its own customer (seed 002, Accounts DELETE institution login; Errors 404): the delete finds a login of another customer of the same partner through this customer's path and deletes it (204)",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-ACCT-DELETE-LOGIN'],
  }),
  independent('independent-15', {
    id: 'i15-accounts-list-pending-number-unmasked',
    rule: "an account's number is never answered in full, only its last four digits in clear (provider 1.35.0 CustomerAccount.number, AccountNumberDisplay; docs/conventions.md, Secrets): GetCustomerAccounts shows the full number of a pending account",
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-15', {
    id: 'i15-account-simple-by-id-pending-shown-active',
    rule: 'GetCustomerAccountSimple of a pending account answers its basic record with status pending (provider 1.35.0 GetCustomerAccountSimple; seed 002, Accounts): the simple by-id reader shows a pending account as active',
    source: 'provider',
    rules: ['FD-ACCT-SIMPLE-ONE-PENDING', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-15', {
    id: 'i15-accounts-by-login-hides-pending',
    rule: 'the full readers show every account of their scope, pending ones too (provider 1.35.0 GetCustomerAccountsByInstitutionLogin: all accounts associated with the login): the full by-login list leaves the pending accounts out',
    source: 'provider',
    rules: ['FD-ACCT-FULL-PENDING'],
  }),
  independent('independent-15', {
    id: 'i15-accounts-by-institution-simple-linked-date-now',
    rule: 'a date an answer reports for an event already past reads the same on every later read and reader (seed 002 and provider 1.35.0: linkedAccountDate is when the account was linked): GetCustomerAccountsByInstitutionSimple dates the link at the time of the read',
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  // Seeded beside the event-date check's member discovery (records.event-dates.spec.ts): an event date
  // named by a verb and a noun (linkedAccountDate), on the full by-id reader.
  // Seeded for the answer judge (fixtures/financial-data.ts): members of one reader no spec compares with the other readers'.
  seeded({
    id: 'seeded-judge-accounts-by-login-simple-name-upper',
    rule: "FD-ACCT-DATES: GetCustomerAccountsByInstitutionLoginSimple shows each account's name upper-cased; every other reader keeps it",
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  }),
  seeded({
    id: 'seeded-judge-accounts-by-institution-currency-lower',
    rule: "FD-ACCT-DATES: GetCustomerAccountsByInstitution writes each account's currency in lower case; every other reader keeps it",
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  }),
  seeded({
    id: 'seeded-account-full-by-id-linked-date-now',
    rule: 'FD-EVENT-DATE-FIXED: GetCustomerAccount answers linkedAccountDate as the time of the read, not when the account was linked',
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  // Seeded beside the event-date check's comparison of a list item with the other readers of the same object.
  seeded({
    id: 'seeded-accounts-simple-list-linked-date-day',
    rule: 'FD-EVENT-DATE-FIXED: GetCustomerAccountsSimple dates each link at the start of its day, where the other readers of the account give the moment of the link',
    source: 'assumption',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-16', {
    id: 'i16-account-full-by-id-savings-number-unmasked',
    rule: 'account numbers are masked to their last four digits on every reader (provider 1.35.0 CustomerAccount.number "xxxx1234"-style; FD-ACCT-NUMBER-MASKED): GetCustomerAccount gives a savings account number in clear',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-16', {
    id: 'i16-accounts-status-pending-lists-active',
    rule: 'the status filter of GetCustomerAccounts lists the accounts of that status only (provider 1.35.0 status parameter): status=pending lists the active accounts too',
    source: 'provider',
    rules: ['FD-ACCT-FILTER-STATUS'],
  }),
  independent('independent-16', {
    id: 'i16-accounts-by-login-simple-display-six',
    rule: 'an account number is shown by its last four digits only (provider 1.35.0 accountNumberDisplay, the last four digits): the simple by-login list shows six',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-17', {
    id: 'i17-accounts-full-list-credit-card-number-unmasked',
    rule: 'accountNumberDisplay and number show only the last four digits (seed 002 Accounts, masking; provider 1.35.0 CustomerAccount.number): GetCustomerAccounts gives a credit card number in full',
    source: 'seed',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-17', {
    id: 'i17-account-simple-by-id-balance-member',
    rule: 'a simple record carries the basic members and none of the full-only ones (provider 1.35.0 CustomerAccountSimple): GetCustomerAccountSimple adds balance',
    source: 'provider',
    rules: ['FD-ACCT-SIMPLE-BASIC'],
  }),
  independent('independent-17', {
    id: 'i17-accounts-by-login-lists-deleted-account',
    rule: 'after a 204 delete of an account it is absent from every list (seed 002 Endpoints - Accounts, DeleteCustomerAccount): the by-login full list still holds it',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT'],
  }),
  independent('independent-18', {
    id: 'i18-accounts-by-institution-aggregation-date-ms',
    rule: 'createdDate and the aggregation dates are whole epoch seconds, the same through every reader (provider 1.35.0 CustomerAccount, UnixDate): the full by-institution list gives aggregationSuccessDate in milliseconds',
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  }),
  independent('independent-18', {
    id: 'i18-account-full-by-id-login-id-string',
    rule: 'every reader shows institutionLoginId as the integer id of its login (provider 1.35.0 CustomerAccount.institutionLoginId integer): the full by-id reader writes it as a string',
    source: 'provider',
    rules: ['FD-ACCT-IDS'],
  }),
  independent('independent-18', {
    id: 'i18-account-full-by-id-credit-card-bin-shown',
    rule: 'number shows no digit but the last four (reference, account numbers masked): the full by-id reader shows a credit card account with its first six digits in clear as well',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-20', {
    id: 'i20-accounts-savings-filter-lists-money-market',
    rule: "account_type lists exactly the customer's accounts of that type (provider 1.35.0 GetCustomerAccounts account_type): account_type=savings also lists the money market account",
    source: 'provider',
    rules: ['FD-ACCT-FILTER-TYPE', 'FD-FILTER-WHOLE'],
  }),
  independent('independent-21', {
    id: 'i21-account-full-by-id-checking-display-first-four',
    rule: "accountNumberDisplay is the last four digits of the account number (reference financial-data.md; provider 1.35.0 CustomerAccount): GetCustomerAccount shows a checking account's first four digits instead",
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-21', {
    id: 'i21-account-delete-pending-kept',
    rule: 'after a 204 delete of an account it is 404 by id and absent from every list (seed 002 Accounts): deleting a pending account answers 204 and keeps it',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT'],
  }),
  independent('independent-22', {
    id: 'i22-accounts-by-institution-number-display-last-five',
    rule: 'accountNumberDisplay is the last four digits of the account number (reference financial-data.md; provider 1.35.0 CustomerAccount): the full by-institution list shows the last five',
    source: 'assumption',
    rules: ['FD-ACCT-NUMBER-MASKED'],
  }),
  independent('independent-22', {
    id: 'i22-accounts-checking-filter-lists-money-market',
    rule: 'account_type=checking lists exactly the checking accounts (seed 002 Accounts): the all-accounts list filtered by checking also lists the money market account',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-TYPE'],
  }),
  independent('independent-24', {
    id: 'i24-accounts-status-with-type-drops-type',
    rule: 'account_type restricts GetCustomerAccounts to that type, with a status filter too (seed 002 Accounts, query account status and type): with status=active given, the type filter is skipped',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-TYPE'],
  }),
  independent('independent-24', {
    id: 'i24-account-full-by-id-investment-created-date-ms',
    rule: "createdDate is whole epoch seconds, the same through every reader (provider 1.35.0 CustomerAccount dates): GetCustomerAccount gives an investment account's createdDate in milliseconds",
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  }),
  independent('independent-25', {
    id: 'i25-account-simple-by-id-display-first-four',
    rule: 'accountNumberDisplay is the last four digits of the account number (provider 1.35.0 AccountNumberDisplay): GetCustomerAccountSimple shows its first four',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED', 'FD-PROP-READERS-AGREE'],
  }),
  independent('independent-25', {
    id: 'i25-accounts-by-login-simple-pending-checking-listed',
    rule: "the simple by-login list holds exactly the login's active accounts (seed 002, Accounts; provider 1.35.0): it lists a pending checking account too",
    source: 'provider',
    rules: ['FD-ACCT-BY-LOGIN'],
  }),
  independent('independent-25', {
    id: 'i25-accounts-list-savings-created-date-ms',
    rule: 'createdDate is whole epoch seconds, the same through every reader (provider 1.35.0 UnixDate; reference Dates): GetCustomerAccounts dates a savings account in milliseconds',
    source: 'provider',
    rules: ['FD-ACCT-DATES'],
  }),
  independent('independent-25', {
    id: 'i25-accounts-by-institution-credit-card-left-out',
    rule: "the by-institution lists hold exactly the customer's active accounts there (seed 002, Accounts; provider 1.35.0): the full list leaves out a credit card account",
    source: 'provider',
    rules: ['FD-ACCT-BY-INSTITUTION'],
  }),
  independent('independent-26', {
    id: 'i26-accounts-unsupported-type-404',
    rule: 'an account type outside the supported ones is a 400 (provider 1.35.0 GetCustomerAccounts example: Account type not supported): GetCustomerAccounts answers it 404 as if no account were found',
    source: 'provider',
    rules: ['FD-ACCT-TYPE-UNSUPPORTED'],
  }),
  independent('independent-26', {
    id: 'i26-accounts-migrate-answers-204',
    rule: 'migration returns the accounts of that login (seed 002, Accounts: MigrateInstitutionLoginAccounts 200): the migration answers 204 without a body',
    source: 'seed',
    rules: ['FD-ACCT-MIGRATE'],
  }),
  independent('independent-27', {
    id: 'i27-account-delete-other-customer-404-but-removed',
    rule: 'an account is found only under its own customer (seed 002, Accounts 404): DeleteCustomerAccount under another customer of the partner answers 404 but removes the account',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-27', {
    id: 'i27-accounts-mortgage-filter-lists-loan',
    rule: 'the account type filter lists the accounts of that type (seed 002, GetCustomerAccounts query account type): type=mortgage also lists loan accounts',
    source: 'provider',
    rules: ['FD-ACCT-FILTER-TYPE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-account-simple-investment-number-clear',
    rule: 'accountNumberDisplay shows only the last digits, a full account number never appears (reference; provider 1.35.0 accountNumberDisplay): the simple read by id of an investment account displays its whole number',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-account-delete-savings-kept',
    rule: 'DELETE of an account removes access to it (seed 002, Accounts: DeleteCustomerAccount 204): deleting a savings account answers 204 and the account is still listed and readable',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-accounts-by-login-simple-full-number-display',
    rule: 'account numbers never appear unredacted; accountNumberDisplay is the masked number (seed 002, Accounts; provider 1.35.0): the by-login simple list displays the whole account number',
    source: 'provider',
    rules: ['FD-ACCT-NUMBER-MASKED', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-30', {
    id: 'i30-fd-accounts-refresh-v1-login-answers-before-refresh',
    rule: 'the v1 refresh by institution login answers the accounts it refreshed, their aggregation attempt date updated (seed 002, Accounts: completion is seen as an updated aggregation attempt date): it answers the accounts as read before the refresh, while a later read shows the new dates',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-account-delete-first-of-login-drops-login',
    rule: "deleting an account removes access to that account only; other permissioned accounts stay accessible (seed 002, Accounts): deleting the first account of an institution login also deletes that login's other accounts",
    source: 'seed',
    rules: ['FD-ACCT-DELETE-KEEPS-OTHERS', 'FD-ACCT-DELETE-ACCOUNT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-accounts-refresh-v2-customer-skips-pending',
    rule: 'a refresh completes with an updated aggregation attempt date on the accounts refreshed (seed 002, Accounts: refresh v2 for the data access tiers): the v2 refresh of a customer leaves the dates of its pending accounts unchanged',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-V2', 'FD-ACCT-REFRESH-DATE', 'FD-ACCT-REFRESH-SCOPE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-accounts-by-institution-simple-created-date-iso',
    rule: 'account dates are epoch seconds where the provider declares integers (reference, Decisions, Dates; provider 1.35.0 account createdDate): GetCustomerAccountsByInstitutionSimple writes createdDate as an ISO date-time string',
    source: 'provider',
    rules: ['FD-ACCT-DATES', 'FD-DATE-UNIT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-accounts-refresh-v2-first-login-only',
    rule: "RefreshCustomerAccountsV2 refreshes the customer's accounts, completion seen as an updated aggregation attempt date on the account (seed 002, Accounts): only the accounts of the customer's first institution login get new dates",
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-V2', 'FD-ACCT-REFRESH-SCOPE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-account-simple-by-id-type-lowercased',
    rule: "an account's type is one of the provider's type values and every reader shows the same (provider 1.35.0 account type enum; seed 002, Resources, Account types): GetCustomerAccountSimple writes a camel-case type such as lineOfCredit or creditCard in lower case",
    source: 'provider',
    rules: ['FD-PROP-SAME-ON-EVERY-READER', 'FD-ACCT-SIMPLE-BASIC'],
  }),
  independent('independent-33', {
    id: 'i33-fd-accounts-loan-filter-matches-by-suffix',
    rule: 'GetCustomerAccounts filters by account type exactly (seed 002, Accounts; Resources, Account types): account_type loan also lists studentLoan accounts',
    source: 'seed',
    rules: ['FD-ACCT-FILTER-TYPE', 'FD-FILTER-EXACT'],
  }),
  independent('independent-33', {
    id: 'i33-fd-accounts-refresh-v2-unknown-customer-204',
    rule: 'a customer that is not found is 404 (seed 002, Accounts: RefreshCustomerAccountsV2 errors; Errors 404): the v2 refresh answers 204 for an unknown customer id',
    source: 'seed',
    rules: ['FD-OBJ-FOREIGN-ID'],
  }),
  independent('independent-33', {
    id: 'i33-fd-accounts-refresh-v1-answers-previous-attempt-date',
    rule: 'completion of a refresh is seen as an updated aggregation attempt date on the account (seed 002, Accounts): the v1 refresh answers the attempt dates from before it, while a later read shows the new ones',
    source: 'seed',
    rules: ['FD-ACCT-REFRESH-DATE', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-accounts-migrate-takes-second-call',
    rule: 'migration moves the accounts from a legacy institution connection to the OAuth connection (seed 002, Accounts; App registration: authorization details for OAuth connections only): the first migration of a login answers 200 with its accounts but leaves the login on its legacy connection, so its authorization details still answer the legacy code until a second migration',
    source: 'seed',
    rules: ['FD-AUTHDETAILS-LEGACY', 'FD-ACCT-MIGRATE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-accounts-migrate-last-account-missing',
    rule: 'migration returns the accounts of that login (seed 002, Accounts): the answer leaves out the last account of the login',
    source: 'seed',
    rules: ['FD-ACCT-MIGRATE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-accounts-delete-login-keeps-last-account',
    rule: "deleting an institution login removes access to its accounts (seed 002, Accounts: DeleteCustomerAccountsByInstitutionLogin): the login's last account is left readable and listed after the login is deleted",
    source: 'seed',
    rules: ['FD-ACCT-DELETE-LOGIN', 'FD-OBJ-AFTER-DELETE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-account-delete-unknown-400',
    rule: 'an account that does not exist is a 404 (seed 002, Accounts DeleteCustomerAccount; Errors 404): an unknown account id on delete answers 400',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT', 'FD-NOT-FOUND'],
  }),
  independent('independent-38', {
    id: 'i38-fd-account-delete-answers-200',
    rule: 'DeleteCustomerAccount answers 204 (seed 002, Accounts): the delete answers 200 with an empty object',
    source: 'seed',
    rules: ['FD-ACCT-DELETE-ACCOUNT', 'FD-PROP-ERROR-STATUS'],
  }),
]);
