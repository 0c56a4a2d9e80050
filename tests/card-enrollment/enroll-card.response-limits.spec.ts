// Covers: POST /cards (putCard) 200, the response rows of seed 000's Limits table (descriptorName,
// artUri, coBrandedName; DigitalCardData). The client checks every response against the contract's
// 200 schema (responseSchemaConformance); here the target's own answer is measured against the
// contract's maxima, and the same answer with each field at its limit and one past it shows that
// the schema check accepts the one and refuses the other.
import { expect, lengthOf, loadContract, rules, setPath, test } from '../../fixtures/card-enrollment.js';
import { passesResponseCheck } from '../../helpers/contract/conflicts.js';

const contract = await loadContract('card-enrollment');
const max = (field: string) => lengthOf(contract, 'DigitalCardData', field).max!;
const LIMITS = [
  { field: 'descriptorName', max: max('descriptorName'), value: (n: number) => 'D'.repeat(n) },
  { field: 'artUri', max: max('artUri'), value: (n: number) => `https://art.example.test/${'a'.repeat(n - 29)}.png` },
  { field: 'coBrandedName', max: max('coBrandedName'), value: (n: number) => 'C'.repeat(n) },
];

test('returns digitalCardData within the response limits of the seed', rules('CE-LIM-RESPONSE:accept'), async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: await cards.withCard() });
  expect(res.status).toBe(200);
  const data = res.body.maskedCard.digitalCardData;
  for (const { field, max } of LIMITS) {
    if (data[field] !== undefined) expect(String(data[field]).length, `digitalCardData.${field} length`).toBeLessThanOrEqual(max);
  }
});

for (const { field, max, value } of LIMITS) {
  test(
    `the 200 check accepts digitalCardData.${field} of ${max} characters and refuses ${max + 1}`,
    rules('CE-LIM-RESPONSE:accept', 'CE-LIM-RESPONSE:refuse'),
    async ({ cardApi, cards, cardContract }) => {
      const res = await cardApi.call('putCard', { body: await cards.withCard() });
      expect(res.status).toBe(200);
      const schema = cardContract.responseValidator('putCard', '200')!;
      // As the client judges: a provider identity type is a conflict it notes, not a refusal (schemas/card-enrollment/conflicts.yaml).
      const validate = (body: unknown) => passesResponseCheck('card-enrollment', 'putCard', body, (b) => schema(b));
      const at = `maskedCard.digitalCardData.${field}`;
      expect(value(max)).toHaveLength(max);
      expect(validate(setPath(res.body, at, value(max))), `${field} of ${max} characters accepted`).toBe(true);
      expect(validate(setPath(res.body, at, value(max + 1))), `${field} of ${max + 1} characters refused`).toBe(false);
    },
  );
}
