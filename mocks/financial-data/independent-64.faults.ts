// Faults written blind (independent set 64): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/b64-fd-evidence.md).
import { blind, provider, type FaultMemory, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { TxPushSeams } from './txpush.records.js';

const front = faultKit<CustomerSeams>();
const customers = faultKit<CustomerSeams>();
const txpush = faultKit<TxPushSeams>();

/** A JSON answer of `op` with status `status` rewritten by `bend`; any other answer unchanged. */
const rewrite =
  (op: string, status: number, bend: (body: any, x: Reply, memory: FaultMemory) => unknown) =>
  (x: Reply, body: string, memory: FaultMemory): string => {
    if (x.operationId !== op || x.status !== status) return body;
    try {
      return JSON.stringify(bend(JSON.parse(body), x, memory));
    } catch {
      return body;
    }
  };
export const INDEPENDENT_64_FAULTS = [
  // An error's detail member of another type: the flag serialised from a string-typed error template.
  front.fault('i64-fd-webhook-404-recoverable-text', {
    rule: 'FD-RESP-FORMS: the 404 of getWebhookSubscriptionById (a subscription id the partner does not hold) carries each error Recoverable as the text "false" or "true" instead of a JSON boolean, where provider 1.35.0 ErrorWrapper Error.Recoverable is a boolean',
    reply: rewrite('getWebhookSubscriptionById', 404, (b) => {
      const errors: any[] = b?.Errors?.Error;
      if (!Array.isArray(errors)) return b;
      return {
        ...b,
        Errors: { ...b.Errors, Error: errors.map((e) => ({ ...e, Recoverable: String(e.Recoverable ?? false) })) },
      };
    }),
    ...provider,
    ...blind,
  }),
  // A date member written with the date-time formatter of its neighbours.
  front.fault('i64-fd-recurring-next-date-zoned', {
    rule: 'FD-RESP-FORMS: GetRecurringTransactions answers each series expectedNextTransactionDate as a UTC date-time with its zone (midnight, Z) instead of a calendar date, where provider 1.35.0 RecurringOutFlowTransaction and RecurringInFlowTransaction give expectedNextTransactionDate as a date (format date)',
    reply: rewrite('GetRecurringTransactions', 200, (b) => {
      const zoned = (s: any) =>
        s && typeof s === 'object' ? { ...s, expectedNextTransactionDate: `${s.expectedNextTransactionDate}T00:00:00Z` } : s;
      const bend = (list: any) =>
        Array.isArray(list) ? list.map((s) => (typeof s?.expectedNextTransactionDate === 'string' ? zoned(s) : s)) : list;
      const r = b?.customerRecurringTransactions;
      if (!r) return b;
      return {
        ...b,
        customerRecurringTransactions: { ...r, recurringOutflows: bend(r.recurringOutflows), recurringInflows: bend(r.recurringInflows) },
      };
    }),
    ...provider,
    ...blind,
  }),
  // Two reports of one customer: the list's status denormalised per customer, the newest report's status shown on every row.
  front.fault('i64-fd-report-list-newest-status', {
    rule: "FD-REPORT-READERS-AGREE: GetReportsByCustomerId lists every report of the customer with the status of the customer's newest report (an earlier success listed inProgress while a later one runs), where seed 002 Report retrieval reads each report by its own id with its own status (inProgress, failure or success)",
    reply: rewrite('GetReportsByCustomerId', 200, (b) => {
      const reports: any[] = b?.reports;
      if (!Array.isArray(reports) || reports.length < 2) return b;
      const newest = reports.reduce((n, r) => (Number(r.createdDate) >= Number(n.createdDate) ? r : n));
      return { ...b, reports: reports.map((r) => ({ ...r, status: newest.status })) };
    }),
    ...blind,
  }),
  // The survivor of a deleted parent: the consumer detached from its customer is re-stamped as if made at the deletion.
  customers.fault('i64-fd-consumer-created-at-customer-delete', {
    rule: "FD-EVENT-DATE-FIXED: once its customer is deleted, GetConsumer (by its id) answers the consumer's createdDate as the time of the customer's deletion (the record re-stamped when detached), where seed 002 Resources has the consumer persist after the customer is deleted, its creation date an event already past",
    state: customers.changed('delete', (_c, x, m) => {
      if (x.op !== 'DeleteCustomer' || !x.customer) return;
      m.deleted ??= {};
      m.deleted[String(x.customer.id)] = Math.floor(x.now.getTime() / 1000);
    }),
    reply: rewrite('GetConsumer', 200, (b, _x, m) => {
      const at = m.deleted?.[String(b?.customerId)];
      return at === undefined ? b : { ...b, createdDate: at };
    }),
    family: 'customers',
    ...blind,
  }),
  // A repeated read served from a per-id cache that a modification does not evict.
  front.fault('i64-fd-consumer-by-id-repeat-cached', {
    rule: 'FD-CONS-MODIFY: a repeated GetConsumer of one consumer answers the record of its first read, so the fields a ModifyConsumer (204) changed in between read back only through GetConsumerForCustomer, where seed 002 Consumers has the modification change the consumer both readers show',
    reply: rewrite('GetConsumer', 200, (b, _x, m) => {
      m.first ??= {};
      const key = String(b?.id);
      m.first[key] ??= b;
      return { ...m.first[key], createdDate: b.createdDate };
    }),
    ...blind,
  }),
  // A window over a month's end: the day stepped, the month left where the first date put it.
  front.fault('i64-fd-psi-legacy-days-month-kept', {
    rule: "FD-PSI-DAYS: GetPaymentSuccessIndicator (legacy) steps its potential settlement dates by day of the month only, so over a month end the dates after it keep the first date's month (the first of the next month written as the first of the current one), where provider 1.35.0 SettleByDate gives consecutive calendar days from today",
    reply: rewrite('GetPaymentSuccessIndicator', 200, (b) => {
      const days: any[] = b?.indicatorsByDay;
      if (!Array.isArray(days) || days.length < 2) return b;
      const month = String(days[0].potentialSettlementDate ?? '').slice(0, 7);
      if (!/^\d{4}-\d{2}$/.test(month)) return b;
      return {
        ...b,
        indicatorsByDay: days.map((d) => ({ ...d, potentialSettlementDate: `${month}${String(d.potentialSettlementDate).slice(7)}` })),
      };
    }),
    ...provider,
    ...blind,
  }),
  // One run, one indicator: the first day's indicator copied onto every day whatever its own score.
  front.fault('i64-fd-psi-legacy-fcra-indicator-first-day', {
    rule: "FD-PSI-INDICATOR: GetFCRAPaymentSuccessIndicator gives every potential settlement day the scoreIndicator of the first day (the rating computed once per run), so two days of different scores across a band carry one indicator and a higher score can carry a riskier one, where provider 1.35.0 IndicatorsByDay gives each day's scoreIndicator as the rating of that day's compositeScore",
    reply: rewrite('GetFCRAPaymentSuccessIndicator', 200, (b) => {
      const days: any[] = b?.indicatorsByDay;
      if (!Array.isArray(days) || days.length < 2) return b;
      return { ...b, indicatorsByDay: days.map((d) => ({ ...d, scoreIndicator: days[0].scoreIndicator })) };
    }),
    ...provider,
    ...blind,
  }),
  // A member the answer derives from the request, taken from another member of it.
  front.fault('i64-fd-webhook-create-url-from-override', {
    rule: "FD-PROP-ECHO-AS-SENT: the 201 of createWebhookSubscription answers the subscription url with the URL override of its first event that has one (the event's url read as the subscription's), where seed 002 Webhook subscriptions has a URL of its own and lets each event override it",
    reply: rewrite('createWebhookSubscription', 201, (b, x) => {
      const sent = x.body && typeof x.body === 'string' ? JSON.parse(x.body) : x.body;
      const override = (sent?.events ?? []).find((e: any) => typeof e?.url === 'string')?.url;
      return override && b && typeof b === 'object' ? { ...b, url: override } : b;
    }),
    ...blind,
  }),
  // A display formatter applied on one reader only.
  front.fault('i64-fd-simple-list-number-display-dotted', {
    rule: 'FD-ACCT-NUMBER-DISPLAY: GetCustomerAccountsSimple answers each accountNumberDisplay prefixed with an ellipsis ("...3300" where the account reads "3300" everywhere else), where seed 002 Accounts has the simple variants return the basic information of the account as the other readers give it',
    reply: rewrite('GetCustomerAccountsSimple', 200, (b) => ({
      ...b,
      accounts: (b?.accounts ?? []).map((a: any) =>
        typeof a?.accountNumberDisplay === 'string' ? { ...a, accountNumberDisplay: `...${a.accountNumberDisplay}` } : a,
      ),
    })),
    ...blind,
  }),
  // A delivery kept silent: a pending test transaction moves no posted balance, so the account event is skipped.
  txpush.fault('i64-fd-txpush-pending-test-no-account-event', {
    rule: 'FD-TXPUSH-TEST-EVENTS-PENDING: CreateTxPushTestTransaction sent with status pending delivers the transaction event only, not the account event, where seed 002 Events has the test-transaction operation trigger one transaction event and one account event',
    delivery: (x, d) => (x.op === 'CreateTxPushTestTransaction' && x.t?.status === 'pending' && d.sub?.type === 'account' ? undefined : d),
    family: 'txpush',
    ...blind,
  }),
];
