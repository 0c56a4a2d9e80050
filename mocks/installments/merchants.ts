// Merchant participations (POST/GET /merchants/participations), merchant search
// (POST /merchants/searches) and MID search (POST /merchants/mids/searches): reference,
// Main fields - Merchant participation and search; Flows - lender app.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MockContext } from '../kit/context.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { invalidRequest, sendError } from './errors.js';
import type { ResourceSeams } from './fault-builders.js';
import { page, type Guard } from './guard.js';
import { addParticipation, FIXED, merchantCandidates, merchantKey, type InstallmentsState, type Participation } from './state.js';

/** Virtual seconds an effectuation stays PENDING (the mock's choice; the reference gives none). */
export const EFFECTUATION_SECONDS = 60;

/** rt2-search-name-accents-folded: a text without its combining accents. */
const unaccented = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

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
  const seams = faults.seams<ResourceSeams<{ body: Record<string, any>; latest?: string[] }>>();

  const state = (p: Participation): { status: string; errorReason?: string } => {
    const due = clock.nowMs() - p.submittedAtMs >= EFFECTUATION_SECONDS * 1000;
    if (!due || faults.has('participation-stuck-pending')) return { status: 'PENDING' };
    // An acquirer ICA the service does not know ends the effectuation in ERROR (reference).
    // seeded-participation-ica-known-by-head: an acquirer ICA known by all but its last digit.
    const knownByHead =
      faults.has('seeded-participation-ica-known-by-head') &&
      world.acquirerIcas.some(
        (ica) => ica.length === String(p.merchant.acquirerICA).length && ica.slice(0, -1) === String(p.merchant.acquirerICA).slice(0, -1),
      );
    // i21-participation-eleven-digit-ica-errors: a known acquirer ICA of eleven digits looked up in a nine-digit column, not found.
    // i36-inst-participation-batch-with-unknown-ica-all-error: one unknown acquirer ICA in a request fails every merchant of it.
    if (
      faults.has('i36-inst-participation-batch-with-unknown-ica-all-error') &&
      (world.participationsByRequest.get(p.requestId) ?? []).some((q) => !world.acquirerIcas.includes(q.merchant.acquirerICA))
    )
      return { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
    if (faults.has('i21-participation-eleven-digit-ica-errors') && String(p.merchant.acquirerICA).length === 11)
      return { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
    if (world.acquirerIcas.includes(p.merchant.acquirerICA) || knownByHead || faults.has('invalid-ica-completes'))
      return { status: 'COMPLETED' };
    // i37-inst-participation-bad-ica-completed-before-error: an unknown acquirer ICA first reads COMPLETED, turning ERROR only a period later (the ICA checked by a second batch).
    if (
      faults.has('i37-inst-participation-bad-ica-completed-before-error') &&
      clock.nowMs() - p.submittedAtMs < 2 * EFFECTUATION_SECONDS * 1000
    )
      return { status: 'COMPLETED' };
    if (faults.has('blind-error-reason-unknown')) return { status: 'ERROR', errorReason: 'UNKNOWN' };
    return faults.has('error-without-reason') ? { status: 'ERROR' } : { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
  };
  const view = (p: Participation): Record<string, any> => ({ ...p.merchant, ...state(p) });
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
  /** model-search-answers-cached: the answers kept per criteria (read only while that fault is on). */
  const searchCache = new Map<string, Record<string, any>[]>();

  app.post(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantParticipations');
    const oversize = seams.judge(
      { operationId: 'postMerchantParticipations', body: {} },
      'body-size',
      ok && typeof req.body === 'string' && Buffer.byteLength(req.body) >= BODY_BYTES ? 'The request body is over 700 KB.' : undefined,
    );
    if (oversize) return sendError(reply, faults, 400, 'invalid.request.parameter', oversize);
    // i33-inst-refused-participations-batch-partly-recorded: a refused batch still records its members of a known acquirer ICA.
    if (!ok && faults.has('i33-inst-refused-participations-batch-partly-recorded') && reply.statusCode === 400) {
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
    // i33-inst-participation-three-wallets-refused: a merchant with as many wallets as wallets' maxItems refused.
    if (
      faults.has('i33-inst-participation-three-wallets-refused') &&
      Array.isArray(ok.body) &&
      ok.body.some((m: Record<string, any>) => Array.isArray(m?.wallets) && m.wallets.length === 3)
    )
      return invalidRequest(reply, faults, [{ field: 'wallets', keyword: 'maxItems', message: 'wallets has too many items' }]);
    // provider 2.0.0: request_id is a non-negative 64-bit integer (kept below 2^53 here, exact in JSON).
    // i14-participations-30-refused: a request of 30 participations, the limit, refused as too many.
    if (faults.has('i14-participations-30-refused') && Array.isArray(ok.body) && ok.body.length === 30)
      return invalidRequest(reply, faults, [{ field: 'body', keyword: 'maxItems', message: 'at most 29 participations per request' }]);
    // seeded-participation-legal-name-limit-in-bytes: merchantLegalName's limit counted in UTF-8 bytes, not characters.
    if (
      faults.has('seeded-participation-legal-name-limit-in-bytes') &&
      Array.isArray(ok.body) &&
      ok.body.some((m: Record<string, any>) => Buffer.byteLength(String(m?.merchantLegalName ?? '')) > 300)
    )
      return invalidRequest(reply, faults, [
        { field: 'merchantLegalName', keyword: 'maxLength', message: 'merchantLegalName is too long' },
      ]);
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
          faults,
          400,
          'invalid.request.body.parameter',
          "Value doesn't exist / doesn't meet specified range",
          `${i}.${changed}`,
        );
      const missing = (fixed ? [] : addedMissing(merchant)).concat(optedMissing(merchant));
      if (missing.length)
        return sendError(
          reply,
          faults,
          400,
          'invalid.request.body.parameter',
          'One or more of the required fields are missing',
          `${i}.${missing[0]}`,
        );
    }
    const requestId = String(randomInt(1, 2 ** 40) * 1000 + (world.participations.length % 1000));
    for (const merchant of ok.body as Record<string, any>[]) addParticipation(world, { requestId, merchant, submittedAtMs: clock.nowMs() });
    // provider 2.0.0, Location example: `merchants/participations?request_id=<id>`.
    // i26-participation-location-camel-case-param: the Location names the request id under the parameter name requestId.
    if (faults.has('i26-participation-location-camel-case-param'))
      reply.header('Location', `merchants/participations?requestId=${requestId}`);
    // i30-inst-participation-location-next-request-id: the Location names the id the next submission will get (one above).
    else if (faults.has('i30-inst-participation-location-next-request-id'))
      reply.header('Location', `merchants/participations?request_id=${String(Number(requestId) + 1)}`);
    else if (!faults.has('location-missing')) reply.header('Location', `merchants/participations?request_id=${requestId}`);
    // i28-inst-participation-single-201: a submission of a single participation answered 201 (created), not 202.
    if (faults.has('i28-inst-participation-single-201') && Array.isArray(ok.body) && ok.body.length === 1) return reply.code(201).send();
    return reply.code(faults.has('participation-200') ? 200 : 202).send();
  });

  app.get(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'getMerchantParticipations');
    if (!ok) return reply;
    const requestId = ok.query.get('request_id');
    // i27-participations-limit-500-refused: the largest page (limit=500) refused as out of range.
    if (faults.has('i27-participations-limit-500-refused') && ok.query.get('limit') === '500')
      return invalidRequest(reply, faults, [{ field: 'limit', keyword: 'maximum', message: 'limit must be lower than 500' }]);
    let items: Record<string, any>[];
    if (requestId !== null) {
      // Fault: with a known request_id, every participation is answered.
      // seeded-request-id-prefix-match: an unknown id found by prefix, either way.
      const byPrefix = () =>
        [...world.participationsByRequest.keys()].find((k) => k !== requestId && (k.startsWith(requestId) || requestId.startsWith(k)));
      const prefixed =
        faults.has('seeded-request-id-prefix-match') && !world.participationsByRequest.has(requestId) ? byPrefix() : undefined;
      const known = world.participationsByRequest.get(prefixed ?? requestId) ?? [];
      const mine = faults.has('request-id-filter-ignored') && known.length > 0 ? world.participations : known;
      // i26-unknown-request-id-400: an unknown request_id answered as a bad request, not 404.
      if (mine.length === 0 && faults.has('i26-unknown-request-id-400'))
        return invalidRequest(reply, faults, [{ field: 'request_id', keyword: 'exists', message: 'request_id is not valid' }]);
      if (mine.length === 0 && !faults.has('unknown-request-id-200'))
        return sendError(reply, faults, 404, 'NOT_FOUND', 'No participation request with this request_id.', 'request_id');
      items = (faults.has('blind-request-id-filter-ignored') ? world.participations : mine).map(view);
      // i31-inst-by-request-first-merchant-only: a request id reads back only the first merchant it submitted.
      if (faults.has('i31-inst-by-request-first-merchant-only')) items = items.slice(0, 1);
      // i16-by-request-pending-shown-completed: read by request_id, a participation still PENDING is shown COMPLETED.
      // i21-by-request-ica-nine-cut-to-six: read by request_id, a nine-digit acquirer ICA answered as its first six digits.
      if (faults.has('i21-by-request-ica-nine-cut-to-six'))
        items = items.map((m) => (String(m.acquirerICA).length === 9 ? { ...m, acquirerICA: String(m.acquirerICA).slice(0, 6) } : m));
      // i21-by-request-legal-name-cut-at-255: read by request_id, a legal name longer than 255 characters cut to 255.
      if (faults.has('i21-by-request-legal-name-cut-at-255'))
        items = items.map((m) =>
          typeof m.merchantLegalName === 'string' && m.merchantLegalName.length > 255
            ? { ...m, merchantLegalName: m.merchantLegalName.slice(0, 255) }
            : m,
        );
      // i25-by-request-group-lowercased: read by request_id, the merchant group answered in lower case.
      // i26-by-request-wallet-id-as-string: read by request_id, each wallet's walletId answered as a string.
      if (faults.has('i26-by-request-wallet-id-as-string'))
        items = items.map((m) =>
          Array.isArray(m.wallets)
            ? { ...m, wallets: m.wallets.map((w: Record<string, unknown>) => ({ ...w, walletId: String(w.walletId) })) }
            : m,
        );
      if (faults.has('i25-by-request-group-lowercased'))
        items = items.map((m) => (typeof m.merchantGroup === 'string' ? { ...m, merchantGroup: m.merchantGroup.toLowerCase() } : m));
      // i25-by-request-error-shown-pending: read by request_id, a participation that ended in ERROR is still shown PENDING.
      if (faults.has('i25-by-request-error-shown-pending'))
        items = items.map((m) => (m.status === 'ERROR' ? { ...m, status: 'PENDING', errorReason: undefined } : m));
      if (faults.has('i16-by-request-pending-shown-completed'))
        items = items.map((m) => (m.status === 'PENDING' ? { ...m, status: 'COMPLETED' } : m));
      // i14-by-request-dba-names-deduplicated: read by request_id, a merchant's repeated dbaNames listed once.
      if (faults.has('i14-by-request-dba-names-deduplicated'))
        items = items.map((m) => (Array.isArray(m.dbaNames) ? { ...m, dbaNames: [...new Set(m.dbaNames)] } : m));
      // i10-by-request-website-lowercased: the by-request read lower-cases the merchant's website URL.
      if (faults.has('i11-by-request-error-reason-dropped'))
        items = items.map((m) => (m.status === 'ERROR' ? { ...m, errorReason: undefined } : m));
      // i19-by-request-wallet-merchant-id-trimmed: the by-request reader trims each wallet's merchant id.
      if (faults.has('i19-by-request-wallet-merchant-id-trimmed'))
        items = items.map((m) =>
          Array.isArray(m.wallets)
            ? {
                ...m,
                wallets: m.wallets.map((w: Record<string, unknown>) =>
                  typeof w?.walletMerchantId === 'string' ? { ...w, walletMerchantId: w.walletMerchantId.trim() } : w,
                ),
              }
            : m,
        );
      // seeded-fam24-by-request-maid-type-ext-as-grp: read by request_id, maidType EXT answered GRP.
      if (faults.has('seeded-fam24-by-request-maid-type-ext-as-grp'))
        items = items.map((m) => (m.maidType === 'EXT' ? { ...m, maidType: 'GRP' } : m));
      // i24-by-request-dba-names-accents-stripped: read by request_id, the dba names lose their accents.
      if (faults.has('i24-by-request-dba-names-accents-stripped'))
        items = items.map((m) =>
          Array.isArray(m.dbaNames)
            ? {
                ...m,
                dbaNames: m.dbaNames.map((d: unknown) => (typeof d === 'string' ? d.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : d)),
              }
            : m,
        );
      // i23-by-request-duns-leading-zeros-dropped: read by request_id, a D-U-N-S number written through a number.
      if (faults.has('i23-by-request-duns-leading-zeros-dropped'))
        items = items.map((m) => (typeof m.duns === 'string' && /^0+\d+$/.test(m.duns) ? { ...m, duns: String(Number(m.duns)) } : m));
      if (faults.has('i10-by-request-website-lowercased'))
        items = items.map((m) => (typeof m.websiteUrl === 'string' ? { ...m, websiteUrl: m.websiteUrl.toLowerCase() } : m));
      // by-request-ica-middle-form-padded: a nine-digit ICA answered padded with zeros to eleven.
      if (faults.has('by-request-ica-middle-form-padded'))
        items = items.map((m) => (String(m.acquirerICA).length === 9 ? { ...m, acquirerICA: `00${m.acquirerICA}` } : m));
      // i3-participation-by-request-name-spaces-collapsed: the by-request read trims and collapses the legal name's spaces.
      if (faults.has('i3-participation-by-request-name-spaces-collapsed'))
        items = items.map((m) =>
          typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.trim().replace(/\s+/g, ' ') } : m,
        );
      // i13-participation-name-uppercased-by-request: the by-request read upper-cases the legal name.
      if (faults.has('i13-participation-name-uppercased-by-request'))
        items = items.map((m) =>
          typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.toUpperCase() } : m,
        );
      if (faults.has('i2-by-request-offset-ignored')) {
        const noOffset = new URLSearchParams(ok.query);
        noOffset.delete('offset');
        return reply.code(200).send(page(items, noOffset, reply, faults, ok.defaultLimit!));
      }
      // i5-participations-by-request-count-is-limit: Count computed from the limit and the set, not the page.
      if (faults.has('i5-participations-by-request-count-is-limit')) {
        const shown = page(items, ok.query, reply, faults, ok.defaultLimit!);
        reply.header('Count', String(Math.min(Number(ok.query.get('limit') ?? ok.defaultLimit!), items.length)));
        return reply.code(200).send(shown);
      }
    } else {
      // seed 001: merchants "whose effectuation request is completed".
      items = latest()
        // seeded-completed-list-shows-first-participation: the list reads a merchant's first participation, not its latest.
        .map((p) => (faults.has('seeded-completed-list-shows-first-participation') ? firstSubmissionOf(p) : p))
        // i8-completed-list-batched-per-minute: this list is filled at each whole minute after the effectuation.
        .filter(
          (p) =>
            !faults.has('i8-completed-list-batched-per-minute') ||
            clock.nowMs() >= Math.ceil((p.submittedAtMs + EFFECTUATION_SECONDS * 1000) / 60_000) * 60_000,
        )
        .map(view)
        .filter(
          (m) =>
            faults.has('pending-listed-as-completed') ||
            m.status === 'COMPLETED' ||
            (faults.has('error-listed-as-completed') && m.status === 'ERROR'),
        );
      // i18-completed-list-name-accents-stripped: the completed list strips the accents of the legal name.
      if (faults.has('i18-completed-list-name-accents-stripped'))
        items = items.map((m) =>
          typeof m.merchantLegalName === 'string'
            ? { ...m, merchantLegalName: m.merchantLegalName.normalize('NFD').replace(/[\u0300-\u036f]/g, '') }
            : m,
        );
      // i22-completed-list-legal-name-trailing-period-dropped: the completed list drops a legal name's closing period (Inc. -> Inc).
      if (faults.has('i22-completed-list-legal-name-trailing-period-dropped'))
        items = items.map((m) =>
          typeof m.merchantLegalName === 'string' && m.merchantLegalName.endsWith('.')
            ? { ...m, merchantLegalName: m.merchantLegalName.slice(0, -1) }
            : m,
        );
      // i7-participation-ica-11-cut-to-9: the completed list cuts an 11-digit ICA to 9 digits.
      if (faults.has('i7-participation-ica-11-cut-to-9'))
        items = items.map((m) => (String(m.acquirerICA).length === 11 ? { ...m, acquirerICA: String(m.acquirerICA).slice(0, 9) } : m));
      if (faults.has('i2-participation-ica-leading-zeros-dropped'))
        items = items.map((m) => ({ ...m, acquirerICA: String(Number(m.acquirerICA)) }));
      // rt-completed-list-website-url-parsed: this reader answers the website URL as a URL parser rewrites it (host lower-cased, '/' after a bare host).
      if (faults.has('rt-completed-list-website-url-parsed'))
        items = items.map((m) =>
          typeof m.websiteUrl === 'string' && URL.canParse(m.websiteUrl) ? { ...m, websiteUrl: new URL(m.websiteUrl).href } : m,
        );
      // Seeded fault completed-list-dba-names-trimmed: this reader trims the dba names and collapses their spaces.
      // rt2-completed-list-legal-name-trimmed: the completed list answers the legal name cut of its edge white space.
      if (faults.has('rt2-completed-list-legal-name-trimmed'))
        items = items.map((m) => (typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.trim() } : m));
      // seeded-fam24-completed-list-wallet-id-tabs-as-spaces: the completed list writes the wallet merchant ids' tabs as spaces.
      if (faults.has('seeded-fam24-completed-list-wallet-id-tabs-as-spaces'))
        items = items.map((m) =>
          Array.isArray(m.wallets)
            ? {
                ...m,
                wallets: m.wallets.map((w: Record<string, unknown>) =>
                  typeof w?.walletMerchantId === 'string' ? { ...w, walletMerchantId: w.walletMerchantId.replace(/\t/g, ' ') } : w,
                ),
              }
            : m,
        );
      // i23-completed-list-address-lines-joined: the completed list answers addressLine2 joined to addressLine1 (a one-line column).
      if (faults.has('i23-completed-list-address-lines-joined'))
        items = items.map((m) =>
          typeof m.address?.addressLine1 === 'string' && typeof m.address?.addressLine2 === 'string'
            ? {
                ...m,
                address: { ...m.address, addressLine1: `${m.address.addressLine1}, ${m.address.addressLine2}`, addressLine2: undefined },
              }
            : m,
        );
      if (faults.has('completed-list-dba-names-trimmed'))
        items = items.map((m) =>
          Array.isArray(m.dbaNames) ? { ...m, dbaNames: m.dbaNames.map((d: string) => d.trim().replace(/\s+/g, ' ')) } : m,
        );
    }
    // i25-completed-list-maid-dropped: the completed list answers each merchant without its maid.
    if (requestId === null && faults.has('i25-completed-list-maid-dropped')) items = items.map(({ maid: _maid, ...m }) => m);
    // i28-inst-by-request-offset-past-end-404: read by request_id, an offset past the last participation answered 404.
    if (faults.has('i28-inst-by-request-offset-past-end-404') && requestId !== null && Number(ok.query.get('offset') ?? 0) >= items.length)
      return sendError(reply, faults, 404, 'NOT_FOUND', 'No participation request with this request_id.', 'request_id');
    // i33-inst-by-request-offset-past-end-404: read by request_id, an offset past the last merchant answered 404.
    if (requestId !== null && faults.has('i33-inst-by-request-offset-past-end-404') && Number(ok.query.get('offset') ?? 0) >= items.length)
      return sendError(reply, faults, 404, 'NOT_FOUND', 'No participation request with this request_id.', 'request_id');
    let listed = page(items, ok.query, reply, faults, ok.defaultLimit!);
    // i38-inst-by-request-limit-as-end-index: read by request_id, the limit taken as the index the page ends at, not its size.
    if (faults.has('i38-inst-by-request-limit-as-end-index') && requestId !== null && ok.query.get('limit') !== null)
      listed = items.slice(Number(ok.query.get('offset') ?? 0), Number(ok.query.get('limit')));
    // i35-inst-completed-list-total-counts-submissions: the completed list's Total counts every submission, not the merchants it lists.
    if (faults.has('i35-inst-completed-list-total-counts-submissions') && requestId === null)
      reply.header('Total', String(world.participations.length));
    // i34-inst-completed-list-later-page-reversed: the completed list's pages after the first come newest first.
    if (faults.has('i34-inst-completed-list-later-page-reversed') && requestId === null && Number(ok.query.get('offset') ?? 0) > 0)
      listed = [...listed].reverse();
    // i28-inst-completed-list-limit-header-default: the completed list's Limit header names the default page size, whatever limit was asked.
    if (faults.has('i28-inst-completed-list-limit-header-default') && requestId === null) reply.header('Limit', String(ok.defaultLimit));
    // seeded-by-request-later-page-dba-names-dropped: a later page by request_id drops the dba names.
    // seeded-completed-list-later-page-dba-names-dropped: the same on the completed list.
    const dropDbaNames =
      requestId !== null
        ? faults.has('seeded-by-request-later-page-dba-names-dropped')
        : faults.has('seeded-completed-list-later-page-dba-names-dropped');
    if (dropDbaNames && Number(ok.query.get('offset') ?? 0) > 0) listed = listed.map(({ dbaNames: _dropped, ...m }) => m);
    // i7-completed-list-page-overlaps: a later page of the completed list starts one item early.
    if (faults.has('i7-completed-list-page-overlaps') && requestId === null && Number(ok.query.get('offset') ?? 0) > 0) {
      const from = Number(ok.query.get('offset')) - 1;
      listed = items.slice(from, from + Number(ok.query.get('limit') ?? ok.defaultLimit!));
    }
    // i13-participations-offset-page-short: read by request_id, a later page loses its last item.
    if (faults.has('i13-participations-offset-page-short') && requestId !== null && Number(ok.query.get('offset') ?? 0) > 0)
      listed = listed.slice(0, -1);
    // i18-completed-list-offset-header-zero: the completed list answers Offset 0 on a later page.
    if (requestId === null && faults.has('i18-completed-list-offset-header-zero') && Number(ok.query.get('offset') ?? 0) > 0)
      reply.header('Offset', '0');
    // i32-inst-participations-offset-header-plus-one: the completed list names an Offset one past the one asked.
    if (requestId === null && faults.has('i32-inst-participations-offset-header-plus-one') && Number(ok.query.get('offset') ?? 0) > 0)
      reply.header('Offset', String(Number(ok.query.get('offset')) + 1));
    // i18-by-request-count-of-set: read by request_id, Count gives the size of the whole set.
    if (requestId !== null && faults.has('i18-by-request-count-of-set')) reply.header('Count', String(items.length));
    // i9-by-request-total-counts-every-request: read by request_id, Total counts every request's participations.
    // rt2-by-request-limit-header-default: the by-request page names the default limit, not the one asked for.
    if (requestId !== null && faults.has('rt2-by-request-limit-header-default')) reply.header('Limit', String(ok.defaultLimit!));
    if (requestId !== null && faults.has('i9-by-request-total-counts-every-request'))
      reply.header('Total', String(world.participations.length));
    // i29-inst-by-request-total-is-page-count: read by request_id, Total gives the page's size, not the request's.
    if (requestId !== null && faults.has('i29-inst-by-request-total-is-page-count')) reply.header('Total', String(listed.length));
    // i6-participations-list-total-all-states: the completed list's Total counts every merchant.
    if (requestId === null && faults.has('i6-participations-list-total-all-states')) reply.header('Total', String(latest().length));
    // i14-completed-list-total-remaining-after-offset: the completed list's Total counts from the offset on.
    if (requestId === null && faults.has('i14-completed-list-total-remaining-after-offset'))
      reply.header('Total', String(Math.max(0, items.length - Number(ok.query.get('offset') ?? 0))));
    // i33-inst-completed-list-limit-header-only-when-asked: the completed list answers no Limit header when no limit was asked.
    if (requestId === null && faults.has('i33-inst-completed-list-limit-header-only-when-asked') && ok.query.get('limit') === null)
      reply.removeHeader('Limit');
    // i27-completed-list-website-lowercased: the completed list answers each merchant's websiteUrl in lower case.
    if (requestId === null && faults.has('i27-completed-list-website-lowercased'))
      listed = listed.map((m) => (typeof m.websiteUrl === 'string' ? { ...m, websiteUrl: m.websiteUrl.toLowerCase() } : m));
    // i37-inst-participations-later-page-total-is-page-count: on a page after the first the Total header counts the items of that page.
    if (faults.has('i37-inst-participations-later-page-total-is-page-count') && Number(ok.query.get('offset') ?? 0) > 0)
      reply.header('Total', String(listed.length));
    return reply.code(200).send(listed);
  });

  app.post(`${prefix}/merchants/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantSearches');
    if (!ok) return reply;
    const c = ok.body as Record<string, string>;
    // provider 2.0.0, postMerchantSearches: "at least one parameter is required" (prose, no schema rule).
    if (!SEARCH_CRITERIA.some((key) => c[key] !== undefined) && !faults.has('merchant-search-empty-accepted')) {
      return invalidRequest(reply, faults, [
        { field: 'body', keyword: 'required', message: `give at least one of ${SEARCH_CRITERIA.join(', ')}` },
      ]);
    }
    // provider 2.0.0, MerchantSearch: the participation status is `status`; the criterion is merchantParticipationStatus.
    // The criteria the faults leave in force narrow the merchants through the indexes of state.ts.
    const ignored =
      faults.has('search-ignores-criteria') ||
      // i35-inst-search-later-page-criteria-dropped: a page after the first is read without the search's criteria.
      (faults.has('i35-inst-search-later-page-criteria-dropped') && Number(ok.query.get('offset') ?? 0) > 0);
    // i10-merchant-search-name-first-ten: the name criterion cut to its first ten characters.
    // i28-inst-search-name-first-word: the name criterion cut to its first word (a tokenising search index).
    // i34-inst-search-name-html-escaped: the name criterion HTML-escaped before the lookup (a name with & or ' never finds itself).
    const nameCut = (n: string) =>
      faults.has('i34-inst-search-name-html-escaped') && typeof n === 'string'
        ? n.replace(/&/g, '&amp;').replace(/'/g, '&#39;')
        : faults.has('i10-merchant-search-name-first-ten')
          ? n.slice(0, 10)
          : faults.has('i28-inst-search-name-first-word') && typeof n === 'string'
            ? n.trim().split(/\s+/)[0]
            : n;
    const name = ignored || c.merchantLegalName === undefined ? undefined : nameCut(c.merchantLegalName).toLowerCase();
    // i17-search-country-first-two-letters: the country criterion taken out of the lookup and compared below on its first two letters.
    const countryCriterion = c.countryCode;
    if (faults.has('i17-search-country-first-two-letters')) delete c.countryCode;
    let found = merchantCandidates(world, {
      // rt2-search-name-accents-folded: the folded comparison below reads every merchant, not the name index.
      merchantLegalName:
        ignored || c.merchantLegalName === undefined || faults.has('rt2-search-name-accents-folded')
          ? undefined
          : nameCut(c.merchantLegalName),
      acquirerICA:
        ignored ||
        faults.has('search-ignores-ica') ||
        faults.has('seeded-search-ica-prefix-match') ||
        faults.has('i7-merchant-search-ica-first-six') ||
        faults.has('search-ica-compared-on-nine') ||
        faults.has('i32-inst-merchant-search-ica-as-number') ||
        faults.has('i37-inst-merchant-search-ica-suffix-match')
          ? undefined
          : c.acquirerICA,
      countryCode:
        ignored ||
        faults.has('blind-search-country-ignored') ||
        (faults.has('i13-search-country-ignored-with-ica') && c.acquirerICA !== undefined)
          ? undefined
          : c.countryCode,
    })
      // The name is the merchant's as submitted (the view adds only its state): checked before the view is built.
      .filter(
        (p) =>
          name === undefined ||
          p.merchant.merchantLegalName.toLowerCase().includes(name) ||
          // rt2-search-name-accents-folded: the name compared without its accents (a collation that folds them).
          (faults.has('rt2-search-name-accents-folded') &&
            unaccented(p.merchant.merchantLegalName.toLowerCase()).includes(unaccented(name))),
      )
      // i15-search-shows-first-participation: the search reads a merchant's first participation, not its latest.
      .map((p) => (faults.has('i15-search-shows-first-participation') ? firstSubmissionOf(p) : p))
      .map(view)
      .filter((m) => {
        // The legal name was judged before the view was built (above).
        if (faults.has('search-ignores-criteria')) return true;
        if (
          c.merchantParticipationStatus !== undefined &&
          m.status !== c.merchantParticipationStatus &&
          // i25-search-status-completed-finds-pending: a search for COMPLETED merchants also finds those still PENDING.
          !(
            faults.has('i25-search-status-completed-finds-pending') &&
            c.merchantParticipationStatus === 'COMPLETED' &&
            m.status === 'PENDING'
          ) &&
          // i14-search-status-pending-finds-error: a search for PENDING merchants also finds those in ERROR.
          !(faults.has('i14-search-status-pending-finds-error') && c.merchantParticipationStatus === 'PENDING' && m.status === 'ERROR') &&
          !faults.has('search-ignores-status') &&
          // i29-inst-search-status-error-finds-completed: a search for merchants in ERROR also finds COMPLETED ones.
          !(
            faults.has('i29-inst-search-status-error-finds-completed') &&
            c.merchantParticipationStatus === 'ERROR' &&
            m.status === 'COMPLETED'
          ) &&
          // i30-inst-search-status-pending-finds-error: a search for PENDING merchants also finds those in ERROR (not completed yet).
          !(
            faults.has('i30-inst-search-status-pending-finds-error') &&
            c.merchantParticipationStatus === 'PENDING' &&
            m.status === 'ERROR'
          ) &&
          // seeded-search-status-pending-ignored: the PENDING value alone does not filter.
          !(faults.has('seeded-search-status-pending-ignored') && c.merchantParticipationStatus === 'PENDING') &&
          // seeded-search-status-ignored-with-maid: the status criterion dropped when a maid is given.
          !(faults.has('seeded-search-status-ignored-with-maid') && c.maid !== undefined)
        )
          return false;
        for (const key of ['acquirerICA', 'countryCode', 'maid'] as const) {
          // i37-inst-merchant-search-ica-suffix-match: the acquirer ICA criterion matched against the end of the merchant's ICA.
          if (key === 'acquirerICA' && faults.has('i37-inst-merchant-search-ica-suffix-match') && c.acquirerICA !== undefined) {
            if (!String(m.acquirerICA).endsWith(String(c.acquirerICA))) return false;
            continue;
          }
          if (key === 'countryCode' && faults.has('blind-search-country-ignored')) continue;
          // i13-search-country-ignored-with-ica: the country criterion dropped when an acquirer ICA is given.
          if (key === 'countryCode' && faults.has('i13-search-country-ignored-with-ica') && c.acquirerICA !== undefined) continue;
          // i17-search-country-first-two-letters: the country criterion compared on its first two letters (as an alpha-2 code).
          if (key === 'countryCode' && faults.has('i17-search-country-first-two-letters') && countryCriterion !== undefined) {
            if (String(m[key]).slice(0, 2).toUpperCase() !== String(countryCriterion).slice(0, 2).toUpperCase()) return false;
            continue;
          }
          // i13-search-maid-ignored-with-name: the maid criterion dropped when a legal name is given.
          if (key === 'maid' && faults.has('i13-search-maid-ignored-with-name') && c.merchantLegalName !== undefined) continue;
          if ((key === 'acquirerICA' && faults.has('search-ignores-ica')) || (key === 'maid' && faults.has('search-ignores-maid')))
            continue;
          // i32-inst-merchant-search-ica-as-number: the ICA criterion compared as a number.
          if (key === 'acquirerICA' && faults.has('i32-inst-merchant-search-ica-as-number') && c[key] !== undefined) {
            if (Number(m[key]) !== Number(c[key])) return false;
            continue;
          }
          // seeded-search-ica-prefix-match: an acquirer ICA criterion matches every ICA that starts with it.
          if (key === 'acquirerICA' && faults.has('seeded-search-ica-prefix-match') && c[key] !== undefined) {
            if (!String(m[key]).startsWith(c[key])) return false;
            continue;
          }
          // i7-merchant-search-ica-first-six: the ICA criterion compared on its first six digits.
          if (key === 'acquirerICA' && faults.has('i7-merchant-search-ica-first-six') && c[key] !== undefined) {
            if (String(m[key]).slice(0, 6) !== String(c[key]).slice(0, 6)) return false;
            continue;
          }
          // search-ica-compared-on-nine: the ICA criterion compared on its first nine digits.
          if (key === 'acquirerICA' && faults.has('search-ica-compared-on-nine') && c[key] !== undefined) {
            if (String(m[key]).slice(0, 9) !== String(c[key]).slice(0, 9)) return false;
            continue;
          }
          // seeded-search-maid-numeric: the maid criterion compared as a number (leading zeros dropped).
          if (key === 'maid' && faults.has('seeded-search-maid-numeric') && c[key] !== undefined) {
            if (Number(m[key]) !== Number(c[key])) return false;
            continue;
          }
          // i6-merchant-search-maid-prefix: the maid matched as a prefix.
          const maidPrefix = key === 'maid' && faults.has('i6-merchant-search-maid-prefix') && String(m.maid ?? '').startsWith(c.maid);
          // seeded-search-maid-case-folded: the maid compared without case.
          const maidFolded =
            key === 'maid' &&
            faults.has('seeded-search-maid-case-folded') &&
            String(m.maid ?? '').toLowerCase() === String(c.maid).toLowerCase();
          if (c[key] !== undefined && m[key] !== c[key] && !maidPrefix && !maidFolded) return false;
        }
        return true;
      });
    // search-ica-longest-cut-to-six: an eleven-digit ICA answered cut to its first six digits.
    // i12-search-error-reason-dropped: the search answers ERROR without its reason.
    if (faults.has('i12-search-error-reason-dropped'))
      found = found.map((m) => (m.status === 'ERROR' ? { ...m, errorReason: undefined } : m));
    // i27-search-name-matches-dba-names: a legal name criterion also finds merchants whose dba names hold it.
    if (faults.has('i27-search-name-matches-dba-names') && typeof c.merchantLegalName === 'string') {
      const text = c.merchantLegalName.toLowerCase();
      const extra = latest()
        .map(view)
        .filter(
          (m) =>
            !found.some((f) => f.merchantLegalName === m.merchantLegalName && f.acquirerICA === m.acquirerICA) &&
            Array.isArray(m.dbaNames) &&
            m.dbaNames.some((d: unknown) => typeof d === 'string' && d.toLowerCase().includes(text)),
        );
      found = [...found, ...extra];
    }
    // seeded-search-dba-names-deduplicated: the merchant search lists a merchant's repeated dbaNames once.
    if (faults.has('seeded-search-dba-names-deduplicated'))
      found = found.map((m) => (Array.isArray(m.dbaNames) ? { ...m, dbaNames: [...new Set(m.dbaNames)] } : m));
    // seeded-fam27-search-dba-trailing-comma-dropped: the merchant search drops a dba name's trailing comma.
    if (faults.has('seeded-fam27-search-dba-trailing-comma-dropped'))
      found = found.map((m) =>
        Array.isArray(m.dbaNames)
          ? { ...m, dbaNames: m.dbaNames.map((d: unknown) => (typeof d === 'string' ? d.replace(/,$/, '') : d)) }
          : m,
      );
    // seeded-fam27-search-legal-name-quotes-stripped: the merchant search strips the double quotes of a legal name.
    if (faults.has('seeded-fam27-search-legal-name-quotes-stripped'))
      found = found.map((m) =>
        typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: m.merchantLegalName.replace(/"/g, '') } : m,
      );
    // i12-search-city-uppercased: the search answers the address city in upper case.
    // i19-search-maid-type-lowercased: the search answers maidType in lower case.
    if (faults.has('i19-search-maid-type-lowercased'))
      found = found.map((m) => (typeof m.maidType === 'string' ? { ...m, maidType: m.maidType.toLowerCase() } : m));
    // seeded-fam24-search-address-line3-trimmed: the search answers addressLine3 trimmed.
    if (faults.has('seeded-fam24-search-address-line3-trimmed'))
      found = found.map((m) =>
        typeof m.address?.addressLine3 === 'string' ? { ...m, address: { ...m.address, addressLine3: m.address.addressLine3.trim() } } : m,
      );
    if (faults.has('i12-search-city-uppercased'))
      found = found.map((m) =>
        typeof m.address?.city === 'string' ? { ...m, address: { ...m.address, city: m.address.city.toUpperCase() } } : m,
      );
    // i16-search-ica-six-padded-to-nine: the search answers a six-digit ICA zero-padded to nine digits.
    if (faults.has('i16-search-ica-six-padded-to-nine'))
      found = found.map((m) => (String(m.acquirerICA).length === 6 ? { ...m, acquirerICA: `000${m.acquirerICA}` } : m));
    if (faults.has('search-ica-longest-cut-to-six'))
      found = found.map((m) => (String(m.acquirerICA).length === 11 ? { ...m, acquirerICA: String(m.acquirerICA).slice(0, 6) } : m));
    // i20-search-postal-code-leading-zeros-dropped: the search writes a postal code of digits through a number.
    if (faults.has('i20-search-postal-code-leading-zeros-dropped'))
      found = found.map((m) =>
        typeof m.address?.postalCode === 'string' && /^0+[0-9]+$/.test(m.address.postalCode)
          ? { ...m, address: { ...m.address, postalCode: String(Number(m.address.postalCode)) } }
          : m,
      );
    // Fault: the first answer to these criteria is kept and served again (one search cannot tell).
    const cacheKey = JSON.stringify(c);
    if (faults.has('model-search-answers-cached') && !searchCache.has(cacheKey)) searchCache.set(cacheKey, found);
    const shown = page(
      faults.has('model-search-answers-cached') ? searchCache.get(cacheKey)! : found,
      ok.query,
      reply,
      faults,
      ok.defaultLimit!,
    );
    // i38-inst-search-count-header-is-limit: the merchant search's Count header names the limit asked, not the merchants of the page.
    if (faults.has('i38-inst-search-count-header-is-limit') && ok.query.get('limit') !== null)
      reply.header('Count', ok.query.get('limit')!);
    // i36-inst-search-total-counts-every-merchant: the search's Total header counts every merchant known.
    if (faults.has('i36-inst-search-total-counts-every-merchant')) reply.header('Total', String(latest().length));
    // i31-inst-search-total-from-offset: the search's Total header counts the merchants from the offset on.
    if (faults.has('i31-inst-search-total-from-offset'))
      reply.header('Total', String(Math.max(0, found.length - Number(ok.query.get('offset') ?? 0))));
    // i25-search-count-header-of-set: the search's Count header gives the size of the whole set, not of the page.
    if (faults.has('i25-search-count-header-of-set')) reply.header('Count', String(found.length));
    // i25-search-later-page-skips-one: a later page of the search starts one item past its offset.
    if (faults.has('i25-search-later-page-skips-one') && Number(ok.query.get('offset') ?? 0) > 0) {
      const from = Number(ok.query.get('offset')) + 1;
      return reply.code(200).send(found.slice(from, from + Number(ok.query.get('limit') ?? ok.defaultLimit!)));
    }
    // i13-search-limit-header-default: the search's Limit header always says the default.
    if (faults.has('i13-search-limit-header-default')) reply.header('Limit', String(ok.defaultLimit!));
    if (faults.has('i2-search-total-unfiltered')) reply.header('Total', String(latest().length));
    // i10-search-offset-header-zero: the search's Offset header always says 0.
    if (faults.has('i10-search-offset-header-zero')) reply.header('Offset', '0');
    // search-total-remaining-after-offset: Total counts the merchants left from the offset, not the set.
    if (faults.has('search-total-remaining-after-offset'))
      reply.header('Total', String(Math.max(0, found.length - Number(ok.query.get('offset') ?? 0))));
    // i9-merchant-search-page-one-extra: the page sliced with an inclusive end.
    if (faults.has('i9-merchant-search-page-one-extra')) {
      const from = Number(ok.query.get('offset') ?? 0);
      return reply.code(200).send(found.slice(from, from + Number(ok.query.get('limit') ?? ok.defaultLimit!) + 1));
    }
    // seeded-merchant-search-later-page-address-dropped: a later page of the search drops the address.
    if (faults.has('seeded-merchant-search-later-page-address-dropped') && Number(ok.query.get('offset') ?? 0) > 0)
      return reply.code(200).send(shown.map(({ address: _dropped, ...m }) => m));
    // i29-inst-search-invalid-ica-reason-unknown: the merchant search gives a merchant in ERROR for its acquirer ICA the reason UNKNOWN.
    if (faults.has('i29-inst-search-invalid-ica-reason-unknown'))
      return reply
        .code(200)
        .send(shown.map((m: Record<string, any>) => (m.errorReason === 'INVALID_ACQUIRER_ICA' ? { ...m, errorReason: 'UNKNOWN' } : m)));
    return reply.code(200).send(shown);
  });

  app.post(`${prefix}/merchants/mids/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantMidSearches');
    if (!ok) return reply;
    const c = ok.body as Record<string, string>;
    // fault: the status criterion of a MID search silently ignored (provider 2.0.0, MerchantMidSearchParameters.status).
    if (faults.has('mid-status-filter-ignored')) delete c.status;
    // i25-mid-search-eleven-digit-ica-unmatched: an eleven-digit acquirer ICA criterion looked up in a nine-digit column, found nowhere.
    const icaUnmatched = faults.has('i25-mid-search-eleven-digit-ica-unmatched') && String(c.acquirerICA).length === 11;
    const p = latest().find(
      (x) =>
        !icaUnmatched &&
        (x.merchant.merchantLegalName === c.merchantLegalName ||
          // rt2-mid-search-name-accents-folded: the name compared without its accents.
          (faults.has('rt2-mid-search-name-accents-folded') &&
            unaccented(String(x.merchant.merchantLegalName)) === unaccented(String(c.merchantLegalName))) ||
          // i4-mid-search-name-case-insensitive: the legal name compared without case.
          (faults.has('i4-mid-search-name-case-insensitive') &&
            String(x.merchant.merchantLegalName).toLowerCase() === String(c.merchantLegalName).toLowerCase())) &&
        (x.merchant.countryCode === c.countryCode || faults.has('mid-search-ignores-country')) &&
        // seeded-mid-search-ignores-ica: the merchant found by name and country alone.
        (x.merchant.acquirerICA === c.acquirerICA ||
          faults.has('seeded-mid-search-ignores-ica') ||
          // mid-search-ica-as-number: the ICA criterion compared as a number (leading zeros lost).
          (faults.has('mid-search-ica-as-number') && Number(x.merchant.acquirerICA) === Number(c.acquirerICA))),
    );
    // i10-mid-search-effectuation-lags: the MID search sees an effectuation only after twice its time.
    const lagging =
      p !== undefined &&
      faults.has('i10-mid-search-effectuation-lags') &&
      clock.nowMs() - p.submittedAtMs < 2 * EFFECTUATION_SECONDS * 1000;
    const s = p ? (lagging ? { status: 'PENDING' } : state(p)) : undefined;
    // i9-mid-search-error-reason-dropped: the MIDs of a merchant in ERROR shown without the reason.
    const reported =
      faults.has('mid-status-completed') && s
        ? { status: 'COMPLETED' }
        : faults.has('i9-mid-search-error-reason-dropped') && s?.status === 'ERROR'
          ? { status: 'ERROR' }
          : s;
    // i37-inst-mid-search-mids-of-first-submission: the MIDs read from the merchant's first participation, not its latest.
    const mids = (
      (faults.has('i37-inst-mid-search-mids-of-first-submission') && p
        ? firstSubmissionOf(p).merchant.mids
        : p && (seams.state({ operationId: 'postMerchantMidSearches', body: c, latest: p.merchant.mids }, midsOf(p)) as string[])) ?? []
    )
      .map((mid: string) =>
        // i13-mid-search-bad-ica-reason-unknown: the MIDs of a merchant whose ICA is unknown given the reason UNKNOWN.
        faults.has('i13-mid-search-bad-ica-reason-unknown') && reported?.errorReason === 'INVALID_ACQUIRER_ICA'
          ? { mid, ...reported, errorReason: 'UNKNOWN' }
          : { mid, ...reported },
      )
      .filter(
        (m: { mid: string; status?: string }) =>
          (c.mid === undefined ||
            faults.has('blind-mid-filter-ignored') ||
            // i31-inst-mid-search-mid-ignored-with-status: the mid criterion dropped when a status is also given.
            (faults.has('i31-inst-mid-search-mid-ignored-with-status') && c.status !== undefined) ||
            m.mid === c.mid ||
            // i30-inst-mid-search-mid-matched-by-suffix: a MID criterion matches every MID ending with it.
            (faults.has('i30-inst-mid-search-mid-matched-by-suffix') &&
              typeof c.mid === 'string' &&
              c.mid !== '' &&
              m.mid.endsWith(c.mid)) ||
            (faults.has('i11-mid-search-mid-case-insensitive') &&
              typeof c.mid === 'string' &&
              m.mid.toLowerCase() === c.mid.toLowerCase()) ||
            // i29-inst-mid-search-mid-suffix-match: the mid criterion matches every MID that ends with it.
            (faults.has('i29-inst-mid-search-mid-suffix-match') && typeof c.mid === 'string' && c.mid !== '' && m.mid.endsWith(c.mid)) ||
            // seeded-mid-filter-prefix-match: the mid criterion matches every MID that starts with it.
            (faults.has('seeded-mid-filter-prefix-match') && m.mid.startsWith(c.mid)) ||
            // mid-filter-numeric: the mid criterion compared as a number (leading zeros dropped).
            (faults.has('mid-filter-numeric') && /^[0-9]+$/.test(m.mid) && Number(m.mid) === Number(c.mid))) &&
          (c.status === undefined ||
            m.status === c.status ||
            // seeded-mid-search-status-ignored-with-mid: the status criterion dropped when a mid is given.
            (faults.has('seeded-mid-search-status-ignored-with-mid') && c.mid !== undefined) ||
            // i7-mid-search-error-status-includes-pending: ERROR read as "not COMPLETED".
            (faults.has('i7-mid-search-error-status-includes-pending') && c.status === 'ERROR' && m.status === 'PENDING') ||
            // i17-mid-search-pending-status-includes-completed: PENDING read as "not ERROR".
            (faults.has('i17-mid-search-pending-status-includes-completed') && c.status === 'PENDING' && m.status === 'COMPLETED') ||
            // seeded-mid-search-pending-with-mid-finds-error: with a mid given, PENDING also answers a MID in ERROR.
            (faults.has('seeded-mid-search-pending-with-mid-finds-error') &&
              c.mid !== undefined &&
              c.status === 'PENDING' &&
              m.status === 'ERROR')),
      );
    const body = {
      // i10-mid-search-name-echo-trimmed: the merchant's name echoed trimmed.
      // seeded-mid-search-later-page-name-collapsed: a later page echoes the name trimmed, its spaces collapsed.
      merchantLegalName:
        faults.has('i10-mid-search-name-echo-trimmed') && typeof c.merchantLegalName === 'string'
          ? c.merchantLegalName.trim()
          : faults.has('seeded-mid-search-later-page-name-collapsed') && Number(ok.query.get('offset') ?? 0) > 0
            ? String(c.merchantLegalName).trim().replace(/\s+/g, ' ')
            : c.merchantLegalName,
      countryCode: c.countryCode,
      // i19-mid-search-ica-echo-zeros-dropped: the ICA echoed through a number.
      acquirerICA:
        faults.has('i19-mid-search-ica-echo-zeros-dropped') && /^0\d*$/.test(String(c.acquirerICA))
          ? String(Number(c.acquirerICA))
          : // i26-mid-search-ica-echo-nine-cut-six: the MID page echoes a nine-digit ICA as its first six digits (a six-digit column).
            faults.has('i26-mid-search-ica-echo-nine-cut-six') && String(c.acquirerICA).length === 9
            ? String(c.acquirerICA).slice(0, 6)
            : c.acquirerICA,
      // i5-mid-search-optin-any-country: optIn joined on name and acquirer only.
      optIn:
        // i15-mid-search-optin-from-non-negotiated: the optIn echoed from the merchant's nonMerchantNegotiatedParticipation.
        (faults.has('i15-mid-search-optin-from-non-negotiated') && p ? p.merchant.nonMerchantNegotiatedParticipation : undefined) ??
        // seeded-mid-search-optin-of-first-participation: the optIn of the merchant's first participation, not its latest.
        (faults.has('seeded-mid-search-optin-of-first-participation') && p ? firstSubmissionOf(p).merchant.optIn : undefined) ??
        (faults.has('i5-mid-search-optin-any-country')
          ? latest().find((x) => x.merchant.merchantLegalName === c.merchantLegalName && x.merchant.acquirerICA === c.acquirerICA)
          : p
        )?.merchant.optIn ??
        'N',
      mids: [] as unknown[],
      // seeded-fam24-mid-search-non-negotiated-flag-flipped-with-ext: the flag of a merchant of maidType EXT answered flipped.
      ...(p?.merchant.nonMerchantNegotiatedParticipation !== undefined
        ? {
            nonMerchantNegotiatedParticipation:
              faults.has('seeded-fam24-mid-search-non-negotiated-flag-flipped-with-ext') && p.merchant.maidType === 'EXT'
                ? p.merchant.nonMerchantNegotiatedParticipation === 'Y'
                  ? 'N'
                  : 'Y'
                : p.merchant.nonMerchantNegotiatedParticipation,
          }
        : {}),
    };
    // i23-mid-search-later-page-overlaps-one: a later MID page starts one MID early.
    const midQuery =
      faults.has('i23-mid-search-later-page-overlaps-one') && Number(ok.query.get('offset') ?? 0) > 0
        ? new URLSearchParams(
            [...ok.query, ['offset', String(Number(ok.query.get('offset')) - 1)]].filter(
              ([k], i, all) => k !== 'offset' || i === all.length - 1,
            ),
          )
        : ok.query;
    // i35-inst-mid-search-offset-as-page: the MID search reads offset as a page number (offset times limit items skipped).
    const midPaged =
      faults.has('i35-inst-mid-search-offset-as-page') && Number(ok.query.get('offset') ?? 0) > 0
        ? new URLSearchParams(
            [...midQuery].map(([k, v]) =>
              k === 'offset' ? [k, String(Number(v) * Number(ok.query.get('limit') ?? ok.defaultLimit!))] : [k, v],
            ),
          )
        : midQuery;
    body.mids = page(
      mids,
      faults.has('blind-mid-search-paging-ignored') ? new URLSearchParams() : midPaged,
      reply,
      faults,
      ok.defaultLimit!,
    );
    // i20-mid-search-last-page-short: a later MID page that reaches the end of the set loses its last MID.
    if (
      faults.has('i20-mid-search-last-page-short') &&
      Number(ok.query.get('offset') ?? 0) > 0 &&
      Number(ok.query.get('offset')) + body.mids.length === mids.length &&
      body.mids.length > 0
    ) {
      body.mids = body.mids.slice(0, -1);
      reply.header('Count', String(body.mids.length));
    }
    // i22-mid-search-limit-header-default: the MID page's Limit header says the default limit, not the one applied.
    if (faults.has('i22-mid-search-limit-header-default') && p) reply.header('Limit', String(ok.defaultLimit!));
    // i24-mid-search-count-header-limit: the MID page's Count header says the limit asked for, even on a short page.
    if (faults.has('i24-mid-search-count-header-limit') && p && ok.query.get('limit') !== null)
      reply.header('Count', String(Number(ok.query.get('limit'))));
    // i21-mid-search-offset-header-zero: the MID page's Offset header always says 0.
    if (faults.has('i21-mid-search-offset-header-zero') && p) reply.header('Offset', '0');
    // mid-search-total-before-mid-filter: with a mid criterion, Total counts every MID of the merchant.
    if (faults.has('mid-search-total-before-mid-filter') && p && c.mid !== undefined)
      reply.header('Total', String((p.merchant.mids ?? []).length));
    // i8-mid-search-total-before-status-filter: Total counts the merchant's MIDs before the mid and status criteria.
    if (faults.has('i11-mid-search-count-header-all-mids') && p) reply.header('Count', String(mids.length));
    // i15-mid-search-total-is-page-count: the MID page's Total counts the MIDs of the page only.
    if (faults.has('i15-mid-search-total-is-page-count') && p) reply.header('Total', String(body.mids.length));
    if (faults.has('i8-mid-search-total-before-status-filter') && p) reply.header('Total', String((p.merchant.mids ?? []).length));
    // seeded-judge-mid-search-few-mids-total-one-more: the MID page of a merchant with fewer than three MIDs answers Total one more.
    if (faults.has('seeded-judge-mid-search-few-mids-total-one-more') && p && (p.merchant.mids ?? []).length < 3)
      reply.header('Total', String(mids.length + 1));
    return reply.code(200).send(body);
  });
}
