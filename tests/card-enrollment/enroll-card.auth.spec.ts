// Covers: POST /cards (putCard) 401 and 403 (seed 000, Authentication; reference A2) on both enrollment paths.
import {
  CARD_KEY_HEADER,
  ENROLLMENT_PATHS,
  expect,
  expectCardError,
  lacksPathData,
  NO_RECEIPT,
  rules,
  test,
  underRule,
  withConflict,
} from '../../fixtures/card-enrollment.js';

// The provider refuses an invalid key with 403: that conflict (schemas/card-enrollment/conflicts.yaml).
const AUTH_STATUS = 'CE-CONFLICT-AUTH-STATUS';

// seed 000, Authentication: the key travels in x-openapi-clientid only. The registered key under every other name a
// server or gateway might read it from, and no key at all, each sent alone without x-openapi-clientid: every one is a call without the key.
const ELSEWHERE: { how: string; query?: (key: string) => Record<string, string>; headers?: (key: string) => Record<string, string> }[] = [
  { how: 'not sent at all' },
  { how: 'in x-api-key', headers: (key) => ({ 'x-api-key': key }) },
  { how: 'in apikey', headers: (key) => ({ apikey: key }) },
  { how: 'in api-key', headers: (key) => ({ 'api-key': key }) },
  { how: 'in x-client-id', headers: (key) => ({ 'x-client-id': key }) },
  { how: 'in Authorization, bare', headers: (key) => ({ Authorization: key }) },
  { how: 'in Authorization after Bearer', headers: (key) => ({ Authorization: `Bearer ${key}` }) },
  { how: 'in Authorization after ApiKey', headers: (key) => ({ Authorization: `ApiKey ${key}` }) },
  { how: `in a cookie named ${CARD_KEY_HEADER}`, headers: (key) => ({ Cookie: `${CARD_KEY_HEADER}=${key}` }) },
  { how: `as the query parameter ${CARD_KEY_HEADER}`, query: (key) => ({ [CARD_KEY_HEADER]: key }) },
  { how: 'as the query parameter api_key', query: (key) => ({ api_key: key }) },
  { how: 'as the query parameter apikey', query: (key) => ({ apikey: key }) },
];

for (const path of ENROLLMENT_PATHS) {
  test(
    `rejects a ${path} enrollment without ${CARD_KEY_HEADER} (401 by reference A2), the key sent elsewhere (${ELSEWHERE.map((e) => e.how).join(', ')}), each alone @smoke`,
    withConflict(rules(`CE-AUTH-MISSING-KEY@${path}`, 'CE-AUTH-UNKNOWN-KEY:refuse'), AUTH_STATUS),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const enrolled: string[] = [];
      const answers: Awaited<ReturnType<typeof cardApi.call>>[] = [];
      for (const { how, query, headers } of ELSEWHERE) {
        const res = await cardApi.call('putCard', {
          body: await cards.on(path),
          auth: false,
          ...(query ? { query: query(card.apiKey) } : {}),
          ...(headers ? { headers: headers(card.apiKey) } : {}),
        });
        // seed 000, Authentication and Errors: refused 401, 403 or 400; which of them is reference A2's decision.
        if (![400, 401, 403].includes(res.status)) enrolled.push(`the key ${how}: received ${res.status}, documented 401, 403 or 400`);
        else answers.push(res);
      }
      // Enrolled without the key header: the seed's judgement, filed under its rule alone (which refusal it is, reference A2's below).
      underRule(test.info(), 'CE-AUTH-MISSING-KEY', () =>
        expect(enrolled, `a call without ${CARD_KEY_HEADER} is refused on the ${path} path wherever else the key is sent`).toEqual([]),
      );
      underRule(test.info(), 'CE-AUTH-UNKNOWN-KEY', () => {
        for (const res of answers) expectCardError(res, { http: 401 });
      });
    },
  );
}

// seed 000, Error body (ErrorDetail.source the offending parameter, sourceType its place): each refusal of a key below, in every
// form, has its details judged by the client's answer judge as they come (CE-PROP-ERROR-DETAILS: the key header's place is HEADER),
// so these checks cite that rule: a detail naming x-openapi-clientid in the BODY fails the call that met it.
// reference A2: an unknown key is 401, whatever the body: a body the schema refuses (every required member missing) is
// not judged for a caller the key check did not authenticate (the 400 would answer what only a known client may learn).
test(
  'rejects an unknown API key with 401, with a valid body and with one the schema refuses @assumption',
  withConflict(rules('CE-AUTH-UNKNOWN-KEY:refuse', 'CE-PROP-ERROR-DETAILS'), AUTH_STATUS),
  async ({ cardApi, cards }) => {
    for (const [what, body] of [
      ['a valid body', await cards.withCard()],
      ['an empty object', {}],
    ] as const) {
      const res = await cardApi.call('putCard', { body, auth: () => ({ [CARD_KEY_HEADER]: `unknown-${crypto.randomUUID()}` }) });

      await test.step(`an unknown key with ${what}`, () => expectCardError(res, { http: 401 }));
    }
  },
);

// reference A2: an unknown key is 401; a key is compared whole (a suffix, a prefix, one character cut or changed).
const ALTERED: { how: string; alter: (key: string) => string }[] = [
  { how: 'with a suffix added', alter: (key) => `${key}0` },
  { how: 'truncated by its last character', alter: (key) => key.slice(0, -1) },
  { how: 'with its last character changed', alter: (key) => key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') },
  { how: 'cut to its first half', alter: (key) => key.slice(0, Math.ceil(key.length / 2)) },
  // A key is compared exactly: the same letters in the other case are another key.
  {
    how: 'with the case of its letters swapped',
    alter: (key) => [...key].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join(''),
  },
];
for (const { how, alter } of ALTERED) {
  test(
    `rejects the registered API key ${how} with 401 @assumption`,
    withConflict(rules('CE-AUTH-UNKNOWN-KEY:refuse', 'CE-PROP-ERROR-DETAILS'), AUTH_STATUS),
    async ({ cardApi, cards, card }) => {
      const altered = alter(card.apiKey);
      expect(altered, 'the altered key differs from the registered one').not.toBe(card.apiKey);
      const res = await cardApi.call('putCard', { body: await cards.withCard(), auth: () => ({ [CARD_KEY_HEADER]: altered }) });
      expectCardError(res, { http: 401 });
    },
  );
}

// seed 000, Authentication: the header carries the key itself; reference A2: else 401 (RFC 9110 section 5.3: a list).
const FORMS: { how: string; alter: (key: string) => string }[] = [
  { how: 'after Bearer', alter: (key) => `Bearer ${key}` },
  { how: 'after Basic', alter: (key) => `Basic ${key}` },
  { how: 'sent twice', alter: (key) => `${key}, ${key}` },
  // The header's value is the key itself, not a quoted-string (RFC 9110 section 5.6.4) holding it: quotes are not stripped.
  { how: 'between double quotes', alter: (key) => `"${key}"` },
  { how: 'between single quotes', alter: (key) => `'${key}'` },
  { how: 'in upper case', alter: (key) => key.toUpperCase() },
  { how: 'in lower case', alter: (key) => key.toLowerCase() },
  { how: 'with a character added', alter: (key) => `${key}0` },
  { how: 'without its last character', alter: (key) => key.slice(0, -1) },
];
for (const path of ENROLLMENT_PATHS) {
  test(
    `refuses on the ${path} path the key in any other form than itself (${FORMS.map((f) => f.how).join(', ')}) with 401 @assumption`,
    withConflict(rules(`CE-AUTH-KEY-FORM@${path}`, 'CE-PROP-ERROR-DETAILS'), AUTH_STATUS),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const accepted: string[] = [];
      for (const { how, alter } of FORMS) {
        const altered = alter(card.apiKey);
        if (altered === card.apiKey) continue; // a key without letters of that case
        const res = await cardApi.call('putCard', { body: await cards.on(path), auth: () => ({ [CARD_KEY_HEADER]: altered }) });
        if (res.status !== 401) accepted.push(`the key ${how}: received ${res.status}, documented 401`);
      }
      expect(accepted, `every other form of the key is refused on the ${path} path`).toEqual([]);
    },
  );
}

test(
  'accepts the registered key, whole, and the client it is registered to',
  rules('CE-AUTH-UNKNOWN-KEY:accept'),
  async ({ cardApi, cards }) => {
    expect((await cardApi.call('putCard', { body: await cards.withCard() })).status).toBe(200);
  },
);

// provider Card API 1.0.0, Error: `reason` UNAUTHENTICATED (seed 000, Errors: in `status`); a 403 names PERMISSION_DENIED.
test(
  'names UNAUTHENTICATED (status or reason) in every 401: a missing key on each path, an unknown key @provider',
  withConflict(rules(...ENROLLMENT_PATHS.map((path) => `CE-AUTH-MISSING-KEY@${path}`), 'CE-AUTH-UNKNOWN-KEY:refuse'), AUTH_STATUS),
  async ({ cardApi, cards, card }) => {
    const cases = [
      ...ENROLLMENT_PATHS.filter((path) => !lacksPathData(card, path)).map((path) => ({
        what: `no ${CARD_KEY_HEADER} on the ${path} path`,
        path,
        auth: false as const,
      })),
      { what: 'an unknown key', path: undefined, auth: () => ({ [CARD_KEY_HEADER]: `unknown-${crypto.randomUUID()}` }) },
    ];
    const wrong: string[] = [];
    for (const { what, path, auth } of cases) {
      const res = await cardApi.call('putCard', { body: path ? await cards.on(path) : await cards.withCard(), auth });
      const named = res.body as { status?: unknown; reason?: unknown };
      const expected = res.status === 403 ? 'PERMISSION_DENIED' : 'UNAUTHENTICATED';
      if (res.status !== 401 && res.status !== 403) wrong.push(`${what}: HTTP ${res.status}`);
      else if (named?.status !== expected && named?.reason !== expected)
        wrong.push(`${what}: ${res.status} with status ${JSON.stringify(named?.status)}, reason ${JSON.stringify(named?.reason)}`);
    }
    expect(wrong, 'each 401 names UNAUTHENTICATED (a 403 PERMISSION_DENIED)').toEqual([]);
  },
);

// reference A2: the origin is judged for the key that calls: another client enrolls with its own ids, not this one's, and this
// one not with the other's. Each client's own valid enrollment is judged after the other's attempt with its srcClientId (the
// first call here sends the other client's id with our key): seed 000, Authentication keeps 403 for a client identity not
// validated, and POST /cards answers a request every document allows 200, so the owner of an id another key tried is enrolled
// with it (CE-VALID-ACCEPTED; the attempt's 403 is CE-AUTH-ORIGIN's). Both clients enroll one consumer identity, ours first:
// the seed ties a consumer identity to no client (ConsumerIdentity.identityValue locates the profile of a program: What the
// service does), so a client enrolls a consumer another client enrolled. Two exchanges of ours per path beside the other's two.
for (const path of ENROLLMENT_PATHS) {
  test(
    `judges the origin for the calling client: each client's key with the other's srcClientId 403, then each with its own accepted, one consumer enrolled by both (${path}) @assumption`,
    rules(`CE-AUTH-ORIGIN@${path}`, 'CE-AUTH-UNKNOWN-KEY:accept', 'CE-VALID-ACCEPTED'),
    async ({ cardApi, cards, card }) => {
      test.skip(!card.otherClient, "needs a second client's API key (the mock's world)");
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const other = card.otherClient!;
      const asOther = () => ({ [CARD_KEY_HEADER]: other.apiKey });
      const ours = await cards.on(path);
      const own = { ...ours, srcClientId: other.srcClientId, serviceId: other.serviceId };
      // Our key with the other client's ids: sent expected refused, an acceptance is the origin rule's refusal missed.
      const attempted = await cardApi.call('putCard', { body: own, negative: true, judges: 'CE-AUTH-ORIGIN' });
      // Our own enrollment of the consumer, then the other client's of the same identity with its own ids, each sent as valid:
      // a refusal is the documented success broken, whatever it says. The service it enrolled for, when answered: the
      // client's answer judge (CE-ECHO-SERVICEID).
      const first = await cardApi.call('putCard', { body: ours, valid: true });
      const accepted = await cardApi.call('putCard', { body: own, auth: asOther, valid: true });
      const refused = await cardApi.call('putCard', { body: { ...own, srcClientId: card.srcClientId }, auth: asOther });
      underRule(test.info(), 'CE-VALID-ACCEPTED', () => {
        expect(first.status, 'our client with its own ids, after our key sent the other client’s').toBe(200);
        expect(
          accepted.status,
          'the other client with its own srcClientId and serviceId, after our key sent that srcClientId, for the consumer we enrolled',
        ).toBe(200);
      });
      underRule(test.info(), 'CE-AUTH-ORIGIN', () => {
        expectCardError(attempted, { http: 403 });
        expectCardError(refused, { http: 403 });
      });
    },
  );
}
