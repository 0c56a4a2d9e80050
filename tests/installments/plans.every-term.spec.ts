// Covers: a plan of every offered tenure and frequency, its terms and schedule on getPlan and in the notification (IN-ECHO-PLAN,
// IN-NOTIFY-CHOSEN, IN-NOTIFY-SCHEDULE, IN-VAL-PLAN-SCHEDULE: the answer and notification judges). A plan takes its offer's terms
// unchanged (provider 2.0.0, POST /plans), so the frequencies judged are those the target offers.
import { expect, rules, test } from '../../fixtures/installments.js';

// An amount whose even split leaves cents over at every offered tenure, in EUR at a merchant of a euro country (provider 2.0.0,
// approvedOffers InvalidCountryCurrencyCodePair): a schedule the service computes is judged on its rounding.
const UNEVEN_EUR = {
  merchant: { name: 'Exemple Électronique', country: 'FRA', mcc: '5732', url: 'https://boutique.example.test' },
  transaction: { amount: 100.01, currency: 'EUR', localDateTime: '2025-06-01T10:15:00Z' },
};

test(
  'a plan of each offered tenure and frequency is read back and notified with its terms and one payment per installment @assumption',
  // Each plan read back, its scheduledRepayments against its totalAmount (the client's answer judge on every getPlan answer).
  rules('IN-ECHO-PLAN', 'IN-NOTIFY-CHOSEN', 'IN-NOTIFY-SCHEDULE', 'IN-VAL-OFFER-AMOUNTS', 'IN-VAL-PLAN-SCHEDULE'),
  async ({ instApi, instReq, issuerReceiver }) => {
    const saved: string[] = [];
    const save = async (sent: Record<string, unknown>, what: string) => {
      const plan = await instApi.call('savePlan', { body: sent });
      if (plan.status !== 201) return plan.status;
      saved.push(plan.body.planId);
      // The answer judge compares the terms and the schedule read with those sent, or with the plan's totalAmount.
      expect((await instApi.call('getPlan', { path: { plan_id: plan.body.planId } })).status, `getPlan of ${what}`).toBe(200);
      return plan.status;
    };
    // schedulePayments is optional in PlanRequest (provider 2.0.0): a plan sent without it is scheduled by the service. A target
    // may hold the schedule part of the offer data it requires (SchedulePayment, mandatory for Mastercard Installments Payment
    // Services): its refusal is noted, not judged.
    const unscheduled = async (sent: Record<string, unknown>, what: string) => {
      const { schedulePayments: _left, ...rest } = sent;
      const status = await save(rest, `${what} sent without its schedule`);
      if (status !== 201)
        test.info().annotations.push({ type: 'not judged', description: `${what} sent without schedulePayments: ${status}` });
    };
    // Each offer of the answer in turn (each its tenure and frequency), until the answer has no more.
    for (let i = 0; i < 20; i++) {
      const offers = await instReq.offersOf(instApi);
      const offer = offers.body.offers[i];
      if (offer === undefined) break;
      const what = `a ${String(offer.frequency)} plan of tenure ${String(offer.tenure)}`;
      const body = await instReq.selectionOf(offers, offer);
      await save(body, what);
      if (i === 0) await unscheduled(body, what);
    }
    const eur = await instReq.offersOf(instApi, UNEVEN_EUR);
    await unscheduled(await instReq.selectionOf(eur, eur.body.offers[0]), `a plan of ${UNEVEN_EUR.transaction.amount} EUR`);
    expect(saved.length, 'plans saved').toBeGreaterThan(0);
    // The notification judge compares each notification with what its savePlan sent, at the end of the test.
    for (const planId of saved) await issuerReceiver.notified(planId);
  },
);
