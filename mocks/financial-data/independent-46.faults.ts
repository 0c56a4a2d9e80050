// Faults written blind (independent set 46): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks; each bends one resource's own family of seams (inFamily), and is shown live against `npm run mock`
// (/work/w46f-live/I46.md).
import { blind, inFamily, provider, type FaultSeams } from '../kit/faults.js';
import type { AccountSeams } from './accounts.records.js';
import type { BusinessSeams } from './businesses.records.js';
import type { ComponentsSeams } from './connect-components.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';
import type { MicroEntrySeams } from './micro-entries.records.js';
import { accountsOfLogin, type Customer } from './state.js';
import type { SwitchSeams } from './switches.records.js';
import type { AccessSeams } from './third-party-access.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();
const businesses = faultKit<BusinessSeams>();
const accounts = faultKit<AccountSeams>();
const transactions = faultKit<TransactionSeams>();
const micro = faultKit<MicroEntrySeams>();
const switches = faultKit<SwitchSeams>();
const txpush = faultKit<TxPushSeams>();
const webhooks = faultKit<WebhookSeams>();
const components = faultKit<ComponentsSeams>();
const access = faultKit<AccessSeams>();

/** A date-time written without its zone designator (the UTC wall time only). */
const zoneless = (iso: unknown) => (typeof iso === 'string' ? iso.replace(/(Z|[+-]\d{2}:\d{2})$/, '') : iso);
/** A subscription view whose lastUpdatedDate, once it moved from its creation, is written without its zone. */
const lastUpdatedZoneless = (s: any) =>
  s && s.lastUpdatedDate !== s.createdDate ? { ...s, lastUpdatedDate: zoneless(s.lastUpdatedDate) } : s;

/** Components: the delete of a configuration applied to the partner's newest live configuration, not the one named. */
const deleteNewest: NonNullable<FaultSeams<ComponentsSeams>['state']> = (x, c) => {
  if (c.kind !== 'delete') return c;
  const live = [...x.world.connectComponents.configurations.values()].filter((k) => k.partnerId === x.partnerId && !k.deleted);
  const newest = live.at(-1);
  return newest ? { kind: 'delete', removed: [newest] } : c;
};

export const INDEPENDENT_46_FAULTS = [
  ...inFamily('customers', [
    customers.fault('i46-fd-customer-search-names-in-order', {
      rule: 'FD-CUST-SEARCH: GetCustomers with a search of both names written last name first lists nobody, the words matched only in the order firstName lastName, where seed 002 Customers says the search takes any combination of firstName and lastName',
      judge: (x, s, r) => {
        if (s !== 'list' || r || !x.list || !x.filters?.search) return r;
        const words = x.filters.search.trim().toLowerCase().split(/\s+/);
        if (words.length < 2) return r;
        const all: Customer[] = x.list.slice(0, x.list.length);
        x.list = all.filter((c) => `${c.firstName ?? ''} ${c.lastName ?? ''}`.toLowerCase().includes(words.join(' ')));
        return r;
      },
      ...blind,
    }),
    customers.fault('i46-fd-customer-disputed-one-name-passes', {
      rule: 'FD-CUST-DISPUTED: a modification of a customer with a disputed statement is refused 403 only when it sends both names; one sending firstName or lastName alone is carried out (204), where seed 002 Errors 403 refuses every modification of such a customer',
      judge: customers.skip('dispute', (x) => (x.input.body?.firstName === undefined) !== (x.input.body?.lastName === undefined)),
      ...blind,
    }),
  ]),
  ...inFamily('consumers', [
    consumers.fault('i46-fd-consumer-modify-lands-on-latest', {
      rule: "FD-CONS-MODIFY, FD-PROP-WRITE-SCOPE: ModifyConsumer answers 204 but writes the fields sent onto the partner's most recently created consumer, so the consumer named in the path keeps its old values and another customer's consumer changes, where seed 002 Consumers modifies the consumer of the path",
      state: consumers.changed('modify', (c, x) => {
        const mine = [...x.world.consumers.values()].filter((k) => k.partnerId === c.consumer.partnerId);
        const latest = mine.at(-1);
        if (!latest || latest === c.consumer) return c;
        latest.fields = { ...latest.fields, ...c.fields };
        return { ...c, fields: {} };
      }),
      ...blind,
    }),
  ]),
  ...inFamily('businesses', [
    businesses.fault('i46-fd-business-update-moves-created-date', {
      rule: 'FD-DATE-WRITE-TIME: UpdateBusiness stamps the time of the update on createdDate as well as on modifiedDate, so the business no longer shows when it was created, where provider 1.35.0 Business.createdDate is the creation of the record and the seed update keeps it',
      state: (x, c) => (x.op === 'UpdateBusiness' ? { ...c, createdDate: c.modifiedDate } : c),
      ...provider,
      ...blind,
    }),
    businesses.fault('i46-fd-business-by-customer-borrows-another', {
      rule: 'FD-BUS-NONE-404: GetBusinessByCustomer of a customer without a business answers 200 with the business of another customer of the same partner instead of 404, where seed 002 Businesses gives one business per customer and a 404 when there is none',
      judge: (x, s, r) => {
        if (s !== 'business' || !r || x.op !== 'GetBusinessByCustomer' || !x.customer) return r;
        const other = [...x.world.businesses.values()].filter((b) => b.partnerId === x.customer!.partnerId).at(-1);
        if (!other) return r;
        x.business = other;
        return undefined;
      },
      ...blind,
    }),
  ]),
  ...inFamily('accounts', [
    accounts.fault('i46-fd-account-delete-takes-its-login', {
      rule: "FD-ACCT-DELETE-KEEPS-OTHERS: DeleteCustomerAccount removes access to every account of the deleted account's institution login, not to that account only, where seed 002 Accounts says the delete of an account removes access to that data only and other permissioned accounts stay accessible",
      state: accounts.changed('delete', (c, x) =>
        x.op === 'DeleteCustomerAccount' && c.gone.length === 1
          ? { ...c, gone: accountsOfLogin(x.world, c.gone[0].institutionLoginId) }
          : c,
      ),
      ...blind,
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i46-fd-transaction-outlives-deleted-account', {
      rule: "FD-TXN-DELETED-ACCOUNT: after DeleteCustomerAccount, GetCustomerTransaction still answers 200 with a transaction of the deleted account (the lists leave it out), where seed 002 Accounts says the delete removes access to that account's data",
      judge: transactions.skipOn(
        'GetCustomerTransaction',
        'visible',
        (x) => !!x.transaction && !x.world.accounts.has(x.transaction.accountId),
      ),
      ...blind,
    }),
  ]),
  ...inFamily('micro-entries', [
    micro.fault('i46-fd-micro-verify-marks-first-account', {
      rule: "FD-MICRO-VERIFY: verifying the micro entries of one receiving account answers 200 Verified but records the verification on the customer's first micro-entry account, so the details read of the account verified still shows Completed and the other one Verified, where seed 002 Micro entries verifies the two amounts of that account",
      state: micro.changed('verify', (c, x) => {
        const first = [...x.world.microEntries.entries.values()].find((e) => e.customerId === c.entry.customerId);
        if (!first || first === c.entry || !c.to) return c;
        first.state = c.to;
        return { ...c, to: undefined };
      }),
      ...blind,
    }),
    micro.fault('i46-fd-micro-exceeded-without-description', {
      rule: 'FD-MICRO-ERROR-BODY: the 400 refusing a verification once the attempts are exceeded gives the status Failed without its statusDescription (the other refusals keep it), where provider 1.35.0 MicroDepositVerificationError gives status with statusDescription',
      answer: micro.answered(
        'VerifyMicroAmountDeposits',
        (body) => {
          if (body.code !== 3200003) return body;
          const { statusDescription: _dropped, ...rest } = body;
          return rest;
        },
        true,
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('switches', [
    switches.fault('i46-fd-switch-details-any-customer', {
      rule: "FD-SW-OTHER-CUSTOMER, FD-OBJ-OTHER-PARENT: getDepositSwitchDetails finds the switch id among the deposit switches of every customer of the partner, so another customer's switch asked for under this customer answers 200 instead of 404, where seed 002 Resources - Switch gives a switch to one customer",
      judge: (x, s, r) => {
        if (s !== 'switch' || !r || x.op !== 'getDepositSwitchDetails' || !x.customer) return r;
        const mine = [...x.world.customers.group('partner', x.customer.partnerId).values()].flatMap((c) => x.switchesOf(c));
        const found = mine.find((w) => w.id === x.input.path.switch_id && w.kind === x.kind);
        if (!found) return r;
        x.switch = found;
        return undefined;
      },
      ...blind,
    }),
  ]),
  ...inFamily('txpush', [
    txpush.fault('i46-fd-txpush-disable-whole-customer', {
      rule: "FD-TXPUSH-DISABLE, FD-PROP-WRITE-SCOPE: DisableTxPushNotifications for one account deletes the subscription records of every account of the customer, so another account's listener no longer hears its test transaction, where seed 002 Events says disabling TxPush for an account deletes that account's subscriptions",
      state: txpush.changed('disable', (c, x) =>
        x.account ? { ...c, removed: [...x.world.txpush.subscriptions.group('customer', x.account.customerId).values()] } : c,
      ),
      ...blind,
    }),
    txpush.fault('i46-fd-txpush-test-tells-customer-listeners', {
      rule: "FD-TXPUSH-NO-SUBSCRIPTION, FD-TXPUSH-TEST-EVENTS: a test transaction is announced to the listeners of every account of the customer, so an account without a subscription delivers its events to the listener another account of the same customer subscribed, where seed 002 Events sends the events of an account to that account's subscriptions",
      state: txpush.changed('test', (c, x) => {
        if (!x.account) return c;
        const all = [...x.world.txpush.subscriptions.group('customer', x.account.customerId).values()];
        const listeners = all.sort((a, b) => (a.type === b.type ? a.id - b.id : a.type === 'transaction' ? -1 : 1));
        return { ...c, listeners };
      }),
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i46-fd-webhook-status-repeat-flips', {
      rule: 'FD-WEBHOOK-SUB-STATUS, FD-PROP-CASCADE: a subscription status change to the state the subscription already has is read as a toggle, so active sent to an active subscription leaves it and its events inactive (the answer still echoes active), where seed 002 States and transitions moves the subscription to the requested state',
      state: webhooks.changed('sub-status', (c, x) => {
        if (!x.sub || x.sub.status !== c.status) return c;
        const flipped = c.status === 'active' ? 'inactive' : 'active';
        return { ...c, status: flipped, events: c.events.map(() => flipped) };
      }),
      ...blind,
    }),
    webhooks.fault('i46-fd-webhook-test-partner-first-url', {
      rule: "FD-DELIVERY-URL, FD-WEBHOOK-TEST-DELIVERY: testWebhookSubscription delivers each event without an override to the URL of the partner's first subscription, not to the URL of the subscription tested, where seed 002 Events sends the test deliveries of a subscription to its own URL",
      delivery: (x, d) => {
        if (x.op !== 'testWebhookSubscription' || !x.sub || d.event.url) return d;
        const first = [...x.world.subscriptions.group('partner', x.sub.partnerId).values()].find((s) => !s.deleted);
        return first && first !== x.sub && first.url ? { ...d, to: [first.url] } : d;
      },
      ...blind,
    }),
    webhooks.fault('i46-fd-webhook-event-delete-by-name', {
      rule: "FD-PROP-WRITE-SCOPE, FD-WEBHOOK-EVENT-DELETE: deleting one event of a subscription also deletes the event of the same name from the partner's other subscriptions, where seed 002 Webhook subscriptions deletes the event the path names (its webhook_event_id) from its subscription",
      state: webhooks.changed('event-delete', (c, x) => {
        if (!x.sub) return c;
        for (const s of x.world.subscriptions.group('partner', x.sub.partnerId).values())
          if (s !== x.sub && !s.deleted) s.events = s.events.filter((e) => e.name !== c.removed.name);
        return c;
      }),
      ...blind,
    }),
    webhooks.fault('i46-fd-webhook-last-updated-no-zone', {
      rule: 'FD-DATE-UNIT, FD-RESP-FORMS: once a subscription has changed, both readers give its lastUpdatedDate as a UTC wall time without the zone designator (no Z), where provider 1.35.0 gives lastUpdatedDate as an ISO 8601 date-time with its zone, as createdDate reads',
      answer: webhooks.answered(['getWebhookSubscriptionById', 'listWebhookSubscriptions'], (body) =>
        Array.isArray(body.subscriptions)
          ? { ...body, subscriptions: body.subscriptions.map(lastUpdatedZoneless) }
          : lastUpdatedZoneless(body),
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('connect-components', [
    components.fault('i46-fd-components-delete-newest-config', {
      rule: "FD-COMPONENTS-CONFIG-DELETE, FD-PROP-WRITE-SCOPE: deleting a configuration answers 204 but deletes the partner's newest configuration instead of the one named, so the named one still reads 200 and the other is gone, where seed 002 Connect components deletes the configuration of the path",
      state: deleteNewest,
      ...blind,
    }),
    components.fault('i46-fd-components-config-refusal-front-shape', {
      rule: 'FD-COMPONENTS-ERROR-SHAPE: the 400 of a login form naming a configurationId of no configuration of the partner is answered in the {code, message} body of the other services, not in {"Errors": {"Error": [...]}} (the OAuth URL path keeps it), where provider 1.35.0 gives these operations GoldStandardErrorMessage',
      answer: (x, a, m) => {
        // The shared front's rewrite (op 'front') of the same answer keeps the shape this refusal was given.
        if (x.op === 'front') {
          if (!m.frontShaped || a.status !== 400) return a;
          m.frontShaped = false;
          return { ...a, defaultShape: true };
        }
        const unknownConfiguration =
          x.op === 'post-institutions-institutionId-login-forms' &&
          a.status === 400 &&
          x.input.body?.configurationId !== undefined &&
          'stored' in x &&
          x.configuration === undefined &&
          a.error !== undefined;
        if (!unknownConfiguration) return a;
        m.frontShaped = true;
        return { ...a, defaultShape: true };
      },
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('third-party-access', [
    access.fault('i46-fd-accesskey-revoke-customer-keys', {
      rule: 'FD-ACCESSKEY-UPDATE, FD-PROP-WRITE-SCOPE: revoking one third-party access key revokes every key of the same customer, so another live key of that customer is then a 404 on update, where seed 002 App registration and third-party access revokes the consentReceiptId of the path',
      judge: access.foldOn('RevokeThirdPartyAccessKey', 'key', (x) => {
        if (!x.key) return;
        for (const k of x.world.accessKeys.keys.values())
          if (k.partnerId === x.key.partnerId && k.customerId === x.key.customerId) k.revoked = true;
      }),
      ...blind,
    }),
  ]),
];
