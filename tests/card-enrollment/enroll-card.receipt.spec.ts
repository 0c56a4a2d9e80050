// Covers: POST /cards (putCard) 200, push-account-receipt based enrollment (seed 000 (b); reference
// A5): the card the receipt stands for. The rules both paths share are in enroll-card.response.spec.ts.
import { expect, NO_RECEIPT, panBinAbsent, rules, test } from '../../fixtures/card-enrollment.js';

test('enrolls with a known receipt and returns its masked card @smoke', rules('CE-EXCL-PATH:accept'), async ({ cardApi, cards, card }) => {
  test.skip(!card.receipt, NO_RECEIPT);
  const res = await cardApi.call('putCard', { body: cards.withReceipt() });
  expect(res.status).toBe(200);
  expect(res.body.maskedCard.srcDigitalCardId).toBeTruthy();
});

test(
  'shows the bin and last four of the account each known receipt stands for, each its own @assumption',
  rules('CE-RECEIPT-ACCOUNT@receipt'),
  async ({ cardApi, cards, card }) => {
    const known = card.receipts.filter((r) => r.panLastFour);
    test.skip(!known.length, 'needs the receipt account digits (CARD_RECEIPT_PAN_BIN, CARD_RECEIPT_PAN_LAST_FOUR)');
    // reference A5: every receipt the suite knows is enrolled, so an answer taken from another receipt
    // (the first known) shows; the mock's world knows two of different accounts, a sandbox the one configured.
    if (card.kind === 'mock')
      expect(new Set(known.map((r) => r.panLastFour)).size, 'known receipts of accounts that differ in their last four').toBeGreaterThan(1);
    const wrong: string[] = [];
    for (const receipt of known) {
      const res = await cardApi.call('putCard', { body: cards.withReceipt(receipt.id) });
      if (res.status !== 200) {
        wrong.push(`receipt ${receipt.panLastFour}: ${res.status}, not 200`);
        continue;
      }
      const { panBin, panLastFour } = res.body.maskedCard;
      if (panLastFour !== receipt.panLastFour)
        wrong.push(`receipt of the account ending ${receipt.panLastFour}: panLastFour ${panLastFour}`);
      // CE-CONFLICT-PAN-BIN-ABSENT: an answer without panBin is the provider's form, noted by the response check.
      if (receipt.panBin && !panBinAbsent(res.body.maskedCard) && !(receipt.panBin.startsWith(panBin) || panBin.startsWith(receipt.panBin)))
        wrong.push(`receipt of the account ending ${receipt.panLastFour}: panBin ${panBin}, not the account's bin ${receipt.panBin}`);
    }
    expect(wrong, "each receipt's masked card is its own account's").toEqual([]);
  },
);
