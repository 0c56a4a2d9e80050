// Covers: POST /cards (putCard) 400: every required field missing (INVALID_ARGUMENT, detail
// CANNOT_BE_NULL, sourceType BODY, source naming the field); values that do not resolve
// (INVALID_STATE); malformed bodies; the enrollment-path and check-digit assumptions.
import { deletePath, exampleCard, expectCardError, test } from '../../fixtures/card-enrollment.js';

// seed 000: EnrollCardRequest, Consumer ("all fields required"), ConsumerIdentity, PhoneNumber,
// ComplianceSettings, VersionUri ("required latestVersionUri").
const REQUIRED_IN_BODY = [
  'srcClientId', 'serviceId', 'consumer', 'complianceSettings',
  'consumer.consumerIdentity', 'consumer.mobileNumber', 'consumer.countryCode', 'consumer.languageCode', 'consumer.firstName', 'consumer.lastName',
  'consumer.consumerIdentity.identityType', 'consumer.consumerIdentity.identityValue',
  'consumer.mobileNumber.countryCode', 'consumer.mobileNumber.phoneNumber',
  'complianceSettings.privacy', 'complianceSettings.tnc',
  'complianceSettings.privacy.latestVersionUri', 'complianceSettings.tnc.latestVersionUri',
];

for (const field of REQUIRED_IN_BODY) {
  test(`rejects a request without ${field} with INVALID_ARGUMENT and CANNOT_BE_NULL`, async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', { body: deletePath(await cards.withCard(), field) });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field, reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
  });
}

test('rejects a receipt without enrolmentReferenceId with INVALID_ARGUMENT and CANNOT_BE_NULL', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: deletePath(cards.withReceipt(), 'enrolmentReferenceData.enrolmentReferenceId') });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'enrolmentReferenceData.enrolmentReferenceId', reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
});

test('rejects a receipt without enrolmentReferenceType with INVALID_ARGUMENT and CANNOT_BE_NULL', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: deletePath(cards.withReceipt(), 'enrolmentReferenceData.enrolmentReferenceType') });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'enrolmentReferenceData.enrolmentReferenceType', reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
});

test('rejects a card without primaryAccountNumber with INVALID_ARGUMENT and CANNOT_BE_NULL', async ({ cardApi, cards }) => {
  // seed, Errors: "a mandatory value is missing (for example ... card.primaryAccountNumber)".
  const { primaryAccountNumber: _omitted, ...card } = exampleCard();
  const res = await cardApi.call('putCard', { body: await cards.withCard(card) });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'card.primaryAccountNumber', reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
});

test('rejects an unknown srcClientId with INVALID_STATE naming srcClientId', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), srcClientId: crypto.randomUUID() } });
  expectCardError(res, { http: 400, status: 'INVALID_STATE', field: 'srcClientId' });
});

test('rejects an unknown serviceId with INVALID_STATE naming serviceId', async ({ cardApi, cards }) => {
  const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), serviceId: `UNKNOWN_${Date.now()}` } });
  expectCardError(res, { http: 400, status: 'INVALID_STATE', field: 'serviceId' });
});

test('rejects a body that is not JSON with 400 INVALID_ARGUMENT', async ({ cardApi }) => {
  const res = await cardApi.call('putCard', { rawBody: '{"srcClientId": ' });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

test('rejects a request with both encryptedCard and enrolmentReferenceData @assumption', async ({ cardApi, cards }) => {
  // reference A1
  const res = await cardApi.call('putCard', { body: { ...(await cards.withCard()), enrolmentReferenceData: cards.withReceipt().enrolmentReferenceData } });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

test('rejects a request with neither encryptedCard nor enrolmentReferenceData @assumption', async ({ cardApi, cards }) => {
  // reference A1
  const res = await cardApi.call('putCard', { body: cards.base() });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT' });
});

test('rejects a PAN that fails the ISO/IEC 7812 check digit naming card.primaryAccountNumber @assumption', async ({ cardApi, cards }) => {
  // reference A3
  const res = await cardApi.call('putCard', { body: await cards.withCard(exampleCard({ primaryAccountNumber: '5204731600014793' })) });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'card.primaryAccountNumber' });
});

test('rejects an encryptedCard that does not decrypt with the published key @assumption', async ({ cardApi, cards }) => {
  const request = await cards.withCard();
  const [header, key, iv, , tag] = request.encryptedCard.split('.');
  const res = await cardApi.call('putCard', { body: { ...request, encryptedCard: [header, key, iv, 'AAAAAAAAAAAAAAAAAAAA', tag].join('.') } });
  expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field: 'encryptedCard' });
});
