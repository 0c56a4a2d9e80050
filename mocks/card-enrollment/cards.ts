// POST {base}/cards (operationId putCard), seed 000 "Endpoints" and reference/card-enrollment.md.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from '../../helpers/contract/contract.js';
import { parseJson } from '../kit/app.js';
import type { MockContext } from '../kit/context.js';
import type { CardFaultId } from './catalogue.js';
import { violations } from '../kit/validation.js';
import { invalidArgument, invalidState, sendError } from './errors.js';
import { decryptCard, type EncryptionKeys } from './keys.js';
import type { CardState } from './state.js';
import { lengthOf, limitOf, providerEnumOf, securityHeader } from '../../helpers/contract/facts.js';

interface Card {
  primaryAccountNumber: string;
  panExpirationMonth?: string;
  panExpirationYear?: string;
  cardSecurityCode?: string;
}
type Body = Record<string, any>;

type Faults = MockContext<CardFaultId>['faults'];

/** i31-card-merchant-country-alpha3: a few countries' ISO 3166 alpha-3 codes (read only with that fault on). */
const ALPHA3: Record<string, string> = {
  US: 'USA',
  GB: 'GBR',
  FR: 'FRA',
  DE: 'DEU',
  IN: 'IND',
  JP: 'JPN',
  BR: 'BRA',
  MX: 'MEX',
  CA: 'CAN',
  ES: 'ESP',
};

/** consumer-added-local-time: a few countries' offsets from UTC, in hours (read only with that fault on). */
const LOCAL_OFFSET_HOURS: Record<string, number> = { FR: 1, JP: 9, BR: -3, US: -5 };

/** A name masked as the provider's examples show (MaskedConsumer.maskedFirstName "J***", maskedLastName "D**"): its first character, then one '*' per other character. */
function maskName(value: string, faults: Faults): string {
  if (faults.has('masked-names-clear')) return value;
  if (faults.has('masked-name-fixed-length')) return `${value.slice(0, 1)}***`;
  // masked-names-in-utf16-units: the name cut and counted in UTF-16 units (a letter outside the BMP is two).
  if (faults.has('masked-names-in-utf16-units')) return value.slice(0, 1) + '*'.repeat(Math.max(0, value.length - 1));
  // Characters are code points, as the contract's maxLength counts them.
  const chars = Array.from(value);
  return (chars[0] ?? '') + '*'.repeat(Math.max(0, chars.length - 1));
}

/** An e-mail address masked as the provider's examples show (maskedEmailAddress "r*****1@mailinator.com"): the local part's first character, '*' for the rest of it, the domain in clear. */
function maskEmail(given: string, faults: Faults): string {
  // i5-card-email-plus-tag-dropped: the +tag of the local part dropped before masking.
  const email = faults.has('i5-card-email-plus-tag-dropped') ? given.replace(/\+[^@]*(?=@[^@]*$)/, '') : given;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (faults.has('masked-email-domain-masked')) return `${local}@${domain.slice(0, 1)}${'*'.repeat(domain.length - 1)}`;
  // i7-card-email-long-local-capped: at most nine '*' after the first character of the local part.
  const stars = Math.max(0, local.length - 1);
  // i8-card-email-local-dots-kept: only the letters and digits of the local part masked.
  const rest = faults.has('i8-card-email-local-dots-kept')
    ? local.slice(1).replace(/[A-Za-z0-9]/g, '*')
    : '*'.repeat(faults.has('i7-card-email-long-local-capped') ? Math.min(9, stars) : stars);
  const masked = `${local.slice(0, 1)}${rest}@${domain}`;
  return faults.has('masked-email-lowercased') ? masked.toLowerCase() : masked;
}

export function registerCards(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<CardFaultId>,
  contract: Contract,
  world: CardState,
  keys: EncryptionKeys,
) {
  const { faults } = ctx;
  const validateRequest = contract.requestValidator('putCard')!;
  const validateCard = contract.component('Card');
  const keyHeader = securityHeader(contract, 'ApiKeyAuth').name;
  // The lengths the response faults break and the shortest PAN (the contract's, never restated here).
  const lengths: Lengths = {
    shortestPan: lengthOf(contract, 'Card', 'primaryAccountNumber').min!,
    panBin: limitOf(contract, 'panBinDigits'),
    tooLong: (field) => lengthOf(contract, 'DigitalCardData', field).max! + 1,
    providerIdentityTypes: providerEnumOf(contract, 'ConsumerIdentityType'),
  };

  /** model-card-suspended-on-third-enrollment: enrollments per card and consumer (kept only while that fault is on). */
  const enrolledTimes = new Map<string, number>();
  /** i7-card-consumer-repeat-enrollment-locked: the last enrollment time per identityValue (kept only while that fault is on). */
  const lastEnrolled = new Map<string, number>();
  /** i9-card-reenrolled-pan-cancelled: the PAN and consumer pairs enrolled (kept only while that fault is on). */
  const reenrolled = new Set<string>();
  /** i15-card-created-date-cached-per-client: the first dateOfCardCreated per API key (kept only while that fault is on). */
  const createdByClient = new Map<string, unknown>();
  /** i36-card-refused-receipt-consumed: the receipt ids spent by a refused enrollment (kept only while that fault is on). */
  const spentReceipts = new Set<string>();
  app.post(`${prefix}/cards`, async (req: FastifyRequest, reply: FastifyReply) => {
    if (faults.has('answer-500')) {
      const status = faults.has('internal-body-wrong') ? 'ERROR' : 'INTERNAL';
      return sendError(reply, faults, 500, status, 'Internal failure.');
    }
    // seed 000, Errors: temporary unavailability, Retry-After with the estimated recovery time (a delay in seconds).
    if (faults.has('answer-503')) {
      reply.header('retry-after', faults.has('unavailable-retry-after-unparseable') ? 'soon' : '30');
      return sendError(reply, faults, 503, 'UNAVAILABLE', 'The service is temporarily unavailable.');
    }
    // Authentication (seed; A2): missing or unknown key is 401.
    const sent = req.headers[keyHeader.toLowerCase()];
    // Seeded faults of the key's form (seed 000, Authentication: the header carries the key itself):
    // a scheme word before it dropped, the first of a header sent twice taken, the case ignored on the receipt path.
    let key = sent;
    if (faults.has('key-scheme-prefix-stripped') && typeof key === 'string') key = key.replace(/^(Bearer|Basic)\s+/i, '');
    if (faults.has('key-first-of-duplicates') && typeof key === 'string') key = key.split(',')[0].trim();
    // i14-card-key-in-query-accepted: without the header, a key sent as a query parameter of the same name is taken.
    if (faults.has('i14-card-key-in-query-accepted') && !key)
      key = (req.query as Record<string, string | undefined>)[keyHeader.toLowerCase()];
    // rt-card-key-from-cookie: without the header, a cookie of the header's name is taken as the key.
    if (faults.has('rt-card-key-from-cookie') && !key)
      key = String(req.headers.cookie ?? '')
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([name]) => name.toLowerCase() === keyHeader.toLowerCase())?.[1];
    // seeded-card-key-from-authorization: without the header, the Authorization header's value is taken as the key.
    if (faults.has('seeded-card-key-from-authorization') && !key) key = req.headers.authorization;
    const receiptCaseless = faults.has('receipt-key-case-insensitive') && isReceiptBody(req.body);
    // i17-card-receipt-key-first-of-list: on the receipt path a header holding several keys (sent twice) read as its first.
    if (faults.has('i17-card-receipt-key-first-of-list') && isReceiptBody(req.body) && typeof key === 'string' && key.includes(','))
      key = key.split(',')[0].trim();
    let client = world.clients.find(
      (c) =>
        // API keys compare whole; the fault compares only a prefix (a longer or truncated key passes).
        (faults.has('key-prefix-compared') ? typeof key === 'string' && key.slice(0, 12) === c.apiKey.slice(0, 12) : key === c.apiKey) ||
        ((faults.has('blind-key-case-insensitive') || receiptCaseless) &&
          typeof key === 'string' &&
          key.toLowerCase() === c.apiKey.toLowerCase()) ||
        // i4-card-key-bearer-prefix-accepted: a word and a space before the key are ignored.
        (faults.has('i4-card-key-bearer-prefix-accepted') && typeof key === 'string' && key.split(' ').pop() === c.apiKey) ||
        // i27-card-receipt-key-longer-accepted: on the receipt path a key that starts with a registered key is taken as it.
        (faults.has('i27-card-receipt-key-longer-accepted') &&
          isReceiptBody(req.body) &&
          typeof key === 'string' &&
          key.length > c.apiKey.length &&
          key.startsWith(c.apiKey)),
    );
    const keyCheckSkipped = faults.has('missing-key-accepted') || (faults.has('receipt-key-unchecked') && isReceiptBody(req.body));
    // i26-card-receipt-missing-key-403: on the receipt path a request without the key is answered 403 (origin not validated), not 401.
    if (!key && !keyCheckSkipped && faults.has('i26-card-receipt-missing-key-403') && isReceiptBody(req.body))
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    // i38-card-empty-key-forbidden: an x-openapi-clientid sent empty is answered 403 (origin not validated), not 401.
    if (key === '' && !keyCheckSkipped && faults.has('i38-card-empty-key-forbidden'))
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    if (!key && !keyCheckSkipped) return sendError(reply, faults, 401, 'UNAUTHENTICATED', `${keyHeader} header is missing.`);
    if (key && !client && !faults.has('unknown-key-accepted')) {
      if (faults.has('blind-unknown-key-403'))
        return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
      // i34-card-unknown-key-quoted-in-401: the refusal of an unknown key quotes the key it was sent.
      if (faults.has('i34-card-unknown-key-quoted-in-401') && typeof key === 'string')
        return sendError(reply, faults, 401, 'UNAUTHENTICATED', `Authorization validation failure for key ${key}.`);
      return sendError(reply, faults, 401, 'UNAUTHENTICATED', 'Authorization validation failure.');
    }
    client ??= world.clients[0];

    const parsed = parseJson(req.body);
    if (parsed instanceof SyntaxError || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      if (faults.has('bad-json-crashes')) return reply.code(500).send({ code: 500, status: 'INTERNAL', message: 'Unexpected token' });
      // i34-card-malformed-body-invalid-state: a body that is not JSON answered with status INVALID_STATE.
      if (faults.has('i34-card-malformed-body-invalid-state')) return invalidState(reply, faults, 'body', 'the body must be a JSON object');
      return invalidArgument(reply, faults, [{ field: 'body', keyword: 'type', message: 'the body must be a JSON object' }]);
    }
    const body = parsed as Body;
    const receiptOnly = body.enrolmentReferenceData !== undefined && body.encryptedCard === undefined;
    // i36-card-receipt-json-charset-refused: on the receipt path a JSON body declared with a charset parameter refused as not JSON.
    if (
      faults.has('i36-card-receipt-json-charset-refused') &&
      receiptOnly &&
      /;\s*charset=/i.test(String(req.headers['content-type'] ?? ''))
    )
      return invalidArgument(reply, faults, [{ field: 'body', keyword: 'type', message: 'the body must be a JSON object' }]);
    // country-code-case-folded: the consumer's country code trimmed and upper-cased before it is judged.
    if (faults.has('country-code-case-folded') && typeof body.consumer?.countryCode === 'string')
      body.consumer.countryCode = body.consumer.countryCode.trim().toUpperCase();
    // i12-card-receipt-country-lowercase-accepted: on the receipt path the country code upper-cased before it is judged.
    if (faults.has('i12-card-receipt-country-lowercase-accepted') && receiptOnly && typeof body.consumer?.countryCode === 'string')
      body.consumer.countryCode = body.consumer.countryCode.toUpperCase();
    // i17-card-issuer-serviceid-spaces-removed: on the card path an issuer's serviceId judged with its spaces taken out.
    if (
      faults.has('i17-card-issuer-serviceid-spaces-removed') &&
      !receiptOnly &&
      body.cardSource === 'ISSUER' &&
      typeof body.serviceId === 'string'
    )
      body.serviceId = body.serviceId.replace(/\s+/g, '');
    // i19-card-receipt-phone-spaces-accepted: on the receipt path the phone number judged with its spaces taken out.
    if (faults.has('i19-card-receipt-phone-spaces-accepted') && receiptOnly && typeof body.consumer?.mobileNumber?.phoneNumber === 'string')
      body.consumer.mobileNumber.phoneNumber = body.consumer.mobileNumber.phoneNumber.replace(/ /g, '');
    // i20-card-empty-correlation-generated-card-path: on the card path an empty srcCorrelationId taken as absent.
    if (faults.has('i20-card-empty-correlation-generated-card-path') && !receiptOnly && body.srcCorrelationId === '')
      delete body.srcCorrelationId;
    // i23-card-language-upper-case-accepted-card-path: on the card path the language code lower-cased before it is judged.
    if (
      faults.has('i23-card-language-upper-case-accepted-card-path') &&
      !receiptOnly &&
      typeof body.consumer?.languageCode === 'string' &&
      /^[A-Z]{2}$/.test(body.consumer.languageCode)
    )
      body.consumer.languageCode = body.consumer.languageCode.toLowerCase();
    // i23-card-receipt-language-defaulted: on the receipt path a consumer without languageCode given 'en'.
    if (
      faults.has('i23-card-receipt-language-defaulted') &&
      receiptOnly &&
      typeof body.consumer === 'object' &&
      body.consumer !== null &&
      body.consumer.languageCode === undefined
    )
      body.consumer.languageCode = 'en';
    // i27-card-cardsource-lowercase-accepted-card-path: on the card path a cardSource in lower case upper-cased before it is judged.
    if (
      faults.has('i27-card-cardsource-lowercase-accepted-card-path') &&
      !receiptOnly &&
      typeof body.cardSource === 'string' &&
      /^[a-z]+$/.test(body.cardSource)
    )
      body.cardSource = body.cardSource.toUpperCase();
    // service-id-trimmed: the serviceId trimmed before it is judged.
    if (faults.has('service-id-trimmed') && typeof body.serviceId === 'string') body.serviceId = body.serviceId.trim();
    // src-client-id-case-folded: the srcClientId lower-cased and trimmed before it is judged.
    if (faults.has('i11-card-client-id-upper-case-accepted-card-path') && !receiptOnly && typeof body.srcClientId === 'string')
      body.srcClientId = body.srcClientId.toLowerCase();
    if (faults.has('src-client-id-case-folded') && typeof body.srcClientId === 'string')
      body.srcClientId = body.srcClientId.trim().toLowerCase();
    // i10-card-cardsource-case-folded-receipt: on the receipt path the cardSource upper-cased before it is judged.
    if (faults.has('i10-card-cardsource-case-folded-receipt') && receiptOnly && typeof body.cardSource === 'string')
      body.cardSource = body.cardSource.toUpperCase();
    // i10-card-reference-type-case-folded: the enrolmentReferenceType upper-cased before it is judged.
    if (faults.has('i10-card-reference-type-case-folded') && typeof body.enrolmentReferenceData?.enrolmentReferenceType === 'string')
      body.enrolmentReferenceData.enrolmentReferenceType = body.enrolmentReferenceData.enrolmentReferenceType.toUpperCase();
    // i13-card-correlation-prefix-upper-accepted-card-path: on the card path the prefix judged after lower-casing it.
    const prefixFolded =
      faults.has('i13-card-correlation-prefix-upper-accepted-card-path') &&
      !receiptOnly &&
      typeof body.srcCorrelationId === 'string' &&
      /^[0-9a-fA-F]{8}./.test(body.srcCorrelationId) &&
      body.srcCorrelationId.length > 36;
    const judged = prefixFolded
      ? { ...body, srcCorrelationId: body.srcCorrelationId.slice(0, 8).toLowerCase() + body.srcCorrelationId.slice(8) }
      : body;
    if (!validateRequest(judged)) {
      const found = violations(validateRequest.errors);
      // i30-card-receipt-detail-source-leaf-only: on the receipt path a detail names only the last segment of the member's path.
      if (faults.has('i30-card-receipt-detail-source-leaf-only') && receiptOnly)
        for (const v of found) v.field = v.field.split('.').pop() ?? v.field;
      // blind fault: a missing complianceSettings.tnc let through on the receipt path.
      const tncOnly =
        faults.has('blind-receipt-tnc-optional') &&
        receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field === 'complianceSettings.tnc' && v.keyword === 'required');
      // i4-card-receipt-lastname-limit-unenforced: a long consumer.lastName let through on the receipt path.
      const lastNameOnly =
        faults.has('i4-card-receipt-lastname-limit-unenforced') &&
        receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field === 'consumer.lastName' && v.keyword === 'maxLength');
      // receipt-identity-value-limit-unenforced: a long consumer identityValue let through on the receipt path.
      const identityOnly =
        faults.has('receipt-identity-value-limit-unenforced') &&
        receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field === 'consumer.consumerIdentity.identityValue' && v.keyword === 'maxLength');
      // i12-card-lastname-31-accepted-card-path: a last name one character too long let through on the card path.
      const lastName31 =
        faults.has('i12-card-lastname-31-accepted-card-path') &&
        !receiptOnly &&
        found.length > 0 &&
        String((parsed as Body).consumer?.lastName ?? '').length === lengthOf(contract, 'Consumer', 'lastName').max! + 1 &&
        found.every((v) => v.field === 'consumer.lastName' && v.keyword === 'maxLength');
      // i5-card-firstname-31-accepted-card-path: a first name one character too long let through on the card path.
      const firstNameOnly =
        faults.has('i5-card-firstname-31-accepted-card-path') &&
        !receiptOnly &&
        found.length > 0 &&
        String((parsed as Body).consumer?.firstName ?? '').length === lengthOf(contract, 'Consumer', 'firstName').max! + 1 &&
        found.every((v) => v.field === 'consumer.firstName' && v.keyword === 'maxLength');
      // receipt-phone-pattern-unenforced: a mobile number off its pattern let through on the receipt path.
      const phoneOnly =
        faults.has('receipt-phone-pattern-unenforced') &&
        receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field.startsWith('consumer.mobileNumber.') && v.keyword === 'pattern');
      // i9-card-language-three-letters-accepted: a three-letter language code let through on the card path.
      const languageOnly =
        faults.has('i9-card-language-three-letters-accepted') &&
        !receiptOnly &&
        found.length > 0 &&
        /^[a-z]{3}$/.test(String((parsed as Body).consumer?.languageCode)) &&
        found.every((v) => v.field === 'consumer.languageCode');
      // i9-card-empty-card-beside-receipt-accepted: an empty encryptedCard beside a receipt let through (taken as absent below).
      // receipt-empty-phone-country-accepted: an empty mobile country code let through on the receipt path.
      // empty-receipt-beside-card-accepted: an empty enrolmentReferenceData beside a card let through (taken as absent below).
      const emptyOnly =
        (faults.has('i9-card-empty-card-beside-receipt-accepted') &&
          (parsed as Body).encryptedCard === '' &&
          (parsed as Body).enrolmentReferenceData !== undefined &&
          found.length > 0 &&
          found.every((v) => v.field === 'encryptedCard')) ||
        (faults.has('receipt-empty-phone-country-accepted') &&
          receiptOnly &&
          (parsed as Body).consumer?.mobileNumber?.countryCode === '' &&
          found.length > 0 &&
          found.every((v) => v.field === 'consumer.mobileNumber.countryCode')) ||
        (faults.has('empty-receipt-beside-card-accepted') &&
          (parsed as Body).encryptedCard !== undefined &&
          isEmptyObject((parsed as Body).enrolmentReferenceData) &&
          found.length > 0 &&
          found.every((v) => v.field.startsWith('enrolmentReferenceData')));
      // i10-card-phone-plus-accepted-card-path: on the card path a plus sign before the phone digits let through.
      const relativeTncOnly =
        faults.has('i11-card-tnc-uri-relative-accepted-card-path') &&
        !receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field === 'complianceSettings.tnc.latestVersionUri' && v.keyword === 'format');
      const longIdentityOnly =
        faults.has('i11-card-identity-256-accepted-card-path') &&
        !receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.field === 'consumer.consumerIdentity.identityValue' && v.keyword === 'maxLength');
      // i11-card-tnc-uri-relative-accepted-card-path / i11-card-identity-256-accepted-card-path: let through as plusOnly is.
      // i12-card-lastname-31-accepted-card-path: let through as plusOnly is.
      const plusOnly =
        relativeTncOnly ||
        longIdentityOnly ||
        lastName31 ||
        // The independent-20 tolerances (each under its own fault, on its own path).
        i20Tolerated(faults, parsed as Body, found, receiptOnly, contract) ||
        // The independent-25 tolerances (each under its own fault, on its own path).
        i25Tolerated(faults, parsed as Body, found, receiptOnly) ||
        // i21-card-receipt-country-alpha3-accepted: on the receipt path a three-letter country code let through.
        (faults.has('i21-card-receipt-country-alpha3-accepted') &&
          receiptOnly &&
          found.length > 0 &&
          found.every((v) => v.field === 'consumer.countryCode') &&
          /^[A-Z]{3}$/.test(String((parsed as Body).consumer?.countryCode))) ||
        // seeded-fam25-card-country-line-break-accepted-card-path: on the card path a country code read as a line, its line break dropped.
        (faults.has('seeded-fam25-card-country-line-break-accepted-card-path') &&
          !receiptOnly &&
          found.length > 0 &&
          found.every((v) => v.field === 'consumer.countryCode') &&
          /^[A-Z]{2}\r?\n$/.test(String((parsed as Body).consumer?.countryCode))) ||
        (faults.has('i10-card-phone-plus-accepted-card-path') &&
          !receiptOnly &&
          found.length > 0 &&
          found.every(
            (v) =>
              v.field.startsWith('consumer.mobileNumber.') &&
              v.keyword === 'pattern' &&
              /^\+[0-9]+$/.test(String((parsed as Body).consumer?.mobileNumber?.[v.field.split('.').pop()!])),
          ));
      // i35-card-receipt-missing-phone-part-invalid-value: on the receipt path a missing mobileNumber member reported as an invalid value.
      if (
        faults.has('i35-card-receipt-missing-phone-part-invalid-value') &&
        receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.keyword === 'required' && v.field.startsWith('consumer.mobileNumber'))
      )
        return invalidArgument(
          reply,
          faults,
          found.map((v) => ({ ...v, keyword: 'type' })),
        );
      // i32-card-missing-compliance-invalid-state: on the card path a missing complianceSettings member answered INVALID_STATE.
      if (
        faults.has('i32-card-missing-compliance-invalid-state') &&
        !receiptOnly &&
        found.length > 0 &&
        found.every((v) => v.keyword === 'required' && v.field.startsWith('complianceSettings'))
      )
        return invalidArgument(
          reply,
          faults,
          found.map((v) => ({ ...v, keyword: 'type' })),
          'INVALID_STATE',
        );
      if (!tncOnly && !lastNameOnly && !firstNameOnly && !identityOnly && !phoneOnly && !languageOnly && !emptyOnly && !plusOnly)
        return invalidArgument(
          reply,
          faults,
          // i20-card-detail-source-snake-case-card-path: on the card path the member named in snake case.
          faults.has('i20-card-detail-source-snake-case-card-path') && !receiptOnly
            ? found.map((v) => ({ ...v, field: v.field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) }))
            : // i27-card-deep-missing-reason-invalid-value-card-path: on the card path a member missing three levels deep reported as an invalid value.
              faults.has('i27-card-deep-missing-reason-invalid-value-card-path') && !receiptOnly
              ? found.map((v) => (v.keyword === 'required' && v.field.split('.').length >= 3 ? { ...v, keyword: 'type' } : v))
              : found,
          undefined,
          // i13-card-receipt-detail-source-type-header: on the receipt path a consumer member reported as a header.
          faults.has('i13-card-receipt-detail-source-type-header') && receiptOnly && found.some((v) => v.field.startsWith('consumer.'))
            ? 'HEADER'
            : undefined,
        );
    }
    // i27-card-receipt-correlation-prefix-nondot-refused: on the receipt path a prefix followed by any character but a dot refused.
    if (
      faults.has('i27-card-receipt-correlation-prefix-nondot-refused') &&
      receiptOnly &&
      typeof body.srcCorrelationId === 'string' &&
      body.srcCorrelationId.length > 36 &&
      body.srcCorrelationId.charAt(8) !== '.'
    )
      return invalidArgument(reply, faults, [
        { field: 'srcCorrelationId', keyword: 'pattern', message: 'srcCorrelationId must match the correlation id pattern' },
      ]);
    // i12-card-receipt-correlation-uuid-upper-refused: on the receipt path the UUID of a srcCorrelationId read as lower-case hex only.
    if (
      faults.has('i12-card-receipt-correlation-uuid-upper-refused') &&
      receiptOnly &&
      typeof body.srcCorrelationId === 'string' &&
      /[A-F]/.test(body.srcCorrelationId.slice(-36))
    )
      return invalidArgument(reply, faults, [
        { field: 'srcCorrelationId', keyword: 'pattern', message: 'srcCorrelationId must match the correlation id pattern' },
      ]);
    // i9-card-receipt-firstname-30-refused: on the receipt path the firstName bound read as exclusive.
    if (
      faults.has('i9-card-receipt-firstname-30-refused') &&
      receiptOnly &&
      String(body.consumer?.firstName ?? '').length === lengthOf(contract, 'Consumer', 'firstName').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.firstName', keyword: 'maxLength', message: 'consumer.firstName is too long' },
      ]);
    // i5-card-identity-value-255-refused: the identityValue bound checked as exclusive.
    // i14-card-lastname-30-refused-card-path: on the card path a last name at the limit (30) refused as too long.
    if (
      faults.has('i14-card-lastname-30-refused-card-path') &&
      !receiptOnly &&
      String(body.consumer?.lastName ?? '').length === lengthOf(contract, 'Consumer', 'lastName').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.lastName', keyword: 'maxLength', message: 'consumer.lastName is too long' },
      ]);
    // i22-card-receipt-wallet-identity-255-refused: on the receipt path a wallet's identityValue at the limit refused as too long.
    if (
      faults.has('i22-card-receipt-wallet-identity-255-refused') &&
      receiptOnly &&
      body.cardSource === 'WALLET' &&
      String(body.consumer?.consumerIdentity?.identityValue ?? '').length === lengthOf(contract, 'ConsumerIdentity', 'identityValue').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.consumerIdentity.identityValue', keyword: 'maxLength', message: 'identityValue is too long' },
      ]);
    if (
      faults.has('i5-card-identity-value-255-refused') &&
      String(body.consumer?.consumerIdentity?.identityValue ?? '').length === lengthOf(contract, 'ConsumerIdentity', 'identityValue').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.consumerIdentity.identityValue', keyword: 'maxLength', message: 'identityValue is too long' },
      ]);
    // i4-card-firstname-limit-in-bytes: the firstName limit counted in UTF-8 bytes, not characters.
    // i33-card-lastname-utf16-units-counted-card-path: on the card path the lastName limit counted in UTF-16 code units.
    if (
      faults.has('i33-card-lastname-utf16-units-counted-card-path') &&
      !receiptOnly &&
      typeof body.consumer?.lastName === 'string' &&
      body.consumer.lastName.length > lengthOf(contract, 'Consumer', 'lastName').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.lastName', keyword: 'maxLength', message: 'consumer.lastName is too long' },
      ]);
    if (
      faults.has('i4-card-firstname-limit-in-bytes') &&
      typeof body.consumer?.firstName === 'string' &&
      Buffer.byteLength(body.consumer.firstName) > lengthOf(contract, 'Consumer', 'firstName').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.firstName', keyword: 'maxLength', message: 'consumer.firstName is too long' },
      ]);

    // i7-card-reference-id-256-refused: the enrolmentReferenceId bound read as exclusive.
    if (
      faults.has('i7-card-reference-id-256-refused') &&
      String(body.enrolmentReferenceData?.enrolmentReferenceId ?? '').length ===
        lengthOf(contract, 'EnrolmentReferenceData', 'enrolmentReferenceId').max!
    )
      return invalidArgument(reply, faults, [
        { field: 'enrolmentReferenceData.enrolmentReferenceId', keyword: 'maxLength', message: 'enrolmentReferenceId is too long' },
      ]);
    // i23-card-receipt-serviceid-hyphen-refused: on the receipt path a serviceId holding '-' judged by a pattern without it.
    if (faults.has('i23-card-receipt-serviceid-hyphen-refused') && receiptOnly && String(body.serviceId).includes('-'))
      return invalidArgument(reply, faults, [
        { field: 'serviceId', keyword: 'pattern', message: 'serviceId must match the service id pattern' },
      ]);
    // A1: exactly one enrollment path.
    const hasCard =
      body.encryptedCard !== undefined && !(faults.has('i9-card-empty-card-beside-receipt-accepted') && body.encryptedCard === '');
    const hasReceipt =
      body.enrolmentReferenceData !== undefined &&
      !(faults.has('empty-receipt-beside-card-accepted') && isEmptyObject(body.enrolmentReferenceData));
    // i10-card-both-paths-wallet-accepted: a wallet's push carrying both a card and a receipt taken by the card.
    // seeded-card-both-paths-merchant-accepted: the same for a merchant's enrollment.
    const walletBoth =
      hasCard &&
      hasReceipt &&
      ((faults.has('i10-card-both-paths-wallet-accepted') && body.cardSource === 'WALLET') ||
        (faults.has('seeded-card-both-paths-merchant-accepted') && body.cardSource === 'MERCHANT'));
    if (hasCard === hasReceipt && !faults.has('both-paths-accepted') && !walletBoth) {
      const field = hasCard ? 'enrolmentReferenceData' : 'encryptedCard';
      // i36-card-neither-path-code-422: neither path sent answered HTTP 400 with a body whose code is 422.
      if (faults.has('i36-card-neither-path-code-422') && !hasCard)
        return reply.code(400).send({
          code: 422,
          status: 'INVALID_ARGUMENT',
          message: 'pass exactly one of encryptedCard and enrolmentReferenceData',
          details: [
            {
              reason: 'CANNOT_BE_NULL',
              source: field,
              message: 'pass exactly one of encryptedCard and enrolmentReferenceData',
              sourceType: 'BODY',
            },
          ],
        });
      return invalidArgument(reply, faults, [
        { field, keyword: hasCard ? 'oneOf' : 'required', message: 'pass exactly one of encryptedCard and enrolmentReferenceData' },
      ]);
    }
    if (hasCard && body.cardSource === 'ISSUER' && faults.has('blind-cardSource-issuer-refused-card-path')) {
      return invalidArgument(reply, faults, [
        { field: 'cardSource', keyword: 'enum', message: 'cardSource must be equal to one of the allowed values' },
      ]);
    }

    let card: Card | undefined;
    if (hasCard) {
      const plain = await decryptCard(keys, body.encryptedCard);
      if (plain === undefined) {
        // i33-card-undecryptable-card-403: an encryptedCard that does not decrypt answered 403 (origin), not 400.
        if (faults.has('i33-card-undecryptable-card-403'))
          return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
        if (!faults.has('undecryptable-card-accepted'))
          return invalidArgument(reply, faults, [
            { field: 'encryptedCard', keyword: 'format', message: 'encryptedCard does not decrypt with a published key' },
          ]);
        card = { primaryAccountNumber: '5555555555554444' };
      } else {
        // i31-card-pan-spaces-stripped: a PAN written in groups with spaces taken as its digits before it is judged.
        if (faults.has('i31-card-pan-spaces-stripped') && typeof (plain as Partial<Card>).primaryAccountNumber === 'string')
          (plain as Card).primaryAccountNumber = (plain as Card).primaryAccountNumber.replace(/ /g, '');
        // i5-card-expiry-month-00-accepted: month 00 let through (a range check from zero).
        const monthZero =
          faults.has('i5-card-expiry-month-00-accepted') && (plain as Partial<Card>).panExpirationMonth === '00'
            ? validateCard({ ...(plain as object), panExpirationMonth: '01' })
            : false;
        // i10-card-expiry-month-13-accepted: month 13 let through (a range check up to 13).
        const monthThirteen =
          faults.has('i10-card-expiry-month-13-accepted') && (plain as Partial<Card>).panExpirationMonth === '13'
            ? validateCard({ ...(plain as object), panExpirationMonth: '12' })
            : false;
        // seeded-card-merchant-cvc-unchecked: a merchant's card taken whatever its security code.
        const merchantCvc =
          faults.has('seeded-card-merchant-cvc-unchecked') &&
          body.cardSource === 'MERCHANT' &&
          validateCard({ ...(plain as object), cardSecurityCode: '123' });
        const cvcSeven =
          faults.has('i11-card-cvc-seven-accepted') && String((plain as Partial<Card>).cardSecurityCode ?? '').length === 7
            ? validateCard({ ...(plain as object), cardSecurityCode: String((plain as Partial<Card>).cardSecurityCode).slice(0, 6) })
            : // i20-card-issuer-cvc-two-digits-accepted: an issuer's card with a two-digit security code judged as if it had three.
              faults.has('i20-card-issuer-cvc-two-digits-accepted') &&
                body.cardSource === 'ISSUER' &&
                String((plain as Partial<Card>).cardSecurityCode ?? '').length === 2
              ? validateCard({ ...(plain as object), cardSecurityCode: `${String((plain as Partial<Card>).cardSecurityCode)}0` })
              : false;
        // i32-card-amex-short-pan-accepted: a PAN one digit short in an American Express range let through.
        const amexShort =
          faults.has('i32-card-amex-short-pan-accepted') &&
          /^3[47][0-9]+$/.test(String((plain as Partial<Card>).primaryAccountNumber ?? '')) &&
          String((plain as Partial<Card>).primaryAccountNumber).length === lengthOf(contract, 'Card', 'primaryAccountNumber').min! - 1 &&
          validateCard({ ...(plain as object), primaryAccountNumber: `${String((plain as Partial<Card>).primaryAccountNumber)}0` });
        const cardValid = monthZero || monthThirteen || merchantCvc || cvcSeven || amexShort || validateCard(plain);
        const cardFound = (
          cardValid ? [] : violations(validateCard.errors, faults.has('blind-card-detail-source-unprefixed') ? '' : 'card')
        ).map(
          // rt-card-cvc-detail-names-pan: a bad security code reported against the card number.
          (v) =>
            faults.has('rt-card-cvc-detail-names-pan') && v.field === 'card.cardSecurityCode'
              ? { ...v, field: 'card.primaryAccountNumber' }
              : v,
        );
        // i9-card-pan-21-accepted: a PAN one digit over the maximum let through (the check digit checked below).
        const longPanOnly =
          faults.has('i9-card-pan-21-accepted') &&
          String((plain as Partial<Card>).primaryAccountNumber ?? '').length ===
            lengthOf(contract, 'Card', 'primaryAccountNumber').max! + 1 &&
          cardFound.length > 0 &&
          cardFound.every((v) => v.field === 'card.primaryAccountNumber' && v.keyword === 'maxLength');
        if (!cardValid && !longPanOnly) {
          // i9-card-invalid-card-message-echoes-pan: the refusal quotes the decrypted card.
          const found = faults.has('i9-card-invalid-card-message-echoes-pan')
            ? cardFound.map((v) => ({ ...v, message: `${v.message} in ${JSON.stringify(plain)}` }))
            : // i28-card-long-cvc-quoted-in-detail: a security code over the maximum quoted in the detail's message.
              faults.has('i28-card-long-cvc-quoted-in-detail')
              ? cardFound.map((v) =>
                  v.field === 'card.cardSecurityCode' && v.keyword === 'maxLength'
                    ? { ...v, message: `${v.message} (got '${String((plain as Partial<Card>).cardSecurityCode)}')` }
                    : v,
                )
              : cardFound;
          const panMissing =
            faults.has('blind-missing-pan-invalid-state') &&
            found.some((v) => v.keyword === 'required' && v.field.endsWith('primaryAccountNumber'));
          return invalidArgument(reply, faults, found, panMissing ? 'INVALID_STATE' : undefined);
        }
        card = plain as Card;
        // i9-card-cvc-six-refused: the security code's upper bound read as exclusive.
        if (
          faults.has('i9-card-cvc-six-refused') &&
          (card.cardSecurityCode ?? '').length === lengthOf(contract, 'Card', 'cardSecurityCode').max!
        )
          return invalidArgument(reply, faults, [
            { field: 'card.cardSecurityCode', keyword: 'maxLength', message: 'card.cardSecurityCode is too long' },
          ]);
        // expiry-this-month-refused: a card valid through the end of the clock's month is refused as expired.
        // i14-card-cvc-three-refused: a security code at the lower limit (3 characters) refused as too short.
        if (
          faults.has('i14-card-cvc-three-refused') &&
          (card.cardSecurityCode ?? '').length === lengthOf(contract, 'Card', 'cardSecurityCode').min!
        )
          return invalidArgument(reply, faults, [
            { field: 'card.cardSecurityCode', keyword: 'minLength', message: 'card.cardSecurityCode is too short' },
          ]);
        // seeded-fam27-card-unsourced-pan-20-refused: on the card path a request without cardSource refuses a PAN at its longest as too long.
        if (
          faults.has('seeded-fam27-card-unsourced-pan-20-refused') &&
          body.cardSource === undefined &&
          card.primaryAccountNumber.length === lengthOf(contract, 'Card', 'primaryAccountNumber').max!
        )
          return invalidArgument(reply, faults, [
            { field: 'card.primaryAccountNumber', keyword: 'maxLength', message: 'card.primaryAccountNumber is too long' },
          ]);
        // i18-card-merchant-cvc-four-refused: on the card path a merchant's four-digit security code refused as too long.
        if (
          faults.has('i18-card-merchant-cvc-four-refused') &&
          body.cardSource === 'MERCHANT' &&
          (card.cardSecurityCode ?? '').length === 4
        )
          return invalidArgument(reply, faults, [
            { field: 'card.cardSecurityCode', keyword: 'maxLength', message: 'card.cardSecurityCode is too long' },
          ]);
        // i21-card-merchant-firstname-30-refused-card-path: on the card path a merchant's first name at the limit refused as too long.
        if (
          faults.has('i21-card-merchant-firstname-30-refused-card-path') &&
          body.cardSource === 'MERCHANT' &&
          Array.from(String(body.consumer?.firstName ?? '')).length === lengthOf(contract, 'Consumer', 'firstName').max!
        )
          return invalidArgument(reply, faults, [
            { field: 'consumer.firstName', keyword: 'maxLength', message: 'consumer.firstName is too long' },
          ]);
        const today = ctx.clock.now();
        if (
          faults.has('expiry-this-month-refused') &&
          Number(card.panExpirationYear) === today.getUTCFullYear() &&
          Number(card.panExpirationMonth) === today.getUTCMonth() + 1
        )
          return invalidArgument(reply, faults, [
            { field: 'card.panExpirationMonth', keyword: 'expired', message: 'the card has expired' },
          ]);
        // i6-card-cvc-leading-zero-refused: the security code read as a number, its leading zeros lost before the length check.
        if (
          faults.has('i6-card-cvc-leading-zero-refused') &&
          /^0\d*$/.test(card.cardSecurityCode ?? '') &&
          String(Number(card.cardSecurityCode)).length < 3
        )
          return invalidArgument(reply, faults, [
            { field: 'card.cardSecurityCode', keyword: 'minLength', message: 'card.cardSecurityCode is too short' },
          ]);
        // i3-card-luhn-unchecked-20: the check digit is not checked on a 20-digit PAN.
        const luhnSkipped =
          faults.has('luhn-unchecked') ||
          (faults.has('luhn-unchecked-17') && card.primaryAccountNumber.length === 17) ||
          (faults.has('i3-card-luhn-unchecked-20') && card.primaryAccountNumber.length === 20) ||
          // i10-card-luhn-unchecked-18: no check digit for an 18-digit PAN.
          (faults.has('i10-card-luhn-unchecked-18') && card.primaryAccountNumber.length === 18) ||
          // i8-card-luhn-skipped-2-series: no check digit for the 2-series BINs.
          (faults.has('i8-card-luhn-skipped-2-series') && card.primaryAccountNumber.startsWith('2')) ||
          // i18-card-luhn-unchecked-19: no check digit for a 19-digit PAN.
          (faults.has('i18-card-luhn-unchecked-19') && card.primaryAccountNumber.length === 19) ||
          // i21-card-issuer-luhn-unchecked-16-card-path: on the card path an issuer's 16-digit PAN is not check-digit checked.
          (faults.has('i21-card-issuer-luhn-unchecked-16-card-path') &&
            body.cardSource === 'ISSUER' &&
            card.primaryAccountNumber.length === 16);
        // i6-card-luhn-parity-from-left: the doubling counted from the left (the same as from the right only at even lengths).
        const checkDigitOk = faults.has('i6-card-luhn-parity-from-left')
          ? luhnFromLeft(card.primaryAccountNumber)
          : luhnValid(card.primaryAccountNumber);
        if (!checkDigitOk && !luhnSkipped) {
          return invalidArgument(
            reply,
            faults,
            [
              {
                // i14-card-luhn-detail-source-pointer: the check-digit refusal names the field as a JSON pointer.
                field: faults.has('i14-card-luhn-detail-source-pointer')
                  ? '/card/primaryAccountNumber'
                  : // i37-card-wallet-luhn-detail-names-envelope: a wallet's check-digit refusal names the encrypted envelope, not the field inside it.
                    faults.has('i37-card-wallet-luhn-detail-names-envelope') && body.cardSource === 'WALLET'
                    ? 'encryptedCard'
                    : 'card.primaryAccountNumber',
                keyword: 'luhn',
                message: 'card.primaryAccountNumber fails the ISO/IEC 7812 check digit',
              },
            ],
            // i28-card-luhn-19-invalid-state: a 19-digit PAN failing its check digit reported as INVALID_STATE.
            (faults.has('i28-card-luhn-19-invalid-state') && card.primaryAccountNumber.length === 19) ||
              // i35-card-issuer-luhn-invalid-state: an issuer's PAN failing its check digit reported as INVALID_STATE (not resolvable).
              (faults.has('i35-card-issuer-luhn-invalid-state') && body.cardSource === 'ISSUER')
              ? 'INVALID_STATE'
              : undefined,
          );
        }
      }
    }

    // seed, Errors: unresolved srcClientId or serviceId is INVALID_STATE; A2: another client's id is 403.
    const owner = world.clients.find(
      (c) =>
        c.srcClientIds.includes(body.srcClientId) ||
        (faults.has('i11-card-client-id-prefix-resolved') &&
          typeof body.srcClientId === 'string' &&
          body.srcClientId.length > 1 &&
          c.srcClientIds.some((s) => s.slice(0, -1) === body.srcClientId.slice(0, -1))),
    );
    // i10-card-receipt-unknown-client-accepted: on the receipt path an unknown srcClientId is taken as the caller's.
    if (!owner && !faults.has('unknown-client-accepted') && !(hasReceipt && faults.has('i10-card-receipt-unknown-client-accepted'))) {
      if (faults.has('blind-unknown-client-403'))
        return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
      // i26-card-unknown-client-401-card-path: on the card path an unknown srcClientId is answered as an authorization failure (401).
      if (faults.has('i26-card-unknown-client-401-card-path') && !hasReceipt)
        return sendError(reply, faults, 401, 'UNAUTHENTICATED', 'Authorization validation failure.');
      // i28-card-wallet-unknown-client-404: on the card path a wallet's unknown srcClientId answered 404 NOT_FOUND.
      if (faults.has('i28-card-wallet-unknown-client-404') && hasCard && body.cardSource === 'WALLET')
        return sendError(reply, faults, 404, 'NOT_FOUND', 'srcClientId not found.');
      // i31-card-unknown-client-detail-header: the unknown srcClientId's detail reported against a header (the client key's place).
      if (faults.has('i31-card-unknown-client-detail-header'))
        return sendError(reply, faults, 400, 'INVALID_STATE', 'srcClientId does not resolve to a registered client.', [
          {
            reason: 'INVALID_VALUE',
            source: 'srcClientId',
            message: 'srcClientId does not resolve to a registered client.',
            sourceType: 'HEADER',
          },
        ]);
      return invalidState(reply, faults, 'srcClientId', 'srcClientId does not resolve to a registered client.');
    }
    const originSkipped = hasReceipt && faults.has('i2-card-receipt-origin-unchecked');
    // i6-card-wallet-origin-unchecked: a wallet's push is trusted without its origin.
    const walletTrusted = faults.has('i6-card-wallet-origin-unchecked') && body.cardSource === 'WALLET';
    // merchant-source-origin-unchecked: a merchant's enrollment is trusted without its origin.
    const merchantTrusted = faults.has('merchant-source-origin-unchecked') && body.cardSource === 'MERCHANT';
    // i12-card-issuer-source-origin-unchecked: an issuer's enrollment is trusted without its origin.
    const issuerTrusted = faults.has('i12-card-issuer-source-origin-unchecked') && body.cardSource === 'ISSUER';
    // i14-card-cardholder-origin-unchecked: on the card path a card the cardholder adds skips the origin check.
    const cardholderTrusted = faults.has('i14-card-cardholder-origin-unchecked') && hasCard && body.cardSource === 'CARDHOLDER';
    // i15-card-origin-unchecked-without-source: a request that names no cardSource (it is optional) skips the origin check.
    const unsourcedTrusted = faults.has('i15-card-origin-unchecked-without-source') && body.cardSource === undefined;
    // i31-card-prefixed-correlation-origin-unchecked: a request whose srcCorrelationId carries the 8-hex prefix is trusted as relayed by a gateway node.
    // i33-card-origin-judged-by-service: another client's srcClientId let through when the serviceId is one of the caller's.
    const serviceOfCaller = faults.has('i33-card-origin-judged-by-service') && client.serviceIds.includes(body.serviceId);
    const relayedTrusted =
      serviceOfCaller ||
      (faults.has('i31-card-prefixed-correlation-origin-unchecked') &&
        typeof body.srcCorrelationId === 'string' &&
        body.srcCorrelationId.length > 36);
    if (
      owner &&
      owner !== client &&
      !faults.has('forbidden-never-given') &&
      !originSkipped &&
      !walletTrusted &&
      !merchantTrusted &&
      !issuerTrusted &&
      !cardholderTrusted &&
      !unsourcedTrusted &&
      !relayedTrusted &&
      // i37-card-receipt-cardholder-origin-unchecked: on the receipt path a cardholder's push is trusted without checking whose srcClientId it names.
      !(faults.has('i37-card-receipt-cardholder-origin-unchecked') && hasReceipt && body.cardSource === 'CARDHOLDER') &&
      // i36-card-foreign-second-client-id-accepted: the origin checked against each client's first srcClientId only.
      !(faults.has('i36-card-foreign-second-client-id-accepted') && body.srcClientId !== owner.srcClientIds[0])
    ) {
      // i29-card-merchant-foreign-client-invalid-state-card-path: on the card path a merchant's foreign srcClientId answered 400 INVALID_STATE.
      if (faults.has('i29-card-merchant-foreign-client-invalid-state-card-path') && hasCard && body.cardSource === 'MERCHANT')
        return invalidState(reply, faults, 'srcClientId', 'srcClientId does not resolve to a registered client.');
      // i32-card-receipt-forbidden-empty-body: on the receipt path the 403 sent without its error body.
      if (faults.has('i32-card-receipt-forbidden-empty-body') && hasReceipt) return reply.code(403).send();
      // i32-card-forbidden-message-quotes-key: on the card path the 403 message quotes the caller's API key.
      if (faults.has('i32-card-forbidden-message-quotes-key') && hasCard && typeof key === 'string')
        return sendError(reply, faults, 403, 'PERMISSION_DENIED', `Client identity (origin) not validated for key ${key}.`);
      // i28-card-receipt-foreign-client-401: on the receipt path another client's srcClientId answered 401.
      if (faults.has('i28-card-receipt-foreign-client-401') && hasReceipt)
        return sendError(reply, faults, 401, 'UNAUTHENTICATED', 'Authorization validation failure.');
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    }
    // i29-card-cardholder-identity-at-max-refused-card-path: on the card path a cardholder's identityValue at its maxLength refused.
    if (
      faults.has('i29-card-cardholder-identity-at-max-refused-card-path') &&
      hasCard &&
      body.cardSource === 'CARDHOLDER' &&
      String(body.consumer?.consumerIdentity?.identityValue ?? '').length === lengthOf(contract, 'ConsumerIdentity', 'identityValue').max
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.consumerIdentity.identityValue', keyword: 'maxLength', message: 'identityValue is too long' },
      ]);
    // i38-card-receipt-wallet-firstname-at-max-refused: on the receipt path a wallet's firstName at its maxLength refused (a strict bound).
    if (
      faults.has('i38-card-receipt-wallet-firstname-at-max-refused') &&
      hasReceipt &&
      body.cardSource === 'WALLET' &&
      String(body.consumer?.firstName ?? '').length === lengthOf(contract, 'Consumer', 'firstName').max
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.firstName', keyword: 'maxLength', message: 'consumer.firstName is too long' },
      ]);
    // i28-card-receipt-issuer-lastname-30-refused: on the receipt path an issuer's last name of exactly 30 characters refused.
    if (
      faults.has('i28-card-receipt-issuer-lastname-30-refused') &&
      hasReceipt &&
      body.cardSource === 'ISSUER' &&
      Array.from(String(body.consumer?.lastName ?? '')).length === 30
    )
      return invalidArgument(reply, faults, [
        { field: 'consumer.lastName', keyword: 'maxLength', message: 'consumer.lastName is too long' },
      ]);
    // i13-card-second-client-id-forbidden-card-path: on the card path only the client's first srcClientId is its own.
    if (
      hasCard &&
      faults.has('i13-card-second-client-id-forbidden-card-path') &&
      owner === client &&
      body.srcClientId !== client.srcClientIds[0]
    )
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    // i9-card-receipt-second-client-id-forbidden: on the receipt path only the client's first srcClientId is its own.
    if (
      hasReceipt &&
      faults.has('i9-card-receipt-second-client-id-forbidden') &&
      owner === client &&
      body.srcClientId !== client.srcClientIds[0]
    )
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    // i7-card-empty-serviceid-default-program: an empty serviceId taken as the client's first program.
    if (faults.has('i7-card-empty-serviceid-default-program') && body.serviceId === '') body.serviceId = (owner ?? client).serviceIds[0];
    // i35-card-merchant-serviceid-canonical-case: for a merchant the serviceId resolved without case and replaced by the registered spelling.
    if (faults.has('i35-card-merchant-serviceid-canonical-case') && body.cardSource === 'MERCHANT' && typeof body.serviceId === 'string') {
      const canonical = (owner ?? client).serviceIds.find((s) => s.toLowerCase() === body.serviceId.toLowerCase());
      if (canonical) body.serviceId = canonical;
    }
    // i3-card-service-id-case-insensitive: the serviceId is resolved without case.
    const serviceKnown =
      // i35-card-second-client-id-foreign-service: under a client's second srcClientId the program looked up among every client's.
      (faults.has('i35-card-second-client-id-foreign-service') &&
        body.srcClientId === (owner ?? client).srcClientIds[1] &&
        world.clients.some((c) => c.serviceIds.includes(body.serviceId))) ||
      (owner ?? client).serviceIds.includes(body.serviceId) ||
      (faults.has('i33-card-origin-judged-by-service') && client.serviceIds.includes(body.serviceId)) ||
      (faults.has('i3-card-service-id-case-insensitive') &&
        typeof body.serviceId === 'string' &&
        (owner ?? client).serviceIds.some((s) => s.toLowerCase() === body.serviceId.toLowerCase())) ||
      // i8-card-serviceid-prefix-resolved: the program looked up by prefix.
      (faults.has('i8-card-serviceid-prefix-resolved') &&
        typeof body.serviceId === 'string' &&
        (owner ?? client).serviceIds.some((s) => body.serviceId.startsWith(s))) ||
      // seeded-card-serviceid-suffix-resolved: the program looked up by suffix.
      (faults.has('seeded-card-serviceid-suffix-resolved') &&
        typeof body.serviceId === 'string' &&
        body.serviceId !== '' &&
        (owner ?? client).serviceIds.some((s) => s.endsWith(body.serviceId))) ||
      // i9-card-serviceid-separators-folded: hyphen and underscore looked up as one character.
      (faults.has('i9-card-serviceid-separators-folded') &&
        typeof body.serviceId === 'string' &&
        (owner ?? client).serviceIds.some((s) => s.replace(/-/g, '_') === body.serviceId.replace(/-/g, '_'))) ||
      // i5-card-service-of-other-client-accepted: the program looked up among every client's.
      (faults.has('i5-card-service-of-other-client-accepted') && world.clients.some((c) => c.serviceIds.includes(body.serviceId))) ||
      // receipt-foreign-service-accepted: on the receipt path, the program looked up among every client's.
      (hasReceipt && faults.has('receipt-foreign-service-accepted') && world.clients.some((c) => c.serviceIds.includes(body.serviceId))) ||
      // rt-card-foreign-service-accepted-for-wallet: for a wallet (cardSource WALLET), the program looked up among every client's.
      (body.cardSource === 'WALLET' &&
        faults.has('rt-card-foreign-service-accepted-for-wallet') &&
        world.clients.some((c) => c.serviceIds.includes(body.serviceId))) ||
      // unsourced-foreign-service-accepted: without a cardSource, the program looked up among every client's.
      (body.cardSource === undefined &&
        faults.has('unsourced-foreign-service-accepted') &&
        world.clients.some((c) => c.serviceIds.includes(body.serviceId)));
    // card-hash-program-unresolved: on the card path a program whose id holds '#' is not found.
    if (faults.has('card-hash-program-unresolved') && hasCard && String(body.serviceId).includes('#'))
      return invalidState(reply, faults, 'serviceId', 'serviceId does not resolve to a service of this client.');
    // i12-card-second-service-refused-card-path: on the card path only the client's first program resolves.
    if (
      faults.has('i12-card-second-service-refused-card-path') &&
      hasCard &&
      serviceKnown &&
      body.serviceId !== (owner ?? client).serviceIds[0]
    )
      return invalidState(reply, faults, 'serviceId', 'serviceId does not resolve to a service of this client.');
    // i14-card-receipt-unknown-service-invalid-argument: on the receipt path an unknown serviceId is answered INVALID_ARGUMENT.
    if (faults.has('i14-card-receipt-unknown-service-invalid-argument') && !serviceKnown && hasReceipt)
      return invalidArgument(reply, faults, [
        { field: 'serviceId', keyword: 'exists', message: 'serviceId does not resolve to a service of this client.' },
      ]);
    // i30-card-issuer-unknown-service-not-found-card-path: on the card path an issuer's unknown serviceId is answered 404 NOT_FOUND.
    if (faults.has('i30-card-issuer-unknown-service-not-found-card-path') && !serviceKnown && hasCard && body.cardSource === 'ISSUER')
      return sendError(reply, faults, 404, 'NOT_FOUND', 'serviceId not found.');
    // i36-card-refused-receipt-consumed: a receipt sent with an unresolved serviceId is spent although the enrollment is refused.
    if (faults.has('i36-card-refused-receipt-consumed') && !serviceKnown && hasReceipt)
      spentReceipts.add(String(body.enrolmentReferenceData?.enrolmentReferenceId));
    // i38-card-wallet-unknown-service-forbidden-card-path: on the card path a wallet naming an unknown serviceId is answered 403, not 400 INVALID_STATE.
    if (faults.has('i38-card-wallet-unknown-service-forbidden-card-path') && !serviceKnown && hasCard && body.cardSource === 'WALLET')
      return sendError(reply, faults, 403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.');
    if (!serviceKnown && !faults.has('unknown-service-accepted') && !(hasReceipt && faults.has('blind-receipt-unknown-service-accepted')))
      return invalidState(
        reply,
        faults,
        // i12-card-receipt-unknown-service-names-client: on the receipt path the detail names the client id.
        hasReceipt && faults.has('i12-card-receipt-unknown-service-names-client') ? 'srcClientId' : 'serviceId',
        // i23-card-unknown-service-message-names-key-card-path: on the card path the message names the calling key.
        faults.has('i23-card-unknown-service-message-names-key-card-path') && hasCard && typeof key === 'string'
          ? `serviceId does not resolve to a service of client ${key}.`
          : 'serviceId does not resolve to a service of this client.',
      );

    // i36-card-refused-receipt-consumed: a spent receipt answered as unknown.
    if (
      !card &&
      faults.has('i36-card-refused-receipt-consumed') &&
      spentReceipts.has(String(body.enrolmentReferenceData?.enrolmentReferenceId))
    )
      return invalidState(reply, faults, 'enrolmentReferenceData.enrolmentReferenceId', 'Unknown push account receipt.');
    // i37-card-receipt-merchant-reference-id-at-max-refused: on the receipt path a merchant's enrolmentReferenceId at its maxLength refused as too long.
    if (
      !card &&
      faults.has('i37-card-receipt-merchant-reference-id-at-max-refused') &&
      body.cardSource === 'MERCHANT' &&
      String(body.enrolmentReferenceData?.enrolmentReferenceId ?? '').length ===
        lengthOf(contract, 'EnrolmentReferenceData', 'enrolmentReferenceId').max
    )
      return invalidArgument(reply, faults, [
        {
          field: 'enrolmentReferenceData.enrolmentReferenceId',
          keyword: 'maxLength',
          message: 'enrolmentReferenceData.enrolmentReferenceId is too long',
        },
      ]);
    if (!card) {
      let given = String(body.enrolmentReferenceData?.enrolmentReferenceId);
      // receipt-id-trimmed: the receipt id trimmed before the lookup.
      if (faults.has('receipt-id-trimmed')) given = given.trim();
      // i7-card-receipt-id-prefix-match: the id sent cut to the stored ids' length before the lookup.
      const cut = (r: { enrolmentReferenceId: string }) =>
        faults.has('i7-card-receipt-id-prefix-match') ? given.slice(0, r.enrolmentReferenceId.length) : given;
      // i8-card-receipt-id-case-folded: receipt ids compared without case.
      const receipt = world.receipts.find(
        (r) =>
          r.enrolmentReferenceId === cut(r) ||
          // i13-card-receipt-id-without-prefix-resolved: the id looked up with or without its "rcpt-" prefix.
          (faults.has('i13-card-receipt-id-without-prefix-resolved') && r.enrolmentReferenceId === `rcpt-${given}`) ||
          // seeded-card-receipt-id-last-char-ignored: the ids compared without their last character.
          (faults.has('seeded-card-receipt-id-last-char-ignored') &&
            given.length === r.enrolmentReferenceId.length &&
            r.enrolmentReferenceId.slice(0, -1) === given.slice(0, -1)) ||
          // receipt-id-separators-folded: hyphen and underscore looked up as one character.
          (faults.has('receipt-id-separators-folded') && r.enrolmentReferenceId.replace(/-/g, '_') === given.replace(/-/g, '_')) ||
          (faults.has('i8-card-receipt-id-case-folded') && r.enrolmentReferenceId.toLowerCase() === given.toLowerCase()) ||
          // i20-card-receipt-id-inner-space-removed: a receipt id with white space inside looked up without it.
          (faults.has('i20-card-receipt-id-inner-space-removed') &&
            /\s/.test(given) &&
            r.enrolmentReferenceId === given.replace(/\s+/g, '')),
      );
      if (receipt) card = { primaryAccountNumber: receipt.primaryAccountNumber };
      else if (faults.has('unknown-receipt-accepted')) card = { primaryAccountNumber: '5555555555554444' };
      // i26-card-unknown-receipt-404: an unknown receipt answered 404 NOT_FOUND (a resource lookup), not 400 INVALID_STATE.
      // i33-card-unknown-receipt-code-string: the unknown receipt's error body carries code as a string.
      else if (faults.has('i33-card-unknown-receipt-code-string'))
        return reply.code(400).send({
          code: '400',
          status: 'INVALID_STATE',
          message: 'Unknown push account receipt.',
          details: [
            {
              reason: 'INVALID_VALUE',
              source: 'enrolmentReferenceData.enrolmentReferenceId',
              message: 'Unknown push account receipt.',
              sourceType: 'BODY',
            },
          ],
        });
      else if (faults.has('i26-card-unknown-receipt-404'))
        return sendError(reply, faults, 404, 'NOT_FOUND', 'Push account receipt not found.');
      else
        return invalidState(
          reply,
          faults,
          // i9-card-unknown-receipt-source-unprefixed: the field named without its parent.
          faults.has('i9-card-unknown-receipt-source-unprefixed') ? 'enrolmentReferenceId' : 'enrolmentReferenceData.enrolmentReferenceId',
          'Unknown push account receipt.',
        );
      if (faults.has('receipt-pan-wrong')) card.primaryAccountNumber = '4000056655665556';
    }
    const answer = enrollResponse(body, card, ctx, lengths);
    i15Deviations(answer, body, card, hasCard, owner ?? client, key, faults, createdByClient);
    i17Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    seededAnswerDeviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i18Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i19Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i20Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i22Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i23Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i24Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i25Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i26Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i27Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i28Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i29Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i30Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i32Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i33Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i34Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i35Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i36Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i37Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    i38Deviations(answer, body, card, hasCard, faults, ctx.clock.now());
    // i37-card-receipt-api-key-reflected-in-header: on the receipt path the gateway reflects the caller's x-openapi-clientid in the answer's headers.
    if (faults.has('i37-card-receipt-api-key-reflected-in-header') && hasReceipt && typeof key === 'string')
      reply.header('x-openapi-clientid', key);
    // i33-card-second-receipt-last-four-of-first: on the receipt path every receipt answered with the first known receipt's last four.
    if (faults.has('i33-card-second-receipt-last-four-of-first') && hasReceipt && !hasCard && world.receipts.length > 1)
      answer.maskedCard.panLastFour = world.receipts[0].primaryAccountNumber.slice(-4);
    if (faults.has('model-card-suspended-on-third-enrollment')) {
      // Fault: a velocity rule; the same card enrolled a third time into one profile is answered SUSPENDED.
      const seen = `${card.primaryAccountNumber}|${body.consumer.consumerIdentity?.identityValue}`;
      const times = (enrolledTimes.get(seen) ?? 0) + 1;
      enrolledTimes.set(seen, times);
      if (times >= 3) (answer.maskedCard.digitalCardData as Record<string, unknown>).status = 'SUSPENDED';
    }
    if (faults.has('i9-card-reenrolled-pan-cancelled')) {
      // Fault: a PAN enrolled again for the same consumer is answered with the superseded record.
      const seen = `${card.primaryAccountNumber}|${body.consumer.consumerIdentity?.identityValue}`;
      if (reenrolled.has(seen)) (answer.maskedCard.digitalCardData as Record<string, unknown>).status = 'CANCELLED';
      reenrolled.add(seen);
    }
    if (faults.has('i7-card-consumer-repeat-enrollment-locked')) {
      const who = String(body.consumer.consumerIdentity?.identityValue);
      const before = lastEnrolled.get(who);
      lastEnrolled.set(who, ctx.clock.nowMs());
      if (before !== undefined && ctx.clock.nowMs() - before < 60_000) answer.maskedConsumer.status = 'LOCKED';
    }
    return (
      reply
        // i27-card-receipt-wallet-answered-201: on the receipt path a wallet's enrollment answered 201.
        .code(
          faults.has('success-status-201') ||
            (faults.has('i27-card-receipt-wallet-answered-201') && hasReceipt && body.cardSource === 'WALLET')
            ? 201
            : // i37-card-receipt-issuer-answered-202: on the receipt path an issuer's push provisioning answered 202 Accepted, as if enrolled later.
              faults.has('i37-card-receipt-issuer-answered-202') && hasReceipt && body.cardSource === 'ISSUER'
              ? 202
              : 200,
        )
        .type(faults.has('content-type-text') ? 'text/plain' : 'application/json')
        .send(JSON.stringify(withClient(answer, key, faults, hasReceipt)))
    );
  });
}

/** Deviations of an enrollment answer under named faults, each on one path, card source or input class (mocks/card-enrollment/cards.faults.ts). */
type AnswerDeviations = (
  answer: ReturnType<typeof enrollResponse>,
  body: Body,
  card: Card,
  hasCard: boolean,
  faults: Faults,
  now: Date,
) => void;

/** The seeded deviations of the invariants of every answer, each under one input class (mocks/card-enrollment/cards.faults.ts). */
const seededAnswerDeviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // seeded-card-wallet-cvc-in-masked-card: on the card path a wallet's masked card carries the security code.
  if (faults.has('seeded-card-wallet-cvc-in-masked-card') && hasCard && body.cardSource === 'WALLET' && card.cardSecurityCode)
    masked.cardVerificationValue = card.cardSecurityCode;
  // seeded-card-receipt-consumer-added-canada-local: on the receipt path a consumer in Canada gets Toronto time written with Z.
  if (faults.has('seeded-card-receipt-consumer-added-canada-local') && !hasCard && body.consumer?.countryCode === 'CA')
    consumer.dateConsumerAdded = new Date(now.getTime() - 5 * 3600_000).toISOString();
  // seeded-card-receipt-wallet-lastfour-first-four: on the receipt path a wallet's panLastFour from the account's first four digits.
  if (faults.has('seeded-card-receipt-wallet-lastfour-first-four') && !hasCard && body.cardSource === 'WALLET')
    masked.panLastFour = card.primaryAccountNumber.slice(0, 4);
  // seeded-card-receipt-merchant-email-keeps-two: on the receipt path a merchant's maskedEmailAddress keeps two characters of the local part.
  // (The identity value is read inside the fault's condition, so that a fault-free run never computes it.)
  if (
    faults.has('seeded-card-receipt-merchant-email-keeps-two') &&
    !hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.maskedEmailAddress === 'string'
  ) {
    const email = String(body.consumer?.consumerIdentity?.identityValue ?? '');
    if (email.lastIndexOf('@') > 2) consumer.maskedEmailAddress = email.slice(0, 2) + String(consumer.maskedEmailAddress).slice(2);
  }
  // seeded-card-receipt-lowercase-correlation-uppercased: on the receipt path an all-lower-case correlation id echoed in upper case.
  if (faults.has('seeded-card-receipt-lowercase-correlation-uppercased') && !hasCard) {
    const correlation = body.srcCorrelationId;
    if (typeof correlation === 'string' && correlation === correlation.toLowerCase())
      (answer as Record<string, unknown>).srcCorrelationId = correlation.toUpperCase();
  }
  // seeded-card-receipt-merchant-serviceid-lowercased: on the receipt path a merchant's serviceId echoed in lower case.
  if (
    faults.has('seeded-card-receipt-merchant-serviceid-lowercased') &&
    !hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof masked.serviceId === 'string'
  )
    masked.serviceId = masked.serviceId.toLowerCase();
  // seeded-card-receipt-brazil-consumer-suspended: on the receipt path a consumer in Brazil left SUSPENDED.
  if (faults.has('seeded-card-receipt-brazil-consumer-suspended') && !hasCard && body.consumer?.countryCode === 'BR')
    consumer.status = 'SUSPENDED';
};

/** The independent-22 deviations of the answer, each on one path, card source or input class (mocks/card-enrollment/cards.faults.ts). */
const i22Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const data = masked.digitalCardData as Record<string, unknown>;
  // i22-card-receipt-cardholder-bin-five: on the receipt path a cardholder's panBin is the account's first five digits.
  if (faults.has('i22-card-receipt-cardholder-bin-five') && !hasCard && body.cardSource === 'CARDHOLDER')
    masked.panBin = card.primaryAccountNumber.slice(0, 5);
  // i22-card-receipt-created-date-sydney-time: on the receipt path a consumer in Australia gets Sydney wall-clock time written with Z.
  if (faults.has('i22-card-receipt-created-date-sydney-time') && !hasCard && body.consumer?.countryCode === 'AU')
    masked.dateOfCardCreated = new Date(now.getTime() + 10 * 3600_000).toISOString();
  // i22-card-wallet-lastname-mask-capped-card-path: on the card path a wallet's long last name masked with at most ten stars.
  if (
    faults.has('i22-card-wallet-lastname-mask-capped-card-path') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    typeof consumer.maskedLastName === 'string' &&
    consumer.maskedLastName.length > 11
  )
    consumer.maskedLastName = consumer.maskedLastName.slice(0, 11);
  // i22-card-receipt-wallet-account-in-card-data: on the receipt path a wallet's card data names the account by its full number.
  if (faults.has('i22-card-receipt-wallet-account-in-card-data') && !hasCard && body.cardSource === 'WALLET')
    data.accountReference = card.primaryAccountNumber;
  // i22-card-pan-20-card-suspended: on the card path a card of the longest PAN length starts suspended.
  if (faults.has('i22-card-pan-20-card-suspended') && hasCard && card.primaryAccountNumber.length === 20) data.status = 'SUSPENDED';
  // i22-card-issuer-email-subdomain-masked-card-path: on the card path an issuer's e-mail sub-domain label masked with the local part.
  if (
    faults.has('i22-card-issuer-email-subdomain-masked-card-path') &&
    hasCard &&
    body.cardSource === 'ISSUER' &&
    typeof consumer.maskedEmailAddress === 'string'
  ) {
    const at = consumer.maskedEmailAddress.lastIndexOf('@');
    const labels = consumer.maskedEmailAddress.slice(at + 1).split('.');
    if (labels.length > 2)
      consumer.maskedEmailAddress = `${consumer.maskedEmailAddress.slice(0, at + 1)}${'*'.repeat(labels[0].length)}.${labels.slice(1).join('.')}`;
  }
  // seeded-fam27-card-receipt-merchant-firstname-mask-cut-twenty: on the receipt path a merchant's masked first name cut to twenty characters.
  if (
    faults.has('seeded-fam27-card-receipt-merchant-firstname-mask-cut-twenty') &&
    !hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.maskedFirstName === 'string' &&
    consumer.maskedFirstName.length > 20
  )
    consumer.maskedFirstName = consumer.maskedFirstName.slice(0, 20);
  // seeded-fam27-card-unsourced-serviceid-hash-dropped-card-path: on the card path a request without cardSource gets its serviceId without its '#'.
  if (
    faults.has('seeded-fam27-card-unsourced-serviceid-hash-dropped-card-path') &&
    hasCard &&
    body.cardSource === undefined &&
    typeof masked.serviceId === 'string'
  )
    masked.serviceId = masked.serviceId.replace(/#/g, '');
  // i22-card-receipt-wallet-serviceid-hash-encoded: on the receipt path a wallet's serviceId echoed with its '#' URL-encoded.
  if (
    faults.has('i22-card-receipt-wallet-serviceid-hash-encoded') &&
    !hasCard &&
    body.cardSource === 'WALLET' &&
    typeof masked.serviceId === 'string'
  )
    masked.serviceId = masked.serviceId.replace(/#/g, '%23');
};

/** The independent-20 deviations of the answer, each on one path, card source or request class (mocks/card-enrollment/cards.faults.ts). */
const i20Deviations: AnswerDeviations = (answer, body, card, hasCard, faults) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  // i20-card-receipt-wallet-created-date-no-zone: on the receipt path a wallet's dateOfCardCreated written without its zone.
  if (faults.has('i20-card-receipt-wallet-created-date-no-zone') && !hasCard && body.cardSource === 'WALLET')
    masked.dateOfCardCreated = String(masked.dateOfCardCreated).replace(/\.\d+Z$|Z$/, '');
  // i20-card-unsourced-pan-in-descriptor: on the card path a card sent without cardSource described by its full number.
  if (faults.has('i20-card-unsourced-pan-in-descriptor') && hasCard && body.cardSource === undefined)
    masked.paymentCardDescriptor = `${String(masked.paymentCardDescriptor)} ${card.primaryAccountNumber}`;
};

/** The independent-34 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
/** The independent-35 deviations of the answer, each on one path or card source (mocks/card-enrollment/cards.faults.ts). */
const i35Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown> | undefined;
  // i35-card-receipt-wallet-serviceid-hash-encoded: on the receipt path a wallet's serviceId echoed with '#' percent-encoded.
  if (
    faults.has('i35-card-receipt-wallet-serviceid-hash-encoded') &&
    !hasCard &&
    body.cardSource === 'WALLET' &&
    typeof masked.serviceId === 'string'
  )
    masked.serviceId = masked.serviceId.replace(/#/g, '%23');
  // i35-card-receipt-issuer-created-epoch-seconds: on the receipt path an issuer's card dated in Unix seconds.
  if (faults.has('i35-card-receipt-issuer-created-epoch-seconds') && !hasCard && body.cardSource === 'ISSUER')
    masked.dateOfCardCreated = String(Math.floor(now.getTime() / 1000));
  // i35-card-merchant-consumer-id-braced: a merchant's srcConsumerId written as a braced GUID.
  if (
    faults.has('i35-card-merchant-consumer-id-braced') &&
    body.cardSource === 'MERCHANT' &&
    consumer &&
    typeof consumer.srcConsumerId === 'string'
  )
    consumer.srcConsumerId = `{${consumer.srcConsumerId}}`;
  // i35-card-wallet-generated-correlation-unhyphenated: on the card path a wallet's generated srcCorrelationId written without hyphens.
  if (
    faults.has('i35-card-wallet-generated-correlation-unhyphenated') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    body.srcCorrelationId === undefined
  ) {
    const answered = answer as Record<string, unknown>;
    answered.srcCorrelationId = String(answered.srcCorrelationId).replace(/-/g, '');
  }
};

/** The independent-36 deviations of the answer, each on one path and card source (mocks/card-enrollment/cards.faults.ts). */
const i38Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const data = masked.digitalCardData as Record<string, unknown> | undefined;
  // i38-card-long-pan-last-four-fixed-offset-card-path: on the card path a PAN longer than sixteen digits gives the four digits after a sixteen-digit BIN window.
  if (faults.has('i38-card-long-pan-last-four-fixed-offset-card-path') && hasCard && card.primaryAccountNumber.length > 16)
    masked.panLastFour = card.primaryAccountNumber.slice(12, 16);
  // i38-card-receipt-merchant-cobranded-as-string: on the receipt path a merchant's iscobranded written as the string of the boolean.
  if (faults.has('i38-card-receipt-merchant-cobranded-as-string') && !hasCard && body.cardSource === 'MERCHANT' && data)
    data.iscobranded = String(data.iscobranded ?? false);
  // i38-card-issuer-created-epoch-millis-card-path: on the card path an issuer's dateOfCardCreated written as milliseconds since the epoch.
  if (faults.has('i38-card-issuer-created-epoch-millis-card-path') && hasCard && body.cardSource === 'ISSUER')
    masked.dateOfCardCreated = String(now.getTime());
};

const i37Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown> | undefined;
  // i37-card-merchant-consumer-added-epoch-seconds-card-path: on the card path a merchant's dateConsumerAdded written as seconds since the epoch.
  if (faults.has('i37-card-merchant-consumer-added-epoch-seconds-card-path') && hasCard && body.cardSource === 'MERCHANT' && consumer)
    consumer.dateConsumerAdded = String(Math.floor(now.getTime() / 1000));
  // i37-card-cardholder-pan-grouped-in-token-reference-card-path: on the card path a cardholder's token reference built from the PAN in dashed groups.
  if (faults.has('i37-card-cardholder-pan-grouped-in-token-reference-card-path') && hasCard && body.cardSource === 'CARDHOLDER')
    masked.tokenUniqueReference = `DWSPMC-${(card.primaryAccountNumber.match(/.{1,4}/g) ?? []).join('-')}`;
  // i37-card-wallet-expiry-month-zero-based-card-path: on the card path a wallet's expiry month echoed zero-based (a date library's month index).
  if (
    faults.has('i37-card-wallet-expiry-month-zero-based-card-path') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    typeof masked.panExpirationMonth === 'string'
  )
    masked.panExpirationMonth = String(Number(masked.panExpirationMonth) - 1).padStart(2, '0');
};

const i36Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  // i36-card-receipt-merchant-created-day-start: on the receipt path a merchant's card dated at midnight UTC of the day.
  if (faults.has('i36-card-receipt-merchant-created-day-start') && !hasCard && body.cardSource === 'MERCHANT')
    masked.dateOfCardCreated = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  // i36-card-cardholder-correlation-prefix-dropped-card-path: on the card path a cardholder's prefixed srcCorrelationId echoed without its prefix.
  if (
    faults.has('i36-card-cardholder-correlation-prefix-dropped-card-path') &&
    hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    typeof body.srcCorrelationId === 'string' &&
    body.srcCorrelationId.length > 36
  )
    (answer as Record<string, unknown>).srcCorrelationId = body.srcCorrelationId.slice(-36);
  // i36-card-wallet-masked-country-lowercased-card-path: on the card path a wallet's masked card country written in lower case.
  if (
    faults.has('i36-card-wallet-masked-country-lowercased-card-path') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    typeof masked.countryCode === 'string'
  )
    masked.countryCode = masked.countryCode.toLowerCase();
};

const i34Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown> | undefined;
  // i34-card-receipt-wallet-tnc-query-dropped: on the receipt path a wallet's accepted terms version loses the URI's query string.
  if (faults.has('i34-card-receipt-wallet-tnc-query-dropped') && !hasCard && body.cardSource === 'WALLET' && consumer) {
    const compliance = consumer.complianceSettings as { tnc: { acceptedVersion: string } };
    compliance.tnc.acceptedVersion = compliance.tnc.acceptedVersion.split('?')[0];
  }
  // i34-card-pan-17-last-four-shifted: on the card path a 17-digit PAN's last four read one digit early.
  if (faults.has('i34-card-pan-17-last-four-shifted') && hasCard && card.primaryAccountNumber.length === 17)
    masked.panLastFour = card.primaryAccountNumber.slice(-5, -1);
  // i34-card-issuer-card-id-per-client: on the card path an issuer's card id derived from srcClientId, the same each time.
  if (faults.has('i34-card-issuer-card-id-per-client') && hasCard && body.cardSource === 'ISSUER')
    masked.srcDigitalCardId = receiptCardId(`client:${String(body.srcClientId)}`);
  // i34-card-cardholder-created-next-hour: on the card path a cardholder's card dated at the start of the next hour (a batch stamp).
  if (faults.has('i34-card-cardholder-created-next-hour') && hasCard && body.cardSource === 'CARDHOLDER')
    masked.dateOfCardCreated = new Date(Math.ceil((now.getTime() + 1) / 3600_000) * 3600_000).toISOString();
  // i34-card-receipt-us-language-defaulted: on the receipt path a consumer in the US echoed with the language en, whatever was sent.
  if (faults.has('i34-card-receipt-us-language-defaulted') && !hasCard && body.consumer?.countryCode === 'US' && consumer)
    consumer.languageCode = 'en';
  // i34-card-merchant-bin-dropped-for-long-pan: on the card path a merchant's PAN longer than sixteen digits answered without panBin.
  if (
    faults.has('i34-card-merchant-bin-dropped-for-long-pan') &&
    hasCard &&
    body.cardSource === 'MERCHANT' &&
    card.primaryAccountNumber.length > 16
  )
    delete masked.panBin;
};

/** The independent-32 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
const i32Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i32-card-gb-country-as-uk: Great Britain written UK in the masked card.
  if (faults.has('i32-card-gb-country-as-uk') && masked.countryCode === 'GB') masked.countryCode = 'UK';
  // i32-card-receipt-wallet-consumer-added-epoch-ms: on the receipt path a wallet's dateConsumerAdded in epoch milliseconds.
  if (faults.has('i32-card-receipt-wallet-consumer-added-epoch-ms') && !hasCard && body.cardSource === 'WALLET' && consumer)
    consumer.dateConsumerAdded = String(now.getTime());
  // i32-card-issuer-generated-correlation-is-client-id: on the card path an issuer's missing correlation id filled with srcClientId.
  if (faults.has('i32-card-issuer-generated-correlation-is-client-id') && hasCard && body.cardSource === 'ISSUER' && !body.srcCorrelationId)
    (answer as Record<string, unknown>).srcCorrelationId = body.srcClientId;
  // i32-card-last-four-at-fixed-offset: on the card path the last four read at the offset of a sixteen-digit PAN.
  if (faults.has('i32-card-last-four-at-fixed-offset') && hasCard) masked.panLastFour = card.primaryAccountNumber.slice(12, 16);
};

/** The independent-33 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
const i33Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const data = masked.digitalCardData as Record<string, unknown>;
  // i33-card-issuer-cobranded-as-string: on the card path an issuer's iscobranded written as a string.
  if (faults.has('i33-card-issuer-cobranded-as-string') && hasCard && body.cardSource === 'ISSUER')
    data.iscobranded = String(data.iscobranded);
  // i33-card-wallet-created-epoch-seconds-card-path: on the card path a wallet's dateOfCardCreated in epoch seconds.
  if (faults.has('i33-card-wallet-created-epoch-seconds-card-path') && hasCard && body.cardSource === 'WALLET')
    masked.dateOfCardCreated = String(Math.floor(now.getTime() / 1000));
  // i33-card-receipt-merchant-language-uppercased: on the receipt path a merchant's consumer languageCode echoed in upper case.
  if (
    faults.has('i33-card-receipt-merchant-language-uppercased') &&
    !hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.languageCode === 'string'
  )
    consumer.languageCode = consumer.languageCode.toUpperCase();
};

/** The independent-23 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
const i23Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i23-card-wallet-correlation-echo-undashed-card-path: on the card path a wallet's srcCorrelationId echoed without its dashes.
  if (
    faults.has('i23-card-wallet-correlation-echo-undashed-card-path') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    typeof body.srcCorrelationId === 'string'
  )
    (answer as Record<string, unknown>).srcCorrelationId = body.srcCorrelationId.replace(/-/g, '');
  // i23-card-receipt-issuer-created-date-hour-start: on the receipt path an issuer's card dated at the start of the hour.
  if (faults.has('i23-card-receipt-issuer-created-date-hour-start') && !hasCard && body.cardSource === 'ISSUER') {
    const hour = new Date(now.getTime());
    hour.setUTCMinutes(0, 0, 0);
    masked.dateOfCardCreated = hour.toISOString();
  }
  // i23-card-masked-firstname-non-latin-clear-card-path: on the card path only Latin letters of the first name masked.
  if (faults.has('i23-card-masked-firstname-non-latin-clear-card-path') && hasCard && typeof body.consumer?.firstName === 'string') {
    const chars = Array.from(String(body.consumer.firstName));
    const shown =
      (chars[0] ?? '') +
      chars
        .slice(1)
        .map((c) => (/\p{Script=Latin}/u.test(c) ? '*' : c))
        .join('');
    if (shown !== consumer.maskedFirstName) {
      consumer.maskedFullName = `${shown}${String(consumer.maskedFullName).slice(String(consumer.maskedFirstName).length)}`;
      consumer.maskedFirstName = shown;
    }
  }
  // i23-card-email-cut-at-64-card-path: on the card path the masked address cut to a 64-character column.
  if (
    faults.has('i23-card-email-cut-at-64-card-path') &&
    hasCard &&
    typeof consumer.maskedEmailAddress === 'string' &&
    consumer.maskedEmailAddress.length > 64
  )
    consumer.maskedEmailAddress = consumer.maskedEmailAddress.slice(0, 64);
};

/** The independent-24 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
const i24Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const top = answer as Record<string, unknown>;
  // i24-card-wallet-lastname-last-char-kept: on the card path a wallet's masked last name keeps its last character.
  if (faults.has('i24-card-wallet-lastname-last-char-kept') && hasCard && body.cardSource === 'WALLET') {
    const last = Array.from(String(body.consumer?.lastName ?? ''));
    if (last.length > 2 && typeof consumer.maskedLastName === 'string') {
      const shown = Array.from(consumer.maskedLastName);
      shown[shown.length - 1] = last[last.length - 1];
      consumer.maskedLastName = shown.join('');
    }
  }
  // i24-card-merchant-email-initial-starred: on the card path a merchant's masked address stars the first character of its local part too.
  if (
    faults.has('i24-card-merchant-email-initial-starred') &&
    hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.maskedEmailAddress === 'string'
  )
    consumer.maskedEmailAddress = `*${consumer.maskedEmailAddress.slice(1)}`;
  // i24-card-issuer-correlation-uppercased-card-path: on the card path an issuer's srcCorrelationId echoed in upper case.
  if (
    faults.has('i24-card-issuer-correlation-uppercased-card-path') &&
    hasCard &&
    body.cardSource === 'ISSUER' &&
    typeof body.srcCorrelationId === 'string'
  )
    top.srcCorrelationId = body.srcCorrelationId.toUpperCase();
  // i24-card-brazil-created-local-time-z: on the card path a consumer in Brazil gets Brasilia time written with Z.
  if (faults.has('i24-card-brazil-created-local-time-z') && hasCard && body.consumer?.countryCode === 'BR')
    masked.dateOfCardCreated = new Date(now.getTime() - 3 * 3600_000).toISOString();
  // i24-card-cardholder-december-expiry-rolled: on the card path a cardholder's December expiry echoed as January of the next year.
  if (
    faults.has('i24-card-cardholder-december-expiry-rolled') &&
    hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    card.panExpirationMonth === '12' &&
    card.panExpirationYear
  ) {
    masked.panExpirationMonth = '01';
    masked.panExpirationYear = String(Number(card.panExpirationYear) + 1);
  }
  // i24-card-pan-20-last-four-shifted: a 20-digit PAN's last four read from a 19-character column.
  if (faults.has('i24-card-pan-20-last-four-shifted') && hasCard && card.primaryAccountNumber.length === 20)
    masked.panLastFour = card.primaryAccountNumber.slice(15, 19);
  // i24-card-receipt-german-consumer-added-local: on the receipt path a German-speaking consumer's dateConsumerAdded in Berlin summer time, with Z.
  if (faults.has('i24-card-receipt-german-consumer-added-local') && !hasCard && body.consumer?.languageCode === 'de')
    consumer.dateConsumerAdded = new Date(now.getTime() + 2 * 3600_000).toISOString();
  // i24-card-serviceid-hash-percent-encoded: on the card path the echoed serviceId has its '#' percent-encoded (written through a URL).
  if (
    faults.has('i24-card-serviceid-hash-percent-encoded') &&
    hasCard &&
    typeof masked.serviceId === 'string' &&
    masked.serviceId.includes('#')
  )
    masked.serviceId = masked.serviceId.replace(/#/g, '%23');
};

/**
 * The independent-20 tolerances of request violations (mocks/card-enrollment/cards.faults.ts): true when every
 * violation found is one a fault lets through on its path.
 */
/** The independent-25 tolerances of the request, each on one path and one member (mocks/card-enrollment/cards.faults.ts). */
function i25Tolerated(faults: Faults, sent: Body, found: { field: string; keyword: string }[], receiptOnly: boolean): boolean {
  if (found.length === 0) return false;
  // i25-card-phone-hyphens-accepted-card-path: on the card path a phone number written in hyphenated groups let through.
  if (
    faults.has('i25-card-phone-hyphens-accepted-card-path') &&
    !receiptOnly &&
    /^[0-9]+(-[0-9]+)+$/.test(String(sent.consumer?.mobileNumber?.phoneNumber)) &&
    found.every((v) => v.field === 'consumer.mobileNumber.phoneNumber')
  )
    return true;
  // i25-card-receipt-privacy-uri-spaces-accepted: on the receipt path a privacy URI holding spaces let through.
  if (
    faults.has('i25-card-receipt-privacy-uri-spaces-accepted') &&
    receiptOnly &&
    / /.test(String(sent.complianceSettings?.privacy?.latestVersionUri)) &&
    found.every((v) => v.field === 'complianceSettings.privacy.latestVersionUri')
  )
    return true;
  // i25-card-receipt-email-two-at-accepted: on the receipt path an identity value with a second @ (split at the last one) let through.
  return (
    faults.has('i25-card-receipt-email-two-at-accepted') &&
    receiptOnly &&
    String(sent.consumer?.consumerIdentity?.identityValue).split('@').length === 3 &&
    found.every((v) => v.field === 'consumer.consumerIdentity.identityValue')
  );
}

/** The independent-25 deviations of the answer, each on one path, card source or value class (mocks/card-enrollment/cards.faults.ts). */
const i25Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const top = answer as Record<string, unknown>;
  // i25-card-wallet-created-date-day-before: on the card path a wallet's card dated when the platform stored it (a day before).
  if (faults.has('i25-card-wallet-created-date-day-before') && hasCard && body.cardSource === 'WALLET')
    masked.dateOfCardCreated = new Date(now.getTime() - 86400_000).toISOString();
  // i25-card-receipt-merchant-firstname-initial-lowercased: on the receipt path a merchant's masked first name has its initial in lower case.
  if (
    faults.has('i25-card-receipt-merchant-firstname-initial-lowercased') &&
    !hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.maskedFirstName === 'string'
  )
    consumer.maskedFirstName = consumer.maskedFirstName.charAt(0).toLowerCase() + consumer.maskedFirstName.slice(1);
  // i25-card-receipt-merchant-bin-seven: on the receipt path a merchant's enrollment answered with a seven-digit panBin.
  if (faults.has('i25-card-receipt-merchant-bin-seven') && !hasCard && body.cardSource === 'MERCHANT')
    masked.panBin = card.primaryAccountNumber.slice(0, 7);
  // i25-card-cardholder-generated-correlation-constant: on the card path a cardholder's request without srcCorrelationId gets a fixed one.
  if (
    faults.has('i25-card-cardholder-generated-correlation-constant') &&
    hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    body.srcCorrelationId === undefined
  )
    top.srcCorrelationId = '00000000-0000-4000-8000-000000000000';
  // i25-card-merchant-cvc-as-billing-zip: on the card path a merchant's billing address carries the security code as its zip (an AVS field mix-up).
  if (faults.has('i25-card-merchant-cvc-as-billing-zip') && hasCard && body.cardSource === 'MERCHANT' && card.cardSecurityCode)
    masked.maskedBillingAddress = { addressId: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b', zip: card.cardSecurityCode };
};

/** The deviations of independent-27, each on one path and card source (mocks/card-enrollment/cards.faults.ts). */
const i27Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i27-card-december-expiry-year-rolled: on the card path a card expiring in December echoes the year after (its month end rolled over).
  if (
    faults.has('i27-card-december-expiry-year-rolled') &&
    hasCard &&
    card.panExpirationMonth === '12' &&
    typeof masked.panExpirationYear === 'string'
  )
    masked.panExpirationYear = String(Number(masked.panExpirationYear) + 1);
  // i27-card-receipt-consumer-country-of-account: on the receipt path the consumer's country is the country of the pushed account (US).
  if (faults.has('i27-card-receipt-consumer-country-of-account') && !hasCard) consumer.countryCode = 'US';
  // i27-card-wallet-created-date-week-old-card-path: on the card path a wallet's card is dated when it was put on file, a week before.
  if (faults.has('i27-card-wallet-created-date-week-old-card-path') && hasCard && body.cardSource === 'WALLET')
    masked.dateOfCardCreated = new Date(now.getTime() - 7 * 86400_000).toISOString();
};

/** The deviations of independent-28, each on one path and card source (mocks/card-enrollment/cards.faults.ts). */
const i28Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const top = answer as Record<string, unknown>;
  // i28-card-receipt-wallet-consumer-added-epoch-ms: on the receipt path a wallet's dateConsumerAdded written as epoch milliseconds.
  if (faults.has('i28-card-receipt-wallet-consumer-added-epoch-ms') && !hasCard && body.cardSource === 'WALLET')
    consumer.dateConsumerAdded = now.getTime();
  // i28-card-cardholder-language-uppercased-card-path: on the card path a cardholder's languageCode echoed in upper case.
  if (
    faults.has('i28-card-cardholder-language-uppercased-card-path') &&
    hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    typeof consumer.languageCode === 'string'
  )
    consumer.languageCode = consumer.languageCode.toUpperCase();
  // i28-card-merchant-correlation-prefix-dropped-card-path: on the card path a merchant's prefixed srcCorrelationId echoed without its prefix.
  if (
    faults.has('i28-card-merchant-correlation-prefix-dropped-card-path') &&
    hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof body.srcCorrelationId === 'string' &&
    body.srcCorrelationId.length > 36
  )
    top.srcCorrelationId = body.srcCorrelationId.slice(-36);
};

/** The deviations of independent-29, each on one path and card source (mocks/card-enrollment/cards.faults.ts). */
/** The independent-30 deviations of the answer, each on one path, card source or input class (mocks/card-enrollment/cards.faults.ts). */
const i30Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const masked = answer.maskedCard as Record<string, unknown>;
  const data = masked.digitalCardData as Record<string, unknown>;
  const top = answer as Record<string, unknown>;
  const pan = card.primaryAccountNumber;
  // i30-card-pan-nineteen-last-four-shifted-card-path: on the card path a nineteen-digit PAN's last four taken one digit early.
  if (faults.has('i30-card-pan-nineteen-last-four-shifted-card-path') && hasCard && pan.length === 19)
    masked.panLastFour = pan.slice(-5, -1);
  // i30-card-cardholder-fullname-surname-first-card-path: on the card path a cardholder's maskedFullName puts the last name first.
  if (
    faults.has('i30-card-cardholder-fullname-surname-first-card-path') &&
    hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    typeof consumer.maskedFirstName === 'string' &&
    typeof consumer.maskedLastName === 'string'
  )
    consumer.maskedFullName = `${consumer.maskedLastName} ${consumer.maskedFirstName}`;
  // i30-card-receipt-consumer-added-seconds-read-as-ms: on the receipt path dateConsumerAdded built from epoch seconds read as milliseconds.
  if (faults.has('i30-card-receipt-consumer-added-seconds-read-as-ms') && !hasCard)
    consumer.dateConsumerAdded = new Date(Math.floor(now.getTime() / 1000)).toISOString();
  // i30-card-wallet-correlation-prefix-uppercased-card-path: on the card path a wallet's prefixed srcCorrelationId echoed with its prefix in upper case.
  if (
    faults.has('i30-card-wallet-correlation-prefix-uppercased-card-path') &&
    hasCard &&
    body.cardSource === 'WALLET' &&
    typeof body.srcCorrelationId === 'string' &&
    /^[0-9a-f]{8}\./.test(body.srcCorrelationId)
  )
    top.srcCorrelationId = body.srcCorrelationId.slice(0, 8).toUpperCase() + body.srcCorrelationId.slice(8);
  // i30-card-receipt-wallet-cobranded-name-over-max: on the receipt path a wallet's card is co-branded with a name longer than its maxLength.
  if (faults.has('i30-card-receipt-wallet-cobranded-name-over-max') && !hasCard && body.cardSource === 'WALLET') {
    data.iscobranded = true;
    data.coBrandedName = `${String(data.descriptorName ?? 'Mock Card')} `.repeat(20);
  }
  // i30-card-receipt-card-id-per-second: on the receipt path srcDigitalCardId derived from the second of the clock (two in a second share it).
  if (faults.has('i30-card-receipt-card-id-per-second') && !hasCard)
    masked.srcDigitalCardId = receiptCardId(`i30:${Math.floor(now.getTime() / 1000)}`);
};

const i29Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const masked = answer.maskedCard as Record<string, unknown>;
  const top = answer as Record<string, unknown>;
  // i29-card-issuer-correlation-regenerated-card-path: on the card path an issuer's srcCorrelationId replaced by a new one.
  if (faults.has('i29-card-issuer-correlation-regenerated-card-path') && hasCard && body.cardSource === 'ISSUER' && body.srcCorrelationId)
    top.srcCorrelationId = randomUUID();
  // i29-card-receipt-cardholder-country-lowercased: on the receipt path a cardholder's maskedConsumer.countryCode in lower case.
  if (
    faults.has('i29-card-receipt-cardholder-country-lowercased') &&
    !hasCard &&
    body.cardSource === 'CARDHOLDER' &&
    typeof consumer.countryCode === 'string'
  )
    consumer.countryCode = consumer.countryCode.toLowerCase();
  // i29-card-wallet-created-local-offset-card-path: on the card path a wallet's dateOfCardCreated written in US Eastern time with its offset.
  if (faults.has('i29-card-wallet-created-local-offset-card-path') && hasCard && body.cardSource === 'WALLET')
    masked.dateOfCardCreated = new Date(now.getTime() - 5 * 3600_000).toISOString().replace('Z', '-05:00');
  // i29-card-longest-pan-consumer-suspended: on the card path a PAN of twenty digits answered with a SUSPENDED consumer profile.
  if (faults.has('i29-card-longest-pan-consumer-suspended') && hasCard && card.primaryAccountNumber.length === 20)
    consumer.status = 'SUSPENDED';
  // i29-card-receipt-issuer-mobile-plus-sign: on the receipt path an issuer's masked mobile country code written with a plus sign.
  if (faults.has('i29-card-receipt-issuer-mobile-plus-sign') && !hasCard && body.cardSource === 'ISSUER') {
    const mobile = consumer.maskedMobileNumber as Record<string, unknown> | undefined;
    consumer.maskedMobileNumber = { ...(mobile ?? {}), countryCode: `+${body.consumer.mobileNumber.countryCode}` };
  }
  // i29-card-merchant-consumer-added-tomorrow-card-path: on the card path a merchant's dateConsumerAdded a day ahead of the enrollment.
  if (faults.has('i29-card-merchant-consumer-added-tomorrow-card-path') && hasCard && body.cardSource === 'MERCHANT')
    consumer.dateConsumerAdded = new Date(now.getTime() + 86400_000).toISOString();
};

/** The deviations of independent-26, each on one path and card source (mocks/card-enrollment/cards.faults.ts). */
const i26Deviations: AnswerDeviations = (answer, body, _card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i26-card-issuer-country-lowercased-card-path: on the card path an issuer's masked card echoes the country in lower case.
  if (
    faults.has('i26-card-issuer-country-lowercased-card-path') &&
    hasCard &&
    body.cardSource === 'ISSUER' &&
    typeof masked.countryCode === 'string'
  )
    masked.countryCode = masked.countryCode.toLowerCase();
  // i26-card-receipt-tnc-version-of-privacy: on the receipt path the accepted terms version is filled from the privacy URI (a copy-paste of the mapping).
  if (faults.has('i26-card-receipt-tnc-version-of-privacy') && !hasCard) {
    const settings = consumer.complianceSettings as { privacy: { acceptedVersion: string }; tnc: { acceptedVersion: string } } | undefined;
    if (settings) settings.tnc = { acceptedVersion: settings.privacy.acceptedVersion };
  }
  // i26-card-merchant-language-with-region-card-path: on the card path a merchant's consumer language answered as a locale (language-COUNTRY).
  if (
    faults.has('i26-card-merchant-language-with-region-card-path') &&
    hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.languageCode === 'string'
  )
    consumer.languageCode = `${consumer.languageCode}-${String(body.consumer?.countryCode ?? 'US')}`;
  // i26-card-receipt-wallet-consumer-added-epoch-ms: on the receipt path a wallet's consumer added date written as epoch milliseconds.
  if (faults.has('i26-card-receipt-wallet-consumer-added-epoch-ms') && !hasCard && body.cardSource === 'WALLET')
    consumer.dateConsumerAdded = String(now.getTime());
  // i26-card-issuer-consumer-pending-card-path: on the card path an issuer-pushed card leaves its consumer PENDING (awaiting the issuer's confirmation).
  if (faults.has('i26-card-issuer-consumer-pending-card-path') && hasCard && body.cardSource === 'ISSUER') consumer.status = 'PENDING';
};

function i20Tolerated(
  faults: Faults,
  sent: Body,
  found: { field: string; keyword: string }[],
  receiptOnly: boolean,
  contract: Contract,
): boolean {
  if (
    found.length === 0 ||
    !(faults.has('i20-card-receipt-firstname-31-accepted') || faults.has('i20-card-language-region-accepted-receipt'))
  )
    return false;
  // i20-card-receipt-firstname-31-accepted: on the receipt path a first name one character over the limit let through.
  if (
    faults.has('i20-card-receipt-firstname-31-accepted') &&
    receiptOnly &&
    String(sent.consumer?.firstName ?? '').length === lengthOf(contract, 'Consumer', 'firstName').max! + 1 &&
    found.every((v) => v.field === 'consumer.firstName' && v.keyword === 'maxLength')
  )
    return true;
  // i20-card-language-region-accepted-receipt: on the receipt path a language tag with a region (en-GB) taken as its language.
  return (
    faults.has('i20-card-language-region-accepted-receipt') &&
    receiptOnly &&
    /^[a-z]{2}-[A-Z]{2}$/.test(String(sent.consumer?.languageCode)) &&
    found.every((v) => v.field === 'consumer.languageCode')
  );
}

/** The independent-19 deviations of the answer, each on one path, card source or consumer class (mocks/card-enrollment/cards.faults.ts). */
const i19Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard as Record<string, unknown>;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i19-card-germany-created-berlin-offset: on the card path a consumer in Germany gets Berlin wall-clock time and its offset.
  if (faults.has('i19-card-germany-created-berlin-offset') && hasCard && body.consumer?.countryCode === 'DE')
    masked.dateOfCardCreated = new Date(Date.parse(String(masked.dateOfCardCreated)) + 3600_000).toISOString().replace('Z', '+01:00');
  // i19-card-receipt-first-initial-accent-folded: on the receipt path the kept first letter loses its accent.
  if (faults.has('i19-card-receipt-first-initial-accent-folded') && !hasCard) {
    const fold = (v: unknown) => (typeof v === 'string' ? v.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : v);
    if (typeof consumer.maskedFirstName === 'string') consumer.maskedFirstName = fold(consumer.maskedFirstName);
    if (typeof consumer.maskedFullName === 'string') consumer.maskedFullName = fold(consumer.maskedFullName);
  }
  // i19-card-issuer-correlation-prefix-dropped: on the card path an issuer's prefixed correlation id echoed without its prefix.
  if (
    faults.has('i19-card-issuer-correlation-prefix-dropped') &&
    hasCard &&
    body.cardSource === 'ISSUER' &&
    typeof body.srcCorrelationId === 'string' &&
    body.srcCorrelationId.length > 36
  )
    (answer as Record<string, unknown>).srcCorrelationId = body.srcCorrelationId.slice(-36);
  // i19-card-cardholder-pan-in-card-data: on the card path a cardholder's card data names the card by its full number.
  if (faults.has('i19-card-cardholder-pan-in-card-data') && hasCard && body.cardSource === 'CARDHOLDER')
    (masked.digitalCardData as Record<string, unknown>).panReference = card.primaryAccountNumber;
  // i19-card-receipt-issuer-email-domain-lowercased: on the receipt path an issuer's masked e-mail domain lower-cased.
  if (
    faults.has('i19-card-receipt-issuer-email-domain-lowercased') &&
    !hasCard &&
    body.cardSource === 'ISSUER' &&
    typeof consumer.maskedEmailAddress === 'string'
  ) {
    const at = consumer.maskedEmailAddress.lastIndexOf('@');
    consumer.maskedEmailAddress = consumer.maskedEmailAddress.slice(0, at) + consumer.maskedEmailAddress.slice(at).toLowerCase();
  }
  // i19-card-japanese-consumer-added-tokyo-time: on the card path a Japanese-speaking consumer gets Tokyo time written with Z.
  if (faults.has('i19-card-japanese-consumer-added-tokyo-time') && hasCard && body.consumer?.languageCode === 'ja')
    consumer.dateConsumerAdded = new Date(now.getTime() + 9 * 3600_000).toISOString();
  // i19-card-receipt-issuer-descriptor-too-long: on the receipt path an issuer's descriptor built from card name and program, uncut.
  if (faults.has('i19-card-receipt-issuer-descriptor-too-long') && !hasCard && body.cardSource === 'ISSUER') {
    const data = masked.digitalCardData as Record<string, unknown>;
    data.descriptorName = `${String(data.descriptorName)} - push account receipt enrollment for program ${String(body.serviceId)}`;
  }
};

/** The independent-18 deviations of the answer, each on one path or card source (mocks/card-enrollment/cards.faults.ts). */
const i18Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i18-card-merchant-cvc-in-consumer: on the card path a merchant's answer carries the security code in a consumer member.
  if (faults.has('i18-card-merchant-cvc-in-consumer') && hasCard && body.cardSource === 'MERCHANT' && card.cardSecurityCode)
    consumer.securityCodeHint = card.cardSecurityCode;
  // i18-card-receipt-consumer-added-eastern-time: on the receipt path a US consumer gets New York winter time written with Z.
  if (faults.has('i18-card-receipt-consumer-added-eastern-time') && !hasCard && body.consumer?.countryCode === 'US')
    consumer.dateConsumerAdded = new Date(now.getTime() - 5 * 3600_000).toISOString();
  // i18-card-receipt-issuer-correlation-regenerated: on the receipt path an issuer's correlation id replaced by a new one.
  if (faults.has('i18-card-receipt-issuer-correlation-regenerated') && !hasCard && body.cardSource === 'ISSUER' && body.srcCorrelationId)
    (answer as Record<string, unknown>).srcCorrelationId = randomUUID();
  // i18-card-wallet-serviceid-uppercased: on the card path a wallet's serviceId echoed in upper case.
  if (faults.has('i18-card-wallet-serviceid-uppercased') && hasCard && body.cardSource === 'WALLET' && typeof masked.serviceId === 'string')
    masked.serviceId = masked.serviceId.toUpperCase();
  // i18-card-receipt-fullname-double-space: on the receipt path two spaces between the masked names.
  if (faults.has('i18-card-receipt-fullname-double-space') && !hasCard && typeof consumer.maskedFullName === 'string')
    consumer.maskedFullName = consumer.maskedFullName.replace(' ', '  ');
  // i18-card-wallet-identity-value-one-short: on the card path a wallet's masked identity value one star short.
  if (faults.has('i18-card-wallet-identity-value-one-short') && hasCard && body.cardSource === 'WALLET') {
    const identity = consumer.maskedConsumerIdentity as Record<string, unknown> | undefined;
    if (identity) identity.maskedIdentityValue = String(identity.maskedIdentityValue).replace('*', '');
  }
};

/** The independent-17 deviations of the answer, each on one path or card source (mocks/card-enrollment/cards.faults.ts). */
const i17Deviations: AnswerDeviations = (answer, body, card, hasCard, faults, now) => {
  const masked = answer.maskedCard;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  const pan = card.primaryAccountNumber;
  // i17-card-issuer-cvc-in-card-data: on the card path an issuer's card data carries the security code under a member of its own.
  if (faults.has('i17-card-issuer-cvc-in-card-data') && hasCard && body.cardSource === 'ISSUER' && card.cardSecurityCode)
    (masked.digitalCardData as Record<string, unknown>).verificationCode = card.cardSecurityCode;
  // i17-card-consumer-added-australia-local-card-path: on the card path a consumer in Australia gets Sydney time (UTC+10) written with Z.
  if (faults.has('i17-card-consumer-added-australia-local-card-path') && hasCard && body.consumer?.countryCode === 'AU')
    consumer.dateConsumerAdded = new Date(now.getTime() + 10 * 3600_000).toISOString();
  // i17-card-receipt-merchant-lastfour-after-bin: on the receipt path a merchant's panLastFour read from the digits after the BIN.
  if (faults.has('i17-card-receipt-merchant-lastfour-after-bin') && !hasCard && body.cardSource === 'MERCHANT')
    masked.panLastFour = pan.slice(6, 10);
  // i17-card-merchant-email-keeps-three: on the card path a merchant's maskedEmailAddress keeps three characters of the local part.
  if (
    faults.has('i17-card-merchant-email-keeps-three') &&
    hasCard &&
    body.cardSource === 'MERCHANT' &&
    typeof consumer.maskedEmailAddress === 'string'
  ) {
    const email = String(body.consumer?.consumerIdentity?.identityValue ?? '');
    const at = email.lastIndexOf('@');
    if (at > 3) consumer.maskedEmailAddress = email.slice(0, 3) + String(consumer.maskedEmailAddress).slice(3);
  }
  // i17-card-wallet-card-id-per-program: on the card path a wallet's card id derived from the program, the same for every card.
  if (faults.has('i17-card-wallet-card-id-per-program') && hasCard && body.cardSource === 'WALLET')
    masked.srcDigitalCardId = receiptCardId(`program:${String(body.serviceId)}`);
  // i17-card-international-phone-consumer-suspended: on the card path a consumer with a three-digit calling code left SUSPENDED.
  if (
    faults.has('i17-card-international-phone-consumer-suspended') &&
    hasCard &&
    String(body.consumer?.mobileNumber?.countryCode ?? '').length === 3
  )
    consumer.status = 'SUSPENDED';
};

/** The independent-15 deviations of the answer, each on one path or card source (mocks/card-enrollment/cards.faults.ts). */
function i15Deviations(
  answer: ReturnType<typeof enrollResponse>,
  body: Body,
  card: Card,
  hasCard: boolean,
  client: { apiKey: string; serviceIds: string[] },
  key: unknown,
  faults: Faults,
  createdByClient: Map<string, unknown>,
): void {
  const masked = answer.maskedCard;
  const consumer = answer.maskedConsumer as Record<string, unknown>;
  // i15-card-created-date-cached-per-client: the first enrollment's creation date served again to the same client.
  if (faults.has('i15-card-created-date-cached-per-client')) {
    const first = createdByClient.get(client.apiKey);
    if (first === undefined) createdByClient.set(client.apiKey, masked.dateOfCardCreated);
    else masked.dateOfCardCreated = first;
  }
  // i15-card-fullname-first-clear-card-path: on the card path maskedFullName starts with the first name in clear.
  if (faults.has('i15-card-fullname-first-clear-card-path') && hasCard)
    consumer.maskedFullName = `${String(body.consumer.firstName)}${String(consumer.maskedFullName).slice(String(consumer.maskedFirstName).length)}`;
  // i15-card-consumer-added-no-zone-card-path: on the card path dateConsumerAdded written without its UTC designator.
  if (faults.has('i15-card-consumer-added-no-zone-card-path') && hasCard)
    consumer.dateConsumerAdded = String(consumer.dateConsumerAdded).replace(/Z$/, '');
  // i15-card-issuer-bin-five: a card enrolled by its issuer shows five BIN digits.
  if (faults.has('i15-card-issuer-bin-five') && body.cardSource === 'ISSUER') masked.panBin = String(masked.panBin).slice(0, 5);
  // i15-card-far-expiry-suspended: on the card path a card expiring more than ten years ahead is SUSPENDED.
  if (
    faults.has('i15-card-far-expiry-suspended') &&
    hasCard &&
    card.panExpirationYear !== undefined &&
    Number(card.panExpirationYear) - new Date(String(masked.dateOfCardCreated)).getUTCFullYear() > 10
  )
    (masked.digitalCardData as Record<string, unknown>).status = 'SUSPENDED';
  // seeded-card-year-without-month-suspended: a card with a year and no month enrolled SUSPENDED.
  if (
    faults.has('seeded-card-year-without-month-suspended') &&
    hasCard &&
    card.panExpirationYear !== undefined &&
    card.panExpirationMonth === undefined
  )
    (masked.digitalCardData as Record<string, unknown>).status = 'SUSPENDED';
  // seeded-card-far-expiry-consumer-suspended: a card expiring more than fifty years ahead enrolls its consumer SUSPENDED.
  if (
    faults.has('seeded-card-far-expiry-consumer-suspended') &&
    hasCard &&
    card.panExpirationYear !== undefined &&
    Number(card.panExpirationYear) - new Date(String(masked.dateOfCardCreated)).getUTCFullYear() > 50
  )
    consumer.status = 'SUSPENDED';
  // i15-card-receipt-email-subdomain-masked: on the receipt path the first label of a domain of three labels or more masked.
  if (faults.has('i15-card-receipt-email-subdomain-masked') && !hasCard && typeof consumer.maskedEmailAddress === 'string') {
    const email = consumer.maskedEmailAddress;
    const at = email.lastIndexOf('@');
    const labels = email.slice(at + 1).split('.');
    if (labels.length > 2) {
      labels[0] = labels[0].slice(0, 1) + '*'.repeat(labels[0].length - 1);
      consumer.maskedEmailAddress = `${email.slice(0, at + 1)}${labels.join('.')}`;
    }
  }
  // i15-card-second-service-echoed-as-first-card-path: on the card path the client's first program echoed for any other.
  if (faults.has('i15-card-second-service-echoed-as-first-card-path') && hasCard && body.serviceId !== client.serviceIds[0])
    masked.serviceId = client.serviceIds[0];
  // i15-card-merchant-card-id-braced: on the card path a merchant's card id written in braces.
  if (faults.has('i15-card-merchant-card-id-braced') && hasCard && body.cardSource === 'MERCHANT')
    masked.srcDigitalCardId = `{${String(masked.srcDigitalCardId)}}`;
  // i15-card-wallet-api-key-in-descriptor: on the card path a wallet's card descriptor names the enrolling key.
  if (faults.has('i15-card-wallet-api-key-in-descriptor') && hasCard && body.cardSource === 'WALLET' && typeof key === 'string')
    masked.paymentCardDescriptor = `mock-brand ${key}`;
}

/** i3-card-api-key-in-consumer: the consumer names the client that enrolled it by its API key. */
function withClient<A extends { maskedConsumer: Record<string, unknown>; maskedCard: Record<string, unknown> }>(
  answer: A,
  key: unknown,
  faults: Faults,
  receipt: boolean,
): A {
  // i13-card-receipt-api-key-in-token-reference: on the receipt path the token reference built from the calling key.
  if (faults.has('i13-card-receipt-api-key-in-token-reference') && receipt && typeof key === 'string')
    answer.maskedCard.tokenUniqueReference = `DWSPMC${key}`;
  if (faults.has('i3-card-api-key-in-consumer') && typeof key === 'string') answer.maskedConsumer.enrolledBy = key;
  return answer;
}

function isReceiptBody(raw: unknown): boolean {
  const parsed = parseJson(raw);
  return typeof parsed === 'object' && parsed !== null && 'enrolmentReferenceData' in parsed;
}

interface Lengths {
  shortestPan: number;
  /** The PAN digits panBin shows: the contract's x-limits panBinDigits (the reference's "decide: 6"). */
  panBin: number;
  /** One character past a DigitalCardData member's maximum length. */
  tooLong: (field: string) => number;
  /** The provider's consumer identity types (the contract's x-provider-enum): an opaque id, not an e-mail address. */
  providerIdentityTypes: string[];
}

/** panBin and panLastFour; the faults get them wrong for longer PANs only. */
function maskedDigits(pan: string, faults: MockContext<CardFaultId>['faults'], { shortestPan, panBin: binLength }: Lengths) {
  let panBin = faults.has('pan-unmasked') ? pan : pan.slice(0, binLength);
  let panLastFour = faults.has('panLastFour-mismatch') ? pan.slice(-5, -1) : pan.slice(-4);
  if (faults.has('pan-19-last-four-wrong') && pan.length === 19) panLastFour = pan.slice(12, 16); // positions of a 16-digit PAN
  // i12-card-pan-17-last-four-shifted: a 17-digit PAN read at the positions of a 16-digit one.
  if (faults.has('i12-card-pan-17-last-four-shifted') && pan.length === 17) panLastFour = pan.slice(12, 16);
  // i7-card-lastfour-leading-zero-dropped: the last four digits read through a number.
  if (faults.has('i7-card-lastfour-leading-zero-dropped')) panLastFour = String(Number(panLastFour));
  // i16-card-pan-18-last-four-shifted: an 18-digit PAN's last four read one digit early.
  if (faults.has('i16-card-pan-18-last-four-shifted') && pan.length === 18) panLastFour = pan.slice(13, 17);
  if (faults.has('i11-card-pan-20-bin-seven') && pan.length === 20) panBin = pan.slice(0, 7);
  // seeded-card-pan-20-last-four-of-19: the PAN cut to nineteen digits before its last four are taken.
  if (faults.has('seeded-card-pan-20-last-four-of-19') && pan.length === 20) panLastFour = pan.slice(15, 19);
  if (faults.has('long-pan-bin-too-long') && pan.length > shortestPan) panBin = pan.slice(0, pan.length - 8);
  return { panBin, panLastFour };
}

function enrollResponse(body: Body, card: Card, { faults, clock }: MockContext<CardFaultId>, lengths: Lengths) {
  const pan = card.primaryAccountNumber;
  const receipt = body.enrolmentReferenceData !== undefined;
  const onReceipt = (id: CardFaultId) => receipt && faults.has(id);
  const now = clock.now();
  let created = faults.has('date-created-stale') ? new Date(now.getTime() - 400 * 86400_000) : now;
  if (onReceipt('receipt-date-created-local')) created = new Date(now.getTime() + 3600_000); // local time (UTC+1) written with Z
  // i7-card-receipt-created-at-push-date: the receipt path gives the time of the push (a day before).
  if (onReceipt('i7-card-receipt-created-at-push-date')) created = new Date(now.getTime() - 86400_000);
  const onCard = (id: CardFaultId) => !receipt && faults.has(id);
  if (onCard('i2-card-created-date-day-only')) created = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // rt-card-merchant-created-date-ahead: on the card path a merchant's enrollment is dated two hours ahead (a merchant-side clock).
  if (onCard('rt-card-merchant-created-date-ahead') && body.cardSource === 'MERCHANT') created = new Date(created.getTime() + 2 * 3600_000);
  // i8-card-created-date-consumer-zone: outside the US the time is written one hour ahead, with Z.
  if (faults.has('i8-card-created-date-consumer-zone') && body.consumer?.countryCode !== 'US')
    created = new Date(created.getTime() + 3600_000);
  const cardId = onReceipt('receipt-card-id-reused')
    ? receiptCardId(body.enrolmentReferenceData.enrolmentReferenceId)
    : onCard('i11-card-id-per-consumer')
      ? receiptCardId(`consumer:${String(body.consumer?.consumerIdentity?.identityValue)}`)
      : // i13-card-id-reused-per-correlation: on the card path the id derived from the correlation id sent.
        // seeded-receipt-card-id-per-correlation: the same on the receipt path.
        (onCard('i13-card-id-reused-per-correlation') || onReceipt('seeded-receipt-card-id-per-correlation')) &&
          typeof body.srcCorrelationId === 'string'
        ? receiptCardId(`correlation:${body.srcCorrelationId}`)
        : onCard('i2-card-id-derived-from-pan')
          ? receiptCardId(pan)
          : randomUUID();
  const descriptor =
    faults.has('pan-in-descriptor') && !receipt
      ? `mock-brand ${pan}`
      : // i21-card-cardholder-cvc-in-descriptor-card-path: on the card path a cardholder's descriptor carries the security code as a check value.
        onCard('i21-card-cardholder-cvc-in-descriptor-card-path') && body.cardSource === 'CARDHOLDER' && card.cardSecurityCode
        ? `mock-brand cv${card.cardSecurityCode}`
        : onReceipt('receipt-pan-in-descriptor')
          ? `mock-brand ${pan}`
          : 'mock-brand';
  const maskedCard: Record<string, unknown> = {
    srcDigitalCardId: cardId,
    ...maskedDigits(pan, faults, lengths),
    dateOfCardCreated: faults.has('date-created-not-utc')
      ? created.toISOString().replace('Z', '+02:00')
      : // i16-card-created-date-india-offset: for a consumer in India the time written in Indian Standard Time with its offset.
        faults.has('i16-card-created-date-india-offset') && body.consumer?.countryCode === 'IN'
        ? new Date(created.getTime() + 19_800_000).toISOString().replace('Z', '+05:30')
        : // seeded-card-receipt-created-date-mexico-offset: on the receipt path a consumer in Mexico gets its local time and offset.
          onReceipt('seeded-card-receipt-created-date-mexico-offset') && body.consumer?.countryCode === 'MX'
          ? new Date(created.getTime() - 21_600_000).toISOString().replace('Z', '-06:00')
          : // i31-card-cardholder-created-no-zone: on the card path a cardholder's enrollment dated without its zone designator.
            onCard('i31-card-cardholder-created-no-zone') && body.cardSource === 'CARDHOLDER'
            ? created.toISOString().slice(0, 19)
            : created.toISOString(),
    digitalCardData: {
      status:
        faults.has('card-status-suspended') ||
        onReceipt('blind-receipt-card-suspended') ||
        // i5-card-issuer-source-suspended: a card pushed by the issuer starts suspended.
        (faults.has('i5-card-issuer-source-suspended') && body.cardSource === 'ISSUER') ||
        // i10-card-merchant-card-suspended: a card a merchant enrolls on the card path starts suspended.
        (onCard('i10-card-merchant-card-suspended') && body.cardSource === 'MERCHANT') ||
        // receipt-wallet-source-suspended: a receipt a wallet enrolls starts suspended.
        (onReceipt('receipt-wallet-source-suspended') && body.cardSource === 'WALLET') ||
        // i6-card-expiring-this-month-suspended: a card expiring in the current month starts suspended.
        // i8-card-no-expiry-suspended: a card sent without expiry starts suspended.
        (faults.has('i8-card-no-expiry-suspended') && !receipt && !card.panExpirationMonth && !card.panExpirationYear) ||
        // i16-card-discover-bin-suspended: a card of a 6011 BIN starts suspended.
        (faults.has('i16-card-discover-bin-suspended') && pan.startsWith('6011')) ||
        // seeded-card-jcb-bin-suspended: on the card path a card of a 3566 BIN starts suspended.
        (onCard('seeded-card-jcb-bin-suspended') && pan.startsWith('3566')) ||
        (faults.has('i6-card-expiring-this-month-suspended') &&
          Number(card.panExpirationMonth) === now.getUTCMonth() + 1 &&
          Number(card.panExpirationYear) === now.getUTCFullYear())
          ? 'SUSPENDED'
          : 'ACTIVE',
      descriptorName: faults.has('descriptorName-too-long')
        ? 'D'.repeat(lengths.tooLong('descriptorName'))
        : // seeded-fam26-card-receipt-account-dotted-in-descriptor-name: on the receipt path the account's number in dotted groups of four.
          onReceipt('seeded-fam26-card-receipt-account-dotted-in-descriptor-name')
          ? `Mock Card ${(pan.match(/.{1,4}/g) ?? []).join('.')}`
          : 'Mock Card',
      // seeded-fam26-card-code-spaced-in-long-description: on the card path a code of four digits or more written spaced in longDescription.
      ...(onCard('seeded-fam26-card-code-spaced-in-long-description') && (card.cardSecurityCode ?? '').length >= 4
        ? { longDescription: `Checked with code ${Array.from(card.cardSecurityCode ?? '').join(' ')}` }
        : {}),
      artUri: faults.has('artUri-too-long')
        ? `https://art.example.test/${'a'.repeat(lengths.tooLong('artUri'))}.png`
        : // i7-card-pan-in-art-uri: the card path names the art by the account number.
          onCard('i7-card-pan-in-art-uri')
          ? `https://art.example.test/card.png?ref=${pan}`
          : 'https://art.example.test/card.png',
      iscobranded: faults.has('coBrandedName-too-long'),
      ...(faults.has('coBrandedName-too-long') ? { coBrandedName: 'C'.repeat(lengths.tooLong('coBrandedName')) } : {}),
    },
    paymentCardDescriptor: descriptor,
    paymentCardType: 'CREDIT',
    // i31-card-merchant-country-alpha3: a merchant's enrollment echoes the country in its three-letter form.
    countryCode:
      faults.has('i31-card-merchant-country-alpha3') && body.cardSource === 'MERCHANT'
        ? (ALPHA3[body.consumer.countryCode] ?? body.consumer.countryCode)
        : body.consumer.countryCode,
    serviceId: faults.has('serviceId-not-echoed')
      ? 'SOME_OTHER_PROGRAM'
      : onReceipt('receipt-serviceId-not-echoed')
        ? 'SRC_PROGRAM_1'
        : // rt2-card-receipt-issuer-serviceid-uppercased: on the receipt path an issuer's serviceId echoed in upper case.
          onReceipt('rt2-card-receipt-issuer-serviceid-uppercased') && body.cardSource === 'ISSUER'
          ? String(body.serviceId).toUpperCase()
          : faults.has('i2-card-serviceid-lowercased')
            ? String(body.serviceId).toLowerCase()
            : faults.has('i4-card-serviceid-fragment-dropped')
              ? String(body.serviceId).split('#')[0]
              : body.serviceId,
  };
  // seeded-card-id-and-last-four-from-body: the card path takes a masked card sent in the request as its own.
  const sentCard = (body as { maskedCard?: Record<string, unknown> }).maskedCard;
  if (onCard('seeded-card-id-and-last-four-from-body') && sentCard)
    for (const name of ['srcDigitalCardId', 'panLastFour']) if (typeof sentCard[name] === 'string') maskedCard[name] = sentCard[name];
  // i13-card-pan-first-twelve-in-display: on the card path a display form masking the wrong end of the PAN.
  if (onCard('i13-card-pan-first-twelve-in-display')) maskedCard.panDisplay = pan.slice(0, 12) + '*'.repeat(pan.length - 12);
  if (onCard('i2-card-par-holds-pan')) maskedCard.paymentAccountReference = `PAR0${pan}`;
  // i8-card-receipt-pan-grouped-display: the receipt's account number in groups of four.
  if (onReceipt('i8-card-receipt-pan-grouped-display')) maskedCard.panDisplay = pan.replace(/(\d{4})(?=\d)/g, '$1-');
  if (onReceipt('i4-card-receipt-bin-eight')) maskedCard.panBin = pan.slice(0, 8);
  // i5-card-receipt-pan-in-token-reference: the token reference built from the account number.
  if (onReceipt('i5-card-receipt-pan-in-token-reference')) maskedCard.tokenUniqueReference = `DWSPMC0000${pan}`;
  // rt-card-receipt-par-holds-account-tail: on the receipt path the account reference built from the account's PAN after its first four digits.
  if (onReceipt('rt-card-receipt-par-holds-account-tail')) maskedCard.paymentAccountReference = `PAR0${pan.slice(4)}`;
  // rt-card-token-reference-holds-pan-tail: on the card path the token reference built from the PAN after its BIN.
  if (onCard('rt-card-token-reference-holds-pan-tail')) maskedCard.tokenUniqueReference = `DWSPMC000${pan.slice(6)}`;
  if (onCard('i4-card-cvc-as-token-last-four') && card.cardSecurityCode) maskedCard.tokenLastFour = card.cardSecurityCode;
  if (onCard('i2-card-security-code-echoed') && card.cardSecurityCode) maskedCard.cardVerificationValue = card.cardSecurityCode;
  if (faults.has('response-missing-panBin')) delete maskedCard.panBin;
  // i16-card-issuer-bin-eight: on the card path an issuer's card answered with an eight-digit panBin.
  if (onCard('i16-card-issuer-bin-eight') && body.cardSource === 'ISSUER') maskedCard.panBin = pan.slice(0, 8);
  // seeded-card-receipt-wallet-bin-eight: on the receipt path a wallet's enrollment answered with an eight-digit panBin.
  if (onReceipt('seeded-card-receipt-wallet-bin-eight') && body.cardSource === 'WALLET') maskedCard.panBin = pan.slice(0, 8);
  if (onReceipt('blind-receipt-lastfour-wrong-end')) maskedCard.panLastFour = pan.slice(0, 4);
  if (card.panExpirationMonth)
    maskedCard.panExpirationMonth = faults.has('expiry-not-echoed')
      ? card.panExpirationMonth === '01'
        ? '02'
        : '01'
      : card.panExpirationMonth;
  // seeded-card-merchant-expiry-month-leading-zero-dropped: a merchant's card echoed with the month's leading zero dropped.
  if (card.panExpirationMonth && faults.has('seeded-card-merchant-expiry-month-leading-zero-dropped') && body.cardSource === 'MERCHANT')
    maskedCard.panExpirationMonth = String(Number(card.panExpirationMonth));
  if (card.panExpirationMonth && faults.has('i2-card-expiry-month-leading-zero-dropped'))
    maskedCard.panExpirationMonth = String(Number(card.panExpirationMonth));
  if (card.panExpirationYear) maskedCard.panExpirationYear = card.panExpirationYear;
  // i16-card-wallet-expiry-year-two-digits: a wallet's card echoed with a two-digit expiry year.
  if (card.panExpirationYear && faults.has('i16-card-wallet-expiry-year-two-digits') && body.cardSource === 'WALLET')
    maskedCard.panExpirationYear = card.panExpirationYear.slice(-2);
  // Seeded fault expiry-month-defaulted: a year without a month shown with December, the year's last month.
  if (card.panExpirationYear && !card.panExpirationMonth && faults.has('expiry-month-defaulted')) maskedCard.panExpirationMonth = '12';
  // i8-card-expiry-year-filled-from-clock: a month without a year completed with the current year.
  else if (card.panExpirationMonth && faults.has('i8-card-expiry-year-filled-from-clock'))
    maskedCard.panExpirationYear = String(now.getUTCFullYear());
  // i6-card-expiry-december-rolls-over: the expiry rebuilt through a zero-based month, December rolls into January.
  if (faults.has('i6-card-expiry-december-rolls-over') && card.panExpirationMonth === '12' && card.panExpirationYear) {
    maskedCard.panExpirationMonth = '01';
    maskedCard.panExpirationYear = String(Number(card.panExpirationYear) + 1);
  }
  // i5-card-expiry-year-two-digits-without-month: a year without its month formatted as YY.
  if (card.panExpirationYear && !card.panExpirationMonth && faults.has('i5-card-expiry-year-two-digits-without-month'))
    maskedCard.panExpirationYear = card.panExpirationYear.slice(-2);
  // Fault: the security code comes back in a member of its own, under a name no check knows.
  if (faults.has('security-code-in-card-art-label') && card.cardSecurityCode) maskedCard.artLabel = card.cardSecurityCode;
  if (faults.has('blind-expiry-echo-swapped') && card.panExpirationMonth && card.panExpirationYear) {
    maskedCard.panExpirationMonth = card.panExpirationYear.slice(2);
    maskedCard.panExpirationYear = `20${card.panExpirationMonth}`;
  }
  // i21-card-pan-19-bin-eight-card-path: on the card path a 19-digit PAN's bin given as eight digits.
  if (onCard('i21-card-pan-19-bin-eight-card-path') && pan.length === 19) maskedCard.panBin = pan.slice(0, 8);
  const consumer = body.consumer;
  // seed 000, ConsumerIdentity: EMAIL_ADDRESS names the consumer by an e-mail address, masked in the answer;
  // the provider's EXTERNAL_ACCOUNT_ID is an opaque id that is no personal data, answered as sent (Card API
  // 1.0.0, MaskedConsumerIdentity.maskedIdentityValue and its enroll examples).
  const identityValue: string = consumer.consumerIdentity.identityValue;
  // i4-card-masked-firstname-trimmed: the first name trimmed and its spaces collapsed before masking.
  const firstName: string = faults.has('i4-card-masked-firstname-trimmed')
    ? String(consumer.firstName).trim().replace(/\s+/g, ' ')
    : consumer.firstName;
  // i3-card-masked-lastname-first-capitalised: the masked last name starts with a capital letter.
  // i8-card-lastname-punctuation-kept: the hyphens, apostrophes and spaces of the last name left in clear.
  const maskLast = (name: string) =>
    faults.has('i8-card-lastname-punctuation-kept')
      ? name.slice(0, 1) + name.slice(1).replace(/[^\s'-]/g, '*')
      : // rt2-card-masked-lastname-hyphen-kept-card-path: on the card path a hyphen of a double-barrelled last name kept in clear.
        onCard('rt2-card-masked-lastname-hyphen-kept-card-path') && name.includes('-')
        ? name
            .split('-')
            .map((part) => maskName(part, faults))
            .join('-')
        : maskName(name, faults);
  // i10-card-lastname-single-char-starred: a one-character last name masked whole.
  const lastMasked =
    faults.has('i10-card-lastname-single-char-starred') && Array.from(String(consumer.lastName ?? '')).length === 1
      ? '*'
      : maskLast(consumer.lastName ?? '');
  // i14-card-receipt-lastname-last-char-clear: on the receipt path the last character of the last name left in clear.
  const maskedLast =
    onReceipt('i14-card-receipt-lastname-last-char-clear') && Array.from(String(consumer.lastName ?? '')).length > 2
      ? lastCharKept(lastMasked, String(consumer.lastName))
      : faults.has('i3-card-masked-lastname-first-capitalised')
        ? lastMasked.charAt(0).toUpperCase() + lastMasked.slice(1)
        : // i12-card-masked-lastname-keeps-two: on the card path the first two characters of the last name kept.
          onCard('i12-card-masked-lastname-keeps-two') && Array.from(String(consumer.lastName ?? '')).length > 2
          ? Array.from(String(consumer.lastName)).slice(0, 2).join('') + lastMasked.slice(2)
          : lastMasked;
  // i3-card-receipt-fullname-lastname-clear: on the receipt path the full name shows the last name in clear.
  const fullLast = onReceipt('i3-card-receipt-fullname-lastname-clear') ? (consumer.lastName ?? '') : maskLast(consumer.lastName ?? '');
  // i3-card-email-local-keeps-two: on the card path maskedEmailAddress keeps two characters of the local part.
  const emailShown = (email: string) => {
    // i21-card-email-initial-lowercased-card-path: on the card path the kept first character of the address lower-cased.
    if (onCard('i21-card-email-initial-lowercased-card-path')) {
      const m = maskEmail(email, faults);
      return m.slice(0, 1).toLowerCase() + m.slice(1);
    }
    const masked = maskEmail(email, faults);
    // i14-card-email-short-local-unmasked-card-path: on the card path a local part of one or two characters is left in clear.
    if (onCard('i14-card-email-short-local-unmasked-card-path') && email.lastIndexOf('@') <= 2) return email;
    // i6-card-email-one-char-local-padded: a one-character local part gets a '*' all the same.
    if (faults.has('i6-card-email-one-char-local-padded') && email.lastIndexOf('@') === 1)
      return `${masked.slice(0, 1)}*${masked.slice(1)}`;
    if (onReceipt('i11-card-receipt-email-keeps-last-two') && email.lastIndexOf('@') >= 4) {
      const at = email.lastIndexOf('@');
      return masked.slice(0, at - 2) + email.slice(at - 2);
    }
    // i13-card-receipt-email-fixed-stars: on the receipt path the local part always written with five stars.
    if (onReceipt('i13-card-receipt-email-fixed-stars')) return `${email.slice(0, 1)}*****${email.slice(email.lastIndexOf('@'))}`;
    if (!onCard('i3-card-email-local-keeps-two')) return masked;
    const at = email.lastIndexOf('@');
    return at > 1 ? email.slice(0, 2) + masked.slice(2) : masked;
  };
  // i3-card-identity-domain-lowercased: maskedIdentityValue gives the e-mail domain in lower case.
  const identityShown = (email: string) => {
    const masked = maskEmail(email, faults);
    if (!faults.has('i3-card-identity-domain-lowercased')) return masked;
    const at = masked.lastIndexOf('@');
    return masked.slice(0, at + 1) + masked.slice(at + 1).toLowerCase();
  };
  // i7-card-masked-firstname-per-word: each word of the first name masked on its own.
  const maskFirst = (name: string) =>
    // rt-card-receipt-firstname-punctuation-kept: on the receipt path the first name's hyphens, apostrophes and spaces left in clear.
    onReceipt('rt-card-receipt-firstname-punctuation-kept')
      ? name.slice(0, 1) + name.slice(1).replace(/[^\s'-]/g, '*')
      : faults.has('i7-card-masked-firstname-per-word')
        ? name
            .split(' ')
            .map((w) => maskName(w, faults))
            .join(' ')
        : maskName(name, faults);
  const correlation = correlationId(body.srcCorrelationId, receipt, faults);
  const byEmail = !lengths.providerIdentityTypes.includes(consumer.consumerIdentity.identityType);
  return {
    // i3-card-receipt-correlation-id-uppercased: on the receipt path the echoed srcCorrelationId is upper-cased.
    srcCorrelationId:
      // i16-card-merchant-correlation-lowercased: on the card path a merchant's srcCorrelationId echoed in lower case.
      body.srcCorrelationId && onCard('i16-card-merchant-correlation-lowercased') && body.cardSource === 'MERCHANT'
        ? correlation.toLowerCase()
        : // seeded-card-receipt-cardholder-correlation-uppercased: on the receipt path a cardholder's srcCorrelationId echoed in upper case.
          body.srcCorrelationId && onReceipt('seeded-card-receipt-cardholder-correlation-uppercased') && body.cardSource === 'CARDHOLDER'
          ? correlation.toUpperCase()
          : // rt-card-receipt-correlation-prefix-dropped: on the receipt path a prefixed id echoed without its hex prefix.
            body.srcCorrelationId && onReceipt('rt-card-receipt-correlation-prefix-dropped') && /^[0-9a-f]{8}\./.test(body.srcCorrelationId)
            ? correlation.slice(9)
            : body.srcCorrelationId && onReceipt('i3-card-receipt-correlation-id-uppercased')
              ? correlation.toUpperCase()
              : // i12-card-receipt-correlation-not-generated: on the receipt path no id is made up when none was sent (left out).
                !body.srcCorrelationId && onReceipt('i12-card-receipt-correlation-not-generated')
                ? undefined
                : // i6-card-receipt-correlation-from-receipt: the generated id derived from the receipt, the same each time.
                  !body.srcCorrelationId && onReceipt('i6-card-receipt-correlation-from-receipt')
                  ? receiptCardId(`correlation:${body.enrolmentReferenceData.enrolmentReferenceId}`)
                  : // i13-card-merchant-generated-correlation-undashed: on the card path for a merchant the generated id without dashes.
                    !body.srcCorrelationId && onCard('i13-card-merchant-generated-correlation-undashed') && body.cardSource === 'MERCHANT'
                    ? randomUUID().replace(/-/g, '')
                    : // i14-card-generated-correlation-per-second-card-path: on the card path the generated id derived from the second of the clock.
                      !body.srcCorrelationId && onCard('i14-card-generated-correlation-per-second-card-path')
                      ? receiptCardId(`second:${Math.floor(now.getTime() / 1000)}`)
                      : correlation,
    maskedCard,
    maskedConsumer: {
      srcConsumerId: randomUUID(),
      maskedConsumerIdentity: {
        identityType: faults.has('masked-identity-type-provider-value') ? 'EXTERNAL_ACCOUNT_ID' : consumer.consumerIdentity.identityType,
        maskedIdentityValue: faults.has('masked-identity-value-unrelated')
          ? maskEmail('consumer@example.com', faults)
          : byEmail && !onReceipt('i7-card-receipt-identity-value-clear')
            ? identityShown(identityValue)
            : identityValue,
      },
      // An e-mail address only where the consumer is named by one (the provider's opaque id is none).
      ...(byEmail ? { maskedEmailAddress: emailShown(identityValue) } : {}),
      // i16-card-receipt-email-domain-lowercased: on the receipt path maskedEmailAddress gives the domain in lower case.
      ...(byEmail && onReceipt('i16-card-receipt-email-domain-lowercased')
        ? { maskedEmailAddress: emailShown(identityValue).replace(/@[^@]*$/, (d) => d.toLowerCase()) }
        : {}),
      // i13-card-receipt-firstname-initial-uppercased: on the receipt path the kept first character upper-cased.
      // seeded-card-firstname-initial-uppercased: the same on the card path.
      maskedFirstName:
        onReceipt('i13-card-receipt-firstname-initial-uppercased') || onCard('seeded-card-firstname-initial-uppercased')
          ? maskFirst(firstName).charAt(0).toUpperCase() + maskFirst(firstName).slice(1)
          : maskFirst(firstName),
      // i21-card-lastname-initial-accent-folded-card-path: on the card path the kept first character of the last name loses its accent.
      maskedLastName: onCard('i21-card-lastname-initial-accent-folded-card-path')
        ? maskedLast.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
        : // seeded-fam26-card-receipt-lastname-non-latin-initial-replaced: on the receipt path a Cyrillic, Greek or Han initial written as "?" (a Latin-1 column).
          onReceipt('seeded-fam26-card-receipt-lastname-non-latin-initial-replaced') &&
            /^[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}]/u.test(maskedLast)
          ? `?${Array.from(maskedLast).slice(1).join('')}`
          : maskedLast,
      // Card API (MaskedConsumer.maskedFullName "J*** D**"): the masked first and last names, a space between.
      // i6-card-receipt-fullname-last-first: the receipt path writes the last name first.
      // i16-card-fullname-family-first-japanese: on the card path a Japanese-speaking consumer's full name written family name first.
      maskedFullName:
        onReceipt('i6-card-receipt-fullname-last-first') ||
        (onCard('i16-card-fullname-family-first-japanese') && consumer.languageCode === 'ja') ||
        // seeded-card-receipt-fullname-last-first-spanish: on the receipt path a Spanish-speaking consumer's last name first.
        (onReceipt('seeded-card-receipt-fullname-last-first-spanish') && consumer.languageCode === 'es')
          ? `${fullLast} ${maskFirst(firstName)}`
          : faults.has('i8-card-fullname-mask-in-bytes')
            ? `${maskBytes(firstName)} ${maskBytes(consumer.lastName ?? '')}`
            : // rt2-card-fullname-first-trailing-space-trimmed: the full name joins a first name cut of its trailing white space.
              faults.has('rt2-card-fullname-first-trailing-space-trimmed')
              ? `${maskFirst(firstName.trimEnd())} ${fullLast}`
              : `${maskFirst(firstName)} ${fullLast}`,
      countryCode: consumer.countryCode,
      // i31-card-issuer-language-with-region: an issuer's consumer echoed with a region subtag (en-US), not ISO 639-1.
      languageCode:
        faults.has('i31-card-issuer-language-with-region') && body.cardSource === 'ISSUER'
          ? `${consumer.languageCode}-${consumer.countryCode}`
          : consumer.languageCode,
      // consumer-added-local-time: the consumer's local time (by its country) written with a Z.
      // i10-card-receipt-consumer-added-day-start: the receipt path gives the start of the UTC day.
      // i12-card-consumer-added-french-local-time: a French-speaking consumer gets Paris winter time, with Z.
      dateConsumerAdded:
        faults.has('i12-card-consumer-added-french-local-time') && consumer.languageCode === 'fr'
          ? new Date(now.getTime() + 3600_000).toISOString()
          : // i21-card-consumer-added-india-local-card-path: on the card path a consumer in India gets Indian Standard Time written with Z.
            onCard('i21-card-consumer-added-india-local-card-path') && consumer.countryCode === 'IN'
            ? new Date(now.getTime() + 19_800_000).toISOString()
            : // rt2-card-receipt-consumer-added-german-local-time: on the receipt path a German speaker's date in Berlin time written with Z.
              onReceipt('rt2-card-receipt-consumer-added-german-local-time') && consumer.languageCode === 'de'
              ? new Date(now.getTime() + 3600_000).toISOString()
              : onReceipt('i10-card-receipt-consumer-added-day-start')
                ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString()
                : faults.has('consumer-added-local-time')
                  ? new Date(now.getTime() + (LOCAL_OFFSET_HOURS[consumer.countryCode] ?? 0) * 3600_000).toISOString()
                  : faults.has('blind-consumer-added-not-utc')
                    ? new Date(now.getTime() + 3600_000).toISOString().replace('Z', '+01:00')
                    : now.toISOString(),
      complianceSettings: {
        privacy: { acceptedVersion: body.complianceSettings.privacy?.latestVersionUri ?? '' },
        // i31-card-tnc-version-from-privacy: the accepted terms version written from the privacy notice's URI.
        tnc: {
          acceptedVersion: faults.has('i31-card-tnc-version-from-privacy')
            ? (body.complianceSettings.privacy?.latestVersionUri ?? '')
            : (body.complianceSettings.tnc?.latestVersionUri ?? ''),
        },
      },
      // seeded-card-receipt-consumer-status-from-body: the receipt path takes the consumer's id and status as sent.
      ...(onReceipt('seeded-card-receipt-consumer-status-from-body') ? consumerAsSent(body) : {}),
      status:
        onReceipt('seeded-card-receipt-consumer-status-from-body') && (body.consumer as Record<string, unknown>)?.status
          ? (body.consumer as Record<string, unknown>).status
          : faults.has('consumer-status-locked') ||
              // i31-card-consumer-locked-foreign-phone: a consumer whose mobile calling code is not the US one while the country is US comes back LOCKED (a fraud rule).
              (faults.has('i31-card-consumer-locked-foreign-phone') &&
                consumer.countryCode === 'US' &&
                (body.consumer as Body)?.mobileNumber?.countryCode !== '1')
            ? 'LOCKED'
            : onReceipt('receipt-consumer-suspended') ||
                // i14-card-receipt-issuer-consumer-suspended: on the receipt path a card the issuer pushed leaves its consumer SUSPENDED.
                (onReceipt('i14-card-receipt-issuer-consumer-suspended') && body.cardSource === 'ISSUER') ||
                (onCard('i11-card-wallet-consumer-suspended-card-path') && body.cardSource === 'WALLET')
              ? 'SUSPENDED'
              : 'ACTIVE',
    },
  };
}

/** The consumer's srcConsumerId as the request sends it (seeded-card-receipt-consumer-status-from-body). */
function consumerAsSent(body: Body): Record<string, unknown> {
  const id = (body.consumer as Record<string, unknown> | undefined)?.srcConsumerId;
  return typeof id === 'string' ? { srcConsumerId: id } : {};
}

/** seed 000, SrcCorrelationId: echoed when given, else new; the faults break it on one path. */
function correlationId(given: string | undefined, receipt: boolean, faults: MockContext<CardFaultId>['faults']): string {
  // i4-card-generated-correlation-node-prefix: the card path prefixes a generated id with an upper-case node id.
  if (!given && !receipt && faults.has('i4-card-generated-correlation-node-prefix')) return `A1B2C3D4.${randomUUID()}`;
  if (!given) return receipt && faults.has('receipt-correlation-id-constant') ? '00000000-0000-4000-8000-000000000000' : randomUUID();
  if (faults.has('correlation-id-not-echoed') || (receipt && faults.has('receipt-correlation-id-not-echoed'))) return randomUUID();
  if (faults.has('blind-correlation-prefix-stripped') && given.length > 36) return given.slice(-36);
  // i5-card-correlation-separator-normalised: the character after the 8-hex prefix rewritten to a dot.
  if (faults.has('i11-card-correlation-prefix-uppercased-card-path') && !receipt && given.length > 36)
    return given.slice(0, 8).toUpperCase() + given.slice(8);
  if (faults.has('i5-card-correlation-separator-normalised') && given.length > 36) return `${given.slice(0, 8)}.${given.slice(9)}`;
  return faults.has('correlation-id-lowercased') ? given.toLowerCase() : given;
}

/** An object with no member ({}), as the empty-member faults read it. */
function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** i14-card-receipt-lastname-last-char-clear: a masked name with the last character of the name sent put back in clear. */
function lastCharKept(masked: string, name: string): string {
  return Array.from(masked).slice(0, -1).join('') + Array.from(name).pop();
}

/** i8-card-fullname-mask-in-bytes: the first character, then one '*' per UTF-8 byte of the rest. */
function maskBytes(name: string): string {
  const first = Array.from(name)[0] ?? '';
  return first + '*'.repeat(Buffer.byteLength(name.slice(first.length)));
}

/** A card id derived from the receipt (the fault: every enrollment of a receipt gets the same id). */
function receiptCardId(receiptId: string): string {
  const hex = createHash('sha256').update(receiptId).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** i6-card-luhn-parity-from-left: the first digit and every other one doubled, counted from the left. */
function luhnFromLeft(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return pan.length > 0 && sum % 10 === 0;
}

/** ISO/IEC 7812 check digit (Luhn); reference A3. */
export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return pan.length > 0 && sum % 10 === 0;
}
