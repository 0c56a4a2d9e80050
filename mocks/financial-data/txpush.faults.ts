// Faults of TxPush: each a deviation a provider's release might ship, named by the rule it breaks
// (`<rule id>-<deviation>`), its rule text starting with the ids of schemas/financial-data/rules/txpush.yaml
// (and rules.yaml) it breaks (`rules`: the specs the targeted mutation run picks). A fault bends
// txpush.ts at its seams: the request as judged at one step (Step), what a write stores (Change), the
// answer, a delivery. Which set of writers found a fault is the mutation records' (docs/mutation.md); a
// blind fault, or one a property row of docs/mutation.md named, keeps its earlier id as an alias.
import { faultCatalogue, modelFault, seeded, type FaultMemory, type FaultSeams } from '../kit/faults.js';
import { faultKit, blind, assumption, provider, always, was } from './fault-builders.js';
import { linkedData, type TxPushSubscription as Subscription } from './state.js';
import {
  TXPUSH_SIGNATURE_HEADER,
  customerType,
  eventOf,
  newRecord,
  signature,
  type Change,
  type Delivery,
  type Exchange,
  type Step,
  type TxPushSeams,
} from './txpush.records.js';

type Seams = FaultSeams<TxPushSeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type Stating = NonNullable<Seams['state']>;
type Delivering = NonNullable<Seams['delivery']>;
type When = (x: Exchange) => boolean;
type Body = Record<string, any>;
const { fault, skip, refuse, writtenThenRefused, answered } = faultKit<TxPushSeams>();

// Who and what a fault applies to.
const active = (x: Exchange) => x.account !== undefined && customerType(x.world, x.account) === 'active';
const ofAccount = (x: Exchange, accountId: string) => [...x.world.txpush.subscriptions.group('account', accountId).values()];
const byId = (a: Subscription, b: Subscription) => a.id - b.id;
/** A fault's memory of what it saw, by id (the store's ids are never handed out twice). */
const seen = <K, V>(m: FaultMemory, name: string): Map<K, V> => (m[name] ??= new Map());

// (a) The request as judged: functions at the judge seam.
/** The refusal of `step` given another status. */
const restatus =
  (step: Step, status: number): Judge =>
  (_x, s, r) =>
    r && s === step ? { ...r, status } : r;
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
/** The change of `op` bent (`bend` returns the change to go on with, or changes what it names and returns nothing). */
const changed =
  <K extends Change['op']>(op: K, bend: (c: Extract<Change, { op: K }>, x: Exchange, memory: FaultMemory) => Change | void): Stating =>
  (x, c, m) =>
    c.op === op ? (bend({ ...c } as Extract<Change, { op: K }>, x, m) ?? c) : c;
/** A test transaction's listeners with those `kept` out of the world's memory left out (records disabled but kept). */
const withoutSilenced: Stating = changed('test', (c, x) => {
  const silenced = x.world.faultMemory.disabledSubscriptions as Set<number>;
  return { ...c, listeners: c.listeners.filter((s) => !silenced.has(s.id)) };
});
/** Each record of a subscribe call's answer made otherwise. */
const records = (bend: (view: Body, x: Exchange, all: Body[]) => Body): Answering =>
  answered('SubscribeToTxPushNotifications', (b, x) => ({
    ...b,
    subscriptions: b.subscriptions.map((v: Body) => bend(v, x, b.subscriptions)),
  }));
/** The 404 of an unknown subscription answered 204 where `when` holds. */
const unknownDeleted =
  (when: (x: Exchange, m: FaultMemory) => boolean): Answering =>
  (x, a, m) =>
    x.op === 'DeleteTxPushSubscription' && a.refusal?.message === 'Subscription not found' && when(x, m) ? { status: 204 } : a;

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
/** The URL a delivery calls made otherwise. */
const calling = (url: (to: string, d: Delivery, x: Exchange) => string): Delivering =>
  delivered((d, x) => ({ ...d, to: d.to.map((to) => url(to, d, x)) }));
/** A delivery's signature written over another text than the body sent. */
const signedOver = (text: (body: Body) => string): Delivering =>
  delivered((d) => ({ ...d, headers: { ...d.headers, [TXPUSH_SIGNATURE_HEADER]: signature(d.key, text(d.body)) } }));
const sortedKeys = (body: Body) =>
  JSON.stringify(body, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

export const TXPUSH_FAULTS = faultCatalogue([
  // --- Subscribing (seed 002, Resources and Events: two records per subscribe call)
  fault('fd-txpush-subscribe-one-record', 'FD-TXPUSH-SUBSCRIBE: a subscribe call yields the account record alone, no transaction record', {
    state: changed('subscribe', (c) => ({ ...c, records: c.records.slice(0, 1) })),
  }),
  fault('fd-txpush-subscribe-records-same-class', 'FD-TXPUSH-SUBSCRIBE: the two records of a subscribe call are both of class account', {
    state: changed('subscribe', (c) => ({ ...c, records: c.records.map((s) => ({ ...s, type: 'account' as const })) })),
  }),
  fault('fd-txpush-subscribe-account-id-is-customer', {
    rule: 'FD-TXPUSH-SUBSCRIBE: the records of a subscribe call name the customer in accountId, not the account subscribed (provider 1.35.0 SubscriptionRecord.accountId)',
    answer: records((v, x) => ({ ...v, accountId: Number(x.account!.customerId) })),
    ...blind('blind-txpush-record-account-id-is-customer'),
  }),
  fault('fd-txpush-subscribe-url-stored-lowercased', {
    rule: 'FD-TXPUSH-SUBSCRIBE, FD-DELIVERY-URL: the records keep the callback URL lower-cased (path and query too), so the answer and every delivery use another URL',
    state: changed('subscribe', (c) => ({ ...c, records: c.records.map((s) => ({ ...s, callbackUrl: s.callbackUrl.toLowerCase() })) })),
  }),
  fault('fd-txpush-subscribe-transaction-record-url-query-dropped', {
    rule: 'FD-TXPUSH-SUBSCRIBE: the transaction record is answered with the callback URL without its query string',
    answer: records((v) => (v.type === 'transaction' ? { ...v, callbackUrl: String(v.callbackUrl).split('?')[0] } : v)),
  }),
  fault('fd-txpush-subscribe-transaction-record-answers-account-id', {
    rule: "FD-TXPUSH-SUBSCRIBE, FD-PROP-ID-NAMES-ONE: the transaction record is answered with the account record's id",
    answer: records((v, _x, all) => (v.type === 'transaction' ? { ...v, id: all.find((o) => o.type === 'account')?.id ?? v.id } : v)),
  }),
  fault('fd-txpush-subscribe-answer-one-signing-key', {
    rule: "FD-TXPUSH-SUBSCRIBE, FD-TXPUSH-SIGNED, FD-PROP-ANSWER-IS-STATE: every record of the answer carries the first record's signing key, while each record's deliveries are signed with its own",
    answer: records((v, _x, all) => ({ ...v, signingKey: all[0].signingKey })),
    ...provider,
  }),
  fault('fd-obj-other-parent-txpush-subscribe', {
    rule: "FD-OBJ-OTHER-PARENT: an account under another customer of the partner is subscribed, found by its id among the partner's customers",
    judge: strayAccount,
  }),

  // --- The listener URL (seed 002, Events and Limits)
  fault('fd-txpush-https-real-http-accepted', "FD-TXPUSH-HTTPS-REAL: an http listener URL for an active customer's account is accepted", {
    judge: skip('https'),
  }),
  fault('fd-txpush-https-real-https-refused', {
    rule: "FD-TXPUSH-HTTPS-REAL: an https listener URL for an active customer's account is refused 400",
    judge: refuse('https', active, { status: 400, message: 'callbackUrl refused for this account' }),
  }),
  seeded(
    fault('fd-txpush-https-real-http-written-port-accepted', {
      rule: "FD-TXPUSH-HTTPS-REAL: for an active customer's account an http listener URL that writes out the HTTP listener port is accepted (the HTTPS rule skipped for that written port)",
      judge: skip('https', (x) => /^[a-z]+:\/\/[^/]*:80(\/|$)/i.test(String(x.input.body.callbackUrl))),
    }),
  ),
  fault('fd-txpush-https-real-refusal-403', {
    rule: "FD-TXPUSH-HTTPS-REAL: an http listener URL for an active customer's account is refused 403, a status the subscribe operation does not list, not the seed's bad request",
    judge: restatus('https', 403),
    ...blind('blind-txpush-https-refusal-403'),
  }),
  // Beside the port check in every scheme (txpush.subscriptions.spec.ts): the port judged for https listeners only.
  seeded(
    fault('fd-txpush-ports-judged-for-https-only', {
      rule: "FD-TXPUSH-PORTS: a listener URL's port is judged only when its scheme is https: an http listener on any port is accepted",
      judge: skip('port', (x) => x.url!.protocol === 'http:'),
    }),
  ),
  fault('fd-txpush-ports-http-port-refused', 'FD-TXPUSH-PORTS: an http listener URL on the HTTP port of listenerPorts is refused', {
    judge: refuse('port', (x) => x.port === 80, { status: 400, message: 'callbackUrl port is not allowed' }),
  }),
  fault('fd-txpush-ports-alternative-https-port-accepted', {
    rule: 'FD-TXPUSH-PORTS: a listener URL on 8443, the "alternative HTTPS port", is accepted although listenerPorts does not name it',
    judge: skip('port', (x) => x.port === 8443),
    ...blind('blind-txpush-port-8443-accepted'),
  }),
  fault('fd-txpush-ports-https-required-for-testing', {
    rule: "FD-TXPUSH-PORTS: an http listener on the HTTP port for a testing customer's account is refused, as if every account were real",
    judge: refuse('https', (x) => !active(x) && x.url!.protocol !== 'https:', {
      status: 400,
      message: 'callbackUrl must be HTTPS for a real account',
    }),
    ...blind('blind-txpush-https-required-for-testing'),
  }),
  fault('fd-txpush-ports-refused-port-subscribed', {
    rule: 'FD-TXPUSH-PORTS, FD-PROP-REFUSED-NO-TRACE: a subscription refused 400 for its port is still recorded (saved before the URL is judged), and a test transaction is delivered to that URL',
    judge: writtenThenRefused('port', always, (x) => {
      const s = newRecord(x.world, x.account!, 'transaction', String(x.input.body.callbackUrl));
      x.world.txpush.subscriptions.set(s.id, s);
    }),
    ...was('i26-txpush-refused-port-subscribed'),
  }),

  // --- The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction)
  fault('fd-txpush-testing-only-active-accepted', {
    rule: "FD-TXPUSH-TESTING-ONLY: a test transaction on an active customer's account is accepted",
    judge: skip('testing'),
  }),
  fault('fd-txpush-testing-only-refused-still-stored', {
    rule: "FD-TXPUSH-TESTING-ONLY, FD-PROP-REFUSED-NO-TRACE: the test transaction on a real account is refused, yet stored and shown in that account's transactions",
    judge: writtenThenRefused('testing', always, (x) => {
      const { body } = x.input;
      const id = Number(x.world.nextId()) * 10 + 1;
      const [accountId, customerId] = [x.account!.id, x.account!.customerId];
      const { amount, description, transactionDate } = body;
      const [status, postedDate] = [body.status ?? 'active', body.postedDate ?? x.nowS];
      x.world.transactions.set(id, {
        id,
        accountId,
        customerId,
        amount,
        description,
        status,
        transactionDate,
        postedDate,
        createdDate: x.nowS,
        historic: false,
      });
    }),
    ...was('i32-fd-txpush-test-refused-still-stored'),
  }),
  fault('fd-txpush-test-transaction-not-stored', {
    rule: 'FD-TXPUSH-TEST-TRANSACTION: the injected transaction is not stored, GetCustomerTransaction does not find it',
    state: changed('test', (c) => ({ ...c, stored: undefined })),
    ...provider,
  }),
  fault('fd-txpush-test-transaction-created-date-ms', "FD-TXPUSH-TEST-TRANSACTION: the answer's createdDate is in epoch milliseconds", {
    answer: answered('CreateTxPushTestTransaction', (b) => ({ ...b, createdDate: b.createdDate * 1000 })),
    ...provider,
  }),
  fault('fd-txpush-test-transaction-answer-sequence-id', {
    rule: 'FD-TXPUSH-TEST-TRANSACTION: the 201 names the internal sequence number the transaction id was made from, not the id GetCustomerTransaction reads (provider 1.35.0 CreatedTestTxPushTransaction.id)',
    answer: answered('CreateTxPushTestTransaction', (b) => ({ ...b, id: (b.id - 1) / 10 })),
    ...provider,
    ...blind('blind-txpush-test-answer-sequence-id'),
  }),
  fault('fd-txpush-test-transaction-date-now', {
    rule: 'FD-TXPUSH-TEST-TRANSACTION, FD-TXPUSH-EVENT-CONTENT: the injected transaction is dated at the time of injection (read back and delivered), not with the transactionDate sent',
    state: changed('test', (c, x) => {
      const transaction = { ...c.transaction, transactionDate: x.nowS };
      return { ...c, transaction, stored: c.stored && transaction };
    }),
    ...provider,
    ...blind('blind-txpush-test-transaction-date-now'),
  }),
  fault('fd-txn-injected-echo-txpush-amount-stored-whole', {
    rule: 'FD-TXN-INJECTED-ECHO: the stored copy of a test transaction keeps the amount rounded to whole dollars (the delivery keeps the cents)',
    state: changed('test', (c) => ({ ...c, stored: c.stored && { ...c.stored, amount: Math.round(c.stored.amount) } })),
  }),
  fault('fd-txn-date-seconds-txpush-posted-date-ms', {
    rule: 'FD-TXN-DATE-SECONDS, FD-DATE-UNIT, FD-TXPUSH-TEST-TRANSACTION: a test transaction sent without postedDate is stored and read back with postedDate in epoch milliseconds',
    state: changed('test', (c, x) => {
      if (x.input.body.postedDate !== undefined) return c;
      const transaction = { ...c.transaction, postedDate: x.nowS * 1000 };
      return { ...c, transaction, stored: c.stored && transaction };
    }),
    ...provider,
  }),
  seeded(
    fault('fd-obj-read-only-txpush-created-date-from-body', {
      rule: "FD-OBJ-READ-ONLY: CreateTxPushTestTransaction keeps the createdDate a body sends as the transaction's, instead of its own time",
      state: changed('test', (c, x) => {
        if (typeof x.input.body.createdDate !== 'number') return c;
        const transaction = { ...c.transaction, createdDate: x.input.body.createdDate };
        return { ...c, transaction, stored: c.stored && transaction };
      }),
      ...provider,
    }),
  ),

  // --- The running balance (seed 002, Events: the balance changes with each test transaction)
  seeded(
    fault('fd-txpush-running-balance-pending-debit-credited', {
      rule: 'FD-TXPUSH-RUNNING-BALANCE: a pending debit test transaction raises the balance by its size instead of lowering it; an active one, or a pending credit, moves it right',
      state: changed('test', (c) => (c.transaction.status === 'pending' && c.moved < 0 ? { ...c, moved: -c.moved } : c)),
    }),
  ),
  seeded(
    fault('fd-txpush-running-balance-not-running', {
      rule: "FD-TXPUSH-RUNNING-BALANCE: the stored balance is the one before the account's first test transaction plus the last amount, so a second test transaction loses the first",
      state: changed('test', (c, x, m) => {
        const firsts = seen<string, number>(m, 'firsts');
        if (!firsts.has(x.account!.id)) firsts.set(x.account!.id, c.from);
        return { ...c, from: firsts.get(x.account!.id)! };
      }),
    }),
  ),
  fault('fd-txpush-running-balance-credit-event-truncated', {
    rule: 'FD-TXPUSH-RUNNING-BALANCE: after a credit the account event writes the balance truncated to whole dollars',
    delivery: accountBalance(
      (x) => Math.trunc(x.account!.balance),
      (x) => x.t!.amount > 0,
    ),
  }),

  // --- The events of a test transaction (seed 002, Events; reference, Outbound deliveries)
  seeded(
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
    }),
  ),
  fault('fd-txpush-test-events-no-account-event', {
    rule: 'FD-TXPUSH-TEST-EVENTS: the test transaction delivers the transaction event alone, no account event',
    delivery: (x, d) => (d.sub?.type === 'account' && x.op === 'CreateTxPushTestTransaction' ? undefined : d),
  }),
  fault('fd-txpush-test-events-transaction-twice', 'FD-TXPUSH-TEST-EVENTS: the transaction event is delivered twice', {
    delivery: delivered((d) => ({ ...d, to: [...d.to, ...d.to] }), 'transaction'),
  }),
  fault('fd-txpush-test-events-subscription-id-missing', {
    rule: 'FD-TXPUSH-TEST-EVENTS, FD-TXPUSH-EVENT-CONTENT: a delivery does not name its subscription',
    delivery: delivered((d) => {
      delete d.body.subscriptionId;
    }),
    ...assumption,
  }),
  fault('fd-txpush-test-events-name-first-subscription', {
    rule: "FD-TXPUSH-TEST-EVENTS, FD-TXPUSH-SIGNED: every delivery names the account's first listening record, so the account event names the transaction-class record and is signed under another key than the one of the record it names",
    delivery: delivered((d, x) => void (d.body.subscriptionId = x.listeners![0].id)),
    ...blind('blind-txpush-events-name-first-subscription'),
  }),
  modelFault(
    fault('fd-txpush-test-events-to-latest-url', {
      rule: "FD-TXPUSH-TEST-EVENTS: every record of an account delivers to the listener URL of the account's latest subscribe call, not to the one of the call that made it",
      delivery: calling((to, d, x) => ofAccount(x, d.sub!.accountId).sort(byId).at(-1)?.callbackUrl ?? to),
    }),
  ),
  fault('fd-txpush-event-content-transaction-labelled-account', {
    rule: 'FD-TXPUSH-EVENT-CONTENT, FD-TXPUSH-TEST-EVENTS: the transaction event is labelled with class account',
    delivery: delivered((d) => void (d.body.class = 'account'), 'transaction'),
  }),
  seeded(
    fault('fd-txpush-test-events-pending-announced-active', {
      rule: 'FD-TXPUSH-TEST-EVENTS-PENDING: a pending test transaction delivers its two events, the transaction event saying active instead of the status sent',
      delivery: transactionEvent((t) => void (t.status === 'pending' && (t.status = 'active'))),
      ...provider,
    }),
  ),

  // --- What an event carries (reference, Outbound deliveries; provider 1.35.0 TxPushTransactionEvent, TxPushAccountEvent)
  fault('fd-txpush-event-content-amount-unsigned', 'FD-TXPUSH-EVENT-CONTENT: the transaction event carries the amount without its sign', {
    delivery: transactionEvent((t) => void (t.amount = Math.abs(t.amount))),
    ...assumption,
  }),
  fault('fd-txpush-event-content-old-balance', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the account event carries the balance before the transaction, not the new one',
    delivery: accountBalance((x) => x.oldBalance!),
    ...assumption,
  }),
  fault('fd-txpush-event-content-available-balance', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the account event carries the available balance, not the balance GetCustomerAccount then reads',
    delivery: accountBalance((x) => x.account!.availableBalance),
    ...assumption,
    ...blind('blind-txpush-account-event-available-balance'),
  }),
  fault('fd-txpush-event-content-transaction-date-ms', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the transaction event alone gives transactionDate in epoch milliseconds',
    delivery: transactionEvent((t) => void (t.transactionDate !== undefined && (t.transactionDate *= 1000))),
    ...provider,
  }),
  fault('fd-txpush-event-content-description-trimmed', {
    rule: 'FD-TXPUSH-EVENT-CONTENT: the transaction event trims the description and collapses its inner spaces (GetCustomerTransaction keeps it)',
    delivery: transactionEvent(
      (t) => void (typeof t.description === 'string' && (t.description = t.description.trim().replace(/\s+/g, ' '))),
    ),
    ...assumption,
  }),
  fault('fd-txpush-event-content-change-old-is-new', {
    rule: "FD-TXPUSH-EVENT-CONTENT: the account event's change gives the new balance as the old one too",
    delivery: delivered((d) => void (d.body.changes[0].old = d.body.changes[0].new), 'account'),
  }),
  fault('fd-txpush-event-content-amount-string', 'FD-TXPUSH-EVENT-CONTENT: the transaction event writes the amount as a decimal string', {
    delivery: transactionEvent((t) => void (typeof t.amount === 'number' && (t.amount = t.amount.toFixed(2)))),
    ...assumption,
  }),
  fault('fd-txpush-event-content-first-account', {
    rule: "FD-TXPUSH-EVENT-CONTENT, FD-PROP-DELIVERY-NAMES: the transaction event names the customer's first account, not the one posted to",
    delivery: transactionEvent((_t, x, body) => {
      body.accountId = Number(linkedData(x.world, x.account!.customerId).accounts[0]?.id ?? x.account!.id);
    }),
    ...assumption,
    ...was('i28-fd-txpush-transaction-event-first-account'),
  }),

  // --- Signatures (reference, Outbound deliveries; provider 1.35.0 SubscriptionRecord.signingKey)
  fault('fd-txpush-signed-wrong-key', "FD-TXPUSH-SIGNED: deliveries are signed with another key than the subscription's signingKey", {
    delivery: delivered((d) => ({ ...d, key: `${d.key}x` })),
    ...assumption,
  }),
  fault('fd-txpush-signed-base64', 'FD-TXPUSH-SIGNED: X-TxPush-Signature is the base64 of the HMAC-SHA256 of the body, not its hex', {
    delivery: delivered((d) => ({
      ...d,
      headers: { ...d.headers, [TXPUSH_SIGNATURE_HEADER]: signature(d.key, JSON.stringify(d.body), 'base64') },
    })),
    ...assumption,
    ...blind('blind-txpush-signature-base64'),
  }),
  fault('fd-txpush-signed-over-sorted-keys', {
    rule: 'FD-TXPUSH-SIGNED: the signature is computed over the payload with its keys sorted, while the body is sent in its own order',
    delivery: signedOver(sortedKeys),
    ...assumption,
  }),
  fault('fd-txpush-signed-non-ascii-escaped', {
    rule: 'FD-TXPUSH-SIGNED: a body holding non-ASCII characters is signed over its \\u-escaped rendering, not the UTF-8 bytes sent',
    delivery: signedOver((body) =>
      JSON.stringify(body).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ),
    ...assumption,
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
  fault('fd-txpush-no-subscription-customer-wide', {
    rule: "FD-TXPUSH-NO-SUBSCRIPTION, FD-TXPUSH-TEST-EVENTS: a test transaction delivers to every subscription of the customer, another account's listener too",
    state: changed('test', (c, x) => ({
      ...c,
      listeners: [...x.world.txpush.subscriptions.group('customer', x.account!.customerId).values()].sort((a, b) =>
        a.type === b.type ? a.id - b.id : a.type === 'transaction' ? -1 : 1,
      ),
    })),
    ...blind('blind-txpush-subscriptions-by-customer'),
  }),

  // --- Disabling an account (seed 002, Events: all its subscriptions deleted)
  fault('fd-txpush-disable-noop', "FD-TXPUSH-DISABLE: disabling deletes none of the account's subscriptions", {
    state: changed('disable', (c) => ({ ...c, removed: [] })),
  }),
  fault('fd-txpush-disable-soft-delete', {
    rule: 'FD-TXPUSH-DISABLE: disabling keeps the records as "disabled": events stop, but each former id is still a 204 on DeleteTxPushSubscription, not a 404',
    state: (x, c) => {
      if (c.op === 'test') return withoutSilenced(x, c, {});
      if (c.op !== 'disable') return c;
      for (const s of c.removed) x.world.faultMemory.disabledSubscriptions.add(s.id);
      return { ...c, removed: [] };
    },
    ...blind('blind-txpush-disable-soft-delete'),
  }),
  modelFault(
    fault('fd-txpush-disable-first-call-only', {
      rule: "FD-TXPUSH-DISABLE: disabling deletes the records of the account's first subscribe call only",
      state: changed('disable', (c) => ({ ...c, removed: [...c.removed].sort(byId).slice(0, 2) })),
    }),
  ),
  fault('fd-obj-other-parent-txpush-disable', {
    rule: "FD-OBJ-OTHER-PARENT, FD-TXPUSH-DISABLE: the disable finds the account by its id among the partner's accounts, so it switches off another customer's subscriptions",
    judge: (x, s, r, m) => (x.op === 'DisableTxPushNotifications' ? strayAccount(x, s, r, m) : r),
    ...provider,
  }),
  fault('fd-txpush-disable-ids-still-deletable', {
    rule: 'FD-TXPUSH-DISABLE: after DisableTxPushNotifications the former ids are still answered 204 on DeleteTxPushSubscription',
    state: changed('disable', (c, _x, m) => {
      for (const s of c.removed) seen<number, true>(m, 'ids').set(s.id, true);
    }),
    answer: unknownDeleted((x, m) => seen(m, 'ids').has(Number(x.input.path.subscriptionId))),
  }),
  fault('fd-txpush-disable-other-accounts-too', {
    rule: 'FD-TXPUSH-DISABLE, FD-OBJ-OTHER-PARENT, FD-PROP-WRITE-SCOPE: disabling one account also deletes the subscriptions of every other account of its customer',
    state: changed('disable', (c, x) => ({
      ...c,
      removed: [...x.world.txpush.subscriptions.group('customer', x.account!.customerId).values()],
    })),
    ...was('i28-fd-txpush-disable-other-accounts-too'),
  }),

  // --- Deleting one subscription (seed 002, Events: only that subscription's events stop)
  fault('fd-txpush-delete-one-ignored', 'FD-TXPUSH-DELETE-ONE: deleting a subscription answers 204 and keeps it, its events go on', {
    state: changed('delete', (c) => ({ ...c, removed: [] })),
  }),
  fault('fd-txpush-delete-one-deletes-account', 'FD-TXPUSH-DELETE-ONE: deleting one subscription deletes every record of its account', {
    state: changed('delete', (c, x) => ({ ...c, removed: ofAccount(x, x.sub!.accountId) })),
    ...was('txpush-delete-one-deletes-account'),
  }),
  fault('fd-txpush-delete-one-account-event-needs-transaction-record', {
    rule: 'FD-TXPUSH-DELETE-ONE: after the transaction-class record is deleted the account-class one no longer delivers the account event; events are gated on a transaction-class record',
    state: changed('test', (c) => (c.listeners.some((s) => s.type === 'transaction') ? c : { ...c, listeners: [] })),
    ...blind('blind-txpush-account-event-needs-transaction-subscription'),
  }),
  fault('fd-txpush-delete-one-account-class-silences-all', {
    rule: 'FD-TXPUSH-DELETE-ONE, FD-PROP-WRITE-SCOPE: deleting the account-class subscription also stops the transaction event',
    state: (x, c) => {
      if (c.op === 'test') return withoutSilenced(x, c, {});
      if (c.op === 'delete' && x.sub?.type === 'account')
        for (const s of ofAccount(x, x.sub.accountId)) x.world.faultMemory.disabledSubscriptions.add(s.id);
      return c;
    },
    ...was('i11-txpush-delete-account-class-silences-all'),
  }),
  fault('fd-txpush-delete-one-answers-200', {
    rule: 'FD-TXPUSH-DELETE-ONE, FD-PROP-ERROR-STATUS: deleting one subscription answers 200 with the id removed, not 204',
    answer: (x, a) => (x.op === 'DeleteTxPushSubscription' && a.status === 204 ? { status: 200, body: { id: x.sub!.id } } : a),
  }),
  fault('fd-txpush-delete-unknown-204', 'FD-TXPUSH-DELETE-UNKNOWN: an unknown subscription id is answered 204, not 404', {
    answer: unknownDeleted(always),
  }),
  fault('fd-txpush-delete-unknown-other-customer-deleted', {
    rule: "FD-TXPUSH-DELETE-UNKNOWN: another customer's subscription is deleted through this customer's path, not refused 404",
    judge: skip(
      'subscription',
      (x) => x.found !== undefined,
      (x) => (x.sub = x.found),
    ),
  }),
  fault('fd-txpush-delete-unknown-again-204', {
    rule: 'FD-TXPUSH-DELETE-UNKNOWN: deleting a subscription already deleted is an idempotent 204, not a 404',
    state: changed('delete', (c, x) => {
      for (const s of c.removed) x.world.faultMemory.deletedSubscriptions.set(s.id, x.customer!.id);
    }),
    answer: unknownDeleted((x) => x.world.faultMemory.deletedSubscriptions.get(Number(x.input.path.subscriptionId)) === x.customer?.id),
    ...blind('blind-txpush-delete-again-204'),
  }),
  fault('fd-txpush-delete-unknown-foreign-removed', {
    rule: 'FD-TXPUSH-DELETE-UNKNOWN, FD-PROP-REFUSED-NO-TRACE: the subscription of another customer of the partner is removed before the ownership check answers 404',
    judge: writtenThenRefused(
      'subscription',
      (x) => x.found !== undefined,
      (x) => x.world.txpush.subscriptions.delete(x.found!.id),
    ),
  }),

  // --- Where the deliveries go and what they show (reference, Outbound deliveries)
  seeded(
    fault('fd-delivery-url-txpush-customer-latest', {
      rule: "FD-DELIVERY-URL: an account's events go to the callback URL the customer registered last, for any of its accounts, not to that account's own",
      delivery: calling(
        (to, d, x) =>
          [...x.world.txpush.subscriptions.values()]
            .filter((s) => s.customerId === d.sub!.customerId)
            .sort(byId)
            .at(-1)?.callbackUrl ?? to,
      ),
    }),
  ),
  seeded(
    fault('fd-delivery-url-txpush-query-dropped', 'FD-DELIVERY-URL: the events go to the callback URL without its query string', {
      delivery: calling((to) => to.split('?')[0]),
    }),
  ),
  fault('fd-delivery-url-txpush-reserialised', {
    rule: 'FD-DELIVERY-URL: the events go to the callback URL as a URL parser writes it again (a default port dropped), not byte for byte',
    delivery: calling((to) => new URL(to).toString()),
    ...assumption,
  }),
  seeded(
    fault('fd-delivery-sensitive-txpush-account-number-member', {
      rule: 'FD-DELIVERY-SENSITIVE: the account event also names the account by its number in clear, in a member no schema declares',
      delivery: delivered((d, x) => void (d.body.account.ref = `acct ${x.account!.number}`), 'account'),
    }),
  ),
  fault('fd-delivery-sensitive-txpush-account-number-header', {
    rule: "FD-DELIVERY-SENSITIVE: the account-class deliveries carry an X-Account-Reference header holding the account's full number",
    delivery: delivered((d, x) => ({ ...d, headers: { ...d.headers, 'X-Account-Reference': x.account!.number ?? '' } }), 'account'),
    ...assumption,
  }),
  fault('fd-delivery-media-type-txpush-account-text-plain', {
    rule: 'FD-DELIVERY-MEDIA-TYPE: the account-class deliveries declare their JSON body as text/plain',
    delivery: delivered((d) => ({ ...d, headers: { ...d.headers, 'content-type': 'text/plain' } }), 'account'),
    ...assumption,
  }),
]);
