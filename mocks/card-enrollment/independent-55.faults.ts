// Card enrollment faults written blind (brief blind55): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash, randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt, provider, schema } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { refusals, type Refusal } from './errors.js';
import type { Profile } from './state.js';

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

/** A schema refusal whose every member in error is one `fields` accepts, for `keyword`. */
const onlyAbout = (r: Refusal | undefined, fields: (field: string) => boolean, keyword: string) =>
  !!r?.violations?.length && r.violations.every((v) => fields(v.field) && v.keyword === keyword);

/** The identity an enrollment names (seed 000, ConsumerIdentity). */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** A UUID-shaped digest of `text` (a derived id). */
const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** A payment account reference derived from `text` (the upper-case alphanumeric form references take). */
const referenceOf = (text: string) => `V001${createHash('sha256').update(text).digest('hex').slice(0, 25).toUpperCase()}`;

/** The release's own copy of the consumer name limit (the contract's Consumer.lastName maxLength). */
const NAME_LIMIT = 30;
/** The national-number length the release's masker assumes: shorter numbers are taken as local short codes. */
const SHORT_NUMBER = 7;
/** The release's own copies of the Card bounds (Card.cardSecurityCode minLength, Card.primaryAccountNumber maxLength). */
const CVC_MIN = 3;
const PAN_MAX = 20;
/** A step's refusal let pass when its only members in error are those `field` accepts, for `keyword`, and `when` holds. */
const passAt =
  (at: CardSeams['step'], field: (f: string) => boolean, keyword: string, when: (x: X) => boolean) =>
  (x: X, step: CardSeams['step'], r: Refusal | undefined) =>
    step === at && onlyAbout(r, field, keyword) && when(x) ? undefined : r;
const passCard = (field: string, keyword: string, when: (x: X) => boolean) => passAt('card', (f) => f === field, keyword, when);

export const INDEPENDENT_55_CARD_FAULTS = [
  fault('i55-ce-lastname-cut-to-limit', {
    rule: 'CE-LIM-LASTNAME: consumer.lastName past its maxLength is cut to its maxLength and enrolled (the masked last name of the cut name) instead of refused 400, where seed 000 Consumer.lastName and Limits give it a max length on every path',
    relax: schema('Consumer.lastName', { drop: ['maxLength'] }),
    judge: fold(
      'read',
      (x) => typeof x.body.consumer?.lastName === 'string' && Array.from(x.body.consumer.lastName as string).length > NAME_LIMIT,
      (x) => {
        x.body.consumer.lastName = Array.from(x.body.consumer.lastName as string)
          .slice(0, NAME_LIMIT)
          .join('');
      },
    ),
    ...blind,
  }),
  fault('i55-ce-firstname-limit-issuer', {
    rule: 'CE-LIM-FIRSTNAME, CE-SOURCE-EVERY-RULE: consumer.firstName past its maxLength is enrolled when cardSource is ISSUER (an issuer-pushed consumer trusted), where seed 000 Consumer.firstName and Limits hold the name to its max length whoever enrolls the card',
    judge: passAt(
      'schema',
      (f) => f === 'consumer.firstName',
      'maxLength',
      (x) => x.body.cardSource === 'ISSUER',
    ),
    ...blind,
  }),
  fault('i55-ce-cvc-one-short', {
    rule: 'CE-LIM-CVC: a cardSecurityCode one character shorter than its minLength is enrolled, the lower bound taken one short, where seed 000 Card.cardSecurityCode and Limits give it its minLength to maxLength characters',
    judge: passCard('card.cardSecurityCode', 'minLength', (x) => Array.from(x.card?.cardSecurityCode ?? '').length === CVC_MIN - 1),
    ...blind,
  }),
  fault('i55-ce-pan-one-over', {
    rule: 'CE-LIM-PAN: a primaryAccountNumber one digit past its maxLength, passing its check digit, is enrolled, the upper bound taken one long, where seed 000 Card.primaryAccountNumber and Limits give it its minLength to maxLength characters',
    judge: passCard('card.primaryAccountNumber', 'maxLength', (x) => (x.card?.primaryAccountNumber.length ?? 0) === PAN_MAX + 1),
    ...blind,
  }),
  fault('i55-ce-consumer-dormant-month', {
    rule: 'CE-STATE-ACTIVE: a consumer identity enrolled again in a later calendar month than its profile was added in (a dormancy check comparing month numbers, so an hour over a month end counts) is enrolled but answered with maskedConsumer.status SUSPENDED, where seed 000 States and transitions says the consumer profile is ACTIVE at enrollment',
    answer: enrolled((body, x) => {
      const added = body.maskedConsumer?.dateConsumerAdded;
      if (typeof added === 'string' && added.slice(0, 7) !== x.now.toISOString().slice(0, 7)) body.maskedConsumer.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i55-ce-correlation-resent-regenerated', {
    rule: 'CE-ECHO-CORRELATION: a request resent with a srcCorrelationId already answered (a retry) is answered with a newly generated srcCorrelationId instead of the one it carries, where seed 000 SrcCorrelationId says the request id is echoed',
    answer: enrolled((body, x, memory) => {
      const sent = x.body.srcCorrelationId;
      if (typeof sent !== 'string' || !sent) return;
      memory.seen ??= new Set<string>();
      if (memory.seen.has(sent)) body.srcCorrelationId = randomUUID();
      memory.seen.add(sent);
    }),
    ...blind,
  }),
  fault('i55-ce-generated-correlation-per-identity', {
    rule: 'CE-GEN-CORRELATION: the srcCorrelationId generated for a request without one is derived from the consumer identity sent (a digest), so every such request of one consumer is answered the same id, where seed 000 SrcCorrelationId says a new one is generated when the request has none',
    answer: enrolled((body, x) => {
      if (x.body.srcCorrelationId === undefined) body.srcCorrelationId = uuidOf(identityOf(x));
    }),
    ...blind,
  }),
  fault('i55-ce-mobile-short-unmasked', {
    rule: 'CE-MASK-MOBILE: the masked consumer carries maskedMobileNumber masked (its last digits alone) only for a number longer than the national length the masker assumes; a shorter phoneNumber, which PhoneNumber allows, is answered whole in clear, where seed 000 MaskedConsumer.maskedMobileNumber is the mobile number masked',
    answer: enrolled((body, x) => {
      const phone = x.body.consumer?.mobileNumber;
      if (!body.maskedConsumer || typeof phone?.phoneNumber !== 'string') return;
      const digits: string = phone.phoneNumber;
      body.maskedConsumer.maskedMobileNumber = {
        countryCode: phone.countryCode,
        phoneNumber: digits.length > SHORT_NUMBER ? digits.slice(-4) : digits,
      };
    }),
    ...blind,
  }),
  fault('i55-ce-par-first-sixteen', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference derived from only as many leading digits of the card number as its minLength, so two different card numbers longer than that sharing those digits are given one reference, where seed 000 MaskedCard.paymentAccountReference links one PAN to its tokens',
    answer: enrolled((body, x) => {
      if (x.card && body.maskedCard) body.maskedCard.paymentAccountReference = referenceOf(x.card.primaryAccountNumber.slice(0, 16));
    }),
    ...blind,
  }),
  fault('i55-ce-par-carries-pan', {
    rule: 'CE-OBJ-SENSITIVE, CE-SENSITIVE-ECHO: on the card-number path the masked card carries the card number sent as its paymentAccountReference (the account field filled from the PAN), where seed 000 MaskedCard shows only panBin and panLastFour of the card in clear',
    answer: enrolled((body, x) => {
      if (x.path === 'card' && x.card && body.maskedCard) body.maskedCard.paymentAccountReference = x.card.primaryAccountNumber;
    }),
    ...blind,
  }),
  fault('i55-ce-card-type-from-request', {
    rule: "CE-OBJ-READ-ONLY: a paymentCardType sent inside the encrypted card is answered as the masked card's paymentCardType (the decrypted card copied member by member), not the service's own value, where seed 000 Card declares no such member and MaskedCard is the service's answer",
    answer: enrolled((body, x) => {
      const sent = (x.card as Record<string, unknown> | undefined)?.paymentCardType;
      if (x.path === 'card' && sent !== undefined && body.maskedCard) body.maskedCard.paymentCardType = sent;
    }),
    ...blind,
  }),
  fault('i55-ce-missing-serviceid-invalid-state', {
    rule: 'CE-REQ-REQUEST, CE-PROP-REFUSAL-CODE: a request without serviceId is refused 400 INVALID_STATE as a serviceId that resolves to no program (the lookup run on the absent value), not INVALID_ARGUMENT, where seed 000 Errors gives a missing mandatory value INVALID_ARGUMENT',
    judge: (x, step, r) =>
      step === 'schema' && onlyAbout(r, (f) => f === 'serviceId' || f === 'body', 'required') && x.body.serviceId === undefined
        ? refusals.unknownService()
        : r,
    ...blind,
  }),
  fault('i55-ce-unknown-service-sourcetype-lower', {
    rule: 'CE-PROP-ERROR-DETAILS: the 400 INVALID_STATE of a serviceId that resolves to no program gives its detail sourceType in lower case (body), a value outside the ErrorDetail sourceType enum, on that refusal path only, where seed 000 ErrorDetail.sourceType is one of BODY, HEADER, PATH, QUERY',
    answer: (x, a) => {
      const details = a.body?.details;
      if (x.op !== 'putCard' || a.status !== 400 || !Array.isArray(details) || !details.some((d) => d.source === 'serviceId')) return a;
      return { ...a, body: { ...a.body, details: details.map((d: Record<string, unknown>) => ({ ...d, sourceType: 'body' })) } };
    },
    ...blind,
  }),
  fault('i55-ce-language-capitals', {
    rule: 'CE-FMT-LANGUAGE, CE-TYPE-FORMS: consumer.languageCode written in capitals (EN) is taken and enrolled, echoed in capitals, where seed 000 Consumer.languageCode is an ISO 639-1 code and a code in its case swapped is refused',
    judge: passAt(
      'schema',
      (f) => f === 'consumer.languageCode',
      'format',
      (x) => /^[A-Z]{2}$/.test(`${x.body.consumer?.languageCode}`),
    ),
    ...blind,
  }),
  fault('i55-ce-uri-space-taken', {
    rule: 'CE-FMT-URI: a privacy or tnc latestVersionUri holding a raw space (not a URI) is enrolled, the value checked only for a scheme before its first colon, where seed 000 ComplianceSettings says latestVersionUri is a URI',
    judge: passAt(
      'schema',
      (f) => f.endsWith('.latestVersionUri'),
      'format',
      (x) => {
        const uris = [x.body.complianceSettings?.privacy?.latestVersionUri, x.body.complianceSettings?.tnc?.latestVersionUri];
        return (
          uris.some((u) => typeof u === 'string' && u.includes(' ')) &&
          uris.every((u) => typeof u === 'string' && /^[a-z][a-z0-9+.-]*:\S/i.test(u))
        );
      },
    ),
    ...blind,
  }),
  fault('i55-ce-profile-redates-previous', {
    rule: "CE-VAL-PROFILE: adding a new consumer profile also writes the enrollment instant into the dateConsumerAdded of the profile the same client added before (the update applied to the client's previous row), so that earlier identity enrolled again names its profile with another dateConsumerAdded, where seed 000 MaskedConsumer.dateConsumerAdded is when its own profile was added",
    state: (x, change: Profile, memory) => {
      if (x.world.profiles.has(identityOf(x))) return change;
      const key = x.client?.apiKey ?? '';
      memory.last ??= {};
      const previous: Profile | undefined = memory.last[key];
      if (previous && previous !== change) previous.dateConsumerAdded = change.dateConsumerAdded;
      memory.last[key] = change;
      return change;
    },
    ...blind,
  }),
  fault('i55-ce-lastused-decimal-comma', {
    rule: "CE-DATE-UNIT, CE-RESP-FORMS: an identity enrolled again is answered with maskedConsumer.dateConsumerLastUsed written with a decimal comma before its fraction of a second (a locale's separator), which is no RFC 3339 date-time, where seed 000 MaskedConsumer.dateConsumerLastUsed is a UTC datetime",
    answer: enrolled((body, x) => {
      const consumer = body.maskedConsumer;
      if (!consumer || consumer.dateConsumerAdded === x.now.toISOString()) return;
      consumer.dateConsumerLastUsed = x.now.toISOString().replace('.', ',');
    }),
    ...blind,
  }),
  fault('i55-ce-unavailable-no-message', {
    rule: "CE-ERR-UNAVAILABLE: a client's second enrollment within the same second is answered 503 (a burst held back) whose error body carries no message, where the provider's Card API 1.0.0 attaches a 503 of the error body with a message to putCard",
    judge: refuse(
      'received',
      (x, memory) => {
        const key = x.key ?? '';
        memory.at ??= {};
        const last: number | undefined = memory.at[key];
        memory.at[key] = x.now.getTime();
        return last !== undefined && x.now.getTime() - last < 1000;
      },
      { status: 503, code: 'UNAVAILABLE', message: 'held', headers: { 'retry-after': '1' } },
    ),
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 503 || !a.body) return a;
      const { message: _dropped, ...rest } = a.body;
      return { ...a, body: rest };
    },
    ...provider,
    ...blind,
  }),
];
