// Faults of POST /cards, named `<rule id>-<deviation>` or `<member>-<deviation>` (schemas/card-enrollment/rules.yaml; docs/mutation.md):
// `relax` or cards.ts's seams (Step, the answer); a renamed fault a recorded measure names keeps its earlier id as an alias.
import { createHash, randomUUID } from 'node:crypto';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';
import { lengthOf } from '../../helpers/contract/facts.js';
import {
  always,
  assumption,
  blind,
  faultCatalogue,
  faultWriter,
  judgesAt,
  provider,
  schema,
  seeded,
  was,
  type Relaxation,
  type SeamFn,
} from '../kit/faults.js';
import type { Violation } from '../kit/validation.js';
import { type Body, type CardSeams, type Enrollment, type Refusal, type Step } from './cards.js';
import { invalid, refusals } from './errors.js';

type Judge = SeamFn<CardSeams, 'judge'>;
type Answering = SeamFn<CardSeams, 'answer'>;
type When = (x: Enrollment) => boolean;

/**
 * Card API 1.0.0 ConsumerIdentityTypeDoc: EXTERNAL_ACCOUNT_ID only (`x-provider-enum`), ConsumerIdentity.identityValue opaque, no e-mail:
 * CE-CONFLICT-CONSUMER-IDENTITY taken the provider's way, for the provider-only fault.
 */
export const PROVIDER_IDENTITY: Relaxation[] = [
  { schema: 'ConsumerIdentityType', provider: ['enum'] },
  { schema: 'ConsumerIdentity', at: ['properties', 'identityValue'], drop: ['format'] },
];

const fault = faultWriter<CardSeams>('CE');
const { fold: foldAt, skip, refuse } = judgesAt<CardSeams>();
/** The country an international calling code is first assigned to (ITU-T E.164): what a target deriving the country from the phone would answer. */
const CALLING_CODES: Record<string, string> = {
  '1': 'US',
  '44': 'GB',
  '49': 'DE',
  '61': 'AU',
  '64': 'NZ',
  '81': 'JP',
  '91': 'IN',
  '971': 'AE',
};
type Loosening = Omit<Relaxation, 'schema' | 'at'>;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A keyword's change in words: the values added or removed, a shift by its sign, never a figure (tests/self/fault-rules.spec.ts). */
const change = (k: string, v: unknown): string =>
  Array.isArray(v) ? `${k} ${v.join(', ')}` : typeof v === 'number' ? `${k} ${v > 0 ? '+' : ''}${v}` : k;
/** A loosening in words, for the fault's rule text after its rule ids ('Consumer.lastName drop maxLength'). */
const loosening = (where: string, how: Loosening) =>
  `${where} ${Object.entries(how).map(([k, v]) => (Array.isArray(v) ? change(k, v) : `${k} ${Object.entries(v).map(([kk, vv]) => change(kk, vv))}`))}`;
/** The earlier ids of the loosenings written blind (`npm run mutation -- --blind`). */
const EARLIER: Record<string, string> = {
  'ce-enum-cardsource-extra-value-accepted': 'blind-cardSource-extra-value-accepted',
  'ce-lim-firstname-one-over-accepted': 'blind-firstName-31-accepted',
  'ce-lim-identityvalue-at-max-refused': 'blind-identityValue-255-refused',
  'ce-lim-pan-one-over-accepted': 'blind-pan-21-accepted',
};
const ANY_FORM = ['minLength', 'maxLength', 'pattern'];
/** Validation faults, one a row: id, the rules it breaks, where the contract's copy is loosened (at), how. */
function loosened<const Rows extends readonly (readonly [string, string, string, Loosening])[]>(rows: Rows) {
  return rows.map(([id, rules, where, how]) =>
    fault(id as Rows[number][0], `${rules}: the contract's ${loosening(where, how)}`, {
      relax: schema(where, how),
      ...(EARLIER[id] ? { ...blind, ...was(EARLIER[id]) } : {}),
    }),
  );
}

// Who and what a fault applies to.
const onCard: When = (x) => x.path === 'card';
const onReceipt: When = (x) => x.path === 'receipt';
const by =
  (source: string, path: When = always): When =>
  (x) =>
    x.body.cardSource === source && path(x);
const pan = (x: Enrollment) => x.card!.primaryAccountNumber;
const digits = (x: Enrollment) => pan(x).replace(/ /g, '');
const prefixed: When = (x) => String(x.body.srcCorrelationId ?? '').length > 36;
const maxOf = (x: Enrollment, member: string) => lengthOf(x.contract, ...(member.split('.') as [string, string])).max!;
const minOf = (x: Enrollment, member: string) => lengthOf(x.contract, ...(member.split('.') as [string, string])).min!;
const atMax = (x: Enrollment, member: string, value: unknown) => String(value ?? '').length === maxOf(x, member);
const sameButLast = (a: string, b: unknown) => typeof b === 'string' && a.length === b.length && a.slice(0, -1) === b.slice(0, -1);
/** The caller's program the serviceId sent names without case. */
const ownProgram = (x: Enrollment) => x.owner!.serviceIds.find((s) => s.toLowerCase() === String(x.body.serviceId).toLowerCase());
const anyonesProgram: When = (x) => x.world.clients.some((c) => c.serviceIds.includes(x.body.serviceId));
const suspended = (b: Body) => (b.maskedCard.digitalCardData.status = 'SUSPENDED');
const privateJwk = () => pooledKeyPair('card-enrollment-jwe').privateKey.export({ format: 'jwk' });
const REQUIRED = 'CE-REQ-REQUEST, CE-REQ-CONSUMER, CE-REQ-IDENTITY, CE-REQ-PHONE, CE-REQ-COMPLIANCE, CE-REQ-RECEIPT, CE-REQ-CARD';

const tooLong = (field: string) => () => invalid(field, 'maxLength', `${field} is too long`);
const unavailable: Refusal = { status: 503, code: 'UNAVAILABLE', message: 'The service is temporarily unavailable.' };
/** A refusal's members named otherwise. */
const named = (r: Refusal, name: (field: string) => string) => r.violations?.map((v) => ({ ...v, field: name(v.field) }));

// (a) The request as judged: functions at the judge seam.
/** The body changed before it is judged (and answered as changed). */
const fold = (when: When, change: (body: Body, x: Enrollment) => void): Judge => foldAt('read', when, (x) => change(x.body, x));
/** A refusal of `step` let through when every member it names is one `taken` takes; `then` goes on from there. */
const tolerate =
  (step: Step, taken: (v: Violation, x: Enrollment) => boolean, then?: (x: Enrollment) => void): Judge =>
  (x, s, r) => {
    if (s !== step || !r?.violations?.length || !r.violations.every((v) => taken(v, x))) return r;
    then?.(x);
    return undefined;
  };
/** A refusal of the schema let through when every member it names is `field` on `path`, and `also` holds. */
const letThrough = (path: When, field: string, also: (v: Violation, x: Enrollment) => boolean = () => true): Judge =>
  tolerate('schema', (v, x) => path(x) && v.field === field && also(v, x));
/** The refusal of `step` (of any, undefined) changed where `when` holds. */
const recode =
  (step: Step | undefined, when: When, change: (r: Refusal, x: Enrollment) => Refusal): Judge =>
  (x, s, r) =>
    r && (step === undefined || s === step) && when(x) ? change(r, x) : r;
/** A key taken as the caller's where `matches` says so (the key check's refusal skipped). */
const keyTaken =
  (matches: (sent: string | undefined, registered: string, x: Enrollment) => boolean): Judge =>
  (x, s, r) => {
    const client = s === 'key' && r ? x.world.clients.find((c) => matches(x.key, c.apiKey, x)) : undefined;
    if (!client) return r;
    x.client = client;
    return undefined;
  };

// (c) The answer: functions at the answer seam.
/** An enrollment's answer bent where `when` holds. */
const enrolled =
  (bend: (body: Body, x: Enrollment, headers: Record<string, string>) => void, when: When = always): Answering =>
  (x, a) => {
    if (x.op === 'putCard' && a.status === 200 && a.body && when(x)) bend(a.body, x, a.headers);
    return a;
  };
/** A refusal's answer bent. */
const refused =
  (bend: (body: Body, x: Enrollment) => void): Answering =>
  (x, a) => {
    if (a.status >= 400 && a.body) bend(a.body, x);
    return a;
  };
/** Each detail of a refusal's answer changed. */
const details = (change: (d: Body) => void) => refused((b) => b.details?.forEach(change));
/** The masked names made otherwise (seed 000, MaskedConsumer; Card API 1.0.0 "J***", "J*** D**"). */
const names = (mask: (name: string) => string): Answering =>
  enrolled((b, x) => {
    const c = b.maskedConsumer;
    [c.maskedFirstName, c.maskedLastName] = [mask(x.body.consumer.firstName), mask(x.body.consumer.lastName ?? '')];
    c.maskedFullName = `${c.maskedFirstName} ${c.maskedLastName}`;
  });
/** The masked address made otherwise, in maskedEmailAddress and maskedIdentityValue. */
const emails = (mask: (email: string) => string): Answering =>
  enrolled(({ maskedConsumer: c }, x) => {
    c.maskedEmailAddress = c.maskedConsumerIdentity.maskedIdentityValue = mask(x.body.consumer.consumerIdentity.identityValue);
  });
/** A card id derived from a value: the same every time that value comes again. */
const derivedId = (from: string) => {
  const hex = createHash('sha256').update(from).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const LOCAL_OFFSET_HOURS: Record<string, number> = { FR: 1, JP: 9, BR: -3, US: -5 };
const HOUR = 3600_000;

export const CARDS_FAULTS = faultCatalogue([
  // --- Switches, not deviations (the mutation run skips them): the 500 and 503 a spec asks for; the provider's answers
  // (EXTERNAL_ACCOUNT_ID, no panBin) and requests (seed-vs-provider conflicts: tests/self/conflicts.spec.ts, conflicts.yaml).
  fault('answer-500', 'CE-ERR-INTERNAL: an internal failure (reference A6)', {
    judge: refuse('received', always, () => ({ status: 500, code: 'INTERNAL', message: 'Internal failure.' })),
    mutation: false,
  }),
  fault('answer-503', 'CE-ERR-UNAVAILABLE: a temporary unavailability, Retry-After in seconds', {
    judge: refuse('received', always, () => ({ ...unavailable, headers: { 'retry-after': '30' } })),
    ...provider,
    mutation: false,
  }),
  fault('masked-identity-type-provider-value', 'CE-ENUM-IDENTITYTYPE: maskedConsumerIdentity.identityType the provider value', {
    answer: enrolled((b) => (b.maskedConsumer.maskedConsumerIdentity.identityType = 'EXTERNAL_ACCOUNT_ID')),
    mutation: false,
  }),
  fault('response-missing-panBin', 'CE-MASK-PAN: MaskedCard.panBin left out', {
    answer: enrolled((b) => delete b.maskedCard.panBin),
    mutation: false,
  }),
  fault('identity-type-provider-only', 'CE-ENUM-IDENTITYTYPE, CE-FMT-EMAIL: the provider identity only', {
    relax: PROVIDER_IDENTITY,
    mutation: false,
  }),

  // --- The request's members (seed 000, Resources and their fields; Limits).
  // The contract's copy loosened at one schema or member: [id, rules, where, how].
  ...loosened([
    ['privacy-not-required', 'CE-REQ-COMPLIANCE', 'ComplianceSettings', { unrequire: ['privacy'] }],
    ['srcClientId-uppercase-accepted', 'CE-PAT-SRCCLIENTID', 'LowerCaseUuid', { set: { pattern: `^${UUID.replace(/a-f/g, 'a-fA-F')}$` } }],
    [
      'correlationId-pattern-unenforced',
      'CE-PAT-CORRELATIONID',
      'EnrollCardRequest.srcCorrelationId',
      { set: { $ref: undefined, type: 'string' } },
    ],
    ['correlationId-uppercase-refused', 'CE-PAT-CORRELATIONID', 'SrcCorrelationId', { set: { pattern: `^([0-9a-f]{8}.)?${UUID}$` } }],
    ['phone-digits-unchecked', 'CE-PAT-PHONE', 'PhoneNumber.phoneNumber', { drop: ['pattern'] }],
    ['expiry-month-unenforced', 'CE-LIM-EXPMONTH, CE-PAT-EXPIRY', 'Card.panExpirationMonth', { drop: ANY_FORM }],
    ['expiry-year-unenforced', 'CE-LIM-EXPYEAR, CE-PAT-EXPIRY', 'Card.panExpirationYear', { drop: ANY_FORM }],
    ['country-code-unchecked', 'CE-FMT-COUNTRY', 'Consumer.countryCode', { drop: ['format'] }],
    ['language-code-unchecked', 'CE-FMT-LANGUAGE', 'Consumer.languageCode', { drop: ['format'] }],
    ['email-format-unchecked', 'CE-FMT-EMAIL', 'ConsumerIdentity.identityValue', { drop: ['format'] }],
    ['identityType-enum-unenforced', 'CE-ENUM-IDENTITYTYPE', 'ConsumerIdentityType', { drop: ['enum'] }],
    ['cardSource-wallet-refused', 'CE-ENUM-CARDSOURCE', 'Origin', { remove: { enum: ['WALLET'] } }],
    ['ce-enum-cardsource-extra-value-accepted', 'CE-ENUM-CARDSOURCE', 'Origin', { add: { enum: ['PARTNER'] } }],
    ['referenceType-enum-unenforced', 'CE-ENUM-REFTYPE', 'EnrolmentReferenceData.enrolmentReferenceType', { drop: ['enum'] }],
    ['ce-lim-firstname-one-over-accepted', 'CE-LIM-FIRSTNAME', 'Consumer.firstName', { shift: { maxLength: 1 } }],
    ['lastName-max-unenforced', 'CE-LIM-LASTNAME', 'Consumer.lastName', { drop: ['maxLength'] }],
    ['ce-lim-identityvalue-at-max-refused', 'CE-LIM-IDENTITYVALUE', 'ConsumerIdentity.identityValue', { shift: { maxLength: -1 } }],
    ['ce-lim-pan-one-over-accepted', 'CE-LIM-PAN', 'Card.primaryAccountNumber', { shift: { maxLength: 1 } }],
  ]),
  fault('ce-req-empty-phone-country-accepted-receipt', 'CE-REQ-EMPTY: mobileNumber.countryCode sent empty is enrolled', {
    judge: letThrough(onReceipt, 'consumer.mobileNumber.countryCode', (_v, x) => x.body.consumer.mobileNumber.countryCode === ''),
  }),
  fault('ce-req-empty-correlation-taken-as-absent-card', 'CE-REQ-EMPTY, CE-PAT-CORRELATIONID: an empty srcCorrelationId taken as none', {
    judge: fold(onCard, (b) => b.srcCorrelationId === '' && delete b.srcCorrelationId),
  }),
  fault('ce-pat-serviceid-hyphen-refused-receipt', "CE-PAT-SERVICEID, CE-STATE-OWN-IDS: a serviceId holding '-' refused", {
    judge: refuse(
      'schema',
      (x) => onReceipt(x) && String(x.body.serviceId).includes('-'),
      () => invalid('serviceId', 'pattern'),
    ),
  }),
  fault('ce-valid-forms-correlation-prefix-nondot-refused-receipt', 'CE-PAT-CORRELATIONID, CE-VALID-FORMS: a prefix not before a dot', {
    judge: refuse(
      'schema',
      (x) => onReceipt(x) && prefixed(x) && x.body.srcCorrelationId[8] !== '.',
      () => invalid('srcCorrelationId', 'pattern'),
    ),
  }),
  fault('ce-type-forms-phone-spaces-accepted-receipt', 'CE-PAT-PHONE: a phoneNumber judged with its spaces taken out', {
    judge: fold(onReceipt, (b) => (b.consumer.mobileNumber.phoneNumber = String(b.consumer?.mobileNumber?.phoneNumber).replace(/ /g, ''))),
  }),
  fault('ce-fmt-uri-relative-tnc-accepted-card', 'CE-FMT-URI: a relative tnc.latestVersionUri (/terms/v7) is taken', {
    judge: letThrough(onCard, 'complianceSettings.tnc.latestVersionUri', (v) => v.keyword === 'format'),
  }),
  fault('ce-fmt-uri-privacy-spaces-accepted-receipt', 'CE-FMT-URI: a privacy.latestVersionUri holding spaces is taken', {
    judge: letThrough(onReceipt, 'complianceSettings.privacy.latestVersionUri', (_v, x) =>
      / /.test(x.body.complianceSettings.privacy.latestVersionUri),
    ),
  }),
  fault('ce-type-forms-country-lowercase-accepted-receipt', 'CE-FMT-COUNTRY: a lower-case countryCode upper-cased and taken', {
    judge: fold(
      onReceipt,
      (b) => typeof b.consumer?.countryCode === 'string' && (b.consumer.countryCode = b.consumer.countryCode.toUpperCase()),
    ),
  }),

  // Limits: one character over taken, or the limit itself refused (the bound read exclusive).
  fault('ce-valid-forms-firstname-counted-in-bytes', 'CE-LIM-FIRSTNAME, CE-VALID-FORMS: firstName counted in UTF-8 bytes', {
    judge: refuse(
      'schema',
      (x) => Buffer.byteLength(String(x.body.consumer?.firstName)) > maxOf(x, 'Consumer.firstName'),
      tooLong('consumer.firstName'),
    ),
  }),
  fault('ce-valid-forms-lastname-utf16-units-card', 'CE-LIM-LASTNAME, CE-VALID-FORMS: lastName counted in UTF-16 units', {
    judge: refuse(
      'schema',
      (x) => onCard(x) && String(x.body.consumer?.lastName).length > maxOf(x, 'Consumer.lastName'),
      tooLong('consumer.lastName'),
    ),
  }),
  fault('ce-lim-referenceid-at-max-refused', 'CE-LIM-REFERENCEID: enrolmentReferenceId at its maxLength refused', {
    judge: refuse(
      'schema',
      (x) => atMax(x, 'EnrolmentReferenceData.enrolmentReferenceId', x.body.enrolmentReferenceData?.enrolmentReferenceId),
      tooLong('enrolmentReferenceData.enrolmentReferenceId'),
    ),
  }),
  fault('ce-source-every-rule-amex-pan-one-short-accepted', 'CE-LIM-PAN: an American Express PAN (34, 37) one digit short taken', {
    judge: tolerate(
      'card',
      (v, x) => v.keyword === 'minLength' && /^3[47]/.test(pan(x)) && pan(x).length === minOf(x, 'Card.primaryAccountNumber') - 1,
    ),
  }),
  fault('ce-type-forms-pan-spaces-stripped', 'CE-LIM-PAN, CE-VALID-FORMS, CE-TYPE-FORMS: a PAN in groups of spaces taken as its digits', {
    judge: tolerate(
      'card',
      (v, x) =>
        v.field === 'card.primaryAccountNumber' && /^\d+( \d+)+$/.test(pan(x)) && digits(x).length <= maxOf(x, 'Card.primaryAccountNumber'),
      (x) => (x.card!.primaryAccountNumber = digits(x)),
    ),
  }),
  fault('ce-source-every-rule-merchant-cvc-unchecked', "CE-LIM-CVC, CE-SOURCE-EVERY-RULE: a MERCHANT's card taken whatever its code", {
    judge: tolerate('card', (v, x) => by('MERCHANT')(x) && v.field === 'card.cardSecurityCode'),
  }),
  fault('ce-prop-body-media-charset-refused-receipt', 'CE-PROP-BODY-MEDIA: a JSON body declared with a charset refused', {
    judge: refuse('body', (x) => onReceipt(x) && /;\s*charset=/i.test(String(x.headers['content-type'])), refusals.notJson),
  }),

  // --- One path of two (reference A1), the card inside its JWE, its check digit (A3).
  fault('ce-excl-path-both-accepted', 'CE-EXCL-PATH: both encryptedCard and enrolmentReferenceData enrolled by the card', {
    judge: skip('path', (x) => x.body.encryptedCard !== undefined),
    ...assumption,
  }),
  // Seeded beside the answer judge's masking of the mobile number (fixtures/assertions/card-enrollment-answer.ts).
  fault('ce-mask-mobile-in-clear', 'CE-MASK-MOBILE: the masked consumer answers the mobile number as sent, in clear', {
    answer: enrolled((b, x) => (b.maskedConsumer.maskedMobileNumber = { ...x.body.consumer.mobileNumber })),
    ...seeded,
  }),
  // Seeded beside the answer judge's memory of each card's reference (fixtures/card-enrollment/judge.ts).
  fault('ce-val-par-new-each-enrollment', 'CE-VAL-PAR: the same card number answers another paymentAccountReference each time', {
    answer: enrolled(
      (b) => (b.maskedCard.paymentAccountReference = `V0010013${randomUUID().replace(/-/g, '').slice(0, 21).toUpperCase()}`),
    ),
    ...seeded,
  }),
  // Seeded beside the answer judge's profile memory (fixtures/card-enrollment/judge.ts): a profile the service forgets.
  fault('ce-val-profile-new-each-enrollment', 'CE-VAL-PROFILE: the same identity enrolled again answers a new profile', {
    state: (x) => ({ srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() }),
    ...seeded,
  }),
  fault('ce-prop-error-status-neither-path-code-422', 'CE-EXCL-PATH, CE-PROP-ERROR-STATUS: neither path answered with code 422', {
    answer: refused((b) => b.details?.[0]?.source === 'encryptedCard' && b.details[0].reason === 'CANNOT_BE_NULL' && (b.code = 422)),
  }),
  fault('ce-jwe-decrypt-unchecked', 'CE-JWE-DECRYPT: an encryptedCard the published key does not decrypt is enrolled', {
    judge: skip(
      'card',
      (x) => x.card === undefined,
      (x) => (x.card = { primaryAccountNumber: '5555555555554444' }),
    ),
    ...assumption,
  }),
  fault('ce-luhn-unchecked', 'CE-LUHN: a PAN failing its check digit is enrolled', { judge: skip('check-digit'), ...assumption }),
  fault('ce-prop-refusal-member-luhn-names-envelope-wallet', 'CE-LUHN, CE-ERR-FIELD, CE-PROP-REFUSAL-MEMBER: encryptedCard named', {
    judge: recode('check-digit', by('WALLET'), (r) => ({ ...r, violations: named(r, () => 'encryptedCard') })),
    ...assumption,
  }),

  // --- The ids a request names (seed 000, Errors 400 INVALID_STATE; reference A2, A5).
  fault('ce-state-unknown-client-accepted', 'CE-STATE-UNKNOWN-CLIENT: a srcClientId naming no client is enrolled', {
    judge: skip('client', always, (x) => (x.owner = x.client)),
  }),
  fault('ce-prop-refusal-code-unresolved-as-argument', {
    rule: 'CE-STATE-UNKNOWN-CLIENT, CE-STATE-UNKNOWN-SERVICE, CE-STATE-UNKNOWN-RECEIPT, CE-PROP-REFUSAL-CODE: an id naming nothing refused INVALID_ARGUMENT',
    judge: recode(undefined, always, (r) => (r.code === 'INVALID_STATE' ? { ...r, code: 'INVALID_ARGUMENT' } : r)),
  }),
  fault('ce-lookup-exact-srcclientid-last-char-ignored', 'CE-STATE-UNKNOWN-CLIENT, CE-LOOKUP-EXACT: another last character', {
    judge: skip('client', (x) =>
      !!(x.owner = x.world.clients.find((c) => c.srcClientIds.some((id) => sameButLast(id, x.body.srcClientId))))),
  }),
  fault('ce-state-unknown-service-accepted', 'CE-STATE-UNKNOWN-SERVICE: a serviceId naming no program is enrolled', {
    judge: skip('service'),
  }),
  fault('ce-lookup-exact-serviceid-case-folded-merchant', "CE-LOOKUP-EXACT, CE-ECHO-SERVICEID: a MERCHANT's serviceId without case", {
    judge: skip(
      'service',
      (x) => by('MERCHANT')(x) && ownProgram(x) !== undefined,
      (x) => (x.body.serviceId = ownProgram(x)),
    ),
  }),
  fault('ce-lookup-exact-serviceid-trimmed', 'CE-STATE-UNKNOWN-SERVICE, CE-PAT-SERVICEID: serviceId trimmed before it is judged', {
    judge: fold(always, (b) => typeof b.serviceId === 'string' && (b.serviceId = b.serviceId.trim())),
  }),
  fault('ce-prop-refusal-member-unknown-service-names-client-receipt', 'CE-STATE-UNKNOWN-SERVICE: the refusal names srcClientId', {
    judge: recode('service', onReceipt, (r) => ({ ...r, violations: named(r, () => 'srcClientId') })),
  }),
  fault('ce-state-foreign-service-accepted', "CE-STATE-UNKNOWN-SERVICE, CE-STATE-FOREIGN-SERVICE: another client's program enrolled", {
    judge: skip('service', anyonesProgram),
  }),
  fault('ce-state-own-ids-second-service-refused-card', "CE-STATE-OWN-IDS: only the client's first program resolves", {
    judge: refuse('service', (x) => onCard(x) && x.body.serviceId !== x.owner!.serviceIds[0], refusals.unknownService),
    ...assumption,
  }),
  fault('ce-lookup-exact-receipt-id-last-char-ignored', 'CE-LOOKUP-EXACT, CE-STATE-UNKNOWN-RECEIPT: another last character', {
    judge: skip('receipt', (x) => {
      const receipt = x.world.receipts.find((r) => sameButLast(r.enrolmentReferenceId, x.body.enrolmentReferenceData.enrolmentReferenceId));
      if (receipt) x.card = { primaryAccountNumber: receipt.primaryAccountNumber };
      return receipt !== undefined;
    }),
    ...assumption,
  }),
  fault('ce-prop-ids-owned-refused-receipt-consumed', 'CE-STATE-UNKNOWN-RECEIPT, CE-RECEIPT-ACCOUNT: a refusal spends its receipt', {
    judge: (x, s, r, spent) => {
      const id = String(x.body.enrolmentReferenceData?.enrolmentReferenceId);
      if (s === 'service' && r && onReceipt(x)) spent[id] = true;
      return r ?? (s === 'receipt' && spent[id] ? refusals.unknownReceipt() : undefined);
    },
    ...assumption,
  }),
  fault('ce-receipt-account-other-pan', 'CE-RECEIPT-ACCOUNT: a receipt answered with the digits of another account', {
    judge: (x, s, r) => {
      if (s === 'receipt' && !r && onReceipt(x)) x.card = { primaryAccountNumber: '4000056655665556' };
      return r;
    },
    ...assumption,
  }),

  // --- The key and the origin (seed 000, Authentication; reference A2).
  fault('ce-auth-missing-key-accepted', 'CE-AUTH-MISSING-KEY: a request without x-openapi-clientid is enrolled', {
    judge: keyTaken((sent, key, x) => !sent && key === x.world.clients[0].apiKey),
  }),
  fault('ce-auth-unknown-key-403', 'CE-AUTH-UNKNOWN-KEY: an unknown key answered 403', {
    judge: recode('key', (x) => !!x.key, refusals.foreignOrigin),
    ...blind,
    ...was('blind-unknown-key-403'),
  }),
  fault('ce-auth-key-form-first-of-duplicates', 'CE-AUTH-KEY-FORM: the key header sent twice taken as its first value', {
    judge: keyTaken((sent, key) => sent?.split(',')[0].trim() === key),
    ...assumption,
  }),
  fault('ce-auth-origin-unchecked', "CE-AUTH-ORIGIN: another client's srcClientId is enrolled", { judge: skip('origin'), ...assumption }),
  fault('ce-prop-refusal-forms-prefixed-correlation-origin-unchecked', 'CE-AUTH-ORIGIN, CE-PROP-REFUSAL-FORMS: skipped for a prefix', {
    judge: skip('origin', prefixed),
    ...assumption,
  }),
  fault('ce-prop-ids-owned-foreign-second-client-id-accepted', 'CE-AUTH-ORIGIN, CE-STATE-OWN-IDS, CE-PROP-IDS-OWNED: first ids only', {
    judge: skip('origin', (x) => x.body.srcClientId !== x.owner!.srcClientIds[0]),
    ...assumption,
  }),

  // --- Error answers (seed 000, Errors and Error body; reference A4).
  fault('ce-err-malformed-answered-500', 'CE-ERR-MALFORMED: a body that is not JSON answered 500', {
    judge: recode('body', always, () => ({ status: 500, code: 'INTERNAL', message: 'Unexpected token' })),
  }),
  fault('ce-err-field-missing-reason-invalid-value', `${REQUIRED}: a missing value detailed INVALID_VALUE, not CANNOT_BE_NULL`, {
    answer: details((d) => (d.reason = 'INVALID_VALUE')),
  }),
  fault('ce-err-field-source-request', 'CE-ERR-FIELD: every detail names request, not the member', {
    answer: details((d) => (d.source = 'request')),
  }),
  fault('ce-err-internal-status-error', 'CE-ERR-INTERNAL: the 500 body carries status ERROR', {
    answer: refused((b) => b.code === 500 && (b.status = 'ERROR')),
  }),
  fault('ce-err-unavailable-retry-after-word', 'CE-ERR-UNAVAILABLE: the Retry-After of a 503 is a word', {
    answer: (_x, a) => (a.headers['retry-after'] ? { ...a, headers: { ...a.headers, 'retry-after': 'soon' } } : a),
    ...provider,
  }),

  // --- The masked card (seed 000, MaskedCard; reference, the mock's world; A5).
  fault('panBin-whole-pan', 'CE-MASK-PAN, CE-SENSITIVE-ECHO: panBin carries the whole PAN', {
    answer: enrolled((b, x) => (b.maskedCard.panBin = pan(x))),
  }),
  fault('ce-mask-pan-bin-grows-with-pan', 'CE-MASK-PAN-BIN: panBin of a longer PAN grows with it', {
    answer: enrolled(
      (b, x) => (b.maskedCard.panBin = pan(x).slice(0, pan(x).length - 8)),
      (x) => pan(x).length > minOf(x, 'Card.primaryAccountNumber'),
    ),
  }),
  fault('ce-mask-pan-bin-seven-digits', "CE-MASK-PAN-BIN, CE-RECEIPT-ACCOUNT: a MERCHANT's receipt answered a seven-digit panBin", {
    answer: enrolled((b, x) => (b.maskedCard.panBin = pan(x).slice(0, 7)), by('MERCHANT', onReceipt)),
    ...assumption,
  }),
  fault('ce-prop-echo-as-sent-bin-dropped-long-pan-merchant', 'CE-MASK-PAN, CE-PROP-ECHO-AS-SENT: panBin left out of a longer PAN', {
    answer: enrolled(
      (b) => delete b.maskedCard.panBin,
      (x) => by('MERCHANT', onCard)(x) && pan(x).length > minOf(x, 'Card.primaryAccountNumber'),
    ),
  }),
  fault('ce-mask-pan-last-four-first-four', "CE-MASK-PAN: panLastFour the PAN's first four digits, not its last four", {
    answer: enrolled((b, x) => (b.maskedCard.panLastFour = pan(x).slice(0, 4))),
  }),
  fault('ce-sensitive-echo-account-grouped-receipt', "CE-SENSITIVE-ECHO, CE-OBJ-SENSITIVE: the account's number in hyphenated groups", {
    answer: enrolled((b, x) => (b.maskedCard.panDisplay = pan(x).replace(/(\d{4})(?=\d)/g, '$1-')), onReceipt),
  }),
  fault('ce-sensitive-echo-card-in-error-message', 'CE-OBJ-SENSITIVE, CE-SENSITIVE-ECHO: a card refused quotes the card', {
    judge: recode(
      'card',
      (x) => x.card !== undefined,
      (r, x) => ({ ...r, violations: r.violations?.map((v) => ({ ...v, message: `${v.message} in ${JSON.stringify(x.card)}` })) }),
    ),
  }),
  fault('ce-obj-sensitive-key-reflected-in-header-receipt', 'CE-OBJ-SENSITIVE: x-openapi-clientid reflected in a header', {
    answer: enrolled((_b, x, h) => (h['x-openapi-clientid'] = String(x.key)), onReceipt),
  }),
  fault('ce-prop-error-details-receipt-field-reason-code', {
    rule: "CE-PROP-ERROR-DETAILS: a refusal on the receipt path names the member in `field` and its reason in `reasonCode`, not ErrorDetail's source and reason",
    answer: (x, a) =>
      x.path === 'receipt' && a.status === 400 && Array.isArray(a.body?.details)
        ? {
            ...a,
            body: {
              ...a.body,
              details: a.body.details.map(({ reason, source, ...d }: Body) => ({ ...d, reasonCode: reason, field: source })),
            },
          }
        : a,
  }),
  fault('ce-prop-error-details-card-source-type-query', {
    rule: 'CE-PROP-ERROR-DETAILS: a refusal on the card path places every member it names in the QUERY, though each is a body member',
    answer: (x, a) =>
      x.path === 'card' && a.status === 400 && Array.isArray(a.body?.details)
        ? { ...a, body: { ...a.body, details: a.body.details.map((d: Body) => ({ ...d, sourceType: 'QUERY' })) } }
        : a,
  }),
  fault('ce-prop-echo-as-sent-consumer-country-from-calling-code', {
    rule: "CE-PROP-ECHO-AS-SENT: maskedConsumer.countryCode is the country of the mobile number's calling code (+1 the USA), not the consumer's countryCode sent",
    answer: enrolled((b, x) => {
      const country = CALLING_CODES[String(x.body.consumer?.mobileNumber?.countryCode)];
      if (country && b.maskedConsumer) b.maskedConsumer.countryCode = country;
    }),
  }),
  fault('jwks-private-members-published', "GET /keys publishes the key's private members with its public ones (reference, facts)", {
    answer: (x, a) => (x.op === 'keys' ? { ...a, body: { keys: a.body!.keys.map((k: Body) => ({ ...privateJwk(), ...k })) } } : a),
    ...assumption,
  }),
  fault('ce-echo-expiry-swapped', 'CE-ECHO-EXPIRY: the expiry echoed swapped (month from the year, year from the month)', {
    answer: enrolled(
      (b, x) =>
        Object.assign(b.maskedCard, {
          panExpirationMonth: x.card!.panExpirationYear!.slice(2),
          panExpirationYear: `20${x.card!.panExpirationMonth}`,
        }),
      (x) => !!x.card?.panExpirationMonth && !!x.card.panExpirationYear,
    ),
    ...blind,
    ...was('blind-expiry-echo-swapped'),
  }),
  fault('ce-resp-forms-expiry-month-space-padded', {
    rule: 'CE-RESP-FORMS: the masked card answers a month before October padded with a space (printed as %2d), not the two digits of "format MM"',
    answer: enrolled(
      (b, x) => (b.maskedCard.panExpirationMonth = String(Number(x.card!.panExpirationMonth)).padStart(2, ' ')),
      (x) => Number(x.card?.panExpirationMonth) < 10,
    ),
  }),
  fault('serviceId-not-echoed', 'CE-ECHO-SERVICEID: maskedCard.serviceId is another program', {
    answer: enrolled((b) => (b.maskedCard.serviceId = 'SOME_OTHER_PROGRAM')),
  }),
  fault('ce-pat-cardid-braced-merchant-card', "CE-PAT-CARDID: a MERCHANT's srcDigitalCardId written in braces", {
    answer: enrolled((b) => (b.maskedCard.srcDigitalCardId = `{${b.maskedCard.srcDigitalCardId}}`), by('MERCHANT', onCard)),
  }),
  fault('ce-val-cardid-per-receipt', 'CE-VAL-CARDID: srcDigitalCardId derived from the receipt id', {
    answer: enrolled((b, x) => (b.maskedCard.srcDigitalCardId = derivedId(x.body.enrolmentReferenceData.enrolmentReferenceId)), onReceipt),
    ...assumption,
  }),
  fault('descriptorName-too-long', 'CE-LIM-RESPONSE: digitalCardData.descriptorName over its maxLength', {
    answer: enrolled((b, x) => (b.maskedCard.digitalCardData.descriptorName = 'D'.repeat(maxOf(x, 'DigitalCardData.descriptorName') + 1))),
  }),
  fault('ce-state-active-card-suspended', 'CE-STATE-ACTIVE: the card enrolled SUSPENDED', { answer: enrolled(suspended) }),
  fault('ce-val-created-offset-not-utc', 'CE-VAL-CREATED: dateOfCardCreated the UTC time written with another offset', {
    answer: enrolled((b) => (b.maskedCard.dateOfCardCreated = b.maskedCard.dateOfCardCreated.replace('Z', '+02:00'))),
  }),

  // --- The echoes (seed 000, SrcCorrelationId, MaskedCard, MaskedConsumer; CE-PROP-ECHO-AS-SENT).
  fault('srcCorrelationId-not-echoed', 'CE-PROP-ECHO-AS-SENT, CE-ECHO-CORRELATION: a new srcCorrelationId, not the one sent', {
    answer: enrolled(
      (b) => (b.srcCorrelationId = randomUUID()),
      (x) => !!x.body.srcCorrelationId,
    ),
  }),
  fault('srcCorrelationId-lowercased', 'CE-PROP-ECHO-AS-SENT, CE-ECHO-CORRELATION: srcCorrelationId echoed in lower case', {
    answer: enrolled((b) => (b.srcCorrelationId = b.srcCorrelationId.toLowerCase())),
  }),
  fault('srcCorrelationId-prefix-stripped', 'CE-PROP-ECHO-AS-SENT, CE-ECHO-CORRELATION: srcCorrelationId without its hex prefix', {
    answer: enrolled((b) => (b.srcCorrelationId = b.srcCorrelationId.slice(-36)), prefixed),
    ...blind,
    ...was('blind-correlation-prefix-stripped'),
  }),
  fault('srcCorrelationId-separator-made-dot', 'CE-PROP-ECHO-AS-SENT, CE-ECHO-CORRELATION: the separator after the prefix a dot', {
    answer: enrolled((b) => (b.srcCorrelationId = `${b.srcCorrelationId.slice(0, 8)}.${b.srcCorrelationId.slice(9)}`), prefixed),
  }),
  fault('ce-gen-correlation-constant-receipt', 'CE-GEN-CORRELATION: the same srcCorrelationId generated every time', {
    answer: enrolled(
      (b) => (b.srcCorrelationId = '00000000-0000-4000-8000-000000000000'),
      (x) => onReceipt(x) && !x.body.srcCorrelationId,
    ),
  }),
  fault('ce-prop-echo-as-sent-tnc-from-privacy', "CE-PROP-ECHO-AS-SENT: the terms' acceptedVersion is the privacy notice's URI", {
    answer: enrolled(({ maskedConsumer: { complianceSettings: c } }) => (c.tnc.acceptedVersion = c.privacy.acceptedVersion)),
  }),
  fault('ce-prop-echo-as-sent-country-of-account-receipt', "CE-PROP-ECHO-AS-SENT: maskedConsumer.countryCode the account's (US)", {
    answer: enrolled((b) => (b.maskedConsumer.countryCode = 'US'), onReceipt),
    ...assumption,
  }),
  fault('ce-prop-echo-as-sent-tnc-query-dropped-wallet-receipt', "CE-PROP-ECHO-AS-SENT: a WALLET's terms version without the URI's query", {
    answer: enrolled(
      ({ maskedConsumer: { complianceSettings: c } }) => (c.tnc.acceptedVersion = c.tnc.acceptedVersion.split('?')[0]),
      by('WALLET', onReceipt),
    ),
  }),

  // --- The masked consumer (seed 000, MaskedConsumer; the provider's examples, CE-MASK-FORM).
  fault('ce-mask-names-clear', 'CE-MASK-NAMES: the masked names in clear', { answer: names((n) => n), ...provider }),
  fault('ce-mask-form-email-stars-capped', 'CE-MASK-FORM: a long local part masked with nine stars at most', {
    answer: emails((e) => e.slice(0, 1) + '*'.repeat(Math.min(9, Math.max(0, e.lastIndexOf('@') - 1))) + e.slice(e.lastIndexOf('@'))),
    ...assumption,
  }),
  fault('ce-val-consumer-added-local-time', "CE-VAL-CONSUMER-ADDED: dateConsumerAdded the consumer's local time written with Z", {
    answer: enrolled(
      (b, x) =>
        (b.maskedConsumer.dateConsumerAdded = new Date(
          x.now.getTime() + (LOCAL_OFFSET_HOURS[x.body.consumer.countryCode] ?? 0) * HOUR,
        ).toISOString()),
    ),
    ...assumption,
  }),
]);
