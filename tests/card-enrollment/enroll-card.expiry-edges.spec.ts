// Covers: putCard (POST /cards) on the card path around the edges of the expiry month, on the
// mock's virtual clock - seed 000, Card (panExpirationMonth, panExpirationYear: optional, two and
// four digits), MaskedCard (the expiry for presentation), States and transitions (ACTIVE at
// enrollment; the enroll operation never returns SUSPENDED or CANCELLED). A card is valid through
// the last day of its expiry month: at the last second of a month and at the first second of the
// next (a month edge and a year edge), a card expiring in the clock's month or a later one is
// enrolled ACTIVE with its expiry echoed, created at the clock's instant (CE-VAL-CREATED). A card
// whose month has just ended is the sources' open question (no rule refuses or accepts an expired
// card): it is not judged, beyond the states of an answer that enrolls it.
import { exampleCard, expect, mockOnly, rules, test } from '../../fixtures/card-enrollment.js';

/** Two seconds before a month ends and its next's first second, in UTC: a month edge and a year edge. */
const EDGES = ['2027-06-30T23:59:58Z', '2027-07-01T00:00:00Z', '2027-12-31T23:59:58Z', '2028-01-01T00:00:00Z'];

/** How far dateOfCardCreated may lie from the instant set: the clock runs on until the enrollment (a loaded machine included). */
const CLOCK_RUN_MS = 60_000;

/** The month `delta` months after the clock's, as the Card writes it. */
function monthFrom(at: Date, delta: number): { panExpirationMonth: string; panExpirationYear: string } {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + delta, 1));
  return { panExpirationMonth: String(d.getUTCMonth() + 1).padStart(2, '0'), panExpirationYear: String(d.getUTCFullYear()) };
}

test(
  "at both sides of a month edge and a year edge, a card expiring in the clock's month or the next is enrolled ACTIVE with its expiry; no answer is SUSPENDED or CANCELLED @mock-only",
  mockOnly(
    rules('CE-STATE-ACTIVE@card', 'CE-ECHO-EXPIRY@card', 'CE-VAL-CREATED@card'),
    "needs the mock's virtual clock set to a month edge and a year edge: a sandbox's clock is the real one",
  ),
  async ({ cardApi, cards, cardMock }) => {
    const wrong: string[] = [];
    for (const edge of EDGES) {
      const now = new Date(edge);
      for (const delta of [-1, 0, 1]) {
        const expiry = monthFrom(now, delta);
        const what = `at ${edge}, a card expiring ${expiry.panExpirationMonth}/${expiry.panExpirationYear}`;
        const body = await cards.withCard(exampleCard(expiry));
        // Set just before each request: the clock runs on from the instant set.
        await cardMock.setClock(edge);
        const res = await cardApi.call('putCard', { body });
        // delta -1: the month just ended; the sources neither refuse nor accept an expired card.
        if (res.status !== 200) {
          if (delta >= 0) wrong.push(`${what} (valid through the end of its month): ${res.status}`);
          continue;
        }
        const card = (res.body as { maskedCard?: Record<string, any> }).maskedCard ?? {};
        // seed 000, MaskedCard: dateOfCardCreated is when the card was enrolled, by the target's clock:
        // here the instant just set, whichever side of today it lies.
        const created = Date.parse(String(card.dateOfCardCreated));
        if (!(Math.abs(created - now.getTime()) <= CLOCK_RUN_MS))
          wrong.push(`${what}: dateOfCardCreated ${card.dateOfCardCreated}, not the clock's ${edge}`);
        const status = card.digitalCardData?.status;
        if (status !== undefined && status !== 'ACTIVE') wrong.push(`${what}: digitalCardData.status ${status}`);
        const consumerStatus = (res.body as { maskedConsumer?: { status?: string } }).maskedConsumer?.status;
        if (consumerStatus !== undefined && consumerStatus !== 'ACTIVE') wrong.push(`${what}: maskedConsumer.status ${consumerStatus}`);
        // CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT: the month is compared as a number.
        if (card.panExpirationMonth !== undefined && Number(card.panExpirationMonth) !== Number(expiry.panExpirationMonth))
          wrong.push(`${what}: panExpirationMonth ${card.panExpirationMonth}`);
        if (card.panExpirationYear !== undefined && card.panExpirationYear !== expiry.panExpirationYear)
          wrong.push(`${what}: panExpirationYear ${card.panExpirationYear}`);
      }
    }
    expect(wrong, 'every card valid at the clock is enrolled ACTIVE with its expiry').toEqual([]);
  },
);
