// Card enrollment faults written blind (brief blind60): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { refusals, unresolved } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

type X = CardSeams['x'];

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X, memory: Record<string, any>) => void) =>
  (x: X, a: Answer, memory: Record<string, any>): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, memory);
    return { ...a, body };
  };

/** An error answer of putCard bent by `change` when `when` holds. */
const refused =
  (when: (x: X, a: Answer) => boolean, change: (body: Record<string, any>) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status < 400 || !a.body || !when(x, a)) return a;
    const body = structuredClone(a.body);
    change(body);
    return { ...a, body };
  };

const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

export const INDEPENDENT_60_CARD_FAULTS = [
  fault('i60-ce-later-client-id-foreign', {
    rule: "CE-VALID-ACCEPTED, CE-STATE-OWN-IDS, CE-AUTH-ORIGIN: a srcClientId the calling client holds is taken as its own only when it is the client's first registered id, so the same client enrolling under a later of its own srcClientIds is refused 403 origin not validated, where seed 000 POST /cards answers a request every document allows 200 and Authentication keeps 403 for an origin not the caller's",
    ...blind,
    judge: refuse(
      'origin',
      (x) => !!x.client && x.client.srcClientIds.indexOf(x.body.srcClientId) > 0,
      () => refusals.foreignOrigin(),
    ),
  }),
  fault('i60-ce-last-own-service-unresolved', {
    rule: "CE-VALID-ACCEPTED, CE-STATE-OWN-IDS, CE-STATE-UNKNOWN-SERVICE: the caller's programs are searched one short (its last program left out of the lookup), so a serviceId the calling client holds, its last, is refused 400 INVALID_STATE as resolving to nothing, where seed 000 Errors keeps INVALID_STATE for a serviceId that resolves to no entity and POST /cards answers a request every document allows 200",
    ...blind,
    judge: refuse(
      'service',
      (x) => !!x.owner && x.owner.serviceIds.indexOf(x.body.serviceId) === x.owner.serviceIds.length - 1,
      () => refusals.unknownService(),
    ),
  }),
  fault('i60-ce-unknown-client-detail-query', {
    rule: 'CE-PROP-ERROR-DETAILS, CE-STATE-UNKNOWN-CLIENT: the 400 INVALID_STATE of a srcClientId that resolves to no client gives its detail sourceType QUERY (the id taken for a query parameter), on that refusal path only, though srcClientId is a member of the request body, where seed 000 ErrorDetail.sourceType names the place of the offending parameter',
    ...blind,
    answer: refused(
      (_x, a) => a.body?.status === 'INVALID_STATE' && a.body?.details?.[0]?.source === 'srcClientId',
      (b) => {
        for (const d of b.details) d.sourceType = 'QUERY';
      },
    ),
  }),
  fault('i60-ce-unknown-service-receipt-argument', {
    rule: 'CE-STATE-UNKNOWN-SERVICE, CE-PROP-REFUSAL-CODE: on the push-account-receipt path a serviceId of its own form that resolves to no program is refused 400 with status INVALID_ARGUMENT (the card path keeps INVALID_STATE), where seed 000 Errors gives INVALID_STATE to a serviceId that does not resolve to an entity',
    ...blind,
    answer: refused(
      (x, a) => x.path === 'receipt' && a.body?.status === 'INVALID_STATE' && a.body?.details?.[0]?.source === 'serviceId',
      (b) => {
        b.status = 'INVALID_ARGUMENT';
      },
    ),
  }),
  fault('i60-ce-created-leap-day-clamped', {
    rule: 'CE-VAL-CREATED: a card enrolled on 29 February is dated 28 February (the day clamped to a common-year calendar), a day before it was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    ...blind,
    answer: enrolled((b, x) => {
      if (x.now.getUTCMonth() === 1 && x.now.getUTCDate() === 29)
        b.maskedCard.dateOfCardCreated = b.maskedCard.dateOfCardCreated.replace('-02-29T', '-02-28T');
    }),
  }),
  fault('i60-ce-created-new-year-previous-year', {
    rule: 'CE-VAL-CREATED: a card enrolled on the first day of a UTC year is dated in the year before (the year read from a clock west of UTC, the rest of the instant kept), a year before it was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    ...blind,
    answer: enrolled((b, x) => {
      if (x.now.getUTCMonth() === 0 && x.now.getUTCDate() === 1)
        b.maskedCard.dateOfCardCreated = `${x.now.getUTCFullYear() - 1}${b.maskedCard.dateOfCardCreated.slice(4)}`;
    }),
  }),
  fault('i60-ce-created-decimal-comma', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: dateOfCardCreated is written with a decimal comma before its fraction of a second (a locale separator ISO 8601 allows), which RFC 3339 does not, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime (the contract format date-time)',
    ...blind,
    answer: enrolled((b) => {
      b.maskedCard.dateOfCardCreated = b.maskedCard.dateOfCardCreated.replace('.', ',');
    }),
  }),
  fault('i60-ce-consumer-added-no-seconds', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: maskedConsumer.dateConsumerAdded is written to the minute (hours and minutes, then Z), its seconds left out, a form that is no RFC 3339 date-time, where seed 000 MaskedConsumer.dateConsumerAdded is a UTC datetime',
    ...blind,
    answer: enrolled((b) => {
      const d: string = b.maskedConsumer.dateConsumerAdded;
      b.maskedConsumer.dateConsumerAdded = `${d.slice(0, 16)}Z`;
    }),
  }),
  fault('i60-ce-receipt-lastfour-from-reference', {
    rule: 'CE-MASK-PAN, CE-RESP-FORMS: on the push-account-receipt path panLastFour is the last four characters of the enrolmentReferenceId sent (derived from the receipt id, not the account it stands for), where seed 000 MaskedCard.panLastFour is the last four PAN digits, numeric',
    ...blind,
    answer: enrolled((b, x) => {
      if (x.path === 'receipt') b.maskedCard.panLastFour = String(x.body.enrolmentReferenceData.enrolmentReferenceId).slice(-4);
    }),
  }),
  fault('i60-ce-bin-of-profile-first-card', {
    rule: "CE-MASK-PAN: a card enrolled into a consumer profile that already holds a card is answered with the panBin of the profile's first card (the bin read from the profile, not the card sent), so a second card of another range shows another card's first digits, where seed 000 MaskedCard.panBin is the first significant digits of the PAN enrolled",
    ...blind,
    answer: enrolled((b, x, m) => {
      const key = identityOf(x);
      m[key] ??= b.maskedCard.panBin;
      b.maskedCard.panBin = m[key];
    }),
  }),
  fault('i60-ce-expiry-month-of-enrollment', {
    rule: "CE-ECHO-EXPIRY: panExpirationMonth is answered as the month of the enrollment (read from the creation date, not the card), so a card expiring in another month shows the current month, where seed 000 MaskedCard.panExpirationMonth is the card's expiry month for presentation",
    ...blind,
    answer: enrolled((b, x) => {
      if (b.maskedCard.panExpirationMonth) b.maskedCard.panExpirationMonth = String(x.now.getUTCMonth() + 1).padStart(2, '0');
    }),
  }),
  fault('i60-ce-identity-type-case-folded', {
    rule: 'CE-ENUM-IDENTITYTYPE, CE-TYPE-FORMS: consumerIdentity.identityType is upper-cased before it is judged, so email_address in lower case is enrolled (answered as EMAIL_ADDRESS), where seed 000 ConsumerIdentity.identityType is the enum value EMAIL_ADDRESS and a value in another case is refused',
    ...blind,
    judge: fold(
      'read',
      (x) => typeof x.body.consumer?.consumerIdentity?.identityType === 'string',
      (x) => {
        x.body.consumer.consumerIdentity.identityType = x.body.consumer.consumerIdentity.identityType.toUpperCase();
      },
    ),
  }),
  fault('i60-ce-consumer-country-from-language', {
    rule: "CE-RESP-FORMS, CE-PROP-ECHO-AS-SENT: maskedConsumer.countryCode is derived from the consumer's languageCode upper-cased (EN for en), not from the countryCode sent, so it names no ISO 3166 country (or another one), where seed 000 MaskedConsumer.countryCode is an ISO 3166 alpha-2 code of the consumer",
    ...blind,
    answer: enrolled((b, x) => {
      b.maskedConsumer.countryCode = String(x.body.consumer.languageCode).toUpperCase();
    }),
  }),
  fault('i60-ce-unknown-receipt-names-service', {
    rule: 'CE-STATE-UNKNOWN-RECEIPT, CE-PROP-REFUSAL-MEMBER, CE-PROP-ERROR-DETAILS: the 400 INVALID_STATE of a receipt id naming no receipt names serviceId as its detail source (the receipt looked up under the program), where seed 000 ErrorDetail.source is the offending parameter, the enrolmentReferenceId',
    ...blind,
    judge: (_x, s, r) => (s === 'receipt' && r?.code === 'INVALID_STATE' ? unresolved('serviceId', 'Unknown push account receipt.') : r),
  }),
  fault('i60-ce-correlation-prefix-receipt-dropped', {
    rule: 'CE-ECHO-CORRELATION: on the push-account-receipt path a srcCorrelationId sent with its hex prefix is echoed without the prefix and its separator (the card path echoes it whole), where seed 000 SrcCorrelationId is echoed as the request sent it',
    ...blind,
    answer: enrolled((b, x) => {
      const sent = x.body.srcCorrelationId;
      if (x.path === 'receipt' && typeof sent === 'string' && sent.length > 36) b.srcCorrelationId = sent.slice(-36);
    }),
  }),
];
