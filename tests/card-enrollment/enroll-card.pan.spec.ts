// Covers: POST /cards (putCard), card-number path, the PAN at every length the seed allows
// (seed 000, Limits: 16 to 20): masked as panBin/panLastFour from that PAN with no full PAN anywhere
// (seed 000, MaskedCard), and its ISO/IEC 7812 check digit on both sides (reference A3).
import { exampleCard, expect, expectCardError, expectMaskedPan, panOfLength, rules, test, wrongCheckDigit } from '../../fixtures/card-enrollment.js';

// One BIN per length, so that a target keyed on a BIN or on one length shows it.
const LENGTHS: { length: number; bin: string }[] = [
  { length: 16, bin: '520473' },
  { length: 17, bin: '411111' },
  { length: 18, bin: '555555' },
  { length: 19, bin: '400005' },
  { length: 20, bin: '601111' },
];

for (const { length, bin } of LENGTHS) {
  const pan = panOfLength(length, bin);

  test(`enrolls a ${length}-digit PAN with a valid check digit and masks it to panBin and panLastFour`, rules('CE-LUHN:accept', 'CE-MASK-PAN@card', 'CE-SENSITIVE-ECHO@card'), async ({ cardApi, cards }) => {
    expect(pan).toHaveLength(length);
    const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: pan })) });
    expect(res.status).toBe(200);
    expectMaskedPan(res, { pan });
  });

  test(`rejects a ${length}-digit PAN whose check digit is wrong naming card.primaryAccountNumber @assumption`, rules('CE-LUHN:refuse', 'CE-ERR-FIELD'), async ({ cardApi, cards }) => {
    // reference A3: 400 INVALID_ARGUMENT with source naming the field (A4: card.primaryAccountNumber).
    const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: wrongCheckDigit(pan) })) });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'card.primaryAccountNumber', sourceType: 'BODY' });
  });
}
