// Covers: PAN registration and offers at both ends of an account range (reference, Flows - services; provider 2.0.0, AccountRange).
import { expect, expectNoOffers, luhnNear, rules, test } from '../../fixtures/installments.js';

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

type Req = Parameters<Parameters<typeof test>[2]>[0]['instReq'];

/** Whether `card` is also inside a held range other than `range` (ranges of other lengths may nest: the shorter read as a prefix). */
function inAnother(card: string, range: { accountRangeLow: string; accountRangeHigh: string }, ranges: (typeof range)[]): boolean {
  return ranges.some((h) => {
    if (h.accountRangeLow === range.accountRangeLow && h.accountRangeHigh === range.accountRangeHigh) return false;
    const n = Math.max(card.length, h.accountRangeLow.length);
    const c = BigInt(card.padEnd(n, '0'));
    return BigInt(h.accountRangeLow.padEnd(n, '0')) <= c && c <= BigInt(h.accountRangeHigh.padEnd(n, '9'));
  });
}

/** The lengths of the account ranges the target holds (INSTALLMENTS_ACCOUNT_RANGES; the mock's own): each one's ends are judged. */
const lengthsHeld = (ranges: { accountRangeLow: string }[]) => [...new Set(ranges.map((r) => r.accountRangeLow.length))].sort();

/**
 * A held account range of `length` digits (provider 2.0.0, AccountRange: both ends inclusive) and the valid cards (Pan: Luhn) of a
 * card's length (16, or the range's own when longer) nearest its ends: the lowest and highest inside it, whose first digits are
 * the range's very ends where the range is shorter than the card, and those just outside it.
 */
function rangeHeld(req: Req, length: number) {
  const { accountRangeLow, accountRangeHigh } = req.heldRange(length)!;
  const digits = Math.max(16, length);
  const near = (v: bigint, fill: '0' | '9', up: boolean) => luhnNear(v.toString().padStart(length, '0').padEnd(digits, fill), up);
  return {
    held: { accountRangeLow, accountRangeHigh },
    digits,
    // A card of the range's own length stops one short of an end that is itself Luhn-valid: the end is echoed as the range
    // (ViewPanList accountRange), and a card sent equal to it would read as a card number given back in clear.
    low: near(BigInt(accountRangeLow) + (digits === length ? 1n : 0n), '0', true),
    high: near(BigInt(accountRangeHigh) - (digits === length ? 1n : 0n), '9', false),
    below: near(BigInt(accountRangeLow) - 1n, '9', false),
    above: near(BigInt(accountRangeHigh) + 1n, '0', true),
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
    if (inside)
      expect(offers.status, `the card at the ${pan === low ? 'low' : 'high'} end (a card of ${low.length} digits) gets offers`).toBe(200);
    else expectNoOffers(offers);
  }
}

test(
  'cards at both ends of a registered account range of every held length get offers; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse'),
  async ({ inst, instApi, instReq }) => {
    for (const length of lengthsHeld(inst.accountRanges)) {
      const range = rangeHeld(instReq, length);
      for (const pan of [range.low, range.high, range.below, range.above])
        expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
      await instReq.newList(instApi, 'Range list', [], { accountRange: range.held });
      await expectOffersFollowRange(instApi, instReq, range);
    }
  },
);

test(
  'an account range of every held length registered into an existing list by its panListId makes cards at both ends eligible; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse'),
  async ({ inst, instApi, instReq }) => {
    for (const length of lengthsHeld(inst.accountRanges)) {
      // The range sent with a registration by id (provider 2.0.0, PanRegistrationBody: panListId and accountRange together).
      const range = rangeHeld(instReq, length);
      const { held, digits } = range;
      // A list made of a card inside two held ranges (nested ranges of two lengths): which range the list takes is stated nowhere.
      if ([range.low, range.high].some((card) => inAnother(card, held, inst.accountRanges))) continue;
      // A list created with a card of that range, then the range with another card (provider 2.0.0: an update carries a PAN).
      const { panListId } = await instReq.newList(instApi, 'List without range', [instReq.listPan(digits, held)]);
      for (const pan of [range.low, range.high])
        expectNoOffers(await instApi.call('approvedOffers', { body: await instReq.offersBody(pan) }));
      const res = await instApi.call('registerPans', {
        body: { panListId, accountRange: held, ...(await instReq.pansOf(instReq.listPan(digits, held))) },
      });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      await expectOffersFollowRange(instApi, instReq, range);
    }
  },
);
