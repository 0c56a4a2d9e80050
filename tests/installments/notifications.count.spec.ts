// Covers: one notification per selection, none for a read or a decision (seed 001, Events: "sent when a consumer selects
// an installment plan"; Endpoints); a witness plan selected last bounds the wait.
import { expect, expectDeliveries, loadContract, rules, test, withDecision } from '../../fixtures/installments.js';
import { EVENT_IDS, eventIdProblems, eventMembersOf } from '../../helpers/client/invariants/delivery-ids.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { problemsUnder } from '../../helpers/client/annotations.js';

/** The members of a notification naming its event and dating its sending (IN-PROP-EVENT-IDS), from its schema. */
const NOTIFICATION_EVENT = eventMembersOf(await loadContract('installments'), 'PlanNotification');

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

const planOf = (r: { json: unknown }) => (r.json as { planId?: string } | undefined)?.planId;

/** Each way a selected plan is decided (sync answers 200 at once; otherwise 202 and the decision lands later). */
const DECISIONS = [
  { status: 'APPROVED', sync: true },
  { status: 'APPROVED', sync: false },
  { status: 'DECLINED', sync: true },
  { status: 'DECLINED', sync: false },
] as const;

/** Both readers of a plan; before its approval the approval status may be 404 (provider 2.0.0: the status of an approval posted). */
async function readBoth(api: Api, planId: string, approved = true) {
  for (const op of ['getPlan', 'getPlanApprovalStatus'] as const)
    expect([200, ...(op === 'getPlanApprovalStatus' && !approved ? [404] : [])], `${op} of plan ${planId}`).toContain(
      (await api.call(op, { path: { plan_id: planId } })).status,
    );
}

test(
  'a selected plan is notified exactly once: reading it, deciding it (approve or decline, sync or not) and reading it again send no second notification @seed',
  rules('IN-NOTIFY-EXACT', 'IN-NOTIFY-SENT', 'IN-PROP-EVENT-IDS'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    const plans: { planId: string; what: string }[] = [];
    for (const decision of DECISIONS) {
      const { planId, offer } = await instReq.createPlan(instApi);
      const what = `plan ${planId} (${decision.status}, ${decision.sync ? 'sync' : 'async'})`;
      await issuerReceiver.notified(planId);
      await readBoth(instApi, planId, false);
      const body =
        decision.status === 'APPROVED'
          ? withDecision({ planId, status: decision.status, offerId: offer.offerId, approvedAmount: 1200, approvedCurrency: 'USD' })
          : { planId, status: decision.status, rejectReasonCode: 'CONSUMER_APPLICATION_FAIL' };
      const answer = await instApi.call('planApproval', { ...(decision.sync ? { query: { sync: true } } : {}), body });
      expect(answer.status, `${what}: the decision`).toBe(decision.sync ? 200 : 202);
      plans.push({ planId, what });
    }
    // The asynchronous decisions land (the mock's clock; a sandbox decides in its own time) and every plan is read again.
    if (inst.control) await inst.control.advanceClock(60);
    for (const { planId } of plans) await readBoth(instApi, planId);
    const witness = await instReq.createPlan(instApi);
    await issuerReceiver.notified(witness.planId);
    const received = issuerReceiver.receiver.requests();
    expect(
      plans.map(({ planId, what }) => `${what}: ${received.filter((r) => planOf(r) === planId).length} notifications`),
      'one notification per selected plan, whatever followed it',
    ).toEqual(plans.map(({ what }) => `${what}: 1 notifications`));
    // IN-PROP-EVENT-IDS: the notifications of different plans are different events.
    const judged = NOTIFICATION_EVENT.ids.length + NOTIFICATION_EVENT.dates.length > 0;
    countProperty(test.info(), {
      property: EVENT_IDS,
      service: 'installments',
      rule: 'IN-PROP-EVENT-IDS',
      applies: ['notifyPlan'],
      checked: judged ? ['notifyPlan'] : [],
      exceptions: judged
        ? []
        : [{ operationId: 'notifyPlan', reason: 'its schema (PlanNotification) names no event id and dates no sending' }],
    });
    expect(
      problemsUnder(
        'IN-PROP-EVENT-IDS',
        eventIdProblems(
          NOTIFICATION_EVENT,
          received.filter((r) => plans.some((p) => p.planId === planOf(r))).map((r) => ({ about: `plan ${planOf(r)}`, json: r.json })),
        ),
      ),
      'IN-PROP-EVENT-IDS: one event id for two plans',
    ).toEqual([]);
    // Each of them at the configured endpoint byte for byte, nothing sensitive in clear.
    const ids = new Set(plans.map((p) => p.planId));
    expectDeliveries(
      received.filter((r) => ids.has(planOf(r) ?? '')),
      [{ url: issuerReceiver.url, count: plans.length, what: 'the notifications of the decided plans' }],
    );
  },
);

// provider 2.0.0 savePlan: Correlation-Id is the exchange's id (a UUID, not required), no document making it unique across
// selections nor a repeated one a replay; seed 001, Events: every plan selected notifies the issuer of its account range. So two
// selections of different offers under one Correlation-Id are two selections: each plan created is notified, once.
test(
  'two selections carrying one Correlation-Id (another offer chosen each time) each notify the issuer of their own plan, once @seed',
  rules('IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const correlationId = crypto.randomUUID();
    const plans: string[] = [];
    for (const n of [1, 2]) {
      const { body } = await instReq.selection(instApi);
      const plan = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': correlationId } });
      expect(plan.status, `selection ${n} under Correlation-Id ${correlationId} (reused: ${n > 1})`).toBe(201);
      plans.push(String(plan.body?.planId));
    }
    // The second plan's notification, or its absence, is bounded by a witness plan selected last under its own id.
    const witness = await instReq.createPlan(instApi);
    await issuerReceiver.notified(witness.planId);
    const received = issuerReceiver.receiver.requests();
    const counts = plans.map((planId, i) => ({ planId, i, count: received.filter(issuerReceiver.ofPlan(planId)).length }));
    const what = (c: { planId: string; i: number }) =>
      `plan ${c.planId}, selection ${c.i + 1} under Correlation-Id ${correlationId}${c.i ? ' (the id reused)' : ''}`;
    expect(
      problemsUnder(
        'IN-NOTIFY-SENT',
        counts.filter((c) => c.count === 0).map((c) => `${what(c)}: Received no notification / Documented one to the issuer`),
        'savePlan',
      ),
      'IN-NOTIFY-SENT: every plan selected notifies the issuer, whatever Correlation-Id it carried',
    ).toEqual([]);
    expect(
      problemsUnder(
        'IN-NOTIFY-EXACT',
        counts.filter((c) => c.count > 1).map((c) => `${what(c)}: Received ${c.count} notifications / Documented one`),
        'savePlan',
      ),
      'IN-NOTIFY-EXACT: one notification per plan selected',
    ).toEqual([]);
  },
);
