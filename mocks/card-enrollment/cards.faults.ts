// Faults of card enrollment, POST /cards and its error answers (switched in cards.ts and errors.ts):
// each breaks one rule of schemas/card-enrollment/rules.yaml (seed 000, or an assumption of
// reference/card-enrollment.md), the way a provider's release might. `rules` names the rule ids it
// breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's
// authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, blind as blindFault, independent, modelFault, seeded, type Fault, type Relaxation } from '../kit/faults.js';

/** A fault written blind, in this catalogue's positional form (kit/faults.ts blind sets its origin). */
const blind = <Id extends string>(id: Id, rule: string, source: Fault['source'], rules?: string[], relax?: Relaxation[]): Fault<Id> =>
  blindFault({ id, rule, source, ...(rules ? { rules } : {}), ...(relax ? { relax } : {}) });

const limit = <Id extends string>(id: Id, schema: string, field: string, drop: string[], rule: string, rules: string[]): Fault<Id> => ({
  id,
  rule,
  source: 'seed',
  rules,
  relax: [{ schema, at: ['properties', field], drop }],
});

/**
 * The consumer identity as the provider names it (Card API 1.0.0, ConsumerIdentityTypeDoc: EXTERNAL_ACCOUNT_ID
 * only, the contract's `x-provider-enum`; ConsumerIdentity.identityValue an opaque id, no e-mail format): the
 * seed-vs-provider conflict CE-CONFLICT-CONSUMER-IDENTITY, taken the provider's way. The provider-only fault
 * loosens the mock with it; the fixtures confirm CARD_REQUEST_IDENTITY=provider requests with it.
 */
export const PROVIDER_IDENTITY: Relaxation[] = [
  { schema: 'ConsumerIdentityType', provider: ['enum'] },
  { schema: 'ConsumerIdentity', at: ['properties', 'identityValue'], drop: ['format'] },
];

export const CARDS_FAULTS = faultCatalogue([
  // Seeded beside the checks of every request rule under every cardSource (enroll-card.every-source.spec.ts; origin 'seeded').
  // Seeded beside the two enrollments sharing a srcCorrelationId (enroll-card.response.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-receipt-card-id-per-correlation',
    rule: 'CE-VAL-CARDID: on the receipt path two enrollments sent with the same srcCorrelationId get the same srcDigitalCardId',
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  }),
  // Seeded beside the ids changed at their head (enroll-card.unresolved.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-card-serviceid-suffix-resolved',
    rule: "CE-LOOKUP-EXACT: a serviceId resolves to the client's program whose id ends with it, so the registered id with its first character dropped enrolls",
    source: 'assumption',
    rules: ['CE-LOOKUP-EXACT', 'CE-STATE-UNKNOWN-SERVICE'],
  }),
  // Seeded beside the names masked with a lower-case first letter (enroll-card.masked-consumer.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-card-firstname-initial-uppercased',
    rule: 'CE-MASK-NAMES: on the card path maskedFirstName upper-cases the first character it keeps',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  seeded({
    id: 'seeded-card-both-paths-merchant-accepted',
    rule: 'CE-EXCL-PATH: exactly one of encryptedCard and enrolmentReferenceData (reference A1); a MERCHANT enrollment carrying both is accepted',
    source: 'assumption',
    rules: ['CE-EXCL-PATH', 'CE-SOURCE-EVERY-RULE'],
  }),
  seeded({
    id: 'seeded-card-merchant-cvc-unchecked',
    rule: 'CE-LIM-CVC: Card.cardSecurityCode keeps its minimum and maximum length (seed 000, Limits); a card a MERCHANT enrolls is taken whatever its security code',
    source: 'seed',
    rules: ['CE-LIM-CVC', 'CE-SOURCE-EVERY-RULE'],
  }),
  // Seeded beside the response-only check (enroll-card.response.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-card-id-and-last-four-from-body',
    rule: "CE-OBJ-READ-ONLY: the card path takes the masked card's srcDigitalCardId and panLastFour from a maskedCard member sent in the request instead of its own",
    source: 'seed',
    rules: ['CE-OBJ-READ-ONLY'],
  }),
  seeded({
    id: 'seeded-card-receipt-consumer-status-from-body',
    rule: "CE-OBJ-READ-ONLY: the receipt path takes the masked consumer's srcConsumerId and status from the request's consumer instead of its own",
    source: 'seed',
    rules: ['CE-OBJ-READ-ONLY'],
  }),
  {
    id: 'security-code-in-card-art-label',
    rule: 'CE-OBJ-SENSITIVE: the masked card carries the security code sent, in a member of its own (artLabel)',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  },
  // Limits, enums, patterns (seed, Limits and field tables): the mock's validation is loosened.
  limit('firstName-max-unenforced', 'Consumer', 'firstName', ['maxLength'], 'consumer.firstName maxLength', ['CE-LIM-FIRSTNAME']),
  limit('lastName-max-unenforced', 'Consumer', 'lastName', ['maxLength'], 'consumer.lastName maxLength', ['CE-LIM-LASTNAME']),
  limit('identityValue-max-unenforced', 'ConsumerIdentity', 'identityValue', ['maxLength'], 'identityValue maxLength', [
    'CE-LIM-IDENTITYVALUE',
  ]),
  limit('email-format-unchecked', 'ConsumerIdentity', 'identityValue', ['format'], 'identityValue matches identityType (email)', [
    'CE-FMT-EMAIL',
  ]),
  limit(
    'enrolmentReferenceId-max-unenforced',
    'EnrolmentReferenceData',
    'enrolmentReferenceId',
    ['maxLength'],
    'enrolmentReferenceId maxLength',
    ['CE-LIM-REFERENCEID'],
  ),
  limit(
    'pan-length-unenforced',
    'Card',
    'primaryAccountNumber',
    ['minLength', 'maxLength'],
    'primaryAccountNumber minLength and maxLength',
    ['CE-LIM-PAN'],
  ),
  limit(
    'expiry-month-unenforced',
    'Card',
    'panExpirationMonth',
    ['minLength', 'maxLength', 'pattern'],
    'panExpirationMonth two-digit month',
    ['CE-LIM-EXPMONTH', 'CE-PAT-EXPIRY'],
  ),
  limit('expiry-year-unenforced', 'Card', 'panExpirationYear', ['minLength', 'maxLength', 'pattern'], 'panExpirationYear four digits', [
    'CE-LIM-EXPYEAR',
    'CE-PAT-EXPIRY',
  ]),
  limit(
    'security-code-length-unenforced',
    'Card',
    'cardSecurityCode',
    ['minLength', 'maxLength'],
    'cardSecurityCode minLength and maxLength',
    ['CE-LIM-CVC'],
  ),
  limit('country-code-unchecked', 'Consumer', 'countryCode', ['format'], 'consumer.countryCode ISO 3166 alpha-2', ['CE-FMT-COUNTRY']),
  limit('language-code-unchecked', 'Consumer', 'languageCode', ['format'], 'consumer.languageCode ISO 639-1', ['CE-FMT-LANGUAGE']),
  limit('phone-digits-unchecked', 'PhoneNumber', 'phoneNumber', ['pattern'], 'phoneNumber digits only', ['CE-PAT-PHONE']),
  limit('calling-code-digits-unchecked', 'PhoneNumber', 'countryCode', ['pattern'], 'mobileNumber.countryCode digits only, no plus', [
    'CE-PAT-PHONE',
  ]),
  limit('serviceId-pattern-unenforced', 'EnrollCardRequest', 'serviceId', ['pattern'], 'serviceId ^[0-9a-zA-Z#_-]*$', ['CE-PAT-SERVICEID']),
  // The provider's published examples answer EXTERNAL_ACCOUNT_ID here: a seed-vs-provider conflict
  // (schemas/card-enrollment/conflicts.yaml) that the suite notes, not a deviation a check fails on
  // (tests/self/conflicts.spec.ts shows it noted; the mutation run skips it).
  {
    id: 'masked-identity-type-provider-value',
    rule: 'maskedConsumerIdentity.identityType is a ConsumerIdentityType',
    source: 'seed',
    rules: ['CE-ENUM-IDENTITYTYPE'],
    mutation: false,
  },
  // A provider-faithful target (Card API 1.0.0, ConsumerIdentityTypeDoc): only EXTERNAL_ACCOUNT_ID is enrolled,
  // EMAIL_ADDRESS refused with 400. Not a deviation the suite must fail: the seed-vs-provider conflict
  // CE-CONFLICT-CONSUMER-IDENTITY, certified CONDITIONAL with CARD_REQUEST_IDENTITY=provider (docs/configuration.md).
  {
    id: 'identity-type-provider-only',
    rule: 'identityType is a ConsumerIdentityType (the seed: EMAIL_ADDRESS; the provider: EXTERNAL_ACCOUNT_ID only)',
    source: 'seed',
    rules: ['CE-ENUM-IDENTITYTYPE', 'CE-FMT-EMAIL'],
    relax: PROVIDER_IDENTITY,
    mutation: false,
  },
  {
    id: 'identityType-enum-unenforced',
    rule: 'identityType enum (ConsumerIdentityType)',
    source: 'seed',
    rules: ['CE-ENUM-IDENTITYTYPE'],
    relax: [{ schema: 'ConsumerIdentityType', drop: ['enum'] }],
  },
  {
    id: 'cardSource-enum-unenforced',
    rule: 'cardSource enum (Origin)',
    source: 'seed',
    rules: ['CE-ENUM-CARDSOURCE'],
    relax: [{ schema: 'Origin', drop: ['enum'] }],
  },
  {
    id: 'referenceType-enum-unenforced',
    rule: 'enrolmentReferenceType enum',
    source: 'seed',
    rules: ['CE-ENUM-REFTYPE'],
    relax: [{ schema: 'EnrolmentReferenceData', at: ['properties', 'enrolmentReferenceType'], drop: ['enum'] }],
  },
  {
    id: 'srcClientId-uppercase-accepted',
    rule: 'srcClientId lower-case UUID',
    source: 'seed',
    rules: ['CE-PAT-SRCCLIENTID'],
    relax: [{ schema: 'LowerCaseUuid', set: { pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } }],
  },
  {
    id: 'correlationId-pattern-unenforced',
    rule: 'srcCorrelationId pattern',
    source: 'seed',
    rules: ['CE-PAT-CORRELATIONID'],
    relax: [{ schema: 'EnrollCardRequest', at: ['properties', 'srcCorrelationId'], set: { $ref: undefined, type: 'string' } }],
  },
  {
    id: 'lastName-not-required',
    rule: 'Consumer: all fields required',
    source: 'seed',
    rules: ['CE-REQ-CONSUMER'],
    relax: [{ schema: 'Consumer', unrequire: ['lastName'] }],
  },
  {
    id: 'privacy-not-required',
    rule: 'ComplianceSettings: privacy required',
    source: 'seed',
    rules: ['CE-REQ-COMPLIANCE'],
    relax: [{ schema: 'ComplianceSettings', unrequire: ['privacy'] }],
  },
  // Errors (seed, Errors).
  { id: 'unknown-client-accepted', rule: 'unknown srcClientId: 400 INVALID_STATE', source: 'seed', rules: ['CE-STATE-UNKNOWN-CLIENT'] },
  { id: 'unknown-service-accepted', rule: 'unknown serviceId: 400 INVALID_STATE', source: 'seed', rules: ['CE-STATE-UNKNOWN-SERVICE'] },
  {
    id: 'invalid-state-as-argument',
    rule: 'unresolved srcClientId gives status INVALID_STATE',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-CLIENT', 'CE-STATE-UNKNOWN-SERVICE', 'CE-STATE-UNKNOWN-RECEIPT'],
  },
  {
    id: 'missing-reason-not-cannot-be-null',
    rule: 'missing mandatory value: detail reason CANNOT_BE_NULL',
    source: 'seed',
    rules: ['CE-REQ-REQUEST', 'CE-REQ-CONSUMER', 'CE-REQ-IDENTITY', 'CE-REQ-PHONE', 'CE-REQ-COMPLIANCE', 'CE-REQ-RECEIPT', 'CE-REQ-CARD'],
  },
  { id: 'detail-source-wrong', rule: 'ErrorDetail.source names the offending parameter', source: 'seed', rules: ['CE-ERR-FIELD'] },
  { id: 'detail-sourceType-wrong', rule: 'missing body field: detail sourceType BODY', source: 'seed', rules: ['CE-ERR-FIELD'] },
  { id: 'error-body-wrong-shape', rule: 'error body shape (code, status, message, details)', source: 'seed', rules: ['CE-ERR-FIELD'] },
  { id: 'bad-json-crashes', rule: 'malformed body: 400, never 500', source: 'seed', rules: ['CE-ERR-MALFORMED'] },
  // Response (seed, EnrollCardResponse, MaskedCard, States).
  // No rule of the catalogue states the 200 or the JSON bodies (the client checks both on every call).
  { id: 'success-status-201', rule: 'POST /cards answers 200', source: 'seed' },
  { id: 'content-type-text', rule: 'bodies are JSON', source: 'seed' },
  // The provider's token-reference answers carry no panBin: a seed-vs-provider conflict
  // (CE-CONFLICT-PAN-BIN-ABSENT) that the suite notes, not a deviation a check fails on
  // (tests/self/conflicts.spec.ts shows it noted; the mutation run skips it).
  { id: 'response-missing-panBin', rule: 'MaskedCard.panBin required', source: 'seed', rules: ['CE-MASK-PAN'], mutation: false },
  { id: 'panLastFour-mismatch', rule: 'panLastFour: last four PAN digits', source: 'seed', rules: ['CE-MASK-PAN'] },
  { id: 'pan-unmasked', rule: 'the response carries a masked card record', source: 'seed', rules: ['CE-MASK-PAN', 'CE-SENSITIVE-ECHO'] },
  { id: 'expiry-not-echoed', rule: "panExpirationMonth/Year: the card's expiry", source: 'seed', rules: ['CE-ECHO-EXPIRY'] },
  // The masked consumer (seed 000, MaskedConsumer: masked; the provider's examples show how).
  {
    id: 'masked-names-clear',
    rule: 'maskedFirstName/maskedLastName/maskedFullName: masked, not the names in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  },
  {
    id: 'masked-name-fixed-length',
    rule: "maskedFirstName/maskedLastName: one '*' per hidden character (a fixed three, whatever the name's length)",
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  },
  {
    id: 'masked-email-domain-masked',
    rule: 'maskedEmailAddress: the domain in clear, the local part masked (the wrong part masked)',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  },
  {
    id: 'masked-email-lowercased',
    rule: "maskedEmailAddress: the characters kept are the request's, case preserved (lower-cased)",
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  },
  {
    id: 'masked-identity-value-unrelated',
    rule: "maskedConsumerIdentity.maskedIdentityValue: the mask of the request's identityValue (a mask of another address)",
    source: 'provider',
    rules: ['CE-MASK-IDENTITY'],
  },
  { id: 'correlation-id-not-echoed', rule: 'srcCorrelationId echoed', source: 'seed', rules: ['CE-ECHO-CORRELATION'] },
  { id: 'date-created-stale', rule: 'dateOfCardCreated: when the card was enrolled', source: 'seed', rules: ['CE-VAL-CREATED'] },
  { id: 'date-created-not-utc', rule: 'dateOfCardCreated: UTC datetime', source: 'seed', rules: ['CE-VAL-CREATED'] },
  { id: 'card-status-suspended', rule: 'enroll never returns SUSPENDED or CANCELLED', source: 'seed', rules: ['CE-STATE-ACTIVE'] },
  { id: 'consumer-status-locked', rule: 'at enrollment the consumer profile is ACTIVE', source: 'seed', rules: ['CE-STATE-ACTIVE'] },
  {
    id: 'descriptorName-too-long',
    rule: 'DigitalCardData.descriptorName maxLength (response)',
    source: 'seed',
    rules: ['CE-LIM-RESPONSE'],
  },
  { id: 'serviceId-not-echoed', rule: 'MaskedCard.serviceId: the service enrolled for', source: 'seed', rules: ['CE-ECHO-SERVICEID'] },
  // Authentication (seed, Authentication; reference A2).
  { id: 'missing-key-accepted', rule: 'the API key header (ApiKeyAuth) required (401)', source: 'seed', rules: ['CE-AUTH-MISSING-KEY'] },
  { id: 'unknown-key-accepted', rule: 'unknown API key: 401', source: 'assumption', rules: ['CE-AUTH-UNKNOWN-KEY'] },
  { id: 'forbidden-never-given', rule: 'origin not validated: 403', source: 'assumption', rules: ['CE-AUTH-ORIGIN'] },
  // Assumptions of reference/card-enrollment.md.
  { id: 'luhn-unchecked', rule: 'A3: PAN check digit', source: 'assumption', rules: ['CE-LUHN'] },
  {
    id: 'both-paths-accepted',
    rule: 'A1: exactly one of encryptedCard / enrolmentReferenceData',
    source: 'assumption',
    rules: ['CE-EXCL-PATH'],
  },
  {
    id: 'unknown-receipt-accepted',
    rule: 'A5: unknown receipt id is INVALID_STATE',
    source: 'assumption',
    rules: ['CE-STATE-UNKNOWN-RECEIPT'],
  },
  {
    id: 'receipt-pan-wrong',
    rule: "A5: receipt enrollment shows the receipt account's bin and last four",
    source: 'assumption',
    rules: ['CE-RECEIPT-ACCOUNT'],
  },
  {
    id: 'undecryptable-card-accepted',
    rule: 'encryptedCard must decrypt with a published key',
    source: 'assumption',
    rules: ['CE-JWE-DECRYPT'],
  },
  // Rules broken on one side of a boundary, on one path or one PAN length only, or where
  // only a known answer shows it (each caught by a check citing the rule in rules.yaml).
  {
    id: 'correlationId-prefix-uppercase-accepted',
    rule: 'CE-PAT-CORRELATIONID: the hex prefix is lower-case',
    source: 'seed',
    rules: ['CE-PAT-CORRELATIONID'],
    relax: [
      {
        schema: 'SrcCorrelationId',
        set: { pattern: '^([0-9a-fA-F]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
      },
    ],
  },
  {
    id: 'correlationId-uppercase-refused',
    rule: 'CE-PAT-CORRELATIONID: A-F allowed in the UUID part',
    source: 'seed',
    rules: ['CE-PAT-CORRELATIONID'],
    relax: [
      { schema: 'SrcCorrelationId', set: { pattern: '^([0-9a-f]{8}.)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } },
    ],
  },
  {
    id: 'cardSource-wallet-refused',
    rule: 'CE-ENUM-CARDSOURCE: every Origin value accepted',
    source: 'seed',
    rules: ['CE-ENUM-CARDSOURCE'],
    relax: [{ schema: 'Origin', remove: { enum: ['WALLET'] } }],
  },
  {
    id: 'pan-20-refused',
    rule: 'CE-LIM-PAN: a PAN of the longest length accepted',
    source: 'seed',
    rules: ['CE-LIM-PAN'],
    relax: [{ schema: 'Card', at: ['properties', 'primaryAccountNumber'], shift: { maxLength: -1 } }],
  },
  {
    id: 'luhn-unchecked-17',
    rule: 'CE-LUHN: check digit at every PAN length (skipped for 17 digits)',
    source: 'assumption',
    rules: ['CE-LUHN'],
  },
  { id: 'pan-19-last-four-wrong', rule: 'CE-MASK-PAN: panLastFour of a 19-digit PAN', source: 'seed', rules: ['CE-MASK-PAN'] },
  { id: 'long-pan-bin-too-long', rule: 'CE-MASK-PAN: panBin of PANs longer than the shortest', source: 'seed', rules: ['CE-MASK-PAN'] },
  {
    id: 'pan-in-descriptor',
    rule: 'CE-SENSITIVE-ECHO: full PAN in paymentCardDescriptor (card path)',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO'],
  },
  {
    id: 'receipt-pan-in-descriptor',
    rule: 'CE-SENSITIVE-ECHO / CE-MASK-PAN: full PAN in paymentCardDescriptor (receipt path)',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO', 'CE-MASK-PAN'],
  },
  {
    id: 'key-prefix-compared',
    rule: 'CE-AUTH-UNKNOWN-KEY: API key compared on its first 12 characters',
    source: 'assumption',
    rules: ['CE-AUTH-UNKNOWN-KEY'],
  },
  {
    id: 'receipt-key-unchecked',
    rule: 'CE-AUTH-MISSING-KEY: no key accepted on the receipt path',
    source: 'seed',
    rules: ['CE-AUTH-MISSING-KEY'],
  },
  {
    id: 'correlation-id-lowercased',
    rule: 'CE-ECHO-CORRELATION: echoed byte for byte (case preserved)',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  },
  {
    id: 'receipt-correlation-id-not-echoed',
    rule: 'CE-ECHO-CORRELATION: echoed on the receipt path',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  },
  {
    id: 'receipt-correlation-id-constant',
    rule: 'CE-GEN-CORRELATION: a new id on the receipt path',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  },
  {
    id: 'receipt-consumer-suspended',
    rule: 'CE-STATE-ACTIVE: consumer ACTIVE on the receipt path',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  },
  {
    id: 'receipt-date-created-local',
    rule: 'CE-VAL-CREATED: dateOfCardCreated in UTC on the receipt path',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  },
  {
    id: 'receipt-serviceId-not-echoed',
    rule: 'CE-ECHO-SERVICEID: serviceId on the receipt path',
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  },
  {
    id: 'receipt-card-id-reused',
    rule: 'CE-VAL-CARDID: a new srcDigitalCardId per receipt enrollment',
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  },
  { id: 'artUri-too-long', rule: 'CE-LIM-RESPONSE: artUri maxLength (response)', source: 'seed', rules: ['CE-LIM-RESPONSE'] },
  { id: 'coBrandedName-too-long', rule: 'CE-LIM-RESPONSE: coBrandedName maxLength (response)', source: 'seed', rules: ['CE-LIM-RESPONSE'] },
  // Not a deviation: the switch a spec turns on (control surface) to see the 500 INTERNAL body.
  {
    id: 'answer-500',
    rule: 'the 500 INTERNAL body (seed, Errors; reference A6)',
    source: 'seed',
    rules: ['CE-ERR-INTERNAL'],
    mutation: false,
  },
  { id: 'internal-body-wrong', rule: '500 body: code 500, status INTERNAL, message', source: 'seed', rules: ['CE-ERR-INTERNAL'] },
  // Seeded beside the checks of every looked-up value's end and every derived value at every PAN length (origin 'seeded').
  seeded({
    id: 'seeded-card-receipt-id-last-char-ignored',
    rule: 'CE-LOOKUP-EXACT: a receipt is found by its id as sent (reference A5); a receipt id differing from a known one only in its last character enrolls that receipt',
    source: 'assumption',
    rules: ['CE-LOOKUP-EXACT', 'CE-STATE-UNKNOWN-RECEIPT'],
  }),
  seeded({
    id: 'seeded-card-pan-20-last-four-of-19',
    rule: "CE-MASK-PAN: panLastFour is the PAN's last four digits at every length the contract allows (seed 000, MaskedCard); a twenty-digit PAN is cut to ISO/IEC 7812's nineteen before masking, so panLastFour shows the four digits before the last",
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  // Seeded beside the checks of a rule on every path and of the key header's form (origin 'seeded').
  seeded({
    id: 'expiry-month-defaulted',
    rule: "CE-ECHO-EXPIRY: a card sent with a year and no month is shown with a month it was not sent (the year's last)",
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY'],
  }),
  seeded({
    id: 'key-scheme-prefix-stripped',
    rule: 'CE-AUTH-KEY-FORM: the key header carries the key itself; a key sent after a scheme word (Bearer, Basic) is taken as the key',
    source: 'assumption',
    rules: ['CE-AUTH-KEY-FORM'],
  }),
  seeded({
    id: 'key-first-of-duplicates',
    rule: 'CE-AUTH-KEY-FORM: the key header sent twice (combined into one list) is taken as its first value',
    source: 'assumption',
    rules: ['CE-AUTH-KEY-FORM'],
  }),
  seeded({
    id: 'receipt-key-case-insensitive',
    rule: 'CE-AUTH-KEY-FORM: on the receipt path the key is compared without regard to case (the card path compares it exactly)',
    source: 'assumption',
    rules: ['CE-AUTH-KEY-FORM'],
  }),
  seeded({
    id: 'receipt-identity-value-limit-unenforced',
    rule: 'CE-LIM-IDENTITYVALUE: on the receipt path a consumer identityValue over its maxLength is let through (the card path refuses it)',
    source: 'seed',
    rules: ['CE-LIM-IDENTITYVALUE'],
  }),
  seeded({
    id: 'receipt-foreign-service-accepted',
    rule: 'CE-STATE-FOREIGN-SERVICE: on the receipt path a serviceId registered to another client is enrolled for (the card path refuses it)',
    source: 'assumption',
    rules: ['CE-STATE-FOREIGN-SERVICE'],
  }),
  // Seeded beside the masked names of every kind of character (enroll-card.masked-consumer.spec.ts).
  seeded({
    id: 'masked-names-in-utf16-units',
    rule: 'CE-MASK-NAMES: a name is masked by UTF-16 units, not characters: a first letter outside the BMP is cut in half and counts two *',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  // Seeded beside the check of the consumer's dates in every zone (enroll-card.consumer-dates.spec.ts).
  seeded({
    id: 'consumer-added-local-time',
    rule: "CE-VAL-CONSUMER-ADDED: dateConsumerAdded is the consumer's local time (by its country) written with a Z, not the instant in UTC",
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  // Seeded beside the check that ids are looked up exactly (enroll-card.unresolved.spec.ts).
  seeded({
    id: 'receipt-id-trimmed',
    rule: 'CE-STATE-UNKNOWN-RECEIPT: a receipt id is trimmed before the lookup, so the known id with a space before or after it is enrolled',
    source: 'assumption',
    rules: ['CE-STATE-UNKNOWN-RECEIPT'],
  }),
  seeded({
    id: 'service-id-trimmed',
    rule: "CE-STATE-UNKNOWN-SERVICE: the serviceId is trimmed before it is judged, so the client's own with a trailing space is enrolled for",
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE', 'CE-PAT-SERVICEID'],
  }),
  seeded({
    id: 'src-client-id-case-folded',
    rule: "CE-STATE-UNKNOWN-CLIENT: the srcClientId is trimmed and lower-cased before it is judged, so the client's own in upper case is enrolled for",
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-CLIENT', 'CE-PAT-SRCCLIENTID'],
  }),
  // Seeded beside the check that every enum of the request is closed (enroll-card.enums-closed.spec.ts).
  seeded({
    id: 'card-source-extra-value-acquirer-accepted',
    rule: 'CE-ENUM-CARDSOURCE: cardSource ACQUIRER, a role the Origin enum does not list, is enrolled',
    source: 'seed',
    rules: ['CE-ENUM-CARDSOURCE'],
    relax: [{ schema: 'Origin', add: { enum: ['ACQUIRER'] } }],
  }),
  seeded({
    id: 'reference-type-part-accepted',
    rule: 'CE-ENUM-REFTYPE: enrolmentReferenceType ACCOUNT_RECEIPT, a part of the one listed value, is enrolled',
    source: 'seed',
    rules: ['CE-ENUM-REFTYPE'],
    relax: [{ schema: 'EnrolmentReferenceData', at: ['properties', 'enrolmentReferenceType'], add: { enum: ['ACCOUNT_RECEIPT'] } }],
  }),
  seeded({
    id: 'identity-type-other-enum-value-accepted',
    rule: "CE-ENUM-IDENTITYTYPE: identityType PUSH_ACCOUNT_RECEIPT (another enum's value) is accepted as a consumer identity type",
    source: 'seed',
    rules: ['CE-ENUM-IDENTITYTYPE'],
    relax: [{ schema: 'ConsumerIdentityType', add: { enum: ['PUSH_ACCOUNT_RECEIPT'] } }],
  }),
  // Seeded beside the check of every cardSource on each path (origin 'seeded').
  seeded({
    id: 'merchant-source-origin-unchecked',
    rule: "CE-AUTH-ORIGIN: an enrollment whose cardSource is MERCHANT skips the origin check (another client's srcClientId enrolled; the other sources refuse it)",
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  seeded({
    id: 'unsourced-foreign-service-accepted',
    rule: "CE-STATE-FOREIGN-SERVICE: a request without cardSource has its serviceId looked up among every client's programs (a request with a source refuses another client's)",
    source: 'assumption',
    rules: ['CE-STATE-FOREIGN-SERVICE'],
  }),
  seeded({
    id: 'seeded-card-jcb-bin-suspended',
    rule: 'CE-STATE-ACTIVE: on the card path a card whose PAN starts 3566 is answered SUSPENDED (every other BIN ACTIVE)',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  seeded({
    id: 'seeded-card-receipt-wallet-bin-eight',
    rule: 'CE-MASK-PAN: on the receipt path an enrollment with cardSource WALLET answers a panBin of eight digits (the other sources six)',
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  seeded({
    id: 'seeded-card-receipt-created-date-mexico-offset',
    rule: 'CE-VAL-CREATED: on the receipt path a consumer whose countryCode is MX gets dateOfCardCreated in Mexico City time with the offset of that zone',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  seeded({
    id: 'seeded-card-receipt-fullname-last-first-spanish',
    rule: 'CE-MASK-NAMES: on the receipt path a consumer whose languageCode is es gets maskedFullName with the masked last name first',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  seeded({
    id: 'seeded-card-receipt-cardholder-correlation-uppercased',
    rule: 'CE-ECHO-CORRELATION: on the receipt path an enrollment with cardSource CARDHOLDER echoes srcCorrelationId in upper case (the other sources byte for byte)',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  seeded({
    id: 'seeded-card-merchant-expiry-month-leading-zero-dropped',
    rule: 'CE-ECHO-EXPIRY: an enrollment with cardSource MERCHANT echoes panExpirationMonth without its leading zero (the other sources as sent)',
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY'],
  }),
  seeded({
    id: 'receipt-wallet-source-suspended',
    rule: 'CE-STATE-ACTIVE: a receipt enrolled with cardSource WALLET is answered with the card SUSPENDED (the other sources ACTIVE)',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  // Seeded beside the check of the consumer's codes and identity with values that can tell (origin 'seeded').
  seeded({
    id: 'country-code-case-folded',
    rule: "CE-FMT-COUNTRY: the consumer's countryCode is trimmed and upper-cased before it is judged (a lower-case or padded code enrolled)",
    source: 'seed',
    rules: ['CE-FMT-COUNTRY'],
  }),
  // Seeded beside the check of the request's patterns and formats on the receipt path (origin 'seeded').
  seeded({
    id: 'receipt-phone-pattern-unenforced',
    rule: 'CE-PAT-PHONE: on the receipt path a mobile number off its digits-only pattern is let through (the card path refuses it)',
    source: 'seed',
    rules: ['CE-PAT-PHONE'],
  }),
  // Seeded beside the check of the expiry month's edges on the virtual clock (origin 'seeded').
  seeded({
    id: 'expiry-this-month-refused',
    rule: "CE-STATE-ACTIVE: a card whose expiry is the clock's month (valid through its end) is refused as expired (400), not enrolled",
    source: 'seed',
    rules: ['CE-STATE-ACTIVE', 'CE-ECHO-EXPIRY'],
  }),
  // Seeded beside the family checks of empty members, own ids on every path and ids compared as text.
  seeded({
    id: 'receipt-empty-phone-country-accepted',
    rule: 'CE-REQ-EMPTY: on the receipt path an empty consumer.mobileNumber.countryCode ("", off its digits pattern) is let through and enrolled',
    source: 'seed',
    rules: ['CE-REQ-EMPTY'],
  }),
  seeded({
    id: 'empty-receipt-beside-card-accepted',
    rule: 'CE-EXCL-PATH: an empty enrolmentReferenceData ({}) beside an encryptedCard is taken as absent and the card enrolled',
    source: 'assumption',
    rules: ['CE-EXCL-PATH', 'CE-REQ-EMPTY'],
  }),
  seeded({
    id: 'card-hash-program-unresolved',
    rule: "CE-STATE-OWN-IDS: on the card path a serviceId of the client's holding '#' does not resolve (400 INVALID_STATE)",
    source: 'assumption',
    rules: ['CE-STATE-OWN-IDS'],
  }),
  seeded({
    id: 'receipt-id-separators-folded',
    rule: 'CE-STATE-UNKNOWN-RECEIPT: the receipt lookup takes hyphen and underscore as one character, so a known id with its hyphens made underscores is enrolled',
    source: 'assumption',
    rules: ['CE-STATE-UNKNOWN-RECEIPT'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Off-by-one limits and patterns (seed, Consumer / ConsumerIdentity / Card tables and Limits).
  blind(
    'blind-firstName-31-accepted',
    'consumer.firstName maximum length (seed, Consumer; Limits): one character more accepted',
    'seed',
    ['CE-LIM-FIRSTNAME'],
    [{ schema: 'Consumer', at: ['properties', 'firstName'], shift: { maxLength: 1 } }],
  ),
  blind(
    'blind-identityValue-255-refused',
    'consumerIdentity.identityValue maximum length (seed, ConsumerIdentity; Limits): enforced one lower, a valid value of the maximum length is refused',
    'seed',
    ['CE-LIM-IDENTITYVALUE'],
    [{ schema: 'ConsumerIdentity', at: ['properties', 'identityValue'], shift: { maxLength: -1 } }],
  ),
  blind(
    'blind-pan-21-accepted',
    'Card.primaryAccountNumber length range (seed, Card; Limits): a PAN one digit past the longest is accepted',
    'seed',
    ['CE-LIM-PAN'],
    [{ schema: 'Card', at: ['properties', 'primaryAccountNumber'], shift: { maxLength: 1 } }],
  ),
  blind(
    'blind-csc-7-accepted',
    'Card.cardSecurityCode length range (seed, Card; Limits): one character past the longest accepted',
    'seed',
    ['CE-LIM-CVC'],
    [{ schema: 'Card', at: ['properties', 'cardSecurityCode'], shift: { maxLength: 1 } }],
  ),
  blind(
    'blind-expiry-month-13-accepted',
    'Card.panExpirationMonth is a two-digit month (seed, Card): any two digits (00, 13...) accepted',
    'seed',
    ['CE-PAT-EXPIRY'],
    [{ schema: 'Card', at: ['properties', 'panExpirationMonth'], set: { pattern: '^[0-9]{2}$' } }],
  ),
  blind(
    'blind-cardSource-extra-value-accepted',
    'cardSource is an Origin value (seed, Origin enum): an extra value PARTNER is accepted',
    'seed',
    ['CE-ENUM-CARDSOURCE'],
    [{ schema: 'Origin', add: { enum: ['PARTNER'] } }],
  ),
  // A rule enforced (or broken) on one enrollment path only (seed, What the service does: two paths).
  blind(
    'blind-cardSource-issuer-refused-card-path',
    'cardSource ISSUER is a valid Origin value (seed, Origin enum): refused with 400 on the card-number path (accepted on the receipt path)',
    'seed',
    ['CE-ENUM-CARDSOURCE'],
  ),
  blind(
    'blind-receipt-unknown-service-accepted',
    'serviceId that does not resolve: 400 INVALID_STATE (seed, Errors): not checked on the push-account-receipt path',
    'seed',
    ['CE-STATE-UNKNOWN-SERVICE'],
  ),
  blind(
    'blind-receipt-tnc-optional',
    'complianceSettings.tnc required (seed, ComplianceSettings: both required): a missing tnc is accepted on the push-account-receipt path',
    'seed',
    ['CE-REQ-COMPLIANCE'],
  ),
  blind(
    'blind-receipt-card-suspended',
    'the enroll operation never returns digital card status SUSPENDED or CANCELLED (seed, States): SUSPENDED on the push-account-receipt path',
    'seed',
    ['CE-STATE-ACTIVE'],
  ),
  blind(
    'blind-receipt-lastfour-wrong-end',
    'panLastFour is the last four PAN digits (seed, MaskedCard; reference A5 for receipts): the first four of the receipt account on the receipt path',
    'assumption',
    ['CE-RECEIPT-ACCOUNT', 'CE-MASK-PAN'],
  ),
  // Errors (seed, Errors; reference A2, A4).
  blind(
    'blind-unknown-client-403',
    'srcClientId that does not resolve to an entity: 400 INVALID_STATE (seed, Errors; reference A2): answered 403',
    'seed',
    ['CE-STATE-UNKNOWN-CLIENT'],
  ),
  blind(
    'blind-missing-pan-invalid-state',
    'missing mandatory card.primaryAccountNumber: 400 INVALID_ARGUMENT (seed, Errors): status INVALID_STATE',
    'seed',
    ['CE-REQ-CARD'],
  ),
  blind(
    'blind-card-detail-source-unprefixed',
    'ErrorDetail.source is the dotted path, card.<field> inside the encrypted card (reference A4): source names the bare field (primaryAccountNumber)',
    'assumption',
    ['CE-ERR-FIELD'],
  ),
  // Authentication (seed, Authentication; reference A2).
  blind(
    'blind-unknown-key-403',
    'authorization check failed (an unknown API key): 401 (seed, Authentication; reference A2): answered 403',
    'seed',
    ['CE-AUTH-UNKNOWN-KEY'],
  ),
  blind(
    'blind-key-case-insensitive',
    'unknown API key: 401 (reference A2): the key is compared case-insensitively, a key differing only in case is accepted',
    'assumption',
    ['CE-AUTH-UNKNOWN-KEY'],
  ),
  // Response echoes and values (seed, SrcCorrelationId, MaskedCard, MaskedConsumer).
  blind(
    'blind-expiry-echo-swapped',
    "MaskedCard.panExpirationMonth (MM) / panExpirationYear (YYYY) are the card's expiry (seed, MaskedCard): echoed swapped (the month from the year's last digits, the year from the century and the month)",
    'seed',
    ['CE-ECHO-EXPIRY'],
  ),
  blind(
    'blind-correlation-prefix-stripped',
    'srcCorrelationId given in the request is echoed (seed, SrcCorrelationId): the hex prefix is trimmed, only the UUID part is echoed',
    'seed',
    ['CE-ECHO-CORRELATION'],
  ),
  // No rule of the catalogue covers dateConsumerAdded: no `rules`, the targeted run takes the whole service.
  blind(
    'blind-consumer-added-not-utc',
    'MaskedConsumer.dateConsumerAdded is a UTC datetime (seed, MaskedConsumer): written with a +01:00 offset (same instant)',
    'seed',
  ),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-card-suspended-on-third-enrollment',
    rule: 'the enroll operation never returns a SUSPENDED card (seed 000, States and transitions): the same card enrolled a third time into one consumer profile is answered SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seed, the provider's
  // documents, the contract and the rule catalogue only, as a provider's release might break them.
  independent('independent-2', {
    id: 'i2-card-par-holds-pan',
    rule: 'a masked card never carries the PAN in clear (seed 000, MaskedCard): on the card path, paymentAccountReference is built from the full PAN',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO', 'CE-MASK-PAN'],
  }),
  independent('independent-2', {
    id: 'i2-card-security-code-echoed',
    rule: 'no answer carries the security code sent (seed 000, MaskedCard is masked): the card path adds a member cardVerificationValue holding it',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO'],
  }),
  independent('independent-2', {
    id: 'i2-card-serviceid-lowercased',
    rule: 'maskedCard.serviceId is the program enrolled for, as sent (seed 000, MaskedCard): answered lower-cased',
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  independent('independent-2', {
    id: 'i2-card-receipt-origin-unchecked',
    rule: 'a srcClientId registered to another client is a 403 (seed 000, Authentication 403; reference A2): not checked on the receipt path',
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-2', {
    id: 'i2-card-created-date-day-only',
    rule: 'dateOfCardCreated is the enrollment time in UTC (seed 000, MaskedCard): the card path answers midnight UTC of that day',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-2', {
    id: 'i2-card-expiry-month-leading-zero-dropped',
    rule: "panExpirationMonth is the card's two-character month (seed 000, MaskedCard format MM): a month below 10 loses its leading zero",
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY', 'CE-FMT-RESP-EXPIRY'],
  }),
  independent('independent-2', {
    id: 'i2-card-id-derived-from-pan',
    rule: "each enrollment returns a new srcDigitalCardId (reference, the mock's world): on the card path it is derived from the PAN, the same card enrolled twice gets the same id",
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-card-luhn-unchecked-20',
    rule: 'a PAN failing the ISO/IEC 7812 check digit is a 400 at every length the contract allows (seed 000, Card; provider Card.primaryAccountNumber): a PAN of the longest length is not checked and is enrolled',
    source: 'seed',
    rules: ['CE-LUHN'],
  }),
  independent('independent-3', {
    id: 'i3-card-service-id-case-insensitive',
    rule: 'a serviceId that resolves to nothing is 400 INVALID_STATE (seed 000, Errors): the serviceId is resolved without case, so SRC_program_1 enrolls under SRC_PROGRAM_1 (and is echoed as sent)',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-3', {
    id: 'i3-card-api-key-in-consumer',
    rule: 'no answer carries the API key in clear, in any member (seed 000, Security): maskedConsumer gains enrolledBy holding the x-openapi-clientid the request was made with',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  independent('independent-3', {
    id: 'i3-card-masked-lastname-first-capitalised',
    rule: 'maskedLastName keeps the first character of the name as sent, case preserved (provider MaskedConsumer): the first character is upper-cased (van der Berg gives V***********)',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-3', {
    id: 'i3-card-receipt-fullname-lastname-clear',
    rule: 'maskedFullName is the masked first and last names (provider MaskedConsumer): on the receipt path the last name appears in clear in maskedFullName (maskedLastName stays masked)',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-3', {
    id: 'i3-card-email-local-keeps-two',
    rule: 'maskedEmailAddress keeps the first character of the local part and masks the rest (provider MaskedConsumer): on the card path it keeps the first two characters (the receipt path and maskedIdentityValue keep one)',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-3', {
    id: 'i3-card-identity-domain-lowercased',
    rule: 'maskedIdentityValue shows the e-mail domain in clear, case preserved (provider MaskedConsumerIdentity): the domain is lower-cased there (maskedEmailAddress keeps it as sent)',
    source: 'provider',
    rules: ['CE-MASK-IDENTITY'],
  }),
  independent('independent-3', {
    id: 'i3-card-receipt-correlation-id-uppercased',
    rule: 'the request srcCorrelationId is echoed byte for byte (seed 000, srcCorrelationId): on the receipt path it is echoed upper-cased (the card path keeps it)',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-card-firstname-limit-in-bytes',
    rule: 'consumer.firstName is limited in characters (seed 000, Limits; maxLength of Consumer.firstName): the limit is counted in UTF-8 bytes, so a name at the limit with accented letters (Zoë, José) is refused',
    source: 'seed',
    rules: ['CE-LIM-FIRSTNAME'],
  }),
  independent('independent-4', {
    id: 'i4-card-receipt-lastname-limit-unenforced',
    rule: 'consumer.lastName is limited in characters on every enrollment path (seed 000, Limits): the receipt path lets a longer last name through (the card path refuses it)',
    source: 'seed',
    rules: ['CE-LIM-LASTNAME'],
  }),
  independent('independent-4', {
    id: 'i4-card-masked-firstname-trimmed',
    rule: 'maskedFirstName is the name sent with one * per character after the first (provider MaskedConsumer): the name is trimmed and its inner spaces collapsed before masking, so the mask is shorter than the name sent',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-4', {
    id: 'i4-card-receipt-bin-eight',
    rule: "panBin is the first six digits of the account (reference, the mock's world; A5 for receipts): on the receipt path the eight-digit BIN is answered",
    source: 'assumption',
    rules: ['CE-MASK-PAN', 'CE-RECEIPT-ACCOUNT'],
  }),
  independent('independent-4', {
    id: 'i4-card-cvc-as-token-last-four',
    rule: 'no answer carries the security code sent, in any member (seed 000, MaskedCard): on the card path tokenLastFour is filled from cardSecurityCode',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE', 'CE-SENSITIVE-ECHO'],
  }),
  independent('independent-4', {
    id: 'i4-card-generated-correlation-node-prefix',
    rule: 'a generated srcCorrelationId has the SrcCorrelationId pattern (seed 000, SrcCorrelationId): on the card path the generated id carries an upper-case node prefix the pattern refuses',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  }),
  independent('independent-4', {
    id: 'i4-card-serviceid-fragment-dropped',
    rule: "maskedCard.serviceId is the program enrolled for, as sent (seed 000, MaskedCard; serviceId pattern allows '#'): everything from '#' on is dropped, as a URL fragment would be",
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  independent('independent-4', {
    id: 'i4-card-key-bearer-prefix-accepted',
    rule: 'the API key is compared whole (seed 000, Authentication; reference A2): a key sent with a Bearer prefix (or any word and a space before it) is accepted',
    source: 'assumption',
    rules: ['CE-AUTH-UNKNOWN-KEY'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-card-service-of-other-client-accepted',
    rule: 'a serviceId must resolve to a service of the client that owns srcClientId (seed 000, Errors INVALID_STATE): a program of another registered client is accepted',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-5', {
    id: 'i5-card-issuer-source-suspended',
    rule: 'the card is ACTIVE at enrollment, never SUSPENDED (seed 000, States): a card enrolled with cardSource ISSUER (push provisioning) is answered SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-5', {
    id: 'i5-card-email-plus-tag-dropped',
    rule: 'maskedEmailAddress and maskedIdentityValue keep the length of the address sent (reference, masked e-mail): a +tag of the local part is dropped before masking, as a mailbox normaliser would',
    source: 'assumption',
    rules: ['CE-MASK-EMAIL', 'CE-MASK-IDENTITY'],
  }),
  independent('independent-5', {
    id: 'i5-card-correlation-separator-normalised',
    rule: 'the srcCorrelationId sent is echoed byte for byte (seed 000, SrcCorrelationId: a hex prefix and any one character before the UUID): the separator after the prefix is rewritten to a dot',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  independent('independent-5', {
    id: 'i5-card-firstname-31-accepted-card-path',
    rule: 'consumer.firstName has a maximum length (seed 000, Consumer): on the card path a first name one character over it is accepted (the receipt path keeps the limit)',
    source: 'seed',
    rules: ['CE-LIM-FIRSTNAME'],
  }),
  independent('independent-5', {
    id: 'i5-card-identity-value-255-refused',
    rule: 'identityValue has a maximum length (seed 000, ConsumerIdentity): an address of exactly that length is refused, the bound checked as exclusive',
    source: 'seed',
    rules: ['CE-LIM-IDENTITYVALUE', 'CE-FMT-EMAIL'],
  }),
  independent('independent-5', {
    id: 'i5-card-expiry-month-00-accepted',
    rule: 'panExpirationMonth is a two-digit month 01-12 (seed 000, Card): month 00 is accepted (a range check starting at zero)',
    source: 'seed',
    rules: ['CE-PAT-EXPIRY'],
  }),
  independent('independent-5', {
    id: 'i5-card-receipt-pan-in-token-reference',
    rule: 'no answer carries the account number a receipt stands for (seed 000, MaskedCard; reference A5): on the receipt path tokenUniqueReference embeds the full PAN',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO', 'CE-OBJ-SENSITIVE'],
  }),
  independent('independent-5', {
    id: 'i5-card-expiry-year-two-digits-without-month',
    rule: "panExpirationYear, when returned, is the card's, four digits YYYY (seed 000, MaskedCard): a card sent with a year but no month gets its year echoed as two digits",
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY', 'CE-FMT-RESP-EXPIRY'],
  }),
  // independent-6: written blind from seed 000, reference/card-enrollment.md, the contract and the rule catalogue only.
  independent('independent-6', {
    id: 'i6-card-luhn-parity-from-left',
    rule: 'the ISO/IEC 7812 check digit is judged from the right at every PAN length the contract allows (reference A3): the doubling is counted from the left, so a valid PAN of odd length is refused (and a wrong one of odd length may pass)',
    source: 'assumption',
    rules: ['CE-LUHN'],
  }),
  independent('independent-6', {
    id: 'i6-card-cvc-leading-zero-refused',
    rule: 'cardSecurityCode is accepted across its length range (seed 000, Limits): a code starting with a zero is read as a number, loses its zero and is refused as shorter than the minimum',
    source: 'seed',
    rules: ['CE-LIM-CVC'],
  }),
  independent('independent-6', {
    id: 'i6-card-expiry-december-rolls-over',
    rule: "panExpirationMonth/Year, when returned, are the card's (seed 000, MaskedCard): a December expiry is rebuilt through a date and comes back as 01 of the next year",
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY'],
  }),
  independent('independent-6', {
    id: 'i6-card-wallet-origin-unchecked',
    rule: 'a srcClientId registered to another client is 403 on every enrollment (reference A2): a card sent with cardSource WALLET skips the origin check and is enrolled',
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-6', {
    id: 'i6-card-receipt-fullname-last-first',
    rule: 'maskedFullName is maskedFirstName, a space, maskedLastName (provider Card API MaskedConsumer): on the receipt path the last name comes first',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-6', {
    id: 'i6-card-email-one-char-local-padded',
    rule: 'maskedEmailAddress has the length of the address sent (provider MaskedConsumer.maskedEmailAddress): a one-character local part is padded with a * (one character longer)',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-6', {
    id: 'i6-card-expiring-this-month-suspended',
    rule: 'the card is ACTIVE at enrollment (seed 000, States and transitions): a card whose expiry is the current month is answered SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-6', {
    id: 'i6-card-receipt-correlation-from-receipt',
    rule: 'without a srcCorrelationId a new one is generated (seed 000, SrcCorrelationId): on the receipt path it is derived from the receipt id, the same UUID on every enrollment of that receipt',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  }),
  independent('independent-6', {
    id: 'i6-card-detail-source-drops-parent',
    rule: 'a 400 names the offending field by its dotted path (reference A4): a field nested two levels deep is named without its first member (mobileNumber.phoneNumber for consumer.mobileNumber.phoneNumber)',
    source: 'assumption',
    rules: ['CE-ERR-FIELD'],
  }),
  // The seventh independent set (written from the seed, the provider documents, the contract and the
  // rule catalogue, the specs unread): each fault breaks one rule on one path or field, as a release might.
  independent('independent-7', {
    id: 'i7-card-lastfour-leading-zero-dropped',
    rule: "panLastFour is the last four PAN digits (seed 000, MaskedCard; reference, The mock's world): the digits are read as a number, so last four digits starting with 0 lose it (0123 becomes 123)",
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-7', {
    id: 'i7-card-masked-firstname-per-word',
    rule: 'maskedFirstName keeps the first character and replaces every other by * (provider MaskedConsumer examples): a first name of several words is masked word by word, so the first letter of each word and the spaces stay in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-7', {
    id: 'i7-card-email-long-local-capped',
    rule: 'a masked e-mail address has the length of the address sent (provider MaskedConsumer.maskedEmailAddress): a local part longer than ten characters is shown with ten characters only (its first and nine *)',
    source: 'provider',
    rules: ['CE-MASK-EMAIL', 'CE-MASK-IDENTITY'],
  }),
  independent('independent-7', {
    id: 'i7-card-receipt-identity-value-clear',
    rule: 'maskedConsumerIdentity.maskedIdentityValue is the e-mail address masked (seed 000, MaskedConsumer): on the receipt path it is the address in clear',
    source: 'seed',
    rules: ['CE-MASK-IDENTITY'],
  }),
  independent('independent-7', {
    id: 'i7-card-receipt-created-at-push-date',
    rule: 'dateOfCardCreated is when the card was enrolled (seed 000, MaskedCard): on the receipt path it is the time of the push provisioning, a day before the enrollment',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-7', {
    id: 'i7-card-consumer-repeat-enrollment-locked',
    rule: 'at enrollment the consumer profile is ACTIVE (seed 000, States and transitions): a consumer enrolled again within a minute (same identityValue) is answered LOCKED, as a velocity rule would',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-7', {
    id: 'i7-card-empty-serviceid-default-program',
    rule: "a serviceId that resolves to no service is 400 INVALID_STATE (seed 000, Errors): an empty serviceId (the pattern allows it) is taken as the client's first program and the card is enrolled for it",
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-7', {
    id: 'i7-card-receipt-id-prefix-match',
    rule: "an unknown receipt id is 400 INVALID_STATE (reference A5): the id sent is cut to the length of the stored ids before the lookup (a fixed-width column), so a known receipt id with characters added enrolls that receipt's account",
    source: 'assumption',
    rules: ['CE-STATE-UNKNOWN-RECEIPT', 'CE-RECEIPT-ACCOUNT'],
  }),
  independent('independent-7', {
    id: 'i7-card-pan-in-art-uri',
    rule: 'no response carries the PAN in clear (seed 000, MaskedCard is masked; reference A5): on the card path digitalCardData.artUri names the card art by the account number in its query string',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO', 'CE-OBJ-SENSITIVE'],
  }),
  independent('independent-7', {
    id: 'i7-card-reference-id-256-refused',
    rule: 'enrolmentReferenceId has a maximum length (seed 000, Limits): an id of exactly that length is refused with 400 (the bound read as exclusive)',
    source: 'seed',
    rules: ['CE-LIM-REFERENCEID'],
  }),
  // Independent set 8: written from the seed 000, the provider's Card API document, the contract and
  // the rule catalogue only (the specs unread).
  independent('independent-8', {
    id: 'i8-card-email-local-dots-kept',
    rule: "maskedEmailAddress and maskedIdentityValue keep the local part's first character and put a '*' for every other one (seed 000 MaskedConsumer; provider example r*****1@mailinator.com): the masker replaces letters and digits only, so the dots, hyphens and underscores of the local part stay in clear",
    source: 'provider',
    rules: ['CE-MASK-EMAIL', 'CE-MASK-IDENTITY'],
  }),
  independent('independent-8', {
    id: 'i8-card-lastname-punctuation-kept',
    rule: "maskedLastName is the first character then one '*' per other character (provider MaskedConsumer example D**): the hyphens, apostrophes and spaces of a last name (O'Brien-Smith) are left unmasked, in maskedLastName and in maskedFullName",
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-8', {
    id: 'i8-card-fullname-mask-in-bytes',
    rule: "maskedFullName is maskedFirstName, a space and maskedLastName (provider example J*** D**): the full name is masked by a byte-oriented routine, one '*' per UTF-8 byte, so a name with a non-ASCII letter (Zoë) has more stars there than in maskedFirstName",
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-8', {
    id: 'i8-card-receipt-pan-grouped-display',
    rule: 'no response carries the PAN of the account a receipt stands for in clear (seed 000, MaskedCard is masked): the receipt path adds maskedCard.panDisplay, the account number in groups of four separated by hyphens (a display helper applied to the wrong value)',
    source: 'seed',
    rules: ['CE-SENSITIVE-ECHO', 'CE-OBJ-SENSITIVE'],
  }),
  independent('independent-8', {
    id: 'i8-card-expiry-year-filled-from-clock',
    rule: 'panExpirationMonth/Year, when returned, are those of the card (seed 000, MaskedCard presentation use): a card sent with an expiry month and no year is answered with the current year as panExpirationYear',
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY'],
  }),
  independent('independent-8', {
    id: 'i8-card-serviceid-prefix-resolved',
    rule: "a serviceId that resolves to no service of the client is 400 INVALID_STATE (seed 000, Errors): the program is looked up by prefix (a LIKE 'id%' query), so a registered serviceId with characters added (SRC_PROGRAM_10) is enrolled",
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-8', {
    id: 'i8-card-receipt-id-case-folded',
    rule: 'an unknown receipt id is 400 INVALID_STATE (reference A5): the receipt store compares ids without case (a case-insensitive collation), so a known receipt id written in upper case enrolls that receipt',
    source: 'assumption',
    rules: ['CE-STATE-UNKNOWN-RECEIPT'],
  }),
  independent('independent-8', {
    id: 'i8-card-no-expiry-suspended',
    rule: 'the card is ACTIVE at enrollment (seed 000, States and transitions); its expiry is optional (CE-REQ-CARD): a card sent without expiry is answered SUSPENDED (awaiting verification of its expiry)',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-8', {
    id: 'i8-card-created-date-consumer-zone',
    rule: 'dateOfCardCreated is the enrollment time in UTC (provider MaskedCard: UTC datetime): for a consumer outside the US the time is written in Central European time (one hour ahead) with a Z designator',
    source: 'provider',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-8', {
    id: 'i8-card-luhn-skipped-2-series',
    rule: 'a PAN failing the ISO/IEC 7812 check digit is 400 INVALID_ARGUMENT (reference A3): the check is skipped for PANs whose first digit is two (the Mastercard two-series BIN range, added to a table that predates it)',
    source: 'assumption',
    rules: ['CE-LUHN'],
  }),
  independent('independent-9', {
    id: 'i9-card-cvc-six-refused',
    rule: 'Card.cardSecurityCode has a minimum and a maximum length (seed 000, Card and Limits): the upper bound is read as exclusive, so a security code of exactly the maximum length is refused 400 INVALID_ARGUMENT',
    source: 'seed',
    rules: ['CE-LIM-CVC'],
  }),
  independent('independent-9', {
    id: 'i9-card-pan-21-accepted',
    rule: 'Card.primaryAccountNumber has a maximum length (seed 000, Card and Limits): a number one digit over it, with a valid check digit, is enrolled (the length check runs on the number with its check digit removed)',
    source: 'seed',
    rules: ['CE-LIM-PAN'],
  }),
  independent('independent-9', {
    id: 'i9-card-receipt-firstname-30-refused',
    rule: 'consumer.firstName has a maximum length on both enrollment paths (seed 000, Consumer and Limits): the receipt path checks it as exclusive, so a first name of exactly the maximum length is refused there (the card path is right)',
    source: 'seed',
    rules: ['CE-LIM-FIRSTNAME'],
  }),
  independent('independent-9', {
    id: 'i9-card-empty-card-beside-receipt-accepted',
    rule: 'both encryptedCard and enrolmentReferenceData is 400 INVALID_ARGUMENT (reference A1): an empty encryptedCard beside a receipt is taken as absent (a truthiness test) and the receipt is enrolled',
    source: 'assumption',
    rules: ['CE-EXCL-PATH'],
  }),
  independent('independent-9', {
    id: 'i9-card-invalid-card-message-echoes-pan',
    rule: 'no answer carries the card number sent (seed 000, masked card record; standards: card numbers never unredacted): when the decrypted card fails its schema (an expiry month 13), the 400 message quotes the decrypted card, its primaryAccountNumber in clear',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE', 'CE-SENSITIVE-ECHO'],
  }),
  independent('independent-9', {
    id: 'i9-card-unknown-receipt-source-unprefixed',
    rule: 'a 400 names the offending field in details[].source as its dotted path (reference A4): the INVALID_STATE of an unknown receipt names enrolmentReferenceId without its parent enrolmentReferenceData',
    source: 'assumption',
    rules: ['CE-ERR-FIELD', 'CE-STATE-UNKNOWN-RECEIPT'],
  }),
  independent('independent-9', {
    id: 'i9-card-reenrolled-pan-cancelled',
    rule: 'the enroll operation never returns the card status SUSPENDED or CANCELLED (seed 000, States and transitions): a PAN enrolled a second time for the same consumer is answered with the superseded record, CANCELLED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-9', {
    id: 'i9-card-serviceid-separators-folded',
    rule: 'a serviceId that resolves to no service of the client is 400 INVALID_STATE (seed 000, Errors; serviceId pattern keeps - and _ apart): the program lookup treats hyphen and underscore as the same character, so merchant_3 resolves to merchant-3',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-9', {
    id: 'i9-card-language-three-letters-accepted',
    rule: 'consumer.languageCode is ISO 639-1, two letters (seed 000, Consumer): on the card path a three-letter ISO 639-2 code (eng) is let through and echoed',
    source: 'seed',
    rules: ['CE-FMT-LANGUAGE'],
  }),
  independent('independent-9', {
    id: 'i9-card-receipt-second-client-id-forbidden',
    rule: 'only a srcClientId registered to another client is 403 (reference A2; seed 000, Authentication): on the receipt path the origin is compared with the first srcClientId of the calling client only, so its second registered srcClientId is refused 403',
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-10', {
    id: 'i10-card-receipt-unknown-client-accepted',
    rule: "a srcClientId that resolves to nothing is 400 INVALID_STATE naming srcClientId (seed 000, Errors 400 INVALID_STATE): on the receipt path an unknown srcClientId is taken as the calling client's and the enrollment answered 200",
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-CLIENT'],
  }),
  independent('independent-10', {
    id: 'i10-card-phone-plus-accepted-card-path',
    rule: 'phone countryCode and phoneNumber are digits only, no plus sign (seed 000, PhoneNumber): on the card path a plus sign before the digits (+44) is let through',
    source: 'seed',
    rules: ['CE-PAT-PHONE'],
  }),
  independent('independent-10', {
    id: 'i10-card-expiry-month-13-accepted',
    rule: 'panExpirationMonth is a two-digit month 01-12 (seed 000, Card): month 13 is let through and echoed',
    source: 'seed',
    rules: ['CE-PAT-EXPIRY'],
  }),
  independent('independent-10', {
    id: 'i10-card-cardsource-case-folded-receipt',
    rule: 'cardSource is CARDHOLDER, ISSUER, MERCHANT or WALLET (seed 000, Origin): on the receipt path the value is upper-cased before it is judged, so wallet is accepted',
    source: 'seed',
    rules: ['CE-ENUM-CARDSOURCE'],
  }),
  independent('independent-10', {
    id: 'i10-card-reference-type-case-folded',
    rule: 'enrolmentReferenceType is PUSH_ACCOUNT_RECEIPT (seed 000, EnrolmentReferenceData): the value is upper-cased before it is judged, so push_account_receipt is accepted',
    source: 'seed',
    rules: ['CE-ENUM-REFTYPE'],
  }),
  independent('independent-10', {
    id: 'i10-card-both-paths-wallet-accepted',
    rule: 'exactly one of encryptedCard and enrolmentReferenceData; both is 400 INVALID_ARGUMENT (reference/card-enrollment.md A1): a WALLET enrollment carrying both is accepted and enrolled by the card',
    source: 'assumption',
    rules: ['CE-EXCL-PATH'],
  }),
  independent('independent-10', {
    id: 'i10-card-receipt-consumer-added-day-start',
    rule: 'dateConsumerAdded of a consumer the enrollment adds is the enrollment instant in UTC (seed 000, MaskedConsumer dateConsumerAdded): the receipt path gives the start of the UTC day',
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-10', {
    id: 'i10-card-merchant-card-suspended',
    rule: 'the card and the consumer are ACTIVE at enrollment (seed 000, States and transitions): a card a merchant enrolls (cardSource MERCHANT) on the card path starts SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-10', {
    id: 'i10-card-lastname-single-char-starred',
    rule: 'maskedLastName is the name sent with its first character kept as sent and every other character replaced by * (provider Card API MaskedConsumer examples): a one-character last name is masked whole as *',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-10', {
    id: 'i10-card-luhn-unchecked-18',
    rule: 'a PAN failing the ISO/IEC 7812 check digit is 400 at every length the contract allows (reference/card-enrollment.md A3): the check digit is not checked on an eighteen-digit PAN',
    source: 'assumption',
    rules: ['CE-LUHN'],
  }),
  independent('independent-11', {
    id: 'i11-card-pan-20-bin-seven',
    rule: "panBin is the PAN's first digits, as many as MaskedCard.panBin's minLength, at every PAN length the contract allows (seed 000, MaskedCard; reference, panBin): a PAN of the longest length shows one digit more in panBin",
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-11', {
    id: 'i11-card-client-id-upper-case-accepted-card-path',
    rule: 'srcClientId is a lower-case hex UUID (seed 000, EnrollCardRequest): on the card path an upper-case srcClientId is accepted and resolved case-insensitively (the receipt path still refuses it)',
    source: 'seed',
    rules: ['CE-PAT-SRCCLIENTID'],
  }),
  independent('independent-11', {
    id: 'i11-card-cvc-seven-accepted',
    rule: 'Card.cardSecurityCode is within its minLength and maxLength (seed 000, Limits): a security code one digit over the maximum is accepted',
    source: 'seed',
    rules: ['CE-LIM-CVC'],
  }),
  independent('independent-11', {
    id: 'i11-card-tnc-uri-relative-accepted-card-path',
    rule: 'complianceSettings tnc.latestVersionUri is a URI (seed 000, ComplianceSettings): on the card path a relative reference (/terms/v7) is accepted',
    source: 'seed',
    rules: ['CE-FMT-URI'],
  }),
  independent('independent-11', {
    id: 'i11-card-identity-256-accepted-card-path',
    rule: 'consumerIdentity.identityValue is within its maxLength (seed 000, Limits): on the card path an identity value one character over it is accepted',
    source: 'seed',
    rules: ['CE-LIM-IDENTITYVALUE'],
  }),
  independent('independent-11', {
    id: 'i11-card-receipt-email-keeps-last-two',
    rule: 'maskedEmailAddress keeps only the first and possibly the last character of the local part (seed 000, MaskedConsumer; provider Card API example r*****1@mailinator.com): on the receipt path the last two characters of the local part are left in clear',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-11', {
    id: 'i11-card-correlation-prefix-uppercased-card-path',
    rule: 'the request srcCorrelationId is echoed byte for byte (seed 000, SrcCorrelationId): on the card path the lower-case hex prefix of a prefixed id comes back upper-cased',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  independent('independent-11', {
    id: 'i11-card-wallet-consumer-suspended-card-path',
    rule: 'the consumer is ACTIVE at enrollment (seed 000, States and transitions): a card enrolled from a WALLET on the card path answers the consumer SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-11', {
    id: 'i11-card-client-id-prefix-resolved',
    rule: 'a srcClientId that resolves to nothing is 400 INVALID_STATE (seed 000, Errors): a srcClientId whose last group differs from a registered one only in its last character resolves to that client',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-CLIENT'],
  }),
  independent('independent-11', {
    id: 'i11-card-id-per-consumer',
    rule: 'each enrollment returns a new srcDigitalCardId (reference/card-enrollment.md, the mock world): on the card path a second card of the same consumer identity gets the id of the first',
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  }),
  independent('independent-12', {
    id: 'i12-card-lastname-31-accepted-card-path',
    rule: 'consumer.lastName is within its maxLength (seed 000, Limits): on the card path a last name one character over the maximum is accepted (the receipt path still refuses it)',
    source: 'seed',
    rules: ['CE-LIM-LASTNAME'],
  }),
  independent('independent-12', {
    id: 'i12-card-receipt-country-lowercase-accepted',
    rule: 'consumer.countryCode is ISO 3166 alpha-2 in capitals (seed 000, Consumer): on the receipt path a lower-case country code is upper-cased and accepted',
    source: 'seed',
    rules: ['CE-FMT-COUNTRY'],
  }),
  independent('independent-12', {
    id: 'i12-card-issuer-source-origin-unchecked',
    rule: 'a srcClientId registered to another client is 403 (seed 000, Authentication 403; reference A2): an enrollment with cardSource ISSUER is trusted without its origin',
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-12', {
    id: 'i12-card-pan-17-last-four-shifted',
    rule: "panLastFour is the PAN's last four digits at every length the contract allows (seed 000, MaskedCard; Limits): a PAN one digit longer than the shortest shows the digits at the positions of a PAN of the shortest length",
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-12', {
    id: 'i12-card-receipt-correlation-not-generated',
    rule: 'without a srcCorrelationId a new one is generated and returned (seed 000, SrcCorrelationId): on the receipt path the answer carries none',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  }),
  independent('independent-12', {
    id: 'i12-card-masked-lastname-keeps-two',
    rule: 'maskedLastName keeps only its first character, every other replaced by * (seed 000, MaskedConsumer; provider Card API example "D**"): on the card path the first two characters are left in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-12', {
    id: 'i12-card-receipt-correlation-uuid-upper-refused',
    rule: 'srcCorrelationId is an optional hex prefix and a UUID of either case (seed 000, SrcCorrelationId): on the receipt path a UUID in upper-case hex is refused',
    source: 'seed',
    rules: ['CE-PAT-CORRELATIONID'],
  }),
  independent('independent-12', {
    id: 'i12-card-consumer-added-french-local-time',
    rule: "dateConsumerAdded of a new consumer is the enrollment instant in UTC whatever the consumer's language (seed 000, MaskedConsumer; reference): a consumer with languageCode fr gets the time one hour ahead, written with Z",
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-12', {
    id: 'i12-card-second-service-refused-card-path',
    rule: "each serviceId allowed to the calling client is enrolled on each path (reference A2, the mock world): on the card path only the client's first program resolves, the others are 400 INVALID_STATE",
    source: 'assumption',
    rules: ['CE-STATE-OWN-IDS'],
  }),
  independent('independent-12', {
    id: 'i12-card-receipt-unknown-service-names-client',
    rule: 'an unresolved serviceId is 400 INVALID_STATE naming serviceId (seed 000, Errors 400 INVALID_STATE): on the receipt path the error detail names srcClientId',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-13', {
    id: 'i13-card-correlation-prefix-upper-accepted-card-path',
    rule: 'the optional srcCorrelationId prefix is lower-case hex only, the UUID after it either case (seed 000, SrcCorrelationId pattern): on the card path a prefix in upper-case hex is accepted',
    source: 'seed',
    rules: ['CE-PAT-CORRELATIONID'],
  }),
  independent('independent-13', {
    id: 'i13-card-receipt-api-key-in-token-reference',
    rule: 'no answer carries the API key, a credential, in clear (seed 000, Authentication; reference A2): on the receipt path tokenUniqueReference is built from the calling key',
    source: 'assumption',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  independent('independent-13', {
    id: 'i13-card-pan-first-twelve-in-display',
    rule: 'the masked card shows only panBin and panLastFour of the PAN (seed 000, MaskedCard, a masked card record): on the card path a new member panDisplay shows the first twelve digits and masks the last four',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  independent('independent-13', {
    id: 'i13-card-id-reused-per-correlation',
    rule: "each enrollment returns a new srcDigitalCardId (reference, the mock's world): on the card path two enrollments sent with the same srcCorrelationId get the same card id",
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  }),
  independent('independent-13', {
    id: 'i13-card-receipt-email-fixed-stars',
    rule: 'maskedEmailAddress keeps the first character of the local part and one * per other character (seed 000, MaskedConsumer; provider example "r*****1@mailinator.com"): on the receipt path the local part is always written with five stars',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-13', {
    id: 'i13-card-receipt-firstname-initial-uppercased',
    rule: 'maskedFirstName keeps the first character as sent (seed 000, MaskedConsumer; provider example "J***"): on the receipt path the first character is upper-cased',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-13', {
    id: 'i13-card-second-client-id-forbidden-card-path',
    rule: "each srcClientId registered to the calling key is enrolled (reference A2, the mock world): on the card path the key's second srcClientId is 403",
    source: 'assumption',
    rules: ['CE-STATE-OWN-IDS'],
  }),
  independent('independent-13', {
    id: 'i13-card-receipt-id-without-prefix-resolved',
    rule: 'a receipt is found by its whole id, never folded (reference A5; unknown receipt 400 INVALID_STATE): the receipt id without its leading "rcpt-" resolves to the receipt',
    source: 'assumption',
    rules: ['CE-LOOKUP-EXACT'],
  }),
  independent('independent-13', {
    id: 'i13-card-merchant-generated-correlation-undashed',
    rule: 'without a srcCorrelationId a new one matching the SrcCorrelationId pattern is returned (seed 000, SrcCorrelationId): on the card path with cardSource MERCHANT the generated id is 32 hex digits without dashes',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  }),
  independent('independent-13', {
    id: 'i13-card-receipt-detail-source-type-header',
    rule: 'an ErrorDetail for a body member says sourceType BODY (seed 000, Errors 400, sample detail with sourceType BODY; ErrorDetail): on the receipt path a schema violation of a consumer member is reported with sourceType HEADER',
    source: 'seed',
    rules: ['CE-ERR-FIELD'],
  }),
  // Seeded beside the check that the key is read from its own header only, wherever else a call puts it
  // (enroll-card.auth.spec.ts): the i14 fault takes it from the query, this one from another header.
  seeded({
    id: 'seeded-card-key-from-authorization',
    rule: 'CE-AUTH-MISSING-KEY: a call without the API key header is 401 (seed 000, Authentication); the key sent in the Authorization header instead is taken and the card enrolled',
    source: 'seed',
    rules: ['CE-AUTH-MISSING-KEY'],
  }),
  independent('independent-14', {
    id: 'i14-card-key-in-query-accepted',
    rule: 'the API key travels in the request header x-openapi-clientid; a call without it is 401 (seed 000, Authentication and Errors 401): a key sent as a query parameter of the same name is accepted when the header is missing',
    source: 'seed',
    rules: ['CE-AUTH-MISSING-KEY'],
  }),
  independent('independent-14', {
    id: 'i14-card-cardholder-origin-unchecked',
    rule: 'a srcClientId registered to another client is 403, the origin not validated (seed 000, Errors 403; reference A2): on the card path with cardSource CARDHOLDER the origin check is skipped and the card enrolled',
    source: 'seed',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-14', {
    id: 'i14-card-lastname-30-refused-card-path',
    rule: 'consumer.lastName holds at most its maximum length, the maximum included (seed 000, Consumer and Limits): on the card path a last name of exactly the maximum length is refused 400',
    source: 'seed',
    rules: ['CE-LIM-LASTNAME'],
  }),
  independent('independent-14', {
    id: 'i14-card-cvc-three-refused',
    rule: 'Card.cardSecurityCode holds from its minimum to its maximum length (seed 000, Card and Limits): a security code of the minimum length, the lower bound, is refused as too short',
    source: 'seed',
    rules: ['CE-LIM-CVC'],
  }),
  independent('independent-14', {
    id: 'i14-card-luhn-detail-source-pointer',
    rule: 'a 400 names the offending field in details[].source in dotted form, card.primaryAccountNumber for the card (seed 000, ErrorDetail source; reference A3, A4): the check-digit refusal names it as the JSON pointer /card/primaryAccountNumber',
    source: 'assumption',
    rules: ['CE-ERR-FIELD'],
  }),
  independent('independent-14', {
    id: 'i14-card-receipt-unknown-service-invalid-argument',
    rule: 'a serviceId that does not resolve to an entity is 400 INVALID_STATE (seed 000, Errors 400 INVALID_STATE): on the receipt path an unknown serviceId is answered with status INVALID_ARGUMENT',
    source: 'seed',
    rules: ['CE-STATE-UNKNOWN-SERVICE'],
  }),
  independent('independent-14', {
    id: 'i14-card-generated-correlation-per-second-card-path',
    rule: 'without a srcCorrelationId a new one is generated for each request (seed 000, SrcCorrelationId: used to trace the request): on the card path the generated id is derived from the current second, so two enrollments in the same second get the same id',
    source: 'seed',
    rules: ['CE-GEN-CORRELATION'],
  }),
  independent('independent-14', {
    id: 'i14-card-receipt-lastname-last-char-clear',
    rule: 'maskedLastName keeps only the first character and masks every other one (seed 000, MaskedConsumer; provider example "D**"): on the receipt path the last character of a last name longer than two characters is left in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-14', {
    id: 'i14-card-email-short-local-unmasked-card-path',
    rule: 'maskedEmailAddress masks the local part after its first character (seed 000, MaskedConsumer; provider example of a masked address): on the card path a local part of one or two characters is returned in clear',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-14', {
    id: 'i14-card-receipt-issuer-consumer-suspended',
    rule: 'at enrollment the consumer profile status is ACTIVE (seed 000, States and transitions): on the receipt path a card pushed by the issuer (cardSource ISSUER) leaves its consumer SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  // Red team rt-: deviations a stranger would write, each on one path or condition (seeded beside the checks extended for their family).
  seeded({
    id: 'rt-card-receipt-correlation-prefix-dropped',
    rule: 'the request srcCorrelationId is echoed byte for byte, its optional hexadecimal prefix included (seed 000, SrcCorrelationId): on the receipt path a prefixed id is echoed without its prefix',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  seeded({
    id: 'rt-card-token-reference-holds-pan-tail',
    rule: 'only panBin and panLastFour show PAN digits (seed 000, MaskedCard; CE-MASK-PAN): on the card path tokenUniqueReference is built from the PAN after its BIN (middle digits and last four)',
    source: 'seed',
    rules: ['CE-MASK-PAN', 'CE-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'rt-card-receipt-firstname-punctuation-kept',
    rule: 'maskedFirstName is the first character and a star for each other character (provider MaskedConsumer examples): on the receipt path hyphens, apostrophes and spaces of the first name are left in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  seeded({
    id: 'rt-card-foreign-service-accepted-for-wallet',
    rule: "a serviceId of another client is refused (reference A2; seed 000 Errors INVALID_STATE): for cardSource WALLET the program is looked up among every client's",
    source: 'assumption',
    rules: ['CE-STATE-FOREIGN-SERVICE'],
  }),
  seeded({
    id: 'rt-card-cvc-detail-names-pan',
    rule: 'a 400 names the offending field in details[].source (reference A4, dotted path): a bad cardSecurityCode is reported against card.primaryAccountNumber',
    source: 'assumption',
    rules: ['CE-ERR-FIELD'],
  }),
  seeded({
    id: 'rt-card-merchant-created-date-ahead',
    rule: 'dateOfCardCreated is the enrollment time in UTC (seed 000, MaskedCard): on the card path a card a merchant enrolls is dated two hours ahead',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  seeded({
    id: 'rt-card-receipt-par-holds-account-tail',
    rule: "only panBin and panLastFour show the card's digits (seed 000, MaskedCard; CE-MASK-PAN): on the receipt path paymentAccountReference is built from the account's PAN after its first four digits",
    source: 'seed',
    rules: ['CE-MASK-PAN', 'CE-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-card-year-without-month-suspended',
    rule: 'the enroll operation never returns SUSPENDED (seed 000, States and transitions; Card: the expiry parts are each optional): a card sent with an expiry year and no month is enrolled SUSPENDED, as if its expiry were unknown',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  seeded({
    id: 'seeded-card-far-expiry-consumer-suspended',
    rule: 'the enroll operation never returns SUSPENDED (seed 000, States and transitions; Card.panExpirationYear: four digits): a card whose expiry year is more than fifty years ahead enrolls its consumer SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  seeded({
    id: 'rt-card-key-from-cookie',
    rule: 'the API key travels in the x-openapi-clientid header only (seed 000, Authentication): without the header, a cookie of that name is taken as the key',
    source: 'seed',
    rules: ['CE-AUTH-MISSING-KEY'],
  }),
  independent('independent-15', {
    id: 'i15-card-origin-unchecked-without-source',
    rule: 'a srcClientId registered to another client is 403 whoever enrolls the card (seed 000, Authentication 403; reference A2; Origin: cardSource is optional): a request that names no cardSource skips the origin check and enrolls under the other client',
    source: 'assumption',
    rules: ['CE-AUTH-ORIGIN'],
  }),
  independent('independent-15', {
    id: 'i15-card-created-date-cached-per-client',
    rule: "dateOfCardCreated is the UTC time the card was enrolled (seed 000, MaskedCard): every enrollment of a client after its first answers the first enrollment's creation date",
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-15', {
    id: 'i15-card-fullname-first-clear-card-path',
    rule: 'maskedFullName is masked (seed 000, MaskedConsumer; provider example "J*** D**"): on the card path it starts with the first name in clear',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-15', {
    id: 'i15-card-consumer-added-no-zone-card-path',
    rule: 'dateConsumerAdded is a UTC datetime (seed 000, MaskedConsumer): on the card path it is written without its Z designator (a local time with no zone)',
    source: 'seed',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-15', {
    id: 'i15-card-issuer-bin-five',
    rule: 'panBin is the first PAN digits at the length the reference fixes (seed 000, MaskedCard; reference/card-enrollment.md, panBin): a card whose cardSource is ISSUER shows one digit fewer',
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-15', {
    id: 'i15-card-far-expiry-suspended',
    rule: 'the enroll operation never returns SUSPENDED (seed 000, States and transitions): on the card path a card whose expiry year is more than ten years ahead is enrolled SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-15', {
    id: 'i15-card-receipt-email-subdomain-masked',
    rule: 'maskedEmailAddress keeps the domain after the last @ in clear (seed 000, MaskedConsumer; provider example "r*****1@mailinator.com"): on the receipt path the first label of a domain of three labels or more is masked',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-15', {
    id: 'i15-card-second-service-echoed-as-first-card-path',
    rule: "serviceId, when returned, is the one enrolled for (seed 000, MaskedCard): on the card path an enrollment for the client's second or third program echoes its first program",
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  independent('independent-15', {
    id: 'i15-card-merchant-card-id-braced',
    rule: 'srcDigitalCardId has the UUID pattern (seed 000, MaskedCard): on the card path a card enrolled by a merchant gets its id written in braces',
    source: 'seed',
    rules: ['CE-PAT-CARDID'],
  }),
  independent('independent-15', {
    id: 'i15-card-wallet-api-key-in-descriptor',
    rule: "no answer carries the API key in clear, in any member (seed 000, Authentication: the key is a credential; reference A2): on the card path a wallet's paymentCardDescriptor names the enrolling client by its x-openapi-clientid",
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  independent('independent-16', {
    id: 'i16-card-created-date-india-offset',
    rule: 'dateOfCardCreated is a UTC datetime (seed 000 MaskedCard "UTC datetime, when the card was enrolled"): for a consumer whose countryCode is IN it is written in Indian Standard Time with the offset of that zone',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-16', {
    id: 'i16-card-discover-bin-suspended',
    rule: 'the card is ACTIVE at enrollment (seed 000 States and transitions): a card whose PAN starts 6011 starts SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  independent('independent-16', {
    id: 'i16-card-issuer-bin-eight',
    rule: 'panBin is the first six PAN digits (seed 000 MaskedCard; reference panBin): on the card path an ISSUER enrollment answers eight digits',
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-16', {
    id: 'i16-card-wallet-expiry-year-two-digits',
    rule: 'panExpirationYear, when returned, is that of the card (seed 000 MaskedCard): a WALLET enrollment echoes the year in two digits',
    source: 'seed',
    rules: ['CE-ECHO-EXPIRY'],
  }),
  independent('independent-16', {
    id: 'i16-card-merchant-correlation-lowercased',
    rule: 'the request srcCorrelationId is echoed byte for byte (seed 000 SrcCorrelationId): on the card path a MERCHANT enrollment echoes it in lower case',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  independent('independent-16', {
    id: 'i16-card-fullname-family-first-japanese',
    rule: 'maskedFullName is the masked first name, a space, then the masked last name (provider Card API MaskedConsumer.maskedFullName "J*** D**"): on the card path a consumer with languageCode ja gets the last name first',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-16', {
    id: 'i16-card-pan-18-last-four-shifted',
    rule: 'panLastFour is the last four PAN digits for every PAN length the contract allows (seed 000 MaskedCard): an eighteen-digit PAN answers the four digits before its last one',
    source: 'seed',
    rules: ['CE-MASK-PAN'],
  }),
  independent('independent-16', {
    id: 'i16-card-receipt-email-domain-lowercased',
    rule: 'maskedEmailAddress keeps the domain sent in clear, case preserved (provider Card API maskedEmailAddress "r*****1@mailinator.com"): on the receipt path the domain is lower-cased',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-17', {
    id: 'i17-card-issuer-cvc-in-card-data',
    rule: 'no answer carries the security code sent, in any member (seed 000 MaskedCard: only panBin and panLastFour of the card, never the security code): on the card path an ISSUER enrollment returns it as digitalCardData.verificationCode',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  independent('independent-17', {
    id: 'i17-card-consumer-added-australia-local-card-path',
    rule: 'dateConsumerAdded is the enrollment instant in UTC whatever the country (seed 000 MaskedConsumer "UTC datetime"): on the card path a consumer whose countryCode is AU gets Sydney time (UTC+10) written with Z',
    source: 'seed',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-17', {
    id: 'i17-card-receipt-merchant-lastfour-after-bin',
    rule: 'a receipt yields the last four of the account it stands for (reference/card-enrollment.md A5; seed 000 MaskedCard panLastFour): on the receipt path a MERCHANT enrollment shows digits 7-10 of the account',
    source: 'assumption',
    rules: ['CE-RECEIPT-ACCOUNT'],
  }),
  independent('independent-17', {
    id: 'i17-card-receipt-key-first-of-list',
    rule: 'x-openapi-clientid is the bare key compared whole, the header sent twice is an unknown key (seed 000 Authentication; reference A2): on the receipt path a header holding the key, a comma and another value is accepted as the first',
    source: 'assumption',
    rules: ['CE-AUTH-KEY-FORM'],
  }),
  independent('independent-17', {
    id: 'i17-card-merchant-email-keeps-three',
    rule: 'maskedEmailAddress keeps the first character of the local part, maybe the last, and stars the rest (provider Card API example "r*****1@mailinator.com"): on the card path a MERCHANT enrollment keeps three leading characters in clear',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-17', {
    id: 'i17-card-issuer-serviceid-spaces-removed',
    rule: 'a serviceId with a space inside does not match ^[0-9a-zA-Z#_-]*$ nor resolve (seed 000 EnrollCardRequest; CE-LOOKUP-EXACT): on the card path for an ISSUER the spaces are taken out and the program enrolled for',
    source: 'seed',
    rules: ['CE-LOOKUP-EXACT', 'CE-PAT-SERVICEID'],
  }),
  independent('independent-17', {
    id: 'i17-card-wallet-card-id-per-program',
    rule: 'each enrollment returns a new srcDigitalCardId (reference/card-enrollment.md, the mock world): on the card path every WALLET enrollment of one program gets the same id',
    source: 'assumption',
    rules: ['CE-VAL-CARDID'],
  }),
  independent('independent-17', {
    id: 'i17-card-international-phone-consumer-suspended',
    rule: 'the consumer is ACTIVE at enrollment (seed 000 States and transitions): on the card path a consumer whose mobile calling code has three digits is answered SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-card-masked-lastname-hyphen-kept-card-path',
    rule: 'CE-MASK-NAMES: every character of the last name but the first is one * (provider Card API maskedLastName "D**"): on the card path a double-barrelled last name keeps its hyphen in clear and masks each part apart',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  seeded({
    id: 'rt2-card-fullname-first-trailing-space-trimmed',
    rule: 'CE-MASK-NAMES: maskedFullName is maskedFirstName, a space and maskedLastName (provider Card API maskedFullName "J*** D**"): the full name is built from the first name cut of its trailing white space',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  seeded({
    id: 'rt2-card-receipt-issuer-serviceid-uppercased',
    rule: 'CE-ECHO-SERVICEID: serviceId, when returned, is the one enrolled for (seed 000 MaskedCard): on the receipt path an ISSUER enrollment echoes it in upper case',
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  seeded({
    id: 'rt2-card-receipt-consumer-added-german-local-time',
    rule: 'CE-VAL-CONSUMER-ADDED: dateConsumerAdded is the enrollment instant in UTC whatever the language (seed 000 MaskedConsumer): on the receipt path a consumer with languageCode de gets Berlin time written with Z',
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  // The invariants of every enrollment answer, each broken under one input class another spec than the rule's own sends
  // (fixtures/assertions/card-enrollment-answer.ts judges every putCard answer of every spec).
  seeded({
    id: 'seeded-card-wallet-cvc-in-masked-card',
    rule: 'CE-OBJ-SENSITIVE: no answer carries the security code sent, in any member (seed 000 MaskedCard): on the card path a WALLET enrollment returns it as maskedCard.cardVerificationValue',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE'],
  }),
  seeded({
    id: 'seeded-card-receipt-consumer-added-canada-local',
    rule: 'CE-VAL-CONSUMER-ADDED: dateConsumerAdded is the enrollment instant in UTC whatever the country (seed 000 MaskedConsumer): on the receipt path a consumer whose countryCode is CA gets Toronto time (UTC-5) written with Z',
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  seeded({
    id: 'seeded-card-receipt-wallet-lastfour-first-four',
    rule: "CE-RECEIPT-ACCOUNT: a receipt yields the last four of the account it stands for (reference A5): on the receipt path a WALLET enrollment shows the account's first four digits as panLastFour",
    source: 'assumption',
    rules: ['CE-RECEIPT-ACCOUNT'],
  }),
  seeded({
    id: 'seeded-card-receipt-merchant-email-keeps-two',
    rule: 'CE-MASK-EMAIL: the local part keeps its first character, maybe its last, and stars the rest (provider Card API "r*****1@mailinator.com"): on the receipt path a MERCHANT enrollment keeps two leading characters in clear',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  seeded({
    id: 'seeded-card-receipt-brazil-consumer-suspended',
    rule: 'CE-STATE-ACTIVE: the consumer is ACTIVE at enrollment (seed 000 States and transitions): on the receipt path a consumer whose countryCode is BR is answered SUSPENDED',
    source: 'seed',
    rules: ['CE-STATE-ACTIVE'],
  }),
  seeded({
    id: 'seeded-card-receipt-lowercase-correlation-uppercased',
    rule: 'CE-ECHO-CORRELATION: the request srcCorrelationId is echoed byte for byte (seed 000 SrcCorrelationId): on the receipt path an id written all in lower case is echoed in upper case',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  seeded({
    id: 'seeded-card-receipt-merchant-serviceid-lowercased',
    rule: 'CE-ECHO-SERVICEID: serviceId, when returned, is the one enrolled for (seed 000 MaskedCard): on the receipt path a MERCHANT enrollment echoes it in lower case',
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  independent('independent-18', {
    id: 'i18-card-merchant-cvc-in-consumer',
    rule: 'no answer carries the security code sent, in any member (seed 000 MaskedCard: the security code never returned): on the card path a MERCHANT enrollment returns it in a new maskedConsumer member, securityCodeHint',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE', 'CE-SENSITIVE-ECHO'],
  }),
  independent('independent-18', {
    id: 'i18-card-receipt-consumer-added-eastern-time',
    rule: 'dateConsumerAdded is the enrollment instant in UTC (seed 000 MaskedConsumer "UTC datetime"): on the receipt path a US consumer gets New York winter time (UTC-5) written with Z',
    source: 'seed',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-18', {
    id: 'i18-card-receipt-issuer-correlation-regenerated',
    rule: 'the srcCorrelationId sent is echoed byte for byte (seed 000 SrcCorrelationId): on the receipt path an ISSUER enrollment answers a freshly generated id in its place',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  independent('independent-18', {
    id: 'i18-card-wallet-serviceid-uppercased',
    rule: 'serviceId, when returned, is the one enrolled for (seed 000 MaskedCard; CE-STATE-OWN-IDS "echoed as sent"): on the card path a WALLET enrollment echoes it in upper case',
    source: 'seed',
    rules: ['CE-ECHO-SERVICEID'],
  }),
  independent('independent-18', {
    id: 'i18-card-receipt-fullname-double-space',
    rule: 'maskedFullName is maskedFirstName, one space and maskedLastName (provider Card API MaskedConsumer example "J*** D**"): on the receipt path two spaces are written between them',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-18', {
    id: 'i18-card-merchant-cvc-four-refused',
    rule: 'Card.cardSecurityCode is accepted anywhere within its length limits (seed 000 Limits) whoever enrolls (CE-SOURCE-EVERY-RULE): on the card path a MERCHANT card with a four-digit code, inside the limits, is refused 400 as too long',
    source: 'seed',
    rules: ['CE-LIM-CVC', 'CE-SOURCE-EVERY-RULE'],
  }),
  independent('independent-18', {
    id: 'i18-card-luhn-unchecked-19',
    rule: 'a PAN failing the ISO/IEC 7812 check digit is 400 at every length the contract allows (reference/card-enrollment.md A3): a 19-digit PAN is not checked',
    source: 'assumption',
    rules: ['CE-LUHN'],
  }),
  independent('independent-18', {
    id: 'i18-card-wallet-identity-value-one-short',
    rule: 'maskedIdentityValue is the address sent masked as maskedEmailAddress, its length kept (provider Card API MaskedConsumerIdentity example "r*****1@mailinator.com"): on the card path a WALLET enrollment drops one star of the local part',
    source: 'provider',
    rules: ['CE-MASK-IDENTITY'],
  }),
  independent('independent-19', {
    id: 'i19-card-germany-created-berlin-offset',
    rule: 'dateOfCardCreated is the enrollment time in UTC with a UTC designator (seed 000 MaskedCard "UTC datetime"): on the card path a consumer in Germany gets the Berlin wall-clock time written with a +01:00 offset',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-19', {
    id: 'i19-card-receipt-first-initial-accent-folded',
    rule: 'maskedFirstName keeps the first character of the name as sent (provider Card API MaskedConsumer example "J***"; seed 000 MaskedConsumer): on the receipt path an accented first letter is folded to its base letter (É to E) in maskedFirstName and maskedFullName',
    source: 'provider',
    rules: ['CE-MASK-NAMES'],
  }),
  independent('independent-19', {
    id: 'i19-card-issuer-correlation-prefix-dropped',
    rule: 'the request srcCorrelationId is echoed byte for byte (seed 000 SrcCorrelationId, an optional hex prefix and a UUID): on the card path an ISSUER enrollment echoes a prefixed id without its hex prefix and separator',
    source: 'seed',
    rules: ['CE-ECHO-CORRELATION'],
  }),
  independent('independent-19', {
    id: 'i19-card-cardholder-pan-in-card-data',
    rule: 'no answer carries the card number sent in clear, in any member (seed 000 MaskedCard: only panBin and panLastFour): on the card path a CARDHOLDER enrollment returns the full PAN as digitalCardData.panReference',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE', 'CE-SENSITIVE-ECHO'],
  }),
  independent('independent-19', {
    id: 'i19-card-receipt-issuer-email-domain-lowercased',
    rule: 'maskedEmailAddress shows the domain sent in clear with its case preserved (provider Card API MaskedConsumer.maskedEmailAddress example): on the receipt path an ISSUER enrollment lower-cases the domain',
    source: 'provider',
    rules: ['CE-MASK-EMAIL'],
  }),
  independent('independent-19', {
    id: 'i19-card-receipt-phone-spaces-accepted',
    rule: 'mobileNumber.phoneNumber is digits only (seed 000 PhoneNumber): on the receipt path a phone number written with spaces between its digits is judged with the spaces taken out and enrolled (200) instead of 400',
    source: 'seed',
    rules: ['CE-PAT-PHONE'],
  }),
  independent('independent-19', {
    id: 'i19-card-japanese-consumer-added-tokyo-time',
    rule: 'dateConsumerAdded of a new consumer is the enrollment instant in UTC whatever the consumer\'s language (seed 000 MaskedConsumer "UTC datetime"): on the card path a consumer with languageCode ja gets Tokyo time (UTC+9) written with Z',
    source: 'assumption',
    rules: ['CE-VAL-CONSUMER-ADDED'],
  }),
  independent('independent-19', {
    id: 'i19-card-receipt-issuer-descriptor-too-long',
    rule: 'a response keeps descriptorName within its length limit (seed 000 Limits; DigitalCardData): on the receipt path an ISSUER enrollment answers a descriptorName built from the card name and the program, longer than the limit',
    source: 'seed',
    rules: ['CE-LIM-RESPONSE'],
  }),
  independent('independent-20', {
    id: 'i20-card-empty-correlation-generated-card-path',
    rule: 'a member sent empty is refused (400 INVALID_ARGUMENT naming it), never taken as absent (seed 000 SrcCorrelationId pattern; EnrollCardRequest): on the card path an empty srcCorrelationId is taken as absent and a new one generated (200)',
    source: 'seed',
    rules: ['CE-REQ-EMPTY', 'CE-PAT-CORRELATIONID'],
  }),
  independent('independent-20', {
    id: 'i20-card-detail-source-snake-case-card-path',
    rule: 'a 400 names the offending field by its dotted JSON path (seed 000 ErrorDetail.source; reference A4): on the card path the detail names a camel-case member in snake case (consumer.first_name)',
    source: 'assumption',
    rules: ['CE-ERR-FIELD'],
  }),
  independent('independent-20', {
    id: 'i20-card-receipt-id-inner-space-removed',
    rule: 'a receipt id resolves only as registered, a space inside it resolving to nothing (reference A5; seed 000 Errors INVALID_STATE): on the receipt path a receipt id with white space inside is looked up with it taken out and enrolled',
    source: 'assumption',
    rules: ['CE-LOOKUP-EXACT', 'CE-STATE-UNKNOWN-RECEIPT'],
  }),
  independent('independent-20', {
    id: 'i20-card-receipt-firstname-31-accepted',
    rule: 'consumer.firstName is within its maximum length (seed 000 Limits): on the receipt path a first name one character over the limit is enrolled (200) instead of refused',
    source: 'seed',
    rules: ['CE-LIM-FIRSTNAME'],
  }),
  independent('independent-20', {
    id: 'i20-card-issuer-cvc-two-digits-accepted',
    rule: 'Card.cardSecurityCode is within its documented length range (seed 000 Card; Limits): on the card path an ISSUER enrollment with a security code one character short of the minimum is enrolled (200) instead of refused',
    source: 'seed',
    rules: ['CE-LIM-CVC', 'CE-SOURCE-EVERY-RULE'],
  }),
  // Seeded beside the ISO codes sent with a region or a line break on each path (enroll-card.telling-formats.spec.ts).
  seeded({
    id: 'seeded-fam25-card-country-line-break-accepted-card-path',
    rule: 'consumer.countryCode is ISO 3166 alpha-2 (seed 000 Consumer): on the card path a code followed by a line break is accepted (200)',
    source: 'seed',
    rules: ['CE-FMT-COUNTRY'],
  }),
  independent('independent-20', {
    id: 'i20-card-language-region-accepted-receipt',
    rule: 'consumer.languageCode is an ISO 639-1 code (seed 000 Consumer): on the receipt path a language tag with a region (en-GB) is accepted (200)',
    source: 'seed',
    rules: ['CE-FMT-LANGUAGE'],
  }),
  independent('independent-20', {
    id: 'i20-card-receipt-wallet-created-date-no-zone',
    rule: 'dateOfCardCreated is a UTC date-time with its designator (seed 000 MaskedCard): on the receipt path a WALLET enrollment answers it without a zone designator',
    source: 'seed',
    rules: ['CE-VAL-CREATED'],
  }),
  independent('independent-20', {
    id: 'i20-card-unsourced-pan-in-descriptor',
    rule: 'no answer carries the card number sent in clear (seed 000 MaskedCard: only panBin and panLastFour): on the card path a card sent without cardSource gets the full PAN appended to paymentCardDescriptor',
    source: 'seed',
    rules: ['CE-OBJ-SENSITIVE', 'CE-SENSITIVE-ECHO'],
  }),
]);
