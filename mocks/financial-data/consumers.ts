// Consumers (seed 002, Endpoints - Consumers): one per customer (409), found by customer or by id, modified field by field (unspecified
// fields unchanged); it outlives its customer as owner of reports (seed 002, Resources). Records show only the last four SSN digits
// (reference). Faults (consumers.faults.ts) bend it only at its seams (mocks/kit/faults.ts); records and seam types: consumers.records.ts.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findConsumer, findCustomer } from './state.js';
import { consumerRecord, type Answer, type ConsumerSeams, type Exchange, type Refusal, type Step } from './consumers.records.js';

export { consumerRecord } from './consumers.records.js';

export function registerConsumers(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<ConsumerSeams>('consumers');
  const refused = (status: number, message: string): Refusal => ({ status, message });
  const ofCustomer = (x: Exchange) => world.consumers.get(world.consumerOf.get(x.input.path.customerId) ?? '');

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Errors 404: the partner's customer of the path, else not found.
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    // seed 002, Consumers 409: a customer has one consumer.
    unique: (x) => {
      x.consumer = ofCustomer(x);
      return x.consumer ? refused(409, 'A consumer already exists for this customer') : undefined;
    },
    // seed 002, Consumers: the customer's consumer, else not found.
    held: (x) => {
      x.consumer = ofCustomer(x);
      return x.consumer ? undefined : refused(404, 'Consumer not found');
    },
    // seed 002, Errors 404: the partner's consumer of that id; it outlives its customer (Resources), so the customer is not asked for.
    consumer: (x) => {
      x.consumer = findConsumer(world, x.input.path.consumerId, x.input.partner?.id);
      return x.consumer ? undefined : refused(404, 'Consumer not found');
    },
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  /** An operation: its exchange, then the handler; a refusal in the error body of the contract. */
  const on = (op: Exchange['op'], steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, op, (input: Input, reply) => {
      const x: Exchange = { op, input, world };
      const refusal = judged(x, steps);
      return refusal ? sendError(ctx, reply, refusal.status, refusal.message) : handler(x, reply);
    });

  on('CreateConsumer', ['customer', 'unique'], (x, reply) => {
    const { customerId } = x.input.path;
    const consumer = {
      id: randomBytes(16).toString('hex'),
      customerId,
      partnerId: x.input.partner?.id ?? '',
      createdDate: clock.nowEpochSeconds(),
      fields: { ...x.input.body },
    };
    world.consumers.set(consumer.id, consumer);
    world.consumerOf.set(customerId, consumer.id);
    return answer(x, reply, { status: 201, body: { id: consumer.id, createdDate: consumer.createdDate, customerId: Number(customerId) } });
  });
  on('GetConsumerForCustomer', ['customer', 'held'], (x, reply) => answer(x, reply, { status: 200, body: consumerRecord(x.consumer!) }));
  on('GetConsumer', ['consumer'], (x, reply) => answer(x, reply, { status: 200, body: consumerRecord(x.consumer!) }));
  // seed 002, Consumers: every field sent is stored, the others stay.
  on('ModifyConsumer', ['consumer'], (x, reply) => {
    const consumer = x.consumer!;
    const change = seams.state(x, { op: 'modify', consumer, fields: { ...x.input.body } });
    consumer.fields = { ...consumer.fields, ...change.fields };
    return answer(x, reply, { status: 204 });
  });
}
