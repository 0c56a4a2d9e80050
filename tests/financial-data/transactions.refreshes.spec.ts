// Covers: provider 1.42.0 refreshTransactions, getTransactionRefreshStatus, GetTransactionByUniqueTransactionId
// (no seed section), declared when FD_CONTRACT_VERSION=1.42.0. A refresh reads back naming its accounts; a
// transaction reads alike by unique id and id; unknown ids 404. No status word or mode is expected.
import { expect, expectFdError, hasOperation, rules, test } from '../../fixtures/financial-data.js';

const NO_REFRESH = '00000000-0000-4000-8000-000000000001';

if (hasOperation('refreshTransactions')) {
  test(
    'a refresh of named accounts answers 202 and reads back by its id with the same customer and accounts; unknown ids are 404',
    rules('FD-TXN-REFRESH', 'FD-TXN-REFRESH-UNKNOWN'),
    async ({ fdApi, linkedCustomer }) => {
      const { customerId } = linkedCustomer;
      const accountIds = [linkedCustomer.account('checking').id, linkedCustomer.account('savings').id];
      const started = await fdApi.call('refreshTransactions', { path: { customerId }, body: { accountIds } });
      expect(started.status).toBe(202);
      expect(started.body.refreshId).toMatch(/^[0-9a-f-]{36}$/i);
      const refreshId = started.body.refreshId as string;
      const read = await fdApi.call('getTransactionRefreshStatus', { path: { customerId, refreshId } });
      expect(read.status).toBe(200);
      expect(read.body.refreshId).toBe(refreshId);
      expect(String(read.body.customerId)).toBe(customerId);
      const covered = (read.body.accounts as { accountId: string }[]).map((a) => a.accountId).sort();
      expect(covered).toEqual([...accountIds].sort());
      expect(read.body.totalCount).toBe(accountIds.length);
      expect((read.body.successCount ?? 0) + (read.body.failedCount ?? 0)).toBeLessThanOrEqual(read.body.totalCount);
      const refused = await fdApi.call('refreshTransactions', {
        path: { customerId },
        body: { accountIds: ['999999999'] },
        negative: true,
      });
      expectFdError(refused, 404, 'an account of no link');
      const refusal = await fdApi.call('getTransactionRefreshStatus', { path: { customerId, refreshId: NO_REFRESH }, negative: true });
      expectFdError(refusal, 404, 'unknown refresh');
    },
  );
}

if (hasOperation('GetTransactionByUniqueTransactionId')) {
  test(
    'a transaction reads the same by its unique id as by its id; a unique id naming nothing is 404',
    rules('FD-TXN-UNIQUE-ID'),
    async ({ fd, fdApi, linkedCustomer }) => {
      const { customerId } = linkedCustomer;
      const now = Math.floor(fd.now() / 1000);
      const list = await fdApi.call('GetAllCustomerTransactions', {
        path: { customerId },
        query: { fromDate: now - 170 * 86_400, toDate: now, limit: 5 },
      });
      expect(list.status).toBe(200);
      const first = (list.body.transactions as { id: number; uniqueTransactionId?: string }[])[0];
      expect(first?.uniqueTransactionId, 'a listed transaction carries its unique id').toBeTruthy();
      const byId = await fdApi.call('GetCustomerTransaction', { path: { customerId, transactionId: first.id } });
      const byUnique = await fdApi.call('GetTransactionByUniqueTransactionId', {
        path: { customerId, uniqueTransactionId: first.uniqueTransactionId! },
      });
      expect(byUnique.status).toBe(200);
      expect(byUnique.body).toEqual(byId.body);
      expectFdError(
        await fdApi.call('GetTransactionByUniqueTransactionId', { path: { customerId, uniqueTransactionId: 'no-such-transaction' } }),
        404,
        'unknown unique id',
      );
    },
  );
}
