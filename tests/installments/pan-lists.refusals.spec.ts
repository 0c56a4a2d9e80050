// Covers: registerPans into an existing list and deregisterPans, the requests the provider refuses
// and their accepted neighbours - provider 2.0.0, registerPans 400 example PansNotPresentUpdateRequest
// ("To update pan list at least one pan should be present"), deregisterPans 400 examples
// InvalidEncryptedValue ("encryptedValue must not be null or empty") and PanListIdNotFound (a list
// id "not present in the system"). Each refusal is followed by the counts of an accepted neighbour and
// by the reader of the list (approvedOffers: a card gets offers once registered, none before nor once
// deregistered), the reference's decision (Flows - services), judged last under its rule.
import { expect, expectErrors, expectNoOffers, rules, test } from '../../fixtures/installments.js';
import type { ApiResponse } from '../../helpers/client/client.js';
import { underRule } from '../../helpers/client/annotations.js';

/** The offers answers read along the way, each with whether the card should get offers then: judged under IN-STATE-PAN-ELIGIBLE. */
function eligibility() {
  const read: { res: ApiResponse; eligible: boolean; what: string }[] = [];
  return {
    read,
    judge: () =>
      underRule(test.info(), 'IN-STATE-PAN-ELIGIBLE', () => {
        for (const { res, eligible, what } of read)
          if (eligible) expect(res.status, what).toBe(200);
          else expectNoOffers(res, what);
      }),
  };
}

test(
  'a deregistration from a list that does not exist, or without card data, is 400 and removes nothing; with its card data it is accepted @provider',
  rules(
    'IN-STATE-UNKNOWN-LIST',
    'IN-REQ-DEREG-CARDS:refuse',
    'IN-REQ-DEREG-CARDS:accept',
    'IN-VAL-PAN-COUNTS',
    'IN-STATE-PAN-ELIGIBLE:refuse@encrypted',
  ),
  async ({ instApi, instReq }) => {
    const offers = eligibility();
    const [first, second] = [instReq.listPan(), instReq.listPan()];
    const created = await instApi.call('registerPans', {
      body: { panListName: 'Deregistration refusals', ...(await instReq.sensitive({ pans: [{ pan: first }, { pan: second }] })) },
    });
    expect(created.status).toBe(200);
    const panListId = String(created.body.panList.panListId);
    let unknownId = `9${String(Math.floor(Math.random() * 1e17)).padStart(17, '0')}`;
    if (unknownId === panListId) unknownId = `8${unknownId.slice(1)}`;
    expectErrors(
      await instApi.call('deregisterPans', { body: { panListId: unknownId, ...(await instReq.sensitive({ pans: [{ pan: first }] })) } }),
      400,
    );
    expectErrors(await instApi.call('deregisterPans', { body: { panListId } }), 400);
    for (const pan of [first, second])
      offers.read.push({
        res: await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }),
        eligible: true,
        what: 'the card still registered after the refusals',
      });
    const removed = await instApi.call('deregisterPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: first }, { pan: second }] })) },
    });
    expect(removed.status, 'card data encrypted').toBe(200);
    expect(removed.body).toMatchObject({ panListId, successfulCount: '2', failureCount: '0' });
    for (const pan of [first, second])
      offers.read.push({
        res: await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }),
        eligible: false,
        what: 'a card deregistered',
      });
    offers.judge();
  },
);
