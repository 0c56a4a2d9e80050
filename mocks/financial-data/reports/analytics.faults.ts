// Faults of the cash flow and analytics reports (switched in analytics.ts): each breaks one rule of
// schemas/financial-data/rules/reports-analytics.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, ruleFault, seeded, independent } from '../../kit/faults.js';

const f = ruleFault;

export const ANALYTICS_REPORTS_FAULTS = faultCatalogue([
  // Seeded for the answer judge (fixtures/financial-data.ts): an echo of one writer's answer no spec compares with its request.
  seeded({
    id: 'seeded-judge-foresight-3p-ack-next-customer',
    rule: "FD-ANALYTICS-REPORT-PIN: the first/third-party foresight ack names the next customer id, not the customerId sent (the report is the right customer's)",
    source: 'provider',
    rules: ['FD-ANALYTICS-REPORT-PIN'],
  }),
  // Seeded for the roll-up property (helpers/client/invariants/rollups.ts, invariants.end-states.spec.ts).
  seeded({
    id: 'seeded-prop-analytics-customer-first-account',
    rule: "FD-PROP-ROLLUP: the customer's cash flow analytics (CASH_INFLOW, CASH_OUTFLOW, NET_CASH_FLOW) are its accounts' taken together, not the first account's alone",
    source: 'assumption',
    rules: ['FD-PROP-ROLLUP'],
  }),
  // Seeded beside the check of another partner's customer on every userType (origin 'seeded').
  seeded({
    id: 'business-analytics-customer-any-partner',
    rule: "FD-OBJ-OTHER-PARTNER: balance and cash flow analytics for userType business (payment history aside) are made for another partner's customer (userType personal refuses it)",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARTNER'],
  }),
  // Eligibility by account type (seed 002; provider 1.35.0 for the cash flow reports).
  f(
    'cashflow-eligibility-skipped',
    'FD-CASHFLOW-ELIGIBLE: a customer without checking or savings gets 400 from the cash flow reports',
    'provider',
  ),
  f(
    'analytics-eligibility-skipped',
    'FD-ANALYTICS-ELIGIBLE: balance and cash flow analytics refuse a customer without checking or savings (400)',
    'seed',
  ),
  f(
    'cashflow-analytics-eligibility-skipped',
    'FD-ANALYTICS-ELIGIBLE: cash flow analytics alone refuses a customer without checking or savings (400)',
    'seed',
  ),
  f('payhist-eligibility-skipped', 'FD-ANALYTICS-ELIGIBLE: payment history refuses a customer without checking or savings (400)', 'seed'),
  f('analytics-savings-refused', 'FD-ANALYTICS-ELIGIBLE: a savings account alone is enough (202)', 'seed'),
  f(
    'foresight-eligibility-skipped',
    'FD-FORESIGHT-ELIGIBLE: foresight refuses a customer without checking, credit card or savings (400)',
    'seed',
  ),
  f('foresight-credit-card-refused', 'FD-FORESIGHT-ELIGIBLE: a credit card account alone is enough for foresight (202)', 'seed'),
  // Whom a report is for (seed 002; provider 1.35.0 AnalyticsReportData, ReportType).
  f(
    'cashflow-personal-no-consumer',
    'FD-CASHFLOW-FCRA: the personal (FCRA) cash flow report names the consumer and is read through it',
    'seed',
  ),
  f('cashflow-type-swapped', 'FD-ANALYTICS-REPORT-TYPE: cash flow business is type cfrb, personal cfrp', 'provider'),
  f('analytics-type-ignores-purpose', 'FD-ANALYTICS-REPORT-TYPE: the analytics type follows the purpose (cra, ftc, noncra)', 'provider'),
  f(
    'analytics-type-ignores-usertype',
    'FD-ANALYTICS-REPORT-TYPE: the analytics type follows the userType (personal barp/cfrp, business barb/cfrb)',
    'provider',
  ),
  f('analytics-usertype-unchecked', 'FD-ANALYTICS-USERTYPE: a userType other than business or personal is a 400', 'provider', {
    relax: [{ schema: 'AnalyticsUserType', drop: ['enum'] }],
  }),
  f('foresight-usertype-unchecked', 'FD-FORESIGHT-USERTYPE: a foresight userType other than personal is a 400', 'provider', {
    relax: [{ schema: 'ForesightUserType', drop: ['enum'] }],
  }),
  f(
    'analytics-cra-consumer-not-required',
    'FD-ANALYTICS-USERTYPE-ENTITY: a CRA personal (or guaranteed business) report without a consumer is a 404',
    'seed',
  ),
  f(
    'analytics-business-not-required',
    'FD-ANALYTICS-USERTYPE-ENTITY: a business report for a customer without a business is a 404',
    'seed',
  ),
  f('analytics-business-not-named', 'FD-ANALYTICS-USERTYPE-ENTITY: a business report names the business it is made for', 'seed'),
  f('payhist-business-not-required', 'FD-PAYHIST-BUSINESS: payment history for a customer without a business is a 404', 'seed'),
  f('payhist-cra-consumer-not-required', 'FD-PAYHIST-CRA-CONSUMER: a CRA payment history without a consumer is a 404', 'seed'),
  // Window and content (provider 1.35.0: up to two years; the mock's known answers).
  f('analytics-window-unclamped', 'FD-ANALYTICS-HISTORY-WINDOW: a fromDate older than two years reads two years, not more', 'provider'),
  // Seeded beside the check of the cash flow summaries (origin 'seeded').
  seeded({
    id: 'cashflow-summary-first-account-only',
    rule: "FD-CASHFLOW-CONTENT: the cash flow report's monthly credit summary is the first account's months alone, not every account's summed (provider 1.35.0 CashFlowCashFlowCreditSummary)",
    source: 'provider',
    rules: ['FD-CASHFLOW-CONTENT'],
  }),
  f('cashflow-lists-all-accounts', 'FD-CASHFLOW-CONTENT: the cash flow report reads exactly the checking and savings accounts', 'provider'),
  f(
    'analytics-balance-opening-late',
    'FD-ANALYTICS-BALANCE-CONTENT: a month opens with the balance before its first transaction',
    'assumption',
  ),
  f('analytics-inflow-counts-debits', 'FD-ANALYTICS-CASHFLOW-CONTENT: the inflow of a month is its credits only', 'assumption'),
  f('payhist-counts-credits', 'FD-PAYHIST-CONTENT: the payments are the debits of the window', 'assumption'),
  f(
    'foresight-content-without-credit-card',
    'FD-FORESIGHT-CONTENT: foresight reads the checking, credit card and savings accounts',
    'seed',
  ),
  f(
    'analytics-account-ids-empty-kept',
    'FD-REPORT-ACCOUNT-IDS-ECHO: the ack lists the ids of the accountIds text alone, no empty id for a leading, trailing or doubled space',
    'provider',
  ),
  f('analytics-median-missing', 'FD-ANALYTICS-PERIOD-STATISTICS: a period with amounts gives their median (not null)', 'provider'),
  // Foresight first/third-party variant (seed 002; provider 1.35.0 InvalidForesightReportRequestExample).
  f('foresight-source-unchecked', 'FD-FORESIGHT-SOURCE: neither customerId nor externalCustomerId is a 400', 'provider'),
  f('foresight-external-refused', 'FD-FORESIGHT-SOURCE: externalCustomerId alone is accepted (202)', 'provider'),
  f('foresight-3p-stuck-in-progress', 'FD-FORESIGHT-READ-BY-ID: the first/third-party report read by id ends success', 'seed'),
  f('foresight-unknown-customer-400', 'FD-FORESIGHT-CUSTOMER: an unknown customerId in the body is a 404', 'seed'),
  // Seeded beside the check of accountIds on every analytics report (origin 'seeded').
  seeded({
    id: 'balance-analytics-account-ids-ignored',
    rule: 'FD-ANALYTICS-ACCOUNT-IDS: the balance analytics report reads every eligible account of the customer, not only those accountIds names (the other reports narrow)',
    source: 'provider',
    rules: ['FD-ANALYTICS-ACCOUNT-IDS'],
  }),
  seeded({
    id: 'cashflow-account-ids-any-customer',
    rule: "FD-ANALYTICS-ACCOUNT-IDS: the personal cash flow report looks an accountIds entry up among every account of the service: another customer's account is read into this customer's report",
    source: 'provider',
    rules: ['FD-ANALYTICS-ACCOUNT-IDS'],
  }),
  seeded({
    id: 'cashflow-account-ids-near-match',
    rule: "FD-ANALYTICS-ACCOUNT-IDS: the business cash flow report finds an accountIds entry by prefix: an id one character longer or shorter than one of the customer's accounts reads that account",
    source: 'provider',
    rules: ['FD-ANALYTICS-ACCOUNT-IDS'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Cash flow and analytics reports (seed 002, Decisioning report generation; Errors 400, 404; provider 1.35.0).
  blind({
    id: 'blind-analytics-cashflow-personal-money-market-eligible',
    rule: 'the personal cash flow report needs a checking or savings account: a money market account does not make the customer eligible (provider 1.35.0 GenerateCashFlowPersonalReport, 400)',
    source: 'provider',
    rules: ['FD-CASHFLOW-ELIGIBLE'],
  }),
  blind({
    id: 'blind-analytics-payhist-credit-card-eligible',
    rule: 'payment history needs a checking or savings account: a credit card does not make the customer eligible (seed 002: otherwise 400)',
    source: 'seed',
    rules: ['FD-ANALYTICS-ELIGIBLE'],
  }),
  blind({
    id: 'blind-analytics-foresight-3p-eligibility-any-account',
    rule: 'the first/third-party foresight report of a customer without a checking, credit card or savings account is a 400, as on the customer path (seed 002: foresight needs checking, credit card or savings)',
    source: 'seed',
    rules: ['FD-FORESIGHT-ELIGIBLE'],
  }),
  blind({
    id: 'blind-analytics-cashflow-personal-not-filed-under-consumer',
    rule: "the personal cash flow report is the consumer's (FCRA): it reads through GetReportByConsumer, not only through the customer (seed 002: provided under FCRA rules, needs a consumer)",
    source: 'seed',
    rules: ['FD-CASHFLOW-FCRA'],
  }),
  blind({
    id: 'blind-analytics-cashflow-business-cra-type-cfrbcra',
    rule: 'a business CRA cash flow analytics report is typed cracfrbcra as ReportType lists it, not cfrbcra (provider 1.35.0 ReportType)',
    source: 'provider',
    rules: ['FD-ANALYTICS-REPORT-TYPE'],
  }),
  blind({
    id: 'blind-analytics-usertype-unchecked',
    rule: 'balance and cash flow analytics serve userType business or personal; any other value is a 400, not a business report (provider 1.35.0 UserTypeParameter)',
    source: 'provider',
    rules: ['FD-ANALYTICS-USERTYPE'],
    relax: [{ schema: 'AnalyticsUserType', drop: ['enum'] }],
  }),
  blind({
    id: 'blind-analytics-foresight-usertype-unchecked',
    rule: 'the foresight reports serve userType personal only: business is a 400 (provider 1.35.0 PersonalUserTypeParameter)',
    source: 'provider',
    rules: ['FD-FORESIGHT-USERTYPE'],
    relax: [{ schema: 'ForesightUserType', drop: ['enum'] }],
  }),
  blind({
    id: 'blind-analytics-guarantor-consumer-unchecked-on-cashflow',
    rule: 'a business CRA cash flow analytics report with a personal guarantor needs the consumer (404 without), as the balance analytics does (provider 1.35.0 AnalyticsReportData: a consumer record will be required)',
    source: 'provider',
    rules: ['FD-ANALYTICS-USERTYPE-ENTITY'],
  }),
  blind({
    id: 'blind-analytics-business-details-customer-id',
    rule: "a business report's businessDetails name the customer's business by its business id, not by the customer id (seed 002: business created according to the userType; provider 1.35.0 BusinessDetails)",
    source: 'seed',
    rules: ['FD-ANALYTICS-USERTYPE-ENTITY'],
  }),
  blind({
    id: 'blind-analytics-payhist-no-business-400',
    rule: 'payment history for a customer without a business is a 404 (resource not found), not a 400 (seed 002: requires a Business entity; Errors 404)',
    source: 'seed',
    rules: ['FD-PAYHIST-BUSINESS'],
  }),
  blind({
    id: 'blind-analytics-payhist-noncra-needs-consumer',
    rule: 'a non-CRA payment history needs no consumer: 202 without one (seed 002: a consumer only when the purpose is CRA)',
    source: 'seed',
    rules: ['FD-PAYHIST-CRA-CONSUMER'],
  }),
  blind({
    id: 'blind-analytics-window-from-date-day-start',
    rule: 'the balance, cash flow analytics and payment history reports start at the fromDate sent (startDate = fromDate), not at midnight of its day (provider 1.35.0 UnixDate fromDate)',
    source: 'provider',
    rules: ['FD-ANALYTICS-HISTORY-WINDOW'],
  }),
  blind({
    id: 'blind-analytics-cashflow-window-720-days',
    rule: 'the cash flow reports read up to two years (of calendar days), not historicLoadDays (months all of one length) (provider 1.35.0: up to two years of transaction history)',
    source: 'provider',
    rules: ['FD-ANALYTICS-HISTORY-WINDOW'],
  }),
  blind({
    id: 'blind-analytics-cashflow-business-pending-included',
    rule: "the business cash flow report lists an account's posted transactions of the window, not its pending ones (provider 1.35.0 CashFlowReport; catalogue)",
    source: 'provider',
    rules: ['FD-CASHFLOW-CONTENT'],
  }),
  blind({
    id: 'blind-analytics-balance-closes-at-available',
    rule: "the balance analytics' last month closes at the account's balance, not at its available balance (catalogue assumption; provider 1.35.0 ASSET_BALANCE endingValue)",
    source: 'assumption',
    rules: ['FD-ANALYTICS-BALANCE-CONTENT'],
  }),
  blind({
    id: 'blind-analytics-inflow-excludes-transfers',
    rule: 'the CASH_INFLOW periods of an account add up to all its credits of the window, transfers included (catalogue assumption; provider 1.35.0 CASH_INFLOW)',
    source: 'assumption',
    rules: ['FD-ANALYTICS-CASHFLOW-CONTENT'],
  }),
  blind({
    id: 'blind-analytics-payhist-last-year-only',
    rule: 'the payment history CASH_OUTFLOW counts and sums the debits of the whole window, not of its last twelve months (catalogue assumption; provider 1.35.0 HISTORICALLY)',
    source: 'assumption',
    rules: ['FD-PAYHIST-CONTENT'],
  }),
  blind({
    id: 'blind-analytics-foresight-reads-money-market',
    rule: "the foresight report reads exactly the customer's checking, credit card and savings accounts, not its money market account (seed 002: foresight needs checking, credit card or savings)",
    source: 'seed',
    rules: ['FD-FORESIGHT-CONTENT'],
  }),
  blind({
    id: 'blind-analytics-foresight-both-sources-400',
    rule: 'the first/third-party foresight report takes customerId and/or externalCustomerId: both together is a 202, not a 400 (seed 002; provider 1.35.0 InvalidForesightReportRequestExample)',
    source: 'seed',
    rules: ['FD-FORESIGHT-SOURCE'],
  }),
  blind({
    id: 'blind-analytics-foresight-3p-customer-only-fails',
    rule: 'the first/third-party report of a customerId alone, read by id, ends success, not failure for want of enriched data (seed 002: results fetched with Get Report by Report ID)',
    source: 'seed',
    rules: ['FD-FORESIGHT-READ-BY-ID'],
  }),
  blind({
    id: 'blind-analytics-foresight-unknown-customer-as-external',
    rule: 'a customerId the partner never created is a 404, not taken for a report of enriched data only (seed 002, Errors 404)',
    source: 'seed',
    rules: ['FD-FORESIGHT-CUSTOMER'],
  }),
  independent('independent-9', {
    id: 'i9-foresight-3p-other-partner-customer',
    rule: "a customerId in the body the partner never created is a 404 (seed 002: the first/third-party foresight report takes a customerId for permissioned data; FD-FORESIGHT-CUSTOMER): the operation finds the customer among every partner's, so another partner's customer gets a report (202)",
    source: 'seed',
    rules: ['FD-FORESIGHT-CUSTOMER', 'FD-OBJ-OTHER-PARTNER'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-analytics-business-name-trimmed',
    rule: 'FD-ANALYTICS-USERTYPE-ENTITY: the business analytics acknowledgement names the business with its name trimmed and inner runs of spaces collapsed, not as the business record holds it',
    source: 'provider',
    rules: ['FD-ANALYTICS-USERTYPE-ENTITY'],
  }),
  independent('independent-23', {
    id: 'i23-analytics-outflow-sum-unsigned',
    rule: "each period's statistics describe one set of amounts, sum being mean times count (provider 1.35.0 analytics periods): each CASH_OUTFLOW period's sum is written as a positive total while mean, min and max stay negative",
    source: 'provider',
    rules: ['FD-ANALYTICS-PERIOD-STATISTICS'],
  }),
  independent('independent-36', {
    id: 'i36-fd-analytics-cashflow-business-refused-still-created',
    rule: "a cash flow report needs a checking or savings account, otherwise 400, and a refused generation leaves no report (seed 002, Decisioning report generation): the business cash flow report refused 400 for its accounts is queued all the same and shows in the customer's report list",
    source: 'seed',
    rules: ['FD-CASHFLOW-ELIGIBLE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
]);
