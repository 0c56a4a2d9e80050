// Covers: GET /aggregation/v1/customers with an empty type (provider 1.35.0 CustomerType and
// CustomerTypeParameter: left empty, the list holds customers of every type; FD-CUST-TYPE-EMPTY): a
// testing and an active customer of the check's own, each looked up by its username with type empty,
// are listed, and with the other type named, not. The empty criterion is judged as sent: a target
// reading it as a type of its own (none listed) or as one of the two types fails.
import { expect, rules, test } from '../../fixtures/financial-data.js';

test(
  'an empty type lists the testing and the active customers alike; the other type named lists neither @provider',
  rules('FD-CUST-TYPE-EMPTY'),
  async ({ fdApi, createCustomer }) => {
    for (const kind of ['testing', 'active'] as const) {
      const id = await createCustomer(kind);
      const read = await fdApi.call('GetCustomer', { path: { customerId: id } });
      expect(read.status, `GetCustomer (${kind})`).toBe(200);
      const username = String(read.body.username);
      const listed = async (type: string) => {
        const res = await fdApi.call('GetCustomers', { query: { username, type } });
        expect(res.status, `GetCustomers type "${type}"`).toBe(200);
        return (res.body.customers ?? []).map((c: { id: unknown }) => String(c.id));
      };
      expect(await listed(''), `the ${kind} customer with type empty`).toContain(id);
      expect(await listed(kind === 'testing' ? 'active' : 'testing'), `the ${kind} customer with the other type`).not.toContain(id);
    }
  },
);
