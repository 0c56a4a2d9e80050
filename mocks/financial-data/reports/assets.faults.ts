// Faults of the asset reports and the transactions and statement reports (switched in assets.ts):
// each breaks one rule of schemas/financial-data/rules/reports-assets.yaml, the way a provider's
// release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted` runs the
// specs citing them). The faults of the suite's authors first, then those written blind (`origin:
// 'blind'`, measured apart by `npm run mutation -- --blind`).
import { independent, faultCatalogue, blind, seeded, type Reply } from '../../kit/faults.js';

export const ASSET_REPORTS_FAULTS = faultCatalogue([
  {
    id: 'fd-assets-owner-name-last-first',
    rule: "FD-ASSETS-OWNER: an asset report names each account's owner last name first, not as the account owner reader names it",
    source: 'provider',
    rules: ['FD-ASSETS-OWNER'],
    seams: {
      reply: (x: Reply, body: string) => {
        if (x.status >= 300 || !/^GetReportBy|^Generate.*Report$/.test(x.operationId ?? '') || !body.includes('"ownerName"')) return body;
        return body.replace(/"ownerName":"([^" |]+) ([^"|]+)"/g, '"ownerName":"$2 $1"');
      },
    },
  },
  {
    id: 'fd-assets-nsf-summary-whatever-show-nsf',
    rule: 'FD-ASSETS-NSF-SUMMARY: a VOA or VOAI report gives each account the insufficient funds summary (a count of 0) also when generated with showNsf false',
    source: 'provider',
    rules: ['FD-ASSETS-NSF-SUMMARY'],
    seams: {
      reply: (x: Reply, body: string) => {
        if (x.status >= 300 || !/^GetReportBy|^GenerateVOA/.test(x.operationId ?? '')) return body;
        let r: any;
        try {
          r = JSON.parse(body);
        } catch {
          return body;
        }
        if (!['voa', 'voaHistory'].includes(r?.type) || r.constraints?.showNsf === true) return body;
        for (const i of Array.isArray(r.institutions) ? r.institutions : [])
          for (const a of Array.isArray(i?.accounts) ? i.accounts : []) a.totNumberInsufficientFundsFeeDebitTxAccount ??= 0;
        return JSON.stringify(r);
      },
    },
  },
  // Seeded beside the generations without a query callback URL of reports.callbacks.spec.ts (origin 'seeded').
  // Seeded beside the telling markup of the custom fields (reports.custom-fields.spec.ts, tellingMarkup): escaping in a report body.
  seeded({
    id: 'seeded-fam26b-assets-custom-field-value-ampersand-escaped',
    rule: 'FD-REPORT-CUSTOM-FIELDS: the asset reports keep each custom field value with & HTML-escaped as &amp;, in the ack and the report',
    source: 'provider',
    rules: ['FD-REPORT-CUSTOM-FIELDS'],
  }),
  seeded({
    id: 'seeded-statement-report-title-from-body',
    rule: "FD-OBJ-READ-ONLY: GenerateStatementReport keeps a title the body sends (the request declares none) as the report's, read back by GetReportByCustomer",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  }),
  seeded({
    id: 'seeded-voa-callback-from-body',
    rule: 'FD-OBJ-READ-ONLY: GenerateVOAReport takes a callbackUrl sent in the body (the contract takes it in the query) and calls it when the report is done',
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY', 'FD-REPORT-NO-CALLBACK'],
  }),
  // Date windows at their edges (kit/faults.ts, seeded).
  seeded({
    id: 'txreport-from-date-exclusive',
    rule: 'FD-TXREPORT-WINDOW-EDGES: a transaction posted at fromDate itself is in the transactions report (provider: starting from this date)',
    source: 'provider',
    rules: ['FD-TXREPORT-WINDOW-EDGES'],
  }),
  // Eligibility (seed 002: no eligible account type -> 400; lists: seed for VOA and VOI, provider for VOAI and prequalification).
  {
    id: 'ra-voa-eligibility-unchecked',
    rule: 'FD-VOA-ELIGIBLE: a customer without checking, savings, money market or investment account gets a VOA (not 400)',
    source: 'seed',
    rules: ['FD-VOA-ELIGIBLE'],
  },
  {
    id: 'ra-voa-needs-checking',
    rule: 'FD-VOA-ELIGIBLE: a savings, money market or investment account alone is refused',
    source: 'seed',
    rules: ['FD-VOA-ELIGIBLE'],
  },
  {
    id: 'ra-cd-eligible',
    rule: 'FD-VOA-ELIGIBLE: a certificate of deposit counts as eligible for VOA, VOAI and prequalification',
    source: 'seed',
    rules: ['FD-VOA-ELIGIBLE', 'FD-VOAI-ELIGIBLE', 'FD-PREQUAL-ELIGIBLE'],
  },
  {
    id: 'ra-voai-eligibility-unchecked',
    rule: 'FD-VOAI-ELIGIBLE: no eligible account still gets a VOAI',
    source: 'provider',
    rules: ['FD-VOAI-ELIGIBLE'],
  },
  {
    id: 'ra-voai-investment-refused',
    rule: 'FD-VOAI-ELIGIBLE: an investment account alone is refused for VOAI',
    source: 'provider',
    rules: ['FD-VOAI-ELIGIBLE'],
  },
  {
    id: 'ra-prequal-eligibility-unchecked',
    rule: 'FD-PREQUAL-ELIGIBLE: no eligible account still gets a prequalification report',
    source: 'provider',
    rules: ['FD-PREQUAL-ELIGIBLE'],
  },
  {
    id: 'ra-prequal-noncra-savings-refused',
    rule: 'FD-PREQUAL-ELIGIBLE: a savings account alone is refused for the non-CRA prequalification',
    source: 'provider',
    rules: ['FD-PREQUAL-ELIGIBLE'],
  },
  {
    id: 'ra-voi-investment-eligible',
    rule: 'FD-VOI-ELIGIBLE: an investment account alone gets a VOI (it is not a deposit account)',
    source: 'seed',
    rules: ['FD-VOI-ELIGIBLE'],
  },
  {
    id: 'ra-voi-money-market-refused',
    rule: 'FD-VOI-ELIGIBLE: a money market account alone is refused for VOI',
    source: 'seed',
    rules: ['FD-VOI-ELIGIBLE'],
  },
  // History windows (seed 002, Limits).
  {
    id: 'ra-voa-history-24m',
    rule: 'FD-VOA-HISTORY: a VOA shows voaiHistoryMonths (older than voaHistoryMonths shown)',
    source: 'seed',
    rules: ['FD-VOA-HISTORY'],
  },
  {
    id: 'ra-voa-history-6m',
    rule: 'FD-VOA-HISTORY: a VOA shows only half of voaHistoryMonths (those months not all shown)',
    source: 'seed',
    rules: ['FD-VOA-HISTORY'],
  },
  {
    id: 'ra-voai-default-90d',
    rule: 'FD-VOAI-HISTORY-DEFAULT: a VOAI without fromDate shows more days than voaiDefaultHistoryDays',
    source: 'seed',
    rules: ['FD-VOAI-HISTORY-DEFAULT'],
  },
  {
    id: 'ra-voai-fromdate-ignored',
    rule: 'FD-VOAI-HISTORY-FROM: fromDate does not change the voaiDefaultHistoryDays',
    source: 'seed',
    rules: ['FD-VOAI-HISTORY-FROM'],
  },
  {
    id: 'ra-voai-income-follows-fromdate',
    rule: 'FD-VOAI-INCOME-24M: the income credits are cut at fromDate (not at voaiHistoryMonths)',
    source: 'seed',
    rules: ['FD-VOAI-INCOME-24M'],
  },
  {
    id: 'ra-voai-income-fromdate-ignored',
    rule: 'FD-VOAI-INCOME-FROM: incomeFromDate does not alter the income shown',
    source: 'seed',
    rules: ['FD-VOAI-INCOME-FROM'],
  },
  {
    id: 'ra-voi-history-12m',
    rule: 'FD-VOI-HISTORY: a VOI shows voaHistoryMonths (not voiHistoryMonths)',
    source: 'seed',
    rules: ['FD-VOI-HISTORY'],
  },
  {
    id: 'ra-voi-history-unbounded',
    rule: 'FD-VOI-HISTORY: a VOI shows transactions older than two years',
    source: 'seed',
    rules: ['FD-VOI-HISTORY'],
  },
  {
    id: 'ra-fromdate-before-cap-400',
    rule: 'FD-ASSETS-FROMDATE-CAP: a fromDate before the cap is refused (400) instead of served from the cap',
    source: 'assumption',
    rules: ['FD-ASSETS-FROMDATE-CAP'],
  },
  {
    id: 'ra-fromdate-cap-ignored',
    rule: 'FD-ASSETS-FROMDATE-CAP: a fromDate before the cap shows transactions older than the cap',
    source: 'assumption',
    rules: ['FD-ASSETS-FROMDATE-CAP', 'FD-VOAI-HISTORY-FROM'],
  },
  // Content (seed 002 eligible types; provider 1.35.0 report schemas).
  {
    id: 'ra-institution-named-by-id',
    rule: "FD-REPORT-INSTITUTIONS: an institution of a report carries the institution's name, not a placeholder of its id",
    source: 'provider',
    rules: ['FD-REPORT-INSTITUTIONS'],
  },
  {
    id: 'ra-span-from-window',
    rule: "FD-ASSETS-SPAN: startDate is the posted date of the earliest transaction listed, not the window's start",
    source: 'provider',
    rules: ['FD-ASSETS-SPAN'],
  },
  {
    id: 'ra-accounts-all-types',
    rule: 'FD-ASSETS-ACCOUNTS: the report lists accounts of types it does not cover',
    source: 'seed',
    rules: ['FD-ASSETS-ACCOUNTS'],
  },
  {
    id: 'ra-consolidated-balance-current',
    rule: 'FD-ASSETS-ACCOUNTS: consolidatedAvailableBalance sums the current balances (not the available ones)',
    source: 'provider',
    rules: ['FD-ASSETS-ACCOUNTS'],
  },
  {
    id: 'ra-account-ids-ignored',
    rule: 'FD-ASSETS-ACCOUNT-IDS: accountIds does not limit the report',
    source: 'assumption',
    rules: ['FD-ASSETS-ACCOUNT-IDS'],
  },
  {
    id: 'ra-account-ids-unknown-ignored',
    rule: "FD-ASSETS-ACCOUNT-IDS: an id that is not the customer's account is ignored (not 404)",
    source: 'assumption',
    rules: ['FD-ASSETS-ACCOUNT-IDS'],
  },
  {
    id: 'ra-echo-account-ids-dropped',
    rule: 'FD-ASSETS-ECHO: the constraints echo no accountIds',
    source: 'provider',
    rules: ['FD-ASSETS-ECHO'],
  },
  {
    id: 'ra-echo-from-date-dropped',
    rule: 'FD-ASSETS-ECHO: the constraints echo no fromDate',
    source: 'provider',
    rules: ['FD-ASSETS-ECHO'],
  },
  // Transactions report (seed 002, Transactions; provider 1.35.0).
  {
    id: 'ra-txreport-window-unchecked',
    rule: 'FD-TXREPORT-WINDOW: more than transactionsReportMonths between fromDate and toDate is accepted',
    source: 'seed',
    rules: ['FD-TXREPORT-WINDOW'],
  },
  {
    id: 'ra-txreport-window-12m',
    rule: 'FD-TXREPORT-WINDOW: a window of transactionsReportMonths is refused (capped at half of it)',
    source: 'seed',
    rules: ['FD-TXREPORT-WINDOW'],
  },
  {
    id: 'ra-txreport-dates-optional',
    rule: 'FD-TXREPORT-DATES-REQUIRED: a missing fromDate or toDate is defaulted (not 400)',
    source: 'seed',
    rules: ['FD-TXREPORT-DATES-REQUIRED'],
  },
  {
    id: 'ra-txreport-order-unchecked',
    rule: 'FD-TXREPORT-ORDER: a toDate before fromDate is accepted',
    source: 'provider',
    rules: ['FD-TXREPORT-ORDER'],
  },
  {
    id: 'ra-txreport-pending-always',
    rule: 'FD-TXREPORT-PENDING: pending transactions are included without includePending',
    source: 'provider',
    rules: ['FD-TXREPORT-PENDING'],
  },
  {
    id: 'ra-txreport-pending-never',
    rule: 'FD-TXREPORT-PENDING: includePending=true still leaves the pending transactions out',
    source: 'provider',
    rules: ['FD-TXREPORT-PENDING'],
  },
  {
    id: 'ra-txreport-eligible-only',
    rule: 'FD-TXREPORT-CONTENT: only the VOA-eligible accounts are listed (not every account)',
    source: 'seed',
    rules: ['FD-TXREPORT-CONTENT'],
  },
  {
    id: 'ra-txreport-find-ignored',
    rule: 'FD-TXREPORT-FIND: findTransaction does not narrow the transactions',
    source: 'provider',
    rules: ['FD-TXREPORT-FIND'],
  },
  // Statement report (provider 1.35.0 StatementReportConstraints; seed 002 Errors 404).
  {
    id: 'ra-stmt-account-optional',
    rule: 'FD-STMTREPORT-REQUIRED: statementReportData.accountId is not required',
    source: 'provider',
    rules: ['FD-STMTREPORT-REQUIRED'],
    relax: [{ schema: 'StatementReportData', unrequire: ['accountId'] }],
  },
  {
    id: 'ra-stmt-data-optional',
    rule: 'FD-STMTREPORT-REQUIRED: statementReportData is not required',
    source: 'provider',
    rules: ['FD-STMTREPORT-REQUIRED'],
    relax: [{ schema: 'StatementReportConstraints', unrequire: ['statementReportData'] }],
  },
  {
    id: 'ra-stmt-index-unbounded',
    rule: 'FD-STMTREPORT-INDEX: statementIndex above its maximum is accepted',
    source: 'provider',
    rules: ['FD-STMTREPORT-INDEX'],
    relax: [{ schema: 'StatementReportData', at: ['properties', 'statementIndex'], drop: ['maximum'] }],
  },
  {
    id: 'ra-stmt-default-index-0',
    rule: 'FD-STMTREPORT-INDEX: without statementIndex the report uses index 0 (not 1)',
    source: 'provider',
    rules: ['FD-STMTREPORT-INDEX'],
  },
  {
    id: 'ra-stmt-account-owner-unchecked',
    rule: "FD-STMTREPORT-ACCOUNT: another customer's account is accepted (not 404)",
    source: 'seed',
    rules: ['FD-STMTREPORT-ACCOUNT'],
  },
  {
    id: 'ra-stmt-account-400',
    rule: 'FD-STMTREPORT-ACCOUNT: an account that does not exist is a 400 (not 404)',
    source: 'seed',
    rules: ['FD-STMTREPORT-ACCOUNT'],
  },
  {
    id: 'ra-stmt-asset-missing',
    rule: 'FD-STMTREPORT-CONTENT: the successful statement report carries no asset id',
    source: 'provider',
    rules: ['FD-STMTREPORT-CONTENT'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Eligibility (seed 002, Decisioning report generation; Errors 400: no eligible account for a report).
  blind({
    id: 'blind-voa-gate-money-market-misspelled',
    rule: "the VOA eligibility gate spells the type 'moneymarket', so a customer whose one eligible account is a money market account is refused with 400 though it alone is enough (seed 002: VOA needs checking, savings, money market or investment)",
    source: 'seed',
    rules: ['FD-VOA-ELIGIBLE'],
  }),
  blind({
    id: 'blind-voa-gate-ignores-account-ids',
    rule: "the VOA eligibility gate counts all the customer's accounts, not those accountIds names: accountIds naming only credit products gives a 202 with no account instead of the 400 (seed 002 Errors 400 and provider 1.35.0 say this of the customer only: no source requires the 400 for accountIds, so no check may require it)",
    source: 'seed',
    rules: ['FD-VOA-ELIGIBLE'],
  }),
  blind({
    id: 'blind-voai-gate-needs-checking-or-savings',
    rule: 'the VOAI gate asks for a checking or savings account: a money market or investment account alone is refused with 400 though either is enough (seed 002, VOAI eligibility 400; provider 1.35.0 GenerateVOAWithIncomeReport: checking, savings, money market, investment)',
    source: 'provider',
    rules: ['FD-VOAI-ELIGIBLE'],
  }),
  blind({
    id: 'blind-prequal-cra-gate-counts-cd',
    rule: 'the CRA prequalification gate (not its non-CRA sibling) counts a certificate of deposit as an asset: a customer with only cd and credit products gets a 202 instead of the 400 (provider 1.35.0 GeneratePrequalificationCRAReport: checking, savings, money market, investment; otherwise 400)',
    source: 'provider',
    rules: ['FD-PREQUAL-ELIGIBLE'],
  }),
  blind({
    id: 'blind-voi-cd-counted-as-deposit',
    rule: 'VOI treats a certificate of deposit as a deposit account: only cd and credit products gives a 202 (and the cd is listed in VOI reports) instead of the 400 (seed 002: VOI needs checking, savings or money market)',
    source: 'seed',
    rules: ['FD-VOI-ELIGIBLE', 'FD-ASSETS-ACCOUNTS'],
  }),
  // History windows (seed 002, Decisioning report generation; Limits: VOA / VOAI / VOI history 12 months / 24 months (default 61 days) / 2 years).
  blind({
    id: 'blind-voa-standard-history-only',
    rule: 'a VOA reads only the standard aggregation: after the historic load, the transactions within voaHistoryMonths older than standardHistoryDays are missing (seed 002: VOA history; Limits)',
    source: 'seed',
    rules: ['FD-VOA-HISTORY'],
  }),
  blind({
    id: 'blind-voai-default-60-days',
    rule: 'a VOAI without fromDate shows one day fewer than voaiDefaultHistoryDays: those posted in its last day are missing (seed 002: VOAI default history; Limits)',
    source: 'seed',
    rules: ['FD-VOAI-HISTORY-DEFAULT'],
  }),
  blind({
    id: 'blind-voai-fromdate-capped-12-months',
    rule: "a VOAI fromDate is capped at VOA's voaHistoryMonths: a fromDate voaiHistoryMonths back shows only the last voaHistoryMonths (seed 002: VOAI history changed by fromDate; Limits)",
    source: 'seed',
    rules: ['FD-VOAI-HISTORY-FROM'],
  }),
  blind({
    id: 'blind-voai-income-default-12-months',
    rule: 'without incomeFromDate the VOAI income streams hold the credits of voaHistoryMonths, not voaiHistoryMonths (seed 002: income credits regardless of fromDate)',
    source: 'seed',
    rules: ['FD-VOAI-INCOME-24M'],
  }),
  blind({
    id: 'blind-voai-income-from-month-start',
    rule: 'incomeFromDate is rounded down to the first of its month: the income streams hold credits from before the date sent (seed 002: incomeFromDate alters the income data shown; provider 1.35.0 VOAIncomeReportIncomeFromDate)',
    source: 'seed',
    rules: ['FD-VOAI-INCOME-FROM'],
  }),
  blind({
    id: 'blind-voi-history-from-account-added',
    rule: 'the VOI two years are counted back from when the accounts were added, not from the report: once the clock has moved, transactions older than two years still show (seed 002: VOI uses up to two years; Limits)',
    source: 'seed',
    rules: ['FD-VOI-HISTORY'],
  }),
  blind({
    id: 'blind-voa-fromdate-taken-as-sent',
    rule: 'a VOA fromDate before the voaHistoryMonths cap is served from that fromDate: the report shows transactions older than the cap (contract assumption: a fromDate before the cap is served from the cap; seed 002 VOA history)',
    source: 'assumption',
    rules: ['FD-ASSETS-FROMDATE-CAP'],
  }),
  // Content and echo (seed 002; provider 1.35.0 VOAReport, PrequalificationReport, ReportAccountIdsString, *ReportAck).
  blind({
    id: 'blind-assets-consolidated-cash-only',
    rule: 'consolidatedAvailableBalance of VOA and prequalification sums the cash accounts only, leaving the investment account out, though it is listed (provider 1.35.0 consolidatedAvailableBalance: the sum of the available balances)',
    source: 'provider',
    rules: ['FD-ASSETS-ACCOUNTS'],
  }),
  blind({
    id: 'blind-assets-account-ids-any-customer',
    rule: "an accountIds entry is checked against every account of the service: another customer's account is accepted (and silently left out) instead of a 404 (seed 002 Errors 404: account not found; contract assumption)",
    source: 'assumption',
    rules: ['FD-ASSETS-ACCOUNT-IDS'],
  }),
  blind({
    id: 'blind-prequal-noncra-type-cra',
    rule: 'the non-CRA prequalification report carries the CRA type preQualVoa, in the ack and when read, instead of assetSummary (provider 1.35.0 ReportType values; PrequalificationReportAck)',
    source: 'provider',
    rules: ['FD-ASSETS-ECHO'],
  }),
  // Transactions report (seed 002, Transactions; Limits: transactions report window at most 24 months; provider 1.35.0).
  blind({
    id: 'blind-txreport-window-exact-24-months-refused',
    rule: 'a fromDate exactly transactionsReportMonths before toDate is refused with 400 (<= for <) though the window may be that long (seed 002, Transactions; Limits)',
    source: 'seed',
    rules: ['FD-TXREPORT-WINDOW'],
  }),
  blind({
    id: 'blind-txreport-to-date-defaults-now',
    rule: 'a transactions report without toDate is accepted with toDate taken as now (fromDate still required) instead of a 400 (seed 002, Transactions: required report from and to dates)',
    source: 'seed',
    rules: ['FD-TXREPORT-DATES-REQUIRED'],
  }),
  blind({
    id: 'blind-txreport-inverted-dates-swapped',
    rule: 'a toDate before fromDate is silently swapped and the report generated (202) instead of a 400 (provider 1.35.0 RequiredTransactionReportToDateParameter: later than the fromDate; seed 002 Errors 400)',
    source: 'provider',
    rules: ['FD-TXREPORT-ORDER'],
  }),
  blind({
    id: 'blind-txreport-pending-on-presence',
    rule: 'pending transactions are included whenever includePending is present, includePending=false too (provider 1.35.0 IncludePendingParameter, default false; seed 002 Transactions: include pending)',
    source: 'provider',
    rules: ['FD-TXREPORT-PENDING'],
  }),
  blind({
    id: 'blind-txreport-debits-unsigned',
    rule: 'the transactions report shows debits as positive amounts (the sign left to type), not the signed amounts GetAllCustomerTransactions shows (seed 002, Transactions; provider 1.35.0 ReportTransaction amount signed)',
    source: 'seed',
    rules: ['FD-TXREPORT-CONTENT'],
  }),
  blind({
    id: 'blind-txreport-find-amount-unsigned',
    rule: 'findTransaction compares the amount range with amounts without their sign: a range of positive amounts also keeps the debits of the same size (provider 1.35.0 FindTransactionConstraints amount from / to)',
    source: 'provider',
    rules: ['FD-TXREPORT-FIND'],
  }),
  // Statement report (provider 1.35.0 StatementReportConstraints, StatementData, StatementReport; seed 002 Errors 404).
  blind({
    id: 'blind-stmt-account-id-defaults-first-account',
    rule: "a statement report body whose statementReportData has no accountId is served with the customer's first account (202) instead of a 400 (provider 1.35.0 StatementData: required accountId)",
    source: 'provider',
    rules: ['FD-STMTREPORT-REQUIRED'],
    relax: [{ schema: 'StatementReportData', unrequire: ['accountId'] }],
  }),
  blind({
    id: 'blind-stmt-index-zero-based',
    rule: 'statementIndex 0 is accepted as the most recent statement (0-based) instead of a 400 (provider 1.35.0 StatementData.statementIndex: its minimum and default)',
    source: 'provider',
    rules: ['FD-STMTREPORT-INDEX'],
    relax: [{ schema: 'StatementReportData', at: ['properties', 'statementIndex'], set: { minimum: 0 } }],
  }),
  blind({
    id: 'blind-stmt-account-same-partner-accepted',
    rule: 'a statement report of another customer\'s account is a 202 when that customer belongs to the same partner, not a 404 (seed 002 Errors 404: account; provider 1.35.0 "for the given accounts under the given customer")',
    source: 'seed',
    rules: ['FD-STMTREPORT-ACCOUNT'],
  }),
  blind({
    id: 'blind-stmt-echo-account-id-string',
    rule: 'the statement report constraints name the account asked as a string, not the numeric accountId sent, in the ack and when read (provider 1.35.0 StatementReport constraints / StatementData accountId NumericAccountId)',
    source: 'provider',
    rules: ['FD-STMTREPORT-CONTENT', 'FD-ASSETS-ECHO'],
  }),
  independent('independent-7', {
    id: 'i7-txreport-window-one-day-over-accepted',
    rule: 'the transactions report window has a maximum number of months between fromDate and toDate (seed 002, Transactions report): a window one day longer than that is accepted',
    source: 'seed',
    rules: ['FD-TXREPORT-WINDOW'],
  }),
  independent('independent-7', {
    id: 'i7-voa-history-months-as-30-days',
    rule: 'a VOA uses a stated number of months of history (seed 002, Decisioning reports): the months are counted as thirty days each, so the oldest days of the history are left out',
    source: 'seed',
    rules: ['FD-VOA-HISTORY'],
  }),
  independent('independent-7', {
    id: 'i7-stmtreport-index-24-refused',
    rule: 'statementIndex runs from the first to the last statement the seed allows (seed 002, Statements): a statement report of the highest index is refused with 400',
    source: 'seed',
    rules: ['FD-STMTREPORT-INDEX'],
  }),
  // Seeded beside the near accountIds entries of the asset reports (reports-assets.content.spec.ts; origin 'seeded').
  seeded({
    id: 'assets-account-ids-prefix-match',
    rule: "an accountIds entry names only the account it spells (FD-OBJ-EXACT-ID; FD-ASSETS-ACCOUNT-IDS): an entry that is the beginning of one of the customer's account ids is taken as known, so the report is generated instead of the 404",
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID', 'FD-ASSETS-ACCOUNT-IDS'],
  }),
  independent('independent-38', {
    id: 'i38-fd-txreport-ack-status-success',
    rule: 'a generated report starts inProgress and the client polls while it is (seed 002, States and transitions: generate operations return 202; Report status inProgress, failure or success): the 202 of GenerateTransactionsReport says success while the report still reads inProgress',
    source: 'seed',
    rules: ['FD-REPORT-ASYNC', 'FD-PROP-ANSWER-IS-STATE'],
  }),
]);
