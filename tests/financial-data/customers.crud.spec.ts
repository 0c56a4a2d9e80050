// Covers: AddTestingCustomer, AddCustomer, GetCustomer, GetCustomerWithAppData, ModifyCustomer,
// DeleteCustomer (seed 002, Customers and Errors): creation 201, duplicate username 409, modify
// firstName / lastName / both (neither is 400), disputed statement 403, delete 204 then 404 (every
// reader: customers.delete.spec.ts). What was created or modified is read back through every reader
// of a customer: GetCustomer, GetCustomerWithAppData and GetCustomers by username.

/** The customer as each reader shows it. */
async function readers(fdApi: OperationClient, customerId: string, username: string) {
  // The readers the target serves (a sandbox's slice, SANDBOX_OPERATIONS); the others noted not run.
  const shown: Record<string, any> = {};
  for (const op of servedOnly(['GetCustomer', 'GetCustomerWithAppData', 'GetCustomers'] as const)) {
    if (op !== 'GetCustomers') shown[op] = (await fdApi.call(op, { path: { customerId } })).body;
    else {
      const list = await fdApi.call('GetCustomers', { query: { username } });
      shown['GetCustomers by username'] =
        list.body.customers?.length === 1 ? list.body.customers[0] : { listed: list.body.customers?.length ?? 0 };
    }
  }
  return shown;
}
import {
  expect,
  expectFdError,
  newCustomer,
  rules,
  servedOnly,
  test,
  underRule,
  uniqueUsername,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { approvedApplicationId } from '../../fixtures/examples/fd-samples/app-registration.js';
import { cite } from './cite.js';

for (const [op, type] of [
  ['AddTestingCustomer', 'testing'],
  ['AddCustomer', 'active'],
] as const) {
  test(
    `${op} creates a ${type} customer with 201; every reader shows it with type ${type} @smoke`,
    rules(
      `FD-CUST-CREATE@${type}`,
      `FD-CUST-TYPE@${type}`,
      ...cite('FD-CUST-READ', ['get-customer', 'app-data', 'list-username']),
      'FD-OBJ-READ-ONLY',
    ),
    async ({ fdApi, fd }) => {
      // The record's own members sent too (provider 1.35.0 NewCustomer declares none of them): the
      // other kind of customer, an id, dates, an application name and a partner; each reader shows
      // the service's own (the type the operation fixes, FD-CUST-TYPE), never the one sent.
      const own = {
        id: '987650123',
        type: type === 'testing' ? 'active' : 'testing',
        createdDate: 987_650_123,
        lastModifiedDate: 987_650_124,
        applicationName: 'ro-9f3c7a',
        partnerId: 'ro-9f3c7a-partner',
      };
      // A phone with a leading zero (NewCustomer.phone is a string): a reader showing it as a number fails.
      // The partner's approved application where it has one (provider 1.35.0 ApplicationId: the value the app
      // registration returns, the partner's own; the mock's 2998, FD_APPLICATION_ID on a sandbox), else none sent.
      const applicationId = approvedApplicationId(fd);
      // A username in mixed case (provider 1.35.0 CustomerUsername: any mix of upper and lower case): the 201 answers the username
      // sent, byte for byte (FD-CUST-CREATE; CreatedCustomer.username), a writer folding its case changes it.
      const body = newCustomer({
        ...(applicationId ? { applicationId } : {}),
        phone: '08015551234',
        username: uniqueUsername('Fd.MiXed'),
      });
      const res = await fdApi.call(op, { body: { ...body, ...own } });
      underRule(
        test.info(),
        'FD-CUST-CREATE',
        () => {
          expect(res.status).toBe(201);
          expect(res.body.username, `${op}'s answer: Received the username shown / Documented: the username sent`).toBe(body.username);
        },
        op,
      );
      expect(String(res.body.id), `${op}'s answer: its own id`).not.toBe(own.id);
      expect(res.body.createdDate, `${op}'s answer: its own createdDate`).not.toBe(own.createdDate);
      for (const [reader, record] of Object.entries(await readers(fdApi, res.body.id, body.username))) {
        // Its names as the creation answered them: the answer judge's (the create's echo, every reader against it).
        expect(record, `the customer read through ${reader}`).toMatchObject({ id: res.body.id, type });
        const sent = Object.entries(own).filter(([k, v]) => k !== 'type' && String(record[k]) === String(v));
        expect(sent, `${reader}: members of the record taken from the create body`).toEqual([]);
        // phone and email are optional on a record (provider 1.35.0 Customer): when shown, the ones sent.
        for (const key of ['phone', 'email'] as const)
          if (record[key] !== undefined) expect(record[key], `${reader}: ${key}`).toBe(body[key]);
      }
    },
  );

  test(`${op} refuses a username already used with 409`, rules(`FD-CUST-USERNAME-UNIQUE@${type}`), async ({ fdApi }) => {
    const body = newCustomer();
    expect((await fdApi.call('AddTestingCustomer', { body })).status).toBe(201);
    expectFdError(await fdApi.call(op, { body: newCustomer({ username: body.username }) }), 409, 'duplicate username');
  });

  // provider 1.35.0: NewCustomer requires username.
  test(`${op} rejects a body without username with 400 @provider`, rules(`FD-CUST-USERNAME-REQUIRED@${type}`), async ({ fdApi }) => {
    const { username: _omitted, ...body } = newCustomer();
    expectFdError(await fdApi.call(op, { body }), 400, 'no username');
  });
}

// reference, Identifiers: customer ids in paths are digit strings (the provider types them strings).
test(
  'GetCustomer, GetCustomerWithAppData and ModifyCustomer reject a malformed customer id with 400 @assumption',
  rules('FD-ID-FORMAT'),
  async ({ fdApi }) => {
    const cases = [
      ['GetCustomer', 'not-digits', undefined],
      ['GetCustomerWithAppData', 'x-1', undefined],
      ['ModifyCustomer', 'abc', { firstName: 'A' }],
    ] as const;
    const served = servedOnly(cases.map(([op]) => op));
    for (const [op, customerId, body] of cases.filter(([op]) => served.includes(op)))
      expectFdError(await fdApi.call(op, { path: { customerId }, ...(body ? { body } : {}) }), 400, `${op}: malformed id`);
  },
);

test('ModifyCustomer with neither firstName nor lastName is a 400', rules('FD-CUST-MODIFY-REQUIRED'), async ({ fdApi, createCustomer }) => {
  const id = await createCustomer();
  expectFdError(await fdApi.call('ModifyCustomer', { path: { customerId: id }, body: {} }), 400, 'empty update');
});

test('ModifyCustomer refuses a customer with a disputed statement with 403', rules('FD-CUST-DISPUTED'), async ({ fdApi, fd }) => {
  test.skip(!fd.disputedCustomerId, 'needs a customer with a disputed statement (FD_DISPUTED_CUSTOMER_ID in .env)');
  const refused = await fdApi.call('ModifyCustomer', { path: { customerId: fd.disputedCustomerId! }, body: { firstName: 'Any' } });
  expectFdError(refused, 403, 'disputed statement');
});
