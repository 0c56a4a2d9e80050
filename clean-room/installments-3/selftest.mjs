// Self-test: starts the sandbox, exercises valid and invalid calls, exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import http from 'node:http';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { CompactEncrypt, compactDecrypt, importJWK } from 'jose';

// --- issuer endpoint that receives the outbound notification
const received = [];
const issuer = http.createServer((req, res) => {
  let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => {
    received.push({ path: req.url, headers: req.headers, body: b });
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 'SUCCESS', message: 'Notification received successfully' }));
  });
});
await new Promise((r) => issuer.listen(0, '127.0.0.1', r));
const issuerUrl = `http://127.0.0.1:${issuer.address().port}/notifications`;

const child = spawn(process.execPath, [new URL('./server.mjs', import.meta.url).pathname, '--port', '0', '--issuer-url', issuerUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
const first = await new Promise((resolve, reject) => {
  const rl = readline.createInterface({ input: child.stdout });
  rl.once('line', resolve);
  child.once('exit', (c) => reject(new Error('server exited ' + c)));
});
const { url, sheet } = JSON.parse(first);

// --- OAuth 1.0a signer following the provider's published client library algorithm
function oauthHeader(uri, method, payload, consumerKey, keyPem) {
  const u = new URL(uri);
  const params = new Map();
  if (u.search.length > 1) {
    for (const pair of u.search.slice(1).split('&')) {
      const i = pair.indexOf('='); const k = i > 0 ? pair.slice(0, i) : pair; const v = i > 0 ? pair.slice(i + 1) : '';
      if (!params.has(k)) params.set(k, new Set()); params.get(k).add(v);
    }
  }
  const o = new Map();
  if (payload) o.set('oauth_body_hash', crypto.createHash('sha256').update(payload, 'utf8').digest('base64'));
  o.set('oauth_consumer_key', consumerKey);
  o.set('oauth_nonce', crypto.randomBytes(6).toString('base64url').slice(0, 8));
  o.set('oauth_signature_method', 'RSA-SHA256');
  o.set('oauth_timestamp', String(Math.floor(Date.now() / 1000)));
  o.set('oauth_version', '1.0');
  for (const [k, v] of o) { if (params.has(k)) params.get(k).add(v); else params.set(k, new Set([v])); }
  let ps = '';
  for (const [k, vals] of [...params.entries()].sort()) for (const v of (vals.size > 1 ? [...vals].sort() : vals)) ps += `${k}=${v}&`;
  ps = ps.replace(/&$/, '');
  const base = `${u.protocol}//${u.hostname}${u.port ? ':' + u.port : ''}${u.pathname}`;
  const sbs = `${method.toUpperCase()}&${encodeURIComponent(base)}&${encodeURIComponent(ps)}`.replace(/!/, '%21');
  const sig = crypto.createSign('RSA-SHA256').update(sbs).sign(keyPem, 'base64');
  o.set('oauth_signature', encodeURIComponent(sig));
  return 'OAuth ' + [...o].map(([k, v]) => `${k}="${v}"`).join(',');
}

let failures = 0;
function check(name, cond, extra) {
  if (cond) console.log('ok  ', name);
  else { failures++; console.log('FAIL', name, extra !== undefined ? JSON.stringify(extra).slice(0, 600) : ''); }
}
async function call(method, path, body, opts = {}) {
  const uri = url + path;
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { Accept: 'application/json', ...(text !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(opts.headers || {}) };
  if (!opts.noAuth) headers.Authorization = oauthHeader(uri, method, text, opts.key || sheet.consumerKey, opts.pem || sheet.signingPrivateKeyPem);
  if (opts.tamper) headers.Authorization = headers.Authorization.replace(/oauth_nonce="[^"]*"/, 'oauth_nonce="tampered"');
  const r = await fetch(uri, { method, headers, body: text });
  const t = await r.text();
  let j = null; try { j = t ? JSON.parse(t) : null; } catch { j = t; }
  return { status: r.status, body: j, headers: r.headers };
}
const jwks = await (await fetch(sheet.keysUrl)).json();
const encKey = await importJWK(jwks.keys[0], 'RSA-OAEP-256');
const enc = (obj) => new CompactEncrypt(Buffer.from(JSON.stringify(obj))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: sheet.kid, cty: 'application/json' }).encrypt(encKey);
const respPriv = crypto.createPrivateKey(sheet.responseDecryptionPrivateKeyPem);
const dec = async (jwe) => JSON.parse(Buffer.from((await compactDecrypt(jwe, respPriv)).plaintext).toString());
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function suite(round) {
  console.log(`--- round ${round}`);
  const before = received.length;
  const [pan] = sheet.testData.eligibleCardNumbers;
  const range = sheet.testData.accountRanges[0];
  // --- authentication
  check('sheet members', ['baseUrl', 'keysUrl', 'kid', 'consumerKey', 'signingPrivateKeyPem', 'forbiddenConsumerKey', 'forbiddenSigningPrivateKeyPem', 'testData', 'productConfiguration'].every((k) => k in sheet));
  check('jwks has kid', jwks.keys[0].kid === sheet.kid);
  let r = await call('GET', '/plans/3d56f5a7-db48-41f0-875e-30920e8465f3', undefined, { noAuth: true });
  check('no auth -> 401', r.status === 401 && r.body.Errors.Error[0].ReasonCode, r);
  r = await call('GET', '/plans/3d56f5a7-db48-41f0-875e-30920e8465f3', undefined, { tamper: true });
  check('bad signature -> 401', r.status === 401, r);
  r = await call('GET', '/plans/3d56f5a7-db48-41f0-875e-30920e8465f3', undefined, { key: sheet.forbiddenConsumerKey, pem: sheet.forbiddenSigningPrivateKeyPem });
  check('forbidden key -> 403', r.status === 403, r);
  r = await call('POST', '/offers', { a: 1 }, { key: sheet.consumerKey, pem: sheet.forbiddenSigningPrivateKeyPem });
  check('wrong key for consumer key -> 401', r.status === 401, r);
  r = await call('GET', '/nope');
  check('unknown path -> 404', r.status === 404, r);
  r = await call('DELETE', '/plans/3d56f5a7-db48-41f0-875e-30920e8465f3');
  check('DELETE plan -> 405', r.status === 405, r);

  // --- offers
  const tx = { amount: 400, currency: 'USD', localDateTime: '2026-10-26T00:00:00Z' };
  const merchant = { name: 'Globex Decor', country: 'USA', mcc: '1711', url: 'www.globexdecor.com', acquirerId: '234353', merchantId: '121234' };
  r = await call('POST', '/offers', { transaction: tx, merchant, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('offers eligible -> 200 with offers', r.status === 200 && r.body.total > 0 && r.body.offers[0].priority === 1 && r.body.offerTransactionId, r);
  const offersResp = r.body;
  r = await call('POST', '/offers', { transaction: tx, merchant, encryptedValue: await enc({ consumer: { primaryAccountNumber: sheet.testData.ineligibleCardNumbers[0] } }) });
  check('offers ineligible -> total 0 + eligibilityMessages', r.status === 200 && r.body.total === 0 && r.body.eligibilityMessages?.length, r);
  r = await call('POST', '/offers', { transaction: tx, merchant, encryptedValue: await enc({ consumer: { primaryAccountNumber: '5110921032063788' } }) });
  check('offers Luhn failure -> 400', r.status === 400, r);
  r = await call('POST', '/offers', { transaction: { amount: 400, currency: 'USD' }, merchant, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('offers missing localDateTime -> 400', r.status === 400, r);
  r = await call('POST', '/offers', { transaction: tx, merchant, sensitiveData: { consumer: { primaryAccountNumber: pan } } });
  check('offers plain sensitiveData -> 400', r.status === 400, r);
  r = await call('POST', '/offers', { transaction: tx, merchant: { name: 'x' }, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('offers name without country -> 400', r.status === 400, r);
  r = await call('POST', '/offers', { transaction: tx, merchant }, { headers: { Accept: 'application/xml' } });
  check('offers bad Accept -> 406', r.status === 406, r);
  r = await call('POST', '/offers', JSON.stringify({ transaction: tx }), { headers: { 'Content-Type': 'text/plain' } });
  check('offers bad Content-Type -> 415', r.status === 415, r);

  // --- plans
  const o = offersResp.offers[0];
  const planBody = {
    offerTransactionId: offersResp.offerTransactionId, merchant: { name: 'Globex Decor', country: 'USA', mcc: 1711, merchantId: 121234, url: 'https://www.globexdecor.com', acquirerId: 234353 },
    offerId: o.offerId, transactionOffers: offersResp.offers.map((x) => ({ offerId: x.offerId })),
    planInstallmentInformation: { apr: o.apr, currency: 'USD', frequency: o.frequency, firstInstallmentAmount: o.firstInstallmentAmount, otherInstallmentAmount: o.otherInstallmentAmount, feeValue: o.feeValue, tenure: o.tenure, totalAmount: o.totalAmount },
    providerId: o.provider.providerId, schedulePayments: o.schedulePayments,
    transaction: { amountType: 'PURCHASE', amount: 400, currency: 'USD', stan: 123456, rrn: 123456123456, authorizationCode: 123456, localDateTime: '2026-10-26T00:00:00Z', transmissionDateTime: '2026-10-26T00:00:00Z', transactionLinkId: '1234567890' },
  };
  r = await call('POST', '/plans', { ...planBody, encryptedValue: await enc({ consumer: { primaryAccountNumber: 5110921032063789 } }) }, { headers: { 'Correlation-Id': crypto.randomUUID() } });
  check('POST /plans -> 201 CREATED', r.status === 201 && r.body.status === 'CREATED' && r.headers.get('location'), r);
  const planId = r.body.planId;
  r = await call('POST', '/plans', { ...planBody, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('POST /plans duplicate -> 400', r.status === 400, r);
  r = await call('POST', '/plans', { ...planBody, transaction: { ...planBody.transaction, amountType: 'OTHER' }, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('POST /plans bad amountType -> 400', r.status === 400, r);
  r = await call('POST', '/plans', { ...planBody, transactionOffers: undefined, encryptedValue: await enc({ consumer: { primaryAccountNumber: pan } }) });
  check('POST /plans without transactionOffers -> 400', r.status === 400, r);
  r = await call('GET', `/plans/${planId}`);
  check('GET /plans/{id} -> 200', r.status === 200 && r.body.planId === planId && r.body.status === 'CREATED', r);
  r = await call('GET', '/plans/not-a-uuid');
  check('GET /plans/bad -> 400', r.status === 400, r);
  r = await call('GET', `/plans/${crypto.randomUUID()}`);
  check('GET /plans/unknown -> 404', r.status === 404, r);
  for (let i = 0; i < 20 && received.length === before; i++) await sleep(100);
  check('issuer notified', received.length === before + 1 && received[before].headers['correlation-id'] && received[before].path === '/notifications', received);
  if (received.length > before) {
    const n = JSON.parse(received[before].body);
    const sd = await dec(n.encryptedValue);
    check('notification payload', n.planId === planId && n.issuerCid && n.issuerIca && sd.consumer.primaryAccountNumber === 5110921032063789, { n, sd });
  }

  // --- PAN lists
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'Christmas Offers panList 135', accountRange: { accountRangeLow: range.accountRangeLow, accountRangeHigh: range.accountRangeHigh }, encryptedValue: await enc({ pans: [{ pan }, { pan: '5110921111111111' }] }) });
  check('register new list -> 200', r.status === 200 && /^\d{18}$/.test(r.body.panList.panListId) && r.body.successfulCount === '2' && r.body.failureCount === '0' && !r.body.encryptedValue, r);
  const listId = r.body.panList?.panListId;
  r = await call('POST', '/consumers/pans/registrations', { panListId: listId, encryptedValue: await enc({ pans: [{ pan }, { pan: '23037' }, { pan: '5555552292032404' }] }) });
  check('add to list partial -> 200 with encryptedValue', r.status === 200 && r.body.failureCount === '3' && r.body.encryptedValue, r);
  if (r.body.encryptedValue) { const d = await dec(r.body.encryptedValue); check('decrypted failures', d.pans.length === 3 && d.pans[0].error.description === 'pan already present in list', d); }
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'bad*name', accountRange: range });
  check('register bad name -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.data: panListName', r);
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'x' });
  check('register no range, no pans -> 400', r.status === 400, r);
  r = await call('POST', '/consumers/pans/registrations', { panListName: 'x', accountRange: { accountRangeLow: '4000000000000', accountRangeHigh: '4999999999999' } });
  check('register unknown range -> 400', r.status === 400 && r.body.Errors.Error[0].ReasonCode === 'invalid.accountRange', r);
  r = await call('POST', '/consumers/pans/registrations', { panListId: '123456789012345678', encryptedValue: await enc({ pans: [{ pan }] }) });
  check('register unknown list -> 400', r.status === 400, r);
  r = await call('POST', '/consumers/pans/deregistrations', { panListId: listId, encryptedValue: await enc({ pans: [{ pan }, { pan: sheet.testData.eligibleCardNumbers[2] }] }) });
  check('deregister partial -> 200', r.status === 200 && r.body.successfulCount === '1' && r.body.failureCount === '1', r);
  r = await call('POST', '/consumers/pans/deregistrations', { encryptedValue: await enc({ pans: [{ pan }] }) });
  check('deregister no list id -> 400', r.status === 400, r);

  // --- merchant participation
  const ica = sheet.testData.acquirerICAs.known[0];
  const mp = [{ merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: ica, dbaNames: ['ACME'], mids: ['987123456789124', '123123456789124'], optIn: 'Y', duns: '879847426', websiteUrl: 'https://www.example.com', address: { addressLine1: '600 WEST', city: 'St Peters', state: 'MO', postalCode: '85001' } },
    { merchantLegalName: 'Selftest Bad ICA', countryCode: 'USA', acquirerICA: sheet.testData.acquirerICAs.unknown[0], dbaNames: ['X'], mids: ['1'], optIn: 'N', address: { city: 'Springfield', postalCode: '62701' } }];
  r = await call('POST', '/merchants/participations', mp);
  check('POST participations -> 202 + Location', r.status === 202 && /request_id=\d+/.test(r.headers.get('location') || ''), r);
  const rid = (r.headers.get('location') || '').split('request_id=')[1];
  r = await call('GET', `/merchants/participations?request_id=${rid}`);
  check('GET by request_id (pending)', r.status === 200 && r.body.length === 2 && r.headers.get('request-status'), r);
  await sleep(1100);
  r = await call('GET', `/merchants/participations?request_id=${rid}&offset=0&limit=10`);
  check('GET by request_id (done)', r.status === 200 && r.body[0].status === 'COMPLETED' && r.body[1].status === 'ERROR' && r.body[1].errorReason === 'INVALID_ACQUIRER_ICA', r);
  r = await call('GET', '/merchants/participations?request_id=abc');
  check('GET bad request_id -> 400', r.status === 400, r);
  r = await call('GET', '/merchants/participations?request_id=1');
  check('GET unknown request_id -> 404', r.status === 404, r);
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'Selftest Mart 2', countryCode: 'USA', acquirerICA: ica }]);
  check('POST participations add without mids/optIn -> 400', r.status === 400, r);
  r = await call('POST', '/merchants/participations', [{ merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: ica, optIn: 'N', duns: '111111111' }]);
  check('POST participations change duns -> 400', r.status === 400, r);
  r = await call('POST', '/merchants/searches', { merchantLegalName: 'Selftest Mart' });
  check('merchant search -> 200', r.status === 200 && r.body.length === 1 && r.headers.get('total') === '1', r);
  r = await call('POST', '/merchants/searches', {});
  check('merchant search empty -> 400', r.status === 400, r);
  r = await call('POST', '/merchants/mids/searches?limit=1', { merchantLegalName: 'Selftest Mart', countryCode: 'USA', acquirerICA: ica });
  check('mid search -> 200 paged', r.status === 200 && r.body.mids.length === 1 && r.headers.get('total') === '2', r);
  r = await call('POST', '/merchants/mids/searches', { countryCode: 'USA', acquirerICA: ica, encryptedMerchantLegalName: await enc('Selftest Mart') });
  check('mid search with encrypted merchantLegalName -> 200', r.status === 200 && r.body.mids.length === 2, r);
  r = await call('POST', '/merchants/mids/searches', { merchantLegalName: 'Selftest Mart', countryCode: 'USA' });
  check('mid search missing ICA -> 400', r.status === 400, r);

  // --- approvals
  const cp = sheet.testData.checkoutPlans.find((p) => p.consumerOfferSelection);
  const lp = sheet.testData.checkoutPlans.find((p) => !p.consumerOfferSelection);
  r = await call('GET', `/plans/${cp.planId}`);
  check('GET checkout plan', r.status === 200 && r.body.consumer && r.body.merchant, r);
  const pa = { primaryAccountNumber: '5110921032063789', panExpirationMonth: '08', panExpirationYear: '2030', cardSecurityCode: '123', cardholderFullName: 'John Doe', billingAddress: { line1: '5 Street Drive', city: "O'Fallon", state: 'MO', countryCode: 'US', zip: '123456' } };
  r = await call('POST', '/approvals?sync=true', { planId: cp.planId, status: 'APPROVED', approvedAmount: 300, approvedCurrency: 'USD', paymentAuthorization: pa });
  check('approve sync -> 200 callbackUrl', r.status === 200 && r.body.callbackUrl, r);
  r = await call('POST', '/approvals?sync=true', { planId: cp.planId, status: 'APPROVED', approvedAmount: 300, approvedCurrency: 'USD', paymentAuthorization: pa });
  check('approve again (replay) -> 200', r.status === 200, r);
  r = await call('GET', `/approvals/${cp.planId}`);
  check('GET approval -> COMPLETED', r.status === 200 && r.body.status === 'COMPLETED' && r.body.callbackUrl, r);
  r = await call('POST', '/approvals?sync=true', { encryptedValue: await enc({ planId: '2fd24d3a-1f9e-4faf-97bf-caa1f7a3813f', status: 'APPROVED', approvedAmount: 100, approvedCurrency: 'USD', paymentAuthorization: pa }) });
  check('approve portal fixture (encrypted body) -> 200', r.status === 200 && r.body.callbackUrl, r);
  r = await call('POST', '/approvals', { planId: lp.planId, status: 'DECLINED' });
  check('decline without reason -> 400', r.status === 400, r);
  r = await call('POST', '/approvals', { planId: lp.planId, status: 'APPROVED', approvedAmount: 300, approvedCurrency: 'USD', paymentAuthorization: pa });
  check('approve lender-selected without offerId -> 400', r.status === 400, r);
  r = await call('POST', '/approvals', { planId: crypto.randomUUID(), status: 'DECLINED', rejectReasonCode: 'OTHER_REASON' });
  check('approve unknown plan -> 400', r.status === 400, r);
  r = await call('GET', `/approvals/${crypto.randomUUID()}`);
  check('GET approval unknown -> 404', r.status === 404, r);
}
try {
  await suite(1);
  await suite(2); // a partner's second run on the same sandbox must meet the same behaviour
} catch (e) {
  failures++; console.log('FAIL exception', e.stack);
} finally {
  child.kill('SIGTERM');
  issuer.close();
}
console.log(failures ? `${failures} failure(s)` : 'all checks passed');
process.exit(failures ? 1 : 0);
