// Faults of the installments mock written blind: from the seed, the provider document
// 2.0.0 and reference/installments.md only, without reading the suite's specs or fixtures. Each
// breaks one rule the way a provider's own release might: an off-by-one limit, a criterion or a
// paging parameter silently ignored, a state change another endpoint does not show, a value in the
// wrong unit or type, a rule enforced on one operation but not another. Validation faults loosen
// (or tighten) the mock's copy of the contract; behaviour faults are `faults.has('blind-...')`
// switches in the handlers. `npm run mutation -- --service installments --blind` runs only these.
// The argument after the source: the ids of schemas/installments/rules.yaml broken (added afterwards,
// for `npm run mutation -- --targeted`).
import type { Fault, Relaxation } from '../kit/faults.js';

const blind = (id: string, rule: string, source: Fault['source'], rules?: string[], relax?: Relaxation[]): Fault =>
  ({ id, rule, source, origin: 'blind', ...(rules ? { rules } : {}), ...(relax ? { relax } : {}) });

export const INSTALLMENTS_BLIND_FAULTS: Fault[] = [
  // Off-by-one limits (provider 2.0.0 field schemas; reference, Main fields).
  blind('blind-tenure-1-accepted', 'savePlan planInstallmentInformation.tenure is 2 to 99 (provider; reference "tenure* 2-99"): a tenure of 1 is accepted', 'provider', ['IN-LIM-TENURE'],
    [{ schema: 'PlanInstallmentInformation', at: ['properties', 'tenure'], set: { minimum: 1 } }]),
  blind('blind-schedule-payments-100-accepted', 'savePlan schedulePayments at most 99 (provider; reference "schedulePayments[] (at most 99)"): 100 accepted', 'provider', ['IN-LIM-SCHEDULE'],
    [{ schema: 'PlanRequest', at: ['properties', 'schedulePayments'], set: { maxItems: 100 } }]),
  blind('blind-participations-31-accepted', 'at most 30 merchant participations per request (provider; reference Main fields): 31 accepted', 'provider', ['IN-LIM-PARTICIPATIONS'],
    [{ schema: 'MerchantParticipationRequest', set: { maxItems: 31 } }]),
  blind('blind-reject-detail-5000-rejected', 'planApproval rejectReasonDetail at most 5000 characters (provider; reference): enforced as 4999, a valid 5000-character detail is refused', 'provider', ['IN-LIM-REJECTDETAIL'],
    [{ schema: 'PlanApprovalRequest', at: ['properties', 'rejectReasonDetail'], set: { maxLength: 4999 } }]),
  blind('blind-limit-500-rejected', 'limit is 1 to 500 (provider parameter `limit`; reference Paging "at most 500"): limit=500 is refused with 400 (enforced as < 500)', 'provider', ['IN-PAGE-LIMIT']),

  // Paging (provider 2.0.0: offset default 0, limit default 500; Count/Offset/Limit/Total headers).
  blind('blind-default-limit-100', 'default page size is 500 (provider `limit` default 500; reference Paging): without limit a page holds at most 100', 'provider', ['IN-PAGE-DEFAULT']),
  blind('blind-offset-one-based', 'offset is the zero-based index of the first item (provider `offset`): treated as one-based, offset=N starts at item N-1', 'provider', ['IN-PAGE-SLICE']),
  blind('blind-count-header-off-by-one', 'Count header is the number of items in the page (provider headers; reference "list responses carry Count"): reports one less', 'provider', ['IN-PAGE-HEADERS']),
  blind('blind-mid-search-paging-ignored', 'postMerchantMidSearches is paged by offset/limit (provider: MidDetailsPage, offset and limit parameters): the MID search ignores them (the other merchant queries still page)', 'provider', ['IN-PAGE-SLICE', 'IN-PAGE-HEADERS']),

  // Search criteria and filters (seed 001, Endpoints; provider search parameters).
  blind('blind-search-country-ignored', 'merchant search by merchant name, or country code, or acquirer ICA (seed 001): the countryCode criterion is silently ignored', 'seed', ['IN-FILTER-COUNTRY']),
  blind('blind-mid-filter-ignored', 'MID search narrows to the `mid` given (provider MerchantMidSearchParameters.mid; reference MID search `mid`): the mid criterion is ignored', 'provider', ['IN-FILTER-MID']),
  blind('blind-request-id-filter-ignored', 'with request_id, getMerchantParticipations returns the merchants of that request only (seed 001; provider: "limited to only those merchant objects ... part of that particular request"): every request\'s merchants are returned', 'seed', ['IN-FILTER-REQUEST-ID']),
  blind('blind-error-reason-unknown', 'an effectuation with an invalid acquirer ICA ends in ERROR with errorReason INVALID_ACQUIRER_ICA (reference Main fields - Merchant participation): errorReason UNKNOWN is given', 'assumption', ['IN-STATE-INVALID-ICA']),

  // State changes seen through other endpoints (seed 001, States; reference, Flows - checkout and services).
  blind('blind-async-answered-sync', 'planApproval without sync=true is asynchronous: 202, no body (provider: sync default false, 200 "only if the sync parameter is true"; reference): answered 200 with callbackUrl and applied at once', 'provider', ['IN-STATUS-SYNC']),
  blind('blind-getplan-decline-not-shown', 'a plan is approved or declined (seed 001, States) and getPlan shows the decision (reference, Flows - checkout): a DECLINED plan is read back as CREATED (approvals still shown)', 'seed', ['IN-STATE-DECISION']),
  blind('blind-deregistered-pan-still-offered', 'deregistered PANs are no longer eligible for offers (reference, Flows - services: offers only for registered cards, then deregister): a PAN that got offers once keeps getting them (eligibility cached)', 'assumption', ['IN-STATE-PAN-ELIGIBLE']),

  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  blind('blind-notification-for-unconfigured-range', 'the notification goes to the issuer configured for the card\'s account range (seed 001, Events; reference Flows - notification (a)): a plan on a card of no configured range notifies the default issuer', 'assumption', ['IN-NOTIFY-NONE']),
  // No rule of the catalogue covers Correlation-Id propagation: no rules, the whole service runs.
  blind('blind-notification-correlation-id-regenerated', 'the Correlation-Id given to POST /plans is propagated downstream (provider: "propagate to all down-stream systems"): the notification carries a fresh one', 'provider'),
  blind('blind-notification-amount-in-cents', 'notification transaction.amount is the purchase amount in the units of its currency (provider PlanNotifTransaction; reference): sent in minor units (x100)', 'provider', ['IN-NOTIFY-SHAPE']),
  blind('blind-notification-schedule-amount-key', 'notification schedulePayments items carry installmentAmount* (provider PlanNotifSchedulePayment; reference Main fields - Notification): they carry the plan record\'s `amount` instead', 'provider', ['IN-NOTIFY-SHAPE']),

  // Auth (reference, Transport and auth).
  blind('blind-consumer-key-prefix', 'an unknown consumer key is 401 (reference, Transport and auth): consumer keys are matched on their first 12 characters', 'assumption', ['IN-AUTH-SIGNATURE']),
  blind('blind-deregister-forbidden-unchecked', 'a valid signature from a consumer key not allowed for the operation is 403 (reference, Transport and auth): not enforced on deregisterPans only', 'assumption', ['IN-AUTH-FORBIDDEN']),

  // Shapes and headers of answers (provider 2.0.0).
  blind('blind-registration-counts-numeric', 'registerPans successfulCount/failureCount are strings (provider Registration; reference Known corrections): sent as JSON numbers (deregistration unchanged)', 'provider', ['IN-VAL-PAN-COUNTS']),
  blind('blind-error-404-shape', 'every 4xx error body is {"Errors": {"Error": [items]}} (provider ErrorWrapper; reference Error body): on 404 only, Error is a single object, not an array', 'provider', ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN']),
  // No rule of the catalogue covers the Correlation-Id of an answer: no rules.
  blind('blind-offers-correlation-id-not-echoed', 'the caller\'s Correlation-Id is the one answered (provider: the API creates one only "if not provided"): approvedOffers answers a fresh Correlation-Id instead of the caller\'s (other operations echo it)', 'provider'),
];
