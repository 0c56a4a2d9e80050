// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, loosen, okBody, recodeAt, refuseAt, type Changing } from './fault-builders.js';
import { inRange, merchantKey } from './state.js';

/** registerPans: a list without its own range takes the range of the request's last valid card, not its first. */
const rangeOfLastCard: Changing = (x, change) => {
  const list = change.list;
  if (x.op !== 'registerPans' || !list || list.accountRange || list.cardsRange || change.pan !== undefined) return change;
  const pans = ((x.ok?.plain?.pans ?? []) as { pan?: string }[]).map((p) => p.pan).filter((p): p is string => typeof p === 'string');
  for (const pan of [...pans].reverse()) {
    const range = x.world.accountRanges.find((r) => inRange(pan, r));
    if (range) {
      list.cardsRange = range;
      break;
    }
  }
  return change;
};

/** savePlan: a plan selected again for the same offer of the same card is answered with the planId of the earlier plan (the plan keyed by its offer). */
const planKeyedByOffer = answerOf(
  'savePlan',
  (a, x) => {
    const created = x.world.plans.get(a.body.planId);
    const earlier = [...x.world.plans.values()].find((p) => p !== created && p.offerId === created?.offerId && p.pan === created?.pan);
    if (!earlier) return;
    if (a.headers.location) a.headers.location = a.headers.location.replace(a.body.planId, earlier.planId);
    a.body = { ...a.body, planId: earlier.planId };
  },
  (a) => a.status === 201 && typeof a.body?.planId === 'string',
);

const sync = (x: { req: { query: unknown } }) => (x.req.query as Record<string, string | undefined>)?.sync === 'true';

export const INDEPENDENT_61_INSTALLMENTS_FAULTS = [
  fault('i61-in-offer-logo-scheme', {
    rule: 'IN-RESP-FORMS: every offer answers provider.providerLogoUrl as a scheme-relative reference (its http or https scheme cut off), so the URL no longer matches the pattern and url format provider 2.0.0 Provider.providerLogoUrl states.',
    answer: okBody('approvedOffers', (body) =>
      Array.isArray(body.offers)
        ? {
            ...body,
            offers: body.offers.map((o: Record<string, any>) => ({
              ...o,
              provider: { ...o.provider, providerLogoUrl: String(o.provider?.providerLogoUrl ?? '').replace(/^https?:/, '') },
            })),
          }
        : body,
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-offer-begin-no-seconds', {
    rule: 'IN-DATE-UNIT, IN-RESP-FORMS: every offer answers offerBeginDatetime cut after its minutes (no seconds), a form that is no RFC 3339 date-time, where provider 2.0.0 Offer.offerBeginDatetime is a Date and Time RFC 3339.',
    answer: okBody('approvedOffers', (body) =>
      Array.isArray(body.offers)
        ? {
            ...body,
            offers: body.offers.map((o: Record<string, any>) => ({
              ...o,
              offerBeginDatetime: `${String(o.offerBeginDatetime).slice(0, 16)}Z`,
            })),
          }
        : body,
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-offers-check-digit-404', {
    rule: 'IN-FMT-PAN-CHECK-DIGIT: an offers request whose card fails its check digit is answered 404 NO_ELIGIBLE_OFFERS (the card looked up as if valid), not the 400 invalid.request.parameter provider 2.0.0 approvedOffers gives for a PAN provided that is invalid.',
    judge: recodeAt(
      'check-digit',
      () => ({ status: 404, reasonCode: 'NO_ELIGIBLE_OFFERS', description: 'No installment offer is eligible for this card.' }),
      (x) => x.op === 'approvedOffers',
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-plan-offerid-number', {
    rule: 'IN-RESP-FORMS: getPlan answers offerId as a JSON number (its digits read as a number, a leading zero lost), not the string provider 2.0.0 InstallmentPlan.offerId types it.',
    answer: okBody('getPlan', (body) => (body.offerId === undefined ? body : { ...body, offerId: Number(body.offerId) })),
    ...blind,
    ...provider,
  }),
  fault('i61-in-plan-repayment-running-total', {
    rule: 'IN-VAL-OFFER-AMOUNTS: getPlan answers each scheduledRepayments amount as the running total owed up to that repayment (the amounts before it added in), so the repayments no longer make up the plan total, where provider 2.0.0 ScheduledRepayment.amount is the amount of that one repayment.',
    answer: okBody('getPlan', (body) => {
      if (!Array.isArray(body.scheduledRepayments)) return body;
      let sum = 0;
      return {
        ...body,
        scheduledRepayments: body.scheduledRepayments.map((r: Record<string, any>) => {
          sum = Math.round((sum + Number(r.amount ?? 0)) * 100) / 100;
          return { ...r, amount: sum };
        }),
      };
    }),
    ...blind,
    ...provider,
  }),
  fault('i61-in-plan-resend-same-id', {
    rule: 'IN-STATUS-PLAN-CREATED, IN-PROP-UNIQUE-ID: a plan selected again for the same offer of the same card is answered 201 with the planId of the earlier plan (the plan keyed by its offer), not the fresh unique plan id provider 2.0.0 savePlan creates for each plan.',
    answer: planKeyedByOffer,
    ...blind,
    ...provider,
  }),
  fault('i61-in-sync-decline-without-reason', {
    rule: 'IN-REQ-DECISION-MEMBERS: a DECLINED decision without rejectReasonCode sent with sync=true is taken (200) and declines the plan, where provider 2.0.0 PlanApprovalParameters asks a decline for its rejectReasonCode (the asynchronous path still refuses it).',
    judge: loosen(
      'planApproval',
      (v, x) => sync(x) && x.sent?.status === 'DECLINED' && (v.keyword === 'if' || /rejectReasonCode/.test(`${v.field} ${v.message}`)),
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-async-approval-own-offer-refused', {
    rule: "IN-STATE-APPROVAL-OFFER: an asynchronous approval (sync false or absent) naming the plan's own offerId is refused 400 invalid.request.body.parameter, the offerId compared with another member, where provider 2.0.0 PlanApprovalParameters.offerId names the offer approved and the plan's own is accepted.",
    judge: refuseAt('approval-decision', (x) => !sync(x) && x.sent?.offerId !== undefined && x.sent.offerId === x.plan?.offerId, {
      status: 400,
      reasonCode: 'invalid.request.body.parameter',
      description: "Value doesn't exist / doesn't meet specified range",
      details: 'offerId',
    }),
    ...blind,
    ...provider,
  }),
  fault('i61-in-list-range-from-last-card', {
    rule: "IN-STATE-LIST-CARD-RANGE: a list without an account range of its own validates its cards against the held range of the request's last valid card, so the first card sent is counted failed and a later one of another range registered, where provider 2.0.0 validates the pans against the first valid account range.",
    state: rangeOfLastCard,
    ...blind,
    ...provider,
  }),
  fault('i61-in-card-in-other-list-refused', {
    rule: "IN-STATE-LIST-CARD-RANGE, IN-VAL-PAN-COUNTS: a card registered into one list is counted failed (already in the pan list) when another list of the customer holds it, the duplicate check made across the customer's lists, where a card inside the list's range is registered into the list named.",
    judge: refuseAt(
      'register-duplicate',
      (x) => x.card !== undefined && [...x.world.panLists.values()].some((l) => l !== x.list && l.pans.has(x.card!)),
      { status: 400, reasonCode: 'INVALID_FIELD_VALUE', description: 'pan is already in the pan list' },
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-dereg-unknown-list-description', {
    rule: 'IN-ERR-SHAPE: the 400 of a deregistration naming a panListId no list holds answers its error item with a Description under its minLength (a bare not found), on that refusal path only, where provider 2.0.0 Error.Description is a human-readable explanation within its bounds.',
    answer: answerOf(
      'deregisterPans',
      (a) => {
        for (const item of [a.body?.Errors?.Error ?? []].flat()) item.Description = 'not found';
      },
      (a, x) =>
        a.status === 400 &&
        typeof x.sent?.panListId === 'string' &&
        /^\d+$/.test(x.sent.panListId) &&
        !x.world.panLists.has(x.sent.panListId),
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-participation-location-first-request', {
    rule: "IN-STATUS-PARTICIPATION: a merchant submitted again is answered 202 with a Location naming the request_id of the merchant's first submission (the merchant's request looked up, not this request's), where provider 2.0.0 postMerchantParticipations' Location names the request to poll.",
    answer: answerOf(
      'postMerchantParticipations',
      (a, x) => {
        const current = /request_id=([^&]+)/.exec(a.headers.location ?? '')?.[1];
        const mine = current === undefined ? [] : (x.world.participationsByRequest.get(current) ?? []);
        const keys = new Set(mine.map((p) => merchantKey(p)));
        const first = x.world.participations.find((p) => p.requestId !== current && keys.has(merchantKey(p)));
        if (first && current !== undefined)
          a.headers.location = a.headers.location.replace(`request_id=${current}`, `request_id=${first.requestId}`);
      },
      (a) => a.status === 202,
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-search-country-lowercase', {
    rule: 'IN-PAT-COUNTRY, IN-VALID-FORMS: a merchant search whose countryCode is written in lower case is refused 400, the code checked against capitals on the search path only, where provider 2.0.0 MerchantSearchParameters.countryCode takes the ISO 3166 code in either case.',
    judge: refuseAt(
      'search-criteria',
      (x) => x.op === 'postMerchantSearches' && typeof x.sent?.countryCode === 'string' && /[a-z]/.test(x.sent.countryCode),
      {
        status: 400,
        reasonCode: 'INVALID_FIELD_VALUE',
        description: 'countryCode must match the pattern',
        violations: [{ field: 'countryCode', keyword: 'pattern', message: 'countryCode must match the pattern' }],
      },
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-list-total-minus-offset', {
    rule: 'IN-PAGE-HEADERS: the completed merchants list (no request_id) answers in its Total header the items left after the offset applied, not the number of items across all pages provider 2.0.0 Total states.',
    answer: answerOf(
      'getMerchantParticipations',
      (a) => {
        a.headers.total = String(Math.max(0, Number(a.headers.total) - Number(a.headers.offset ?? 0)));
      },
      (a, x) => a.status === 200 && a.headers.total !== undefined && !new URL(x.req.url, 'http://h').searchParams.has('request_id'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i61-in-search-count-total', {
    rule: 'IN-PAGE-HEADERS: the merchant search answers in its Count header the number of merchants found across all pages (its Total), not the number of items on the page, where provider 2.0.0 Count is the number of items in this page.',
    answer: answerOf(
      'postMerchantSearches',
      (a) => {
        a.headers.count = a.headers.total;
      },
      (a) => a.status === 200 && a.headers.total !== undefined,
    ),
    ...blind,
    ...provider,
  }),
];
