// TxPush (seed 002, Endpoints - TxPush; Events - TxPush; rules: schemas/financial-data/rules/txpush.yaml; delivery bodies:
// components/txpush.yaml TxPushEvent, an assumption of the reference page, Outbound deliveries): subscriptions (two records per call,
// class account and transaction), a testing account's test transaction (a transaction event, then an account event), disabling an
// account, deleting a subscription. The test transaction joins the shared transactions: GetCustomerTransaction, GetCustomerAccount see it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { limitListOf } from '../../helpers/contract/facts.js';
import { judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from './middleware.js';
import { findAccount, findCustomer, type Transaction } from './state.js';
import {
  TXPUSH_SIGNATURE_HEADER,
  cents,
  customerType,
  eventOf,
  newRecord,
  recordView,
  signature,
  type Answer,
  type Delivery,
  type Exchange,
  type Refusal,
  type Step,
  type TxPushSeams,
} from './txpush.records.js';

export { TXPUSH_SIGNATURE_HEADER };

const JSON_TYPE = { 'content-type': 'application/json' };

export function registerTxpush(app: FastifyInstance, ctx: FdContext): void {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<TxPushSeams>('txpush');
  const changed = stateThrough(seams);
  // seed 002, Events and Limits: the ports a listener URL may name (the contract's x-limits).
  const LISTENER_PORTS = limitListOf(ctx.contract, 'listenerPorts');
  const subscriptions = () => world.txpush.subscriptions;
  const refused = (status: number, message: string): Refusal => ({ status, message });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Errors 404: the partner's customer's account of the path, else not found.
    account: (x) => {
      x.account = findAccount(world, x.input.path.customerId, x.input.path.accountId, x.input.partner?.id);
      return x.account ? undefined : refused(404, 'Customer or account not found');
    },
    url: (x) => {
      const raw = String(x.input.body.callbackUrl);
      if (!URL.canParse(raw)) return refused(400, 'callbackUrl is not a URL');
      x.url = new URL(raw);
      if (x.url.protocol !== 'https:' && x.url.protocol !== 'http:') return refused(400, 'callbackUrl must be an http or https URL');
      x.port = Number(x.url.port || (x.url.protocol === 'https:' ? 443 : 80));
      return undefined;
    },
    // seed 002, Events and Limits: the contract's listener ports only (written or implied by the scheme).
    port: (x) =>
      LISTENER_PORTS.includes(x.port!)
        ? undefined
        : refused(400, `callbackUrl port ${x.port} is not allowed (${LISTENER_PORTS.join(' or ')} only)`),
    // seed 002, Events: HTTPS for a real account (an active customer's).
    https: (x) =>
      customerType(world, x.account!) === 'active' && x.url!.protocol !== 'https:'
        ? refused(400, 'callbackUrl must be HTTPS for a real account')
        : undefined,
    // seed 002, Events: testing accounts only (the 400 is this contract's reading).
    testing: (x) =>
      customerType(world, x.account!) === 'testing'
        ? undefined
        : refused(400, 'The test transaction is only supported for testing accounts'),
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    // seed 002, Errors 404: a record of another customer, or none, is not found.
    subscription: (x) => {
      x.found = subscriptions().get(Number(x.input.path.subscriptionId));
      if (x.found?.customerId !== x.customer!.id) return refused(404, 'Subscription not found');
      x.sub = x.found;
      return undefined;
    },
  };

  const judged = judgeThrough(seams, judge);
  /** The answer through its seam: a success as it is, a refusal in the error body of the contract. */
  const answer = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    if (sent.refusal) return sendError(ctx, reply, sent.status, sent.refusal.message);
    reply.code(sent.status);
    return sent.body === undefined ? reply.send() : reply.send(sent.body);
  };
  /** An operation: its exchange, then the handler; a refusal answered through the answer seam. */
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, operationId, (input: Input, reply) => {
      const x: Exchange = { op: operationId, input, now: ctx.clock.now(), nowS: ctx.clock.nowEpochSeconds(), world };
      const refusal = judged(x, steps);
      return refusal ? answer(x, reply, { status: refusal.status, refusal }) : handler(x, reply);
    });

  /** One delivery through its seam, signed over the bytes it carries with its key (FD-TXPUSH-SIGNED). */
  const deliver = async (x: Exchange, made: Delivery) => {
    const d = seams.delivery(x, made);
    if (!d || d.silent) return;
    const headers = { [TXPUSH_SIGNATURE_HEADER]: signature(d.key, JSON.stringify(d.body)), ...d.headers };
    for (const to of d.to) await ctx.deliveries.send(to, 'POST', headers, d.body, ctx.clock.now());
  };

  on('SubscribeToTxPushNotifications', ['account', 'url', 'port', 'https'], async (x, reply) => {
    const account = x.account!;
    const url = String(x.input.body.callbackUrl);
    const change = changed(x, {
      op: 'subscribe',
      records: [newRecord(world, account, 'account', url), newRecord(world, account, 'transaction', url)],
    });
    for (const s of change.records) subscriptions().set(s.id, s);
    // The listener hears of a change only: subscribing announces nothing.
    for (const sub of change.records)
      await deliver(x, { sub, to: [], headers: JSON_TYPE, body: {}, key: sub.signingKey, silent: 'no change' });
    return answer(x, reply, { status: 201, body: { subscriptions: change.records.map(recordView) } });
  });

  // seed 002, Events: disabling TxPush for an account deletes all its subscriptions.
  on('DisableTxPushNotifications', ['account'], (x, reply) => {
    const removed = [...subscriptions().group('account', x.account!.id).values()];
    const change = changed(x, { op: 'disable', removed });
    for (const s of change.removed) subscriptions().delete(s.id);
    return answer(x, reply, { status: 204 });
  });

  // seed 002, Events: deleting one subscription stops only its own events.
  on('DeleteTxPushSubscription', ['customer', 'subscription'], (x, reply) => {
    const change = changed(x, { op: 'delete', removed: [x.sub!] });
    for (const s of change.removed) subscriptions().delete(s.id);
    return answer(x, reply, { status: 204 });
  });

  // seed 002, Events: the test transaction posts, the balance changes, listeners hear the transaction event, then the account event.
  on('CreateTxPushTestTransaction', ['account', 'testing'], async (x, reply) => {
    const { body } = x.input;
    const account = x.account!;
    const t: Transaction = {
      id: Number(world.nextId()) * 10 + 1,
      accountId: account.id,
      customerId: account.customerId,
      amount: body.amount,
      description: body.description,
      status: body.status ?? 'active',
      transactionDate: body.transactionDate,
      postedDate: body.postedDate ?? x.nowS,
      createdDate: x.nowS,
      historic: false,
    };
    // Transaction events first, then the account event (the balance changed).
    const listeners = [...subscriptions().group('account', account.id).values()].sort((a, b) =>
      a.type === b.type ? a.id - b.id : a.type === 'transaction' ? -1 : 1,
    );
    const change = changed(x, { op: 'test', transaction: t, stored: t, from: account.balance, moved: t.amount, listeners });
    if (change.stored) world.transactions.set(change.stored.id, change.stored);
    x.t = change.transaction;
    x.oldBalance = account.balance;
    x.listeners = change.listeners;
    account.balance = cents(change.from + change.moved);
    account.availableBalance = cents(account.availableBalance + change.moved);
    account.balanceDate = x.nowS;
    for (const sub of change.listeners)
      await deliver(x, {
        sub,
        to: [sub.callbackUrl],
        headers: JSON_TYPE,
        body: eventOf(sub, x.t, account, x.oldBalance),
        key: sub.signingKey,
      });
    if (change.listeners.length === 0) await deliver(x, { to: [], headers: JSON_TYPE, body: {}, key: '', silent: 'no subscription' });
    return answer(x, reply, { status: 201, body: { id: x.t.id, createdDate: x.t.createdDate } });
  });
}
