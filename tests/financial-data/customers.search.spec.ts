// Covers: GET /aggregation/v1/customers (GetCustomers) - seed 002, Customers: search matches the
// username, or any combination of firstName and lastName; no search text returns all; `type`
// filters; paging `start` / `limit` (reference, Conventions; seed 002 Limits: 1000 per page).
import { expect, expectFdError, newCustomer, PAGE_MAX, rules, test, uniqueUsername } from '../../fixtures/financial-data.js';

const ids = (res: { body: { customers: { id: string }[] } }) => res.body.customers.map((c) => c.id);

test(
  'finds a customer by username, by either name, and by both names in any order',
  rules('FD-CUST-SEARCH:accept', 'FD-CUST-FILTER-USERNAME:accept'),
  async ({ fdApi }) => {
    const tag = uniqueUsername('s').replace(/[^a-z0-9]/gi, '');
    const body = newCustomer({ firstName: `Ada${tag}`, lastName: `Byron${tag}` });
    const id = (await fdApi.call('AddTestingCustomer', { body })).body.id;
    const { username, firstName, lastName } = body;
    for (const search of [username, firstName, lastName, `${firstName} ${lastName}`, `${lastName} ${firstName}`]) {
      const res = await fdApi.call('GetCustomers', { query: { search, limit: PAGE_MAX } });
      expect(res.status).toBe(200);
      expect(ids(res), `search '${search}' finds the customer`).toContain(id);
    }
    // A text shorter than any indexed sequence a store might keep (two characters of the username) is still a search.
    const short = body.username.slice(-2);
    const byShort = await fdApi.call('GetCustomers', { query: { search: short, limit: PAGE_MAX } });
    expect(byShort.status, `search '${short}' is answered`).toBe(200);
    if (byShort.body.found <= PAGE_MAX) expect(ids(byShort), `search '${short}' finds the customer`).toContain(id);
    const byUsername = await fdApi.call('GetCustomers', { query: { username: body.username } });
    expect(ids(byUsername)).toEqual([id]);
  },
);

test(
  `accepts limit ${PAGE_MAX} and rejects limit ${PAGE_MAX + 1} with 400 @assumption`,
  rules('FD-PAGE-LIMIT:accept@customers', 'FD-PAGE-LIMIT:refuse@customers'),
  async ({ fdApi }) => {
    const res = await fdApi.call('GetCustomers', { query: { limit: PAGE_MAX } });
    expect(res.status).toBe(200);
    expect(res.body.displaying).toBeLessThanOrEqual(PAGE_MAX);
    expectFdError(await fdApi.call('GetCustomers', { query: { limit: PAGE_MAX + 1 } }), 400, `limit ${PAGE_MAX + 1}`);
  },
);

// limit 0: reference, Paging (a 400 outside 1..1000). 'ten': provider 1.35.0 types limit an
// integer. 'closed': the seed's two kinds, under the provider's parameter name `type`. (start 0
// is not refused: provider 1.35.0 StartParameter sets no minimum.)
for (const [query, tag, rule] of [
  [{ limit: 0 }, '@assumption', 'FD-PAGE-LIMIT:refuse@customers'],
  [{ limit: 'ten' }, '@provider', 'FD-NEGATIVE'],
  [{ type: 'closed' }, '@provider', 'FD-CUST-FILTER-TYPE:refuse'],
] as const) {
  test(`rejects ${JSON.stringify(query)} with 400 ${tag}`, rules(rule), async ({ fdApi }) => {
    expectFdError(await fdApi.call('GetCustomers', { query }), 400, JSON.stringify(query));
  });
}
