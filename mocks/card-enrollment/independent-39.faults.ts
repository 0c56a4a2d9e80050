// Card enrollment faults written blind (i39): from seed 000 and the contract only, the suite unread. Each names the statement it
// breaks; each bends cards.ts at its seams (judge, state, answer) or loosens the mock's copy of the contract (relax).
import { assumption, blind, faultWriter, type FaultSeams, schema } from '../kit/faults.js';
import type { Answer, CardSeams, Enrollment } from './cards.js';
import type { Profile } from './state.js';

type Seams = FaultSeams<CardSeams>;
const fault = faultWriter<CardSeams>('CE');

/** An accepted enrollment's answer (200 of putCard) with its body bent; any other answer as it was. */
const enrolledBody =
  (bend: (body: Record<string, any>, x: Enrollment, memory: Record<string, any>) => void): Seams['answer'] =>
  (x, a, memory) => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    bend(body, x, memory);
    return { ...a, body } satisfies Answer;
  };

/** The key a consumer profile is found by (cards.ts: identity type and value). */
const identityKey = (x: Enrollment) =>
  `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** An instant written in a fixed offset from UTC (minutes east), as a local-time renderer would: 2025-01-31T11:00:00.000+01:00. */
function inOffset(iso: string, minutes: number): string {
  const local = new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, -1);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The standard offsets of a few countries (minutes east of UTC); any other non-US country takes the processing centre's +01:00. */
const COUNTRY_OFFSETS: Record<string, number> = { FR: 60, DE: 60, ES: 60, IT: 60, NL: 60, BE: 60, IN: 330, JP: 540, AU: 600, BR: -180 };

export const INDEPENDENT_39_CARD_FAULTS = [
  // --- state across calls: a profile found by the wrong key (a decision applied to the wrong object of one owner)
  fault('i39-ce-profile-new-identity-takes-clients-last', {
    rule: "CE-VAL-PROFILE: a consumer identity the client never enrolled is answered with the profile the same client's previous enrollment named (its srcConsumerId and dateConsumerAdded), not a new profile of its own, where seed 000 says identityValue locates the profile",
    state: (x, profile: Profile, memory) => {
      const client = x.client?.apiKey ?? '';
      const known = x.world.profiles.has(identityKey(x));
      const last: Profile | undefined = memory[client];
      const chosen = !known && last ? last : profile;
      memory[client] = chosen;
      return chosen;
    },
    ...blind,
  }),
  // --- an error's detail member on one refusal path
  fault('i39-ce-unknown-service-detail-names-client', {
    rule: 'CE-STATE-UNKNOWN-SERVICE, CE-PROP-REFUSAL-MEMBER: the 400 INVALID_STATE of a serviceId that resolves to no program names srcClientId as the detail source, where seed 000 ErrorDetail.source is the offending parameter (serviceId)',
    judge: (_x, step, refusal) =>
      step === 'service' && refusal
        ? { ...refusal, violations: refusal.violations?.map((v) => ({ ...v, field: 'srcClientId' })) }
        : refusal,
    ...blind,
  }),
  // --- masking: the last four taken from a PAN cut to 16 digits
  fault('i39-ce-mask-last-four-of-first-sixteen', {
    rule: 'CE-MASK-PAN: a PAN longer than the shortest the contract takes is answered with panLastFour taken from the end of its first sixteen digits, not the last four PAN digits seed 000 MaskedCard.panLastFour names',
    answer: enrolledBody((body, x) => {
      const pan = x.card?.primaryAccountNumber ?? '';
      if (pan.length > 16) body.maskedCard.panLastFour = pan.slice(12, 16);
    }),
    ...blind,
  }),
  // --- state across calls: one card id for every card of a consumer
  fault('i39-ce-card-id-shared-by-consumer-cards', {
    rule: "CE-VAL-CARDID: every card enrolled into one consumer profile is answered with the srcDigitalCardId of the profile's first card, so two different card numbers share one id, where seed 000 MaskedCard.srcDigitalCardId is a unique card identifier",
    answer: enrolledBody((body, _x, memory) => {
      const consumer = body.maskedConsumer?.srcConsumerId;
      if (!consumer) return;
      memory[consumer] ??= body.maskedCard.srcDigitalCardId;
      body.maskedCard.srcDigitalCardId = memory[consumer];
    }),
    ...blind,
  }),
  // --- date-time forms: the card's creation written in the consumer's local offset
  fault('i39-ce-card-created-in-consumer-offset', {
    rule: "CE-VAL-CREATED: for a consumer outside the US, dateOfCardCreated is the enrollment instant written in the consumer country's offset, not the UTC datetime seed 000 MaskedCard.dateOfCardCreated names",
    answer: enrolledBody((body, x) => {
      const country = String(x.body.consumer?.countryCode ?? '').toUpperCase();
      if (country === 'US') return;
      body.maskedCard.dateOfCardCreated = inOffset(body.maskedCard.dateOfCardCreated, COUNTRY_OFFSETS[country] ?? 60);
    }),
    ...blind,
  }),
  // --- echo: the correlation id's optional prefix dropped
  fault('i39-ce-correlation-prefix-dropped', {
    rule: 'CE-ECHO-CORRELATION: a srcCorrelationId sent with its optional hex prefix is answered as its UUID part only, where seed 000 SrcCorrelationId says the id is echoed',
    answer: enrolledBody((body, x) => {
      const sent = x.body.srcCorrelationId;
      if (typeof sent === 'string' && sent.length > 36) body.srcCorrelationId = sent.slice(-36);
    }),
    ...blind,
  }),
  // --- lifecycle: a velocity rule locks the profile while enrolling
  fault('i39-ce-consumer-locked-from-third-card', {
    rule: 'CE-STATE-ACTIVE: from the third enrollment of one consumer identity on, the enrollment succeeds but maskedConsumer.status reads LOCKED, where seed 000 States says the consumer profile is ACTIVE at enrollment',
    answer: enrolledBody((body, x, memory) => {
      const key = identityKey(x);
      memory[key] = (memory[key] ?? 0) + 1;
      if (memory[key] >= 3 && body.maskedConsumer) body.maskedConsumer.status = 'LOCKED';
    }),
    ...blind,
  }),
  // --- sensitive values: the mobile number added to the masked consumer unmasked
  fault('i39-ce-mobile-number-in-clear', {
    rule: 'CE-MASK-MOBILE: the masked consumer carries maskedMobileNumber with the phoneNumber sent in clear, where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedMobileNumber)',
    answer: enrolledBody((body, x) => {
      const mobile = x.body.consumer?.mobileNumber;
      if (body.maskedConsumer && mobile)
        body.maskedConsumer.maskedMobileNumber = { countryCode: mobile.countryCode, phoneNumber: mobile.phoneNumber };
    }),
    ...blind,
  }),
  // --- auth: the key compared without case
  fault('i39-ce-key-compared-without-case', {
    rule: 'CE-AUTH-KEY-FORM, CE-AUTH-UNKNOWN-KEY: x-openapi-clientid is matched to a registered key without regard to case, so the key in other case enrolls (200) where the reference compares the key whole and exactly (401)',
    ...assumption,
    judge: (x, step, refusal) => {
      if (step !== 'key' || !refusal || !x.key) return refusal;
      const client = x.world.clients.find((c) => c.apiKey.toLowerCase() === x.key!.toLowerCase());
      if (!client) return refusal;
      x.client = client;
      return undefined;
    },
    ...blind,
  }),
  // --- validation faults: the contract's patterns changed
  fault('i39-ce-service-id-hash-refused', {
    rule: "CE-PAT-SERVICEID, CE-VALID-FORMS: serviceId is validated without the '#' seed 000 EnrollCardRequest.serviceId's pattern ^[0-9a-zA-Z#_-]*$ takes, so a registered program id holding '#' is refused 400",
    relax: schema('EnrollCardRequest.serviceId', { set: { pattern: '^[0-9a-zA-Z_-]*$' } }),
    ...blind,
  }),
  fault('i39-ce-phone-country-plus-accepted', {
    rule: 'CE-PAT-PHONE: mobileNumber.countryCode is accepted with a leading plus sign (+44), where seed 000 PhoneNumber.countryCode is digits only, no plus sign',
    relax: schema('PhoneNumber.countryCode', { set: { pattern: '^\\+?[0-9]+$' } }),
    ...blind,
  }),
];
