// Installments faults written blind (i39): from seed 001, the provider's published document 2.0.0 and the contract only, the suite
// unread. Each names the statement it breaks and bends the behaviour modules at their seams (seams.ts), one or two per operation.
import { randomUUID } from 'node:crypto';
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, okBody } from './fault-builders.js';
import type { Exchange } from './seams.js';
import type { PanList } from './state.js';

const DAY_MS = 86_400_000;

/** The list a registration named, where a fault took the cards into another one (i39-in-register-pans-into-latest-list). */
const named = new WeakMap<Exchange, PanList>();
const sameRange = (a: PanList, b: PanList) =>
  !a.accountRange ||
  !b.accountRange ||
  (a.accountRange.accountRangeLow === b.accountRange.accountRangeLow &&
    a.accountRange.accountRangeHigh === b.accountRange.accountRangeHigh);

export const INDEPENDENT_39_INSTALLMENTS_FAULTS = [
  // --- registerPans: a decision applied to the wrong object of one owner (the caller's latest list, not the one named)
  fault('i39-in-register-pans-into-latest-list', {
    rule: "IN-OPTIONAL-IDS, IN-VAL-PAN-COUNTS: a registration naming an existing list by panListId puts its cards into the caller's most recently created list of the same range, while its answer still names the list sent, where provider 2.0.0 ExistingPanListIdRegistrationRequest adds the pans to the list panListId names",
    ...provider,
    judge: (x, step, refusal) => {
      if (x.op !== 'registerPans' || step !== 'register-list' || refusal || !x.list) return refusal;
      const latest = [...x.world.panLists.values()].at(-1);
      if (!latest || latest === x.list || !sameRange(latest, x.list)) return refusal;
      named.set(x, x.list);
      x.list = latest;
      return refusal;
    },
    answer: okBody('registerPans', (body, x) => {
      const asked = named.get(x);
      if (asked) body.panList = { panListId: asked.panListId, ...(asked.panListName ? { panListName: asked.panListName } : {}) };
    }),
    ...blind,
  }),
  // --- deregisterPans: a repeated call (the card counted removed, and kept)
  fault('i39-in-deregister-counts-card-kept', {
    rule: 'IN-VAL-PAN-COUNTS, IN-STATE-PAN-ELIGIBLE: a deregistration counts a listed card successful but leaves it in the list, so the same deregistration sent again succeeds again and the card keeps its offers, where provider 2.0.0 deregisterPans removes the PANs from the list',
    ...provider,
    state: (x, change) =>
      x.op === 'deregisterPans' && change.holder ? { ...change, holder: { ...change.holder, pans: new Set(change.holder.pans) } } : change,
    ...blind,
  }),
  // --- getMerchantParticipations: the completed list takes a failed effectuation (lifecycle)
  fault('i39-in-completed-list-shows-failed', {
    rule: 'IN-FILTER-COMPLETED, IN-STATE-INVALID-ICA: without request_id the list also holds merchants whose effectuation ended in ERROR, where seed 001 (and provider 2.0.0 getMerchantParticipations: "participation request is completed successfully") lists only merchants whose effectuation is completed',
    state: (x, change) =>
      x.op === 'getMerchantParticipations' && change.statuses ? { ...change, statuses: [...change.statuses, 'ERROR'] } : change,
    ...blind,
  }),
  // --- postMerchantSearches: paging, offset read as a page number
  fault('i39-in-merchant-search-offset-as-page', {
    rule: 'IN-PAGE-SLICE: the merchant search skips offset x limit merchants (offset read as a page number), where provider 2.0.0 offset is the number of items skipped at the start of the list',
    ...provider,
    state: (x, change) =>
      x.op === 'postMerchantSearches' && change.window
        ? { ...change, window: { ...change.window, from: change.window.offset * change.window.limit } }
        : change,
    ...blind,
  }),
  // --- postMerchantMidSearches: a member derived from the wrong sent member
  fault('i39-in-mid-search-optin-from-legacy-flag', {
    rule: 'IN-ECHO-MIDSEARCH: for a merchant submitted with both flags, the MID page answers optIn with the nonMerchantNegotiatedParticipation value, where provider 2.0.0 postMerchantParticipations says optIn takes precedence over nonMerchantNegotiatedParticipation when both are given',
    ...provider,
    answer: okBody('postMerchantMidSearches', (body) => {
      if (body.nonMerchantNegotiatedParticipation !== undefined) body.optIn = body.nonMerchantNegotiatedParticipation;
    }),
    ...blind,
  }),
  // --- postMerchantParticipations: an update then a read (the MIDs replaced, not appended)
  fault('i39-in-mids-replaced-on-update', {
    rule: "IN-STATE-MIDS-ADDED: a merchant submitted again with other MIDs keeps only the MIDs of its latest submission (the MID search lists those alone), where provider 2.0.0 postMerchantParticipations appends the MIDs given to the merchant's current set",
    ...provider,
    state: (x, change) =>
      x.op === 'postMerchantMidSearches' && change.mids ? { ...change, mids: [...(change.latestMids ?? [])] } : change,
    ...blind,
  }),
  // --- planApproval: a decision applied to the wrong object of one owner (the provider's latest plan)
  fault('i39-in-approval-lands-on-providers-latest-plan', {
    rule: 'IN-STATE-DECISION: an approval or decline naming a plan lands on the most recent plan of the same providerId instead (the plan named stays CREATED), where seed 001 States and provider 2.0.0 PlanApprovalParameters.planId decide the plan named',
    state: (x, change) => {
      if (x.op !== 'planApproval' || !change.plan || change.decision === undefined) return change;
      const latest = [...x.world.plans.values()].filter((p) => p.providerId === change.plan!.providerId).at(-1);
      return latest && latest !== change.plan ? { ...change, plans: [latest] } : change;
    },
    ...blind,
  }),
  // --- planApproval: sync=true answered at once but applied late (lifecycle)
  fault('i39-in-sync-approval-applied-late', {
    rule: 'IN-STATE-DECISION, IN-STATUS-SYNC: a decision sent with sync=true is answered 200 with its callback URL but lands only later, so getPlan right after still reads CREATED and the approval status IN_PROGRESS, where provider 2.0.0 Sync makes the request synchronous',
    ...provider,
    state: (x, change) => (x.op === 'planApproval' && change.sync ? { ...change, late: true } : change),
    ...blind,
  }),
  // --- getPlanApprovalStatus: a window anchored on the wrong date
  fault('i39-in-approval-status-window-from-plan-creation', {
    rule: 'IN-ECHO-CALLBACK, IN-STATE-DECISION: the approval status of a plan is 404 once the window of x-limits approvalStatusHours has passed since the plan was created, even within it from its approval, where provider 2.0.0 getPlanApprovalStatus (and PSPData.callbackUrl) count the window from the time the approval was posted',
    ...provider,
    state: (x, change, memory) => {
      if (x.op === 'savePlan' && change.plan) memory[change.plan.planId] = x.now;
      return change;
    },
    judge: (x, step, refusal, memory) => {
      if (x.op !== 'getPlanApprovalStatus' || step !== 'approval-status-plan' || refusal || !x.plan) return refusal;
      const created: number | undefined = memory[x.plan.planId];
      return created !== undefined && x.now - created >= DAY_MS
        ? { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' }
        : refusal;
    },
    ...blind,
  }),
  // --- getPlan: an asynchronous decline loses its reason
  fault('i39-in-async-decline-drops-reason', {
    rule: 'IN-REQ-PLAN-REJECT-REASON: a decline sent without sync=true lands DECLINED but without its rejectReasonCode, so getPlan reads DECLINED with no reason, where provider 2.0.0 InstallmentPlan.rejectReasonCode is mandatory when the status is DECLINED',
    ...provider,
    state: (x, change) =>
      x.op === 'planApproval' && change.decision === 'DECLINED' && !change.sync ? { ...change, reason: undefined } : change,
    ...blind,
  }),
  // --- getPlan: the amount read back in minor units
  fault('i39-in-plan-amount-in-minor-units', {
    rule: "IN-ECHO-PLAN: getPlan answers the plan's transaction amount in minor units (100.25 USD read back as 10025), where provider 2.0.0 InstallmentPlan.transaction.amount is the plan's amount as sent (Amount, a decimal of the major unit)",
    ...provider,
    answer: okBody('getPlan', (body) => {
      if (typeof body.transaction?.amount === 'number') body.transaction.amount = Math.round(body.transaction.amount * 100);
    }),
    ...blind,
  }),
  // --- approvedOffers: a window counted in days where the documents count months
  fault('i39-in-offer-schedule-thirty-day-steps', {
    rule: "IN-VAL-OFFER-TERMS: a MONTHLY offer's schedulePayments fall due every thirty days from the offer (a purchase on 31 January has no installment in February), where provider 2.0.0 Offer.frequency MONTHLY makes one installment a month",
    ...provider,
    state: (x, change) =>
      x.op === 'approvedOffers' && change.offers
        ? {
            ...change,
            offers: change.offers.map((o) =>
              o.frequency === 'MONTHLY' && Array.isArray(o.schedulePayments)
                ? {
                    ...o,
                    schedulePayments: o.schedulePayments.map((p: Record<string, unknown>, i: number) => ({
                      ...p,
                      dueDate: new Date(x.now + (i + 1) * 30 * DAY_MS).toISOString().slice(0, 10),
                    })),
                  }
                : o,
            ),
          }
        : change,
    ...blind,
  }),
  // --- approvedOffers: a header of a refusal
  fault('i39-in-offers-refusal-new-correlation-id', {
    rule: "IN-ECHO-CORRELATION, IN-PROP-HEADER-ECHO: a refused offers request (400, 404) is answered with a Correlation-Id of its own, not the one the caller sent, where provider 2.0.0 approvedOffers answers the caller's Correlation-Id (the API makes one only when none is given)",
    ...provider,
    answer: answerOf(
      'approvedOffers',
      (a) => {
        a.headers['correlation-id'] = randomUUID();
      },
      (a, x) => a.status >= 400 && x.req.headers['correlation-id'] !== undefined,
    ),
    ...blind,
  }),
  // --- notifyPlan (the issuer's side): an error's detail member on one refusal path
  fault('i39-in-issuer-bad-card-source-too-long', {
    rule: "IN-ISSUER-INVALID: the issuer's 400 bad.request for a notification whose encrypted card is not a card names its Source CustomerNotificationService, longer than provider 2.0.0 PlanNotifErrors.Source's maxLength",
    ...provider,
    answer: errorItems(
      (item) => {
        item.Source = 'CustomerNotificationService';
      },
      (a, x) =>
        x.op === 'notifyPlan' && a.status === 400 && [a.body?.Errors?.Error ?? []].flat().some((i: any) => i?.ReasonCode === 'bad.request'),
    ),
    ...blind,
  }),
  // --- savePlan: an outbound delivery without the id the API makes
  fault('i39-in-plan-notification-without-correlation', {
    rule: "IN-NOTIFY-CORRELATION, IN-NOTIFY-SHAPE: a plan saved without a Correlation-Id notifies the issuer with no Correlation-Id header, where provider 2.0.0 savePlan's Correlation-Id says the API creates one and propagates it to all downstream systems (and notifyPlan requires it)",
    ...provider,
    delivery: (x, d) => {
      if (x.op !== 'savePlan' || x.req.headers['correlation-id'] !== undefined) return d;
      const headers = Object.fromEntries(Object.entries(d.headers).filter(([k]) => k.toLowerCase() !== 'correlation-id'));
      return { ...d, headers };
    },
    ...blind,
  }),
  // --- savePlan: the 201's Location names the approval
  fault('i39-in-plan-location-names-approval', {
    rule: "IN-ECHO-PLAN-LOCATION: savePlan's 201 answers Location approvals/<planId>, where provider 2.0.0 PlanCreated's Location is the URL to poll, GET /plans/{plan_id}",
    ...provider,
    answer: answerOf(
      'savePlan',
      (a) => {
        a.headers.location = a.headers.location.replace(/^plans\//, 'approvals/');
      },
      (a) => a.status === 201 && typeof a.headers.location === 'string',
    ),
    ...blind,
  }),
];
