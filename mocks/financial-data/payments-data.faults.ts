// Faults of payments data (switched in payments-data.ts): each breaks one rule of schemas/financial-
// data/rules/payments-data.yaml, the way a provider's release might. `rules` names the rule ids it
// breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's
// authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind, independent, seeded, type FaultSeams } from '../kit/faults.js';
import type { CustomerAccountsSeams } from './state.js';

export const PAYMENTS_DATA_FAULTS = faultCatalogue([
  // Seeded beside the refusal-codes property (properties.refusal-codes.spec.ts): the bundle of a customer
  // holding no account (provider 1.35.0 NoAccountForCustomerIdExample, 38003).
  seeded({
    id: 'seeded-bundle-no-accounts-uncoded',
    rule: 'FD-PROP-REFUSAL-CODE: the bundle of a customer holding no account answers a 404 without the code 38003 the provider gives it',
    source: 'provider',
    rules: ['FD-PROP-REFUSAL-CODE'],
    seams: {
      judge: (_x, step, refusal) => (step === 'bundle-customer-accounts' ? undefined : refusal),
    } satisfies FaultSeams<CustomerAccountsSeams>,
  }),
  // Seeded beside the bundle's institution name check (provider 1.35.0: "the name of the institution").
  seeded({
    id: 'seeded-pay-peb-institution-name-of-another',
    rule: "FD-PAY-PEB-INSTITUTION: the payment enablement bundle names each account's institution by the name of the institution listed before it",
    source: 'provider',
    rules: ['FD-PAY-PEB-INSTITUTION'],
  }),
  // Seeded beside the check of every account type under another customer (origin 'seeded').
  seeded({
    id: 'peb-identity-count-before-include',
    rule: 'FD-PAY-PEB-COUNTS: accountIdentitySuccessCount counts every account of the login when include leaves the identity section out (the section is absent from each)',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  // Seeded beside the check of a balance exactly as old as the interval served (provider 1.35.0
  // PebAllowedBalanceCacheIntervalParameter: only one "older than" the interval is refreshed), on the bundle.
  seeded({
    id: 'seeded-pay-peb-cache-interval-inclusive',
    rule: 'FD-PAY-BALANCE-CACHE: the payment enablement bundle refreshes a cached balance exactly as old as the interval',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  seeded({
    id: 'seeded-pay-peb-default-interval-inclusive',
    rule: 'FD-PAY-PEB-INTERVAL-DEFAULT: without balance_cache_interval the bundle refreshes a cached balance exactly as old as its default interval',
    source: 'provider',
    rules: ['FD-PAY-PEB-INTERVAL-DEFAULT'],
  }),
  seeded({
    id: 'savings-account-any-customer',
    rule: 'FD-OBJ-OTHER-PARENT: the payments data readers serve a savings account named under another customer of the same partner (the checking account is refused there)',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  {
    id: 'bundle-account-any-customer',
    rule: 'FD-OBJ-OTHER-PARENT: the payment enablement bundle serves an account named under another customer of the same partner (200 instead of 404)',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  },
  // Supported account types (seed 002, Payments data).
  {
    id: 'payments-data-ach-credit-card-served',
    rule: 'FD-PAY-ACH-TYPES: ACH details v1 refuse a creditCard account (400)',
    rules: ['FD-PAY-ACH-TYPES'],
    source: 'seed',
  },
  {
    id: 'payments-data-ach-cd-refused',
    rule: 'FD-PAY-ACH-TYPES: ACH details v1 serve certificateOfDeposit (portfolio type cd)',
    rules: ['FD-PAY-ACH-TYPES'],
    source: 'seed',
  },
  {
    id: 'payments-data-details-v3-cd-served',
    rule: 'FD-PAY-DETAILS-V3-TYPES: v3 details serve checking, savings, moneyMarket only (cd is a 400)',
    rules: ['FD-PAY-DETAILS-V3-TYPES'],
    source: 'seed',
  },
  {
    id: 'payments-data-live-balance-investment-served',
    rule: 'FD-PAY-BALANCE-TYPES: the live balance refuses an investment account (400)',
    rules: ['FD-PAY-BALANCE-TYPES'],
    source: 'seed',
  },
  {
    id: 'payments-data-cached-balance-cd-refused',
    rule: 'FD-PAY-BALANCE-TYPES: the cached balance serves cd (one path only)',
    rules: ['FD-PAY-BALANCE-TYPES'],
    source: 'seed',
  },
  {
    id: 'payments-data-loan-student-refused',
    rule: 'FD-PAY-LOAN-TYPES: loan payment details serve a studentLoan account',
    rules: ['FD-PAY-LOAN-TYPES'],
    source: 'provider',
  },
  {
    id: 'payments-data-loan-any-type',
    rule: 'FD-PAY-LOAN-TYPES: loan payment details refuse a checking account (400)',
    rules: ['FD-PAY-LOAN-TYPES'],
    source: 'provider',
  },
  // Real-time payment flags (seed 002: per real-time payment type, transferInEnabled / transferOutEnabled).
  {
    id: 'payments-data-fednow-flags-missing',
    rule: 'FD-PAY-REALTIME-FLAGS: a fedNow instruction carries both transfer flags',
    rules: ['FD-PAY-REALTIME-FLAGS'],
    source: 'seed',
  },
  {
    id: 'payments-data-realtime-flags-swapped',
    rule: 'FD-PAY-REALTIME-FLAGS: transferInEnabled is receiving, transferOutEnabled sending (known answers)',
    rules: ['FD-PAY-REALTIME-FLAGS'],
    source: 'seed',
  },
  // balance_cache_interval (seed 002; provider: minutes, older than the interval is refreshed).
  {
    id: 'payments-data-cache-interval-seconds',
    rule: 'FD-PAY-BALANCE-CACHE: the interval counts minutes, not seconds',
    rules: ['FD-PAY-BALANCE-CACHE'],
    source: 'seed',
  },
  {
    id: 'payments-data-cache-never-refreshed',
    rule: 'FD-PAY-BALANCE-CACHE: past the interval the live balance is refreshed',
    rules: ['FD-PAY-BALANCE-CACHE'],
    source: 'seed',
  },
  {
    id: 'payments-data-cache-interval-ignored',
    rule: 'FD-PAY-BALANCE-CACHE: within the interval the cached balance is served (live)',
    rules: ['FD-PAY-BALANCE-CACHE'],
    source: 'seed',
  },
  {
    id: 'payments-data-peb-cache-ignored',
    rule: 'FD-PAY-BALANCE-CACHE: within the interval the bundle serves the cached balance (bundle path only)',
    rules: ['FD-PAY-BALANCE-CACHE'],
    source: 'seed',
  },
  {
    id: 'payments-data-live-zero-cached',
    rule: 'FD-PAY-BALANCE-LIVE-DEFAULT: interval 0 or absent refreshes the live balance',
    rules: ['FD-PAY-BALANCE-LIVE-DEFAULT'],
    source: 'provider',
  },
  {
    id: 'payments-data-peb-default-interval-60',
    rule: 'FD-PAY-PEB-INTERVAL-DEFAULT: the bundle caches for the default interval when none is given, not twice as long',
    rules: ['FD-PAY-PEB-INTERVAL-DEFAULT'],
    source: 'provider',
  },
  {
    id: 'payments-data-live-interval-negative-accepted',
    rule: 'FD-PAY-CACHE-INTERVAL-RANGE: a negative live interval is a 400',
    rules: ['FD-PAY-CACHE-INTERVAL-RANGE'],
    source: 'provider',
    relax: [{ schema: 'BalanceCacheInterval', drop: ['minimum'] }],
  },
  {
    id: 'payments-data-live-interval-cap-unenforced',
    rule: 'FD-PAY-CACHE-INTERVAL-RANGE: a live interval above its maximum is a 400',
    rules: ['FD-PAY-CACHE-INTERVAL-RANGE'],
    source: 'provider',
    relax: [{ schema: 'BalanceCacheInterval', drop: ['maximum'] }],
  },
  {
    id: 'payments-data-peb-interval-cap-unenforced',
    rule: 'FD-PAY-CACHE-INTERVAL-RANGE: a bundle interval above its maximum is a 400',
    rules: ['FD-PAY-CACHE-INTERVAL-RANGE'],
    source: 'provider',
    relax: [{ schema: 'PebBalanceCacheInterval', drop: ['maximum'] }],
  },
  {
    id: 'payments-data-cached-stale-copy',
    rule: 'FD-PAY-CACHED-READER: the cached variant shows the balance the live read refreshed',
    rules: ['FD-PAY-CACHED-READER'],
    source: 'seed',
  },
  {
    id: 'payments-data-cached-refreshes',
    rule: 'FD-PAY-CACHED-READER: the cached variant never refreshes',
    rules: ['FD-PAY-CACHED-READER'],
    source: 'seed',
  },
  // Owner (seed 002: 203 MFA; owner name; dates).
  {
    id: 'payments-data-owner-mfa-ignored',
    rule: 'FD-PAY-OWNER-MFA: the owner of an MFA account is a 203',
    rules: ['FD-PAY-OWNER-MFA'],
    source: 'seed',
  },
  {
    id: 'payments-data-owner-name-reversed',
    rule: 'FD-PAY-OWNER-NAME: the v1 owner name is "first last", as the holder is named',
    rules: ['FD-PAY-OWNER-NAME'],
    source: 'assumption',
  },
  {
    id: 'payments-data-owner-asof-ms',
    rule: 'FD-PAY-DATE-SECONDS: asOfDate in epoch seconds, not milliseconds',
    rules: ['FD-PAY-DATE-SECONDS'],
    source: 'provider',
  },
  {
    id: 'payments-data-balance-date-ms',
    rule: 'FD-PAY-DATE-SECONDS: balance dates in epoch seconds, not milliseconds',
    rules: ['FD-PAY-DATE-SECONDS'],
    source: 'provider',
  },
  {
    id: 'payments-data-insights-always',
    rule: 'FD-PAY-INSIGHTS: identity insights only when asked for',
    rules: ['FD-PAY-INSIGHTS'],
    source: 'provider',
  },
  // Account numbers (provider: realAccountNumber, accountNumber full; realAccountNumberLast4 four digits).
  {
    id: 'payments-data-ach-number-other-account',
    rule: "FD-PAY-ACCOUNT-NUMBER: the full number is the account's own (last four = accountNumberDisplay)",
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
    source: 'provider',
  },
  {
    id: 'payments-data-balance-full-number',
    rule: 'FD-PAY-LAST-FOUR: realAccountNumberLast4 holds the last four digits only',
    rules: ['FD-PAY-LAST-FOUR'],
    source: 'provider',
  },
  // Payment enablement bundle (seed 002: any or all of four sections; include narrows).
  {
    id: 'payments-data-peb-include-ignored',
    rule: 'FD-PAY-PEB-INCLUDE: include narrows the sections (by-login path only ignores it)',
    rules: ['FD-PAY-PEB-INCLUDE'],
    source: 'seed',
  },
  {
    id: 'payments-data-peb-include-first-only',
    rule: 'FD-PAY-PEB-INCLUDE: every section named by include comes back',
    rules: ['FD-PAY-PEB-INCLUDE'],
    source: 'seed',
  },
  {
    id: 'payments-data-peb-include-unknown-accepted',
    rule: 'FD-PAY-PEB-INCLUDE-VALUES: an unknown section name is a 400',
    rules: ['FD-PAY-PEB-INCLUDE-VALUES'],
    source: 'provider',
  },
  {
    id: 'payments-data-peb-default-no-owner',
    rule: 'FD-PAY-PEB-DEFAULT-ALL: without include the owner section comes back too',
    rules: ['FD-PAY-PEB-DEFAULT-ALL'],
    source: 'assumption',
  },
  // Owner match (seed 002: name required; scores 0..100, higher closer; 408).
  {
    id: 'payments-data-match-name-optional',
    rule: 'FD-PAY-MATCH-NAME-REQUIRED: a match request without name is a 400',
    rules: ['FD-PAY-MATCH-NAME-REQUIRED'],
    source: 'seed',
    relax: [{ schema: 'OwnerMatchRequest', unrequire: ['name'] }],
  },
  {
    id: 'payments-data-match-score-over-100',
    rule: 'FD-PAY-MATCH-SCORE-RANGE: scores stay within 0..100 (a full match is not 105)',
    rules: ['FD-PAY-MATCH-SCORE-RANGE'],
    source: 'seed',
  },
  {
    id: 'payments-data-match-score-inverted',
    rule: 'FD-PAY-MATCH-CLOSER-HIGHER: the exact name scores higher than a different one',
    rules: ['FD-PAY-MATCH-CLOSER-HIGHER'],
    source: 'seed',
  },
  {
    id: 'payments-data-match-timeout-never',
    rule: 'FD-PAY-MATCH-TIMEOUT: a slow institution gives 408, not a match',
    rules: ['FD-PAY-MATCH-TIMEOUT'],
    source: 'seed',
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Payments data (seed 002, Payments data; provider 1.35.0 balance_cache_interval, PaymentEnablementBundle, owner v3).
  blind({
    id: 'blind-payments-data-peb-cache-age-whole-minutes',
    rule: 'the bundle refreshes a balance one second older than balance_cache_interval; its age is not rounded down to whole minutes (seed 002, Payments data; provider PebAllowedBalanceCacheInterval)',
    source: 'seed',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  blind({
    id: 'blind-payments-data-cached-date-now',
    rule: 'the cached-only balance shows the balanceDate of the last live read, not the time of the response (seed 002, Payments data: cached-only variant)',
    source: 'seed',
    rules: ['FD-PAY-CACHED-READER'],
  }),
  blind({
    id: 'blind-payments-data-owner-v3-unknown-404',
    rule: 'owner v3 of an account the customer does not have is a 400, the operation documents no 404 (seed 002, Payments data; provider BadRequestErrorResponse)',
    source: 'provider',
    rules: ['FD-PAY-OWNER-V3-UNKNOWN'],
  }),
  blind({
    id: 'blind-payments-data-owner-v3-insights-ignored',
    rule: 'withInsights=true returns identityInsights on owner v3 (provider 1.35.0 WithInsightsParameter)',
    source: 'provider',
    rules: ['FD-PAY-INSIGHTS'],
  }),
  blind({
    id: 'blind-payments-data-peb-error-count-per-account',
    rule: 'the bundle errorCount is the number of section errors, not of accounts with an error (provider 1.35.0 PaymentEnablementBundle)',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  blind({
    id: 'blind-payments-data-match-last-name-optional',
    rule: 'owner match: the name requires firstName and lastName, a name without lastName is a 400 (seed 002, Payments data: the name value is required; provider AccountOwnerVerificationMatchingRequestName)',
    source: 'provider',
    rules: ['FD-PAY-MATCH-NAME-REQUIRED'],
    relax: [{ schema: 'OwnerMatchName', unrequire: ['lastName'] }],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-peb-balance-count-includes-refused',
    rule: 'balanceDetailsSuccessCount is the number of accounts carrying the balance section (provider 1.35.0, payment enablement bundle): an account refused the section (an error listed) is counted a success as well',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-pay-owner-v3-name-uppercased',
    rule: "the owner's name is the customer's, as GetAccountOwner gives it (seed 002, Payments data; provider AccountOwner): GetAccountOwnerDetails answers ownerName, firstName and lastName upper-cased",
    source: 'provider',
    rules: ['FD-PAY-OWNER-NAME'],
  }),
  independent('independent-6', {
    id: 'i6-pay-live-cache-age-from-minute-start',
    rule: 'a cached balance within balance_cache_interval is served (provider 1.35.0; FD-PAY-BALANCE-CACHE): its age is counted from the start of the minute of its balanceDate, so one up to a minute younger than the interval is refreshed',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  independent('independent-7', {
    id: 'i7-pay-v3-routing-leading-zero-dropped',
    rule: 'the account and routing numbers of v1, v3 and the bundle are the same (provider 1.35.0 PaymentInstruction descriptors): v3 renders the routing number through a number, dropping its leading zero',
    source: 'provider',
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
  }),
  independent('independent-7', {
    id: 'i7-pay-peb-login-account-count-all-logins',
    rule: 'accountCount is the number of accounts listed (provider 1.35.0 PaymentEnablementBundle): the bundle by login counts every account of the customer, on all its logins',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-pay-peb-error-count-balance-only',
    rule: 'errorCount is the number of section errors of the bundle (provider 1.35.0 payment enablement bundle; reference FD-PAY-PEB-COUNTS): only the balanceDetails errors are counted; a paymentInstruction refused for an account type is listed in its errors but not counted',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  independent('independent-13', {
    id: 'i13-pay-ach-money-market-refused',
    rule: 'ACH details support checking, savings, moneyMarket and certificateOfDeposit (seed 002, Payments data): a money market account is refused as unsupported on the v1 ACH details',
    source: 'seed',
    rules: ['FD-PAY-ACH-TYPES'],
  }),
  independent('independent-14', {
    id: 'i14-pay-ach-v1-routing-leading-zero-dropped',
    rule: 'the full account number of every reader comes with the same routing number, all its digits (seed 002, Payments data ACH details; Errors 400 wrong routing number length): the v1 ACH details write the routing number through a number, a leading zero dropped',
    source: 'seed',
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
  }),
  independent('independent-14', {
    id: 'i14-pay-live-cache-interval-inclusive',
    rule: 'a cached balance older than the interval is refreshed, one within it served (provider 1.35.0 GetAvailableBalanceLive balance_cache_interval): the live read refreshes a balance exactly as old as the interval',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-pay-loan-details-other-customer',
    rule: 'FD-OBJ-OTHER-PARENT: GetLoanPaymentDetails finds the loan account by its id among every customer of the partner, so a loan of another customer named under this customer is served',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  seeded({
    id: 'rt-pay-cached-balance-last4-first-four',
    rule: 'FD-PAY-LAST-FOUR: the deprecated cached GetAvailableBalance gives the first four characters of the account number as realAccountNumberLast4',
    source: 'provider',
    rules: ['FD-PAY-LAST-FOUR'],
  }),
  seeded({
    id: 'rt-pay-peb-by-account-instruction-count-refused',
    rule: 'FD-PAY-PEB-COUNTS: the bundle by account counts paymentInstructionSuccessCount for an account refused the payment instruction section (a type without ACH details)',
    source: 'provider',
    rules: ['FD-PAY-PEB-COUNTS'],
  }),
  seeded({
    id: 'rt-pay-peb-login-balance-date-day-start',
    rule: 'FD-PAY-BALANCE-CACHE: the bundle by login dates each balance at the start of its UTC day, not at the read it reports',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  independent('independent-15', {
    id: 'i15-pay-loan-mortgage-refused',
    rule: 'loan payment details answer 200 for every loan-type account, a mortgage included (provider 1.35.0 GetLoanPaymentDetails: for a loan-type account; AccountType mortgage, loan, studentLoan): a mortgage account is refused as unsupported',
    source: 'provider',
    rules: ['FD-PAY-LOAN-TYPES'],
  }),
  independent('independent-17', {
    id: 'i17-pay-ach-v1-sibling-customer-account',
    rule: 'a child object named under another parent of the same partner is refused 404 (seed 002 Resources; provider GetAccountACHDetails): the v1 ACH details serve an account of another customer of the partner',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  // Score family: a member scored against the wrong part of the holder once another optional member is sent.
  seeded({
    id: 'seeded-fam24-pay-match-first-name-scored-against-suffix',
    rule: "FD-PAY-MATCH-CLOSER-HIGHER: with a suffix in the request the firstName is scored against the holder's suffix, so the exact first name scores no higher than another",
    source: 'seed',
    rules: ['FD-PAY-MATCH-CLOSER-HIGHER'],
  }),
  seeded({
    id: 'seeded-fam24-pay-match-postal-code-against-phone',
    rule: "FD-PAY-MATCH-CLOSER-HIGHER: with a phone in the request too, the address's postalCode is scored against the holder's phone, so the exact postal code scores no higher than another",
    source: 'seed',
    rules: ['FD-PAY-MATCH-CLOSER-HIGHER'],
  }),
  independent('independent-19', {
    id: 'i19-pay-live-balance-cd-refused',
    rule: 'the live and the cached balance answer 200 for checking, savings, moneyMarket and cd accounts (seed 002, Payments data: supported account types): the live balance alone refuses a certificate of deposit with 400',
    source: 'seed',
    rules: ['FD-PAY-BALANCE-TYPES'],
  }),
  independent('independent-19', {
    id: 'i19-pay-match-last-name-scored-against-middle',
    rule: "the holder's exact name scores higher than a different name, lastName score included (seed 002, owner match; provider 1.35.0 AccountOwnerNameScores): with a middleName in the request the lastName is scored against the holder's middle name, so the exact last name scores no higher than another",
    source: 'assumption',
    rules: ['FD-PAY-MATCH-CLOSER-HIGHER'],
  }),
  independent('independent-20', {
    id: 'i20-pay-bundle-last4-of-account-id',
    rule: "realAccountNumberLast4 is the last four characters of the account number (provider 1.35.0 payment essentials bundle): the bundle gives the last four digits of the account's id",
    source: 'provider',
    rules: ['FD-PAY-LAST-FOUR'],
  }),
  independent('independent-22', {
    id: 'i22-pay-cached-balance-refreshed-after-a-day',
    rule: 'the cached balance variant never refreshes (seed 002 GetAvailableBalance, cached): it refreshes a balance more than a day old',
    source: 'seed',
    rules: ['FD-PAY-CACHED-READER'],
  }),
  // Seeded beside the cache ages of payments-data.balance.spec.ts (a minute, an hour, a day, a week on every reader).
  seeded({
    id: 'seeded-fam27b-pay-cached-savings-refreshed-after-an-hour',
    rule: 'FD-PAY-CACHED-READER: the cached variant refreshes the balance of a savings account more than an hour old',
    source: 'seed',
    rules: ['FD-PAY-CACHED-READER'],
  }),
  seeded({
    id: 'seeded-fam27b-pay-peb-day-interval-never-refreshes',
    rule: 'FD-PAY-BALANCE-CACHE: the bundle with the largest interval the contract allows (its maximum) serves a cached balance of any age',
    source: 'seed',
    rules: ['FD-PAY-BALANCE-CACHE'],
  }),
  independent('independent-24', {
    id: 'i24-pay-ach-v1-savings-number-last-digit-cut',
    rule: "the full account number of v1 ACH details ends with the account's display digits and is the same as v3's (provider 1.35.0 AccountACH): for a savings account v1 answers it without its last digit",
    source: 'provider',
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
  }),
  independent('independent-24', {
    id: 'i24-pay-owner-v1-asof-date-day-start',
    rule: "asOfDate is epoch seconds near the target's clock (provider 1.35.0 AccountOwner): the v1 owner is dated at the start of the current UTC day",
    source: 'provider',
    rules: ['FD-PAY-DATE-SECONDS'],
  }),
  independent('independent-25', {
    id: 'i25-pay-ach-v1-checking-number-masked',
    rule: "the full account number of v1, v3 and the bundle is the same (seed 002, Payments data, ACH details; provider ACHDetails.realAccountNumber): the v1 details give a checking account's number masked but for its last four",
    source: 'provider',
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
  }),
  independent('independent-25', {
    id: 'i25-pay-owner-v1-name-uppercased',
    rule: "the v1 ownerName is the linked customer's names (reference, Mock world; seed 002, Payments data): GetAccountOwner gives it in upper case",
    source: 'assumption',
    rules: ['FD-PAY-OWNER-NAME'],
  }),
  independent('independent-26', {
    id: 'i26-pay-owner-v3-first-last-swapped',
    rule: 'the owner is the linked customer (seed 002, Payments data; provider 1.35.0 AccountOwnerDetails holders): GetAccountOwnerDetails answers the holder with firstName and lastName swapped',
    source: 'provider',
    rules: ['FD-PAY-OWNER-NAME'],
  }),
  independent('independent-27', {
    id: 'i27-pay-v3-savings-realtime-flags-swapped',
    rule: 'transferInEnabled says the account can receive and transferOutEnabled that it can send (seed 002, Payments data v3 details): for a savings account the two flags are swapped',
    source: 'seed',
    rules: ['FD-PAY-REALTIME-FLAGS'],
  }),
  independent('independent-29', {
    id: 'i29-fd-ach-routing-number-as-number',
    rule: 'the ACH details carry the routing number as the provider types it, a string (provider 1.35.0 AccountACHDetails): v1 answers it as a JSON number, leading zeros lost',
    source: 'provider',
    rules: ['FD-TYPE-FORMS'],
  }),
  independent('independent-30', {
    id: 'i30-fd-pay-ach-v1-investment-served',
    rule: 'ACH details serve checking, savings, moneyMarket and certificateOfDeposit accounts only (seed 002, Payments data: ACH details supported account types): an investment account is answered 200 with ACH details',
    source: 'seed',
    rules: ['FD-PAY-ACH-TYPES'],
  }),
  independent('independent-31', {
    id: 'i31-fd-pay-v3-money-market-refused',
    rule: 'the v3 account details support checking, savings and money market accounts (seed 002, Payments data): a money market account is refused as unsupported',
    source: 'seed',
    rules: ['FD-PAY-DETAILS-V3-TYPES'],
  }),
  independent('independent-31', {
    id: 'i31-fd-pay-live-cache-interval-hours',
    rule: 'balance_cache_interval decides whether a cached balance is still valid, in minutes (seed 002, Payments data; provider 1.35.0 BalanceCacheInterval): the live read takes it in hours, serving a cached balance far older than asked',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-CACHE', 'FD-DATE-UNIT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-pay-ach-v1-unsupported-type-404',
    rule: 'ACH details support checking, savings, moneyMarket and certificateOfDeposit accounts (seed 002, Payments data): an account of another type is answered 404 as not found, not refused as unsupported (400)',
    source: 'seed',
    rules: ['FD-PAY-ACH-TYPES'],
  }),
  independent('independent-33', {
    id: 'i33-fd-live-balance-money-market-refused',
    rule: 'available balance supports checking, savings, moneyMarket and cd (seed 002, Payments data): the live balance refuses a moneyMarket account as unsupported',
    source: 'seed',
    rules: ['FD-PAY-BALANCE-TYPES'],
  }),
  independent('independent-35', {
    id: 'i35-fd-pay-peb-login-instruction-of-first-ach-account',
    rule: "the payment enablement bundle returns each account's own ACH details (seed 002, Payments data): the bundle by institution login gives every eligible account after the first the routing and account number of the login's first eligible account",
    source: 'seed',
    rules: ['FD-PAY-ACCOUNT-NUMBER'],
  }),
  independent('independent-36', {
    id: 'i36-fd-live-balance-dated-before-refresh',
    rule: 'a refreshed live balance is dated at its refresh (seed 002, Payments data: balance_cache_interval decides whether the cached balance is served or refreshed; provider 1.35.0 balance dates): a refreshed balance is answered with the date of the balance it replaced',
    source: 'provider',
    rules: ['FD-PAY-BALANCE-LIVE-DEFAULT', 'FD-PAY-DATE-SECONDS'],
  }),
]);
