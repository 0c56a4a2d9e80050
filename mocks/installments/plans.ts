// Plans: POST /plans (savePlan: the cardholder chose an offer; the service then notifies the
// issuer configured for the card's account range) and GET /plans/{plan_id} (getPlan, 400 for an
// id that is not a UUID, 404 unknown, 405 for other methods). Seed 001, Endpoints and Events.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signRequest } from '../../helpers/auth/oauth1.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError, sendRefusal } from './errors.js';
import type { Guard } from './guard.js';
import { termsRefusal } from './plan-terms.js';
import { exchangeOf, type InstallmentsSeams } from './seams.js';
import { inRange, resentNotifications, UUID, type InstallmentsState, type Plan } from './state.js';

/** Applies an asynchronous (202) decision once its time has come on the virtual clock. */
export function settle(plan: Plan, nowMs: number): Plan {
  if (plan.pending && nowMs >= plan.pending.atMs) {
    plan.status = plan.pending.status;
    delete plan.pending;
  }
  return plan;
}

function schedule(amount: number, tenure: number, from: Date) {
  return Array.from({ length: tenure }, (_, i) => {
    const due = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i + 1, 1));
    return {
      installmentNumber: i + 1,
      installmentAmount: Math.round((amount / tenure) * 100) / 100,
      dueDate: due.toISOString().slice(0, 10),
    };
  });
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * What the configured product refuses in a plan (provider 2.0.0, POST /plans, PlanCreateInvalidInput), as [Description,
 * Details] of its error example: the members it makes mandatory, then terms other than the chosen offer's.
 */
function productRefusal(world: InstallmentsState, b: Record<string, any>, pan: unknown): [string, string] | undefined {
  // provider 2.0.0: OfferIdField "mandatory for Mastercard Installments Payment Services"; TransactionOffers "mandatory for
  // During Purchase use case" (examples/InvalidPresentedOffersDRNG), and for a client classified as a distribution partner
  // (examples/InvalidPresentedOffersDSP, whose Description names the client).
  const offersNeeded = world.distributionPartner || world.useCases.includes('DURING_PURCHASE');
  if (!present(b.offerId) || (offersNeeded && !present(b.transactionOffers)))
    return [
      `Both OfferId and TransactionOffers must be present for this ${world.distributionPartner ? 'client' : 'provider'} - Value must not be null`,
      'Invalid input request for cardedInstallments.',
    ];
  // provider 2.0.0: PlanInstallmentInformation (with CardedPlanInstallmentInformation.feeValue) and SchedulePayment
  // "mandatory for Mastercard Installments Payment Services".
  if (!present(b.planInstallmentInformation))
    return [
      'planInstallmentInformation must not be null.',
      'planInstallmentInformation is mandatory for Mastercard Installments Payment Services.',
    ];
  if (!present(b.planInstallmentInformation.feeValue))
    return ['planInstallmentInformation.feeValue must not be null.', 'feeValue is mandatory for Mastercard Installments Payment Services.'];
  if (!present(b.schedulePayments))
    return ['schedulePayments must not be null.', 'schedulePayments is mandatory for Mastercard Installments Payment Services.'];
  // provider 2.0.0, PlanConsumer.primaryAccountNumber (the encrypted card) mandatory for Installments on Cards (examples/BlankPAN).
  if (!present(pan)) return ['PAN is present and is blank or null.', 'PAN cannot blank or empty.'];
}

/**
 * provider 2.0.0, POST /plans: the merchant details too are sent as presented and validated against the offer: the
 * first member of the plan's merchant (its name in the encrypted plaintext) both carry that differs, or undefined.
 */
function merchantDiffers(asked: Record<string, any>, b: Record<string, any>, plain: any): string | undefined {
  const sent = { ...(b.merchant ?? {}), ...(plain?.merchant ?? {}) };
  return ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']
    .filter((k) => present(sent[k]) && present(asked[k]) && String(sent[k]) !== String(asked[k]))
    .map((k) => `merchant.${k}`)[0];
}

export function registerPlans(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults, clock, deliveries } = ctx;
  const seams = faults.seams<InstallmentsSeams>();
  const exchange = (req: FastifyRequest) => exchangeOf(req, world, () => clock.nowMs());

  /** in-notify-chosen-biweekly-given-dates-monthly: the plans selected with a schedule of their own (kept only while that fault is on). */
  const givenSchedule = new WeakSet<Plan>();
  /** in-notify-chosen-same-answer-offer-of-first: the offer the first plan of each offers answer named (kept only while that fault is on). */
  const firstOfferOfAnswer = new Map<string, unknown>();
  /** in-notify-signed-with-caller-key: the consumer key that selected each plan (kept only while that fault is on). */
  const callerOf = new WeakMap<Plan, InstallmentsState['keys'][number]>();
  /** in-notify-correlation-absent-dropped: the Correlation-Id each selection was sent with (kept only while that fault is on). */
  const callerCorrelation = new WeakMap<Plan, string | undefined>();
  /** `otx`: the offers answer the plan was chosen from (read only by the seeded faults of the notification). */
  function notifyIssuer(plan: Plan, correlationId: string, otx?: { offers: Record<string, any>[]; correlationId?: string }) {
    // in-notify-sent-only-for-listed-pan: only a card registered by its number in a list finds its issuer.
    const listed = !faults.has('in-notify-sent-only-for-listed-pan') || [...world.panLists.values()].some((l) => l.pans.has(plan.pan));
    const issuer =
      (listed
        ? world.issuers.find(
            (i) =>
              inRange(plan.pan, i.accountRange) &&
              // in-notify-sent-range-high-end-exclusive: a card at the high end of the issuer's account range finds no issuer.
              !(
                faults.has('in-notify-sent-range-high-end-exclusive') &&
                plan.pan.slice(0, i.accountRange.accountRangeHigh.length) === i.accountRange.accountRangeHigh
              ),
          )
        : undefined) ??
      // in-notify-none-issuer-by-first-four: the issuer found by the card's first four digits.
      (faults.has('in-notify-none-issuer-by-first-four')
        ? world.issuers.find((i) => i.accountRange.accountRangeLow.slice(0, 4) === plan.pan.slice(0, 4))
        : undefined) ??
      (faults.has('in-notify-none-notification-for-unconfigured-range') ? world.issuers[0] : undefined);
    if (!issuer) return;
    const body: Record<string, unknown> = {
      planId: faults.has('notification-wrong-plan') ? randomUUID() : plan.planId,
      issuerCid: issuer.issuerCid,
      issuerIca: issuer.issuerIca,
      offerId: plan.offerId,
      schedulePayments: plan.scheduledRepayments.map(({ amount, ...r }) => ({
        ...r,
        installmentAmount: amount,
        // in-notify-chosen-due-date-day-early: the due date written in a US time zone, a day early.
        ...(faults.has('in-notify-chosen-due-date-day-early') && typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
          ? { dueDate: new Date(Date.parse(r.dueDate) - 86400_000).toISOString().slice(0, 10) }
          : {}),
      })),
      planInstallmentInformation: plan.planInstallmentInformation,
      transaction: plan.transaction,
      // in-obj-sensitive-notify-consumer-full-pan: the consumer block also names the card by its whole number.
      consumer: faults.has('in-obj-sensitive-notify-consumer-full-pan')
        ? { panLastFour: plan.pan.slice(-4), accountNumber: plan.pan }
        : {
            panLastFour: plan.pan.slice(-4),
            // in-obj-sensitive-notify-card-grouped-bin-and-last-four: the card also named in groups of four, its BIN and last four shown.
            ...(faults.has('in-obj-sensitive-notify-card-grouped-bin-and-last-four')
              ? { maskedPan: `${plan.pan.slice(0, 4)} ${plan.pan.slice(4, 6)}XX XXXX ${plan.pan.slice(-4)}` }
              : {}),
          },
    };
    if (faults.has('notification-missing-issuerIca')) delete body.issuerIca;
    const otxId = (otx as { offerTransactionId?: string } | undefined)?.offerTransactionId;
    // in-notify-chosen-same-answer-offer-of-first: a later plan of the same offers answer notified with the offer the first one chose.
    if (faults.has('in-notify-chosen-same-answer-offer-of-first') && otxId !== undefined) {
      if (firstOfferOfAnswer.has(otxId)) body.offerId = firstOfferOfAnswer.get(otxId);
      else firstOfferOfAnswer.set(otxId, body.offerId);
    }
    // in-notify-schedule-weekly-schedule-monthly-count: a WEEKLY plan notified with one payment per four weeks of its term.
    if (
      faults.has('in-notify-schedule-weekly-schedule-monthly-count') &&
      plan.planInstallmentInformation.frequency === 'WEEKLY' &&
      Array.isArray(body.schedulePayments) &&
      body.schedulePayments.length >= 2
    )
      body.schedulePayments = body.schedulePayments.slice(0, Math.ceil(body.schedulePayments.length / 4));
    // in-notify-chosen-biweekly-given-dates-monthly: a BIWEEKLY plan's own schedule notified with monthly due dates.
    if (
      faults.has('in-notify-chosen-biweekly-given-dates-monthly') &&
      givenSchedule.has(plan) &&
      plan.planInstallmentInformation.frequency === 'BIWEEKLY' &&
      Array.isArray(body.schedulePayments) &&
      typeof body.schedulePayments[0]?.dueDate === 'string' &&
      !Number.isNaN(Date.parse(body.schedulePayments[0].dueDate))
    ) {
      const first = new Date(Date.parse(body.schedulePayments[0].dueDate));
      body.schedulePayments = body.schedulePayments.map((r: Record<string, unknown>, i: number) => ({
        ...r,
        dueDate: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, first.getUTCDate())).toISOString().slice(0, 10),
      }));
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    headers['Correlation-Id'] = faults.has('blind-notification-correlation-id-regenerated')
      ? randomUUID()
      : faults.has('in-notify-shape-correlation-id-uppercased')
        ? correlationId.toUpperCase()
        : faults.has('in-notify-correlation-id-of-offers') && otx?.correlationId
          ? otx.correlationId
          : correlationId;
    // in-notify-signed-with-caller-key: the notification signed with the key of the partner that selected the plan.
    const signer = (faults.has('in-notify-signed-with-caller-key') ? callerOf.get(plan) : undefined) ?? world.serviceKey;
    headers.authorization = signRequest(
      { consumerKey: signer.consumerKey, signingKey: signer.privateKeyPem },
      'POST',
      issuer.notificationUrl,
      JSON.stringify(body),
    );
    // Seeded fault: the issuer's endpoint called without the query string it was configured with.
    let url = faults.has('notification-url-query-dropped') ? issuer.notificationUrl.split('?')[0] : issuer.notificationUrl;
    if (faults.has('in-notify-exact-url-plan-id-appended')) url = url.replace(/(\?|$)/, `/${plan.planId}$1`);
    // in-notify-correlation-absent-dropped: a selection sent without Correlation-Id notifies the issuer without one.
    if (faults.has('in-notify-correlation-absent-dropped') && callerCorrelation.get(plan) === undefined) delete headers['Correlation-Id'];
    // in-notify-sent-issuer-url-http: the issuer's URL called with the scheme http.
    if (faults.has('in-notify-sent-issuer-url-http')) url = url.replace(/^https:/, 'http:');
    void deliveries.send(url, 'POST', headers, body, clock.now());
  }

  // in-val-plan-schedule-getplan-due-dates-us-local: getPlan's due dates written from US Eastern time, a day early.
  app.addHook('preSerialization', async (req, reply, payload: any) => {
    if (
      !faults.has('in-val-plan-schedule-getplan-due-dates-us-local') ||
      req.method !== 'GET' ||
      !req.url.startsWith(`${prefix}/plans/`) ||
      reply.statusCode !== 200 ||
      !Array.isArray(payload?.scheduledRepayments)
    )
      return payload;
    return {
      ...payload,
      scheduledRepayments: payload.scheduledRepayments.map((r: Record<string, unknown>) =>
        typeof r.dueDate === 'string' && !Number.isNaN(Date.parse(r.dueDate))
          ? { ...r, dueDate: new Date(Date.parse(r.dueDate) - 5 * 3600_000).toISOString().slice(0, 10) }
          : r,
      ),
    };
  });
  app.post(`${prefix}/plans`, async (req, reply) => {
    const ok = await guard(req, reply, 'savePlan');
    if (!ok) return reply;
    const b = ok.body;
    const missing = productRefusal(world, b, ok.plain?.consumer?.primaryAccountNumber);
    if (missing) return sendError(reply, 400, 'invalid.request.parameter', ...missing);
    const otxId: string = b.offerTransactionId;
    const otx =
      world.offerTransactions.get(otxId) ??
      // in-lookup-exact-plan-offer-transaction-last-char-ignored: the answer found by all but the id's last character.
      (faults.has('in-lookup-exact-plan-offer-transaction-last-char-ignored') && typeof otxId === 'string'
        ? [...world.offerTransactions.values()].find(
            (t) => t.offerTransactionId.length === otxId.length && t.offerTransactionId.slice(0, -1) === otxId.slice(0, -1),
          )
        : undefined);
    if (!otx) {
      return invalidRequest(reply, [
        { field: 'offerTransactionId', keyword: 'exists', message: 'offerTransactionId names no offers of this service' },
      ]);
    }
    const anyOffer = () => undefined;
    const sameOffer = (id: string) => id === b.offerId;
    const offer = b.offerId === undefined ? otx?.offers[0] : (otx?.offers.find((o) => sameOffer(o.offerId)) ?? anyOffer());
    // in-state-plan-offer-unchecked: an offerId that is no offer of the answer is taken as given.
    if (otx && !offer && !faults.has('in-state-plan-offer-unchecked')) {
      // in-notify-refused-selection: the issuer notified before the offer was checked.
      if (faults.has('in-notify-refused-selection'))
        notifyIssuer(
          {
            planId: randomUUID(),
            providerId: b.providerId,
            offerId: String(b.offerId),
            pan: String(ok.plain?.consumer?.primaryAccountNumber ?? otx.pan),
            merchant: { country: 'USA', mcc: '5999' },
            transaction: b.transaction,
            planInstallmentInformation: b.planInstallmentInformation ?? { frequency: 'MONTHLY', tenure: 3 },
            scheduledRepayments: schedule(b.transaction.amount, b.planInstallmentInformation?.tenure ?? 3, clock.now()).map(
              ({ installmentAmount, ...r }) => ({ ...r, amount: installmentAmount }),
            ),
            status: 'CREATED',
            callbackUrl: '',
          },
          (req.headers['correlation-id'] as string | undefined) ?? randomUUID(),
        );
      return invalidRequest(reply, [
        { field: 'offerId', keyword: 'exists', message: 'offerId is not an offer of this offerTransactionId' },
      ]);
    }
    // provider 2.0.0, PlanCreateInvalidInput example PANMisMatch: the card of a plan is its offers request's.
    // The whole number is compared, every digit of it.
    const card = ok.plain?.consumer?.primaryAccountNumber;
    const cardOff = seams.judge(
      exchange(req),
      'plan-card',
      otx && present(card) && String(card) !== otx.pan
        ? {
            status: 400,
            reasonCode: 'pan.match',
            description: 'Provided PAN does not match with offer.',
            details: 'PAN does not match with Offer.',
          }
        : undefined,
    );
    if (cardOff) return sendRefusal(reply, cardOff);
    // No error example names a merchant that differs: the Description and Details are the mock's, in the examples' manner.
    const mismatch = otx ? merchantDiffers(otx.merchant, b, ok.plain) : undefined;
    const merchantOff = seams.judge(
      exchange(req),
      'plan-merchant',
      mismatch
        ? {
            status: 400,
            reasonCode: 'invalid.request.parameter',
            description: 'Provided merchant details do not match with offer.',
            details: `Mismatch in ${mismatch}.`,
          }
        : undefined,
    );
    if (merchantOff) return sendRefusal(reply, merchantOff);
    const differs = otx && offer ? termsRefusal(otx, offer, b) : undefined;
    const termsOff = seams.judge(
      exchange(req),
      'plan-terms',
      differs ? { status: 400, reasonCode: 'invalid.request.parameter', description: differs[0], details: differs[1] } : undefined,
    );
    if (termsOff) return sendRefusal(reply, termsOff);
    const termsOf = offer;
    const info = b.planInstallmentInformation ?? { frequency: termsOf?.frequency ?? 'MONTHLY', tenure: termsOf?.tenure ?? 3 };
    // in-lim-apr-plan-apr-200-refused: the apr's maximum read as exclusive.
    if (faults.has('in-lim-apr-plan-apr-200-refused') && b.planInstallmentInformation?.apr === 200)
      return invalidRequest(reply, [
        { field: 'planInstallmentInformation.apr', keyword: 'maximum', message: 'planInstallmentInformation.apr must be < 200' },
      ]);
    // in-lim-tenure-plan-tenure-99-refused: a tenure at the upper limit (99) refused as too long.
    if (faults.has('in-lim-tenure-plan-tenure-99-refused') && b.planInstallmentInformation?.tenure === 99)
      return invalidRequest(reply, [
        { field: 'planInstallmentInformation.tenure', keyword: 'maximum', message: 'planInstallmentInformation.tenure must be < 99' },
      ]);
    const given = (b.schedulePayments ?? []) as Record<string, unknown>[];
    // in-lim-schedule-plan-schedule-99-refused: the schedule's upper bound read as exclusive.
    if (faults.has('in-lim-schedule-plan-schedule-99-refused') && given.length === 99)
      return invalidRequest(reply, [{ field: 'schedulePayments', keyword: 'maxItems', message: 'schedulePayments has too many items' }]);
    const complete =
      given.length > 0 && given.every((s) => s.installmentAmount !== undefined && s.dueDate && s.installmentNumber !== undefined);
    // in-status-plan-created-saveplan-same-offer-twice-409: a second plan selected from the same offer answered 409.
    if (
      faults.has('in-status-plan-created-saveplan-same-offer-twice-409') &&
      offer !== undefined &&
      [...world.plans.values()].some((p) => p.offerId === offer.offerId)
    )
      return sendError(reply, 409, 'PLAN_ALREADY_EXISTS', 'A plan was already selected from this offer.', 'offerId');
    const planId = randomUUID();
    const plan: Plan = {
      planId,
      providerId: b.providerId,
      offerId: offer?.offerId ?? b.offerId ?? 'offer-unknown',
      pan: String(ok.plain?.consumer?.primaryAccountNumber ?? otx?.pan ?? ''),
      merchant: {
        country: otx?.merchant.country ?? 'USA',
        // in-echo-plan-saveplan-zero-mcc-stored-as-default: an mcc starting with a zero replaced by the default.
        mcc:
          faults.has('in-echo-plan-saveplan-zero-mcc-stored-as-default') && /^0/.test(String(otx?.merchant.mcc))
            ? '5999'
            : (otx?.merchant.mcc ?? '5999'),
      },
      transaction: b.transaction,
      planInstallmentInformation: info,
      // provider 2.0.0, ScheduledRepayment: a repayment's amount is `amount`.
      scheduledRepayments: (complete
        ? given
        : // in-val-plan-schedule-computed-schedule-eur-floored-to-dimes: in EUR each computed installment is rounded down to ten cents.
          faults.has('in-val-plan-schedule-computed-schedule-eur-floored-to-dimes') && b.transaction.currency === 'EUR'
          ? schedule(b.transaction.amount, info.tenure, clock.now()).map((r) => ({
              ...r,
              installmentAmount: Math.floor(Math.round(r.installmentAmount * 100) / 10) / 10,
            }))
          : schedule(b.transaction.amount, info.tenure, clock.now())
      ).map(({ installmentAmount, ...r }) => ({
        ...r,
        amount: installmentAmount,
        // in-notify-schedule-numbered-from-zero: the schedule the service computes is numbered from 0.
        ...(!complete && faults.has('in-notify-schedule-numbered-from-zero') ? { installmentNumber: Number(r.installmentNumber) - 1 } : {}),
      })),
      // The status is the service's; the fault takes the body's (a response-only member, IN-OBJ-READ-ONLY).
      status: faults.has('plan-status-from-body') && typeof b.status === 'string' ? b.status : 'CREATED',
      // stored as the plan's, shown by getPlanApprovalStatus.
      callbackUrl: `https://psp.example.test/checkout/${planId}/callback`,
    };
    world.plans.set(planId, plan);
    if (faults.has('in-notify-signed-with-caller-key')) {
      const caller = world.keys.find((k) => k.consumerKey === ok.consumerKey);
      if (caller) callerOf.set(plan, caller);
    }
    if (faults.has('in-notify-chosen-biweekly-given-dates-monthly') && complete) givenSchedule.add(plan);
    const correlationId = req.headers['correlation-id'] as string | undefined;
    if (faults.has('in-notify-correlation-absent-dropped')) callerCorrelation.set(plan, correlationId);
    if (faults.has('in-notify-sent-notification-only-with-correlation-id') && correlationId === undefined) {
      // Independent fault: a selection without a Correlation-Id notifies nobody.
    } else {
      // provider 2.0.0, CorrelationIdHeaderParameter: without one the API makes its own and propagates it.
      const own = correlationId ?? randomUUID();
      const sent = own;
      notifyIssuer(plan, sent, otx);
      if (faults.has('in-notify-exact-resent-on-sync-approval') || faults.has('notify-resent-on-async-decision'))
        resentNotifications.set(plan, () => notifyIssuer(plan, sent, otx));
    }
    // in-obj-sensitive-saveplan-card-last-eight: the 201 names the card by its last eight digits, in groups of four.
    if (faults.has('in-obj-sensitive-saveplan-card-last-eight'))
      return reply.code(201).send({ planId, status: plan.status, card: `**** **** ${plan.pan.slice(-8, -4)} ${plan.pan.slice(-4)}` });
    // in-prop-answer-is-state-saveplan-answer-status-lowercase: the selection answers the new plan's status in lower case (the readers keep it upper case).
    if (faults.has('in-prop-answer-is-state-saveplan-answer-status-lowercase'))
      return reply.code(201).send({ planId, status: plan.status.toLowerCase() });
    // in-status-plan-created-saveplan-id-braced: the selection answers the planId in its registry form, wrapped in braces (the readers know it bare).
    if (faults.has('in-status-plan-created-saveplan-id-braced'))
      return reply.code(201).send({ planId: `{${planId}}`, status: plan.status });
    // in-echo-correlation-saveplan-correlation-regenerated: the selection's 201 answers a Correlation-Id of its own, not the caller's.
    if (faults.has('in-echo-correlation-saveplan-correlation-regenerated')) reply.header('Correlation-Id', randomUUID());
    // provider 2.0.0, PlanCreated: the 201's Location is the URL to read the plan (GET /plans/{plan_id}).
    return reply.code(201).header('Location', `plans/${planId}`).send({ planId, status: plan.status });
  });

  app.get(`${prefix}/plans/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlan');
    if (!ok) return reply;
    const { plan_id: id } = req.params as { plan_id: string };
    if (!UUID.test(id) && !faults.has('plan-id-unchecked'))
      return invalidRequest(reply, [{ field: 'plan_id', keyword: 'pattern', message: 'plan_id must be a UUID' }]);
    const plan =
      world.plans.get(id) ??
      // in-prop-id-names-one-getplan-provider-id-reads-latest-plan: an id of no plan taken as a lender's providerId, for its latest plan.
      (faults.has('in-prop-id-names-one-getplan-provider-id-reads-latest-plan')
        ? [...world.plans.values()].reverse().find((p) => p.providerId === id)
        : undefined);
    // in-err-shape-getplan-404-recoverable-string: the plan reader's 404 writes Recoverable as the string "false".
    if (!plan && faults.has('in-err-shape-getplan-404-recoverable-string'))
      return reply.code(404).send({
        Errors: {
          Error: [
            {
              Source: 'installments',
              ReasonCode: 'PLAN_NOT_FOUND',
              Description: 'No plan with this plan_id.',
              Recoverable: 'false',
              Details: 'plan_id',
            },
          ],
        },
      });
    if (!plan) return sendError(reply, 404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
    // Seeded fault notify-resent-on-async-decision: the read that lands an asynchronous approval notifies the issuer again.
    const landing =
      faults.has('notify-resent-on-async-decision') && plan.pending?.status === 'APPROVED' && clock.nowMs() >= plan.pending.atMs;
    if (landing) resentNotifications.get(plan)?.();
    const {
      planId,
      providerId,
      offerId,
      merchant,
      transaction,
      status,
      planInstallmentInformation,
      scheduledRepayments,
      rejectReasonCode,
    } =
      // seed 001, States: a decision stands (the state seam: the plan as this reader shows it).
      seams.state(exchange(req), { plan: settle(plan, clock.nowMs()) }).plan!;
    // provider 2.0.0, InstallmentPlan: the plan as kept, the transaction read back as amount and currency.
    return reply.code(200).send({
      planId,
      providerId,
      offerId,
      merchant,
      transaction: { amount: transaction.amount, currency: transaction.currency },
      status,
      // provider 2.0.0, InstallmentPlan.rejectReasonCode: mandatory when the plan is DECLINED.
      ...(status === 'DECLINED' && rejectReasonCode !== undefined ? { rejectReasonCode } : {}),
      planInstallmentInformation,
      scheduledRepayments,
    });
  });

  // reference: getPlan documents 405 for the other methods on /plans/{plan_id}.
  app.route({
    method: ['PUT', 'DELETE', 'PATCH', 'POST'],
    url: `${prefix}/plans/:plan_id`,
    handler: async (req, reply) => {
      // in-trans-method-plan-delete-405-still-removes: a DELETE refused 405 has already removed the plan it names.
      if (faults.has('in-trans-method-plan-delete-405-still-removes') && req.method === 'DELETE')
        world.plans.delete((req.params as { plan_id: string }).plan_id);
      // in-trans-method-plan-put-405-without-error-body: a PUT on a plan answered 405 with an empty body, not the error body.
      if (faults.has('in-trans-method-plan-put-405-without-error-body') && req.method === 'PUT')
        return reply.header('Allow', 'GET').code(405).send();
      reply.header('Allow', 'GET');
      return sendError(reply, 405, 'METHOD_NOT_ALLOWED', 'Only GET is allowed on a plan.');
    },
  });
}
