// Covers: fixtures/arbitraries/card-enrollment: generated valid requests validate against the
// contract, and every generated single-field violation does not (so a 400 is never expected of
// a request the contract allows).
import fc from 'fast-check';
import { expect, test } from '../../fixtures/self.js';
import { enrollRequestArbitrary } from '../../fixtures/arbitraries/card-enrollment/valid.js';
import { CARD_VIOLATIONS } from '../../fixtures/arbitraries/card-enrollment/violations.js';
import { withPath } from '../../helpers/client/invariants/kit.js';

const identity = { srcClientId: '0f8fad5b-d9cb-469f-a165-70867728950e', serviceIds: ['SRC_PROGRAM_1', 'wallet#program_2'] };
const JWE_PLACEHOLDER = 'aaaa.bbbb.cccc.dddd.eeee';

test('generated valid requests and cards validate against the contract', async ({ contracts }) => {
  const contract = await contracts('card-enrollment');
  const validateBody = contract.requestValidator('putCard')!;
  const validateCard = contract.component('Card');
  const invalid: string[] = [];
  for (const [i, { card, ...rest }] of fc.sample(enrollRequestArbitrary(contract, identity), { numRuns: 300, seed: 42 }).entries()) {
    if (!validateCard(card)) invalid.push(`sample ${i}, card: ${JSON.stringify(validateCard.errors)}`);
    if (!validateBody({ ...rest, encryptedCard: JWE_PLACEHOLDER }))
      invalid.push(`sample ${i}, request: ${JSON.stringify(validateBody.errors)}`);
  }
  expect(invalid, 'generated cards and requests the contract refuses').toEqual([]);
});

for (const violation of CARD_VIOLATIONS) {
  test(`generated violations of ${violation.field} ('${violation.rule}') are invalid by the contract`, async ({ contracts }) => {
    const contract = await contracts('card-enrollment');
    const validateBody = contract.requestValidator('putCard')!;
    const validateCard = contract.component('Card');
    const inCard = violation.field.startsWith('card.');
    const samples = fc.sample(fc.tuple(enrollRequestArbitrary(contract, identity), violation.value), { numRuns: 100, seed: 7 });
    const stillValid = samples.filter(([{ card, ...rest }, bad]) =>
      inCard
        ? validateCard(withPath(card, violation.field.slice(5), bad))
        : validateBody({ ...withPath(rest, violation.field, bad), encryptedCard: JWE_PLACEHOLDER }),
    );
    expect(stillValid, `samples of ${violation.field} that the contract still accepts`).toHaveLength(0);
  });
}
