// Faults written blind (brief blind41): from seed 002, the provider's document 1.35.0 and the rule catalogue, with the suite unread.
// Each names the family of seams it bends, so a step name two resources share reaches only its own.
import { assumption, blind, provider } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { AccountSeams } from './accounts.records.js';
import { accountsOf } from './accounts.records.js';
import type { AppSeams } from './app-registration.records.js';
import type { AuthSeams } from './auth.records.js';
import type { BusinessSeams } from './businesses.records.js';
import type { CustomerSeams } from './customers.records.js';
import type { InstitutionSeams } from './institutions.records.js';
import { CONFLICT, type MicroEntrySeams } from './micro-entries.records.js';
import type { SwitchSeams } from './switches.records.js';
import { BAD_PERIOD, type AccessSeams } from './third-party-access.records.js';
import type { TxPushSeams } from './txpush.records.js';
import type { WebhookSeams } from './webhooks.records.js';

const sw = faultKit<SwitchSeams>();
const micro = faultKit<MicroEntrySeams>();
const access = faultKit<AccessSeams>();
const bus = faultKit<BusinessSeams>();
const cust = faultKit<CustomerSeams>();
const auth = faultKit<AuthSeams>();
const hooks = faultKit<WebhookSeams>();
const push = faultKit<TxPushSeams>();
const acct = faultKit<AccountSeams>();
const inst = faultKit<InstitutionSeams>();
const apps = faultKit<AppSeams>();

export const INDEPENDENT_41_FAULTS = [
  // --- Switches
  sw.fault('i41-fd-switches-external-lists-unlabelled', {
    rule: 'FD-SW-EXTERNAL: the external id list also holds the deposit switches of the same customers that carry no external id at all, not only those carrying the id of the path.',
    answer: sw.answered('getAllExternalDepositSwitches', (body, x) => {
      const extra = (x.pool ?? [])
        .filter((s) => s.kind === 'deposit' && s.externalId === undefined)
        .map((s) => ({
          id: s.id,
          status: s.status,
          ...(s.failureReason ? { failureReason: s.failureReason } : {}),
          createdDate: s.createdDate,
        }));
      return { ...body, switches: [...body.switches, ...extra].slice(0, 10) };
    }),
    family: 'switches',
    ...blind,
  }),
  sw.fault('i41-fd-switches-details-type-always-active', {
    rule: "FD-SW-CUSTOMER: a deposit switch's details name the customer type active whatever the customer's kind, so a testing customer's switch reads active.",
    answer: sw.answered('getDepositSwitchDetails', (body) => ({ ...body, customerType: 'active' })),
    family: 'switches',
    ...blind,
    ...provider,
  }),
  sw.fault('i41-fd-switches-card-method-bank-identifier', {
    rule: "FD-SW-PAYMENT-METHOD-TYPE: a bill pay switch's card payment method also carries a bank identifier (a bank member) beside its brand.",
    answer: sw.answered('getBillPaySwitchDetails', (body) => ({
      ...body,
      paymentMethods: (body.paymentMethods ?? []).map((m: any) => (m.type === 'card' ? { ...m, bankIdentifier: '021000021' } : m)),
    })),
    family: 'switches',
    ...blind,
    ...provider,
  }),

  // --- Micro entries
  micro.fault('i41-fd-micro-failed-account-still-conflicts', {
    rule: 'FD-MICRO-CONFLICT: an account whose micro entries failed their verification still counts as under way, so initiating again for it is a 409 instead of a new initiation.',
    judge: (x, step, r) => {
      if (step !== 'conflict' || r) return r;
      const { routingNumber, accountNumber } = x.input.body.receiver;
      const failed = [...x.world.microEntries.entries.values()].some(
        (e) => e.customerId === x.customer?.id && e.routingNumber === routingNumber && e.accountNumber === accountNumber,
      );
      return failed ? CONFLICT : undefined;
    },
    family: 'micro-entries',
    ...blind,
    ...assumption,
  }),
  micro.fault('i41-fd-micro-details-never-completed', {
    rule: 'FD-MICRO-DETAILS: the details read keeps showing Pending (and its description) once the deposit delay has passed, never Completed.',
    answer: micro.answered('GetMicroDepositsDetails', (body) =>
      body.status === 'Completed' ? { ...body, status: 'Pending', statusDescription: 'Micro entries are in pending status' } : body,
    ),
    family: 'micro-entries',
    ...blind,
    ...assumption,
  }),

  // --- Third-party access
  access.fault('i41-fd-accesskey-period-compared-as-text', {
    rule: 'FD-ACCESSKEY-PERIOD: the bounds of an access period are compared as text, not as instants, so a period whose end is later but written with another UTC offset is refused as ending before it starts.',
    judge: access.refuse(
      'periods',
      (x) =>
        x.op === 'GenerateThirdPartyAccessKey' &&
        x.input.body.products.some((p: any) => !(String(p.accessPeriod.endTime) > String(p.accessPeriod.startTime))),
      BAD_PERIOD,
    ),
    family: 'third-party-access',
    ...blind,
    ...assumption,
  }),
  access.fault('i41-fd-accesskey-update-keeps-first-grant', {
    rule: 'FD-ACCESSKEY-UPDATE: an update answers 200 with the same receipt id but keeps the products and periods first granted instead of those sent.',
    state: access.changed('update', (c) => ({ ...c, body: c.key.body })),
    family: 'third-party-access',
    ...blind,
  }),
  access.fault('i41-fd-authdetails-predating-served', {
    rule: 'FD-AUTHDETAILS-UNAVAILABLE: a login whose authorization predates the endpoint answers 200 with dates made up instead of the 404 with code 3004.',
    judge: access.skip('available'),
    family: 'third-party-access',
    ...blind,
  }),

  // --- Businesses, customers, authentication
  bus.fault('i41-fd-business-add-answers-201', {
    rule: 'FD-BUS-READ: adding a business answers 201 where the seed lists 200 as its success.',
    answer: (x, a) => (x.op === 'AddBusinessDetails' && a.status === 200 ? { ...a, status: 201 } : a),
    family: 'businesses',
    ...blind,
  }),
  cust.fault('i41-fd-customers-created-date-millis', {
    rule: 'FD-CUST-CREATE, FD-PROP-ANSWER-IS-STATE: the 201 of a new customer gives its createdDate in epoch milliseconds, where the provider states epoch seconds and every read of the customer shows seconds.',
    answer: cust.answered(['AddTestingCustomer', 'AddCustomer'], (body) => ({ ...body, createdDate: body.createdDate * 1000 })),
    family: 'customers',
    ...blind,
    ...provider,
  }),
  auth.fault('i41-fd-auth-grace-never-ends', {
    rule: 'FD-SECRET-GRACE: the secret replaced by a change asking a grace period keeps getting tokens after its grace period has run out.',
    judge: auth.skip('secret', (x) => x.partner?.graced?.secret === x.input.body.partnerSecret),
    family: 'auth',
    ...blind,
    ...provider,
  }),

  // --- Webhooks
  hooks.fault('i41-fd-webhooks-active-event-of-inactive-subscription-tested', {
    rule: 'FD-WEBHOOK-INACTIVE-NO-TEST: an event made active again on its own is test-delivered while its subscription still reads inactive.',
    delivery: (_x, d) => (d.silent === 'subscription inactive' && d.event.status === 'active' ? { ...d, silent: undefined } : d),
    family: 'webhooks',
    ...blind,
    ...provider,
  }),
  hooks.fault('i41-fd-webhooks-event-update-keeps-old-override', {
    rule: "FD-WEBHOOK-EVENT-UPDATE: an event update that leaves out the URL override keeps the event's previous override instead of replacing the event as sent.",
    state: hooks.changed('event-update', (c, x) => ({ ...c, url: c.url ?? x.event?.url })),
    family: 'webhooks',
    ...blind,
    ...provider,
  }),

  // --- TxPush
  push.fault('i41-fd-txpush-disable-spares-transaction-record', {
    rule: 'FD-TXPUSH-DISABLE: disabling TxPush for an account deletes its account-class record only; its transaction-class record stays and keeps receiving events.',
    state: push.changed('disable', (c) => ({ ...c, removed: c.removed.filter((s) => s.type === 'account') })),
    family: 'txpush',
    ...blind,
  }),
  push.fault('i41-fd-txpush-listener-any-port', {
    rule: 'FD-TXPUSH-PORTS: a listener URL naming a port other than the two allowed ones is accepted (201) instead of refused.',
    judge: push.skipOn('SubscribeToTxPushNotifications', 'port'),
    family: 'txpush',
    ...blind,
  }),
  push.fault('i41-fd-txpush-account-event-old-balance-is-new', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the account event of a test transaction reports the balance change with the new balance as its old value too, so no change shows.',
    delivery: (_x, d) =>
      Array.isArray(d.body.changes) ? { ...d, body: { ...d.body, changes: d.body.changes.map((ch: any) => ({ ...ch, old: ch.new })) } } : d,
    family: 'txpush',
    ...blind,
    ...assumption,
  }),

  // --- Accounts
  acct.fault('i41-fd-accounts-login-refresh-v2-touches-all', {
    rule: "FD-ACCT-REFRESH-SCOPE: a v2 refresh by institution login moves the aggregation attempt date of every account of the customer, the other logins' accounts too.",
    state: acct.changed('refresh', (c, x) =>
      x.op === 'RefreshCustomerAccountsByInstitutionLoginV2' && x.login ? { ...c, accounts: accountsOf(x.world, x.login.customerId) } : c,
    ),
    family: 'accounts',
    ...blind,
  }),
  acct.fault('i41-fd-accounts-migrate-answers-every-login', {
    rule: 'FD-ACCT-MIGRATE: the migration of a legacy login answers every account of the customer, not only the accounts of the login migrated.',
    judge: acct.fold(
      'login',
      (x) => x.op === 'MigrateInstitutionLoginAccounts' && x.login !== undefined,
      (x) => {
        x.list = accountsOf(x.world, x.login!.customerId);
      },
    ),
    family: 'accounts',
    ...blind,
  }),

  // --- Institutions
  inst.fault('i41-fd-routing-no-match-empty-200', {
    rule: 'FD-ROUTING-EXACT: a nine-digit routing number mapped to no institution answers 200 with an empty list instead of the 404 the seed states.',
    judge: inst.skip('routing'),
    family: 'institutions',
    ...blind,
  }),

  // --- App registration
  apps.fault('i41-fd-app-customer-same-app-again-refused', {
    rule: 'FD-APP-CUSTOMER-SET, FD-VALID-ACCEPTED: assigning to a customer the very application it already holds is refused with 400 as if it were a change, though it changes nothing.',
    answer: (x, a, m) => {
      if (x.op !== 'SetCustomerAppID' || a.status !== 200) return a;
      const key = `${x.input.path.customerId}:${x.input.path.applicationId}`;
      if (m[key])
        return { status: 400, refusal: { status: 400, message: "The customer's application is set already and cannot be changed." } };
      m[key] = true;
      return a;
    },
    family: 'app-registration',
    ...blind,
    ...assumption,
  }),
];
