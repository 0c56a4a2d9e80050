// Sandbox server for a slice of the Open Finance (US) API, version 1.35.0.
// Written from the published OpenAPI document and the product seed only. Node built-ins only.
import http from 'node:http';
import crypto from 'node:crypto';

// ---------------------------------------------------------------- arguments
const args = process.argv.slice(2);
let PORT = 0, HOST = '127.0.0.1', VERBOSE = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--port') PORT = Number(args[++i]);
  else if (args[i] === '--host') HOST = args[++i];
  else if (args[i] === '--verbose') VERBOSE = true;
}
const log = (...a) => { if (VERBOSE) process.stderr.write(a.join(' ') + '\n'); };

// ---------------------------------------------------------------- constants
const APP_KEY_HEADER = 'Finicity-App-Key';
const APP_TOKEN_HEADER = 'Finicity-App-Token';
const ALT_KEY_HEADER = 'partner-app-key';      // seed spelling, accepted as alias
const ALT_TOKEN_HEADER = 'partner-app-token';
const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
const LOCK_AFTER = 5;
const LOCK_MS = 60 * 1000;
const REPORT_DELAY_MS = 3000;
const REPLENISH_MS = 60 * 1000;
const GRACE_MS = 30 * 24 * 3600 * 1000;
const now = () => Date.now();
const epoch = () => Math.floor(Date.now() / 1000);
const rnd = (n, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') => {
  const b = crypto.randomBytes(n); let s = '';
  for (let i = 0; i < n; i++) s += alphabet[b[i] % alphabet.length];
  return s;
};
const SECRET_RE = /^[A-Za-z0-9!@#$%&*_\-+]{12,255}$/;
const validSecret = (s) => typeof s === 'string' && SECRET_RE.test(s) && /[0-9]/.test(s) && /[A-Za-z]/.test(s);
const USERNAME_RE = /^[A-Za-z0-9!@.#$%&*_\-+]{6,255}$/;

// ---------------------------------------------------------------- state
const APP_KEY = crypto.randomBytes(16).toString('hex');
const partners = new Map(); // partnerId -> {id, secret, oldSecret, oldUntil, name, fails, lockedUntil}
function addPartner(name) {
  const id = String(2445580000000 + crypto.randomInt(0, 99999999));
  const secret = rnd(10, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz') + rnd(10, '23456789') ;
  const p = { id, secret, oldSecret: null, oldUntil: 0, name, fails: 0, lockedUntil: 0 };
  partners.set(id, p); return p;
}
const mainPartner = addPartner('Sandbox Partner');
const sparePartner = addPartner('Sandbox Partner (spare)');
const tokens = new Map(); // token -> {partnerId, created}

let idSeq = 1005061000 + crypto.randomInt(0, 900);
const nextCustomerId = () => String(idSeq += 1 + crypto.randomInt(0, 7));
let accSeq = 5011648000 + crypto.randomInt(0, 900);
const nextAccountId = () => String(accSeq += 1 + crypto.randomInt(0, 5));
let loginSeq = 1007302000 + crypto.randomInt(0, 900);
const nextLoginId = () => (loginSeq += 1 + crypto.randomInt(0, 5));

const customers = new Map(); // id -> customer (with partnerId, deleted flag)
const consumers = new Map(); // consumerId -> consumer
const accounts = new Map();  // accountId -> account
const reports = new Map();   // reportId -> report

// ---------------------------------------------------------------- institutions
const BRAND = (slug) => ({
  logo: `https://prod-carpintero-branding.s3.us-west-2.amazonaws.com/${slug}/logo.svg`,
  alternateLogo: `https://prod-carpintero-branding.s3.us-west-2.amazonaws.com/${slug}/alternateLogo.svg`,
  icon: `https://prod-carpintero-branding.s3.us-west-2.amazonaws.com/${slug}/icon.svg`,
  primaryColor: '#1B3E4F',
  tile: `https://prod-carpintero-branding.s3.us-west-2.amazonaws.com/${slug}/tile.svg`,
});
const INST_SEED = [
  { id: 102105, name: 'FinBank Profiles - A', country: 'US', state: 'UT', city: 'Murray', rssd: 4807163, oauth: false, branding: BRAND('102105'), products: { transAgg: true, ach: true, stateAgg: true, voi: true, voa: true, aha: true, availBalance: true, accountOwner: true } },
  { id: 102106, name: 'FinBank Profiles - B', country: 'US', state: 'UT', city: 'Murray', rssd: 4807164, oauth: false, products: { transAgg: true, ach: true, stateAgg: true, voi: true, voa: true, aha: false, availBalance: true, accountOwner: true } },
  { id: 102168, name: 'FinBank Billable', country: 'US', state: 'UT', city: 'Salt Lake City', rssd: 4807165, oauth: false, products: { transAgg: true, ach: true, stateAgg: false, voi: true, voa: true, aha: false, availBalance: true, accountOwner: false } },
  { id: 102176, name: 'FinBank OAuth', country: 'US', state: 'UT', city: 'Draper', rssd: 4807166, oauth: true, products: { transAgg: true, ach: true, stateAgg: true, voi: false, voa: true, aha: false, availBalance: true, accountOwner: true } },
  { id: 170778, name: 'Maple Leaf Credit Union (Test)', country: 'CA', state: 'ON', city: 'Toronto', rssd: null, oauth: false, products: { transAgg: true, ach: false, stateAgg: false, voi: false, voa: false, aha: false, availBalance: false, accountOwner: false } },
  { id: 101732, name: 'Test Savings Bank of Utah', country: 'US', state: 'UT', city: 'Provo', rssd: 4807170, oauth: false, products: { transAgg: true, ach: true, stateAgg: false, voi: false, voa: true, aha: false, availBalance: false, accountOwner: false } },
];
const PRODUCT_TYPES = ['transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner'];
const institutions = new Map(INST_SEED.map((i) => [i.id, i]));
function institutionView(i) {
  const p = i.products;
  const o = {
    id: i.id, name: i.name, transAgg: p.transAgg, ach: p.ach, stateAgg: p.stateAgg, voi: p.voi, voa: p.voa, aha: p.aha,
    availBalance: p.availBalance, accountOwner: p.accountOwner, studentLoanData: false, loanPaymentDetails: false,
    displayName: i.name, liabilityData: false, billPayData: false,
    accountTypeDescription: 'Banking', phone: '1-801-984-4200',
    urlHomeApp: `https://${i.id}.sandbox.example.com/`, urlLogonApp: `https://${i.id}.sandbox.example.com/login`,
    oauthEnabled: i.oauth, urlForgotPassword: `https://${i.id}.sandbox.example.com/forgot`,
    urlOnlineRegistration: `https://${i.id}.sandbox.example.com/register`, class: 'testfi',
    specialText: 'Please enter your FinBank Profiles username and password.',
    timeZone: 'America/Denver', specialInstructions: [], specialInstructionsTitle: '',
    address: { city: i.city, state: i.state, country: i.country === 'US' ? 'USA' : 'Canada', postalCode: i.country === 'US' ? '84123' : 'M5H 2N2', addressLine1: '123 Main St', addressLine2: '' },
    currency: i.country === 'US' ? 'USD' : 'CAD', email: 'support@sandbox.example.com', status: 'online',
    productionStatus: productionStatus(i),
  };
  if (i.branding) o.branding = i.branding;
  return o;
}
function productionStatus(i) {
  const p = i.products, s = (b) => (b ? 'online' : 'offline');
  return { overallStatus: 'online', transAgg: s(p.transAgg), stateAgg: s(p.stateAgg), voa: s(p.voa), voi: s(p.voi), ach: s(p.ach), aha: s(p.aha) };
}
function certifiedView(i, withRssd) {
  const p = i.products;
  const o = { id: i.id, name: i.name, transAgg: p.transAgg, ach: p.ach, stateAgg: p.stateAgg, voi: p.voi, voa: p.voa, aha: p.aha,
    availBalance: p.availBalance, accountOwner: p.accountOwner, studentLoanData: false, loanPaymentDetails: false,
    liabilityData: false, billPayData: false, oauthEnabled: i.oauth, productionStatus: productionStatus(i) };
  if (withRssd) {
    if (i.rssd != null) o.rssd = i.rssd;
    o.childInstitutions = [];
  }
  return o;
}

// ---------------------------------------------------------------- accounts
const ACCOUNT_TEMPLATES = [
  { type: 'checking', name: 'Checking', balance: 5200.12 },
  { type: 'savings', name: 'Savings', balance: 12034.55 },
  { type: 'moneyMarket', name: 'Money Market', balance: 8200.0 },
  { type: 'creditCard', name: 'Credit Card', balance: -1540.77 },
  { type: 'investment', name: 'Brokerage', balance: 45210.31 },
  { type: 'mortgage', name: 'Home Mortgage', balance: -210000.0 },
];
function makeAccount(customerId, institutionId, loginId, tpl) {
  const id = nextAccountId();
  const number = String(crypto.randomInt(10000000, 99999999));
  const t = epoch();
  const a = {
    id, number, accountNumberDisplay: number.slice(-4), realAccountNumberLast4: number.slice(-4), name: tpl.name,
    balance: tpl.balance, type: tpl.type, aggregationStatusCode: 0, status: 'active', customerId,
    institutionId: String(institutionId), balanceDate: t, aggregationSuccessDate: t, aggregationAttemptDate: t,
    createdDate: t - 86400 * 90, lastUpdatedDate: t, marketSegment: 'personal', currency: 'USD',
    lastTransactionDate: t - 86400, oldestTransactionDate: t - 86400 * 180, institutionLoginId: loginId,
    displayPosition: 1, linkedAccountDate: t - 86400 * 90, _tpl: tpl,
  };
  accounts.set(id, a);
  return a;
}
function accountView(a) {
  const full = true;
  const o = {};
  for (const k of ['id', 'number', 'accountNumberDisplay', 'realAccountNumberLast4', 'name', 'balance', 'type', 'aggregationStatusCode', 'status', 'customerId', 'institutionId', 'balanceDate', 'aggregationSuccessDate', 'aggregationAttemptDate', 'createdDate', 'lastUpdatedDate', 'marketSegment', 'currency', 'lastTransactionDate']) o[k] = a[k];
  o.accountNickname = a.name;
  if (full) {
    o.oldestTransactionDate = a.oldestTransactionDate;
    o.institutionLoginId = a.institutionLoginId;
    o.detail = accountDetail(a);
    o.displayPosition = a.displayPosition;
    o.linkedAccountDate = a.linkedAccountDate;
  } else {
    o.institutionLoginId = a.institutionLoginId;
    o.displayPosition = a.displayPosition;
  }
  return o;
}
function accountDetail(a) {
  // The details as of the account's last aggregation, not of the read: provider 1.35.0 NextPaymentDate ("Due date
  // for the next payment"), PaymentDueDate, the period dates are the account's, the same through every reader of it
  // (seed 002 Resources: one account by its identifier); derived from the clock at each read they moved between reads.
  const t = a.aggregationSuccessDate;
  if (a.type === 'creditCard') return { dateAsOf: t, creditAvailableAmount: 8459.23, creditMaxAmount: 10000, currentBalance: -a.balance, paymentMinAmount: 35, paymentDueDate: t + 86400 * 20, statementCloseBalance: 1400.1 };
  if (a.type === 'mortgage') return { dateAsOf: t, principalBalance: -a.balance, interestRate: '5.25', nextPayment: 1450.5, nextPaymentDate: t + 86400 * 12, escrowBalance: 2100 };
  if (a.type === 'investment') return { dateAsOf: t, availableCashBalance: 1500, marginBalance: 0, vestedBalance: a.balance };
  return { dateAsOf: t, availableBalanceAmount: a.balance, openDate: t - 86400 * 900, periodStartDate: t - 86400 * 30, periodEndDate: t, periodInterestRate: 0.01, periodDepositAmount: 2500, periodInterestAmount: 1.2, interestYtdAmount: 8.4, interestPriorYtdAmount: 12.1 };
}

// linked testing customer (test data on the sheet)
const LINKED_USERNAME = 'sandbox_linked_customer';
function createCustomer(partnerId, type, body) {
  const id = nextCustomerId();
  const c = { id, username: body.username, firstName: body.firstName, lastName: body.lastName, phone: body.phone, email: body.email,
    applicationId: body.applicationId, type, createdDate: epoch(), lastModifiedDate: epoch(), partnerId, deleted: false,
    portfolioCode: rnd(12), portfolioSeq: 1, linked: false, seedAccounts: [] };
  customers.set(id, c);
  return c;
}
const linkedCustomer = createCustomer(mainPartner.id, 'testing', { username: LINKED_USERNAME, firstName: 'Homer', lastName: 'Loanseeker' });
linkedCustomer.linked = true;
{
  const loginA = nextLoginId(), loginB = nextLoginId();
  ACCOUNT_TEMPLATES.forEach((tpl, i) => {
    const login = i < 3 ? loginA : loginB;
    const inst = i < 3 ? 102105 : 102106;
    const a = makeAccount(linkedCustomer.id, inst, login, tpl);
    linkedCustomer.seedAccounts.push({ tpl, inst, login, current: a.id, deletedAt: 0 });
  });
}
function makeConsumer(customer, body) {
  const c = {
    id: crypto.randomBytes(16).toString('hex'), customerId: customer.id, partnerId: customer.partnerId,
    firstName: body.firstName, lastName: body.lastName, address: body.address, city: body.city, state: body.state,
    zip: body.zip, phone: body.phone, ssn: String(body.ssn).replace(/-/g, ''), birthday: { ...body.birthday },
    email: body.email ?? '', suffix: body.suffix, endUser: body.endUser, createdDate: epoch(),
  };
  consumers.set(c.id, c); customer.consumerId = c.id;
  return c;
}
makeConsumer(linkedCustomer, { firstName: 'Homer', lastName: 'Loanseeker', address: '434 W Ascension Way', city: 'Murray', state: 'UT', zip: '84123', phone: '18019844200', ssn: '999-60-1111', birthday: { year: 1970, month: 7, dayOfMonth: 4 }, email: 'homer.loanseeker@example.com' });

// Test-drive profile behaviour: a deleted seed account of the linked customer is re-aggregated
// (a replacement with a new account ID appears) once REPLENISH_MS has passed.
function replenish(c) {
  if (!c.linked || c.deleted) return;
  for (const s of c.seedAccounts) {
    const cur = accounts.get(s.current);
    if (cur && !cur.deleted) continue;
    if (!s.deletedAt) s.deletedAt = now();
    if (now() - s.deletedAt >= REPLENISH_MS) {
      const loginAlive = [...accounts.values()].some((a) => !a.deleted && a.institutionLoginId === s.login);
      if (!loginAlive) { c.loginMap = c.loginMap || {}; s.login = c.loginMap[s.login] || (c.loginMap[s.login] = nextLoginId()); }
      const a = makeAccount(c.id, s.inst, s.login, s.tpl);
      s.current = a.id; s.deletedAt = 0;
    }
  }
}
const customerAccounts = (c) => { replenish(c); return [...accounts.values()].filter((a) => a.customerId === c.id && !a.deleted); };

// ---------------------------------------------------------------- http helpers
class ApiError extends Error {
  constructor(status, code, message, extra = {}) { super(message); this.status = status; this.code = code; this.extra = extra; }
}
const bad = (message, code = 10010) => new ApiError(400, code, message, { user_message: 'One or more of the fields could not be validated. Please ensure you have entered the correct data.' });
const notFound = (message, code = 14001) => new ApiError(404, code, message);

function send(res, status, body, headers = {}) {
  if (body === undefined || status === 204) { res.writeHead(status, headers); res.end(); return; }
  if (Buffer.isBuffer(body)) { res.writeHead(status, { 'Content-Length': body.length, ...headers }); res.end(body); return; }
  const s = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(s), ...headers });
  res.end(s);
}
function errBody(e) {
  return { code: e.code, status: String(e.status), message: e.message, ...e.extra };
}
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []; let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 1e6) { reject(new ApiError(413, 10010, 'Request body too large')); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
function parseJson(raw, required) {
  if (!raw || !raw.trim()) { if (required) throw bad('Request body is required', 10010); return undefined; }
  try { return JSON.parse(raw); } catch { throw bad('Malformed JSON in request body', 10010); }
}
const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
function requireObject(body) { if (!isObj(body)) throw bad('Request body must be a JSON object', 10010); return body; }
function reqField(body, name, type = 'string') {
  const v = body[name];
  if (v === undefined || v === null || (type === 'string' && typeof v === 'string' && v.trim() === '')) throw bad(`"${name}" is required`);
  checkType(v, name, type);
  return v;
}
// provider 1.35.0 is OpenAPI 3.0.3 and marks the members that admit null `nullable: true` (none of this
// slice's request members): a member sent as null is a value of no documented type, refused like any other.
function refuseNull(v, name) { if (v === null) throw bad(`"${name}" must not be null`); }
function optField(body, name, type = 'string') {
  const v = body[name];
  refuseNull(v, name);
  if (v === undefined) return undefined;
  checkType(v, name, type); return v;
}
function checkType(v, name, type) {
  const ok = type === 'string' ? typeof v === 'string' : type === 'integer' ? Number.isInteger(v) : type === 'boolean' ? typeof v === 'boolean'
    : type === 'number' ? typeof v === 'number' && Number.isFinite(v) : type === 'object' ? isObj(v) : type === 'array' ? Array.isArray(v) : true;
  if (!ok) throw bad(`"${name}" must be of type ${type}`);
}
function intQuery(q, name, def, min, max) {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  if (!/^-?\d+$/.test(raw)) throw bad(`Invalid value for query parameter "${name}"`);
  const n = Number(raw);
  if (n < min || (max != null && n > max)) throw bad(`Query parameter "${name}" must be between ${min} and ${max ?? 'unbounded'}`);
  return n;
}

// ---------------------------------------------------------------- auth
function headerOf(req, canonical, alt) { return req.headers[canonical.toLowerCase()] ?? req.headers[alt]; }
function checkAppKey(req) {
  const key = headerOf(req, APP_KEY_HEADER, ALT_KEY_HEADER);
  if (!key) throw new ApiError(401, 10026, `Missing parameter (${APP_KEY_HEADER})`);
  if (key !== APP_KEY) throw new ApiError(401, 10001, `Invalid (${APP_KEY_HEADER})`);
}
function authenticate(req) {
  checkAppKey(req);
  const tok = headerOf(req, APP_TOKEN_HEADER, ALT_TOKEN_HEADER);
  if (!tok) throw new ApiError(401, 10024, `Missing parameter (${APP_TOKEN_HEADER})`);
  const t = tokens.get(tok);
  if (!t) throw new ApiError(401, 10022, `Invalid (${APP_TOKEN_HEADER})`);
  if (now() - t.created > TOKEN_TTL_MS) throw new ApiError(401, 10023, `Expired (${APP_TOKEN_HEADER})`);
  const p = partners.get(t.partnerId);
  if (!p) throw new ApiError(401, 10022, `Invalid (${APP_TOKEN_HEADER})`);
  return p;
}
function verifyCredentials(body) {
  const partnerId = reqField(body, 'partnerId');
  const partnerSecret = reqField(body, 'partnerSecret');
  const p = partners.get(partnerId);
  if (!p) throw new ApiError(401, 10001, 'Invalid credentials');
  if (p.lockedUntil > now()) throw new ApiError(401, 10001, 'Invalid credentials (partner locked after repeated failed attempts; retry later)');
  const ok = partnerSecret === p.secret || (p.oldSecret && partnerSecret === p.oldSecret && now() < p.oldUntil);
  if (!ok) {
    p.fails += 1;
    if (p.fails >= LOCK_AFTER) { p.lockedUntil = now() + LOCK_MS; p.fails = 0; }
    throw new ApiError(401, 10001, 'Invalid credentials');
  }
  p.fails = 0;
  return p;
}

// ---------------------------------------------------------------- lookups
function getCustomer(partner, id) {
  const c = customers.get(id);
  if (!c || c.deleted || c.partnerId !== partner.id) throw notFound('Customer not found.', 14001);
  return c;
}
function getConsumer(partner, id) {
  const c = consumers.get(id);
  if (!c || c.partnerId !== partner.id) throw notFound(`Cannot find consumer with id ${id}.`, 10100);
  return c;
}
function getAccount(customer, id) {
  const a = accounts.get(id);
  if (!a || a.deleted || a.customerId !== customer.id) throw notFound(`customer does not have given account (customerId = ${customer.id}, accountId = [${id}])`, 38003);
  return a;
}
function customerView(c, withApp) {
  const o = { id: c.id, username: c.username };
  if (c.firstName !== undefined) o.firstName = c.firstName;
  if (c.lastName !== undefined) o.lastName = c.lastName;
  if (c.phone !== undefined) o.phone = c.phone;
  if (c.email !== undefined) o.email = c.email;
  o.type = c.type; o.createdDate = String(c.createdDate); o.lastModifiedDate = String(c.lastModifiedDate);
  if (withApp && c.applicationId !== undefined) o.applicationId = c.applicationId;
  return o;
}
function consumerView(c) {
  const o = { id: c.id, firstName: c.firstName, lastName: c.lastName, customerId: Number(c.customerId), address: c.address, city: c.city,
    state: c.state, zip: c.zip, phone: c.phone, ssn: c.ssn.slice(-4), birthday: c.birthday, email: c.email, createdDate: c.createdDate };
  if (c.suffix !== undefined) o.suffix = c.suffix;
  if (c.endUser !== undefined) o.endUser = c.endUser;
  return o;
}

// ---------------------------------------------------------------- validation of customer / consumer bodies
function validateNewCustomer(body) {
  requireObject(body);
  const username = reqField(body, 'username');
  if (!USERNAME_RE.test(username)) throw bad('"username" must be 6 to 255 characters of letters, digits and ! @ . # $ % & * _ - +');
  for (const f of ['firstName', 'lastName', 'applicationId', 'email']) optField(body, f);
  const phone = optField(body, 'phone');
  if (phone !== undefined && phone.length > 15) throw bad('"phone" must be at most 15 characters');
  const email = body.email;
  if (email !== undefined && email !== null && email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw bad('"email" is not a valid email address');
  if (body.applicationId !== undefined && body.applicationId !== null && body.applicationId !== '') throw bad('"applicationId" does not match a registered application of this partner');
  return body;
}
const PURPOSE_RE = /^[0-9A-Za-z]{2}$/;
const SSN_RE = /^(\d{3}-?\d{2}-?\d{4})$/;
function validateBirthday(b) {
  if (!isObj(b)) throw bad('"birthday" must be an object');
  for (const k of ['year', 'month', 'dayOfMonth']) if (!Number.isInteger(b[k])) throw bad(`"birthday.${k}" is required and must be an integer`);
  const d = new Date(Date.UTC(b.year, b.month - 1, b.dayOfMonth));
  if (b.year < 1900 || b.month < 1 || b.month > 12 || d.getUTCMonth() !== b.month - 1 || d.getUTCDate() !== b.dayOfMonth || d.getTime() > now())
    throw bad('"birthday" is not a valid date');
}
function validateEndUser(e) {
  if (!isObj(e)) throw bad('"endUser" must be an object');
  for (const k of ['name', 'address', 'city', 'state', 'zip', 'phone']) reqField(e, k);
  optField(e, 'email');
  const url = optField(e, 'url');
  if (url !== undefined && (url.length < 2 || url.length > 999)) throw bad('"endUser.url" must be 2 to 999 characters');
}
function validateConsumerFields(body, requireAll) {
  requireObject(body);
  const fields = ['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'phone', 'ssn'];
  for (const f of fields) { if (requireAll) reqField(body, f); else optField(body, f); }
  if (requireAll && (body.birthday === undefined || body.birthday === null)) throw bad('"birthday" is required');
  refuseNull(body.birthday, 'birthday'); refuseNull(body.endUser, 'endUser'); // provider 1.35.0: objects, not nullable
  if (body.birthday !== undefined) validateBirthday(body.birthday);
  if (body.ssn != null && !SSN_RE.test(body.ssn)) throw bad('"ssn" must be a 9-digit SSN, with or without hyphens');
  if (body.phone != null && body.phone.length > 15) throw bad('"phone" must be at most 15 characters');
  if (!requireAll) for (const f of fields) if (typeof body[f] === 'string' && body[f].trim() === '') throw bad(`"${f}" must not be blank`);
  optField(body, 'email'); optField(body, 'suffix');
  if (body.email != null && body.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) throw bad('"email" is not a valid email address');
  if (body.endUser != null) validateEndUser(body.endUser);
}

// ---------------------------------------------------------------- reports
// provider 1.35.0 AccountType ("The list of supported account types") and AccountTypeParameter ("ava").
const ACCOUNT_TYPES = new Set(['checking', 'savings', 'cd', 'moneyMarket', 'creditCard', 'lineOfCredit', 'investment', 'investmentTaxDeferred',
  'employeeStockPurchasePlan', 'ira', '401k', 'roth', '403b', '529plan', 'rollover', 'ugma', 'utma', 'keogh', '457plan', '401a',
  'brokerageAccount', 'educationSavings', 'healthSavingsAccount', 'pension', 'profitSharingPlan', 'roth401k', 'sepIRA', 'simpleIRA',
  'thriftSavingsPlan', 'variableAnnuity', 'cryptocurrency', 'mortgage', 'loan', 'studentLoan', 'studentLoanGroup', 'studentLoanAccount', 'ava']);
const VOA_TYPES = new Set(['checking', 'savings', 'moneyMarket', 'investment']);
const STATEMENT_TYPES = new Set(['checking', 'savings', 'moneyMarket', 'cd', 'certificateOfDeposit', 'investment', 'mortgage', 'creditCard', 'loan', 'lineOfCredit', 'studentLoan']);
function validateCustomFields(body) {
  const f = body.reportCustomFields;
  refuseNull(f, 'reportCustomFields'); // provider 1.35.0 ReportCustomFields: an array, not nullable
  if (f === undefined) return undefined;
  if (!Array.isArray(f)) throw bad('"reportCustomFields" must be an array');
  if (f.length > 5) throw bad('"reportCustomFields" accepts up to 5 custom fields');
  f.forEach((x, i) => {
    if (!isObj(x)) throw bad(`"reportCustomFields[${i}]" must be an object`);
    if (x.label !== undefined && typeof x.label !== 'string') throw bad(`"reportCustomFields[${i}].label" must be a string`);
    if (x.value !== undefined && typeof x.value !== 'string') throw bad(`"reportCustomFields[${i}].value" must be a string`);
    if (x.shown !== undefined && typeof x.shown !== 'boolean') throw bad(`"reportCustomFields[${i}].shown" must be a boolean`);
  });
  return f.map((x) => ({ label: x.label, value: x.value, shown: x.shown === undefined ? true : x.shown }));
}
function validateCallback(q) {
  const cb = q.get('callbackUrl');
  if (cb === null) return undefined;
  let u; try { u = new URL(cb); } catch { throw bad('"callbackUrl" must be an absolute URL'); }
  if (!/^https?:$/.test(u.protocol)) throw bad('"callbackUrl" must use http or https');
  return cb;
}
function consumerFor(customer) {
  const cons = customer.consumerId && consumers.get(customer.consumerId);
  if (!cons) throw notFound(`Cannot find consumer for customer with id ${customer.id}.`, 10100);
  return cons;
}
function newReport(partner, customer, consumer, type, title, constraints, callbackUrl, extra = {}) {
  const id = rnd(12) + (type === 'voa' ? '' : `-${type}`);
  const r = { id, type, title, partnerId: partner.id, requesterName: partner.name, customerId: customer.id, customerType: customer.type,
    consumerId: consumer.id, requestId: rnd(10), createdAt: now(), createdDate: epoch(), constraints, callbackUrl,
    portfolioId: `${customer.portfolioCode}-${customer.portfolioSeq}-port`, ...extra };
  reports.set(id, r);
  if (callbackUrl) setTimeout(() => notifyCallback(r), REPORT_DELAY_MS + 50).unref();
  return r;
}
function notifyCallback(r) {
  try {
    const u = new URL(r.callbackUrl);
    const body = JSON.stringify({ eventType: 'done', eventId: rnd(12), customerId: r.customerId, consumerId: r.consumerId, payload: { reportId: r.id, portfolioId: r.portfolioId, type: r.type, status: 'success' } });
    const mod = u.protocol === 'https:' ? null : http;
    if (!mod) return; // https delivery is not attempted from the sandbox
    const rq = mod.request(u, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }, timeout: 2000 });
    rq.on('error', () => {}); rq.on('timeout', () => rq.destroy()); rq.end(body);
  } catch { /* ignore */ }
}
const reportStatus = (r) => (now() - r.createdAt >= REPORT_DELAY_MS ? 'success' : 'inProgress');
function reportBase(r) {
  const cons = consumers.get(r.consumerId);
  const o = { id: r.id, portfolioId: r.portfolioId, customerType: r.customerType, customerId: Number(r.customerId), requestId: r.requestId,
    requesterName: r.requesterName, createdDate: r.createdDate, title: r.title, consumerId: r.consumerId, consumerSsn: cons ? cons.ssn.slice(-4) : '' };
  if (cons) {
    o.consumerDetails = { id: cons.id, firstName: cons.firstName, lastName: cons.lastName, address: cons.address, city: cons.city, state: cons.state, zip: cons.zip, phone: cons.phone, ssn: cons.ssn.slice(-4), email: cons.email };
    if (cons.endUser) o.endUser = cons.endUser;
  }
  o.type = r.type; o.status = reportStatus(r); o.constraints = r.constraints;
  return o;
}
function reportFull(r) {
  const o = reportBase(r);
  if (o.status !== 'success') return o;
  if (r.type === 'statement') { o.assetId = r.assetId; return o; }
  if (r.type === 'voa') {
    const end = r.createdDate, start = r.constraints.fromDate ?? end - 86400 * 365;
    const days = Math.round((end - start) / 86400);
    const insts = new Map();
    let total = 0;
    for (const snap of r.snapshot) {
      const inst = institutions.get(Number(snap.institutionId));
      if (!insts.has(snap.institutionId)) insts.set(snap.institutionId, { id: Number(snap.institutionId), name: inst ? inst.name : 'Unknown', urlHomeApp: `https://${snap.institutionId}.sandbox.example.com/`, accounts: [] });
      total += snap.balance;
      insts.get(snap.institutionId).accounts.push({
        id: Number(snap.id), number: snap.accountNumberDisplay, ownerName: snap.ownerName, ownerAddress: '434 W ASCENSION WAY MURRAY, UT 84123',
        ownerAsOfDate: end, name: snap.name, type: snap.type, currency: 'USD', availableBalance: snap.balance, aggregationStatusCode: 0,
        balance: snap.balance, balanceDate: end, averageMonthlyBalance: Math.round(snap.balance * 0.97 * 100) / 100,
        totNumberInsufficientFundsFeeDebitTxAccount: 0, totNumberInsufficientFundsFeeDebitTxOver2MonthsAccount: 0,
        totNumberDaysSinceMostRecentInsufficientFundsFeeDebitTxAccount: 0, oldestTransactionDate: start,
        transactions: [
          { id: 100000527000 + Number(snap.id) % 1000, amount: 2250.0, postedDate: end - 86400 * 14, description: 'SANDBOX INC PAYROLL', memo: 'Payroll credit', normalizedPayee: 'Sandbox Inc', institutionTransactionId: rnd(9, '0123456789'), category: 'Paycheck', bestRepresentation: 'SANDBOX INC PAYROLL' },
          { id: 100000528000 + Number(snap.id) % 1000, amount: -84.12, postedDate: end - 86400 * 9, description: 'GROCERY MART #42', normalizedPayee: 'Grocery Mart', institutionTransactionId: rnd(9, '0123456789'), category: 'Groceries', bestRepresentation: 'GROCERY MART' },
        ],
        details: { interestMarginBalance: 0, availableCashBalance: snap.balance, vestedBalance: snap.type === 'investment' ? snap.balance : 0, currentLoanBalance: 0, availableBalanceAmount: snap.balance },
      });
    }
    Object.assign(o, { startDate: start, endDate: end, days, seasoned: days > 180, consolidatedAvailableBalance: Math.round(total * 100) / 100,
      institutions: [...insts.values()],
      assets: { type: 'voa', availableBalance: Math.round(total * 100) / 100, currentBalance: Math.round(total * 100) / 100, twoMonthAverage: Math.round(total * 0.98 * 100) / 100, sixMonthAverage: Math.round(total * 0.95 * 100) / 100, beginningBalance: Math.round(total * 0.9 * 100) / 100 } });
  }
  return o;
}
function summary(r) {
  const cons = consumers.get(r.consumerId);
  return { id: r.id, requestId: r.requestId, requesterName: r.requesterName, createdDate: r.createdDate, consumerId: r.consumerId, consumerSsn: cons ? cons.ssn.slice(-4) : '', type: r.type, status: reportStatus(r) };
}
function validatePurpose(q, required = false) {
  const p = q.get('purpose');
  if (p === null || p === '') { if (required) throw new ApiError(400, 10100, 'Permissible Purpose Code is required'); return undefined; }
  // provider 1.35.0 PurposeParameter: a "2-digit code" whose own example is '3F': two characters, letters among them.
  if (!PURPOSE_RE.test(p)) throw bad('"purpose" must be a 2-digit permissible purpose code');
  return p;
}
function minimalPdf(text) {
  const content = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  let out = '%PDF-1.4\n'; const offs = [];
  objs.forEach((o, i) => { offs.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const x = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offs.map((n) => String(n).padStart(10, '0') + ' 00000 n \n').join('');
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${x}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
function sendReport(req, res, r) {
  const accept = String(req.headers.accept || '');
  const wantsPdf = /application\/pdf/i.test(accept) && !/application\/json/i.test(accept);
  const body = reportFull(r);
  if (wantsPdf && body.status === 'success') return send(res, 200, minimalPdf(`${r.title} - report ${r.id}`), { 'Content-Type': 'application/pdf' });
  return send(res, 200, body);
}

// ---------------------------------------------------------------- paging helpers
function page(list, q) {
  const start = intQuery(q, 'start', 1, 1, null);
  const limit = intQuery(q, 'limit', 25, 1, 1000);
  const from = (start - 1) * limit;
  const items = list.slice(from, from + limit);
  return { items, found: list.length, displaying: items.length, moreAvailable: from + items.length < list.length };
}
function filterInstitutions(q, multiType) {
  const search = (q.get('search') || '').trim().toLowerCase();
  const type = q.get('type');
  const countries = q.get('supportedCountries');
  if (countries !== null && countries !== '' && !/^(\*|[a-zA-Z]{2}(,[a-zA-Z]{2})*)$/.test(countries)) throw bad('"supportedCountries" must be "*" or a comma-separated list of two-letter country codes');
  let types = [];
  if (type !== null && type !== '') {
    types = multiType ? type.split(',').map((s) => s.trim()) : [type.trim()];
    for (const t of types) if (!PRODUCT_TYPES.includes(t)) throw bad(`"type" must be one of ${PRODUCT_TYPES.join(', ')}`);
  }
  let list = [...institutions.values()];
  if (search && search !== '*') {
    const words = search.split(/\s+/);
    list = list.filter((i) => { const n = i.name.toLowerCase(); return words.every((w) => n.includes(w)) || String(i.id) === search; });
  }
  if (types.length) list = list.filter((i) => types.every((t) => i.products[t]));
  if (countries && countries !== '*') { const set = new Set(countries.toUpperCase().split(',')); list = list.filter((i) => set.has(i.country)); }
  return list;
}

// ---------------------------------------------------------------- routes
const routes = [];
function route(method, path, operationId, handler, opts = {}) {
  const keys = [];
  const re = new RegExp('^' + path.replace(/\{(\w+)\}/g, (_, k) => { keys.push(k); return '([^/]+)'; }) + '/?$');
  routes.push({ method, path, operationId, handler, re, keys, ...opts });
}

route('POST', '/aggregation/v2/partners/authentication', 'CreateToken', async ({ req, body }) => {
  checkAppKey(req);
  requireObject(body);
  const p = verifyCredentials(body);
  const token = rnd(20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  tokens.set(token, { partnerId: p.id, created: now() });
  return [200, { token }];
}, { noToken: true, bodyRequired: true });

route('PUT', '/aggregation/v2/partners/authentication', 'ModifyPartnerSecret', async ({ req, body }) => {
  checkAppKey(req);
  requireObject(body);
  reqField(body, 'partnerId'); reqField(body, 'partnerSecret');
  const newSecret = reqField(body, 'newPartnerSecret');
  const immediate = optField(body, 'immediate', 'boolean');
  const p = verifyCredentials(body);
  if (!validSecret(newSecret)) throw bad('"newPartnerSecret" must be 12 to 255 characters of letters, digits and ! @ # $ % & * _ - +, with at least one letter and one digit', 10010);
  if (immediate === false) { p.oldSecret = p.secret; p.oldUntil = now() + GRACE_MS; } else { p.oldSecret = null; p.oldUntil = 0; }
  p.secret = newSecret;
  return [204];
}, { noToken: true, bodyRequired: true });

const addCustomerHandler = (type) => async ({ partner, body }) => {
  validateNewCustomer(body);
  for (const c of customers.values()) if (!c.deleted && c.partnerId === partner.id && c.username === body.username) throw new ApiError(409, 11000, `A customer with username ${body.username} already exists`);
  const c = createCustomer(partner.id, type, body);
  return [201, { id: c.id, username: c.username, createdDate: c.createdDate }];
};
route('POST', '/aggregation/v2/customers/testing', 'AddTestingCustomer', addCustomerHandler('testing'), { bodyRequired: true });
route('POST', '/aggregation/v2/customers/active', 'AddCustomer', addCustomerHandler('active'), { bodyRequired: true });

route('GET', '/aggregation/v1/customers', 'GetCustomers', async ({ partner, q }) => {
  const type = q.get('type');
  if (type !== null && !['', 'testing', 'active'].includes(type)) throw bad('"type" must be "testing", "active" or empty');
  const username = q.get('username');
  const search = (q.get('search') || '').trim().toLowerCase();
  let list = [...customers.values()].filter((c) => !c.deleted && c.partnerId === partner.id);
  if (username !== null && username !== '') list = list.filter((c) => c.username === username);
  if (type) list = list.filter((c) => c.type === type);
  if (search && search !== '*') {
    const words = search.split(/\s+/);
    list = list.filter((c) => {
      const hay = [c.username, c.firstName, c.lastName].filter(Boolean).map((s) => s.toLowerCase());
      return words.every((w) => hay.some((h) => h.includes(w)));
    });
  }
  list.sort((a, b) => Number(a.id) - Number(b.id));
  const pg = page(list, q);
  return [200, { found: pg.found, displaying: pg.displaying, moreAvailable: pg.moreAvailable, customers: pg.items.map((c) => customerView(c, false)) }];
});

route('GET', '/aggregation/v1/customers/{customerId}', 'GetCustomer', async ({ partner, p }) => [200, customerView(getCustomer(partner, p.customerId), true)]);

route('PUT', '/aggregation/v1/customers/{customerId}', 'ModifyCustomer', async ({ partner, p, body }) => {
  const c = getCustomer(partner, p.customerId);
  requireObject(body);
  const fn = optField(body, 'firstName'), ln = optField(body, 'lastName');
  if (fn === undefined && ln === undefined) throw bad('You must specify either "firstName", "lastName", or both');
  if (fn !== undefined) c.firstName = fn;
  if (ln !== undefined) c.lastName = ln;
  c.lastModifiedDate = epoch();
  return [204];
}, { bodyRequired: true });

route('DELETE', '/aggregation/v1/customers/{customerId}', 'DeleteCustomer', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  c.deleted = true;
  for (const a of accounts.values()) if (a.customerId === c.id) a.deleted = true;
  return [204];
});

route('POST', '/decisioning/v1/customers/{customerId}/consumer', 'CreateConsumer', async ({ partner, p, body }) => {
  const c = getCustomer(partner, p.customerId);
  validateConsumerFields(body, true);
  if (c.consumerId && consumers.get(c.consumerId)) throw new ApiError(409, 11000, `A consumer already exists for customer ${c.id}`);
  const cons = makeConsumer(c, body);
  return [201, { id: cons.id, createdDate: cons.createdDate, customerId: Number(c.id) }];
}, { bodyRequired: true });

route('GET', '/decisioning/v1/customers/{customerId}/consumer', 'GetConsumerForCustomer', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  return [200, consumerView(consumerFor(c))];
});
route('GET', '/decisioning/v1/consumers/{consumerId}', 'GetConsumer', async ({ partner, p }) => [200, consumerView(getConsumer(partner, p.consumerId))]);
route('PUT', '/decisioning/v1/consumers/{consumerId}', 'ModifyConsumer', async ({ partner, p, body }) => {
  const cons = getConsumer(partner, p.consumerId);
  validateConsumerFields(body, false);
  for (const f of ['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'phone', 'email', 'suffix']) if (body[f] != null) cons[f] = body[f];
  if (body.ssn != null) cons.ssn = body.ssn.replace(/-/g, '');
  if (body.birthday != null) cons.birthday = { year: body.birthday.year, month: body.birthday.month, dayOfMonth: body.birthday.dayOfMonth };
  if (body.endUser != null) cons.endUser = body.endUser;
  return [204];
}, { bodyRequired: true });

// accounts
route('GET', '/aggregation/v1/customers/{customerId}/accounts', 'GetCustomerAccounts', async ({ partner, p, q }) => {
  const c = getCustomer(partner, p.customerId);
  let list = customerAccounts(c);
  const status = q.get('status'), at = q.get('account_type');
  // provider 1.35.0 AccountTypeParameter ("Currently supported types") with GetCustomerAccounts' 400
  // example AccountTypeNotSupportedExample (14020): a value that is none of the supported types (the
  // AccountType list, "ava") is refused, not answered with an empty list.
  if (at && !ACCOUNT_TYPES.has(at)) throw new ApiError(400, 14020, 'Bad request. (Account type not supported).');
  if (status) list = list.filter((a) => a.status === status);
  if (at) list = list.filter((a) => a.type === at);
  return [200, { accounts: list.map((a) => accountView(a)) }];
});
route('GET', '/aggregation/v1/customers/{customerId}/institutions/{institutionId}/accounts', 'GetCustomerAccountsByInstitution', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  if (!/^\d+$/.test(p.institutionId)) throw bad('"institutionId" must be an integer');
  if (!institutions.has(Number(p.institutionId))) throw notFound('Institution not found.', 14001);
  const list = customerAccounts(c).filter((a) => a.institutionId === String(Number(p.institutionId)) && a.status === 'active');
  return [200, { accounts: list.map((a) => accountView(a)) }];
});
route('GET', '/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts', 'GetCustomerAccountsByInstitutionLogin', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  if (!/^\d+$/.test(p.institutionLoginId)) throw bad('"institutionLoginId" must be numeric');
  const list = customerAccounts(c).filter((a) => String(a.institutionLoginId) === p.institutionLoginId);
  if (!list.length) throw new ApiError(404, 38007, 'Customer does not have any accounts associated with institutionLoginId.', { title: 'Connecting accounts error', user_message: 'Customer does not have any accounts associated with institutionLoginId.', level: 'error', tags: '' });
  return [200, { accounts: list.map((a) => accountView(a)) }];
});
route('DELETE', '/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}', 'DeleteCustomerAccountsByInstitutionLogin', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  if (!/^\d+$/.test(p.institutionLoginId)) throw bad('"institutionLoginId" must be numeric');
  const list = customerAccounts(c).filter((a) => String(a.institutionLoginId) === p.institutionLoginId);
  if (!list.length) throw new ApiError(404, 38007, 'Customer does not have any accounts associated with institutionLoginId.', { title: 'Connecting accounts error', user_message: 'Customer does not have any accounts associated with institutionLoginId.', level: 'error', tags: '' });
  for (const a of list) { a.deleted = true; }
  replenish(c);
  return [204];
});
route('GET', '/aggregation/v2/customers/{customerId}/accounts/{accountId}', 'GetCustomerAccount', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId); replenish(c);
  return [200, accountView(getAccount(c, p.accountId))];
});
route('DELETE', '/aggregation/v1/customers/{customerId}/accounts/{accountId}', 'DeleteCustomerAccount', async ({ partner, p }) => {
  const c = getCustomer(partner, p.customerId);
  const a = getAccount(c, p.accountId);
  a.deleted = true; replenish(c);
  return [204];
});

// institutions
route('GET', '/institution/v2/institutions', 'GetInstitutions', async ({ q }) => {
  const pg = page(filterInstitutions(q, false), q);
  return [200, { found: pg.found, displaying: pg.displaying, moreAvailable: pg.moreAvailable, createdDate: epoch(), institutions: pg.items.map(institutionView) }];
});
route('GET', '/institution/v2/certifiedInstitutions', 'GetCertifiedInstitutions', async ({ q }) => {
  const pg = page(filterInstitutions(q, true), q);
  return [200, { found: pg.found, displaying: pg.displaying, moreAvailable: pg.moreAvailable, requestedDate: epoch(), institutions: pg.items.map((i) => certifiedView(i, false)) }];
});
route('GET', '/institution/v2/certifiedInstitutions/rssd', 'GetCertifiedInstitutionsWithRSSD', async ({ q }) => {
  const pg = page(filterInstitutions(q, true), q);
  return [200, { found: pg.found, displaying: pg.displaying, moreAvailable: pg.moreAvailable, requestedDate: epoch(), institutions: pg.items.map((i) => certifiedView(i, true)) }];
});
route('GET', '/institution/v2/institutions/{institutionId}', 'GetInstitution', async ({ p }) => {
  if (!/^\d+$/.test(p.institutionId)) throw bad('"institutionId" must be an integer');
  const i = institutions.get(Number(p.institutionId));
  if (!i) throw notFound(`Institution not found (institutionId = ${p.institutionId}).`, 14001);
  return [200, { institution: institutionView(i) }];
});

// reports
route('POST', '/decisioning/v2/customers/{customerId}/voa', 'GenerateVOAReport', async ({ partner, p, q, body }) => {
  const c = getCustomer(partner, p.customerId);
  const callbackUrl = validateCallback(q);
  requireObject(body);
  const accountIdsStr = optField(body, 'accountIds');
  const showNsf = optField(body, 'showNsf', 'boolean');
  const fromDate = optField(body, 'fromDate', 'integer');
  const custom = validateCustomFields(body);
  const t = epoch();
  if (fromDate !== undefined) {
    if (fromDate > t) throw bad('"fromDate" must not be in the future');
    if (fromDate < t - 2 * 366 * 86400) throw bad('"fromDate" is too far in the past (VOA uses up to 12 months of history)');
  }
  const cons = consumerFor(c);
  let accs = customerAccounts(c);
  if (accountIdsStr !== undefined && accountIdsStr.trim() !== '') {
    const ids = accountIdsStr.trim().split(/\s+/);
    // seed 002 Errors: 404 is "Resource not found (customer, consumer, account, ...)"; provider 1.35.0 files
    // its 38003 example (InvalidAccountIdExample) under a 404 (GetPaymentSuccessIndicatorNotFoundResponse).
    for (const id of ids) if (!accs.some((a) => a.id === id)) throw new ApiError(404, 38003, `customer does not have given account (customerId = ${c.id}, accountId = [${id}])`);
    accs = accs.filter((a) => ids.includes(a.id));
  }
  accs = accs.filter((a) => VOA_TYPES.has(a.type) && a.status === 'active');
  if (!accs.length) throw new ApiError(400, 14020, 'Bad request. (No account of type checking, savings, money market or investment found for this customer).');
  const constraints = { accountIds: accs.map((a) => a.id), fromDate: fromDate ?? t - 365 * 86400 };
  if (showNsf !== undefined) constraints.showNsf = showNsf;
  if (custom) constraints.reportCustomFields = custom;
  const r = newReport(partner, c, cons, 'voa', 'Mastercard Open Banking Verification of Assets', constraints, callbackUrl, {
    snapshot: accs.map((a) => ({ id: a.id, institutionId: a.institutionId, accountNumberDisplay: a.accountNumberDisplay, name: a.name, type: a.type, balance: a.balance, ownerName: `${cons.firstName} ${cons.lastName}`.toUpperCase() })),
  });
  return [202, reportBase(r)];
}, { bodyRequired: true });

route('POST', '/decisioning/v2/customers/{customerId}/statement', 'GenerateStatementReport', async ({ partner, p, q, body }) => {
  const c = getCustomer(partner, p.customerId);
  const callbackUrl = validateCallback(q);
  requireObject(body);
  const data = reqField(body, 'statementReportData', 'object');
  const accountId = data.accountId;
  if (accountId === undefined || accountId === null) throw bad('"statementReportData.accountId" is required');
  if (!(Number.isInteger(accountId) || (typeof accountId === 'string' && /^\d+$/.test(accountId)))) throw bad('"statementReportData.accountId" must be an integer');
  let idx = data.statementIndex;
  refuseNull(idx, 'statementReportData.statementIndex'); // provider 1.35.0 StatementIndex: an integer, not nullable
  if (idx === undefined) idx = 1;
  else if (!Number.isInteger(idx) || idx < 1 || idx > 24) throw bad('"statementReportData.statementIndex" must be an integer from 1 to 24');
  const custom = validateCustomFields(body);
  const cons = consumerFor(c);
  const a = customerAccounts(c).find((x) => x.id === String(accountId));
  // seed 002 Errors 404 (account not found); provider 1.35.0 InvalidAccountIdExample (38003) under a 404.
  if (!a) throw new ApiError(404, 38003, `customer does not have given account (customerId = ${c.id}, accountId = [${accountId}])`);
  if (!STATEMENT_TYPES.has(a.type)) throw new ApiError(400, 14020, 'Bad request. (Account type not supported).');
  const constraints = { statementReportData: { accountId: Number(a.id), statementIndex: idx } };
  if (custom) constraints.reportCustomFields = custom;
  const r = newReport(partner, c, cons, 'statement', 'Mastercard Open Banking Statement Report', constraints, callbackUrl, { assetId: crypto.randomUUID() });
  return [202, reportBase(r)];
}, { bodyRequired: true });

function ownedReport(partner, id) {
  const r = reports.get(id);
  if (!r || r.partnerId !== partner.id) throw notFound(`Report not found (reportId = ${id}).`, 14001);
  return r;
}
route('POST', '/decisioning/v3/reports/{reportId}', 'GetReportById', async ({ req, res, partner, p, q, body }) => {
  validatePurpose(q);
  requireObject(body);
  const purpose = optField(body, 'purpose');
  if (purpose !== undefined && !PURPOSE_RE.test(purpose)) throw bad('"purpose" must be a 2-digit permissible purpose code');
  const r = ownedReport(partner, p.reportId);
  sendReport(req, res, r); return null;
}, { bodyRequired: true });
route('GET', '/decisioning/v3/customers/{customerId}/reports/{reportId}', 'GetReportByCustomer', async ({ req, res, partner, p, q }) => {
  validatePurpose(q);
  const c = getCustomer(partner, p.customerId);
  const r = ownedReport(partner, p.reportId);
  if (r.customerId !== c.id) throw notFound(`Report not found (reportId = ${p.reportId}).`, 14001);
  sendReport(req, res, r); return null;
});
route('GET', '/decisioning/v3/consumers/{consumerId}/reports/{reportId}', 'GetReportByConsumer', async ({ req, res, partner, p, q }) => {
  validatePurpose(q);
  const cons = getConsumer(partner, p.consumerId);
  const r = ownedReport(partner, p.reportId);
  if (r.consumerId !== cons.id) throw notFound(`Report not found (reportId = ${p.reportId}).`, 14001);
  sendReport(req, res, r); return null;
});
route('GET', '/decisioning/v1/customers/{customerId}/reports', 'GetReportsByCustomerId', async ({ partner, p, q }) => {
  validatePurpose(q);
  const c = getCustomer(partner, p.customerId);
  const list = [...reports.values()].filter((r) => r.customerId === c.id && r.partnerId === partner.id).sort((a, b) => b.createdAt - a.createdAt);
  return [200, { reports: list.map(summary) }];
});
route('GET', '/decisioning/v1/consumers/{consumerId}/reports', 'GetReportsByConsumerId', async ({ partner, p, q }) => {
  validatePurpose(q);
  const cons = getConsumer(partner, p.consumerId);
  const list = [...reports.values()].filter((r) => r.consumerId === cons.id && r.partnerId === partner.id).sort((a, b) => b.createdAt - a.createdAt);
  return [200, { reports: list.map(summary) }];
});

// ---------------------------------------------------------------- server
const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  let path = url.pathname;
  const started = now();
  try {
    const matching = routes.map((r) => ({ r, m: r.re.exec(path) })).filter((x) => x.m);
    if (!matching.length) throw notFound('Resource not found.', 14001);
    const hit = matching.find((x) => x.r.method === req.method);
    if (!hit) {
      const allow = [...new Set(matching.map((x) => x.r.method))].join(', ');
      res.setHeader('Allow', allow);
      throw new ApiError(405, 14005, `Method ${req.method} not allowed on this resource`);
    }
    const { r, m } = hit;
    const p = {};
    r.keys.forEach((k, i) => { p[k] = decodeURIComponent(m[i + 1]); });
    const raw = ['POST', 'PUT', 'PATCH'].includes(req.method) ? await readBody(req) : '';
    let partner = null;
    if (!r.noToken) partner = authenticate(req); else checkAppKey(req);
    const body = ['POST', 'PUT', 'PATCH'].includes(req.method) ? parseJson(raw, r.bodyRequired) : undefined;
    const out = await r.handler({ req, res, partner, p, q: url.searchParams, body });
    if (out) send(res, out[0], out[1]);
    log(`${req.method} ${path} -> ${res.statusCode} (${r.operationId}, ${now() - started}ms)`);
  } catch (e) {
    if (e instanceof ApiError) { send(res, e.status, errBody(e)); log(`${req.method} ${path} -> ${e.status} ${e.message}`); }
    else { send(res, 500, { code: 10000, status: '500', message: 'Internal server error' }); log(`${req.method} ${path} -> 500 ${e.stack}`); }
  }
});
server.keepAliveTimeout = 5000;

const OPERATIONS = routes.map((r) => r.operationId);
server.listen(PORT, HOST, () => {
  const { port } = server.address();
  const sheet = {
    securityHeaders: { appKey: APP_KEY_HEADER, appToken: APP_TOKEN_HEADER },
    appKey: APP_KEY, partnerId: mainPartner.id, partnerSecret: mainPartner.secret,
    sparePartnerId: sparePartner.id, sparePartnerSecret: sparePartner.secret,
    institutions: INST_SEED.map((i) => ({ institutionId: String(i.id), name: i.name })),
    testData: { linkedCustomer: { customerId: linkedCustomer.id } },
  };
  process.stdout.write(JSON.stringify({ url: `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${port}`, sheet, operations: OPERATIONS }) + '\n');
});
const stop = () => { server.close(); for (const s of sockets) s.destroy(); setTimeout(() => process.exit(0), 50).unref(); };
const sockets = new Set();
server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
