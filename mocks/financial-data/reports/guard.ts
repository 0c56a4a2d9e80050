// The refusals a report request meets before the report store (store.ts), in the order it meets
// them. Generation (every generate operation): the customer (404), the security freeze (403, seed
// 002: Errors 403), the consumer when the report needs one (404, provider 1.35.0
// NoConsumerForCustomerExample). Reads (report retrieval): the partner's customer or consumer of
// the path (404) and the freeze (403). Each answers the refusal itself and tells the caller to stop.
// Rules: schemas/financial-data/rules/reports.yaml, rules/reports-retrieval.yaml.
import type { FastifyReply } from 'fastify';
import { callerOf, sendError, type FdContext, type Input } from '../middleware.js';
import { findConsumer, findCustomer, type Consumer, type Customer } from '../state.js';

/**
 * The calling partner's customer of a path, or a 404 answer (provider 1.35.0 CustomerNotFoundExample):
 * another partner's customer is not found for this caller (seed 002, Errors 404; FD-OBJ-OTHER-PARTNER).
 */
export function customerOr404(ctx: FdContext, reply: FastifyReply, customerId: string): Customer | undefined {
  const caller = ctx.faults.has('report-generation-other-partner') ? undefined : callerOf(reply.request)?.id;
  const customer = findCustomer(ctx.state, customerId, caller);
  if (!customer) sendError(ctx, reply, 404, `Customer not found: ${customerId}`);
  return customer;
}

/**
 * The refusals every generate operation shares, in the order a request meets them: the customer
 * (404), the security freeze (403, seed 002: Errors 403), the consumer when the report needs one
 * (404, provider 1.35.0 NoConsumerForCustomerExample). Answers and returns undefined on refusal.
 */
export function generationGuard(
  ctx: FdContext,
  reply: FastifyReply,
  customerId: string,
  needsConsumer: boolean,
): { customer: Customer; consumer?: Consumer } | undefined {
  const customer = customerOr404(ctx, reply, customerId);
  if (!customer) return undefined;
  // Blind fault: the freeze is checked only on the reports that need a consumer (the consumer's credit file).
  const freezeSkipped = !needsConsumer && ctx.faults.has('blind-report-freeze-checked-on-consumer-reports-only');
  if (ctx.state.frozen.has(customerId) && !ctx.faults.has('report-freeze-ignored') && !freezeSkipped) {
    // i35-fd-report-freeze-hides-customer-404: a frozen customer's report generation answered as if the customer did not exist.
    if (ctx.faults.has('i35-fd-report-freeze-hides-customer-404')) sendError(ctx, reply, 404, `Customer not found: ${customerId}`);
    else sendError(ctx, reply, 403, 'An active security freeze for this customer exists.');
    return undefined;
  }
  const consumerId = ctx.state.consumerOf.get(customerId);
  const consumer = consumerId ? ctx.state.consumers.get(consumerId) : undefined;
  // Blind faults: the business cash flow report guarded like the personal one; a customer once refused for want of a consumer stays refused.
  const consumerNeeded =
    needsConsumer ||
    (ctx.faults.has('blind-report-cashflow-business-needs-consumer') && /\/cashFlowBusiness(\?|$)/.test(reply.request.url));
  const remembered = ctx.faults.has('blind-report-missing-consumer-remembered') && ctx.state.faultMemory.consumerless.has(customerId);
  if (consumerNeeded && (!consumer || remembered) && !ctx.faults.has('report-consumer-not-required')) {
    if (ctx.faults.has('blind-report-missing-consumer-remembered')) ctx.state.faultMemory.consumerless.add(customerId);
    sendError(ctx, reply, 404, `Cannot find consumer for customer with id ${customerId}.`);
    return undefined;
  }
  return { customer, consumer };
}

/** The partner's customer of the path, or a 404 already sent. */
export function ownCustomer(ctx: FdContext, reply: FastifyReply, { path, partner }: Input): Customer | undefined {
  const customer = findCustomer(ctx.state, path.customerId, partner?.id);
  if (customer) return customer;
  sendError(ctx, reply, 404, `Customer not found: ${path.customerId}`);
  return undefined;
}

/** The partner's consumer of the path (it outlives its customer: seed 002, Resources), or a 404 already sent. */
export function ownConsumer(ctx: FdContext, reply: FastifyReply, { path, partner }: Input): Consumer | undefined {
  const consumer = findConsumer(ctx.state, path.consumerId, partner?.id);
  // Fault: the consumer's reports go with its deleted customer.
  const gone = consumer && ctx.faults.has('consumer-reports-gone-with-customer') && !ctx.state.customers.has(consumer.customerId);
  if (consumer && !gone) return consumer;
  sendError(ctx, reply, 404, `Consumer not found: ${path.consumerId}`);
  return undefined;
}

/** seed 002, Errors 403: reads of a customer under a security freeze are refused. Answers and returns true when frozen. */
export function frozen(ctx: FdContext, reply: FastifyReply, customerId: string): boolean {
  if (!ctx.state.frozen.has(customerId) || ctx.faults.has('report-read-freeze-ignored')) return false;
  sendError(ctx, reply, 403, 'An active security freeze for this customer exists.');
  return true;
}
