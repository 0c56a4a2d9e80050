// Faults written blind (independent set 65): from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread.
import { blind, provider } from '../kit/faults.js';
import { answerOf, fault, okBody, refuseAt, skipAt, type Answering, type Changing, type Judging } from './fault-builders.js';
import type { Exchange } from './seams.js';
import { inRange, merchantKey, present, UUID } from './state.js';

/** The error body of a refusal written by a fault's answer (one item, as errors.ts writes them). */
const errorBody = (ReasonCode: string, Description: string, Details?: string) => ({
  Errors: { Error: [{ Source: 'installments', ReasonCode, Description, Recoverable: false, ...(Details ? { Details } : {}) }] },
});

/** The cards a deregistration took out of a list, kept in the fault's memory (the state seam of deregisterPans, card by card). */
const rememberDeregistered: Changing = (x, change, memory) => {
  if (x.op === 'deregisterPans' && change.holder && typeof change.pan === 'string') (memory.gone ??= new Set<string>()).add(change.pan);
  return change;
};

/** The plan_id of a read naming a plan by its path. */
const pathPlanId = (x: Exchange) => (x.req.params as { plan_id?: string } | undefined)?.plan_id;

/**
 * getPlan of a decided plan whose card has since been deregistered: TIMED_OUT, its reason gone. A service closing a card's plans when
 * the card leaves its list, the decisions already taken included.
 */
const closedWithCard: Answering = (x, a, memory) => {
  if (x.op !== 'getPlan' || a.status !== 200 || !x.plan || !memory.gone?.has(x.plan.pan)) return a;
  if (a.body?.status !== 'APPROVED' && a.body?.status !== 'DECLINED') return a;
  const { rejectReasonCode: _gone, ...rest } = a.body;
  a.body = { ...rest, status: 'TIMED_OUT' };
  return a;
};

/**
 * The effectuation read by request_id handed over once: a read answering every participation of the request finished (COMPLETED or
 * ERROR) consumes it, as a queue of status updates would, and every later read of that request_id is 404.
 */
const requestReadOnce: Answering = (x, a, memory) => {
  if (x.op !== 'getMerchantParticipations') return a;
  const id = new URL(x.req.url, 'http://mock').searchParams.get('request_id');
  if (id === null || a.status !== 200 || !Array.isArray(a.body)) return a;
  const handed = (memory.handed ??= new Set<string>());
  if (handed.has(id)) {
    a.status = 404;
    a.body = errorBody('NOT_FOUND', 'No participation request with this request_id.', 'request_id');
    for (const name of ['Count', 'Offset', 'Limit', 'Total', 'count', 'offset', 'limit', 'total']) delete a.headers[name];
    return a;
  }
  if (a.body.length > 0 && a.body.every((m: { status?: string }) => m.status === 'COMPLETED' || m.status === 'ERROR')) handed.add(id);
  return a;
};

/** The UTC day of the month of an instant. */
const dayOfMonth = (ms: number) => new Date(ms).getUTCDate();

/**
 * An asynchronous decision lands once its time has come and the day of the month is not before the day it was posted on: the day
 * compared alone, so a decision posted on a month's last day and landing in the next month reads as not landed (the readers answer
 * the plan as before it).
 */
const landingByDayOfMonth: Answering = (x, a, memory) => {
  if (x.op === 'planApproval' && a.status === 202 && typeof x.sent?.planId === 'string') (memory.posted ??= {})[x.sent.planId] = x.now;
  if (x.op === 'planApproval' && a.status === 200 && typeof x.sent?.planId === 'string') delete memory.posted?.[x.sent.planId];
  const id = pathPlanId(x);
  const posted = id ? memory.posted?.[id] : undefined;
  if (posted === undefined || a.status !== 200 || dayOfMonth(x.now) >= dayOfMonth(posted)) return a;
  if (x.op === 'getPlan' && (a.body?.status === 'APPROVED' || a.body?.status === 'DECLINED')) {
    const { rejectReasonCode: _later, ...rest } = a.body;
    a.body = { ...rest, status: 'CREATED' };
  }
  if (x.op === 'getPlanApprovalStatus' && a.body?.status === 'COMPLETED') a.body = { status: 'IN_PROGRESS' };
  return a;
};

/** An error item with its members named in camel case (source, reasonCode...), as another serialiser of the service writes them. */
const camelItem = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]));

/** The newest PAN list holding an account range (the last one the store was given). */
const newestRanged = (x: Exchange) => [...x.world.panLists.values()].filter((l) => l.accountRange).at(-1);

/** A registration into an existing list whose account range is compared with the newest ranged list's, not the list named. */
const rangeOfNewestList = refuseAt(
  'register-list-range',
  (x) => {
    const sent = x.sent?.accountRange;
    const newest = newestRanged(x);
    return (
      x.op === 'registerPans' &&
      x.sent?.panListId !== undefined &&
      sent !== undefined &&
      newest !== undefined &&
      newest !== x.list &&
      (newest.accountRange!.accountRangeLow !== sent.accountRangeLow || newest.accountRange!.accountRangeHigh !== sent.accountRangeHigh)
    );
  },
  { status: 400, reasonCode: 'invalid.accountRange', description: 'Invalid account range for pan list' },
);

/** The lists a deregistration left without a card (the state seam of deregisterPans, the list as it is left). */
const rememberEmptied: Changing = (x, change, memory) => {
  if (x.op === 'deregisterPans' && change.list && change.removed !== undefined && change.list.pans.size === 0)
    (memory.emptied ??= new Set<string>()).add(change.list.panListId);
  if (x.op === 'registerPans' && change.list && !change.removed) memory.emptied?.delete(change.list.panListId);
  return change;
};

/** An offers card eligible only through the account range of lists a deregistration emptied: refused as no list held its range. */
const emptiedRangeForgotten: Judging = (x, step, r, memory) => {
  if (r || step !== 'offers-card' || x.op !== 'approvedOffers' || !memory.emptied?.size) return r;
  const pan = x.ok?.plain?.consumer?.primaryAccountNumber;
  if (pan === undefined) return r;
  const card = String(pan);
  const lists = [...x.world.panLists.values()];
  if (lists.some((l) => l.pans.has(card))) return r;
  const covering = lists.filter((l) => inRange(card, l.accountRange));
  if (covering.length === 0 || !covering.every((l) => memory.emptied.has(l.panListId))) return r;
  return { status: 404, reasonCode: 'NO_ELIGIBLE_OFFERS', description: 'No installment offer is eligible for this card.' };
};

/** The offset of a paged request. */
const offsetOf = (x: Exchange) => Number(new URL(x.req.url, 'http://mock').searchParams.get('offset') ?? 0);

/** A merchant legal name escaped for an HTML page (the display layer's encoder on the completed list). */
const htmlEscaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The ends of a held account range given in the other order. */
const swappedHeld = (x: Exchange) => {
  const r = x.sent?.accountRange;
  return (
    r !== undefined &&
    x.world.accountRanges.some((h) => h.accountRangeLow === r.accountRangeHigh && h.accountRangeHigh === r.accountRangeLow)
  );
};

/** An offers request whose merchant is an empty object: the minProperties refusal and the country and currency pair let through. */
const emptyMerchantTaken: Judging = (x, step, r) => {
  if (!r || x.op !== 'approvedOffers') return r;
  const merchant = x.sent?.merchant;
  const empty = merchant !== null && typeof merchant === 'object' && !Array.isArray(merchant) && Object.keys(merchant).length === 0;
  if (!empty) return r;
  if (step === 'body' && r.violations?.length && r.violations.every((v) => v.field === 'merchant' && v.keyword === 'minProperties'))
    return undefined;
  if (step === 'offers-currency') return undefined;
  return r;
};

export const INDEPENDENT_65_INSTALLMENTS_FAULTS = [
  fault('i65-in-dereg-closes-card-plans', {
    rule: "IN-PROP-LASTING: once its card is deregistered from its PAN list, a decided plan of that card (approved or declined) reads TIMED_OUT on getPlan, its reject reason gone (the card's plans closed with it), where seed 001 States has the plan approved or declined by the approval and the deregistration takes cards out of a pan list only, giving a decided plan no end",
    state: rememberDeregistered,
    answer: closedWithCard,
    ...blind,
  }),
  fault('i65-in-request-id-read-once', {
    rule: 'IN-FILTER-REQUEST-ID: a read by request_id that answers every participation of the request finished (COMPLETED or ERROR) consumes it, so the same read sent again is 404 (the status updates handed over once, as from a queue), where seed 001 Endpoints lets acquirers pass a request id and fetch the participation effectuation status of that request, and request_id answers the merchants of that request',
    answer: requestReadOnce,
    ...blind,
  }),
  fault('i65-in-participation-same-duns-refused', {
    rule: 'IN-STATE-PARTICIPATION-FIXED, IN-VALID-ACCEPTED: a merchant submitted again with the very duns it holds (the same submission repeated) is refused 400 invalid.request.body.parameter, any duns on a known merchant taken as a change, where provider 2.0.0 postMerchantParticipations says duns cannot be modified and takes null, empty or the existing value',
    judge: refuseAt(
      'participation-members',
      (x) =>
        x.op === 'postMerchantParticipations' &&
        Array.isArray(x.sent) &&
        x.sent.some((m: Record<string, any>) => present(m?.duns) && present(x.world.fixed.get(merchantKey({ merchant: m }))?.duns)),
      (x) => ({
        status: 400,
        reasonCode: 'invalid.request.body.parameter',
        description: "Value doesn't exist / doesn't meet specified range",
        details: `${(x.sent as Record<string, any>[]).findIndex((m) => present(m?.duns) && present(x.world.fixed.get(merchantKey({ merchant: m }))?.duns))}.duns`,
      }),
    ),
    ...blind,
    ...provider,
  }),
  fault('i65-in-async-decision-lost-over-month-end', {
    rule: "IN-STATE-DECISION: an asynchronous decision posted on a month's last day that lands in the next month never shows: getPlan keeps reading CREATED and getPlanApprovalStatus IN_PROGRESS, days later too (the landing compared on the day of the month, a later month's earlier day read as before the posting), where seed 001 States has the plan approved or declined and getPlan shows the decision, sync or async, once it landed",
    answer: landingByDayOfMonth,
    ...blind,
  }),
  fault('i65-in-notify-amounttype-defaulted', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan carries transaction.amountType PURCHASE whatever the selection sent (a FINAL amount notified as a purchase, the member filled from a default), where provider 2.0.0 notifyPlan's transaction is the plan's CardedTransaction, its amountType the one the selection sent",
    delivery: (_x, d) => {
      const t = d.body?.transaction;
      if (t && t.amountType !== undefined && t.amountType !== 'PURCHASE')
        d.body = { ...d.body, transaction: { ...t, amountType: 'PURCHASE' } };
      return d;
    },
    ...blind,
    ...provider,
  }),
  fault('i65-in-notify-transmission-zone-dropped', {
    rule: "IN-NOTIFY-SHAPE: the notification of a selected plan carries transaction.transmissionDateTime as a UTC date and time without its zone (no Z, no offset: the instant written as a local timestamp), not the RFC 3339 date and time the selection sent, where provider 2.0.0 notifyPlan's transaction is the plan's CardedTransaction, whose transmissionDateTime is an RFC 3339 date and time",
    delivery: (_x, d) => {
      const t = d.body?.transaction;
      const v = t?.transmissionDateTime;
      if (typeof v === 'string' && /(Z|[+-]\d\d:\d\d)$/i.test(v) && !Number.isNaN(Date.parse(v)))
        d.body = { ...d.body, transaction: { ...t, transmissionDateTime: new Date(v).toISOString().slice(0, 19) } };
      return d;
    },
    ...blind,
    ...provider,
  }),
  fault('i65-in-range-refusal-members-camel-case', {
    rule: "IN-ERR-SHAPE: the 400 invalid.accountRange of a registration names its error item's members in camel case (source, reasonCode, description, recoverable), so the item lacks Source, ReasonCode, Description and Recoverable, on that refusal path only, where provider 2.0.0 Error requires Source, ReasonCode, Description and Recoverable",
    answer: answerOf(
      'registerPans',
      (a) => {
        a.body = { Errors: { Error: [a.body.Errors.Error].flat().map(camelItem) } };
      },
      (a) => a.status === 400 && [a.body?.Errors?.Error ?? []].flat()[0]?.ReasonCode === 'invalid.accountRange',
    ),
    ...blind,
    ...provider,
  }),
  fault('i65-in-list-range-checked-against-newest', {
    rule: "IN-STATE-LIST-RANGE, IN-VALID-ACCEPTED: of two PAN lists of one customer over different account ranges, a registration into the older one by its panListId giving that list's own range is refused 400 invalid.accountRange (the range compared with the newest list's), where provider 2.0.0 registerPans refuses only a range that does not match the list's, its own accepted",
    judge: rangeOfNewestList,
    ...blind,
    ...provider,
  }),
  fault('i65-in-search-later-pages-drop-status', {
    rule: 'IN-PAGE-KEEPS-QUERY: a merchant search given an offset past the start drops its merchantParticipationStatus criterion, so a page after the first lists merchants of other statuses, where provider 2.0.0 offset and limit page the one answer the search body selects',
    state: (x, change) => {
      if (x.op !== 'postMerchantSearches' || !change.criteria || offsetOf(x) <= 0) return change;
      const { merchantParticipationStatus: _dropped, ...rest } = change.criteria;
      return { ...change, criteria: rest };
    },
    ...blind,
    ...provider,
  }),
  fault('i65-in-offers-correlation-uuid-only', {
    rule: "IN-FMT-CORRELATION, IN-VALID-ACCEPTED: an offers request whose Correlation-Id is not a UUID (a caller's own trace text) is refused 400 invalid.request.parameter, the UUID form of the other operations applied, where provider 2.0.0 approvedOffers takes any string as its Correlation-Id",
    judge: refuseAt(
      'param',
      (x) => x.op === 'approvedOffers' && x.param?.name === 'Correlation-Id' && x.param.value !== undefined && !UUID.test(x.param.value),
      {
        status: 400,
        reasonCode: 'invalid.request.parameter',
        description: 'Correlation-Id must be a UUID.',
        details: 'Correlation-Id',
      },
    ),
    ...blind,
    ...provider,
  }),
  fault('i65-in-post-purchase-offers-demanded', {
    rule: 'IN-REQ-PLAN-PRODUCT, IN-VALID-ACCEPTED: a plan of a Post Purchase partner that is no distribution partner, carrying offerId, its terms, schedule and card but no transactionOffers, is refused 400 invalid.request.parameter (the presented offers demanded of every product), where provider 2.0.0 TransactionOffers is mandatory for the During Purchase use case and a distribution partner only',
    judge: refuseAt('plan-offers', (x) => x.op === 'savePlan' && !present(x.sent?.transactionOffers), {
      status: 400,
      reasonCode: 'invalid.request.parameter',
      description: 'Both OfferId and TransactionOffers must be present for this provider - Value must not be null',
      details: 'Invalid input request for cardedInstallments.',
    }),
    ...blind,
    ...provider,
  }),
  fault('i65-in-offers-empty-merchant-taken', {
    rule: 'IN-REQ-OFFERS-MERCHANT-SOME: an offers request whose merchant is an empty object is offered installments (200), the object taken as no merchant given, where provider 2.0.0 approvedOffers refuses an empty merchant object 400 invalid.request.parameter, its country and mcc having to be there',
    judge: emptyMerchantTaken,
    ...blind,
    ...provider,
  }),
  fault('i65-in-by-request-ica-cut', {
    rule: "IN-ECHO-ICA-FORMS: the read by request_id answers an acquirer ICA of the longest form cut to the middle form's length (a column of that width), so the merchant reads under another acquirer's ICA, where provider 2.0.0 AcquirerIca is kept whole in each of its forms",
    answer: okBody(
      'getMerchantParticipations',
      (body: Record<string, any>[]) =>
        body.map((m) =>
          typeof m.acquirerICA === 'string' && m.acquirerICA.length === 11 ? { ...m, acquirerICA: m.acquirerICA.slice(0, 9) } : m,
        ),
      (body, x) => Array.isArray(body) && new URL(x.req.url, 'http://mock').searchParams.has('request_id'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i65-in-emptied-list-range-forgotten', {
    rule: "IN-STATE-LIST-RANGE: once a deregistration takes the last card out of a PAN list over an account range, the list's range no longer gives offers (a card of the range not registered by number answered 404 no eligible offers), where provider 2.0.0 keeps the account range associated to a pan list and validates the cards added later against it, the deregistration taking cards out only",
    state: rememberEmptied,
    judge: emptiedRangeForgotten,
    ...blind,
    ...provider,
  }),
  fault('i65-in-completed-list-name-html-escaped', {
    rule: 'IN-ECHO-PARTICIPATION-DETAILS: the completed merchants list (no request_id) answers merchantLegalName HTML-escaped (an ampersand as &amp;, an apostrophe as &#39;), the other readers keeping it as submitted, where provider 2.0.0 MerchantParticipation.merchantLegalName is the legal name as submitted',
    answer: okBody(
      'getMerchantParticipations',
      (body: Record<string, any>[]) =>
        body.map((m) => (typeof m.merchantLegalName === 'string' ? { ...m, merchantLegalName: htmlEscaped(m.merchantLegalName) } : m)),
      (body, x) => Array.isArray(body) && !new URL(x.req.url, 'http://mock').searchParams.has('request_id'),
    ),
    ...blind,
    ...provider,
  }),
  fault('i65-in-held-range-ends-swapped', {
    rule: 'IN-STATE-HELD-RANGE: a new PAN list given a held account range with its ends in the other order (the high end as accountRangeLow) is created 200, the ends compared as a set, where provider 2.0.0 registerPans refuses a range not present in the system, a range held whole, low end and high end',
    judge: skipAt('register-range', (x) => x.op === 'registerPans' && swappedHeld(x)),
    ...blind,
    ...provider,
  }),
];
