// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { fault, loosen, okBody, refuseAt, skipAt, type Changing, type Judging } from './fault-builders.js';

/** The longest merchant acquirerId an offers request takes (provider 2.0.0 MerchantParameters.acquirerId, its maxLength). */
const ACQUIRER_ID_MAX = 6;
/** The most dbaNames a participation takes (provider 2.0.0 DbaNames, its maxItems). */
const DBA_NAMES_MAX = 1000;

/** approvedOffers: the offers of every offers answer the card was given so far (this one included). */
const offersOfCard: Parameters<typeof okBody>[1] = (body, x) => {
  const pan = x.world.offerTransactions.get(body.offerTransactionId)?.pan;
  if (pan === undefined) return body;
  const all = [...x.world.offerTransactions.values()].filter((t) => t.pan === pan).reduce((n, t) => n + t.offers.length, 0);
  return { ...body, total: all };
};

/** approvedOffers: priority ranked by tenure rising (the shortest plan first), the list order kept. */
const priorityByTenure: Parameters<typeof okBody>[1] = (body) => {
  if (!Array.isArray(body.offers)) return body;
  const ranked = [...body.offers].sort((a, b) => a.tenure - b.tenure);
  return { ...body, offers: body.offers.map((o: Record<string, any>) => ({ ...o, priority: ranked.indexOf(o) + 1 })) };
};

/** registerPans: the range the list's first card fell in dropped as each request starts (not kept for later requests). */
const cardsRangeForgotten: Changing = (x, change) => {
  if (x.op === 'registerPans' && change.list && !change.pan && change.removed === undefined) delete change.list.cardsRange;
  return change;
};

/** getMerchantParticipations without request_id: the pending participations listed with the completed ones. */
const pendingListed: Changing = (x, change) => {
  if (x.op === 'getMerchantParticipations' && change.statuses) change.statuses = [...change.statuses, 'PENDING'];
  return change;
};

/** postMerchantMidSearches: the MIDs of every merchant of the legal name searched joined to the merchant's own. */
const midsBySameName: Changing = (x, change) => {
  if (x.op !== 'postMerchantMidSearches' || !change.mids) return change;
  const name = x.sent?.merchantLegalName;
  const more = x.world.participations.filter((p) => p.merchant.merchantLegalName === name).flatMap((p) => p.merchant.mids ?? []);
  change.mids = [...new Set([...change.mids, ...more])];
  return change;
};

/** getMerchantParticipations by request_id: the participations of the request filed next read with it. */
const nextRequestToo: Judging = (x, step, r) => {
  if (step !== 'participations-request' || r || !x.participations) return r;
  const id = (x.req.query as Record<string, unknown> | undefined)?.request_id;
  const ids = [...x.world.participationsByRequest.keys()];
  const at = typeof id === 'string' ? ids.indexOf(id) : -1;
  if (at < 0) return r;
  const next = x.world.participationsByRequest.get(ids[at + 1]) ?? [];
  x.participations = [...x.participations, ...next];
  return r;
};

/** approvedOffers: the currencySymbol of the card's first offers answer written on every offer. */
const firstSymbol: Parameters<typeof okBody>[1] = (body, x) => {
  const pan = x.world.offerTransactions.get(body.offerTransactionId)?.pan;
  const first = [...x.world.offerTransactions.values()].find((t) => t.pan === pan);
  const symbol = first?.offers[0]?.currencySymbol;
  if (symbol === undefined || !Array.isArray(body.offers)) return body;
  return { ...body, offers: body.offers.map((o: Record<string, any>) => ({ ...o, currencySymbol: symbol })) };
};

export const INDEPENDENT_60_INSTALLMENTS_FAULTS = [
  fault('i60-in-offers-total-every-answer', {
    rule: "IN-VAL-OFFERS-TOTAL: an offers answer's total counts the offers of every offers answer the same card was given so far, so a card asked again reads a total above the offers listed, where provider 2.0.0 OffersGroup.total is the number of eligible offers in that answer",
    answer: okBody('approvedOffers', offersOfCard),
    ...provider,
    ...blind,
  }),
  fault('i60-in-offers-priority-by-tenure', {
    rule: 'IN-VAL-OFFER-PRIORITY: each offer is ranked by its tenure rising (the shortest plan, of the highest other installment, ranked first) while the list stays ordered by the other installment amount, where provider 2.0.0 Offer.priority is set by the lowest other repayment amount, the lowest on top',
    answer: okBody('approvedOffers', priorityByTenure),
    ...provider,
    ...blind,
  }),
  fault('i60-in-offers-acquirerid-past-max', {
    rule: 'IN-LIM-ACQUIRERID: an offers merchant whose acquirerId is one character past its maxLength is taken and offered installments, the bound checked as one more, where provider 2.0.0 MerchantParameters.acquirerId states its maxLength',
    judge: loosen(
      'approvedOffers',
      (v, x) =>
        v.field === 'merchant.acquirerId' &&
        v.keyword === 'maxLength' &&
        String(x.sent?.merchant?.acquirerId).length === ACQUIRER_ID_MAX + 1,
    ),
    ...provider,
    ...blind,
  }),
  fault('i60-in-offers-localdatetime-optional', {
    rule: 'IN-REQ-OFFERS: an offers request whose transaction leaves out localDateTime is taken and offered installments, the member read as optional, where provider 2.0.0 TransactionParameters requires localDateTime (the local transaction date and time)',
    judge: loosen('approvedOffers', (v) => v.field === 'transaction.localDateTime' && v.keyword === 'required'),
    ...provider,
    ...blind,
  }),
  fault('i60-in-list-cards-range-per-request', {
    rule: "IN-STATE-LIST-CARD-RANGE: the account range a list's first card fell in is kept for that request only, so a later registration into the list takes a card of another held range (counted successful), where provider 2.0.0 ExistingPanListIdRegistrationRequest validates pans added to an existing list against the range associated to it",
    state: cardsRangeForgotten,
    ...provider,
    ...blind,
  }),
  fault('i60-in-plan-amounttype-optional', {
    rule: 'IN-REQ-PLAN: a plan whose transaction leaves out amountType is created 201, the member read as optional, where provider 2.0.0 CardedTransaction requires amountType (PURCHASE or FINAL)',
    judge: loosen('savePlan', (v) => v.field === 'transaction.amountType' && v.keyword === 'required'),
    ...provider,
    ...blind,
  }),
  fault('i60-in-decline-without-reason', {
    rule: 'IN-REQ-DECISION-MEMBERS: a DECLINED decision without rejectReasonCode is taken and lands on the plan, the reason required only beside an approval, where provider 2.0.0 PlanApprovalParameters.rejectReasonCode is mandatory when the status is DECLINED',
    judge: loosen(
      'planApproval',
      (v, x) => x.sent?.status === 'DECLINED' && (v.keyword === 'if' || String(v.field).includes('rejectReasonCode')),
    ),
    ...provider,
    ...blind,
  }),
  fault('i60-in-dbanames-at-max-refused', {
    rule: 'IN-LIM-DBANAMES: a participation whose dbaNames hold exactly their maxItems is refused 400, the bound taken as exclusive, where provider 2.0.0 dbaNames takes up to its maxItems names, the last included',
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        (Array.isArray(x.sent) ? x.sent : []).some((p: any) => Array.isArray(p?.dbaNames) && p.dbaNames.length >= DBA_NAMES_MAX),
      {
        status: 400,
        reasonCode: 'invalid.request.parameter',
        description: 'dbaNames has too many items',
        details: 'dbaNames',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i60-in-yesno-n-refused', {
    rule: 'IN-ENUM-YESNO: a participation whose nonMerchantNegotiatedParticipation is N, a value its enum lists, is refused 400 (only Y taken for that flag), where provider 2.0.0 nonMerchantNegotiatedParticipation is Y or N',
    judge: refuseAt(
      'body',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        (Array.isArray(x.sent) ? x.sent : []).some((p: any) => p?.nonMerchantNegotiatedParticipation === 'N'),
      {
        status: 400,
        reasonCode: 'invalid.request.parameter',
        description: 'nonMerchantNegotiatedParticipation is invalid',
        details: 'nonMerchantNegotiatedParticipation',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i60-in-completed-list-pending', {
    rule: 'IN-FILTER-COMPLETED: without request_id the list also holds merchants whose effectuation is still PENDING, where seed 001 Endpoints fetches the merchants whose effectuation request is completed',
    state: pendingListed,
    ...blind,
  }),
  fault('i60-in-request-id-next-request', {
    rule: 'IN-FILTER-REQUEST-ID: a read by request_id also answers the participations of the request filed right after it (the next submission), where seed 001 Endpoints has acquirers pass a request id to fetch the participation effectuation status of that request',
    judge: nextRequestToo,
    ...blind,
  }),
  fault('i60-in-mids-of-same-name', {
    rule: 'IN-FILTER-MID-MERCHANT: a MID search answers, beside the MIDs of the merchant named, those of every merchant of the same legal name under another acquirer ICA or country, where seed 001 Endpoints searches the mids of a given merchant',
    state: midsBySameName,
    ...blind,
  }),
  fault('i60-in-merchant-search-any-accept', {
    rule: 'IN-TRANS-ACCEPT, IN-PROP-ACCEPT: the merchant search answers its JSON 200 to a request whose Accept takes no JSON, the Accept judged on the other operations only, where provider 2.0.0 postMerchantSearches documents 406 for a client that accepts no JSON answer',
    judge: skipAt('accept', (x) => x.op === 'postMerchantSearches'),
    ...provider,
    ...blind,
  }),
  fault('i60-in-plan-schedule-cut-short', {
    rule: "IN-VAL-PLAN-OFFER-TERMS: a plan whose schedulePayments leave out the offer's last installments (those sent equal to the offer's) is created, the schedule compared over the items sent only, where provider 2.0.0 POST /plans validates the offer data sent without any changes against the presented offer (its schedule of payments)",
    judge: skipAt('plan-terms', (x, r) => {
      if (r.details !== 'Mismatch in schedule payments.' || !x.otx) return false;
      const mine = (x.otx.offers.find((o) => o.offerId === x.sent?.offerId)?.schedulePayments ?? []) as Record<string, any>[];
      const sent = (Array.isArray(x.sent?.schedulePayments) ? x.sent.schedulePayments : []) as Record<string, any>[];
      return (
        sent.length > 0 &&
        sent.length < mine.length &&
        sent.every((s, i) => mine[i]?.installmentAmount === s.installmentAmount && mine[i]?.dueDate === s.dueDate)
      );
    }),
    ...provider,
    ...blind,
  }),
  fault('i60-in-offers-symbol-first-request', {
    rule: "IN-VAL-OFFER-CURRENCY: a card asked for offers again answers each offer's currencySymbol of the currency of its first offers request (the symbol kept per card), so a purchase in another currency is offered in the first one's symbol, where provider 2.0.0 Offer.currencySymbol is the symbol of the currency of all amounts within that offer response",
    answer: okBody('approvedOffers', firstSymbol),
    ...provider,
    ...blind,
  }),
];
