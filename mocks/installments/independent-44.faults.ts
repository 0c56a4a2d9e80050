// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread): an independent
// measure of the installments checks. Each bends a behaviour module at its seams (seams.ts) or an answer as it leaves.
import { randomUUID } from 'node:crypto';
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault } from './fault-builders.js';
import type { Exchange, Refusal } from './seams.js';
import { merchantKey, present, resentNotifications, type Plan } from './state.js';

/** An hour and a day, in ms (the hour is the fault's own shortened window, the day the approvals' window). */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant an approval named a plan, kept in the fault's memory (planApproval's state seam). */
const noteDecision = (x: Exchange, plan: Plan | undefined, memory: Record<string, any>) => {
  if (x.op === 'planApproval' && plan) (memory.decidedAt ??= {})[plan.planId] = x.now;
};

/** The offer a savePlan names (its offerId, else the first of its offers answer), once its offers answer is found. */
const chosenOffer = (x: Exchange) =>
  x.ok?.body?.offerId === undefined ? x.otx?.offers[0] : x.otx?.offers.find((o) => o.offerId === x.ok!.body.offerId);

/** Merchant searches whose candidates were windowed before the criteria (i44-in-searches-page-before-criteria). */
const windowedEarly = new WeakSet<Exchange>();

export const INDEPENDENT_44_INSTALLMENTS_FAULTS = [
  fault('i44-in-offers-offer-id-shared-in-answer', {
    rule: 'IN-STATE-PLAN-OFFER: two offers of one offers answer carry the same offerId although an offerId identifies one offer, so the second of them can no longer be chosen by its id (a plan naming it gets the first offer and is refused as differing from it)',
    state: (x, c) => {
      if (x.op !== 'approvedOffers' || !c.offers || c.offers.length < 2) return c;
      const offers = c.offers.map((o) => ({ ...o }));
      offers[1].offerId = offers[0].offerId;
      return { ...c, offers };
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-offers-total-without-first-installment', {
    rule: 'IN-VAL-OFFER-AMOUNTS: an offer states as its totalAmount only the installments after the first (the later installment times one fewer than the tenure), so the total owed falls below the purchase and its schedule no longer adds up to it',
    state: (x, c) => {
      if (x.op !== 'approvedOffers' || !c.offers) return c;
      const offers = c.offers.map((o) => ({ ...o, totalAmount: Math.round(o.otherInstallmentAmount * (o.tenure - 1) * 100) / 100 }));
      return { ...c, offers };
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-plans-offer-expired-before-its-end', {
    rule: 'IN-STATE-PLAN-OFFER: an offer chosen a few minutes after it was presented, well before the offerEndDatetime its answer gave, is refused as expired instead of becoming a plan',
    judge: (x, step, r) => {
      if (r || step !== 'plan-offer' || x.op !== 'savePlan') return r;
      const offer = chosenOffer(x);
      const begin = offer ? Date.parse(offer.offerBeginDatetime) : NaN;
      return Number.isFinite(begin) && x.now - begin > 5 * 60_000
        ? ({ status: 400, reasonCode: 'invalid.request.parameter', description: 'The offer has expired.', details: 'offerId' } as Refusal)
        : r;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-plans-notification-held-until-decision', {
    rule: 'IN-NOTIFY-SENT: the issuer is not notified when the cardholder selects the plan but only once a lender decides it (planApproval), so a plan never decided is never notified',
    delivery: (x, d, memory) => {
      if (x.op !== 'savePlan' || memory.releasing) return d;
      (memory.held ??= {})[String(d.body?.planId)] = true;
      return undefined;
    },
    state: (x, c, memory) => {
      if (x.op !== 'planApproval' || !c.plan || !memory.held?.[c.plan.planId]) return c;
      delete memory.held[c.plan.planId];
      memory.releasing = true;
      try {
        resentNotifications.get(c.plan)?.();
      } finally {
        memory.releasing = false;
      }
      return c;
    },
    ...blind,
  }),
  fault('i44-in-notify-plan-id-not-the-plans', {
    rule: 'IN-NOTIFY-SENT, IN-NOTIFY-SHAPE: the issuer notification of a selected plan carries a planId of its own making, not the planId savePlan answered and getPlan reads, so the issuer cannot tie it to the plan',
    delivery: (x, d) => (x.op === 'savePlan' && d.body ? { ...d, body: { ...d.body, planId: randomUUID() } } : d),
    ...blind,
  }),
  fault('i44-in-plan-decision-lapses', {
    rule: 'IN-PROP-LASTING: a decided plan (approved or declined) reads CREATED again on getPlan once the approvals window has passed since the decision, as if the decision lapsed',
    state: (x, c, memory) => {
      noteDecision(x, c.plan, memory);
      if (x.op !== 'getPlan' || !c.plan) return c;
      const at = memory.decidedAt?.[c.plan.planId];
      const decided = c.plan.status === 'APPROVED' || c.plan.status === 'DECLINED';
      return decided && at !== undefined && x.now - at > DAY_MS ? { ...c, plan: { ...c.plan, status: 'CREATED' } } : c;
    },
    ...blind,
  }),
  fault('i44-in-approval-status-gone-early', {
    rule: 'IN-ECHO-CALLBACK: the checkout status and callback URL of a decided plan answer 404 once an hour has passed since the approval, long before the window the provider gives for reading them (and for the callback URL to live) runs out',
    state: (x, c, memory) => {
      noteDecision(x, c.plan, memory);
      return c;
    },
    judge: (x, step, r, memory) => {
      if (r || step !== 'approval-status-plan' || !x.plan) return r;
      const at = memory.decidedAt?.[x.plan.planId];
      return at !== undefined && x.now - at > HOUR_MS
        ? { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' }
        : r;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-approval-sync-callback-not-the-plans', {
    rule: 'IN-ECHO-CALLBACK: the synchronous approval answers a callback URL carrying the decision as a query of its own, so the URL it gives is not the callback URL getPlanApprovalStatus then answers for the same plan',
    answer: answerOf(
      'planApproval',
      (a, x) => {
        a.body = { ...a.body, callbackUrl: `${a.body.callbackUrl}?action=${encodeURIComponent(String(x.ok?.body?.status))}` };
      },
      (a) => a.status === 200 && typeof a.body?.callbackUrl === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i44-in-approval-callback-from-body', {
    rule: "IN-OBJ-READ-ONLY: a callbackUrl sent in an approval body (a member only answers carry) is stored as the plan's, so the synchronous answer and getPlanApprovalStatus give the caller's URL instead of the service's",
    state: (x, c) => {
      const sent = x.ok?.body?.callbackUrl;
      if (x.op === 'planApproval' && c.plan && typeof sent === 'string') c.plan.callbackUrl = sent;
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-plan-merchant-country-defaulted', {
    rule: "IN-ECHO-PLAN: getPlan shows the plan's merchant in the provider's home country whatever country the offers request named, so a plan of a merchant abroad reads back with another country",
    state: (x, c) =>
      x.op === 'getPlan' && c.plan && c.plan.merchant.country !== 'USA'
        ? { ...c, plan: { ...c.plan, merchant: { ...c.plan.merchant, country: 'USA' } } }
        : c,
    ...blind,
    ...provider,
  }),
  fault('i44-in-pans-new-list-joins-namesake', {
    rule: 'IN-EXCL-PANLIST: a registration naming a list by panListName alone, which creates a new list, is filed into an existing list of the same name (its panListId answered), so two customers lists of one name become one',
    judge: (x, step, r) => {
      const b = x.ok?.body;
      if (step === 'register-read' && b && b.panListId === undefined && typeof b.panListName === 'string') {
        const namesake = [...x.world.panLists.values()].find((l) => l.panListName === b.panListName);
        if (namesake) b.panListId = namesake.panListId;
      }
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-pans-range-given-to-list-not-kept', {
    rule: 'IN-STATE-LIST-RANGE: an account range given to an existing list that has none is accepted but not kept, so its cards are still judged against the range the first card fell in and the range gives no offers',
    judge: (x, step, r, memory) => {
      if (step === 'register-read' && x.ok?.body) memory.had = Boolean(x.world.panLists.get(x.ok.body.panListId)?.accountRange);
      return r;
    },
    state: (x, c, memory) => {
      const b = x.ok?.body;
      if (x.op === 'registerPans' && c.list && b?.panListId !== undefined && b.accountRange && !memory.had) delete c.list.accountRange;
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-dereg-list-id-as-number', {
    rule: 'IN-ECHO-PANLIST: the deregistration answers its panListId as a JSON number, not the string of digits, so a reader taking it as a double gets another id (its last digits rounded away)',
    answer: answerOf(
      'deregisterPans',
      (a) => {
        a.body = JSON.parse(JSON.stringify(a.body).replace(/"panListId":"([0-9]+)"/, '"panListId":$1'));
      },
      (a) => a.status === 200 && typeof a.body?.panListId === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i44-in-participations-limit-header-of-page', {
    rule: 'IN-PAGE-HEADERS: the completed merchants list answers in its Limit header the number of items on the page rather than the limit the caller asked for, so a short last page reports a smaller limit',
    answer: answerOf(
      'getMerchantParticipations',
      (a) => {
        a.headers.limit = a.headers.count;
      },
      (a) => a.status === 200 && a.headers.count !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i44-in-searches-page-before-criteria', {
    rule: 'IN-PAGE-SLICE, IN-PAGE-KEEPS-QUERY: the merchant search takes its offset and limit over every merchant before its criteria narrow them, so a page holds fewer matches than it should (none at all past the first) and the pages together miss matching merchants',
    state: (x, c) => {
      if (x.op !== 'postMerchantSearches') return c;
      const q = x.ok!.query;
      if (c.participations && !c.criteria && !c.window) {
        windowedEarly.add(x);
        const offset = Number(q.get('offset') ?? 0);
        return { ...c, participations: c.participations.slice(offset, offset + Number(q.get('limit') ?? x.ok!.defaultLimit)) };
      }
      if (c.window && windowedEarly.has(x)) return { ...c, window: { ...c.window, from: 0 } };
      return c;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-participations-duns-change-dropped', {
    rule: 'IN-STATE-PARTICIPATION-FIXED: a merchant submitted again with a duns other than the one it holds is accepted (202) and the new duns silently left out, where the provider refuses the change with 400',
    judge: (x, step, r) => {
      if (step !== 'participation-members' || !Array.isArray(x.ok?.body)) return r;
      for (const merchant of x.ok.body as Record<string, any>[]) {
        const held = x.world.fixed.get(merchantKey({ merchant }))?.duns;
        if (present(merchant.duns) && present(held) && merchant.duns !== held) delete merchant.duns;
      }
      return r;
    },
    ...blind,
    ...provider,
  }),
  fault('i44-in-participations-refusal-as-text', {
    rule: 'IN-RESP-FORMS: a refused participation submission answers its JSON error body labelled text/plain, not the application/json its error responses declare',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        a.headers['content-type'] = 'text/plain; charset=utf-8';
      },
      (a) => a.status >= 400,
    ),
    ...blind,
    ...provider,
  }),
];
