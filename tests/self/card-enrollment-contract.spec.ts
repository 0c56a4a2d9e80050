// Covers: schemas/card-enrollment/openapi.yaml against seed 000's field tables and its one operation
// (transcribed here from the seed), so the contract the suite checks with is the seed's. The seed's
// limits, enums and key header: tests/self/seed-figures.spec.ts.
import { expect, test } from '../../fixtures/self.js';

// seed 000, field tables: the required lists (the limits, enums and the key header are in seed-figures.spec.ts).
const REQUIRED = [
  { schema: 'EnrollCardRequest', required: ['srcClientId', 'serviceId', 'consumer', 'complianceSettings'] },
  { schema: 'Consumer', required: ['consumerIdentity', 'mobileNumber', 'countryCode', 'languageCode', 'firstName', 'lastName'] },
  { schema: 'ConsumerIdentity', required: ['identityType', 'identityValue'] },
  { schema: 'PhoneNumber', required: ['countryCode', 'phoneNumber'] },
  { schema: 'ComplianceSettings', required: ['privacy', 'tnc'] },
  { schema: 'EnrolmentReferenceData', required: ['enrolmentReferenceId', 'enrolmentReferenceType'] },
  { schema: 'Card', required: ['primaryAccountNumber'] },
  { schema: 'EnrollCardResponse', required: ['srcCorrelationId', 'maskedCard'] },
  { schema: 'MaskedCard', required: ['panLastFour', 'dateOfCardCreated', 'panBin', 'srcDigitalCardId', 'digitalCardData'] },
  { schema: 'MaskedConsumer', required: ['dateConsumerAdded', 'maskedConsumerIdentity'] },
  { schema: 'MaskedAddress', required: ['addressId'] },
];

for (const row of REQUIRED) {
  test(`the contract requires in ${row.schema} what the seed requires`, async ({ contracts }) => {
    const contract = await contracts('card-enrollment');
    expect([...contract.componentSchema(row.schema).required].sort()).toEqual([...row.required].sort());
  });
}

test("the contract documents the seed's 200, 400, 401, 403 and 500 for putCard, the provider's 503, and its header API key", async ({
  contracts,
}) => {
  const contract = await contracts('card-enrollment');
  const op = contract.operation('putCard');
  expect(`${op.method} ${op.path}`).toBe('POST /cards');
  // seed 000, Errors defines a 503 body without attaching it; provider Card API 1.0.0 answers putCard with it.
  expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '500', '503']);
  expect(contract.document.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header' });
  expect(op.security).toEqual([['ApiKeyAuth']]);
});

test('the contract keeps srcClientId lower-case and srcCorrelationId with its optional prefix', async ({ contracts }) => {
  const contract = await contracts('card-enrollment');
  const client = contract.component('LowerCaseUuid');
  const correlation = contract.component('SrcCorrelationId');
  expect(client('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
  expect(client('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(false);
  expect(correlation('0a1b2c3d.0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
  expect(correlation('0a1b2c3.0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
});
