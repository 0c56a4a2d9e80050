// Card enrollment faults written blind (brief blind56): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import type { Refusal } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold } = judgesAt<CardSeams>();

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

/** The schema refusal let through when it is only about `field` (for `keyword`) and the request passes `when`. */
const passSchema =
  (field: string, keyword: string, when: (x: X) => boolean) =>
  (x: X, step: CardSeams['step'], r: Refusal | undefined): Refusal | undefined =>
    step === 'schema' && onlyAbout(r, field, keyword) && when(x) ? undefined : r;

/** The identity an enrollment names (seed 000, ConsumerIdentity). */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

export const INDEPENDENT_56_CARD_FAULTS = [
  fault('i56-ce-one-letter-lastname-500', {
    rule: "CE-VALID-ACCEPTED, CE-ERR-INTERNAL: a consumer whose lastName is a single character (valid: the seed gives the name only a maxLength) is answered 500 in the web framework's default error shape (statusCode, error, message: no code, no status INTERNAL), the masker reading a second character that is not there, where seed 000 POST /cards answers a valid request 200 and Errors gives an internal failure code, status INTERNAL and a message",
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 200 && Array.from(String(x.body.consumer?.lastName ?? '')).length === 1
        ? {
            status: 500,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: { statusCode: 500, error: 'Internal Server Error', message: "Cannot read properties of undefined (reading 'replace')" },
          }
        : a,
    ...blind,
  }),
  fault('i56-ce-empty-serviceid-first-program', {
    rule: "CE-STATE-UNKNOWN-SERVICE: a serviceId sent as an empty string (which its pattern takes) is enrolled for the client's first program (a default program filled in) instead of refused 400 INVALID_STATE as a serviceId that resolves to no program, where seed 000 Errors gives a serviceId resolving to no entity INVALID_STATE",
    judge: fold(
      'origin',
      (x) => x.body.serviceId === '' && !!x.owner,
      (x) => {
        x.body.serviceId = x.owner!.serviceIds[0];
      },
    ),
    ...blind,
  }),
  fault('i56-ce-hyphenated-lastname-clear', {
    rule: 'CE-MASK-NAMES: a double-barrelled lastName (two words joined by a hyphen) is masked only up to its hyphen, the word after it answered in clear in maskedLastName and maskedFullName, where seed 000 says the response carries a masked consumer record (MaskedConsumer.maskedLastName, maskedFullName)',
    answer: enrolled((body, x) => {
      const last = String(x.body.consumer?.lastName ?? '');
      const dash = last.indexOf('-');
      if (dash < 1) return;
      const head = last.slice(0, dash);
      const masked = `${head[0]}${'*'.repeat(head.length - 1)}${last.slice(dash)}`;
      const mc = body.maskedConsumer;
      mc.maskedFullName = `${mc.maskedFirstName} ${masked}`;
      mc.maskedLastName = masked;
    }),
    ...blind,
  }),
  fault('i56-ce-mobile-number-in-countrycode', {
    rule: "CE-MASK-MOBILE: the masked consumer carries maskedMobileNumber with its two members crossed (the PhoneNumber built with its arguments in the wrong order), so its countryCode member holds the consumer's phoneNumber whole in clear, where seed 000 MaskedConsumer.maskedMobileNumber is the mobile number masked",
    answer: enrolled((body, x) => {
      const m = x.body.consumer?.mobileNumber;
      if (!m) return;
      body.maskedConsumer.maskedMobileNumber = { countryCode: m.phoneNumber, phoneNumber: m.countryCode };
    }),
    ...blind,
  }),
  fault('i56-ce-receipt-no-correlation', {
    rule: 'CE-GEN-CORRELATION, CE-RESP-FORMS: on the push-account-receipt path a request without srcCorrelationId is answered with no srcCorrelationId at all (the id generated on the card path only), where seed 000 SrcCorrelationId says a new one is generated and returned and EnrollCardResponse requires it',
    answer: enrolled((body, x) => {
      if (x.path === 'receipt' && !x.body.srcCorrelationId) delete body.srcCorrelationId;
    }),
    ...blind,
  }),
  fault('i56-ce-wallet-unknown-service-names-cardsource', {
    rule: 'CE-STATE-UNKNOWN-SERVICE, CE-PROP-REFUSAL-MEMBER: with cardSource WALLET the 400 INVALID_STATE of a serviceId that resolves to no program names cardSource as its detail source (the commerce platform taken for the program owner), on that card source only, where seed 000 ErrorDetail.source is the offending parameter, serviceId',
    judge: (x, step, r) =>
      step === 'service' && r && x.body.cardSource === 'WALLET' && r.violations?.[0]?.field === 'serviceId'
        ? { ...r, violations: r.violations.map((v) => ({ ...v, field: 'cardSource' })) }
        : r,
    ...blind,
  }),
  fault('i56-ce-cvc-as-token-last-four', {
    rule: "CE-OBJ-SENSITIVE, CE-SENSITIVE-ECHO: on the card-number path a card sent with its cardSecurityCode is answered with maskedCard.tokenLastFour holding that security code (the token's member filled from the card's verification value), where seed 000 MaskedCard shows only panBin and panLastFour of the card in clear and never the security code",
    answer: enrolled((body, x) => {
      if (x.path === 'card' && x.card?.cardSecurityCode) body.maskedCard.tokenLastFour = x.card.cardSecurityCode;
    }),
    ...blind,
  }),
  fault('i56-ce-uri-padding-trimmed', {
    rule: 'CE-TYPE-FORMS, CE-FMT-URI: a privacy or tnc latestVersionUri with white space before or after it is trimmed before it is judged and enrolled (the answer showing it trimmed), where seed 000 ComplianceSettings says latestVersionUri is a URI and a member whose format shapes its text is refused with a space before or after it',
    judge: fold(
      'read',
      (x) => !!x.body.complianceSettings,
      (x) => {
        for (const part of ['privacy', 'tnc']) {
          const p = x.body.complianceSettings[part];
          if (p && typeof p.latestVersionUri === 'string') p.latestVersionUri = p.latestVersionUri.trim();
        }
      },
    ),
    ...blind,
  }),
  fault('i56-ce-country-alpha3-accepted', {
    rule: 'CE-FMT-COUNTRY: consumer.countryCode written as an ISO 3166 three-letter code (the alpha-3 form a country table also holds) is enrolled and answered as sent, where seed 000 Consumer.countryCode is an ISO 3166 alpha-2 code',
    judge: passSchema('consumer.countryCode', 'format', (x) => /^[A-Z]{3}$/.test(String(x.body.consumer?.countryCode))),
    ...blind,
  }),
  fault('i56-ce-language-shape-only', {
    rule: 'CE-FMT-LANGUAGE: consumer.languageCode is checked for its shape only (two lower-case letters), so a code that names no ISO 639-1 language is enrolled, where seed 000 Consumer.languageCode is an ISO 639-1 code',
    judge: passSchema('consumer.languageCode', 'format', (x) => /^[a-z]{2}$/.test(String(x.body.consumer?.languageCode))),
    ...blind,
  }),
  fault('i56-ce-key-in-authorization-apikey', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is enrolled when a registered key comes in the Authorization header after the scheme word ApiKey (a gateway convention), where seed 000 Authentication requires the key in x-openapi-clientid on POST /cards and refuses a request without it',
    judge: (x, step, r) => {
      if (step !== 'key' || !r || x.key) return r;
      const m = /^ApiKey (.+)$/.exec(String(x.headers.authorization ?? ''));
      const client = m ? x.world.clients.find((c) => c.apiKey === m[1]) : undefined;
      if (!client) return r;
      x.client = client;
      return undefined;
    },
    ...blind,
  }),
  fault('i56-ce-consumer-added-negative-zero-offset', {
    rule: 'CE-DATE-UNIT: maskedConsumer.dateConsumerAdded is written with the negative zero offset (the RFC 3339 mark of an unknown local offset) in place of its UTC designator, where seed 000 MaskedConsumer.dateConsumerAdded is a UTC datetime',
    answer: enrolled((body) => {
      const d = body.maskedConsumer?.dateConsumerAdded;
      if (typeof d === 'string' && d.endsWith('Z')) body.maskedConsumer.dateConsumerAdded = `${d.slice(0, -1)}-00:00`;
    }),
    ...blind,
  }),
  fault('i56-ce-masked-identity-domain-starred', {
    rule: 'CE-MASK-IDENTITY: maskedConsumerIdentity.maskedIdentityValue of an EMAIL_ADDRESS identity masks the domain and shows the local part in clear (the mask applied to the wrong side of the at sign), while maskedEmailAddress beside it is right, where seed 000 MaskedConsumer.maskedConsumerIdentity carries the identity masked',
    answer: enrolled((body, x) => {
      const id = x.body.consumer?.consumerIdentity;
      if (id?.identityType !== 'EMAIL_ADDRESS') return;
      const v = String(id.identityValue);
      const at = v.lastIndexOf('@');
      const domain = v.slice(at + 1);
      body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue = `${v.slice(0, at)}@${domain[0]}${'*'.repeat(domain.length - 1)}`;
    }),
    ...blind,
  }),
  fault('i56-ce-second-card-first-expiry', {
    rule: "CE-ECHO-EXPIRY: a second, different card number enrolled into a consumer profile is answered with the panExpirationMonth and panExpirationYear of the profile's first card (the expiry kept with the profile), not those of the card sent, where seed 000 MaskedCard.panExpirationMonth/Year are the card's expiry",
    answer: enrolled((body, x, memory) => {
      if (x.path !== 'card' || !x.card?.panExpirationMonth) return;
      const key = identityOf(x);
      const first = memory[key] as { pan: string; month: string; year?: string } | undefined;
      if (!first) {
        memory[key] = { pan: x.card.primaryAccountNumber, month: x.card.panExpirationMonth, year: x.card.panExpirationYear };
        return;
      }
      if (first.pan === x.card.primaryAccountNumber) return;
      body.maskedCard.panExpirationMonth = first.month;
      if (first.year) body.maskedCard.panExpirationYear = first.year;
    }),
    ...blind,
  }),
  fault('i56-ce-phone-number-missing', {
    rule: 'CE-REQ-PHONE: a mobileNumber without phoneNumber (its countryCode alone) is enrolled, where seed 000 PhoneNumber requires both countryCode and phoneNumber and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT',
    judge: passSchema('consumer.mobileNumber.phoneNumber', 'required', (x) => x.body.consumer?.mobileNumber?.countryCode !== undefined),
    ...blind,
  }),
];
