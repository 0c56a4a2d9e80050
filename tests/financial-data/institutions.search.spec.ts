// Covers: GetInstitutions, GetCertifiedInstitutions, GetCertifiedInstitutionsWithRSSD (seed 002,
// Institutions): search, an empty list with 200 when nothing matches, certification details,
// the RSSD identifier, paging.
import { expect, expectFdError, test } from '../../fixtures/financial-data.js';

const LISTS = ['GetInstitutions', 'GetCertifiedInstitutions', 'GetCertifiedInstitutionsWithRSSD'] as const;

for (const op of LISTS) {
  test(`${op} answers an empty list with 200 when nothing matches`, async ({ fdApi }) => {
    const res = await fdApi.call(op, { query: { search: `zz-no-such-institution-${Date.now()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ found: 0, displaying: 0, institutions: [] });
  });

  test(`${op} finds an institution by its name`, async ({ fdApi, fd }) => {
    const { body } = await fdApi.call('GetInstitution', { path: { institutionId: fd.institutions.branded } });
    const res = await fdApi.call(op, { query: { search: body.institution.name, limit: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.institutions.map((i: { id: string }) => i.id)).toContain(fd.institutions.branded);
  });

  test(`${op} pages: limit 1000 accepted, 1001 rejected with 400, displaying within limit @assumption`, async ({ fdApi }) => {
    const page = await fdApi.call(op, { query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body.displaying).toBeLessThanOrEqual(1);
    expect((await fdApi.call(op, { query: { limit: 1000 } })).status).toBe(200);
    expectFdError(await fdApi.call(op, { query: { limit: 1001 } }), 400, 'limit 1001');
  });
}

test('GetCertifiedInstitutionsWithRSSD gives each institution its RSSD identifier', async ({ fdApi }) => {
  // The response schema requires `rssd`; this states the seed's rule as a test of its own.
  const res = await fdApi.call('GetCertifiedInstitutionsWithRSSD', { query: { limit: 25 } });
  expect(res.status).toBe(200);
  for (const i of res.body.institutions) expect(i.rssd, `rssd of ${i.id}`).toBeDefined();
});

test('GetInstitutions rejects a malformed supportedCountries with 400', async ({ fdApi }) => {
  expectFdError(await fdApi.call('GetInstitutions', { query: { supportedCountries: 'usa' } }), 400, 'supportedCountries');
});
