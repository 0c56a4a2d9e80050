// Covers: AddTestingCustomer, AddCustomer, GetCustomer, GetCustomerWithAppData, ModifyCustomer,
// DeleteCustomer (seed 002, Customers and Errors): creation 201, duplicate username 409, modify
// firstName / lastName / both (neither is 400), disputed statement 403, delete 204 then 404.
import { expect, expectFdError, newCustomer, test } from '../../fixtures/financial-data.js';

for (const [op, type] of [['AddTestingCustomer', 'testing'], ['AddCustomer', 'active']] as const) {
  test(`${op} creates a ${type} customer with 201, and the record has type ${type} @smoke`, async ({ fdApi }) => {
    const body = newCustomer();
    const res = await fdApi.call(op, { body });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(body.username);
    const got = await fdApi.call('GetCustomer', { path: { customerId: res.body.id } });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: res.body.id, username: body.username, type, firstName: body.firstName, lastName: body.lastName });
  });

  test(`${op} refuses a username already used with 409`, async ({ fdApi }) => {
    const body = newCustomer();
    expect((await fdApi.call('AddTestingCustomer', { body })).status).toBe(201);
    expectFdError(await fdApi.call(op, { body: newCustomer({ username: body.username }) }), 409, 'duplicate username');
  });

  // provider 1.35.0: NewCustomer requires username.
  test(`${op} rejects a body without username with 400 @provider`, async ({ fdApi }) => {
    const { username: _omitted, ...body } = newCustomer();
    expectFdError(await fdApi.call(op, { body }), 400, 'no username');
  });
}

// reference, Identifiers: customer ids in paths are digit strings (the provider types them strings).
test('GetCustomer rejects a malformed customer id with 400 @assumption', async ({ fdApi }) => {
  expectFdError(await fdApi.call('GetCustomer', { path: { customerId: 'not-digits' } }), 400);
});

test('GetCustomerWithAppData returns the customer and its application', async ({ fdApi, createCustomer }) => {
  const id = await createCustomer('testing', { applicationId: '2998' });
  const res = await fdApi.call('GetCustomerWithAppData', { path: { customerId: id } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id, applicationId: '2998' });
});

test('GetCustomerWithAppData rejects a malformed customer id with 400 @assumption', async ({ fdApi }) => {
  expectFdError(await fdApi.call('GetCustomerWithAppData', { path: { customerId: 'x-1' } }), 400, 'malformed id');
});

for (const change of [{ firstName: 'Renamed' }, { lastName: 'Changed' }, { firstName: 'Both', lastName: 'Names' }]) {
  test(`ModifyCustomer changes ${Object.keys(change).join(' and ')} and leaves the rest`, async ({ fdApi }) => {
    const body = newCustomer();
    const id = (await fdApi.call('AddTestingCustomer', { body })).body.id;
    expect((await fdApi.call('ModifyCustomer', { path: { customerId: id }, body: change })).status).toBe(204);
    const got = await fdApi.call('GetCustomer', { path: { customerId: id } });
    expect(got.body).toMatchObject({ firstName: body.firstName, lastName: body.lastName, ...change, username: body.username });
  });
}

test('ModifyCustomer with neither firstName nor lastName is a 400', async ({ fdApi, createCustomer }) => {
  const id = await createCustomer();
  expectFdError(await fdApi.call('ModifyCustomer', { path: { customerId: id }, body: {} }), 400, 'empty update');
});

test('ModifyCustomer rejects a malformed customer id with 400 @assumption', async ({ fdApi }) => {
  expectFdError(await fdApi.call('ModifyCustomer', { path: { customerId: 'abc' }, body: { firstName: 'A' } }), 400, 'malformed id');
});

test('ModifyCustomer refuses a customer with a disputed statement with 403', async ({ fdApi, fd }) => {
  test.skip(!fd.disputedCustomerId, 'needs a customer with a disputed statement (FD_DISPUTED_CUSTOMER_ID in .env)');
  expectFdError(await fdApi.call('ModifyCustomer', { path: { customerId: fd.disputedCustomerId! }, body: { firstName: 'Any' } }), 403, 'disputed statement');
});

test('DeleteCustomer answers 204, then the customer is gone (404)', async ({ fdApi, createCustomer }) => {
  const id = await createCustomer();
  expect((await fdApi.call('DeleteCustomer', { path: { customerId: id } })).status).toBe(204);
  expectFdError(await fdApi.call('GetCustomer', { path: { customerId: id } }), 404, 'after delete');
  expectFdError(await fdApi.call('DeleteCustomer', { path: { customerId: id } }), 404, 'second delete');
});
