// Faults of financial data part 4, TxPush and transaction data enrichment, written blind:
// each breaks one rule of schemas/financial-data/rules/txpush.yaml or rules/enrichment.yaml (seed
// 002, TxPush, Events, Transaction data enrichment, Limits, Errors; provider 1.35.0; reference,
// Outbound deliveries) the way a provider's engineer might, written from the rules, the contract
// and the mock without reading the suite's specs. Switches: txpush.ts and enrichment.ts; the
// enrichment limits are loosened or tightened through the contract (relax).
import type { Fault } from '../kit/faults.js';
import { blind } from './part2-blind.faults.js';

const ENRICH_REQUIRED = ['externalCustomerId', 'externalAccountId', 'externalTransactionId', 'accountType', 'description', 'amount', 'transactionTimestamp'];

export const FD_PART4C_BLIND_FAULTS: Fault[] = [
  // Subscriptions (seed 002, Resources - TxPush subscription; Events; provider 1.35.0 SubscriptionRecord).
  blind({ id: 'blind-txpush-record-account-id-is-customer', rule: 'the two records of a subscribe call name the account subscribed, not the customer, in accountId (seed 002, Resources and Events; provider 1.35.0 SubscriptionRecord.accountId)', source: 'seed', rules: ['FD-TXPUSH-SUBSCRIBE'] }),
  // Listener URL (seed 002, Events and Limits: HTTPS for any real account; ports 80 and 443 only; the refusal is the seed's 400).
  blind({ id: 'blind-txpush-https-refusal-403', rule: "an http listener URL for an active customer's account is refused with 400 (the seed's bad request), not 403, which the subscribe operation does not list (seed 002, TxPush errors 400, 401, 404; Events)", source: 'seed', rules: ['FD-TXPUSH-HTTPS-REAL'] }),
  blind({ id: 'blind-txpush-https-required-for-testing', rule: "HTTPS is demanded for real accounts only: an http listener on port 80 for a testing customer's account is accepted (201), not refused as if every account were real (seed 002, Events: HTTPS for any real account; Limits: listener ports 80, 443)", source: 'seed', rules: ['FD-TXPUSH-PORTS'] }),
  blind({ id: 'blind-txpush-port-8443-accepted', rule: 'only ports 80 and 443 are allowed: 8443, the "alternative HTTPS port", is a 400, not accepted (seed 002, Events: other ports make the call fail; Limits)', source: 'seed', rules: ['FD-TXPUSH-PORTS'] }),
  // The test transaction (seed 002, Events; provider 1.35.0 CreateTxPushTestTransaction).
  blind({ id: 'blind-txpush-test-on-active-404', rule: "a test transaction on an active customer's (existing) account is a 400, not a 404 as if the account were hidden (seed 002, Events: testing accounts only; Errors 400, 404 is not found)", source: 'seed', rules: ['FD-TXPUSH-TESTING-ONLY'] }),
  blind({ id: 'blind-txpush-test-answer-sequence-id', rule: 'the 201 names the id of the injected transaction (the one GetCustomerTransaction reads), not the internal sequence number it was made from (provider 1.35.0 CreatedTestTxPushTransaction.id)', source: 'provider', rules: ['FD-TXPUSH-TEST-TRANSACTION'] }),
  blind({ id: 'blind-txpush-test-transaction-date-now', rule: 'the injected transaction keeps the transactionDate sent (read back and delivered), not the time of injection (provider 1.35.0 TestTxPushTransaction.transactionDate; reference, Outbound deliveries)', source: 'provider', rules: ['FD-TXPUSH-TEST-TRANSACTION', 'FD-TXPUSH-EVENT-CONTENT'] }),
  // Deliveries (seed 002, Events; reference, Outbound deliveries).
  blind({ id: 'blind-txpush-events-name-first-subscription', rule: "each delivery names its own subscription: the account event names the account-class record, not the account's first (transaction-class) record, so it is also signed under a key other than the one of the subscription it names (seed 002, Events; reference, Outbound deliveries)", source: 'seed', rules: ['FD-TXPUSH-TEST-EVENTS', 'FD-TXPUSH-SIGNED'] }),
  blind({ id: 'blind-txpush-account-event-available-balance', rule: 'the account event carries the balance GetCustomerAccount then reads, not the available balance (seed 002, Events: account event, balance changed; reference, Outbound deliveries)', source: 'assumption', rules: ['FD-TXPUSH-EVENT-CONTENT'] }),
  blind({ id: 'blind-txpush-signature-base64', rule: 'X-TxPush-Signature is the hex HMAC-SHA256 of the body, not its base64 (reference, Outbound deliveries: signed as the subscription record suggests; this contract: hex)', source: 'assumption', rules: ['FD-TXPUSH-SIGNED'] }),
  blind({ id: 'blind-txpush-subscriptions-by-customer', rule: "a test transaction delivers to the subscriptions of its own account only, not to every subscription of the customer (another account's listener gets nothing) (seed 002, Events: subscribing an account yields its records)", source: 'seed', rules: ['FD-TXPUSH-NO-SUBSCRIPTION', 'FD-TXPUSH-TEST-EVENTS'] }),
  // Ending subscriptions (seed 002, Events; Errors 404).
  blind({ id: 'blind-txpush-disable-soft-delete', rule: 'disabling deletes the account\'s subscriptions: events stop and each former id is then a 404 on DeleteTxPushSubscription, not a 204 on a record kept as "disabled" (seed 002, Events: disabling TxPush for an account deletes all its subscriptions)', source: 'seed', rules: ['FD-TXPUSH-DISABLE'] }),
  blind({ id: 'blind-txpush-account-event-needs-transaction-subscription', rule: 'after the transaction-class record is deleted the account-class one still delivers the account event of a test transaction; events are not gated on a transaction-class record (seed 002, Events: deleting one subscription stops only that subscription\'s events)', source: 'seed', rules: ['FD-TXPUSH-DELETE-ONE'] }),
  blind({ id: 'blind-txpush-delete-again-204', rule: 'deleting a subscription already deleted is a 404, not an idempotent 204 (seed 002, Errors 404; DeleteTxPushSubscription 204, 404)', source: 'seed', rules: ['FD-TXPUSH-DELETE-UNKNOWN'] }),
  // Transaction data enrichment (seed 002, Transaction data enrichment; Limits; provider 1.35.0 EnrichTransactionsPayload, TransactionPayload, EnrichedTransaction).
  blind({
    id: 'blind-enrich-batch-cap-999', rule: 'a batch holds up to 1000 transactions: 1000 is enriched, not refused by a "< 1000" check (seed 002, Limits - Enrichment batch: 1000; provider maxItems 1000)', source: 'seed', rules: ['FD-ENRICH-BATCH'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: ['properties', 'transactions'], set: { maxItems: 999 } }],
  }),
  blind({
    id: 'blind-enrich-empty-batch-accepted', rule: 'an empty list of transactions is a 400, not a 200 with an empty answer (provider 1.35.0 EnrichTransactionsPayload minItems 1)', source: 'provider', rules: ['FD-ENRICH-BATCH-EMPTY'],
    relax: [{ schema: 'EnrichTransactionsPayload', at: ['properties', 'transactions'], drop: ['minItems'] }],
  }),
  blind({ id: 'blind-enrich-description-cleansed', rule: 'each transaction comes back with the description sent, not replaced by the cleansed merchant name when a merchant is recognised (seed 002, Transaction data enrichment: adds to the enclosed transactions; provider 1.35.0 EnrichedTransaction)', source: 'seed', rules: ['FD-ENRICH-KEYED'] }),
  blind({ id: 'blind-enrich-entity-name-renamed', rule: "a recognised merchant's entity names the party in name, not under another key (entityName) that leaves name absent (seed 002: entity recognition; provider 1.35.0 Entities.name)", source: 'seed', rules: ['FD-ENRICH-ADDS'] }),
  blind({
    id: 'blind-enrich-account-type-optional', rule: 'a transaction without accountType is a 400, not enriched as a checking transaction (provider 1.35.0 TransactionPayload required accountType; "unknown" is read as checking only when sent)', source: 'provider', rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', unrequire: ['accountType'] }],
  }),
  blind({
    id: 'blind-enrich-posted-timestamp-required', rule: 'a transaction with only the seven required members is enriched; postedTimestamp is optional, its absence is not a 400 (provider 1.35.0 TransactionPayload required list)', source: 'provider', rules: ['FD-ENRICH-REQUIRED'],
    relax: [{ schema: 'EnrichmentTransactionPayload', set: { required: [...ENRICH_REQUIRED, 'postedTimestamp'] } }],
  }),
  blind({
    id: 'blind-enrich-description-cap-1000', rule: 'a description of 1024 characters is accepted, not cut at a round 1000 (provider 1.35.0 TransactionPayload.description maxLength 1024)', source: 'provider', rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentTransactionPayload', at: ['properties', 'description'], set: { maxLength: 1000 } }],
  }),
  blind({
    id: 'blind-enrich-additional-details-31-keys', rule: 'additionalDetails holds at most 30 keys: 31 is a 400, not accepted by a "> 31" check (provider 1.35.0 TransactionPayload.additionalDetails)', source: 'provider', rules: ['FD-ENRICH-FIELD-LIMITS'],
    relax: [{ schema: 'EnrichmentAdditionalDetails', set: { maxProperties: 31 } }],
  }),
];
