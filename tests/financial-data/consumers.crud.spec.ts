// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer (seed 002,
// Consumers, Resources and Errors): one consumer per customer (409); every field sent on create or
// modify reads back through both readers; modify leaves unspecified fields unchanged; the consumer
// persists after its customer is deleted (seed 002, Resources - owner of reports). SSN masking on
// every path: consumers.ssn.spec.ts. The client fails any response echoing a full SSN sent.
import {
  expect,
  expectFdError,
  expectSsnLastFour,
  FD_CONTRACT,
  newConsumer,
  rules,
  tellingDigits,
  tellingMarkupName,
  test,
} from '../../fixtures/financial-data.js';
import { sleepSeconds } from '../../helpers/client/polling.js';

test(
  'creates the consumer of a customer with 201; every field reads back by customer and by id @smoke',
  rules('FD-CONS-CREATE', 'FD-CONS-READ@consumer-by-customer', 'FD-CONS-READ@consumer-by-id', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    // Phones and ZIP codes with leading zeros, the end user's too (provider 1.35.0 NewConsumer.endUser,
    // ConsumerEndUser: strings): a create path reading any of them as a number fails both readers.
    // A birthday on 29 February (provider 1.35.0 Birthday: year, month, dayOfMonth) and names with an
    // apostrophe and a hyphen (tellingName): a date library of a non-leap year, or a name normaliser,
    // on the create path or either reader fails.
    const body = newConsumer({
      birthday: { year: 1996, month: 2, dayOfMonth: 29 },
      phone: '08015551234',
      endUser: {
        name: tellingMarkupName('Murray Trust'),
        address: tellingMarkupName('9 Trust Way'),
        city: tellingMarkupName('Murray'),
        state: 'UT',
        zip: tellingDigits(5),
        phone: '08015550100',
      },
    });
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body });
    expect(created.status).toBe(201);
    // provider 1.35.0: consumer records carry the customer id as an integer.
    expect(String(created.body.customerId)).toBe(customerId);
    const byCustomer = await fdApi.call('GetConsumerForCustomer', { path: { customerId } });
    const byId = await fdApi.call('GetConsumer', { path: { consumerId: created.body.id } });
    const { ssn: _ssn, ...fields } = body;
    for (const [reader, res] of [
      ['by customer', byCustomer],
      ['by id', byId],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.body, `the consumer read ${reader}`).toMatchObject({ id: created.body.id, ...fields });
      expect(String(res.body.customerId)).toBe(customerId);
    }
  },
);

test(
  'refuses a second consumer for the same customer with 409',
  rules('FD-CONS-UNIQUE', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    expect((await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() })).status).toBe(201);
    expectFdError(await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() }), 409, 'second consumer');
  },
);

// provider 1.35.0 Birthday (year, month, dayOfMonth as separate integers): a birthday whose day of the
// month could also be a month number (the other birthdays of these specs have a day over 12, or day and
// month equal), created and then modified, reads back unswapped through both readers: a reader or a
// writer parsing the date day-first (D/M) against month-first (M/D) swaps it.
test(
  'a birthday whose day could be a month reads back with day and month in place, created and modified, through both readers',
  rules(
    'FD-CONS-READ@consumer-by-customer',
    'FD-CONS-READ@consumer-by-id',
    'FD-CONS-MODIFY@consumer-by-customer',
    'FD-CONS-MODIFY@consumer-by-id',
  ),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    const born = { year: 1987, month: 4, dayOfMonth: 9 };
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer({ birthday: born }) });
    expect(created.status).toBe(201);
    const consumerId = created.body.id;
    const readBoth = async (birthday: typeof born, when: string) => {
      for (const [reader, res] of [
        ['by customer', await fdApi.call('GetConsumerForCustomer', { path: { customerId } })],
        ['by id', await fdApi.call('GetConsumer', { path: { consumerId } })],
      ] as const) {
        expect(res.status).toBe(200);
        expect(res.body.birthday, `the birthday ${when}, read ${reader}`).toEqual(birthday);
      }
    };
    await readBoth(born, 'created');
    const moved = { year: 1992, month: 11, dayOfMonth: 6 };
    expect((await fdApi.call('ModifyConsumer', { path: { consumerId }, body: { birthday: moved } })).status).toBe(204);
    await readBoth(moved, 'modified');
  },
);

// provider 1.35.0: NewConsumer requires ssn (and birthday, names, address, phone); 1.42.0 only
// firstName, lastName and state (FD_CONTRACT_VERSION): the members refused are the contract's.
const CONSUMER_REQUIRED: string[] = FD_CONTRACT.componentSchema('NewConsumer').required;
const omitted = ['ssn', 'birthday', 'zip'].every((f) => CONSUMER_REQUIRED.includes(f))
  ? (['ssn', 'birthday', 'zip'] as const)
  : CONSUMER_REQUIRED;
for (const field of omitted) {
  test(`rejects a consumer without ${field} with 400 @provider`, rules('FD-CONS-REQUIRED'), async ({ fdApi, createCustomer }) => {
    const { [field]: _omitted, ...body } = newConsumer() as Record<string, unknown>;
    expectFdError(await fdApi.call('CreateConsumer', { path: { customerId: await createCustomer() }, body }), 400, `no ${field}`);
  });
}

test('rejects malformed customer and consumer ids with 400 @assumption', rules('FD-ID-FORMAT'), async ({ fdApi }) => {
  // reference, Identifiers: customer ids are digit strings, consumer ids 32 hex characters.
  expectFdError(await fdApi.call('GetConsumerForCustomer', { path: { customerId: 'abc' } }), 400, 'malformed customer id');
  expectFdError(await fdApi.call('GetConsumer', { path: { consumerId: 'not-a-consumer-id' } }), 400, 'malformed consumer id');
});

test(
  'ModifyConsumer changes the given fields and leaves the others unchanged',
  rules('FD-CONS-MODIFY-KEEP', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, createCustomer }) => {
    const customerId = await createCustomer();
    const body = newConsumer();
    const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body });
    const change = { city: tellingMarkupName('Provo'), zip: tellingDigits(5) };
    expect((await fdApi.call('ModifyConsumer', { path: { consumerId: created.id }, body: change })).status).toBe(204);
    const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
    const { ssn, ...unchanged } = body;
    expect(res.body).toMatchObject({ ...unchanged, ...change });
    expectSsnLastFour(res.body.ssn, ssn, 'after modifying other fields');
    // provider 1.35.0: an SSN is any string (no pattern), so no malformed-SSN 400 is expected.
  },
);

// seed 002, Consumers (ModifyConsumer) with provider 1.35.0 ConsumerUpdate: every member sent is the
// new value, through both readers; the SSN shows as the last four digits of the new one.
test(
  'ModifyConsumer stores every field sent: both readers show each new value',
  rules('FD-CONS-MODIFY@consumer-by-customer', 'FD-CONS-MODIFY@consumer-by-id', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, createCustomer, fdContract }) => {
    const customerId = await createCustomer();
    const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer({ ssn: '999601111' }) });
    // Telling values (fixtures/arbitraries/telling.ts): each normalisation of a member changes it.
    const update = {
      firstName: tellingMarkupName('Marian'),
      lastName: tellingMarkupName('Keyes'),
      address: tellingMarkupName('77 Canyon Road'),
      city: tellingMarkupName('Provo'),
      state: 'CO',
      zip: tellingDigits(5),
      phone: '03035550199',
      ssn: '999602222',
      // The last day of a year (a date at a calendar edge: a day-of-year or time-zone shift rolls it over).
      birthday: { year: 1976, month: 12, dayOfMonth: 31 },
      email: 'Marian.Keyes@Example.com',
      suffix: 'sR. ',
      endUser: {
        name: tellingMarkupName('Keyes Trust'),
        address: tellingMarkupName('1 Trust Way'),
        city: tellingMarkupName('Denver'),
        state: 'CO',
        zip: tellingDigits(5),
        phone: '03035550100',
      },
    };
    expect(Object.keys(update).sort(), 'the update sends every ConsumerUpdate member').toEqual(
      Object.keys(fdContract.componentSchema('ConsumerUpdate').properties).sort(),
    );
    expect((await fdApi.call('ModifyConsumer', { path: { consumerId: created.id }, body: update })).status).toBe(204);
    const { ssn, ...rest } = update;
    for (const [reader, res] of [
      ['by customer', await fdApi.call('GetConsumerForCustomer', { path: { customerId } })],
      ['by id', await fdApi.call('GetConsumer', { path: { consumerId: created.id } })],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.body, `the modified consumer read ${reader}`).toMatchObject(rest);
      expectSsnLastFour(res.body.ssn, ssn, `read ${reader} after a new SSN`);
    }
  },
);

test('the consumer outlives its deleted customer', rules('FD-CONS-OUTLIVES'), async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect((await fdApi.call('DeleteCustomer', { path: { customerId } })).status).toBe(204);
  const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
  expect(res.status, 'seed 002, Resources: the consumer persists as owner of generated reports').toBe(200);
  expect(res.body.id).toBe(created.id);
});

test(
  "a consumer's createdDate is its own creation's, not its customer's, on both readers",
  rules('FD-CONS-READ@consumer-by-customer', 'FD-CONS-READ@consumer-by-id'),
  async ({ fd, fdApi, createCustomer }) => {
    // seed 002, Resources - Consumer: the consumer is a record of its own, created after its customer.
    // The mock's clock moves an hour between the two creations (a sandbox's, two seconds: the dates
    // count seconds), so a reader showing the customer's date for the consumer's (or a date of neither) shows.
    const customerId = await createCustomer();
    const customer = await fdApi.call('GetCustomer', { path: { customerId } });
    if (fd.control) await fd.control.advanceClock(3_600);
    else await sleepSeconds(2);
    const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    expect(created.status).toBe(201);
    expect(created.body.createdDate, "the consumer's creation, after its customer's").not.toBe(customer.body.createdDate);
    for (const [reader, res] of [
      ['GetConsumerForCustomer', await fdApi.call('GetConsumerForCustomer', { path: { customerId } })],
      ['GetConsumer', await fdApi.call('GetConsumer', { path: { consumerId: created.body.id } })],
    ] as const) {
      expect(res.status, reader).toBe(200);
      expect(res.body.createdDate, `${reader}: createdDate, the consumer's creation`).toBe(created.body.createdDate);
    }
  },
);
