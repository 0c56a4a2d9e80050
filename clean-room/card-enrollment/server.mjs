// Clean-room sandbox of the Card Enrollment Service (seed 000), POST {base_url}/cards.
// Written from the description "seed-000-card-enrollment.txt" and the onboarding facts only.
// Comments "seed: <section>" name the section of the description a behaviour implements;
// "onboarding:" names an onboarding fact; "decision:" names a choice recorded in DECISIONS.md.

import http from 'node:http';
import { randomUUID, createHash } from 'node:crypto';
import { generateKeyPair, exportJWK, calculateJwkThumbprint, compactDecrypt, decodeProtectedHeader } from 'jose';

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------
function parseArgs(argv) {
  const out = { port: 0, host: '127.0.0.1', verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const take = (name) => {
      if (a === `--${name}`) return argv[++i];
      if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
      return undefined;
    };
    let v;
    if ((v = take('port')) !== undefined) out.port = Number(v);
    else if ((v = take('host')) !== undefined) out.host = v;
    else if (a === '--verbose') out.verbose = true;
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) {
    process.stderr.write(`invalid --port\n`);
    process.exit(2);
  }
  return out;
}
const args = parseArgs(process.argv.slice(2));
const log = (...m) => { if (args.verbose) process.stderr.write(m.join(' ') + '\n'); };

// ---------------------------------------------------------------------------
// Constants from the description
// ---------------------------------------------------------------------------
// seed: "{base_url} ... Both end with the path prefix /src/api/digital/payments"
const BASE_PATH = '/src/api/digital/payments';
const CARDS_PATH = `${BASE_PATH}/cards`;
// onboarding: public key published as a JWK set at GET /keys at the server's origin
const KEYS_PATH = '/keys';
// decision: request body size cap
const MAX_BODY = 1024 * 1024;

// seed: EnrollCardRequest.srcClientId "UUID, lower-case hex 8-4-4-4-12"
const RE_SRC_CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// seed: SrcCorrelationId pattern, applied verbatim (the unescaped "." matches any character)
const RE_CORRELATION_ID = /^([0-9a-f]{8}.)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
// seed: EnrollCardRequest.serviceId pattern ^[0-9a-zA-Z#_-]*$
const RE_SERVICE_ID = /^[0-9a-zA-Z#_-]*$/;
// seed: PhoneNumber "digits only" (decision: at least one digit)
const RE_DIGITS = /^[0-9]+$/;
// seed: ConsumerIdentity.identityValue "value that matches identityType (<EMAIL>)"
// decision: WHATWG HTML "valid e-mail address" grammar
const RE_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// seed: ComplianceSettings latestVersionUri "URI" (decision: absolute URI, RFC 3986 scheme + no whitespace)
const RE_URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]+$/;
// seed: Card.panExpirationMonth "exactly 2 characters, two-digit month"
const RE_MONTH = /^(0[1-9]|1[0-2])$/;
// seed: Card.panExpirationYear "exactly 4 characters, four-digit year"
const RE_YEAR = /^[0-9]{4}$/;

// seed: ConsumerIdentityType enum
const IDENTITY_TYPES = ['EMAIL_ADDRESS'];
// seed: Origin (cardSource) enum
const ORIGINS = ['CARDHOLDER', 'ISSUER', 'MERCHANT', 'WALLET'];
// seed: EnrolmentReferenceData.enrolmentReferenceType enum
const REFERENCE_TYPES = ['PUSH_ACCOUNT_RECEIPT'];

// seed: "ISO 3166 alpha-2" — officially assigned codes, upper case
const ISO3166 = new Set(('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW').split(' '));
// seed: "ISO 639-1" — two-letter codes, lower case
const ISO639_1 = new Set(('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ' +
  'ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ' +
  'ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl ' +
  'nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta ' +
  'te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '));

// ---------------------------------------------------------------------------
// Sandbox test data (onboarding: "fixed set of test data ... sandbox data sheet")
// ---------------------------------------------------------------------------
const PARTNER = {
  apiKey: 'sbx-4f1c9a7e2d8b4c6aa05e93b7d2c1f860',
  srcClientId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  serviceIds: ['SBX_PARTNER#CARD_ON_FILE', 'SBX_PARTNER_WALLET'],
};
const OTHER_CLIENT = {
  apiKey: 'sbx-9d2e71b04a3f4e58b6c1aa0f7e35d912', // never published
  srcClientId: 'd2f1b8a4-3c6e-4f0a-8b7d-9e1c2a3b4c5d',
  serviceIds: ['OTHER_MERCHANT#CARD_ON_FILE'],
};
const CLIENTS = [PARTNER, OTHER_CLIENT];
const CLIENT_BY_KEY = new Map(CLIENTS.map((c) => [c.apiKey, c]));
const CLIENT_BY_ID = new Map(CLIENTS.map((c) => [c.srcClientId, c]));

const TEST_CARDS = [
  { primaryAccountNumber: '5204731600014792', panExpirationMonth: '12', panExpirationYear: '2030', cardSecurityCode: '123', brand: 'MASTERCARD', paymentCardType: 'CREDIT' },
  { primaryAccountNumber: '5555555555554444', panExpirationMonth: '06', panExpirationYear: '2031', cardSecurityCode: '321', brand: 'MASTERCARD', paymentCardType: 'DEBIT' },
  { primaryAccountNumber: '2223000000000023', panExpirationMonth: '09', panExpirationYear: '2029', cardSecurityCode: '456', brand: 'MASTERCARD', paymentCardType: 'PREPAID' },
  { primaryAccountNumber: '4111111111111111', panExpirationMonth: '03', panExpirationYear: '2032', cardSecurityCode: '789', brand: 'VISA', paymentCardType: 'CREDIT' },
  { primaryAccountNumber: '6011000000000000001', panExpirationMonth: '11', panExpirationYear: '2030', cardSecurityCode: '2468', brand: 'DISCOVER', paymentCardType: 'CREDIT' },
];
const RECEIPTS = [
  { enrolmentReferenceId: 'f3b0c2d4-9a1e-4c7b-8d5f-2e6a7b8c9d01', panBin: '545454', panLastFour: '5454', panExpirationMonth: '10', panExpirationYear: '2030', brand: 'MASTERCARD', paymentCardType: 'CREDIT' },
  { enrolmentReferenceId: 'PAR-RCPT-2a9f6e1b7c3d4e5f8a0b1c2d3e4f5a6b', panBin: '222300', panLastFour: '0031', panExpirationMonth: '04', panExpirationYear: '2031', brand: 'MASTERCARD', paymentCardType: 'DEBIT' },
];
const RECEIPT_BY_ID = new Map(RECEIPTS.map((r) => [r.enrolmentReferenceId, r]));

// ---------------------------------------------------------------------------
// In-memory state
// ---------------------------------------------------------------------------
// seed: ConsumerIdentity.identityValue "used to locate the profile"; decision: profiles keyed per client
const consumers = new Map(); // key `${srcClientId}|${lower(email)}` -> profile
// decision: re-enrolling the same account for the same consumer and service returns the existing card
const cards = new Map(); // key `${consumerKey}|${serviceId}|${accountFingerprint}` -> masked card

// ---------------------------------------------------------------------------
// Errors (seed: Error body — "A builder returns the sample shape": code, status, message, details)
// ---------------------------------------------------------------------------
const MSG_MALFORMED = 'The request is malformed or has incorrect or missing fields or values.';
function errorBody(code, status, message, details) {
  const b = { code, status, message };
  if (details && details.length) b.details = details;
  return b;
}
function detail(reason, source, message, sourceType = 'BODY') {
  return { reason, source, message, sourceType };
}

function send(res, httpStatus, body, extraHeaders = {}) {
  const data = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
    'cache-control': 'no-store',
    ...extraHeaders,
  });
  res.end(data);
}

// ---------------------------------------------------------------------------
// Validation helpers
// An issue is {kind: 'ARG' | 'STATE', detail}. seed: Errors table —
//   missing mandatory value / invalid format / schema mismatch -> INVALID_ARGUMENT (CANNOT_BE_NULL / INVALID_VALUE)
//   "data type validation failure" -> INVALID_STATE (INVALID_VALUE)  (decision: JSON type mismatch)
// ---------------------------------------------------------------------------
class Issues {
  constructor() { this.list = []; }
  missing(path) { this.list.push({ kind: 'ARG', d: detail('CANNOT_BE_NULL', path, `${path} must not be null or missing`) }); }
  invalid(path, msg) { this.list.push({ kind: 'ARG', d: detail('INVALID_VALUE', path, `${path} ${msg}`) }); }
  type(path, expected) { this.list.push({ kind: 'STATE', d: detail('INVALID_VALUE', path, `${path} must be of type ${expected}`) }); }
  get empty() { return this.list.length === 0; }
}
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const present = (o, k) => isObj(o) && o[k] !== undefined && o[k] !== null; // decision: null == absent

// Returns the string value, or undefined after recording an issue (or if optional and absent).
function str(issues, obj, key, path, { required = true, min, max, re, reMsg, oneOf, set, setMsg } = {}) {
  if (!present(obj, key)) { if (required) issues.missing(path); return undefined; }
  const v = obj[key];
  if (typeof v !== 'string') { issues.type(path, 'string'); return undefined; }
  // seed: Limits table (lengths counted in characters / code points)
  const len = [...v].length;
  if (min !== undefined && len < min) { issues.invalid(path, `must be at least ${min} characters`); return undefined; }
  if (max !== undefined && len > max) { issues.invalid(path, `must be at most ${max} characters`); return undefined; }
  if (oneOf && !oneOf.includes(v)) { issues.invalid(path, `must be one of ${oneOf.join(', ')}`); return undefined; }
  if (re && !re.test(v)) { issues.invalid(path, reMsg || 'has an invalid format'); return undefined; }
  if (set && !set.has(v)) { issues.invalid(path, setMsg || 'has an invalid value'); return undefined; }
  return v;
}
function obj(issues, parent, key, path, { required = true } = {}) {
  if (!present(parent, key)) { if (required) issues.missing(path); return undefined; }
  const v = parent[key];
  if (!isObj(v)) { issues.type(path, 'object'); return undefined; }
  return v;
}

// seed: Card.primaryAccountNumber "ISO/IEC 7812 account number" -> digits with a valid Luhn check digit
function luhnOk(pan) {
  let sum = 0; let alt = false;
  for (let i = pan.length - 1; i >= 0; i--) {
    let d = pan.charCodeAt(i) - 48;
    if (alt) { d *= 2; if (d > 9) d -= 9; }
    sum += d; alt = !alt;
  }
  return sum % 10 === 0;
}

// ---------------------------------------------------------------------------
// Request validation: seed: EnrollCardRequest and nested tables
// ---------------------------------------------------------------------------
function validateRequest(body, issues) {
  const r = {};
  // seed: EnrollCardRequest.srcClientId — required, lower-case UUID
  r.srcClientId = str(issues, body, 'srcClientId', 'srcClientId', { re: RE_SRC_CLIENT_ID, reMsg: 'must be a lower-case UUID (8-4-4-4-12)' });
  // seed: EnrollCardRequest.srcCorrelationId — optional, SrcCorrelationId pattern
  r.srcCorrelationId = str(issues, body, 'srcCorrelationId', 'srcCorrelationId', { required: false, re: RE_CORRELATION_ID, reMsg: 'must match the SrcCorrelationId pattern' });
  // seed: EnrollCardRequest.serviceId — required, pattern ^[0-9a-zA-Z#_-]*$
  r.serviceId = str(issues, body, 'serviceId', 'serviceId', { re: RE_SERVICE_ID, reMsg: 'must match ^[0-9a-zA-Z#_-]*$' });

  // seed: Consumer (all fields required)
  const c = obj(issues, body, 'consumer', 'consumer');
  if (c) {
    r.consumer = {};
    // seed: ConsumerIdentity (both required)
    const ci = obj(issues, c, 'consumerIdentity', 'consumer.consumerIdentity');
    if (ci) {
      const t = str(issues, ci, 'identityType', 'consumer.consumerIdentity.identityType', { oneOf: IDENTITY_TYPES });
      const v = str(issues, ci, 'identityValue', 'consumer.consumerIdentity.identityValue', { max: 255 });
      // seed: identityValue "value that matches identityType (<EMAIL>)"
      if (t === 'EMAIL_ADDRESS' && v !== undefined && !RE_EMAIL.test(v)) issues.invalid('consumer.consumerIdentity.identityValue', 'must be an email address');
      r.consumer.consumerIdentity = { identityType: t, identityValue: v };
    }
    // seed: PhoneNumber (both required, digits only)
    const m = obj(issues, c, 'mobileNumber', 'consumer.mobileNumber');
    if (m) {
      r.consumer.mobileNumber = {
        countryCode: str(issues, m, 'countryCode', 'consumer.mobileNumber.countryCode', { re: RE_DIGITS, reMsg: 'must be digits only (international calling code without plus sign)' }),
        phoneNumber: str(issues, m, 'phoneNumber', 'consumer.mobileNumber.phoneNumber', { re: RE_DIGITS, reMsg: 'must be digits only' }),
      };
    }
    // seed: Consumer.countryCode ISO 3166 alpha-2
    r.consumer.countryCode = str(issues, c, 'countryCode', 'consumer.countryCode', { set: ISO3166, setMsg: 'must be an ISO 3166 alpha-2 country code' });
    // seed: Consumer.languageCode ISO 639-1
    r.consumer.languageCode = str(issues, c, 'languageCode', 'consumer.languageCode', { set: ISO639_1, setMsg: 'must be an ISO 639-1 language code' });
    // seed: Consumer.firstName / lastName max length 30 (Limits table)
    r.consumer.firstName = str(issues, c, 'firstName', 'consumer.firstName', { max: 30 });
    r.consumer.lastName = str(issues, c, 'lastName', 'consumer.lastName', { max: 30 });
  }

  // seed: ComplianceSettings (privacy and tnc required, each with required latestVersionUri)
  const cs = obj(issues, body, 'complianceSettings', 'complianceSettings');
  if (cs) {
    r.complianceSettings = {};
    for (const k of ['privacy', 'tnc']) {
      const o = obj(issues, cs, k, `complianceSettings.${k}`);
      if (o) r.complianceSettings[k] = str(issues, o, 'latestVersionUri', `complianceSettings.${k}.latestVersionUri`, { re: RE_URI, reMsg: 'must be an absolute URI' });
    }
  }

  // seed: EnrollCardRequest.cardSource — optional Origin enum
  r.cardSource = str(issues, body, 'cardSource', 'cardSource', { required: false, oneOf: ORIGINS });

  // seed: EnrolmentReferenceData (both required when the object is passed)
  const erd = obj(issues, body, 'enrolmentReferenceData', 'enrolmentReferenceData', { required: false });
  r.hasReference = present(body, 'enrolmentReferenceData');
  if (erd) {
    r.enrolmentReferenceData = {
      enrolmentReferenceId: str(issues, erd, 'enrolmentReferenceId', 'enrolmentReferenceData.enrolmentReferenceId', { max: 256 }),
      enrolmentReferenceType: str(issues, erd, 'enrolmentReferenceType', 'enrolmentReferenceData.enrolmentReferenceType', { oneOf: REFERENCE_TYPES }),
    };
  }

  // seed: EnrollCardRequest.encryptedCard — string, conditional
  r.hasEncryptedCard = present(body, 'encryptedCard');
  r.encryptedCard = str(issues, body, 'encryptedCard', 'encryptedCard', { required: false });

  // seed: Endpoints "Behaviour when both encryptedCard and enrolmentReferenceData are present, or neither: not shown."
  // decision: exactly one path must be chosen; both or neither -> 400 INVALID_ARGUMENT
  if (r.hasReference && r.hasEncryptedCard) {
    issues.invalid('encryptedCard', 'must not be passed together with enrolmentReferenceData; pass exactly one of them');
  } else if (!r.hasReference && !r.hasEncryptedCard) {
    issues.list.push({ kind: 'ARG', d: detail('CANNOT_BE_NULL', 'encryptedCard', 'one of encryptedCard (card-number enrollment) or enrolmentReferenceData (PUSH_ACCOUNT_RECEIPT enrollment) must be passed') });
  }
  return r;
}

// ---------------------------------------------------------------------------
// encryptedCard (onboarding: JWE compact, RSA-OAEP-256, A128GCM or A256GCM, kid in protected header)
// ---------------------------------------------------------------------------
let keyPair; let publicJwk; let KID;
const RE_COMPACT_JWE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

async function decryptCard(jwe, issues) {
  const bad = (msg) => { issues.invalid('encryptedCard', msg); return undefined; };
  // seed: encryptedCard example "compact value of five dot-separated base64url segments"
  if (!RE_COMPACT_JWE.test(jwe)) return bad('must be a JWE in compact serialization (five base64url segments)');
  let header;
  try { header = decodeProtectedHeader(jwe); } catch { return bad('has an unreadable protected header'); }
  // onboarding: kid in the protected header names the key
  if (header.kid !== KID) return bad('is not encrypted with the published key (unknown or missing kid)');
  if (header.alg !== 'RSA-OAEP-256') return bad('must use key management algorithm RSA-OAEP-256');
  if (header.enc !== 'A128GCM' && header.enc !== 'A256GCM') return bad('must use content encryption A128GCM or A256GCM');
  let plaintext;
  try {
    ({ plaintext } = await compactDecrypt(jwe, keyPair.privateKey, {
      keyManagementAlgorithms: ['RSA-OAEP-256'],
      contentEncryptionAlgorithms: ['A128GCM', 'A256GCM'],
    }));
  } catch { return bad('could not be decrypted'); }
  let card;
  try { card = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)); } catch { return bad('does not contain a JSON Card structure'); }
  if (!isObj(card)) return bad('does not contain a JSON Card structure');
  return card;
}

// seed: Card (plain structure that is encrypted into encryptedCard); source names use "card." as in the Errors table
function validateCard(card, issues) {
  const pan = str(issues, card, 'primaryAccountNumber', 'card.primaryAccountNumber', { min: 16, max: 20 });
  if (pan !== undefined && !(RE_DIGITS.test(pan) && luhnOk(pan))) issues.invalid('card.primaryAccountNumber', 'must be an ISO/IEC 7812 account number (digits with a valid check digit)');
  const mm = str(issues, card, 'panExpirationMonth', 'card.panExpirationMonth', { required: false, min: 2, max: 2, re: RE_MONTH, reMsg: 'must be a two-digit month (01-12)' });
  const yyyy = str(issues, card, 'panExpirationYear', 'card.panExpirationYear', { required: false, min: 4, max: 4, re: RE_YEAR, reMsg: 'must be a four-digit year' });
  // decision: security code is numeric
  const csc = str(issues, card, 'cardSecurityCode', 'card.cardSecurityCode', { required: false, min: 3, max: 6, re: RE_DIGITS, reMsg: 'must be digits' });
  // decision: an expiry month/year that lies in the past (UTC) is refused
  if (mm !== undefined && yyyy !== undefined) {
    const now = new Date();
    const y = Number(yyyy); const m = Number(mm);
    if (y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1)) {
      issues.invalid('card.panExpirationYear', 'card is expired');
    }
  }
  return { pan, mm, yyyy, csc };
}

// ---------------------------------------------------------------------------
// Response builders (seed: EnrollCardResponse, MaskedCard, DigitalCardData, MaskedConsumer)
// ---------------------------------------------------------------------------
function brandOf(pan) {
  const known = TEST_CARDS.find((t) => t.primaryAccountNumber === pan);
  if (known) return { brand: known.brand, type: known.paymentCardType };
  if (/^4/.test(pan)) return { brand: 'VISA', type: 'CREDIT' };
  if (/^(5[1-5]|2[2-7])/.test(pan)) return { brand: 'MASTERCARD', type: 'CREDIT' };
  if (/^3[47]/.test(pan)) return { brand: 'AMEX', type: 'CREDIT' };
  if (/^(6011|65|64[4-9])/.test(pan)) return { brand: 'DISCOVER', type: 'CREDIT' };
  return { brand: 'CARD', type: 'CREDIT' };
}
const nowIso = () => new Date().toISOString(); // seed: "UTC datetime"
function maskName(s) { const chars = [...s]; return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(chars.length - 1, 0)); }
function maskEmail(e) {
  const at = e.lastIndexOf('@');
  const local = e.slice(0, at); const domain = e.slice(at + 1);
  return `${local[0]}${'*'.repeat(Math.max(local.length - 1, 1))}@${domain}`;
}
function parOf(fingerprint) {
  // seed: MaskedCard.paymentAccountReference — non-financial reference (decision: 29 chars, prefix + 25 upper alnum)
  const h = createHash('sha256').update('PAR|' + fingerprint).digest('hex').toUpperCase();
  return 'SBX0' + h.slice(0, 25);
}

function enroll(client, req, account) {
  const email = req.consumer.consumerIdentity.identityValue;
  const consumerKey = `${client.srcClientId}|${email.toLowerCase()}`;
  const ts = nowIso();
  // seed: States — "At enrollment the consumer profile status is ACTIVE."
  let profile = consumers.get(consumerKey);
  if (!profile) {
    profile = { srcConsumerId: randomUUID(), dateConsumerAdded: ts };
    consumers.set(consumerKey, profile);
  }
  profile.dateConsumerLastUsed = ts;
  profile.status = 'ACTIVE';
  profile.consumer = req.consumer;
  profile.complianceSettings = req.complianceSettings;

  const cardKey = `${consumerKey}|${req.serviceId}|${account.fingerprint}`;
  let masked = cards.get(cardKey);
  if (!masked) {
    masked = {
      // seed: MaskedCard.srcDigitalCardId UUID pattern
      srcDigitalCardId: randomUUID(),
      panBin: account.panBin,
      panLastFour: account.panLastFour,
      digitalCardData: {
        // seed: States — "The enroll operation never returns the digital card statuses SUSPENDED or CANCELLED."
        status: 'ACTIVE',
        descriptorName: account.brand, // seed: descriptorName max 64
        artUri: `https://sandbox.example.com/card-art/${account.brand.toLowerCase()}.png`, // seed: artUri max 1024
        iscobranded: false,
      },
      dateOfCardCreated: ts,
      paymentCardDescriptor: account.brand,
      paymentCardType: account.type,
      countryCode: req.consumer.countryCode, // decision: issuer country not known to the sandbox; consumer's country used
      serviceId: req.serviceId,
      paymentAccountReference: parOf(account.fingerprint),
    };
    // seed: MaskedCard.panExpirationMonth/Year — presentation use, only when known
    if (account.mm) masked.panExpirationMonth = account.mm;
    if (account.yyyy) masked.panExpirationYear = account.yyyy;
    cards.set(cardKey, masked);
  }

  const c = req.consumer;
  const maskedConsumer = {
    srcConsumerId: profile.srcConsumerId,
    maskedConsumerIdentity: { identityType: c.consumerIdentity.identityType, maskedIdentityValue: maskEmail(email) },
    maskedEmailAddress: maskEmail(email),
    maskedFirstName: maskName(c.firstName),
    maskedLastName: maskName(c.lastName),
    maskedFullName: `${maskName(c.firstName)} ${maskName(c.lastName)}`.trim(),
    countryCode: c.countryCode,
    languageCode: c.languageCode,
    dateConsumerAdded: profile.dateConsumerAdded,
    dateConsumerLastUsed: profile.dateConsumerLastUsed,
    status: profile.status,
    // seed: MaskedConsumer.complianceSettings privacy.acceptedVersion / tnc.acceptedVersion
    complianceSettings: {
      privacy: { acceptedVersion: req.complianceSettings.privacy },
      tnc: { acceptedVersion: req.complianceSettings.tnc },
    },
    // decision: maskedMobileNumber omitted (PhoneNumber is "digits only", which a masked value cannot honour)
  };
  return { maskedCard: structuredClone(masked), maskedConsumer };
}

// ---------------------------------------------------------------------------
// POST /cards handler (seed: Endpoints, Authentication, Errors)
// ---------------------------------------------------------------------------
async function handleEnroll(req, res, rawBody) {
  // seed: Authentication — API key in x-openapi-clientid, required. 401: authorization check failed.
  const apiKey = req.headers['x-openapi-clientid'];
  const client = typeof apiKey === 'string' ? CLIENT_BY_KEY.get(apiKey) : undefined;
  if (!client) {
    const missingKey = apiKey === undefined || apiKey === '';
    return send(res, 401, errorBody(401, 'UNAUTHENTICATED', 'Authorization validation failure.', [
      detail(missingKey ? 'CANNOT_BE_NULL' : 'INVALID_VALUE', 'x-openapi-clientid', missingKey ? 'x-openapi-clientid header is required' : 'x-openapi-clientid is not a valid API key', 'HEADER'),
    ]));
  }

  const bad400 = (status, details) => send(res, 400, errorBody(400, status, MSG_MALFORMED, details));

  // seed: Endpoints — request body content type application/json, required
  const ct = (req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  if (ct && !(ct === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(ct))) {
    return bad400('INVALID_ARGUMENT', [detail('INVALID_VALUE', 'Content-Type', 'Content-Type must be application/json', 'HEADER')]);
  }
  if (rawBody.length === 0) return bad400('INVALID_ARGUMENT', [detail('CANNOT_BE_NULL', 'body', 'request body is required')]);
  let body;
  try { body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody)); } catch {
    return bad400('INVALID_ARGUMENT', [detail('INVALID_VALUE', 'body', 'request body is not valid JSON')]);
  }
  if (!isObj(body)) return bad400('INVALID_ARGUMENT', [detail('INVALID_VALUE', 'body', 'request body must be a JSON object (EnrollCardRequest)')]);

  // seed: EnrollCardRequest — schema validation (400)
  const issues = new Issues();
  const r = validateRequest(body, issues);

  // seed: encryptedCard is the Card structure, encrypted; Card fields validated like the body
  let card;
  if (issues.empty && r.encryptedCard !== undefined) {
    const plain = await decryptCard(r.encryptedCard, issues);
    if (plain) card = validateCard(plain, issues);
  }
  if (!issues.empty) {
    // decision: INVALID_ARGUMENT wins when any issue is a missing/format issue; pure type mismatches -> INVALID_STATE
    const status = issues.list.some((i) => i.kind === 'ARG') ? 'INVALID_ARGUMENT' : 'INVALID_STATE';
    return bad400(status, issues.list.map((i) => i.d));
  }

  // seed: Errors — srcClientId does not resolve to an entity -> 400 INVALID_STATE
  const owner = CLIENT_BY_ID.get(r.srcClientId);
  if (!owner) return bad400('INVALID_STATE', [detail('INVALID_VALUE', 'srcClientId', 'srcClientId does not resolve to a registered client')]);
  // seed: Authentication — 403: the client identity (origin) is not validated (srcClientId not the API key's client)
  if (owner !== client) {
    return send(res, 403, errorBody(403, 'PERMISSION_DENIED', 'Client identity (origin) not validated.', [
      detail('INVALID_VALUE', 'srcClientId', 'srcClientId is not registered to the calling client'),
    ]));
  }
  // seed: Errors — serviceId does not resolve to an entity -> 400 INVALID_STATE
  // decision: a serviceId registered only to another client does not resolve for this client -> same 400 INVALID_STATE
  if (!client.serviceIds.includes(r.serviceId)) {
    return bad400('INVALID_STATE', [detail('INVALID_VALUE', 'serviceId', 'serviceId does not resolve to a service of the client')]);
  }

  let account;
  if (card) {
    // seed: enrollment path (a) card-number (FPAN) based
    const b = brandOf(card.pan);
    account = {
      fingerprint: 'PAN|' + card.pan,
      panBin: card.pan.slice(0, 6), // decision: 6-digit BIN
      panLastFour: card.pan.slice(-4),
      mm: card.mm, yyyy: card.yyyy, brand: b.brand, type: b.type,
    };
  } else {
    // seed: enrollment path (b) PUSH_ACCOUNT_RECEIPT based
    // decision: an unknown receipt does not resolve to an entity -> 400 INVALID_STATE
    const rc = RECEIPT_BY_ID.get(r.enrolmentReferenceData.enrolmentReferenceId);
    if (!rc) return bad400('INVALID_STATE', [detail('INVALID_VALUE', 'enrolmentReferenceData.enrolmentReferenceId', 'enrolmentReferenceId does not resolve to a known push-account receipt')]);
    account = {
      fingerprint: 'RCPT|' + rc.enrolmentReferenceId,
      panBin: rc.panBin, panLastFour: rc.panLastFour,
      mm: rc.panExpirationMonth, yyyy: rc.panExpirationYear, brand: rc.brand, type: rc.paymentCardType,
    };
  }

  const { maskedCard, maskedConsumer } = enroll(client, r, account);
  // seed: SrcCorrelationId — echoed, or generated when the request has none
  const srcCorrelationId = r.srcCorrelationId ?? randomUUID();
  return send(res, 200, { srcCorrelationId, maskedCard, maskedConsumer });
}

// ---------------------------------------------------------------------------
// HTTP plumbing
// ---------------------------------------------------------------------------
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0; let tooBig = false;
    req.on('data', (c) => { size += c.length; if (size > MAX_BODY) tooBig = true; else chunks.push(c); });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function handler(req, res) {
  const path = (req.url || '/').split('?')[0];
  log(req.method, path);
  try {
    if (path === KEYS_PATH) {
      // onboarding: public key as JWK set at GET /keys
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        req.resume();
        return send(res, 405, errorBody(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.'), { allow: 'GET, HEAD' });
      }
      req.resume();
      return send(res, 200, { keys: [publicJwk] });
    }
    if (path === CARDS_PATH) {
      if (req.method !== 'POST') {
        req.resume();
        return send(res, 405, errorBody(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.'), { allow: 'POST' });
      }
      const raw = await readBody(req);
      if (raw === null) {
        return send(res, 400, errorBody(400, 'INVALID_ARGUMENT', MSG_MALFORMED, [detail('INVALID_VALUE', 'body', `request body exceeds ${MAX_BODY} bytes`)]));
      }
      return await handleEnroll(req, res, raw);
    }
    req.resume();
    // seed: Errors — 404 shape defined (not attached to POST /cards); used for unknown paths
    return send(res, 404, errorBody(404, 'NOT_FOUND', 'Resource not found.'));
  } catch (e) {
    log('internal error', e && e.stack);
    // seed: Errors — 500 INTERNAL, "sample body has code 500, status INTERNAL and a message only"
    if (!res.headersSent) send(res, 500, { code: 500, status: 'INTERNAL', message: 'Internal failure.' });
    else res.destroy();
  }
}

// ---------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------
keyPair = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
const jwk = await exportJWK(keyPair.publicKey);
KID = 'sbx-enc-' + (await calculateJwkThumbprint(jwk)).slice(0, 16);
publicJwk = { ...jwk, kid: KID, use: 'enc', alg: 'RSA-OAEP-256' };

const server = http.createServer((req, res) => { handler(req, res); });
server.keepAliveTimeout = 5000;
server.listen(args.port, args.host, () => {
  const { port } = server.address();
  let host = args.host;
  if (host === '0.0.0.0' || host === '::' || host === '') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  const origin = `http://${host}:${port}`;
  const sheet = {
    baseUrl: origin + BASE_PATH,
    apiKey: PARTNER.apiKey,
    srcClientId: PARTNER.srcClientId,
    serviceIds: [...PARTNER.serviceIds],
    foreignSrcClientId: OTHER_CLIENT.srcClientId,
    foreignServiceId: OTHER_CLIENT.serviceIds[0],
    keysUrl: origin + KEYS_PATH,
    kid: KID,
    jwe: { alg: 'RSA-OAEP-256', enc: ['A128GCM', 'A256GCM'] },
    testCards: TEST_CARDS.map((t) => ({
      primaryAccountNumber: t.primaryAccountNumber,
      panExpirationMonth: t.panExpirationMonth,
      panExpirationYear: t.panExpirationYear,
      cardSecurityCode: t.cardSecurityCode,
      brand: t.brand,
      paymentCardType: t.paymentCardType,
    })),
    receipts: RECEIPTS.map((r) => ({
      enrolmentReferenceId: r.enrolmentReferenceId,
      enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT',
      panBin: r.panBin,
      panLastFour: r.panLastFour,
      panExpirationMonth: r.panExpirationMonth,
      panExpirationYear: r.panExpirationYear,
    })),
  };
  process.stdout.write(JSON.stringify({ url: origin, sheet }) + '\n');
});
server.on('error', (e) => { process.stderr.write(`server error: ${e.message}\n`); process.exit(1); });

function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
