// The financial data contract encodes each row of seed 002's Limits table that concerns the
// operations written so far (authentication, customers, institutions), transcribed here as a
// table. Rows of later parts (transactions, reports, enrichment...) join as their operations do.
import { expect, test } from '@playwright/test';
import { loadContract } from '../../helpers/contract/contract.js';
import { TOKEN_RENEW_AFTER_MS, TOKEN_VALID_MS } from '../../helpers/auth/token-cache.js';

// seed 002, Limits (verbatim subject, limit).
const ROWS: { subject: string; limit: string; check: (c: Awaited<ReturnType<typeof loadContract>>) => void }[] = [
  { subject: 'Access token', limit: 'valid 2 hours; renew after 90 minutes', check: () => {
    expect(TOKEN_VALID_MS).toBe(2 * 3600_000);
    expect(TOKEN_RENEW_AFTER_MS).toBe(90 * 60_000);
  } },
  { subject: 'Partner secret length', limit: '12 to 255', check: (c) => {
    expect(c.componentSchema('NewPartnerSecret')).toMatchObject({ minLength: 12, maxLength: 255 });
    const v = c.component('NewPartnerSecret');
    expect([v('Ab1' + 'x'.repeat(9)), v('Ab1' + 'x'.repeat(252)), v('Ab1' + 'x'.repeat(8)), v('Ab1' + 'x'.repeat(253))]).toEqual([true, true, false, false]);
  } },
  { subject: 'Transactions per page', limit: '1000', check: (c) => expect(c.componentSchema('PageLimit')).toMatchObject({ minimum: 1, maximum: 1000 }) },
  { subject: 'Location matches', limit: 'up to 3', check: (c) => expect(c.componentSchema('LocationMatches').properties.locationMatches.maxItems).toBe(3) },
  { subject: 'Institution response time', limit: 'under 500 ms average (1000 ms for routing number lookup)', check: (c) => {
    for (const op of c.operations.values()) {
      if (!op.tags.includes('Institutions')) continue;
      const declared = c.document.paths[op.path][op.method.toLowerCase()]['x-response-time-ms'];
      expect(declared, op.operationId).toBe(op.operationId === 'GetInstitutionsByRoutingNumber' ? 1000 : 500);
    }
  } },
  { subject: 'Businesses per customer', limit: '1', check: (c) => {
    expect(Object.keys(c.operation('AddBusinessDetails').responses)).toContain('409');
    expect(c.componentSchema('BusinessList')).toMatchObject({ minItems: 1, maxItems: 1 });
  } },
];

for (const row of ROWS) {
  test(`financial-data contract encodes the Limits row '${row.subject}: ${row.limit}'`, async () => {
    row.check(await loadContract('financial-data'));
  });
}

test('financial-data contract: the seed\'s operationIds of part 1 are all present', async () => {
  const c = await loadContract('financial-data');
  const ids = ['CreateToken', 'ModifyPartnerSecret', 'AddTestingCustomer', 'AddCustomer', 'GetCustomers', 'GetCustomerWithAppData', 'GetCustomer',
    'ModifyCustomer', 'DeleteCustomer', 'CreateConsumer', 'GetConsumerForCustomer', 'GetConsumer', 'ModifyConsumer', 'AddBusinessDetails',
    'GetBusinessByCustomer', 'UpdateBusiness', 'GetBusinessById', 'GetInstitutions', 'GetCertifiedInstitutions', 'GetCertifiedInstitutionsWithRSSD',
    'GetInstitution', 'GetInstitutionBranding', 'GetInstitutionsByRoutingNumber', 'GetLocationMatches'];
  for (const id of ids) expect(c.operations.has(id), id).toBe(true);
  // seed 002, Authentication: token creation and the secret change need only the app key.
  expect(c.operation('CreateToken').security).toEqual([['PartnerAppKey']]);
  expect(c.operation('ModifyPartnerSecret').security).toEqual([['PartnerAppKey']]);
  expect(c.operation('GetCustomer').security).toEqual([['PartnerAppKey', 'PartnerAppToken']]);
});
