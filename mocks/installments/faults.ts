// Fault catalogue of the installments mock: each entry breaks one rule of the contract. Most rules
// come from the provider document 2.0.0; auth, flows and the issuer's behaviour from
// reference/installments.md. (`source` stays 'assumption': the kit's Fault type has no 'provider'.)
// `npm run mutation` (or MOCK_FAULTS=<id>) proves the suite catches each. The last argument (or
// `rules`): the ids of schemas/installments/rules.yaml it breaks (`--targeted` runs their specs).
import type { Fault } from '../kit/faults.js';

const relax = (id: string, rule: string, schema: string, at: string[] | undefined, change: { drop?: string[]; unrequire?: string[] }, rules: string[]): Fault =>
  ({ id, rule, source: 'assumption', rules, relax: [{ schema, ...(at ? { at } : {}), ...change }] });
const rule = (id: string, text: string, rules?: string[]): Fault => ({ id, rule: text, source: 'assumption', ...(rules ? { rules } : {}) });

export const INSTALLMENTS_FAULTS: Fault[] = [
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  relax('panListId-pattern-unenforced', 'panListId ^[0-9]{18}$', 'PanListId', undefined, { drop: ['pattern'] }, ['IN-PAT-PANLISTID']),
  relax('panListName-pattern-unenforced', 'panListName ^[a-zA-Z0-9\\s-]{1,64}$', 'PanListName', undefined, { drop: ['pattern'] }, ['IN-PAT-PANLISTNAME', 'IN-LIM-PANLISTNAME']),
  relax('accountRange-pattern-unenforced', 'accountRangeLow/High ^[0-9]{11,19}$', 'AccountRangeBound', undefined, { drop: ['pattern'] }, ['IN-LIM-ACCOUNTRANGE']),
  relax('pan-pattern-unenforced', 'PAN 11 to 19 digits', 'Pan', undefined, { drop: ['pattern'] }, ['IN-LIM-PAN']),
  relax('merchantLegalName-length-unenforced', 'merchantLegalName 1-300', 'MerchantLegalName', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-LIM-LEGALNAME']),
  relax('countryCode-pattern-unenforced', 'countryCode 3 letters of either case', 'CountryCode', undefined, { drop: ['pattern'] }, ['IN-PAT-COUNTRY']),
  relax('acquirerIca-pattern-unenforced', 'acquirerICA 6, 9 or 11 digits', 'AcquirerIca', undefined, { drop: ['pattern'] }, ['IN-PAT-ICA']),
  relax('merchantGroup-pattern-unenforced', 'merchantGroup ^[A-Z0-9]{1,2}$', 'MerchantGroup', undefined, { drop: ['pattern'] }, ['IN-PAT-MERCHANTGROUP']),
  relax('maidType-enum-unenforced', 'maidType GRP|EXT', 'MaidType', undefined, { drop: ['enum'] }, ['IN-ENUM-MAIDTYPE']),
  relax('yesNo-enum-unenforced', 'optIn / nonMerchantNegotiatedParticipation Y|N', 'YesNo', undefined, { drop: ['pattern', 'maxLength'] }, ['IN-ENUM-YESNO']),
  relax('participations-max-30-unenforced', '1 to 30 participations per request', 'MerchantParticipationRequest', undefined, { drop: ['maxItems'] }, ['IN-LIM-PARTICIPATIONS']),
  relax('wallets-max-3-unenforced', 'wallets at most 3', 'Wallets', undefined, { drop: ['maxItems'] }, ['IN-LIM-WALLETS']),
  relax('dbaNames-max-1000-unenforced', 'dbaNames at most 1000', 'DbaNames', undefined, { drop: ['maxItems'] }, ['IN-LIM-DBANAMES']),
  relax('mids-max-5000-unenforced', 'mids at most 5000', 'MerchantParticipation', ['properties', 'mids'], { drop: ['maxItems'] }, ['IN-LIM-MIDS']),
  relax('participation-ica-not-required', 'acquirerICA required in a participation', 'MerchantParticipation', undefined, { unrequire: ['acquirerICA'] }, ['IN-REQ-PARTICIPATION']),
  // provider 2.0.0 states it in prose only: the rule lives in the mock's handler, so does its fault.
  rule('merchant-search-empty-accepted', 'merchant search needs one of its criteria', ['IN-REQ-SEARCH']),
  relax('mid-search-ica-not-required', 'MID search: acquirerICA required', 'MidSearchRequest', undefined, { unrequire: ['acquirerICA'] }, ['IN-REQ-MIDSEARCH']),
  relax('currency-length-unenforced', 'currency 3 characters', 'Currency', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-LIM-CURRENCY']),
  relax('mcc-length-unenforced', 'mcc 4 characters', 'Mcc', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-LIM-MCC']),
  { id: 'uuid-pattern-unenforced', rule: 'providerId / planId / Correlation-Id are UUIDs', source: 'assumption', rules: ['IN-FMT-UUID', 'IN-FMT-CORRELATION'], relax: [
    { schema: 'Uuid', drop: ['format'] }, { schema: 'UuidField', drop: ['format', 'minLength', 'maxLength'] },
  ] },
  relax('offerId-length-unenforced', 'offerId 8-64', 'OfferId', undefined, { drop: ['minLength', 'maxLength'] }, ['IN-ISSUER-INVALID', 'IN-ERR-CONTRACT']),
  relax('tenure-range-unenforced', 'tenure 2-99', 'PlanInstallmentInformation', ['properties', 'tenure'], { drop: ['minimum', 'maximum'] }, ['IN-LIM-TENURE']),
  relax('apr-range-unenforced', 'apr 0-200', 'PlanInstallmentInformation', ['properties', 'apr'], { drop: ['minimum', 'maximum'] }, ['IN-LIM-APR']),
  relax('schedulePayments-max-99-unenforced', 'schedulePayments at most 99', 'PlanRequest', ['properties', 'schedulePayments'], { drop: ['maxItems'] }, ['IN-LIM-SCHEDULE']),
  relax('rejectReasonDetail-max-unenforced', 'rejectReasonDetail at most 5000', 'PlanApprovalRequest', ['properties', 'rejectReasonDetail'], { drop: ['maxLength'] }, ['IN-LIM-REJECTDETAIL']),
  relax('rejectReasonCode-enum-unenforced', 'rejectReasonCode enum', 'RejectReasonCode', undefined, { drop: ['enum'] }, ['IN-ENUM-REJECTCODE']),
  relax('approval-status-enum-unenforced', 'approval status APPROVED|DECLINED', 'ApprovalDecision', undefined, { drop: ['enum'] }, ['IN-ENUM-DECISION']),
  relax('issuer-issuerIca-not-required', 'notification: issuerIca required', 'PlanNotification', undefined, { unrequire: ['issuerIca'] }, ['IN-ISSUER-INVALID']),
  rule('limit-over-500-accepted', 'limit at most 500', ['IN-PAGE-LIMIT']),
  rule('offset-unchecked', 'offset at least 0', ['IN-PAGE-OFFSET']),
  // Card data in clear `sensitiveData` (provider 2.0.0 schemas) validated like the encrypted plaintext.
  { id: 'clear-pan-pattern-unenforced', rule: 'a PAN in clear sensitiveData has 11 to 19 digits', source: 'provider', rules: ['IN-LIM-PAN'], relax: [
    { schema: 'PanRegistrationRequest', at: ['properties', 'sensitiveData'], drop: ['$ref'] },
    { schema: 'OffersRequest', at: ['properties', 'sensitiveData'], drop: ['$ref'] },
  ] },
  // Auth and transport (reference, Transport and auth).
  rule('unsigned-accepted', 'no OAuth signature: 401', ['IN-AUTH-SIGNATURE']),
  rule('unknown-key-accepted', 'unknown consumer key: 401', ['IN-AUTH-SIGNATURE']),
  rule('bad-signature-accepted', 'bad RSA-SHA256 signature: 401', ['IN-AUTH-SIGNATURE']),
  rule('body-hash-unchecked', 'oauth_body_hash must match the body: 401', ['IN-AUTH-BODY-HASH']),
  rule('forbidden-never-given', 'consumer key not allowed for the operation: 403', ['IN-AUTH-FORBIDDEN']),
  rule('not-acceptable-ignored', 'Accept without JSON: 406', ['IN-TRANS-ACCEPT']),
  rule('unsupported-media-accepted', 'offers body not application/json: 415', ['IN-TRANS-MEDIA']),
  rule('method-not-allowed-404', 'other methods on /plans/{plan_id}: 405', ['IN-TRANS-METHOD']),
  rule('undecryptable-accepted', 'sensitiveData must decrypt with the published key', ['IN-JWE-DECRYPT']),
  // Error body and headers (provider 2.0.0, ErrorWrapper).
  rule('error-body-wrong-shape', 'error body {"Errors": {"Error": [...]}}', ['IN-ERR-SHAPE', 'IN-ERR-MALFORMED']),
  rule('error-missing-recoverable', 'error item: Recoverable required', ['IN-ERR-SHAPE']),
  // No rule of the catalogue covers the Correlation-Id of an answer: no rules, the whole service runs.
  rule('correlation-id-not-returned', 'answers that declare Correlation-Id carry it (provider 2.0.0)'),
  rule('bad-json-crashes', 'malformed body: 400, never 500', ['IN-ERR-MALFORMED']),
  // Merchant participation flow (reference, Flows - lender app).
  rule('participation-200', 'participation submission answers 202', ['IN-STATUS-PARTICIPATION']),
  rule('location-missing', '202 carries Location with the request id', ['IN-STATUS-PARTICIPATION']),
  rule('participation-stuck-pending', 'an effectuation leaves PENDING', ['IN-STATE-EFFECTUATION']),
  rule('invalid-ica-completes', 'an invalid acquirer ICA ends in ERROR', ['IN-STATE-INVALID-ICA']),
  rule('error-without-reason', 'ERROR carries errorReason', ['IN-STATE-INVALID-ICA']),
  rule('unknown-request-id-200', 'unknown request_id: 404', ['IN-STATUS-UNKNOWN-REQUEST']),
  rule('pending-listed-as-completed', 'without request_id only completed effectuations are listed', ['IN-FILTER-COMPLETED']),
  rule('paging-headers-missing', 'pages carry Count, Offset, Limit, Total', ['IN-PAGE-HEADERS']),
  rule('paging-total-wrong', 'Total counts all pages', ['IN-PAGE-HEADERS']),
  rule('limit-not-applied', 'a page holds at most limit items', ['IN-PAGE-SLICE', 'IN-PAGE-DEFAULT']),
  rule('search-ignores-criteria', 'merchant search filters by its criteria', ['IN-FILTER-NAME', 'IN-FILTER-COUNTRY', 'IN-FILTER-ICA', 'IN-FILTER-STATUS', 'IN-FILTER-MAID']),
  rule('mid-status-completed', 'MID status follows the effectuation', ['IN-STATE-EFFECTUATION', 'IN-STATE-INVALID-ICA']),
  // PAN lists and offers (reference, Flows - services).
  rule('pan-list-unnamed-accepted', 'a registration names its list by id or creates one by name (provider 400 example)', ['IN-EXCL-PANLIST']),
  rule('duplicate-pan-counted', 'a PAN already in the list is a failure', ['IN-VAL-PAN-COUNTS']),
  rule('registration-ignored', 'registered PANs become eligible for offers', ['IN-STATE-PAN-ELIGIBLE']),
  rule('deregistration-ignored', 'deregistered PANs are no longer eligible', ['IN-STATE-PAN-ELIGIBLE']),
  rule('offers-for-unregistered-pan', 'offers only for registered cards and account ranges', ['IN-STATE-PAN-ELIGIBLE', 'IN-RANGE-ELIGIBLE']),
  rule('offer-tenure-1', 'offer tenure at least 2', ['IN-VAL-OFFER-TENURE']),
  rule('offers-total-wrong', 'total is the number of offers returned', ['IN-VAL-OFFERS-TOTAL']),
  // Plans and approvals (reference, Flows - checkout).
  rule('unknown-offer-transaction-accepted', 'a plan is created from an offers transaction of the service', ['IN-STATE-OFFER-TRANSACTION']),
  rule('plan-created-200', 'plan creation answers 201', ['IN-STATUS-PLAN-CREATED']),
  rule('plan-id-unchecked', 'getPlan: plan_id not a UUID is 400', ['IN-FMT-UUID']),
  rule('plan-status-stale', 'the plan read back shows the approval', ['IN-STATE-DECISION', 'IN-ECHO-PLAN']),
  rule('declined-recorded-as-approved', 'a DECLINED decision is recorded as DECLINED', ['IN-STATE-DECISION']),
  rule('approval-not-applied', 'a sync approval changes the plan status', ['IN-STATE-DECISION']),
  rule('sync-answers-202', 'sync=true answers 200 with callbackUrl', ['IN-STATUS-SYNC']),
  rule('async-approval-never-applied', 'an async (202) decision is applied', ['IN-STATE-DECISION']),
  rule('approval-status-stale', 'approval status shows the decision', ['IN-STATE-DECISION']),
  // The notification to the issuer (seed 001, Events; reference, Main fields - Notification).
  rule('notification-not-sent', 'selecting a plan notifies the issuer of the account range', ['IN-NOTIFY-SENT']),
  rule('notification-wrong-plan', 'the notification names the plan selected', ['IN-NOTIFY-SENT', 'IN-NOTIFY-SHAPE']),
  rule('notification-missing-issuerIca', 'notification body: issuerIca required', ['IN-NOTIFY-SHAPE']),
  rule('notification-no-correlation-id', 'notification header Correlation-Id required', ['IN-NOTIFY-SHAPE']),
  rule('notification-unsigned', 'the service signs the notification (OAuth 1.0a)', ['IN-NOTIFY-SIGNED']),
  // The issuer endpoint (reference, Flows - notification (b)).
  rule('issuer-answers-200', 'issuer answers a valid notification 201', ['IN-ISSUER-ACCEPT']),
  rule('issuer-missing-correlation-accepted', 'issuer: missing Correlation-Id is 400', ['IN-ISSUER-INVALID', 'IN-FMT-CORRELATION']),
  rule('issuer-reason-code-too-long', 'PlanNotifError ReasonCode at most 36', ['IN-ISSUER-INVALID']),
  rule('issuer-source-too-long', 'PlanNotifError Source at most 15', ['IN-ISSUER-INVALID']),
  rule('issuer-unknown-ica-accepted', 'issuer: unknown issuerIca is 404', ['IN-ISSUER-UNKNOWN']),
  rule('issuer-never-throttles', 'issuer: too many notifications is 429', ['IN-ISSUER-THROTTLE']),
  // The rule catalogue's finer rules (rules.yaml): filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  { id: 'search-ignores-ica', rule: 'IN-FILTER-ICA: the acquirerICA criterion excludes other acquirers', source: 'seed', rules: ['IN-FILTER-ICA'] },
  { id: 'search-ignores-status', rule: 'IN-FILTER-STATUS: merchantParticipationStatus excludes other statuses', source: 'provider', rules: ['IN-FILTER-STATUS'] },
  { id: 'search-ignores-maid', rule: 'IN-FILTER-MAID: the maid criterion excludes other maids', source: 'provider', rules: ['IN-FILTER-MAID'] },
  { id: 'mid-search-ignores-country', rule: 'IN-FILTER-MID-MERCHANT: the merchant is named by name, country and ICA', source: 'seed', rules: ['IN-FILTER-MID-MERCHANT'] },
  { id: 'mid-status-filter-ignored', rule: 'IN-FILTER-MID-STATUS: the status criterion of a MID search', source: 'provider', rules: ['IN-FILTER-MID-STATUS'] },
  { id: 'request-id-filter-ignored', rule: 'IN-FILTER-REQUEST-ID: request_id answers that request only', source: 'seed', rules: ['IN-FILTER-REQUEST-ID'] },
  { id: 'error-listed-as-completed', rule: 'IN-FILTER-COMPLETED: a failed effectuation is not listed', source: 'seed', rules: ['IN-FILTER-COMPLETED', 'IN-STATE-INVALID-ICA'] },
  { id: 'offset-ignored', rule: 'IN-PAGE-SLICE: offset skips that many items', source: 'provider', rules: ['IN-PAGE-SLICE'] },
  { id: 'plan-read-ignores-async', rule: 'IN-STATE-DECISION@plan: getPlan shows an asynchronous decision', source: 'seed', rules: ['IN-STATE-DECISION'] },
  { id: 'panListName-uppercased', rule: 'IN-ECHO-PANLIST: panListName answered byte for byte', source: 'provider', rules: ['IN-ECHO-PANLIST'] },
  { id: 'deregistration-counts-requested', rule: 'IN-VAL-PAN-COUNTS: failureCount counts the PANs not in the list', source: 'provider', rules: ['IN-VAL-PAN-COUNTS'] },
  { id: 'clear-pans-ignored', rule: 'IN-STATE-PAN-ELIGIBLE@clear: PANs registered in clear sensitiveData', source: 'assumption', rules: ['IN-STATE-PAN-ELIGIBLE'] },
  { id: 'clear-offers-pan-ignored', rule: 'IN-STATE-PAN-ELIGIBLE@clear: offers for a card sent in clear sensitiveData', source: 'assumption', rules: ['IN-STATE-PAN-ELIGIBLE'] },
  { id: 'account-range-high-exclusive', rule: 'IN-RANGE-ELIGIBLE: the high end of an account range is inside it', source: 'assumption', rules: ['IN-RANGE-ELIGIBLE'] },
];
