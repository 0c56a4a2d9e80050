// Faults written blind (independent set 63): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w63f-live/I63.md).
import { blind, provider, type FaultMemory, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';

const front = faultKit<CustomerSeams>();

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
/** Several operations' rewrites, applied in turn. */
const each =
  (...fs: ((x: Reply, body: string, memory: FaultMemory) => string)[]) =>
  (x: Reply, body: string, memory: FaultMemory): string =>
    fs.reduce((b, f) => f(x, b, memory), body);
/** The accounts a full account list showed, by customer (the memory of the faults that read them back). */
const rememberAccounts = rewrite('GetCustomerAccounts', 200, (b, _x, m) => {
  m.accounts ??= {};
  for (const a of b.accounts ?? []) m.accounts[String(a.id)] = a;
  return b;
});

export const INDEPENDENT_63_FAULTS = [
  front.fault('i63-fd-institution-name-cached', {
    rule: 'FD-INST-GET, FD-PROP-ID-NAMES-ONE: GetInstitution of an institution whose name begins with the same words as one read before (another profile of one bank) answers that earlier institution (a cache keyed by the bank name, not the path id), where seed 002 Institutions has GetInstitution return the institution asked for',
    reply: rewrite('GetInstitution', 200, (b, _x, m) => {
      m.byName ??= {};
      const inst = b.institution ?? {};
      const key = String(inst.name ?? '')
        .split(/\s+/)
        .slice(0, 2)
        .join(' ');
      const seen = m.byName[key];
      if (seen && seen.id !== inst.id) return { ...b, institution: seen };
      m.byName[key] ??= inst;
      return b;
    }),
    ...blind,
  }),
  front.fault('i63-fd-webhook-event-delete-by-id-stale', {
    rule: 'FD-WEBHOOK-EVENT-DELETE: after deleteWebhookSubscriptionEvent (204) getWebhookSubscriptionById still shows the deleted event (the by-id read served from the events it showed before), where seed 002 Webhook subscriptions deletes the event from its subscription',
    reply: rewrite('getWebhookSubscriptionById', 200, (b, _x, m) => {
      m.events ??= {};
      const seen: any[] = m.events[b.subscriptionId] ?? [];
      const now: any[] = b.events ?? [];
      const kept = [...now, ...seen.filter((e) => !now.some((n) => n.webhookEventId === e.webhookEventId))];
      m.events[b.subscriptionId] = kept;
      return { ...b, events: kept };
    }),
    ...blind,
  }),
  front.fault('i63-fd-webhook-event-delete-list-inactive', {
    rule: 'FD-WEBHOOK-EVENT-DELETE: after an event delete listWebhookSubscriptions still lists the deleted event under its subscription, marked inactive (a soft delete), where seed 002 Webhook subscriptions removes the event (204) and the deleted id is then not found',
    reply: rewrite('listWebhookSubscriptions', 200, (b, _x, m) => {
      m.listed ??= {};
      return {
        ...b,
        subscriptions: (b.subscriptions ?? []).map((s: any) => {
          const seen: any[] = m.listed[s.subscriptionId] ?? [];
          const now: any[] = s.events ?? [];
          const gone = seen
            .filter((e) => !now.some((n) => n.webhookEventId === e.webhookEventId))
            .map((e) => ({ ...e, status: 'inactive' }));
          const events = [...now, ...gone];
          m.listed[s.subscriptionId] = events;
          return { ...s, events };
        }),
      };
    }),
    ...blind,
  }),
  front.fault('i63-fd-simple-by-institution-keeps-pending', {
    rule: 'FD-ACCT-SIMPLE-ACTIVE: GetCustomerAccountsByInstitutionSimple lists the pending accounts of the institution too (the active filter applied on the customer-wide simple list only), where seed 002 Accounts has the simple variants return only active accounts',
    reply: each(
      rememberAccounts,
      rewrite('GetCustomerAccountsByInstitutionSimple', 200, (b, _x, m) => {
        const listed: any[] = b.accounts ?? [];
        const first = listed[0];
        if (!first) return b;
        const extra = Object.values<any>(m.accounts ?? {})
          .filter(
            (a) => a.status !== 'active' && String(a.institutionId) === String(first.institutionId) && String(a.customerId ?? '') !== '',
          )
          .filter((a) => !listed.some((l) => String(l.id) === String(a.id)))
          .map((a) => Object.fromEntries(Object.keys(first).map((k) => [k, a[k]])));
        return { ...b, accounts: [...listed, ...extra] };
      }),
    ),
    ...blind,
  }),
  front.fault('i63-fd-by-login-whole-customer', {
    rule: "FD-ACCT-BY-LOGIN: GetCustomerAccountsByInstitutionLogin lists with the login's accounts those of the customer's other institution logins (the query bound to the customer, not the login), where seed 002 Accounts gives the accounts of that institution login",
    reply: each(
      rememberAccounts,
      rewrite('GetCustomerAccountsByInstitutionLogin', 200, (b, _x, m) => {
        const listed: any[] = b.accounts ?? [];
        const first = listed[0];
        if (!first) return b;
        const extra = Object.values<any>(m.accounts ?? {}).filter(
          (a) => String(a.customerId) === String(first.customerId) && !listed.some((l) => String(l.id) === String(a.id)),
        );
        return { ...b, accounts: [...listed, ...extra] };
      }),
    ),
    ...blind,
  }),
  front.fault('i63-fd-deleted-customer-still-listed', {
    rule: 'FD-PROP-DELETE-FREES: after DeleteCustomer the GetCustomers list still shows the deleted customer (the list served from an index the delete does not reach), where seed 002 Customers has the delete remove access to the customer',
    reply: rewrite('GetCustomers', 200, (b, _x, m) => {
      m.customers ??= {};
      const now: any[] = b.customers ?? [];
      const gone = Object.values<any>(m.customers).filter((c) => !now.some((n) => n.id === c.id));
      for (const c of now) m.customers[c.id] = c;
      return { ...b, customers: [...now, ...gone] };
    }),
    ...blind,
  }),
  front.fault('i63-fd-pending-app-has-application-id', {
    rule: 'FD-APP-APPLICATION-ID: getApplications gives a pending (P) registration an applicationId (its preAppId), where provider 1.35.0 ApplicationId is populated once the app is approved',
    reply: rewrite('getApplications', 200, (b) => ({
      ...b,
      applications: (b.applications ?? []).map((a: any) =>
        a.status === 'P' && a.applicationId === undefined ? { ...a, applicationId: String(a.preAppId) } : a,
      ),
    })),
    ...provider,
    ...blind,
  }),
  front.fault('i63-fd-rejected-app-status-read-pending', {
    rule: 'FD-APP-REJECTED-NOTE: the deprecated status read GetAppRegistrationStatus still answers a rejected registration as pending (P) without its note, the rejection reaching getApplications only, where provider 1.35.0 AppStatus gives the rejected status (R) and its note on both readers',
    reply: rewrite('GetAppRegistrationStatus', 200, (b) => ({
      ...b,
      applications: (b.applications ?? []).map((a: any) => {
        if (a.status !== 'R') return a;
        const { note: _note, ...rest } = a;
        return { ...rest, status: 'P' };
      }),
    })),
    ...provider,
    ...blind,
  }),
  front.fault('i63-fd-app-list-latest-name', {
    rule: "FD-APP-READ-BACK: getApplications names every pending registration with the appName of the partner's most recent registration (two registrations of one partner share one name), where seed 002 App registration has each registration read back with the name sent",
    reply: rewrite('getApplications', 200, (b) => {
      const apps: any[] = b.applications ?? [];
      const pending = apps.filter((a) => a.status === 'P');
      const latest = pending.reduce((l: any, a: any) => (!l || Number(a.preAppId) > Number(l.preAppId) ? a : l), undefined);
      return { ...b, applications: apps.map((a) => (a.status === 'P' && latest ? { ...a, name: latest.name } : a)) };
    }),
    ...blind,
  }),
  front.fault('i63-fd-certified-page-one-short', {
    rule: 'FD-PROP-PAGING: GetCertifiedInstitutions answers a page with more available one institution short of its limit (the page window cut one early), where provider 1.35.0 pages by limit, each page holding as many as the limit while more remain',
    reply: rewrite('GetCertifiedInstitutions', 200, (b) => {
      const list: any[] = b.institutions ?? [];
      if (!b.moreAvailable || list.length < 2) return b;
      return { ...b, institutions: list.slice(0, -1), displaying: list.length - 1 };
    }),
    ...provider,
    ...blind,
  }),
  front.fault('i63-fd-cached-balance-first-read', {
    rule: 'FD-PAY-CACHED-READER: GetAvailableBalance keeps answering the balance and dates of its own first read of the account after a later live read, where seed 002 Payments data has the cached variant give the balance the live variant last read',
    reply: each(
      rewrite('GetAvailableBalance', 200, (b, _x, m) => {
        m.cached ??= {};
        m.cached[b.id] ??= b;
        return m.cached[b.id];
      }),
    ),
    ...blind,
  }),
  front.fault('i63-fd-live-balance-repeat-stale', {
    rule: 'FD-PAY-BALANCE-LIVE-DEFAULT: a repeated GetAvailableBalanceLive of one account answers the balance dates of its first live read (the refresh skipped for a repeated call), where provider 1.35.0 balance_cache_interval of 0 or none refreshes the balance on every call',
    reply: rewrite('GetAvailableBalanceLive', 200, (b, _x, m) => {
      m.live ??= {};
      const first = m.live[b.id];
      if (!first) {
        m.live[b.id] = b;
        return b;
      }
      return { ...b, availableBalanceDate: first.availableBalanceDate, clearedBalanceDate: first.clearedBalanceDate };
    }),
    ...provider,
    ...blind,
  }),
  front.fault('i63-fd-new-customer-username-optional', {
    rule: 'FD-CUST-USERNAME-REQUIRED: AddTestingCustomer and AddCustomer take a body without username (the member no longer required), where provider 1.35.0 NewCustomer requires username',
    relax: [{ schema: 'NewCustomer', unrequire: ['username'] }],
    ...provider,
    ...blind,
  }),
  front.fault('i63-fd-micro-receiver-name-optional', {
    rule: 'FD-MICRO-REQUIRED: InitiateMicroAmountDeposits takes a receiver without its name, where provider 1.35.0 Receiver requires routingNumber, accountNumber, accountType and name',
    relax: [{ schema: 'MicroEntryReceiver', unrequire: ['name'] }],
    ...provider,
    ...blind,
  }),
];
