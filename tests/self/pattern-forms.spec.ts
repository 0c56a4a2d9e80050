// The forms a pattern allows (helpers/contract/pattern-forms.ts), read by the valid-forms property
// (helpers/client/invariants/type-forms.ts): an optional part in each class of character it takes,
// each alternative of a choice, and nothing from a pattern the reader does not read.
import { expect, test } from '../../fixtures/self.js';
import { patternForms } from '../../helpers/contract/pattern-forms.js';
import { lengthForms, validForms } from '../../helpers/client/invariants/type-forms.js';
import { scalarViolations } from '../../helpers/client/negative.js';
import { loadContract } from '../../helpers/contract/contract.js';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
// seed 000, SrcCorrelationId
const CORRELATION = '^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

test('an optional prefix joined by any character is written with a dot, a dash, a letter of each case and a digit, each before the value', () => {
  const forms = patternForms(CORRELATION, UUID).map((f) => f.value);
  const joiners = forms.map((f) => f.charAt(8));
  expect(joiners).toEqual(expect.arrayContaining(['.', '-', 'a', 'Z', '0']));
  const pattern = new RegExp(CORRELATION);
  for (const f of forms) {
    expect(f.endsWith(UUID), f).toBe(true);
    expect(pattern.test(f), f).toBe(true);
  }
});

test('a pattern that is a choice gives each alternative; an unread pattern (a lookahead, a word boundary) gives no form', () => {
  expect(patternForms('^(?:Y|N)$', 'Y').map((f) => f.value)).toEqual(['N']);
  expect(patternForms('^(testing|active)?$', 'testing').map((f) => f.value)).toEqual(['active']);
  expect(patternForms('^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]*$', 'a1')).toEqual([]);
  expect(patternForms('^(?!,)(( \\| )?(?:[\\d]{6}|[\\d]{9})\\b)*$', '123456')).toEqual([]);
});

test('a member states its valid forms by its schema alone: every other enum value, the cases its pattern takes, nothing for free text', () => {
  expect(validForms({ type: 'string', enum: ['CARDHOLDER', 'ISSUER', 'WALLET'] }, 'ISSUER').map((f) => f.value)).toEqual([
    'CARDHOLDER',
    'WALLET',
  ]);
  const hex = validForms({ type: 'string', pattern: '^[0-9a-fA-F]{4}$' }, 'ab12').map((f) => f.value);
  expect(hex).toEqual(expect.arrayContaining(['AB12', 'Ab12']));
  expect(validForms({ type: 'string', maxLength: 30 }, 'Ann')).toEqual([]);
  // A parameter's text keeps its case: only its pattern's own forms.
  expect(validForms({ type: 'string', pattern: '^[0-9a-fA-F]{4}$' }, 'ab12', 'query')).toEqual([]);
});

test('a length bound counts characters: the longest and shortest value in letters outside the BMP and in accented letters are valid, one astral letter more is not', async () => {
  // Confirmed by the suite's one Ajv instance (JSON Schema counts code points).
  const schema = { type: 'string', minLength: 2, maxLength: 30 };
  const valid = (await loadContract('card-enrollment')).validator('self:length-in-characters', schema);
  const forms = lengthForms(schema, 'Ann');
  expect(forms.map((f) => [...f.value].length)).toEqual([30, 30, 2, 2]);
  const astral = forms.some((f) => f.value.length === 60);
  expect(astral, 'an astral letter is two UTF-16 code units').toBe(true);
  for (const f of forms) expect(valid(f.value), f.how).toBe(true);
  const past = scalarViolations(schema, 'Ann').filter((v) => /Basic Multilingual Plane/.test(v.why));
  expect(past.map((v) => [...String(v.value)].length)).toEqual([31, 1]);
  for (const v of past) expect(valid(v.value), v.why).toBe(false);
  // A closed list in prose takes no length of its own.
  expect(lengthForms({ ...schema, description: 'An event name, one of those listed' }, 'Ann')).toEqual([]);
});
