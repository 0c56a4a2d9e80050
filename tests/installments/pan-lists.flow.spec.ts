// Covers: PAN registration decides which cards get offers (reference, Flows - services).
import { expect, expectErrors, expectNoOffers, expectShown, rules, test } from '../../fixtures/installments.js';

test(
  'a registered card gets offers; once deregistered it gets none (404) @smoke @assumption',
  rules('IN-STATE-PAN-ELIGIBLE:accept@encrypted', 'IN-STATE-PAN-ELIGIBLE:refuse@encrypted', 'IN-ECHO-PANLIST'),
  async ({ instApi, instReq }) => {
    const pan = instReq.listPan();
    expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));

    const { res: registered, panListId } = await instReq.newList(instApi, 'Suite list', [pan]);
    expectShown(registered.body, { successfulCount: '1', failureCount: '0' }, 'registerPans');
    // provider 2.0.0 ViewPanList: the name is optional (no required); shown, it is the one sent (IN-ECHO-PANLIST).
    const name = (registered.body.panList as { panListName?: string } | undefined)?.panListName;
    if (name !== undefined) expect(name, 'panList.panListName, shown').toBe('Suite list');
    expect(panListId).toMatch(/^[0-9]{18}$/);

    const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) });
    expect(offers.status).toBe(200);
    expect(offers.body.offers.length).toBeGreaterThan(0);

    const removed = await instApi.call('deregisterPans', { body: { panListId, ...(await instReq.pansOf(pan)) } });
    expect(removed.status).toBe(200);
    expectShown(removed.body, { panListId, successfulCount: '1', failureCount: '0' }, 'deregisterPans');
    expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
  },
);

test(
  'offers: total is the number of offers, each with a tenure of at least 2 @assumption',
  rules('IN-VAL-OFFERS-TOTAL', 'IN-VAL-OFFER-TENURE'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const res = await instApi.call('approvedOffers', {
      body: await instReq.offersBody(inst.eligiblePan!),
      headers: { 'Correlation-Id': crypto.randomUUID(), 'Accept-Language': 'en' },
    });
    // The total (and every offer's terms) judged by the client's answer judge (installmentsAnswerConformance).
    expect(res.status).toBe(200);
    for (const offer of res.body.offers) expect(offer.tenure).toBeGreaterThanOrEqual(2);
  },
);

// The client's response check (IN-RESP-FORMS; provider 2.0.0 Offer, SchedulePayments, Provider) on altered answers.
test(
  'offers: the contract check takes the answer as given and refuses an offer whose first installment schedule, schedule item or provider is off its stated form @provider',
  rules('IN-RESP-FORMS:accept', 'IN-RESP-FORMS:refuse'),
  async ({ instApi, instReq, inst, instContract }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const res = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
    expect(res.status).toBe(200);
    const validate = instContract.responseValidator('approvedOffers', '200')!;
    expect(validate(res.body), 'the answer as the target gave it').toBe(true);
    const [offer, ...others] = res.body.offers;
    const { providerLogoUrl: _, ...providerWithoutLogo } = offer.provider;
    const withOffer = (over: Record<string, unknown>) => ({ ...res.body, offers: [{ ...offer, ...over }, ...others] });
    for (const [what, over] of [
      ['a first installment schedule of neither value', { firstInstallmentSchedule: 'AFTER_ONE_CYCLE' }],
      ['a schedule item numbered 0', { schedulePayments: [{ installmentNumber: 0, installmentAmount: 10, dueDate: '2030-01-01' }] }],
      ['a provider without its logo URL', { provider: providerWithoutLogo }],
    ] as const)
      expect(validate(withOffer(over)), what).toBe(false);
  },
);

// provider 2.0.0, Offer.currencySymbol: "Symbol of currency for all amounts within offer response": the transaction's.
// USD must be offered; another currency is judged where offered (and its terms by the answer judge, IN-VAL-OFFER-TERMS).
test(
  "offers: every offer's currencySymbol is the symbol of the transaction's currency, and the answer's total and terms hold, in every currency @provider",
  rules('IN-VAL-OFFER-CURRENCY', 'IN-VAL-OFFER-TERMS', 'IN-VAL-OFFERS-TOTAL'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    for (const [currency, symbol] of [
      ['USD', '$'],
      ['EUR', '€'],
      ['GBP', '£'],
      // Dollars of other countries: one character (Offer.currencySymbol, maxLength 1), so the dollar sign.
      ['AUD', '$'],
      ['CAD', '$'],
      ['JPY', '¥'],
      ['CNY', '¥'],
      ['INR', '₹'],
      ['KRW', '₩'],
      // No one-character symbol of its own: any one character (the schema's bounds) is the provider's.
      ['CHF', undefined],
    ]) {
      const transaction = { amount: 1200, currency, localDateTime: '2025-06-01T10:15:00Z' };
      const res = await instApi.call('approvedOffers', {
        body: await instReq.offersBody(inst.eligiblePan!, { transaction }),
        headers: { 'Correlation-Id': crypto.randomUUID() },
      });
      if (currency !== 'USD' && res.status !== 200) continue;
      expect(res.status, `offers for ${currency}`).toBe(200);
      if (symbol === undefined) continue;
      for (const offer of res.body.offers) expect(offer.currencySymbol, `currencySymbol of an offer in ${currency}`).toBe(symbol);
    }
  },
);

for (const operationId of ['registerPans', 'deregisterPans', 'approvedOffers', 'savePlan'] as const) {
  test(
    `${operationId}: rejects an encryptedValue that does not decrypt with the published key (400) @assumption`,
    rules('IN-JWE-DECRYPT'),
    async ({ instApi, instReq }) => {
      const call = await instReq.sampleCall(operationId);
      const jwe = (await instReq.sensitive({ consumer: { primaryAccountNumber: instReq.listPan() } })).encryptedValue.split('.');
      jwe[3] = 'AAAAAAAAAAAAAAAAAAAAAA';
      expectErrors(
        await instApi.callBuilt(operationId, { ...call, body: { ...(call.body as object), encryptedValue: jwe.join('.') } }),
        400,
      );
    },
  );
}
