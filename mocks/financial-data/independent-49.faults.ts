// Faults written blind (independent set 49): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w49f-live/I49.md).
import { blind, inFamily, provider } from '../kit/faults.js';
import { accountsOf, type AccountSeams } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { BusinessSeams } from './businesses.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { SwitchSeams } from './switches.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const accounts = faultKit<AccountSeams>();
const apps = faultKit<AppSeams>();
const businesses = faultKit<BusinessSeams>();
const consumers = faultKit<ConsumerSeams>();
const customers = faultKit<CustomerSeams>();
const micro = faultKit<MicroEntrySeams>();
const access = faultKit<AccessSeams>();
const webhooks = faultKit<WebhookSeams>();
const switches = faultKit<SwitchSeams>();
const transactions = faultKit<TransactionSeams>();

/** The address members a consumer record gives together. */
const ADDRESS_BLOCK = ['address', 'city', 'state', 'zip'] as const;

export const INDEPENDENT_49_FAULTS = [
  ...inFamily('micro-entries', [
    micro.fault('i49-fd-micro-details-outlive-deleted-customer', {
      rule: 'FD-MICRO-NOT-FOUND: once the customer is deleted, GetMicroDepositsDetails of its receiving account still answers 200 with the details (the entries looked up by account id alone), where every micro-entry route of a deleted customer is a 404 (seed 002, Errors 404; Customers: delete removes access to the customer and all linked accounts).',
      judge: micro.skip(
        'entries',
        (x) =>
          x.op === 'GetMicroDepositsDetails' &&
          x.world.microEntries.entries.get(x.input.path.accountId)?.customerId === x.input.path.customerId,
        (x) => {
          x.entry = x.world.microEntries.entries.get(x.input.path.accountId);
        },
      ),
      ...blind,
    }),
    micro.fault('i49-fd-micro-initiate-deposit-count-index', {
      rule: 'FD-MICRO-INITIATE: the initiation answers depositCount as the index of the last deposit counted from zero (one less than the deposits made), where the initiation deposits two micro amounts and depositCount gives their number (seed 002, Micro entries and switches; provider InitiatedMicroDeposit.depositCount).',
      answer: micro.answered('InitiateMicroAmountDeposits', (b) => ({ ...b, depositCount: b.depositCount - 1 })),
      ...blind,
    }),
  ]),
  ...inFamily('businesses', [
    businesses.fault('i49-fd-bus-second-under-new-name', {
      rule: "FD-BUS-ONE: a customer's second business is accepted (200, a second record) when its name differs from the first's, the uniqueness keyed on the business name, where a customer can have one business record and a second is a 409 (seed 002, Businesses; Errors 409).",
      judge: businesses.skip(
        'unique',
        (x) => x.op === 'AddBusinessDetails' && (x.mine ?? []).every((b) => b.fields.name !== x.input.body.name),
      ),
      ...blind,
    }),
    businesses.fault('i49-fd-bus-update-answers-previous-fields', {
      rule: 'FD-BUS-UPDATE: UpdateBusiness stores the details sent but answers the record as it stood before the update (the earlier name, address and phone, the new modifiedDate), where every field sent on update reads back in the answer (seed 002, Businesses; provider UpdateBusiness response Business).',
      judge: businesses.fold(
        'business',
        (x) => x.op === 'UpdateBusiness',
        (x, m) => {
          if (x.business) m[x.business.id] = { ...x.business.fields };
        },
      ),
      answer: businesses.answered('UpdateBusiness', (b, _x, m) => ({ ...b, ...(m[b.businessId] ?? {}) })),
      ...blind,
    }),
  ]),
  ...inFamily('consumers', [
    consumers.fault('i49-fd-cons-modify-clears-address-block', {
      rule: 'FD-CONS-MODIFY-KEEP: a ModifyConsumer naming one member of the address (address, city, state or zip) stores the address as a whole block, so the members of it not sent are emptied, where on modify unspecified fields stay unchanged (seed 002, Consumers).',
      state: consumers.changed('modify', (c) =>
        ADDRESS_BLOCK.some((k) => k in c.fields) ? { ...c, fields: { address: '', city: '', state: '', zip: '', ...c.fields } } : c,
      ),
      ...blind,
    }),
  ]),
  ...inFamily('customers', [
    customers.fault('i49-fd-cust-list-all-stops-one-short', {
      rule: 'FD-CUST-NO-SEARCH-ALL: GetCustomers without search text (no username, type or search) lists every customer of the partner but the last one, its found one short, where with no search text all customers are returned (seed 002, Customers).',
      judge: customers.fold(
        'list',
        (x) => x.op === 'GetCustomers' && !!x.list && !x.filters?.username && !x.filters?.type && !x.filters?.search,
        (x) => {
          const l = x.list!;
          const n = Math.max(0, l.length - 1);
          x.list = { length: n, slice: (from: number, to: number) => l.slice(from, Math.min(to, n)) };
        },
      ),
      ...blind,
    }),
    customers.fault('i49-fd-cust-app-data-of-newest-customer', {
      rule: "FD-CUST-APP: GetCustomerWithAppData answers the applicationId of the partner's most recently created customer holding an application, not the one of the customer in the path, where the operation returns the customer's applicationId (seed 002, Customers: a customer may have an application (applicationId)).",
      answer: customers.answered('GetCustomerWithAppData', (b, x) => {
        const mine = [...x.world.customers.values()].filter((c) => c.partnerId === x.input.partner?.id && c.applicationId);
        const newest = mine[mine.length - 1];
        return newest ? { ...b, applicationId: newest.applicationId } : b;
      }),
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i49-fd-webhook-list-keeps-url-before-update', {
      rule: 'FD-WEBHOOK-UPDATE: after an update (200) listWebhookSubscriptions still shows the subscription with the URL it had before the update, while getWebhookSubscriptionById shows the new one, where after an update both readers show the new URL (provider updateWebhookSubscription, WebhookSubscription.url).',
      judge: webhooks.fold(
        'subscription',
        (x) => x.op === 'updateWebhookSubscription',
        (x, m) => {
          if (x.sub && !(x.sub.subscriptionId in m)) m[x.sub.subscriptionId] = x.sub.url;
        },
      ),
      answer: webhooks.answered('listWebhookSubscriptions', (b, _x, m) => ({
        ...b,
        subscriptions: b.subscriptions.map((s: Record<string, unknown>) =>
          (s.subscriptionId as string) in m ? { ...s, url: m[s.subscriptionId as string] } : s,
        ),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('third-party-access', [
    access.fault('i49-fd-accesskey-account-of-sibling-customer', {
      rule: "FD-ACCESSKEY-NOT-FOUND: GenerateThirdPartyAccessKey for a product naming an account of another customer of the same partner grants the key (200), the account checked against the partner's accounts rather than the customer's, where an account the customer does not have is a 404 (seed 002, Errors 404).",
      judge: access.skip('accounts', (x) =>
        (x.input.body.products as { accountId: string }[]).every((p) => {
          const a = x.world.accounts.get(p.accountId);
          return !!a && x.world.customers.get(a.customerId)?.partnerId === x.partnerId;
        }),
      ),
      ...blind,
    }),
    access.fault('i49-fd-accesskey-leap-day-end-moved', {
      rule: 'FD-ACCESSKEY-GENERATE: a granted access period ending on the leap day of February is answered in the receipt as ending on the first of March (the date rebuilt through a year without that day), so the period granted is not the one sent, where generation answers the products and periods granted (seed 002, App registration and third-party access; provider ThirdPartyAccessKeyReceiptData).',
      answer: access.answered('GenerateThirdPartyAccessKey', (b) => ({
        ...b,
        data: b.data.map((d: any) => ({
          ...d,
          receipt: {
            ...d.receipt,
            products: d.receipt.products.map((p: any) =>
              typeof p.accessPeriod?.endTime === 'string' && /^\d{4}-02-29/.test(p.accessPeriod.endTime)
                ? { ...p, accessPeriod: { ...p.accessPeriod, endTime: p.accessPeriod.endTime.replace(/-02-29/, '-03-01') } }
                : p,
            ),
          },
        })),
      })),
      ...blind,
    }),
  ]),
  ...inFamily('accounts', [
    accounts.fault('i49-fd-acct-status-active-keeps-pending', {
      rule: 'FD-ACCT-FILTER-STATUS: GetCustomerAccounts with status=active lists the pending account too (the status filter applied only when it names pending), where the account status query lists the accounts of that status only (seed 002, Accounts: query account status).',
      judge: accounts.fold(
        'scope',
        (x) => x.op === 'GetCustomerAccounts' && x.filters?.status === 'active' && !!x.customer,
        (x) => {
          const type = x.filters?.type;
          x.list = accountsOf(x.world, x.customer!.id).filter((a) => type === undefined || type === 'ava' || a.type === type);
        },
      ),
      ...blind,
    }),
    accounts.fault('i49-fd-acct-by-institution-created-iso', {
      rule: 'FD-ACCT-DATES, FD-RESP-FORMS: GetCustomerAccountsByInstitution answers each account createdDate as an ISO date-time text, where createdDate is an epoch-seconds integer the same through every reader (provider CustomerAccount.createdDate, UnixDate).',
      answer: accounts.answered('GetCustomerAccountsByInstitution', (b) => ({
        ...b,
        accounts: b.accounts.map((a: Record<string, unknown>) =>
          typeof a.createdDate === 'number' ? { ...a, createdDate: new Date(a.createdDate * 1000).toISOString() } : a,
        ),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i49-fd-webhook-event-url-from-subscription', {
      rule: "FD-WEBHOOK-CREATE: getWebhookSubscriptionById shows every event with the subscription's URL in place of the event's own URL override, where the subscription reads back by id with every event as created, its URL override included (seed 002, Webhook subscription holds events with URL; provider WebhookEvent.url).",
      answer: webhooks.answered('getWebhookSubscriptionById', (b) => ({
        ...b,
        events: b.events.map((e: Record<string, unknown>) => (e.url && b.url ? { ...e, url: b.url } : e)),
      })),
      ...blind,
    }),
  ]),
  ...inFamily('switches', [
    switches.fault('i49-fd-sw-bill-pay-status-upper-case', {
      rule: 'FD-SW-STATUS-ENUM, FD-RESP-FORMS: the bill pay switch list answers each status in capitals (COMPLETED, FAILED), where a switch status is one of the provider enum values processing, completed or failed as written (provider SwitchStatus).',
      answer: switches.answered('getAllPaySwitches', (b) => ({
        ...b,
        switches: b.switches.map((s: Record<string, unknown>) => ({ ...s, status: String(s.status).toUpperCase() })),
      })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i49-fd-txn-get-amount-unsigned', {
      rule: 'FD-TXN-GET: GetCustomerTransaction answers the amount without its sign, so a debit read by id shows as a credit while the lists show it negative, where the transaction is returned as the lists show it, amount included (seed 002, Transactions; provider Transaction.amount).',
      answer: transactions.answered('GetCustomerTransaction', (b) => ({ ...b, amount: Math.abs(b.amount) })),
      ...blind,
    }),
  ]),
  ...inFamily('app-registration', [
    apps.fault('i49-fd-app-register-preappid-text', {
      rule: 'FD-APP-REGISTER, FD-RESP-FORMS: the 201 of RegisterApp answers preAppId as text, where the registration answers a numeric preAppId (provider RegisterApp response, preAppId an integer).',
      answer: apps.answered('RegisterApp', (b) => ({ ...b, preAppId: String(b.preAppId) })),
      ...provider,
      ...blind,
    }),
  ]),
];
