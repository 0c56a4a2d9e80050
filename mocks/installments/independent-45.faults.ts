// Faults written blind (from the seed, the provider's 2.0.0 document and the rule catalogue only, the suite unread): an independent
// measure of the installments checks. Each bends a behaviour module at its seams (seams.ts) or an answer as it leaves.
import { randomUUID } from 'node:crypto';
import { blind, provider } from '../kit/faults.js';
import { answerOf, errorItems, fault, loosen, okBody, refuseAt, skipAt } from './fault-builders.js';
import type { Change, Exchange } from './seams.js';

/** A merchant search's comparison of one criterion (merchants.ts `whole`, or a fault's). */
type Matches = NonNullable<Change['matches']>;

/** The offers of an approvedOffers answer, each changed by `edit` (the state seam's change, stored and answered). */
const offersEdited = (x: Exchange, c: Change, edit: (offers: Record<string, any>[]) => Record<string, any>[]): Change =>
  x.op === 'approvedOffers' && c.offers ? { ...c, offers: edit(c.offers.map((o) => ({ ...o }))) } : c;

export const INDEPENDENT_45_INSTALLMENTS_FAULTS = [
  fault('i45-in-offers-dollar-symbol-for-every-currency', {
    rule: 'IN-VAL-OFFER-CURRENCY: every offer answers the currencySymbol $ whatever the currency of the purchase (a euro purchase at a French merchant is offered in $), where provider 2.0.0 Offer.currencySymbol is the "Symbol of currency for all amounts within offer response"',
    state: (x, c) => offersEdited(x, c, (offers) => offers.map((o) => ({ ...o, currencySymbol: '$' }))),
    ...blind,
    ...provider,
  }),
  fault('i45-in-offers-total-as-last-index', {
    rule: 'IN-VAL-OFFERS-TOTAL: the offers answer gives as total the index of its last offer (one fewer than the offers it lists), where provider 2.0.0 OffersGroup.total is the number of offers returned',
    answer: okBody('approvedOffers', (body) => (Array.isArray(body.offers) ? { ...body, total: body.offers.length - 1 } : undefined)),
    ...blind,
    ...provider,
  }),
  fault('i45-in-offers-priority-by-shortest-tenure', {
    rule: 'IN-VAL-OFFER-PRIORITY: the offers keep their order but are ranked by tenure rising, so the shortest offer (the highest other installment) gets priority 1, where provider 2.0.0 Offer.priority is set by the lowest other repayment amount, the lowest on top',
    state: (x, c) =>
      offersEdited(x, c, (offers) => {
        const byTenure = [...offers].sort((a, b) => a.tenure - b.tenure);
        return offers.map((o) => ({ ...o, priority: byTenure.indexOf(o) + 1 }));
      }),
    ...blind,
    ...provider,
  }),
  fault('i45-in-pans-register-check-digit-unchecked', {
    rule: 'IN-FMT-PAN-CHECK-DIGIT: a registration takes a card whose last digit is not its check digit into the list (counted successful), the Luhn check made on the offers path only, where provider 2.0.0 Pan.pan says every pan is validated against the Luhn algorithm (a failing one is a per-PAN failure)',
    judge: skipAt('check-digit', (x) => x.op === 'registerPans'),
    ...blind,
    ...provider,
  }),
  fault('i45-in-mids-search-mid-by-prefix', {
    rule: 'IN-FILTER-MID: the mid criterion of a MID search finds every MID that starts with the text sent, so a search by one MID also answers the longer MIDs it begins, where provider 2.0.0 MerchantMidSearchParameters.mid names the MID searched (it answers that MID only)',
    state: (x, c) => {
      if (x.op !== 'postMerchantMidSearches' || !c.matches) return c;
      const whole = c.matches;
      const matches: Matches = (k, v, crit) => (k === 'mid' ? String(v).startsWith(String(crit)) : whole(k, v, crit));
      return { ...c, matches };
    },
    ...blind,
    ...provider,
  }),
  fault('i45-in-search-maid-criterion-ignored', {
    rule: 'IN-FILTER-MAID: a merchant search drops its maid criterion (read under another name), so a search by maid alone answers every merchant, MID merchants and those of other MAIDs too, where provider 2.0.0 MerchantSearchParameters.maid finds the merchants of that maid only',
    state: (x, c) => {
      if (x.op !== 'postMerchantSearches' || !c.criteria || c.criteria.maid === undefined) return c;
      const { maid: _dropped, ...criteria } = c.criteria;
      return { ...c, criteria };
    },
    ...blind,
    ...provider,
  }),
  fault('i45-in-participations-location-as-path', {
    rule: 'IN-STATUS-PARTICIPATION: the 202 of a participation submission names its request as a path segment (merchants/participations/<id>), a URL no operation serves, where provider 2.0.0 postMerchantParticipations returns in Location the relative URL that gets the status of the request (merchants/participations?request_id=<id>)',
    answer: answerOf(
      'postMerchantParticipations',
      (a) => {
        a.headers.location = a.headers.location.replace('?request_id=', '/');
      },
      (a) => a.status === 202 && typeof a.headers.location === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i45-in-plans-location-names-approval', {
    rule: 'IN-ECHO-PLAN-LOCATION: the 201 of a plan created answers a Location naming the approval status reader (approvals/<planId>) instead of the plan, where provider 2.0.0 PlanCreated.Location refers to GET /plans/{plan_id}',
    answer: answerOf(
      'savePlan',
      (a) => {
        a.headers.location = a.headers.location.replace(/^plans\//, 'approvals/');
      },
      (a) => a.status === 201 && typeof a.headers.location === 'string',
    ),
    ...blind,
    ...provider,
  }),
  fault('i45-in-offers-refusal-correlation-regenerated', {
    rule: "IN-ECHO-CORRELATION: an offers request the service refuses (400, 404) is answered with a Correlation-Id of the service's own making, not the one the caller sent, the echo made on the 200 only, where provider 2.0.0 approvedOffers echoes the caller's Correlation-Id on its answers and makes one only when none is given",
    answer: answerOf(
      'approvedOffers',
      (a) => {
        a.headers['correlation-id'] = randomUUID();
      },
      (a, x) => a.status >= 400 && x.req.headers['correlation-id'] !== undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i45-in-notify-correlation-regenerated', {
    rule: 'IN-NOTIFY-CORRELATION: the notification to the issuer carries a Correlation-Id newly made for it, not the one the plan selection (savePlan) was sent with, where provider 2.0.0 savePlan Correlation-Id says the API propagates it to all downstream systems',
    delivery: (_x, d) => ({ ...d, headers: { ...d.headers, 'Correlation-Id': randomUUID() } }),
    ...blind,
    ...provider,
  }),
  fault('i45-in-pans-update-without-cards-accepted', {
    rule: 'IN-REQ-UPDATE-PANS: a registration into an existing list (panListId) carrying no card number, only the list\'s own account range, is accepted 200 with nothing registered, where provider 2.0.0 registerPans example PansNotPresentUpdateRequest refuses it 400 ("To update pan list at least one pan should be present")',
    judge: skipAt('register-update'),
    ...blind,
    ...provider,
  }),
  fault('i45-in-pans-unknown-list-id-created', {
    rule: 'IN-STATE-UNKNOWN-LIST: a registration naming a panListId that no list holds creates a list under that id and registers the cards into it, where provider 2.0.0 registerPans example PanListIdNotFound refuses it 400 (a list is created by panListName only)',
    judge: (x, step, r) => {
      if (step !== 'register-list' || !r || x.op !== 'registerPans') return r;
      const panListId = String(x.ok!.body.panListId);
      x.list = { panListId, pans: new Set() };
      x.world.panLists.set(panListId, x.list);
      return undefined;
    },
    ...blind,
    ...provider,
  }),
  fault('i45-in-approval-status-accept-unjudged', {
    rule: 'IN-TRANS-ACCEPT: the approval status reader answers its JSON 200 to a request whose Accept takes no JSON, where provider 2.0.0 getPlanApprovalStatus documents 406 for a client that accepts no JSON answer',
    judge: skipAt('accept', (x) => x.op === 'getPlanApprovalStatus'),
    ...blind,
    ...provider,
  }),
  fault('i45-in-mids-replaced-on-resubmission', {
    rule: 'IN-STATE-MIDS-ADDED: a merchant submitted again with other MIDs answers on the MID search only the MIDs of its latest submission, the earlier ones lost, where provider 2.0.0 postMerchantParticipations says the MIDs sent for an existing merchant are appended to its current set',
    state: (x, c) => (x.op === 'postMerchantMidSearches' && c.mids ? { ...c, mids: [...(c.latestMids ?? [])] } : c),
    ...blind,
    ...provider,
  }),
  fault('i45-in-approval-offer-id-unchecked', {
    rule: 'IN-STATE-APPROVAL-OFFER: an approval naming an offerId of no offer of the plan (of the length the schema asks) is accepted and decides the plan, where provider 2.0.0 PlanApprovalParameters.offerId must be one of the offer IDs retrieved via the Plan API',
    judge: skipAt('approval-decision', (_x, r) => r.details === 'offerId'),
    ...blind,
    ...provider,
  }),
  fault('i45-in-offers-url-merchant-without-country', {
    rule: 'IN-REQ-OFFERS-MERCHANT: an offers merchant named by its url alone, without its country, is offered installments, the country asked only beside a merchant name, where provider 2.0.0 approvedOffers example MissingCountyCodeInMerchantParameters refuses a name or a url without the country 400',
    judge: skipAt('offers-merchant', (x) => {
      const m = x.ok?.body?.merchant ?? {};
      return m.url !== undefined && m.name === undefined && m.acquirerId === undefined && m.merchantId === undefined;
    }),
    ...blind,
    ...provider,
  }),
  fault('i45-in-offers-end-datetime-without-zone', {
    rule: 'IN-DATE-UNIT: every offer answers its offerEndDatetime as a local date and time without zone (no Z, no offset), where provider 2.0.0 Offer.offerEndDatetime is an RFC 3339 date and time, which ends in its time-offset',
    answer: okBody('approvedOffers', (body) =>
      Array.isArray(body.offers)
        ? {
            ...body,
            offers: body.offers.map((o: Record<string, any>) => ({ ...o, offerEndDatetime: String(o.offerEndDatetime).slice(0, 19) })),
          }
        : undefined,
    ),
    ...blind,
    ...provider,
  }),
  fault('i45-in-plans-first-selection-lags-offers', {
    rule: 'IN-ERR-RECOVERABLE, IN-VALID-ACCEPTED: the first plan selection naming an offers answer is refused 400 as naming no offers (Recoverable false), as if the offers were not yet replicated, and the same request sent again unchanged is created 201, where provider 2.0.0 Error.Recoverable says whether retrying could succeed and savePlan answers a valid selection 201',
    judge: (x, step, r, memory) => {
      if (step !== 'plan-offers' || r || !x.otx) return r;
      const seen: Set<string> = (memory.seen ??= new Set<string>());
      if (seen.has(x.otx.offerTransactionId)) return r;
      seen.add(x.otx.offerTransactionId);
      return {
        status: 400,
        reasonCode: 'INVALID_FIELD_VALUE',
        description: 'offerTransactionId names no offers of this service',
        details: 'offerTransactionId',
      };
    },
    ...blind,
    ...provider,
  }),
  fault('i45-in-plan-error-recoverable-as-text', {
    rule: 'IN-ERR-SHAPE: the error items of the plan reader (its 404 of an unknown plan, its 400 of a malformed id) carry Recoverable as the text "false", not a boolean, where provider 2.0.0 ErrorWrapper types Recoverable boolean',
    answer: errorItems(
      (item) => {
        item.Recoverable = String(item.Recoverable);
      },
      (_a, x) => x.op === 'getPlan',
    ),
    ...blind,
    ...provider,
  }),
  fault('i45-in-approval-reject-code-any-text', {
    rule: 'IN-ENUM-REJECTCODE: a decline whose rejectReasonCode is none of the six reasons (a free text) is accepted and recorded, where provider 2.0.0 PlanApprovalParameters.rejectReasonCode is one of CONSUMER_AUTH_FAIL, CONSUMER_APPLICATION_FAIL, CONSUMER_CANCELLATION, LENDER_DRIVEN_REJECTION, LENDER_SYSTEM_ERROR, OTHER_REASON',
    judge: loosen('planApproval', (v) => v.field === 'rejectReasonCode' && v.keyword === 'enum'),
    ...blind,
    ...provider,
  }),
  fault('i45-in-participations-limit-max-refused', {
    rule: 'IN-PAGE-LIMIT: the completed merchants list refuses 400 a limit at its maximum, its upper bound taken as exclusive, where provider 2.0.0 getMerchantParticipations limit takes its maximum (also its default)',
    judge: refuseAt(
      'param',
      (x) => x.op === 'getMerchantParticipations' && x.param?.name === 'limit' && x.param.value === '500',
      (x) => ({
        status: 400,
        reasonCode: 'INVALID_FIELD_VALUE',
        description: 'limit must be less than 500',
        violations: [{ field: 'limit', keyword: 'maximum', message: `limit must be less than 500 (given ${x.param?.value})` }],
      }),
    ),
    ...blind,
    ...provider,
  }),
];
