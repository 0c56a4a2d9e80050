// Card enrollment sandbox (POST {base}/cards), written from the published documents only.
// Node 20, ES module; built-in modules plus `jose` for JWE.
import http from 'node:http';
import crypto from 'node:crypto';
import * as jose from 'jose';

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const out = { port: 0, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--port') out.port = Number(next());
    else if (a.startsWith('--port=')) out.port = Number(a.slice(7));
    else if (a === '--host') out.host = next();
    else if (a.startsWith('--host=')) out.host = a.slice(7);
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) {
    process.stderr.write('invalid --port\n');
    process.exit(2);
  }
  return out;
}
const args = parseArgs(process.argv.slice(2));
const log = (...m) => process.stderr.write(`[card-sandbox] ${m.join(' ')}\n`);

// ---------------------------------------------------------------- fixed sandbox data (the portal's "sheet")
const BASE_PATH = '/src/api/digital/payments';
const KEYS_PATH = '/keys/mcs/fpanEncryption';
const API_KEY = 'sbx-openapi-7f3c9a2e5b8d4c1fa6e09d3b72c5e814';
const PARTNER = {
  srcClientId: '4c8e2f1a-6b3d-4e9a-8f7c-2d5b1a9e6c30',
  serviceIds: ['SBX_SCOF_PROGRAM_01', 'SBX_SCOF_PROGRAM_02'],
};
const FOREIGN = {
  srcClientId: '9a1d7e3c-2f5b-4c8a-b6e4-7d3f1c9a5e21',
  serviceIds: ['SBX_OTHER_PARTNER_PROGRAM'],
};
// Push-account receipts already "pushed" to this partner (account details live server side).
const RECEIPTS = [
  { enrolmentReferenceId: 'PAR-7c2e9b41d05a4f3e8b6a1c9d2e4f7a01', pan: '5204730000002514', expMonth: '12', expYear: '2030' },
  { enrolmentReferenceId: 'PAR-3f8a1d6c92e04b7a9c5e2d1f0b8a6c02', pan: '5555341244441115', expMonth: '06', expYear: '2031' },
  { enrolmentReferenceId: 'PAR-e5b20c7a41f94d8e8a3b6c0d9f1e2a03', pan: '2223000048400011', expMonth: '03', expYear: '2032' },
];
const TEST_CARDS = [
  { primaryAccountNumber: '5120350100064537', panExpirationMonth: '12', panExpirationYear: '2030', cardSecurityCode: '123' },
  { primaryAccountNumber: '5186001700008785', panExpirationMonth: '09', panExpirationYear: '2031', cardSecurityCode: '456' },
  { primaryAccountNumber: '4111111111111111', panExpirationMonth: '01', panExpirationYear: '2032', cardSecurityCode: '789' },
];

// ---------------------------------------------------------------- encryption key (src-fpan-encryption)
const KID = crypto.randomUUID();
// A Node KeyObject (not a WebCrypto key) so both RSA-OAEP-256 and RSA-OAEP can unwrap with it.
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicJwk = { ...(await jose.exportJWK(publicKey)), kid: KID, use: 'enc', alg: 'RSA-OAEP-256' };
const KEY_ALGS = ['RSA-OAEP-256', 'RSA-OAEP'];
const ENC_ALGS = ['A128GCM', 'A192GCM', 'A256GCM', 'A128CBC-HS256', 'A192CBC-HS384', 'A256CBC-HS512'];

// ---------------------------------------------------------------- in-memory state (never reset)
const profiles = new Map(); // key `${srcClientId}|${serviceId}|${email}` -> profile
const cardIds = new Map(); // key `${profileId}|${pan}` -> card record

// ---------------------------------------------------------------- reference lists
const ISO3166 = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG ' +
  'GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR ' +
  'NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
const ISO639_1 = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee ' +
  'el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj ' +
  'kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om ' +
  'or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ' +
  'ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));

const RE_CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RE_CORRELATION = /^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const RE_SERVICE_ID = /^[0-9a-zA-Z#_-]*$/;
const RE_EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const RE_DIGITS = /^[0-9]+$/;
const ORIGINS = ['CARDHOLDER', 'ISSUER', 'MERCHANT', 'WALLET'];

// ---------------------------------------------------------------- error helpers
const MSG = {
  INVALID_ARGUMENT: 'Cannot process the request because it is malformed or has incorrect/missing fields or values.',
  INVALID_STATE: 'Cannot process the request because a referenced entity does not exist or is not in a valid state.',
  UNAUTHENTICATED: 'Authorization validation failed.',
  PERMISSION_DENIED: 'The client identity (origin) could not be validated for this request.',
  NOT_FOUND: 'The requested resource was not found.',
  METHOD_NOT_ALLOWED: 'The HTTP method is not supported on this resource.',
  INTERNAL: 'An internal error occurred while processing the request.',
};
class ApiError extends Error {
  constructor(httpStatus, status, details = [], message) {
    super(message || MSG[status] || status);
    this.httpStatus = httpStatus; this.status = status; this.details = details;
  }
}
const detail = (reason, source, message, sourceType = 'BODY') => ({ reason, source, message, sourceType });
function errorBody(err) {
  // Sample shape (code, status, message, details) plus the declared schema's reason/errordetail mirrors.
  const body = { code: err.httpStatus, status: err.status, reason: err.status, message: err.message };
  if (err.details && err.details.length) { body.details = err.details; body.errordetail = err.details; }
  return body;
}

// ---------------------------------------------------------------- validation
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
class V {
  constructor() { this.d = []; }
  missing(src) { this.d.push(detail('CANNOT_BE_NULL', src, 'must not be null')); }
  bad(src, msg) { this.d.push(detail('INVALID_VALUE', src, msg)); }
  // returns value if it is a present string, else records an error and returns undefined
  str(obj, key, src, { required = true } = {}) {
    const v = obj[key];
    if (v === undefined || v === null) { if (required) this.missing(src); return undefined; }
    if (typeof v !== 'string') { this.bad(src, 'must be a string'); return undefined; }
    return v;
  }
  obj(obj, key, src, { required = true } = {}) {
    const v = obj[key];
    if (v === undefined || v === null) { if (required) this.missing(src); return undefined; }
    if (!isObj(v)) { this.bad(src, 'must be an object'); return undefined; }
    return v;
  }
}

function validateUri(v, src, val) {
  if (v === undefined) return;
  let ok = false;
  try { const u = new URL(v); ok = /^[a-zA-Z][a-zA-Z0-9+.-]*:$/.test(u.protocol) && !/\s/.test(v); } catch { ok = false; }
  if (!ok) val.bad(src, 'must be a valid URI');
}

function validateRequest(body) {
  const val = new V();
  const srcClientId = val.str(body, 'srcClientId', 'srcClientId');
  if (srcClientId !== undefined && !RE_CLIENT_ID.test(srcClientId)) val.bad('srcClientId', 'must be a valid UUID');
  const srcCorrelationId = val.str(body, 'srcCorrelationId', 'srcCorrelationId', { required: false });
  if (srcCorrelationId !== undefined && !RE_CORRELATION.test(srcCorrelationId)) val.bad('srcCorrelationId', 'must be a valid correlation id (UUID)');
  const serviceId = val.str(body, 'serviceId', 'serviceId');
  if (serviceId !== undefined && !RE_SERVICE_ID.test(serviceId)) val.bad('serviceId', 'must match ^[0-9a-zA-Z#_-]*$');

  const consumer = val.obj(body, 'consumer', 'consumer');
  if (consumer) {
    const ci = val.obj(consumer, 'consumerIdentity', 'consumer.consumerIdentity');
    if (ci) {
      const t = val.str(ci, 'identityType', 'consumer.consumerIdentity.identityType');
      if (t !== undefined && t !== 'EMAIL_ADDRESS') val.bad('consumer.consumerIdentity.identityType', 'must be one of [EMAIL_ADDRESS]');
      const iv = val.str(ci, 'identityValue', 'consumer.consumerIdentity.identityValue');
      if (iv !== undefined) {
        if ([...iv].length > 255) val.bad('consumer.consumerIdentity.identityValue', 'size must be between 0 and 255');
        else if (t === 'EMAIL_ADDRESS' && !RE_EMAIL.test(iv)) val.bad('consumer.consumerIdentity.identityValue', 'must be a well-formed email address');
      }
    }
    const mn = val.obj(consumer, 'mobileNumber', 'consumer.mobileNumber');
    if (mn) {
      const cc = val.str(mn, 'countryCode', 'consumer.mobileNumber.countryCode');
      if (cc !== undefined && !(RE_DIGITS.test(cc) && cc.length <= 4)) val.bad('consumer.mobileNumber.countryCode', 'must be an international calling code, digits only');
      const pn = val.str(mn, 'phoneNumber', 'consumer.mobileNumber.phoneNumber');
      if (pn !== undefined && !(RE_DIGITS.test(pn) && pn.length <= 15)) val.bad('consumer.mobileNumber.phoneNumber', 'must be digits only, without country code');
    }
    const country = val.str(consumer, 'countryCode', 'consumer.countryCode');
    if (country !== undefined && !ISO3166.has(country)) val.bad('consumer.countryCode', 'must be an ISO 3166 alpha-2 country code');
    const lang = val.str(consumer, 'languageCode', 'consumer.languageCode');
    if (lang !== undefined && !ISO639_1.has(lang)) val.bad('consumer.languageCode', 'must be an ISO 639-1 language code');
    for (const k of ['firstName', 'lastName']) {
      const v = val.str(consumer, k, `consumer.${k}`);
      if (v !== undefined && [...v].length > 30) val.bad(`consumer.${k}`, 'size must be between 0 and 30');
    }
  }

  const cs = val.obj(body, 'complianceSettings', 'complianceSettings');
  if (cs) {
    for (const k of ['privacy', 'tnc']) {
      const o = val.obj(cs, k, `complianceSettings.${k}`);
      if (o) {
        const u = val.str(o, 'latestVersionUri', `complianceSettings.${k}.latestVersionUri`);
        validateUri(u, `complianceSettings.${k}.latestVersionUri`, val);
      }
    }
  }

  const cardSource = val.str(body, 'cardSource', 'cardSource', { required: false });
  if (cardSource !== undefined && !ORIGINS.includes(cardSource)) val.bad('cardSource', `must be one of [${ORIGINS.join(', ')}]`);

  const erd = val.obj(body, 'enrolmentReferenceData', 'enrolmentReferenceData', { required: false });
  if (erd) {
    const id = val.str(erd, 'enrolmentReferenceId', 'enrolmentReferenceData.enrolmentReferenceId');
    if (id !== undefined && [...id].length > 256) val.bad('enrolmentReferenceData.enrolmentReferenceId', 'size must be between 0 and 256');
    if (id !== undefined && id.length === 0) val.bad('enrolmentReferenceData.enrolmentReferenceId', 'must not be blank');
    const t = val.str(erd, 'enrolmentReferenceType', 'enrolmentReferenceData.enrolmentReferenceType');
    if (t !== undefined && t !== 'PUSH_ACCOUNT_RECEIPT') val.bad('enrolmentReferenceData.enrolmentReferenceType', 'must be one of [PUSH_ACCOUNT_RECEIPT]');
  }
  const enc = val.str(body, 'encryptedCard', 'encryptedCard', { required: false });
  if (enc !== undefined && !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(enc)) {
    val.bad('encryptedCard', 'must be a compact JWE (five dot-separated base64url segments)');
  }
  const hasErd = body.enrolmentReferenceData !== undefined && body.enrolmentReferenceData !== null;
  const hasEnc = body.encryptedCard !== undefined && body.encryptedCard !== null;
  if (hasErd && hasEnc) val.bad('encryptedCard', 'encryptedCard and enrolmentReferenceData are mutually exclusive; pass exactly one');
  if (!hasErd && !hasEnc) val.missing('encryptedCard');

  if (val.d.length) throw new ApiError(400, 'INVALID_ARGUMENT', val.d);
}

function luhn(pan) {
  let sum = 0, dbl = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (dbl) { d *= 2; if (d > 9) d -= 9; }
    sum += d; dbl = !dbl;
  }
  return sum % 10 === 0;
}

function validateCard(card) {
  const val = new V();
  const pan = val.str(card, 'primaryAccountNumber', 'card.primaryAccountNumber');
  if (pan !== undefined) {
    if (pan.length < 16 || pan.length > 20) val.bad('card.primaryAccountNumber', 'size must be between 16 and 20');
    else if (!RE_DIGITS.test(pan) || !luhn(pan)) val.bad('card.primaryAccountNumber', 'must be a valid ISO/IEC 7812 account number');
  }
  const mm = val.str(card, 'panExpirationMonth', 'card.panExpirationMonth', { required: false });
  if (mm !== undefined && !/^(0[1-9]|1[0-2])$/.test(mm)) val.bad('card.panExpirationMonth', 'must be a two-digit month (01-12)');
  const yy = val.str(card, 'panExpirationYear', 'card.panExpirationYear', { required: false });
  if (yy !== undefined && !/^[0-9]{4}$/.test(yy)) val.bad('card.panExpirationYear', 'must be a four-digit year');
  const csc = val.str(card, 'cardSecurityCode', 'card.cardSecurityCode', { required: false });
  if (csc !== undefined && !/^[0-9]{3,6}$/.test(csc)) val.bad('card.cardSecurityCode', 'must be 3 to 6 digits');
  if (!val.d.length && mm !== undefined && yy !== undefined) {
    const now = new Date();
    const y = now.getUTCFullYear(), m = now.getUTCMonth() + 1;
    if (Number(yy) < y || (Number(yy) === y && Number(mm) < m)) val.bad('card.panExpirationYear', 'card is expired');
    else if (Number(yy) > y + 50) val.bad('card.panExpirationYear', 'must not be more than 50 years in the future');
  }
  if (val.d.length) throw new ApiError(400, 'INVALID_ARGUMENT', val.d);
  return { pan, expMonth: mm, expYear: yy };
}

async function decryptCard(jwe) {
  let plaintext;
  try {
    const hdr = jose.decodeProtectedHeader(jwe);
    if (hdr.kid !== undefined && hdr.kid !== KID) throw new Error('unknown kid');
    const r = await jose.compactDecrypt(jwe, privateKey, { keyManagementAlgorithms: KEY_ALGS, contentEncryptionAlgorithms: ENC_ALGS });
    plaintext = new TextDecoder().decode(r.plaintext);
  } catch (e) {
    log('decrypt failed:', e.code || e.message);
    throw new ApiError(400, 'INVALID_ARGUMENT', [detail('INVALID_VALUE', 'encryptedCard', 'could not be decrypted with the src-fpan-encryption key')]);
  }
  let card;
  try { card = JSON.parse(plaintext); } catch { card = undefined; }
  if (!isObj(card)) throw new ApiError(400, 'INVALID_ARGUMENT', [detail('INVALID_VALUE', 'encryptedCard', 'decrypted content is not a Card JSON object')]);
  return validateCard(card);
}

// ---------------------------------------------------------------- masking & response building
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, '.000Z');
function maskEmail(email) {
  const [local, domain] = [email.slice(0, email.lastIndexOf('@')), email.slice(email.lastIndexOf('@') + 1)];
  const dot = domain.lastIndexOf('.');
  const dn = domain.slice(0, dot), tld = domain.slice(dot);
  return `${local[0]}${'*'.repeat(Math.max(local.length - 1, 3))}@${dn[0]}${'*'.repeat(Math.max(dn.length - 1, 3))}${tld}`;
}
// Seed 000, Limits: lengths are counted in characters (code points), not UTF-16 units (a letter outside the
// Basic Multilingual Plane is one character).
const maskName = (n) => (n.length ? n[0] + '*'.repeat(Math.max(n.length - 1, 1)) : '');
function brandOf(pan) {
  const p2 = Number(pan.slice(0, 2)), p4 = Number(pan.slice(0, 4));
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'mastercard';
  if (pan[0] === '4') return 'visa';
  if (p2 === 34 || p2 === 37) return 'amex';
  if (pan.startsWith('6011') || pan.startsWith('65')) return 'discover';
  return 'mastercard';
}
const hex = (n) => crypto.randomBytes(n).toString('hex');

function getProfile(srcClientId, serviceId, consumer, compliance) {
  const email = consumer.consumerIdentity.identityValue.toLowerCase();
  const key = `${srcClientId}|${serviceId}|${email}`;
  let p = profiles.get(key);
  const ts = nowIso();
  if (!p) {
    p = { srcConsumerId: crypto.randomUUID(), dateConsumerAdded: ts, email };
    profiles.set(key, p);
  }
  p.dateConsumerLastUsed = ts;
  Object.assign(p, {
    firstName: consumer.firstName, lastName: consumer.lastName, countryCode: consumer.countryCode,
    languageCode: consumer.languageCode, mobile: consumer.mobileNumber,
    privacy: compliance.privacy.latestVersionUri, tnc: compliance.tnc.latestVersionUri,
  });
  return p;
}

const pars = new Map();
function parOf(pan) {
  if (!pars.has(pan)) pars.set(pan, `5001${crypto.randomBytes(20).toString('base64').replace(/[^A-Z0-9]/gi, '').toUpperCase().padEnd(25, '7').slice(0, 25)}`);
  return pars.get(pan);
}

function getCard(profile, serviceId, countryCode, pan, expMonth, expYear) {
  const key = `${profile.srcConsumerId}|${pan}`;
  let c = cardIds.get(key);
  if (!c) {
    const y = new Date().getUTCFullYear() + 3;
    c = {
      srcDigitalCardId: crypto.randomUUID(),
      tokenUniqueReference: `DSBXMC${hex(16).toUpperCase()}`,
      tokenLastFour: String(1000 + crypto.randomInt(9000)),
      // Seed 000, MaskedCard.paymentAccountReference: a reference linking a PAN to its tokens, so one per PAN
      // whatever the profile it is enrolled into (it was minted per profile and PAN).
      paymentAccountReference: parOf(pan),
      dateOfCardCreated: nowIso(),
      tokenExpirationMonth: expMonth || String(new Date().getUTCMonth() + 1).padStart(2, '0'),
      tokenExpirationYear: expYear || String(y),
    };
    cardIds.set(key, c);
  }
  // presentation data follows the latest enrollment
  c.expMonth = expMonth ?? c.expMonth; c.expYear = expYear ?? c.expYear;
  const brand = brandOf(pan);
  const maskedCard = {
    srcDigitalCardId: c.srcDigitalCardId,
    panBin: pan.slice(0, 6),
    panLastFour: pan.slice(-4),
    tokenUniqueReference: c.tokenUniqueReference,
    tokenLastFour: c.tokenLastFour,
    tokenExpirationMonth: c.tokenExpirationMonth,
    tokenExpirationYear: c.tokenExpirationYear,
    digitalCardData: {
      status: 'ACTIVE',
      descriptorName: brand === 'mastercard' ? 'Mastercard' : brand[0].toUpperCase() + brand.slice(1),
      artUri: `https://sandbox.src.mastercard.com/assets/cardart/${brand}-default.png`,
      iscobranded: false,
    },
    paymentCardDescriptor: brand,
    paymentCardType: 'CREDIT',
    dateOfCardCreated: c.dateOfCardCreated,
    countryCode,
    serviceId,
    paymentAccountReference: c.paymentAccountReference,
  };
  if (c.expMonth) maskedCard.panExpirationMonth = c.expMonth;
  if (c.expYear) maskedCard.panExpirationYear = c.expYear;
  return maskedCard;
}

function maskedConsumerOf(p) {
  const fn = maskName(p.firstName), ln = maskName(p.lastName);
  return {
    srcConsumerId: p.srcConsumerId,
    maskedConsumerIdentity: { identityType: 'EMAIL_ADDRESS', maskedIdentityValue: maskEmail(p.email) },
    maskedEmailAddress: maskEmail(p.email),
    maskedFirstName: fn,
    maskedLastName: ln,
    maskedFullName: `${fn} ${ln}`.trim(),
    countryCode: p.countryCode,
    languageCode: p.languageCode,
    dateConsumerAdded: p.dateConsumerAdded,
    dateConsumerLastUsed: p.dateConsumerLastUsed,
    status: 'ACTIVE',
    complianceSettings: { privacy: { acceptedVersion: p.privacy }, tnc: { acceptedVersion: p.tnc } },
  };
}

// ---------------------------------------------------------------- the operation
async function enrollCard(req, raw) {
  const key = req.headers['x-openapi-clientid'];
  if (key === undefined || key === '') {
    throw new ApiError(401, 'UNAUTHENTICATED', [detail('CANNOT_BE_NULL', 'x-openapi-clientid', 'must not be null', 'HEADER')]);
  }
  if (key !== API_KEY) {
    throw new ApiError(401, 'UNAUTHENTICATED', [detail('INVALID_VALUE', 'x-openapi-clientid', 'API key is not valid', 'HEADER')]);
  }
  let body;
  if (!raw.length) throw new ApiError(400, 'INVALID_ARGUMENT', [detail('CANNOT_BE_NULL', 'body', 'request body is required')]);
  try { body = JSON.parse(raw.toString('utf8')); } catch {
    throw new ApiError(400, 'INVALID_ARGUMENT', [detail('INVALID_VALUE', 'body', 'request body is not valid JSON')]);
  }
  if (!isObj(body)) throw new ApiError(400, 'INVALID_ARGUMENT', [detail('INVALID_VALUE', 'body', 'request body must be a JSON object')]);
  validateRequest(body);

  // Entity resolution: own ids pass; another partner's ids -> 403; unknown ids -> 400 INVALID_STATE.
  const { srcClientId, serviceId } = body;
  if (srcClientId === FOREIGN.srcClientId) {
    throw new ApiError(403, 'PERMISSION_DENIED', [detail('INVALID_VALUE', 'srcClientId', 'srcClientId does not belong to the calling client')]);
  }
  if (srcClientId !== PARTNER.srcClientId) {
    throw new ApiError(400, 'INVALID_STATE', [detail('INVALID_VALUE', 'srcClientId', 'srcClientId does not resolve to a known client')]);
  }
  if (FOREIGN.serviceIds.includes(serviceId)) {
    throw new ApiError(403, 'PERMISSION_DENIED', [detail('INVALID_VALUE', 'serviceId', 'serviceId is not enabled for this client')]);
  }
  if (!PARTNER.serviceIds.includes(serviceId)) {
    throw new ApiError(400, 'INVALID_STATE', [detail('INVALID_VALUE', 'serviceId', 'serviceId does not resolve to a known service')]);
  }

  let card;
  if (body.encryptedCard !== undefined && body.encryptedCard !== null) {
    card = await decryptCard(body.encryptedCard);
  } else {
    const id = body.enrolmentReferenceData.enrolmentReferenceId;
    const r = RECEIPTS.find((x) => x.enrolmentReferenceId === id);
    if (!r) throw new ApiError(400, 'INVALID_STATE', [detail('INVALID_VALUE', 'enrolmentReferenceData.enrolmentReferenceId', 'enrolmentReferenceId does not resolve to a push account receipt')]);
    card = { pan: r.pan, expMonth: r.expMonth, expYear: r.expYear };
  }

  const profile = getProfile(srcClientId, serviceId, body.consumer, body.complianceSettings);
  const maskedCard = getCard(profile, serviceId, body.consumer.countryCode, card.pan, card.expMonth, card.expYear);
  return {
    srcCorrelationId: body.srcCorrelationId ?? crypto.randomUUID(),
    maskedCard,
    maskedConsumer: maskedConsumerOf(profile),
  };
}

// ---------------------------------------------------------------- http plumbing
function send(res, status, obj, extra = {}) {
  const data = JSON.stringify(obj);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), 'Cache-Control': 'no-store', ...extra });
  res.end(data);
}
const MAX_BODY = 1024 * 1024;

const server = http.createServer((req, res) => {
  const chunks = []; let size = 0; let tooBig = false;
  req.on('data', (c) => { size += c.length; if (size > MAX_BODY) tooBig = true; else chunks.push(c); });
  req.on('error', () => {});
  req.on('end', async () => {
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    try {
      if (path === KEYS_PATH) {
        if (req.method !== 'GET' && req.method !== 'HEAD') throw Object.assign(new ApiError(405, 'METHOD_NOT_ALLOWED'), { allow: 'GET' });
        return send(res, 200, { keys: [publicJwk] });
      }
      if (path === `${BASE_PATH}/cards`) {
        if (req.method !== 'POST') throw Object.assign(new ApiError(405, 'METHOD_NOT_ALLOWED'), { allow: 'POST' });
        if (tooBig) throw new ApiError(400, 'INVALID_ARGUMENT', [detail('INVALID_VALUE', 'body', 'request body is too large')]);
        const out = await enrollCard(req, Buffer.concat(chunks));
        log('POST /cards 200', out.maskedCard.srcDigitalCardId);
        return send(res, 200, out);
      }
      throw new ApiError(404, 'NOT_FOUND');
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.httpStatus >= 400) log(req.method, path, e.httpStatus, e.status, JSON.stringify(e.details || []));
        return send(res, e.httpStatus, errorBody(e), e.allow ? { Allow: e.allow } : {});
      }
      log('internal error', e && e.stack);
      return send(res, 500, { code: 500, status: 'INTERNAL', message: MSG.INTERNAL });
    }
  });
});

server.listen(args.port, args.host, () => {
  const { port } = server.address();
  const hostForUrl = args.host.includes(':') ? `[${args.host}]` : args.host;
  const url = `http://${hostForUrl}:${port}`;
  const sheet = {
    baseUrl: `${url}${BASE_PATH}`,
    apiKey: API_KEY,
    apiKeyHeader: 'x-openapi-clientid',
    srcClientId: PARTNER.srcClientId,
    serviceIds: PARTNER.serviceIds,
    foreignSrcClientId: FOREIGN.srcClientId,
    foreignServiceId: FOREIGN.serviceIds[0],
    keysUrl: `${url}${KEYS_PATH}`,
    keyId: KID,
    encryption: { alg: 'RSA-OAEP-256', enc: 'A256GCM', acceptedAlg: KEY_ALGS, acceptedEnc: ENC_ALGS, plaintext: 'Card JSON object' },
    receipts: RECEIPTS.map((r) => ({ enrolmentReferenceId: r.enrolmentReferenceId, panBin: r.pan.slice(0, 6), panLastFour: r.pan.slice(-4) })),
    testCards: TEST_CARDS,
  };
  process.stdout.write(JSON.stringify({ url, sheet }) + '\n');
  log(`listening on ${url}`);
});

function shutdown() { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 1000).unref(); }
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
