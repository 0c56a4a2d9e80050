// Card enrollment faults written blind (brief blind54): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash, randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt, provider } from '../kit/faults.js';
import { maskName, type Answer, type CardSeams } from './cards.js';
import type { Refusal } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { skip } = judgesAt<CardSeams>();

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

/** A schema refusal whose every member in error is `field`, for `keyword`. */
const onlyAbout = (r: Refusal | undefined, field: string, keyword: string) =>
  !!r?.violations?.length && r.violations.every((v) => v.field === field && v.keyword === keyword);

/** The identity an enrollment names (seed 000, ConsumerIdentity). */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** A UUID-shaped digest of `text` (a derived id). */
const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The steps judged after the body passed its schema: a refusal there names a valid identity. */
const AFTER_SCHEMA = new Set(['path', 'card', 'check-digit', 'client', 'origin', 'service', 'receipt']);

/** A language for a country, where a consumer is sent without one (the fault's default). */
const LANGUAGE_OF: Record<string, string> = { GB: 'en', US: 'en', IE: 'en', FR: 'fr', DE: 'de', ES: 'es', IT: 'it', NL: 'nl' };

const pad = (n: number) => String(n).padStart(2, '0');

export const INDEPENDENT_54_CARD_FAULTS = [
  fault('i54-ce-api-key-echoed-in-header', {
    rule: 'CE-OBJ-SENSITIVE: every putCard answer echoes the request x-openapi-clientid header back as a response header of the same name (a tracing echo of the request headers), so the server-to-server API key travels in clear in the answer, where seed 000 Authentication makes the header value the secret key (<API_KEY>) and the answer carries only the masked card and consumer records',
    ...blind,
    answer: (x, a) => (x.op === 'putCard' && x.key ? { ...a, headers: { ...a.headers, 'x-openapi-clientid': x.key } } : a),
  }),
  fault('i54-ce-billing-address-create-time-local', {
    rule: 'CE-DATE-UNIT: the masked card carries a maskedBillingAddress whose createTime is the enrollment instant written as the server wall time (an hour east of UTC) with no zone designator at all, where seed 000 MaskedAddress.createTime is a UTC timestamp carrying its zone',
    ...blind,
    answer: enrolled((body, x) => {
      const local = new Date(x.now.getTime() + 3_600_000).toISOString().slice(0, 19);
      body.maskedCard.maskedBillingAddress = { addressId: randomUUID(), countryCode: x.body.consumer.countryCode, createTime: local };
    }),
  }),
  fault('i54-ce-billing-address-id-row-number', {
    rule: "CE-RESP-FORMS: the masked card carries a maskedBillingAddress whose addressId is the address store's row number (a run of digits counting the addresses added), not of the UUID pattern seed 000 MaskedAddress.addressId names",
    ...blind,
    answer: enrolled((body, x, memory) => {
      memory.rows = (memory.rows ?? 10_000) + 1;
      body.maskedCard.maskedBillingAddress = {
        addressId: String(memory.rows),
        countryCode: x.body.consumer.countryCode,
        createTime: x.now.toISOString(),
      };
    }),
  }),
  fault('i54-ce-first-name-masked-to-first-space', {
    rule: 'CE-MASK-NAMES: a first name holding a space (a compound first name) is masked only up to its first space, the words after it answered in clear in maskedFirstName and maskedFullName, where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedFirstName, maskedFullName)',
    ...blind,
    answer: enrolled((body, x) => {
      const first: string = x.body.consumer.firstName;
      const space = first.indexOf(' ');
      if (space < 0) return;
      const masked = maskName(first.slice(0, space)) + first.slice(space);
      body.maskedConsumer.maskedFirstName = masked;
      body.maskedConsumer.maskedFullName = `${masked} ${maskName(x.body.consumer.lastName ?? '')}`;
    }),
  }),
  fault('i54-ce-par-per-enrollment-path', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference derived from the card number on the card-number path but from the enrolmentReferenceId on the push-account-receipt path, so the same account enrolled by both paths is given two references, where seed 000 MaskedCard.paymentAccountReference links one PAN to its tokens',
    ...blind,
    answer: enrolled((body, x) => {
      const from = x.path === 'receipt' ? x.body.enrolmentReferenceData.enrolmentReferenceId : x.card!.primaryAccountNumber;
      body.maskedCard.paymentAccountReference = `5001${createHash('sha256').update(String(from)).digest('hex').slice(0, 25).toUpperCase()}`;
    }),
  }),
  fault('i54-ce-card-id-from-bin-and-last-four', {
    rule: 'CE-PROP-UNIQUE-ID, CE-VAL-CARDID: srcDigitalCardId is a digest of the masked card (panBin and panLastFour) only, so two different card numbers sharing their first digits and last four are answered one srcDigitalCardId, where seed 000 MaskedCard.srcDigitalCardId is the unique card identifier referencing the PAN',
    ...blind,
    answer: enrolled((body) => {
      body.maskedCard.srcDigitalCardId = uuidOf(`${body.maskedCard.panBin}|${body.maskedCard.panLastFour}`);
    }),
  }),
  fault('i54-ce-consumer-locked-after-refusal', {
    rule: "CE-STATE-ACTIVE: a consumer identity whose earlier enrollment was refused after its body passed the schema (an id resolving to nothing, another client's id) is enrolled (200) on its next valid request but answered with maskedConsumer.status LOCKED (the refusal counted as a failed attempt), where seed 000 States and transitions says the consumer profile is ACTIVE at enrollment",
    ...blind,
    judge: (x, step, r, memory) => {
      if (r && x.op === 'putCard' && AFTER_SCHEMA.has(step)) (memory.refused ??= {})[identityOf(x)] = true;
      return r;
    },
    answer: enrolled((body, x, memory) => {
      if (memory.refused?.[identityOf(x)]) body.maskedConsumer.status = 'LOCKED';
    }),
  }),
  fault('i54-ce-service-separator-folded', {
    rule: "CE-STATE-UNKNOWN-SERVICE: a serviceId is resolved among the client's programs with '-' and '_' taken as one separator, so a serviceId naming no program (a registered id with its hyphen written as an underscore) is enrolled instead of refused 400 INVALID_STATE, where seed 000 Errors refuses a serviceId that does not resolve to an entity",
    ...blind,
    judge: skip('service', (x) => {
      const norm = (s: unknown) => String(s).replace(/_/g, '-');
      return !!x.owner?.serviceIds.some((id) => norm(id) === norm(x.body.serviceId));
    }),
  }),
  fault('i54-ce-identity-type-short-name', {
    rule: "CE-MASK-IDENTITY, CE-RESP-FORMS: maskedConsumerIdentity.identityType is answered as the store's short type name EMAIL, not the EMAIL_ADDRESS type sent, a value outside seed 000 ConsumerIdentityType (MaskedConsumer.maskedConsumerIdentity names the identity sent)",
    ...blind,
    answer: enrolled((body) => {
      body.maskedConsumer.maskedConsumerIdentity.identityType = 'EMAIL';
    }),
  }),
  fault('i54-ce-card-created-month-from-minutes', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated is formatted with the minutes in place of the month (a mm pattern letter for MM), so a card is dated in the month numbered by the minute it was enrolled at (no month at all past the twelfth minute), where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    ...blind,
    answer: enrolled((body, x) => {
      const n = x.now;
      body.maskedCard.dateOfCardCreated = `${n.getUTCFullYear()}-${pad(n.getUTCMinutes())}-${pad(n.getUTCDate())}T${n.toISOString().slice(11)}`;
    }),
  }),
  fault('i54-ce-retry-after-iso-duration', {
    rule: 'CE-ERR-UNAVAILABLE: a request resent with the srcCorrelationId of one answered in the last seconds is answered 503 (the first still held) with Retry-After written as an ISO 8601 duration, neither a delay in seconds nor an HTTP date, where the provider Card API 1.0.0 putCard 503 and seed 000 Errors give Retry-After the estimated recovery time',
    ...blind,
    ...provider,
    answer: (x, a, memory) => {
      if (x.op !== 'putCard' || typeof x.body.srcCorrelationId !== 'string') return a;
      const seen: Record<string, number> = (memory.seen ??= {});
      const at = seen[x.body.srcCorrelationId];
      if (a.status === 200) seen[x.body.srcCorrelationId] = x.now.getTime();
      if (at === undefined || x.now.getTime() - at > 30_000) return a;
      return {
        status: 503,
        headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': 'PT30S' },
        body: { code: 503, status: 'UNAVAILABLE', message: 'The service is temporarily unavailable.' },
      };
    },
  }),
  fault('i54-ce-correlation-from-profile', {
    rule: "CE-ECHO-CORRELATION: a consumer identity enrolled again is answered with the srcCorrelationId of its first enrollment (kept with the profile), not the one this request carries, where seed 000 SrcCorrelationId is the request's tracking id, echoed",
    ...blind,
    answer: enrolled((body, x, memory) => {
      const first: Record<string, string> = (memory.first ??= {});
      const known = identityOf(x);
      if (first[known] === undefined) first[known] = body.srcCorrelationId;
      else body.srcCorrelationId = first[known];
    }),
  }),
  fault('i54-ce-email-masked-to-first-dot', {
    rule: 'CE-MASK-EMAIL, CE-MASK-IDENTITY: an e-mail address whose local part holds a dot is masked only up to that dot, the rest of the local part answered in clear in maskedEmailAddress and maskedIdentityValue, where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedEmailAddress)',
    ...blind,
    answer: enrolled((body, x) => {
      const email: string = x.body.consumer.consumerIdentity.identityValue;
      const at = email.lastIndexOf('@');
      const dot = email.indexOf('.');
      if (at < 0 || dot < 1 || dot > at) return;
      const masked = email[0] + '*'.repeat(dot - 1) + email.slice(dot);
      body.maskedConsumer.maskedEmailAddress = masked;
      body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue = masked;
    }),
  }),
  fault('i54-ce-identity-length-per-part', {
    rule: 'CE-LIM-IDENTITYVALUE: consumerIdentity.identityValue is held to the e-mail limits of its local part and its domain, each apart, never the whole value to its maxLength, so an address past that maxLength whose parts are each within the e-mail limits is enrolled, where seed 000 ConsumerIdentity.identityValue has a max length',
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'schema' || !onlyAbout(r, 'consumer.consumerIdentity.identityValue', 'maxLength')) return r;
      const v: string = x.body.consumer.consumerIdentity.identityValue;
      const at = v.lastIndexOf('@');
      return at > 0 && at <= 64 && v.length - at - 1 <= 255 ? undefined : r;
    },
  }),
  fault('i54-ce-key-from-alias-header', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is enrolled when a registered key comes in an x-api-key header (an alias a gateway accepts), where seed 000 Authentication requires the key in x-openapi-clientid on POST /cards and refuses a request without it',
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'key' || !r || x.key) return r;
      const alias = x.headers['x-api-key'];
      const client = typeof alias === 'string' ? x.world.clients.find((c) => c.apiKey === alias) : undefined;
      if (!client) return r;
      x.client = client;
      x.key = alias as string;
      return undefined;
    },
  }),
  fault('i54-ce-language-derived-when-absent', {
    rule: "CE-REQ-CONSUMER: a consumer sent without languageCode is enrolled, its language derived from the consumer's countryCode, where seed 000 Consumer has all fields required (languageCode among them) and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT",
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'schema' || !onlyAbout(r, 'consumer.languageCode', 'required')) return r;
      x.body.consumer.languageCode = LANGUAGE_OF[x.body.consumer.countryCode] ?? 'en';
      return undefined;
    },
  }),
  fault('i54-ce-consumer-status-from-request', {
    rule: "CE-OBJ-READ-ONLY, CE-STATE-ACTIVE: a status sent inside the request's consumer object is copied onto the profile and answered as maskedConsumer.status (the request bound to the profile member by member), so a consumer sent with status SUSPENDED is enrolled as SUSPENDED, where seed 000 EnrollCardRequest declares no status, MaskedConsumer.status is the service's own and States and transitions says the profile is ACTIVE at enrollment",
    ...blind,
    answer: enrolled((body, x) => {
      const sent = x.body.consumer?.status;
      if (typeof sent === 'string') body.maskedConsumer.status = sent;
    }),
  }),
];
