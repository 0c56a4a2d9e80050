// Merchant participations (POST/GET /merchants/participations), merchant search
// (POST /merchants/searches) and MID search (POST /merchants/mids/searches): reference,
// Main fields - Merchant participation and search; Flows - lender app.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../kit/context.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError, sendRefusal } from './errors.js';
import { page, type Guard } from './guard.js';
import { exchangeOf, type InstallmentsSeams } from './seams.js';
import { addParticipation, FIXED, merchantCandidates, merchantKey, type InstallmentsState, type Participation } from './state.js';

/** Virtual seconds an effectuation stays PENDING (the mock's choice; the reference gives none). */
export const EFFECTUATION_SECONDS = 60;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
/**
 * ISO 3166 alpha-3 codes of the countries whose addresses carry no postal code: the mock's list (provider 2.0.0,
 * Address.postalCode, wants one "if the country has a postal code" and names none).
 */
const NO_POSTAL_CODES = new Set(
  'AGO ATG ABW BHS BLZ BEN BOL BWA BFA BDI CMR CAF TCD COM COG COD CIV COK CUW DJI DMA GNQ ERI FJI ATF GAB GMB GHA GRD GUY HKG KIR PRK MAC MWI MLI MRT NRU NIU QAT RWA KNA LCA STP SYC SLE SXM SLB SUR SYR TLS TGO TKL TON TTO TUV UGA ARE VUT YEM ZWE'.split(
    ' ',
  ),
);

/** A participation's market (provider 2.0.0, postMerchantParticipations' table): MAID (it names a maid), Australia MID or MID. */
const marketOf = (m: Record<string, any>) =>
  m.maid !== undefined ? 'MAID' : String(m.countryCode ?? '').toUpperCase() === 'AUS' ? 'AUS' : 'MID';

/**
 * The members a participation adding a merchant lacks (provider 2.0.0, postMerchantParticipations "Mandatory In Add
 * Operation": dbaNames, the MID markets' mids, the Australia MID market's merchantGroup; Address.city "mandatory when
 * adding a merchant"; Address.postalCode for a MID merchant "if the country has a postal code").
 */
function addedMissing(m: Record<string, any>): string[] {
  const market = marketOf(m);
  return [
    ...(m.dbaNames === undefined ? ['dbaNames'] : []),
    ...(market !== 'MAID' && m.mids === undefined ? ['mids'] : []),
    ...(m.address?.city === undefined ? ['address.city'] : []),
    ...(market !== 'MAID' && m.address?.postalCode === undefined && !NO_POSTAL_CODES.has(String(m.countryCode).toUpperCase())
      ? ['address.postalCode']
      : []),
    ...(market === 'AUS' && m.merchantGroup === undefined ? ['merchantGroup'] : []),
  ];
}

/**
 * optIn, mandatory when adding and when updating in every market (provider 2.0.0, its table); in the MID market
 * nonMerchantNegotiatedParticipation stands for it for "previously onboarded customers", which the mock takes its
 * partners to be.
 */
const optedMissing = (m: Record<string, any>): string[] =>
  m.optIn === undefined && !(marketOf(m) === 'MID' && m.nonMerchantNegotiatedParticipation !== undefined) ? ['optIn'] : [];

/** The criteria of a merchant search (provider 2.0.0, MerchantSearchParameters). */
const SEARCH_CRITERIA = ['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'] as const;

export function registerMerchants(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
  contract: Contract,
) {
  const { faults, clock } = ctx;
  /** provider 2.0.0, postMerchantParticipations: the whole payload stays under 700 KB (x-limits participationBodyBytes). */
  const BODY_BYTES = limitOf(contract, 'participationBodyBytes');
  const seams = faults.seams<InstallmentsSeams>();

  const state = (p: Participation): { status: string; errorReason?: string } => {
    const due = clock.nowMs() - p.submittedAtMs >= EFFECTUATION_SECONDS * 1000;
    if (!due || faults.has('participation-stuck-pending')) return { status: 'PENDING' };
    // An acquirer ICA the service does not know ends the effectuation in ERROR (reference).
    // in-lookup-exact-participation-ica-known-by-head: an acquirer ICA known by all but its last digit.
    const knownByHead =
      faults.has('in-lookup-exact-participation-ica-known-by-head') &&
      world.acquirerIcas.some(
        (ica) => ica.length === String(p.merchant.acquirerICA).length && ica.slice(0, -1) === String(p.merchant.acquirerICA).slice(0, -1),
      );
    if (world.acquirerIcas.includes(p.merchant.acquirerICA) || knownByHead || faults.has('invalid-ica-completes'))
      return { status: 'COMPLETED' };
    // in-state-invalid-ica-participation-bad-ica-completed-before-error: an unknown acquirer ICA first reads COMPLETED, turning ERROR only a period later (the ICA checked by a second batch).
    if (
      faults.has('in-state-invalid-ica-participation-bad-ica-completed-before-error') &&
      clock.nowMs() - p.submittedAtMs < 2 * EFFECTUATION_SECONDS * 1000
    )
      return { status: 'COMPLETED' };
    return { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
  };
  // provider 2.0.0 Merchant: a MAID merchant's maid is answered in maids (the answered Merchant has no maid member).
  const view = (p: Participation): Record<string, any> => ({
    ...p.merchant,
    ...(p.merchant.maid !== undefined ? { maids: [p.merchant.maid] } : {}),
    ...state(p),
  });
  /** The latest participation of each merchant (name, country, acquirer), kept by state.ts. */
  const latest = () => [...world.merchants.values()];
  /**
   * provider 2.0.0, postMerchantParticipations: the MIDs sent for a merchant that exists are added to those it has: the MIDs
   * of every participation of the merchant of `p` (name, country and acquirer), the earliest first, each once.
   */
  const midsOf = (p: Participation): string[] => [
    ...new Set(world.participations.filter((q) => merchantKey(q) === merchantKey(p)).flatMap((q) => q.merchant.mids ?? [])),
  ];
  /** The first participation submitted for the merchant of `p` (same name, country and acquirer): read by faults only. */
  const firstSubmissionOf = (p: Participation): Participation =>
    world.participations.find(
      (q) =>
        q.merchant.merchantLegalName === p.merchant.merchantLegalName &&
        q.merchant.countryCode === p.merchant.countryCode &&
        q.merchant.acquirerICA === p.merchant.acquirerICA,
    ) ?? p;
  /** in-filter-name-search-answers-cached: the answers kept per criteria (read only while that fault is on). */
  const searchCache = new Map<string, Record<string, any>[]>();

  app.post(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantParticipations');
    const oversize = seams.judge(
      exchangeOf(req, world, () => clock.nowMs()),
      'participation-body-size',
      ok && typeof req.body === 'string' && Buffer.byteLength(req.body) >= BODY_BYTES
        ? { status: 400, reasonCode: 'invalid.request.parameter', description: 'The request body is over 700 KB.' }
        : undefined,
    );
    if (oversize) return sendRefusal(reply, oversize);
    // in-prop-refused-no-trace-participations-batch-partly-recorded: a refused batch still records its members of a known acquirer ICA.
    if (!ok && faults.has('in-prop-refused-no-trace-participations-batch-partly-recorded') && reply.statusCode === 400) {
      const sent = (() => {
        try {
          return JSON.parse(String(req.body)) as unknown;
        } catch {
          return undefined;
        }
      })();
      const requestId = String(randomInt(1, 2 ** 40) * 1000);
      for (const m of Array.isArray(sent) ? sent : [])
        if (typeof m?.merchantLegalName === 'string' && world.acquirerIcas.includes(m?.acquirerICA))
          addParticipation(world, { requestId, merchant: m, submittedAtMs: clock.nowMs() });
    }
    if (!ok) return reply;
    // in-lim-wallets-participation-three-wallets-refused: a merchant with as many wallets as wallets' maxItems refused.
    if (
      faults.has('in-lim-wallets-participation-three-wallets-refused') &&
      Array.isArray(ok.body) &&
      ok.body.some((m: Record<string, any>) => Array.isArray(m?.wallets) && m.wallets.length === 3)
    )
      return invalidRequest(reply, [{ field: 'wallets', keyword: 'maxItems', message: 'wallets has too many items' }]);
    // in-lim-legalname-participation-legal-name-limit-in-bytes: merchantLegalName's limit counted in UTF-8 bytes, not characters.
    if (
      faults.has('in-lim-legalname-participation-legal-name-limit-in-bytes') &&
      Array.isArray(ok.body) &&
      ok.body.some((m: Record<string, any>) => Buffer.byteLength(String(m?.merchantLegalName ?? '')) > 300)
    )
      return invalidRequest(reply, [{ field: 'merchantLegalName', keyword: 'maxLength', message: 'merchantLegalName is too long' }]);
    // provider 2.0.0 postMerchantParticipations: what a participation must carry (its table of the fields mandatory
    // when adding and when updating a merchant; Address.city and postalCode), and what it may not change (a MAID is
    // immutable once entered; duns null, empty or the value held), each refused 400 as BadRequestError's examples.
    // A merchant is named by its legal name, country and acquirer ICA ("a unique MAID-based merchant is identified by" the
    // three; the same text later names a MAID merchant by its legal name and country alone: the first reading is taken).
    for (const [i, merchant] of (ok.body as Record<string, any>[]).entries()) {
      const fixed = world.fixed.get(merchantKey({ merchant }));
      const changed = FIXED.find((k) => present(merchant[k]) && present(fixed?.[k]) && merchant[k] !== fixed?.[k]);
      if (changed)
        return sendError(
          reply,
          400,
          'invalid.request.body.parameter',
          "Value doesn't exist / doesn't meet specified range",
          `${i}.${changed}`,
        );
      const missing = (fixed ? [] : addedMissing(merchant)).concat(optedMissing(merchant));
      if (missing.length)
        return sendError(
          reply,
          400,
          'invalid.request.body.parameter',
          'One or more of the required fields are missing',
          `${i}.${missing[0]}`,
        );
    }
    const requestId = String(randomInt(1, 2 ** 40) * 1000 + (world.participations.length % 1000));
    // An update names the members it changes (provider 2.0.0 postMerchantParticipations: its table makes only the identity and
    // optIn mandatory in an update); a member it leaves out keeps the merchant's value (@assumption, reference/installments.md).
    for (const submitted of ok.body as Record<string, any>[]) {
      const earlier = world.merchants.get(merchantKey({ merchant: submitted }))?.merchant;
      const { merchant } = seams.state(
        exchangeOf(req, world, () => clock.nowMs()),
        { merchant: { ...earlier, ...submitted }, earlier },
      );
      addParticipation(world, { requestId, merchant: merchant!, submittedAtMs: clock.nowMs() });
    }
    // provider 2.0.0, Location example: `merchants/participations?request_id=<id>`.
    if (faults.has('in-status-participation-location-next-request-id'))
      reply.header('Location', `merchants/participations?request_id=${String(Number(requestId) + 1)}`);
    else reply.header('Location', `merchants/participations?request_id=${requestId}`);
    return reply.code(202).send();
  });

  app.get(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'getMerchantParticipations');
    if (!ok) return reply;
    const requestId = ok.query.get('request_id');
    let items: Record<string, any>[];
    if (requestId !== null) {
      // Fault: with a known request_id, every participation is answered.
      // in-status-unknown-request-id-prefix-match: an unknown id found by prefix, either way.
      const byPrefix = () =>
        [...world.participationsByRequest.keys()].find((k) => k !== requestId && (k.startsWith(requestId) || requestId.startsWith(k)));
      const prefixed =
        faults.has('in-status-unknown-request-id-prefix-match') && !world.participationsByRequest.has(requestId) ? byPrefix() : undefined;
      const known = world.participationsByRequest.get(prefixed ?? requestId) ?? [];
      const mine = known;
      if (mine.length === 0) return sendError(reply, 404, 'NOT_FOUND', 'No participation request with this request_id.', 'request_id');
      items = mine.map(view);
      if (faults.has('in-state-effectuation-by-request-pending-shown-completed'))
        items = items.map((m) => (m.status === 'PENDING' ? { ...m, status: 'COMPLETED' } : m));
      // in-echo-participation-details-by-request-maid-type-ext-as-grp: read by request_id, maidType EXT answered GRP.
      if (faults.has('in-echo-participation-details-by-request-maid-type-ext-as-grp'))
        items = items.map((m) => (m.maidType === 'EXT' ? { ...m, maidType: 'GRP' } : m));
      // by-request-ica-middle-form-padded: a nine-digit ICA answered padded with zeros to eleven.
      if (faults.has('by-request-ica-middle-form-padded'))
        items = items.map((m) => (String(m.acquirerICA).length === 9 ? { ...m, acquirerICA: `00${m.acquirerICA}` } : m));
    } else {
      // seed 001: merchants "whose effectuation request is completed".
      items = latest()
        // in-echo-participation-latest-completed-list-shows-first-participation: the list reads a merchant's first participation, not its latest.
        .map((p) => (faults.has('in-echo-participation-latest-completed-list-shows-first-participation') ? firstSubmissionOf(p) : p))
        .map(view)
        .filter((m) => m.status === 'COMPLETED' || (faults.has('error-listed-as-completed') && m.status === 'ERROR'));
      if (faults.has('in-echo-participation-ica-leading-zeros-dropped'))
        items = items.map((m) => ({ ...m, acquirerICA: String(Number(m.acquirerICA)) }));
    }
    // in-page-offset-by-request-offset-past-end-404: read by request_id, an offset past the last participation answered 404.
    if (
      faults.has('in-page-offset-by-request-offset-past-end-404') &&
      requestId !== null &&
      Number(ok.query.get('offset') ?? 0) >= items.length
    )
      return sendError(reply, 404, 'NOT_FOUND', 'No participation request with this request_id.', 'request_id');
    let listed = page(items, ok.query, reply, faults, ok.defaultLimit!);
    // in-page-limit-by-request-limit-as-end-index: read by request_id, the limit taken as the index the page ends at, not its size.
    if (faults.has('in-page-limit-by-request-limit-as-end-index') && requestId !== null && ok.query.get('limit') !== null)
      listed = items.slice(Number(ok.query.get('offset') ?? 0), Number(ok.query.get('limit')));
    // in-page-keeps-query-by-request-later-page-dba-names-dropped: a later page by request_id drops the dba names.
    const dropDbaNames = requestId !== null ? faults.has('in-page-keeps-query-by-request-later-page-dba-names-dropped') : false;
    if (dropDbaNames && Number(ok.query.get('offset') ?? 0) > 0) listed = listed.map(({ dbaNames: _dropped, ...m }) => m);
    // in-page-headers-by-request-total-is-page-count: read by request_id, Total gives the page's size, not the request's.
    if (requestId !== null && faults.has('in-page-headers-by-request-total-is-page-count')) reply.header('Total', String(listed.length));
    // in-page-headers-completed-list-limit-header-only-when-asked: the completed list answers no Limit header when no limit was asked.
    if (requestId === null && faults.has('in-page-headers-completed-list-limit-header-only-when-asked') && ok.query.get('limit') === null)
      reply.removeHeader('Limit');
    // in-echo-participation-details-completed-list-website-lowercased: the completed list answers each merchant's websiteUrl in lower case.
    if (requestId === null && faults.has('in-echo-participation-details-completed-list-website-lowercased'))
      listed = listed.map((m) => (typeof m.websiteUrl === 'string' ? { ...m, websiteUrl: m.websiteUrl.toLowerCase() } : m));
    return reply.code(200).send(listed);
  });

  app.post(`${prefix}/merchants/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantSearches');
    if (!ok) return reply;
    const c = ok.body as Record<string, string>;
    // provider 2.0.0, postMerchantSearches: "at least one parameter is required" (prose, no schema rule).
    if (!SEARCH_CRITERIA.some((key) => c[key] !== undefined) && !faults.has('merchant-search-empty-accepted')) {
      return invalidRequest(reply, [{ field: 'body', keyword: 'required', message: `give at least one of ${SEARCH_CRITERIA.join(', ')}` }]);
    }
    // provider 2.0.0, MerchantSearch: the participation status is `status`; the criterion is merchantParticipationStatus.
    // The criteria the faults leave in force narrow the merchants through the indexes of state.ts.
    const ignored = faults.has('search-ignores-criteria');
    const nameCut = (n: string) => n;
    const name = ignored || c.merchantLegalName === undefined ? undefined : nameCut(c.merchantLegalName).toLowerCase();
    let found = merchantCandidates(world, {
      merchantLegalName: ignored || c.merchantLegalName === undefined ? undefined : nameCut(c.merchantLegalName),
      acquirerICA:
        ignored ||
        faults.has('in-filter-ica-search-ica-prefix-match') ||
        faults.has('in-filter-ica-merchant-search-ica-first-six') ||
        faults.has('in-filter-ica-merchant-search-ica-suffix-match')
          ? undefined
          : c.acquirerICA,
      countryCode: ignored ? undefined : c.countryCode,
    })
      // The name is the merchant's as submitted (the view adds only its state): checked before the view is built.
      .filter((p) => name === undefined || p.merchant.merchantLegalName.toLowerCase().includes(name))
      // in-echo-participation-details-search-shows-first-participation: the search reads a merchant's first participation, not its latest.
      .map((p) => (faults.has('in-echo-participation-details-search-shows-first-participation') ? firstSubmissionOf(p) : p))
      .map(view)
      .filter((m) => {
        // The legal name was judged before the view was built (above).
        if (faults.has('search-ignores-criteria')) return true;
        if (c.merchantParticipationStatus !== undefined && m.status !== c.merchantParticipationStatus) return false;
        for (const key of ['acquirerICA', 'countryCode', 'maid'] as const) {
          // in-filter-ica-merchant-search-ica-suffix-match: the acquirer ICA criterion matched against the end of the merchant's ICA.
          if (key === 'acquirerICA' && faults.has('in-filter-ica-merchant-search-ica-suffix-match') && c.acquirerICA !== undefined) {
            if (!String(m.acquirerICA).endsWith(String(c.acquirerICA))) return false;
            continue;
          }
          // in-filter-ica-search-ica-prefix-match: an acquirer ICA criterion matches every ICA that starts with it.
          if (key === 'acquirerICA' && faults.has('in-filter-ica-search-ica-prefix-match') && c[key] !== undefined) {
            if (!String(m[key]).startsWith(c[key])) return false;
            continue;
          }
          // in-filter-ica-merchant-search-ica-first-six: the ICA criterion compared on its first six digits.
          if (key === 'acquirerICA' && faults.has('in-filter-ica-merchant-search-ica-first-six') && c[key] !== undefined) {
            if (String(m[key]).slice(0, 6) !== String(c[key]).slice(0, 6)) return false;
            continue;
          }
          // in-filter-whole-search-maid-case-folded: the maid compared without case.
          const maidFolded =
            key === 'maid' &&
            faults.has('in-filter-whole-search-maid-case-folded') &&
            String(m.maid ?? '').toLowerCase() === String(c.maid).toLowerCase();
          if (c[key] !== undefined && m[key] !== c[key] && !maidFolded) return false;
        }
        return true;
      });
    // search-ica-longest-cut-to-six: an eleven-digit ICA answered cut to its first six digits.
    // in-state-invalid-ica-search-error-reason-dropped: the search answers ERROR without its reason.
    if (faults.has('in-state-invalid-ica-search-error-reason-dropped'))
      found = found.map((m) => (m.status === 'ERROR' ? { ...m, errorReason: undefined } : m));
    // in-echo-participation-details-search-maid-type-lowercased: the search answers maidType in lower case.
    if (faults.has('in-echo-participation-details-search-maid-type-lowercased'))
      found = found.map((m) => (typeof m.maidType === 'string' ? { ...m, maidType: m.maidType.toLowerCase() } : m));
    if (faults.has('search-ica-longest-cut-to-six'))
      found = found.map((m) => (String(m.acquirerICA).length === 11 ? { ...m, acquirerICA: String(m.acquirerICA).slice(0, 6) } : m));
    // Fault: the first answer to these criteria is kept and served again (one search cannot tell).
    const cacheKey = JSON.stringify(c);
    if (faults.has('in-filter-name-search-answers-cached') && !searchCache.has(cacheKey)) searchCache.set(cacheKey, found);
    const shown = page(
      faults.has('in-filter-name-search-answers-cached') ? searchCache.get(cacheKey)! : found,
      ok.query,
      reply,
      faults,
      ok.defaultLimit!,
    );
    // in-page-headers-search-count-header-is-limit: the merchant search's Count header names the limit asked, not the merchants of the page.
    if (faults.has('in-page-headers-search-count-header-is-limit') && ok.query.get('limit') !== null)
      reply.header('Count', ok.query.get('limit')!);
    // in-page-headers-search-total-counts-every-merchant: the search's Total header counts every merchant known.
    if (faults.has('in-page-headers-search-total-counts-every-merchant')) reply.header('Total', String(latest().length));
    if (faults.has('in-page-headers-search-total-unfiltered')) reply.header('Total', String(latest().length));
    // search-total-remaining-after-offset: Total counts the merchants left from the offset, not the set.
    if (faults.has('search-total-remaining-after-offset'))
      reply.header('Total', String(Math.max(0, found.length - Number(ok.query.get('offset') ?? 0))));
    // in-page-slice-merchant-search-page-one-extra: the page sliced with an inclusive end.
    if (faults.has('in-page-slice-merchant-search-page-one-extra')) {
      const from = Number(ok.query.get('offset') ?? 0);
      return reply.code(200).send(found.slice(from, from + Number(ok.query.get('limit') ?? ok.defaultLimit!) + 1));
    }
    // in-page-keeps-query-merchant-search-later-page-address-dropped: a later page of the search drops the address.
    if (faults.has('in-page-keeps-query-merchant-search-later-page-address-dropped') && Number(ok.query.get('offset') ?? 0) > 0)
      return reply.code(200).send(shown.map(({ address: _dropped, ...m }) => m));
    return reply.code(200).send(shown);
  });

  app.post(`${prefix}/merchants/mids/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantMidSearches');
    if (!ok) return reply;
    // Each criterion compared as sent, no Unicode form folded (no source says a criterion is normalised).
    seams.judge(
      exchangeOf(req, world, () => clock.nowMs()),
      'mid-search-criteria',
      undefined,
    );
    const c = ok.body as Record<string, string>;
    // fault: the status criterion of a MID search silently ignored (provider 2.0.0, MerchantMidSearchParameters.status).
    if (faults.has('mid-status-filter-ignored')) delete c.status;
    const p = latest().find(
      (x) =>
        x.merchant.merchantLegalName === c.merchantLegalName &&
        (x.merchant.countryCode === c.countryCode || faults.has('mid-search-ignores-country')) &&
        // in-filter-mid-merchant-search-ignores-ica: the merchant found by name and country alone.
        (x.merchant.acquirerICA === c.acquirerICA ||
          faults.has('in-filter-mid-merchant-search-ignores-ica') ||
          // mid-search-ica-as-number: the ICA criterion compared as a number (leading zeros lost).
          (faults.has('mid-search-ica-as-number') && Number(x.merchant.acquirerICA) === Number(c.acquirerICA))),
    );
    const s = p ? state(p) : undefined;
    const reported = faults.has('mid-status-completed') && s ? { status: 'COMPLETED' } : s;
    // in-echo-participation-latest-mid-search-mids-of-first-submission: the MIDs read from the merchant's first participation, not its latest.
    const mids = (
      (faults.has('in-echo-participation-latest-mid-search-mids-of-first-submission') && p
        ? firstSubmissionOf(p).merchant.mids
        : p &&
          seams.state(
            exchangeOf(req, world, () => clock.nowMs()),
            { mids: midsOf(p), latestMids: p.merchant.mids },
          ).mids) ?? []
    )
      .map((mid: string) => ({ mid, ...reported }))
      .filter(
        (m: { mid: string; status?: string }) =>
          (c.mid === undefined ||
            // in-filter-mid-search-mid-ignored-with-status: the mid criterion dropped when a status is also given.
            (faults.has('in-filter-mid-search-mid-ignored-with-status') && c.status !== undefined) ||
            m.mid === c.mid ||
            // in-filter-mid-search-mid-matched-by-suffix: a MID criterion matches every MID ending with it.
            (faults.has('in-filter-mid-search-mid-matched-by-suffix') &&
              typeof c.mid === 'string' &&
              c.mid !== '' &&
              m.mid.endsWith(c.mid)) ||
            // in-filter-mid-search-mid-suffix-match: the mid criterion matches every MID that ends with it.
            (faults.has('in-filter-mid-search-mid-suffix-match') && typeof c.mid === 'string' && c.mid !== '' && m.mid.endsWith(c.mid))) &&
          (c.status === undefined || m.status === c.status),
      );
    const body = {
      // in-page-keeps-query-mid-search-later-page-name-collapsed: a later page echoes the name trimmed, its spaces collapsed.
      merchantLegalName:
        faults.has('in-page-keeps-query-mid-search-later-page-name-collapsed') && Number(ok.query.get('offset') ?? 0) > 0
          ? String(c.merchantLegalName).trim().replace(/\s+/g, ' ')
          : c.merchantLegalName,
      countryCode: c.countryCode,
      acquirerICA:
        faults.has('in-echo-midsearch-mid-search-ica-echo-nine-cut-six') && String(c.acquirerICA).length === 9
          ? String(c.acquirerICA).slice(0, 6)
          : c.acquirerICA,
      optIn:
        // in-echo-participation-latest-mid-search-optin-of-first-participation: the optIn of the merchant's first participation, not its latest.
        (faults.has('in-echo-participation-latest-mid-search-optin-of-first-participation') && p
          ? firstSubmissionOf(p).merchant.optIn
          : undefined) ??
        p?.merchant.optIn ??
        'N',
      mids: [] as unknown[],
      // in-echo-participation-details-mid-search-non-negotiated-flag-flipped-with-ext: the flag of a merchant of maidType EXT answered flipped.
      ...(p?.merchant.nonMerchantNegotiatedParticipation !== undefined
        ? {
            nonMerchantNegotiatedParticipation:
              faults.has('in-echo-participation-details-mid-search-non-negotiated-flag-flipped-with-ext') && p.merchant.maidType === 'EXT'
                ? p.merchant.nonMerchantNegotiatedParticipation === 'Y'
                  ? 'N'
                  : 'Y'
                : p.merchant.nonMerchantNegotiatedParticipation,
          }
        : {}),
    };
    const midQuery = ok.query;
    const midPaged = midQuery;
    body.mids = page(
      mids,
      faults.has('in-page-slice-mid-search-paging-ignored') ? new URLSearchParams() : midPaged,
      reply,
      faults,
      ok.defaultLimit!,
    );
    // in-page-headers-mid-search-total-is-page-count: the MID page's Total counts the MIDs of the page only.
    if (faults.has('in-page-headers-mid-search-total-is-page-count') && p) reply.header('Total', String(body.mids.length));
    return reply.code(200).send(body);
  });
}
