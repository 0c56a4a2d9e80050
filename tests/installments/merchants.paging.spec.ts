// Covers: paging of GET /merchants/participations, POST /merchants/searches and
// POST /merchants/mids/searches: offset/limit (limit at most 500) and the Count/Offset/Limit/Total
// headers (reference, Transport and auth - paging).
import { expect, expectErrors, expectPage, exampleParticipation, test } from '../../fixtures/installments.js';

const PAGED = ['getMerchantParticipations', 'postMerchantSearches', 'postMerchantMidSearches'];

test('pages a search with offset and limit; Total counts every page @assumption', async ({ instApi, inst }) => {
  const prefix = `Paging ${crypto.randomUUID().slice(0, 8)}`;
  const merchants = [1, 2, 3].map((i) => exampleParticipation(inst.knownAcquirerIca ?? '001234', { merchantLegalName: `${prefix} merchant ${i}` }));
  expect((await instApi.call('postMerchantParticipations', { body: merchants })).status).toBe(202);
  const first = await instApi.call('postMerchantSearches', { query: { offset: 0, limit: 2 }, body: { merchantLegalName: prefix } });
  expect(first.status).toBe(200);
  expectPage(first, first.body, { offset: 0, limit: 2 });
  expect(first.body).toHaveLength(2);
  expect(Number(first.headers.total)).toBe(3);
  const second = await instApi.call('postMerchantSearches', { query: { offset: 2, limit: 2 }, body: { merchantLegalName: prefix } });
  expectPage(second, second.body, { offset: 2, limit: 2 });
  expect(second.body).toHaveLength(1);
  const names = [...first.body, ...second.body].map((m: { merchantLegalName: string }) => m.merchantLegalName).sort();
  expect(names).toEqual(merchants.map((m) => m.merchantLegalName).sort());
});

test('pages the MIDs of a merchant @assumption', async ({ instApi, inst }) => {
  const merchant = exampleParticipation(inst.knownAcquirerIca ?? '001234', { mids: ['100000001', '100000002', '100000003'] });
  expect((await instApi.call('postMerchantParticipations', { body: [merchant] })).status).toBe(202);
  const body = { merchantLegalName: merchant.merchantLegalName, countryCode: merchant.countryCode, acquirerICA: merchant.acquirerICA };
  const page = await instApi.call('postMerchantMidSearches', { query: { offset: 1, limit: 1 }, body });
  expect(page.status).toBe(200);
  expectPage(page, page.body.mids, { offset: 1, limit: 1 });
  expect(Number(page.headers.total)).toBe(3);
});

for (const operationId of PAGED) {
  test(`${operationId}: default paging headers (offset 0, limit 500) @assumption`, async ({ instApi, instReq }) => {
    const { query: _q, ...call } = await instReq.sampleCall(operationId);
    const res = await instApi.call(operationId, call);
    expect(res.status).toBe(200);
    expectPage(res, Array.isArray(res.body) ? res.body : res.body.mids);
  });

  test(`${operationId}: accepts limit 500 and offset 0 @provider`, async ({ instApi, instReq }) => {
    const res = await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), query: { offset: 0, limit: 500 } });
    expect(res.status).toBe(200);
  });

  for (const [name, query] of [['limit 501', { limit: 501 }], ['limit 0', { limit: 0 }], ['offset -1', { offset: -1 }], ['limit abc', { limit: 'abc' }]] as const) {
    test(`${operationId}: rejects ${name} with 400 @provider`, async ({ instApi, instReq }) => {
      expectErrors(await instApi.call(operationId, { ...(await instReq.sampleCall(operationId)), query }), 400);
    });
  }
}
