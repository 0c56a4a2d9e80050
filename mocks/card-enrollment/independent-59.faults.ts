// Card enrollment faults written blind (brief blind59): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { createHash } from 'node:crypto';
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, unresolved } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { fold, refuse } = judgesAt<CardSeams>();

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

/** The identity an enrollment names (seed 000, ConsumerIdentity), as the profile store keys it. */
const identityOf = (x: X) => `${x.body.consumer?.consumerIdentity?.identityType} ${x.body.consumer?.consumerIdentity?.identityValue}`;

/** The consumer's mobile number (seed 000, PhoneNumber), calling code and number joined. */
const mobileOf = (x: X) => `${x.body.consumer?.mobileNumber?.countryCode}:${x.body.consumer?.mobileNumber?.phoneNumber}`;

/** A name-based UUID of `text` (a digest cut into the 8-4-4-4-12 groups). */
const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The longest top-level domain the faulty address check takes. */
const longestTld = 4;

export const INDEPENDENT_59_CARD_FAULTS = [
  fault('i59-ce-cobranded-name-uncut', {
    rule: 'CE-LIM-RESPONSE: the masked card is answered as co-branded with a coBrandedName built from the program id and the domain of the consumer e-mail address and never cut, so a long address domain carries coBrandedName past its maxLength, where seed 000 DigitalCardData.coBrandedName and Limits give it a maximum length whatever the request',
    answer: enrolled((body, x) => {
      const value: string = x.body.consumer?.consumerIdentity?.identityValue ?? '';
      const domain = value.slice(value.lastIndexOf('@') + 1);
      body.maskedCard.digitalCardData = {
        ...body.maskedCard.digitalCardData,
        iscobranded: true,
        coBrandedName: `${body.maskedCard.serviceId} ${domain}`,
      };
    }),
    ...blind,
  }),
  fault('i59-ce-token-last-four-number', {
    rule: 'CE-RESP-FORMS: the masked card carries its token members (tokenLastFour, tokenExpirationMonth, tokenExpirationYear) read from the token store as integers, JSON numbers, where seed 000 MaskedCard types them as strings (numeric text: types are strings unless stated)',
    answer: enrolled((body) => {
      const digest = createHash('sha256').update(body.maskedCard.srcDigitalCardId).digest();
      body.maskedCard.tokenUniqueReference = `DM4MMC${digest.toString('hex').slice(0, 24).toUpperCase()}`;
      body.maskedCard.tokenLastFour = 1000 + (digest.readUInt16BE(0) % 9000);
      body.maskedCard.tokenExpirationMonth = 1 + (digest[2] % 12);
      body.maskedCard.tokenExpirationYear = 2030 + (digest[3] % 5);
    }),
    ...blind,
  }),
  fault('i59-ce-receipt-first-account', {
    rule: 'CE-MASK-PAN, CE-RECEIPT-ACCOUNT: on the push-account-receipt path the masked card shows panBin and panLastFour of the first receipt the service holds whatever receipt the request names (the account read from the wrong row), so the digits are not those of the account the receipt sent stands for, where seed 000 MaskedCard.panBin is the first PAN digits and panLastFour the last four PAN digits of the card enrolled',
    answer: enrolled((body, x) => {
      if (x.path !== 'receipt') return;
      const pan = x.world.receipts[0]!.primaryAccountNumber;
      body.maskedCard.panBin = pan.slice(0, body.maskedCard.panBin.length);
      body.maskedCard.panLastFour = pan.slice(-4);
    }),
    ...blind,
  }),
  fault('i59-ce-consent-carried-from-profile', {
    rule: 'CE-REQ-REQUEST, CE-REQ-COMPLIANCE: a request without complianceSettings is enrolled when its consumer identity already has a profile, the consent of the earlier enrollment carried over, where seed 000 EnrollCardRequest requires complianceSettings on every request and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT',
    judge: fold(
      'read',
      (x, memory) => x.body.complianceSettings === undefined && memory[identityOf(x)] !== undefined,
      (x, memory) => {
        x.body.complianceSettings = structuredClone(memory[identityOf(x)]);
      },
    ),
    answer: (x, a, memory) => {
      if (x.op === 'putCard' && a.status === 200 && x.body.complianceSettings)
        memory[identityOf(x)] = structuredClone(x.body.complianceSettings);
      return a;
    },
    ...blind,
  }),
  fault('i59-ce-created-basic-format', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: dateOfCardCreated is written in the ISO 8601 basic format (no hyphens between the date parts, no colons between the time parts), which is no RFC 3339 date-time, where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime (the contract format date-time)',
    answer: enrolled((body) => {
      body.maskedCard.dateOfCardCreated = String(body.maskedCard.dateOfCardCreated).replace(/[-:]/g, '');
    }),
    ...blind,
  }),
  fault('i59-ce-correlation-separator-rewritten', {
    rule: 'CE-ECHO-CORRELATION: a srcCorrelationId sent with its hex prefix is split into prefix and UUID and joined again with a hyphen, so a prefix joined by any other character the pattern allows (a dot, an underscore) is echoed with that character replaced, where seed 000 SrcCorrelationId says the request id is echoed',
    answer: enrolled((body, x) => {
      const sent = x.body.srcCorrelationId;
      if (typeof sent === 'string' && sent.length > 36 + 8) body.srcCorrelationId = `${sent.slice(0, 8)}-${sent.slice(9)}`;
    }),
    ...blind,
  }),
  fault('i59-ce-issuer-card-path-refused', {
    rule: 'CE-VALID-ACCEPTED, CE-ENUM-CARDSOURCE: on the card-number path a request naming cardSource ISSUER is refused 400 INVALID_STATE naming cardSource (an issuer card taken to come only by push provisioning), though ISSUER is an Origin value (seed 000: added by the issuer via push provisioning or token connect) and the seed ties no enrollment path to a card source',
    judge: refuse(
      'path',
      (x) => x.path === 'card' && x.body.cardSource === 'ISSUER',
      unresolved('cardSource', 'cardSource ISSUER is not valid for a card-number enrollment.'),
    ),
    ...blind,
  }),
  fault('i59-ce-cvc-required', {
    rule: 'CE-REQ-CARD, CE-VALID-ACCEPTED: an encrypted card without cardSecurityCode is refused 400 INVALID_ARGUMENT as missing a mandatory value, where seed 000 Card makes cardSecurityCode optional (only primaryAccountNumber required)',
    judge: refuse(
      'card',
      (x) => x.path === 'card' && x.card !== undefined && x.card.cardSecurityCode === undefined,
      invalid('card.cardSecurityCode', 'required', 'card.cardSecurityCode must be present'),
    ),
    ...blind,
  }),
  fault('i59-ce-firstname-limit-receipt-path', {
    rule: 'CE-LIM-FIRSTNAME: on the push-account-receipt path consumer.firstName past its maxLength is enrolled (the name limit held on the card-number path only), where seed 000 Consumer.firstName and Limits give the first name a maximum length on every request',
    judge: (x, step, refusal) =>
      step === 'schema' &&
      x.path === 'receipt' &&
      refusal?.violations?.length &&
      refusal.violations.every((v) => v.field === 'consumer.firstName' && v.keyword === 'maxLength')
        ? undefined
        : refusal,
    ...blind,
  }),
  fault('i59-ce-expiry-read-as-yymm', {
    rule: 'CE-ECHO-EXPIRY, CE-RESP-FORMS: the card expiry is kept as one YYMM text (the card-scheme expiry form) and read back as MMYY, so the answer carries the last two digits of the year as panExpirationMonth and the century joined to the month as panExpirationYear, where seed 000 MaskedCard.panExpirationMonth (format MM) and panExpirationYear (format YYYY) are those of the card sent',
    answer: enrolled((body, x) => {
      const { panExpirationMonth: month, panExpirationYear: year } = x.card ?? {};
      if (x.path !== 'card' || !month || !year) return;
      const kept = `${year.slice(2)}${month}`;
      body.maskedCard.panExpirationMonth = kept.slice(0, 2);
      body.maskedCard.panExpirationYear = `${year.slice(0, 2)}${kept.slice(2)}`;
    }),
    ...blind,
  }),
  fault('i59-ce-email-long-tld-refused', {
    rule: 'CE-FMT-EMAIL, CE-VALID-ACCEPTED: an EMAIL_ADDRESS identity whose top-level domain is longer than the few letters an old address pattern allows (.travel, .museum) is refused 400 INVALID_ARGUMENT as not an e-mail address, where seed 000 ConsumerIdentity.identityValue is a value matching its identityType, an e-mail address, which such an address is',
    judge: refuse(
      'schema',
      (x) => {
        const value = x.body.consumer?.consumerIdentity?.identityValue;
        return typeof value === 'string' && value.includes('@') && value.slice(value.lastIndexOf('.') + 1).length > longestTld;
      },
      invalid('consumer.consumerIdentity.identityValue', 'format', 'consumer.consumerIdentity.identityValue must be an e-mail address'),
    ),
    ...blind,
  }),
  fault('i59-ce-profile-by-mobile', {
    rule: 'CE-VAL-PROFILE: a new consumer identity sent with the mobile number of an enrolled one is given that consumer profile (the profile looked up by mobile number when the identity finds none), so another identity names the profile, its srcConsumerId and dateConsumerAdded, where seed 000 ConsumerIdentity.identityValue is what locates the profile',
    state: (x, profile, memory) => {
      const byMobile: Record<string, typeof profile> = (memory.byMobile ??= {});
      const found = x.world.profiles.has(identityOf(x)) ? profile : (byMobile[mobileOf(x)] ?? profile);
      byMobile[mobileOf(x)] ??= found;
      return found;
    },
    ...blind,
  }),
  fault('i59-ce-status-suspended-mobile-changed', {
    rule: 'CE-STATE-ACTIVE: a consumer identity enrolled again with another mobile number than its earlier enrollment is enrolled but answered with maskedConsumer.status SUSPENDED (the contact change held for verification), where seed 000 States and transitions says the consumer profile is ACTIVE at enrollment',
    answer: enrolled((body, x, memory) => {
      const before = memory[identityOf(x)];
      memory[identityOf(x)] = mobileOf(x);
      if (before !== undefined && before !== mobileOf(x) && body.maskedConsumer) body.maskedConsumer.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i59-ce-identity-value-from-mobile', {
    rule: 'CE-REQ-IDENTITY: a consumerIdentity without identityValue is enrolled when the mobile number sent belongs to an enrolled consumer, the identity value filled in from that consumer, where seed 000 ConsumerIdentity requires identityType and identityValue and Errors refuses a missing mandatory value 400 INVALID_ARGUMENT',
    judge: fold(
      'read',
      (x, memory) =>
        x.body.consumer?.consumerIdentity !== undefined &&
        x.body.consumer.consumerIdentity.identityValue === undefined &&
        memory[mobileOf(x)] !== undefined,
      (x, memory) => {
        x.body.consumer.consumerIdentity = { ...x.body.consumer.consumerIdentity, identityValue: memory[mobileOf(x)] };
      },
    ),
    answer: (x, a, memory) => {
      if (x.op === 'putCard' && a.status === 200) memory[mobileOf(x)] ??= x.body.consumer?.consumerIdentity?.identityValue;
      return a;
    },
    ...blind,
  }),
  fault('i59-ce-card-id-from-last-four-expiry', {
    rule: 'CE-PROP-UNIQUE-ID: srcDigitalCardId is a name-based UUID of the masked card view (its last four and expiry), so two different card numbers sharing their last four digits and expiry are answered one srcDigitalCardId, where seed 000 MaskedCard.srcDigitalCardId is a unique card identifier referencing the PAN',
    answer: enrolled((body, x) => {
      if (x.path !== 'card') return;
      const { panExpirationMonth: month = '', panExpirationYear: year = '' } = x.card ?? {};
      body.maskedCard.srcDigitalCardId = uuidOf(`${body.maskedCard.panLastFour}/${month}/${year}`);
    }),
    ...blind,
  }),
];
