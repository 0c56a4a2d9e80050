// Covers: LoadHistoricTransactionsForCustomerAccount, read through the lists and GetCustomerTransaction -
// seed 002, Transactions ("up to 180 days before the account was added; older data needs the historic
// load"; "a second call ... normally adds nothing"; force=true), Errors 203. The boundary on both sides
// with the known data (transactions.known.ts); the check's own customer; the MFA case on the mock.
import { expect, mockOnly, ownLinkedCustomer, PAGE_MAX, rules, test, type FdBody } from '../../fixtures/financial-data.js';
import {
  DAY_S,
  HISTORIC_DAYS,
  KNOWN,
  knownCustomer,
  LISTS,
  STANDARD_DAYS,
  expectCounts,
  lister,
  readAll,
  wholeHistory,
  type ListOp,
  type Query,
} from './transactions.known.js';

/**
 * The two sides of the boundary, the standard history before the account was added. The split sits half a day
 * before it: a transaction's transactionDate may be up to a day before its postedDate, and the
 * known data leaves that day empty (older transactions are at least 181 days old).
 */
function sides(createdDate: number, nowS: number) {
  const split = createdDate - STANDARD_DAYS * DAY_S - DAY_S / 2;
  return {
    older: { fromDate: wholeHistory(createdDate, nowS).fromDate, toDate: split, includePending: true },
    recent: { fromDate: split + 1, toDate: nowS + DAY_S, includePending: true },
  };
}

/** found of a window (limit 1: only the count is read). */
async function count(list: ReturnType<typeof lister>, op: ListOp, window: Query) {
  const res = await list(op, { ...window, limit: 1 });
  expect(res.status, `${op} ${JSON.stringify(window)}`).toBe(200);
  return res.body.found as number;
}

/** Known counts before any load: checking account / customer (its linked logins'), with the pending ones. */
const standard = (op: ListOp, c: { logins: { legacy: boolean }[] }) =>
  op === 'GetAllCustomerTransactions' ? knownCustomer(c).all - knownCustomer(c).historic : KNOWN.checking.all - KNOWN.checking.historic;

test(
  `before the historic load both lists hold the ${STANDARD_DAYS} days before the account was added and nothing older`,
  rules(...LISTS.flatMap(({ path }) => [`FD-TXN-STANDARD-HISTORY:accept@${path}`, `FD-TXN-STANDARD-HISTORY:refuse@${path}`])),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const checking = linkedCustomer.account('checking');
    const nowS = Math.floor(fd.now() / 1000);
    const list = lister(fdApi, linkedCustomer.customerId, checking.id);
    const { older, recent } = sides(checking.createdDate, nowS);
    for (const { op } of LISTS) {
      expect(await count(list, op, recent), `${op}: the ${STANDARD_DAYS} days before the account was added (accepting side)`).toBe(
        standard(op, linkedCustomer),
      );
      expect(await count(list, op, older), `${op}: older than ${STANDARD_DAYS} days before the account was added (refusing side)`).toBe(0);
      const all = await readAll(list, op, { ...wholeHistory(checking.createdDate, nowS), includePending: true });
      expect(all, `${op}: the whole history is the standard history`).toHaveLength(standard(op, linkedCustomer));
      const tooOld = all.filter((t) => Number(t.postedDate) < checking.createdDate - STANDARD_DAYS * DAY_S).map((t) => t.id);
      expect(tooOld, `${op}: transactions posted more than ${STANDARD_DAYS} days before the account was added`).toEqual([]);
    }
  },
);

test(
  'LoadHistoricTransactionsForCustomerAccount answers 204, then the older transactions are in both lists and read by id',
  rules('FD-TXN-HISTORIC-STATUS', 'FD-TXN-HISTORIC-LOAD@txn-all', 'FD-TXN-HISTORIC-LOAD@txn-account', 'FD-TXN-HISTORIC-LOAD@txn-by-id'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const { customerId } = linkedCustomer;
    const checking = linkedCustomer.account('checking');
    const nowS = Math.floor(fd.now() / 1000);
    const list = lister(fdApi, customerId, checking.id);
    const { older, recent } = sides(checking.createdDate, nowS);
    const res = await fdApi.call('LoadHistoricTransactionsForCustomerAccount', {
      path: { customerId, accountId: checking.id },
      body: { force: false },
    });
    expect(res.status, 'historic load of the checking account (no MFA)').toBe(204);
    // Only the checking account was loaded: its 301 older transactions, and no other account's.
    for (const { op } of LISTS) {
      expect(await count(list, op, older), `${op}: older than ${STANDARD_DAYS} days, after the load`).toBe(KNOWN.checking.historic);
      expect(await count(list, op, recent), `${op}: the standard history is unchanged`).toBe(standard(op, linkedCustomer));
    }
    const loaded = await readAll(list, 'GetAllCustomerTransactions', older);
    const loadedAccounts = new Set(loaded.map((t) => String(t.accountId)));
    expect(loadedAccounts, 'the customer list gains transactions of the loaded account only').toEqual(new Set([checking.id]));
    // seed 002, Limits: the historic load's reach (and an hour) before the account's creation.
    const outside = loaded.filter((t) => Number(t.postedDate) < checking.createdDate - (HISTORIC_DAYS * DAY_S + 3600)).map((t) => t.id);
    expect(outside, `loaded transactions posted more than ${HISTORIC_DAYS} days before the account was added`).toEqual([]);
    // Each reader by id: the oldest, the newest and one in the middle of the loaded ones.
    const byDate = [...loaded].sort((a, b) => a.postedDate - b.postedDate);
    for (const t of [byDate[0], byDate[byDate.length >> 1], byDate[byDate.length - 1]]) {
      const one = await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: t.id } });
      expect(one.status, `GetCustomerTransaction ${t.id} (loaded)`).toBe(200);
      expect({ id: one.body.id, postedDate: one.body.postedDate, amount: one.body.amount }).toEqual({
        id: t.id,
        postedDate: t.postedDate,
        amount: t.amount,
      });
    }
  },
);

test(
  'a second historic load of the same account adds nothing, without and with force',
  rules('FD-TXN-HISTORIC-ONCE@txn-all', 'FD-TXN-HISTORIC-ONCE@txn-account'),
  async ({ fdApi, fd, fdPowers, createCustomer }) => {
    const linkedCustomer = await ownLinkedCustomer(fdPowers, createCustomer);
    const { customerId } = linkedCustomer;
    const checking = linkedCustomer.account('checking');
    const list = lister(fdApi, customerId, checking.id);
    const whole = { ...wholeHistory(checking.createdDate, Math.floor(fd.now() / 1000)), includePending: true };
    const load = (body?: FdBody<'LoadHistoricTransactionsForCustomerAccount'>) =>
      fdApi.call('LoadHistoricTransactionsForCustomerAccount', { path: { customerId, accountId: checking.id }, body });
    expect((await load()).status, 'first load').toBe(204);
    const expected = {
      GetAllCustomerTransactions: knownCustomer(linkedCustomer).all - knownCustomer(linkedCustomer).historic + KNOWN.checking.historic,
      GetCustomerAccountTransactions: KNOWN.checking.all,
    };
    for (const { op } of LISTS) expect(await count(list, op, whole), `${op} after the first load`).toBe(expected[op]);
    for (const body of [{ force: false }, { force: true }]) {
      expect((await load(body)).status, `second load ${JSON.stringify(body)}`).toBe(204);
      for (const { op } of LISTS)
        expect(await count(list, op, whole), `${op} after a second load ${JSON.stringify(body)}`).toBe(expected[op]);
    }
    const page = await list('GetCustomerAccountTransactions', { ...whole, limit: PAGE_MAX, start: 2 });
    expectCounts(page.body, KNOWN.checking.all, KNOWN.checking.all - PAGE_MAX, false, 'second page after the loads');
  },
);

test(
  'the historic load of the account whose institution asks a multi-factor challenge answers 203 and loads nothing @mock-only',
  mockOnly(
    rules('FD-TXN-HISTORIC-STATUS', 'FD-TXN-HISTORIC-MFA@txn-all', 'FD-TXN-HISTORIC-MFA@txn-account'),
    "needs an account at an institution that asks a multi-factor challenge: the mock's world has one (FinBank Profiles - B); no variable names such an account on a sandbox, whose test institutions the suite does not know",
  ),
  async ({ fdApi, fd, fdMock: _mock, linkedCustomer }) => {
    const { customerId } = linkedCustomer;
    const mfa = linkedCustomer.accounts.find((a) => a.mfa);
    expect(mfa, 'the linked portfolio has an MFA account (FinBank B savings)').toBeDefined();
    const list = lister(fdApi, customerId, mfa!.id);
    const nowS = Math.floor(fd.now() / 1000);
    const { older } = sides(mfa!.createdDate, nowS);
    const res = await fdApi.call('LoadHistoricTransactionsForCustomerAccount', {
      path: { customerId, accountId: mfa!.id },
      body: { force: false },
    });
    expect(res.status, 'historic load of the MFA account').toBe(203);
    for (const { op } of LISTS)
      expect(await count(list, op, older), `${op}: nothing older than ${STANDARD_DAYS} days after the 203`).toBe(0);
    const whole = await readAll(list, 'GetCustomerAccountTransactions', { ...wholeHistory(mfa!.createdDate, nowS), includePending: true });
    expect(whole, 'the MFA account lists its standard history only').toHaveLength(KNOWN.mfaSavings.all - KNOWN.mfaSavings.historic);
  },
);
