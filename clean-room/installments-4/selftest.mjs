// Self-test: starts the sandbox, sends valid and invalid calls, exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import { CompactEncrypt, compactDecrypt, importJWK } from 'jose';

let failures = 0;
const check = (cond, msg, extra) => {
  if (cond) console.log(`ok   - ${msg}`);
  else { failures++; console.log(`FAIL - ${msg}${extra !== undefined ? ` :: ${typeof extra === 'string' ? extra : JSON.stringify(extra)}` : ''}`); }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- fake issuer endpoint receiving notifications
const notifications = [];
const issuer = http.createServer((req, res) => {
  let b = '';
  req.on('data', (c) => { b += c; });
  req.on('end', () => {
    notifications.push({ path: req.url, headers: req.headers, body: JSON.parse(b || '{}') });
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 'SUCCESS', message: 'Notification received successfully' }));
  });
});
await new Promise((r) => issuer.listen(0, '127.0.0.1', r));
const issuerUrl = `http://127.0.0.1:${issuer.address().port}/notifications`;

// --- start server
const child = spawn(process.execPath, ['server.mjs', '--port', '0', '--issuer-url', issuerUrl], { cwd: new URL('.', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => { stderr += d; });
const line = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
  child.on('exit', (c) => reject(new Error(`server exited ${c}: ${stderr}`)));
  setTimeout(() => reject(new Error('timeout waiting for server')), 15000);
});
const { url, sheet } = JSON.parse(line);
check(url && sheet && sheet.baseUrl === `${url}/installments`, 'server announces url and sheet');
for (const k of ['baseUrl', 'keysUrl', 'kid', 'consumerKey', 'signingPrivateKeyPem', 'forbiddenConsumerKey', 'forbiddenSigningPrivateKeyPem', 'testData', 'productConfiguration']) check(k in sheet, `sheet has ${k}`);

// --- OAuth 1.0a signer (same algorithm as Mastercard's client libraries)
const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
function oauthHeader(uri, method, payload, consumerKey, keyPem) {
  const u = new URL(uri);
  const q = [];
  u.searchParams.forEach((v, k) => q.push([enc(k), enc(v)]));
  const oauth = {
    oauth_body_hash: crypto.createHash('sha256').update(payload || '').digest('base64'),
    oauth_consumer_key: consumerKey,
    oauth_nonce: crypto.randomBytes(12).toString('hex'),
    oauth_signature_method: 'RSA-SHA256',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  const all = [...q, ...Object.entries(oauth)].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const ps = all.map(([k, v]) => `${k}=${v}`).join('&');
  const base = `${u.protocol}//${u.host.toLowerCase()}${u.pathname}`;
  const sbs = `${method.toUpperCase()}&${enc(base)}&${enc(ps)}`;
  const sig = crypto.sign('sha256', Buffer.from(sbs), keyPem).toString('base64');
  oauth.oauth_signature = sig;
  return `OAuth ${Object.entries(oauth).map(([k, v]) => `${k}="${enc(v)}"`).join(',')}`;
}
async function call(method, path, body, { key = sheet.consumerKey, pem = sheet.signingPrivateKeyPem, headers = {}, sign = true, rawBody } = {}) {
  const uri = `${url}${path}`;
  const payload = rawBody !== undefined ? rawBody : body !== undefined ? JSON.stringify(body) : '';
  const h = { Accept: 'application/json', ...headers };
  if (payload && !('Content-Type' in h)) h['Content-Type'] = 'application/json';
  if (sign) h.Authorization = oauthHeader(uri, method, payload, key, pem);
  const r = await fetch(uri, { method, headers: h, body: payload || undefined });
  const text = await r.text();
  let json;
  try { json = text ? JSON.parse(text) : null; } catch { json = text; }
  return { status: r.status, body: json, headers: r.headers };
}
const reason = (r) => r.body?.Errors?.Error?.[0]?.ReasonCode;

// --- keys
const jwks = await (await fetch(sheet.keysUrl)).json();
check(jwks.keys?.[0]?.kid === sheet.kid, 'JWKS exposes the encryption key with the sheet kid');
const mcKey = await importJWK(jwks.keys[0], 'RSA-OAEP-256');
const encrypt = (obj, kid = sheet.kid) => new CompactEncrypt(Buffer.from(JSON.stringify(obj))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid, cty: 'application/json' }).encrypt(mcKey);
const partnerPriv = crypto.createPrivateKey(sheet.signingPrivateKeyPem);
const decrypt = async (jwe) => JSON.parse(Buffer.from((await compactDecrypt(jwe, partnerPriv)).plaintext).toString());

// --- authentication
let r = await call('POST', '/offers', { transaction: {} }, { sign: false });
check(r.status === 401, 'unsigned request -> 401', r);
r = await call('GET', '/plans/da30272e-3937-4c74-b849-63c8a5464556', undefined, { pem: sheet.forbiddenSigningPrivateKeyPem });
check(r.status === 401, 'wrong signing key -> 401', r);
r = await call('GET', '/plans/da30272e-3937-4c74-b849-63c8a5464556', undefined, { key: sheet.forbiddenConsumerKey, pem: sheet.forbiddenSigningPrivateKeyPem });
check(r.status === 403, 'not-entitled credentials -> 403', r);
r = await call('GET', '/plans/da30272e-3937-4c74-b849-63c8a5464556');
check(r.status === 200 && r.body.status === 'CREATED', 'seeded checkout plan readable', r);
check(typeof r.body.consumer?.encryptedData === 'string' && (await decrypt(r.body.consumer.encryptedData)).email, 'consumer data encrypted to partner key');

// --- PAN lists
const [range] = sheet.testData.accountRanges;
const luhnOk = (s) => { let sum = 0; let alt = false; for (let i = s.length - 1; i >= 0; i--) { let d = +s[i]; if (alt) { d *= 2; if (d > 9) d -= 9; } sum += d; alt = !alt; } return sum % 10 === 0; };
const mkPan = (prefix) => { for (let i = 0; i < 10; i++) if (luhnOk(prefix + i)) return prefix + i; return null; };
const newPan = mkPan(`5110925${String(Date.now()).slice(-8)}`);
r = await call('POST', '/consumers/pans/registrations', { panListName: 'Selftest List', accountRange: { accountRangeLow: range.accountRangeLow, accountRangeHigh: range.accountRangeHigh }, encryptedValue: await encrypt({ pans: [{ pan: newPan }, { pan: '5110923494472278' }] }) });
check(r.status === 200 && r.body.successfulCount === '1' && r.body.failureCount === '1' && /^\d{18}$/.test(r.body.panList?.panListId), 'register pans (encrypted) partial success', r.body);
const listId = r.body.panList?.panListId;
if (r.body.encryptedValue) {
  const d = await decrypt(r.body.encryptedValue);
  check(d.pans?.[0]?.error?.description === 'pan failed for Luhn check', 'failed pans returned encrypted', d);
} else check(false, 'encryptedValue returned for failures');
r = await call('POST', '/consumers/pans/registrations', { panListId: listId, sensitiveData: { pans: [{ pan: newPan }] } });
check(r.status === 200 && r.body.failureCount === '1' && r.body.sensitiveData?.pans?.[0]?.error?.description === 'pan already present in list', 'duplicate pan rejected (plain)', r.body);
r = await call('POST', '/consumers/pans/registrations', { accountRange: { accountRangeLow: range.accountRangeLow, accountRangeHigh: range.accountRangeHigh } });
check(r.status === 400 && reason(r) === 'invalid.data: panListName', 'missing panListName -> 400', r.body);
r = await call('POST', '/consumers/pans/registrations', { panListName: 'x', accountRange: { accountRangeLow: '1111111111111', accountRangeHigh: '1111111111119' } });
check(r.status === 400 && reason(r) === 'invalid.accountRange', 'unknown account range -> 400', r.body);
r = await call('POST', '/consumers/pans/registrations', { panListId: '999999999999999999', sensitiveData: { pans: [{ pan: newPan }] } });
check(r.status === 400 && reason(r) === 'invalid.request.parameter', 'unknown panListId -> 400', r.body);
r = await call('POST', '/consumers/pans/registrations', { panListName: 'x', encryptedValue: await encrypt({ pans: [{ pan: newPan }] }, 'deadbeef') });
check(r.status === 400, 'wrong kid -> 400', r.body);

// --- offers
const offerReq = (pan, amount = 400) => ({ transaction: { amount, currency: 'USD', localDateTime: '2025-10-26T00:00:00Z' }, merchant: { name: 'Globex Decor', country: 'USA', mcc: '1711', url: 'www.globexdecor.com', acquirerId: '234353', merchantId: '121234' } });
let body = offerReq();
body.encryptedValue = await encrypt({ consumer: { primaryAccountNumber: newPan } });
r = await call('POST', '/offers', body, { headers: { 'Accept-Language': 'en' } });
check(r.status === 200 && r.body.total === 2 && r.body.offers.length === 2, 'offers for a PAN registered in a pan list', r.body);
const pres = r.body;
r = await call('POST', '/offers', { ...offerReq(), sensitiveData: { consumer: { primaryAccountNumber: sheet.testData.ineligibleCardNumbers[0] } } });
check(r.status === 200 && r.body.total === 0 && r.body.eligibilityMessages?.[0]?.reasonCode === 'consumer.not.eligible', 'ineligible PAN -> no offers', r.body);
r = await call('POST', '/offers', { transaction: { amount: 400, currency: 'USD', localDateTime: '2025-10-26T00:00:00Z' }, sensitiveData: { consumer: { primaryAccountNumber: sheet.testData.eligibleCardNumbers[0] } } });
check(r.status === 400, 'offers without merchant -> 400', r.body);
r = await call('POST', '/offers', { ...offerReq(), sensitiveData: { consumer: { primaryAccountNumber: '5110921032063788' } } });
check(r.status === 400 && r.body.Errors.Error[0].Description === 'PAN provided is invalid', 'Luhn failure -> 400', r.body);
r = await call('POST', '/offers', { ...offerReq() }, { headers: { 'Content-Type': 'text/plain' } });
check(r.status === 415, 'non-JSON content type -> 415', r.body);
r = await call('POST', '/offers', { ...offerReq() }, { headers: { Accept: 'application/xml' } });
check(r.status === 406, 'non-JSON accept -> 406', r.body);
r = await call('POST', '/offers', { ...offerReq(), sensitiveData: { consumer: { primaryAccountNumber: sheet.testData.eligibleCardNumbers[0] } } }, { headers: { 'Accept-Language': 'fr' } });
check(r.status === 400 && reason(r) === 'invalid.accept.language', 'Accept-Language fr -> 400', r.body);

// --- plans
const o = pres.offers[0];
const planBody = (overrides = {}) => ({
  offerTransactionId: pres.offerTransactionId,
  merchant: { name: 'Globex Decor', country: 'USA', mcc: '1711', merchantId: '121234', url: 'www.globexdecor.com', acquirerId: '234353' },
  offerId: o.offerId,
  transactionOffers: pres.offers.map((x) => ({ offerId: x.offerId })),
  planInstallmentInformation: { apr: o.apr, currency: 'USD', frequency: o.frequency, firstInstallmentAmount: o.firstInstallmentAmount, otherInstallmentAmount: o.otherInstallmentAmount, feeValue: o.feeValue, tenure: o.tenure, totalAmount: o.totalAmount },
  providerId: o.provider.providerId,
  schedulePayments: o.schedulePayments,
  transaction: { amountType: 'PURCHASE', amount: 400, currency: 'USD', stan: '123456', rrn: '123456123456', authorizationCode: '123456', localDateTime: '2025-10-26T00:00:00Z', transmissionDateTime: '2025-10-26T00:00:00Z', transactionLinkId: '1234567890' },
  ...overrides,
});
r = await call('POST', '/plans', { ...planBody(), encryptedValue: await encrypt({ consumer: { primaryAccountNumber: sheet.testData.eligibleCardNumbers[0] } }) });
check(r.status === 400 && reason(r) === 'pan.match', 'PAN mismatch -> 400 pan.match', r.body);
r = await call('POST', '/plans', { ...planBody({ transactionOffers: undefined }), encryptedValue: await encrypt({ consumer: { primaryAccountNumber: newPan } }) });
check(r.status === 400 && /TransactionOffers must be present/.test(r.body.Errors.Error[0].Description), 'during-purchase use case requires transactionOffers', r.body);
r = await call('POST', '/plans', { ...planBody(), encryptedValue: await encrypt({ consumer: { primaryAccountNumber: newPan } }) }, { headers: { 'Correlation-Id': crypto.randomUUID() } });
check(r.status === 201 && r.body.status === 'CREATED' && r.headers.get('location') === `/plans/${r.body.planId}`, 'plan created', r.body);
const planId = r.body.planId;
r = await call('POST', '/plans', { ...planBody(), encryptedValue: await encrypt({ consumer: { primaryAccountNumber: newPan } }) });
check(r.status === 400, 'second plan for the same offer transaction -> 400', r.body);
r = await call('GET', `/plans/${planId}`);
check(r.status === 200 && r.body.status === 'CREATED' && r.body.scheduledRepayments?.length === o.tenure, 'GET plan', r.body);
r = await call('GET', '/plans/not-a-uuid');
check(r.status === 400, 'GET plan invalid id -> 400', r.body);
r = await call('GET', `/plans/${crypto.randomUUID()}`);
check(r.status === 404, 'GET unknown plan -> 404', r.body);
r = await call('DELETE', `/plans/${planId}`);
check(r.status === 405, 'DELETE plan -> 405', r.body);
await sleep(500);
check(notifications.length === 1 && notifications[0].body.planId === planId, 'issuer notified', notifications);
if (notifications[0]) {
  const d = await decrypt(notifications[0].body.encryptedValue);
  check(String(d.consumer.primaryAccountNumber) === newPan, 'notification PAN decrypts with partner key', d);
  check(/^[0-9a-f-]{36}$/.test(notifications[0].headers['correlation-id']), 'notification carries Correlation-Id');
}

// --- approvals
const approve = { planId, status: 'APPROVED', offerId: o.offerId, approvedAmount: o.totalAmount, approvedCurrency: 'USD', paymentAuthorization: { primaryAccountNumber: '5110921032063789', panExpirationMonth: '08', panExpirationYear: '2030', cardSecurityCode: '123', cardholderFullName: 'John Doe', billingAddress: { line1: '5 Street Drive', city: "O'Fallon", state: 'MO', countryCode: 'US', zip: '63368' } } };
r = await call('POST', '/approvals', { ...approve, paymentAuthorization: undefined });
check(r.status === 400, 'APPROVED without paymentAuthorization -> 400', r.body);
r = await call('POST', '/approvals', { encryptedValue: await encrypt(approve) });
check(r.status === 202 && r.headers.get('location') === `/approvals/${planId}`, 'approval accepted (async, encrypted payload)', r.body);
r = await call('GET', `/approvals/${planId}`);
check(r.status === 200 && r.body.status === 'IN_PROGRESS', 'approval in progress', r.body);
r = await call('POST', '/approvals', approve);
check(r.status === 400, 'second approval -> 400', r.body);
r = await call('GET', `/plans/${planId}`);
check(r.body.status === 'APPROVED', 'plan APPROVED', r.body);
r = await call('GET', `/approvals/${crypto.randomUUID()}`);
check(r.status === 404, 'unknown approval -> 404', r.body);

// --- merchants
const legal = `Selftest Mart ${Date.now()}`;
const ica = sheet.testData.acquirerICAs.known[0];
r = await call('POST', '/merchants/participations', [{ merchantLegalName: legal, countryCode: 'USA', acquirerICA: ica, dbaNames: ['ACME'], mids: ['987123456789124'], optIn: 'Y', address: { city: 'Springfield', postalCode: '62701' } }, { merchantLegalName: `${legal} B`, countryCode: 'USA', acquirerICA: sheet.testData.acquirerICAs.unknown[0], dbaNames: ['B'], mids: ['1'], optIn: 'N', address: { city: 'Springfield', postalCode: '62701' } }]);
check(r.status === 202 && /request_id=\d+/.test(r.headers.get('location') || ''), 'participation accepted', r.body);
const reqId = (r.headers.get('location') || '').split('=')[1];
r = await call('GET', `/merchants/participations?request_id=${reqId}`);
check(r.status === 200 && r.body.length === 2 && r.body[0].status === 'PENDING', 'request pending', r.body);
r = await call('POST', '/merchants/participations', [{ merchantLegalName: legal, countryCode: 'USA', acquirerICA: ica, optIn: 'Y' }, { merchantLegalName: 'New One', countryCode: 'USA', acquirerICA: ica, optIn: 'Y' }]);
check(r.status === 400, 'add without dbaNames/mids -> 400', r.body);
await sleep(1700);
r = await call('GET', `/merchants/participations?request_id=${reqId}`);
check(r.status === 200 && r.body[0].status === 'COMPLETED' && r.body[1].status === 'ERROR' && r.body[1].errorReason === 'INVALID_ACQUIRER_ICA', 'request settled', r.body);
check(r.headers.get('request-status') === 'COMPLETED' && r.headers.get('total') === '2', 'paging headers', Object.fromEntries(r.headers));
r = await call('GET', '/merchants/participations?request_id=abc');
check(r.status === 400, 'invalid request_id -> 400', r.body);
r = await call('GET', '/merchants/participations?request_id=1');
check(r.status === 404, 'unknown request_id -> 404', r.body);
r = await call('GET', '/merchants/participations?limit=5');
check(r.status === 200 && Array.isArray(r.body) && r.body.every((m) => m.status === 'COMPLETED'), 'list completed merchants', r.body);
r = await call('POST', '/merchants/searches?offset=0&limit=10', { merchantLegalName: legal });
check(r.status === 200 && r.body.length === 1 && r.body[0].acquirerICA === ica, 'merchant search', r.body);
r = await call('POST', '/merchants/searches', {});
check(r.status === 400, 'empty search -> 400', r.body);
r = await call('POST', '/merchants/mids/searches', { merchantLegalName: legal, countryCode: 'USA', acquirerICA: ica });
check(r.status === 200 && r.body.mids?.[0]?.status === 'COMPLETED', 'mid search', r.body);
r = await call('POST', '/merchants/mids/searches', { merchantLegalName: legal, countryCode: 'USA' });
check(r.status === 400, 'mid search missing acquirerICA -> 400', r.body);

r = await call('POST', '/merchants/participations', [{ merchantLegalName: `${legal} Maid`, countryCode: 'USA', acquirerICA: ica, dbaNames: ['M'], maid: '321765', maidType: 'EXT', optIn: 'Y', duns: '879847426' }]);
check(r.status === 202, 'MAID participation accepted', r.body);
r = await call('POST', '/merchants/participations', [{ merchantLegalName: `${legal} Maid`, countryCode: 'USA', acquirerICA: ica, maid: '999999', maidType: 'EXT', optIn: 'Y' }]);
check(r.status === 400, 'MAID is immutable', r.body);
r = await call('POST', '/merchants/participations', [{ merchantLegalName: `${legal} Maid`, countryCode: 'USA', acquirerICA: ica, maid: '321765', maidType: 'EXT', optIn: 'N', duns: '111111111' }]);
check(r.status === 400, 'duns cannot change', r.body);
r = await call('POST', '/merchants/participations', [{ merchantLegalName: `${legal} AU`, countryCode: 'AUS', acquirerICA: ica, dbaNames: ['A'], mids: ['5'], optIn: 'Y' }]);
check(r.status === 400, 'Australia requires merchantGroup', r.body);
r = await call('POST', '/merchants/participations', [{ merchantLegalName: legal, countryCode: 'USA', acquirerICA: '12345', optIn: 'Y' }]);
check(r.status === 400, 'bad acquirerICA pattern -> 400', r.body);

// --- deregistration and sync decline
r = await call('POST', '/consumers/pans/deregistrations', { panListId: listId, sensitiveData: { pans: [{ pan: newPan }, { pan: sheet.testData.ineligibleCardNumbers[0] }] } });
check(r.status === 200 && r.body.successfulCount === '1' && r.body.sensitiveData?.pans?.[0]?.error?.reasonCode === 'pan.not.registered', 'deregistration', r.body);
r = await call('POST', '/consumers/pans/deregistrations', { sensitiveData: { pans: [{ pan: newPan }] } });
check(r.status === 400 && reason(r) === 'invalid.data: panListId', 'deregistration without panListId -> 400', r.body);
body = offerReq();
body.sensitiveData = { consumer: { primaryAccountNumber: sheet.testData.eligibleCardNumbers[1] } };
r = await call('POST', '/offers', body);
const pres2 = r.body;
const o2 = pres2.offers[1];
r = await call('POST', '/plans', { ...planBody({ offerTransactionId: pres2.offerTransactionId, offerId: o2.offerId, transactionOffers: pres2.offers.map((x) => ({ offerId: x.offerId })), planInstallmentInformation: { frequency: o2.frequency, tenure: o2.tenure, totalAmount: o2.totalAmount, feeValue: o2.feeValue }, schedulePayments: o2.schedulePayments }), sensitiveData: { consumer: { primaryAccountNumber: sheet.testData.eligibleCardNumbers[1] } } });
check(r.status === 201, 'second plan (plain sensitiveData)', r.body);
const plan2 = r.body.planId;
r = await call('POST', '/approvals?sync=true', { planId: plan2, status: 'DECLINED' });
check(r.status === 400, 'DECLINED without rejectReasonCode -> 400', r.body);
r = await call('POST', '/approvals?sync=true', { planId: plan2, status: 'DECLINED', rejectReasonCode: 'LENDER_DRIVEN_REJECTION', rejectReasonDetail: 'Credit score is too low' });
check(r.status === 200 && typeof r.body.callbackUrl === 'string', 'sync decline -> 200 callbackUrl', r.body);
r = await call('GET', `/approvals/${plan2}`);
check(r.status === 200 && r.body.status === 'COMPLETED', 'sync approval completed', r.body);
r = await call('GET', `/plans/${plan2}`);
check(r.body.status === 'DECLINED' && r.body.rejectReasonCode === 'LENDER_DRIVEN_REJECTION', 'plan DECLINED', r.body);
await sleep(800);
r = await call('GET', `/approvals/${planId}`);
check(r.status === 200 && r.body.status === 'COMPLETED' && r.body.callbackUrl, 'async approval completed', r.body);

// --- misc
r = await call('GET', '/nothing-here');
check(r.status === 404, 'unknown path -> 404', r.body);

child.kill('SIGTERM');
const code = await new Promise((res) => child.on('exit', (c) => res(c)));
check(code === 0, 'server exits 0 on SIGTERM', code);
issuer.close();
console.log(failures ? `\n${failures} failure(s)` : '\nall checks passed');
if (failures) console.error(stderr.split('\n').slice(-30).join('\n'));
process.exit(failures ? 1 : 0);
