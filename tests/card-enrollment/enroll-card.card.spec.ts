// Covers: POST /cards (putCard) 200, card-number based enrollment (seed 000 (a)): what only this
// path returns (the card's expiry). The rules both paths share are in enroll-card.response.spec.ts.
import { exampleCard, expect, rules, test, TEST_PANS } from '../../fixtures/card-enrollment.js';

test('enrolls an encrypted card and returns a masked card @smoke', rules('CE-EXCL-PATH:accept'), async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: TEST_PANS[1] })) });
  expect(res.status).toBe(200);
  expect(res.body.maskedCard.panLastFour).toBe(TEST_PANS[1].slice(-4));
});

// seed 000, MaskedCard: panExpirationMonth/Year "presentation use": the card's, when returned. The
// month is compared as a number: its form (MM) is the response check's, where the provider's
// one-digit month is a seed-vs-provider conflict (CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT).
for (const [month, year] of [
  ['03', '2029'],
  ['12', '2040'],
]) {
  test(`echoes the card expiry ${month}/${year} when it returns one`, rules('CE-ECHO-EXPIRY@card'), async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', {
      body: await cards.withCard(exampleCard({ panExpirationMonth: month, panExpirationYear: year })),
    });
    expect(res.status).toBe(200);
    const { panExpirationMonth, panExpirationYear } = res.body.maskedCard;
    if (panExpirationMonth !== undefined)
      expect(Number(panExpirationMonth), `panExpirationMonth ${panExpirationMonth}`).toBe(Number(month));
    if (panExpirationYear !== undefined) expect(panExpirationYear).toBe(year);
  });
}
