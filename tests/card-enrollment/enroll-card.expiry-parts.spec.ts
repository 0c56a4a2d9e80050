// Covers: putCard (POST /cards) on the card path with one part of the expiry only - seed 000, Card
// (panExpirationMonth and panExpirationYear each optional, neither requires the other) and MaskedCard
// (the expiry "for presentation": what the card says). A part the card does not carry is not the
// card's: an answer that shows it has made it up (from the clock, from the other part, a default).
import { exampleCard, expect, rules, test, type CardPlain } from '../../fixtures/card-enrollment.js';

const PARTS: { what: string; card: Partial<CardPlain> }[] = [
  { what: 'a month without a year', card: { panExpirationMonth: '03', panExpirationYear: undefined } },
  { what: 'a year without a month', card: { panExpirationMonth: undefined, panExpirationYear: '2031' } },
  { what: 'no expiry', card: { panExpirationMonth: undefined, panExpirationYear: undefined } },
];

test(
  'a card sent with one part of its expiry, or none, is enrolled and shows only the parts it was sent, each as sent @seed',
  rules('CE-ECHO-EXPIRY@card', 'CE-STATE-ACTIVE@card'),
  async ({ cardApi, cards, cardRequestContract }) => {
    const validate = cardRequestContract.component('Card');
    const wrong: string[] = [];
    for (const { what, card } of PARTS) {
      const plain = Object.fromEntries(Object.entries(exampleCard(card)).filter(([, v]) => v !== undefined)) as CardPlain;
      expect(validate(plain), `the contract allows ${what}`).toBe(true);
      const res = await cardApi.call('putCard', { body: await cards.withCard(plain) });
      if (res.status !== 200) {
        wrong.push(`${what}: ${res.status}`);
        continue;
      }
      const shown = (res.body as { maskedCard?: Record<string, unknown> }).maskedCard ?? {};
      for (const part of ['panExpirationMonth', 'panExpirationYear'] as const) {
        const sent = plain[part];
        // CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT: a month is compared as a number.
        const same = part === 'panExpirationMonth' ? Number(shown[part]) === Number(sent) : shown[part] === sent;
        if (shown[part] !== undefined && (sent === undefined || !same))
          wrong.push(`${what}: ${part} ${JSON.stringify(shown[part])}, sent ${sent === undefined ? 'none' : JSON.stringify(sent)}`);
      }
    }
    expect(wrong, 'each part shown is the part sent').toEqual([]);
  },
);
