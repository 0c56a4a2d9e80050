// Covers: PAN registration and offers at both ends of an account range (reference, Flows - services; provider 2.0.0, AccountRange);
// a card just outside that is offered is filed under the rule its cause breaks (IN-RANGE-ELIGIBLE the bound, IN-RANGE-WHOLE a prefix).
import { expect, expectNoOffers, given, luhnNear, noOffers, rules, test, underRule, unregisteredPan } from '../../fixtures/installments.js';

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

/** The leading digits (reference: offers only for registered account ranges; IN-RANGE-WHOLE) a card outside a range may share with an end. */
const SHARED_PREFIXES = [4, 5, 6, 8];

/**
 * A card farther outside the range than `card` sharing with `end` the same leading digits (the longest of SHARED_PREFIXES the two
 * share, within the end's length): the first valid card of that prefix below the low end, or the last above the high end.
 * Undefined where none is farther out (the end's own digits after the prefix are all 0s or 9s).
 */
function fartherSharing(card: string, end: string, digits: number, below: boolean): { pan: string; shared: number } | undefined {
  const common = [...end].findIndex((d, i) => card[i] !== d);
  const shared = [...SHARED_PREFIXES].reverse().find((k) => k < end.length && k <= (common < 0 ? end.length : common));
  if (shared === undefined) return undefined;
  const pan = luhnNear(card.slice(0, shared).padEnd(digits, below ? '0' : '9'), below);
  const endAt = BigInt(end.padEnd(digits, below ? '0' : '9'));
  const outside = below ? BigInt(pan) < endAt : BigInt(pan) > endAt;
  return outside && pan !== card && pan.startsWith(card.slice(0, shared)) ? { pan, shared } : undefined;
}

/**
 * A card of a range not yet registered gets no offers (IN-STATE-PAN-ELIGIBLE: none before it is registered). One offered is told
 * apart once, by a card sharing no leading digits with any held range (unregisteredPan): that one not offered, the card was
 * offered for the leading digits it shares with a range registered before (IN-RANGE-WHOLE's judgement); offered too, the target
 * offers cards no list holds (IN-STATE-PAN-ELIGIBLE's). No exchange unless the card is offered.
 */
async function expectNoneBefore(api: Api, req: Req, pan: string) {
  const offers = await api.call('approvedOffers', { body: await req.offersBody(pan) });
  if (noOffers(offers)) return;
  const stranger = await api.call('approvedOffers', { body: await req.offersBody(unregisteredPan()) });
  const rule = noOffers(stranger) ? 'IN-RANGE-WHOLE' : 'IN-STATE-PAN-ELIGIBLE';
  underRule(
    test.info(),
    rule,
    () =>
      expectNoOffers(
        offers,
        rule === 'IN-RANGE-WHOLE'
          ? 'a card of a range not yet registered, offered where a card sharing no leading digits with a range is not (compared on leading digits)'
          : 'a card of a range not yet registered, as a card no list holds is',
      ),
    'approvedOffers',
  );
}

/**
 * Offers for the cards at both ends of a registered range (200) and just outside it (no offers: IN-RANGE-ELIGIBLE, the bounds).
 * A card just outside that is offered is told apart once: the card farther out sharing the same leading digits with the end is
 * asked too; offered as well, the range was compared on those leading digits, not the whole number (IN-RANGE-WHOLE's judgement),
 * else the bound itself is off (IN-RANGE-ELIGIBLE's). No exchange unless a card just outside is offered.
 */
async function expectOffersFollowRange(api: Api, req: Req, { low, high, below, above, held, digits }: ReturnType<typeof rangeHeld>) {
  for (const [pan, inside] of [
    [low, true],
    [high, true],
    [below, false],
    [above, false],
  ] as const) {
    const offers = await api.call('approvedOffers', { body: await req.offersBody(pan) });
    if (inside) {
      expect(offers.status, `the card at the ${pan === low ? 'low' : 'high'} end (a card of ${low.length} digits) gets offers`).toBe(200);
      continue;
    }
    const end = pan === below ? held.accountRangeLow : held.accountRangeHigh;
    const farther = noOffers(offers) ? undefined : fartherSharing(pan, end, digits, pan === below);
    const also = farther ? await api.call('approvedOffers', { body: await req.offersBody(farther.pan) }) : undefined;
    if (farther && also && !noOffers(also)) {
      underRule(
        test.info(),
        'IN-RANGE-WHOLE',
        () =>
          expectNoOffers(
            also,
            `a card outside the range ${held.accountRangeLow}-${held.accountRangeHigh} sharing its first ${farther.shared} digits with its ${pan === below ? 'low' : 'high'} end, farther out than the one just outside it, also offered (the range compared on leading digits)`,
          ),
        'approvedOffers',
      );
      continue;
    }
    underRule(
      test.info(),
      'IN-RANGE-ELIGIBLE',
      () => expectNoOffers(offers, `the card just ${pan === below ? 'below the low' : 'above the high'} end`),
      'approvedOffers',
    );
  }
}

test(
  'cards at both ends of a registered account range of every held length get offers; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse', 'IN-RANGE-WHOLE'),
  async ({ inst, instApi, instReq }) => {
    for (const length of lengthsHeld(inst.accountRanges)) {
      const range = rangeHeld(instReq, length);
      for (const pan of [range.low, range.high, range.below, range.above]) await expectNoneBefore(instApi, instReq, pan);
      await instReq.newList(instApi, 'Range list', [], { accountRange: range.held });
      await expectOffersFollowRange(instApi, instReq, range);
    }
  },
);

test(
  'an account range of every held length registered into an existing list by its panListId makes cards at both ends eligible; one just outside either end gets none (404) @assumption',
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse', 'IN-RANGE-WHOLE'),
  async ({ inst, instApi, instReq }) => {
    for (const length of lengthsHeld(inst.accountRanges)) {
      // The range sent with a registration by id (provider 2.0.0, PanRegistrationBody: panListId and accountRange together).
      const range = rangeHeld(instReq, length);
      const { held, digits } = range;
      // A list made of a card inside two held ranges (nested ranges of two lengths): which range the list takes is stated nowhere.
      if ([range.low, range.high].some((card) => inAnother(card, held, inst.accountRanges))) continue;
      // A list created with a card of that range, then the range with another card (provider 2.0.0: an update carries a PAN).
      const { panListId } = await instReq.newList(instApi, 'List without range', [instReq.listPan(digits, held)]);
      for (const pan of [range.low, range.high]) await expectNoneBefore(instApi, instReq, pan);
      // The set-up: a registration into the list of its own range (the one its card fell in) is accepted, IN-STATE-LIST-RANGE's
      // statement (provider 2.0.0 registerPans: only a range other than the list's is refused), judged there once.
      const res = await instApi.call('registerPans', {
        body: { panListId, accountRange: held, ...(await instReq.pansOf(instReq.listPan(digits, held))) },
      });
      await given(
        "a registration by panListId of the list's own account range accepted",
        'IN-STATE-LIST-RANGE',
        () => expect(res.status, res.text.slice(0, 200)).toBe(200),
        'registerPans',
      );
      await expectOffersFollowRange(instApi, instReq, range);
    }
  },
);
