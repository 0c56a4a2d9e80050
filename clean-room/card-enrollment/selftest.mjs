// Self-test: starts server.mjs, encrypts cards with the published key, checks answers.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CompactEncrypt, importJWK } from 'jose';

const here = fileURLToPath(new URL('.', import.meta.url));
const child = spawn(process.execPath, [here + 'server.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
const rl = createInterface({ input: child.stdout });
const [line] = await once(rl, 'line');
const { url, sheet } = JSON.parse(line);
console.log('sheet:', line.slice(0, 200) + '...');

let failures = 0; let n = 0;
function check(name, cond, extra) {
  n++;
  if (cond) console.log('ok   ', name);
  else { failures++; console.log('FAIL ', name, extra !== undefined ? JSON.stringify(extra) : ''); }
}

const jwks = await (await fetch(sheet.keysUrl)).json();
check('GET /keys returns one enc key', jwks.keys.length === 1 && jwks.keys[0].use === 'enc' && jwks.keys[0].alg === 'RSA-OAEP-256' && jwks.keys[0].kid === sheet.kid);
check('JWK has no private parts', !('d' in jwks.keys[0]));
const pub = await importJWK(jwks.keys[0], 'RSA-OAEP-256');

async function enc(card, { enc = 'A128GCM', kid = sheet.kid, alg = 'RSA-OAEP-256' } = {}) {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(card)))
    .setProtectedHeader({ alg, enc, kid })
    .encrypt(pub);
}
const tc = sheet.testCards[0];
const cardOf = (t) => ({ primaryAccountNumber: t.primaryAccountNumber, panExpirationMonth: t.panExpirationMonth, panExpirationYear: t.panExpirationYear, cardSecurityCode: t.cardSecurityCode });

async function base(over = {}) {
  return {
    srcClientId: sheet.srcClientId,
    serviceId: sheet.serviceIds[0],
    consumer: {
      consumerIdentity: { identityType: 'EMAIL_ADDRESS', identityValue: 'jane.doe@example.com' },
      mobileNumber: { countryCode: '1', phoneNumber: '5555550100' },
      countryCode: 'US', languageCode: 'en', firstName: 'Jane', lastName: 'Doe',
    },
    complianceSettings: {
      privacy: { latestVersionUri: 'https://example.com/privacy/v3' },
      tnc: { latestVersionUri: 'https://example.com/tnc/v7' },
    },
    cardSource: 'CARDHOLDER',
    encryptedCard: await enc(cardOf(tc)),
    ...over,
  };
}
async function post(body, { key = sheet.apiKey, raw, ct = 'application/json' } = {}) {
  const headers = { 'content-type': ct };
  if (key !== null) headers['x-openapi-clientid'] = key;
  const r = await fetch(sheet.baseUrl + '/cards', { method: 'POST', headers, body: raw ?? JSON.stringify(body) });
  const text = await r.text();
  let json; try { json = JSON.parse(text); } catch { json = text; }
  return { status: r.status, body: json };
}
const isErr = (b, code, status) => b && b.code === code && b.status === status && typeof b.message === 'string';
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// --- happy paths
let r = await post(await base({ srcCorrelationId: '3b8c1a2e-1111-4a2b-9c3d-0123456789ab' }));
check('FPAN enrollment 200', r.status === 200, r);
check('correlation id echoed', r.body.srcCorrelationId === '3b8c1a2e-1111-4a2b-9c3d-0123456789ab');
const mc = r.body.maskedCard || {};
check('maskedCard required fields', UUID.test(mc.srcDigitalCardId) && mc.panBin === tc.primaryAccountNumber.slice(0, 6) && mc.panLastFour === tc.primaryAccountNumber.slice(-4) && typeof mc.dateOfCardCreated === 'string' && mc.digitalCardData && mc.digitalCardData.status === 'ACTIVE', mc);
check('no full PAN in response', !JSON.stringify(r.body).includes(tc.primaryAccountNumber));
check('maskedConsumer ACTIVE', r.body.maskedConsumer && r.body.maskedConsumer.status === 'ACTIVE' && r.body.maskedConsumer.maskedConsumerIdentity.identityType === 'EMAIL_ADDRESS');
const first = mc.srcDigitalCardId;
r = await post(await base());
check('generated correlation id', r.status === 200 && UUID.test(r.body.srcCorrelationId), r.body);
check('re-enrolment idempotent', r.body.maskedCard.srcDigitalCardId === first);
r = await post(await base({ encryptedCard: await enc(cardOf(sheet.testCards[4]), { enc: 'A256GCM' }) }));
check('A256GCM + 19-digit PAN 200', r.status === 200, r.body);
r = await post(await base({ encryptedCard: await enc({ primaryAccountNumber: sheet.testCards[1].primaryAccountNumber }) }));
check('PAN only (expiry optional) 200', r.status === 200, r.body);
r = await post(await base({ srcCorrelationId: 'abcdef01_3B8C1A2E-1111-4A2B-9C3D-0123456789AB' }));
check('prefixed correlation id 200', r.status === 200 && r.body.srcCorrelationId === 'abcdef01_3B8C1A2E-1111-4A2B-9C3D-0123456789AB', r.body);
const rc = sheet.receipts[0];
const rcBody = await base({ cardSource: 'ISSUER', enrolmentReferenceData: { enrolmentReferenceId: rc.enrolmentReferenceId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } });
delete rcBody.encryptedCard;
r = await post(rcBody);
check('receipt enrollment 200', r.status === 200 && r.body.maskedCard.panBin === rc.panBin && r.body.maskedCard.panLastFour === rc.panLastFour, r.body);

// --- auth
r = await post(await base(), { key: null });
check('missing API key 401', r.status === 401 && r.body.code === 401, r);
r = await post(await base(), { key: 'nope' });
check('wrong API key 401', r.status === 401, r);
r = await post(await base({ srcClientId: sheet.foreignSrcClientId }));
check('foreign srcClientId 403', r.status === 403 && r.body.code === 403, r);

// --- 400s
const b400 = async (name, body, status = 'INVALID_ARGUMENT', opts) => {
  const res = await post(body, opts);
  check(name, res.status === 400 && isErr(res.body, 400, status) && Array.isArray(res.body.details), res);
  return res;
};
let b = await base(); delete b.srcClientId;
r = await b400('missing srcClientId', b);
check('  detail CANNOT_BE_NULL BODY', r.body.details[0].reason === 'CANNOT_BE_NULL' && r.body.details[0].sourceType === 'BODY' && r.body.details[0].source === 'srcClientId');
await b400('upper-case srcClientId', await base({ srcClientId: sheet.srcClientId.toUpperCase() }));
await b400('bad correlation id', await base({ srcCorrelationId: 'not-a-uuid' }));
await b400('bad serviceId pattern', await base({ serviceId: 'bad id!' }));
await b400('unknown serviceId', await base({ serviceId: 'NOPE' }), 'INVALID_STATE');
await b400('foreign serviceId', await base({ serviceId: sheet.foreignServiceId }), 'INVALID_STATE');
await b400('unknown srcClientId', await base({ srcClientId: '00000000-0000-4000-8000-000000000000' }), 'INVALID_STATE');
await b400('number srcClientId (type)', await base({ srcClientId: 12 }), 'INVALID_STATE');
b = await base(); b.consumer.firstName = 'x'.repeat(31);
await b400('firstName 31', b);
b = await base(); b.consumer.firstName = 'x'.repeat(30);
r = await post(b); check('firstName 30 ok', r.status === 200, r.body);
b = await base(); b.consumer.consumerIdentity.identityValue = 'not-an-email';
await b400('bad email', b);
b = await base(); b.consumer.consumerIdentity.identityType = 'MOBILE_PHONE_NUMBER';
await b400('bad identityType', b);
b = await base(); b.consumer.mobileNumber.countryCode = '+1';
await b400('plus in calling code', b);
b = await base(); b.consumer.countryCode = 'USA';
await b400('bad countryCode', b);
b = await base(); b.consumer.languageCode = 'eng';
await b400('bad languageCode', b);
b = await base(); delete b.complianceSettings.tnc;
await b400('missing tnc', b);
await b400('bad cardSource', await base({ cardSource: 'BANK' }));
b = await base(); delete b.encryptedCard;
await b400('neither path', b);
await b400('both paths', await base({ enrolmentReferenceData: { enrolmentReferenceId: rc.enrolmentReferenceId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } }));
b = { ...rcBody, enrolmentReferenceData: { enrolmentReferenceId: 'x'.repeat(257), enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } };
await b400('receipt id 257', b);
b = { ...rcBody, enrolmentReferenceData: { enrolmentReferenceId: 'unknown', enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' } };
await b400('unknown receipt', b, 'INVALID_STATE');
b = { ...rcBody, enrolmentReferenceData: { enrolmentReferenceId: rc.enrolmentReferenceId } };
await b400('receipt type missing', b);
await b400('garbage encryptedCard', await base({ encryptedCard: 'a.b.c' }));
await b400('wrong kid', await base({ encryptedCard: await enc(cardOf(tc), { kid: 'other' }) }));
r = await b400('missing PAN', await base({ encryptedCard: await enc({ panExpirationMonth: '12', panExpirationYear: '2030' }) }));
check('  source card.primaryAccountNumber', r.body.details[0].source === 'card.primaryAccountNumber', r.body);
await b400('bad Luhn', await base({ encryptedCard: await enc({ primaryAccountNumber: '5204731600014793' }) }));
await b400('PAN 15', await base({ encryptedCard: await enc({ primaryAccountNumber: '520473160001479' }) }));
await b400('month 13', await base({ encryptedCard: await enc({ ...cardOf(tc), panExpirationMonth: '13' }) }));
await b400('year 2 digits', await base({ encryptedCard: await enc({ ...cardOf(tc), panExpirationYear: '30' }) }));
await b400('csc 7', await base({ encryptedCard: await enc({ ...cardOf(tc), cardSecurityCode: '1234567' }) }));
await b400('invalid JSON', null, 'INVALID_ARGUMENT', { raw: '{"srcClientId":' });

// --- misc
r = await fetch(url + '/nope'); check('404 unknown path', r.status === 404);
r = await fetch(sheet.baseUrl + '/cards'); check('405 GET /cards', r.status === 405);

child.kill('SIGTERM');
const [code] = await once(child, 'exit');
check('exit 0 on SIGTERM', code === 0, code);
console.log(`\n${n - failures}/${n} passed`);
process.exit(failures ? 1 : 0);
