// Faults of reports-assets: each breaks one rule of schemas/financial-data/rules/reports-assets.yaml.
import type { Fault } from '../kit/faults.js';

export const REPORTS_ASSETS_FAULTS: Fault[] = [
  // Eligibility (seed 002: no eligible account type -> 400; lists: seed for VOA and VOI, provider for VOAI and prequalification).
  { id: 'ra-voa-eligibility-unchecked', rule: 'FD-VOA-ELIGIBLE: a customer without checking, savings, money market or investment account gets a VOA (not 400)', source: 'seed', rules: ['FD-VOA-ELIGIBLE'] },
  { id: 'ra-voa-needs-checking', rule: 'FD-VOA-ELIGIBLE: a savings, money market or investment account alone is refused', source: 'seed', rules: ['FD-VOA-ELIGIBLE'] },
  { id: 'ra-cd-eligible', rule: 'FD-VOA-ELIGIBLE: a certificate of deposit counts as eligible for VOA, VOAI and prequalification', source: 'seed', rules: ['FD-VOA-ELIGIBLE', 'FD-VOAI-ELIGIBLE', 'FD-PREQUAL-ELIGIBLE'] },
  { id: 'ra-voai-eligibility-unchecked', rule: 'FD-VOAI-ELIGIBLE: no eligible account still gets a VOAI', source: 'provider', rules: ['FD-VOAI-ELIGIBLE'] },
  { id: 'ra-voai-investment-refused', rule: 'FD-VOAI-ELIGIBLE: an investment account alone is refused for VOAI', source: 'provider', rules: ['FD-VOAI-ELIGIBLE'] },
  { id: 'ra-prequal-eligibility-unchecked', rule: 'FD-PREQUAL-ELIGIBLE: no eligible account still gets a prequalification report', source: 'provider', rules: ['FD-PREQUAL-ELIGIBLE'] },
  { id: 'ra-prequal-noncra-savings-refused', rule: 'FD-PREQUAL-ELIGIBLE: a savings account alone is refused for the non-CRA prequalification', source: 'provider', rules: ['FD-PREQUAL-ELIGIBLE'] },
  { id: 'ra-voi-investment-eligible', rule: 'FD-VOI-ELIGIBLE: an investment account alone gets a VOI (it is not a deposit account)', source: 'seed', rules: ['FD-VOI-ELIGIBLE'] },
  { id: 'ra-voi-money-market-refused', rule: 'FD-VOI-ELIGIBLE: a money market account alone is refused for VOI', source: 'seed', rules: ['FD-VOI-ELIGIBLE'] },
  // History windows (seed 002, Limits).
  { id: 'ra-voa-history-24m', rule: 'FD-VOA-HISTORY: a VOA shows 24 months (older than 12 months shown)', source: 'seed', rules: ['FD-VOA-HISTORY'] },
  { id: 'ra-voa-history-6m', rule: 'FD-VOA-HISTORY: a VOA shows only 6 months (the 12 months not all shown)', source: 'seed', rules: ['FD-VOA-HISTORY'] },
  { id: 'ra-voai-default-90d', rule: 'FD-VOAI-HISTORY-DEFAULT: a VOAI without fromDate shows 90 days (not 61)', source: 'seed', rules: ['FD-VOAI-HISTORY-DEFAULT'] },
  { id: 'ra-voai-fromdate-ignored', rule: 'FD-VOAI-HISTORY-FROM: fromDate does not change the 61 days', source: 'seed', rules: ['FD-VOAI-HISTORY-FROM'] },
  { id: 'ra-voai-income-follows-fromdate', rule: 'FD-VOAI-INCOME-24M: the income credits are cut at fromDate (not 24 months)', source: 'seed', rules: ['FD-VOAI-INCOME-24M'] },
  { id: 'ra-voai-income-fromdate-ignored', rule: 'FD-VOAI-INCOME-FROM: incomeFromDate does not alter the income shown', source: 'seed', rules: ['FD-VOAI-INCOME-FROM'] },
  { id: 'ra-voi-history-12m', rule: 'FD-VOI-HISTORY: a VOI shows 12 months (not two years)', source: 'seed', rules: ['FD-VOI-HISTORY'] },
  { id: 'ra-voi-history-unbounded', rule: 'FD-VOI-HISTORY: a VOI shows transactions older than two years', source: 'seed', rules: ['FD-VOI-HISTORY'] },
  { id: 'ra-fromdate-before-cap-400', rule: 'FD-ASSETS-FROMDATE-CAP: a fromDate before the cap is refused (400) instead of served from the cap', source: 'assumption', rules: ['FD-ASSETS-FROMDATE-CAP'] },
  { id: 'ra-fromdate-cap-ignored', rule: 'FD-ASSETS-FROMDATE-CAP: a fromDate before the cap shows transactions older than the cap', source: 'assumption', rules: ['FD-ASSETS-FROMDATE-CAP', 'FD-VOAI-HISTORY-FROM'] },
  // Content (seed 002 eligible types; provider 1.35.0 report schemas).
  { id: 'ra-accounts-all-types', rule: 'FD-ASSETS-ACCOUNTS: the report lists accounts of types it does not cover', source: 'seed', rules: ['FD-ASSETS-ACCOUNTS'] },
  { id: 'ra-consolidated-balance-current', rule: 'FD-ASSETS-ACCOUNTS: consolidatedAvailableBalance sums the current balances (not the available ones)', source: 'provider', rules: ['FD-ASSETS-ACCOUNTS'] },
  { id: 'ra-account-ids-ignored', rule: 'FD-ASSETS-ACCOUNT-IDS: accountIds does not limit the report', source: 'assumption', rules: ['FD-ASSETS-ACCOUNT-IDS'] },
  { id: 'ra-account-ids-unknown-ignored', rule: "FD-ASSETS-ACCOUNT-IDS: an id that is not the customer's account is ignored (not 404)", source: 'assumption', rules: ['FD-ASSETS-ACCOUNT-IDS'] },
  { id: 'ra-echo-account-ids-dropped', rule: 'FD-ASSETS-ECHO: the constraints echo no accountIds', source: 'provider', rules: ['FD-ASSETS-ECHO'] },
  { id: 'ra-echo-from-date-dropped', rule: 'FD-ASSETS-ECHO: the constraints echo no fromDate', source: 'provider', rules: ['FD-ASSETS-ECHO'] },
  // Transactions report (seed 002, Transactions; provider 1.35.0).
  { id: 'ra-txreport-window-unchecked', rule: 'FD-TXREPORT-WINDOW: more than 24 months between fromDate and toDate is accepted', source: 'seed', rules: ['FD-TXREPORT-WINDOW'] },
  { id: 'ra-txreport-window-12m', rule: 'FD-TXREPORT-WINDOW: a window of 24 months is refused (cap at 12)', source: 'seed', rules: ['FD-TXREPORT-WINDOW'] },
  { id: 'ra-txreport-dates-optional', rule: 'FD-TXREPORT-DATES-REQUIRED: a missing fromDate or toDate is defaulted (not 400)', source: 'seed', rules: ['FD-TXREPORT-DATES-REQUIRED'] },
  { id: 'ra-txreport-order-unchecked', rule: 'FD-TXREPORT-ORDER: a toDate before fromDate is accepted', source: 'provider', rules: ['FD-TXREPORT-ORDER'] },
  { id: 'ra-txreport-pending-always', rule: 'FD-TXREPORT-PENDING: pending transactions are included without includePending', source: 'provider', rules: ['FD-TXREPORT-PENDING'] },
  { id: 'ra-txreport-pending-never', rule: 'FD-TXREPORT-PENDING: includePending=true still leaves the pending transactions out', source: 'provider', rules: ['FD-TXREPORT-PENDING'] },
  { id: 'ra-txreport-eligible-only', rule: 'FD-TXREPORT-CONTENT: only the VOA-eligible accounts are listed (not every account)', source: 'seed', rules: ['FD-TXREPORT-CONTENT'] },
  { id: 'ra-txreport-find-ignored', rule: 'FD-TXREPORT-FIND: findTransaction does not narrow the transactions', source: 'provider', rules: ['FD-TXREPORT-FIND'] },
  // Statement report (provider 1.35.0 StatementReportConstraints; seed 002 Errors 404).
  { id: 'ra-stmt-account-optional', rule: 'FD-STMTREPORT-REQUIRED: statementReportData.accountId is not required', source: 'provider', rules: ['FD-STMTREPORT-REQUIRED'], relax: [{ schema: 'StatementReportData', unrequire: ['accountId'] }] },
  { id: 'ra-stmt-data-optional', rule: 'FD-STMTREPORT-REQUIRED: statementReportData is not required', source: 'provider', rules: ['FD-STMTREPORT-REQUIRED'], relax: [{ schema: 'StatementReportConstraints', unrequire: ['statementReportData'] }] },
  { id: 'ra-stmt-index-unbounded', rule: 'FD-STMTREPORT-INDEX: statementIndex above 24 is accepted', source: 'provider', rules: ['FD-STMTREPORT-INDEX'], relax: [{ schema: 'StatementReportData', at: ['properties', 'statementIndex'], drop: ['maximum'] }] },
  { id: 'ra-stmt-default-index-0', rule: 'FD-STMTREPORT-INDEX: without statementIndex the report uses index 0 (not 1)', source: 'provider', rules: ['FD-STMTREPORT-INDEX'] },
  { id: 'ra-stmt-account-owner-unchecked', rule: "FD-STMTREPORT-ACCOUNT: another customer's account is accepted (not 404)", source: 'seed', rules: ['FD-STMTREPORT-ACCOUNT'] },
  { id: 'ra-stmt-account-400', rule: 'FD-STMTREPORT-ACCOUNT: an account that does not exist is a 400 (not 404)', source: 'seed', rules: ['FD-STMTREPORT-ACCOUNT'] },
  { id: 'ra-stmt-asset-missing', rule: 'FD-STMTREPORT-CONTENT: the successful statement report carries no asset id', source: 'provider', rules: ['FD-STMTREPORT-CONTENT'] },
];
