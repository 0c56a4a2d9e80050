// Covers: the schedule the service computes for a plan saved without one (IN-VAL-PLAN-SCHEDULE; reference installments.md,
// Notification schedulePayments*; provider 2.0.0 PlanPost, ScheduledRepayment, SchedulePayment, tenure).
import { expect, planTermsMandatory, rules, test } from '../../fixtures/installments.js';

const AMOUNTS = [1.0, 10.01, 999.99, 1000, 1234.56, 98765.43];
const CURRENCIES = ['USD', 'EUR', 'GBP'];

test(
  `a plan saved without a schedule is scheduled in whole cents to the amount bought, for purchases of ${AMOUNTS.join(', ')} in ${CURRENCIES.join(', ')}, on getPlan and in its notification @assumption`,
  rules('IN-VAL-PLAN-SCHEDULE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const mandatory = planTermsMandatory();
    test.skip(mandatory !== undefined, mandatory ?? '');
    // Both schedules reach the amount bought, at most the largest total offered: the answer and notification judges.
    const planIds: { planId: string; what: string }[] = [];
    for (const [i, amount] of AMOUNTS.entries())
      for (const [j, currency] of CURRENCIES.entries()) {
        const what = `${amount} ${currency}`;
        const transaction = { amount, currency, localDateTime: '2025-06-01T10:15:00Z' };
        const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!, { transaction }) });
        expect(offers.status, `offers for ${what}`).toBe(200);
        const list = offers.body.offers as Record<string, any>[];
        expect(list.length, `offers for ${what}`).toBeGreaterThan(0);
        // Each plan from another offer of its answer (another tenure): a rounding kept for one tenure shows on another.
        const offer = list[(i + j) % list.length];
        const created = await instApi.call('savePlan', {
          body: {
            providerId: String(offer.provider.providerId),
            offerTransactionId: offers.body.offerTransactionId,
            offerId: offer.offerId,
            transaction: { amount, currency, amountType: 'PURCHASE' },
            ...(await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan! } })),
          },
        });
        expect(created.status, `a plan of ${what} without a schedule`).toBe(201);
        planIds.push({ planId: String(created.body.planId), what });
        expect((await instApi.call('getPlan', { path: { plan_id: String(created.body.planId) } })).status, `the plan of ${what}`).toBe(200);
      }
    const silent: string[] = [];
    for (const { planId, what } of planIds)
      if (!(await issuerReceiver.receiver.waitFor(issuerReceiver.ofPlan(planId), 10_000))) silent.push(what);
    expect(silent, 'plans whose notification did not reach the issuer').toEqual([]);
  },
);

test(
  'a plan selected without its own schedule is notified with one payment per installment of its tenure, numbered 1 to tenure @provider',
  rules('IN-NOTIFY-SCHEDULE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const mandatory = planTermsMandatory();
    test.skip(mandatory !== undefined, mandatory ?? '');
    const { planId, request } = await instReq.createPlan(instApi);
    expect(request.schedulePayments, 'the plan carries no schedule of its own').toBeUndefined();
    // One payment per installment of its tenure, numbered 1 to tenure in any order: the notification judge's (IN-NOTIFY-SCHEDULE).
    await issuerReceiver.notified(planId);
  },
);
