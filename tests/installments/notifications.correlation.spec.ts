// Covers: savePlan with and without a Correlation-Id (provider 2.0.0: "If not provided, the API will create a new one and
// propagate it to all downstream systems"; PlanNotifCorrelationIdHeaderParameter) and one notification per plan (seed 001).
import { expect, mixedCaseUuid, rules, test, skipWithout } from '../../fixtures/installments.js';

skipWithout('eligiblePan');

test(
  "each selection's notification, two of them chosen from one offers answer, carries its own planId, offer, amount and Correlation-Id, and one the service made when the selection had none @provider",
  rules('IN-NOTIFY-CORRELATION', 'IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT', 'IN-NOTIFY-SHAPE'),
  async ({ instApi, instReq, instContract, issuerReceiver }) => {
    const sent: { planId: string; correlationId?: string }[] = [];
    let answer: Awaited<ReturnType<typeof instReq.offersOf>> | undefined;
    for (const [i, correlationId] of [undefined, mixedCaseUuid(), mixedCaseUuid()].entries()) {
      // The third selection reuses the second's answer and takes its last offer (the second took its first).
      const reused = i === 2;
      // An amount of each answer's own, cents kept, so that one plan's transaction sent for another shows.
      if (!reused)
        answer = await instReq.offersOf(instApi, {
          transaction: { amount: [310.45, 1200.37][i], currency: 'USD', localDateTime: '2025-06-01T10:15:00Z' },
        });
      // provider 2.0.0, POST /plans: the offer's details, the offers request's transaction and merchant, without any changes.
      const body = await instReq.selectionOf(answer!, reused ? answer!.body.offers.at(-1)! : answer!.body.offers[0]);
      // Named even when undefined: the client sends a telling Correlation-Id of its own on a call naming none.
      const res = await instApi.call('savePlan', { body, headers: { 'Correlation-Id': correlationId } });
      // No source says whether an offers answer can be chosen from twice: a refused second choice selects no plan.
      expect(reused ? [201, 400] : [201], `plan ${i + 1}: savePlan answered ${res.status}`).toContain(res.status);
      if (res.status === 201) sent.push({ planId: String(res.body.planId), correlationId });
    }
    // One notification per plan.
    await issuerReceiver.once(...sent.map((s) => s.planId));
    const isUuid = instContract.validator(
      'header:notifyPlan:Correlation-Id',
      instContract.operation('notifyPlan').parameters.find((p) => p.name === 'Correlation-Id')!.schema,
    );
    const given = sent.map((s) => s.correlationId).filter(Boolean);
    // Each plan's notification is the notification judge's (IN-NOTIFY-CHOSEN, -SHAPE, -CORRELATION); one sent without: a UUID.
    for (const { planId } of sent.filter((s) => s.correlationId === undefined)) {
      const header = issuerReceiver.receiver.requests().find(issuerReceiver.ofPlan(planId))!.headers['correlation-id'];
      expect(isUuid(header), `plan ${planId} (sent without one): a Correlation-Id the service made, a UUID ('${header}')`).toBe(true);
      expect(given, `plan ${planId}: not another selection's Correlation-Id`).not.toContain(header);
    }
  },
);
