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
  // A repeated call: the subscribe upsert answers the account's stored records, so a new listener URL is not echoed.
  front.fault('i65-fd-txpush-resubscribe-first-callback', {
    rule: "FD-TXPUSH-SUBSCRIBE: a second SubscribeToTxPushNotifications of the same account sent another callbackUrl answers its two records with the callbackUrl of the account's first subscribe call (the URL read back from the stored row, not the request), where seed 002 Events and provider 1.35.0 SubscriptionRecord give each subscribe call's records the callback URL sent",
    reply: rewrite('SubscribeToTxPushNotifications', 201, (b, _x, m) => {
      const records: any[] = b?.subscriptions;
      if (!Array.isArray(records) || records.length === 0) return b;
      m.first ??= {};
      const key = String(records[0].accountId);
      m.first[key] ??= records[0].callbackUrl;
      const url = m.first[key];
      return { ...b, subscriptions: records.map((r) => ({ ...r, callbackUrl: url })) };
    }),
    ...blind,
  }),
  // A window over a year end: the page sorted on its display date text (month/day/year), so January comes before December.
  front.fault('i65-fd-txn-sort-year-end-text-key', {
    rule: 'FD-TXN-SORT: GetAllCustomerTransactions orders each page by the text of its transaction date written month/day/year (a string sort), so over a year end sort=asc lists the new January before the old December and sort=desc the reverse, where seed 002 Transactions has the lists sort by transactionDate (postedDate when none)',
    reply: rewrite('GetAllCustomerTransactions', 200, (b) => {
      const list: any[] = b?.transactions;
      if (!Array.isArray(list) || list.length < 2) return b;
      const key = (t: any) => {
        const d = new Date(Number(t?.transactionDate ?? t?.postedDate) * 1000);
        if (Number.isNaN(d.getTime())) return '';
        const iso = d.toISOString();
        return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
      };
      const desc = b?.sort !== 'asc';
      const sorted = [...list].sort((p, q) => (desc ? key(q).localeCompare(key(p)) : key(p).localeCompare(key(q))));
      return { ...b, transactions: sorted };
    }),
    ...blind,
  }),
  // Two reports of one customer: the portfolio keeps the newest report of any type, not the newest of each type.
  front.fault('i65-fd-portfolio-newest-only', {
    rule: 'FD-PORTFOLIO-LATEST: GetPortfolioByCustomer holds only the newest report of the portfolio whatever its type (a VOI generated after a VOA drops the VOA), where seed 002 Report retrieval says a portfolio holds the most recent report of each report type',
    reply: rewrite('GetPortfolioByCustomer', 200, (b) => {
      const reports: any[] = b?.reports;
      if (!Array.isArray(reports) || reports.length < 2) return b;
      const newest = reports.reduce((n, r) => (Number(r?.createdDate) >= Number(n?.createdDate) ? r : n));
      return { ...b, reports: [newest] };
    }),
    ...blind,
  }),
  // A date-time member written through the date-only formatter of the loan's statement dates.
  front.fault('i65-fd-loan-payoff-date-only', {
    rule: 'FD-RESP-FORMS: GetLoanPaymentDetails answers accountDetail.accountFuturePayoffDate as a calendar date alone (YYYY-MM-DD, no time nor zone), where provider 1.35.0 LoanPaymentDetailsAccount gives accountFuturePayoffDate as a date-time (format date-time)',
    reply: rewrite('GetLoanPaymentDetails', 200, (b) => {
      const d = b?.accountDetail?.accountFuturePayoffDate;
      return typeof d === 'string' && d.length > 10
        ? { ...b, accountDetail: { ...b.accountDetail, accountFuturePayoffDate: d.slice(0, 10) } }
        : b;
    }),
    ...provider,
    ...blind,
  }),
  // An error's detail member of another type on one refusal path: the status copied from the numeric HTTP status.
  front.fault('i65-fd-authdetails-404-status-number', {
    rule: 'FD-RESP-FORMS: the 404 of getCustomerAuthorizationDetails (a legacy login, or details unavailable) carries its status member as a JSON number instead of text, where provider 1.35.0 ErrorMessage gives status as a string',
    reply: rewrite('getCustomerAuthorizationDetails', 404, (b) =>
      b && typeof b === 'object' && typeof b.status === 'string' && /^\d+$/.test(b.status) ? { ...b, status: Number(b.status) } : b,
    ),
    ...provider,
    ...blind,
  }),
  // The refresh answer built from the accounts as read before the refresh: their attempt dates not yet moved.
  front.fault('i65-fd-login-refresh-v1-stale-attempt', {
    rule: 'FD-ACCT-REFRESH-V1: RefreshCustomerAccountsByInstitutionLogin (v1) answers each account with the aggregationAttemptDate it had before the refresh (the answer mapped from the records read before the update), while GetCustomerAccount then reads the moved date, where seed 002 Accounts has refresh v1 answer 200 with the accounts it refreshed, completion seen as an updated aggregation attempt date',
    reply: (x, body, m) => {
      if (x.status !== 200 || !x.operationId) return body;
      try {
        const b = JSON.parse(body);
        const list: any[] | undefined = Array.isArray(b?.accounts) ? b.accounts : b?.id && b?.aggregationAttemptDate ? [b] : undefined;
        if (!list) return body;
        m.seen ??= {};
        if (x.operationId !== 'RefreshCustomerAccountsByInstitutionLogin') {
          for (const a of list)
            if (a?.id !== undefined && a?.aggregationAttemptDate !== undefined) m.seen[String(a.id)] = a.aggregationAttemptDate;
          return body;
        }
        const accounts = list.map((a) =>
          m.seen[String(a?.id)] === undefined ? a : { ...a, aggregationAttemptDate: m.seen[String(a.id)] },
        );
        return JSON.stringify({ ...b, accounts });
      } catch {
        return body;
      }
    },
    ...blind,
  }),
  // Two receiving accounts of one owner: the initiation answers the account id first issued (an id cached on the partner).
  front.fault('i65-fd-micro-initiate-first-account-id', {
    rule: "FD-MICRO-INITIATE: a second InitiateMicroAmountDeposits for another receiving account answers the accountId of the first receiving account initiated (the id cached on the partner's session), while the details read finds the new account under its own id, where seed 002 Micro entries and provider 1.35.0 InitiatedMicroDeposit answer the accountId of the receiving account",
    reply: rewrite('InitiateMicroAmountDeposits', 200, (b, _x, m) => {
      if (b?.accountId === undefined) return b;
      m.first ??= b.accountId;
      return { ...b, accountId: m.first };
    }),
    ...provider,
    ...blind,
  }),
];
