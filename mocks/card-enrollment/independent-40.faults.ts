// Card enrollment faults written blind (brief blind40): each a deviation from one statement of seed 000 (or of the reference the
// rule catalogue cites), written from the seed, the contract and the behaviour modules only, the suite unread.
import { randomUUID } from 'node:crypto';
import { always, assumption, blind, faultWriter, judgesAt, schema } from '../kit/faults.js';
import { violations } from '../kit/validation.js';
import type { Answer, CardSeams, Enrollment } from './cards.js';
import { malformed, unresolved } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip, refuse } = judgesAt<CardSeams>();

/** An accepted enrollment's answer, bent by `change` (any other answer, and the key set, unchanged). */
const enrolment =
  (change: (x: Enrollment, body: Record<string, any>) => void) =>
  (x: Enrollment, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(x, body);
    return { ...a, body };
  };

/** The request schema of putCard, as the mock's contract has it. */
const requestValid = (x: Enrollment) => x.contract.requestValidator('putCard')!;

/** A few countries' standard offsets from UTC in minutes (what a release writing local time would use). */
const OFFSETS: Record<string, number> = { FR: 60, DE: 60, ES: 60, IT: 60, IN: 330, JP: 540, AU: 600, BR: -180, US: -300, CA: -300 };

/** An instant written as the wall time of an offset, with that offset (ISO 8601, e.g. 2026-01-01T10:00:00.000+01:00). */
function atOffset(iso: string, minutes: number): string {
  const local = new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, -1);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The URI without its query and fragment. */
const bare = (uri: unknown) => (typeof uri === 'string' ? uri.replace(/[?#].*$/, '') : uri);

/** An e-mail address with its domain lower-cased. */
const lowerDomain = (value: unknown) =>
  typeof value === 'string' && value.includes('@')
    ? value.slice(0, value.lastIndexOf('@')) + value.slice(value.lastIndexOf('@')).toLowerCase()
    : value;

export const INDEPENDENT_40_CARD_FAULTS = [
  // --- Which refusal wins, and authentication's own form
  fault('i40-ce-auth-unknown-key-judged-after-schema', {
    rule: 'CE-AUTH-UNKNOWN-KEY: a request with a missing or unknown API key whose body also breaks the request schema is answered with the 400 of the schema, not the 401 of the failed key check, so the body is judged for a caller never authenticated.',
    judge: (x, s, r) => {
      if (s !== 'key' || !r) return r;
      const validate = requestValid(x);
      return validate(x.body) ? r : malformed(violations(validate.errors));
    },
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-auth-key-after-scheme-word', {
    rule: 'CE-AUTH-KEY-FORM: an x-openapi-clientid sent as a scheme word (Bearer) followed by the registered key is taken as the key and enrolled, where the header carries the bare key and anything else is an unknown key.',
    judge: fold(
      'received',
      (x) => typeof x.key === 'string' && /^bearer\s+/i.test(x.key),
      (x) => {
        x.key = x.key!.replace(/^bearer\s+/i, '');
      },
    ),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-origin-foreign-client-as-unresolved', {
    rule: 'CE-AUTH-ORIGIN: a srcClientId registered to another client is answered as one that resolves to nothing (400 INVALID_STATE naming srcClientId), not with the 403 of an origin not validated.',
    judge: (_x, s, r) => (s === 'origin' && r ? unresolved('srcClientId', 'srcClientId does not resolve to a registered client.') : r),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-err-malformed-json-internal', {
    rule: 'CE-ERR-MALFORMED: a body that is not JSON at all is answered 500 INTERNAL (the parser failure leaking as an internal error), where the seed files a malformed request under 400 INVALID_ARGUMENT.',
    judge: (x, s, r) =>
      s === 'body' && r && x.sent instanceof Error ? { status: 500, code: 'INTERNAL', message: 'Internal failure.' } : r,
    ...blind,
  }),
  // --- The request as judged: null, both paths, enum case, counting
  fault('i40-ce-null-optional-member-as-absent', {
    rule: 'CE-REQ-NULL: an optional member sent as null (cardSource, srcCorrelationId) is taken as left out and the enrollment accepted, where a null is a value of no documented type and refused.',
    judge: fold('read', always, (x) => {
      for (const member of ['cardSource', 'srcCorrelationId']) if (x.body[member] === null) delete x.body[member];
    }),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-excl-both-paths-card-wins', {
    rule: 'CE-EXCL-PATH: a request carrying both encryptedCard and enrolmentReferenceData is enrolled by its card, the receipt silently ignored, where both at once is refused.',
    judge: skip('path', (x) => x.body.encryptedCard !== undefined && x.body.enrolmentReferenceData !== undefined),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-cardsource-enum-any-case', {
    rule: 'CE-TYPE-FORMS, CE-ENUM-CARDSOURCE: a cardSource in another case than the Origin enum lists (lower or mixed case) is upper-cased before it is judged and accepted, where only the listed values are valid.',
    judge: fold(
      'read',
      (x) => typeof x.body.cardSource === 'string',
      (x) => {
        x.body.cardSource = x.body.cardSource.toUpperCase();
      },
    ),
    ...blind,
  }),
  fault('i40-ce-firstname-counted-in-utf16-units', {
    rule: "CE-VALID-FORMS, CE-LIM-FIRSTNAME: consumer.firstName's maximum length is counted in UTF-16 code units, so a name within the limit in characters but written in letters outside the Basic Multilingual Plane is refused.",
    judge: refuse(
      'schema',
      (x) => {
        const name = x.body.consumer?.firstName;
        if (typeof name !== 'string' || Array.from(name).length === name.length) return false;
        return !requestValid(x)({ ...x.body, consumer: { ...x.body.consumer, firstName: 'x'.repeat(name.length) } });
      },
      () => malformed([{ field: 'consumer.firstName', keyword: 'maxLength', message: 'consumer.firstName is too long' }]),
    ),
    ...blind,
  }),
  // --- The correlation id
  fault('i40-ce-correlation-echo-lowercased', {
    rule: 'CE-ECHO-CORRELATION: a srcCorrelationId sent with upper-case hex digits (which its pattern allows) is echoed lower-cased, not as sent.',
    answer: enrolment((x, body) => {
      if (typeof x.body.srcCorrelationId === 'string') body.srcCorrelationId = x.body.srcCorrelationId.toLowerCase();
    }),
    ...blind,
  }),
  fault('i40-ce-correlation-generated-without-hyphens', {
    rule: 'CE-GEN-CORRELATION: the srcCorrelationId generated for a request without one is a bare run of hex digits without the UUID groups, so it does not match the SrcCorrelationId pattern the response declares.',
    answer: enrolment((x, body) => {
      if (x.body.srcCorrelationId === undefined) body.srcCorrelationId = randomUUID().replace(/-/g, '');
    }),
    ...blind,
  }),
  // --- Dates
  fault('i40-ce-consumer-added-in-local-time', {
    rule: "CE-VAL-CONSUMER-ADDED, CE-RESP-FORMS: the dateConsumerAdded of a new consumer profile (a UTC datetime in the seed's MaskedConsumer) is written as the wall time of the consumer's country with that country's offset, not as a UTC date-time.",
    state: (x, profile) => {
      const identity = x.body.consumer.consumerIdentity;
      const isNew = !x.world.profiles.has(`${identity.identityType} ${identity.identityValue}`);
      const offset = OFFSETS[String(x.body.consumer.countryCode).toUpperCase()];
      return isNew && offset ? { ...profile, dateConsumerAdded: atOffset(profile.dateConsumerAdded, offset) } : profile;
    },
    ...blind,
  }),
  fault('i40-ce-profile-added-date-refreshed', {
    rule: 'CE-VAL-PROFILE: the same consumer identity enrolled again names its profile with the same srcConsumerId but a dateConsumerAdded moved to the new enrollment, as if the profile were added again.',
    state: (x, profile) => {
      const identity = x.body.consumer.consumerIdentity;
      const known = x.world.profiles.has(`${identity.identityType} ${identity.identityValue}`);
      return known ? { ...profile, dateConsumerAdded: x.now.toISOString() } : profile;
    },
    ...blind,
  }),
  fault('i40-ce-card-created-at-day-start', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated carries the start of the enrollment day in UTC (its time of day dropped), not when the card was enrolled.',
    answer: enrolment((x, body) => {
      body.maskedCard.dateOfCardCreated = `${x.now.toISOString().slice(0, 10)}T00:00:00.000Z`;
    }),
    ...blind,
  }),
  // --- The masked card
  fault('i40-ce-expiry-month-unpadded', {
    rule: "CE-FMT-RESP-EXPIRY, CE-ECHO-EXPIRY: the answer's panExpirationMonth is the month read as a number, a month before October written with one digit, not in the MM form of two characters the masked card declares.",
    answer: enrolment((_x, body) => {
      const month = body.maskedCard.panExpirationMonth;
      if (typeof month === 'string') body.maskedCard.panExpirationMonth = String(Number(month));
    }),
    ...blind,
  }),
  fault('i40-ce-serviceid-cut-at-hash', {
    rule: "CE-ECHO-SERVICEID: the masked card's serviceId is the one enrolled for cut at its first '#' (read as a URL fragment), though the serviceId pattern allows that character.",
    answer: enrolment((_x, body) => {
      if (typeof body.maskedCard.serviceId === 'string') body.maskedCard.serviceId = body.maskedCard.serviceId.split('#')[0];
    }),
    ...blind,
  }),
  fault('i40-ce-art-uri-program-unencoded', {
    rule: "CE-PROP-URL-ENCODED: the card-art artUri carries the serviceId enrolled for in its query without percent-encoding, so a program id with a '#' ends the URI's query early.",
    answer: enrolment((x, body) => {
      const art = body.maskedCard.digitalCardData?.artUri;
      if (typeof art === 'string') body.maskedCard.digitalCardData.artUri = `${art}?program=${x.body.serviceId}`;
    }),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-iscobranded-as-text', {
    rule: "CE-RESP-FORMS: digitalCardData.iscobranded is answered as the text 'false' (read through the maxLength the seed also declares on it), not as the boolean the seed types it.",
    answer: enrolment((_x, body) => {
      const data = body.maskedCard.digitalCardData;
      if (data && typeof data.iscobranded === 'boolean') data.iscobranded = String(data.iscobranded);
    }),
    ...blind,
  }),
  fault('i40-ce-receipt-card-suspended', {
    rule: 'CE-STATE-ACTIVE: a card enrolled from a push account receipt is answered with digitalCardData.status SUSPENDED (pending the issuer), where the enrollment never returns that status.',
    answer: enrolment((x, body) => {
      if (x.path === 'receipt' && body.maskedCard.digitalCardData) body.maskedCard.digitalCardData.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i40-ce-par-new-per-enrollment', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference drawn anew at each enrollment, so the same card number enrolled again gets another reference, where the reference links one PAN to its tokens.',
    answer: enrolment((_x, body) => {
      body.maskedCard.paymentAccountReference = `5001${randomUUID().replace(/-/g, '').slice(0, 25).toUpperCase()}`;
    }),
    ...blind,
  }),
  // --- The masked consumer
  fault('i40-ce-accepted-version-query-dropped', {
    rule: "CE-PROP-ECHO-AS-SENT: the masked consumer's accepted privacy and terms versions drop the query and fragment of the latestVersionUri sent, where a URL shown carries it whole.",
    answer: enrolment((_x, body) => {
      const settings = body.maskedConsumer?.complianceSettings;
      if (!settings) return;
      for (const part of ['privacy', 'tnc']) if (settings[part]) settings[part].acceptedVersion = bare(settings[part].acceptedVersion);
    }),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-masked-email-domain-lowercased', {
    rule: 'CE-MASK-FORM: the masked e-mail address (maskedEmailAddress and maskedIdentityValue) shows its domain lower-cased, not in clear as sent.',
    answer: enrolment((_x, body) => {
      const consumer = body.maskedConsumer;
      if (!consumer) return;
      if (consumer.maskedEmailAddress) consumer.maskedEmailAddress = lowerDomain(consumer.maskedEmailAddress);
      if (consumer.maskedConsumerIdentity)
        consumer.maskedConsumerIdentity.maskedIdentityValue = lowerDomain(consumer.maskedConsumerIdentity.maskedIdentityValue);
    }),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-language-code-defaulted', {
    rule: "CE-PROP-ECHO-AS-SENT: the masked consumer's languageCode is the service's default language, not the ISO 639-1 code the consumer was sent with.",
    answer: enrolment((_x, body) => {
      if (body.maskedConsumer) body.maskedConsumer.languageCode = 'en';
    }),
    ...assumption,
    ...blind,
  }),
  fault('i40-ce-full-name-last-first', {
    rule: 'CE-MASK-FORM: maskedFullName puts the masked last name before the masked first name, where it is the masked first name, a space, then the masked last name.',
    answer: enrolment((_x, body) => {
      const c = body.maskedConsumer;
      if (c?.maskedFirstName !== undefined && c.maskedLastName !== undefined) c.maskedFullName = `${c.maskedLastName} ${c.maskedFirstName}`;
    }),
    ...assumption,
    ...blind,
  }),
  // --- The contract loosened or tightened (validation)
  fault('i40-ce-lim-lastname-at-bound-refused', {
    rule: 'CE-LIM-LASTNAME: consumer.lastName at exactly its maximum length is refused, the bound taken as exclusive.',
    relax: schema('Consumer.lastName', { shift: { maxLength: -1 } }),
    ...blind,
  }),
  fault('i40-ce-lim-pan-longest-refused', {
    rule: 'CE-LIM-PAN: a primaryAccountNumber of the longest length the Card allows is refused, the upper bound one short.',
    relax: schema('Card.primaryAccountNumber', { shift: { maxLength: -1 } }),
    ...blind,
  }),
  fault('i40-ce-lim-cvc-shortest-refused', {
    rule: 'CE-LIM-CVC: a cardSecurityCode of the shortest length the Card allows is refused, the lower bound one too high.',
    relax: schema('Card.cardSecurityCode', { shift: { minLength: 1 } }),
    ...blind,
  }),
  fault('i40-ce-enum-cardsource-wallet-refused', {
    rule: 'CE-ENUM-CARDSOURCE: cardSource WALLET, a value the Origin enum lists (a card stored on file by a commerce platform), is refused.',
    relax: schema('Origin', { remove: { enum: ['WALLET'] } }),
    ...blind,
  }),
  fault('i40-ce-enum-reftype-open', {
    rule: 'CE-ENUM-REFTYPE: enrolmentReferenceType takes any text, not only PUSH_ACCOUNT_RECEIPT, so a receipt of another type is enrolled.',
    relax: schema('EnrolmentReferenceData.enrolmentReferenceType', { drop: ['enum'] }),
    ...blind,
  }),
];
