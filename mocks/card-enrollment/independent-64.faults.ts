// Faults written blind (independent set 64): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule catalogue
// and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls, never the behaviour module.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, refusals } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { refuse, skip } = judgesAt<CardSeams>();

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

/** The consumer identity a request names (the profile's key, seed 000 ConsumerIdentity.identityValue). */
const identityKey = (x: X) => {
  const identity = x.body.consumer?.consumerIdentity ?? {};
  return `${identity.identityType} ${identity.identityValue}`;
};

/** The ISO/IEC 7812 (Luhn) check over a string of digits. */
const luhn = (pan: string) => {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(pan.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

// Exchanges refused at one step, so an answer fault bends that refusal path only (each exchange is its own object).
const refusedAtCheckDigit = new WeakSet<X>();
const refusedUndecrypted = new WeakSet<X>();

/** A country-to-calling-code table a phone formatter defaults from (the consumer's country, not the number sent). */
const CALLING_CODES: Record<string, string> = {
  GB: '44',
  US: '1',
  CA: '1',
  FR: '33',
  DE: '49',
  ES: '34',
  IT: '39',
  NL: '31',
  BE: '32',
  IE: '353',
  AU: '61',
  IN: '91',
  BR: '55',
  PL: '48',
};

/** ISO 3166 alpha-2 codes assigned after an old country table was copied (Caribbean Netherlands, Curaçao, Sint Maarten, South Sudan). */
const LATER_COUNTRIES = ['BQ', 'CW', 'SX', 'SS'];

/** The digits of a North American national number (area code and subscriber), the length the faulty check assumes everywhere. */
const NANP_NATIONAL_DIGITS = 10;

const PREFIXED_CORRELATION = /^[0-9a-f]{8}.[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const INDEPENDENT_64_CARD_FAULTS = [
  fault('i64-ce-consumer-added-zone-id', {
    rule: 'CE-DATE-UNIT: maskedConsumer.dateConsumerAdded is written with the zone id in brackets after its Z (Etc/UTC, a zoned date-time serialised with its region), which is no RFC 3339 date-time, where seed 000 MaskedConsumer.dateConsumerAdded is a UTC datetime (UtcDateTime, format date-time)',
    ...blind,
    answer: enrolled((body) => {
      if (typeof body.maskedConsumer?.dateConsumerAdded === 'string') body.maskedConsumer.dateConsumerAdded += '[Etc/UTC]';
    }),
  }),
  fault('i64-ce-check-digit-source-segments', {
    rule: 'CE-PROP-ERROR-DETAILS: on the refusal of a card number failing its check digit only, the detail source is answered as an array of the path segments (card, primaryAccountNumber) instead of a string, where seed 000 ErrorDetail.source is a string, the offending parameter',
    ...blind,
    judge: (x, step, refusal) => {
      if (step === 'check-digit' && refusal) refusedAtCheckDigit.add(x);
      return refusal;
    },
    answer: (x, a) => {
      if (!refusedAtCheckDigit.has(x) || !a.body) return a;
      const body = structuredClone(a.body);
      for (const d of body.details ?? []) if (typeof d.source === 'string') d.source = d.source.split('.');
      return { ...a, body };
    },
  }),
  fault('i64-ce-undecryptable-reason-number', {
    rule: 'CE-PROP-ERROR-DETAILS: on the refusal of an encryptedCard that does not decrypt only, the detail reason is the HTTP status as a JSON number (the decryption layer filling it from the status), not a string, where seed 000 ErrorDetail.reason is a string',
    ...blind,
    judge: (x, step, refusal) => {
      if (step === 'card' && refusal && !x.card) refusedUndecrypted.add(x);
      return refusal;
    },
    answer: (x, a) => {
      if (!refusedUndecrypted.has(x) || !a.body) return a;
      const body = structuredClone(a.body);
      for (const d of body.details ?? []) d.reason = a.status;
      return { ...a, body };
    },
  }),
  fault('i64-ce-language-from-accept-language', {
    rule: "CE-PROP-ECHO-AS-SENT: maskedConsumer.languageCode is taken from the request's Accept-Language header (its first language, a localisation middleware's pick) whenever one is sent, not from the consumer.languageCode sent, where seed 000 MaskedConsumer.languageCode is the masked view of the consumer sent",
    ...blind,
    answer: enrolled((body, x) => {
      const header = x.headers['accept-language'];
      const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0]?.trim().split(/[-_]/)[0]?.toLowerCase();
      if (first && /^[a-z]+$/.test(first) && body.maskedConsumer) body.maskedConsumer.languageCode = first;
    }),
  }),
  fault('i64-ce-masked-mobile-code-from-country', {
    rule: "CE-PROP-ECHO-AS-SENT: the masked consumer carries maskedMobileNumber whose countryCode is looked up from the consumer's countryCode (a phone formatter's default region), not the mobileNumber.countryCode sent, so a consumer with a foreign mobile number is shown another calling code, where seed 000 MaskedConsumer.maskedMobileNumber is the consumer's mobile number masked (PhoneNumber.countryCode the international calling code)",
    ...blind,
    answer: enrolled((body, x) => {
      const consumer = x.body.consumer ?? {};
      const phone = consumer.mobileNumber ?? {};
      if (!body.maskedConsumer || typeof phone.phoneNumber !== 'string') return;
      body.maskedConsumer.maskedMobileNumber = {
        countryCode: CALLING_CODES[consumer.countryCode] ?? phone.countryCode,
        phoneNumber: phone.phoneNumber.slice(-4),
      };
    }),
  }),
  fault('i64-ce-repeat-identity-type-dropped', {
    rule: 'CE-MASK-IDENTITY, CE-RESP-FORMS: a consumer identity enrolled again is answered with maskedConsumerIdentity read from the stored profile, which keeps the masked value only, so its identityType is left out, where seed 000 MaskedConsumer.maskedConsumerIdentity requires identityType (the type sent) and maskedIdentityValue',
    ...blind,
    answer: enrolled((body, x, memory) => {
      memory.seen ??= new Set<string>();
      const key = identityKey(x);
      if (memory.seen.has(key)) delete body.maskedConsumer?.maskedConsumerIdentity?.identityType;
      memory.seen.add(key);
    }),
  }),
  fault('i64-ce-repeat-card-data-dropped', {
    rule: 'CE-RESP-FORMS: the same card number enrolled again into the same consumer profile is answered from its existing card record, which keeps no digital card data, so maskedCard carries no digitalCardData, where seed 000 MaskedCard requires digitalCardData',
    ...blind,
    answer: enrolled((body, x, memory) => {
      if (!x.card) return;
      memory.cards ??= new Set<string>();
      const key = `${identityKey(x)} ${x.card.primaryAccountNumber}`;
      if (memory.cards.has(key)) delete body.maskedCard.digitalCardData;
      memory.cards.add(key);
    }),
  }),
  fault('i64-ce-known-profile-check-digit-skipped', {
    rule: "CE-LUHN: once a consumer profile holds a card, a further card enrolled into it is not checked for its ISO/IEC 7812 check digit (the profile's first check taken for all its cards), so a second card number failing it is enrolled, where seed 000 Errors and Card.primaryAccountNumber (an ISO/IEC 7812 account number) refuse it 400",
    ...blind,
    judge: skip('check-digit', (x, memory) => !!memory.profiles?.has(identityKey(x))),
    answer: enrolled((_body, x, memory) => {
      memory.profiles ??= new Set<string>();
      memory.profiles.add(identityKey(x));
    }),
  }),
  fault('i64-ce-receipt-answer-text-plain', {
    rule: 'CE-VALID-ACCEPTED: on the push-account-receipt path the enrollment is answered with its JSON body labelled text/plain (the body sent as a string without its media type), where seed 000 says all bodies are JSON and POST /cards answers 200 with an EnrollCardResponse of application/json',
    ...blind,
    answer: (x, a) =>
      x.op === 'putCard' && x.path === 'receipt' && a.status === 200
        ? { ...a, headers: { ...a.headers, 'content-type': 'text/plain; charset=utf-8' } }
        : a,
  }),
  fault('i64-ce-second-receipt-of-consumer-refused', {
    rule: "CE-VALID-ACCEPTED, CE-STATE-UNKNOWN-RECEIPT: a consumer identity that has enrolled one push account receipt has a second, other receipt refused 400 INVALID_STATE as an unknown receipt (the consumer's receipt slot taken, the receipt looked up through it), though that receipt stands for a known account, where seed 000 POST /cards answers a valid enrollment 200",
    ...blind,
    judge: refuse(
      'receipt',
      (x, memory) => {
        if (x.path !== 'receipt') return false;
        const held = memory.receipts?.[identityKey(x)];
        return held !== undefined && held !== x.body.enrolmentReferenceData?.enrolmentReferenceId;
      },
      refusals.unknownReceipt(),
    ),
    answer: enrolled((_body, x, memory) => {
      if (x.path !== 'receipt') return;
      memory.receipts ??= {};
      memory.receipts[identityKey(x)] ??= x.body.enrolmentReferenceData?.enrolmentReferenceId;
    }),
  }),
  fault('i64-ce-later-country-codes-refused', {
    rule: 'CE-FMT-COUNTRY: consumer.countryCode is checked against an old copy of the ISO 3166 table, so a code assigned later (SS, South Sudan; BQ, CW, SX) is refused 400 INVALID_ARGUMENT, where seed 000 Consumer.countryCode is ISO 3166 alpha-2 and those codes are in it',
    ...blind,
    judge: refuse(
      'schema',
      (x) => LATER_COUNTRIES.includes(x.body.consumer?.countryCode),
      () => invalid('consumer.countryCode', 'format', 'consumer.countryCode is not an ISO 3166 alpha-2 code'),
    ),
  }),
  fault('i64-ce-email-capitals-refused', {
    rule: 'CE-FMT-EMAIL: an EMAIL_ADDRESS identityValue holding capital letters (John.Smith@Example.com) is refused 400 INVALID_ARGUMENT (an address pattern of lower-case letters only), where seed 000 ConsumerIdentity.identityValue is a value matching its identityType, an e-mail address, which capitals do not stop being',
    ...blind,
    judge: refuse(
      'schema',
      (x) => {
        const value = x.body.consumer?.consumerIdentity?.identityValue;
        return typeof value === 'string' && value !== value.toLowerCase();
      },
      () => invalid('consumer.consumerIdentity.identityValue', 'format', 'identityValue is not a valid e-mail address'),
    ),
  }),
  fault('i64-ce-phone-national-length-capped', {
    rule: 'CE-PAT-PHONE: mobileNumber.phoneNumber is held to the length of a North American national number, so a longer national number of digits only (a Chinese mobile number) is refused 400 INVALID_ARGUMENT, where seed 000 PhoneNumber.phoneNumber is digits only, without country code, of no stated length',
    ...blind,
    judge: refuse(
      'schema',
      (x) => {
        const phone = x.body.consumer?.mobileNumber?.phoneNumber;
        return typeof phone === 'string' && /^[0-9]+$/.test(phone) && phone.length > NANP_NATIONAL_DIGITS;
      },
      () => invalid('consumer.mobileNumber.phoneNumber', 'pattern', 'mobileNumber.phoneNumber is not a valid national number'),
    ),
  }),
  fault('i64-ce-check-digit-zero-refused', {
    rule: 'CE-LUHN: the check digit is computed as ten minus the digit sum modulo ten without reducing it again, so a valid card number whose check digit is zero is refused 400 as failing it, where seed 000 Card.primaryAccountNumber is an ISO/IEC 7812 account number and a valid one is enrolled',
    ...blind,
    judge: refuse(
      'check-digit',
      (x) => x.path === 'card' && !!x.card && /^[0-9]+0$/.test(x.card.primaryAccountNumber) && luhn(x.card.primaryAccountNumber),
      () => invalid('card.primaryAccountNumber', 'luhn', 'card.primaryAccountNumber fails the ISO/IEC 7812 check digit'),
    ),
  }),
  fault('i64-ce-origin-skipped-for-prefixed-correlation', {
    rule: "CE-AUTH-ORIGIN, CE-PROP-REFUSAL-FORMS: a srcClientId registered to another client is enrolled for when the srcCorrelationId carries its hex prefix (the prefix read as a trusted gateway's mark, the origin taken as checked there), where seed 000 Authentication answers a client identity (origin) not validated 403 whatever the request's other valid members",
    ...blind,
    judge: skip('origin', (x) => typeof x.body.srcCorrelationId === 'string' && PREFIXED_CORRELATION.test(x.body.srcCorrelationId)),
  }),
];
