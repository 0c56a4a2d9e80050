// Covers: putCard (POST /cards) under every cardSource and with none, on each enrollment path (seed 000,
// Origin: who enrolls the card, not required; no source makes a rule of its own, CE-SOURCE-EVERY-RULE).
import {
  boundEnds,
  type CardRequests,
  type Contract,
  ENROLLMENT_PATHS,
  type EnrollmentPath,
  exampleCard,
  expect,
  expectLength,
  identityValueOfLength,
  lacksPathData,
  lengthOf,
  loadContract,
  mockOnly,
  NO_RECEIPT,
  panOfLength,
  refusedNaming,
  rules,
  setPath,
  skipForIdentity,
  test,
  textForms,
  underRule,
  withConflict,
} from '../../fixtures/card-enrollment.js';
import { limitBounds, type LimitRow, named, ruleOfCase, SOURCES, withSource } from './sources.known.js';
import { negativeCases, scalarViolations } from '../../fixtures/negative.js';
import type { CardTarget } from '../../helpers/target/card-enrollment.js';
import { codedConditionsOf } from '../../helpers/client/invariants/refusal-codes.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { endForms } from '../../helpers/client/security/value-forms.js';
import { foreignIdCases, type OwnedMember, ownIdRows } from '../../helpers/client/invariants/owned-ids.js';
import { firstOfEach } from '../../helpers/client/call-key.js';

// --- Every request rule under every cardSource: the paths (reference A1), every refusal of the body and the Card
// (seed 000, Card and Limits), the check digit and the JWE (reference A3, facts), the unknown receipt (reference A5).
const contract = await loadContract('card-enrollment');
/** The refusals of the request rules: a 400 (seed 000, Errors: INVALID_ARGUMENT, or INVALID_STATE for what does not resolve). */
const refused = (res: { status: number; body: any }) =>
  res.status === 400 && ['INVALID_ARGUMENT', 'INVALID_STATE'].includes(res.body?.status);

/** Cards the Card schema refuses (seed 000, Card and Limits), one violation each, and a wrong check digit (reference A3). */
function invalidCards(): { name: string; rule: string | undefined; card: Record<string, unknown> }[] {
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
  // reference A3: the check digit is verified at every length the Card schema allows (CE-LUHN: "at every length"): its
  // minLength, its maxLength and one between, each a valid number of that length with its last digit moved off by one.
  const { min = 0, max = min } = lengthOf(contract, 'Card', 'primaryAccountNumber');
  const wrongDigit = (length: number) => {
    const pan = panOfLength(length);
    return `${pan.slice(0, -1)}${(Number(pan.at(-1)) + 1) % 10}`;
  };
  return [
    ...out.filter((c) => !isCard(c.card)).map((c) => ({ ...c, rule: ruleOfCase(c.name) })),
    ...[...new Set([min, Math.floor((min + max) / 2), max])].map((length) => ({
      name: `card.primaryAccountNumber: a wrong check digit, ${length} digits (reference A3)`,
      rule: 'CE-LUHN',
      card: { ...valid, primaryAccountNumber: wrongDigit(length) },
    })),
  ];
}

/** A card case's member and kind of breach, its variants aside (`card.primaryAccountNumber: longer than maxLength 20, in the issuer range 4`). */
const breachOf = (name: string) =>
  name
    .split(/[,:](?= )|: | in (?:letters|the issuer)/)
    .slice(0, 2)
    .join(':');
/** The first card case of each member and kind of breach (breachOf). */
function firstOfEachBreach<T extends { name: string }>(cases: T[]): T[] {
  const seen = new Set<string>();
  return cases.filter((c) => !seen.has(breachOf(c.name)) && Boolean(seen.add(breachOf(c.name))));
}

/** Each path's rows: a citation, its rule the part before `:` or `@` (seed 000; reference A1, A3, A5). */
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
  ...['CE-REQ-REQUEST', 'CE-REQ-CONSUMER', 'CE-REQ-IDENTITY', 'CE-REQ-PHONE', 'CE-REQ-COMPLIANCE', 'CE-REQ-EMPTY'],
  ...['CE-PAT-SRCCLIENTID:refuse', 'CE-PAT-SERVICEID:refuse', 'CE-PAT-CORRELATIONID:refuse', 'CE-PAT-PHONE:refuse'],
  ...['CE-FMT-URI:refuse', 'CE-FMT-COUNTRY:refuse', 'CE-FMT-LANGUAGE:refuse', 'CE-FMT-EMAIL:refuse', 'CE-ENUM-IDENTITYTYPE:refuse'],
  ...['CE-LIM-FIRSTNAME', 'CE-LIM-LASTNAME', 'CE-LIM-IDENTITYVALUE'],
];
const ruleId = (citation: string) => citation.split(/[:@]/)[0];

/** The generated cases that break only a member's JSON type: sent once by the conformance spec, not per source. */
const TYPE_ONLY = /: (null \(empty|a number where|an array where|an object where|text where|a fraction where)/;
/** The dotted member a generated case leaves out (`body /consumer/firstName: missing though required`, `card.primaryAccountNumber: ...`). */
const missingMember = (name: string) =>
  /^(?:body \/(.+)|(card\..+)): missing though required$/.exec(name)?.slice(1).find(Boolean)?.replace(/\//g, '.');

/**
 * A path's refusals, each with its one rule: the generated body cases (ruleOfCase) and the path's own (reference A1, A5). The
 * body cases are built twice: for a new consumer, and for `known`, the whole consumer of an enrollment already made (its
 * identity, its mobile number, its names; `known` set on the case): seed 000 Consumer and ConsumerIdentity require every
 * member and Limits bound them on every enrollment, so a request is judged as sent, never completed from the profile any member
 * it keeps could find (its identity, or its mobile number when the identity value is the member left out; a repeated call is a
 * documented scenario: CE-VAL-PROFILE). Each case is filed under the rule naming the member it breaks (ruleOfCase).
 */
type Refusal = {
  name: string;
  rule: string | undefined;
  known?: true;
  /** Sent once, under the cardSource its body carries, not under each (the known profile's card cases). */
  oneSource?: true;
  body: () => Promise<Record<string, unknown>>;
};
async function refusalsOf(path: EnrollmentPath, cards: CardRequests, contract: Contract, known: Record<string, any>): Promise<Refusal[]> {
  const onPath = await cards.on(path);
  const bodyCasesOf = (body: Record<string, any>) =>
    negativeCases(contract, contract.operation('putCard'), { body }).filter(
      (c) => c.where === 'body' && c.call.body !== undefined && !c.name.startsWith('body /cardSource') && !TYPE_ONLY.test(c.name),
    );
  const bodyCases = [
    ...bodyCasesOf(onPath).map((c) => ({ c, isKnown: false })),
    ...bodyCasesOf({ ...onPath, consumer: structuredClone(known) }).map((c) => ({ c, isKnown: true })),
  ];
  const { encryptedCard: _card, enrolmentReferenceData: _receipt, ...neither } = onPath;
  const other = async () =>
    path === 'card'
      ? { enrolmentReferenceData: cards.withReceipt().enrolmentReferenceData }
      : { encryptedCard: (await cards.withCard()).encryptedCard };
  const [header, key, iv, , tag] = String(onPath.encryptedCard).split('.');
  return [
    ...bodyCases.map(
      ({ c, isKnown }): Refusal => ({
        name: c.name,
        rule: ruleOfCase(c.name),
        ...(isKnown ? { known: true as const } : {}),
        body: async () => c.call.body as Record<string, unknown>,
      }),
    ),
    {
      name: 'both encryptedCard and enrolmentReferenceData (reference A1)',
      rule: 'CE-EXCL-PATH',
      body: async () => ({ ...onPath, ...(await other()) }),
    },
    { name: 'neither encryptedCard nor enrolmentReferenceData (reference A1)', rule: 'CE-EXCL-PATH', body: async () => neither },
    ...(path === 'card'
      ? [
          {
            name: 'an encryptedCard that does not decrypt',
            rule: 'CE-JWE-DECRYPT',
            body: async () => ({ ...onPath, encryptedCard: [header, key, iv, 'AAAAAAAAAAAAAAAAAAAA', tag].join('.') }),
          },
          // reference/card-enrollment.md, facts: the card under the published key, RSA-OAEP-256 as the key set names it; the same
          // key wrapped with RSA-OAEP over SHA-1 is another algorithm than the one published, so not decrypted with it.
          {
            name: 'an encryptedCard whose key is wrapped with RSA-OAEP (SHA-1), not the published RSA-OAEP-256',
            rule: 'CE-JWE-DECRYPT',
            body: async () => ({
              ...onPath,
              encryptedCard: await cards.encrypt(exampleCard(), await cards.underOtherAlgorithm('RSA-OAEP')),
            }),
          },
          ...invalidCards().map((c) => ({ ...c, body: async () => ({ ...onPath, encryptedCard: await cards.encrypt(c.card) }) })),
          // The same cards for `known`, a consumer already holding a card (seed 000, ConsumerIdentity.identityValue locates the
          // profile; two objects of one owner): the Card (seed 000, Card and Limits; reference A3, the check digit) is judged
          // on every enrollment, never taken on the profile's earlier card. One case of each member and breach (breachOf: not
          // each issuer range, suffix or alphabet again), sent once, as the sample's source sends it (oneSource): the source
          // and the variants are the new consumer's dimensions, the profile this one's.
          ...firstOfEachBreach(invalidCards()).map(
            (c): Refusal => ({
              ...c,
              known: true,
              oneSource: true,
              body: async () => ({ ...onPath, consumer: structuredClone(known), encryptedCard: await cards.encrypt(c.card) }),
            }),
          ),
        ]
      : [
          {
            name: 'an unknown receipt id (reference A5)',
            rule: 'CE-STATE-UNKNOWN-RECEIPT',
            body: async () => cards.withReceipt(`unknown-${crypto.randomUUID()}`),
          },
        ]),
  ];
}

for (const path of ENROLLMENT_PATHS)
  for (const citation of ['CE-EXCL-PATH:refuse', ...BODY_RULES.map((r) => `${r}@${path}`), ...PATH_RULES[path]])
    test(
      `every request breaking ${ruleId(citation)} on the ${path} path is 400 under every cardSource and with none, a required member left out named INVALID_ARGUMENT CANNOT_BE_NULL @assumption`,
      // Each refusal's details are judged by the client's answer judge as every refusal's: the seed's ErrorDetail members and
      // their types (CE-PROP-ERROR-DETAILS), the samples' readings (CE-ERR-FIELD).
      rules(citation, `CE-SOURCE-EVERY-RULE@${path}`, 'CE-ERR-FIELD', 'CE-PROP-ERROR-DETAILS'),
      async ({ cardApi, cards, card, cardRequestContract }) => {
        test.skip(lacksPathData(card, path), NO_RECEIPT);
        skipForIdentity(test.info(), [ruleId(citation)]);
        // A consumer enrolled once, validly, on this path: the body cases are sent for it too, its identity and mobile number
        // those of an enrolled consumer (refusalsOf).
        const enrolled = await cards.on(path);
        expect((await cardApi.call('putCard', { body: enrolled })).status, 'the consumer enrolled first').toBe(200);
        const all = await refusalsOf(path, cards, cardRequestContract, enrolled.consumer);
        expect(
          all.filter((c) => c.rule === undefined).map((c) => c.name),
          'every refusal has its rule',
        ).toEqual([]);
        const rows = all.filter((c) => c.rule === ruleId(citation));
        expect(rows.length, `the ${path} path's refusals of ${ruleId(citation)}`).toBeGreaterThan(0);
        const wrong: string[] = [];
        // seed 000, Errors: a mandatory value missing is INVALID_ARGUMENT; reference A4: its path (CE-ERR-FIELD).
        const detailed: string[] = [];
        const answers = new Map<string, { status: number; body: any }>();
        for (const row of rows) {
          const body = await row.body();
          const name = row.known ? `${row.name}, its consumer already enrolled` : row.name;
          for (const source of row.oneSource ? [body.cardSource as string | undefined] : SOURCES) {
            const key = JSON.stringify(withSource(body, source));
            let res = answers.get(key);
            if (!res) {
              // Sent expected refused (CallOptions.negative): an acceptance is this rule's refusal missed, filed under it, not
              // under the answer's form of the value taken (a month 13 echoed off MaskedCard's pattern).
              res = await cardApi.call('putCard', {
                body: withSource(body, source),
                negative: true,
                ...(row.rule ? { judges: row.rule } : {}),
              });
              answers.set(key, res);
              if (!refused(res))
                wrong.push(`${named(source)}, ${name}: Received: ${res.status} ${res.body?.status ?? ''} / Documented: 400`);
            }
            const field = missingMember(row.name);
            if (field === undefined) continue;
            if (!refusedNaming(res, field, ['INVALID_ARGUMENT']))
              wrong.push(
                `${named(source)}, ${name}: Received: ${res.status} ${res.body?.status ?? ''} / Documented: INVALID_ARGUMENT naming ${field}`,
              );
            // Its sourceType BODY and reason CANNOT_BE_NULL: the error-details property's, on every refusal (error-details.ts).
            else if (!res.body?.details?.some((d: any) => d.source === field))
              detailed.push(`${named(source)}, ${name}: no detail ${field}`);
          }
        }
        test
          .info()
          .annotations.push({ type: 'rule x source cases', description: `${answers.size} requests over ${SOURCES.length} sources` });
        underRule(test.info(), ruleId(citation), () =>
          expect(wrong, `${ruleId(citation)} on the ${path} path under every source`).toEqual([]),
        );
        underRule(test.info(), 'CE-ERR-FIELD', () => expect(detailed, 'each member left out detailed by its path').toEqual([]));
      },
    );

// --- Under every cardSource on each path: seed 000's Limits at their maximum and one past, names around each mask
// change (provider Card API MaskedConsumer), each own serviceId (seed 000, MaskedCard serviceId).

/** seed 000, Limits: the request rows, each with a value of a given length that keeps every other rule of its member. */
const LIMITS: LimitRow[] = (
  [
    { rule: 'CE-LIM-FIRSTNAME', field: 'consumer.firstName', value: (n: number) => 'É'.padEnd(n, "a-B' ") },
    { rule: 'CE-LIM-LASTNAME', field: 'consumer.lastName', value: (n: number) => 'ñ'.padEnd(n, "O'b- ") },
    { rule: 'CE-LIM-IDENTITYVALUE', field: 'consumer.consumerIdentity.identityValue', value: identityValueOfLength },
    { rule: 'CE-LIM-PAN', field: 'card.primaryAccountNumber', value: (n: number) => panOfLength(n) },
    { rule: 'CE-LIM-EXPMONTH', field: 'card.panExpirationMonth', value: (n: number) => '12'.padStart(n, '0').slice(-n).padStart(n, '1') },
    { rule: 'CE-LIM-EXPYEAR', field: 'card.panExpirationYear', value: (n: number) => '2031'.padEnd(n, '0').slice(0, n) },
    // A leading zero: a code read as a number ('012' as 12) would be judged a digit short.
    { rule: 'CE-LIM-CVC', field: 'card.cardSecurityCode', value: (n: number) => '0987654321'.slice(0, n) },
    { rule: 'CE-LIM-REFERENCEID', field: 'enrolmentReferenceData.enrolmentReferenceId', value: (n: number) => `r${'0'.repeat(n - 1)}` },
  ] satisfies LimitRow[]
).map((row) => ({ ...row, ...limitBounds(row.field) }));
const onPath = (path: EnrollmentPath) =>
  LIMITS.filter((l) => (path === 'card' ? !l.field.startsWith('enrolmentReferenceData.') : !l.field.startsWith('card.')));

/** A consumer member's limit is cited on each path; the card's and the receipt's are of their path alone. */
const atOf = (field: string, path: EnrollmentPath) => (field.startsWith('consumer.') ? `@${path}` : '');

for (const path of ENROLLMENT_PATHS)
  for (const limit of onPath(path))
    test(
      `${limit.field} of the ${path} path under every cardSource and with none: at its maximum accepted, one past it refused naming it (and at its minimum, one short)`,
      rules(
        `${limit.rule}:accept${atOf(limit.field, path)}`,
        `${limit.rule}:refuse${atOf(limit.field, path)}`,
        `CE-SOURCE-EVERY-RULE@${path}`,
        'CE-ERR-FIELD',
      ),
      async ({ cardApi, cards, card }) => {
        test.skip(lacksPathData(card, path), NO_RECEIPT);
        const wrong: string[] = [];
        let sent = 0;
        for (const source of SOURCES) {
          for (const { n: length, ok: accepted } of boundEnds(limit)) {
            const value = limit.value(length);
            // Step-free when it holds (fixtures/assertions/quiet.ts): the value sent must have the length judged.
            expectLength(value, length, `a ${limit.field} of ${length} characters`);
            let body: Record<string, any>;
            if (limit.field.startsWith('card.')) body = await cards.withCard({ ...exampleCard(), [limit.field.slice(5)]: value });
            else body = setPath(await cards.on(path), limit.field, value);
            // One past a bound is sent expected refused (CallOptions.negative): taken, it is filed under the limit's rule.
            const res = await cardApi.call('putCard', {
              body: withSource(body, source),
              ...(accepted ? {} : { negative: true as const, judges: limit.rule }),
            });
            sent++;
            const what = `${named(source)}, ${limit.field} of ${length} characters`;
            const refused = refusedNaming(res, limit.field);
            if (!accepted && !refused) wrong.push(`${what}: ${res.status} ${res.body?.status ?? ''}, not refused naming it`);
            // A reference id at its maximum is no known receipt: INVALID_STATE (reference A5), never INVALID_ARGUMENT.
            if (accepted && limit.field.startsWith('enrolmentReferenceData.') && refusedNaming(res, limit.field, ['INVALID_ARGUMENT']))
              wrong.push(`${what}: refused for its length`);
            else if (accepted && !limit.field.startsWith('enrolmentReferenceData.') && res.status !== 200)
              wrong.push(`${what}: ${res.status} ${res.body?.status ?? ''}, not accepted`);
          }
        }
        expect(sent, 'lengths sent under every source').toBeGreaterThanOrEqual(SOURCES.length * 2);
        underRule(test.info(), limit.rule, () => expect(wrong, `${limit.field} on the ${path} path under every source`).toEqual([]));
      },
    );

const NAME_MAX = Math.min(lengthOf(contract, 'Consumer', 'firstName').max!, lengthOf(contract, 'Consumer', 'lastName').max!);
/** Initials a folding, a capitalisation or a transliteration changes, and filler of both cases, accents, punctuation and spaces. */
const INITIALS = ['É', 'o', "'", 'Ж', 'ñ'];
const nameOf = (length: number, i: number) => `${INITIALS[i % INITIALS.length]}${"aB-c d'Ñe".repeat(NAME_MAX)}`.slice(0, length);
/** The first name's lengths (the last's mirrored) around each mask change (provider Card API MaskedConsumer), 10, 20, the longest. */
const NAME_LENGTHS = [...new Set([1, 2, 3, 4, 10, 11, 12, 20, 21].flatMap((n) => [n, NAME_MAX + 1 - n]))]
  .filter((n) => n >= 1 && n <= NAME_MAX)
  .sort((a, b) => a - b);

for (const path of ENROLLMENT_PATHS) {
  test(
    `masks names of ${NAME_LENGTHS.join(', ')} characters (each side of every boundary up to ${NAME_MAX}) under every cardSource and with none (${path}): the first character, then one * per other character @provider`,
    rules(`CE-MASK-NAMES@${path}`, `CE-SOURCE-EVERY-RULE@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      let judged = 0;
      const refused: string[] = [];
      for (const [s, source] of SOURCES.entries())
        for (const length of NAME_LENGTHS) {
          // A new consumer each time (a fresh identity): the client's judge compares each mask with the name sent.
          let body = withSource(await cards.on(path), source);
          body = setPath(body, 'consumer.firstName', nameOf(length, s));
          body = setPath(body, 'consumer.lastName', nameOf(NAME_MAX + 1 - length, s + 1));
          const res = await cardApi.call('putCard', { body });
          if (res.status !== 200)
            refused.push(
              `${named(source)}, names of ${length} and ${NAME_MAX + 1 - length} characters: ${res.status} ${res.body?.status ?? ''}`,
            );
          judged++;
        }
      expect(refused, 'names of every length under every source accepted (200)').toEqual([]);
      expect(judged, 'every length under every source').toBe(SOURCES.length * NAME_LENGTHS.length);
    },
  );

  test(
    `enrolls each of the caller's own serviceIds under every cardSource and with none (${path}), the serviceId echoed byte for byte, '#' and all @assumption`,
    rules(`CE-ECHO-SERVICEID@${path}`, `CE-PAT-SERVICEID:accept@${path}`, `CE-SOURCE-EVERY-RULE@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const wrong: string[] = [];
      for (const source of SOURCES)
        for (const serviceId of card.serviceIds) {
          const res = await cardApi.call('putCard', { body: { ...withSource(await cards.on(path), source), serviceId } });
          // The client's judge holds the 200's serviceId to the one sent (CE-ECHO-SERVICEID).
          if (res.status !== 200) wrong.push(`${named(source)}, serviceId of ${serviceId.length} characters: ${res.status}`);
        }
      expect(wrong, "each of the caller's own serviceIds enrolled under every source").toEqual([]);
    },
  );
}

// --- Every id the request names, under every cardSource on each path: resolved exactly (seed 000, Errors 400
// INVALID_STATE; reference A5; CE-LOOKUP-EXACT), and the caller's own (CE-PROP-IDS-OWNED; reference A2).
const OWN_VALUES: Record<string, (card: CardTarget) => string[]> = {
  srcClientId: (card) => card.srcClientIds,
  serviceId: (card) => card.serviceIds,
  'enrolmentReferenceData.enrolmentReferenceId': (card) => card.receipts.map((r) => r.id),
};

/** An id's near forms: `every` under every source, others rotating; `or403`: may be another client's id (reference A2). */
function nearForms(id: string): { form: string; how: string; every: boolean; or403: boolean }[] {
  const swapped = [...id].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const half = Math.floor(id.length / 2);
  const sep = id.search(/[-_]/);
  const out = [
    { form: swapped, how: 'its case swapped', every: true, or403: false },
    { form: `Z${id}`, how: 'a character added at its head', every: true, or403: true },
    ...endForms(id).map((f) => ({ form: f.value, how: f.how, every: f.how.includes('added'), or403: true })),
    { form: id.toUpperCase(), how: 'in capitals', every: false, or403: false },
    { form: ` ${id}`, how: 'a space before it', every: false, or403: false },
    { form: `${id} `, how: 'a space after it', every: false, or403: false },
    { form: `${id.slice(0, half)} ${id.slice(half)}`, how: 'a space inside it', every: false, or403: false },
    { form: id.slice(1), how: 'its first character dropped', every: false, or403: true },
    ...(sep > 0 && sep < id.length - 1 ? [{ form: id.slice(sep + 1), how: 'without its leading part', every: false, or403: true }] : []),
    { form: '', how: 'emptied', every: false, or403: false },
    ...textForms(id).map((form) => ({ form, how: 'a separator, a leading zero or the case changed', every: false, or403: false })),
  ];
  return out.filter((f, i) => f.form !== id && out.findIndex((o) => o.form === f.form) === i);
}

const LOOKUP = 'lookup-exact';
/** The rule stating the refusal of each id member resolving to nothing (seed 000, Errors: 400 INVALID_STATE; reference A5). */
const UNKNOWN_RULE: Record<string, string> = {
  srcClientId: 'CE-STATE-UNKNOWN-CLIENT',
  serviceId: 'CE-STATE-UNKNOWN-SERVICE',
  'enrolmentReferenceData.enrolmentReferenceId': 'CE-STATE-UNKNOWN-RECEIPT',
};
/** The rule stating the refusal of a form an id member's pattern refuses (seed 000, the request's patterns). */
const PATTERN_RULE: Record<string, string> = { srcClientId: 'CE-PAT-SRCCLIENTID', serviceId: 'CE-PAT-SERVICEID' };
/** The rule stating a near form's refusal: its member's unknown-id rule where the contract takes the form, else its pattern's. */
const refusedRule = (takes: boolean, member: string): string => (takes ? UNKNOWN_RULE : PATTERN_RULE)[member] ?? UNKNOWN_RULE[member]!;
const OWNERSHIP = 'ids-owned';

test(
  "refuses each of the caller's own ids near-written, on every source and path: INVALID_STATE where the contract takes the form, 400 naming the member where it does not @assumption",
  rules(
    ...ENROLLMENT_PATHS.flatMap((p) => [
      `CE-LOOKUP-EXACT@${p}`,
      `CE-STATE-UNKNOWN-CLIENT@${p}`,
      `CE-STATE-UNKNOWN-SERVICE@${p}`,
      `CE-PAT-SRCCLIENTID:refuse@${p}`,
      `CE-PAT-SERVICEID:refuse@${p}`,
      `CE-REQ-EMPTY@${p}`,
    ]),
    'CE-STATE-UNKNOWN-RECEIPT',
    'CE-ERR-FIELD',
  ),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    const validate = cardRequestContract.requestValidatorOf('putCard')!;
    // The members the contract names as resolving to an entity: its 400's `unresolved` conditions.
    const members = [...new Set(codedConditionsOf(cardRequestContract).flatMap((c) => (c.unresolved ? [c.unresolved] : [])))];
    const foreign = [card.foreignSrcClientId, card.foreignServiceId, card.otherClient?.srcClientId, card.otherClient?.serviceId];
    // Each near form judged under the rule stating its member's refusal (seed 000, Errors 400 INVALID_STATE), the member
    // named too (that rule states it: seed 000 ErrorDetail.source), the own body after them under the exact lookup (reference A5).
    const wrong = new Violations(LOOKUP);
    const leftOut: string[] = [];
    const cells = new Set<string>();
    // The same form of two own ids (emptied, say) on the same source is one body: its bytes sent once.
    const firstBody = firstOfEach((body: unknown) => JSON.stringify(body));
    let sent = 0;
    for (const [pi, path] of ENROLLMENT_PATHS.entries()) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: the target names no receipt`);
        continue;
      }
      const onPath = await cards.on(path);
      let turn = pi;
      for (const member of members) {
        const own = OWN_VALUES[member]?.(card) ?? [];
        const current = member.split('.').reduce((acc: any, k) => acc?.[k], onPath);
        if (current === undefined || own.length === 0) {
          leftOut.push(`${path}: ${member} ${current === undefined ? 'is not sent on this path' : 'has no own value the suite knows'}`);
          continue;
        }
        for (const [k, id] of own.entries())
          for (const f of nearForms(id).filter((x) => !own.includes(x.form) && !foreign.includes(x.form))) {
            // The source-wide forms of the first own id under every source; every other form under one, rotating.
            const sources = f.every && k === 0 ? SOURCES : [SOURCES[turn++ % SOURCES.length]];
            for (const source of sources) {
              const body = withSource(setPath(onPath, member, f.form), source);
              if (!firstBody(body)) continue;
              const takes = validate(body);
              // An emptied id the contract refuses by its form is a member sent empty (CE-REQ-EMPTY states it); one it takes ("" of
              // serviceId, whose pattern takes an empty string) resolves to no entity (its unknown-id rule, seed 000 Errors).
              const rule = f.how === 'emptied' && !takes ? 'CE-REQ-EMPTY' : refusedRule(takes, member);
              // Sent as a refusal expected (CallOptions.negative): a success is this form's rule broken, filed below under it, not the
              // taken answer's echo of a program it enrolled for instead.
              const res = await cardApi.call('putCard', { body, judges: rule, negative: true });
              sent++;
              cells.add(`${path}/${named(source)}`);
              // An emptied id is also "a mandatory value is missing" (seed 000, Errors: 400 INVALID_ARGUMENT): either code.
              const codes = f.how === 'emptied' ? ['INVALID_STATE', 'INVALID_ARGUMENT'] : ['INVALID_STATE'];
              const refused = takes
                ? (res.status === 400 && codes.includes(res.body?.status)) || (f.or403 && res.status === 403)
                : res.status === 400;
              const naming = res.status === 403 || refusedNaming(res, member);
              if (!refused || !naming)
                wrong.add(
                  'putCard',
                  `${path} path, ${named(source)}: ${member} '${f.form}' (own '${id}', ${f.how})`,
                  `${res.status} ${res.body?.status ?? ''}${refused ? ' naming another member' : ''}`,
                  `${takes ? `400 ${codes.join(' or ')}` : '400'} naming ${member}`,
                  // A refusal naming another member: that a detail names the offending parameter (seed 000, ErrorDetail.source)
                  // is the refusal's own rule's statement (CE-STATE-UNKNOWN-CLIENT "a detail, where given, naming srcClientId";
                  // CE-ERR-FIELD leaves it there), not reference A4's dotted path.
                  rule,
                );
            }
          }
      }
    }
    // A refusal leaves no trace (reference A5): each path's own body is enrolled after them.
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p))) {
      const res = await cardApi.call('putCard', { body: { ...(await cards.on(path)), srcCorrelationId: crypto.randomUUID() } });
      if (res.status !== 200)
        wrong.add(
          'putCard',
          `${path} path: its own body after the near forms`,
          `${res.status} ${res.body?.status ?? ''}`,
          '200',
          'CE-LOOKUP-EXACT',
        );
    }
    testInfo.annotations.push({
      type: LOOKUP,
      description: `${sent} near forms over ${cells.size} source x path cells; ${leftOut.join('; ')}`,
    });
    countProperty(testInfo, {
      property: LOOKUP,
      service: 'card-enrollment',
      rule: 'CE-LOOKUP-EXACT',
      applies: ['putCard'],
      checked: sent > 0 ? ['putCard'] : [],
      exceptions: sent > 0 ? [] : [{ operationId: 'putCard', reason: `no own id to near-write: ${leftOut.join('; ')}` }],
    });
    expect(cells.size, 'every source x path cell sent').toBe(
      SOURCES.length * ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)).length,
    );
    wrong.expectNone(`an own id near-written is no id of the caller (${sent} sent)`);
  },
);

/** Another client's id refused (seed 000, Authentication 403, Errors; reference A2; provider Card API 1.0.0 putCard 403). */
const OWNED: Record<string, OwnedMember> = {
  srcClientId: {
    member: 'srcClientId',
    rule: 'CE-AUTH-ORIGIN',
    documented: '403 PERMISSION_DENIED',
    refused: (res) => res.status === 403 && [res.body?.status, res.body?.reason].includes('PERMISSION_DENIED'),
  },
  serviceId: {
    member: 'serviceId',
    rule: 'CE-STATE-FOREIGN-SERVICE',
    documented: '400 INVALID_STATE naming serviceId, or 403',
    refused: (res) => res.status === 403 || (res.status === 400 && res.body?.status === 'INVALID_STATE' && refusedNaming(res, 'serviceId')),
  },
};

test(
  "refuses every id another client holds in every id member, on every source and path, and takes each of the caller's own after them @assumption",
  rules(
    ...ENROLLMENT_PATHS.flatMap((p) => [
      `CE-PROP-IDS-OWNED@${p}`,
      `CE-AUTH-ORIGIN@${p}`,
      `CE-STATE-FOREIGN-SERVICE@${p}`,
      `CE-STATE-OWN-IDS@${p}`,
      `CE-ECHO-SERVICEID@${p}`,
    ]),
  ),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    // The members the contract names as resolving to an entity; those the target's world gives an owner.
    const members = [...new Set(codedConditionsOf(cardRequestContract).flatMap((c) => (c.unresolved ? [c.unresolved] : [])))];
    const owned = members.filter((m) => OWNED[m] && card.foreignIds[m]?.length);
    const memberCells = members.map((m) => `putCard ${m}`);
    const memberLeftOut = members
      .filter((m) => !owned.includes(m))
      .map((m) => ({
        operationId: `putCard ${m}`,
        reason: OWNED[m]
          ? `the target names no id of another client for it (CARD_FOREIGN_${m === 'srcClientId' ? 'SRC_CLIENT_ID' : 'SERVICE_ID'} in .env)`
          : 'no client owns it: the target keeps one table of known receipts for every client (reference A5)',
      }));
    const paths = ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p));
    const pathCells = ENROLLMENT_PATHS.flatMap((p) => SOURCES.map((s) => `putCard (${p}, ${named(s)})`));
    const pathLeftOut = ENROLLMENT_PATHS.filter((p) => lacksPathData(card, p)).flatMap((p) =>
      SOURCES.map((s) => ({ operationId: `putCard (${p}, ${named(s)})`, reason: `${p} path: the target names no receipt` })),
    );
    const own: Record<string, string[]> = Object.fromEntries(owned.map((m) => [m, OWN_VALUES[m](card)]));
    const bodies = Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await cards.on(p)]))) as Record<
      EnrollmentPath,
      Record<string, any>
    >;
    const fresh = (body: Record<string, any>) => ({ ...body, srcCorrelationId: crypto.randomUUID() });
    // Each refusal judged under its member's rule, one naming another member too (its rule states the member named); the own
    // ids after them under CE-STATE-OWN-IDS.
    const wrong = new Violations(OWNERSHIP);
    const checkedCells = new Set<string>();
    const cases = foreignIdCases(owned, own, card.foreignIds, paths, SOURCES);
    const noForeign = 'the target names no id of another client (CARD_FOREIGN_SRC_CLIENT_ID, CARD_FOREIGN_SERVICE_ID in .env)';
    const count = (checked: Set<string>) =>
      countProperty(testInfo, {
        property: OWNERSHIP,
        service: 'card-enrollment',
        rule: 'CE-PROP-IDS-OWNED',
        applies: ['putCard', ...memberCells, ...pathCells],
        checked: checked.size ? ['putCard', ...checked] : [],
        exceptions: [...(checked.size ? [] : [{ operationId: 'putCard', reason: noForeign }]), ...memberLeftOut, ...pathLeftOut],
      });
    for (const c of cases) {
      const body = withSource(fresh({ ...bodies[c.path], ...c.own, [c.member]: c.id }), c.source);
      // A refusal expected (CallOptions.negative): a success is the member's rule broken, filed below.
      const res = await cardApi.call('putCard', { body, negative: true });
      checkedCells.add(`putCard (${c.path}, ${named(c.source)})`).add(`putCard ${c.member}`);
      if (!OWNED[c.member].refused(res)) {
        const naming = res.status === 400 && !refusedNaming(res, c.member, [res.body?.status]);
        wrong.add(
          'putCard',
          `${c.path} path, ${named(c.source)}: ${c.member} '${c.id}' (another client's, #${c.index + 1} of ${card.foreignIds[c.member].length}; own ${JSON.stringify(c.own)})`,
          `${res.status} ${res.body?.status ?? ''}${naming ? ' naming another member' : ''}`,
          OWNED[c.member].documented,
          // Refused naming another member or not refused: either is the refusal's own rule's (seed 000, ErrorDetail.source names
          // the offending parameter; CE-ERR-FIELD leaves that to the refusal's rule).
          OWNED[c.member].rule,
        );
      }
    }
    // reference A2: the origin is the srcClientId's. Another client's srcClientId sent with a program of that same client (the
    // pair the other client enrolls with, under the caller's key) breaks only the origin: the program is known and allowed to
    // that srcClientId, so no serviceId condition stands before it: 403, whatever the caller's own programs are.
    const other = card.otherClient;
    const theirs = other && { srcClientId: other.srcClientId, serviceId: card.foreignServiceId ?? other.serviceId };
    if (theirs && owned.includes('srcClientId'))
      for (const path of paths)
        for (const source of SOURCES) {
          const res = await cardApi.call('putCard', { body: withSource(fresh({ ...bodies[path], ...theirs }), source), negative: true });
          if (!OWNED.srcClientId.refused(res))
            wrong.add(
              'putCard',
              `${path} path, ${named(source)}: another client's srcClientId with a serviceId of that client's (${JSON.stringify(theirs)})`,
              `${res.status} ${res.body?.status ?? ''}`,
              OWNED.srcClientId.documented,
              OWNED.srcClientId.rule,
            );
        }
    // After every refusal, the caller's own ids on each path, pairwise with the sources, are accepted.
    let accepted = 0;
    for (const path of paths)
      for (const { source, ids } of ownIdRows(owned, own, SOURCES)) {
        const res = await cardApi.call('putCard', { body: withSource(fresh({ ...bodies[path], ...ids }), source) });
        if (res.status === 200) accepted++;
        else
          wrong.add(
            'putCard',
            `${path} path, ${named(source)}: own ids ${JSON.stringify(ids)} after the refusals`,
            `${res.status} ${res.body?.status ?? ''}`,
            '200',
            'CE-STATE-OWN-IDS',
          );
      }
    count(checkedCells);
    testInfo.annotations.push({
      type: OWNERSHIP,
      description: `${cases.length} foreign ids sent (${owned.map((m) => `${m}: ${card.foreignIds[m].length}`).join(', ')}) over ${checkedCells.size - owned.length} source x path cells, then ${accepted} own id rows accepted; left out: ${[...memberLeftOut, ...pathLeftOut].map((l) => `${l.operationId}: ${l.reason}`).join('; ') || 'none'}`,
    });
    wrong.expectNone("every id the caller names is the caller's: another client's refused, its own taken after");
  },
);

// --- A refused enrollment leaves no trace (CE-PROP-IDS-OWNED; seed 000, Errors: a refused request answers an error). A
// refusal after the body passed validation (an id resolving to nothing: seed 000, Errors 400 INVALID_STATE; another
// client's: reference A2, 403) adds no consumer: the identity's first accepted enrollment is the one that adds it
// (CE-VAL-CONSUMER-ADDED, "a new identity is a new profile"), dated with the card it adds (the answer judge,
// fixtures/assertions/card-enrollment-answer.ts). The mock's clock is moved a day on between the two, so a consumer kept
// from the refusal shows a day early.
test(
  "an enrollment refused for an id (resolving to nothing, another client's) adds no consumer: the identity's first accepted enrollment a day later adds it @assumption @mock-only",
  mockOnly(
    rules('CE-PROP-IDS-OWNED@card', 'CE-VAL-CONSUMER-ADDED@card', 'CE-STATE-UNKNOWN-CLIENT@card', 'CE-STATE-UNKNOWN-SERVICE@card'),
    "needs the mock's virtual clock moved between the refusal and the enrollment: a sandbox's clock is the real one",
  ),
  async ({ cardApi, cards, card, cardMock }) => {
    const refusals: { what: string; ids: Record<string, string> }[] = [
      { what: 'a srcClientId resolving to nothing', ids: { srcClientId: `Z${card.srcClientId}` } },
      { what: 'a serviceId resolving to nothing', ids: { serviceId: `Z${card.serviceId}` } },
      ...card.foreignIds.srcClientId.slice(0, 1).map((id) => ({ what: "another client's srcClientId", ids: { srcClientId: id } })),
      ...card.foreignIds.serviceId.slice(0, 1).map((id) => ({ what: "another client's serviceId", ids: { serviceId: id } })),
    ];
    const identities: { what: string; consumer: Record<string, any> }[] = [];
    for (const r of refusals) {
      const body = { ...(await cards.withCard(exampleCard())), ...r.ids };
      const res = await cardApi.call('putCard', { body });
      // Taken instead: the refusal's own rule's (the lookup and ownership checks above); its identity is no longer new.
      if (res.status >= 400) identities.push({ what: r.what, consumer: body.consumer });
    }
    expect(identities.length, 'refusals whose trace is looked for').toBeGreaterThan(0);
    await cardMock.advanceClock(86_400);
    // Each identity's first accepted enrollment: the answer judge holds its dateConsumerAdded to the card's dateOfCardCreated.
    for (const { consumer } of identities) {
      const body = await cards.withCard();
      body.consumer = consumer;
      expect((await cardApi.call('putCard', { body })).status, 'the identity refused before, enrolled').toBe(200);
    }
  },
);

// --- Every cardSource on each path (seed 000, Origin; States and transitions): every source, brand, country, language.
/**
 * Variants no rule of the answer depends on (brand BIN, country, language, calling code), rotated per path; Canada's calling
 * code is the USA's, so a masked consumer's country taken from the phone rather than the country sent tells (the answer judge's
 * CE-PROP-ECHO-AS-SENT, on every answer).
 */
const VARIANTS = [
  { bin: '411111', countryCode: 'IN', languageCode: 'hi', callingCode: '91' },
  { bin: '601111', countryCode: 'JP', languageCode: 'ja', callingCode: '81' },
  { bin: '356600', countryCode: 'AE', languageCode: 'ar', callingCode: '971' },
  { bin: '222300', countryCode: 'CA', languageCode: 'fr', callingCode: '1' },
  { bin: '520473', countryCode: 'AU', languageCode: 'en', callingCode: '61' },
];
/** The correlation id's optional 8-hex prefix (seed 000, SrcCorrelationId `([0-9a-f]{8}.)?`): none, then joined by a dot, a dash, an underscore, a colon. */
const CORRELATION_JOINERS = [undefined, '.', '-', '_', ':'] as const;
const variantOf = (path: string, sourceIndex: number) => VARIANTS[(sourceIndex + (path === 'card' ? 0 : 2)) % VARIANTS.length];

test(
  "every cardSource on each path: the caller's own is enrolled ACTIVE with its own BIN, expiry and correlation id, a UTC date and the names in order, whatever the brand, country and language @assumption @provider",
  withConflict(
    rules(
      ...ENROLLMENT_PATHS.flatMap((path) => [
        `CE-STATE-ACTIVE@${path}`,
        `CE-MASK-PAN@${path}`,
        `CE-VAL-CREATED@${path}`,
        `CE-MASK-NAMES@${path}`,
        `CE-ECHO-CORRELATION@${path}`,
        // Judged on every answer by the card enrollment client (fixtures/assertions/card-enrollment-answer.ts), here under every variant.
        `CE-VAL-CONSUMER-ADDED@${path}`,
        `CE-MASK-EMAIL@${path}`,
        `CE-OBJ-SENSITIVE@${path}`,
        `CE-ECHO-SERVICEID@${path}`,
      ]),
      'CE-RECEIPT-ACCOUNT@receipt',
      'CE-ECHO-EXPIRY@card',
      'CE-PROP-ECHO-AS-SENT',
      'CE-ENUM-CARDSOURCE:accept',
    ),
    'CE-CONFLICT-CARD-SOURCE-REQUIRED',
  ),
  async ({ cardApi, cards, card }) => {
    const wrong: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      for (const [index, source] of SOURCES.entries()) {
        const variant = variantOf(path, index);
        const what = `${path} path, ${named(source)}, BIN ${variant.bin}, consumer ${variant.countryCode}/${variant.languageCode} +${variant.callingCode}`;
        const pan = path === 'card' ? panOfLength(16, variant.bin) : card.receipt?.primaryAccountNumber;
        // A month with a leading zero and a mixed-case correlation id, in turn without the pattern's optional prefix and with it
        // joined by each class of character its `.` takes (seed 000, SrcCorrelationId): an echo not byte for byte tells.
        const plain = exampleCard({ primaryAccountNumber: pan, panExpirationMonth: '04' });
        const joiner = CORRELATION_JOINERS[(index + (path === 'card' ? 0 : 1)) % CORRELATION_JOINERS.length];
        const prefix = joiner === undefined ? '' : `0a1b2c3d${joiner}`;
        const request = async () => {
          const body = await cards.on(path, path === 'card' ? plain : undefined);
          body.srcCorrelationId = `${prefix}0F8fAD5b-D9cb-469F-a165-${crypto.randomUUID().slice(-12).toUpperCase()}`;
          body.consumer = {
            ...body.consumer,
            countryCode: variant.countryCode,
            languageCode: variant.languageCode,
            mobileNumber: { ...body.consumer.mobileNumber, countryCode: variant.callingCode },
          };
          if (source === undefined) delete body.cardSource;
          else body.cardSource = source;
          return body;
        };
        const own = await cardApi.call('putCard', { body: await request() });
        // CE-CONFLICT-CARD-SOURCE-REQUIRED: the provider requires cardSource; a 4xx without it is that conflict.
        if (source === undefined && own.status >= 400 && own.status < 500) {
          test
            .info()
            .annotations.push({ type: 'conflict', description: `CE-CONFLICT-CARD-SOURCE-REQUIRED: ${what} answered ${own.status}` });
          continue;
        }
        if (own.status !== 200) wrong.push(`${what}: the caller's own enrollment answered ${own.status}`);
      }
    }
    expect(wrong, 'every source on every path, whatever the brand, country and language, enrolls the card with its expiry').toEqual([]);
  },
);
