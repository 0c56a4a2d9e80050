// Installments faults written blind (docs: seed 001, provider 2.0.0, the contract and the rule catalogue; the suite unread).
// Each bends one documented statement at a seam of seams.ts, or loosens the contract's copy (relax).
import { blind, provider, schema } from '../kit/faults.js';
import { answerOf, fault, okBody } from './fault-builders.js';
import { EFFECTUATION_SECONDS, type Participation } from './state.js';

/** A participation's effectuation as completed now (merchants.ts: COMPLETED once its period is past, its acquirer ICA known). */
const completed = (p: Participation, now: number, icas: string[]) =>
  now - p.submittedAtMs >= EFFECTUATION_SECONDS * 1000 && icas.includes(p.merchant.acquirerICA);

export const INDEPENDENT_40_INSTALLMENTS_FAULTS = [
  // --- registerPans
  fault('i40-in-pans-count-duplicate-in-request-twice', {
    rule: 'IN-VAL-PAN-COUNTS, IN-PROP-COUNTS: a card sent twice in one registration is counted registered twice (the second copy a success, not a failure as a card already in the list), so successfulCount exceeds the cards the list took.',
    state: (x, c, m) => {
      // The list's cards as the registration starts taking them (before any card of this request is added).
      if (x.op === 'registerPans' && c.list) (m.held ??= new WeakMap()).set(x.req, new Set(c.list.pans));
      return c;
    },
    // A card the list held before this request stays a failure; one added earlier in this same request passes again.
    judge: (x, step, r, m) =>
      x.op === 'registerPans' && step === 'register-duplicate' && r && !m.held?.get(x.req)?.has(x.card) ? undefined : r,
    ...provider,
    ...blind,
  }),
  fault('i40-in-pans-name-dropped-on-registration-by-id', {
    rule: "IN-ECHO-PANLIST: a registration into an existing list named by its panListId answers the panList without the list's panListName (only its id), though the list has a name.",
    answer: okBody('registerPans', (body, x) => {
      if (x.ok?.body?.panListId !== undefined && body.panList) delete body.panList.panListName;
    }),
    ...provider,
    ...blind,
  }),
  // --- deregisterPans
  fault('i40-in-dereg-absent-card-counted-success', {
    rule: 'IN-VAL-PAN-COUNTS: deregistering a card the list does not hold (one already deregistered, sent again) is counted a success instead of a failure, as if a repeated removal succeeded again.',
    state: (x, c) =>
      x.op === 'deregisterPans' && c.pan !== undefined && 'holder' in c && !c.holder && x.list ? { ...c, holder: x.list } : c,
    ...provider,
    ...blind,
  }),
  fault('i40-in-dereg-last-card-deletes-list', {
    rule: 'IN-PROP-WRITE-SCOPE: deregistering the last card of a list deletes the list itself, so a later registration into it by panListId is refused as an unknown list (seed: pans are deregistered from an existing list, the list stays).',
    state: (x, c) => {
      if (x.op === 'deregisterPans' && c.list && c.removed !== undefined && c.removed > 0 && c.list.pans.size === 0)
        x.world.panLists.delete(c.list.panListId);
      return c;
    },
    ...blind,
  }),
  // --- approvedOffers
  fault('i40-in-offers-end-at-begin', {
    rule: 'IN-VAL-OFFER-TERMS: every offer answers an offerEndDatetime equal to its offerBeginDatetime (an offer ending the instant it starts), not later than it.',
    answer: okBody('approvedOffers', (body) => {
      for (const o of body.offers ?? []) o.offerEndDatetime = o.offerBeginDatetime;
    }),
    ...provider,
    ...blind,
  }),
  fault('i40-in-offers-symbol-dollar-any-currency', {
    rule: "IN-VAL-OFFER-CURRENCY: every offer's currencySymbol is the dollar sign whatever the transaction's currency (a purchase in euros offered in dollars' symbol).",
    answer: okBody('approvedOffers', (body) => {
      for (const o of body.offers ?? []) o.currencySymbol = '$';
    }),
    ...provider,
    ...blind,
  }),
  // --- savePlan
  fault('i40-in-plan-created-answered-200', {
    rule: 'IN-STATUS-PLAN-CREATED: a plan created is answered 200 instead of the 201 the provider documents for a created plan (the body and Location unchanged).',
    answer: answerOf(
      'savePlan',
      (a) => ({ ...a, status: 200 }),
      (a) => a.status === 201,
    ),
    ...provider,
    ...blind,
  }),
  fault('i40-in-notify-sent-twice', {
    rule: 'IN-NOTIFY-EXACT: one plan selected sends its notification to the issuer twice (the same plan notified again at once), not exactly once.',
    delivery: (x, d, m) => {
      if (x.op === 'savePlan' && x.plan && x.notify && !m.again) {
        m.again = true;
        try {
          x.notify(x.plan);
        } finally {
          m.again = false;
        }
      }
      return d;
    },
    ...blind,
  }),
  // --- notifyPlan (the outbound notification)
  fault('i40-in-notify-outside-range-first-issuer', {
    rule: "IN-NOTIFY-NONE: a plan whose card falls in no configured issuer's account range is notified to the first configured issuer all the same, instead of to none.",
    state: (x, c) => (x.op === 'savePlan' && 'issuer' in c && !c.issuer && c.pan !== undefined ? { ...c, issuer: x.world.issuers[0] } : c),
    ...blind,
  }),
  // --- getPlan
  fault('i40-in-plan-mcc-leading-zero-dropped', {
    rule: "IN-ECHO-PLAN: getPlan reads the plan's merchant mcc back as a number's text, its leading zeros dropped, not byte for byte as the offers request named it.",
    state: (x, c) =>
      x.op === 'getPlan' && c.plan
        ? { ...c, plan: { ...c.plan, merchant: { ...c.plan.merchant, mcc: String(Number(c.plan.merchant.mcc)) } } }
        : c,
    ...blind,
  }),
  fault('i40-in-plan-found-by-provider-id', {
    rule: "IN-PROP-ID-NAMES-ONE: getPlan given a plan's providerId as its plan_id answers that plan (the lookup falls back to the providerId), instead of 404 for an id naming no plan.",
    judge: (x, step, r) => {
      if (x.op !== 'getPlan' || step !== 'plan-found' || !r) return r;
      const id = (x.req.params as { plan_id?: string }).plan_id;
      x.plan = [...x.world.plans.values()].find((p) => p.providerId === id);
      return x.plan ? undefined : r;
    },
    ...blind,
  }),
  // --- planApproval
  fault('i40-in-approval-sync-default-true', {
    rule: 'IN-STATUS-SYNC: an approval sent without the sync parameter is taken as synchronous (200 with the callback URL, the decision applied at once), not as its documented default false (202).',
    state: (x, c) => (x.op === 'planApproval' && 'sync' in c && x.ok?.query.get('sync') === null ? { ...c, sync: true } : c),
    ...provider,
    ...blind,
  }),
  fault('i40-in-approval-decision-pending-accepted', {
    rule: 'IN-ENUM-DECISION: an approval whose status is a value the decision enum does not list (PENDING) is accepted and recorded, not refused 400.',
    relax: schema('ApprovalDecision', { add: { enum: ['PENDING'] } }),
    ...blind,
  }),
  // --- getPlanApprovalStatus
  fault('i40-in-approval-status-declined-no-callback', {
    rule: 'IN-ECHO-CALLBACK: the checkout status of a plan whose decline has landed answers COMPLETED without the callback URL to the payment service provider (seed: the status of checkout and the callback URL).',
    answer: okBody('getPlanApprovalStatus', (body, x) => {
      if (x.plan?.status === 'DECLINED') delete body.callbackUrl;
    }),
    ...blind,
  }),
  fault('i40-in-approval-status-pending-not-found', {
    rule: 'IN-STATE-DECISION: while an asynchronous decision has not landed, the checkout status of its plan is 404 (as if no plan) instead of IN_PROGRESS.',
    judge: (x, step, r) =>
      x.op === 'getPlanApprovalStatus' && step === 'approval-status-plan' && !r && x.plan?.pending && x.now < x.plan.pending.atMs
        ? { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' }
        : r,
    ...blind,
  }),
  // --- postMerchantParticipations
  fault('i40-in-participation-refused-batch-keeps-head', {
    rule: 'IN-PROP-REFUSED-NO-TRACE: a batch refused 400 at one participation keeps the participations before it (they are submitted and later read), instead of recording nothing.',
    state: (x, c) => {
      if (x.op !== 'postMerchantParticipations' || c.refusedAt === undefined || !Array.isArray(x.ok?.body)) return c;
      const requestId = String(Date.now());
      const head = (x.ok.body as Record<string, any>[]).slice(0, c.refusedAt);
      return { ...c, participations: head.map((merchant) => ({ requestId, merchant, submittedAtMs: x.now })) };
    },
    ...blind,
  }),
  fault('i40-in-participation-wallet-id-past-max', {
    rule: "IN-RANGE-WALLETID: a wallet's walletId one past the schema's maximum is accepted, not refused 400.",
    relax: schema('Wallet.walletId', { shift: { maximum: 1 } }),
    ...provider,
    ...blind,
  }),
  // --- getMerchantParticipations
  fault('i40-in-participations-total-counts-uncompleted', {
    rule: 'IN-PAGE-HEADERS, IN-DERIVED-VIEW: the completed merchants list answers a Total header counting every merchant, pending and failed ones too, not the size of the set it lists.',
    answer: answerOf(
      'getMerchantParticipations',
      (a, x) => ({ ...a, headers: { ...a.headers, total: String(x.world.merchants.size) } }),
      (a, x) => a.status === 200 && x.ok?.query.get('request_id') === null,
    ),
    ...provider,
    ...blind,
  }),
  fault('i40-in-participations-by-request-completed-only', {
    rule: 'IN-FILTER-REQUEST-ID: a request_id read answers only the participations whose effectuation completed, so a request still pending answers 404, not its participations with their status (seed: acquirers fetch the effectuation status updates).',
    judge: (x, step, r) => {
      if (x.op !== 'getMerchantParticipations' || step !== 'participations-request' || r || !x.participations) return r;
      x.participations = x.participations.filter((p) => completed(p, x.now, x.world.acquirerIcas));
      return x.participations.length
        ? undefined
        : { status: 404, reasonCode: 'NOT_FOUND', description: 'No participation request with this request_id.', details: 'request_id' };
    },
    ...blind,
  }),
  // --- postMerchantSearches
  fault('i40-in-search-criteria-either', {
    rule: 'IN-FILTER-COUNTRY, IN-FILTER-ICA: a search giving both a countryCode and an acquirerICA finds the merchants matching either, so a merchant of another country under that acquirer is listed (each criterion narrows the search).',
    state: (x, c, m) => {
      if (x.op !== 'postMerchantSearches') return c;
      const cr = c.criteria;
      if (cr && cr.countryCode !== undefined && cr.acquirerICA !== undefined && c.matches) {
        m.either = true;
        let ica = false;
        // acquirerICA is compared first, then countryCode (merchants.ts): the country passes where the ICA did.
        const matches = (key: string, value: unknown, criterion: unknown) => {
          if (key === 'acquirerICA') {
            ica = value === criterion;
            return true;
          }
          if (key === 'countryCode') return ica || value === criterion;
          return value === criterion;
        };
        return { ...c, matches };
      }
      if (c.participations && m.either) {
        m.either = false;
        return { ...c, participations: [...x.world.merchants.values()] };
      }
      return c;
    },
    ...blind,
  }),
  // --- postMerchantMidSearches
  fault('i40-in-mids-limit-header-default', {
    rule: 'IN-PAGE-HEADERS: a MID search given a limit answers the Limit header with the default page size, not the limit applied (the page itself cut at the limit given).',
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.window && x.ok?.defaultLimit !== undefined
        ? { ...c, window: { ...c.window, limit: x.ok.defaultLimit } }
        : c,
    ...provider,
    ...blind,
  }),
  fault('i40-in-mid-search-status-error-refused', {
    rule: 'IN-ENUM-MIDSTATUS: a MID search by the status ERROR, a value the schema lists, is refused 400.',
    relax: schema('MidSearchRequest.status', { set: { not: { const: 'ERROR' } } }),
    ...provider,
    ...blind,
  }),
];
