// Institutions (seed 002, Endpoints - Institutions): search (an empty list with 200 when nothing
// matches), certified and RSSD variants, get by id, branding (404 when none), routing numbers
// (9 digits; no match 404) and merchant location matches (at most the contract's maxItems). Shapes follow provider
// 1.35.0: integer ids, `requestedDate` on certified lists, full records for the routing-number
// lookup, matches under `locationMatches`.
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext } from './middleware.js';
import { defaultLimit, page } from './paging.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Institution, InstitutionSeams } from './state.js';
import { sizeOf } from '../../helpers/contract/facts.js';
import { frozenRecord, sendList } from '../kit/json.js';

const NAME_SET = ['merchantName', 'streetAddress', 'city', 'stateProvinceRegion', 'postalCode'];

export function registerInstitutions(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  const seams = faults.seams<InstitutionSeams>();
  // seed 002, Limits: location matches (the contract's LocationMatches maxItems).
  const MAX_LOCATION_MATCHES = sizeOf(ctx.contract, 'LocationMatches', 'locationMatches').max!;
  const status = (i: Institution) => ({
    overallStatus: 'online',
    ...Object.fromEntries(['transAgg', 'voa', 'voi', 'stateAgg', 'ach', 'aha'].map((p) => [p, i.products[p] ? 'online' : 'offline'])),
  });
  // The records are built and serialized once per institution (the catalogue does not change while
  // the mock runs): a list answer writes their text (kit/json.ts) instead of serializing them again.
  const once = <T extends object>(build: (i: Institution) => T) => {
    const built = new WeakMap<Institution, T>();
    return (i: Institution): T => {
      let record = built.get(i);
      if (!record) built.set(i, (record = frozenRecord(build(i))));
      return record;
    };
  };
  const full = once((i: Institution) => ({
    id: Number(i.id),
    name: i.name,
    ...i.products,
    oauthEnabled: i.id === '101732',
    currency: 'USD',
    status: 'online',
    urlHomeApp: `https://${(faults.has('institution-home-url-without-host') ? i.name.toUpperCase() : i.name.toLowerCase()).replace(/[^a-z]+/g, '')}.example.com`,
    ...(i.branding ? { branding: i.branding } : {}),
  }));
  const certified = once((i: Institution) => ({
    id: Number(i.id),
    name: i.name,
    ...i.products,
    studentLoanData: false,
    loanPaymentDetails: i.products.ach,
    oauthEnabled: faults.has('certified-oauth-every-institution') || i.id === '101732',
    productionStatus: status(i),
  }));

  function filtered(query: Record<string, any>, ignoreSearch = false, withCase = false, ignoreType = false): Institution[] {
    let list = world.institutions;
    const search = faults.has('institution-search-ignored') || ignoreSearch ? undefined : query.search?.trim().toLowerCase();
    // i32-fd-inst-search-id-prefix: a search of digits matches every institution whose id starts with it.
    if (search && faults.has('i32-fd-inst-search-id-prefix'))
      list = list.filter((i) => i.name.toLowerCase().includes(search) || (/^[0-9]+$/.test(search) && i.id.startsWith(search)));
    else if (search) list = list.filter((i) => i.name.toLowerCase().includes(search) || i.id === search);
    // i4-certified-search-case-sensitive: the search text compared with case.
    if (search && withCase) list = list.filter((i) => i.name.includes(query.search.trim()) || i.id === search);
    if (query.type && !faults.has('institution-type-filter-ignored') && !ignoreType) {
      const wanted = String(query.type)
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      list = list.filter((i) => wanted.every((t) => i.products[t] === true));
    }
    // US region only (seed 002); provider: `*` (the default) for all countries, codes in either case.
    // i7-inst-countries-lowercase-us-empty: the codes compared as sent (a lower-case us matches nothing).
    const asked = String(query.supportedCountries ?? '*');
    const countries = (faults.has('i7-inst-countries-lowercase-us-empty') ? asked : asked.toUpperCase()).split(',');
    if (faults.has('i11-inst-countries-list-empty') && countries.length > 1) return [];
    // i20-inst-countries-last-code-only: a list of codes read as its last code (US,ca as CA).
    if (faults.has('i20-inst-countries-last-code-only') && countries.length > 1) return countries.at(-1) === 'US' ? list : [];
    return countries.includes('*') || countries.includes('US') ? list : [];
  }
  const listing = (
    operationId: FdOperationId,
    query: Record<string, any>,
    reply: any,
    shape: (i: Institution) => object,
    dateName: 'createdDate' | 'requestedDate',
    ignoreSearch = false,
  ) => {
    // i10-inst-certified-type-any-of: the certified search lists institutions with any of the product types asked
    // (the every-type filter of filtered() skipped, an any-type filter applied after it).
    // rssd-types-any-of: the same, on the RSSD search.
    const anyOf =
      ((operationId === 'GetCertifiedInstitutions' && faults.has('i10-inst-certified-type-any-of')) ||
        (operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('rssd-types-any-of'))) &&
      Boolean(query.type);
    const list = filtered(
      query,
      ignoreSearch,
      operationId === 'GetCertifiedInstitutions' && faults.has('i4-certified-search-case-sensitive'),
      // Seeded faults: one certified search forgets the product types its siblings apply.
      (operationId === 'GetCertifiedInstitutions' && faults.has('certified-type-filter-ignored')) ||
        (operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('rssd-type-filter-ignored')) ||
        // i10-inst-certified-type-any-of (above).
        anyOf,
    )
      .filter(
        (i) =>
          !anyOf ||
          String(query.type)
            .split(',')
            .some((t) => i.products[t.trim()] === true),
      )
      // i33-fd-rssd-search-name-start-only: the RSSD listing matches the search only at the start of a name.
      .filter(
        (i) =>
          !(
            operationId === 'GetCertifiedInstitutionsWithRSSD' &&
            faults.has('i33-fd-rssd-search-name-start-only') &&
            query.search?.trim()
          ) ||
          i.name.toLowerCase().startsWith(String(query.search).trim().toLowerCase()) ||
          i.id === String(query.search).trim().toLowerCase(),
      );
    if (list.length === 0 && faults.has('institutions-no-match-404')) return sendError(ctx, reply, 404, 'No institution found');
    const { slice, ...counts } = page(list, query, defaultLimit(ctx.contract, operationId), faults.has('start-ignored'), faults);
    if (faults.has('found-page-count')) counts.found = counts.displaying; // fault: found counts the page, not the matches
    // i21-inst-certified-later-page-found-remaining: a later page of the certified search counts what remains from that page as found.
    if (
      operationId === 'GetCertifiedInstitutions' &&
      faults.has('i21-inst-certified-later-page-found-remaining') &&
      Number(query.start ?? 1) > 1
    )
      counts.found = Math.max(0, list.length - (Number(query.start) - 1) * Number(query.limit ?? defaultLimit(ctx.contract, operationId)));
    // i34-fd-inst-certified-found-counts-page: GetCertifiedInstitutions gives as found the institutions of its page only.
    if (operationId === 'GetCertifiedInstitutions' && faults.has('i34-fd-inst-certified-found-counts-page')) counts.found = slice.length;
    // i14-inst-displaying-is-limit-on-last-page: GetInstitutions gives the page size asked as displaying, a short last page too.
    if (operationId === 'GetInstitutions' && faults.has('i14-inst-displaying-is-limit-on-last-page'))
      counts.displaying = Number(query.limit ?? defaultLimit(ctx.contract, operationId));
    // i13-inst-certified-more-available-ignores-search: under a search, moreAvailable weighed against every institution.
    if (operationId === 'GetCertifiedInstitutions' && faults.has('i13-inst-certified-more-available-ignores-search') && query.search)
      counts.moreAvailable =
        (Number(query.start ?? 1) - 1) * Number(query.limit ?? defaultLimit(ctx.contract, operationId)) + slice.length <
        world.institutions.length;
    // seeded-rssd-more-available-ignores-type: under a product type, moreAvailable weighed against every institution.
    if (operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('seeded-rssd-more-available-ignores-type') && query.type)
      counts.moreAvailable =
        (Number(query.start ?? 1) - 1) * Number(query.limit ?? defaultLimit(ctx.contract, operationId)) + slice.length <
        world.institutions.length;
    // i16-inst-rssd-more-available-full-page: the RSSD list says more is available whenever its page is full.
    if (
      operationId === 'GetCertifiedInstitutionsWithRSSD' &&
      faults.has('i16-inst-rssd-more-available-full-page') &&
      slice.length === Number(query.limit ?? defaultLimit(ctx.contract, operationId))
    )
      counts.moreAvailable = true;
    // i9-inst-rssd-found-ignores-search: the RSSD list counts the whole catalogue as found.
    if (operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('i9-inst-rssd-found-ignores-search'))
      counts.found = world.institutions.length;
    // i12-inst-rssd-dropped-after-first-page: a later page of the RSSD search loses the identifier.
    const dropRssd =
      operationId === 'GetCertifiedInstitutionsWithRSSD' &&
      faults.has('i12-inst-rssd-dropped-after-first-page') &&
      Number(query.start ?? 1) > 1;
    // seeded-certified-loan-details-reset-after-first-page: a later page of the certified search
    // answers every institution's loanPaymentDetails as false.
    const resetLoan =
      operationId === 'GetCertifiedInstitutions' &&
      faults.has('seeded-certified-loan-details-reset-after-first-page') &&
      Number(query.start ?? 1) > 1;
    // i26-inst-rssd-limit-one-lists-two: the RSSD list asked for one record a page answers two (an inclusive loop bound).
    // i36-fd-inst-page-past-end-repeats-last: a start past the last page answers the last page again.
    const pastEnd = operationId === 'GetInstitutions' && faults.has('i36-fd-inst-page-past-end-repeats-last') && slice.length === 0;
    const lastPage = pastEnd ? list.slice(-(Number(query.limit ?? defaultLimit(ctx.contract, operationId)) || 1)) : slice;
    if (pastEnd) counts.displaying = lastPage.length;
    const served =
      operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('i26-inst-rssd-limit-one-lists-two') && Number(query.limit) === 1
        ? list.slice((Number(query.start ?? 1) - 1) * 1, (Number(query.start ?? 1) - 1) * 1 + 2)
        : lastPage;
    const shaped = served
      .map(shape)
      .map((v) => (dropRssd ? { ...v, rssd: undefined } : v))
      .map((v) => (resetLoan ? { ...v, loanPaymentDetails: false } : v));
    // i30-fd-inst-rssd-requested-date-milliseconds: the RSSD list dates the request in epoch milliseconds.
    const requested =
      operationId === 'GetCertifiedInstitutionsWithRSSD' && faults.has('i30-fd-inst-rssd-requested-date-milliseconds')
        ? clock.nowMs()
        : clock.nowEpochSeconds();
    return sendList(reply, { ...counts, [dateName]: requested }, 'institutions', shaped);
  };

  /** The query with its search text's runs of white space collapsed, when `on` (two faults' deviation). */
  const spacesCollapsed = (query: Record<string, unknown>, on: boolean) =>
    on && typeof query.search === 'string' ? { ...query, search: query.search.replace(/\s+/g, ' ') } : query;
  // i14-inst-search-inner-spaces-collapsed: GetInstitutions collapses the inner runs of spaces of the search text.
  // seeded-fam26b-inst-search-branding-dropped: the search list answers each institution without its branding.
  const searchShape = (i: Institution) => {
    if (!faults.has('seeded-fam26b-inst-search-branding-dropped')) return full(i);
    const { branding: _branding, ...rest } = full(i) as ReturnType<typeof full> & { branding?: unknown };
    return rest;
  };
  // i25-inst-search-hyphen-unmatched: a search text holding a hyphen finds nothing (the full-text engine reads '-' as NOT).
  const hyphenSearch = (query: Record<string, unknown>) =>
    faults.has('i25-inst-search-hyphen-unmatched') && typeof query.search === 'string' && query.search.includes('-')
      ? { ...query, search: '\u0000' }
      : query;
  route(app, ctx, 'GetInstitutions', ({ query }, reply) =>
    listing(
      'GetInstitutions',
      spacesCollapsed(hyphenSearch(query), faults.has('i14-inst-search-inner-spaces-collapsed')),
      reply,
      searchShape,
      'createdDate',
    ),
  );
  // Blind fault: the certified list forgets the search text its sibling applies.
  // seeded-certified-search-inner-spaces-collapsed: the same collapse on the certified search.
  route(app, ctx, 'GetCertifiedInstitutions', ({ query }, reply) =>
    listing(
      'GetCertifiedInstitutions',
      spacesCollapsed(query, faults.has('seeded-certified-search-inner-spaces-collapsed')),
      reply,
      certified,
      'requestedDate',
      faults.has('blind-certified-search-ignored'),
    ),
  );
  route(app, ctx, 'GetCertifiedInstitutionsWithRSSD', ({ query }, reply) =>
    listing(
      'GetCertifiedInstitutionsWithRSSD',
      query,
      reply,
      (i) => (faults.has('rssd-missing') ? certified(i) : { ...certified(i), rssd: i.rssd, childInstitutions: [] }),
      // i35-fd-inst-rssd-list-date-named-created: the RSSD list dates itself under createdDate (the institutions list's name), not requestedDate.
      faults.has('i35-fd-inst-rssd-list-date-named-created') ? 'createdDate' : 'requestedDate',
      faults.has('rssd-search-ignored'),
    ),
  );

  const find = (id: string) =>
    world.institutions.find((i) => i.id === id) ?? (faults.has('unknown-institution-200') ? world.institutions[0] : undefined);
  route(app, ctx, 'GetInstitution', ({ path }, reply) => {
    // rt-inst-get-id-prefix: the first institution whose id begins with the id asked.
    const i =
      find(path.institutionId) ??
      (faults.has('rt-inst-get-id-prefix') ? world.institutions.find((x) => x.id.startsWith(String(path.institutionId))) : undefined) ??
      // i30-fd-inst-get-id-matches-routing-number: the by-id reader looks the id up in the index it shares with the routing numbers.
      (faults.has('i30-fd-inst-get-id-matches-routing-number')
        ? world.institutions.find((x) => x.routingNumbers.includes(String(path.institutionId)))
        : undefined);
    // i38-fd-inst-get-unknown-400: an institution id that names none answered 400, not 404.
    if (!i && faults.has('i38-fd-inst-get-unknown-400')) return sendError(ctx, reply, 400, 'Invalid institution id');
    if (!i) return sendError(ctx, reply, 404, 'Institution not found');
    // i26-inst-get-unbranded-404: GetInstitution joins the branding assets, so an institution without branding is not found.
    if (faults.has('i26-inst-get-unbranded-404') && !i.branding) return sendError(ctx, reply, 404, 'Institution not found');
    // i16-inst-get-ach-without-product: GetInstitution reads an institution without the ACH product as having it.
    if (faults.has('i16-inst-get-ach-without-product') && !i.products.ach) return { institution: { ...full(i), ach: true } };
    // i18-inst-get-id-as-string: GetInstitution alone writes the institution's id as a string.
    if (faults.has('i18-inst-get-id-as-string')) return { institution: { ...full(i), id: String(i.id) } };
    // i22-inst-get-status-of-branding: GetInstitution reads an institution with branding as offline (a status from the branding feed).
    if (faults.has('i22-inst-get-status-of-branding') && i.branding) return { institution: { ...full(i), status: 'offline' } };
    // i24-inst-get-home-url-trailing-slash: the by-id reader answers the home URL with a slash added.
    if (faults.has('i24-inst-get-home-url-trailing-slash')) return { institution: { ...full(i), urlHomeApp: `${full(i).urlHomeApp}/` } };
    // i23-inst-get-oauth-flag-false: the by-id reader answers oauthEnabled from a column it never fills (false).
    if (faults.has('i23-inst-get-oauth-flag-false')) return { institution: { ...full(i), oauthEnabled: false } };
    // i31-fd-inst-get-branding-of-previous: the by-id record carries the branding of the institution listed before it (an index off by one).
    const previous = faults.has('i31-fd-inst-get-branding-of-previous') ? world.institutions[world.institutions.indexOf(i) - 1] : undefined;
    if (previous) return { institution: { ...full(i), branding: (full(previous) as { branding?: unknown }).branding } };
    return { institution: full(i) };
  });
  route(app, ctx, 'GetInstitutionBranding', ({ path }, reply) => {
    // rt-inst-branding-id-prefix: the first institution whose id begins with the id asked.
    const i =
      find(path.institutionId) ??
      (faults.has('rt-inst-branding-id-prefix') ? world.institutions.find((x) => x.id.startsWith(String(path.institutionId))) : undefined);
    if (!i) return sendError(ctx, reply, 404, 'Institution not found');
    // i13-inst-branding-of-first-institution: an institution without assets answered the first one's branding.
    const firstBranded = faults.has('i13-inst-branding-of-first-institution') ? world.institutions.find((x) => x.branding) : undefined;
    if (!i.branding && firstBranded) return { branding: firstBranded.branding };
    // i30-fd-branding-joined-by-name-family: an institution without assets answered the branding of a branded one whose name starts with the same word.
    const family = (x: { name: string }) => x.name.split(/\s+/)[0].toLowerCase();
    const sibling = faults.has('i30-fd-branding-joined-by-name-family')
      ? world.institutions.find((x) => x !== i && x.branding && family(x) === family(i))
      : undefined;
    if (!i.branding && sibling) return { branding: sibling.branding };
    // i28-fd-branding-none-400: an institution without branding answered 400, not 404.
    // i29-fd-branding-none-204: an institution without branding answered 204 (no content), not 404.
    if (!i.branding && faults.has('i29-fd-branding-none-204')) return reply.code(204).send();
    if (!i.branding && faults.has('i28-fd-branding-none-400')) return sendError(ctx, reply, 400, 'No branding for this institution');
    if (!i.branding)
      return faults.has('branding-none-200') ? { branding: {} } : sendError(ctx, reply, 404, 'No branding for this institution');
    // i32-fd-branding-tile-png: the tile linked in its PNG rendition, not the SVG asset.
    if (faults.has('i32-fd-branding-tile-png') && typeof (i.branding as any).tile === 'string')
      return { branding: { ...i.branding, tile: (i.branding as any).tile.replace(/\.svg$/, '.png') } };
    return { branding: i.branding };
  });
  route(app, ctx, 'GetInstitutionsByRoutingNumber', ({ path }, reply) => {
    // Seeded fault: only an institution's first routing number is looked up.
    const numbersOf = (i: (typeof world.institutions)[number]) =>
      faults.has('routing-lookup-first-number-only') ? i.routingNumbers.slice(0, 1) : i.routingNumbers;
    // rt-inst-routing-check-digit-ignored: the numbers compared on their first eight digits.
    const sameNumber = (n: string) =>
      faults.has('rt-inst-routing-check-digit-ignored')
        ? n.slice(0, 8) === String(path.routing_number).slice(0, 8)
        : // i30-fd-routing-number-read-as-integer: the path's routing number parsed as an integer, a leading zero lost before the match.
          faults.has('i30-fd-routing-number-read-as-integer')
          ? n === String(Number(path.routing_number))
          : n === path.routing_number;
    const found = world.institutions.filter((i) => numbersOf(i).some(sameNumber));
    if (found.length === 0) {
      // A wrong length the (relaxed) validation let through still finds nothing.
      // i37-fd-routing-no-match-400: a well-formed routing number that maps to no institution answered 400, not 404.
      if (faults.has('i37-fd-routing-no-match-400')) return sendError(ctx, reply, 400, 'Invalid routing number');
      if (!faults.has('routing-no-match-empty')) return sendError(ctx, reply, 404, 'No institution for this routing number');
    }
    return {
      // i5-routing-found-counts-numbers: found counts the routing numbers of the institutions listed.
      found: faults.has('i5-routing-found-counts-numbers') ? found.reduce((n, i) => n + i.routingNumbers.length, 0) : found.length,
      // i24-routing-shared-number-displaying-one: a number several institutions share answers displaying 1 (counted per number).
      displaying: faults.has('i11-routing-displaying-page-size')
        ? defaultLimit(ctx.contract, 'GetInstitutions')
        : faults.has('i24-routing-shared-number-displaying-one') && found.length > 1
          ? 1
          : found.length,
      // i27-routing-more-available-true: the routing-number lookup says more are available though every match is listed.
      moreAvailable: faults.has('i27-routing-more-available-true'),
      // i25-routing-created-date-ms: the routing-number lookup dates its answer in milliseconds.
      createdDate: faults.has('i25-routing-created-date-ms') ? clock.nowMs() : clock.nowEpochSeconds(),
      // i15-inst-routing-lookup-name-uppercased: the routing-number lookup answers each institution's name in upper case.
      // i18-routing-shared-number-lists-first-only: a number several institutions share lists the first only.
      institutions: (faults.has('i18-routing-shared-number-lists-first-only') ? found.slice(0, 1) : found)
        .map(full)
        // i21-routing-lookup-home-url-dropped: the routing-number lookup answers each institution without its home URL.
        .map((x) => (faults.has('i21-routing-lookup-home-url-dropped') ? omitHomeUrl(x) : x))
        .map((x) =>
          faults.has('i15-inst-routing-lookup-name-uppercased') && typeof x.name === 'string' ? { ...x, name: x.name.toUpperCase() } : x,
        ),
    };
  });

  route(app, ctx, 'GetLocationMatches', ({ query }, reply) => {
    const byId = query.idType !== undefined && query.idValue !== undefined;
    const byName = NAME_SET.every((k) => query[k] !== undefined && query[k] !== '');
    // i23-location-id-value-without-type-searched: an idValue without its idType searched (404) instead of refused.
    const valueOnly =
      faults.has('i23-location-id-value-without-type-searched') && query.idValue !== undefined && query.idType === undefined;
    // provider 1.35.0, the lookup's 400 examples: neither set whole is data missing (10020), both
    // sets at once an invalid combination (10030).
    const refused = seams.judge(
      { operationId: 'GetLocationMatches', query },
      'location-parameter-sets',
      !byId && !byName && !faults.has('location-params-unchecked') && !valueOnly
        ? {
            status: 400,
            code: '10020',
            message: 'give idType and idValue, or merchantName, streetAddress, city, stateProvinceRegion and postalCode',
          }
        : byId && byName
          ? { status: 400, code: '10030', message: 'give idType and idValue, or the merchant name and address, not both' }
          : undefined,
    );
    if (refused) return sendError(ctx, reply, refused.status, refused.message, refused.code);
    const name = String(query.merchantName ?? '').toLowerCase();
    const found = world.locations.filter((l) =>
      byId
        ? l.idType === query.idType &&
          (l.idValue === query.idValue ||
            // i30-fd-location-id-value-separators-ignored: the id value compared with its dashes and spaces taken out.
            (faults.has('i30-fd-location-id-value-separators-ignored') &&
              l.idValue.replace(/[-\s]/g, '') === String(query.idValue).replace(/[-\s]/g, '')))
        : name !== '' &&
          l.merchantName.toLowerCase().includes(name) &&
          // i10-location-postal-code-ignored: the name lookup leaves the postal code out.
          (l.postalCode === query.postalCode || faults.has('i10-location-postal-code-ignored')),
    );
    if (found.length === 0) return sendError(ctx, reply, 404, 'No matching location');
    const max = faults.has('location-matches-over-3')
      ? 10
      : faults.has('blind-location-matches-four')
        ? MAX_LOCATION_MATCHES + 1
        : MAX_LOCATION_MATCHES;
    return {
      locationMatches: found
        .slice(0, max)
        // i32-fd-location-rank-zero-based: the best match ranked 0, the ranks counted from zero.
        .map(({ idType: _t, idValue: _v, ...l }, n, kept) => ({
          ...l,
          // i35-fd-location-rank-counted-from-last: the ranks counted from the end of the list, so the best match carries the worst rank.
          matchRank: faults.has('i35-fd-location-rank-counted-from-last')
            ? kept.length - n
            : faults.has('i32-fd-location-rank-zero-based')
              ? n
              : n + 1,
        })),
    };
  });
}

/** i21-routing-lookup-home-url-dropped: an institution record without its urlHomeApp member. */
function omitHomeUrl<T extends object>(x: T): T {
  const { urlHomeApp: _url, ...rest } = x as T & { urlHomeApp?: unknown };
  return rest as T;
}
