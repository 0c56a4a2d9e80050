// Card enrollment faults written blind (brief blind41): from seed 000, the contract (schemas/card-enrollment/openapi.yaml) and the
// rule catalogue only, with the suite unread. Each bends POST /cards (or the JWK set it encrypts with) at the seams of cards.ts.
import { randomUUID } from 'node:crypto';
import { assumption, blind, faultWriter, judgesAt, schema } from '../kit/faults.js';
import type { Answer, CardSeams, Enrollment } from './cards.js';
import { invalid, refusals } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

/** An accepted enrollment's answer with `change` applied to its body; any other answer unchanged. */
const enrolled =
  (change: (body: Record<string, any>, x: Enrollment, memory: Record<string, any>) => void) =>
  (x: Enrollment, a: Answer, memory: Record<string, any>): Answer => {
    if (a.status !== 200 || x.op !== 'putCard' || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, memory);
    return { ...a, body };
  };

/** An error answer's body with `change` applied; any other answer unchanged. */
const refused =
  (change: (body: Record<string, any>, a: Answer) => void) =>
  (x: Enrollment, a: Answer): Answer => {
    if (a.status < 400 || x.op !== 'putCard' || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, a);
    return { ...a, body };
  };

// A few ISO 3166 alpha-2 codes with their alpha-3 forms, as a release answering the card's country from another table would.
const ALPHA3: Record<string, string> = { US: 'USA', GB: 'GBR', FR: 'FRA', DE: 'DEU', CA: 'CAN', IN: 'IND', AU: 'AUS', BR: 'BRA' };

// The gRPC canonical codes a Google-style error body carries in `code` in place of the HTTP status.
const GRPC: Record<string, number> = {
  INVALID_ARGUMENT: 3,
  INVALID_STATE: 9,
  PERMISSION_DENIED: 7,
  UNAUTHENTICATED: 16,
  INTERNAL: 13,
  NOT_FOUND: 5,
  UNAVAILABLE: 14,
};

/** The ISO/IEC 7812 check digit computed from the left (every other digit doubled from the first): right for even lengths only. */
const leftAnchoredLuhn = (pan: string): boolean =>
  /^[0-9]+$/.test(pan) &&
  Array.from(pan).reduce((sum, c, i) => {
    const d = Number(c) * (i % 2 === 0 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
    0;

const viaWallet = (x: Enrollment) => x.body.cardSource === 'WALLET';

export const INDEPENDENT_41_CARD_FAULTS = [
  // --- The correlation id, the dates and the profile (seed 000, SrcCorrelationId; MaskedCard; MaskedConsumer)
  fault('i41-ce-correlation-generated-once-reused', {
    rule: 'CE-GEN-CORRELATION: the correlation id the service generates for a request that has none is generated once and answered again to every later request without one, instead of a new id each time.',
    answer: enrolled((body, x, memory) => {
      if (x.body.srcCorrelationId) return;
      memory.id ??= body.srcCorrelationId;
      body.srcCorrelationId = memory.id;
    }),
    ...blind,
  }),
  fault('i41-ce-card-created-dated-at-profile', {
    rule: "CE-VAL-CREATED: a card enrolled into a consumer profile added earlier is dated at the profile's creation (dateConsumerAdded) instead of when the card was enrolled.",
    answer: enrolled((body) => {
      if (body.maskedConsumer?.dateConsumerAdded) body.maskedCard.dateOfCardCreated = body.maskedConsumer.dateConsumerAdded;
    }),
    ...blind,
  }),
  fault('i41-ce-profile-split-by-first-name', {
    rule: 'CE-VAL-PROFILE: the profile is located by the consumer identity together with the first name, so the same identity enrolled again with another first name gets a new srcConsumerId and dateConsumerAdded.',
    state: (x, profile, memory) => {
      const { consumerIdentity, firstName } = x.body.consumer;
      const known = `${consumerIdentity.identityType} ${consumerIdentity.identityValue}`;
      const before = memory[known];
      memory[known] = firstName;
      return before === undefined || before === firstName
        ? profile
        : { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() };
    },
    ...blind,
  }),
  fault('i41-ce-refused-enrollment-keeps-profile', {
    rule: "CE-PROP-IDS-OWNED, CE-VAL-CONSUMER-ADDED: an enrollment refused after its body passed validation (an id resolving to nothing, another client's srcClientId) still adds the consumer's profile, so the consumer's later first enrollment answers the refused call's dateConsumerAdded.",
    answer: (x, a) => {
      const identity = x.body.consumer?.consumerIdentity;
      const judged = a.body?.status === 'INVALID_STATE' || a.status === 403;
      if (x.op !== 'putCard' || !judged || !identity?.identityValue) return a;
      const known = `${identity.identityType} ${identity.identityValue}`;
      if (!x.world.profiles.has(known))
        x.world.profiles.set(known, { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() });
      return a;
    },
    ...assumption,
    ...blind,
  }),
  // --- The masked card (seed 000, MaskedCard, DigitalCardData, States and transitions)
  fault('i41-ce-card-status-suspended-for-wallet', {
    rule: 'CE-STATE-ACTIVE: a card enrolled by a commerce platform (cardSource WALLET) is answered with the digital card status SUSPENDED, which the enroll operation never returns.',
    answer: enrolled((body, x) => {
      if (viaWallet(x)) body.maskedCard.digitalCardData = { ...body.maskedCard.digitalCardData, status: 'SUSPENDED' };
    }),
    ...blind,
  }),
  fault('i41-ce-card-country-alpha3', {
    rule: "CE-RESP-FORMS: the masked card's countryCode is answered as the country's three-letter ISO 3166 code instead of its two-letter alpha-2 code.",
    answer: enrolled((body) => {
      const cc = body.maskedCard.countryCode;
      if (typeof cc === 'string') body.maskedCard.countryCode = ALPHA3[cc] ?? `${cc}X`;
    }),
    ...blind,
  }),
  fault('i41-ce-serviceid-answered-as-default-program', {
    rule: "CE-ECHO-SERVICEID: the masked card's serviceId names the calling client's first program instead of the serviceId the card was enrolled for.",
    answer: enrolled((body, x) => {
      const first = x.client?.serviceIds[0];
      if (first !== undefined) body.maskedCard.serviceId = first;
    }),
    ...blind,
  }),
  // --- The masked consumer (seed 000, MaskedConsumer)
  fault('i41-ce-language-answered-as-locale', {
    rule: "CE-RESP-FORMS, CE-PROP-ECHO-AS-SENT: the masked consumer's languageCode is answered as a locale (the language sent, a hyphen, the consumer's country) instead of the ISO 639-1 code sent.",
    answer: enrolled((body) => {
      const c = body.maskedConsumer;
      if (c?.languageCode && c.countryCode) c.languageCode = `${c.languageCode}-${c.countryCode}`;
    }),
    ...blind,
  }),
  fault('i41-ce-accepted-version-drops-query', {
    rule: 'CE-PROP-ECHO-AS-SENT: the accepted versions of the privacy notice and the terms are answered as the latestVersionUri sent without its query and fragment, so a version carried in the query is lost.',
    answer: enrolled((body) => {
      const settings = body.maskedConsumer?.complianceSettings;
      for (const part of [settings?.privacy, settings?.tnc])
        if (typeof part?.acceptedVersion === 'string') part.acceptedVersion = part.acceptedVersion.replace(/[?#].*$/s, '');
    }),
    ...blind,
  }),
  // --- The card inside encryptedCard (seed 000, Card; the check digit, reference A3)
  fault('i41-ce-luhn-doubled-from-the-left', {
    rule: 'CE-LUHN: the check digit is computed doubling every other digit from the first instead of from the one left of the check digit, so a valid card number of odd length is refused and some invalid ones pass.',
    judge: (x, step, r) => {
      if (step !== 'check-digit' || x.path !== 'card' || !x.card) return r;
      const pan = x.card.primaryAccountNumber;
      return leftAnchoredLuhn(pan)
        ? undefined
        : invalid('card.primaryAccountNumber', 'luhn', 'card.primaryAccountNumber fails the ISO/IEC 7812 check digit');
    },
    ...assumption,
    ...blind,
  }),
  fault('i41-ce-expiry-month-refused-as-expired', {
    rule: 'CE-VALID-ACCEPTED, CE-PAT-EXPIRY: a card whose expiry month and year are the current month, still valid through that month, is refused as expired.',
    judge: refuse(
      'check-digit',
      (x) => {
        const { panExpirationMonth: m, panExpirationYear: y } = x.card ?? {};
        return x.path === 'card' && !!m && !!y && Number(y) === x.now.getUTCFullYear() && Number(m) === x.now.getUTCMonth() + 1;
      },
      () => invalid('card.panExpirationMonth', 'expired', 'The card has expired.'),
    ),
    ...blind,
  }),
  // --- Who calls (seed 000, Authentication; reference A2) and which error answers (seed 000, Errors)
  fault('i41-ce-key-header-twice-first-taken', {
    rule: 'CE-AUTH-KEY-FORM: an x-openapi-clientid header sent twice is read as its first value, so a registered key followed by any other value is accepted instead of refused as an unknown key.',
    judge: fold(
      'received',
      (x) => typeof x.key === 'string' && x.key.includes(','),
      (x) => {
        x.key = x.key!.split(',')[0].trim();
      },
    ),
    ...assumption,
    ...blind,
  }),
  fault('i41-ce-unknown-client-answered-forbidden', {
    rule: 'CE-STATE-UNKNOWN-CLIENT, CE-PROP-REFUSAL-CODE: a srcClientId that resolves to no client is answered 403 origin not validated, as if another client held it, instead of 400 INVALID_STATE.',
    judge: (_x, step, r) => (step === 'client' && r ? refusals.foreignOrigin() : r),
    ...blind,
  }),
  fault('i41-ce-unauthorized-without-error-body', {
    rule: 'CE-AUTH-UNKNOWN-KEY, CE-PROP-ERROR-STATUS: a refused key is answered 401 with an empty body, where the operation declares the error body for its 401.',
    answer: (x, a) => (x.op === 'putCard' && a.status === 401 ? { status: 401, headers: { 'www-authenticate': 'ApiKey' } } : a),
    ...blind,
  }),
  fault('i41-ce-error-code-grpc-number', {
    rule: 'CE-PROP-ERROR-STATUS: an error body carries in code the canonical RPC number of its status value (its INVALID_ARGUMENT, INVALID_STATE, PERMISSION_DENIED, UNAUTHENTICATED) instead of the HTTP status of the answer.',
    answer: refused((body) => {
      if (typeof body.status === 'string' && GRPC[body.status] !== undefined) body.code = GRPC[body.status];
    }),
    ...assumption,
    ...blind,
  }),
  fault('i41-ce-error-detail-carries-pointer', {
    rule: "CE-PROP-ERROR-DETAILS: each error detail also carries a member the seed's ErrorDetail does not declare, a JSON pointer to the offending parameter beside its source.",
    answer: refused((body) => {
      if (Array.isArray(body.details))
        body.details = body.details.map((d: Record<string, any>) => ({ ...d, pointer: `/${String(d.source).split('.').join('/')}` }));
    }),
    ...blind,
  }),
  fault('i41-ce-media-type-parameter-refused', {
    rule: 'CE-PROP-BODY-MEDIA: a JSON body labelled with a valid variant of application/json (a charset parameter, the type in capitals) is refused as a malformed request instead of enrolled as the plain label is.',
    judge: refuse(
      'received',
      (x) => {
        const type = x.headers['content-type'];
        return typeof type === 'string' && type !== 'application/json' && /^application\/json\b/i.test(type);
      },
      () => invalid('Content-Type', 'type', 'Content-Type must be application/json'),
    ),
    ...blind,
  }),
  // --- The JWK set the card is encrypted with (reference, facts: a JWE made with the published key)
  fault('i41-ce-published-key-id-changes-per-fetch', {
    rule: 'CE-JWE-DECRYPT: the published JWK set names its key with a new key id on every fetch while the service decrypts only under its own, so a card encrypted as the published key says is refused.',
    answer: (x, a) => {
      if (x.op !== 'keys' || !a.body) return a;
      const keys = (a.body.keys as Record<string, unknown>[]).map((k) => ({ ...k, kid: `ce-${randomUUID()}` }));
      return { ...a, body: { ...a.body, keys } };
    },
    ...assumption,
    ...blind,
  }),
  // --- Validation: the request schema loosened (seed 000, EnrollCardRequest, SrcCorrelationId, ComplianceSettings, EnrolmentReferenceData)
  fault('i41-ce-srcclientid-optional-then-unresolved', {
    rule: 'CE-REQ-REQUEST, CE-PROP-REFUSAL-CODE: srcClientId is no longer required, so a request without it passes validation and is refused as an id resolving to nothing (INVALID_STATE) instead of a mandatory value missing (INVALID_ARGUMENT).',
    relax: schema('EnrollCardRequest', { unrequire: ['srcClientId'] }),
    ...blind,
  }),
  fault('i41-ce-version-uri-relative-accepted', {
    rule: 'CE-FMT-URI: a latestVersionUri that is only a relative reference (a path with no scheme) is accepted as the URI of the latest version.',
    relax: schema('VersionUri.latestVersionUri', { set: { format: 'uri-reference' } }),
    ...blind,
  }),
  fault('i41-ce-receipt-type-optional', {
    rule: 'CE-REQ-RECEIPT: a push account receipt without its enrolmentReferenceType is enrolled, where the type is required whenever the receipt is passed.',
    relax: schema('EnrolmentReferenceData', { unrequire: ['enrolmentReferenceType'] }),
    ...blind,
  }),
  fault('i41-ce-correlation-prefix-any-case-hex', {
    rule: "CE-PAT-CORRELATIONID: the correlation id's optional hex prefix is taken in capitals too, where its pattern takes only lower-case hex there.",
    relax: schema('SrcCorrelationId', {
      set: {
        pattern: '^([0-9a-fA-F]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      },
    }),
    ...blind,
  }),
];
