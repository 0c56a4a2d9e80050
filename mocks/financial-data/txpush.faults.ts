// Faults of txpush: each breaks one rule of schemas/financial-data/rules/txpush.yaml.
import type { Fault } from '../kit/faults.js';

export const TXPUSH_FAULTS: Fault[] = [
  // Subscriptions (seed 002, Resources and Events: two records per subscribe call).
  { id: 'txpush-one-record', rule: 'FD-TXPUSH-SUBSCRIBE: a subscribe call yields an account and a transaction record (not the account one alone)', source: 'seed', rules: ['FD-TXPUSH-SUBSCRIBE'] },
  { id: 'txpush-records-same-class', rule: 'FD-TXPUSH-SUBSCRIBE: the two records are of class account and transaction (not twice account)', source: 'seed', rules: ['FD-TXPUSH-SUBSCRIBE'] },
  { id: 'txpush-record-url-trimmed', rule: 'FD-TXPUSH-SUBSCRIBE: both records carry the callback URL sent', source: 'seed', rules: ['FD-TXPUSH-SUBSCRIBE'] },
  // Listener URL (seed 002, Events and Limits).
  { id: 'txpush-http-accepted-for-active', rule: "FD-TXPUSH-HTTPS-REAL: an http listener URL for an active customer's account is a 400", source: 'seed', rules: ['FD-TXPUSH-HTTPS-REAL'] },
  { id: 'txpush-active-account-refused', rule: "FD-TXPUSH-HTTPS-REAL: an https listener URL for an active customer's account is accepted", source: 'seed', rules: ['FD-TXPUSH-HTTPS-REAL'] },
  { id: 'txpush-any-port-accepted', rule: 'FD-TXPUSH-PORTS: a listener URL on port 8443 is a 400', source: 'seed', rules: ['FD-TXPUSH-PORTS'] },
  { id: 'txpush-port-80-refused', rule: 'FD-TXPUSH-PORTS: an http listener URL on port 80 is accepted', source: 'seed', rules: ['FD-TXPUSH-PORTS'] },
  { id: 'txpush-explicit-port-refused', rule: 'FD-TXPUSH-PORTS: a listener URL naming port 443 (or 80) is accepted', source: 'seed', rules: ['FD-TXPUSH-PORTS'] },
  // The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction).
  { id: 'txpush-test-on-active-accepted', rule: "FD-TXPUSH-TESTING-ONLY: a test transaction on an active customer's account is a 400", source: 'seed', rules: ['FD-TXPUSH-TESTING-ONLY'] },
  { id: 'txpush-test-transaction-not-stored', rule: 'FD-TXPUSH-TEST-TRANSACTION: the injected transaction reads back through GetCustomerTransaction', source: 'provider', rules: ['FD-TXPUSH-TEST-TRANSACTION'] },
  { id: 'txpush-test-created-date-ms', rule: 'FD-TXPUSH-TEST-TRANSACTION: createdDate is epoch seconds on the target clock (not milliseconds)', source: 'provider', rules: ['FD-TXPUSH-TEST-TRANSACTION'] },
  { id: 'txpush-test-no-account-event', rule: 'FD-TXPUSH-TEST-EVENTS: the test transaction also delivers the account event (balance changed)', source: 'seed', rules: ['FD-TXPUSH-TEST-EVENTS'] },
  { id: 'txpush-transaction-event-twice', rule: 'FD-TXPUSH-TEST-EVENTS: one transaction event, not two', source: 'seed', rules: ['FD-TXPUSH-TEST-EVENTS'] },
  { id: 'txpush-event-subscription-id-missing', rule: 'FD-TXPUSH-TEST-EVENTS: each delivery names its subscription (reference, Outbound deliveries)', source: 'assumption', rules: ['FD-TXPUSH-TEST-EVENTS', 'FD-TXPUSH-EVENT-CONTENT'] },
  { id: 'txpush-event-amount-unsigned', rule: 'FD-TXPUSH-EVENT-CONTENT: the transaction event carries the amount of the test transaction', source: 'assumption', rules: ['FD-TXPUSH-EVENT-CONTENT'] },
  { id: 'txpush-account-event-old-balance', rule: 'FD-TXPUSH-EVENT-CONTENT: the account event carries the new balance', source: 'assumption', rules: ['FD-TXPUSH-EVENT-CONTENT'] },
  { id: 'txpush-signature-wrong-key', rule: "FD-TXPUSH-SIGNED: deliveries are signed with the subscription's signingKey", source: 'assumption', rules: ['FD-TXPUSH-SIGNED'] },
  { id: 'txpush-delivers-without-subscription', rule: 'FD-TXPUSH-NO-SUBSCRIPTION: an account without a subscription gets no delivery', source: 'seed', rules: ['FD-TXPUSH-NO-SUBSCRIPTION'] },
  // Ending subscriptions (seed 002, Events).
  { id: 'txpush-disable-noop', rule: "FD-TXPUSH-DISABLE: disabling deletes the account's subscriptions", source: 'seed', rules: ['FD-TXPUSH-DISABLE'] },
  { id: 'txpush-disable-keeps-transaction-class', rule: 'FD-TXPUSH-DISABLE: disabling deletes all the subscriptions (the transaction-class one too)', source: 'seed', rules: ['FD-TXPUSH-DISABLE'] },
  { id: 'txpush-delete-ignored', rule: "FD-TXPUSH-DELETE-ONE: deleting a subscription stops its events", source: 'seed', rules: ['FD-TXPUSH-DELETE-ONE'] },
  { id: 'txpush-delete-one-deletes-account', rule: "FD-TXPUSH-DELETE-ONE: deleting one subscription stops only that subscription's events", source: 'seed', rules: ['FD-TXPUSH-DELETE-ONE'] },
  { id: 'txpush-delete-unknown-204', rule: 'FD-TXPUSH-DELETE-UNKNOWN: an unknown subscription id is a 404', source: 'seed', rules: ['FD-TXPUSH-DELETE-UNKNOWN'] },
  { id: 'txpush-delete-other-customer', rule: "FD-TXPUSH-DELETE-UNKNOWN: another customer's subscription id is a 404", source: 'seed', rules: ['FD-TXPUSH-DELETE-UNKNOWN'] },
];
