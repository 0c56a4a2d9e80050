// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { randomUUID } from 'node:crypto';
import { blind, provider } from '../kit/faults.js';
import { fault, okBody, skipAt, type Answering, type Changing, type Judging } from './fault-builders.js';
import type { Plan } from './state.js';

const panOf = (x: { ok?: { plain?: any } }) => String(x.ok?.plain?.consumer?.primaryAccountNumber ?? '');

/** approvedOffers: each 200 bent with the fault's memory of the card's earlier answers (a value cached per card). */
const offersAgain =
  (bend: (body: any, seen: any, memory: Record<string, any>) => void): Answering =>
  (x, a, memory) => {
    if (x.op !== 'approvedOffers' || a.status !== 200 || !Array.isArray(a.body?.offers)) return a;
    const key = panOf(x);
    const seen = memory[key];
    bend(a.body, seen, memory);
    memory[key] ??= a.body;
    return a;
  };

/** savePlan: the schedule compared with the offer's as a multiset of amounts (each number's own amount not matched). */
const scheduleAsSet = skipAt('plan-terms', (x, r) => {
  if (r.details !== 'Mismatch in schedule payments.' || !x.otx) return false;
  const offer = x.otx.offers.find((o) => o.offerId === x.sent?.offerId);
  const mine = (offer?.schedulePayments ?? []) as Record<string, any>[];
  const sent = (Array.isArray(x.sent?.schedulePayments) ? x.sent.schedulePayments : []) as Record<string, any>[];
  if (sent.length !== mine.length) return false;
  const amounts = (l: Record<string, any>[]) =>
    l
      .map((s) => Math.round(Number(s.installmentAmount) * 100))
      .sort((a, b) => a - b)
      .join();
  const dates = (l: Record<string, any>[]) =>
    l
      .map((s) => `${s.installmentNumber}:${s.dueDate}`)
      .sort()
      .join();
  return amounts(sent) === amounts(mine) && dates(sent) === dates(mine);
});

/** getPlan: a decided plan reopened once its card is asked for offers again (the card's plans reset with its offers). */
const reopenedByOffers: Answering = (x, a, memory) => {
  memory.offers ??= {};
  memory.decided ??= {};
  if (x.op === 'approvedOffers' && a.status === 200) memory.offers[panOf(x)] = x.now;
  if (x.op === 'planApproval' && a.status < 300 && x.plan) memory.decided[x.plan.planId] = x.now;
  if (x.op === 'getPlan' && a.status === 200 && x.plan) {
    const decidedAt = memory.decided[x.plan.planId];
    const askedAt = memory.offers[x.plan.pan];
    if (decidedAt !== undefined && askedAt !== undefined && askedAt > decidedAt && a.body.status !== 'CREATED') {
      const { rejectReasonCode: _dropped, ...rest } = a.body;
      a.body = { ...rest, status: 'CREATED' };
    }
  }
  return a;
};

/** postMerchantSearches: the country criterion dropped where a participation status is searched too. */
const countryDroppedWithStatus: Changing = (x, change) => {
  if (
    x.op === 'postMerchantSearches' &&
    change.criteria?.merchantParticipationStatus !== undefined &&
    change.criteria.countryCode !== undefined
  ) {
    const { countryCode: _dropped, ...rest } = change.criteria;
    return { ...change, criteria: rest };
  }
  return change;
};

/** getMerchantParticipations by request_id: only the request's first merchant looked up. */
const firstOfRequest: Judging = (x, step, r) => {
  if (step === 'participations-request' && !r && (x.participations?.length ?? 0) > 1) x.participations = x.participations!.slice(0, 1);
  return r;
};

/** getMerchantParticipations without request_id: a page after an offset holds one item fewer than its limit. */
const pageShortAfterOffset: Changing = (x, change) => {
  if (x.op !== 'getMerchantParticipations' || x.ok?.query.get('request_id') !== null || !change.window || change.window.offset <= 0)
    return change;
  return { ...change, window: { ...change.window, size: Math.max(0, change.window.size - 1) } };
};

/** savePlan: a selection refused for its card (pan.match) notifies the issuer all the same (the notification sent before the card is compared). */
const notifiedDespitePanMismatch: Answering = (x, a) => {
  if (x.op !== 'savePlan' || a.status !== 400 || a.body?.Errors?.Error?.[0]?.ReasonCode !== 'pan.match' || !x.notify || !x.otx) return a;
  const b = x.sent ?? {};
  const planId = randomUUID();
  const plan = {
    planId,
    providerId: b.providerId,
    offerId: b.offerId,
    pan: String(x.ok?.plain?.consumer?.primaryAccountNumber ?? x.otx.pan),
    merchant: { country: x.otx.merchant.country ?? 'USA', mcc: x.otx.merchant.mcc ?? '5999' },
    transaction: b.transaction,
    planInstallmentInformation: b.planInstallmentInformation,
    scheduledRepayments: ((b.schedulePayments ?? []) as Record<string, any>[]).map(({ installmentAmount, ...r }) => ({
      ...r,
      amount: installmentAmount,
    })),
    status: 'CREATED',
    callbackUrl: `https://psp.example.test/checkout/${planId}/callback`,
  } as unknown as Plan;
  x.notify(plan);
  return a;
};

export const INDEPENDENT_62_INSTALLMENTS_FAULTS = [
  fault('i62-in-offer-type-on-repeat', {
    rule: 'IN-VAL-OFFER-TYPE: a card asking for offers again is answered offers typed NON_CARDED_OFFER (the card taken as known without its card data), where every offer answering a request with a card is of one of the two carded types provider 2.0.0 Offer.offerType names.',
    answer: offersAgain((body, seen) => {
      if (seen) for (const o of body.offers) o.offerType = 'NON_CARDED_OFFER';
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-offer-end-cached', {
    rule: "IN-VAL-OFFER-TERMS: a card asking for offers again is answered each offer's offerEndDatetime of its first offers answer (the validity cached per card), so an offer asked after that window reads an end before its offerBeginDatetime, where provider 2.0.0 Offer.offerEndDatetime closes the offer's own validity, later than its begin.",
    answer: offersAgain((body, seen) => {
      if (seen) for (const o of body.offers) o.offerEndDatetime = seen.offers[0].offerEndDatetime;
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-offer-priority-continued', {
    rule: "IN-VAL-OFFER-PRIORITY: a card asking for offers again is answered priorities counted on from its earlier answer's (the ranking counter kept per card, not restarted), so no offer of the second answer is ranked first, where provider 2.0.0 Offer.priority ranks the offers of one answer, the lowest other installment on top.",
    answer: offersAgain((body, seen, memory) => {
      if (!seen) return;
      memory.shift = (memory.shift ?? 0) + body.offers.length;
      for (const o of body.offers) o.priority += memory.shift;
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-eligibility-beside-offers-range', {
    rule: "IN-VAL-ELIGIBILITY-MESSAGES: an offers answer for a card eligible through its list's account range only (not registered by number) carries eligibilityMessages beside the offers it lists, where provider 2.0.0 gives eligibility messages only in an answer listing no offer.",
    answer: okBody('approvedOffers', (body, x) => {
      const pan = panOf(x);
      const byNumber = [...x.world.panLists.values()].some((l) => l.pans.has(pan));
      if (!byNumber && body.offers?.length)
        return { ...body, eligibilityMessages: [{ code: 'RANGE_ELIGIBLE', message: 'Card eligible by account range' }] };
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-offer-first-installment-remainder-sign', {
    rule: 'IN-VAL-OFFER-AMOUNTS: an offer whose purchase does not divide evenly schedules its first installment with the rounding remainder taken off instead of added (a sign slip), so its schedulePayments no longer add up to its totalAmount, where provider 2.0.0 Offer.totalAmount is the total owed, its installments making it up.',
    answer: okBody('approvedOffers', (body) => {
      for (const o of body.offers ?? []) {
        const first = o.schedulePayments?.[0];
        if (!first) continue;
        const rest = o.otherInstallmentAmount;
        const gap = Math.round((first.installmentAmount - rest) * 100);
        if (gap !== 0) first.installmentAmount = (Math.round(rest * 100) - gap) / 100;
      }
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-offer-fee-value-text', {
    rule: 'IN-RESP-FORMS: every offer answers feeValue as a money text with two decimals (a display formatter applied), not the number provider 2.0.0 feeValue types it.',
    answer: okBody('approvedOffers', (body) => {
      for (const o of body.offers ?? []) if (typeof o.feeValue === 'number') o.feeValue = o.feeValue.toFixed(2);
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-panlist-name-hyphens', {
    rule: "IN-ECHO-PANLIST: a registration creating a list whose panListName holds hyphens answers the name with each hyphen turned to a space (the name slugged back for display), not as given, where provider 2.0.0 ViewPanList.panListName is the list's name, a pattern that takes hyphens.",
    answer: okBody('registerPans', (body, x) => {
      if (typeof x.sent?.panListName === 'string' && body.panList?.panListName)
        body.panList.panListName = body.panList.panListName.replace(/-/g, ' ');
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-dereg-count-remaining', {
    rule: 'IN-VAL-PAN-COUNTS: a deregistration answers as successfulCount the number of cards the list still holds after it (the list size read back, not the cards removed), where provider 2.0.0 Deregistration.successfulCount is the number of PANs of the request deregistered.',
    answer: okBody('deregisterPans', (body, x) => {
      const list = x.world.panLists.get(body.panListId);
      if (list) body.successfulCount = String(list.pans.size);
    }),
    ...provider,
    ...blind,
  }),
  fault('i62-in-plan-schedule-amounts-as-set', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose schedulePayments give two installments each other's amount (every amount and due date one the offer has, at another installmentNumber) is created 201, the amounts compared as a set rather than installment by installment, where provider 2.0.0 POST /plans has the offer data sent without any changes and validated against the presented offer.",
    judge: scheduleAsSet,
    ...provider,
    ...blind,
  }),
  fault('i62-in-plan-other-reason-dropped', {
    rule: 'IN-REQ-PLAN-REJECT-REASON: getPlan of a plan declined with the reason OTHER_REASON answers it DECLINED without any rejectReasonCode (that one value missing from the reasons the reader maps), where provider 2.0.0 InstallmentPlan.rejectReasonCode is carried by every DECLINED plan, one of the RejectReasonCode values.',
    answer: okBody(
      'getPlan',
      (body) => {
        const { rejectReasonCode: _dropped, ...rest } = body;
        return rest;
      },
      (body) => body.status === 'DECLINED' && body.rejectReasonCode === 'OTHER_REASON',
    ),
    ...provider,
    ...blind,
  }),
  fault('i62-in-plan-decision-reset-by-offers', {
    rule: "IN-PROP-LASTING, IN-STATE-DECISION: a decided plan reads CREATED again on getPlan (its rejectReasonCode gone) once its card is asked for offers again, the card's plans reset by a new offers request, where seed 001 States has a plan approved or declined stay so on every reader naming it.",
    answer: reopenedByOffers,
    ...blind,
  }),
  fault('i62-in-search-country-dropped-with-status', {
    rule: 'IN-FILTER-COUNTRY: a merchant search giving a countryCode together with a merchantParticipationStatus drops the country criterion, so it lists merchants of other countries in that status, where seed 001 has merchants searched by country, finding those of that country only.',
    state: countryDroppedWithStatus,
    ...blind,
  }),
  fault('i62-in-request-id-first-merchant-only', {
    rule: 'IN-FILTER-REQUEST-ID: a read by request_id of a request that submitted several merchants answers only its first merchant (the request looked up as one participation), where seed 001 has acquirers read by request_id exactly the merchants of that request.',
    judge: firstOfRequest,
    ...blind,
  }),
  fault('i62-in-completed-page-short-after-offset', {
    rule: 'IN-PAGE-SLICE: the completed merchants list (without request_id) answers a page given an offset with one item fewer than its limit (the window cut one short past the first page), so the pages together leave a merchant out, where provider 2.0.0 limit caps a page at that many items and offset skips exactly that many.',
    state: pageShortAfterOffset,
    ...provider,
    ...blind,
  }),
  fault('i62-in-notify-on-pan-mismatch', {
    rule: 'IN-NOTIFY-REFUSED: a selection refused 400 pan.match (its card not the one of its offers request) still sends the issuer a notification of a plan (the notification made before the card is compared), on that refusal path only, where seed 001 Events sends the notification when a consumer selects a plan, and a selection refused selects none.',
    answer: notifiedDespitePanMismatch,
    ...blind,
  }),
];
