// Covers: putCard's request validation on both paths (seed 000, Resources and their fields, Limits, Errors 400;
// reference A1, A3). Refusals under every cardSource: enroll-card.every-source.spec.ts.
import {
  conflictsWithout,
  deletePath,
  detailsNameParameter,
  ENROLLMENT_PATHS,
  type EnrollmentPath,
  enumOf,
  exampleCard,
  exampleCompliance,
  expect,
  expectCardError,
  expectToBe,
  type FieldCase as Case,
  lacksPathData,
  loadContract,
  NO_RECEIPT,
  refusedNaming,
  refusalStatusesOf,
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

// --- Exactly one enrollment path per request (reference A1); an encryptedCard that decrypts (reference, facts: JWE).
/** reference A4, A1: the 400 names one of the two members. */
function expectPathNamed(res: { body: unknown }) {
  // The detail's sourceType and reason are the error-details property's, on every refusal (helpers/client/invariants/error-details.ts).
  const details = (res.body as { details?: { source?: string }[] }).details ?? [];
  const named = (source: string) => ['encryptedCard', 'enrolmentReferenceData'].includes(source);
  expect(
    details.some((d) => named(d.source ?? '')),
    `a detail naming encryptedCard or enrolmentReferenceData (got sources: ${details.map((d) => JSON.stringify(d.source)).join(', ') || 'none'})`,
  ).toBe(true);
}

// seed 000, What the service does: {base_url} ends with the path prefix /src/api/digital/payments.
test(
  'enrolls a request with encryptedCard only (card-number path), at the base path the seed documents @smoke @assumption',
  rules('CE-EXCL-PATH:accept', 'CE-TRANS-BASE-PATH'),
  async ({ cardApi, cards, card }) => {
    expect(new URL(card.baseURL).pathname.replace(/\/$/, ''), 'the base URL ends with the documented prefix').toMatch(
      /\/src\/api\/digital\/payments$/,
    );
    // Sent to judge the base path (CE-TRANS-BASE-PATH): a status POST /cards does not document at {base_url}/cards (an unknown
    // route's 404) is the enrollment not answered where the seed places it; a documented refusal of this valid request is the
    // accepting side's (CE-EXCL-PATH).
    const { status } = await cardApi.call('putCard', { body: await cards.withCard(), judges: 'CE-TRANS-BASE-PATH' });
    underRule(test.info(), 'CE-EXCL-PATH', () => expect(status, 'a request with encryptedCard only').toBe(200));
  },
);

test(
  'enrolls a request with enrolmentReferenceData only (receipt path), a known receipt @smoke @assumption',
  rules('CE-EXCL-PATH:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, NO_RECEIPT);
    expect((await cardApi.call('putCard', { body: cards.withReceipt() })).status).toBe(200);
  },
);

// One of the two sent empty beside the other (present all the same, CE-REQ-EMPTY) is sent and judged by the empty-member
// checks below, on each path.
test(
  'rejects a request with both encryptedCard and enrolmentReferenceData @assumption',
  rules('CE-EXCL-PATH:refuse', 'CE-ERR-FIELD'),
  async ({ cardApi, cards }) => {
    // reference A1: both paths taken is 400.
    const card = await cards.withCard();
    const receipt = cards.withReceipt();
    // A refusal expected (CallOptions.negative): a success is CE-EXCL-PATH broken, not the answer's form.
    const res = await cardApi.call('putCard', {
      body: { ...card, enrolmentReferenceData: receipt.enrolmentReferenceData },
      negative: true,
    });
    expect(res.status, 'both').toBe(400);
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
    expectPathNamed(res);
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

// reference/card-enrollment.md, facts: card data is a JWE under the key the service publishes, its kid in the protected
// header. The key set fetched as a client fetches it before enrolling (not the one the worker read at its start): a card
// encrypted under it is decrypted and enrolled, whatever fetch gave it.
test(
  'enrolls a card encrypted with the published key as fetched now, its kid in the protected header @assumption',
  rules('CE-JWE-DECRYPT'),
  async ({ cardApi, cards, card }) => {
    const body = { ...cards.base(), encryptedCard: await cards.encrypt(exampleCard(), await card.publishedKey()) };
    const res = await cardApi.call('putCard', { body });
    underRule(test.info(), 'CE-JWE-DECRYPT', () => expect(res.status, 'a card under the published key, enrolled').toBe(200));
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
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'encryptedCard' });
  },
);

// --- Members seed 000 leaves optional (the provider requires them: that conflict), and a body not JSON (seed 000, Errors).
test(
  'enrolls a request without cardSource (not required)',
  withConflict(rules('CE-REQ-REQUEST'), ...conflictsWithout('card-enrollment', 'putCard', 'body:cardSource')),
  async ({ cardApi, cards }) => {
    expect((await cardApi.call('putCard', { body: deletePath(await cards.withCard(), 'cardSource') })).status).toBe(200);
  },
);

test(
  'enrolls a card without panExpirationMonth and panExpirationYear (not required)',
  withConflict(rules('CE-REQ-CARD'), ...conflictsWithout('card-enrollment', 'putCard', 'body:card.panExpirationMonth')),
  async ({ cardApi, cards }) => {
    const { panExpirationMonth: _month, panExpirationYear: _year, ...card } = exampleCard();
    expect((await cardApi.call('putCard', { body: await cards.withCard(card) })).status).toBe(200);
  },
);

test('rejects a body that is not JSON with 400 INVALID_ARGUMENT', rules('CE-ERR-MALFORMED'), async ({ cardApi }) => {
  // seed 000, Errors: "Body does not match the request schema" is 400 INVALID_ARGUMENT.
  const res = await cardApi.call('putCard', { rawBody: '{"srcClientId": ' });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

// seed 000, Errors: a JSON body that is no object matches no request schema (INVALID_ARGUMENT) and fails its data type
// (INVALID_STATE): 400 with either.
const NOT_AN_OBJECT = ['null', '[]', '[{}]', '"card"', '42', 'true'];

test(
  `rejects a JSON body that is no object (${NOT_AN_OBJECT.join(', ')}) with 400 INVALID_ARGUMENT or INVALID_STATE`,
  rules('CE-ERR-MALFORMED'),
  async ({ cardApi }) => {
    const wrong: string[] = [];
    for (const rawBody of NOT_AN_OBJECT) {
      const res = await cardApi.call('putCard', { rawBody });
      const status = (res.body as { status?: unknown } | undefined)?.status;
      if (res.status !== 400 || !SCHEMA_REFUSAL.includes(status as never))
        wrong.push(`${rawBody}: ${res.status} ${JSON.stringify(status)}`);
    }
    expect(wrong, 'each is 400 INVALID_ARGUMENT or INVALID_STATE').toEqual([]);
  },
);

// --- Every member sent empty where the contract then refuses it (seed 000, EnrollCardRequest; Errors 400
// INVALID_ARGUMENT): an empty member is present, not absent (reference A1).
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
/** A request built when a row is sent. */
type Built = () => Promise<Record<string, unknown>>;
/** A member on a path: the receipt's children only where the receipt is sent (its own emptiness is tried on both). */
const onPath = (field: string, path: EnrollmentPath) => !field.startsWith('enrolmentReferenceData.') || path === 'receipt';
/** The 400 names the member (a name of it, seed 000 ErrorDetail), or a member inside it (an empty object lacks its required children). */
const namesMember = (details: { source?: string }[], field: string) =>
  detailsNameParameter(details, field) || details.some((d) => String(d.source).startsWith(`${field}.`));

for (const path of ENROLLMENT_PATHS) {
  test(
    `refuses, on the ${path} path, every member sent empty ("", {} or null) where the contract refuses it, with 400 INVALID_ARGUMENT naming it, never as absent`,
    rules(`CE-REQ-EMPTY@${path}`, `CE-REQ-NULL@${path}`, ...(path === 'card' ? ['CE-REQ-CARD'] : ['CE-REQ-RECEIPT']), 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const valid = await cards.on(path);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      // absent: the same request without the member.
      const cases: { field: string; value: unknown; absent: Built; body: Built }[] = [];
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
      // Each wrong row is its rule's (ruleOfEmpty): the other path's member sent empty too, CE-REQ-EMPTY's (seed 000: an empty
      // encryptedCard or enrolmentReferenceData is present all the same, its form refusing it), not CE-EXCL-PATH's.
      const other = path === 'card' ? 'enrolmentReferenceData' : 'encryptedCard';
      const wrong: { rule: string; text: string }[] = [];
      // A null answered as the request without the member breaks only CE-REQ-NULL (the seed is silent on null).
      const asAbsent: string[] = [];
      for (const c of cases) {
        const res = await cardApi.call('putCard', { body: await c.body() });
        const details = (res.body?.details ?? []) as { source?: string }[];
        if (res.status === 400 && SCHEMA_REFUSAL.includes(res.body?.status) && namesMember(details, c.field)) continue;
        const text = `${c.field} ${JSON.stringify(c.value)}: ${res.status} ${res.body?.status ?? ''}`;
        if (c.value === null && (await cardApi.call('putCard', { body: await c.absent() })).status === res.status) asAbsent.push(text);
        else wrong.push({ rule: ruleOfEmpty(c.field, c.value), text });
      }
      test.info().annotations.push({ type: 'note', description: `empty forms the contract allows, not sent: ${allowed.join(', ')}` });
      // The other path's member, empty, is among them (CE-REQ-EMPTY).
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

// --- Every enum member of the request is closed (seed 000, Origin, ConsumerIdentity, EnrolmentReferenceData;
// Errors); the provider's own values are the conflicts' checks' (conflicts.yaml).

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
/** The provider's values where the seed's differ (Card API 1.0.0): judged by the checks naming their conflicts. */
const PROVIDER_VALUES = new Set([
  'EXISTING_CREDENTIAL',
  'EXISTING_TOKEN_UNIQUE_REFERENCE',
  'TOKEN_UNIQUE_REFERENCE',
  'SRC_DIGITAL_CARD_ID',
  ...MEMBERS.flatMap((m) => m.provider),
]);
/** Roles and kinds a target might add to an enum of who enrolls what: words of the payments trade. */
const TRADE_WORDS = (
  'PARTNER ACQUIRER NETWORK TOKEN_REQUESTOR CONSUMER CUSTOMER BANK PROCESSOR PLATFORM DIGITAL_WALLET ' +
  'PAYMENT_FACILITATOR OTHER UNKNOWN NONE DEFAULT ALL'
).split(' ');

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

/** The rule stating each request enum (seed 000: Origin.cardSource, ConsumerIdentity.identityType, EnrolmentReferenceData). */
const ENUM_RULE: Record<string, string> = {
  cardSource: 'CE-ENUM-CARDSOURCE',
  identityType: 'CE-ENUM-IDENTITYTYPE',
  enrolmentReferenceType: 'CE-ENUM-REFTYPE',
};

for (const path of ENROLLMENT_PATHS) {
  const members = MEMBERS.filter((m) => onPath(m.field, path));

  test(
    `refuses, on the ${path} path, a value outside every enum of the request (${members.map((m) => m.field).join(', ')}) with 400 naming the member`,
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
      const wrong: { rule: string; text: string }[] = [];
      let sent = 0;
      for (const { field, values } of members) {
        // The seed's identity type rests on the seed's identity (CARD_REQUEST_IDENTITY=provider sends another).
        if (field.endsWith('identityType') && restsOnSeedIdentity([], true)) continue;
        for (const value of outsideValues(values)) {
          const body = setPath(structuredClone(valid), field, value);
          if (validate(body)) throw new Error(`the contract accepts ${field} '${value}': not an outside value`);
          // Sent as a refusal expected (CallOptions.negative): a success is the enum's rule broken, filed under it below.
          const res = await cardApi.call('putCard', { body, negative: true });
          sent++;
          if (!refusedNaming(res, field))
            wrong.push({
              rule: ENUM_RULE[field.split('.').at(-1)!] ?? 'CE-ERR-FIELD',
              text: `${field} '${value}': Received: ${res.status} ${res.body?.status ?? ''} / Documented: 400 naming it`,
            });
        }
      }
      expect(sent, 'outside values were sent').toBeGreaterThan(0);
      underRule(test.info(), wrong[0]?.rule ?? 'CE-ERR-FIELD', () =>
        expect(
          wrong.map((w) => w.text),
          `every value outside an enum is refused naming its member (${sent} sent)`,
        ).toEqual([]),
      );
    },
  );
}

// --- Every enum's values and just outside; ISO codes, e-mail, URIs, expiry (seed 000, field tables), confirmed first.
const REFERENCE_TYPES = enumOf(contract, 'EnrolmentReferenceData', 'enrolmentReferenceType');
/** The privacy notice's URI of the built requests, sent as the terms' too (seed 000, ComplianceSettings: one URI each, none kept apart). */
const SHARED_URI = exampleCompliance().privacy.latestVersionUri;

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
  // seed 000, ComplianceSettings: privacy and tnc each name their latest version by URI, and nothing keeps the two apart; one
  // document serving as both is accepted, and the answer (judged as every answer is, CE-RESP-FORMS) keeps both sub-objects.
  row('CE-FMT-URI', 'complianceSettings.tnc.latestVersionUri', true, "the privacy notice's own URI")(SHARED_URI),
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
      expectCardError(res, { http: 400, status: refusalStatusesOf(c.rule), field: c.field });
    },
  );

test(
  `accepts enrolmentReferenceType ${REFERENCE_TYPES.join(', ')} (the only value)`,
  rules('CE-ENUM-REFTYPE:accept'),
  async ({ cardApi, cards, card }) => {
    test.skip(!card.receipt, NO_RECEIPT);
    expect((await cardApi.call('putCard', { body: cards.withReceipt() })).status).toBe(200);
  },
);

// The provider's other reference types (Card API 1.0.0, EnrolmentReferenceType) are that conflict.
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
    });
  });
}

// seed 000, ConsumerIdentity: EMAIL_ADDRESS. The provider's identity types are conflicts: its request's EXTERNAL_ACCOUNT_ID with an
// opaque id (Card API 1.0.0, ConsumerIdentityTypeDoc), and MOBILE_PHONE_NUMBER, which the SRC identity types its answers name
// also list (the identity's value left as sampled: only the type differs). A target taking either meets the conflict.
const PROVIDER_IDENTITIES = [
  { type: 'EXTERNAL_ACCOUNT_ID', value: () => crypto.randomUUID(), what: 'and a UUID', conflict: 'CE-CONFLICT-CONSUMER-IDENTITY' },
  { type: 'MOBILE_PHONE_NUMBER', value: undefined, what: 'with the e-mail address sampled', conflict: 'CE-CONFLICT-SRC-IDENTITY-TYPES' },
];
for (const identity of PROVIDER_IDENTITIES)
  test(
    `rejects the provider's consumer identity type ${identity.type} (${identity.what}) with INVALID_ARGUMENT`,
    withConflict(rules('CE-ENUM-IDENTITYTYPE:refuse@card', 'CE-ERR-FIELD'), identity.conflict),
    async ({ cardApi, cards, cardContract }) => {
      const sampled = await cards.withCard();
      const body = setPath(sampled, 'consumer.consumerIdentity', {
        identityType: identity.type,
        identityValue: identity.value ? identity.value() : sampled.consumer.consumerIdentity.identityValue,
      });
      expect(cardContract.requestValidator('putCard')!(body), 'the contract refuses it').toBe(false);
      expectCardError(await cardApi.call('putCard', { body }), {
        http: 400,
        status: SCHEMA_REFUSAL,
        field: 'consumer.consumerIdentity.identityType',
      });
    },
  );

// --- Every pattern outside the card (seed 000, EnrollCardRequest, SrcCorrelationId, PhoneNumber), confirmed first.
const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

const PATTERN_CASES: Case[] = [
  ...cases('CE-PAT-CORRELATIONID', 'srcCorrelationId', [
    // seed 000, SrcCorrelationId: ^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-...-[0-9a-fA-F]{12}$
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
    // seed 000, EnrollCardRequest: srcClientId "UUID, lower-case hex 8-4-4-4-12" (accepted: the registered id).
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
    expect((await cardApi.call('putCard', { body: await cards.withCard() })).status).toBe(200);
  },
);

test(
  'rejects the registered srcClientId in upper case with INVALID_ARGUMENT (lower-case UUID only)',
  rules('CE-PAT-SRCCLIENTID:refuse@card', 'CE-ERR-FIELD'),
  async ({ cardApi, cards, card }) => {
    const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), srcClientId: card.srcClientId.toUpperCase() } });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'srcClientId' });
  },
);

// --- The receipt path (seed 000, (b)): the request's patterns, formats and enums hold as on the card path.
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
  ...cases('CE-FMT-URI', 'complianceSettings.tnc.latestVersionUri', [
    ['not a uri', false, 'not a URI'],
    [SHARED_URI, true, "the privacy notice's own URI"],
  ]),
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

// --- The consumer's ISO codes and e-mail (seed 000, Consumer; ConsumerIdentity) with values a trim or fold changes.
const TELLING_CASES: Case[] = [
  ...cases('CE-FMT-COUNTRY', 'consumer.countryCode', [
    ['us', false, 'an alpha-2 code in lower case'],
    ['Us', false, 'an alpha-2 code in mixed case'],
    [' US', false, 'an alpha-2 code after a space'],
  ]),
  ...cases('CE-FMT-LANGUAGE', 'consumer.languageCode', [
    ['EN', false, 'an ISO 639-1 code in upper case'],
    ['en ', false, 'an ISO 639-1 code before a space'],
    // A language tag with a region (BCP 47, POSIX) or a trailing line break is no ISO 639-1 code.
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

const ROWS: Record<EnrollmentPath, Case[]> = {
  card: [...BODY_CASES.filter((c) => !c.conflict), ...PATTERN_CASES, ...CARD_CASES, ...TELLING_CASES],
  receipt: [...RECEIPT_CASES, ...TELLING_CASES],
};

// Each row confirmed, then accepted or refused naming its member (seed 000, Errors; reference A4, CE-ERR-FIELD).
for (const path of ENROLLMENT_PATHS)
  test(
    `on the ${path} path, each telling value of the request (enums, ISO codes, e-mail identity, URIs, patterns${path === 'card' ? ", the card's expiry" : ''}) is accepted or refused naming its member, as the contract says @seed`,
    rules(...new Set(ROWS[path].map((c) => `${c.rule}:${c.accepted ? 'accept' : 'refuse'}@${path}`)), 'CE-ERR-FIELD'),
    async ({ cardApi, cards, card, cardRequestContract }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const validate = cardRequestContract.requestValidator('putCard')!;
      const validateCard = cardRequestContract.component('Card');
      const wrong: { rule: string; text: string }[] = [];
      const detailed: string[] = [];
      for (const c of ROWS[path].filter((row) => !restsOnSeedIdentity([row.rule], row.accepted && row.value === SEED_IDENTITY_TYPE))) {
        const what = `${c.field} ${JSON.stringify(c.value)} (${c.why})`;
        let body: Record<string, any>;
        if (c.field.startsWith('card.')) {
          const plain = { ...exampleCard(), [c.field.slice(5)]: c.value };
          expectToBe(validateCard(plain), c.accepted, `the contract agrees with ${what}`);
          body = await cards.withCard(plain);
        } else {
          body = setPath(await cards.on(path), c.field, c.value);
          expectToBe(validate(body), c.accepted, `the contract agrees with ${what}`);
        }
        // A row expected refused is sent as a negative call (CallOptions.negative): its success is the row's rule broken, filed under
        // it below, not the answer forms its echo of the refused value breaks first.
        const res = await cardApi.call('putCard', { body, ...(c.accepted ? {} : { negative: true as const }) });
        if (c.accepted) {
          if (res.status !== 200) wrong.push({ rule: c.rule, text: `${what}: Received: ${res.status} / Documented: 200, accepted` });
        } else if (!refusedNaming(res, c.field, refusalStatusesOf(c.rule)))
          wrong.push({
            rule: c.rule,
            text: `${what}: Received: ${res.status} ${res.body?.status ?? ''} / Documented: ${refusalStatusesOf(c.rule).join(' or ')} naming it`,
          });
        else if (!res.body?.details?.some((d: any) => d.source === c.field)) detailed.push(`${what}: no detail ${c.field}`);
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
