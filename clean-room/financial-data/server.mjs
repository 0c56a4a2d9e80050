// Clean-room sandbox server for a slice of the financial data aggregation and reporting service.
// Written only from: seed-002-financial-data.txt ("seed") and financial-data-provider-1.35.0.yaml ("provider 1.35.0").
// Plain ES module, Node 20, node: built-ins only. In-memory state.
import http from 'node:http';
import https from 'node:https';
import crypto from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// CLI / configuration
// ---------------------------------------------------------------------------------------------
const argv = process.argv.slice(2);
function argVal(name, def) {
  const i = argv.indexOf(name);
  if (i >= 0 && i + 1 < argv.length) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith(name + '='));
  if (eq) return eq.slice(name.length + 1);
  return def;
}
const HOST = argVal('--host', '127.0.0.1');
const PORT = Number(argVal('--port', '0'));
// seed: Limits table "Access token valid 2 hours" (overridable for testing only; default is the documented value)
const TOKEN_TTL_MS = Number(argVal('--token-ttl-seconds', process.env.FD_TOKEN_TTL_SECONDS || '7200')) * 1000;
// seed: "a report finishes after a few real seconds" (brief); reports stay inProgress for this long
const REPORT_DELAY_MS = Number(argVal('--report-delay-ms', process.env.FD_REPORT_DELAY_MS || '3000'));
// seed: Events "Only ports 80 (HTTP) and 443 (HTTPS) are allowed" for TxPush listeners. Opt-out flag for local harnesses.
const TXPUSH_ANY_PORT = argv.includes('--txpush-any-port') || process.env.FD_TXPUSH_ANY_PORT === '1';

// seed: Authentication "Two API-key security schemes in request headers: Partner-App-Key ... Partner-App-Token"
// (provider 1.35.0 names them Finicity-App-Key / Finicity-App-Token; the seed wins, see DECISIONS.md)
const KEY_HEADER = 'Partner-App-Key';
const TOKEN_HEADER = 'Partner-App-Token';
const REQUEST_ID_HEADER = 'X-External-Request-Id'; // provider 1.35.0: components.parameters.RequestIdHeader

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
const nowSec = () => Math.floor(Date.now() / 1000);
const DAY = 86400;
const rnd = (n, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') => {
  const bytes = crypto.randomBytes(n);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[bytes[i] % alphabet.length];
  return s;
};
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v) => typeof v === 'string';
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
const isInt = (v) => Number.isInteger(v);
const round2 = (x) => Math.round(x * 100) / 100;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

class ApiError extends Error {
  constructor(status, body, headers) {
    super(typeof body === 'object' ? JSON.stringify(body) : String(body));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

// ---- aggregation-style error bodies (provider 1.35.0: components.schemas.ErrorMessage and examples) ----
const USER_MSG = 'One or more of the fields could not be validated. Please ensure you have entered the correct data.';
// provider 1.35.0: MissingFieldExample {"code":"10010","status":"400","message":"\"partnerId\" is required",...}
const missingField = (name) => new ApiError(400, { code: '10010', status: '400', message: `"${name}" is required`, user_message: USER_MSG, tags: '', title: 'Incomplete submission' });
// provider 1.35.0: InvalidFieldExample shape
const invalidField = (message) => new ApiError(400, { code: '10010', status: '400', message, user_message: USER_MSG, tags: '' });
// provider 1.35.0: GenericBadRequestExample {"code":14020,"message":"Bad request."}
const badRequest = (detail) => new ApiError(400, { code: 14020, message: detail ? `Bad request. (${detail})` : 'Bad request.' });
// provider 1.35.0: InvalidValueExample {"code":1618,...}
const invalidValue = () => new ApiError(400, { code: 1618, message: 'Negative or invalid value entered. Please use positive numbers only.' });
// provider 1.35.0: CustomerNotFoundExample / ResourceNotFoundExample / ConsumerNotFoundExample / NoConsumerForCustomerExample
const customerNotFound = () => new ApiError(404, { code: 14001, message: 'Customer not found.' });
const resourceNotFound = () => new ApiError(404, { code: 14001, message: 'Resource not found.' });
const consumerNotFound = (id) => new ApiError(404, { code: 10100, message: `Cannot find consumer with id ${id}.` });
const noConsumerForCustomer = (id) => new ApiError(404, { code: 10100, message: `Cannot find consumer for customer with id ${id}.` });
// provider 1.35.0: NoAccountForInstitutionLoginIdExample
const noAccountsForLogin = () => new ApiError(404, { code: '38007', status: '404', title: 'Connecting accounts error', user_message: 'Customer does not have any accounts associated with institutionLoginId.', tags: '', level: 'error', message: 'Customer does not have any accounts associated with institutionLoginId.' });

// ---- webhook-subscription error bodies (provider 1.35.0: components.schemas.ErrorWrapper + Obwms examples) ----
// The schema spells members Source/ReasonCode/Description/Recoverable/Details (ReasonCode a string); the examples spell
// them source/reasonCode(number)/description/recoverable/details. Both spellings are emitted (DECISIONS.md).
function obwms(status, reasonCode, description, details) {
  const item = {
    Source: 'Event Subscription Service', ReasonCode: String(reasonCode), Description: description, Recoverable: false, Details: details || description,
    source: 'Event Subscription Service', reasonCode, description, recoverable: false, details: details || null,
  };
  return new ApiError(status, { Errors: { Error: [item] } });
}
const wBad = (details) => obwms(400, 1502, 'Bad Request.', details); // provider: BadRequestErrorResponseExample 1502
const wNotFound = () => obwms(404, 1501, 'Resource not found.'); // provider: ObmwsResourceNotFoundExample 1501

// ---------------------------------------------------------------------------------------------
// Partners, app key, tokens (seed: Authentication; provider 1.35.0: CreateToken / ModifyPartnerSecret)
// ---------------------------------------------------------------------------------------------
const APP_KEY = crypto.randomBytes(16).toString('hex');
const partners = new Map();
function addPartner(partnerId, secret, name) {
  partners.set(partnerId, { partnerId, secret, graceSecret: null, graceUntil: 0, failed: 0, locked: false, name });
}
const PARTNER_1 = { id: '2445583946651', secret: 'Sandbox2024secretA1' };
const PARTNER_2 = { id: '2445583946652', secret: 'Spare2024secretB2' };
addPartner(PARTNER_1.id, PARTNER_1.secret, 'Sandbox Partner');
addPartner(PARTNER_2.id, PARTNER_2.secret, 'Spare Sandbox Partner');
const tokens = new Map(); // token -> { partnerId, createdMs }

// seed: Authentication "A valid secret uses upper and lower case letters, digits and the characters ! @ # $ % & * _ - +,
// holds at least one digit and one letter, and is 12 to 255 characters long."
const SECRET_RE = /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9!@#$%&*_\-+]{12,255}$/;

function secretMatches(p, secret) {
  if (secret === p.secret) return true;
  // provider 1.35.0: ModifyPartnerSecret "immediate ... false when the partners want the 30-day grace period"
  return p.graceSecret !== null && secret === p.graceSecret && Date.now() < p.graceUntil;
}

// ---------------------------------------------------------------------------------------------
// In-memory data
// ---------------------------------------------------------------------------------------------
const customers = new Map(); // id -> customer
const usernames = new Set(); // seed: Customers; provider: "Usernames are unique"
const consumers = new Map(); // consumerId -> consumer (persists after customer deletion: seed Resources table)
const accounts = new Map(); // accountId -> account
const transactions = new Map(); // transactionId(number) -> tx
const txpushSubs = new Map(); // subscriptionId(number) -> sub
const reports = new Map(); // reportId -> report
const webhookSubs = new Map(); // subscriptionId(uuid) -> sub
let nextCustomerId = 1005062000;
let nextAccountId = 5011649000;
let nextTxId = 21284900000;
let nextTxPushSubId = 17554874;

const INSTITUTIONS = {
  102105: { id: 102105, name: 'FinBank Profiles - A', urlHomeApp: 'http://www.finbank.com' },
  101732: { id: 101732, name: 'FinBank Profiles - B', urlHomeApp: 'https://finbank.prod.fini.city/CCBankImageMFA/login.jsp' },
};

// ---- seed data: testing customers already linked to institution accounts ----
function makeCustomer({ id, partnerId, username, firstName, lastName, type, createdDate, phone, email, applicationId }) {
  const c = { id: String(id), partnerId, username, firstName, lastName, type, createdDate, lastModifiedDate: createdDate, phone, email, applicationId, consumerId: null };
  customers.set(c.id, c);
  usernames.add(username);
  return c;
}
function makeConsumer(customer, data) {
  const id = crypto.randomBytes(16).toString('hex');
  const c = { id, customerId: customer.id, partnerId: customer.partnerId, createdDate: nowSec(), ...data };
  consumers.set(id, c);
  customer.consumerId = id;
  return c;
}
function addTx(acc, { amount, description, memo, type, category, payee, date, status = 'active' }) {
  const id = nextTxId++;
  const tx = {
    id, amount: round2(amount), accountId: acc.id, customerId: acc.customerId, status, description, memo, type,
    transactionDate: date, postedDate: status === 'active' ? date + 3600 * 6 : undefined, createdDate: Math.max(date, acc.createdDate),
    category: category || 'Uncategorized', payee: payee || description,
  };
  transactions.set(id, tx);
  if (status === 'active') acc.balance = round2(acc.balance + tx.amount);
  return tx;
}
function makeAccount(customer, { type, name, institutionId, loginId, startBalance, gen }) {
  const id = String(nextAccountId++);
  const now = nowSec();
  const created = now - 60 * DAY;
  const number = String(1000000 + Math.floor(Math.random() * 8999999));
  const acc = {
    id, number, accountNumberDisplay: number.slice(-4), realAccountNumberLast4: number.slice(-4), name, type, status: 'active',
    customerId: customer.id, institutionId: String(institutionId), institutionLoginId: loginId, createdDate: created,
    balance: startBalance, balanceDate: now, aggregationStatusCode: 0, aggregationSuccessDate: now - DAY, aggregationAttemptDate: now - DAY,
    lastUpdatedDate: now - DAY, currency: 'USD', marketSegment: 'personal', displayPosition: 1,
  };
  accounts.set(id, acc);
  // seed: "Standard aggregation gives up to 180 days before the account was added"
  const start = created - 180 * DAY;
  if (gen) gen(acc, start, now);
  return acc;
}
function genChecking(acc, start, now) {
  let i = 0;
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 14 === 0) addTx(acc, { amount: 2450.0, description: 'ACME CORP PAYROLL', memo: 'Direct deposit', type: 'directDeposit', category: 'Paycheck', payee: 'Acme Corp', date: t });
    if (d % 30 === 1) addTx(acc, { amount: -1500.0, description: 'RENT PAYMENT OAK APTS', memo: 'Monthly rent', type: 'payment', category: 'Mortgage & Rent', payee: 'Oak Apartments', date: t });
    if (d % 7 === 3) addTx(acc, { amount: -(62 + (i++ % 5) * 7.35), description: 'GROCERY MART #221', memo: 'POS purchase', type: 'pointOfSale', category: 'Groceries', payee: 'Grocery Mart', date: t });
    if (d % 30 === 12) addTx(acc, { amount: -118.42, description: 'CITY POWER & LIGHT', memo: 'Utility bill', type: 'directDebit', category: 'Utilities', payee: 'City Power', date: t });
    if (d % 30 === 20) addTx(acc, { amount: -500.0, description: 'TRANSFER TO SAVINGS', memo: 'Online transfer', type: 'transfer', category: 'Transfer', payee: 'Transfer', date: t });
  }
  addTx(acc, { amount: -23.5, description: 'COFFEE HOUSE', memo: 'Pending card authorization', type: 'pointOfSale', category: 'Coffee Shops', payee: 'Coffee House', date: now - 3600, status: 'pending' });
}
function genSavings(acc, start, now) {
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 30 === 20) addTx(acc, { amount: 500.0, description: 'TRANSFER FROM CHECKING', memo: 'Online transfer', type: 'transfer', category: 'Transfer', payee: 'Transfer', date: t });
    if (d % 30 === 29) addTx(acc, { amount: 4.12, description: 'INTEREST PAYMENT', memo: 'Monthly interest', type: 'interest', category: 'Interest Income', payee: 'FinBank', date: t });
  }
}
function genMoneyMarket(acc, start, now) {
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 30 === 15) addTx(acc, { amount: 21.87, description: 'MONEY MARKET DIVIDEND', memo: 'Dividend', type: 'dividend', category: 'Interest Income', payee: 'FinBank', date: t });
  }
}
function genCredit(acc, start, now) {
  let i = 0;
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 4 === 0) addTx(acc, { amount: -(15 + (i++ % 9) * 6.4), description: 'ONLINE STORE PURCHASE', memo: 'Card purchase', type: 'debit', category: 'Shopping', payee: 'Online Store', date: t });
    if (d % 30 === 25) addTx(acc, { amount: 300.0, description: 'PAYMENT THANK YOU', memo: 'Card payment', type: 'payment', category: 'Credit Card Payment', payee: 'FinBank Card', date: t });
  }
}
function genInvestment(acc, start, now) {
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 30 === 5) addTx(acc, { amount: 250.0, description: 'CONTRIBUTION', memo: 'Monthly contribution', type: 'deposit', category: 'Investments', payee: 'Brokerage', date: t });
    if (d % 90 === 40) addTx(acc, { amount: 35.6, description: 'DIVIDEND UWMC', memo: 'Cash dividend', type: 'dividend', category: 'Dividend & Cap Gains', payee: 'UWMC', date: t });
  }
}
function genMortgage(acc, start, now) {
  for (let t = start + DAY; t < now - DAY; t += DAY) {
    const d = Math.floor((t - start) / DAY);
    if (d % 30 === 2) addTx(acc, { amount: 1250.0, description: 'MORTGAGE PAYMENT', memo: 'Principal and interest', type: 'payment', category: 'Mortgage & Rent', payee: 'FinBank Mortgage', date: t });
  }
}

const sheetData = {};
function seedPartner(partnerId, base, label) {
  const created = nowSec() - 90 * DAY;
  const out = {};
  // Customer 1: fully linked, with consumer, accounts of several types on two institution logins.
  const c1 = makeCustomer({ id: base, partnerId, username: `${label}_linked_customer`, firstName: 'John', lastName: 'Smith', type: 'testing', createdDate: created, phone: '1-801-984-4200', email: 'john.smith@example.com' });
  const cons1 = makeConsumer(c1, { firstName: 'John', lastName: 'Smith', address: '434 W Ascension Way Suite #200 Murray UT 84123', city: 'Murray', state: 'UT', zip: '84123', phone: '1-801-984-4200', ssn: '999999999', birthday: { year: 1989, month: 8, dayOfMonth: 13 }, email: 'john.smith@example.com' });
  const loginA = Number(`10073${String(base).slice(-5)}`);
  const loginB = loginA + 1;
  const accs = [
    makeAccount(c1, { type: 'checking', name: 'Super Checking', institutionId: 102105, loginId: loginA, startBalance: 3200, gen: genChecking }),
    makeAccount(c1, { type: 'savings', name: 'Super Saving', institutionId: 102105, loginId: loginA, startBalance: 8000, gen: genSavings }),
    makeAccount(c1, { type: 'moneyMarket', name: 'Money Market', institutionId: 102105, loginId: loginA, startBalance: 15000, gen: genMoneyMarket }),
    makeAccount(c1, { type: 'creditCard', name: 'Rewards Card', institutionId: 101732, loginId: loginB, startBalance: -450, gen: genCredit }),
    makeAccount(c1, { type: 'investment', name: 'Brokerage', institutionId: 101732, loginId: loginB, startBalance: 22000, gen: genInvestment }),
    makeAccount(c1, { type: 'mortgage', name: 'Home Mortgage', institutionId: 101732, loginId: loginB, startBalance: -210000, gen: genMortgage }),
  ];
  out.linkedCustomer = {
    customerId: c1.id, username: c1.username, type: 'testing', consumerId: cons1.id,
    institutionLoginIds: [String(loginA), String(loginB)], institutionIds: ['102105', '101732'],
    accounts: accs.map((a) => ({ accountId: a.id, type: a.type, name: a.name, institutionId: a.institutionId, institutionLoginId: String(a.institutionLoginId) })),
    sampleTransactionId: String([...transactions.values()].find((t) => t.accountId === accs[0].id).id),
    transactionsFrom: accs[0].createdDate - 180 * DAY,
  };
  // Customer 2: linked checking + credit card, no consumer yet (to exercise CreateConsumer then reports).
  const c2 = makeCustomer({ id: base + 1, partnerId, username: `${label}_no_consumer_customer`, firstName: 'Jane', lastName: 'Doe', type: 'testing', createdDate: created });
  const loginC = loginA + 2;
  const accs2 = [
    makeAccount(c2, { type: 'checking', name: 'Everyday Checking', institutionId: 102105, loginId: loginC, startBalance: 1200, gen: genChecking }),
    makeAccount(c2, { type: 'creditCard', name: 'Travel Card', institutionId: 102105, loginId: loginC, startBalance: -120, gen: genCredit }),
  ];
  out.customerWithoutConsumer = { customerId: c2.id, username: c2.username, type: 'testing', institutionLoginIds: [String(loginC)], accounts: accs2.map((a) => ({ accountId: a.id, type: a.type })) };
  // Customer 3: consumer + credit card only (no VOA-eligible account: seed "no eligible account for a report" -> 400).
  const c3 = makeCustomer({ id: base + 2, partnerId, username: `${label}_credit_only_customer`, firstName: 'Sam', lastName: 'Credit', type: 'testing', createdDate: created });
  const cons3 = makeConsumer(c3, { firstName: 'Sam', lastName: 'Credit', address: '1 Main St', city: 'Murray', state: 'UT', zip: '84123', phone: '1-801-555-0100', ssn: '999-99-1234', birthday: { year: 1980, month: 1, dayOfMonth: 2 }, email: 'sam.credit@example.com' });
  const loginD = loginA + 3;
  const acc3 = makeAccount(c3, { type: 'creditCard', name: 'Only Card', institutionId: 101732, loginId: loginD, startBalance: -80, gen: genCredit });
  out.creditOnlyCustomer = { customerId: c3.id, consumerId: cons3.id, institutionLoginIds: [String(loginD)], accounts: [{ accountId: acc3.id, type: 'creditCard' }] };
  return out;
}
sheetData.partner = seedPartner(PARTNER_1.id, 1005061234, 'sandbox');
sheetData.sparePartner = seedPartner(PARTNER_2.id, 1005061334, 'spare');

// ---------------------------------------------------------------------------------------------
// Outbound deliveries (TxPush, webhooks, report callbacks) over http and https
// ---------------------------------------------------------------------------------------------
function postJson(urlStr, payload, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    let u;
    try { u = new URL(urlStr); } catch (e) { reject(e); return; }
    const body = Buffer.from(JSON.stringify(payload));
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, ...extraHeaders }, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
async function deliver(url, payload, headers) {
  // Retry policy is not documented; 3 attempts with a short back-off (DECISIONS.md).
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const st = await postJson(url, payload, headers);
      if (st >= 200 && st < 300) return true;
    } catch { /* retry */ }
    await new Promise((r) => setTimeout(r, 500 * attempt));
  }
  return false;
}
const fire = (url, payload, headers) => { setImmediate(() => { deliver(url, payload, headers).catch(() => {}); }); };

// ---------------------------------------------------------------------------------------------
// Request plumbing
// ---------------------------------------------------------------------------------------------
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => { size += c.length; if (size > 2_000_000) { reject(badRequest()); req.destroy(); } else chunks.push(c); });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
function parseJsonBody(raw, style) {
  if (raw === undefined || raw.trim() === '') return undefined;
  try { return JSON.parse(raw); } catch { throw style === 'obwms' ? wBad('Invalid JSON payload') : badRequest(); }
}

// Authentication checks. seed: "The default requirement is both headers together. The token-creation and partner-secret
// operations require only the app key." seed: "It is valid two hours"; provider 1.35.0 UnauthorizedErrorResponse examples.
function authenticate(req, mode, style) {
  const key = req.headers[KEY_HEADER.toLowerCase()];
  const w = style === 'obwms';
  if (key === undefined || key === '') throw w ? obwms(401, 1504, `Missing parameter (App-Key)`) : new ApiError(401, { code: 10026, message: `Missing parameter (${KEY_HEADER})` });
  if (key !== APP_KEY) throw w ? obwms(401, 1503, 'Invalid (App-Key)') : new ApiError(401, { code: 10001, message: `Invalid (${KEY_HEADER})` });
  if (mode === 'key') return null;
  const tok = req.headers[TOKEN_HEADER.toLowerCase()];
  if (tok === undefined || tok === '') throw w ? obwms(401, 1504, 'Missing parameter (App-Token)') : new ApiError(401, { code: 10024, message: `Missing parameter (${TOKEN_HEADER})` });
  const t = tokens.get(tok);
  if (!t) throw w ? obwms(401, 1503, 'Invalid (App-Token)') : new ApiError(401, { code: 10022, message: `Invalid (${TOKEN_HEADER})` });
  if (Date.now() - t.createdMs >= TOKEN_TTL_MS) throw w ? obwms(401, 1503, 'Expired (App-Token)') : new ApiError(401, { code: 10023, message: `Expired (${TOKEN_HEADER})` });
  return t.partnerId;
}

// ---- query validation helpers ----
function qInt(q, name, { required = false, min, max, def, errs } = {}) {
  const v = q.get(name);
  if (v === null || v === '') {
    if (required) throw missingField(name);
    return def;
  }
  if (!/^-?\d+$/.test(v)) throw invalidField(`"${name}" must be an integer`);
  const n = Number(v);
  if (n < 0) throw invalidValue(); // provider 1.35.0: InvalidValueExample (negative values)
  if (min !== undefined && n < min) throw invalidField(`"${name}" must be greater than or equal to ${min}`);
  if (max !== undefined && n > max) throw invalidField(`"${name}" must be less than or equal to ${max}`);
  return n;
}
function qBool(q, name, def) {
  const v = q.get(name);
  if (v === null || v === '') return def;
  if (/^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  throw invalidField(`"${name}" must be a boolean`);
}
// ---- path id validation ----
function numericIdOr(id, status) {
  if (/^\d{1,19}$/.test(id)) return id;
  if (status === 400) throw invalidField('Customer ID does not exist or does not belong to this partner'); // provider 1.35.0: InvalidFieldExample
  throw customerNotFound();
}
function getCustomer(partnerId, id, malformedStatus = 400) {
  numericIdOr(id, malformedStatus);
  const c = customers.get(id);
  if (!c || c.partnerId !== partnerId) throw customerNotFound(); // provider 1.35.0: CustomerNotFoundExample
  return c;
}
function getAccount(customer, accountId) {
  if (!/^\d{1,19}$/.test(accountId)) throw invalidField(`"accountId" must be a valid account ID`);
  const a = accounts.get(accountId);
  if (!a || a.customerId !== customer.id) throw resourceNotFound();
  return a;
}
const customerAccounts = (c) => [...accounts.values()].filter((a) => a.customerId === c.id);

// ---------------------------------------------------------------------------------------------
// Representations
// ---------------------------------------------------------------------------------------------
function accountDetail(a) {
  // provider 1.35.0: CustomerAccountDetail (data points by account type)
  const d = { dateAsOf: a.balanceDate };
  if (['checking', 'savings', 'moneyMarket', 'cd'].includes(a.type)) Object.assign(d, { availableBalanceAmount: a.balance, openDate: a.createdDate - 400 * DAY, periodInterestRate: a.type === 'checking' ? 0.01 : 1.5 });
  if (a.type === 'creditCard') Object.assign(d, { creditMaxAmount: 7000, creditAvailableAmount: round2(7000 + a.balance), currentBalance: round2(-a.balance), interestRate: '15.789', paymentMinAmount: 35 });
  if (a.type === 'investment') Object.assign(d, { currentBalance: a.balance, availableCashBalance: 1500 });
  if (a.type === 'mortgage') Object.assign(d, { interestRate: '4.125', principalBalance: round2(-a.balance), nextPayment: 1250, termOfMl: '360' });
  return d;
}
function accountJson(a) {
  // provider 1.35.0: components.schemas.CustomerAccount (required: id, number, accountNumberDisplay, name, type, status,
  // customerId, institutionId, createdDate, currency, institutionLoginId)
  const txs = [...transactions.values()].filter((t) => t.accountId === a.id);
  const dates = txs.map((t) => t.postedDate ?? t.transactionDate);
  return {
    id: a.id, number: a.number, accountNumberDisplay: a.accountNumberDisplay, realAccountNumberLast4: a.realAccountNumberLast4,
    name: a.name, balance: a.balance, type: a.type, aggregationStatusCode: a.aggregationStatusCode, status: a.status,
    customerId: a.customerId, institutionId: a.institutionId, balanceDate: a.balanceDate, aggregationSuccessDate: a.aggregationSuccessDate,
    aggregationAttemptDate: a.aggregationAttemptDate, createdDate: a.createdDate, lastUpdatedDate: a.lastUpdatedDate,
    marketSegment: a.marketSegment, currency: a.currency,
    ...(dates.length ? { lastTransactionDate: Math.max(...dates), oldestTransactionDate: Math.min(...dates) } : {}),
    institutionLoginId: Number(a.institutionLoginId), detail: accountDetail(a), displayPosition: a.displayPosition,
  };
}
function txJson(t) {
  // provider 1.35.0: components.schemas.Transaction (id, accountId, customerId are numbers)
  const o = {
    id: t.id, amount: t.amount, accountId: Number(t.accountId), customerId: Number(t.customerId), status: t.status,
    description: t.description, memo: t.memo, type: t.type, transactionDate: t.transactionDate,
  };
  if (t.postedDate !== undefined) o.postedDate = t.postedDate;
  o.createdDate = t.createdDate;
  o.categorization = { normalizedPayeeName: t.payee, category: t.category, bestRepresentation: `${t.description} ${t.memo || ''}`.trim(), country: 'USA' };
  return o;
}
function customerJson(c) {
  // provider 1.35.0: components.schemas.Customer (createdDate as a string) + applicationId (GetCustomerResponse)
  const o = { id: c.id, username: c.username };
  if (c.firstName !== undefined) o.firstName = c.firstName;
  if (c.lastName !== undefined) o.lastName = c.lastName;
  if (c.phone !== undefined) o.phone = c.phone;
  if (c.email !== undefined) o.email = c.email;
  o.type = c.type;
  o.createdDate = String(c.createdDate);
  o.lastModifiedDate = String(c.lastModifiedDate);
  if (c.applicationId !== undefined) o.applicationId = c.applicationId;
  return o;
}
function consumerJson(c) {
  // provider 1.35.0: components.schemas.Consumer (ssn returned as last 4 digits)
  const o = {
    id: c.id, firstName: c.firstName, lastName: c.lastName, customerId: Number(c.customerId), address: c.address, city: c.city,
    state: c.state, zip: c.zip, phone: c.phone, ssn: c.ssn.replace(/-/g, '').slice(-4), birthday: c.birthday, email: c.email ?? '', createdDate: c.createdDate,
  };
  if (c.suffix !== undefined) o.suffix = c.suffix;
  if (c.endUser !== undefined) o.endUser = c.endUser;
  return o;
}

// ---------------------------------------------------------------------------------------------
// Body validators
// ---------------------------------------------------------------------------------------------
function requireObjectBody(body) {
  if (body === undefined) throw badRequest(); // provider 1.35.0: requestBody required: true
  if (!isObj(body)) throw badRequest();
  return body;
}
function optStr(body, name, { maxLength, minLength } = {}) {
  const v = body[name];
  // provider 1.35.0: no request member is nullable (NoBody and voaiPdfDepositView aside): null is not its type.
  if (v === undefined) return undefined;
  if (!isStr(v)) throw invalidField(`"${name}" must be a string`);
  if (maxLength !== undefined && v.length > maxLength) throw invalidField(`"${name}" length must be less than or equal to ${maxLength} characters long`);
  if (minLength !== undefined && v.length < minLength) throw invalidField(`"${name}" length must be at least ${minLength} characters long`);
  return v;
}
function reqStr(body, name, opts) {
  if (body[name] === undefined || body[name] === null) throw missingField(name);
  const v = optStr(body, name, opts);
  if (v.trim() === '') throw invalidField(`"${name}" is not allowed to be empty`);
  return v;
}
// provider 1.35.0: CustomerUsername "minimum 6 characters maximum 255 characters any mix of uppercase, lowercase, numeric,
// and non-alphabet special characters ! @ . # $ % & * _ - +"
const USERNAME_RE = /^[A-Za-z0-9!@.#$%&*_\-+]{6,255}$/;
function validateNewCustomer(body) {
  requireObjectBody(body);
  const username = reqStr(body, 'username');
  if (!USERNAME_RE.test(username)) throw invalidField('"username" must be 6 to 255 characters of letters, digits and ! @ . # $ % & * _ - +');
  const out = { username };
  for (const f of ['firstName', 'lastName', 'applicationId', 'email']) { const v = optStr(body, f); if (v !== undefined) out[f] = v; }
  const phone = optStr(body, 'phone', { maxLength: 15 }); // provider 1.35.0: PhoneNumber "max length 15"
  if (phone !== undefined) out.phone = phone;
  return out;
}
// provider 1.35.0: SocialSecurityNumber "A full SSN with or without hyphens"
const SSN_RE = /^(\d{9}|\d{3}-\d{2}-\d{4})$/;
function validateBirthday(b) {
  if (!isObj(b)) throw invalidField('"birthday" must be an object');
  // provider 1.35.0: Birthday year "4-digit", month "2-digit month (1 is January)", dayOfMonth "2-digit day-of-month"
  if (b.year !== undefined && (!isInt(b.year) || b.year < 1000 || b.year > 9999)) throw invalidField('"birthday.year" must be a 4-digit year');
  if (b.month !== undefined && (!isInt(b.month) || b.month < 1 || b.month > 12)) throw invalidField('"birthday.month" must be between 1 and 12');
  if (b.dayOfMonth !== undefined && (!isInt(b.dayOfMonth) || b.dayOfMonth < 1 || b.dayOfMonth > 31)) throw invalidField('"birthday.dayOfMonth" must be between 1 and 31');
  const o = {};
  for (const k of ['year', 'month', 'dayOfMonth']) if (b[k] !== undefined) o[k] = b[k];
  return o;
}
function validateEndUser(e) {
  if (!isObj(e)) throw invalidField('"endUser" must be an object');
  // provider 1.35.0: ConsumerEndUser required name, address, city, state, zip, phone
  const o = {};
  for (const f of ['name', 'address', 'city', 'state', 'zip']) o[f] = reqStr(e, f);
  o.phone = reqStr(e, 'phone', { maxLength: 15 });
  const email = optStr(e, 'email'); if (email !== undefined) o.email = email;
  const url = optStr(e, 'url', { minLength: 2 }); if (url !== undefined) o.url = url; // provider: EndUserUrl minLength 2
  return o;
}
function validateConsumer(body, partial) {
  requireObjectBody(body);
  const out = {};
  // provider 1.35.0: NewConsumer required firstName, lastName, address, city, state, zip, phone, ssn, birthday
  // seed: "all fields required on a record"; ModifyConsumer: "unspecified fields stay unchanged"
  for (const f of ['firstName', 'lastName', 'address', 'city', 'state', 'zip']) {
    const v = partial ? optStr(body, f) : reqStr(body, f);
    if (v !== undefined) { if (v.trim() === '') throw invalidField(`"${f}" is not allowed to be empty`); out[f] = v; }
  }
  const phone = partial ? optStr(body, 'phone', { maxLength: 15 }) : reqStr(body, 'phone', { maxLength: 15 });
  if (phone !== undefined) out.phone = phone;
  const ssn = partial ? optStr(body, 'ssn') : reqStr(body, 'ssn');
  if (ssn !== undefined) { if (!SSN_RE.test(ssn)) throw invalidField('"ssn" must be a full 9-digit SSN, with or without hyphens'); out.ssn = ssn; }
  if (body.birthday === undefined) { if (!partial) throw missingField('birthday'); } else out.birthday = validateBirthday(body.birthday);
  const email = optStr(body, 'email'); if (email !== undefined) out.email = email;
  const suffix = optStr(body, 'suffix'); if (suffix !== undefined) out.suffix = suffix;
  if (body.endUser !== undefined) out.endUser = validateEndUser(body.endUser);
  return out;
}
function validHttpUrl(s, maxLen = 2048) {
  if (!isStr(s) || s.length < 1 || s.length > maxLen) return null;
  try {
    const u = new URL(s);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (!u.hostname) return null;
    return u;
  } catch { return null; }
}

// ---------------------------------------------------------------------------------------------
// Reports (seed: Decisioning report generation, Report retrieval, States and transitions)
// ---------------------------------------------------------------------------------------------
const REPORT_TITLES = { voa: 'Mastercard Open Banking Verification of Assets', transactions: 'Mastercard Open Banking Transactions Report' };
function reportAck(r) {
  // provider 1.35.0: VOAReportAck / TransactionsReportAck required: id, portfolioId, customerType, customerId, requestId,
  // requesterName, createdDate, title, consumerId, consumerSsn, type, status, constraints
  const o = {
    id: r.id, portfolioId: r.portfolioId, customerType: r.customerType, customerId: Number(r.customerId), requestId: r.requestId,
    requesterName: r.requesterName, createdDate: r.createdDate, title: r.title, consumerId: r.consumerId, consumerSsn: r.consumerSsn,
    type: r.type, status: r.status, constraints: r.constraints,
  };
  if (r.consumerDetails) o.consumerDetails = r.consumerDetails;
  if (r.errors) o.errors = r.errors;
  return o;
}
function reportJson(r) {
  if (r.status !== 'success') return reportAck(r);
  return { ...reportAck(r), ...r.content };
}
function reportTx(t) {
  // provider 1.35.0: ReportTransactionBase1 (id, postedDate, description required) + ReportTransactionBase2
  const o = { id: t.id, amount: t.amount, postedDate: t.postedDate ?? t.transactionDate, description: t.description };
  if (t.memo) o.memo = t.memo;
  o.normalizedPayee = t.payee;
  o.institutionTransactionId = String(t.id).padStart(10, '0');
  o.category = t.category;
  if (t.type) o.type = t.type;
  return o;
}
function buildReportContent(r) {
  const accs = r.accountIds.map((id) => accounts.get(id)).filter(Boolean);
  if (accs.length === 0) return null; // accounts vanished meanwhile -> failure
  const now = nowSec();
  let from; let to;
  if (r.type === 'voa') {
    // seed: "VOA ... uses up to 12 months of history"
    to = now; from = Math.max(r.fromDate ?? now - 365 * DAY, now - 365 * DAY);
  } else { from = r.fromDate; to = r.toDate; }
  const byInst = new Map();
  let minDate = Infinity; let maxDate = -Infinity; let consolidated = 0;
  for (const a of accs) {
    let txs = [...transactions.values()].filter((t) => t.accountId === a.id && (t.status === 'active' || (r.type === 'transactions' && r.includePending)));
    txs = txs.filter((t) => { const d = t.postedDate ?? t.transactionDate; return d >= from && d <= to; });
    if (r.type === 'transactions' && r.findTransaction) {
      const f = r.findTransaction;
      // provider 1.35.0: FindTransactionConstraints ("multiple parameters will be treated as an AND")
      txs = txs.filter((t) => (f.findTransactionDescriptionMemo === undefined || f.findTransactionDescriptionMemo === t.description || f.findTransactionDescriptionMemo === t.memo || f.findTransactionDescriptionMemo === `${t.description} ${t.memo}`)
        && (f.findTransactionAmountFrom === undefined || t.amount >= f.findTransactionAmountFrom)
        && (f.findTransactionAmountTo === undefined || t.amount <= f.findTransactionAmountTo)
        && (f.findTransactionCategory === undefined || f.findTransactionCategory.includes(t.category)));
    }
    txs.sort((x, y) => (y.postedDate ?? y.transactionDate) - (x.postedDate ?? x.transactionDate));
    for (const t of txs) { const d = t.postedDate ?? t.transactionDate; minDate = Math.min(minDate, d); maxDate = Math.max(maxDate, d); }
    const inst = INSTITUTIONS[a.institutionId] || { id: Number(a.institutionId), name: 'FinBank', urlHomeApp: 'http://www.finbank.com' };
    if (!byInst.has(inst.id)) byInst.set(inst.id, { id: inst.id, name: inst.name, urlHomeApp: inst.urlHomeApp, accounts: [] });
    const oldest = txs.length ? Math.min(...txs.map((t) => t.postedDate ?? t.transactionDate)) : undefined;
    if (r.type === 'voa') {
      consolidated += a.balance;
      byInst.get(inst.id).accounts.push({
        id: Number(a.id), number: a.accountNumberDisplay, ownerName: 'JOHN SMITH', name: a.name, type: a.type, currency: 'USD',
        availableBalance: a.balance, aggregationStatusCode: 0, balance: a.balance, balanceDate: a.balanceDate, averageMonthlyBalance: a.balance,
        totNumberInsufficientFundsFeeDebitTxAccount: 0, totNumberInsufficientFundsFeeDebitTxOver2MonthsAccount: 0,
        ...(oldest !== undefined ? { oldestTransactionDate: oldest } : {}),
        transactions: txs.map(reportTx), asset: { type: a.type, availableBalance: a.balance, currentBalance: a.balance, twoMonthAverage: a.balance, sixMonthAverage: a.balance, beginningBalance: a.balance },
      });
    } else {
      byInst.get(inst.id).accounts.push({
        id: Number(a.id), name: a.name, number: a.accountNumberDisplay, type: a.type, currency: 'USD', aggregationStatusCode: 0,
        balance: a.balance, balanceDate: a.balanceDate, ...(oldest !== undefined ? { oldestTransactionDate: oldest } : {}),
        transactionsCount: txs.length, transactions: txs.map(reportTx),
      });
    }
  }
  const startDate = Number.isFinite(minDate) ? minDate : from;
  const endDate = Number.isFinite(maxDate) ? maxDate : to;
  const days = Math.max(0, Math.round((endDate - startDate) / DAY));
  const content = { startDate, endDate, days, institutions: [...byInst.values()] };
  if (r.type === 'voa') {
    content.seasoned = days > 180; // provider 1.35.0: VOAReport seasoned "more than 180 days"
    content.consolidatedAvailableBalance = round2(consolidated);
    content.assets = { type: 'checking', availableBalance: round2(consolidated), currentBalance: round2(consolidated), twoMonthAverage: round2(consolidated), sixMonthAverage: round2(consolidated), beginningBalance: round2(consolidated) };
  } else content.seasoned = days > 365; // provider 1.35.0: TransactionsReport seasoned "more than 365 days"
  return content;
}
const portfolios = new Map(); // customerId -> portfolioId  (provider: PortfolioId "consistent across all reports created for the same customer")
function createReport(partnerId, customer, consumer, type, fields, callbackUrl) {
  let portfolioId = portfolios.get(customer.id);
  if (!portfolioId) { portfolioId = `${rnd(12)}-${portfolios.size + 1}-port`; portfolios.set(customer.id, portfolioId); }
  const p = partners.get(partnerId);
  const r = {
    id: `${rnd(12)}-${type}`, portfolioId, partnerId, customerId: customer.id, customerType: customer.type, consumerId: consumer.id,
    consumerSsn: consumer.ssn.replace(/-/g, '').slice(-4), requestId: rnd(10), requesterName: p.name, createdDate: nowSec(), title: REPORT_TITLES[type],
    type, status: 'inProgress', consumerDetails: { id: consumer.id, firstName: consumer.firstName, lastName: consumer.lastName, address: consumer.address, city: consumer.city, state: consumer.state, zip: consumer.zip, phone: consumer.phone, ssn: consumer.ssn.replace(/-/g, '').slice(-4), ...(consumer.email ? { email: consumer.email } : {}) },
    ...fields,
  };
  reports.set(r.id, r);
  // seed: States "Report inProgress, failure, success"; Generate operations return 202; the report completes later.
  setTimeout(() => {
    const content = buildReportContent(r);
    if (content) { r.status = 'success'; r.content = content; } else { r.status = 'failure'; r.errors = [{ code: 14020, message: 'Bad request. (No eligible account for the report.)' }]; }
    r.completedDate = nowSec();
    // seed: Events "Report generation accepts a callback URL parameter for completion reporting."
    if (callbackUrl) fire(callbackUrl, { reportId: r.id, reportType: r.type, status: r.status, customerId: Number(r.customerId), consumerId: r.consumerId, portfolioId: r.portfolioId, createdDate: r.createdDate, eventType: r.status === 'success' ? 'done' : 'failed' }, { 'X-Report-Id': r.id });
  }, REPORT_DELAY_MS).unref?.();
  return r;
}
function parseReportAccountIds(customer, str, eligibleTypes) {
  // provider 1.35.0: ReportAccountIdsString "A whitespace-separated list of account IDs ... (all accounts if not set)"
  const all = customerAccounts(customer);
  let selected = all;
  if (str !== undefined) {
    const ids = str.split(/\s+/).filter(Boolean);
    if (ids.length) {
      selected = [];
      for (const id of ids) {
        const a = all.find((x) => x.id === id);
        if (!a) throw invalidField(`Account ID ${id} does not exist or does not belong to this customer`);
        selected.push(a);
      }
    }
  }
  if (eligibleTypes) selected = selected.filter((a) => eligibleTypes.includes(a.type));
  return selected;
}
function validateCustomFields(v) {
  if (v === undefined) return undefined; // a null is not an array (provider 1.35.0 ReportCustomFields)
  if (!Array.isArray(v)) throw invalidField('"reportCustomFields" must be an array');
  if (v.length > 5) throw invalidField('"reportCustomFields" must contain at most 5 items'); // provider: "Designate up to 5 custom fields"
  return v.map((f, i) => {
    if (!isObj(f)) throw invalidField(`"reportCustomFields[${i}]" must be an object`);
    for (const k of ['label', 'value']) if (f[k] !== undefined && !isStr(f[k])) throw invalidField(`"reportCustomFields[${i}].${k}" must be a string`);
    if (f.shown !== undefined && typeof f.shown !== 'boolean') throw invalidField(`"reportCustomFields[${i}].shown" must be a boolean`);
    return { ...(f.label !== undefined ? { label: f.label } : {}), ...(f.value !== undefined ? { value: f.value } : {}), shown: f.shown === undefined ? true : f.shown };
  });
}
function optBodyDate(body, name) {
  const v = body[name];
  if (v === undefined) return undefined; // a null is not the integer date the provider documents
  if (!isInt(v)) throw invalidField(`"${name}" must be an integer (Unix epoch seconds)`);
  if (v < 0) throw invalidValue();
  return v;
}
function checkCallbackUrl(q) {
  const cb = q.get('callbackUrl');
  if (cb === null || cb === '') return undefined;
  if (!validHttpUrl(cb)) throw invalidField('"callbackUrl" must be a valid URI');
  return cb;
}
function reportFromPath(partnerId, reportId) {
  const r = reports.get(reportId);
  if (!r || r.partnerId !== partnerId) throw resourceNotFound();
  return r;
}
// seed: Report retrieval "get-report operations accept an optional purpose parameter"; provider: PurposeCode "2-digit code"
function checkPurpose(v) {
  if (v === undefined || v === null) return; // an empty purpose is not the "2-digit" code (provider 1.35.0 PurposeCode)
  const s = String(v);
  if (!/^[A-Za-z0-9]{2}$/.test(s)) throw invalidField('"purpose" must be a 2-digit Permissible Purpose Code');
}
// seed: "The Accept request header selects application/json or application/pdf; with neither, JSON is returned."
function wantsPdf(req) {
  const acc = String(req.headers.accept || '').toLowerCase();
  return acc.includes('application/pdf') && !acc.includes('application/json');
}
function minimalPdf(r) {
  const text = `${r.title} ${r.id} status ${r.status}`.replace(/[()\\]/g, '');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  objs[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let pdf = '%PDF-1.4\n';
  const offs = [];
  objs.forEach((o, i) => { offs.push(pdf.length); pdf += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = pdf.length;
  pdf += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offs.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('')}`;
  pdf += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
function sendReport(req, r) {
  if (wantsPdf(req) && r.status === 'success') return { status: 200, raw: minimalPdf(r), contentType: 'application/pdf' };
  return { status: 200, body: reportJson(r) };
}

// ---------------------------------------------------------------------------------------------
// TxPush (seed: TxPush table + Events; provider 1.35.0: SubscribeToTxPushNotifications etc.)
// ---------------------------------------------------------------------------------------------
function signTxPush(key, body) { return crypto.createHmac('sha256', key).update(JSON.stringify(body)).digest('hex'); }
function sendTxPush(acc, kind, payload) {
  for (const s of txpushSubs.values()) {
    if (s.accountId !== acc.id || s.type !== kind) continue;
    const body = { subscriptionId: s.id, class: kind, ...payload };
    fire(s.callbackUrl, body, { 'X-TxPush-Signature': signTxPush(s.signingKey, body) });
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks (seed: Webhook subscriptions; provider 1.35.0: Webhook Subscription tag)
// ---------------------------------------------------------------------------------------------
// provider 1.35.0: event names appearing in the document (examples of CreateSubscriptionRequest and AvailableEventsResponse)
const AVAILABLE_EVENTS = [
  { name: 'authorization.accesstoken.expiry', description: 'Notification sent when a customer authorization access token is about to expire.', conditionalSubscription: { applicable: true, fields: 'institutionId', mandatory: false } },
  { name: 'manage.txpush.account.created', description: 'notification will be sent when accounts are created', conditionalSubscription: { applicable: true, fields: 'accountId,customerId', mandatory: false } },
  { name: 'mastercard.openbanking.customer.consent', description: 'Customer consent information', conditionalSubscription: { applicable: false, mandatory: false } },
];
function validateWebhookEvent(e, i, subUrl) {
  const p = i === undefined ? '' : `events[${i}].`;
  if (!isObj(e)) throw wBad(`"${p || 'body'}" must be an object`);
  // provider 1.35.0: WebhookEvent name required, minLength 1, maxLength 255
  if (e.name === undefined || e.name === null) throw wBad(`"${p}name" is required`);
  if (!isStr(e.name) || e.name.length < 1 || e.name.length > 255) throw wBad(`"${p}name" must be a string of 1 to 255 characters`);
  if (!AVAILABLE_EVENTS.some((a) => a.name === e.name)) throw wBad(`"${p}name" is not an available event`);
  const out = { name: e.name };
  if (e.url !== undefined) { // a null is not a WebhookUrl string (provider 1.35.0)
    // provider 1.35.0: WebhookUrl minLength 1, maxLength 2048, "aligned with RFC 2396"
    if (!validHttpUrl(e.url)) throw wBad(`"${p}url" must be a valid URL`);
    out.url = e.url;
  } else if (!subUrl) throw wBad(`"${p}url" is required when the subscription has no url`);
  if (e.condition !== undefined) {
    const c = e.condition;
    if (!isObj(c)) throw wBad(`"${p}condition" must be an object`);
    // provider 1.35.0: Condition subscribeFor required, 1..50
    if (c.subscribeFor === undefined || c.subscribeFor === null) throw wBad(`"${p}condition.subscribeFor" is required`);
    if (!isStr(c.subscribeFor) || c.subscribeFor.length < 1 || c.subscribeFor.length > 50) throw wBad(`"${p}condition.subscribeFor" must be a string of 1 to 50 characters`);
    const cond = { subscribeFor: c.subscribeFor };
    for (const k of ['includes', 'excludes']) {
      if (c[k] === undefined) continue;
      if (!Array.isArray(c[k]) || !c[k].every(isStr)) throw wBad(`"${p}condition.${k}" must be an array of strings`);
      cond[k] = [...c[k]];
    }
    out.condition = cond;
  }
  return out;
}
function validateSubscriptionBody(body) {
  if (!isObj(body)) throw wBad('Request body must be a JSON object');
  let url;
  if (body.url !== undefined) {
    if (!validHttpUrl(body.url)) throw wBad('"url" must be a valid URL');
    url = body.url;
  }
  if (body.events === undefined || body.events === null) throw wBad('"events" is required');
  if (!Array.isArray(body.events)) throw wBad('"events" must be an array');
  if (body.events.length === 0) throw wBad('"events" must contain at least one event');
  const events = body.events.map((e, i) => validateWebhookEvent(e, i, url));
  return { url, events };
}
function eventJson(ev) {
  const o = { webhookEventId: ev.webhookEventId, name: ev.name };
  if (ev.url !== undefined) o.url = ev.url;
  o.status = ev.status;
  if (ev.condition) o.condition = ev.condition;
  return o;
}
function subJson(s) {
  const o = { subscriptionId: s.subscriptionId };
  if (s.url !== undefined) o.url = s.url;
  o.events = s.events.map(eventJson);
  o.status = s.status;
  o.createdDate = iso(s.createdMs);
  o.lastUpdatedDate = iso(s.updatedMs);
  return o;
}
function getWebhookSub(partnerId, id) {
  const s = webhookSubs.get(id);
  if (!s || s.partnerId !== partnerId) throw wNotFound();
  return s;
}
function getWebhookEvent(s, evId) {
  const ev = s.events.find((e) => e.webhookEventId === evId);
  if (!ev) throw wNotFound();
  return ev;
}
function conditionMatches(cond, facts) {
  if (!cond) return true;
  const v = facts[cond.subscribeFor];
  if (v === undefined) return true;
  if (cond.includes && cond.includes.length && !cond.includes.includes(String(v))) return false;
  if (cond.excludes && cond.excludes.includes(String(v))) return false;
  return true;
}
function deliverWebhook(s, ev, payload, test) {
  const url = ev.url || s.url;
  if (!url) return;
  const body = {
    eventId: crypto.randomUUID(), eventName: ev.name, webhookEventId: ev.webhookEventId, subscriptionId: s.subscriptionId,
    partnerId: s.partnerId, createdDate: iso(Date.now()), test: !!test, payload,
  };
  fire(url, body, { 'X-Webhook-Event': ev.name });
}
function emitWebhookEvent(partnerId, name, facts, payload) {
  for (const s of webhookSubs.values()) {
    if (s.partnerId !== partnerId || s.status !== 'active') continue;
    for (const ev of s.events) if (ev.name === name && ev.status === 'active' && conditionMatches(ev.condition, facts)) deliverWebhook(s, ev, payload, false);
  }
}
function samplePayload(name, partnerId) {
  const c = [...customers.values()].find((x) => x.partnerId === partnerId) || {};
  if (name === 'manage.txpush.account.created') return { customerId: c.id, accountId: customerAccounts(c)[0]?.id };
  if (name === 'authorization.accesstoken.expiry') return { customerId: c.id, institutionId: '102105', expiryDate: iso(Date.now() + 7 * DAY * 1000) };
  return { customerId: c.id, consent: 'granted' };
}
const eventStatusBody = (body) => {
  if (!isObj(body)) throw wBad('Request body must be a JSON object');
  if (body.status === undefined || body.status === null) throw wBad('"status" is required');
  if (!isStr(body.status) || body.status.length < 1 || body.status.length > 10) throw wBad('"status" must be a string of 1 to 10 characters');
  // seed: States "with a status of active or inactive" (provider also lists pending/removed; the seed wins)
  if (body.status !== 'active' && body.status !== 'inactive') throw wBad('"status" must be active or inactive');
  return body.status;
};

// ---------------------------------------------------------------------------------------------
// Transactions listing (seed: Transactions; provider 1.35.0: GetAllCustomerTransactions / GetCustomerAccountTransactions)
// ---------------------------------------------------------------------------------------------
const sortDate = (t) => t.transactionDate ?? t.postedDate; // seed: "by transactionDate (postedDate when no transaction date exists)"
function listTransactions(q, txs, withDailyBalance, acc) {
  const fromDate = qInt(q, 'fromDate', { required: true });
  const toDate = qInt(q, 'toDate', { required: true });
  if (fromDate > toDate) throw invalidField('"toDate" must be later than "fromDate"');
  const start = qInt(q, 'start', { def: 1, min: 1 }); // provider: StartParameter default 1, "Index of the page of results"
  const limit = qInt(q, 'limit', { def: 25, min: 1, max: 1000 }); // provider: LimitParameter default 25, maximum 1000
  const sortV = q.get('sort');
  const sort = sortV === null || sortV === '' ? 'desc' : sortV; // provider: SortParameter default desc
  if (sort !== 'asc' && sort !== 'desc') throw invalidField('"sort" must be one of [asc, desc]');
  const includePending = qBool(q, 'includePending', false); // provider: IncludePending default false
  const showDailyBalance = withDailyBalance ? qBool(q, 'showDailyBalance', false) : false;
  let list = txs.filter((t) => (includePending || t.status !== 'pending'));
  list = list.filter((t) => { const d = sortDate(t); return d >= fromDate && d <= toDate; });
  list.sort((a, b) => (sort === 'asc' ? sortDate(a) - sortDate(b) || a.id - b.id : sortDate(b) - sortDate(a) || b.id - a.id));
  const found = list.length;
  const page = list.slice((start - 1) * limit, (start - 1) * limit + limit);
  const out = {
    found, displaying: page.length, moreAvailable: String((start - 1) * limit + page.length < found),
    fromDate: String(fromDate), toDate: String(toDate), sort, transactions: page.map(txJson),
  };
  if (showDailyBalance && acc) {
    // provider 1.35.0: DailyBalance "daily beginning and ending account balances for each day that transactions are recorded"
    const posted = txs.filter((t) => t.status === 'active');
    const days = [...new Set(list.map((t) => Math.floor(sortDate(t) / DAY) * DAY))].sort((a, b) => a - b);
    out.dailyBalances = days.map((d) => {
      const after = posted.filter((t) => sortDate(t) >= d + DAY).reduce((s, t) => s + t.amount, 0);
      const sameDay = posted.filter((t) => sortDate(t) >= d && sortDate(t) < d + DAY).reduce((s, t) => s + t.amount, 0);
      const ending = round2(acc.balance - after);
      return { date: d, beginning: round2(ending - sameDay), ending };
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------
const H = {};

// ---- Authentication ----
// seed: Authentication and partner table: POST /aggregation/v2/partners/authentication -> 200 token | 400, 401
H.CreateToken = ({ body }) => {
  requireObjectBody(body);
  if (body.partnerId === undefined || body.partnerId === null) throw missingField('partnerId');
  if (body.partnerSecret === undefined || body.partnerSecret === null) throw missingField('partnerSecret');
  if (!isStr(body.partnerId)) throw invalidField('"partnerId" must be a string');
  if (!isStr(body.partnerSecret)) throw invalidField('"partnerSecret" must be a string');
  const p = partners.get(body.partnerId);
  // provider 1.35.0: InvalidCredentialsExample {"code":10001,"message":"Invalid credentials"}
  if (!p) throw new ApiError(401, { code: 10001, message: 'Invalid credentials' });
  // seed: "After five failed authentication attempts the account is locked."
  if (p.locked) throw new ApiError(401, { code: 10001, message: 'Invalid credentials. The partner account is locked after five failed authentication attempts.' });
  if (!secretMatches(p, body.partnerSecret)) {
    p.failed += 1;
    if (p.failed >= 5) p.locked = true;
    throw new ApiError(401, { code: 10001, message: 'Invalid credentials' });
  }
  p.failed = 0;
  const token = rnd(20, ALNUM); // provider 1.35.0: AccessToken example "YBh22Sb9Es6e66Q7lWdt"
  tokens.set(token, { partnerId: p.partnerId, createdMs: Date.now() });
  return { status: 200, body: { token } };
};
// seed: PUT /aggregation/v2/partners/authentication -> 204 | 400, 401
H.ModifyPartnerSecret = ({ body }) => {
  requireObjectBody(body);
  for (const f of ['partnerId', 'partnerSecret', 'newPartnerSecret']) if (body[f] === undefined || body[f] === null) throw missingField(f);
  for (const f of ['partnerId', 'partnerSecret', 'newPartnerSecret']) if (!isStr(body[f])) throw invalidField(`"${f}" must be a string`);
  if (body.immediate !== undefined && typeof body.immediate !== 'boolean') throw invalidField('"immediate" must be a boolean');
  const p = partners.get(body.partnerId);
  if (!p) throw new ApiError(401, { code: 10001, message: 'Invalid credentials' });
  if (p.locked) throw new ApiError(401, { code: 10001, message: 'Invalid credentials. The partner account is locked after five failed authentication attempts.' });
  if (!secretMatches(p, body.partnerSecret)) {
    p.failed += 1;
    if (p.failed >= 5) p.locked = true;
    throw new ApiError(401, { code: 10001, message: 'Invalid credentials' });
  }
  // seed: partner secret rules; provider 1.35.0: InvalidNewPartnerSecretExample {"code":24437,...}
  if (!SECRET_RE.test(body.newPartnerSecret)) throw new ApiError(400, { code: 24437, message: 'New password is not as per policy' });
  p.failed = 0;
  const immediate = body.immediate === undefined ? true : body.immediate; // provider: "default value of true"
  if (immediate) { p.graceSecret = null; p.graceUntil = 0; } else { p.graceSecret = p.secret; p.graceUntil = Date.now() + 30 * DAY * 1000; }
  p.secret = body.newPartnerSecret;
  return { status: 204 };
};

// ---- Customers ----
function addCustomer(partnerId, body, type) {
  const v = validateNewCustomer(body);
  // provider 1.35.0: UsernameNotAvailableExample {"code":110002,"message":"Username is not available."}
  if (usernames.has(v.username)) throw new ApiError(409, { code: 110002, message: 'Username is not available.' });
  const id = String(nextCustomerId++);
  const c = makeCustomer({ id, partnerId, type, createdDate: nowSec(), ...v });
  return { status: 201, body: { id: c.id, username: c.username, createdDate: c.createdDate } }; // provider: CreatedCustomer
}
H.AddTestingCustomer = ({ partnerId, body }) => addCustomer(partnerId, body, 'testing'); // seed: Customers table
H.AddCustomer = ({ partnerId, body }) => addCustomer(partnerId, body, 'active'); // seed: Customers table
H.GetCustomers = ({ partnerId, q }) => {
  // seed: "Get customers searches username, or any combination of firstName and lastName; with no search text all customers"
  const username = q.get('username');
  const type = q.get('type');
  if (type !== null && !['', 'testing', 'active'].includes(type)) throw invalidField('"type" must be one of [testing, active]'); // provider: CustomerType
  const search = q.get('search');
  const start = qInt(q, 'start', { def: 1, min: 1 });
  const limit = qInt(q, 'limit', { def: 25, min: 1, max: 1000 });
  let list = [...customers.values()].filter((c) => c.partnerId === partnerId);
  if (username !== null && username !== '') list = list.filter((c) => c.username === username); // "exact match (0 or 1 record)"
  if (type) list = list.filter((c) => c.type === type);
  if (search !== null && search.trim() !== '') {
    const s = search.trim().toLowerCase();
    list = list.filter((c) => {
      const f = (c.firstName || '').toLowerCase(); const l = (c.lastName || '').toLowerCase();
      return c.username.toLowerCase().includes(s) || f.includes(s) || l.includes(s) || `${f} ${l}`.includes(s) || `${l} ${f}`.includes(s) || `${l}, ${f}`.includes(s);
    });
  }
  list.sort((a, b) => a.createdDate - b.createdDate || Number(a.id) - Number(b.id));
  const page = list.slice((start - 1) * limit, (start - 1) * limit + limit);
  return { status: 200, body: { found: list.length, displaying: page.length, moreAvailable: (start - 1) * limit + page.length < list.length, customers: page.map(customerJson) } };
};
H.GetCustomer = ({ partnerId, p }) => ({ status: 200, body: customerJson(getCustomer(partnerId, p.customerId)) });
H.ModifyCustomer = ({ partnerId, p, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  requireObjectBody(body);
  const fn = optStr(body, 'firstName');
  const ln = optStr(body, 'lastName');
  // seed: "Modify requires firstName, lastName, or both."
  if (fn === undefined && ln === undefined) throw invalidField('"firstName" or "lastName" is required');
  if (fn !== undefined) c.firstName = fn;
  if (ln !== undefined) c.lastName = ln;
  c.lastModifiedDate = nowSec();
  return { status: 204 };
};
H.DeleteCustomer = ({ partnerId, p }) => {
  // seed: DeleteCustomer errors 401, 404 only -> a malformed id is a 404 here.
  const c = getCustomer(partnerId, p.customerId, 404);
  // seed: "Delete removes access to the customer and all linked accounts"; Consumer "Persists ... after the customer is deleted"
  for (const a of customerAccounts(c)) removeAccount(a);
  customers.delete(c.id);
  return { status: 204 };
};
function removeAccount(a) {
  accounts.delete(a.id);
  for (const [id, t] of transactions) if (t.accountId === a.id) transactions.delete(id);
  for (const [id, s] of txpushSubs) if (s.accountId === a.id) txpushSubs.delete(id);
}

// ---- Consumers ----
H.CreateConsumer = ({ partnerId, p, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  const v = validateConsumer(body, false);
  // provider 1.35.0: ConsumerExistsConflictExample {"code":11000,...}; seed: 409 "consumer ... already exists"
  if (c.consumerId && consumers.has(c.consumerId)) throw new ApiError(409, { code: 11000, message: `A consumer already exists for customer ${c.id}` });
  const cons = makeConsumer(c, v);
  return { status: 201, body: { id: cons.id, createdDate: cons.createdDate, customerId: Number(c.id) } };
};
H.GetConsumerForCustomer = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  const cons = c.consumerId && consumers.get(c.consumerId);
  if (!cons) throw noConsumerForCustomer(c.id);
  return { status: 200, body: consumerJson(cons) };
};
function getConsumerById(partnerId, id) {
  const cons = consumers.get(id);
  if (!cons || cons.partnerId !== partnerId) throw consumerNotFound(id);
  return cons;
}
H.GetConsumer = ({ partnerId, p }) => ({ status: 200, body: consumerJson(getConsumerById(partnerId, p.consumerId)) });
H.ModifyConsumer = ({ partnerId, p, body }) => {
  const cons = getConsumerById(partnerId, p.consumerId);
  const v = validateConsumer(body, true);
  // seed: "On modify, unspecified fields stay unchanged."
  if (v.birthday) v.birthday = { ...cons.birthday, ...v.birthday };
  Object.assign(cons, v);
  return { status: 204 };
};

// ---- Accounts ----
H.GetCustomerAccounts = ({ partnerId, p, q }) => {
  const c = getCustomer(partnerId, p.customerId);
  let list = customerAccounts(c);
  const status = q.get('status'); // provider: AccountStatusParameter "A filter to fetch account in the given status"
  if (status !== null && status !== '') list = list.filter((a) => a.status === status);
  const at = q.get('account_type'); // provider: AccountTypeParameter 'Currently supported types: "ava"'
  if (at !== null && at !== '') {
    if (at !== 'ava') throw invalidField('"account_type" must be one of [ava]');
    list = list.filter((a) => a.ava === true);
  }
  return { status: 200, body: { accounts: list.map(accountJson) } };
};
H.GetCustomerAccount = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  return { status: 200, body: accountJson(getAccount(c, p.accountId)) };
};
function loginAccounts(c, loginId) {
  if (!/^\d{1,19}$/.test(loginId)) throw invalidField('"institutionLoginId" must be a valid institution login ID');
  const list = customerAccounts(c).filter((a) => String(a.institutionLoginId) === loginId);
  if (!list.length) throw noAccountsForLogin(); // provider 1.35.0: NoAccountForInstitutionLoginIdExample
  return list;
}
H.GetCustomerAccountsByInstitutionLogin = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  return { status: 200, body: { accounts: loginAccounts(c, p.institutionLoginId).map(accountJson) } };
};
H.GetCustomerAccountsByInstitution = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  // provider 1.35.0: InstitutionIdParameter schema NumericInstitutionId (integer)
  if (!/^\d{1,19}$/.test(p.institutionId)) throw invalidField('"institutionId" must be an integer');
  // seed 002, Errors: "404 Resource not found (customer, consumer, account, report, institution, ...)": an institution
  // this sandbox does not know is a 404; a known one where the customer has no account is an empty list.
  if (!INSTITUTIONS[Number(p.institutionId)]) throw resourceNotFound();
  // provider: "Get all active accounts owned by the given customer at the given institution."
  const list = customerAccounts(c).filter((a) => a.institutionId === String(Number(p.institutionId)) && a.status === 'active');
  return { status: 200, body: { accounts: list.map(accountJson) } };
};
function refresh(list) {
  // seed: "completion is seen as an updated aggregation attempt date on the account"
  const t = nowSec();
  for (const a of list) { a.aggregationAttemptDate = t; a.aggregationSuccessDate = t; a.aggregationStatusCode = 0; a.balanceDate = t; a.lastUpdatedDate = t; }
  return list;
}
H.RefreshCustomerAccounts = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  return { status: 200, body: { accounts: refresh(customerAccounts(c)).map(accountJson) } };
};
H.RefreshCustomerAccountsV2 = ({ partnerId, p }) => { refresh(customerAccounts(getCustomer(partnerId, p.customerId))); return { status: 204 }; };
H.RefreshCustomerAccountsByInstitutionLogin = ({ partnerId, p, q }) => {
  const c = getCustomer(partnerId, p.customerId);
  // provider 1.35.0: FromDate/ToDateParameterForRefreshAccounts; toDate "should be later than the fromDate"
  const fromDate = qInt(q, 'fromDate');
  const toDate = qInt(q, 'toDate');
  if (fromDate !== undefined && toDate !== undefined && toDate <= fromDate) throw invalidField('"toDate" must be later than "fromDate"');
  return { status: 200, body: { accounts: refresh(loginAccounts(c, p.institutionLoginId)).map(accountJson) } };
};
H.RefreshCustomerAccountsByInstitutionLoginV2 = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  refresh(loginAccounts(c, p.institutionLoginId));
  return { status: 204 };
};
H.DeleteCustomerAccountsByInstitutionLogin = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  // seed: "Delete of an institution login ... removes access to that data only"
  for (const a of loginAccounts(c, p.institutionLoginId)) removeAccount(a);
  return { status: 204 };
};
H.DeleteCustomerAccount = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  removeAccount(getAccount(c, p.accountId));
  return { status: 204 };
};

// ---- Transactions ----
H.GetAllCustomerTransactions = ({ partnerId, p, q }) => {
  const c = getCustomer(partnerId, p.customerId);
  const txs = [...transactions.values()].filter((t) => t.customerId === c.id);
  return { status: 200, body: listTransactions(q, txs, false) };
};
H.GetCustomerAccountTransactions = ({ partnerId, p, q }) => {
  const c = getCustomer(partnerId, p.customerId);
  const a = getAccount(c, p.accountId);
  const txs = [...transactions.values()].filter((t) => t.accountId === a.id);
  return { status: 200, body: listTransactions(q, txs, true, a) };
};
H.GetCustomerTransaction = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  // provider 1.35.0: TransactionIdParameter schema integer int64
  if (!/^\d{1,19}$/.test(p.transactionId)) throw invalidField('"transactionId" must be an integer');
  const t = transactions.get(Number(p.transactionId));
  if (!t || t.customerId !== c.id) throw resourceNotFound();
  return { status: 200, body: txJson(t) };
};

// ---- Report generation ----
function consumerForReport(c) {
  // seed: "A consumer must exist for the customer before these calls"; provider: NoConsumerForCustomerExample (404)
  const cons = c.consumerId && consumers.get(c.consumerId);
  if (!cons) throw noConsumerForCustomer(c.id);
  return cons;
}
H.GenerateVOAReport = ({ partnerId, p, q, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  const callbackUrl = checkCallbackUrl(q);
  requireObjectBody(body);
  const accountIdsStr = optStr(body, 'accountIds');
  const reportCustomFields = validateCustomFields(body.reportCustomFields);
  if (body.showNsf !== undefined && typeof body.showNsf !== 'boolean') throw invalidField('"showNsf" must be a boolean');
  const fromDate = optBodyDate(body, 'fromDate');
  const cons = consumerForReport(c);
  // seed: "VOA needs checking, savings, money market or investment"; "if the customer has no eligible account type, the response is 400"
  const eligible = parseReportAccountIds(c, accountIdsStr, ['checking', 'savings', 'moneyMarket', 'investment']);
  if (!eligible.length) throw new ApiError(400, { code: 14020, message: 'Bad request. (Account type not supported).' }); // provider: AccountTypeNotSupportedExample
  const constraints = { accountIds: eligible.map((a) => a.id), ...(fromDate !== undefined ? { fromDate } : {}), showNsf: body.showNsf ?? false, ...(reportCustomFields ? { reportCustomFields } : {}) };
  const r = createReport(partnerId, c, cons, 'voa', { constraints, accountIds: eligible.map((a) => a.id), fromDate }, callbackUrl);
  return { status: 202, body: reportAck(r) };
};
H.GenerateTransactionsReport = ({ partnerId, p, q, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  const callbackUrl = checkCallbackUrl(q);
  requireObjectBody(body);
  // seed: "required report from and to dates, include pending" (query parameters per provider; also accepted in the body)
  const qFrom = qInt(q, 'fromDate');
  const qTo = qInt(q, 'toDate');
  const bFrom = optBodyDate(body, 'fromDate');
  const bTo = optBodyDate(body, 'toDate');
  const fromDate = qFrom ?? bFrom;
  const toDate = qTo ?? bTo;
  if (fromDate === undefined) throw missingField('fromDate');
  if (toDate === undefined) throw missingField('toDate');
  if (toDate <= fromDate) throw invalidField('"toDate" must be later than "fromDate"'); // provider: "It should be later than the fromDate."
  // seed: "Transactions report: at most 24 months between fromDate and toDate."
  const limit = new Date(fromDate * 1000); limit.setUTCMonth(limit.getUTCMonth() + 24);
  if (toDate * 1000 > limit.getTime()) throw invalidField('There cannot be more than 24 months between "fromDate" and "toDate"');
  const includePending = qBool(q, 'includePending', false);
  const accountIdsStr = optStr(body, 'accountIds');
  const reportCustomFields = validateCustomFields(body.reportCustomFields);
  let findTransaction;
  if (body.findTransaction !== undefined) {
    const f = body.findTransaction;
    if (!isObj(f)) throw invalidField('"findTransaction" must be an object');
    findTransaction = {};
    if (f.findTransactionDescriptionMemo !== undefined) { if (!isStr(f.findTransactionDescriptionMemo)) throw invalidField('"findTransactionDescriptionMemo" must be a string'); findTransaction.findTransactionDescriptionMemo = f.findTransactionDescriptionMemo; }
    for (const k of ['findTransactionAmountFrom', 'findTransactionAmountTo']) if (f[k] !== undefined) { if (!isNum(f[k])) throw invalidField(`"${k}" must be a number`); findTransaction[k] = f[k]; }
    if (f.findTransactionCategory !== undefined) {
      if (!Array.isArray(f.findTransactionCategory) || !f.findTransactionCategory.every(isStr)) throw invalidField('"findTransactionCategory" must be an array of strings');
      if (f.findTransactionCategory.length > 10) throw invalidField('"findTransactionCategory" must contain at most 10 items'); // provider: "Limit of 10"
      findTransaction.findTransactionCategory = f.findTransactionCategory;
    }
  }
  const cons = consumerForReport(c);
  const accs = parseReportAccountIds(c, accountIdsStr, null);
  if (!accs.length) throw new ApiError(400, { code: 14020, message: 'Bad request. (No eligible account for the report).' }); // seed: Errors 400 "no eligible account for a report"
  const constraints = { accountIds: accs.map((a) => a.id), fromDate, toDate, includePending, ...(reportCustomFields ? { reportCustomFields } : {}), ...(findTransaction ? { findTransaction } : {}) };
  const r = createReport(partnerId, c, cons, 'transactions', { constraints, accountIds: accs.map((a) => a.id), fromDate, toDate, includePending, findTransaction }, callbackUrl);
  return { status: 202, body: reportAck(r) };
};

// ---- Report retrieval ----
H.GetReportById = ({ partnerId, p, q, body, req }) => {
  checkPurpose(q.get('purpose'));
  if (body !== undefined) {
    if (!isObj(body)) throw badRequest();
    // provider 1.35.0: Lender.purpose (string; the document's example sends a number, both accepted)
    if (body.purpose !== undefined) { if (!isStr(body.purpose) && !isInt(body.purpose)) throw invalidField('"purpose" must be a string'); checkPurpose(body.purpose); }
  }
  return sendReport(req, reportFromPath(partnerId, p.reportId));
};
H.GetReportByCustomer = ({ partnerId, p, q, req }) => {
  const c = getCustomer(partnerId, p.customerId);
  checkPurpose(q.get('purpose'));
  const r = reportFromPath(partnerId, p.reportId);
  if (r.customerId !== c.id) throw resourceNotFound();
  return sendReport(req, r);
};
H.GetReportByConsumer = ({ partnerId, p, q, req }) => {
  const cons = getConsumerById(partnerId, p.consumerId);
  checkPurpose(q.get('purpose'));
  const r = reportFromPath(partnerId, p.reportId);
  if (r.consumerId !== cons.id) throw resourceNotFound();
  return sendReport(req, r);
};
const reportSummary = (r) => ({ id: r.id, requestId: r.requestId, requesterName: r.requesterName, createdDate: r.createdDate, consumerId: r.consumerId, consumerSsn: r.consumerSsn, type: r.type, status: r.status });
H.GetReportsByCustomerId = ({ partnerId, p, q }) => {
  const c = getCustomer(partnerId, p.customerId);
  checkPurpose(q.get('purpose'));
  return { status: 200, body: { reports: [...reports.values()].filter((r) => r.customerId === c.id && r.partnerId === partnerId).map(reportSummary) } };
};
H.GetReportsByConsumerId = ({ partnerId, p, q }) => {
  const cons = getConsumerById(partnerId, p.consumerId);
  checkPurpose(q.get('purpose'));
  return { status: 200, body: { reports: [...reports.values()].filter((r) => r.consumerId === cons.id).map(reportSummary) } };
};

// ---- TxPush ----
H.SubscribeToTxPushNotifications = ({ partnerId, p, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  const a = getAccount(c, p.accountId);
  requireObjectBody(body);
  const cb = reqStr(body, 'callbackUrl');
  const u = validHttpUrl(cb);
  if (!u) throw invalidField('"callbackUrl" must be a valid URL');
  // seed: Events "The listener URL must be HTTPS for any real account" -> active customers need https
  if (c.type === 'active' && u.protocol !== 'https:') throw invalidField('"callbackUrl" must use HTTPS for real-world accounts');
  // seed: Events "Only ports 80 (HTTP) and 443 (HTTPS) are allowed; other ports make the call fail."
  const port = u.port === '' ? (u.protocol === 'https:' ? 443 : 80) : Number(u.port);
  if (!TXPUSH_ANY_PORT && ((u.protocol === 'http:' && port !== 80) || (u.protocol === 'https:' && port !== 443))) throw invalidField('"callbackUrl" must use the standard port 80 (HTTP) or 443 (HTTPS)');
  // seed: "Each subscribe call yields two records, class account and class transaction"
  const subs = ['account', 'transaction'].map((type) => {
    const s = { id: nextTxPushSubId++, accountId: a.id, customerId: c.id, type, callbackUrl: cb, signingKey: rnd(64, ALNUM) };
    txpushSubs.set(s.id, s);
    return s;
  });
  // provider 1.35.0: webhook event "manage.txpush.account.created" (DECISIONS.md: emitted on TxPush subscription)
  emitWebhookEvent(partnerId, 'manage.txpush.account.created', { accountId: a.id, customerId: c.id, accountid: a.id }, { customerId: c.id, accountId: a.id, subscriptionIds: subs.map((s) => s.id) });
  return { status: 201, body: { subscriptions: subs.map((s) => ({ id: s.id, accountId: Number(s.accountId), type: s.type, callbackUrl: s.callbackUrl, signingKey: s.signingKey })) } };
};
H.DisableTxPushNotifications = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  const a = getAccount(c, p.accountId);
  // seed: "Disabling TxPush for an account deletes all its subscriptions"
  for (const [id, s] of txpushSubs) if (s.accountId === a.id) txpushSubs.delete(id);
  return { status: 204 };
};
H.DeleteTxPushSubscription = ({ partnerId, p }) => {
  const c = getCustomer(partnerId, p.customerId);
  // provider 1.35.0: SubscriptionIdParameter schema integer int64
  if (!/^\d{1,19}$/.test(p.subscriptionId)) throw invalidField('"subscriptionId" must be an integer');
  const s = txpushSubs.get(Number(p.subscriptionId));
  if (!s || s.customerId !== c.id) throw resourceNotFound();
  txpushSubs.delete(s.id); // seed: "deleting one subscription stops only that subscription's events"
  return { status: 204 };
};
H.CreateTxPushTestTransaction = ({ partnerId, p, body }) => {
  const c = getCustomer(partnerId, p.customerId);
  const a = getAccount(c, p.accountId);
  requireObjectBody(body);
  // provider 1.35.0: TestTxPushTransaction required amount, description, transactionDate
  if (body.amount === undefined || body.amount === null) throw missingField('amount');
  if (!isNum(body.amount)) throw invalidField('"amount" must be a number');
  const description = reqStr(body, 'description');
  if (body.transactionDate === undefined || body.transactionDate === null) throw missingField('transactionDate');
  const transactionDate = optBodyDate(body, 'transactionDate');
  const postedDate = optBodyDate(body, 'postedDate');
  let status = 'active';
  if (body.status !== undefined) { // a null is not the string the provider's TestTxPushTransaction.status is
    if (body.status !== 'active' && body.status !== 'pending') throw invalidField('"status" must be one of [active, pending]'); // provider: '"active" or "pending"'
    status = body.status;
  }
  // seed: "The test-transaction operation (testing accounts only)"
  if (c.type !== 'testing') throw badRequest('This service is only supported for testing accounts');
  const id = nextTxId++;
  const created = nowSec();
  const tx = { id, amount: round2(body.amount), accountId: a.id, customerId: c.id, status, description, memo: undefined, type: body.amount >= 0 ? 'credit' : 'debit', transactionDate, postedDate: status === 'active' ? (postedDate ?? transactionDate) : postedDate, createdDate: created, category: 'Uncategorized', payee: description };
  transactions.set(id, tx);
  const oldBalance = a.balance;
  if (status === 'active') { a.balance = round2(a.balance + tx.amount); a.balanceDate = created; a.lastUpdatedDate = created; }
  // seed: "triggers one transaction event and one account event (balance changed)"
  sendTxPush(a, 'transaction', { type: 'added', customerId: c.id, accountId: a.id, createdDate: created, transaction: txJson(tx) });
  sendTxPush(a, 'account', { type: 'modified', customerId: c.id, accountId: a.id, createdDate: created, changedFields: ['balance'], previousBalance: oldBalance, account: accountJson(a) });
  return { status: 201, body: { id, createdDate: created } };
};

// ---- Webhook subscriptions ----
H.createWebhookSubscription = ({ partnerId, body }) => {
  if (body === undefined) throw wBad('Request body is required');
  const v = validateSubscriptionBody(body);
  const now = Date.now();
  // Status on creation: "active" (seed States: active/inactive). See DECISIONS.md.
  const s = { subscriptionId: crypto.randomUUID(), partnerId, url: v.url, status: 'active', createdMs: now, updatedMs: now, events: v.events.map((e) => ({ webhookEventId: crypto.randomUUID(), status: 'active', ...e })) };
  webhookSubs.set(s.subscriptionId, s);
  return { status: 201, body: subJson(s) };
};
H.listWebhookSubscriptions = ({ partnerId, q }) => {
  const num = (name, def, min, max) => {
    const v = q.get(name);
    if (v === null || v === '') return def;
    if (!/^-?\d+$/.test(v)) throw wBad(`"${name}" must be an integer`);
    const n = Number(v);
    if (n < min || n > max) throw wBad(`"${name}" must be between ${min} and ${max}`);
    return n;
  };
  const offset = num('offset', 1, 1, 2147483647); // provider: ObwmsOffsetParameter default 1, minimum 1 ("Index of the page")
  const limit = num('limit', 10, 1, 100); // provider: ObwmsLimitParameter default 10, 1..100
  const all = [...webhookSubs.values()].filter((s) => s.partnerId === partnerId).sort((a, b) => a.createdMs - b.createdMs);
  const page = all.slice((offset - 1) * limit, (offset - 1) * limit + limit);
  // provider 1.35.0: Subscriptions count/total minimum 1, and the operation lists 404 -> nothing to show is a 404
  if (!page.length) throw wNotFound();
  return { status: 200, body: { count: page.length, offset, limit, total: all.length, subscriptions: page.map(subJson) } };
};
H.getWebhookSubscriptionById = ({ partnerId, p }) => ({ status: 200, body: subJson(getWebhookSub(partnerId, p.subscription_id)) });
H.updateWebhookSubscription = ({ partnerId, p, body }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  if (body === undefined) throw wBad('Request body is required');
  const v = validateSubscriptionBody(body);
  s.url = v.url;
  // Events keep their id and status when the same event name is kept (DECISIONS.md)
  s.events = v.events.map((e) => {
    const old = s.events.find((o) => o.name === e.name);
    return { webhookEventId: old ? old.webhookEventId : crypto.randomUUID(), status: old ? old.status : s.status, ...e };
  });
  s.updatedMs = Date.now();
  return { status: 200, body: subJson(s) };
};
H.deleteWebhookSubscription = ({ partnerId, p }) => { const s = getWebhookSub(partnerId, p.subscription_id); webhookSubs.delete(s.subscriptionId); return { status: 204 }; };
H.updateWebhookSubscriptionEvent = ({ partnerId, p, body }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  const ev = getWebhookEvent(s, p.webhook_event_id);
  if (body === undefined) throw wBad('Request body is required');
  const v = validateWebhookEvent(body, undefined, s.url);
  ev.name = v.name;
  if (v.url !== undefined) ev.url = v.url; else delete ev.url;
  if (v.condition !== undefined) ev.condition = v.condition; else delete ev.condition;
  s.updatedMs = Date.now();
  const out = { name: ev.name };
  if (ev.url !== undefined) out.url = ev.url;
  if (ev.condition) out.condition = ev.condition;
  return { status: 200, body: out }; // provider 1.35.0: EventUpdatedResponse (WebhookEvent)
};
H.deleteWebhookSubscriptionEvent = ({ partnerId, p }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  const ev = getWebhookEvent(s, p.webhook_event_id);
  s.events = s.events.filter((e) => e !== ev);
  s.updatedMs = Date.now();
  return { status: 204 };
};
H.changeWebhookSubscriptionEventStatus = ({ partnerId, p, body }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  const ev = getWebhookEvent(s, p.webhook_event_id);
  if (body === undefined) throw wBad('Request body is required');
  ev.status = eventStatusBody(body); // seed: States "PUT .../events/{webhook_event_id}/status ... the requested state"
  s.updatedMs = Date.now();
  return { status: 200, body: { status: ev.status } };
};
H.changeWebhookSubscriptionStatus = ({ partnerId, p, body }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  if (body === undefined) throw wBad('Request body is required');
  const st = eventStatusBody(body);
  // seed: States "Webhook subscription (all its events) ... PUT .../{subscription_id}/status"
  s.status = st;
  for (const e of s.events) e.status = st;
  s.updatedMs = Date.now();
  return { status: 200, body: { status: st } };
};
H.listAvailableWebhookSubscriptionEvents = () => ({ status: 200, body: { events: AVAILABLE_EVENTS } });
H.testWebhookSubscription = ({ partnerId, p }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  // seed: "the test-subscription operations trigger test deliveries" (active events only, DECISIONS.md)
  for (const ev of s.events) if (ev.status === 'active') deliverWebhook(s, ev, samplePayload(ev.name, partnerId), true);
  return { status: 200 };
};
H.testWebhookSubscriptionBasedOnEventId = ({ partnerId, p }) => {
  const s = getWebhookSub(partnerId, p.subscription_id);
  const ev = getWebhookEvent(s, p.webhook_event_id);
  if (ev.status === 'active') deliverWebhook(s, ev, samplePayload(ev.name, partnerId), true);
  return { status: 200 };
};

// ---------------------------------------------------------------------------------------------
// Routes (operationIds, methods and paths exactly as documented in the seed Endpoints tables)
// ---------------------------------------------------------------------------------------------
const ROUTES = [
  ['POST', '/aggregation/v2/partners/authentication', 'CreateToken', 'key'],
  ['PUT', '/aggregation/v2/partners/authentication', 'ModifyPartnerSecret', 'key'],
  ['POST', '/aggregation/v2/customers/testing', 'AddTestingCustomer'],
  ['POST', '/aggregation/v2/customers/active', 'AddCustomer'],
  ['GET', '/aggregation/v1/customers', 'GetCustomers'],
  ['GET', '/aggregation/v1/customers/{customerId}', 'GetCustomer'],
  ['PUT', '/aggregation/v1/customers/{customerId}', 'ModifyCustomer'],
  ['DELETE', '/aggregation/v1/customers/{customerId}', 'DeleteCustomer'],
  ['POST', '/decisioning/v1/customers/{customerId}/consumer', 'CreateConsumer'],
  ['GET', '/decisioning/v1/customers/{customerId}/consumer', 'GetConsumerForCustomer'],
  ['GET', '/decisioning/v1/consumers/{consumerId}', 'GetConsumer'],
  ['PUT', '/decisioning/v1/consumers/{consumerId}', 'ModifyConsumer'],
  ['GET', '/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts', 'GetCustomerAccountsByInstitutionLogin'],
  ['POST', '/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts', 'RefreshCustomerAccountsByInstitutionLogin'],
  ['POST', '/aggregation/v2/customers/{customerId}/institutionLogins/{institutionLoginId}/accounts', 'RefreshCustomerAccountsByInstitutionLoginV2'],
  ['DELETE', '/aggregation/v1/customers/{customerId}/institutionLogins/{institutionLoginId}', 'DeleteCustomerAccountsByInstitutionLogin'],
  ['GET', '/aggregation/v2/customers/{customerId}/accounts/{accountId}', 'GetCustomerAccount'],
  ['DELETE', '/aggregation/v1/customers/{customerId}/accounts/{accountId}', 'DeleteCustomerAccount'],
  ['GET', '/aggregation/v1/customers/{customerId}/accounts', 'GetCustomerAccounts'],
  ['POST', '/aggregation/v1/customers/{customerId}/accounts', 'RefreshCustomerAccounts'],
  ['POST', '/aggregation/v2/customers/{customerId}/accounts', 'RefreshCustomerAccountsV2'],
  ['GET', '/aggregation/v1/customers/{customerId}/institutions/{institutionId}/accounts', 'GetCustomerAccountsByInstitution'],
  ['GET', '/aggregation/v3/customers/{customerId}/transactions', 'GetAllCustomerTransactions'],
  ['GET', '/aggregation/v2/customers/{customerId}/transactions/{transactionId}', 'GetCustomerTransaction'],
  ['GET', '/aggregation/v4/customers/{customerId}/accounts/{accountId}/transactions', 'GetCustomerAccountTransactions'],
  ['POST', '/decisioning/v2/customers/{customerId}/voa', 'GenerateVOAReport'],
  ['POST', '/decisioning/v2/customers/{customerId}/transactions', 'GenerateTransactionsReport'],
  ['POST', '/decisioning/v3/reports/{reportId}', 'GetReportById'],
  ['GET', '/decisioning/v3/customers/{customerId}/reports/{reportId}', 'GetReportByCustomer'],
  ['GET', '/decisioning/v3/consumers/{consumerId}/reports/{reportId}', 'GetReportByConsumer'],
  ['GET', '/decisioning/v1/customers/{customerId}/reports', 'GetReportsByCustomerId'],
  ['GET', '/decisioning/v1/consumers/{consumerId}/reports', 'GetReportsByConsumerId'],
  ['POST', '/aggregation/v1/customers/{customerId}/accounts/{accountId}/txpush', 'SubscribeToTxPushNotifications'],
  ['DELETE', '/aggregation/v1/customers/{customerId}/accounts/{accountId}/txpush', 'DisableTxPushNotifications'],
  ['POST', '/aggregation/v1/customers/{customerId}/accounts/{accountId}/transactions', 'CreateTxPushTestTransaction'],
  ['DELETE', '/aggregation/v1/customers/{customerId}/subscriptions/{subscriptionId}', 'DeleteTxPushSubscription'],
  ['GET', '/notification-subscriptions/webhooks/events', 'listAvailableWebhookSubscriptionEvents', 'both', 'obwms'],
  ['POST', '/notification-subscriptions/webhooks', 'createWebhookSubscription', 'both', 'obwms'],
  ['GET', '/notification-subscriptions/webhooks', 'listWebhookSubscriptions', 'both', 'obwms'],
  ['GET', '/notification-subscriptions/webhooks/{subscription_id}', 'getWebhookSubscriptionById', 'both', 'obwms'],
  ['PUT', '/notification-subscriptions/webhooks/{subscription_id}', 'updateWebhookSubscription', 'both', 'obwms'],
  ['DELETE', '/notification-subscriptions/webhooks/{subscription_id}', 'deleteWebhookSubscription', 'both', 'obwms'],
  ['PUT', '/notification-subscriptions/webhooks/{subscription_id}/events/{webhook_event_id}', 'updateWebhookSubscriptionEvent', 'both', 'obwms'],
  ['DELETE', '/notification-subscriptions/webhooks/{subscription_id}/events/{webhook_event_id}', 'deleteWebhookSubscriptionEvent', 'both', 'obwms'],
  ['PUT', '/notification-subscriptions/webhooks/{subscription_id}/events/{webhook_event_id}/status', 'changeWebhookSubscriptionEventStatus', 'both', 'obwms'],
  ['PUT', '/notification-subscriptions/webhooks/{subscription_id}/status', 'changeWebhookSubscriptionStatus', 'both', 'obwms'],
  ['GET', '/notification-subscriptions/webhooks/{subscription_id}/test-subscriptions', 'testWebhookSubscription', 'both', 'obwms'],
  ['GET', '/notification-subscriptions/webhooks/{subscription_id}/events/{webhook_event_id}/test-subscriptions', 'testWebhookSubscriptionBasedOnEventId', 'both', 'obwms'],
].map(([method, path, opId, auth = 'both', style = 'agg']) => {
  const names = [];
  const re = new RegExp('^' + path.replace(/\{([^}]+)\}/g, (_, n) => { names.push(n); return '([^/]+)'; }) + '/?$');
  if (!H[opId]) throw new Error('missing handler ' + opId);
  return { method, path, opId, auth, style, re, names };
});
const OPERATIONS = ROUTES.map((r) => r.opId);

function send(res, status, body, headers = {}, contentType) {
  if (res.headersSent) return;
  if (body === undefined || status === 204) { res.writeHead(status, headers); res.end(); return; }
  if (Buffer.isBuffer(body)) { res.writeHead(status, { 'content-type': contentType || 'application/octet-stream', 'content-length': body.length, ...headers }); res.end(body); return; }
  const s = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(s), ...headers });
  res.end(s);
}

async function handle(req, res) {
  const u = new URL(req.url, 'http://localhost');
  const extra = {};
  const rid = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  if (rid) extra[REQUEST_ID_HEADER] = rid;
  let route; let match;
  for (const r of ROUTES) {
    if (r.method !== req.method) continue;
    const m = r.re.exec(u.pathname);
    if (m) { route = r; match = m; break; }
  }
  if (!route) {
    // Brief: any operation not implemented answers 404 saying the partner's product does not include it.
    await readBody(req).catch(() => {});
    send(res, 404, { code: 14001, status: '404', message: `Operation ${req.method} ${u.pathname} is not included in this partner's product (not implemented by this sandbox).` }, extra);
    return;
  }
  let raw;
  try { raw = await readBody(req); } catch (e) { send(res, 400, { code: 14020, message: 'Bad request.' }, extra); return; }
  try {
    const partnerId = authenticate(req, route.auth, route.style);
    const p = {};
    route.names.forEach((n, i) => { p[n] = decodeURIComponent(match[i + 1]); });
    const body = parseJsonBody(raw, route.style);
    const out = await H[route.opId]({ req, partnerId, p, q: u.searchParams, body });
    if (out.raw) send(res, out.status, out.raw, extra, out.contentType);
    else send(res, out.status, out.body, extra);
  } catch (e) {
    if (e instanceof ApiError) send(res, e.status, e.body, { ...extra, ...(e.headers || {}) });
    else { send(res, 500, { code: 500, message: 'Internal error' }, extra); process.stderr.write(String(e && e.stack) + '\n'); }
  }
}

const server = http.createServer((req, res) => { handle(req, res).catch((e) => { process.stderr.write(String(e && e.stack) + '\n'); send(res, 500, { code: 500, message: 'Internal error' }); }); });
server.keepAliveTimeout = 1000;
server.listen(PORT, HOST, () => {
  const addr = server.address();
  const hostForUrl = HOST.includes(':') ? `[${HOST}]` : HOST;
  const sheet = {
    appKey: APP_KEY,
    securityHeaders: { appKey: KEY_HEADER, appToken: TOKEN_HEADER, requestId: REQUEST_ID_HEADER },
    partnerId: PARTNER_1.id,
    partnerSecret: PARTNER_1.secret,
    sparePartnerId: PARTNER_2.id,
    sparePartnerSecret: PARTNER_2.secret,
    tokenLifetimeSeconds: TOKEN_TTL_MS / 1000,
    reportCompletionSeconds: REPORT_DELAY_MS / 1000,
    txpushListenerPorts: TXPUSH_ANY_PORT ? 'any' : [80, 443],
    institutions: Object.values(INSTITUTIONS).map((i) => ({ institutionId: String(i.id), name: i.name })),
    webhookEvents: AVAILABLE_EVENTS.map((e) => e.name),
    testData: sheetData.partner,
    sparePartnerTestData: sheetData.sparePartner,
  };
  process.stdout.write(JSON.stringify({ url: `http://${hostForUrl}:${addr.port}`, operations: OPERATIONS, sheet }) + '\n');
});
const stop = () => { server.close(); server.closeAllConnections?.(); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
