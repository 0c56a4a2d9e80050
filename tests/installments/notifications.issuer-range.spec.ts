// Covers: savePlan's notification against the issuer's account range, the card in every form (seed 001, Events;
// reference/installments.md, Flows - notification, Payload encryption). The mock's issuer range: @mock-only.
import { exampleOffersBody, examplePlanBody, expect, mockOnly, rangeEdgeCards, rules, test } from '../../fixtures/installments.js';

type Fx = Parameters<Parameters<typeof test>[2]>[0];
const planIdOf = (r: { json: unknown }) => (r.json as { planId?: string } | undefined)?.planId;

/** Selects a plan for each card in each form, then the eligible card's as the witness: per card and form, whether notified. */
async function notifiedPlans(
  fx: Pick<Fx, 'instApi' | 'instReq' | 'instContract' | 'issuerReceiver'>,
  cards: { pan: string; what: string }[],
) {
  const { instApi, instReq, instContract, issuerReceiver } = fx;
  // Each card in a list of its own (provider 2.0.0, PanRegistrationWithEncryptedValueRequest: one account range).
  for (const { pan, what } of cards)
    expect((await instReq.newList(instApi, 'Issuer range list', [pan])).res.body, `${what} registered in a list`).toMatchObject({
      successfulCount: '1',
    });
  const [offersData, planData] = [instContract.component('OffersSensitiveData'), instContract.component('PlanSensitiveData')];
  const plaintext = (data: unknown) => offersData(data) && planData(data);
  const plans: { planId: string; what: string; form: string }[] = [];
  for (const { pan, what } of cards)
    for (const { form, card } of await instReq.cardForms(pan, plaintext)) {
      const offers = await instApi.call('approvedOffers', { body: exampleOffersBody(card) });
      expect(offers.status, `offers for ${what} (${form})`).toBe(200);
      const plan = await instApi.call('savePlan', {
        body: examplePlanBody(offers.body.offerTransactionId, offers.body.offers[0], card, { offers: offers.body.offers }),
      });
      expect(plan.status, `the plan of ${what} (${form})`).toBe(201);
      plans.push({ planId: plan.body.planId, what, form });
    }
  const witness = await instReq.createPlan(instApi);
  await issuerReceiver.notified(witness.planId);
  const notified = new Set(issuerReceiver.receiver.requests().map(planIdOf));
  return plans.map((p) => ({ ...p, notified: notified.has(p.planId) }));
}

test(
  "a plan for a card at either end of the issuer's account range notifies it, one just outside either end none, in every card form @mock-only @assumption",
  mockOnly(
    rules('IN-NOTIFY-SENT', 'IN-NOTIFY-NONE', 'IN-NOTIFY-SHAPE'),
    "needs the issuer's range to be the only one served: on a sandbox a card just outside it may be in another issuer's range, notified there",
  ),
  async ({ instApi, instReq, instContract, issuerReceiver, inst, instMock }) => {
    void instMock;
    const cards = rangeEdgeCards(inst.issuerAccountRange!);
    const plans = await notifiedPlans({ instApi, instReq, instContract, issuerReceiver }, [...cards.inside, ...cards.justOutside]);
    const insideAt = new Set(cards.inside.map((c) => c.what));
    const wrong = plans.filter((p) => p.notified !== insideAt.has(p.what));
    expect(plans, 'every end in both forms').toHaveLength(8);
    expect(
      wrong.map((p) => `${p.what} (${p.form}): ${p.notified ? 'notified' : 'not notified'}`),
      "the issuer is notified for its range's ends only",
    ).toEqual([]);
    // Each notification names its own plan's card (provider 2.0.0, notifyPlan consumer.panLastFour): the notification judge's.
  },
);

test(
  "a plan for a card sharing its first 4 or 5 digits with an end of the issuer's range but outside it notifies no issuer, in every card form @mock-only @assumption",
  mockOnly(
    rules('IN-NOTIFY-NONE', 'IN-RANGE-WHOLE'),
    "needs the issuer's range to be the only one served: on a sandbox a card sharing its prefix may be in another issuer's range, notified there",
  ),
  async ({ instApi, instReq, instContract, issuerReceiver, inst, instMock }) => {
    void instMock;
    const { sharingPrefix } = rangeEdgeCards(inst.issuerAccountRange!);
    const plans = await notifiedPlans({ instApi, instReq, instContract, issuerReceiver }, sharingPrefix);
    expect(plans.length, 'cards sharing a prefix, in every form').toBeGreaterThanOrEqual(4 * 2);
    expect(
      plans.filter((p) => p.notified).map((p) => `${p.what} (${p.form})`),
      "an issuer's range is matched on the whole card number",
    ).toEqual([]);
  },
);
