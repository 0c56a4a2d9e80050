// Transaction refreshes (provider 1.42.0; only when the contract has them): all, one login's or the named accounts, 202 then read
// by id. Aggregation is immediate: a refresh reads back with every account aggregated.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext } from './middleware.js';
import { findCustomer, linkedData, type Account, type TransactionRefresh } from './state.js';

const IN_PROGRESS = 'IN_PROGRESS';
const COMPLETED = 'COMPLETED';

export function registerTransactionRefreshes(app: FastifyInstance, ctx: FdContext) {
  if (!ctx.contract.operations.has('refreshTransactions')) return;
  const { state: world, clock } = ctx;
  const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

  const covered = (refresh: TransactionRefresh): Account[] =>
    linkedData(world, refresh.customerId).accounts.filter((a) => refresh.accountIds.includes(a.id));

  route(app, ctx, 'refreshTransactions', ({ path, body, partner }, reply) => {
    const customer = findCustomer(world, path.customerId, partner?.id);
    if (!customer) return sendError(ctx, reply, 404, `Customer not found: ${path.customerId}`);
    const asked = (body ?? {}) as { institutionLoginId?: string; accountIds?: string[]; mode?: string; fromDate?: string; toDate?: string };
    const { accounts } = linkedData(world, customer.id);
    if (asked.institutionLoginId !== undefined && !accounts.some((a) => String(a.institutionLoginId) === asked.institutionLoginId))
      return sendError(ctx, reply, 404, `Institution login not found: ${asked.institutionLoginId}`);
    const unknown = (asked.accountIds ?? []).find((id) => !accounts.some((a) => a.id === id));
    if (unknown !== undefined) return sendError(ctx, reply, 404, `Account not found: ${unknown}`);
    if (asked.fromDate && asked.toDate && Date.parse(asked.fromDate) > Date.parse(asked.toDate))
      return sendError(ctx, reply, 400, 'fromDate is after toDate');
    const chosen = accounts.filter(
      (a) =>
        (asked.institutionLoginId === undefined || String(a.institutionLoginId) === asked.institutionLoginId) &&
        (asked.accountIds === undefined || asked.accountIds.includes(a.id)),
    );
    const refresh: TransactionRefresh = {
      id: randomUUID(),
      customerId: customer.id,
      ...(asked.institutionLoginId === undefined ? {} : { institutionLoginId: asked.institutionLoginId }),
      accountIds: chosen.map((a) => a.id),
      ...(asked.mode === undefined ? {} : { mode: asked.mode }),
      ...(asked.fromDate === undefined ? {} : { fromDate: asked.fromDate }),
      ...(asked.toDate === undefined ? {} : { toDate: asked.toDate }),
      createdAt: clock.nowEpochSeconds(),
    };
    world.transactionRefreshes.set(refresh.id, refresh);
    const { createdAt, id, ...echoed } = refresh;
    return reply.code(202).send({ refreshId: id, ...echoed, status: IN_PROGRESS, createdAt: iso(createdAt) });
  });

  route(app, ctx, 'getTransactionRefreshStatus', ({ path, partner }, reply) => {
    const refresh = world.transactionRefreshes.get(path.refreshId);
    if (!refresh || refresh.customerId !== path.customerId || !findCustomer(world, path.customerId, partner?.id))
      return sendError(ctx, reply, 404, `Refresh not found: ${path.refreshId}`);
    const accounts = covered(refresh);
    return {
      refreshId: refresh.id,
      customerId: refresh.customerId,
      accounts: accounts.map((a) => ({
        accountId: a.id,
        institutionLoginId: String(a.institutionLoginId),
        institutionId: a.institutionId,
        aggregationStatusCode: 0,
        aggregationSuccessDate: iso(Math.max(a.aggregationSuccessDate, refresh.createdAt)),
      })),
      ...(refresh.mode === undefined ? {} : { mode: refresh.mode }),
      status: COMPLETED,
      totalCount: accounts.length,
      successCount: accounts.length,
      failedCount: 0,
    };
  });
}
