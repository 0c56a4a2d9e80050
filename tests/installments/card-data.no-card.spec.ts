// Covers: POST /offers (approvedOffers), POST /plans (savePlan), POST /consumers/pans/registrations
// (registerPans) and /deregistrations (deregisterPans) with card data that names no card. Provider
// 2.0.0 makes every member of the card data optional (SensitiveDataField: `consumer` in offers and
// plans; `pans` in the PAN lists), encrypted in a root encryptedValue (reference/installments.md,
// Payload encryption): such a request keeps the contract, so the answer
// is one the operation documents (the client's checks), whatever the business answer, never a
// server failure.
import { expect, rules, test, type InstallmentsOperationId } from '../../fixtures/installments.js';

test(
  'card data naming no card, encrypted, is answered by offers, plans and both PAN-list writers, never with a 5xx @provider',
  rules('IN-ERR-CONTRACT:accept'),
  async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const failed: string[] = [];
    {
      const noCard = await instReq.sensitive({});
      const judge = (op: InstallmentsOperationId, status: number) => {
        if (status >= 500) failed.push(`${op}: ${status}`);
      };
      judge('approvedOffers', (await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!, noCard) })).status);
      // A real offers transaction for the eligible card, then the plan's card data naming none.
      const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
      expect(offers.status, 'offers for the eligible card').toBe(200);
      const plan = await instApi.call('savePlan', {
        body: {
          providerId: String(offers.body.offers[0].provider.providerId),
          offerTransactionId: String(offers.body.offerTransactionId),
          offerId: String(offers.body.offers[0].offerId),
          transaction: { amount: 310.45, currency: 'USD', amountType: 'PURCHASE' },
          ...noCard,
        },
      });
      judge('savePlan', plan.status);
      const created = await instApi.call('registerPans', { body: { panListName: 'No card list', ...noCard } });
      judge('registerPans', created.status);
      const listId = created.body?.panList?.panListId ?? (await instReq.sampleCall('deregisterPans')).body?.panListId;
      judge('deregisterPans', (await instApi.call('deregisterPans', { body: { panListId: listId, ...noCard } })).status);
    }
    expect(failed, 'answers to card data naming no card').toEqual([]);
  },
);
