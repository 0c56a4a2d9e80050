// Covers: helpers/client/negative.ts: the generated values sit one step outside each rule, and a case is
// kept only when the contract refuses it (no false alarms from the generator).
import { expect, test } from '../../fixtures/self.js';
import { negativeCases, scalarViolations } from '../../helpers/client/negative.js';
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
  for (const c of bodies) expect(validate(c.call.body), c.name).toBe(false);
  expect(cases.map((c) => c.name)).toEqual(
    expect.arrayContaining([
      `body /consumer/firstName: longer than maxLength ${lengthOf(contract, 'Consumer', 'firstName').max}`,
      'body /consumer/countryCode: not a iso-3166-alpha-2',
      'body /srcClientId: missing though required',
      'body: malformed JSON',
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
