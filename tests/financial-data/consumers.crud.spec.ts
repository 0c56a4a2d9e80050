// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer (seed 002,
// Consumers, Resources and Errors): one consumer per customer (409); modify leaves unspecified
// fields unchanged; records show only the last four SSN digits (reference); the consumer
// persists after its customer is deleted (seed 002, Resources - owner of reports).
import { expect, expectFdError, newConsumer, test } from '../../fixtures/financial-data.js';

const lastFour = (ssn: string) => ssn.replace(/-/g, '').slice(-4);

test('creates the consumer of a customer with 201 and finds it by customer and by id @smoke', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const body = newConsumer();
  const created = await fdApi.call('CreateConsumer', { path: { customerId }, body });
  expect(created.status).toBe(201);
  // provider 1.35.0: consumer records carry the customer id as an integer.
  expect(String(created.body.customerId)).toBe(customerId);
  const byCustomer = await fdApi.call('GetConsumerForCustomer', { path: { customerId } });
  const byId = await fdApi.call('GetConsumer', { path: { consumerId: created.body.id } });
  for (const res of [byCustomer, byId]) {
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, firstName: body.firstName, lastName: body.lastName, city: body.city });
    expect(String(res.body.customerId)).toBe(customerId);
  }
});

test('shows only the last four digits of the SSN @assumption', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const body = newConsumer();
  const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body });
  const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
  expect(res.body.ssn, 'the SSN on the record (masked in this report)').toBe(lastFour(body.ssn));
});

test('refuses a second consumer for the same customer with 409', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  expect((await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() })).status).toBe(201);
  expectFdError(await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() }), 409, 'second consumer');
});

// provider 1.35.0: NewConsumer requires ssn (and birthday, names, address, phone).
for (const field of ['ssn', 'birthday', 'zip'] as const) {
  test(`rejects a consumer without ${field} with 400 @provider`, async ({ fdApi, createCustomer }) => {
    const { [field]: _omitted, ...body } = newConsumer();
    expectFdError(await fdApi.call('CreateConsumer', { path: { customerId: await createCustomer() }, body }), 400, `no ${field}`);
  });
}

test('rejects malformed customer and consumer ids with 400 @assumption', async ({ fdApi }) => {
  // reference, Identifiers: customer ids are digit strings, consumer ids 32 hex characters.
  expectFdError(await fdApi.call('GetConsumerForCustomer', { path: { customerId: 'abc' } }), 400, 'malformed customer id');
  expectFdError(await fdApi.call('GetConsumer', { path: { consumerId: 'not-a-consumer-id' } }), 400, 'malformed consumer id');
});

test('answers 404 for a customer without a consumer', async ({ fdApi, createCustomer }) => {
  expectFdError(await fdApi.call('GetConsumerForCustomer', { path: { customerId: await createCustomer() } }), 404, 'no consumer');
});

test('ModifyConsumer changes the given fields and leaves the others unchanged', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const body = newConsumer();
  const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body });
  expect((await fdApi.call('ModifyConsumer', { path: { consumerId: created.id }, body: { city: 'Provo', zip: '84601' } })).status).toBe(204);
  const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
  const { ssn, ...unchanged } = body;
  expect(res.body).toMatchObject({ ...unchanged, city: 'Provo', zip: '84601' });
  expect(res.body.ssn).toBe(lastFour(ssn));
  // provider 1.35.0: an SSN is any string (no pattern), so no malformed-SSN 400 is expected.
});

test('the consumer outlives its deleted customer', async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect((await fdApi.call('DeleteCustomer', { path: { customerId } })).status).toBe(204);
  const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
  expect(res.status, 'seed 002, Resources: the consumer persists as owner of generated reports').toBe(200);
  expect(res.body.id).toBe(created.id);
});
