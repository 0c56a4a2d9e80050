// Card enrollment faults written blind (brief blind62): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { randomUUID } from 'node:crypto';
import { blind, faultWriter, schema } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';

const fault = faultWriter<CardSeams>('CE');

type X = CardSeams['x'];
type R = CardSeams['refusal'];

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X, a: Answer) => void) =>
  (x: X, a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, a);
    return { ...a, body };
  };

/** The refusal names only this member (with this keyword, when given). */
const onlyAbout = (r: R | undefined, field: string, keyword?: string) =>
  !!r?.violations?.length && r.violations.every((v) => v.field === field && (!keyword || v.keyword === keyword));

const identityOf = (x: X) => x.body.consumer?.consumerIdentity ?? {};

export const INDEPENDENT_62_CARD_FAULTS = [
  fault('i62-ce-profile-by-dotless-local-part', {
    rule: "CE-VAL-PROFILE: the consumer profile is located by the e-mail identity with the dots of its local part removed (a mailbox provider's folding applied to every address), so another identity (a.b@ beside ab@ at the same domain) names the first one's profile, its srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue locates the profile and another identity never names it",
    ...blind,
    state: (x, profile, memory) => {
      const value = String(identityOf(x).identityValue ?? '');
      const at = value.lastIndexOf('@');
      const folded = `${value.slice(0, at).replaceAll('.', '')}${value.slice(at)}`;
      memory.byFolded ??= {};
      memory.byFolded[folded] ??= profile;
      return memory.byFolded[folded];
    },
  }),
  fault('i62-ce-last-four-before-check-digit', {
    rule: 'CE-MASK-PAN: panLastFour is taken as the four digits before the check digit (the PAN read without its ISO/IEC 7812 check digit), not the last four PAN digits seed 000 MaskedCard.panLastFour names',
    ...blind,
    answer: enrolled((body, x) => {
      const pan = x.card?.primaryAccountNumber ?? '';
      body.maskedCard.panLastFour = pan.slice(-5, -1);
    }),
  }),
  fault('i62-ce-identity-value-one-past', {
    rule: 'CE-LIM-IDENTITYVALUE: consumerIdentity.identityValue one character past its maxLength is enrolled, the limit taken one long, where seed 000 ConsumerIdentity.identityValue and Limits bound it to its maxLength',
    ...blind,
    relax: schema('ConsumerIdentity.identityValue', { shift: { maxLength: 1 } }),
  }),
  fault('i62-ce-cvc-one-past-max', {
    rule: 'CE-LIM-CVC: a cardSecurityCode one character past its maxLength is enrolled, the upper bound taken one long, where seed 000 Card.cardSecurityCode and Limits give it its minLength to maxLength characters',
    ...blind,
    relax: schema('Card.cardSecurityCode', { shift: { maxLength: 1 } }),
  }),
  fault('i62-ce-profile-renewed-after-month-end', {
    rule: 'CE-VAL-PROFILE: profiles are kept in a store partitioned by the UTC calendar month they were added in, so the same identity enrolled again for the same serviceId after a month end (an hour later) gets a new srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue locates the one profile it names',
    ...blind,
    state: (x, profile) =>
      profile.dateConsumerAdded.slice(0, 7) === x.now.toISOString().slice(0, 7)
        ? profile
        : { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() },
  }),
  fault('i62-ce-card-created-utc-word', {
    rule: "CE-DATE-UNIT, CE-VAL-CREATED: dateOfCardCreated is written with the word UTC after a space in place of the designator Z (a log timestamp's form), which is no RFC 3339 date-time, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime",
    ...blind,
    answer: enrolled((body) => {
      body.maskedCard.dateOfCardCreated = String(body.maskedCard.dateOfCardCreated).replace(/Z$/, ' UTC');
    }),
  }),
  fault('i62-ce-service-id-slugged', {
    rule: 'CE-ECHO-SERVICEID: maskedCard.serviceId is answered as a slug, its underscores written as hyphens, not the serviceId enrolled for, where seed 000 MaskedCard.serviceId is the service (program) identifier whose pattern takes both characters',
    ...blind,
    answer: enrolled((body) => {
      body.maskedCard.serviceId = String(body.maskedCard.serviceId).replaceAll('_', '-');
    }),
  }),
  fault('i62-ce-receipt-unknown-client-invalid-argument', {
    rule: 'CE-STATE-UNKNOWN-CLIENT, CE-PROP-REFUSAL-CODE: on the push-account-receipt path a srcClientId of its own form that resolves to no client is refused with the status of a malformed value, INVALID_ARGUMENT, not INVALID_STATE, where seed 000 Errors files an id that does not resolve to an entity under INVALID_STATE',
    ...blind,
    judge: (x, step, r) => (step === 'client' && x.path === 'receipt' && r ? { ...r, code: 'INVALID_ARGUMENT' } : r),
  }),
  fault('i62-ce-first-name-second-word-clear', {
    rule: 'CE-MASK-NAMES: maskedFirstName masks only the first word of a compound first name, its later words shown whole in clear (Anne Marie answered A*** Marie), where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedFirstName)',
    ...blind,
    answer: enrolled((body, x) => {
      const words = String(x.body.consumer.firstName).split(' ');
      if (words.length < 2) return;
      const masked = Array.from(words[0])
        .map((c, i) => (i ? '*' : c))
        .join('');
      const first = [masked, ...words.slice(1)].join(' ');
      body.maskedConsumer.maskedFirstName = first;
      body.maskedConsumer.maskedFullName = `${first} ${body.maskedConsumer.maskedLastName}`;
    }),
  }),
  fault('i62-ce-expiry-month-defaulted', {
    rule: "CE-ECHO-EXPIRY: a card sent with panExpirationYear and no panExpirationMonth is answered with the year's last month, December, as panExpirationMonth (a default filled in), a value that is not the card's, where seed 000 MaskedCard.panExpirationMonth is the card's, for presentation",
    ...blind,
    answer: enrolled((body, x) => {
      if (x.path === 'card' && x.card?.panExpirationYear && !x.card.panExpirationMonth) body.maskedCard.panExpirationMonth = '12';
    }),
  }),
  fault('i62-ce-email-double-dot', {
    rule: 'CE-FMT-EMAIL: an EMAIL_ADDRESS identityValue whose local part holds two dots in a row (no address under RFC 5321) is enrolled, the dots read as one, where seed 000 ConsumerIdentity.identityValue is a value that matches identityType, an e-mail address',
    ...blind,
    judge: (x, step, r) =>
      step === 'schema' &&
      String(identityOf(x).identityValue ?? '').includes('..') &&
      onlyAbout(r, 'consumer.consumerIdentity.identityValue', 'format')
        ? undefined
        : r,
  }),
  fault('i62-ce-key-from-cookie', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is enrolled when the registered key comes in a cookie of that name (a browser session read as the key), where seed 000 Authentication requires the key in the request header x-openapi-clientid',
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'key' || !r || x.key) return r;
      const cookie = String(x.headers.cookie ?? '')
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([name]) => name === 'x-openapi-clientid');
      const client = cookie && x.world.clients.find((c) => c.apiKey === cookie.slice(1).join('='));
      if (!client) return r;
      x.client = client;
      return undefined;
    },
  }),
  fault('i62-ce-language-shape-only', {
    rule: 'CE-FMT-LANGUAGE: consumer.languageCode is checked for its shape only (two lower-case letters), so a code that names no ISO 639-1 language (xx, qq) is enrolled, where seed 000 Consumer.languageCode is ISO 639-1',
    ...blind,
    judge: (x, step, r) =>
      step === 'schema' && /^[a-z]{2}$/.test(String(x.body.consumer?.languageCode ?? '')) && onlyAbout(r, 'consumer.languageCode', 'format')
        ? undefined
        : r,
  }),
  fault('i62-ce-identity-type-shortened', {
    rule: 'CE-MASK-IDENTITY, CE-RESP-FORMS: maskedConsumerIdentity.identityType is answered EMAIL, the type cut to its first word, not the EMAIL_ADDRESS identity type sent, where seed 000 MaskedConsumer.maskedConsumerIdentity carries identityType, a ConsumerIdentityType',
    ...blind,
    answer: enrolled((body) => {
      const id = body.maskedConsumer.maskedConsumerIdentity;
      id.identityType = String(id.identityType).split('_')[0];
    }),
  }),
  fault('i62-ce-receipt-phone-code-unrequired', {
    rule: 'CE-REQ-PHONE: on the push-account-receipt path a mobileNumber without its countryCode is enrolled (the calling code taken from the consumer country), where seed 000 PhoneNumber requires countryCode and phoneNumber on each enrollment path',
    ...blind,
    judge: (x, step, r) =>
      step === 'schema' && x.path === 'receipt' && onlyAbout(r, 'consumer.mobileNumber.countryCode', 'required') ? undefined : r,
  }),
];
