// Faults of plans and the issuer notification (plans.ts's seams; limits through the contract), each breaking one rule of
// schemas/installments/rules.yaml. The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { randomUUID } from 'node:crypto';
import { signRequest } from '../../helpers/auth/oauth1.js';
import { assumption, blind, faultCatalogue, provider, seeded, telling, type FaultMemory } from '../kit/faults.js';
import { answerOf, anyAnswer, errorItems, fault, okBody, refuseAt, relaxed, skipAt, type Changing } from './fault-builders.js';
import { termsRefusal } from './plan-terms.js';
import type { Delivery, Exchange } from './seams.js';
import { schedule, type Issuer, type Plan } from './state.js';

/** The notification to the issuer of a selection (its plan's, sent again too) bent. */
const notified =
  (bendIt: (d: Delivery, x: Exchange, memory: FaultMemory) => void) =>
  (x: Exchange, d: Delivery, memory: FaultMemory): Delivery => {
    if (x.op === 'savePlan') bendIt(d, x, memory);
    return d;
  };
const notifiedBody = (bendIt: (body: any, x: Exchange, memory: FaultMemory) => void) =>
  notified((d, x, memory) => bendIt(d.body, x, memory));
/** The plan a selection stores, bent. */
const stored =
  (bendIt: (plan: Plan, x: Exchange) => Plan): Changing =>
  (x, c) =>
    x.op === 'savePlan' && c.plan ? { ...c, plan: bendIt(c.plan, x) } : c;
/** The issuer a plan's card notifies (undefined: none), found otherwise. */
const issuerOf =
  (find: (issuer: Issuer | undefined, pan: string, x: Exchange) => Issuer | undefined): Changing =>
  (x, c) =>
    'issuer' in c && c.pan !== undefined ? { ...c, issuer: find(c.issuer, c.pan, x) } : c;

/** The offers answer and the offer a selection names (undefined: none the mock issued). */
function chosen(x: Exchange) {
  const otx = x.world.offerTransactions.get(String(x.sent?.offerTransactionId));
  const offer = otx?.offers.find((o) => o.offerId === x.sent?.offerId);
  return otx && offer ? { otx, offer } : undefined;
}

export const PLANS_FAULTS = faultCatalogue([
  // Seeded beside the lasting-state property (invariants.lasting.spec.ts): the 24 hours of the status read taken as the decision's life.
  fault('in-prop-lasting-decision-times-out-after-a-day', {
    rule: 'IN-PROP-LASTING: getPlan shows a decided plan (approved or declined) as TIMED_OUT once a day (x-limits approvalStatusHours) has passed since it first showed it decided (provider 2.0.0 getPlanApprovalStatus asks the status be read within that window: a time for the caller, not an end of the decision)',
    ...seeded,
    state: (x, c, memory) => {
      const plan = c.plan;
      if (x.op !== 'getPlan' || !plan || (plan.status !== 'APPROVED' && plan.status !== 'DECLINED')) return c;
      memory[plan.planId] ??= x.now;
      return x.now - memory[plan.planId] >= 86_400_000 ? { ...c, plan: { ...plan, status: 'TIMED_OUT' } } : c;
    },
  }),
  // Seeded beside the path-id property (invariants.readers-agree.spec.ts): a plan read by another of its identifiers.
  fault('in-prop-id-names-one-getplan-provider-id-reads-latest-plan', {
    rule: "IN-PROP-ID-NAMES-ONE: getPlan given a plan's providerId for its plan_id (both UUIDs) answers that provider's latest plan, a lookup falling back on the lender's id, where no plan has that id (404)",
    rules: ['IN-LOOKUP-EXACT'],
    ...assumption,
    ...seeded,
    judge: (x, s, r) => {
      const id = s === 'plan-found' && r ? (x.req.params as { plan_id?: string }).plan_id : undefined;
      const latest = id === undefined ? undefined : [...x.world.plans.values()].reverse().find((p) => p.providerId === id);
      if (!latest) return r;
      x.plan = latest;
      return undefined;
    },
  }),
  // Beside the plan terms check (plans.product.spec.ts): amounts compared in whole units, the card by its last four digits.
  fault('in-val-plan-offer-terms-amounts-whole-units', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan's amounts are compared with its offer's in whole units: a change of a minor unit (a cent) passes",
    judge: skipAt('plan-terms', (x) => {
      const c = chosen(x);
      return (
        !!c &&
        !termsRefusal(c.otx, c.offer, x.sent, (a, b) => typeof a === 'number' && typeof b === 'number' && Math.round(a) === Math.round(b))
      );
    }),
    ...provider,
  }),
  fault('plan-merchant-unchecked', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan's merchant is not compared with its offers request's: another merchant's details are taken",
    judge: skipAt('plan-merchant'),
    ...provider,
  }),
  fault('saveplan-location-names-offers', {
    rule: "IN-ECHO-PLAN-LOCATION: the 201 of a plan's selection names its offers answer in its Location (plans/<offerTransactionId>), not the plan made",
    answer: answerOf(
      'savePlan',
      (a, x) => void (a.headers.location = `plans/${String(x.ok?.body.offerTransactionId)}`),
      (a) => a.status < 300,
    ),
    ...provider,
  }),
  ...relaxed([['plan-amount-type-open', 'amountType PURCHASE or FINAL', 'PlanTransaction.amountType', ['enum'], ['IN-ENUM-AMOUNTTYPE']]]),
  fault('in-obj-read-only-saveplan-status-from-body', {
    rule: "IN-OBJ-READ-ONLY: a plan's status sent in the savePlan body is stored and read back",
    state: stored((p, x) => (typeof x.ok?.body.status === 'string' ? { ...p, status: x.ok.body.status } : p)),
    ...provider,
  }),
  fault('in-fmt-uuid-getplan-plan-id-unchecked', {
    rule: 'getPlan: plan_id not a UUID is 400',
    rules: ['IN-FMT-UUID'],
    ...assumption,
    judge: skipAt('plan-id'),
  }),
  fault('plan-status-stale', {
    rule: 'the plan read back shows the approval',
    rules: ['IN-STATE-DECISION', 'IN-ECHO-PLAN'],
    ...assumption,
    answer: okBody('getPlan', ({ rejectReasonCode: _, ...b }) => ({ ...b, status: 'CREATED' })),
  }),
  // Outbound deliveries (kit/faults.ts, seeded): the configured endpoint changed on the way.
  fault('in-notify-exact-url-query-dropped', {
    rule: "IN-NOTIFY-EXACT: the notification goes to the issuer's endpoint as configured for the account range, query string included",
    ...assumption,
    ...seeded,
    delivery: notified((d) => void (d.url = d.url.split('?')[0])),
  }),
  fault('in-notify-sent-wrong-plan-id', {
    rule: 'the notification names the plan selected',
    rules: ['IN-NOTIFY-SENT', 'IN-NOTIFY-SHAPE'],
    ...assumption,
    delivery: notifiedBody((b) => void (b.planId = randomUUID())),
  }),
  // Normalisations on one path (kit/faults.ts, telling): reference, Flows - checkout (getPlan reads back the plan).
  fault('in-echo-plan-getplan-amount-whole-units', {
    rule: 'getPlan reads back the transaction amount saved (IN-ECHO-PLAN): this one rounds it to whole units',
    rules: ['IN-ECHO-PLAN'],
    ...assumption,
    ...telling,
    answer: okBody('getPlan', (b) => ({ ...b, transaction: { ...b.transaction, amount: Math.round(b.transaction.amount) } })),
  }),
  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  fault('in-notify-none-notification-for-unconfigured-range', {
    rule: "the notification goes to the issuer configured for the card's account range (seed 001, Events; reference Flows - notification (a)): a plan on a card of no configured range notifies the default issuer",
    rules: ['IN-NOTIFY-NONE'],
    ...blind,
    ...assumption,
    state: issuerOf((issuer, _pan, x) => issuer ?? x.world.issuers[0]),
  }),
  // Seeded beside the checks of the offer a plan is chosen with (tests/installments/plans.chosen-offer.spec.ts).
  fault('in-state-plan-offer-unchecked', {
    rule: 'IN-STATE-PLAN-OFFER: savePlan takes any offerId as given, one of another offers answer included',
    ...assumption,
    ...seeded,
    judge: skipAt('plan-offer'),
  }),
  fault('in-notify-correlation-id-of-offers', {
    rule: "IN-NOTIFY-CORRELATION: the notification carries the offers request's Correlation-Id, not the one its savePlan was sent with",
    ...seeded,
    delivery: notified((d, x) => {
      const offers = x.world.offerTransactions.get(x.ok?.body.offerTransactionId)?.correlationId;
      if (offers) d.headers['Correlation-Id'] = offers;
    }),
    ...provider,
  }),
  fault('in-notify-refused-selection', {
    rule: 'IN-NOTIFY-REFUSED: a selection refused for an offer of another offers answer still notifies the issuer',
    ...seeded,
    judge: (x, s, r) => {
      if (s !== 'plan-offer' || !r || !x.ok || !x.otx) return r;
      const b = x.ok.body;
      const tenure = b.planInstallmentInformation?.tenure ?? 3;
      x.notify?.({
        planId: randomUUID(),
        providerId: b.providerId,
        offerId: String(b.offerId),
        pan: String(x.ok.plain?.consumer?.primaryAccountNumber ?? x.otx.pan),
        merchant: { country: 'USA', mcc: '5999' },
        transaction: b.transaction,
        planInstallmentInformation: b.planInstallmentInformation ?? { frequency: 'MONTHLY', tenure: 3 },
        scheduledRepayments: schedule(b.transaction.amount, tenure, new Date(x.now)).map(({ installmentAmount, ...rest }) => ({
          ...rest,
          amount: installmentAmount,
        })),
        status: 'CREATED',
        callbackUrl: '',
      });
      return r;
    },
  }),
  // Seeded beside the exact-lookup checks of the ids a plan names in its body (tests/installments/plans.read.spec.ts).
  fault('in-lookup-exact-plan-offer-transaction-last-char-ignored', {
    rule: 'IN-LOOKUP-EXACT: an offers answer is found by its offerTransactionId as issued (reference, Flows - checkout); an id differing from an issued one only in its last character names that answer',
    rules: ['IN-STATE-OFFER-TRANSACTION'],
    ...assumption,
    ...seeded,
    judge: (x, s, r) => {
      const id = s === 'plan-offers' && r ? x.ok?.body.offerTransactionId : undefined;
      const found =
        typeof id === 'string'
          ? [...x.world.offerTransactions.values()].find(
              (t) => t.offerTransactionId.length === id.length && t.offerTransactionId.slice(0, -1) === id.slice(0, -1),
            )
          : undefined;
      if (!found) return r;
      x.otx = found;
      return undefined;
    },
  }),
  fault('in-notify-chosen-due-date-day-early', {
    rule: "the notification carries the schedulePayments the selection sent, each dueDate as sent (provider 2.0.0 SchedulePayment; reference IN-NOTIFY-CHOSEN): each dueDate is parsed as a UTC midnight and written in the service's US time zone, one day early",
    rules: ['IN-NOTIFY-CHOSEN', 'IN-VAL-PLAN-SCHEDULE'],
    delivery: notifiedBody(
      (b) =>
        void (b.schedulePayments = b.schedulePayments.map((r: Record<string, any>) =>
          typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
            ? { ...r, dueDate: new Date(Date.parse(r.dueDate) - 86400_000).toISOString().slice(0, 10) }
            : r,
        )),
    ),
    ...provider,
  }),
  fault('in-notify-signed-with-caller-key', {
    rule: "the notification is OAuth 1.0a signed by the service with its own key, no consumer key's public key verifying it (reference, Transport and auth; seed 001 Events): the notification of a plan is signed with the consumer key of the partner that selected it",
    rules: ['IN-NOTIFY-SIGNED'],
    ...assumption,
    delivery: notified((d, x) => {
      const caller = x.world.keys.find((k) => k.consumerKey === x.ok?.consumerKey);
      if (caller)
        d.headers.authorization = signRequest(
          { consumerKey: caller.consumerKey, signingKey: caller.privateKeyPem },
          'POST',
          d.url,
          JSON.stringify(d.body),
        );
    }),
  }),
  fault('in-prop-answer-is-state-saveplan-answer-status-lowercase', {
    rule: 'the body of a plan selection is what a read right after it returns (provider 2.0.0, PlanResponse status): savePlan answers the status in lower case while getPlan gives it upper case',
    rules: ['IN-PROP-ANSWER-IS-STATE'],
    answer: okBody('savePlan', (b) => ({ ...b, status: String(b.status).toLowerCase() })),
    ...provider,
  }),
  fault('in-err-shape-getplan-404-recoverable-string', {
    rule: 'every error item carries Source, ReasonCode, Description and a boolean Recoverable (provider 2.0.0, Errors): the 404 of an unknown plan writes Recoverable as a string',
    rules: ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN'],
    answer: errorItems(
      (item) => void (item.Recoverable = 'false'),
      (a, x) => x.op === 'getPlan' && a.status === 404,
    ),
    ...provider,
  }),
  fault('in-echo-plan-getplan-declined-provider-id-uppercased', {
    rule: 'getPlan reads back the providerId the plan was created with, byte for byte (seed 001, GET /plans/{plan_id}; reference, Plan): a declined plan is read back with its providerId in upper case',
    rules: ['IN-ECHO-PLAN', 'IN-PROP-ECHO-AS-SENT'],
    ...assumption,
    answer: okBody(
      'getPlan',
      (b) => ({ ...b, providerId: String(b.providerId).toUpperCase() }),
      (b) => b.status === 'DECLINED',
    ),
  }),
  fault('in-status-plan-created-saveplan-id-braced', {
    rule: "savePlan answers 201 with the new plan's planId, a UUID (provider 2.0.0, CreatedInstallmentPlan; reference, Plan creation: planId (UUID)): the planId is answered wrapped in braces, a form getPlan and getPlanApprovalStatus do not know",
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-FMT-UUID'],
    answer: okBody('savePlan', (b) => ({ ...b, planId: `{${b.planId}}` })),
    ...provider,
  }),
  fault('in-status-plan-created-saveplan-same-offer-twice-409', {
    rule: 'savePlan answers 201, or 400, 401, 403 (reference, Operations: savePlan): a second plan selected from the same offer is answered 409, a status the operation does not have',
    rules: ['IN-STATUS-PLAN-CREATED', 'IN-ERR-CONTRACT'],
    ...assumption,
    judge: refuseAt(
      'plan-new',
      (x) => {
        const offer = x.ok?.body.offerId ?? x.otx?.offers[0]?.offerId;
        return [...x.world.plans.values()].some((p) => p.offerId === offer);
      },
      () => ({
        status: 409,
        reasonCode: 'PLAN_ALREADY_EXISTS',
        description: 'A plan was already selected from this offer.',
        details: 'offerId',
      }),
    ),
  }),
  fault('in-echo-correlation-saveplan-correlation-regenerated', {
    rule: "the answer to a selection carries the caller's Correlation-Id (reference, Headers; provider 2.0.0, savePlan Correlation-Id): the 201 answers a Correlation-Id of its own",
    rules: ['IN-ECHO-CORRELATION', 'IN-PROP-HEADER-ECHO'],
    answer: answerOf(
      'savePlan',
      (a) => void (a.headers['correlation-id'] = randomUUID()),
      (a) => a.status === 201,
    ),
    ...provider,
  }),
  fault('in-trans-method-allow-lists-post', {
    rule: "a 405's Allow lists the methods the path supports (RFC 9110 section 15.5.6; provider 2.0.0: GET alone on /plans/{plan_id}): it lists POST too",
    rules: ['IN-TRANS-METHOD'],
    answer: anyAnswer(
      (a) => ({ ...a, headers: { ...a.headers, allow: 'GET, POST' } }),
      (a) => a.status === 405,
    ),
    ...provider,
  }),
]);
