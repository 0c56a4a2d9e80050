// Faults of TxPush (switched in txpush.ts): each breaks one rule of schemas/financial-
// data/rules/txpush.yaml, the way a provider's release might. `rules` names the rule ids it breaks
// (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's authors
// first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind, independent, modelFault, seeded, type FaultSeams } from '../kit/faults.js';
import type { TxPushSeams } from './state.js';

export const TXPUSH_FAULTS = faultCatalogue([
  // Beside the port check in every scheme (txpush.subscriptions.spec.ts): the port judged for https listeners only.
  seeded({
    id: 'seeded-txpush-port-judged-for-https-only',
    rule: "FD-TXPUSH-PORTS: a listener URL's port is judged only when its scheme is https: an http listener on any port is accepted",
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
    seams: {
      judge: (x, step, refusal) => (step === 'listener-port' && x.url.protocol === 'http:' ? undefined : refusal),
    } satisfies FaultSeams<TxPushSeams>,
  }),
  // Seeded beside the fixed sequence of txpush.sequence.spec.ts (the running balance for every status and sign).
  seeded({
    id: 'seeded-txpush-pending-debit-balance-credited',
    rule: 'FD-TXPUSH-RUNNING-BALANCE: a pending debit test transaction raises the balance by its size instead of lowering it; an active one, or a pending credit, moves it right',
    source: 'seed',
    rules: ['FD-TXPUSH-RUNNING-BALANCE'],
  }),
  // Seeded beside the check of the HTTPS rule judged by the scheme on every port a URL names (seed 002,
  // Events: the listener URL must be HTTPS for any real account).
  seeded({
    id: 'seeded-txpush-http-written-port-80-accepted-for-active',
    rule: "FD-TXPUSH-HTTPS-REAL: for an active customer's account an http listener URL that writes out the HTTP listener port is accepted (the HTTPS rule skipped for that written port)",
    source: 'seed',
    rules: ['FD-TXPUSH-HTTPS-REAL'],
  }),
  // Seeded beside the writers' own answers of security.read-only.spec.ts (response-only members in the body).
  seeded({
    id: 'seeded-txpush-test-transaction-created-date-from-body',
    rule: "FD-OBJ-READ-ONLY: CreateTxPushTestTransaction keeps the createdDate a body sends as the transaction's, instead of its own time",
    source: 'provider',
    rules: ['FD-OBJ-READ-ONLY'],
  }),
  // Seeded beside the count of an account's events over its reads (transactions.injected-echo.spec.ts; origin 'seeded').
  seeded({
    id: 'txpush-subscribe-sends-account-event',
    rule: 'FD-TXPUSH-TEST-EVENTS: the listener hears of a change only: subscribing delivers nothing',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  }),
  // Seeded beside the sequence of test transactions compared with the model (txpush.sequence.spec.ts; origin 'seeded').
  seeded({
    id: 'txpush-test-balance-not-running',
    rule: "FD-TXPUSH-RUNNING-BALANCE: after a second test transaction GetCustomerAccount reads the balance before the first plus both amounts; the stored balance is the one before the account's first test transaction plus the last amount",
    source: 'seed',
    rules: ['FD-TXPUSH-RUNNING-BALANCE'],
  }),
  // Outbound deliveries (kit/faults.ts, seeded): where the events go and what they carry.
  seeded({
    id: 'txpush-customer-latest-url',
    rule: "FD-DELIVERY-URL: an account's events go to the callback URL the customer registered last, for any of its accounts, not to that account's own",
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  seeded({
    id: 'txpush-callback-query-dropped',
    rule: 'FD-DELIVERY-URL: the events go to the callback URL of the subscription records as registered, query string included',
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  seeded({
    id: 'txpush-account-event-number-clear',
    rule: 'FD-DELIVERY-SENSITIVE: the account event carries no account number in clear, in any member (here one no schema declares)',
    source: 'seed',
    rules: ['FD-DELIVERY-SENSITIVE'],
  }),
  // Subscriptions (seed 002, Resources and Events: two records per subscribe call).
  {
    id: 'txpush-one-record',
    rule: 'FD-TXPUSH-SUBSCRIBE: a subscribe call yields an account and a transaction record (not the account one alone)',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  },
  {
    id: 'txpush-records-same-class',
    rule: 'FD-TXPUSH-SUBSCRIBE: the two records are of class account and transaction (not twice account)',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  },
  {
    id: 'txpush-record-url-trimmed',
    rule: 'FD-TXPUSH-SUBSCRIBE: both records carry the callback URL sent',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  },
  // Listener URL (seed 002, Events and Limits).
  {
    id: 'txpush-http-accepted-for-active',
    rule: "FD-TXPUSH-HTTPS-REAL: an http listener URL for an active customer's account is a 400",
    source: 'seed',
    rules: ['FD-TXPUSH-HTTPS-REAL'],
  },
  {
    id: 'txpush-active-account-refused',
    rule: "FD-TXPUSH-HTTPS-REAL: an https listener URL for an active customer's account is accepted",
    source: 'seed',
    rules: ['FD-TXPUSH-HTTPS-REAL'],
  },
  {
    id: 'txpush-any-port-accepted',
    rule: 'FD-TXPUSH-PORTS: a listener URL on port 8443 is a 400',
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
  },
  {
    id: 'txpush-port-80-refused',
    rule: 'FD-TXPUSH-PORTS: an http listener URL on the HTTP port of listenerPorts is accepted',
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
  },
  {
    id: 'txpush-explicit-port-refused',
    rule: 'FD-TXPUSH-PORTS: a listener URL naming a port of listenerPorts explicitly is accepted',
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
  },
  // The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction).
  {
    id: 'txpush-test-on-active-accepted',
    rule: "FD-TXPUSH-TESTING-ONLY: a test transaction on an active customer's account is a 400",
    source: 'seed',
    rules: ['FD-TXPUSH-TESTING-ONLY'],
  },
  {
    id: 'txpush-test-transaction-not-stored',
    rule: 'FD-TXPUSH-TEST-TRANSACTION: the injected transaction reads back through GetCustomerTransaction',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-TRANSACTION'],
  },
  {
    id: 'txpush-test-created-date-ms',
    rule: 'FD-TXPUSH-TEST-TRANSACTION: createdDate is epoch seconds on the target clock (not milliseconds)',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-TRANSACTION'],
  },
  {
    id: 'txpush-test-no-account-event',
    rule: 'FD-TXPUSH-TEST-EVENTS: the test transaction also delivers the account event (balance changed)',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  },
  {
    id: 'txpush-transaction-event-twice',
    rule: 'FD-TXPUSH-TEST-EVENTS: one transaction event, not two',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  },
  {
    id: 'txpush-event-subscription-id-missing',
    rule: 'FD-TXPUSH-TEST-EVENTS: each delivery names its subscription (reference, Outbound deliveries)',
    source: 'assumption',
    rules: ['FD-TXPUSH-TEST-EVENTS', 'FD-TXPUSH-EVENT-CONTENT'],
  },
  {
    id: 'txpush-event-amount-unsigned',
    rule: 'FD-TXPUSH-EVENT-CONTENT: the transaction event carries the amount of the test transaction',
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  },
  {
    id: 'txpush-account-event-old-balance',
    rule: 'FD-TXPUSH-EVENT-CONTENT: the account event carries the new balance',
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  },
  {
    id: 'txpush-signature-wrong-key',
    rule: "FD-TXPUSH-SIGNED: deliveries are signed with the subscription's signingKey",
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  },
  {
    id: 'txpush-delivers-without-subscription',
    rule: 'FD-TXPUSH-NO-SUBSCRIPTION: an account without a subscription gets no delivery',
    source: 'seed',
    rules: ['FD-TXPUSH-NO-SUBSCRIPTION'],
  },
  // Ending subscriptions (seed 002, Events).
  {
    id: 'txpush-disable-noop',
    rule: "FD-TXPUSH-DISABLE: disabling deletes the account's subscriptions",
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE'],
  },
  {
    id: 'txpush-disable-keeps-transaction-class',
    rule: 'FD-TXPUSH-DISABLE: disabling deletes all the subscriptions (the transaction-class one too)',
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE'],
  },
  {
    id: 'txpush-delete-ignored',
    rule: 'FD-TXPUSH-DELETE-ONE: deleting a subscription stops its events',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  },
  {
    id: 'txpush-delete-one-deletes-account',
    rule: "FD-TXPUSH-DELETE-ONE: deleting one subscription stops only that subscription's events",
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  },
  {
    id: 'txpush-delete-unknown-204',
    rule: 'FD-TXPUSH-DELETE-UNKNOWN: an unknown subscription id is a 404',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-UNKNOWN'],
  },
  {
    id: 'txpush-delete-other-customer',
    rule: "FD-TXPUSH-DELETE-UNKNOWN: another customer's subscription id is a 404",
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-UNKNOWN'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Subscriptions (seed 002, Resources - TxPush subscription; Events; provider 1.35.0 SubscriptionRecord).
  blind({
    id: 'blind-txpush-record-account-id-is-customer',
    rule: 'the two records of a subscribe call name the account subscribed, not the customer, in accountId (seed 002, Resources and Events; provider 1.35.0 SubscriptionRecord.accountId)',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  }),
  // Listener URL (seed 002, Events and Limits: HTTPS for any real account; ports 80 and 443 only; the refusal is the seed's 400).
  blind({
    id: 'blind-txpush-https-refusal-403',
    rule: "an http listener URL for an active customer's account is refused with 400 (the seed's bad request), not 403, which the subscribe operation does not list (seed 002, TxPush errors 400, 401, 404; Events)",
    source: 'seed',
    rules: ['FD-TXPUSH-HTTPS-REAL'],
  }),
  blind({
    id: 'blind-txpush-https-required-for-testing',
    rule: "HTTPS is demanded for real accounts only: an http listener on the HTTP port for a testing customer's account is accepted (201), not refused as if every account were real (seed 002, Events: HTTPS for any real account; Limits: listener ports)",
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
  }),
  blind({
    id: 'blind-txpush-port-8443-accepted',
    rule: 'only the ports of listenerPorts are allowed: 8443, the "alternative HTTPS port", is a 400, not accepted (seed 002, Events: other ports make the call fail; Limits)',
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS'],
  }),
  // The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction).
  blind({
    id: 'blind-txpush-test-on-active-404',
    rule: "a test transaction on an active customer's (existing) account is a 400, not a 404 as if the account were hidden (seed 002, Events: testing accounts only; Errors 400, 404 is not found)",
    source: 'seed',
    rules: ['FD-TXPUSH-TESTING-ONLY'],
  }),
  blind({
    id: 'blind-txpush-test-answer-sequence-id',
    rule: 'the 201 names the id of the injected transaction (the one GetCustomerTransaction reads), not the internal sequence number it was made from (provider 1.35.0 CreatedTestTxPushTransaction.id)',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-TRANSACTION'],
  }),
  blind({
    id: 'blind-txpush-test-transaction-date-now',
    rule: 'the injected transaction keeps the transactionDate sent (read back and delivered), not the time of injection (provider 1.35.0 TestTxPushTransaction.transactionDate; reference, Outbound deliveries)',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-TRANSACTION', 'FD-TXPUSH-EVENT-CONTENT'],
  }),
  // Deliveries (seed 002, Events; reference, Outbound deliveries).
  blind({
    id: 'blind-txpush-events-name-first-subscription',
    rule: "each delivery names its own subscription: the account event names the account-class record, not the account's first (transaction-class) record, so it is also signed under a key other than the one of the subscription it names (seed 002, Events; reference, Outbound deliveries)",
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS', 'FD-TXPUSH-SIGNED'],
  }),
  blind({
    id: 'blind-txpush-account-event-available-balance',
    rule: 'the account event carries the balance GetCustomerAccount then reads, not the available balance (seed 002, Events: account event, balance changed; reference, Outbound deliveries)',
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  blind({
    id: 'blind-txpush-signature-base64',
    rule: 'X-TxPush-Signature is the hex HMAC-SHA256 of the body, not its base64 (reference, Outbound deliveries: signed as the subscription record suggests; this contract: hex)',
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  blind({
    id: 'blind-txpush-subscriptions-by-customer',
    rule: "a test transaction delivers to the subscriptions of its own account only, not to every subscription of the customer (another account's listener gets nothing) (seed 002, Events: subscribing an account yields its records)",
    source: 'seed',
    rules: ['FD-TXPUSH-NO-SUBSCRIPTION', 'FD-TXPUSH-TEST-EVENTS'],
  }),
  // Ending subscriptions (seed 002, Events; Errors 404).
  blind({
    id: 'blind-txpush-disable-soft-delete',
    rule: 'disabling deletes the account\'s subscriptions: events stop and each former id is then a 404 on DeleteTxPushSubscription, not a 204 on a record kept as "disabled" (seed 002, Events: disabling TxPush for an account deletes all its subscriptions)',
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE'],
  }),
  blind({
    id: 'blind-txpush-account-event-needs-transaction-subscription',
    rule: "after the transaction-class record is deleted the account-class one still delivers the account event of a test transaction; events are not gated on a transaction-class record (seed 002, Events: deleting one subscription stops only that subscription's events)",
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  }),
  blind({
    id: 'blind-txpush-delete-again-204',
    rule: 'deleting a subscription already deleted is a 404, not an idempotent 204 (seed 002, Errors 404; DeleteTxPushSubscription 204, 404)',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-UNKNOWN'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-txpush-disable-first-call-only',
    rule: 'disabling TxPush for an account deletes all its subscriptions, those of every subscribe call (seed Events)',
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE'],
  }),
  modelFault({
    id: 'model-txpush-events-to-latest-url',
    rule: "each subscription's events go to the listener URL of the call that made it (seed 002, Events; provider SubscriptionRecord.callbackUrl): every subscription of an account delivers to the URL of the account's latest subscribe call",
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-txpush-signature-over-sorted-keys',
    rule: 'each delivery is signed over the bytes it carries (reference, Outbound deliveries; provider SubscriptionRecord.signingKey): the signature is computed over the payload with its keys sorted, while the body is sent in its own order',
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-2', {
    id: 'i2-txpush-transaction-amount-whole-dollars',
    rule: 'the transaction event carries the amount of the transaction (reference, Outbound deliveries; seed 002, Events): rounded to whole dollars in the delivery (the transaction itself keeps the cents)',
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-txpush-account-event-signed-with-transaction-key',
    rule: "each delivery is signed with the signingKey of the subscription it names (provider 1.35.0, TxPush: X-TxPush-Signature): the account-class event is signed with the signingKey of the account's transaction-class subscription",
    source: 'provider',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-3', {
    id: 'i3-txpush-transaction-date-ms',
    rule: 'the transaction event carries the transaction date of the test transaction, in epoch seconds like every date of the service (provider 1.35.0, TxPushTransactionEvent): the event gives transactionDate in milliseconds (postedDate and createdDate stay in seconds)',
    source: 'provider',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-txpush-event-description-trimmed',
    rule: "the transaction event carries the transaction's description as stored (seed 002, Events; reference Outbound deliveries): the delivery trims it and collapses its inner spaces (GetCustomerTransaction keeps it)",
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-4', {
    id: 'i4-txpush-test-transaction-date-day-start',
    rule: 'GetCustomerTransaction reads a test transaction with the transaction date sent (provider CreateTxPushTestTransaction): the stored transactionDate is cut to midnight UTC of its day (the delivery keeps the exact second)',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-TRANSACTION'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-txpush-account-event-balance-sign-flipped',
    rule: 'the account event carries the balance after the transaction (seed 002, Events: balance changed): the event applies the amount with its sign flipped',
    source: 'seed',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-5', {
    id: 'i5-txpush-delivery-to-first-subscribe-url',
    rule: "each delivery reaches the callback URL of the subscription it names (seed 002, Events): with two subscribe calls on an account, every delivery goes to the first call's URL",
    source: 'seed',
    rules: ['FD-DELIVERY-URL', 'FD-TXPUSH-TEST-EVENTS'],
  }),
  independent('independent-6', {
    id: 'i6-txpush-signature-over-timestamped-body',
    rule: "X-TxPush-Signature is the HMAC-SHA256 of the delivery's body (FD-TXPUSH-SIGNED): it is computed over the sending time, a dot and the body, and no header carries that time",
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-6', {
    id: 'i6-txpush-subscribe-other-customer-account',
    rule: "an account under another customer of the partner is refused (FD-OBJ-OTHER-PARENT): the subscribe call finds the account by its id among the partner's customers and subscribes it",
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-7', {
    id: 'i7-txpush-account-event-change-old-is-new',
    rule: 'the account event names the change of the balance (seed 002, Events: account events when a field value changes): its change gives the new balance as the old one too',
    source: 'seed',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-txpush-pending-no-account-event',
    rule: 'one test transaction delivers exactly two POSTs, one of class transaction and one of class account (seed 002, Events - TxPush): a pending test transaction delivers the transaction event only (the account event is kept for the posting)',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  }),
  independent('independent-8', {
    id: 'i8-txpush-disable-other-customer-account',
    rule: "an account named under another customer of the same partner is refused (reference FD-OBJ-OTHER-PARENT; provider 1.35.0 DisableTxPushNotifications 404): the disable finds the account by its id among the partner's accounts, so it switches off another customer's subscriptions (subscribe and test refuse it)",
    source: 'provider',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-TXPUSH-DISABLE'],
  }),
  independent('independent-8', {
    id: 'i8-txpush-account-number-in-header',
    rule: "no delivery carries the number of the account it is about in clear, in any member or header (reference FD-DELIVERY-SENSITIVE): the account-class TxPush deliveries carry an X-Account-Reference header holding the account's full number (for the partner's gateway to route on)",
    source: 'assumption',
    rules: ['FD-DELIVERY-SENSITIVE'],
  }),
  // Seeded beside the events of a pending test transaction (txpush.events.spec.ts; origin 'seeded').
  seeded({
    id: 'txpush-pending-event-status-active',
    rule: 'a pending test transaction delivers its two events like a posted one, the transaction event carrying the status sent (FD-TXPUSH-TEST-EVENTS-PENDING): the event says active',
    source: 'provider',
    rules: ['FD-TXPUSH-TEST-EVENTS-PENDING'],
  }),
  independent('independent-9', {
    id: 'i9-txpush-callback-url-lowercased',
    rule: 'a subscribe call answers the callback URL sent and deliveries reach it (seed 002 TxPush; FD-TXPUSH-SUBSCRIBE, FD-DELIVERY-URL): the subscription records store the callback URL lower-cased (path and query too), so the answer and every delivery use another URL',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE', 'FD-DELIVERY-URL'],
  }),
  independent('independent-10', {
    id: 'i10-txpush-account-event-signed-over-indented-json',
    rule: 'each delivery carries X-TxPush-Signature, the HMAC-SHA256 of its body under the signing key of the subscription it names (reference; FD-TXPUSH-SIGNED): the account event is signed over an indented rendering of its JSON, not over the bytes delivered; the transaction event stays right',
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-10', {
    id: 'i10-txpush-record-callback-url-normalised',
    rule: 'a subscribe call answers the callback URL sent (seed 002 Events, TxPush; FD-TXPUSH-SUBSCRIBE): the records answer the URL as a URL parser rewrites it (the default port :443 dropped, the host lower-cased), not byte for byte',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  }),
  independent('independent-10', {
    id: 'i10-txpush-deleted-subscription-still-delivered',
    rule: 'after deleting the transaction-class subscription a test transaction delivers the account event and not the transaction event (seed 002 Events, TxPush; FD-TXPUSH-DELETE-ONE): the delete answers 204 and a second delete 404, but the subscription is still delivered to',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  }),
  independent('independent-11', {
    id: 'i11-txpush-account-event-balance-not-cumulative',
    rule: "the account event carries the account's balance after the transaction, as GetCustomerAccount reads it (seed 002, Events TxPush; provider TxPushAccountEvent): the balance is the one before the account's first test transaction plus this amount, so a second transaction loses the first",
    source: 'seed',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-11', {
    id: 'i11-txpush-delete-account-class-silences-all',
    rule: 'deleting one subscription of the pair stops only its own class of event (seed 002, Events TxPush; provider DeleteTxPushSubscription): deleting the account-class subscription also stops the transaction event',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  }),
  independent('independent-11', {
    id: 'i11-txpush-signature-hex-uppercased',
    rule: 'each delivery carries X-TxPush-Signature, the HMAC-SHA256 of its body under the subscription signingKey (reference/financial-data.md, TxPush signing): the hex digest is sent in upper case, so a byte comparison with the computed one fails',
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-12', {
    id: 'i12-txpush-disabled-ids-still-deletable',
    rule: 'disabling TxPush for an account deletes all its subscriptions, each former id then 404 on DeleteTxPushSubscription (seed 002, Events): after DisableTxPushNotifications the former ids are still answered 204',
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE'],
  }),
  independent('independent-12', {
    id: 'i12-txpush-test-amount-stored-whole',
    rule: 'a transaction injected by the TxPush test operation reads back with the amount sent (seed 002, Events: test transaction; provider 1.35.0 Transaction.amount): the stored transaction keeps the amount rounded to whole dollars (the delivery keeps the cents)',
    source: 'seed',
    rules: ['FD-TXN-INJECTED-ECHO'],
  }),
  independent('independent-13', {
    id: 'i13-txpush-debit-account-event-twice',
    rule: 'one test transaction triggers one transaction event and one account event (seed 002, Events: the test-transaction operation): for a debit the account event is delivered twice',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  }),
  independent('independent-13', {
    id: 'i13-txpush-callback-url-reserialised',
    rule: 'every delivery reaches the URL registered, byte for byte (seed 002, Events: listener URL; reference, Outbound deliveries): TxPush events go to the callback URL as a URL parser writes it again, the default port :443 dropped',
    source: 'assumption',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-14', {
    id: 'i14-txpush-http-on-443-accepted-for-active',
    rule: 'the listener URL must be HTTPS for any real account (seed 002, Events): for an active customer an http URL on the HTTPS port is accepted, the rule judged by the port',
    source: 'seed',
    rules: ['FD-TXPUSH-HTTPS-REAL'],
  }),
  independent('independent-15', {
    id: 'i15-txpush-transaction-amount-string',
    rule: 'the transaction event carries the amount of the transaction as sent (reference, Outbound deliveries; provider 1.35.0 TxPushTransactionEvent amount: number): the amount is written as a decimal string',
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-15', {
    id: 'i15-txpush-account-event-text-plain',
    rule: 'every JSON delivery declares content-type application/json (RFC 9110 8.3; seed 002 and provider 1.35.0 give TxPush deliveries as JSON): the account-class deliveries declare text/plain',
    source: 'assumption',
    rules: ['FD-DELIVERY-MEDIA-TYPE'],
  }),
  independent('independent-17', {
    id: 'i17-txpush-pending-test-balance-unchanged',
    rule: 'over test transactions the balance runs: the balance before plus every amount since (seed 002 TxPush; provider CreateTxPushTestTransaction): a pending test transaction leaves the balance unchanged',
    source: 'seed',
    rules: ['FD-TXPUSH-RUNNING-BALANCE'],
  }),
  independent('independent-18', {
    id: 'i18-txpush-transaction-event-signed-with-account-key',
    rule: 'each delivery carries X-TxPush-Signature, the HMAC-SHA256 of its body under the signingKey of the subscription it names (provider 1.35.0 TxPush; seed 002 Events): the transaction event is signed with the key of the account-class subscription',
    source: 'provider',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-18', {
    id: 'i18-txpush-credit-account-event-balance-truncated',
    rule: 'the account event carries the running balance after the transaction, to the cent (seed 002 Events; provider TxPushAccountEvent): after a credit the balance is written truncated to whole dollars',
    source: 'seed',
    rules: ['FD-TXPUSH-RUNNING-BALANCE'],
  }),
  independent('independent-19', {
    id: 'i19-txpush-non-ascii-signed-over-escaped-body',
    rule: "each delivery carries X-TxPush-Signature, the HMAC-SHA256 of its body as sent under the subscription's signingKey (seed 002, Events; provider 1.35.0 TxPush signingKey): a body holding non-ASCII characters is signed over its \\u-escaped rendering, not the UTF-8 bytes sent",
    source: 'assumption',
    rules: ['FD-TXPUSH-SIGNED'],
  }),
  independent('independent-20', {
    id: 'i20-txpush-delete-account-class-other-customer',
    rule: "another customer's subscription id is a 404 on DeleteTxPushSubscription (seed 002 TxPush; provider 1.35.0): an account-class subscription of another customer of the partner is deleted (204) through this customer's path",
    source: 'provider',
    rules: ['FD-TXPUSH-DELETE-UNKNOWN', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-24', {
    id: 'i24-txpush-transaction-record-url-query-dropped',
    rule: 'a subscribe call answers both records with the callback URL sent (seed 002 TxPush): the transaction record answers it without its query string',
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE'],
  }),
  independent('independent-26', {
    id: 'i26-txpush-refused-port-subscribed',
    rule: 'only the listener ports of the contract are allowed, other ports make the call fail, and a refused request leaves no trace (seed 002, Events): a subscription refused 400 for its port is still recorded, and a test transaction is delivered to that URL',
    source: 'seed',
    rules: ['FD-TXPUSH-PORTS', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-27', {
    id: 'i27-txpush-delete-transaction-class-drops-account-class',
    rule: "deleting one subscription stops only that subscription's events (seed 002, Events - TxPush): deleting the transaction-class subscription deletes the account-class one too",
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-txpush-disable-other-accounts-too',
    rule: 'disabling TxPush for an account deletes all its subscriptions (seed 002, Events): it also deletes the subscriptions of every other account of the customer',
    source: 'seed',
    rules: ['FD-TXPUSH-DISABLE', 'FD-OBJ-OTHER-PARENT', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-txpush-transaction-event-first-account',
    rule: "a transaction event names the account the transaction posted to (seed 002, Events; reference, Outbound deliveries: account id): the test transaction event names the customer's first account",
    source: 'assumption',
    rules: ['FD-TXPUSH-EVENT-CONTENT', 'FD-PROP-DELIVERY-NAMES'],
  }),
  independent('independent-29', {
    id: 'i29-fd-txpush-transaction-event-account-class',
    rule: 'each subscription record has its class and its events carry it (seed 002, Events, TxPush): the transaction event is labelled with class account',
    source: 'seed',
    rules: ['FD-TXPUSH-EVENT-CONTENT', 'FD-TXPUSH-TEST-EVENTS'],
  }),
  independent('independent-30', {
    id: 'i30-fd-txpush-test-posted-date-milliseconds',
    rule: 'transaction dates are epoch seconds (reference, Dates; provider 1.35.0 Transaction postedDate): a test transaction sent without postedDate is stored and read back with postedDate in epoch milliseconds',
    source: 'provider',
    rules: ['FD-TXN-DATE-SECONDS', 'FD-DATE-UNIT'],
  }),
  independent('independent-30', {
    id: 'i30-fd-txpush-transaction-event-path-lowercased',
    rule: 'TxPush events are sent to the listener URL the subscription registered (seed 002, Events - TxPush): the transaction-class deliveries call that URL with its path lower-cased',
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-31', {
    id: 'i31-fd-txpush-later-subscription-not-delivered',
    rule: "the test transaction triggers a transaction event and an account event to the account's subscriptions (seed 002, Events; TxPush: each subscribe call yields an account-class and a transaction-class record): of an account subscribed twice, only the first record of each class is delivered to",
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS', 'FD-TXPUSH-SUBSCRIBE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-txpush-test-refused-still-stored',
    rule: "the test-transaction operation is for testing accounts only (seed 002, Events; TxPush): the call on a real account is refused, yet the transaction is stored and shows in that account's transactions",
    source: 'seed',
    rules: ['FD-TXPUSH-TESTING-ONLY', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-txpush-debit-balance-added',
    rule: "the test transaction's account event reports the balance it changed (seed 002, Events; reference, Outbound deliveries): a posted debit is added to the balance as if it were a credit, in the event and in later reads",
    source: 'seed',
    rules: ['FD-TXPUSH-RUNNING-BALANCE', 'FD-TXPUSH-EVENT-CONTENT'],
  }),
  independent('independent-33', {
    id: 'i33-fd-txpush-transaction-record-answers-account-id',
    rule: "each subscribe call yields an account-class and a transaction-class record (seed 002, Resources; Events, TxPush): the transaction-class record is answered with the account-class record's id",
    source: 'seed',
    rules: ['FD-TXPUSH-SUBSCRIBE', 'FD-PROP-ID-NAMES-ONE'],
  }),
  independent('independent-34', {
    id: 'i34-fd-txpush-url-trailing-slash',
    rule: 'TxPush events go to the callback URL the subscription gave (seed 002, TxPush; reference, Outbound deliveries): the listener is called with a slash added to the end of its path',
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-35', {
    id: 'i35-fd-txpush-test-answer-id-next-in-sequence',
    rule: 'the test-transaction operation answers 201 for the transaction it created (seed 002, TxPush; Events): the answer names the id the store hands out next, which no reader finds, while the created transaction keeps its own id',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-TRANSACTION'],
  }),
  independent('independent-36', {
    id: 'i36-fd-txpush-foreign-delete-removes',
    rule: "deleting one subscription stops only that subscription's events, and a subscription that is not the customer's is a 404 that changes nothing (seed 002, TxPush; Events): the subscription of another customer of the partner is removed before the ownership check answers 404",
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-UNKNOWN', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-txpush-credit-test-no-account-event',
    rule: 'the test-transaction operation triggers a transaction event and an account event (balance changed) (seed 002, Events): a credit test transaction (a positive amount) sends the transaction event alone, the account event only following debits',
    source: 'seed',
    rules: ['FD-TXPUSH-TEST-EVENTS'],
  }),
  independent('independent-37', {
    id: 'i37-fd-txpush-subscribe-answer-one-signing-key',
    rule: "each TxPush subscription record carries its own signing key, which signs its deliveries (seed 002, Events: an account-class and a transaction-class record; provider 1.35.0 TxPushSubscriptionRecord signingKey): the answer gives the transaction record the account record's key while its deliveries are signed with its own",
    source: 'provider',
    rules: ['FD-TXPUSH-SUBSCRIBE', 'FD-TXPUSH-SIGNED', 'FD-PROP-ANSWER-IS-STATE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-txpush-delete-one-answers-200',
    rule: 'DeleteTxPushSubscription answers 204 (seed 002, TxPush): deleting one subscription answers 200 with the id removed',
    source: 'seed',
    rules: ['FD-TXPUSH-DELETE-ONE', 'FD-PROP-ERROR-STATUS'],
  }),
]);
