// Covers: POST /cards (putCard), every row of seed 000's Limits table at its boundaries
// (max and max+1; min-1 and min where a minimum exists), the bounds read from the contract.
import {
  exampleCard,
  expect,
  identityValueOfLength,
  expectCardError,
  luhnComplete,
  refusedNaming,
  SCHEMA_REFUSAL,
  lacksPathData,
  NO_RECEIPT,
  rules,
  setPath,
  test,
} from '../../fixtures/card-enrollment.js';
import { limitBounds, type LimitRow } from './sources.known.js';

const text = (n: number) => 'a'.repeat(n);
const pan = (n: number) => luhnComplete('52047316'.padEnd(n - 1, '0').slice(0, n - 1));

// seed 000, Limits (request-side rows; descriptorName, artUri and coBrandedName are response
// fields, checked on every 200 by the response schema).
const ROWS: LimitRow[] = (
  [
    { rule: 'CE-LIM-FIRSTNAME', field: 'consumer.firstName', value: text },
    { rule: 'CE-LIM-LASTNAME', field: 'consumer.lastName', value: text },
    { rule: 'CE-LIM-IDENTITYVALUE', field: 'consumer.consumerIdentity.identityValue', value: identityValueOfLength },
    { rule: 'CE-LIM-REFERENCEID', field: 'enrolmentReferenceData.enrolmentReferenceId', value: (n) => `r${'0'.repeat(n - 1)}` },
    { rule: 'CE-LIM-PAN', field: 'card.primaryAccountNumber', value: pan },
    { rule: 'CE-LIM-EXPMONTH', field: 'card.panExpirationMonth', value: (n) => '12'.padStart(n, '0').slice(-n).padStart(n, '1') },
    { rule: 'CE-LIM-EXPYEAR', field: 'card.panExpirationYear', value: (n) => '2031'.padEnd(n, '0').slice(0, n) },
    // A leading zero: a code read as a number ('012' as 12) would be judged a digit short.
    { rule: 'CE-LIM-CVC', field: 'card.cardSecurityCode', value: (n) => '0987654321'.slice(0, n) },
  ] satisfies LimitRow[]
).map((row) => ({ ...row, ...limitBounds(row.field) }));

/** The consumer's limits (seed 000, Limits), which the request carries on either enrollment path. */
const CONSUMER_LIMITS = new Set(['CE-LIM-FIRSTNAME', 'CE-LIM-LASTNAME', 'CE-LIM-IDENTITYVALUE']);

for (const row of ROWS) {
  const cases: { length: number; accepted: boolean }[] = [
    ...(row.min !== undefined
      ? [
          { length: row.min - 1, accepted: false },
          { length: row.min, accepted: true },
        ]
      : []),
    { length: row.max!, accepted: true },
    { length: row.max! + 1, accepted: false },
  ].filter((c, i, all) => all.findIndex((o) => o.length === c.length) === i);

  for (const { length, accepted } of cases) {
    const title = accepted
      ? `accepts ${row.field} of ${length} characters`
      : `rejects ${row.field} of ${length} characters with INVALID_ARGUMENT naming the field`;
    // A consumer field's limit holds on both enrollment paths: here the card path (the receipt path below).
    const at = CONSUMER_LIMITS.has(row.rule) ? '@card' : '';
    const cited = accepted ? rules(`${row.rule}:accept${at}`) : rules(`${row.rule}:refuse${at}`, 'CE-ERR-FIELD');

    test(title, cited, async ({ cardApi, cards }) => {
      const value = row.value(length);
      expect(value, 'generated boundary value').toHaveLength(length);
      let body: Record<string, any>;
      if (row.field.startsWith('card.')) body = await cards.withCard({ ...exampleCard(), [row.field.slice(5)]: value });
      else if (row.field.startsWith('enrolmentReferenceData.')) body = setPath(cards.withReceipt(), row.field, value);
      else body = setPath(await cards.withCard(), row.field, value);
      const res = await cardApi.call('putCard', { body });
      if (!accepted) return expectCardError(res, { http: 400, status: SCHEMA_REFUSAL, field: row.field, sourceType: 'BODY' });
      if (row.field.startsWith('enrolmentReferenceData.')) {
        // An unknown receipt may still be refused, INVALID_STATE (reference A5), but never for this field's length.
        const lengthRejected = refusedNaming(res, row.field, ['INVALID_ARGUMENT']);
        expect(lengthRejected, `${row.field} of ${length} characters must not be rejected as invalid`).toBe(false);
      } else expect(res.status).toBe(200);
    });
  }
}

// seed 000, Limits: the consumer's limits are the request's, whichever path carries the card (a receipt
// too). One test walks every consumer field at max (accepted) and max+1 (refused naming the field).
const consumerRows = ROWS.filter((row) => CONSUMER_LIMITS.has(row.rule));

test(
  `keeps every consumer limit on the receipt path (${consumerRows.map((r) => r.field).join(', ')}: max accepted, max+1 refused)`,
  rules(...consumerRows.flatMap((r) => [`${r.rule}:accept@receipt`, `${r.rule}:refuse@receipt`]), 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    test.skip(lacksPathData(card, 'receipt'), NO_RECEIPT);
    const wrong: string[] = [];
    for (const row of consumerRows) {
      for (const length of [row.max!, row.max! + 1]) {
        const res = await cardApi.call('putCard', { body: setPath(cards.withReceipt(), row.field, row.value(length)) });
        const refusedForField = refusedNaming(res, row.field);
        if (length > row.max! && !refusedForField) wrong.push(`${row.field} of ${length} characters: ${res.status}, not refused naming it`);
        if (length === row.max! && res.status !== 200) wrong.push(`${row.field} of ${length} characters: ${res.status}, not accepted`);
      }
    }
    expect(wrong, 'the receipt path keeps the consumer limits as the card path does').toEqual([]);
  },
);
