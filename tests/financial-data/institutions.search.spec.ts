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
    // provider 1.35.0: ids are integers; the configured id may be a string.
    expect(res.body.institutions.map((i: { id: number }) => String(i.id))).toContain(String(fd.institutions.branded));
  });

  test(`${op} pages: limit 1000 accepted, 1001 rejected with 400, displaying within limit @assumption`, async ({ fdApi }) => {
    const page = await fdApi.call(op, { query: { limit: 1 } });
    expect(page.status).toBe(200);
    expect(page.body.displaying).toBeLessThanOrEqual(1);
    expect((await fdApi.call(op, { query: { limit: 1000 } })).status).toBe(200);
    expectFdError(await fdApi.call(op, { query: { limit: 1001 } }), 400, 'limit 1001');
  });
}

test('GetCertifiedInstitutionsWithRSSD returns the RSSD identifier', async ({ fdApi }) => {
  // seed 002: "also returns the RSSD identifier". The provider does not require `rssd` on each
  // item (an institution may have none), so the check is that the page carries identifiers.
  const res = await fdApi.call('GetCertifiedInstitutionsWithRSSD', { query: { limit: 25 } });
  expect(res.status).toBe(200);
  test.skip(res.body.institutions.length === 0, 'the target lists no certified institution');
  const withRssd = res.body.institutions.filter((i: { rssd?: number }) => i.rssd !== undefined);
  expect(withRssd.length, 'institutions carrying an rssd').toBeGreaterThan(0);
});

// provider 1.35.0: supportedCountries is `*` or comma-separated two-letter codes (either case).
test('GetInstitutions accepts supportedCountries "*" and "us"; rejects a malformed one with 400 @provider', async ({ fdApi }) => {
  for (const supportedCountries of ['*', 'us', 'US,ca']) expect((await fdApi.call('GetInstitutions', { query: { supportedCountries } })).status, supportedCountries).toBe(200);
  expectFdError(await fdApi.call('GetInstitutions', { query: { supportedCountries: 'usa' } }), 400, 'supportedCountries');
});
