// Covers: a pan list named in a request body by its exact id, on both writers that take one -
// provider 2.0.0, registerPans and deregisterPans 400 examples PanListIdNotFound (a list id "not
// present in the system"); the id is a string of 18 digits (provider 2.0.0 request bodies, our
// PanListId), so it is compared as text: another 18-digit id that only a reading as a double (which
// keeps about 16 digits) would confuse with a live list names no list. Each refusal is followed by
// the reader of the list (approvedOffers: a card gets offers once registered), then the exact id is
// accepted on both writers. That a card gets offers only once registered is the reference's decision
// (Flows - services), judged under its rule.
import { sameDoubleId } from '../../helpers/client/security/near-id.js';
import { expect, expectErrors, rules, test } from '../../fixtures/installments.js';
import { underRule } from '../../helpers/client/annotations.js';

test(
  'an 18-digit list id equal to a live list only as a double registers into and deregisters from no list; the exact id does @provider',
  rules('IN-STATE-UNKNOWN-LIST', 'IN-STATE-PAN-ELIGIBLE:accept@encrypted', 'IN-STATE-PAN-ELIGIBLE:refuse@encrypted'),
  async ({ instApi, instReq }) => {
    const [held, added] = [instReq.listPan(), instReq.listPan()];
    const created = await instApi.call('registerPans', {
      body: { panListName: 'Exact list id', ...(await instReq.sensitive({ pans: [{ pan: held }] })) },
    });
    expect(created.status).toBe(200);
    const panListId = String(created.body.panList.panListId);
    const near = sameDoubleId(panListId);
    expect(near, `list id ${panListId}: 18 digits, past the exact range of a double`).toBeDefined();
    const offers = async (pan: string) => (await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) })).status;
    // Judged last, once the documented rules are (the reference's decision, under its rule).
    const read: [number, number, string][] = [];
    const eligible = (status: number, expected: number, what: string) => read.push([status, expected, what]);

    const register = await instApi.call('registerPans', {
      body: { panListId: near, ...(await instReq.sensitive({ pans: [{ pan: added }] })) },
    });
    expectErrors(register, 400);
    eligible(await offers(added), 404, `a card registered through ${near} (the list is ${panListId}) gets no offers`);
    const deregister = await instApi.call('deregisterPans', {
      body: { panListId: near, ...(await instReq.sensitive({ pans: [{ pan: held }] })) },
    });
    expectErrors(deregister, 400);
    eligible(await offers(held), 200, `a card deregistered through ${near} (the list is ${panListId}) still gets offers`);

    const exactRegister = await instApi.call('registerPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: added }] })) },
    });
    expect(exactRegister.status, 'a registration into the exact list id').toBe(200);
    eligible(await offers(added), 200, 'the card registered into the exact list id gets offers');
    const exactDeregister = await instApi.call('deregisterPans', {
      body: { panListId, ...(await instReq.sensitive({ pans: [{ pan: held }] })) },
    });
    expect(exactDeregister.status, 'a deregistration from the exact list id').toBe(200);
    eligible(await offers(held), 404, 'the card deregistered from the exact list id gets none');
    underRule(test.info(), 'IN-STATE-PAN-ELIGIBLE', () => {
      for (const [status, expected, what] of read) expect(status, what).toBe(expected);
    });
  },
);
