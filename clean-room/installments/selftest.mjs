// Self-test: starts server.mjs, signs requests (own OAuth 1.0a signer on node:crypto),
// encrypts with jose, exercises every operation once validly plus some invalid requests.
import { spawn } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CompactEncrypt, compactDecrypt, importJWK } from 'jose';

const here = fileURLToPath(new URL('.', import.meta.url));
let failures = 0, passes = 0;
function check(name, cond, extra) {
  if (cond) { passes++; console.log('ok   ', name); } else { failures++; console.log('FAIL ', name, extra !== undefined ? JSON.stringify(extra).slice(0, 600) : ''); }
}

// ---- issuer endpoint receiving the outbound notification
const received = [];
const issuer = http.createServer((req, res) => {
  let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => {
    received.push({ path: req.url, headers: req.headers, body: JSON.parse(b) });
    res.writeHead(201, { 'Content-Type': 'application/json' }); res.end('{"status":"SUCCESS","message":"Notification received successfully"}');
  });
});
await new Promise((r) => issuer.listen(0, '127.0.0.1', r));
const issuerUrl = `http://127.0.0.1:${issuer.address().port}`;

// ---- start the server
const child = spawn(process.execPath, [here + 'server.mjs', '--port', '0', '--issuer-url', issuerUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((resolve, reject) => {
  const rl = readline.createInterface({ input: child.stdout });
  rl.once('line', resolve); child.once('exit', (c) => reject(new Error('server exited ' + c)));
});
const { url, sheet } = JSON.parse(line);
const base = sheet.baseUrl;
const td = sheet.testData;

// ---- OAuth 1.0a signer (Mastercard flavour)
const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
function oauthHeader(method, fullUrl, body, consumerKey, pem) {
  const u = new URL(fullUrl);
  const params = {
    oauth_consumer_key: consumerKey, oauth_nonce: crypto.randomBytes(8).toString('hex'),
    oauth_timestamp: String(Math.floor(Date.now() / 1000)), oauth_signature_method: 'RSA-SHA256', oauth_version: '1.0',
    oauth_body_hash: crypto.createHash('sha256').update(body || '').digest('base64'),
  };
  const pairs = [...u.searchParams.entries()].map(([k, v]) => [enc(k), enc(v)]).concat(Object.entries(params).map(([k, v]) => [enc(k), enc(v)]));
  pairs.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const baseUri = `${u.protocol}//${u.host}${u.pathname}`;
  const bs = `${method}&${enc(baseUri)}&${enc(pairs.map(([k, v]) => `${k}=${v}`).join('&'))}`;
  const sig = crypto.sign('sha256', Buffer.from(bs), { key: pem, padding: crypto.constants.RSA_PKCS1_PADDING }).toString('base64');
  return 'OAuth ' + Object.entries({ ...params, oauth_signature: sig }).map(([k, v]) => `${k}="${enc(v)}"`).join(',');
}
async function call(method, path, body, opts = {}) {
  const full = base + path;
  const data = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { Accept: 'application/json', ...(data ? { 'Content-Type': 'application/json' } : {}), ...(opts.headers || {}) };
  if (!opts.noAuth) headers.Authorization = oauthHeader(method, full, data, opts.ck || sheet.consumerKey, opts.pem || sheet.signingPrivateKeyPem);
  if (opts.tamper) headers.Authorization = headers.Authorization.replace(/oauth_nonce="[^"]+"/, 'oauth_nonce="tampered"');
  const r = await fetch(full, { method, headers, body: data || undefined });
  const text = await r.text();
  let json; try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: r.status, headers: r.headers, body: json };
}

// ---- JWE
const keys = await (await fetch(sheet.keysUrl)).json();
const serverJwk = keys.keys.find((k) => k.kid === sheet.kid);
const serverKey = await importJWK(serverJwk, 'RSA-OAEP-256');
const partnerKey = await importJWK(sheet.responseDecryptionPrivateJwk, 'RSA-OAEP-256');
const jwe = (obj, enc2 = 'A256GCM', kid = sheet.kid) => new CompactEncrypt(Buffer.from(JSON.stringify(obj))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: enc2, kid }).encrypt(serverKey);
const dec = async (s) => JSON.parse(Buffer.from((await compactDecrypt(s, partnerKey)).plaintext).toString());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  check('keys published', serverJwk && serverJwk.kty === 'RSA');
  // ---- auth
  const panA = td.eligibleCardNumbers[0];
  let r = await call('GET', '/plans/' + td.checkoutPlans.consumerSelected[0], undefined, { noAuth: true });
  check('401 without signature', r.status === 401, r);
  r = await call('GET', '/plans/' + td.checkoutPlans.consumerSelected[0], undefined, { tamper: true });
  check('401 with invalid signature', r.status === 401, r);
  r = await call('GET', '/plans/' + td.checkoutPlans.consumerSelected[0], undefined, { ck: sheet.forbiddenConsumerKey, pem: sheet.forbiddenSigningPrivateKeyPem });
  check('403 for registered, not entitled', r.status === 403 && r.body.Errors.Error[0].ReasonCode === 'forbidden', r);
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'x' }, { noAuth: true });
  check('401 pans body shape', r.status === 401 && r.body.Errors.Error[0].ReasonCode === 'DECLINED', r);

  // ---- PAN registration / deregistration
  const range = td.accountRanges[0];
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'Selftest List 1', accountRange: { accountRangeLow: range.accountRangeLow, accountRangeHigh: range.accountRangeHigh }, encryptedValue: await jwe({ pans: [{ pan: td.eligibleCardNumbers[1] }, { pan: td.luhnInvalidCardNumber }, { pan: '23037' }] }) });
  check('register pans 200 partial', r.status === 200 && r.body.successfulCount === '1' && r.body.failureCount === '2' && /^\d{18}$/.test(r.body.panList.panListId), r);
  const listId = r.body.panList && r.body.panList.panListId;
  if (r.body.encryptedValue) { const d = await dec(r.body.encryptedValue); check('registration failures decrypt', d.pans.length === 2 && d.pans[0].error.reasonCode === 'Invalid.pan', d); }
  r = await call('POST', '/consumers/pans/registrations', { panListId: listId, encryptedValue: await jwe({ pans: [{ pan: td.eligibleCardNumbers[2] }] }, 'A128GCM') });
  check('add pans to existing list (A128GCM)', r.status === 200 && r.body.successfulCount === '1' && !r.body.encryptedValue, r);
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'bad_name!' , accountRange: { accountRangeLow: '1', accountRangeHigh: range.accountRangeHigh } });
  check('register invalid -> 400', r.status === 400 && r.body.Errors.Error.length === 2, r);
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'No range' });
  check('register neither range nor pans -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.data: Either encryptedValue or Account Range', r);
  r = await call('POST', '/consumers/pans/deregistrations', { panListId: listId, encryptedValue: await jwe({ pans: [{ pan: td.eligibleCardNumbers[1] }, { pan: td.eligibleCardNumbers[3] }] }) });
  check('deregister 200 partial', r.status === 200 && r.body.successfulCount === '1' && r.body.failureCount === '1', r);
  if (r.body.encryptedValue) { const d = await dec(r.body.encryptedValue); check('deregistration failure reason', d.pans[0].error.reasonCode === 'pan.not.registered', d); }
  r = await call('POST', '/consumers/pans/deregistrations', { encryptedValue: 'x' });
  check('deregister missing panListId -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.data: panListId', r);

  // ---- Offers
  const merchant = td.offerMerchants[0];
  const offerReq = { transaction: { amount: 400, currency: 'USD', localDateTime: '2030-10-26T00:00:00Z' }, merchant, encryptedValue: await jwe({ consumer: { primaryAccountNumber: panA } }) };
  r = await call('POST', '/offers', offerReq);
  check('offers 200 with offers', r.status === 200 && r.body.total === 3 && r.body.offers[0].priority === 1 && r.headers.get('correlation-id'), r);
  const offersResp = r.body;
  r = await call('POST', '/offers', { ...offerReq, transaction: { ...offerReq.transaction, amount: 10 } });
  check('offers not eligible -> 0 + messages', r.status === 200 && r.body.total === 0 && r.body.eligibilityMessages[0].reasonCode === 'amount.not.qualify', r);
  r = await call('POST', '/offers', { transaction: { currency: 'USD', localDateTime: '2030-10-26T00:00:00Z' } });
  check('offers missing amount -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'transaction.amount', r);
  r = await call('POST', '/offers', { ...offerReq, merchant: { name: 'X' } });
  check('offers name without country -> 400', r.status === 400 && r.body.Errors.Error[0].Description === 'Country code must be present', r);
  r = await call('POST', '/offers', { transaction: offerReq.transaction, sensitiveData: { consumer: { primaryAccountNumber: panA } } });
  check('offers plain sensitiveData -> 400', r.status === 400, r);
  r = await call('POST', '/offers', { ...offerReq, encryptedValue: await jwe({ consumer: { primaryAccountNumber: panA } }, 'A256GCM', 'wrong-kid') });
  check('offers wrong kid -> 400 fingerprint', r.status === 400 && /fingerprint/.test(r.body.Errors.Error[0].Description), r);
  r = await call('POST', '/offers', offerReq, { headers: { Accept: 'text/xml' } });
  check('offers 406', r.status === 406, r);
  r = await call('POST', '/offers', offerReq, { headers: { 'Content-Type': 'text/plain' } });
  check('offers 415', r.status === 415, r);
  r = await call('POST', '/offers', offerReq, { headers: { 'Accept-Language': 'fr-FR' } });
  check('offers bad Accept-Language -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.accept.language', r);

  // ---- POST /plans
  const o = offersResp.offers[0];
  const planReq = {
    offerTransactionId: offersResp.offerTransactionId, merchant, offerId: o.offerId,
    transactionOffers: offersResp.offers.map((x) => ({ offerId: x.offerId })),
    planInstallmentInformation: { apr: o.apr, currency: 'USD', frequency: o.frequency, firstInstallmentAmount: o.firstInstallmentAmount, otherInstallmentAmount: o.otherInstallmentAmount, feeValue: o.feeValue, tenure: o.tenure, totalAmount: o.totalAmount },
    providerId: o.provider.providerId,
    schedulePayments: o.schedulePayments.map((s) => ({ installmentAmount: s.installmentAmount, dueDate: s.dueDate, installmentNumber: s.installmentNumber })),
    transaction: { amountType: 'PURCHASE', amount: 400, currency: 'USD', stan: '123456', rrn: '123456123456', authorizationCode: '123456', localDateTime: '2030-10-26T00:00:00Z', transmissionDateTime: '2030-10-26T00:00:00Z', transactionLinkId: '1234567890' },
    encryptedValue: await jwe({ consumer: { primaryAccountNumber: Number(panA) } }),
  };
  r = await call('POST', '/plans', planReq, { headers: { 'Correlation-Id': crypto.randomUUID() } });
  check('create plan 201', r.status === 201 && r.body.status === 'CREATED' && r.headers.get('location').endsWith(r.body.planId), r);
  const createdPlanId = r.body.planId;
  r = await call('POST', '/plans', { ...planReq, transaction: { ...planReq.transaction, amount: 401 } });
  check('plan amount mismatch -> 400', r.status === 400 && r.body.Errors.Error[0].Details === 'Mismatch in Transaction Amount.', r);
  r = await call('POST', '/plans', { ...planReq, encryptedValue: await jwe({ consumer: { primaryAccountNumber: td.eligibleCardNumbers[1] } }) });
  check('plan PAN mismatch -> 400 pan.match', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'pan.match', r);
  r = await call('POST', '/plans', { ...planReq, transactionOffers: undefined });
  check('plan missing transactionOffers -> 400', r.status === 400, r);
  r = await call('GET', '/plans/' + createdPlanId);
  check('GET created plan', r.status === 200 && r.body.planId === createdPlanId && r.body.status === 'CREATED', r);
  await sleep(300);
  check('notification delivered', received.length === 1 && received[0].path === '/notifications' && received[0].body.planId === createdPlanId, received);
  if (received[0]) { const d = await dec(received[0].body.encryptedValue); check('notification PAN decrypts', String(d.consumer.primaryAccountNumber) === panA, d); }

  // ---- GET /plans (checkout plan), approvals
  const cp = td.checkoutPlans.consumerSelected[0];
  r = await call('GET', '/plans/' + cp);
  check('GET checkout plan with encrypted consumer', r.status === 200 && r.body.encryptedValue && (await dec(r.body.encryptedValue)).consumer.email, r);
  r = await call('GET', '/plans/not-a-uuid');
  check('GET plan bad id -> 400', r.status === 400, r);
  r = await call('GET', '/plans/' + td.unknownPlanId);
  check('GET plan unknown -> 404', r.status === 404, r);
  const approval = { planId: cp, status: 'APPROVED', approvedAmount: 300, approvedCurrency: 'USD', paymentAuthorization: { primaryAccountNumber: '5555111122223333', panExpirationMonth: '08', panExpirationYear: '2030', cardSecurityCode: '123', cardholderFullName: 'John Doe', billingAddress: { line1: '5 Street Drive', city: "O'Fallon", state: 'MO', countryCode: 'US', zip: '123456' } } };
  r = await call('POST', '/approvals', approval);
  check('approve async 202', r.status === 202 && r.headers.get('location').endsWith(cp), r);
  r = await call('GET', '/approvals/' + cp);
  check('approval IN_PROGRESS', r.status === 200 && r.body.status === 'IN_PROGRESS', r);
  r = await call('POST', '/approvals', approval);
  check('approve twice -> 400', r.status === 400, r);
  const cp2 = td.checkoutPlans.consumerSelected[1];
  r = await call('POST', '/approvals?sync=true', { planId: cp2, status: 'DECLINED', rejectReasonCode: 'LENDER_DRIVEN_REJECTION', rejectReasonDetail: 'Credit score is too low' });
  check('decline sync 200', r.status === 200 && r.body.callbackUrl, r);
  r = await call('POST', '/approvals', { planId: cp2, status: 'DECLINED' });
  check('decline without reason -> 400', r.status === 400, r);
  const lp = td.checkoutPlans.lenderSelected[0];
  r = await call('POST', '/approvals', { ...approval, planId: lp.planId });
  check('lender plan approval without offerId -> 400', r.status === 400, r);
  r = await call('POST', '/approvals?sync=true', { ...approval, planId: lp.planId, offerId: lp.transactionOffers[0] });
  check('lender plan approval with offerId -> 200', r.status === 200, r);
  r = await call('GET', '/approvals/' + td.unknownPlanId);
  check('approval unknown -> 404', r.status === 404, r);
  r = await call('GET', '/approvals/' + cp, undefined, { headers: { Accept: 'text/html' } });
  check('approval 406', r.status === 406 && r.body.Errors.Error[0].ReasonCode === 'not.acceptable.header', r);

  // ---- merchant participation
  const newMerchant = { merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: td.acquirerICAs.known[0], dbaNames: ['SELF'], mids: ['111111111111111'], optIn: 'Y', duns: '123456789', websiteUrl: 'https://www.selftest.example', address: { addressLine1: '1 Main', city: 'Town', state: 'MO', postalCode: '63368' } };
  const badIca = { ...newMerchant, merchantLegalName: 'Selftest Unknown ICA', acquirerICA: td.acquirerICAs.unknown[0] };
  r = await call('POST', '/merchants/participations', [newMerchant, badIca]);
  check('participation 202', r.status === 202 && /request_id=\d+/.test(r.headers.get('location')), r);
  const rid = r.headers.get('request_id');
  r = await call('GET', '/merchants/participations?request_id=' + rid);
  check('participation PENDING', r.status === 200 && r.headers.get('request-status') === 'PENDING' && r.body.every((m) => m.status === 'PENDING'), r.body);
  r = await call('POST', '/merchants/participations', [{ ...newMerchant, mids: undefined, dbaNames: undefined, merchantLegalName: 'Other', optIn: undefined }]);
  check('participation missing fields -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.request.body.parameter', r);
  r = await call('GET', '/merchants/participations?request_id=abc');
  check('participation bad request_id -> 400', r.status === 400, r);
  r = await call('GET', '/merchants/participations?request_id=12345');
  check('participation unknown request_id -> 404', r.status === 404, r);
  await sleep(sheet.testData.effectuationDelayMs + 200);
  r = await call('GET', '/merchants/participations?request_id=' + rid);
  check('participation effectuated', r.status === 200 && r.body[0].status === 'COMPLETED' && r.body[1].status === 'ERROR' && r.body[1].errorReason === 'INVALID_ACQUIRER_ICA', r.body);
  r = await call('GET', '/merchants/participations?limit=2&offset=0');
  check('participations list paged', r.status === 200 && r.body.length === 2 && r.headers.get('limit') === '2' && Number(r.headers.get('total')) >= 3, r);
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: td.acquirerICAs.known[0], mids: ['222222222222222'], optIn: 'N' }]);
  check('participation update 202', r.status === 202, r);
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: td.acquirerICAs.known[0], optIn: 'N', duns: '999999999' }]);
  check('participation duns change -> 400', r.status === 400, r);
  r = await call('POST', '/merchants/searches', { merchantLegalName: 'Selftest Mart' });
  check('merchant search 200', r.status === 200 && r.body.length === 1 && r.body[0].optIn === 'N', r.body);
  r = await call('POST', '/merchants/searches', {});
  check('merchant search empty -> 400', r.status === 400, r);
  r = await call('POST', '/merchants/mids/searches', { merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: td.acquirerICAs.known[0] });
  check('mid search 200', r.status === 200 && r.body.mids.length === 2 && r.headers.get('total') === '2', r.body);
  r = await call('POST', '/merchants/mids/searches', { merchantLegalName: 'Selftest Mart', countryCode: 'USA' });
  check('mid search missing ICA -> 400', r.status === 400, r);
  r = await call('GET', '/approvals/' + cp);
  check('approval COMPLETED after a few seconds', r.status === 200 && r.body.status === 'COMPLETED' && r.body.callbackUrl, r);
  r = await call('GET', '/plans/' + cp);
  check('approved plan status', r.status === 200 && r.body.status === 'APPROVED', r.body);
  // the provider document's own POST /plans example sends mcc/merchantId/acquirerId/stan/rrn/authorizationCode as numbers
  r = await call('POST', '/plans', { ...planReq, merchant: { ...merchant, mcc: 1711, merchantId: 121234, acquirerId: 234353 }, transaction: { ...planReq.transaction, stan: 123456, rrn: 123456123456, authorizationCode: 123456 } });
  check('plan with numeric identifiers (document example style) 201', r.status === 201, r);
  r = await call('DELETE', '/plans/' + createdPlanId);
  check('405 on wrong method', r.status === 405, r);
} catch (e) {
  failures++; console.log('FAIL  exception', e);
} finally {
  child.kill('SIGTERM');
  const code = await new Promise((res) => child.once('exit', (c) => res(c)));
  check('server exits 0 on SIGTERM', code === 0, code);
  issuer.close();
  console.log(`\n${passes} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}
