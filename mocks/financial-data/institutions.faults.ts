// Faults of institutions and merchant locations, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules*.yaml): `relax`, or
// institutions.ts's seams (Step, the answer). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { parameterDefault, sizeOf } from '../../helpers/contract/facts.js';
import { blind, faultCatalogue, provider, schema, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { locationView, rssdRecord, type Exchange, type InstitutionSeams, type Step } from './institutions.records.js';
import type { Institution, Location } from './state.js';

type Judge = SeamFn<InstitutionSeams, 'judge'>;
type Answering = SeamFn<InstitutionSeams, 'answer'>;
type Op = Exchange['op'];
type View = Record<string, any>;
const { fault, answered, skipOn: skip, foldOn: fold } = faultKit<InstitutionSeams>();

const INSTITUTIONS: Op = 'GetInstitutions';
const CERTIFIED: Op = 'GetCertifiedInstitutions';
const RSSD: Op = 'GetCertifiedInstitutionsWithRSSD';
const ROUTING: Op = 'GetInstitutionsByRoutingNumber';
const LISTS: Op[] = [INSTITUTIONS, CERTIFIED, RSSD];
const NO_ROUTING = 'No institution for this routing number';
const NO_LOCATION = 'No matching location';

// Paging as the list asked it (reference, Conventions: start a 1-based page index, limit the page size).
const startOf = (x: Exchange) => Number(x.input.query.start ?? 1);
const limitOf = (x: Exchange) => Number(x.input.query.limit ?? parameterDefault(x.contract, x.op as 'GetInstitutions', 'limit'));

// (a) The request as judged: functions at the judge seam.
/** The search test of `ops` made otherwise (`test` given the documented one). */
const searching = (ops: Op[], test: (i: Institution, x: Exchange, documented: (i: Institution) => boolean) => boolean): Judge =>
  fold(ops, 'search', (x) => {
    const documented = x.keep!.search;
    x.keep!.search = (i) => test(i, x, documented);
  });
/** What `step` of `op` finds made again (`find`), refused with `message` when it finds nothing. */
const refound =
  <K extends 'found' | 'matches'>(op: Op, step: Step, key: K, message: string, find: (x: Exchange) => NonNullable<Exchange[K]>): Judge =>
  (x, s, r) => {
    if (s !== step || x.op !== op) return r;
    const found = find(x);
    x[key] = found as Exchange[K];
    return found.length ? undefined : (r ?? { status: 404, message });
  };
const routingFound = (x: Exchange, same: (n: string, asked: string) => boolean, numbers = (i: Institution) => i.routingNumbers) =>
  x.world.institutions.filter((i) => numbers(i).some((n) => same(n, String(x.input.path.routing_number))));
const byId = (x: Exchange, same: (l: Location) => boolean) => x.world.locations.filter((l) => l.idType === x.input.query.idType && same(l));
/** Each institution of a list answer of `ops` (the one of GetInstitution) made otherwise. */
const each = (ops: Op[], bend: (view: View, x: Exchange) => View): Answering =>
  answered(ops, (b, x) =>
    b.institution ? { ...b, institution: bend(b.institution, x) } : { ...b, institutions: b.institutions.map((v: View) => bend(v, x)) },
  );
const without = (view: View, member: string) => {
  const { [member]: _, ...rest } = view;
  return rest;
};

export const INSTITUTIONS_FAULTS = faultCatalogue([
  // --- The lists (seed 002, Institutions: search, type, start, limit; provider 1.35.0 supportedCountries)
  fault('fd-inst-search-ignored', 'FD-INST-SEARCH: the search text does not narrow GetInstitutions', {
    judge: searching([INSTITUTIONS], () => true),
  }),
  fault('fd-inst-search-certified-ignored', {
    rule: 'FD-INST-SEARCH, FD-PROP-FILTER-SAME: GetCertifiedInstitutions forgets the search text its sibling applies',
    judge: searching([CERTIFIED], () => true),
    ...blind,
    ...was('blind-certified-search-ignored'),
  }),
  fault('fd-inst-search-rssd-ignored', 'FD-INST-SEARCH, FD-PROP-FILTER-SAME: the search text does not narrow the RSSD list', {
    judge: searching([RSSD], () => true),
    ...was('rssd-search-ignored'),
  }),
  fault('fd-inst-search-id-prefix', {
    rule: 'FD-INST-SEARCH, FD-FILTER-RULE: a search text of digits matches every institution whose id starts with it, not only the institution of that id',
    judge: searching(LISTS, (i, x, documented) => documented(i) || (/^[0-9]+$/.test(x.search ?? '') && i.id.startsWith(x.search!))),
    ...was('i32-fd-inst-search-id-prefix'),
  }),
  fault('fd-inst-search-rssd-name-start-only', {
    rule: 'FD-INST-SEARCH, FD-INST-RSSD, FD-PROP-FILTER-SAME: the RSSD listing matches the search only at the start of an institution name',
    judge: searching([RSSD], (i, x, documented) => documented(i) && (i.name.toLowerCase().startsWith(x.search ?? '') || i.id === x.search)),
    ...was('i33-fd-rssd-search-name-start-only'),
  }),
  fault('fd-inst-product-type-ignored', 'FD-INST-PRODUCT-TYPE: the product type does not narrow the institution lists', {
    judge: fold(LISTS, 'type', (x) => (x.keep!.type = () => true)),
  }),
  fault('fd-filter-combination-rssd-types-any-of', {
    rule: 'FD-FILTER-COMBINATION, FD-INST-PRODUCT-TYPE: GetCertifiedInstitutionsWithRSSD with two product types lists the institutions certified for either of them, not for both',
    judge: fold([RSSD], 'type', (x) => (x.keep!.type = (i) => !x.types!.length || x.types!.some((t) => i.products[t] === true))),
  }),
  fault('fd-inst-countries-lowercase-us-empty', {
    rule: 'FD-INST-COUNTRIES: supportedCountries compared as sent, so a lower-case us lists no institution',
    judge: fold(LISTS, 'countries', (x) => {
      const asked = String(x.input.query.supportedCountries ?? '*').split(',');
      x.keep!.countries = asked.includes('*') || asked.includes('US');
    }),
    ...provider,
  }),
  fault('fd-inst-empty-no-match-404', 'FD-INST-EMPTY: a search matching nothing is a 404, not an empty list with 200', {
    judge: (x, s, r) =>
      r ?? (s === 'list' && LISTS.includes(x.op) && x.list!.length === 0 ? { status: 404, message: 'No institution found' } : undefined),
  }),
  fault('fd-page-counts-found-page-count', {
    rule: 'FD-PAGE-COUNTS, FD-DERIVED-COUNTS: found counts the page of an institution list, not the matches',
    answer: answered(LISTS, (b) => ({ ...b, found: b.displaying })),
    ...provider,
    ...was('found-page-count'),
  }),
  fault('fd-page-counts-displaying-is-limit-on-last-page', {
    rule: 'FD-PAGE-COUNTS, FD-DERIVED-COUNTS: GetInstitutions gives the limit asked as displaying, also on a page shorter than the limit',
    answer: answered([INSTITUTIONS], (b, x) => ({ ...b, displaying: limitOf(x) })),
    ...provider,
    ...was('i14-inst-displaying-is-limit-on-last-page'),
  }),
  fault('fd-page-limit-applied-rssd-limit-one-lists-two', {
    rule: 'FD-PAGE-LIMIT-APPLIED, FD-PROP-PAGING: GetCertifiedInstitutionsWithRSSD asked with limit=1 lists two institutions',
    answer: answered([RSSD], (b, x) =>
      Number(x.input.query.limit) === 1 ? { ...b, institutions: x.list!.slice(startOf(x) - 1, startOf(x) + 1).map(rssdRecord) } : b,
    ),
    ...was('i26-inst-rssd-limit-one-lists-two'),
  }),
  fault('fd-date-unit-rssd-requested-date-ms', 'FD-DATE-UNIT, FD-INST-RSSD: the RSSD list gives requestedDate in epoch milliseconds', {
    answer: answered([RSSD], (b, x) => ({ ...b, requestedDate: x.nowS * 1000 })),
    ...provider,
  }),

  // --- One institution the same on every reader (provider 1.35.0 Institution)
  fault('fd-inst-same-record-search-branding-dropped', {
    rule: 'FD-INST-SAME-RECORD: GetInstitutions answers each institution without the branding GetInstitution shows',
    answer: each([INSTITUTIONS], (v) => without(v, 'branding')),
    ...provider,
  }),
  fault('fd-inst-urls-home-url-without-host', {
    rule: 'FD-INST-URLS: urlHomeApp is built from the upper-cased name, whose letters the host keeps none of',
    answer: each([INSTITUTIONS, ROUTING, 'GetInstitution'], (v) => ({
      ...v,
      urlHomeApp: `https://${v.name.toUpperCase().replace(/[^a-z]+/g, '')}.example.com`,
    })),
    ...provider,
  }),

  // --- GetInstitution and its branding (seed 002, Institutions: 404 when not found; branding 404 when none)
  fault('fd-inst-get-unknown-200', {
    rule: 'FD-NOT-FOUND, FD-INST-GET: an institution id naming none is answered with the first institution, not 404',
    judge: skip(
      ['GetInstitution', 'GetInstitutionBranding'],
      'institution',
      () => true,
      (x) => (x.institution = x.world.institutions[0]),
    ),
  }),
  fault('fd-obj-exact-id-form-get-id-matches-routing-number', {
    rule: "FD-OBJ-EXACT-ID-FORM, FD-INST-GET, FD-PROP-ID-NAMES-ONE: an institution's routing number given as GetInstitution's id finds that institution",
    judge: skip(
      ['GetInstitution'],
      'institution',
      (x) => viaRouting(x) !== undefined,
      (x) => (x.institution = viaRouting(x)),
    ),
    ...was('i30-fd-inst-get-id-matches-routing-number'),
  }),
  fault('fd-brand-none-404-answers-200', 'FD-BRAND-NONE-404: an institution without branding answers 200 with an empty branding, not 404', {
    judge: skip(
      ['GetInstitutionBranding'],
      'branding',
      () => true,
      (x) => (x.branding = {}),
    ),
  }),
  fault('fd-brand-tile-png', 'FD-BRAND: GetInstitutionBranding links the tile in a PNG rendition, not the SVG asset', {
    answer: answered(['GetInstitutionBranding'], (b) =>
      typeof b.branding?.tile === 'string' ? { branding: { ...b.branding, tile: b.branding.tile.replace(/\.svg$/, '.png') } } : b,
    ),
  }),
  fault('fd-routing-exact-check-digit-ignored', {
    rule: 'FD-ROUTING-EXACT, FD-FILTER-EXACT: GetInstitutionsByRoutingNumber compares all digits but the last (the check digit ignored), so a number of the right length one check digit away from a mapped one lists that institution instead of a 404',
    judge: refound(ROUTING, 'routing', 'found', NO_ROUTING, (x) => routingFound(x, (n, asked) => n.slice(0, 8) === asked.slice(0, 8))),
    ...was('rt-inst-routing-check-digit-ignored'),
  }),
  fault('fd-routing-length-unchecked', 'FD-ROUTING-LENGTH: a routing number of the wrong length is taken, not a 400', {
    relax: schema('RoutingNumber', { set: { pattern: '^[0-9]+$' } }),
  }),
  fault('fd-routing-length-no-match-empty', {
    rule: 'FD-NOT-FOUND, FD-ROUTING-LENGTH: a routing number with no match answers an empty list, not 404',
    judge: skip([ROUTING], 'routing'),
  }),
  fault('fd-routing-match-no-match-400', {
    rule: 'FD-ROUTING-MATCH, FD-ROUTING-LENGTH: a well-formed routing number without a match is answered 400, not 404',
    judge: (x, s, r) => (r && s === 'routing' && x.op === ROUTING ? { ...r, status: 400, message: 'Invalid routing number' } : r),
  }),
  fault('fd-routing-counts-displaying-page-size', {
    rule: 'FD-ROUTING-COUNTS, FD-DERIVED-COUNTS: displaying gives the institutions page size, not the number the lookup lists',
    answer: answered([ROUTING], (b, x) => ({ ...b, displaying: Number(parameterDefault(x.contract, 'GetInstitutions', 'limit')) })),
    ...provider,
    ...was('i11-routing-displaying-page-size'),
  }),

  // --- Merchant location matches (seed 002, Institutions and Limits; provider 1.35.0 the lookup's 400s)
  fault('fd-prop-documented-refusal-location-combination-coded-missing', {
    rule: 'FD-PROP-DOCUMENTED-REFUSAL: a location lookup giving both the identifier pair and the merchant name and address is refused 400 with the code of missing data, not of an invalid combination',
    judge: (x, s, r) =>
      s === 'location-parameter-sets' && x.op === 'GetLocationMatches' && r?.code === '10030' ? { ...r, code: '10020' } : r,
    ...provider,
    ...was('seeded-prop-location-combination-coded-missing'),
  }),
  fault('fd-loc-params-unchecked', 'FD-LOC-PARAMS: a location lookup completing neither parameter set is searched, not refused 400', {
    judge: skip(['GetLocationMatches'], 'location-parameter-sets', (_x, r) => r.code === '10020'),
  }),
  fault('fd-negative-location-city-any-character', {
    rule: 'FD-NEGATIVE: a location lookup city holding a character other than letters, digits, spaces, single quotes and commas is taken (provider 1.35.0 CityParameter)',
    relax: schema('MerchantCity', { drop: ['pattern'] }),
    ...provider,
  }),
  fault('fd-loc-none-404-postal-code-ignored', {
    rule: 'FD-LOC-NONE-404: the name lookup leaves the postal code out, so a merchant of that name at another postal code is answered',
    judge: refound('GetLocationMatches', 'location', 'matches', NO_LOCATION, (x) => {
      const { query } = x.input;
      if (query.idType !== undefined && query.idValue !== undefined) return x.matches ?? [];
      const name = String(query.merchantName ?? '').toLowerCase();
      return x.world.locations.filter((l) => name !== '' && l.merchantName.toLowerCase().includes(name));
    }),
  }),
  fault('fd-lookup-exact-location-id-value-separators-ignored', {
    rule: 'FD-LOOKUP-EXACT, FD-LOC-NONE-404: the location id value is compared with its dashes and spaces taken out',
    judge: refound('GetLocationMatches', 'location', 'matches', NO_LOCATION, (x) => {
      if (x.input.query.idValue === undefined || x.input.query.idType === undefined) return x.matches ?? [];
      const bare = (v: unknown) => String(v).replace(/[-\s]/g, '');
      return byId(x, (l) => bare(l.idValue) === bare(x.input.query.idValue));
    }),
    ...was('i30-fd-location-id-value-separators-ignored'),
  }),
  fault('fd-loc-max-one-over', 'FD-LOC-MAX: a location lookup answers one match more than the most the seed allows', {
    answer: answered(['GetLocationMatches'], (_b, x) => ({
      locationMatches: x.matches!.slice(0, sizeOf(x.contract, 'LocationMatches', 'locationMatches').max! + 1).map(locationView),
    })),
    ...blind,
    ...was('blind-location-matches-four'),
  }),
]);

/** The institution whose routing numbers hold GetInstitution's id. */
function viaRouting(x: Exchange): Institution | undefined {
  return x.world.institutions.find((i) => i.routingNumbers.includes(String(x.input.path.institutionId)));
}
