// Covers: POST /cards (putCard) 200, the form of the masked card's members that seed 000 states and
// the provider's Card API 1.0.0 answers otherwise in its published examples (srcDigitalCardId a UUID,
// panExpirationMonth MM, panLastFour four digits, panBin present; schemas/card-enrollment/conflicts.yaml).
// The client checks every answer against the 200 schema; here the target's own answer, in the seed's
// form, is changed one member at a time and judged as the client judges it: the seed's form is
// accepted, the provider's published form is the named seed-vs-provider conflict (the check goes on,
// the certification says CONDITIONAL), and a form neither source gives is refused.
import { expect, rules, setPath, test } from '../../fixtures/card-enrollment.js';
import { answeredConflicts, seedFormOf } from '../../helpers/contract/conflicts.js';

type Verdict = 'accepted' | 'refused' | string[];

interface Row {
  rule: string;
  at: string;
  /** The value put there; undefined removes the member. */
  value: unknown;
  verdict: Verdict;
  why: string;
}

const UUID = '6f1c2d3e-0a4b-4c5d-8e9f-102030405060';
const ROWS: Row[] = [
  // seed 000, MaskedCard: srcDigitalCardId "UUID pattern (hex 8-4-4-4-12, either case)".
  { rule: 'CE-PAT-CARDID', at: 'maskedCard.srcDigitalCardId', value: UUID, verdict: 'accepted', why: 'a lower-case UUID' },
  { rule: 'CE-PAT-CARDID', at: 'maskedCard.srcDigitalCardId', value: UUID.toUpperCase(), verdict: 'accepted', why: 'an upper-case UUID' },
  {
    rule: 'CE-PAT-CARDID',
    at: 'maskedCard.srcDigitalCardId',
    value: '9ajNArkAR66zqYyHCn0rCA000000000000US',
    verdict: ['CE-CONFLICT-CARD-ID-FORM'],
    why: "the provider's 36-character id that is no UUID",
  },
  {
    rule: 'CE-PAT-CARDID',
    at: 'maskedCard.srcDigitalCardId',
    value: `${UUID}0`,
    verdict: 'refused',
    why: "37 characters, neither a UUID nor the provider's at most 36",
  },
  { rule: 'CE-PAT-CARDID', at: 'maskedCard.srcDigitalCardId', value: '', verdict: 'refused', why: 'empty' },
  // seed 000, MaskedCard: panExpirationMonth "format MM, length 2", panExpirationYear "format YYYY, length 4".
  { rule: 'CE-FMT-RESP-EXPIRY', at: 'maskedCard.panExpirationMonth', value: '07', verdict: 'accepted', why: 'two characters' },
  { rule: 'CE-FMT-RESP-EXPIRY', at: 'maskedCard.panExpirationYear', value: '2031', verdict: 'accepted', why: 'four characters' },
  {
    rule: 'CE-FMT-RESP-EXPIRY',
    at: 'maskedCard.panExpirationMonth',
    value: '7',
    verdict: ['CE-CONFLICT-EXPIRY-MONTH-ONE-DIGIT'],
    why: "the provider's one-digit month",
  },
  { rule: 'CE-FMT-RESP-EXPIRY', at: 'maskedCard.panExpirationMonth', value: '007', verdict: 'refused', why: 'three characters' },
  { rule: 'CE-FMT-RESP-EXPIRY', at: 'maskedCard.panExpirationYear', value: '31', verdict: 'refused', why: 'two characters' },
  // seed 000, MaskedCard: panLastFour "last four PAN digits"; panBin required.
  {
    rule: 'CE-MASK-PAN',
    at: 'maskedCard.panLastFour',
    value: '297',
    verdict: ['CE-CONFLICT-LAST-FOUR-SHORT'],
    why: "the provider's three digits",
  },
  { rule: 'CE-MASK-PAN', at: 'maskedCard.panLastFour', value: '29a', verdict: 'refused', why: 'not digits' },
  {
    rule: 'CE-MASK-PAN',
    at: 'maskedCard.panBin',
    value: undefined,
    verdict: ['CE-CONFLICT-PAN-BIN-ABSENT'],
    why: "no panBin, as the provider's token-reference answers",
  },
  // seed 000, MaskedCard, DigitalCardData, MaskedAddress, MaskedConsumer: the members' own forms, each judged on every answer.
  { rule: 'CE-RESP-FORMS', at: 'maskedCard.tokenLastFour', value: '4x21', verdict: 'refused', why: 'not digits' },
  {
    rule: 'CE-RESP-FORMS',
    at: 'maskedCard.countryCode',
    value: 'USA',
    verdict: 'refused',
    why: 'three letters, no ISO 3166 two-letter code',
  },
  { rule: 'CE-RESP-FORMS', at: 'maskedCard.digitalCardData.artUri', value: 'not a uri', verdict: 'refused', why: 'no URI' },
  {
    rule: 'CE-RESP-FORMS',
    at: 'maskedCard.digitalCardData.iscobranded',
    value: 'false',
    verdict: 'refused',
    why: 'a string, not a boolean',
  },
  { rule: 'CE-RESP-FORMS', at: 'maskedCard.digitalCardData', value: undefined, verdict: 'refused', why: 'left out, though always present' },
  { rule: 'CE-RESP-FORMS', at: 'maskedCard.digitalCardData.iscobranded', value: true, verdict: 'accepted', why: 'a boolean' },
];

const cited = (row: Row) => rules(`${row.rule}:${row.verdict === 'accepted' ? 'accept' : 'refuse'}`);

for (const row of ROWS) {
  const verdict = Array.isArray(row.verdict) ? `is the conflict ${row.verdict.join(', ')}` : `is ${row.verdict}`;

  test(
    `the 200 check: ${row.at} ${row.value === undefined ? 'absent' : `'${row.value}'`} (${row.why}) ${verdict}`,
    cited(row),
    async ({ cardApi, cards, cardContract }) => {
      const res = await cardApi.call('putCard', { body: await cards.withCard() });
      expect(res.status).toBe(200);
      const schema = cardContract.responseValidator('putCard', '200')!;
      // The target's answer in the seed's form (a target following the provider answers otherwise elsewhere).
      const base = seedFormOf('card-enrollment', 'putCard', res.body) as Record<string, any>;
      expect(schema(base), "the answer in the seed's form passes").toBe(true);
      const body = setPath(base, row.at, row.value);
      if (row.value === undefined) delete body.maskedCard[row.at.split('.').pop()!];
      const met = schema(body) ? undefined : answeredConflicts('card-enrollment', 'putCard', body, (b) => schema(b));
      const judged: Verdict = schema(body) ? 'accepted' : met ? met.map((m) => m.conflict.id) : 'refused';
      expect(judged).toEqual(row.verdict);
    },
  );
}

test(
  "the 200 check: the provider's id and identity type together are both conflicts, named",
  rules('CE-PAT-CARDID:refuse', 'CE-ENUM-IDENTITYTYPE:refuse'),
  async ({ cardApi, cards, cardContract }) => {
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
    const schema = cardContract.responseValidator('putCard', '200')!;
    const base = seedFormOf('card-enrollment', 'putCard', res.body) as Record<string, any>;
    const body = setPath(base, 'maskedCard.srcDigitalCardId', '9ajNArkAR66zqYyHCn0rCA000000000000US');
    body.maskedConsumer = {
      dateConsumerAdded: new Date().toISOString(),
      maskedConsumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', maskedIdentityValue: UUID },
    };
    const met = answeredConflicts('card-enrollment', 'putCard', body, (b) => schema(b));
    expect(met?.map((m) => m.conflict.id).sort()).toEqual(['CE-CONFLICT-CARD-ID-FORM', 'CE-CONFLICT-MASKED-IDENTITY-TYPE']);
  },
);
