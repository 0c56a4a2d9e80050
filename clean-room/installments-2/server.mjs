// Mastercard Installments (v2.0.0) sandbox server. Written from the published documents only.
import http from 'node:http';
import crypto from 'node:crypto';
import * as jose from 'jose';

// ---------------------------------------------------------------- args
const argv = process.argv.slice(2);
function arg(name, dflt) { const i = argv.indexOf(name); return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt; }
const PORT = Number(arg('--port', '0'));
const HOST = arg('--host', '127.0.0.1');
const ISSUER_URL = arg('--issuer-url', null);
const VERBOSE = argv.includes('--verbose');
const log = (...a) => { if (VERBOSE) process.stderr.write(a.map(x => typeof x === 'string' ? x : JSON.stringify(x)).join(' ') + '\n'); };

// ---------------------------------------------------------------- keys & partners
function rsaPair() { return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }); }
function consumerKeyFor() { return crypto.randomBytes(36).toString('base64url') + '!' + crypto.randomBytes(24).toString('hex'); }
const encPair = rsaPair();
const KID = crypto.createHash('sha256').update(encPair.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
const serverJwk = { ...encPair.publicKey.export({ format: 'jwk' }), kid: KID, use: 'enc', alg: 'RSA-OAEP-256' };

const partners = new Map(); // consumerKey -> partner
function makePartner(entitled, ica, cid) {
  const p = rsaPair();
  const partner = { consumerKey: consumerKeyFor(), publicKey: p.publicKey, privateKeyPem: p.privateKey.export({ type: 'pkcs8', format: 'pem' }), entitled, ica, cid };
  partners.set(partner.consumerKey, partner);
  return partner;
}
const P1 = makePartner(true, '19246', '242666');
const P2 = makePartner(false, '19247', '242667');

// ---------------------------------------------------------------- reference data
function luhnOk(d) { let s = 0, alt = false; for (let i = d.length - 1; i >= 0; i--) { let n = d.charCodeAt(i) - 48; if (alt) { n *= 2; if (n > 9) n -= 9; } s += n; alt = !alt; } return s % 10 === 0; }
function luhnComplete(prefix) { for (let c = 0; c < 10; c++) if (luhnOk(prefix + c)) return prefix + c; }
const ACCOUNT_RANGES = [
  { accountRangeLow: '5110920000000000', accountRangeHigh: '5110929999999999', cid: P1.cid, ica: P1.ica, country: 'USA' },
  { accountRangeLow: '5555550000000000', accountRangeHigh: '5555559999999999', cid: P1.cid, ica: P1.ica, country: 'USA' },
];
const ELIGIBLE_PANS = ['511092103206378', '511092349447227', '555555229203240'].map(luhnComplete);
const KNOWN_ICAS = ['00689425761', '00689425762', '012345'];
const UNKNOWN_ICAS = ['00999999991'];
const PROVIDER = { providerId: '29694e7a-b4a8-11ec-b909-0242ac120002', cid: P1.cid, providerName: 'Sandbox Partner Bank', providerLogoUrl: 'https://sandbox.installments.example.com/logo.png', disclosure: 'Offer only qualify for a payment as low as $20.00 up to $10000.00.' };
const PRODUCT = { useCases: ['DURING_PURCHASE', 'POST_PURCHASE'], distributionPartner: false };
const COUNTRY_CCY = { USA: 'USD', CAN: 'CAD', GBR: 'GBP', AUS: 'AUD', NZL: 'NZD', IND: 'INR', ARE: 'AED', SGP: 'SGD', MEX: 'MXN', BRA: 'BRL', JPN: 'JPY', CHE: 'CHF', POL: 'PLN', SWE: 'SEK', NOR: 'NOK', DNK: 'DKK', ZAF: 'ZAR', SAU: 'SAR', HKG: 'HKD', MYS: 'MYR',
  DEU: 'EUR', FRA: 'EUR', ESP: 'EUR', ITA: 'EUR', NLD: 'EUR', IRL: 'EUR', BEL: 'EUR', AUT: 'EUR', PRT: 'EUR', FIN: 'EUR', GRC: 'EUR' };
const CCY_SYMBOL = { USD: '$', CAD: '$', AUD: '$', NZD: '$', SGD: '$', MXN: '$', HKD: '$', GBP: '£', EUR: '€', INR: '₹', JPY: '¥', PLN: 'z', CHF: 'F', SEK: 'k', NOK: 'k', DKK: 'k', ZAR: 'R', BRL: 'R', AED: 'د', SAR: '﷼', MYR: 'R' };
const CURRENCIES = new Set(Object.values(COUNTRY_CCY));
const INELIGIBLE_MCC = new Set(['7995', '6211', '6051', '4829', '6540']);
const OFFER_MIN = 20, OFFER_MAX = 10000;

// ---------------------------------------------------------------- state
const nonces = new Map();
const panLists = new Map(); // id -> {id,name,range,pans:Set,owner}
const offerTxns = new Map(); // offerTransactionId -> {...}
const plans = new Map();
const approvals = new Map();
const merchants = []; // merchant records
const requests = new Map(); // requestId(string) -> {owner, merchants:[refs], status}
let seq = 0;
function snowflake() { return (BigInt(Date.now() - 1288834974657) << 22n | BigInt((seq++) & 0x3fffff)).toString(); }
function panListIdGen() { let id; do { id = '2' + String(Date.now()).slice(-12) + String(crypto.randomInt(0, 100000)).padStart(5, '0'); } while (panLists.has(id)); return id; }
let reqCounter = 7000000000000 + crypto.randomInt(0, 1000000);
function offerIdGen() { return String(crypto.randomInt(10000000, 99999999)); }
// seeded merchant (submitted by another acquirer)
merchants.push({ merchantLegalName: 'Example Mart', countryCode: 'USA', acquirerICA: '00689425761', submitterICA: '12689425746', dbaNames: ['ACME'], mids: [{ mid: '987123456789124', status: 'COMPLETED' }, { mid: '123123456789124', status: 'COMPLETED' }, { mid: '567123456789124', status: 'COMPLETED' }], optIn: 'Y', status: 'COMPLETED', duns: '879847426', websiteUrl: 'https://www.example.com', owner: null,
  address: { addressLine1: '600 WEST', addressLine2: 'SECTOR 5', addressLine3: 'SUITE 775', city: 'St Peters', state: 'QLD', postalCode: '85001' } });

// ---------------------------------------------------------------- error helpers
class ApiError extends Error { constructor(status, errors, headers) { super('api'); this.status = status; this.errors = errors; this.headers = headers || {}; } }
const E = (Source, ReasonCode, Description, Details = '', Recoverable = false) => ({ Source, ReasonCode, Description, Recoverable, Details });
const SRC = { consumer: 'mci-installments-consumer-api', offers: 'mci-installments-offers-eligibilities-api', plans: 'mci-installment-bnpl-plans-api', merchant: "Mastercard Installments API's", mp: 'merchant-participation-api' };
function bad(errs, status = 400) { throw new ApiError(status, Array.isArray(errs) ? errs : [errs]); }
function groupOf(op) { return op.group; }
function unauthorizedBody(op, detail) {
  switch (op.group) {
    case 'consumer': return [E('Gateway', 'DECLINED', 'Unauthorized - Access Not Granted', detail)];
    case 'merchant': return [E("Mastercard Installments API's", 'account.not.registered', 'We cannot find the account that you are using to access this service. Kindly register your account or contact your Mastercard associate if you have already registered with us earlier.', detail)];
    case 'offers': return [E(SRC.offers, 'unauthorized', 'Unauthorized to access the resource.', detail)];
    default: return [E(SRC.plans, 'unauthorized', 'Unauthorized to access the resource.', detail)];
  }
}
function forbiddenBody(op) {
  const msg = 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.';
  switch (op.group) {
    case 'consumer': return [E(SRC.consumer, 'forbidden', msg)];
    case 'offers': return [E(SRC.offers, 'forbidden', 'Forbidden to access the resource.')];
    default: return [E(SRC.merchant, 'forbidden', msg)];
  }
}
function sourceOf(op) { return { consumer: SRC.consumer, offers: SRC.offers, plans: SRC.plans, approvals: SRC.merchant, merchant: SRC.merchant }[op.group] || SRC.merchant; }
function notAcceptable(op) { return op.group === 'offers' ? [E(SRC.offers, 'invalid.accept.header', 'Accept header should be application/json.')] : [E(sourceOf(op), 'not.acceptable.header', 'Accept header value is not application/json.')]; }
function notFoundBody(op, desc = 'URI/Resource not found.') { return [E(op && op.group === 'plans' ? SRC.plans : SRC.offers, 'not.found', desc)]; }

// ---------------------------------------------------------------- OAuth 1.0a verification
function pct(s) { return encodeURIComponent(s).replace(/[!'()*]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase()); }
function parseOAuth(h) {
  if (!h || !/^OAuth\s+/i.test(h)) return null;
  const out = {}; const re = /([A-Za-z0-9_]+)\s*=\s*"([^"]*)"/g; let m;
  while ((m = re.exec(h.replace(/^OAuth\s+/i, '')))) { try { out[m[1]] = decodeURIComponent(m[2]); } catch { out[m[1]] = m[2]; } }
  return out;
}
function baseStrings(req, oauth) {
  const host = (req.headers.host || `${HOST}:${PORT}`).toLowerCase();
  const [path, query = ''] = req.url.split(/\?(.*)/s);
  const hostNoDefault = host.replace(/:80$/, '');
  const baseUri = `http://${hostNoDefault}${path}`;
  const variants = [];
  const raw = query ? query.split('&').filter(Boolean).map(kv => { const i = kv.indexOf('='); return i < 0 ? [kv, ''] : [kv.slice(0, i), kv.slice(i + 1)]; }) : [];
  const dec = s => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };
  const oauthPairs = Object.entries(oauth).filter(([k]) => k !== 'oauth_signature' && k !== 'realm');
  // Each query mode twice: oauth_* values percent-encoded before the parameter string is encoded
  // (RFC 5849 section 3.4.1.3.2), and as sent (not encoded a first time). The provider's OAuth page
  // ("Using OAuth 1.0a to Access Mastercard APIs") has clients sign with its client libraries
  // (mastercard-oauth1-signer), which put oauth_body_hash and oauth_consumer_key into the parameter
  // string unencoded and encode the whole string once; the page says the base string the server
  // recomputes must be identical to the signed one, so a request signed by those libraries must verify.
  for (const mode of ['reencode', 'raw', 'decoded']) for (const oauthEnc of [pct, v => v]) {
    const q = raw.map(([k, v]) => mode === 'reencode' ? [pct(dec(k)), pct(dec(v))] : mode === 'raw' ? [k, v] : [dec(k), dec(v)]);
    const all = [...q, ...oauthPairs.map(([k, v]) => [oauthEnc(k), oauthEnc(v)])];
    all.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    const ps = all.map(([k, v]) => `${k}=${v}`).join('&');
    for (const bu of [baseUri, baseUri.replace(/^http:/, 'https:')]) variants.push(`${req.method.toUpperCase()}&${pct(bu)}&${pct(ps)}`);
  }
  return [...new Set(variants)];
}
function authenticate(req, body, op) {
  const fail = d => { throw new ApiError(401, unauthorizedBody(op, d)); };
  const o = parseOAuth(req.headers.authorization);
  if (!o) fail('Missing or malformed OAuth Authorization header.');
  for (const k of ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature_method', 'oauth_signature', 'oauth_body_hash']) if (!o[k]) fail(`Missing ${k}.`);
  if (o.oauth_signature_method !== 'RSA-SHA256') fail('Unsupported oauth_signature_method.');
  if (o.oauth_version && o.oauth_version !== '1.0') fail('Unsupported oauth_version.');
  const partner = partners.get(o.oauth_consumer_key);
  if (!partner) fail('Unknown oauth_consumer_key.');
  const ts = Number(o.oauth_timestamp);
  if (!/^\d+$/.test(o.oauth_timestamp) || Math.abs(Date.now() / 1000 - ts) > 600) fail('oauth_timestamp is missing or outside the allowed window.');
  const bh = crypto.createHash('sha256').update(body).digest('base64');
  if (o.oauth_body_hash !== bh) fail('oauth_body_hash does not match the request body.');
  const sig = Buffer.from(o.oauth_signature, 'base64');
  const ok = baseStrings(req, o).some(b => { try { return crypto.verify('RSA-SHA256', Buffer.from(b), partner.publicKey, sig); } catch { return false; } });
  if (!ok) fail('Invalid oauth_signature.');
  const nk = o.oauth_consumer_key + '|' + o.oauth_nonce;
  if (nonces.has(nk)) fail('oauth_nonce has already been used.');
  nonces.set(nk, Date.now());
  if (nonces.size > 5000) { const cut = Date.now() - 1200000; for (const [k, t] of nonces) if (t < cut) nonces.delete(k); }
  return partner;
}

// ---------------------------------------------------------------- JWE
const JWE_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
async function decryptJwe(token, errFn) {
  if (typeof token !== 'string' || !JWE_RE.test(token)) errFn('Value is not a JWE compact serialization.');
  let hdr; try { hdr = jose.decodeProtectedHeader(token); } catch { errFn('JWE protected header cannot be decoded.'); }
  if (hdr.alg !== 'RSA-OAEP-256' || hdr.enc !== 'A256GCM') errFn('JWE must use alg RSA-OAEP-256 and enc A256GCM.');
  if (hdr.kid && hdr.kid !== KID) errFn('Provided public key fingerprint in request is invalid.', true);
  try { const { plaintext } = await jose.compactDecrypt(token, encPair.privateKey); return new TextDecoder().decode(plaintext); }
  catch { errFn('JWE cannot be decrypted with the key published at /keys.'); }
}
// Extract sensitiveData (object) from body: accepts top-level encryptedValue (documents' examples),
// sensitiveData as a JWE string, or sensitiveData.encryptedValue/encryptedData. Plain objects are refused.
async function readSensitive(body, errFn) {
  let token = null;
  if (typeof body.encryptedValue === 'string') token = body.encryptedValue;
  else if (typeof body.sensitiveData === 'string') token = body.sensitiveData;
  else if (body.sensitiveData && typeof body.sensitiveData === 'object' && !Array.isArray(body.sensitiveData)) {
    const sd = body.sensitiveData; const t = sd.encryptedValue ?? sd.encryptedData ?? sd.cipher;
    if (typeof t === 'string') token = t; else errFn('sensitiveData must be JWE-encrypted (RSA-OAEP-256/A256GCM) to the key published at /keys.');
  } else if (body.encryptedValue !== undefined || body.sensitiveData !== undefined) {
    if (body.encryptedValue !== null && body.sensitiveData !== null) errFn('sensitiveData must be a JWE string.');
  }
  if (token === null) return { present: false };
  if (token === '') return { present: false };
  const text = await decryptJwe(token, errFn);
  let obj; try { obj = JSON.parse(text); } catch { errFn('Decrypted sensitiveData is not JSON.'); }
  if (obj && typeof obj === 'object' && obj.sensitiveData && typeof obj.sensitiveData === 'object') obj = obj.sensitiveData;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) errFn('Decrypted sensitiveData must be a JSON object.');
  // raw PAN digits (avoid float precision loss on numeric PANs)
  const m = /"primaryAccountNumber"\s*:\s*"?([^",}\s]*)"?/.exec(text);
  return { present: true, obj, rawPan: m ? m[1] : undefined };
}

// ---------------------------------------------------------------- generic validators
const isObj = v => v && typeof v === 'object' && !Array.isArray(v);
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const str = v => (typeof v === 'number' && Number.isFinite(v)) ? String(v) : v; // documents' examples send some string fields as numbers
const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/i;
function validDateTime(s) { return typeof s === 'string' && RFC3339.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T') + (/(Z|[+-]\d{2}:\d{2})$/i.test(s) ? '' : 'Z'))) && calendarDay(s); }
// RFC 3339 section 5.7 (the provider 2.0.0 document's "[Date and Time RFC](rfc3339)"): date-mday within the days of its month and
// year, time-hour 00 to 23; Date.parse rolls 2025-02-29 over to 1 March and reads hour 24 as the next midnight.
function calendarDay(s) {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && Number(s.slice(11, 13)) < 24;
}
const round2 = n => Math.round(n * 100) / 100;
function ymd(d) { return d.toISOString().slice(0, 10); }

// ---------------------------------------------------------------- body reading & routing
function readBody(req) { return new Promise((res, rej) => { const ch = []; let n = 0; req.on('data', c => { n += c.length; if (n > 2_000_000) { rej(new ApiError(413, [E(SRC.merchant, 'payload.too.large', 'Request payload is too large.')])); req.destroy(); } else ch.push(c); }); req.on('end', () => res(Buffer.concat(ch))); req.on('error', rej); }); }
function send(res, status, body, headers = {}) {
  const h = { ...headers };
  let payload = '';
  if (body !== undefined) { payload = JSON.stringify(body); h['Content-Type'] = 'application/json'; }
  h['Content-Length'] = Buffer.byteLength(payload);
  res.writeHead(status, h); res.end(payload);
}

const ROUTES = [
  { m: 'POST', re: /^\/consumers\/pans\/registrations$/, group: 'consumer', h: opRegister },
  { m: 'POST', re: /^\/consumers\/pans\/deregistrations$/, group: 'consumer', h: opDeregister },
  { m: 'POST', re: /^\/merchants\/participations$/, group: 'merchant', h: opPostParticipations },
  { m: 'GET', re: /^\/merchants\/participations$/, group: 'merchant', h: opGetParticipations },
  { m: 'POST', re: /^\/merchants\/searches$/, group: 'merchant', h: opMerchantSearch },
  { m: 'POST', re: /^\/merchants\/mids\/searches$/, group: 'merchant', h: opMidSearch },
  { m: 'POST', re: /^\/plans$/, group: 'plans', h: opPostPlan },
  { m: 'GET', re: /^\/plans\/([^/]+)$/, group: 'plans', h: opGetPlan },
  { m: 'POST', re: /^\/approvals$/, group: 'approvals', h: opPostApproval },
  { m: 'GET', re: /^\/approvals\/([^/]+)$/, group: 'approvals', h: opGetApproval },
  { m: 'POST', re: /^\/offers$/, group: 'offers', h: opOffers },
];

// 406 and 415 only where the provider documents them (provider 2.0.0, each operation's responses): 415 on
// POST /offers alone; 406 on the merchant operations, the approvals and /offers, not on the PAN lists or the
// plans. Elsewhere an Accept or Content-Type the API does not use is not refused with an undocumented status:
// a body that is not JSON is a bad request (400), documented for every POST.
const ACCEPT_406 = new Set([opPostParticipations, opGetParticipations, opMerchantSearch, opMidSearch, opPostApproval, opGetApproval, opOffers]);
async function handle(req, res) {
  const u = new URL(req.url, 'http://x');
  const corr = req.headers['correlation-id'] || crypto.randomUUID();
  const baseHeaders = { 'Correlation-Id': corr };
  let body;
  try { body = await readBody(req); } catch (e) { return send(res, e.status || 400, { Errors: { Error: e.errors || [E(SRC.merchant, 'bad.request', 'Request body could not be read.')] } }, baseHeaders); }
  if (req.method === 'GET' && u.pathname === '/keys') return send(res, 200, { keys: [serverJwk] }, { 'Cache-Control': 'no-store' });
  if (!u.pathname.startsWith('/installments/') && u.pathname !== '/installments') return send(res, 404, { Errors: { Error: notFoundBody(null) } }, baseHeaders);
  const path = u.pathname.slice('/installments'.length) || '/';
  const cand = ROUTES.filter(r => r.re.test(path));
  if (!cand.length) return send(res, 404, { Errors: { Error: notFoundBody(null) } }, baseHeaders);
  const op = cand.find(r => r.m === req.method);
  if (!op) {
    return send(res, 405, { Errors: { Error: [E(sourceOf(cand[0]), 'method.not.allowed', 'Method is not allowed')] } }, { ...baseHeaders, Allow: cand.map(r => r.m).join(', ') });
  }
  try {
    const partner = authenticate(req, body, op);
    if (!partner.entitled) throw new ApiError(403, forbiddenBody(op));
    const accept = req.headers.accept;
    if (ACCEPT_406.has(op.h) && accept && !accept.split(',').some(a => /^\s*(application\/json|application\/\*|\*\/\*)(\s*;.*)?$/i.test(a))) throw new ApiError(406, notAcceptable(op));
    if (op.group === 'offers' && req.headers['accept-language'] !== undefined) {
      const al = String(req.headers['accept-language']).trim();
      if (!/^en([-_][A-Za-z]{2})?$/i.test(al)) bad(E(SRC.offers, 'invalid.accept.language', 'Accept Language header is invalid.', 'Only en is supported.'));
    }
    let json;
    if (req.method === 'POST') {
      const ct = req.headers['content-type'] || '';
      if (op.group === 'offers' && !/^application\/json\s*(;.*)?$/i.test(ct)) throw new ApiError(415, [E(sourceOf(op), 'invalid.content.type', 'Content-Type header should be application/json.')]);
      try { json = JSON.parse(body.toString('utf8')); } catch { bad(E(sourceOf(op), op.group === 'merchant' || op.group === 'approvals' ? 'invalid.request.body.parameter' : 'invalid.request.parameter', 'Bad or malformed request: body is not valid JSON.', 'Malformed JSON.')); }
    }
    const ctx = { req, res, partner, op, url: u, path, params: path.match(op.re).slice(1), body: json, corr, headers: { ...baseHeaders } };
    const out = await op.h(ctx);
    log(req.method, req.url, out.status);
    return send(res, out.status, out.body, { ...ctx.headers, ...(out.headers || {}) });
  } catch (e) {
    if (e instanceof ApiError) { log(req.method, req.url, e.status, e.errors); return send(res, e.status, { Errors: { Error: e.errors } }, { ...baseHeaders, ...e.headers }); }
    process.stderr.write(String(e && e.stack || e) + '\n');
    return send(res, 500, { Errors: { Error: [E(sourceOf(op), 'internal.server.error', 'Internal server error, please try again later.', '', true)] } }, baseHeaders);
  }
}

// ---------------------------------------------------------------- PAN lists
function panProblem(pan) {
  if (typeof pan !== 'string' || !/^[0-9]{11,19}$/.test(pan)) return "pan doesn't have required 11-19 digits";
  if (!luhnOk(pan)) return 'pan failed for Luhn check';
  return null;
}
function inRange(pan, r) {
  if (pan.length !== r.accountRangeLow.length) return false;
  return BigInt(pan) >= BigInt(r.accountRangeLow) && BigInt(pan) <= BigInt(r.accountRangeHigh);
}
function rangeView(r) { return { cid: r.cid, ica: r.ica, country: r.country, accountRangeLow: r.accountRangeLow, accountRangeHigh: r.accountRangeHigh }; }
function consumerErr(code, desc) { return E(SRC.consumer, code, desc); }
function pansFrom(sd) {
  const pans = sd && sd.pans;
  if (pans === undefined || pans === null) return [];
  if (!Array.isArray(pans)) bad(consumerErr('invalid.data: pans', 'must be an array of pan objects'));
  return pans.map(p => isObj(p) ? (typeof p.pan === 'number' ? String(p.pan) : p.pan) : p);
}
async function opRegister(ctx) {
  const b = ctx.body; if (!isObj(b)) bad(consumerErr('invalid.data: body', 'must be a JSON object'));
  const errs = [];
  if (b.panListId !== undefined && b.panListId !== null && (typeof b.panListId !== 'string' || !/^[0-9]{18}$/.test(b.panListId))) errs.push(consumerErr('invalid.data: panListId', 'must match "^[0-9]{18}$"'));
  const hasId = typeof b.panListId === 'string' && b.panListId !== '';
  if (!hasId) {
    if (b.panListName === undefined || b.panListName === null || b.panListName === '') errs.push(consumerErr('invalid.data: panListName', 'must not be null or empty'));
    else if (typeof b.panListName !== 'string' || !/^[a-zA-Z0-9\s-]{1,64}$/.test(b.panListName)) errs.push(consumerErr('invalid.data: panListName', 'must match "^[a-zA-Z0-9\\s-]{1,64}$"'));
  } else if (b.panListName !== undefined && b.panListName !== null && (typeof b.panListName !== 'string' || !/^[a-zA-Z0-9\s-]{1,64}$/.test(b.panListName))) errs.push(consumerErr('invalid.data: panListName', 'must match "^[a-zA-Z0-9\\s-]{1,64}$"'));
  const ar = b.accountRange;
  if (ar !== undefined && ar !== null) {
    if (!isObj(ar)) errs.push(consumerErr('invalid.data: accountRange', 'must be an object'));
    else for (const k of ['accountRangeLow', 'accountRangeHigh']) {
      if (ar[k] === undefined || ar[k] === null) errs.push(consumerErr(`invalid.data: accountRange.${k}`, 'must not be null'));
      else if (typeof ar[k] !== 'string' || !/^[0-9]{11,19}$/.test(ar[k])) errs.push(consumerErr(`invalid.data: accountRange.${k}`, 'must match "^[0-9]{11,19}$"'));
    }
  }
  if (errs.length) bad(errs);
  const sens = await readSensitive(b, (d) => bad(consumerErr('invalid.data: encryptedValue', 'must be a valid JWE encrypted value', d)));
  const pans = sens.present ? pansFrom(sens.obj) : [];
  if (!hasId && !sens.present && !isObj(ar)) bad(consumerErr('invalid.data: Either encryptedValue or Account Range', 'must not be null or empty'));
  let list, range;
  if (hasId) {
    list = panLists.get(b.panListId);
    if (!list || list.owner !== ctx.partner.consumerKey) bad(consumerErr('invalid.request.parameter', `Pan list not found for id ${b.panListId}`));
    // PansNotPresentUpdateRequest: "To update pan list at least one pan should be present" (provider 2.0.0, registerPans
    // 400). Items without a pan were counted as pans: a list updated with none got a 200.
    if (!pans.some(p => p !== undefined && p !== null && p !== '')) bad(consumerErr('invalid.pan', 'To update pan list at least one pan should be present'));
    if (isObj(ar) && (ar.accountRangeLow !== list.range.accountRangeLow || ar.accountRangeHigh !== list.range.accountRangeHigh)) bad(consumerErr('invalid.accountRange', 'Invalid account range for pan list'));
    range = list.range;
  } else if (isObj(ar)) {
    range = ACCOUNT_RANGES.find(r => r.accountRangeLow === ar.accountRangeLow && r.accountRangeHigh === ar.accountRangeHigh);
    if (!range || BigInt(ar.accountRangeLow) > BigInt(ar.accountRangeHigh)) bad(consumerErr('invalid.accountRange', 'Account range not valid'));
  } else {
    for (const p of pans) { if (!panProblem(p)) { range = ACCOUNT_RANGES.find(r => inRange(p, r)); if (range) break; } }
  }
  const failed = []; let ok = 0; const seen = new Set();
  const accepted = [];
  for (const p of pans) {
    const prob = panProblem(p);
    if (prob) { failed.push({ pan: typeof p === 'string' ? p : String(p), error: { reasonCode: 'Invalid.pan', description: prob } }); continue; }
    if (!range || !inRange(p, range)) { failed.push({ pan: p, error: { reasonCode: 'Invalid.pan', description: 'pan failed for account range validation' } }); continue; }
    if ((list && list.pans.has(p)) || seen.has(p)) { failed.push({ pan: p, error: { reasonCode: 'Invalid.pan', description: 'pan already present in list' } }); continue; }
    seen.add(p); accepted.push(p); ok++;
  }
  const out = { successfulCount: String(ok), failureCount: String(failed.length) };
  if (!list) {
    if (!range) { out.encryptedValue = await sealForPartner(ctx.partner, { pans: failed }); return { status: 200, body: out }; }
    list = { id: panListIdGen(), name: b.panListName, range, pans: new Set(), owner: ctx.partner.consumerKey };
    panLists.set(list.id, list);
  }
  for (const p of accepted) list.pans.add(p);
  out.panList = { panListId: list.id, panListName: list.name };
  out.accountRange = rangeView(list.range);
  if (failed.length) out.encryptedValue = await sealForPartner(ctx.partner, { pans: failed });
  return { status: 200, body: out };
}
async function opDeregister(ctx) {
  const b = ctx.body; if (!isObj(b)) bad(consumerErr('invalid.data: body', 'must be a JSON object'));
  if (b.panListId === undefined || b.panListId === null || b.panListId === '') bad(consumerErr('invalid.data: panListId', 'must not be null'));
  if (typeof b.panListId !== 'string' || !/^[0-9]{18}$/.test(b.panListId)) bad(consumerErr('invalid.data: panListId', 'must match "^[0-9]{18}$"'));
  const sens = await readSensitive(b, (d) => bad(consumerErr('invalid.data: encryptedValue', 'must be a valid JWE encrypted value', d)));
  if (!sens.present) bad(consumerErr('invalid.data: encryptedValue', 'must not be null or empty'));
  const pans = pansFrom(sens.obj);
  if (!pans.length) bad(consumerErr('invalid.data: encryptedValue', 'must not be null or empty', 'sensitiveData.pans must hold at least one pan.'));
  const list = panLists.get(b.panListId);
  if (!list || list.owner !== ctx.partner.consumerKey) bad(consumerErr('invalid.request.parameter', `Pan list not found for id ${b.panListId}`));
  const failed = []; let ok = 0;
  for (const p of pans) {
    const prob = panProblem(p);
    if (prob) { failed.push({ pan: typeof p === 'string' ? p : String(p), error: { reasonCode: 'Invalid.pan', description: prob } }); continue; }
    if (list.pans.has(p)) { list.pans.delete(p); ok++; continue; }
    const elsewhere = [...panLists.values()].some(l => l.owner === ctx.partner.consumerKey && l.pans.has(p));
    failed.push({ pan: p, error: elsewhere ? { reasonCode: 'pan.not.linked', description: 'pan not associated with the pan list' } : { reasonCode: 'pan.not.registered', description: 'pan not present' } });
  }
  const out = { panListId: list.id, successfulCount: String(ok), failureCount: String(failed.length) };
  if (failed.length) out.encryptedValue = await sealForPartner(ctx.partner, { pans: failed });
  return { status: 200, body: out };
}

// ---------------------------------------------------------------- Offers
function offersErr(code, desc, details = '') { return E(SRC.offers, code, desc, details); }
function panEligible(partner, pan) {
  if (ELIGIBLE_PANS.includes(pan)) return true;
  for (const l of panLists.values()) if (l.owner === partner.consumerKey && l.pans.has(pan)) return true;
  return false;
}
function addPeriod(d, freq, n) {
  const x = new Date(d.getTime());
  if (freq === 'MONTHLY') x.setUTCMonth(x.getUTCMonth() + n);
  else x.setUTCDate(x.getUTCDate() + n * (freq === 'WEEKLY' ? 7 : 14));
  return x;
}
// Offer.otherInstallmentAmount: "Subsequent Installment amounts with minor unit according to ISO 4217" (provider
// 2.0.0). Amounts were cut to two decimals whatever the currency (16.5 JPY); now to the currency's own minor unit.
const MINOR_0 = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const MINOR_3 = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);
function minorUnit(ccy) { return MINOR_0.has(ccy) ? 0 : MINOR_3.has(ccy) ? 3 : 2; }
function buildOffer(amount, currency, startDate, tenure, frequency, fee) {
  const f = 10 ** minorUnit(currency); const rnd = n => Math.round(n * f) / f;
  const total = rnd(amount + fee);
  const other = rnd(Math.floor(amount / tenure * f) / f);
  const first = rnd(total - other * (tenure - 1));
  const sched = [];
  for (let i = 0; i < tenure; i++) sched.push({ installmentNumber: i + 1, installmentAmount: i === 0 ? first : other, dueDate: ymd(addPeriod(startDate, frequency, i)) });
  const sym = CCY_SYMBOL[currency] || '$';
  const word = { WEEKLY: 'weekly', BIWEEKLY: 'biweekly', MONTHLY: 'monthly' }[frequency];
  const o = { priority: 0, objectType: 'Offer', offerId: offerIdGen(), offerType: 'CARDED_OFFER', offerDisplayText: `${tenure} ${word} payments of ${sym}${other.toFixed(2)}`, currencySymbol: sym, productCode: 'SPP',
    apr: fee ? round2(fee / amount * 100 * (frequency === 'MONTHLY' ? 12 / tenure : 26 / tenure)) : 0, tenure, frequency, interestRate: 0, firstInstallmentSchedule: 'TRANSACTION_DATE', totalAmount: total, firstInstallmentAmount: first, otherInstallmentAmount: other,
    feeType: fee ? 'FIXED_AMT' : 'NO_FEES', feeValue: fee, offerBeginDatetime: '2024-01-01T00:00:00-05:00', offerEndDatetime: '2030-12-31T23:59:59-05:00', selectable: true, provider: { ...PROVIDER }, schedulePayments: sched };
  if (fee) o.feeDistribution = 'FIRST_INSTALLMENT';
  return o;
}
async function opOffers(ctx) {
  const b = ctx.body; if (!isObj(b)) bad(offersErr('invalid.request.parameter', 'Request body must be a JSON object.'));
  const t = b.transaction;
  if (!isObj(t)) bad(offersErr('transaction', 'must not be null'));
  const errs = [];
  if (t.amount === undefined || t.amount === null) errs.push(offersErr('transaction.amount', 'must not be null'));
  else if (typeof t.amount !== 'number' || !Number.isFinite(t.amount) || t.amount <= 0) errs.push(offersErr('transaction.amount', 'must be a positive number'));
  if (t.currency === undefined || t.currency === null || t.currency === '') errs.push(offersErr('transaction.currency', 'must not be null'));
  else if (typeof t.currency !== 'string' || t.currency.length !== 3) errs.push(offersErr('transaction.currency', 'size must be between 3 and 3'));
  // "Currency code according to ISO 4217" (provider 2.0.0): its codes are three capital letters; "usd" was taken as USD.
  else if (!CURRENCIES.has(t.currency)) errs.push(offersErr('invalid.request.parameter', 'Currency Code Not Supported'));
  if (t.localDateTime === undefined || t.localDateTime === null || t.localDateTime === '') errs.push(offersErr('invalid.request.parameter', 'Local Transaction date and time must be present'));
  // localDateTime: "Transaction local date. [Date and Time RFC](rfc3339)" (provider 2.0.0, the offers transaction):
  // an RFC 3339 date-time carries its offset; one without it was taken as UTC.
  else if (!validDateTime(t.localDateTime) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(t.localDateTime)) errs.push(offersErr('invalid.request.parameter', 'Local Transaction date and time is invalid', 'Must be an RFC 3339 date-time.'));
  if (errs.length) bad(errs);
  const m = b.merchant;
  if (m !== undefined && m !== null && !isObj(m)) bad(offersErr('invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist'));
  const mer = {};
  if (isObj(m)) for (const k of ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']) if (m[k] !== undefined && m[k] !== null) mer[k] = str(m[k]);
  // The offers request's merchant members are "type: string" (provider 2.0.0, approvedOffers merchant; its examples
  // send strings): null or a number was taken (as absent, or turned into a string); now a bad request.
  if (isObj(m)) for (const k of ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']) if (m[k] !== undefined && typeof m[k] !== 'string') bad(offersErr(`merchant.${k}`, 'must be a string'));
  if (!Object.keys(mer).length) bad(offersErr('invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist'));
  const lim = { name: [1, 100], url: [1, 50], acquirerId: [1, 6], merchantId: [1, 15], mcc: [4, 4] };
  for (const [k, [lo, hi]] of Object.entries(lim)) if (mer[k] !== undefined && (typeof mer[k] !== 'string' || [...mer[k]].length < lo || [...mer[k]].length > hi)) errs.push(offersErr(`merchant.${k}`, `size must be between ${lo} and ${hi}`));
  // (mcc was refused unless 4 digits: MerchantParameters.mcc is a string of 4 characters, no pattern; provider 2.0.0)
  if (errs.length) bad(errs);
  if ((mer.acquirerId !== undefined) !== (mer.merchantId !== undefined)) bad(offersErr('invalid.request.parameter', 'One of the below combination of data must be present 1. If requester pass either of acquirer Id or merchant Id than country, acquirer Id and merchant Id is mandatory 2. In case of merchant name - country code is mandatory 3. In case of URL - country code is mandatory'));
  if (mer.country === undefined) {
    if (mer.acquirerId !== undefined) bad(offersErr('invalid.request.parameter', 'AcquirerId, MerchantId and CountryCode must be present'));
    bad(offersErr('invalid.request.parameter', 'Country code must be present'));
  }
  if (typeof mer.country !== 'string' || !/^[A-Za-z]{3}$/.test(mer.country) || !COUNTRY_CCY[mer.country.toUpperCase()]) bad(offersErr('invalid.request.parameter', 'Country Code Not Supported'));
  const country = mer.country.toUpperCase(), currency = t.currency.toUpperCase();
  if (COUNTRY_CCY[country] !== currency) bad(offersErr('invalid.request.parameter', 'Invalid Country and Currency Pair'));
  const sens = await readSensitive(b, (d, fp) => bad(fp ? offersErr('invalid.request.parameter', 'Provided public key fingerprint in request is invalid.') : offersErr('invalid.request.parameter', 'Encrypted sensitiveData is invalid.', d)));
  if (!sens.present) bad(offersErr('consumer.primaryAccountNumber', 'must not be null', 'sensitiveData.consumer.primaryAccountNumber is mandatory for Carded Installments.'));
  const c = sens.obj.consumer;
  let pan = sens.rawPan;
  if (!isObj(c) || c.primaryAccountNumber === undefined || c.primaryAccountNumber === null || pan === undefined || pan === '' || pan === 'null') bad(offersErr('consumer.primaryAccountNumber', 'must not be null'));
  if (!/^\d{11,19}$/.test(pan)) bad([offersErr('consumer.primaryAccountNumber', 'size must be between 11 and 19'), offersErr('consumer.primaryAccountNumber', 'must match "^\\d{11,19}$"')]);
  if (!luhnOk(pan)) bad(offersErr('invalid.request.parameter', 'PAN provided is invalid'));
  const offerTransactionId = snowflake();
  const rec = { id: offerTransactionId, owner: ctx.partner.consumerKey, pan, transaction: { amount: t.amount, currency, localDateTime: t.localDateTime }, merchant: mer, offers: [], created: Date.now() };
  const msgs = [];
  if (!panEligible(ctx.partner, pan)) msgs.push({ reasonCode: 'consumer.not.eligible', message: 'Consumer is not eligible for Installments' });
  if (t.amount < OFFER_MIN || t.amount > OFFER_MAX) msgs.push({ reasonCode: 'amount.not.qualify', message: 'Purchase Amount does not qualify for Installments' });
  if (mer.mcc && INELIGIBLE_MCC.has(mer.mcc)) msgs.push({ reasonCode: 'mcc.not.eligible', message: 'Merchant Category Code is not eligible for Installments' });
  if (!msgs.length) {
    const start = new Date(Date.parse(t.localDateTime.replace(' ', 'T') + (/(Z|[+-]\d{2}:\d{2})$/i.test(t.localDateTime) ? '' : 'Z')));
    const offers = [buildOffer(t.amount, currency, start, 4, 'BIWEEKLY', 0), buildOffer(t.amount, currency, start, 6, 'MONTHLY', 5)];
    offers.sort((a, b2) => a.otherInstallmentAmount - b2.otherInstallmentAmount).forEach((o, i) => { o.priority = i + 1; });
    rec.offers = offers;
  }
  offerTxns.set(offerTransactionId, rec);
  const body = { total: rec.offers.length, offerTransactionId, offers: rec.offers };
  if (msgs.length) body.eligibilityMessages = msgs;
  return { status: 200, body };
}

// ---------------------------------------------------------------- Plans
function planErr(desc, details = '', code = 'invalid.request.parameter') { return E(SRC.plans, code, desc, details); }
async function opPostPlan(ctx) {
  const b = ctx.body; if (!isObj(b)) bad(planErr('Bad or malformed request.', 'Request body must be a JSON object.'));
  // Correlation-Id: "type: string, format: uuid" (provider 2.0.0, CorrelationIdHeaderParameter of savePlan): one that
  // is not a UUID was taken as sent.
  const cid = ctx.req.headers['correlation-id'];
  if (cid !== undefined && !UUID_RE.test(cid)) bad(planErr('Invalid Correlation-Id.', 'Correlation-Id must be a UUID.'));
  // required members
  const missing = ['providerId', 'transaction', 'offerTransactionId'].filter(k => b[k] === undefined || b[k] === null || b[k] === '');
  if (missing.length) bad(missing.map(k => planErr(`${k} must not be null.`, `Missing required field ${k}.`)));
  if (typeof b.providerId !== 'string' || !UUID_RE.test(b.providerId)) bad(planErr('Invalid providerId.', 'providerId must be a UUID of 36 characters.'));
  const otid = str(b.offerTransactionId);
  if (typeof otid !== 'string' || otid.length < 8 || otid.length > 40) bad(planErr('Invalid offerTransactionId.', 'offerTransactionId length must be between 8 and 40.'));
  const t = b.transaction; if (!isObj(t)) bad(planErr('Invalid transaction.', 'transaction must be an object.'));
  if (t.amount === undefined || t.amount === null || typeof t.amount !== 'number' || !Number.isFinite(t.amount) || t.amount < 0) bad(planErr('Invalid transaction amount.', 'transaction.amount must be a number.'));
  if (typeof t.currency !== 'string' || t.currency.length !== 3 || !CURRENCIES.has(t.currency)) bad(planErr('Currency Not Supported.', 'Invalid transaction currency.'));
  if (t.amountType === undefined || t.amountType === null || !['PURCHASE', 'FINAL'].includes(t.amountType)) bad(planErr('Incorrect value for Amount Type.', "Amount type must be 'PURCHASE' OR 'FINAL'."));
  const stan = str(t.stan), rrn = str(t.rrn), auth = str(t.authorizationCode);
  if (stan !== undefined && stan !== null) { if (typeof stan !== 'string' || stan.length < 1 || stan.length > 6) bad(planErr('Incorrect STAN length.', 'STAN should not be less than 1 or greater than 6. Please provide a valid STAN.')); if (!/^\d+$/.test(stan)) bad(planErr('Non-Numeric STAN.', 'STAN should be numeric only.')); }
  if (rrn !== undefined && rrn !== null && rrn !== '') { if (typeof rrn !== 'string' || rrn.length !== 12) bad(planErr('Incorrect RRN length.', 'RRN should be 12 digits in length. Please provide a valid RRN.')); if (!/^\d+$/.test(rrn)) bad(planErr('Non-Numeric RRN.', 'RRN should be numeric only.')); }
  if (auth !== undefined && auth !== null && auth !== '') { if (typeof auth !== 'string' || auth.length !== 6) bad(planErr('Incorrect Auth Code length.', 'Authorization code should be 6 digits in length. Please provide a valid Authorization code.')); if (!/^\d+$/.test(auth)) bad(planErr('Invalid Auth Code.', '.')); }
  const tli = str(t.transactionLinkId);
  if (tli !== undefined && tli !== null && (typeof tli !== 'string' || tli.length > 22)) bad(planErr('Invalid Transaction Link Id.', 'Transaction link id should not be greater than 22. Please provide a valid transaction link id.'));
  if (t.transmissionDateTime !== undefined && t.transmissionDateTime !== null && !validDateTime(t.transmissionDateTime)) bad(planErr('Invalid datetime format.', "Transmission date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  if (t.localDateTime !== undefined && t.localDateTime !== null && !validDateTime(t.localDateTime)) bad(planErr('Invalid datetime format.', "Local Transaction date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  // merchant
  const m = b.merchant; const mer = {};
  if (m !== undefined && m !== null) {
    if (!isObj(m)) bad(planErr('Invalid merchant.', 'merchant must be an object.'));
    for (const k of ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']) if (m[k] !== undefined && m[k] !== null) mer[k] = str(m[k]);
    if (mer.name !== undefined && (typeof mer.name !== 'string' || mer.name.length < 1 || mer.name.length > 100)) bad(planErr('Merchant Name validation failed-Value has incorrect length.', 'Merchant name should not be greater than 100 in length.'));
    if (mer.url !== undefined && (typeof mer.url !== 'string' || mer.url.length < 1 || mer.url.length > 50)) bad(planErr('Incorrect Merchant URL length.', 'Merchant URL should not be lesser that 1 and greater than 50 in length.'));
    if (mer.url !== undefined && /\s/.test(mer.url)) bad(planErr('Invalid Merchant URL.', 'Merchant URL is not a valid URL.'));
    if (mer.acquirerId !== undefined && (typeof mer.acquirerId !== 'string' || mer.acquirerId.length < 1 || mer.acquirerId.length > 6)) bad(planErr('Incorrect Acquirer Id length.', 'Acquirer Id should not be less than 1 and greater than 6 in length. Please provide a valid Acquirer Id.'));
    if (mer.acquirerId !== undefined && !/^\d+$/.test(mer.acquirerId)) bad(planErr('Invalid Acquirer Id.', 'Acquirer Id should be numeric only.'));
    if (mer.country !== undefined && (typeof mer.country !== 'string' || !/^[A-Za-z]{3}$/.test(mer.country) || !COUNTRY_CCY[mer.country.toUpperCase()])) bad(planErr('Invalid Country Code.', 'Country code should be a valid ISO 3166 alpha-3 code.'));
    if (mer.mcc !== undefined && (typeof mer.mcc !== 'string' || mer.mcc.length !== 4)) bad(planErr('Merchant Category Code is invalid. Length must match 4.', 'Merchant Category Code length must be 4.'));
    if (mer.merchantId !== undefined && (typeof mer.merchantId !== 'string' || mer.merchantId.length < 1 || mer.merchantId.length > 15)) bad(planErr('Incorrect Merchant Id length.', 'Merchant id should not be lesser than 1 and greater than 15 in length.'));
    if (mer.merchantId !== undefined && !/^[A-Za-z0-9]+$/.test(mer.merchantId)) bad(planErr('Invalid Merchant Id.', 'Merchant id should be alphanumeric only.'));
  }
  // installment info
  const pi = b.planInstallmentInformation;
  // PlanInstallmentInformation and SchedulePayment: "This object is mandatory for Mastercard Installments Payment
  // Services", feeValue likewise (provider 2.0.0, CardedPlanInstallmentInformation); the carded plan request is the
  // "Typical request for 'Mastercard Installments Payment Services" (savePlan example Carded Installment Plan Plain).
  // They were optional here; a carded plan without them is a bad request.
  if (!isObj(pi)) bad(planErr('planInstallmentInformation must not be null.', 'planInstallmentInformation is mandatory.'));
  if (pi.feeValue === undefined || pi.feeValue === null) bad(planErr('feeValue must not be null.', 'planInstallmentInformation.feeValue is mandatory.'));
  if (!Array.isArray(b.schedulePayments)) bad(planErr('schedulePayments must not be null.', 'schedulePayments is mandatory.'));
  if (pi !== undefined && pi !== null) {
    if (!isObj(pi)) bad(planErr('Invalid planInstallmentInformation.', 'planInstallmentInformation must be an object.'));
    if (pi.frequency === undefined || pi.frequency === null) bad(planErr('frequency must not be null.', 'planInstallmentInformation.frequency is required.'));
    if (pi.frequency === '15DAYS') bad(planErr('Invalid frequency - 15DAYS.', 'Frequency not valid for Installments on Card.'));
    if (!['WEEKLY', 'BIWEEKLY', 'MONTHLY'].includes(pi.frequency)) bad(planErr(`Invalid frequency - ${String(pi.frequency).slice(0, 20)}.`, 'Frequency must be one of WEEKLY, BIWEEKLY, MONTHLY.'));
    if (!Number.isInteger(pi.tenure) || pi.tenure < 2 || pi.tenure > 99) bad(planErr('Invalid tenure.', 'planInstallmentInformation.tenure must be an integer between 2 and 99.'));
    if (pi.apr !== undefined && pi.apr !== null && (typeof pi.apr !== 'number' || pi.apr < 0 || pi.apr > 200)) bad(planErr('Invalid apr.', 'planInstallmentInformation.apr must be between 0 and 200.'));
    if (pi.currency !== undefined && pi.currency !== null && (typeof pi.currency !== 'string' || pi.currency.length !== 3)) bad(planErr('Currency Not Supported.', 'planInstallmentInformation.currency must be 3 characters.'));
    for (const k of ['firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue', 'totalAmount']) if (pi[k] !== undefined && pi[k] !== null && (typeof pi[k] !== 'number' || pi[k] < 0 || pi[k] > 1e15)) bad(planErr(`Invalid ${k}.`, `planInstallmentInformation.${k} must be a number between 0 and 1000000000000000.`));
  }
  const sp = b.schedulePayments;
  if (sp !== undefined && sp !== null) {
    if (!Array.isArray(sp) || sp.length > 99) bad(planErr('Invalid schedulePayments.', 'schedulePayments must be an array of at most 99 items.'));
    for (const s of sp) {
      if (!isObj(s)) bad(planErr('Invalid schedulePayments.', 'Each schedule payment must be an object.'));
      if (s.installmentAmount !== undefined && (typeof s.installmentAmount !== 'number' || s.installmentAmount < 0)) bad(planErr('Invalid installmentAmount.', 'installmentAmount must be a non-negative number.'));
      if (s.dueDate !== undefined && (typeof s.dueDate !== 'string' || s.dueDate.length < 8 || s.dueDate.length > 10)) bad(planErr('Invalid dueDate.', 'dueDate length must be between 8 and 10.'));
      if (s.installmentNumber !== undefined && (!Number.isInteger(s.installmentNumber) || s.installmentNumber < 1 || s.installmentNumber > 99)) bad(planErr('Invalid installmentNumber.', 'installmentNumber must be between 1 and 99.'));
    }
  }
  const offerId = b.offerId === undefined || b.offerId === null ? undefined : str(b.offerId);
  if (offerId !== undefined && (typeof offerId !== 'string' || offerId.length < 8 || offerId.length > 64)) bad(planErr('Invalid offerId.', 'offerId length must be between 8 and 64.'));
  const to = b.transactionOffers;
  if (to !== undefined && to !== null) {
    if (!Array.isArray(to) || to.length > 50) bad(planErr('Invalid transactionOffers.', 'transactionOffers must be an array of at most 50 items.'));
    for (const x of to) { const id = isObj(x) ? str(x.offerId) : undefined; if (typeof id !== 'string' || id.length < 8 || id.length > 64) bad(planErr('Invalid transactionOffers.', 'transactionOffers[].offerId is required, 8 to 64 characters.')); }
  }
  const hasPresented = offerId !== undefined && Array.isArray(to) && to.length > 0;
  if (!hasPresented && PRODUCT.distributionPartner) bad(planErr('Both OfferId and TransactionOffers must be present for this client - Value must not be null', 'Invalid input request for cardedInstallments.'));
  if (!hasPresented && PRODUCT.useCases.includes('DURING_PURCHASE')) bad(planErr('Both OfferId and TransactionOffers must be present for this provider - Value must not be null', 'Invalid input request for cardedInstallments.'));
  // PAN
  const sens = await readSensitive(b, (d) => bad(planErr('Invalid encrypted sensitiveData.', d)));
  const pan = sens.present ? sens.rawPan : undefined;
  if (!sens.present || !isObj(sens.obj.consumer) || pan === undefined || pan === '' || pan === 'null' || (typeof sens.obj.consumer.primaryAccountNumber === 'string' && sens.obj.consumer.primaryAccountNumber.trim() === '')) bad(planErr('PAN is present and is blank or null.', 'PAN cannot blank or empty.'));
  if (!/^\d+$/.test(pan)) bad(planErr('PAN is present and is non numeric.', 'PAN should be numeric only.'));
  if (pan.length < 11 || pan.length > 19) bad(planErr('Incorrect PAN length.', 'PAN should not be less than 11 and greater than 19 in length. Please provide a valid PAN.'));
  // validate against presented offer
  const rec = offerTxns.get(otid);
  if (!rec || rec.owner !== ctx.partner.consumerKey) bad(planErr('Provided offerTransactionId does not match any presented offer.', 'Unknown offerTransactionId.'));
  if (rec.pan !== pan) bad(planErr('Provided PAN does not match with offer.', 'PAN does not match with Offer.', 'pan.match'));
  if (Math.abs(rec.transaction.amount - t.amount) > 0.0001) bad(planErr('Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'));
  if (rec.transaction.currency !== t.currency.toUpperCase()) bad(planErr('Currency Not Supported.', 'Transaction currency does not match with offer.'));
  if (t.localDateTime && String(t.localDateTime).slice(0, 10) !== String(rec.transaction.localDateTime).slice(0, 10)) bad(planErr('Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'));
  const presented = new Set(rec.offers.map(o => o.offerId));
  let chosen;
  if (offerId !== undefined) { chosen = rec.offers.find(o => o.offerId === offerId); if (!chosen) bad(planErr('Provided offerId does not match with offer.', 'offerId was not presented in this offer transaction.')); }
  if (Array.isArray(to)) for (const x of to) if (!presented.has(str(x.offerId))) bad(planErr('Provided transactionOffers do not match with offer.', `offerId ${str(x.offerId)} was not presented in this offer transaction.`));
  if (Array.isArray(to) && offerId !== undefined && !to.some(x => str(x.offerId) === offerId)) bad(planErr('Provided offerId does not match with offer.', 'offerId must be one of transactionOffers.'));
  if (b.providerId.toLowerCase() !== PROVIDER.providerId) bad(planErr('Provided providerId does not match with offer.', 'Mismatch in Provider Id.'));
  // POST /plans: the partner sends "the PAN, transaction, merchant details and offer data without any changes" and
  // Mastercard "validates this data against the presented offer" (provider 2.0.0). Only the PAN, transaction and
  // ids were compared; the merchant details and the chosen offer's terms now are too.
  for (const k of Object.keys(mer)) if (rec.merchant[k] !== undefined && String(rec.merchant[k]).toUpperCase() !== String(mer[k]).toUpperCase()) bad(planErr('Provided merchant details do not match with offer.', `Mismatch in merchant ${k}.`));
  if (chosen) {
    const near = (x, y) => typeof x === 'number' && Math.abs(x - y) < 1e-9;
    for (const k of ['tenure', 'apr', 'feeValue', 'firstInstallmentAmount', 'otherInstallmentAmount', 'totalAmount']) if (pi[k] !== undefined && pi[k] !== null && chosen[k] !== undefined && !near(pi[k], chosen[k])) bad(planErr('Provided installment information does not match with offer.', `Mismatch in ${k}.`));
    if (pi.frequency !== chosen.frequency) bad(planErr('Provided installment information does not match with offer.', 'Mismatch in frequency.'));
    if (pi.currency !== undefined && pi.currency !== null && String(pi.currency).toUpperCase() !== rec.transaction.currency) bad(planErr('Provided installment information does not match with offer.', 'Mismatch in currency.'));
    const cs = chosen.schedulePayments || [];
    if (sp.length !== cs.length || sp.some((x, i) => (x.installmentAmount !== undefined && !near(x.installmentAmount, cs[i].installmentAmount)) || (x.dueDate !== undefined && x.dueDate !== cs[i].dueDate) || (x.installmentNumber !== undefined && x.installmentNumber !== cs[i].installmentNumber))) bad(planErr('Provided schedule payments do not match with offer.', 'Mismatch in schedulePayments.'));
  }
  const planId = crypto.randomUUID();
  const pinfo = isObj(pi) ? { ...pi } : chosen ? { apr: chosen.apr, currency: rec.transaction.currency, frequency: chosen.frequency, firstInstallmentAmount: chosen.firstInstallmentAmount, otherInstallmentAmount: chosen.otherInstallmentAmount, feeValue: chosen.feeValue, tenure: chosen.tenure, totalAmount: chosen.totalAmount } : undefined;
  const sched = Array.isArray(sp) ? sp.map(s => ({ ...s })) : chosen ? chosen.schedulePayments.map(s => ({ installmentAmount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber })) : [];
  const merged = { ...rec.merchant, ...mer };
  const plan = { planId, owner: ctx.partner.consumerKey, status: 'CREATED', offerId, transactionOffers: Array.isArray(to) ? to.map(x => ({ offerId: str(x.offerId) })) : undefined, providerId: b.providerId.toLowerCase(), merchant: merged, planInstallmentInformation: pinfo, schedulePayments: sched,
    transaction: { amountType: t.amountType, amount: t.amount, currency: t.currency.toUpperCase(), ...(stan ? { stan } : {}), ...(rrn ? { rrn } : {}), ...(auth ? { authorizationCode: auth } : {}), localDateTime: t.localDateTime || rec.transaction.localDateTime, ...(t.transmissionDateTime ? { transmissionDateTime: t.transmissionDateTime } : {}), ...(tli ? { transactionLinkId: tli } : {}) },
    pan, offerTransactionId: otid, created: Date.now() };
  plans.set(planId, plan);
  if (ISSUER_URL) setImmediate(() => notifyIssuer(plan, ctx.partner, ctx.req.headers['correlation-id']).catch(e => log('notify failed', String(e))));
  return { status: 201, body: { planId, status: 'CREATED' }, headers: { Location: `/installments/plans/${planId}` } };
}
function planView(p) {
  const out = {};
  const m = p.merchant || {};
  out.merchant = { ...(m.merchantId ? { acceptor: m.merchantId } : {}), country: m.country ? m.country.toUpperCase() : 'USA', mcc: m.mcc || '0000', ...(m.name ? { name: m.name } : {}) };
  if (p.offerId) out.offerId = p.offerId;
  if (p.transactionOffers) out.transactionOffers = p.transactionOffers;
  out.planId = p.planId;
  if (p.planInstallmentInformation) out.planInstallmentInformation = p.planInstallmentInformation;
  out.providerId = p.providerId;
  if (p.rejectReasonCode) { out.rejectReasonCode = p.rejectReasonCode; if (p.rejectReasonDetail !== undefined) out.rejectReasonDetail = p.rejectReasonDetail; }
  if (p.offerId && p.schedulePayments && p.schedulePayments.length) out.scheduledRepayments = p.schedulePayments.map(s => ({ amount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber }));
  out.status = p.status;
  out.transaction = { amount: p.transaction.amount, currency: p.transaction.currency };
  return out;
}
async function opGetPlan(ctx) {
  const id = decodeURIComponent(ctx.params[0]);
  if (!UUID_RE.test(id)) bad(E(SRC.merchant, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'plan_id must be a UUID.'));
  const p = plans.get(id.toLowerCase());
  if (!p || p.owner !== ctx.partner.consumerKey) throw new ApiError(404, [E(SRC.plans, 'not.found', 'URI/Resource not found.', `Plan ${id} not found.`)]);
  return { status: 200, body: planView(p) };
}

// ---------------------------------------------------------------- Approvals
function apprErr(desc, details = '', code = 'invalid.request.body.parameter') { return E(SRC.merchant, code, desc, details); }
async function opPostApproval(ctx) {
  let b = ctx.body;
  // whole-payload JWE (documents mark this endpoint x-mastercard-api-encrypted)
  if (isObj(b)) { const keys = Object.keys(b); const tok = keys.length === 1 && typeof b[keys[0]] === 'string' && JWE_RE.test(b[keys[0]]) ? b[keys[0]] : null;
    if (tok) { const txt = await decryptJwe(tok, d => bad(apprErr('Field format or type is invalid', d))); try { b = JSON.parse(txt); } catch { bad(apprErr('Field format or type is invalid', 'Decrypted payload is not JSON.')); } } }
  const sync = ctx.url.searchParams.get('sync');
  if (sync !== null && !/^(true|false)$/.test(sync)) bad(apprErr('Field format or type is invalid', 'sync must be true or false.', 'invalid.request.parameter'));
  if (!isObj(b)) bad(apprErr('Field format or type is invalid', 'Body must be a JSON object.'));
  const miss = ['planId', 'status'].filter(k => b[k] === undefined || b[k] === null || b[k] === '');
  if (miss.length) bad(apprErr('One or more of the required fields are missing', miss.join(', ')));
  if (typeof b.planId !== 'string' || !UUID_RE.test(b.planId)) bad(apprErr('Field format or type is invalid', 'planId'));
  if (!['APPROVED', 'DECLINED'].includes(b.status)) bad(apprErr("Value doesn't exist / doesn't meet specified range", 'status'));
  // planApproval's members are typed (offerId string, approvedAmount number, ...; provider 2.0.0) and none nullable:
  // a null was taken as absent (offerId: null approved a plan); now it is refused as the wrong type.
  if (b.offerId !== undefined && (typeof b.offerId !== 'string' || b.offerId.length !== 8)) bad(apprErr('Field length is out of bound', 'offerId'));
  if (b.rejectReasonCode !== undefined && !['CONSUMER_AUTH_FAIL', 'CONSUMER_APPLICATION_FAIL', 'CONSUMER_CANCELLATION', 'LENDER_DRIVEN_REJECTION', 'LENDER_SYSTEM_ERROR', 'OTHER_REASON'].includes(b.rejectReasonCode)) bad(apprErr("Value doesn't exist / doesn't meet specified range", 'rejectReasonCode'));
  if (b.rejectReasonDetail !== undefined && (typeof b.rejectReasonDetail !== 'string' || b.rejectReasonDetail.length > 5000)) bad(apprErr('Field length is out of bound', 'rejectReasonDetail'));
  if (b.approvedAmount !== undefined && (typeof b.approvedAmount !== 'number' || b.approvedAmount < 0 || b.approvedAmount > 999999999999999)) bad(apprErr("Value doesn't exist / doesn't meet specified range", 'approvedAmount'));
  if (b.approvedCurrency !== undefined && (typeof b.approvedCurrency !== 'string' || b.approvedCurrency.length !== 3 || !/^[A-Z]{3}$/.test(b.approvedCurrency))) bad(apprErr('Field length is out of bound', 'approvedCurrency'));
  if (b.status === 'DECLINED') {
    if (!b.rejectReasonCode) bad(apprErr('One or more of the required fields are missing', 'rejectReasonCode'));
  } else {
    const mm = ['approvedAmount', 'approvedCurrency', 'paymentAuthorization'].filter(k => b[k] === undefined || b[k] === null);
    if (mm.length) bad(apprErr('One or more of the required fields are missing', mm.join(', ')));
  }
  // paymentAuthorization is "required in the event that the status is APPROVED" (provider 2.0.0, planApproval);
  // when sent with any status its schema (required members, formats, the cardholder's names) still applies: it was
  // checked on APPROVED only, so a DECLINED approval carrying a card without a name or with a letter was accepted.
  if (b.paymentAuthorization !== undefined && b.paymentAuthorization !== null) {
    const pa = b.paymentAuthorization;
    if (!isObj(pa)) bad(apprErr('Field format or type is invalid', 'paymentAuthorization'));
    const pm = ['primaryAccountNumber', 'panExpirationMonth', 'panExpirationYear', 'cardSecurityCode', 'billingAddress'].filter(k => pa[k] === undefined || pa[k] === null || pa[k] === '');
    if (pm.length) bad(apprErr('One or more of the required fields are missing', pm.map(k => 'paymentAuthorization.' + k).join(', ')));
    // lengths in characters (JSON Schema counts characters, not UTF-16 units)
    const chk = (v, lo, hi, re, name) => { if (typeof v !== 'string') bad(apprErr('Field format or type is invalid', name)); if ([...v].length < lo || [...v].length > hi) bad(apprErr('Field length is out of bound', name)); if (re && !re.test(v)) bad(apprErr('Field format or type is invalid', name)); };
    chk(pa.primaryAccountNumber, 9, 19, /^\d+$/, 'paymentAuthorization.primaryAccountNumber');
    chk(pa.panExpirationMonth, 2, 2, /^(0[1-9]|1[0-2])$/, 'paymentAuthorization.panExpirationMonth');
    chk(pa.panExpirationYear, 4, 4, /^\d{4}$/, 'paymentAuthorization.panExpirationYear');
    chk(pa.cardSecurityCode, 3, 4, /^\d+$/, 'paymentAuthorization.cardSecurityCode');
    for (const [k, hi] of [['cardholderFullName', 60], ['cardholderFirstName', 30], ['cardholderLastName', 30]]) if (pa[k] !== undefined && pa[k] !== null) chk(pa[k], 0, hi, null, 'paymentAuthorization.' + k);
    if (!pa.cardholderFullName && !(pa.cardholderFirstName && pa.cardholderLastName)) bad(apprErr('One or more of the required fields are missing', 'paymentAuthorization.cardholderFullName or cardholderFirstName and cardholderLastName'));
    const ba = pa.billingAddress; if (!isObj(ba)) bad(apprErr('Field format or type is invalid', 'paymentAuthorization.billingAddress'));
    const bm = ['line1', 'city', 'state', 'countryCode', 'zip'].filter(k => ba[k] === undefined || ba[k] === null || ba[k] === '');
    if (bm.length) bad(apprErr('One or more of the required fields are missing', bm.map(k => 'paymentAuthorization.billingAddress.' + k).join(', ')));
    for (const [k, lo, hi, re] of [['line1', 1, 60], ['line2', 0, 75], ['line3', 0, 75], ['city', 1, 50], ['state', 1, 30], ['countryCode', 2, 2, /^[a-zA-Z]{2}$/], ['zip', 1, 16]]) if (ba[k] !== undefined && ba[k] !== null) chk(ba[k], lo, hi, re, 'paymentAuthorization.billingAddress.' + k);
  }
  const plan = plans.get(b.planId.toLowerCase());
  if (!plan || plan.owner !== ctx.partner.consumerKey) bad(apprErr("Value doesn't exist / doesn't meet specified range", `planId ${b.planId} not found.`, 'invalid.request.parameter'));
  if (plan.status !== 'CREATED') bad(apprErr("Value doesn't exist / doesn't meet specified range", `Plan ${plan.planId} is already ${plan.status}.`, 'invalid.request.parameter'));
  if (b.offerId) {
    const allowed = new Set([plan.offerId, ...(plan.transactionOffers || []).map(x => x.offerId)].filter(Boolean));
    if (!allowed.has(b.offerId)) bad(apprErr("Value doesn't exist / doesn't meet specified range", 'offerId must be one of the offer IDs retrieved via Plan API.', 'invalid.request.parameter'));
  } else if (b.status === 'APPROVED' && !plan.offerId) bad(apprErr('One or more of the required fields are missing', 'offerId is required when consumer offer selection is disabled.'));
  plan.status = b.status;
  if (b.status === 'DECLINED') { plan.rejectReasonCode = b.rejectReasonCode; if (b.rejectReasonDetail !== undefined) plan.rejectReasonDetail = b.rejectReasonDetail; }
  else if (b.offerId && b.offerId !== plan.offerId) plan.offerId = b.offerId;
  const action = b.status === 'APPROVED' ? 'COMPLETED' : 'CANCEL';
  const payload = Buffer.from(JSON.stringify({ planId: plan.planId, status: b.status })).toString('base64url');
  const callbackUrl = `https://src.mastercard.com?action=${action}&checkoutResponse=${payload}`;
  approvals.set(plan.planId, { planId: plan.planId, owner: ctx.partner.consumerKey, callbackUrl, postedAt: Date.now() });
  if (sync && sync.toLowerCase() === 'true') return { status: 200, body: { callbackUrl } };
  return { status: 202, headers: { Location: `/installments/approvals/${plan.planId}` } };
}
async function opGetApproval(ctx) {
  const id = decodeURIComponent(ctx.params[0]);
  const a = UUID_RE.test(id) ? approvals.get(id.toLowerCase()) : undefined;
  if (!a || a.owner !== ctx.partner.consumerKey || Date.now() - a.postedAt > 24 * 3600 * 1000) throw new ApiError(404, [E(SRC.plans, 'not.found', 'URI/Resource not found.', `No approval found for plan ${id}.`)]);
  return { status: 200, body: { status: 'COMPLETED', callbackUrl: a.callbackUrl } };
}

// ---------------------------------------------------------------- Merchants
function mErr(desc, details, code = 'invalid.request.body.parameter') { return E(SRC.merchant, code, desc, details); }
const FMT = 'Field format or type is invalid', LEN = 'Field length is out of bound', REQ = 'One or more of the required fields are missing', VAL = "Value doesn't exist / doesn't meet specified range";
// maid: the provider's pattern is ^[A-Za-z0-9]{1,6}, with no end anchor (provider 2.0.0 schema maid; a schema
// pattern is not implicitly anchored): an 8-digit maid matches it. It was refused here with an end anchor. The same
// for mid (schema mid: pattern ^[A-Za-z0-9]{1,15}): a mid with a trailing space matches it.
// ISO 3166-1 alpha-3 code values (the officially assigned codes).
const ISO3166_ALPHA3 = new Set((
  'ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM ' +
  'BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR ' +
  'CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB ' +
  'GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA ' +
  'JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA ' +
  'MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR ' +
  'NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS ' +
  'SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON ' +
  'TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM XKK YEM ZAF ZMB ZWE '
).trim().split(' '));
// Not a code value: a merchant's countryCode must be one (see its use).
const NOT_ALPHA3 = { test: v => typeof v === 'string' && !ISO3166_ALPHA3.has(v.toUpperCase()) };
const RX = { merchantLegalName: /^.{1,300}$/su, countryCode: /^[A-Za-z]{3}$/, acquirerICA: /^(?:[0-9]{6}|[0-9]{9}|[0-9]{11})$/, maid: /^[A-Za-z0-9]{1,6}/, mid: /^[A-Za-z0-9]{1,15}/, merchantGroup: /^[A-Z0-9]{1,2}$/, yn: /^(?:Y|N)$/, status: /^(?:PENDING|COMPLETED|ERROR)$/,
  websiteUrl: /^(https?|ftp|file):\/\/[-a-zA-Z0-9+&@#/%?=~_|!:,.;]*[-a-zA-Z0-9+&@#/%=~_|]$/ };
function chkStr(v, name, { re, min, max } = {}) {
  if (typeof v !== 'string') bad(mErr(FMT, name));
  // minLength/maxLength count characters (JSON Schema: the characters of RFC 8259, code points), not UTF-16 units:
  // 300 letters outside the Basic Multilingual Plane were refused as 600.
  const n = [...v].length;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) bad(mErr(LEN, name));
  if (re && !re.test(v)) bad(mErr(FMT, name));
}
const has = v => v !== undefined && v !== null;
// Countries that use no postal codes (ISO 3166 alpha-3).
const NO_POSTAL_CODE = new Set('AGO ATG ABW BHS BLZ BEN BWA BFA BDI CMR CAF COM COG COD COK CIV DJI DMA GNQ ERI FJI GMB GHA GRD GUY HKG KIR PRK MAC MWI MLI MRT NRU NIU QAT RWA KNA LCA STP SYC SLE SLB SOM SUR SYR TLS TKL TON TTO TUV UGA ARE VUT YEM ZWE'.split(' '));
function findMerchant(p) {
  if (has(p.maid)) return merchants.find(m => m.maids && m.maids.includes(p.maid)) || merchants.find(m => m.maids && m.merchantLegalName === p.merchantLegalName && m.countryCode === p.countryCode.toUpperCase());
  return merchants.find(m => !m.maids && m.acquirerICA === p.acquirerICA && m.merchantLegalName === p.merchantLegalName && m.countryCode === p.countryCode.toUpperCase());
}
function validateParticipation(p, i) {
  const at = k => `[${i}].${k}`;
  if (!isObj(p)) bad(mErr(FMT, `[${i}]`));
  // MerchantParticipation's members and Address's are typed and none nullable (provider 2.0.0): a null was taken as
  // absent, a number in an address line turned into a string; both are refused now.
  for (const [k, v] of Object.entries(p)) if (v === null) bad(mErr(FMT, at(k)));
  if (isObj(p.address)) for (const [k, v] of Object.entries(p.address)) if (typeof v !== 'string') bad(mErr(FMT, at(`address.${k}`)));
  const miss = ['merchantLegalName', 'countryCode', 'acquirerICA'].filter(k => !has(p[k]) || p[k] === '');
  if (miss.length) bad(mErr(REQ, miss.map(at).join(', ')));
  chkStr(p.merchantLegalName, at('merchantLegalName'), { re: RX.merchantLegalName, min: 1, max: 300 });
  chkStr(p.countryCode, at('countryCode'), { re: RX.countryCode, min: 3, max: 3 });
  // countryCode: "Refer to (https://www.iso.org/obp/ui/#search) for ISO 3166 alpha 3 code values" (provider 2.0.0):
  // three letters that are no ISO 3166 alpha-3 code (QAA, a user-assigned or unassigned one) were accepted.
  if (NOT_ALPHA3.test(p.countryCode)) bad(mErr(VAL, at('countryCode')));
  chkStr(p.acquirerICA, at('acquirerICA'), { re: RX.acquirerICA });
  if (has(p.merchantGroup)) chkStr(p.merchantGroup, at('merchantGroup'), { re: RX.merchantGroup });
  if (has(p.dbaNames)) { if (!Array.isArray(p.dbaNames) || p.dbaNames.length < 1 || p.dbaNames.length > 1000) bad(mErr(LEN, at('dbaNames'))); p.dbaNames.forEach((d, j) => chkStr(d, at(`dbaNames[${j}]`), { min: 1, max: 256 })); }
  if (has(p.mids)) { if (!Array.isArray(p.mids) || p.mids.length < 1 || p.mids.length > 5000) bad(mErr(LEN, at('mids'))); p.mids.forEach((d, j) => chkStr(d, at(`mids[${j}]`), { re: RX.mid })); }
  if (has(p.maid)) chkStr(p.maid, at('maid'), { re: RX.maid });
  if (has(p.maidType) && !['GRP', 'EXT'].includes(p.maidType)) bad(mErr(VAL, at('maidType')));
  // (mids with maid was refused here: no passage of the provider's document forbids both; MerchantParticipation holds both members)
  for (const k of ['optIn', 'nonMerchantNegotiatedParticipation']) if (has(p[k])) chkStr(p[k], at(k), { re: RX.yn, min: 1, max: 1 });
  if (has(p.duns)) chkStr(p.duns, at('duns'), { min: 1, max: 9 });
  if (has(p.websiteUrl)) chkStr(p.websiteUrl, at('websiteUrl'), { re: RX.websiteUrl, min: 1, max: 100 });
  if (has(p.wallets)) {
    if (!Array.isArray(p.wallets) || p.wallets.length < 1 || p.wallets.length > 3) bad(mErr(LEN, at('wallets')));
    p.wallets.forEach((w, j) => {
      if (!isObj(w)) bad(mErr(FMT, at(`wallets[${j}]`)));
      if (!has(w.walletId) || !has(w.walletAcceptance)) bad(mErr(REQ, at(`wallets[${j}]`) + '.walletId, walletAcceptance'));
      if (!Number.isInteger(w.walletId) || w.walletId < 1 || w.walletId > 3) bad(mErr(VAL, at(`wallets[${j}].walletId`)));
      chkStr(w.walletAcceptance, at(`wallets[${j}].walletAcceptance`), { re: RX.yn, min: 1, max: 1 });
      if (has(w.walletMerchantId)) chkStr(w.walletMerchantId, at(`wallets[${j}].walletMerchantId`), { min: 1, max: 300 });
    });
  }
  if (has(p.address)) {
    const a = p.address; if (!isObj(a)) bad(mErr(FMT, at('address')));
    for (const [k, lo, hi] of [['addressLine1', 1, 300], ['addressLine2', 1, 300], ['addressLine3', 1, 300], ['city', 1, 30], ['state', 2, 3], ['postalCode', 1, 20]]) if (has(a[k])) chkStr(str(a[k]), at(`address.${k}`), { min: lo, max: hi });
  }
  const existing = findMerchant(p);
  const opt = has(p.optIn) ? p.optIn : p.nonMerchantNegotiatedParticipation;
  const isAus = p.countryCode.toUpperCase() === 'AUS';
  if (!existing) {
    const need = ['dbaNames'];
    if (has(p.maid) || has(p.maidType)) need.push('maid', 'maidType'); else need.push('mids');
    if (isAus && !has(p.maid)) need.push('merchantGroup');
    const m2 = need.filter(k => !has(p[k]));
    if (!has(opt)) m2.push('optIn');
    // postMerchantParticipations' table: the MAID market's add names optIn mandatory, without the MID market's
    // "(or nonMerchantNegotiatedParticipation for previously onboarded customers to API)" (provider 2.0.0).
    else if (has(p.maid) && !has(p.optIn)) m2.push('optIn');
    if (has(p.address) && !has(p.address.city)) m2.push('address.city');
    // Address.postalCode: "Provide a postal code to submit MID-based merchants via API if the country has a postal
    // code" (provider 2.0.0). A MID merchant of such a country (the USA) was added without one.
    if (!has(p.maid) && !NO_POSTAL_CODE.has(p.countryCode.toUpperCase()) && !(has(p.address) && has(p.address.postalCode))) m2.push('address.postalCode');
    if (m2.length) bad(mErr(REQ, m2.map(at).join(', ')));
  } else {
    if (!has(opt)) bad(mErr(REQ, at('optIn')));
    if (has(p.maid) && !has(p.maidType)) bad(mErr(REQ, at('maidType')));
    if (has(p.duns) && p.duns !== '' && existing.duns && existing.duns !== p.duns) bad(mErr(VAL, `${at('duns')} cannot be modified`, 'invalid.request.parameter'));
    if (has(p.maid) && existing.maids && !existing.maids.includes(p.maid)) bad(mErr(VAL, `${at('maid')} cannot be modified`, 'invalid.request.parameter'));
  }
  return existing;
}
function merchantView(m, withStatus = true) {
  const o = { merchantLegalName: m.merchantLegalName };
  if (m.merchantGroup) o.merchantGroup = m.merchantGroup;
  o.countryCode = m.countryCode; o.acquirerICA = m.acquirerICA;
  if (m.submitterICA) o.submitterICA = m.submitterICA;
  if (m.dbaNames) o.dbaNames = m.dbaNames;
  if (m.maids) { o.maids = m.maids; o.maidType = m.maidType; }
  if (m.nonMerchantNegotiatedParticipation) o.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  o.optIn = m.optIn;
  if (withStatus) o.status = m.status;
  if (m.errorReason) o.errorReason = m.errorReason;
  for (const k of ['duns', 'websiteUrl', 'wallets', 'address']) if (m[k] !== undefined) o[k] = m[k];
  return o;
}
async function opPostParticipations(ctx) {
  const b = ctx.body;
  if (!Array.isArray(b)) bad(mErr(FMT, 'Request body must be an array of merchant participation objects.'));
  if (b.length < 1 || b.length > 30) bad(mErr(LEN, 'The request must hold between 1 and 30 merchant participation objects.'));
  if (Buffer.byteLength(JSON.stringify(b)) > 700 * 1024) bad(mErr(LEN, 'Total payload size must remain under 700 KB.'));
  const existing = b.map((p, i) => validateParticipation(p, i));
  const requestId = String(++reqCounter);
  const refs = [];
  b.forEach((p, i) => {
    const ica = p.acquirerICA; const known = KNOWN_ICAS.includes(ica);
    const opt = has(p.optIn) ? p.optIn : p.nonMerchantNegotiatedParticipation;
    let m = existing[i] || (i > 0 ? findMerchant(p) : undefined);
    if (!m) { m = { merchantLegalName: p.merchantLegalName, countryCode: p.countryCode.toUpperCase(), acquirerICA: ica, owner: ctx.partner.consumerKey }; merchants.push(m); }
    m.submitterICA = m.submitterICA && !m.submitterICA.split(' | ').includes(ctx.partner.ica.padStart(6, '0')) ? `${m.submitterICA} | ${ctx.partner.ica.padStart(6, '0')}` : (m.submitterICA || ctx.partner.ica.padStart(6, '0'));
    if (!m.owners) m.owners = new Set(m.owner ? [m.owner] : []);
    m.owners.add(ctx.partner.consumerKey);
    if (has(p.merchantGroup)) m.merchantGroup = p.merchantGroup;
    if (has(p.dbaNames)) m.dbaNames = [...new Set([...(m.dbaNames || []), ...p.dbaNames])];
    if (has(p.maid)) { m.maids = [p.maid]; m.maidType = p.maidType; }
    if (has(p.mids)) { m.mids = m.mids || []; for (const mid of p.mids) { const e = m.mids.find(x => x.mid === mid); const st = known ? 'COMPLETED' : 'ERROR'; if (e) { e.status = st; } else m.mids.push(known ? { mid, status: st } : { mid, status: st, errorReason: 'INVALID_ACQUIRER_ICA' }); } }
    if (has(p.optIn)) m.optIn = p.optIn; else if (has(opt)) m.optIn = opt;
    if (has(p.nonMerchantNegotiatedParticipation)) m.nonMerchantNegotiatedParticipation = p.nonMerchantNegotiatedParticipation;
    if (has(p.duns) && p.duns !== '') m.duns = p.duns;
    if (has(p.websiteUrl)) m.websiteUrl = p.websiteUrl;
    if (has(p.wallets)) m.wallets = p.wallets;
    if (has(p.address)) m.address = { ...(m.address || {}), ...Object.fromEntries(Object.entries(p.address).map(([k, v]) => [k, str(v)])) };
    if (known) { m.status = 'COMPLETED'; delete m.errorReason; } else { m.status = 'ERROR'; m.errorReason = 'INVALID_ACQUIRER_ICA'; }
    refs.push({ merchant: m, snapshot: merchantView(m) });
  });
  requests.set(requestId, { owner: ctx.partner.consumerKey, refs, status: refs.some(r => r.snapshot.status === 'ERROR') ? 'ERROR' : 'COMPLETED' });
  return { status: 202, headers: { Location: `merchants/participations?request_id=${requestId}`, request_id: requestId } };
}
// request_id, offset, limit are "type: integer" and sync "type: boolean" (provider 2.0.0 parameters): an integer
// is written without leading zeros and a boolean is true or false (RFC 8259 section 6 and 3, the schema's own value
// forms); "010", "00" and "True" were taken as the values they resemble.
const INT_FORM = /^(?:0|[1-9][0-9]*)$/;
function paging(url) {
  const o = url.searchParams.get('offset'), l = url.searchParams.get('limit');
  const bp = d => bad(E(SRC.mp, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', d));
  let offset = 0, limit = 500;
  if (o !== null) { if (!INT_FORM.test(o)) bp('offset query param must be an integer greater than or equal to 0.'); offset = Number(o); }
  if (l !== null) { if (!INT_FORM.test(l) || Number(l) < 1 || Number(l) > 500) bp('limit query param must be an integer between 1 and 500.'); limit = Number(l); }
  return { offset, limit };
}
function pageHeaders(items, { offset, limit }) { const page = items.slice(offset, offset + limit); return { page, headers: { Count: String(page.length), Offset: String(offset), Limit: String(limit), Total: String(items.length) } }; }
async function opGetParticipations(ctx) {
  const rid = ctx.url.searchParams.get('request_id');
  const pg = paging(ctx.url);
  if (rid !== null) {
    if (!INT_FORM.test(rid) || BigInt(rid) >= 9223372036854775807n) bad(E(SRC.mp, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'request_id query param must be a positive integer less than 9223372036854775807.'));
    const r = requests.get(String(BigInt(rid)));
    if (!r || r.owner !== ctx.partner.consumerKey) throw new ApiError(404, [E(SRC.mp, 'notfound', 'request id provided in the request does not exist.')]);
    const items = r.refs.map(x => x.snapshot);
    const { page, headers } = pageHeaders(items, pg);
    return { status: 200, body: page, headers: { ...headers, 'Request-Status': r.status } };
  }
  const items = merchants.filter(m => m.owners && m.owners.has(ctx.partner.consumerKey) && m.status === 'COMPLETED').map(m => merchantView(m));
  const { page, headers } = pageHeaders(items, pg);
  return { status: 200, body: page, headers: { ...headers, 'Request-Status': 'COMPLETED' } };
}
async function opMerchantSearch(ctx) {
  const b = ctx.body; const pg = paging(ctx.url);
  if (!isObj(b)) bad(mErr(FMT, 'Request body must be a JSON object.'));
  const keys = ['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'];
  if (!keys.some(k => has(b[k]) && b[k] !== '')) bad(mErr(REQ, 'At least one of merchantLegalName, acquirerICA, merchantParticipationStatus, countryCode, maid is required.'));
  if (has(b.merchantLegalName)) chkStr(b.merchantLegalName, 'merchantLegalName', { re: RX.merchantLegalName, min: 1, max: 300 });
  if (has(b.acquirerICA)) chkStr(b.acquirerICA, 'acquirerICA', { re: RX.acquirerICA });
  if (has(b.merchantParticipationStatus)) chkStr(b.merchantParticipationStatus, 'merchantParticipationStatus', { re: RX.status, min: 1, max: 10 });
  if (has(b.countryCode)) chkStr(b.countryCode, 'countryCode', { re: RX.countryCode, min: 3, max: 3 });
  if (has(b.countryCode) && NOT_ALPHA3.test(b.countryCode)) bad(mErr(VAL, 'countryCode')); // ISO 3166 alpha 3 code values (provider 2.0.0 countryCode)
  if (has(b.maid)) chkStr(b.maid, 'maid', { re: RX.maid });
  const items = merchants.filter(m => (!has(b.merchantLegalName) || m.merchantLegalName.toLowerCase() === b.merchantLegalName.toLowerCase())
    && (!has(b.acquirerICA) || m.acquirerICA === b.acquirerICA) && (!has(b.merchantParticipationStatus) || m.status === b.merchantParticipationStatus)
    && (!has(b.countryCode) || m.countryCode === b.countryCode.toUpperCase()) && (!has(b.maid) || (m.maids || []).includes(b.maid))).map(m => merchantView(m));
  const { page, headers } = pageHeaders(items, pg);
  return { status: 200, body: page, headers };
}
async function opMidSearch(ctx) {
  const b = ctx.body; const pg = paging(ctx.url);
  if (!isObj(b)) bad(mErr(FMT, 'Request body must be a JSON object.'));
  const miss = ['merchantLegalName', 'countryCode', 'acquirerICA'].filter(k => !has(b[k]) || b[k] === '');
  if (miss.length) bad(mErr(REQ, miss.join(', ')));
  chkStr(b.merchantLegalName, 'merchantLegalName', { re: RX.merchantLegalName, min: 1, max: 300 });
  chkStr(b.countryCode, 'countryCode', { re: RX.countryCode, min: 3, max: 3 });
  if (NOT_ALPHA3.test(b.countryCode)) bad(mErr(VAL, 'countryCode')); // ISO 3166 alpha 3 code values (provider 2.0.0 countryCode)
  chkStr(b.acquirerICA, 'acquirerICA', { re: RX.acquirerICA });
  if (has(b.mid)) chkStr(b.mid, 'mid', { re: RX.mid });
  if (has(b.status)) chkStr(b.status, 'status', { re: RX.status, min: 1, max: 10 });
  const m = merchants.find(x => x.mids && x.acquirerICA === b.acquirerICA && x.merchantLegalName.toLowerCase() === b.merchantLegalName.toLowerCase() && x.countryCode === b.countryCode.toUpperCase());
  if (!m) bad(mErr(VAL, 'No MID based merchant found for the given merchantLegalName, countryCode and acquirerICA.', 'invalid.request.parameter'));
  const mids = m.mids.filter(x => (!has(b.mid) || x.mid === b.mid) && (!has(b.status) || x.status === b.status));
  const { page, headers } = pageHeaders(mids, pg);
  const body = { merchantLegalName: m.merchantLegalName };
  if (m.merchantGroup) body.merchantGroup = m.merchantGroup;
  Object.assign(body, { acquirerICA: m.acquirerICA, countryCode: m.countryCode });
  if (m.nonMerchantNegotiatedParticipation) body.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  body.optIn = m.optIn; body.mids = page;
  return { status: 200, body, headers };
}

// ---------------------------------------------------------------- outbound notification
// registerPans/deregisterPans: "This endpoint requires partial request and response payload encryption to
// encrypt the 'sensitiveData' as part of encryptedValue field" (provider 2.0.0, both operations' descriptions;
// example PartialSuccessPansRegistration: "encryptedValue (encrypted sensitiveData object) to review registered
// pans"). The per-PAN results were returned in clear; they now travel as encryptedValue, a JWE to the partner's
// key (the same key and form as the notification's encryptedValue).
async function sealForPartner(partner, sensitiveData) {
  const partnerKey = await jose.importSPKI(partner.publicKey.export({ type: 'spki', format: 'pem' }), 'RSA-OAEP-256');
  const partnerKid = crypto.createHash('sha256').update(partner.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
  return new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify({ sensitiveData })))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: partnerKid, cty: 'application/json' }).encrypt(partnerKey);
}
async function notifyIssuer(plan, partner, savedCorrelationId) {
  const target = ISSUER_URL.replace(/\/+$/, '') + '/notifications';
  const partnerKey = await jose.importSPKI(partner.publicKey.export({ type: 'spki', format: 'pem' }), 'RSA-OAEP-256');
  const partnerKid = crypto.createHash('sha256').update(partner.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
  const encryptedValue = await new jose.CompactEncrypt(new TextEncoder().encode(`{"consumer":{"primaryAccountNumber":${plan.pan}}}`))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: partnerKid, cty: 'application/json' }).encrypt(partnerKey);
  const m = plan.merchant || {};
  const merchant = {}; for (const k of ['name', 'country', 'mcc', 'acquirerId', 'merchantId', 'url']) if (m[k] !== undefined) merchant[k] = k === 'country' ? m[k].toUpperCase() : m[k];
  const t = plan.transaction; const tx = {};
  for (const k of ['amountType', 'amount', 'currency', 'stan', 'rrn', 'authorizationCode', 'localDateTime', 'transmissionDateTime', 'transactionLinkId']) if (t[k] !== undefined) tx[k] = t[k];
  const body = { planId: plan.planId, issuerCid: partner.cid, issuerIca: partner.ica, merchant };
  if (plan.offerId) body.offerId = plan.offerId;
  if (plan.transactionOffers) body.transactionOffers = plan.transactionOffers;
  if (plan.planInstallmentInformation) body.planInstallmentInformation = plan.planInstallmentInformation;
  body.schedulePayments = plan.schedulePayments; body.transaction = tx; body.encryptedValue = encryptedValue;
  const payload = JSON.stringify(body);
  for (let attempt = 0; attempt < 3; attempt++) {
    // savePlan's Correlation-Id: "If not provided, the API will create a new one and propagate it to all
    // downstream systems" (provider 2.0.0, CorrelationIdHeaderParameter): the one the client sent is the one
    // propagated, and the issuer's notification is downstream; a fresh one only when the client sent none.
    const correlationId = savedCorrelationId || crypto.randomUUID();
    try {
      const r = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Correlation-Id': correlationId }, body: payload, signal: AbortSignal.timeout(10000) });
      const txt = await r.text().catch(() => '');
      log('notification', target, r.status, txt.slice(0, 200));
      if (r.status < 500 && r.status !== 429) return;
    } catch (e) { log('notification error', String(e)); }
    await new Promise(r => setTimeout(r, 1000 * (attempt + 1)));
  }
}

// ---------------------------------------------------------------- start
const server = http.createServer((req, res) => { handle(req, res).catch(e => { try { send(res, 500, { Errors: { Error: [E(SRC.merchant, 'internal.server.error', 'Internal server error, please try again later.', '', true)] } }); } catch { } process.stderr.write(String(e) + '\n'); }); });
server.keepAliveTimeout = 5000;
server.listen(PORT, HOST, () => {
  const addr = server.address();
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${host}:${addr.port}`;
  const sheet = {
    baseUrl: `${url}/installments`,
    consumerKey: P1.consumerKey, signingPrivateKeyPem: P1.privateKeyPem,
    forbiddenConsumerKey: P2.consumerKey, forbiddenSigningPrivateKeyPem: P2.privateKeyPem,
    keysUrl: `${url}/keys`, kid: KID,
    testData: { eligibleCardNumbers: ELIGIBLE_PANS, accountRanges: ACCOUNT_RANGES.map(r => ({ accountRangeLow: r.accountRangeLow, accountRangeHigh: r.accountRangeHigh })), acquirerICAs: { known: KNOWN_ICAS, unknown: UNKNOWN_ICAS } },
    productConfiguration: { ...PRODUCT },
    providerId: PROVIDER.providerId, issuerCid: P1.cid, issuerIca: P1.ica,
  };
  process.stdout.write(JSON.stringify({ url, sheet }) + '\n');
  log('listening', url);
});
const stop = () => { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 1000).unref(); };
process.on('SIGINT', stop); process.on('SIGTERM', stop);
