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
  'shows the bin and last four of the account the receipt stands for @assumption',
  rules('CE-RECEIPT-ACCOUNT@receipt'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt?.panLastFour, 'needs the receipt account digits (CARD_RECEIPT_PAN_BIN, CARD_RECEIPT_PAN_LAST_FOUR)');
    // reference A5
    const res = await cardApi.call('putCard', { body: cards.withReceipt() });
    expect(res.status).toBe(200);
    expect(res.body.maskedCard.panLastFour).toBe(card.receipt!.panLastFour);
    const { panBin } = res.body.maskedCard;
    // CE-CONFLICT-PAN-BIN-ABSENT: an answer without panBin is the provider's form, noted by the response check.
    if (card.receipt!.panBin && !panBinAbsent(res.body.maskedCard))
      expect(
        card.receipt!.panBin.startsWith(panBin) || panBin.startsWith(card.receipt!.panBin),
        "panBin is the receipt account's bin",
      ).toBe(true);
  },
);
