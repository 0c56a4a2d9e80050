// Covers: putCard (POST /cards) on the card path with one part of the expiry only - seed 000, Card
// (panExpirationMonth and panExpirationYear each optional, neither requires the other) and MaskedCard
// (the expiry "for presentation": what the card says). A part the card does not carry is not the
// card's: an answer that shows it has made it up (from the clock, from the other part, a default).
// Whatever expiry a card carries (one part, none, a year far ahead: the contract bounds the year at
// four digits only), an answer that enrolls it enrolls it ACTIVE (seed 000, States and transitions:
// the enroll operation never returns SUSPENDED or CANCELLED).
import { exampleCard, expect, rules, test, type CardPlain } from '../../fixtures/card-enrollment.js';

const PARTS: { what: string; card: Partial<CardPlain> }[] = [
  { what: 'a month without a year', card: { panExpirationMonth: '03', panExpirationYear: undefined } },
  { what: 'a year without a month', card: { panExpirationMonth: undefined, panExpirationYear: '2031' } },
  { what: 'no expiry', card: { panExpirationMonth: undefined, panExpirationYear: undefined } },
];

/** Years far ahead, each allowed by the Card (exactly four digits): twenty years on, and the last four-digit year. */
const FAR: { what: string; card: Partial<CardPlain> }[] = [
  { what: 'an expiry twenty years ahead', card: { panExpirationMonth: '12', panExpirationYear: String(new Date().getUTCFullYear() + 20) } },
  { what: 'an expiry in the last four-digit year', card: { panExpirationMonth: '01', panExpirationYear: '9999' } },
];

/** The states an enrolling answer shows that are not ACTIVE (card and consumer). */
function notActive(what: string, body: unknown): string[] {
  const b = (body ?? {}) as { maskedCard?: { digitalCardData?: { status?: unknown } }; maskedConsumer?: { status?: unknown } };
  return [
    ['digitalCardData.status', b.maskedCard?.digitalCardData?.status],
    ['maskedConsumer.status', b.maskedConsumer?.status],
  ]
    .filter(([, status]) => status !== undefined && status !== 'ACTIVE')
    .map(([member, status]) => `${what}: ${member} ${JSON.stringify(status)}, not ACTIVE`);
}

test(
  'a card sent with one part of its expiry, or none, is enrolled ACTIVE and shows only the parts it was sent, each as sent; one expiring far ahead, when enrolled, is ACTIVE too @seed',
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
      wrong.push(...notActive(what, res.body));
      const shown = (res.body as { maskedCard?: Record<string, unknown> }).maskedCard ?? {};
      for (const part of ['panExpirationMonth', 'panExpirationYear'] as const) {
        const sent = plain[part];
        // CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT: a month is compared as a number.
        const same = part === 'panExpirationMonth' ? Number(shown[part]) === Number(sent) : shown[part] === sent;
        if (shown[part] !== undefined && (sent === undefined || !same))
          wrong.push(`${what}: ${part} ${JSON.stringify(shown[part])}, sent ${sent === undefined ? 'none' : JSON.stringify(sent)}`);
      }
    }
    // A year far ahead: the sources neither refuse nor accept a card by how far off its expiry is, so
    // only an answer that enrolls it is judged.
    for (const { what, card } of FAR) {
      const plain = exampleCard(card);
      expect(validate(plain), `the contract allows ${what}`).toBe(true);
      const res = await cardApi.call('putCard', { body: await cards.withCard(plain) });
      if (res.status === 200) wrong.push(...notActive(what, res.body));
    }
    expect(wrong, 'each part shown is the part sent, and every card enrolled is ACTIVE').toEqual([]);
  },
);
