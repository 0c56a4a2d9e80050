// Businesses (seed 002, Endpoints - Businesses; Limits: 1 business per customer). Success is a 200; the seed documents only 404 and 409 for
// these operations. Shapes (provider 1.35.0): the record carries `businessId` and ISO dates without a zone; the two GET operations answer
// an array holding the one business, the POST and PUT the record itself. Faults (businesses.faults.ts) bend it only at its seams
// (mocks/kit/faults.ts): the request as judged step by step, what a write stores, the answer (businesses.records.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, type Business } from './state.js';
import {
  businessView as view,
  type Answer,
  type BusinessOp,
  type BusinessSeams,
  type Change,
  type Exchange,
  type Refusal,
  type Step,
} from './businesses.records.js';

export function registerBusinesses(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<BusinessSeams>('businesses');
  const exchange = (op: BusinessOp, input: Input): Exchange => ({
    op,
    input,
    world,
    now: new Date(clock.nowMs()).toISOString().slice(0, 19), // provider: NoZoneDateTime
  });
  const refused = (status: number, message: string): Refusal => ({ status, message });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Errors 404: the customer of the path, the caller's partner's (a deleted one is gone).
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customer_id, x.input.partner?.id);
      x.ownerId = x.customer?.id;
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    // seed 002, Limits: one business per customer; a second is a 409.
    unique: (x) => {
      x.mine = [...(world.businessesOf.get(x.customer!.id) ?? [])].map((id) => world.businesses.get(id)!);
      return x.mine.length ? refused(409, 'The customer already has a business') : undefined;
    },
    // By id: a business is its partner's, whether or not its customer is still there (seed 002, Errors 404: another partner's object is not
    // found for the caller; FD-OBJ-AFTER-DELETE). By customer: the customer's one business (404 when none).
    business: (x) => {
      if (x.op === 'GetBusinessByCustomer') {
        const firstId = x.ownerId ? [...(world.businessesOf.get(x.ownerId) ?? [])][0] : undefined;
        x.business = firstId ? world.businesses.get(firstId) : undefined;
      } else {
        const b = world.businesses.get(x.input.path.business_id);
        x.business = b && (!x.input.partner || b.partnerId === x.input.partner.id) ? b : undefined;
      }
      return x.business ? undefined : refused(404, 'Business not found');
    },
  };
  const judged = judgeThrough(seams, judge);
  /** The answer through its seam: a refusal in the error body, else the body. */
  const answered = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    if (sent.message !== undefined) return sendError(ctx, reply, sent.status, sent.message);
    return reply.code(sent.status).send(sent.body);
  };
  const handle = (op: BusinessOp, steps: Step[], served: (x: Exchange) => Answer) => (input: Input, reply: FastifyReply) => {
    const x = exchange(op, input);
    const r = judged(x, steps);
    return answered(x, reply, r ?? served(x));
  };
  /** What a write stores, through the state seam, applied to the record. */
  const store = (x: Exchange, b: Business, change: Change) => {
    const { fields, createdDate, modifiedDate } = seams.state(x, change);
    Object.assign(b, { fields, createdDate, modifiedDate });
    return b;
  };

  route(
    app,
    ctx,
    'AddBusinessDetails',
    handle('AddBusinessDetails', ['customer', 'unique'], (x) => {
      const customer = x.customer!;
      const business = { id: world.nextId(), customerId: customer.id, partnerId: customer.partnerId } as Business;
      store(x, business, { fields: { ...x.input.body }, createdDate: x.now, modifiedDate: x.now });
      world.businesses.set(business.id, business);
      world.businessesOf.set(customer.id, (world.businessesOf.get(customer.id) ?? new Set()).add(business.id));
      x.business = business;
      return { status: 200, body: view(business) };
    }),
  );
  route(
    app,
    ctx,
    'GetBusinessByCustomer',
    handle('GetBusinessByCustomer', ['customer', 'business'], (x) => ({ status: 200, body: [view(x.business!)] })),
  );
  // seed 002, Businesses: the update replaces the details sent; the record keeps its creation date.
  route(
    app,
    ctx,
    'UpdateBusiness',
    handle('UpdateBusiness', ['business'], (x) => {
      const b = x.business!;
      store(x, b, { fields: { ...x.input.body }, createdDate: b.createdDate, modifiedDate: x.now });
      return { status: 200, body: view(b) };
    }),
  );
  route(
    app,
    ctx,
    'GetBusinessById',
    handle('GetBusinessById', ['business'], (x) => ({ status: 200, body: [view(x.business!)] })),
  );
}
