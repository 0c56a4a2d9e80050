// Covers: putCard (POST /cards) on each enrollment path: the ISO codes and the e-mail identity of
// the consumer (seed 000, Consumer: countryCode ISO 3166 alpha-2, languageCode ISO 639-1;
// ConsumerIdentity: identityValue matches EMAIL_ADDRESS) with values a normalisation would change:
// another case, a space before or after, a line break after, a region after the code. The contract
// refuses a code in the other case, padded or with a region, and an address padded with a space,
// and accepts an address in mixed case: a target that trims
// or case-folds before it judges passes the rows of enroll-card.formats.spec.ts and not these. Each
// row is first confirmed against the contract.
import {
  ENROLLMENT_PATHS,
  expect,
  fieldCaseWrong,
  lacksPathData,
  restsOnSeedIdentity,
  rules,
  setPath,
  test,
  type FieldCase as Case,
} from '../../fixtures/card-enrollment.js';

const CASES: Case[] = [
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: 'us', accepted: false, why: 'an alpha-2 code in lower case' },
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: 'Us', accepted: false, why: 'an alpha-2 code in mixed case' },
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: ' US', accepted: false, why: 'an alpha-2 code after a space' },
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'EN', accepted: false, why: 'an ISO 639-1 code in upper case' },
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'en ', accepted: false, why: 'an ISO 639-1 code before a space' },
  // A language tag with a region (BCP 47, or the POSIX locale's underscore) is not an ISO 639-1 code;
  // nor is one read as a line (a trailing line break), for either code.
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'en-GB', accepted: false, why: 'a language tag with a region' },
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'fr_CA', accepted: false, why: 'a locale with a region' },
  { rule: 'CE-FMT-LANGUAGE', field: 'consumer.languageCode', value: 'en\n', accepted: false, why: 'an ISO 639-1 code before a line break' },
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: 'US\n', accepted: false, why: 'an alpha-2 code before a line break' },
  { rule: 'CE-FMT-COUNTRY', field: 'consumer.countryCode', value: 'US-NY', accepted: false, why: 'a subdivision code (ISO 3166-2)' },
  {
    rule: 'CE-FMT-EMAIL',
    field: 'consumer.consumerIdentity.identityValue',
    value: ' first.last@example.com',
    accepted: false,
    why: 'an address after a space',
  },
  {
    rule: 'CE-FMT-EMAIL',
    field: 'consumer.consumerIdentity.identityValue',
    value: 'first.last@example.com ',
    accepted: false,
    why: 'an address before a space',
  },
  {
    rule: 'CE-FMT-EMAIL',
    field: 'consumer.consumerIdentity.identityValue',
    value: 'First.Last@Example.COM',
    accepted: true,
    why: 'an address in mixed case',
  },
];

test(
  'on each enrollment path, the ISO codes and the e-mail identity are judged as sent: another case or a space is refused, a mixed-case address accepted @seed',
  rules(
    ...new Set(CASES.flatMap((c) => ENROLLMENT_PATHS.map((path) => `${c.rule}:${c.accepted ? 'accept' : 'refuse'}@${path}`))),
    'CE-ERR-FIELD',
  ),
  async ({ cardApi, cards, card, cardRequestContract }) => {
    const validate = cardRequestContract.requestValidator('putCard')!;
    const rows = CASES.filter((c) => !restsOnSeedIdentity([c.rule]));
    const wrong: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      for (const c of rows) {
        const body = setPath(await cards.on(path), c.field, c.value);
        expect(validate(body), `the contract agrees with ${c.field} '${c.value}' (${c.why})`).toBe(c.accepted);
        const res = await cardApi.call('putCard', { body });
        const verdict = fieldCaseWrong(c, res, `${path} path, ${c.field} ${JSON.stringify(c.value)} (${c.why})`);
        if (verdict) wrong.push(verdict);
      }
    }
    expect(wrong, 'every row on every path').toEqual([]);
  },
);
