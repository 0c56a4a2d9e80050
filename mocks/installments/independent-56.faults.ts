// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody, refuseAt, skipAt } from './fault-builders.js';

/** An RFC 3339 full date (YYYY-MM-DD) written day first, as a locale shows it (DD/MM/YYYY). */
const dayFirst = (date: unknown) =>
  typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date;
/** The approval status window (hours) read as minutes: its length in ms. */
const WINDOW_AS_MINUTES_MS = 24 * 60_000;

export const INDEPENDENT_56_INSTALLMENTS_FAULTS = [
  fault('i56-in-offer-end-day-not-carried', {
    rule: 'IN-VAL-OFFER-TERMS: an offer asked shortly before a UTC midnight (a month end too) answers offerEndDatetime on the day of its offerBeginDatetime, the validity window added to the time of day without carrying the day, so the offer ends before it begins, where provider 2.0.0 Offer.offerEndDatetime is the end of the offer validity, later than its offerBeginDatetime',
    answer: okBody('approvedOffers', (b) => {
      for (const o of b.offers ?? [])
        if (typeof o.offerBeginDatetime === 'string' && typeof o.offerEndDatetime === 'string')
          o.offerEndDatetime = o.offerBeginDatetime.slice(0, 10) + o.offerEndDatetime.slice(10);
    }),
    ...provider,
    ...blind,
  }),
  fault('i56-in-rejectdetail-at-maxlength-refused', {
    rule: 'IN-LIM-REJECTDETAIL: a decline whose rejectReasonDetail is exactly at its maxLength is refused 400 (the bound taken as exclusive), where provider 2.0.0 PlanApprovalParameters.rejectReasonDetail takes free text up to its maxLength, the longest included',
    judge: refuseAt(
      'approval-decision',
      (x) => typeof x.ok?.body?.rejectReasonDetail === 'string' && x.ok.body.rejectReasonDetail.length >= 5000,
      {
        status: 400,
        reasonCode: 'invalid.request.body.parameter',
        description: "Value doesn't exist / doesn't meet specified range",
        details: 'rejectReasonDetail',
      },
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-rejectcode-lender-system-error-refused', {
    rule: 'IN-ENUM-REJECTCODE: a decline naming the reason LENDER_SYSTEM_ERROR (one of the six the enum lists, taken as a code the service keeps for its own failures) is refused 400, where provider 2.0.0 PlanApprovalParameters.rejectReasonCode is any of the six reasons',
    judge: refuseAt('approval-decision', (x) => x.ok?.body?.status === 'DECLINED' && x.ok.body.rejectReasonCode === 'LENDER_SYSTEM_ERROR', {
      status: 400,
      reasonCode: 'invalid.request.body.parameter',
      description: "Value doesn't exist / doesn't meet specified range",
      details: 'rejectReasonCode',
    }),
    ...provider,
    ...blind,
  }),
  fault('i56-in-checkout-status-window-in-minutes', {
    rule: 'IN-ECHO-CALLBACK: the checkout status of a decided plan is 404 once as many minutes have passed since the approval was posted as the window has hours (the window read in the wrong unit), well within the window, where provider 2.0.0 getPlanApprovalStatus answers the status and callbackUrl within its hours from the approval posted',
    state: (x, c, m) => {
      if (x.op === 'planApproval' && c.plan) m[c.plan.planId] = x.now;
      return c;
    },
    judge: refuseAt(
      'approval-status-plan',
      (x, m) => x.plan !== undefined && m[x.plan.planId] !== undefined && x.now - m[x.plan.planId] >= WINDOW_AS_MINUTES_MS,
      { status: 404, reasonCode: 'PLAN_NOT_FOUND', description: 'No plan with this plan_id.', details: 'plan_id' },
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-offers-total-as-text', {
    rule: 'IN-VAL-OFFERS-TOTAL, IN-RESP-FORMS: the offers answer gives total as the text of the count (its digits in a string), not the integer provider 2.0.0 OffersGroup.total types it',
    answer: okBody('approvedOffers', (b) => (typeof b.total === 'number' ? { ...b, total: String(b.total) } : b)),
    ...provider,
    ...blind,
  }),
  fault('i56-in-midsearch-fraction-limit-taken', {
    rule: 'IN-PAGE-LIMIT: a MID search whose limit is a fraction (1.5) is taken, the page cut at its integer part, instead of refused 400, where provider 2.0.0 limit is an integer',
    judge: skipAt(
      'param',
      (x) => x.op === 'postMerchantMidSearches' && x.param?.name === 'limit' && /^\d+\.\d+$/.test(x.param.value ?? ''),
    ),
    state: (x, c) =>
      x.op === 'postMerchantMidSearches' && c.window
        ? { ...c, window: { ...c.window, limit: Math.trunc(c.window.limit), size: Math.trunc(c.window.size) } }
        : c,
    ...provider,
    ...blind,
  }),
  fault('i56-in-search-offset-zero-refused', {
    rule: 'IN-PAGE-OFFSET: a merchant search with offset 0 (the first item) is refused 400, the lower bound taken as exclusive on that reader only, where provider 2.0.0 offset is the number of items skipped, from 0',
    judge: refuseAt('param', (x) => x.op === 'postMerchantSearches' && x.param?.name === 'offset' && x.param.value === '0', {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'offset is invalid',
      details: 'offset',
    }),
    ...provider,
    ...blind,
  }),
  fault('i56-in-offer-duedate-day-first', {
    rule: "IN-DATE-UNIT, IN-RESP-FORMS: every offer's schedulePayments dueDate is written day first with slashes (DD/MM/YYYY, a locale's display form), not the ISO 8601 full date of format date provider 2.0.0 SchedulePayment.dueDate names",
    answer: okBody('approvedOffers', (b) => {
      for (const o of b.offers ?? []) for (const s of o.schedulePayments ?? []) s.dueDate = dayFirst(s.dueDate);
    }),
    ...provider,
    ...blind,
  }),
  fault('i56-in-notify-currency-from-merchant-country', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan names as its transaction currency the merchant's country code of the offers request (USA), not the purchase's ISO 4217 currency, a member filled from the wrong input, where provider 2.0.0 notifyPlan names the plan's transaction amount and currency",
    delivery: (x, d) => {
      const country = x.otx?.merchant?.country;
      if (x.op !== 'savePlan' || !d.body?.transaction || typeof country !== 'string') return d;
      return { ...d, body: { ...d.body, transaction: { ...d.body.transaction, currency: country } } };
    },
    ...provider,
    ...blind,
  }),
  fault('i56-in-notify-skipped-on-resent-correlation', {
    rule: 'IN-NOTIFY-SENT: a plan selection sent with a Correlation-Id an earlier selection carried (a client reusing its id, another offer chosen) creates its plan but notifies the issuer of nothing, taken for a resent notification, where seed 001 Events has every plan selected notify the issuer of its account range',
    delivery: (x, d, m) => {
      const id = x.req.headers['correlation-id'];
      if (x.op !== 'savePlan' || typeof id !== 'string') return d;
      const seen: Record<string, string> = (m.seen ??= {});
      const plan = String(d.body?.planId);
      if (seen[id] !== undefined && seen[id] !== plan) return undefined;
      seen[id] = plan;
      return d;
    },
    ...blind,
  }),
  fault('i56-in-dereg-unknown-list-answered-empty', {
    rule: 'IN-STATE-UNKNOWN-LIST: a deregistration naming a panListId no list holds is answered 200 with nothing counted (the unknown list read as an empty one), not refused 400, where provider 2.0.0 deregisterPans refuses a pan list that does not exist',
    answer: answerOf(
      'deregisterPans',
      (a, x) => ({
        status: 200,
        headers: a.headers,
        body: { panListId: x.sent?.panListId, successfulCount: '0', failureCount: '0' },
      }),
      (a) => a.status === 400 && String(a.body?.Errors?.Error?.[0]?.Description ?? '').includes('names no PAN list'),
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-plan-405-empty-error-list', {
    rule: 'IN-ERR-SHAPE: the 405 of another method on a plan answers Errors.Error as an empty list (no error item), on that refusal path only, where provider 2.0.0 ErrorWrapper gives every error answer at least one item with Source, ReasonCode, Description and Recoverable',
    answer: answerOf(
      ['getPlan', 'unrouted'],
      (a) => {
        a.body = { Errors: { Error: [] } };
      },
      (a, x) => a.status === 405 && /\/plans\//.test(x.req.url),
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-participation-202-with-body', {
    rule: 'IN-STATUS-PARTICIPATION: the 202 of a participation submission carries a body naming its request (requestId), where provider 2.0.0 postMerchantParticipations answers 202 with the Location to poll and no body',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        const id = /request_id=([^&]+)/.exec(a.headers.location ?? '')?.[1];
        a.body = { requestId: id ?? '' };
        a.headers['content-type'] = 'application/json; charset=utf-8';
      },
      (a) => a.status === 202,
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-plan-location-id-upper-cased', {
    rule: "IN-ECHO-PLAN-LOCATION: savePlan's 201 answers a Location whose planId is written in upper case (the id formatted for display), so it no longer names the planId the same answer gives and getPlan of it finds no plan, where provider 2.0.0 PlanCreated's Location is the URL of GET /plans/{plan_id} of the plan created",
    answer: answerOf(
      'savePlan',
      (a) => {
        a.headers.location = String(a.headers.location).replace(/[0-9a-f-]{36}$/, (id) => id.toUpperCase());
      },
      (a) => a.status === 201 && typeof a.headers.location === 'string',
    ),
    ...provider,
    ...blind,
  }),
  fault('i56-in-checkout-status-complete-misspelt', {
    rule: 'IN-RESP-FORMS: the checkout status of a plan whose decision has landed reads COMPLETE (the enum value spelt short), a value CompletionPSPData.status does not list, where provider 2.0.0 CompletionPSPData.status is either IN_PROGRESS or COMPLETED',
    answer: okBody('getPlanApprovalStatus', (b) => (b.status === 'COMPLETED' ? { ...b, status: 'COMPLETE' } : b)),
    ...provider,
    ...blind,
  }),
];
