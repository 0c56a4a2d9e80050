// Card enrollment faults written blind (brief blind57): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, type Refusal } from './errors.js';

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

/** A schema refusal whose every member in error ends with `member`, for `keyword`. */
const onlyAbout = (r: Refusal | undefined, member: string, keyword: string) =>
  !!r?.violations?.length && r.violations.every((v) => v.field.endsWith(member) && v.keyword === keyword);

/** The day of the year (1 on 1 January) of an instant, UTC. */
const dayOfYear = (d: Date) =>
  Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;

export const INDEPENDENT_57_CARD_FAULTS = [
  fault('i57-ce-created-hour-twenty-four', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated writes its hour on a clock running from one to twenty-four (a kk pattern letter for HH), so a card enrolled in the first hour of a UTC day is dated at hour twenty-four of that day, an hour RFC 3339 does not have and a day after it was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    answer: enrolled((body, x) => {
      if (x.now.getUTCHours() === 0) body.maskedCard.dateOfCardCreated = String(body.maskedCard.dateOfCardCreated).replace('T00:', 'T24:');
    }),
    ...blind,
  }),
  fault('i57-ce-created-day-of-year', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated is formatted with the day of the year in place of the day of the month (a DD pattern letter for dd), so a card enrolled after January is dated on a day its month does not have, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    answer: enrolled((body, x) => {
      const created = String(body.maskedCard.dateOfCardCreated);
      body.maskedCard.dateOfCardCreated = `${created.slice(0, 8)}${String(dayOfYear(x.now)).padStart(2, '0')}${created.slice(10)}`;
    }),
    ...blind,
  }),
  fault('i57-ce-profile-per-calendar-year', {
    rule: 'CE-VAL-PROFILE: the profile store is partitioned by the calendar year of the enrollment, so the same consumer identity enrolled for the same serviceId on the last day of a year and again on the first day of the next is given a new profile (another srcConsumerId and dateConsumerAdded), where seed 000 ConsumerIdentity.identityValue locates the profile and MaskedConsumer names it',
    state: (x, profile) =>
      new Date(profile.dateConsumerAdded).getUTCFullYear() === x.now.getUTCFullYear()
        ? profile
        : { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() },
    ...blind,
  }),
  fault('i57-ce-plus-tag-shares-profile', {
    rule: "CE-VAL-PROFILE: the profile is found by the e-mail address with its sub-address tag removed (a plus sign and what follows it in the local part), so a new identity differing from an enrolled one only by that tag is answered the enrolled identity's profile (its srcConsumerId and dateConsumerAdded), where seed 000 ConsumerIdentity.identityValue locates the profile and a new identity is a new profile",
    state: (x, profile, memory) => {
      const base = identityOf(x).replace(/\+[^@]*@/, '@');
      memory.byBase ??= {};
      if (!x.world.profiles.has(identityOf(x)) && memory.byBase[base]) return memory.byBase[base];
      memory.byBase[base] ??= profile;
      return profile;
    },
    ...blind,
  }),
  fault('i57-ce-december-expiry-refused', {
    rule: 'CE-VALID-ACCEPTED, CE-PAT-EXPIRY: a card expiring in December is refused 400 as expired from the end of January of its expiry year, the expiry month wrapped past the last month of the year (December read as January of the same year), where seed 000 Card.panExpirationMonth is a two-digit month and POST /cards answers a valid request 200',
    judge: refuse(
      'card',
      (x) =>
        x.path === 'card' &&
        x.card?.panExpirationMonth === '12' &&
        /^\d+$/.test(String(x.card?.panExpirationYear)) &&
        x.now.getTime() >= Date.UTC(Number(x.card?.panExpirationYear), 1, 1),
      invalid('card.panExpirationMonth', 'expired', 'the card has expired'),
    ),
    ...blind,
  }),
  fault('i57-ce-expiry-year-needs-month', {
    rule: 'CE-VALID-ACCEPTED, CE-REQ-CARD: a card carrying panExpirationYear without panExpirationMonth is refused 400 INVALID_ARGUMENT as missing its month (the expiry validated as a pair), where seed 000 Card makes both expiry members optional, each on its own, and POST /cards answers a valid request 200',
    judge: refuse(
      'card',
      (x) => x.path === 'card' && x.card?.panExpirationYear !== undefined && x.card?.panExpirationMonth === undefined,
      invalid('card.panExpirationMonth', 'required', 'card.panExpirationMonth is required with card.panExpirationYear'),
    ),
    ...blind,
  }),
  fault('i57-ce-receipt-token-reference-pan', {
    rule: "CE-SENSITIVE-ECHO, CE-OBJ-SENSITIVE: on the push-account-receipt path the masked card carries tokenUniqueReference holding the account number the receipt stands for, in clear (the token reference filled from the receipt's account), where seed 000 MaskedCard shows only panBin and panLastFour of the card in clear",
    answer: enrolled((body, x) => {
      if (x.path === 'receipt' && x.card) body.maskedCard.tokenUniqueReference = x.card.primaryAccountNumber;
    }),
    ...blind,
  }),
  fault('i57-ce-known-profile-firstname-filled', {
    rule: 'CE-REQ-CONSUMER: a consumer sent without firstName is enrolled when its identity already has a profile, the first name filled in from the one that identity was enrolled with (the request merged with the stored profile before it is judged), where seed 000 Consumer has all fields required and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT',
    judge: fold(
      'read',
      (x, memory) => !!x.body.consumer && x.body.consumer.firstName === undefined && !!memory.names?.[identityOf(x)],
      (x, memory) => {
        x.body.consumer.firstName = memory.names[identityOf(x)];
      },
    ),
    state: (x, profile, memory) => {
      memory.names ??= {};
      if (typeof x.body.consumer?.firstName === 'string') memory.names[identityOf(x)] = x.body.consumer.firstName;
      return profile;
    },
    ...blind,
  }),
  fault('i57-ce-known-profile-lastname-unbounded', {
    rule: 'CE-LIM-LASTNAME: consumer.lastName past its maxLength is enrolled when its identity already has a profile (the name limits held only when a profile is added), where seed 000 Consumer.lastName and Limits give the last name a max length on every enrollment',
    judge: (x, step, r) =>
      step === 'schema' && onlyAbout(r, 'lastName', 'maxLength') && x.world.profiles.has(identityOf(x)) ? undefined : r,
    ...blind,
  }),
  fault('i57-ce-consumer-added-read-from-request', {
    rule: "CE-OBJ-READ-ONLY: a dateConsumerAdded sent inside the request's consumer object is taken as the new profile's and answered as maskedConsumer.dateConsumerAdded (the request bound to the profile member by member), where seed 000 Consumer declares no such member and MaskedConsumer is the service's answer",
    state: (x, profile) =>
      typeof x.body.consumer?.dateConsumerAdded === 'string' && !x.world.profiles.has(identityOf(x))
        ? { ...profile, dateConsumerAdded: x.body.consumer.dateConsumerAdded }
        : profile,
    ...blind,
  }),
  fault('i57-ce-unknown-receipt-invalid-argument', {
    rule: 'CE-PROP-REFUSAL-CODE, CE-STATE-UNKNOWN-RECEIPT: an enrolmentReferenceId of a valid form that names no receipt is refused 400 with the status of a malformed value, INVALID_ARGUMENT, on that refusal path only, where seed 000 Errors gives an id that does not resolve to an entity INVALID_STATE',
    judge: (_x, step, r) =>
      step === 'receipt' && r?.code === 'INVALID_STATE'
        ? { ...r, code: 'INVALID_ARGUMENT', message: 'The request is malformed or has incorrect or missing fields or values.' }
        : r,
    ...blind,
  }),
  fault('i57-ce-same-uri-drops-tnc', {
    rule: 'CE-RESP-FORMS: when the privacy notice and the terms share one latestVersionUri, maskedConsumer.complianceSettings is answered with privacy alone (the accepted documents deduplicated by URI), where seed 000 MaskedConsumer.complianceSettings requires both its privacy and its tnc sub-objects',
    answer: enrolled((body, x) => {
      const sent = x.body.complianceSettings;
      if (sent?.privacy?.latestVersionUri === sent?.tnc?.latestVersionUri && body.maskedConsumer?.complianceSettings)
        delete body.maskedConsumer.complianceSettings.tnc;
    }),
    ...blind,
  }),
  fault('i57-ce-correlation-left-over', {
    rule: 'CE-GEN-CORRELATION: a request without srcCorrelationId is answered the srcCorrelationId the previous request carried (a tracking context not cleared between requests), not a newly generated one, where seed 000 SrcCorrelationId says a new one is generated and returned when the request has none',
    answer: enrolled((body, x, memory) => {
      if (x.body.srcCorrelationId) memory.last = x.body.srcCorrelationId;
      else if (memory.last) body.srcCorrelationId = memory.last;
    }),
    ...blind,
  }),
  fault('i57-ce-origin-refusal-quotes-key', {
    rule: 'CE-OBJ-SENSITIVE: the 403 of a srcClientId registered to another client quotes the calling x-openapi-clientid in its message (the key logged into the refusal), so the server-to-server API key travels in clear in the answer, where seed 000 Authentication makes the header value the secret key and the answer carries no sensitive input',
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 403 && a.body
        ? { ...a, body: { ...a.body, message: `Client identity (origin) not validated for key ${x.key}.` } }
        : a,
    ...blind,
  }),
  fault('i57-ce-missing-key-client-by-id', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is enrolled when its srcClientId is registered, the calling client looked up by that id in place of the key, where seed 000 Authentication requires the key in x-openapi-clientid on POST /cards and refuses a request without it',
    judge: (x, step, r) => {
      if (step !== 'key' || !r || x.key) return r;
      const client = x.world.clients.find((c) => c.srcClientIds.includes(x.body.srcClientId));
      if (!client) return r;
      x.client = client;
      return undefined;
    },
    ...blind,
  }),
];
