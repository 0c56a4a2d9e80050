// Covers: POST /offers, POST /plans, POST /approvals (sync 200, async 202), GET /approvals/{plan_id},
// GET /plans/{plan_id}: the checkout flow (reference, Flows - checkout) with both decisions.
import {
  citing,
  enumOf,
  expect,
  loadContract,
  rules,
  setUpFailed,
  test,
  type InstallmentsTarget,
  withDecision,
  skipWithout,
} from '../../fixtures/installments.js';
import { awaitTarget } from '../../helpers/client/guest/time-budget.js';

const contract = await loadContract('installments');

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

/** provider 2.0.0: getPlan shows the decision (StatusField), getPlanApprovalStatus the approval's processing (CompletionPSPData). */
const COMPLETED = 'COMPLETED';
const PROCESSING = ['IN_PROGRESS', COMPLETED];

/** Waits for an asynchronous decision through one reader: advances the mock's clock, or polls a sandbox for real. */
async function awaitDecision(
  api: Api,
  inst: InstallmentsTarget,
  planId: string,
  expected: string,
  reader: 'getPlanApprovalStatus' | 'getPlan' = 'getPlanApprovalStatus',
) {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (inst.control) await inst.control.advanceClock(10);
    else await awaitTarget(3000);
    const res = await api.call(reader, { path: { plan_id: planId } });
    expect(res.status).toBe(200);
    if (res.body.status === (reader === 'getPlan' ? expected : COMPLETED)) return res;
  }
  throw new Error(`plan ${planId} never reached ${reader === 'getPlan' ? expected : COMPLETED} on ${reader}`);
}

skipWithout('eligiblePan');

/**
 * The flow's approval is a valid request (withDecision: its card names the cardholder by the full name alone, provider 2.0.0
 * paymentAuthorization: the first and last names "optional if the full name is used"). Refused, whatever its error says (its
 * wording states no rule), it is a set-up that did not hold, filed under the rule that a valid request is accepted, and the flow
 * is not judged after it; which member a target refuses is judged by checkout.validation.spec.ts, each documented combination
 * of the cardholder's names under IN-REQ-CARDHOLDER-NAME.
 */
function approvalRefused(res: { status: number }, body: Record<string, unknown>): void {
  if (res.status >= 400 && res.status < 500 && body.paymentAuthorization !== undefined)
    setUpFailed("the flow's approval, a valid request carrying its card", 'IN-VALID-ACCEPTED', 'planApproval', String(res.status));
}

test(
  'offers -> plan -> sync approval -> status -> plan read back APPROVED @smoke @assumption',
  rules(
    'IN-STATUS-SYNC@sync',
    ...citing('IN-STATE-DECISION', '@sync', '@approval-status', '@plan'),
    'IN-ECHO-CALLBACK',
    'IN-ENUM-DECISION:accept',
  ),
  async ({ instApi, instReq }) => {
    const { planId, offer } = await instReq.createPlan(instApi);
    const decision = withDecision({ planId, status: 'APPROVED', offerId: offer.offerId, approvedAmount: 1200, approvedCurrency: 'USD' });
    const approval = await instApi.call('planApproval', {
      query: { sync: true },
      body: decision,
    });
    approvalRefused(approval, decision);
    expect(approval.status).toBe(200);
    const status = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
    expect(status.status).toBe(200);
    expect(PROCESSING).toContain(status.body.status);
    expect(status.body.callbackUrl).toBe(approval.body.callbackUrl);
    // provider 2.0.0, PSPData.callbackUrl (not required): when answered, a URL a consumer can be sent to.
    const callbackUrl: unknown = approval.body.callbackUrl;
    if (callbackUrl !== undefined)
      expect(URL.canParse(String(callbackUrl)), `callbackUrl ${JSON.stringify(callbackUrl)} is an absolute URL`).toBe(true);
    // The plan read back APPROVED with its planId, providerId and amount: the client's answer judge (IN-STATE-DECISION, IN-ECHO-PLAN).
    expect((await instApi.call('getPlan', { path: { plan_id: planId } })).status).toBe(200);
  },
);

test(
  'a sync DECLINED decision with a reject reason shows as DECLINED in both readers, with the callbackUrl the decline answered @assumption',
  rules(
    'IN-STATUS-SYNC@sync',
    ...citing('IN-STATE-DECISION', '@sync', '@approval-status', '@plan'),
    'IN-ECHO-CALLBACK',
    'IN-ENUM-DECISION:accept',
  ),
  async ({ instApi, instReq }) => {
    const { planId } = await instReq.createPlan(instApi);
    const approval = await instApi.call('planApproval', {
      query: { sync: true },
      body: { planId, status: 'DECLINED', rejectReasonCode: 'CONSUMER_APPLICATION_FAIL', rejectReasonDetail: 'Affordability check failed' },
    });
    expect(approval.status).toBe(200);
    const status = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
    expect(PROCESSING).toContain(status.body.status);
    // The decline's callbackUrl, when answered (provider 2.0.0 PSPData), is the status read's (seed 001, Endpoints: one).
    if (approval.body?.callbackUrl !== undefined)
      expect(status.body.callbackUrl, 'getPlanApprovalStatus callbackUrl: the one the sync decline answered').toBe(
        approval.body.callbackUrl,
      );
    // DECLINED on getPlan: the client's answer judge (IN-STATE-DECISION); its reason, every reason, the test below.
    expect((await instApi.call('getPlan', { path: { plan_id: planId } })).status).toBe(200);
  },
);

test(
  'plans of one card, declined each for its own reason the contract enumerates, each read back DECLINED on getPlan with its own rejectReasonCode once all are declined @provider',
  rules('IN-REQ-PLAN-REJECT-REASON'),
  async ({ instApi, instReq }) => {
    // provider 2.0.0, InstallmentPlan.rejectReasonCode: mandatory when the status is DECLINED, one of the RejectReasonCode
    // values, the reason that plan was declined with. Each value is the decline of a plan of its own, all of the one eligible
    // card (seed 001, Endpoints: an approval decides the plan its body names), and each plan is read back only once every plan
    // is declined: a reader may map some reasons and not others, or keep one reason per card or provider (the last posted).
    const declined: { planId: string; reason: string }[] = [];
    for (const reason of enumOf(contract, 'RejectReasonCode')) {
      const { planId } = await instReq.createPlan(instApi);
      const approval = await instApi.call('planApproval', {
        query: { sync: true },
        body: { planId, status: 'DECLINED', rejectReasonCode: reason },
      });
      expect(approval.status, `planApproval DECLINED ${reason}`).toBe(200);
      declined.push({ planId, reason });
    }
    const problems: string[] = [];
    for (const { planId, reason } of declined) {
      const plan = await instApi.call('getPlan', { path: { plan_id: planId } });
      if (plan.body?.rejectReasonCode !== reason)
        problems.push(
          `getPlan of plan ${planId} declined ${reason} (${declined.length} plans of one card declined): received status ${JSON.stringify(plan.body?.status)}, rejectReasonCode ${JSON.stringify(plan.body?.rejectReasonCode)}; documented DECLINED with rejectReasonCode ${JSON.stringify(reason)}, its own decline's`,
        );
    }
    expect(problems, 'each DECLINED plan carries the reason it was declined for').toEqual([]);
  },
);

// provider 2.0.0, Sync: "the default value is false": sync=false and none are both async (202). Each declines for a
// reason of its own (provider 2.0.0 rejectReasonCode; seed 001, States: no reason leaves the plan undecided).
const ASYNC_MODES = [
  { mode: 'without sync', query: undefined, first: 'getPlan', then: 'getPlanApprovalStatus', reason: 'LENDER_DRIVEN_REJECTION' },
  { mode: 'with sync=false', query: { sync: false }, first: 'getPlanApprovalStatus', then: 'getPlan', reason: 'LENDER_SYSTEM_ERROR' },
] as const;
for (const decision of ['APPROVED', 'DECLINED'] as const) {
  for (const { mode, query, first, then, reason } of ASYNC_MODES) {
    test(
      `an approval ${mode} is answered 202 and its ${decision} decision reaches ${first} and ${then} @provider`,
      // The 202's Location, naming the approval status to poll, is judged by the client's answer judge (IN-ECHO-PLAN-LOCATION).
      rules('IN-STATUS-SYNC@async', ...citing('IN-STATE-DECISION', '@async', '@approval-status', '@plan'), 'IN-ECHO-PLAN-LOCATION'),
      async ({ instApi, instReq, inst }) => {
        const { planId } = await instReq.createPlan(instApi);
        const body = withDecision(
          decision === 'APPROVED' ? { planId, status: decision } : { planId, status: decision, rejectReasonCode: reason },
        );
        const approval = await instApi.call('planApproval', { body, ...(query ? { query } : {}) });
        approvalRefused(approval, body);
        expect(approval.status, 'the asynchronous mode answers 202').toBe(202);
        await awaitDecision(instApi, inst, planId, decision, first);
        const other = await instApi.call(then, { path: { plan_id: planId } });
        expect(other.status).toBe(200);
        expect(other.body.status, `${then} shows the decision ${first} shows`).toBe(then === 'getPlan' ? decision : COMPLETED);
      },
    );
  }
}

// provider 2.0.0 planApproval 202 (Accepted): its Location refers to GET /approvals/{plan_id} of the plan the request decides,
// not of another plan of the same card: two plans of one card, the first (not the newest) decided asynchronously. The 202's
// Location is judged by the client's answer judge on every such answer (IN-ECHO-PLAN-LOCATION).
test(
  'an asynchronous approval of the older of two plans of one card names that plan in its 202 Location @provider',
  rules('IN-ECHO-PLAN-LOCATION'),
  async ({ instApi, instReq }) => {
    const first = await instReq.createPlan(instApi);
    const second = await instReq.createPlan(instApi);
    expect(second.planId, 'two plans of the same card').not.toBe(first.planId);
    const body = withDecision({ planId: first.planId, status: 'APPROVED' });
    const approval = await instApi.call('planApproval', { body });
    approvalRefused(approval, body);
    expect(approval.status, 'the asynchronous mode answers 202').toBe(202);
  },
);

// Each 201 is judged by the client's answer judge too: the status CREATED, and a Location naming the plan (IN-ECHO-PLAN-LOCATION).
test(
  'creates a plan with a fresh UUID and the status CREATED (201) @provider',
  rules('IN-STATUS-PLAN-CREATED', 'IN-ECHO-PLAN-LOCATION'),
  async ({ instApi, instReq }) => {
    const first = await instReq.createPlan(instApi);
    const second = await instReq.createPlan(instApi);
    expect(first.planId).not.toBe(second.planId);
  },
);
