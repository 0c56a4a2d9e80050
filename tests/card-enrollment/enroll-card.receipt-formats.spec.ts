// Covers: putCard (POST /cards) on the push-account-receipt path (seed 000, (b)): the patterns,
// formats and enums of the request outside the card (EnrollCardRequest, SrcCorrelationId, Consumer,
// ConsumerIdentity, PhoneNumber, ComplianceSettings, Origin) hold there as on the card path
// (enroll-card.patterns.spec.ts and enroll-card.formats.spec.ts check them on the card path): the
// request schema is one, whichever path the card takes. Values a normalisation would change (case,
// a space before or after, a leading zero, one character) are judged as the contract judges them;
// each row is first confirmed against the contract.
import {
  expect,
  fieldCaseWrong,
  lacksPathData,
  NO_RECEIPT,
  rules,
  setPath,
  restsOnSeedIdentity,
  test,
  type FieldCase as Case,
} from '../../fixtures/card-enrollment.js';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** Rows as enroll-card.patterns/formats write them, each with a value that can tell. */
const CASES: Case[] = [
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: `0A1B2C3D.${uuid}`, accepted: false, why: 'an upper-case prefix' },
  { rule: 'CE-PAT-CORRELATIONID', field: 'srcCorrelationId', value: ` ${uuid}`, accepted: false, why: 'a leading space' },
  { rule: 'CE-PAT-SRCCLIENTID', field: 'srcClientId', value: `${uuid} `, accepted: false, why: 'a trailing space' },
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'SRC PROGRAM', accepted: false, why: 'an inner space' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '1', accepted: true, why: 'one digit' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.countryCode', value: '+44', accepted: false, why: 'a plus sign' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '0123456789', accepted: true, why: 'a leading zero' },
  { rule: 'CE-PAT-PHONE', field: 'consumer.mobileNumber.phoneNumber', value: '555 0100', accepted: false, why: 'an inner space' },
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: 'USA', accepted: false, why: 'alpha-3, not alpha-2' },
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'eng', accepted: false, why: 'ISO 639-2, not 639-1' },
  { rule: 'CE-FMT-URI', field: 'complianceSettings.tnc.latestVersionUri', value: 'not a uri', accepted: false, why: 'not a URI' },
  { rule: 'CE-ENUM-CARDSOURCE', field: 'cardSource', value: 'issuer', accepted: false, why: 'an Origin value in the wrong case' },
  { rule: 'CE-ENUM-CARDSOURCE', field: 'cardSource', value: 'MERCHANT', accepted: true, why: 'an Origin value' },
  { rule: 'CE-PAT-SERVICEID', field: 'serviceId', value: 'src.program', accepted: false, why: 'a dot' },
  {
    rule: 'CE-FMT-EMAIL',
    field: 'consumer.consumerIdentity.identityValue',
    value: 'ann smith@example.com',
    accepted: false,
    why: 'an inner space',
  },
  {
    rule: 'CE-FMT-EMAIL',
    field: 'consumer.consumerIdentity.identityValue',
    value: 'a@example.io',
    accepted: true,
    why: 'a one-letter local part',
  },
  {
    rule: 'CE-ENUM-IDENTITYTYPE',
    field: 'consumer.consumerIdentity.identityType',
    value: 'email_address',
    accepted: false,
    why: 'the wrong case',
  },
];

test(
  'the request patterns, formats and enums hold on the receipt path: each telling value is accepted or refused as the contract says @seed',
  rules(...new Set(CASES.map((c) => `${c.rule}:${c.accepted ? 'accept' : 'refuse'}@receipt`)), 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card, cardRequestContract }) => {
    test.skip(lacksPathData(card, 'receipt'), NO_RECEIPT);
    const validate = cardRequestContract.requestValidator('putCard')!;
    const wrong: string[] = [];
    // The identity row rests on the seed's EMAIL_ADDRESS (CARD_REQUEST_IDENTITY=provider sends the provider's).
    for (const c of CASES.filter((row) => !restsOnSeedIdentity([row.rule], row.rule === 'CE-ENUM-IDENTITYTYPE'))) {
      const body = setPath(cards.withReceipt(), c.field, c.value);
      expect(validate(body), `the contract agrees with ${c.field} '${c.value}' (${c.why})`).toBe(c.accepted);
      const res = await cardApi.call('putCard', { body });
      const verdict = fieldCaseWrong(c, res, `${c.field} ${JSON.stringify(c.value)} (${c.why})`);
      if (verdict) wrong.push(verdict);
    }
    expect(wrong, 'every row on the receipt path as on the card path').toEqual([]);
  },
);
