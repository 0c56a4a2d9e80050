// Covers: GetAllCustomerTransactions and GetCustomerAccountTransactions - seed 002, Transactions (sorted by
// transactionDate, else postedDate; from and to dates; include pending; daily balance); provider 1.35.0
// SortParameter (desc), IncludePendingParameter (false), the fromDate/toDate/sort echo, DailyBalance. Each
// criterion against the full list; counts pinned on the mock (transactions.known.ts). The order: FD-PROP-ORDER.
import { expect, PAGE_MAX, rules, test } from '../../fixtures/financial-data.js';
import { DAY_S, KNOWN, LISTS, checkingLists, dateOf, idsOf, readAll, type ListOp } from './transactions.known.js';
import { problemsUnder } from '../../helpers/client/annotations.js';

const NONE_WRONG = { unlisted: [], early: [], late: [] };
const known = (op: ListOp) => (op === 'GetAllCustomerTransactions' ? KNOWN.customer : KNOWN.checking);

/** The first place where the list is out of order, or undefined. */
function disorder(list: any[], order: 'asc' | 'desc'): string | undefined {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [dateOf(list[i - 1]), dateOf(list[i])];
    if (order === 'asc' ? a > b : a < b) return `#${i - 1} (id ${list[i - 1].id}, ${a}) before #${i} (id ${list[i].id}, ${b})`;
  }
  return undefined;
}

test(
  'without sort both lists are in descending date order and say desc @provider',
  rules('FD-TXN-SORT-DEFAULT@txn-all', 'FD-TXN-SORT-DEFAULT@txn-account', 'FD-TXN-ECHO@txn-all', 'FD-TXN-ECHO@txn-account'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true });
    for (const { op } of LISTS) {
      const res = await list(op, { ...whole, limit: PAGE_MAX });
      expect(res.status).toBe(200);
      expect(disorder(res.body.transactions, 'desc'), `${op} without sort: first pair out of descending order`).toBeUndefined();
      // provider 1.35.0, Transactions: fromDate, toDate and sort are those of the request (sort: the default used).
      const seen = { fromDate: Number(res.body.fromDate), toDate: Number(res.body.toDate), sort: res.body.sort };
      expect(seen, `${op}: the echo of the request`).toEqual({ fromDate: whole.fromDate, toDate: whole.toDate, sort: 'desc' });
      const asc = await list(op, { ...whole, limit: 1, sort: 'asc' });
      expect(asc.body.sort, `${op} sort=asc: the echo`).toBe('asc');
    }
  },
);

test(
  'pending transactions are listed only with includePending=true',
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-PENDING:accept@${path}`, `FD-TXN-PENDING:refuse@${path}`, `FD-TXN-PAGE-COUNTS@${path}`])),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer);
    for (const { op } of LISTS) {
      const withPending = await readAll(list, op, { ...whole, includePending: true });
      const pending = withPending.filter((t) => t.status === 'pending');
      // seed 002, Transactions: include pending. The known data holds pending transactions.
      if (fd.kind === 'mock')
        expect({ all: withPending.length, pending: pending.length }, `${op} includePending=true`).toEqual({
          all: known(op).all - known(op).historic,
          pending: known(op).pending,
        });
      // Read in three pages or four: every page leaves them out, not only the first (the filter is the
      // query's, and start and limit page the one list it selects: provider 1.35.0 StartParameter).
      const size = Math.max(1, Math.ceil(withPending.length / 3.5));
      for (const [what, query] of [
        ['without includePending', whole],
        ['includePending=false', { ...whole, includePending: false }],
      ] as const) {
        const got = await readAll(list, op, query, size);
        const stray = got.filter((t) => t.status === 'pending').map((t) => t.id);
        expect(stray, `${op} ${what}: pending transactions listed`).toEqual([]);
        expect(got, `${op} ${what}: the others are all there`).toHaveLength(withPending.length - pending.length);
      }
      // found counts what each filter lists (provider 1.35.0 Transactions: found), pending or not.
      for (const [what, query, size] of [
        ['includePending=true', { ...whole, includePending: true }, withPending.length],
        ['without includePending', whole, withPending.length - pending.length],
        ['includePending=false', { ...whole, includePending: false }, withPending.length - pending.length],
      ] as const) {
        const first = await list(op, { ...query, limit: 1 });
        expect(Number(first.body.found), `${op} ${what}: found counts the ${size} transactions it lists`).toBe(size);
      }
    }
  },
);

test(
  'the fromDate / toDate window lists what is dated inside it and nothing before or after it',
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-WINDOW:accept@${path}`, `FD-TXN-WINDOW:refuse@${path}`])),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true, sort: 'asc' });
    for (const { op } of LISTS) {
      const all = await readAll(list, op, whole);
      test.skip(all.length < 3, `${op}: the linked customer has ${all.length} transactions; a window needs three`);
      // The middle third of the history; a transaction counts as inside (outside) when both its dates
      // are inside (on the same side): which date cuts the window is the next test's.
      const fromDate = dateOf(all[Math.floor(all.length / 3)]);
      const toDate = dateOf(all[Math.floor((2 * all.length) / 3)]);
      const dates = (t: any) => [Number(t.transactionDate ?? t.postedDate), Number(t.postedDate)];
      const inside = all.filter((t) => dates(t).every((d) => d > fromDate && d < toDate)).map((t) => Number(t.id));
      const before = all.filter((t) => dates(t).every((d) => d < fromDate)).map((t) => Number(t.id));
      const after = all.filter((t) => dates(t).every((d) => d > toDate)).map((t) => Number(t.id));
      const spread = before.length > 0 && after.length > 0 && inside.length > 0;
      // The known data spreads over 24 months; a sandbox's dates may bunch up.
      if (fd.kind === 'mock') expect(spread, `${op}: the full list has transactions before, inside and after the window`).toBe(true);
      test.skip(!spread, `${op}: the linked customer's transactions do not spread before, inside and after a window`);
      const got = new Set((await readAll(list, op, { ...whole, fromDate, toDate })).map((t) => Number(t.id)));
      const wrong = {
        unlisted: inside.filter((id) => !got.has(id)),
        early: before.filter((id) => got.has(id)),
        late: after.filter((id) => got.has(id)),
      };
      expect(wrong, `${op}: dated inside the window but not listed; before fromDate or after toDate but listed`).toEqual(NONE_WRONG);
    }
  },
);

// FD-TXN-WINDOW-EDGES, the catalogue's decision (no source states these lists' edges; provider 1.35.0 includes
// both for the refresh windows): both edges are in, each item dated as the list sorts it (seed 002, Transactions:
// transactionDate, else postedDate); edges on an item with a transactionDate and on one without it.
test(
  'a transaction dated exactly at fromDate or toDate is listed, and found counts it; a window one second inside either edge leaves it out @assumption',
  rules(
    ...LISTS.flatMap(({ path }) => [`FD-TXN-WINDOW-EDGES:accept@${path}`, `FD-TXN-WINDOW-EDGES:refuse@${path}`]),
    ...LISTS.map(({ path }) => `FD-TXN-PAGE-COUNTS@${path}`),
  ),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true, sort: 'asc' });
    const problems: string[] = [];
    for (const { op } of LISTS) {
      const all = await readAll(list, op, whole);
      // Two dates of the middle of the history, a few items apart: the windows stay small.
      const first = Math.floor(all.length / 2);
      const last = all.findIndex((t, i) => i > first + 3 && dateOf(t) > dateOf(all[first]));
      test.skip(last < 0, `${op}: the linked customer's transactions have too few distinct dates for a window`);
      const [from, to] = [dateOf(all[first]), dateOf(all[last])];
      // An item without transactionDate, dated by its postedDate (the known data has some).
      const undated = all.find((t) => t.transactionDate === undefined && t.postedDate !== undefined);
      if (fd.kind === 'mock') expect(undated, `${op}: a listed transaction without transactionDate`).toBeDefined();
      const posted = undated === undefined ? [] : [dateOf(undated)];
      for (const [what, fromDate, toDate] of [
        ['both edges', from, to],
        ['fromDate one second after the first item', from + 1, to],
        ['toDate one second before the last item', from, to - 1],
        // Both edges included: a window of one instant (fromDate equal to toDate) holds what is dated then.
        ['fromDate equal to toDate, at the first item', from, from],
        ...posted.flatMap((at) => [
          ['fromDate at an item without transactionDate', at, at + DAY_S] as const,
          ['toDate at an item without transactionDate', at - DAY_S, at] as const,
          ['fromDate equal to toDate, at an item without transactionDate', at, at] as const,
        ]),
      ] as const) {
        const expected = all.filter((t) => dateOf(t) >= fromDate && dateOf(t) <= toDate).map((t) => Number(t.id));
        const res = await list(op, { ...whole, fromDate, toDate, limit: PAGE_MAX });
        expect(res.status, `${op} ${what}`).toBe(200);
        const got = idsOf(res.body);
        const missing = expected.filter((id) => !got.includes(id));
        const extra = got.filter((id) => !expected.includes(id));
        if (missing.length || extra.length)
          problems.push(
            `${op} ${what} [${fromDate}, ${toDate}]: missing ${missing.join(', ') || 'none'}; outside it ${extra.join(', ') || 'none'}`,
          );
        if (Number(res.body.found) !== expected.length)
          problems.push(`${op} ${what}: found ${res.body.found}, the window holds ${expected.length}`);
      }
    }
    expect(problems, 'each window holds exactly the items dated within its edges, edges included').toEqual([]);
  },
);

test(
  'the window is cut by transactionDate, not postedDate: a transaction dated inside and posted after it is listed, one dated before it and posted inside is not',
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-WINDOW:accept@${path}`, `FD-TXN-WINDOW:refuse@${path}`])),
  async ({ fdApi, fd, linkedCustomer }) => {
    // seed 002, Transactions: the lists "page and sort by transactionDate (postedDate when no
    // transaction date exists)"; provider 1.35.0 GetAllCustomerTransactions and
    // GetCustomerAccountTransactions say the same. A window edge between a transaction's two dates
    // tells which one the target cuts by.
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true, sort: 'asc' });
    for (const { op } of LISTS) {
      const all = await readAll(list, op, whole);
      const split = all.find(
        (t) => t.transactionDate !== undefined && Number(t.transactionDate) < Number(t.postedDate) && t.status !== 'pending',
      );
      // The known data dates one in two transactions a day before it posts.
      if (fd.kind === 'mock') expect(split, `${op}: a listed transaction dated before it posted`).toBeDefined();
      test.skip(!split, `${op}: no transaction of the linked customer is dated before it posted`);
      const [dated, posted] = [Number(split.transactionDate), Number(split.postedDate)];
      const edge = dated + Math.floor((posted - dated) / 2);
      const listed = async (fromDate: number, toDate: number) =>
        idsOf({ transactions: await readAll(list, op, { ...whole, fromDate, toDate }) }).includes(Number(split.id));
      expect(
        { ending: await listed(dated - 30 * DAY_S, edge), starting: await listed(edge, posted + 30 * DAY_S) },
        `${op}: transaction ${split.id} dated ${dated}, posted ${posted}: listed by the window ending ${edge}, not by the one starting there`,
      ).toEqual({ ending: true, starting: false });
    }
  },
);

test(
  'showDailyBalance=true gives the daily balances of the account, dated in epoch seconds within the window, each day moved by its own transactions; unasked (default false) no list carries them @provider',
  rules('FD-TXN-DAILY-BALANCE', 'FD-TXN-DAILY-BALANCE-DAYS'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { checking, list, whole } = checkingLists(fdApi, fd, linkedCustomer);
    const res = await list('GetCustomerAccountTransactions', { ...whole, limit: 25, showDailyBalance: true });
    expect(res.status).toBe(200);
    test.skip(res.body.transactions.length === 0, 'the linked checking account has no transactions');
    // provider 1.35.0 ShowDailyBalance (default false): the balances are asked for; the account
    // list without the parameter or with false, and the customer-wide list (no such parameter), carry none.
    const unasked: [string, Awaited<ReturnType<typeof list>>][] = [
      ['account list, no showDailyBalance', await list('GetCustomerAccountTransactions', { ...whole, limit: 25 })],
      [
        'account list, showDailyBalance=false',
        await list('GetCustomerAccountTransactions', { ...whole, limit: 25, showDailyBalance: false }),
      ],
      ['customer list', await list('GetAllCustomerTransactions', { ...whole, limit: 25 })],
    ];
    expect(
      unasked.filter(([, r]) => r.status !== 200 || r.body.dailyBalances !== undefined).map(([what, r]) => `${what}: ${r.status}`),
      'lists that carry dailyBalances unasked (or fail)',
    ).toEqual([]);
    const balances: any[] = res.body.dailyBalances ?? [];
    expect(balances.length, 'dailyBalances with showDailyBalance=true').toBeGreaterThan(0);
    // A day with transactions lies within the window (its start up to a day before fromDate).
    const outside = balances
      .filter((b) => !Number.isInteger(b.date) || b.date < whole.fromDate - DAY_S || b.date > whole.toDate)
      .map((b) => b.date);
    expect(outside, `daily balance dates that are not epoch seconds of days in [${whole.fromDate}, ${whole.toDate}]`).toEqual([]);
    // provider 1.35.0 DailyBalance (the beginning and the ending balance of a day): a balance moves
    // only by transactions, so a day's ending is its beginning plus that day's posted transactions,
    // and the next day listed begins where it ended plus the days between (to the cent of each
    // rounded balance). Which date places a transaction in a day (transactionDate, or postedDate) is
    // the target's: one of the two must account for every balance.
    const posted = await readAll(list, 'GetCustomerAccountTransactions', whole);
    const byTransactionDate = balanceProblems(balances, posted, dateOf);
    const byPostedDate = balanceProblems(balances, posted, (t) => Number(t.postedDate));
    expect(
      byTransactionDate.length === 0 || byPostedDate.length === 0 ? [] : problemsUnder('FD-TXN-DAILY-BALANCE-DAYS', byTransactionDate),
      'daily balances against the transactions of their days',
    ).toEqual([]);
    // The same judgement across the calendar's edges (provider 1.35.0 DailyBalance: a day begins where
    // the one before ended, whatever the day of the month): a window over the last month end and one
    // over the last year end of the account's history, each read whole on one page, oldest first.
    // The edges are those of a week ago, so that the days after each are history on any day of the
    // month the run falls on (on the 1st, this month's first day has no transactions yet).
    const weekAgo = new Date(fd.now() - 7 * DAY_S * 1000);
    const edges = [
      ['month end', Date.UTC(weekAgo.getUTCFullYear(), weekAgo.getUTCMonth(), 1) / 1000],
      ['year end', Date.UTC(weekAgo.getUTCFullYear(), 0, 1) / 1000],
    ] as const;
    for (const [what, first] of edges) {
      const window = { fromDate: Math.max(whole.fromDate, first - 6 * DAY_S), toDate: Math.min(whole.toDate, first + 6 * DAY_S) };
      if (window.fromDate >= window.toDate) continue;
      const across = await list('GetCustomerAccountTransactions', { ...window, limit: PAGE_MAX, sort: 'asc', showDailyBalance: true });
      expect(across.status, `the ${what} window`).toBe(200);
      const days: any[] = across.body.dailyBalances ?? [];
      // The mock's history reaches the last month end; a year end only where the history does.
      if (!(days.some((d) => d.date < first) && days.some((d) => d.date >= first))) {
        if (fd.kind === 'mock' && what === 'month end')
          expect(
            days.map((d) => d.date),
            `days on both sides of ${first}`,
          ).toBe('both');
        continue;
      }
      const inWindow = await readAll(list, 'GetCustomerAccountTransactions', window);
      const placed = [dateOf, (t: any) => Number(t.postedDate)].map((day) => balanceProblems(days, inWindow, day));
      expect(
        placed.some((p) => p.length === 0) ? [] : problemsUnder('FD-TXN-DAILY-BALANCE-DAYS', placed[0]),
        `daily balances across the ${what} before ${first} (received against documented: each day begins where the one before ended)`,
      ).toEqual([]);
    }
    // A day's edges: a transaction at 23:00 and one at midnight exactly (provider 1.35.0
    // CreateTxPushTestTransaction), so the midnight one belongs to the second day only. The mock
    // only: injected transactions stay in a sandbox's testing account.
    if (fd.kind !== 'mock') return;
    const midnight = Math.floor(fd.now() / 1000 / DAY_S) * DAY_S;
    const path = { customerId: linkedCustomer.customerId, accountId: checking.id };
    for (const [amount, transactionDate] of [
      [-12.34, midnight - 3600],
      [-45.67, midnight],
    ]) {
      const made = await fdApi.call('CreateTxPushTestTransaction', { path, body: { amount, description: 'Day edge', transactionDate } });
      expect(made.status, `inject a transaction at ${transactionDate}`).toBe(201);
    }
    const edge = { fromDate: midnight - 2 * DAY_S, toDate: Math.floor(fd.now() / 1000) + DAY_S };
    const edged = await list('GetCustomerAccountTransactions', { ...edge, limit: PAGE_MAX, showDailyBalance: true });
    expect(edged.status).toBe(200);
    const around = await readAll(list, 'GetCustomerAccountTransactions', edge);
    const placed = [dateOf, (t: any) => Number(t.postedDate)].map((day) => balanceProblems(edged.body.dailyBalances ?? [], around, day));
    const unexplained = placed.find((p) => p.length === 0) ?? problemsUnder('FD-TXN-DAILY-BALANCE-DAYS', placed[0]);
    expect(unexplained, 'daily balances of the days around a midnight transaction').toEqual([]);
  },
);

/** What breaks `ending = beginning + the day's transactions` and `next beginning = ending + the days between`, days placed by `day`. */
function balanceProblems(balances: { date: number; beginning: number; ending: number }[], posted: any[], day: (t: any) => number) {
  const sums = new Map<number, number>();
  for (const t of posted) {
    const d = Math.floor(day(t) / DAY_S) * DAY_S;
    sums.set(d, (sums.get(d) ?? 0) + Number(t.amount));
  }
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.02;
  const sorted = [...balances].sort((a, b) => a.date - b.date);
  const out: string[] = [];
  sorted.forEach((b, i) => {
    const during = sums.get(b.date) ?? 0;
    if (!near(b.ending - b.beginning, during))
      out.push(`${b.date}: beginning ${b.beginning}, ending ${b.ending}, its transactions ${during.toFixed(2)}`);
    const next = sorted[i + 1];
    if (!next) return;
    const between = [...sums].filter(([d]) => d > b.date && d < next.date).reduce((sum, [, v]) => sum + v, 0);
    if (!near(next.beginning - b.ending, between))
      out.push(`${next.date} begins at ${next.beginning}, ${b.date} ended at ${b.ending}, ${between.toFixed(2)} between`);
  });
  return out;
}
