// Covers: GetCustomerTransaction - seed 002, Transactions, Errors 404 (another customer's: FD-TXN-OWNER-404),
// Accounts ("removes access to that data only": a deleted account's transactions gone from every reader);
// provider 1.35.0 UnixDate, pinned against the known span (24 months before the account was added).
import { expect, expectFdError, ownLinkedCustomer, rules, test, underRule } from '../../fixtures/financial-data.js';
import { DAY_S, HISTORIC_DAYS, LISTS, lister, readAll, wholeHistory } from './transactions.known.js';
import { cite } from './cite.js';

const FIELDS = [
  'id',
  'accountId',
  'customerId',
  'amount',
  'status',
  'description',
  'transactionDate',
  'postedDate',
  'createdDate',
] as const;
const pick = (t: any) => Object.fromEntries(FIELDS.map((k) => [k, t[k]]));

test(
  'GetCustomerTransaction returns the transaction asked for, as the lists show it',
  rules('FD-TXN-GET'),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    const checking = linkedCustomer.account('checking');
    const list = lister(fdApi, customerId, checking.id);
    const whole = { ...wholeHistory(checking.createdDate, Math.floor(fd.now() / 1000)), includePending: true };
    const page = await list('GetCustomerAccountTransactions', { ...whole, limit: 60 });
    expect(page.status).toBe(200);
    const txns: any[] = page.body.transactions;
    test.skip(txns.length === 0, 'the linked checking account has no transactions');
    // The first and last of the page, and where present one without transactionDate and one pending.
    const chosen = [
      txns[0],
      txns[txns.length - 1],
      txns.find((t) => t.transactionDate === undefined),
      txns.find((t) => t.status === 'pending'),
    ].filter(Boolean);
    if (fd.kind === 'mock') expect(chosen, 'the known data has an undated and a pending transaction in the first 60').toHaveLength(4);
    // And one transaction of every other account of the customer, of each kind (credit card, loan,
    // savings...), as the customer list shows it: the by-id reader answers every account's the same way.
    const customerList = await readAll(list, 'GetAllCustomerTransactions', whole);
    const accounts = new Set([String(checking.id)]);
    for (const t of customerList) {
      if (accounts.has(String(t.accountId))) continue;
      accounts.add(String(t.accountId));
      chosen.push(t);
    }
    if (fd.kind === 'mock')
      expect(accounts.has(String(linkedCustomer.account('creditCard').id)), 'the known data: a credit card transaction chosen').toBe(true);
    for (const t of chosen) {
      const one = await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: t.id } });
      expect(one.status, `GetCustomerTransaction ${t.id}`).toBe(200);
      expect(pick(one.body), `GetCustomerTransaction ${t.id}: the transaction of the list`).toEqual(pick(t));
    }
  },
);

test(
  'transaction dates are epoch seconds within the 24 months before the account was added, and no description is empty, on every reader',
  rules(
    ...cite('FD-TXN-DATE-SECONDS', ['txn-all', 'txn-account', 'txn-by-id']),
    ...cite('FD-TXN-DESCRIPTION', ['txn-all', 'txn-account', 'txn-by-id']),
  ),
  async ({ fdApi, fd, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    const checking = linkedCustomer.account('checking');
    const nowS = Math.floor(fd.now() / 1000);
    const created = new Map(linkedCustomer.accounts.map((a) => [String(a.id), a.createdDate]));
    // Known span on the mock: the 720 days (and an hour) before the account was added. On a sandbox
    // the window read (24 months and a month before the account was added, up to now): new
    // transactions may follow the account's creation. Milliseconds are 1000 times past either.
    const whole = { ...wholeHistory(checking.createdDate, nowS), includePending: true };
    const range = (t: any) =>
      fd.kind === 'mock'
        ? [
            (created.get(String(t.accountId)) ?? checking.createdDate) - (HISTORIC_DAYS * DAY_S + 3600),
            created.get(String(t.accountId)) ?? nowS,
          ]
        : [whole.fromDate - DAY_S, whole.toDate];
    const wrong = (t: any) =>
      (['transactionDate', 'postedDate', 'createdDate'] as const)
        // provider 1.35.0 Transaction: createdDate is required, transactionDate and postedDate are not (a pending one is not posted).
        .filter((k) => t[k] !== undefined || k === 'createdDate')
        .filter((k) => {
          const [lo, hi] = range(t);
          return !Number.isInteger(t[k]) || t[k] < lo || t[k] > hi;
        })
        .map((k) => `${t.id}.${k}=${t[k]}`);
    const list = lister(fdApi, customerId, checking.id);
    const readers: Record<string, any[]> = {};
    for (const { op } of LISTS) readers[op] = await readAll(list, op, whole);
    const sample = readers.GetCustomerAccountTransactions.slice(0, 3);
    readers.GetCustomerTransaction = [];
    for (const t of sample)
      readers.GetCustomerTransaction.push((await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: t.id } })).body);
    for (const [reader, txns] of Object.entries(readers)) {
      expect(txns.length, `${reader}: transactions read`).toBeGreaterThan(0);
      // Each judgement filed under its own rule.
      underRule(test.info(), 'FD-TXN-DATE-SECONDS', () =>
        expect(txns.flatMap(wrong).slice(0, 5), `${reader}: dates that are not epoch seconds in the known span`).toEqual([]),
      );
      // provider 1.35.0 Transaction.description: a description the institution leaves blank is given as "No
      // description provided by institution", so none is empty or missing: judged on every transaction each
      // reader above answered, by the answer judge (fixtures/financial-data/judge.ts, FD-TXN-DESCRIPTION).
    }
  },
);

test(
  'after DeleteCustomerAccount its transactions are gone from every reader, the other accounts keep theirs',
  rules('FD-TXN-DELETED-ACCOUNT@txn-all', 'FD-TXN-DELETED-ACCOUNT@txn-account', 'FD-TXN-DELETED-ACCOUNT@txn-by-id'),
  async ({ fdApi, fd, fdContract, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    test.skip(!fdContract.operations.has('DeleteCustomerAccount'), 'the contract has no DeleteCustomerAccount yet (accounts resource)');
    const { customerId } = linkedCustomer;
    const checking = linkedCustomer.account('checking');
    const savings = linkedCustomer.account('savings');
    const list = lister(fdApi, customerId, savings.id);
    const whole = { ...wholeHistory(checking.createdDate, Math.floor(fd.now() / 1000)), includePending: true };
    const savingsTxns = await readAll(list, 'GetCustomerAccountTransactions', whole);
    const checkingTxn = (await lister(fdApi, customerId, checking.id)('GetCustomerAccountTransactions', { ...whole, limit: 1 })).body
      .transactions[0];
    expect(savingsTxns.length, 'the savings account has transactions before the delete').toBeGreaterThan(0);
    const answered = (await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: savingsTxns[0].id } })).status;
    expect(answered, 'read by id before the delete').toBe(200);
    // The customer list before the delete: what it keeps after is exactly the other accounts' part of it.
    const before = await readAll(list, 'GetAllCustomerTransactions', whole);
    expect((await fdApi.call('DeleteCustomerAccount', { path: { customerId, accountId: savings.id } })).status).toBe(204);

    const refused = await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: savingsTxns[0].id }, negative: true });
    expectFdError(refused, 404, 'a transaction of the deleted account');
    expectFdError(await list('GetCustomerAccountTransactions', { ...whole, limit: 1 }), 404, 'the list of the deleted account');
    const all = await readAll(list, 'GetAllCustomerTransactions', whole);
    const stray = all.filter((t) => String(t.accountId) === savings.id).map((t) => t.id);
    expect(stray, 'transactions of the deleted account in the customer list').toEqual([]);
    const ids = (ts: { id: number; accountId: unknown }[]) => ts.map((t) => t.id).sort((a, b) => a - b);
    expect(ids(all), 'the customer list keeps the other accounts, every transaction of theirs').toEqual(
      ids(before.filter((t) => String(t.accountId) !== savings.id)),
    );
    const statusNow = (await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: checkingTxn.id } })).status;
    expect(statusNow, 'a transaction of another account').toBe(200);
  },
);
