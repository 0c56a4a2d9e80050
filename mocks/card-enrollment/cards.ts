// POST {base}/cards (putCard): the enrollment as seed 000 says it ("What the service does", "Endpoints", "Authentication", "Errors",
// "Resources and their fields"), then schemas/card-enrollment/openapi.yaml, rules.yaml and reference/card-enrollment.md where the seed
// is silent (A1-A6, "The mock's world"). Faults bend it only at its seams (mocks/kit/faults.ts); it keeps only the consumer profiles (state.ts) and sends nothing.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf, providerEnumOf, securityHeader } from '../../helpers/contract/facts.js';
import { parseJson } from '../kit/app.js';
import type { MockContext } from '../kit/context.js';
import { violations } from '../kit/validation.js';
import { errorAnswer, invalid, malformed, refusals, unresolved, type Refusal } from './errors.js';
import { decryptCard, type EncryptionKeys } from './keys.js';
import type { CardState, Profile, RegisteredClient } from './state.js';
import { luhnValid } from '../../helpers/config/luhn.js';

/** The Card structure inside encryptedCard (seed 000, Card), or the account a receipt stands for (A5). */
export interface Card {
  primaryAccountNumber: string;
  panExpirationMonth?: string;
  panExpirationYear?: string;
  cardSecurityCode?: string;
}
export type Body = Record<string, any>;
export type { Refusal };

/** What one exchange is known by as it goes: what the seams are given. */
export interface Enrollment {
  /** The operation: putCard, or the JWK set the card is encrypted with (GET /keys, index.ts). */
  op: 'putCard' | 'keys';
  headers: IncomingHttpHeaders;
  query: Record<string, unknown>;
  /** x-openapi-clientid as sent. */
  key?: string;
  /** The request body as parsed (a SyntaxError when it is not JSON). */
  sent: unknown;
  /** The request body as judged: the body sent when it is an object, else {}. */
  body: Body;
  /** The enrollment path (seed 000 (a) and (b)): by encryptedCard, else by enrolmentReferenceData; undefined for neither. */
  path?: 'card' | 'receipt';
  /** The calling client, by its key (A2). */
  client?: RegisteredClient;
  /** The client holding srcClientId. */
  owner?: RegisteredClient;
  /** The card enrolled: decrypted from encryptedCard, or the account of the receipt (A5). */
  card?: Card;
  /** The key pair the card is decrypted with (keys.ts): putCard only. */
  keys?: EncryptionKeys;
  now: Date;
  world: CardState;
  contract: Contract;
}

/** The steps of the judgement, in the order they are taken. */
export type Step =
  | 'received'
  | 'key'
  | 'body'
  | 'read'
  | 'schema'
  | 'path'
  | 'card'
  | 'check-digit'
  | 'client'
  | 'origin'
  | 'service'
  | 'receipt';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: Record<string, any>;
}

export type CardSeams = { x: Enrollment; step: Step; refusal: Refusal; change: Profile; answer: Answer; delivery: never };

export function registerCards(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext,
  contract: Contract,
  world: CardState,
  keys: EncryptionKeys,
) {
  const seams = ctx.faults.seams<CardSeams>();
  const validateRequest = contract.requestValidator('putCard')!;
  const validateCard = contract.component('Card');
  const keyHeader = securityHeader(contract, 'ApiKeyAuth').name.toLowerCase();
  const binDigits = limitOf(contract, 'panBinDigits');
  // The provider's identity types (the contract's x-provider-enum): an opaque id, answered as sent.
  const opaqueIdentities = providerEnumOf(contract, 'ConsumerIdentityType');

  const steps: [Step, (x: Enrollment) => Refusal | undefined | Promise<Refusal | undefined>][] = [
    // A6: a 500 INTERNAL is produced only by a fault switch; nothing is refused on receipt.
    ['received', () => undefined],
    // seed 000, Authentication; A2: the key header is required, and compared whole: missing or unknown is 401.
    [
      'key',
      (x) => {
        x.client = world.clients.find((c) => c.apiKey === x.key);
        if (!x.key) return { status: 401, code: 'UNAUTHENTICATED', message: `${keyHeader} header is missing.` };
        return x.client ? undefined : { status: 401, code: 'UNAUTHENTICATED', message: 'Authorization validation failure.' };
      },
    ],
    // seed 000, Errors: a body that is not a JSON object is 400 INVALID_ARGUMENT.
    ['body', (x) => (isObject(x.sent) ? undefined : refusals.notJson())],
    // The request as it is judged: the body as sent.
    ['read', () => undefined],
    // seed 000, Resources and their fields; Errors: the request schema (required members, patterns, formats, enums, limits).
    ['schema', (x) => (validateRequest(x.body) ? undefined : malformed(violations(validateRequest.errors)))],
    // A1: exactly one of encryptedCard and enrolmentReferenceData.
    [
      'path',
      (x) => {
        const card = x.body.encryptedCard !== undefined;
        if (card !== (x.body.enrolmentReferenceData !== undefined)) return undefined;
        const [field, keyword] = card ? ['enrolmentReferenceData', 'oneOf'] : ['encryptedCard', 'required'];
        return invalid(field, keyword, 'pass exactly one of encryptedCard and enrolmentReferenceData');
      },
    ],
    // reference, facts: encryptedCard is a JWE of the published key; inside it the Card of seed 000 (A4: its members named card.<member>).
    [
      'card',
      async (x) => {
        if (x.path !== 'card') return undefined;
        const plain = await decryptCard(keys, x.body.encryptedCard);
        if (plain === undefined) return invalid('encryptedCard', 'format', 'encryptedCard does not decrypt with a published key');
        x.card = plain as Card;
        return validateCard(plain) ? undefined : malformed(violations(validateCard.errors, 'card'));
      },
    ],
    // A3: the PAN's ISO/IEC 7812 check digit.
    [
      'check-digit',
      (x) =>
        x.path !== 'card' || (x.card!.primaryAccountNumber.length > 0 && luhnValid(x.card!.primaryAccountNumber))
          ? undefined
          : invalid('card.primaryAccountNumber', 'luhn', 'card.primaryAccountNumber fails the ISO/IEC 7812 check digit'),
    ],
    // seed 000, Errors: a srcClientId that resolves to no entity is 400 INVALID_STATE.
    [
      'client',
      (x) => {
        x.owner = world.clients.find((c) => c.srcClientIds.includes(x.body.srcClientId));
        return x.owner ? undefined : unresolved('srcClientId', 'srcClientId does not resolve to a registered client.');
      },
    ],
    // seed 000, Authentication 403; A2: a srcClientId registered to another client, the origin not validated.
    ['origin', (x) => (x.owner === x.client ? undefined : refusals.foreignOrigin())],
    // seed 000, Errors: a serviceId that resolves to no program of the client is 400 INVALID_STATE.
    ['service', (x) => (x.owner!.serviceIds.includes(x.body.serviceId) ? undefined : refusals.unknownService())],
    // A5: a receipt stands for a known account; an unknown receipt id is 400 INVALID_STATE.
    [
      'receipt',
      (x) => {
        if (x.path !== 'receipt') return undefined;
        const receipt = world.receipts.find((r) => r.enrolmentReferenceId === x.body.enrolmentReferenceData.enrolmentReferenceId);
        if (receipt) x.card = { primaryAccountNumber: receipt.primaryAccountNumber };
        return receipt ? undefined : refusals.unknownReceipt();
      },
    ],
  ];

  /** The masked card and consumer of an accepted enrollment (seed 000, EnrollCardResponse). */
  const enrolled = (x: Enrollment): Answer => {
    const { body, now } = x;
    const card = x.card!;
    const pan = card.primaryAccountNumber;
    const consumer = body.consumer;
    const identity = consumer.consumerIdentity;
    const byEmail = !opaqueIdentities.includes(identity.identityType);
    // seed 000, ConsumerIdentity.identityValue: the profile is found by its identity; a new one is added now.
    const known = `${identity.identityType} ${identity.identityValue}`;
    const profile = seams.state(x, x.world.profiles.get(known) ?? { srcConsumerId: randomUUID(), dateConsumerAdded: now.toISOString() });
    x.world.profiles.set(known, profile);
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        // seed 000, SrcCorrelationId: echoed, or generated when the request has none.
        srcCorrelationId: body.srcCorrelationId || randomUUID(),
        maskedCard: {
          // The mock's world: a new UUID per enrollment.
          srcDigitalCardId: randomUUID(),
          // seed 000, MaskedCard: the first digits unmasked (as many as x-limits panBinDigits, the reference's decision) and the last four.
          panBin: pan.slice(0, binDigits),
          panLastFour: pan.slice(-4),
          // seed 000, MaskedCard: when the card was enrolled, UTC.
          dateOfCardCreated: now.toISOString(),
          // seed 000, States and transitions: the card is ACTIVE at enrollment.
          digitalCardData: {
            status: 'ACTIVE',
            descriptorName: 'Mock Card',
            artUri: 'https://art.example.test/card.png',
            iscobranded: false,
          },
          paymentCardDescriptor: 'mock-brand',
          paymentCardType: 'CREDIT',
          countryCode: consumer.countryCode,
          serviceId: body.serviceId,
          // seed 000, MaskedCard: the card's expiry, for presentation (the card path: a receipt carries none).
          ...(card.panExpirationMonth ? { panExpirationMonth: card.panExpirationMonth } : {}),
          ...(card.panExpirationYear ? { panExpirationYear: card.panExpirationYear } : {}),
        },
        maskedConsumer: {
          srcConsumerId: profile.srcConsumerId,
          // An e-mail address is masked (seed 000, MaskedConsumer); the provider's opaque id is answered as sent (Card API 1.0.0).
          maskedConsumerIdentity: {
            identityType: identity.identityType,
            maskedIdentityValue: byEmail ? maskEmail(identity.identityValue) : identity.identityValue,
          },
          ...(byEmail ? { maskedEmailAddress: maskEmail(identity.identityValue) } : {}),
          maskedFirstName: maskName(consumer.firstName),
          maskedLastName: maskName(consumer.lastName ?? ''),
          // Card API 1.0.0, MaskedConsumer.maskedFullName "J*** D**": the masked names, a space between.
          maskedFullName: `${maskName(consumer.firstName)} ${maskName(consumer.lastName ?? '')}`,
          countryCode: consumer.countryCode,
          languageCode: consumer.languageCode,
          // When the profile was added (seed 000, MaskedConsumer: UTC datetime).
          dateConsumerAdded: profile.dateConsumerAdded,
          // The versions accepted (a member a loosened contract lets through absent is answered empty).
          complianceSettings: {
            privacy: { acceptedVersion: body.complianceSettings.privacy?.latestVersionUri ?? '' },
            tnc: { acceptedVersion: body.complianceSettings.tnc?.latestVersionUri ?? '' },
          },
          // seed 000, States and transitions: the consumer profile is ACTIVE at enrollment.
          status: 'ACTIVE',
        },
      },
    };
  };

  app.post(`${prefix}/cards`, async (req: FastifyRequest, reply: FastifyReply) => {
    const sent = parseJson(req.body);
    const body: Body = isObject(sent) ? sent : {};
    const key = req.headers[keyHeader];
    const x: Enrollment = {
      op: 'putCard',
      headers: req.headers,
      query: req.query as Record<string, unknown>,
      key: Array.isArray(key) ? key.join(', ') : key,
      sent,
      body,
      path: body.encryptedCard !== undefined ? 'card' : body.enrolmentReferenceData !== undefined ? 'receipt' : undefined,
      keys,
      now: ctx.clock.now(),
      world,
      contract,
    };
    let refusal: Refusal | undefined;
    for (const [step, judge] of steps) {
      refusal = seams.judge(x, step, await judge(x));
      if (refusal) break;
    }
    const answer = seams.answer(x, refusal ? errorAnswer(refusal) : enrolled(x));
    reply.code(answer.status).headers(answer.headers);
    return answer.body === undefined ? reply.send() : reply.send(JSON.stringify(answer.body));
  });
}

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error);
}

/** A name masked as the provider's examples show (MaskedConsumer.maskedFirstName "J***"): its first character, then one '*' per other character (code points, as maxLength counts them). */
export function maskName(value: string): string {
  const chars = Array.from(value);
  return (chars[0] ?? '') + '*'.repeat(Math.max(0, chars.length - 1));
}

/** An e-mail address masked as the provider's examples show (maskedEmailAddress "r*****1@mailinator.com"): the local part's first character, '*' for the rest of it, the domain in clear. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}${'*'.repeat(Math.max(0, at - 1))}${email.slice(at)}`;
}
