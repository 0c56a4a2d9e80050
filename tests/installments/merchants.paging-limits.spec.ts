// Covers: the bounds of offset and limit on the merchant readers (provider 2.0.0: offset at least 0, default 0;
// limit within the contract's range, its maximum the default), and the default page size.
import {
  exampleParticipation,
  expect,
  isoCountry,
  expectErrors,
  expectPage,
  loadContract,
  mockOnly,
  parameterDefault,
  parameterRange,
  rules,
  pageCap,
  sizeOf,
  test,
} from '../../fixtures/installments.js';
import { ISO_COUNTRIES_ALPHA3 } from '../../helpers/contract/ajv.js';

const contract = await loadContract('installments');
const READERS = [
  ['getMerchantParticipations', 'list'],
  ['postMerchantSearches', 'search'],
  ['postMerchantMidSearches', 'mids'],
] as const;
// The same bounds on the three readers (tests/self/installments-limits.spec.ts holds them to the provider's).
const LIMIT = parameterRange(contract, 'getMerchantParticipations', 'limit');
const DEFAULT_LIMIT = Number(parameterDefault(contract, 'getMerchantParticipations', 'limit'));
const PER_REQUEST = sizeOf(contract, 'MerchantParticipationRequest').max!;
// One more than a page: a page of exactly DEFAULT_LIMIT then tells every other default, larger or smaller.
const BIG = DEFAULT_LIMIT + 1;

for (const [operationId, path] of READERS) {
  test(
    `${operationId}: accepts limit ${LIMIT.min} and ${LIMIT.max} and offset 0, refuses limit ${LIMIT.min! - 1}, ${LIMIT.max! + 1} or not an integer and offset -1 (400) @provider`,
    // Each accepted page carries its Count, Offset and Limit headers (expectPage): IN-PAGE-HEADERS on the path too.
    rules(
      `IN-PAGE-LIMIT:accept@${path}`,
      `IN-PAGE-LIMIT:refuse@${path}`,
      `IN-PAGE-OFFSET:accept@${path}`,
      `IN-PAGE-OFFSET:refuse@${path}`,
      `IN-PAGE-HEADERS@${path}`,
    ),
    async ({ instApi, instReq, inst }) => {
      const call = await instReq.sampleCall(operationId);
      // The MIDs of a merchant the target holds (seed 001: "the mids of a given merchant"), submitted first.
      if (operationId === 'postMerchantMidSearches') {
        const held = exampleParticipation(inst.knownAcquirerIca ?? '001234');
        await instReq.submitParticipations(instApi, [held]);
        call.body = { merchantLegalName: held.merchantLegalName, countryCode: held.countryCode, acquirerICA: held.acquirerICA };
      }
      for (const query of [
        { offset: 0, limit: LIMIT.min! },
        { offset: 0, limit: LIMIT.max! },
      ]) {
        const res = await instApi.call(operationId, { ...call, query });
        expect(res.status, `${JSON.stringify(query)} is accepted`).toBe(200);
        expectPage(res, Array.isArray(res.body) ? res.body : (res.body.mids ?? []), query);
      }
      for (const query of [{ limit: LIMIT.min! - 1 }, { limit: LIMIT.max! + 1 }, { limit: 'abc' }, { limit: 2.5 }, { offset: -1 }]) {
        await test.step(`refuses ${JSON.stringify(query)}`, async () =>
          expectErrors(await instApi.call(operationId, { ...call, query }), 400));
      }
    },
  );
}

test(
  `without offset and limit, a search and the list answer the first ${DEFAULT_LIMIT} of ${BIG} merchants @mock-only @provider`,
  mockOnly(
    rules('IN-PAGE-DEFAULT@search', 'IN-PAGE-DEFAULT@list'),
    "needs an emptied mock (reset): a sandbox's list holds every completed merchant of the partner, not a known set",
  ),
  async ({ instApi, instReq, inst, instMock }) => {
    // More merchants than a page, of one exact name, through the API; the list is a known set only on an emptied mock.
    await instMock.reset();
    const name = `Default page ${crypto.randomUUID()}`;
    // Distinct merchants of one name (provider 2.0.0, countryCode; postMerchantParticipations: MID merchants by name and country).
    const icas = inst.knownAcquirerIcas;
    expect(icas.length * ISO_COUNTRIES_ALPHA3.length, 'merchants of one name the countries and known ICAs make').toBeGreaterThanOrEqual(
      BIG,
    );
    const merchants = Array.from({ length: BIG }, (_, i) =>
      exampleParticipation(icas[Math.floor(i / ISO_COUNTRIES_ALPHA3.length)], {
        merchantLegalName: name,
        countryCode: isoCountry(i),
        mids: [String(100_000_000 + i)],
        maid: undefined,
        maidType: undefined,
        // A merchant added carries dbaNames (provider 2.0.0, postMerchantParticipations): one naming no other merchant.
        dbaNames: [`Store ${i}`],
      }),
    );
    const ids: string[] = [];
    for (let i = 0; i < BIG; i += PER_REQUEST) ids.push(await instReq.submitParticipations(instApi, merchants.slice(i, i + PER_REQUEST)));
    await instReq.awaitEffectuation(instApi, ids[ids.length - 1]);
    const search = await instApi.call('postMerchantSearches', { body: { merchantLegalName: name } });
    const list = await instApi.call('getMerchantParticipations', {});
    for (const [reader, res] of [
      ['search', search],
      ['list', list],
    ] as const) {
      expect(res.status).toBe(200);
      // The default limit fills the page, or the schema's maxItems caps it first (pageCap: both documented).
      const sizes = [DEFAULT_LIMIT, pageCap(contract, res.operation.operationId, DEFAULT_LIMIT)];
      expect(sizes, `${reader}: the default limit is ${DEFAULT_LIMIT}; a page of ${res.body.length}`).toContain(res.body.length);
      expectPage(res, res.body);
      expect(Number(res.headers.total), `${reader}: Total counts all ${BIG}`).toBe(BIG);
    }
    // The pages after the first, each from where the last ended, hold the rest: every merchant once.
    const all = [...search.body];
    for (let offset = all.length; offset < BIG; offset = all.length) {
      const rest = await instApi.call('postMerchantSearches', { query: { offset }, body: { merchantLegalName: name } });
      expect(rest.body.length, `offset ${offset} with the default limit: more of the ${BIG}`).toBeGreaterThan(0);
      all.push(...rest.body);
    }
    const seen = new Set(all.map((m: { countryCode: string; acquirerICA: string }) => `${m.countryCode} ${m.acquirerICA}`));
    expect(seen.size, 'the pages hold every merchant once').toBe(BIG);
  },
);

test(
  `without offset and limit, a MID search answers the first ${DEFAULT_LIMIT} of ${BIG} MIDs @provider`,
  rules('IN-PAGE-DEFAULT@mids'),
  async ({ instApi, instReq, inst }) => {
    const mids = Array.from({ length: BIG }, (_, i) => String(200_000_000 + i));
    const merchant = exampleParticipation(inst.knownAcquirerIca ?? '001234', { mids });
    await instReq.submitParticipations(instApi, [merchant]);
    const first = await instReq.midSearch(instApi, merchant);
    expect(first.status).toBe(200);
    const sizes = [DEFAULT_LIMIT, pageCap(contract, 'postMerchantMidSearches', DEFAULT_LIMIT)];
    expect(sizes, `the default limit is ${DEFAULT_LIMIT}; a page of ${first.body.mids.length}`).toContain(first.body.mids.length);
    expectPage(first, first.body.mids);
    expect(Number(first.headers.total)).toBe(BIG);
    const all = [...first.body.mids];
    for (let offset = all.length; offset < BIG; offset = all.length) {
      const rest = await instReq.midSearch(instApi, merchant, {}, { offset });
      expect(rest.body.mids?.length, `offset ${offset}: more of the ${BIG} MIDs`).toBeGreaterThan(0);
      all.push(...rest.body.mids);
    }
    expect(new Set(all.map((m: { mid: string }) => m.mid)).size).toBe(BIG);
  },
);
