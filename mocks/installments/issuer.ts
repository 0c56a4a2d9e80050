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
    // i9-issuer-ica-leading-zeros-ignored: the ICA compared as a number.
    const served = (ica: string) =>
      ica === n.issuerIca ||
      (faults.has('i9-issuer-ica-leading-zeros-ignored') && Number(ica) === Number(n.issuerIca)) ||
      // issuer-ica-separators-ignored: the ICA compared without its hyphens and spaces.
      (faults.has('issuer-ica-separators-ignored') && ica === String(n.issuerIca).replace(/[\s-]/g, '')) ||
      // seeded-issuer-ica-first-four: the ICA matched on its first four characters.
      // i21-issuer-truncated-ica-served: an ICA that is the start of a served one (its last digits lost) taken as served.
      (faults.has('i21-issuer-truncated-ica-served') &&
        String(n.issuerIca).length >= 3 &&
        ica !== n.issuerIca &&
        ica.startsWith(String(n.issuerIca))) ||
      (faults.has('seeded-issuer-ica-first-four') &&
        String(n.issuerIca).length >= 4 &&
        ica.slice(0, 4) === String(n.issuerIca).slice(0, 4));
    if (!world.issuers.some((i) => served(i.issuerIca)) && !faults.has('issuer-unknown-ica-accepted')) {
      // rt-issuer-unknown-ica-answers-403: an issuer ICA this endpoint does not serve answered as forbidden.
      // rt2-issuer-unknown-ica-counted: a notification answered 404 still counts toward its caller's throttle.
      if (faults.has('rt2-issuer-unknown-ica-counted'))
        world.issuerReceived.set(address, [...(world.issuerReceived.get(address) ?? []), clock.nowMs()]);
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
      // i37-inst-issuer-unknown-ica-answered-400: an issuerIca no issuer of the endpoint serves refused as an invalid value (400), not 404.
      if (faults.has('i37-inst-issuer-unknown-ica-answered-400'))
        return sendError(reply, faults, 400, 'INVALID_ISSUER_ICA', 'issuerIca is not valid.', 'issuerIca');
      if (faults.has('rt-issuer-unknown-ica-answers-403'))
        return sendError(reply, faults, 403, 'FORBIDDEN', 'This endpoint may not take notifications of this issuerIca.', 'issuerIca');
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
    // i4-issuer-throttle-window-half-minute: the window is half its length; issuer-throttle-window-doubled: twice.
    // i24-issuer-throttle-window-59s: the window a sixtieth short (59 s of a minute).
    const windowMs = faults.has('i4-issuer-throttle-window-half-minute')
      ? ISSUER_THROTTLE_WINDOW_SECONDS * 500
      : faults.has('i24-issuer-throttle-window-59s')
        ? (ISSUER_THROTTLE_WINDOW_SECONDS * 1000 * 59) / 60
        : faults.has('issuer-throttle-window-doubled')
          ? 2 * ISSUER_THROTTLE_WINDOW_SECONDS * 1000
          : ISSUER_THROTTLE_WINDOW_SECONDS * 1000;
    // i21-issuer-throttle-window-edge-inclusive: a notification exactly a window old still counted in it.
    // seeded-fam26-issuer-throttle-age-whole-seconds: the age rounded to whole tenths of the window before it is compared.
    // seeded-fam26-issuer-throttle-fixed-minute: only the notifications of the same window of the clock count.
    const recent = (world.issuerReceived.get(throttleKey) ?? []).filter((t) =>
      faults.has('i21-issuer-throttle-window-edge-inclusive')
        ? now - t <= windowMs
        : faults.has('seeded-fam26-issuer-throttle-age-whole-seconds')
          ? Math.round((now - t) / (windowMs / 10)) * (windowMs / 10) < windowMs
          : faults.has('seeded-fam26-issuer-throttle-fixed-minute')
            ? Math.floor(now / windowMs) === Math.floor(t / windowMs)
            : now - t < windowMs,
    );
    // i9-issuer-fourth-accepted: the allowance compared with > (one notification too many let through).
    const over = faults.has('i9-issuer-fourth-accepted')
      ? recent.length > NOTIFICATIONS_PER_ADDRESS
      : recent.length >= NOTIFICATIONS_PER_ADDRESS;
    if (over && !faults.has('issuer-never-throttles')) {
      // issuer-throttle-counts-refused: a refused notification counts as an accepted one.
      if (faults.has('issuer-throttle-counts-refused')) world.issuerReceived.set(throttleKey, [...recent, now]);
      // i33-inst-issuer-429-empty-body: the throttled notification answered 429 without an error body.
      if (faults.has('i33-inst-issuer-429-empty-body')) return reply.code(429).send();
      // provider 2.0.0 PlanNotifTooManyRequestError: its example's reason and description.
      return sendError(reply, faults, 429, 'too.many.requests', 'Too many requests.');
    }
    world.issuerReceived.set(throttleKey, [...recent, now]);
    // i27-issuer-repeat-answer-without-body: a later notification of a plan already received answered 201 without its body.
    if (faults.has('i27-issuer-repeat-answer-without-body') && recent.length > 0) return reply.code(201).send();
    return reply
      .code(faults.has('issuer-answers-200') ? 200 : 201)
      .send({ status: 'RECEIVED', message: `Notification of plan ${n.planId} received.` });
  });
}
