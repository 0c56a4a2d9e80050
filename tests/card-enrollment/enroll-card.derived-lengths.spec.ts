// Covers: POST /cards (putCard), card-number path, the members of the masked card derived from the PAN
// (seed 000, MaskedCard: panBin, the first PAN digits, how many the seed does not say: the mock's six,
// x-limits panBinDigits, is judged under CE-MASK-PAN-BIN; panLastFour, the last four) at every PAN length the contract
// allows (Card.primaryAccountNumber minLength..maxLength), each PAN with digits that differ around both
// cuts, so one digit more or less in either member shows. The same number of BIN digits at every length:
// a target keyed on the PAN's length (an eight-digit BIN table for long PANs, a PAN cut to nineteen
// digits) changes one member at one length only. The receipt path's PANs are the receipts' (A5), of one
// length: enroll-card.receipt.spec.ts compares them; the expiry members are echoes, enroll-card.expiry-*.
import {
  exampleCard,
  expect,
  expectMaskedPan,
  lengthOf,
  limitOf,
  loadContract,
  luhnComplete,
  panBinAbsent,
  rules,
  test,
  underRule,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
const PAN = lengthOf(contract, 'Card', 'primaryAccountNumber');
/** reference, the mock's world: "decide: 6" (an assumption, CE-MASK-PAN-BIN). */
const BIN_DIGITS = limitOf(contract, 'panBinDigits');
// A BIN, then digits no two neighbours of which repeat (the check digit last, ISO/IEC 7812).
const DIGITS = '520473189263547109283';
const LENGTHS = Array.from({ length: PAN.max! - PAN.min! + 1 }, (_, i) => PAN.min! + i);

test(
  `panBin and panLastFour are the PAN's first digits (${BIN_DIGITS} of them, an assumption) and last four at every PAN length ${PAN.min}-${PAN.max}`,
  rules('CE-MASK-PAN@card', 'CE-SENSITIVE-ECHO@card', 'CE-MASK-PAN-BIN'),
  async ({ cardApi, cards }) => {
    const wrong: string[] = [];
    for (const length of LENGTHS) {
      const pan = luhnComplete(DIGITS.slice(0, length - 1));
      expect(pan, 'a PAN of the length').toHaveLength(length);
      const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: pan })) });
      expect(res.status, `a ${length}-digit PAN is enrolled`).toBe(200);
      expectMaskedPan(res, { pan });
      const shown = (res.body?.maskedCard ?? {}) as Record<string, unknown>;
      // Lengths only: a wrong member must not print card digits into a report. CE-CONFLICT-PAN-BIN-ABSENT:
      // an answer without panBin is the provider's form, noted by the response check.
      if (!panBinAbsent(shown) && String(shown.panBin).length !== BIN_DIGITS)
        wrong.push(`panBin of a ${length}-digit PAN: ${String(shown.panBin).length} digits, not the mock's ${BIN_DIGITS}`);
    }
    test.info().annotations.push({
      type: 'derived values',
      description: `panBin, panLastFour x ${LENGTHS.length} PAN lengths (${LENGTHS.join(', ')}) x 1 reader (the card path's answer)`,
    });
    underRule(test.info(), 'CE-MASK-PAN-BIN', () => expect(wrong, 'the same panBin count at every length').toEqual([]));
  },
);
