// Approvals: POST /approvals (planApproval: approve or decline, sync=true answers 200 with the
// callback URL, otherwise 202 and the decision lands shortly after) and GET /approvals/{plan_id}
// (getPlanApprovalStatus). Seed 001, States ("approve or decline"); reference, Main fields.
import type { FastifyInstance } from 'fastify';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError } from './errors.js';
import type { Guard } from './guard.js';
import { deferredNotifications, resentNotifications, settle, UUID } from './plans.js';
import type { InstallmentsState } from './state.js';

/** Virtual seconds before an asynchronous decision shows (the mock's choice). */
export const ASYNC_DECISION_SECONDS = 5;

export function registerApprovals(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults, clock } = ctx;

  app.post(`${prefix}/approvals`, async (req, reply) => {
    // i31-inst-approval-decided-before-signature: the decision named in the body is recorded before the signature is verified.
    if (faults.has('i31-inst-approval-decided-before-signature')) {
      try {
        const early = JSON.parse(String(req.body)) as { planId?: unknown; status?: unknown } | null;
        const known = typeof early?.planId === 'string' ? world.plans.get(early.planId) : undefined;
        if (known && (early?.status === 'APPROVED' || early?.status === 'DECLINED')) known.status = early.status;
      } catch {
        // not JSON: nothing recorded
      }
    }
    const ok = await guard(req, reply, 'planApproval');
    // seeded-prop-approval-refusal-declines-plan: the error path of a refused approval records a decline on the plan it names.
    const named0 = (() => {
      try {
        return (JSON.parse(String(req.body)) as { planId?: unknown } | null)?.planId;
      } catch {
        return undefined;
      }
    })();
    if (!ok && faults.has('seeded-prop-approval-refusal-declines-plan') && typeof named0 === 'string') {
      const known = world.plans.get(named0);
      if (known) known.status = 'DECLINED';
    }
    // i29-inst-approval-bad-sync-still-approves: an approval refused for its sync value has already approved the plan it names.
    if (!ok && faults.has('i29-inst-approval-bad-sync-still-approves') && typeof named0 === 'string') {
      const sync = new URL(req.url, 'http://mock').searchParams.get('sync');
      const decision = (() => {
        try {
          return (JSON.parse(String(req.body)) as { status?: unknown } | null)?.status;
        } catch {
          return undefined;
        }
      })();
      const known = world.plans.get(named0);
      if (known && sync !== null && sync !== 'true' && sync !== 'false' && decision === 'APPROVED') known.status = 'APPROVED';
    }
    // i30-inst-approval-refused-offer-id-still-decides: an approval refused for its offerId's length has already recorded the decision.
    if (!ok && faults.has('i30-inst-approval-refused-offer-id-still-decides') && typeof named0 === 'string') {
      const sent = (() => {
        try {
          return JSON.parse(String(req.body)) as { offerId?: unknown; status?: unknown } | null;
        } catch {
          return null;
        }
      })();
      const known = world.plans.get(named0);
      if (
        known &&
        typeof sent?.offerId === 'string' &&
        [...sent.offerId].length !== 8 &&
        (sent.status === 'APPROVED' || sent.status === 'DECLINED')
      )
        known.status = sent.status;
    }
    // i34-inst-approval-long-detail-refused-still-declines: a decline refused for its over-long rejectReasonDetail is recorded all the same.
    if (!ok && faults.has('i34-inst-approval-long-detail-refused-still-declines') && reply.statusCode === 400) {
      try {
        const sent = JSON.parse(String(req.body)) as { planId?: unknown; status?: unknown; rejectReasonDetail?: unknown };
        const known = typeof sent.planId === 'string' ? world.plans.get(sent.planId) : undefined;
        if (known && sent.status === 'DECLINED' && typeof sent.rejectReasonDetail === 'string' && sent.rejectReasonDetail.length > 5000)
          known.status = 'DECLINED';
      } catch {
        // not JSON: nothing recorded
      }
    }
    if (!ok) return reply;
    const named =
      world.plans.get(ok.body.planId) ??
      // i20-approval-plan-id-case-folded: the plan an approval names found by its id in any case.
      (faults.has('i20-approval-plan-id-case-folded') && typeof ok.body.planId === 'string'
        ? [...world.plans.values()].find((p) => p.planId.toLowerCase() === ok.body.planId.toLowerCase())
        : undefined);
    // Fault: the decision lands on the plan created last (a single plan decided at once cannot tell).
    const plan = named && faults.has('model-approval-decides-latest-plan') ? [...world.plans.values()].at(-1)! : named;
    if (!plan) return invalidRequest(reply, faults, [{ field: 'planId', keyword: 'exists', message: 'planId names no plan' }]);
    // provider 2.0.0 PlanApprovalParameters.offerId ("must be one of the offer IDs retrieved via Plan API": getPlan answers the
    // plan's), and paymentAuthorization.primaryAccountNumber (an ISO/IEC 7812 number, ending in its check digit; the member's
    // own example fails it: conflicts.yaml IN-DEVIATION-APPROVAL-PAN-CHECK-DIGIT): 400 as BadRequestError's InvalidFieldValue.
    const card = ok.body.paymentAuthorization?.primaryAccountNumber;
    const wrong =
      ok.body.offerId !== undefined && ok.body.offerId !== plan.offerId
        ? 'offerId'
        : typeof card === 'string' && !luhnValid(card)
          ? 'paymentAuthorization.primaryAccountNumber'
          : undefined;
    if (wrong)
      return sendError(reply, faults, 400, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", wrong);
    // i19-approval-async-auth-fail-reason-refused: an asynchronous decline for a failed consumer authentication refused as an unknown reason.
    if (
      faults.has('i19-approval-async-auth-fail-reason-refused') &&
      ok.query.get('sync') !== 'true' &&
      ok.body.rejectReasonCode === 'CONSUMER_AUTH_FAIL'
    )
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonCode', keyword: 'enum', message: 'rejectReasonCode is not a known reason' },
      ]);
    const decision = ok.body.status;
    const syncAsked =
      ok.query.get('sync') === 'true' || (faults.has('i14-approval-sync-case-folded') && ok.query.get('sync')?.toLowerCase() === 'true');
    if (syncAsked) {
      // i36-inst-approval-sync-decline-applied-late: a sync decline queued as an async one, the plan undecided after the 200.
      if (faults.has('i36-inst-approval-sync-decline-applied-late') && decision === 'DECLINED')
        plan.pending = { status: decision, atMs: clock.nowMs() + ASYNC_DECISION_SECONDS * 1000 };
      else plan.status = decision;
      if (decision === 'APPROVED') deferredNotifications.get(plan)?.();
      deferredNotifications.delete(plan);
      // i7-notify-resent-on-sync-approval: the approval sends the plan's notification again.
      if (faults.has('i7-notify-resent-on-sync-approval') && decision === 'APPROVED') resentNotifications.get(plan)?.();
      const said = plan.callbackUrl;
      // seeded-approval-sync-decline-callback-with-outcome-path: a synchronous decline answers its callbackUrl with /declined added.
      if (faults.has('seeded-approval-sync-decline-callback-with-outcome-path') && decision === 'DECLINED')
        return reply.code(200).send({ callbackUrl: `${said}/declined` });
      // seeded-approval-sync-card-bin-hash-masked: a synchronous approval names the plan's card by its BIN and last four, # between.
      if (faults.has('seeded-approval-sync-card-bin-hash-masked') && decision === 'APPROVED')
        return reply
          .code(200)
          .send({ callbackUrl: said, card: `${plan.pan.slice(0, 6)}${'#'.repeat(plan.pan.length - 10)}${plan.pan.slice(-4)}` });
      return reply.code(200).send({ callbackUrl: said });
    }
    // i12-approval-callback-from-body: a callbackUrl sent with an async approval stored as the plan's.
    if (faults.has('i12-approval-callback-from-body') && typeof ok.body.callbackUrl === 'string') plan.callbackUrl = ok.body.callbackUrl;
    plan.pending = {
      status: decision,
      atMs: clock.nowMs() + ASYNC_DECISION_SECONDS * 1000,
    };
    return reply.code(202).send();
  });

  app.get(`${prefix}/approvals/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlanApprovalStatus');
    if (!ok) return reply;
    const { plan_id: id } = req.params as { plan_id: string };
    // i38-inst-approval-status-malformed-id-400: an id that is not a UUID answered 400 (the plan reader's rule), not 404.
    if (faults.has('i38-inst-approval-status-malformed-id-400') && !UUID.test(id))
      return sendError(reply, faults, 400, 'INVALID_PLAN_ID', 'plan_id must be a UUID.', 'plan_id');
    const plan = UUID.test(id)
      ? (world.plans.get(id) ??
        // seeded-approval-status-plan-id-last-char-ignored: the plan found by all but the id's last character.
        (faults.has('seeded-approval-status-plan-id-last-char-ignored')
          ? [...world.plans.values()].find((p) => p.planId.slice(0, -1) === id.slice(0, -1))
          : undefined))
      : undefined;
    // i29-inst-approval-status-404-recoverable-string: the 404 of the approval status writes Recoverable as a string.
    if (!plan && faults.has('i29-inst-approval-status-404-recoverable-string'))
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
    if (!plan) return sendError(reply, faults, 404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
    settle(plan, clock.nowMs());
    // provider 2.0.0 CompletionPSPData.status: the processing of the checkout, "either IN_PROGRESS or COMPLETED"
    // (the decision itself is getPlan's): COMPLETED once a decision has landed, in progress until then.
    const processing = plan.status === 'APPROVED' || plan.status === 'DECLINED' ? 'COMPLETED' : 'IN_PROGRESS';
    // i3-approval-status-callback-of-latest-plan: the status read answers the callback URL of the latest plan created.
    const source = faults.has('i3-approval-status-callback-of-latest-plan') ? ([...world.plans.values()].pop() ?? plan) : plan;
    const callbackUrl = source.callbackUrl;
    // seeded-approval-status-card-first-six: the status read names the plan's card by its first six digits.
    if (faults.has('seeded-approval-status-card-first-six'))
      return reply.code(200).send({ callbackUrl, status: processing, cardBin: plan.pan.slice(0, 6) });
    const status = plan.status;
    // i27-approval-status-approved-lowercase: the status reader writes an APPROVED decision in lower case.
    if (faults.has('i27-approval-status-approved-lowercase') && status === 'APPROVED')
      return reply.code(200).send({ callbackUrl, status: 'approved' });
    return reply.code(200).send({
      ...(processing === 'COMPLETED' ? { callbackUrl } : {}),
      status: status === plan.status ? processing : status,
    });
  });
}
