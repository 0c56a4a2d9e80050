// Covers: approvedOffers as a 16-digit registered range's reader (BIN 455556), the card in every form (reference/installments.md,
// Flows - services, Payload encryption; provider 2.0.0 OfferParameters, AccountRange).
import { exampleOffersBody, expect, noOffers, rangeEdgeCards, rules, test } from '../../fixtures/installments.js';
import { underRule } from '../../helpers/client/annotations.js';
import { loadContract } from '../../helpers/contract/contract.js';

type Fx = Parameters<Parameters<typeof test>[2]>[0];

/** A registered range of `length` digits the target holds (provider 2.0.0: in the system), at least ten numbers wide. */
async function registeredRange({ instApi, instReq }: Pick<Fx, 'instApi' | 'instReq'>, length = 16) {
  const range = instReq.heldRange(length)!;
  await instReq.newList(instApi, 'Range forms list', [], { accountRange: range });
  return rangeEdgeCards(range);
}

/** For each card, in each form, what offers answered when it is not `eligible` (200 with offers inside, none outside: a 200 without offers or 404). */
async function wrongAnswers(
  { instApi, instReq, instContract }: Pick<Fx, 'instApi' | 'instReq' | 'instContract'>,
  cards: { pan: string; what: string }[],
  eligible: boolean,
) {
  const plaintext = instContract.component('OffersSensitiveData');
  const wrong: string[] = [];
  let sent = 0;
  for (const { pan, what } of cards)
    for (const { form, card } of await instReq.cardForms(pan, plaintext)) {
      const res = await instApi.call('approvedOffers', { body: exampleOffersBody(card) });
      sent++;
      // Every offers answer of every card form is judged whole by the client's answer judge (IN-VAL-OFFERS-TOTAL, IN-VAL-OFFER-TERMS).
      if (eligible ? res.status !== 200 || noOffers(res) : !noOffers(res)) wrong.push(`${what} (${form}): ${res.status}`);
    }
  return { wrong, sent };
}

// provider 2.0.0, AccountRangeBound and Pan: 11 to 19 digits; the longest beyond a double's precision.
const BOUND = /^\^\[0-9\]\{(\d+),(\d+)\}\$$/
  .exec((await loadContract('installments')).componentSchema('AccountRangeBound').pattern as string)!
  .slice(1)
  .map(Number);
const RANGE_LENGTHS = Array.from({ length: BOUND[1] - BOUND[0] + 1 }, (_, i) => BOUND[0] + i);

test(
  `cards at both ends of a registered account range get offers, whose total counts them, and one just outside either end none, in every card form, for ranges of every length from ${RANGE_LENGTHS[0]} to ${RANGE_LENGTHS.at(-1)} digits @assumption`,
  rules('IN-RANGE-ELIGIBLE:accept', 'IN-RANGE-ELIGIBLE:refuse', 'IN-VAL-OFFERS-TOTAL', 'IN-VAL-OFFER-TERMS'),
  async ({ instApi, instReq, instContract, inst }) => {
    const wrong: string[] = [];
    let sent = 0;
    // The lengths of the ranges the target holds (a new list's range not in the system is refused).
    const lengths = RANGE_LENGTHS.filter((n) => inst.accountRanges.some((r) => r.accountRangeLow.length === n));
    test.skip(!lengths.length, 'needs an account range the target holds (INSTALLMENTS_ACCOUNT_RANGES)');
    for (const length of lengths) {
      const cards = await registeredRange({ instApi, instReq }, length);
      const inside = await wrongAnswers({ instApi, instReq, instContract }, cards.inside, true);
      const outside = await wrongAnswers({ instApi, instReq, instContract }, cards.justOutside, false);
      sent += inside.sent + outside.sent;
      wrong.push(...[...inside.wrong, ...outside.wrong].map((w) => `${length} digits: ${w}`));
    }
    // The card as a string for every end; as a JSON number too where it holds the digits exactly.
    expect(sent, 'every end of every length in its forms').toBeGreaterThanOrEqual(lengths.length * 4);
    underRule(test.info(), 'IN-RANGE-ELIGIBLE', () =>
      expect(wrong, 'each end of every length in every form follows the range').toEqual([]),
    );
  },
);

test(
  'a card sharing its first 4, 5, 6 or 8 digits with an end of a registered range but outside it gets no offers, in every card form @assumption',
  rules('IN-RANGE-ELIGIBLE:refuse', 'IN-RANGE-WHOLE'),
  async ({ instApi, instReq, instContract, inst }) => {
    const cards = await registeredRange({ instApi, instReq });
    // A card another range the target holds covers may get offers through that range: only the others tell.
    const within = (pan: string, r: { accountRangeLow: string; accountRangeHigh: string }) =>
      pan.length === r.accountRangeLow.length && BigInt(pan) >= BigInt(r.accountRangeLow) && BigInt(pan) <= BigInt(r.accountRangeHigh);
    const outside = cards.sharingPrefix.filter((c) => !inst.accountRanges.some((r) => within(c.pan, r)));
    const { wrong, sent } = await wrongAnswers({ instApi, instReq, instContract }, outside, false);
    expect(sent, 'cards sharing a prefix, in every form').toBeGreaterThanOrEqual(Math.max(outside.length, 1));
    underRule(test.info(), 'IN-RANGE-WHOLE', () => expect(wrong, 'a range is matched on the whole card number').toEqual([]));
  },
);
