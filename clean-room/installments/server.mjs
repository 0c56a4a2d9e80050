// Clean-room sandbox of the Mastercard Installments API.
// Written only from: seed-001-installments.txt (the catalogue, "catalogue" below),
// installments-provider-2.0.0.yaml ("provider 2.0.0" below), the reference application's
// credentials document ("ref-app" below) and the onboarding facts ("onboarding" below).
// Plain ES module, Node 20, node: built-ins + jose 6.
import http from 'node:http';
import crypto from 'node:crypto';
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader, calculateJwkThumbprint } from 'jose';

// ---------------------------------------------------------------------------------------------
// CLI  (brief: node server.mjs [--port N] [--host H] [--issuer-url URL])
// ---------------------------------------------------------------------------------------------
const argv = process.argv.slice(2);
function arg(name, def) {
  const i = argv.indexOf(name);
  if (i >= 0 && i + 1 < argv.length) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(name + '='));
  return eq ? eq.slice(name.length + 1) : def;
}
const HOST = arg('--host', '127.0.0.1');
const PORT = Number(arg('--port', '0'));
const ISSUER_URL = arg('--issuer-url', null);

// brief: serve until SIGINT/SIGTERM, then exit 0 promptly (installed first, so it also works during start-up)
let server = null;
function shutdown() {
  if (!server) process.exit(0);
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// Timing knobs (DECISIONS: effectuation / approval completion after a few real seconds)
const EFFECTUATION_DELAY_MS = 2000;
const APPROVAL_COMPLETION_DELAY_MS = 2000;
const APPROVAL_VALIDITY_MS = 24 * 3600 * 1000; // provider 2.0.0: GET /approvals/{plan_id} "within 24 hours"

// ---------------------------------------------------------------------------------------------
// Keys (onboarding: partner signing key pair generated at start; sandbox encryption key pair;
// partner encryption key pair for response/outbound encryption)
// ---------------------------------------------------------------------------------------------
function rsa() { return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }); }
const partnerSigning = rsa();
const forbiddenSigning = rsa();
const sandboxEnc = rsa();
const partnerEnc = rsa();

const sandboxEncPublicJwk = sandboxEnc.publicKey.export({ format: 'jwk' });
const SANDBOX_KID = await calculateJwkThumbprint(sandboxEncPublicJwk, 'sha256');
const partnerEncPublicJwk = partnerEnc.publicKey.export({ format: 'jwk' });
const PARTNER_ENC_KID = await calculateJwkThumbprint(partnerEncPublicJwk, 'sha256');

const CONSUMER_KEY = 'sandbox-partner-ck-' + crypto.randomBytes(8).toString('hex') + '!' + crypto.randomBytes(8).toString('hex');
const FORBIDDEN_CONSUMER_KEY = 'sandbox-unentitled-ck-' + crypto.randomBytes(8).toString('hex') + '!' + crypto.randomBytes(8).toString('hex');
// onboarding: the sandbox knows each partner's public key and consumer key
const CONSUMERS = new Map([
  [CONSUMER_KEY, { publicKey: partnerSigning.publicKey, entitled: true }],
  [FORBIDDEN_CONSUMER_KEY, { publicKey: forbiddenSigning.publicKey, entitled: false }],
]);

// ---------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------
// ISO 3166 alpha-3 (provider 2.0.0: countryCode / merchant.country "ISO 3166 alpha 3")
const ISO_ALPHA3 = new Set(('ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE').split(' '));
// ISO 4217 active currency codes (provider 2.0.0: currency "according to ISO 4217")
const ISO_4217 = new Set(('AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL').split(' '));
// Country -> currency, used for the "Invalid Country and Currency Pair" rule (provider 2.0.0:
// examples/InvalidCountryCurrencyCodePair). Countries not listed: pair not checked (DECISIONS).
const EUR_COUNTRIES = 'AUT BEL CYP DEU ESP EST FIN FRA GRC HRV IRL ITA LTU LUX LVA MLT NLD PRT SVK SVN'.split(' ');
const COUNTRY_CURRENCY = Object.assign(Object.fromEntries(EUR_COUNTRIES.map((c) => [c, 'EUR'])), {
  USA: 'USD', CAN: 'CAD', GBR: 'GBP', AUS: 'AUD', NZL: 'NZD', IND: 'INR', SGP: 'SGD', HKG: 'HKD', JPN: 'JPY',
  CHE: 'CHF', ARE: 'AED', SAU: 'SAR', BRA: 'BRL', MEX: 'MXN', ZAF: 'ZAR', POL: 'PLN', SWE: 'SEK', NOR: 'NOK',
  DNK: 'DKK', CZE: 'CZK', HUN: 'HUF', ROU: 'RON', TUR: 'TRY', ISR: 'ILS', MYS: 'MYR', THA: 'THB', IDN: 'IDR',
  PHL: 'PHP', VNM: 'VND', KOR: 'KRW', CHN: 'CNY', TWN: 'TWD', ARG: 'ARS', CHL: 'CLP', COL: 'COP', PER: 'PEN',
  EGY: 'EGP', KEN: 'KES', NGA: 'NGN', QAT: 'QAR', KWT: 'KWD', BHR: 'BHD', OMN: 'OMR', PAK: 'PKR', BGD: 'BDT',
  LKA: 'LKR', UKR: 'UAH',
});
const CURRENCY_SYMBOL = { USD: '$', CAD: '$', AUD: '$', NZD: '$', SGD: '$', HKD: '$', MXN: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', INR: '₹', KRW: '₩', ILS: '₪', TRY: '₺', PHP: '₱', VND: '₫', UAH: '₴', NGN: '₦', THB: '฿', PLN: 'z', BRL: 'R', ZAR: 'R', CHF: 'F' };
// Countries without postal codes (provider 2.0.0: Address.postalCode "if the country has a postal code")
const NO_POSTAL_CODE = new Set('ARE HKG QAT BHS AGO ATG ABW BLZ BEN BWA BFA BDI CMR CAF COM COG COD CIV DJI DMA GNQ ERI FJI GMB GHA GRD GUY KIR LBY MAC MWI MLI MRT NRU NIU PAN RWA KNA LCA STP SYC SLE SLB SOM SUR SYR TLS TGO TKL TON TUV UGA VUT YEM ZWE'.split(' '));

// ---------------------------------------------------------------------------------------------
// Sandbox test data (onboarding: "fixed test data published to partners on a sandbox data sheet")
// ---------------------------------------------------------------------------------------------
function luhnOk(s) { let t = 0, alt = false; for (let i = s.length - 1; i >= 0; i--) { let d = s.charCodeAt(i) - 48; if (alt) { d *= 2; if (d > 9) d -= 9; } t += d; alt = !alt; } return t % 10 === 0; }
function withLuhn(body) { for (let d = 0; d < 10; d++) if (luhnOk(body + d)) return body + d; }

const ACCOUNT_RANGES = [ // account ranges that have an issuer (cid/ica/country)
  { accountRangeLow: '5110920000000000', accountRangeHigh: '5110929999999999', cid: '242666', ica: '19246', country: 'USA' },
  { accountRangeLow: '5204730000000000', accountRangeHigh: '5204739999999999', cid: '310077', ica: '21458', country: 'GBR' },
  { accountRangeLow: '5110920004100000000', accountRangeHigh: '5110920004199999999', cid: '242666', ica: '19246', country: 'USA' },
];
const ELIGIBLE_PANS = ['5110921032063789', withLuhn('511092100000001'), withLuhn('511092100000002'), withLuhn('511092100000003'), withLuhn('511092100000004'), withLuhn('511092100000005'), withLuhn('520473100000001'), withLuhn('520473100000002')];
const NOT_IN_ANY_RANGE_PANS = [withLuhn('555555229203240'), withLuhn('400000000000000')];
const PROVIDER = {
  providerId: '29694e7a-b4a8-11ec-b909-0242ac120002', cid: '244426', providerName: 'Sandbox Partner Bank',
  providerLogoUrl: 'https://content.partnerbank.com/logo.png',
  disclosure: 'Offer only qualify for a payment as low as $50.00 up to $10000.00.',
};
const CREDENTIAL_PROVIDER_ID = '218b9962-1355-44e4-8a16-f911363fd849';
const OFFER_MIN_AMOUNT = 50, OFFER_MAX_AMOUNT = 10000;
const INELIGIBLE_MCCS = ['7995', '6011', '6051'];
const PARTNER_ICA = '12689425746';
const KNOWN_ACQUIRER_ICAS = ['00689425761', '00689425762', '123456', '000123456'];
const UNKNOWN_ACQUIRER_ICAS = ['00999999999', '999999'];
const OFFER_MERCHANTS = [
  { name: 'Globex Decor', country: 'USA', mcc: '1711', url: 'www.globexdecor.com', acquirerId: '234353', merchantId: '121234' },
  { name: 'Sandbox Books', country: 'GBR', mcc: '5942', url: 'www.sandboxbooks.co.uk', acquirerId: '456789', merchantId: '456789' },
];
// Product configuration (provider 2.0.0: TransactionOffers "mandatory for During Purchase use case";
// examples/InvalidPresentedOffersDRNG; OfferIdField / PlanInstallmentInformation / SchedulePayment
// "mandatory for Mastercard Installments Payment Services")
const PRODUCT_CONFIG = {
  product: 'Mastercard Installments Payment Services (Installments on Cards)',
  carded: true,
  useCases: ['DURING_PURCHASE', 'POST_PURCHASE'],
  distributionPartner: false,
  issuerPlanNotification: true,
  previouslyOnboardedToMerchantParticipationApi: true,
  marketsSubmittable: ['MID', 'MID_AUSTRALIA', 'MAID'],
  mandatoryInPostPlans: ['providerId', 'transaction', 'transaction.amountType', 'offerTransactionId', 'offerId', 'transactionOffers', 'planInstallmentInformation', 'planInstallmentInformation.feeValue', 'schedulePayments', 'encryptedValue(consumer.primaryAccountNumber)'],
};

// ---------------------------------------------------------------------------------------------
// In-memory state
// ---------------------------------------------------------------------------------------------
const state = {
  panLists: new Map(),       // panListId -> {panListId, panListName, range, pans:Set}
  offerTx: new Map(),        // offerTransactionId -> {...}
  plans: new Map(),          // planId -> plan
  approvals: new Map(),      // planId -> approval
  merchants: new Map(),      // key -> merchant record
  requests: new Map(),       // request_id (string) -> {id, items:[key], createdAt, effectiveAt}
  notifications: [],         // outbound notifications (sent or recorded)
};
let idCounter = 0;
function snowflake() { return (BigInt(Date.now() - 1288834974657) << 22n | BigInt((idCounter++) & 0x3fffff)).toString(); }
function newPanListId() { let s; do { s = String(1 + crypto.randomInt(9)) + Array.from({ length: 17 }, () => crypto.randomInt(10)).join(''); } while (state.panLists.has(s)); return s; }
let requestCounter = 0;
function newRequestId() { return String(Date.now() * 1000 + (requestCounter++ % 1000)); } // < 2^53, int64

// seed pan list (for deregistration tests)
const SEED_PAN_LIST_ID = '230417253818957824';
state.panLists.set(SEED_PAN_LIST_ID, { panListId: SEED_PAN_LIST_ID, panListName: 'Sandbox Seed PanList', range: ACCOUNT_RANGES[0], pans: new Set([ELIGIBLE_PANS[4], ELIGIBLE_PANS[5]]) });

// seed merchants (already effectuated)
function seedMerchant(m) {
  const rec = { ...m, submitterICA: PARTNER_ICA, effectiveAt: 0, requestIds: [] };
  state.merchants.set(merchantKey(rec), rec);
}
function merchantKey(m) {
  // provider 2.0.0 POST /merchants/participations: MID merchants identified by acquirerICA+merchantLegalName+countryCode,
  // MAID merchants by merchantLegalName+countryCode
  return m.isMaid ? `MAID|${m.merchantLegalName}|${m.countryCode.toUpperCase()}` : `MID|${m.acquirerICA}|${m.merchantLegalName}|${m.countryCode.toUpperCase()}`;
}
const SEED_ADDRESS = { addressLine1: '600 WEST', addressLine2: 'SECTOR 5', addressLine3: 'SUITE 775', city: 'St Peters', state: 'QLD', postalCode: '85001' };
const SEED_WALLETS = [{ walletId: 1, walletAcceptance: 'Y', walletMerchantId: '235346356234 | 125346356236 | 125446356237' }];
seedMerchant({ isMaid: false, merchantLegalName: 'Example Mart', countryCode: 'USA', acquirerICA: '00689425761', dbaNames: ['ACME'], mids: ['987123456789124', '123123456789124', '567123456789124'], optIn: 'Y', duns: '879847426', websiteUrl: 'https://www.example.com', wallets: SEED_WALLETS, address: SEED_ADDRESS });
seedMerchant({ isMaid: false, merchantLegalName: 'Example Mart2', merchantGroup: '1A', countryCode: 'AUS', acquirerICA: '00689425761', dbaNames: ['ACME2'], mids: ['987123456789125'], optIn: 'Y', duns: '239847426', websiteUrl: 'https://www.acmeexample.com', wallets: SEED_WALLETS, address: SEED_ADDRESS });
seedMerchant({ isMaid: true, merchantLegalName: 'Example Store', countryCode: 'USA', acquirerICA: '00689425762', dbaNames: ['ES'], maid: '321755', maidType: 'GRP', optIn: 'N', duns: '879847427', websiteUrl: 'https://www.examplestore.com', address: SEED_ADDRESS });

// seed credential plans (offers at merchant checkout): created by checkout outside this API
const SEED_PLANS = { consumerSelected: [], lenderSelected: [], timedOut: [] };
function seedPlan(kind, i) {
  const planId = crypto.randomUUID();
  const base = {
    planId, providerId: CREDENTIAL_PROVIDER_ID, status: kind === 'timedOut' ? 'TIMED_OUT' : 'CREATED', origin: 'checkout',
    consumer: { email: `jane.doe${i}@example.com`, isdCode: '1', mobile: '555123' + String(1000 + i) },
    merchant: { acceptor: '100234', country: 'USA', mcc: '1711', name: 'Decor shop' },
    transaction: { amount: 500, currency: 'USD' },
  };
  if (kind === 'lenderSelected') {
    base.transactionOffers = [{ offerId: '12345678' }, { offerId: '87654321' }];
  } else {
    base.offerId = '24092019';
    base.transactionOffers = [{ offerId: '24092019' }, { offerId: '87654321' }];
    base.planInstallmentInformation = { apr: 1.92, currency: 'USD', frequency: 'MONTHLY', firstInstallmentAmount: 166.79, otherInstallmentAmount: 166.79, feeValue: 0, tenure: 3, totalAmount: 500.37 };
    base.scheduledRepayments = [1, 2, 3].map((n) => ({ amount: n === 3 ? 166.79 : 166.79, dueDate: `2030-0${n}-15`, installmentNumber: n }));
  }
  state.plans.set(planId, base);
  SEED_PLANS[kind].push(kind === 'lenderSelected' ? { planId, transactionOffers: base.transactionOffers.map((o) => o.offerId) } : planId);
}
for (let i = 0; i < 6; i++) seedPlan('consumerSelected', i);
for (let i = 0; i < 4; i++) seedPlan('lenderSelected', 10 + i);
seedPlan('timedOut', 20);

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const RFC3339_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const SPACE_DT_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
function validDateTime(s, allowSpaceForm = false) {
  if (typeof s !== 'string') return false;
  const m = RFC3339_RE.exec(s) || (allowSpaceForm ? SPACE_DT_RE.exec(s) : null);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCMonth() === mo - 1;
}
function dtInstant(s) { return Date.parse(SPACE_DT_RE.test(s) ? s.replace(' ', 'T') + 'Z' : s); }
function round2(x) { return Math.round(x * 100 + Number.EPSILON * 100) / 100; }
function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
function isNum(v) { return typeof v === 'number' && Number.isFinite(v); }
function isInt(v) { return Number.isInteger(v); }
function present(v) { return v !== undefined && v !== null; } // DECISIONS: null treated as absent
function E(Source, ReasonCode, Description, Details = '') {
  const e = { Source, ReasonCode, Description, Recoverable: false };
  if (Details !== undefined) e.Details = Details;
  return e;
}
function send(res, status, body, headers = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (body === undefined) { res.writeHead(status); res.end(); return; }
  const s = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(s);
}
function sendErrors(res, status, errors, headers) { send(res, status, { Errors: { Error: Array.isArray(errors) ? errors : [errors] } }, headers); }
function pageParams(url) {
  // provider 2.0.0 components/parameters offset (integer >=0, default 0) and limit (1..500, default 500)
  const out = { offset: 0, limit: 500, error: null };
  const o = url.searchParams.get('offset'), l = url.searchParams.get('limit');
  if (o !== null) { if (!/^\d+$/.test(o)) out.error = 'offset must be an integer greater than or equal to 0.'; else out.offset = Number(o); }
  if (l !== null) { if (!/^\d+$/.test(l) || Number(l) < 1 || Number(l) > 500) out.error = 'limit must be an integer between 1 and 500.'; else out.limit = Number(l); }
  return out;
}
function pageHeaders(items, p) {
  const slice = items.slice(p.offset, p.offset + p.limit);
  return { slice, headers: { Count: String(slice.length), Offset: String(p.offset), Limit: String(p.limit), Total: String(items.length) } };
}
function acceptsJson(req) {
  // provider 2.0.0 NotAcceptableHeader: "anything except application/json in the Accept header" -> 406.
  // DECISIONS: absent Accept, */*, application/* and application/json (with parameters) are accepted.
  const a = req.headers['accept'];
  if (a === undefined || a.trim() === '') return true;
  return a.split(',').some((part) => {
    const t = part.split(';')[0].trim().toLowerCase();
    return t === 'application/json' || t === '*/*' || t === 'application/*';
  });
}
function isJsonContentType(req) {
  const ct = req.headers['content-type'];
  if (!ct) return false;
  const t = ct.split(';')[0].trim().toLowerCase();
  return t === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(t);
}

// ---- JWE (onboarding: RSA-OAEP-256 + A256GCM/A128GCM, kid in protected header) ----
class JweError extends Error { constructor(kind, msg) { super(msg); this.kind = kind; } }
async function decryptJwe(jwe) {
  if (typeof jwe !== 'string' || jwe.length === 0) throw new JweError('missing', 'encryptedValue must not be null or empty');
  let hdr;
  try { hdr = decodeProtectedHeader(jwe); } catch { throw new JweError('invalid', 'encryptedValue is not a JWE compact serialization'); }
  if (jwe.split('.').length !== 5) throw new JweError('invalid', 'encryptedValue is not a JWE compact serialization');
  if (!hdr.kid || hdr.kid !== SANDBOX_KID) throw new JweError('kid', 'Provided public key fingerprint in request is invalid.');
  if (hdr.alg !== 'RSA-OAEP-256' || !['A256GCM', 'A128GCM'].includes(hdr.enc)) throw new JweError('invalid', 'Unsupported JWE algorithms');
  let pt;
  try {
    ({ plaintext: pt } = await compactDecrypt(jwe, sandboxEnc.privateKey, { keyManagementAlgorithms: ['RSA-OAEP-256'], contentEncryptionAlgorithms: ['A256GCM', 'A128GCM'] }));
  } catch { throw new JweError('invalid', 'encryptedValue could not be decrypted'); }
  try { return JSON.parse(Buffer.from(pt).toString('utf8')); } catch { throw new JweError('invalid', 'Decrypted encryptedValue is not JSON'); }
}
async function encryptForPartner(obj) {
  return new CompactEncrypt(Buffer.from(JSON.stringify(obj)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: PARTNER_ENC_KID, cty: 'application/json' })
    .encrypt(partnerEnc.publicKey);
}

// ---- OAuth 1.0a verification (onboarding: Mastercard OAuth 1.0a, RSA-SHA256, oauth_body_hash) ----
function rfc3986(s) { return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()); }
function safeDecode(s, plus) { try { return decodeURIComponent(plus ? s.replace(/\+/g, ' ') : s); } catch { return s; } }
function parseOAuthHeader(h) {
  if (typeof h !== 'string') return null;
  const m = /^\s*OAuth\s+(.*)$/i.exec(h);
  if (!m) return null;
  const params = {};
  const re = /([A-Za-z0-9_]+)\s*=\s*"([^"]*)"/g;
  let x;
  while ((x = re.exec(m[1]))) params[x[1]] = safeDecode(x[2], false);
  return params;
}
function verifyOAuth(req, rawUrl, bodyBuf) {
  // returns {ok:true, consumer} | {ok:false, status:401|403}
  const p = parseOAuthHeader(req.headers['authorization']);
  if (!p) return { ok: false, status: 401 };
  for (const k of ['oauth_consumer_key', 'oauth_nonce', 'oauth_timestamp', 'oauth_signature_method', 'oauth_signature', 'oauth_body_hash']) if (!p[k]) return { ok: false, status: 401 };
  if (p.oauth_signature_method !== 'RSA-SHA256') return { ok: false, status: 401 };
  if (p.oauth_version !== undefined && p.oauth_version !== '1.0') return { ok: false, status: 401 };
  if (!/^\d+$/.test(p.oauth_timestamp)) return { ok: false, status: 401 };
  const consumer = CONSUMERS.get(p.oauth_consumer_key);
  if (!consumer) return { ok: false, status: 401 };
  const bodyHash = crypto.createHash('sha256').update(bodyBuf).digest('base64');
  if (p.oauth_body_hash !== bodyHash) return { ok: false, status: 401 };
  const host = String(req.headers['host'] || '').toLowerCase().replace(/:80$/, '');
  const qIdx = rawUrl.indexOf('?');
  const path = qIdx >= 0 ? rawUrl.slice(0, qIdx) : rawUrl;
  const query = qIdx >= 0 ? rawUrl.slice(qIdx + 1) : '';
  const baseUri = `http://${host}${path}`;
  const sig = Buffer.from(p.oauth_signature, 'base64');
  const candidates = new Set();
  for (const plus of [true, false]) {
    const pairs = [];
    for (const part of query.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const k = i >= 0 ? part.slice(0, i) : part, v = i >= 0 ? part.slice(i + 1) : '';
      pairs.push([rfc3986(safeDecode(k, plus)), rfc3986(safeDecode(v, plus))]);
    }
    for (const [k, v] of Object.entries(p)) if (k !== 'oauth_signature' && k.startsWith('oauth_')) pairs.push([rfc3986(k), rfc3986(v)]);
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const norm = pairs.map(([k, v]) => `${k}=${v}`).join('&');
    candidates.add(`${req.method.toUpperCase()}&${rfc3986(baseUri)}&${rfc3986(norm)}`);
  }
  // onboarding: partners sign with the provider's own signer library (npm mastercard-oauth1-signer), whose
  // base string encodes the sorted parameter string once (values as sent) and then its first "!" and "*":
  // the provider's consumer keys carry a "!", so that form is the one its gateway verifies.
  {
    const pairs = [];
    for (const part of query.split('&')) if (part) pairs.push(part.includes('=') ? part : `${part}=`);
    for (const [k, v] of Object.entries(p)) if (k !== 'oauth_signature' && k.startsWith('oauth_')) pairs.push(`${k}=${v}`);
    pairs.sort();
    candidates.add(`${req.method.toUpperCase()}&${encodeURIComponent(baseUri)}&${encodeURIComponent(pairs.join('&')).replace('*', '%2A')}`.replace(/!/, '%21'));
  }
  const ok = [...candidates].some((bs) => {
    try { return crypto.verify('sha256', Buffer.from(bs), { key: consumer.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, sig); } catch { return false; }
  });
  if (!ok) return { ok: false, status: 401 };
  if (!consumer.entitled) return { ok: false, status: 403 };
  return { ok: true, consumer };
}

// ---- Documented error bodies per operation family ----
const SRC_MC = "Mastercard Installments API's";
const SRC_CONSUMER = 'mci-installments-consumer-api';
const SRC_OFFERS = 'mci-installments-offers-eligibilities-api';
const SRC_PLANS = 'mci-installment-bnpl-plans-api';
const ERR = {
  // provider 2.0.0 examples/UnauthorizedError (ConsumerUnauthorized) — Details null in the example; omitted (DECISIONS)
  consumerUnauthorized: () => E('Gateway', 'DECLINED', 'Unauthorized - Access Not Granted', undefined),
  // provider 2.0.0 examples/ConsumerForbiddenError
  consumerForbidden: () => E(SRC_CONSUMER, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
  // provider 2.0.0 examples/AccountNotRegisteredError
  accountNotRegistered: () => E(SRC_MC, 'account.not.registered', 'We cannot find the account that you are using to access this service. Kindly register your account or contact your Mastercard associate if you have already registered with us earlier.'),
  // provider 2.0.0 examples/ForbiddenError
  forbidden: () => E(SRC_MC, 'forbidden', 'Your account is not approved to access the API or resource, kindly contact your Mastercard associate to get approval.'),
  // provider 2.0.0 responses/UnauthorizedError (POST /plans)
  plansUnauthorized: () => E(SRC_PLANS, 'unauthorized', 'Unauthorized to access the resource.', 'None'),
  // provider 2.0.0 examples/Unauthorized
  unauthorized: () => E(SRC_OFFERS, 'unauthorized', 'Unauthorized to access the resource.'),
  // provider 2.0.0 examples/Forbidden (offers)
  offersForbidden: () => E(SRC_OFFERS, 'forbidden', 'Forbidden to access the resource.'),
  // provider 2.0.0 examples/NotFound
  notFound: () => E(SRC_OFFERS, 'not.found', 'URI/Resource not found.'),
  // provider 2.0.0 examples/NotAcceptableHeader
  notAcceptableHeader: () => E(SRC_MC, 'not.acceptable.header', 'Accept header value is not application/json.'),
  // provider 2.0.0 examples/NotAcceptable (offers)
  notAcceptable: () => E(SRC_OFFERS, 'invalid.accept.header', 'Accept header should be application/json.'),
  // provider 2.0.0 examples/InvalidContentType (offers)
  invalidContentType: () => E(SRC_OFFERS, 'invalid.content.type', 'Content-Type header should be application/json.'),
  // provider 2.0.0 examples/MethodNotAllowed (no Details in example)
  methodNotAllowed: () => E(SRC_MC, 'method.not.allowed', 'Method is not allowed', undefined),
  // provider 2.0.0 examples/ResourceNotFoundError
  requestIdNotFound: () => E(SRC_MC, 'notfound', 'request id provided in the request does not exist.'),
};
// provider 2.0.0 examples InvalidFieldFormat / InvalidFieldLength / InvalidFieldValue / MissingRequiredField
const BODY_ERR_DESC = {
  format: 'Field format or type is invalid',
  length: 'Field length is out of bound',
  value: "Value doesn't exist / doesn't meet specified range",
  missing: 'One or more of the required fields are missing',
};
function bodyErrors(errs) { return errs.map(([kind, details]) => E(SRC_MC, 'invalid.request.body.parameter', BODY_ERR_DESC[kind], details)); }

// generic field checker collecting [kind, details]
function chkStr(errs, v, path, o = {}) {
  if (!present(v)) { if (o.required) errs.push(['missing', `${path} is required`]); return false; }
  if (typeof v !== 'string') { errs.push(['format', `${path} must be a string`]); return false; }
  // provider 2.0.0 minLength/maxLength (JSON Schema): a string's length in characters (code points), not UTF-16 units
  const n = [...v].length;
  if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) { errs.push(['length', `${path} size must be between ${o.min ?? 0} and ${o.max ?? 'unbounded'}`]); return false; }
  if (o.pattern && !o.pattern.test(v)) { errs.push(['format', `${path} must match "${o.pattern.source}"`]); return false; }
  if (o.enum && !o.enum.includes(v)) { errs.push(['value', `${path} must be one of [${o.enum.join(', ')}]`]); return false; }
  return true;
}
function chkNum(errs, v, path, o = {}) {
  if (!present(v)) { if (o.required) errs.push(['missing', `${path} is required`]); return false; }
  if (!isNum(v) || (o.int && !isInt(v))) { errs.push(['format', `${path} must be ${o.int ? 'an integer' : 'a number'}`]); return false; }
  if ((o.min !== undefined && v < o.min) || (o.max !== undefined && v > o.max)) { errs.push(['value', `${path} must be between ${o.min ?? '-inf'} and ${o.max ?? 'inf'}`]); return false; }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Account range helpers (provider 2.0.0: PAN list / account range)
// ---------------------------------------------------------------------------------------------
function panInRange(pan, r) {
  const L = Math.max(pan.length, r.accountRangeLow.length, r.accountRangeHigh.length);
  const p = pan.padEnd(L, '0'), lo = r.accountRangeLow.padEnd(L, '0'), hi = r.accountRangeHigh.padEnd(L, '9');
  return p >= lo && p <= hi;
}
function rangeForPan(pan) { return ACCOUNT_RANGES.find((r) => panInRange(pan, r)); }
function rangeView(r) { return { cid: r.cid, ica: r.ica, country: r.country, accountRangeLow: r.accountRangeLow, accountRangeHigh: r.accountRangeHigh }; }

// ---------------------------------------------------------------------------------------------
// Handlers: PAN lists
// ---------------------------------------------------------------------------------------------
const PAN_LIST_NAME_RE = /^[a-zA-Z0-9\s-]{1,64}$/; // provider 2.0.0 PanRegistrationBody.panListName
const PAN_LIST_ID_RE = /^[0-9]{18}$/;               // provider 2.0.0 PanRegistrationBody.panListId
const AR_RE = /^[0-9]{11,19}$/;                    // provider 2.0.0 AccountRequestRange
const cErr = (rc, d) => E(SRC_CONSUMER, rc, d, '');

async function decryptPans(body, errors) {
  // provider 2.0.0 sensitiveConsumerReqData: {pans:[{pan}]} carried as JWE in encryptedValue
  try {
    const sd = await decryptJwe(body.encryptedValue);
    if (!isObj(sd) || !Array.isArray(sd.pans) || !sd.pans.every((x) => isObj(x) && typeof x.pan === 'string')) {
      errors.push(cErr('invalid.data: encryptedValue', 'must contain a sensitiveData object with a pans array of {pan: string}'));
      return null;
    }
    return sd.pans.map((x) => x.pan);
  } catch (e) {
    errors.push(cErr('invalid.data: encryptedValue', e.kind === 'missing' ? 'must not be null or empty' : e.message));
    return null;
  }
}
function panFormatError(pan) {
  // provider 2.0.0 examples/UnencryptedPartialSuccessPanRegistration
  if (!/^[0-9]{11,19}$/.test(pan)) return { reasonCode: 'Invalid.pan', description: "pan doesn't have required 11-19 digits" };
  if (!luhnOk(pan)) return { reasonCode: 'Invalid.pan', description: 'pan failed for Luhn check' }; // Pan.pan "validated against Luhn"
  return null;
}

async function registerPans(req, res, body) {
  // provider 2.0.0 POST /consumers/pans/registrations
  const errors = [];
  if (!isObj(body)) return sendErrors(res, 400, cErr('invalid.data: body', 'must be a JSON object'));
  const { panListName, panListId, accountRange } = body;
  const hasEnc = present(body.encryptedValue) && body.encryptedValue !== '';
  if (present(panListId) && !(typeof panListId === 'string' && PAN_LIST_ID_RE.test(panListId))) errors.push(cErr('invalid.data: panListId', 'must match "^[0-9]{18}$"'));
  if (present(panListName) && !(typeof panListName === 'string' && PAN_LIST_NAME_RE.test(panListName))) errors.push(cErr('invalid.data: panListName', 'must match "^[a-zA-Z0-9\\s-]{1,64}$"'));
  if (!present(panListId) && (!present(panListName) || panListName === '')) {
    // examples/BadRequestPanListNameValidationError
    errors.push(cErr('invalid.data: panListName', 'must not be null or empty'));
  }
  if (present(accountRange)) {
    if (!isObj(accountRange)) errors.push(cErr('invalid.data: accountRange', 'must be an object'));
    else {
      // examples/BadRequestInvalidAccountRangeRegexValidationError; AccountRequestRange.required
      if (!(typeof accountRange.accountRangeLow === 'string' && AR_RE.test(accountRange.accountRangeLow))) errors.push(cErr('invalid.data: accountRange.accountRangeLow', present(accountRange.accountRangeLow) ? 'must match "^[0-9]{11,19}$"' : 'must not be null'));
      if (!(typeof accountRange.accountRangeHigh === 'string' && AR_RE.test(accountRange.accountRangeHigh))) errors.push(cErr('invalid.data: accountRange.accountRangeHigh', present(accountRange.accountRangeHigh) ? 'must match "^[0-9]{11,19}$"' : 'must not be null'));
    }
  }
  if (present(body.encryptedValue) && typeof body.encryptedValue !== 'string') errors.push(cErr('invalid.data: encryptedValue', 'must be a string'));
  if (!present(panListId) && !hasEnc && !present(accountRange)) {
    // examples/BadRequestInvalidEncryptedValueOrAccountRangesValidationError
    errors.push(cErr('invalid.data: Either encryptedValue or Account Range', 'must not be null or empty'));
  }
  if (errors.length) return sendErrors(res, 400, errors);

  let pans = null;
  if (hasEnc) { pans = await decryptPans(body, errors); if (errors.length) return sendErrors(res, 400, errors); }

  let list = null, range = null;
  if (present(panListId)) {
    list = state.panLists.get(panListId);
    // examples/BadRequestPanListIdNotFoundValidationError
    if (!list) return sendErrors(res, 400, cErr('invalid.request.parameter', `Pan list not found for id ${panListId}`));
    // examples/BadRequestPansNotPresentUpdateRequestValidationError
    if (!pans || pans.length === 0) return sendErrors(res, 400, cErr('invalid.pan', 'To update pan list at least one pan should be present'));
    // examples/BadRequestInvalidAccountRangeForExistingPanListValidationError
    if (present(accountRange) && (accountRange.accountRangeLow !== list.range.accountRangeLow || accountRange.accountRangeHigh !== list.range.accountRangeHigh)) return sendErrors(res, 400, cErr('invalid.accountRange', 'Invalid account range for pan list'));
    range = list.range;
  } else if (present(accountRange)) {
    // examples/BadRequestInvalidAccountRangeForNewPanListValidationError: range must be present in the system
    range = ACCOUNT_RANGES.find((r) => r.accountRangeLow === accountRange.accountRangeLow && r.accountRangeHigh === accountRange.accountRangeHigh);
    if (!range) return sendErrors(res, 400, cErr('invalid.accountRange', 'Account range not valid'));
  } else {
    if (!pans || pans.length === 0) return sendErrors(res, 400, cErr('invalid.data: Either encryptedValue or Account Range', 'must not be null or empty'));
    // examples/PanRegistrationWithEncryptedValueRequest: "validated against the first valid account range found for the pans provided"
    for (const p of pans) { if (!panFormatError(p)) { range = rangeForPan(p); if (range) break; } }
  }

  const failures = [];
  let ok = 0;
  const seenInReq = new Set();
  const addList = [];
  for (const pan of pans || []) {
    let error = panFormatError(pan);
    if (!error && (!range || !panInRange(pan, range))) error = { reasonCode: 'Invalid.pan', description: 'pan failed for account range validation' };
    if (!error && ((list && list.pans.has(pan)) || seenInReq.has(pan))) error = { reasonCode: 'Invalid.pan', description: 'pan already present in list' };
    if (error) failures.push({ pan, error }); else { ok++; seenInReq.add(pan); addList.push(pan); }
  }
  const out = { successfulCount: String(ok), failureCount: String(failures.length) };
  if (range) {
    if (!list) {
      list = { panListId: newPanListId(), panListName, range, pans: new Set() };
      state.panLists.set(list.panListId, list);
    }
    for (const p of addList) list.pans.add(p);
    out.panList = { panListId: list.panListId, panListName: list.panListName };
    out.accountRange = rangeView(range);
  } // else: examples/FailurePanListRegistration — no list created
  if (failures.length) out.encryptedValue = await encryptForPartner({ pans: failures }); // Registration.sensitiveData -> encryptedValue
  send(res, 200, out);
}

async function deregisterPans(req, res, body) {
  // provider 2.0.0 POST /consumers/pans/deregistrations
  const errors = [];
  if (!isObj(body)) return sendErrors(res, 400, cErr('invalid.data: body', 'must be a JSON object'));
  const { panListId } = body;
  if (!present(panListId)) errors.push(cErr('invalid.data: panListId', 'must not be null')); // examples/BadRequestPanListIdNullValidationError
  else if (!(typeof panListId === 'string' && PAN_LIST_ID_RE.test(panListId))) errors.push(cErr('invalid.data: panListId', 'must match "^[0-9]{18}$"'));
  if (!present(body.encryptedValue) || body.encryptedValue === '') errors.push(cErr('invalid.data: encryptedValue', 'must not be null or empty')); // examples/BadRequestInvalidEncryptedValueValidationError
  else if (typeof body.encryptedValue !== 'string') errors.push(cErr('invalid.data: encryptedValue', 'must be a string'));
  if (errors.length) return sendErrors(res, 400, errors);
  const pans = await decryptPans(body, errors);
  if (errors.length) return sendErrors(res, 400, errors);
  const list = state.panLists.get(panListId);
  if (!list) return sendErrors(res, 400, cErr('invalid.request.parameter', `Pan list not found for id ${panListId}`));
  if (pans.length === 0) return sendErrors(res, 400, cErr('invalid.pan', 'To update pan list at least one pan should be present'));
  const failures = [];
  let ok = 0;
  for (const pan of pans) {
    let error = panFormatError(pan);
    // examples/UnencryptedPartialSuccessPanDeregistrationResponse
    if (!error && !list.pans.has(pan)) {
      const elsewhere = [...state.panLists.values()].some((l) => l.pans.has(pan));
      error = elsewhere ? { reasonCode: 'pan.not.linked', description: 'pan not associated with the pan list' } : { reasonCode: 'pan.not.registered', description: 'pan not present' };
    }
    if (error) failures.push({ pan, error }); else { list.pans.delete(pan); ok++; }
  }
  const out = { panListId, successfulCount: String(ok), failureCount: String(failures.length) };
  if (failures.length) out.encryptedValue = await encryptForPartner({ pans: failures });
  send(res, 200, out);
}

// ---------------------------------------------------------------------------------------------
// Handlers: Offers (provider 2.0.0 POST /offers)
// ---------------------------------------------------------------------------------------------
const oErr = (rc, d) => E(SRC_OFFERS, rc, d, '');
function addDays(dateStr, n) { const d = new Date(dateStr + 'T00:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); }
function addMonths(dateStr, n) {
  const [y, m, d] = dateStr.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return t.toISOString().slice(0, 10);
}
const OFFER_TEMPLATES = [
  { offerId: '21345693', tenure: 6, frequency: 'BIWEEKLY', feeType: 'NO_FEES', feeValue: 0 },
  { offerId: '21351677', tenure: 4, frequency: 'WEEKLY', feeType: 'FIXED_AMT', feeValue: 10.1, feeDistribution: 'FIRST_INSTALLMENT' },
  { offerId: '24092019', tenure: 3, frequency: 'MONTHLY', feeType: 'NO_FEES', feeValue: 0 },
];
// provider 2.0.0, Offer installment amounts "with minor unit according to ISO 4217": the currency's decimals
const MINOR_UNITS = { BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3, CLF: 4, UYW: 4 };
function buildOffers(amount, currency, localDateTime) {
  const start = localDateTime.slice(0, 10);
  const sym = CURRENCY_SYMBOL[currency] || '¤';
  const unit = 10 ** (MINOR_UNITS[currency] ?? 2);
  const round2 = (v) => Math.round(v * unit) / unit; // in the currency's minor unit
  const offers = OFFER_TEMPLATES.map((t) => {
    const fee = t.feeType === 'FIXED_AMT' ? round2(t.feeValue) : 0;
    const other = round2(amount / t.tenure);
    const first = round2(amount - other * (t.tenure - 1) + fee);
    const total = round2(first + other * (t.tenure - 1));
    const schedulePayments = [];
    for (let i = 0; i < t.tenure; i++) {
      const dueDate = t.frequency === 'WEEKLY' ? addDays(start, 7 * i) : t.frequency === 'BIWEEKLY' ? addDays(start, 14 * i) : addMonths(start, i);
      schedulePayments.push({ installmentNumber: i + 1, installmentAmount: i === 0 ? first : other, dueDate });
    }
    const o = {
      priority: 0, objectType: 'Offer', offerId: t.offerId, offerType: 'CARDED_OFFER',
      offerDisplayText: `${t.tenure} ${t.frequency.toLowerCase()} payments of ${sym}${other.toFixed(2)}`,
      currencySymbol: sym, apr: 0, tenure: t.tenure, frequency: t.frequency, interestRate: 0,
      firstInstallmentSchedule: 'TRANSACTION_DATE', totalAmount: total, firstInstallmentAmount: first,
      otherInstallmentAmount: other, feeType: t.feeType, feeValue: t.feeType === 'FIXED_AMT' ? fee : t.feeValue,
      offerBeginDatetime: '2024-01-01T00:00:00Z', offerEndDatetime: '2030-12-31T23:59:59Z',
      selectable: true, provider: { ...PROVIDER }, schedulePayments,
    };
    if (t.feeDistribution) o.feeDistribution = t.feeDistribution;
    return o;
  });
  // Offer.priority: "based on lowest other repayment amount, lowest will come on top"
  offers.sort((a, b) => a.otherInstallmentAmount - b.otherInstallmentAmount);
  offers.forEach((o, i) => { o.priority = i + 1; });
  return offers;
}

async function postOffers(req, res, body, cid) {
  const H = { 'Correlation-Id': cid };
  // provider 2.0.0 parameters/AcceptLanguage: "only accepts 'en'"; examples/InvalidAcceptLanguage
  const al = req.headers['accept-language'];
  if (al !== undefined && !/^\s*(\*|en(-[A-Za-z]{2})?)\s*$/i.test(al)) return sendErrors(res, 400, oErr('invalid.accept.language', 'Accept Language header is invalid.'), H);
  if (!isObj(body)) return sendErrors(res, 400, oErr('invalid.request.parameter', 'Request body must be a JSON object'), H);
  const errs = [];
  // provider 2.0.0: OfferParametersEncryptedPayload types merchant (object), encryptedValue (string) and
  // CardedMerchant each member (string), none nullable: a member sent null is refused, not taken as absent.
  for (const k of ['merchant', 'encryptedValue']) if (body[k] === null) errs.push(oErr(k, 'must not be null'));
  if (isObj(body.merchant)) for (const [k, v] of Object.entries(body.merchant)) if (v === null) errs.push(oErr(`merchant.${k}`, 'must not be null'));
  const t = body.transaction;
  // OfferParameters.required: transaction; TransactionParameters.required: amount, currency, localDateTime
  if (!present(t)) errs.push(oErr('transaction', 'must not be null'));
  else if (!isObj(t)) errs.push(oErr('transaction', 'must be an object'));
  else {
    if (!present(t.amount)) errs.push(oErr('transaction.amount', 'must not be null')); // examples/TransactionAmountInvalid
    else if (!isNum(t.amount)) errs.push(oErr('transaction.amount', 'must be a number'));
    if (!present(t.currency)) errs.push(oErr('transaction.currency', 'must not be null')); // examples/TransactionCurrencyInvalid
    else if (typeof t.currency !== 'string') errs.push(oErr('transaction.currency', 'must be a string'));
    else if (t.currency.length !== 3) errs.push(oErr('transaction.currency', 'size must be between 3 and 3'));
    else if (!ISO_4217.has(t.currency)) errs.push(oErr('invalid.request.parameter', 'Currency Code Not Supported')); // examples/InvalidCurrencyCode
    if (!present(t.localDateTime)) errs.push(oErr('invalid.request.parameter', 'Local Transaction date and time must be present')); // examples/TransactionLocalDateTimeInvalid
    else if (!validDateTime(t.localDateTime)) errs.push(oErr('invalid.request.parameter', 'Local Transaction date and time must be a valid RFC 3339 date-time'));
  }
  const m = body.merchant;
  if (present(m)) {
    if (!isObj(m)) errs.push(oErr('merchant', 'must be an object'));
    else {
      const lenChk = (k, min, max) => {
        if (!present(m[k])) return;
        if (typeof m[k] !== 'string') errs.push(oErr(`merchant.${k}`, 'must be a string'));
        // provider 2.0.0 minLength/maxLength are JSON Schema's: characters (code points), not UTF-16 units
        else if ([...m[k]].length < min || [...m[k]].length > max) errs.push(oErr(`merchant.${k}`, `size must be between ${min} and ${max}`)); // examples InvalidMerchantName/URL/AcquirerId/MerchantId/Mcc
      };
      lenChk('name', 1, 100); lenChk('country', 3, 3); lenChk('mcc', 4, 4); lenChk('url', 1, 50); lenChk('acquirerId', 1, 6); lenChk('merchantId', 1, 15);
      const has = (k) => present(m[k]);
      if (!errs.length) {
        if (Object.keys(m).filter((k) => has(k)).length === 0) {
          errs.push(oErr('invalid.request.parameter', 'Merchant object is empty. Country code and MCC must exist')); // examples/MissingMerchantParameters
        } else if (has('acquirerId') || has('merchantId')) {
          // MerchantParameters: acquirerId mandatory if merchantId and vice versa; set "Merchant Id, Acquirer Id and Country"
          if (!(has('acquirerId') && has('merchantId') && has('country'))) errs.push(oErr('invalid.request.parameter', 'AcquirerId, MerchantId and CountryCode must be present')); // examples/InvalidMerchantParameters
        } else if (has('name') || has('url')) {
          if (!has('country')) errs.push(oErr('invalid.request.parameter', 'Country code must be present')); // examples/MissingCountyCodeInMerchantParameters
        } else if (!(has('country') && has('mcc'))) {
          // examples/InvalidMerchantParameterCombinations (UC3 fields Country + MCC otherwise)
          errs.push(oErr('invalid.request.parameter', 'One of the below combination of data must be present 1. If requester pass either of acquirer Id or merchant Id than country, acquirer Id and merchant Id is mandatory 2. In case of merchant name - country code is mandatory 3. In case of URL - country code is mandatory'));
        }
        if (!errs.length && has('country')) {
          if (!ISO_ALPHA3.has(m.country)) errs.push(oErr('invalid.request.parameter', 'Country Code Not Supported')); // examples/InvalidCountryCode
          else if (isObj(t) && typeof t.currency === 'string' && ISO_4217.has(t.currency) && COUNTRY_CURRENCY[m.country] && COUNTRY_CURRENCY[m.country] !== t.currency) errs.push(oErr('invalid.request.parameter', 'Invalid Country and Currency Pair')); // examples/InvalidCountryCurrencyCodePair
        }
      }
    }
  }
  if (errs.length) return sendErrors(res, 400, errs, H);
  // SensitiveDataField: PAN carried in encryptedValue; without PAN -> UC3 (non-carded) flow
  let pan = null;
  if (present(body.encryptedValue)) {
    let sd;
    try { sd = await decryptJwe(body.encryptedValue); } catch (e) {
      if (e.kind === 'kid') return sendErrors(res, 400, oErr('invalid.request.parameter', 'Provided public key fingerprint in request is invalid.'), H); // examples/InvalidPublicKeyFingerprint
      return sendErrors(res, 400, oErr('invalid.request.parameter', e.message), H);
    }
    const c = isObj(sd) ? sd.consumer : undefined;
    let p = isObj(c) ? c.primaryAccountNumber : undefined;
    if (!present(p)) return sendErrors(res, 400, oErr('consumer.primaryAccountNumber', 'must not be null'), H); // SensitiveDataField.consumer.required
    if (typeof p === 'number' && Number.isSafeInteger(p) && p >= 0) p = String(p); // type number in the schema, string in the example (DECISIONS)
    if (typeof p !== 'string' || !/^\d{11,19}$/.test(p)) {
      // examples/InvalidPrimaryAccountNumberSize (reason code and shape); limits from SensitiveDataField (11..19)
      return sendErrors(res, 400, [oErr('consumer.primaryAccountNumber', 'size must be between 11 and 19'), oErr('consumer.primaryAccountNumber', 'must match "^\\d{11,19}$"')], H);
    }
    if (!luhnOk(p)) return sendErrors(res, 400, oErr('invalid.request.parameter', 'PAN provided is invalid'), H); // examples/InvalidPrimaryAccountNumber
    pan = p;
  }
  const offerTransactionId = snowflake();
  let offers = [];
  const eligibilityMessages = [];
  if (pan) {
    // Carded flow. Eligibility messages: examples/CardedInstallmentsOffersNotFound
    if (!rangeForPan(pan)) eligibilityMessages.push({ reasonCode: 'consumer.not.eligible', message: 'Consumer is not eligible for Installments' });
    if (t.amount < OFFER_MIN_AMOUNT || t.amount > OFFER_MAX_AMOUNT) eligibilityMessages.push({ reasonCode: 'amount.not.qualify', message: 'Purchase Amount does not qualify for Installments' });
    if (isObj(m) && present(m.mcc) && INELIGIBLE_MCCS.includes(m.mcc)) eligibilityMessages.push({ reasonCode: 'mcc.not.eligible', message: 'Merchant Category Code is not eligible for Installments' });
    if (!eligibilityMessages.length) offers = buildOffers(t.amount, t.currency, t.localDateTime);
  }
  state.offerTx.set(offerTransactionId, { id: offerTransactionId, pan, merchant: isObj(m) ? { ...m } : null, transaction: { ...t }, offers: new Map(offers.map((o) => [o.offerId, o])), providerId: PROVIDER.providerId });
  const out = { total: offers.length, offerTransactionId, offers };
  if (eligibilityMessages.length) out.eligibilityMessages = eligibilityMessages;
  send(res, 200, out, H);
}

// ---------------------------------------------------------------------------------------------
// Handlers: Plans (provider 2.0.0 POST /plans, GET /plans/{plan_id})
// ---------------------------------------------------------------------------------------------
const pErr = (d, det = '', rc = 'invalid.request.parameter') => E(SRC_PLANS, rc, d, det);
function coerceIdString(v) { return (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ? String(v) : v; }
function sameDate(a, b) {
  const pa = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(a), pb = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(b);
  return pa && pb && +pa[1] === +pb[1] && +pa[2] === +pb[2] && +pa[3] === +pb[3];
}
const near = (a, b) => Math.abs(a - b) < 0.005;

async function postPlans(req, res, body, cid) {
  const bad = (d, det, rc) => sendErrors(res, 400, pErr(d, det, rc));
  // parameters/CorrelationIdHeaderParameter: uuid, 36 chars
  const rcid = req.headers['correlation-id'];
  if (rcid !== undefined && !UUID_RE.test(rcid)) return bad('Invalid Correlation-Id header.', 'Correlation-Id must be a UUID of 36 characters.');
  if (!isObj(body)) return bad('Invalid request body.', 'Request body must be a JSON object.');
  // PlanPost.required: providerId, transaction, offerTransactionId
  for (const k of ['providerId', 'transaction', 'offerTransactionId']) if (!present(body[k])) return bad(`${k} must not be null.`, `Required field ${k} is missing.`);
  if (typeof body.providerId !== 'string' || !UUID_RE.test(body.providerId)) return bad('Invalid providerId.', 'providerId must be a UUID of 36 characters.'); // ProviderIdField
  if (typeof body.offerTransactionId !== 'string' || body.offerTransactionId.length < 8 || body.offerTransactionId.length > 40) return bad('Invalid offerTransactionId.', 'offerTransactionId length must be between 8 and 40.'); // OfferTransactionIdField
  // CardedMerchant
  const m = body.merchant;
  if (present(m)) {
    if (!isObj(m)) return bad('Invalid merchant.', 'merchant must be an object.');
    for (const k of ['mcc', 'merchantId', 'acquirerId']) m[k] = coerceIdString(m[k]); // the document's own example sends these as numbers (DECISIONS)
    for (const k of ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']) if (present(m[k]) && typeof m[k] !== 'string') return bad('Invalid merchant details.', `merchant.${k} must be a string.`);
    // provider 2.0.0 minLength/maxLength are JSON Schema's: characters (code points), not UTF-16 units
    if (present(m.name) && ([...String(m.name)].length < 1 || [...String(m.name)].length > 100)) return bad('Merchant Name validation failed-Value has incorrect length.', 'Merchant name should not be greater than 100 in length.'); // examples/InvalidLengthMerchantName
    if (present(m.url) && ([...String(m.url)].length < 1 || [...String(m.url)].length > 50)) return bad('Incorrect Merchant URL length.', 'Merchant URL should not be lesser that 1 and greater than 50 in length.'); // examples/InvalidLengthMerchantURL
    if (present(m.acquirerId) && (m.acquirerId.length < 1 || m.acquirerId.length > 6)) return bad('Incorrect Acquirer Id length.', 'Acquirer Id should not be less than 1 and greater than 6 in length. Please provide a valid Acquirer Id.'); // examples/InvalidLengthAcquirerId
    if (present(m.country) && (m.country.length !== 3 || !ISO_ALPHA3.has(m.country))) return sendErrors(res, 400, E(SRC_PLANS, 'invalid.request.parameter', 'Country Code Not Supported', '')); // examples/InvalidCountryCode
    if (present(m.mcc) && m.mcc.length !== 4) return bad('Merchant Category Code is invalid. Length must match 4.', 'Merchant Category Code length must be 4.'); // examples/InvalidLengthMcc
    if (present(m.merchantId) && (m.merchantId.length < 1 || m.merchantId.length > 15)) return bad('Incorrect Merchant Id length.', 'Merchant id should not be lesser than 1 and greater than 15 in length.'); // examples/InvalidLengthMerchantId
  }
  // CardedTransaction
  const t = body.transaction;
  if (!isObj(t)) return bad('Invalid transaction.', 'transaction must be an object.');
  for (const k of ['stan', 'rrn', 'authorizationCode', 'transactionLinkId']) t[k] = coerceIdString(t[k]); // example sends numbers (DECISIONS)
  if (!present(t.amountType) || !['PURCHASE', 'FINAL'].includes(t.amountType)) return bad('Incorrect value for Amount Type.', "Amount type must be 'PURCHASE' OR 'FINAL'."); // examples/InvalidAmountType; CardedTransaction.required
  if (!present(t.amount)) return bad('transaction.amount must not be null.', 'Required field transaction.amount is missing.'); // Transaction.required
  if (!isNum(t.amount) || t.amount < 0 || t.amount > 9999999999999.99) return bad('Invalid transaction amount.', 'transaction.amount must be a number between 0 and 9999999999999.99.'); // components/schemas/Amount
  if (!present(t.currency)) return bad('transaction.currency must not be null.', 'Required field transaction.currency is missing.');
  if (typeof t.currency !== 'string' || !ISO_4217.has(t.currency)) return bad('Currency Not Supported.', 'Invalid transaction currency.'); // examples/InvalidTransactionCurrency
  if (present(t.stan)) {
    if (typeof t.stan !== 'string' || t.stan.length < 1 || t.stan.length > 6) return bad('Incorrect STAN length.', 'STAN should not be less than 1 or greater than 6. Please provide a valid STAN.'); // examples/InvalidLengthSTAN
    if (!/^\d+$/.test(t.stan)) return bad('Non-Numeric STAN.', 'STAN should be numeric only.'); // examples/NonNumericSTAN
  }
  if (present(t.rrn) && t.rrn !== '') {
    if (typeof t.rrn !== 'string' || t.rrn.length > 12) return bad('Incorrect RRN length.', 'RRN should be 12 digits in length. Please provide a valid RRN.'); // examples/InvalidLengthRRN
    if (!/^\d+$/.test(t.rrn)) return bad('Non-Numeric RRN.', 'RRN should be numeric only.'); // examples/NonNumericRRN
    if (t.rrn.length !== 12) return bad('Incorrect RRN length.', 'RRN should be 12 digits in length. Please provide a valid RRN.');
  }
  if (present(t.authorizationCode) && t.authorizationCode !== '') {
    if (typeof t.authorizationCode !== 'string' || t.authorizationCode.length > 6) return bad('Incorrect Auth Code length.', 'Authorization code should be 6 digits in length. Please provide a valid Authorization code.'); // examples/InvalidLengthAuthCode
    if (!/^\d+$/.test(t.authorizationCode)) return bad('Invalid Auth Code.', '.'); // examples/NonNumericAuthCode
    if (t.authorizationCode.length !== 6) return bad('Incorrect Auth Code length.', 'Authorization code should be 6 digits in length. Please provide a valid Authorization code.');
  }
  if (present(t.transactionLinkId) && (typeof t.transactionLinkId !== 'string' || t.transactionLinkId.length > 22)) return bad('Invalid Transaction Link Id.', 'Transaction link id should not be greater than 22. Please provide a valid transaction link id.'); // examples/InvalidTransactionLinkId
  // date-times: RFC 3339 per field descriptions/examples; the error examples quote 'YYYY-MM-DD hh:mm:ss' (accepted too, DECISIONS)
  if (present(t.transmissionDateTime) && !validDateTime(t.transmissionDateTime, true)) return bad('Invalid datetime format.', "Transmission date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."); // examples/InvalidTransmissionDateTime
  if (present(t.localDateTime) && !validDateTime(t.localDateTime, true)) return bad('Invalid datetime format.', "Local Transaction date and time should be in 'YYYY-MM-DD hh:mm:ss' format only."); // examples/InvalidLocalTransactionDateTime
  // offerId + transactionOffers: OfferIdField "mandatory for MIPS"; TransactionOffers "mandatory for During Purchase"; examples/InvalidPresentedOffersDRNG
  if (!present(body.offerId) || !present(body.transactionOffers)) return sendErrors(res, 400, pErr('Both OfferId and TransactionOffers must be present for this provider - Value must not be null', 'Invalid input request for cardedInstallments.'));
  if (typeof body.offerId !== 'string' || body.offerId.length < 8 || body.offerId.length > 64) return bad('Invalid offerId.', 'offerId length must be between 8 and 64.');
  if (!Array.isArray(body.transactionOffers) || body.transactionOffers.length > 50 || body.transactionOffers.length === 0) return bad('Invalid transactionOffers.', 'transactionOffers must be an array of 1 to 50 offers.');
  for (const [i, o] of body.transactionOffers.entries()) if (!isObj(o) || typeof o.offerId !== 'string' || o.offerId.length < 8 || o.offerId.length > 64) return bad('Invalid transactionOffers.', `transactionOffers[${i}].offerId must be a string of 8 to 64 characters.`); // TransactionOffer
  // planInstallmentInformation: "mandatory for MIPS"; required frequency, tenure
  const pi = body.planInstallmentInformation;
  if (!present(pi)) return bad('planInstallmentInformation must not be null.', 'planInstallmentInformation is mandatory for Mastercard Installments Payment Services.');
  if (!isObj(pi)) return bad('Invalid planInstallmentInformation.', 'planInstallmentInformation must be an object.');
  if (!present(pi.frequency)) return bad('planInstallmentInformation.frequency must not be null.', 'Required field frequency is missing.');
  if (typeof pi.frequency !== 'string' || !['WEEKLY', 'BIWEEKLY', 'MONTHLY'].includes(pi.frequency)) return bad(`Invalid frequency - ${pi.frequency}.`, 'Frequency not valid for Installments on Card.'); // examples/InvalidFrequency
  if (!present(pi.tenure)) return bad('planInstallmentInformation.tenure must not be null.', 'Required field tenure is missing.');
  if (!isInt(pi.tenure) || pi.tenure < 2 || pi.tenure > 99) return bad('Invalid tenure.', 'tenure must be an integer between 2 and 99.');
  if (present(pi.apr) && (!isNum(pi.apr) || pi.apr < 0 || pi.apr > 200)) return bad('Invalid apr.', 'apr must be a number between 0 and 200.');
  if (!present(pi.feeValue)) return bad('planInstallmentInformation.feeValue must not be null.', 'feeValue is mandatory for Mastercard Installments Payment Services.'); // CardedPlanInstallmentInformation.feeValue
  for (const k of ['firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue', 'totalAmount']) if (present(pi[k]) && (!isNum(pi[k]) || pi[k] < 0 || pi[k] > 1e15)) return bad(`Invalid ${k}.`, `${k} must be a number between 0 and 1000000000000000.`);
  if (present(pi.currency) && (typeof pi.currency !== 'string' || !ISO_4217.has(pi.currency))) return bad('Currency Not Supported.', 'Invalid plan installment currency.');
  // schedulePayments: SchedulePayment "mandatory for MIPS"
  const sp = body.schedulePayments;
  if (!present(sp)) return bad('schedulePayments must not be null.', 'schedulePayments is mandatory for Mastercard Installments Payment Services.');
  if (!Array.isArray(sp) || sp.length === 0 || sp.length > 99) return bad('Invalid schedulePayments.', 'schedulePayments must be an array of 1 to 99 items.');
  for (const [i, s] of sp.entries()) {
    if (!isObj(s) || !present(s.installmentAmount) || !present(s.dueDate) || !present(s.installmentNumber)) return bad('Invalid schedulePayments.', `schedulePayments[${i}] installmentAmount, dueDate and installmentNumber are mandatory.`);
    if (!isNum(s.installmentAmount) || s.installmentAmount < 0 || s.installmentAmount > 1e15) return bad('Invalid schedulePayments.', `schedulePayments[${i}].installmentAmount is invalid.`);
    if (!isInt(s.installmentNumber) || s.installmentNumber < 1 || s.installmentNumber > 99) return bad('Invalid schedulePayments.', `schedulePayments[${i}].installmentNumber must be between 1 and 99.`);
    if (typeof s.dueDate !== 'string' || s.dueDate.length < 8 || s.dueDate.length > 10 || !/^\d{4}-\d{1,2}-\d{1,2}$/.test(s.dueDate)) return bad('Invalid schedulePayments.', `schedulePayments[${i}].dueDate is invalid.`);
  }
  // sensitiveData (encryptedValue): PlanConsumer.primaryAccountNumber mandatory for Installments on Cards
  let pan;
  if (!present(body.encryptedValue) || body.encryptedValue === '') return bad('PAN is present and is blank or null.', 'PAN cannot blank or empty.'); // examples/BlankPAN
  try {
    const sd = await decryptJwe(body.encryptedValue);
    pan = isObj(sd) && isObj(sd.consumer) ? sd.consumer.primaryAccountNumber : undefined;
  } catch (e) {
    if (e.kind === 'kid') return bad('Provided public key fingerprint in request is invalid.', e.message);
    return bad('Invalid encryptedValue.', e.message);
  }
  if (typeof pan === 'number' && Number.isSafeInteger(pan) && pan >= 0) pan = String(pan);
  if (!present(pan) || pan === '') return bad('PAN is present and is blank or null.', 'PAN cannot blank or empty.');
  if (typeof pan !== 'string' || !/^\d+$/.test(pan)) return bad('PAN is present and is non numeric.', 'PAN should be numeric only.'); // examples/NonNumericPAN
  if (pan.length < 11 || pan.length > 19) return bad('Incorrect PAN length.', 'PAN should not be less than 11 and greater than 19 in length. Please provide a valid PAN.'); // examples/InvalidPANLength
  // Validation against the presented offer (POST /plans description: "without any changes ... validates this data against the presented offer")
  const ot = state.offerTx.get(body.offerTransactionId);
  if (!ot) return bad('Invalid offerTransactionId.', 'No offer presentment found for the provided offerTransactionId.');
  if (ot.pan !== pan) return sendErrors(res, 400, pErr('Provided PAN does not match with offer.', 'PAN does not match with Offer.', 'pan.match')); // examples/PANMisMatch
  if (body.providerId.toLowerCase() !== ot.providerId) return bad('Provided providerId does not match with offer.', 'Mismatch in providerId.');
  if (!near(t.amount, ot.transaction.amount)) return bad('Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'); // examples/TransactionAmountMisMatch
  if (t.currency !== ot.transaction.currency) return bad('Provided transaction currency does not match with offer.', 'Mismatch in Transaction Currency.');
  if (t.amountType === 'PURCHASE' && present(t.localDateTime) && dtInstant(t.localDateTime) !== dtInstant(ot.transaction.localDateTime)) return bad('Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'); // examples/TransactionDateMisMatch
  const offer = ot.offers.get(body.offerId);
  if (!offer) return bad('Provided offerId does not match with offer.', 'offerId was not presented in this offer transaction.');
  for (const o of body.transactionOffers) if (!ot.offers.has(o.offerId)) return bad('Provided transactionOffers do not match with offer.', `offerId ${o.offerId} was not presented in this offer transaction.`);
  if (present(m) && ot.merchant) {
    for (const k of ['name', 'country', 'mcc', 'url', 'acquirerId', 'merchantId']) if (present(m[k]) && present(ot.merchant[k]) && String(m[k]) !== String(ot.merchant[k])) return bad('Provided merchant details do not match with offer.', `Mismatch in merchant.${k}.`);
  }
  if (pi.tenure !== offer.tenure || pi.frequency !== offer.frequency) return bad('Provided plan installment information does not match with offer.', 'Mismatch in tenure or frequency.');
  for (const k of ['apr', 'firstInstallmentAmount', 'otherInstallmentAmount', 'feeValue', 'totalAmount']) if (present(pi[k]) && !near(pi[k], offer[k])) return bad('Provided plan installment information does not match with offer.', `Mismatch in ${k}.`);
  if (present(pi.currency) && pi.currency !== ot.transaction.currency) return bad('Provided plan installment information does not match with offer.', 'Mismatch in currency.');
  if (sp.length !== offer.schedulePayments.length) return bad('Provided schedule payments do not match with offer.', 'Mismatch in number of schedule payments.');
  for (const s of sp) {
    const o = offer.schedulePayments.find((x) => x.installmentNumber === s.installmentNumber);
    if (!o || !near(o.installmentAmount, s.installmentAmount) || !sameDate(o.dueDate, s.dueDate)) return bad('Provided schedule payments do not match with offer.', `Mismatch in installment ${s.installmentNumber}.`);
  }
  // Create the plan (PlanCreated: 201 {planId, status: CREATED}, Location -> GET /plans/{plan_id})
  const planId = crypto.randomUUID();
  const range = rangeForPan(pan);
  const plan = {
    planId, providerId: body.providerId.toLowerCase(), status: 'CREATED', origin: 'services', pan,
    merchant: present(m) ? Object.fromEntries(Object.entries({ acceptor: m.merchantId, country: m.country, mcc: m.mcc, name: m.name }).filter(([, v]) => present(v))) : {},
    offerId: body.offerId, transactionOffers: body.transactionOffers.map((o) => ({ offerId: o.offerId })),
    planInstallmentInformation: { ...pi }, scheduledRepayments: sp.map((s) => ({ amount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber })),
    transaction: { amount: t.amount, currency: t.currency },
  };
  state.plans.set(planId, plan);
  // Outbound notification (catalogue: POST /notifications sent when a consumer selects a plan; provider 2.0.0 /notifications)
  const notif = {
    planId, issuerCid: range ? range.cid : '', issuerIca: range ? range.ica : '',
    ...(present(m) ? { merchant: Object.fromEntries(['name', 'country', 'mcc', 'acquirerId', 'merchantId', 'url'].filter((k) => present(m[k])).map((k) => [k, m[k]])) } : {}),
    offerId: body.offerId, transactionOffers: plan.transactionOffers,
    planInstallmentInformation: { ...pi }, schedulePayments: sp.map((s) => ({ installmentAmount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber })),
    transaction: Object.fromEntries(['amountType', 'amount', 'currency', 'stan', 'rrn', 'authorizationCode', 'localDateTime', 'transmissionDateTime', 'transactionLinkId'].filter((k) => present(t[k])).map((k) => [k, t[k]])),
  };
  // PlanNotifSensitiveDataField.consumer.primaryAccountNumber is type number; sent as a number when it is a safe integer
  const panValue = Number.isSafeInteger(Number(pan)) ? Number(pan) : pan;
  notif.encryptedValue = await encryptForPartner({ consumer: { primaryAccountNumber: panValue } });
  setImmediate(() => sendNotification(notif, cid));
  send(res, 201, { planId, status: 'CREATED' }, { Location: `/installments/plans/${planId}` });
}

async function sendNotification(body, cid = crypto.randomUUID()) {
  const rec = { planId: body.planId, at: new Date().toISOString(), body, sent: false, status: null };
  state.notifications.push(rec);
  if (!PRODUCT_CONFIG.issuerPlanNotification || !ISSUER_URL) return; // brief: recorded, not sent
  try {
    const r = await fetch(ISSUER_URL.replace(/\/+$/, '') + '/notifications', {
      method: 'POST',
      // PlanNotifCorrelationIdHeaderParameter (required); provider 2.0.0 savePlan CorrelationIdHeaderParameter: the
      // API takes the client's Correlation-Id (or creates one) and propagates it to all downstream systems
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Correlation-Id': cid },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    rec.sent = true; rec.status = r.status;
    await r.text().catch(() => {});
  } catch (e) { rec.error = String(e && e.message || e); }
}

function planView(plan) {
  // components/schemas/InstallmentPlan
  const out = { merchant: plan.merchant, planId: plan.planId, providerId: plan.providerId, status: plan.status, transaction: plan.transaction };
  if (plan.offerId) out.offerId = plan.offerId;
  if (plan.transactionOffers) out.transactionOffers = plan.transactionOffers;
  if (plan.planInstallmentInformation) {
    const p = plan.planInstallmentInformation;
    out.planInstallmentInformation = { ...p };
    // the document's examples use installmentAmount/installmentFee while the schema uses otherInstallmentAmount/feeValue: both sent (DECISIONS)
    if (present(p.otherInstallmentAmount)) out.planInstallmentInformation.installmentAmount = p.otherInstallmentAmount;
    if (present(p.feeValue)) out.planInstallmentInformation.installmentFee = p.feeValue;
  }
  if (plan.scheduledRepayments) out.scheduledRepayments = plan.scheduledRepayments;
  if (plan.rejectReasonCode) out.rejectReasonCode = plan.rejectReasonCode;
  if (present(plan.rejectReasonDetail)) out.rejectReasonDetail = plan.rejectReasonDetail;
  return out;
}

async function getPlan(req, res, planId) {
  // provider 2.0.0 GET /plans/{plan_id}: 400 BadRequestError for a malformed id (plan_id format uuid), 404 NotFound
  if (!UUID_RE.test(planId)) return sendErrors(res, 400, bodyErrors([['format', 'plan_id must be a UUID']]).map((e) => ({ ...e, ReasonCode: 'invalid.request.parameter' })));
  const plan = state.plans.get(planId.toLowerCase());
  if (!plan) return sendErrors(res, 404, ERR.notFound());
  const out = planView(plan);
  // "The API response contains encrypted values of the consumer's email and phone" -> encryptedValue (DECISIONS)
  if (plan.consumer) out.encryptedValue = await encryptForPartner({ consumer: plan.consumer });
  send(res, 200, out);
}

// ---------------------------------------------------------------------------------------------
// Handlers: Approvals (provider 2.0.0 POST /approvals, GET /approvals/{plan_id})
// ---------------------------------------------------------------------------------------------
const REJECT_CODES = ['CONSUMER_AUTH_FAIL', 'CONSUMER_APPLICATION_FAIL', 'CONSUMER_CANCELLATION', 'LENDER_DRIVEN_REJECTION', 'LENDER_SYSTEM_ERROR', 'OTHER_REASON'];
async function postApprovals(req, res, body, url) {
  const syncQ = url.searchParams.get('sync');
  // parameters/Sync: boolean
  if (syncQ !== null && !['true', 'false'].includes(syncQ.toLowerCase())) return sendErrors(res, 400, bodyErrors([['format', 'sync query parameter must be a boolean']]).map((e) => ({ ...e, ReasonCode: 'invalid.request.parameter' })));
  const sync = syncQ !== null && syncQ.toLowerCase() === 'true';
  if (!isObj(body)) return sendErrors(res, 400, bodyErrors([['format', 'request body must be a JSON object']]));
  // x-mastercard-api-encrypted: an encryptedValue, if sent, carries (part of) the body and is merged in (DECISIONS)
  if (present(body.encryptedValue)) {
    try {
      const dec = await decryptJwe(body.encryptedValue);
      if (!isObj(dec)) throw new JweError('invalid', 'Decrypted encryptedValue must be a JSON object');
      body = { ...body, ...dec };
      delete body.encryptedValue;
    } catch (e) { return sendErrors(res, 400, bodyErrors([['format', `encryptedValue: ${e.message}`]])); }
  }
  const errs = [];
  // provider 2.0.0: PlanApprovalParameters types each member (PaymentAuthorization and its address too), none
  // nullable: a member sent null is refused, not taken as absent.
  const nulls = (o, at) => isObj(o) && Object.entries(o).forEach(([k, v]) => (v === null ? errs.push(['format', `${at}${k} must not be null`]) : nulls(v, `${at}${k}.`)));
  nulls(body, '');
  // PlanApprovalParameters
  if (chkStr(errs, body.planId, 'planId', { required: true }) && !UUID_RE.test(body.planId)) errs.push(['format', 'planId must be a UUID']);
  chkStr(errs, body.status, 'status', { required: true, enum: ['APPROVED', 'DECLINED'] });
  chkStr(errs, body.offerId, 'offerId', { min: 8, max: 8 });
  chkStr(errs, body.rejectReasonCode, 'rejectReasonCode', { enum: REJECT_CODES });
  chkStr(errs, body.rejectReasonDetail, 'rejectReasonDetail', { min: 0, max: 5000 });
  chkNum(errs, body.approvedAmount, 'approvedAmount', { min: 0, max: 999999999999999 });
  if (chkStr(errs, body.approvedCurrency, 'approvedCurrency', { min: 3, max: 3 }) && !ISO_4217.has(body.approvedCurrency)) errs.push(['value', 'approvedCurrency must be an ISO 4217 currency code']);
  const approved = body.status === 'APPROVED';
  if (body.status === 'DECLINED' && !present(body.rejectReasonCode)) errs.push(['missing', 'rejectReasonCode is required when status is DECLINED']); // rejectReasonCode description
  if (approved) {
    if (!present(body.approvedAmount)) errs.push(['missing', 'approvedAmount is required when status is APPROVED']);
    if (!present(body.approvedCurrency)) errs.push(['missing', 'approvedCurrency is required when status is APPROVED']);
    if (!present(body.paymentAuthorization)) errs.push(['missing', 'paymentAuthorization is required when status is APPROVED']);
  }
  const pa = body.paymentAuthorization;
  if (present(pa)) {
    if (!isObj(pa)) errs.push(['format', 'paymentAuthorization must be an object']);
    else {
      if (chkStr(errs, pa.primaryAccountNumber, 'paymentAuthorization.primaryAccountNumber', { required: true, min: 9, max: 19 }) && !/^\d+$/.test(pa.primaryAccountNumber)) errs.push(['format', 'paymentAuthorization.primaryAccountNumber must be numeric']);
      if (chkStr(errs, pa.panExpirationMonth, 'paymentAuthorization.panExpirationMonth', { required: true, min: 2, max: 2 }) && !/^(0[1-9]|1[0-2])$/.test(pa.panExpirationMonth)) errs.push(['value', 'paymentAuthorization.panExpirationMonth must be a two-digit calendar month']);
      if (chkStr(errs, pa.panExpirationYear, 'paymentAuthorization.panExpirationYear', { required: true, min: 4, max: 4 }) && !/^\d{4}$/.test(pa.panExpirationYear)) errs.push(['format', 'paymentAuthorization.panExpirationYear must be a four-digit year']);
      if (chkStr(errs, pa.cardSecurityCode, 'paymentAuthorization.cardSecurityCode', { required: true, min: 3, max: 4 }) && !/^\d+$/.test(pa.cardSecurityCode)) errs.push(['format', 'paymentAuthorization.cardSecurityCode must be numeric']);
      chkStr(errs, pa.cardholderFullName, 'paymentAuthorization.cardholderFullName', { max: 60 });
      chkStr(errs, pa.cardholderFirstName, 'paymentAuthorization.cardholderFirstName', { max: 30 });
      chkStr(errs, pa.cardholderLastName, 'paymentAuthorization.cardholderLastName', { max: 30 });
      // cardholderFullName "optional if cardholderFirstName and cardholderLastName are used" and vice versa
      if (!present(pa.cardholderFullName) && !(present(pa.cardholderFirstName) && present(pa.cardholderLastName))) errs.push(['missing', 'paymentAuthorization.cardholderFullName or cardholderFirstName and cardholderLastName are required']);
      const ba = pa.billingAddress;
      if (!present(ba)) errs.push(['missing', 'paymentAuthorization.billingAddress is required']);
      else if (!isObj(ba)) errs.push(['format', 'paymentAuthorization.billingAddress must be an object']);
      else {
        const bp = 'paymentAuthorization.billingAddress.';
        chkStr(errs, ba.line1, bp + 'line1', { required: true, max: 60 });
        chkStr(errs, ba.line2, bp + 'line2', { max: 75 });
        chkStr(errs, ba.line3, bp + 'line3', { max: 75 });
        chkStr(errs, ba.city, bp + 'city', { required: true, max: 50 });
        chkStr(errs, ba.state, bp + 'state', { required: true, max: 30 });
        chkStr(errs, ba.countryCode, bp + 'countryCode', { required: true, min: 2, max: 2, pattern: /^[a-zA-Z]{2}$/ });
        chkStr(errs, ba.zip, bp + 'zip', { required: true, max: 16 });
      }
    }
  }
  if (errs.length) return sendErrors(res, 400, bodyErrors(errs));
  const plan = state.plans.get(body.planId.toLowerCase());
  if (!plan) return sendErrors(res, 400, bodyErrors([['value', `planId ${body.planId} does not exist`]]));
  if (plan.status !== 'CREATED') return sendErrors(res, 400, bodyErrors([['value', `plan ${body.planId} is in status ${plan.status} and cannot be ${approved ? 'approved' : 'declined'}`]]));
  // offerId description: "must provide the offer ID if the consumer offer selection is disabled" and "must be one of the offer IDs retrieved via Plan API"
  const planOfferIds = new Set([...(plan.transactionOffers || []).map((o) => o.offerId), ...(plan.offerId ? [plan.offerId] : [])]);
  if (approved && !plan.offerId && !present(body.offerId)) return sendErrors(res, 400, bodyErrors([['missing', 'offerId is required because consumer offer selection is disabled for this plan']]));
  if (present(body.offerId) && !planOfferIds.has(body.offerId)) return sendErrors(res, 400, bodyErrors([['value', 'offerId must be one of the offer IDs retrieved via the Plan API']]));
  // effect on the plan
  plan.status = approved ? 'APPROVED' : 'DECLINED';
  if (!approved) { plan.rejectReasonCode = body.rejectReasonCode; if (present(body.rejectReasonDetail)) plan.rejectReasonDetail = body.rejectReasonDetail; }
  if (approved && present(body.offerId) && !plan.offerId) plan.offerId = body.offerId;
  const now = Date.now();
  const checkoutResponse = Buffer.from(JSON.stringify({ planId: plan.planId, status: plan.status })).toString('base64url');
  const approval = {
    planId: plan.planId, postedAt: now, completesAt: sync ? now : now + APPROVAL_COMPLETION_DELAY_MS,
    callbackUrl: `https://src.mastercard.com?action=${approved ? 'COMPLETED' : 'DECLINED'}&checkoutResponse=${checkoutResponse}`,
  };
  state.approvals.set(plan.planId, approval);
  if (sync) return send(res, 200, { callbackUrl: approval.callbackUrl }); // responses/PSPData: "Returns only if the sync parameter is true"
  send(res, 202, undefined, { Location: `/installments/approvals/${plan.planId}` }); // responses/Accepted
}

function getApproval(req, res, planId) {
  // provider 2.0.0 GET /approvals/{plan_id}: 200 CompletionPSPData, 404 NotFound (no 400 documented)
  const a = UUID_RE.test(planId) ? state.approvals.get(planId.toLowerCase()) : undefined;
  if (!a || Date.now() - a.postedAt > APPROVAL_VALIDITY_MS) return sendErrors(res, 404, ERR.notFound());
  if (Date.now() < a.completesAt) return send(res, 200, { status: 'IN_PROGRESS' }); // examples/ApprovedInProgress
  send(res, 200, { status: 'COMPLETED', callbackUrl: a.callbackUrl }); // examples/ApprovedCompleted
}

// ---------------------------------------------------------------------------------------------
// Handlers: Merchant participation (provider 2.0.0 /merchants/...)
// ---------------------------------------------------------------------------------------------
const RE = {
  merchantLegalName: /^.{1,300}/, countryCode: /^[A-Za-z]{3}$/, acquirerICA: /^(?:[0-9]{6}|[0-9]{9}|[0-9]{11})$/,
  maid: /^[A-Za-z0-9]{1,6}/, mid: /^[A-Za-z0-9]{1,15}/, yn: /^(?:Y|N)$/, merchantGroup: /^[A-Z0-9]{1,2}$/,
  websiteUrl: /^(https?|ftp|file):\/\/[-a-zA-Z0-9+&@#/%?=~_|!:,.;]*[-a-zA-Z0-9+&@#/%=~_|]/, status: /^(?:PENDING|COMPLETED|ERROR)$/,
};
function validateCountry(errs, v, path, required) {
  if (chkStr(errs, v, path, { required, min: 3, max: 3, pattern: RE.countryCode }) && !ISO_ALPHA3.has(v.toUpperCase())) errs.push(['value', `${path} must be an ISO 3166 alpha-3 country code`]);
}
function merchantStatus(rec) {
  if (Date.now() < rec.effectiveAt) return 'PENDING';
  return KNOWN_ACQUIRER_ICAS.includes(rec.acquirerICA) ? 'COMPLETED' : 'ERROR';
}
function merchantView(rec, { search = false } = {}) {
  // components/schemas/Merchant / MerchantSearch
  const st = merchantStatus(rec);
  const o = { merchantLegalName: rec.merchantLegalName };
  if (rec.merchantGroup) o.merchantGroup = rec.merchantGroup;
  o.countryCode = rec.countryCode; o.acquirerICA = rec.acquirerICA; o.submitterICA = rec.submitterICA;
  if (rec.dbaNames) o.dbaNames = rec.dbaNames;
  if (rec.isMaid) {
    o.maids = [rec.maid]; o.maidType = rec.maidType;
    if (!search) o.acceptorIds = [rec.maid]; // "For previously onboarded customers ... both acceptorIds and maids will be visible"
  }
  // "For previously onboarded customers to API both nonMerchantNegotiatedParticipation and optIn will be visible"
  o.nonMerchantNegotiatedParticipation = rec.optIn; o.optIn = rec.optIn;
  o.status = st;
  if (st === 'ERROR') o.errorReason = 'INVALID_ACQUIRER_ICA';
  if (rec.duns) o.duns = rec.duns;
  if (rec.websiteUrl) o.websiteUrl = rec.websiteUrl;
  if (rec.wallets) o.wallets = rec.wallets;
  if (rec.address) o.address = rec.address;
  return o;
}

function validateParticipation(item, i, errs, pendingKeys) {
  const P = `[${i}].`;
  if (!isObj(item)) { errs.push(['format', `[${i}] must be an object`]); return null; }
  // MerchantParticipation.required + field schemas
  chkStr(errs, item.merchantLegalName, P + 'merchantLegalName', { required: true, min: 1, max: 300, pattern: RE.merchantLegalName });
  validateCountry(errs, item.countryCode, P + 'countryCode', true);
  chkStr(errs, item.acquirerICA, P + 'acquirerICA', { required: true, pattern: RE.acquirerICA });
  chkStr(errs, item.merchantGroup, P + 'merchantGroup', { pattern: RE.merchantGroup });
  // provider 2.0.0 MerchantParticipation, Address: every member typed (string, array, object), none nullable;
  // the prose allows null for duns alone ("must either be null, empty, or match existing values")
  const typed = ['merchantGroup', 'dbaNames', 'mids', 'maid', 'maidType', 'nonMerchantNegotiatedParticipation', 'optIn', 'websiteUrl', 'wallets', 'address'];
  for (const k of typed) if (item[k] === null) errs.push(['format', `${P}${k} must not be null`]);
  if (isObj(item.address)) for (const k of ['addressLine1', 'addressLine2', 'addressLine3', 'city', 'state', 'postalCode']) if (item.address[k] === null) errs.push(['format', `${P}address.${k} must not be null`]);
  if (present(item.dbaNames)) {
    if (!Array.isArray(item.dbaNames)) errs.push(['format', P + 'dbaNames must be an array']);
    else if (item.dbaNames.length < 1 || item.dbaNames.length > 1000) errs.push(['length', P + 'dbaNames must contain 1 to 1000 items']);
    else item.dbaNames.forEach((d, j) => chkStr(errs, d, `${P}dbaNames[${j}]`, { required: true, min: 1, max: 256 }));
  }
  if (present(item.mids)) {
    if (!Array.isArray(item.mids)) errs.push(['format', P + 'mids must be an array']);
    else if (item.mids.length < 1 || item.mids.length > 5000) errs.push(['length', P + 'mids must contain 1 to 5000 items']);
    else item.mids.forEach((d, j) => chkStr(errs, d, `${P}mids[${j}]`, { required: true, pattern: RE.mid }));
  }
  chkStr(errs, item.maid, P + 'maid', { pattern: RE.maid });
  chkStr(errs, item.maidType, P + 'maidType', { enum: ['GRP', 'EXT'] });
  chkStr(errs, item.nonMerchantNegotiatedParticipation, P + 'nonMerchantNegotiatedParticipation', { min: 1, max: 1, pattern: RE.yn });
  chkStr(errs, item.optIn, P + 'optIn', { min: 1, max: 1, pattern: RE.yn });
  chkStr(errs, item.duns, P + 'duns', { min: 1, max: 9 });
  chkStr(errs, item.websiteUrl, P + 'websiteUrl', { min: 1, max: 100, pattern: RE.websiteUrl });
  if (present(item.wallets)) {
    if (!Array.isArray(item.wallets)) errs.push(['format', P + 'wallets must be an array']);
    else if (item.wallets.length < 1 || item.wallets.length > 3) errs.push(['length', P + 'wallets must contain 1 to 3 items']);
    else item.wallets.forEach((w, j) => {
      const W = `${P}wallets[${j}].`;
      if (!isObj(w)) { errs.push(['format', `${P}wallets[${j}] must be an object`]); return; }
      chkNum(errs, w.walletId, W + 'walletId', { required: true, int: true, min: 1, max: 3 });
      chkStr(errs, w.walletAcceptance, W + 'walletAcceptance', { required: true, min: 1, max: 1, pattern: RE.yn });
      chkStr(errs, w.walletMerchantId, W + 'walletMerchantId', { min: 1, max: 300 });
    });
  }
  if (present(item.address)) {
    const a = item.address;
    if (!isObj(a)) errs.push(['format', P + 'address must be an object']);
    else {
      for (const k of ['addressLine1', 'addressLine2', 'addressLine3']) chkStr(errs, a[k], `${P}address.${k}`, { min: 1, max: 300 });
      chkStr(errs, a.city, P + 'address.city', { min: 1, max: 30 });
      chkStr(errs, a.state, P + 'address.state', { min: 2, max: 3 });
      chkStr(errs, a.postalCode, P + 'address.postalCode', { min: 1, max: 20 });
    }
  }
  const before = errs.length;
  if (typeof item.merchantLegalName !== 'string' || typeof item.countryCode !== 'string' || typeof item.acquirerICA !== 'string') return null;
  // Market determination (POST /merchants/participations description table)
  const country = item.countryCode.toUpperCase();
  const isMaid = present(item.maid) || present(item.maidType);
  const isAus = !isMaid && country === 'AUS';
  const key = merchantKey({ isMaid, merchantLegalName: item.merchantLegalName, acquirerICA: item.acquirerICA, countryCode: country });
  let existing = state.merchants.get(key) || pendingKeys.get(key);
  if (existing && existing !== pendingKeys.get(key) && merchantStatus(existing) === 'ERROR') existing = null; // an ERROR merchant was never effectuated
  const opt = present(item.optIn) ? item.optIn : (!isAus && !isMaid ? item.nonMerchantNegotiatedParticipation : undefined); // optIn takes precedence
  if (!present(opt)) errs.push(['missing', `${P}optIn is required` + (!isAus && !isMaid ? ' (or nonMerchantNegotiatedParticipation for previously onboarded customers)' : '')]);
  if (isMaid) {
    if (!present(item.maid)) errs.push(['missing', P + 'maid is required for MAID participation']);
    if (!present(item.maidType)) errs.push(['missing', P + 'maidType is required for participation requests with MAID']); // maidType description
  }
  if (!existing) { // Add operation
    if (!present(item.dbaNames)) errs.push(['missing', P + 'dbaNames is required when adding a merchant']);
    if (!isMaid && !present(item.mids)) errs.push(['missing', P + 'mids is required when adding a MID based merchant']);
    if (isAus && !present(item.merchantGroup)) errs.push(['missing', P + 'merchantGroup is mandatory for Australia']);
    // Address.city "mandatory when adding a merchant"; Address.postalCode for MID-based merchants if the country has postal codes
    if (!isObj(item.address) || !present(item.address.city)) errs.push(['missing', P + 'address.city is mandatory when adding a merchant']);
    if (!isMaid && !NO_POSTAL_CODE.has(country) && !(isObj(item.address) && present(item.address.postalCode))) errs.push(['missing', P + 'address.postalCode is required to submit MID-based merchants for a country that has postal codes']);
  } else { // Update operation
    // "Certain fields, namely duns cannot be modified; they must either be null, empty, or match existing values"
    if (present(item.duns) && item.duns !== '' && existing.duns && item.duns !== existing.duns) errs.push(['value', P + 'duns cannot be modified']);
    if (present(item.duns) && item.duns !== '' && !existing.duns) { /* first duns: allowed */ }
    // "Once a MAID is entered into the system, it becomes immutable"
    if (isMaid && present(item.maid) && existing.maid && item.maid !== existing.maid) errs.push(['value', P + 'maid is immutable once entered']);
  }
  if (errs.length > before) return null;
  return { key, existing, isMaid, country, opt };
}

async function postParticipations(req, res, body, raw) {
  // "ensure that the total payload size remains under 700 KB"
  if (raw.length >= 700 * 1024) return sendErrors(res, 400, bodyErrors([['length', 'payload size must remain under 700 KB']]));
  // MerchantParticipations: array, 1..30 items
  if (!Array.isArray(body)) return sendErrors(res, 400, bodyErrors([['format', 'request body must be an array of merchant participation objects']]));
  if (body.length < 1 || body.length > 30) return sendErrors(res, 400, bodyErrors([['length', 'request must contain 1 to 30 merchant participation objects']]));
  const errs = [];
  const pendingKeys = new Map();
  const plans = [];
  body.forEach((item, i) => {
    const v = validateParticipation(item, i, errs, pendingKeys);
    if (v) { plans.push({ item, ...v }); pendingKeys.set(v.key, { ...(v.existing || {}), duns: item.duns || (v.existing && v.existing.duns), maid: item.maid || (v.existing && v.existing.maid) }); }
  });
  if (errs.length) return sendErrors(res, 400, bodyErrors(errs));
  const requestId = newRequestId();
  const effectiveAt = Date.now() + EFFECTUATION_DELAY_MS;
  const keys = [];
  for (const { item, key, isMaid, country, opt } of plans) {
    const prev = state.merchants.get(key);
    const base = prev && merchantStatus(prev) !== 'ERROR' ? prev : null;
    const rec = base ? { ...base } : { isMaid, merchantLegalName: item.merchantLegalName, countryCode: country, acquirerICA: item.acquirerICA, submitterICA: PARTNER_ICA, mids: [], requestIds: [] };
    if (isMaid && base && base.acquirerICA !== item.acquirerICA) rec.acquirerICA = item.acquirerICA; // MAID participation may be updated by other acquirers
    rec.optIn = opt;
    if (present(item.merchantGroup)) rec.merchantGroup = item.merchantGroup;
    if (present(item.dbaNames)) rec.dbaNames = [...item.dbaNames];
    if (present(item.mids)) rec.mids = [...new Set([...(rec.mids || []), ...item.mids])]; // "provided MIDs will be appended to the current set"
    if (present(item.maid)) rec.maid = item.maid;
    if (present(item.maidType)) rec.maidType = item.maidType;
    if (present(item.duns) && item.duns !== '') rec.duns = item.duns;
    if (present(item.websiteUrl)) rec.websiteUrl = item.websiteUrl;
    if (present(item.wallets)) rec.wallets = item.wallets.map((w) => Object.fromEntries(Object.entries(w).filter(([, v]) => present(v))));
    // provider 2.0.0: Address members are strings: a null sent (read as absent, DECISIONS) is never stored nor answered
    if (present(item.address)) rec.address = { ...(rec.address || {}), ...Object.fromEntries(Object.entries(item.address).filter(([, v]) => present(v))) };
    rec.effectiveAt = effectiveAt;
    rec.requestIds = [...(rec.requestIds || []), requestId];
    state.merchants.set(key, rec);
    keys.push(key);
  }
  state.requests.set(requestId, { id: requestId, keys, createdAt: Date.now(), effectiveAt });
  // responses/MerchantParticipationReference: Location header; description: request id in the 'request_id' header
  send(res, 202, undefined, { Location: `/installments/merchants/participations?request_id=${requestId}`, request_id: requestId });
}

function getParticipations(req, res, url) {
  const rid = url.searchParams.get('request_id');
  const p = pageParams(url);
  const INV = (d) => sendErrors(res, 400, E(SRC_MC, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', d));
  if (rid !== null && (!/^\d+$/.test(rid) || BigInt(rid) > 9223372036854775807n)) return INV('request_id query param must be a positive integer less than 9223372036854775807.'); // examples/InvalidRequestIdError
  if (p.error) return INV(p.error);
  let items, headers = {};
  if (rid !== null) {
    const r = state.requests.get(String(BigInt(rid)));
    if (!r) return sendErrors(res, 404, ERR.requestIdNotFound()); // examples/ResourceNotFoundError
    const recs = r.keys.map((k) => state.merchants.get(k)).filter(Boolean);
    items = recs.map((rec) => merchantView(rec));
    const sts = items.map((m) => m.status);
    headers['Request-Status'] = sts.includes('PENDING') ? 'PENDING' : sts.every((s) => s === 'ERROR') ? 'ERROR' : 'COMPLETED';
  } else {
    // "fetch a list of merchants with participation details whose participation request is completed successfully"
    items = [...state.merchants.values()].filter((rec) => merchantStatus(rec) === 'COMPLETED').map((rec) => merchantView(rec));
  }
  const pg = pageHeaders(items, p);
  send(res, 200, pg.slice, { ...pg.headers, ...headers });
}

function postSearches(req, res, body, url) {
  const p = pageParams(url);
  if (p.error) return sendErrors(res, 400, E(SRC_MC, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', p.error));
  if (!isObj(body)) return sendErrors(res, 400, bodyErrors([['format', 'request body must be a JSON object']]));
  const errs = [];
  // MerchantSearchParameters
  chkStr(errs, body.merchantLegalName, 'merchantLegalName', { min: 1, max: 300, pattern: RE.merchantLegalName });
  chkStr(errs, body.acquirerICA, 'acquirerICA', { pattern: RE.acquirerICA });
  chkStr(errs, body.merchantParticipationStatus, 'merchantParticipationStatus', { min: 1, max: 10, pattern: RE.status });
  validateCountry(errs, body.countryCode, 'countryCode', false);
  chkStr(errs, body.maid, 'maid', { pattern: RE.maid });
  // "At least one parameter is required in the request"
  if (!['merchantLegalName', 'acquirerICA', 'merchantParticipationStatus', 'countryCode', 'maid'].some((k) => present(body[k]))) errs.push(['missing', 'at least one of merchantLegalName, acquirerICA, merchantParticipationStatus, countryCode, maid is required']);
  if (errs.length) return sendErrors(res, 400, bodyErrors(errs));
  const items = [...state.merchants.values()].filter((rec) => {
    if (present(body.merchantLegalName) && rec.merchantLegalName.toLowerCase() !== body.merchantLegalName.toLowerCase()) return false;
    if (present(body.acquirerICA) && rec.acquirerICA !== body.acquirerICA) return false;
    if (present(body.countryCode) && rec.countryCode !== body.countryCode.toUpperCase()) return false;
    if (present(body.maid) && rec.maid !== body.maid) return false;
    if (present(body.merchantParticipationStatus) && merchantStatus(rec) !== body.merchantParticipationStatus) return false;
    return true;
  }).map((rec) => merchantView(rec, { search: true }));
  const pg = pageHeaders(items, p);
  send(res, 200, pg.slice, pg.headers);
}

function postMidSearches(req, res, body, url) {
  const p = pageParams(url);
  if (p.error) return sendErrors(res, 400, E(SRC_MC, 'invalid.request.parameter', 'One of the request parameters is invalid, try again with the correct request.', p.error));
  if (!isObj(body)) return sendErrors(res, 400, bodyErrors([['format', 'request body must be a JSON object']]));
  const errs = [];
  // MerchantMidSearchParameters.required: merchantLegalName, countryCode, acquirerICA
  chkStr(errs, body.merchantLegalName, 'merchantLegalName', { required: true, min: 1, max: 300, pattern: RE.merchantLegalName });
  validateCountry(errs, body.countryCode, 'countryCode', true);
  chkStr(errs, body.acquirerICA, 'acquirerICA', { required: true, pattern: RE.acquirerICA });
  chkStr(errs, body.mid, 'mid', { pattern: RE.mid });
  chkStr(errs, body.status, 'status', { min: 1, max: 10, pattern: RE.status });
  if (errs.length) return sendErrors(res, 400, bodyErrors(errs));
  const country = body.countryCode.toUpperCase();
  const rec = state.merchants.get(merchantKey({ isMaid: false, merchantLegalName: body.merchantLegalName, acquirerICA: body.acquirerICA, countryCode: country }))
    || [...state.merchants.values()].find((r) => r.merchantLegalName === body.merchantLegalName && r.acquirerICA === body.acquirerICA && r.countryCode === country);
  if (!rec) return sendErrors(res, 400, bodyErrors([['value', 'no merchant exists for the given merchantLegalName, countryCode and acquirerICA']]));
  const st = merchantStatus(rec);
  let mids = (rec.mids || []).map((mid) => (st === 'ERROR' ? { mid, status: st, errorReason: 'INVALID_ACQUIRER_ICA' } : { mid, status: st }));
  if (present(body.mid)) mids = mids.filter((x) => x.mid === body.mid);
  if (present(body.status)) mids = mids.filter((x) => x.status === body.status);
  const pg = pageHeaders(mids, p);
  const out = { merchantLegalName: rec.merchantLegalName };
  if (rec.merchantGroup) out.merchantGroup = rec.merchantGroup;
  Object.assign(out, { acquirerICA: rec.acquirerICA, countryCode: rec.countryCode, nonMerchantNegotiatedParticipation: rec.optIn, optIn: rec.optIn, mids: pg.slice });
  send(res, 200, out, pg.headers);
}

// ---------------------------------------------------------------------------------------------
// Router
// ---------------------------------------------------------------------------------------------
// family: which documented 401/403/406 bodies apply
const ROUTES = [
  { method: 'POST', re: /^\/consumers\/pans\/registrations$/, fam: 'consumer', body: true, encrypted: true, h: (c) => registerPans(c.req, c.res, c.body) },
  { method: 'POST', re: /^\/consumers\/pans\/deregistrations$/, fam: 'consumer', body: true, encrypted: true, h: (c) => deregisterPans(c.req, c.res, c.body) },
  { method: 'POST', re: /^\/merchants\/participations$/, fam: 'merchant', body: true, accept406: true, h: (c) => postParticipations(c.req, c.res, c.body, c.raw) },
  { method: 'GET', re: /^\/merchants\/participations$/, fam: 'merchant', accept406: true, h: (c) => getParticipations(c.req, c.res, c.url) },
  { method: 'POST', re: /^\/merchants\/searches$/, fam: 'merchant', body: true, accept406: true, h: (c) => postSearches(c.req, c.res, c.body, c.url) },
  { method: 'POST', re: /^\/merchants\/mids\/searches$/, fam: 'merchant', body: true, accept406: true, h: (c) => postMidSearches(c.req, c.res, c.body, c.url) },
  { method: 'POST', re: /^\/approvals$/, fam: 'approval', body: true, accept406: true, h: (c) => postApprovals(c.req, c.res, c.body, c.url) },
  { method: 'GET', re: /^\/approvals\/([^/]+)$/, fam: 'approval', accept406: true, h: (c) => getApproval(c.req, c.res, c.m[1]) },
  { method: 'GET', re: /^\/plans\/([^/]+)$/, fam: 'planGet', h: (c) => getPlan(c.req, c.res, c.m[1]) },
  { method: 'POST', re: /^\/plans$/, fam: 'planPost', body: true, encrypted: true, h: (c) => postPlans(c.req, c.res, c.body, c.cid) },
  { method: 'POST', re: /^\/offers$/, fam: 'offers', body: true, encrypted: true, accept406: true, contentType415: true, h: (c) => postOffers(c.req, c.res, c.body, c.cid) },
];
function authError(fam, status) {
  if (status === 401) return { consumer: ERR.consumerUnauthorized, merchant: ERR.accountNotRegistered, planPost: ERR.plansUnauthorized }[fam]?.() || ERR.unauthorized();
  return { consumer: ERR.consumerForbidden, offers: ERR.offersForbidden }[fam]?.() || ERR.forbidden();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let n = 0;
    req.on('data', (c) => { n += c.length; if (n > 5 * 1024 * 1024) { reject(new Error('too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const BASE = '/installments';
async function handle(req, res) {
  const raw = await readBody(req).catch(() => null);
  if (raw === null) return;
  const url = new URL(req.url, 'http://localhost');
  const cid = (typeof req.headers['correlation-id'] === 'string' && req.headers['correlation-id']) || crypto.randomUUID();
  res.setHeader('Correlation-Id', cid); // headers/Correlation-Id (sent on every response, DECISIONS)
  // onboarding: GET /keys at the origin publishes the sandbox encryption key as a JWK set
  if (url.pathname === '/keys') {
    if (req.method !== 'GET') return sendErrors(res, 405, ERR.methodNotAllowed(), { Allow: 'GET' });
    return send(res, 200, { keys: [{ ...sandboxEncPublicJwk, kid: SANDBOX_KID, use: 'enc', alg: 'RSA-OAEP-256' }] });
  }
  if (!(url.pathname === BASE || url.pathname.startsWith(BASE + '/'))) return sendErrors(res, 404, ERR.notFound());
  const sub = url.pathname.slice(BASE.length) || '/';
  const candidates = ROUTES.filter((r) => r.re.test(sub));
  if (!candidates.length) return sendErrors(res, 404, ERR.notFound());
  const route = candidates.find((r) => r.method === req.method);
  // authentication first (onboarding: missing/invalid signature 401; registered but not entitled 403)
  const fam = (route || candidates[0]).fam;
  const auth = verifyOAuth(req, req.url, raw);
  if (!auth.ok) return sendErrors(res, auth.status, authError(fam, auth.status));
  if (!route) return sendErrors(res, 405, ERR.methodNotAllowed(), { Allow: candidates.map((r) => r.method).join(', ') }); // responses/MethodNotAllowed
  if (route.accept406 && !acceptsJson(req)) return sendErrors(res, 406, fam === 'offers' ? ERR.notAcceptable() : ERR.notAcceptableHeader());
  if (route.contentType415 && !isJsonContentType(req)) return sendErrors(res, 415, ERR.invalidContentType()); // responses/InvalidContentType
  let body;
  if (route.body) {
    try { body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined; } catch { body = Symbol.for('malformed'); }
    if (body === undefined || body === Symbol.for('malformed')) {
      const d = body === undefined ? 'Request body is required' : 'Malformed JSON request body';
      const e = fam === 'consumer' ? cErr('invalid.data: body', d) : fam === 'offers' ? oErr('invalid.request.parameter', d) : fam === 'planPost' ? pErr('Bad or malformed request.', d) : bodyErrors([['format', d]])[0];
      return sendErrors(res, 400, e);
    }
  }
  // Endpoints marked "requires ... payload encryption": sensitiveData must travel encrypted in encryptedValue;
  // a plain sensitiveData member is refused rather than silently ignored (DECISIONS)
  if (route.encrypted && isObj(body) && present(body.sensitiveData)) {
    const d = 'sensitiveData must be sent encrypted in encryptedValue (JWE)';
    const e = fam === 'consumer' ? cErr('invalid.data: sensitiveData', d) : fam === 'offers' ? oErr('invalid.request.parameter', d) : pErr('Invalid request body.', d);
    return sendErrors(res, 400, e);
  }
  const m = sub.match(route.re);
  await route.h({ req, res, body, raw, url, m, cid });
}

server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    process.stderr.write(`handler error: ${e && e.stack || e}\n`);
    if (!res.headersSent) sendErrors(res, 500, E(SRC_MC, 'internal.server.error', 'Internal server error occurred.', ''));
    else res.end();
  });
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  const origin = `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${port}`;
  const sheet = {
    baseUrl: origin + BASE,
    consumerKey: CONSUMER_KEY,
    signingPrivateKeyPem: partnerSigning.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    forbiddenConsumerKey: FORBIDDEN_CONSUMER_KEY,
    forbiddenSigningPrivateKeyPem: forbiddenSigning.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    keysUrl: origin + '/keys',
    kid: SANDBOX_KID,
    encryption: { keyManagement: 'RSA-OAEP-256', contentEncryption: ['A256GCM', 'A128GCM'], requestField: 'encryptedValue' },
    responseDecryptionPrivateJwk: { ...partnerEnc.privateKey.export({ format: 'jwk' }), kid: PARTNER_ENC_KID, alg: 'RSA-OAEP-256', use: 'enc' },
    responseDecryptionKid: PARTNER_ENC_KID,
    issuerNotificationUrl: ISSUER_URL ? ISSUER_URL.replace(/\/+$/, '') + '/notifications' : null,
    productConfiguration: PRODUCT_CONFIG,
    testData: {
      accountRanges: ACCOUNT_RANGES,
      eligibleCardNumbers: ELIGIBLE_PANS.slice(0, 4).concat(ELIGIBLE_PANS.slice(6)),
      cardNumbersNotInAnyAccountRange: NOT_IN_ANY_RANGE_PANS,
      luhnInvalidCardNumber: '5110921032063788',
      panList: { panListId: SEED_PAN_LIST_ID, panListName: 'Sandbox Seed PanList', accountRange: { accountRangeLow: ACCOUNT_RANGES[0].accountRangeLow, accountRangeHigh: ACCOUNT_RANGES[0].accountRangeHigh }, registeredPans: [ELIGIBLE_PANS[4], ELIGIBLE_PANS[5]] },
      unknownPanListId: '999999999999999999',
      offers: { amountMin: OFFER_MIN_AMOUNT, amountMax: OFFER_MAX_AMOUNT, ineligibleMccs: INELIGIBLE_MCCS, offerIds: OFFER_TEMPLATES.map((o) => o.offerId), countryCurrency: COUNTRY_CURRENCY },
      offerMerchants: OFFER_MERCHANTS,
      providers: [{ providerId: PROVIDER.providerId, providerName: PROVIDER.providerName, cid: PROVIDER.cid, use: 'carded offers / POST /plans' }, { providerId: CREDENTIAL_PROVIDER_ID, use: 'credential (checkout) plans' }],
      acquirerICAs: { known: KNOWN_ACQUIRER_ICAS, unknown: UNKNOWN_ACQUIRER_ICAS },
      partnerSubmitterICA: PARTNER_ICA,
      merchants: [...state.merchants.values()].map((r) => ({ merchantLegalName: r.merchantLegalName, countryCode: r.countryCode, acquirerICA: r.acquirerICA, ...(r.merchantGroup ? { merchantGroup: r.merchantGroup } : {}), ...(r.isMaid ? { maid: r.maid, maidType: r.maidType } : { mids: r.mids }), duns: r.duns, optIn: r.optIn })),
      effectuationDelayMs: EFFECTUATION_DELAY_MS,
      approvalCompletionDelayMs: APPROVAL_COMPLETION_DELAY_MS,
      checkoutPlans: SEED_PLANS,
      unknownPlanId: '00000000-0000-4000-8000-000000000000',
    },
  };
  process.stdout.write(JSON.stringify({ url: origin, sheet }) + '\n');
});

