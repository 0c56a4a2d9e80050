// Faults written blind (independent set 65): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against the mock (/work/b65-fd-evidence.md).
import { blind, provider, type FaultMemory, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';

const front = faultKit<CustomerSeams>();
const customers = faultKit<CustomerSeams>();

/** A JSON answer of one of `ops` with status `status` rewritten by `bend`; any other answer unchanged. */
const rewrite =
  (ops: string | string[], status: number, bend: (body: any, x: Reply, memory: FaultMemory) => unknown) =>
  (x: Reply, body: string, memory: FaultMemory): string => {
    if (!x.operationId || ![ops].flat().includes(x.operationId) || x.status !== status) return body;
    try {
      return JSON.stringify(bend(JSON.parse(body), x, memory));
    } catch {
      return body;
    }
  };

/** The request body as the client sent it (the body parser keeps text). */
const sent = (x: Reply): any => {
  try {
    return typeof x.body === 'string' ? JSON.parse(x.body) : x.body;
  } catch {
    return undefined;
  }
};

/** The generate-report operations whose 202 ack carries the report's constraints. */
const GENERATE = [
  'GenerateVOAReport',
  'GenerateVOAWithIncomeReport',
  'GeneratePrequalificationCRAReport',
  'GeneratePrequalificationNonCRAReport',
  'GenerateVOIReport',
  'GenerateStatementReport',
  'GenerateTransactionsReport',
  'GenerateVOETransactionsReport',
];

/** The UTC year and month of an epoch-seconds date. */
const monthOf = (s: number) => new Date(s * 1000).toISOString().slice(0, 7);

export const INDEPENDENT_65_FAULTS = [
  // Two reports of one customer: the custom fields kept per customer (the last generation's), not per report.
  front.fault('i65-fd-report-by-customer-fields-of-latest', {
    rule: "FD-REPORT-CUSTOM-FIELDS: GetReportByCustomer answers an earlier report's constraints.reportCustomFields as those of the customer's latest generated report (the fields cached per customer), so the first of two reports reads back the second's fields, where provider 1.35.0 ReportCustomField has each report keep the custom fields it was generated with",
    reply: (x, body, m) => {
      if (x.operationId && GENERATE.includes(x.operationId) && x.status === 202)
        return rewrite(x.operationId, 202, (b) => {
          const fields = b?.constraints?.reportCustomFields;
          if (Array.isArray(fields)) (m.latest ??= {})[String(b.customerId)] = fields;
          return b;
        })(x, body, m);
      return rewrite('GetReportByCustomer', 200, (b) => {
        const fields = m.latest?.[String(b?.customerId)];
        if (!fields || !b?.constraints?.reportCustomFields) return b;
        return { ...b, constraints: { ...b.constraints, reportCustomFields: fields } };
      })(x, body, m);
    },
    ...provider,
    ...blind,
  }),
  // A repeated call: the second refresh v1 of a customer within the hour is debounced and answers no account.
  front.fault('i65-fd-refresh-v1-repeat-empty', {
    rule: 'FD-ACCT-REFRESH-V1: a RefreshCustomerAccounts repeated for the same customer within the hour refreshes its accounts (their aggregation attempt date moves) but answers an empty accounts list (the repeat debounced in the answer), where seed 002 Accounts has refresh v1 answer 200 with the accounts it refreshed',
    reply: rewrite('RefreshCustomerAccounts', 200, (b, _x, m) => {
      const accounts: any[] = b?.accounts;
      if (!Array.isArray(accounts) || accounts.length === 0) return b;
      const key = String(accounts[0].customerId);
      const at = Number(accounts[0].aggregationAttemptDate);
      m.last ??= {};
      const before = m.last[key];
      m.last[key] = at;
      return before !== undefined && at - before < 3600 ? { ...b, accounts: [] } : b;
    }),
    ...blind,
  }),
  // A date-time written by a local formatter: the zone designator left off.
  front.fault('i65-fd-bill-pay-created-no-zone', {
    rule: 'FD-RESP-FORMS: getAllPaySwitches answers each switch createdDate as a local date-time without its zone designator (no Z), where provider 1.35.0 gives createdDate as an ISO 8601 date and time in the form YYYY-MM-DDThh:mm:ssZ',
    reply: rewrite('getAllPaySwitches', 200, (b) => ({
      ...b,
      switches: (b?.switches ?? []).map((s: any) =>
        typeof s?.createdDate === 'string' ? { ...s, createdDate: s.createdDate.replace(/Z$/, '') } : s,
      ),
    })),
    ...provider,
    ...blind,
  }),
  // An error's detail members on one refusal path: a one-item list serialised as its item.
  front.fault('i65-fd-components-404-error-unwrapped', {
    rule: 'FD-COMPONENTS-ERROR-SHAPE: the 404 of post-institutions-institutionId-oauth-urls (an institution id naming no institution) answers Errors.Error as the one error object itself instead of an array holding it (a single-item list unwrapped by the serialiser), where provider 1.35.0 GoldStandardErrorMessage gives Errors.Error as an array of errors',
    reply: rewrite('post-institutions-institutionId-oauth-urls', 404, (b) => {
      const errors = b?.Errors?.Error;
      return Array.isArray(errors) && errors.length === 1 ? { ...b, Errors: { ...b.Errors, Error: errors[0] } } : b;
    }),
    ...provider,
    ...blind,
  }),
  // A member derived from what was sent, answered from another member of the request.
  front.fault('i65-fd-joint-email-to-primary-borrower', {
    rule: "FD-CONNECT-EMAIL: SendJointBorrowerConnectEmail answers emailConfig.to with the primary borrower's e-mail address (borrowers[].email) instead of the address sent in email.to, where provider 1.35.0 ConnectEmailConfiguration is the e-mail configuration as sent",
    reply: rewrite('SendJointBorrowerConnectEmail', 200, (b, x) => {
      const borrowers: any[] = sent(x)?.borrowers ?? [];
      const primary =
        borrowers.find((p) => p?.type === 'primary' && typeof p?.email === 'string') ?? borrowers.find((p) => typeof p?.email === 'string');
      return primary && b?.emailConfig ? { ...b, emailConfig: { ...b.emailConfig, to: primary.email } } : b;
    }),
    ...provider,
    ...blind,
  }),
  // The survivor of a deleted parent: a report read through its consumer loses the customer it was generated for.
  customers.fault('i65-fd-consumer-report-customer-zero-after-delete', {
    rule: "FD-PROP-SURVIVOR: once its customer is deleted, GetReportByConsumer answers the consumer's report with customerId 0 (the join to the deleted customer read as empty) instead of the customer it was generated for, where seed 002 Resources has the consumer persist as owner of its generated reports after the customer is deleted",
    state: customers.changed('delete', (_c, x, m) => {
      if (x.op !== 'DeleteCustomer' || !x.customer) return;
      (m.deleted ??= {})[String(x.customer.id)] = true;
    }),
    reply: rewrite('GetReportByConsumer', 200, (b, _x, m) => (m.deleted?.[String(b?.customerId)] ? { ...b, customerId: 0 } : b)),
    family: 'customers',
    ...blind,
  }),
  // A mapper that reads the display number where the full number belongs.
  front.fault('i65-fd-ach-v1-masked-number', {
    rule: 'FD-PAY-ACCOUNT-NUMBER: GetAccountACHDetails (v1) answers realAccountNumber as the masked account number (xxxxxx and its last four digits, the account number member of the account) instead of the full number the v3 details and the bundle give, where provider 1.35.0 AccountACHDetails.realAccountNumber is the full account number',
    reply: rewrite('GetAccountACHDetails', 200, (b) =>
      typeof b?.realAccountNumber === 'string' && b.realAccountNumber.length > 4
        ? { ...b, realAccountNumber: `xxxxxx${b.realAccountNumber.slice(-4)}` }
        : b,
    ),
    ...provider,
    ...blind,
  }),
  // A window over a month's end: a month-partitioned read that ends each month before its last day.
  front.fault('i65-fd-account-txns-month-end-day-dropped', {
    rule: "FD-TXN-WINDOW: GetCustomerAccountTransactions over a window that crosses a month end leaves out the transactions dated on the last day of each month before toDate's month (each month partition read up to its last day exclusive), where seed 002 Transactions lists every transaction dated between fromDate and toDate",
    reply: rewrite('GetCustomerAccountTransactions', 200, (b) => {
      const list: any[] = b?.transactions;
      if (!Array.isArray(list) || list.length === 0) return b;
      const dateOf = (t: any) => Number(t?.transactionDate ?? t?.postedDate);
      const toMonth = Number.isFinite(Number(b?.toDate)) ? monthOf(Number(b.toDate)) : undefined;
      if (!toMonth) return b;
      const lastDay = (d: number) => {
        const next = new Date(d * 1000);
        next.setUTCDate(next.getUTCDate() + 1);
        return next.getUTCDate() === 1;
      };
      const kept = list.filter((t) => !(lastDay(dateOf(t)) && monthOf(dateOf(t)) < toMonth));
      return kept.length === list.length ? b : { ...b, transactions: kept, displaying: kept.length };
    }),
    ...blind,
  }),
];
