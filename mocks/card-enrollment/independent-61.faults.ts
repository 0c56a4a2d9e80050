// Card enrollment faults written blind (brief blind61): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, refusals } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

type X = CardSeams['x'];

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X, a: Answer) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, a);
    return { ...a, body };
  };

/** The card sent is of the current UTC month (its expiry month and year). */
const expiresThisMonth = (x: X) =>
  x.path === 'card' &&
  !!x.card &&
  Number(x.card.panExpirationYear) === x.now.getUTCFullYear() &&
  Number(x.card.panExpirationMonth) === x.now.getUTCMonth() + 1;

const expired = () => invalid('card.panExpirationMonth', 'expired', 'the card has expired');

/** The ISO/IEC 7812 check digit over a digit string. */
const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return /^\d+$/.test(digits) && sum % 10 === 0;
};

/** Requests whose latestVersionUri was sent empty (i61-ce-empty-version-uri) and whose refusal was a length one (i61-ce-length-rejected-value). */
const emptyUri = new WeakMap<X, string[]>();
const lengthRefused = new WeakSet<X>();

const valueAt = (body: Record<string, any>, path: string) =>
  path.split('.').reduce<any>((v, k) => (v && typeof v === 'object' ? v[k] : undefined), body);

export const INDEPENDENT_61_CARD_FAULTS = [
  fault('i61-ce-new-profile-created-201', {
    rule: 'CE-VALID-ACCEPTED: an enrollment that adds a new consumer profile (an identity enrolled for the first time) is answered 201 Created, the body unchanged, while an identity enrolled again gets 200, where seed 000 POST /cards answers an accepted enrollment 200 with EnrollCardResponse and documents no 201',
    ...blind,
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 200 && a.body?.maskedConsumer?.dateConsumerAdded === x.now.toISOString()
        ? { ...a, status: 201 }
        : a,
  }),
  fault('i61-ce-expiry-current-month-31st', {
    rule: "CE-VALID-ACCEPTED, CE-PAT-EXPIRY: a card whose expiry month and year are the current month is refused 400 as expired on the 31st day of a month (the expiry month's last day taken as its 30th), though the card is valid through its expiry month, where seed 000 Card.panExpirationMonth and panExpirationYear give a two-digit month and a four-digit year and POST /cards answers a valid request 200",
    ...blind,
    judge: refuse('check-digit', (x) => expiresThisMonth(x) && x.now.getUTCDate() > 30, expired),
  }),
  fault('i61-ce-expiry-february-leap-day', {
    rule: "CE-VALID-ACCEPTED, CE-PAT-EXPIRY: a card expiring in February of the current year is refused 400 as expired when enrolled on 29 February (February's last day read from a common-year month table), though the card is valid through its expiry month, where seed 000 Card.panExpirationMonth and panExpirationYear give the month and year and POST /cards answers a valid request 200",
    ...blind,
    judge: refuse('check-digit', (x) => expiresThisMonth(x) && x.now.getUTCMonth() === 1 && x.now.getUTCDate() === 29, expired),
  }),
  fault('i61-ce-length-out-of-range', {
    rule: 'CE-PROP-REFUSAL-CODE: a member past its maxLength (a consumer name, the identity value, the receipt id) is refused 400 with the error status OUT_OF_RANGE (the gRPC canonical status of a value past its bound), on the length refusals only, where seed 000 Errors gives a body that does not match the request schema the status INVALID_ARGUMENT',
    ...blind,
    judge: (_x, step, r) =>
      step === 'schema' && r?.violations?.length && r.violations.every((v) => v.keyword === 'maxLength')
        ? { ...r, code: 'OUT_OF_RANGE' }
        : r,
  }),
  fault('i61-ce-cardsource-array-coerced', {
    rule: 'CE-TYPE-FORMS, CE-ENUM-CARDSOURCE: a cardSource sent as a JSON array holding one Origin value (["WALLET"]) is taken as that value and enrolled (a validator coercing a one-item array to its item), where seed 000 EnrollCardRequest.cardSource is a string of the Origin enum and a member in another JSON type is refused 400',
    ...blind,
    judge: fold(
      'read',
      (x) => Array.isArray(x.body.cardSource) && x.body.cardSource.length === 1,
      (x) => {
        x.body.cardSource = x.body.cardSource[0];
      },
    ),
  }),
  fault('i61-ce-par-rotates-monthly', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference derived from the card number together with the UTC calendar month of the enrollment (a key rotated monthly), so the same card number enrolled again after a month end is given another reference, where seed 000 MaskedCard.paymentAccountReference is the non-financial reference linking a PAN to its tokens',
    ...blind,
    answer: enrolled((body, x) => {
      const month = x.now.toISOString().slice(0, 7);
      body.maskedCard.paymentAccountReference = `5001${createHash('sha256').update(`${x.card!.primaryAccountNumber}|${month}`).digest('hex').slice(0, 25).toUpperCase()}`;
    }),
  }),
  fault('i61-ce-luhn-read-as-double', {
    rule: 'CE-LUHN, CE-VALID-FORMS, CE-VALID-ACCEPTED: the check digit is computed over the primaryAccountNumber read through a double-precision number, so a valid PAN longer than the digits a double holds exactly (a long PAN the Card length allows) has its last digits rounded and is refused 400 as failing its check digit, where seed 000 Card.primaryAccountNumber is an ISO/IEC 7812 account number of the lengths the Card allows and POST /cards answers a valid request 200',
    ...blind,
    judge: refuse(
      'check-digit',
      (x) => x.path === 'card' && !!x.card && luhn(x.card.primaryAccountNumber) && !luhn(String(Number(x.card.primaryAccountNumber))),
      () => invalid('card.primaryAccountNumber', 'luhn', 'card.primaryAccountNumber fails the ISO/IEC 7812 check digit'),
    ),
  }),
  fault('i61-ce-not-json-invalid-state', {
    rule: 'CE-ERR-MALFORMED, CE-PROP-REFUSAL-CODE: a body that is not JSON at all is refused 400 with the error status INVALID_STATE (the parser failure filed as a data type failure), where seed 000 Errors files a request that does not match the request schema, a malformed request, under 400 INVALID_ARGUMENT',
    ...blind,
    judge: (x, step, r) => (step === 'body' && r && x.sent instanceof Error ? { ...r, code: 'INVALID_STATE' } : r),
  }),
  fault('i61-ce-empty-version-uri', {
    rule: 'CE-REQ-EMPTY, CE-FMT-URI: a privacy or tnc latestVersionUri sent as an empty string is taken as given and enrolled (the URI check run on a non-empty value only), its acceptedVersion answered empty, where seed 000 ComplianceSettings requires latestVersionUri, the URI of the latest version, and an empty text is no URI',
    ...blind,
    judge: (x, step, r) => {
      if (step === 'read') {
        const empty = ['privacy', 'tnc'].filter((d) => x.body.complianceSettings?.[d]?.latestVersionUri === '');
        for (const d of empty) x.body.complianceSettings[d].latestVersionUri = 'urn:x-empty';
        if (empty.length) emptyUri.set(x, empty);
      }
      if (step === 'path') for (const d of emptyUri.get(x) ?? []) x.body.complianceSettings[d].latestVersionUri = '';
      return r;
    },
    answer: enrolled((body, x) => {
      for (const d of emptyUri.get(x) ?? []) body.maskedConsumer.complianceSettings[d].acceptedVersion = '';
    }),
  }),
  fault('i61-ce-length-rejected-value', {
    rule: "CE-PROP-ERROR-DETAILS: on the refusals of a member past its maxLength only, each error detail also carries rejectedValue, the value sent (a framework's field error copied whole), a member the seed's ErrorDetail does not declare, where seed 000 ErrorDetail has reason, source, message and sourceType",
    ...blind,
    judge: (x, step, r) => {
      if (step === 'schema' && r?.violations?.some((v) => v.keyword === 'maxLength')) lengthRefused.add(x);
      return r;
    },
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 400 || !lengthRefused.has(x) || !Array.isArray(a.body?.details)) return a;
      const body = structuredClone(a.body!);
      for (const d of body.details) d.rejectedValue = valueAt(x.body, d.source) ?? null;
      return { ...a, body };
    },
  }),
  fault('i61-ce-created-sql-timestamp', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: maskedCard.dateOfCardCreated is written as a database timestamp text, a space between date and time and the zone name UTC after another space (2026-01-31 23:59:00 UTC), which is no RFC 3339 date-time, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime (the contract format date-time)',
    ...blind,
    answer: enrolled((body) => {
      const at = String(body.maskedCard.dateOfCardCreated);
      body.maskedCard.dateOfCardCreated = `${at.slice(0, 10)} ${at.slice(11, 19)} UTC`;
    }),
  }),
  fault('i61-ce-receipt-id-not-required', {
    rule: 'CE-REQ-RECEIPT, CE-PROP-REFUSAL-CODE: enrolmentReferenceData without enrolmentReferenceId is not refused as a mandatory value missing but looked up and refused 400 INVALID_STATE as naming no receipt, where seed 000 EnrolmentReferenceData requires enrolmentReferenceId and Errors files a missing mandatory value under 400 INVALID_ARGUMENT',
    ...blind,
    judge: (_x, step, r) =>
      step === 'schema' &&
      r?.violations?.length &&
      r.violations.every((v) => v.keyword === 'required' && v.field === 'enrolmentReferenceData.enrolmentReferenceId')
        ? refusals.unknownReceipt()
        : r,
  }),
  fault('i61-ce-media-space-before-semicolon', {
    rule: "CE-PROP-BODY-MEDIA: a JSON body labelled application/json with white space before the ';' of its charset parameter (application/json ; charset=utf-8) is refused 400 as a body of the wrong type (the label split at ';' and its type not trimmed), where seed 000 POST /cards takes an application/json body and white space around the parameter separator is a valid form of that media type",
    ...blind,
    judge: refuse(
      'received',
      (x) => /\s;/.test(String(x.headers['content-type'] ?? '')),
      () => invalid('body', 'type', 'the body must be application/json'),
    ),
  }),
  fault('i61-ce-unknown-client-401', {
    rule: 'CE-STATE-UNKNOWN-CLIENT, CE-PROP-REFUSAL-CODE: a srcClientId of its own form that resolves to no client is answered 401 UNAUTHENTICATED (the client lookup filed as an authorization failure), where seed 000 Errors gives a srcClientId that does not resolve to an entity 400 INVALID_STATE and Authentication keeps 401 for a failed authorization check',
    ...blind,
    judge: (_x, step, r) =>
      step === 'client' && r ? { status: 401, code: 'UNAUTHENTICATED', message: 'Authorization validation failure.' } : r,
  }),
  fault('i61-ce-generated-correlation-per-second', {
    rule: 'CE-GEN-CORRELATION: the srcCorrelationId generated for a request without one is a name-based UUID of the enrollment instant cut to its second, so two requests without one answered in the same second are given the same id, where seed 000 SrcCorrelationId says a new one is generated for each request that has none',
    ...blind,
    answer: enrolled((body, x) => {
      if (x.body.srcCorrelationId) return;
      const h = createHash('sha1')
        .update(String(Math.floor(x.now.getTime() / 1000)))
        .digest('hex');
      body.srcCorrelationId = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }),
  }),
];
