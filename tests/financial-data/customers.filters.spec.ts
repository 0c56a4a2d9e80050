// Covers: GetCustomers - seed 002, Customers (query username, type, search text, start, limit); provider
// 1.35.0 paging (start from 1, limit default 25, found / displaying / moreAvailable). Each criterion on a
// set made for the test (a tag no other customer has), shown to exclude what it must. An empty type
// (provider 1.35.0 CustomerType, CustomerTypeParameter: every type; FD-CUST-TYPE-EMPTY) judged as sent.
import {
  expect,
  newCustomer,
  type OperationClient,
  PAGE_MAX,
  rules,
  test,
  underRule,
  uniqueUsername,
  whileAlone,
} from '../../fixtures/financial-data.js';
import { BOTH, cite } from './cite.js';

const tagOf = () => `k${uniqueUsername('').replace(/[^a-z0-9]/gi, '')}`;
const idsOf = (res: { body: { customers?: { id: string }[] } }) => (res.body.customers ?? []).map((c) => c.id);

/** Creates the customers; returns their ids and usernames in creation order. */
async function knownSet(
  fdApi: OperationClient,
  rows: { type: 'testing' | 'active'; firstName: string; lastName: string; email?: string; username?: string }[],
) {
  const out: { id: string; username: string; type: string }[] = [];
  for (const row of rows) {
    const body = newCustomer({
      firstName: row.firstName,
      lastName: row.lastName,
      ...(row.email ? { email: row.email } : {}),
      ...(row.username ? { username: row.username } : {}),
    });
    const res = await fdApi.call(row.type === 'testing' ? 'AddTestingCustomer' : 'AddCustomer', { body });
    expect(res.status).toBe(201);
    out.push({ id: res.body.id, username: body.username, type: row.type });
  }
  return out;
}

/**
 * The search lists exactly a known set: judged under FD-CUST-SEARCH, so that a check paging or counting
 * that set fails as the search's cause when the search does not hold, not as a cause of its own.
 */
function expectSearchHolds(res: { body: { customers?: { id: string }[] } }, set: { id: string }[], what: string) {
  const ids = set.map((c) => c.id).sort();
  const exact = () => expect(idsOf(res).sort(), `GetCustomers ${what}: exactly the known set`).toEqual(ids);
  underRule(test.info(), 'FD-CUST-SEARCH', exact, 'GetCustomers');
}

/** The criteria a case of the known set sends, each judged under its own rule (the search first). */
const criterionRule = (query: Record<string, unknown>) =>
  query.search !== undefined ? 'FD-CUST-SEARCH' : query.username !== undefined ? 'FD-CUST-FILTER-USERNAME' : 'FD-CUST-FILTER-TYPE';

/** found (when given), displaying and moreAvailable equal the known answer. */
function expectCounts(body: any, found: number, displaying: number, more: boolean, what: string) {
  if (body.found !== undefined) expect(body.found, `${what}: found`).toBe(found);
  const shown = { displaying: body.displaying, moreAvailable: body.moreAvailable };
  expect(shown, `${what}: displaying, moreAvailable`).toEqual({ displaying, moreAvailable: more });
}

test(
  'search, username and type each list exactly the matching customers of a known set',
  rules(
    ...['FD-CUST-SEARCH', 'FD-CUST-FILTER-USERNAME', 'FD-CUST-FILTER-TYPE'].flatMap((r) => cite(r, [], BOTH)),
    'FD-PAGE-COUNTS@customers',
  ),
  async ({ fdApi }) => {
    const tag = tagOf();
    const [ada, grace, alan] = await knownSet(fdApi, [
      { type: 'testing', firstName: `Ada${tag}`, lastName: 'Lovelace' },
      // Grace's e-mail holds a text none of the set's names or usernames does.
      { type: 'testing', firstName: `Grace${tag}`, lastName: 'Hopper', email: `mail${tag}@example.com` },
      { type: 'active', firstName: `Alan${tag}`, lastName: 'Turing' },
    ]);
    // A customer whose username starts with Alan's whole username, of his type, matched by no search of the set: the username
    // filter is an exact match (provider 1.35.0 CustomerUsernameParameter: 0 or 1 customer), so Alan's username lists Alan alone
    // and its start lists nobody; a filter matching a username's start lists this one too.
    const [alonzo] = await knownSet(fdApi, [{ type: 'active', firstName: 'Alonzo', lastName: 'Church', username: `${alan.username}.2u` }]);
    const list = (query: Record<string, string | number>) => fdApi.call('GetCustomers', { query: { limit: PAGE_MAX, ...query } });
    const cases: [string, Record<string, string | number>, string[]][] = [
      ['the tag (part of each first name)', { search: tag }, [ada.id, grace.id, alan.id]],
      ['one first name', { search: `Ada${tag}` }, [ada.id]],
      ['first and last name', { search: `Grace${tag} Hopper` }, [grace.id]],
      ['last and first name', { search: `Turing Alan${tag}` }, [alan.id]],
      // Every word of the text must be found: one customer's first name with another's last name matches nobody.
      ["a first name with another's last name", { search: `Ada${tag} Hopper` }, []],
      ['a username', { search: grace.username }, [grace.id]],
      // seed 002, Customers: the search matches the username or the names, nothing else: a text of an e-mail alone matches nobody.
      ['a text of an e-mail address alone', { search: `mail${tag}` }, []],
      ["a username, another customer's starting with it", { username: alan.username }, [alan.id]],
      ['the longer username', { username: alonzo.username }, [alonzo.id]],
      ['the start of a username', { username: alan.username.slice(0, -1) }, []],
      ['an unused username', { username: `${ada.username}.unused` }, []],
      ['type testing within the tag', { search: tag, type: 'testing' }, [ada.id, grace.id]],
      ['type active within the tag', { search: tag, type: 'active' }, [alan.id]],
      ['a search matching nothing', { search: `${tag}nomatch` }, []],
      // The criteria combine: a username with its own type or a search it matches, and with the other ones.
      ['username with its type', { username: alan.username, type: 'active' }, [alan.id]],
      ['username with the other type', { username: alan.username, type: 'testing' }, []],
      ['username with a search matching it', { username: grace.username, search: `Grace${tag}` }, [grace.id]],
      ['username with a search matching another', { username: grace.username, search: `Ada${tag}` }, []],
      // All three: the type still applies when a username and a search are given together.
      ['username, its type and a search matching it', { username: alan.username, type: 'active', search: `Alan${tag}` }, [alan.id]],
      ['username, the other type and a search matching it', { username: alan.username, type: 'testing', search: `Alan${tag}` }, []],
    ];
    for (const [what, query, expected] of cases) {
      const res = await list(query);
      expect(res.status, what).toBe(200);
      const matching = () =>
        expect(idsOf(res).sort(), `GetCustomers ${what}: exactly the matching customers`).toEqual([...expected].sort());
      underRule(test.info(), criterionRule(query), matching, 'GetCustomers');
      expectCounts(res.body, expected.length, expected.length, false, what);
    }
  },
);

test(
  'start and limit page a known set: pages are disjoint, hold the set, keep the search, and the counts are exact',
  rules('FD-PAGE-START@customers', 'FD-PAGE-LIMIT-APPLIED@customers', 'FD-PAGE-COUNTS@customers', 'FD-PAGE-KEEPS-QUERY'),
  async ({ fdApi }) => {
    const tag = tagOf();
    const rows = ['A', 'B', 'C'].map((n) => ({ type: 'testing' as const, firstName: `${n}${tag}`, lastName: 'Paged' }));
    const set = await knownSet(fdApi, rows);
    const page = (start: number, limit: number) => fdApi.call('GetCustomers', { query: { search: tag, start, limit } });
    const all = await page(1, PAGE_MAX);
    expectSearchHolds(all, set, 'the tag');
    const order = idsOf(all);
    // limit 2: [2 records, more] then [1 record, no more], then an empty page.
    const [p1, p2, p3] = [await page(1, 2), await page(2, 2), await page(3, 2)];
    expectCounts(p1.body, 3, 2, true, 'start 1 limit 2');
    expectCounts(p2.body, 3, 1, false, 'start 2 limit 2');
    expectCounts(p3.body, 3, 0, false, 'start 3 limit 2 (past the end)');
    expect([...idsOf(p1), ...idsOf(p2)], 'pages of 2 hold the set in the order of the full list').toEqual(order);
    // limit 1: each page one record; the last one is an exact end (no more available).
    const later = [p2];
    for (let start = 1; start <= 3; start++) {
      const res = await page(start, 1);
      expectCounts(res.body, 3, 1, start < 3, `start ${start} limit 1`);
      expect(idsOf(res), `start ${start} limit 1`).toEqual([order[start - 1]]);
      if (start > 1) later.push(res);
    }
    // A later page keeps the search: each record carries the tag and is the full list's record, member for member.
    const full = new Map((all.body.customers as { id: string }[]).map((c) => [c.id, c]));
    for (const res of later)
      for (const c of res.body.customers ?? []) {
        expect(`${c.firstName} ${c.lastName}`, `a later page's customer ${c.id} under the search`).toContain(tag);
        expect(c, `a later page's customer ${c.id} as the full list gives it`).toEqual(full.get(c.id));
      }
    // And the type filter beside it: an active customer the search also matches is on no later page of the testing ones.
    await knownSet(fdApi, [{ type: 'active', firstName: `D${tag}`, lastName: 'Paged' }]);
    const typed = await fdApi.call('GetCustomers', { query: { search: tag, type: 'testing', start: 2, limit: 2 } });
    expectCounts(typed.body, 3, 1, false, 'search and type testing, start 2 limit 2');
    const third = [full.get(order[2]!)];
    expect(typed.body.customers, 'search and type testing, start 2 limit 2: the third testing customer, as the full list gives it').toEqual(
      third,
    );
  },
);

test(
  'without limit a page holds the default 25 records @provider',
  rules('FD-PAGE-DEFAULT', 'FD-PAGE-COUNTS@customers'),
  async ({ fdApi, fd }) => {
    // provider 1.35.0, LimitParameter: default 25. Observing it needs more than 25 matching customers:
    // the mock gets 26 made for the test; a sandbox is only read (it may lack them).
    let query: Record<string, string | number> = {};
    let found: number;
    if (fd.kind === 'mock') {
      const tag = tagOf();
      const rows = Array.from({ length: 26 }, (_, n) => ({ type: 'testing' as const, firstName: `P${n}${tag}`, lastName: 'Default' }));
      const set = await knownSet(fdApi, rows);
      query = { search: tag };
      expectSearchHolds(await fdApi.call('GetCustomers', { query: { ...query, limit: PAGE_MAX } }), set, 'the tag');
      found = 26;
    }
    // On a sandbox the partner's whole list is read twice: held alone, so that no other worker adds a
    // customer (or deletes one as its check ends) in between.
    await whileAlone(fd, ['customers'], async () => {
      if (fd.kind !== 'mock') {
        const all = await fdApi.call('GetCustomers', { query: { limit: PAGE_MAX } });
        found = all.body.found ?? all.body.displaying;
        test.skip(found <= 25, `the sandbox partner (FD_PARTNER_ID) has ${found} customers; the default page size needs more than 25`);
      }
      const first = await fdApi.call('GetCustomers', { query });
      expect(first.status).toBe(200);
      expectCounts(first.body, found, 25, true, 'no limit, start 1');
    });
    if (fd.kind === 'mock')
      expectCounts((await fdApi.call('GetCustomers', { query: { ...query, start: 2 } })).body, 26, 1, false, 'no limit, start 2');
  },
);

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
