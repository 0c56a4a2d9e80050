// Card enrollment faults written blind (brief blind53): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { randomUUID } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, type Refusal } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip, refuse } = judgesAt<CardSeams>();

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

/** A schema refusal whose every member in error is `field`. */
const onlyAbout = (r: Refusal | undefined, field: string) => !!r?.violations?.length && r.violations.every((v) => v.field === field);

/** The identity an enrollment names (seed 000, ConsumerIdentity). */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

const DAY = 86_400_000;
/** The server's local offset the year is wrongly read in (central European winter time). */
const LOCAL_OFFSET = 3_600_000;

export const INDEPENDENT_53_CARD_FAULTS = [
  fault('i53-ce-expiry-month-without-year', {
    rule: 'CE-VALID-ACCEPTED: a card whose expiry month is earlier in the year than the current month is refused 400 as expired even when its expiry year is a later year (the month compared without the year), so a card valid past the year end is refused, where seed 000 Card takes any two-digit month and four-digit year and POST /cards answers a valid request 200',
    ...blind,
    judge: refuse(
      'card',
      (x) => {
        const month = Number(x.card?.panExpirationMonth);
        const year = Number(x.card?.panExpirationYear);
        return !!month && !!year && (year < x.now.getUTCFullYear() || month < x.now.getUTCMonth() + 1);
      },
      invalid('card.panExpirationMonth', 'expired', 'the card has expired'),
    ),
  }),
  fault('i53-ce-consent-kept-from-first', {
    rule: 'CE-PROP-ECHO-AS-SENT: a consumer identity enrolled again is answered with the accepted privacy and terms versions of its first enrollment (kept with the profile), not the latestVersionUri this request carries, where seed 000 says the consent is carried in complianceSettings of the request and MaskedConsumer.complianceSettings gives the versions accepted',
    ...blind,
    answer: enrolled((body, x, memory) => {
      const known = identityOf(x);
      memory[known] ??= structuredClone(body.maskedConsumer.complianceSettings);
      body.maskedConsumer.complianceSettings = structuredClone(memory[known]);
    }),
  }),
  fault('i53-ce-profile-day-cache', {
    rule: 'CE-VAL-PROFILE: a consumer profile is found by its identity only within a day of its adding (a lookup cache that expires), so the same identity enrolled again for the same serviceId more than a day later names a new srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue locates the profile',
    ...blind,
    state: (x, profile) =>
      x.now.getTime() - Date.parse(profile.dateConsumerAdded) > DAY
        ? { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() }
        : profile,
  }),
  fault('i53-ce-consumer-added-basic-form', {
    rule: 'CE-DATE-UNIT: maskedConsumer.dateConsumerAdded is written in the ISO 8601 basic form (no hyphens, no colons: 20261130T142455Z), which is no RFC 3339 date-time, where seed 000 MaskedConsumer.dateConsumerAdded is a UTC datetime',
    ...blind,
    answer: enrolled((body) => {
      const at: string = body.maskedConsumer.dateConsumerAdded;
      body.maskedConsumer.dateConsumerAdded = at.replace(/\.\d+/, '').replace(/[-:]/g, '');
    }),
  }),
  fault('i53-ce-suspended-new-mobile', {
    rule: 'CE-STATE-ACTIVE: a consumer identity enrolled again with another mobile number than before is enrolled (200) but answered with maskedConsumer.status SUSPENDED (the profile held for re-verification), where seed 000 States says the consumer profile is ACTIVE at enrollment',
    ...blind,
    answer: enrolled((body, x, memory) => {
      const known = identityOf(x);
      const mobile = JSON.stringify(x.body.consumer.mobileNumber);
      if (memory[known] !== undefined && memory[known] !== mobile) body.maskedConsumer.status = 'SUSPENDED';
      memory[known] ??= mobile;
    }),
  }),
  fault('i53-ce-generated-correlation-upper-prefix', {
    rule: 'CE-RESP-FORMS, CE-GEN-CORRELATION: the srcCorrelationId generated for a request without one carries the server instance id as its hex prefix in capitals, so it is outside the SrcCorrelationId pattern (whose prefix is lower-case hex), where seed 000 SrcCorrelationId is the form of the response id',
    ...blind,
    answer: enrolled((body, x) => {
      if (x.body.srcCorrelationId === undefined) body.srcCorrelationId = `A1B2C3D4.${body.srcCorrelationId}`;
    }),
  }),
  fault('i53-ce-service-prefix-match', {
    rule: 'CE-STATE-UNKNOWN-SERVICE, CE-LOOKUP-EXACT: a serviceId is resolved as the first program whose id it starts with, so a serviceId naming no program (a registered id with characters added) is enrolled instead of refused 400 INVALID_STATE, where seed 000 Errors refuses a serviceId that does not resolve to an entity',
    ...blind,
    judge: skip('service', (x) => !!x.owner?.serviceIds.some((s) => String(x.body.serviceId).startsWith(s))),
  }),
  fault('i53-ce-phone-spaces-stripped', {
    rule: 'CE-PAT-PHONE: mobileNumber.phoneNumber written in groups with spaces has its spaces removed before it is judged and is enrolled, where seed 000 PhoneNumber.phoneNumber is digits only',
    ...blind,
    judge: fold(
      'read',
      (x) => typeof x.body.consumer?.mobileNumber?.phoneNumber === 'string',
      (x) => {
        x.body.consumer.mobileNumber.phoneNumber = x.body.consumer.mobileNumber.phoneNumber.replace(/ /g, '');
      },
    ),
  }),
  fault('i53-ce-language-three-letter', {
    rule: 'CE-FMT-LANGUAGE: consumer.languageCode takes a three-letter ISO 639-2 code (eng) as well and enrolls it, where seed 000 Consumer.languageCode is an ISO 639-1 code',
    ...blind,
    judge: skip('schema', (x) => /^[a-z]{3}$/.test(String(x.body.consumer?.languageCode))),
  }),
  fault('i53-ce-unknown-receipt-names-parent', {
    rule: "CE-PROP-REFUSAL-MEMBER, CE-ERR-FIELD: the 400 INVALID_STATE of an enrolmentReferenceId naming no receipt gives its detail source as enrolmentReferenceData, the member's parent, on that refusal only, where seed 000 ErrorDetail.source is the offending parameter",
    ...blind,
    judge: (_x, step, r) =>
      step === 'receipt' && r?.violations ? { ...r, violations: r.violations.map((v) => ({ ...v, field: 'enrolmentReferenceData' })) } : r,
  }),
  fault('i53-ce-key-quotes-stripped', {
    rule: 'CE-AUTH-KEY-FORM, CE-AUTH-UNKNOWN-KEY: an x-openapi-clientid sent between double quotes has its quotes stripped and is taken as the registered key and enrolled, where seed 000 Authentication has the header carry the key itself and a failed authorization check is 401',
    ...blind,
    judge: fold(
      'received',
      (x) => /^".*"$/.test(x.key ?? ''),
      (x) => {
        x.key = x.key!.slice(1, -1);
      },
    ),
  }),
  fault('i53-ce-expiry-year-leading-zero', {
    rule: 'CE-LIM-EXPYEAR, CE-PAT-EXPIRY: a card panExpirationYear past its maxLength by a leading zero is read as a number and enrolled, answered as the four-digit year, where seed 000 Card.panExpirationYear is exactly four characters, a four-digit year',
    ...blind,
    judge: (x, step, r) => {
      const year = x.card?.panExpirationYear;
      if (step !== 'card' || !onlyAbout(r, 'card.panExpirationYear') || !/^0[0-9]{4}$/.test(String(year))) return r;
      x.card!.panExpirationYear = String(Number(year));
      return undefined;
    },
  }),
  fault('i53-ce-created-local-year', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated takes its year from the server local time (an offset east of UTC) and its month, day and time from UTC, so a card enrolled in the last hour of 31 December UTC is dated a year after it was enrolled, where seed 000 MaskedCard.dateOfCardCreated is the UTC datetime when the card was enrolled',
    ...blind,
    answer: enrolled((body, x) => {
      const year = new Date(x.now.getTime() + LOCAL_OFFSET).getUTCFullYear();
      body.maskedCard.dateOfCardCreated = `${year}${x.now.toISOString().slice(4)}`;
    }),
  }),
  fault('i53-ce-profile-by-mobile', {
    rule: 'CE-VAL-PROFILE: a consumer identity not enrolled before but sent with the mobile number of a profile already added is answered with that profile (its srcConsumerId and dateConsumerAdded: the profile found by mobile number first), so two identities of one client share a profile, where seed 000 ConsumerIdentity.identityValue locates the profile',
    ...blind,
    state: (x, profile, memory) => {
      const mobile = JSON.stringify(x.body.consumer?.mobileNumber);
      const known = identityOf(x);
      const first = memory[mobile] as { id: string; profile: typeof profile } | undefined;
      if (first && first.id !== known && !x.world.profiles.has(known)) return first.profile;
      memory[mobile] ??= { id: known, profile };
      return profile;
    },
  }),
  fault('i53-ce-receipt-privacy-optional', {
    rule: 'CE-REQ-COMPLIANCE: on the push-account-receipt path complianceSettings.privacy without latestVersionUri is enrolled, its accepted version taken from the terms, where seed 000 ComplianceSettings requires latestVersionUri in privacy and in tnc on every enrollment',
    ...blind,
    judge: (x, step, r, _m) => {
      if (step !== 'schema' || x.path !== 'receipt' || !onlyAbout(r, 'complianceSettings.privacy.latestVersionUri')) return r;
      x.body.complianceSettings.privacy.latestVersionUri = x.body.complianceSettings.tnc?.latestVersionUri;
      return undefined;
    },
  }),
];
