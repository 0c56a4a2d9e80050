// Card enrollment faults written blind (brief blind48): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip } = judgesAt<CardSeams>();

type X = CardSeams['x'];
type Memory = Record<string, any>;

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: X, memory: Memory) => void) =>
  (x: X, a: Answer, memory: Memory): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x, memory);
    return { ...a, body };
  };

/** An error answer's body bent by `change` when `when` holds. */
const refused =
  (when: (a: Answer) => boolean, change: (a: Answer) => Answer) =>
  (x: X, a: Answer): Answer =>
    x.op === 'putCard' && a.status >= 400 && a.body && when(a) ? change({ ...a, body: structuredClone(a.body) }) : a;

const identityOf = (x: X): string => {
  const identity = x.body.consumer?.consumerIdentity ?? {};
  return `${identity.identityType} ${identity.identityValue}`;
};
/** A refusal whose every member in error is `field`. */
const onlyAbout = (r: CardSeams['refusal'] | undefined, field: string): boolean =>
  !!r?.violations?.length && r.violations.every((v) => v.field === field);

export const INDEPENDENT_48_CARD_FAULTS = [
  fault('i48-ce-compliance-versions-of-first-enrollment', {
    rule: 'CE-PROP-ECHO-AS-SENT: an identity enrolled again after accepting newer privacy and terms versions is answered with the acceptedVersion values of its first enrollment (kept with the profile, never updated), not the latestVersionUri values of the complianceSettings sent, where seed 000 says complianceSettings carries the consent of this request and MaskedConsumer.complianceSettings the versions accepted',
    answer: enrolled((body, x, memory) => {
      const id = `versions ${identityOf(x)}`;
      memory[id] ??= body.maskedConsumer.complianceSettings;
      body.maskedConsumer.complianceSettings = memory[id];
    }),
    ...blind,
  }),
  fault('i48-ce-consumer-added-http-date-on-reenroll', {
    rule: 'CE-DATE-UNIT, CE-VAL-PROFILE, CE-RESP-FORMS: an identity enrolled again is answered with the dateConsumerAdded of its stored profile written as an HTTP date (weekday, day, month name, GMT), not the UTC datetime form seed 000 MaskedConsumer.dateConsumerAdded names and the first answer gave',
    answer: enrolled((body, x, memory) => {
      const id = `seen ${identityOf(x)}`;
      if (memory[id]) body.maskedConsumer.dateConsumerAdded = new Date(body.maskedConsumer.dateConsumerAdded).toUTCString();
      memory[id] = true;
    }),
    ...blind,
  }),
  fault('i48-ce-card-created-local-day-utc-time', {
    rule: 'CE-VAL-CREATED, CE-DATE-UNIT: dateOfCardCreated joins the calendar day of the server zone (an hour ahead of UTC) to the UTC time of day, so a card enrolled in the last hour of a UTC day (31 December: the next year) is dated a day after its enrollment, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    answer: enrolled((body, x) => {
      const iso = x.now.toISOString();
      const day = new Date(x.now.getTime() + 3_600_000).toISOString().slice(0, 10);
      body.maskedCard.dateOfCardCreated = `${day}${iso.slice(10)}`;
    }),
    ...blind,
  }),
  fault('i48-ce-receipt-lastfour-from-reference-id', {
    rule: 'CE-RECEIPT-ACCOUNT, CE-MASK-PAN, CE-RESP-FORMS: on the push-account-receipt path panLastFour is the last four characters of the enrolmentReferenceId sent, not the last four digits of the account the receipt stands for, where seed 000 MaskedCard.panLastFour is the numeric last four PAN digits and the receipt represents the pushed account',
    answer: enrolled((body, x) => {
      if (x.path !== 'receipt') return;
      body.maskedCard.panLastFour = String(x.body.enrolmentReferenceData.enrolmentReferenceId).slice(-4);
    }),
    ...blind,
  }),
  fault('i48-ce-card-id-from-correlation-id', {
    rule: 'CE-VAL-CARDID, CE-PROP-UNIQUE-ID: a request carrying a srcCorrelationId is answered with the UUID part of that tracking id as srcDigitalCardId, so two different cards sent under one correlation id share one card identifier, where seed 000 MaskedCard.srcDigitalCardId is the unique card identifier',
    answer: enrolled((body, x) => {
      const sent = x.body.srcCorrelationId;
      if (typeof sent === 'string' && sent.length >= 36) body.maskedCard.srcDigitalCardId = sent.slice(-36);
    }),
    ...blind,
  }),
  fault('i48-ce-identity-of-previous-consumer', {
    rule: "CE-MASK-IDENTITY: maskedConsumerIdentity.maskedIdentityValue is the masked identity of the calling client's previous enrollment (a per-client cache not refreshed), so a second consumer of one client is answered with the first consumer's masked address, where seed 000 MaskedConsumer.maskedConsumerIdentity is the identity of the consumer enrolled",
    answer: enrolled((body, x, memory) => {
      const id = `last ${x.key}`;
      const own = body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue;
      if (memory[id]) body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue = memory[id];
      memory[id] = own;
    }),
    ...blind,
  }),
  fault('i48-ce-profile-keyed-by-card-source', {
    rule: 'CE-VAL-PROFILE: the consumer profile is located by the identity together with the cardSource, so the same identity enrolled again for the same serviceId by another card source (or with none) is given a new srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue is used to locate the profile',
    state: (x, change, memory) => {
      const id = `profile ${identityOf(x)} ${x.body.cardSource ?? ''}`;
      memory[id] ??= memory[`any ${identityOf(x)}`] ? { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() } : change;
      memory[`any ${identityOf(x)}`] = true;
      return memory[id];
    },
    ...blind,
  }),
  fault('i48-ce-unknown-receipt-detail-no-source-type', {
    rule: 'CE-PROP-ERROR-DETAILS: the 400 INVALID_STATE of a receipt id naming no receipt gives its detail without sourceType, on that refusal path only, where seed 000 ErrorDetail carries reason, source, message and sourceType (BODY for a body member)',
    answer: refused(
      (a) => (a.body!.details ?? []).some((d: any) => d.source === 'enrolmentReferenceData.enrolmentReferenceId'),
      (a) => {
        for (const d of a.body!.details) if (d.source === 'enrolmentReferenceData.enrolmentReferenceId') delete d.sourceType;
        return a;
      },
    ),
    ...blind,
  }),
  fault('i48-ce-missing-member-detail-names-parent', {
    rule: 'CE-ERR-FIELD, CE-PROP-REFUSAL-MEMBER: a mandatory member missing inside a nested object (consumer.mobileNumber.phoneNumber, complianceSettings.tnc.latestVersionUri) is refused with a detail whose source is the object holding it (the validator path of the parent), not the missing member, where seed 000 ErrorDetail.source is the offending parameter',
    answer: refused(
      (a) => (a.body!.details ?? []).some((d: any) => d.reason === 'CANNOT_BE_NULL' && String(d.source).includes('.')),
      (a) => {
        for (const d of a.body!.details)
          if (d.reason === 'CANNOT_BE_NULL' && String(d.source).includes('.')) d.source = d.source.slice(0, d.source.lastIndexOf('.'));
        return a;
      },
    ),
    ...blind,
  }),
  fault('i48-ce-origin-refusal-body-code-401', {
    rule: 'CE-PROP-ERROR-STATUS: the 403 of a srcClientId registered to another client carries code 401 in its error body (the authorization family answered with one code), where the error body code is the HTTP status of its answer (seed 000 Errors, the sample bodies: code 500 in the 500)',
    answer: refused(
      (a) => a.status === 403,
      (a) => ({ ...a, body: { ...a.body, code: 401 } }),
    ),
    ...blind,
  }),
  fault('i48-ce-language-three-letter-accepted', {
    rule: 'CE-FMT-LANGUAGE, CE-VALID-FORMS: consumer.languageCode takes a three-letter ISO 639-2 code (eng, fra) as well and echoes it, where seed 000 Consumer.languageCode is ISO 639-1 (an alpha-2 language code): a longer code is a malformed value',
    judge: (x, step, r) =>
      step === 'schema' && onlyAbout(r, 'consumer.languageCode') && /^[a-z]{3}$/.test(String(x.body.consumer?.languageCode))
        ? undefined
        : r,
    ...blind,
  }),
  fault('i48-ce-expiry-month-one-digit-padded', {
    rule: 'CE-LIM-EXPMONTH, CE-PAT-EXPIRY: a card expiry month of one digit (7) is padded with a zero and enrolled, where seed 000 Card.panExpirationMonth is a two-digit month held to its exact length (Limits), a shorter month refused',
    judge: (x, step, r) => {
      if (step !== 'card' || !onlyAbout(r, 'card.panExpirationMonth') || !/^[1-9]$/.test(String(x.card?.panExpirationMonth))) return r;
      x.card!.panExpirationMonth = `0${x.card!.panExpirationMonth}`;
      return undefined;
    },
    ...blind,
  }),
  fault('i48-ce-phone-number-separators-stripped', {
    rule: 'CE-PAT-PHONE, CE-VALID-FORMS: mobileNumber.phoneNumber written with spaces or hyphens between its digit groups is enrolled with the separators removed, where seed 000 PhoneNumber.phoneNumber is digits only',
    judge: fold(
      'read',
      (x) => /^[0-9][0-9 -]*[0-9]$/.test(String(x.body.consumer?.mobileNumber?.phoneNumber)),
      (x) => {
        x.body.consumer.mobileNumber.phoneNumber = x.body.consumer.mobileNumber.phoneNumber.replace(/[ -]/g, '');
      },
    ),
    ...blind,
  }),
  fault('i48-ce-service-id-prefix-resolves', {
    rule: "CE-STATE-UNKNOWN-SERVICE, CE-LOOKUP-EXACT: a serviceId is resolved by prefix (a LIKE 'id%' lookup), so a serviceId that is only the beginning of one of the client's programs (its last characters dropped) is enrolled, where seed 000 Errors refuses a serviceId that does not resolve to an entity with 400 INVALID_STATE",
    judge: skip('service', (x) => {
      const sent = String(x.body.serviceId ?? '');
      return sent.length > 0 && !!x.owner?.serviceIds.some((s) => s.startsWith(sent));
    }),
    ...blind,
  }),
  fault('i48-ce-expiry-month-year-swapped', {
    rule: 'CE-FMT-RESP-EXPIRY, CE-ECHO-EXPIRY, CE-RESP-FORMS: the masked card answers the card expiry year in panExpirationMonth and the month in panExpirationYear (the two members filled from each other), where seed 000 MaskedCard.panExpirationMonth is the card month (format MM) and panExpirationYear its year (format YYYY)',
    answer: enrolled((body) => {
      const { panExpirationMonth: month, panExpirationYear: year } = body.maskedCard;
      if (month === undefined || year === undefined) return;
      body.maskedCard.panExpirationMonth = year;
      body.maskedCard.panExpirationYear = month;
    }),
    ...blind,
  }),
];
