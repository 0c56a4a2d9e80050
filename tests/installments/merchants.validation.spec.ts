// Covers: 400 of the merchant writers and searches: every pattern, length, enum and array cap of reference/installments.md
// (Main fields - Merchant participation and search) at its boundaries, each with an accepted twin.
import {
  A_MAID,
  expect,
  expectErrors,
  exampleParticipation,
  limitOf,
  loadContract,
  rangeOf,
  rules,
  sizeOf,
  test,
  withPath,
  boundEnds,
  statedBounds,
  type InstallmentsOperationId,
} from '../../fixtures/installments.js';

// The bounds are the contract's (provider 2.0.0, transcribed in tests/self/installments-limits.spec.ts).
const contract = await loadContract('installments');
const WALLET_ID = rangeOf(contract, 'Wallet', 'walletId');
const DBA_NAMES = sizeOf(contract, 'DbaNames').max!;
const PER_REQUEST = sizeOf(contract, 'MerchantParticipationRequest');

const ICA = '001234';
const list = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

interface Row {
  field: string;
  value: unknown;
  accepted: boolean;
  why: string;
  /** The rule citation (schemas/installments/rules.yaml) the row checks. */
  rule: string;
  /** Members of the example participation replaced first (undefined: left out). */
  base?: Record<string, unknown>;
}

/** A MID merchant: its MIDs, no MAID (provider 2.0.0, postMerchantParticipations: the MID market's fields); the example's own. */
const MID_MERCHANT = { maid: undefined, maidType: undefined };
/** A MAID merchant: a fresh maid and its maidType, no MIDs (provider 2.0.0, postMerchantParticipations: the MAID market's fields). */
const MAID_MERCHANT = { maid: A_MAID };

/** A row of one member: [value, accepted, why, rule, more]. */
type Cells = [unknown, boolean, string, string, Partial<Row>?];
const at = (field: string, rows: Cells[]): Row[] =>
  rows.map(([value, accepted, why, rule, more]) => ({ field, value, accepted, why, rule, ...more }));
// reference, Main fields - Merchant participation.
const PARTICIPATION: Row[] = [
  ...at('countryCode', [
    ['CAN', true, '3 letters', 'IN-PAT-COUNTRY:accept'],
    ['CA', false, '2 letters', 'IN-PAT-COUNTRY:refuse'],
    ['CANA', false, '4 letters', 'IN-PAT-COUNTRY:refuse'],
    ['can', true, 'lower case (provider 2.0.0: letters of either case)', 'IN-PAT-COUNTRY:accept'],
    ['CA1', false, 'a digit', 'IN-PAT-COUNTRY:refuse'],
    ['QAA', false, 'no ISO 3166 alpha-3 code (user-assigned)', 'IN-PAT-COUNTRY:refuse'],
  ]),
  ...at('acquirerICA', [
    ...['123456', '123456789', '12345678901'].map((v): Cells => [v, true, `${v.length} digits`, 'IN-PAT-ICA:accept']),
    ...['12345', '1234567', '12345678', '1234567890', '123456789012', '12345a'].map(
      (v): Cells => [v, false, `${v.length} characters`, 'IN-PAT-ICA:refuse'],
    ),
  ]),
  ...at('merchantGroup', [
    ['A', true, '1 character', 'IN-PAT-MERCHANTGROUP:accept'],
    ['9Z', true, '2 characters', 'IN-PAT-MERCHANTGROUP:accept'],
    ['ABC', false, '3 characters', 'IN-PAT-MERCHANTGROUP:refuse'],
    ['a1', false, 'lower case', 'IN-PAT-MERCHANTGROUP:refuse'],
  ]),
  ...at('maidType', [
    ['EXT', true, 'an enum value', 'IN-ENUM-MAIDTYPE:accept', { base: MAID_MERCHANT }],
    ['grp', false, 'an enum value in the wrong case', 'IN-ENUM-MAIDTYPE:refuse', { base: MAID_MERCHANT }],
  ]),
  ...at('optIn', [
    ['N', true, 'Y|N', 'IN-ENUM-YESNO:accept'],
    ['YES', false, 'not Y|N', 'IN-ENUM-YESNO:refuse'],
  ]),
  ...at('nonMerchantNegotiatedParticipation', [['X', false, 'not Y|N', 'IN-ENUM-YESNO:refuse']]),
  ...at('wallets', [[[{ walletId: 1 }], false, 'a wallet without walletAcceptance (required)', 'IN-REQ-WALLET']]),
  ...['acquirerICA', 'merchantLegalName', 'countryCode'].flatMap((field) =>
    at(field, [[undefined, false, 'missing (required)', 'IN-REQ-PARTICIPATION']]),
  ),
  ...at('maidType', [
    // provider 2.0.0: maidType mandatory for a participation with a MAID; the MAID market's maid and maidType.
    [undefined, false, 'missing beside a maid', 'IN-REQ-PARTICIPATION-MAID', { base: MAID_MERCHANT }],
  ]),
  ...at('maid', [[undefined, false, 'missing beside a maidType', 'IN-REQ-PARTICIPATION-MAID', { base: MAID_MERCHANT }]]),
  // provider 2.0.0, postMerchantParticipations: the fields mandatory when adding a merchant, per market; Address.city, postalCode.
  ...(
    [
      ['dbaNames', undefined, 'missing from a merchant added'],
      ['address.city', undefined, 'missing from a merchant added'],
      ['optIn', { nonMerchantNegotiatedParticipation: undefined }, 'and nonMerchantNegotiatedParticipation missing'],
      ['optIn', MAID_MERCHANT, 'missing from a MAID merchant, nonMerchantNegotiatedParticipation given (the MID market only takes it)'],
      ['mids', MID_MERCHANT, 'missing from a MID merchant added'],
      ['address.postalCode', MID_MERCHANT, 'missing from a MID merchant added in the USA'],
      ['merchantGroup', { ...MID_MERCHANT, countryCode: 'AUS' }, 'missing from a MID merchant added in Australia'],
    ] as [string, Record<string, unknown> | undefined, string][]
  ).map(([field, base, why]) => ({ field, value: undefined, base, accepted: false, why, rule: 'IN-REQ-PARTICIPATION-ADD:refuse' })),
  ...(
    [
      ['mids', MAID_MERCHANT, 'missing from a MAID merchant added'],
      ['address.postalCode', MAID_MERCHANT, 'missing from a MAID merchant added'],
      ['address.postalCode', { ...MID_MERCHANT, countryCode: 'HKG' }, 'missing from a MID merchant added in Hong Kong (no postal codes)'],
    ] as [string, Record<string, unknown> | undefined, string][]
  ).map(([field, base, why]) => ({ field, value: undefined, base, accepted: true, why, rule: 'IN-REQ-PARTICIPATION-ADD:accept' })),
  // Every member a bound of the contract binds (statedBounds), each end accepted and a step past refused (boundEnds).
  ...(
    [
      // At its longest in two-byte characters (provider 2.0.0 pattern `^.{1,300}`).
      ['merchantLegalName', 'IN-LIM-LEGALNAME', ['MerchantLegalName'], (n, b) => (n === b.max ? 'é' : 'a').repeat(n)],
      [
        'wallets',
        'IN-LIM-WALLETS',
        ['Wallets'],
        (n) => list(n, (i) => ({ walletId: (i % WALLET_ID.max!) + WALLET_ID.min!, walletAcceptance: 'Y' })),
      ],
      ['wallets', 'IN-RANGE-WALLETID', ['Wallet', 'walletId'], (n) => [{ walletId: n, walletAcceptance: 'Y' }]],
      ['dbaNames', 'IN-LIM-DBANAMES', ['DbaNames'], (n) => list(n, (i) => `DBA ${i}`)],
      ['mids', 'IN-LIM-MIDS', ['MerchantParticipation', 'mids'], (n) => list(n, (i) => String(100000000 + i))],
    ] as [string, string, [string, string?], (n: number, b: { max?: number }) => unknown][]
  ).flatMap(([field, rule, schema, fill]) => {
    const b = statedBounds(contract, ...schema);
    return boundEnds(b).map(({ n, ok }) => ({
      field,
      // A legal name of one letter (or all é) names the same merchant every certification: as a MID merchant (no maid)
      // a later one is an update, accepted; with a fresh maid it would change the maid a merchant holds, which
      // IN-STATE-PARTICIPATION-FIXED refuses (a certification assumes nothing of a target's history).
      ...(field === 'merchantLegalName' ? { base: MID_MERCHANT } : {}),
      value: fill(n, b),
      accepted: ok,
      why: `${schema[1] ? `${schema[1]} ` : ''}at ${n} (the contract's ${b.min}-${b.max})`,
      rule: `${rule}:${ok ? 'accept' : 'refuse'}`,
    }));
  }),
];

// reference, Merchant participation: each participation of the list is held to every rule, a later item too.
for (const row of PARTICIPATION) {
  test(`participation: ${row.accepted ? 'accepts' : 'rejects'} ${row.field} ${row.why} @provider`, rules(row.rule), async ({ instApi }) => {
    const res = await instApi.call('postMerchantParticipations', {
      body: [withPath(exampleParticipation(ICA, row.base), row.field, row.value)],
    });
    if (row.accepted) expect(res.status).toBe(202);
    else {
      expectErrors(res, 400);
      const later = await instApi.call('postMerchantParticipations', {
        body: [exampleParticipation(ICA), withPath(exampleParticipation(ICA, row.base), row.field, row.value)],
      });
      expect(later.status, `${row.field} ${row.why} in the second participation of two`).toBe(400);
    }
  });
}

for (const { n: count, ok: accepted } of boundEnds(PER_REQUEST)) {
  test(
    `participation: ${accepted ? 'accepts' : 'rejects'} ${count} participations in one request (${PER_REQUEST.min} to ${PER_REQUEST.max}) @provider`,
    rules(`IN-LIM-PARTICIPATIONS:${accepted ? 'accept' : 'refuse'}`),
    async ({ instApi }) => {
      const res = await instApi.call('postMerchantParticipations', { body: list(count, () => '').map(() => exampleParticipation(ICA)) });
      if (accepted) expect(res.status).toBe(202);
      else expectErrors(res, 400);
    },
  );
}

// provider 2.0.0, postMerchantParticipations: under 700 KB (x-limits participationBodyBytes): 700 000 bytes and 700 KiB.
const BODY_BYTES = limitOf(contract, 'participationBodyBytes');
for (const [size, accepted] of [
  [BODY_BYTES - 10_000, true],
  [716_800 + 10_000, false],
] as const)
  test(
    `participation: ${accepted ? 'accepts' : 'rejects'} a request of about ${Math.round(size / 1000)} KB (under ${BODY_BYTES / 1000} KB) @provider`,
    rules(`IN-LIM-PARTICIPATION-BODY:${accepted ? 'accept' : 'refuse'}`),
    async ({ instApi }) => {
      const name = (i: number) => `Store ${i} `.padEnd(256, 'x');
      const body = list(PER_REQUEST.max!, () => exampleParticipation(ICA));
      // Dba names at their longest, added one by one across the participations until the body reaches its size
      // (its length counted as it grows: the name's JSON text and, after a first name, its comma).
      let length = JSON.stringify(body).length;
      for (let i = 0; length < size; i++) {
        const p = body[i % body.length];
        if (p.dbaNames.length >= DBA_NAMES) continue;
        length += JSON.stringify(name(i)).length + (p.dbaNames.length ? 1 : 0);
        p.dbaNames.push(name(i));
      }
      expect(JSON.stringify(body).length, 'the body is of its size').toBeLessThan(size + 300);
      const res = await instApi.call('postMerchantParticipations', { body });
      if (accepted) expect(res.status, res.text.slice(0, 200)).toBe(202);
      else expectErrors(res, 400);
    },
  );

const MID_SEARCH = { merchantLegalName: 'Some merchant', countryCode: 'USA', acquirerICA: ICA };
type Search = { op: InstallmentsOperationId; body: unknown; accepted: boolean; why: string; rule: string };
/** Searches of one operation: [body, accepted, why, rule]. */
const searchesOf = (op: InstallmentsOperationId, rows: [unknown, boolean, string, string][]): Search[] =>
  rows.map(([body, accepted, why, rule]) => ({ op, body, accepted, why, rule }));
const SEARCHES: Search[] = [
  ...searchesOf('postMerchantSearches', [
    [{}, false, 'without any criterion (provider: at least one)', 'IN-REQ-SEARCH:refuse'],
    [{ countryCode: 'usa' }, true, 'countryCode alone, lower case', 'IN-REQ-SEARCH:accept'],
    [{ maid: '123456' }, true, 'maid alone', 'IN-REQ-SEARCH:accept'],
    [{ merchantParticipationStatus: 'COMPLETED' }, true, 'status alone', 'IN-REQ-SEARCH:accept'],
    [{ countryCode: 'US' }, false, 'countryCode of 2 letters', 'IN-PAT-COUNTRY:refuse'],
    [{ acquirerICA: '1234567' }, false, 'acquirerICA of 7 digits', 'IN-PAT-ICA:refuse'],
  ]),
  ...searchesOf('postMerchantMidSearches', [
    [MID_SEARCH, true, 'name, country and ICA', 'IN-REQ-MIDSEARCH'],
    [{ ...MID_SEARCH, status: 'ERROR', mid: '100000001' }, true, 'with mid and status', 'IN-ENUM-MIDSTATUS:accept'],
    [withPath(MID_SEARCH, 'acquirerICA', undefined), false, 'without acquirerICA (required)', 'IN-REQ-MIDSEARCH'],
    [withPath(MID_SEARCH, 'countryCode', undefined), false, 'without countryCode (required)', 'IN-REQ-MIDSEARCH'],
    [{ ...MID_SEARCH, status: 'DONE' }, false, 'status outside PENDING|COMPLETED|ERROR', 'IN-ENUM-MIDSTATUS:refuse'],
  ]),
];

for (const row of SEARCHES) {
  test(
    `${row.op}: ${row.accepted ? 'accepts' : 'rejects'} a search ${row.why}${row.why.includes('@assumption') ? '' : ' @provider'}`,
    rules(row.rule),
    async ({ instApi, instReq, inst }) => {
      // A MID search answers "the mids of a given merchant" (seed 001): an accepted one names a merchant submitted first.
      let body = row.body;
      if (row.accepted && row.op === 'postMerchantMidSearches') {
        const held = exampleParticipation(inst.knownAcquirerIca ?? ICA, { mids: ['100000001'] });
        await instReq.submitParticipations(instApi, [held]);
        const { merchantLegalName, countryCode, acquirerICA } = held;
        body = { ...(row.body as object), merchantLegalName, countryCode, acquirerICA };
      }
      const res = await instApi.callBuilt(row.op, { body });
      if (row.accepted) expect(res.status).toBe(200);
      else expectErrors(res, 400);
    },
  );
}

// provider 2.0.0, postMerchantParticipations: an update names its merchant and carries optIn (a MAID merchant its maid
// and maidType); a MAID is immutable, duns null, empty or the value held, else 400. Updated once its addition completed.
test(
  'participation: updates a merchant with its names and optIn alone, and refuses one changing its duns or maid @provider',
  rules('IN-REQ-PARTICIPATION-ADD:accept', 'IN-STATE-PARTICIPATION-FIXED:accept', 'IN-STATE-PARTICIPATION-FIXED:refuse'),
  async ({ instApi, instReq, inst }) => {
    test.skip(inst.knownAcquirerIcas.length === 0, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const added = exampleParticipation(inst.knownAcquirerIcas[0], { ...MAID_MERCHANT, duns: '012345678' });
    await instReq.effectuated(instApi, [added]);
    const names = ['merchantLegalName', 'countryCode', 'acquirerICA', 'optIn', 'maid', 'maidType'];
    const update = Object.fromEntries(names.map((k) => [k, added[k]]));
    const answers: Record<string, number> = {};
    for (const [what, body] of [
      ['names and optIn alone', update],
      ['the duns held', { ...update, duns: added.duns }],
      ['another duns', { ...update, duns: '912345678' }],
      ['another maid', { ...update, maid: `${added.maid}`.replace(/.$/, (d) => String((Number(d) + 1) % 10)) }],
    ] as [string, Record<string, unknown>][])
      answers[what] = (await instApi.call('postMerchantParticipations', { body: [body] })).status;
    expect(answers).toEqual({ 'names and optIn alone': 202, 'the duns held': 202, 'another duns': 400, 'another maid': 400 });
  },
);

// provider 2.0.0, getMerchantParticipations 400 InvalidRequestIdError: a request_id that is not a 64-bit integer.
test(
  'participations: refuses a request_id that is no integer with 400 invalid.request.parameter @provider',
  rules('IN-ERR-REQUEST-ID'),
  async ({ instApi }) => {
    const res = await instApi.call('getMerchantParticipations', { query: { request_id: '12ab' } });
    expectErrors(res, 400);
    expect(res.body.Errors.Error[0]?.ReasonCode, "InvalidRequestIdError's code (its Description is an example's wording)").toBe(
      'invalid.request.parameter',
    );
  },
);
