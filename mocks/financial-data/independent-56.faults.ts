// Faults written blind (independent set 56): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w56f-live/I56.md).
import { blind, provider, type FaultMemory, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { PsiSeams } from './psi.records.js';
import type { AnalyticsSeams } from './reports/analytics.records.js';
import type { IncomeSeams } from './reports/income.records.js';
import type { SbcaSeams } from './reports/sbca.records.js';
import type { StatementSeams } from './statements.records.js';

const kit = faultKit<CustomerSeams>();
const pay = faultKit<PaymentsDataSeams>();
const psi = faultKit<PsiSeams>();
const analytics = faultKit<AnalyticsSeams>();
const income = faultKit<IncomeSeams>();
const sbca = faultKit<SbcaSeams>();
const statements = faultKit<StatementSeams>();

/** The JSON answer of one of `ops` (a success, or a refusal with `refused`) rewritten by `bend`; any other answer, or one not JSON, unchanged. */
const rewrite =
  (ops: string | string[], bend: (json: any, x: Reply, memory: FaultMemory) => unknown, refused = false) =>
  (x: Reply, body: string, memory: FaultMemory): string => {
    if (!x.operationId || ![ops].flat().includes(x.operationId) || x.status >= 400 !== refused) return body;
    try {
      const json = JSON.parse(body);
      return json && typeof json === 'object' ? JSON.stringify(bend(json, x, memory) ?? json) : body;
    } catch {
      return body;
    }
  };

/** The request body the reply seam saw, read as JSON (undefined when it is not). */
const sent = (x: Reply): any => {
  if (x.body && typeof x.body === 'object') return x.body;
  try {
    return JSON.parse(String(x.body ?? ''));
  } catch {
    return undefined;
  }
};

/** The generate operations whose body takes accountIds as a text of ids. */
const ACCOUNT_IDS_REPORTS = [
  'GenerateVOAReport',
  'GenerateVOAWithIncomeReport',
  'GeneratePrequalificationCRAReport',
  'GeneratePrequalificationNonCRAReport',
  'GenerateVOIReport',
  'GenerateTransactionsReport',
  'GenerateCashFlowBusinessReport',
  'GenerateCashFlowPersonalReport',
  'GenerateBalanceAnalyticsReport',
  'GenerateCashflowAnalyticsReport',
  'GenerateForesightAnalyticsNonCraReport',
];

export const INDEPENDENT_56_FAULTS = [
  kit.fault('i56-fd-peb-institution-name-per-customer', {
    rule: "FD-PAY-PEB-INSTITUTION: the payment enablement bundle by institution login names every account's institutionName after the institution of the first bundle read for the same customer (the name cached per customer, not per institution), so the bundle of the customer's login at another institution gives the first institution's name, where provider 1.35.0 gives institutionName as the name of the account's own institution (the one GetInstitution gives for its institutionId).",
    ...provider,
    ...blind,
    reply: rewrite('GetAccountDetailsByInstitutionLoginId', (j, _x, memory) => {
      if (!Array.isArray(j.accounts) || !j.accounts.length) return;
      const names = (memory.names ??= {}) as Record<string, string>;
      names[j.customerId] ??= j.accounts[0].institutionName;
      for (const a of j.accounts) a.institutionName = names[j.customerId];
    }),
  }),
  psi.fault('i56-fd-psi-fcra-email-code', {
    rule: 'FD-PSI-LEGACY-FCRA-EMAIL: the legacy FCRA rating of a customer created without an e-mail address is refused 400 with the code and words of the account-without-transactions refusal (the refusal detail reused from another step), on that refusal path only, where provider 1.35.0 gives that refusal its own code (the e-mail one of GetPaymentSuccessIndicatorFcraBadRequestResponse).',
    ...provider,
    ...blind,
    judge: (x, step, r) =>
      step === 'email' && r && x.op === 'GetFCRAPaymentSuccessIndicator'
        ? { ...r, code: 10008, message: 'account has no transactions' }
        : r,
  }),
  statements.fault('i56-fd-stmt-mfa-multiple-served', {
    rule: 'FD-STMT-MFA: GetCustomerAccountMultipleStatement serves the statement details (200) of the account whose institution asks a multi-factor challenge, the challenge checked on the v1 PDF path only, where seed 002 Statements answers 203 for that account on v1 and v3 alike.',
    ...blind,
    judge: statements.skipOn('GetCustomerAccountMultipleStatement' as never, 'mfa'),
  }),
  pay.fault('i56-fd-owner-v3-unknown-account-404', {
    rule: 'FD-PAY-OWNER-V3-UNKNOWN: GetAccountOwnerDetails of an account the customer does not have is refused 404 (the not-found status the other payments readers give), where provider 1.35.0 documents no 404 for owner v3 and refuses such an account with its 400.',
    ...provider,
    ...blind,
    judge: (x, step, r) => (step === 'account' && r && x.op === 'GetAccountOwnerDetails' ? { ...r, status: 404 } : r),
  }),
  psi.fault('i56-fd-psi-unknown-run-400', {
    rule: 'FD-PSI-UNKNOWN-PAY-REQUEST: reading a well-formed payRequestId the target never issued, on an account that exists, is refused 400 (read as a malformed id) instead of 404, where seed 002 Errors gives a resource not found 404.',
    ...blind,
    judge: (_x, step, r) => (step === 'run' && r && r.status === 404 ? { ...r, status: 400, message: 'Invalid payRequestId' } : r),
  }),
  kit.fault('i56-fd-psi-ack-amount-in-cents', {
    rule: 'FD-PSI-GENERATE: the 202 of a payment success indicator generation echoes the transaction amount sent multiplied into cents (the amount derived from a unit conversion meant for the scoring engine), not the amount sent, where seed 002 PSI says the generation answers the transaction sent.',
    ...blind,
    reply: rewrite(['GenerateFcraPaymentSuccessIndicators', 'GeneratePaymentSuccessIndicators'], (j) => {
      if (j.transaction && typeof j.transaction.amount === 'number') j.transaction.amount = Math.round(j.transaction.amount * 100);
    }),
  }),
  kit.fault('i56-fd-report-accountids-single-space', {
    rule: 'FD-REPORT-ACCOUNT-IDS-ECHO: a report acks the accountIds text it accepted split at each single space, so two spaces between ids, or one leading or trailing, give an empty id in the list, where provider 1.35.0 takes accountIds as white space separated ids and the ack echoes the ids it holds.',
    ...provider,
    ...blind,
    reply: rewrite(ACCOUNT_IDS_REPORTS, (j, x) => {
      const text = sent(x)?.accountIds;
      if (typeof text !== 'string') return;
      const ids = text.split(' ');
      if (Array.isArray(j.accountIds)) j.accountIds = ids;
      if (j.constraints && Array.isArray(j.constraints.accountIds)) j.constraints.accountIds = ids;
    }),
  }),
  kit.fault('i56-fd-report-by-id-ssn-number', {
    rule: "FD-REPORT-CONSUMER-SSN, FD-RESP-FORMS: GetReportById answers consumerSsn as a JSON number (the four digits parsed, their leading zeros lost), where provider 1.35.0 gives a report's consumerSsn as the last four SSN digits, a string; the other readers keep the string.",
    ...provider,
    ...blind,
    reply: rewrite('GetReportById', (j) => {
      if (typeof j.consumerSsn === 'string') j.consumerSsn = Number(j.consumerSsn);
    }),
  }),
  kit.fault('i56-fd-authdetails-start-epoch', {
    rule: 'FD-AUTHDETAILS-OAUTH, FD-RESP-FORMS: getCustomerAuthorizationDetails answers authorizationStartDate in epoch seconds (an integer, the form of the account dates), where seed 002 says an OAuth login answers an ISO 8601 start date, and provider 1.35.0 types it as a date-time string like its end date.',
    ...blind,
    reply: rewrite('getCustomerAuthorizationDetails', (j) => {
      if (typeof j.authorizationStartDate === 'string') j.authorizationStartDate = Math.floor(Date.parse(j.authorizationStartDate) / 1000);
    }),
  }),
  sbca.fault('i56-fd-sbca-without-consent', {
    rule: 'FD-SBCA-CONSENT: GenerateSBCAMetricsReport with sbcaParams.hasConsent false is served (200, the metrics computed), the consent read only for being present, where provider 1.35.0 serves the metrics on consent alone and refuses a request without it as a bad request.',
    ...provider,
    ...blind,
    judge: (_x, step, r) => (step === 'consent' ? undefined : r),
  }),
  analytics.fault('i56-fd-foresight-external-id-alone', {
    rule: 'FD-FORESIGHT-SOURCE: GenerateForesightAnalyticsFirstThirdPartyNonCraReport naming the customer by externalCustomerId alone is refused 400 as if customerId were required, where provider 1.35.0 takes at least one of customerId and externalCustomerId, either alone enough.',
    ...provider,
    ...blind,
    judge: (x, step, r) =>
      step === 'source' && !r && x.op === 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport' && x.input.body.customerId === undefined
        ? { status: 400, message: 'customerId is required' }
        : r,
  }),
  analytics.fault('i56-fd-payhist-without-business', {
    rule: "FD-PAYHIST-BUSINESS: GeneratePaymentHistoryReport for a customer without a business is accepted (202), the business lookup run for the analytics reports' business userType but not for payment history, where seed 002 says payment history needs the customer's business and answers 404 without one.",
    ...blind,
    judge: analytics.skipOn('GeneratePaymentHistoryReport' as never, 'business'),
  }),
  income.fault('i56-fd-paystmt-report-other-customer-asset', {
    rule: "FD-PAYSTMT-REPORT-ASSET: a pay statement report naming an asset id another customer of the same partner stored is accepted (202) and reads that customer's pay statement, the asset looked up among the partner's assets, where seed 002 takes the asset ids the customer itself stored and answers 404 for any other.",
    ...blind,
    judge: income.skipOn(
      ['GeneratePayStatementReport', 'GenerateVOIEPaystubReport', 'GenerateVOIEPaystubWithTXVerifyReport'] as never,
      'asset',
      (x) =>
        !!x.asset &&
        x.asset.label !== undefined &&
        x.asset.customerId !== x.customer?.id &&
        x.world.customers.get(x.asset.customerId)?.partnerId === x.customer?.partnerId,
    ),
  }),
  kit.fault('i56-fd-payroll-ack-echoes-dob', {
    rule: "FD-PAYROLL-SSN-MASKED: the 202 ack of a VOE payroll report echoes payrollData with the consumer's date of birth sent (dob, the request's member copied back), where provider 1.35.0 PayrollDataOut carries neither ssn nor dob and the ack never shows them.",
    ...provider,
    ...blind,
    reply: rewrite(['GenerateVOEPayrollReport', 'RefreshVOIEPayrollReport'], (j, x) => {
      const dob = sent(x)?.payrollData?.dob;
      if (dob === undefined) return;
      const at = j.constraints && typeof j.constraints === 'object' ? j.constraints : j;
      at.payrollData = { ...(at.payrollData ?? {}), dob };
    }),
  }),
  kit.fault('i56-fd-portfolio-consumer-lastname-upper', {
    rule: "FD-PORTFOLIO-CONSUMER: GetPortfolioByConsumer embeds the consumer with its lastName upper-cased (normalised as a credit report prints it), not as it was created, where provider 1.35.0 PortfolioConsumer carries the consumer's names as CreateConsumer stored them.",
    ...provider,
    ...blind,
    reply: rewrite('GetPortfolioByConsumer', (j) => {
      if (j.consumer && typeof j.consumer.lastName === 'string') j.consumer.lastName = j.consumer.lastName.toUpperCase();
    }),
  }),
];
