// Faults of payment success indicators (switched in psi.ts): each breaks one rule of
// schemas/financial-data/rules/psi.yaml, the way a provider's release might. `rules` names the rule
// ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the
// suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, seeded, blind, independent } from '../kit/faults.js';

export const PSI_FAULTS = faultCatalogue([
  {
    id: 'psi-user-without-contact-taken',
    rule: 'FD-PSI-USER-CONTACT: a PSI user with neither an e-mail nor a phone number is taken (provider 1.35.0 PaymentSuccessIndicatorsPhone.number)',
    source: 'provider',
    rules: ['FD-PSI-USER-CONTACT'],
    relax: [{ schema: 'PsiUser', drop: ['if', 'then'] }],
  },
  // Runs: 202, read back by payRequestId, owned by the account (seed 002, PSI and Errors 404).
  { id: 'psi-generate-200', rule: 'FD-PSI-GENERATE: generation answers 202 (not 200)', source: 'seed', rules: ['FD-PSI-GENERATE'] },
  {
    id: 'psi-stuck-in-progress',
    rule: 'FD-PSI-READ-BACK: the run reads back with its result, never stuck IN PROGRESS',
    source: 'seed',
    rules: ['FD-PSI-READ-BACK'],
  },
  {
    id: 'psi-readback-amount-rounded',
    rule: 'FD-PSI-READ-BACK: the read echoes the transaction amount sent (not rounded)',
    source: 'seed',
    rules: ['FD-PSI-READ-BACK'],
  },
  {
    id: 'psi-unknown-pay-request-400',
    rule: 'FD-PSI-UNKNOWN-PAY-REQUEST: an unknown payRequestId is a 404 (not 400)',
    source: 'seed',
    rules: ['FD-PSI-UNKNOWN-PAY-REQUEST'],
  },
  {
    id: 'psi-run-account-unchecked',
    rule: 'FD-PSI-OWNER: a payRequestId read through another account of the customer is a 404',
    source: 'seed',
    rules: ['FD-PSI-OWNER'],
  },
  {
    id: 'psi-run-owner-unchecked',
    rule: 'FD-PSI-OWNER: a payRequestId read through another customer is a 404',
    source: 'seed',
    rules: ['FD-PSI-OWNER'],
  },
  {
    id: 'psi-products-shared',
    rule: 'FD-PSI-PRODUCT-SEPARATE: an FCRA run is not read through the non-FCRA operation (and back)',
    source: 'assumption',
    rules: ['FD-PSI-PRODUCT-SEPARATE'],
  },
  // 403 / 406 (seed 002 Errors; conditions from provider 1.35.0 examples).
  {
    id: 'psi-freeze-ignored',
    rule: 'FD-PSI-FORBIDDEN: generation for a customer under a security freeze is a 403',
    source: 'provider',
    rules: ['FD-PSI-FORBIDDEN'],
  },
  {
    id: 'psi-freeze-fcra-only',
    rule: 'FD-PSI-FORBIDDEN: the non-FCRA generation also refuses a frozen customer',
    source: 'provider',
    rules: ['FD-PSI-FORBIDDEN'],
  },
  {
    id: 'psi-accept-ignored',
    rule: 'FD-PSI-NOT-ACCEPTABLE: a request asking for other than JSON is a 406',
    source: 'provider',
    rules: ['FD-PSI-NOT-ACCEPTABLE'],
  },
  {
    id: 'psi-accept-ignored-on-reads',
    rule: 'FD-PSI-NOT-ACCEPTABLE: the reads by payRequestId also answer 406',
    source: 'provider',
    rules: ['FD-PSI-NOT-ACCEPTABLE'],
  },
  {
    id: 'psi-wildcard-accept-refused',
    rule: 'FD-PSI-NOT-ACCEPTABLE: Accept */* or application/* is served (not 406)',
    source: 'provider',
    rules: ['FD-PSI-NOT-ACCEPTABLE'],
  },
  // Permissible purpose (seed 002 PSI: FCRA variants bound to the stated purpose).
  {
    id: 'psi-purpose-not-required',
    rule: 'FD-PSI-PURPOSE-REQUIRED: an FCRA run without purpose is a 400',
    source: 'seed',
    rules: ['FD-PSI-PURPOSE-REQUIRED'],
  },
  {
    id: 'psi-purpose-length-unchecked',
    rule: 'FD-PSI-PURPOSE-FORMAT: purpose is a two-character code',
    source: 'provider',
    rules: ['FD-PSI-PURPOSE-FORMAT'],
    relax: [{ schema: 'PsiPurposeCode', set: { pattern: '^[0-9A-Za-z]{1,3}$' } }],
  },
  // Result contents (provider 1.35.0).
  {
    id: 'psi-reasons-always',
    rule: 'FD-PSI-REASONS: reasons only with include_reasons=true',
    source: 'provider',
    rules: ['FD-PSI-REASONS'],
  },
  {
    id: 'psi-reasons-flag-presence',
    rule: 'FD-PSI-REASONS: include_reasons=false leaves the reasons out',
    source: 'provider',
    rules: ['FD-PSI-REASONS'],
  },
  {
    id: 'psi-mfa-success',
    rule: 'FD-PSI-MFA-FAILURE: a run on an account whose institution asks MFA fails (FAILURE, errors)',
    source: 'provider',
    rules: ['FD-PSI-MFA-FAILURE'],
  },
  {
    id: 'psi-indicator-bands-swapped',
    rule: "FD-PSI-INDICATOR: an indicator conveys its score (the two riskiest bands given each other's value)",
    source: 'provider',
    rules: ['FD-PSI-INDICATOR'],
  },
  {
    id: 'psi-days-off-by-one',
    rule: 'FD-PSI-DAYS: N+1 days for a settle-by date of the middle band (N days given)',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  },
  {
    id: 'psi-days-ten-always',
    rule: "FD-PSI-DAYS: the near settle-by dates get the fewest days (the far band's count given)",
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  },
  // Requests (provider 1.35.0 limits and required lists).
  {
    id: 'psi-amount-zero-accepted',
    rule: 'FD-PSI-AMOUNT-POSITIVE: a transaction amount of 0 is a 400',
    source: 'provider',
    rules: ['FD-PSI-AMOUNT-POSITIVE'],
    relax: [{ schema: 'PsiAmount', drop: ['exclusiveMinimum'], set: { minimum: 0 } }],
  },
  {
    id: 'psi-settle-date-one-day-grace',
    rule: 'FD-PSI-SETTLE-DATE-NOT-PAST: yesterday is a 400',
    source: 'provider',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  },
  {
    id: 'psi-today-refused',
    rule: 'FD-PSI-SETTLE-DATE-NOT-PAST: today is accepted',
    source: 'provider',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  },
  {
    id: 'psi-legacy-amount-optional',
    rule: 'FD-PSI-LEGACY-REQUIRED: settlementAmount is required',
    source: 'provider',
    rules: ['FD-PSI-LEGACY-REQUIRED'],
  },
  {
    id: 'psi-legacy-purpose-optional',
    rule: 'FD-PSI-LEGACY-REQUIRED: purposeCode is required on the legacy FCRA read',
    source: 'provider',
    rules: ['FD-PSI-LEGACY-REQUIRED'],
  },
  {
    id: 'psi-legacy-purpose-any',
    rule: 'FD-PSI-LEGACY-PURPOSE: the legacy FCRA read takes the purpose code 1P only',
    source: 'provider',
    rules: ['FD-PSI-LEGACY-PURPOSE'],
  },
  {
    id: 'psi-warning-never',
    rule: 'FD-PSI-BALANCE-WARNING: an amount above the available balance carries the balance warning',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  },
  {
    id: 'psi-warning-at-equal',
    rule: 'FD-PSI-BALANCE-WARNING: an amount equal to the available balance carries no warning',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  },
  // Accounts PSI rates (assumption) and their status (provider 1.35.0 example 10013).
  {
    id: 'psi-any-account-type',
    rule: 'FD-PSI-ACCOUNT-TYPE: an account type PSI does not rate is a 400',
    source: 'assumption',
    rules: ['FD-PSI-ACCOUNT-TYPE'],
  },
  {
    id: 'psi-cd-rated',
    rule: 'FD-PSI-ACCOUNT-TYPE: a certificate of deposit is not rated (400)',
    source: 'assumption',
    rules: ['FD-PSI-ACCOUNT-TYPE'],
  },
  {
    id: 'psi-savings-refused',
    rule: 'FD-PSI-ACCOUNT-TYPE: a savings account is rated',
    source: 'assumption',
    rules: ['FD-PSI-ACCOUNT-TYPE'],
  },
  {
    id: 'psi-pending-accepted',
    rule: 'FD-PSI-ACTIVE-ACCOUNT: an account that is not active is a 400',
    source: 'provider',
    rules: ['FD-PSI-ACTIVE-ACCOUNT'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Payment success indicators (seed 002, PSI; provider 1.35.0 SettleByDate, IncludeReasons, PayPurposeCode).
  blind({
    id: 'blind-psi-legacy-days-from-tomorrow',
    rule: 'the legacy reads describe consecutive potential settlement dates from today (day0), not from tomorrow (provider 1.35.0 SettleByDate)',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  blind({
    id: 'blind-psi-reasons-ignored-on-fcra',
    rule: 'include_reasons=true puts the reason codes on every daily result of the FCRA read too (seed 002, PSI: include reasons; provider IncludeReasonsParameter)',
    source: 'provider',
    rules: ['FD-PSI-REASONS'],
  }),
  blind({
    id: 'blind-psi-fcra-readback-amount-cents',
    rule: 'the FCRA run reads back with the transaction sent, its amount in dollars as sent, not in cents (seed 002, PSI: 202 then the get by payRequestId)',
    source: 'seed',
    rules: ['FD-PSI-READ-BACK'],
  }),
  blind({
    id: 'blind-psi-warning-against-cleared-balance',
    rule: 'the balance warning comes when the settlement amount exceeds the available balance, not the cleared balance (provider 1.35.0 PaymentSuccessIndicatorWarningExample)',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  }),
  blind({
    id: 'blind-psi-amount-zero-accepted',
    rule: 'the transaction amount to rate is above 0: 0 is a 400 (provider 1.35.0 PaymentSuccessIndicatorsTransactionAmount, exclusive minimum 0)',
    source: 'provider',
    rules: ['FD-PSI-AMOUNT-POSITIVE'],
    relax: [{ schema: 'PsiAmount', drop: ['exclusiveMinimum'], set: { minimum: 0 } }],
  }),
  blind({
    id: 'blind-psi-legacy-purpose-any-code',
    rule: 'the legacy FCRA read accepts the purpose code 1P only; another two-character code is a 400 (provider 1.35.0 PayPurposeCodeParameter; 400 example 10005)',
    source: 'provider',
    rules: ['FD-PSI-LEGACY-PURPOSE'],
  }),
  independent('independent-9', {
    id: 'i9-psi-legacy-pending-account-rated',
    rule: 'a rating on an account that is not active is a 400 (provider 1.35.0 PSI 400 example: only active accounts can be used): the legacy non-FCRA read (GetPaymentSuccessIndicator) rates a pending account; the other PSI operations still refuse it',
    source: 'provider',
    rules: ['FD-PSI-ACTIVE-ACCOUNT'],
  }),
  independent('independent-9', {
    id: 'i9-psi-legacy-warning-fcra-only',
    rule: 'a settlement amount above the available balance is rated with the balance warning code (provider 1.35.0 PaymentSuccessIndicator example): the warning is added by the FCRA legacy read only, the non-FCRA legacy read omits it',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  }),
  independent('independent-9', {
    id: 'i9-psi-read-request-date-is-today',
    rule: 'the payRequestId reads back with the same request date (provider 1.35.0 PSI result: requestDate of the run): the read computes requestDate from the clock at read time, so a run read the next day shows that day',
    source: 'provider',
    rules: ['FD-PSI-READ-BACK', 'FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-14', {
    id: 'i14-psi-settle-date-eastern-today',
    rule: "a settle-by date in the past is a 400, today and later are rated (provider 1.35.0 SettleByDate: not in the past; reference, Dates in UTC): the non-FCRA generation takes today in US Eastern time, so after midnight UTC yesterday's date is accepted",
    source: 'provider',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  }),
  independent('independent-14', {
    id: 'i14-psi-legacy-fcra-amount-truncated',
    rule: 'a settlement amount above the available balance is rated with the documented warning code, and the read echoes the amount sent (provider 1.35.0 PaymentSuccessIndicator, settlementAmount and its warning): the FCRA legacy read takes the amount in whole dollars, so an amount a fraction of a dollar above the balance carries no warning',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-psi-read-other-account-non-fcra',
    rule: 'FD-PSI-OWNER: GetPaymentSuccessIndicators (non-FCRA) finds a run through another account of the same customer (the FCRA read keeps the account check)',
    source: 'seed',
    rules: ['FD-PSI-OWNER', 'FD-OBJ-OTHER-PARENT'],
  }),
  seeded({
    id: 'rt-psi-fcra-ack-amount-whole',
    rule: "FD-PSI-READ-BACK: the FCRA generation's 202 answers the transaction amount rounded to whole dollars (the reads keep the cents)",
    source: 'provider',
    rules: ['FD-PSI-READ-BACK'],
  }),
  independent('independent-15', {
    id: 'i15-psi-fcra-read-settle-by-date-day-early',
    rule: 'the generated payRequestId reads back with the transaction sent (seed 002, PSI: 202 then the get by payRequestId): the FCRA read-back gives the settle-by date one day early',
    source: 'seed',
    rules: ['FD-PSI-READ-BACK'],
  }),
  // Red team rt2- (origin 'seeded'): a second set written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt2-psi-legacy-nonfcra-warning-at-equal',
    rule: 'FD-PSI-BALANCE-WARNING: GetPaymentSuccessIndicator gives the balance warning when the amount equals the available balance (the FCRA legacy read warns only above it)',
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  }),
  seeded({
    id: 'rt2-psi-fcra-read-days-capped-nine',
    rule: 'FD-PSI-DAYS: the FCRA read-back gives at most nine potential settlement dates (nine or more days out), the non-FCRA read ten',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  seeded({
    id: 'rt2-psi-legacy-fcra-today-refused',
    rule: 'FD-PSI-SETTLE-DATE-NOT-PAST: GetFCRAPaymentSuccessIndicator refuses a settle-by date of today (the other ratings accept it)',
    source: 'provider',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  }),
  seeded({
    id: 'rt2-psi-nonfcra-reasons-seven',
    rule: 'FD-PSI-REASONS: the non-FCRA read-back with include_reasons=true leaves the transactionAmount reason out of each daily result',
    source: 'provider',
    rules: ['FD-PSI-REASONS'],
  }),
  seeded({
    id: 'rt2-psi-fcra-generate-cd-rated',
    rule: 'FD-PSI-ACCOUNT-TYPE: the FCRA generation accepts a certificate of deposit account (the non-FCRA one and the legacy reads refuse it)',
    source: 'assumption',
    rules: ['FD-PSI-ACCOUNT-TYPE'],
  }),
  // Day-boundary family: "today" taken in another zone on one operation, seen only on one side of a UTC midnight
  // (tests/financial-data/clock.day-boundary.spec.ts places the clock at 23:30 and 00:30 UTC).
  seeded({
    id: 'seeded-fam24-psi-legacy-fcra-settle-date-eastern-today',
    rule: 'FD-PSI-SETTLE-DATE-NOT-PAST: GetFCRAPaymentSuccessIndicator judges "past" against the US Eastern date, so just after a UTC midnight yesterday\'s date is accepted',
    source: 'provider',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  }),
  seeded({
    id: 'seeded-fam24-psi-legacy-days-from-eastern-today',
    rule: 'FD-PSI-DAYS: GetPaymentSuccessIndicator counts its potential settlement dates from the US Eastern date, so just after a UTC midnight they start yesterday',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  seeded({
    id: 'seeded-fam24-psi-fcra-request-date-in-sydney',
    rule: "FD-PSI-READ-BACK: an FCRA run's request date is the date in Sydney, so late in the UTC day it is tomorrow",
    source: 'seed',
    rules: ['FD-PSI-READ-BACK', 'FD-PSI-DAYS'],
  }),
  independent('independent-19', {
    id: 'i19-psi-fcra-read-through-sibling-account',
    rule: 'a payRequestId read through another account of the same customer is a 404 (seed 002, Payment success indicators; provider 1.35.0): the FCRA reader answers a run through any account of its customer',
    source: 'provider',
    rules: ['FD-PSI-OWNER'],
  }),
  independent('independent-19', {
    id: 'i19-psi-fcra-today-judged-in-sydney',
    rule: "a settle-by date of today, the target's date, is accepted (provider 1.35.0 SettleByDate; reference, Decisions): the FCRA generation judges today in Sydney time (ten hours ahead of UTC), so late in the UTC day today's date is refused 400 as past",
    source: 'assumption',
    rules: ['FD-PSI-SETTLE-DATE-NOT-PAST'],
  }),
  independent('independent-20', {
    id: 'i20-psi-nine-days-out-nine-dates',
    rule: 'a settle-by date nine days out gives the full set of consecutive potential settlement dates (provider 1.35.0 SettleByDate): nine days out gives one date fewer than the full set',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  independent('independent-22', {
    id: 'i22-psi-two-days-out-four-dates',
    rule: 'a settle-by date up to two days out gives three potential settlement dates (provider 1.35.0 SettleByDate): one two days out gives four',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  independent('independent-27', {
    id: 'i27-psi-read-available-balance-cents',
    rule: "the PSI result carries the account's available balance in dollars (provider 1.35.0, PSI nsfReturnRisk availableBalance): the non-FCRA read-back gives it in cents",
    source: 'provider',
    rules: ['FD-PSI-READ-BACK', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-29', {
    id: 'i29-fd-psi-ack-settle-by-date-day-early',
    rule: 'generation acknowledges the transaction as sent (seed 002, PSI; provider 1.35.0): the non-FCRA acknowledgement gives settleByDate a day early',
    source: 'provider',
    rules: ['FD-PSI-GENERATE', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-psi-non-fcra-days-start-day-late',
    rule: 'the payment success indicators give predictive scores over a period of days from the settle-by date (seed 002, PSI; provider 1.35.0 potentialSettlementDate): the non-FCRA results start the period the day after the settle-by date',
    source: 'provider',
    rules: ['FD-PSI-DAYS'],
  }),
  independent('independent-33', {
    id: 'i33-fd-psi-fcra-purpose-missing-406',
    rule: 'the FCRA generation requires its permissible purpose; a missing required parameter is 400 (seed 002, PSI; Errors 400): it answers 406',
    source: 'seed',
    rules: ['FD-PSI-PURPOSE-REQUIRED'],
  }),
  independent('independent-34', {
    id: 'i34-fd-psi-legacy-fcra-balance-in-cents',
    rule: "the legacy FCRA read gives the account's available balance in dollars, as the balance warning reads it (provider 1.35.0 GetFCRAPaymentSuccessIndicator availableBalance, PaymentSuccessIndicatorWarningExample): the legacy FCRA read answers the available balance in cents",
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING'],
  }),
  independent('independent-35', {
    id: 'i35-fd-psi-accept-with-parameters-406',
    rule: '406 is for a request that admits no JSON (seed 002, Errors 406 PSI operations; provider 1.35.0 application/json answers): an Accept of application/json carrying a parameter (a charset) is compared whole and refused 406',
    source: 'provider',
    rules: ['FD-PSI-NOT-ACCEPTABLE', 'FD-PROP-ACCEPT'],
  }),
  independent('independent-36', {
    id: 'i36-fd-psi-rerun-overwrites-earlier-run',
    rule: "each generation is its own run, identified by its payRequestId (seed 002, Resources: pay request; PSI): a second run of the same account and product is given the earlier run's payRequestId, so the earlier run reads back with the later transaction",
    source: 'seed',
    rules: ['FD-PSI-READ-BACK'],
  }),
  independent('independent-37', {
    id: 'i37-fd-psi-legacy-warning-code-number',
    rule: "the legacy indicator's balance warning carries its code as a string (provider 1.35.0 legacy payment indicator, warning code): the legacy read's warning code is a number",
    source: 'provider',
    rules: ['FD-PSI-BALANCE-WARNING', 'FD-TYPE-FORMS'],
  }),
]);
