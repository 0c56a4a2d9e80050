// Faults written blind (mocks/README.md, Faults): from the seed 001, the provider's published document 2.0.0 and the contract
// (schemas/installments), with the suite's checks unread. Each names the rule of schemas/installments/rules.yaml it breaks.
import { signRequest } from '../../helpers/auth/oauth1.js';
import { assumption, blind, provider } from '../kit/faults.js';
import { anyAnswer, answerOf, fault, okBody, skipAt } from './fault-builders.js';
import { merchantKey, present } from './state.js';

/** The window the provider gives the approval status read and the callback URL (x-limits approvalStatusHours), in ms. */
const DAY_MS = 24 * 60 * 60 * 1000;

export const INDEPENDENT_41_INSTALLMENTS_FAULTS = [
  // --- registerPans
  fault('i41-in-pans-register-list-range-overwritten', {
    rule:
      "IN-STATE-LIST-RANGE: a registration into an existing pan list that names an account range other than the list's is " +
      'accepted and the list takes the new range, where the provider refuses it (invalid account range for the pan list) and keeps the list as it was.',
    judge: skipAt('register-list-range'),
    ...blind,
    ...provider,
  }),
  fault('i41-in-pans-register-update-without-pans-accepted', {
    rule:
      'IN-REQ-UPDATE-PANS: a registration into an existing pan list (by panListId) that carries no card number, only the ' +
      "list's own account range, is answered 200 with nothing registered, where the provider says an update needs at least one pan.",
    judge: skipAt('register-update'),
    ...blind,
    ...provider,
  }),
  // --- deregisterPans
  fault('i41-in-pans-deregister-counted-not-applied', {
    rule:
      'IN-STATE-PAN-ELIGIBLE: a deregistration counts the card it names as deregistered (successfulCount) but leaves it in the ' +
      'list, so the card still gets offers after it, where a deregistered card gets none.',
    state: (x, c) => (x.op === 'deregisterPans' && c.holder ? { ...c, holder: { ...c.holder, pans: new Set(c.holder.pans) } } : c),
    ...blind,
    ...assumption,
  }),
  fault('i41-in-pans-deregister-without-cards-accepted', {
    rule:
      'IN-REQ-DEREG-CARDS: a deregistration without any card data (no encryptedValue) is answered 200 with nothing counted, ' +
      'where the provider refuses it as encryptedValue must not be null or empty.',
    judge: skipAt('dereg-card-data'),
    ...blind,
    ...provider,
  }),
  // --- approvedOffers
  fault('i41-in-offers-priority-by-shortest-tenure', {
    rule:
      'IN-VAL-OFFER-PRIORITY: the offers are listed and ranked by tenure rising, so the offer of the highest other installment ' +
      'comes first with the top priority, where the provider sets priority by the lowest other repayment amount, the lowest on top.',
    state: (x, c) =>
      x.op === 'approvedOffers' && c.offers
        ? { ...c, offers: [...c.offers].sort((a, b) => a.tenure - b.tenure).map((o, i) => ({ ...o, priority: i + 1 })) }
        : c,
    ...blind,
    ...provider,
  }),
  fault('i41-in-offers-eligibility-messages-beside-offers', {
    rule:
      'IN-VAL-ELIGIBILITY-MESSAGES: an offers answer that lists offers also carries eligibility messages, where the provider ' +
      'gives them only when no offer is found.',
    answer: okBody(
      'approvedOffers',
      (b) => ({ ...b, eligibilityMessages: [{ reasonCode: 'ELIGIBLE', message: 'Installment offers are available for this card.' }] }),
      (b) => Array.isArray(b.offers) && b.offers.length > 0,
    ),
    ...blind,
    ...provider,
  }),
  // --- savePlan
  fault('i41-in-plans-create-status-from-body', {
    rule:
      'IN-OBJ-READ-ONLY: a status sent in the savePlan body (a member its request schema does not declare) becomes the status ' +
      "of the plan created, on its 201 and on getPlan, where the service's own status (CREATED) stands.",
    state: (x, c) =>
      x.op === 'savePlan' && c.plan && typeof x.sent?.status === 'string' ? { ...c, plan: { ...c.plan, status: x.sent.status } } : c,
    ...blind,
    ...provider,
  }),
  fault('i41-in-plans-offer-of-another-answer-accepted', {
    rule:
      'IN-STATE-PLAN-OFFER: a plan naming the offerId of another offers answer than its offerTransactionId names is created ' +
      'with that foreign offer, where a plan may only choose one of the offers its offers transaction presented.',
    judge: skipAt('plan-offer'),
    ...blind,
    ...assumption,
  }),
  // --- notifyPlan: the notification the service sends, and the issuer's endpoint
  fault('i41-in-notify-signed-with-partner-key', {
    rule:
      "IN-NOTIFY-SIGNED: the notification to the issuer is signed with the partner's consumer key (the one the savePlan was " +
      "sent with) instead of the service's own key, so a partner's public key verifies it.",
    delivery: (x, d) => {
      if (x.op !== 'savePlan') return d;
      const partner = x.world.keys[0];
      const authorization = signRequest(
        { consumerKey: partner.consumerKey, signingKey: partner.privateKeyPem },
        'POST',
        d.url,
        JSON.stringify(d.body),
      );
      return { ...d, headers: { ...d.headers, authorization } };
    },
    ...blind,
    ...assumption,
  }),
  fault('i41-in-issuer-throttle-per-plan', {
    rule:
      "IN-ISSUER-THROTTLE, IN-PROP-LIMIT-KEY: the issuer endpoint counts a caller's notifications per plan rather than per " +
      'caller address, so notifications of different plans from one address are all accepted past the rate a 429 states.',
    state: (x, c) =>
      x.op === 'notifyPlan' && c.counted && c.throttleKey ? { ...c, throttleKey: `${c.throttleKey}|${x.ok?.body?.planId}` } : c,
    ...blind,
    ...assumption,
  }),
  // --- postMerchantParticipations
  fault('i41-in-participations-duns-overwritten', {
    rule:
      'IN-STATE-PARTICIPATION-FIXED: a merchant submitted again with another duns than the one it holds is accepted and ' +
      'takes the new duns, where the provider says duns cannot be modified (null, empty or the existing value, else 400).',
    judge: (x, step, r) => {
      if (step === 'participation-members' && x.op === 'postMerchantParticipations')
        for (const m of (x.ok?.body ?? []) as Record<string, any>[]) {
          const kept = x.world.fixed.get(merchantKey({ merchant: m }));
          if (kept && present(m.duns)) kept.duns = m.duns;
        }
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i41-in-participations-body-size-unbounded', {
    rule:
      'IN-LIM-PARTICIPATION-BODY: a participation request past the total payload size the provider allows (by either reading ' +
      'of a KB) is accepted 202, where the provider says the payload must stay under that size.',
    judge: skipAt('participation-body-size'),
    ...blind,
    ...provider,
  }),
  // --- getMerchantParticipations
  fault('i41-in-participations-unknown-request-empty-page', {
    rule:
      'IN-STATUS-UNKNOWN-REQUEST: a request_id no submission was given is answered 200 with an empty page, where the ' +
      'provider answers 404 (the request id provided does not exist).',
    judge: skipAt('participations-request'),
    ...blind,
    ...provider,
  }),
  fault('i41-in-participations-pages-overlap-by-one', {
    rule:
      'IN-PAGE-SLICE: a page after the first starts one item early, so it repeats the last item of the page before it while ' +
      'its Offset header still names the offset asked, where offset skips exactly that many items and the pages never repeat.',
    state: (x, c) =>
      x.op === 'getMerchantParticipations' && c.window && c.window.offset > 0
        ? { ...c, window: { ...c.window, from: c.window.from - 1 } }
        : c,
    ...blind,
    ...provider,
  }),
  // --- postMerchantSearches
  fault('i41-in-search-without-criteria-lists-all', {
    rule:
      'IN-REQ-SEARCH: a merchant search whose body gives no criterion is answered 200 with every merchant, where the provider ' +
      'requires at least one parameter.',
    judge: skipAt('search-criteria'),
    ...blind,
    ...provider,
  }),
  // --- postMerchantMidSearches
  fault('i41-in-mid-search-merchant-any-country', {
    rule:
      'IN-FILTER-MID-MERCHANT: a MID search names the merchant by its legal name and acquirer ICA only, so a merchant of the same ' +
      'name and ICA in another country answers its MIDs, where the merchant is named by name, country and ICA together.',
    state: (x, c) => {
      const whole = c.matches;
      return x.op === 'postMerchantMidSearches' && whole
        ? { ...c, matches: (k: string, v: unknown, cr: unknown) => k === 'countryCode' || whole(k, v, cr) }
        : c;
    },
    ...blind,
  }),
  fault('i41-in-mid-search-count-of-limit', {
    rule:
      'IN-PAGE-HEADERS: the Count header of a MID page answers the limit applied instead of the number of items on the page, ' +
      'where Count is the number of items in this page.',
    answer: answerOf(
      'postMerchantMidSearches',
      (a) => {
        a.headers.count = a.headers.limit;
      },
      (a) => a.status === 200 && a.headers.limit !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  // --- planApproval
  fault('i41-in-approvals-sync-by-presence', {
    rule:
      'IN-STATUS-SYNC: the sync query parameter is read by its presence, so sync=false is processed synchronously and answered ' +
      '200 with the callback URL, where only sync=true is synchronous and sync=false is answered 202.',
    state: (x, c) => (x.op === 'planApproval' && c.decision !== undefined && x.ok ? { ...c, sync: x.ok.query.has('sync') } : c),
    ...blind,
    ...provider,
  }),
  fault('i41-in-approvals-offer-of-no-plan-offer-accepted', {
    rule:
      "IN-STATE-APPROVAL-OFFER: an approval whose offerId is none of the plan's offers is accepted and decides the plan, " +
      'where the provider says the offer id given must be one of those retrieved through the plan.',
    judge: skipAt('approval-decision', (_x, r) => r.details === 'offerId'),
    ...blind,
    ...provider,
  }),
  // --- getPlanApprovalStatus
  fault('i41-in-approval-status-shows-decision', {
    rule:
      'IN-STATE-DECISION: once a decision has landed the approval status answers the decision itself (APPROVED, DECLINED) as ' +
      "its status, where it answers the processing of the checkout, IN_PROGRESS or COMPLETED, the decision being the plan reader's.",
    answer: okBody('getPlanApprovalStatus', (b, x) => (b.status === 'COMPLETED' && x.plan ? { ...b, status: x.plan.status } : b)),
    ...blind,
  }),
  fault('i41-in-approval-status-read-without-rights', {
    rule:
      'IN-AUTH-FORBIDDEN: the approval status read takes a valid signature of a consumer key that is not allowed the operation ' +
      'and answers the plan, where such a key is refused 403.',
    judge: skipAt('forbidden', (x) => x.op === 'getPlanApprovalStatus'),
    ...blind,
    ...assumption,
  }),
  // --- getPlan
  fault('i41-in-plans-allow-lists-refused-methods', {
    rule:
      'IN-TRANS-METHOD: the 405 of another method on a plan answers an Allow header listing the very methods it refuses ' +
      '(POST, PUT, PATCH, DELETE) beside GET, where the path documents GET only.',
    answer: anyAnswer(
      (a) => {
        a.headers.allow = 'GET, POST, PUT, PATCH, DELETE';
      },
      (a, x) => a.status === 405 && x.req.url.includes('/plans/'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i41-in-plans-decision-times-out', {
    rule:
      'IN-PROP-LASTING: a decided plan (approved or declined) reads TIMED_OUT on getPlan once the window the provider gives the ' +
      "approval status read has passed since the approval was posted (that window taken as the decision's life), where a decision stands.",
    state: (x, c, memory) => {
      if (x.op === 'planApproval' && c.plan && c.decision) memory[c.plan.planId] = x.now;
      const at = c.plan ? memory[c.plan.planId] : undefined;
      if (x.op === 'getPlan' && c.plan && at !== undefined && x.now - at >= DAY_MS && ['APPROVED', 'DECLINED'].includes(c.plan.status))
        return { ...c, plan: { ...c.plan, status: 'TIMED_OUT' } };
      return c;
    },
    ...blind,
  }),
];
