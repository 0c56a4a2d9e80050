// Faults written blind (independent set 65): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule catalogue
// and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls (and the kit's reply seam),
// never the behaviour module.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, refusals, unresolved } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { refuse } = judgesAt<CardSeams>();

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

/** The detail source of a URI check the copied line never reaches (complianceSettings.tnc). */
const TNC_URI = 'complianceSettings.tnc.latestVersionUri';

/** The security code length a card brand prints, by the leading digits of its number (American Express; Visa and Mastercard). */
const BRAND_CODE_LENGTH: [RegExp, number][] = [
  [/^3[47]/, 4],
  [/^(4|5[1-5]|2[2-7])/, 3],
];

/** The calling code of a consumer country, as a release's consistency rule looks it up (a partial table). */
const CALLING_CODES: Record<string, string> = {
  GB: '44',
  US: '1',
  CA: '1',
  FR: '33',
  DE: '49',
  ES: '34',
  IT: '39',
  NL: '31',
  IE: '353',
  AU: '61',
  IN: '91',
  BR: '55',
};

/** What an HTML sanitiser writes for each character it escapes. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The width of a column sized for a bare UUID (its text form). */
const UUID_COLUMN = '00000000-0000-0000-0000-000000000000'.length;

/** The instant a time-ordered UUID (UUIDv7) carries in its leading bits, as a tracing layer reads it; undefined for another version. */
const mintedAt = (id: unknown): Date | undefined => {
  if (typeof id !== 'string') return undefined;
  const uuid = id.slice(-UUID_COLUMN);
  if (uuid[14] !== '7') return undefined;
  const ms = Number.parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);
  return Number.isFinite(ms) ? new Date(ms) : undefined;
};

/** Exchanges refused at the schema step for a mobileNumber member off its pattern (each exchange is its own object). */
const refusedPhoneForm = new WeakSet<X>();

export const INDEPENDENT_65_CARD_FAULTS = [
  fault('i65-ce-tnc-uri-format-unchecked', {
    rule: 'CE-FMT-URI: the URI check of complianceSettings is run on privacy.latestVersionUri twice (the copied line left naming privacy) and never on tnc, so a tnc latestVersionUri that is no URI (plain words) is enrolled, while the same words as the privacy URI are refused, where seed 000 ComplianceSettings gives tnc, as privacy, a latestVersionUri that is the URI of the latest version',
    ...blind,
    judge: (_x, step, refusal) => {
      if (step !== 'schema' || !refusal?.violations) return refusal;
      const kept = refusal.violations.filter((v) => !(v.field === TNC_URI && v.keyword === 'format'));
      if (kept.length === refusal.violations.length) return refusal;
      return kept.length ? { ...refusal, violations: kept } : undefined;
    },
  }),
  fault('i65-ce-other-card-same-last-four-refused', {
    rule: "CE-VALID-ACCEPTED: a second, different card number enrolled into a consumer profile that holds a card ending in the same last four digits is refused 400 INVALID_STATE as that card enrolled again (after the exact card lookup misses, the duplicate check matches the profile's cards by their masked view), though the two are different cards, where seed 000 POST /cards answers a request every document allows 200 and MaskedCard.srcDigitalCardId tells cards apart",
    ...blind,
    judge: refuse(
      'receipt',
      (x, memory) => {
        if (x.path !== 'card' || !x.card) return false;
        const pan = x.card.primaryAccountNumber;
        const held: string[] = memory.cards?.[identityKey(x)] ?? [];
        return held.some((p) => p !== pan && p.slice(-4) === pan.slice(-4));
      },
      () => unresolved('card.primaryAccountNumber', 'The card is already enrolled in this consumer profile.'),
    ),
    answer: enrolled((_body, x, memory) => {
      if (x.path !== 'card' || !x.card) return;
      memory.cards ??= {};
      const held: string[] = (memory.cards[identityKey(x)] ??= []);
      if (!held.includes(x.card.primaryAccountNumber)) held.push(x.card.primaryAccountNumber);
    }),
  }),
  fault('i65-ce-phone-trunk-zero-refused', {
    rule: 'CE-PAT-PHONE: a mobileNumber.phoneNumber of digits only that begins with a zero (a national number written with its trunk prefix) is refused 400 INVALID_ARGUMENT by a national significant number check, where seed 000 PhoneNumber.phoneNumber is digits only, without country code, and says nothing against a leading zero',
    ...blind,
    judge: refuse(
      'schema',
      (x) => {
        const phone = x.body.consumer?.mobileNumber?.phoneNumber;
        return typeof phone === 'string' && /^0[0-9]*$/.test(phone);
      },
      () => invalid('consumer.mobileNumber.phoneNumber', 'pattern', 'consumer.mobileNumber.phoneNumber must not start with a trunk prefix'),
    ),
  }),
  fault('i65-ce-phone-refusal-source-value', {
    rule: "CE-PAT-PHONE, CE-PROP-ERROR-DETAILS: on the refusal of a mobileNumber member off its digits-only pattern only, the detail source carries the value refused (the field error's rejected value written where its field name belongs), not the member, where seed 000 ErrorDetail.source is the offending parameter",
    ...blind,
    judge: (x, step, refusal) => {
      if (step === 'schema' && refusal?.violations?.some((v) => v.keyword === 'pattern' && v.field.startsWith('consumer.mobileNumber.')))
        refusedPhoneForm.add(x);
      return refusal;
    },
    answer: (x, a) => {
      if (!refusedPhoneForm.has(x) || !a.body) return a;
      const body = structuredClone(a.body);
      const phone = x.body.consumer?.mobileNumber ?? {};
      for (const d of body.details ?? []) {
        const member = /^consumer\.mobileNumber\.(countryCode|phoneNumber)$/.exec(d.source)?.[1];
        if (member && typeof phone[member] === 'string') d.source = phone[member];
      }
      return { ...a, body };
    },
  }),
  fault('i65-ce-origin-bound-to-first-caller', {
    rule: "CE-VALID-ACCEPTED: the origin of a srcClientId is judged against the client whose key first sent it (an origin cache filled on first sight, before the check's outcome), so once another client's key has sent a srcClientId and been refused 403, the client holding that id is refused 403 origin not validated with its own id (and the other client is then enrolled with it), where seed 000 Authentication keeps 403 for a client identity not validated and POST /cards answers a request every document allows 200",
    ...blind,
    judge: (x, step, refusal, memory) => {
      if (step !== 'origin' || !x.client || typeof x.body.srcClientId !== 'string') return refusal;
      memory.bound ??= new Map<string, unknown>();
      const first = memory.bound.get(x.body.srcClientId);
      if (first === undefined) {
        memory.bound.set(x.body.srcClientId, x.client);
        return refusal;
      }
      return first === x.client ? undefined : refusals.foreignOrigin();
    },
  }),
  fault('i65-ce-bom-before-non-ascii-answer', {
    rule: 'CE-VALID-ACCEPTED, CE-VALID-FORMS: an enrollment answer holding a character outside ASCII (a masked name keeps its accented first letter) is written by an encoder that puts a byte order mark before the JSON text, so that body is no JSON text (RFC 8259: no byte order mark is added to a JSON text sent over a network), where seed 000 says all bodies are JSON and POST /cards answers 200 with an EnrollCardResponse',
    ...blind,
    reply: (x, body) => (x.operationId === 'putCard' && /[^\x20-\x7e]/.test(body) && !body.startsWith('\ufeff') ? `\ufeff${body}` : body),
  }),
  fault('i65-ce-cvc-length-by-brand', {
    rule: "CE-LIM-CVC: the card's cardSecurityCode is held to the length its card brand prints (shorter for the Visa and Mastercard ranges than for American Express), not to the Card's range, so a code of another length the Card allows is refused 400 INVALID_ARGUMENT on a Mastercard or Visa number, where seed 000 Card.cardSecurityCode and Limits allow any length from its minLength to its maxLength, whatever the card number",
    ...blind,
    judge: refuse(
      'card',
      (x) => {
        const code = x.card?.cardSecurityCode;
        if (!x.card || typeof code !== 'string') return false;
        const pan = x.card.primaryAccountNumber;
        const printed = BRAND_CODE_LENGTH.find(([range]) => range.test(pan))?.[1];
        return printed !== undefined && code.length !== printed;
      },
      () => invalid('card.cardSecurityCode', 'maxLength', 'card.cardSecurityCode has the wrong length for its card brand'),
    ),
  }),
  fault('i65-ce-chunked-body-length-required', {
    rule: 'CE-VALID-ACCEPTED: an enrollment whose JSON body comes in chunked transfer coding (no Content-Length, a framing HTTP/1.1 allows every request body) is refused Length Required before its body is read, where seed 000 POST /cards takes an application/json body and answers a request every document allows 200',
    ...blind,
    judge: refuse(
      'received',
      (x) => /chunked/i.test(String(x.headers['transfer-encoding'] ?? '')) && x.headers['content-length'] === undefined,
      { status: 411, code: 'LENGTH_REQUIRED', message: 'A Content-Length is required.' },
    ),
  }),
  fault('i65-ce-receipt-refusal-source-us-spelling', {
    rule: "CE-LIM-REFERENCEID, CE-ENUM-REFTYPE, CE-ERR-FIELD: every refusal about the receipt (its id past its maxLength, a type off its enum, an id naming no receipt) names its member in the detail source in the American spelling, enrollmentReferenceData.enrollmentReferenceId (the error table keyed by the domain model's field names), a parameter the request does not have, where seed 000 ErrorDetail.source is the offending parameter, a member of enrolmentReferenceData",
    ...blind,
    answer: (_x, a) => {
      const named = (d: any) => typeof d?.source === 'string' && d.source.startsWith('enrolmentReferenceData');
      if (a.status < 400 || !Array.isArray(a.body?.details) || !a.body.details.some(named)) return a;
      const body = structuredClone(a.body);
      for (const d of body.details) if (named(d)) d.source = d.source.replaceAll('enrolment', 'enrollment');
      return { ...a, body };
    },
  }),
  fault('i65-ce-phone-code-tied-to-country', {
    rule: "CE-PAT-PHONE, CE-VALID-ACCEPTED: mobileNumber.countryCode is checked against the calling code of the consumer's countryCode (a consistency rule of the release), so a consumer of one country with a mobile number of another (a GB consumer with a French number) is refused 400 INVALID_ARGUMENT, where seed 000 PhoneNumber.countryCode is any international calling code of digits only and ties it to no Consumer.countryCode",
    ...blind,
    judge: refuse(
      'schema',
      (x) => {
        const consumer = x.body.consumer ?? {};
        const expected = CALLING_CODES[consumer.countryCode];
        const code = consumer.mobileNumber?.countryCode;
        return expected !== undefined && typeof code === 'string' && code !== expected;
      },
      () =>
        invalid('consumer.mobileNumber.countryCode', 'pattern', "consumer.mobileNumber.countryCode does not match the consumer's country"),
    ),
  }),
  fault('i65-ce-plus-address-consumer-locked', {
    rule: 'CE-STATE-ACTIVE: a consumer whose e-mail identity carries a sub-address tag (a plus sign in its local part) is enrolled but answered with maskedConsumer.status LOCKED (the address held as a disposable one until verified), where seed 000 States and transitions says the consumer profile is ACTIVE at enrollment',
    ...blind,
    answer: enrolled((body, x) => {
      const value = x.body.consumer?.consumerIdentity?.identityValue;
      if (typeof value === 'string' && value.slice(0, value.lastIndexOf('@')).includes('+') && body.maskedConsumer)
        body.maskedConsumer.status = 'LOCKED';
    }),
  }),
  fault('i65-ce-correlation-cut-to-uuid-column', {
    rule: 'CE-ECHO-CORRELATION: the srcCorrelationId is kept in a column sized for a bare UUID and silently cut to it, so an id sent with its hex prefix is echoed without its last characters (its prefix kept, the tail of its UUID lost), where seed 000 SrcCorrelationId (an optional hex prefix before the UUID) is echoed as the request sent it',
    ...blind,
    answer: enrolled((body) => {
      if (typeof body.srcCorrelationId === 'string' && body.srcCorrelationId.length > UUID_COLUMN)
        body.srcCorrelationId = body.srcCorrelationId.slice(0, UUID_COLUMN);
    }),
  }),
  fault('i65-ce-identity-of-other-client-refused', {
    rule: 'CE-VALID-ACCEPTED: a consumer identity one client has enrolled is refused 400 INVALID_STATE naming consumer.consumerIdentity.identityValue when another client enrolls it (the profile found across clients, then its owner compared with the caller), though each client enrolls its own consumers, where seed 000 POST /cards answers a request every document allows 200',
    ...blind,
    judge: refuse(
      'receipt',
      (x, memory) => {
        const owner = memory.owners?.get(identityKey(x));
        return owner !== undefined && owner !== x.client;
      },
      () => unresolved('consumer.consumerIdentity.identityValue', 'The consumer identity belongs to another client.'),
    ),
    answer: enrolled((_body, x, memory) => {
      memory.owners ??= new Map<string, unknown>();
      if (!memory.owners.has(identityKey(x))) memory.owners.set(identityKey(x), x.client);
    }),
  }),
  fault('i65-ce-lastname-length-after-escaping', {
    rule: "CE-LIM-LASTNAME, CE-VALID-FORMS: consumer.lastName is HTML-escaped before its length is checked (an input sanitiser run ahead of validation), so a last name within its maxLength holding an apostrophe or an ampersand (O'Brien) is refused 400 INVALID_ARGUMENT once its escapes carry it past the bound, where seed 000 Consumer.lastName and Limits bound the name as sent, counted in characters",
    ...blind,
    judge: refuse(
      'schema',
      (x) => {
        const name = x.body.consumer?.lastName;
        const max = x.contract.componentSchema('Consumer')?.properties?.lastName?.maxLength;
        if (typeof name !== 'string' || typeof max !== 'number') return false;
        return Array.from(name.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])).length > max;
      },
      () => invalid('consumer.lastName', 'maxLength', 'consumer.lastName is too long'),
    ),
  }),
  fault('i65-ce-created-from-correlation-v7', {
    rule: "CE-VAL-CREATED: when the request's srcCorrelationId is a time-ordered UUID (UUIDv7), dateOfCardCreated is the instant its leading bits carry (the tracing layer's request time), so a card sent under an id minted earlier (a retried or queued request) is dated when that id was minted, not when the card was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled",
    ...blind,
    answer: enrolled((body, x) => {
      const minted = mintedAt(x.body.srcCorrelationId);
      if (minted && body.maskedCard) body.maskedCard.dateOfCardCreated = minted.toISOString();
    }),
  }),
];
