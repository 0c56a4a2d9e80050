// Covers: AddBusinessDetails, GetBusinessByCustomer, UpdateBusiness, GetBusinessById (seed 002,
// Businesses and Limits: one business per customer, 409 on a second one; success is a 200).
// Shapes (provider 1.35.0): the record carries `businessId`; the two GET operations answer an
// array holding the one business.
import { expect, expectFdError, newBusiness, test } from '../../fixtures/financial-data.js';

test('adds the business of a customer (200) and finds it by customer and by id @smoke', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const body = newBusiness();
  const added = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ name: body.name, personallyLiable: body.personallyLiable });
  const businessId = added.body.businessId;
  expect(businessId, 'the record carries its businessId').toBeTruthy();
  const byCustomer = await fdApi.call('GetBusinessByCustomer', { path: { customer_id: customerId } });
  const byId = await fdApi.call('GetBusinessById', { path: { business_id: businessId } });
  for (const res of [byCustomer, byId]) {
    expect(res.status).toBe(200);
    expect(res.body, 'an array holding the one business').toHaveLength(1);
    expect(res.body[0]).toMatchObject({ businessId, name: body.name });
  }
});

test('refuses a second business for the same customer with 409', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  expect((await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() })).status).toBe(200);
  expectFdError(await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() }), 409, 'second business');
});

test('answers 404 for a customer without a business', async ({ fdApi, createCustomer }) => {
  expectFdError(await fdApi.call('GetBusinessByCustomer', { path: { customer_id: await createCustomer() } }), 404, 'no business');
});

test('UpdateBusiness replaces the details (200), and the record shows them', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const { body: added } = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
  const update = newBusiness({ name: 'Renamed Holdings LLC', personallyLiable: true });
  const res = await fdApi.call('UpdateBusiness', { path: { business_id: added.businessId }, body: update });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ businessId: added.businessId, name: update.name, personallyLiable: true });
  const got = await fdApi.call('GetBusinessById', { path: { business_id: added.businessId } });
  expect(got.body[0]).toMatchObject({ name: update.name, personallyLiable: true });
});
