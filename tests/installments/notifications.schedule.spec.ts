// Covers: the schedule of the outbound POST /notifications (notifyPlan) for a plan selected without a
// schedule of its own (provider 2.0.0: tenure is the total number of installments; its notification
// examples list one schedule payment per installment, numbered from 1).
import { expect, planTermsMandatory, rules, test } from '../../fixtures/installments.js';

test(
  'a plan selected without its own schedule is notified with one payment per installment of its tenure, numbered 1 to tenure @provider',
  rules('IN-NOTIFY-SCHEDULE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const mandatory = planTermsMandatory();
    test.skip(mandatory !== undefined, mandatory ?? '');
    const { planId, request } = await instReq.createPlan(instApi);
    expect(request.schedulePayments, 'the plan carries no schedule of its own').toBeUndefined();
    const tenure = request.planInstallmentInformation.tenure as number;
    const received = await issuerReceiver.receiver.waitFor((r) => (r.json as { planId?: string } | undefined)?.planId === planId, 10_000);
    expect(received, `a POST /notifications for plan ${planId} reached the issuer receiver`).toBeDefined();
    const schedule = ((received!.json as { schedulePayments?: { installmentNumber?: unknown }[] }).schedulePayments ?? []).map(
      (p) => p.installmentNumber,
    );
    // The numbers, in any order the target lists them.
    schedule.sort((a, b) => Number(a) - Number(b));
    expect(schedule, `installments 1 to ${tenure}`).toEqual(Array.from({ length: tenure }, (_, i) => i + 1));
  },
);
