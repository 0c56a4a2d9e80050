// Covers: POST /offers, POST /plans, POST /approvals (sync 200, async 202), GET /approvals/{plan_id},
// GET /plans/{plan_id}: the checkout flow (reference, Flows - checkout) with both decisions.
import { expect, test, type InstallmentsTarget } from '../../fixtures/installments.js';

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

/** Waits for an asynchronous decision: advances the mock's clock, or polls a sandbox for real. */
async function awaitDecision(api: Api, inst: InstallmentsTarget, planId: string, expected: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (inst.control) await inst.control.advanceClock(10);
    else await new Promise((r) => setTimeout(r, 3000));
    const res = await api.call('getPlanApprovalStatus', { path: { plan_id: planId } });
    expect(res.status).toBe(200);
    if (res.body.status === expected) return res;
  }
  throw new Error(`plan ${planId} never reached ${expected}`);
}

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

test('offers -> plan -> sync approval -> status -> plan read back APPROVED @smoke @assumption', async ({ instApi, instReq }) => {
  const { planId, offer, request } = await instReq.createPlan(instApi);
  const approval = await instApi.call('planApproval', { query: { sync: true }, body: { planId, status: 'APPROVED', offerId: offer.offerId, approvedAmount: 1200, approvedCurrency: 'USD' } });
  expect(approval.status).toBe(200);
  const status = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
  expect(status.status).toBe(200);
  expect(status.body.status).toBe('APPROVED');
  expect(status.body.callbackUrl).toBe(approval.body.callbackUrl);
  const plan = await instApi.call('getPlan', { path: { plan_id: planId } });
  expect(plan.status).toBe(200);
  expect(plan.body.planId).toBe(planId);
  expect(plan.body.status).toBe('APPROVED');
  expect(plan.body.providerId).toBe(request.providerId);
  expect(plan.body.transaction.amount).toBe(request.transaction.amount);
});

test('a sync DECLINED decision with a reject reason shows as DECLINED @assumption', async ({ instApi, instReq }) => {
  const { planId } = await instReq.createPlan(instApi);
  const approval = await instApi.call('planApproval', {
    query: { sync: true }, body: { planId, status: 'DECLINED', rejectReasonCode: 'CONSUMER_APPLICATION_FAIL', rejectReasonDetail: 'Affordability check failed' },
  });
  expect(approval.status).toBe(200);
  const status = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
  expect(status.body.status).toBe('DECLINED');
  const plan = await instApi.call('getPlan', { path: { plan_id: planId } });
  expect(plan.body.status).toBe('DECLINED');
});

for (const decision of ['APPROVED', 'DECLINED'] as const) {
  test(`an async (202) ${decision} decision reaches the approval status and the plan @assumption`, async ({ instApi, instReq, inst }) => {
    const { planId } = await instReq.createPlan(instApi);
    const body = decision === 'APPROVED' ? { planId, status: decision } : { planId, status: decision, rejectReasonCode: 'LENDER_DRIVEN_REJECTION' };
    const approval = await instApi.call('planApproval', { body });
    expect(approval.status).toBe(202);
    await awaitDecision(instApi, inst, planId, decision);
    const plan = await instApi.call('getPlan', { path: { plan_id: planId } });
    expect(plan.body.status).toBe(decision);
  });
}

test('creates a plan with a fresh UUID and a status (201) @provider', async ({ instApi, instReq }) => {
  const first = await instReq.createPlan(instApi);
  const second = await instReq.createPlan(instApi);
  expect(first.planId).not.toBe(second.planId);
  expect(first.status.length).toBeGreaterThan(0);
});
