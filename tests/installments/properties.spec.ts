// Covers: POST /merchants/participations and POST /plans, property-based (reference/installments.md, Main fields).
// FC_NUM_RUNS widens, FC_SEED replays.
import fc from 'fast-check';
import { assertProperty, expect, expectErrors, expectToBe, loadContract, rules, test, withPath } from '../../fixtures/installments.js';
import { participationsArbitrary, participationArbitrary } from '../../fixtures/arbitraries/installments/valid.js';
import { participationViolations, planTermViolations } from '../../fixtures/arbitraries/installments/violations.js';

// The bounds in the titles and the generated values are the contract's (the titles are made as the file loads).
const contract = await loadContract('installments');

test(
  'accepts every participation request the contract allows @property @provider',
  rules('IN-ERR-CONTRACT:accept'),
  async ({ instApi, instContract }, testInfo) => {
    const validate = instContract.requestValidator('postMerchantParticipations')!;
    await assertProperty(
      fc.asyncProperty(participationsArbitrary(instContract), async (body) => {
        // Step-free when they hold (fixtures/assertions/quiet.ts): they run on every draw.
        expectToBe(validate(body), true, 'generated request is valid by the contract');
        expectToBe(
          (await instApi.call('postMerchantParticipations', { body })).status,
          202,
          'participations the contract allows are taken (202)',
        );
      }),
      testInfo,
      {
        none: 'a form property: the stated bounds of each member are sent by the generated bound rows (statedBounds, boundEnds) of checkout.validation.spec.ts and merchants.validation.spec.ts',
      },
    );
  },
);

for (const v of participationViolations(contract)) {
  test(
    `rejects a participation whose ${v.field} breaks '${v.rule}' with 400 @property @provider`,
    rules('IN-ERR-CONTRACT:refuse'),
    async ({ instApi, instContract }, testInfo) => {
      const validate = instContract.requestValidator('postMerchantParticipations')!;
      await assertProperty(
        fc.asyncProperty(participationArbitrary(instContract), v.value, async (participation, bad) => {
          const body = [withPath(participation, v.field, bad)];
          fc.pre(!validate(body)); // never blame the target for the generator
          expectErrors(await instApi.call('postMerchantParticipations', { body }), 400);
        }),
        testInfo,
        {
          none: 'a form property: the stated bounds of each member are sent by the generated bound rows (statedBounds, boundEnds) of checkout.validation.spec.ts and merchants.validation.spec.ts',
        },
      );
    },
  );
}

for (const v of planTermViolations(contract)) {
  test(
    `rejects a plan whose ${v.field} breaks '${v.rule}' with 400 @property @provider`,
    rules('IN-ERR-CONTRACT:refuse'),
    async ({ instApi, instReq, inst, instContract }, testInfo) => {
      test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
      const validate = instContract.requestValidator('savePlan')!;
      // One real offers transaction, so that only the broken field can explain a 400.
      const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
      const offer = offers.body.offers[0];
      const valid = {
        providerId: offer.provider.providerId,
        offerTransactionId: offers.body.offerTransactionId,
        offerId: offer.offerId,
        transaction: { amount: 100, currency: 'USD', amountType: 'PURCHASE' },
        planInstallmentInformation: { frequency: 'MONTHLY', tenure: 3, apr: 5 },
      };
      expect(validate(valid)).toBe(true);
      await assertProperty(
        fc.asyncProperty(v.value, async (bad) => {
          const body = withPath(valid, v.field, bad);
          fc.pre(!validate(body));
          expectErrors(await instApi.call('savePlan', { body }), 400);
        }),
        testInfo,
        {
          none: 'a form property: the stated bounds of each member are sent by the generated bound rows (statedBounds, boundEnds) of checkout.validation.spec.ts and merchants.validation.spec.ts',
        },
      );
    },
  );
}
