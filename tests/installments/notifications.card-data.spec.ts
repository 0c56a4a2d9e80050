// Covers: POST /offers, POST /plans, the notification it causes and GET /plans/{plan_id}: how much of the card
// each carries in clear (provider 2.0.0: card data travels encrypted, panLastFour at most), any part in any form
// (helpers/client/security/card-shown.ts).
import { expect, rules, test } from '../../fixtures/installments.js';
import { cardShownIn } from '../../helpers/client/security/card-shown.js';

test(
  'the offers answer, the plan made, its notification and its read carry no more of the card number than its last four digits, in any member or form, and the notification names the card by them @provider',
  rules('IN-OBJ-SENSITIVE', 'IN-NOTIFY-EXACT', 'IN-NOTIFY-SHAPE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const pan = inst.eligiblePan!;
    const { planId, offers, answer } = await instReq.createPlan(instApi);
    const notification = await issuerReceiver.notified(planId);
    const read = await instApi.call('getPlan', { path: { plan_id: planId } });
    expect(read.status, `plan ${planId} read back`).toBe(200);
    // Members named, never the digits: the card number stays out of the report.
    expect(
      [
        ...cardShownIn(offers, pan).map(({ at, form }) => `approvedOffers ${at} (${form})`),
        ...cardShownIn(answer, pan).map(({ at, form }) => `savePlan ${at} (${form})`),
        ...cardShownIn(notification.json, pan).map(({ at, form }) => `notification ${at} (${form})`),
        ...cardShownIn(read.body, pan).map(({ at, form }) => `getPlan ${at} (${form})`),
      ],
      'members holding more of the card number than its last four digits',
    ).toEqual([]);
    // What it does carry names this card (provider 2.0.0, notifyPlan consumer.panLastFour): the notification judge's (IN-NOTIFY-SHAPE).
  },
);
