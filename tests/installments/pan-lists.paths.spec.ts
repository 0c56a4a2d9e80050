// Covers: PAN registration and offers at both ends of an account range (reference, Flows - services; provider 2.0.0, AccountRange).
import { expect, expectNoOffers, luhnNear, rules, test } from '../../fixtures/installments.js';

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

type Req = Parameters<Parameters<typeof test>[2]>[0]['instReq'];

/** A held account range (provider 2.0.0) and the valid cards (Pan: Luhn) nearest its ends, inside and just outside. */
function rangeHeld(req: Req) {
  const { accountRangeLow, accountRangeHigh } = req.heldRange()!;
  const near = (v: bigint, up: boolean) => luhnNear(v.toString().padStart(accountRangeLow.length, '0'), up);
  return {
    held: { accountRangeLow, accountRangeHigh },
    low: near(BigInt(accountRangeLow), true),
    high: near(BigInt(accountRangeHigh), false),
    below: near(BigInt(accountRangeLow) - 1n, false),
    above: near(BigInt(accountRangeHigh) + 1n, true),
  };
}

/** Offers for the cards at both ends of a registered range (200) and just outside it (no offers). */
async function expectOffersFollowRange(api: Api, req: Req, { low, high, below, above }: ReturnType<typeof rangeHeld>) {
  for (const [pan, inside] of [
    [low, true],
    [high, true],
    [below, false],
    [above, false],
  ] as const) {
    const offers = await api.call('approvedOffers', { body: await req.offersBody(pan) });
    if (inside) expect(offers.status, `the card at the ${pan === low ? 'low' : 'high'} end gets offers`).toBe(200);
    else expectNoOffers(offers);
  }
}

test(
  'cards at both ends of a registered account range get offers; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse'),
  async ({ instApi, instReq }) => {
    const range = rangeHeld(instReq);
    for (const pan of [range.low, range.high, range.below, range.above])
      expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
    await instReq.newList(instApi, 'Range list', [], { accountRange: range.held });
    await expectOffersFollowRange(instApi, instReq, range);
  },
);

test(
  'an account range registered into an existing list by its panListId makes cards at both ends eligible; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse'),
  async ({ instApi, instReq }) => {
    // The range sent with a registration by id (provider 2.0.0, PanRegistrationBody: panListId and accountRange together).
    const range = rangeHeld(instReq);
    const { held } = range;
    // A list created with a card of that range, then the range with another card (provider 2.0.0: an update carries a PAN).
    const { panListId } = await instReq.newList(instApi, 'List without range', [instReq.listPan(16, held)]);
    for (const pan of [range.low, range.high])
      expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
    const res = await instApi.call('registerPans', {
      body: { panListId, accountRange: held, ...(await instReq.pansOf(instReq.listPan(16, held))) },
    });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    await expectOffersFollowRange(instApi, instReq, range);
  },
);
