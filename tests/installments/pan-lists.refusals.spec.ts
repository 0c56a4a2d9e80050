// Covers: registerPans into an existing list and deregisterPans, the requests the provider refuses
// and their accepted neighbours - provider 2.0.0, registerPans 400 example PansNotPresentUpdateRequest
// ("To update pan list at least one pan should be present"), deregisterPans 400 examples
// InvalidEncryptedValue ("encryptedValue must not be null or empty") and PanListIdNotFound (a list
// id "not present in the system"). Each refusal is followed by the reader of the list (approvedOffers:
// a card gets offers once registered) and the counts of an accepted neighbour.
import { expect, expectErrors, expectNoOffers, rules, test } from '../../fixtures/installments.js';

test(
  'a registration into an existing list without a card number is 400 and registers nothing; with one card it is accepted @provider',
  rules('IN-REQ-UPDATE-PANS:refuse', 'IN-REQ-UPDATE-PANS:accept', 'IN-VAL-PAN-COUNTS'),
  async ({ instApi, instReq }) => {
    const created = await instApi.call('registerPans', {
      // A new list carries card data or a range (provider 2.0.0, 400 example "Either encryptedValue or Account Range").
      body: { panListName: 'Update needs a card', ...(await instReq.sensitive({ pans: [{ pan: instReq.listPan() }] })) },
    });
    expect(created.status).toBe(200);
    const panListId = String(created.body.panList.panListId);
    for (const [what, plain] of [
      ['no card', { pans: [] }],
      ['only items without a number', { pans: [{}, {}] }],
    ] as const) {
      const res = await instApi.call('registerPans', { body: { panListId, ...(await instReq.sensitive(plain)) } });
      expect(res.status, `an update with ${what}`).toBe(400);
    }
    const pan = instReq.listPan();
    expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
    const res = await instApi.call('registerPans', { body: { panListId, ...(await instReq.sensitive({ pans: [{}, { pan }] })) } });
    expect(res.status, 'an update with one card and an item without a number').toBe(200);
    expect(res.body, 'one registered, the item without a number failed').toMatchObject({ successfulCount: '1', failureCount: '1' });
    expect((await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) })).status, 'offers for the card registered').toBe(
      200,
    );
  },
);

test(
  'a deregistration from a list that does not exist, or without card data, is 400 and removes nothing; with its card data it is accepted @provider',
  rules('IN-STATE-UNKNOWN-LIST', 'IN-REQ-DEREG-CARDS:refuse', 'IN-REQ-DEREG-CARDS:accept', 'IN-VAL-PAN-COUNTS'),
  async ({ instApi, instReq }) => {
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
      expect((await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) })).status, 'the card still registered').toBe(200);
    const removed = await instApi.call('deregisterPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: first }, { pan: second }] })) },
    });
    expect(removed.status, 'card data encrypted').toBe(200);
    expect(removed.body).toMatchObject({ panListId, successfulCount: '2', failureCount: '0' });
    for (const pan of [first, second]) expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
  },
);
