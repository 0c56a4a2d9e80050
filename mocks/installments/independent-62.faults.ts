// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { fault, okBody, type Answering } from './fault-builders.js';

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
];
