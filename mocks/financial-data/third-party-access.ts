// Third-party access keys and authorization details (seed 002, Endpoints - App registration and third-party access; rules:
// schemas/financial-data/rules/app-registration.yaml). Keys: generated (200, a signed consent receipt naming the customer and its
// accounts by pseudo identifiers: provider 1.35.0 ThirdPartyAccessKeyReceiptData), updated (200, same id), revoked (204; then 404).
// Authorization details: an OAuth login answers its period, a legacy one 404 code 3003; the mock's choice for 3004 (predating the
// endpoint): the logins at FinBank Profiles - B (102105).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext, type Input } from './middleware.js';
import { DAY_S } from './portfolio.js';
import { accountsOfLogin, findAccount, findCustomer, type AccessKey } from './state.js';
import {
  BAD_PERIOD,
  coded,
  NO_KEY,
  noAccount,
  receiptContent,
  signedReceipt,
  type AccessSeams,
  type Answer,
  type Exchange,
  type Refusal,
  type Step,
} from './third-party-access.records.js';

/** Institution whose OAuth authorizations the mock dates before the endpoint (3004). */
export const PREDATING_INSTITUTION_ID = '102105';
const AUTHORIZATION_DAYS = 365;

const isoMs = (ms: number) => new Date(ms).toISOString();

export function registerAccess(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<AccessSeams>('third-party-access');
  const changed = stateThrough(seams);
  const state = () => world.accessKeys;
  const NOT_FOUND = 'Institution Login Id is not found';

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002: a live key of the partner; a revoked one is gone (404).
    key: (x) => {
      const key = state().keys.get(x.input.path.consentReceiptId);
      x.key = key && key.partnerId === x.input.partner?.id && !key.revoked ? key : undefined;
      return x.key ? undefined : NO_KEY;
    },
    // seed 002, Errors 404: the body's customer is the partner's.
    customer: (x) =>
      findCustomer(world, x.input.body.customerId, x.partnerId) ? undefined : { status: 404, message: 'Customer not found.' },
    // seed 002, Errors 404: every product names an account of that customer.
    accounts: (x) => {
      const missing = x.input.body.products.find((p: any) => !findAccount(world, x.input.body.customerId, p.accountId, x.partnerId));
      return missing ? noAccount(missing) : undefined;
    },
    // Assumption FD-ACCESSKEY-PERIOD: each period ends after it starts.
    periods: (x) =>
      x.input.body.products.some((p: any) => !(Date.parse(p.accessPeriod.endTime) > Date.parse(p.accessPeriod.startTime)))
        ? BAD_PERIOD
        : undefined,
    // provider 1.35.0 example: 3003 for a login the partner does not have.
    login: (x) => {
      const login = world.logins.get(Number(x.input.path.institution_login_id));
      x.login = login && findCustomer(world, login.customerId, x.input.partner?.id) ? login : undefined;
      return x.login ? undefined : coded(404, '3003', NOT_FOUND);
    },
    // seed 002: OAuth only; a legacy connection not migrated is 3003.
    legacy: (x) => (x.login!.legacy && !x.login!.migrated ? coded(404, '3003', NOT_FOUND) : undefined),
    // 3004: the logins whose authorization predates the endpoint (this mock's choice, above).
    available: (x) =>
      x.login!.institutionId === PREDATING_INSTITUTION_ID ? coded(404, '3004', 'Institution Login Id details are not found') : undefined,
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  /** An operation: its exchange, then the handler; a refusal in the error body of the contract, or in its own through the answer seam. */
  const on = (op: Exchange['op'], steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, op, (input: Input, reply) => {
      const x: Exchange = { op, input, world, nowMs: clock.nowMs(), partnerId: input.partner?.id };
      const refusal = judged(x, steps);
      if (!refusal) return handler(x, reply);
      return refusal.body
        ? answer(x, reply, { status: refusal.status, body: refusal.body })
        : sendError(ctx, reply, refusal.status, refusal.message!);
    });
  /** The signed receipt of a key (provider 1.35.0 ThirdPartyAccessKeyReceiptData): pseudo ids, never the real ones. */
  const receipt = (x: Exchange, key: AccessKey, reply: FastifyReply) =>
    answer(x, reply, { status: 200, body: signedReceipt(receiptContent(key, x.nowMs), state().signingKey) });

  on('GenerateThirdPartyAccessKey', ['customer', 'accounts', 'periods'], (x, reply) => {
    const s = state();
    const receiptId = `cr_${createHash('sha256')
      .update(`${x.partnerId}:${++s.seq}:${x.nowMs}`)
      .digest('base64url')
      .replace(/[-_]/g, 'x')
      .slice(0, 30)}`;
    const made: AccessKey = { receiptId, partnerId: x.partnerId!, customerId: x.input.body.customerId, body: x.input.body, revoked: false };
    x.key = changed(x, { op: 'generate', key: made }).key;
    s.keys.set(x.key.receiptId, x.key);
    return receipt(x, x.key, reply);
  });

  // seed 002: an update re-signs the key's receipt, same id, for the products and periods sent.
  on('UpdateThirdPartyAccessKey', ['key', 'customer', 'accounts', 'periods'], (x, reply) => {
    const change = changed(x, { op: 'update', key: x.key!, body: x.input.body });
    x.key = Object.assign(change.key, { body: change.body, customerId: change.body.customerId });
    return receipt(x, x.key, reply);
  });

  on('RevokeThirdPartyAccessKey', ['key'], (x, reply) => {
    x.key!.revoked = true;
    return answer(x, reply, { status: 204 });
  });

  // --- Authorization details (seed 002: OAuth only; 3003 legacy connection, 3004 details unavailable)
  on('getCustomerAuthorizationDetails', ['login', 'legacy', 'available'], (x, reply) => {
    const id = x.login!.id;
    // The authorization was granted when the login was linked (its accounts' createdDate).
    const linkedS = accountsOfLogin(world, id)[0]?.createdDate ?? Math.floor(x.nowMs / 1000);
    return answer(x, reply, {
      status: 200,
      body: {
        institutionLoginId: id,
        authorizationStartDate: isoMs(linkedS * 1000),
        authorizationEndDate: isoMs((linkedS + AUTHORIZATION_DAYS * DAY_S) * 1000),
      },
    });
  });
}
