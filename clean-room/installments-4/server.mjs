// Mastercard Installments partner sandbox (clean-room, written from the published documents only).
// Node 20, ES module, built-in modules + jose.
import http from 'node:http';
import crypto from 'node:crypto';
import { URL } from 'node:url';
import { CompactEncrypt, compactDecrypt, exportJWK } from 'jose';

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
function arg(name, def) {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < argv.length) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : def;
}
const PORT = Number(arg('port', '0'));
const HOST = arg('host', '127.0.0.1');
const ISSUER_URL = arg('issuer-url', '');
const log = (...a) => process.stderr.write(`[sandbox] ${a.join(' ')}\n`);

// ---------------------------------------------------------------- keys and credentials
function rsa() {
  return crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
}
const fingerprint = (pub) => crypto.createHash('sha256').update(pub.export({ type: 'spki', format: 'der' })).digest('hex');
const randomConsumerKey = () =>
  `${crypto.randomBytes(36).toString('base64url').slice(0, 48)}!${crypto.randomBytes(24).toString('hex')}`;

const encKeys = rsa(); // Mastercard (sandbox) encryption key: partners encrypt sensitive data to it
const KID = fingerprint(encKeys.publicKey);

// Self-signed X.509 certificate for the encryption key (Mastercard's client libraries load a certificate).
function der(tag, content) {
  const len = content.length;
  let l;
  if (len < 0x80) l = Buffer.from([len]);
  else { const b = []; let n = len; while (n > 0) { b.unshift(n & 0xff); n >>= 8; } l = Buffer.from([0x80 | b.length, ...b]); }
  return Buffer.concat([Buffer.from([tag]), l, content]);
}
function selfSignedCert(keys, cn) {
  const seq = (...xs) => der(0x30, Buffer.concat(xs));
  const sha256Rsa = seq(der(0x06, Buffer.from('2a864886f70d01010b', 'hex')), Buffer.from([0x05, 0x00]));
  const name = seq(der(0x31, seq(der(0x06, Buffer.from('550403', 'hex')), der(0x0c, Buffer.from(cn, 'utf8')))));
  const utc = (d) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
  const now = Date.now();
  const serial = crypto.randomBytes(16); serial[0] &= 0x7f; serial[0] |= 0x01;
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    sha256Rsa,
    name,
    seq(utc(new Date(now - 86400000)), utc(new Date(now + 10 * 365 * 86400000))),
    name,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const sig = crypto.sign('sha256', tbs, keys.privateKey);
  return seq(tbs, sha256Rsa, der(0x03, Buffer.concat([Buffer.from([0]), sig])));
}
const ENC_CERT_DER = selfSignedCert(encKeys, 'Mastercard Installments Sandbox Encryption');
const ENC_CERT_PEM = `-----BEGIN CERTIFICATE-----\n${ENC_CERT_DER.toString('base64').match(/.{1,64}/g).join('\n')}\n-----END CERTIFICATE-----\n`;
const ACCEPTED_KIDS = new Set([
  KID,
  crypto.createHash('sha256').update(ENC_CERT_DER).digest('hex'),
  crypto.createHash('sha256').update(ENC_CERT_DER).digest('base64'),
  crypto.createHash('sha256').update(encKeys.publicKey.export({ type: 'spki', format: 'der' })).digest('base64'),
]);
const partnerKeys = rsa();
const forbiddenKeys = rsa();
const PARTNER = { consumerKey: randomConsumerKey(), publicKey: partnerKeys.publicKey, entitled: true, name: 'partner' };
const FORBIDDEN = { consumerKey: randomConsumerKey(), publicKey: forbiddenKeys.publicKey, entitled: false, name: 'forbidden' };
const CLIENTS = new Map([[PARTNER.consumerKey, PARTNER], [FORBIDDEN.consumerKey, FORBIDDEN]]);
const PARTNER_KID = fingerprint(partnerKeys.publicKey);

// ---------------------------------------------------------------- sandbox test data
const ACCOUNT_RANGES = [
  { cid: '242666', ica: '19246', country: 'USA', accountRangeLow: '5110920000000000', accountRangeHigh: '5110929999999999' },
  { cid: '202020', ica: '7432', country: 'USA', accountRangeLow: '5204730000000000', accountRangeHigh: '5204739999999999' },
];
const ELIGIBLE_PANS = ['5110921032063789', '5110921000000011', '5110921000000029', '5204730000000013'];
const INELIGIBLE_PANS = ['5204730000000021', '2223000000000015'];
const KNOWN_ICAS = ['00689425761', '00689425762', '012345', '000000123'];
const UNKNOWN_ICAS = ['99999999999', '999999', '000000000'];
const PARTNER_ICA = '12689425746';
const USE_CASES = ['DURING_PURCHASE', 'POST_PURCHASE'];
const DISTRIBUTION_PARTNER = false;
const PROVIDER = {
  providerId: '29694e7a-b4a8-11ec-b909-0242ac120002',
  cid: '242666',
  providerName: 'Sandbox Installments Bank',
  providerLogoUrl: 'https://sandbox.installments.example.com/logo.png',
  disclosure: 'Offer only qualifies for purchase amounts from $50.00 up to $10000.00.',
};
const OFFER_TEMPLATES = [
  { offerId: '71392364', tenure: 6, frequency: 'BIWEEKLY', feeType: 'NO_FEES', feeValue: 0, interestRate: 0 },
  { offerId: '71392362', tenure: 4, frequency: 'WEEKLY', feeType: 'FIXED_AMT', feeValue: 10.1, interestRate: 0 },
];
const MIN_AMOUNT = 50;
const MAX_AMOUNT = 10000;
const INELIGIBLE_MCCS = new Set(['4829', '6010', '6011', '6012', '6051', '6211', '7995', '9223', '9402']);
const CURRENCIES = {
  USD: '$', CAD: '$', AUD: '$', NZD: '$', SGD: '$', HKD: '$', MXN: '$', BRL: 'R', EUR: '€', GBP: '£', INR: '₹', JPY: '¥', CNY: '¥',
  CHF: 'F', SEK: 'k', NOK: 'k', DKK: 'k', PLN: 'z', ZAR: 'R', AED: 'د', SAR: 'ر', KRW: '₩', THB: '฿', MYR: 'R', PHP: '₱', IDR: 'R',
  TRY: '₺', ILS: '₪', CZK: 'K', HUF: 'F', CLP: '$', COP: '$', PEN: 'S', ARS: '$', EGP: '£', NGN: '₦', KES: 'K', VND: '₫',
};
const COUNTRY_CURRENCY = {
  USA: ['USD'], CAN: ['CAD'], AUS: ['AUD'], NZL: ['NZD'], SGP: ['SGD'], HKG: ['HKD'], MEX: ['MXN'], BRA: ['BRL'], GBR: ['GBP'],
  IND: ['INR'], JPN: ['JPY'], CHN: ['CNY'], CHE: ['CHF'], SWE: ['SEK'], NOR: ['NOK'], DNK: ['DKK'], POL: ['PLN'], ZAF: ['ZAR'],
  ARE: ['AED'], SAU: ['SAR'], KOR: ['KRW'], THA: ['THB'], MYS: ['MYR'], PHL: ['PHP'], IDN: ['IDR'], TUR: ['TRY'], ISR: ['ILS'],
  CZE: ['CZK'], HUN: ['HUF'], CHL: ['CLP'], COL: ['COP'], PER: ['PEN'], ARG: ['ARS'], EGY: ['EGP'], NGA: ['NGN'], KEN: ['KES'],
  VNM: ['VND'], DEU: ['EUR'], FRA: ['EUR'], ITA: ['EUR'], ESP: ['EUR'], NLD: ['EUR'], BEL: ['EUR'], AUT: ['EUR'], IRL: ['EUR'],
  PRT: ['EUR'], FIN: ['EUR'], GRC: ['EUR'], LUX: ['EUR'],
};
const COUNTRIES = new Set(Object.keys(COUNTRY_CURRENCY));

// ---------------------------------------------------------------- state (in memory, never reset)
const panLists = new Map(); // panListId -> { panListId, panListName, range, pans:Set }
const presentments = new Map(); // offerTransactionId -> {...}
const plans = new Map(); // planId -> plan
const approvals = new Map(); // planId -> approval
const merchants = new Map(); // key -> merchant record
const mpRequests = new Map(); // requestId -> request
const nonces = new Map(); // consumerKey|nonce -> ts
let snowSeq = 0;
let mpSeq = 0;

// ---------------------------------------------------------------- helpers
const uuidRe = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const isStr = (v) => typeof v === 'string';
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isInt = (v) => Number.isInteger(v);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const present = (v) => v !== undefined && v !== null;
const round2 = (n) => Math.round((n + Number.EPSILON) * 100) / 100;
const luhn = (s) => {
  let sum = 0;
  let alt = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let d = s.charCodeAt(i) - 48;
    if (alt) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
    alt = !alt;
  }
  return sum % 10 === 0;
};
function snowflake() {
  snowSeq = (snowSeq + 1) & 0xfff;
  const t = BigInt(Date.now() - 1288834974657);
  return ((t << 22n) | (BigInt(process.pid & 0x3ff) << 12n) | BigInt(snowSeq)).toString();
}
function panListIdNew() {
  let id;
  do { id = String(100000000000000000n + BigInt(crypto.randomInt(0, 2 ** 30)) * 100000000n + BigInt(crypto.randomInt(0, 99999999))).slice(0, 18); }
  while (panLists.has(id));
  return id;
}
const rfc3986 = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const safeDecode = (s) => { try { return decodeURIComponent(s.replace(/\+/g, '%20')); } catch { return s; } };
// provider 2.0.0 localDateTime, transmissionDateTime: "[Date and Time RFC](rfc3339)": an RFC 3339 date-time carries its offset
// (Z or +hh:mm); the plans' 400 examples also show 'YYYY-MM-DD hh:mm:ss' (a space, no offset), taken as well (DECISIONS 4).
const rfc3339Re = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})| \d{2}:\d{2}:\d{2})$/i;
function validDateTime(s) {
  if (!isStr(s) || !rfc3339Re.test(s)) return false;
  const d = new Date(/[zZ]|[+-]\d{2}:\d{2}$/.test(s) ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`);
  if (Number.isNaN(d.getTime())) return false;
  const [y, m, dd] = s.slice(0, 10).split('-').map(Number);
  // RFC 3339 section 5.7: date-mday within the days of its month and year, time-hour 00 to 23 (new Date rolls 2025-02-29 over to
  // 1 March and reads hour 24 as the next midnight).
  const day = new Date(Date.UTC(y, m - 1, dd));
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== dd || Number(s.slice(11, 13)) > 23) return false;
  return m >= 1 && m <= 12 && dd >= 1 && dd <= 31 && y > 1900;
}
const datePart = (s) => String(s).slice(0, 10);
function addPeriod(dateStr, frequency, n) {
  const d = new Date(`${dateStr}T00:00:00Z`);
  if (frequency === 'MONTHLY') {
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + n);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  } else {
    const days = { WEEKLY: 7, BIWEEKLY: 14, '15DAYS': 15 }[frequency] || 30;
    d.setUTCDate(d.getUTCDate() + days * n);
  }
  return d.toISOString().slice(0, 10);
}
function inRange(pan, r) {
  const L = r.accountRangeLow.length;
  const lowCmp = pan.length >= L ? pan.slice(0, L) : pan.padEnd(L, '0');
  const highCmp = pan.length >= L ? pan.slice(0, L) : pan.padEnd(L, '9');
  return BigInt(lowCmp) >= BigInt(r.accountRangeLow) && BigInt(highCmp) <= BigInt(r.accountRangeHigh);
}
const rangeOf = (pan) => ACCOUNT_RANGES.find((r) => inRange(pan, r));
const panToString = (v) => {
  if (isStr(v)) return v;
  if (isNum(v)) return Number.isSafeInteger(v) ? String(v) : BigInt(Math.round(v)).toString();
  return undefined;
};

// error bodies -------------------------------------------------------------
const SRC = {
  consumer: 'mci-installments-consumer-api',
  offers: 'mci-installments-offers-eligibilities-api',
  plans: 'mci-installment-bnpl-plans-api',
  generic: "Mastercard Installments API's",
  mp: 'merchant-participation-api',
};
const E = (Source, ReasonCode, Description, Details = '', Recoverable = false) => ({ Source, ReasonCode, Description, Recoverable, Details });
const wrap = (list) => ({ Errors: { Error: Array.isArray(list) ? list : [list] } });

class HttpError extends Error {
  constructor(status, body, headers = {}) { super(`HTTP ${status}`); this.status = status; this.body = body; this.headers = headers; }
}
const fail = (status, errors, headers) => { throw new HttpError(status, wrap(errors), headers); };

// ---------------------------------------------------------------- JWE
const b64 = (x) => Buffer.from(String(x).replace(/-/g, '+').replace(/_/g, '/'), 'base64');
async function decryptJwe(jwe, source) {
  const bad = (d) => fail(400, E(source, 'invalid.request.parameter', 'Unable to decrypt the encrypted value.', d));
  if (!isStr(jwe) || jwe.split('.').length !== 5) bad('The encrypted value must be a JWE in compact serialization.');
  const [h64, ek64, iv64, ct64, tag64] = jwe.split('.');
  let header;
  try { header = JSON.parse(b64(h64).toString('utf8')); } catch { header = null; }
  if (!isObj(header)) bad('The JWE protected header is invalid.');
  if (header.kid && !ACCEPTED_KIDS.has(header.kid)) {
    fail(400, E(source, 'invalid.request.parameter', 'Provided public key fingerprint in request is invalid.', `kid ${header.kid} is not the Mastercard encryption key of this environment; expected ${KID}`));
  }
  if (!['RSA-OAEP-256', 'RSA-OAEP'].includes(header.alg)) bad(`Unsupported JWE alg ${header.alg}; use RSA-OAEP-256.`);
  let plaintext;
  try {
    if (/^A(128|192|256)GCM$/.test(header.enc)) {
      // Own implementation: Mastercard's client libraries use a 16-byte IV, which generic JOSE libraries reject.
      const cek = crypto.privateDecrypt({ key: encKeys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: header.alg === 'RSA-OAEP' ? 'sha1' : 'sha256' }, b64(ek64));
      const decipher = crypto.createDecipheriv(`aes-${cek.length * 8}-gcm`, cek, b64(iv64));
      decipher.setAAD(Buffer.from(h64, 'ascii'));
      decipher.setAuthTag(b64(tag64));
      plaintext = Buffer.concat([decipher.update(b64(ct64)), decipher.final()]);
    } else {
      plaintext = Buffer.from((await compactDecrypt(jwe, encKeys.privateKey, { keyManagementAlgorithms: ['RSA-OAEP-256', 'RSA-OAEP'] })).plaintext);
    }
  } catch (e) {
    bad(String(e.message || e));
  }
  const txt = plaintext.toString('utf8');
  try { return JSON.parse(txt); } catch { return txt; }
}
async function encryptForPartner(obj) {
  return new CompactEncrypt(Buffer.from(JSON.stringify(obj), 'utf8'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: PARTNER_KID, cty: 'application/json' })
    .encrypt(partnerKeys.publicKey);
}
// Returns { data, encrypted } where data is the plain sensitiveData object (or undefined).
async function readSensitive(body, source, field = 'encryptedValue') {
  if (present(body[field])) {
    let data = await decryptJwe(body[field], source);
    if (isObj(data) && isObj(data.sensitiveData)) data = data.sensitiveData;
    return { data, encrypted: true };
  }
  if (isStr(body.sensitiveData)) {
    let data = await decryptJwe(body.sensitiveData, source);
    if (isObj(data) && isObj(data.sensitiveData)) data = data.sensitiveData;
    return { data, encrypted: true };
  }
  if (isObj(body.sensitiveData) && isStr(body.sensitiveData.encryptedValue)) {
    return { data: await decryptJwe(body.sensitiveData.encryptedValue, source), encrypted: true };
  }
  if (present(body.sensitiveData)) return { data: body.sensitiveData, encrypted: false };
  return { data: undefined, encrypted: false };
}

// ---------------------------------------------------------------- OAuth 1.0a verification
function endpointFamily(method, path) {
  if (path.startsWith('/consumers/')) return 'consumer';
  if (path.startsWith('/merchants/')) return 'merchants';
  if (path === '/offers') return 'offers';
  if (path === '/plans' && method === 'POST') return 'plansPost';
  return 'checkout'; // GET /plans/{id}, /approvals
}
function unauthorized(family, details) {
  switch (family) {
    case 'consumer': return new HttpError(401, wrap(E('Gateway', 'DECLINED', 'Unauthorized - Access Not Granted', details)));
    case 'merchants': return new HttpError(401, wrap(E(SRC.generic, 'account.not.registered', 'We cannot find the account that you are using to access this service. Kindly register your account or contact your Mastercard associate if you have already registered with us earlier.', details)));
    case 'plansPost': return new HttpError(401, wrap(E(SRC.plans, 'unauthorized', 'Unauthorized to access the resource.', details)));
    default: return new HttpError(401, wrap(E(SRC.offers, 'unauthorized', 'Unauthorized to access the resource.', details)));
  }
}
function forbidden(family) {
  const d = 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.';
  switch (family) {
    case 'consumer': return new HttpError(403, wrap(E(SRC.consumer, 'forbidden', d)));
    case 'offers': return new HttpError(403, wrap(E(SRC.offers, 'forbidden', 'Forbidden to access the resource.')));
    default: return new HttpError(403, wrap(E(SRC.generic, 'forbidden', d)));
  }
}
function parseOAuthHeader(h) {
  const m = /^\s*OAuth\s+(.*)$/is.exec(h || '');
  if (!m) return null;
  const out = {};
  const re = /([A-Za-z0-9_\-.~%]+)\s*=\s*(?:"([^"]*)"|([^,\s]*))/g;
  let x;
  const pct = (v) => { try { return decodeURIComponent(v); } catch { return v; } };
  while ((x = re.exec(m[1]))) out[pct(x[1])] = pct(x[2] !== undefined ? x[2] : x[3]);
  return out;
}
function authenticate(req, rawBody, family) {
  const p = parseOAuthHeader(req.headers.authorization);
  if (!p) throw unauthorized(family, 'Missing or malformed OAuth 1.0a Authorization header.');
  for (const k of ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature', 'oauth_timestamp', 'oauth_nonce']) {
    if (!p[k]) throw unauthorized(family, `OAuth parameter ${k} is missing.`);
  }
  const client = CLIENTS.get(p.oauth_consumer_key);
  if (!client) throw unauthorized(family, 'Unknown consumer key.');
  const pss = ['RSA-PSS', 'RSA-PSS-SHA256', 'PS256'].includes(p.oauth_signature_method);
  if (p.oauth_signature_method !== 'RSA-SHA256' && !pss) throw unauthorized(family, 'oauth_signature_method must be RSA-SHA256 (or RSA-PSS).');
  if (p.oauth_version && p.oauth_version !== '1.0') throw unauthorized(family, 'oauth_version must be 1.0.');
  const ts = Number(p.oauth_timestamp);
  const now = Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(p.oauth_timestamp) || Math.abs(now - ts) > 900) throw unauthorized(family, 'oauth_timestamp is invalid or outside the accepted window.');
  const bodyHash = crypto.createHash('sha256').update(rawBody).digest('base64');
  if (rawBody.length > 0 && !p.oauth_body_hash) throw unauthorized(family, 'oauth_body_hash is required for requests with a body.');
  if (p.oauth_body_hash && p.oauth_body_hash !== bodyHash) throw unauthorized(family, 'oauth_body_hash does not match the request body.');
  // signature base string candidates
  const u = new URL(req.url, 'http://x');
  const host = String(req.headers.host || `${HOST}:${PORT}`).toLowerCase().replace(/:80$/, '');
  const path = u.pathname;
  const rawQuery = (req.url.split('?')[1] || '').split('#')[0];
  const qpairs = rawQuery ? rawQuery.split('&').filter(Boolean).map((kv) => { const i = kv.indexOf('='); return i < 0 ? [kv, ''] : [kv.slice(0, i), kv.slice(i + 1)]; }) : [];
  const oauthPairs = Object.entries(p).filter(([k]) => k.startsWith('oauth_') && k !== 'oauth_signature');
  const variants = [
    [qpairs.map(([k, v]) => [rfc3986(safeDecode(k)), rfc3986(safeDecode(v))]), oauthPairs],
    [qpairs.map(([k, v]) => [rfc3986(safeDecode(k)), rfc3986(safeDecode(v))]), oauthPairs.map(([k, v]) => [rfc3986(k), rfc3986(v)])],
    [qpairs, oauthPairs],
    [qpairs.map(([k, v]) => [safeDecode(k), safeDecode(v)]), oauthPairs],
  ];
  const sig = Buffer.from(p.oauth_signature, 'base64');
  let ok = false;
  for (const scheme of ['http', 'https']) {
    const baseUri = `${scheme}://${host}${path}`;
    for (const [q, o] of variants) {
      const all = [...q, ...o].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
      const dedup = all.filter((x, i) => i === 0 || x[0] !== all[i - 1][0] || x[1] !== all[i - 1][1]);
      const candidates = new Set();
      for (const list of [all, dedup]) {
        const paramString = list.map(([k, v]) => `${k}=${v}`).join('&');
        candidates.add(`${req.method.toUpperCase()}&${rfc3986(baseUri)}&${rfc3986(paramString)}`);
        // exactly as Mastercard's Node signer builds it (only the first '*' and first '!' are escaped)
        candidates.add(`${req.method.toUpperCase()}&${encodeURIComponent(baseUri)}&${encodeURIComponent(paramString).replace('*', '%2A')}`.replace(/!/, '%21'));
      }
      for (const sbs of candidates) {
        try {
          const key = pss ? { key: client.publicKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: crypto.constants.RSA_PSS_SALTLEN_AUTO } : client.publicKey;
          if (crypto.verify('sha256', Buffer.from(sbs, 'utf8'), key, sig)) { ok = true; break; }
        } catch { /* ignore */ }
      }
      if (ok) break;
    }
    if (ok) break;
  }
  if (!ok) throw unauthorized(family, 'INVALID_SIGNATURE: the request signature does not match the expected one.');
  const nk = `${client.consumerKey}|${p.oauth_nonce}|${p.oauth_timestamp}`;
  if (nonces.has(nk)) throw unauthorized(family, 'oauth_nonce has already been used.');
  nonces.set(nk, now);
  if (nonces.size > 50000) for (const [k, t] of nonces) if (now - t > 1000) nonces.delete(k);
  if (!client.entitled) throw forbidden(family);
  return client;
}

// ---------------------------------------------------------------- generic validation helper
// issues: {field, kind: missing|format|length|value, msg}
class V {
  constructor() { this.issues = []; }
  add(field, kind, msg) { this.issues.push({ field, kind, msg }); return false; }
  str(obj, key, path, { required = false, min, max, pattern, enumv } = {}) {
    const v = obj ? obj[key] : undefined;
    if (!present(v)) return required ? this.add(path, 'missing', 'must not be null') : true;
    if (!isStr(v)) return this.add(path, 'format', 'must be a string');
    // JSON Schema minLength/maxLength count characters (code points), not UTF-16 units.
    const n = [...v].length;
    if (min !== undefined && n < min) return this.add(path, 'length', `size must be between ${min} and ${max ?? 'unbounded'}`);
    if (max !== undefined && n > max) return this.add(path, 'length', `size must be between ${min ?? 0} and ${max}`);
    if (pattern && !pattern.test(v)) return this.add(path, 'format', `must match "${pattern.source}"`);
    if (enumv && !enumv.includes(v)) return this.add(path, 'value', `must be one of [${enumv.join(', ')}]`);
    return true;
  }
  num(obj, key, path, { required = false, min, max, integer = false } = {}) {
    const v = obj ? obj[key] : undefined;
    if (!present(v)) return required ? this.add(path, 'missing', 'must not be null') : true;
    if (!isNum(v) || (integer && !isInt(v))) return this.add(path, 'format', integer ? 'must be an integer' : 'must be a number');
    if (min !== undefined && v < min) return this.add(path, 'value', `must be greater than or equal to ${min}`);
    if (max !== undefined && v > max) return this.add(path, 'value', `must be less than or equal to ${max}`);
    return true;
  }
  obj(obj, key, path, { required = false } = {}) {
    const v = obj ? obj[key] : undefined;
    if (!present(v)) return required ? this.add(path, 'missing', 'must not be null') : false;
    if (!isObj(v)) return this.add(path, 'format', 'must be an object');
    return true;
  }
  arr(obj, key, path, { required = false, min, max } = {}) {
    const v = obj ? obj[key] : undefined;
    if (!present(v)) return required ? this.add(path, 'missing', 'must not be null') : false;
    if (!Array.isArray(v)) return this.add(path, 'format', 'must be an array');
    if (min !== undefined && v.length < min) return this.add(path, 'length', `size must be between ${min} and ${max ?? 'unbounded'}`);
    if (max !== undefined && v.length > max) return this.add(path, 'length', `size must be between ${min ?? 0} and ${max}`);
    return true;
  }
}
const GENERIC_DESC = {
  missing: 'One or more of the required fields are missing',
  format: 'Field format or type is invalid',
  length: 'Field length is out of bound',
  value: "Value doesn't exist / doesn't meet specified range",
};
function genericFail(v) {
  if (v.issues.length) {
    fail(400, v.issues.map((i) => E(SRC.generic, 'invalid.request.body.parameter', GENERIC_DESC[i.kind], `${i.field}: ${i.msg}`)));
  }
}

// ---------------------------------------------------------------- PAN lists
async function registerPans(body) {
  const S = SRC.consumer;
  const errs = [];
  const hasId = present(body.panListId);
  if (hasId) {
    if (!isStr(body.panListId) || !/^[0-9]{18}$/.test(body.panListId)) errs.push(E(S, 'invalid.data: panListId', 'must match "^[0-9]{18}$"'));
    // provider 2.0.0 PanRegistrationBody.panListName: pattern ^[a-zA-Z0-9\s-]{1,64}$, judged whenever the name is sent.
    if (present(body.panListName) && (!isStr(body.panListName) || !/^[a-zA-Z0-9\s-]{1,64}$/.test(body.panListName))) errs.push(E(S, 'invalid.data: panListName', 'must match "^[a-zA-Z0-9\\s-]{1,64}$"'));
  } else {
    if (!present(body.panListName) || body.panListName === '') errs.push(E(S, 'invalid.data: panListName', 'must not be null or empty'));
    else if (!isStr(body.panListName) || !/^[a-zA-Z0-9\s-]{1,64}$/.test(body.panListName)) errs.push(E(S, 'invalid.data: panListName', 'must match "^[a-zA-Z0-9\\s-]{1,64}$"'));
  }
  let range;
  if (present(body.accountRange)) {
    if (!isObj(body.accountRange)) errs.push(E(S, 'invalid.data: accountRange', 'must be an object'));
    else {
      for (const k of ['accountRangeLow', 'accountRangeHigh']) {
        const v = body.accountRange[k];
        if (!present(v)) errs.push(E(S, `invalid.data: accountRange.${k}`, 'must not be null'));
        else if (!isStr(v) || !/^[0-9]{11,19}$/.test(v)) errs.push(E(S, `invalid.data: accountRange.${k}`, 'must match "^[0-9]{11,19}$"'));
      }
      range = body.accountRange;
    }
  }
  if (errs.length) fail(400, errs);
  const { data, encrypted } = await readSensitive(body, S);
  let pans;
  if (present(data)) {
    if (!isObj(data) || (present(data.pans) && !Array.isArray(data.pans))) fail(400, E(S, 'invalid.data: encryptedValue', 'must contain a pans array'));
    pans = (data.pans || []).map((p) => (isObj(p) ? panToString(p.pan) : panToString(p)));
  }
  let list;
  if (hasId) {
    list = panLists.get(body.panListId);
    if (!list) fail(400, E(S, 'invalid.request.parameter', `Pan list not found for id ${body.panListId}`));
    // provider 2.0.0 registerPans 400 example PansNotPresentUpdateRequest: "To update pan list at least one pan should be
    // present": items without a pan are no pan.
    if (!pans || pans.filter((p) => present(p) && p !== '').length === 0) fail(400, E(S, 'invalid.pan', 'To update pan list at least one pan should be present'));
    if (range && (range.accountRangeLow !== list.range.accountRangeLow || range.accountRangeHigh !== list.range.accountRangeHigh)) {
      fail(400, E(S, 'invalid.accountRange', 'Invalid account range for pan list'));
    }
  } else {
    if (!range && (!pans || pans.length === 0)) fail(400, E(S, 'invalid.data: Either encryptedValue or Account Range', 'must not be null or empty'));
    let r;
    if (range) {
      r = ACCOUNT_RANGES.find((x) => x.accountRangeLow === range.accountRangeLow && x.accountRangeHigh === range.accountRangeHigh);
      if (!r) fail(400, E(S, 'invalid.accountRange', 'Account range not valid'));
    } else {
      for (const p of pans) { if (isStr(p) && /^[0-9]{11,19}$/.test(p) && luhn(p)) { r = rangeOf(p); if (r) break; } }
    }
    if (r) list = { panListId: panListIdNew(), panListName: body.panListName, range: r, pans: new Set(), createdAt: new Date().toISOString() };
  }
  const failures = [];
  let ok = 0;
  const pending = new Set();
  for (const pan of pans || []) {
    const perr = (description) => failures.push({ pan: pan ?? '', error: { reasonCode: 'Invalid.pan', description } });
    if (!isStr(pan) || !/^[0-9]{11,19}$/.test(pan)) { perr("pan doesn't have required 11-19 digits"); continue; }
    if (!luhn(pan)) { perr('pan failed for Luhn check'); continue; }
    if (!list || !inRange(pan, list.range)) { perr('pan failed for account range validation'); continue; }
    if (list.pans.has(pan) || pending.has(pan)) { perr('pan already present in list'); continue; }
    pending.add(pan);
    ok++;
  }
  const resp = { successfulCount: String(ok), failureCount: String(failures.length) };
  if (list) {
    for (const p of pending) list.pans.add(p);
    panLists.set(list.panListId, list);
    resp.panList = { panListId: list.panListId, panListName: list.panListName };
    const { cid, ica, country, accountRangeLow, accountRangeHigh } = list.range;
    resp.accountRange = { cid, ica, country, accountRangeLow, accountRangeHigh };
  }
  if (failures.length) {
    if (encrypted) resp.encryptedValue = await encryptForPartner({ pans: failures });
    else resp.sensitiveData = { pans: failures };
  }
  return [200, resp];
}

async function deregisterPans(body) {
  const S = SRC.consumer;
  if (!present(body.panListId)) fail(400, E(S, 'invalid.data: panListId', 'must not be null'));
  if (!isStr(body.panListId) || !/^[0-9]{18}$/.test(body.panListId)) fail(400, E(S, 'invalid.data: panListId', 'must match "^[0-9]{18}$"'));
  const list = panLists.get(body.panListId);
  if (!list) fail(400, E(S, 'invalid.request.parameter', `Pan list not found for id ${body.panListId}`));
  const { data, encrypted } = await readSensitive(body, S);
  if (!isObj(data) || !Array.isArray(data.pans) || data.pans.length === 0) fail(400, E(S, 'invalid.data: encryptedValue', 'must not be null or empty'));
  const failures = [];
  let ok = 0;
  for (const raw of data.pans) {
    const pan = isObj(raw) ? panToString(raw.pan) : panToString(raw);
    const perr = (reasonCode, description) => failures.push({ pan: pan ?? '', error: { reasonCode, description } });
    if (!isStr(pan) || !/^[0-9]{11,19}$/.test(pan)) { perr('Invalid.pan', "pan doesn't have required 11-19 digits"); continue; }
    if (!luhn(pan)) { perr('Invalid.pan', 'pan failed for Luhn check'); continue; }
    if (list.pans.has(pan)) { list.pans.delete(pan); ok++; continue; }
    const elsewhere = [...panLists.values()].some((l) => l.pans.has(pan));
    if (elsewhere) perr('pan.not.linked', 'pan not associated with the pan list');
    else perr('pan.not.registered', 'pan not present');
  }
  const resp = { panListId: list.panListId, successfulCount: String(ok), failureCount: String(failures.length) };
  if (failures.length) {
    if (encrypted) resp.encryptedValue = await encryptForPartner({ pans: failures });
    else resp.sensitiveData = { pans: failures };
  }
  return [200, resp];
}

// ---------------------------------------------------------------- offers
function panEligible(pan) {
  if (ELIGIBLE_PANS.includes(pan)) return true;
  for (const l of panLists.values()) if (l.pans.has(pan)) return true;
  return false;
}
// provider 2.0.0 Offer amounts: "with minor unit according to ISO 4217": the currencies served without a minor unit (0 digits);
// every other one served has 2.
const ZERO_DIGIT_CURRENCIES = new Set(['JPY', 'KRW', 'VND', 'CLP']);
function buildOffer(t, amount, currency, startDate, priority) {
  const digits = ZERO_DIGIT_CURRENCIES.has(currency) ? 0 : 2;
  const unit = 10 ** digits;
  const roundU = (n) => Math.round((n + Number.EPSILON) * unit) / unit;
  const fee = t.feeType === 'FIXED_AMT' ? roundU(t.feeValue) : 0;
  const total = roundU(amount + fee);
  const other = Math.floor((amount / t.tenure) * unit + 1e-9) / unit;
  const first = roundU(total - other * (t.tenure - 1));
  const sym = CURRENCIES[currency] || '$';
  const freqText = { WEEKLY: 'weekly', BIWEEKLY: 'biweekly', MONTHLY: 'monthly', '15DAYS': '15-day' }[t.frequency];
  const apr = fee > 0 ? round2((fee / amount) * (365 / ({ WEEKLY: 7, BIWEEKLY: 14, MONTHLY: 30 }[t.frequency] * t.tenure)) * 100) : 0;
  const offer = {
    priority,
    objectType: 'Offer',
    offerId: t.offerId,
    offerType: 'CARDED_OFFER',
    offerDisplayText: `${t.tenure} ${freqText} payments of ${sym}${other.toFixed(digits)}`,
    currencySymbol: sym,
    apr,
    tenure: t.tenure,
    frequency: t.frequency,
    interestRate: t.interestRate,
    firstInstallmentSchedule: 'TRANSACTION_DATE',
    totalAmount: total,
    firstInstallmentAmount: first,
    otherInstallmentAmount: other,
    feeType: t.feeType,
    feeValue: fee,
    offerBeginDatetime: '2024-01-01T00:00:00Z',
    offerEndDatetime: '2030-12-31T23:59:59Z',
    provider: { ...PROVIDER },
    schedulePayments: [],
  };
  if (t.feeType !== 'NO_FEES') offer.feeDistribution = 'FIRST_INSTALLMENT';
  for (let i = 0; i < t.tenure; i++) {
    offer.schedulePayments.push({ installmentNumber: i + 1, installmentAmount: i === 0 ? first : other, dueDate: addPeriod(startDate, t.frequency, i) });
  }
  return offer;
}

async function postOffers(req, body) {
  const S = SRC.offers;
  const al = req.headers['accept-language'];
  if (present(al) && al !== '') {
    const tags = String(al).split(',').map((x) => x.trim().split(';')[0].trim()).filter(Boolean);
    if (!tags.some((t) => t === '*' || /^en(-[A-Za-z]{2})?$/i.test(t))) fail(400, E(S, 'invalid.accept.language', 'Accept Language header is invalid.'));
  }
  const errs = [];
  const tx = body.transaction;
  if (!isObj(tx)) {
    errs.push(E(S, 'transaction', 'must not be null'));
  } else {
    if (!present(tx.amount)) errs.push(E(S, 'transaction.amount', 'must not be null'));
    else if (!isNum(tx.amount) || tx.amount <= 0) errs.push(E(S, 'transaction.amount', 'must be a positive number'));
    if (!present(tx.currency)) errs.push(E(S, 'transaction.currency', 'must not be null'));
    else if (!isStr(tx.currency) || tx.currency.length !== 3) errs.push(E(S, 'transaction.currency', 'size must be between 3 and 3'));
    if (!present(tx.localDateTime) || tx.localDateTime === '') errs.push(E(S, 'invalid.request.parameter', 'Local Transaction date and time must be present'));
    else if (!validDateTime(tx.localDateTime)) errs.push(E(S, 'invalid.request.parameter', 'Local Transaction date and time is invalid', 'transaction.localDateTime must be an RFC 3339 date-time'));
  }
  if (errs.length) fail(400, errs);
  const m = body.merchant;
  if (present(m) && !isObj(m)) fail(400, E(S, 'invalid.request.parameter', 'Merchant object is invalid'));
  if (!isObj(m) || Object.keys(m).filter((k) => present(m[k])).length === 0) {
    fail(400, E(S, 'invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist'));
  }
  const lens = { name: [1, 100], country: [3, 3], mcc: [4, 4], url: [1, 50], acquirerId: [1, 6], merchantId: [1, 15] };
  for (const [k, [lo, hi]] of Object.entries(lens)) {
    if (!present(m[k])) continue;
    if (!isStr(m[k]) || [...m[k]].length < lo || [...m[k]].length > hi) errs.push(E(S, `merchant.${k}`, `size must be between ${lo} and ${hi}`));
  }
  if (errs.length) fail(400, errs);
  if (present(m.mcc) && !/^[0-9]{4}$/.test(m.mcc)) fail(400, E(S, 'merchant.mcc', 'must match "^[0-9]{4}$"'));
  const hasAcq = present(m.acquirerId);
  const hasMid = present(m.merchantId);
  if (hasAcq !== hasMid) fail(400, E(S, 'invalid.request.parameter', 'AcquirerId, MerchantId and CountryCode must be present'));
  if (!hasAcq && !present(m.name) && !present(m.url)) {
    fail(400, E(S, 'invalid.request.parameter', 'One of the below combination of data must be present 1. If requester pass either of acquirer Id or merchant Id than country, acquirer Id and merchant Id is mandatory 2. In case of merchant name - country code is mandatory 3. In case of URL - country code is mandatory'));
  }
  if (!present(m.country)) fail(400, E(S, 'invalid.request.parameter', 'Country code must be present'));
  const country = m.country.toUpperCase();
  if (!COUNTRIES.has(country)) fail(400, E(S, 'invalid.request.parameter', 'Country Code Not Supported'));
  // ISO 4217 alphabetic codes are capitals: 'usd' is no code (provider 2.0.0: "Currency code according to ISO 4217").
  const currency = tx.currency;
  if (!CURRENCIES[currency]) fail(400, E(S, 'invalid.request.parameter', 'Currency Code Not Supported'));
  if (!COUNTRY_CURRENCY[country].includes(currency)) fail(400, E(S, 'invalid.request.parameter', 'Invalid Country and Currency Pair'));
  const { data } = await readSensitive(body, S);
  const pan = isObj(data) && isObj(data.consumer) ? panToString(data.consumer.primaryAccountNumber) : undefined;
  if (!present(pan) || pan === '') fail(400, E(S, 'consumer.primaryAccountNumber', 'must not be null'));
  if (!/^[0-9]{11,19}$/.test(pan)) {
    fail(400, [E(S, 'consumer.primaryAccountNumber', 'size must be between 11 and 19'), E(S, 'consumer.primaryAccountNumber', 'must match "^\\d{11,19}$"')]);
  }
  if (!luhn(pan)) fail(400, E(S, 'invalid.request.parameter', 'PAN provided is invalid'));
  const messages = [];
  if (!panEligible(pan)) messages.push({ reasonCode: 'consumer.not.eligible', message: 'Consumer is not eligible for Installments' });
  if (tx.amount < MIN_AMOUNT || tx.amount > MAX_AMOUNT) messages.push({ reasonCode: 'amount.not.qualify', message: 'Purchase Amount does not qualify for Installments' });
  if (present(m.mcc) && INELIGIBLE_MCCS.has(m.mcc)) messages.push({ reasonCode: 'mcc.not.eligible', message: 'Merchant Category Code is not eligible for Installments' });
  const offerTransactionId = snowflake();
  let offers = [];
  if (!messages.length) {
    const start = datePart(tx.localDateTime);
    offers = OFFER_TEMPLATES.map((t) => buildOffer(t, tx.amount, currency, start, 0))
      .sort((a, b) => a.otherInstallmentAmount - b.otherInstallmentAmount)
      .map((o, i) => ({ ...o, priority: i + 1 }));
  }
  presentments.set(offerTransactionId, {
    offerTransactionId, pan, amount: tx.amount, currency, localDateTime: tx.localDateTime, merchant: { ...m, country }, offers, planId: null, createdAt: Date.now(),
  });
  const resp = { total: offers.length, offerTransactionId, offers };
  if (messages.length) resp.eligibilityMessages = messages;
  return [200, resp];
}

// ---------------------------------------------------------------- plans
const planErr = (Description, Details, ReasonCode = 'invalid.request.parameter') => E(SRC.plans, ReasonCode, Description, Details);
async function postPlans(req, body) {
  const cid = req.headers['correlation-id'];
  if (present(cid) && !uuidRe.test(cid)) fail(400, planErr('Invalid Correlation-Id header.', 'Correlation-Id must be a UUID of 36 characters.'));
  const { data } = await readSensitive(body, SRC.plans);
  const v = new V();
  v.str(body, 'offerTransactionId', 'offerTransactionId', { required: true, min: 8, max: 40 });
  v.str(body, 'providerId', 'providerId', { required: true, min: 36, max: 36, pattern: uuidRe });
  v.str(body, 'offerId', 'offerId', { min: 8, max: 64 });
  if (v.arr(body, 'transactionOffers', 'transactionOffers', { max: 50 })) {
    body.transactionOffers.forEach((o, i) => { if (!isObj(o)) v.add(`transactionOffers[${i}]`, 'format', 'must be an object'); else v.str(o, 'offerId', `transactionOffers[${i}].offerId`, { required: true, min: 8, max: 64 }); });
  }
  if (v.issues.length) fail(400, v.issues.map((i) => planErr(i.kind === 'missing' ? `${i.field} is missing.` : `${i.field} is invalid.`, `${i.field} ${i.msg}`)));
  // merchant
  const m = body.merchant;
  if (present(m) && !isObj(m)) fail(400, planErr('Merchant object is invalid.', 'merchant must be an object.'));
  if (isObj(m)) {
    const s = (k) => present(m[k]) ? String(m[k]) : undefined;
    if (present(m.name) && (!isStr(m.name) || [...m.name].length < 1 || [...m.name].length > 100)) fail(400, planErr('Merchant Name validation failed-Value has incorrect length.', 'Merchant name should not be greater than 100 in length.'));
    if (present(m.url) && (s('url').length < 1 || s('url').length > 50)) fail(400, planErr('Incorrect Merchant URL length.', 'Merchant URL should not be lesser that 1 and greater than 50 in length.'));
    if (present(m.url) && !/^(https?:\/\/)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+([/?#][^\s]*)?$/.test(s('url'))) fail(400, planErr('Invalid Merchant URL.', 'Merchant URL is not a valid URL.'));
    if (present(m.acquirerId) && (s('acquirerId').length < 1 || s('acquirerId').length > 6)) fail(400, planErr('Incorrect Acquirer Id length.', 'Acquirer Id should not be less than 1 and greater than 6 in length. Please provide a valid Acquirer Id.'));
    if (present(m.acquirerId) && !/^[0-9]+$/.test(s('acquirerId'))) fail(400, planErr('Invalid Acquirer Id.', 'Acquirer Id should be numeric only.'));
    if (present(m.country) && (!isStr(m.country) || !COUNTRIES.has(m.country.toUpperCase()))) fail(400, planErr('Country Code Not Supported.', 'Invalid merchant country code.'));
    if (present(m.mcc) && s('mcc').length !== 4) fail(400, planErr('Merchant Category Code is invalid. Length must match 4.', 'Merchant Category Code length must be 4.'));
    if (present(m.merchantId) && (s('merchantId').length < 1 || s('merchantId').length > 15)) fail(400, planErr('Incorrect Merchant Id length.', 'Merchant id should not be lesser than 1 and greater than 15 in length.'));
    if (present(m.merchantId) && !/^[A-Za-z0-9 ]+$/.test(s('merchantId'))) fail(400, planErr('Invalid Merchant Id.', 'Merchant id should be alphanumeric.'));
  }
  // transaction
  const tx = body.transaction;
  if (!isObj(tx)) fail(400, planErr('transaction is missing.', 'transaction must not be null.'));
  if (!present(tx.amountType) || !['PURCHASE', 'FINAL'].includes(tx.amountType)) fail(400, planErr('Incorrect value for Amount Type.', "Amount type must be 'PURCHASE' OR 'FINAL'."));
  if (!present(tx.amount)) fail(400, planErr('Transaction amount is missing.', 'transaction.amount must not be null.'));
  if (!isNum(tx.amount) || tx.amount < 0 || tx.amount > 9999999999999.99) fail(400, planErr('Invalid transaction amount.', 'transaction.amount must be a number between 0 and 9999999999999.99.'));
  if (!present(tx.currency) || !isStr(tx.currency) || !/^[A-Z]{3}$/.test(tx.currency) || !CURRENCIES[tx.currency]) fail(400, planErr('Currency Not Supported.', 'Invalid transaction currency.'));
  const ts = (k) => String(tx[k]);
  if (present(tx.stan) && (ts('stan').length < 1 || ts('stan').length > 6)) fail(400, planErr('Incorrect STAN length.', 'STAN should not be less than 1 or greater than 6. Please provide a valid STAN.'));
  if (present(tx.stan) && !/^[0-9]+$/.test(ts('stan'))) fail(400, planErr('Non-Numeric STAN.', 'STAN should be numeric only.'));
  if (present(tx.rrn) && ts('rrn').length > 12) fail(400, planErr('Incorrect RRN length.', 'RRN should be 12 digits in length. Please provide a valid RRN.'));
  if (present(tx.rrn) && ts('rrn') !== '' && !/^[0-9]+$/.test(ts('rrn'))) fail(400, planErr('Non-Numeric RRN.', 'RRN should be numeric only.'));
  if (present(tx.authorizationCode) && ts('authorizationCode').length > 6) fail(400, planErr('Incorrect Auth Code length.', 'Authorization code should be 6 digits in length. Please provide a valid Authorization code.'));
  if (present(tx.authorizationCode) && ts('authorizationCode') !== '' && !/^[0-9]+$/.test(ts('authorizationCode'))) fail(400, planErr('Invalid Auth Code.', 'Authorization code should be numeric only.'));
  if (present(tx.transactionLinkId) && ts('transactionLinkId').length > 22) fail(400, planErr('Invalid Transaction Link Id.', 'Transaction link id should not be greater than 22. Please provide a valid transaction link id.'));
  if (present(tx.transmissionDateTime) && !validDateTime(tx.transmissionDateTime)) fail(400, planErr('Invalid datetime format.', "Transmission date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  if (present(tx.localDateTime) && !validDateTime(tx.localDateTime)) fail(400, planErr('Invalid datetime format.', "Local Transaction date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."));
  // provider 2.0.0 PlanInstallmentInformation and SchedulePayment: "This object is mandatory for Mastercard Installments
  // Payment Services" (feeValue too); seed 001 files POST /plans under the installments services (during and post purchase),
  // the product this sandbox partner has.
  if (!present(body.planInstallmentInformation)) fail(400, planErr('planInstallmentInformation is missing.', 'planInstallmentInformation is mandatory for Mastercard Installments Payment Services.'));
  if (isObj(body.planInstallmentInformation) && !present(body.planInstallmentInformation.feeValue)) fail(400, planErr('planInstallmentInformation.feeValue is missing.', 'feeValue is mandatory for Mastercard Installments Payment Services.'));
  if (!present(body.schedulePayments)) fail(400, planErr('schedulePayments is missing.', 'schedulePayments is mandatory for Mastercard Installments Payment Services.'));
  // plan installment information
  const pi = body.planInstallmentInformation;
  if (present(pi)) {
    if (!isObj(pi)) fail(400, planErr('planInstallmentInformation is invalid.', 'planInstallmentInformation must be an object.'));
    if (present(pi.frequency) && !['WEEKLY', 'BIWEEKLY', 'MONTHLY'].includes(pi.frequency)) fail(400, planErr(`Invalid frequency - ${pi.frequency}.`, 'Frequency not valid for Installments on Card.'));
    const pv = new V();
    pv.str(pi, 'frequency', 'planInstallmentInformation.frequency', { required: true, min: 3, max: 20 });
    pv.num(pi, 'tenure', 'planInstallmentInformation.tenure', { required: true, integer: true, min: 2, max: 99 });
    pv.num(pi, 'apr', 'planInstallmentInformation.apr', { min: 0, max: 200 });
    pv.str(pi, 'currency', 'planInstallmentInformation.currency', { min: 3, max: 3 });
    for (const k of ['firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue', 'totalAmount']) pv.num(pi, k, `planInstallmentInformation.${k}`, { min: 0, max: 1e15 });
    if (pv.issues.length) fail(400, pv.issues.map((i) => planErr(`${i.field} is invalid.`, `${i.field} ${i.msg}`)));
  }
  if (present(body.schedulePayments)) {
    const sv = new V();
    if (sv.arr(body, 'schedulePayments', 'schedulePayments', { max: 99 })) {
      body.schedulePayments.forEach((p, i) => {
        if (!isObj(p)) return sv.add(`schedulePayments[${i}]`, 'format', 'must be an object');
        sv.num(p, 'installmentAmount', `schedulePayments[${i}].installmentAmount`, { required: true, min: 0, max: 1e15 });
        sv.str(p, 'dueDate', `schedulePayments[${i}].dueDate`, { required: true, min: 8, max: 10 });
        sv.num(p, 'installmentNumber', `schedulePayments[${i}].installmentNumber`, { required: true, integer: true, min: 1, max: 99 });
        return true;
      });
    }
    if (sv.issues.length) fail(400, sv.issues.map((i) => planErr(`${i.field} is invalid.`, `${i.field} ${i.msg}`)));
  }
  // PAN
  const rawPan = isObj(data) && isObj(data.consumer) ? data.consumer.primaryAccountNumber : undefined;
  const pan = panToString(rawPan);
  if (!present(pan) || String(pan).trim() === '') fail(400, planErr('PAN is present and is blank or null.', 'PAN cannot blank or empty.'));
  if (!/^[0-9]+$/.test(pan)) fail(400, planErr('PAN is present and is non numeric.', 'PAN should be numeric only.'));
  if (pan.length < 11 || pan.length > 19) fail(400, planErr('Incorrect PAN length.', 'PAN should not be less than 11 and greater than 19 in length. Please provide a valid PAN.'));
  if (!luhn(pan)) fail(400, planErr('Detokenization failed due to incorrect DPAN.', 'PAN provided is invalid.'));
  // use case rule: during purchase / distribution partner require offerId + transactionOffers
  const hasOffers = present(body.offerId) && Array.isArray(body.transactionOffers) && body.transactionOffers.length > 0;
  if (!hasOffers) {
    if (DISTRIBUTION_PARTNER) fail(400, planErr('Both OfferId and TransactionOffers must be present for this client - Value must not be null', 'Invalid input request for cardedInstallments.'));
    if (USE_CASES.includes('DURING_PURCHASE')) fail(400, planErr('Both OfferId and TransactionOffers must be present for this provider - Value must not be null', 'Invalid input request for cardedInstallments.'));
  }
  // validate against the presented offer
  const pr = presentments.get(body.offerTransactionId);
  if (!pr) fail(400, planErr('Offer transaction not found.', `No offer presentment exists for offerTransactionId ${body.offerTransactionId}.`));
  if (pr.planId) fail(400, planErr('Plan already exists for the offer transaction.', `A plan (${pr.planId}) has already been created for offerTransactionId ${body.offerTransactionId}.`));
  if (pr.pan !== pan) fail(400, planErr('Provided PAN does not match with offer.', 'PAN does not match with Offer.', 'pan.match'));
  if (Math.abs(pr.amount - tx.amount) > 0.005) fail(400, planErr('Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'));
  if (pr.currency !== tx.currency.toUpperCase()) fail(400, planErr('Provided transaction currency does not match with offer.', 'Mismatch in Transaction Currency.'));
  if (present(tx.localDateTime) && datePart(tx.localDateTime) !== datePart(pr.localDateTime)) fail(400, planErr('Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'));
  // provider 2.0.0 POST /plans: the partner sends the PAN, transaction, merchant details and offer data without any changes,
  // validated against the presented offer: each merchant member both requests carry must be the offers request's.
  if (isObj(m)) {
    const diff = ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId'].filter((k) => present(m[k]) && present(pr.merchant[k])
      && (k === 'country' ? String(m[k]).toUpperCase() !== String(pr.merchant[k]).toUpperCase() : String(m[k]) !== String(pr.merchant[k])));
    if (diff.length) fail(400, planErr('Provided merchant details do not match with offer.', `Mismatch in merchant ${diff.join(', ')}.`));
  }
  const presentedIds = pr.offers.map((o) => o.offerId);
  const offerId = body.offerId;
  const txOfferIds = (body.transactionOffers || []).map((o) => o.offerId);
  const offer = pr.offers.find((o) => o.offerId === offerId);
  if (present(offerId) && !offer) fail(400, planErr('Provided offer does not match with presented offers.', `offerId ${offerId} was not presented for offerTransactionId ${body.offerTransactionId}.`));
  const bad = txOfferIds.filter((id) => !presentedIds.includes(id));
  if (bad.length) fail(400, planErr('Provided transaction offers do not match with presented offers.', `offerIds not presented: ${bad.join(', ')}.`));
  if (present(offerId) && txOfferIds.length && !txOfferIds.includes(offerId)) fail(400, planErr('Selected offer must be one of the transaction offers.', `offerId ${offerId} is not part of transactionOffers.`));
  if (!offer && pr.offers.length === 0) fail(400, planErr('No eligible offer was presented for the offer transaction.', 'Offer not found.'));
  if (offer && body.providerId.toLowerCase() !== offer.provider.providerId.toLowerCase()) fail(400, planErr('Provided providerId does not match with offer.', 'Mismatch in Provider Id.'));
  if (offer && isObj(pi)) {
    const mism = [];
    if (pi.tenure !== offer.tenure) mism.push('tenure');
    if (pi.frequency !== offer.frequency) mism.push('frequency');
    // provider 2.0.0 POST /plans: the offer data "without any changes": each term equal to the offer's, to the minor unit.
    for (const k of ['totalAmount', 'firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue', 'apr']) if (present(pi[k]) && Math.abs(pi[k] - offer[k]) > 0.000001) mism.push(k);
    if (present(pi.currency) && pi.currency.toUpperCase() !== pr.currency) mism.push('currency');
    if (mism.length) fail(400, planErr('Provided plan installment information does not match with offer.', `Mismatch in ${mism.join(', ')}.`));
  }
  if (offer && Array.isArray(body.schedulePayments) && body.schedulePayments.length) {
    const sp = body.schedulePayments;
    const ok = sp.length === offer.schedulePayments.length && sp.every((p) => {
      const o = offer.schedulePayments.find((x) => x.installmentNumber === p.installmentNumber);
      return o && Math.abs(o.installmentAmount - p.installmentAmount) <= 0.000001 && (!present(p.dueDate) || p.dueDate === o.dueDate);
    });
    if (!ok) fail(400, planErr('Provided schedule payments do not match with offer.', 'Mismatch in Schedule Payments.'));
  }
  // create
  const planId = crypto.randomUUID();
  const merchant = { ...pr.merchant, ...(isObj(m) ? m : {}) };
  if (merchant.country) merchant.country = String(merchant.country).toUpperCase();
  const range = rangeOf(pan) || ACCOUNT_RANGES[0];
  const sel = offer || pr.offers[0];
  const plan = {
    planId, status: 'CREATED', kind: 'CARDED', createdAt: Date.now(), offerTransactionId: pr.offerTransactionId,
    offerId: offer ? offer.offerId : undefined,
    transactionOffers: txOfferIds.length ? txOfferIds.map((id) => ({ offerId: id })) : undefined,
    providerId: body.providerId, merchant, transaction: { ...tx, currency: tx.currency.toUpperCase() }, pan,
    issuerCid: range.cid, issuerIca: range.ica,
    planInstallmentInformation: offer ? {
      apr: sel.apr, currency: pr.currency, frequency: sel.frequency, firstInstallmentAmount: sel.firstInstallmentAmount,
      otherInstallmentAmount: sel.otherInstallmentAmount, feeValue: sel.feeValue, tenure: sel.tenure, totalAmount: sel.totalAmount,
    } : undefined,
    schedule: offer ? sel.schedulePayments.map((p) => ({ ...p })) : undefined,
  };
  plans.set(planId, plan);
  pr.planId = planId;
  // provider 2.0.0 savePlan Correlation-Id: "If not provided, the API will create a new one and propagate it to all downstream
  // systems": the id sent (or the one created for this request) is the one the issuer's notification carries.
  plan.correlationId = present(cid) ? String(cid) : crypto.randomUUID();
  notifyIssuer(plan).catch((e) => log('notification failed', e.message));
  return [201, { planId, status: 'CREATED' }, { Location: `/plans/${planId}` }];
}

async function notifyIssuer(plan) {
  if (!ISSUER_URL) return;
  const target = new URL(ISSUER_URL);
  if (target.pathname === '/' || target.pathname === '') target.pathname = '/notifications';
  const m = plan.merchant || {};
  const merchant = {};
  for (const k of ['name', 'country', 'mcc', 'acquirerId', 'merchantId', 'url']) if (present(m[k])) merchant[k] = String(m[k]);
  const t = plan.transaction;
  const transaction = { amountType: t.amountType, amount: t.amount, currency: t.currency };
  for (const k of ['stan', 'rrn', 'authorizationCode', 'localDateTime', 'transmissionDateTime', 'transactionLinkId']) if (present(t[k])) transaction[k] = String(t[k]);
  const payload = {
    planId: plan.planId, issuerCid: plan.issuerCid, issuerIca: plan.issuerIca, merchant,
    offerId: plan.offerId, transactionOffers: plan.transactionOffers,
    planInstallmentInformation: plan.planInstallmentInformation,
    schedulePayments: plan.schedule,
    transaction,
    encryptedValue: await encryptForPartner({ consumer: { primaryAccountNumber: /^\d{1,15}$/.test(plan.pan) ? Number(plan.pan) : plan.pan } }),
  };
  const body = JSON.stringify(payload);
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const r = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Correlation-Id': plan.correlationId || crypto.randomUUID() }, body, signal: AbortSignal.timeout(5000) });
      log(`notification ${plan.planId} -> ${target} : ${r.status}`);
      if (r.status === 201 || r.status === 200 || (r.status >= 400 && r.status < 500 && r.status !== 429)) return;
    } catch (e) { log(`notification attempt ${attempt} failed: ${e.message}`); }
    await new Promise((res) => setTimeout(res, 1000 * attempt));
  }
}

function effectivePlanStatus(plan) {
  if (plan.status === 'CREATED' && Date.now() - plan.createdAt > 24 * 3600 * 1000) plan.status = 'TIMED_OUT';
  return plan.status;
}
async function getPlan(planId) {
  if (!uuidRe.test(planId)) fail(400, E(SRC.generic, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'plan_id must be a UUID.'));
  const plan = plans.get(planId.toLowerCase()) || plans.get(planId);
  if (!plan) fail(404, E(SRC.offers, 'not.found', 'URI/Resource not found.', `Plan ${planId} not found.`));
  const m = plan.merchant || {};
  const merchant = {};
  if (present(m.merchantId) || present(m.acceptor)) merchant.acceptor = String(m.acceptor ?? m.merchantId);
  if (present(m.country)) merchant.country = String(m.country);
  if (present(m.mcc)) merchant.mcc = String(m.mcc);
  if (present(m.name)) merchant.name = String(m.name);
  const out = {};
  if (plan.consumer) out.consumer = { encryptedData: await encryptForPartner(plan.consumer) };
  out.merchant = merchant;
  if (plan.offerId) out.offerId = plan.offerId;
  out.planId = plan.planId;
  if (plan.planInstallmentInformation) out.planInstallmentInformation = plan.planInstallmentInformation;
  out.providerId = plan.providerId;
  if (plan.rejectReasonCode) out.rejectReasonCode = plan.rejectReasonCode;
  if (present(plan.rejectReasonDetail)) out.rejectReasonDetail = plan.rejectReasonDetail;
  if (plan.schedule) out.scheduledRepayments = plan.schedule.map((p) => ({ amount: p.installmentAmount, dueDate: p.dueDate, installmentNumber: p.installmentNumber }));
  out.status = effectivePlanStatus(plan);
  out.transaction = { amount: plan.transaction.amount, currency: plan.transaction.currency };
  if (plan.transactionOffers) out.transactionOffers = plan.transactionOffers;
  return [200, out];
}

// ---------------------------------------------------------------- approvals
function callbackFor(planId, status) {
  const resp = Buffer.from(JSON.stringify({ planId, status, ts: new Date().toISOString() })).toString('base64url');
  return `https://sandbox.src.mastercard.com/checkout/callback?action=${status === 'APPROVED' ? 'COMPLETED' : 'CANCEL'}&checkoutResponse=${resp}`;
}
async function postApprovals(req, body, query) {
  const S = SRC.generic;
  let sync = false;
  if (query.has('sync')) {
    const s = query.get('sync');
    if (s !== 'true' && s !== 'false') fail(400, E(S, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'sync must be a boolean.'));
    sync = s === 'true';
  }
  // whole-payload encryption (x-mastercard-api-encrypted): accept {encryptedValue|cipher|encryptedData: JWE}
  for (const f of ['encryptedValue', 'cipher', 'encryptedData']) {
    if (isStr(body[f])) {
      const d = await decryptJwe(body[f], S);
      if (!isObj(d)) fail(400, E(S, 'invalid.request.body.parameter', 'Field format or type is invalid', `${f}: decrypted payload must be a JSON object`));
      body = d;
      break;
    }
  }
  const v = new V();
  v.str(body, 'planId', 'planId', { required: true, pattern: uuidRe });
  v.str(body, 'status', 'status', { required: true, enumv: ['APPROVED', 'DECLINED'] });
  v.str(body, 'offerId', 'offerId', { min: 8, max: 8 });
  v.str(body, 'rejectReasonCode', 'rejectReasonCode', { enumv: ['CONSUMER_AUTH_FAIL', 'CONSUMER_APPLICATION_FAIL', 'CONSUMER_CANCELLATION', 'LENDER_DRIVEN_REJECTION', 'LENDER_SYSTEM_ERROR', 'OTHER_REASON'] });
  v.str(body, 'rejectReasonDetail', 'rejectReasonDetail', { min: 0, max: 5000 });
  v.num(body, 'approvedAmount', 'approvedAmount', { min: 0, max: 999999999999999 });
  v.str(body, 'approvedCurrency', 'approvedCurrency', { min: 3, max: 3 });
  if (body.status === 'APPROVED') {
    if (!present(body.approvedAmount)) v.add('approvedAmount', 'missing', 'is required when status is APPROVED');
    if (!present(body.approvedCurrency)) v.add('approvedCurrency', 'missing', 'is required when status is APPROVED');
    if (!present(body.paymentAuthorization)) v.add('paymentAuthorization', 'missing', 'is required when status is APPROVED');
  }
  if (body.status === 'DECLINED' && !present(body.rejectReasonCode)) v.add('rejectReasonCode', 'missing', 'is required when status is DECLINED');
  if (present(body.approvedCurrency) && isStr(body.approvedCurrency) && body.approvedCurrency.length === 3 && !CURRENCIES[body.approvedCurrency]) v.add('approvedCurrency', 'value', 'is not a supported ISO 4217 currency');
  if (v.obj(body, 'paymentAuthorization', 'paymentAuthorization')) {
    const pa = body.paymentAuthorization;
    const P = 'paymentAuthorization';
    if (v.str(pa, 'primaryAccountNumber', `${P}.primaryAccountNumber`, { required: true, min: 9, max: 19 }) && present(pa.primaryAccountNumber) && !/^[0-9]+$/.test(pa.primaryAccountNumber)) v.add(`${P}.primaryAccountNumber`, 'format', 'must be numeric');
    if (v.str(pa, 'panExpirationMonth', `${P}.panExpirationMonth`, { required: true, min: 2, max: 2 }) && present(pa.panExpirationMonth) && !/^(0[1-9]|1[0-2])$/.test(pa.panExpirationMonth)) v.add(`${P}.panExpirationMonth`, 'value', 'must be a month 01-12');
    if (v.str(pa, 'panExpirationYear', `${P}.panExpirationYear`, { required: true, min: 4, max: 4 }) && present(pa.panExpirationYear) && !/^[0-9]{4}$/.test(pa.panExpirationYear)) v.add(`${P}.panExpirationYear`, 'format', 'must be a four-digit year');
    if (v.str(pa, 'cardSecurityCode', `${P}.cardSecurityCode`, { required: true, min: 3, max: 4 }) && present(pa.cardSecurityCode) && !/^[0-9]+$/.test(pa.cardSecurityCode)) v.add(`${P}.cardSecurityCode`, 'format', 'must be numeric');
    v.str(pa, 'cardholderFullName', `${P}.cardholderFullName`, { max: 60 });
    v.str(pa, 'cardholderFirstName', `${P}.cardholderFirstName`, { max: 30 });
    v.str(pa, 'cardholderLastName', `${P}.cardholderLastName`, { max: 30 });
    if (!present(pa.cardholderFullName) && !(present(pa.cardholderFirstName) && present(pa.cardholderLastName))) v.add(`${P}.cardholderFullName`, 'missing', 'cardholderFullName or cardholderFirstName and cardholderLastName are required');
    if (v.obj(pa, 'billingAddress', `${P}.billingAddress`, { required: true })) {
      const b = pa.billingAddress;
      const B = `${P}.billingAddress`;
      v.str(b, 'line1', `${B}.line1`, { required: true, max: 60 });
      v.str(b, 'line2', `${B}.line2`, { max: 75 });
      v.str(b, 'line3', `${B}.line3`, { max: 75 });
      v.str(b, 'city', `${B}.city`, { required: true, max: 50 });
      v.str(b, 'state', `${B}.state`, { required: true, max: 30 });
      v.str(b, 'countryCode', `${B}.countryCode`, { required: true, min: 2, max: 2, pattern: /^[a-zA-Z]{2}$/ });
      v.str(b, 'zip', `${B}.zip`, { required: true, max: 16 });
    }
  }
  genericFail(v);
  const plan = plans.get(body.planId.toLowerCase()) || plans.get(body.planId);
  if (!plan) fail(400, E(S, 'invalid.request.parameter', "Value doesn't exist / doesn't meet specified range", `planId: plan ${body.planId} not found`));
  const st = effectivePlanStatus(plan);
  if (st === 'TIMED_OUT') fail(400, E(S, 'invalid.request.parameter', 'The plan has timed out. Approvals must be completed within 24 hours of initiation.', `planId: ${body.planId}`));
  if (st !== 'CREATED') fail(400, E(S, 'invalid.request.parameter', `The plan has already been ${st}.`, `planId: ${body.planId} is in status ${st}`));
  const allowed = new Set([...(plan.transactionOffers || []).map((o) => o.offerId), ...(plan.offerId ? [plan.offerId] : [])]);
  if (body.status === 'APPROVED' && !plan.offerId && !present(body.offerId)) fail(400, E(S, 'invalid.request.body.parameter', GENERIC_DESC.missing, 'offerId: is required because the consumer did not select an offer'));
  // provider 2.0.0 PlanApprovalParameters.offerId: "The offer ID provided must be one of the offer IDs retrieved via Plan API",
  // whatever the decision: a declined approval naming another offer is refused too.
  if (present(body.offerId) && allowed.size && !allowed.has(body.offerId)) fail(400, E(S, 'invalid.request.body.parameter', GENERIC_DESC.value, 'offerId: must be one of the offer IDs retrieved via the Plan API'));
  plan.status = body.status;
  if (body.status === 'DECLINED') {
    plan.rejectReasonCode = body.rejectReasonCode;
    if (present(body.rejectReasonDetail)) plan.rejectReasonDetail = body.rejectReasonDetail;
  } else if (present(body.offerId) && !plan.offerId) plan.offerId = body.offerId;
  const now = Date.now();
  const appr = { planId: plan.planId, decision: body.status, createdAt: now, completeAt: sync ? now : now + 2000, callbackUrl: callbackFor(plan.planId, body.status) };
  approvals.set(plan.planId, appr);
  if (sync) return [200, { callbackUrl: appr.callbackUrl }];
  return [202, null, { Location: `/approvals/${plan.planId}` }];
}
function getApproval(planId) {
  const a = uuidRe.test(planId) ? approvals.get(planId.toLowerCase()) || approvals.get(planId) : undefined;
  if (!a || Date.now() - a.createdAt > 24 * 3600 * 1000) fail(404, E(SRC.offers, 'not.found', 'URI/Resource not found.', `No approval found for plan ${planId}.`));
  if (Date.now() < a.completeAt) return [200, { status: 'IN_PROGRESS' }];
  return [200, { status: 'COMPLETED', callbackUrl: a.callbackUrl }];
}

// ---------------------------------------------------------------- merchant participation
const ICA_RE = /^(?:[0-9]{6}|[0-9]{9}|[0-9]{11})$/;
const STATUS_RE = /^(?:PENDING|COMPLETED|ERROR)$/;
// provider 2.0.0 countryCode: "Refer to ISO for ISO 3166 alpha 3 code values": a country code is one of the code values
// ISO 3166-1 assigns (the 249 officially assigned alpha-3 codes), of either case; a user-assigned code (AAA, QMA-QZZ, XAA-XZZ,
// ZZZ) or any other three letters names no country.
const ISO_ALPHA3 = new Set(`
  AFG ALA ALB DZA ASM AND AGO AIA ATA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN
  BMU BTN BOL BES BIH BWA BVT BRA IOT BRN BGR BFA BDI CPV KHM CMR CAN CYM CAF TCD CHL CHN CXR CCK
  COL COM COG COD COK CRI CIV HRV CUB CUW CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST SWZ ETH
  FLK FRO FJI FIN FRA GUF PYF ATF GAB GMB GEO DEU GHA GIB GRC GRL GRD GLP GUM GTM GGY GIN GNB GUY
  HTI HMD VAT HND HKG HUN ISL IND IDN IRN IRQ IRL IMN ISR ITA JAM JPN JEY JOR KAZ KEN KIR PRK KOR
  KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MDG MWI MYS MDV MLI MLT MHL MTQ MRT MUS MYT MEX
  FSM MDA MCO MNG MNE MSR MAR MOZ MMR NAM NRU NPL NLD NCL NZL NIC NER NGA NIU NFK MKD MNP NOR OMN
  PAK PLW PSE PAN PNG PRY PER PHL PCN POL PRT PRI QAT REU ROU RUS RWA BLM SHN KNA LCA MAF SPM VCT
  WSM SMR STP SAU SEN SRB SYC SLE SGP SXM SVK SVN SLB SOM ZAF SGS SSD ESP LKA SDN SUR SJM SWE CHE
  SYR TWN TJK TZA THA TLS TGO TKL TON TTO TUN TUR TKM TCA TUV UGA UKR ARE GBR USA UMI URY UZB VUT
  VEN VNM VGB VIR WLF ESH YEM ZMB ZWE
`.trim().split(/\s+/));
const COUNTRY_RE = { source: 'an ISO 3166-1 alpha-3 code value', test: (s) => /^[A-Za-z]{3}$/.test(s) && ISO_ALPHA3.has(s.toUpperCase()) };
// provider 2.0.0 Address.postalCode: "Provide a postal code to submit MID-based merchants via API if the country has a postal
// code." Which countries have none the documents do not list: these are the countries without a national postal code system
// (DECISIONS.md).
const NO_POSTAL_CODE = new Set('AGO ATG ABW BHS BLZ BEN BWA BFA BDI CMR CAF TCD COM COG COD COK CIV DJI DMA GNQ ERI FJI GMB GHA GRD GUY HKG KIR PRK MAC MWI MLI MRT NRU NIU QAT RWA KNA LCA STP SYC SLE SLB SOM SUR SYR TLS TGO TKL TON TUV UGA ARE VUT YEM ZWE'.split(' '));
function validateParticipationItem(v, it, P) {
  if (!isObj(it)) return v.add(P, 'format', 'must be an object');
  v.str(it, 'merchantLegalName', `${P}.merchantLegalName`, { required: true, min: 1, max: 300 });
  v.str(it, 'merchantGroup', `${P}.merchantGroup`, { pattern: /^[A-Z0-9]{1,2}$/ });
  v.str(it, 'countryCode', `${P}.countryCode`, { required: true, min: 3, max: 3, pattern: COUNTRY_RE });
  v.str(it, 'acquirerICA', `${P}.acquirerICA`, { required: true, pattern: ICA_RE });
  if (v.arr(it, 'dbaNames', `${P}.dbaNames`, { min: 1, max: 1000 })) it.dbaNames.forEach((d, i) => v.str(it.dbaNames, i, `${P}.dbaNames[${i}]`, { required: true, min: 1, max: 256 }));
  if (v.arr(it, 'mids', `${P}.mids`, { min: 1, max: 5000 })) it.mids.forEach((d, i) => v.str(it.mids, i, `${P}.mids[${i}]`, { required: true, min: 1, max: 15, pattern: /^[A-Za-z0-9]{1,15}$/ }));
  v.str(it, 'maid', `${P}.maid`, { min: 1, max: 6, pattern: /^[A-Za-z0-9]{1,6}$/ });
  v.str(it, 'maidType', `${P}.maidType`, { enumv: ['GRP', 'EXT'] });
  v.str(it, 'nonMerchantNegotiatedParticipation', `${P}.nonMerchantNegotiatedParticipation`, { min: 1, max: 1, pattern: /^(?:Y|N)$/ });
  v.str(it, 'optIn', `${P}.optIn`, { min: 1, max: 1, pattern: /^(?:Y|N)$/ });
  v.str(it, 'duns', `${P}.duns`, { min: 1, max: 9 });
  v.str(it, 'websiteUrl', `${P}.websiteUrl`, { min: 1, max: 100, pattern: /^(https?|ftp|file):\/\/[-a-zA-Z0-9+&@#/%?=~_|!:,.;]*[-a-zA-Z0-9+&@#/%=~_|]$/ });
  if (v.arr(it, 'wallets', `${P}.wallets`, { min: 1, max: 3 })) {
    it.wallets.forEach((w, i) => {
      const W = `${P}.wallets[${i}]`;
      if (!isObj(w)) return v.add(W, 'format', 'must be an object');
      v.num(w, 'walletId', `${W}.walletId`, { required: true, integer: true, min: 1, max: 3 });
      v.str(w, 'walletAcceptance', `${W}.walletAcceptance`, { required: true, min: 1, max: 1, pattern: /^(?:Y|N)$/ });
      v.str(w, 'walletMerchantId', `${W}.walletMerchantId`, { min: 1, max: 300 });
      return true;
    });
  }
  if (v.obj(it, 'address', `${P}.address`)) {
    const a = it.address;
    const A = `${P}.address`;
    for (const k of ['addressLine1', 'addressLine2', 'addressLine3']) v.str(a, k, `${A}.${k}`, { min: 1, max: 300 });
    v.str(a, 'city', `${A}.city`, { min: 1, max: 30 });
    v.str(a, 'state', `${A}.state`, { min: 2, max: 3 });
    v.str(a, 'postalCode', `${A}.postalCode`, { min: 1, max: 20 });
  }
  return true;
}
const merchantKey = (it) => (present(it.maid) || present(it.maids)
  ? `MAID|${String(it.merchantLegalName).toLowerCase()}|${String(it.countryCode).toUpperCase()}`
  : `MID|${it.acquirerICA}|${String(it.merchantLegalName).toLowerCase()}|${String(it.countryCode).toUpperCase()}`);

async function postParticipations(body, rawLen) {
  if (rawLen > 700 * 1024) fail(400, E(SRC.generic, 'invalid.request.body.parameter', GENERIC_DESC.length, 'The total payload size must remain under 700 KB.'));
  const v = new V();
  if (!Array.isArray(body)) { v.add('body', 'format', 'must be an array of merchant participation objects'); genericFail(v); }
  if (body.length < 1 || body.length > 30) { v.add('body', 'length', 'size must be between 1 and 30'); genericFail(v); }
  // PII countries: accept encryptedValues (merchantLegalName, dbaNames, address encrypted together)
  for (let i = 0; i < body.length; i++) {
    const it = body[i];
    if (isObj(it) && isStr(it.encryptedValues)) {
      const d = await decryptJwe(it.encryptedValues, SRC.generic);
      if (isObj(d)) for (const k of ['merchantLegalName', 'dbaNames', 'address']) if (present(d[k]) && !present(it[k])) it[k] = d[k];
      delete it.encryptedValues;
    }
  }
  body.forEach((it, i) => validateParticipationItem(v, it, `[${i}]`));
  genericFail(v);
  // market rules (add vs update)
  const seen = new Map();
  const plansOut = [];
  body.forEach((it, i) => {
    const P = `[${i}]`;
    const isMaid = present(it.maid);
    const key = merchantKey(it);
    const existing = merchants.get(key) || seen.get(key);
    const optOk = present(it.optIn) || (!isMaid && present(it.nonMerchantNegotiatedParticipation));
    if (!optOk) v.add(`${P}.optIn`, 'missing', 'must not be null');
    if (isMaid && !present(it.maidType)) v.add(`${P}.maidType`, 'missing', 'is mandatory for participation requests with MAID');
    if (!existing) {
      if (!present(it.dbaNames)) v.add(`${P}.dbaNames`, 'missing', 'is mandatory when adding a merchant');
      if (!isMaid && !present(it.mids)) v.add(`${P}.mids`, 'missing', 'is mandatory when adding a MID based merchant');
      if (!isMaid && String(it.countryCode).toUpperCase() === 'AUS' && !present(it.merchantGroup)) v.add(`${P}.merchantGroup`, 'missing', 'is mandatory for Australia');
      if (!isMaid && String(it.countryCode).toUpperCase() === 'AUS' && !present(it.optIn)) v.add(`${P}.optIn`, 'missing', 'is mandatory for Australia');
      if (isObj(it.address) && !present(it.address.city)) v.add(`${P}.address.city`, 'missing', 'is mandatory when adding a merchant');
      // provider 2.0.0 Address.postalCode: a MID-based merchant is submitted with a postal code where its country has them.
      if (!isMaid && !NO_POSTAL_CODE.has(String(it.countryCode).toUpperCase()) && !(isObj(it.address) && present(it.address.postalCode)))
        v.add(`${P}.address.postalCode`, 'missing', 'is mandatory for a MID based merchant in a country with postal codes');
    } else {
      if (isMaid && existing.maids && existing.maids.length && !existing.maids.includes(it.maid)) v.add(`${P}.maid`, 'value', 'a MAID is immutable once entered and cannot be modified');
      if (present(it.duns) && it.duns !== '' && present(existing.duns) && existing.duns !== it.duns) v.add(`${P}.duns`, 'value', 'duns cannot be modified; it must be null, empty or match the existing value');
    }
    seen.set(key, existing || { maids: isMaid ? [it.maid] : undefined, duns: it.duns });
    plansOut.push({ key, it, isMaid });
  });
  genericFail(v);
  // accept: apply changes now, mark PENDING, settle asynchronously
  mpSeq += 1;
  const requestId = Date.now() * 1000 + (mpSeq % 1000);
  const now = Date.now();
  const reqRec = { requestId, createdAt: now, settleAt: now + 1500, items: [], settled: false };
  for (const { key, it, isMaid } of plansOut) {
    let m = merchants.get(key);
    if (!m) {
      m = { key, market: isMaid ? 'MAID' : 'MID', merchantLegalName: it.merchantLegalName, countryCode: it.countryCode.toUpperCase(), acquirerICA: it.acquirerICA, submitterICAs: [], mids: new Map(), maids: [], createdAt: now };
      merchants.set(key, m);
    }
    if (!m.submitterICAs.includes(PARTNER_ICA)) m.submitterICAs.push(PARTNER_ICA);
    if (isMaid) { m.acquirerICA = it.acquirerICA; if (!m.maids.includes(it.maid)) m.maids.push(it.maid); m.maidType = it.maidType; }
    for (const k of ['merchantGroup', 'dbaNames', 'duns', 'websiteUrl', 'wallets', 'address']) if (present(it[k]) && it[k] !== '') m[k] = k === 'address' ? { ...(m.address || {}), ...it.address } : it[k];
    if (present(it.optIn)) m.optIn = it.optIn;
    if (present(it.nonMerchantNegotiatedParticipation)) { m.nonMerchantNegotiatedParticipation = it.nonMerchantNegotiatedParticipation; if (!present(it.optIn)) m.optIn = it.nonMerchantNegotiatedParticipation; }
    const newMids = [];
    for (const mid of it.mids || []) { const cur = m.mids.get(mid); if (!cur || cur.status !== 'COMPLETED') { m.mids.set(mid, { mid, status: 'PENDING', requestId }); newMids.push(mid); } }
    m.status = 'PENDING';
    delete m.errorReason;
    m.lastRequestId = requestId;
    reqRec.items.push({ key, mids: newMids, outcome: null });
  }
  mpRequests.set(requestId, reqRec);
  return [202, null, { Location: `/merchants/participations?request_id=${requestId}`, request_id: String(requestId) }];
}
function settle() {
  const now = Date.now();
  for (const r of mpRequests.values()) {
    if (r.settled || now < r.settleAt) continue;
    r.settled = true;
    for (const item of r.items) {
      const m = merchants.get(item.key);
      const ok = KNOWN_ICAS.includes(m.acquirerICA);
      item.outcome = ok ? 'COMPLETED' : 'ERROR';
      for (const mid of item.mids) { const md = m.mids.get(mid); if (md && md.requestId === r.requestId) { md.status = item.outcome; if (!ok) md.errorReason = 'INVALID_ACQUIRER_ICA'; } }
      if (m.lastRequestId === r.requestId) {
        m.status = item.outcome;
        if (!ok) m.errorReason = 'INVALID_ACQUIRER_ICA';
        if (ok) m.everCompleted = true;
      }
    }
    r.status = r.items.every((i) => i.outcome === 'ERROR') ? 'ERROR' : 'COMPLETED';
  }
}
function merchantView(m, { statusOverride, errorReason, search = false } = {}) {
  const o = { merchantLegalName: m.merchantLegalName };
  if (present(m.merchantGroup)) o.merchantGroup = m.merchantGroup;
  o.countryCode = m.countryCode;
  o.acquirerICA = m.acquirerICA;
  o.submitterICA = m.submitterICAs.join(' | ');
  if (present(m.dbaNames)) o.dbaNames = m.dbaNames;
  if (m.market === 'MAID') { o.maids = m.maids; if (present(m.maidType)) o.maidType = m.maidType; }
  if (present(m.nonMerchantNegotiatedParticipation)) o.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  if (present(m.optIn)) o.optIn = m.optIn;
  o.status = statusOverride || m.status;
  const er = statusOverride ? errorReason : m.errorReason;
  if (o.status === 'ERROR' && er) o.errorReason = er;
  if (present(m.duns)) o.duns = m.duns;
  if (present(m.websiteUrl)) o.websiteUrl = m.websiteUrl;
  if (present(m.wallets)) o.wallets = m.wallets;
  if (present(m.address)) o.address = m.address;
  if (!search) { /* Merchant (GET) shares the same fields */ }
  return o;
}
function pageParams(query, S) {
  const bad = (d) => fail(400, E(S, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', d));
  let offset = 0;
  let limit = 500;
  // provider 2.0.0 offset, limit: type integer: the decimal form of an integer, without leading zeros (00, 010 are not).
  if (query.has('offset')) { const s = query.get('offset'); if (!/^(0|[1-9]\d*)$/.test(s)) bad('offset must be an integer greater than or equal to 0.'); offset = Number(s); }
  if (query.has('limit')) { const s = query.get('limit'); if (!/^(0|[1-9]\d*)$/.test(s) || Number(s) < 1 || Number(s) > 500) bad('limit must be an integer between 1 and 500.'); limit = Number(s); }
  return { offset, limit };
}
function paged(list, offset, limit, extraHeaders = {}) {
  const eff = Math.min(limit, 100);
  const page = list.slice(offset, offset + eff);
  // provider 2.0.0 Limit header: "The number of items you asked the list to be limited to": the limit asked (500 when none
  // is, the limit parameter's default), even where the page holds fewer under the Merchants array's maxItems of 100.
  return [200, page, { Count: String(page.length), Offset: String(offset), Limit: String(limit), Total: String(list.length), ...extraHeaders }];
}
function getParticipations(query) {
  settle();
  let requestId;
  if (query.has('request_id')) {
    const s = query.get('request_id');
    // request_id: type integer (int64): its decimal form, without leading zeros.
    if (!/^(0|[1-9]\d{0,18})$/.test(s) || BigInt(s) > 9223372036854775807n) {
      fail(400, E(SRC.mp, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', 'request_id query param must be a positive integer less than 9223372036854775807.'));
    }
    requestId = Number(s);
  }
  const { offset, limit } = pageParams(query, SRC.mp);
  if (requestId !== undefined) {
    const r = mpRequests.get(requestId);
    if (!r) fail(404, E(SRC.mp, 'notfound', 'request id provided in the request does not exist.'));
    const list = r.items.map((item) => {
      const m = merchants.get(item.key);
      const st = r.settled ? item.outcome : 'PENDING';
      return merchantView(m, { statusOverride: st, errorReason: st === 'ERROR' ? 'INVALID_ACQUIRER_ICA' : undefined });
    });
    return paged(list, offset, limit, { 'Request-Status': r.settled ? r.status : 'PENDING' });
  }
  const list = [...merchants.values()].filter((m) => m.status === 'COMPLETED').map((m) => merchantView(m));
  return paged(list, offset, limit, { 'Request-Status': 'COMPLETED' });
}
async function searchMerchants(body, query) {
  settle();
  const { offset, limit } = pageParams(query, SRC.generic);
  if (isObj(body) && isStr(body.encryptedMerchantLegalName) && !present(body.merchantLegalName)) {
    const d = await decryptJwe(body.encryptedMerchantLegalName, SRC.generic);
    body.merchantLegalName = isObj(d) ? d.merchantLegalName : d;
  }
  const v = new V();
  if (!isObj(body)) { v.add('body', 'format', 'must be an object'); genericFail(v); }
  v.str(body, 'merchantLegalName', 'merchantLegalName', { min: 1, max: 300 });
  v.str(body, 'acquirerICA', 'acquirerICA', { pattern: ICA_RE });
  v.str(body, 'merchantParticipationStatus', 'merchantParticipationStatus', { min: 1, max: 10, pattern: STATUS_RE });
  v.str(body, 'countryCode', 'countryCode', { min: 3, max: 3, pattern: COUNTRY_RE });
  v.str(body, 'maid', 'maid', { min: 1, max: 6, pattern: /^[A-Za-z0-9]{1,6}$/ });
  genericFail(v);
  const keys = ['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'];
  if (!keys.some((k) => present(body[k]))) { v.add('body', 'missing', 'at least one search parameter is required'); genericFail(v); }
  const list = [...merchants.values()].filter((m) =>
    (!present(body.merchantLegalName) || m.merchantLegalName.toLowerCase() === body.merchantLegalName.toLowerCase())
    && (!present(body.acquirerICA) || m.acquirerICA === body.acquirerICA)
    && (!present(body.merchantParticipationStatus) || m.status === body.merchantParticipationStatus)
    && (!present(body.countryCode) || m.countryCode === body.countryCode.toUpperCase())
    && (!present(body.maid) || (m.maids || []).includes(body.maid))).map((m) => merchantView(m, { search: true }));
  return paged(list, offset, limit);
}
async function searchMids(body, query) {
  settle();
  const { offset, limit } = pageParams(query, SRC.generic);
  if (isObj(body) && isStr(body.encryptedMerchantLegalName) && !present(body.merchantLegalName)) {
    const d = await decryptJwe(body.encryptedMerchantLegalName, SRC.generic);
    body.merchantLegalName = isObj(d) ? d.merchantLegalName : d;
  }
  const v = new V();
  if (!isObj(body)) { v.add('body', 'format', 'must be an object'); genericFail(v); }
  v.str(body, 'merchantLegalName', 'merchantLegalName', { required: true, min: 1, max: 300 });
  v.str(body, 'countryCode', 'countryCode', { required: true, min: 3, max: 3, pattern: COUNTRY_RE });
  v.str(body, 'acquirerICA', 'acquirerICA', { required: true, pattern: ICA_RE });
  v.str(body, 'mid', 'mid', { min: 1, max: 15, pattern: /^[A-Za-z0-9]{1,15}$/ });
  v.str(body, 'status', 'status', { min: 1, max: 10, pattern: STATUS_RE });
  genericFail(v);
  const m = merchants.get(`MID|${body.acquirerICA}|${body.merchantLegalName.toLowerCase()}|${body.countryCode.toUpperCase()}`);
  if (!m) fail(400, E(SRC.generic, 'invalid.request.parameter', "Value doesn't exist / doesn't meet specified range", 'No MID based merchant found for the given merchantLegalName, countryCode and acquirerICA.'));
  const mids = [...m.mids.values()]
    .filter((d) => (!present(body.mid) || d.mid === body.mid) && (!present(body.status) || d.status === body.status))
    .map((d) => (d.errorReason && d.status === 'ERROR' ? { mid: d.mid, status: d.status, errorReason: d.errorReason } : { mid: d.mid, status: d.status }));
  const eff = Math.min(limit, 1000);
  const page = mids.slice(offset, offset + eff);
  const out = { merchantLegalName: m.merchantLegalName };
  if (present(m.merchantGroup)) out.merchantGroup = m.merchantGroup;
  out.acquirerICA = m.acquirerICA;
  out.countryCode = m.countryCode;
  if (present(m.nonMerchantNegotiatedParticipation)) out.nonMerchantNegotiatedParticipation = m.nonMerchantNegotiatedParticipation;
  out.optIn = m.optIn;
  out.mids = page;
  return [200, out, { Count: String(page.length), Offset: String(offset), Limit: String(limit), Total: String(mids.length) }];
}

// ---------------------------------------------------------------- seeded checkout plan (docs test case)
plans.set('da30272e-3937-4c74-b849-63c8a5464556', {
  planId: 'da30272e-3937-4c74-b849-63c8a5464556', status: 'CREATED', kind: 'CHECKOUT', createdAt: Date.now() + 10 * 365 * 24 * 3600 * 1000,
  offerId: '21345725', transactionOffers: [{ offerId: '21345725' }, { offerId: '21345726' }], providerId: PROVIDER.providerId,
  consumer: { email: 'jane.doe@example.com', isdCode: '1', mobile: '5550009999' },
  merchant: { name: 'Decor shop', acceptor: '409749', mcc: '1711', country: 'USA' },
  transaction: { amount: 200, currency: 'USD' },
  planInstallmentInformation: { apr: 9, currency: 'USD', frequency: 'MONTHLY', firstInstallmentAmount: 50, otherInstallmentAmount: 50, feeValue: 0, tenure: 4, totalAmount: 200 },
  schedule: [1, 2, 3, 4].map((n) => ({ installmentNumber: n, installmentAmount: 50, dueDate: addPeriod('2025-10-20', 'MONTHLY', n - 1) })),
});
// Pre-registered PAN list holding the eligible card numbers
{
  const id = '230417253818957824';
  panLists.set(id, { panListId: id, panListName: 'Sandbox Eligible Cards', range: ACCOUNT_RANGES[0], pans: new Set(ELIGIBLE_PANS.filter((p) => inRange(p, ACCOUNT_RANGES[0]))), createdAt: new Date().toISOString() });
}

// ---------------------------------------------------------------- routing
const ROUTES = [
  { path: /^\/consumers\/pans\/registrations$/, methods: { POST: { h: (c) => registerPans(c.body), json: true } } },
  { path: /^\/consumers\/pans\/deregistrations$/, methods: { POST: { h: (c) => deregisterPans(c.body), json: true } } },
  { path: /^\/merchants\/participations$/, methods: { POST: { h: (c) => postParticipations(c.body, c.raw.length), json: true, accept: true }, GET: { h: (c) => getParticipations(c.query), accept: true } } },
  { path: /^\/merchants\/searches$/, methods: { POST: { h: (c) => searchMerchants(c.body, c.query), json: true, accept: true } } },
  { path: /^\/merchants\/mids\/searches$/, methods: { POST: { h: (c) => searchMids(c.body, c.query), json: true, accept: true } } },
  { path: /^\/plans$/, methods: { POST: { h: (c) => postPlans(c.req, c.body), json: true } } },
  { path: /^\/plans\/([^/]+)$/, methods: { GET: { h: (c) => getPlan(c.params[0]) } } },
  { path: /^\/approvals$/, methods: { POST: { h: (c) => postApprovals(c.req, c.body, c.query), json: true, accept: true } } },
  { path: /^\/approvals\/([^/]+)$/, methods: { GET: { h: (c) => getApproval(c.params[0]), accept: true } } },
  { path: /^\/offers$/, methods: { POST: { h: (c) => postOffers(c.req, c.body), json: true, accept: true, ct415: true } } },
];
function firstNull(v, at) {
  if (v === null) return at;
  if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) { const r = firstNull(v[i], `${at}[${i}]`); if (r !== undefined) return r; } return undefined; }
  if (isObj(v)) { for (const [k, x] of Object.entries(v)) { const r = firstNull(x, at ? `${at}.${k}` : k); if (r !== undefined) return r; } }
  return undefined;
}
function acceptsJson(h) {
  if (!h) return true;
  return String(h).split(',').some((p) => { const t = p.split(';')[0].trim().toLowerCase(); return t === '*/*' || t === 'application/*' || t === 'application/json' || t.endsWith('+json'); });
}
function sourceFor(family) {
  return { consumer: SRC.consumer, offers: SRC.offers, plansPost: SRC.plans, merchants: SRC.generic, checkout: SRC.generic }[family];
}

const server = http.createServer(async (req, res) => {
  const chunks = [];
  let size = 0;
  req.on('data', (c) => { size += c.length; if (size <= 2 * 1024 * 1024) chunks.push(c); });
  await new Promise((r) => req.on('end', r));
  const raw = Buffer.concat(chunks);
  // provider 2.0.0 Correlation-Id (approvedOffers: type string, no bound): the client's id traces the request; the API creates
  // one only "if not provided". So the id sent comes back as sent, whatever its length.
  const correlationId = present(req.headers['correlation-id']) && String(req.headers['correlation-id']) !== '' ? String(req.headers['correlation-id']) : crypto.randomUUID();
  const send = (status, body, headers = {}) => {
    const h = { 'Correlation-Id': correlationId, ...headers };
    if (body !== null && body !== undefined) {
      const s = JSON.stringify(body);
      h['Content-Type'] = 'application/json';
      res.writeHead(status, h);
      res.end(s);
    } else { res.writeHead(status, h); res.end(); }
    log(`${req.method} ${req.url} -> ${status}`);
  };
  try {
    const u = new URL(req.url, 'http://localhost');
    // The provider's document names the API's servers with the path /installments (servers: .../installments): the
    // operations are served under it (and, as before, at the root).
    const path = u.pathname.replace(/^\/installments(?=\/|$)/, '').replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && (path === '/.well-known/jwks.json' || path === '/keys' || path === '/jwks.json')) {
      const jwk = await exportJWK(encKeys.publicKey);
      return send(200, { keys: [{ ...jwk, kid: KID, use: 'enc', alg: 'RSA-OAEP-256', x5c: [ENC_CERT_DER.toString('base64')] }] });
    }
    if (req.method === 'GET' && path === '/.well-known/encryption-certificate.pem') {
      res.writeHead(200, { 'Content-Type': 'application/x-pem-file', 'Correlation-Id': correlationId });
      return res.end(ENC_CERT_PEM);
    }
    const route = ROUTES.find((r) => r.path.test(path));
    if (!route) return send(404, wrap(E(SRC.generic, 'not.found', 'URI/Resource not found.', `No resource at ${path}.`)));
    const op = route.methods[req.method];
    if (!op) {
      return send(405, wrap(E(SRC.generic, 'method.not.allowed', 'Method is not allowed', `${req.method} is not supported on ${path}.`)), { Allow: Object.keys(route.methods).join(', ') });
    }
    const family = endpointFamily(req.method, path);
    authenticate(req, raw, family);
    if (op.accept && !acceptsJson(req.headers.accept)) {
      if (family === 'offers') fail(406, E(SRC.offers, 'invalid.accept.header', 'Accept header should be application/json.'));
      fail(406, E(SRC.generic, 'not.acceptable.header', 'Accept header value is not application/json.'));
    }
    let body;
    if (op.json) {
      const ct = String(req.headers['content-type'] || '').toLowerCase();
      if (!ct.startsWith('application/json') && !/^application\/[a-z.+-]*\+json/.test(ct)) {
        if (op.ct415) fail(415, E(SRC.offers, 'invalid.content.type', 'Content-Type header should be application/json.'));
        fail(400, E(sourceFor(family), 'invalid.request.body.parameter', 'Field format or type is invalid', 'Content-Type must be application/json.'));
      }
      if (size > 2 * 1024 * 1024) fail(400, E(sourceFor(family), 'invalid.request.body.parameter', GENERIC_DESC.length, 'Request body too large.'));
      try { body = JSON.parse(raw.toString('utf8')); } catch {
        fail(400, E(sourceFor(family), family === 'consumer' ? 'invalid.request.parameter' : 'invalid.request.body.parameter', 'Field format or type is invalid', 'Request body is not valid JSON.'));
      }
      // whole-payload encryption: {"encryptedValue": JWE} whose plaintext is the full request object
      if (isObj(body) && Object.keys(body).length === 1 && isStr(body.encryptedValue) && path !== '/approvals') {
        const d = await decryptJwe(body.encryptedValue, sourceFor(family));
        if (isObj(d) && !('pans' in d) && !('consumer' in d)) body = d;
        else if (Array.isArray(d) && path === '/merchants/participations') body = d;
      }
      // provider 2.0.0: every request member is typed (string, number, integer, boolean, object, array) and none is nullable,
      // so a JSON null anywhere in a body is a member of the wrong type, refused as such (not taken as the member absent).
      const nullPath = firstNull(body, '');
      if (nullPath !== undefined) fail(400, E(sourceFor(family), family === 'consumer' || family === 'offers' || family === 'plansPost' ? 'invalid.request.parameter' : 'invalid.request.body.parameter', 'Field format or type is invalid', `${nullPath || 'body'}: must not be null`));
      if (path !== '/merchants/participations' && !isObj(body)) fail(400, E(sourceFor(family), 'invalid.request.body.parameter', 'Field format or type is invalid', 'Request body must be a JSON object.'));
    }
    const params = route.path.exec(path).slice(1).map(safeDecode);
    const [status, out, headers] = await op.h({ req, body, query: u.searchParams, params, raw });
    return send(status, out, headers);
  } catch (e) {
    if (e instanceof HttpError) return send(e.status, e.body, e.headers);
    log('internal error', e.stack || e);
    return send(500, wrap(E(SRC.generic, 'internal.server.error', 'An unexpected error occurred while processing the request.', '', true)));
  }
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  const baseUrl = `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${port}`;
  const sheet = {
    baseUrl: `${baseUrl}/installments`,
    keysUrl: `${baseUrl}/.well-known/jwks.json`,
    kid: KID,
    encryptionCertificateUrl: `${baseUrl}/.well-known/encryption-certificate.pem`,
    encryptionCertificatePem: ENC_CERT_PEM,
    consumerKey: PARTNER.consumerKey,
    signingPrivateKeyPem: partnerKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    forbiddenConsumerKey: FORBIDDEN.consumerKey,
    forbiddenSigningPrivateKeyPem: forbiddenKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    testData: {
      eligibleCardNumbers: ELIGIBLE_PANS,
      ineligibleCardNumbers: INELIGIBLE_PANS,
      accountRanges: ACCOUNT_RANGES.map(({ accountRangeLow, accountRangeHigh, cid, ica, country }) => ({ accountRangeLow, accountRangeHigh, cid, ica, country })),
      acquirerICAs: { known: KNOWN_ICAS, unknown: UNKNOWN_ICAS },
      preRegisteredPanListId: '230417253818957824',
      offerIds: OFFER_TEMPLATES.map((t) => t.offerId),
      providerId: PROVIDER.providerId,
      offerAmountRange: { min: MIN_AMOUNT, max: MAX_AMOUNT },
      ineligibleMccs: [...INELIGIBLE_MCCS],
      checkoutPlanIds: ['da30272e-3937-4c74-b849-63c8a5464556'],
      submitterICA: PARTNER_ICA,
    },
    productConfiguration: { useCases: USE_CASES, distributionPartner: DISTRIBUTION_PARTNER },
    encryption: {
      requests: 'JWE compact (RSA-OAEP-256 + A256GCM) with the key at keysUrl; kid must equal "kid".',
      responses: 'Sensitive data in responses and issuer notifications is JWE-encrypted (RSA-OAEP-256 + A256GCM) to the partner public key matching signingPrivateKeyPem (kid = SHA-256 of its SPKI). Plain sensitiveData requests get plain sensitiveData back.',
      partnerKid: PARTNER_KID,
    },
    issuerUrl: ISSUER_URL || null,
  };
  process.stdout.write(`${JSON.stringify({ url: baseUrl, sheet })}\n`);
  log(`listening on ${baseUrl}`);
});
const stop = () => { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 500).unref(); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
