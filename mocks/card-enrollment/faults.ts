// Fault catalogue of the card enrollment mock: each entry breaks one rule of seed 000 (or of an
// assumption of reference/card-enrollment.md). `npm run mutation` proves the suite catches each.
import type { Fault } from '../kit/faults.js';

const limit = (id: string, schema: string, field: string, drop: string[], rule: string): Fault => ({
  id, rule, source: 'seed', relax: [{ schema, at: ['properties', field], drop }],
});

export const CARD_FAULTS: Fault[] = [
  // Limits, enums, patterns (seed, Limits and field tables): the mock's validation is loosened.
  limit('firstName-max-unenforced', 'Consumer', 'firstName', ['maxLength'], 'consumer.firstName max 30'),
  limit('lastName-max-unenforced', 'Consumer', 'lastName', ['maxLength'], 'consumer.lastName max 30'),
  limit('identityValue-max-unenforced', 'ConsumerIdentity', 'identityValue', ['maxLength'], 'identityValue max 255'),
  limit('email-format-unchecked', 'ConsumerIdentity', 'identityValue', ['format'], 'identityValue matches identityType (email)'),
  limit('enrolmentReferenceId-max-unenforced', 'EnrolmentReferenceData', 'enrolmentReferenceId', ['maxLength'], 'enrolmentReferenceId max 256'),
  limit('pan-length-unenforced', 'Card', 'primaryAccountNumber', ['minLength', 'maxLength'], 'primaryAccountNumber 16 to 20'),
  limit('expiry-month-unenforced', 'Card', 'panExpirationMonth', ['minLength', 'maxLength', 'pattern'], 'panExpirationMonth two-digit month'),
  limit('expiry-year-unenforced', 'Card', 'panExpirationYear', ['minLength', 'maxLength', 'pattern'], 'panExpirationYear four digits'),
  limit('security-code-length-unenforced', 'Card', 'cardSecurityCode', ['minLength', 'maxLength'], 'cardSecurityCode 3 to 6'),
  limit('country-code-unchecked', 'Consumer', 'countryCode', ['format'], 'consumer.countryCode ISO 3166 alpha-2'),
  limit('language-code-unchecked', 'Consumer', 'languageCode', ['format'], 'consumer.languageCode ISO 639-1'),
  limit('phone-digits-unchecked', 'PhoneNumber', 'phoneNumber', ['pattern'], 'phoneNumber digits only'),
  limit('calling-code-digits-unchecked', 'PhoneNumber', 'countryCode', ['pattern'], 'mobileNumber.countryCode digits only, no plus'),
  limit('serviceId-pattern-unenforced', 'EnrollCardRequest', 'serviceId', ['pattern'], 'serviceId ^[0-9a-zA-Z#_-]*$'),
  { id: 'identityType-enum-unenforced', rule: 'identityType enum EMAIL_ADDRESS', source: 'seed', relax: [{ schema: 'ConsumerIdentityType', drop: ['enum'] }] },
  { id: 'cardSource-enum-unenforced', rule: 'cardSource enum (Origin)', source: 'seed', relax: [{ schema: 'Origin', drop: ['enum'] }] },
  { id: 'referenceType-enum-unenforced', rule: 'enrolmentReferenceType enum PUSH_ACCOUNT_RECEIPT', source: 'seed', relax: [{ schema: 'EnrolmentReferenceData', at: ['properties', 'enrolmentReferenceType'], drop: ['enum'] }] },
  { id: 'srcClientId-uppercase-accepted', rule: 'srcClientId lower-case UUID', source: 'seed', relax: [{ schema: 'LowerCaseUuid', set: { pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } }] },
  { id: 'correlationId-pattern-unenforced', rule: 'srcCorrelationId pattern', source: 'seed', relax: [{ schema: 'EnrollCardRequest', at: ['properties', 'srcCorrelationId'], set: { $ref: undefined, type: 'string' } }] },
  { id: 'lastName-not-required', rule: 'Consumer: all fields required', source: 'seed', relax: [{ schema: 'Consumer', unrequire: ['lastName'] }] },
  { id: 'privacy-not-required', rule: 'ComplianceSettings: privacy required', source: 'seed', relax: [{ schema: 'ComplianceSettings', unrequire: ['privacy'] }] },
  // Errors (seed, Errors).
  { id: 'unknown-client-accepted', rule: 'unknown srcClientId: 400 INVALID_STATE', source: 'seed' },
  { id: 'unknown-service-accepted', rule: 'unknown serviceId: 400 INVALID_STATE', source: 'seed' },
  { id: 'invalid-state-as-argument', rule: 'unresolved srcClientId gives status INVALID_STATE', source: 'seed' },
  { id: 'missing-reason-not-cannot-be-null', rule: 'missing mandatory value: detail reason CANNOT_BE_NULL', source: 'seed' },
  { id: 'detail-source-wrong', rule: 'ErrorDetail.source names the offending parameter', source: 'seed' },
  { id: 'detail-sourceType-wrong', rule: 'missing body field: detail sourceType BODY', source: 'seed' },
  { id: 'error-body-wrong-shape', rule: 'error body shape (code, status, message, details)', source: 'seed' },
  { id: 'bad-json-crashes', rule: 'malformed body: 400, never 500', source: 'seed' },
  // Response (seed, EnrollCardResponse, MaskedCard, States).
  { id: 'success-status-201', rule: 'POST /cards answers 200', source: 'seed' },
  { id: 'content-type-text', rule: 'bodies are JSON', source: 'seed' },
  { id: 'response-missing-panBin', rule: 'MaskedCard.panBin required', source: 'seed' },
  { id: 'panLastFour-mismatch', rule: 'panLastFour: last four PAN digits', source: 'seed' },
  { id: 'pan-unmasked', rule: 'the response carries a masked card record', source: 'seed' },
  { id: 'expiry-not-echoed', rule: 'panExpirationMonth/Year: the card\'s expiry', source: 'seed' },
  { id: 'correlation-id-not-echoed', rule: 'srcCorrelationId echoed', source: 'seed' },
  { id: 'date-created-stale', rule: 'dateOfCardCreated: when the card was enrolled', source: 'seed' },
  { id: 'date-created-not-utc', rule: 'dateOfCardCreated: UTC datetime', source: 'seed' },
  { id: 'card-status-suspended', rule: 'enroll never returns SUSPENDED or CANCELLED', source: 'seed' },
  { id: 'consumer-status-locked', rule: 'at enrollment the consumer profile is ACTIVE', source: 'seed' },
  { id: 'descriptorName-too-long', rule: 'DigitalCardData.descriptorName max 64 (response)', source: 'seed' },
  { id: 'serviceId-not-echoed', rule: 'MaskedCard.serviceId: the service enrolled for', source: 'seed' },
  // Authentication (seed, Authentication; reference A2).
  { id: 'missing-key-accepted', rule: 'x-openapi-clientid required (401)', source: 'seed' },
  { id: 'unknown-key-accepted', rule: 'unknown API key: 401', source: 'assumption' },
  { id: 'forbidden-never-given', rule: 'origin not validated: 403', source: 'assumption' },
  // Assumptions of reference/card-enrollment.md.
  { id: 'luhn-unchecked', rule: 'A3: PAN check digit', source: 'assumption' },
  { id: 'both-paths-accepted', rule: 'A1: exactly one of encryptedCard / enrolmentReferenceData', source: 'assumption' },
  { id: 'unknown-receipt-accepted', rule: 'A5: unknown receipt id is INVALID_STATE', source: 'assumption' },
  { id: 'receipt-pan-wrong', rule: 'A5: receipt enrollment shows the receipt account\'s bin and last four', source: 'assumption' },
  { id: 'undecryptable-card-accepted', rule: 'encryptedCard must decrypt with a published key', source: 'assumption' },
  // Not a deviation: the switch a spec turns on (control surface) to see the 500 INTERNAL body.
  { id: 'answer-500', rule: 'the 500 INTERNAL body (seed, Errors; reference A6)', source: 'seed', mutation: false },
  { id: 'internal-body-wrong', rule: '500 body: code 500, status INTERNAL, message', source: 'seed' },
];
