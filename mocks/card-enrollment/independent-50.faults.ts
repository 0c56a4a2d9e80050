// Card enrollment faults written blind (brief blind50): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';

const fault = faultWriter<CardSeams>('CE');
const { fold } = judgesAt<CardSeams>();

type X = CardSeams['x'];

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x);
    return { ...a, body };
  };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** A UTC date-time written from its fields, the day given apart (the form cards.ts answers, milliseconds kept). */
const utc = (d: Date, day = d.getUTCDate()) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(day)}T${d.toISOString().slice(11)}`;

export const INDEPENDENT_50_CARD_FAULTS = [
  fault('i50-ce-created-day-from-weekday', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated takes its day of the month from the weekday of the enrollment instant (a getUTCDay for a getUTCDate), so the card is dated another day than the one it was enrolled on, where seed 000 MaskedCard.dateOfCardCreated is when the card was enrolled',
    answer: enrolled((body, x) => {
      body.maskedCard.dateOfCardCreated = utc(x.now, x.now.getUTCDay());
    }),
    ...blind,
  }),
  fault('i50-ce-created-leap-day-to-march', {
    rule: "CE-VAL-CREATED: dateOfCardCreated is built by setting month and day on an epoch date before its year, so a card enrolled on 29 February is dated 1 March (the day overflowing the epoch year's February), a date after the enrollment, where seed 000 MaskedCard.dateOfCardCreated is when the card was enrolled",
    answer: enrolled((body, x) => {
      const d = new Date(0);
      d.setUTCMonth(x.now.getUTCMonth());
      d.setUTCDate(x.now.getUTCDate());
      d.setUTCFullYear(x.now.getUTCFullYear());
      d.setUTCHours(x.now.getUTCHours(), x.now.getUTCMinutes(), x.now.getUTCSeconds(), x.now.getUTCMilliseconds());
      body.maskedCard.dateOfCardCreated = d.toISOString();
    }),
    ...blind,
  }),
  fault('i50-ce-created-without-seconds', {
    rule: 'CE-DATE-UNIT: dateOfCardCreated is written to the minute (hours and minutes, then Z), without its seconds, a form that is no RFC 3339 date-time, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime',
    answer: enrolled((body) => {
      body.maskedCard.dateOfCardCreated = `${String(body.maskedCard.dateOfCardCreated).slice(0, 16)}Z`;
    }),
    ...blind,
  }),
  fault('i50-ce-unknown-client-receipt-names-receipt', {
    rule: 'CE-STATE-UNKNOWN-CLIENT: on the push-account-receipt path the 400 INVALID_STATE of a srcClientId that resolves to nothing names enrolmentReferenceData.enrolmentReferenceId as its detail source, where seed 000 ErrorDetail.source is the offending parameter, srcClientId',
    judge: (x, step, r) =>
      step === 'client' && r && x.path === 'receipt'
        ? { ...r, violations: r.violations?.map((v) => ({ ...v, field: 'enrolmentReferenceData.enrolmentReferenceId' })) }
        : r,
    ...blind,
  }),
  fault('i50-ce-serviceid-echo-upper-cased', {
    rule: 'CE-ECHO-SERVICEID: maskedCard.serviceId is answered upper-cased (program ids normalised to capitals), not the serviceId the card was enrolled for, where seed 000 MaskedCard.serviceId is the service (program) identifier and the serviceId pattern takes lower-case letters',
    answer: enrolled((body) => {
      body.maskedCard.serviceId = String(body.maskedCard.serviceId).toUpperCase();
    }),
    ...blind,
  }),
  fault('i50-ce-masked-last-name-keeps-last-letter', {
    rule: "CE-MASK-NAMES: maskedLastName (and the last name in maskedFullName) keeps the name's first and last characters in clear, so a last name of two characters is answered whole, where seed 000 says the response carries a masked consumer record",
    answer: enrolled((body, x) => {
      const chars = Array.from(String(x.body.consumer?.lastName ?? ''));
      if (chars.length < 2) return;
      const masked = chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
      const c = body.maskedConsumer;
      c.maskedFullName = `${c.maskedFirstName} ${masked}`;
      c.maskedLastName = masked;
    }),
    ...blind,
  }),
  fault('i50-ce-serviceid-case-folded', {
    rule: "CE-STATE-UNKNOWN-SERVICE: a serviceId is resolved among the client's programs without regard to case, so a serviceId that names no program (a program's id in another case) is enrolled instead of refused 400 INVALID_STATE, where seed 000 Errors refuses a serviceId that does not resolve",
    judge: (x, step, r) =>
      step === 'service' && r && x.owner?.serviceIds.some((s) => s.toLowerCase() === String(x.body.serviceId).toLowerCase())
        ? undefined
        : r,
    ...blind,
  }),
  fault('i50-ce-reference-id-length-unchecked', {
    rule: 'CE-LIM-REFERENCEID, CE-PROP-REFUSAL-CODE: enrolmentReferenceId is not held to its maxLength, so one past it is looked up and refused as an unknown receipt (INVALID_STATE) instead of as a malformed value (INVALID_ARGUMENT), where seed 000 EnrolmentReferenceData limits enrolmentReferenceId',
    judge: (_x, step, r) =>
      step === 'schema' &&
      r?.violations?.length &&
      r.violations.every((v) => v.field === 'enrolmentReferenceData.enrolmentReferenceId' && v.keyword === 'maxLength')
        ? undefined
        : r,
    ...blind,
  }),
  fault('i50-ce-first-name-limit-receipt-path', {
    rule: 'CE-LIM-FIRSTNAME: on the push-account-receipt path consumer.firstName past its maxLength is enrolled (the receipt path skipping the limit), where seed 000 Consumer.firstName has a max length on every enrollment',
    judge: (x, step, r) =>
      step === 'schema' &&
      x.path === 'receipt' &&
      r?.violations?.length &&
      r.violations.every((v) => v.field === 'consumer.firstName' && v.keyword === 'maxLength')
        ? undefined
        : r,
    ...blind,
  }),
  fault('i50-ce-generated-correlation-is-client-id', {
    rule: 'CE-GEN-CORRELATION: a request without srcCorrelationId is answered with its srcClientId as the correlation id, so every such request of one client gets the same id, where seed 000 SrcCorrelationId says a new one is generated when the request has none',
    answer: enrolled((body, x) => {
      if (!x.body.srcCorrelationId) body.srcCorrelationId = x.body.srcClientId;
    }),
    ...blind,
  }),
  fault('i50-ce-pan-bin-from-second-digit', {
    rule: 'CE-MASK-PAN: panBin is taken from the PAN starting at its second digit (an off-by-one in the slice), not the first significant PAN digits, where seed 000 MaskedCard.panBin is the first PAN digits, unmasked',
    answer: enrolled((body, x) => {
      const pan = x.card?.primaryAccountNumber ?? '';
      const bin = String(body.maskedCard.panBin);
      body.maskedCard.panBin = pan.slice(1, 1 + bin.length);
    }),
    ...blind,
  }),
  fault('i50-ce-client-id-braces-stripped', {
    rule: 'CE-PAT-SRCCLIENTID: a srcClientId written between braces (the registry GUID form) has its braces stripped before it is judged and is enrolled, where seed 000 EnrollCardRequest.srcClientId is a lower-case hex UUID of its pattern',
    judge: fold(
      'read',
      (x) => /^\{.*\}$/.test(String(x.body.srcClientId ?? '')),
      (x) => {
        x.body.srcClientId = String(x.body.srcClientId).slice(1, -1);
      },
    ),
    ...blind,
  }),
  fault('i50-ce-empty-card-beside-receipt', {
    rule: 'CE-REQ-EMPTY: an encryptedCard sent as an empty string beside enrolmentReferenceData is taken as left out and the receipt enrolled, where an empty encryptedCard is present all the same and its form (seed 000 EnrollCardRequest.encryptedCard, the encrypted Card) refuses it 400 INVALID_ARGUMENT',
    judge: fold(
      'read',
      (x) => x.body.encryptedCard === '' && x.body.enrolmentReferenceData !== undefined,
      (x) => {
        delete x.body.encryptedCard;
        x.path = 'receipt';
      },
    ),
    ...blind,
  }),
  fault('i50-ce-reference-type-any-case', {
    rule: 'CE-ENUM-REFTYPE, CE-TYPE-FORMS: enrolmentReferenceType is upper-cased before it is judged, so push_account_receipt in lower or mixed case is enrolled, where seed 000 EnrolmentReferenceData.enrolmentReferenceType is the enum value PUSH_ACCOUNT_RECEIPT',
    judge: fold(
      'read',
      (x) => typeof x.body.enrolmentReferenceData?.enrolmentReferenceType === 'string',
      (x) => {
        const ref = x.body.enrolmentReferenceData;
        ref.enrolmentReferenceType = ref.enrolmentReferenceType.toUpperCase();
      },
    ),
    ...blind,
  }),
  fault('i50-ce-correlation-separator-normalised', {
    rule: "CE-ECHO-CORRELATION: a srcCorrelationId whose hex prefix is joined to its UUID by a character other than a dot is echoed with that character replaced by a dot, not byte for byte, where seed 000 SrcCorrelationId says the request's id is echoed",
    answer: enrolled((body, x) => {
      const sent = String(x.body.srcCorrelationId ?? '');
      if (/^[0-9a-f]{8}[^.]/.test(sent) && sent.length > 36) body.srcCorrelationId = `${sent.slice(0, 8)}.${sent.slice(9)}`;
    }),
    ...blind,
  }),
];
