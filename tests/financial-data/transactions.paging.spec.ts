// Covers: GetAllCustomerTransactions and GetCustomerAccountTransactions - seed 002, Transactions and Limits
// (at most 1000 per page); provider 1.35.0 paging; reference Paging (over the cap a 400: @assumption).
// Counts pinned by the known data (transactions.known.ts); a sandbox's prepared customer by its own list.
import { isDeepStrictEqual } from 'node:util';
import { underRule } from '../../helpers/client/annotations.js';
import { expect, expectFdError, ownLinkedCustomer, PAGE_MAX, rules, test } from '../../fixtures/financial-data.js';
import {
  KNOWN,
  knownCustomer,
  LISTS,
  dateOf,
  expectCounts,
  idsOf,
  checkingLists,
  readAll,
  runningBalanceProblems,
  type ListOp,
} from './transactions.known.js';

/** Before any historic load, with the pending ones: the standard history of the checking account / the customer (its linked logins'). */
const standard = (op: ListOp, c: { logins: { legacy: boolean }[] }) =>
  op === 'GetAllCustomerTransactions' ? knownCustomer(c).all - knownCustomer(c).historic : KNOWN.checking.all - KNOWN.checking.historic;

test(
  'a list without fromDate, without toDate or without both is a 400',
  rules('FD-TXN-DATES-REQUIRED@txn-all', 'FD-TXN-DATES-REQUIRED@txn-account'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer);
    const { fromDate, toDate } = whole;
    for (const { op } of LISTS) {
      // seed 002, Transactions: "required from and to dates"; the complete request is accepted.
      expect((await list(op, { fromDate, toDate, limit: 1 })).status, `${op} with both dates`).toBe(200);
      expectFdError(await list(op, { toDate, limit: 1 }), 400, `${op} without fromDate`);
      expectFdError(await list(op, { fromDate, limit: 1 }), 400, `${op} without toDate`);
      expectFdError(await list(op, { limit: 1 }), 400, `${op} without either date`);
    }
  },
);

test(
  `limit ${PAGE_MAX} gives a page of ${PAGE_MAX} of the 1205 transactions of the checking account, the next page the rest, each running balance the one before plus its amount`,
  rules(
    ...['FD-TXN-PAGE-1000', 'FD-TXN-PAGE-LIMIT:accept', 'FD-TXN-PAGE-COUNTS', 'FD-TXN-RUNNING-BALANCE'].flatMap((r) =>
      LISTS.map(({ path }) => `${r}@${path}`),
    ),
  ),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    // The historic load changes the customer's lists: a customer of the check's own.
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const { checking, list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true });
    // All 1205 are listed once the older ones are loaded (seed 002: historic load) and pending ones asked for.
    const path = { customerId: linkedCustomer.customerId, accountId: checking.id };
    expect((await fdApi.call('LoadHistoricTransactionsForCustomerAccount', { path })).status).toBe(204);
    const found = {
      GetCustomerAccountTransactions: KNOWN.checking.all,
      GetAllCustomerTransactions: standard('GetAllCustomerTransactions', linkedCustomer) + KNOWN.checking.historic,
    };
    for (const { op } of LISTS) {
      const first = await list(op, { ...whole, limit: PAGE_MAX });
      expect(first.status).toBe(200);
      expectCounts(first.body, found[op], PAGE_MAX, true, `${op} limit ${PAGE_MAX}, start 1`);
      expect(first.body.transactions).toHaveLength(PAGE_MAX);
      const second = await list(op, { ...whole, limit: PAGE_MAX, start: 2 });
      expectCounts(second.body, found[op], found[op] - PAGE_MAX, false, `${op} limit ${PAGE_MAX}, start 2`);
      const distinct = new Set([...idsOf(first.body), ...idsOf(second.body)]).size;
      expect(distinct, `${op}: the two pages hold every transaction once`).toBe(found[op]);
      // The whole history of every account listed (provider 1.35.0 Transaction.runningBalanceAmount).
      const listed = [...first.body.transactions, ...second.body.transactions];
      const judged = () => expect(runningBalanceProblems(listed), `${op}: each running balance the one before plus its amount`).toEqual([]);
      underRule(test.info(), 'FD-TXN-RUNNING-BALANCE', judged, op);
      // The lower end of the accepted range.
      expectCounts((await list(op, { ...whole, limit: 1 })).body, found[op], 1, true, `${op} limit 1`);
    }
  },
);

test(
  `limit ${PAGE_MAX + 1} and limit 0 are a 400 @assumption`,
  rules(...LISTS.map(({ path }) => `FD-TXN-PAGE-LIMIT:refuse@${path}`)),
  async ({ fdApi, fd, linkedCustomer }) => {
    // seed 002, Limits: transactions per page; reference, Paging: above the cap is a 400 rather than clamped.
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer);
    for (const { op } of LISTS) {
      expectFdError(await list(op, { ...whole, limit: PAGE_MAX + 1 }), 400, `${op} limit ${PAGE_MAX + 1}`);
      expectFdError(await list(op, { ...whole, limit: 0 }), 400, `${op} limit 0`);
    }
  },
);

test(
  'without limit and start a page holds the first 25 transactions of the list @provider',
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-PAGE-DEFAULT@${path}`, `FD-TXN-PAGE-COUNTS@${path}`])),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true });
    for (const { op } of LISTS) {
      const all = await readAll(list, op, whole);
      if (fd.kind === 'mock') expect(all, `${op}: the known standard history`).toHaveLength(standard(op, linkedCustomer));
      test.skip(all.length <= 25, `${op}: the linked customer has ${all.length} transactions; the default page size needs more than 25`);
      const res = await list(op, whole);
      expectCounts(res.body, all.length, 25, true, `${op} without limit`);
      expect(idsOf(res.body), `${op}: the first 25 of the list`).toEqual(all.slice(0, 25).map((t) => Number(t.id)));
    }
  },
);

test(
  'start and limit select the page: pages are disjoint, hold the list in order, keep the query, and a page past the end is empty @provider',
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-PAGE-START@${path}`, `FD-TXN-PAGE-COUNTS@${path}`, `FD-TXN-PAGE-KEEPS-QUERY@${path}`])),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { list, whole: base } = checkingLists(fdApi, fd, linkedCustomer, { includePending: true });
    // The linked customer's transactions change only under a test holding it alone (the linkedCustomer
    // fixture): the list read whole and then page by page is the same list. Under the default order and
    // under sort=asc (seed 002, Transactions: sort; a page is a slice of the list in the order asked).
    for (const { op } of LISTS)
      for (const sort of [undefined, 'asc'] as const) {
        const whole = { ...base, sort };
        const records = await readAll(list, op, whole);
        const byId = new Map(records.map((t) => [Number(t.id), t]));
        const all = records.map((t) => Number(t.id));
        if (fd.kind === 'mock') expect(all, `${op}: the known standard history`).toHaveLength(standard(op, linkedCustomer));
        test.skip(all.length < 2, `${op}: the linked customer has ${all.length} transactions; paging needs two`);
        const size = Math.ceil(all.length / 3.5); // four pages, the last one short
        const pages = Math.ceil(all.length / size);
        const seen: number[] = [];
        let echoedFirst: { fromDate: number; toDate: number; sort: unknown } | undefined;
        for (let start = 1; start <= pages + 1; start++) {
          const res = await list(op, { ...whole, start, limit: size });
          expect(res.status).toBe(200);
          const displaying = Math.max(0, Math.min(size, all.length - (start - 1) * size));
          expectCounts(res.body, all.length, displaying, start < pages, `${op} sort ${sort ?? 'default'} start ${start} limit ${size}`);
          // Every page keeps the query: the echoed dates and order of the request, and each record as the
          // pages of the largest size give it, member for member (FD-TXN-PAGE-KEEPS-QUERY).
          const echoed = { fromDate: Number(res.body.fromDate), toDate: Number(res.body.toDate), sort: res.body.sort };
          expect(echoed, `${op} start ${start}: the query the page answers, as page one`).toEqual(echoedFirst ?? echoed);
          echoedFirst ??= echoed;
          expect(echoed, `${op} start ${start}: the dates asked`).toMatchObject({ fromDate: whole.fromDate, toDate: whole.toDate });
          const changed = (res.body.transactions ?? []).filter((t: { id: number }) => !isDeepStrictEqual(t, byId.get(Number(t.id))));
          expect(changed, `${op} start ${start}: transactions not as the largest pages give them`).toEqual([]);
          seen.push(...idsOf(res.body));
        }
        expect(seen, `${op} sort ${sort ?? 'default'}: the pages, one after another, are the full list`).toEqual(all);
        if (sort) continue;
        // A narrower window (from the middle transaction's date on), oldest first: its page 2 keeps it,
        // each transaction in the window and the one the full list gives (a page that dropped fromDate
        // would start from the oldest of the whole history).
        const cut = dateOf(records[Math.floor(records.length / 2)]);
        if (records.filter((t) => dateOf(t) >= cut).length > 2) {
          const res = await list(op, { ...whole, fromDate: cut, sort: 'asc', start: 2, limit: 2 });
          expect(res.status).toBe(200);
          const page2 = (res.body.transactions ?? []) as { id: number; transactionDate?: number; postedDate?: number }[];
          expect(page2, `${op} fromDate ${cut} asc, start 2 limit 2: two transactions`).toHaveLength(2);
          const early = page2.filter((t) => dateOf(t) < cut).map((t) => t.id);
          const unlike = page2.filter((t) => !isDeepStrictEqual(t, byId.get(Number(t.id)))).map((t) => t.id);
          expect(
            { early, unlike, fromDate: Number(res.body.fromDate) },
            `${op} fromDate ${cut} asc, start 2 limit 2: transactions before the window, not as the full list gives them; the fromDate it answers under`,
          ).toEqual({ early: [], unlike: [], fromDate: cut });
        }
      }
  },
);
