// Card enrollment faults written blind (brief blind51): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash, randomUUID } from 'node:crypto';
import { schemaAt } from '../../helpers/contract/facts.js';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, refusals } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { refuse } = judgesAt<CardSeams>();

type X = CardSeams['x'];
type Judge = NonNullable<Parameters<typeof fault>[1] extends infer H ? (H extends { judge?: infer J } ? J : never) : never>;

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x);
    return { ...a, body };
  };

/** An error answer's details bent by `change` (accepted answers pass unchanged). */
const refused =
  (change: (detail: Record<string, any>) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 400 || !Array.isArray(a.body?.details)) return a;
    const body = structuredClone(a.body!);
    for (const d of body.details) change(d);
    return { ...a, body };
  };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const chars = (s: unknown) => (typeof s === 'string' ? Array.from(s).length : 0);
const profileKey = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** The receipt step answered by a lookup that compares ids without their last character. */
const receiptLoose: Judge = (x, step, r) => {
  if (step !== 'receipt' || !r || x.path !== 'receipt') return r;
  const sent = String(x.body.enrolmentReferenceData?.enrolmentReferenceId ?? '');
  const near = x.world.receipts.find((c) => sent.length > 1 && c.enrolmentReferenceId.slice(0, -1) === sent.slice(0, -1));
  if (!near) return r;
  x.card = { primaryAccountNumber: near.primaryAccountNumber };
  return undefined;
};

/** The key step answered by a comparison over the length of the key sent. */
const keyPrefix: Judge = (x, step, r) => {
  if (step !== 'key' || !r || !x.key) return r;
  const client = x.world.clients.find((c) => c.apiKey.startsWith(x.key!));
  if (!client) return r;
  x.client = client;
  return undefined;
};

/** The schema step letting a long last name through when first and last together fit twice the last name's maxLength. */
const fullNameLimit: Judge = (x, step, r) => {
  if (step !== 'schema' || !r?.violations?.length) return r;
  if (!r.violations.every((v) => v.field === 'consumer.lastName' && v.keyword === 'maxLength')) return r;
  const max = Number(schemaAt(x.contract, 'Consumer', 'lastName').maxLength);
  return chars(x.body.consumer?.firstName) + chars(x.body.consumer?.lastName) <= 2 * max ? undefined : r;
};

/** The schema step letting a consumer without lastName through (the member read as optional). */
const lastNameOptional: Judge = (_x, step, r) =>
  step === 'schema' && r?.violations?.length && r.violations.every((v) => v.field === 'consumer.lastName' && v.keyword === 'required')
    ? undefined
    : r;

/** The schema step's length refusals naming their member as a JSON pointer. */
const pointerSources: Judge = (_x, step, r) => {
  if (step !== 'schema' || !r?.violations?.some((v) => v.keyword === 'maxLength')) return r;
  return {
    ...r,
    violations: r.violations.map((v) => (v.keyword === 'maxLength' ? { ...v, field: `/${v.field.split('.').join('/')}` } : v)),
  };
};

export const INDEPENDENT_51_CARD_FAULTS = [
  fault('i51-ce-created-twelve-hour-clock', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated writes its hour on a twelve-hour clock (an hh for an HH), so a card enrolled in the afternoon is dated twelve hours before it was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    answer: enrolled((body, x) => {
      const h = x.now.getUTCHours() % 12 || 12;
      body.maskedCard.dateOfCardCreated = `${x.now.toISOString().slice(0, 11)}${pad(h)}${x.now.toISOString().slice(13)}`;
    }),
    ...blind,
  }),
  fault('i51-ce-consumer-added-month-ahead', {
    rule: 'CE-VAL-CONSUMER-ADDED: the dateConsumerAdded of a new profile is built from the one-based month of the enrollment instant given as a zero-based one, so the profile is dated a month after it was added (at a month end the day overflows further: 31 January reads early March), where seed 000 MaskedConsumer.dateConsumerAdded is the UTC datetime the consumer was added',
    state: (x, p) => {
      if (x.world.profiles.has(profileKey(x))) return p;
      const n = x.now;
      const d = new Date(
        Date.UTC(
          n.getUTCFullYear(),
          n.getUTCMonth() + 1,
          n.getUTCDate(),
          n.getUTCHours(),
          n.getUTCMinutes(),
          n.getUTCSeconds(),
          n.getUTCMilliseconds(),
        ),
      );
      return { ...p, dateConsumerAdded: d.toISOString() };
    },
    ...blind,
  }),
  fault('i51-ce-par-keyed-with-expiry', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference derived from the card number together with its expiry, so the same card number enrolled again with a new expiry (a reissued card) is given another reference, where seed 000 MaskedCard.paymentAccountReference links a PAN to its tokens',
    answer: enrolled((body, x) => {
      const c = x.card!;
      const seed = `${c.primaryAccountNumber}|${c.panExpirationMonth ?? ''}|${c.panExpirationYear ?? ''}`;
      body.maskedCard.paymentAccountReference = `5001${createHash('sha256').update(seed).digest('hex').slice(0, 25).toUpperCase()}`;
    }),
    ...blind,
  }),
  fault('i51-ce-last-program-unresolved', {
    rule: "CE-STATE-OWN-IDS, CE-VALID-ACCEPTED: the serviceId is looked up among the client's programs but its last one (an off-by-one in the list's end), so the last program registered to the caller is refused 400 INVALID_STATE as resolving to nothing, where seed 000 Errors refuses only a serviceId that does not resolve to an entity",
    judge: refuse(
      'service',
      (x) => x.owner !== undefined && x.owner.serviceIds.at(-1) === x.body.serviceId,
      () => refusals.unknownService(),
    ),
    ...blind,
  }),
  fault('i51-ce-receipt-last-char-ignored', {
    rule: 'CE-LOOKUP-EXACT, CE-STATE-UNKNOWN-RECEIPT: an enrolmentReferenceId is matched to a receipt without its last character, so a receipt id with its last character changed resolves to that receipt and is enrolled, where an id naming no receipt is 400 INVALID_STATE (seed 000 Errors: a value that does not resolve to an entity)',
    judge: receiptLoose,
    ...blind,
  }),
  fault('i51-ce-language-upper-cased', {
    rule: 'CE-PROP-ECHO-AS-SENT, CE-RESP-FORMS: maskedConsumer.languageCode is answered upper-cased (EN for en), not the ISO 639-1 code the consumer was sent with, where seed 000 MaskedConsumer.languageCode is ISO 639-1 and Consumer.languageCode the value sent',
    answer: enrolled((body) => {
      if (typeof body.maskedConsumer?.languageCode === 'string')
        body.maskedConsumer.languageCode = body.maskedConsumer.languageCode.toUpperCase();
    }),
    ...blind,
  }),
  fault('i51-ce-key-prefix-accepted', {
    rule: 'CE-AUTH-UNKNOWN-KEY: x-openapi-clientid is compared over the length sent only, so a registered key truncated (its last characters dropped) is taken as that key and enrolled, where seed 000 Authentication answers 401 to a failed authorization check and the key is compared whole',
    judge: keyPrefix,
    ...blind,
  }),
  fault('i51-ce-lastname-not-required', {
    rule: 'CE-REQ-CONSUMER: consumer.lastName is taken as optional (a mononym allowed), so a consumer without lastName is enrolled, where seed 000 Consumer has all fields required',
    judge: lastNameOptional,
    ...blind,
  }),
  fault('i51-ce-lastname-limit-on-full-name', {
    rule: 'CE-LIM-LASTNAME: consumer.lastName past its maxLength is enrolled when the first name is short enough that both together stay within twice that maxLength (the limit applied to the full name), where seed 000 Consumer.lastName and Limits bound the last name alone',
    judge: fullNameLimit,
    ...blind,
  }),
  fault('i51-ce-email-subdomain-refused', {
    rule: 'CE-FMT-EMAIL, CE-VALID-FORMS: an EMAIL_ADDRESS identityValue whose domain has more than two labels (mail.example.org) or a hyphen in it is refused 400 INVALID_ARGUMENT as not an e-mail address, where seed 000 ConsumerIdentity.identityValue takes any value matching its identityType, an e-mail address',
    judge: refuse(
      'schema',
      (x) => {
        const v = x.body.consumer?.consumerIdentity?.identityValue;
        if (typeof v !== 'string' || !v.includes('@')) return false;
        const domain = v.slice(v.lastIndexOf('@') + 1);
        return domain.split('.').length > 2 || domain.includes('-');
      },
      () => invalid('consumer.consumerIdentity.identityValue', 'format', 'identityValue is not an e-mail address'),
    ),
    ...blind,
  }),
  fault('i51-ce-uri-port-refused', {
    rule: 'CE-FMT-URI, CE-VALID-FORMS: a latestVersionUri carrying a port in its authority (https://host:8443/path) is refused 400 INVALID_ARGUMENT as not a URI, where seed 000 ComplianceSettings privacy and tnc latestVersionUri take any URI of the latest version',
    judge: refuse(
      'schema',
      (x) =>
        ['privacy', 'tnc'].some((k) =>
          /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:\d+/i.test(String(x.body.complianceSettings?.[k]?.latestVersionUri ?? '')),
        ),
      () => invalid('complianceSettings.privacy.latestVersionUri', 'format', 'latestVersionUri is not a URI'),
    ),
    ...blind,
  }),
  fault('i51-ce-profile-replaced-by-other-program', {
    rule: "CE-VAL-PROFILE: an identity enrolled for another of the caller's programs replaces its stored profile with a new one, so the same identity enrolled again for its first serviceId names another srcConsumerId and dateConsumerAdded than before, where seed 000 ConsumerIdentity.identityValue locates the profile",
    state: (x, p, m) => {
      const key = profileKey(x);
      const last = m[key];
      m[key] = x.body.serviceId;
      if (!x.world.profiles.has(key) || last === undefined || last === x.body.serviceId) return p;
      return { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() };
    },
    ...blind,
  }),
  fault('i51-ce-correlation-detail-header', {
    rule: 'CE-PROP-ERROR-DETAILS, CE-ERR-FIELD: the refusal of a srcCorrelationId outside its pattern gives its detail sourceType HEADER (the tracking id taken for a header), on that refusal only, though srcCorrelationId is a member of the request body, where seed 000 ErrorDetail.sourceType names the place of the offending parameter',
    answer: refused((d) => {
      if (d.source === 'srcCorrelationId') d.sourceType = 'HEADER';
    }),
    ...blind,
  }),
  fault('i51-ce-length-detail-pointer-source', {
    rule: "CE-ERR-FIELD, CE-PROP-REFUSAL-MEMBER: a member refused past its maxLength is named in its detail source as a JSON pointer (/consumer/firstName), on the length refusals only, not as the member's dotted path the other refusals give, where seed 000 ErrorDetail.source is the offending parameter",
    judge: pointerSources,
    ...blind,
  }),
  fault('i51-ce-last-four-as-number', {
    rule: 'CE-RESP-FORMS, CE-MASK-PAN: maskedCard.panLastFour is answered as a JSON number (the digits read as an integer), so a PAN ending in a zero loses its leading digits, where seed 000 MaskedCard.panLastFour is a numeric string, the last four PAN digits',
    answer: enrolled((body) => {
      body.maskedCard.panLastFour = Number(body.maskedCard.panLastFour);
    }),
    ...blind,
  }),
];
