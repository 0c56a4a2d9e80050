// Covers: a plan of every offered tenure and frequency, its terms and schedule on getPlan and in the notification (IN-ECHO-PLAN,
// IN-NOTIFY-CHOSEN, IN-NOTIFY-SCHEDULE: the answer and notification judges; the last judged only where a target takes a plan
// without its schedule, which SchedulePayment, mandatory for the product, makes none a conformant target takes). A plan takes its offer's terms
// unchanged (provider 2.0.0, POST /plans), so the frequencies judged are those the target offers.
import { expect, rules, test } from '../../fixtures/installments.js';

test(
  'a plan of each offered tenure and frequency is read back and notified with its terms and one payment per installment @assumption',
  // Each plan read back, its scheduledRepayments against its totalAmount (the client's answer judge on every getPlan answer).
  rules('IN-ECHO-PLAN', 'IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SCHEDULE', 'IN-VAL-OFFER-AMOUNTS'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const saved: string[] = [];
    // Each offer of the answer in turn (each its tenure and frequency), until the answer has no more.
    for (let i = 0; i < 20; i++) {
      const offers = await instReq.offersOf(instApi);
      const offer = offers.body.offers[i];
      if (offer === undefined) break;
      const plan = await instApi.call('savePlan', { body: await instReq.selectionOf(offers, offer) });
      if (plan.status !== 201) continue;
      saved.push(plan.body.planId);
      // The answer judge compares the terms and the schedule read with those sent.
      const read = await instApi.call('getPlan', { path: { plan_id: plan.body.planId } });
      expect(read.status, `getPlan of a ${String(offer.frequency)} plan of tenure ${String(offer.tenure)}`).toBe(200);
    }
    expect(saved.length, 'plans saved').toBeGreaterThan(0);
    // The notification judge compares each notification with what its savePlan sent, at the end of the test.
    for (const planId of saved) await issuerReceiver.notified(planId);
  },
);
