// Starts server.mjs, exercises GET /keys and POST /cards (valid and invalid calls), exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import crypto from 'node:crypto';
import { CompactEncrypt, importJWK } from 'jose';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(here, 'server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let failures = 0;
const check = (cond, what, extra) => {
  if (cond) console.log(`ok   ${what}`);
  else { failures++; console.log(`FAIL ${what}${extra !== undefined ? ' :: ' + JSON.stringify(extra) : ''}`); }
};

const first = await new Promise((resolve, reject) => {
  let buf = '';
  const t = setTimeout(() => reject(new Error('server did not print its line in time')), 10000);
  child.stdout.on('data', (d) => {
    buf += d;
    const i = buf.indexOf('\n');
    if (i >= 0) { clearTimeout(t); resolve(buf.slice(0, i)); }
  });
  child.on('exit', (c) => reject(new Error(`server exited early (${c})`)));
});
const { url, sheet } = JSON.parse(first);
let extraStdout = '';
child.stdout.on('data', (d) => { extraStdout += d; });

async function post(body, headers = {}) {
  const r = await fetch(`${sheet.baseUrl}/cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-openapi-clientid': sheet.apiKey, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  let json = null; try { json = await r.json(); } catch {}
  return { status: r.status, json };
}

try {
  // ---- GET /keys
  const kr = await fetch(sheet.keysUrl);
  const jwks = await kr.json();
  check(kr.status === 200 && Array.isArray(jwks.keys) && jwks.keys[0].kid === sheet.kid, 'GET /keys returns the JWK set with the sheet kid');
  const pub = await importJWK(jwks.keys[0], 'RSA-OAEP-256');
  const enc = async (card, hdr = {}) => new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128GCM', kid: sheet.kid, ...hdr }).encrypt(pub);

  const tc = sheet.testCards[0];
  const email = `selftest.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const base = () => ({
    srcClientId: sheet.srcClientId,
    serviceId: sheet.serviceIds[0],
    consumer: {
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: email },
      mobileNumber: { countryCode: '1', phoneNumber: '5551234567' },
      countryCode: 'US', languageCode: 'en', firstName: 'Ada', lastName: 'Lovelace',
    },
    complianceSettings: { privacy: { latestVersionUri: 'https://example.com/privacy/v1' }, tnc: { latestVersionUri: 'https://example.com/tnc/v1' } },
    cardSource: 'CARDHOLDER',
  });

  // ---- valid card-number enrollment
  const corr = crypto.randomUUID();
  const ok1 = await post({ ...base(), srcCorrelationId: corr, encryptedCard: await enc(tc) });
  check(ok1.status === 200, 'POST /cards (encryptedCard) -> 200', ok1);
  const mc = ok1.json?.maskedCard || {};
  check(ok1.json?.srcCorrelationId === corr, 'srcCorrelationId echoed');
  check(mc.panLastFour === tc.primaryAccountNumber.slice(-4) && tc.primaryAccountNumber.startsWith(mc.panBin), 'maskedCard pan bin / last four');
  check(/^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/.test(mc.srcDigitalCardId || ''), 'srcDigitalCardId is a UUID');
  check(mc.digitalCardData?.status === 'ACTIVE' && typeof mc.dateOfCardCreated === 'string', 'digitalCardData ACTIVE, dateOfCardCreated');
  check(ok1.json?.maskedConsumer?.status === 'ACTIVE' && ok1.json?.maskedConsumer?.maskedConsumerIdentity?.identityType === 'EMAIL_ADDRESS', 'maskedConsumer ACTIVE');
  check(!JSON.stringify(ok1.json).includes(tc.primaryAccountNumber), 'response never carries the full PAN');

  // ---- repeat: same card, same consumer -> same digital card; correlation id generated
  const ok2 = await post({ ...base(), encryptedCard: await enc(tc) });
  check(ok2.status === 200 && ok2.json?.maskedCard?.srcDigitalCardId === mc.srcDigitalCardId, 're-enrollment returns the same srcDigitalCardId');
  check(typeof ok2.json?.srcCorrelationId === 'string' && ok2.json.srcCorrelationId !== corr, 'srcCorrelationId generated when absent');

  // ---- valid receipt enrollment
  const rc = sheet.receipts[0];
  const ok3 = await post({ ...base(), serviceId: sheet.serviceIds[1], enrolmentReferenceData: { enrolmentReferenceId: rc.enrolmentReferenceId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } });
  check(ok3.status === 200 && ok3.json?.maskedCard?.panBin === rc.panBin && ok3.json?.maskedCard?.panLastFour === rc.panLastFour, 'POST /cards (enrolmentReferenceData) -> 200 with receipt bin/last four', ok3);

  // ---- invalid calls
  const e401 = await post({ ...base(), encryptedCard: await enc(tc) }, { 'x-openapi-clientid': '' });
  check(e401.status === 401, 'missing API key -> 401', e401);
  const e401b = await post({ ...base(), encryptedCard: await enc(tc) }, { 'x-openapi-clientid': 'nope' });
  check(e401b.status === 401, 'unknown API key -> 401', e401b);

  const noClient = base(); delete noClient.srcClientId;
  const e400a = await post({ ...noClient, encryptedCard: await enc(tc) });
  check(e400a.status === 400 && e400a.json?.status === 'INVALID_ARGUMENT' && e400a.json?.details?.[0]?.reason === 'CANNOT_BE_NULL' && e400a.json.details[0].source === 'srcClientId', 'missing srcClientId -> 400 INVALID_ARGUMENT CANNOT_BE_NULL', e400a);

  const e400b = await post({ ...base(), srcClientId: sheet.srcClientId.toUpperCase(), encryptedCard: await enc(tc) });
  check(e400b.status === 400 && e400b.json?.status === 'INVALID_ARGUMENT', 'upper-case srcClientId -> 400 INVALID_ARGUMENT', e400b);

  const e400c = await post({ ...base(), encryptedCard: await enc({ ...tc, primaryAccountNumber: '5123450000000009' }) });
  check(e400c.status === 400 && e400c.json?.details?.[0]?.source === 'card.primaryAccountNumber', 'Luhn-invalid PAN -> 400 on card.primaryAccountNumber', e400c);

  const e400d = await post({ ...base(), encryptedCard: await enc(tc, { kid: 'not-a-key' }) });
  check(e400d.status === 400 && e400d.json?.details?.[0]?.source === 'encryptedCard', 'unknown kid -> 400 on encryptedCard', e400d);

  const e400e = await post({ ...base(), serviceId: sheet.foreignServiceId, encryptedCard: await enc(tc) });
  check(e400e.status === 400 && e400e.json?.status === 'INVALID_STATE', 'foreign serviceId -> 400 INVALID_STATE', e400e);

  const e400f = await post({ ...base(), srcClientId: crypto.randomUUID(), encryptedCard: await enc(tc) });
  check(e400f.status === 400 && e400f.json?.status === 'INVALID_STATE', 'unknown srcClientId -> 400 INVALID_STATE', e400f);

  const e403 = await post({ ...base(), srcClientId: sheet.foreignSrcClientId, serviceId: sheet.foreignServiceId, encryptedCard: await enc(tc) });
  check(e403.status === 403, 'foreign srcClientId -> 403', e403);

  const b = base(); b.consumer.firstName = 'x'.repeat(31);
  const e400g = await post({ ...b, encryptedCard: await enc(tc) });
  check(e400g.status === 400 && e400g.json?.details?.[0]?.source === 'consumer.firstName', 'firstName of 31 chars -> 400', e400g);

  const e400h = await post({ ...base() });
  check(e400h.status === 400 && e400h.json?.status === 'INVALID_ARGUMENT', 'neither encryptedCard nor enrolmentReferenceData -> 400', e400h);

  const e400i = await post('{not json');
  check(e400i.status === 400 && e400i.json?.status === 'INVALID_ARGUMENT', 'malformed JSON -> 400', e400i);

  const e404 = await fetch(`${url}/nothing-here`);
  check(e404.status === 404, 'unknown path -> 404');
} catch (e) {
  failures++; console.log('FAIL exception', e);
}

child.kill('SIGTERM');
const code = await new Promise((r) => child.on('exit', (c) => r(c)));
check(code === 0, 'server exits 0 on SIGTERM', code);
check(extraStdout === '', 'server printed exactly one stdout line', extraStdout);
console.log(failures ? `${failures} failure(s)` : 'all checks passed');
process.exit(failures ? 1 : 0);
