// Starts server.mjs, exercises every served operation once (valid and a few invalid calls), exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const dir = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(dir, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let buf = '';
child.stdout.setEncoding('utf8');
const line = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('server did not announce')), 5000);
});
const { url, sheet, operations } = JSON.parse(line);
const H = sheet.securityHeaders;
let failures = 0; const seen = new Set();
function check(cond, msg) { if (!cond) { failures++; console.error('FAIL:', msg); } else console.log('ok  ', msg); }
let token = null;
async function call(method, p, { body, headers = {}, auth = true, raw } = {}) {
  const h = { ...headers };
  if (auth) { h[H.appKey] = sheet.appKey; if (token && auth !== 'key') h[H.appToken] = token; }
  if (body !== undefined || raw !== undefined) h['Content-Type'] = 'application/json';
  const res = await fetch(url + p, { method, headers: h, body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined) });
  const text = await res.text();
  let json; try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  return { status: res.status, json, type: res.headers.get('content-type') };
}
const op = (id) => seen.add(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  // Authentication
  let r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId, partnerSecret: sheet.partnerSecret }, auth: 'key' });
  check(r.status === 200 && typeof r.json.token === 'string', 'CreateToken 200'); token = r.json.token; op('CreateToken');
  r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId, partnerSecret: 'wrong-secret-123' }, auth: 'key' });
  check(r.status === 401 && r.json.code !== undefined, 'CreateToken bad secret 401');
  r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId }, auth: 'key' });
  check(r.status === 400, 'CreateToken missing secret 400');
  r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.partnerId, partnerSecret: sheet.partnerSecret }, auth: false });
  check(r.status === 401, 'CreateToken without app key 401');
  // secret change on the spare partner
  r = await call('PUT', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: 'short1' }, auth: 'key' });
  check(r.status === 400, 'ModifyPartnerSecret weak secret 400');
  const newSecret = 'NewSecret#' + Date.now();
  r = await call('PUT', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret, newPartnerSecret: newSecret }, auth: 'key' });
  check(r.status === 204, 'ModifyPartnerSecret 204'); op('ModifyPartnerSecret');
  r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: sheet.sparePartnerSecret }, auth: 'key' });
  check(r.status === 401, 'old secret no longer valid');
  r = await call('POST', '/aggregation/v2/partners/authentication', { body: { partnerId: sheet.sparePartnerId, partnerSecret: newSecret }, auth: 'key' });
  check(r.status === 200, 'new secret valid');
  const spareToken = r.json.token;

  r = await call('GET', '/aggregation/v1/customers', { auth: 'key' });
  check(r.status === 401 && r.json.code === 10024, 'missing token 401');
  r = await call('GET', '/aggregation/v1/customers', { headers: { [H.appToken]: 'nope' }, auth: 'key' });
  check(r.status === 401, 'invalid token 401');

  // Customers
  const uname = 'selftest_' + Date.now();
  r = await call('POST', '/aggregation/v2/customers/testing', { body: { username: uname, firstName: 'John', lastName: 'Smith' } });
  check(r.status === 201 && r.json.id && r.json.username === uname && Number.isInteger(r.json.createdDate), 'AddTestingCustomer 201'); op('AddTestingCustomer');
  const cid = r.json.id;
  r = await call('POST', '/aggregation/v2/customers/testing', { body: { username: uname } });
  check(r.status === 409, 'AddTestingCustomer duplicate 409');
  r = await call('POST', '/aggregation/v2/customers/testing', { body: { username: 'abc' } });
  check(r.status === 400, 'AddTestingCustomer short username 400');
  r = await call('POST', '/aggregation/v2/customers/active', { body: { username: uname + '_a', firstName: 'Ann', lastName: 'Active' } });
  check(r.status === 201, 'AddCustomer 201'); op('AddCustomer');
  const activeId = r.json.id;
  r = await call('POST', '/aggregation/v2/customers/active', { body: { firstName: 'x' } });
  check(r.status === 400, 'AddCustomer missing username 400');
  r = await call('GET', `/aggregation/v1/customers?search=${uname}&type=testing`);
  check(r.status === 200 && r.json.customers.length === 1 && r.json.customers[0].id === cid && typeof r.json.moreAvailable === 'boolean', 'GetCustomers 200'); op('GetCustomers');
  r = await call('GET', '/aggregation/v1/customers?limit=5000');
  check(r.status === 400, 'GetCustomers limit > 1000 400');
  r = await call('GET', `/aggregation/v1/customers/${cid}`);
  check(r.status === 200 && r.json.type === 'testing' && typeof r.json.createdDate === 'string', 'GetCustomer 200'); op('GetCustomer');
  r = await call('GET', '/aggregation/v1/customers/9999999999');
  check(r.status === 404, 'GetCustomer unknown 404');
  r = await call('GET', `/aggregation/v1/customers/${cid}`, { headers: { [H.appToken]: spareToken }, auth: 'key' });
  check(r.status === 404, 'GetCustomer of another partner 404');
  r = await call('PUT', `/aggregation/v1/customers/${cid}`, { body: { firstName: 'Johnny' } });
  check(r.status === 204, 'ModifyCustomer 204'); op('ModifyCustomer');
  r = await call('PUT', `/aggregation/v1/customers/${cid}`, { body: {} });
  check(r.status === 400, 'ModifyCustomer empty 400');
  r = await call('GET', `/aggregation/v1/customers/${cid}`);
  check(r.json.firstName === 'Johnny', 'ModifyCustomer persisted');

  // Consumers
  const consumerBody = { firstName: 'Johnny', lastName: 'Smith', address: '1 Main St', city: 'Murray', state: 'UT', zip: '84123', phone: '8015551234', ssn: '999-99-9999', birthday: { year: 1985, month: 3, dayOfMonth: 20 }, email: 'j@example.com' };
  r = await call('POST', `/decisioning/v1/customers/${cid}/consumer`, { body: { ...consumerBody, ssn: undefined } });
  check(r.status === 400, 'CreateConsumer missing ssn 400');
  r = await call('POST', `/decisioning/v1/customers/${cid}/consumer`, { body: consumerBody });
  check(r.status === 201 && r.json.id && r.json.customerId === Number(cid), 'CreateConsumer 201'); op('CreateConsumer');
  const consId = r.json.id;
  r = await call('POST', `/decisioning/v1/customers/${cid}/consumer`, { body: consumerBody });
  check(r.status === 409, 'CreateConsumer twice 409');
  r = await call('GET', `/decisioning/v1/customers/${cid}/consumer`);
  check(r.status === 200 && r.json.id === consId && r.json.ssn === '9999', 'GetConsumerForCustomer 200'); op('GetConsumerForCustomer');
  r = await call('GET', `/decisioning/v1/customers/${activeId}/consumer`);
  check(r.status === 404, 'GetConsumerForCustomer without consumer 404');
  r = await call('GET', `/decisioning/v1/consumers/${consId}`);
  check(r.status === 200 && r.json.firstName === 'Johnny', 'GetConsumer 200'); op('GetConsumer');
  r = await call('PUT', `/decisioning/v1/consumers/${consId}`, { body: { city: 'Draper' } });
  check(r.status === 204, 'ModifyConsumer 204'); op('ModifyConsumer');
  r = await call('PUT', `/decisioning/v1/consumers/${consId}`, { body: { ssn: '12' } });
  check(r.status === 400, 'ModifyConsumer bad ssn 400');
  r = await call('GET', `/decisioning/v1/consumers/${consId}`);
  check(r.json.city === 'Draper' && r.json.lastName === 'Smith', 'ModifyConsumer kept other fields');

  // Institutions
  r = await call('GET', '/institution/v2/institutions?search=finbank&limit=2');
  check(r.status === 200 && r.json.institutions.length === 2 && r.json.moreAvailable === true, 'GetInstitutions 200'); op('GetInstitutions');
  r = await call('GET', '/institution/v2/institutions?search=zzzznothing');
  check(r.status === 200 && r.json.institutions.length === 0, 'GetInstitutions empty 200');
  r = await call('GET', '/institution/v2/institutions?supportedCountries=u');
  check(r.status === 400, 'GetInstitutions bad countries 400');
  r = await call('GET', '/institution/v2/certifiedInstitutions?type=voa,ach');
  check(r.status === 200 && r.json.institutions.every((i) => i.voa && i.ach), 'GetCertifiedInstitutions 200'); op('GetCertifiedInstitutions');
  r = await call('GET', '/institution/v2/certifiedInstitutions/rssd?type=voa');
  check(r.status === 200 && r.json.institutions.some((i) => 'rssd' in i), 'GetCertifiedInstitutionsWithRSSD 200'); op('GetCertifiedInstitutionsWithRSSD');
  r = await call('GET', `/institution/v2/institutions/${sheet.institutions[0].institutionId}`);
  check(r.status === 200 && r.json.institution.branding && r.json.institution.branding.logo, 'GetInstitution 200 with branding'); op('GetInstitution');
  r = await call('GET', '/institution/v2/institutions/1');
  check(r.status === 404, 'GetInstitution unknown 404');
  r = await call('GET', '/institution/v2/institutions/abc');
  check(r.status === 400, 'GetInstitution non-numeric 400');

  // Accounts of the linked customer
  const lc = sheet.testData.linkedCustomer.customerId;
  r = await call('GET', `/aggregation/v1/customers/${lc}/accounts`);
  check(r.status === 200 && r.json.accounts.length >= 4, 'GetCustomerAccounts 200'); op('GetCustomerAccounts');
  const accs = r.json.accounts;
  const checking = accs.find((a) => a.type === 'checking');
  const mortgage = accs.find((a) => a.type === 'mortgage');
  r = await call('GET', `/aggregation/v1/customers/${cid}/accounts`);
  check(r.status === 200 && r.json.accounts.length === 0, 'GetCustomerAccounts new customer empty');
  r = await call('GET', `/aggregation/v1/customers/${lc}/institutions/${checking.institutionId}/accounts`);
  check(r.status === 200 && r.json.accounts.every((a) => a.institutionId === checking.institutionId), 'GetCustomerAccountsByInstitution 200'); op('GetCustomerAccountsByInstitution');
  r = await call('GET', `/aggregation/v1/customers/${lc}/institutionLogins/${checking.institutionLoginId}/accounts`);
  check(r.status === 200 && r.json.accounts.length >= 1, 'GetCustomerAccountsByInstitutionLogin 200'); op('GetCustomerAccountsByInstitutionLogin');
  r = await call('GET', `/aggregation/v1/customers/${lc}/institutionLogins/1/accounts`);
  check(r.status === 404, 'GetCustomerAccountsByInstitutionLogin unknown 404');
  r = await call('GET', `/aggregation/v2/customers/${lc}/accounts/${checking.id}`);
  check(r.status === 200 && r.json.id === checking.id && r.json.detail, 'GetCustomerAccount 200'); op('GetCustomerAccount');
  r = await call('GET', `/aggregation/v2/customers/${lc}/accounts/1`);
  check(r.status === 404, 'GetCustomerAccount unknown 404');

  // Reports
  r = await call('POST', `/decisioning/v2/customers/${cid}/voa`, { body: {} });
  check(r.status === 400, 'GenerateVOAReport no eligible account 400');
  r = await call('POST', `/decisioning/v2/customers/${activeId}/voa`, { body: {} });
  check(r.status === 404, 'GenerateVOAReport without consumer 404');
  r = await call('POST', `/decisioning/v2/customers/${lc}/voa`, { body: { reportCustomFields: new Array(6).fill({ label: 'a', value: 'b', shown: true }) } });
  check(r.status === 400, 'GenerateVOAReport > 5 custom fields 400');
  r = await call('POST', `/decisioning/v2/customers/${lc}/voa`, { body: { accountIds: checking.id, showNsf: false, reportCustomFields: [{ label: 'loanID', value: '1', shown: true }] } });
  check(r.status === 202 && r.json.status === 'inProgress' && r.json.type === 'voa', 'GenerateVOAReport 202'); op('GenerateVOAReport');
  const voa = r.json;
  r = await call('POST', `/decisioning/v2/customers/${lc}/statement`, { body: { statementReportData: { statementIndex: 2 } } });
  check(r.status === 400, 'GenerateStatementReport missing accountId 400');
  r = await call('POST', `/decisioning/v2/customers/${lc}/statement`, { body: { statementReportData: { accountId: Number(checking.id), statementIndex: 30 } } });
  check(r.status === 400, 'GenerateStatementReport index > 24 400');
  r = await call('POST', `/decisioning/v2/customers/${lc}/statement`, { body: { statementReportData: { accountId: Number(checking.id), statementIndex: 1 } } });
  check(r.status === 202 && r.json.type === 'statement', 'GenerateStatementReport 202'); op('GenerateStatementReport');
  const st = r.json;
  r = await call('GET', `/decisioning/v3/customers/${lc}/reports/${voa.id}`);
  check(r.status === 200 && r.json.status === 'inProgress', 'GetReportByCustomer inProgress');
  await sleep(3300);
  r = await call('GET', `/decisioning/v3/customers/${lc}/reports/${voa.id}`);
  check(r.status === 200 && r.json.status === 'success' && Array.isArray(r.json.institutions), 'GetReportByCustomer success'); op('GetReportByCustomer');
  r = await call('GET', `/decisioning/v3/customers/${lc}/reports/nosuchreport`);
  check(r.status === 404, 'GetReportByCustomer unknown 404');
  r = await call('GET', `/decisioning/v3/customers/${lc}/reports/${voa.id}?purpose=abc`);
  check(r.status === 400, 'GetReportByCustomer bad purpose 400');
  r = await call('GET', `/decisioning/v3/consumers/${voa.consumerId}/reports/${st.id}`);
  check(r.status === 200 && r.json.status === 'success' && r.json.assetId, 'GetReportByConsumer 200'); op('GetReportByConsumer');
  r = await call('POST', `/decisioning/v3/reports/${st.id}`, { body: { purpose: '31' } });
  check(r.status === 200 && r.json.id === st.id, 'GetReportById 200'); op('GetReportById');
  r = await call('POST', `/decisioning/v3/reports/${st.id}`, { body: { purpose: '31' }, headers: { Accept: 'application/pdf' } });
  check(r.status === 200 && /pdf/.test(r.type), 'GetReportById PDF');
  r = await call('GET', `/decisioning/v1/customers/${lc}/reports`);
  check(r.status === 200 && r.json.reports.some((x) => x.id === voa.id), 'GetReportsByCustomerId 200'); op('GetReportsByCustomerId');
  r = await call('GET', `/decisioning/v1/consumers/${voa.consumerId}/reports`);
  check(r.status === 200 && r.json.reports.some((x) => x.id === st.id), 'GetReportsByConsumerId 200'); op('GetReportsByConsumerId');
  r = await call('GET', `/decisioning/v1/consumers/nosuch/reports`);
  check(r.status === 404, 'GetReportsByConsumerId unknown 404');

  // Deletions (linked customer's accounts are re-aggregated later by the sandbox)
  r = await call('DELETE', `/aggregation/v1/customers/${lc}/accounts/${mortgage.id}`);
  check(r.status === 204, 'DeleteCustomerAccount 204'); op('DeleteCustomerAccount');
  r = await call('GET', `/aggregation/v2/customers/${lc}/accounts/${mortgage.id}`);
  check(r.status === 404, 'deleted account 404');
  r = await call('DELETE', `/aggregation/v1/customers/${lc}/institutionLogins/${mortgage.institutionLoginId}`);
  check(r.status === 204, 'DeleteCustomerAccountsByInstitutionLogin 204'); op('DeleteCustomerAccountsByInstitutionLogin');
  r = await call('DELETE', `/aggregation/v1/customers/${lc}/institutionLogins/${mortgage.institutionLoginId}`);
  check(r.status === 404, 'DeleteCustomerAccountsByInstitutionLogin again 404');

  r = await call('DELETE', `/aggregation/v1/customers/${cid}`);
  check(r.status === 204, 'DeleteCustomer 204'); op('DeleteCustomer');
  r = await call('GET', `/aggregation/v1/customers/${cid}`);
  check(r.status === 404, 'deleted customer 404');
  r = await call('GET', `/decisioning/v1/consumers/${consId}`);
  check(r.status === 200, 'consumer persists after customer deletion');
  r = await call('DELETE', `/aggregation/v1/customers/${activeId}`);
  check(r.status === 204, 'DeleteCustomer active 204');
  r = await call('GET', '/no/such/path');
  check(r.status === 404, 'unknown path 404');

  for (const o of operations) check(seen.has(o), `operation exercised: ${o}`);
} catch (e) {
  failures++; console.error('FAIL: exception', e);
} finally {
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  check(code === 0, 'server exits 0 on SIGTERM');
  console.log(failures ? `${failures} failure(s)` : 'all checks passed');
  process.exit(failures ? 1 : 0);
}
