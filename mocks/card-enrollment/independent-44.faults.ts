// Card enrollment faults written blind (brief blind44): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { constants, createDecipheriv, KeyObject, privateDecrypt, randomUUID } from 'node:crypto';
import { assumption, blind, faultWriter, judgesAt, schema } from '../kit/faults.js';
import type { Answer, Card, CardSeams } from './cards.js';
import type { EncryptionKeys } from './keys.js';
import { refusals } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { skip } = judgesAt<CardSeams>();

/** An accepted enrollment's answer, its body bent by `change` (error answers pass unchanged). */
const enrolled =
  (change: (body: Record<string, any>, x: CardSeams['x']) => void) =>
  (x: CardSeams['x'], a: Answer): Answer => {
    if (x.op !== 'putCard' || a.status !== 200 || !a.body) return a;
    const body = structuredClone(a.body);
    change(body, x);
    return { ...a, body };
  };

/** A compact JWE whose key is wrapped with RSA-OAEP (SHA-1) and its content A128GCM or A256GCM, opened with the mock's key; else undefined. */
function openWithSha1Oaep(jwe: unknown, keys: EncryptionKeys | undefined): unknown {
  try {
    if (typeof jwe !== 'string' || !keys) return undefined;
    const [head, ek, iv, ct, tag] = jwe.split('.');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    if (header.alg !== 'RSA-OAEP' || !['A128GCM', 'A256GCM'].includes(header.enc)) return undefined;
    const cek = privateDecrypt(
      { key: KeyObject.from(keys.privateKey), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(ek, 'base64url'),
    );
    const decipher = createDecipheriv(header.enc === 'A128GCM' ? 'aes-128-gcm' : 'aes-256-gcm', cek, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(head, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** An address's domain masked as its local part is: each label's first character kept, the last label (the top-level domain) in clear. */
function maskDomain(masked: string): string {
  const at = masked.lastIndexOf('@');
  if (at < 0) return masked;
  const labels = masked.slice(at + 1).split('.');
  const starred = labels.map((l, i) => (i === labels.length - 1 ? l : l.slice(0, 1) + '*'.repeat(Math.max(0, l.length - 1))));
  return `${masked.slice(0, at + 1)}${starred.join('.')}`;
}

export const INDEPENDENT_44_CARD_FAULTS = [
  // --- Transport and media type
  fault('i44-ce-body-media-type-case-refused', {
    rule: 'CE-PROP-BODY-MEDIA: a JSON body labelled with the media type in capitals or mixed case (type and subtype are case-insensitive) is refused as a body of the wrong type, though the plain lower-case label is taken',
    ...blind,
    judge: (x, step, r) => {
      if (r || step !== 'received') return r;
      const type = String(x.headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      return type && type !== type.toLowerCase()
        ? { status: 400, code: 'INVALID_ARGUMENT', message: 'The request body must be application/json.' }
        : r;
    },
  }),
  fault('i44-ce-base-path-versioned', {
    rule: 'CE-TRANS-BASE-PATH: the release serves the enrollment under a version segment, so the documented {base_url}/cards (no version segment in the path) answers as an unknown route',
    ...blind,
    answer: (x, a) =>
      x.op !== 'putCard'
        ? a
        : {
            status: 404,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: { code: 404, status: 'NOT_FOUND', message: 'No route POST /src/api/digital/payments/cards' },
          },
  }),
  // --- Request forms (validation faults)
  fault('i44-ce-phone-number-json-number-taken', {
    rule: 'CE-TYPE-FORMS: mobileNumber.phoneNumber sent as a JSON number instead of a string of digits is accepted, though every member is a string unless stated',
    ...blind,
    relax: [{ schema: 'PhoneNumber', at: ['properties', 'phoneNumber'], set: { type: ['string', 'integer'] } }],
  }),
  fault('i44-ce-identity-email-plus-tag-refused', {
    rule: 'CE-FMT-EMAIL: an identityValue that is a valid e-mail address with a plus tag in its local part is refused as not an address of its identityType',
    ...blind,
    relax: schema('ConsumerIdentity.identityValue', { set: { pattern: '^[^+]*$' } }),
  }),
  // --- Auth and which refusal wins
  fault('i44-ce-missing-key-answered-400', {
    rule: 'CE-AUTH-UNKNOWN-KEY: an enrollment without the x-openapi-clientid header is answered as a malformed request, 400 INVALID_ARGUMENT naming the header, instead of the authorization failure 401',
    ...blind,
    ...assumption,
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 401 && !x.key
        ? {
            status: 400,
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: {
              code: 400,
              status: 'INVALID_ARGUMENT',
              message: 'The request is malformed or has incorrect or missing fields or values.',
              details: [
                { reason: 'CANNOT_BE_NULL', source: 'x-openapi-clientid', message: 'x-openapi-clientid is required', sourceType: 'HEADER' },
              ],
            },
          }
        : a,
  }),
  fault('i44-ce-origin-judged-by-program', {
    rule: "CE-AUTH-ORIGIN: a srcClientId registered to another client is enrolled for the caller when the serviceId sent is one of the caller's own programs, the origin judged by the program instead of the client id (no 403)",
    ...blind,
    judge: (x, step, r) => {
      if (step !== 'origin' || !r || !x.client?.serviceIds.includes(x.body.serviceId)) return r;
      x.owner = x.client;
      return undefined;
    },
  }),
  fault('i44-ce-origin-hidden-by-service', {
    rule: "CE-AUTH-ORIGIN: a srcClientId registered to another client, sent with a program of that client, is answered 400 INVALID_STATE naming serviceId (the program judged against the caller's before the origin) instead of 403",
    ...blind,
    judge: (x, step, r) =>
      step === 'origin' && r?.status === 403 && !x.client?.serviceIds.includes(x.body.serviceId) ? refusals.unknownService() : r,
  }),
  fault('i44-ce-unknown-service-invalid-argument', {
    rule: 'CE-PROP-REFUSAL-CODE: a serviceId of a valid form that resolves to no program is refused with the status of a malformed value, INVALID_ARGUMENT, not INVALID_STATE',
    ...blind,
    judge: (_x, step, r) => (step === 'service' && r?.code === 'INVALID_STATE' ? { ...r, code: 'INVALID_ARGUMENT' } : r),
  }),
  fault('i44-ce-check-digit-skipped-for-issuer', {
    rule: 'CE-SOURCE-EVERY-RULE, CE-LUHN: a card whose number fails the ISO/IEC 7812 check digit is enrolled when cardSource is ISSUER (an issuer-pushed card trusted), though the request rules hold whoever enrolls the card',
    ...blind,
    ...assumption,
    judge: skip('check-digit', (x) => x.body.cardSource === 'ISSUER'),
  }),
  fault('i44-ce-jwe-oaep-sha1-accepted', {
    rule: 'CE-JWE-DECRYPT: an encryptedCard whose key is wrapped with RSA-OAEP over SHA-1, not the algorithm the published key names, is decrypted and enrolled instead of refused',
    ...blind,
    ...assumption,
    judge: (x, step, r) => {
      if (step !== 'card' || !r || x.card !== undefined) return r;
      const plain = openWithSha1Oaep(x.body.encryptedCard, x.keys) as Card | undefined;
      if (!plain || typeof plain.primaryAccountNumber !== 'string') return r;
      x.card = plain;
      return undefined;
    },
  }),
  // --- Error details
  fault('i44-ce-detail-card-member-place-header', {
    rule: "CE-PROP-ERROR-DETAILS: a refusal detail about a member of the card inside encryptedCard gives HEADER as its sourceType (the JWE's header), though the card is part of the body",
    ...blind,
    answer: (x, a) => {
      if (x.op !== 'putCard' || a.status !== 400 || !Array.isArray(a.body?.details)) return a;
      const details = a.body.details.map((d: Record<string, unknown>) =>
        String(d.source).startsWith('card.') ? { ...d, sourceType: 'HEADER' } : d,
      );
      return { ...a, body: { ...a.body, details } };
    },
  }),
  // --- The enrolled card
  fault('i44-ce-card-id-as-urn', {
    rule: "CE-PAT-CARDID: the answer's srcDigitalCardId is the card's UUID written as a URN (urn:uuid: before it), no longer the bare UUID pattern",
    ...blind,
    answer: enrolled((body) => {
      body.maskedCard.srcDigitalCardId = `urn:uuid:${body.maskedCard.srcDigitalCardId}`;
    }),
  }),
  fault('i44-ce-card-created-rounded-up', {
    rule: 'CE-VAL-CREATED: dateOfCardCreated is the enrollment instant rounded up to the next whole minute, a time after the answer is sent',
    ...blind,
    answer: enrolled((body, x) => {
      const up = new Date(Math.floor(x.now.getTime() / 60_000) * 60_000 + 60_000);
      body.maskedCard.dateOfCardCreated = up.toISOString();
    }),
  }),
  fault('i44-ce-expiry-year-defaulted', {
    rule: "CE-ECHO-EXPIRY: a card sent with an expiry month and no expiry year is answered with panExpirationYear set to the current year, a value that is not the card's",
    ...blind,
    answer: enrolled((body, x) => {
      if (x.card?.panExpirationMonth && !x.card.panExpirationYear) body.maskedCard.panExpirationYear = String(x.now.getUTCFullYear());
    }),
  }),
  fault('i44-ce-receipt-digits-zeroed', {
    rule: 'CE-RECEIPT-ACCOUNT: an enrollment by push account receipt answers panBin and panLastFour as zeros, not the first digits and last four of the account the receipt stands for',
    ...blind,
    ...assumption,
    answer: enrolled((body, x) => {
      if (x.path !== 'receipt') return;
      body.maskedCard.panBin = '0'.repeat(body.maskedCard.panBin.length);
      body.maskedCard.panLastFour = '0000';
    }),
  }),
  // --- The consumer
  fault('i44-ce-profile-split-by-client-id', {
    rule: "CE-VAL-PROFILE: the same consumer identity enrolled again for the same serviceId under another of the caller's srcClientIds gets a new profile (a new srcConsumerId and dateConsumerAdded), the profile looked up per client id as well as by identity",
    ...blind,
    state: (x, profile, memory) => {
      const seen: Map<string, typeof profile> = (memory.seen ??= new Map());
      const identity = x.body.consumer?.consumerIdentity ?? {};
      const key = `${x.body.srcClientId} ${identity.identityType} ${identity.identityValue}`;
      const kept = seen.get(key);
      if (kept) return kept;
      const existed = x.world.profiles.has(`${identity.identityType} ${identity.identityValue}`);
      const mine = existed ? { srcConsumerId: randomUUID(), dateConsumerAdded: x.now.toISOString() } : profile;
      seen.set(key, mine);
      return mine;
    },
  }),
  fault('i44-ce-identity-value-in-clear', {
    rule: 'CE-MASK-IDENTITY: maskedConsumerIdentity.maskedIdentityValue carries the e-mail address as sent, unmasked, while maskedEmailAddress beside it is masked',
    ...blind,
    answer: enrolled((body, x) => {
      if (body.maskedConsumer?.maskedConsumerIdentity)
        body.maskedConsumer.maskedConsumerIdentity.maskedIdentityValue = x.body.consumer.consumerIdentity.identityValue;
    }),
  }),
  fault('i44-ce-email-domain-masked', {
    rule: 'CE-MASK-FORM: the masked e-mail address also stars its domain (each label but its first character and the top-level domain), where the provider shows the domain in clear as sent',
    ...blind,
    ...assumption,
    answer: enrolled((body) => {
      const consumer = body.maskedConsumer;
      if (!consumer) return;
      if (consumer.maskedEmailAddress) consumer.maskedEmailAddress = maskDomain(consumer.maskedEmailAddress);
      const identity = consumer.maskedConsumerIdentity;
      if (identity?.identityType === 'EMAIL_ADDRESS') identity.maskedIdentityValue = maskDomain(identity.maskedIdentityValue);
    }),
  }),
  fault('i44-ce-consent-uri-query-dropped', {
    rule: "CE-PROP-ECHO-AS-SENT: the accepted privacy and terms versions are the latestVersionUri sent cut at its query and fragment, so a version named in the URI's query is lost",
    ...blind,
    ...assumption,
    answer: enrolled((body) => {
      const settings = body.maskedConsumer?.complianceSettings;
      for (const part of ['privacy', 'tnc'] as const)
        if (typeof settings?.[part]?.acceptedVersion === 'string')
          settings[part].acceptedVersion = settings[part].acceptedVersion.split(/[?#]/)[0];
    }),
  }),
];
