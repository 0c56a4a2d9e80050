// The shared front of every financial data route, built from the contract (so a module for the
// next resource only adds handlers): security (seed 002, Authentication), path / query / body
// validation, and the error body. Handlers receive typed input and the calling partner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation, Parameter } from '../../helpers/contract/contract.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { parseJson } from '../kit/app.js';
import type { MockContext } from '../kit/context.js';
import type { FdFaultId } from './catalogue.js';
import { violations } from '../kit/validation.js';
import type { FdState, Partner } from './state.js';
import type { Input } from './input.js';
import { limitOf, type FdHeaderNames } from '../../helpers/contract/facts.js';
import { wireValue } from '../../helpers/contract/wire-forms.js';

export type { FdHeaderNames };

export interface FdContext extends MockContext<FdFaultId> {
  state: FdState;
  contract: Contract;
  headerNames: FdHeaderNames;
  /** Set when the mock runs as the stand-in of the provider's sandbox (mocks/stand-in.ts): its limits and Connect pages. */
  standIn?: FdStandIn;
}

/** What the stand-in of the provider's sandbox adds to the financial data mock. */
export interface FdStandIn {
  /** Live testing customers per partner (provider Test the APIs page; x-limits sandboxTestingCustomers, stand-in-limits.ts). */
  testingCustomers: number;
  /** Accounts per customer (provider Test the APIs page: up to 20 per testing customer). */
  accountsPerCustomer: number;
  /** Real seconds a report stays inProgress (stand-in-limits.ts, STAND_IN_REPORT_READY_AFTER_S). */
  reportReadyAfterS: number;
  /**
   * Opens a Connect session for a generate operation and answers its link: the stand-in's own
   * page (connect-page.ts), where the accounts are added by signing in as a person would.
   */
  connectLink: (scheme: string, params: URLSearchParams, request: ConnectRequest) => string;
}

/** What a generate operation asked, for the Connect session its link opens (stand-in mode). */
export interface ConnectRequest {
  partnerId: string;
  /** The customer the accounts are added to (the link's customer). */
  customerId?: string;
  /** The session type of the link (aggregation, lite, fix, jointBorrower, microEntryVerify, transfer...). */
  type: string;
  /** The request body (Lite Connect's institutionId, Fix Connect's institutionLoginId). */
  body: any;
}

export type { Input };

export type Handler = (input: Input, reply: FastifyReply) => unknown;

/** The partner each request authenticated as, for the shared guards that receive the reply only. */
const callers = new WeakMap<FastifyRequest, Partner | undefined>();
/** The partner a request authenticated as (undefined: a route that needs no token, or not yet authenticated). */
export const callerOf = (req: FastifyRequest): Partner | undefined => callers.get(req);

/**
 * Error body of the contract (reference: {code, message, status?}); `code` the provider's code where
 * the contract's table gives the refusal one (x-codes), else the status.
 */
export function sendError(ctx: FdContext, reply: FastifyReply, status: number, message: string, code?: number | string) {
  if (ctx.faults.has('error-body-wrong-shape')) return reply.code(status).send({ error: message });
  // Blind fault: the 409 alone loses its code (status as text instead).
  if (status === 409 && ctx.faults.has('blind-conflict-body-without-code'))
    return reply.code(status).send({ status: String(status), message });
  return reply.code(status).send({ code: code ?? status, message });
}

/**
 * An error the shared front answered in {code, message} (security, validation), rewritten by `build`
 * into the shape an operation group declares instead (webhook subscriptions and connect
 * components: the provider's {"Errors": {"Error": [...]}}). Used from an onSend hook of the group's
 * routes; any other payload is returned as it is.
 */
export function rewriteFrontError(status: number, payload: unknown, build: (status: number, description: string) => unknown): unknown {
  if (status < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (!body || typeof body !== 'object' || 'Errors' in body) return payload;
    return JSON.stringify(build(status, String(body.message ?? body.error ?? 'error')));
  } catch {
    return payload;
  }
}

/** A parameter's schema with its $ref followed, whose type the text of a query or path value is read as (wireValue). */
function schemaOf(contract: Contract, param: Parameter): unknown {
  const ref = String(param.schema?.$ref ?? '')
    .split('/')
    .pop();
  return ref ? contract.componentSchema(ref) : param.schema;
}

/** A repeated query parameter counts by its last value; its text is read as the contract's type reads it (helpers/contract/wire-forms.ts). */
function coerce(schema: unknown, raw: unknown): unknown {
  return wireValue(schema, Array.isArray(raw) ? raw[raw.length - 1] : raw);
}

const has = (op: Operation, status: number) => Boolean(op.responses[String(status)]);

/** What the security check reads of a route and of the mock's start, looked up once per route, not per request. */
interface SecurityOf {
  /** The operation's every security alternative names the partner token (seed 002, Authentication). */
  tokenRequired: boolean;
  /** The security header names the mock was started with, lower-cased as Node gives request headers. */
  keyHeader: string;
  tokenHeader: string;
  /** seed 002, Limits: a token's lifetime (the contract's x-limits). */
  lifetimeMs: number;
  /** GET /institution/v2/institutions (the route blind-expired-token-accepted-on-institutions spares). */
  institutionSearch: boolean;
}

function securityOf(ctx: FdContext, op: Operation): SecurityOf {
  return {
    tokenRequired: op.security.every((alt) => alt.includes('PartnerAppToken')),
    keyHeader: ctx.headerNames.appKey.toLowerCase(),
    tokenHeader: ctx.headerNames.appToken.toLowerCase(),
    lifetimeMs: limitOf(ctx.contract, 'tokenLifetimeSeconds') * 1000,
    institutionSearch: op.method.toLowerCase() === 'get' && op.path === '/institution/v2/institutions',
  };
}

const refused = (message: string) => ({ status: 401, message });

/** The 401 message of a missing security header. */
// Blind fault: the missing-header 401 no longer names the header.
const missingHeader = (ctx: FdContext, header: string) =>
  ctx.faults.has('blind-missing-header-unnamed') ? 'Missing parameter' : `Missing parameter (${header})`;

/** Whether an app key is one the mock issued. */
function knownAppKey(ctx: FdContext, key: string): boolean {
  const { faults, state: world } = ctx;
  if (world.appKeys.includes(key)) return true;
  // Blind fault: the app key compared on its first 16 characters only.
  // app-key-separators-folded: the key compared with - and _ taken as one separator.
  const folded = (k: string) => k.replace(/-/g, '_');
  if (faults.has('app-key-separators-folded') && world.appKeys.some((real) => folded(real) === folded(key))) return true;
  if (faults.has('blind-app-key-prefix-match') && world.appKeys.some((real) => key.length >= 16 && real.slice(0, 16) === key.slice(0, 16)))
    return true;
  return faults.has('app-key-suffix-accepted') && world.appKeys.some((real) => key.startsWith(real));
}

/** A token's lifetime, as the faults that move it have it. */
function tokenLifetimeMs(ctx: FdContext, contractMs: number): number {
  const { faults } = ctx;
  if (faults.has('token-expires-early')) return 80 * 60 * 1000;
  if (faults.has('token-valid-100-minutes')) return 100 * 60 * 1000;
  if (faults.has('blind-token-expires-at-90-minutes')) return 90 * 60 * 1000;
  if (faults.has('blind-token-grace-five-minutes')) return contractMs + 5 * 60 * 1000;
  return contractMs;
}

/** Which answer the security check gives, or undefined when the caller may proceed. */
function authenticate(ctx: FdContext, sec: SecurityOf, req: FastifyRequest): { status: number; message: string } | { partner?: Partner } {
  const { faults, state: world, clock } = ctx;
  const names = ctx.headerNames;
  const needsToken = sec.tokenRequired || faults.has('create-token-needs-token');
  let key = req.headers[sec.keyHeader];
  let token = req.headers[sec.tokenHeader];
  // rt-app-key-from-query, rt-token-from-query: a credential missing from its header read from the query.
  const query = (req.query ?? {}) as Record<string, unknown>;
  const fromQuery = (name: string) => query[name] ?? Object.entries(query).find(([k]) => k.toLowerCase() === name)?.[1];
  if (!key && faults.has('rt-app-key-from-query')) key = fromQuery(sec.keyHeader) as string | undefined;
  if (!token && faults.has('rt-token-from-query')) token = fromQuery(sec.tokenHeader) as string | undefined;
  // Seeded faults of the headers' form (seed 002, Authentication: each carries the key or the token itself).
  if (faults.has('app-key-scheme-prefix-stripped') && typeof key === 'string') key = key.replace(/^(Bearer|Basic)\s+/i, '');
  if (faults.has('token-first-of-duplicates') && typeof token === 'string') token = token.split(',')[0].trim();
  if (faults.has('token-case-insensitive') && typeof token === 'string')
    token = [...world.tokens.keys()].find((t) => t.toLowerCase() === String(token).toLowerCase()) ?? token;
  if (!key && !(token && faults.has('token-accepted-without-app-key'))) return refused(missingHeader(ctx, names.appKey));
  if (key && !knownAppKey(ctx, String(key)) && !faults.has('unknown-app-key-accepted')) return refused(`Invalid (${names.appKey})`);
  if (!needsToken) return {};
  if (!token)
    return faults.has('token-not-required') ? { partner: [...world.partners.values()][0] } : refused(missingHeader(ctx, names.appToken));
  const issued = world.tokens.get(String(token));
  if (!issued)
    return faults.has('invalid-token-accepted') ? { partner: [...world.partners.values()][0] } : refused(`Invalid (${names.appToken})`);
  // Blind fault: the institution search route forgets the expiry check.
  const expiryChecked =
    !(sec.institutionSearch && faults.has('blind-expired-token-accepted-on-institutions')) &&
    // i20-expired-token-accepted-on-deletes: the DELETE operations skip the expiry check.
    !(faults.has('i20-expired-token-accepted-on-deletes') && req.method === 'DELETE') &&
    // i30-fd-expired-token-accepted-on-report-reads: the v3 report readers (another gateway) skip the expiry check.
    !(faults.has('i30-fd-expired-token-accepted-on-report-reads') && req.url.startsWith('/decisioning/v3/')) &&
    // i32-fd-expired-token-accepted-on-webhooks: the webhook subscription gateway skips the expiry check.
    !(faults.has('i32-fd-expired-token-accepted-on-webhooks') && req.url.startsWith('/notification-subscriptions/')) &&
    // i36-fd-expired-token-accepted-on-transfer: the transfer (switches) gateway skips the expiry check.
    !(faults.has('i36-fd-expired-token-accepted-on-transfer') && req.url.startsWith('/transfer/'));
  // i10-token-expires-five-minutes-early: a safety margin of five minutes taken off the token's lifetime.
  // i21-token-grace-minute: a minute of grace added to the token's lifetime.
  // i33-fd-token-expires-at-renewal-age: a token refused once it reaches the age at which a client should renew it.
  const margin = faults.has('i33-fd-token-expires-at-renewal-age')
    ? 30 * 60_000
    : faults.has('i10-token-expires-five-minutes-early')
      ? 5 * 60_000
      : faults.has('i21-token-grace-minute')
        ? -60_000
        : 0;
  if (
    clock.nowMs() - issued.issuedMs >= tokenLifetimeMs(ctx, sec.lifetimeMs) - margin &&
    !faults.has('token-never-expires') &&
    expiryChecked
  )
    return refused(`Expired (${names.appToken})`);
  // i14-token-lifetime-renewed-on-use: each accepted call restarts the token's two hours.
  if (faults.has('i14-token-lifetime-renewed-on-use')) issued.issuedMs = clock.nowMs();
  return { partner: world.partners.get(issued.partnerId) };
}

/** Routes an operation of the contract (its id typed: a misspelled one does not compile) to its handler, behind the shared front. */
export function route(app: FastifyInstance, ctx: FdContext, operationId: FdOperationId, handler: Handler) {
  const op = ctx.contract.operation(operationId);
  const url = op.path.replace(/\{([^}]+)\}/g, ':$1');
  const security = securityOf(ctx, op);
  // What every request of the route reads about its parameters, looked up once per route (the
  // validator compiled at its first use, so that starting a mock compiles nothing).
  const params = op.parameters.map((param) => {
    let validate: ValidateFunction | undefined;
    return {
      param,
      type: schemaOf(ctx.contract, param),
      validate: () => (validate ??= ctx.contract.validator(`param:${operationId}:${param.in}:${param.name}`, param.schema)),
    };
  });
  app.route({
    method: op.method as any,
    url,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const auth = authenticate(ctx, security, req);
      if ('status' in auth) {
        // Business operations document no 401 (seed 002, Businesses): refused as not found.
        if (has(op, 401) || !ctx.faults.has('business-auth-skipped')) return sendError(ctx, reply, has(op, 401) ? 401 : 404, auth.message);
      }
      const partner = 'partner' in auth ? auth.partner : undefined;
      callers.set(req, partner);
      const input: Input = { path: {}, query: {}, body: undefined, partner };
      const rawParams = req.params as Record<string, string>;
      const rawQuery = req.query as Record<string, unknown>;
      for (const { param, type, validate: validatorOf } of params) {
        const raw = param.in === 'path' ? rawParams[param.name] : param.in === 'query' ? rawQuery[param.name] : undefined;
        if (raw === undefined) continue;
        const value =
          ctx.faults.has('param-number-forms-loose') &&
          /^(integer|number)$/.test(String((type as { type?: unknown })?.type)) &&
          typeof raw === 'string' &&
          raw !== '' &&
          Number.isFinite(Number(raw))
            ? Number(raw)
            : coerce(type, raw);
        const validate = validatorOf();
        if (!validate(value)) {
          // A malformed path id is a 400 where documented, otherwise simply not found.
          const status = param.in === 'path' && !has(op, 400) ? 404 : 400;
          return sendError(ctx, reply, status, `${param.name} is invalid: ${validate.errors?.[0]?.message ?? 'bad value'}`);
        }
        if (param.in === 'path') input.path[param.name] = String(value);
        else input.query[param.name] = value;
      }
      if (op.requestBody) {
        const body = parseJson(req.body);
        if (body instanceof SyntaxError) {
          if (ctx.faults.has('bad-json-crashes')) return reply.code(500).send({ code: 500, message: 'Unexpected token' });
          return sendError(ctx, reply, 400, 'the body is not valid JSON');
        }
        if (body === undefined && op.requestBody.required) return sendError(ctx, reply, 400, 'a JSON body is required');
        const validate = ctx.contract.requestValidator(operationId);
        if (body !== undefined && validate && !validate(body)) {
          const found = violations(validate.errors);
          return sendError(ctx, reply, 400, found.map((v) => v.message).join('; ') || 'the body is invalid');
        }
        input.body = body;
      }
      return handler(input, reply);
    },
  });
}

/** A resource's judgement through its seam: the steps in order, the first refusal the seam leaves stands. */
export const judgeThrough =
  <X, S extends string, R>(
    seams: { judge(x: X, step: S, refusal: R | undefined): R | undefined },
    judge: Record<S, (x: X) => R | undefined>,
  ) =>
  (x: X, steps: S[]): R | undefined => {
    for (const step of steps) {
      const refusal = seams.judge(x, step, judge[step](x));
      if (refusal) return refusal;
    }
    return undefined;
  };

/** A resource's answer through its seam: the status and body the seam leaves, no body when it has none. */
export const answerThrough =
  <X, A extends { status: number; body?: unknown }>(seams: { answer(x: X, answer: A): A }) =>
  (x: X, reply: FastifyReply, a: A) => {
    const sent = seams.answer(x, a);
    reply.code(sent.status);
    return sent.body === undefined ? reply.send() : reply.send(sent.body);
  };
