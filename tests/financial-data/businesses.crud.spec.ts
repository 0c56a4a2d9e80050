// Covers: AddBusinessDetails, GetBusinessByCustomer, UpdateBusiness, GetBusinessById (seed 002,
// Businesses and Limits: one business per customer, 409 on a second one; success is a 200).
import { expect, expectFdError, newBusiness, test } from '../../fixtures/financial-data.js';

test('adds the business of a customer (200) and finds it by customer and by id @smoke', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const body = newBusiness();
  const added = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ name: body.name, personallyLiable: body.personallyLiable });
  const byCustomer = await fdApi.call('GetBusinessByCustomer', { path: { customer_id: customerId } });
  const byId = await fdApi.call('GetBusinessById', { path: { business_id: added.body.id } });
  for (const res of [byCustomer, byId]) {
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: added.body.id, name: body.name });
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
  const res = await fdApi.call('UpdateBusiness', { path: { business_id: added.id }, body: update });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: added.id, name: update.name, personallyLiable: true });
  const got = await fdApi.call('GetBusinessById', { path: { business_id: added.id } });
  expect(got.body).toMatchObject({ name: update.name, personallyLiable: true });
});
