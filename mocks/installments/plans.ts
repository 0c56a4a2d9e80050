// Plans: POST /plans (savePlan: the cardholder chose an offer; the service then notifies the issuer configured for the card's account
// range) and GET /plans/{plan_id} (getPlan, 400 for an id not a UUID, 404 unknown, 405 other methods). Seed 001, Endpoints and Events.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signRequest } from '../../helpers/auth/oauth1.js';
import type { MockContext } from '../kit/context.js';
import { sendError, sendRefusal } from './errors.js';
import { invalidMembers, type Guard } from './guard.js';
import { termsRefusal } from './plan-terms.js';
import { exchangeOf, type Exchange, type InstallmentsSeams } from './seams.js';
import { inRange, present, resentNotifications, schedule, UUID, type InstallmentsState, type Plan } from './state.js';

/** Applies an asynchronous (202) decision once its time has come on the virtual clock. */
export function settle(plan: Plan, nowMs: number): Plan {
  if (plan.pending && nowMs >= plan.pending.atMs) {
    plan.status = plan.pending.status;
    delete plan.pending;
  }
  return plan;
}

/** What the product refuses in a plan (provider 2.0.0, POST /plans, PlanCreateInvalidInput), as [Description, Details] of its example. */
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

/** provider 2.0.0, POST /plans: the merchant is validated against the offer: the first member both carry that differs, or undefined. */
function merchantDiffers(asked: Record<string, any>, b: Record<string, any>, plain: any): string | undefined {
  const sent = { ...(b.merchant ?? {}), ...(plain?.merchant ?? {}) };
  return ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']
    .filter((k) => present(sent[k]) && present(asked[k]) && String(sent[k]) !== String(asked[k]))
    .map((k) => `merchant.${k}`)[0];
}

export function registerPlans(app: FastifyInstance, prefix: string, ctx: MockContext, world: InstallmentsState, guard: Guard) {
  const { faults, clock, deliveries } = ctx;
  const seams = faults.seams<InstallmentsSeams>();
  const exchange = (req: FastifyRequest) => exchangeOf(req, world, () => clock.nowMs());

  // seed 001, Events: a plan selected notifies the issuer configured for the card's account range (reference, Flows - notification),
  // through the state seam (the issuer found) and the delivery seam, signed with the service's key.
  function notifyIssuer(x: Exchange, plan: Plan, correlationId: string) {
    const { issuer } = seams.state(x, { pan: plan.pan, issuer: world.issuers.find((i) => inRange(plan.pan, i.accountRange)) });
    if (!issuer) return;
    const body: Record<string, unknown> = {
      planId: plan.planId,
      issuerCid: issuer.issuerCid,
      issuerIca: issuer.issuerIca,
      offerId: plan.offerId,
      schedulePayments: plan.scheduledRepayments.map(({ amount, ...r }) => ({ ...r, installmentAmount: amount })),
      planInstallmentInformation: plan.planInstallmentInformation,
      transaction: plan.transaction,
      consumer: { panLastFour: plan.pan.slice(-4) },
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'Correlation-Id': correlationId,
    };
    const sent = seams.delivery(x, { url: issuer.notificationUrl, headers, body });
    if (!sent) return;
    sent.headers.authorization ??= signRequest(
      { consumerKey: world.serviceKey.consumerKey, signingKey: world.serviceKey.privateKeyPem },
      'POST',
      issuer.notificationUrl,
      JSON.stringify(sent.body),
    );
    void deliveries.send(sent.url, 'POST', sent.headers, sent.body, clock.now());
  }

  app.post(`${prefix}/plans`, async (req, reply) => {
    const ok = await guard(req, reply, 'savePlan');
    if (!ok) return reply;
    const x = exchange(req);
    const b = ok.body;
    const missing = productRefusal(world, b, ok.plain?.consumer?.primaryAccountNumber);
    if (missing) return sendError(reply, 400, 'invalid.request.parameter', ...missing);
    // provider 2.0.0, CorrelationIdHeaderParameter: without one the API makes its own and propagates it.
    const correlationId = (req.headers['correlation-id'] as string | undefined) ?? randomUUID();
    // What a fault notifies for this selection (a plan not stored).
    x.notify = (plan) => notifyIssuer(x, plan, correlationId);
    x.otx = world.offerTransactions.get(b.offerTransactionId);
    const unknown = seams.judge(
      x,
      'plan-offers',
      x.otx
        ? undefined
        : invalidMembers([
            { field: 'offerTransactionId', keyword: 'exists', message: 'offerTransactionId names no offers of this service' },
          ]),
    );
    if (unknown) return sendRefusal(reply, unknown);
    const otx = x.otx!;
    const offer = b.offerId === undefined ? otx.offers[0] : otx.offers.find((o) => o.offerId === b.offerId);
    const other = seams.judge(
      x,
      'plan-offer',
      offer
        ? undefined
        : invalidMembers([{ field: 'offerId', keyword: 'exists', message: 'offerId is not an offer of this offerTransactionId' }]),
    );
    if (other) return sendRefusal(reply, other);
    // provider 2.0.0, PlanCreateInvalidInput example PANMisMatch: the card of a plan is its offers request's, compared whole.
    const card = ok.plain?.consumer?.primaryAccountNumber;
    if (present(card) && String(card) !== otx.pan)
      return sendRefusal(reply, {
        status: 400,
        reasonCode: 'pan.match',
        description: 'Provided PAN does not match with offer.',
        details: 'PAN does not match with Offer.',
      });
    // No error example names a merchant that differs: the Description and Details are the mock's, in the examples' manner.
    const mismatch = merchantDiffers(otx.merchant, b, ok.plain);
    const refused = seams.judge(
      x,
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
    if (refused) return sendRefusal(reply, refused);
    const differs = offer ? termsRefusal(otx, offer, b) : undefined;
    const termsOff = seams.judge(
      x,
      'plan-terms',
      differs ? { status: 400, reasonCode: 'invalid.request.parameter', description: differs[0], details: differs[1] } : undefined,
    );
    if (termsOff) return sendRefusal(reply, termsOff);
    const again =
      // The members' bounds beyond the schema: none (a fault may refuse one at its bound).
      seams.judge(x, 'plan-bounds', undefined) ??
      // A selection makes a new plan (a fault may refuse one).
      seams.judge(x, 'plan-new', undefined);
    if (again) return sendRefusal(reply, again);
    const info = b.planInstallmentInformation ?? { frequency: offer?.frequency ?? 'MONTHLY', tenure: offer?.tenure ?? 3 };
    const given = (b.schedulePayments ?? []) as Record<string, unknown>[];
    const complete =
      given.length > 0 && given.every((s) => s.installmentAmount !== undefined && s.dueDate && s.installmentNumber !== undefined);
    const planId = randomUUID();
    // The plan as stored (the state seam).
    const plan = seams.state(x, {
      plan: {
        planId,
        providerId: b.providerId,
        offerId: offer?.offerId ?? b.offerId,
        pan: String(card ?? otx.pan),
        merchant: { country: otx.merchant.country ?? 'USA', mcc: otx.merchant.mcc ?? '5999' },
        transaction: b.transaction,
        planInstallmentInformation: info,
        // provider 2.0.0, ScheduledRepayment: a repayment's amount is `amount`.
        scheduledRepayments: (complete ? given : schedule(b.transaction.amount, info.tenure, clock.now())).map(
          ({ installmentAmount, ...r }) => ({ ...r, amount: installmentAmount }),
        ),
        // The status is the service's (a response-only member of the body is never stored, IN-OBJ-READ-ONLY).
        status: 'CREATED',
        // stored as the plan's, shown by getPlanApprovalStatus.
        callbackUrl: `https://psp.example.test/checkout/${planId}/callback`,
      },
    }).plan!;
    world.plans.set(planId, plan);
    x.plan = plan;
    notifyIssuer(x, plan, correlationId);
    resentNotifications.set(plan, () => notifyIssuer(x, plan, correlationId));
    // provider 2.0.0, PlanCreated: the 201's Location is the URL to read the plan (GET /plans/{plan_id}).
    return reply.code(201).header('Location', `plans/${planId}`).send({ planId, status: plan.status });
  });

  app.get(`${prefix}/plans/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlan');
    if (!ok) return reply;
    const x = exchange(req);
    const { plan_id: id } = req.params as { plan_id: string };
    const malformed = seams.judge(
      x,
      'plan-id',
      UUID.test(id) ? undefined : invalidMembers([{ field: 'plan_id', keyword: 'pattern', message: 'plan_id must be a UUID' }]),
    );
    if (malformed) return sendRefusal(reply, malformed);
    x.plan = world.plans.get(id);
    const unknown = seams.judge(
      x,
      'plan-found',
      x.plan ? undefined : { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' },
    );
    if (unknown) return sendRefusal(reply, unknown);
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
      seams.state(x, { plan: settle(x.plan!, clock.nowMs()) }).plan!;
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

  // reference: getPlan documents 405 for the other methods on /plans/{plan_id}; a refused method changes nothing (IN-PROP-REFUSED-NO-TRACE).
  app.route({
    method: ['PUT', 'DELETE', 'PATCH', 'POST'],
    url: `${prefix}/plans/:plan_id`,
    handler: async (req, reply) => {
      seams.state(exchange(req), {});
      reply.header('Allow', 'GET');
      return sendError(reply, 405, 'METHOD_NOT_ALLOWED', 'Only GET is allowed on a plan.');
    },
  });
}
