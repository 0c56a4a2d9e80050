// Faults of the income and employment reports (switched in income.ts): each breaks one rule of
// schemas/financial-data/rules/reports-income.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, seeded, independent } from '../../kit/faults.js';

export const INCOME_REPORTS_FAULTS = faultCatalogue([
  // Payroll constraints (provider 1.35.0 PayrollReportConstraints, SSNPayroll).
  {
    id: 'income-payroll-data-optional',
    rule: 'FD-PAYROLL-REQUIRED: a payroll body without payrollData is a 400 naming it',
    source: 'provider',
    rules: ['FD-PAYROLL-REQUIRED'],
    relax: [{ schema: 'PayrollReportConstraints', unrequire: ['payrollData'] }],
  },
  {
    id: 'income-voe-payroll-source-unchecked',
    rule: 'FD-VOE-PAYROLL-SOURCE: VOE payroll data with neither ssn nor payroll accounts is a 400',
    source: 'provider',
    rules: ['FD-VOE-PAYROLL-SOURCE'],
  },
  {
    id: 'income-payroll-ssn-echoed',
    rule: 'FD-PAYROLL-SSN-MASKED: the payroll data is echoed without the SSN and date of birth sent',
    source: 'provider',
    rules: ['FD-PAYROLL-SSN-MASKED'],
  },
  {
    id: 'income-payroll-consumer-ssn-full',
    rule: "FD-PAYROLL-SSN-MASKED: consumerSsn is the last four digits, not the consumer's full SSN",
    source: 'provider',
    rules: ['FD-PAYROLL-SSN-MASKED'],
  },
  // Pay statements (seed 002: asset ids of stored pay statements; reuse to refresh).
  {
    id: 'income-asset-unchecked',
    rule: 'FD-PAYSTMT-REPORT-ASSET: an asset id the customer never stored is a 404',
    source: 'seed',
    rules: ['FD-PAYSTMT-REPORT-ASSET'],
  },
  {
    id: 'income-asset-owner-unchecked',
    rule: "FD-PAYSTMT-REPORT-ASSET: another customer's pay statement is a 404",
    source: 'seed',
    rules: ['FD-PAYSTMT-REPORT-ASSET'],
  },
  {
    id: 'income-asset-unknown-400',
    rule: 'FD-PAYSTMT-REPORT-ASSET: an unknown asset id is a 404 (not 400)',
    source: 'provider',
    rules: ['FD-PAYSTMT-REPORT-ASSET'],
  },
  {
    id: 'income-asset-reuse-refused',
    rule: 'FD-VOIE-ASSET-REUSE: the asset id of the first report is accepted again to refresh bank data',
    source: 'seed',
    rules: ['FD-VOIE-ASSET-REUSE'],
  },
  // VOE transactions (seed 002: descriptions without amounts).
  {
    id: 'income-voe-amounts-shown',
    rule: 'FD-VOE-TXN-NO-AMOUNTS: no amount in a VOE transactions report',
    source: 'seed',
    rules: ['FD-VOE-TXN-NO-AMOUNTS'],
  },
  {
    id: 'income-voe-deposits-first-account-only',
    rule: "FD-VOE-TXN-NO-AMOUNTS: the income deposits of every deposit account are listed (not the first account's only)",
    source: 'seed',
    rules: ['FD-VOE-TXN-NO-AMOUNTS', 'FD-VOIE-TXVERIFY-MATCH'],
  },
  // VOIE payroll (seed 002: made by Connect; the operation only refreshes it).
  {
    id: 'income-voie-refresh-generates',
    rule: 'FD-VOIE-PAYROLL-REFRESH-ONLY: a refresh without a VOIE payroll report is a 404 (not a new report)',
    source: 'seed',
    rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'],
  },
  {
    id: 'income-voie-refresh-report-id-unchecked',
    rule: 'FD-VOIE-PAYROLL-REFRESH-ONLY: a reportId naming none of its VOIE payroll reports is a 404',
    source: 'seed',
    rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'],
  },
  // Content from the world.
  {
    id: 'income-extract-first-asset-only',
    rule: 'FD-PAYSTMT-REPORT-EXTRACT: one extract per asset id sent',
    source: 'assumption',
    rules: ['FD-PAYSTMT-REPORT-EXTRACT'],
  },
  {
    id: 'income-txverify-match-gross',
    rule: 'FD-VOIE-TXVERIFY-MATCH: pay statements are matched to deposits on the net pay',
    source: 'assumption',
    rules: ['FD-VOIE-TXVERIFY-MATCH'],
  },
  {
    id: 'income-voe-payroll-shows-income',
    rule: 'FD-PAYROLL-EMPLOYMENT: a VOE payroll report shows no income',
    source: 'provider',
    rules: ['FD-PAYROLL-EMPLOYMENT'],
  },
  {
    id: 'income-payroll-oldest-pay-date',
    rule: "FD-PAYROLL-EMPLOYMENT: the latest pay date is the customer's latest payroll deposit",
    source: 'assumption',
    rules: ['FD-PAYROLL-EMPLOYMENT'],
  },
  // Seeded beside the check of accountIds on the VOE transactions report (origin 'seeded').
  seeded({
    id: 'voe-transactions-account-ids-ignored',
    rule: 'FD-INCOME-ACCOUNT-IDS: the VOE transactions report reads the payroll deposits of every deposit account, whatever accountIds names',
    source: 'provider',
    rules: ['FD-INCOME-ACCOUNT-IDS'],
  }),
  seeded({
    id: 'voe-transactions-account-ids-any-customer',
    rule: "FD-INCOME-ACCOUNT-IDS: the VOE transactions report looks an accountIds entry up among every account of the service: another customer's payroll deposits are read into this customer's report",
    source: 'provider',
    rules: ['FD-INCOME-ACCOUNT-IDS'],
  }),
  seeded({
    id: 'voe-transactions-account-ids-near-match',
    rule: "FD-INCOME-ACCOUNT-IDS: the VOE transactions report finds an accountIds entry by prefix: an id one character longer or shorter than one of the customer's accounts shows that account's payroll deposits",
    source: 'provider',
    rules: ['FD-INCOME-ACCOUNT-IDS'],
  }),
  seeded({
    id: 'txverify-account-ids-ignored',
    rule: 'FD-INCOME-ACCOUNT-IDS: the VOIE TXVerify report reads the payroll deposits of every deposit account, whatever accountIds names (the VOE transactions report narrows)',
    source: 'provider',
    rules: ['FD-INCOME-ACCOUNT-IDS'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Income and employment reports (seed 002, Decisioning report generation; Errors 400, 404; provider 1.35.0).
  blind({
    id: 'blind-income-voie-payroll-refresh-read-as-voe',
    rule: 'a refreshed VOIE payroll report keeps its type voiePayroll when read after it ended, not voePayroll (provider 1.35.0 RefreshVOIEPayrollReportResponseExample, ReportType)',
    source: 'provider',
    rules: ['FD-INCOME-REPORT-TYPE'],
  }),
  blind({
    id: 'blind-income-payroll-data-not-required',
    rule: 'a payroll report body without payrollData is a 400 naming payrollData, the refresh included (provider 1.35.0 PayrollReportConstraints, required payrollData)',
    source: 'provider',
    rules: ['FD-PAYROLL-REQUIRED'],
    relax: [{ schema: 'PayrollReportConstraints', unrequire: ['payrollData'] }],
  }),
  blind({
    id: 'blind-income-voe-payroll-source-400-names-payroll-data',
    rule: 'a VOE payroll body naming no payroll source is a 400 whose message names ssn, not a vague "payrollData is incomplete" (provider 1.35.0 SSNPayroll, MissingFieldExample)',
    source: 'provider',
    rules: ['FD-VOE-PAYROLL-SOURCE'],
  }),
  blind({
    id: 'blind-income-voe-payroll-dob-echoed',
    rule: 'the VOE payroll ack and report echo payrollData without ssn and without dob: the date of birth sent is not echoed either (provider 1.35.0 PayrollDataOut)',
    source: 'provider',
    rules: ['FD-PAYROLL-SSN-MASKED'],
  }),
  blind({
    id: 'blind-income-voie-payroll-employee-ssn',
    rule: 'the refreshed VOIE payroll report carries no full SSN anywhere, its employee record included (provider 1.35.0 PayrollDataOut, SocialSecurityNumberLastDigits; reference, Consumers: last four digits only)',
    source: 'provider',
    rules: ['FD-PAYROLL-SSN-MASKED'],
  }),
  blind({
    id: 'blind-income-voie-statement-asset-owner-unchecked',
    rule: 'GenerateVOIEPaystubReport refuses (404) a pay statement stored by another customer, as the pay statement report does (seed 002: asset ids of pay statements the customer stored; Errors 404)',
    source: 'seed',
    rules: ['FD-PAYSTMT-REPORT-ASSET'],
  }),
  blind({
    id: 'blind-income-paystatement-unknown-asset-fails-later',
    rule: 'an asset id the customer never stored is a 404 at once, not a 202 whose report later ends in failure (seed 002, Errors 404; provider 1.35.0 AssetNotFoundExample 13002)',
    source: 'seed',
    rules: ['FD-PAYSTMT-REPORT-ASSET'],
  }),
  blind({
    id: 'blind-income-txverify-reuse-returns-first-report',
    rule: "a second VOIE paystub with TXVerify request reusing the first report's asset id makes a new report (new id, inProgress), not the first report deduplicated (seed 002: reuse the asset id to refresh bank data)",
    source: 'seed',
    rules: ['FD-VOIE-ASSET-REUSE'],
  }),
  blind({
    id: 'blind-income-voe-txn-account-balance-shown',
    rule: 'the VOE transactions report shows no amount, balance or pay figure anywhere: its accounts carry no current balance (seed 002: descriptions without amounts)',
    source: 'seed',
    rules: ['FD-VOE-TXN-NO-AMOUNTS'],
  }),
  blind({
    id: 'blind-income-refresh-report-id-any-kind',
    rule: 'a refresh whose payrollData.reportId names a report of the customer that is not a VOIE payroll report (e.g. its VOE payroll report) is a 404 (seed 002: this operation only refreshes the VOIE payroll report; Errors 404)',
    source: 'seed',
    rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'],
  }),
  blind({
    id: 'blind-income-refresh-names-itself',
    rule: "the refresh's constraints name the original VOIE payroll report, not the new report's own id (seed 002: the operation refreshes the report Connect made; provider 1.35.0 OriginalPayrollReportId)",
    source: 'seed',
    rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'],
  }),
  blind({
    id: 'blind-income-paystatement-net-pay-whole-dollars',
    rule: 'the pay statement report shows the net pay written on the stored statement, cents included, not truncated to whole dollars (provider 1.35.0 PayStatementReportExample netPayCurrent; catalogue assumption)',
    source: 'assumption',
    rules: ['FD-PAYSTMT-REPORT-EXTRACT'],
  }),
  blind({
    id: 'blind-income-txverify-match-needs-near-pay-date',
    rule: 'a pay statement whose net pay equals deposits of the customer is NET_PAY_MATCH with those deposits, whatever their distance to the pay date (provider 1.35.0 matchType NET_PAY_MATCH; catalogue assumption)',
    source: 'assumption',
    rules: ['FD-VOIE-TXVERIFY-MATCH'],
  }),
  blind({
    id: 'blind-income-txverify-match-type-any-deposit',
    rule: 'a pay statement matching no deposit is NO_MATCH, even when the customer has payroll deposits (provider 1.35.0 matchType; catalogue assumption)',
    source: 'assumption',
    rules: ['FD-VOIE-TXVERIFY-MATCH'],
  }),
  blind({
    id: 'blind-income-payroll-latest-pay-transaction-date',
    rule: "the employment's latest pay date is the latest payroll deposit's posted date, not its transaction date (catalogue assumption; seed 002 Transactions: postedDate and transactionDate differ)",
    source: 'assumption',
    rules: ['FD-PAYROLL-EMPLOYMENT'],
  }),
  blind({
    id: 'blind-income-voe-payroll-pay-frequency-shown',
    rule: 'a VOE payroll report shows no income at all, not even the pay frequency (provider 1.35.0 GenerateVOEPayrollReport: "employment details and status without any income information")',
    source: 'provider',
    rules: ['FD-PAYROLL-EMPLOYMENT'],
  }),
  independent('independent-9', {
    id: 'i9-income-txverify-asset-owner-unchecked',
    rule: "an asset id stored by another customer is a 404 (seed 002: pay statement and VOIE paystub reports take the asset ids of pay statements stored with the upload; FD-PAYSTMT-REPORT-ASSET): the VOIE paystub with TXVerify (withInterview) operation takes another customer's asset (the other report paths refuse it)",
    source: 'seed',
    rules: ['FD-PAYSTMT-REPORT-ASSET', 'FD-OBJ-OTHER-PARENT'],
  }),
  // Seeded beside the repeated and near labels of the custom-fields check (reports.custom-fields.spec.ts; origin 'seeded').
  seeded({
    id: 'report-custom-fields-keyed-by-label',
    rule: 'the reportCustomFields a report is generated with read back item for item (FD-REPORT-CUSTOM-FIELDS): the VOE transactions report keeps its custom fields in a map by label, so of two fields with one label only the last is kept',
    source: 'provider',
    rules: ['FD-REPORT-CUSTOM-FIELDS'],
  }),
  // Seeded beside the wrong-mask search of the sensitive-values checker (security.sensitive-values.spec.ts; origin 'seeded').
  seeded({
    id: 'voe-payroll-ack-ssn-head-shown',
    rule: 'no answer shows more of an SSN than its last four digits (seed 002: SSN last four only; FD-OBJ-SENSITIVE): the VOE payroll ack carries the SSN sent masked from the wrong end, its first five digits shown',
    source: 'seed',
    rules: ['FD-OBJ-SENSITIVE'],
  }),
  // Seeded beside the extraction flags check (reports-income.paystubs.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-paystmt-deductions-default-on',
    rule: 'FD-PAYSTMT-EXTRACT-FLAGS: a flag left out shows its documented default: the pay statement and VOIE paystub reports extract deductions when the request leaves extractDeductions out',
    source: 'provider',
    rules: ['FD-PAYSTMT-EXTRACT-FLAGS'],
  }),
  independent('independent-23', {
    id: 'i23-voe-payroll-retrieval-id-from-ssn',
    rule: "the ack and report of a payroll report carry no full SSN anywhere (provider 1.35.0 SSNPayroll; seed 002 sensitive data): a direct payroll report's payrollDataRetrievalId is built from the SSN sent",
    source: 'provider',
    rules: ['FD-PAYROLL-SSN-MASKED'],
  }),
]);
