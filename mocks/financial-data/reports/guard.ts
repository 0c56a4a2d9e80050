// The refusals a report request meets before the report store (rules: schemas/financial-data/rules/reports.yaml,
// rules/reports-retrieval.yaml), each through the judge seam; each answers itself and tells the caller to stop.
import type { FastifyReply } from 'fastify';
import { callerOf, sendError, type FdContext, type Input } from '../middleware.js';
import { findConsumer, findCustomer, type Consumer, type Customer } from '../state.js';
import type { Exchange, GuardSeams, Refusal, Step } from './guard.records.js';

const FROZEN: Refusal = { status: 403, message: 'An active security freeze for this customer exists.' };

/** The refusal of `step` as the seam leaves it, answered; true when refused. */
function refused(ctx: FdContext, reply: FastifyReply, x: Exchange, step: Step, refusal: Refusal | undefined): boolean {
  const r = ctx.faults.seams<GuardSeams>('report-guard').judge(x, step, refusal);
  if (r) sendError(ctx, reply, r.status, r.message);
  return r !== undefined;
}

/** The partner's customer of a path, or 404 (provider 1.35.0 CustomerNotFoundExample; seed 002 Errors 404; FD-OBJ-OTHER-PARTNER). */
export function customerOr404(ctx: FdContext, reply: FastifyReply, customerId: string): Customer | undefined {
  const x: Exchange = { world: ctx.state, id: customerId, partnerId: callerOf(reply.request)?.id };
  const customer = () => findCustomer(ctx.state, customerId, x.partnerId);
  if (refused(ctx, reply, x, 'customer', customer() ? undefined : { status: 404, message: `Customer not found: ${customerId}` })) return;
  return customer();
}

/** In order: customer 404, freeze 403 (seed 002 Errors 403), consumer 404 (provider 1.35.0 NoConsumerForCustomerExample). */
export function generationGuard(
  ctx: FdContext,
  reply: FastifyReply,
  customerId: string,
  needsConsumer: boolean,
): { customer: Customer; consumer?: Consumer } | undefined {
  const customer = customerOr404(ctx, reply, customerId);
  if (!customer) return undefined;
  const x: Exchange = { world: ctx.state, id: customerId, needsConsumer, url: reply.request.url };
  if (refused(ctx, reply, x, 'freeze', ctx.state.frozen.has(customerId) ? FROZEN : undefined)) return undefined;
  const consumerId = ctx.state.consumerOf.get(customerId);
  const consumer = consumerId ? ctx.state.consumers.get(consumerId) : undefined;
  const missing =
    needsConsumer && !consumer ? { status: 404, message: `Cannot find consumer for customer with id ${customerId}.` } : undefined;
  if (refused(ctx, reply, x, 'consumer', missing)) return undefined;
  return { customer, consumer };
}

/** generationGuard of a report that needs the consumer, the customer and its consumer kept on the family's exchange `x`. */
export function guardInto(ctx: FdContext, reply: FastifyReply, x: { input: Input; customer?: Customer; consumer?: Consumer }) {
  const found = generationGuard(ctx, reply, x.input.path.customerId, true);
  x.customer = found?.customer;
  x.consumer = found?.consumer;
  return found;
}

/** The partner's consumer of the path (it outlives its customer: seed 002, Resources), or a 404 already sent. */
export function ownConsumer(ctx: FdContext, reply: FastifyReply, { path, partner }: Input): Consumer | undefined {
  const consumer = findConsumer(ctx.state, path.consumerId, partner?.id);
  const x: Exchange = { world: ctx.state, id: path.consumerId, partnerId: partner?.id };
  const missing = consumer ? undefined : { status: 404, message: `Consumer not found: ${path.consumerId}` };
  return refused(ctx, reply, x, 'read-consumer', missing) ? undefined : consumer;
}
