// Faults of what every operation checks first (OAuth, key rights, transport, parameters, paging, error body, Correlation-Id), at
// guard.ts's judge steps, page() window and answer seam; each breaks one rule of schemas/installments/rules.yaml. The suite's
// authors' faults first, then the blind ones (`origin: 'blind'`).
import { verifyRequest } from '../../helpers/auth/oauth1.js';
import { parseJson } from '../kit/app.js';
import { faultCatalogue } from '../kit/faults.js';
import {
  anyAnswer,
  bend,
  loosen,
  okBody,
  refuseAt,
  rule,
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
/** A member sent as a card's number. */
const PAN_MEMBER = /(^|\.)(pan|primaryAccountNumber)$/;

export const GUARD_FAULTS = faultCatalogue([
  // Limits, patterns, enums and array caps (provider 2.0.0): the mock's validation is loosened.
  fault('in-fmt-uuid-pattern-unenforced', ['IN-FMT-UUID', 'IN-FMT-CORRELATION'], {
    rule: 'providerId / planId / Correlation-Id are UUIDs',
    source: 'assumption',
    relax: [
      { schema: 'Uuid', drop: ['format'] },
      { schema: 'UuidField', drop: ['format', 'minLength', 'maxLength'] },
    ],
  }),
  bend(rule('in-page-limit-over-max-accepted', 'limit maximum', ['IN-PAGE-LIMIT']), {
    judge: paramUnchecked('limit', (v, x) => Number(v) > x.param!.max!),
  }),
  bend(rule('in-page-offset-unchecked', 'offset at least 0', ['IN-PAGE-OFFSET']), { judge: paramUnchecked('offset', () => true) }),
  bend(
    {
      ...rule('in-auth-body-hash-unchecked', 'oauth_body_hash must match the body: 401', ['IN-AUTH-BODY-HASH']),
      aliases: ['body-hash-unchecked'],
    },
    { judge: signedAs(() => ({ bodyHash: false })) },
  ),
  bend(rule('in-auth-forbidden-never-given', 'consumer key not allowed for the operation: 403', ['IN-AUTH-FORBIDDEN']), {
    judge: skipAt('forbidden'),
  }),
  // Seeded beside the refusal-forms property (properties.refusal-forms.spec.ts): a refusal skipped for one valid form of another member.
  fault('in-prop-refusal-forms-forbidden-key-search-lowercase-country', ['IN-PROP-REFUSAL-FORMS', 'IN-AUTH-FORBIDDEN'], {
    rule: "IN-PROP-REFUSAL-FORMS: a merchant search whose countryCode is not all capitals (the pattern takes either case) is answered from the directory's folded index, which skips the consumer key's rights check: a key without the operation's right gets the merchants (200), not its 403",
    origin: 'seeded',
    judge: skipAt('forbidden', (x) => x.op === 'postMerchantSearches' && /"countryCode":"(?![A-Z]{3}")[A-Za-z]{3}"/.test(requestText(x))),
  }),
  // Seeded beside the contract-generated empty members (helpers/client/negative.ts: "", {}, [] and null, not absent).
  fault('in-err-contract-offers-null-members-dropped', ['IN-ERR-CONTRACT'], {
    rule: 'IN-ERR-CONTRACT: approvedOffers takes a member sent null as not sent, so an optional member null (which its schema refuses) is let through',
    origin: 'seeded',
    judge: (x, s, r) => (s === 'body-read' && x.op === 'approvedOffers' ? (dropNulls(x.sent), r) : r),
  }),
  // Seeded beside the check of the Authorization header's one form (origin 'seeded').
  fault('in-auth-header-form-scheme-word-ignored', ['IN-AUTH-HEADER-FORM'], {
    rule: 'IN-AUTH-HEADER-FORM: a word (Bearer, Basic) before the OAuth credentials is skipped and the signature after it accepted',
    source: 'assumption',
    origin: 'seeded',
    judge: signedAs((x) => ({ authorization: x.req.headers.authorization?.replace(/^(Bearer|Basic)\s+/i, '') })),
  }),
  bend(rule('in-trans-accept-ignored', 'Accept without JSON: 406', ['IN-TRANS-ACCEPT']), { judge: skipAt('accept') }),
  fault('in-trans-media-offers-any-type-accepted', ['IN-TRANS-MEDIA'], {
    rule: 'offers body not application/json: 415',
    aliases: ['unsupported-media-accepted'],
    source: 'assumption',
    // approvedOffers takes a body of any media type (mocks/kit/body.ts reads the types from the contract).
    relax: [{ operation: 'approvedOffers', at: ['requestBody', 'content'], set: { '*/*': {} } }],
  }),
  // Error body and headers (provider 2.0.0, ErrorWrapper).
  bend(rule('in-err-shape-error-body-flat', 'error body {"Errors": {"Error": [...]}}', ['IN-ERR-SHAPE', 'IN-ERR-MALFORMED']), {
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
  bend(
    { ...rule('in-err-malformed-json-500', 'malformed body: 400, never 500', ['IN-ERR-MALFORMED']), aliases: ['bad-json-crashes'] },
    {
      answer: anyAnswer(
        (a) => ({ ...a, status: 500, body: { message: 'Unexpected token' } }),
        (a, x) => x.refused === 400 && a.body?.Errors?.Error?.[0]?.Details === 'body' && parseJson(requestText(x)) instanceof SyntaxError,
      ),
    },
  ),
  // Seeded beside the check of the PAN's length on every writer that carries one (origin 'seeded').
  fault('in-lim-pan-deregister-pan-length-unchecked', ['IN-LIM-PAN'], {
    rule: 'IN-LIM-PAN: deregisterPans lets a PAN off its length through (registration refuses it)',
    origin: 'seeded',
    judge: loosen('deregisterPans', (v) => PAN_MEMBER.test(v.field), ['body', 'plain']),
  }),
  // Merchant participation flow (reference, Flows - lender app).
  bend(rule('in-page-headers-missing', 'pages carry Count, Offset, Limit, Total', ['IN-PAGE-HEADERS']), {
    answer: anyAnswer(
      (a) => void ['count', 'offset', 'limit', 'total'].forEach((h) => delete a.headers[h]),
      (a) => 'total' in a.headers,
    ),
  }),
  bend(rule('in-page-slice-limit-not-applied', 'a page holds at most limit items', ['IN-PAGE-SLICE', 'IN-PAGE-DEFAULT']), {
    state: windowed(() => ({ size: Infinity })),
  }),
  // The issuer endpoint (reference, Flows - notification (b)).
  bend(
    rule('in-issuer-invalid-correlation-missing-accepted', 'issuer: missing Correlation-Id is 400', [
      'IN-ISSUER-INVALID',
      'IN-FMT-CORRELATION',
    ]),
    { judge: paramUnchecked('Correlation-Id', (v) => v === undefined) },
  ),
  // Filters, paging, readers, counts, echoes and paths of the suite's rule catalogue.
  fault('in-page-slice-offset-ignored', ['IN-PAGE-SLICE', 'IN-PROP-PAGING'], {
    rule: 'IN-PAGE-SLICE: offset skips that many items',
    aliases: ['offset-ignored'],
    state: windowed(() => ({ from: 0 })),
  }),
  fault('in-lim-apr-plan-apr-negative-accepted', ['IN-LIM-APR'], {
    rule: "a plan's apr lies within its documented range (reference, Plan creation; provider 2.0.0 PlanInstallmentInformation.apr): savePlan lets a negative apr through, the lower bound unchecked (the issuer endpoint still refuses it)",
    judge: loosen('savePlan', (v) => v.field === 'planInstallmentInformation.apr' && v.keyword === 'minimum'),
  }),
  fault('in-trans-accept-search-accept-first-type-only', ['IN-TRANS-ACCEPT', 'IN-PROP-ACCEPT'], {
    rule: 'an Accept that lists JSON is served; 406 only for an Accept without JSON (provider 2.0.0, 406 responses; RFC 9110 12.5.1): the merchant search reads only the first media type listed',
    origin: 'seeded',
    judge: refuseAt(
      'accept',
      (x) => x.op === 'postMerchantSearches' && !acceptsJson(x.req.headers.accept?.split(',')[0]),
      () => NOT_ACCEPTABLE,
    ),
  }),
  fault('in-trans-media-offers-json-charset-refused', ['IN-TRANS-MEDIA', 'IN-PROP-BODY-MEDIA'], {
    rule: 'an offers body that is not application/json is 415, a JSON one is taken (provider 2.0.0, approvedOffers 415; RFC 9110 8.3.1, parameters of a media type): application/json with a charset parameter is refused 415',
    origin: 'seeded',
    judge: refuseAt(
      'media',
      (x) => (x.req.headers['content-type'] ?? '').includes(';'),
      () => ({ status: 415, reasonCode: 'UNSUPPORTED_MEDIA_TYPE', description: 'The body must be application/json.' }),
    ),
  }),
  // Seeded beside the approval refusals repeated on every decision and mode (checkout.validation.spec.ts).
  fault('in-lim-currency-approval-currency-limit-sync-only', ['IN-LIM-CURRENCY'], {
    rule: 'IN-LIM-CURRENCY: planApproval checks the length of approvedCurrency only with sync=true; an asynchronous decision with a currency one character too long is accepted (202)',
    origin: 'seeded',
    judge: loosen('planApproval', (v, x) => v.field === 'approvedCurrency' && v.keyword === 'maxLength' && sync(x) !== 'true'),
  }),
  fault('in-lim-rejectdetail-approval-detail-limit-on-declines-only', ['IN-LIM-REJECTDETAIL'], {
    rule: 'rejectReasonDetail is within its maximum length (reference, Approval; provider 2.0.0 PlanApproval): planApproval checks the length only on a DECLINED decision, a longer detail sent with APPROVED is accepted',
    judge: loosen('planApproval', (v, x) => v.field === 'rejectReasonDetail' && v.keyword === 'maxLength' && x.sent?.status === 'APPROVED'),
  }),
  // Seeded beside the participation refusals repeated in a later item (merchants.validation.spec.ts).
  fault('in-range-walletid-participation-wallet-range-first-item-only', ['IN-RANGE-WALLETID'], {
    rule: 'IN-RANGE-WALLETID: postMerchantParticipations checks the walletId range on the first participation only; a walletId below it in a later item is accepted (202)',
    origin: 'seeded',
    judge: loosen(
      'postMerchantParticipations',
      (v) => /^[1-9][0-9]*\.wallets\b/.test(v.field) && (v.keyword === 'minimum' || v.keyword === 'maximum'),
    ),
  }),
  fault('in-lim-legalname-participation-legal-name-limit-first-item-only', ['IN-LIM-LEGALNAME'], {
    rule: 'merchantLegalName is within its documented length in every participation (reference, Merchant participation; provider 2.0.0): postMerchantParticipations checks the maximum on the first item only, a name one character over it in a later item is accepted (202)',
    judge: loosen('postMerchantParticipations', (v) => /^[1-9][0-9]*\.merchantLegalName$/.test(v.field) && v.keyword === 'maxLength'),
  }),
  fault('in-lim-dbanames-participation-dba-names-1001-accepted', ['IN-LIM-DBANAMES'], {
    rule: 'a participation holds at most the dbaNames maxItems (provider Merchant Participation API): one name over the limit is accepted (202)',
    judge: loosen(
      'postMerchantParticipations',
      (v, x) =>
        v.field.endsWith('dbaNames') &&
        v.keyword === 'maxItems' &&
        everyItem(x, (m) => !Array.isArray(m?.dbaNames) || m.dbaNames.length <= 1001),
    ),
  }),
  fault('in-auth-forbidden-key-submits-participations', ['IN-AUTH-FORBIDDEN', 'IN-PROP-REFUSED-NO-TRACE'], {
    rule: "a valid signature from a consumer key not allowed for the operation is 403 and changes nothing (reference, Transport and auth; Operations: postMerchantParticipations 403): the participation submission skips the key's rights check and accepts the merchants with 202",
    source: 'assumption',
    judge: skipOn('forbidden', 'postMerchantParticipations'),
  }),
  fault('in-jwe-decrypt-keys-enc-alg-rsa1-5', ['IN-JWE-DECRYPT'], {
    rule: 'card data is encrypted as a JWE with the RSA-OAEP key management the reference names and the mock publishes its key (reference, Payload encryption; keys at GET /keys): the published encryption key names alg RSA1_5, an algorithm the service does not decrypt',
    source: 'assumption',
    answer: okBody('keys', (b) => ({
      keys: b.keys.map((k: Record<string, unknown>) => (k.use === 'enc' ? { ...k, alg: 'RSA1_5' } : k)),
    })),
  }),
  fault('in-auth-signature-issuer-signature-query-unsigned', ['IN-AUTH-SIGNATURE', 'IN-PROP-SIGNATURE-WHOLE'], {
    rule: 'a request is OAuth 1.0a signed over its whole URL, query included, and a bad signature is 401 (reference, Transport and auth; RFC 5849, the base string URI and its parameters): the issuer endpoint also takes a notification whose signature was computed over its URL without the query',
    source: 'assumption',
    judge: queryUnsigned('notifyPlan'),
  }),
  fault('in-prop-accept-approval-accept-highest-quality-only', ['IN-PROP-ACCEPT', 'IN-TRANS-ACCEPT'], {
    rule: '406 only when the client accepts no JSON answer (provider 2.0.0, 406 responses; RFC 9110 Accept): planApproval reads only the media type of highest q value, so an Accept listing JSON at a lower quality is refused 406',
    judge: refuseAt(
      'accept',
      (x) => x.op === 'planApproval' && !acceptsJson(highestQuality(x.req.headers.accept)),
      () => NOT_ACCEPTABLE,
    ),
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
