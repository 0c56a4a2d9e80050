// Starts the sandbox, sends valid and invalid calls, exits non-zero on a surprise.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as jose from 'jose';

const child = spawn(process.execPath, [new URL('./server.mjs', import.meta.url).pathname, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let buf = '';
child.stdout.setEncoding('utf8');
const first = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
  child.on('exit', (c) => reject(new Error('server exited ' + c)));
  setTimeout(() => reject(new Error('timeout waiting for server')), 15000);
});
const { url, sheet } = JSON.parse(first);
let failures = 0, count = 0;
const check = (name, cond, extra) => { count++; if (!cond) { failures++; console.error('FAIL', name, extra !== undefined ? JSON.stringify(extra) : ''); } else console.log('ok  ', name); };

for (const k of ['baseUrl', 'apiKey', 'srcClientId', 'serviceIds', 'foreignSrcClientId', 'foreignServiceId', 'keysUrl', 'receipts']) check(`sheet.${k}`, sheet[k] !== undefined);
check('baseUrl prefix', sheet.baseUrl === url + '/src/api/digital/payments');

const jwks = await (await fetch(sheet.keysUrl)).json();
check('jwks has RSA key', jwks.keys?.[0]?.kty === 'RSA' && jwks.keys[0].kid);
const pub = await jose.importJWK(jwks.keys[0], 'RSA-OAEP-256');
const enc = async (card, hdr = {}) => new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
  .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwks.keys[0].kid, ...hdr }).encrypt(pub);

const post = async (body, headers = { 'x-openapi-clientid': sheet.apiKey }) => {
  const r = await fetch(sheet.baseUrl + '/cards', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
};
const base = () => ({
  srcClientId: sheet.srcClientId,
  serviceId: sheet.serviceIds[0],
  consumer: {
    consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'jane.doe@example.com' },
    mobileNumber: { countryCode: '1', phoneNumber: '5555550100' },
    countryCode: 'US', languageCode: 'en', firstName: 'Jane', lastName: 'Doe',
  },
  complianceSettings: { privacy: { latestVersionUri: 'https://example.com/privacy/v2' }, tnc: { latestVersionUri: 'https://example.com/tnc/v3' } },
  cardSource: 'MERCHANT',
});
const card = sheet.testCards[0];
const corr = '3a1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

// happy path: encrypted card
let r = await post({ ...base(), srcCorrelationId: corr, encryptedCard: await enc(card) });
check('enroll FPAN 200', r.status === 200, r);
const mc = r.body.maskedCard;
check('correlation echoed', r.body.srcCorrelationId === corr);
check('maskedCard required', mc && mc.panLastFour === card.primaryAccountNumber.slice(-4) && mc.panBin === card.primaryAccountNumber.slice(0, 6) && /^[0-9a-fA-F-]{36}$/.test(mc.srcDigitalCardId) && mc.dateOfCardCreated && mc.digitalCardData?.status === 'ACTIVE', mc);
check('maskedConsumer', r.body.maskedConsumer?.maskedConsumerIdentity?.identityType === 'EMAIL_ADDRESS' && r.body.maskedConsumer.status === 'ACTIVE' && r.body.maskedConsumer.dateConsumerAdded);
check('no PAN leaked', !JSON.stringify(r.body).includes(card.primaryAccountNumber));

// idempotent re-enrollment
let r2 = await post({ ...base(), encryptedCard: await enc(card) });
check('re-enroll same card id', r2.status === 200 && r2.body.maskedCard.srcDigitalCardId === mc.srcDigitalCardId, r2);
check('generated correlation', /^[0-9a-f-]{36}$/.test(r2.body.srcCorrelationId || ''));
check('same consumer id', r2.body.maskedConsumer.srcConsumerId === r.body.maskedConsumer.srcConsumerId);

// RSA-OAEP + A128GCM also accepted
r = await post({ ...base(), encryptedCard: await new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify({ primaryAccountNumber: sheet.testCards[1].primaryAccountNumber })))
  .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A128GCM' }).encrypt(await jose.importJWK(jwks.keys[0], 'RSA-OAEP')) });
check('RSA-OAEP/A128GCM, PAN only', r.status === 200 && !('panExpirationMonth' in r.body.maskedCard), r);

// push account receipt
const rc = sheet.receipts[0];
r = await post({ ...base(), cardSource: 'ISSUER', enrolmentReferenceData: { enrolmentReferenceId: rc.enrolmentReferenceId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } });
check('enroll by receipt 200', r.status === 200 && r.body.maskedCard.panBin === rc.panBin && r.body.maskedCard.panLastFour === rc.panLastFour, r);
r = await post({ ...base(), enrolmentReferenceData: { enrolmentReferenceId: 'nope', enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } });
check('unknown receipt 400 INVALID_STATE', r.status === 400 && r.body.status === 'INVALID_STATE', r);

// auth
r = await post({ ...base(), encryptedCard: await enc(card) }, {});
check('no api key 401', r.status === 401 && r.body.code === 401, r);
r = await post({ ...base(), encryptedCard: await enc(card) }, { 'x-openapi-clientid': 'wrong' });
check('bad api key 401', r.status === 401, r);
r = await post({ ...base(), srcClientId: sheet.foreignSrcClientId, encryptedCard: await enc(card) });
check('foreign client 403', r.status === 403, r);
r = await post({ ...base(), serviceId: sheet.foreignServiceId, encryptedCard: await enc(card) });
check('foreign service 403', r.status === 403, r);

// entity resolution
r = await post({ ...base(), srcClientId: '00000000-0000-4000-8000-000000000000', encryptedCard: await enc(card) });
check('unknown client 400 INVALID_STATE', r.status === 400 && r.body.status === 'INVALID_STATE' && r.body.details[0].source === 'srcClientId', r);
r = await post({ ...base(), serviceId: 'UNKNOWN_PROGRAM', encryptedCard: await enc(card) });
check('unknown service 400 INVALID_STATE', r.status === 400 && r.body.status === 'INVALID_STATE', r);

// schema errors
const bad = async (name, mutate, source, reason) => {
  const b = base(); b.encryptedCard = await enc(card); mutate(b);
  const x = await post(b);
  const ok = x.status === 400 && x.body.status === 'INVALID_ARGUMENT' && x.body.code === 400 && Array.isArray(x.body.details)
    && x.body.details.some((d) => d.source === source && (!reason || d.reason === reason) && d.sourceType === 'BODY');
  check(name, ok, x);
};
await bad('missing srcClientId', (b) => delete b.srcClientId, 'srcClientId', 'CANNOT_BE_NULL');
await bad('uppercase srcClientId', (b) => { b.srcClientId = b.srcClientId.toUpperCase(); }, 'srcClientId', 'INVALID_VALUE');
await bad('bad correlation', (b) => { b.srcCorrelationId = 'abc'; }, 'srcCorrelationId');
await bad('bad serviceId', (b) => { b.serviceId = 'a b'; }, 'serviceId');
await bad('missing consumer', (b) => delete b.consumer, 'consumer', 'CANNOT_BE_NULL');
await bad('bad identityType', (b) => { b.consumer.consumerIdentity.identityType = 'MOBILE'; }, 'consumer.consumerIdentity.identityType');
await bad('bad email', (b) => { b.consumer.consumerIdentity.identityValue = 'not-an-email'; }, 'consumer.consumerIdentity.identityValue');
await bad('long email', (b) => { b.consumer.consumerIdentity.identityValue = 'a'.repeat(250) + '@example.com'; }, 'consumer.consumerIdentity.identityValue');
await bad('plus in phone cc', (b) => { b.consumer.mobileNumber.countryCode = '+1'; }, 'consumer.mobileNumber.countryCode');
await bad('missing phone', (b) => delete b.consumer.mobileNumber.phoneNumber, 'consumer.mobileNumber.phoneNumber', 'CANNOT_BE_NULL');
await bad('bad country', (b) => { b.consumer.countryCode = 'USA'; }, 'consumer.countryCode');
await bad('bad language', (b) => { b.consumer.languageCode = 'english'; }, 'consumer.languageCode');
await bad('long firstName', (b) => { b.consumer.firstName = 'x'.repeat(31); }, 'consumer.firstName');
await bad('numeric lastName', (b) => { b.consumer.lastName = 42; }, 'consumer.lastName');
await bad('missing tnc', (b) => delete b.complianceSettings.tnc, 'complianceSettings.tnc', 'CANNOT_BE_NULL');
await bad('bad privacy uri', (b) => { b.complianceSettings.privacy.latestVersionUri = 'not a uri'; }, 'complianceSettings.privacy.latestVersionUri');
await bad('bad cardSource', (b) => { b.cardSource = 'BANK'; }, 'cardSource');
await bad('both paths', (b) => { b.enrolmentReferenceData = { enrolmentReferenceId: rc.enrolmentReferenceId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' }; }, 'encryptedCard');
await bad('neither path', (b) => delete b.encryptedCard, 'encryptedCard', 'CANNOT_BE_NULL');
await bad('bad reference type', (b) => { delete b.encryptedCard; b.enrolmentReferenceData = { enrolmentReferenceId: 'x', enrolmentReferenceType: 'OTHER' }; }, 'enrolmentReferenceData.enrolmentReferenceType');
await bad('long reference id', (b) => { delete b.encryptedCard; b.enrolmentReferenceData = { enrolmentReferenceId: 'x'.repeat(257), enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' }; }, 'enrolmentReferenceData.enrolmentReferenceId');
await bad('garbage encryptedCard', (b) => { b.encryptedCard = 'abc'; }, 'encryptedCard');

const other = await jose.generateKeyPair('RSA-OAEP-256');
const foreignJwe = await new jose.CompactEncrypt(new TextEncoder().encode(JSON.stringify(card))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }).encrypt(other.publicKey);
r = await post({ ...base(), encryptedCard: foreignJwe });
check('wrong-key JWE 400', r.status === 400 && r.body.details?.[0]?.source === 'encryptedCard', r);
for (const [name, c, src] of [
  ['card without PAN', { panExpirationMonth: '12' }, 'card.primaryAccountNumber'],
  ['short PAN', { primaryAccountNumber: '512035010006453' }, 'card.primaryAccountNumber'],
  ['Luhn-bad PAN', { primaryAccountNumber: '5120350100064538' }, 'card.primaryAccountNumber'],
  ['bad month', { ...card, panExpirationMonth: '13' }, 'card.panExpirationMonth'],
  ['bad year', { ...card, panExpirationYear: '30' }, 'card.panExpirationYear'],
  ['bad CSC', { ...card, cardSecurityCode: '12' }, 'card.cardSecurityCode'],
  ['expired', { ...card, panExpirationMonth: '01', panExpirationYear: '2020' }, 'card.panExpirationYear'],
]) {
  r = await post({ ...base(), encryptedCard: await enc(c) });
  check(name, r.status === 400 && r.body.status === 'INVALID_ARGUMENT' && r.body.details?.some((d) => d.source === src), r);
}
r = await post('{not json');
check('invalid JSON 400', r.status === 400 && r.body.status === 'INVALID_ARGUMENT', r);
r = await post('[]');
check('array body 400', r.status === 400, r);

const g = await fetch(sheet.baseUrl + '/cards', { headers: { 'x-openapi-clientid': sheet.apiKey } });
check('GET /cards 405', g.status === 405);
const nf = await fetch(sheet.baseUrl + '/nothing');
check('unknown path 404', nf.status === 404);

child.kill('SIGTERM');
const [code] = await once(child, 'exit');
check('clean exit 0', code === 0, code);
console.log(`${count - failures}/${count} passed`);
process.exit(failures ? 1 : 0);
