// Faults of reports-analytics: each breaks one rule of schemas/financial-data/rules/reports-analytics.yaml.
import { ruleFault, type Fault } from '../kit/faults.js';

const f = ruleFault;

export const REPORTS_ANALYTICS_FAULTS: Fault[] = [
  // Eligibility by account type (seed 002; provider 1.35.0 for the cash flow reports).
  f('cashflow-eligibility-skipped', 'FD-CASHFLOW-ELIGIBLE: a customer without checking or savings gets 400 from the cash flow reports', 'provider'),
  f('analytics-eligibility-skipped', 'FD-ANALYTICS-ELIGIBLE: balance and cash flow analytics refuse a customer without checking or savings (400)', 'seed'),
  f('cashflow-analytics-eligibility-skipped', 'FD-ANALYTICS-ELIGIBLE: cash flow analytics alone refuses a customer without checking or savings (400)', 'seed'),
  f('payhist-eligibility-skipped', 'FD-ANALYTICS-ELIGIBLE: payment history refuses a customer without checking or savings (400)', 'seed'),
  f('analytics-savings-refused', 'FD-ANALYTICS-ELIGIBLE: a savings account alone is enough (202)', 'seed'),
  f('foresight-eligibility-skipped', 'FD-FORESIGHT-ELIGIBLE: foresight refuses a customer without checking, credit card or savings (400)', 'seed'),
  f('foresight-credit-card-refused', 'FD-FORESIGHT-ELIGIBLE: a credit card account alone is enough for foresight (202)', 'seed'),
  // Whom a report is for (seed 002; provider 1.35.0 AnalyticsReportData, ReportType).
  f('cashflow-personal-no-consumer', 'FD-CASHFLOW-FCRA: the personal (FCRA) cash flow report names the consumer and is read through it', 'seed'),
  f('cashflow-type-swapped', 'FD-ANALYTICS-REPORT-TYPE: cash flow business is type cfrb, personal cfrp', 'provider'),
  f('analytics-type-ignores-purpose', 'FD-ANALYTICS-REPORT-TYPE: the analytics type follows the purpose (cra, ftc, noncra)', 'provider'),
  f('analytics-type-ignores-usertype', 'FD-ANALYTICS-REPORT-TYPE: the analytics type follows the userType (personal barp/cfrp, business barb/cfrb)', 'provider'),
  f('analytics-usertype-unchecked', 'FD-ANALYTICS-USERTYPE: a userType other than business or personal is a 400', 'provider', { relax: [{ schema: 'AnalyticsUserType', drop: ['enum'] }] }),
  f('foresight-usertype-unchecked', 'FD-FORESIGHT-USERTYPE: a foresight userType other than personal is a 400', 'provider', { relax: [{ schema: 'ForesightUserType', drop: ['enum'] }] }),
  f('analytics-cra-consumer-not-required', 'FD-ANALYTICS-USERTYPE-ENTITY: a CRA personal (or guaranteed business) report without a consumer is a 404', 'seed'),
  f('analytics-business-not-required', 'FD-ANALYTICS-USERTYPE-ENTITY: a business report for a customer without a business is a 404', 'seed'),
  f('analytics-business-not-named', 'FD-ANALYTICS-USERTYPE-ENTITY: a business report names the business it is made for', 'seed'),
  f('payhist-business-not-required', 'FD-PAYHIST-BUSINESS: payment history for a customer without a business is a 404', 'seed'),
  f('payhist-cra-consumer-not-required', 'FD-PAYHIST-CRA-CONSUMER: a CRA payment history without a consumer is a 404', 'seed'),
  // Window and content (provider 1.35.0: up to two years; the mock's known answers).
  f('analytics-window-unclamped', 'FD-ANALYTICS-HISTORY-WINDOW: a fromDate older than two years reads two years, not more', 'provider'),
  f('cashflow-lists-all-accounts', 'FD-CASHFLOW-CONTENT: the cash flow report reads exactly the checking and savings accounts', 'provider'),
  f('analytics-balance-opening-late', 'FD-ANALYTICS-BALANCE-CONTENT: a month opens with the balance before its first transaction', 'assumption'),
  f('analytics-inflow-counts-debits', 'FD-ANALYTICS-CASHFLOW-CONTENT: the inflow of a month is its credits only', 'assumption'),
  f('payhist-counts-credits', 'FD-PAYHIST-CONTENT: the payments are the debits of the window', 'assumption'),
  f('foresight-content-without-credit-card', 'FD-FORESIGHT-CONTENT: foresight reads the checking, credit card and savings accounts', 'seed'),
  // Foresight first/third-party variant (seed 002; provider 1.35.0 InvalidForesightReportRequestExample).
  f('foresight-source-unchecked', 'FD-FORESIGHT-SOURCE: neither customerId nor externalCustomerId is a 400', 'provider'),
  f('foresight-external-refused', 'FD-FORESIGHT-SOURCE: externalCustomerId alone is accepted (202)', 'provider'),
  f('foresight-3p-stuck-in-progress', 'FD-FORESIGHT-READ-BY-ID: the first/third-party report read by id ends success', 'seed'),
  f('foresight-unknown-customer-400', 'FD-FORESIGHT-CUSTOMER: an unknown customerId in the body is a 404', 'seed'),
  // Small business credit analytics (seed 002: 200 with performance or benchmarking metrics).
  f('sbca-answers-202', 'FD-SBCA-METRICS: the report is answered at once with 200', 'seed'),
  f('sbca-benchmarks-as-analytics', 'FD-SBCA-METRICS: retail_sales_benchmarks gives the benchmarking metrics', 'seed'),
  f('sbca-frequency-ignored', 'FD-SBCA-METRICS: weekly metrics come in periods of seven days', 'provider'),
  f('sbca-consent-ignored', 'FD-SBCA-CONSENT: without the merchant consent the request is a 400', 'provider'),
  f('sbca-any-location', 'FD-SBCA-LOCATION: a location without merchant metrics is a 404', 'provider'),
];
