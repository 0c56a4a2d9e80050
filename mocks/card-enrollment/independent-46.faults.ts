// Card enrollment faults written blind (brief blind46): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams, Refusal } from './cards.js';
import { maskName } from './cards.js';
import { invalid } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

type X = CardSeams['x'];
type Memory = Record<string, any>;

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X, memory: Memory) => void) =>
  (x: X, a: Answer, memory: Memory): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, memory);
    return { ...a, body };
  };

/** The key the mock finds a consumer profile by (cards.ts: identity type and value). */
const profileKey = (x: X): string => {
  const identity = x.body.consumer?.consumerIdentity ?? {};
  return `${identity.identityType} ${identity.identityValue}`;
};

/** The state seam of a fault that needs to know, at the answer, whether the profile existed before this enrollment. */
const notesReturning = (x: X, profile: CardSeams['change'], memory: Memory): CardSeams['change'] => {
  const returning: WeakSet<X> = (memory.returning ??= new WeakSet<X>());
  if (x.world.profiles.has(profileKey(x))) returning.add(x);
  return profile;
};
const isReturning = (x: X, memory: Memory): boolean => !!memory.returning?.has(x);

/** A refusal with at least one violation about `field` (with `keyword`, when given). */
const about = (r: Refusal | undefined, field: string, keyword?: string): boolean =>
  !!r?.violations?.some((v) => v.field === field && (keyword === undefined || v.keyword === keyword));

/** A refusal whose every violation is about `field` (with `keyword`, when given). */
const onlyAbout = (r: Refusal | undefined, field: string, keyword?: string): boolean =>
  !!r?.violations?.length && r.violations.every((v) => v.field === field && (keyword === undefined || v.keyword === keyword));

/** The ISO 8601 week-numbering year of an instant (the year of the Thursday of its week): Java's `YYYY` where `yyyy` was meant. */
const isoWeekYear = (d: Date): number => {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  t.setUTCDate(t.getUTCDate() + 4 - (t.getUTCDay() || 7));
  return t.getUTCFullYear();
};

const isObjectBody = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A version 4 UUID in lower-case hex (RFC 9562 version and variant nibbles), stricter than the seed's 8-4-4-4-12. */
const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const lowerUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const INDEPENDENT_46_CARD_FAULTS = [
  // --- Dates: over a year end, on 29 February, in another form than the schema names
  fault('i46-ce-card-created-week-year', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated is formatted with the ISO week-numbering year instead of the calendar year, so a card enrolled in the last days of December whose week belongs to the next year (or the first days of January whose week belongs to the last) is dated a year off, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    answer: enrolled((body) => {
      const created = String(body.maskedCard.dateOfCardCreated);
      const year = isoWeekYear(new Date(created));
      if (String(year) !== created.slice(0, 4)) body.maskedCard.dateOfCardCreated = `${year}${created.slice(4)}`;
    }),
    ...blind,
  }),
  fault('i46-ce-consumer-added-leap-day', {
    rule: 'CE-VAL-CONSUMER-ADDED: a consumer profile added on 29 February is dated 1 March (its date built with a month table that gives February 28 days), so dateConsumerAdded is a day after the enrollment that added it and after the dateOfCardCreated of the same answer, where seed 000 MaskedConsumer.dateConsumerAdded is the UTC datetime the consumer was added and ConsumerIdentity.identityValue makes a new identity a profile this enrollment adds',
    state: (x, profile) =>
      !x.world.profiles.has(profileKey(x)) && profile.dateConsumerAdded.slice(5, 10) === '02-29'
        ? { ...profile, dateConsumerAdded: `${profile.dateConsumerAdded.slice(0, 5)}03-01${profile.dateConsumerAdded.slice(10)}` }
        : profile,
    ...blind,
  }),
  fault('i46-ce-expiry-month-after', {
    rule: 'CE-ECHO-EXPIRY: the card expiry is kept as the instant it stops being valid (the first instant of the month after) and the answer reads panExpirationMonth and panExpirationYear back from that instant, so every card answers the month after its expiry and a card expiring in December answers 01 of the next year, where seed 000 MaskedCard.panExpirationMonth/panExpirationYear are the card expiry for presentation',
    answer: enrolled((body) => {
      const card = body.maskedCard;
      if (!card.panExpirationMonth || !card.panExpirationYear) return;
      const ends = new Date(Date.UTC(Number(card.panExpirationYear), Number(card.panExpirationMonth), 1));
      card.panExpirationMonth = String(ends.getUTCMonth() + 1).padStart(2, '0');
      card.panExpirationYear = String(ends.getUTCFullYear());
    }),
    ...blind,
  }),
  fault('i46-ce-consumer-added-epoch-returning', {
    rule: 'CE-DATE-UNIT, CE-VAL-PROFILE: an identity enrolled again is answered with the dateConsumerAdded its profile store keeps, epoch milliseconds as a JSON number, instead of the UTC datetime string a new profile is answered with, where seed 000 MaskedConsumer.dateConsumerAdded is a string, UTC datetime',
    state: notesReturning,
    answer: enrolled((body, x, memory) => {
      if (isReturning(x, memory) && body.maskedConsumer)
        body.maskedConsumer.dateConsumerAdded = Date.parse(body.maskedConsumer.dateConsumerAdded);
    }),
    ...blind,
  }),
  fault('i46-ce-last-used-date-only', {
    rule: 'CE-DATE-UNIT: an identity enrolled again is answered with dateConsumerLastUsed as a calendar date alone (YYYY-MM-DD, the day of the use), no time and no zone, where seed 000 MaskedConsumer.dateConsumerLastUsed is a UTC datetime',
    state: notesReturning,
    answer: enrolled((body, x, memory) => {
      if (isReturning(x, memory) && body.maskedConsumer) body.maskedConsumer.dateConsumerLastUsed = x.now.toISOString().slice(0, 10);
    }),
    ...blind,
  }),
  // --- Two objects of one owner; a decision applied to the other
  fault('i46-ce-bin-last-four-of-first-card', {
    rule: "CE-MASK-PAN: the masked card's panBin and panLastFour are cached per consumer profile, so a second card number enrolled into the same profile is answered with the bin and last four of the profile's first card, where seed 000 MaskedCard.panBin/panLastFour are the first digits and the last four of the PAN enrolled",
    answer: enrolled((body, x, memory) => {
      const cache: Map<string, { panBin: string; panLastFour: string }> = (memory.byProfile ??= new Map());
      const first = cache.get(profileKey(x));
      if (first) Object.assign(body.maskedCard, first);
      else cache.set(profileKey(x), { panBin: body.maskedCard.panBin, panLastFour: body.maskedCard.panLastFour });
    }),
    ...blind,
  }),
  fault('i46-ce-profile-key-64', {
    rule: 'CE-VAL-PROFILE: the consumer profile is found by the first characters of identityValue up to the maximum of an e-mail local part, so two e-mail addresses sharing a local part of that length at different domains name one profile, its srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue (up to its maxLength) locates the profile and another identity is another profile',
    state: (x, profile) => {
      if (x.world.profiles.has(profileKey(x))) return profile;
      const prefix = profileKey(x).slice(0, profileKey(x).indexOf(' ') + 1 + 64);
      for (const [key, other] of x.world.profiles) if (key.slice(0, prefix.length) === prefix) return other;
      return profile;
    },
    ...blind,
  }),
  fault('i46-ce-card-moved-cancelled', {
    rule: "CE-STATE-ACTIVE: a card number already enrolled under another consumer identity is moved to the new profile, and the answer shows the status of the record it cancelled in the old one (digitalCardData.status CANCELLED) instead of the new card's, where seed 000 States says the enroll operation never returns CANCELLED",
    answer: enrolled((body, x, memory) => {
      const owners: Map<string, string> = (memory.owners ??= new Map());
      const pan = x.card?.primaryAccountNumber;
      if (!pan) return;
      const before = owners.get(pan);
      owners.set(pan, profileKey(x));
      if (before !== undefined && before !== profileKey(x))
        body.maskedCard.digitalCardData = { ...body.maskedCard.digitalCardData, status: 'CANCELLED' };
    }),
    ...blind,
  }),
  // --- A member derived from the wrong input; an id in another form when read back
  fault('i46-ce-masked-last-name-from-first', {
    rule: "CE-MASK-FORM, CE-PROP-ECHO-AS-SENT: maskedLastName is the consumer's first name masked (the first name's mask written into both members), not the last name masked, where seed 000 MaskedConsumer.maskedLastName is the masked view of the consumer's lastName",
    answer: enrolled((body, x) => {
      if (body.maskedConsumer && typeof x.body.consumer?.firstName === 'string')
        body.maskedConsumer.maskedLastName = maskName(x.body.consumer.firstName);
    }),
    ...blind,
  }),
  fault('i46-ce-consumer-id-unhyphenated-returning', {
    rule: 'CE-VAL-PROFILE, CE-RESP-FORMS: an identity enrolled again is answered with its srcConsumerId as the store keeps it, 32 hex digits without the hyphens, so it neither has the UUID pattern nor reads as the id the first enrollment named, where seed 000 MaskedConsumer.srcConsumerId has the UUID pattern and the same identity names the same profile',
    state: notesReturning,
    answer: enrolled((body, x, memory) => {
      if (isReturning(x, memory) && body.maskedConsumer?.srcConsumerId)
        body.maskedConsumer.srcConsumerId = String(body.maskedConsumer.srcConsumerId).replace(/-/g, '');
    }),
    ...blind,
  }),
  // --- A refusal's status or detail wrong on one refusal path
  fault('i46-ce-correlation-refusal-names-client', {
    rule: 'CE-ERR-FIELD, CE-PAT-CORRELATIONID: a srcCorrelationId outside its pattern is refused 400 INVALID_ARGUMENT with a detail whose source is srcClientId (one UUID check reporting the first UUID member), not srcCorrelationId, where seed 000 ErrorDetail.source is the offending parameter',
    judge: (_x, step, r) =>
      step === 'schema' && about(r, 'srcCorrelationId')
        ? {
            ...r!,
            violations: r!.violations!.map((v) =>
              v.field === 'srcCorrelationId'
                ? { ...v, field: 'srcClientId', message: v.message.replace('srcCorrelationId', 'srcClientId') }
                : v,
            ),
          }
        : r,
    ...blind,
  }),
  fault('i46-ce-origin-403-invalid-state', {
    rule: 'CE-PROP-ERROR-STATUS, CE-AUTH-ORIGIN: the 403 of a srcClientId registered to another client carries the error status INVALID_STATE (the origin judged with the ids that resolve), a status value seed 000 Errors gives the 400 alone, where the 403 is the client identity (origin) not validated',
    judge: (_x, step, r) => (step === 'origin' && r?.status === 403 ? { ...r, code: 'INVALID_STATE' } : r),
    ...blind,
  }),
  fault('i46-ce-card-pan-missing-internal', {
    rule: 'CE-REQ-CARD: an encrypted card without primaryAccountNumber is answered 500 INTERNAL (the bin read before the card is validated), where seed 000 Errors files a missing card.primaryAccountNumber under 400 INVALID_ARGUMENT',
    judge: (_x, step, r) =>
      step === 'card' && about(r, 'card.primaryAccountNumber', 'required')
        ? { status: 500, code: 'INTERNAL', message: 'Internal failure.' }
        : r,
    ...blind,
  }),
  // --- Limits and patterns: an off-by-one, a stricter or looser check than the seed's
  fault('i46-ce-pan-fifteen-digits', {
    rule: 'CE-LIM-PAN: a primaryAccountNumber one digit shorter than its minLength (an American Express length) passing its check digit is enrolled, the lower bound taken one short, where seed 000 Card.primaryAccountNumber and Limits set its minLength and maxLength',
    judge: (x, step, r) =>
      step === 'card' && x.card?.primaryAccountNumber?.length === 15 && onlyAbout(r, 'card.primaryAccountNumber', 'minLength')
        ? undefined
        : r,
    ...blind,
  }),
  fault('i46-ce-identity-value-255-refused', {
    rule: 'CE-LIM-IDENTITYVALUE: a consumerIdentity.identityValue of exactly its maxLength is refused 400, the maximum taken as exclusive, where seed 000 ConsumerIdentity.identityValue and Limits allow up to that length',
    judge: refuse(
      'schema',
      (x) => String(x.body.consumer?.consumerIdentity?.identityValue ?? '').length === 255,
      invalid(
        'consumer.consumerIdentity.identityValue',
        'maxLength',
        'consumer.consumerIdentity.identityValue must NOT have more than 254 characters',
      ),
    ),
    ...blind,
  }),
  fault('i46-ce-receipt-mobile-optional', {
    rule: 'CE-REQ-CONSUMER: on the push-account-receipt path a consumer without mobileNumber is enrolled (the receipt taken to stand for the contact details), where seed 000 Consumer has every member required on each path',
    judge: (x, step, r) => (step === 'schema' && x.path === 'receipt' && onlyAbout(r, 'consumer.mobileNumber', 'required') ? undefined : r),
    ...blind,
  }),
  fault('i46-ce-client-id-v4-only', {
    rule: 'CE-PAT-SRCCLIENTID, CE-PROP-REFUSAL-CODE: srcClientId is checked as a UUID of one version only (its version and variant nibbles), so a lower-case hex id of its pattern but another version of another version is refused 400 INVALID_ARGUMENT as malformed, not judged as an id (INVALID_STATE when it names nothing), where seed 000 EnrollCardRequest.srcClientId is any lower-case hex UUID of its pattern',
    judge: refuse(
      'schema',
      (x) => typeof x.body.srcClientId === 'string' && lowerUuid.test(x.body.srcClientId) && !uuidV4.test(x.body.srcClientId),
      invalid('srcClientId', 'pattern', 'srcClientId must be a version 4 UUID'),
    ),
    ...blind,
  }),
  fault('i46-ce-phone-calling-code-two-digits', {
    rule: "CE-PAT-PHONE, CE-VALID-FORMS: mobileNumber.countryCode is held to two characters (the consumer countryCode's length applied to the phone's), so a one- or three-digit calling code (1, 353) is refused 400, where seed 000 PhoneNumber.countryCode is an international calling code of digits only",
    judge: refuse(
      'schema',
      (x) => {
        const code = x.body.consumer?.mobileNumber?.countryCode;
        return typeof code === 'string' && /^[0-9]+$/.test(code) && code.length !== 2;
      },
      invalid('consumer.mobileNumber.countryCode', 'pattern', 'consumer.mobileNumber.countryCode must be 2 characters'),
    ),
    ...blind,
  }),
  fault('i46-ce-array-body-first-item', {
    rule: 'CE-ERR-MALFORMED, CE-TYPE-FORMS: a body that is a JSON array holding an enrollment request is taken as its first item and enrolled (a batch form read leniently), where seed 000 POST /cards takes one EnrollCardRequest object and Errors answers a body not matching the request schema 400 INVALID_ARGUMENT',
    judge: fold(
      'received',
      (x) => Array.isArray(x.sent) && isObjectBody(x.sent[0]),
      (x) => {
        const first = (x.sent as unknown[])[0] as Record<string, any>;
        x.sent = first;
        x.body = first;
        x.path = first.encryptedCard !== undefined ? 'card' : first.enrolmentReferenceData !== undefined ? 'receipt' : undefined;
      },
    ),
    ...blind,
  }),
];
