// Faults of institutions and merchant locations (switched in institutions.ts): each breaks one rule
// of schemas/financial-data/rules.yaml, the way a provider's release might. `rules` names the rule
// ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the
// suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run
// mutation -- --blind`).
import { faultCatalogue, blind, seeded, independent, type FaultSeams } from '../kit/faults.js';
import type { InstitutionSeams } from './state.js';

export const INSTITUTIONS_FAULTS = faultCatalogue([
  // Seeded beside the documented-refusals property (properties.documented-refusals.spec.ts): a refusal the
  // document codes, answered with the code of another of its conditions.
  seeded({
    id: 'seeded-prop-location-combination-coded-missing',
    rule: 'FD-PROP-DOCUMENTED-REFUSAL: a location lookup giving both the identifier pair and the merchant name and address is refused 400 with the code of missing data (10020), not of an invalid combination (10030)',
    source: 'provider',
    rules: ['FD-PROP-DOCUMENTED-REFUSAL'],
    seams: {
      judge: (_x, step, refusal) =>
        step === 'location-parameter-sets' && refusal?.code === '10030' ? { ...refusal, code: '10020' } : refusal,
    } satisfies FaultSeams<InstitutionSeams>,
  }),
  // Institutions (seed 002, Institutions and Limits).
  // Seeded beside the check of each multi-valued filter's combination (records.multi-valued.spec.ts).
  // Seeded beside the paging check that every later page answers each record as the full list does.
  // Seeded beside the check of an institution's own name, a run of spaces in it, searched as it is.
  // Seeded beside reader agreement's drop check (fixtures/assertions/financial-data-answer.ts): a member
  // one reader shows and another leaves out, on the search list rather than the routing lookup.
  seeded({
    id: 'seeded-fam26b-inst-search-branding-dropped',
    rule: 'FD-INST-SAME-RECORD: GetInstitutions answers each institution without the branding GetInstitution shows',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  seeded({
    id: 'seeded-certified-search-inner-spaces-collapsed',
    rule: "FD-INST-SEARCH: GetCertifiedInstitutions collapses the inner runs of spaces of the search text, so an institution's own name holding a run of spaces does not list it",
    source: 'seed',
    rules: ['FD-INST-SEARCH'],
  }),
  seeded({
    id: 'seeded-certified-loan-details-reset-after-first-page',
    rule: 'a page after the first of GetCertifiedInstitutions answers each institution as the list does (seed 002, Institutions: start pages the same list): later pages answer loanPaymentDetails false',
    source: 'seed',
    rules: ['FD-PAGE-START'],
  }),
  seeded({
    id: 'rssd-types-any-of',
    rule: 'FD-FILTER-COMBINATION: GetCertifiedInstitutionsWithRSSD with two product types lists the institutions certified for either of them, not for both',
    source: 'seed',
    rules: ['FD-FILTER-COMBINATION', 'FD-INST-PRODUCT-TYPE'],
  }),
  seeded({
    id: 'routing-lookup-first-number-only',
    rule: 'FD-ROUTING-EXACT: the lookup finds an institution by any of its routing numbers, not only its first',
    source: 'seed',
    rules: ['FD-ROUTING-EXACT'],
  }),
  { id: 'institutions-no-match-404', rule: 'nothing matching is an empty list with 200', source: 'seed', rules: ['FD-INST-EMPTY'] },
  { id: 'institution-search-ignored', rule: 'search restricts the institutions listed', source: 'seed', rules: ['FD-INST-SEARCH'] },
  {
    id: 'institution-type-filter-ignored',
    rule: 'GetInstitutions product type narrows the list (seed Institutions)',
    source: 'seed',
    rules: ['FD-INST-PRODUCT-TYPE'],
  },
  // The same filter on every search that takes it (kit/faults.ts, seeded): one certified search forgets it.
  seeded({
    id: 'certified-type-filter-ignored',
    rule: 'FD-INST-PRODUCT-TYPE: the certified search ignores its product types (the plain search applies its product type)',
    source: 'seed',
    rules: ['FD-INST-PRODUCT-TYPE'],
  }),
  seeded({
    id: 'rssd-type-filter-ignored',
    rule: 'FD-INST-PRODUCT-TYPE: the certified search with RSSD ignores its product types (the certified search applies them)',
    source: 'seed',
    rules: ['FD-INST-PRODUCT-TYPE'],
  }),
  // Seeded beside the record checks of every institution reader (institutions.records.spec.ts).
  seeded({
    id: 'certified-oauth-every-institution',
    rule: 'FD-INST-SAME-RECORD: the certified lists call every institution an OAuth connection, the full records only the one that is',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  seeded({
    id: 'institution-home-url-without-host',
    rule: 'FD-INST-URLS: urlHomeApp is built from the upper-cased name, whose letters the host keeps none of (https://.example.com)',
    source: 'provider',
    rules: ['FD-INST-URLS'],
  }),
  { id: 'rssd-missing', rule: 'the RSSD variant returns the RSSD identifier', source: 'seed', rules: ['FD-INST-RSSD'] },
  { id: 'branding-none-200', rule: 'no branding is a 404', source: 'seed', rules: ['FD-BRAND-NONE-404'] },
  { id: 'unknown-institution-200', rule: 'GetInstitution: 404 when not found', source: 'seed', rules: ['FD-NOT-FOUND', 'FD-INST-GET'] },
  {
    id: 'location-city-any-character',
    rule: 'FD-NEGATIVE: a location lookup city holding a character other than letters, digits, spaces, single quotes and commas is taken (provider 1.35.0 CityParameter)',
    source: 'provider',
    rules: ['FD-NEGATIVE'],
    relax: [{ schema: 'MerchantCity', drop: ['pattern'] }],
  },
  {
    id: 'routing-length-unchecked',
    rule: 'a routing number of the wrong length is a 400',
    source: 'seed',
    rules: ['FD-ROUTING-LENGTH'],
    relax: [{ schema: 'RoutingNumber', set: { pattern: '^[0-9]+$' } }],
  },
  {
    id: 'routing-no-match-empty',
    rule: 'a routing number with no match is a 404',
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-ROUTING-LENGTH'],
  },
  { id: 'location-matches-over-3', rule: "location matches: at most the seed's number", source: 'seed', rules: ['FD-LOC-MAX'] },
  {
    id: 'location-params-unchecked',
    rule: 'location matches need idType+idValue or the name-and-address set',
    source: 'seed',
    rules: ['FD-LOC-PARAMS'],
  },
  // Each rule on both sides of its boundary, on every path and through every reader.
  {
    id: 'found-page-count',
    rule: 'found counts every match, not the page (FD-PAGE-COUNTS on the institution lists)',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  },
  {
    id: 'rssd-search-ignored',
    rule: 'search restricts the RSSD list too (FD-INST-SEARCH@rssd)',
    source: 'seed',
    rules: ['FD-INST-SEARCH'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Institutions (seed 002, Institutions and Limits).
  blind({
    id: 'blind-location-matches-four',
    rule: "location matches: at most the seed's number (seed Institutions, Limits)",
    source: 'seed',
    rules: ['FD-LOC-MAX'],
  }),
  blind({
    id: 'blind-certified-search-ignored',
    rule: 'search restricts GetCertifiedInstitutions as it does GetInstitutions (seed Institutions: same query)',
    source: 'seed',
    rules: ['FD-INST-SEARCH'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  // Seeded beside the counts judged under every filter (institutions.search.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-rssd-more-available-ignores-type',
    rule: 'FD-PAGE-COUNTS: GetCertifiedInstitutionsWithRSSD under a product type says moreAvailable against every institution, true on the last page of the type',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-4', {
    id: 'i4-certified-search-case-sensitive',
    rule: "searching an institution's name lists it (seed 002, Institutions, query search): GetCertifiedInstitutions compares the search text with case (GetInstitutions and the RSSD variant do not)",
    source: 'seed',
    rules: ['FD-INST-SEARCH', 'FD-PROP-FILTER-SAME'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-routing-found-counts-numbers',
    rule: 'found and displaying equal the number of institutions listed (provider 1.35.0, GetInstitutionsByRoutingNumber): found counts their routing numbers',
    source: 'provider',
    rules: ['FD-ROUTING-COUNTS'],
  }),
  independent('independent-7', {
    id: 'i7-inst-countries-lowercase-us-empty',
    rule: 'supportedCountries takes codes in either case (provider GetInstitutions): a lower-case us lists no institution',
    source: 'provider',
    rules: ['FD-INST-COUNTRIES'],
  }),
  independent('independent-9', {
    id: 'i9-inst-rssd-found-ignores-search',
    rule: 'found is the number of institutions the search matches (seed 002 Institutions: search, start, limit on the certified RSSD list; provider 1.35.0 found/displaying): the RSSD variant answers found as the size of the whole catalogue whatever the search (the other lists are right)',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS', 'FD-INST-SEARCH'],
  }),
  independent('independent-10', {
    id: 'i10-inst-certified-type-any-of',
    rule: 'each institution search with product types lists only institutions whose flag for each of those products is set (seed 002 Institutions; FD-INST-PRODUCT-TYPE): GetCertifiedInstitutions with two types lists the institutions offering either of them',
    source: 'seed',
    rules: ['FD-INST-PRODUCT-TYPE'],
  }),
  independent('independent-10', {
    id: 'i10-location-postal-code-ignored',
    rule: 'no matching location answers 404 (seed 002 Institutions, location lookup by merchant name, street address, city, state and postal code; FD-LOC-NONE-404): the name lookup leaves the postal code out, so a merchant of that name at another postal code is answered',
    source: 'seed',
    rules: ['FD-LOC-NONE-404'],
  }),
  independent('independent-11', {
    id: 'i11-inst-countries-list-empty',
    rule: 'supportedCountries US,ca lists the same institutions as US (provider 1.35.0 GetInstitutions supportedCountries, a comma-separated list): a list of more than one country lists none',
    source: 'provider',
    rules: ['FD-INST-COUNTRIES'],
  }),
  independent('independent-11', {
    id: 'i11-routing-displaying-page-size',
    rule: 'found and displaying equal the number of institutions the lookup lists (provider 1.35.0 GetInstitutionsByRoutingNumber): displaying gives the institutions page size, not the number listed',
    source: 'provider',
    rules: ['FD-ROUTING-COUNTS'],
  }),
  independent('independent-12', {
    id: 'i12-inst-rssd-dropped-after-first-page',
    rule: 'the RSSD variant carries rssd identifiers (seed 002, Institutions: also returns the RSSD identifier): a page after the first of GetCertifiedInstitutionsWithRSSD answers its institutions without rssd',
    source: 'seed',
    rules: ['FD-INST-RSSD'],
  }),
  independent('independent-13', {
    id: 'i13-inst-certified-more-available-ignores-search',
    rule: "moreAvailable is true exactly when a later page holds records (provider 1.35.0 Institutions paging): the certified list under a search says moreAvailable against every institution, true on the search's last page",
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-13', {
    id: 'i13-inst-branding-of-first-institution',
    rule: 'branding of an institution without branding assets is 404 (seed 002, Institutions: 404 when none): the branding of the first institution with assets is answered',
    source: 'seed',
    rules: ['FD-BRAND-NONE-404'],
  }),
  independent('independent-14', {
    id: 'i14-inst-search-inner-spaces-collapsed',
    rule: 'institution search matches the text sent, trimmed and case-insensitive, as it is (seed 002, Institutions: search; provider 1.35.0 search parameter): GetInstitutions collapses the inner runs of spaces of the search text, so a text with a double space finds the institution named with one',
    source: 'seed',
    rules: ['FD-INST-SEARCH'],
  }),
  independent('independent-14', {
    id: 'i14-inst-displaying-is-limit-on-last-page',
    rule: 'displaying is the size of the page (provider 1.35.0 Institutions: found, displaying, moreAvailable): GetInstitutions gives the limit asked as displaying, also on a page shorter than the limit',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-inst-routing-check-digit-ignored',
    rule: 'FD-ROUTING-EXACT: GetInstitutionsByRoutingNumber compares all digits but the last (the check digit ignored), so a number of the right length one check digit away from a mapped one lists that institution instead of a 404',
    source: 'seed',
    rules: ['FD-ROUTING-EXACT'],
  }),
  seeded({
    id: 'rt-inst-get-id-prefix',
    rule: "FD-INST-GET: GetInstitution serves the first institution whose id begins with the id asked, so an id of no institution that is the beginning of another's is served that one instead of a 404",
    source: 'seed',
    rules: ['FD-INST-GET'],
  }),
  seeded({
    id: 'rt-inst-branding-id-prefix',
    rule: "FD-NOT-FOUND: GetInstitutionBranding answers the branding of the first institution whose id begins with the id asked, so an id of no institution is served another one's branding instead of a 404",
    source: 'seed',
    rules: ['FD-NOT-FOUND', 'FD-INST-GET'],
  }),
  independent('independent-15', {
    id: 'i15-inst-routing-lookup-name-uppercased',
    rule: "an institution reads the same on every reader (seed 002, Institutions; provider 1.35.0 Institution): the routing-number lookup answers each institution's name in upper case",
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-16', {
    id: 'i16-inst-get-ach-without-product',
    rule: 'an institution reads the same on every reader (seed 002 Institutions, one catalogue searched and looked up; provider 1.35.0 Institution product flags): GetInstitution gives an institution without the ACH product with ach true, its search listing false',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-16', {
    id: 'i16-inst-rssd-more-available-full-page',
    rule: 'moreAvailable tells whether records remain after the page (provider 1.35.0 CertifiedInstitutions moreAvailable): the RSSD list answers true on an exactly full last page',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-18', {
    id: 'i18-inst-get-id-as-string',
    rule: 'an institution reads the same on every reader, GetInstitution giving the members of its GetInstitutions record (provider 1.35.0 Institution.id integer): GetInstitution alone writes the id as a string of digits',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-18', {
    id: 'i18-routing-shared-number-lists-first-only',
    rule: 'found and displaying equal the number of institutions the lookup lists, every institution with that routing number listed (seed 002, Institutions by routing number): a number two institutions share lists the first only while found says two',
    source: 'seed',
    rules: ['FD-ROUTING-COUNTS', 'FD-ROUTING-MATCH'],
  }),
  independent('independent-20', {
    id: 'i20-inst-countries-last-code-only',
    rule: 'supportedCountries US,ca lists the same institutions as US (provider 1.35.0 supportedCountries, a comma-separated list): a list of codes is read as its last code, so US,ca lists none',
    source: 'provider',
    rules: ['FD-INST-COUNTRIES'],
  }),
  independent('independent-21', {
    id: 'i21-inst-certified-later-page-found-remaining',
    rule: 'found is the size of the known set on every page (provider 1.35.0 paging): a later page of GetCertifiedInstitutions counts only what remains from that page',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-21', {
    id: 'i21-routing-lookup-home-url-dropped',
    rule: 'an institution reads the same on every reader (provider 1.35.0 Institution): the routing-number lookup answers each institution without its urlHomeApp',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-22', {
    id: 'i22-inst-get-status-of-branding',
    rule: 'an institution reads the same on every reader, GetInstitution giving the members of its GetInstitutions record (provider 1.35.0 Institution): GetInstitution shows an institution that has branding as offline while the list shows it online',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-23', {
    id: 'i23-location-id-value-without-type-searched',
    rule: 'a location query completing neither parameter set is a 400 (seed 002, Location matches): an idValue without its idType is searched and answered 404',
    source: 'seed',
    rules: ['FD-LOC-PARAMS'],
  }),
  independent('independent-23', {
    id: 'i23-inst-get-oauth-flag-false',
    rule: 'an institution reads the same on every reader (provider 1.35.0 Institution): GetInstitution answers oauthEnabled false for an OAuth institution its list shows true',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-24', {
    id: 'i24-inst-get-home-url-trailing-slash',
    rule: 'an institution reads the same on every reader (provider 1.35.0 Institution): GetInstitution answers urlHomeApp with a slash its list does not have',
    source: 'provider',
    rules: ['FD-INST-SAME-RECORD'],
  }),
  independent('independent-24', {
    id: 'i24-routing-shared-number-displaying-one',
    rule: 'found and displaying equal the number of institutions the routing-number lookup lists (provider 1.35.0 Institutions counts): a number several institutions share answers displaying 1',
    source: 'provider',
    rules: ['FD-ROUTING-COUNTS'],
  }),
  independent('independent-25', {
    id: 'i25-routing-created-date-ms',
    rule: 'createdDate is epoch seconds (provider 1.35.0 UnixDate; reference Dates): the routing-number lookup dates its answer in milliseconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT'],
  }),
  independent('independent-25', {
    id: 'i25-inst-search-hyphen-unmatched',
    rule: "searching an institution's name lists it (seed 002, Institutions, search): GetInstitutions finds nothing for a search text holding a hyphen",
    source: 'seed',
    rules: ['FD-INST-SEARCH'],
  }),
  independent('independent-26', {
    id: 'i26-inst-rssd-limit-one-lists-two',
    rule: 'a page holds min(limit, what remains) records (seed 002, Institutions: start, limit): GetCertifiedInstitutionsWithRSSD asked with limit=1 lists two institutions',
    source: 'seed',
    rules: ['FD-PAGE-LIMIT-APPLIED', 'FD-PROP-PAGING'],
  }),
  independent('independent-26', {
    id: 'i26-inst-get-unbranded-404',
    rule: 'GetInstitution returns the institution asked for, 404 only when not found (seed 002, Institutions): an institution without branding assets is answered 404',
    source: 'seed',
    rules: ['FD-INST-GET'],
  }),
  independent('independent-27', {
    id: 'i27-routing-more-available-true',
    rule: 'moreAvailable tells whether more institutions exist beyond those listed (provider 1.35.0, routing-number lookup record): the lookup answers moreAvailable true though every match is listed',
    source: 'provider',
    rules: ['FD-ROUTING-COUNTS', 'FD-DERIVED-COUNTS'],
  }),
  independent('independent-28', {
    id: 'i28-fd-branding-none-400',
    rule: 'branding of an institution without assets is 404 (seed 002, Institutions: GetInstitutionBranding 404 when none): it is answered 400',
    source: 'seed',
    rules: ['FD-BRAND-NONE-404'],
  }),
  independent('independent-29', {
    id: 'i29-fd-branding-none-204',
    rule: 'branding that does not exist is a 404 (seed 002, Institutions: 404 when none): an institution without branding is answered 204',
    source: 'seed',
    rules: ['FD-BRAND-NONE-404'],
  }),
  independent('independent-30', {
    id: 'i30-fd-routing-number-read-as-integer',
    rule: 'a routing number lists exactly the institutions mapped to it (seed 002, Institutions: routing number lookup): the path value is parsed as an integer, so a number with a leading zero matches nothing (404)',
    source: 'seed',
    rules: ['FD-ROUTING-EXACT', 'FD-ROUTING-MATCH'],
  }),
  independent('independent-30', {
    id: 'i30-fd-inst-get-id-matches-routing-number',
    rule: "GetInstitution finds the institution of exactly the id asked, 404 otherwise (seed 002, Institutions): an institution's routing number given as the id finds that institution",
    source: 'seed',
    rules: ['FD-OBJ-EXACT-ID-FORM', 'FD-INST-GET', 'FD-PROP-ID-NAMES-ONE'],
  }),
  independent('independent-30', {
    id: 'i30-fd-inst-rssd-requested-date-milliseconds',
    rule: 'list dates are epoch seconds where the provider declares integers (reference, Dates; provider 1.35.0 certified institutions requestedDate): the RSSD list gives requestedDate in epoch milliseconds',
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-INST-RSSD'],
  }),
  independent('independent-30', {
    id: 'i30-fd-branding-joined-by-name-family',
    rule: "GetInstitutionBranding is a 404 when the institution has no branding (seed 002, Institutions: 404 when none): an unbranded institution whose name starts with the same word as a branded one's answers that one's branding",
    source: 'seed',
    rules: ['FD-BRAND-NONE-404', 'FD-BRAND'],
  }),
  independent('independent-30', {
    id: 'i30-fd-location-id-value-separators-ignored',
    rule: 'a location lookup by idType and idValue matches the id value exactly (seed 002, Institutions: location matches; reference, exact lookups): the id value is compared with its dashes and spaces taken out',
    source: 'seed',
    rules: ['FD-LOOKUP-EXACT', 'FD-LOC-NONE-404'],
  }),
  independent('independent-31', {
    id: 'i31-fd-inst-get-branding-of-previous',
    rule: 'GetInstitution answers the institution of its id, the same record the institution search gives (seed 002, Institutions): the record carries the branding of the institution listed before it',
    source: 'seed',
    rules: ['FD-INST-SAME-RECORD', 'FD-INST-GET'],
  }),
  independent('independent-32', {
    id: 'i32-fd-inst-search-id-prefix',
    rule: 'the institution search matches what it is given (seed 002, Institutions, search): a search text of digits matches every institution whose id starts with it, not only the institution of that id',
    source: 'seed',
    rules: ['FD-INST-SEARCH', 'FD-FILTER-RULE'],
  }),
  independent('independent-32', {
    id: 'i32-fd-location-rank-zero-based',
    rule: 'location matches are ranked best first (seed 002, Institutions, location matches; provider 1.35.0 matchRank): the ranks are counted from zero, the best match ranked 0',
    source: 'provider',
    rules: ['FD-LOC-MAX'],
  }),
  independent('independent-32', {
    id: 'i32-fd-branding-tile-png',
    rule: 'GetInstitutionBranding returns links to SVG branding assets (seed 002, Institutions): the tile is linked in a PNG rendition',
    source: 'seed',
    rules: ['FD-BRAND'],
  }),
  independent('independent-33', {
    id: 'i33-fd-rssd-search-name-start-only',
    rule: 'the RSSD listing takes the same search as the certified listing (seed 002, Institutions): it matches the search only at the start of an institution name',
    source: 'seed',
    rules: ['FD-INST-SEARCH', 'FD-INST-RSSD', 'FD-PROP-FILTER-SAME'],
  }),
  independent('independent-34', {
    id: 'i34-fd-inst-certified-found-counts-page',
    rule: 'found counts every institution matched, displaying those of the page (provider 1.35.0, certified institutions list; reference, Paging): the certified list gives as found the institutions of its page only',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS', 'FD-DERIVED-COUNTS'],
  }),
  independent('independent-35', {
    id: 'i35-fd-location-rank-counted-from-last',
    rule: 'location matches are the best matches ranked from the best (seed 002, Institutions: up to the best matches; provider 1.35.0 LocationDetail matchRank): the ranks are counted from the end of the list, so the merchant whose name matches exactly carries the worst rank and the weakest match is ranked first',
    source: 'provider',
  }),
  independent('independent-35', {
    id: 'i35-fd-inst-rssd-list-date-named-created',
    rule: 'the certified institutions lists carry requestedDate (provider 1.35.0 CertifiedInstitutions and the list with RSSD; reference, Known corrections): the list with RSSD dates itself under createdDate, the member name of the plain institutions list, and lacks requestedDate',
    source: 'provider',
  }),
  independent('independent-36', {
    id: 'i36-fd-inst-page-past-end-repeats-last',
    rule: 'start is a page index and a page past the last holds no institution (provider 1.35.0, GetInstitutions start and limit; reference financial-data.md, Paging): a start past the last page answers the last page again',
    source: 'provider',
    rules: ['FD-PAGE-START', 'FD-PAGE-COUNTS'],
  }),
  independent('independent-37', {
    id: 'i37-fd-routing-no-match-400',
    rule: 'a routing number of the right length that maps to no institution is a 404; 400 is for a wrong length (seed 002, Institutions: GetInstitutionsByRoutingNumber): a well-formed routing number without a match answered 400',
    source: 'seed',
    rules: ['FD-ROUTING-MATCH', 'FD-ROUTING-LENGTH'],
  }),
  independent('independent-38', {
    id: 'i38-fd-inst-get-unknown-400',
    rule: 'GetInstitution answers 404 when not found (seed 002, Institutions): an institution id that names none answers 400',
    source: 'seed',
    rules: ['FD-INST-GET', 'FD-NOT-FOUND'],
  }),
]);
