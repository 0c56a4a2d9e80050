// Covers: a plan of every frequency (provider 2.0.0 Offer enum) and tenure offered, its terms and schedule on getPlan and in
// the notification (IN-ECHO-PLAN, IN-NOTIFY-CHOSEN, IN-NOTIFY-SCHEDULE: the answer and notification judges).
import { expect, FREQUENCIES, rules, scheduleOf, test } from '../../fixtures/installments.js';

test(
  'a plan of each frequency and each offered tenure is read back and notified with its terms and one payment per installment @assumption',
  // Each plan read back, its scheduledRepayments against its totalAmount (the client's answer judge on every getPlan answer).
  rules('IN-ECHO-PLAN', 'IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SCHEDULE', 'IN-VAL-OFFER-AMOUNTS'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const saved: string[] = [];
    // Each offer of the answer in turn (each its tenure), until the answer has no more.
    let more = true;
    for (let i = 0; more && i < 20; i++) {
      for (const frequency of FREQUENCIES) {
        const offers = await instReq.offersOf(instApi);
        const offer = offers.body.offers[i];
        if (offer === undefined) {
          more = false;
          break;
        }
        const body = await instReq.selectionOf(offers, { ...offer, frequency });
        // The first offer is also chosen with a schedule of its own, its payments spaced by the frequency.
        const own = { ...body, schedulePayments: scheduleOf(body.transaction.amount, offer.tenure, frequency) };
        for (const sent of i === 0 ? [body, own] : [body]) {
          const plan = await instApi.call('savePlan', { body: sent });
          if (plan.status !== 201) continue;
          saved.push(plan.body.planId);
          // The answer judge compares the terms and the schedule read with those sent.
          expect((await instApi.call('getPlan', { path: { plan_id: plan.body.planId } })).status, `getPlan of a ${frequency} plan`).toBe(
            200,
          );
        }
      }
    }
    expect(saved.length, 'plans saved').toBeGreaterThan(0);
    // The notification judge compares each notification with what its savePlan sent, at the end of the test.
    for (const planId of saved) await issuerReceiver.notified(planId);
  },
);
