// Faults written blind (independent set 45): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks; each bends one resource's own family of seams (inFamily), and is shown live against `npm run mock`
// (/work/w45f-live/I45.md).
import { randomUUID } from 'node:crypto';
import { blind, inFamily, provider } from '../kit/faults.js';
import type { AppSeams } from './app-registration.records.js';
import type { ComponentsSeams } from './connect-components.records.js';
import type { ConnectSeams } from './connect.records.js';
import type { ConsumerSeams } from './consumers.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { EnrichmentSeams } from './enrichment.records.js';
import { faultKit } from './fault-builders.js';
import type { InstitutionSeams } from './institutions.records.js';
import type { PaymentsDataSeams } from './payments-data.records.js';
import type { PsiSeams } from './psi.records.js';
import { findCustomer } from './state.js';
import type { StatementSeams } from './statements.records.js';
import type { TransactionSeams } from './transactions.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const customers = faultKit<CustomerSeams>();
const consumers = faultKit<ConsumerSeams>();
const transactions = faultKit<TransactionSeams>();
const payments = faultKit<PaymentsDataSeams>();
const psi = faultKit<PsiSeams>();
const statements = faultKit<StatementSeams>();
const txpush = faultKit<TxPushSeams>();
const webhooks = faultKit<WebhookSeams>();
const institutions = faultKit<InstitutionSeams>();
const enrichment = faultKit<EnrichmentSeams>();
const apps = faultKit<AppSeams>();
const connect = faultKit<ConnectSeams>();
const components = faultKit<ComponentsSeams>();

export const INDEPENDENT_45_FAULTS = [
  ...inFamily('customers', [
    customers.fault('i45-fd-customers-username-filter-prefix', {
      rule: 'FD-CUST-FILTER-USERNAME: GetCustomers with username lists every customer whose username starts with the text given, not only the one holding that username whole (seed 002 Customers, query username; provider CustomerUsernameParameter: the username for an exact match)',
      judge: customers.fold(
        'list',
        (x) => x.op === 'GetCustomers' && x.filters?.username !== undefined && x.filters.search === undefined,
        (x) => {
          const { username, type } = x.filters!;
          const partnerId = x.input.partner?.id ?? '';
          x.list = [...x.world.customers.values()].filter(
            (c) => c.partnerId === partnerId && c.username.startsWith(username!) && (type === undefined || c.type === type),
          );
        },
      ),
      ...blind,
    }),
    customers.fault('i45-fd-customers-active-made-testing', {
      rule: 'FD-CUST-TYPE: AddCustomer stores the new customer as a testing customer (the add-testing path reused), so every reader shows type testing for a customer enrolled as active (seed 002 States: the kind is chosen by the add-customer operation used, fixed at creation)',
      state: customers.changed('create', (c, x) => (x.op === 'AddCustomer' ? { ...c, customer: { ...c.customer, type: 'testing' } } : c)),
      ...blind,
    }),
  ]),
  ...inFamily('consumers', [
    consumers.fault('i45-fd-consumers-unique-keyed-by-ssn', {
      rule: 'FD-CONS-UNIQUE: a second CreateConsumer for a customer that already has one is refused 409 only when it carries the same SSN; with another SSN it is created (201) and replaces the first (seed 002 Errors 409: consumer already exists; Resources: one consumer for a customer)',
      judge: consumers.skip('unique', (x) => {
        const held = String(x.consumer?.fields.ssn ?? '').replace(/-/g, '');
        return String(x.input.body?.ssn ?? '').replace(/-/g, '') !== held;
      }),
      ...blind,
    }),
    consumers.fault('i45-fd-consumers-modify-drops-ssn', {
      rule: 'FD-CONS-MODIFY: a ModifyConsumer that sends a new ssn answers 204 but keeps the old SSN (the member treated as fixed), so both readers still show the last four of the first one (seed 002 Consumers: on modify the fields sent are changed, the others stay; provider ConsumerUpdate.ssn)',
      state: consumers.changed('modify', (c) => {
        const { ssn: _dropped, ...fields } = c.fields;
        return { ...c, fields };
      }),
      ...blind,
    }),
  ]),
  ...inFamily('transactions', [
    transactions.fault('i45-fd-transactions-customer-list-default-ascending', {
      rule: 'FD-TXN-SORT-DEFAULT: GetAllCustomerTransactions without sort lists the oldest transaction first (ascending) while it still echoes sort desc; the account list keeps the default (provider 1.35.0 SortParameter: desc unless asc is asked)',
      judge: transactions.fold(
        'order',
        (x) => x.op === 'GetAllCustomerTransactions' && x.input.query.sort === undefined,
        (x) => {
          x.order = 'asc';
        },
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('payments-data', [
    payments.fault('i45-fd-payments-bundle-default-interval-hour', {
      rule: 'FD-PAY-PEB-INTERVAL-DEFAULT: the payment enablement bundle called without balance_cache_interval keeps a cached balance for twice the default interval, so a balance older than the default is served from the cache instead of refreshed (provider 1.35.0 PebAllowedBalanceCacheInterval: its default)',
      state: payments.changed('balance', (c) => (c.reader === 'peb' && c.defaulted ? { ...c, refresh: c.ageS > 60 * 60 } : c)),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('psi', [
    psi.fault('i45-fd-psi-read-refuses-application-wildcard', {
      rule: 'FD-PSI-NOT-ACCEPTABLE: the non-FCRA PSI read answers 406 to Accept application/*, a range that admits application/json, where the generation serves it (provider 1.35.0: only application/json is supported; seed 002 Errors 406)',
      judge: psi.refuse(
        'accept',
        (x) =>
          x.op === 'GetPaymentSuccessIndicators' &&
          x.accept
            .split(',')
            .map((r) => r.split(';')[0].trim().toLowerCase())
            .includes('application/*'),
        { status: 406, message: "Only 'application/json' is supported." },
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('statements', [
    statements.fault('i45-fd-statements-v1-default-index-second', {
      rule: 'FD-STMT-DEFAULT-INDEX: GetCustomerAccountStatement without index serves the statement after the most recent (the default counted from zero), not the most recent one (provider 1.35.0 StatementIndexParameter: its default, the most recent)',
      judge: statements.fold(
        'read',
        (x) => x.op === 'GetCustomerAccountStatement' && x.input.query.index === undefined,
        (x) => {
          x.index = 2;
          x.read = 2;
        },
      ),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('txpush', [
    txpush.fault('i45-fd-txpush-delete-one-removes-pair', {
      rule: "FD-TXPUSH-DELETE-ONE: DeleteTxPushSubscription of the transaction-class record also deletes the account-class record of the same account, so the account event stops too (seed 002 Events: deleting one subscription stops only that subscription's events)",
      state: txpush.changed('delete', (c, x) => ({
        ...c,
        removed: [...x.world.txpush.subscriptions.group('account', c.removed[0]?.accountId).values()],
      })),
      ...blind,
    }),
  ]),
  ...inFamily('webhooks', [
    webhooks.fault('i45-fd-webhooks-list-default-limit-twenty', {
      rule: 'FD-WEBHOOK-PAGE-DEFAULT: listWebhookSubscriptions without limit pages twice the documented default (and echoes that limit) (provider 1.35.0 ObwmsLimitParameter: its default)',
      judge: webhooks.fold(
        'limit',
        (x) => x.op === 'listWebhookSubscriptions' && x.input.query.limit === undefined,
        (x) => {
          x.limit = 20;
        },
      ),
      ...provider,
      ...blind,
    }),
    webhooks.fault('i45-fd-webhooks-event-update-new-id', {
      rule: 'FD-WEBHOOK-EVENT-UPDATE: updateWebhookSubscriptionEvent stores the updated event under a new webhookEventId (delete and insert), so the id of the path no longer names it (provider 1.35.0 updateWebhookSubscriptionEvent: the event of that webhook_event_id is updated)',
      state: webhooks.changed('event-update', (c) => ({ ...c, webhookEventId: randomUUID() })),
      ...provider,
      ...blind,
    }),
    webhooks.fault('i45-fd-webhooks-event-status-whole-subscription', {
      rule: 'FD-WEBHOOK-EVENT-STATUS: a status change of one event moves every event of its subscription to that state (seed 002 States and transitions: PUT .../events/{webhook_event_id}/status moves that event to the requested state)',
      judge: (x, s, r) => {
        if (s === 'transition' && !r && x.op === 'changeWebhookSubscriptionEventStatus' && x.sub) {
          const { status } = x.input.body as { status: string };
          for (const e of x.sub.events) e.status = status;
        }
        return r;
      },
      ...blind,
    }),
  ]),
  ...inFamily('institutions', [
    institutions.fault('i45-fd-institutions-routing-found-counts-catalogue', {
      rule: 'FD-ROUTING-COUNTS: the routing number lookup answers found as the number of institutions in the whole catalogue, not of those it lists for that number (provider 1.35.0 InstitutionsByRoutingNumber: found, displaying)',
      answer: institutions.answered('GetInstitutionsByRoutingNumber', (body, x) => ({ ...body, found: x.world.institutions.length })),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('enrichment', [
    enrichment.fault('i45-fd-enrichment-full-batch-refused', {
      rule: 'FD-ENRICH-BATCH: a batch of exactly the largest size is refused 400, the limit taken as exclusive (seed 002 Transaction data enrichment and Limits: a batch holds up to that many transactions)',
      judge: enrichment.refuse('recognise', (x) => x.sent.length >= 1000, {
        status: 400,
        message: 'a batch holds fewer than 1000 transactions',
      }),
      ...blind,
    }),
  ]),
  ...inFamily('app-registration', [
    apps.fault('i45-fd-apps-list-bad-status-code-3008', {
      rule: 'FD-APP-LIST-PARAMS, FD-PROP-REFUSAL-CODE: getApplications with a status outside A, P, D, R, S is refused 400 with code 3008 (unknown query parameter) instead of 3009 (invalid values) (provider 1.35.0 400 examples 3008 and 3009)',
      judge: (_x, s, r) => (s === 'status' && r?.code === '3009' ? { ...r, code: '3008' } : r),
      ...provider,
      ...blind,
    }),
  ]),
  ...inFamily('connect', [
    connect.fault('i45-fd-connect-fix-login-any-customer', {
      rule: 'FD-CONNECT-FIX-LOGIN: GenerateFixConnectUrl gives a link for an institution login of another customer of the partner, the login looked up by id alone, instead of 404 (seed 002 Connect: fix connect is for a lost connection of that customer, Errors 404)',
      judge: connect.skip('login', (x) => {
        const login = x.world.logins.get(Number(x.body.institutionLoginId));
        return login !== undefined && findCustomer(x.world, login.customerId, x.input.partner?.id) !== undefined;
      }),
      ...blind,
    }),
  ]),
  ...inFamily('connect-components', [
    components.fault('i45-fd-components-deleted-config-still-listed', {
      rule: 'FD-COMPONENTS-CONFIG-DELETE, FD-PROP-DELETE-FREES: a configuration deleted (204, then 404 by id) is still listed by get-configurations (seed 002 Connect components: DELETE 204; a deleted configuration is gone)',
      judge: components.fold(
        'list',
        (x) => x.op === 'get-configurations',
        (x) => {
          x.list = [...x.world.connectComponents.configurations.values()].filter((c) => c.partnerId === x.partnerId);
        },
      ),
      ...blind,
    }),
  ]),
];
