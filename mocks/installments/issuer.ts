// The issuer side of POST /notifications, the suite playing the service (reference, Flows - notification (b)): 201; 400
// PlanNotifError; 401/403 on the signature; 404 for an ICA not served; 429 past x-limits issuerNotificationsPerAddress within
// issuerThrottleWindowSeconds per caller address (provider 2.0.0 PlanNotifTooManyRequestError, ten a second; sliding: the mock's reading).
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';
import type { MockContext } from '../kit/context.js';
import { sendRefusal } from './errors.js';
import { exchangeOf, type InstallmentsSeams } from './seams.js';
import type { Guard } from './guard.js';
import { callerKey, type InstallmentsState } from './state.js';

export const ISSUER_PREFIX = '/issuer';

export function registerIssuerEndpoint(app: FastifyInstance, ctx: MockContext, world: InstallmentsState, guard: Guard, contract: Contract) {
  const { clock } = ctx;
  const seams = ctx.faults.seams<InstallmentsSeams>();
  const NOTIFICATIONS_PER_ADDRESS = limitOf(contract, 'issuerNotificationsPerAddress');
  /** The throttle's window: a second (a rate per second, provider 2.0.0), sliding (the mock's reading). */
  const windowMs = limitOf(contract, 'issuerThrottleWindowSeconds') * 1000;
  app.post(`${ISSUER_PREFIX}/notifications`, async (req, reply) => {
    const ok = await guard(req, reply, 'notifyPlan');
    const x = exchangeOf(req, world, () => clock.nowMs());
    // provider 2.0.0, the IP rate limit: the throttle counts the notifications of a caller's address that it takes.
    const address = callerKey(req.ip);
    if (!ok) {
      const change = seams.state(x, { throttleKey: address, counted: false });
      if (change.counted)
        world.issuerReceived.set(change.throttleKey!, [...(world.issuerReceived.get(change.throttleKey!) ?? []), clock.nowMs()]);
      return reply;
    }
    const n = ok.body;
    // reference, Flows - notification (b): an issuerIca this endpoint serves no issuer of is 404.
    const unserved = seams.judge(
      x,
      'issuer-ica',
      world.issuers.some((i) => i.issuerIca === n.issuerIca)
        ? undefined
        : {
            status: 404,
            reasonCode: 'ISSUER_NOT_FOUND',
            description: 'This endpoint serves no issuer with this issuerIca.',
            details: 'issuerIca',
          },
    );
    if (unserved) return sendRefusal(reply, unserved);
    const now = clock.nowMs();
    const { throttleKey = address } = seams.state(x, { throttleKey: address, counted: true });
    const recent = (world.issuerReceived.get(throttleKey) ?? []).filter((t) => now - t < windowMs);
    // provider 2.0.0 PlanNotifTooManyRequestError: past the allowance, 429 with its example's reason and description.
    if (recent.length >= NOTIFICATIONS_PER_ADDRESS)
      return sendRefusal(reply, { status: 429, reasonCode: 'too.many.requests', description: 'Too many requests.' });
    world.issuerReceived.set(throttleKey, [...recent, now]);
    return reply.code(201).send({ status: 'RECEIVED', message: `Notification of plan ${n.planId} received.` });
  });
}
