// Customers (seed 002, Endpoints - Customers): add testing / active, list and search, get (with application data), modify, delete.
// Usernames are unique per partner (409). Faults (customers.faults.ts) bend it only at its seams (mocks/kit/faults.ts); records and
// seam types: customers.records.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from './middleware.js';
import { defaultLimit, pageOf } from './paging.js';
import { testingQuotaRefusal } from './stand-in-limits.js';
import { customerCandidates, findCustomer, usernameKey, type Customer } from './state.js';
import {
  customerView,
  matches,
  pick,
  type Answer,
  type CustomerSeams,
  type Exchange,
  type Refusal,
  type Step,
} from './customers.records.js';

export function registerCustomers(app: FastifyInstance, ctx: FdContext) {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<CustomerSeams>('customers');
  const changed = stateThrough(seams);
  const pageSize = defaultLimit(ctx.contract, 'GetCustomers');
  const refused = (status: number, message: string): Refusal => ({ status, message });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Customers; Errors 409: a username the partner already has is refused.
    username: (x) =>
      world.usernames.has(usernameKey(x.input.partner?.id ?? '', x.input.body.username))
        ? refused(409, 'A customer with this username already exists')
        : undefined,
    // seed 002, Errors 404: the partner's customer of the path, else not found.
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId ?? x.input.path.customer_id, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    // seed 002, Errors 403: a disputed statement on customer modification.
    dispute: (x) => (x.customer!.disputed ? refused(403, 'The customer has a disputed statement') : undefined),
    // seed 002, Customers: the username, the type (provider 1.35.0: an empty type lists every kind) and the search text.
    filters: (x) => {
      const { username, type, search } = x.input.query;
      x.filters = {
        username: username !== undefined ? String(username) : undefined,
        type: type ? String(type) : undefined,
        search: search !== undefined && String(search).trim() !== '' ? String(search) : undefined,
      };
      return undefined;
    },
    // The store's indexes (state.ts) give the partner's customers of that username and type, and with a search only those its sequences can
    // match, in creation order. The front has answered 401 to a request without a partner's token.
    list: (x) => {
      const { username, type, search } = x.filters!;
      const candidates = customerCandidates(world, { partnerId: x.input.partner?.id ?? '', username, type, search });
      x.list =
        search === undefined ? candidates : (Array.isArray(candidates) ? candidates : candidates.all()).filter((c) => matches(c, search));
      return undefined;
    },
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  /** An operation: its exchange, then the handler; a refusal in the error body of the contract. */
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, operationId, (input: Input, reply) => {
      const x: Exchange = { op: operationId, input, now: ctx.clock.now(), world, contract: ctx.contract };
      const refusal = judged(x, steps);
      return refusal ? sendError(ctx, reply, refusal.status, refusal.message) : handler(x, reply);
    });

  const add = (type: Customer['type']) => (x: Exchange, reply: FastifyReply) => {
    const { body } = x.input;
    const partnerId = x.input.partner?.id ?? '';
    // Stand-in mode only (stand-in-limits.ts; the plain mock has no quota: benchmarks create 50,000 customers): provider Test the APIs
    // page: a partner enrolls a quota of testing customers (x-limits); a deleted one frees its place. The 400 in {code, message} is our
    // assumption: the provider document names no status for this refusal.
    const over = ctx.standIn && type === 'testing' ? testingQuotaRefusal(ctx, partnerId) : undefined;
    if (over) return sendError(ctx, reply, 400, over);
    const created = changed(x, {
      op: 'create',
      customer: { id: world.nextId(), partnerId, type, createdDate: Math.floor(x.now.getTime() / 1000), ...pick(body) },
    });
    const customer = created.customer;
    world.customers.set(customer.id, customer);
    if (!world.usernames.has(usernameKey(partnerId, body.username)))
      world.usernames.set(usernameKey(partnerId, body.username), customer.id);
    return answer(x, reply, { status: 201, body: { id: customer.id, username: customer.username, createdDate: customer.createdDate } });
  };
  on('AddTestingCustomer', ['username'], add('testing'));
  on('AddCustomer', ['username'], add('active'));

  // reference, Conventions (Paging): start is the 1-based page index, limit the page size.
  on('GetCustomers', ['filters', 'list'], (x, reply) => {
    const { slice, ...counts } = pageOf(x.list!, { start: x.input.query.start, limit: x.input.query.limit }, pageSize, ctx.faults);
    return answer(x, reply, { status: 200, body: { ...counts, customers: slice.map(customerView) } });
  });

  on('GetCustomer', ['customer'], (x, reply) => answer(x, reply, { status: 200, body: customerView(x.customer!) }));

  on('GetCustomerWithAppData', ['customer'], (x, reply) => {
    const c = x.customer!;
    // provider 1.35.0: the body requires the application and both names, so a customer without an
    // application is a 404 (its examples: "No registered partner applications found").
    if (!c.applicationId) return sendError(ctx, reply, 404, 'No registered partner applications found');
    return answer(x, reply, {
      status: 200,
      body: {
        ...customerView(c),
        firstName: c.firstName ?? '',
        lastName: c.lastName ?? '',
        applicationId: c.applicationId,
        applicationName: `Application ${c.applicationId}`,
      },
    });
  });

  // seed 002, Customers: modify takes firstName, lastName or both; the other members stay.
  on('ModifyCustomer', ['customer', 'dispute'], (x, reply) => {
    const c = x.customer!;
    const { firstName, lastName } = x.input.body;
    const change = changed(x, { op: 'modify', firstName, lastName });
    if (change.firstName !== undefined) c.firstName = change.firstName;
    if (change.lastName !== undefined) c.lastName = change.lastName;
    // Filed again under its new names (the search index of state.ts).
    world.customers.set(c.id, c);
    return answer(x, reply, { status: 204 });
  });

  // seed 002, Customers: a deleted customer is gone, and its username free again (its consumer outlives it: Resources).
  on('DeleteCustomer', ['customer'], (x, reply) => {
    const c = x.customer!;
    const change = changed(x, { op: 'delete', removed: true, freesUsername: true });
    if (change.removed) world.customers.delete(c.id);
    if (change.freesUsername && world.usernames.get(usernameKey(c.partnerId, c.username)) === c.id)
      world.usernames.delete(usernameKey(c.partnerId, c.username));
    return answer(x, reply, { status: 204 });
  });
}
