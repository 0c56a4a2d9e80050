// Covers: savePlan with and without a Correlation-Id, and the outbound POST /notifications
// (notifyPlan) each selection causes: the Correlation-Id the service propagates (provider 2.0.0,
// savePlan CorrelationIdHeaderParameter: "If not provided, the API will create a new one and
// propagate it to all downstream systems"; notifyPlan PlanNotifCorrelationIdHeaderParameter:
// required, a UUID) and one notification per plan selected (seed 001, Events). Three selections
// in a row, their notifications read together, so that one carrying another's id is seen.
import { expect, expectDeliveries, rules, test } from '../../fixtures/installments.js';

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

/** A UUID with upper- and lower-case hex digits (provider 2.0.0: format uuid), unlike any a service would make. */
const mixedCaseUuid = () => `Ab${crypto.randomUUID().slice(2, -2)}cD`;

test(
  "each selection's notification carries its own Correlation-Id, and one the service made when the selection had none @provider",
  rules('IN-NOTIFY-CORRELATION', 'IN-NOTIFY-SENT', 'IN-NOTIFY-EXACT'),
  async ({ instApi, instReq, inst, instContract, issuerReceiver }) => {
    const card = await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan! } });
    const sent: { planId: string; correlationId?: string }[] = [];
    for (const correlationId of [undefined, mixedCaseUuid(), mixedCaseUuid()]) {
      const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
      expect(offers.status, 'offers for the eligible card').toBe(200);
      const offer = offers.body.offers[0];
      const body = {
        providerId: String(offer.provider.providerId),
        offerTransactionId: String(offers.body.offerTransactionId),
        offerId: String(offer.offerId),
        transaction: { amount: 310.45, currency: 'USD', amountType: 'PURCHASE' },
        ...card,
      };
      const res = await instApi.call('savePlan', { body, ...(correlationId ? { headers: { 'Correlation-Id': correlationId } } : {}) });
      expect(res.status, `plan ${sent.length + 1} created`).toBe(201);
      sent.push({ planId: String(res.body.planId), correlationId });
    }
    const ofPlan = (planId: string) => (r: { json: unknown }) => (r.json as { planId?: string } | undefined)?.planId === planId;
    for (const { planId } of sent)
      expect(await issuerReceiver.receiver.waitFor(ofPlan(planId), 10_000), `the notification of plan ${planId}`).toBeDefined();
    // One notification per plan (a second would follow the first at once: a short wait, no CPU).
    await issuerReceiver.receiver.waitFor(() => false, inst.control ? 300 : 5000);
    for (const { planId } of sent)
      expectDeliveries(issuerReceiver.receiver.requests().filter(ofPlan(planId)), [
        { url: issuerReceiver.url, count: 1, what: `the notification of plan ${planId}` },
      ]);
    const isUuid = instContract.validator(
      'header:notifyPlan:Correlation-Id',
      instContract.operation('notifyPlan').parameters.find((p) => p.name === 'Correlation-Id')!.schema,
    );
    const given = sent.map((s) => s.correlationId).filter(Boolean);
    for (const { planId, correlationId } of sent) {
      const header = issuerReceiver.receiver.requests().find(ofPlan(planId))!.headers['correlation-id'];
      if (correlationId !== undefined) expect(header, `plan ${planId}: the Correlation-Id its savePlan was sent with`).toBe(correlationId);
      else {
        expect(isUuid(header), `plan ${planId} (sent without one): a Correlation-Id the service made, a UUID ('${header}')`).toBe(true);
        expect(given, `plan ${planId}: not another selection's Correlation-Id`).not.toContain(header);
      }
    }
  },
);
