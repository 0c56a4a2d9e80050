// Covers: POST /plans 201, the outbound POST /notifications (notifyPlan) it causes, and GET
// /plans/{plan_id}: how much of the card number each carries in clear. Provider 2.0.0: card data
// travels encrypted (encryptedValue, PlanNotifSensitiveDataField) and comes back as panLastFour at
// most; the delivery check (expectDeliveries) finds the whole number, this one finds a part of it:
// a run of digits of the card longer than its issuer prefix (the first six, which every range of the
// issuer shares) is more than its last four, wherever it sits (panLastFour holding the rest of the
// number, a member no check knows, a text).
import { expect, notifiedLastFourWrong, rules, test } from '../../fixtures/installments.js';

/** The shortest run of the card's digits that neither its first six nor its last four can be. */
const LONGER_THAN_PREFIX = 7;

/** Where a value (any JSON) carries a run of at least LONGER_THAN_PREFIX digits taken from the card: JSON pointers. */
function cardDigitsIn(value: unknown, pan: string, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => cardDigitsIn(v, pan, `${at}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => cardDigitsIn(v, pan, `${at}/${k}`));
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const runs = String(value).match(new RegExp(`[0-9]{${LONGER_THAN_PREFIX},}`, 'g')) ?? [];
  const fromCard = (run: string) => {
    for (let i = 0; i + LONGER_THAN_PREFIX <= run.length; i++) if (pan.includes(run.slice(i, i + LONGER_THAN_PREFIX))) return true;
    return false;
  };
  return runs.some(fromCard) ? [at || '/'] : [];
}

test(
  "a plan's notification and its read carry no more of the card number than its last four digits, in any member, and the notification names the card by them @provider",
  rules('IN-OBJ-SENSITIVE', 'IN-NOTIFY-EXACT', 'IN-NOTIFY-SHAPE'),
  async ({ instApi, instReq, inst, issuerReceiver }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const pan = inst.eligiblePan!;
    const { planId } = await instReq.createPlan(instApi);
    const notification = await issuerReceiver.receiver.waitFor(
      (r) => (r.json as { planId?: string } | undefined)?.planId === planId,
      10_000,
    );
    expect(notification, `a POST /notifications for plan ${planId} reached the issuer receiver`).toBeDefined();
    const read = await instApi.call('getPlan', { path: { plan_id: planId } });
    expect(read.status, `plan ${planId} read back`).toBe(200);
    // Members named, never the digits: the card number stays out of the report.
    expect(
      [
        ...cardDigitsIn(notification!.json, pan).map((at) => `notification ${at}`),
        ...cardDigitsIn(read.body, pan).map((at) => `getPlan ${at}`),
      ],
      'members holding more of the card number than its last four digits',
    ).toEqual([]);
    // What it does carry names this card (provider 2.0.0, notifyPlan consumer.panLastFour).
    expect(notifiedLastFourWrong(notification!.json, pan, `the notification of plan ${planId}`), 'the card named by its last four').toEqual(
      [],
    );
  },
);
