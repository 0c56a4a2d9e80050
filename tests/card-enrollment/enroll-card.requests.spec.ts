// Covers: POST /cards (putCard), the validation of a request on both paths (seed 000, Resources and their
// fields, Limits, Errors 400; reference A1, A3): one path of two, the required members, members sent empty,
// closed enums, formats and patterns at their edges on each path. Every refusal the contract makes under every
// cardSource is enroll-card.every-source*.spec.ts's; the contract's whole valid space and single violations are
// enroll-card.properties.spec.ts's and conformance.negative.spec.ts's. One section per family, each with what it covers.
import {
  conflictsWithout,
  deletePath,
  detailsNameParameter,
  ENROLLMENT_PATHS,
  type EnrollmentPath,
  enumOf,
  exampleCard,
  expect,
  expectCardError,
  type FieldCase as Case,
  lacksPathData,
  loadContract,
  NO_RECEIPT,
  refusedNaming,
  restsOnSeedIdentity,
  rules,
  SCHEMA_REFUSAL,
  SEED_IDENTITY_TYPE,
  setPath,
  test,
  underRule,
  withConflict,
} from '../../fixtures/card-enrollment.js';
import { ruleOfEmpty } from './sources.known.js';

// --- POST /cards (putCard): exactly one enrollment path per request (reference A1), and an
// encryptedCard that must decrypt with the target's published key (reference, facts: JWE).
/**
 * reference A4: the 400 names the offending field; with both paths or neither, that is one of the two
 * members (reference A1). `within`: a member of one of the two counts too (an empty one's missing member).
 */
function expectPathNamed(res: { body: unknown }, within = false) {
  const details = (res.body as { details?: { source?: string; sourceType?: string }[] }).details ?? [];
  const named = (source: string) =>
    ['encryptedCard', 'enrolmentReferenceData'].some((m) => source === m || (within && source.startsWith(`${m}.`)));
  expect(
    details.some((d) => named(d.source ?? '') && d.sourceType === 'BODY'),
    `a detail naming encryptedCard or enrolmentReferenceData with sourceType BODY (got sources: ${details.map((d) => JSON.stringify(d.source)).join(', ') || 'none'})`,
  ).toBe(true);
}

// seed 000, What the service does: {base_url} (sandbox or production) ends with the path prefix
// /src/api/digital/payments, and the operation's path is appended to it; the enrollment answered
// there is the target serving the documented path (a sandbox's base URL is checked so by the
// configuration, helpers/config/env-schema.ts; the mock's is the one it serves).
test(
  'enrolls a request with encryptedCard only (card-number path), at the base path the seed documents @smoke @assumption',
  rules('CE-EXCL-PATH:accept', 'CE-TRANS-BASE-PATH'),
  async ({ cardApi, cards, card }) => {
    expect(new URL(card.baseURL).pathname.replace(/\/$/, ''), 'the base URL ends with the documented prefix').toMatch(
      /\/src\/api\/digital\/payments$/,
    );
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
  },
);

test(
  'enrolls a request with enrolmentReferenceData only (receipt path), a known receipt @smoke @assumption',
  rules('CE-EXCL-PATH:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, NO_RECEIPT);
    const res = await cardApi.call('putCard', { body: cards.withReceipt() });
    expect(res.status).toBe(200);
  },
);

test(
  'rejects a request with both encryptedCard and enrolmentReferenceData, also when one of the two is empty @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1: a member sent is a path taken, whatever its value; an empty encryptedCard ('') beside
    // a receipt, or an empty enrolmentReferenceData ({}) beside a card, is 400 naming one of the two or a
    // member of it (as both paths, or as the empty member refused): never the other path enrolled.
    const card = await cards.withCard();
    const receipt = cards.withReceipt();
    const bodies = {
      both: { ...card, enrolmentReferenceData: receipt.enrolmentReferenceData },
      'an empty encryptedCard beside a receipt': { ...receipt, encryptedCard: '' },
      'an empty enrolmentReferenceData beside a card': { ...card, enrolmentReferenceData: {} },
    };
    for (const [how, body] of Object.entries(bodies)) {
      const res = await cardApi.call('putCard', { body });
      expect(res.status, how).toBe(400);
      expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
      expectPathNamed(res, body !== bodies.both);
    }
  },
);

test(
  'rejects a request with neither encryptedCard nor enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1
    const res = await cardApi.call('putCard', { body: cards.base() });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
    expectPathNamed(res);
  },
);

test(
  'rejects an encryptedCard that does not decrypt with the published key @assumption',
  rules('CE-JWE-DECRYPT', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    const request = await cards.withCard();
    const [header, key, iv, , tag] = request.encryptedCard.split('.');
    const res = await cardApi.call('putCard', {
      body: { ...request, encryptedCard: [header, key, iv, 'AAAAAAAAAAAAAAAAAAAA', tag].join('.') },
    });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'encryptedCard', sourceType: 'BODY' });
  },
);

// --- POST /cards (putCard) 400: every required member left out, on each path under every cardSource, is
// 400 INVALID_ARGUMENT naming it with CANNOT_BE_NULL (seed 000, Resources and their fields; Errors): the
// every-source sweep's (enroll-card.every-source.spec.ts, the contract's required members and the Card's).
// Here the members the seed leaves optional, and a body that is not JSON (seed 000, Errors).
// seed 000: cardSource is not required, and of the Card only primaryAccountNumber is. The provider
// requires both (a target refusing them with a 4xx is that conflict).
test(
  'enrolls a request without cardSource (not required)',
  withConflict(rules('CE-REQ-REQUEST'), ...conflictsWithout('card-enrollment', 'putCard', 'body:cardSource')),
  async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', { body: deletePath(await cards.withCard(), 'cardSource') });
    expect(res.status).toBe(200);
  },
);

test(
  'enrolls a card without panExpirationMonth and panExpirationYear (not required)',
  withConflict(rules('CE-REQ-CARD'), ...conflictsWithout('card-enrollment', 'putCard', 'body:card.panExpirationMonth')),
  async ({ cardApi, cards }) => {
    const { panExpirationMonth: _month, panExpirationYear: _year, ...card } = exampleCard();
    const res = await cardApi.call('putCard', { body: await cards.withCard(card) });
    expect(res.status).toBe(200);
  },
);

test('rejects a body that is not JSON with 400 INVALID_ARGUMENT', rules('CE-ERR-MALFORMED'), async ({ cardApi }) => {
  // seed 000, Errors: "Body does not match the request schema" is 400 INVALID_ARGUMENT.
  const res = await cardApi.call('putCard', { rawBody: '{"srcClientId": ' });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

// seed 000, Errors: a body that does not match the request schema (an object) is 400 INVALID_ARGUMENT,
// whatever JSON value it is instead: each of them, never a failure of the server.
const NOT_AN_OBJECT = ['null', '[]', '[{}]', '"card"', '42', 'true'];

test(
  `rejects a JSON body that is no object (${NOT_AN_OBJECT.join(', ')}) with 400 INVALID_ARGUMENT`,
  rules('CE-ERR-MALFORMED'),
  async ({ cardApi }) => {
    const wrong: string[] = [];
    for (const rawBody of NOT_AN_OBJECT) {
      const res = await cardApi.call('putCard', { rawBody });
      const status = (res.body as { status?: unknown } | undefined)?.status;
      if (res.status !== 400 || status !== 'INVALID_ARGUMENT') wrong.push(`${rawBody}: ${res.status} ${JSON.stringify(status)}`);
    }
    expect(wrong, 'each is 400 INVALID_ARGUMENT').toEqual([]);
  },
);

// --- POST /cards (putCard) on each enrollment path: every member of the request, found by walking
// the contract's EnrollCardRequest (and the Card inside encryptedCard on the card path), sent empty -
// "" for a string, {} for an object, null for either - where the contract then refuses the request
// (seed 000, EnrollCardRequest and its members; Errors 400 INVALID_ARGUMENT). An empty member is
// present, not absent: a target that takes "" or {} for "not sent" (a truthiness test) lets it through,
// and beside the other path's member it enrolls a request reference A1 refuses. Each body is first
// confirmed invalid by the contract; the members whose empty form the contract allows (a name, the
// serviceId, the receipt id: no minLength) are left to the checks of their own rules.
const contract = await loadContract('card-enrollment');
const doc = contract.document;
type Node = Record<string, any>;

const deref = (node: Node): Node => contract.resolveSchema(node);

/** Every member of a schema by dotted path, with the empty values of its type. */
function members(node: Node, at = ''): { field: string; empties: unknown[] }[] {
  return Object.entries<Node>(deref(node)?.properties ?? {}).flatMap(([name, child]) => {
    const field = at ? `${at}.${name}` : name;
    const n = deref(child);
    const empties = n.type === 'object' ? [{}, null] : n.type === 'array' ? [[], null] : ['', null];
    return [{ field, empties }, ...members(n, field)];
  });
}

const REQUEST_MEMBERS = members(doc.paths['/cards'].post.requestBody.content['application/json'].schema);
const CARD_MEMBERS = members(doc.components.schemas.Card);
/** A member on a path: the receipt's children only where the receipt is sent (its own emptiness is tried on both). */
const onPath = (field: string, path: EnrollmentPath) => !field.startsWith('enrolmentReferenceData.') || path === 'receipt';
/** The 400 names the member (a name of it, seed 000 ErrorDetail), or a member inside it (an empty object lacks its required children). */
const namesMember = (details: { source?: string }[], field: string) =>
  detailsNameParameter(details, field) || details.some((d) => String(d.source).startsWith(`${field}.`));

for (const path of ENROLLMENT_PATHS) {
  test(
    `refuses, on the ${path} path, every member sent empty ("", {} or null) where the contract refuses it, with 400 INVALID_ARGUMENT naming it, never as absent`,
    rules(
      `CE-REQ-EMPTY@${path}`,
      `CE-REQ-NULL@${path}`,
      'CE-EXCL-PATH:refuse',
      ...(path === 'card' ? ['CE-REQ-CARD'] : ['CE-REQ-RECEIPT']),
      'CE-ERR-FIELD',
    ),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const valid = await cards.on(path);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      // absent: the same request without the member (what a null read as "not sent" is answered as).
      const cases: {
        field: string;
        value: unknown;
        absent: () => Promise<Record<string, unknown>>;
        body: () => Promise<Record<string, unknown>>;
      }[] = [];
      const without = (root: object, field: string) => JSON.parse(JSON.stringify(setPath(root, field, undefined)));
      const allowed: string[] = [];
      for (const { field, empties } of REQUEST_MEMBERS.filter((m) => onPath(m.field, path)))
        for (const value of empties) {
          const body = setPath(valid, field, value);
          if (validate(body)) allowed.push(`${field} ${JSON.stringify(value)}`);
          else cases.push({ field, value, absent: async () => without(valid, field), body: async () => body });
        }
      // The card path: each member of the Card inside encryptedCard (seed 000, Card), named card.<member> (reference A4).
      if (path === 'card')
        for (const { field, empties } of CARD_MEMBERS)
          for (const value of empties) {
            const plain = setPath(exampleCard(), field, value);
            if (validateCard(plain)) allowed.push(`card.${field} ${JSON.stringify(value)}`);
            else
              cases.push({
                field: `card.${field}`,
                value,
                absent: () => cards.withCard(without(exampleCard(), field)),
                body: () => cards.withCard(plain),
              });
          }
      // Each wrong row is its own rule's (the first leads): the other path's member sent empty, CE-EXCL-PATH
      // (reference A1); another member, ruleOfEmpty's (a required one's '' its value's rule).
      const other = path === 'card' ? 'enrolmentReferenceData' : 'encryptedCard';
      const wrong: { rule: string; text: string }[] = [];
      // Whether null stands for "not sent" the seed does not say: a null answered with the status the same
      // request without the member gets (enrolled, or refused as incomplete) breaks only CE-REQ-NULL.
      const asAbsent: string[] = [];
      for (const c of cases) {
        const res = await cardApi.call('putCard', { body: await c.body() });
        const details = (res.body?.details ?? []) as { source?: string }[];
        if (res.status === 400 && SCHEMA_REFUSAL.includes(res.body?.status) && namesMember(details, c.field)) continue;
        const text = `${c.field} ${JSON.stringify(c.value)}: ${res.status} ${res.body?.status ?? ''}`;
        if (c.value === null && (await cardApi.call('putCard', { body: await c.absent() })).status === res.status) asAbsent.push(text);
        else wrong.push({ rule: c.field === other ? 'CE-EXCL-PATH' : ruleOfEmpty(c.field, c.value), text });
      }
      test.info().annotations.push({ type: 'note', description: `empty forms the contract allows, not sent: ${allowed.join(', ')}` });
      // The other path's member, empty, is among them (reference A1: both paths is 400), so the family is whole.
      expect(
        cases.some((c) => c.field === other),
        `an empty ${other} beside the ${path} is sent`,
      ).toBe(true);
      underRule(test.info(), wrong[0]?.rule ?? 'CE-REQ-EMPTY', () =>
        expect(
          wrong.map((w) => w.text),
          `every empty member is refused naming it (${cases.length} sent)`,
        ).toEqual([]),
      );
      underRule(test.info(), 'CE-REQ-NULL', () =>
        expect(asAbsent, 'every member sent null is refused naming it, not taken as left out').toEqual([]),
      );
    },
  );
}

// --- POST /cards (putCard) on each enrollment path: every enum member of the request, found by
// walking the contract's EnrollCardRequest, is closed - each value it lists is enrolled (elsewhere:
// formats, sources, receipt-formats) and a value it does not list is 400 INVALID_ARGUMENT naming the
// member (seed 000, Origin, ConsumerIdentity, EnrolmentReferenceData; Errors 400 INVALID_ARGUMENT).
// A target that adds a value to an enum (a role the seed does not name, a value's part, another
// enum's value) accepts one of the outside values below. Each is first confirmed outside by the
// contract; the provider's own values (seed-vs-provider conflicts, conflicts.yaml) are left to the
// checks that name those conflicts.

/** Every member of a schema that holds an enum, by dotted path, with its listed and its provider values. */
function enumMembers(node: Node, at = ''): { field: string; values: string[]; provider: string[] }[] {
  const n = deref(node);
  if (Array.isArray(n?.enum)) return [{ field: at, values: n.enum.map(String), provider: (n['x-provider-enum'] ?? []).map(String) }];
  return Object.entries<Node>(n?.properties ?? {}).flatMap(([name, child]) => enumMembers(child, at ? `${at}.${name}` : name));
}

const REQUEST = doc.paths['/cards'].post.requestBody.content['application/json'].schema;
const MEMBERS = enumMembers(REQUEST);
/** Every value any enum of the contract lists, request or response: a value of one enum sent to another. */
const ALL_ENUM_VALUES = [
  ...new Set(
    Object.values<Node>(doc.components.schemas).flatMap(function walk(n: Node): string[] {
      if (!n || typeof n !== 'object') return [];
      return [...(Array.isArray(n.enum) ? n.enum.map(String) : []), ...Object.values<Node>(n).flatMap(walk)];
    }),
  ),
];
/**
 * The provider's values where the seed's differ (Card API 1.0.0: Origin EXISTING_CREDENTIAL, the reference
 * types of EnrolmentReferenceType, ConsumerIdentityType EXTERNAL_ACCOUNT_ID): the conflicts
 * CE-CONFLICT-CARD-SOURCE-VALUE, CE-CONFLICT-REFERENCE-TYPES and CE-CONFLICT-CONSUMER-IDENTITY, judged
 * by the checks that name them, never here.
 */
const PROVIDER_VALUES = new Set([
  'EXISTING_CREDENTIAL',
  'EXISTING_TOKEN_UNIQUE_REFERENCE',
  'TOKEN_UNIQUE_REFERENCE',
  'SRC_DIGITAL_CARD_ID',
  ...MEMBERS.flatMap((m) => m.provider),
]);
/** Roles and kinds a target might add to an enum of who enrolls what: words of the payments trade. */
const TRADE_WORDS = [
  'PARTNER',
  'ACQUIRER',
  'NETWORK',
  'TOKEN_REQUESTOR',
  'CONSUMER',
  'CUSTOMER',
  'BANK',
  'PROCESSOR',
  'PLATFORM',
  'DIGITAL_WALLET',
  'PAYMENT_FACILITATOR',
  'OTHER',
  'UNKNOWN',
  'NONE',
  'DEFAULT',
  'ALL',
];

/** Values just outside an enum: each listed value's case, white space, plural and parts, other enums' values, trade words. */
function outsideValues(values: string[]): string[] {
  const near = values.flatMap((v) => {
    const words = v.split('_');
    const parts = words.flatMap((_, i) => [words.slice(0, i + 1).join('_'), words.slice(i).join('_')]);
    const title = v.charAt(0) + v.slice(1).toLowerCase();
    return [v.toLowerCase(), title, ` ${v}`, `${v} `, `${v}S`, v.slice(0, -1), v.replace(/_/g, '-'), v.replace(/_/g, ''), ...parts];
  });
  const all = ['', ...near, ...ALL_ENUM_VALUES, ...TRADE_WORDS];
  return [...new Set(all)].filter((v) => !values.includes(v) && !PROVIDER_VALUES.has(v));
}

/** A member's body on a path: the receipt's members only where the receipt is sent. */

for (const path of ENROLLMENT_PATHS) {
  const members = MEMBERS.filter((m) => onPath(m.field, path));

  test(
    `refuses, on the ${path} path, a value outside every enum of the request (${members.map((m) => m.field).join(', ')}) with 400 INVALID_ARGUMENT naming the member`,
    rules(
      `CE-ENUM-CARDSOURCE:refuse@${path}`,
      `CE-ENUM-IDENTITYTYPE:refuse@${path}`,
      ...(path === 'receipt' ? ['CE-ENUM-REFTYPE:refuse'] : []),
      'CE-ERR-FIELD',
    ),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const valid = await cards.on(path);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const wrong: string[] = [];
      let sent = 0;
      for (const { field, values } of members) {
        // The seed's identity type rests on the seed's identity (CARD_REQUEST_IDENTITY=provider sends another).
        if (field.endsWith('identityType') && restsOnSeedIdentity([], true)) continue;
        for (const value of outsideValues(values)) {
          const body = setPath(structuredClone(valid), field, value);
          if (validate(body)) throw new Error(`the contract accepts ${field} '${value}': not an outside value`);
          const res = await cardApi.call('putCard', { body });
          sent++;
          if (!refusedNaming(res, field)) wrong.push(`${field} '${value}': ${res.status} ${res.body?.status ?? ''}`);
        }
      }
      expect(sent, 'outside values were sent').toBeGreaterThan(0);
      expect(wrong, `every value outside an enum is refused naming its member (${sent} sent)`).toEqual([]);
    },
  );
}

// --- POST /cards (putCard): every enum with each allowed value and values just outside it;
// ISO 3166 / ISO 639-1 codes, the e-mail identity value, version URIs, the card expiry (seed 000,
// field tables). Each body row is first confirmed against the contract.
const REFERENCE_TYPES = enumOf(contract, 'EnrolmentReferenceData', 'enrolmentReferenceType');

const row =
  (rule: string, field: string, accepted: boolean, why: string) =>
  (value: string): Case => ({ rule, field, value, accepted, why });
/** Rows of one rule and member: [value, accepted, why]. */
const cases = (rule: string, field: string, list: [string, boolean, string][]): Case[] =>
  list.map(([value, accepted, why]) => ({ rule, field, value, accepted, why }));

const BODY_CASES: Case[] = [
  // seed 000, Origin enum (cardSource): every value the contract lists
  ...enumOf(contract, 'Origin').map(row('CE-ENUM-CARDSOURCE', 'cardSource', true, 'an Origin value')),
  ...['CONSUMER', 'WALLETS'].map(row('CE-ENUM-CARDSOURCE', 'cardSource', false, 'not an Origin value')),
  row('CE-ENUM-CARDSOURCE', 'cardSource', false, 'an Origin value in the wrong case')('cardholder'),
  {
    ...row('CE-ENUM-CARDSOURCE', 'cardSource', false, "the provider's Origin value, not the seed's")('EXISTING_CREDENTIAL'),
    conflict: 'CE-CONFLICT-CARD-SOURCE-VALUE',
  },
  // seed 000, ConsumerIdentity: identityType enum (one value); identityValue matches it (<EMAIL>)
  ...enumOf(contract, 'ConsumerIdentityType').map(
    row('CE-ENUM-IDENTITYTYPE', 'consumer.consumerIdentity.identityType', true, 'the only ConsumerIdentityType'),
  ),
  ...['PHONE_NUMBER', 'email_address', 'EMAIL_ADDRESS '].map(
    row('CE-ENUM-IDENTITYTYPE', 'consumer.consumerIdentity.identityType', false, 'not a ConsumerIdentityType'),
  ),
  ...['first.last+tag@example.com', 'a@example.io'].map(
    row('CE-FMT-EMAIL', 'consumer.consumerIdentity.identityValue', true, 'an e-mail address'),
  ),
  ...['not-an-email', 'ann@', '@example.com', 'ann smith@example.com'].map(
    row('CE-FMT-EMAIL', 'consumer.consumerIdentity.identityValue', false, 'not an e-mail address'),
  ),
  // seed 000, Consumer: countryCode ISO 3166 alpha-2, languageCode ISO 639-1
  ...['GB', 'AD', 'ZW'].map(row('CE-FMT-COUNTRY', 'consumer.countryCode', true, 'an ISO 3166 alpha-2 code')),
  row('CE-FMT-COUNTRY', 'consumer.countryCode', false, 'alpha-3, not alpha-2')('USA'),
  row('CE-FMT-COUNTRY', 'consumer.countryCode', false, 'one letter')('U'),
  row('CE-FMT-COUNTRY', 'consumer.countryCode', false, 'not an assigned alpha-2 code')('AB'),
  ...['fr', 'aa', 'zu'].map(row('CE-FMT-LANGUAGE', 'consumer.languageCode', true, 'an ISO 639-1 code')),
  row('CE-FMT-LANGUAGE', 'consumer.languageCode', false, 'ISO 639-2, not ISO 639-1')('eng'),
  row('CE-FMT-LANGUAGE', 'consumer.languageCode', false, 'one letter')('e'),
  row('CE-FMT-LANGUAGE', 'consumer.languageCode', false, 'not an ISO 639-1 code')('qq'),
  // seed 000, ComplianceSettings: latestVersionUri "URI of the latest version"
  row('CE-FMT-URI', 'complianceSettings.privacy.latestVersionUri', true, 'an https URI')('https://src.example.test/privacy/v3?lang=en'),
  row('CE-FMT-URI', 'complianceSettings.tnc.latestVersionUri', true, 'an https URI')('https://src.example.test/terms/v7#section-2'),
  row('CE-FMT-URI', 'complianceSettings.privacy.latestVersionUri', false, 'words, not a URI')('privacy v3'),
  row('CE-FMT-URI', 'complianceSettings.tnc.latestVersionUri', false, 'a relative path, not a URI')('terms/v7'),
];

// seed 000, Card: panExpirationMonth "two-digit month", panExpirationYear "four-digit year".
const CARD_CASES: Case[] = [
  ...['01', '09', '10', '12'].map(row('CE-PAT-EXPIRY', 'card.panExpirationMonth', true, 'a two-digit month')),
  ...['00', '13', '1a'].map(row('CE-PAT-EXPIRY', 'card.panExpirationMonth', false, 'not a month')),
  row('CE-PAT-EXPIRY', 'card.panExpirationYear', true, 'four digits')('2039'),
  ...['20a9', 'abcd'].map(row('CE-PAT-EXPIRY', 'card.panExpirationYear', false, 'not a four-digit year')),
];

// The provider's Origin value is the conflict CE-CONFLICT-CARD-SOURCE-VALUE: a target enrolling it meets the conflict.
for (const c of BODY_CASES.filter((row) => row.conflict))
  test(
    `rejects ${c.field} '${c.value}' (${c.why})`,
    withConflict(rules(`${c.rule}:refuse@card`, 'CE-ERR-FIELD'), c.conflict!),
    async ({ cardApi, cards }) => {
      const res = await cardApi.call('putCard', { body: setPath(await cards.withCard(), c.field, c.value) });
      expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: c.field, sourceType: 'BODY' });
    },
  );

test(
  `accepts enrolmentReferenceType ${REFERENCE_TYPES.join(', ')} (the only value)`,
  rules('CE-ENUM-REFTYPE:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, NO_RECEIPT);
    const res = await cardApi.call('putCard', { body: cards.withReceipt() });
    expect(res.status).toBe(200);
  },
);

// The provider's other reference types (Card API 1.0.0, EnrolmentReferenceType) are not the seed's:
// a target that enrolls with one is that seed-vs-provider conflict.
const PROVIDER_REFERENCE_TYPES = ['EXISTING_TOKEN_UNIQUE_REFERENCE', 'TOKEN_UNIQUE_REFERENCE', 'SRC_DIGITAL_CARD_ID'];
for (const value of ['PUSH_ACCOUNT_RECEIPTS', 'push_account_receipt', ...PROVIDER_REFERENCE_TYPES]) {
  const cited = withConflict(
    rules('CE-ENUM-REFTYPE:refuse', 'CE-ERR-FIELD'),
    ...(PROVIDER_REFERENCE_TYPES.includes(value) ? ['CE-CONFLICT-REFERENCE-TYPES'] : []),
  );

  test(`rejects enrolmentReferenceType '${value}' with INVALID_ARGUMENT naming the field`, cited, async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', {
      body: setPath(cards.withReceipt(), 'enrolmentReferenceData.enrolmentReferenceType', value),
    });
    expectCardError(res, {
      http: 400,
      status: SCHEMA_REFUSAL,
      field: 'enrolmentReferenceData.enrolmentReferenceType',
      sourceType: 'BODY',
    });
  });
}

// seed 000, ConsumerIdentity: EMAIL_ADDRESS with an e-mail address. The provider names a consumer by
// EXTERNAL_ACCOUNT_ID and an opaque id (Card API 1.0.0, ConsumerIdentityTypeDoc): a target that
// enrolls it is that seed-vs-provider conflict.
test(
  "rejects the provider's consumer identity (EXTERNAL_ACCOUNT_ID and a UUID) with INVALID_ARGUMENT",
  withConflict(rules('CE-ENUM-IDENTITYTYPE:refuse@card', 'CE-ERR-FIELD'), 'CE-CONFLICT-CONSUMER-IDENTITY'),
  async ({ cardApi, cards, cardContract }) => {
    const body = setPath(await cards.withCard(), 'consumer.consumerIdentity', {
      identityType: 'EXTERNAL_ACCOUNT_ID',
      identityValue: crypto.randomUUID(),
    });
    expect(cardContract.requestValidator('putCard')!(body), 'the contract refuses it').toBe(false);
    expectCardError(await cardApi.call('putCard', { body }), {
      http: 400,
      status: SCHEMA_REFUSAL,
      field: 'consumer.consumerIdentity.identityType',
      sourceType: 'BODY',
    });
  },
);

// --- POST /cards (putCard), every pattern of the request outside the card (seed 000,
// EnrollCardRequest, SrcCorrelationId, PhoneNumber) with values accepted at the edge of the pattern
// and values just outside it; each row is first confirmed against the contract.
const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

const PATTERN_CASES: Case[] = [
  ...cases('CE-PAT-CORRELATIONID', 'srcCorrelationId', [
    // seed 000, SrcCorrelationId: ^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-...-[0-9a-fA-F]{12}$ (its other accepted
    // forms, each case of the UUID and the prefix joined by each class of character, on both paths: the
    // valid-forms property, properties.type-forms.spec.ts)
    [uuid, true, 'a lower-case UUID without prefix'],
    [`ffffffff.${uuid.toUpperCase()}`, true, 'the prefix f..f with an upper-case UUID'],
    [`0A1B2C3D.${uuid}`, false, 'an upper-case prefix (the prefix is [0-9a-f])'],
    [`0a1b2c3.${uuid}`, false, 'a 7-hex prefix'],
    [`0a1b2c3d4.${uuid}`, false, 'a 9-hex prefix'],
    [`0a1b2c3g.${uuid}`, false, 'a prefix that is not hex'],
    [uuid.replace(/-/g, ''), false, 'a UUID without dashes'],
    [uuid.slice(0, -1), false, 'a UUID one digit short'],
    [`${uuid}0`, false, 'a UUID one digit long'],
    [uuid.replace('0f8', '0g8'), false, 'a UUID with a non-hex letter'],
  ]),
  ...cases('CE-PAT-SRCCLIENTID', 'srcClientId', [
    // seed 000, EnrollCardRequest: srcClientId "UUID, lower-case hex 8-4-4-4-12" (the accepted side is
    // the registered id, below; an unregistered well-formed id is INVALID_STATE, enroll-card.unresolved).
    ['not-a-uuid', false, 'not a UUID'],
    [uuid.slice(0, -1), false, 'a UUID one digit short'],
    [`{${uuid}}`, false, 'a UUID in braces'],
  ]),
  ...cases('CE-PAT-SERVICEID', 'serviceId', [
    // seed 000, EnrollCardRequest: serviceId ^[0-9a-zA-Z#_-]*$ (accepted side: every registered id, below)
    ['SRC PROGRAM', false, 'a space'],
    ['src.program', false, 'a dot'],
    ['src+program', false, 'a plus sign'],
    ['prógram', false, 'a letter outside a-z'],
  ]),
  ...cases('CE-PAT-PHONE', 'consumer.mobileNumber.countryCode', [
    // seed 000, PhoneNumber: "digits only, no plus sign"; "digits only, without country code"
    ['1', true, 'one digit'],
    ['44', true, 'digits only'],
    ['+44', false, 'a plus sign'],
    ['44 ', false, 'a trailing space'],
  ]),
  ...cases('CE-PAT-PHONE', 'consumer.mobileNumber.phoneNumber', [
    ['5550100', true, 'digits only'],
    ['0123456789', true, 'every digit 0-9'],
    ['555-0100', false, 'a dash'],
    ['55501OO', false, 'letters'],
    ['５５５０１００', false, 'full-width digits'],
  ]),
];

test(
  'accepts the registered srcClientId (a lower-case UUID)',
  rules('CE-PAT-SRCCLIENTID:accept@card'),
  async ({ cardApi, cards, card }) => {
    expect(card.srcClientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const res = await cardApi.call('putCard', { body: await cards.withCard() });
    expect(res.status).toBe(200);
  },
);

test(
  'rejects the registered srcClientId in upper case with INVALID_ARGUMENT (lower-case UUID only)',
  rules('CE-PAT-SRCCLIENTID:refuse@card', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), srcClientId: card.srcClientId.toUpperCase() } });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'srcClientId', sourceType: 'BODY' });
  },
);

// Every serviceId registered to the client accepted (the mock registers ids with # _ -): enroll-card.every-source.spec.ts,
// under every cardSource on each path (CE-PAT-SERVICEID:accept, CE-ECHO-SERVICEID).

// --- putCard (POST /cards) on the push-account-receipt path (seed 000, (b)): the patterns,
// formats and enums of the request outside the card (EnrollCardRequest, SrcCorrelationId, Consumer,
// ConsumerIdentity, PhoneNumber, ComplianceSettings, Origin) hold there as on the card path
// (the sections above check them on the card path): the
// request schema is one, whichever path the card takes. Values a normalisation would change (case,
// a space before or after, a leading zero, one character) are judged as the contract judges them;
// each row is first confirmed against the contract.

/** Rows as enroll-card.patterns/formats write them, each with a value that can tell. */
const RECEIPT_CASES: Case[] = [
  ...cases('CE-PAT-CORRELATIONID', 'srcCorrelationId', [
    [`0A1B2C3D.${uuid}`, false, 'an upper-case prefix'],
    [` ${uuid}`, false, 'a leading space'],
  ]),
  ...cases('CE-PAT-SRCCLIENTID', 'srcClientId', [[`${uuid} `, false, 'a trailing space']]),
  ...cases('CE-PAT-SERVICEID', 'serviceId', [['SRC PROGRAM', false, 'an inner space']]),
  ...cases('CE-PAT-PHONE', 'consumer.mobileNumber.countryCode', [
    ['1', true, 'one digit'],
    ['+44', false, 'a plus sign'],
  ]),
  ...cases('CE-PAT-PHONE', 'consumer.mobileNumber.phoneNumber', [
    ['0123456789', true, 'a leading zero'],
    ['555 0100', false, 'an inner space'],
  ]),
  ...cases('CE-FMT-COUNTRY', 'consumer.countryCode', [['USA', false, 'alpha-3, not alpha-2']]),
  ...cases('CE-FMT-LANGUAGE', 'consumer.languageCode', [['eng', false, 'ISO 639-2, not 639-1']]),
  ...cases('CE-FMT-URI', 'complianceSettings.tnc.latestVersionUri', [['not a uri', false, 'not a URI']]),
  ...cases('CE-ENUM-CARDSOURCE', 'cardSource', [
    ['issuer', false, 'an Origin value in the wrong case'],
    ['MERCHANT', true, 'an Origin value'],
  ]),
  ...cases('CE-PAT-SERVICEID', 'serviceId', [['src.program', false, 'a dot']]),
  ...cases('CE-FMT-EMAIL', 'consumer.consumerIdentity.identityValue', [
    ['ann smith@example.com', false, 'an inner space'],
    ['a@example.io', true, 'a one-letter local part'],
  ]),
  ...cases('CE-ENUM-IDENTITYTYPE', 'consumer.consumerIdentity.identityType', [['email_address', false, 'the wrong case']]),
];

// --- putCard (POST /cards) on each enrollment path: the ISO codes and the e-mail identity of
// the consumer (seed 000, Consumer: countryCode ISO 3166 alpha-2, languageCode ISO 639-1;
// ConsumerIdentity: identityValue matches EMAIL_ADDRESS) with values a normalisation would change:
// another case, a space before or after, a line break after, a region after the code. The contract
// refuses a code in the other case, padded or with a region, and an address padded with a space,
// and accepts an address in mixed case: a target that trims
// or case-folds before it judges passes the rows of the formats section above and not these. Each
// row is first confirmed against the contract.
const TELLING_CASES: Case[] = [
  ...cases('CE-FMT-COUNTRY', 'consumer.countryCode', [
    ['us', false, 'an alpha-2 code in lower case'],
    ['Us', false, 'an alpha-2 code in mixed case'],
    [' US', false, 'an alpha-2 code after a space'],
  ]),
  ...cases('CE-FMT-LANGUAGE', 'consumer.languageCode', [
    ['EN', false, 'an ISO 639-1 code in upper case'],
    ['en ', false, 'an ISO 639-1 code before a space'],
    // A language tag with a region (BCP 47, or the POSIX locale's underscore) is not an ISO 639-1 code;
    // nor is one read as a line (a trailing line break), for either code.
    ['en-GB', false, 'a language tag with a region'],
    ['fr_CA', false, 'a locale with a region'],
    ['en\n', false, 'an ISO 639-1 code before a line break'],
  ]),
  ...cases('CE-FMT-COUNTRY', 'consumer.countryCode', [
    ['US\n', false, 'an alpha-2 code before a line break'],
    ['US-NY', false, 'a subdivision code (ISO 3166-2)'],
  ]),
  ...cases('CE-FMT-EMAIL', 'consumer.consumerIdentity.identityValue', [
    [' first.last@example.com', false, 'an address after a space'],
    ['first.last@example.com ', false, 'an address before a space'],
    ['First.Last@Example.COM', true, 'an address in mixed case'],
  ]),
];

/** The rows of each path: the formats, the patterns and the card's expiry on the card path, the receipt's own rows on its path, the telling rows on both. */
const ROWS: Record<EnrollmentPath, Case[]> = {
  card: [...BODY_CASES.filter((c) => !c.conflict), ...PATTERN_CASES, ...CARD_CASES, ...TELLING_CASES],
  receipt: [...RECEIPT_CASES, ...TELLING_CASES],
};

// One body over every row of a path: the row confirmed by the contract (the request, or the Card inside
// encryptedCard), then an accepted value enrolled, a refused one 400 INVALID_ARGUMENT naming its member
// (seed 000, Errors; ErrorDetail), its detail's source the member's dotted path with sourceType BODY
// (reference A4, CE-ERR-FIELD). Rows resting on the seed's identity skip with CARD_REQUEST_IDENTITY=provider.
for (const path of ENROLLMENT_PATHS)
  test(
    `on the ${path} path, each telling value of the request (enums, ISO codes, e-mail identity, URIs, patterns${path === 'card' ? ", the card's expiry" : ''}) is accepted or refused naming its member, as the contract says @seed`,
    rules(...new Set(ROWS[path].map((c) => `${c.rule}:${c.accepted ? 'accept' : 'refuse'}@${path}`)), 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      // Each row's failure is its own rule's: the check is filed under the first row found wrong.
      const wrong: { rule: string; text: string }[] = [];
      const detailed: string[] = [];
      for (const c of ROWS[path].filter((row) => !restsOnSeedIdentity([row.rule], row.accepted && row.value === SEED_IDENTITY_TYPE))) {
        const what = `${c.field} ${JSON.stringify(c.value)} (${c.why})`;
        let body: Record<string, any>;
        if (c.field.startsWith('card.')) {
          const plain = { ...exampleCard(), [c.field.slice(5)]: c.value };
          expect(validateCard(plain), `the contract agrees with ${what}`).toBe(c.accepted);
          body = await cards.withCard(plain);
        } else {
          body = setPath(await cards.on(path), c.field, c.value);
          expect(validate(body), `the contract agrees with ${what}`).toBe(c.accepted);
        }
        const res = await cardApi.call('putCard', { body });
        if (c.accepted) {
          if (res.status !== 200) wrong.push({ rule: c.rule, text: `${what}: ${res.status}, not accepted` });
        } else if (!refusedNaming(res, c.field, ['INVALID_ARGUMENT']))
          wrong.push({ rule: c.rule, text: `${what}: ${res.status} ${res.body?.status ?? ''}, not INVALID_ARGUMENT naming it` });
        else if (!res.body?.details?.some((d: any) => d.source === c.field && d.sourceType === 'BODY'))
          detailed.push(`${what}: no detail ${c.field} BODY`);
      }
      underRule(test.info(), wrong[0]?.rule ?? 'CE-ERR-FIELD', () =>
        expect(
          wrong.map((w) => w.text),
          `every row on the ${path} path`,
        ).toEqual([]),
      );
      underRule(test.info(), 'CE-ERR-FIELD', () => expect(detailed, 'each refusal detailed by the member path').toEqual([]));
    },
  );
