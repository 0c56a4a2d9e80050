// Faults of the card enrollment mock written blind: from seed 000, the decisions page
// reference/card-enrollment.md and the contract only, without reading the suite's specs, fixtures
// or rule catalogue. Each breaks one rule the way a provider's own release might: an off-by-one
// limit, an enum value refused or added, a rule enforced on one enrollment path only, an echo
// altered, an error with the wrong status or source, a key check too loose. Validation faults
// loosen (or tighten) the mock's copy of the contract; behaviour faults are
// `faults.has('blind-...')` switches in cards.ts / errors.ts.
// `npm run mutation -- --service card-enrollment --blind` runs only these. The argument after the
// source: the ids of schemas/card-enrollment/rules.yaml broken (read afterwards, for `--targeted`).
import type { Fault, Relaxation } from '../kit/faults.js';

const blind = (id: string, rule: string, source: Fault['source'], rules?: string[], relax?: Relaxation[]): Fault =>
  ({ id, rule, source, origin: 'blind', ...(rules ? { rules } : {}), ...(relax ? { relax } : {}) });

export const CARD_BLIND_FAULTS: Fault[] = [
  // Off-by-one limits and patterns (seed, Consumer / ConsumerIdentity / Card tables and Limits).
  blind('blind-firstName-31-accepted', 'consumer.firstName maximum length (seed, Consumer; Limits): one character more accepted', 'seed', ['CE-LIM-FIRSTNAME'],
    [{ schema: 'Consumer', at: ['properties', 'firstName'], shift: { maxLength: 1 } }]),
  blind('blind-identityValue-255-refused', 'consumerIdentity.identityValue maximum length (seed, ConsumerIdentity; Limits): enforced one lower, a valid value of the maximum length is refused', 'seed', ['CE-LIM-IDENTITYVALUE'],
    [{ schema: 'ConsumerIdentity', at: ['properties', 'identityValue'], shift: { maxLength: -1 } }]),
  blind('blind-pan-21-accepted', 'Card.primaryAccountNumber length range (seed, Card; Limits): a PAN one digit past the longest is accepted', 'seed', ['CE-LIM-PAN'],
    [{ schema: 'Card', at: ['properties', 'primaryAccountNumber'], shift: { maxLength: 1 } }]),
  blind('blind-csc-7-accepted', 'Card.cardSecurityCode length range (seed, Card; Limits): one character past the longest accepted', 'seed', ['CE-LIM-CVC'],
    [{ schema: 'Card', at: ['properties', 'cardSecurityCode'], shift: { maxLength: 1 } }]),
  blind('blind-expiry-month-13-accepted', 'Card.panExpirationMonth is a two-digit month (seed, Card): any two digits (00, 13...) accepted', 'seed', ['CE-PAT-EXPIRY'],
    [{ schema: 'Card', at: ['properties', 'panExpirationMonth'], set: { pattern: '^[0-9]{2}$' } }]),
  blind('blind-cardSource-extra-value-accepted', 'cardSource is an Origin value (seed, Origin enum): an extra value PARTNER is accepted', 'seed', ['CE-ENUM-CARDSOURCE'],
    [{ schema: 'Origin', add: { enum: ['PARTNER'] } }]),

  // A rule enforced (or broken) on one enrollment path only (seed, What the service does: two paths).
  blind('blind-cardSource-issuer-refused-card-path', 'cardSource ISSUER is a valid Origin value (seed, Origin enum): refused with 400 on the card-number path (accepted on the receipt path)', 'seed', ['CE-ENUM-CARDSOURCE']),
  blind('blind-receipt-unknown-service-accepted', 'serviceId that does not resolve: 400 INVALID_STATE (seed, Errors): not checked on the push-account-receipt path', 'seed', ['CE-STATE-UNKNOWN-SERVICE']),
  blind('blind-receipt-tnc-optional', 'complianceSettings.tnc required (seed, ComplianceSettings: both required): a missing tnc is accepted on the push-account-receipt path', 'seed', ['CE-REQ-COMPLIANCE']),
  blind('blind-receipt-card-suspended', 'the enroll operation never returns digital card status SUSPENDED or CANCELLED (seed, States): SUSPENDED on the push-account-receipt path', 'seed', ['CE-STATE-ACTIVE']),
  blind('blind-receipt-lastfour-wrong-end', 'panLastFour is the last four PAN digits (seed, MaskedCard; reference A5 for receipts): the first four of the receipt account on the receipt path', 'assumption', ['CE-RECEIPT-ACCOUNT', 'CE-MASK-PAN']),

  // Errors (seed, Errors; reference A2, A4).
  blind('blind-unknown-client-403', 'srcClientId that does not resolve to an entity: 400 INVALID_STATE (seed, Errors; reference A2): answered 403', 'seed', ['CE-STATE-UNKNOWN-CLIENT']),
  blind('blind-missing-pan-invalid-state', 'missing mandatory card.primaryAccountNumber: 400 INVALID_ARGUMENT (seed, Errors): status INVALID_STATE', 'seed', ['CE-REQ-CARD']),
  blind('blind-card-detail-source-unprefixed', 'ErrorDetail.source is the dotted path, card.<field> inside the encrypted card (reference A4): source names the bare field (primaryAccountNumber)', 'assumption', ['CE-ERR-FIELD']),

  // Authentication (seed, Authentication; reference A2).
  blind('blind-unknown-key-403', 'authorization check failed (an unknown API key): 401 (seed, Authentication; reference A2): answered 403', 'seed', ['CE-AUTH-UNKNOWN-KEY']),
  blind('blind-key-case-insensitive', 'unknown API key: 401 (reference A2): the key is compared case-insensitively, a key differing only in case is accepted', 'assumption', ['CE-AUTH-UNKNOWN-KEY']),

  // Response echoes and values (seed, SrcCorrelationId, MaskedCard, MaskedConsumer).
  blind('blind-expiry-echo-swapped', 'MaskedCard.panExpirationMonth (MM) / panExpirationYear (YYYY) are the card\'s expiry (seed, MaskedCard): echoed swapped (month = YY of the year, year = 20 + month)', 'seed', ['CE-ECHO-EXPIRY']),
  blind('blind-correlation-prefix-stripped', 'srcCorrelationId given in the request is echoed (seed, SrcCorrelationId): the 8-hex prefix is trimmed, only the UUID part is echoed', 'seed', ['CE-ECHO-CORRELATION']),
  // No rule of the catalogue covers dateConsumerAdded: no `rules`, the targeted run takes the whole service.
  blind('blind-consumer-added-not-utc', 'MaskedConsumer.dateConsumerAdded is a UTC datetime (seed, MaskedConsumer): written with a +01:00 offset (same instant)', 'seed'),
];
