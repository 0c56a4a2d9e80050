// Approvals: POST /approvals (planApproval: approve or decline, sync=true answers 200 with the
// callback URL, otherwise 202 and the decision lands shortly after) and GET /approvals/{plan_id}
// (getPlanApprovalStatus). Seed 001, States ("approve or decline"); reference, Main fields.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import { INVALID, sendRefusal } from './errors.js';
import type { Guard } from './guard.js';
import { settle } from './plans.js';
import { exchangeOf, type InstallmentsSeams } from './seams.js';
import { UUID, type InstallmentsState } from './state.js';

/** Virtual seconds before an asynchronous decision shows (the mock's choice). */
export const ASYNC_DECISION_SECONDS = 5;

export function registerApprovals(app: FastifyInstance, prefix: string, ctx: MockContext, world: InstallmentsState, guard: Guard) {
  const { clock } = ctx;
  const seams = ctx.faults.seams<InstallmentsSeams>();
  const exchange = (req: FastifyRequest) => exchangeOf(req, world, () => clock.nowMs());

  app.post(`${prefix}/approvals`, async (req, reply) => {
    const ok = await guard(req, reply, 'planApproval');
    const x = exchange(req);
    if (!ok) {
      // A refused approval records nothing (IN-PROP-REFUSED-NO-TRACE).
      seams.state(x, {});
      return reply;
    }
    // The plan the approval names (provider 2.0.0 PlanApprovalParameters.planId): one of no plan is refused.
    x.plan = world.plans.get(ok.body.planId);
    const unknown = seams.judge(
      x,
      'approval-plan',
      x.plan ? undefined : { status: 400, reasonCode: INVALID, description: 'planId names no plan', details: 'planId' },
    );
    if (unknown) return sendRefusal(reply, unknown);
    // provider 2.0.0 PlanApprovalParameters.offerId ("must be one of the offer IDs retrieved via Plan API": getPlan answers the
    // plan's), and paymentAuthorization.primaryAccountNumber (an ISO/IEC 7812 number, ending in its check digit; the member's
    // own example fails it: conflicts.yaml IN-DEVIATION-APPROVAL-PAN-CHECK-DIGIT): 400 as BadRequestError's InvalidFieldValue.
    const card = ok.body.paymentAuthorization?.primaryAccountNumber;
    const wrong =
      ok.body.offerId !== undefined && ok.body.offerId !== x.plan!.offerId
        ? 'offerId'
        : typeof card === 'string' && !luhnValid(card)
          ? 'paymentAuthorization.primaryAccountNumber'
          : undefined;
    const refused = seams.judge(
      x,
      'approval-decision',
      wrong
        ? {
            status: 400,
            reasonCode: 'invalid.request.body.parameter',
            description: "Value doesn't exist / doesn't meet specified range",
            details: wrong,
          }
        : undefined,
    );
    if (refused) return sendRefusal(reply, refused);
    // provider 2.0.0 PlanApprovalParameters.offerId: the lender provides it when consumer offer selection is disabled (no error
    // example: a missing member's refusal, as BadRequestError's InvalidFieldValue names the member).
    const offerIdMissing = seams.judge(
      x,
      'approval-offer-id',
      !world.consumerOfferSelection && ok.body.offerId === undefined
        ? {
            status: 400,
            reasonCode: 'invalid.request.body.parameter',
            description: 'offerId is required when consumer offer selection is disabled.',
            details: 'offerId',
          }
        : undefined,
    );
    if (offerIdMissing) return sendRefusal(reply, offerIdMissing);
    // seed 001, States: the decision, applied now when sync=true (answered 200 with the plan's callback URL), else shortly after (202).
    // The state seam: the plans it lands on (the one named), the decision, when, and the reason of a decline the named plan keeps
    // (provider 2.0.0 InstallmentPlan.rejectReasonCode, mandatory when DECLINED).
    const { plan, plans, decision, sync, late, reason } = seams.state(x, {
      plan: x.plan,
      decision: ok.body.status,
      sync: ok.query.get('sync') === 'true',
      reason: ok.body.status === 'DECLINED' ? ok.body.rejectReasonCode : undefined,
    });
    if (decision === 'DECLINED') plan!.rejectReasonCode = reason;
    const landing = { status: decision!, atMs: clock.nowMs() + ASYNC_DECISION_SECONDS * 1000 };
    for (const decided of plans ?? [plan!])
      if (!sync || late) decided.pending = landing;
      else decided.status = decision!;
    // provider 2.0.0, Accepted: the 202's Location is the URL to poll (GET /approvals/{plan_id}).
    return sync
      ? reply.code(200).send({ callbackUrl: plan!.callbackUrl })
      : reply.code(202).header('Location', `approvals/${plan!.planId}`).send();
  });

  app.get(`${prefix}/approvals/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlanApprovalStatus');
    if (!ok) return reply;
    const x = exchange(req);
    const { plan_id: id } = req.params as { plan_id: string };
    x.plan = UUID.test(id) ? world.plans.get(id) : undefined;
    const unknown = seams.judge(
      x,
      'approval-status-plan',
      x.plan ? undefined : { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' },
    );
    if (unknown) return sendRefusal(reply, unknown);
    const plan = settle(x.plan!, clock.nowMs());
    // provider 2.0.0 CompletionPSPData.status: the processing of the checkout, "either IN_PROGRESS or COMPLETED"
    // (the decision itself is getPlan's): COMPLETED once a decision has landed, in progress until then; the callback URL with it.
    const completed = plan.status === 'APPROVED' || plan.status === 'DECLINED';
    return reply.code(200).send(completed ? { callbackUrl: plan.callbackUrl, status: 'COMPLETED' } : { status: 'IN_PROGRESS' });
  });
}
