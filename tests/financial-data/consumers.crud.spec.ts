// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer (seed 002,
// Consumers, Resources and Errors): one consumer per customer (409); every field sent on create or
// modify reads back through both readers; modify leaves unspecified fields unchanged; the consumer
// persists after its customer is deleted (seed 002, Resources - owner of reports). SSN masking on
// every path: the rows below and consumers.ssn.spec.ts. The client fails any response echoing a full SSN sent.
import {
  expect,
  expectFdError,
  expectSsnLastFour,
  expectSsnMasked,
  expectSsnOf,
  FD_CONTRACT,
  newConsumer,
  rules,
  tellingDigits,
  tellingMarkupName,
  test,
  TEST_SSNS,
  underRule,
} from '../../fixtures/financial-data.js';
import { sleepSeconds } from '../../helpers/client/polling.js';
import { cite } from './cite.js';

// Each row: a consumer created, then modified, read back through both readers (provider 1.35.0 NewConsumer,
// ConsumerUpdate; seed 002, Consumers), with telling values (fixtures/arbitraries/telling.ts): birthdays on
// 29 February, 31 December and a day that could be a month, leading zeros, an apostrophe and a hyphen. A member
// left out keeps its value (FD-CONS-MODIFY-KEEP); the SSN shows its last four only (reference, Consumers). The
// clock moves between the customer's creation and the consumer's: its createdDate is its own (seed 002, Resources).
const CONSUMER_ROWS = [
  {
    what: 'every field, at a leap day and a year end, with leading zeros @smoke',
    create: {
      ssn: '999601111',
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
    },
    // Every ConsumerUpdate member (checked against the contract below).
    update: {
      firstName: tellingMarkupName('Marian'),
      lastName: tellingMarkupName('Keyes'),
      address: tellingMarkupName('77 Canyon Road'),
      city: tellingMarkupName('Provo'),
      state: 'CO',
      zip: tellingDigits(5),
      // A leading zero and separators: a writer reading it as a number, or keeping its digits only, changes it.
      phone: '0303-555-0199',
      ssn: '999602222',
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
    },
  },
  {
    what: 'a birthday whose day could be a month, a hyphenated SSN',
    create: { ssn: '999-60-4444', birthday: { year: 1987, month: 4, dayOfMonth: 9 } },
    update: { birthday: { year: 1992, month: 11, dayOfMonth: 6 }, ssn: '999603333' },
  },
  { what: 'a city and a ZIP code, the others kept', create: {}, update: { city: tellingMarkupName('Provo'), zip: tellingDigits(5) } },
];

for (const [i, { what, create, update }] of CONSUMER_ROWS.entries()) {
  test(
    `a consumer created (201) and modified (204) reads back through both readers as sent, its own createdDate, its SSN as the last four digits: ${what}`,
    rules(
      'FD-CONS-CREATE',
      ...['FD-CONS-READ', 'FD-CONS-MODIFY'].flatMap((r) => cite(r, ['consumer-by-customer', 'consumer-by-id'])),
      'FD-CONS-MODIFY-KEEP',
      ...cite('FD-CONS-SSN-LAST-FOUR', ['consumer-created', 'consumer-by-customer', 'consumer-by-id']),
      'FD-SENSITIVE-ECHO',
    ),
    async ({ fd, fdApi, createCustomer, fdContract }) => {
      const members = Object.keys(fdContract.componentSchema('ConsumerUpdate').properties).sort();
      if (i === 0) expect(Object.keys(update).sort(), 'the update sends every ConsumerUpdate member').toEqual(members);
      const customerId = await createCustomer();
      const customer = await fdApi.call('GetCustomer', { path: { customerId } });
      if (fd.control) await fd.control.advanceClock(3_600);
      else await sleepSeconds(2);
      const body = newConsumer(create);
      const created = await fdApi.call('CreateConsumer', { path: { customerId }, body });
      // Each judgement is filed under its own rule: the creation, a read after it, a read after the change, the SSN's form.
      underRule(test.info(), 'FD-CONS-CREATE', () => {
        expect(created.status).toBe(201);
        // provider 1.35.0: consumer records carry the customer id as an integer.
        expect(String(created.body.customerId)).toBe(customerId);
        expect(created.body.createdDate, "the consumer's creation, after its customer's").not.toBe(customer.body.createdDate);
      });
      // provider 1.35.0: CreatedConsumer carries no SSN; if a target adds one, it is masked too.
      if (created.body.ssn !== undefined)
        underRule(test.info(), 'FD-CONS-SSN-LAST-FOUR', () => expectSsnLastFour(created.body.ssn, body.ssn, 'in the creation answer'));
      const consumerId = created.body.id;
      // Each member read back is filed under the rule of the write that set it: the creation (FD-CONS-READ), the modification
      // that sent it (FD-CONS-MODIFY: seed 002, Consumers, the fields sent are changed) or one that did not send it
      // (FD-CONS-MODIFY-KEEP). The SSN as any member: its form (four digits, never the whole SSN) is the masking's
      // (FD-CONS-SSN-LAST-FOUR), which SSN's last four it shows is its writer's (on creation the masking's too: FD-CONS-READ
      // leaves the SSN aside), so a modification keeping the SSN it held fails FD-CONS-MODIFY.
      const newSsn = (update as Record<string, unknown>).ssn;
      const ssns = [String(body.ssn), ...(typeof newSsn === 'string' ? [newSsn] : [])];
      const ORDER = ['FD-CONS-READ', 'FD-CONS-MODIFY', 'FD-CONS-MODIFY-KEEP'];
      const readBoth = async (values: Record<string, unknown>, when: 'created' | 'modified', sent: readonly string[]) => {
        const readRule = when === 'created' ? 'FD-CONS-READ' : 'FD-CONS-MODIFY';
        const ruleOf = (key: string) =>
          when === 'created'
            ? key === 'ssn'
              ? 'FD-CONS-SSN-LAST-FOUR'
              : 'FD-CONS-READ'
            : sent.includes(key)
              ? 'FD-CONS-MODIFY'
              : 'FD-CONS-MODIFY-KEEP';
        const groups = ORDER.map((rule) => ({
          rule,
          members: Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'ssn' && ruleOf(k) === rule)),
        })).filter((g) => Object.keys(g.members).length);
        for (const [reader, res, op] of [
          ['by customer', await fdApi.call('GetConsumerForCustomer', { path: { customerId } }), 'GetConsumerForCustomer'],
          ['by id', await fdApi.call('GetConsumer', { path: { consumerId } }), 'GetConsumer'],
        ] as const) {
          const where = `${when}, read ${reader}`;
          underRule(
            test.info(),
            readRule,
            () => {
              expect(res.status, where).toBe(200);
              // Its createdDate as the creation answered it: the answer judge's (an event's date, fixed once read).
              expect(res.body.id, `the consumer ${where}: its id`).toBe(consumerId);
              expect(String(res.body.customerId)).toBe(customerId);
            },
            op,
          );
          for (const { rule, members } of groups) {
            const which = rule === 'FD-CONS-MODIFY-KEEP' ? 'not sent, as before' : when === 'created' ? 'as created' : 'as sent';
            underRule(test.info(), rule, () => expect(res.body, `the consumer ${where}: the members ${which}`).toMatchObject(members), op);
          }
          underRule(test.info(), 'FD-CONS-SSN-LAST-FOUR', () => expectSsnMasked(res.body.ssn, ssns, where), op);
          const before = when === 'modified' && sent.includes('ssn') ? String(body.ssn) : undefined;
          underRule(test.info(), ruleOf('ssn'), () => expectSsnOf(res.body.ssn, String(values.ssn), where, before), op);
        }
      };
      await readBoth(body, 'created', Object.keys(body));
      // Its status is FD-CONS-MODIFY's (seed 002, Consumers: ModifyConsumer 204): an undocumented one is filed there (judges).
      const modified = await fdApi.call('ModifyConsumer', { path: { consumerId }, body: update, judges: 'FD-CONS-MODIFY' });
      underRule(test.info(), 'FD-CONS-MODIFY', () => expect(modified.status).toBe(204));
      await readBoth({ ...body, ...update }, 'modified', Object.keys(update));
    },
  );
}

// seed 002, Errors 409 and Resources (one consumer for a customer); provider 1.35.0 ConsumerExistsConflictExample: the second
// consumer differs from the first in every member (another SSN, other names, another address and birthday), so a target keying
// its uniqueness by the SSN or the names, not by the customer, answers 201 here. The first stays the customer's consumer.
const FIRST_CONSUMER = {
  firstName: 'Ada',
  lastName: 'Byron',
  address: '434 W Ascension Way',
  city: 'Murray',
  state: 'UT',
  zip: '01234',
  phone: '8015551234',
  ssn: TEST_SSNS[0],
  birthday: { year: 1989, month: 8, dayOfMonth: 13 },
  email: 'ada.byron@example.com',
  suffix: 'Jr.',
};
const SECOND_CONSUMER = {
  firstName: 'Grace',
  lastName: 'Hopper',
  address: '77 Canyon Road',
  city: 'Provo',
  state: 'CO',
  zip: '80202',
  phone: '3035550199',
  ssn: TEST_SSNS[1],
  birthday: { year: 1976, month: 12, dayOfMonth: 31 },
  email: 'grace.hopper@example.com',
  suffix: 'III',
};

test(
  'refuses a second consumer for the same customer with 409, one differing from the first in every member; the first stays',
  rules('FD-CONS-UNIQUE', 'FD-SENSITIVE-ECHO'),
  async ({ fdApi, createCustomer }) => {
    const shared = Object.keys(FIRST_CONSUMER).filter(
      (k) =>
        JSON.stringify(FIRST_CONSUMER[k as keyof typeof FIRST_CONSUMER]) ===
        JSON.stringify(SECOND_CONSUMER[k as keyof typeof SECOND_CONSUMER]),
    );
    expect(shared, 'members the second consumer shares with the first').toEqual([]);
    const customerId = await createCustomer();
    const first = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer(FIRST_CONSUMER) });
    expect(first.status, 'CreateConsumer, the first consumer of the customer').toBe(201);
    const second = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer(SECOND_CONSUMER) });
    underRule(test.info(), 'FD-CONS-UNIQUE', () => {
      expectFdError(second, 409, 'a second consumer of the customer, another SSN and other names');
    });
    const held = await fdApi.call('GetConsumerForCustomer', { path: { customerId } });
    underRule(test.info(), 'FD-CONS-UNIQUE', () => {
      expect(held.status, 'GetConsumerForCustomer after the refused second consumer').toBe(200);
      const { id, firstName, lastName } = held.body;
      expect({ id, firstName, lastName }, "the customer's consumer after the refused second one: the first").toEqual({
        id: first.body.id,
        firstName: FIRST_CONSUMER.firstName,
        lastName: FIRST_CONSUMER.lastName,
      });
    });
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

test('the consumer outlives its deleted customer', rules('FD-CONS-OUTLIVES'), async ({ fdApi, createCustomer }) => {
  const customerId = await createCustomer();
  const { body: created } = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
  expect((await fdApi.call('DeleteCustomer', { path: { customerId } })).status).toBe(204);
  const res = await fdApi.call('GetConsumer', { path: { consumerId: created.id } });
  expect(res.status, 'seed 002, Resources: the consumer persists as owner of generated reports').toBe(200);
  expect(res.body.id).toBe(created.id);
});
