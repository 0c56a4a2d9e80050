// Merchant participations (POST/GET /merchants/participations), merchant search (POST /merchants/searches) and MID search
// (POST /merchants/mids/searches): reference, Main fields - Merchant participation and search; Flows - lender app.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MockContext } from '../kit/context.js';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';
import { sendError, sendRefusal } from './errors.js';
import { invalidMembers, page, type Guard } from './guard.js';
import { exchangeOf, type Exchange, type InstallmentsSeams } from './seams.js';
import {
  present,
  addParticipation,
  EFFECTUATION_SECONDS,
  FIXED,
  merchantCandidates,
  merchantKey,
  type InstallmentsState,
  type Participation,
} from './state.js';

/** ISO 3166 alpha-3 codes with no postal code: the mock's list (provider 2.0.0 Address.postalCode: "if the country has" one). */
const NO_POSTAL_CODES = new Set(
  'AGO ATG ABW BHS BLZ BEN BOL BWA BFA BDI CMR CAF TCD COM COG COD CIV COK CUW DJI DMA GNQ ERI FJI ATF GAB GMB GHA GRD GUY HKG KIR PRK MAC MWI MLI MRT NRU NIU QAT RWA KNA LCA STP SYC SLE SXM SLB SUR SYR TLS TGO TKL TON TTO TUV UGA ARE VUT YEM ZWE'.split(
    ' ',
  ),
);

/** A participation's market (provider 2.0.0, postMerchantParticipations' table): MAID (it names a maid), Australia MID or MID. */
const marketOf = (m: Record<string, any>) =>
  m.maid !== undefined ? 'MAID' : String(m.countryCode ?? '').toUpperCase() === 'AUS' ? 'AUS' : 'MID';

/** What an added merchant lacks (provider 2.0.0, postMerchantParticipations "Mandatory In Add Operation"; Address.city, postalCode). */
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

// optIn, mandatory when adding and updating in every market (provider 2.0.0, its table); in the MID market nonMerchantNegotiated-
// Participation stands for it for "previously onboarded customers", which the mock takes its partners to be.
const optedMissing = (m: Record<string, any>): string[] =>
  m.optIn === undefined && !(marketOf(m) === 'MID' && m.nonMerchantNegotiatedParticipation !== undefined) ? ['optIn'] : [];

/** The criteria of a merchant search (provider 2.0.0, MerchantSearchParameters). */
const SEARCH_CRITERIA = ['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'] as const;

export function registerMerchants(
  app: FastifyInstance,
  prefix: string,
  ctx: MockContext,
  world: InstallmentsState,
  guard: Guard,
  contract: Contract,
) {
  const { faults, clock } = ctx;
  /** provider 2.0.0, postMerchantParticipations: the whole payload stays under 700 KB (x-limits participationBodyBytes). */
  const BODY_BYTES = limitOf(contract, 'participationBodyBytes');
  const seams = faults.seams<InstallmentsSeams>();
  const exchange = (req: FastifyRequest) => exchangeOf(req, world, () => clock.nowMs());
  /** A criterion compared whole: the value itself (provider 2.0.0, MerchantSearchParameters, MerchantMidSearchParameters). */
  const whole = (_key: string, value: unknown, criterion: unknown) => value === criterion;

  /** A participation's effectuation as read now: PENDING for a period, then COMPLETED, or ERROR for an acquirer ICA the service does not know (reference). */
  const state = (x: Exchange, p: Participation): { status: string; errorReason?: string } => {
    const due = clock.nowMs() - p.submittedAtMs >= EFFECTUATION_SECONDS * 1000;
    const effectuation = !due
      ? { status: 'PENDING' }
      : world.acquirerIcas.includes(p.merchant.acquirerICA)
        ? { status: 'COMPLETED' }
        : { status: 'ERROR', errorReason: 'INVALID_ACQUIRER_ICA' };
    return seams.state(x, { participation: p, effectuation }).effectuation!;
  };
  // provider 2.0.0 Merchant: a MAID merchant's maid is answered in maids (the answered Merchant has no maid member).
  const view = (x: Exchange, p: Participation): Record<string, any> => ({
    ...p.merchant,
    ...(p.merchant.maid !== undefined ? { maids: [p.merchant.maid] } : {}),
    ...state(x, p),
  });
  const latest = () => [...world.merchants.values()];
  /** provider 2.0.0, postMerchantParticipations: the MIDs sent for an existing merchant join those of its every participation. */
  const midsOf = (p: Participation): string[] => [
    ...new Set(world.participations.filter((q) => merchantKey(q) === merchantKey(p)).flatMap((q) => q.merchant.mids ?? [])),
  ];

  app.post(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantParticipations');
    const x = exchange(req);
    if (!ok) {
      // A refused batch records nothing (IN-PROP-REFUSED-NO-TRACE).
      seams.state(x, {});
      return reply;
    }
    const refused =
      seams.judge(
        x,
        'participation-body-size',
        typeof req.body === 'string' && Buffer.byteLength(req.body) >= BODY_BYTES
          ? { status: 400, reasonCode: 'invalid.request.parameter', description: 'The request body is over 700 KB.' }
          : undefined,
      ) ??
      // The members' bounds beyond the schema: none (a fault may refuse one).
      seams.judge(x, 'participation-members', undefined);
    if (refused) return sendRefusal(reply, refused);
    // provider 2.0.0 postMerchantParticipations: what a participation must carry (its table of fields mandatory adding and updating;
    // Address.city and postalCode), what it may not change (a MAID once entered; duns null, empty or the value held), each refused 400
    // as BadRequestError's examples. A merchant is named by legal name, country and acquirer ICA ("a unique MAID-based merchant is
    // identified by" the three; the same text later names a MAID merchant by legal name and country alone: the first reading is taken).
    // A batch refused at one participation keeps none of it, those before it included (IN-PROP-REFUSED-NO-TRACE): the state seam.
    const refusedAt = (i: number) => {
      for (const p of seams.state(x, { participations: [], refusedAt: i }).participations ?? []) addParticipation(world, p);
    };
    for (const [i, merchant] of (ok.body as Record<string, any>[]).entries()) {
      const fixed = world.fixed.get(merchantKey({ merchant }));
      const changed = FIXED.find((k) => present(merchant[k]) && present(fixed?.[k]) && merchant[k] !== fixed?.[k]);
      if (changed) {
        refusedAt(i);
        return sendError(
          reply,
          400,
          'invalid.request.body.parameter',
          "Value doesn't exist / doesn't meet specified range",
          `${i}.${changed}`,
        );
      }
      const missing = (fixed ? [] : addedMissing(merchant)).concat(optedMissing(merchant));
      if (missing.length) {
        refusedAt(i);
        return sendError(
          reply,
          400,
          'invalid.request.body.parameter',
          'One or more of the required fields are missing',
          `${i}.${missing[0]}`,
        );
      }
    }
    const requestId = String(randomInt(1, 2 ** 40) * 1000 + (world.participations.length % 1000));
    // An update names the members it changes (provider 2.0.0 postMerchantParticipations: its table makes only the identity and
    // optIn mandatory in an update); a member it leaves out keeps the merchant's value (@assumption, reference/installments.md).
    for (const submitted of ok.body as Record<string, any>[]) {
      const earlier = world.merchants.get(merchantKey({ merchant: submitted }))?.merchant;
      const { merchant } = seams.state(exchange(req), { merchant: { ...earlier, ...submitted }, earlier });
      addParticipation(world, { requestId, merchant: merchant!, submittedAtMs: clock.nowMs() });
    }
    // provider 2.0.0, Location example: `merchants/participations?request_id=<id>`.
    reply.header('Location', `merchants/participations?request_id=${requestId}`);
    return reply.code(202).send();
  });

  app.get(`${prefix}/merchants/participations`, async (req, reply) => {
    const ok = await guard(req, reply, 'getMerchantParticipations');
    if (!ok) return reply;
    const x = exchange(req);
    const requestId = ok.query.get('request_id');
    let items: Record<string, any>[];
    if (requestId !== null) {
      x.participations = world.participationsByRequest.get(requestId) ?? [];
      const unknown = seams.judge(
        x,
        'participations-request',
        x.participations.length === 0
          ? { status: 404, reasonCode: 'NOT_FOUND', description: 'No participation request with this request_id.', details: 'request_id' }
          : undefined,
      );
      if (unknown) return sendRefusal(reply, unknown);
      items = x.participations.map((p) => view(x, p));
    } else {
      // seed 001: merchants "whose effectuation request is completed".
      const { participations, statuses } = seams.state(x, { participations: latest(), statuses: ['COMPLETED'] });
      items = participations!.map((p) => view(x, p)).filter((m) => statuses!.includes(m.status));
    }
    return reply.code(200).send(page(items, x, reply, seams));
  });

  app.post(`${prefix}/merchants/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantSearches');
    if (!ok) return reply;
    const x = exchange(req);
    // provider 2.0.0, postMerchantSearches: "at least one parameter is required" (prose, no schema rule).
    const none = seams.judge(
      x,
      'search-criteria',
      SEARCH_CRITERIA.some((key) => ok.body[key] !== undefined)
        ? undefined
        : invalidMembers([{ field: 'body', keyword: 'required', message: `give at least one of ${SEARCH_CRITERIA.join(', ')}` }]),
    );
    if (none) return sendRefusal(reply, none);
    // provider 2.0.0, MerchantSearch: the participation status is `status`; the criterion is merchantParticipationStatus.
    // The legal name is found within the merchant's, without case; every other criterion is compared whole.
    const { criteria: c, matches } = seams.state(x, { criteria: { ...ok.body }, matches: whole });
    const name = c!.merchantLegalName?.toLowerCase();
    // The criteria narrow the merchants through the indexes of state.ts (the acquirer's while compared whole), then each is compared.
    const candidates = merchantCandidates(world, {
      merchantLegalName: c!.merchantLegalName,
      acquirerICA: matches === whole ? c!.acquirerICA : undefined,
      countryCode: c!.countryCode,
    });
    const found = seams
      .state(x, { participations: candidates })
      .participations!.map((p) => view(x, p))
      .filter(
        (m) =>
          (name === undefined || m.merchantLegalName.toLowerCase().includes(name)) &&
          (c!.merchantParticipationStatus === undefined || m.status === c!.merchantParticipationStatus) &&
          (['acquirerICA', 'countryCode', 'maid'] as const).every((key) => c![key] === undefined || matches!(key, m[key], c![key])),
      );
    return reply.code(200).send(page(found, x, reply, seams));
  });

  app.post(`${prefix}/merchants/mids/searches`, async (req, reply) => {
    const ok = await guard(req, reply, 'postMerchantMidSearches');
    if (!ok) return reply;
    const x = exchange(req);
    const sent = ok.body as Record<string, string>;
    // provider 2.0.0, MerchantMidSearchParameters: the merchant named by its legal name, country and acquirer ICA, its MIDs
    // narrowed by the mid and status criteria, each compared whole.
    const { criteria: c, matches } = seams.state(x, { criteria: { ...sent }, matches: whole });
    const p = latest().find((q) =>
      (['merchantLegalName', 'countryCode', 'acquirerICA'] as const).every((k) => matches!(k, q.merchant[k], c![k])),
    );
    const s = p ? state(x, p) : undefined;
    const mids = ((p && seams.state(x, { mids: midsOf(p), latestMids: p.merchant.mids }).mids) ?? [])
      .map((mid: string) => ({ mid, ...s }))
      .filter(
        (m: { mid: string; status?: string }) =>
          (c!.mid === undefined || matches!('mid', m.mid, c!.mid)) && (c!.status === undefined || m.status === c!.status),
      );
    const body = {
      merchantLegalName: sent.merchantLegalName,
      countryCode: sent.countryCode,
      acquirerICA: sent.acquirerICA,
      optIn: p?.merchant.optIn ?? 'N',
      mids: page(mids, x, reply, seams),
      ...(p?.merchant.nonMerchantNegotiatedParticipation !== undefined
        ? { nonMerchantNegotiatedParticipation: p.merchant.nonMerchantNegotiatedParticipation }
        : {}),
    };
    return reply.code(200).send(body);
  });
}
