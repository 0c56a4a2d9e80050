// Covers: POST /cards (putCard), card-number path, the members of the masked card derived from the PAN
// (seed 000, MaskedCard: panBin, the first PAN digits, how many the reference decides: six, the
// contract's MaskedCard.panBin minLength; panLastFour, the last four) at every PAN length the contract
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
  loadContract,
  luhnComplete,
  panBinAbsent,
  rules,
  test,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
const PAN = lengthOf(contract, 'Card', 'primaryAccountNumber');
/** reference, the mock's world: "decide: 6" - the contract's MaskedCard.panBin minLength. */
const BIN_DIGITS = lengthOf(contract, 'MaskedCard', 'panBin').min!;
// A BIN, then digits no two neighbours of which repeat (the check digit last, ISO/IEC 7812).
const DIGITS = '520473189263547109283';
const LENGTHS = Array.from({ length: PAN.max! - PAN.min! + 1 }, (_, i) => PAN.min! + i);
const MEMBERS = ['panBin', 'panLastFour'] as const;

test(
  `panBin and panLastFour are the PAN's first ${BIN_DIGITS} and last four digits at every PAN length ${PAN.min}-${PAN.max} @assumption`,
  rules('CE-MASK-PAN@card', 'CE-SENSITIVE-ECHO@card'),
  async ({ cardApi, cards }) => {
    const wrong: string[] = [];
    for (const length of LENGTHS) {
      const pan = luhnComplete(DIGITS.slice(0, length - 1));
      expect(pan, 'a PAN of the length').toHaveLength(length);
      const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: pan })) });
      expect(res.status, `a ${length}-digit PAN is enrolled`).toBe(200);
      expectMaskedPan(res, { pan });
      const shown = (res.body?.maskedCard ?? {}) as Record<string, unknown>;
      // Booleans and lengths only: a wrong member must not print card digits into a report.
      const expected = { panBin: pan.slice(0, BIN_DIGITS), panLastFour: pan.slice(-4) };
      // CE-CONFLICT-PAN-BIN-ABSENT: an answer without panBin is the provider's form, noted by the response check.
      for (const member of MEMBERS)
        if (shown[member] !== expected[member] && !(member === 'panBin' && panBinAbsent(shown)))
          wrong.push(
            `${member} of a ${length}-digit PAN: ${String(shown[member] ?? '').length} digits, not the documented ${expected[member].length}`,
          );
    }
    test.info().annotations.push({
      type: 'derived values',
      description: `${MEMBERS.length} members x ${LENGTHS.length} PAN lengths (${LENGTHS.join(', ')}) x 1 reader (the card path's answer)`,
    });
    expect(wrong, 'each derived member from its own PAN, at every length').toEqual([]);
  },
);
