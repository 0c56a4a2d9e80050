// Covers: the Total and Count headers of every paged merchant reader under each filter, on every page (provider
// 2.0.0, Count / Offset / Limit / Total: Total the data set the criteria answer, Count the page's), over known sets.
import { citing, exampleParticipation, expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { DERIVED_VIEWS } from '../../helpers/client/invariants/derived-views.js';
import { type Page, pageProblems, pagedReaders } from '../../helpers/client/invariants/paging.js';
import { countProperty } from '../../helpers/client/property-counts.js';

const CONTRACT = await loadContract('installments');
/** The paged readers of the contract (helpers/client/invariants/paging.ts): each is checked below or the count fails. */
const VIEWS = pagedReaders(CONTRACT);
const viewOf = (operationId: string) => VIEWS.find((v) => v.reader.operationId === operationId)!;
/** The items a page lists: the answer when it is a list, else its list member (a MID page's `mids`). */
const itemsOf = (body: unknown): unknown[] =>
  Array.isArray(body) ? body : ((Object.values((body ?? {}) as object).find(Array.isArray) as unknown[] | undefined) ?? []);

test(
  'Total is the size of the filtered set and Count the page size, on every page of the by-request list, the merchant search under each criterion and the MID search under a mid or a status @provider',
  rules(
    ...citing('IN-PAGE-HEADERS', '@by-request', '@search', '@mids'),
    'IN-FILTER-STATUS',
    'IN-FILTER-ICA',
    'IN-FILTER-COUNTRY',
    'IN-FILTER-MID',
    'IN-FILTER-MID-STATUS',
    'IN-DERIVED-VIEW',
  ),
  async ({ instApi, inst, instReq }) => {
    test.skip(
      !inst.knownAcquirerIca || !inst.unknownAcquirerIca,
      'needs a known and an unknown acquirer ICA (INSTALLMENTS_KNOWN_ACQUIRER_ICA, INSTALLMENTS_UNKNOWN_ACQUIRER_ICA)',
    );
    const known = inst.knownAcquirerIcas;
    const name = `Totals ${Date.now().toString(36)} Mërchant`;
    const mids = Array.from({ length: 5 }, (_, i) => `00${Math.floor(Math.random() * 1e6)}${i}`.padStart(9, '0'));
    // Two merchants of the first known ICA (two countries), one of each other, one of an unknown ICA. MID merchants:
    // provider 2.0.0 names a MAID merchant by ICA, name and country, and by name and country alone.
    const of = { merchantLegalName: name, maid: undefined, maidType: undefined };
    const sent = [
      exampleParticipation(known[0], { ...of, countryCode: 'USA', mids }),
      exampleParticipation(known[0], { ...of, countryCode: 'CAN' }),
      ...known.slice(1).map((ica) => exampleParticipation(ica, { ...of, countryCode: 'USA' })),
      exampleParticipation(inst.unknownAcquirerIca!, { ...of, countryCode: 'USA' }),
    ];
    const { requestId } = await instReq.effectuated(instApi, sent);

    const count = (f: (m: Record<string, any>) => boolean) => sent.filter(f).length;
    const page = async (res: Promise<{ status: number; headers: Record<string, string>; body: unknown }>): Promise<Page> => {
      const { status, headers, body } = await res;
      return { status, headers, items: itemsOf(body) };
    };
    const merchantSearch = (extra: Record<string, string>) => (offset: number, limit: number) =>
      page(instApi.call('postMerchantSearches', { query: { offset, limit }, body: { merchantLegalName: name, ...extra } }));
    const midSearch = (extra: Record<string, string>) => (offset: number, limit: number) =>
      page(instReq.midSearch(instApi, sent[0], extra, { offset, limit }));
    const search = viewOf('postMerchantSearches');
    const mid = viewOf('postMerchantMidSearches');

    const wrong = [
      ...(await pageProblems(
        'by request_id',
        viewOf('getMerchantParticipations'),
        (offset, limit) => page(instApi.call('getMerchantParticipations', { query: { request_id: requestId, offset, limit } })),
        2,
        sent.length,
      )),
      ...(await pageProblems('search by name', search, merchantSearch({}), 2, sent.length)),
      ...(await pageProblems(
        'search by name, COMPLETED',
        search,
        merchantSearch({ merchantParticipationStatus: 'COMPLETED' }),
        2,
        count((m) => m.acquirerICA !== inst.unknownAcquirerIca),
      )),
      ...(await pageProblems('search by name, ERROR', search, merchantSearch({ merchantParticipationStatus: 'ERROR' }), 1, 1)),
      // Every value of the status criterion: none of the merchants is still PENDING once its participation settled.
      ...(await pageProblems('search by name, PENDING', search, merchantSearch({ merchantParticipationStatus: 'PENDING' }), 1, 0)),
      ...(await pageProblems(
        `search by name, ICA ${known[0]}`,
        search,
        merchantSearch({ acquirerICA: known[0] }),
        1,
        count((m) => m.acquirerICA === known[0]),
      )),
      ...(await pageProblems('search by name, CAN', search, merchantSearch({ countryCode: 'CAN' }), 1, 1)),
      ...(await pageProblems('MID search', mid, midSearch({}), 2, mids.length)),
      ...(await pageProblems('MID search, COMPLETED', mid, midSearch({ status: 'COMPLETED' }), 2, mids.length)),
      ...(await pageProblems('MID search, ERROR', mid, midSearch({ status: 'ERROR' }), 2, 0)),
      // Every value of the status criterion: none of the MIDs is still PENDING once its participation settled.
      ...(await pageProblems('MID search, PENDING', mid, midSearch({ status: 'PENDING' }), 2, 0)),
      ...(await pageProblems(`MID search, mid ${mids[3]}`, mid, midSearch({ mid: mids[3] }), 1, 1)),
    ];
    countProperty(test.info(), {
      property: DERIVED_VIEWS,
      service: 'installments',
      rule: 'IN-DERIVED-VIEW',
      applies: VIEWS.map((v) => v.reader.operationId),
      checked: ['getMerchantParticipations', 'postMerchantSearches', 'postMerchantMidSearches'],
      exceptions: [],
    });
    expect(wrong, 'Total and Count on every page of every filtered reader').toEqual([]);
  },
);
