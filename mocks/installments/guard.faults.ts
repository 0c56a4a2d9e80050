// Faults of what every operation checks first (OAuth, key rights, transport, parameters, paging, error body, Correlation-Id), at
// guard.ts's judge steps, page() window and answer seam; each breaks one rule of schemas/installments/rules.yaml. The suite's
// authors' faults first, then the blind ones (`origin: 'blind'`).
import { verifyRequest } from '../../helpers/auth/oauth1.js';
import { parseJson } from '../kit/app.js';
import { assumption, faultCatalogue, provider, seeded, was } from '../kit/faults.js';
import {
  anyAnswer,
  loosen,
  okBody,
  refuseAt,
  paramUnchecked,
  skipAt,
  skipOn,
  type Changing,
  type Judging,
  fault,
} from './fault-builders.js';
import { acceptsJson, NOT_ACCEPTABLE, signedUrl } from './guard.js';
import type { Exchange } from './seams.js';

/** The signature's 401 skipped where the request verifies as `read` takes it (another URL or header, a check left out); its key taken. */
const signedAs =
  (read: (x: Exchange) => { url?: string; authorization?: string; bodyHash?: boolean; signature?: boolean } | undefined): Judging =>
  (x, s, r) => {
    const as = s === 'signature' && r ? read(x) : undefined;
    if (!as) return r;
    const { req } = x;
    const signed = verifyRequest(
      {
        method: req.method,
        url: as.url ?? signedUrl(req),
        authorization: as.authorization ?? req.headers.authorization,
        body: typeof req.body === 'string' ? req.body : undefined,
      },
      (key) => x.world.keys.find((k) => k.consumerKey === key)?.publicKey,
      { bodyHash: as.bodyHash ?? true, signature: as.signature ?? true },
    );
    if (!signed.ok) return r;
    x.signed = signed;
    return undefined;
  };
/** The signature over the URL without its query taken on `op`. */
const queryUnsigned = (op: Exchange['op']) =>
  signedAs((x) => (x.op === op && x.req.url.includes('?') ? { url: `http://${x.req.headers.host}${x.req.url.split('?')[0]}` } : undefined));
/** A paged reader's window bent. */
const windowed =
  (bendIt: (w: NonNullable<Parameters<Changing>[1]['window']>) => Partial<typeof w>): Changing =>
  (_x, c) =>
    c.window ? { ...c, window: { ...c.window, ...bendIt(c.window) } } : c;
const requestText = (x: Exchange) => (typeof x.req.body === 'string' ? x.req.body : '');
const sync = (x: Exchange) => new URL(x.req.url, 'http://mock').searchParams.get('sync');
/** Every participation of the batch sent passing `ok`. */
const everyItem = (x: Exchange, ok: (m: any) => boolean) => Array.isArray(x.sent) && x.sent.every(ok);

export const GUARD_FAULTS = faultCatalogue([
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  fault('in-fmt-uuid-pattern-unenforced', {
    rule: 'providerId / planId / Correlation-Id are UUIDs',
    rules: ['IN-FMT-UUID', 'IN-FMT-CORRELATION'],
    ...assumption,
    relax: [
      { schema: 'Uuid', drop: ['format'] },
      { schema: 'UuidField', drop: ['format', 'minLength', 'maxLength'] },
    ],
  }),
  fault('in-page-limit-over-max-accepted', {
    rule: 'limit maximum',
    rules: ['IN-PAGE-LIMIT'],
    ...assumption,
    judge: paramUnchecked('limit', (v, x) => Number(v) > x.param!.max!),
  }),
  fault('in-page-offset-unchecked', {
    rule: 'offset at least 0',
    rules: ['IN-PAGE-OFFSET'],
    ...assumption,
    judge: paramUnchecked('offset', () => true),
  }),
  fault('in-auth-body-hash-unchecked', {
    rule: 'oauth_body_hash must match the body: 401',
    rules: ['IN-AUTH-BODY-HASH'],
    ...assumption,
    ...was('body-hash-unchecked'),
    judge: signedAs(() => ({ bodyHash: false })),
  }),
  fault('in-auth-forbidden-never-given', {
    rule: 'consumer key not allowed for the operation: 403',
    rules: ['IN-AUTH-FORBIDDEN'],
    ...assumption,
    judge: skipAt('forbidden'),
  }),
  // Seeded beside the refusal-forms property (properties.refusal-forms.spec.ts): a refusal skipped for one valid form of another member.
  fault('in-prop-refusal-forms-forbidden-key-search-lowercase-country', {
    rule: "IN-PROP-REFUSAL-FORMS: a merchant search whose countryCode is not all capitals (the pattern takes either case) is answered from the directory's folded index, which skips the consumer key's rights check: a key without the operation's right gets the merchants (200), not its 403",
    rules: ['IN-AUTH-FORBIDDEN'],
    ...seeded,
    judge: skipAt('forbidden', (x) => x.op === 'postMerchantSearches' && /"countryCode":"(?![A-Z]{3}")[A-Za-z]{3}"/.test(requestText(x))),
    ...provider,
  }),
  // Seeded beside the contract-generated empty members (helpers/client/negative.ts: "", {}, [] and null, not absent).
  fault('in-err-contract-offers-null-members-dropped', {
    rule: 'IN-REQ-NULL: approvedOffers takes a member sent null as not sent, so an optional member null (which its schema refuses) is let through',
    ...seeded,
    judge: (x, s, r) => (s === 'body-read' && x.op === 'approvedOffers' ? (dropNulls(x.sent), r) : r),
    ...provider,
  }),
  // Seeded beside the check of the Authorization header's one form (origin 'seeded').
  fault('in-auth-header-form-scheme-word-ignored', {
    rule: 'IN-AUTH-HEADER-FORM: a word (Bearer, Basic) before the OAuth credentials is skipped and the signature after it accepted',
    ...assumption,
    ...seeded,
    judge: signedAs((x) => ({ authorization: x.req.headers.authorization?.replace(/^(Bearer|Basic)\s+/i, '') })),
  }),
  fault('in-trans-accept-ignored', {
    rule: 'Accept without JSON: 406',
    rules: ['IN-TRANS-ACCEPT'],
    ...assumption,
    judge: skipAt('accept'),
  }),
  fault('in-trans-media-offers-any-type-accepted', {
    rule: 'offers body not application/json: 415',
    rules: ['IN-TRANS-MEDIA'],
    ...was('unsupported-media-accepted'),
    ...assumption,
    // approvedOffers takes a body of any media type (mocks/kit/body.ts reads the types from the contract).
    relax: [{ operation: 'approvedOffers', at: ['requestBody', 'content'], set: { '*/*': {} } }],
  }),
  // Error body and headers (provider 2.0.0, ErrorWrapper).
  fault('in-err-shape-error-body-flat', {
    rule: 'error body {"Errors": {"Error": [...]}}',
    rules: ['IN-ERR-SHAPE', 'IN-ERR-MALFORMED'],
    ...assumption,
    answer: anyAnswer(
      (a) => void (a.body = { error: a.body.Errors.Error[0]?.Description }),
      (a) => a.status >= 400 && a.body?.Errors !== undefined,
    ),
  }),
  // The header's presence is checked by the client on every answer declaring it (no rule id: the whole
  // service runs); its value, IN-ECHO-CORRELATION, is checked where the caller gives one.
  fault('correlation-id-not-returned', {
    rule: 'answers that declare Correlation-Id carry it (provider 2.0.0)',
    ...assumption,
    answer: anyAnswer((a) => void delete a.headers['correlation-id']),
  }),
  fault('in-err-malformed-json-500', {
    rule: 'malformed body: 400, never 500',
    rules: ['IN-ERR-MALFORMED'],
    ...assumption,
    ...was('bad-json-crashes'),
    answer: anyAnswer(
      (a) => ({ ...a, status: 500, body: { message: 'Unexpected token' } }),
      (a, x) => x.refused === 400 && a.body?.Errors?.Error?.[0]?.Details === 'body' && parseJson(requestText(x)) instanceof SyntaxError,
    ),
  }),
  // Merchant participation flow (reference, Flows - lender app).
  fault('in-page-headers-missing', {
    rule: 'pages carry Count, Offset, Limit, Total',
    rules: ['IN-PAGE-HEADERS'],
    ...assumption,
    answer: anyAnswer(
      (a) => void ['count', 'offset', 'limit', 'total'].forEach((h) => delete a.headers[h]),
      (a) => 'total' in a.headers,
    ),
  }),
  fault('in-page-slice-limit-not-applied', {
    rule: 'a page holds at most limit items',
    rules: ['IN-PAGE-SLICE', 'IN-PAGE-DEFAULT'],
    ...assumption,
    state: windowed(() => ({ size: Infinity })),
  }),
  // The issuer endpoint (reference, Flows - notification (b)).
  fault('in-issuer-invalid-correlation-missing-accepted', {
    rule: 'issuer: missing Correlation-Id is 400',
    rules: ['IN-ISSUER-INVALID', 'IN-FMT-CORRELATION'],
    ...assumption,
    judge: paramUnchecked('Correlation-Id', (v) => v === undefined),
  }),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  fault('in-page-slice-offset-ignored', {
    rule: 'IN-PAGE-SLICE: offset skips that many items',
    rules: ['IN-PROP-PAGING'],
    ...was('offset-ignored'),
    state: windowed(() => ({ from: 0 })),
    ...provider,
  }),
  fault('in-trans-accept-search-accept-first-type-only', {
    rule: 'an Accept that lists JSON is served; 406 only for an Accept without JSON (provider 2.0.0, 406 responses; RFC 9110 12.5.1): the merchant search reads only the first media type listed',
    rules: ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'],
    ...seeded,
    judge: refuseAt(
      'accept',
      (x) => x.op === 'postMerchantSearches' && !acceptsJson(x.req.headers.accept?.split(',')[0]),
      () => NOT_ACCEPTABLE,
    ),
    ...provider,
  }),
  fault('in-trans-media-offers-json-charset-refused', {
    rule: 'an offers body that is not application/json is 415, a JSON one is taken (provider 2.0.0, approvedOffers 415; RFC 9110 8.3.1, parameters of a media type): application/json with a charset parameter is refused 415',
    rules: ['IN-TRANS-MEDIA', 'IN-PROP-BODY-MEDIA'],
    ...seeded,
    judge: refuseAt(
      'media',
      (x) => (x.req.headers['content-type'] ?? '').includes(';'),
      () => ({ status: 415, reasonCode: 'UNSUPPORTED_MEDIA_TYPE', description: 'The body must be application/json.' }),
    ),
    ...provider,
  }),
  // Seeded beside the approval refusals repeated on every decision and mode (checkout.validation.spec.ts).
  fault('in-lim-currency-approval-currency-limit-sync-only', {
    rule: 'IN-LIM-CURRENCY: planApproval checks the length of approvedCurrency only with sync=true; an asynchronous decision with a currency one character too long is accepted (202)',
    ...seeded,
    judge: loosen('planApproval', (v, x) => v.field === 'approvedCurrency' && v.keyword === 'maxLength' && sync(x) !== 'true'),
    ...provider,
  }),
  fault('in-lim-rejectdetail-approval-detail-limit-on-declines-only', {
    rule: 'rejectReasonDetail is within its maximum length (reference, Approval; provider 2.0.0 PlanApproval): planApproval checks the length only on a DECLINED decision, a longer detail sent with APPROVED is accepted',
    rules: ['IN-LIM-REJECTDETAIL'],
    judge: loosen('planApproval', (v, x) => v.field === 'rejectReasonDetail' && v.keyword === 'maxLength' && x.sent?.status === 'APPROVED'),
    ...provider,
  }),
  // Seeded beside the participation refusals repeated in a later item (merchants.validation.spec.ts).
  fault('in-range-walletid-participation-wallet-range-first-item-only', {
    rule: 'IN-RANGE-WALLETID: postMerchantParticipations checks the walletId range on the first participation only; a walletId below it in a later item is accepted (202)',
    ...seeded,
    judge: loosen(
      'postMerchantParticipations',
      (v) => /^[1-9][0-9]*\.wallets\b/.test(v.field) && (v.keyword === 'minimum' || v.keyword === 'maximum'),
    ),
    ...provider,
  }),
  fault('in-lim-legalname-participation-legal-name-limit-first-item-only', {
    rule: 'merchantLegalName is within its documented length in every participation (reference, Merchant participation; provider 2.0.0): postMerchantParticipations checks the maximum on the first item only, a name one character over it in a later item is accepted (202)',
    rules: ['IN-LIM-LEGALNAME'],
    judge: loosen('postMerchantParticipations', (v) => /^[1-9][0-9]*\.merchantLegalName$/.test(v.field) && v.keyword === 'maxLength'),
    ...provider,
  }),
  fault('in-lim-dbanames-participation-dba-names-1001-accepted', {
    rule: 'a participation holds at most the dbaNames maxItems (provider Merchant Participation API): one name over the limit is accepted (202)',
    rules: ['IN-LIM-DBANAMES'],
    judge: loosen(
      'postMerchantParticipations',
      (v, x) =>
        v.field.endsWith('dbaNames') &&
        v.keyword === 'maxItems' &&
        everyItem(x, (m) => !Array.isArray(m?.dbaNames) || m.dbaNames.length <= 1001),
    ),
    ...provider,
  }),
  fault('in-auth-forbidden-key-submits-participations', {
    rule: "a valid signature from a consumer key not allowed for the operation is 403 and changes nothing (reference, Transport and auth; Operations: postMerchantParticipations 403): the participation submission skips the key's rights check and accepts the merchants with 202",
    rules: ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'],
    ...assumption,
    judge: skipOn('forbidden', 'postMerchantParticipations'),
  }),
  fault('in-jwe-decrypt-keys-enc-alg-rsa1-5', {
    rule: 'card data is encrypted as a JWE with the RSA-OAEP key management the reference names and the mock publishes its key (reference, Payload encryption; keys at GET /keys): the published encryption key names alg RSA1_5, an algorithm the service does not decrypt',
    rules: ['IN-JWE-DECRYPT'],
    ...assumption,
    answer: okBody('keys', (b) => ({
      keys: b.keys.map((k: Record<string, unknown>) => (k.use === 'enc' ? { ...k, alg: 'RSA1_5' } : k)),
    })),
  }),
  fault('in-auth-signature-issuer-signature-query-unsigned', {
    rule: 'a request is OAuth 1.0a signed over its whole URL, query included, and a bad signature is 401 (reference, Transport and auth; RFC 5849, the base string URI and its parameters): the issuer endpoint also takes a notification whose signature was computed over its URL without the query',
    rules: ['IN-AUTH-SIGNATURE', 'IN-PROP-SIGNATURE-WHOLE'],
    ...assumption,
    judge: queryUnsigned('notifyPlan'),
  }),
  fault('in-prop-accept-approval-accept-highest-quality-only', {
    rule: '406 only when the client accepts no JSON answer (provider 2.0.0, 406 responses; RFC 9110 Accept): planApproval reads only the media type of highest q value, so an Accept listing JSON at a lower quality is refused 406',
    rules: ['IN-PROP-ACCEPT', 'IN-TRANS-ACCEPT'],
    judge: refuseAt(
      'accept',
      (x) => x.op === 'planApproval' && !acceptsJson(highestQuality(x.req.headers.accept)),
      () => NOT_ACCEPTABLE,
    ),
    ...provider,
  }),
]);

/** The media type of an Accept with the highest q value. */
function highestQuality(accept: string | undefined): string | undefined {
  return (accept ?? '')
    .split(',')
    .map((part) => ({ part, q: Number(/;\s*q=([0-9.]+)/.exec(part)?.[1] ?? 1) }))
    .sort((a, b) => b.q - a.q)[0]?.part;
}

/** in-err-contract-offers-null-members-dropped: every member holding null removed, at every depth. */
function dropNulls(root: unknown): void {
  const left = [root];
  while (left.length > 0) {
    const node = left.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (value === null && !Array.isArray(node)) delete (node as Record<string, unknown>)[key];
      else left.push(value);
    }
  }
}
