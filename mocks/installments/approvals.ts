// Approvals: POST /approvals (planApproval: approve or decline, sync=true answers 200 with the
// callback URL, otherwise 202 and the decision lands shortly after) and GET /approvals/{plan_id}
// (getPlanApprovalStatus). Seed 001, States ("approve or decline"); reference, Main fields.
import type { FastifyInstance } from 'fastify';
import { luhnValid } from '../../helpers/config/luhn.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendAnswer, sendError } from './errors.js';
import type { ResourceSeams } from './fault-builders.js';
import type { Guard } from './guard.js';
import { deferredNotifications, resentNotifications, settle, UUID } from './plans.js';
import type { ApprovalSeams, InstallmentsState, Plan } from './state.js';

/** Virtual seconds before an asynchronous decision shows (the mock's choice). */
export const ASYNC_DECISION_SECONDS = 5;

/** What the answer seam of a decision is given (mocks/kit/faults.ts): the request as judged and the plan it decides. */
type ApprovalsSeams = ResourceSeams<{ body: Record<string, any>; plan: Plan }>;

export function registerApprovals(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
) {
  const { faults, clock } = ctx;
  const seams = faults.seams<ApprovalSeams>();
  /** This module's own seams (ResourceSeams): its judgement, the reason it keeps and its answers. */
  const own = faults.seams<ApprovalsSeams>();
  /** i16-approval-status-async-decline-pending: the plans decided asynchronously while that fault is on. */
  const asyncDecided = new Set<string>();

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
    // i38-inst-approval-unknown-reason-refused-still-declines: an approval refused 400 for a rejectReasonCode outside its enum has declined the plan it names.
    if (!ok && faults.has('i38-inst-approval-unknown-reason-refused-still-declines') && reply.statusCode === 400) {
      try {
        const sent = JSON.parse(String(req.body)) as { planId?: unknown; status?: unknown; rejectReasonCode?: unknown };
        const known = typeof sent.planId === 'string' ? world.plans.get(sent.planId) : undefined;
        if (known && sent.status === 'DECLINED' && typeof sent.rejectReasonCode === 'string') known.status = 'DECLINED';
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
    // i11-approval-unknown-plan-async-accepted: an unknown plan answered 202 when the approval is not sync
    // (the sync test within the fault's chain: it is read only there).
    // i23-approval-unknown-plan-sync-answered: a synchronous approval of an unknown plan answered 200 with the callback it would have.
    if (
      !plan &&
      faults.has('i23-approval-unknown-plan-sync-answered') &&
      ok.query.get('sync') === 'true' &&
      typeof ok.body.planId === 'string'
    )
      return reply.code(200).send({ callbackUrl: `https://psp.example.test/checkout/${ok.body.planId}/callback` });
    if (!plan && faults.has('i11-approval-unknown-plan-async-accepted') && ok.query.get('sync') !== 'true') return reply.code(202).send();
    // i26-approval-unknown-plan-404: an approval naming no plan answered 404 (a resource lookup), not as a bad request.
    if (!plan && faults.has('i26-approval-unknown-plan-404'))
      return sendError(reply, faults, 404, 'PLAN_NOT_FOUND', 'No plan with this planId.', 'planId');
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
    // provider 2.0.0 PlanApprovalParameters.offerId: the lender provides it when consumer offer selection is disabled (no error
    // example: a missing member's refusal, as BadRequestError's InvalidFieldValue names the member).
    const offerIdMissing = own.judge(
      { operationId: 'planApproval', body: ok.body, plan },
      'offer-id',
      !world.consumerOfferSelection && ok.body.offerId === undefined
        ? 'offerId is required when consumer offer selection is disabled.'
        : undefined,
    );
    if (offerIdMissing) return sendError(reply, faults, 400, 'invalid.request.body.parameter', offerIdMissing, 'offerId');
    // i35-inst-approval-other-reason-needs-detail: a decline for OTHER_REASON without a rejectReasonDetail refused.
    if (
      faults.has('i35-inst-approval-other-reason-needs-detail') &&
      ok.body.status === 'DECLINED' &&
      ok.body.rejectReasonCode === 'OTHER_REASON' &&
      ok.body.rejectReasonDetail === undefined
    )
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonDetail', keyword: 'required', message: 'rejectReasonDetail is required for OTHER_REASON' },
      ]);
    // i10-approval-reject-detail-5000-refused: the detail's upper bound checked as exclusive.
    if (faults.has('i10-approval-reject-detail-5000-refused') && String(ok.body.rejectReasonDetail ?? '').length === 5000)
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonDetail', keyword: 'maxLength', message: 'rejectReasonDetail is too long' },
      ]);
    // seeded-approval-offer-id-length-in-bytes: the offerId's length (exactly 8) counted in UTF-8 bytes, not characters.
    if (
      faults.has('seeded-approval-offer-id-length-in-bytes') &&
      typeof ok.body.offerId === 'string' &&
      Buffer.byteLength(ok.body.offerId) !== 8
    )
      return invalidRequest(reply, faults, [{ field: 'offerId', keyword: 'maxLength', message: 'offerId must have 8 characters' }]);
    // i17-approval-detail-limit-in-bytes: the rejectReasonDetail limit counted in UTF-8 bytes, not characters.
    if (faults.has('i17-approval-detail-limit-in-bytes') && Buffer.byteLength(String(ok.body.rejectReasonDetail ?? '')) > 5000)
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonDetail', keyword: 'maxLength', message: 'rejectReasonDetail is too long' },
      ]);
    // i7-approval-decline-other-reason-approved: a decline for OTHER_REASON recorded as an approval.
    // i19-approval-async-auth-fail-reason-refused: an asynchronous decline for a failed consumer authentication refused as an unknown reason.
    if (
      faults.has('i19-approval-async-auth-fail-reason-refused') &&
      ok.query.get('sync') !== 'true' &&
      ok.body.rejectReasonCode === 'CONSUMER_AUTH_FAIL'
    )
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonCode', keyword: 'enum', message: 'rejectReasonCode is not a known reason' },
      ]);
    // i32-inst-approval-lender-driven-decline-refused: a synchronous decline for LENDER_DRIVEN_REJECTION refused as unknown.
    if (
      faults.has('i32-inst-approval-lender-driven-decline-refused') &&
      ok.query.get('sync') === 'true' &&
      ok.body.rejectReasonCode === 'LENDER_DRIVEN_REJECTION'
    )
      return invalidRequest(reply, faults, [
        { field: 'rejectReasonCode', keyword: 'enum', message: 'rejectReasonCode is not a known reason' },
      ]);
    const otherReason = faults.has('i7-approval-decline-other-reason-approved') && ok.body.rejectReasonCode === 'OTHER_REASON';
    const decision = faults.has('declined-recorded-as-approved') || otherReason ? 'APPROVED' : ok.body.status;
    // i6-approval-sync-false-answered-sync: any sync value read as true.
    const syncAsked =
      ok.query.get('sync') === 'true' ||
      // i31-inst-approval-declined-always-sync: a decline is answered synchronously (200) whatever sync asks.
      (faults.has('i31-inst-approval-declined-always-sync') && ok.body.status === 'DECLINED') ||
      (faults.has('i14-approval-sync-case-folded') && ok.query.get('sync')?.toLowerCase() === 'true') ||
      (faults.has('i6-approval-sync-false-answered-sync') && Boolean(ok.query.get('sync')));
    // i15-approval-system-error-decline-not-applied: on the sync path a decline for LENDER_SYSTEM_ERROR is taken as a retry and not applied.
    const retried =
      faults.has('i15-approval-system-error-decline-not-applied') &&
      decision === 'DECLINED' &&
      ok.body.rejectReasonCode === 'LENDER_SYSTEM_ERROR';
    // seeded-approval-sync-cancellation-decline-not-applied: a sync decline for CONSUMER_CANCELLATION answered but not recorded.
    const cancelled =
      faults.has('seeded-approval-sync-cancellation-decline-not-applied') &&
      decision === 'DECLINED' &&
      ok.body.rejectReasonCode === 'CONSUMER_CANCELLATION';
    // provider 2.0.0, InstallmentPlan.rejectReasonCode (mandatory when DECLINED): the reason a decline gave, kept for getPlan
    // (the judge seam's step decline-reason: what the module takes of the decline).
    if (decision === 'DECLINED')
      plan.rejectReasonCode = own.judge({ operationId: 'planApproval', body: ok.body, plan }, 'decline-reason', ok.body.rejectReasonCode);
    if (syncAsked || faults.has('blind-async-answered-sync')) {
      // i22-approval-sync-partial-approval-recorded-declined: a sync approval for less than the plan's amount recorded as a decline.
      const partial =
        faults.has('i22-approval-sync-partial-approval-recorded-declined') &&
        decision === 'APPROVED' &&
        typeof ok.body.approvedAmount === 'number' &&
        ok.body.approvedAmount < Number(plan.transaction.amount);
      // i36-inst-approval-sync-decline-applied-late: a sync decline queued as an async one, the plan undecided after the 200.
      if (faults.has('i36-inst-approval-sync-decline-applied-late') && decision === 'DECLINED')
        plan.pending = { status: decision, atMs: clock.nowMs() + ASYNC_DECISION_SECONDS * 1000 };
      else if (!faults.has('approval-not-applied') && !retried && !cancelled)
        // seed 001, States: the decision lands on the plan it names (the state seam: the plans it lands on).
        for (const decided of seams.state({ operationId: 'planApproval', sync: true, plans: world.plans.values() }, [plan]))
          decided.status = partial ? 'DECLINED' : decision;
      // i6-notify-deferred-to-approval: the notification held back at selection goes out now.
      if (decision === 'APPROVED') deferredNotifications.get(plan)?.();
      deferredNotifications.delete(plan);
      // i7-notify-resent-on-sync-approval: the approval sends the plan's notification again.
      if (faults.has('i7-notify-resent-on-sync-approval') && decision === 'APPROVED') resentNotifications.get(plan)?.();
      // i13-notify-sent-on-decline: a synchronous decline sends the plan's notification again.
      if (faults.has('i13-notify-sent-on-decline') && decision === 'DECLINED') resentNotifications.get(plan)?.();
      if (faults.has('sync-answers-202')) return reply.code(202).send();
      // i5-approval-sync-callback-with-status-query: the sync answer names the decision in the URL's query.
      const said = faults.has('i5-approval-sync-callback-with-status-query')
        ? `${plan.callbackUrl}?status=${decision}`
        : faults.has('i11-approval-sync-callback-trailing-slash')
          ? `${plan.callbackUrl}/`
          : plan.callbackUrl;
      // seeded-approval-sync-decline-callback-with-outcome-path: a synchronous decline answers its callbackUrl with /declined added.
      if (faults.has('seeded-approval-sync-decline-callback-with-outcome-path') && decision === 'DECLINED')
        return reply.code(200).send({ callbackUrl: `${said}/declined` });
      // i15-approval-sync-decline-callback-missing: a synchronous decline answered without its callbackUrl.
      if (faults.has('i15-approval-sync-decline-callback-missing') && decision === 'DECLINED') return reply.code(200).send({});
      // seeded-approval-sync-card-bin-hash-masked: a synchronous approval names the plan's card by its BIN and last four, # between.
      if (faults.has('seeded-approval-sync-card-bin-hash-masked') && decision === 'APPROVED')
        return reply
          .code(200)
          .send({ callbackUrl: said, card: `${plan.pan.slice(0, 6)}${'#'.repeat(plan.pan.length - 10)}${plan.pan.slice(-4)}` });
      return reply.code(200).send({ callbackUrl: said });
    }
    // i12-approval-callback-from-body: a callbackUrl sent with an async approval stored as the plan's.
    if (faults.has('i12-approval-callback-from-body') && typeof ok.body.callbackUrl === 'string') plan.callbackUrl = ok.body.callbackUrl;
    // seeded-approval-async-system-error-decline-never-lands: an async decline for LENDER_SYSTEM_ERROR answered 202 but never applied.
    const systemError =
      faults.has('seeded-approval-async-system-error-decline-never-lands') &&
      decision === 'DECLINED' &&
      ok.body.rejectReasonCode === 'LENDER_SYSTEM_ERROR';
    if (faults.has('i16-approval-status-async-decline-pending')) asyncDecided.add(plan.planId);
    if (!faults.has('async-approval-never-applied') && !systemError)
      // seed 001, States: the decision lands on the plan it names, later (the state seam: the plans it lands on).
      for (const decided of seams.state({ operationId: 'planApproval', sync: false, plans: world.plans.values() }, [plan]))
        decided.pending = {
          status: faults.has('i2-async-decline-lands-approved')
            ? 'APPROVED'
            : // i19-async-partial-approval-lands-declined: an approval for less than the plan's amount lands as a decline.
              faults.has('i19-async-partial-approval-lands-declined') &&
                decision === 'APPROVED' &&
                typeof ok.body.approvedAmount === 'number' &&
                ok.body.approvedAmount < Number(plan.transaction.amount)
              ? 'DECLINED'
              : decision,
          atMs: clock.nowMs() + ASYNC_DECISION_SECONDS * 1000,
        };
    // i27-approval-async-answered-200: an asynchronous approval (sync=false or none) answered 200 with an empty callback answer.
    if (faults.has('i27-approval-async-answered-200')) return reply.code(200).send({});
    // provider 2.0.0, Accepted: the 202's Location is the URL to poll (GET /approvals/{plan_id}).
    return sendAnswer(
      reply,
      own.answer({ operationId: 'planApproval', body: ok.body, plan }, { status: 202, headers: { Location: `approvals/${plan.planId}` } }),
    );
  });

  app.get(`${prefix}/approvals/:plan_id`, async (req, reply) => {
    const ok = await guard(req, reply, 'getPlanApprovalStatus');
    if (!ok) return reply;
    const { plan_id: id } = req.params as { plan_id: string };
    // i38-inst-approval-status-malformed-id-400: an id that is not a UUID answered 400 (the plan reader's rule), not 404.
    if (faults.has('i38-inst-approval-status-malformed-id-400') && !UUID.test(id))
      return sendError(reply, faults, 400, 'INVALID_PLAN_ID', 'plan_id must be a UUID.', 'plan_id');
    // i9-approval-status-unknown-plan-answers-latest: an unknown id falls back to the latest plan.
    const plan = UUID.test(id)
      ? (world.plans.get(id) ??
        // i13-approval-status-id-case-folded: the plan found by its id in any case.
        (faults.has('i13-approval-status-id-case-folded')
          ? [...world.plans.values()].find((p) => p.planId.toLowerCase() === id.toLowerCase())
          : undefined) ??
        (faults.has('i9-approval-status-unknown-plan-answers-latest') ? [...world.plans.values()].at(-1) : undefined) ??
        // seeded-approval-status-plan-id-last-char-ignored: the plan found by all but the id's last character.
        (faults.has('seeded-approval-status-plan-id-last-char-ignored')
          ? [...world.plans.values()].find((p) => p.planId.slice(0, -1) === id.slice(0, -1))
          : undefined))
      : undefined;
    // i12-approval-status-unknown-plan-400: a well-formed id of no plan answered as a bad request.
    if (!plan && UUID.test(id) && faults.has('i12-approval-status-unknown-plan-400'))
      return invalidRequest(reply, faults, [{ field: 'plan_id', keyword: 'exists', message: 'plan_id names no plan' }]);
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
    // i5-approval-status-read-ignores-async-decision: this reader does not apply a landed async decision.
    if (!faults.has('i5-approval-status-read-ignores-async-decision')) settle(plan, clock.nowMs());
    // i32-inst-approval-status-pending-404: a plan whose asynchronous decision has not landed answered as unknown.
    if (faults.has('i32-inst-approval-status-pending-404') && plan.pending)
      return sendError(reply, faults, 404, 'PLAN_NOT_FOUND', 'No plan with this plan_id.', 'plan_id');
    // provider 2.0.0 CompletionPSPData.status: the processing of the checkout, "either IN_PROGRESS or COMPLETED"
    // (the decision itself is getPlan's): COMPLETED once a decision has landed, in progress until then.
    const processing = plan.status === 'APPROVED' || plan.status === 'DECLINED' ? 'COMPLETED' : 'IN_PROGRESS';
    // i3-approval-status-callback-of-latest-plan: the status read answers the callback URL of the latest plan created.
    const source = faults.has('i3-approval-status-callback-of-latest-plan') ? ([...world.plans.values()].pop() ?? plan) : plan;
    const callbackUrl = faults.has('i2-approval-status-callback-http')
      ? source.callbackUrl.replace(/^https:/, 'http:')
      : // i8-approval-status-callback-id-uppercased: the URL rebuilt with the plan id in upper case.
        faults.has('i8-approval-status-callback-id-uppercased')
        ? source.callbackUrl.replace(source.planId, source.planId.toUpperCase())
        : // rt2-approval-status-callback-suffix-dropped: the reader rebuilds the URL from a template without its last segment.
          faults.has('rt2-approval-status-callback-suffix-dropped')
          ? source.callbackUrl.replace(/\/[^/]*$/, '')
          : // i23-approval-status-callback-double-slash: the reader joins the PSP's base URL and the path with two slashes.
            faults.has('i23-approval-status-callback-double-slash')
            ? source.callbackUrl.replace(/^(https?:\/\/[^/]+)\//, '$1//')
            : // i34-inst-approval-status-callback-url-encoded: the status read answers the callbackUrl percent-encoded, as for a query parameter.
              faults.has('i34-inst-approval-status-callback-url-encoded')
              ? encodeURIComponent(source.callbackUrl)
              : source.callbackUrl;
    // i25-approval-status-callback-plan-id-undashed: the status read rebuilds the callbackUrl with the plan id without its dashes.
    if (faults.has('i25-approval-status-callback-plan-id-undashed'))
      return reply.code(200).send({ callbackUrl: callbackUrl.replace(source.planId, source.planId.replace(/-/g, '')), status: processing });
    // i24-approval-status-callback-http-non-usd: for a plan not in USD the status read answers its callbackUrl over http.
    if (faults.has('i24-approval-status-callback-http-non-usd') && plan.transaction.currency !== 'USD')
      return reply.code(200).send({ callbackUrl: callbackUrl.replace(/^https:/, 'http:'), status: processing });
    // i17-approval-status-declined-callback-trailing-slash: a declined plan's status read answers its callbackUrl with a slash added.
    if (faults.has('i17-approval-status-declined-callback-trailing-slash') && plan.status === 'DECLINED')
      return reply.code(200).send({ callbackUrl: `${callbackUrl}/`, status: processing });
    // i18-approval-status-approved-callback-with-status: an approved plan's status read adds the status to its callbackUrl.
    if (faults.has('i18-approval-status-approved-callback-with-status') && plan.status === 'APPROVED')
      return reply.code(200).send({ callbackUrl: `${callbackUrl}?status=APPROVED`, status: processing });
    // i18-approval-status-undecided-reads-approved: a plan no approval has decided yet read as APPROVED.
    if (faults.has('i18-approval-status-undecided-reads-approved') && plan.status === 'CREATED' && !plan.pending)
      return reply.code(200).send({ callbackUrl, status: 'APPROVED' });
    // seeded-approval-status-pending-reads-approved: a plan whose asynchronous decision has not landed read as APPROVED.
    if (faults.has('seeded-approval-status-pending-reads-approved') && plan.status === 'CREATED' && plan.pending)
      return reply.code(200).send({ callbackUrl, status: 'APPROVED' });
    // seeded-approval-status-card-first-six: the status read names the plan's card by its first six digits.
    if (faults.has('seeded-approval-status-card-first-six'))
      return reply.code(200).send({ callbackUrl, status: processing, cardBin: plan.pan.slice(0, 6) });
    // i10-approval-status-decline-reads-approved: this reader maps every decision to APPROVED.
    const status = faults.has('i10-approval-status-decline-reads-approved') && plan.status === 'DECLINED' ? 'APPROVED' : plan.status;
    // i16-approval-status-async-decline-pending: an asynchronous decline, once landed, still read as PENDING here.
    if (faults.has('i16-approval-status-async-decline-pending') && plan.status === 'DECLINED' && asyncDecided.has(plan.planId))
      return reply.code(200).send({ callbackUrl, status: 'PENDING' });
    // i27-approval-status-approved-lowercase: the status reader writes an APPROVED decision in lower case.
    if (faults.has('i27-approval-status-approved-lowercase') && status === 'APPROVED')
      return reply.code(200).send({ callbackUrl, status: 'approved' });
    return reply.code(200).send({
      ...(processing === 'COMPLETED' ? { callbackUrl } : {}),
      status: faults.has('approval-status-stale') ? 'PENDING' : status === plan.status ? processing : status,
    });
  });
}
