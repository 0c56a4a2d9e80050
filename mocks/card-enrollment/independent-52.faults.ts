// Card enrollment faults written blind (brief blind52): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, type Refusal } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { skip, refuse } = judgesAt<CardSeams>();

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

/** A schema refusal whose every member in error is `field` and whose value passes `ok`. */
const onlyAbout = (r: Refusal | undefined, field: string) => !!r?.violations?.length && r.violations.every((v) => v.field === field);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A leap year's month lengths, used for every year. */
const LEAP_MONTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const INDEPENDENT_52_CARD_FAULTS = [
  fault('i52-ce-created-leap-month-table', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated is built from the day of the year through a leap year month table used for every year, so in a common year every day from 1 March on is dated a day early (1 March reads 29 February, a date that year has not), where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    ...blind,
    answer: enrolled((body, x) => {
      const now = x.now;
      const start = Date.UTC(now.getUTCFullYear(), 0, 1);
      let day = Math.floor((now.getTime() - start) / 86_400_000);
      let month = 0;
      while (day >= LEAP_MONTHS[month]) day -= LEAP_MONTHS[month++];
      const time = now.toISOString().slice(10);
      body.maskedCard.dateOfCardCreated = `${now.getUTCFullYear()}-${pad(month + 1)}-${pad(day + 1)}${time}`;
    }),
  }),
  fault('i52-ce-masked-mobile-plus', {
    rule: 'CE-RESP-FORMS: the masked consumer carries maskedMobileNumber with its countryCode written in the international form with a leading plus sign (+44), where seed 000 MaskedConsumer.maskedMobileNumber is a PhoneNumber whose countryCode is digits only, no plus sign',
    ...blind,
    answer: enrolled((body, x) => {
      const phone = x.body.consumer?.mobileNumber ?? {};
      body.maskedConsumer.maskedMobileNumber = {
        countryCode: `+${phone.countryCode}`,
        phoneNumber: String(phone.phoneNumber ?? '').slice(-4),
      };
    }),
  }),
  fault('i52-ce-unknown-client-names-key', {
    rule: 'CE-STATE-UNKNOWN-CLIENT, CE-PROP-REFUSAL-MEMBER: the 400 INVALID_STATE of a srcClientId that resolves to no client names the key header x-openapi-clientid (sourceType HEADER) as its detail source, the client looked up by key, on that refusal only, where seed 000 Errors refuses the srcClientId and ErrorDetail.source is the offending parameter',
    ...blind,
    judge: (_x, step, r) => {
      if (step !== 'client' || r?.code !== 'INVALID_STATE') return r;
      return { ...r, violations: [{ field: 'x-openapi-clientid', keyword: 'exists', message: r.message }] };
    },
    answer: (x, a) => {
      const d = a.body?.details?.[0];
      if (x.op !== 'putCard' || a.status !== 400 || d?.source !== 'x-openapi-clientid') return a;
      const body = structuredClone(a.body!);
      body.details[0].sourceType = 'HEADER';
      return { ...a, body };
    },
  }),
  fault('i52-ce-correlation-empty-generated', {
    rule: 'CE-REQ-EMPTY, CE-PAT-CORRELATIONID: a srcCorrelationId sent as an empty string is taken as left out and a new one generated and answered, where seed 000 SrcCorrelationId is a string of its pattern (an empty text matches none) and a member sent empty is refused, not taken as absent',
    ...blind,
    judge: skip('schema', (x) => x.body.srcCorrelationId === ''),
    answer: enrolled((body, x) => {
      if (x.body.srcCorrelationId === '') body.srcCorrelationId = randomUUID();
    }),
  }),
  fault('i52-ce-phone-unicode-digits', {
    rule: 'CE-PAT-PHONE: mobileNumber.phoneNumber is checked as decimal digits of any script, so a number written in Arabic-Indic or full-width digits is enrolled, where seed 000 PhoneNumber.phoneNumber is digits only, its pattern the ASCII digits',
    ...blind,
    judge: skip('schema', (x) => /^\p{Nd}+$/u.test(String(x.body.consumer?.mobileNumber?.phoneNumber ?? ''))),
  }),
  fault('i52-ce-expyear-length-only', {
    rule: 'CE-PAT-EXPIRY: the card panExpirationYear inside encryptedCard is held to its length only, so four characters that are not all digits (20a7) are enrolled, where seed 000 Card.panExpirationYear is a four-digit year',
    ...blind,
    judge: (x, step, r) =>
      step === 'card' && onlyAbout(r, 'card.panExpirationYear') && String(x.card?.panExpirationYear).length === 4 ? undefined : r,
  }),
  fault('i52-ce-body-double-encoded', {
    rule: 'CE-ERR-MALFORMED, CE-TYPE-FORMS: a body that is a JSON string holding an encoded enrollment request is decoded a second time and enrolled, where seed 000 POST /cards takes one EnrollCardRequest object and a JSON body that is no object is 400',
    ...blind,
    judge: skip(
      'body',
      (x) => {
        if (typeof x.sent !== 'string') return false;
        try {
          const inner = JSON.parse(x.sent);
          return typeof inner === 'object' && inner !== null && !Array.isArray(inner);
        } catch {
          return false;
        }
      },
      (x) => {
        Object.assign(x.body, JSON.parse(x.sent as string));
        x.path = x.body.encryptedCard !== undefined ? 'card' : x.body.enrolmentReferenceData !== undefined ? 'receipt' : undefined;
      },
    ),
  }),
  fault('i52-ce-uri-percent-refused', {
    rule: 'CE-FMT-URI, CE-VALID-FORMS: a latestVersionUri holding percent-encoded octets (an encoded space in its path) is refused 400 INVALID_ARGUMENT as not a URI, where seed 000 ComplianceSettings privacy and tnc latestVersionUri take any URI of the latest version, and percent-encoding is a URI form',
    ...blind,
    judge: refuse(
      'schema',
      (x) => /%[0-9A-Fa-f]{2}/.test(String(x.body.complianceSettings?.privacy?.latestVersionUri ?? '')),
      invalid('complianceSettings.privacy.latestVersionUri', 'format', 'complianceSettings.privacy.latestVersionUri must be a URI'),
    ),
  }),
  fault('i52-ce-receipt-next-account', {
    rule: "CE-MASK-PAN, CE-RECEIPT-ACCOUNT: a push account receipt is answered with the panBin and panLastFour of the account of the receipt registered after it (the row index read one past), where seed 000 says the receipt represents the account pushed and MaskedCard panBin and panLastFour are that PAN's first and last digits",
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'receipt' || r || x.path !== 'receipt') return r;
      const i = x.world.receipts.findIndex((c) => c.enrolmentReferenceId === x.body.enrolmentReferenceData.enrolmentReferenceId);
      const next = x.world.receipts[i + 1];
      if (next) x.card = { primaryAccountNumber: next.primaryAccountNumber };
      return r;
    },
  }),
  fault('i52-ce-receipt-reused-cancelled', {
    rule: 'CE-STATE-ACTIVE: a push account receipt enrolled a second time is enrolled (200) but answered with digitalCardData.status CANCELLED (the receipt taken as consumed), where seed 000 States says the enroll operation never returns the digital card status CANCELLED',
    ...blind,
    answer: enrolled((body, x, memory) => {
      if (x.path !== 'receipt') return;
      const used: string[] = (memory.used ??= []);
      const id = x.body.enrolmentReferenceData.enrolmentReferenceId;
      if (used.includes(id)) body.maskedCard.digitalCardData.status = 'CANCELLED';
      else used.push(id);
    }),
  }),
  fault('i52-ce-gen-correlation-clientid', {
    rule: 'CE-GEN-CORRELATION: for a request without srcCorrelationId the answer gives the srcClientId sent as its srcCorrelationId (the fallback read from the wrong member), not a newly generated id, where seed 000 SrcCorrelationId says a new one is generated when the request has none',
    ...blind,
    answer: enrolled((body, x) => {
      if (!x.body.srcCorrelationId) body.srcCorrelationId = x.body.srcClientId;
    }),
  }),
  fault('i52-ce-arturi-relative', {
    rule: 'CE-RESP-FORMS: digitalCardData.artUri is answered as a path relative to the card-art host (its scheme and authority dropped), not a URI, where seed 000 DigitalCardData.artUri is the URI of the card-art image',
    ...blind,
    answer: enrolled((body) => {
      const art = body.maskedCard.digitalCardData?.artUri;
      if (typeof art === 'string') body.maskedCard.digitalCardData.artUri = new URL(art).pathname;
    }),
  }),
  fault('i52-ce-firstname-trimmed-length', {
    rule: 'CE-LIM-FIRSTNAME: consumer.firstName is measured after its trailing white space is trimmed, so a name past its maxLength through trailing spaces is enrolled, where seed 000 Consumer.firstName and Limits bound the name as sent',
    ...blind,
    judge: (x, step, r) =>
      step === 'schema' &&
      onlyAbout(r, 'consumer.firstName') &&
      r!.violations!.every((v) => v.keyword === 'maxLength') &&
      Array.from(String(x.body.consumer?.firstName).trimEnd()).length <= 30
        ? undefined
        : r,
  }),
  fault('i52-ce-country-lowercase-folded', {
    rule: 'CE-FMT-COUNTRY, CE-TYPE-FORMS: consumer.countryCode in lower case (gb) is upper-cased before it is judged and enrolled, the answer showing it upper-cased, where seed 000 Consumer.countryCode is an ISO 3166 alpha-2 code and a member outside its form is refused',
    ...blind,
    judge: (x, step, r) => {
      if (step === 'read' && typeof x.body.consumer?.countryCode === 'string' && /^[a-z]{2}$/.test(x.body.consumer.countryCode))
        x.body.consumer = { ...x.body.consumer, countryCode: x.body.consumer.countryCode.toUpperCase() };
      return r;
    },
  }),
  fault('i52-ce-origin-detail-sourcetype', {
    rule: 'CE-PROP-ERROR-DETAILS: the 403 of a srcClientId registered to another client carries a detail whose sourceType is ORIGIN, a value outside the ErrorDetail sourceType enum, on that refusal path only, where seed 000 ErrorDetail.sourceType is one of BODY, HEADER, PATH, QUERY',
    ...blind,
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 403 || !a.body) return a;
      const body = structuredClone(a.body);
      body.details = [{ reason: 'INVALID_VALUE', source: 'srcClientId', message: a.body.message, sourceType: 'ORIGIN' }];
      return { ...a, body };
    },
  }),
];
