// Fault catalogue of the installments mock: each entry breaks one rule of the contract. Most rules
// come from the provider document 2.0.0; auth, flows and the issuer's behaviour from
// reference/installments.md. (`source` stays 'assumption': the kit's Fault type has no 'provider'.)
// `npm run mutation` (or MOCK_FAULTS=<id>) proves the suite catches each.
import type { Fault } from '../kit/faults.js';

const relax = (id: string, rule: string, schema: string, at: string[] | undefined, change: { drop?: string[]; unrequire?: string[] }): Fault =>
  ({ id, rule, source: 'assumption', relax: [{ schema, ...(at ? { at } : {}), ...change }] });
const rule = (id: string, text: string): Fault => ({ id, rule: text, source: 'assumption' });

export const INSTALLMENTS_FAULTS: Fault[] = [
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('panListId-pattern-unenforced', 'panListId ^[0-9]{18}$', 'PanListId', undefined, { drop: ['pattern'] }),
  relax('panListName-pattern-unenforced', 'panListName ^[a-zA-Z0-9\\s-]{1,64}$', 'PanListName', undefined, { drop: ['pattern'] }),
  relax('accountRange-pattern-unenforced', 'accountRangeLow/High ^[0-9]{11,19}$', 'AccountRangeBound', undefined, { drop: ['pattern'] }),
  relax('pan-pattern-unenforced', 'PAN 11 to 19 digits', 'Pan', undefined, { drop: ['pattern'] }),
  relax('merchantLegalName-length-unenforced', 'merchantLegalName 1-300', 'MerchantLegalName', undefined, { drop: ['minLength', 'maxLength'] }),
  relax('countryCode-pattern-unenforced', 'countryCode 3 letters of either case', 'CountryCode', undefined, { drop: ['pattern'] }),
  relax('acquirerIca-pattern-unenforced', 'acquirerICA 6, 9 or 11 digits', 'AcquirerIca', undefined, { drop: ['pattern'] }),
  relax('merchantGroup-pattern-unenforced', 'merchantGroup ^[A-Z0-9]{1,2}$', 'MerchantGroup', undefined, { drop: ['pattern'] }),
  relax('maidType-enum-unenforced', 'maidType GRP|EXT', 'MaidType', undefined, { drop: ['enum'] }),
  relax('yesNo-enum-unenforced', 'optIn / nonMerchantNegotiatedParticipation Y|N', 'YesNo', undefined, { drop: ['enum'] }),
  relax('participations-max-30-unenforced', '1 to 30 participations per request', 'MerchantParticipationRequest', undefined, { drop: ['maxItems'] }),
  relax('wallets-max-3-unenforced', 'wallets at most 3', 'Wallets', undefined, { drop: ['maxItems'] }),
  relax('dbaNames-max-1000-unenforced', 'dbaNames at most 1000', 'DbaNames', undefined, { drop: ['maxItems'] }),
  relax('mids-max-5000-unenforced', 'mids at most 5000', 'MerchantParticipation', ['properties', 'mids'], { drop: ['maxItems'] }),
  relax('participation-ica-not-required', 'acquirerICA required in a participation', 'MerchantParticipation', undefined, { unrequire: ['acquirerICA'] }),
  relax('merchant-search-empty-accepted', 'merchant search needs one of its criteria', 'MerchantSearchRequest', undefined, { drop: ['anyOf'] }),
  relax('mid-search-ica-not-required', 'MID search: acquirerICA required', 'MidSearchRequest', undefined, { unrequire: ['acquirerICA'] }),
  relax('currency-length-unenforced', 'currency 3 characters', 'Currency', undefined, { drop: ['minLength', 'maxLength'] }),
  relax('mcc-length-unenforced', 'mcc 4 characters', 'Mcc', undefined, { drop: ['minLength', 'maxLength'] }),
  relax('uuid-pattern-unenforced', 'providerId / planId / Correlation-Id are UUIDs', 'Uuid', undefined, { drop: ['pattern', 'format'] }),
  relax('offerId-length-unenforced', 'offerId 8-64', 'OfferId', undefined, { drop: ['minLength', 'maxLength'] }),
  relax('tenure-range-unenforced', 'tenure 2-99', 'PlanInstallmentInformation', ['properties', 'tenure'], { drop: ['minimum', 'maximum'] }),
  relax('apr-range-unenforced', 'apr 0-200', 'PlanInstallmentInformation', ['properties', 'apr'], { drop: ['minimum', 'maximum'] }),
  relax('schedulePayments-max-99-unenforced', 'schedulePayments at most 99', 'PlanRequest', ['properties', 'schedulePayments'], { drop: ['maxItems'] }),
  relax('rejectReasonDetail-max-unenforced', 'rejectReasonDetail at most 5000', 'PlanApprovalRequest', ['properties', 'rejectReasonDetail'], { drop: ['maxLength'] }),
  relax('rejectReasonCode-enum-unenforced', 'rejectReasonCode enum', 'RejectReasonCode', undefined, { drop: ['enum'] }),
  relax('approval-status-enum-unenforced', 'approval status APPROVED|DECLINED', 'ApprovalDecision', undefined, { drop: ['enum'] }),
  relax('issuer-issuerIca-not-required', 'notification: issuerIca required', 'PlanNotification', undefined, { unrequire: ['issuerIca'] }),
  rule('limit-over-500-accepted', 'limit at most 500'),
  rule('offset-unchecked', 'offset at least 0'),
  // Auth and transport (reference, Transport and auth).
  rule('unsigned-accepted', 'no OAuth signature: 401'),
  rule('unknown-key-accepted', 'unknown consumer key: 401'),
  rule('bad-signature-accepted', 'bad RSA-SHA256 signature: 401'),
  rule('body-hash-unchecked', 'oauth_body_hash must match the body: 401'),
  rule('forbidden-never-given', 'consumer key not allowed for the operation: 403'),
  rule('not-acceptable-ignored', 'Accept without JSON: 406'),
  rule('unsupported-media-accepted', 'offers body not application/json: 415'),
  rule('method-not-allowed-404', 'other methods on /plans/{plan_id}: 405'),
  rule('undecryptable-accepted', 'sensitiveData must decrypt with the published key'),
  // Error body and headers (provider 2.0.0, ErrorWrapper).
  rule('error-body-wrong-shape', 'error body {"Errors": {"Error": [...]}}'),
  rule('error-missing-recoverable', 'error item: Recoverable required'),
  rule('correlation-id-not-returned', 'answers that declare Correlation-Id carry it (provider 2.0.0)'),
  rule('bad-json-crashes', 'malformed body: 400, never 500'),
  // Merchant participation flow (reference, Flows - lender app).
  rule('participation-200', 'participation submission answers 202'),
  rule('location-missing', '202 carries Location with the request id'),
  rule('participation-stuck-pending', 'an effectuation leaves PENDING'),
  rule('invalid-ica-completes', 'an invalid acquirer ICA ends in ERROR'),
  rule('error-without-reason', 'ERROR carries errorReason'),
  rule('unknown-request-id-200', 'unknown request_id: 404'),
  rule('pending-listed-as-completed', 'without request_id only completed effectuations are listed'),
  rule('paging-headers-missing', 'pages carry Count, Offset, Limit, Total'),
  rule('paging-total-wrong', 'Total counts all pages'),
  rule('limit-not-applied', 'a page holds at most limit items'),
  rule('search-ignores-criteria', 'merchant search filters by its criteria'),
  rule('mid-status-completed', 'MID status follows the effectuation'),
  // PAN lists and offers (reference, Flows - services).
  rule('duplicate-pan-counted', 'a PAN already in the list is a failure'),
  rule('registration-ignored', 'registered PANs become eligible for offers'),
  rule('deregistration-ignored', 'deregistered PANs are no longer eligible'),
  rule('offers-for-unregistered-pan', 'offers only for registered cards and account ranges'),
  rule('offer-tenure-1', 'offer tenure at least 2'),
  rule('offers-total-wrong', 'total is the number of offers returned'),
  // Plans and approvals (reference, Flows - checkout).
  rule('unknown-offer-transaction-accepted', 'a plan is created from an offers transaction of the service'),
  rule('plan-created-200', 'plan creation answers 201'),
  rule('plan-id-unchecked', 'getPlan: plan_id not a UUID is 400'),
  rule('plan-status-stale', 'the plan read back shows the approval'),
  rule('declined-recorded-as-approved', 'a DECLINED decision is recorded as DECLINED'),
  rule('approval-not-applied', 'a sync approval changes the plan status'),
  rule('sync-answers-202', 'sync=true answers 200 with callbackUrl'),
  rule('async-approval-never-applied', 'an async (202) decision is applied'),
  rule('approval-status-stale', 'approval status shows the decision'),
  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  rule('notification-not-sent', 'selecting a plan notifies the issuer of the account range'),
  rule('notification-wrong-plan', 'the notification names the plan selected'),
  rule('notification-missing-issuerIca', 'notification body: issuerIca required'),
  rule('notification-no-correlation-id', 'notification header Correlation-Id required'),
  rule('notification-unsigned', 'the service signs the notification (OAuth 1.0a)'),
  // The issuer endpoint (reference, Flows - notification (b)).
  rule('issuer-answers-200', 'issuer answers a valid notification 201'),
  rule('issuer-missing-correlation-accepted', 'issuer: missing Correlation-Id is 400'),
  rule('issuer-reason-code-too-long', 'PlanNotifError ReasonCode at most 36'),
  rule('issuer-source-too-long', 'PlanNotifError Source at most 15'),
  rule('issuer-unknown-ica-accepted', 'issuer: unknown issuerIca is 404'),
  rule('issuer-never-throttles', 'issuer: too many notifications is 429'),
];
