// Covers: AddTestingCustomer, AddCustomer, GetCustomer, GetCustomerWithAppData, GetCustomers,
// CreateConsumer, GetConsumerForCustomer, GetConsumer - provider 1.35.0 UnixDate / StringUnixDate
// ("a date in Unix epoch time (in seconds)"; reference, Dates): a record's createdDate is epoch
// seconds near the target's clock when it was made (the mock's virtual clock, or the wall clock on
// a sandbox, DATE_TOLERANCE_S apart at most), on the creation answer and the same through every reader.
import { expect, expectEpochSecondsNear, newConsumer, newCustomer, rules, test } from '../../fixtures/financial-data.js';

for (const [op, path] of [
  ['AddTestingCustomer', 'testing'],
  ['AddCustomer', 'active'],
] as const) {
  test(
    `${op}: createdDate is epoch seconds of the creation, the same through every customer reader`,
    rules(
      `FD-DATE-SECONDS@customer-created`,
      'FD-DATE-SECONDS@get-customer',
      'FD-DATE-SECONDS@app-data',
      'FD-DATE-SECONDS@list-username',
      `FD-CUST-CREATE@${path}`,
    ),
    async ({ fdApi, fd }) => {
      const body = newCustomer({ applicationId: '2998' });
      const created = await fdApi.call(op, { body });
      const now = fd.now();
      expect(created.status).toBe(201);
      expectEpochSecondsNear(created.body.createdDate, now, `${op} answer`);
      const customerId = created.body.id;
      const readers = {
        GetCustomer: (await fdApi.call('GetCustomer', { path: { customerId } })).body,
        GetCustomerWithAppData: (await fdApi.call('GetCustomerWithAppData', { path: { customerId } })).body,
        'GetCustomers?username': (await fdApi.call('GetCustomers', { query: { username: body.username } })).body.customers?.[0],
      };
      for (const [reader, record] of Object.entries(readers)) {
        expectEpochSecondsNear(record?.createdDate, now, reader);
        expect(Number(record.createdDate), `${reader}: the creation date of the answer`).toBe(Number(created.body.createdDate));
      }
    },
  );
}

test(
  'CreateConsumer: createdDate is epoch seconds of the creation, the same through both readers',
  rules('FD-DATE-SECONDS@consumer-created', 'FD-DATE-SECONDS@consumer-by-customer', 'FD-DATE-SECONDS@consumer-by-id', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, fd, createCustomer }) => {
    const customerId = await createCustomer();
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    const now = fd.now();
    expect(created.status).toBe(201);
    // provider 1.35.0: CreatedConsumer requires nothing; a createdDate it gives is checked.
    if (created.body.createdDate !== undefined) expectEpochSecondsNear(created.body.createdDate, now, 'CreateConsumer answer');
    const byCustomer = (await fdApi.call('GetConsumerForCustomer', { path: { customerId } })).body;
    const byId = (await fdApi.call('GetConsumer', { path: { consumerId: created.body.id } })).body;
    for (const [reader, record] of [
      ['GetConsumerForCustomer', byCustomer],
      ['GetConsumer', byId],
    ] as const) {
      expectEpochSecondsNear(record.createdDate, now, reader);
      if (created.body.createdDate !== undefined) expect(Number(record.createdDate), reader).toBe(Number(created.body.createdDate));
    }
  },
);
