// Covers: POST /cards (putCard), card-number path, the PAN at every length the contract allows
// (seed 000, Limits: Card.primaryAccountNumber): masked as panBin/panLastFour from that PAN with no
// full PAN anywhere (seed 000, MaskedCard), and its ISO/IEC 7812 check digit on both sides (reference A3).
import {
  exampleCard,
  expect,
  expectCardError,
  expectMaskedPan,
  lengthOf,
  loadContract,
  panOfLength,
  rules,
  test,
  TEST_BINS,
  wrongCheckDigit,
} from '../../fixtures/card-enrollment.js';

// Every length with a BIN, and every BIN (each leading digit 2-6) at one length at least, so that a
// target keyed on a BIN, a card range or one length shows it.
const { min, max } = lengthOf(await loadContract('card-enrollment'), 'Card', 'primaryAccountNumber');
const LENGTHS = Array.from({ length: Math.max(max! - min! + 1, TEST_BINS.length) }, (_, i) => ({
  length: min! + (i % (max! - min! + 1)),
  bin: TEST_BINS[i % TEST_BINS.length],
}));

for (const { length, bin } of LENGTHS) {
  const pan = panOfLength(length, bin);

  test(
    `enrolls a ${length}-digit PAN of BIN ${bin} with a valid check digit and masks it to panBin and panLastFour`,
    rules('CE-LUHN:accept', 'CE-MASK-PAN@card', 'CE-SENSITIVE-ECHO@card'),
    async ({ cardApi, cards }) => {
      expect(pan).toHaveLength(length);
      const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: pan })) });
      expect(res.status).toBe(200);
      expectMaskedPan(res, { pan });
    },
  );

  test(
    `rejects a ${length}-digit PAN of BIN ${bin} whose check digit is wrong naming card.primaryAccountNumber @assumption`,
    rules('CE-LUHN:refuse', 'CE-ERR-FIELD'),
    async ({ cardApi, cards }) => {
      // reference A3: 400 INVALID_ARGUMENT with source naming the field (A4: card.primaryAccountNumber).
      const res = await cardApi.call('putCard', {
        body: await cards.withCard(exampleCard({ primaryAccountNumber: wrongCheckDigit(pan) })),
      });
      expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'card.primaryAccountNumber', sourceType: 'BODY' });
    },
  );
}
