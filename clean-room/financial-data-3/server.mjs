// Partner sandbox of the financial data API (Open Finance US, 1.35.0), a partner's slice.
// Written from the documents only. Node 20, built-in modules only.
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const SPEC = JSON.parse(fs.readFileSync(path.join(here, 'openapi-slice.json'), 'utf8'));

// ---------------------------------------------------------------- args
const argv = process.argv.slice(2);
function arg(name, dflt) {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
}
const PORT = Number(arg('--port', '0'));
const HOST = arg('--host', '127.0.0.1');
const log = (...a) => process.stderr.write(a.map(String).join(' ') + '\n');

// ---------------------------------------------------------------- constants
const KEY_HEADERS = ['partner-app-key', 'finicity-app-key'];
const TOKEN_HEADERS = ['partner-app-token', 'finicity-app-token'];
const APP_KEY = 'a7f3c9e1b2d4486f9a0c5e7d1b3f2a68';
const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
const LOCK_AFTER = 5;
const LOCK_MS = 60 * 1000;
const GRACE_MS = 30 * 24 * 3600 * 1000;
const MICRO_AMOUNTS = [0.12, 0.15];
const MICRO_MAX_ATTEMPTS = 3;
const ROUTING_NUMBER = '091000019';

const SERVED = [
  'CreateToken', 'ModifyPartnerSecret',
  'AddTestingCustomer', 'GetCustomers', 'GetCustomer', 'ModifyCustomer', 'DeleteCustomer',
  'GetInstitutions', 'GetInstitution',
  'GetCustomerAccounts', 'GetCustomerAccount', 'DeleteCustomerAccount',
  'GetAccountOwner', 'GetAccountOwnerDetails', 'GetAccountACHDetails', 'GetAccountPaymentInstructionDetails',
  'GetLoanPaymentDetails', 'GetAvailableBalanceLive', 'GetAvailableBalance',
  'GetAccountDetailsByInstitutionLoginId', 'GetAccountDetailsByAccountId', 'AccountMatchingScoreDetails',
  'InitiateMicroAmountDeposits', 'VerifyMicroAmountDeposits', 'GetMicroDepositsDetails',
  'AddBusinessDetails', 'GetBusinessByCustomer', 'UpdateBusiness', 'GetBusinessById',
  'GetCustomerAccountStatement', 'GetCustomerAccountMultipleStatement', 'StoreCustomerPayStatement', 'GetAssetByCustomerID',
  'GeneratePaymentSuccessIndicators', 'GetPaymentSuccessIndicators', 'GetPaymentSuccessIndicator',
  'GenerateFcraPaymentSuccessIndicators', 'GetFcraPaymentSuccessIndicators', 'GetFCRAPaymentSuccessIndicator',
];

// ---------------------------------------------------------------- helpers
const nowSec = () => Math.floor(Date.now() / 1000);
const isoZ = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const noZone = (ms) => new Date(ms).toISOString().slice(0, 19);
const ymd = (d) => d.toISOString().slice(0, 10);
const todayUTC = () => { const d = new Date(); return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())); };
const randDigits = (n) => { let s = String(1 + crypto.randomInt(9)); while (s.length < n) s += crypto.randomInt(10); return s; };
const token20 = () => { const c = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'; let s = ''; for (let i = 0; i < 20; i++) s += c[crypto.randomInt(c.length)]; return s; };
const newAssetId = () => `${crypto.randomUUID()}-${randDigits(10)}`;
let idCounter = 1005061300;
const nextId = () => String(++idCounter);
let accountCounter = 5011648400;
const nextAccountId = () => String(++accountCounter);
let businessCounter = 192400;

class ApiError extends Error { constructor(status, body, headers) { super('api'); this.status = status; this.body = body; this.headers = headers; } }
const fail = (status, body, headers) => { throw new ApiError(status, body, headers); };
const USER_MSG = 'One or more of the fields could not be validated. Please ensure you have entered the correct data.';
const badField = (message, title) => fail(400, { code: '10010', message, status: '400', tags: '', ...(title ? { title } : {}), user_message: USER_MSG });
const generic400 = (message = 'Bad request.') => fail(400, { code: 14020, message });
const typeNotSupported = () => fail(400, { code: 14020, message: 'Bad request. (Account type not supported).' });
const customerNotFound = () => fail(404, { code: 14001, message: 'Customer not found.' });
const resourceNotFound = () => fail(404, { code: 14001, message: 'Resource not found.' });

// ---------------------------------------------------------------- schema validation (subset of OpenAPI 3.0 schema)
function resolve(ref) {
  let x = SPEC; for (const p of ref.slice(2).split('/')) x = x[p]; return x;
}
function deref(s) { while (s && s.$ref) s = resolve(s.$ref); return s; }
// returns null or { kind: 'missing'|'invalid', path, message }
function validate(schema, value, p = '') {
  schema = deref(schema);
  if (!schema) return null;
  if (schema.allOf) {
    for (const sub of schema.allOf) { const e = validate(sub, value, p); if (e) return e; }
  }
  const name = p || 'value';
  if (value === null) return schema.nullable ? null : { kind: 'invalid', path: name, message: `"${name}" must not be null` };
  const t = schema.type || (schema.properties || schema.required ? 'object' : undefined);
  if (t === 'object' && !schema['x-error-code']) {
    if (typeof value !== 'object' || Array.isArray(value)) return { kind: 'invalid', path: name, message: `"${name}" must be an object` };
    for (const r of schema.required || []) {
      if (value[r] === undefined) return { kind: 'missing', path: p ? `${p}.${r}` : r, message: `"${p ? `${p}.${r}` : r}" is required` };
    }
    for (const [k, sub] of Object.entries(schema.properties || {})) {
      if (value[k] !== undefined) { const e = validate(sub, value[k], p ? `${p}.${k}` : k); if (e) return e; }
    }
    return null;
  }
  if (t === 'array') {
    if (!Array.isArray(value)) return { kind: 'invalid', path: name, message: `"${name}" must be an array` };
    if (schema.minItems !== undefined && value.length < schema.minItems) return { kind: 'invalid', path: name, message: `"${name}" must contain at least ${schema.minItems} items` };
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return { kind: 'invalid', path: name, message: `"${name}" must contain at most ${schema.maxItems} items` };
    for (let i = 0; i < value.length; i++) { const e = validate(schema.items, value[i], `${name}[${i}]`); if (e) return e; }
    return null;
  }
  if (t === 'string') {
    if (typeof value !== 'string') return { kind: 'invalid', path: name, message: `"${name}" must be a string` };
    // provider 1.35.0 is OpenAPI 3.0, whose schema object takes minLength/maxLength from JSON Schema Validation: the
    // length of a string is its number of characters (code points), not of UTF-16 units ("𠮷" is one character).
    const chars = [...value].length;
    if (schema.minLength !== undefined && chars < schema.minLength) return { kind: 'invalid', path: name, message: `"${name}" length must be at least ${schema.minLength} characters long` };
    if (schema.maxLength !== undefined && chars > schema.maxLength) return { kind: 'invalid', path: name, message: `"${name}" length must be less than or equal to ${schema.maxLength} characters long` };
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) return { kind: 'invalid', path: name, message: `"${name}" has an invalid format` };
    if (schema.enum && !schema.enum.includes(value)) return { kind: 'invalid', path: name, message: `"${name}" must be one of [${schema.enum.join(', ')}]` };
    if (schema.format === 'date' && !isValidDate(value)) return { kind: 'invalid', path: name, message: `"${name}" must be a valid date (YYYY-MM-DD)` };
    if (schema.format === 'uri' && !isUri(value, schema.minLength === 0)) return { kind: 'invalid', path: name, message: `"${name}" must be a valid uri` };
    return null;
  }
  if (t === 'integer' || t === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { kind: 'invalid', path: name, message: `"${name}" must be a number` };
    if (t === 'integer' && !Number.isInteger(value)) return { kind: 'invalid', path: name, message: `"${name}" must be an integer` };
    if (schema.minimum !== undefined && (schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum)) return { kind: 'invalid', path: name, message: `"${name}" must be greater than ${schema.exclusiveMinimum ? '' : 'or equal to '}${schema.minimum}` };
    if (schema.maximum !== undefined && value > schema.maximum) return { kind: 'invalid', path: name, message: `"${name}" must be less than or equal to ${schema.maximum}` };
    return null;
  }
  if (t === 'boolean') {
    if (typeof value !== 'boolean') return { kind: 'invalid', path: name, message: `"${name}" must be a boolean` };
  }
  return null;
}
function isValidDate(s) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(s + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && ymd(d) === s;
}
function isUri(s, allowEmpty) {
  if (s === '' && allowEmpty) return true;
  try { const u = new URL(s); return !!u.protocol && !!u.host; } catch { return false; }
}
function bodySchema(op) {
  const rb = deref(op.requestBody);
  return rb && rb.content && rb.content['application/json'] && rb.content['application/json'].schema;
}
// generic body check -> 400 in the document's MissingFieldExample / InvalidFieldExample shape
function checkBody(ctx, onError) {
  if (ctx.bodyError) { if (onError) onError({ kind: 'invalid', message: 'Body must be a JSON document' }); generic400('Bad request. (The request body is not a valid JSON document).'); }
  if (ctx.body === undefined) { if (onError) onError({ kind: 'missing', message: 'A request body is required' }); generic400('Bad request. (A request body is required).'); }
  const e = validate(bodySchema(ctx.op), ctx.body);
  if (e) { if (onError) onError(e); badField(e.message, e.kind === 'missing' ? 'Incomplete submission' : undefined); }
}
// query parameter parsing from the document's declarations
function queryParams(ctx, onError) {
  const out = {};
  for (const pr of ctx.op.parameters || []) {
    const prm = deref(pr);
    if (prm.in !== 'query') continue;
    const raw = ctx.url.searchParams.get(prm.name);
    const schema = deref(prm.schema);
    if (raw === null || (raw === '' && schema.type !== 'string' && !prm.allowEmptyValue)) {
      if (prm.required) { if (onError) onError({ kind: 'missing', name: prm.name }); badField(`"${prm.name}" is required`, 'Incomplete submission'); }
      if (schema.default !== undefined) out[prm.name] = schema.default;
      continue;
    }
    let v = raw;
    if (schema.type === 'integer' || schema.type === 'number') {
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) { if (onError) onError({ kind: 'type', name: prm.name }); badField(`"${prm.name}" must be a number`); }
      v = Number(raw);
    } else if (schema.type === 'boolean') {
      if (raw === '' && prm.allowEmptyValue) v = true;
      else if (/^(true|false)$/i.test(raw)) v = raw.toLowerCase() === 'true';
      else { if (onError) onError({ kind: 'type', name: prm.name }); badField(`"${prm.name}" must be a boolean`); }
    }
    const e = validate(schema, v, prm.name);
    if (e) { if (onError) onError({ kind: 'invalid', name: prm.name }); badField(e.message); }
    out[prm.name] = v;
  }
  return out;
}

// ---------------------------------------------------------------- state
const partners = new Map(); // partnerId -> { partnerId, secret, oldSecret, oldSecretUntil, failures, lockedUntil }
const tokens = new Map(); // token -> { partnerId, expires }
const customers = new Map(); // customerId -> customer
const institutions = new Map();
const assets = new Map(); // assetId -> { customerId, bytes, contentType }
const businesses = new Map(); // businessId -> business
const psiRequests = new Map(); // payRequestId -> record

function addPartner(partnerId, secret) { partners.set(partnerId, { partnerId, secret, oldSecret: null, oldSecretUntil: 0, failures: 0, lockedUntil: 0 }); }
const MAIN_PARTNER = '1234583871234';
const MAIN_SECRET = 'aqJ5Ic4SEVx2IgDQ6oR4';
const SPARE_PARTNER = '1234583875678';
const SPARE_SECRET = 'Zx8kLm2Qp4Rt6Vw9';
addPartner(MAIN_PARTNER, MAIN_SECRET);
addPartner(SPARE_PARTNER, SPARE_SECRET);

function mkInstitution(id, name, o = {}) {
  return {
    id, name, transAgg: true, ach: true, stateAgg: true, voi: true, voa: true, aha: true, availBalance: true, accountOwner: true,
    studentLoanData: true, loanPaymentDetails: true, displayName: name, liabilityData: true, billPayData: false,
    accountTypeDescription: 'Banking', phone: '1-801-984-4200', urlHomeApp: 'https://www.example.com/home',
    urlLogonApp: 'https://www.example.com/login', oauthEnabled: false, urlForgotPassword: 'https://www.example.com/forgotPassword.do',
    urlOnlineRegistration: 'https://www.example.com/signup', class: 'testfi', timeZone: 'America/Denver',
    address: { city: 'Murray', state: 'UT', country: 'USA', postalCode: '84123', addressLine1: '434 W Ascension Way', addressLine2: 'Suite #200' },
    currency: 'USD', email: 'support@example.com', status: 'online',
    branding: { logo: `https://branding.example.com/${id}/logo.svg`, alternateLogo: `https://branding.example.com/${id}/alternateLogo.svg`, icon: `https://branding.example.com/${id}/icon.svg`, primaryColor: '#0167AE', tile: `https://branding.example.com/${id}/tile.svg` },
    productionStatus: { overallStatus: 'online', transAgg: 'online', voa: 'online', voi: 'online', stateAgg: 'online', ach: 'online', aha: 'online' },
    supportedCountries: ['US'],
    ...o,
  };
}
institutions.set(4222, mkInstitution(4222, 'FinBank'));
institutions.set(4223, mkInstitution(4223, 'FinBank Billable'));
institutions.set(4224, mkInstitution(4224, 'FinBank OAuth', { oauthEnabled: true, displayName: 'FinBank OAuth', specialInstructions: ['Account details', 'Balances and transactions', 'Personal and account ownership info'], specialInstructionsTitle: 'Special OAuth Login Instructions' }));
institutions.set(4225, mkInstitution(4225, 'FinBank Credit Union', { stateAgg: false, voi: false, aha: false, accountTypeDescription: 'Banking', supportedCountries: ['US', 'CA'] }));

function newCustomer(partnerId, { username, firstName, lastName, phone, email, applicationId }, type = 'testing', id = nextId()) {
  const t = nowSec();
  const c = { id, partnerId, username, firstName, lastName, phone, email, applicationId, type, createdDate: t, lastModifiedDate: t, accounts: new Map(), business: null };
  customers.set(id, c);
  return c;
}

const LINKED_CUSTOMER_ID = '1005061234';
const LINKED_LOGIN_ID = 1007302745;
const OWNER = {
  ownerName: 'John L Smith', firstName: 'John', middleName: 'L', lastName: 'Smith',
  address: { line1: '434 W Ascension Way', line2: 'Suite #200', city: 'Murray', state: 'UT', postalCode: '84123', country: 'USA' },
  email: 'john.smith@example.com', phone: '8015550123', taxId: '123-45-7890', governmentId: '123456789',
};
function seedLinkedCustomer() {
  const c = newCustomer(MAIN_PARTNER, { username: 'sandbox_linked_customer', firstName: 'John', lastName: 'Smith', phone: '1-801-555-0123', email: OWNER.email }, 'testing', LINKED_CUSTOMER_ID);
  const created = nowSec() - 90 * 86400;
  const mk = (id, type, name, realNumber, balance, extra = {}) => {
    const a = {
      id, customerId: c.id, institutionId: '4222', institutionLoginId: LINKED_LOGIN_ID, type, name, accountNickname: name,
      realAccountNumber: realNumber, number: realNumber ? 'xxxxxx' + realNumber.slice(-4) : 'xxxx' + id.slice(-4),
      accountNumberDisplay: (realNumber || id).slice(-4), status: 'active', currency: 'USD', balance, createdDate: created,
      linkedAccountDate: created, aggregationStatusCode: 0, aggregationSuccessDate: nowSec() - 3600, aggregationAttemptDate: nowSec() - 3600,
      displayPosition: c.accounts.size + 1, marketSegment: 'personal', availableBalance: balance, clearedBalance: balance,
      balanceCachedAt: 0, statementsCount: 12, ava: false, owner: OWNER, ...extra,
    };
    c.accounts.set(id, a);
    return a;
  };
  mk('5011648377', 'checking', 'Super Checking', '1000001111', 823.32, { availableBalance: 823.32, clearedBalance: 901.17, rtp: { accountNumber: '1000001112', routingNumber: ROUTING_NUMBER }, fedNow: { accountNumber: '1000001111', routingNumber: ROUTING_NUMBER } });
  mk('5011648378', 'savings', 'Super Saving', '1000002222', 22327.3);
  mk('5011648379', 'moneyMarket', 'Money Market', '1000003333', 5010.55);
  mk('5011648380', 'cd', 'Certificate of Deposit', '1000004444', 10000);
  mk('5011648381', 'creditCard', 'Credit Card', null, -1954.21);
  mk('5011648382', 'studentLoan', 'Student Loan', null, -15000.0, {
    loan: { loanNumber: '9876543210', loanPaymentNumber: '00001234895413', loanPaymentAddress: 'P.O. Box 123 Sioux Falls, IA 51054', groups: true },
  });
  mk('5011648383', 'mortgage', 'Home Mortgage', null, -235000.0, {
    loan: { loanNumber: '5231123456789', loanPaymentNumber: '5231123456789', loanPaymentAddress: 'FinBank Mortgage PO Box 718 Wexford PA 15090', groups: false },
  });
  mk('5011648384', 'investment', 'Brokerage Investment', null, 50234.12);
  mk('5011648385', 'checking', 'Everyday Checking', '1000005555', 312.08, { availableBalance: 312.08, clearedBalance: 340.1 });
}
seedLinkedCustomer();

// ---------------------------------------------------------------- auth
function header(req, names) { for (const n of names) { const v = req.headers[n]; if (v !== undefined) return String(v); } return undefined; }
function checkAppKey(req) {
  const key = header(req, KEY_HEADERS);
  if (key === undefined || key === '') fail(401, { code: 10026, message: 'Missing parameter (Partner-App-Key)' });
  if (key !== APP_KEY) fail(401, { code: 10025, message: 'Invalid (Partner-App-Key)' });
}
function checkToken(req) {
  checkAppKey(req);
  const tok = header(req, TOKEN_HEADERS);
  if (tok === undefined || tok === '') fail(401, { code: 10024, message: 'Missing parameter (Partner-App-Token)' });
  const t = tokens.get(tok);
  if (!t) fail(401, { code: 10022, message: 'Invalid (Partner-App-Token)' });
  if (t.expires <= Date.now()) fail(401, { code: 10023, message: 'Expired (Partner-App-Token)' });
  return t.partnerId;
}
function checkSecret(partnerId, secret) {
  const p = partners.get(partnerId);
  const now = Date.now();
  if (!p) fail(401, { code: 10001, message: 'Invalid credentials' });
  if (p.lockedUntil > now) fail(401, { code: 10001, message: 'Invalid credentials (partner locked after 5 failed attempts)' });
  const ok = secret === p.secret || (p.oldSecret !== null && secret === p.oldSecret && p.oldSecretUntil > now);
  if (!ok) {
    p.failures += 1;
    if (p.failures >= LOCK_AFTER) { p.lockedUntil = now + LOCK_MS; p.failures = 0; }
    fail(401, { code: 10001, message: 'Invalid credentials' });
  }
  p.failures = 0;
  return p;
}

// ---------------------------------------------------------------- lookups
function getCustomer(ctx, id, notFound = customerNotFound) {
  const c = customers.get(id);
  if (!c || c.deleted || c.partnerId !== ctx.partnerId) notFound();
  return c;
}
function getAccount(ctx, cid, aid, nf = {}) {
  const c = getCustomer(ctx, cid, nf.customer || customerNotFound);
  const a = c.accounts.get(aid);
  if (!a || a.deleted) (nf.account || resourceNotFound)(c);
  return { c, a };
}
const DEPOSIT = ['checking', 'savings', 'moneyMarket', 'cd'];
const LOAN_TYPES = ['loan', 'studentLoan', 'studentLoanAccount', 'studentLoanGroup', 'mortgage'];
const STATEMENT_TYPES = ['checking', 'savings', 'moneyMarket', 'cd', 'investment', 'investmentTaxDeferred', 'brokerageAccount', '401k', 'ira', 'roth', '403b', 'mortgage', 'creditCard', 'loan', 'lineOfCredit', 'studentLoan', 'studentLoanAccount', 'studentLoanGroup'];
function requireType(a, types) { if (a.ava || !types.includes(a.type)) typeNotSupported(); }

// ---------------------------------------------------------------- views
function customerView(c) {
  const o = { id: c.id, username: c.username };
  if (c.firstName !== undefined) o.firstName = c.firstName;
  if (c.lastName !== undefined) o.lastName = c.lastName;
  if (c.phone !== undefined) o.phone = c.phone;
  if (c.email !== undefined) o.email = c.email;
  o.type = c.type; o.createdDate = String(c.createdDate); o.lastModifiedDate = String(c.lastModifiedDate);
  if (c.applicationId !== undefined) o.applicationId = c.applicationId;
  return o;
}
function accountView(a) {
  const o = {
    id: a.id, number: a.number, accountNumberDisplay: a.accountNumberDisplay, name: a.name, accountNickname: a.accountNickname,
    balance: a.balance, type: a.type, status: a.status, customerId: a.customerId, institutionId: a.institutionId,
    createdDate: a.createdDate, currency: a.currency, institutionLoginId: a.institutionLoginId, displayPosition: a.displayPosition,
    marketSegment: a.marketSegment, linkedAccountDate: a.linkedAccountDate,
  };
  if (a.realAccountNumber && DEPOSIT.includes(a.type)) o.realAccountNumberLast4 = a.realAccountNumber.slice(-4);
  if (!a.ava) {
    Object.assign(o, { aggregationStatusCode: a.aggregationStatusCode, balanceDate: a.aggregationSuccessDate, aggregationSuccessDate: a.aggregationSuccessDate, aggregationAttemptDate: a.aggregationAttemptDate, lastUpdatedDate: a.aggregationSuccessDate, lastTransactionDate: a.aggregationSuccessDate - 86400, oldestTransactionDate: a.createdDate - 180 * 86400 });
    o.detail = accountDetail(a);
  }
  return o;
}
function accountDetail(a) {
  const t = a.aggregationSuccessDate;
  if (DEPOSIT.includes(a.type)) return { dateAsOf: t, availableBalanceAmount: a.availableBalance, openDate: a.createdDate - 400 * 86400, periodStartDate: t - 30 * 86400, periodEndDate: t, periodInterestRate: 0.5, periodDepositAmount: 2356.56, periodInterestAmount: 1.23, interestYtdAmount: 10.56, interestPriorYtdAmount: 12.02 };
  if (a.type === 'creditCard') return { dateAsOf: t, interestRate: '15.789', creditAvailableAmount: 5045.79, creditMaxAmount: 7000, currentBalance: 1954.21, paymentMinAmount: 45, paymentDueDate: t + 15 * 86400, statementCloseBalance: 1754.21 };
  // provider 1.35.0 CustomerAccountDetail: "Not all data points will return for each account type"; LastPaymentDate is
  // "(Credit Card/Line Of Credit) The date of the last payment": never on a loan (lastPaymentAmount names Mortgage/Loan too).
  if (LOAN_TYPES.includes(a.type)) return { dateAsOf: t, interestRate: '4.5', principalBalance: -a.balance, nextPayment: 1578, nextPaymentDate: t + 20 * 86400, lastPaymentAmount: 1578, payoffAmount: -a.balance + 120.5 };
  return { dateAsOf: t, currentBalance: a.balance };
}
function simpleView(a) {
  return { id: a.id, accountNumberDisplay: a.accountNumberDisplay, name: a.name, type: a.type, aggregationStatusCode: a.aggregationStatusCode ?? 0, status: a.status, aggregationSuccessDate: isoZ(a.aggregationSuccessDate * 1000), aggregationAttemptDate: isoZ(a.aggregationAttemptDate * 1000), createdDate: isoZ(a.createdDate * 1000), currency: a.currency, displayPosition: a.displayPosition, parentAccount: a.id };
}
function holderDetails(a, withInsights) {
  const o = a.owner;
  const h = {
    relationship: 'PRIMARY', ownerName: o.ownerName, firstName: o.firstName, middleName: o.middleName, lastName: o.lastName,
    nameClassification: 'person', nameClassificationConfidenceScore: 1, nameClassificationconfidencescore: 1,
    addresses: [{ ownerAddress: ownerAddressLine(o), type: 'Home', ...o.address }],
    emails: [{ isPrimary: true, email: o.email, emailType: 'Personal' }],
    phones: [{ type: 'CELL', country: '1', phone: o.phone }],
    documentations: [{ taxId: o.taxId, taxIdCountry: 'USA', governmentId: o.governmentId }],
  };
  if (withInsights) h.identityInsights = { requestRefId: crypto.randomUUID(), isEmailValid: true, emailFirstSeenDays: 453, emailDomainCreationDate: '2011-06-29T00:00:00.000Z', emailToName: 'match', ipRisk: false, ipRiskScore: 0.123, isPhoneValid: true, phoneLineType: 'mobile', phoneCarrier: 'FinCarrier', phoneCountryCode: 'US', phoneLastSeenDays: 42, phoneToName: 'match', phoneToAddress: 'match', addressValidityLevel: 'valid', addressToName: 'match', emailRisk: 0.1, identityRiskScore: 25, warnings: [], alerts: [] };
  return h;
}
const ownerAddressLine = (o) => `${o.address.line1} ${o.address.line2} ${o.address.city} ${o.address.state} ${o.address.postalCode}`;

function balanceFor(a, interval) {
  // interval in minutes; 0 => live
  const now = Date.now();
  if (!(interval > 0 && a.balanceCachedAt && now - a.balanceCachedAt <= interval * 60000)) a.balanceCachedAt = now;
  return a.balanceCachedAt;
}
function availableBalanceView(a, atMs) {
  return { id: Number(a.id), realAccountNumberLast4: a.realAccountNumber.slice(-4), availableBalance: a.availableBalance, availableBalanceDate: Math.floor(atMs / 1000), clearedBalance: a.clearedBalance, clearedBalanceDate: Math.floor(atMs / 1000), aggregationStatusCode: 0, currency: a.currency };
}
function paymentInstructions(a) {
  const list = [{ type: 'ach', accountNumber: a.realAccountNumber, tanEnabled: false, descriptors: [{ type: 'routingNumber', value: ROUTING_NUMBER }] }];
  if (a.rtp) list.push({ type: 'rtp', accountNumber: a.rtp.accountNumber, tanEnabled: false, descriptors: [{ type: 'routingNumber', value: a.rtp.routingNumber }], transferInEnabled: true, transferOutEnabled: true });
  if (a.fedNow) list.push({ type: 'fedNow', accountNumber: a.fedNow.accountNumber, tanEnabled: false, descriptors: [{ type: 'routingNumber', value: a.fedNow.routingNumber }], transferInEnabled: true, transferOutEnabled: false });
  return list;
}

// statements: one per month, index 1 = most recent
function statementMeta(a, index) {
  if (index > a.statementsCount) return null;
  a.statementAssets = a.statementAssets || {};
  const end = todayUTC(); end.setUTCDate(1); end.setUTCMonth(end.getUTCMonth() - (index - 1)); end.setUTCDate(0);
  const start = new Date(end); start.setUTCDate(1);
  const fmt = (d) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  if (!a.statementAssets[index]) {
    const id = newAssetId();
    a.statementAssets[index] = id;
    assets.set(id, { customerId: a.customerId, contentType: 'application/pdf', bytes: pdfBytes(`Statement ${a.name} ${fmt(start)} - ${fmt(end)}`) });
  }
  return { index: String(index), id: a.statementAssets[index], asOfDate: nowSec(), description: `${fmt(start)} - ${fmt(end)}`, documentDate: ymd(end) };
}
function pdfBytes(text) {
  const t = text.replace(/[()\\]/g, '');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 12 Tf 72 720 Td (${t}) Tj ET`;
  objs[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n'; const offs = [];
  objs.forEach((o, i) => { offs.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offs.map((o) => String(o).padStart(10, '0') + ' 00000 n \n').join('');
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------- PSI model
function daysBetween(a, b) { return Math.round((b.getTime() - a.getTime()) / 86400000); }
function psiDays(settleByDate) {
  const today = todayUTC();
  const out = daysBetween(today, new Date(settleByDate + 'T00:00:00Z'));
  const n = Math.min(10, Math.max(3, out + 1));
  const days = [];
  for (let i = 0; i < n; i++) { const d = new Date(today); d.setUTCDate(d.getUTCDate() + i); days.push(ymd(d)); }
  return days;
}
function psiScore(amount, balance, dayIndex) {
  const ratio = balance > 0 ? amount / balance : 10;
  let s = ratio <= 0.25 ? 88 : ratio <= 0.5 ? 76 : ratio <= 1 ? 55 : 22;
  s = Math.max(0, Math.min(100, s - dayIndex));
  return s;
}
const riskIndicator = (s) => (s >= 70 ? 'Low Risk' : s >= 40 ? 'Medium Risk' : 'High Risk');
const settleIndicator = (s) => (s >= 70 ? 'Highly Likely to Settle' : s >= 40 ? 'Likely to Settle' : 'Less Likely to Settle');
function reasons(amount, balance) {
  const r = balance > 0 ? Math.min(100, Math.round((amount / balance) * 50)) : 100;
  return { recentBalance: 100 - Math.min(100, r), balanceHistory: 23, nsfHistory: 40, recentNsfHistory: 34, recurringNsf: 34, spendHistory: 44, depositHistory: 10, transactionAmount: r };
}
function newPayRequestId() { let id; do { id = randDigits(18); } while (psiRequests.has(id)); return id; }

// ---------------------------------------------------------------- name similarity (owner match)
function norm(s) { return String(s ?? '').toLowerCase().replace(/[^a-z0-9]/g, ''); }
function lev(a, b) {
  const m = a.length, n = b.length; if (!m) return n; if (!n) return m;
  let prev = Array.from({ length: n + 1 }, (_, i) => i);
  for (let i = 1; i <= m; i++) { const cur = [i]; for (let j = 1; j <= n; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)); prev = cur; }
  return prev[n];
}
function sim(x, y) { const a = norm(x), b = norm(y); if (!a && !b) return 100; if (!a || !b) return 0; return Math.round(100 * (1 - lev(a, b) / Math.max(a.length, b.length))); }

// ---------------------------------------------------------------- handlers
const H = {};
function send(res, status, body, headers = {}) {
  if (body === undefined || status === 204) { res.writeHead(status, headers); res.end(); return; }
  if (Buffer.isBuffer(body)) { res.writeHead(status, { 'Content-Length': body.length, ...headers }); res.end(body); return; }
  const s = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(s), ...headers });
  res.end(s);
}

H.CreateToken = (ctx) => {
  checkBody(ctx);
  const { partnerId, partnerSecret } = ctx.body;
  checkSecret(partnerId, partnerSecret);
  const token = token20();
  tokens.set(token, { partnerId, expires: Date.now() + TOKEN_TTL_MS });
  return [200, { token }];
};
H.ModifyPartnerSecret = (ctx) => {
  checkBody(ctx);
  const { partnerId, partnerSecret, newPartnerSecret, immediate } = ctx.body;
  const p = checkSecret(partnerId, partnerSecret);
  const okPolicy = typeof newPartnerSecret === 'string' && /^[A-Za-z0-9!@#$%&*_\-+]{12,255}$/.test(newPartnerSecret) && /\d/.test(newPartnerSecret) && /[A-Za-z]/.test(newPartnerSecret);
  if (!okPolicy) fail(400, { code: 24437, message: 'New password is not as per policy' });
  if (immediate === false) { p.oldSecret = p.secret; p.oldSecretUntil = Date.now() + GRACE_MS; } else { p.oldSecret = null; p.oldSecretUntil = 0; }
  p.secret = newPartnerSecret;
  return [204];
};

const USERNAME_RE = /^[A-Za-z0-9!@.#$%&*_\-+]{6,255}$/;
H.AddTestingCustomer = (ctx) => {
  checkBody(ctx);
  const b = ctx.body;
  if (!USERNAME_RE.test(b.username)) badField('"username" must be 6 to 255 characters of letters, digits or ! @ . # $ % & * _ - +');
  if (b.phone !== undefined && b.phone.length > 15) badField('"phone" length must be less than or equal to 15 characters long');
  for (const c of customers.values()) {
    if (!c.deleted && c.partnerId === ctx.partnerId && c.username === b.username) fail(409, { code: 110002, message: 'Username is not available.' });
  }
  const c = newCustomer(ctx.partnerId, b, 'testing');
  return [201, { id: c.id, username: c.username, createdDate: c.createdDate }];
};
H.GetCustomers = (ctx) => {
  const q = queryParams(ctx);
  if (q.type !== undefined && !['testing', 'active', ''].includes(q.type)) badField('"type" must be one of [testing, active]');
  if (q.start < 1) fail(400, { code: 1618, message: 'Negative or invalid value entered. Please use positive numbers only.' });
  if (q.limit < 1) fail(400, { code: 1618, message: 'Negative or invalid value entered. Please use positive numbers only.' });
  let list = [...customers.values()].filter((c) => !c.deleted && c.partnerId === ctx.partnerId);
  if (q.username !== undefined && q.username !== '') list = list.filter((c) => c.username === q.username);
  if (q.type) list = list.filter((c) => c.type === q.type);
  if (q.search) {
    const s = q.search.toLowerCase().trim();
    list = list.filter((c) => {
      const f = (c.firstName || '').toLowerCase(), l = (c.lastName || '').toLowerCase();
      return c.username.toLowerCase().includes(s) || f.includes(s) || l.includes(s) || `${f} ${l}`.includes(s) || `${l} ${f}`.includes(s) || `${l}, ${f}`.includes(s);
    });
  }
  list.sort((a, b) => a.createdDate - b.createdDate || Number(a.id) - Number(b.id));
  const from = (q.start - 1) * q.limit;
  const page = list.slice(from, from + q.limit);
  return [200, { found: list.length, displaying: page.length, moreAvailable: from + page.length < list.length, customers: page.map(customerView) }];
};
H.GetCustomer = (ctx) => [200, customerView(getCustomer(ctx, ctx.params.customerId))];
H.ModifyCustomer = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  checkBody(ctx);
  const { firstName, lastName } = ctx.body;
  if (firstName === undefined && lastName === undefined) badField('"firstName" or "lastName" is required', 'Incomplete submission');
  if (firstName !== undefined) c.firstName = firstName;
  if (lastName !== undefined) c.lastName = lastName;
  c.lastModifiedDate = nowSec();
  return [204];
};
H.DeleteCustomer = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  c.deleted = true;
  return [204];
};

function institutionsMatching(q) {
  let list = [...institutions.values()];
  if (q.search && q.search !== '*') {
    const terms = q.search.toLowerCase().split(/\s+/).filter(Boolean);
    list = list.filter((i) => terms.every((t) => i.name.toLowerCase().includes(t) || sim(t, i.name) >= 60 || i.name.toLowerCase().split(/\s+/).some((w) => sim(t, w) >= 70)));
  }
  if (q.type) list = list.filter((i) => i[q.type] === true);
  if (q.supportedCountries && q.supportedCountries !== '*') {
    const cs = q.supportedCountries.toUpperCase().split(',');
    list = list.filter((i) => cs.some((c) => i.supportedCountries.includes(c)));
  }
  return list;
}
const institutionView = (i) => { const { supportedCountries, ...rest } = i; return rest; };
H.GetInstitutions = (ctx) => {
  const q = queryParams(ctx);
  if (q.start < 1 || q.limit < 1) fail(400, { code: 1618, message: 'Negative or invalid value entered. Please use positive numbers only.' });
  const PRODUCT_TYPES = ['transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner'];
  if (q.type !== undefined && q.type !== '' && !PRODUCT_TYPES.includes(q.type)) badField(`"type" must be one of [${PRODUCT_TYPES.join(', ')}]`);
  const list = institutionsMatching(q);
  const from = (q.start - 1) * q.limit;
  const page = list.slice(from, from + q.limit);
  return [200, { found: list.length, displaying: page.length, moreAvailable: from + page.length < list.length, createdDate: nowSec(), institutions: page.map(institutionView) }];
};
H.GetInstitution = (ctx) => {
  const raw = ctx.params.institutionId;
  if (!/^\d+$/.test(raw)) badField('"institutionId" must be a number');
  const i = institutions.get(Number(raw));
  if (!i) resourceNotFound();
  return [200, { institution: institutionView(i) }];
};

H.GetCustomerAccounts = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  const q = queryParams(ctx);
  if (q.account_type !== undefined && q.account_type !== '' && q.account_type !== 'ava') badField('"account_type" must be one of [ava]');
  let list = [...c.accounts.values()].filter((a) => !a.deleted);
  if (q.account_type === 'ava') list = list.filter((a) => a.ava);
  if (q.status) list = list.filter((a) => a.status === q.status);
  return [200, { accounts: list.map(accountView) }];
};
H.GetCustomerAccount = (ctx) => { const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId); return [200, accountView(a)]; };
H.DeleteCustomerAccount = (ctx) => { const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId); a.deleted = true; return [204]; };

H.GetAccountOwner = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  if (a.ava) typeNotSupported();
  return [200, { ownerName: a.owner.ownerName, ownerAddress: ownerAddressLine(a.owner), asOfDate: nowSec() }];
};
H.GetAccountOwnerDetails = (ctx) => {
  const nf = () => badField('Customer ID does not exist or does not belong to this partner');
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId, { customer: nf, account: () => badField('Account ID does not exist or does not belong to this customer') });
  const q = queryParams(ctx);
  if (a.ava) typeNotSupported();
  return [200, { holders: [holderDetails(a, q.withInsights === true)] }];
};
H.GetAccountACHDetails = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  requireType(a, DEPOSIT);
  return [200, { routingNumber: ROUTING_NUMBER, realAccountNumber: a.realAccountNumber }];
};
H.GetAccountPaymentInstructionDetails = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  requireType(a, ['checking', 'savings', 'moneyMarket']);
  return [200, { paymentInstruction: paymentInstructions(a) }];
};
H.GetLoanPaymentDetails = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  requireType(a, LOAN_TYPES);
  const L = a.loan;
  const payoffDate = new Date(todayUTC().getTime() + 30 * 86400000).toISOString();
  const detail = { accountId: a.id, accountNumber: L.loanNumber, accountPaymentNumber: L.loanPaymentNumber, accountPaymentAddress: L.loanPaymentAddress, accountFuturePayoffAmount: -a.balance, accountFuturePayoffDate: payoffDate };
  if (L.groups) {
    const loans = [1, 2].map((n) => ({ accountId: a.id, loanNumber: `${L.loanNumber}-Group A-${n}`, loanPaymentNumber: `${L.loanPaymentNumber}-A-${n}`, loanPaymentAddress: L.loanPaymentAddress, loanFuturePayoffAmount: -a.balance / 2, loanFuturePayoffDate: payoffDate }));
    detail.groupDetail = [{ accountId: a.id, groupNumber: `${L.loanNumber}-Group A`, groupPaymentNumber: `${L.loanPaymentNumber}-A`, groupPaymentAddress: L.loanPaymentAddress, groupFuturePayoffAmount: -a.balance, groupFuturePayoffDate: payoffDate, groupLoanDetail: loans }];
    detail.loanDetail = loans;
  }
  return [200, { loanNumber: L.loanNumber, loanPaymentNumber: L.loanPaymentNumber, loanPaymentAddress: L.loanPaymentAddress, accountDetail: detail }];
};
H.GetAvailableBalanceLive = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  const q = queryParams(ctx);
  requireType(a, DEPOSIT);
  return [200, availableBalanceView(a, balanceFor(a, q.balance_cache_interval || 0))];
};
H.GetAvailableBalance = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  requireType(a, DEPOSIT);
  if (!a.balanceCachedAt) a.balanceCachedAt = a.aggregationSuccessDate * 1000;
  return [200, availableBalanceView(a, a.balanceCachedAt), { Deprecation: 'true' }];
};

const PEB_FIELDS = ['balanceDetails', 'paymentInstruction', 'accountIdentity'];
function pebInclude(ctx) {
  const q = queryParams(ctx, (e) => { if (e.name === 'balance_cache_interval') generic400('Bad request. (balance_cache_interval must be an integer between 1 and 1440).'); });
  let inc = PEB_FIELDS;
  if (q.include !== undefined && q.include.trim() !== '') {
    inc = q.include.split(',').map((s) => s.trim().replace(/^`|`$/g, ''));
    if (inc.some((f) => !PEB_FIELDS.includes(f))) fail(400, { code: 12019, message: "fields parameter value must be 'balanceDetails','paymentInstruction' and 'accountIdentity'" });
  }
  return { inc: [...new Set(inc)], interval: q.balance_cache_interval ?? 30 };
}
function pebBundle(c, accounts, inc, interval) {
  const out = { customerId: c.id, errorCount: 0, accountCount: accounts.length, accountIdentitySuccessCount: 0, balanceDetailsSuccessCount: 0, paymentInstructionSuccessCount: 0, accounts: [] };
  for (const a of accounts) {
    const inst = institutions.get(Number(a.institutionId));
    const e = { id: a.id, institutionId: a.institutionId, institutionName: inst ? inst.name : 'FinBank', institutionLoginId: a.institutionLoginId, accountDetails: simpleView(a) };
    if (a.realAccountNumber) e.realAccountNumberLast4 = a.realAccountNumber.slice(-4);
    const errors = [];
    const unsupported = (f) => errors.push({ fieldName: f, code: '14020', description: 'Account type not supported' });
    if (inc.includes('balanceDetails')) {
      if (DEPOSIT.includes(a.type)) { const at = balanceFor(a, interval); e.balanceDetails = { ...availableBalanceView(a, at), availableBalanceDate: isoZ(at), clearedBalanceDate: isoZ(at) }; out.balanceDetailsSuccessCount++; } else unsupported('balanceDetails');
    }
    if (inc.includes('accountIdentity')) { e.accountIdentity = { holders: [holderDetails(a, false)] }; out.accountIdentitySuccessCount++; }
    if (inc.includes('paymentInstruction')) {
      if (DEPOSIT.includes(a.type)) { e.paymentInstruction = { type: 'ach', accountNumber: a.realAccountNumber, tanEnabled: false, descriptors: [{ type: 'routingNumber', value: ROUTING_NUMBER }] }; out.paymentInstructionSuccessCount++; } else unsupported('paymentInstruction');
    }
    if (errors.length) { e.errors = errors; out.errorCount += errors.length; }
    out.accounts.push(e);
  }
  return out;
}
H.GetAccountDetailsByInstitutionLoginId = (ctx) => {
  const raw = ctx.params.institutionLoginId;
  const c = getCustomer(ctx, ctx.params.customerId, () => fail(404, { code: 14001, message: 'Customer not found.' }));
  if (!/^\d+$/.test(raw)) generic400('Bad request. (institutionLoginId must be a number).');
  const { inc, interval } = pebInclude(ctx);
  const accounts = [...c.accounts.values()].filter((a) => !a.deleted && !a.ava && String(a.institutionLoginId) === raw && DEPOSIT.includes(a.type));
  if (!accounts.length) fail(404, { code: 38007, message: 'Customer does not have any accounts associated with institutionLoginId.' });
  return [200, pebBundle(c, accounts, inc, interval)];
};
H.GetAccountDetailsByAccountId = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId, () => fail(404, { code: 14001, message: 'Customer not found.' }));
  const a = c.accounts.get(ctx.params.accountId);
  if (!a || a.deleted || a.ava) fail(404, { code: 38003, message: 'Customer does not have any accounts' });
  const { inc, interval } = pebInclude(ctx);
  return [200, pebBundle(c, [a], inc, interval)];
};

H.AccountMatchingScoreDetails = (ctx) => {
  const missing = () => fail(400, { code: '15001', level: 'error', message: 'One of the specified fields is missing or blank.', status: '400', title: 'Missing required field' });
  const cnf = () => fail(404, { code: 10002, message: 'Customer ID was not found.', status: '404', title: 'Customer ID was not found.', user_message: 'Customer ID was not found.' });
  const anf = () => fail(404, { code: '12017', level: 'error', message: 'No Account Owners Details Found.', status: '404', title: 'No Account Owners Details Found.' });
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId, { customer: cnf, account: anf });
  checkBody(ctx, (e) => { if (e.kind === 'missing') missing(); fail(400, { code: '14020', level: 'error', message: `Bad Request. ${e.message}`, status: '400', title: 'Bad Request' }); });
  const b = ctx.body;
  if (!String(b.name.firstName).trim() || !String(b.name.lastName).trim()) missing();
  if (a.ava) anf();
  // provider 1.35.0: the owner match's path item declares InsightsParameter (`insights`, a boolean: "If this parameter is true,
  // Identity Insights data will be returned along with the account owner information"); seed 002 lists the insights parameter.
  const rawInsights = ctx.url.searchParams.get('insights');
  let insights = false;
  if (rawInsights !== null && rawInsights !== '') {
    if (!/^(true|false)$/i.test(rawInsights)) fail(400, { code: '14020', level: 'error', message: 'Bad Request. "insights" must be a boolean', status: '400', title: 'Bad Request' });
    insights = rawInsights.toLowerCase() === 'true';
  }
  const o = a.owner;
  const h = holderDetails(a, insights);
  delete h.documentations;
  const n = b.name;
  const nameScores = { ownerName: sim([n.firstName, n.middleName, n.lastName, n.suffix].filter(Boolean).join(' '), o.ownerName), firstName: sim(n.firstName, o.firstName), lastName: sim(n.lastName, o.lastName) };
  if (n.middleName !== undefined) nameScores.middleName = sim(n.middleName, o.middleName);
  if (n.suffix !== undefined) nameScores.suffix = sim(n.suffix, o.suffix || '');
  h.nameScores = nameScores;
  if (b.address) {
    const ad = b.address; const sc = {};
    for (const k of ['line1', 'line2', 'line3', 'city', 'state', 'postalCode']) if (ad[k] !== undefined) sc[k] = sim(ad[k], o.address[k] || '');
    if (ad.country !== undefined) sc.country = ['US', 'USA'].includes(String(ad.country).toUpperCase()) ? 100 : 0;
    if (ad.type !== undefined) sc.type = sim(ad.type, 'Home');
    sc.ownerAddress = sim([ad.line1, ad.line2, ad.line3, ad.city, ad.state, ad.postalCode].filter(Boolean).join(' '), ownerAddressLine(o));
    h.addresses[0].addressScores = sc;
  }
  if (b.email !== undefined) h.emails[0].emailScores = { email: String(b.email).toLowerCase() === o.email.toLowerCase() ? 100 : sim(b.email, o.email) };
  if (b.phone !== undefined) h.phones[0].phoneScores = { phone: norm(b.phone) === norm(o.phone) ? 100 : sim(b.phone, o.phone) };
  return [200, { holders: [h] }];
};

// ---- micro entries
function abaValid(rn) {
  if (!/^\d{9}$/.test(rn)) return false;
  const d = rn.split('').map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}
const AVA_TYPES = { personalChecking: 'checking', businessChecking: 'checking', personalSavings: 'savings', businessSavings: 'savings', checking: 'checking', savings: 'savings' };
function microView(a) {
  const m = a.micro;
  const o = { status: microStatus(a), statusDescription: '', creationDate: noZone(m.createdAt), routingNumber: m.routingNumber, accountNumberLast4: m.accountNumber.slice(-4), railType: 'ach' };
  o.statusDescription = { Pending: 'Micro entries are in pending status', Completed: 'Micro entries are deposited to the account', Verified: 'Micro entries are successfully verified', Failed: 'Micro entries verification failed' }[o.status] || `Micro entries are in ${o.status} status`;
  return o;
}
function microStatus(a) { const m = a.micro; if (m.status === 'Pending' && Date.now() - m.createdAt >= 2000) m.status = 'Completed'; return m.status; }
H.InitiateMicroAmountDeposits = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  checkBody(ctx);
  const r = ctx.body.receiver;
  if (!abaValid(r.routingNumber)) fail(400, { code: 20024, message: 'Invalid routing number' });
  if (!/^\d{4,17}$/.test(r.accountNumber)) fail(400, { code: 3000001, message: 'Invalid account number' });
  if (!AVA_TYPES[r.accountType]) generic400('Bad request. (accountType must be one of personalChecking, businessChecking, personalSavings, businessSavings, checking, savings).');
  if (!r.name.trim() || r.name.length > 100) fail(400, { code: 14020, message: 'Bad request. (Invalid account name).' });
  if (r.memo !== undefined && (r.memo.length > 50 || !/^[\x20-\x7E]*$/.test(r.memo))) fail(400, { code: 3000003, message: 'Invalid memo' });
  if (ctx.body.institutionLoginId !== undefined && !/^\d+$/.test(ctx.body.institutionLoginId)) badField('"institutionLoginId" must be a number');
  for (const a of c.accounts.values()) {
    if (!a.deleted && a.ava && a.micro.routingNumber === r.routingNumber && a.micro.accountNumber === r.accountNumber) fail(409, { code: 3100001, message: 'Account already exist' });
  }
  const id = nextAccountId();
  const t = nowSec();
  const a = {
    id, customerId: c.id, institutionId: '0', institutionLoginId: ctx.body.institutionLoginId ? Number(ctx.body.institutionLoginId) : Number(id), type: AVA_TYPES[r.accountType], name: r.name, accountNickname: r.name,
    realAccountNumber: r.accountNumber, number: 'xxxx' + r.accountNumber.slice(-4), accountNumberDisplay: r.accountNumber.slice(-4), status: 'pending', currency: 'USD', balance: 0,
    createdDate: t, linkedAccountDate: t, displayPosition: c.accounts.size + 1, marketSegment: /^business/.test(r.accountType) ? 'business' : 'personal', ava: true,
    micro: { routingNumber: r.routingNumber, accountNumber: r.accountNumber, amounts: MICRO_AMOUNTS, createdAt: Date.now(), status: 'Pending', attempts: 0, callbackUrl: ctx.body.callbackUrl },
  };
  c.accounts.set(id, a);
  return [200, { accountId: id, status: 'Pending', depositCount: 2, statusDescription: 'Micro entries successfully initiated', railType: 'ach' }];
};
H.VerifyMicroAmountDeposits = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  if (!a.ava) fail(404, { code: 14001, message: 'Resource not found.' });
  const bad = () => fail(400, { code: 3000003, message: 'Invalid amount format', status: microStatus(a), statusDescription: 'Invalid amount format' });
  checkBody(ctx, bad);
  const amts = ctx.body.amounts;
  if (amts.length !== 2 || amts.some((x) => !(x > 0 && x < 1) || Math.round(x * 100) !== x * 100 && Math.abs(Math.round(x * 100) - x * 100) > 1e-9)) bad();
  const st = microStatus(a);
  if (st === 'Failed') fail(400, { code: 3200003, message: 'Microdeposit verification attempts exceeded', status: 'Failed', statusDescription: 'Micro entries verification attempts exceeded' });
  if (st !== 'Pending' && st !== 'Completed') fail(400, { code: 3200002, message: `Microdeposit is in ${st} status`, status: st, statusDescription: `Micro entries are in ${st} status` });
  const got = amts.map((x) => Math.round(x * 100)).sort((x, y) => x - y);
  const want = a.micro.amounts.map((x) => Math.round(x * 100)).sort((x, y) => x - y);
  if (got[0] !== want[0] || got[1] !== want[1]) {
    a.micro.attempts += 1;
    if (a.micro.attempts >= MICRO_MAX_ATTEMPTS) { a.micro.status = 'Failed'; fail(400, { code: 3200003, message: 'Microdeposit verification attempts exceeded', status: 'Failed', statusDescription: 'Micro entries verification attempts exceeded' }); }
    fail(400, { code: 3200004, message: "Microdeposit amounts didn't match", status: st, statusDescription: "Micro entries amounts didn't match" });
  }
  a.micro.status = 'Verified';
  a.status = 'active';
  return [200, { status: 'Verified', statusDescription: 'Micro entries are successfully verified' }];
};
H.GetMicroDepositsDetails = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  if (!a.ava) fail(404, { code: 14001, message: 'Resource not found.' });
  return [200, microView(a)];
};

// ---- businesses
const bizCustomerNotFound = () => fail(404, { code: 10002, message: 'Customer ID was not found.', status: '404', title: 'Customer ID was not found.', user_message: 'Customer ID was not found.' });
const bizNotFound = () => fail(404, { code: 10003, message: 'Business ID was not found.', status: '404', title: 'Business ID was not found.', user_message: 'Business ID was not found.' });
function checkBusinessBody(ctx) {
  checkBody(ctx);
  const b = ctx.body;
  if (b.phoneNumber.phoneNo !== undefined && b.phoneNumber.phoneNo.length < 7) badField('"phoneNumber.phoneNo" length must be at least 7 characters long');
  if (b.phoneNumber.phoneNo !== undefined && !/^\+?\d+$/.test(b.phoneNumber.phoneNo)) badField('"phoneNumber.phoneNo" must be a phone number in E.164 format');
  if (b.phoneNumber.countryCode !== undefined && !/^\d{1,3}$/.test(b.phoneNumber.countryCode)) badField('"phoneNumber.countryCode" must be 1 to 3 digits');
}
const BUSINESS_FIELDS = ['name', 'personallyLiable', 'address', 'phoneNumber', 'url', 'email', 'type', 'taxId'];
function businessView(b) {
  const o = {};
  for (const k of BUSINESS_FIELDS) if (b[k] !== undefined) o[k] = b[k];
  return { ...o, businessId: b.businessId, createdDate: noZone(b.createdAt), modifiedDate: noZone(b.modifiedAt) };
}
function liveBusiness(ctx, id) {
  const b = businesses.get(id);
  if (!b) bizNotFound();
  const c = customers.get(b.customerId);
  if (!c || c.deleted || c.partnerId !== ctx.partnerId) bizNotFound();
  return b;
}
H.AddBusinessDetails = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customer_id, bizCustomerNotFound);
  checkBusinessBody(ctx);
  if (c.business) fail(409, { code: 11000, message: `A business already exists for customer ${c.id}` });
  const t = Date.now();
  const b = { businessId: String(++businessCounter), customerId: c.id, createdAt: t, modifiedAt: t };
  for (const k of BUSINESS_FIELDS) if (ctx.body[k] !== undefined) b[k] = ctx.body[k];
  businesses.set(b.businessId, b);
  c.business = b.businessId;
  return [200, businessView(b)];
};
H.GetBusinessByCustomer = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customer_id, bizCustomerNotFound);
  if (!c.business) fail(404, { code: 10003, message: 'Business ID was not found.', status: '404', title: 'Business ID was not found.', user_message: 'No business was found for this customer.' });
  return [200, [businessView(businesses.get(c.business))]];
};
H.UpdateBusiness = (ctx) => {
  const b = liveBusiness(ctx, ctx.params.business_id);
  checkBusinessBody(ctx);
  for (const k of BUSINESS_FIELDS) { if (ctx.body[k] !== undefined) b[k] = ctx.body[k]; else delete b[k]; }
  b.modifiedAt = Math.max(Date.now(), b.createdAt + 1000);
  return [200, businessView(b)];
};
H.GetBusinessById = (ctx) => [200, [businessView(liveBusiness(ctx, ctx.params.business_id))]];

// ---- statements & assets
H.GetCustomerAccountStatement = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  const q = queryParams(ctx);
  if (q.index < 1) badField('"index" must be greater than or equal to 1');
  requireType(a, STATEMENT_TYPES);
  const m = statementMeta(a, q.index);
  if (!m) fail(404, { code: 960, message: 'statement not found.' });
  return [200, assets.get(m.id).bytes, { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="statement-${a.id}-${q.index}.pdf"` }];
};
H.GetCustomerAccountMultipleStatement = (ctx) => {
  const { a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  const q = queryParams(ctx, () => generic400());
  const parts = String(q.index ?? '1').split(',').map((s) => s.trim());
  if (!parts.length || parts.length > 24 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 24)) generic400('Bad request. (index must be comma-separated integers between 1 and 24).');
  requireType(a, STATEMENT_TYPES);
  const idx = [...new Set(parts.map(Number))];
  const statements = idx.map((i) => statementMeta(a, i) || { index: String(i), asOfDate: nowSec(), code: '960', message: 'statement not found.' });
  return [200, { statements }];
};
const PAY_LABELS = ['lastPayPeriod', 'lastPayPeriodMinusOne', 'lastPayPeriodMinusTwo', 'previousYearLastPayPeriod', 'previousYear2LastPayPeriod', 'earliestPayPeriod'];
H.StoreCustomerPayStatement = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  checkBody(ctx);
  const { label, statement } = ctx.body;
  if (!PAY_LABELS.includes(label)) badField(`"label" must be one of [${PAY_LABELS.join(', ')}]`);
  const s = statement.replace(/\s+/g, '');
  if (!s || !/^[A-Za-z0-9+/]+={0,2}$/.test(s) || s.length % 4 === 1) badField('"statement" must be a Base64 encoded file');
  const bytes = Buffer.from(s, 'base64');
  if (!bytes.length) badField('"statement" must be a Base64 encoded file');
  const ct = bytes.subarray(0, 4).toString('latin1') === '%PDF' ? 'application/pdf' : bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : bytes[0] === 0x89 && bytes[1] === 0x50 ? 'image/png' : 'application/octet-stream';
  const id = newAssetId();
  assets.set(id, { customerId: c.id, bytes, contentType: ct, label });
  return [200, { assetId: id }];
};
H.GetAssetByCustomerID = (ctx) => {
  const c = getCustomer(ctx, ctx.params.customerId);
  const as = assets.get(ctx.params.assetId);
  if (!as || as.customerId !== c.id) fail(404, { code: 13002, message: 'Asset not found' });
  return [200, as.bytes, { 'Content-Type': 'application/octet-stream' }];
};

// ---- PSI
function checkAcceptJson(ctx) {
  const acc = ctx.req.headers.accept;
  if (!acc) return;
  const ok = acc.split(',').some((p) => { const m = p.trim().split(';')[0].trim().toLowerCase(); return m === '*/*' || m === 'application/*' || m === 'application/json'; });
  if (!ok) fail(406, { code: 20000, message: "Only 'application/json' is supported.", status: '406' });
}
const PURPOSE_RE = /^[0-9A-Z]{2}$/;
function psiAccount(ctx) {
  const { c, a } = getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  if (a.status !== 'active') fail(400, { code: 10013, message: 'Only active accounts can be used, please use a different account' });
  requireType(a, ['checking', 'savings', 'moneyMarket']);
  return { c, a };
}
function generatePsi(ctx, fcra) {
  checkAcceptJson(ctx);
  let purpose;
  if (fcra) {
    const raw = ctx.url.searchParams.get('purpose');
    if (raw === null || raw === '') fail(400, { code: '10100', message: 'Permissible Purpose Code is required', status: '400' });
    if (!PURPOSE_RE.test(raw)) fail(400, { code: 10005, message: 'invalid purpose code' });
    purpose = raw;
  }
  const { c, a } = psiAccount(ctx);
  checkBody(ctx);
  const tx = ctx.body.transaction;
  if (tx.settleByDate < ymd(todayUTC())) fail(400, { code: 10006, message: 'settleByDate must not be in the past' });
  if (fcra && !c.email && !(ctx.body.user && ctx.body.user.email)) fail(400, { code: 12022, message: 'An email is required when registering a customer for PSI-FCRA' });
  // provider 1.35.0 PaymentSuccessIndicatorsPhone.number: "Note: This field is required only if email is not provided." A user
  // given without an email must name a phone number.
  const u = ctx.body.user;
  if (u && !u.email && !(u.phone && u.phone.number)) badField('"user.phone.number" is required when "user.email" is not provided', 'Incomplete submission');
  const rec = { payRequestId: newPayRequestId(), fcra, purpose, partnerId: ctx.partnerId, customerId: c.id, accountId: a.id, requestDate: ymd(todayUTC()), transaction: { amount: tx.amount, settleByDate: tx.settleByDate }, createdAt: Date.now(), balance: a.availableBalance };
  psiRequests.set(rec.payRequestId, rec);
  return [202, psiView(rec, false)];
}
function psiView(rec, withReasons) {
  const done = Date.now() - rec.createdAt >= 1500;
  const o = { payRequestId: rec.payRequestId, status: done ? 'SUCCESS' : 'IN PROGRESS', customerId: rec.customerId, accountId: rec.accountId, requestDate: rec.requestDate, transaction: rec.transaction };
  if (!done) return o;
  const days = psiDays(rec.transaction.settleByDate);
  const dailyResults = days.map((d, i) => { const s = psiScore(rec.transaction.amount, rec.balance, i); const r = { potentialSettlementDate: d, score: s, indicator: riskIndicator(s) }; if (withReasons) r.reasons = reasons(rec.transaction.amount, rec.balance); return r; });
  o.nsfReturnRisk = { result: { availableBalance: rec.balance, dailyResults } };
  const u = rec.transaction.amount > 5000 ? 45 : 89;
  o.unauthorizedReturnRisk = { result: { score: u, indicator: riskIndicator(u) } };
  return o;
}
function getPsi(ctx, fcra) {
  checkAcceptJson(ctx);
  getAccount(ctx, ctx.params.customerId, ctx.params.accountId);
  const id = ctx.params.payRequestId;
  if (!/^\d{18}$/.test(id)) badField('"payRequestId" length must be 18 characters long');
  const q = queryParams(ctx);
  const rec = psiRequests.get(id);
  if (!rec || rec.fcra !== fcra || rec.partnerId !== ctx.partnerId || rec.customerId !== ctx.params.customerId || rec.accountId !== ctx.params.accountId) resourceNotFound();
  return [200, psiView(rec, q.include_reasons === true)];
}
H.GeneratePaymentSuccessIndicators = (ctx) => generatePsi(ctx, false);
H.GenerateFcraPaymentSuccessIndicators = (ctx) => generatePsi(ctx, true);
H.GetPaymentSuccessIndicators = (ctx) => getPsi(ctx, false);
H.GetFcraPaymentSuccessIndicators = (ctx) => getPsi(ctx, true);

function legacyPsi(ctx, fcra) {
  const sp = ctx.url.searchParams;
  const c = customers.get(ctx.params.customerId);
  if (!c || c.deleted || c.partnerId !== ctx.partnerId) fail(404, { code: 14001, message: 'Customer not found.' });
  const a = c.accounts.get(ctx.params.accountId);
  if (!a || a.deleted) fail(404, { code: 38003, message: `customer does not have given account (customerId = ${c.id},    accountId = [${ctx.params.accountId}])` });
  const amtRaw = sp.get('settlementAmount'), dateRaw = sp.get('settleByDate'), pc = sp.get('purposeCode');
  if (amtRaw === null || amtRaw === '') fail(400, { code: 10009, message: 'Missing parameter (settlementAmount)' });
  if (dateRaw === null || dateRaw === '') fail(400, { code: 10009, message: 'Missing parameter (settleByDate)' });
  if (fcra && (pc === null || pc === '')) fail(400, { code: 10009, message: 'purposeCode is a required parameter' });
  if (!/^-?\d+(\.\d+)?$/.test(amtRaw.trim())) fail(400, { code: 10007, message: 'settlementAmount is the incorrect type' });
  if (!isValidDate(dateRaw)) fail(400, { code: 10007, message: 'settleByDate is the incorrect type' });
  const amount = Number(amtRaw);
  if (!(amount > 0)) fail(400, { code: 1618, message: 'Negative or invalid value entered. Please use positive numbers only.' });
  if (fcra && pc !== '1P') fail(400, { code: 10005, message: 'invalid purpose code' });
  if (dateRaw < ymd(todayUTC())) fail(400, { code: 10006, message: 'settleByDate must not be in the past' });
  if (a.status !== 'active') fail(400, { code: 10013, message: 'Only active accounts can be used, please use a different account' });
  requireType(a, ['checking', 'savings', 'moneyMarket']);
  if (fcra && !c.email) fail(400, { code: 12022, message: 'An email is required when registering a customer for PSI-FCRA' });
  const bal = a.availableBalance;
  const days = psiDays(dateRaw);
  const out = { customerId: c.id, accountId: a.id, payReqId: newPayRequestId(), settleByDate: dateRaw, settlementAmount: amount, availableBalance: bal };
  if (amount > bal) { out.code = '2000'; out.message = 'Successful Warning - settlement amount exceeds available balance'; }
  out.indicatorsByDay = days.map((d, i) => { const s = psiScore(amount, bal, i); return { potentialSettlementDate: d, compositeScore: s, scoreIndicator: settleIndicator(s), reasons: reasons(amount, bal) }; });
  const ordered = {}; for (const k of ['code', 'message', 'customerId', 'accountId', 'payReqId', 'settleByDate', 'settlementAmount', 'availableBalance', 'indicatorsByDay']) if (out[k] !== undefined) ordered[k] = out[k];
  return [200, ordered];
}
H.GetPaymentSuccessIndicator = (ctx) => legacyPsi(ctx, false);
H.GetFCRAPaymentSuccessIndicator = (ctx) => legacyPsi(ctx, true);

// ---------------------------------------------------------------- routing
const ROUTES = [];
for (const [p, item] of Object.entries(SPEC.paths)) {
  const names = [];
  const re = new RegExp('^' + p.split('/').map((seg) => { const m = /^\{(.+)\}$/.exec(seg); if (m) { names.push(m[1]); return '([^/]+)'; } return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }).join('/') + '/?$');
  ROUTES.push({ path: p, re, names, item, literal: p.split('/').filter((s) => s && !s.startsWith('{')).length });
}
ROUTES.sort((a, b) => b.literal - a.literal || a.names.length - b.names.length);

function matchRoute(pathname) {
  for (const r of ROUTES) {
    const m = r.re.exec(pathname);
    if (m) { const params = {}; r.names.forEach((n, i) => { try { params[n] = decodeURIComponent(m[i + 1]); } catch { params[n] = m[i + 1]; } }); return { r, params }; }
  }
  return null;
}

async function readBody(req) {
  const chunks = []; let size = 0;
  for await (const c of req) { size += c.length; if (size > 20 * 1024 * 1024) throw new ApiError(413, { code: 14020, message: 'Bad request. (Request body too large).' }); chunks.push(c); }
  return Buffer.concat(chunks);
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const method = req.method.toLowerCase();
  const found = matchRoute(url.pathname);
  if (!found) return send(res, 404, { code: 14001, message: 'Resource not found.' });
  const op = found.r.item[method];
  if (!op) {
    const allow = Object.keys(found.r.item).map((m) => m.toUpperCase()).join(', ');
    return send(res, 405, { code: 14020, message: `Bad request. (Method ${req.method} is not allowed on this resource).` }, { Allow: allow });
  }
  const ctx = { req, url, op, params: found.params, partnerId: null };
  const security = op.security || SPEC.security;
  const keyOnly = security.length > 0 && security.every((s) => Object.keys(s).length === 1 && s.FinicityAppKey !== undefined);
  if (keyOnly) checkAppKey(req); else ctx.partnerId = checkToken(req);
  if (!op.inSlice || !H[op.operationId]) fail(403, { code: 10403, status: '403', message: `Forbidden. (${op.operationId} is not part of the products enabled for this partner).` });
  if (op.requestBody) {
    const raw = await readBody(req);
    if (raw.length) {
      try { ctx.body = JSON.parse(raw.toString('utf8')); } catch { ctx.bodyError = true; }
    }
  }
  const [status, body, headers] = await H[op.operationId](ctx);
  send(res, status, body, headers);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    if (e instanceof ApiError) return send(res, e.status, e.body, e.headers);
    log('internal error', e && e.stack || e);
    send(res, 500, { code: 500, message: 'Internal server error' });
  }).finally(() => log(`${req.method} ${req.url} -> ${res.statusCode}`));
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  const sheet = {
    securityHeaders: { appKey: 'Partner-App-Key', appToken: 'Partner-App-Token' },
    appKey: APP_KEY,
    partnerId: MAIN_PARTNER,
    partnerSecret: MAIN_SECRET,
    sparePartnerId: SPARE_PARTNER,
    sparePartnerSecret: SPARE_SECRET,
    institutions: [...institutions.values()].map((i) => ({ institutionId: i.id, name: i.name })),
    routingNumber: ROUTING_NUMBER,
    testData: {
      linkedCustomer: {
        customerId: LINKED_CUSTOMER_ID,
        username: 'sandbox_linked_customer',
        institutionId: 4222,
        institutionLoginId: LINKED_LOGIN_ID,
        accounts: {
          checking: '5011648377', savings: '5011648378', moneyMarket: '5011648379', cd: '5011648380', creditCard: '5011648381',
          studentLoan: '5011648382', mortgage: '5011648383', investment: '5011648384', spareChecking: '5011648385',
        },
      },
    },
    microEntryAmounts: MICRO_AMOUNTS,
    alsoAcceptedHeaders: { appKey: 'Finicity-App-Key', appToken: 'Finicity-App-Token' },
  };
  process.stdout.write(JSON.stringify({ url: `http://${HOST}:${port}`, sheet, operations: SERVED }) + '\n');
  log(`sandbox listening on http://${HOST}:${port}`);
});
const stop = () => { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 500).unref(); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
