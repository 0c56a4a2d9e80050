// Faults of reports-income: each breaks one rule of schemas/financial-data/rules/reports-income.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_INCOME_FAULTS: Fault[] = [
  // Kinds (provider 1.35.0 acks: type and report style).
  { id: 'income-voie-statement-style-interview', rule: 'FD-INCOME-REPORT-TYPE: a VOIE paystub without bank data is of style voieWithStatement (not voieWithInterview)', source: 'provider', rules: ['FD-INCOME-REPORT-TYPE'] },
  // Payroll constraints (provider 1.35.0 PayrollReportConstraints, SSNPayroll).
  { id: 'income-payroll-data-optional', rule: 'FD-PAYROLL-REQUIRED: a payroll body without payrollData is a 400 naming it', source: 'provider', rules: ['FD-PAYROLL-REQUIRED'], relax: [{ schema: 'PayrollReportConstraints', unrequire: ['payrollData'] }] },
  { id: 'income-voe-payroll-source-unchecked', rule: 'FD-VOE-PAYROLL-SOURCE: VOE payroll data with neither ssn nor payroll accounts is a 400', source: 'provider', rules: ['FD-VOE-PAYROLL-SOURCE'] },
  { id: 'income-payroll-ssn-echoed', rule: 'FD-PAYROLL-SSN-MASKED: the payroll data is echoed without the SSN and date of birth sent', source: 'provider', rules: ['FD-PAYROLL-SSN-MASKED'] },
  { id: 'income-payroll-consumer-ssn-full', rule: "FD-PAYROLL-SSN-MASKED: consumerSsn is the last four digits, not the consumer's full SSN", source: 'provider', rules: ['FD-PAYROLL-SSN-MASKED'] },
  // Pay statements (seed 002: asset ids of stored pay statements; reuse to refresh).
  { id: 'income-asset-unchecked', rule: 'FD-PAYSTMT-REPORT-ASSET: an asset id the customer never stored is a 404', source: 'seed', rules: ['FD-PAYSTMT-REPORT-ASSET'] },
  { id: 'income-asset-owner-unchecked', rule: "FD-PAYSTMT-REPORT-ASSET: another customer's pay statement is a 404", source: 'seed', rules: ['FD-PAYSTMT-REPORT-ASSET'] },
  { id: 'income-asset-unknown-400', rule: 'FD-PAYSTMT-REPORT-ASSET: an unknown asset id is a 404 (not 400)', source: 'provider', rules: ['FD-PAYSTMT-REPORT-ASSET'] },
  { id: 'income-asset-reuse-refused', rule: 'FD-VOIE-ASSET-REUSE: the asset id of the first report is accepted again to refresh bank data', source: 'seed', rules: ['FD-VOIE-ASSET-REUSE'] },
  // VOE transactions (seed 002: descriptions without amounts).
  { id: 'income-voe-amounts-shown', rule: 'FD-VOE-TXN-NO-AMOUNTS: no amount in a VOE transactions report', source: 'seed', rules: ['FD-VOE-TXN-NO-AMOUNTS'] },
  { id: 'income-voe-deposits-first-account-only', rule: "FD-VOE-TXN-NO-AMOUNTS: the income deposits of every deposit account are listed (not the first account's only)", source: 'seed', rules: ['FD-VOE-TXN-NO-AMOUNTS', 'FD-VOIE-TXVERIFY-MATCH'] },
  // VOIE payroll (seed 002: made by Connect; the operation only refreshes it).
  { id: 'income-voie-refresh-generates', rule: 'FD-VOIE-PAYROLL-REFRESH-ONLY: a refresh without a VOIE payroll report is a 404 (not a new report)', source: 'seed', rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'] },
  { id: 'income-voie-refresh-report-id-unchecked', rule: 'FD-VOIE-PAYROLL-REFRESH-ONLY: a reportId naming none of its VOIE payroll reports is a 404', source: 'seed', rules: ['FD-VOIE-PAYROLL-REFRESH-ONLY'] },
  // Content from the world.
  { id: 'income-extract-first-asset-only', rule: 'FD-PAYSTMT-REPORT-EXTRACT: one extract per asset id sent', source: 'assumption', rules: ['FD-PAYSTMT-REPORT-EXTRACT'] },
  { id: 'income-txverify-match-gross', rule: 'FD-VOIE-TXVERIFY-MATCH: pay statements are matched to deposits on the net pay', source: 'assumption', rules: ['FD-VOIE-TXVERIFY-MATCH'] },
  { id: 'income-voe-payroll-shows-income', rule: 'FD-PAYROLL-EMPLOYMENT: a VOE payroll report shows no income', source: 'provider', rules: ['FD-PAYROLL-EMPLOYMENT'] },
  { id: 'income-payroll-oldest-pay-date', rule: "FD-PAYROLL-EMPLOYMENT: the latest pay date is the customer's latest payroll deposit", source: 'assumption', rules: ['FD-PAYROLL-EMPLOYMENT'] },
];
