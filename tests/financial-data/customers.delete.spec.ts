// Covers: DeleteCustomer and every reader of a customer - seed 002, Customers ("Delete removes
// access to the customer and all linked accounts without a confirmation step") and Errors (404:
// customer not found). After the delete the customer is gone through GetCustomer,
// GetCustomerWithAppData, ModifyCustomer, a second delete and every GetCustomers query (by
// username, by search, unfiltered). Routes addressed through the deleted customer's id answer 404
// too (@assumption: the seed says access to the customer is removed). Not expected: that the
// consumer disappears (seed 002, Resources: it outlives the customer - consumers.crud.spec.ts), nor
// anything of GetBusinessById (the seed says nothing of a business after its customer is deleted).
import {
  expect,
  expectFdError,
  newBusiness,
  newConsumer,
  newCustomer,
  PAGE_MAX,
  rules,
  test,
  uniqueUsername,
  type OperationClient,
} from '../../fixtures/financial-data.js';

/** A customer with an application, a consumer and a business, then deleted (204). */
async function deletedCustomer(fdApi: OperationClient) {
  const tag = uniqueUsername('del').replace(/[^a-z0-9]/gi, '');
  const body = newCustomer({ firstName: `Gone${tag}`, lastName: 'Deleted', applicationId: '2998' });
  const created = await fdApi.call('AddTestingCustomer', { body });
  expect(created.status).toBe(201);
  const customerId = created.body.id as string;
  expect((await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() })).status).toBe(201);
  expect((await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() })).status).toBe(200);
  // Before the delete every reader sees it, so a 404 after is the delete's doing.
  expect((await fdApi.call('GetCustomerWithAppData', { path: { customerId } })).status).toBe(200);
  expect((await fdApi.call('DeleteCustomer', { path: { customerId } })).status).toBe(204);
  return { customerId, username: body.username, search: body.firstName };
}

const ids = (res: { body: { customers?: { id: string }[] } }) => (res.body.customers ?? []).map((c) => c.id);

test(
  'DeleteCustomer answers 204, then every customer reader answers 404 or no longer lists it',
  rules(
    'FD-CUST-DELETE@get-customer',
    'FD-CUST-DELETE@app-data',
    'FD-CUST-DELETE@list-username',
    'FD-CUST-DELETE@list-search',
    'FD-CUST-DELETE@list-all',
    'FD-CUST-COUNTS-AFTER-DELETE',
  ),
  async ({ fdApi }) => {
    const { customerId, username, search } = await deletedCustomer(fdApi);
    expectFdError(await fdApi.call('GetCustomer', { path: { customerId } }), 404, 'GetCustomer after delete');
    expectFdError(await fdApi.call('GetCustomerWithAppData', { path: { customerId } }), 404, 'GetCustomerWithAppData after delete');
    expectFdError(
      await fdApi.call('ModifyCustomer', { path: { customerId }, body: { firstName: 'Back' } }),
      404,
      'ModifyCustomer after delete',
    );
    expectFdError(await fdApi.call('DeleteCustomer', { path: { customerId } }), 404, 'second delete');
    const byUsername = await fdApi.call('GetCustomers', { query: { username } });
    expect(byUsername.status).toBe(200);
    expect(ids(byUsername), 'GetCustomers by the username of the deleted customer').toEqual([]);
    const bySearch = await fdApi.call('GetCustomers', { query: { search, limit: PAGE_MAX } });
    expect(ids(bySearch), 'GetCustomers searching the name of the deleted customer').not.toContain(customerId);
    const bySearchAndType = await fdApi.call('GetCustomers', { query: { search, type: 'testing', limit: PAGE_MAX } });
    expect(ids(bySearchAndType), 'GetCustomers searching its name among testing customers').not.toContain(customerId);
    const all = await fdApi.call('GetCustomers', { query: { limit: PAGE_MAX } });
    expect(ids(all), 'GetCustomers without search text').not.toContain(customerId);
    // The counts of every filter leave the deleted customer out too (provider 1.35.0 found, displaying,
    // moreAvailable): on one page, found is what is listed and no more is available.
    for (const [what, res] of [
      ['by username', byUsername],
      ['by search', bySearch],
      ['by search and type', bySearchAndType],
      ['unfiltered', all],
    ] as const)
      if (res.body.found !== undefined && res.body.found <= PAGE_MAX)
        expect(
          { found: res.body.found, displaying: res.body.displaying, moreAvailable: String(res.body.moreAvailable) },
          `GetCustomers ${what}: the counts of what is listed`,
        ).toEqual({ found: ids(res).length, displaying: ids(res).length, moreAvailable: 'false' });
  },
);

test(
  'after DeleteCustomer, its consumer and business are no longer reached through the customer (404) @assumption',
  rules('FD-CUST-DELETE-LINKED@consumer-by-customer', 'FD-CUST-DELETE-LINKED@business-by-customer'),
  async ({ fdApi }) => {
    const { customerId } = await deletedCustomer(fdApi);
    expectFdError(await fdApi.call('GetConsumerForCustomer', { path: { customerId } }), 404, 'GetConsumerForCustomer after delete');
    expectFdError(
      await fdApi.call('GetBusinessByCustomer', { path: { customer_id: customerId } }),
      404,
      'GetBusinessByCustomer after delete',
    );
    expectFdError(await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() }), 404, 'CreateConsumer after delete');
    expectFdError(
      await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() }),
      404,
      'AddBusinessDetails after delete',
    );
  },
);
