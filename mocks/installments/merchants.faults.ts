// Faults of merchant participations, merchant search and MID search (switched in merchants.ts; the
// limits and patterns through the contract): each breaks one rule of
// schemas/installments/rules.yaml, the way a provider's release might. `rules` names the rule ids it
// breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults of the suite's
// authors first, then those written blind (`origin: 'blind'`, measured apart by `npm run mutation --
// --blind`).
import { faultCatalogue, independent, modelFault, seeded } from '../kit/faults.js';
import { blind, judged, relax, rule } from './fault-builders.js';

export const MERCHANTS_FAULTS = faultCatalogue([
  judged(
    'participation-body-size-unbounded',
    'IN-LIM-PARTICIPATION-BODY: a participation request of 700 KB or more is taken as any other',
    ['IN-LIM-PARTICIPATION-BODY'],
    ['postMerchantParticipations'],
    'body-size',
    () => undefined,
  ),
  {
    id: 'mids-replaced-not-added',
    rule: "IN-STATE-MIDS-ADDED: a merchant submitted again keeps only the MIDs sent last: the MID search lists the latest participation's MIDs",
    source: 'provider',
    rules: ['IN-STATE-MIDS-ADDED'],
    seams: {
      state: (x: { operationId: string; latest?: string[] }, mids: unknown) =>
        x.operationId === 'postMerchantMidSearches' ? x.latest : mids,
    },
  },
  // Seeded beside the answer judge's participation records (every reader judged against what was submitted; origin 'seeded').
  seeded({
    id: 'seeded-fam24-completed-list-wallet-id-tabs-as-spaces',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: every detail a reader answers is the one submitted: the completed list answers each walletMerchantId with its tabs written as spaces',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'seeded-fam24-by-request-maid-type-ext-as-grp',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: every detail a reader answers is the one submitted, each maidType value: read by request_id, a merchant submitted with maidType EXT is answered GRP',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-ENUM-MAIDTYPE'],
  }),
  seeded({
    id: 'seeded-fam24-search-address-line3-trimmed',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: every detail a reader answers is the one submitted: the merchant search answers addressLine3 without its surrounding white space',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'seeded-fam24-mid-search-non-negotiated-flag-flipped-with-ext',
    rule: "IN-ECHO-PARTICIPATION-DETAILS: the MID page answers the merchant's flags as submitted: for a merchant submitted with maidType EXT it answers nonMerchantNegotiatedParticipation flipped",
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  // Seeded beside the later-page records and echoes of merchants.paging.spec.ts (origin 'seeded').
  seeded({
    id: 'seeded-by-request-later-page-dba-names-dropped',
    rule: "IN-PAGE-KEEPS-QUERY: getMerchantParticipations by request_id answers a page after the first without the merchants' dbaNames",
    source: 'provider',
    rules: ['IN-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-completed-list-later-page-dba-names-dropped',
    rule: "IN-PAGE-KEEPS-QUERY: getMerchantParticipations without request_id (the completed list) answers a page after the first without the merchants' dbaNames",
    source: 'provider',
    rules: ['IN-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-merchant-search-later-page-address-dropped',
    rule: "IN-PAGE-KEEPS-QUERY: postMerchantSearches answers a page after the first without the merchants' address",
    source: 'provider',
    rules: ['IN-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-mid-search-later-page-name-collapsed',
    rule: "IN-PAGE-KEEPS-QUERY: postMerchantMidSearches echoes, on a page after the first, the merchant's legal name trimmed with its spaces collapsed",
    source: 'provider',
    rules: ['IN-PAGE-KEEPS-QUERY'],
  }),
  // Seeded beside the check of every detail on every reader (merchants.echo.spec.ts; origin 'seeded').
  seeded({
    id: 'completed-list-dba-names-trimmed',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: the completed list answers the dba names as submitted, not trimmed with their inner spaces collapsed',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  // Seeded beside the check of each ICA form on every reader (merchants.ica-forms.spec.ts; origin 'seeded').
  seeded({
    id: 'by-request-ica-middle-form-padded',
    rule: 'IN-ECHO-ICA-FORMS: the by-request reader answers a nine-digit acquirer ICA padded with zeros to the longest form',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS'],
  }),
  seeded({
    id: 'search-ica-longest-cut-to-six',
    rule: 'IN-ECHO-ICA-FORMS: the merchant search answers an eleven-digit acquirer ICA cut to its first six digits',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS'],
  }),
  seeded({
    id: 'search-ica-compared-on-nine',
    rule: 'IN-ECHO-ICA-FORMS: the acquirer ICA criterion of a merchant search is compared on its first nine digits, so the first nine of an eleven-digit ICA find its merchants',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS', 'IN-FILTER-ICA'],
  }),
  // Seeded beside the check of Total under each filter on every page (merchants.totals.spec.ts; origin 'seeded').
  seeded({
    id: 'search-total-remaining-after-offset',
    rule: 'IN-PAGE-HEADERS: the Total of a merchant search past its first page counts the merchants left from the offset, not the set the criteria answer',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  seeded({
    id: 'mid-search-total-before-mid-filter',
    rule: 'IN-PAGE-HEADERS: the Total of a MID search with a mid criterion counts every MID of the merchant, not the one the criterion answers',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS', 'IN-FILTER-MID'],
  }),
  // Seeded beside the check that MIDs and maids are compared as text (merchants.exact-ids.spec.ts; origin 'seeded').
  seeded({
    id: 'mid-filter-numeric',
    rule: 'IN-FILTER-MID: the mid criterion of a MID search is compared as a number, so a MID with leading zeros answers the MID of the same digits without them',
    source: 'provider',
    rules: ['IN-FILTER-MID'],
  }),
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax(
    'merchantLegalName-length-unenforced',
    'merchantLegalName minLength/maxLength',
    'MerchantLegalName',
    undefined,
    { drop: ['minLength', 'maxLength'] },
    ['IN-LIM-LEGALNAME'],
  ),
  relax('countryCode-pattern-unenforced', 'countryCode pattern (letters of either case)', 'CountryCode', undefined, { drop: ['pattern'] }, [
    'IN-PAT-COUNTRY',
  ]),
  relax('acquirerIca-pattern-unenforced', 'acquirerICA pattern (its digit counts)', 'AcquirerIca', undefined, { drop: ['pattern'] }, [
    'IN-PAT-ICA',
  ]),
  relax('merchantGroup-pattern-unenforced', 'merchantGroup pattern', 'MerchantGroup', undefined, { drop: ['pattern'] }, [
    'IN-PAT-MERCHANTGROUP',
  ]),
  relax('maidType-enum-unenforced', 'maidType GRP|EXT', 'MaidType', undefined, { drop: ['enum'] }, ['IN-ENUM-MAIDTYPE']),
  relax('yesNo-enum-unenforced', 'optIn / nonMerchantNegotiatedParticipation Y|N', 'YesNo', undefined, { drop: ['pattern', 'maxLength'] }, [
    'IN-ENUM-YESNO',
  ]),
  relax(
    'participations-max-30-unenforced',
    'participations per request minItems/maxItems',
    'MerchantParticipationRequest',
    undefined,
    { drop: ['maxItems'] },
    ['IN-LIM-PARTICIPATIONS'],
  ),
  relax('wallets-max-3-unenforced', 'wallets maxItems', 'Wallets', undefined, { drop: ['maxItems'] }, ['IN-LIM-WALLETS']),
  relax('dbaNames-max-1000-unenforced', 'dbaNames maxItems', 'DbaNames', undefined, { drop: ['maxItems'] }, ['IN-LIM-DBANAMES']),
  relax('mids-max-5000-unenforced', 'mids maxItems', 'MerchantParticipation', ['properties', 'mids'], { drop: ['maxItems'] }, [
    'IN-LIM-MIDS',
  ]),
  relax(
    'participation-ica-not-required',
    'acquirerICA required in a participation',
    'MerchantParticipation',
    undefined,
    { unrequire: ['acquirerICA'] },
    ['IN-REQ-PARTICIPATION'],
  ),
  // provider 2.0.0 states it in prose only: the rule lives in the mock's handler, so does its fault.
  rule('merchant-search-empty-accepted', 'merchant search needs one of its criteria', ['IN-REQ-SEARCH']),
  relax('mid-search-ica-not-required', 'MID search: acquirerICA required', 'MidSearchRequest', undefined, { unrequire: ['acquirerICA'] }, [
    'IN-REQ-MIDSEARCH',
  ]),
  // Merchant participation flow (reference, Flows - lender app).
  rule('participation-200', 'participation submission answers 202', ['IN-STATUS-PARTICIPATION']),
  rule('location-missing', '202 carries Location with the request id', ['IN-STATUS-PARTICIPATION']),
  rule('participation-stuck-pending', 'an effectuation leaves PENDING', ['IN-STATE-EFFECTUATION']),
  rule('invalid-ica-completes', 'an invalid acquirer ICA ends in ERROR', ['IN-STATE-INVALID-ICA']),
  rule('error-without-reason', 'ERROR carries errorReason', ['IN-STATE-INVALID-ICA']),
  rule('unknown-request-id-200', 'unknown request_id: 404', ['IN-STATUS-UNKNOWN-REQUEST']),
  rule('pending-listed-as-completed', 'without request_id only completed effectuations are listed', ['IN-FILTER-COMPLETED']),
  rule('search-ignores-criteria', 'merchant search filters by its criteria', [
    'IN-FILTER-NAME',
    'IN-FILTER-COUNTRY',
    'IN-FILTER-ICA',
    'IN-FILTER-STATUS',
    'IN-FILTER-MAID',
  ]),
  rule('mid-status-completed', 'MID status follows the effectuation', ['IN-STATE-EFFECTUATION', 'IN-STATE-INVALID-ICA']),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  {
    id: 'search-ignores-ica',
    rule: 'IN-FILTER-ICA: the acquirerICA criterion excludes other acquirers',
    source: 'seed',
    rules: ['IN-FILTER-ICA'],
  },
  {
    id: 'search-ignores-status',
    rule: 'IN-FILTER-STATUS: merchantParticipationStatus excludes other statuses',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  },
  {
    id: 'search-ignores-maid',
    rule: 'IN-FILTER-MAID: the maid criterion excludes other maids',
    source: 'provider',
    rules: ['IN-FILTER-MAID'],
  },
  {
    id: 'mid-search-ignores-country',
    rule: 'IN-FILTER-MID-MERCHANT: the merchant is named by name, country and ICA',
    source: 'seed',
    rules: ['IN-FILTER-MID-MERCHANT'],
  },
  {
    id: 'mid-status-filter-ignored',
    rule: 'IN-FILTER-MID-STATUS: the status criterion of a MID search',
    source: 'provider',
    rules: ['IN-FILTER-MID-STATUS'],
  },
  {
    id: 'request-id-filter-ignored',
    rule: 'IN-FILTER-REQUEST-ID: request_id answers that request only',
    source: 'seed',
    rules: ['IN-FILTER-REQUEST-ID'],
  },
  {
    id: 'error-listed-as-completed',
    rule: 'IN-FILTER-COMPLETED: a failed effectuation is not listed',
    source: 'seed',
    rules: ['IN-FILTER-COMPLETED', 'IN-STATE-INVALID-ICA'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  blind(
    'blind-participations-31-accepted',
    'merchant participations per request at most maxItems (provider; reference Main fields): one more accepted',
    'provider',
    ['IN-LIM-PARTICIPATIONS'],
    [{ schema: 'MerchantParticipationRequest', set: { maxItems: 31 } }],
  ),
  // Paging (provider 2.0.0: offset default 0, limit default 500; Count/Offset/Limit/Total headers).
  blind(
    'blind-mid-search-paging-ignored',
    'postMerchantMidSearches is paged by offset/limit (provider: MidDetailsPage, offset and limit parameters): the MID search ignores them (the other merchant queries still page)',
    'provider',
    ['IN-PAGE-SLICE', 'IN-PAGE-HEADERS'],
  ),
  // Search criteria and filters (seed 001, Endpoints; provider search parameters).
  blind(
    'blind-search-country-ignored',
    'merchant search by merchant name, or country code, or acquirer ICA (seed 001): the countryCode criterion is silently ignored',
    'seed',
    ['IN-FILTER-COUNTRY'],
  ),
  blind(
    'blind-mid-filter-ignored',
    'MID search narrows to the `mid` given (provider MerchantMidSearchParameters.mid; reference MID search `mid`): the mid criterion is ignored',
    'provider',
    ['IN-FILTER-MID'],
  ),
  blind(
    'blind-request-id-filter-ignored',
    'with request_id, getMerchantParticipations returns the merchants of that request only (seed 001; provider: "limited to only those merchant objects ... part of that particular request"): every request\'s merchants are returned',
    'seed',
    ['IN-FILTER-REQUEST-ID'],
  ),
  blind(
    'blind-error-reason-unknown',
    'an effectuation with an invalid acquirer ICA ends in ERROR with errorReason INVALID_ACQUIRER_ICA (reference Main fields - Merchant participation): errorReason UNKNOWN is given',
    'assumption',
    ['IN-STATE-INVALID-ICA'],
  ),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-search-answers-cached',
    rule: 'a merchant search answers the merchants as they are now (seed 001, Endpoints: search merchants and participation status): the same criteria are answered from the first search, without merchants submitted since and with their status then',
    source: 'seed',
    rules: ['IN-FILTER-NAME', 'IN-STATE-EFFECTUATION'],
  }),
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-participation-ica-leading-zeros-dropped',
    rule: 'a merchant read back carries its acquirer ICA as submitted (seed 001, Endpoints; reference): the completed-merchants list (no request_id) answers the ICA as a number, leading zeros dropped',
    source: 'assumption',
    rules: ['IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-2', {
    id: 'i2-search-total-unfiltered',
    rule: 'the Total header is the size of the data set the page is cut from (provider 2.0.0, Total): a merchant search answers the number of every merchant, not of those matching',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-2', {
    id: 'i2-by-request-offset-ignored',
    rule: 'offset skips that many items (provider 2.0.0, offset): ignored when request_id is given (the lists without it apply it)',
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-participation-by-request-name-spaces-collapsed',
    rule: 'a merchant read back carries its legal name as submitted (provider 2.0.0, MerchantParticipation; merchantLegalName of any characters within its lengths): the read by request_id trims the legal name and collapses its inner runs of spaces (the completed list keeps it)',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-mid-search-name-case-insensitive',
    rule: 'a MID search answers the MIDs of the merchant named exactly by legal name, country and acquirer ICA (seed 001, Endpoints; provider MerchantMidSearchParameters): the legal name is compared without case, so the MIDs of ACME are answered for Acme',
    source: 'seed',
    rules: ['IN-FILTER-MID-MERCHANT'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-mid-search-optin-any-country',
    rule: "optIn of a MID page is the merchant's searched (provider 2.0.0, MidDetailsPage): it is taken from the first merchant with that legal name and acquirer, whatever its country",
    source: 'provider',
    rules: ['IN-ECHO-MIDSEARCH', 'IN-FILTER-MID-MERCHANT'],
  }),
  independent('independent-5', {
    id: 'i5-participations-by-request-count-is-limit',
    rule: 'the Count header is the size of the page (provider 2.0.0, Count header): the by-request read answers min(limit, total) as Count, ignoring the offset',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  // Seeded beside the exact-lookup check of request_id (tests/installments/participations.flow.spec.ts).
  seeded({
    id: 'seeded-request-id-prefix-match',
    rule: "IN-STATUS-UNKNOWN-REQUEST: an unknown request_id one digit longer or shorter than a request's (one starts with the other) answers that request's merchants",
    source: 'assumption',
    rules: ['IN-STATUS-UNKNOWN-REQUEST', 'IN-FILTER-REQUEST-ID'],
  }),
  // Seeded beside the checks of the objects a search names together (tests/installments/merchants.belong-together.spec.ts).
  // Seeded beside the check of ICAs compared as text (tests/installments/merchants.ica-forms.spec.ts).
  seeded({
    id: 'mid-search-ica-as-number',
    rule: "IN-FILTER-ICA-TEXT: a MID search compares the acquirer ICA as a number, so a merchant's ICA padded with zeros to another admitted length finds the merchant and its MIDs",
    source: 'provider',
    rules: ['IN-FILTER-ICA-TEXT'],
  }),
  seeded({
    id: 'seeded-mid-search-ignores-ica',
    rule: "IN-FILTER-MID-MERCHANT: a MID search finds the merchant by legal name and country alone, so another acquirer's merchant of that name answers its MIDs",
    source: 'seed',
    rules: ['IN-FILTER-MID-MERCHANT'],
  }),
  // Seeded beside the pairs of criteria of merchants.search.spec.ts (origin 'seeded'): one criterion dropped when another is given.
  seeded({
    id: 'seeded-search-status-ignored-with-maid',
    rule: 'IN-FILTER-STATUS: a merchant search with a maid also given does not apply the merchantParticipationStatus criterion',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  }),
  // Seeded beside the status cases of merchants.search.spec.ts: every value of the status enum filters.
  seeded({
    id: 'seeded-search-status-pending-ignored',
    rule: 'IN-FILTER-STATUS: a merchant search for PENDING participations does not apply the status criterion (the other values do)',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  }),
  // Seeded beside every length limit tried at its longest with multi-byte characters (origin 'seeded').
  seeded({
    id: 'seeded-participation-legal-name-limit-in-bytes',
    rule: 'IN-LIM-LEGALNAME: merchantLegalName is limited in characters (provider 2.0.0 MerchantLegalName maxLength): the limit counted in UTF-8 bytes, so a name of accented characters at the limit is refused',
    source: 'provider',
    rules: ['IN-LIM-LEGALNAME'],
  }),
  // Seeded beside every value of the MID status criterion tried alone and with a mid (origin 'seeded').
  seeded({
    id: 'seeded-mid-search-pending-with-mid-finds-error',
    rule: 'IN-FILTER-MID-STATUS: the status criterion of a MID search answers the MIDs in that status only (provider 2.0.0 MerchantMidSearchParameters.status): with a mid given, PENDING also answers a MID in ERROR',
    source: 'provider',
    rules: ['IN-FILTER-MID-STATUS'],
  }),
  seeded({
    id: 'seeded-mid-search-status-ignored-with-mid',
    rule: 'IN-FILTER-MID-STATUS: a MID search with a mid also given does not apply the status criterion',
    source: 'provider',
    rules: ['IN-FILTER-MID-STATUS'],
  }),
  seeded({
    id: 'seeded-search-ica-prefix-match',
    rule: 'IN-FILTER-ICA: a merchant search by acquirerICA also finds the merchants of every longer ICA that starts with it',
    source: 'seed',
    rules: ['IN-FILTER-ICA'],
  }),
  // Seeded beside the check of every search criterion in another form (merchants.criteria-forms.spec.ts; origin 'seeded').
  seeded({
    id: 'seeded-participation-ica-known-by-head',
    rule: 'IN-LOOKUP-EXACT: an acquirer ICA the service does not know ends the participation in ERROR (reference, Main fields); an ICA differing from a known one only in its last digit is taken as that acquirer, and the participation completes',
    source: 'assumption',
    rules: ['IN-LOOKUP-EXACT', 'IN-STATE-INVALID-ICA'],
  }),
  seeded({
    id: 'seeded-search-maid-case-folded',
    rule: 'IN-FILTER-WHOLE: a maid criterion is compared whole (provider 2.0.0, MerchantSearchParameters.maid); the merchant search matches it without case, so a maid with its case swapped finds the merchant',
    source: 'provider',
    rules: ['IN-FILTER-WHOLE', 'IN-FILTER-MAID'],
  }),
  seeded({
    id: 'seeded-mid-filter-prefix-match',
    rule: 'IN-FILTER-MID: the mid criterion of a MID search also answers every MID of the merchant that starts with it',
    source: 'provider',
    rules: ['IN-FILTER-MID'],
  }),
  seeded({
    id: 'seeded-search-maid-numeric',
    rule: 'IN-FILTER-MAID: the maid criterion is compared as a number, so a maid with leading zeros finds the maid of the same digits without them',
    source: 'provider',
    rules: ['IN-FILTER-MAID'],
  }),
  independent('independent-6', {
    id: 'i6-merchant-search-maid-prefix',
    rule: 'searching by maid finds the merchants of that maid only (provider 2.0.0, MerchantSearchParameters.maid): a merchant whose maid starts with the one searched is found too',
    source: 'provider',
    rules: ['IN-FILTER-MAID'],
  }),
  independent('independent-6', {
    id: 'i6-participations-list-total-all-states',
    rule: 'Total is the size of the data set answered (provider 2.0.0, Total header): the completed-merchants list counts pending and failed merchants in Total',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-7', {
    id: 'i7-merchant-search-ica-first-six',
    rule: 'searching by acquirerICA finds the merchants of that acquirer only (provider 2.0.0 MerchantSearchParameters): a longer ICA is compared on its first six digits only, so merchants of another acquirer sharing them are found',
    source: 'provider',
    rules: ['IN-FILTER-ICA'],
  }),
  independent('independent-7', {
    id: 'i7-participation-ica-11-cut-to-9',
    rule: 'a merchant read back carries its acquirer ICA as submitted (reference IN-ECHO-PARTICIPATION): the completed list cuts an ICA of the longest form to the length of the middle form (eleven digits to nine)',
    source: 'assumption',
    rules: ['IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-7', {
    id: 'i7-mid-search-error-status-includes-pending',
    rule: 'the status criterion of a MID search answers the MIDs in that status only (provider 2.0.0 MerchantMidSearchParameters.status): status ERROR answers every MID that is not COMPLETED, pending ones too',
    source: 'provider',
    rules: ['IN-FILTER-MID-STATUS'],
  }),
  independent('independent-7', {
    id: 'i7-completed-list-page-overlaps',
    rule: 'offset skips exactly that many items and the pages together are the set without repeats (reference, Paging): the completed merchants list (no request_id) starts a page at offset 1 or more one item early, repeating the last item of the previous page (headers unchanged)',
    source: 'assumption',
    rules: ['IN-PAGE-SLICE'],
  }),
  // Independent set 8 (written blind: seed 001, provider 2.0.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-completed-list-batched-per-minute',
    rule: 'a participation with a known acquirer ICA leaves PENDING for COMPLETED, and every reader shows it COMPLETED (seed 001, effectuation status updates): the list of completed merchants (no request_id) is filled by a job that runs at each whole minute, so for up to a minute after its effectuation the request_id reader shows a merchant COMPLETED and the list leaves it out',
    source: 'seed',
    rules: ['IN-STATE-EFFECTUATION', 'IN-FILTER-COMPLETED'],
  }),
  independent('independent-8', {
    id: 'i8-mid-search-total-before-status-filter',
    rule: 'Total is the size of the data set the page is cut from (provider 2.0.0 paging headers; reference IN-PAGE-HEADERS): a MID search with a mid or status criterion answers Total as the number of MIDs of the merchant before that criterion',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS', 'IN-FILTER-MID-STATUS'],
  }),
  independent('independent-9', {
    id: 'i9-merchant-search-page-one-extra',
    rule: 'limit caps the page (provider 2.0.0, offset/limit; reference, Paging): the merchant search slices its page with an inclusive end, so it holds limit + 1 merchants (the other readers are right)',
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  independent('independent-9', {
    id: 'i9-by-request-total-counts-every-request',
    rule: 'Total is the size of the data set answered (reference, Paging: list responses carry Count, Offset, Limit, Total): read by request_id, Total counts the participations of every request, not of that request',
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-9', {
    id: 'i9-mid-search-error-reason-dropped',
    rule: 'a participation with an unknown acquirer ICA ends in ERROR with errorReason INVALID_ACQUIRER_ICA in every reader, its MIDs too (reference, Merchant participation status; MID search mids[{mid, status, errorReason}]): the MID search gives its MIDs status ERROR without the errorReason',
    source: 'provider',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-10', {
    id: 'i10-merchant-search-name-first-ten',
    rule: "searching by a merchant's legal name finds it and not a merchant of another name (seed 001 merchant search; IN-FILTER-NAME): the name criterion is cut to its first ten characters, so Northwind Bakery East also finds Northwind Bakery West",
    source: 'seed',
    rules: ['IN-FILTER-NAME'],
  }),
  independent('independent-10', {
    id: 'i10-by-request-website-lowercased',
    rule: 'every participation detail a reader answers is the one submitted, byte for byte (provider 2.0.0 MerchantParticipation; IN-ECHO-PARTICIPATION-DETAILS): the by-request read (request_id) lower-cases websiteUrl; the list and the search keep it',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-10', {
    id: 'i10-mid-search-name-echo-trimmed',
    rule: 'the MID page names the merchant searched (provider 2.0.0 MerchantMidSearch; IN-ECHO-MIDSEARCH): the merchantLegalName echoed is trimmed, not the one searched',
    source: 'provider',
    rules: ['IN-ECHO-MIDSEARCH'],
  }),
  independent('independent-10', {
    id: 'i10-search-offset-header-zero',
    rule: 'Offset is the offset applied (provider 2.0.0 paging headers Count, Offset, Limit, Total; IN-PAGE-HEADERS): the merchant search always answers Offset: 0, whatever the offset applied',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-10', {
    id: 'i10-mid-search-effectuation-lags',
    rule: 'a participation with a known acquirer ICA leaves PENDING for COMPLETED and every reader shows it COMPLETED, its MIDs too (reference, Flows - lender app; IN-STATE-EFFECTUATION): the MID search shows the MIDs PENDING until twice the effectuation time, while the other readers show COMPLETED',
    source: 'assumption',
    rules: ['IN-STATE-EFFECTUATION'],
  }),
  independent('independent-11', {
    id: 'i11-by-request-error-reason-dropped',
    rule: 'a participation with an unknown acquirer ICA ends ERROR with INVALID_ACQUIRER_ICA on every reader (reference/installments.md, Main fields): the by-request reader answers ERROR without its errorReason',
    source: 'assumption',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-11', {
    id: 'i11-mid-search-mid-case-insensitive',
    rule: 'the mid criterion answers that MID only (provider 2.0.0, MerchantMidSearchParameters.mid): a MID is matched case-insensitively, so mid001 answers MID001',
    source: 'provider',
    rules: ['IN-FILTER-MID'],
  }),
  independent('independent-11', {
    id: 'i11-mid-search-count-header-all-mids',
    rule: 'Count is the size of the page answered (provider 2.0.0, Count header): the MID search Count header is the number of MIDs matched, not the page size',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-12', {
    id: 'i12-search-error-reason-dropped',
    rule: 'a participation with an unknown acquirer ICA ends in ERROR with INVALID_ACQUIRER_ICA in every reader (provider 2.0.0, MerchantParticipationView.errorReason): the merchant search answers ERROR without its errorReason',
    source: 'provider',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-12', {
    id: 'i12-search-city-uppercased',
    rule: 'every participation detail a reader answers is the one submitted (provider 2.0.0, MerchantAddress.city): the merchant search answers the address city in upper case',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-12', {
    id: 'i12-participation-wallets-4-accepted',
    rule: "wallets, when given, hold at most the contract's maximum of items (provider 2.0.0, Wallets maxItems): a participation with one wallet more than the maximum is accepted",
    source: 'provider',
    rules: ['IN-LIM-WALLETS'],
  }),
  independent('independent-12', {
    id: 'i12-mid-search-limit-500-refused',
    rule: 'limit is accepted from its minimum to its maximum (provider 2.0.0, limit parameter): the MID search refuses limit at the maximum, the bound read as exclusive there (the other readers accept it)',
    source: 'provider',
    rules: ['IN-PAGE-LIMIT'],
  }),
  independent('independent-13', {
    id: 'i13-participation-name-uppercased-by-request',
    rule: 'a merchant read back carries its legal name as submitted, case kept (reference, Merchant participation; provider 2.0.0): the by-request reader of participations upper-cases merchantLegalName',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-13', {
    id: 'i13-search-country-ignored-with-ica',
    rule: 'searching by countryCode finds the merchants of that country only (provider 2.0.0, MerchantSearchParameters): with acquirerICA also given the countryCode criterion is not applied',
    source: 'provider',
    rules: ['IN-FILTER-COUNTRY'],
  }),
  independent('independent-13', {
    id: 'i13-search-maid-ignored-with-name',
    rule: 'searching by maid finds the merchants of that maid only (provider 2.0.0, MerchantSearchParameters): with merchantLegalName also given the maid criterion is not applied',
    source: 'provider',
    rules: ['IN-FILTER-MAID'],
  }),
  independent('independent-13', {
    id: 'i13-search-limit-header-default',
    rule: 'list answers carry the paging headers of the page given: Limit the limit asked (reference, Paging: headers Count, Offset, Limit, Total): the merchant search answers Limit with the default 500 when a smaller limit was asked',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-13', {
    id: 'i13-mid-search-bad-ica-reason-unknown',
    rule: 'a participation with an unknown acquirer ICA ends in ERROR with errorReason INVALID_ACQUIRER_ICA in every reader, its MIDs too (reference, Merchant participation, effectuation status): the MID search gives the MIDs errorReason UNKNOWN',
    source: 'provider',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-13', {
    id: 'i13-participations-offset-page-short',
    rule: "a page is the items from offset, at most limit of them (reference, Paging offset/limit): the by-request reader of participations drops the page's last item when offset is above 0",
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  // Seeded beside the check that every reader answers a participation's arrays item for item, repeats
  // kept (merchants.echo.spec.ts), on the merchant search: the i14 fault breaks the by-request reader.
  seeded({
    id: 'seeded-search-dba-names-deduplicated',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: the merchant search answers the dba names submitted item for item (provider 2.0.0 DbaNames, no uniqueItems); a repeated name is listed once',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-14', {
    id: 'i14-participations-30-refused',
    rule: 'a participation request holds at most the limit of participations, the limit included (reference, Merchant participation: array, at most so many per request): a request of exactly the limit is refused 400',
    source: 'provider',
    rules: ['IN-LIM-PARTICIPATIONS'],
  }),
  independent('independent-14', {
    id: 'i14-by-request-dba-names-deduplicated',
    rule: 'the participation read by request_id carries the details submitted (seed 001, GET /merchants/participations; provider 2.0.0 MerchantParticipation dbaNames): repeated dbaNames of a merchant are listed once on this reader',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-14', {
    id: 'i14-completed-list-total-remaining-after-offset',
    rule: 'the Total header is the size of the known data set (reference, Paging: Count, Offset, Limit, Total): the completed-merchants list counts Total from the offset on, so a later page gives a smaller Total',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-14', {
    id: 'i14-search-status-pending-finds-error',
    rule: 'searching by merchantParticipationStatus finds the merchants in that status only (seed 001, POST /merchants/searches; provider 2.0.0 MerchantSearch): a search for PENDING also finds the merchants in ERROR',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  }),
  // Red team rt-: a deviation a stranger would write on one reader (seeded beside the check extended for its family).
  seeded({
    id: 'rt-completed-list-website-url-parsed',
    rule: "the merchant's websiteUrl is answered as submitted, byte for byte, on every reader (provider 2.0.0, Merchant.websiteUrl; IN-ECHO-PARTICIPATION-DETAILS): the completed list answers it as a URL parser rewrites it (host lower-cased, a '/' added after a bare host)",
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'seeded-completed-list-shows-first-participation',
    rule: 'a merchant submitted again is read back with the details submitted last (seed 001, Endpoints: merchants with participation details whose effectuation request is completed): the completed list answers a re-submitted merchant with the details of its first submission',
    source: 'assumption',
    rules: ['IN-ECHO-PARTICIPATION-LATEST', 'IN-PROP-READERS-AGREE'],
  }),
  seeded({
    id: 'seeded-mid-search-optin-of-first-participation',
    rule: "a merchant submitted again is read back with the details submitted last (seed 001, Endpoints: the mids of a given merchant; provider 2.0.0 MidDetailsPage.optIn): the MID search answers the optIn of the merchant's first submission",
    source: 'assumption',
    rules: ['IN-ECHO-PARTICIPATION-LATEST'],
  }),
  independent('independent-15', {
    id: 'i15-search-shows-first-participation',
    rule: 'a merchant read back carries the participation details submitted last (seed 001, Endpoints: search merchants and participation status; provider 2.0.0 MerchantSearch): the search reader answers a re-submitted merchant with the details of its first submission',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-PROP-READERS-AGREE'],
  }),
  independent('independent-15', {
    id: 'i15-mid-search-optin-from-non-negotiated',
    rule: "the MID page's optIn is the merchant's (provider 2.0.0 MidDetailsPage.optIn; MerchantParticipation optIn and nonMerchantNegotiatedParticipation, both Y|N): the MID search echoes the merchant's nonMerchantNegotiatedParticipation as its optIn",
    source: 'provider',
    rules: ['IN-ECHO-MIDSEARCH'],
  }),
  independent('independent-15', {
    id: 'i15-mid-search-total-is-page-count',
    rule: "Total is the size of the whole result, Count the page's (reference/installments.md, Paging: Count, Offset, Limit, Total): on the MID search Total counts the MIDs of the page only",
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-16', {
    id: 'i16-by-request-pending-shown-completed',
    rule: 'a participation leaves PENDING for COMPLETED only once effectuated (reference/installments.md, Flows - lender app): read by request_id right after the submission, it is already COMPLETED',
    source: 'assumption',
    rules: ['IN-STATE-EFFECTUATION', 'IN-PROP-READERS-AGREE'],
  }),
  independent('independent-16', {
    id: 'i16-search-ica-six-padded-to-nine',
    rule: 'an acquirer ICA of each form (six, nine and eleven digits) is kept whole on every reader (provider 2.0.0 AcquirerIca in MerchantDetails): the merchant search answers a six-digit ICA padded with zeros to nine',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS'],
  }),
  independent('independent-17', {
    id: 'i17-mid-search-pending-status-includes-completed',
    rule: 'the status criterion of a MID search answers the MIDs in that status only (provider 2.0.0 MerchantMidSearchParameters.status): PENDING also answers COMPLETED MIDs',
    source: 'provider',
    rules: ['IN-FILTER-MID-STATUS'],
  }),
  independent('independent-17', {
    id: 'i17-search-country-first-two-letters',
    rule: 'searching by countryCode finds the merchants of that country only (provider 2.0.0 MerchantSearchParameters.countryCode): the criterion compared on its first two letters, so AUT also finds AUS',
    source: 'provider',
    rules: ['IN-FILTER-COUNTRY'],
  }),
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'rt2-search-name-accents-folded',
    rule: "IN-FILTER-NAME: searching by a merchant's legal name finds it and not a merchant of another name (seed 001 Endpoints): the name is compared without its accents, so Cafe finds Café",
    source: 'seed',
    rules: ['IN-FILTER-NAME'],
  }),
  seeded({
    id: 'rt2-completed-list-legal-name-trimmed',
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: every participation detail a reader answers is the one submitted, byte for byte (provider 2.0.0 MerchantParticipation): the completed list answers the legal name cut of its edge white space',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'rt2-by-request-limit-header-default',
    rule: 'IN-PAGE-HEADERS: Offset and Limit are those applied (provider 2.0.0, Count / Offset / Limit / Total headers): the by-request page names the default limit, not the one asked for',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  seeded({
    id: 'rt2-mid-search-name-accents-folded',
    rule: 'IN-FILTER-MID-MERCHANT: a MID search answers the MIDs of the merchant named by name, country and ICA, none of another merchant (seed 001 Endpoints): the name is compared without its accents',
    source: 'seed',
    rules: ['IN-FILTER-MID-MERCHANT'],
  }),
  independent('independent-18', {
    id: 'i18-completed-list-name-accents-stripped',
    rule: 'a merchant read back carries its legal name as submitted (seed 001, Endpoints: merchants with participation details): the completed list strips the accents of the legal name',
    source: 'assumption',
    rules: ['IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-18', {
    id: 'i18-completed-list-offset-header-zero',
    rule: 'the Offset header is the offset applied (provider 2.0.0, Count / Offset / Limit / Total headers): the completed list answers Offset 0 on a later page',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-18', {
    id: 'i18-by-request-count-of-set',
    rule: 'the Count header is the size of the page (provider 2.0.0, Count header): read by request_id, Count gives the size of the whole set when a limit cuts it',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  // Seeded for the answer judge (fixtures/assertions/installments-answer.ts; origin 'seeded'): on a path no
  // spec's own check looks at, so that only the judge of every answer can catch it.
  seeded({
    id: 'seeded-fam27-search-dba-trailing-comma-dropped',
    rule: "a merchant read back carries its dba names as submitted, byte for byte (provider 2.0.0 MerchantSearch; reference installments.md): the merchant search drops a dba name's trailing comma",
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'seeded-fam27-search-legal-name-quotes-stripped',
    rule: 'a merchant read back carries its legal name as submitted, byte for byte (provider 2.0.0 MerchantSearch; reference installments.md): the merchant search strips the double quotes of a legal name',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  seeded({
    id: 'seeded-judge-mid-search-few-mids-total-one-more',
    rule: 'IN-PAGE-HEADERS: Total is the size of the set the search selects (provider 2.0.0, Total header); the MID page of a merchant with fewer than three MIDs answers Total one more than the MIDs found',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-19', {
    id: 'i19-by-request-wallet-merchant-id-trimmed',
    rule: 'every participation detail a reader answers, wallet merchant ids included, is the one submitted byte for byte (provider 2.0.0 Merchant.wallets; reference, Flows - lender app): the by-request_id reader answers each walletMerchantId with its surrounding spaces trimmed',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-19', {
    id: 'i19-search-maid-type-lowercased',
    rule: 'maidType is GRP or EXT, case kept, and every detail a reader answers is the one submitted (provider 2.0.0 Merchant.maidType): the merchant search answers maidType in lower case',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-ENUM-MAIDTYPE'],
  }),
  independent('independent-19', {
    id: 'i19-mid-search-ica-echo-zeros-dropped',
    rule: 'the MID page names the merchant searched by the acquirerICA sent (provider 2.0.0 MidDetailsPage; reference, Flows - lender app): an ICA with leading zeros is echoed through a number, its zeros dropped',
    source: 'provider',
    rules: ['IN-ECHO-MIDSEARCH'],
  }),
  independent('independent-20', {
    id: 'i20-search-postal-code-leading-zeros-dropped',
    rule: 'every participation detail a reader answers is the one submitted, byte for byte (provider 2.0.0 MerchantSearch; Address.postalCode a string): the merchant search answers a postal code starting with zeros without them (02139 as 2139)',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-20', {
    id: 'i20-mid-search-last-page-short',
    rule: 'offset skips exactly that many items and the pages together are the set (reference, Paging): on the MID search a page after the first that reaches the end of the set leaves out its last MID (Count agreeing with the short page)',
    source: 'assumption',
    rules: ['IN-PAGE-SLICE'],
  }),
  independent('independent-21', {
    id: 'i21-participation-eleven-digit-ica-errors',
    rule: 'a participation with a known acquirer ICA leaves PENDING for COMPLETED (reference installments.md, effectuation): a known ICA of eleven digits ends in ERROR with INVALID_ACQUIRER_ICA',
    source: 'assumption',
    rules: ['IN-STATE-EFFECTUATION'],
  }),
  independent('independent-21', {
    id: 'i21-by-request-ica-nine-cut-to-six',
    rule: 'an acquirer ICA of each form is answered whole by every reader (provider Merchant Participation API, acquirerICA pattern): read by request_id an ICA of the middle form is answered as its leading digits of the shortest form',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS', 'IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-21', {
    id: 'i21-by-request-legal-name-cut-at-255',
    rule: 'a merchant read back carries its legal name as submitted, up to its maxLength (provider Merchant Participation API, merchantLegalName): read by request_id a name longer than two hundred and fifty-five characters is cut there',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-21', {
    id: 'i21-mid-search-offset-header-zero',
    rule: 'the paging headers state the page answered (provider Merchant Participation API, Offset header): the MID search answers Offset 0 whatever offset was asked',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-22', {
    id: 'i22-completed-list-legal-name-trailing-period-dropped',
    rule: "a merchant read back carries its legal name as submitted, byte for byte (provider 2.0.0 MerchantParticipation; reference installments.md): the completed list drops a legal name's closing period",
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-22', {
    id: 'i22-mid-search-limit-header-default',
    rule: 'the Limit header is the limit applied (provider 2.0.0 paging headers): the MID search answers the default limit in Limit whatever limit was asked',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-23', {
    id: 'i23-by-request-duns-leading-zeros-dropped',
    rule: 'every participation detail read back is the one submitted, byte for byte (provider 2.0.0 MerchantParticipation.duns): read by request_id a D-U-N-S number with leading zeros loses them',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-23', {
    id: 'i23-completed-list-address-lines-joined',
    rule: 'every participation detail read back is the one submitted (provider 2.0.0 Address): the completed list answers addressLine2 joined to addressLine1 after a comma, addressLine2 left out',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-23', {
    id: 'i23-mid-search-later-page-overlaps-one',
    rule: 'offset skips exactly that many items and the pages together are the set without repeats (provider 2.0.0 paging): a later MID search page starts one MID early',
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  independent('independent-24', {
    id: 'i24-mid-search-count-header-limit',
    rule: 'Count is the number of items of the page (provider 2.0.0, paging headers): the MID search answers Count equal to the limit asked for, even on a shorter page',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-24', {
    id: 'i24-by-request-dba-names-accents-stripped',
    rule: 'every participation detail a reader answers is the one submitted (provider 2.0.0, MerchantParticipation.dbaNames): read by request_id, the dba names lose their accents',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-25', {
    id: 'i25-by-request-group-lowercased',
    rule: 'every participation detail a reader answers is the one submitted (seed 001, Endpoints; provider MerchantParticipation.merchantGroup, upper-case letters and digits): read by request_id the merchant group is answered in lower case',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-25', {
    id: 'i25-by-request-error-shown-pending',
    rule: 'a participation with an unknown acquirer ICA ends in ERROR with INVALID_ACQUIRER_ICA in every reader (reference/installments.md, Main fields): read by request_id it is still shown PENDING',
    source: 'assumption',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-25', {
    id: 'i25-completed-list-maid-dropped',
    rule: 'every participation detail a reader answers is the one submitted (seed 001, Endpoints, merchants with participation details): the completed list answers the merchant without its maid',
    source: 'seed',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-25', {
    id: 'i25-search-status-completed-finds-pending',
    rule: 'searching by merchantParticipationStatus finds the merchants in that status only (provider 2.0.0 MerchantSearchParameters): a search for COMPLETED also lists merchants still PENDING',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  }),
  independent('independent-25', {
    id: 'i25-search-count-header-of-set',
    rule: "Count is the page's size (provider 2.0.0 Count / Offset / Limit / Total headers): the merchant search's Count gives the size of the whole set",
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-25', {
    id: 'i25-search-later-page-skips-one',
    rule: 'offset skips exactly that many items, the pages together are the set (provider 2.0.0 offset / limit): a later page of the merchant search starts one item past its offset',
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  independent('independent-25', {
    id: 'i25-mid-search-eleven-digit-ica-unmatched',
    rule: 'an acquirer ICA of each admitted form is kept whole and searched whole (provider AcquirerIca; seed 001, search the mids of a merchant): a MID search by an ICA of the longest form finds no merchant',
    source: 'provider',
    rules: ['IN-ECHO-ICA-FORMS'],
  }),
  independent('independent-26', {
    id: 'i26-participation-location-camel-case-param',
    rule: 'a submission is answered 202 with a Location naming the request id (provider 2.0.0, Location example merchants/participations?request_id=...): the Location names it under the parameter requestId',
    source: 'provider',
    rules: ['IN-STATUS-PARTICIPATION'],
  }),
  independent('independent-26', {
    id: 'i26-unknown-request-id-400',
    rule: 'an unknown request_id is 404 (provider 2.0.0, getMerchantParticipations 404): it is answered 400',
    source: 'provider',
    rules: ['IN-STATUS-UNKNOWN-REQUEST'],
  }),
  independent('independent-26', {
    id: 'i26-by-request-wallet-id-as-string',
    rule: 'every participation detail a reader answers is as submitted (provider 2.0.0, Wallet.walletId integer): read by request_id, each walletId comes back as a string',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS'],
  }),
  independent('independent-26', {
    id: 'i26-mid-search-ica-echo-nine-cut-six',
    rule: 'the MID page names the merchant searched, its ICA kept whole in every form (provider 2.0.0, MidSearch): a nine-digit acquirer ICA is echoed as its first six digits',
    source: 'provider',
    rules: ['IN-ECHO-MIDSEARCH', 'IN-ECHO-ICA-FORMS'],
  }),
  independent('independent-27', {
    id: 'i27-participations-limit-500-refused',
    rule: 'limit is accepted from its minimum to its maximum, both included (reference/installments.md, Paging; provider 2.0.0 limit): getMerchantParticipations refuses the largest limit with 400',
    source: 'provider',
    rules: ['IN-PAGE-LIMIT'],
  }),
  independent('independent-27', {
    id: 'i27-completed-list-website-lowercased',
    rule: 'the completed merchants carry the participation details as submitted (seed 001, Endpoints; provider 2.0.0 Merchant websiteUrl): the list without request_id answers websiteUrl in lower case',
    source: 'provider',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-27', {
    id: 'i27-search-name-matches-dba-names',
    rule: 'a merchant search by name finds merchants by their legal name (seed 001, Endpoints: search by merchant name; provider merchantLegalName): a merchantLegalName criterion also finds merchants whose dbaNames contain it',
    source: 'seed',
    rules: ['IN-FILTER-NAME', 'IN-FILTER-RULE'],
  }),
  independent('independent-28', {
    id: 'i28-inst-participation-single-201',
    rule: 'a participation submission is answered 202 with a Location (provider 2.0.0, postMerchantParticipations 202): a submission of a single merchant is answered 201',
    source: 'provider',
    rules: ['IN-STATUS-PARTICIPATION'],
  }),
  independent('independent-28', {
    id: 'i28-inst-by-request-offset-past-end-404',
    rule: 'paging by offset answers the (possibly empty) page of a known data set (provider 2.0.0, getMerchantParticipations 200 with Count/Offset/Limit/Total): read by a known request_id with an offset at or past the end, the mock answers 404 as for an unknown request_id',
    source: 'provider',
    rules: ['IN-PAGE-OFFSET', 'IN-FILTER-REQUEST-ID'],
  }),
  independent('independent-28', {
    id: 'i28-inst-completed-list-limit-header-default',
    rule: 'the Limit header is the limit applied (provider 2.0.0, Count/Offset/Limit/Total headers): on the completed-participations list the Limit header names the default page size whatever limit was asked',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-28', {
    id: 'i28-inst-search-name-first-word',
    rule: 'searching by a merchant legal name finds it and not a merchant of another name (seed 001, Endpoints: search by merchant name): the name criterion is cut to its first word, so merchants of other names sharing it are answered',
    source: 'seed',
    rules: ['IN-FILTER-NAME', 'IN-FILTER-RULE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-search-status-error-finds-completed',
    rule: 'searching by merchantParticipationStatus finds the merchants in that status only (seed 001, POST /merchants/searches; provider 2.0.0, MerchantSearch): a search for ERROR also answers COMPLETED merchants',
    source: 'provider',
    rules: ['IN-FILTER-STATUS', 'IN-FILTER-RULE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-mid-search-mid-suffix-match',
    rule: 'the mid criterion of a MID search answers that MID only (seed 001, POST /merchants/mids/searches; provider 2.0.0): every MID that ends with the criterion is answered',
    source: 'provider',
    rules: ['IN-FILTER-MID', 'IN-FILTER-RULE'],
  }),
  independent('independent-29', {
    id: 'i29-inst-by-request-total-is-page-count',
    rule: 'the Total header of a paged list is the size of the whole result, Count that of the page (reference, Paging): read by request_id, Total gives the size of the page answered',
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS', 'IN-DERIVED-VIEW'],
  }),
  independent('independent-29', {
    id: 'i29-inst-search-invalid-ica-reason-unknown',
    rule: 'a participation with an unknown acquirer ICA ends in ERROR with errorReason INVALID_ACQUIRER_ICA in every reader (reference, Merchant participation status): the merchant search answers it with errorReason UNKNOWN',
    source: 'assumption',
    rules: ['IN-STATE-INVALID-ICA'],
  }),
  independent('independent-30', {
    id: 'i30-inst-participation-location-next-request-id',
    rule: 'a participation submission is answered 202 with a Location naming its request id (reference, Operations: postMerchantParticipations 202 with Location): the Location names the id one above the one the merchants were filed under, so fetching it finds none',
    source: 'provider',
    rules: ['IN-STATUS-PARTICIPATION', 'IN-FILTER-REQUEST-ID'],
  }),
  independent('independent-30', {
    id: 'i30-inst-search-status-pending-finds-error',
    rule: 'a merchant search by merchantParticipationStatus finds the merchants in that status only (reference, Main fields - merchant search; effectuation status PENDING, COMPLETED, ERROR): a search for PENDING also finds the merchants whose effectuation ended in ERROR',
    source: 'provider',
    rules: ['IN-FILTER-STATUS'],
  }),
  independent('independent-30', {
    id: 'i30-inst-mid-search-mid-matched-by-suffix',
    rule: 'the mid criterion of a MID search answers that MID only (reference, Main fields - MID search): every MID of the merchant ending with the criterion is answered',
    source: 'provider',
    rules: ['IN-FILTER-MID'],
  }),
  independent('independent-31', {
    id: 'i31-inst-search-total-from-offset',
    rule: 'the Total header gives the size of the whole data set found (provider 2.0.0, Count / Offset / Limit / Total headers): on a merchant search Total counts only the merchants from the offset on',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-31', {
    id: 'i31-inst-mid-search-mid-ignored-with-status',
    rule: 'the mid criterion of a MID search answers that MID only (provider 2.0.0, MerchantMidSearchParameters.mid): when a status criterion is also given the mid criterion is dropped and every MID in that status is answered',
    source: 'provider',
    rules: ['IN-FILTER-MID', 'IN-FILTER-WHOLE'],
  }),
  independent('independent-31', {
    id: 'i31-inst-by-request-first-merchant-only',
    rule: 'getMerchantParticipations with a request_id answers the participations of that request (seed 001, GET /merchants/participations; reference, Flows - lender app): only the first merchant of a request that submitted several is answered',
    source: 'seed',
    rules: ['IN-FILTER-REQUEST-ID', 'IN-ECHO-PARTICIPATION'],
  }),
  independent('independent-32', {
    id: 'i32-inst-merchant-search-ica-as-number',
    rule: 'searching by acquirerICA finds the merchants of that acquirer only (seed 001, POST /merchants/searches by acquirer ICA): the criterion is compared as a number, so an ICA written with leading zeros at a longer allowed length finds the merchant whose shorter ICA has the same value',
    source: 'seed',
    rules: ['IN-FILTER-ICA', 'IN-FILTER-RULE'],
  }),
  independent('independent-32', {
    id: 'i32-inst-participations-offset-header-plus-one',
    rule: 'list responses carry the Offset header of the page answered (reference, Transport and auth, paging headers): the completed list asked with an offset above zero answers an Offset one past it',
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-33', {
    id: 'i33-inst-completed-list-limit-header-only-when-asked',
    rule: 'list responses carry the headers Count, Offset, Limit and Total (reference, Transport and auth, paging): the completed participations list asked without a limit answers no Limit header',
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS', 'IN-PAGE-DEFAULT'],
  }),
  independent('independent-33', {
    id: 'i33-inst-refused-participations-batch-partly-recorded',
    rule: 'a refused request leaves no trace (reference, Operations: postMerchantParticipations 400): a participations batch refused 400 still records its merchants of a known acquirer ICA, later listed and searched',
    source: 'assumption',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-LIM-PARTICIPATIONS'],
  }),
  independent('independent-33', {
    id: 'i33-inst-participation-three-wallets-refused',
    rule: 'a merchant holds at most its wallets maxItems (reference, Main fields, Merchant participation): a merchant carrying exactly that many wallets is refused 400',
    source: 'provider',
    rules: ['IN-LIM-WALLETS'],
  }),
  independent('independent-33', {
    id: 'i33-inst-by-request-offset-past-end-404',
    rule: 'getMerchantParticipations pages with offset and limit and answers 404 only for an unknown request id (reference, Operations; Transport and auth, paging): read by a known request_id with an offset past its last merchant it answers 404',
    source: 'assumption',
    rules: ['IN-PAGE-OFFSET', 'IN-STATUS-UNKNOWN-REQUEST'],
  }),
  independent('independent-34', {
    id: 'i34-inst-completed-list-later-page-reversed',
    rule: 'the completed participations are paged in one order, so that pages put end to end give the set (provider 2.0.0, getMerchantParticipations paging; reference, Paging): the pages after the first come in the reverse order',
    source: 'provider',
    rules: ['IN-PROP-PAGING', 'IN-PAGE-SLICE'],
  }),
  independent('independent-34', {
    id: 'i34-inst-search-name-html-escaped',
    rule: "searching by a merchant's legal name finds it (seed 001, Endpoints: search by merchant name; provider 2.0.0, MerchantSearch): the name criterion is HTML-escaped before the lookup, so a name with an ampersand or an apostrophe never finds its own merchant",
    source: 'provider',
    rules: ['IN-FILTER-NAME', 'IN-FILTER-RULE'],
  }),
  independent('independent-35', {
    id: 'i35-inst-completed-list-total-counts-submissions',
    rule: 'the Total header is the size of the data set the query answers (provider 2.0.0, Count/Offset/Limit/Total headers; reference, Paging): the completed-merchants list answers a Total that counts every participation ever submitted, superseded and unfinished ones included',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS'],
  }),
  independent('independent-35', {
    id: 'i35-inst-search-later-page-criteria-dropped',
    rule: 'a page after the first is a window over the one answer the search selects (provider 2.0.0, offset/limit; seed 001, search by name, country or ICA): a merchant search read with an offset past zero drops its criteria and pages over every merchant',
    source: 'provider',
    rules: ['IN-PAGE-KEEPS-QUERY', 'IN-PAGE-SLICE'],
  }),
  independent('independent-35', {
    id: 'i35-inst-mid-search-offset-as-page',
    rule: 'offset skips exactly that many items (provider 2.0.0, offset/limit): the MID search reads offset as a page number and skips offset times limit MIDs',
    source: 'provider',
    rules: ['IN-PAGE-SLICE'],
  }),
  independent('independent-36', {
    id: 'i36-inst-participation-batch-with-unknown-ica-all-error',
    rule: "each merchant's effectuation ends COMPLETED, or ERROR with INVALID_ACQUIRER_ICA for an acquirer ICA the service does not know (reference, Merchant participation status): in a request that also holds an unknown ICA every merchant, those of known acquirers too, ends ERROR INVALID_ACQUIRER_ICA",
    source: 'provider',
    rules: ['IN-STATE-EFFECTUATION', 'IN-STATE-INVALID-ICA'],
  }),
  independent('independent-36', {
    id: 'i36-inst-search-total-counts-every-merchant',
    rule: 'the Total header counts the items the query matches (reference, Paging: list responses carry Count, Offset, Limit, Total): a merchant search answers Total as the number of every merchant known, not of those its criteria found',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS', 'IN-PROP-FILTERED-TOTALS'],
  }),
  independent('independent-37', {
    id: 'i37-inst-participations-later-page-total-is-page-count',
    rule: 'list responses carry Count, Offset, Limit and Total, Total the size of the whole set (reference, Paging): on a page after the first, getMerchantParticipations gives in Total the number of items of that page',
    source: 'assumption',
    rules: ['IN-PAGE-HEADERS', 'IN-PROP-PAGING'],
  }),
  independent('independent-37', {
    id: 'i37-inst-merchant-search-ica-suffix-match',
    rule: "a merchant search by acquirerICA finds the merchants of that acquirer only (seed 001, POST /merchants/searches; provider 2.0.0 MerchantSearch): the criterion matched against the end of each merchant's ICA, so a shorter ICA finds another acquirer's merchants",
    source: 'seed',
    rules: ['IN-FILTER-ICA', 'IN-FILTER-RULE', 'IN-PROP-SEARCH-CRITERIA'],
  }),
  independent('independent-37', {
    id: 'i37-inst-mid-search-mids-of-first-submission',
    rule: 'the MID search answers the MIDs of the merchant as its latest completed participation gives them (seed 001, POST /merchants/mids/searches; reference, flows): a merchant submitted again with other MIDs is answered with the MIDs of its first submission',
    source: 'seed',
    rules: ['IN-ECHO-PARTICIPATION-LATEST', 'IN-FILTER-MID-MERCHANT', 'IN-PROP-LATEST-WRITE'],
  }),
  independent('independent-37', {
    id: 'i37-inst-participation-bad-ica-completed-before-error',
    rule: 'an effectuation with an unknown acquirer ICA ends in ERROR with INVALID_ACQUIRER_ICA, never COMPLETED (reference, Main fields: PENDING, COMPLETED, ERROR): once due it first reads COMPLETED (and is listed among completed merchants) and turns ERROR only a period later',
    source: 'assumption',
    rules: ['IN-STATE-INVALID-ICA', 'IN-FILTER-COMPLETED'],
  }),
  independent('independent-38', {
    id: 'i38-inst-by-request-limit-as-end-index',
    rule: 'limit is the page size and offset where the page starts (reference, Paging; provider 2.0.0 getMerchantParticipations): read by request_id with an offset, the page ends at the index named by limit, so a later page holds fewer merchants than asked or none',
    source: 'provider',
    rules: ['IN-PAGE-LIMIT', 'IN-PAGE-SLICE', 'IN-PROP-PAGING'],
  }),
  independent('independent-38', {
    id: 'i38-inst-search-count-header-is-limit',
    rule: 'the Count header gives the number of items in the page answered (reference, Paging: Count, Offset, Limit, Total): the merchant search answers Count equal to the limit asked, whatever the page holds',
    source: 'provider',
    rules: ['IN-PAGE-HEADERS', 'IN-PROP-PAGING'],
  }),
]);
