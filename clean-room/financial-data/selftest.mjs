// Self-test: starts server.mjs, exercises every implemented operation once validly plus some invalid requests,
// and receives TxPush, webhook and report-callback deliveries on local HTTP listeners.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';

const here = path.dirname(fileURLToPath(import.meta.url));
const received = [];
function listen(port) {
  return new Promise((resolve, reject) => {
    const srv = http.createServer((req, res) => {
      let b = '';
      req.on('data', (c) => { b += c; });
      req.on('end', () => { let j; try { j = JSON.parse(b); } catch { j = b; } received.push({ path: req.url, headers: req.headers, body: j }); res.writeHead(200); res.end('ok'); });
    });
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
}
// TxPush listeners must use port 80 or 443 (seed: Events). Try port 80; otherwise start the server with --txpush-any-port.
let port80 = null;
try { port80 = await listen(80); } catch { port80 = null; }
const hookSrv = await listen(0);
const hookPort = hookSrv.address().port;
const txpushBase = port80 ? 'http://127.0.0.1' : `http://127.0.0.1:${hookPort}`;

const args = [path.join(here, 'server.mjs'), '--port', '0', '--report-delay-ms', '2000'];
if (!port80) args.push('--txpush-any-port');
const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
const first = await new Promise((resolve, reject) => {
  let buf = '';
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
});
const info = JSON.parse(first);
const { url: BASE, sheet } = info;
const KEY = sheet.securityHeaders.appKey;
const TOK = sheet.securityHeaders.appToken;
let token = null;
const results = [];
const seenOps = new Set();

async function call(op, method, p, { body, headers = {}, auth = true, raw = false } = {}) {
  const h = { accept: 'application/json', ...headers };
  if (auth) { h[KEY] = sheet.appKey; if (token && auth !== 'key') h[TOK] = token; }
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(BASE + p, { method, headers: h, body: body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body)) });
  const text = raw ? null : await res.text();
  let json; try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  if (op) seenOps.add(op);
  return { status: res.status, body: json, headers: res.headers, res };
}
function check(name, cond, extra) {
  results.push({ name, ok: !!cond });
  if (!cond) console.log('FAIL', name, extra !== undefined ? JSON.stringify(extra).slice(0, 400) : '');
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const td = sheet.testData;
const cid = td.linkedCustomer.customerId;
const acc = td.linkedCustomer.accounts;
const checking = acc.find((a) => a.type === 'checking').accountId;
const now = Math.floor(Date.now() / 1000);

try {
  // ---- Authentication ----
  let r = await call(null, 'GET', `/aggregation/v1/customers/${cid}`, { auth: false });
  check('missing app key -> 401', r.status === 401 && r.body.code === 10026, r.body);
  r = await call('CreateToken', 'POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId }, auth: 'key' });
  check('CreateToken missing secret -> 400', r.status === 400 && r.body.message === '"partnerSecret" is required', r.body);
  r = await call('CreateToken', 'POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId, partnerSecret: 'wrongSecret123' }, auth: 'key' });
  check('CreateToken wrong secret -> 401', r.status === 401, r.body);
  r = await call('CreateToken', 'POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId, partnerSecret: sheet.partnerSecret }, auth: 'key' });
  check('CreateToken -> 200 token', r.status === 200 && typeof r.body.token === 'string', r.body);
  token = r.body.token;
  r = await call(null, 'GET', `/aggregation/v1/customers/${cid}`, { headers: { [TOK]: 'bogus' }, auth: 'key' });
  check('invalid token -> 401', r.status === 401, r.body);
  // ModifyPartnerSecret on the spare partner (bad policy, then valid, then token with the new secret)
  r = await call('ModifyPartnerSecret', 'PUT', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: 'short' }, auth: 'key' });
  check('ModifyPartnerSecret bad policy -> 400 24437', r.status === 400 && r.body.code === 24437, r.body);
  r = await call('ModifyPartnerSecret', 'PUT', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: 'NewSpareSecret#2026' }, auth: 'key' });
  check('ModifyPartnerSecret -> 204', r.status === 204, r.body);
  r = await call(null, 'POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: 'NewSpareSecret#2026' }, auth: 'key' });
  check('token with new secret -> 200', r.status === 200, r.body);

  // ---- Customers ----
  const uname = 'selftest_user_' + Date.now();
  r = await call('AddTestingCustomer', 'POST', '/aggregation/v2/customers/testing', { body: { username: uname, firstName: 'Alice', lastName: 'Tester' } });
  check('AddTestingCustomer -> 201', r.status === 201 && r.body.id && r.body.username === uname && Number.isInteger(r.body.createdDate), r.body);
  const newId = r.body.id;
  r = await call('AddTestingCustomer', 'POST', '/aggregation/v2/customers/testing', { body: { username: uname } });
  check('AddTestingCustomer duplicate -> 409', r.status === 409 && r.body.code === 110002, r.body);
  r = await call('AddTestingCustomer', 'POST', '/aggregation/v2/customers/testing', { body: { username: 'abc' } });
  check('AddTestingCustomer short username -> 400', r.status === 400, r.body);
  r = await call('AddTestingCustomer', 'POST', '/aggregation/v2/customers/testing', { body: { firstName: 'x' } });
  check('AddTestingCustomer missing username -> 400', r.status === 400 && r.body.message === '"username" is required', r.body);
  r = await call('AddCustomer', 'POST', '/aggregation/v2/customers/active', { body: { username: uname + '_active', firstName: 'Bob', lastName: 'Active' } });
  check('AddCustomer -> 201', r.status === 201, r.body);
  r = await call('GetCustomers', 'GET', '/aggregation/v1/customers?search=Alice&limit=5');
  check('GetCustomers search -> 200', r.status === 200 && r.body.customers.some((c) => c.id === newId) && typeof r.body.moreAvailable === 'boolean', r.body);
  r = await call('GetCustomers', 'GET', '/aggregation/v1/customers?limit=1001');
  check('GetCustomers limit>1000 -> 400', r.status === 400, r.body);
  r = await call('GetCustomers', 'GET', '/aggregation/v1/customers?type=testing&start=1&limit=2');
  check('GetCustomers paging', r.status === 200 && r.body.displaying === 2 && r.body.moreAvailable === true, r.body);
  r = await call('GetCustomer', 'GET', `/aggregation/v1/customers/${newId}`);
  check('GetCustomer -> 200', r.status === 200 && r.body.type === 'testing' && typeof r.body.createdDate === 'string', r.body);
  r = await call('ModifyCustomer', 'PUT', `/aggregation/v1/customers/${newId}`, { body: {} });
  check('ModifyCustomer empty -> 400', r.status === 400, r.body);
  r = await call('ModifyCustomer', 'PUT', `/aggregation/v1/customers/${newId}`, { body: { firstName: 'Alicia' } });
  check('ModifyCustomer -> 204', r.status === 204);
  r = await call('GetCustomer', 'GET', `/aggregation/v1/customers/${newId}`);
  check('ModifyCustomer persisted', r.body.firstName === 'Alicia', r.body);
  r = await call('GetCustomer', 'GET', '/aggregation/v1/customers/9999999999');
  check('GetCustomer unknown -> 404', r.status === 404 && r.body.code === 14001, r.body);

  // ---- Consumers ----
  const consumerBody = { firstName: 'Alice', lastName: 'Tester', address: '1 Main St', city: 'Murray', state: 'UT', zip: '84123', phone: '1-801-555-0101', ssn: '999-99-9999', birthday: { year: 1990, month: 2, dayOfMonth: 3 }, email: 'alice@example.com' };
  r = await call('CreateConsumer', 'POST', `/decisioning/v1/customers/${newId}/consumer`, { body: { ...consumerBody, ssn: undefined } });
  check('CreateConsumer missing ssn -> 400', r.status === 400, r.body);
  r = await call('CreateConsumer', 'POST', `/decisioning/v1/customers/${newId}/consumer`, { body: consumerBody });
  check('CreateConsumer -> 201', r.status === 201 && r.body.id && r.body.customerId === Number(newId), r.body);
  const newConsumer = r.body.id;
  r = await call('CreateConsumer', 'POST', `/decisioning/v1/customers/${newId}/consumer`, { body: consumerBody });
  check('CreateConsumer again -> 409', r.status === 409, r.body);
  r = await call('GetConsumerForCustomer', 'GET', `/decisioning/v1/customers/${newId}/consumer`);
  check('GetConsumerForCustomer -> 200', r.status === 200 && r.body.ssn === '9999', r.body);
  r = await call('ModifyConsumer', 'PUT', `/decisioning/v1/consumers/${newConsumer}`, { body: { city: 'Provo' } });
  check('ModifyConsumer -> 204', r.status === 204);
  r = await call('GetConsumer', 'GET', `/decisioning/v1/consumers/${newConsumer}`);
  check('GetConsumer -> 200 modified', r.status === 200 && r.body.city === 'Provo' && r.body.firstName === 'Alice', r.body);

  // ---- Accounts ----
  r = await call('GetCustomerAccounts', 'GET', `/aggregation/v1/customers/${cid}/accounts`);
  check('GetCustomerAccounts -> 200', r.status === 200 && r.body.accounts.length === acc.length, r.body);
  r = await call('GetCustomerAccount', 'GET', `/aggregation/v2/customers/${cid}/accounts/${checking}`);
  check('GetCustomerAccount -> 200', r.status === 200 && r.body.id === checking && typeof r.body.institutionLoginId === 'number', r.body);
  const loginA = td.linkedCustomer.institutionLoginIds[0];
  const loginB = td.linkedCustomer.institutionLoginIds[1];
  r = await call('GetCustomerAccountsByInstitutionLogin', 'GET', `/aggregation/v1/customers/${cid}/institutionLogins/${loginA}/accounts`);
  check('GetCustomerAccountsByInstitutionLogin -> 200', r.status === 200 && r.body.accounts.length >= 1, r.body);
  r = await call('GetCustomerAccountsByInstitutionLogin', 'GET', `/aggregation/v1/customers/${cid}/institutionLogins/1/accounts`);
  check('GetCustomerAccountsByInstitutionLogin unknown -> 404', r.status === 404, r.body);
  r = await call('GetCustomerAccountsByInstitution', 'GET', `/aggregation/v1/customers/${cid}/institutions/${td.linkedCustomer.institutionIds[0]}/accounts`);
  check('GetCustomerAccountsByInstitution -> 200', r.status === 200 && r.body.accounts.length >= 1, r.body);
  r = await call('RefreshCustomerAccounts', 'POST', `/aggregation/v1/customers/${cid}/accounts`);
  check('RefreshCustomerAccounts -> 200', r.status === 200 && Array.isArray(r.body.accounts), r.body);
  r = await call('RefreshCustomerAccountsV2', 'POST', `/aggregation/v2/customers/${cid}/accounts`);
  check('RefreshCustomerAccountsV2 -> 204', r.status === 204);
  r = await call('RefreshCustomerAccountsByInstitutionLogin', 'POST', `/aggregation/v1/customers/${cid}/institutionLogins/${loginA}/accounts?fromDate=${now - 86400 * 30}&toDate=${now}`);
  check('RefreshCustomerAccountsByInstitutionLogin -> 200', r.status === 200, r.body);
  r = await call('RefreshCustomerAccountsByInstitutionLoginV2', 'POST', `/aggregation/v2/customers/${cid}/institutionLogins/${loginA}/accounts`);
  check('RefreshCustomerAccountsByInstitutionLoginV2 -> 204', r.status === 204);

  // ---- Transactions ----
  r = await call('GetAllCustomerTransactions', 'GET', `/aggregation/v3/customers/${cid}/transactions?fromDate=${now - 86400 * 365}&toDate=${now}&limit=10`);
  check('GetAllCustomerTransactions -> 200', r.status === 200 && r.body.displaying === 10 && r.body.moreAvailable === 'true' && r.body.sort === 'desc', r.body);
  const txId = r.body.transactions[0].id;
  r = await call('GetAllCustomerTransactions', 'GET', `/aggregation/v3/customers/${cid}/transactions?toDate=${now}`);
  check('GetAllCustomerTransactions missing fromDate -> 400', r.status === 400, r.body);
  r = await call('GetCustomerAccountTransactions', 'GET', `/aggregation/v4/customers/${cid}/accounts/${checking}/transactions?fromDate=${now - 86400 * 365}&toDate=${now}&includePending=true&showDailyBalance=true`);
  check('GetCustomerAccountTransactions -> 200', r.status === 200 && Array.isArray(r.body.dailyBalances) && r.body.transactions.some((t) => t.status === 'pending'), { status: r.status, found: r.body.found });
  r = await call('GetCustomerAccountTransactions', 'GET', `/aggregation/v4/customers/${cid}/accounts/${checking}/transactions?fromDate=${now - 86400}&toDate=${now}&sort=up`);
  check('GetCustomerAccountTransactions bad sort -> 400', r.status === 400, r.body);
  r = await call('GetCustomerTransaction', 'GET', `/aggregation/v2/customers/${cid}/transactions/${txId}`);
  check('GetCustomerTransaction -> 200', r.status === 200 && r.body.id === txId, r.body);

  // ---- Webhooks ----
  const hookUrl = `http://127.0.0.1:${hookPort}/webhook`;
  r = await call('listAvailableWebhookSubscriptionEvents', 'GET', '/notification-subscriptions/webhooks/events');
  check('listAvailableWebhookSubscriptionEvents -> 200', r.status === 200 && r.body.events.length >= 1, r.body);
  r = await call('listWebhookSubscriptions', 'GET', '/notification-subscriptions/webhooks');
  check('listWebhookSubscriptions empty -> 404', r.status === 404 && r.body.Errors, r.body);
  r = await call('createWebhookSubscription', 'POST', '/notification-subscriptions/webhooks', { body: { url: hookUrl } });
  check('createWebhookSubscription missing events -> 400', r.status === 400 && r.body.Errors.Error.length === 1, r.body);
  r = await call('createWebhookSubscription', 'POST', '/notification-subscriptions/webhooks', { body: { url: hookUrl, events: [{ name: 'manage.txpush.account.created', condition: { subscribeFor: 'accountId', includes: [checking] } }, { name: 'mastercard.openbanking.customer.consent', url: hookUrl + '/consent' }] }, headers: { 'X-External-Request-Id': 'req-1' } });
  check('createWebhookSubscription -> 201', r.status === 201 && r.body.subscriptionId.length === 36 && r.body.events.length === 2, r.body);
  const subId = r.body.subscriptionId;
  const ev1 = r.body.events[0].webhookEventId;
  const ev2 = r.body.events[1].webhookEventId;
  r = await call('listWebhookSubscriptions', 'GET', '/notification-subscriptions/webhooks?offset=1&limit=10');
  check('listWebhookSubscriptions -> 200', r.status === 200 && r.body.count === 1 && r.body.total === 1, r.body);
  r = await call('listWebhookSubscriptions', 'GET', '/notification-subscriptions/webhooks?limit=101');
  check('listWebhookSubscriptions limit 101 -> 400', r.status === 400, r.body);
  r = await call('getWebhookSubscriptionById', 'GET', `/notification-subscriptions/webhooks/${subId}`);
  check('getWebhookSubscriptionById -> 200', r.status === 200 && r.body.status === 'active', r.body);
  r = await call('getWebhookSubscriptionById', 'GET', '/notification-subscriptions/webhooks/661f3c48-f596-423b-81f5-d275d4dd1345');
  check('getWebhookSubscriptionById unknown -> 404', r.status === 404, r.body);
  r = await call('updateWebhookSubscription', 'PUT', `/notification-subscriptions/webhooks/${subId}`, { body: { url: hookUrl, events: [{ name: 'manage.txpush.account.created', condition: { subscribeFor: 'accountId', includes: [checking] } }, { name: 'mastercard.openbanking.customer.consent', url: hookUrl + '/consent' }, { name: 'authorization.accesstoken.expiry' }] } });
  check('updateWebhookSubscription -> 200', r.status === 200 && r.body.events.length === 3 && r.body.events[0].webhookEventId === ev1, r.body);
  const ev3 = r.body.events[2].webhookEventId;
  r = await call('updateWebhookSubscriptionEvent', 'PUT', `/notification-subscriptions/webhooks/${subId}/events/${ev2}`, { body: { name: 'mastercard.openbanking.customer.consent', url: hookUrl + '/consent2' } });
  check('updateWebhookSubscriptionEvent -> 200', r.status === 200 && r.body.url === hookUrl + '/consent2', r.body);
  r = await call('changeWebhookSubscriptionEventStatus', 'PUT', `/notification-subscriptions/webhooks/${subId}/events/${ev3}/status`, { body: { status: 'paused' } });
  check('changeWebhookSubscriptionEventStatus bad -> 400', r.status === 400, r.body);
  r = await call('changeWebhookSubscriptionEventStatus', 'PUT', `/notification-subscriptions/webhooks/${subId}/events/${ev3}/status`, { body: { status: 'inactive' } });
  check('changeWebhookSubscriptionEventStatus -> 200', r.status === 200 && r.body.status === 'inactive', r.body);
  r = await call('changeWebhookSubscriptionStatus', 'PUT', `/notification-subscriptions/webhooks/${subId}/status`, { body: { status: 'active' } });
  check('changeWebhookSubscriptionStatus -> 200', r.status === 200 && r.body.status === 'active', r.body);
  r = await call('deleteWebhookSubscriptionEvent', 'DELETE', `/notification-subscriptions/webhooks/${subId}/events/${ev3}`);
  check('deleteWebhookSubscriptionEvent -> 204', r.status === 204);
  r = await call('testWebhookSubscription', 'GET', `/notification-subscriptions/webhooks/${subId}/test-subscriptions`);
  check('testWebhookSubscription -> 200', r.status === 200);
  r = await call('testWebhookSubscriptionBasedOnEventId', 'GET', `/notification-subscriptions/webhooks/${subId}/events/${ev2}/test-subscriptions`);
  check('testWebhookSubscriptionBasedOnEventId -> 200', r.status === 200);

  // ---- TxPush ----
  r = await call('SubscribeToTxPushNotifications', 'POST', `/aggregation/v1/customers/${cid}/accounts/${checking}/txpush`, { body: { callbackUrl: 'http://127.0.0.1:8081/txpush' } });
  if (port80) check('SubscribeToTxPushNotifications port 8081 -> 400', r.status === 400, r.body);
  r = await call('SubscribeToTxPushNotifications', 'POST', `/aggregation/v1/customers/${cid}/accounts/${checking}/txpush`, { body: {} });
  check('SubscribeToTxPushNotifications missing callbackUrl -> 400', r.status === 400, r.body);
  r = await call('SubscribeToTxPushNotifications', 'POST', `/aggregation/v1/customers/${cid}/accounts/${checking}/txpush`, { body: { callbackUrl: `${txpushBase}/txpush` } });
  check('SubscribeToTxPushNotifications -> 201', r.status === 201 && r.body.subscriptions.length === 2 && r.body.subscriptions.map((s) => s.type).sort().join() === 'account,transaction', r.body);
  const txSubs = r.body.subscriptions;
  r = await call('CreateTxPushTestTransaction', 'POST', `/aggregation/v1/customers/${cid}/accounts/${checking}/transactions`, { body: { amount: -4.25, description: 'a testing transaction' } });
  check('CreateTxPushTestTransaction missing transactionDate -> 400', r.status === 400, r.body);
  r = await call('CreateTxPushTestTransaction', 'POST', `/aggregation/v1/customers/${cid}/accounts/${checking}/transactions`, { body: { amount: -4.25, description: 'a testing transaction', transactionDate: now, postedDate: now } });
  check('CreateTxPushTestTransaction -> 201', r.status === 201 && Number.isInteger(r.body.id), r.body);
  const testTxId = r.body.id;
  r = await call(null, 'GET', `/aggregation/v2/customers/${cid}/transactions/${testTxId}`);
  check('test transaction readable', r.status === 200 && r.body.amount === -4.25, r.body);
  r = await call('DeleteTxPushSubscription', 'DELETE', `/aggregation/v1/customers/${cid}/subscriptions/${txSubs[0].id}`);
  check('DeleteTxPushSubscription -> 204', r.status === 204);
  r = await call('DeleteTxPushSubscription', 'DELETE', `/aggregation/v1/customers/${cid}/subscriptions/${txSubs[0].id}`);
  check('DeleteTxPushSubscription again -> 404', r.status === 404, r.body);
  r = await call('DisableTxPushNotifications', 'DELETE', `/aggregation/v1/customers/${cid}/accounts/${checking}/txpush`);
  check('DisableTxPushNotifications -> 204', r.status === 204);

  // ---- Reports ----
  const cb = `http://127.0.0.1:${hookPort}/report-callback`;
  r = await call('GenerateVOAReport', 'POST', `/decisioning/v2/customers/${cid}/voa?callbackUrl=${encodeURIComponent(cb)}`, { body: { reportCustomFields: [{ label: 'loanID', value: '12345', shown: true }] } });
  check('GenerateVOAReport -> 202 inProgress', r.status === 202 && r.body.status === 'inProgress' && r.body.type === 'voa', r.body);
  const voaId = r.body.id;
  r = await call('GenerateVOAReport', 'POST', `/decisioning/v2/customers/${td.creditOnlyCustomer.customerId}/voa`, { body: {} });
  check('GenerateVOAReport no eligible account -> 400', r.status === 400, r.body);
  r = await call('GenerateVOAReport', 'POST', `/decisioning/v2/customers/${td.customerWithoutConsumer.customerId}/voa`, { body: {} });
  check('GenerateVOAReport no consumer -> 404', r.status === 404, r.body);
  r = await call('GenerateTransactionsReport', 'POST', `/decisioning/v2/customers/${cid}/transactions?fromDate=${now - 86400 * 800}&toDate=${now}`, { body: {} });
  check('GenerateTransactionsReport > 24 months -> 400', r.status === 400, r.body);
  r = await call('GenerateTransactionsReport', 'POST', `/decisioning/v2/customers/${cid}/transactions?fromDate=${now - 86400 * 90}&toDate=${now}&includePending=true`, { body: { accountIds: `${checking}` } });
  check('GenerateTransactionsReport -> 202', r.status === 202 && r.body.type === 'transactions', r.body);
  const txRepId = r.body.id;
  r = await call('GetReportByCustomer', 'GET', `/decisioning/v3/customers/${cid}/reports/${voaId}`);
  check('GetReportByCustomer inProgress', r.status === 200 && r.body.status === 'inProgress', r.body);
  let status = 'inProgress';
  for (let i = 0; i < 20 && status === 'inProgress'; i++) { await sleep(500); r = await call(null, 'GET', `/decisioning/v3/customers/${cid}/reports/${voaId}`); status = r.body.status; }
  check('VOA report -> success', status === 'success' && Array.isArray(r.body.institutions), r.body && r.body.status);
  r = await call('GetReportByConsumer', 'GET', `/decisioning/v3/consumers/${td.linkedCustomer.consumerId}/reports/${voaId}?purpose=31`);
  check('GetReportByConsumer -> 200', r.status === 200 && r.body.id === voaId, r.body && r.body.status);
  r = await call(null, 'GET', `/decisioning/v3/consumers/${td.linkedCustomer.consumerId}/reports/${voaId}?purpose=123`);
  check('GetReportByConsumer bad purpose -> 400', r.status === 400, r.body);
  r = await call('GetReportById', 'POST', `/decisioning/v3/reports/${txRepId}`, { body: { purpose: '31' } });
  check('GetReportById -> 200', r.status === 200 && r.body.id === txRepId, r.body && r.body.status);
  const pdf = await fetch(`${BASE}/decisioning/v3/customers/${cid}/reports/${voaId}`, { headers: { [KEY]: sheet.appKey, [TOK]: token, accept: 'application/pdf' } });
  check('GetReportByCustomer PDF', pdf.status === 200 && pdf.headers.get('content-type') === 'application/pdf');
  r = await call('GetReportsByCustomerId', 'GET', `/decisioning/v1/customers/${cid}/reports`);
  check('GetReportsByCustomerId -> 200', r.status === 200 && r.body.reports.length >= 2, r.body);
  r = await call('GetReportsByConsumerId', 'GET', `/decisioning/v1/consumers/${td.linkedCustomer.consumerId}/reports`);
  check('GetReportsByConsumerId -> 200', r.status === 200 && r.body.reports.length >= 2, r.body);

  // ---- Deletes ----
  const login2 = td.customerWithoutConsumer.institutionLoginIds[0];
  const c2 = td.customerWithoutConsumer.customerId;
  r = await call('DeleteCustomerAccount', 'DELETE', `/aggregation/v1/customers/${c2}/accounts/${td.customerWithoutConsumer.accounts[1].accountId}`);
  check('DeleteCustomerAccount -> 204', r.status === 204);
  r = await call(null, 'GET', `/aggregation/v2/customers/${c2}/accounts/${td.customerWithoutConsumer.accounts[1].accountId}`);
  check('deleted account -> 404', r.status === 404, r.body);
  r = await call('DeleteCustomerAccountsByInstitutionLogin', 'DELETE', `/aggregation/v1/customers/${c2}/institutionLogins/${login2}`);
  check('DeleteCustomerAccountsByInstitutionLogin -> 204', r.status === 204);
  r = await call('DeleteCustomer', 'DELETE', `/aggregation/v1/customers/${newId}`);
  check('DeleteCustomer -> 204', r.status === 204);
  r = await call(null, 'GET', `/aggregation/v1/customers/${newId}`);
  check('deleted customer -> 404', r.status === 404, r.body);
  r = await call(null, 'GET', `/decisioning/v1/consumers/${newConsumer}`);
  check('consumer persists after customer deletion', r.status === 200, r.body);
  r = await call('deleteWebhookSubscription', 'DELETE', `/notification-subscriptions/webhooks/${subId}`);
  check('deleteWebhookSubscription -> 204', r.status === 204);
  r = await call(null, 'GET', '/aggregation/v1/customers/1/institutionLogins/2/migration');
  check('unimplemented -> 404', r.status === 404, r.body);

  // ---- Deliveries ----
  await sleep(1500);
  const paths = received.map((x) => x.path);
  check('TxPush transaction event received', received.some((x) => x.path === '/txpush' && x.body.class === 'transaction'), paths);
  check('TxPush account event received', received.some((x) => x.path === '/txpush' && x.body.class === 'account'), paths);
  check('webhook test delivery received', received.some((x) => x.path === '/webhook' && x.body.test === true), paths);
  check('webhook per-event url override received', received.some((x) => x.path === '/webhook/consent2'), paths);
  check('webhook manage.txpush.account.created received', received.some((x) => x.path === '/webhook' && x.body.eventName === 'manage.txpush.account.created' && x.body.test === false), paths);
  check('report callback received', received.some((x) => x.path === '/report-callback' && x.body.reportId === voaId), paths);

  const missing = info.operations.filter((o) => !seenOps.has(o));
  check('every implemented operation exercised', missing.length === 0, missing);
} catch (e) {
  console.log('ERROR', e);
  results.push({ name: 'exception', ok: false });
}

const exitP = new Promise((r) => child.on('exit', (code, sig) => r({ code, sig })));
child.kill('SIGTERM');
const ex = await exitP;
check('server exits 0 on SIGTERM', ex.code === 0, ex);
hookSrv.close(); if (port80) port80.close();
const failed = results.filter((x) => !x.ok);
console.log(`${results.length - failed.length}/${results.length} checks passed; deliveries received: ${received.length}; txpush listener ${txpushBase}`);
process.exit(failed.length ? 1 : 0);
