// The shared front of every financial data route, built from the contract (a next resource's module only adds handlers): security
// (seed 002, Authentication), path / query / body validation, and the error body. Handlers receive typed input and the calling partner.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation, Parameter } from '../../helpers/contract/contract.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { parseJson } from '../kit/app.js';
import type { MockContext } from '../kit/context.js';
import type { FdFaultId } from './catalogue.js';
import type { Exchange, FrontSeams, Refusal, Step } from './middleware.records.js';
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
  /** Opens a Connect session for a generate operation and answers its link: the stand-in's own page (connect-page.ts). */
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

/** The contract's error body (reference: {code, message, status?}): `code` the x-codes one the table gives the refusal, else the status. */
export function sendError(_ctx: FdContext, reply: FastifyReply, status: number, message: string, code?: number | string) {
  return reply.code(status).send({ code: code ?? status, message });
}

// An error the shared front answered in {code, message} (security, validation), rewritten by `build` into the shape an operation group
// declares (webhooks, connect components: the provider's {"Errors": {"Error": [...]}}) from an onSend hook; any other payload as it is.
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

const has = (op: Operation, status: number) => Boolean(op.responses[String(status)]);
const refused = (status: number, message: string): Refusal => ({ status, message });

/** The front's judgement (seed 002, Authentication and Limits; the contract's parameters and body), each step through the judge seam. */
const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
  key: (x) => {
    x.key = x.headers[x.keyHeader];
    return x.key ? undefined : refused(401, `Missing parameter (${x.names.appKey})`);
  },
  known: (x) => (x.world.appKeys.includes(String(x.key)) ? undefined : refused(401, `Invalid (${x.names.appKey})`)),
  token: (x) => {
    x.token = x.headers[x.tokenHeader];
    return !x.needsToken || x.token ? undefined : refused(401, `Missing parameter (${x.names.appToken})`);
  },
  issued: (x) => {
    if (!x.needsToken) return undefined;
    x.issued = x.world.tokens.get(String(x.token));
    x.partner = x.issued && x.world.partners.get(x.issued.partnerId);
    return x.issued ? undefined : refused(401, `Invalid (${x.names.appToken})`);
  },
  expiry: (x) => (x.issued && x.nowMs - x.issued.issuedMs >= x.lifetimeMs ? refused(401, `Expired (${x.names.appToken})`) : undefined),
  // A repeated query parameter counts by its last value; its text is read as the contract's type reads it (helpers/contract/wire-forms.ts).
  read: (x) => {
    const { type, raw } = x.param!;
    x.value = wireValue(type, Array.isArray(raw) ? raw[raw.length - 1] : raw);
    return undefined;
  },
  // A malformed path id is a 400 where documented, otherwise simply not found.
  param: (x) => {
    const error = x.param!.check(x.value);
    return error === undefined ? undefined : refused(x.param!.status, `${x.param!.name} is invalid: ${error}`);
  },
  json: (x) => (x.body instanceof SyntaxError ? refused(400, 'the body is not valid JSON') : undefined),
};
const SECURITY: Step[] = ['key', 'known', 'token', 'issued', 'expiry'];

/** Routes an operation of the contract (its id typed: a misspelled one does not compile) to its handler, behind the shared front. */
export function route(app: FastifyInstance, ctx: FdContext, operationId: FdOperationId, handler: Handler) {
  const op = ctx.contract.operation(operationId);
  const url = op.path.replace(/\{([^}]+)\}/g, ':$1');
  const seams = ctx.faults.seams<FrontSeams>('front');
  const judged = judgeThrough(seams, judge);
  const documents401 = has(op, 401);
  const security = {
    op: operationId,
    names: ctx.headerNames,
    keyHeader: ctx.headerNames.appKey.toLowerCase(),
    tokenHeader: ctx.headerNames.appToken.toLowerCase(),
    lifetimeMs: limitOf(ctx.contract, 'tokenLifetimeSeconds') * 1000,
    needsToken: op.security.every((alt) => alt.includes('PartnerAppToken')),
  };
  // Read once per route (the validator compiled at its first use, so that starting a mock compiles nothing).
  const params = op.parameters.map((param) => {
    let validate: ValidateFunction | undefined;
    const validator = () => (validate ??= ctx.contract.validator(`param:${operationId}:${param.in}:${param.name}`, param.schema));
    return {
      name: param.name,
      in: param.in,
      type: schemaOf(ctx.contract, param),
      status: param.in === 'path' && !has(op, 400) ? 404 : 400,
      check: (value: unknown) => (validator()(value) ? undefined : (validate!.errors?.[0]?.message ?? 'bad value')),
    };
  });
  app.route({
    method: op.method as any,
    url,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const x: Exchange = {
        ...security,
        headers: req.headers,
        query: (req.query ?? {}) as Record<string, unknown>,
        world: ctx.state,
        nowMs: ctx.clock.nowMs(),
      };
      const auth = judged(x, SECURITY);
      // Business operations document no 401 (seed 002, Businesses): refused as not found.
      if (auth) return sendError(ctx, reply, documents401 ? 401 : 404, auth.message);
      callers.set(req, x.partner);
      const input: Input = { path: {}, query: {}, body: undefined, partner: x.partner };
      const rawParams = req.params as Record<string, string>;
      for (const param of params) {
        const raw = param.in === 'path' ? rawParams[param.name] : param.in === 'query' ? x.query[param.name] : undefined;
        if (raw === undefined) continue;
        x.param = { ...param, raw };
        const r = judged(x, ['read', 'param']);
        if (r) return sendError(ctx, reply, r.status, r.message);
        if (param.in === 'path') input.path[param.name] = String(x.value);
        else input.query[param.name] = x.value;
      }
      if (op.requestBody) {
        x.body = parseJson(req.body);
        const r = judged(x, ['json']);
        if (r) return sendError(ctx, reply, r.status, r.message);
        const body = x.body;
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

/** The member that names a change's kind: `op`, `kind` (the reports) or `what` (authentication). */
type KindTag<C> = 'op' extends keyof C ? 'op' : 'kind' extends keyof C ? 'kind' : 'what' extends keyof C ? 'what' : never;
/** The change of one kind, as a resource's Change union declares it. */
type ChangeOf<C, K> = Extract<C, Record<KindTag<C>, K>>;

/**
 * A resource's change through its state seam, typed as the change of the kind it passed: a fault bends a change's members,
 * never its kind (fault-builders.ts `changed`), so what the seam leaves is of the same kind. The one cast of the state seams.
 */
export const stateThrough =
  <X, C>(seams: { state(x: X, change: C): C }) =>
  <K extends C[KindTag<C>]>(x: X, change: ChangeOf<C, K>): ChangeOf<C, K> =>
    seams.state(x, change) as ChangeOf<C, K>;
