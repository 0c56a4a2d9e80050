// Faults of what every operation checks first: OAuth, the consumer key's rights, transport,
// parameters and paging, the error body and the Correlation-Id (switched in guard.ts, errors.ts and
// the answer hook of index.ts): each breaks one rule of schemas/installments/rules.yaml, the way a
// provider's release might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted`
// runs the specs citing them). The faults of the suite's authors first, then those written blind
// (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, seeded } from '../kit/faults.js';
import { anyAnswer, bend, blind, okBody, rule } from './fault-builders.js';

export const GUARD_FAULTS = faultCatalogue([
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  {
    id: 'uuid-pattern-unenforced',
    rule: 'providerId / planId / Correlation-Id are UUIDs',
    source: 'assumption',
    rules: ['IN-FMT-UUID', 'IN-FMT-CORRELATION'],
    relax: [
      { schema: 'Uuid', drop: ['format'] },
      { schema: 'UuidField', drop: ['format', 'minLength', 'maxLength'] },
    ],
  },
  rule('limit-over-500-accepted', 'limit maximum', ['IN-PAGE-LIMIT']),
  rule('offset-unchecked', 'offset at least 0', ['IN-PAGE-OFFSET']),
  rule('bad-signature-accepted', 'bad RSA-SHA256 signature: 401', ['IN-AUTH-SIGNATURE']),
  rule('body-hash-unchecked', 'oauth_body_hash must match the body: 401', ['IN-AUTH-BODY-HASH']),
  rule('forbidden-never-given', 'consumer key not allowed for the operation: 403', ['IN-AUTH-FORBIDDEN']),
  // Seeded beside the refusal-forms property (properties.refusal-forms.spec.ts): a refusal skipped for one valid form of another member.
  seeded({
    id: 'in-prop-refusal-forms-forbidden-key-search-lowercase-country',
    rule: "IN-PROP-REFUSAL-FORMS: a merchant search whose countryCode is not all capitals (the pattern takes either case) is answered from the directory's folded index, which skips the consumer key's rights check: a key without the operation's right gets the merchants (200), not its 403",
    source: 'provider',
    rules: ['IN-PROP-REFUSAL-FORMS', 'IN-AUTH-FORBIDDEN'],
  }),
  // Seeded beside the contract-generated empty members (helpers/client/negative.ts: "", {}, [] and null, not absent).
  seeded({
    id: 'offers-null-members-dropped',
    rule: 'IN-ERR-CONTRACT: approvedOffers takes a member sent null as not sent, so an optional member null (which its schema refuses) is let through',
    source: 'provider',
    rules: ['IN-ERR-CONTRACT'],
  }),
  // Seeded beside the check of the Authorization header's one form (origin 'seeded').
  seeded({
    id: 'oauth-scheme-word-ignored',
    rule: 'IN-AUTH-HEADER-FORM: a word (Bearer, Basic) before the OAuth credentials is skipped and the signature after it accepted',
    source: 'assumption',
    rules: ['IN-AUTH-HEADER-FORM'],
  }),
  rule('not-acceptable-ignored', 'Accept without JSON: 406', ['IN-TRANS-ACCEPT']),
  {
    id: 'unsupported-media-accepted',
    rule: 'offers body not application/json: 415',
    source: 'assumption',
    rules: ['IN-TRANS-MEDIA'],
    // approvedOffers takes a body of any media type (mocks/kit/body.ts reads the types from the contract).
    relax: [{ operation: 'approvedOffers', at: ['requestBody', 'content'], set: { '*/*': {} } }],
  },
  rule('undecryptable-accepted', 'sensitiveData must decrypt with the published key', ['IN-JWE-DECRYPT']),
  // Error body and headers (provider 2.0.0, ErrorWrapper).
  bend(rule('error-body-wrong-shape', 'error body {"Errors": {"Error": [...]}}', ['IN-ERR-SHAPE', 'IN-ERR-MALFORMED']), {
    answer: anyAnswer(
      (a) => void (a.body = { error: a.body.Errors.Error[0]?.Description }),
      (a) => a.status >= 400 && a.body?.Errors !== undefined,
    ),
  }),
  // The header's presence is checked by the client on every answer declaring it (no rule id: the whole
  // service runs); its value, IN-ECHO-CORRELATION, is checked where the caller gives one.
  bend(rule('correlation-id-not-returned', 'answers that declare Correlation-Id carry it (provider 2.0.0)'), {
    answer: anyAnswer((a) => void delete a.headers['correlation-id']),
  }),
  rule('bad-json-crashes', 'malformed body: 400, never 500', ['IN-ERR-MALFORMED']),
  // Seeded beside the check of the PAN's length on every writer that carries one (origin 'seeded').
  seeded({
    id: 'in-lim-pan-deregister-pan-length-unchecked',
    rule: 'IN-LIM-PAN: deregisterPans lets a PAN off its length through (registration refuses it)',
    source: 'provider',
    rules: ['IN-LIM-PAN'],
  }),
  seeded({
    id: 'in-lim-pan-plan-pan-length-unchecked',
    rule: "IN-LIM-PAN: savePlan lets the consumer's PAN off its length through (offers refuse it)",
    source: 'provider',
    rules: ['IN-LIM-PAN'],
  }),
  // Seeded beside the check of the Correlation-Id on every error status of approvedOffers (origin 'seeded').
  seeded({
    id: 'in-echo-correlation-refusal-correlation-regenerated',
    rule: "IN-ECHO-CORRELATION: approvedOffers' refusals before its rule (401, 403, 406) answer a Correlation-Id of their own, not the caller's (its 200, 400, 404 and 415 echo it)",
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  // Seeded beside the client's echo check of request headers an answer declares (every status).
  seeded({
    id: 'in-echo-correlation-offers-value-400-correlation-regenerated',
    rule: "IN-ECHO-CORRELATION: approvedOffers' 400 for a value off its schema (a currency or mcc of the wrong length) answers a Correlation-Id of its own, not the caller's",
    source: 'provider',
    rules: ['IN-ECHO-CORRELATION'],
  }),
  // Merchant participation flow (reference, Flows - lender app).
  rule('paging-headers-missing', 'pages carry Count, Offset, Limit, Total', ['IN-PAGE-HEADERS']),
  rule('limit-not-applied', 'a page holds at most limit items', ['IN-PAGE-SLICE', 'IN-PAGE-DEFAULT']),
  // The issuer endpoint (reference, Flows - notification (b)).
  rule('issuer-missing-correlation-accepted', 'issuer: missing Correlation-Id is 400', ['IN-ISSUER-INVALID', 'IN-FMT-CORRELATION']),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  {
    id: 'offset-ignored',
    rule: 'IN-PAGE-SLICE: offset skips that many items',
    source: 'provider',
    rules: ['IN-PAGE-SLICE', 'IN-PROP-PAGING'],
  },
  blind(
    'in-page-slice-offset-one-based',
    'offset is the zero-based index of the first item (provider `offset`): treated as one-based, offset=N starts at item N-1',
    'provider',
    ['IN-PAGE-SLICE'],
  ),
  blind(
    'in-auth-forbidden-deregister-forbidden-unchecked',
    'a valid signature from a consumer key not allowed for the operation is 403 (reference, Transport and auth): not enforced on deregisterPans only',
    'assumption',
    ['IN-AUTH-FORBIDDEN'],
  ),
  // Shapes and headers of answers (provider 2.0.0).
  bend(
    blind(
      'in-err-shape-error-404-shape',
      'every 4xx error body is {"Errors": {"Error": [items]}} (provider ErrorWrapper; reference Error body): on 404 only, Error is a single object, not an array',
      'provider',
      ['IN-ERR-SHAPE', 'IN-STATUS-PLAN-UNKNOWN'],
    ),
    {
      answer: anyAnswer(
        (a) => void (a.body.Errors.Error = a.body.Errors.Error[0]),
        (a) => a.status === 404 && Array.isArray(a.body?.Errors?.Error),
      ),
    },
  ),
  {
    id: 'in-pat-ica-participation-ica-8-digits-accepted',
    rule: 'acquirerICA has one of three digit lengths (reference, Merchant participation; provider 2.0.0 pattern): postMerchantParticipations checks a length range instead, so an ICA whose length lies between two of them is let through; the merchant searches still refuse it',
    source: 'provider',
    rules: ['IN-PAT-ICA'],
  },
  {
    id: 'in-pat-panlistname-panlist-name-underscore-accepted',
    rule: 'panListName holds letters, digits, white space and hyphens only (reference, PAN registration pattern): registerPans checks it with a word-character class, so an underscore is let through',
    source: 'provider',
    rules: ['IN-PAT-PANLISTNAME'],
  },
  {
    id: 'in-lim-apr-plan-apr-negative-accepted',
    rule: "a plan's apr lies within its documented range (reference, Plan creation; provider 2.0.0 PlanInstallmentInformation.apr): savePlan lets a negative apr through, the lower bound unchecked (the issuer endpoint still refuses it)",
    source: 'provider',
    rules: ['IN-LIM-APR'],
  },
  {
    id: 'in-auth-forbidden-key-reads-approval-status',
    rule: 'a valid signature from a consumer key not allowed for the operation is 403 (reference, Transport and auth): getPlanApprovalStatus skips the operation check and answers the forbidden key',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  },
  // Red team rt-: deviations a stranger would write, each on one operation (seeded beside the checks extended for their family).
  seeded({
    id: 'in-auth-signature-approval-signature-query-unsigned',
    rule: 'the OAuth 1.0a signature covers the whole request URL, its query included (reference, Transport and auth; RFC 5849 3.4.1): planApproval also accepts a signature computed over the URL without its query',
    source: 'assumption',
    rules: ['IN-AUTH-SIGNATURE', 'IN-PROP-SIGNATURE-WHOLE'],
  }),
  seeded({
    id: 'in-trans-accept-search-accept-first-type-only',
    rule: 'an Accept that lists JSON is served; 406 only for an Accept without JSON (provider 2.0.0, 406 responses; RFC 9110 12.5.1): the merchant search reads only the first media type listed',
    source: 'provider',
    rules: ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'],
  }),
  seeded({
    id: 'in-trans-media-offers-json-charset-refused',
    rule: 'an offers body that is not application/json is 415, a JSON one is taken (provider 2.0.0, approvedOffers 415; RFC 9110 8.3.1, parameters of a media type): application/json with a charset parameter is refused 415',
    source: 'provider',
    rules: ['IN-TRANS-MEDIA', 'IN-PROP-BODY-MEDIA'],
  }),
  {
    id: 'in-auth-forbidden-key-searches-mids',
    rule: 'a valid signature of a consumer key not allowed for the operation is 403 (reference/installments.md, Transport and auth): postMerchantMidSearches answers such a key 200',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  },
  {
    id: 'in-trans-accept-participations-read-accept-unchecked',
    rule: 'an Accept without JSON is 406 on the operations that document it (provider 2.0.0 getMerchantParticipations 406): getMerchantParticipations answers JSON to Accept: application/xml',
    source: 'provider',
    rules: ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'],
  },
  {
    id: 'in-fmt-correlation-plan-correlation-braces-stripped',
    rule: 'savePlan requires a UUID Correlation-Id (provider 2.0.0 savePlan header Correlation-Id format uuid): a UUID written in braces is judged without them and accepted',
    source: 'provider',
    rules: ['IN-FMT-CORRELATION'],
  },
  // The second red team (origin 'seeded', ids rt2-): deviations a stranger would write, measured before any check was extended.
  seeded({
    id: 'in-auth-forbidden-key-registers-pans',
    rule: 'IN-AUTH-FORBIDDEN: a valid signature of a consumer key not allowed for the operation is 403 (reference, Transport and auth): registerPans skips the operation check',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  }),
  seeded({
    id: 'in-auth-forbidden-key-selects-plan',
    rule: 'IN-AUTH-FORBIDDEN: a valid signature of a consumer key not allowed for the operation is 403 (reference, Transport and auth): savePlan skips the operation check',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  }),
  seeded({
    id: 'in-issuer-throttle-window-invalid-counted',
    rule: "IN-ISSUER-THROTTLE-WINDOW: only accepted notifications count: a notification refused 400 for a body off the contract counts toward its caller's allowance",
    source: 'assumption',
    rules: ['IN-ISSUER-THROTTLE-WINDOW'],
  }),
  // Seeded beside the approval refusals repeated on every decision and mode (checkout.validation.spec.ts).
  seeded({
    id: 'in-lim-currency-approval-currency-limit-sync-only',
    rule: 'IN-LIM-CURRENCY: planApproval checks the length of approvedCurrency only with sync=true; an asynchronous decision with a currency one character too long is accepted (202)',
    source: 'provider',
    rules: ['IN-LIM-CURRENCY'],
  }),
  {
    id: 'in-lim-rejectdetail-approval-detail-limit-on-declines-only',
    rule: 'rejectReasonDetail is within its maximum length (reference, Approval; provider 2.0.0 PlanApproval): planApproval checks the length only on a DECLINED decision, a longer detail sent with APPROVED is accepted',
    source: 'provider',
    rules: ['IN-LIM-REJECTDETAIL'],
  },
  {
    id: 'in-lim-mcc-offers-mcc-three-digits-accepted',
    rule: 'an mcc has exactly its documented length (reference, Offers merchant mcc; provider 2.0.0): approvedOffers lets an mcc one digit short through (200) instead of refusing it',
    source: 'provider',
    rules: ['IN-LIM-MCC'],
  },
  // Seeded beside the participation refusals repeated in a later item (merchants.validation.spec.ts).
  seeded({
    id: 'in-range-walletid-participation-wallet-range-first-item-only',
    rule: 'IN-RANGE-WALLETID: postMerchantParticipations checks the walletId range on the first participation only; a walletId below it in a later item is accepted (202)',
    source: 'provider',
    rules: ['IN-RANGE-WALLETID'],
  }),
  {
    id: 'in-lim-legalname-participation-legal-name-limit-first-item-only',
    rule: 'merchantLegalName is within its documented length in every participation (reference, Merchant participation; provider 2.0.0): postMerchantParticipations checks the maximum on the first item only, a name one character over it in a later item is accepted (202)',
    source: 'provider',
    rules: ['IN-LIM-LEGALNAME'],
  },
  {
    id: 'in-pat-merchantgroup-participation-merchant-group-lowercase-accepted',
    rule: 'merchantGroup is one or two upper-case letters or digits (provider Merchant Participation API, merchantGroup pattern): a lower-case group is accepted (202) on a participation',
    source: 'provider',
    rules: ['IN-PAT-MERCHANTGROUP'],
  },
  {
    id: 'in-lim-dbanames-participation-dba-names-1001-accepted',
    rule: 'a participation holds at most the dbaNames maxItems (provider Merchant Participation API): one name over the limit is accepted (202)',
    source: 'provider',
    rules: ['IN-LIM-DBANAMES'],
  },
  {
    id: 'in-trans-accept-mid-search-accept-parameters-refused',
    rule: 'an Accept naming application/json is served (reference, Transport: JSON bodies; RFC 9110 media type parameters): the MID search answers 406 to Accept: application/json;charset=utf-8',
    source: 'assumption',
    rules: ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'],
  },
  {
    id: 'in-auth-forbidden-getplan-forbidden-404',
    rule: 'a valid signature from a consumer key not allowed for the operation is 403 (reference, Transport and auth): getPlan answers such a key 404 PLAN_NOT_FOUND, as if the plan did not exist',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  },
  {
    id: 'in-auth-forbidden-issuer-forbidden-key-accepted',
    rule: 'a valid signature from a consumer key not allowed for the operation is 403 (reference, Transport and auth): the issuer notification endpoint accepts a notification signed with such a key',
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN'],
  },
  {
    id: 'in-auth-forbidden-key-submits-participations',
    rule: "a valid signature from a consumer key not allowed for the operation is 403 and changes nothing (reference, Transport and auth; Operations: postMerchantParticipations 403): the participation submission skips the key's rights check and accepts the merchants with 202",
    source: 'assumption',
    rules: ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'],
  },
  bend(
    {
      id: 'in-jwe-decrypt-keys-enc-alg-rsa1-5',
      rule: 'card data is encrypted as a JWE with the RSA-OAEP key management the reference names and the mock publishes its key (reference, Payload encryption; keys at GET /keys): the published encryption key names alg RSA1_5, an algorithm the service does not decrypt',
      source: 'assumption',
      rules: ['IN-JWE-DECRYPT'],
    },
    {
      answer: okBody('keys', (b) => ({
        keys: b.keys.map((k: Record<string, unknown>) => (k.use === 'enc' ? { ...k, alg: 'RSA1_5' } : k)),
      })),
    },
  ),
  {
    id: 'in-auth-signature-issuer-signature-query-unsigned',
    rule: 'a request is OAuth 1.0a signed over its whole URL, query included, and a bad signature is 401 (reference, Transport and auth; RFC 5849, the base string URI and its parameters): the issuer endpoint also takes a notification whose signature was computed over its URL without the query',
    source: 'assumption',
    rules: ['IN-AUTH-SIGNATURE', 'IN-PROP-SIGNATURE-WHOLE'],
  },
  {
    id: 'in-prop-accept-approval-accept-highest-quality-only',
    rule: '406 only when the client accepts no JSON answer (provider 2.0.0, 406 responses; RFC 9110 Accept): planApproval reads only the media type of highest q value, so an Accept listing JSON at a lower quality is refused 406',
    source: 'provider',
    rules: ['IN-PROP-ACCEPT', 'IN-TRANS-ACCEPT'],
  },
]);
