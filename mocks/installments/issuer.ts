// The issuer side of POST /notifications, for certifying an issuer integration the other way
// round (reference, Flows - notification (b)): the suite plays the service and calls it. 201 on a
// valid notification; 400 PlanNotifError; 401/403 on the signature; 404 for an issuer ICA this
// endpoint does not serve; 429 past its allowance of notifications from one caller address within its
// window (the contract's x-limits issuerNotificationsPerAddress and issuerThrottleWindowSeconds: provider
// 2.0.0 PlanNotifTooManyRequestError, the IP rate limit of ten a second; the second sliding, the mock's reading).
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../helpers/contract/contract.js';
import { limitOf } from '../../helpers/contract/facts.js';
import type { MockContext } from '../kit/context.js';
import type { InstallmentsFaultId } from './catalogue.js';
import { sendError } from './errors.js';
import type { Guard } from './guard.js';
import { callerKey, type InstallmentsState } from './state.js';

export const ISSUER_PREFIX = '/issuer';

export function registerIssuerEndpoint(
  app: FastifyInstance,
  ctx: MockContext<InstallmentsFaultId>,
  world: InstallmentsState,
  guard: Guard,
  contract: Contract,
) {
  const { faults, clock } = ctx;
  const NOTIFICATIONS_PER_ADDRESS = limitOf(contract, 'issuerNotificationsPerAddress');
  /** The throttle's window: a second (a rate per second, provider 2.0.0), sliding (the mock's reading). */
  const ISSUER_THROTTLE_WINDOW_SECONDS = limitOf(contract, 'issuerThrottleWindowSeconds');
  app.post(`${ISSUER_PREFIX}/notifications`, async (req, reply) => {
    const ok = await guard(req, reply, 'notifyPlan');
    const address = callerKey(req.ip);
    // i35-inst-issuer-refused-notification-counted: a notification refused 400 still counts toward its caller's throttle.
    if (!ok && faults.has('i35-inst-issuer-refused-notification-counted') && reply.statusCode === 400)
      world.issuerReceived.set(address, [...(world.issuerReceived.get(address) ?? []), clock.nowMs()]);
    if (!ok) return reply;
    const n = ok.body;
    const served = (ica: string) => ica === n.issuerIca;
    if (!world.issuers.some((i) => served(i.issuerIca))) {
      // i27-issuer-unknown-ica-reason-code-too-long: the 404 names its reason in a code longer than 36 characters.
      if (faults.has('i27-issuer-unknown-ica-reason-code-too-long'))
        return sendError(
          reply,
          faults,
          404,
          'ISSUER_ICA_NOT_SERVED_BY_THIS_ENDPOINT',
          'This endpoint serves no issuer with this issuerIca.',
          'issuerIca',
        );
      return sendError(reply, faults, 404, 'ISSUER_NOT_FOUND', 'This endpoint serves no issuer with this issuerIca.', 'issuerIca');
    }
    const now = clock.nowMs();
    // issuer-throttle-per-plan: the throttle counts each plan's notifications apart, not the caller's.
    const throttleKey = faults.has('issuer-throttle-per-plan')
      ? `plan:${n.planId}`
      : // i29-inst-issuer-throttle-keyed-by-offer: the throttle counts the notifications of every plan of the same offer.
        faults.has('i29-inst-issuer-throttle-keyed-by-offer')
        ? `offer:${n.offerId}`
        : address;
    const windowMs = ISSUER_THROTTLE_WINDOW_SECONDS * 1000;
    const recent = (world.issuerReceived.get(throttleKey) ?? []).filter((t) => now - t < windowMs);
    const over = recent.length >= NOTIFICATIONS_PER_ADDRESS;
    if (over) {
      // provider 2.0.0 PlanNotifTooManyRequestError: its example's reason and description.
      return sendError(reply, faults, 429, 'too.many.requests', 'Too many requests.');
    }
    world.issuerReceived.set(throttleKey, [...recent, now]);
    return reply.code(201).send({ status: 'RECEIVED', message: `Notification of plan ${n.planId} received.` });
  });
}
