// Starts server.mjs (with a local issuer endpoint) and exercises every served operation.
import { spawn } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import * as jose from 'jose';

let failures = 0;
const check = (cond, msg) => { if (!cond) { failures++; console.error('FAIL', msg); } else console.log('ok  ', msg); };

// issuer endpoint
const notes = [];
const issuer = http.createServer((req, res) => { let b = ''; req.on('data', c => b += c); req.on('end', () => { notes.push({ headers: req.headers, body: JSON.parse(b || '{}'), path: req.url }); res.writeHead(201, { 'Content-Type': 'application/json' }); res.end('{"status":"SUCCESS","message":"Notification received successfully"}'); }); });
await new Promise(r => issuer.listen(0, '127.0.0.1', r));
const issuerUrl = `http://127.0.0.1:${issuer.address().port}`;

const child = spawn(process.execPath, [new URL('./server.mjs', import.meta.url).pathname, '--issuer-url', issuerUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((res, rej) => { let buf = ''; child.stdout.on('data', d => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) res(buf.slice(0, i)); }); child.on('exit', c => rej(new Error('server exited ' + c))); });
const { url, sheet } = JSON.parse(line);

const pct = s => encodeURIComponent(s).replace(/[!'()*]/g, c => '%' + c.charCodeAt(0).toString(16).toUpperCase());
function sign(method, fullUrl, body, ck, pem) {
  const u = new URL(fullUrl);
  const o = { oauth_consumer_key: ck, oauth_nonce: crypto.randomBytes(8).toString('hex'), oauth_timestamp: String(Math.floor(Date.now() / 1000)), oauth_signature_method: 'RSA-SHA256', oauth_version: '1.0', oauth_body_hash: crypto.createHash('sha256').update(body || '').digest('base64') };
  const params = [...[...u.searchParams].map(([k, v]) => [pct(k), pct(v)]), ...Object.entries(o).map(([k, v]) => [pct(k), pct(v)])].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1);
  const base = `${method}&${pct(`${u.protocol}//${u.host}${u.pathname}`)}&${pct(params.map(([k, v]) => `${k}=${v}`).join('&'))}`;
  o.oauth_signature = crypto.sign('RSA-SHA256', Buffer.from(base), pem).toString('base64');
  return 'OAuth ' + Object.entries(o).map(([k, v]) => `${k}="${pct(v)}"`).join(',');
}
async function call(method, path, body, { ck = sheet.consumerKey, pem = sheet.signingPrivateKeyPem, headers = {}, noAuth = false } = {}) {
  const full = sheet.baseUrl + path; const payload = body === undefined ? '' : JSON.stringify(body);
  const h = { Accept: 'application/json', ...(payload ? { 'Content-Type': 'application/json' } : {}), ...headers };
  if (!noAuth) h.Authorization = sign(method, full, payload, ck, pem);
  const r = await fetch(full, { method, headers: h, body: payload || undefined });
  const txt = await r.text(); let json; try { json = txt ? JSON.parse(txt) : undefined; } catch { json = txt; }
  return { status: r.status, body: json, headers: r.headers };
}
const jwks = await (await fetch(sheet.keysUrl)).json();
check(jwks.keys[0].kid === sheet.kid, 'GET /keys publishes kid');
const pub = await jose.importJWK(jwks.keys[0], 'RSA-OAEP-256');
const enc = async obj => new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(obj))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: sheet.kid }).encrypt(pub);

const pan = sheet.testData.eligibleCardNumbers[0];
const range = sheet.testData.accountRanges[0];
try {
  // auth
  let r = await call('POST', '/offers', {}, { noAuth: true }); check(r.status === 401, 'offers without OAuth -> 401');
  r = await call('POST', '/offers', {}, { ck: sheet.forbiddenConsumerKey, pem: sheet.forbiddenSigningPrivateKeyPem }); check(r.status === 403, 'forbidden partner -> 403');

  // registrations
  const newPan = (() => { const p = range.accountRangeLow.slice(0, 10) + '12345'; for (let c = 0; c < 10; c++) { const s = p + c; let sum = 0, alt = false; for (let i = s.length - 1; i >= 0; i--) { let n = +s[i]; if (alt) { n *= 2; if (n > 9) n -= 9; } sum += n; alt = !alt; } if (sum % 10 === 0) return s; } })();
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'Selftest list', accountRange: range, encryptedValue: await enc({ pans: [{ pan: newPan }, { pan: '23037' }] }) });
  check(r.status === 200 && r.body.successfulCount === '1' && r.body.failureCount === '1' && /^\d{18}$/.test(r.body.panList.panListId), 'register pans (partial success) -> 200');
  const listId = r.body.panList && r.body.panList.panListId;
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'bad_name!' }); check(r.status === 400, 'register invalid name -> 400');
  r = await call('POST', '/consumers/pans/registrations', { panListId: '123' }); check(r.status === 400, 'register invalid panListId -> 400');
  r = await call('POST', '/consumers/pans/deregistrations', { panListId: listId, sensitiveData: await enc({ pans: [{ pan: newPan }] }) });
  check(r.status === 200 && r.body.successfulCount === '1', 'deregister pan -> 200');
  r = await call('POST', '/consumers/pans/deregistrations', { panListId: listId }); check(r.status === 400, 'deregister without pans -> 400');

  // offers
  const tx = { amount: 400, currency: 'USD', localDateTime: '2024-10-26T00:00:00Z' };
  const merchant = { name: 'Globex Decor', country: 'USA', mcc: '1711', url: 'www.globexdecor.com', acquirerId: '234353', merchantId: '121234' };
  r = await call('POST', '/offers', { transaction: tx, merchant, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) }, { headers: { 'Accept-Language': 'en' } });
  check(r.status === 200 && r.body.total === 2 && r.headers.get('correlation-id'), 'offers -> 200 with 2 offers');
  const offers = r.body;
  r = await call('POST', '/offers', { transaction: { currency: 'USD', localDateTime: tx.localDateTime }, merchant }); check(r.status === 400, 'offers without amount -> 400');
  r = await call('POST', '/offers', { transaction: tx, merchant }, { headers: { Accept: 'text/xml' } }); check(r.status === 406, 'offers Accept text/xml -> 406');

  // plans
  const o = offers.offers[0];
  const planBody = { offerTransactionId: offers.offerTransactionId, merchant, offerId: o.offerId, transactionOffers: offers.offers.map(x => ({ offerId: x.offerId })),
    planInstallmentInformation: { apr: o.apr, currency: 'USD', frequency: o.frequency, firstInstallmentAmount: o.firstInstallmentAmount, otherInstallmentAmount: o.otherInstallmentAmount, feeValue: o.feeValue, tenure: o.tenure, totalAmount: o.totalAmount },
    providerId: o.provider.providerId, schedulePayments: o.schedulePayments.map(s => ({ installmentAmount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber })),
    transaction: { amountType: 'PURCHASE', amount: 400, currency: 'USD', stan: '123456', rrn: '123456123456', authorizationCode: '123456', localDateTime: tx.localDateTime, transmissionDateTime: tx.localDateTime, transactionLinkId: '1234567890' },
    sensitiveData: await enc({ consumer: { primaryAccountNumber: pan } }) };
  r = await call('POST', '/plans', planBody);
  check(r.status === 201 && r.body.status === 'CREATED', 'POST /plans -> 201 CREATED');
  const planId = r.body.planId;
  r = await call('POST', '/plans', { ...planBody, transaction: { ...planBody.transaction, amount: 401 } }); check(r.status === 400, 'plan amount mismatch -> 400');
  r = await call('POST', '/plans', { ...planBody, transaction: { ...planBody.transaction, amountType: 'X' } }); check(r.status === 400, 'plan bad amountType -> 400');
  r = await call('GET', `/plans/${planId}`); check(r.status === 200 && r.body.status === 'CREATED', 'GET /plans/{id} -> 200');
  r = await call('GET', `/plans/${crypto.randomUUID()}`); check(r.status === 404, 'GET unknown plan -> 404');

  // approvals
  r = await call('GET', `/approvals/${planId}`); check(r.status === 404, 'approval status before approval -> 404');
  r = await call('POST', '/approvals', { planId, status: 'DECLINED' }); check(r.status === 400, 'DECLINED without reason -> 400');
  r = await call('POST', '/approvals?sync=true', { planId, status: 'APPROVED', offerId: o.offerId, approvedAmount: 400, approvedCurrency: 'USD', paymentAuthorization: { primaryAccountNumber: '5555111122223333', panExpirationMonth: '08', panExpirationYear: '2030', cardSecurityCode: '123', cardholderFullName: 'John Doe', billingAddress: { line1: '5 Street Drive', city: "O'Fallon", state: 'MO', countryCode: 'US', zip: '63368' } } });
  check(r.status === 200 && r.body.callbackUrl, 'POST /approvals?sync=true -> 200');
  r = await call('GET', `/approvals/${planId}`); check(r.status === 200 && r.body.status === 'COMPLETED', 'GET /approvals/{id} -> 200');
  r = await call('GET', `/plans/${planId}`); check(r.body.status === 'APPROVED', 'plan now APPROVED');

  // merchants
  const ica = sheet.testData.acquirerICAs.known[0];
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: ica, dbaNames: ['ST'], mids: ['111222333444555'], optIn: 'Y', address: { city: 'Phoenix', postalCode: '85001' } }]);
  check(r.status === 202 && r.headers.get('location'), 'POST participations -> 202');
  const rid = r.headers.get('request_id');
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'X', countryCode: 'US', acquirerICA: ica }]); check(r.status === 400, 'participation bad country -> 400');
  r = await call('GET', `/merchants/participations?request_id=${rid}`); check(r.status === 200 && r.body[0].status === 'COMPLETED', 'GET participations by request_id -> 200');
  r = await call('GET', '/merchants/participations?request_id=abc'); check(r.status === 400, 'GET participations bad request_id -> 400');
  r = await call('GET', '/merchants/participations?request_id=1'); check(r.status === 404, 'GET participations unknown request_id -> 404');
  r = await call('POST', '/merchants/searches?limit=10', { merchantLegalName: 'Selftest Mart' }); check(r.status === 200 && r.body.length === 1 && r.headers.get('total') === '1', 'POST merchants/searches -> 200');
  r = await call('POST', '/merchants/searches', {}); check(r.status === 400, 'merchant search empty -> 400');
  r = await call('POST', '/merchants/mids/searches', { merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: ica }); check(r.status === 200 && r.body.mids.length === 1, 'POST mids/searches -> 200');
  r = await call('POST', '/merchants/mids/searches', { merchantLegalName: 'Selftest Mart' }); check(r.status === 400, 'mid search missing fields -> 400');

  // notification
  await new Promise(r => setTimeout(r, 500));
  const n = notes.find(x => x.body.planId === planId);
  check(n && n.path === '/notifications' && /^[0-9a-f-]{36}$/.test(n.headers['correlation-id']) && n.body.issuerIca && n.body.encryptedValue, 'issuer received notification');
} catch (e) { failures++; console.error('FAIL exception', e); }
child.kill('SIGTERM'); issuer.close();
console.log(failures ? `${failures} failure(s)` : 'all passed');
process.exit(failures ? 1 : 0);
