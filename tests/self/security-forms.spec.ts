// Covers: the request forms the security checkers build beyond an operation's sample
// (helpers/client/security/foreign-id.ts withEveryId and queryIdsOf; sensitive-values.ts
// withSensitiveMembers and wronglyMasked), without a target: every id and sensitive member the
// contract declares is added where the sample lacks it, in the shape the contract gives (an object
// made, a list never grown), and a value masked from the wrong end is told from a right mask.
import { expect, test } from '../../fixtures/self.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { objectIdsOf, queryIdsOf } from '../../helpers/contract/object-ids.js';
import { withEveryId } from '../../helpers/client/security/foreign-id.js';
import { SensitiveInputs, withSensitiveMembers, wronglyMasked } from '../../helpers/client/security/sensitive-values.js';
import { cardFormsInText } from '../../helpers/client/security/card-shown.js';

test('every body id the contract declares is added where the sample lacks it, and each query filter of a partner object is found', async () => {
  const contract = await loadContract('financial-data');
  const form = contract.operation('post-institutions-institutionId-login-forms');
  const call = withEveryId({ body: { language: 'en', customerId: '1001' } }, objectIdsOf(contract, form).ids, {
    customer: '9',
    configuration: 'cfg-1',
  });
  expect(call.body, "the configurationId added, the sample's customerId kept").toEqual({
    language: 'en',
    customerId: '1001',
    configurationId: 'cfg-1',
  });
  expect(queryIdsOf(contract.operation('getApplications')).map((id) => `${id.name}:${id.resource}`)).toEqual([
    'pre_app_id:appRegistration',
    'application_id:application',
  ]);
});

test('every sensitive member a body declares is sent: an object made on the way, a list never grown', async () => {
  const contract = await loadContract('financial-data');
  const joint = contract.operation('SendJointBorrowerConnectEmail');
  const filled = withSensitiveMembers(
    contract,
    joint,
    { body: { borrowers: [{ customerId: '1' }, { customerId: '2' }] } },
    { SSN: '999602222' },
  );
  expect(filled.body).toEqual({
    borrowers: [
      { customerId: '1', optionalConsumerInfo: { ssn: '999602222' } },
      { customerId: '2', optionalConsumerInfo: { ssn: '999602222' } },
    ],
  });
  const deposit = contract.operation('GenerateTransferDepositSwitchUrl');
  const unlisted = withSensitiveMembers(contract, deposit, { body: { partnerId: '1' } }, { 'account number': '880012345678' }).body;
  expect(unlisted, 'no list made').toEqual({ partnerId: '1' });
});

test('a value masked from the wrong end is found; the last four, a whole other value and an amount are not', () => {
  const ssn = { kind: 'SSN' as const, value: '999602222' };
  expect(['99960****', '999-60-****', '9***02222'].map((v) => wronglyMasked(v, ssn))).toEqual([true, true, true]);
  for (const v of ['*****2222', '***-**-2222', 'XXXXX2222', '123456789', '99960']) expect(wronglyMasked(v, ssn), v).toBe(false);
  const pan = { kind: 'PAN' as const, value: '5105105105105100' };
  expect([wronglyMasked('510510******5100', pan), wronglyMasked('5105105*****5100', pan)]).toEqual([false, true]);
});

test('ten digits of a card number in a run are found, in any member; its BIN and last four apart, or a run of nine, are not', () => {
  const inputs = new SensitiveInputs().add('PAN', '5105105105105100');
  const kinds = (value: string) =>
    inputs.findIn({ masked: { tokenUniqueReference: value } }).map((f) => `${f.at} ${f.kind} ${f.wrongMask}`);
  // The PAN after its BIN, before its last four, and its middle with a digit each side.
  for (const value of ['DWSPMC0005105105100', 'ref-510510510510', 'x0510510510x'])
    expect(kinds(value), value).toEqual(['/masked/tokenUniqueReference PAN true']);
  for (const value of ['510510', '5100', '510510 5100', '510510******5100', '105105105']) expect(kinds(value), value).toEqual([]);
});

test("the installments card checker tells every form showing more than a card's last four from the last four and an account range", () => {
  const pan = '5454541600014792';
  const forms = (text: string) => cardFormsInText(text, pan);
  // More than the last four (provider 2.0.0: panLastFour at most in installments answers).
  expect(forms('545454******4792'), 'BIN, mask, last four').toEqual(['first six', 'masked']);
  expect(forms('5454 54XX XXXX 4792'), 'grouped, BIN split').toEqual(['masked']);
  expect(forms('**** **** 1600 4792'), 'the last eight').toEqual(['masked']);
  expect(forms('card 545454'), 'the first six alone').toEqual(['first six']);
  expect(forms('5454-5416-0001-4792'), 'the whole number grouped').toEqual(['digit run']);
  expect(forms('XXXX-541600014792'), 'masked from the wrong end').toEqual(['digit run', 'masked']);
  // The last four, an account range of the issuer, other numbers: nothing.
  for (const text of [
    '4792',
    '•••• 4792',
    '************4792',
    '5454540000000000',
    '2025-06-01T10:15:00',
    '1200.37',
    'Max 4792',
    'otx14792f0c3',
    'otx014792a',
  ])
    expect(forms(text), text).toEqual([]);
});
