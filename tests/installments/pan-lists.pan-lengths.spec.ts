// Covers: the PAN's length on the writers checkout.validation.spec.ts does not vary it on -
// deregisterPans (sensitiveData.pans[].pan) and savePlan (sensitiveData.consumer.primaryAccountNumber),
// the card data encrypted (encryptedValue; provider 2.0.0: the client encrypts it) - provider 2.0.0:
// Pan and ConsumerCard, 11 to 19 digits, the same schemas as registerPans and approvedOffers.
// The refusing side on both writers (deregisterPans: a 400, or a 200 counting the card failed as the
// provider's example shows, IN-DEVIATION-PAN-LENGTH-COUNTED); the accepting side where a PAN of any valid length is
// accepted whatever the card (a deregistration answers a card that is not in its list as a per-PAN
// failure; a plan is made for the card its offers were asked for, so its other lengths are not judged).
import { expect, expectErrors, panLengthRefusalWrong, rules, test, withCheckDigit } from '../../fixtures/installments.js';

// Luhn-complete (provider 2.0.0, Pan: every pan is validated against the Luhn algorithm): only the length varies.
const digits = (n: number) => withCheckDigit('4'.repeat(n - 1));

test(
  'deregisterPans and savePlan refuse a PAN of 10 or 20 digits, and deregisterPans takes 11 and 19 @provider',
  rules('IN-LIM-PAN:refuse@encrypted', 'IN-LIM-PAN:accept@encrypted'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const created = await instApi.call('registerPans', {
      body: { panListName: 'Length list', ...(await instReq.sensitive({ pans: [{ pan: instReq.listPan() }] })) },
    });
    expect(created.status, 'a list to deregister from').toBe(200);
    const panListId = created.body.panList.panListId;
    const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
    expect(offers.status, 'offers for the eligible card').toBe(200);
    const offer = offers.body.offers[0];
    const plan = {
      providerId: offer.provider.providerId,
      offerTransactionId: offers.body.offerTransactionId,
      offerId: offer.offerId,
      transaction: { amount: 1200, currency: 'USD', amountType: 'PURCHASE' },
      planInstallmentInformation: { frequency: 'MONTHLY', tenure: 3, apr: 10 },
    };
    const wrong: string[] = [];
    for (const n of [10, 11, 19, 20]) {
      const refused = n === 10 || n === 20;
      const what = `a PAN of ${n} digits`;
      const dereg = await instApi.call('deregisterPans', {
        body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: digits(n) }] })) },
      });
      const off = refused ? panLengthRefusalWrong(instApi, dereg, 1) : undefined;
      if (off) wrong.push(`deregisterPans, ${what}: ${off}`);
      if (!refused && dereg.status !== 200) wrong.push(`deregisterPans, ${what}: ${dereg.status}, not 200`);
      if (!refused) continue;
      const saved = await instApi.call('savePlan', {
        body: { ...plan, ...(await instReq.sensitive({ consumer: { primaryAccountNumber: digits(n) } })) } as never,
      });
      if (saved.status !== 400) wrong.push(`savePlan, ${what}: ${saved.status}, not 400`);
      else expectErrors(saved, 400);
    }
    expect(wrong, 'every writer carrying a PAN holds its length').toEqual([]);
  },
);
