// Covers: paging of GET /merchants/participations (by request_id, and the list), POST
// /merchants/searches and POST /merchants/mids/searches against known data sets: offset skips
// exactly that many items, limit caps the page, the pages make the set, and the Count / Offset /
// Limit / Total headers match it (provider 2.0.0, offset/limit and the paging headers). Every page
// keeps the query (IN-PAGE-KEEPS-QUERY): each item matches the criteria, each record is the
// unpaged read's record member for member, and a page's echoed criteria (the MID search's merchant)
// are the same on every page.
import {
  type CallOptions,
  exampleParticipation,
  isoCountry,
  expect,
  expectPage,
  type InstallmentsOperationId,
  mockOnly,
  rules,
  test,
} from '../../fixtures/installments.js';

type Fx = Parameters<Parameters<typeof test>[2]>[0];
type Api = Fx['instApi'];
const SIZE = 5;
const ICA = (inst: Fx['inst']) => inst.knownAcquirerIca ?? '001234';

/** How one reader is called and where its items are; `key` names an item. */
interface Reader {
  op: InstallmentsOperationId;
  call: CallOptions;
  items: (body: any) => any[];
  key: (item: any) => string;
  /** The criteria of the query as an item shows them (IN-PAGE-KEEPS-QUERY). */
  matches?: (item: any) => boolean;
  /** A page's members other than its items (the MID search's merchant): the same on every page. */
  echoed?: (body: any) => Record<string, unknown>;
}

/** Walks a known set of SIZE items with several windows and checks items and headers of each page. */
async function checkPaging(api: Api, r: Reader, expected: string[]) {
  let unpaged: { records: Map<string, unknown>; echoed?: Record<string, unknown> } | undefined;
  const page = async (query?: { offset: number; limit: number }) => {
    const res = await api.callBuilt(r.op, { ...r.call, ...(query ? { query: { ...r.call.query, ...query } } : {}) });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const items = r.items(res.body);
    expectPage(res, items, query);
    expect(Number(res.headers.total), 'Total is the size of the known data set').toBe(SIZE);
    // The page keeps the query: every item under the criteria, each record and the echoed criteria as unpaged.
    const where = query ? `offset ${query.offset} limit ${query.limit}` : 'unpaged';
    if (r.matches) expect(items.filter((i) => !r.matches!(i)).map(r.key), `${where}: items outside the criteria`).toEqual([]);
    const echoed = r.echoed?.(res.body);
    if (!unpaged) unpaged = { records: new Map(items.map((i) => [r.key(i), i])), echoed };
    else {
      expect(echoed, `${where}: the criteria the page echoes, as the unpaged read`).toEqual(unpaged.echoed);
      for (const item of items)
        expect(item, `${where}: ${r.key(item)} as the unpaged read gives it`).toEqual(unpaged.records.get(r.key(item)));
    }
    return items.map(r.key);
  };
  const whole = await page();
  expect([...whole].sort(), 'without offset and limit: the whole set').toEqual([...expected].sort());
  const windows = [await page({ offset: 0, limit: 2 }), await page({ offset: 2, limit: 2 }), await page({ offset: 4, limit: 2 })];
  expect(
    windows.map((w) => w.length),
    'pages of 2, 2 and 1',
  ).toEqual([2, 2, 1]);
  expect(windows.flat(), 'the pages, in order, are the set without repeats').toEqual(whole);
  expect(await page({ offset: 1, limit: 3 }), 'offset 1 skips exactly one item').toEqual(whole.slice(1, 4));
  expect(await page({ offset: SIZE, limit: 2 }), 'past the last item: an empty page').toEqual([]);
}

test(
  "pages a request's merchants by request_id @provider",
  rules(
    'IN-PAGE-SLICE@by-request',
    'IN-PAGE-HEADERS@by-request',
    'IN-PAGE-KEEPS-QUERY@by-request',
    'IN-FILTER-REQUEST-ID:accept',
    'IN-FILTER-REQUEST-ID:refuse',
  ),
  async ({ instApi, instReq, inst }) => {
    const merchants = Array.from({ length: SIZE }, () => exampleParticipation(ICA(inst)));
    const requestId = await instReq.submitParticipations(instApi, merchants);
    const otherId = await instReq.submitParticipations(instApi, [exampleParticipation(ICA(inst))]);
    expect(otherId, 'each submission has its own request id').not.toBe(requestId);
    const reader: Reader = {
      op: 'getMerchantParticipations',
      call: { query: { request_id: requestId } },
      items: (b) => b,
      key: (m) => m.merchantLegalName,
      matches: (m) => merchants.some((sent) => sent.merchantLegalName === m.merchantLegalName),
    };
    await checkPaging(
      instApi,
      reader,
      merchants.map((m) => m.merchantLegalName),
    );
  },
);

test(
  'pages a merchant search against merchants of one exact name @provider',
  rules('IN-PAGE-SLICE@search', 'IN-PAGE-HEADERS@search', 'IN-PAGE-KEEPS-QUERY@search'),
  async ({ instApi, instReq, inst }) => {
    const name = `Paging ${crypto.randomUUID()}`;
    const merchants = Array.from({ length: SIZE }, (_, i) =>
      exampleParticipation(ICA(inst), { merchantLegalName: name, countryCode: isoCountry(i) }),
    );
    await instReq.submitParticipations(instApi, merchants);
    const reader: Reader = {
      op: 'postMerchantSearches',
      call: { body: { merchantLegalName: name } },
      items: (b) => b,
      key: (m) => m.countryCode,
      matches: (m) => m.merchantLegalName === name,
    };
    await checkPaging(
      instApi,
      reader,
      merchants.map((m) => m.countryCode),
    );
  },
);

test(
  'pages the MIDs of a merchant @provider',
  rules('IN-PAGE-SLICE@mids', 'IN-PAGE-HEADERS@mids', 'IN-PAGE-KEEPS-QUERY@mids'),
  async ({ instApi, instReq, inst }) => {
    const mids = Array.from({ length: SIZE }, (_, i) => String(300_000_001 + i + Math.floor(Math.random() * 1e6) * 10));
    const merchant = exampleParticipation(ICA(inst), { mids });
    await instReq.submitParticipations(instApi, [merchant]);
    const body = { merchantLegalName: merchant.merchantLegalName, countryCode: merchant.countryCode, acquirerICA: merchant.acquirerICA };
    await checkPaging(
      instApi,
      {
        op: 'postMerchantMidSearches',
        call: { body },
        items: (b) => b.mids ?? [],
        key: (m) => m.mid,
        // The page's merchant is the one searched, on every page.
        echoed: ({ mids: _items, ...rest }) => {
          expect(rest, 'the merchant the page answers for is the one searched').toMatchObject(body);
          return rest;
        },
      },
      mids,
    );
  },
);

test(
  'pages the list of completed merchants @mock-only @provider',
  mockOnly(
    rules('IN-PAGE-SLICE@list', 'IN-PAGE-HEADERS@list', 'IN-PAGE-KEEPS-QUERY@list'),
    "needs an emptied mock (reset): a sandbox's list holds every completed merchant of the partner, not a known set",
  ),
  async ({ instApi, instReq, inst, instMock }) => {
    // The list holds every completed merchant of the target: only an emptied mock is a known set.
    await instMock.reset();
    const merchants = Array.from({ length: SIZE }, () => exampleParticipation(ICA(inst)));
    // Beside them, merchants the list leaves out (seed 001: "whose effectuation request is completed"):
    // one of an ICA the target does not know (ERROR) and one submitted after (PENDING). The set and
    // its Total are the completed five still: a Total counting every merchant shows 7.
    const unknown = inst.unknownAcquirerIca ? [exampleParticipation(inst.unknownAcquirerIca)] : [];
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, [...merchants, ...unknown]));
    await instReq.submitParticipations(instApi, [exampleParticipation(ICA(inst))]);
    await checkPaging(
      instApi,
      { op: 'getMerchantParticipations', call: {}, items: (b) => b, key: (m) => m.merchantLegalName },
      merchants.map((m) => m.merchantLegalName),
    );
  },
);
