// Partner authentication (seed 002, Authentication and partner): CreateToken, ModifyPartnerSecret. Repeated failed attempts lock the
// partner; a locked partner is refused even with the right secret until the control surface lifts the lock (reference, Partner
// authentication). The module names no fault: its faults (auth.faults.ts) bend it at the seams it is called through (mocks/kit/faults.ts):
// the request as judged step by step, each change of a partner's authentication state, the answer (auth.records.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from './middleware.js';
import { newToken, type Partner } from './state.js';
import { limitOf } from '../../helpers/contract/facts.js';
import type { Answer, AuthOp, AuthSeams, Exchange, Refusal, Step } from './auth.records.js';

export function registerAuth(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<AuthSeams>('auth');
  // seed 002, Limits: failed authentications before the lock (the contract's x-limits).
  const MAX_FAILURES = limitOf(ctx.contract, 'failedAuthenticationsBeforeLock');
  // provider 1.35.0 PartnerCredentialsWithNewSecret.immediate: how long the old secret stays good when a change asks a grace period.
  const GRACE_MS = limitOf(ctx.contract, 'partnerSecretGraceSeconds') * 1000;
  /** The secret a change asked a grace period for, while its period lasts. */
  const graced = (partner: Partner, secret: string) =>
    partner.graced !== undefined && partner.graced.secret === secret && clock.nowMs() < partner.graced.untilMs;
  /** A change of the partner's state as the state seam leaves it. */
  const changed = stateThrough(seams);
  const refused = (): Refusal => ({ status: 401, message: 'Invalid credentials or locked partner' });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Authentication: an unknown partner is bad credentials (401).
    partner: (x) => {
      x.partner = world.partners.get(x.partnerId);
      return x.partner ? undefined : refused();
    },
    // provider 1.35.0 CreateToken: the lock is lifted by the provider's support only.
    lock: (x) => {
      const p = x.partner!;
      if (!changed(x, { what: 'locked', locked: p.locked || p.failures >= x.lockAt }).locked) return undefined;
      p.locked = true;
      return refused();
    },
    // The secret compared exactly, or the one a change keeps good for its grace period; CreateToken counts a failure.
    secret: (x) => {
      const p = x.partner!;
      const secret = x.input.body.partnerSecret;
      if (secret === p.secret || graced(p, secret)) return undefined;
      if (x.op === 'CreateToken') p.failures = changed(x, { what: 'failures', failures: p.failures + 1 }).failures;
      return refused();
    },
  };
  const judged = judgeThrough(seams, judge);
  const answered = answerThrough<Exchange, Answer>(seams);

  /** An operation: its exchange judged through its steps, a success ending the partner's run of failures, then the handler's answer. */
  const on = (op: AuthOp, steps: Step[], handler: (x: Exchange, partner: Partner) => Answer) =>
    route(app, ctx, op, (input: Input, reply: FastifyReply) => {
      const x: Exchange = { op, input, world, nowMs: clock.nowMs(), partnerId: input.body.partnerId, lockAt: MAX_FAILURES };
      const refusal = judged(x, steps);
      if (refusal?.body !== undefined) return reply.code(refusal.status).send(refusal.body);
      if (refusal) return sendError(ctx, reply, refusal.status, refusal.message);
      const partner = x.partner!;
      // A success ends a run of failures (interpretation: "five failed attempts" in a row).
      partner.failures = changed(x, { what: 'failures', failures: 0 }).failures;
      return answered(x, reply, handler(x, partner));
    });

  on('CreateToken', ['partner', 'lock', 'secret'], (x, partner) => {
    const token = newToken();
    world.tokens.set(token, { partnerId: partner.id, issuedMs: x.nowMs });
    return { status: 200, body: { token } };
  });

  on('ModifyPartnerSecret', ['partner', 'lock', 'secret'], (x, partner) => {
    const { body } = x.input;
    // provider 1.35.0 PartnerCredentialsWithNewSecret.immediate (true when left out): false keeps the
    // secret replaced good for the grace period; a change without one ends any period still running.
    if (body.immediate === false) partner.graced = { secret: partner.secret, untilMs: x.nowMs + GRACE_MS };
    else delete partner.graced;
    partner.secret = changed(x, { what: 'secret', secret: body.newPartnerSecret }).secret;
    return { status: 204 };
  });
}
