// Covers: GetAllCustomerTransactions after DeleteCustomerAccount - seed 002, Accounts ("removes access to
// that data only"), Transactions; provider 1.35.0 paging. Counts and pages hold only the accounts left,
// under each window, pending or not: the list's own before the delete less the deleted account's.
import { expect, ownLinkedCustomer, rules, test } from '../../fixtures/financial-data.js';
import { DAY_S, expectCounts, lister, readAll, wholeHistory, type Query } from './transactions.known.js';

test(
  'once an account is deleted, the customer list counts, lists and pages only the transactions left, under each window and status filter',
  rules('FD-TXN-COUNTS-AFTER-DELETE', 'FD-TXN-PAGE-COUNTS@txn-all'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const c = await ownLinkedCustomer(fdPowers, createCustomer);
    const checking = c.account('checking');
    const savings = c.account('savings');
    const list = lister(fdApi, c.customerId, checking.id);
    const nowS = Math.floor(fd.now() / 1000);
    const whole = wholeHistory(checking.createdDate, nowS);
    // Filters that each keep some of the savings account's transactions: the whole history, the
    // pending ones too, and the last 30 days alone.
    const filters: Record<string, Query> = {
      whole,
      'with pending': { ...whole, includePending: true },
      'last 30 days': { fromDate: nowS - 30 * DAY_S, toDate: whole.toDate, includePending: true },
    };
    const before: Record<string, { id: number; accountId: string }[]> = {};
    for (const [name, query] of Object.entries(filters)) before[name] = await readAll(list, 'GetAllCustomerTransactions', query);
    const deleted = (name: string) => before[name].filter((t) => String(t.accountId) === savings.id).length;
    expect(deleted('last 30 days'), 'the savings account has transactions in the narrowest filter (known data)').toBeGreaterThan(0);

    expect((await fdApi.call('DeleteCustomerAccount', { path: { customerId: c.customerId, accountId: savings.id } })).status).toBe(204);

    for (const [name, query] of Object.entries(filters)) {
      const left = before[name].filter((t) => String(t.accountId) !== savings.id).map((t) => t.id);
      expect(left.length + deleted(name), `${name}: the savings account's transactions are some of the list`).toBe(before[name].length);
      // Every page: exactly the transactions left, each once.
      const after = await readAll(list, 'GetAllCustomerTransactions', query);
      expect(after.map((t) => t.id).sort(), `${name}: the pages hold exactly the transactions left`).toEqual([...left].sort());
      // The counts of a small first page and of the last page, told apart from the pages.
      const size = Math.max(1, Math.ceil(left.length / 2));
      const first = await list('GetAllCustomerTransactions', { ...query, start: 1, limit: size });
      expectCounts(first.body, left.length, Math.min(size, left.length), left.length > size, `${name}, first page of ${size}`);
      const lastStart = Math.max(1, Math.ceil(left.length / size));
      const last = await list('GetAllCustomerTransactions', { ...query, start: lastStart, limit: size });
      expectCounts(last.body, left.length, left.length - (lastStart - 1) * size, false, `${name}, last page (start ${lastStart})`);
    }
  },
);
