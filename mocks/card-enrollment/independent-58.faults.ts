// Card enrollment faults written blind (brief blind58): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash, randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

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

/** The identity an enrollment names (seed 000, ConsumerIdentity), as the profile store keys it. */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** How many recent identities the faulty profile cache keeps. */
const cachedProfiles = 2;

/** The international calling codes the faulty country fill-in knows. */
const countryOfCallingCode: Record<string, string> = { '1': 'US', '44': 'GB', '33': 'FR', '49': 'DE', '61': 'AU' };

export const INDEPENDENT_58_CARD_FAULTS = [
  fault('i58-ce-profile-added-year-from-clock', {
    rule: 'CE-VAL-PROFILE: a consumer identity enrolled again after a year end is answered with a dateConsumerAdded whose year is the year of this enrollment (the profile date kept as month, day and time, its year filled in from the clock), so the profile added in one year is dated a year later, where seed 000 ConsumerIdentity.identityValue locates the profile and MaskedConsumer.dateConsumerAdded names when it was added',
    answer: enrolled((body, x) => {
      const added = body.maskedConsumer?.dateConsumerAdded;
      if (typeof added === 'string') body.maskedConsumer.dateConsumerAdded = `${x.now.getUTCFullYear()}${added.slice(4)}`;
    }),
    ...blind,
  }),
  fault('i58-ce-cardid-per-second', {
    rule: 'CE-PROP-UNIQUE-ID, CE-VAL-CARDID: srcDigitalCardId is generated from the enrollment instant cut to its second (a time-based id of too coarse a clock), so two different card numbers enrolled in the same second are answered one srcDigitalCardId, where seed 000 MaskedCard.srcDigitalCardId is a unique card identifier',
    answer: enrolled((body, x, memory) => {
      const second = Math.floor(x.now.getTime() / 1000);
      memory[second] ??= randomUUID();
      body.maskedCard.srcDigitalCardId = memory[second];
    }),
    ...blind,
  }),
  fault('i58-ce-receipt-serviceid-from-profile', {
    rule: 'CE-ECHO-SERVICEID: on the push-account-receipt path maskedCard.serviceId is the serviceId the consumer identity was first enrolled for (read from the profile), not the one this request enrolls for, so an identity enrolled for a second program reads the first, where seed 000 MaskedCard.serviceId is the service (program) the card is enrolled for',
    answer: enrolled((body, x, memory) => {
      const key = identityOf(x);
      memory[key] ??= body.maskedCard.serviceId;
      if (x.path === 'receipt') body.maskedCard.serviceId = memory[key];
    }),
    ...blind,
  }),
  fault('i58-ce-expiry-month-defaulted', {
    rule: "CE-ECHO-EXPIRY: a card sent with panExpirationYear and no panExpirationMonth is answered with panExpirationMonth December (the expiry filled in to the end of its year), a month the card never carried, where seed 000 Card makes the month optional and MaskedCard.panExpirationMonth is the card's for presentation",
    answer: enrolled((body, x) => {
      if (x.path === 'card' && x.card?.panExpirationYear && !x.card.panExpirationMonth) body.maskedCard.panExpirationMonth = '12';
    }),
    ...blind,
  }),
  fault('i58-ce-key-detail-sourcetype-body', {
    rule: "CE-PROP-ERROR-DETAILS: the 401 of an unknown x-openapi-clientid carries a detail naming that header as its source with sourceType BODY (the builder's default place), on that refusal path only, where seed 000 ErrorDetail.source is the offending parameter and sourceType its place, a header being HEADER",
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 401 && x.key && a.body
        ? {
            ...a,
            body: {
              ...a.body,
              details: [{ reason: 'INVALID_VALUE', source: 'x-openapi-clientid', message: 'Unknown API key.', sourceType: 'BODY' }],
            },
          }
        : a,
    ...blind,
  }),
  fault('i58-ce-client-by-first-group', {
    rule: "CE-STATE-UNKNOWN-CLIENT: srcClientId is resolved by its first group of hex digits only (an index on the id's leading part), so an id no client holds, sharing that group with a registered one, is enrolled as that client's instead of refused 400 INVALID_STATE, where seed 000 Errors gives a srcClientId that does not resolve to an entity INVALID_STATE",
    judge: (x, step, r) => {
      if (step !== 'client' || !r || typeof x.body.srcClientId !== 'string') return r;
      const head = x.body.srcClientId.split('-')[0];
      const owner = x.world.clients.find((c) => c.srcClientIds.some((id) => id.split('-')[0] === head));
      if (!owner) return r;
      x.owner = owner;
      return undefined;
    },
    ...blind,
  }),
  fault('i58-ce-service-before-hash', {
    rule: "CE-STATE-UNKNOWN-SERVICE: a serviceId holding '#' is resolved by its part before the '#' (the rest read as a fragment), so a serviceId no program has, sharing that part with one of the client's programs, is enrolled instead of refused 400 INVALID_STATE, where seed 000 Errors gives a serviceId that does not resolve to an entity INVALID_STATE",
    judge: (x, step, r) => {
      if (step !== 'service' || !r || typeof x.body.serviceId !== 'string' || !x.body.serviceId.includes('#')) return r;
      const head = x.body.serviceId.split('#')[0];
      return x.owner?.serviceIds.some((s) => s.includes('#') && s.split('#')[0] === head) ? undefined : r;
    },
    ...blind,
  }),
  fault('i58-ce-name-apostrophe-refused', {
    rule: "CE-VALID-ACCEPTED: a consumer whose firstName or lastName holds an apostrophe (O'Brien) is refused 400 INVALID_ARGUMENT (an input filter against quotes), though seed 000 Consumer gives the names only a max length and POST /cards answers a valid request 200",
    judge: refuse(
      'schema',
      (x) => [x.body.consumer?.firstName, x.body.consumer?.lastName].some((n) => typeof n === 'string' && n.includes("'")),
      (x) => invalid(String(x.body.consumer?.lastName).includes("'") ? 'consumer.lastName' : 'consumer.firstName', 'pattern'),
    ),
    ...blind,
  }),
  fault('i58-ce-profile-cache-evicts', {
    rule: 'CE-VAL-PROFILE: the profiles are found through a cache of the few identities enrolled last, an identity that fell out of it given a new profile, so an identity enrolled again after a few others is answered another srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue locates the profile and the same identity names the same one',
    state: (x, change, memory) => {
      const key = identityOf(x);
      const recent: string[] = (memory.recent ??= []);
      const known = recent.includes(key);
      memory.recent = [...recent.filter((k) => k !== key), key].slice(-cachedProfiles);
      if (known || !x.world.profiles.has(key)) return change;
      return { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() };
    },
    ...blind,
  }),
  fault('i58-ce-expiry-far-ahead-refused', {
    rule: 'CE-VALID-ACCEPTED, CE-PAT-EXPIRY: a card whose panExpirationYear lies two decades or more after the current year is refused 400 INVALID_ARGUMENT as an implausible expiry (a sanity window the documents do not give), where seed 000 Card.panExpirationYear is any four-digit year and POST /cards answers a valid request 200',
    judge: refuse(
      'card',
      (x) =>
        x.path === 'card' &&
        /^[0-9]{4}$/.test(x.card?.panExpirationYear ?? '') &&
        Number(x.card!.panExpirationYear) >= x.now.getUTCFullYear() + 20,
      () => invalid('card.panExpirationYear', 'range', 'card.panExpirationYear is not a plausible expiry year'),
    ),
    ...blind,
  }),
  fault('i58-ce-card-suspended-expiring-month', {
    rule: 'CE-STATE-ACTIVE: a card whose expiry month and year are the current month is enrolled but answered with digitalCardData.status SUSPENDED (held as expiring), where seed 000 States and transitions says the enroll operation never returns the digital card status SUSPENDED',
    answer: enrolled((body, x) => {
      const month = String(x.now.getUTCMonth() + 1).padStart(2, '0');
      if (x.path === 'card' && x.card?.panExpirationMonth === month && x.card.panExpirationYear === String(x.now.getUTCFullYear()))
        body.maskedCard.digitalCardData.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i58-ce-par-per-identity', {
    rule: 'CE-VAL-PAR: the masked card carries a paymentAccountReference derived from the card number together with the consumer identity enrolling it, so the same card number enrolled by another consumer identity is given another reference, where seed 000 MaskedCard.paymentAccountReference links one PAN to its tokens',
    answer: enrolled((body, x) => {
      const digest = createHash('sha256')
        .update(`${x.card?.primaryAccountNumber} ${identityOf(x)}`)
        .digest('hex')
        .toUpperCase();
      body.maskedCard.paymentAccountReference = `V001${digest.slice(0, 25)}`;
    }),
    ...blind,
  }),
  fault('i58-ce-receipt-consumer-id-from-reference', {
    rule: 'CE-RESP-FORMS: on the push-account-receipt path a consumer profile the enrollment adds is given the enrolmentReferenceId sent as its srcConsumerId (the id taken from the wrong member), so maskedConsumer.srcConsumerId no longer has the UUID pattern, where seed 000 MaskedConsumer.srcConsumerId is a string of UUID pattern',
    state: (x, change) =>
      x.path === 'receipt' && !x.world.profiles.has(identityOf(x))
        ? { ...change, srcConsumerId: String(x.body.enrolmentReferenceData?.enrolmentReferenceId) }
        : change,
    ...blind,
  }),
  fault('i58-ce-country-from-calling-code', {
    rule: 'CE-REQ-CONSUMER: a consumer sent without countryCode is enrolled, its country filled in from the mobileNumber calling code, where seed 000 Consumer has all fields required (countryCode among them) and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT',
    judge: fold(
      'read',
      (x) =>
        !!x.body.consumer && x.body.consumer.countryCode === undefined && !!countryOfCallingCode[x.body.consumer.mobileNumber?.countryCode],
      (x) => {
        x.body.consumer.countryCode = countryOfCallingCode[x.body.consumer.mobileNumber.countryCode];
      },
    ),
    ...blind,
  }),
  fault('i58-ce-receipt-added-hour-offset', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: on the push-account-receipt path maskedConsumer.dateConsumerAdded is written with an offset of hours alone (a sign and two digits without minutes, an ISO 8601 short offset), which RFC 3339 does not have, where seed 000 MaskedConsumer.dateConsumerAdded is a UTC datetime',
    answer: enrolled((body, x) => {
      const added = body.maskedConsumer?.dateConsumerAdded;
      if (x.path === 'receipt' && typeof added === 'string') body.maskedConsumer.dateConsumerAdded = added.replace(/Z$/, '+00');
    }),
    ...blind,
  }),
];
