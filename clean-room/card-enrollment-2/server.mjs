// Card enrollment sandbox (POST /src/api/digital/payments/cards), written from the published documents only.
// Node built-ins + jose only. State lives in memory for the life of the process.
import http from 'node:http';
import crypto from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader, exportJWK, calculateJwkThumbprint } from 'jose';

// ---------------------------------------------------------------- args
const argv = process.argv.slice(2);
let port = 0, host = '127.0.0.1', verbose = false;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--port') port = Number(argv[++i]);
  else if (a.startsWith('--port=')) port = Number(a.slice(7));
  else if (a === '--host') host = argv[++i];
  else if (a.startsWith('--host=')) host = a.slice(7);
  else if (a === '--verbose') verbose = true;
}
if (!Number.isInteger(port) || port < 0 || port > 65535) port = 0;
const log = (...m) => { if (verbose) process.stderr.write(`[${new Date().toISOString()}] ${m.join(' ')}\n`); };

const BASE_PATH = '/src/api/digital/payments';
const CARDS_PATH = `${BASE_PATH}/cards`;
const KEYS_PATH = '/keys';
const MAX_BODY = 1024 * 1024;

// ---------------------------------------------------------------- encryption key (src-fpan-encryption equivalent)
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
const pubJwk = await exportJWK(publicKey);
const KID = `sbx-fpan-enc-${(await calculateJwkThumbprint(pubJwk)).slice(0, 16)}`;
const JWKS = { keys: [{ ...pubJwk, kid: KID, use: 'enc', alg: 'RSA-OAEP-256' }] };

// ---------------------------------------------------------------- partners (developer-portal data)
const hex = (n) => crypto.randomBytes(n).toString('hex');
const newServiceId = () => `SRC_COF_${hex(4).toUpperCase()}`;

// apiKey -> { name, clients: Map(srcClientId -> Set(serviceId)) }
const partners = new Map();
function makePartner(name, serviceCount) {
  const apiKey = `sbx_${hex(20)}`;
  const srcClientId = crypto.randomUUID();
  const serviceIds = Array.from({ length: serviceCount }, newServiceId);
  partners.set(apiKey, { name, clients: new Map([[srcClientId, new Set(serviceIds)]]) });
  return { apiKey, srcClientId, serviceIds };
}
const me = makePartner('partner', 2);
const other = makePartner('another-partner', 1);
// srcClientId -> owning apiKey ; serviceId -> srcClientId
const clientOwner = new Map();
const serviceOwner = new Map();
for (const [k, p] of partners) for (const [c, ss] of p.clients) { clientOwner.set(c, k); for (const s of ss) serviceOwner.set(s, c); }

// ---------------------------------------------------------------- card helpers
function luhnOk(pan) {
  let sum = 0, dbl = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (dbl) { d *= 2; if (d > 9) d -= 9; }
    sum += d; dbl = !dbl;
  }
  return sum % 10 === 0;
}
function brandOf(pan) {
  const p2 = Number(pan.slice(0, 2)), p4 = Number(pan.slice(0, 4));
  if (pan[0] === '4') return 'VISA';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'MASTERCARD';
  if (p2 === 34 || p2 === 37) return 'AMEX';
  if (pan.startsWith('6011') || pan.startsWith('65') || (p2 === 64)) return 'DISCOVER';
  if (pan.startsWith('50') || (p2 >= 56 && p2 <= 69)) return 'MAESTRO';
  return 'OTHER';
}
const TEST_CARDS = [
  { primaryAccountNumber: '5123450000000008', panExpirationMonth: '12', panExpirationYear: '2039', cardSecurityCode: '123', paymentCardType: 'CREDIT' },
  { primaryAccountNumber: '2223000000000007', panExpirationMonth: '01', panExpirationYear: '2039', cardSecurityCode: '000', paymentCardType: 'CREDIT' },
  { primaryAccountNumber: '5555555555554444', panExpirationMonth: '06', panExpirationYear: '2038', cardSecurityCode: '321', paymentCardType: 'DEBIT' },
  { primaryAccountNumber: '5200828282828210', panExpirationMonth: '09', panExpirationYear: '2037', cardSecurityCode: '456', paymentCardType: 'PREPAID' },
];
const testCardByPan = new Map(TEST_CARDS.map((c) => [c.primaryAccountNumber, c]));

// Push-account receipts (enrolmentReferenceData, PUSH_ACCOUNT_RECEIPT), issued to the partner.
const receipts = new Map(); // enrolmentReferenceId -> { apiKey, card }
function makeReceipt(apiKey, card) {
  const id = `PAR-${crypto.randomUUID()}`;
  receipts.set(id, { apiKey, card });
  return { enrolmentReferenceId: id, panBin: card.primaryAccountNumber.slice(0, 6), panLastFour: card.primaryAccountNumber.slice(-4) };
}
const myReceipts = [
  makeReceipt(me.apiKey, { primaryAccountNumber: '5204740000001002', panExpirationMonth: '11', panExpirationYear: '2036', paymentCardType: 'DEBIT' }),
  makeReceipt(me.apiKey, { primaryAccountNumber: '2221000000000009', panExpirationMonth: '03', panExpirationYear: '2035', paymentCardType: 'CREDIT' }),
];
makeReceipt(other.apiKey, { primaryAccountNumber: '5105105105105100', panExpirationMonth: '10', panExpirationYear: '2034', paymentCardType: 'CREDIT' });

// ---------------------------------------------------------------- stores
const consumers = new Map(); // `${serviceId}|${email}` -> consumer record
const cards = new Map();     // `${srcConsumerId}|${pan}` -> card record

// ---------------------------------------------------------------- reference lists
const ISO3166 = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL ' +
  'GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR ' +
  'LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK ' +
  'PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR ' +
  'TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
const ISO639_1 = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es ' +
  'et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ' +
  'ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ' +
  'ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo ' +
  'za zh zu').split(' '));

const UUID_LOWER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CORR_RE = /^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SERVICE_RE = /^[0-9a-zA-Z#_-]*$/;
// Seed 000, ConsumerIdentity: identityValue is a "value that matches identityType (<EMAIL>)", an e-mail address:
// its local part a dot-atom (RFC 5322 section 3.2.3), its domain sub-domains that start and end with a letter or
// digit (RFC 5321 section 4.1.2, Let-dig [Ldh-str]); "a@gm-ail.-com" is no address.
const EMAIL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const JWE_COMPACT_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const ORIGINS = ['CARDHOLDER', 'ISSUER', 'MERCHANT', 'WALLET'];

// ---------------------------------------------------------------- errors (sample shape: code, status, message, details)
class ApiError extends Error {
  constructor(code, status, message, details) { super(message); this.code = code; this.status = status; this.details = details; }
}
const MSG_INVALID_ARGUMENT = 'The request is malformed or has incorrect or missing fields or values.';
const MSG_INVALID_STATE = 'The request references an entity that does not exist or is not in a valid state.';
function errorBody(e) {
  const body = { code: e.code, status: e.status, reason: e.status, message: e.message };
  if (e.details && e.details.length) { body.details = e.details; body.errordetail = e.details; }
  return body;
}
const detail = (reason, source, message, sourceType = 'BODY') => ({ reason, source, message, sourceType });
const invalidArgument = (details) => new ApiError(400, 'INVALID_ARGUMENT', MSG_INVALID_ARGUMENT, details);
const invalidState = (details) => new ApiError(400, 'INVALID_STATE', MSG_INVALID_STATE, details);

// ---------------------------------------------------------------- validation
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isAbsent = (v) => v === undefined || v === null;

class Checker {
  constructor(prefix = '') { this.errs = []; this.prefix = prefix; }
  p(path) { return this.prefix ? `${this.prefix}.${path}` : path; }
  missing(path) { this.errs.push(detail('CANNOT_BE_NULL', this.p(path), `${this.p(path)} must not be null`)); }
  bad(path, msg) { this.errs.push(detail('INVALID_VALUE', this.p(path), `${this.p(path)} ${msg}`)); }
  // returns the value if it is a present object, otherwise records an error
  obj(o, key, path, required) {
    const v = o[key];
    if (isAbsent(v)) { if (required) this.missing(path); return undefined; }
    if (!isObj(v)) { this.bad(path, 'must be an object'); return undefined; }
    return v;
  }
  str(o, key, path, required, rules = {}) {
    const v = o[key];
    if (isAbsent(v)) { if (required) this.missing(path); return undefined; }
    if (typeof v !== 'string') { this.bad(path, 'must be a string'); return undefined; }
    if (rules.nonBlank && v.trim() === '') { this.bad(path, 'must not be blank'); return undefined; }
    // Seed 000, Limits: "consumer.firstName, consumer.lastName | max 30 characters" (and the other limits, all in
    // characters): a length is counted in characters (code points), not in UTF-16 code units, so that a letter
    // outside the Basic Multilingual Plane counts once.
    const chars = [...v].length;
    if (rules.min !== undefined && chars < rules.min) { this.bad(path, `length must be at least ${rules.min}`); return undefined; }
    if (rules.max !== undefined && chars > rules.max) { this.bad(path, `length must be at most ${rules.max}`); return undefined; }
    if (rules.len !== undefined && chars !== rules.len) { this.bad(path, `length must be exactly ${rules.len}`); return undefined; }
    if (rules.re && !rules.re.test(v)) { this.bad(path, rules.reMsg || `must match ${rules.re}`); return undefined; }
    if (rules.enum && !rules.enum.includes(v)) { this.bad(path, `must be one of ${rules.enum.join(', ')}`); return undefined; }
    if (rules.check) { const m = rules.check(v); if (m) { this.bad(path, m); return undefined; } }
    return v;
  }
}

function isAbsoluteUri(v) {
  if (/\s/.test(v)) return false;
  try { const u = new URL(v); return !!u.protocol; } catch { return false; }
}

function validateRequest(body) {
  const c = new Checker();
  if (!isObj(body)) throw invalidArgument([detail('INVALID_VALUE', 'body', 'request body must be a JSON object')]);
  const out = {};
  out.srcClientId = c.str(body, 'srcClientId', 'srcClientId', true, { re: UUID_LOWER, reMsg: 'must be a lower-case UUID (8-4-4-4-12)' });
  out.srcCorrelationId = c.str(body, 'srcCorrelationId', 'srcCorrelationId', false, { re: CORR_RE, reMsg: 'must be a UUID, optionally prefixed by 8 hex digits and a separator' });
  out.serviceId = c.str(body, 'serviceId', 'serviceId', true, { re: SERVICE_RE, reMsg: 'must match ^[0-9a-zA-Z#_-]*$' });
  out.cardSource = c.str(body, 'cardSource', 'cardSource', false, { enum: ORIGINS });

  const consumer = c.obj(body, 'consumer', 'consumer', true);
  if (consumer) {
    const ci = c.obj(consumer, 'consumerIdentity', 'consumer.consumerIdentity', true);
    if (ci) {
      const t = c.str(ci, 'identityType', 'consumer.consumerIdentity.identityType', true, { enum: ['EMAIL_ADDRESS'] });
      if (t === 'EMAIL_ADDRESS' || t === undefined) {
        c.str(ci, 'identityValue', 'consumer.consumerIdentity.identityValue', true, { max: 255, re: EMAIL_RE, reMsg: 'must be an email address' });
      } else c.str(ci, 'identityValue', 'consumer.consumerIdentity.identityValue', true, { max: 255 });
    }
    const mn = c.obj(consumer, 'mobileNumber', 'consumer.mobileNumber', true);
    if (mn) {
      c.str(mn, 'countryCode', 'consumer.mobileNumber.countryCode', true, { re: /^[0-9]{1,3}$/, reMsg: 'must be 1 to 3 digits (international calling code without +)' });
      c.str(mn, 'phoneNumber', 'consumer.mobileNumber.phoneNumber', true, { re: /^[0-9]{4,15}$/, reMsg: 'must be 4 to 15 digits without country code' });
    }
    c.str(consumer, 'countryCode', 'consumer.countryCode', true, { check: (v) => (ISO3166.has(v) ? null : 'must be an ISO 3166 alpha-2 country code') });
    c.str(consumer, 'languageCode', 'consumer.languageCode', true, { check: (v) => (ISO639_1.has(v) ? null : 'must be an ISO 639-1 language code') });
    // Seed 000, Consumer: "firstName | string | max length 30" (lastName alike) and Limits "max 30 characters": no
    // minimum and no other form is stated, so a blank name is a valid one (the 400 is for a body that does not match).
    c.str(consumer, 'firstName', 'consumer.firstName', true, { max: 30 });
    c.str(consumer, 'lastName', 'consumer.lastName', true, { max: 30 });
  }
  const cs = c.obj(body, 'complianceSettings', 'complianceSettings', true);
  if (cs) {
    for (const k of ['privacy', 'tnc']) {
      const o = c.obj(cs, k, `complianceSettings.${k}`, true);
      if (o) c.str(o, 'latestVersionUri', `complianceSettings.${k}.latestVersionUri`, true, { check: (v) => (isAbsoluteUri(v) ? null : 'must be an absolute URI') });
    }
  }
  const erd = c.obj(body, 'enrolmentReferenceData', 'enrolmentReferenceData', false);
  if (erd) {
    c.str(erd, 'enrolmentReferenceId', 'enrolmentReferenceData.enrolmentReferenceId', true, { max: 256, nonBlank: true });
    c.str(erd, 'enrolmentReferenceType', 'enrolmentReferenceData.enrolmentReferenceType', true, { enum: ['PUSH_ACCOUNT_RECEIPT'] });
  }
  const enc = c.str(body, 'encryptedCard', 'encryptedCard', false, { re: JWE_COMPACT_RE, reMsg: 'must be a JWE in compact serialization (five dot-separated base64url segments)' });
  const hasEnc = !isAbsent(body.encryptedCard), hasErd = !isAbsent(body.enrolmentReferenceData);
  if (!hasEnc && !hasErd) {
    c.errs.push(detail('CANNOT_BE_NULL', 'encryptedCard', 'either encryptedCard (card-number enrollment) or enrolmentReferenceData (PUSH_ACCOUNT_RECEIPT enrollment) must be passed'));
  } else if (hasEnc && hasErd) {
    c.errs.push(detail('INVALID_VALUE', 'encryptedCard', 'encryptedCard and enrolmentReferenceData are mutually exclusive; pass exactly one'));
  }
  if (c.errs.length) throw invalidArgument(c.errs);
  out.consumer = consumer; out.complianceSettings = cs; out.enrolmentReferenceData = erd; out.encryptedCard = enc;
  return out;
}

function validateCard(card) {
  if (!isObj(card)) throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'decrypted payload must be a JSON Card object')]);
  const c = new Checker('card');
  const pan = c.str(card, 'primaryAccountNumber', 'primaryAccountNumber', true, {
    min: 16, max: 20, re: /^[0-9]+$/, reMsg: 'must contain digits only',
    check: (v) => (luhnOk(v) ? null : 'is not a valid ISO/IEC 7812 account number (check digit)'),
  });
  const mm = c.str(card, 'panExpirationMonth', 'panExpirationMonth', false, { len: 2, re: /^(0[1-9]|1[0-2])$/, reMsg: 'must be a two-digit month 01-12' });
  const yyyy = c.str(card, 'panExpirationYear', 'panExpirationYear', false, { len: 4, re: /^[0-9]{4}$/, reMsg: 'must be a four-digit year' });
  c.str(card, 'cardSecurityCode', 'cardSecurityCode', false, { min: 3, max: 6, re: /^[0-9]+$/, reMsg: 'must contain digits only' });
  if (yyyy && !c.errs.length) {
    const now = new Date();
    const y = Number(yyyy), m = mm ? Number(mm) : 12;
    const cy = now.getUTCFullYear(), cm = now.getUTCMonth() + 1;
    if (y < cy || (y === cy && m < cm)) c.bad('panExpirationYear', 'card is expired');
    else if (y > cy + 50) c.bad('panExpirationYear', 'is too far in the future');
  }
  if (c.errs.length) throw invalidArgument(c.errs);
  return { primaryAccountNumber: pan, panExpirationMonth: mm, panExpirationYear: yyyy };
}

async function decryptCard(jwe) {
  let header;
  try { header = decodeProtectedHeader(jwe); } catch {
    throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'encryptedCard protected header cannot be decoded')]);
  }
  if (header.alg !== 'RSA-OAEP-256') throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'JWE alg must be RSA-OAEP-256')]);
  if (header.enc !== 'A128GCM') throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'JWE enc must be A128GCM')]);
  if (isAbsent(header.kid)) throw invalidArgument([detail('CANNOT_BE_NULL', 'encryptedCard', 'JWE protected header must carry the kid of the encryption key')]);
  if (header.kid !== KID) throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'JWE kid does not match a current encryption key; fetch the key set again')]);
  let plaintext;
  try {
    ({ plaintext } = await compactDecrypt(jwe, privateKey, { keyManagementAlgorithms: ['RSA-OAEP-256'], contentEncryptionAlgorithms: ['A128GCM'] }));
  } catch {
    throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'encryptedCard cannot be decrypted with the key named by kid')]);
  }
  try { return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)); } catch {
    throw invalidArgument([detail('INVALID_VALUE', 'encryptedCard', 'decrypted payload is not JSON')]);
  }
}

// ---------------------------------------------------------------- masking
const maskName = (s) => { const t = s.trim(); return t ? t[0] + '*'.repeat(Math.max(t.length - 1, 1)) : ''; };
function maskEmail(e) {
  const at = e.lastIndexOf('@');
  const local = e.slice(0, at), dom = e.slice(at + 1);
  const dot = dom.lastIndexOf('.');
  const domName = dom.slice(0, dot), tld = dom.slice(dot);
  return `${local[0]}${'*'.repeat(Math.max(local.length - 1, 2))}@${domName[0]}${'*'.repeat(Math.max(domName.length - 1, 2))}${tld}`;
}

// ---------------------------------------------------------------- business
const nowIso = () => new Date().toISOString();
function tokenFor(pan) {
  // deterministic per PAN for this process: TUR, token number, PAR
  const h = crypto.createHash('sha256').update(`${KID}|${pan}`).digest('hex');
  const digits = h.replace(/[a-f]/g, '').padEnd(20, '7');
  return {
    tokenUniqueReference: `DM4MMC${h.slice(0, 32)}`,
    tokenLastFour: digits.slice(0, 4),
    par: `5001${h.slice(32, 57).toUpperCase()}`,
  };
}

function upsertConsumer(req) {
  const email = req.consumer.consumerIdentity.identityValue;
  const key = `${req.serviceId}|${email.toLowerCase()}`;
  const t = nowIso();
  let rec = consumers.get(key);
  if (!rec) {
    rec = { srcConsumerId: crypto.randomUUID(), dateConsumerAdded: t, status: 'ACTIVE' };
    consumers.set(key, rec);
  }
  Object.assign(rec, {
    email, firstName: req.consumer.firstName, lastName: req.consumer.lastName,
    mobileNumber: { countryCode: req.consumer.mobileNumber.countryCode, phoneNumber: req.consumer.mobileNumber.phoneNumber },
    countryCode: req.consumer.countryCode, languageCode: req.consumer.languageCode,
    privacy: req.complianceSettings.privacy.latestVersionUri, tnc: req.complianceSettings.tnc.latestVersionUri,
    dateConsumerLastUsed: t,
  });
  return rec;
}

function maskedConsumerOf(rec) {
  const me = maskEmail(rec.email);
  return {
    srcConsumerId: rec.srcConsumerId,
    maskedConsumerIdentity: { identityType: 'EMAIL_ADDRESS', maskedIdentityValue: me },
    maskedEmailAddress: me,
    maskedFirstName: maskName(rec.firstName),
    maskedLastName: maskName(rec.lastName),
    maskedFullName: `${maskName(rec.firstName)} ${maskName(rec.lastName)}`,
    // Seed 000, MaskedConsumer: "maskedMobileNumber | PhoneNumber", and PhoneNumber: "phoneNumber | string | digits
    // only, without country code": the masked number keeps the digits-only form, so it shows only its last four
    // digits (never a '*'), and never all of a short one.
    maskedMobileNumber: { countryCode: rec.mobileNumber.countryCode, phoneNumber: rec.mobileNumber.phoneNumber.slice(-Math.min(4, rec.mobileNumber.phoneNumber.length - 1)) },
    countryCode: rec.countryCode,
    languageCode: rec.languageCode,
    dateConsumerAdded: rec.dateConsumerAdded,
    dateConsumerLastUsed: rec.dateConsumerLastUsed,
    status: rec.status,
    complianceSettings: { privacy: { acceptedVersion: rec.privacy }, tnc: { acceptedVersion: rec.tnc } },
  };
}

function enrollCard(consumerRec, req, card, extra) {
  const pan = card.primaryAccountNumber;
  const key = `${consumerRec.srcConsumerId}|${pan}`;
  let rec = cards.get(key);
  if (!rec) {
    const tok = tokenFor(pan);
    const brand = brandOf(pan);
    const tc = testCardByPan.get(pan);
    const tokYear = String(new Date().getUTCFullYear() + 3);
    rec = {
      srcDigitalCardId: crypto.randomUUID(),
      panBin: pan.slice(0, 6),
      panLastFour: pan.slice(-4),
      tokenUniqueReference: tok.tokenUniqueReference,
      tokenLastFour: tok.tokenLastFour,
      tokenExpirationMonth: card.panExpirationMonth || '12',
      tokenExpirationYear: tokYear,
      paymentCardDescriptor: brand.toLowerCase(),
      paymentCardType: (tc && tc.paymentCardType) || extra.paymentCardType || 'CREDIT',
      dateOfCardCreated: nowIso(),
      paymentAccountReference: tok.par,
      brand,
    };
    cards.set(key, rec);
  }
  // latest presentation data supplied with this enrollment
  if (card.panExpirationMonth) rec.panExpirationMonth = card.panExpirationMonth;
  if (card.panExpirationYear) rec.panExpirationYear = card.panExpirationYear;
  const masked = {
    srcDigitalCardId: rec.srcDigitalCardId,
    panBin: rec.panBin,
    panLastFour: rec.panLastFour,
    tokenUniqueReference: rec.tokenUniqueReference,
    tokenLastFour: rec.tokenLastFour,
    tokenExpirationMonth: rec.tokenExpirationMonth,
    tokenExpirationYear: rec.tokenExpirationYear,
    digitalCardData: {
      status: 'ACTIVE',
      descriptorName: rec.brand === 'MASTERCARD' ? 'Mastercard' : rec.brand.charAt(0) + rec.brand.slice(1).toLowerCase(),
      artUri: `https://sandbox.example.invalid/card-art/${rec.brand.toLowerCase()}.png`,
      iscobranded: false,
    },
    paymentCardDescriptor: rec.paymentCardDescriptor,
    paymentCardType: rec.paymentCardType,
    dateOfCardCreated: rec.dateOfCardCreated,
    countryCode: consumerRec.countryCode,
    serviceId: req.serviceId,
    paymentAccountReference: rec.paymentAccountReference,
  };
  if (rec.panExpirationMonth) masked.panExpirationMonth = rec.panExpirationMonth;
  if (rec.panExpirationYear) masked.panExpirationYear = rec.panExpirationYear;
  return masked;
}

async function handleEnroll(req, rawBody) {
  // 1. authentication: API key header
  const apiKey = req.headers['x-openapi-clientid'];
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new ApiError(401, 'UNAUTHENTICATED', 'Authorization validation failed: the x-openapi-clientid header is missing.',
      [detail('CANNOT_BE_NULL', 'x-openapi-clientid', 'x-openapi-clientid header is required', 'HEADER')]);
  }
  const partner = partners.get(apiKey.trim());
  if (!partner) {
    throw new ApiError(401, 'UNAUTHENTICATED', 'Authorization validation failed: the API key is not recognised.',
      [detail('INVALID_VALUE', 'x-openapi-clientid', 'x-openapi-clientid is not a valid API key', 'HEADER')]);
  }
  // 2. body must be JSON
  const ct = String(req.headers['content-type'] || '');
  if (ct && !/^application\/([a-z0-9.+-]*\+)?json\b/i.test(ct.trim())) {
    throw invalidArgument([detail('INVALID_VALUE', 'Content-Type', 'Content-Type must be application/json', 'HEADER')]);
  }
  let body;
  try { body = JSON.parse(rawBody.toString('utf8')); } catch {
    throw invalidArgument([detail('INVALID_VALUE', 'body', rawBody.length ? 'request body is not valid JSON' : 'request body is required')]);
  }
  // 3. schema
  const r = validateRequest(body);
  // 4. client identity and program resolution
  const owner = clientOwner.get(r.srcClientId);
  if (!owner) throw invalidState([detail('INVALID_VALUE', 'srcClientId', 'srcClientId does not resolve to a registered client')]);
  if (owner !== apiKey.trim()) {
    throw new ApiError(403, 'PERMISSION_DENIED', 'The client identity (origin) could not be validated: srcClientId is not registered to this API key.',
      [detail('INVALID_VALUE', 'srcClientId', 'srcClientId is not registered to the calling API key')]);
  }
  const services = partner.clients.get(r.srcClientId);
  if (!services.has(r.serviceId)) throw invalidState([detail('INVALID_VALUE', 'serviceId', 'serviceId does not resolve to a service registered to this srcClientId')]);
  // 5. card
  let card, extra = {};
  if (r.encryptedCard !== undefined) {
    card = validateCard(await decryptCard(r.encryptedCard));
  } else {
    const rc = receipts.get(r.enrolmentReferenceData.enrolmentReferenceId);
    if (!rc || rc.apiKey !== owner) {
      throw invalidState([detail('INVALID_VALUE', 'enrolmentReferenceData.enrolmentReferenceId', 'enrolmentReferenceId does not resolve to a push account receipt')]);
    }
    card = { primaryAccountNumber: rc.card.primaryAccountNumber, panExpirationMonth: rc.card.panExpirationMonth, panExpirationYear: rc.card.panExpirationYear };
    extra.paymentCardType = rc.card.paymentCardType;
  }
  const consumerRec = upsertConsumer(r);
  const maskedCard = enrollCard(consumerRec, r, card, extra);
  return {
    srcCorrelationId: r.srcCorrelationId || crypto.randomUUID(),
    maskedCard,
    maskedConsumer: maskedConsumerOf(consumerRec),
  };
}

// ---------------------------------------------------------------- http
function send(res, status, obj, headers = {}) {
  const data = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(data), 'Cache-Control': 'no-store', ...headers });
  res.end(data);
}

const server = http.createServer((req, res) => {
  const chunks = []; let size = 0, tooBig = false;
  req.on('data', (d) => { size += d.length; if (size > MAX_BODY) tooBig = true; else chunks.push(d); });
  req.on('error', () => {});
  req.on('end', async () => {
    const path = (req.url || '/').split('?')[0];
    const t0 = Date.now();
    let status = 500;
    try {
      if (path === KEYS_PATH) {
        if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed; use GET.');
        status = 200; return send(res, 200, JWKS, { 'Cache-Control': 'public, max-age=300' });
      }
      if (path === CARDS_PATH) {
        if (req.method !== 'POST') throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed; use POST.');
        if (tooBig) throw new ApiError(413, 'INVALID_ARGUMENT', 'Request body is too large.');
        const out = await handleEnroll(req, Buffer.concat(chunks));
        status = 200; return send(res, 200, out);
      }
      throw new ApiError(404, 'NOT_FOUND', 'The requested resource was not found.');
    } catch (e) {
      if (e instanceof ApiError) {
        status = e.code;
        const h = e.code === 405 ? { Allow: path === KEYS_PATH ? 'GET, HEAD' : 'POST' } : {};
        return send(res, e.code, errorBody(e), h);
      }
      log('internal error:', e && e.stack);
      status = 500;
      return send(res, 500, { code: 500, status: 'INTERNAL', message: 'An internal error occurred.' });
    } finally {
      log(req.method, path, status, `${Date.now() - t0}ms`);
    }
  });
});

server.listen(port, host, () => {
  const addr = server.address();
  const h = addr.family === 'IPv6' || host.includes(':') ? `[${addr.address}]` : addr.address;
  const url = `http://${h}:${addr.port}`;
  const sheet = {
    baseUrl: `${url}${BASE_PATH}`,
    apiKey: me.apiKey,
    srcClientId: me.srcClientId,
    serviceIds: me.serviceIds,
    foreignSrcClientId: other.srcClientId,
    foreignServiceId: other.serviceIds[0],
    keysUrl: `${url}${KEYS_PATH}`,
    kid: KID,
    receipts: myReceipts,
    testCards: TEST_CARDS.map(({ primaryAccountNumber, panExpirationMonth, panExpirationYear, cardSecurityCode }) =>
      ({ primaryAccountNumber, panExpirationMonth, panExpirationYear, cardSecurityCode })),
  };
  process.stdout.write(JSON.stringify({ url, sheet }) + '\n');
  log('listening on', url);
});

let stopping = false;
const stop = () => {
  if (stopping) return; stopping = true;
  server.close(() => process.exit(0));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
