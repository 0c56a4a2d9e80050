// Card enrollment faults written blind (independent set 42): from seed 000, the contract (schemas/card-enrollment/openapi.yaml)
// and its rule catalogue only, the suite unread. Each bends putCard (or the JWK set it is encrypted with) at a seam of cards.ts /
// index.ts, or loosens the mock's copy of the contract.
import { createHash, randomUUID } from 'node:crypto';
import { assumption, blind, faultWriter, judgesAt, schema } from '../kit/faults.js';
import { maskName, type CardSeams, type Enrollment } from './cards.js';
import { invalid, unresolved, type Refusal } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { skip, refuse } = judgesAt<CardSeams>();

/** The protected header of the compact JWE sent in encryptedCard, or {} when it does not read. */
function jweHeader(x: Enrollment): Record<string, unknown> {
  try {
    const head = String(x.body.encryptedCard ?? '').split('.')[0];
    return JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/** A string member of the consumer sent, or ''. */
const consumerText = (x: Enrollment, member: string): string =>
  typeof x.body.consumer?.[member] === 'string' ? x.body.consumer[member] : '';

export const INDEPENDENT_42_CARD_FAULTS = [
  // --- Authentication (seed 000, Authentication: the key travels in the x-openapi-clientid header)
  fault('i42-ce-key-read-from-query-string', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is enrolled when the key is given as a query parameter of that name, though the security scheme places the key in the header only',
    judge: (x, step, r) => {
      if (step !== 'key' || !r || x.key) return r;
      const given = x.query['x-openapi-clientid'];
      const client = typeof given === 'string' ? x.world.clients.find((c) => c.apiKey === given) : undefined;
      if (!client) return r;
      x.key = given as string;
      x.client = client;
      return undefined;
    },
    ...blind,
  }),
  fault('i42-ce-origin-unchecked-on-receipt', {
    rule: "CE-AUTH-ORIGIN: on the push-account-receipt path a srcClientId registered to another client is enrolled for, under that client's programs, instead of being refused as an origin not validated",
    judge: skip('origin', (x) => x.path === 'receipt'),
    ...assumption,
    ...blind,
  }),
  // --- Entities that must resolve (seed 000, Errors 400 INVALID_STATE)
  fault('i42-ce-serviceid-resolved-across-clients', {
    rule: "CE-STATE-FOREIGN-SERVICE: a serviceId is resolved among every client's programs, so a program registered to another client is enrolled for by the caller instead of being refused",
    judge: skip('service', (x) => x.world.clients.some((c) => c.serviceIds.includes(x.body.serviceId))),
    ...assumption,
    ...blind,
  }),
  fault('i42-ce-unknown-client-answered-422', {
    rule: 'CE-STATE-UNKNOWN-CLIENT: a srcClientId that resolves to no entity is answered with the Unprocessable Entity status (its body code the same) instead of the documented Bad Request INVALID_STATE',
    judge: (_x, step, r) => (step === 'client' && r ? { ...r, status: 422 } : r),
    ...blind,
  }),
  // --- The push-account-receipt path (seed 000 (b); reference A5)
  fault('i42-ce-unknown-receipt-answered-404', {
    rule: 'CE-STATE-UNKNOWN-RECEIPT: an enrolmentReferenceId naming no receipt is answered Not Found (NOT_FOUND), a response the seed does not attach to POST /cards, instead of Bad Request INVALID_STATE',
    judge: (_x, step, r) => (step === 'receipt' && r ? { status: 404, code: 'NOT_FOUND', message: 'Push account receipt not found.' } : r),
    ...assumption,
    ...blind,
  }),
  fault('i42-ce-receipt-refused-unless-issuer-source', {
    rule: 'CE-SOURCE-EVERY-RULE, CE-VALID-ACCEPTED: a push-account-receipt enrollment naming a cardSource other than ISSUER is refused INVALID_STATE, though the seed ties no enrollment path to a card source and lets every Origin value enroll',
    judge: refuse(
      'receipt',
      (x) => x.path === 'receipt' && x.body.cardSource !== undefined && x.body.cardSource !== 'ISSUER',
      (): Refusal => unresolved('cardSource', 'a push account receipt is enrolled by its issuer only'),
    ),
    ...blind,
  }),
  // --- The card inside encryptedCard (seed 000, Card; reference A3 and facts)
  fault('i42-ce-check-digit-only-at-shortest-length', {
    rule: "CE-LUHN: the ISO/IEC 7812 check digit is verified only for a PAN of the schema's shortest length, so a longer PAN the schema allows is enrolled with a wrong check digit",
    judge: skip('check-digit', (x) => x.card?.primaryAccountNumber.length !== 16),
    ...assumption,
    ...blind,
  }),
  fault('i42-ce-pan-separators-stripped', {
    rule: 'CE-TYPE-FORMS: a primaryAccountNumber written in groups with spaces or dashes is enrolled with its separators removed, instead of being refused as a value outside the digits-only account number form',
    judge: (x, step, r) => {
      if (step !== 'card' || !r || !x.card || typeof x.card.primaryAccountNumber !== 'string') return r;
      if (!(r.violations ?? []).every((v) => v.field === 'card.primaryAccountNumber')) return r;
      const pan = x.card.primaryAccountNumber.replace(/[ -]/g, '');
      if (!/^[0-9]{16,20}$/.test(pan)) return r;
      x.card.primaryAccountNumber = pan;
      return undefined;
    },
    ...blind,
  }),
  fault('i42-ce-jwe-a128gcm-content-refused', {
    rule: 'CE-JWE-DECRYPT: a card encrypted with the published key and the A128GCM content encryption the contract names is refused as not decrypting; only A256GCM is taken',
    judge: refuse(
      'card',
      (x) => x.path === 'card' && jweHeader(x).enc === 'A128GCM',
      () => invalid('encryptedCard', 'format', 'encryptedCard does not decrypt with a published key'),
    ),
    ...assumption,
    ...blind,
  }),
  fault('i42-ce-jwks-publishes-rsa-oaep-sha1', {
    rule: 'CE-JWE-DECRYPT: the published key set names RSA-OAEP (SHA-1) as the key algorithm while the service decrypts RSA-OAEP-256 only, so a card encrypted as the key set says is refused',
    answer: (x, a) =>
      x.op === 'keys' && a.body
        ? { ...a, body: { ...a.body, keys: (a.body.keys as Record<string, unknown>[]).map((k) => ({ ...k, alg: 'RSA-OAEP' })) } }
        : a,
    ...assumption,
    ...blind,
  }),
  // --- The consumer profile (seed 000, ConsumerIdentity.identityValue locates the profile)
  fault('i42-ce-profile-located-by-identity-and-name', {
    rule: 'CE-VAL-PROFILE: the profile is located by the identity and the consumer name together, so the same e-mail identity enrolled again under another first or last name is given a new profile (a new srcConsumerId and dateConsumerAdded)',
    state: (x, profile, memory) => {
      const identity = x.body.consumer.consumerIdentity;
      const known = `${identity.identityType} ${identity.identityValue}`;
      const name = `${consumerText(x, 'firstName')}\u0000${consumerText(x, 'lastName')}`;
      const before = memory[known];
      memory[known] = name;
      return before !== undefined && before !== name ? { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() } : profile;
    },
    ...blind,
  }),
  fault('i42-ce-masked-identity-type-answered-provider', {
    rule: "CE-MASK-IDENTITY: maskedConsumerIdentity answers an EMAIL_ADDRESS identity under the provider's EXTERNAL_ACCOUNT_ID type, so it no longer names the identity type sent",
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 200 && a.body?.maskedConsumer
        ? {
            ...a,
            body: {
              ...a.body,
              maskedConsumer: {
                ...a.body.maskedConsumer,
                maskedConsumerIdentity: { ...a.body.maskedConsumer.maskedConsumerIdentity, identityType: 'EXTERNAL_ACCOUNT_ID' },
              },
            },
          }
        : a,
    ...blind,
  }),
  // --- The masked card (seed 000, MaskedCard)
  fault('i42-ce-card-id-taken-from-request', {
    rule: "CE-OBJ-READ-ONLY: a srcDigitalCardId sent at the top of the request is answered as the enrolled card's id instead of the service's own new identifier",
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 200 && typeof x.body.srcDigitalCardId === 'string' && a.body?.maskedCard
        ? { ...a, body: { ...a.body, maskedCard: { ...a.body.maskedCard, srcDigitalCardId: x.body.srcDigitalCardId } } }
        : a,
    ...blind,
  }),
  fault('i42-ce-card-id-kept-on-reenrollment', {
    rule: 'CE-VAL-CARDID: a card number enrolled again is answered the srcDigitalCardId of its first enrollment instead of a new identifier for each enrollment',
    answer: (x, a, memory) => {
      if (x.op !== 'putCard' || a.status !== 200 || !a.body?.maskedCard || !x.card) return a;
      const pan = x.card.primaryAccountNumber;
      memory[pan] ??= a.body.maskedCard.srcDigitalCardId;
      return { ...a, body: { ...a.body, maskedCard: { ...a.body.maskedCard, srcDigitalCardId: memory[pan] } } };
    },
    ...assumption,
    ...blind,
  }),
  fault('i42-ce-par-derived-from-masked-digits', {
    rule: 'CE-VAL-PAR: the paymentAccountReference is derived from the bin and last four alone, so two different card numbers sharing them are given the same reference',
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 200 || !a.body?.maskedCard) return a;
      const { panBin, panLastFour } = a.body.maskedCard;
      const digest = createHash('sha256').update(`${panBin}:${panLastFour}`).digest('hex').toUpperCase();
      return { ...a, body: { ...a.body, maskedCard: { ...a.body.maskedCard, paymentAccountReference: `5001${digest.slice(0, 25)}` } } };
    },
    ...blind,
  }),
  fault('i42-ce-expiry-year-answered-two-digits', {
    rule: "CE-FMT-RESP-EXPIRY, CE-ECHO-EXPIRY: the masked card's panExpirationYear is answered as its last two digits instead of the card's four-digit year (format YYYY)",
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 200 && typeof a.body?.maskedCard?.panExpirationYear === 'string'
        ? {
            ...a,
            body: { ...a.body, maskedCard: { ...a.body.maskedCard, panExpirationYear: a.body.maskedCard.panExpirationYear.slice(-2) } },
          }
        : a,
    ...blind,
  }),
  fault('i42-ce-descriptor-name-personalised-past-max', {
    rule: "CE-LIM-RESPONSE: digitalCardData.descriptorName is personalised with the consumer's masked names and not cut, so long names carry it past the schema's maxLength",
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 200 || !a.body?.maskedCard?.digitalCardData) return a;
      const { digitalCardData } = a.body.maskedCard;
      const descriptorName = `${digitalCardData.descriptorName} for ${maskName(consumerText(x, 'firstName'))} ${maskName(consumerText(x, 'lastName'))}`;
      return { ...a, body: { ...a.body, maskedCard: { ...a.body.maskedCard, digitalCardData: { ...digitalCardData, descriptorName } } } };
    },
    ...blind,
  }),
  // --- A valid request (seed 000, Consumer: names are strings of at most a count of characters)
  fault('i42-ce-name-outside-bmp-answered-500', {
    rule: 'CE-VALID-FORMS: a consumer first or last name holding a letter outside the Basic Multilingual Plane, within its length, is answered as an internal failure (INTERNAL) instead of being enrolled',
    judge: refuse('read', (x) => /[\u{10000}-\u{10FFFF}]/u.test(`${consumerText(x, 'firstName')}${consumerText(x, 'lastName')}`), {
      status: 500,
      code: 'INTERNAL',
      message: 'Internal failure.',
    }),
    ...blind,
  }),
  // --- Validation faults: the contract loosened
  fault('i42-ce-expiry-month-beyond-twelve-accepted', {
    rule: "CE-PAT-EXPIRY: the card's panExpirationMonth takes any two digits, so a month outside the year (a zero month, a thirteenth) is enrolled",
    relax: schema('Card.panExpirationMonth', { set: { pattern: '^[0-9]{2}$' } }),
    ...blind,
  }),
  fault('i42-ce-body-taken-as-text-plain', {
    rule: 'CE-PROP-BODY-MEDIA: a request body labelled text/plain, a media type the operation does not take, is read as JSON and enrolled instead of refused',
    relax: [
      {
        operation: 'putCard',
        at: ['requestBody', 'content'],
        set: { 'text/plain': { schema: { $ref: '#/components/schemas/EnrollCardRequest' } } },
      },
    ],
    ...blind,
  }),
  fault('i42-ce-correlation-id-without-hyphens-accepted', {
    rule: 'CE-PAT-CORRELATIONID: a srcCorrelationId whose UUID is written without its hyphens is taken and echoed instead of refused as outside the pattern',
    relax: schema('SrcCorrelationId', {
      set: {
        pattern: '^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$',
      },
    }),
    ...blind,
  }),
  fault('i42-ce-serviceid-dot-accepted', {
    rule: 'CE-PAT-SERVICEID: a serviceId holding a dot, a character outside its pattern, passes the form check and is refused only as unresolved (INVALID_STATE) instead of as malformed (INVALID_ARGUMENT)',
    relax: schema('EnrollCardRequest.serviceId', { set: { pattern: '^[0-9a-zA-Z#_.-]*$' } }),
    ...blind,
  }),
];
