// Card enrollment faults written blind (brief blind49): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, skip, refuse } = judgesAt<CardSeams>();

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
/** The schema's refusal let pass when every member it names is `field` and `when` holds. */
const passOnly =
  (field: string, when: (x: X) => boolean) =>
  (x: X, s: CardSeams['step'], r: CardSeams['refusal'] | undefined): CardSeams['refusal'] | undefined =>
    s === 'schema' && onlyAbout(r, field) && when(x) ? undefined : r;
const pad = (n: number) => String(n).padStart(2, '0');

export const INDEPENDENT_49_CARD_FAULTS = [
  fault('i49-ce-serviceid-of-identitys-first-program', {
    rule: "CE-ECHO-SERVICEID: the masked card's serviceId is the program the consumer identity was first enrolled for (kept with the profile), so the same identity enrolled for a second program of the caller is answered the first program's serviceId, where seed 000 MaskedCard.serviceId is the service (program) the card is enrolled for",
    answer: enrolled((body, x, memory) => {
      memory[identityOf(x)] ??= body.maskedCard.serviceId;
      body.maskedCard.serviceId = memory[identityOf(x)];
    }),
    ...blind,
  }),
  fault('i49-ce-par-per-consumer-profile', {
    rule: 'CE-VAL-PAR: the paymentAccountReference is issued per consumer profile, so two different card numbers enrolled into one profile share one reference, where seed 000 MaskedCard.paymentAccountReference links one PAN to its tokens',
    answer: enrolled((body, _x, memory) => {
      const profile = body.maskedConsumer?.srcConsumerId ?? '';
      memory[profile] ??= `V001${createHash('sha256').update(profile).digest('hex').slice(0, 25).toUpperCase()}`;
      body.maskedCard.paymentAccountReference = memory[profile];
    }),
    ...blind,
  }),
  fault('i49-ce-profile-forgotten-after-refusal', {
    rule: "CE-VAL-PROFILE: an enrollment of a known identity refused after its body was judged (a serviceId naming no program) drops that identity's profile, so its next accepted enrollment for the same serviceId names a new srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue locates the profile",
    judge: (x, step, r) => {
      if (r && (step === 'service' || step === 'origin' || step === 'receipt')) x.world.profiles.delete(identityOf(x));
      return r;
    },
    ...blind,
  }),
  fault('i49-ce-card-id-from-enrollment-second', {
    rule: 'CE-PROP-UNIQUE-ID, CE-VAL-CARDID: srcDigitalCardId is derived from the enrollment instant cut to its second, so two different card numbers enrolled within one second share one id, where seed 000 MaskedCard.srcDigitalCardId is a unique card identifier',
    answer: enrolled((body, x) => {
      const h = createHash('sha1')
        .update(String(Math.floor(x.now.getTime() / 1000)))
        .digest('hex');
      body.maskedCard.srcDigitalCardId = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }),
    ...blind,
  }),
  fault('i49-ce-card-expiring-this-month-suspended', {
    rule: 'CE-STATE-ACTIVE: a card whose expiry month and year are the current UTC month (its validity taken to end when that month starts) is answered with digitalCardData.status SUSPENDED, where seed 000 States says the enroll operation never returns SUSPENDED',
    answer: enrolled((body, x) => {
      const c = x.card;
      const now = x.now;
      if (x.path === 'card' && c?.panExpirationMonth === pad(now.getUTCMonth() + 1) && c.panExpirationYear === String(now.getUTCFullYear()))
        body.maskedCard.digitalCardData.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i49-ce-stored-consumer-added-offset-without-colon', {
    rule: 'CE-DATE-UNIT: an identity enrolled again is answered with the dateConsumerAdded of its stored profile written with a numeric offset without its colon (+0000), not the UTC datetime (an offset with its colon, or Z) seed 000 MaskedConsumer.dateConsumerAdded names',
    answer: enrolled((body, _x, memory) => {
      const mc = body.maskedConsumer;
      if (!mc?.srcConsumerId) return;
      if (memory[mc.srcConsumerId]) mc.dateConsumerAdded = `${String(mc.dateConsumerAdded).slice(0, 19)}+0000`;
      memory[mc.srcConsumerId] = true;
    }),
    ...blind,
  }),
  fault('i49-ce-unauthenticated-status-invalid-argument', {
    rule: 'CE-PROP-ERROR-STATUS: the 401 of a missing or unknown x-openapi-clientid carries the error status INVALID_ARGUMENT (built by the malformed-request builder), a status value seed 000 Errors gives to the 400 only',
    answer: refused(
      (a) => a.status === 401,
      (a) => ({ ...a, body: { ...a.body, status: 'INVALID_ARGUMENT' } }),
    ),
    ...blind,
  }),
  fault('i49-ce-check-digit-refusal-quotes-pan', {
    rule: 'CE-OBJ-SENSITIVE, CE-SENSITIVE-ECHO: the refusal of a card number failing its check digit quotes the card number sent in its detail message, where seed 000 MaskedCard shows only panBin and panLastFour of the card and no answer carries the PAN in clear',
    judge: (x, step, r) =>
      step === 'check-digit' && r?.violations
        ? {
            ...r,
            violations: r.violations.map((v) => ({
              ...v,
              message: `card.primaryAccountNumber ${x.card?.primaryAccountNumber} fails the check digit`,
            })),
          }
        : r,
    ...blind,
  }),
  fault('i49-ce-dash-serviceid-refused-on-receipt', {
    rule: "CE-PAT-SERVICEID, CE-VALID-FORMS: on the push-account-receipt path a serviceId holding a '-' (a registered program) is refused 400 INVALID_ARGUMENT as outside its pattern, where seed 000 EnrollCardRequest.serviceId's pattern takes that character on every path",
    judge: refuse(
      'schema',
      (x) => x.path === 'receipt' && typeof x.body.serviceId === 'string' && x.body.serviceId.includes('-'),
      invalid('serviceId', 'pattern', 'serviceId does not match its pattern'),
    ),
    ...blind,
  }),
  fault('i49-ce-non-http-compliance-uri-refused', {
    rule: 'CE-FMT-URI: a latestVersionUri that is an absolute URI of a scheme other than http or https (a urn:) is refused 400 as not a URI, where seed 000 ComplianceSettings takes any URI of the latest version',
    judge: refuse(
      'schema',
      (x) =>
        ['privacy', 'tnc'].some((k) => {
          const u = x.body.complianceSettings?.[k]?.latestVersionUri;
          return typeof u === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(u) && !/^https?:/i.test(u);
        }),
      invalid('complianceSettings.privacy.latestVersionUri', 'format', 'latestVersionUri must be a URL'),
    ),
    ...blind,
  }),
  fault('i49-ce-tnc-uri-not-required', {
    rule: 'CE-REQ-COMPLIANCE: complianceSettings.tnc without latestVersionUri is enrolled (only the privacy URI held required), where seed 000 ComplianceSettings requires latestVersionUri in both privacy and tnc',
    judge: passOnly('complianceSettings.tnc.latestVersionUri', (x) => x.body.complianceSettings?.tnc?.latestVersionUri === undefined),
    ...blind,
  }),
  fault('i49-ce-legacy-identity-type-taken', {
    rule: "CE-ENUM-IDENTITYTYPE: identityType MOBILE_PHONE_NUMBER, a value neither the seed's nor the provider's ConsumerIdentityType lists, is taken with an e-mail identityValue and enrolled, where seed 000 ConsumerIdentity.identityType is the enum EMAIL_ADDRESS",
    judge: passOnly(
      'consumer.consumerIdentity.identityType',
      (x) => x.body.consumer?.consumerIdentity?.identityType === 'MOBILE_PHONE_NUMBER',
    ),
    ...blind,
  }),
  fault('i49-ce-unknown-client-taken-on-receipt', {
    rule: "CE-STATE-UNKNOWN-CLIENT: on the push-account-receipt path a srcClientId resolving to no client is taken as the calling key's client and enrolled, where seed 000 Errors answers a srcClientId that does not resolve 400 INVALID_STATE on every path",
    judge: skip(
      'client',
      (x) => x.path === 'receipt' && !!x.client,
      (x) => {
        x.owner = x.client;
      },
    ),
    ...blind,
  }),
  fault('i49-ce-phone-country-code-not-required', {
    rule: 'CE-REQ-PHONE: a mobileNumber without countryCode is enrolled (the calling code left to the consumer countryCode), where seed 000 PhoneNumber requires countryCode and phoneNumber',
    judge: passOnly('consumer.mobileNumber.countryCode', (x) => x.body.consumer?.mobileNumber?.countryCode === undefined),
    ...blind,
  }),
  fault('i49-ce-missing-serviceid-defaults-program', {
    rule: "CE-REQ-REQUEST: a request without serviceId is enrolled for the calling client's first program instead of refused, where seed 000 EnrollCardRequest requires serviceId",
    judge: fold(
      'read',
      (x) => x.body.serviceId === undefined && !!x.client,
      (x) => {
        x.body.serviceId = x.client!.serviceIds[0];
      },
    ),
    ...blind,
  }),
  fault('i49-ce-card-created-month-zero-based', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated is built from the zero-based month of the enrollment instant, so it names a day a month before the card was enrolled, where seed 000 MaskedCard.dateOfCardCreated is when the card was enrolled',
    answer: enrolled((body, x) => {
      const n = x.now;
      body.maskedCard.dateOfCardCreated = `${n.getUTCFullYear()}-${pad(n.getUTCMonth())}-${pad(n.getUTCDate())}T${n.toISOString().slice(11)}`;
    }),
    ...blind,
  }),
  fault('i49-ce-missing-member-detail-without-message', {
    rule: 'CE-PROP-ERROR-DETAILS: on the refusal of a mandatory member left out only, each detail lacks its message, where seed 000 ErrorDetail gives every detail reason, source, message and sourceType',
    answer: refused(
      (a) => Array.isArray(a.body?.details) && a.body!.details.some((d: any) => d.reason === 'CANNOT_BE_NULL'),
      (a) => ({
        ...a,
        body: {
          ...a.body,
          details: a.body!.details.map((d: any) => {
            if (d.reason !== 'CANNOT_BE_NULL') return d;
            const { message: _m, ...rest } = d;
            return rest;
          }),
        },
      }),
    ),
    ...blind,
  }),
];
