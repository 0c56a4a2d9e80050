// Faults of TxPush, named `<rule id>-<deviation>` (schemas/financial-data/rules/txpush.yaml, rules.yaml): txpush.ts's seams (Step,
// Change, the answer, a delivery). A blind fault, or one a property row of docs/mutation.md named, keeps its earlier id as an alias.
import { always, assumption, blind, faultCatalogue, provider, seeded, was, type FaultMemory, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { linkedData, type TxPushSubscription as Subscription } from './state.js';
import { eventOf, type Delivery, type Exchange, type TxPushSeams } from './txpush.records.js';

type Stating = SeamFn<TxPushSeams, 'state'>;
type Delivering = SeamFn<TxPushSeams, 'delivery'>;
type When = (x: Exchange) => boolean;
type Body = Record<string, any>;
const { fault, skip, answered, changed } = faultKit<TxPushSeams>();
const ofAccount = (x: Exchange, accountId: string) => [...x.world.txpush.subscriptions.group('account', accountId).values()];
/** A fault's memory of what it saw, by id (the store's ids are never handed out twice). */
const seen = <K, V>(m: FaultMemory, name: string): Map<K, V> => (m[name] ??= new Map());

// (a) The request as judged: functions at the judge seam.
/** The account the path names found among the partner's, under another of its customers (FD-OBJ-OTHER-PARENT). */
const strayAccount = skip(
  'account',
  (x) => {
    const stray = x.world.accounts.get(x.input.path.accountId);
    const partner = x.input.partner?.id;
    const owner = (id?: string) => id !== undefined && x.world.customers.get(id)?.partnerId === partner;
    return owner(x.input.path.customerId) && owner(stray?.customerId);
  },
  (x) => (x.account = x.world.accounts.get(x.input.path.accountId)),
);

// (b) What a write stores: functions at the state seam.
/** A test transaction's listeners with those `kept` out of the world's memory left out (records disabled but kept). */
const withoutSilenced: Stating = changed('test', (c, x) => {
  const silenced = x.world.faultMemory.disabledSubscriptions as Set<number>;
  return { ...c, listeners: c.listeners.filter((s) => !silenced.has(s.id)) };
});

// (d) A delivery: functions at the delivery seam.
/** Each delivery sent (of `type`, where `when` holds) made otherwise; a silent one stays silent. */
const delivered =
  (bend: (d: Delivery, x: Exchange) => Delivery | void, type?: Subscription['type'], when: When = always): Delivering =>
  (x, d) => {
    if (d.silent || (type && d.sub?.type !== type) || !when(x)) return d;
    const copy = { ...d, body: structuredClone(d.body), headers: { ...d.headers } };
    return bend(copy, x) ?? copy;
  };
/** The body of the transaction event (`bend` changes its transaction member). */
const transactionEvent = (bend: (t: Body, x: Exchange, body: Body) => void, when: When = always): Delivering =>
  delivered(
    (d, x) => {
      bend(d.body.transaction, x, d.body);
    },
    'transaction',
    when,
  );
/** The account event's balance given otherwise, in its account and its change. */
const accountBalance = (balance: (x: Exchange) => number, when: When = always): Delivering =>
  delivered(
    (d, x) => {
      d.body.account.balance = balance(x);
      d.body.changes[0].new = d.body.account.balance;
    },
    'account',
    when,
  );

export const TXPUSH_FAULTS = faultCatalogue([
  fault('fd-txpush-subscribe-url-stored-lowercased', {
    rule: 'FD-TXPUSH-SUBSCRIBE, FD-DELIVERY-URL: the records keep the callback URL lower-cased (path and query too), so the answer and every delivery use another URL',
    state: changed('subscribe', (c) => ({ ...c, records: c.records.map((s) => ({ ...s, callbackUrl: s.callbackUrl.toLowerCase() })) })),
  }),
  fault('fd-obj-other-parent-txpush-subscribe', {
    rule: "FD-OBJ-OTHER-PARENT: an account under another customer of the partner is subscribed, found by its id among the partner's customers",
    judge: strayAccount,
  }),
  fault('fd-txpush-https-real-refusal-403', {
    rule: "FD-TXPUSH-HTTPS-REAL: an http listener URL for an active customer's account is refused 403, a status the subscribe operation does not list, not the seed's bad request",
    judge: (_x, s, r) => (r && s === 'https' ? { ...r, status: 403 } : r),
    ...blind,
    ...was('blind-txpush-https-refusal-403'),
  }),
  fault('fd-txpush-ports-alternative-https-port-accepted', {
    rule: 'FD-TXPUSH-PORTS: a listener URL on 8443, the "alternative HTTPS port", is accepted although listenerPorts does not name it',
    judge: skip('port', (x) => x.port === 8443),
    ...blind,
    ...was('blind-txpush-port-8443-accepted'),
  }),

  // --- The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction)
  fault('fd-txpush-testing-only-active-accepted', {
    rule: "FD-TXPUSH-TESTING-ONLY: a test transaction on an active customer's account is accepted",
    judge: skip('testing'),
  }),
  fault('fd-txpush-test-transaction-created-date-ms', "FD-TXPUSH-TEST-TRANSACTION: the answer's createdDate is in epoch milliseconds", {
    answer: answered('CreateTxPushTestTransaction', (b) => ({ ...b, createdDate: b.createdDate * 1000 })),
    ...provider,
  }),
  fault('fd-txpush-test-transaction-date-now', {
    rule: 'FD-TXPUSH-TEST-TRANSACTION, FD-TXPUSH-EVENT-CONTENT: the injected transaction is dated at the time of injection (read back and delivered), not with the transactionDate sent',
    state: changed('test', (c, x) => {
      const transaction = { ...c.transaction, transactionDate: x.nowS };
      return { ...c, transaction, stored: c.stored && transaction };
    }),
    ...provider,
    ...blind,
    ...was('blind-txpush-test-transaction-date-now'),
  }),
  fault('fd-txpush-running-balance-not-running', {
    rule: "FD-TXPUSH-RUNNING-BALANCE: the stored balance is the one before the account's first test transaction plus the last amount, so a second test transaction loses the first",
    state: changed('test', (c, x, m) => {
      const firsts = seen<string, number>(m, 'firsts');
      if (!firsts.has(x.account!.id)) firsts.set(x.account!.id, c.from);
      return { ...c, from: firsts.get(x.account!.id)! };
    }),
    ...seeded,
  }),

  // --- The events of a test transaction (seed 002, Events; reference, Outbound deliveries)
  fault('fd-txpush-test-events-subscribe-announced', {
    rule: 'FD-TXPUSH-TEST-EVENTS: subscribing delivers an event to the listener, before any change',
    delivery: (x, d) =>
      d.silent === 'no change' && d.sub?.type === 'account'
        ? {
            ...d,
            silent: undefined,
            to: [d.sub.callbackUrl],
            body: {
              subscriptionId: d.sub.id,
              class: 'account',
              accountId: Number(x.account!.id),
              customerId: Number(x.account!.customerId),
              event: 'account.subscribed',
            },
          }
        : d,
    ...seeded,
  }),
  fault('fd-txpush-test-events-name-first-subscription', {
    rule: "FD-TXPUSH-TEST-EVENTS, FD-TXPUSH-SIGNED: every delivery names the account's first listening record, so the account event names the transaction-class record and is signed under another key than the one of the record it names",
    delivery: delivered((d, x) => void (d.body.subscriptionId = x.listeners![0].id)),
    ...blind,
    ...was('blind-txpush-events-name-first-subscription'),
  }),
  fault('fd-txpush-test-events-pending-announced-active', {
    rule: 'FD-TXPUSH-TEST-EVENTS-PENDING: a pending test transaction delivers its two events, the transaction event saying active instead of the status sent',
    delivery: transactionEvent((t) => void (t.status === 'pending' && (t.status = 'active'))),
    ...provider,
    ...seeded,
  }),
  fault('fd-txpush-event-content-available-balance', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the account event carries the available balance, not the balance GetCustomerAccount then reads',
    delivery: accountBalance((x) => x.account!.availableBalance),
    ...assumption,
    ...blind,
    ...was('blind-txpush-account-event-available-balance'),
  }),
  fault('fd-txpush-event-content-first-account', {
    rule: "FD-TXPUSH-EVENT-CONTENT, FD-PROP-DELIVERY-NAMES: the transaction event names the customer's first account, not the one posted to",
    delivery: transactionEvent((_t, x, body) => {
      body.accountId = Number(linkedData(x.world, x.account!.customerId).accounts[0]?.id ?? x.account!.id);
    }),
    ...assumption,
    ...was('i28-fd-txpush-transaction-event-first-account'),
  }),

  // --- An account without a subscription (seed 002, Events)
  fault('fd-txpush-no-subscription-delivered', {
    rule: 'FD-TXPUSH-NO-SUBSCRIPTION: a test transaction on an account without a subscription is delivered to the last listener URL registered',
    state: (x, c) => {
      if (c.op === 'subscribe' && c.records[0]) x.world.txpush.lastUrl = c.records[0].callbackUrl;
      return c;
    },
    delivery: (x, d) => {
      const to = x.world.txpush.lastUrl;
      if (d.silent !== 'no subscription' || !to) return d;
      const sub = { id: 0, type: 'transaction' as const };
      return { ...d, silent: undefined, to: [to], key: 'none', body: eventOf(sub, x.t!, x.account!, x.oldBalance!) };
    },
  }),
  fault('fd-txpush-disable-soft-delete', {
    rule: 'FD-TXPUSH-DISABLE: disabling keeps the records as "disabled": events stop, but each former id is still a 204 on DeleteTxPushSubscription, not a 404',
    state: (x, c) => {
      if (c.op === 'test') return withoutSilenced(x, c, {});
      if (c.op !== 'disable') return c;
      for (const s of c.removed) x.world.faultMemory.disabledSubscriptions.add(s.id);
      return { ...c, removed: [] };
    },
    ...blind,
    ...was('blind-txpush-disable-soft-delete'),
  }),
  fault('fd-txpush-delete-one-deletes-account', 'FD-TXPUSH-DELETE-ONE: deleting one subscription deletes every record of its account', {
    state: changed('delete', (c, x) => ({ ...c, removed: ofAccount(x, x.sub!.accountId) })),
    ...was('txpush-delete-one-deletes-account'),
  }),
  fault('fd-txpush-delete-unknown-again-204', {
    rule: 'FD-TXPUSH-DELETE-UNKNOWN: deleting a subscription already deleted is an idempotent 204, not a 404',
    state: changed('delete', (c, x) => {
      for (const s of c.removed) x.world.faultMemory.deletedSubscriptions.set(s.id, x.customer!.id);
    }),
    // The 404 of an unknown subscription answered 204 when this fault saw it deleted.
    answer: (x, a) =>
      x.op === 'DeleteTxPushSubscription' &&
      a.refusal?.message === 'Subscription not found' &&
      x.world.faultMemory.deletedSubscriptions.get(Number(x.input.path.subscriptionId)) === x.customer?.id
        ? { status: 204 }
        : a,
    ...blind,
    ...was('blind-txpush-delete-again-204'),
  }),
  fault('fd-delivery-sensitive-txpush-account-number-member', {
    rule: 'FD-DELIVERY-SENSITIVE: the account event also names the account by its number in clear, in a member no schema declares',
    delivery: delivered((d, x) => void (d.body.account.ref = `acct ${x.account!.number}`), 'account'),
    ...seeded,
  }),
  fault('fd-delivery-media-type-txpush-account-text-plain', {
    rule: 'FD-DELIVERY-MEDIA-TYPE: the account-class deliveries declare their JSON body as text/plain',
    delivery: delivered((d) => ({ ...d, headers: { ...d.headers, 'content-type': 'text/plain' } }), 'account'),
    ...assumption,
  }),
]);
