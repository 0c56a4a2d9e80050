// Covers: putCard (POST /cards): every request rule under every cardSource the contract lists and with
// none (seed 000, Origin: who enrolls the card, not required; the request schema is one for every
// source), on each enrollment path - the one-of-two paths (reference A1), every refusal the contract
// makes of the body (helpers/client/negative.ts: required members, lengths, patterns, formats, enums,
// types), every refusal it makes of the Card inside the JWE (seed 000, Card and Limits), the check
// digit and the JWE (reference A3, facts), the unknown receipt (reference A5). A target keeping a rule
// for one source only (a wallet's push taken with both paths) is caught on the source it forgets. The
// ids resolving to nothing, near-written or another client's, under every source: properties.refusal-codes
// and enroll-card.every-source-ids.
import {
  ENROLLMENT_PATHS,
  exampleCard,
  expect,
  lacksPathData,
  loadContract,
  NO_RECEIPT,
  rules,
  test,
  type EnrollmentPath,
} from '../../fixtures/card-enrollment.js';
import { named, SOURCES, withSource } from './sources.known.js';
import { negativeCases, scalarViolations } from '../../fixtures/negative.js';
import { firstOfEach } from '../../helpers/client/invariants/kit.js';

const contract = await loadContract('card-enrollment');
/** The refusals of the request rules: a 400 (seed 000, Errors: INVALID_ARGUMENT, or INVALID_STATE for what does not resolve). */
const refused = (res: { status: number; body: any }) =>
  res.status === 400 && ['INVALID_ARGUMENT', 'INVALID_STATE'].includes(res.body?.status);

/**
 * Cards the contract refuses (seed 000, Card and Limits): each member of Card one past each of its
 * limits, outside its pattern, of another type, and missing where required; each confirmed invalid by
 * the Card schema. Plus the check digit (reference A3), which no schema states.
 */
function invalidCards(): { name: string; card: Record<string, unknown> }[] {
  const schema = contract.componentSchema('Card');
  const isCard = contract.component('Card');
  const valid: Record<string, unknown> = { ...exampleCard() };
  const out: { name: string; card: Record<string, unknown> }[] = [];
  for (const [member, memberSchema] of Object.entries(schema.properties as Record<string, any>)) {
    for (const v of scalarViolations(contract.resolveSchema(memberSchema), valid[member]))
      out.push({ name: `card.${member}: ${v.why}`, card: { ...valid, [member]: v.value } });
    if ((schema.required ?? []).includes(member)) {
      const { [member]: _gone, ...rest } = valid;
      out.push({ name: `card.${member}: missing though required`, card: rest });
    }
  }
  const pan = String(valid.primaryAccountNumber);
  const wrongDigit = `${pan.slice(0, -1)}${(Number(pan.at(-1)) + 1) % 10}`;
  return [
    ...out.filter((c) => !isCard(c.card)),
    { name: 'card.primaryAccountNumber: a wrong check digit (reference A3)', card: { ...valid, primaryAccountNumber: wrongDigit } },
  ];
}

const PATH_RULES: Record<EnrollmentPath, string[]> = {
  card: [
    'CE-LIM-PAN',
    'CE-LIM-EXPMONTH',
    'CE-LIM-EXPYEAR',
    'CE-LIM-CVC',
    'CE-PAT-EXPIRY:refuse',
    'CE-REQ-CARD',
    'CE-LUHN:refuse',
    'CE-JWE-DECRYPT',
  ],
  receipt: ['CE-REQ-RECEIPT', 'CE-LIM-REFERENCEID', 'CE-ENUM-REFTYPE:refuse', 'CE-STATE-UNKNOWN-RECEIPT'],
};
/** The body rules negativeCases breaks on both paths (seed 000, EnrollCardRequest and its members). */
const BODY_RULES = [
  'CE-REQ-REQUEST',
  'CE-REQ-CONSUMER',
  'CE-REQ-IDENTITY',
  'CE-REQ-PHONE',
  'CE-REQ-COMPLIANCE',
  'CE-REQ-EMPTY',
  'CE-PAT-SRCCLIENTID:refuse',
  'CE-PAT-SERVICEID:refuse',
  'CE-PAT-CORRELATIONID:refuse',
  'CE-PAT-PHONE:refuse',
  'CE-FMT-URI:refuse',
  'CE-FMT-COUNTRY:refuse',
  'CE-FMT-LANGUAGE:refuse',
  'CE-ENUM-IDENTITYTYPE:refuse',
  'CE-LIM-FIRSTNAME',
  'CE-LIM-LASTNAME',
  'CE-LIM-IDENTITYVALUE',
];

/**
 * The generated cases that break only a member's JSON type (null, a number or an array in its place):
 * the schema's type, which a per-source fork of the rules never changes; the conformance spec sends
 * them once. Every other case (missing, empty, length, pattern, format, enum) is sent under every source.
 */
const TYPE_ONLY = /: (null \(empty|a number where|an array where|an object where|text where|a fraction where)/;

for (const path of ENROLLMENT_PATHS) {
  test(
    `every request rule of the ${path} path holds under every cardSource and with none: each request the contract refuses is 400 @assumption`,
    rules(`CE-SOURCE-EVERY-RULE@${path}`, 'CE-EXCL-PATH:refuse', ...BODY_RULES.map((r) => `${r}@${path}`), ...PATH_RULES[path]),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const op = cardRequestContract.operation('putCard');
      // One encrypted card and one receipt for every source (cardSource is outside the JWE).
      const onPath = await cards.on(path);
      const other =
        path === 'card'
          ? { enrolmentReferenceData: cards.withReceipt().enrolmentReferenceData }
          : { encryptedCard: (await cards.withCard()).encryptedCard };
      const { encryptedCard: _card, enrolmentReferenceData: _receipt, ...neither } = onPath;
      const pathCases: { name: string; body: Record<string, unknown> }[] = [
        { name: 'both encryptedCard and enrolmentReferenceData (reference A1)', body: { ...onPath, ...other } },
        { name: 'neither encryptedCard nor enrolmentReferenceData (reference A1)', body: neither },
      ];
      if (path === 'card') {
        const [header, key, iv, , tag] = String(onPath.encryptedCard).split('.');
        pathCases.push({
          name: 'an encryptedCard that does not decrypt',
          body: { ...onPath, encryptedCard: [header, key, iv, 'AAAAAAAAAAAAAAAAAAAA', tag].join('.') },
        });
        for (const c of invalidCards()) pathCases.push({ name: c.name, body: { ...onPath, encryptedCard: await cards.encrypt(c.card) } });
      } else pathCases.push({ name: 'an unknown receipt id (reference A5)', body: cards.withReceipt(`unknown-${crypto.randomUUID()}`) });

      const wrong: string[] = [];
      let sent = 0;
      // Two generated cases can make one body (an object's only member missing, and the object sent
      // empty): those bytes sent once tell what twice would. The source is in the body: each keeps its own.
      const firstBody = firstOfEach((body: unknown) => JSON.stringify(body));
      for (const source of SOURCES) {
        const valid = withSource(onPath, source);
        const bodyCases = negativeCases(cardRequestContract, op, { body: valid }).filter(
          (c) => c.where === 'body' && c.call.body !== undefined && !c.name.startsWith('body /cardSource') && !TYPE_ONLY.test(c.name),
        );
        const all = [
          ...bodyCases.map((c) => ({ name: c.name, body: c.call.body as Record<string, unknown> })),
          ...pathCases.map((c) => ({ name: c.name, body: withSource(c.body, source) })),
        ];
        for (const c of all) {
          if (!firstBody(c.body)) continue;
          const res = await cardApi.call('putCard', { body: c.body });
          sent++;
          if (!refused(res)) wrong.push(`${named(source)}, ${c.name}: ${res.status} ${res.body?.status ?? ''}`);
        }
      }
      test.info().annotations.push({ type: 'rule x source cases', description: `${sent} requests over ${SOURCES.length} sources` });
      expect(sent, 'refusals sent under every source').toBeGreaterThan(SOURCES.length * 40);
      expect(wrong, `every rule of the ${path} path under every source`).toEqual([]);
    },
  );
}
