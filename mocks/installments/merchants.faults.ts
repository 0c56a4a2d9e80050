// Faults of merchant participations, merchant and MID search (merchants.ts's seams; limits and patterns through the contract), each
// breaking one rule of schemas/installments/rules.yaml. The suite's authors' faults first, then the blind ones (`origin: 'blind'`).
import { randomInt } from 'node:crypto';
import { assumption, blind, faultCatalogue, provider, schema, seeded, was } from '../kit/faults.js';
import { answerOf, fault, okBody, refuseAt, relaxed, skipAt, type Answering, type Changing } from './fault-builders.js';
import { invalidMembers } from './guard.js';
import type { Answer, Change, Exchange } from './seams.js';
import { addParticipation, type Participation } from './state.js';

const byRequest = (x: Exchange) => x.ok?.query.get('request_id') != null;
const offsetOf = (x: Exchange) => Number(x.ok?.query.get('offset') ?? 0);
const laterPage = (x: Exchange) => offsetOf(x) > 0;
/** Each merchant of a reader's 200 list bent where `when` holds. */
const eachMerchant = (
  op: Exchange['op'],
  bendIt: (m: Record<string, any>) => Record<string, any>,
  when: (x: Exchange) => boolean = () => true,
) =>
  okBody(
    op,
    (b) => b.map(bendIt),
    (b, x) => Array.isArray(b) && when(x),
  );
/** A header of a paged 200 answer of `op` set otherwise where `when` holds. */
const headerOf = (
  op: Exchange['op'],
  name: string,
  value: (a: Answer, x: Exchange) => string,
  when: (x: Exchange) => boolean = () => true,
): Answering =>
  answerOf(
    op,
    (a, x) => void (a.headers[name] = value(a, x)),
    (a, x) => a.status === 200 && name in a.headers && when(x),
  );
/** A participation's effectuation as read, changed where `to` gives one. */
const effectuated =
  (to: (e: NonNullable<Change['effectuation']>, x: Exchange, p: Participation) => Change['effectuation'] | undefined): Changing =>
  (x, c) => {
    const e = c.effectuation && c.participation ? to(c.effectuation, x, c.participation) : undefined;
    return e ? { ...c, effectuation: e } : c;
  };
/** How a search of `op` compares a merchant's value with a criterion, bent. */
const matching =
  (op: Exchange['op'], bendIt: (prev: NonNullable<Change['matches']>) => NonNullable<Change['matches']>): Changing =>
  (x, c) =>
    x.op === op && c.matches ? { ...c, matches: bendIt(c.matches) } : c;
/** The merchant a MID search names (its latest participation). */
const merchantOf = (x: Exchange) =>
  [...x.world.merchants.values()].find((q) =>
    (['merchantLegalName', 'countryCode', 'acquirerICA'] as const).every((k) => q.merchant[k] === x.sent?.[k]),
  );
/** The first participation submitted for the merchant of `p` (same name, country and acquirer). */
const firstSubmission = (x: Exchange, p: Participation): Participation =>
  x.world.participations.find((q) =>
    (['merchantLegalName', 'countryCode', 'acquirerICA'] as const).every((k) => q.merchant[k] === p.merchant[k]),
  ) ?? p;
/** The participations a reader of `op` reads, each merchant's first instead of its latest. */
const firstSubmissions =
  (op: Exchange['op']): Changing =>
  (x, c) =>
    x.op === op && c.participations && !c.participation ? { ...c, participations: c.participations.map((p) => firstSubmission(x, p)) } : c;
/** Some participation of the batch sent passing `ok`. */
const someItem = (x: Exchange, ok: (m: any) => boolean) => Array.isArray(x.sent) && x.sent.some(ok);

export const MERCHANTS_FAULTS = faultCatalogue([
  // Beside the mandatory members check (participations.flow.spec.ts): the group of an Australian merchant not answered.
  fault('in-echo-participation-mandatory-australia-group-dropped', {
    rule: 'IN-ECHO-PARTICIPATION-MANDATORY: getMerchantParticipations answers an Australian merchant without its merchantGroup',
    answer: okBody('getMerchantParticipations', (body) =>
      Array.isArray(body) ? body.map((m) => (m?.countryCode === 'AUS' ? { ...m, merchantGroup: undefined } : m)) : body,
    ),
    ...provider,
  }),
  // Beside the criteria forms check (merchants.criteria-forms.spec.ts): criteria composed (NFC) before they are compared.
  fault('in-prop-text-form-mid-search-criteria-composed', {
    rule: 'IN-PROP-TEXT-FORM: the MID search composes its criteria (NFC) before comparing them: a legal name sent decomposed (NFD) finds the merchant held composed',
    ...assumption,
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.criteria
        ? {
            ...c,
            criteria: Object.fromEntries(Object.entries(c.criteria).map(([k, v]) => [k, typeof v === 'string' ? v.normalize('NFC') : v])),
          }
        : c,
  }),
  // Beside the update check (invariants.latest-write.spec.ts): an opt-out that sticks, and an update taken as the whole merchant.
  fault('in-state-participation-update-opt-in-again-ignored', {
    rule: 'IN-STATE-PARTICIPATION-UPDATE: an update opting a merchant that had opted out back in (optIn N to Y) keeps it opted out',
    state: (x, c) =>
      x.op === 'postMerchantParticipations' && c.earlier?.optIn === 'N' && c.merchant?.optIn === 'Y'
        ? { ...c, merchant: { ...c.merchant, optIn: 'N' } }
        : c,
    ...provider,
  }),
  fault('participation-body-size-unbounded', {
    rule: 'IN-LIM-PARTICIPATION-BODY: a participation request of 700 KB or more is taken as any other',
    judge: skipAt('participation-body-size'),
    ...provider,
  }),
  fault('mids-replaced-not-added', {
    rule: "IN-STATE-MIDS-ADDED: a merchant submitted again keeps only the MIDs sent last: the MID search lists the latest participation's MIDs",
    state: (x, c) => (x.op === 'postMerchantMidSearches' && c.mids ? { ...c, mids: c.latestMids } : c),
    ...provider,
  }),
  // A MID page is a MID merchant's, which carries no maidType (a participation is MID or MAID based): the namesake abroad.
  fault('in-echo-participation-details-mid-search-non-negotiated-flag-flipped-abroad', {
    rule: "IN-ECHO-PARTICIPATION-DETAILS: the MID page answers the merchant's flags as submitted: for a merchant of a country other than the USA it answers nonMerchantNegotiatedParticipation flipped",
    ...seeded,
    answer: okBody('postMerchantMidSearches', (b, x) =>
      b.nonMerchantNegotiatedParticipation !== undefined && String(merchantOf(x)?.merchant.countryCode ?? 'USA').toUpperCase() !== 'USA'
        ? { ...b, nonMerchantNegotiatedParticipation: b.nonMerchantNegotiatedParticipation === 'Y' ? 'N' : 'Y' }
        : b,
    ),
    ...provider,
  }),
  // Seeded beside the later-page records and echoes of merchants.paging.spec.ts (origin 'seeded').
  fault('in-page-keeps-query-by-request-later-page-dba-names-dropped', {
    rule: "IN-PAGE-KEEPS-QUERY: getMerchantParticipations by request_id answers a page after the first without the merchants' dbaNames",
    ...seeded,
    answer: eachMerchant(
      'getMerchantParticipations',
      ({ dbaNames: _dropped, ...m }) => m,
      (x) => byRequest(x) && laterPage(x),
    ),
    ...provider,
  }),
  // Seeded beside the check of each ICA form on every reader (merchants.ica-forms.spec.ts; origin 'seeded').
  fault('in-echo-ica-forms-by-request-nine-digits-padded', {
    rule: 'IN-ECHO-ICA-FORMS: the by-request reader answers a nine-digit acquirer ICA padded with zeros to the longest form',
    ...seeded,
    answer: eachMerchant(
      'getMerchantParticipations',
      (m) => (String(m.acquirerICA).length === 9 ? { ...m, acquirerICA: `00${m.acquirerICA}` } : m),
      byRequest,
    ),
    ...provider,
  }),
  // Not the countryCode pattern alone: a value off it is no ISO 3166 alpha-3 code, refused by the format with the same status,
  // ReasonCode and Details (provider 2.0.0: countryCode an ISO 3166 alpha 3 code); only the unpinned Description would differ.
  ...relaxed([
    ['acquirerIca-pattern-unenforced', 'acquirerICA pattern (its digit counts)', 'AcquirerIca', ['pattern'], ['IN-PAT-ICA']],
    ['merchantGroup-pattern-unenforced', 'merchantGroup pattern', 'MerchantGroup', ['pattern'], ['IN-PAT-MERCHANTGROUP']],
    ['maidType-enum-unenforced', 'maidType GRP|EXT', 'MaidType', ['enum'], ['IN-ENUM-MAIDTYPE']],
    ['yesNo-enum-unenforced', 'optIn / nonMerchantNegotiatedParticipation Y|N', 'YesNo', ['pattern', 'maxLength'], ['IN-ENUM-YESNO']],
    ['wallets-max-3-unenforced', 'wallets maxItems', 'Wallets', ['maxItems'], ['IN-LIM-WALLETS']],
    ['mids-max-5000-unenforced', 'mids maxItems', 'MerchantParticipation.mids', ['maxItems'], ['IN-LIM-MIDS']],
  ]),
  fault('participation-ica-not-required', {
    rule: 'acquirerICA required in a participation',
    rules: ['IN-REQ-PARTICIPATION'],
    relax: schema('MerchantParticipation', { unrequire: ['acquirerICA'] }),
    ...assumption,
  }),
  // provider 2.0.0 states it in prose only: the rule lives in the mock's handler, so does its fault.
  fault('in-req-search-empty-accepted', {
    rule: 'merchant search needs one of its criteria',
    rules: ['IN-REQ-SEARCH'],
    ...assumption,
    judge: skipAt('search-criteria'),
  }),
  fault('mid-search-ica-not-required', {
    rule: 'MID search: acquirerICA required',
    rules: ['IN-REQ-MIDSEARCH'],
    relax: schema('MidSearchRequest', { unrequire: ['acquirerICA'] }),
    ...assumption,
  }),
  fault('in-state-effectuation-stuck-pending', {
    rule: 'an effectuation leaves PENDING',
    rules: ['IN-STATE-EFFECTUATION'],
    ...assumption,
    state: effectuated(() => ({ status: 'PENDING' })),
  }),
  fault('in-filter-name-search-criteria-ignored', {
    rule: 'merchant search filters by its criteria',
    rules: ['IN-FILTER-NAME', 'IN-FILTER-COUNTRY', 'IN-FILTER-ICA', 'IN-FILTER-STATUS', 'IN-FILTER-MAID'],
    ...assumption,
    state: (x, c) => (x.op === 'postMerchantSearches' && c.criteria ? { ...c, criteria: {} } : c),
  }),
  fault('in-filter-mid-merchant-search-ignores-country', {
    rule: 'IN-FILTER-MID-MERCHANT: the merchant is named by name, country and ICA',
    ...was('mid-search-ignores-country'),
    state: matching('postMerchantMidSearches', (prev) => (k, v, c) => k === 'countryCode' || prev(k, v, c)),
  }),
  fault('in-filter-mid-status-ignored', {
    rule: 'IN-FILTER-MID-STATUS: the status criterion of a MID search',
    state: (x, c) => (x.op === 'postMerchantMidSearches' && c.criteria ? { ...c, criteria: { ...c.criteria, status: undefined } } : c),
    ...provider,
  }),
  fault('in-filter-completed-error-listed', {
    rule: 'IN-FILTER-COMPLETED: a failed effectuation is not listed',
    rules: ['IN-STATE-INVALID-ICA'],
    state: (_x, c) => (c.statuses ? { ...c, statuses: [...c.statuses, 'ERROR'] } : c),
  }),
  // Written blind. Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  fault('in-lim-participations-31-accepted', {
    rule: 'merchant participations per request at most maxItems (provider; reference Main fields): one more accepted',
    rules: ['IN-LIM-PARTICIPATIONS'],
    relax: schema('MerchantParticipationRequest', { set: { maxItems: 31 } }),
    ...blind,
    ...provider,
  }),
  fault('in-echo-participation-ica-leading-zeros-dropped', {
    rule: 'a merchant read back carries its acquirer ICA as submitted (seed 001, Endpoints; reference): the completed-merchants list (no request_id) answers the ICA as a number, leading zeros dropped',
    rules: ['IN-ECHO-PARTICIPATION'],
    ...assumption,
    answer: eachMerchant(
      'getMerchantParticipations',
      (m) => ({ ...m, acquirerICA: String(Number(m.acquirerICA)) }),
      (x) => !byRequest(x),
    ),
  }),
  fault('in-page-headers-search-total-unfiltered', {
    rule: 'the Total header is the size of the data set the page is cut from (provider 2.0.0, Total): a merchant search answers the number of every merchant, not of those matching',
    rules: ['IN-PAGE-HEADERS', 'IN-PROP-FILTERED-TOTALS'],
    answer: headerOf('postMerchantSearches', 'total', (_a, x) => String(x.world.merchants.size)),
    ...provider,
  }),
  // Seeded beside the exact-lookup check of request_id (tests/installments/participations.flow.spec.ts).
  fault('in-status-unknown-request-id-prefix-match', {
    rule: "IN-STATUS-UNKNOWN-REQUEST: an unknown request_id one digit longer or shorter than a request's (one starts with the other) answers that request's merchants",
    rules: ['IN-FILTER-REQUEST-ID'],
    ...assumption,
    ...seeded,
    judge: (x, s, r) => {
      const id = s === 'participations-request' && r ? x.ok!.query.get('request_id')! : undefined;
      const key = id && [...x.world.participationsByRequest.keys()].find((k) => k !== id && (k.startsWith(id) || id.startsWith(k)));
      if (!key) return r;
      x.participations = x.world.participationsByRequest.get(key);
      return undefined;
    },
  }),
  // Seeded beside the check of ICAs compared as text (tests/installments/merchants.ica-forms.spec.ts).
  fault('in-filter-ica-text-mid-search-ica-as-number', {
    rule: "IN-FILTER-ICA-TEXT: a MID search compares the acquirer ICA as a number, so a merchant's ICA padded with zeros to another admitted length finds the merchant and its MIDs",
    ...seeded,
    ...was('mid-search-ica-as-number'),
    state: matching('postMerchantMidSearches', (prev) => (k, v, c) => (k === 'acquirerICA' && Number(v) === Number(c)) || prev(k, v, c)),
    ...provider,
  }),
  fault('in-filter-mid-merchant-search-ignores-ica', {
    rule: "IN-FILTER-MID-MERCHANT: a MID search finds the merchant by legal name and country alone, so another acquirer's merchant of that name answers its MIDs",
    ...seeded,
    state: matching('postMerchantMidSearches', (prev) => (k, v, c) => k === 'acquirerICA' || prev(k, v, c)),
  }),
  // Seeded beside every length limit tried at its longest with multi-byte characters (origin 'seeded').
  fault('in-lim-legalname-participation-legal-name-limit-in-bytes', {
    rule: 'IN-LIM-LEGALNAME: merchantLegalName is limited in characters (provider 2.0.0 MerchantLegalName maxLength): the limit counted in UTF-8 bytes, so a name of accented characters at the limit is refused',
    ...seeded,
    judge: refuseAt(
      'participation-members',
      (x) => someItem(x, (m) => Buffer.byteLength(String(m?.merchantLegalName ?? '')) > 300),
      () => invalidMembers([{ field: 'merchantLegalName', keyword: 'maxLength', message: 'merchantLegalName is too long' }]),
    ),
    ...provider,
  }),
  // Seeded beside the check of every search criterion in another form (merchants.criteria-forms.spec.ts; origin 'seeded').
  fault('in-lookup-exact-participation-ica-known-by-head', {
    rule: 'IN-LOOKUP-EXACT: an acquirer ICA the service does not know ends the participation in ERROR (reference, Main fields); an ICA differing from a known one only in its last digit is taken as that acquirer, and the participation completes',
    rules: ['IN-STATE-INVALID-ICA'],
    ...assumption,
    ...seeded,
    state: effectuated((e, x, p) =>
      e.status === 'ERROR' &&
      x.world.acquirerIcas.some(
        (ica) => ica.length === String(p.merchant.acquirerICA).length && ica.slice(0, -1) === String(p.merchant.acquirerICA).slice(0, -1),
      )
        ? { status: 'COMPLETED' }
        : undefined,
    ),
  }),
  fault('in-filter-whole-search-maid-case-folded', {
    rule: 'IN-FILTER-WHOLE: a maid criterion is compared whole (provider 2.0.0, MerchantSearchParameters.maid); the merchant search matches it without case, so a maid with its case swapped finds the merchant',
    rules: ['IN-FILTER-MAID'],
    ...seeded,
    state: matching(
      'postMerchantSearches',
      (prev) => (k, v, c) => (k === 'maid' && String(v ?? '').toLowerCase() === String(c).toLowerCase()) || prev(k, v, c),
    ),
    ...provider,
  }),
  fault('in-echo-participation-latest-completed-list-shows-first-participation', {
    rule: 'a merchant submitted again is read back with the details submitted last (seed 001, Endpoints: merchants with participation details whose effectuation request is completed): the completed list answers a re-submitted merchant with the details of its first submission',
    rules: ['IN-ECHO-PARTICIPATION-LATEST', 'IN-PROP-READERS-AGREE'],
    ...assumption,
    ...seeded,
    state: firstSubmissions('getMerchantParticipations'),
  }),
  fault('in-echo-participation-details-search-maid-type-lowercased', {
    rule: 'maidType is GRP or EXT, case kept, and every detail a reader answers is the one submitted (provider 2.0.0 Merchant.maidType): the merchant search answers maidType in lower case',
    rules: ['IN-ECHO-PARTICIPATION-DETAILS', 'IN-ENUM-MAIDTYPE'],
    answer: eachMerchant('postMerchantSearches', (m) =>
      typeof m.maidType === 'string' ? { ...m, maidType: m.maidType.toLowerCase() } : m,
    ),
    ...provider,
  }),
  fault('in-page-headers-by-request-total-is-page-count', {
    rule: 'the Total header of a paged list is the size of the whole result, Count that of the page (reference, Paging): read by request_id, Total gives the size of the page answered',
    rules: ['IN-PAGE-HEADERS', 'IN-DERIVED-VIEW'],
    ...assumption,
    answer: headerOf('getMerchantParticipations', 'total', (a) => String(a.body.length), byRequest),
  }),
  fault('in-status-participation-location-next-request-id', {
    rule: 'a participation submission is answered 202 with a Location naming its request id (reference, Operations: postMerchantParticipations 202 with Location): the Location names the id one above the one the merchants were filed under, so fetching it finds none',
    rules: ['IN-STATUS-PARTICIPATION', 'IN-FILTER-REQUEST-ID'],
    answer: answerOf(
      'postMerchantParticipations',
      (a) => void (a.headers.location = a.headers.location.replace(/[0-9]+$/, (id) => String(Number(id) + 1))),
      (a) => a.status === 202 && a.headers.location !== undefined,
    ),
    ...provider,
  }),
  fault('in-filter-mid-search-mid-matched-by-suffix', {
    rule: 'the mid criterion of a MID search answers that MID only (reference, Main fields - MID search): every MID of the merchant ending with the criterion is answered',
    rules: ['IN-FILTER-MID', 'IN-FILTER-RULE'],
    state: matching(
      'postMerchantMidSearches',
      (prev) => (k, v, c) => (k === 'mid' && typeof c === 'string' && c !== '' && String(v).endsWith(c)) || prev(k, v, c),
    ),
    ...provider,
  }),
  fault('in-filter-mid-search-mid-ignored-with-status', {
    rule: 'the mid criterion of a MID search answers that MID only (provider 2.0.0, MerchantMidSearchParameters.mid): when a status criterion is also given the mid criterion is dropped and every MID in that status is answered',
    rules: ['IN-FILTER-MID', 'IN-FILTER-WHOLE'],
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.criteria?.status !== undefined ? { ...c, criteria: { ...c.criteria, mid: undefined } } : c,
    ...provider,
  }),
  fault('in-prop-refused-no-trace-participations-batch-partly-recorded', {
    rule: 'a refused request leaves no trace (reference, Operations: postMerchantParticipations 400): a participations batch refused 400 still records its merchants of a known acquirer ICA, later listed and searched',
    rules: ['IN-PROP-REFUSED-NO-TRACE', 'IN-LIM-PARTICIPATIONS'],
    ...assumption,
    state: (x, c) => {
      if (x.op !== 'postMerchantParticipations' || x.refused !== 400) return c;
      const requestId = String(randomInt(1, 2 ** 40) * 1000);
      for (const m of Array.isArray(x.sent) ? x.sent : [])
        if (typeof m?.merchantLegalName === 'string' && x.world.acquirerIcas.includes(m?.acquirerICA))
          addParticipation(x.world, { requestId, merchant: m, submittedAtMs: x.now });
      return c;
    },
  }),
  fault('in-lim-wallets-participation-three-wallets-refused', {
    rule: 'a merchant holds at most its wallets maxItems (reference, Main fields, Merchant participation): a merchant carrying exactly that many wallets is refused 400',
    rules: ['IN-LIM-WALLETS'],
    judge: refuseAt(
      'participation-members',
      (x) => someItem(x, (m) => Array.isArray(m?.wallets) && m.wallets.length === 3),
      () => invalidMembers([{ field: 'wallets', keyword: 'maxItems', message: 'wallets has too many items' }]),
    ),
    ...provider,
  }),
  fault('in-filter-ica-merchant-search-ica-suffix-match', {
    rule: "a merchant search by acquirerICA finds the merchants of that acquirer only (seed 001, POST /merchants/searches; provider 2.0.0 MerchantSearch): the criterion matched against the end of each merchant's ICA, so a shorter ICA finds another acquirer's merchants",
    rules: ['IN-FILTER-ICA', 'IN-FILTER-RULE', 'IN-PROP-SEARCH-CRITERIA'],
    state: matching('postMerchantSearches', (prev) => (k, v, c) => (k === 'acquirerICA' ? String(v).endsWith(String(c)) : prev(k, v, c))),
  }),
  fault('in-echo-participation-latest-mid-search-mids-of-first-submission', {
    rule: 'the MID search answers the MIDs of the merchant as its latest completed participation gives them (seed 001, POST /merchants/mids/searches; reference, flows): a merchant submitted again with other MIDs is answered with the MIDs of its first submission',
    rules: ['IN-ECHO-PARTICIPATION-LATEST', 'IN-FILTER-MID-MERCHANT', 'IN-PROP-LATEST-WRITE'],
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.mids && merchantOf(x) ? { ...c, mids: firstSubmission(x, merchantOf(x)!).merchant.mids } : c,
  }),
]);
