// The card enrollment answer judge's sensitive-value and name rules (fixtures/assertions/card-enrollment-answer.ts)
// on answers written here: a card or account number in any member with any separators, the security code as a
// digit run of a descriptor, a folded initial each fail; digits the answer may show (the last four, the expiry,
// the service id, an opaque reference) leave the code alone.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { digitRunsOf, enrollmentAnswerProblems, type EnrollmentExchange } from '../../fixtures/assertions/card-enrollment-answer.js';
import { inClearProblem } from '../../fixtures/assertions/card-enrollment.js';

const contract = await loadContract('card-enrollment');
const PAN = '5204731600014792';
const CARD = { primaryAccountNumber: PAN, panExpirationMonth: '09', panExpirationYear: '2031', cardSecurityCode: '846' };
const REQUEST = {
  serviceId: 'SRC_PROGRAM_7',
  consumer: {
    firstName: 'Élodie',
    lastName: 'Ébrard',
    consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'e.b@example.com' },
  },
};
const answer = (masked: Record<string, unknown> = {}, consumer: Record<string, unknown> = {}) => ({
  srcCorrelationId: '9b2e4c1a-7d3f-4e8a-b6c5-0a1f2e3d4c5b',
  maskedCard: { panBin: '520473', panLastFour: '4792', serviceId: 'SRC_PROGRAM_7', paymentCardDescriptor: 'Mastercard', ...masked },
  maskedConsumer: { maskedFirstName: 'É*****', maskedLastName: 'É*****', maskedFullName: 'É***** É*****', ...consumer },
});
const judge = (over: Partial<EnrollmentExchange>) =>
  enrollmentAnswerProblems(contract, { request: REQUEST, answer: answer(), card: CARD, newConsumer: true, cardNew: true, ...over }).map(
    (p) => p.split(':')[0],
  );

test('digit runs: separators of up to three non-alphanumeric characters taken out, letters end a run', () => {
  expect(digitRunsOf('cv846 -- 5204.7316/0001 4792 a1b')).toEqual(['846', '5204731600014792', '1']);
});

test('the card or account number in any member, any separators; the security code as a digit run of free text', () => {
  expect(judge({})).toEqual([]);
  expect(judge({ answer: answer({ paymentCardDescriptor: 'Card 5204.7316.0001.4792' }) })).toEqual(['CE-SENSITIVE-ECHO']);
  expect(judge({ answer: answer({ digitalCardData: { longDescription: 'code 8 4 6' } }) })).toEqual(['CE-OBJ-SENSITIVE']);
  expect(judge({ answer: answer({ paymentCardDescriptor: 'Mastercard cv846' }) })).toEqual(['CE-OBJ-SENSITIVE']);
  expect(judge({ answer: answer({ paymentCardDescriptor: 'Mastercard 4792 cv 846 09 2031' }) })).toEqual(['CE-OBJ-SENSITIVE']);
  const receipt = { primaryAccountNumber: '4111111111111111', panBin: '411111', panLastFour: '1111' };
  const onReceipt = answer({ panBin: '411111', panLastFour: '1111', digitalCardData: { descriptorName: 'x 4111/1111/1111/1111' } });
  expect(judge({ card: undefined, receipt, answer: onReceipt })).toEqual(['CE-SENSITIVE-ECHO']);
});

test('the security code left alone where the answer may show the same digits, or in an opaque reference', () => {
  // The last four, the expiry year and a service id with the same digits as the code.
  expect(judge({ card: { ...CARD, cardSecurityCode: '4792' }, answer: answer({ paymentCardDescriptor: 'Mastercard 4792' }) })).toEqual([]);
  expect(judge({ card: { ...CARD, cardSecurityCode: '2031' }, answer: answer({ paymentCardDescriptor: 'exp 09/2031' }) })).toEqual([]);
  const service777 = { ...REQUEST, serviceId: 'P_777' };
  expect(judge({ card: { ...CARD, cardSecurityCode: '777' }, request: service777, answer: answer({ serviceId: 'P_777' }) })).toEqual([]);
  expect(judge({ answer: answer({ tokenUniqueReference: 'DWSPMC00846ab' }) })).toEqual([]);
  // A longer run holding the code's digits is not the code.
  expect(judge({ answer: answer({ paymentCardDescriptor: 'Platinum 18460' }) })).toEqual([]);
});

test("a masked name in another form than the provider's example breaks only the assumed form; a name in clear breaks the seed's masking", () => {
  expect(judge({ answer: answer({}, { maskedLastName: 'E*****', maskedFullName: 'É***** E*****' }) })).toEqual([
    'CE-MASK-FORM',
    'CE-MASK-FORM',
  ]);
  const sent = judge({ answer: answer({}, { maskedLastName: 'Ébrard' }) });
  expect(sent).toContain('CE-MASK-NAMES');
  // A repeated enrollment (no consumer added): the names sent and those an earlier enrollment of the identity sent, in clear,
  // break the masking as on a first one; the form is not judged (the target may show the profile's names as first enrolled).
  const again = (maskedFirstName: string) =>
    judge({ newConsumer: false, earlierNames: new Set(['Mathilde']), answer: answer({}, { maskedFirstName }) });
  expect(again('Élodie')).toEqual(['CE-MASK-NAMES']);
  expect(again('Mathilde')).toEqual(['CE-MASK-NAMES']);
  expect(again('M*******')).toEqual([]);
});

test('a masked address shows its local part in clear only before its domain: a local part also spelled in the domain is not a leak', () => {
  expect(inClearProblem('e*@ex.com', 'ex@ex.com', 'address')).toBeUndefined();
  expect(inClearProblem('ex@ex.com', 'ex@ex.com', 'address')).toMatch(/in clear/);
  expect(inClearProblem('exam@e*.com', 'exam@ex.com', 'address')).toMatch(/local part sent, in clear/);
  expect(inClearProblem('j**n@*****.com', 'john@mail.com', 'address')).toBeUndefined();
});

test('dateOfCardCreated: the call instant for a card the enrollment made, any earlier enrollment for a card the target may have kept, never after the answer', () => {
  const at = { sentAt: Date.parse('2026-11-28T12:00:00Z'), answeredAt: Date.parse('2026-11-28T12:00:01Z') };
  const dated = (date: string, cardNew: boolean) =>
    enrollmentAnswerProblems(contract, {
      request: REQUEST,
      answer: answer({ dateOfCardCreated: date }),
      card: CARD,
      newConsumer: false,
      cardNew,
      at,
    }).filter((p) => p.startsWith('CE-VAL-CREATED'));
  expect(dated('2026-11-28T12:00:00Z', true)).toEqual([]);
  expect(dated('2026-11-27T08:00:00Z', true)).toHaveLength(1);
  expect(dated('2026-11-27T08:00:00Z', false)).toEqual([]);
  expect(dated('2026-11-28T13:00:00Z', false)).toHaveLength(1);
  expect(dated('2026-11-27T08:00:00+02:00', false)).toHaveLength(1);
});
