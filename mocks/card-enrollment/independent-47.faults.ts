// Card enrollment faults written blind (brief blind47): from seed 000, the contract (schemas/card-enrollment/openapi.yaml), the rule
// catalogue and the behaviour modules only, the suite unread. Each bends POST /cards at the seams cards.ts calls.
import { blind, faultWriter, judgesAt } from '../kit/faults.js';
import type { Answer, CardSeams } from './cards.js';
import { invalid, unresolved } from './errors.js';

const fault = faultWriter<CardSeams>('CE');
const { refuse } = judgesAt<CardSeams>();

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
const detailOf = (a: Answer, source: string) => (a.body?.details ?? []).find((d: any) => d.source === source);

export const INDEPENDENT_47_CARD_FAULTS = [
  fault('i47-ce-consumer-country-from-phone', {
    rule: 'CE-PROP-ECHO-AS-SENT, CE-RESP-FORMS: maskedConsumer.countryCode is taken from the consumer mobileNumber.countryCode (the international calling code) instead of consumer.countryCode, where seed 000 MaskedConsumer.countryCode is the ISO 3166 alpha-2 country of the consumer sent',
    answer: enrolled((body, x) => {
      body.maskedConsumer.countryCode = x.body.consumer?.mobileNumber?.countryCode ?? body.maskedConsumer.countryCode;
    }),
    ...blind,
  }),
  fault('i47-ce-second-card-suspended', {
    rule: 'CE-STATE-ACTIVE: a second, different card number enrolled into a consumer profile that already holds a card is answered with digitalCardData.status SUSPENDED (the new card held pending), where seed 000 States says the enroll operation never returns SUSPENDED',
    answer: enrolled((body, x, memory) => {
      const cards: Map<string, Set<string>> = (memory.cards ??= new Map());
      const held = cards.get(identityOf(x)) ?? new Set<string>();
      const pan = x.card?.primaryAccountNumber ?? '';
      if (held.size > 0 && !held.has(pan)) body.maskedCard.digitalCardData.status = 'SUSPENDED';
      held.add(pan);
      cards.set(identityOf(x), held);
    }),
    ...blind,
  }),
  fault('i47-ce-profile-suspended-other-program', {
    rule: 'CE-STATE-ACTIVE: a consumer identity enrolled for a second program (another serviceId) is answered with maskedConsumer.status SUSPENDED, the decision of the other program applied to this profile, where seed 000 States says the consumer profile is ACTIVE at enrollment',
    answer: enrolled((body, x, memory) => {
      const programs: Map<string, string> = (memory.programs ??= new Map());
      const first = programs.get(identityOf(x));
      if (first === undefined) programs.set(identityOf(x), x.body.serviceId);
      else if (first !== x.body.serviceId) body.maskedConsumer.status = 'SUSPENDED';
    }),
    ...blind,
  }),
  fault('i47-ce-created-month-end-rollover', {
    rule: 'CE-VAL-CREATED: a card enrolled on the last day of a month is answered with dateOfCardCreated on the first day of the next month (the day counted one past the month end), where seed 000 MaskedCard.dateOfCardCreated is when the card was enrolled',
    answer: enrolled((body, x) => {
      const next = new Date(x.now.getTime() + 86_400_000);
      if (next.getUTCDate() === 1) body.maskedCard.dateOfCardCreated = next.toISOString();
    }),
    ...blind,
  }),
  fault('i47-ce-receipt-created-date-only', {
    rule: 'CE-DATE-UNIT, CE-RESP-FORMS: on the push-account-receipt path dateOfCardCreated is answered as a calendar date alone (no time, no zone), where seed 000 MaskedCard.dateOfCardCreated is a UTC datetime on every path',
    answer: enrolled((body, x) => {
      if (x.path === 'receipt') body.maskedCard.dateOfCardCreated = String(body.maskedCard.dateOfCardCreated).slice(0, 10);
    }),
    ...blind,
  }),
  fault('i47-ce-refid-maxlength-exclusive', {
    rule: 'CE-LIM-REFERENCEID: an enrolmentReferenceId of exactly its maxLength is refused as too long (the bound taken as exclusive), where seed 000 EnrolmentReferenceData.enrolmentReferenceId allows up to its max length',
    judge: refuse(
      'path',
      (x) => String(x.body.enrolmentReferenceData?.enrolmentReferenceId ?? '').length === 256,
      invalid('enrolmentReferenceData.enrolmentReferenceId', 'maxLength', 'enrolmentReferenceId is too long'),
    ),
    ...blind,
  }),
  fault('i47-ce-cvc-max-exclusive', {
    rule: 'CE-LIM-CVC: a cardSecurityCode of exactly its maxLength is refused, the upper bound one short, where seed 000 Card.cardSecurityCode allows its longest length',
    judge: refuse(
      'check-digit',
      (x) => x.path === 'card' && String(x.card?.cardSecurityCode ?? '').length === 6,
      invalid('card.cardSecurityCode', 'maxLength', 'card.cardSecurityCode is too long'),
    ),
    ...blind,
  }),
  fault('i47-ce-invalid-state-code-string', {
    rule: 'CE-PROP-ERROR-STATUS: on the INVALID_STATE refusals only, the error body code is the HTTP status written as a JSON string, where the sample error bodies of seed 000 carry code as an integer',
    answer: refused(
      (a) => a.body?.status === 'INVALID_STATE',
      (a) => ({ ...a, body: { ...a.body, code: String(a.body!.code) } }),
    ),
    ...blind,
  }),
  fault('i47-ce-unknown-client-reason-null', {
    rule: 'CE-ERR-FIELD, CE-PROP-ERROR-DETAILS: the INVALID_STATE refusal of a srcClientId that resolves to no entity gives its detail reason CANNOT_BE_NULL (the missing-value reason), where seed 000 Errors gives INVALID_VALUE as the detail reason of INVALID_STATE',
    answer: refused(
      (a) => a.body?.status === 'INVALID_STATE' && !!detailOf(a, 'srcClientId'),
      (a) => {
        detailOf(a, 'srcClientId').reason = 'CANNOT_BE_NULL';
        return a;
      },
    ),
    ...blind,
  }),
  fault('i47-ce-missing-key-forbidden', {
    rule: 'CE-AUTH-MISSING-KEY: a request without the x-openapi-clientid header is answered 403 PERMISSION_DENIED (origin not validated) instead of 401, where seed 000 Authentication gives 401 to a failed authorization check',
    answer: (x, a) =>
      x.op === 'putCard' && a.status === 401 && !x.key
        ? { ...a, status: 403, body: { code: 403, status: 'PERMISSION_DENIED', message: 'Client identity (origin) not validated.' } }
        : a,
    ...blind,
  }),
  fault('i47-ce-same-card-again-refused', {
    rule: 'CE-VALID-ACCEPTED, CE-PROP-REFUSAL-CODE: the same card number enrolled again for the same consumer identity is refused 400 INVALID_STATE as a duplicate, a refusal seed 000 Errors does not list: a request every document allows is answered 200',
    judge: (x, step, r, memory) => {
      if (r || step !== 'receipt' || x.path !== 'card') return r;
      const seen: Set<string> = (memory.seen ??= new Set<string>());
      const key = `${identityOf(x)} ${x.card?.primaryAccountNumber}`;
      if (seen.has(key)) return unresolved('encryptedCard', 'The card is already enrolled.');
      seen.add(key);
      return r;
    },
    ...blind,
  }),
  fault('i47-ce-expiry-month-unpadded', {
    rule: 'CE-FMT-RESP-EXPIRY, CE-ECHO-EXPIRY: maskedCard.panExpirationMonth of a month before October is answered without its leading zero (one digit), where seed 000 MaskedCard.panExpirationMonth is of format MM, its minLength and maxLength',
    answer: enrolled((body) => {
      const m = body.maskedCard.panExpirationMonth;
      if (typeof m === 'string' && m.startsWith('0')) body.maskedCard.panExpirationMonth = m.slice(1);
    }),
    ...blind,
  }),
];
