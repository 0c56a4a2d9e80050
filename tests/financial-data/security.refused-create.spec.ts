// Covers: the creates of financial data refused for an invalid member or a duplicate (AddTestingCustomer,
// AddCustomer, CreateConsumer, AddBusinessDetails, createWebhookSubscription; seed 002, Errors 400
// and 409; Limits: one consumer and one business per customer, usernames unique per partner): after
// the refusal no reader or list shows anything of the refused request. The checker is
// helpers/client/security/refused-create.ts.
import { randomBytes } from 'node:crypto';
import { expect, FD_CONTRACT, newBusiness, newConsumer, newCustomer, rules, test } from '../../fixtures/financial-data.js';
import { checkRefusedCreates, REFUSED_CREATE, type RefusedCreate } from '../../helpers/client/security/refused-create.js';
import { Violations } from '../../helpers/client/security/probe.js';

/** A value only one refused request carries: letters only, so every pattern of a name allows it. */
const marker = () =>
  `Refused${randomBytes(6)
    .toString('hex')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;
const op = (id: string) => FD_CONTRACT.operationOf(id);

test(
  'a refused create (invalid member or duplicate) leaves nothing that any reader or list shows',
  rules('FD-OBJ-REFUSED-CREATE'),
  async ({ fdApi }) => {
    const existing = newCustomer({ applicationId: '2998' });
    const created = await fdApi.call('AddTestingCustomer', { body: existing });
    expect(created.status).toBe(201);
    const customerId = String(created.body.id);
    const consumer = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer() });
    expect(consumer.status).toBe(201);
    const business = await fdApi.call('AddBusinessDetails', { path: { customer_id: customerId }, body: newBusiness() });
    expect(business.status).toBe(200);
    const bare = await fdApi.call('AddTestingCustomer', { body: newCustomer() });
    const bareId = String(bare.body.id);

    const customerReaders = (m: string) => [
      { operation: op('GetCustomers'), call: { query: { search: m } } },
      { operation: op('GetCustomers'), call: { query: { username: existing.username } } },
      { operation: op('GetCustomer'), call: { path: { customerId } } },
      { operation: op('GetCustomerWithAppData'), call: { path: { customerId } } },
    ];
    const consumerReaders = [
      { operation: op('GetConsumerForCustomer'), call: { path: { customerId } } },
      { operation: op('GetConsumer'), call: { path: { consumerId: String(consumer.body.id) } } },
      { operation: op('GetConsumerForCustomer'), call: { path: { customerId: bareId } } },
    ];
    const businessReaders = [
      { operation: op('GetBusinessByCustomer'), call: { path: { customer_id: customerId } } },
      { operation: op('GetBusinessById'), call: { path: { business_id: String(business.body.businessId) } } },
    ];
    const cases: RefusedCreate[] = [];
    for (const create of ['AddTestingCustomer', 'AddCustomer']) {
      const m = marker();
      // provider 1.35.0 Username: a space is outside its pattern (400).
      cases.push({
        label: 'a customer with a username outside its pattern',
        create: op(create),
        call: { body: newCustomer({ username: `bad name ${m}`, firstName: m }) },
        documented: [400],
        marker: m,
        readers: customerReaders(m),
      });
    }
    const dup = marker();
    cases.push({
      label: 'a customer with a username taken',
      create: op('AddTestingCustomer'),
      call: { body: newCustomer({ username: existing.username, firstName: dup, lastName: dup }) },
      documented: [409],
      marker: dup,
      readers: customerReaders(dup),
    });
    const second = marker();
    cases.push({
      label: 'a second consumer',
      create: op('CreateConsumer'),
      call: { path: { customerId }, body: newConsumer({ firstName: second, lastName: second }) },
      documented: [409],
      marker: second,
      readers: consumerReaders,
    });
    const badSsn = marker();
    cases.push({
      label: 'a consumer whose birthday is not an object',
      create: op('CreateConsumer'),
      call: { path: { customerId: bareId }, body: newConsumer({ firstName: badSsn, birthday: 'x' }) },
      documented: [400],
      marker: badSsn,
      readers: consumerReaders,
    });
    const twice = marker();
    cases.push({
      label: 'a second business',
      create: op('AddBusinessDetails'),
      call: { path: { customer_id: customerId }, body: newBusiness({ name: twice }) },
      documented: [409],
      marker: twice,
      readers: businessReaders,
    });
    const hook = marker();
    cases.push({
      label: 'a webhook subscription to an event the service does not have',
      create: op('createWebhookSubscription'),
      call: { body: { url: `https://listener.example.test/${hook}`, events: [{ name: 'no.such.event' }] } },
      documented: [400],
      marker: hook,
      readers: [{ operation: op('listWebhookSubscriptions'), call: { query: { offset: 1, limit: 100 } } }],
    });
    const violations = new Violations(REFUSED_CREATE);
    await checkRefusedCreates(fdApi, cases, violations);
    test.info().annotations.push({
      type: 'security-coverage',
      description: `financial-data ${REFUSED_CREATE}: ${cases.length} refused creates over ${new Set(cases.map((c) => c.create.operationId)).size} operations`,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
