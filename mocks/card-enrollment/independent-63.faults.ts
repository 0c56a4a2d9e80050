// Card enrollment faults written blind (brief blind63): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip } = judgesAt<CardSeams>();

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

/** A refusal's answer, its body bent by `change` (other answers pass unchanged). */
const refused =
  (change: (body: Record<string, any>, x: X) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status < 400 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x);
    return { ...a, body };
  };

const identityKey = (x: X) => {
  const identity = x.body.consumer?.consumerIdentity ?? {};
  return `${identity.identityType} ${identity.identityValue}`;
};

/** A mask that stars only ASCII letters and digits after the first character (a [A-Za-z0-9] class). */
const asciiMask = (value: string) => {
  const chars = Array.from(value);
  return (
    (chars[0] ?? '') +
    chars
      .slice(1)
      .map((c) => (/[A-Za-z0-9]/.test(c) ? '*' : c))
      .join('')
  );
};

const ORIGINS = ['CARDHOLDER', 'ISSUER', 'MERCHANT', 'WALLET'];
const PREFIXED_CORRELATION = /^[0-9a-f]{8}.[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const INDEPENDENT_63_CARD_FAULTS = [
  fault('i63-ce-empty-receipt-beside-card', {
    rule: 'CE-REQ-EMPTY: an enrolmentReferenceData sent as an empty object beside encryptedCard is taken as left out (an emptiness test where a presence test belongs) and the card enrolled, where seed 000 EnrollCardRequest and EnrolmentReferenceData make an empty enrolmentReferenceData present all the same, its required members missing, a 400 INVALID_ARGUMENT',
    ...blind,
    judge: fold(
      'received',
      (x) =>
        x.body.encryptedCard !== undefined &&
        typeof x.body.enrolmentReferenceData === 'object' &&
        x.body.enrolmentReferenceData !== null &&
        !Array.isArray(x.body.enrolmentReferenceData) &&
        Object.keys(x.body.enrolmentReferenceData).length === 0,
      (x) => {
        delete x.body.enrolmentReferenceData;
      },
    ),
  }),
  fault('i63-ce-unknown-receipt-sourcetype-path', {
    rule: 'CE-PROP-ERROR-DETAILS: the 400 INVALID_STATE of an enrolmentReferenceId naming no receipt gives its detail sourceType PATH (the receipt id taken for a path parameter of the lookup), on that refusal path only, though the id is a member of the request body, where seed 000 ErrorDetail.sourceType is the place of the offending parameter (BODY for a body member)',
    ...blind,
    answer: refused((body) => {
      if (body.status !== 'INVALID_STATE') return;
      for (const d of body.details ?? []) if (d.source === 'enrolmentReferenceData.enrolmentReferenceId') d.sourceType = 'PATH';
    }),
  }),
  fault('i63-ce-merchant-consumer-locked', {
    rule: 'CE-STATE-ACTIVE: an enrollment made at a merchant site (cardSource MERCHANT) is accepted but answered with maskedConsumer.status LOCKED (the profile held until the consumer confirms), where seed 000 States and transitions says the consumer profile status is ACTIVE at enrollment, whoever enrolls the card',
    ...blind,
    answer: enrolled((body, x) => {
      if (x.body.cardSource === 'MERCHANT' && body.maskedConsumer) body.maskedConsumer.status = 'LOCKED';
    }),
  }),
  fault('i63-ce-card-country-from-calling-code', {
    rule: "CE-RESP-FORMS: maskedCard.countryCode is filled from the consumer's mobileNumber.countryCode (the international calling code, digits) instead of the consumer's country, so it is no ISO 3166 alpha-2 code, where seed 000 MaskedCard.countryCode is ISO 3166 alpha-2",
    ...blind,
    answer: enrolled((body, x) => {
      const code = x.body.consumer?.mobileNumber?.countryCode;
      if (typeof code === 'string') body.maskedCard.countryCode = code;
    }),
  }),
  fault('i63-ce-shared-mobile-consumer-locked', {
    rule: 'CE-STATE-ACTIVE: a new consumer identity sent with the mobile number of another consumer the same client enrolled before is accepted but answered with maskedConsumer.status LOCKED (a shared-number fraud hold taken against the second consumer), where seed 000 States and transitions says the consumer profile status is ACTIVE at enrollment',
    ...blind,
    answer: enrolled((body, x, memory) => {
      const phone = x.body.consumer?.mobileNumber ?? {};
      const key = `${x.client?.apiKey} ${phone.countryCode} ${phone.phoneNumber}`;
      memory.byMobile ??= {};
      memory.byMobile[key] ??= identityKey(x);
      if (memory.byMobile[key] !== identityKey(x) && body.maskedConsumer) body.maskedConsumer.status = 'LOCKED';
    }),
  }),
  fault('i63-ce-expiry-last-day-refused', {
    rule: 'CE-VALID-ACCEPTED: a card whose expiry month and year are the current UTC month is refused 400 as expired on the last day of that month (its validity taken to end at the first instant of its last day, a day-zero date of the next month), though the card is valid through its expiry month and seed 000 POST /cards answers a valid enrollment 200',
    ...blind,
    judge: (x, step, refusal) => {
      if (refusal || step !== 'check-digit' || x.path !== 'card' || !x.card) return refusal;
      const month = Number(x.card.panExpirationMonth);
      const year = Number(x.card.panExpirationYear);
      if (!month || !year || x.now.getUTCFullYear() !== year || x.now.getUTCMonth() + 1 !== month) return refusal;
      return x.now.getTime() >= Date.UTC(year, month, 0)
        ? invalid('card.panExpirationMonth', 'expired', 'card.panExpirationMonth: the card has expired')
        : refusal;
    },
  }),
  fault('i63-ce-srcclientid-trailing-newline', {
    rule: 'CE-PAT-SRCCLIENTID, CE-TYPE-FORMS: a srcClientId followed by a line feed passes the pattern (an end anchor that matches before a final newline) and is enrolled with the line feed dropped, where seed 000 EnrollCardRequest.srcClientId is a lower-case hex UUID of its pattern and a value one character longer than its pattern is refused',
    ...blind,
    judge: fold(
      'read',
      (x) => typeof x.body.srcClientId === 'string' && x.body.srcClientId.endsWith('\n'),
      (x) => {
        x.body.srcClientId = x.body.srcClientId.slice(0, -1);
      },
    ),
  }),
  fault('i63-ce-mask-names-ascii-only', {
    rule: 'CE-MASK-NAMES: the consumer names are masked by starring only ASCII letters and digits, so a first or last name written in another script (Cyrillic, Greek) is answered whole in clear in maskedFirstName, maskedLastName and maskedFullName, where seed 000 says the response carries a masked consumer record (MaskedConsumer masked names)',
    ...blind,
    answer: enrolled((body, x) => {
      const consumer = x.body.consumer ?? {};
      if (!body.maskedConsumer) return;
      const first = asciiMask(String(consumer.firstName ?? ''));
      const last = asciiMask(String(consumer.lastName ?? ''));
      Object.assign(body.maskedConsumer, { maskedFirstName: first, maskedLastName: last, maskedFullName: `${first} ${last}` });
    }),
  }),
  fault('i63-ce-country-uk-accepted', {
    rule: 'CE-FMT-COUNTRY: consumer.countryCode UK (the exceptionally reserved code, not the ISO 3166 alpha-2 code of the United Kingdom, GB) is taken and enrolled, answered as sent, where seed 000 Consumer.countryCode is ISO 3166 alpha-2',
    ...blind,
    judge: (x, step, refusal) =>
      step === 'schema' &&
      x.body.consumer?.countryCode === 'UK' &&
      refusal?.violations?.length &&
      refusal.violations.every((v) => v.field === 'consumer.countryCode')
        ? undefined
        : refusal,
  }),
  fault('i63-ce-service-prefix-resolves', {
    rule: "CE-STATE-UNKNOWN-SERVICE: a serviceId is resolved as the leading part of one of the client's programs (a starts-with match), so a serviceId naming no program but the start of one is enrolled instead of refused 400 INVALID_STATE, where seed 000 Errors gives a serviceId that does not resolve to an entity 400 INVALID_STATE",
    ...blind,
    judge: skip('service', (x) => {
      const sent = x.body.serviceId;
      return typeof sent === 'string' && sent !== '' && !!x.owner?.serviceIds.some((s) => s.startsWith(sent));
    }),
  }),
  fault('i63-ce-receipt-created-offset-hours', {
    rule: 'CE-DATE-UNIT, CE-VAL-CREATED: on the push-account-receipt path dateOfCardCreated ends in an offset of hours alone (+00, a formatter writing its offset without minutes), which is no RFC 3339 date-time, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime',
    ...blind,
    answer: enrolled((body, x) => {
      if (x.path === 'receipt' && typeof body.maskedCard.dateOfCardCreated === 'string')
        body.maskedCard.dateOfCardCreated = body.maskedCard.dateOfCardCreated.replace(/Z$/, '+00');
    }),
  }),
  fault('i63-ce-repeat-first-name-in-clear', {
    rule: 'CE-MASK-NAMES: a consumer identity enrolled again is answered with maskedFirstName (and the first name in maskedFullName) read from the stored profile, the first name it was first enrolled with, in clear, where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedFirstName)',
    ...blind,
    answer: enrolled((body, x, memory) => {
      memory.firstNames ??= {};
      const key = identityKey(x);
      const stored = memory.firstNames[key];
      if (stored === undefined) {
        memory.firstNames[key] = x.body.consumer?.firstName;
        return;
      }
      if (!body.maskedConsumer) return;
      body.maskedConsumer.maskedFirstName = stored;
      body.maskedConsumer.maskedFullName = `${stored} ${body.maskedConsumer.maskedLastName}`;
    }),
  }),
  fault('i63-ce-prefixed-correlation-internal', {
    rule: 'CE-VALID-FORMS, CE-PAT-CORRELATIONID, CE-VALID-ACCEPTED: a valid request whose srcCorrelationId carries the optional hex prefix is answered 500 INTERNAL (the tracing layer parsing the id as a bare UUID), where seed 000 SrcCorrelationId allows that prefix and POST /cards answers a valid enrollment 200',
    ...blind,
    judge: (x, step, refusal) =>
      refusal ??
      (step === 'receipt' && typeof x.body.srcCorrelationId === 'string' && PREFIXED_CORRELATION.test(x.body.srcCorrelationId)
        ? { status: 500, code: 'INTERNAL', message: 'Internal failure.' }
        : undefined),
  }),
  fault('i63-ce-enum-detail-allowed-values', {
    rule: "CE-PROP-ERROR-DETAILS: the refusal of a cardSource off the Origin enum gives its detail an allowedValues member listing the enum (a validator's extra), on that refusal path only, where seed 000 ErrorDetail has reason, source, message and sourceType and no other member",
    ...blind,
    answer: refused((body) => {
      for (const d of body.details ?? []) if (d.source === 'cardSource') d.allowedValues = ORIGINS;
    }),
  }),
  fault('i63-ce-firstname-number-coerced', {
    rule: 'CE-TYPE-FORMS: consumer.firstName sent as a JSON number is turned into its digits as a string (a coercing validator) and enrolled, where seed 000 Consumer.firstName is a string (Types are strings unless stated) and a member of another type is refused 400 INVALID_ARGUMENT',
    ...blind,
    judge: fold(
      'read',
      (x) => typeof x.body.consumer?.firstName === 'number',
      (x) => {
        x.body.consumer.firstName = String(x.body.consumer.firstName);
      },
    ),
  }),
  fault('i63-ce-unknown-client-found-by-service', {
    rule: "CE-STATE-UNKNOWN-CLIENT: a srcClientId that resolves to no client is enrolled when the serviceId is one of the calling client's programs (the client found by its program as a fallback), where seed 000 Errors gives a srcClientId that does not resolve to an entity 400 INVALID_STATE",
    ...blind,
    judge: skip(
      'client',
      (x) => !!x.client?.serviceIds.includes(x.body.serviceId),
      (x) => {
        x.owner = x.client;
      },
    ),
  }),
];
