// Faults written blind (independent set 62): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w62f-live/I62.md).
import { blind, provider, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { TransactionSeams } from './transactions.records.js';

const front = faultKit<TransactionSeams>();
const transactions = faultKit<TransactionSeams>();
const customers = faultKit<CustomerSeams>();

/** A JSON answer of `op` with status `status` rewritten by `bend`; any other answer unchanged. */
const rewrite =
  (op: string, status: number, bend: (body: any, x: Reply) => unknown) =>
  (x: Reply, body: string): string => {
    if (x.operationId !== op || x.status !== status) return body;
    try {
      return JSON.stringify(bend(JSON.parse(body), x));
    } catch {
      return body;
    }
  };
/** The request body as the parser read it, as an object. */
const sent = (x: Reply): any => {
  try {
    return typeof x.body === 'string' ? JSON.parse(x.body) : (x.body ?? {});
  } catch {
    return {};
  }
};

export const INDEPENDENT_62_FAULTS = [
  front.fault('i62-fd-rssd-as-text', {
    rule: 'FD-INST-RSSD, FD-RESP-FORMS: GetCertifiedInstitutionsWithRSSD carries each rssd identifier as a JSON string of digits, not the integer provider 1.35.0 CertifiedInstitutionWithRSSD.rssd names (seed 002 Institutions: the RSSD variant also returns the RSSD identifier)',
    reply: rewrite('GetCertifiedInstitutionsWithRSSD', 200, (b) => ({
      ...b,
      institutions: (b.institutions ?? []).map((i: any) => (typeof i.rssd === 'number' ? { ...i, rssd: String(i.rssd) } : i)),
    })),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-certified-page-short', {
    rule: 'FD-PAGE-LIMIT-APPLIED: a GetCertifiedInstitutions page that is not the last holds one record fewer than the limit asked (its displaying lowered to match), where provider 1.35.0 limit is the maximum number of results to return and a page holds min(limit, what remains)',
    reply: rewrite('GetCertifiedInstitutions', 200, (b) =>
      b.moreAvailable && Array.isArray(b.institutions) && b.institutions.length > 1
        ? { ...b, institutions: b.institutions.slice(0, -1), displaying: b.institutions.length - 1 }
        : b,
    ),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-routing-displaying-short', {
    rule: 'FD-ROUTING-COUNTS: a routing number lookup that lists several institutions answers displaying one less than the institutions it lists (an off-by-one), where provider 1.35.0 displaying is the number of records in this response',
    reply: rewrite('GetInstitutionsByRoutingNumber', 200, (b) =>
      Array.isArray(b.institutions) && b.institutions.length > 1 ? { ...b, displaying: b.institutions.length - 1 } : b,
    ),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-txpush-shared-id', {
    rule: "FD-TXPUSH-SUBSCRIBE: the 201 of SubscribeToTxPushNotifications answers the transaction-class record under the id of the account-class record (the first record's id reused for the second), where seed 002 says each subscribe call yields two records, class account and class transaction, each its own subscription",
    reply: rewrite('SubscribeToTxPushNotifications', 201, (b) => {
      const subs = b.subscriptions;
      return Array.isArray(subs) && subs.length === 2 ? { ...b, subscriptions: [subs[0], { ...subs[1], id: subs[0].id }] } : b;
    }),
    ...blind,
  }),
  front.fault('i62-fd-txpush-created-from-sent', {
    rule: 'FD-TXPUSH-TEST-TRANSACTION: the 201 of CreateTxPushTestTransaction gives as createdDate the transactionDate sent (the member derived from the request, not the target clock), where provider 1.35.0 CreatedObject.createdDate is the date the object was created',
    reply: rewrite('CreateTxPushTestTransaction', 201, (b, x) => {
      const when = sent(x).transactionDate;
      return typeof when === 'number' ? { ...b, createdDate: when } : b;
    }),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-webhook-offset-echo-zero-based', {
    rule: 'FD-WEBHOOK-PAGE-DEFAULT, FD-WEBHOOK-PAGE-OFFSET: listWebhookSubscriptions echoes offset as a zero-based index (one less than the page it answers: 0 for the first page), where provider 1.35.0 offset is the page index starting from 1',
    reply: rewrite('listWebhookSubscriptions', 200, (b) => (typeof b.offset === 'number' ? { ...b, offset: b.offset - 1 } : b)),
    ...provider,
    ...blind,
  }),
  transactions.fault('i62-fd-txn-default-sort-echo-asc', {
    rule: "FD-TXN-ECHO: GetAllCustomerTransactions sent no sort echoes sort asc while it lists in descending order (the echo taken from the parameter's first enum value, not the order used), where provider 1.35.0 sort defaults to desc and the list echoes the sort order used",
    family: 'transactions',
    answer: transactions.answered('GetAllCustomerTransactions', (b, x) =>
      x.input.query.sort === undefined && b.sort !== undefined ? { ...b, sort: 'asc' } : b,
    ),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-webhook-event-names-drop-first', {
    rule: 'FD-WEBHOOK-EVENT-NAMES: listAvailableWebhookSubscriptionEvents leaves out its first event name while createWebhookSubscription still accepts that name, so a name the list does not return is accepted, where provider 1.35.0 says the list returns the events a subscription can name',
    reply: rewrite('listAvailableWebhookSubscriptionEvents', 200, (b) =>
      Array.isArray(b.events) && b.events.length > 1 ? { ...b, events: b.events.slice(1) } : b,
    ),
    ...provider,
    ...blind,
  }),
  customers.fault('i62-fd-cust-default-page-short', {
    rule: 'FD-PAGE-DEFAULT: GetCustomers without limit pages fewer customers than its documented default (the page cut short of it, displaying and moreAvailable following), where provider 1.35.0 limit states its default page size for the customers list',
    family: 'customers',
    answer: customers.answered('GetCustomers', (b, x) => {
      if (x.input.query.limit !== undefined || !Array.isArray(b.customers) || b.customers.length <= 20) return b;
      return { ...b, customers: b.customers.slice(0, 20), displaying: 20, moreAvailable: true };
    }),
    ...provider,
    ...blind,
  }),
  transactions.fault('i62-fd-txn-found-from-start', {
    rule: 'FD-TXN-PAGE-COUNTS: GetAllCustomerTransactions counts found from the page asked on (the transactions of the earlier pages left out) on a page after the first, where provider 1.35.0 found is the total number of records matching the request, whichever page is read',
    family: 'transactions',
    answer: transactions.answered('GetAllCustomerTransactions', (b, x) => {
      const start = Number(x.input.query.start ?? 1);
      const limit = Number(x.input.query.limit ?? 25);
      return start > 1 && typeof b.found === 'number' ? { ...b, found: Math.max(0, b.found - (start - 1) * limit) } : b;
    }),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-recurring-count-off-by-one', {
    rule: 'FD-TXN-RECURRING: GetRecurringTransactions answers each series with countOfTransactions one more than the transaction ids it names, where seed 002 says recurring transactions identify the recurring debits and credits (provider 1.35.0 countOfTransactions: the number of transactions in the series)',
    reply: rewrite('GetRecurringTransactions', 200, (b) => {
      const r = b.customerRecurringTransactions;
      if (!r) return b;
      const bump = (s: any) => (Array.isArray(s.transactionIds) ? { ...s, countOfTransactions: s.transactionIds.length + 1 } : s);
      return {
        ...b,
        customerRecurringTransactions: {
          ...r,
          ...(Array.isArray(r.recurringOutflows) ? { recurringOutflows: r.recurringOutflows.map(bump) } : {}),
          ...(Array.isArray(r.recurringInflows) ? { recurringInflows: r.recurringInflows.map(bump) } : {}),
        },
      };
    }),
    ...blind,
  }),
  front.fault('i62-fd-connect-link-carries-ssn', {
    rule: "FD-CONNECT-SSN-SECRET: GenerateConnectUrl sent optionalConsumerInfo with the consumer's SSN answers a link that carries that SSN in its query (to pre-populate the payroll step), where seed 002 Connect takes the SSN in the body only and the contract keeps it out of every answer",
    reply: rewrite('GenerateConnectUrl', 200, (b, x) => {
      const ssn = sent(x).optionalConsumerInfo?.ssn;
      return typeof ssn === 'string' && typeof b.link === 'string'
        ? { ...b, link: `${b.link}${b.link.includes('?') ? '&' : '?'}ssn=${ssn}` }
        : b;
    }),
    ...blind,
  }),
  transactions.fault('i62-fd-txn-echo-from-ms', {
    rule: 'FD-TXN-ECHO, FD-RESP-FORMS: GetCustomerAccountTransactions echoes the fromDate sent in epoch milliseconds, where provider 1.35.0 gives fromDate as the value sent, a date in epoch seconds (StringUnixDate); the customer-wide list keeps seconds',
    family: 'transactions',
    answer: transactions.answered('GetCustomerAccountTransactions', (b) =>
      b.fromDate !== undefined && /^\d+$/.test(String(b.fromDate)) ? { ...b, fromDate: `${b.fromDate}000` } : b,
    ),
    ...provider,
    ...blind,
  }),
  front.fault('i62-fd-txpush-account-id-text', {
    rule: 'FD-TXPUSH-SUBSCRIBE, FD-RESP-FORMS: the 201 of SubscribeToTxPushNotifications names the account subscribed as a JSON string in each record, not the integer provider 1.35.0 SubscriptionRecord.accountId (NumericAccountId) names',
    reply: rewrite('SubscribeToTxPushNotifications', 201, (b) =>
      Array.isArray(b.subscriptions)
        ? {
            ...b,
            subscriptions: b.subscriptions.map((r: any) =>
              typeof r.accountId === 'number' ? { ...r, accountId: String(r.accountId) } : r,
            ),
          }
        : b,
    ),
    ...provider,
    ...blind,
  }),
];
