// Covers: the PAN list requests the provider refuses (provider 2.0.0, PansNotPresentUpdateRequest, InvalidEncryptedValue,
// PanListIdNotFound) and their accepted neighbours, each followed by offers (reference, Flows - services).
import { citing, expect, expectErrors, rules, test, underRule } from '../../fixtures/installments.js';

test(
  'a deregistration from a list that does not exist, or without card data, and a registration to one that does not exist (with a name), are 400 and change nothing; with its card data it is accepted @provider',
  rules(
    'IN-STATE-UNKNOWN-LIST',
    ...citing('IN-REQ-DEREG-CARDS', ':refuse', ':accept'),
    'IN-VAL-PAN-COUNTS',
    'IN-STATE-PAN-ELIGIBLE:refuse@encrypted',
  ),
  async ({ instApi, instReq }) => {
    const offers = instReq.eligibility(instApi);
    const [first, second] = [instReq.listPan(), instReq.listPan()];
    const { panListId } = await instReq.newList(instApi, 'Deregistration refusals', [first, second]);
    let unknownId = `9${String(Math.floor(Math.random() * 1e17)).padStart(17, '0')}`;
    if (unknownId === panListId) unknownId = `8${unknownId.slice(1)}`;
    // Sent as refusals expected (CallOptions.negative): a success is the refusal missed, filed under the rule stating it, not
    // under what the success's body shows (its counts).
    const unknown = await instApi.call('deregisterPans', {
      body: { panListId: unknownId, ...(await instReq.pansOf(first)) },
      negative: true,
      judges: 'IN-STATE-UNKNOWN-LIST',
    });
    underRule(test.info(), 'IN-STATE-UNKNOWN-LIST', () => expectErrors(unknown, 400), 'deregisterPans');
    // A registration naming a list no list holds is refused even when it carries a panListName too (provider 2.0.0,
    // registerPans 400 example PanListIdNotFound: the panListId names the list, a name never makes one under that id), and
    // registers none of its cards.
    const stranger = instReq.listPan();
    const upsert = await instApi.call('registerPans', {
      body: { panListId: unknownId, panListName: 'Never created', ...(await instReq.pansOf(stranger)) },
      negative: true,
      judges: 'IN-STATE-UNKNOWN-LIST',
    });
    underRule(test.info(), 'IN-STATE-UNKNOWN-LIST', () => expectErrors(upsert, 400), 'registerPans');
    const cardless = await instApi.call('deregisterPans', { body: { panListId }, negative: true, judges: 'IN-REQ-DEREG-CARDS' });
    underRule(test.info(), 'IN-REQ-DEREG-CARDS', () => expectErrors(cardless, 400), 'deregisterPans');
    await offers.read([first, second].map((pan) => [pan, true, 'the card still registered after the refusals']));
    await offers.read([[stranger, false, 'a card of a registration to a list that does not exist']]);
    const removed = await instApi.call('deregisterPans', {
      body: { panListId, ...(await instReq.pansOf(first, second)) },
    });
    expect(removed.status, 'card data encrypted').toBe(200);
    expect(removed.body).toMatchObject({ panListId, successfulCount: '2', failureCount: '0' });
    await offers.read([first, second].map((pan) => [pan, false, 'a card deregistered']));
    offers.judge();
  },
);
