// Partner authentication (seed 002, Authentication and partner): CreateToken, ModifyPartnerSecret.
// Repeated failed attempts lock the partner; a locked partner is refused even with the right secret
// until the control surface lifts the lock (reference, Partner authentication).
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext } from './middleware.js';
import { newToken, type AuthSeams, type Partner } from './state.js';
import { limitOf } from '../../helpers/contract/facts.js';

export function registerAuth(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  const seams = faults.seams<AuthSeams>('auth');
  // seed 002, Limits: failed authentications before the lock (the contract's x-limits).
  const MAX_FAILURES = limitOf(ctx.contract, 'failedAuthenticationsBeforeLock');
  // provider 1.35.0 PartnerCredentialsWithNewSecret.immediate: how long the old secret stays good when a change asks a grace period.
  const GRACE_MS = limitOf(ctx.contract, 'partnerSecretGraceSeconds') * 1000;
  /** The secret a change asked a grace period for, while its period lasts. */
  const graced = (partner: Partner, secret: string) =>
    partner.graced !== undefined && partner.graced.secret === secret && clock.nowMs() < partner.graced.untilMs;

  /** Checks credentials, counting failures; the partner when they are right and it is not locked. */
  /** i11-old-secret-valid-a-minute-after-change: each partner's secret before its last change, and when it changed. */
  const replaced = new Map<string, { secret: string; atMs: number }>();
  /** i23-lock-repeated-wrong-secret-counted-once: each partner's last wrong secret (kept only while that fault is on). */
  const lastWrong = new Map<string, string>();

  function verify(partnerId: string, secret: string, countFailure: boolean, caseless = false): Partner | undefined {
    const partner = world.partners.get(partnerId);
    if (!partner) return undefined;
    const lockAt = faults.has('lock-after-six')
      ? MAX_FAILURES + 1
      : faults.has('lock-after-four')
        ? MAX_FAILURES - 1
        : faults.has('blind-lock-after-four')
          ? MAX_FAILURES - 1
          : MAX_FAILURES;
    // provider 1.35.0 CreateToken: the lock is lifted by the provider's support only (the state seam: the lock as judged now).
    const locked = seams.state(
      { operationId: 'CreateToken', partnerId, nowMs: clock.nowMs() },
      partner.locked || (partner.failures >= lockAt && !faults.has('lock-never-engaged')),
    );
    const right =
      secret === partner.secret ||
      graced(partner, secret) ||
      // partner-secret-trimmed-caseless: the secret compared trimmed and in one case.
      (faults.has('partner-secret-trimmed-caseless') && secret.trim().toLowerCase() === partner.secret.toLowerCase()) ||
      (faults.has('old-secret-still-works') && secret === partner.initialSecret) ||
      (caseless && typeof secret === 'string' && secret.toLowerCase() === partner.secret.toLowerCase()) ||
      (faults.has('i11-old-secret-valid-a-minute-after-change') &&
        replaced.get(partner.id)?.secret === secret &&
        clock.nowMs() - replaced.get(partner.id)!.atMs < 60_000) ||
      faults.has('bad-secret-accepted') ||
      // i20-token-secret-trailing-newline-accepted: a secret read as a line, its trailing line break dropped.
      (faults.has('i20-token-secret-trailing-newline-accepted') &&
        countFailure &&
        typeof secret === 'string' &&
        /\r?\n$/.test(secret) &&
        secret.replace(/\r?\n$/, '') === partner.secret) ||
      // seeded-fam25-token-secret-leading-space-accepted: CreateToken drops white space before the secret.
      (faults.has('seeded-fam25-token-secret-leading-space-accepted') &&
        countFailure &&
        typeof secret === 'string' &&
        secret !== secret.trimStart() &&
        secret.trimStart() === partner.secret) ||
      // i12-token-secret-missing-last-char-accepted: CreateToken (the counting caller) compares the secret as a prefix.
      (faults.has('i12-token-secret-missing-last-char-accepted') &&
        countFailure &&
        typeof secret === 'string' &&
        secret.length === partner.secret.length - 1 &&
        partner.secret.startsWith(secret));
    if (locked) {
      partner.locked = true;
      return undefined;
    }
    if (!right) {
      // i23-lock-repeated-wrong-secret-counted-once: a wrong secret sent again in a row is taken as a retry, not a new failure.
      if (faults.has('i23-lock-repeated-wrong-secret-counted-once')) {
        const retry = lastWrong.get(partner.id) === secret;
        lastWrong.set(partner.id, secret);
        if (retry) return undefined;
      }
      // seeded-fam28a-lock-case-variant-not-counted: the right secret in another case is not counted as a failure.
      if (
        faults.has('seeded-fam28a-lock-case-variant-not-counted') &&
        typeof secret === 'string' &&
        secret.toLowerCase() === partner.secret.toLowerCase()
      )
        return undefined;
      if (countFailure) partner.failures++;
      return undefined;
    }
    partner.failures = 0; // a success ends a run of failures (interpretation: "five failed attempts" in a row)
    // i31-fd-lock-counter-reset-by-any-success: a success of any partner ends every partner's run of failures (one shared counter).
    if (faults.has('i31-fd-lock-counter-reset-by-any-success')) for (const other of world.partners.values()) other.failures = 0;
    return partner;
  }

  route(app, ctx, 'CreateToken', ({ body }, reply) => {
    // i10-token-partner-id-trimmed: the partner id trimmed before it is looked up.
    const partnerId =
      faults.has('i10-token-partner-id-trimmed') && typeof body.partnerId === 'string' ? body.partnerId.trim() : body.partnerId;
    const partner = verify(partnerId, body.partnerSecret, true);
    // token-unknown-partner-404-provider: an unknown partner answered 404 as provider 1.42.0 publishes
    // (a seed-vs-provider conflict), in the body it gives that 404 (its ErrorWrapper).
    if (!partner && faults.has('token-unknown-partner-404-provider') && !world.partners.has(partnerId))
      return reply
        .code(404)
        .send({ Errors: { Error: [{ Source: 'authentication', ReasonCode: '14001', Description: 'Partner not found' }] } });
    // i34-fd-token-refusal-quotes-secret: the refused authentication quotes the secret it was sent.
    if (!partner && faults.has('i34-fd-token-refusal-quotes-secret'))
      return sendError(ctx, reply, 401, `Invalid credentials or locked partner (secret ${String(body.partnerSecret)})`);
    // i37-fd-token-locked-partner-answered-dead-token: a locked partner with the right secret is answered 200 with a token that is never registered.
    const lockedHolder = world.partners.get(partnerId);
    if (
      !partner &&
      faults.has('i37-fd-token-locked-partner-answered-dead-token') &&
      lockedHolder &&
      body.partnerSecret === lockedHolder.secret
    )
      return reply.code(200).send({ token: newToken() });
    if (!partner) return sendError(ctx, reply, 401, 'Invalid credentials or locked partner');
    // Fault token-renewal-returns-last: a new authentication hands back the partner's last token, its lifetime not renewed.
    const last = faults.has('token-renewal-returns-last')
      ? [...world.tokens].filter(([, t]) => t.partnerId === partner.id).at(-1)?.[0]
      : undefined;
    if (last) return reply.code(200).send({ token: last });
    const token = newToken();
    // i26-token-new-revokes-earlier: a new token revokes the partner's earlier ones (one live token per partner), before their two hours.
    if (faults.has('i26-token-new-revokes-earlier'))
      for (const [t, held] of world.tokens) if (held.partnerId === partner.id) world.tokens.delete(t);
    world.tokens.set(token, { partnerId: partner.id, issuedMs: clock.nowMs() });
    // i28-fd-token-answered-201: the token is answered 201 (a token resource created), not 200.
    // i36-fd-token-answer-echoes-credentials: the token answer echoes the credentials it was sent, the partner secret with them.
    if (faults.has('i36-fd-token-answer-echoes-credentials'))
      return reply.code(200).send({ token, partnerId: partner.id, partnerSecret: body.partnerSecret });
    return reply.code(faults.has('i28-fd-token-answered-201') ? 201 : 200).send({ token });
  });

  route(app, ctx, 'ModifyPartnerSecret', ({ body }, reply) => {
    // i4-secret-plus-refused: a new secret holding '+' refused (read as a form-encoded space).
    if (faults.has('i4-secret-plus-refused') && String(body.newPartnerSecret).includes('+'))
      return sendError(ctx, reply, 400, 'newPartnerSecret holds a character that is not allowed');
    // Blind fault: the secret-change path checks the secret but not the lock.
    // i10-secret-255-refused: the new secret's upper bound checked as exclusive.
    if (faults.has('i10-secret-255-refused') && String(body.newPartnerSecret).length === 255)
      return sendError(ctx, reply, 400, 'newPartnerSecret is too long');
    // i26-secret-minimum-length-refused: the new secret's lower bound checked as exclusive (a secret of the shortest length refused).
    if (faults.has('i26-secret-minimum-length-refused') && String(body.newPartnerSecret).length === 12)
      return sendError(ctx, reply, 400, 'newPartnerSecret is too short');
    // i14-secret-upper-letters-not-counted: the letter rule counts lower-case letters only.
    if (faults.has('i14-secret-upper-letters-not-counted') && !/[a-z]/.test(String(body.newPartnerSecret)))
      return sendError(ctx, reply, 400, 'newPartnerSecret must hold at least one letter and one digit');
    const target = world.partners.get(body.partnerId);
    if (
      faults.has('blind-secret-change-while-locked') &&
      target &&
      (target.locked || target.failures >= MAX_FAILURES) &&
      body.partnerSecret === target.secret
    ) {
      target.secret = body.newPartnerSecret;
      return reply.code(204).send();
    }
    // Fault: the secret change checks the secret but not the lock.
    const candidate = world.partners.get(body.partnerId);
    const bypass =
      faults.has('secret-change-while-locked') &&
      candidate &&
      (candidate.locked || candidate.failures >= 5) &&
      candidate.secret === body.partnerSecret
        ? candidate
        : undefined;
    // secret-change-partner-id-trimmed: the partner id trimmed before it is looked up.
    const partnerId =
      faults.has('secret-change-partner-id-trimmed') && typeof body.partnerId === 'string' ? body.partnerId.trim() : body.partnerId;
    const partner = bypass ?? verify(partnerId, body.partnerSecret, false, faults.has('i11-secret-change-current-case-insensitive'));
    // i8-secret-change-refusal-echoes-new-secret: the refusal names the secret it did not apply.
    if (!partner && faults.has('i8-secret-change-refusal-echoes-new-secret'))
      return sendError(
        ctx,
        reply,
        401,
        `Invalid credentials or locked partner: newPartnerSecret ${String(body.newPartnerSecret)} not applied`,
      );
    // i27-secret-change-wrong-current-still-applied: a change refused for a wrong current secret still sets the new one.
    const named = world.partners.get(body.partnerId);
    if (!partner && named && !named.locked && faults.has('i27-secret-change-wrong-current-still-applied'))
      named.secret = body.newPartnerSecret;
    if (!partner) return sendError(ctx, reply, 401, 'Invalid credentials or locked partner');
    if (faults.has('i11-old-secret-valid-a-minute-after-change')) replaced.set(partner.id, { secret: partner.secret, atMs: clock.nowMs() });
    // provider 1.35.0 PartnerCredentialsWithNewSecret.immediate (true when left out): false keeps the
    // secret replaced good for the grace period; a change without one ends any period still running.
    if (body.immediate === false) partner.graced = { secret: partner.secret, untilMs: clock.nowMs() + GRACE_MS };
    else delete partner.graced;
    if (!faults.has('secret-change-ineffective')) partner.secret = body.newPartnerSecret;
    // i38-fd-secret-change-stored-lowercased: the new secret stored lower-cased (a case-folding credential store).
    if (faults.has('i38-fd-secret-change-stored-lowercased') && typeof body.newPartnerSecret === 'string')
      partner.secret = body.newPartnerSecret.toLowerCase();
    // i29-fd-secret-change-answers-200: the secret change answers 200 with the partner id, not 204.
    if (faults.has('i29-fd-secret-change-answers-200')) return reply.code(200).send({ partnerId: partner.id });
    return reply.code(204).send();
  });
}
