// Covers: helpers/client/negative.ts: the generated values sit one step outside each rule, and a case is
// kept only when the contract refuses it (no false alarms from the generator).
import { expect, test } from '../../fixtures/self.js';
import { luhnValid, negativeCases, scalarViolations } from '../../helpers/client/negative.js';
import { lengthOf } from '../../helpers/contract/facts.js';

test('scalar violations sit one step outside each limit, enum, pattern and type', () => {
  const why = (schema: object, valid: unknown) => Object.fromEntries(scalarViolations(schema, valid).map((v) => [v.why, v.value]));
  expect(why({ type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }, 'abc')).toMatchObject({
    'longer than maxLength 4': 'abccc',
    'shorter than minLength 2': 'a',
    'outside the pattern ^[a-z]+$': 'abc!',
    'a number where a string is documented': 12345,
  });
  expect(why({ type: 'integer', minimum: 1, maximum: 500 }, 10)).toMatchObject({
    'above maximum 500': 501,
    'below minimum 1': 0,
    'a fraction where an integer is documented': 1.5,
  });
  expect(why({ type: 'string', enum: ['Y', 'N'] }, 'Y')).toMatchObject({ 'outside the enum': 'Y_NOT_IN_ENUM' });
  expect(why({ type: 'string', format: 'iso-3166-alpha-2' }, 'US')).toMatchObject({ 'not a iso-3166-alpha-2': 'ZZ' });
});

test('a patterned or coded value followed by a separator and a tag is a case of its own rule; an address or a URI is not', () => {
  const why = (schema: object, valid: unknown) => Object.fromEntries(scalarViolations(schema, valid).map((v) => [v.why, v.value]));
  // A locale tag read as its language (en-GB, en_GB), an id read up to its first other character.
  expect(why({ type: 'string', format: 'iso-639-1' }, 'en')).toMatchObject({
    "not a iso-639-1: its valid value followed by '-GB'": 'en-GB',
    "not a iso-639-1: its valid value followed by '_GB'": 'en_GB',
  });
  expect(why({ type: 'string', pattern: '^[0-9]+$' }, '44')).toMatchObject({
    "outside the pattern ^[0-9]+$: its valid value followed by '-GB'": '44-GB',
  });
  // RFC 5322's dot-atom takes '_' in a domain and a URI's path any tag: no tagged case, only the format's own.
  for (const format of ['email', 'uri'])
    expect(
      Object.keys(why({ type: 'string', format }, 'a@b.co')).filter((w) => w.includes('followed by')),
      format,
    ).toEqual([]);
});

test('a card number broken in its length keeps its check digit and, where ISO/IEC 7812 is named, each issuer range', () => {
  const pan = { type: 'string', description: 'ISO/IEC 7812 account number.', minLength: 16, maxLength: 20, pattern: '^[0-9]*$' };
  const values = scalarViolations(pan, '5204731600014792');
  const lengthCases = values.filter((v) => /Length/.test(v.why));
  for (const v of lengthCases) expect(luhnValid(String(v.value)), v.why).toBe(true);
  const why = Object.fromEntries(values.map((v) => [v.why, v.value]));
  expect(String(why['shorter than minLength 16, in the issuer range 34'])).toMatch(/^34[0-9]{13}$/);
  expect(String(why['longer than maxLength 20, in the issuer range 37'])).toMatch(/^37[0-9]{19}$/);
  // A pattern that bounds the length: one past each bound, in the valid value's form.
  const listed = Object.fromEntries(
    scalarViolations({ type: 'string', pattern: '^[0-9]{11,19}$' }, '4111111111111111').map((v) => [v.why, v.value]),
  );
  expect(String(listed['outside the pattern ^[0-9]{11,19}$: 10 characters'])).toMatch(/^[0-9]{10}$/);
  expect(String(listed['outside the pattern ^[0-9]{11,19}$: 20 characters'])).toMatch(/^[0-9]{20}$/);
});

test('every generated body case is refused by the contract, and a body the contract allows is dropped', async ({ contracts }) => {
  const contract = await contracts('card-enrollment');
  const op = contract.operation('putCard');
  const validate = contract.requestValidator('putCard')!;
  const body = {
    srcClientId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    serviceId: 'svc',
    consumer: {
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'a@b.co' },
      mobileNumber: { countryCode: '1', phoneNumber: '5551234' },
      countryCode: 'US',
      languageCode: 'en',
      firstName: 'A',
      lastName: 'B',
    },
    complianceSettings: { privacy: { latestVersionUri: 'https://x.example/p' }, tnc: { latestVersionUri: 'https://x.example/t' } },
    encryptedCard: 'aaaaaaaaaa.bbbbbbbbbb.cccccccccc.dddddddddd.eeeeeeeeee',
  };
  expect(validate(body)).toBe(true);
  const cases = negativeCases(contract, op, { body });
  const bodies = cases.filter((c) => c.call.body !== undefined);
  expect(bodies.length).toBeGreaterThan(40);
  expect(
    bodies.filter((c) => validate(c.call.body) !== false).map((c) => c.name),
    'negative cases whose body the contract accepts',
  ).toEqual([]);
  expect(cases.map((c) => c.name)).toEqual(
    expect.arrayContaining([
      `body /consumer/firstName: longer than maxLength ${lengthOf(contract, 'Consumer', 'firstName').max}`,
      'body /consumer/countryCode: not a iso-3166-alpha-2',
      'body /srcClientId: missing though required',
      'body: malformed JSON (a truncated object)',
      'body: malformed JSON (a bare word)',
      // Empty, not absent: the member present and empty, where the contract refuses that.
      'body /encryptedCard: an empty string (empty, not absent)',
      'body /consumer: an empty object (empty, not absent)',
      'body /consumer/countryCode: null (empty, not absent)',
    ]),
  );
  // An empty form the contract allows is no case (consumer.firstName has no minLength, serviceId's pattern admits "").
  expect(cases.map((c) => c.name)).not.toContain('body /consumer/firstName: an empty string (empty, not absent)');
  expect(cases.map((c) => c.name)).not.toContain('body /serviceId: an empty string (empty, not absent)');
  // An optional member never missing-cased; srcCorrelationId absent from the valid body is never touched.
  expect(cases.some((c) => c.name.startsWith('body /srcCorrelationId'))).toBe(false);
});
