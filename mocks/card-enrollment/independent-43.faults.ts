// Independent fault set 43 (written blind: from seed 000, schemas/card-enrollment/openapi.yaml and rules.yaml, and the behaviour
// modules only; the suite unread). Each entry bends cards.ts at its seams (answer, judge, state) or loosens the contract (relax).
import { randomBytes, randomUUID } from 'node:crypto';
import { assumption, blind, faultCatalogue, faultWriter, judgesAt, schema, type FaultMemory } from '../kit/faults.js';
import { maskName, type Answer, type CardSeams, type Enrollment } from './cards.js';
import { refusals, unresolved } from './errors.js';
import type { Profile } from './state.js';

const fault = faultWriter<CardSeams>('CE');
const { skip, refuse } = judgesAt<CardSeams>();

/** An accepted enrollment's answer (the seams also see refusals). */
const accepted = (a: Answer): boolean => a.status === 200 && a.body?.maskedCard !== undefined;

/** An answer with its maskedCard (or maskedConsumer) members changed. */
const withCard = (a: Answer, change: Record<string, unknown>): Answer =>
  accepted(a) ? { ...a, body: { ...a.body, maskedCard: { ...a.body!.maskedCard, ...change } } } : a;
const withConsumer = (a: Answer, change: Record<string, unknown>): Answer =>
  accepted(a) && a.body!.maskedConsumer ? { ...a, body: { ...a.body, maskedConsumer: { ...a.body!.maskedConsumer, ...change } } } : a;

/** A payment account reference in the provider's form (upper-case letters and digits), one per key of a fault's memory. */
const referenceFor = (memory: FaultMemory, key: string): string =>
  (memory[key] ??= `5001${randomBytes(20).toString('hex').toUpperCase().slice(0, 25)}`);

/** The identity a profile is found by (cards.ts: the type and the value). */
const identityOf = (x: Enrollment): string =>
  `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** A name masked as a release that keeps word separators in clear would (one '*' per other letter of each part). */
const maskKeepingSeparators = (value: string): string =>
  value
    .split(/([\s'-])/u)
    .map((part) => (/^[\s'-]$/u.test(part) ? part : maskName(part)))
    .join('');

export const INDEPENDENT_43_CARD_FAULTS = faultCatalogue([
  // --- The correlation id (seed 000, SrcCorrelationId; What the service does: "echoed, or generated when the request has none")
  fault('i43-ce-correlation-echo-receipt-path-regenerated', {
    rule: 'CE-ECHO-CORRELATION: on the push-account-receipt path the srcCorrelationId the request carries is not echoed; a new one is generated as if the request had none',
    answer: (x, a) =>
      x.path === 'receipt' && accepted(a) && x.body.srcCorrelationId !== undefined
        ? { ...a, body: { ...a.body, srcCorrelationId: randomUUID() } }
        : a,
    ...blind,
  }),
  fault('i43-ce-correlation-replayed-as-idempotency-key', {
    rule: "CE-MASK-PAN, CE-PROP-UNIQUE-ID: the srcCorrelationId, a tracking id, is read as an idempotency key: a later enrollment reusing one is answered with the first enrollment's masked card (its card id, bin and last four), not the card it sent",
    answer: (x, a, memory) => {
      const id = x.body.srcCorrelationId;
      if (!accepted(a) || typeof id !== 'string') return a;
      if (memory[id]) return { ...a, body: { ...a.body, maskedCard: structuredClone(memory[id]) } };
      memory[id] = structuredClone(a.body!.maskedCard);
      return a;
    },
    ...blind,
  }),
  // --- Pattern of the correlation id (seed 000, SrcCorrelationId: its pattern is anchored at both ends; its prefix separator any character)
  fault('i43-ce-correlation-pattern-unanchored-end', {
    rule: 'CE-PAT-CORRELATIONID: the srcCorrelationId pattern is applied without its end anchor, so a UUID followed by further text is taken as a tracking id',
    relax: schema('SrcCorrelationId', {
      set: { pattern: '^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}' },
    }),
    ...blind,
  }),
  fault('i43-ce-correlation-prefix-separator-dot-only', {
    rule: "CE-VALID-FORMS: the character between the correlation id's hex prefix and its UUID, any one character in the pattern, is read as a literal dot, so a prefix joined by a dash or another character is refused",
    relax: schema('SrcCorrelationId', {
      set: { pattern: '^([0-9a-f]{8}\\.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    }),
    ...blind,
  }),
  // --- Formats of the consumer (seed 000, Consumer: countryCode ISO 3166 alpha-2; ConsumerIdentity: a value that matches its type)
  fault('i43-ce-country-any-two-letters', {
    rule: 'CE-FMT-COUNTRY: consumer.countryCode is checked for its shape only, so two capital letters that name no ISO 3166 country are enrolled',
    relax: schema('Consumer.countryCode', { set: { format: undefined, pattern: '^[A-Z]{2}$' } }),
    ...blind,
  }),
  fault('i43-ce-email-identity-any-at-sign', {
    rule: 'CE-FMT-EMAIL: an EMAIL_ADDRESS identity is checked only for an at sign, so a value that is no e-mail address (no domain, a space in it) is enrolled',
    relax: schema('ConsumerIdentity.identityValue', { set: { format: undefined, pattern: '@' } }),
    ...blind,
  }),
  // --- Refusals (seed 000, Errors: a missing mandatory value is INVALID_ARGUMENT; an unresolved id INVALID_STATE)
  fault('i43-ce-missing-client-id-as-unresolved', {
    rule: 'CE-PROP-REFUSAL-CODE: a request without srcClientId is refused as an id that resolves to no entity (INVALID_STATE), not as a mandatory value missing (INVALID_ARGUMENT)',
    judge: (x, step, r) =>
      step === 'schema' && r && x.body.srcClientId === undefined
        ? unresolved('srcClientId', 'srcClientId does not resolve to a registered client.')
        : r,
    ...blind,
  }),
  fault('i43-ce-client-later-id-refused', {
    rule: "CE-STATE-OWN-IDS: only the first srcClientId registered to the calling key passes the origin check; a later one of the same client is refused 403 as another client's",
    judge: refuse('origin', (x) => x.client !== undefined && x.client.srcClientIds[0] !== x.body.srcClientId, refusals.foreignOrigin()),
    ...assumption,
    ...blind,
  }),
  // --- Receipts (A5 through rules.yaml: a receipt found by its exact id)
  fault('i43-ce-receipt-id-trimmed', {
    rule: 'CE-LOOKUP-EXACT, CE-STATE-UNKNOWN-RECEIPT: a receipt id with white space before or after it is trimmed before the lookup and resolves to the receipt, instead of naming no receipt',
    judge: skip(
      'receipt',
      (x) => x.world.receipts.some((r) => r.enrolmentReferenceId === String(x.body.enrolmentReferenceData?.enrolmentReferenceId).trim()),
      (x) => {
        const id = String(x.body.enrolmentReferenceData.enrolmentReferenceId).trim();
        x.card = { primaryAccountNumber: x.world.receipts.find((r) => r.enrolmentReferenceId === id)!.primaryAccountNumber };
      },
    ),
    ...assumption,
    ...blind,
  }),
  // --- The masked card (seed 000, MaskedCard)
  fault('i43-ce-serviceid-echo-percent-encoded', {
    rule: 'CE-ECHO-SERVICEID: maskedCard.serviceId is answered percent-encoded as for a URL (a hash of the program id escaped), not as the serviceId enrolled for',
    answer: (x, a) => (typeof x.body.serviceId === 'string' ? withCard(a, { serviceId: encodeURIComponent(x.body.serviceId) }) : a),
    ...blind,
  }),
  fault('i43-ce-expiry-kept-from-first-enrollment', {
    rule: 'CE-ECHO-EXPIRY: a card number enrolled again with a new expiry (a reissued card) is answered with the expiry of its first enrollment, not that of the card sent',
    answer: (x, a, memory) => {
      if (!accepted(a) || x.path !== 'card' || !x.card) return a;
      const first = (memory[x.card.primaryAccountNumber] ??= {
        panExpirationMonth: a.body!.maskedCard.panExpirationMonth,
        panExpirationYear: a.body!.maskedCard.panExpirationYear,
      });
      return first.panExpirationMonth === undefined ? a : withCard(a, first);
    },
    ...blind,
  }),
  fault('i43-ce-par-per-program', {
    rule: 'CE-VAL-PAR: the paymentAccountReference, which links one PAN to its tokens, is issued per program: the same card number enrolled for another serviceId is given another reference',
    answer: (x, a, memory) =>
      x.card ? withCard(a, { paymentAccountReference: referenceFor(memory, `${x.card.primaryAccountNumber} ${x.body.serviceId}`) }) : a,
    ...blind,
  }),
  fault('i43-ce-par-keyed-by-masked-digits', {
    rule: "CE-VAL-PAR: the paymentAccountReference is keyed by the card's bin and last four, so two different card numbers sharing them are given one reference",
    answer: (x, a, memory) => {
      const pan = x.card?.primaryAccountNumber;
      return pan ? withCard(a, { paymentAccountReference: referenceFor(memory, `${pan.slice(0, 6)}|${pan.slice(-4)}`) }) : a;
    },
    ...blind,
  }),
  // --- The masked consumer (seed 000, MaskedConsumer; the masked form, rules.yaml CE-MASK-FORM)
  fault('i43-ce-email-mask-keeps-plus-tag', {
    rule: 'CE-MASK-FORM: maskedEmailAddress keeps a sub-address tag (after a plus sign in the local part) in clear, masking only the local part before it',
    answer: (x, a) => {
      const email = x.body.consumer?.consumerIdentity?.identityValue;
      const at = typeof email === 'string' ? email.lastIndexOf('@') : -1;
      const plus = at > 0 ? email.slice(0, at).indexOf('+') : -1;
      if (plus < 1) return a;
      const masked = `${email[0]}${'*'.repeat(plus - 1)}${email.slice(plus)}`;
      return withConsumer(a, { maskedEmailAddress: masked });
    },
    ...assumption,
    ...blind,
  }),
  fault('i43-ce-name-mask-keeps-separators', {
    rule: 'CE-MASK-FORM: a masked name keeps its hyphens, apostrophes and spaces in clear and shows the first letter of each part, not one asterisk for every character after the first',
    answer: (x, a) => {
      const { firstName, lastName } = x.body.consumer ?? {};
      if (typeof firstName !== 'string' || typeof lastName !== 'string') return a;
      const [first, last] = [maskKeepingSeparators(firstName), maskKeepingSeparators(lastName)];
      return withConsumer(a, { maskedFirstName: first, maskedLastName: last, maskedFullName: `${first} ${last}` });
    },
    ...assumption,
    ...blind,
  }),
  fault('i43-ce-language-from-country', {
    rule: "CE-PROP-ECHO-AS-SENT: maskedConsumer.languageCode is derived from the consumer's countryCode (lower-cased) instead of the languageCode sent",
    answer: (x, a) =>
      typeof x.body.consumer?.countryCode === 'string' ? withConsumer(a, { languageCode: x.body.consumer.countryCode.toLowerCase() }) : a,
    ...assumption,
    ...blind,
  }),
  fault('i43-ce-profile-keeps-first-names', {
    rule: 'CE-PROP-ECHO-AS-SENT: an identity enrolled again with other names is answered with the masked names of its first enrollment, not of the consumer sent',
    answer: (x, a, memory) => {
      if (!accepted(a) || !a.body!.maskedConsumer) return a;
      const { maskedFirstName, maskedLastName, maskedFullName } = a.body!.maskedConsumer;
      return withConsumer(a, (memory[identityOf(x)] ??= { maskedFirstName, maskedLastName, maskedFullName }));
    },
    ...assumption,
    ...blind,
  }),
  fault('i43-ce-profile-per-enrollment-path', {
    rule: 'CE-VAL-PROFILE: profiles are kept per enrollment path, so the same identity enrolled for the same program by a receipt after a card number (or the reverse) is given a new srcConsumerId and dateConsumerAdded',
    state: (x, _profile, memory): Profile =>
      (memory[`${x.path} ${identityOf(x)}`] ??= { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() }),
    ...blind,
  }),
  fault('i43-ce-masked-mobile-starred', {
    rule: "CE-RESP-FORMS: maskedMobileNumber is answered with asterisks over the phone number's leading digits, though a PhoneNumber is digits only",
    answer: (x, a) => {
      const phone = x.body.consumer?.mobileNumber;
      if (typeof phone?.phoneNumber !== 'string' || phone.phoneNumber.length < 5) return a;
      const digits: string = phone.phoneNumber;
      return withConsumer(a, {
        maskedMobileNumber: { countryCode: phone.countryCode, phoneNumber: `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` },
      });
    },
    ...blind,
  }),
]);
