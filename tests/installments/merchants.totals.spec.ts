// Covers: the Total and Count headers of every paged merchant reader under each of its filters, on
// every page (provider 2.0.0, Count / Offset / Limit / Total: Total the size of the data set the
// criteria answer, Count the page's): GET /merchants/participations by request_id, POST
// /merchants/searches by legal name with a status, acquirer ICA or country criterion, POST
// /merchants/mids/searches with a mid or a status criterion. Known sets: merchants of one request
// sharing one new legal name (a name criterion must find a merchant whose name it is exactly), of
// several ICAs and countries, one of an ICA the target does not know (ERROR); their MIDs. A target that
// counts before a filter, or counts what is left from the offset, shows another Total on some page.
import { exampleParticipation, expect, rules, test } from '../../fixtures/installments.js';

type Api = Parameters<Parameters<typeof test>[2]>[0]['instApi'];

/** Every page at `limit` of a reader: each page's Count against its size and Total against `total`. */
async function totalProblems(
  what: string,
  total: number,
  read: (offset: number, limit: number) => ReturnType<Api['call']>,
  items: (body: any) => unknown[],
  limit: number,
): Promise<string[]> {
  const out: string[] = [];
  // One page past the set's end too: an empty page's Total is still the set's size.
  for (let offset = 0; offset <= total; offset += limit) {
    const res = await read(offset, limit);
    if (res.status !== 200) {
      out.push(`${what} offset ${offset}: ${res.status}`);
      continue;
    }
    const page = items(res.body);
    const expected = Math.max(0, Math.min(limit, total - offset));
    if (page.length !== expected) out.push(`${what} offset ${offset} limit ${limit}: ${page.length} items, expected ${expected}`);
    if (res.headers.total !== undefined && Number(res.headers.total) !== total)
      out.push(`${what} offset ${offset} limit ${limit}: Total ${res.headers.total}, expected ${total}`);
    if (res.headers.count !== undefined && Number(res.headers.count) !== page.length)
      out.push(`${what} offset ${offset} limit ${limit}: Count ${res.headers.count} for ${page.length} items`);
  }
  return out;
}

test(
  'Total is the size of the filtered set and Count the page size, on every page of the by-request list, the merchant search under each criterion and the MID search under a mid or a status @provider',
  rules(
    'IN-PAGE-HEADERS@by-request',
    'IN-PAGE-HEADERS@search',
    'IN-PAGE-HEADERS@mids',
    'IN-FILTER-STATUS',
    'IN-FILTER-ICA',
    'IN-FILTER-COUNTRY',
    'IN-FILTER-MID',
    'IN-FILTER-MID-STATUS',
  ),
  async ({ instApi, inst, instReq }) => {
    test.skip(
      !inst.knownAcquirerIca || !inst.unknownAcquirerIca,
      'needs a known and an unknown acquirer ICA (INSTALLMENTS_KNOWN_ACQUIRER_ICA, INSTALLMENTS_UNKNOWN_ACQUIRER_ICA)',
    );
    const known = inst.knownAcquirerIcas;
    const name = `Totals ${Date.now().toString(36)} Mërchant`;
    const mids = Array.from({ length: 5 }, (_, i) => `00${Math.floor(Math.random() * 1e6)}${i}`.padStart(9, '0'));
    // Two merchants of the first known ICA (two countries), one of each other known ICA, one of an unknown ICA.
    const sent = [
      exampleParticipation(known[0], { merchantLegalName: name, countryCode: 'USA', mids }),
      exampleParticipation(known[0], { merchantLegalName: name, countryCode: 'CAN' }),
      ...known.slice(1).map((ica) => exampleParticipation(ica, { merchantLegalName: name, countryCode: 'USA' })),
      exampleParticipation(inst.unknownAcquirerIca!, { merchantLegalName: name, countryCode: 'USA' }),
    ];
    const submitted = await instApi.call('postMerchantParticipations', { body: sent });
    expect(submitted.status, 'the participations are accepted').toBe(202);
    const requestId = decodeURIComponent(
      /request_id=([^&]+)/.exec(submitted.headers.location ?? '')?.[1] ?? String(submitted.headers.location).split('/').pop()!,
    );
    await instReq.awaitEffectuation(instApi, requestId);

    const count = (f: (m: Record<string, any>) => boolean) => sent.filter(f).length;
    const merchantSearch = (extra: Record<string, string>) => (offset: number, limit: number) =>
      instApi.call('postMerchantSearches', { query: { offset, limit }, body: { merchantLegalName: name, ...extra } });
    const list = (b: any) => (Array.isArray(b) ? b : []);
    const midList = (b: any) => (Array.isArray(b?.mids) ? b.mids : []);
    const midSearch = (extra: Record<string, string>) => (offset: number, limit: number) =>
      instApi.call('postMerchantMidSearches', {
        query: { offset, limit },
        body: { merchantLegalName: name, countryCode: 'USA', acquirerICA: known[0], ...extra },
      });

    const wrong = [
      ...(await totalProblems(
        'by request_id',
        sent.length,
        (offset, limit) => instApi.call('getMerchantParticipations', { query: { request_id: requestId, offset, limit } }),
        list,
        2,
      )),
      ...(await totalProblems('search by name', sent.length, merchantSearch({}), list, 2)),
      ...(await totalProblems(
        'search by name, COMPLETED',
        count((m) => m.acquirerICA !== inst.unknownAcquirerIca),
        merchantSearch({ merchantParticipationStatus: 'COMPLETED' }),
        list,
        2,
      )),
      ...(await totalProblems('search by name, ERROR', 1, merchantSearch({ merchantParticipationStatus: 'ERROR' }), list, 1)),
      // Every value of the status criterion: none of the merchants is still PENDING once its participation settled.
      ...(await totalProblems('search by name, PENDING', 0, merchantSearch({ merchantParticipationStatus: 'PENDING' }), list, 1)),
      ...(await totalProblems(
        `search by name, ICA ${known[0]}`,
        count((m) => m.acquirerICA === known[0]),
        merchantSearch({ acquirerICA: known[0] }),
        list,
        1,
      )),
      ...(await totalProblems('search by name, CAN', 1, merchantSearch({ countryCode: 'CAN' }), list, 1)),
      ...(await totalProblems('MID search', mids.length, midSearch({}), midList, 2)),
      ...(await totalProblems('MID search, COMPLETED', mids.length, midSearch({ status: 'COMPLETED' }), midList, 2)),
      ...(await totalProblems('MID search, ERROR', 0, midSearch({ status: 'ERROR' }), midList, 2)),
      // Every value of the status criterion: none of the MIDs is still PENDING once its participation settled.
      ...(await totalProblems('MID search, PENDING', 0, midSearch({ status: 'PENDING' }), midList, 2)),
      ...(await totalProblems(`MID search, mid ${mids[3]}`, 1, midSearch({ mid: mids[3] }), midList, 1)),
    ];
    expect(wrong, 'Total and Count on every page of every filtered reader').toEqual([]);
  },
);
