// Card enrollment faults written blind (brief blind45): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams, Refusal } from './cards.js';
import { invalid } from './errors.js';
import { maskName } from './cards.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip, refuse } = judgesAt<CardSeams>();

/** At `step`, a refusal about `field` alone (every violation of it) let pass when `when` holds. */
const skipOnly =
  (step: CardSeams['step'], field: string, when: (x: CardSeams['x']) => boolean) =>
  (x: CardSeams['x'], s: CardSeams['step'], r: Refusal | undefined): Refusal | undefined =>
    s === step && onlyAbout(r, field) && when(x) ? undefined : r;

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: CardSeams['x'], memory: Record<string, any>) => void) =>
  (x: CardSeams['x'], a: Answer, memory: Record<string, any>): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, memory);
    return { ...a, body };
  };

/** A refusal whose every violation is about `field` (with `keyword`, when given). */
const onlyAbout = (r: Refusal | undefined, field: string, keyword?: string): boolean =>
  !!r?.violations?.length && r.violations.every((v) => v.field === field && (keyword === undefined || v.keyword === keyword));

/** The consumer identity sent. */
const identity = (x: CardSeams['x']) => x.body.consumer?.consumerIdentity;

/** An e-mail address masked keeping the local part's first and last characters (the provider's "r*****1" read as a rule). */
const maskKeepingLast = (email: string): string => {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  if (local.length < 2) return email.slice(0, Math.min(1, at)) + '*'.repeat(Math.max(0, at - 1)) + email.slice(at);
  return local[0] + '*'.repeat(local.length - 2) + local[local.length - 1] + email.slice(at);
};

/** ISO 3166 alpha-3 of a few alpha-2 codes (the code table a release could pick by mistake). */
const ALPHA3: Record<string, string> = {
  GB: 'GBR',
  US: 'USA',
  FR: 'FRA',
  DE: 'DEU',
  IE: 'IRL',
  ES: 'ESP',
  IT: 'ITA',
  NL: 'NLD',
  BE: 'BEL',
};

export const INDEPENDENT_45_CARD_FAULTS = [
  fault('i45-ce-firstname-limit-in-bytes', {
    rule:
      'CE-LIM-FIRSTNAME, CE-VALID-FORMS: consumer.firstName is measured in UTF-8 bytes, not characters, so a name within its maxLength in ' +
      'characters but with accented letters (past it in bytes) is refused 400, where seed 000 Consumer.firstName and Limits count characters',
    judge: refuse(
      'schema',
      (x) => typeof x.body.consumer?.firstName === 'string' && Buffer.byteLength(x.body.consumer.firstName, 'utf8') > 30,
      () => invalid('consumer.firstName', 'maxLength', 'consumer.firstName must NOT have more than 30 characters'),
    ),
    ...blind,
  }),
  fault('i45-ce-identity-limit-receipt-path', {
    rule:
      'CE-LIM-IDENTITYVALUE: on the push-account-receipt path consumerIdentity.identityValue is not held to its length, so an ' +
      'address past its maxLength is enrolled there (refused on the card path), where seed 000 ConsumerIdentity and Limits bound it on every path',
    judge: skipOnly('schema', 'consumer.consumerIdentity.identityValue', (x) => x.path === 'receipt'),
    ...blind,
  }),
  fault('i45-ce-expiry-month-any-two-digits', {
    rule:
      'CE-PAT-EXPIRY: the card expiry month is checked only as two digits, so 00 and 13 are enrolled, where seed 000 Card.panExpirationMonth ' +
      'is a two-digit month (01 to 12)',
    judge: skipOnly('card', 'card.panExpirationMonth', (x) => /^[0-9]{2}$/.test(x.card?.panExpirationMonth ?? '')),
    ...blind,
  }),
  fault('i45-ce-expiry-year-two-digits-expanded', {
    rule:
      'CE-LIM-EXPYEAR, CE-PAT-EXPIRY: a card expiry year of two digits is taken as 20YY and enrolled, answered as a four-digit year, where seed 000 ' +
      'Card.panExpirationYear and Limits give its exact length (minLength and maxLength), a four-digit year',
    judge: (x, step, r) => {
      if (step !== 'card' || !onlyAbout(r, 'card.panExpirationYear') || !/^[0-9]{2}$/.test(x.card?.panExpirationYear ?? '')) return r;
      x.card!.panExpirationYear = `20${x.card!.panExpirationYear}`;
      return undefined;
    },
    ...blind,
  }),
  fault('i45-ce-language-locale-tag', {
    rule:
      'CE-FMT-LANGUAGE: consumer.languageCode takes a locale tag (en-GB, fr_FR) as well as a language code, enrolled and echoed as sent, ' +
      'where seed 000 Consumer.languageCode is an ISO 639-1 code',
    judge: skipOnly('schema', 'consumer.languageCode', (x) => /^[a-z]{2}[-_][A-Z]{2}$/.test(x.body.consumer?.languageCode ?? '')),
    ...blind,
  }),
  fault('i45-ce-srcclientid-any-case', {
    rule:
      'CE-PAT-SRCCLIENTID: srcClientId is lower-cased before it is judged, so the registered id written in upper-case hex is enrolled, ' +
      'where seed 000 EnrollCardRequest.srcClientId is a UUID in lower-case hex, in the groups its pattern gives (anything else 400 INVALID_ARGUMENT)',
    judge: fold(
      'read',
      (x) => typeof x.body.srcClientId === 'string' && /^[0-9a-f-]{36}$/i.test(x.body.srcClientId),
      (x) => {
        x.body.srcClientId = x.body.srcClientId.toLowerCase();
      },
    ),
    ...blind,
  }),
  fault('i45-ce-serviceid-first-program', {
    rule:
      "CE-ECHO-SERVICEID: maskedCard.serviceId is the calling client's first program, not the serviceId the card was enrolled for, " +
      'where seed 000 MaskedCard.serviceId is the service (program) identifier enrolled for',
    answer: enrolled((body, x) => {
      body.maskedCard.serviceId = x.owner?.serviceIds[0] ?? body.maskedCard.serviceId;
    }),
    ...blind,
  }),
  fault('i45-ce-panbin-all-but-last-four', {
    rule:
      'CE-MASK-PAN: panBin carries every PAN digit but the last four (the PAN cut at its end, not its first digits kept), so panBin and ' +
      'panLastFour together show the whole PAN, where seed 000 gives a masked card record with panBin the first significant digits',
    answer: enrolled((body, x) => {
      const pan = x.card?.primaryAccountNumber ?? '';
      if (pan.length > 4) body.maskedCard.panBin = pan.slice(0, -4);
    }),
    ...blind,
  }),
  fault('i45-ce-card-created-local-offset', {
    rule:
      'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated is written in the server local time with its offset (+01:00), not in UTC, where ' +
      'seed 000 MaskedCard.dateOfCardCreated is a UTC datetime',
    answer: enrolled((body) => {
      const at = new Date(body.maskedCard.dateOfCardCreated);
      body.maskedCard.dateOfCardCreated = new Date(at.getTime() + 3600_000).toISOString().replace('Z', '+01:00');
    }),
    ...blind,
  }),
  fault('i45-ce-profile-by-masked-identity', {
    rule:
      'CE-VAL-PROFILE: the profile is looked up by the masked address (first character, stars, domain), so another identity of the same ' +
      'length, first letter and domain names the profile of the first one (its srcConsumerId and dateConsumerAdded), where seed 000 ' +
      'ConsumerIdentity.identityValue locates the profile',
    state: (x, profile, memory) => {
      const value = identity(x)?.identityValue;
      if (typeof value !== 'string') return profile;
      const at = value.lastIndexOf('@');
      const masked = `${value.slice(0, 1)}${'*'.repeat(Math.max(0, at - 1))}${value.slice(at)}`;
      memory.byMasked ??= {};
      memory.byMasked[masked] ??= profile;
      return memory.byMasked[masked];
    },
    ...blind,
  }),
  fault('i45-ce-card-id-from-consumer', {
    rule:
      "CE-PROP-UNIQUE-ID, CE-VAL-CARDID: maskedCard.srcDigitalCardId is the consumer profile's srcConsumerId, so every card of one consumer " +
      'shares one card id, where seed 000 MaskedCard.srcDigitalCardId is the unique card identifier referencing the PAN',
    answer: enrolled((body) => {
      if (body.maskedConsumer?.srcConsumerId) body.maskedCard.srcDigitalCardId = body.maskedConsumer.srcConsumerId;
    }),
    ...blind,
  }),
  fault('i45-ce-email-mask-keeps-last', {
    rule:
      'CE-MASK-EMAIL, CE-MASK-IDENTITY: the masked address keeps the first and the last character of the local part, so a two-character ' +
      'local part is shown whole, in clear, where seed 000 MaskedConsumer.maskedEmailAddress and maskedIdentityValue are masked',
    answer: enrolled((body, x) => {
      const value = identity(x)?.identityValue;
      if (typeof value !== 'string' || !body.maskedConsumer?.maskedEmailAddress) return;
      body.maskedConsumer.maskedEmailAddress = maskKeepingLast(value);
      body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue = maskKeepingLast(value);
    }),
    ...blind,
  }),
  fault('i45-ce-fullname-last-in-clear', {
    rule:
      'CE-MASK-NAMES: maskedFullName is the masked first name followed by the last name as sent, unmasked, where seed 000 MaskedConsumer ' +
      'gives the full name masked',
    answer: enrolled((body, x) => {
      const consumer = x.body.consumer;
      if (body.maskedConsumer) body.maskedConsumer.maskedFullName = `${maskName(consumer.firstName)} ${consumer.lastName}`;
    }),
    ...blind,
  }),
  fault('i45-ce-card-country-alpha3', {
    rule:
      'CE-RESP-FORMS: maskedCard.countryCode is answered as the ISO 3166 alpha-3 code (GBR), where seed 000 MaskedCard.countryCode is ' +
      'ISO 3166 alpha-2',
    answer: enrolled((body) => {
      const code = ALPHA3[body.maskedCard.countryCode];
      if (code) body.maskedCard.countryCode = code;
    }),
    ...blind,
  }),
  fault('i45-ce-tnc-version-from-privacy', {
    rule:
      "CE-PROP-ECHO-AS-SENT: maskedConsumer.complianceSettings.tnc.acceptedVersion is the privacy notice's latestVersionUri, not the " +
      "terms', where seed 000 ComplianceSettings and MaskedConsumer.complianceSettings keep privacy and tnc each its own",
    answer: enrolled((body) => {
      const settings = body.maskedConsumer?.complianceSettings;
      if (settings) settings.tnc.acceptedVersion = settings.privacy.acceptedVersion;
    }),
    ...blind,
  }),
  fault('i45-ce-missing-key-receipt-path', {
    rule:
      'CE-AUTH-MISSING-KEY: on the push-account-receipt path a request without x-openapi-clientid is enrolled (the key checked on the card ' +
      'path only), where seed 000 Authentication requires the key header on POST /cards and the security requirement covers the whole interface',
    judge: (x, step, r) => {
      if (x.key || x.path !== 'receipt') return r;
      if (step === 'key') return undefined;
      if (step === 'client') x.client = x.owner;
      return r;
    },
    ...blind,
  }),
  fault('i45-ce-identity-type-defaulted', {
    rule:
      'CE-REQ-IDENTITY: a consumerIdentity without identityType is taken as EMAIL_ADDRESS and enrolled, where seed 000 ConsumerIdentity ' +
      'requires both identityType and identityValue (a mandatory value missing is 400 INVALID_ARGUMENT)',
    judge: fold(
      'read',
      (x) => typeof identity(x) === 'object' && identity(x) !== null && identity(x).identityType === undefined,
      (x) => {
        identity(x).identityType = 'EMAIL_ADDRESS';
      },
    ),
    ...blind,
  }),
  fault('i45-ce-cardsource-empty-as-absent', {
    rule:
      'CE-REQ-EMPTY, CE-ENUM-CARDSOURCE: cardSource sent as an empty string is taken as left out and the card enrolled, where seed 000 ' +
      'Origin lists CARDHOLDER, ISSUER, MERCHANT and WALLET only and a value outside the request schema is 400',
    judge: fold(
      'read',
      (x) => x.body.cardSource === '',
      (x) => {
        delete x.body.cardSource;
      },
    ),
    ...blind,
  }),
  fault('i45-ce-expiry-carried-over', {
    rule:
      'CE-ECHO-EXPIRY: a card sent without an expiry is answered with the panExpirationMonth and panExpirationYear of the card enrolled ' +
      'before it (a value left from an earlier request), where seed 000 MaskedCard gives the expiry of the card for presentation',
    answer: enrolled((body, x, memory) => {
      if (x.path !== 'card') return;
      const card = body.maskedCard;
      if (card.panExpirationMonth && card.panExpirationYear) memory.last = [card.panExpirationMonth, card.panExpirationYear];
      else if (memory.last) [card.panExpirationMonth, card.panExpirationYear] = memory.last;
    }),
    ...blind,
  }),
  fault('i45-ce-correlation-replay', {
    rule:
      'CE-MASK-PAN, CE-PROP-UNIQUE-ID: a request whose srcCorrelationId was already answered gets the stored answer of that first ' +
      'enrollment, so another card is answered with the first card id, bin and last four, where seed 000 srcCorrelationId only traces ' +
      'the request and MaskedCard is the card enrolled (panLastFour its last four digits)',
    answer: (x, a, memory) => {
      const id = x.body.srcCorrelationId;
      if (x.op !== 'putCard' || a.status !== 200 || typeof id !== 'string') return a;
      memory.seen ??= {};
      memory.seen[id] ??= a;
      return memory.seen[id];
    },
    ...blind,
  }),
  fault('i45-ce-unknown-service-receipt-path', {
    rule:
      'CE-STATE-UNKNOWN-SERVICE: on the push-account-receipt path the serviceId is not resolved, so a serviceId naming no program is ' +
      'enrolled there (refused on the card path), where seed 000 Errors gives 400 INVALID_STATE for a serviceId that resolves to no entity',
    judge: skip('service', (x) => x.path === 'receipt'),
    ...blind,
  }),
  fault('i45-ce-resp-expiry-year-two-digits', {
    rule:
      'CE-FMT-RESP-EXPIRY: maskedCard.panExpirationYear is answered with its last two digits (YY), where seed 000 MaskedCard.panExpirationYear ' +
      'is format YYYY (its minLength and maxLength)',
    answer: enrolled((body) => {
      if (typeof body.maskedCard.panExpirationYear === 'string')
        body.maskedCard.panExpirationYear = body.maskedCard.panExpirationYear.slice(-2);
    }),
    ...blind,
  }),
];
