// Starts the sandbox, sends valid and invalid calls, exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import readline from 'node:readline';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
child.stderr.on('data', () => {});
const first = await new Promise((resolve, reject) => {
  const rl = readline.createInterface({ input: child.stdout });
  rl.once('line', resolve);
  setTimeout(() => reject(new Error('server did not announce itself')), 5000);
});
const { url, sheet, operations } = JSON.parse(first);
let failures = 0, passed = 0;
function check(name, cond, extra) { if (cond) passed++; else { failures++; console.error('SURPRISE:', name, extra !== undefined ? JSON.stringify(extra).slice(0, 400) : ''); } }
const KH = sheet.securityHeaders.appKey, TH = sheet.securityHeaders.appToken;
let token;
async function call(method, p, body, headers = {}, raw = false) {
  const h = { [KH]: sheet.appKey, ...(token ? { [TH]: token } : {}), ...headers };
  for (const k of Object.keys(h)) if (h[k] === null) delete h[k];
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const r = await fetch(url + p, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const buf = Buffer.from(await r.arrayBuffer());
  let json; try { json = JSON.parse(buf.toString('utf8')); } catch { json = undefined; }
  return { status: r.status, json, buf, headers: r.headers };
}
const expect = async (name, method, p, body, status, headers) => { const r = await call(method, p, body, headers); check(`${name} -> ${status} (got ${r.status})`, r.status === status, r.json); return r; };
const day = (n) => { const d = new Date(); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  check('operations listed', Array.isArray(operations) && operations.includes('CreateToken') && operations.length === 39, operations.length);
  // ---- authentication
  await expect('token without app key', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.partnerId, partnerSecret: sheet.partnerSecret }, 401, { [KH]: null });
  await expect('token missing partnerSecret', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.partnerId }, 400);
  await expect('token bad secret', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.partnerId, partnerSecret: 'wrong-secret-1' }, 401);
  const t = await expect('token ok', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.partnerId, partnerSecret: sheet.partnerSecret }, 200);
  token = t.json.token;
  check('token is a string', typeof token === 'string' && token.length > 0);
  await expect('call without token', 'GET', '/aggregation/v1/customers', undefined, 401, { [TH]: null });
  await expect('call with bad token', 'GET', '/aggregation/v1/customers', undefined, 401, { [TH]: 'nope' });
  await expect('secret policy violated', 'PUT', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: 'short1' }, 400);
  await expect('modify secret wrong creds', 'PUT', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: 'not-it-123456', newPartnerSecret: 'GoodSecret1234' }, 401);
  await expect('modify secret missing field', 'PUT', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret }, 400);
  // ---- customers
  const uname = 'st_' + Date.now().toString(36) + Math.floor(Math.random() * 1e6);
  const c1 = await expect('add testing customer', 'POST', '/aggregation/v2/customers/testing', { username: uname, firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' }, 201);
  check('created customer shape', c1.json && typeof c1.json.id === 'string' && c1.json.username === uname && Number.isInteger(c1.json.createdDate), c1.json);
  const cid = c1.json.id;
  await expect('duplicate username', 'POST', '/aggregation/v2/customers/testing', { username: uname }, 409);
  await expect('missing username', 'POST', '/aggregation/v2/customers/testing', { firstName: 'x' }, 400);
  await expect('short username', 'POST', '/aggregation/v2/customers/testing', { username: 'abc' }, 400);
  await expect('username wrong type', 'POST', '/aggregation/v2/customers/testing', { username: 12345678 }, 400);
  await expect('malformed json', 'POST', '/aggregation/v2/customers/testing', '{bad', 400);
  const g = await expect('get customer', 'GET', `/aggregation/v1/customers/${cid}`, undefined, 200);
  check('customer type testing, createdDate string', g.json.type === 'testing' && typeof g.json.createdDate === 'string', g.json);
  const l = await expect('search customers', 'GET', `/aggregation/v1/customers?username=${uname}`, undefined, 200);
  check('exact username search', l.json.found === 1 && l.json.customers[0].id === cid, l.json);
  await expect('limit too high', 'GET', '/aggregation/v1/customers?limit=1001', undefined, 400);
  await expect('limit not a number', 'GET', '/aggregation/v1/customers?limit=abc', undefined, 400);
  await expect('modify customer empty', 'PUT', `/aggregation/v1/customers/${cid}`, {}, 400);
  await expect('modify customer', 'PUT', `/aggregation/v1/customers/${cid}`, { firstName: 'Janet' }, 204);
  const g2 = await call('GET', `/aggregation/v1/customers/${cid}`);
  check('modified name', g2.json.firstName === 'Janet' && g2.json.lastName === 'Doe', g2.json);
  await expect('unknown customer', 'GET', '/aggregation/v1/customers/9999999999', undefined, 404);
  // ---- institutions
  const ins = await expect('institutions', 'GET', '/institution/v2/institutions?search=finbank&limit=2', undefined, 200);
  check('institution paging', ins.json.displaying === 2 && ins.json.moreAvailable === true, ins.json);
  const none = await expect('institutions none', 'GET', '/institution/v2/institutions?search=zzzqqq', undefined, 200);
  check('empty institutions', none.json.found === 0 && none.json.institutions.length === 0, none.json);
  await expect('bad supportedCountries', 'GET', '/institution/v2/institutions?supportedCountries=usa', undefined, 400);
  await expect('institution by id', 'GET', `/institution/v2/institutions/${sheet.institutions[0].institutionId}`, undefined, 200);
  await expect('institution unknown', 'GET', '/institution/v2/institutions/999999', undefined, 404);
  await expect('institution id not numeric', 'GET', '/institution/v2/institutions/abc', undefined, 400);
  // ---- linked customer data
  const L = sheet.testData.linkedCustomer.customerId;
  const accs = await expect('linked accounts', 'GET', `/aggregation/v1/customers/${L}/accounts`, undefined, 200);
  const byType = (tp) => accs.json.accounts.find((a) => a.type === tp).id;
  const chk = byType('checking'), sav = byType('savings'), cc = byType('creditCard'), sl = byType('studentLoan');
  await expect('account', 'GET', `/aggregation/v2/customers/${L}/accounts/${chk}`, undefined, 200);
  await expect('account unknown', 'GET', `/aggregation/v2/customers/${L}/accounts/1`, undefined, 404);
  const own = await expect('owner', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/owner`, undefined, 200);
  check('owner shape', typeof own.json.ownerName === 'string' && typeof own.json.ownerAddress === 'string', own.json);
  const own3 = await expect('owner v3', 'GET', `/aggregation/v3/customers/${L}/accounts/${chk}/owner?withInsights=true`, undefined, 200);
  check('owner v3 insights', own3.json.holders[0].identityInsights !== undefined, own3.json);
  await expect('owner v3 bad bool', 'GET', `/aggregation/v3/customers/${L}/accounts/${chk}/owner?withInsights=maybe`, undefined, 400);
  const ach = await expect('ach', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/details`, undefined, 200);
  check('ach routing', ach.json.routingNumber === sheet.routingNumber, ach.json);
  await expect('ach credit card', 'GET', `/aggregation/v1/customers/${L}/accounts/${cc}/details`, undefined, 400);
  const pi = await expect('ach v3', 'GET', `/aggregation/v3/customers/${L}/accounts/${chk}/details`, undefined, 200);
  check('ach v3 types', pi.json.paymentInstruction.some((x) => x.type === 'rtp' && x.transferInEnabled === true), pi.json);
  await expect('loan details', 'GET', `/aggregation/v2/customers/${L}/accounts/${sl}/loanDetails`, undefined, 200);
  await expect('loan details on checking', 'GET', `/aggregation/v2/customers/${L}/accounts/${chk}/loanDetails`, undefined, 400);
  const bal = await expect('balance live', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/availableBalance/live?balance_cache_interval=5`, undefined, 200);
  check('balance shape', typeof bal.json.availableBalance === 'number' && Number.isInteger(bal.json.availableBalanceDate), bal.json);
  await expect('balance interval too big', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/availableBalance/live?balance_cache_interval=1441`, undefined, 400);
  await expect('balance cached', 'GET', `/aggregation/v1/customers/${L}/accounts/${sav}/availableBalance`, undefined, 200);
  await expect('balance credit card', 'GET', `/aggregation/v1/customers/${L}/accounts/${cc}/availableBalance/live`, undefined, 400);
  const peb = await expect('peb by login', 'GET', `/aggregation/v1/paysuite/customers/${L}/institutionLogins/${sheet.testData.linkedCustomer.institutionLoginId}/accounts`, undefined, 200);
  check('peb counts', peb.json.errorCount === 0 && peb.json.accounts.length === peb.json.accountCount, peb.json);
  await expect('peb bad include', 'GET', `/aggregation/v1/paysuite/customers/${L}/accounts/${chk}?include=foo`, undefined, 400);
  await expect('peb by account', 'GET', `/aggregation/v1/paysuite/customers/${L}/accounts/${chk}?include=balanceDetails,paymentInstruction`, undefined, 200);
  await expect('peb unknown login', 'GET', `/aggregation/v1/paysuite/customers/${L}/institutionLogins/1/accounts`, undefined, 404);
  const m = await expect('owner match', 'POST', `/account-owner-verification-matchings/customers/${L}/accounts/${chk}`, { name: { firstName: 'John', lastName: 'Smith' }, email: 'john.smith@example.com' }, 200);
  check('match scores', m.json.holders[0].nameScores.lastName === 100 && m.json.holders[0].emails[0].emailScores.email === 100, m.json);
  await expect('owner match no name', 'POST', `/account-owner-verification-matchings/customers/${L}/accounts/${chk}`, { email: 'a@b.c' }, 400);
  await expect('owner match unknown customer', 'POST', `/account-owner-verification-matchings/customers/1/accounts/${chk}`, { name: { firstName: 'a', lastName: 'b' } }, 404);
  // ---- statements & assets
  const st = await call('GET', `/aggregation/v1/customers/${L}/accounts/${chk}/statement?index=2`);
  check('statement pdf', st.status === 200 && st.buf.subarray(0, 4).toString() === '%PDF', st.status);
  await expect('statement index 25', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/statement?index=25`, undefined, 400);
  const ms = await expect('multiple statements', 'GET', `/aggregation/v3/customers/${L}/accounts/${chk}/statement?index=1,2,13`, undefined, 200);
  check('multiple statements shape', ms.json.statements.length === 3 && ms.json.statements[2].code === '960', ms.json);
  const asset = await call('GET', `/aggregation/v1/customers/${L}/assets/${ms.json.statements[0].id}`);
  check('statement asset', asset.status === 200 && asset.buf.subarray(0, 4).toString() === '%PDF', asset.status);
  await expect('bad indexes', 'GET', `/aggregation/v3/customers/${L}/accounts/${chk}/statement?index=0,x`, undefined, 400);
  const ps = await expect('store pay statement', 'POST', `/aggregation/v1/customers/${cid}/payStatements`, { label: 'lastPayPeriod', statement: 'VGhpcyBtdXN0IGJlIGFuIGltYWdl' }, 200);
  const back = await call('GET', `/aggregation/v1/customers/${cid}/assets/${ps.json.assetId}`);
  check('asset roundtrip', back.status === 200 && back.buf.toString() === 'This must be an image', back.status);
  await expect('pay statement bad label', 'POST', `/aggregation/v1/customers/${cid}/payStatements`, { label: 'x', statement: 'VGhpcw==' }, 400);
  await expect('asset unknown', 'GET', `/aggregation/v1/customers/${cid}/assets/nope`, undefined, 404);
  // ---- businesses
  const biz = { name: 'ABC Tires Inc', personallyLiable: true, address: { addressLine1: '434 W Ascension Way', city: 'Murray', state: 'UT', country: 'US', postalCode: '84123' }, phoneNumber: { countryCode: '1', phoneNo: '8042221111' }, taxId: 'A1234561Z' };
  const b1 = await expect('add business', 'POST', `/business-services/customers/${cid}/businesses`, biz, 200);
  await expect('second business', 'POST', `/business-services/customers/${cid}/businesses`, biz, 409);
  await expect('business bad', 'POST', `/business-services/customers/${cid}/businesses`, { name: 'x' }, 400);
  await expect('business unknown customer', 'POST', '/business-services/customers/1/businesses', biz, 404);
  const bl = await expect('business by customer', 'GET', `/business-services/customers/${cid}/businesses`, undefined, 200);
  check('business list', Array.isArray(bl.json) && bl.json[0].businessId === b1.json.businessId, bl.json);
  const bu = await expect('update business', 'PUT', `/business-services/businesses/${b1.json.businessId}`, { ...biz, name: 'ABC Tires LLC' }, 200);
  check('updated', bu.json.name === 'ABC Tires LLC', bu.json);
  await expect('business by id', 'GET', `/business-services/businesses/${b1.json.businessId}`, undefined, 200);
  await expect('business unknown id', 'GET', '/business-services/businesses/0', undefined, 404);
  // ---- micro entries
  const mi = await expect('initiate micro', 'POST', `/microentry/v1/customers/${cid}`, { receiver: { routingNumber: sheet.routingNumber, accountNumber: '123456789', accountType: 'personalChecking', name: 'Jane Doe' } }, 200);
  await expect('initiate micro again', 'POST', `/microentry/v1/customers/${cid}`, { receiver: { routingNumber: sheet.routingNumber, accountNumber: '123456789', accountType: 'personalChecking', name: 'Jane Doe' } }, 409);
  await expect('bad routing', 'POST', `/microentry/v1/customers/${cid}`, { receiver: { routingNumber: '123456789', accountNumber: '1234567', accountType: 'personalChecking', name: 'Jane Doe' } }, 400);
  await expect('missing receiver', 'POST', `/microentry/v1/customers/${cid}`, {}, 400);
  const aid = mi.json.accountId;
  const md = await expect('micro details', 'GET', `/microentry/v1/customers/${cid}/accounts/${aid}`, undefined, 200);
  check('micro pending', md.json.status === 'Pending', md.json);
  const ava = await call('GET', `/aggregation/v1/customers/${cid}/accounts?account_type=ava`);
  check('ava listed', ava.status === 200 && ava.json.accounts.length === 1 && ava.json.accounts[0].id === aid, ava.json);
  await expect('verify wrong', 'POST', `/microentry/v1/customers/${cid}/accounts/${aid}/amounts`, { amounts: [0.11, 0.22] }, 400);
  await expect('verify bad format', 'POST', `/microentry/v1/customers/${cid}/accounts/${aid}/amounts`, { amounts: ['x'] }, 400);
  const vr = await expect('verify ok', 'POST', `/microentry/v1/customers/${cid}/accounts/${aid}/amounts`, { amounts: sheet.microEntryAmounts }, 200);
  check('verified', vr.json.status === 'Verified', vr.json);
  // ---- PSI
  await expect('psi generate bad', 'POST', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators`, { transaction: { amount: 0, settleByDate: day(3) } }, 400);
  await expect('psi past date', 'POST', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators`, { transaction: { amount: 10, settleByDate: day(-3) } }, 400);
  await expect('psi not json accept', 'POST', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators`, { transaction: { amount: 10, settleByDate: day(3) } }, 406, { Accept: 'application/xml' });
  const gen = await expect('psi generate', 'POST', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators`, { transaction: { amount: 12.98, settleByDate: day(12) } }, 202);
  check('psi in progress', gen.json.status === 'IN PROGRESS' && gen.json.payRequestId.length === 18, gen.json);
  await expect('fcra without purpose', 'POST', `/payments/customers/${L}/accounts/${chk}/fcra-payment-success-indicators`, { transaction: { amount: 10, settleByDate: day(3) } }, 400);
  const genF = await expect('fcra generate', 'POST', `/payments/customers/${L}/accounts/${chk}/fcra-payment-success-indicators?purpose=1P`, { transaction: { amount: 10, settleByDate: day(1) } }, 202);
  await sleep(1700);
  const res = await expect('psi get', 'GET', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators/${gen.json.payRequestId}?include_reasons=true`, undefined, 200);
  check('psi success 10 days', res.json.status === 'SUCCESS' && res.json.nsfReturnRisk.result.dailyResults.length === 10 && res.json.nsfReturnRisk.result.dailyResults[0].reasons, res.json);
  const resF = await expect('fcra get', 'GET', `/payments/customers/${L}/accounts/${chk}/fcra-payment-success-indicators/${genF.json.payRequestId}`, undefined, 200);
  check('fcra 3 days no reasons', resF.json.nsfReturnRisk.result.dailyResults.length === 3 && !resF.json.nsfReturnRisk.result.dailyResults[0].reasons, resF.json);
  await expect('fcra get via non-fcra path', 'GET', `/payments/customers/${L}/accounts/${chk}/payment-success-indicators/${genF.json.payRequestId}`, undefined, 404);
  const leg = await expect('legacy psi', 'GET', `/aggregation/v2/customers/${L}/accounts/${chk}/payments/paymentIndicator?settlementAmount=10.05&settleByDate=${day(5)}`, undefined, 200);
  check('legacy days', leg.json.indicatorsByDay.length === 6, leg.json);
  await expect('legacy missing date', 'GET', `/aggregation/v2/customers/${L}/accounts/${chk}/payments/paymentIndicator?settlementAmount=10`, undefined, 400);
  await expect('legacy fcra bad purpose', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/payments/paymentIndicator/fcra?settlementAmount=10&settleByDate=${day(5)}&purposeCode=ZZ`, undefined, 400);
  await expect('legacy fcra', 'GET', `/aggregation/v1/customers/${L}/accounts/${chk}/payments/paymentIndicator/fcra?settlementAmount=10&settleByDate=${day(5)}&purposeCode=1P`, undefined, 200);
  // ---- not in the product, unknown path, partner isolation
  await expect('op outside slice', 'POST', '/connect/v2/generate', { partnerId: sheet.partnerId, customerId: L }, 403);
  await expect('unknown path', 'GET', '/nothing/here', undefined, 404);
  const mainToken = token;
  token = undefined;
  const t2 = await expect('spare token', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret }, 200);
  token = t2.json.token;
  await expect('spare cannot see main customer', 'GET', `/aggregation/v1/customers/${L}`, undefined, 404);
  const newSecret = 'NewSpareSecret2024!';
  await expect('modify spare secret', 'PUT', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: newSecret }, 204);
  await expect('old spare secret refused', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret }, 401);
  await expect('new spare secret works', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: newSecret }, 200);
  for (let i = 0; i < 5; i++) await call('POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: 'bad-' + i });
  await expect('spare locked after 5 failures', 'POST', '/aggregation/v2/partners/authentication', { partnerId: sheet.sparePartnerId, partnerSecret: newSecret }, 401);
  token = mainToken;
  // ---- deletions
  await expect('delete ava account', 'DELETE', `/aggregation/v1/customers/${cid}/accounts/${aid}`, undefined, 204);
  await expect('deleted account', 'GET', `/aggregation/v2/customers/${cid}/accounts/${aid}`, undefined, 404);
  await expect('delete customer', 'DELETE', `/aggregation/v1/customers/${cid}`, undefined, 204);
  await expect('deleted customer', 'GET', `/aggregation/v1/customers/${cid}`, undefined, 404);
  await expect('delete again', 'DELETE', `/aggregation/v1/customers/${cid}`, undefined, 404);
} catch (e) {
  failures++;
  console.error('SURPRISE: exception', e);
}
child.kill('SIGTERM');
const code = await new Promise((r) => child.on('exit', (c) => r(c)));
check('server exits 0 on SIGTERM', code === 0, code);
console.log(`selftest: ${passed} passed, ${failures} surprises`);
process.exit(failures ? 1 : 0);
