// Mastercard Installments — partner sandbox (clean-room, written from the published documents only).
// Node 20, ES module, built-ins + jose.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CompactEncrypt, compactDecrypt, exportJWK, decodeProtectedHeader } from 'jose';

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
function arg(name, dflt) {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
}
const PORT = Number(arg('--port', '0'));
const HOST = arg('--host', '127.0.0.1');
const ISSUER_URL = arg('--issuer-url', null);
const log = (...a) => process.stderr.write(`[sandbox] ${a.join(' ')}\n`);

// ---------------------------------------------------------------- keys and credentials
import { promisify } from 'node:util';
const genKP = promisify(crypto.generateKeyPair);
const rsaPair = () => genKP('rsa', { modulusLength: 2048 });
function fingerprint(publicKey) {
  return crypto.createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
}
function consumerKeyFor() {
  return crypto.randomBytes(32).toString('base64url').slice(0, 43) + '!' + crypto.randomBytes(24).toString('hex');
}
// mcEncKey: Mastercard "client encryption key" (partners encrypt requests with its public half)
// respKey: "Mastercard encryption key" (we encrypt responses/notifications with it; the partner holds the private half)
// Keys are portal credentials: generated once and kept in .sandbox-keys.json beside this file (RSA generation is slow).
const KEY_FILE = fileURLToPath(new URL('./.sandbox-keys.json', import.meta.url));
async function loadKeys() {
  try {
    const j = JSON.parse(fs.readFileSync(KEY_FILE, 'utf8'));
    const kp = (pemStr) => { const privateKey = crypto.createPrivateKey(pemStr); return { privateKey, publicKey: crypto.createPublicKey(privateKey) }; };
    return { mcEncKey: kp(j.mcEncKey), respKey: kp(j.respKey), signing: kp(j.signing), forbiddenSigning: kp(j.forbiddenSigning), consumerKey: j.consumerKey, forbiddenConsumerKey: j.forbiddenConsumerKey };
  } catch { /* generate */ }
  const [mcEncKey, respKey, signing, forbiddenSigning] = await Promise.all([rsaPair(), rsaPair(), rsaPair(), rsaPair()]);
  const k = { mcEncKey, respKey, signing, forbiddenSigning, consumerKey: consumerKeyFor(), forbiddenConsumerKey: consumerKeyFor() };
  try {
    const out = { consumerKey: k.consumerKey, forbiddenConsumerKey: k.forbiddenConsumerKey };
    for (const n of ['mcEncKey', 'respKey', 'signing', 'forbiddenSigning']) out[n] = k[n].privateKey.export({ type: 'pkcs8', format: 'pem' });
    fs.writeFileSync(KEY_FILE, JSON.stringify(out), { mode: 0o600 });
  } catch (e) { log('could not persist keys:', e.message); }
  return k;
}
const K = await loadKeys();
const { mcEncKey, respKey, signing, forbiddenSigning } = K;
const KID = fingerprint(mcEncKey.publicKey);
const RESP_KID = fingerprint(respKey.publicKey);
const CONSUMER_KEY = K.consumerKey;
const FORBIDDEN_CONSUMER_KEY = K.forbiddenConsumerKey;
const clients = new Map([
  [CONSUMER_KEY, { publicKey: signing.publicKey, entitled: true }],
  [FORBIDDEN_CONSUMER_KEY, { publicKey: forbiddenSigning.publicKey, entitled: false }],
]);
const pem = (k) => k.export({ type: 'pkcs8', format: 'pem' });

// ---------------------------------------------------------------- sandbox test data
const ACCOUNT_RANGES = [
  { accountRangeLow: '5110920000000000', accountRangeHigh: '5110929999999999', cid: '242666', ica: '19246', country: 'USA' },
  { accountRangeLow: '5204730000000000', accountRangeHigh: '5204739999999999', cid: '242667', ica: '19247', country: 'USA' },
  { accountRangeLow: '2303770003300000000', accountRangeHigh: '2303770003399999999', cid: '242666', ica: '19246', country: 'USA' }, // developer-portal PAN List test data
  { accountRangeLow: '5110920004100000000', accountRangeHigh: '5110920004199999999', cid: '242666', ica: '19246', country: 'USA' }, // API reference examples
];
const ELIGIBLE_PANS = ['5110921032063789', '5110921111111111', '5204731234567892', '2303770000057107'];
const INELIGIBLE_PANS = ['5110925555555550', '5110920000000013'];
const KNOWN_ACQ_ICAS = ['019246', '00689425761', '00689425762', '001234567'];
const UNKNOWN_ACQ_ICAS = ['00999999999', '999999'];
const PARTNER_ICA = '019246';
const USE_CASES = ['DURING_PURCHASE', 'POST_PURCHASE'];
const DISTRIBUTION_PARTNER = true;
const PROVIDER = {
  providerId: '29694e7a-b4a8-11ec-b909-0242ac120002',
  cid: '242666',
  providerName: 'Sandbox Issuer Bank',
  providerLogoUrl: 'https://sandbox.installments.example.com/logo/sandbox-issuer.png',
  disclosure: 'Offer only qualifies for a purchase amount from 50.00 up to 5000.00.',
};
const OFFER_MIN = 50, OFFER_MAX = 5000;
const INELIGIBLE_MCCS = ['7995', '6011', '4829', '6051'];
const OFFER_TEMPLATES = [
  { offerId: '71392364', tenure: 6, frequency: 'BIWEEKLY', apr: 0, interestRate: 0, feeType: 'NO_FEES', feeValue: 0 },
  { offerId: '71392362', tenure: 4, frequency: 'WEEKLY', apr: 0, interestRate: 0, feeType: 'FIXED_AMT', feeValue: 10.1, feeDistribution: 'FIRST_INSTALLMENT' },
  { offerId: '71392366', tenure: 3, frequency: 'MONTHLY', apr: 0, interestRate: 0, feeType: 'PRCENTG', feeValue: 1, feeDistribution: 'SPREAD_ALL_INSTALLMENT' },
];
const OFFER_BEGIN = '2024-01-01T00:00:00Z', OFFER_END = '2030-12-31T23:59:59Z';

const CURRENCIES = new Set(('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL').split(' '));
const COUNTRIES = new Set(('ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE').split(' '));
const COUNTRY_CURRENCY = { USA: ['USD'], CAN: ['CAD'], GBR: ['GBP'], AUS: ['AUD'], NZL: ['NZD'], IND: ['INR'], BRA: ['BRL'], MEX: ['MXN'], JPN: ['JPY'], CHN: ['CNY'], SGP: ['SGD'], ARE: ['AED'], SAU: ['SAR'], ZAF: ['ZAR'], CHE: ['CHF'], POL: ['PLN'], SWE: ['SEK'], NOR: ['NOK'], DNK: ['DKK'],
  DEU: ['EUR'], FRA: ['EUR'], ITA: ['EUR'], ESP: ['EUR'], NLD: ['EUR'], BEL: ['EUR'], IRL: ['EUR'], PRT: ['EUR'], AUT: ['EUR'], FIN: ['EUR'], GRC: ['EUR'], LUX: ['EUR'] };
const CURRENCY_SYMBOL = { USD: '$', CAD: '$', AUD: '$', NZD: '$', SGD: '$', MXN: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', INR: '₹', KRW: '₩', PLN: 'zł'.slice(0, 1), BRL: 'R'.slice(0, 1) };

// ---------------------------------------------------------------- state (in memory, never reset)
const state = {
  panLists: new Map(),        // panListId -> {panListId, panListName, accountRange, pans:Set}
  offerTx: new Map(),         // offerTransactionId -> {...}
  plans: new Map(),           // planId -> plan
  approvals: new Map(),       // planId -> {status, postedAt, completeAt, callbackUrl, decision}
  merchants: new Map(),       // key -> merchant
  mpRequests: new Map(),      // requestId(string) -> {requestId, createdAt, completeAt, keys:[...], errors}
  notifications: [],          // outbound notification log
};
let seq = 0;
const nextSeq = () => (seq = (seq + 1) % 100000);
function snowflake() { return ((BigInt(Date.now() - 1288834974657) << 22n) | BigInt(nextSeq() % 4096)).toString(); }
function panListIdGen() { return (BigInt(Date.now()) * 100000n + BigInt(nextSeq())).toString().padStart(18, '1').slice(-18); }
function requestIdGen() { return BigInt(Date.now()) * 1000n + BigInt(nextSeq() % 1000); }

// seeded checkout plans (Installments Credential, "offers at merchant checkout"): created by the checkout,
// read (GET /plans/{id}) and decided (POST /approvals) by the lender.
const CHECKOUT_PLANS = [];
function seedCheckoutPlans() {
  const base = {
    consumer: { email: 'doe.jane@example.com', isdCode: '1', mobile: '5551231234' },
    merchant: { acceptor: '100234', country: 'USA', mcc: '1711', name: 'Decor shop' },
    providerId: PROVIDER.providerId,
    transaction: { amount: 400.11, currency: 'USD' },
  };
  const ids = ['3d56f5a7-db48-41f0-875e-30920e8465f3', '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a41', '6c2d3e4f-5061-4b72-9c83-ad9e8f7a6b52',
    '7d3e4f50-6172-4c83-8d94-be0f9a8b7c63', '8e4f5061-7283-4d94-9ea5-cf1a0b9c8d74', '9f506172-8394-4ea5-afb6-d02b1cad9e85'];
  ids.forEach((planId, i) => {
    const consumerSelected = i % 2 === 0;
    const p = { ...structuredClone(base), planId, status: 'CREATED', kind: 'CHECKOUT', createdAt: Date.now(),
      transactionOffers: [{ offerId: '24092019' }, { offerId: '87654321' }] };
    if (consumerSelected) {
      p.offerId = '24092019';
      p.planInstallmentInformation = { apr: 1.92, currency: 'USD', frequency: 'BIWEEKLY', firstInstallmentAmount: 166.79, otherInstallmentAmount: 166.79, feeValue: 0, tenure: 3, totalAmount: 500.37 };
      p.scheduledRepayments = [
        { amount: 166.79, dueDate: '2026-05-30', installmentNumber: 1 },
        { amount: 166.79, dueDate: '2026-06-13', installmentNumber: 2 },
        { amount: 166.79, dueDate: '2026-06-27', installmentNumber: 3 }];
    }
    p.fixture = true;
    state.plans.set(planId, p);
    CHECKOUT_PLANS.push({ planId, consumerOfferSelection: consumerSelected, transactionOffers: p.transactionOffers.map((o) => o.offerId) });
  });
}
seedCheckoutPlans();
// plan ids published on the developer portal's testing pages (GET /plans and POST /approvals test cases)
(function seedPortalPlans() {
  const months = (start, n) => Array.from({ length: n }, (_, i) => addMonths(start, i));
  const da = { kind: 'CHECKOUT', fixture: true, planId: 'da30272e-3937-4c74-b849-63c8a5464556', offerId: '21345725', providerId: PROVIDER.providerId, status: 'CREATED', createdAt: Date.now(),
    consumer: { email: 'doe.jane@example.com', isdCode: '1', mobile: '5551231234' },
    merchant: { name: 'Decor shop', acceptor: '409749', mcc: '1711', country: 'USA' }, transaction: { amount: 200, currency: 'USD' },
    planInstallmentInformation: { apr: 9, totalAmount: 219.36, currency: 'USD', firstInstallmentAmount: 9.14, otherInstallmentAmount: 9.14, feeValue: 0, tenure: 24, frequency: 'MONTHLY' },
    transactionOffers: [{ offerId: '21345725' }] };
  da.scheduledRepayments = months('2026-10-20', 24).map((d, i) => ({ installmentNumber: i + 1, amount: 9.14, dueDate: d }));
  const fd = { kind: 'CHECKOUT', fixture: true, planId: '2fd24d3a-1f9e-4faf-97bf-caa1f7a3813f', offerId: '21345725', providerId: PROVIDER.providerId, status: 'CREATED', createdAt: Date.now(),
    consumer: { email: 'john.doe@example.com', isdCode: '1', mobile: '5559876543' },
    merchant: { name: 'Decor shop', acceptor: '409749', mcc: '1711', country: 'USA' }, transaction: { amount: 100, currency: 'USD' },
    planInstallmentInformation: { apr: 0, totalAmount: 100, currency: 'USD', firstInstallmentAmount: 25, otherInstallmentAmount: 25, feeValue: 0, tenure: 4, frequency: 'BIWEEKLY' },
    transactionOffers: [{ offerId: '21345725' }] };
  fd.scheduledRepayments = [0, 14, 28, 42].map((n, i) => ({ installmentNumber: i + 1, amount: 25, dueDate: addDays('2026-10-20', n) }));
  for (const p of [da, fd]) {
    state.plans.set(p.planId, p);
    CHECKOUT_PLANS.push({ planId: p.planId, consumerOfferSelection: true, transactionOffers: p.transactionOffers.map((o) => o.offerId) });
  }
})();

// ---------------------------------------------------------------- helpers
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const RFC3339_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;
function validDateTime(s) {
  if (typeof s !== 'string' || !RFC3339_RE.test(s)) return false;
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && Number(s.slice(11, 13)) < 24 && Number(s.slice(14, 16)) < 60;
}
function luhn(s) {
  let sum = 0, alt = false;
  for (let i = s.length - 1; i >= 0; i--) { let d = s.charCodeAt(i) - 48; if (alt) { d *= 2; if (d > 9) d -= 9; } sum += d; alt = !alt; }
  return sum % 10 === 0;
}
function inRange(pan, r) {
  const L = Math.max(pan.length, r.accountRangeLow.length, r.accountRangeHigh.length);
  const lo = BigInt(r.accountRangeLow.padEnd(L, '0')), hi = BigInt(r.accountRangeHigh.padEnd(L, '9'));
  const pLo = BigInt(pan.padEnd(L, '0')), pHi = BigInt(pan.padEnd(L, '9'));
  return pLo >= lo && pHi <= hi;
}
const findRange = (pan) => ACCOUNT_RANGES.find((r) => inRange(pan, r));
const round2 = (n) => Math.round((n + Number.EPSILON) * 100) / 100;
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// JSON with big integers preserved (16+ digit numbers such as PANs sent as JSON numbers)
class BigNum { constructor(s) { this.digits = s; } toJSON() { return Number(this.digits); } }
function parseJSON(text) {
  const marked = text.replace(/([:\[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"\\u0000BIG:$2"');
  return JSON.parse(marked, (k, v) => (typeof v === 'string' && v.startsWith('\u0000BIG:') ? new BigNum(v.slice(5)) : v));
}
const isNum = (v) => (typeof v === 'number' && Number.isFinite(v)) || v instanceof BigNum;
const numVal = (v) => (v instanceof BigNum ? Number(v.digits) : v);
function digitsOf(v) { // PAN-like value as a string of digits, or null
  if (v instanceof BigNum) return v.digits;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v === 'string') return v;
  return null;
}
function addDays(dateStr, days) { const d = new Date(dateStr + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10); }
function addMonths(dateStr, months) {
  const [y, m, d] = dateStr.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return t.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- errors
function err(Source, ReasonCode, Description, Details = '', Recoverable = false) {
  const e = { Source, ReasonCode, Description, Recoverable };
  if (Details !== undefined && Details !== null) e.Details = Details;
  return e;
}
const wrap = (list) => ({ Errors: { Error: list } });
const SRC_MC = "Mastercard Installments API's";
const SRC_CONSUMER = 'mci-installments-consumer-api';
const SRC_OFFERS = 'mci-installments-offers-eligibilities-api';
const SRC_PLANS = 'mci-installment-bnpl-plans-api';
const SRC_MP = 'merchant-participation-api';

class HttpError extends Error { constructor(status, body, headers = {}) { super('http ' + status); this.status = status; this.body = body; this.headers = headers; } }
const bad = (list) => new HttpError(400, wrap(Array.isArray(list) ? list : [list]));

// per-family 401/403/406/415/404 bodies (as the documents give them)
function authBodies(family) {
  switch (family) {
    case 'consumer': return {
      401: err('Gateway', 'DECLINED', 'Unauthorized - Access Not Granted'),
      403: err(SRC_CONSUMER, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
    };
    case 'merchants': return {
      401: err(SRC_MC, 'account.not.registered', 'We cannot find the account that you are using to access this service. Kindly register your account or contact your Mastercard associate if you have already registered with us earlier.'),
      403: err(SRC_MC, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
    };
    case 'plansPost': return {
      401: err(SRC_PLANS, 'unauthorized', 'Unauthorized to access the resource.', 'None'),
      403: err(SRC_MC, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
    };
    case 'offers': return {
      401: err(SRC_OFFERS, 'unauthorized', 'Unauthorized to access the resource.'),
      403: err(SRC_OFFERS, 'forbidden', 'Forbidden to access the resource.'),
    };
    default: return { // plans GET, approvals
      401: err(SRC_MC, 'unauthorized', 'Unauthorized to access the resource.'),
      403: err(SRC_MC, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
    };
  }
}

// ---------------------------------------------------------------- OAuth 1.0a (RSA-SHA256 + body hash) verification
const seenNonces = new Map();
function parseAuthHeader(h) {
  if (typeof h !== 'string' || !/^OAuth\s+/i.test(h)) return null;
  const out = {};
  const re = /([A-Za-z0-9_]+)\s*=\s*"([^"]*)"/g;
  let m;
  while ((m = re.exec(h.replace(/^OAuth\s+/i, '')))) out[m[1]] = m[2];
  return out;
}
function sbsFor(method, baseUri, rawQuery, oauthParams) {
  const params = new Map();
  if (rawQuery) {
    for (const pair of rawQuery.split('&')) {
      const idx = pair.indexOf('=');
      const key = idx > 0 ? pair.substring(0, idx) : pair;
      const val = idx > 0 && pair.length > idx + 1 ? pair.substring(idx + 1) : '';
      if (!params.has(key)) params.set(key, new Set());
      params.get(key).add(val);
    }
  }
  for (const [k, v] of Object.entries(oauthParams)) {
    if (params.has(k)) params.get(k).add(v); else params.set(k, new Set([v]));
  }
  const sorted = [...params.entries()].sort();
  let s = '';
  for (const [k, vals] of sorted) {
    const arr = vals.size > 1 ? [...vals].sort() : [...vals];
    for (const v of arr) s += `${k}=${v}&`;
  }
  if (s.endsWith('&')) s = s.slice(0, -1);
  return (`${method.toUpperCase()}&${encodeURIComponent(baseUri)}&${encodeURIComponent(s)}`).replace(/!/, '%21');
}
function verifyOAuth(req, rawBody) {
  const p = parseAuthHeader(req.headers.authorization);
  if (!p) return { status: 401, why: 'Missing or malformed OAuth Authorization header.' };
  for (const k of ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_signature']) {
    if (!p[k]) return { status: 401, why: `Missing ${k}.` };
  }
  if (p.oauth_signature_method !== 'RSA-SHA256') return { status: 401, why: 'Unsupported oauth_signature_method.' };
  if (p.oauth_version && p.oauth_version !== '1.0') return { status: 401, why: 'Unsupported oauth_version.' };
  const client = clients.get(p.oauth_consumer_key) || clients.get(safeDecode(p.oauth_consumer_key));
  if (!client) return { status: 401, why: 'Unknown consumer key.' };
  const ts = Number(p.oauth_timestamp);
  if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 900) return { status: 401, why: 'oauth_timestamp is outside the accepted window.' };
  if (rawBody.length > 0) {
    if (!p.oauth_body_hash) return { status: 401, why: 'Missing oauth_body_hash for a request with a body.' };
    const h = crypto.createHash('sha256').update(rawBody).digest('base64');
    if (safeDecode(p.oauth_body_hash) !== h) return { status: 401, why: 'oauth_body_hash does not match the request body.' };
  } else if (p.oauth_body_hash) {
    const h = crypto.createHash('sha256').update('').digest('base64');
    if (safeDecode(p.oauth_body_hash) !== h) return { status: 401, why: 'oauth_body_hash does not match the request body.' };
  }
  const sig = Buffer.from(safeDecode(p.oauth_signature), 'base64');
  const oauthParams = {};
  for (const [k, v] of Object.entries(p)) if (k.startsWith('oauth_') && k !== 'oauth_signature') oauthParams[k] = v;
  const oauthDecoded = {};
  for (const [k, v] of Object.entries(oauthParams)) oauthDecoded[k] = safeDecode(v);
  const [path, ...q] = req.url.split('?');
  const rawQuery = q.join('?');
  const hosts = new Set();
  if (req.headers.host) hosts.add(req.headers.host.toLowerCase());
  hosts.add(`${HOST}:${actualPort}`);
  hosts.add(`localhost:${actualPort}`);
  const protos = ['http', 'https'];
  let ok = false;
  outer: for (const proto of protos) for (const host of hosts) for (const op of [oauthParams, oauthDecoded]) {
    const sbs = sbsFor(req.method, `${proto}://${host}${path}`, rawQuery, op);
    try { if (crypto.verify('RSA-SHA256', Buffer.from(sbs), client.publicKey, sig)) { ok = true; break outer; } } catch { /* ignore */ }
  }
  if (!ok) return { status: 401, why: 'OAuth signature verification failed.' };
  const nk = p.oauth_consumer_key + '|' + p.oauth_nonce + '|' + p.oauth_timestamp + '|' + p.oauth_signature;
  if (seenNonces.has(nk)) return { status: 401, why: 'Replayed request (nonce already used).' };
  seenNonces.set(nk, Date.now());
  if (seenNonces.size > 50000) { const cut = Date.now() - 1000 * 1000; for (const [k, t] of seenNonces) if (t < cut) seenNonces.delete(k); }
  if (!client.entitled) return { status: 403 };
  return { status: 200, consumerKey: p.oauth_consumer_key };
}
function safeDecode(s) { try { return decodeURIComponent(s); } catch { return s; } }

// ---------------------------------------------------------------- JWE
async function decryptJwe(token, src) {
  if (typeof token !== 'string' || token.split('.').length !== 5) {
    throw bad(err(src, 'invalid.request.parameter', 'encryptedValue is not a valid JWE compact serialization.', 'Encrypt the sensitiveData object with the JWE client encryption libraries.'));
  }
  let hdr;
  try { hdr = decodeProtectedHeader(token); } catch { throw bad(err(src, 'invalid.request.parameter', 'encryptedValue is not a valid JWE compact serialization.')); }
  if (hdr.kid && hdr.kid !== KID) {
    throw bad(err(src, 'invalid.request.parameter', 'Provided public key fingerprint in request is invalid.', `Expected kid ${KID}.`));
  }
  try {
    const { plaintext } = await compactDecrypt(token, mcEncKey.privateKey, { keyManagementAlgorithms: ['RSA-OAEP-256', 'RSA-OAEP', 'RSA-OAEP-384', 'RSA-OAEP-512'] });
    const text = Buffer.from(plaintext).toString('utf8');
    try { return parseJSON(text); } catch { return text; }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw bad(err(src, 'invalid.request.parameter', 'Unable to decrypt encryptedValue.', 'The payload must be encrypted with the client encryption key published for this sandbox (RSA-OAEP-256, A256GCM).'));
  }
}
async function encryptForPartner(obj) { return encryptTextForPartner(JSON.stringify(obj)); }
async function encryptTextForPartner(text) {
  return new CompactEncrypt(Buffer.from(text))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: RESP_KID, cty: 'application/json' })
    .encrypt(respKey.publicKey);
}
// Merge the decrypted content of encryptedValue into the body. innerKeys: members that live inside sensitiveData.
async function unwrapSensitive(body, src, innerKeys) {
  if (body.encryptedValue === undefined) return false;
  if (typeof body.encryptedValue !== 'string' || body.encryptedValue === '') {
    throw bad(err(src, 'invalid.data: encryptedValue', 'must not be null or empty'));
  }
  const dec = await decryptJwe(body.encryptedValue, src);
  delete body.encryptedValue;
  if (!isObj(dec)) throw bad(err(src, 'invalid.request.parameter', 'Decrypted encryptedValue must be a JSON object.'));
  if (isObj(dec.sensitiveData)) Object.assign(body, dec);
  else if (innerKeys.some((k) => k in dec)) body.sensitiveData = dec;
  else Object.assign(body, dec);
  return true;
}

// merchant name may travel inside sensitiveData (sensitiveData.merchant.name): fold it back into merchant
function mergeSensitiveMerchant(body) {
  const sd = body.sensitiveData;
  if (isObj(sd) && isObj(sd.merchant)) {
    body.merchant = { ...(isObj(body.merchant) ? body.merchant : {}), ...sd.merchant };
    delete sd.merchant;
  }
}
// ---------------------------------------------------------------- tiny schema validator
// schema: {t:'object'|'string'|'number'|'integer'|'boolean'|'array', req:[..], props:{}, min, max, minL, maxL, pat, en:[..], items, minI, maxI, uuid, coerce}
function validate(v, s, path, errs) {
  if (v === undefined) return;
  // The documents' members are typed and none is nullable (provider 2.0.0 schemas): null is not absent, it is a
  // value of no member's type. (A required member null is reported missing by its parent.) The one exception the
  // document states: an update's duns may be null or empty, or else equal the value held.
  if (v === null) { if (!s.nullable) errs.push({ path, kind: 'type', s }); return; }
  if (s.coerce && s.t === 'string' && (typeof v === 'number' || v instanceof BigNum)) v = v instanceof BigNum ? v.digits : String(v);
  switch (s.t) {
    case 'object':
      if (!isObj(v)) { errs.push({ path, kind: 'type', s }); return; }
      for (const r of s.req || []) if (v[r] === undefined || v[r] === null) errs.push({ path: path ? `${path}.${r}` : r, kind: 'missing', s: (s.props || {})[r] || {} });
      for (const [k, ps] of Object.entries(s.props || {})) validate(v[k], ps, path ? `${path}.${k}` : k, errs);
      return;
    case 'array':
      if (!Array.isArray(v)) { errs.push({ path, kind: 'type', s }); return; }
      if (s.minI !== undefined && v.length < s.minI) errs.push({ path, kind: 'size', s });
      if (s.maxI !== undefined && v.length > s.maxI) errs.push({ path, kind: 'size', s });
      if (s.items) v.forEach((x, i) => { if (x === null || x === undefined) errs.push({ path: `${path}[${i}]`, kind: 'missing', s: s.items }); else validate(x, s.items, `${path}[${i}]`, errs); });
      return;
    case 'string':
      if (typeof v !== 'string') { errs.push({ path, kind: 'type', s }); return; }
      // minLength/maxLength count characters (JSON Schema: code points, RFC 8259's characters), not UTF-16 units.
      if ((s.minL !== undefined && [...v].length < s.minL) || (s.maxL !== undefined && [...v].length > s.maxL)) errs.push({ path, kind: 'length', s });
      else if (s.pat && !new RegExp(s.pat).test(v)) errs.push({ path, kind: 'pattern', s });
      else if (s.en && !s.en.includes(v)) errs.push({ path, kind: 'enum', s });
      else if (s.uuid && !UUID_RE.test(v)) errs.push({ path, kind: 'format', s });
      else if (s.iso3 && !COUNTRIES.has(v.toUpperCase())) errs.push({ path, kind: 'iso3', s });
      return;
    case 'number': case 'integer': {
      if (!isNum(v)) { errs.push({ path, kind: 'type', s }); return; }
      const n = numVal(v);
      if (s.t === 'integer' && !Number.isInteger(n)) { errs.push({ path, kind: 'type', s }); return; }
      if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) errs.push({ path, kind: 'range', s });
      return;
    }
    case 'boolean':
      if (typeof v !== 'boolean') errs.push({ path, kind: 'type', s });
      return;
    default:
  }
}
function constraintText(e) {
  const s = e.s || {};
  switch (e.kind) {
    case 'missing': return 'must not be null';
    case 'type': return `must be of type ${s.t}`;
    case 'length': return `size must be between ${s.minL ?? 0} and ${s.maxL ?? 2147483647}`;
    case 'size': return `size must be between ${s.minI ?? 0} and ${s.maxI ?? 2147483647}`;
    case 'pattern': return `must match "${s.pat}"`;
    case 'enum': return `must be one of [${s.en.join(', ')}]`;
    case 'format': return 'must be a valid UUID';
    case 'iso3': return 'must be an ISO 3166 alpha-3 country code';
    case 'range': return `must be between ${s.min ?? '-inf'} and ${s.max ?? 'inf'}`;
    default: return 'is invalid';
  }
}
// generic (merchant participation, approvals, GET plans) error mapping: documented examples
function genericErrors(errs) {
  return errs.map((e) => {
    const d = { missing: 'One or more of the required fields are missing', type: 'Field format or type is invalid', pattern: 'Field format or type is invalid', format: 'Field format or type is invalid',
      length: 'Field length is out of bound', size: 'Field length is out of bound', iso3: "Value doesn't exist / doesn't meet specified range", enum: "Value doesn't exist / doesn't meet specified range", range: "Value doesn't exist / doesn't meet specified range" }[e.kind];
    return err(SRC_MC, 'invalid.request.body.parameter', d, `${e.path || 'body'} ${constraintText(e)}`);
  });
}

// ---------------------------------------------------------------- schemas
const S = (t, o = {}) => ({ t, ...o });
const str = (o = {}) => S('string', o);
const SCH = {};
SCH.panReg = S('object', { props: {
  panListName: str({ pat: '^[a-zA-Z0-9\\s-]{1,64}$' }),
  panListId: str({ pat: '^[0-9]{18}$' }),
  accountRange: S('object', { req: ['accountRangeLow', 'accountRangeHigh'], props: { accountRangeLow: str({ pat: '^[0-9]{11,19}$' }), accountRangeHigh: str({ pat: '^[0-9]{11,19}$' }) } }),
  encryptedValue: str(),
} });
SCH.panDereg = S('object', { req: ['panListId'], props: { panListId: str({ pat: '^[0-9]{18}$' }), encryptedValue: str() } });
SCH.offers = S('object', { req: ['transaction'], props: {
  transaction: S('object', { req: ['amount', 'currency'], props: { amount: S('number'), currency: str({ minL: 3, maxL: 3 }), localDateTime: str() } }),
  // MerchantParameters' members are strings (provider 2.0.0) and the offers request examples write them so: no number is
  // taken for them here (the plan examples' numbers are the plans' own matter).
  merchant: S('object', { props: { name: str({ minL: 1, maxL: 100 }), country: str({ minL: 3, maxL: 3 }), mcc: str({ minL: 4, maxL: 4 }), url: str({ minL: 1, maxL: 50 }), acquirerId: str({ minL: 1, maxL: 6 }), merchantId: str({ minL: 1, maxL: 15 }) } }),
  sensitiveData: S('object', { req: ['consumer'], props: { consumer: S('object', { req: ['primaryAccountNumber'], props: {} }) } }),
} });
const planAmt = { min: 0, max: 1000000000000000 };
SCH.plan = S('object', { req: ['providerId', 'transaction', 'offerTransactionId'], props: {
  offerTransactionId: str({ minL: 8, maxL: 40 }),
  merchant: S('object', { props: { name: str({ minL: 1, maxL: 100, coerce: 1 }), country: str({ minL: 3, maxL: 3 }), mcc: str({ minL: 4, maxL: 4, coerce: 1 }), url: str({ minL: 1, maxL: 50 }), acquirerId: str({ minL: 1, maxL: 6, coerce: 1 }), merchantId: str({ minL: 1, maxL: 15, coerce: 1 }) } }),
  offerId: str({ minL: 8, maxL: 64 }),
  planInstallmentInformation: S('object', { req: ['frequency', 'tenure'], props: {
    apr: S('number', { min: 0, max: 200 }), currency: str({ minL: 3, maxL: 3 }), frequency: str({ minL: 3, maxL: 20 }),
    firstInstallmentAmount: S('number', planAmt), otherInstallmentAmount: S('number', planAmt), feeValue: S('number', planAmt),
    tenure: S('integer', { min: 2, max: 99 }), totalAmount: S('number', planAmt) } }),
  providerId: str({ minL: 36, maxL: 36, uuid: 1 }),
  schedulePayments: S('array', { maxI: 99, items: S('object', { props: { installmentAmount: S('number', planAmt), dueDate: str({ minL: 8, maxL: 10 }), installmentNumber: S('integer', { min: 1, max: 99 }) } }) }),
  transaction: S('object', { req: ['amount', 'currency', 'amountType'], props: {
    amount: S('number', { min: 0, max: 9999999999999.99 }), currency: str({ minL: 3, maxL: 3 }), amountType: str(),
    stan: str({ coerce: 1 }), rrn: str({ coerce: 1 }), authorizationCode: str({ coerce: 1 }), localDateTime: str(), transmissionDateTime: str(), transactionLinkId: str({ coerce: 1 }) } }),
  sensitiveData: S('object', { props: { consumer: S('object', { props: {} }) } }),
  transactionOffers: S('array', { maxI: 50, items: S('object', { req: ['offerId'], props: { offerId: str({ minL: 8, maxL: 64 }) } }) }),
} });
const merchantLegalName = str({ minL: 1, maxL: 300, pat: '^.{1,300}' });
// countryCode takes ISO 3166 alpha-3 code values (provider 2.0.0, its description): a code the standard assigns.
const countryCode = str({ minL: 3, maxL: 3, pat: '^[A-Za-z]{3}$', iso3: 1 });
const acquirerICA = str({ pat: '^(?:[0-9]{6}|[0-9]{9}|[0-9]{11})$' });
const statusPat = str({ minL: 1, maxL: 10, pat: '^(?:PENDING|COMPLETED|ERROR)$' });
const yn = str({ minL: 1, maxL: 1, pat: '^(?:Y|N)$' });
SCH.mp = S('object', { req: ['merchantLegalName', 'countryCode', 'acquirerICA'], props: {
  merchantLegalName, merchantGroup: str({ pat: '^[A-Z0-9]{1,2}$' }), countryCode, acquirerICA,
  dbaNames: S('array', { minI: 1, maxI: 1000, items: str({ minL: 1, maxL: 256 }) }),
  mids: S('array', { minI: 1, maxI: 5000, items: str({ pat: '^[A-Za-z0-9]{1,15}$' }) }),
  maid: str({ pat: '^[A-Za-z0-9]{1,6}$' }), maidType: str({ en: ['GRP', 'EXT'] }),
  nonMerchantNegotiatedParticipation: yn, optIn: yn, duns: str({ minL: 1, maxL: 9, nullable: 1 }),
  websiteUrl: str({ minL: 1, maxL: 100, pat: '^(https?|ftp|file)://[-a-zA-Z0-9+&@#/%?=~_|!:,.;]*[-a-zA-Z0-9+&@#/%=~_|]' }),
  wallets: S('array', { minI: 1, maxI: 3, items: S('object', { req: ['walletId', 'walletAcceptance'], props: {
    walletId: S('integer', { min: 1, max: 3 }), walletAcceptance: yn, walletMerchantId: str({ minL: 1, maxL: 300 }) } }) }),
  address: S('object', { props: { addressLine1: str({ minL: 1, maxL: 300 }), addressLine2: str({ minL: 1, maxL: 300 }), addressLine3: str({ minL: 1, maxL: 300 }),
    city: str({ minL: 1, maxL: 30 }), state: str({ minL: 2, maxL: 3 }), postalCode: str({ minL: 1, maxL: 20 }) } }),
} });
SCH.mpList = S('array', { minI: 1, maxI: 30, items: SCH.mp });
SCH.mSearch = S('object', { props: { merchantLegalName, acquirerICA, merchantParticipationStatus: statusPat, countryCode, maid: str({ pat: '^[A-Za-z0-9]{1,6}$' }) } });
SCH.midSearch = S('object', { req: ['merchantLegalName', 'countryCode', 'acquirerICA'], props: { merchantLegalName, countryCode, acquirerICA, mid: str({ pat: '^[A-Za-z0-9]{1,15}$' }), status: statusPat } });
SCH.approval = S('object', { req: ['planId', 'status'], props: {
  planId: str({ uuid: 1 }), status: str({ en: ['APPROVED', 'DECLINED'] }), offerId: str({ minL: 8, maxL: 8 }),
  rejectReasonCode: str({ en: ['CONSUMER_AUTH_FAIL', 'CONSUMER_APPLICATION_FAIL', 'CONSUMER_CANCELLATION', 'LENDER_DRIVEN_REJECTION', 'LENDER_SYSTEM_ERROR', 'OTHER_REASON'] }),
  rejectReasonDetail: str({ minL: 0, maxL: 5000 }),
  approvedAmount: S('number', { min: 0, max: 999999999999999 }), approvedCurrency: str({ minL: 3, maxL: 3 }),
  paymentAuthorization: S('object', { req: ['primaryAccountNumber', 'panExpirationMonth', 'panExpirationYear', 'cardSecurityCode', 'billingAddress'], props: {
    primaryAccountNumber: str({ minL: 9, maxL: 19 }), panExpirationMonth: str({ minL: 2, maxL: 2 }), panExpirationYear: str({ minL: 4, maxL: 4 }),
    cardSecurityCode: str({ minL: 3, maxL: 4 }), cardholderFullName: str({ maxL: 60 }), cardholderFirstName: str({ maxL: 30 }), cardholderLastName: str({ maxL: 30 }),
    billingAddress: S('object', { req: ['line1', 'city', 'state', 'countryCode', 'zip'], props: {
      line1: str({ maxL: 60 }), line2: str({ maxL: 75 }), line3: str({ maxL: 75 }), city: str({ maxL: 50 }), state: str({ maxL: 30 }),
      countryCode: str({ minL: 2, maxL: 2, pat: '^[a-zA-Z]{2}$' }), zip: str({ maxL: 16 }) } }) } }),
} });

// ---------------------------------------------------------------- handlers: PAN lists
function consumerSchemaErrors(errs) {
  return errs.map((e) => err(SRC_CONSUMER, `invalid.data: ${e.path}`, e.kind === 'missing' ? 'must not be null' : constraintText(e)));
}
function panFailure(pan) {
  if (!/^[0-9]{11,19}$/.test(pan)) return { reasonCode: 'Invalid.pan', description: "pan doesn't have required 11-19 digits" };
  if (!luhn(pan)) return { reasonCode: 'Invalid.pan', description: 'pan failed for Luhn check' };
  return null;
}
function pansFrom(body) {
  const sd = body.sensitiveData;
  if (!isObj(sd) || !Array.isArray(sd.pans)) return null;
  return sd.pans.map((p) => (isObj(p) ? digitsOf(p.pan) ?? '' : digitsOf(p) ?? ''));
}
const viewRange = (r) => ({ cid: r.cid, ica: r.ica, country: r.country, accountRangeLow: r.accountRangeLow, accountRangeHigh: r.accountRangeHigh });

async function registerPans(ctx) {
  const body = ctx.body;
  if (!isObj(body)) throw bad(err(SRC_CONSUMER, 'invalid.request.parameter', 'Request body must be a JSON object.'));
  if (body.sensitiveData !== undefined && body.encryptedValue === undefined) {
    throw bad(err(SRC_CONSUMER, 'invalid.data: encryptedValue', 'must not be null or empty', 'sensitiveData must be sent encrypted in the encryptedValue field (JWE).'));
  }
  const errs = []; validate(body, SCH.panReg, '', errs);
  if (errs.length) throw bad(consumerSchemaErrors(errs));
  await unwrapSensitive(body, SRC_CONSUMER, ['pans']);
  const pans = pansFrom(body);
  if (body.sensitiveData !== undefined && pans === null) throw bad(err(SRC_CONSUMER, 'invalid.data: sensitiveData.pans', 'must not be null or empty'));
  const hasPans = pans && pans.length > 0;
  if (body.panListId !== undefined) {
    const list = state.panLists.get(body.panListId);
    if (!list || list.owner !== ctx.consumerKey) throw bad(err(SRC_CONSUMER, 'invalid.request.parameter', `Pan list not found for id ${body.panListId}`));
    // Example PansNotPresentUpdateRequest (provider 2.0.0) states its condition: an update needs at least one pan;
    // items that carry no pan count for none.
    if (!hasPans || pans.every((p) => p === '')) throw bad(err(SRC_CONSUMER, 'invalid.pan', 'To update pan list at least one pan should be present'));
    if (body.accountRange && (body.accountRange.accountRangeLow !== list.accountRange.accountRangeLow || body.accountRange.accountRangeHigh !== list.accountRange.accountRangeHigh)) {
      throw bad(err(SRC_CONSUMER, 'invalid.accountRange', 'Invalid account range for pan list'));
    }
    return respondRegistration(ctx, list, pans);
  }
  if (body.panListName === undefined || body.panListName === null || body.panListName === '') throw bad(err(SRC_CONSUMER, 'invalid.data: panListName', 'must not be null or empty'));
  if (!body.accountRange && !hasPans) throw bad(err(SRC_CONSUMER, 'invalid.data: Either encryptedValue or Account Range', 'must not be null or empty'));
  let range;
  if (body.accountRange) {
    range = ACCOUNT_RANGES.find((r) => r.accountRangeLow === body.accountRange.accountRangeLow && r.accountRangeHigh === body.accountRange.accountRangeHigh);
    if (!range) throw bad(err(SRC_CONSUMER, 'invalid.accountRange', 'Account range not valid'));
  } else {
    for (const p of pans) { if (!panFailure(p)) { range = findRange(p); if (range) break; } }
    if (!range) { // no pan list can be created
      const failed = pans.map((p) => ({ pan: p, error: panFailure(p) || { reasonCode: 'Invalid.pan', description: 'pan failed for account range validation' } }));
      return { status: 200, body: { successfulCount: '0', failureCount: String(failed.length), encryptedValue: await encryptForPartner({ pans: failed }) } };
    }
  }
  const list = { panListId: panListIdGen(), panListName: body.panListName, accountRange: range, pans: new Set(), owner: ctx.consumerKey, createdAt: Date.now() };
  while (state.panLists.has(list.panListId)) list.panListId = panListIdGen();
  state.panLists.set(list.panListId, list);
  return respondRegistration(ctx, list, pans || []);
}
async function respondRegistration(ctx, list, pans) {
  let ok = 0; const failed = [];
  for (const pan of pans) {
    let e = panFailure(pan);
    if (!e && !inRange(pan, list.accountRange)) e = { reasonCode: 'Invalid.pan', description: 'pan failed for account range validation' };
    if (!e && list.pans.has(pan)) e = { reasonCode: 'Invalid.pan', description: 'pan already present in list' };
    if (e) failed.push({ pan, error: e }); else { list.pans.add(pan); ok++; }
  }
  const out = { successfulCount: String(ok), failureCount: String(failed.length), panList: { panListId: list.panListId, panListName: list.panListName }, accountRange: viewRange(list.accountRange) };
  if (failed.length) out.encryptedValue = await encryptForPartner({ pans: failed });
  return { status: 200, body: out };
}
async function deregisterPans(ctx) {
  const body = ctx.body;
  if (!isObj(body)) throw bad(err(SRC_CONSUMER, 'invalid.request.parameter', 'Request body must be a JSON object.'));
  if (body.sensitiveData !== undefined && body.encryptedValue === undefined) {
    throw bad(err(SRC_CONSUMER, 'invalid.data: encryptedValue', 'must not be null or empty', 'sensitiveData must be sent encrypted in the encryptedValue field (JWE).'));
  }
  const errs = []; validate(body, SCH.panDereg, '', errs);
  if (errs.length) throw bad(consumerSchemaErrors(errs));
  const list = state.panLists.get(body.panListId);
  if (!list || list.owner !== ctx.consumerKey) throw bad(err(SRC_CONSUMER, 'invalid.request.parameter', `Pan list not found for id ${body.panListId}`));
  if (body.encryptedValue === undefined || body.encryptedValue === '') throw bad(err(SRC_CONSUMER, 'invalid.data: encryptedValue', 'must not be null or empty'));
  await unwrapSensitive(body, SRC_CONSUMER, ['pans']);
  const pans = pansFrom(body);
  if (!pans || !pans.length) throw bad(err(SRC_CONSUMER, 'invalid.data: encryptedValue', 'must not be null or empty', 'At least one pan must be present in sensitiveData.pans.'));
  let ok = 0; const failed = [];
  for (const pan of pans) {
    let e = panFailure(pan);
    if (!e && !list.pans.has(pan)) {
      const elsewhere = [...state.panLists.values()].some((l) => l.owner === ctx.consumerKey && l.pans.has(pan));
      e = elsewhere ? { reasonCode: 'pan.not.linked', description: 'pan not associated with the pan list' } : { reasonCode: 'pan.not.registered', description: 'pan not present' };
    }
    if (e) failed.push({ pan, error: e }); else { list.pans.delete(pan); ok++; }
  }
  const out = { panListId: list.panListId, successfulCount: String(ok), failureCount: String(failed.length) };
  if (failed.length) out.encryptedValue = await encryptForPartner({ pans: failed });
  return { status: 200, body: out };
}

// ---------------------------------------------------------------- handlers: offers
// Offer.firstInstallmentAmount / otherInstallmentAmount: installment amounts in the minor unit of ISO 4217
// (provider 2.0.0): every amount is computed in whole minor units of the currency (0, 2 or 3 decimals).
const MINOR0 = new Set('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' '));
const MINOR3 = new Set('BHD IQD JOD KWD LYD OMR TND'.split(' '));
const minorOf = (c) => (MINOR0.has(c) ? 0 : MINOR3.has(c) ? 3 : 2);
function buildOffer(t, amount, currency, date) {
  const sym = CURRENCY_SYMBOL[currency] || '¤';
  const digits = minorOf(currency);
  const f = 10 ** digits;
  const A = Math.ceil(amount * f - 1e-6); // the purchase in minor units, never below it
  let F = 0;
  if (t.feeType === 'FIXED_AMT') F = Math.round(t.feeValue * f);
  else if (t.feeType === 'PRCENTG') F = Math.round((A * t.feeValue) / 100);
  const per = Math.floor(A / t.tenure);
  const units = Array.from({ length: t.tenure }, () => per);
  units[0] += A - per * t.tenure;
  if (F) {
    if (t.feeDistribution === 'FIRST_INSTALLMENT') units[0] += F;
    else { const fp = Math.floor(F / t.tenure); for (let i = 0; i < t.tenure; i++) units[i] += fp; units[0] += F - fp * t.tenure; }
  }
  const back = (u) => Number((u / f).toFixed(digits));
  const amounts = units.map(back);
  const total = back(A + F);
  const due = (i) => (t.frequency === 'WEEKLY' ? addDays(date, 7 * i) : t.frequency === 'BIWEEKLY' ? addDays(date, 14 * i) : addMonths(date, i));
  const other = amounts[t.tenure - 1];
  const o = {
    priority: 0, offerId: t.offerId, offerType: 'CARDED_OFFER',
    offerDisplayText: `${t.tenure} ${t.frequency.toLowerCase()} payments of ${sym}${other.toFixed(digits)}`,
    currencySymbol: sym, apr: t.apr, tenure: t.tenure, frequency: t.frequency, interestRate: t.interestRate,
    firstInstallmentSchedule: 'TRANSACTION_DATE', totalAmount: total, firstInstallmentAmount: amounts[0], otherInstallmentAmount: other,
    feeType: t.feeType, feeValue: t.feeType === 'FIXED_AMT' ? back(F) : t.feeValue,
  };
  if (t.feeType !== 'NO_FEES') o.feeDistribution = t.feeDistribution;
  Object.assign(o, { offerBeginDatetime: OFFER_BEGIN, offerEndDatetime: OFFER_END, provider: { ...PROVIDER },
    schedulePayments: amounts.map((a, i) => ({ installmentNumber: i + 1, installmentAmount: a, dueDate: due(i) })) });
  return o;
}
async function postOffers(ctx) {
  const S_ = SRC_OFFERS;
  const al = ctx.req.headers['accept-language'];
  const langs = al === undefined ? [] : String(al).split(',').map((x) => x.split(';')[0].trim()).filter(Boolean);
  if (langs.length && !langs.some((l) => l === '*' || /^en(-[A-Za-z]{2})?$/i.test(l))) throw bad(err(S_, 'invalid.accept.language', 'Accept Language header is invalid.'));
  const body = ctx.body;
  if (!isObj(body)) throw bad(err(S_, 'invalid.request.parameter', 'Request body must be a JSON object.'));
  if (body.sensitiveData !== undefined && body.encryptedValue === undefined) {
    throw bad(err(S_, 'invalid.request.parameter', 'sensitiveData must be encrypted.', 'Encrypt the sensitiveData object into the encryptedValue field (JWE).'));
  }
  await unwrapSensitive(body, S_, ['consumer', 'merchant']);
  mergeSensitiveMerchant(body);
  const tx = body.transaction;
  if (isObj(tx) && (tx.localDateTime === undefined || tx.localDateTime === null || tx.localDateTime === '')) {
    throw bad(err(S_, 'invalid.request.parameter', 'Local Transaction date and time must be present'));
  }
  const errs = []; validate(body, SCH.offers, '', errs);
  if (errs.length) {
    throw bad(errs.map((e) => (e.path === 'transaction' && e.kind === 'missing' ? err(S_, 'transaction', 'must not be null')
      : err(S_, e.path.replace(/^sensitiveData\./, ''), constraintText(e)))));
  }
  // The offer request's localDateTime: "[Date and Time RFC](rfc3339)" (provider 2.0.0): an RFC 3339 date-time
  // (section 5.6) carries its time offset, so one without it is refused here.
  if (!validDateTime(tx.localDateTime) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(tx.localDateTime)) throw bad(err(S_, 'invalid.request.parameter', 'Local Transaction date and time is invalid', 'localDateTime must be an RFC 3339 date-time.'));
  const amount = numVal(tx.amount);
  if (!(amount > 0)) throw bad(err(S_, 'transaction.amount', 'must be greater than 0'));
  if (!CURRENCIES.has(tx.currency.toUpperCase()) || tx.currency !== tx.currency.toUpperCase()) throw bad(err(S_, 'invalid.request.parameter', 'Currency Code Not Supported'));
  const m = body.merchant;
  let pan = null;
  if (body.sensitiveData !== undefined) {
    pan = digitsOf(body.sensitiveData.consumer.primaryAccountNumber);
    if (pan === null || !/^\d+$/.test(pan) || pan.length < 11 || pan.length > 19) {
      throw bad([err(S_, 'consumer.primaryAccountNumber', 'size must be between 11 and 19'), err(S_, 'consumer.primaryAccountNumber', 'must match "^\\d{11,19}$"')]);
    }
    if (!luhn(pan)) throw bad(err(S_, 'invalid.request.parameter', 'PAN provided is invalid'));
  }
  if (m !== undefined) {
    const has = (k) => m[k] !== undefined && m[k] !== null && m[k] !== '';
    if (!Object.keys(m).some(has)) throw bad(err(S_, 'invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist'));
    if ((has('acquirerId') || has('merchantId')) && !(has('acquirerId') && has('merchantId') && has('country'))) {
      if (has('acquirerId') && has('merchantId')) throw bad(err(S_, 'invalid.request.parameter', 'Country code must be present'));
      throw bad(err(S_, 'invalid.request.parameter', 'AcquirerId, MerchantId and CountryCode must be present'));
    }
    if ((has('name') || has('url')) && !has('country')) throw bad(err(S_, 'invalid.request.parameter', 'Country code must be present'));
    if (has('country') && !COUNTRIES.has(m.country)) throw bad(err(S_, 'invalid.request.parameter', 'Country Code Not Supported'));
    if (has('mcc') && !/^\d{4}$/.test(m.mcc)) throw bad(err(S_, 'merchant.mcc', 'must match "^\\d{4}$"'));
    if (has('country') && COUNTRY_CURRENCY[m.country] && !COUNTRY_CURRENCY[m.country].includes(tx.currency)) throw bad(err(S_, 'invalid.request.parameter', 'Invalid Country and Currency Pair'));
  } else if (pan === null) {
    throw bad(err(S_, 'invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist'));
  }
  const offerTransactionId = snowflake();
  const date = tx.localDateTime.slice(0, 10);
  let offers = [], eligibilityMessages;
  if (pan !== null) {
    const msgs = [];
    if (!ELIGIBLE_PANS.includes(pan)) msgs.push({ reasonCode: 'consumer.not.eligible', message: 'Consumer is not eligible for Installments' });
    if (amount < OFFER_MIN || amount > OFFER_MAX) msgs.push({ reasonCode: 'amount.not.qualify', message: 'Purchase Amount does not qualify for Installments' });
    if (m && m.mcc && INELIGIBLE_MCCS.includes(m.mcc)) msgs.push({ reasonCode: 'mcc.not.eligible', message: 'Merchant Category Code is not eligible for Installments' });
    if (msgs.length) eligibilityMessages = msgs;
    else {
      offers = OFFER_TEMPLATES.map((t) => buildOffer(t, amount, tx.currency, date));
      offers.sort((a, b) => a.otherInstallmentAmount - b.otherInstallmentAmount).forEach((o, i) => { o.priority = i + 1; });
    }
  }
  state.offerTx.set(offerTransactionId, { offerTransactionId, owner: ctx.consumerKey, pan, amount, currency: tx.currency, localDateTime: tx.localDateTime, date, merchant: m ? { ...m } : undefined, offers, createdAt: Date.now(), planId: null });
  const out = { total: offers.length, offerTransactionId, offers };
  if (eligibilityMessages) out.eligibilityMessages = eligibilityMessages;
  return { status: 200, body: out };
}

// ---------------------------------------------------------------- handlers: plans (carded, POST) and notification
const PE = (Description, Details, ReasonCode = 'invalid.request.parameter') => err(SRC_PLANS, ReasonCode, Description, Details);
function planSchemaError(e) {
  const p = e.path;
  const map = {
    'merchant.name': PE('Merchant Name validation failed-Value has incorrect length.', 'Merchant name should not be greater than 100 in length.'),
    'merchant.url': PE('Incorrect Merchant URL length.', 'Merchant URL should not be lesser that 1 and greater than 50 in length.'),
    'merchant.acquirerId': PE('Incorrect Acquirer Id length.', 'Acquirer Id should not be less than 1 and greater than 6 in length. Please provide a valid Acquirer Id.'),
    'merchant.mcc': PE('Merchant Category Code is invalid. Length must match 4.', 'Merchant Category Code length must be 4.'),
    'merchant.merchantId': PE('Incorrect Merchant Id length.', 'Merchant id should not be lesser than 1 and greater than 15 in length.'),
    'transaction.stan': PE('Incorrect STAN length.', 'STAN should not be less than 1 or greater than 6. Please provide a valid STAN.'),
    'transaction.transactionLinkId': PE('Invalid Transaction Link Id.', 'Transaction link id should not be greater than 22. Please provide a valid transaction link id.'),
  };
  if ((e.kind === 'length') && map[p]) return map[p];
  if (e.kind === 'missing') return PE(`${p} must not be null.`, `Invalid input request - ${p} is mandatory.`);
  return PE(`${p} ${constraintText(e)}.`, `Invalid value for ${p}.`);
}
async function postPlan(ctx) {
  const body = ctx.body;
  const cid = ctx.req.headers['correlation-id'];
  if (cid !== undefined && !(typeof cid === 'string' && cid.length === 36 && UUID_RE.test(cid))) throw bad(PE('Correlation-Id header must be a UUID.', 'Correlation-Id must be 36 characters in UUID format.'));
  if (!isObj(body)) throw bad(PE('Request body must be a JSON object.', 'Invalid input request.'));
  if (body.sensitiveData !== undefined && body.encryptedValue === undefined) throw bad(PE('sensitiveData must be encrypted.', 'Encrypt the sensitiveData object into the encryptedValue field (JWE).'));
  await unwrapSensitive(body, SRC_PLANS, ['consumer', 'merchant']);
  mergeSensitiveMerchant(body);
  const errs = []; validate(body, SCH.plan, '', errs);
  if (errs.length) throw bad(errs.map(planSchemaError));
  const t = body.transaction, m = body.merchant || {};
  const asStr = (v) => (v === undefined || v === null ? v : v instanceof BigNum ? v.digits : String(v));
  for (const k of ['name', 'mcc', 'acquirerId', 'merchantId']) if (m[k] !== undefined) m[k] = asStr(m[k]);
  for (const k of ['stan', 'rrn', 'authorizationCode', 'transactionLinkId']) if (t[k] !== undefined) t[k] = asStr(t[k]);
  if (!['PURCHASE', 'FINAL'].includes(t.amountType)) throw bad(PE('Incorrect value for Amount Type.', "Amount type must be 'PURCHASE' OR 'FINAL'."));
  // CardedTransaction.stan: minLength 1, maxLength 6 (provider 2.0.0; example InvalidLengthSTAN).
  if (t.stan !== undefined && (t.stan.length < 1 || t.stan.length > 6)) throw bad(PE('Incorrect STAN length.', 'STAN should not be less than 1 or greater than 6. Please provide a valid STAN.'));
  if (t.stan !== undefined && !/^\d+$/.test(t.stan)) throw bad(PE('Non-Numeric STAN.', 'STAN should be numeric only.'));
  if (t.rrn !== undefined && t.rrn !== '') {
    if (t.rrn.length !== 12) throw bad(PE('Incorrect RRN length.', 'RRN should be 12 digits in length. Please provide a valid RRN.'));
    if (!/^\d+$/.test(t.rrn)) throw bad(PE('Non-Numeric RRN.', 'RRN should be numeric only.'));
  }
  if (t.authorizationCode !== undefined && t.authorizationCode !== '') {
    if (t.authorizationCode.length !== 6) throw bad(PE('Incorrect Auth Code length.', 'Authorization code should be 6 digits in length. Please provide a valid Authorization code.'));
    if (!/^\d+$/.test(t.authorizationCode)) throw bad(PE('Invalid Auth Code.', 'Authorization code should be numeric only.'));
  }
  if (t.transactionLinkId !== undefined && t.transactionLinkId.length > 22) throw bad(PE('Invalid Transaction Link Id.', 'Transaction link id should not be greater than 22. Please provide a valid transaction link id.'));
  if (t.transmissionDateTime !== undefined && !validDateTime(t.transmissionDateTime)) throw bad(PE('Invalid datetime format.', "Transmission date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  if (t.localDateTime !== undefined && !validDateTime(t.localDateTime)) throw bad(PE('Invalid datetime format.', "Local Transaction date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  if (!CURRENCIES.has(t.currency)) throw bad(PE('Currency Not Supported.', 'Invalid transaction currency.'));
  if (m.country !== undefined && !COUNTRIES.has(m.country)) throw bad(PE('Country Code Not Supported.', 'Invalid merchant country code.'));
  if (m.mcc !== undefined && !/^\d{4}$/.test(m.mcc)) throw bad(PE('Merchant Category Code is invalid. Length must match 4.', 'Merchant Category Code length must be 4.'));
  if (m.url !== undefined && !/^(https?:\/\/)?[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b([-a-zA-Z0-9()@:%_+.~#?&/=]*)$/.test(m.url)) throw bad(PE('Invalid Merchant URL.', 'Merchant URL is not a valid URL.'));
  const pii = body.planInstallmentInformation;
  if (pii && !['WEEKLY', 'BIWEEKLY', 'MONTHLY'].includes(pii.frequency)) throw bad(PE(`Invalid frequency - ${pii.frequency}.`, 'Frequency not valid for Installments on Card.'));
  // PAN
  const sd = body.sensitiveData;
  const rawPan = isObj(sd) && isObj(sd.consumer) ? sd.consumer.primaryAccountNumber : undefined;
  const pan = digitsOf(rawPan);
  if (pan === null || pan === undefined || String(pan).trim() === '') throw bad(PE('PAN is present and is blank or null.', 'PAN cannot blank or empty.'));
  if (!/^\d+$/.test(pan)) throw bad(PE('PAN is present and is non numeric.', 'PAN should be numeric only.'));
  if (pan.length < 11 || pan.length > 19) throw bad(PE('Incorrect PAN length.', 'PAN should not be less than 11 and greater than 19 in length. Please provide a valid PAN.'));
  // presented offers rules (product configuration)
  const hasOffers = Array.isArray(body.transactionOffers) && body.transactionOffers.length > 0;
  if (DISTRIBUTION_PARTNER && (!body.offerId || !hasOffers)) throw bad(PE('Both OfferId and TransactionOffers must be present for this client - Value must not be null', 'Invalid input request for cardedInstallments.'));
  if (USE_CASES.includes('DURING_PURCHASE') && (!body.offerId || !hasOffers)) throw bad(PE('Both OfferId and TransactionOffers must be present for this provider - Value must not be null', 'Invalid input request for cardedInstallments.'));
  // PlanInstallmentInformation and SchedulePayment are each described as mandatory for the Mastercard Installments
  // Payment Services product (provider 2.0.0), and so are feeValue and each installment's amount, due date and number; the carded plan
  // request of that product is the document's typical plan request. This sandbox's product is that one (offerId,
  // mandatory for that product too, is required above).
  const spMissing = (x) => !isObj(x) || ['installmentAmount', 'dueDate', 'installmentNumber'].some((k) => x[k] === undefined || x[k] === null);
  if (!isObj(pii)) throw bad(PE('planInstallmentInformation must not be null.', 'planInstallmentInformation is mandatory for Mastercard Installments Payment Services.'));
  if (pii.feeValue === undefined || pii.feeValue === null) throw bad(PE('planInstallmentInformation.feeValue must not be null.', 'feeValue is mandatory for Mastercard Installments Payment Services.'));
  if (!Array.isArray(body.schedulePayments) || body.schedulePayments.length === 0 || body.schedulePayments.some(spMissing)) throw bad(PE('schedulePayments must not be null.', 'schedulePayments with installmentAmount, dueDate and installmentNumber are mandatory for Mastercard Installments Payment Services.'));
  // integrity against the presented offer
  const ot = state.offerTx.get(body.offerTransactionId);
  if (!ot || ot.owner !== ctx.consumerKey) throw bad(PE('Offer transaction not found.', `No offer presentment found for offerTransactionId ${body.offerTransactionId}.`));
  if (ot.planId) throw bad(PE('An installment plan already exists for this offer transaction.', `Plan ${ot.planId} was already created for offerTransactionId ${body.offerTransactionId}.`));
  if (ot.pan !== pan) throw bad(PE('Provided PAN does not match with offer.', 'PAN does not match with Offer.', 'pan.match'));
  if (round2(numVal(t.amount)) !== round2(ot.amount)) throw bad(PE('Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'));
  if (t.currency !== ot.currency) throw bad(PE('Provided transaction currency does not match with offer.', 'Mismatch in Transaction Currency.'));
  if (t.localDateTime !== undefined && t.localDateTime.slice(0, 10) !== ot.date) throw bad(PE('Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'));
  const offer = ot.offers.find((o) => o.offerId === body.offerId);
  if (body.offerId !== undefined && !offer) throw bad(PE('Provided offer does not match with offer presentment.', `Offer ${body.offerId} was not presented in offerTransactionId ${body.offerTransactionId}.`));
  if (hasOffers) {
    const presented = new Set(ot.offers.map((o) => o.offerId));
    const unknown = body.transactionOffers.find((o) => !presented.has(o.offerId));
    if (unknown) throw bad(PE('Provided transaction offers do not match with offer presentment.', `Offer ${unknown.offerId} was not presented in offerTransactionId ${body.offerTransactionId}.`));
    if (body.offerId && !body.transactionOffers.some((o) => o.offerId === body.offerId)) throw bad(PE('Selected offer must be one of the transaction offers.', `offerId ${body.offerId} is not in transactionOffers.`));
  }
  if (offer && body.providerId.toLowerCase() !== offer.provider.providerId) throw bad(PE('Provided provider id does not match with offer.', 'Mismatch in Provider Id.'));
  // POST /plans (provider 2.0.0): the partner sends the card, transaction, merchant and offer details unchanged, and
  // they are validated against the offer presented: every term of
  // the chosen offer and every merchant member the offers request carried must be the one presented.
  const same = (a, b) => Math.abs(Number(numVal(a)) - Number(b)) < 1e-9;
  if (offer && pii) {
    const terms = ['apr', 'totalAmount', 'firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue'];
    if (pii.tenure !== offer.tenure || pii.frequency !== offer.frequency || terms.some((k) => pii[k] !== undefined && offer[k] !== undefined && !same(pii[k], offer[k]))
      || (pii.currency !== undefined && pii.currency !== ot.currency)) {
      throw bad(PE('Provided plan installment information does not match with offer.', 'Mismatch in the installment terms of the selected offer.'));
    }
  }
  if (offer && Array.isArray(body.schedulePayments)) {
    const sp = body.schedulePayments, os = offer.schedulePayments;
    if (sp.length !== os.length || sp.some((x, i) => (x.installmentAmount !== undefined && !same(x.installmentAmount, os[i].installmentAmount))
      || (x.dueDate !== undefined && x.dueDate !== os[i].dueDate) || (x.installmentNumber !== undefined && x.installmentNumber !== os[i].installmentNumber))) {
      throw bad(PE('Provided schedule payments do not match with offer.', 'Mismatch in the schedule of the selected offer.'));
    }
  }
  // The merchant's codes are compared; its name and URL, which the document's own examples write differently between
  // the offers request and the plan, are not.
  if (isObj(ot.merchant)) for (const k of ['country', 'mcc', 'acquirerId', 'merchantId']) {
    if (m[k] !== undefined && ot.merchant[k] !== undefined && String(m[k]) !== String(ot.merchant[k])) throw bad(PE('Provided merchant details do not match with offer.', `Mismatch in merchant ${k}.`));
  }
  const planId = crypto.randomUUID();
  const range = findRange(pan);
  const plan = {
    kind: 'CARDED', planId, status: 'CREATED', createdAt: Date.now(), owner: ctx.consumerKey, pan,
    offerTransactionId: body.offerTransactionId, offerId: body.offerId, providerId: body.providerId,
    merchant: m, transaction: t, planInstallmentInformation: pii, schedulePayments: body.schedulePayments || offer?.schedulePayments,
    transactionOffers: body.transactionOffers, issuerCid: range ? range.cid : PROVIDER.cid, issuerIca: range ? range.ica : '19246',
  };
  state.plans.set(planId, plan);
  ot.planId = planId;
  notifyIssuer(plan, ctx.correlationId).catch((e) => log('notification error', e.message));
  return { status: 201, body: { planId, status: 'CREATED' }, headers: { Location: `/plans/${planId}` } };
}
async function notifyIssuer(plan, correlationId) {
  if (!ISSUER_URL) return;
  let target = ISSUER_URL;
  try { const u = new URL(ISSUER_URL); if (u.pathname === '/' || u.pathname === '') { u.pathname = '/notifications'; target = u.toString(); } } catch { return; }
  const payload = {
    planId: plan.planId, issuerCid: plan.issuerCid, issuerIca: plan.issuerIca,
    merchant: plan.merchant, offerId: plan.offerId, transactionOffers: plan.transactionOffers,
    planInstallmentInformation: plan.planInstallmentInformation, schedulePayments: plan.schedulePayments,
    transaction: plan.transaction,
    encryptedValue: await encryptTextForPartner(`{"consumer":{"primaryAccountNumber":${plan.pan}}}`),
  };
  for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
  const text = JSON.stringify(payload);
  const cid = correlationId && UUID_RE.test(correlationId) ? correlationId : crypto.randomUUID();
  const rec = { planId: plan.planId, target, correlationId: cid, attempts: 0, status: null, at: Date.now() };
  state.notifications.push(rec);
  for (let attempt = 1; attempt <= 4; attempt++) {
    rec.attempts = attempt;
    try {
      const r = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Correlation-Id': cid }, body: text, signal: AbortSignal.timeout(5000) });
      rec.status = r.status;
      await r.text().catch(() => '');
      if (r.status < 500 && r.status !== 429) return;
    } catch (e) { rec.status = 'error: ' + e.message; }
    await new Promise((res) => setTimeout(res, 500 * 2 ** (attempt - 1)));
  }
}

// ---------------------------------------------------------------- handlers: GET plan, approvals
function planView(p) {
  if (p.kind === 'CHECKOUT') {
    const v = { consumer: p.consumer, merchant: p.merchant, planId: p.planId, providerId: p.providerId, status: p.status, transaction: p.transaction, transactionOffers: p.transactionOffers };
    if (p.offerId) Object.assign(v, { offerId: p.offerId, planInstallmentInformation: p.planInstallmentInformation, scheduledRepayments: p.scheduledRepayments });
    if (p.status === 'APPROVED' && p.approvedOfferId && !p.offerId) v.offerId = p.approvedOfferId;
    if (p.rejectReasonCode) { v.rejectReasonCode = p.rejectReasonCode; if (p.rejectReasonDetail !== undefined) v.rejectReasonDetail = p.rejectReasonDetail; }
    return v;
  }
  const m = p.merchant || {};
  const merchant = { country: m.country || 'USA', mcc: m.mcc || '0000' };
  if (m.name) merchant.name = m.name;
  if (m.merchantId) merchant.acceptor = m.merchantId;
  const v = { merchant, planId: p.planId, providerId: p.providerId, status: p.status, transaction: { amount: numVal(p.transaction.amount), currency: p.transaction.currency } };
  if (p.offerId) v.offerId = p.offerId;
  if (p.planInstallmentInformation) v.planInstallmentInformation = p.planInstallmentInformation;
  if (p.schedulePayments) v.scheduledRepayments = p.schedulePayments.map((s) => ({ amount: numVal(s.installmentAmount), dueDate: s.dueDate, installmentNumber: s.installmentNumber }));
  if (p.transactionOffers) v.transactionOffers = p.transactionOffers;
  if (p.rejectReasonCode) { v.rejectReasonCode = p.rejectReasonCode; if (p.rejectReasonDetail !== undefined) v.rejectReasonDetail = p.rejectReasonDetail; }
  return v;
}
function getPlan(ctx) {
  const id = ctx.params.plan_id;
  if (!UUID_RE.test(id)) throw bad(err(SRC_MC, 'invalid.request.parameter', 'Field format or type is invalid', 'plan_id must be a UUID.'));
  const p = state.plans.get(id.toLowerCase()) || state.plans.get(id);
  if (!p || (p.owner && p.owner !== ctx.consumerKey)) throw new HttpError(404, wrap([err(SRC_MC, 'not.found', 'URI/Resource not found.', `No plan found for id ${id}.`)]));
  return { status: 200, body: planView(p) };
}
const APPROVAL_TTL = 24 * 3600 * 1000;
async function postApproval(ctx) {
  const body = ctx.body;
  if (!isObj(body)) throw bad(genericErrors([{ path: 'body', kind: 'type', s: { t: 'object' } }]));
  if (body.encryptedValue !== undefined) {
    const dec = await decryptJwe(body.encryptedValue, SRC_MC);
    delete body.encryptedValue;
    if (isObj(dec)) Object.assign(body, dec);
  }
  const syncQ = ctx.query.get('sync');
  if (syncQ !== null && !['true', 'false'].includes(syncQ)) throw bad(err(SRC_MC, 'invalid.request.parameter', 'Field format or type is invalid', 'sync must be a boolean.'));
  const errs = []; validate(body, SCH.approval, '', errs);
  if (errs.length) throw bad(genericErrors(errs));
  const missing = (path) => ({ path, kind: 'missing', s: {} });
  if (body.status === 'APPROVED') {
    const miss = ['approvedAmount', 'approvedCurrency', 'paymentAuthorization'].filter((k) => body[k] === undefined || body[k] === null).map(missing);
    if (miss.length) throw bad(genericErrors(miss));
  } else if (body.rejectReasonCode === undefined || body.rejectReasonCode === null) {
    throw bad(genericErrors([missing('rejectReasonCode')]));
  }
  // paymentAuthorization is required when the status is APPROVED (provider 2.0.0); when sent, under
  // either decision, its members are judged by its schema: an ISO/IEC 7812 card number (digits), the expiry, the
  // security code and the cardholder's names.
  if (body.paymentAuthorization !== undefined && body.paymentAuthorization !== null) {
    const pa = body.paymentAuthorization;
    if (!/^\d+$/.test(pa.primaryAccountNumber)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'Field format or type is invalid', 'paymentAuthorization.primaryAccountNumber must be numeric.'));
    const mm = Number(pa.panExpirationMonth);
    if (!/^\d{2}$/.test(pa.panExpirationMonth) || mm < 1 || mm > 12) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", 'paymentAuthorization.panExpirationMonth must be 01-12.'));
    if (!/^\d{4}$/.test(pa.panExpirationYear)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'Field format or type is invalid', 'paymentAuthorization.panExpirationYear must be four digits.'));
    if (!/^\d{3,4}$/.test(pa.cardSecurityCode)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'Field format or type is invalid', 'paymentAuthorization.cardSecurityCode must be 3 or 4 digits.'));
    if (!pa.cardholderFullName && !(pa.cardholderFirstName && pa.cardholderLastName)) throw bad(genericErrors([missing('paymentAuthorization.cardholderFullName')]));
  }
  if (body.approvedCurrency !== undefined && !CURRENCIES.has(body.approvedCurrency)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", 'approvedCurrency must be an ISO 4217 currency code.'));
  const planId = body.planId.toLowerCase();
  const p = state.plans.get(planId);
  if (!p || (p.owner && p.owner !== ctx.consumerKey)) throw bad(err(SRC_MC, 'invalid.request.parameter', "Value doesn't exist / doesn't meet specified range", `No plan found for planId ${body.planId}.`));
  const offerIds = (p.transactionOffers || []).map((o) => o.offerId);
  // offerId must be one of the offer ids the Plan API gives (provider 2.0.0), whatever the
  // decision it comes with.
  if (body.status === 'APPROVED' && !p.offerId && !body.offerId) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'One or more of the required fields are missing', 'offerId is required when consumer offer selection is disabled.'));
  {
    if (body.offerId && !p.offerId && !offerIds.includes(body.offerId)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", 'offerId must be one of the offer IDs retrieved via the Plan API.'));
    if (body.offerId && p.offerId && body.offerId !== p.offerId) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", 'offerId must match the offer selected by the consumer.'));
  }
  let prev = state.approvals.get(planId);
  if (p.fixture && prev && prev.decision !== body.status) { state.approvals.delete(planId); prev = undefined; delete p.rejectReasonCode; delete p.rejectReasonDetail; p.status = 'CREATED'; }
  if (p.status !== 'CREATED' && !(prev && prev.decision === body.status)) {
    throw bad(err(SRC_MC, 'invalid.request.parameter', 'Plan is not in a state that can be approved or declined.', `Plan ${planId} is already ${p.status}.`));
  }
  const sync = syncQ === 'true';
  const now = Date.now();
  if (!prev) {
    const token = crypto.randomBytes(24).toString('base64url');
    const callbackUrl = `https://sandbox.src.mastercard.com/installments/checkout?action=${body.status === 'APPROVED' ? 'COMPLETED' : 'DECLINED'}&checkoutResponse=${token}`;
    state.approvals.set(planId, { decision: body.status, postedAt: now, completeAt: sync ? now : now + 1000, callbackUrl });
    p.status = body.status;
    if (body.status === 'APPROVED') { p.approvedOfferId = body.offerId; p.approvedAmount = numVal(body.approvedAmount); p.approvedCurrency = body.approvedCurrency; }
    else { p.rejectReasonCode = body.rejectReasonCode; if (body.rejectReasonDetail !== undefined) p.rejectReasonDetail = body.rejectReasonDetail; }
  }
  const a = state.approvals.get(planId);
  if (sync) return { status: 200, body: { callbackUrl: a.callbackUrl } };
  return { status: 202, body: null, headers: { Location: `/approvals/${planId}` } };
}
function getApproval(ctx) {
  const id = ctx.params.plan_id;
  const nf = () => new HttpError(404, wrap([err(SRC_MC, 'not.found', 'URI/Resource not found.', `No approval found for plan id ${id}.`)]));
  if (!UUID_RE.test(id)) throw nf();
  const p = state.plans.get(id.toLowerCase());
  const a = state.approvals.get(id.toLowerCase());
  if (!a || !p || (p.owner && p.owner !== ctx.consumerKey) || Date.now() - a.postedAt > APPROVAL_TTL) throw nf();
  if (Date.now() < a.completeAt) return { status: 200, body: { status: 'IN_PROGRESS' } };
  return { status: 200, body: { status: 'COMPLETED', callbackUrl: a.callbackUrl } };
}

// ---------------------------------------------------------------- handlers: merchant participation
const MP_DELAY = 1000;
const mKey = (type, m) => (type === 'MAID' ? `MAID|${m.countryCode.toUpperCase()}|${m.merchantLegalName.toLowerCase()}` : `MID|${m.acquirerICA}|${m.countryCode.toUpperCase()}|${m.merchantLegalName.toLowerCase()}`);
const mStatus = (m, now = Date.now()) => (now < m.pendingUntil ? 'PENDING' : m.errorReason ? 'ERROR' : 'COMPLETED');
function merchantView(m, now = Date.now(), withRequestStatus) {
  const v = { merchantLegalName: m.merchantLegalName };
  if (m.merchantGroup) v.merchantGroup = m.merchantGroup;
  Object.assign(v, { countryCode: m.countryCode, acquirerICA: m.acquirerICA, submitterICA: [...m.submitters].join(' | ') });
  if (m.dbaNames) v.dbaNames = m.dbaNames;
  if (m.type === 'MAID') { v.maids = [m.maid]; v.maidType = m.maidType; }
  if (m.nonMerchantNegotiatedParticipation !== undefined) v.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  v.optIn = m.optIn;
  v.status = withRequestStatus || mStatus(m, now);
  if (v.status === 'ERROR') v.errorReason = m.errorReason || 'UNKNOWN';
  for (const k of ['duns', 'websiteUrl', 'wallets', 'address']) if (m[k] !== undefined) v[k] = m[k];
  return v;
}
function mpValidationError(Details) { return bad(err(SRC_MC, 'invalid.request.body.parameter', 'One or more of the required fields are missing', Details)); }
// PII-classified markets send merchantLegalName / dbaNames / address encrypted (field encryptedValues or encryptedMerchantLegalName)
async function unwrapMerchantFields(obj) {
  if (!isObj(obj)) return;
  for (const f of ['encryptedValues', 'encryptedValue', 'encryptedMerchantLegalName']) {
    if (obj[f] === undefined) continue;
    const dec = await decryptJwe(obj[f], SRC_MC);
    delete obj[f];
    if (typeof dec === 'string') obj.merchantLegalName = dec;
    else if (isObj(dec)) { for (const [k, v] of Object.entries(dec)) if (v !== null && v !== undefined && !k.startsWith('encrypted')) obj[k] = v; }
  }
}
// Countries without a postal code system (ISO 3166 alpha-3).
const NO_POSTAL_CODES = new Set('AGO ATG ABW BHS BLZ BEN BOL BWA BFA BDI CMR CAF TCD COM COG COD COK CIV DJI DMA GNQ ERI FJI ATF GMB GHA GRD GIN GUY HKG KIR PRK MAC MWI MLI MRT MSR NRU NIU QAT KNA LCA STP SYC SLE SLB SOM SUR SYR TLS TGO TKL TON TTO TUV UGA ARE VUT YEM ZWE'.split(' '));
async function postParticipations(ctx) {
  if (ctx.rawBody.length > 700 * 1024) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'Field length is out of bound', 'The total payload size must remain under 700 KB.'));
  const list = ctx.body;
  if (Array.isArray(list)) for (const it of list) await unwrapMerchantFields(it);
  const errs = []; validate(list, SCH.mpList, '', errs);
  if (errs.length) throw bad(genericErrors(errs));
  // validate every item first (whole request is rejected on any error)
  const plan = [];
  const seenInReq = new Set();
  const kinds = new Map();
  list.forEach((it, i) => {
    const id = `${it.countryCode.toUpperCase()}|${it.merchantLegalName.toLowerCase()}`;
    const kind = (it.maid || it.maidType) ? 'MAID' : 'MID';
    if (kinds.has(id) && kinds.get(id) !== kind) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", `[${i}] MID and MAID participation cannot be submitted for the same merchant in the same request.`));
    kinds.set(id, kind);
  });
  list.forEach((it, i) => {
    const at = `[${i}]`;
    const has = (k) => it[k] !== undefined && it[k] !== null && !(Array.isArray(it[k]) && it[k].length === 0) && it[k] !== '';
    const isMaid = has('maid') || has('maidType');
    if (isMaid && has('mids')) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", `${at} a merchant is either MID based (mids) or MAID based (maid), not both.`));
    const type = isMaid ? 'MAID' : 'MID';
    const key = mKey(type, it);
    if (seenInReq.has(key)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", `${at} duplicate merchant in the same request.`));
    seenInReq.add(key);
    const existing = state.merchants.get(key);
    const optInGiven = has('optIn') || has('nonMerchantNegotiatedParticipation');
    const need = [];
    // The table of postMerchantParticipations (provider 2.0.0): the MID market's add and update take optIn "or
    // nonMerchantNegotiatedParticipation for previously onboarded customers"; the MAID market's name optIn alone.
    if (type === 'MAID' ? !has('optIn') : !optInGiven) need.push('optIn');
    if (type === 'MAID') { if (!has('maid')) need.push('maid'); if (!has('maidType')) need.push('maidType'); }
    if (!existing) {
      if (!has('dbaNames')) need.push('dbaNames');
      if (type === 'MID' && !has('mids')) need.push('mids');
      if (type === 'MID' && it.countryCode.toUpperCase() === 'AUS' && !has('merchantGroup')) need.push('merchantGroup');
      if (isObj(it.address) && (it.address.city === undefined || it.address.city === null || it.address.city === '')) need.push('address.city');
      // Address.postalCode (provider 2.0.0): a MID-based merchant is submitted with a postal code where its country
      // has postal codes: a MID merchant added in such a country carries one.
      const pc = isObj(it.address) ? it.address.postalCode : undefined;
      if (type === 'MID' && !NO_POSTAL_CODES.has(it.countryCode.toUpperCase()) && (pc === undefined || pc === null || pc === '')) need.push('address.postalCode');
    }
    if (need.length) throw mpValidationError(`${at} ${need.join(', ')} must not be null or empty.`);
    if (existing) {
      if (has('duns') && existing.duns && it.duns !== existing.duns) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", `${at} duns cannot be modified once set.`));
      if (type === 'MAID' && (it.maid !== existing.maid)) throw bad(err(SRC_MC, 'invalid.request.body.parameter', "Value doesn't exist / doesn't meet specified range", `${at} maid is immutable once entered.`));
    }
    plan.push({ it, type, key, existing });
  });
  const now = Date.now();
  const requestId = requestIdGen().toString();
  const items = [];
  for (const { it, type, key, existing } of plan) {
    const m = existing || { key, type, merchantLegalName: it.merchantLegalName, countryCode: it.countryCode.toUpperCase(), acquirerICA: it.acquirerICA, submitters: new Set(), mids: new Map(), createdAt: now, requests: [] };
    if (type === 'MAID') m.acquirerICA = it.acquirerICA;
    m.submitters.add(PARTNER_ICA);
    const knownIca = KNOWN_ACQ_ICAS.includes(it.acquirerICA);
    m.errorReason = knownIca ? undefined : 'INVALID_ACQUIRER_ICA';
    m.pendingUntil = now + MP_DELAY;
    if (it.merchantGroup) m.merchantGroup = it.merchantGroup;
    if (it.dbaNames && it.dbaNames.length) m.dbaNames = [...it.dbaNames];
    if (type === 'MAID') { m.maid = it.maid; m.maidType = it.maidType; }
    if (it.optIn) m.optIn = it.optIn;
    else if (it.nonMerchantNegotiatedParticipation) m.optIn = it.nonMerchantNegotiatedParticipation;
    if (it.nonMerchantNegotiatedParticipation) m.nonMerchantNegotiatedParticipation = it.nonMerchantNegotiatedParticipation;
    if (it.duns) m.duns = it.duns;
    if (it.websiteUrl) m.websiteUrl = it.websiteUrl;
    if (it.wallets) m.wallets = it.wallets.map((w) => ({ ...w }));
    if (it.address) m.address = { ...(m.address || {}), ...it.address };
    for (const mid of it.mids || []) {
      const prev = m.mids.get(mid);
      m.mids.set(mid, { mid, pendingUntil: prev && !prev.errorReason ? Math.min(prev.pendingUntil, now) : now + MP_DELAY, errorReason: knownIca ? undefined : 'INVALID_ACQUIRER_ICA' });
    }
    state.merchants.set(key, m);
    items.push(key);
  }
  state.mpRequests.set(requestId, { requestId, owner: ctx.consumerKey, createdAt: now, completeAt: now + MP_DELAY, keys: items });
  return { status: 202, body: null, headers: { Location: `merchants/participations?request_id=${requestId}`, request_id: requestId, 'Request-Id': requestId } };
}
function pageParams(ctx) {
  const q = ctx.query;
  const parseInt_ = (name, dflt, min, max) => {
    const v = q.get(name);
    if (v === null) return dflt;
    // offset and limit are `type: integer` (provider 2.0.0 parameters): an integer's own form, no leading zero.
    if (!/^(0|[1-9]\d*)$/.test(v) || Number(v) < min || (max !== undefined && Number(v) > max)) {
      throw bad(err(SRC_MC, 'invalid.request.parameter', "Value doesn't exist / doesn't meet specified range", `${name} must be an integer ${max !== undefined ? `between ${min} and ${max}` : `greater than or equal to ${min}`}.`));
    }
    return Number(v);
  };
  return { offset: parseInt_('offset', 0, 0), limit: parseInt_('limit', 500, 1, 500) };
}
function paged(all, { offset, limit }, extraHeaders = {}) {
  const items = all.slice(offset, offset + limit);
  return { status: 200, body: items, headers: { Count: String(items.length), Offset: String(offset), Limit: String(limit), Total: String(all.length), ...extraHeaders } };
}
function getParticipations(ctx) {
  const rid = ctx.query.get('request_id');
  const pg = pageParams(ctx);
  const now = Date.now();
  if (rid !== null) {
    // request_id: `type: integer, format: int64` (provider 2.0.0): an integer's own form, no leading zero.
    if (!/^(0|[1-9]\d*)$/.test(rid) || BigInt(rid) > 9223372036854775807n) {
      throw bad(err(SRC_MP, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'request_id query param must be a positive integer less than 9223372036854775807.'));
    }
    const r = state.mpRequests.get(BigInt(rid).toString());
    if (!r || r.owner !== ctx.consumerKey) throw new HttpError(404, wrap([err(SRC_MP, 'notfound', 'request id provided in the request does not exist.', '')]));
    const done = now >= r.completeAt;
    const views = r.keys.map((k) => { const m = state.merchants.get(k); return merchantView(m, now, done ? (m.errorReason ? 'ERROR' : 'COMPLETED') : 'PENDING'); });
    const overall = !done ? 'PENDING' : views.some((v) => v.status === 'ERROR') ? 'ERROR' : 'COMPLETED';
    return paged(views, pg, { 'Request-Status': overall });
  }
  const all = [...state.merchants.values()].filter((m) => mStatus(m, now) === 'COMPLETED').map((m) => merchantView(m, now));
  return paged(all, pg, { 'Request-Status': 'COMPLETED' });
}
async function postSearches(ctx) {
  const pg = pageParams(ctx);
  const b = ctx.body;
  await unwrapMerchantFields(b);
  const errs = []; validate(b, SCH.mSearch, '', errs);
  if (errs.length) throw bad(genericErrors(errs));
  const keys = ['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'];
  if (!keys.some((k) => b[k] !== undefined && b[k] !== null && b[k] !== '')) throw bad(err(SRC_MC, 'invalid.request.body.parameter', 'One or more of the required fields are missing', `At least one of ${keys.join(', ')} is required.`));
  const now = Date.now();
  const res = [...state.merchants.values()].filter((m) =>
    (b.merchantLegalName === undefined || m.merchantLegalName.toLowerCase() === b.merchantLegalName.toLowerCase())
    && (b.acquirerICA === undefined || m.acquirerICA === b.acquirerICA)
    && (b.countryCode === undefined || m.countryCode === b.countryCode.toUpperCase())
    && (b.maid === undefined || (m.type === 'MAID' && m.maid === b.maid))
    && (b.merchantParticipationStatus === undefined || mStatus(m, now) === b.merchantParticipationStatus)).map((m) => merchantView(m, now));
  return paged(res, pg);
}
async function postMidSearches(ctx) {
  const pg = pageParams(ctx);
  const b = ctx.body;
  await unwrapMerchantFields(b);
  const errs = []; validate(b, SCH.midSearch, '', errs);
  if (errs.length) throw bad(genericErrors(errs));
  const m = state.merchants.get(mKey('MID', b));
  if (!m) throw bad(err(SRC_MC, 'invalid.request.parameter', "Value doesn't exist / doesn't meet specified range", 'No MID based merchant found for the given merchantLegalName, countryCode and acquirerICA.'));
  const now = Date.now();
  const st = (x) => (now < x.pendingUntil ? 'PENDING' : x.errorReason ? 'ERROR' : 'COMPLETED');
  let mids = [...m.mids.values()].map((x) => { const d = { mid: x.mid, status: st(x) }; if (d.status === 'ERROR') d.errorReason = x.errorReason; return d; });
  if (b.mid !== undefined) mids = mids.filter((x) => x.mid === b.mid);
  if (b.status !== undefined) mids = mids.filter((x) => x.status === b.status);
  const page = mids.slice(pg.offset, pg.offset + pg.limit);
  const out = { merchantLegalName: m.merchantLegalName };
  if (m.merchantGroup) out.merchantGroup = m.merchantGroup;
  Object.assign(out, { acquirerICA: m.acquirerICA, countryCode: m.countryCode });
  if (m.nonMerchantNegotiatedParticipation !== undefined) out.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  Object.assign(out, { optIn: m.optIn, mids: page });
  return { status: 200, body: out, headers: { Count: String(page.length), Offset: String(pg.offset), Limit: String(pg.limit), Total: String(mids.length) } };
}

// ---------------------------------------------------------------- routing
const ROUTES = [
  { path: /^\/consumers\/pans\/registrations$/, methods: { POST: registerPans }, family: 'consumer' },
  { path: /^\/consumers\/pans\/deregistrations$/, methods: { POST: deregisterPans }, family: 'consumer' },
  { path: /^\/merchants\/participations$/, methods: { POST: postParticipations, GET: getParticipations }, family: 'merchants' },
  { path: /^\/merchants\/searches$/, methods: { POST: postSearches }, family: 'merchants' },
  { path: /^\/merchants\/mids\/searches$/, methods: { POST: postMidSearches }, family: 'merchants' },
  { path: /^\/plans$/, methods: { POST: postPlan }, family: 'plansPost' },
  { path: /^\/plans\/(?<plan_id>[^/]+)$/, methods: { GET: getPlan }, family: 'plans' },
  { path: /^\/approvals$/, methods: { POST: postApproval }, family: 'plans' },
  { path: /^\/approvals\/(?<plan_id>[^/]+)$/, methods: { GET: getApproval }, family: 'plans' },
  { path: /^\/offers$/, methods: { POST: postOffers }, family: 'offers' },
];
function sourceFor(family) {
  return { consumer: SRC_CONSUMER, offers: SRC_OFFERS, plansPost: SRC_PLANS }[family] || SRC_MC;
}
let actualPort = PORT;
let jwks;

function send(res, status, body, headers = {}) {
  const h = { ...headers };
  let text = '';
  if (body !== null && body !== undefined) { text = JSON.stringify(body); h['Content-Type'] = 'application/json'; }
  h['Content-Length'] = Buffer.byteLength(text);
  res.writeHead(status, h);
  res.end(text);
}

async function handle(req, res, rawBody) {
  const correlationId = (typeof req.headers['correlation-id'] === 'string' && req.headers['correlation-id']) || crypto.randomUUID();
  const baseHeaders = { 'Correlation-Id': correlationId };
  const u = new URL(req.url, 'http://x');
  let path = u.pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith('/installments/')) path = path.slice('/installments'.length);
  if (req.method === 'GET' && (path === '/.well-known/jwks.json' || path === '/keys/jwks.json')) {
    return send(res, 200, jwks, baseHeaders);
  }
  let route, params = {};
  for (const r of ROUTES) { const m = r.path.exec(path); if (m) { route = r; params = m.groups || {}; break; } }
  if (!route) return send(res, 404, wrap([err(SRC_MC, 'not.found', 'URI/Resource not found.', "It looks like you are accessing a resource that doesn't exist. Please go through the specifications to get actual URL details.")]), baseHeaders);
  const fn = route.methods[req.method];
  const src = sourceFor(route.family);
  if (!fn) return send(res, 405, wrap([{ Source: src, ReasonCode: 'method.not.allowed', Description: 'Method is not allowed', Recoverable: false }]), { ...baseHeaders, Allow: Object.keys(route.methods).join(', ') });
  const auth = verifyOAuth(req, rawBody);
  if (auth.status !== 200) {
    const b = authBodies(route.family)[auth.status];
    const e = { ...b };
    if (auth.why) e.Details = auth.why;
    return send(res, auth.status, wrap([e]), baseHeaders);
  }
  // 406 and 415 only where the provider's document lists them among an operation's responses (2.0.0: 406 on the
  // merchant operations, the approvals and /offers; 415 on POST /offers alone). Elsewhere an Accept the API does not
  // serve is disregarded (RFC 9110 section 12.5.1 lets a server ignore it) and a body that is not JSON is the 400
  // every POST documents.
  const accept = req.headers.accept;
  const accept406 = route.family === 'merchants' || route.family === 'offers' || /^\/approvals/.test(path);
  if (accept406 && accept !== undefined && accept !== '' && !/(^|,)\s*(application\/json|application\/\*|\*\/\*)\s*(;[^,]*)?(,|$)/i.test(accept)) {
    const body = route.family === 'offers' ? err(SRC_OFFERS, 'invalid.accept.header', 'Accept header should be application/json.')
      : err(src, 'not.acceptable.header', 'Accept header value is not application/json.');
    return send(res, 406, wrap([body]), baseHeaders);
  }
  const ctx = { req, params, query: u.searchParams, rawBody, consumerKey: auth.consumerKey, correlationId };
  try {
    if (req.method === 'POST') {
      const ct = req.headers['content-type'];
      if (!ct || !/^application\/json\s*(;.*)?$/i.test(ct)) {
        if (route.family === 'offers')
          return send(res, 415, wrap([err(SRC_OFFERS, 'invalid.content.type', 'Content-Type header should be application/json.')]), baseHeaders);
        throw bad(err(src, route.family === 'merchants' || route.family === 'plans' ? 'invalid.request.body.parameter' : 'invalid.request.parameter', 'Content-Type header should be application/json.', 'The request body must be JSON.'));
      }
      try { ctx.body = parseJSON(rawBody.toString('utf8')); } catch {
        throw bad(err(src, route.family === 'merchants' || route.family === 'plans' ? 'invalid.request.body.parameter' : 'invalid.request.parameter', 'Request body is not valid JSON.', 'Malformed JSON payload.'));
      }
    }
    const out = await fn(ctx);
    return send(res, out.status, out.body, { ...baseHeaders, ...(out.headers || {}) });
  } catch (e) {
    if (e instanceof HttpError) return send(res, e.status, e.body, { ...baseHeaders, ...e.headers });
    log('internal error', e.stack || e.message);
    return send(res, 500, wrap([err(src, 'internal.server.error', 'An unexpected error occurred while processing the request.', '', true)]), baseHeaders);
  }
}

const server = http.createServer((req, res) => {
  const chunks = []; let size = 0; let tooBig = false;
  req.on('data', (c) => { size += c.length; if (size > 5 * 1024 * 1024) tooBig = true; else chunks.push(c); });
  req.on('end', () => {
    if (tooBig) return send(res, 413, wrap([err(SRC_MC, 'payload.too.large', 'Request payload is too large.')]));
    handle(req, res, Buffer.concat(chunks)).catch((e) => { log('fatal', e.stack); try { send(res, 500, wrap([err(SRC_MC, 'internal.server.error', 'An unexpected error occurred.')])); } catch { /* */ } });
  });
});

(async () => {
  const pub = await exportJWK(mcEncKey.publicKey);
  jwks = { keys: [{ ...pub, kid: KID, use: 'enc', alg: 'RSA-OAEP-256' }] };
  server.listen(PORT, HOST, () => {
    actualPort = server.address().port;
    const url = `http://${HOST}:${actualPort}`;
    const sheet = {
      // The provider's document names its servers' URL with the /installments base path
      // (mastercard-installments-api.yml, servers: https://api.mastercard.com/installments); both are served.
      baseUrl: `${url}/installments`,
      keysUrl: `${url}/.well-known/jwks.json`,
      kid: KID,
      consumerKey: CONSUMER_KEY,
      signingPrivateKeyPem: pem(signing.privateKey),
      forbiddenConsumerKey: FORBIDDEN_CONSUMER_KEY,
      forbiddenSigningPrivateKeyPem: pem(forbiddenSigning.privateKey),
      responseDecryptionPrivateKeyPem: pem(respKey.privateKey),
      responseKid: RESP_KID,
      encryption: { alg: 'RSA-OAEP-256', enc: 'A256GCM', requestField: 'encryptedValue', encrypts: 'sensitiveData' },
      testData: {
        eligibleCardNumbers: ELIGIBLE_PANS,
        ineligibleCardNumbers: INELIGIBLE_PANS,
        accountRanges: ACCOUNT_RANGES.map((r) => ({ accountRangeLow: r.accountRangeLow, accountRangeHigh: r.accountRangeHigh, cid: r.cid, ica: r.ica, country: r.country })),
        acquirerICAs: { known: KNOWN_ACQ_ICAS, unknown: UNKNOWN_ACQ_ICAS },
        partnerICA: PARTNER_ICA,
        providerId: PROVIDER.providerId,
        offerIds: OFFER_TEMPLATES.map((t) => t.offerId),
        offerAmountRange: { min: OFFER_MIN, max: OFFER_MAX },
        ineligibleMccs: INELIGIBLE_MCCS,
        checkoutPlans: CHECKOUT_PLANS,
      },
      productConfiguration: { useCases: USE_CASES, distributionPartner: DISTRIBUTION_PARTNER },
      issuerUrl: ISSUER_URL,
    };
    process.stdout.write(JSON.stringify({ url, sheet }) + '\n');
    log(`listening on ${url}`);
  });
})();
const stop = () => { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 500).unref(); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
