// What every installments operation checks before its business rule, in the order a gateway would (a body's media type is judged
// before, as it is read: mocks/kit/body.ts): OAuth 1.0a signature and body hash (401), the consumer key's rights (403), Accept (406),
// query and header parameters, the JSON body against the contract, and the card data: a root JWE `encryptedValue`, decrypted and
// checked against its plaintext schema (provider 2.0.0 `sensitiveData`, refused in clear, as a plan's merchant name is).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation, Parameter } from '../../helpers/contract/contract.js';
import type { InstallmentsOperationId } from '../../helpers/contract/operations.js';
import { parameterDefault, parameterRange } from '../../helpers/contract/facts.js';
import { wireValue } from '../../helpers/contract/wire-forms.js';
import { verifyRequest } from '../../helpers/auth/oauth1.js';
import type { Seams } from '../kit/faults.js';
import type { MockContext } from '../kit/context.js';
import { violations, type Violation } from '../kit/validation.js';
import { documentedRefusal, INVALID, MISSING, sendError, sendRefusal } from './errors.js';
import { decryptJson, type InstallmentsKeys } from './keys.js';
import { exchangeOf, type Exchange, type Guarded, type InstallmentsSeams, type Refusal } from './seams.js';
import type { InstallmentsState } from './state.js';

export type { Guarded };

// provider 2.0.0: which `sensitiveData` schema each operation's encryptedValue decrypts to.
const PLAINTEXT: Record<string, string> = {
  registerPans: 'PanListSensitiveData',
  deregisterPans: 'PanListSensitiveData',
  approvedOffers: 'OffersSensitiveData',
  savePlan: 'PlanSensitiveData',
  notifyPlan: 'NotificationSensitiveData',
};

export type Guard = (req: FastifyRequest, reply: FastifyReply, operationId: InstallmentsOperationId) => Promise<Guarded | undefined>;

export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => ['application/json', 'application/*', '*/*'].includes(part.split(';')[0].trim().toLowerCase()));
}

/** The 406 of an Accept without JSON. */
export const NOT_ACCEPTABLE: Refusal = { status: 406, reasonCode: 'NOT_ACCEPTABLE', description: 'Only application/json can be produced.' };

/** A request's members the contract refuses, as one refusal (its first member's reason). */
export const invalidMembers = (found: Violation[]): Refusal => ({
  status: 400,
  reasonCode: found[0]?.keyword === 'required' ? MISSING : INVALID,
  description: found[0]?.message ?? 'the request is invalid',
  violations: found,
});

/** What the guard reads of an operation in the contract. */
interface OperationShape {
  op: Operation;
  /** The page size without a `limit`, when the operation pages (the contract's limit parameter). */
  paging: { defaultLimit?: number };
  limitMax: number;
  /** The query and header parameters, each with its validator (compiled with the shape, when the mock starts). */
  inputs: { param: Parameter; validate: ValidateFunction }[];
}

function operationShape(contract: Contract, operationId: InstallmentsOperationId): OperationShape {
  const op = contract.operation(operationId);
  // The operation's page bounds, when it pages (the contract's limit parameter).
  const limitParam = op.parameters.find((p) => p.name === 'limit');
  return {
    op,
    paging: limitParam ? { defaultLimit: Number(parameterDefault(contract, operationId, 'limit')) } : {},
    limitMax: limitParam ? parameterRange(contract, operationId, 'limit').max! : Infinity,
    inputs: op.parameters
      .filter((p) => p.in === 'query' || p.in === 'header')
      .map((param) => ({ param, validate: contract.validator(`param:${operationId}:${param.name}`, param.schema) })),
  };
}

/**
 * The URL a request was signed over (OAuth 1.0a base string URI): an absolute-form target (RFC 9112 3.2.2, `POST http://host/path`)
 * is that URL, an origin-form one is joined to its Host; a target no URL can be made of is kept apart ("http://invalid"), so that
 * its signature is rejected and nothing builds an invalid URL.
 */
export function signedUrl(req: Pick<FastifyRequest, 'url' | 'headers'>): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(req.url);
  const url = absolute ? req.url : `http://${req.headers.host}${req.url}`;
  try {
    // Checked, and passed on as written: the signer's base string reads it as the client wrote it (no dot segment resolved).
    new URL(url);
    return url;
  } catch {
    return 'http://invalid/';
  }
}

export function createGuard(ctx: MockContext, contract: Contract, world: InstallmentsState, keys: InstallmentsKeys): Guard {
  const { faults, clock } = ctx;
  const seams = faults.seams<InstallmentsSeams>();
  // What the guard reads of each operation in the contract, looked up once at start, not per request nor at an operation's first request
  // (code run only then would be counted to whichever test came first by the sampled mutants' coverage, docs/mutation.md).
  const shapes = new Map<InstallmentsOperationId, OperationShape>();
  for (const operationId of contract.operations.keys() as Iterable<InstallmentsOperationId>)
    shapes.set(operationId, operationShape(contract, operationId));
  /** The judgement, step by step through the judge seam: what it lets through, or its refusal and the request it judged. */
  const judge = async (x: Exchange, req: FastifyRequest, operationId: InstallmentsOperationId): Promise<Guarded | [Refusal, unknown?]> => {
    const { op, paging, limitMax, inputs } = shapes.get(operationId)!;
    const raw = typeof req.body === 'string' ? req.body : undefined;
    x.signed = verifyRequest(
      { method: req.method, url: signedUrl(req), authorization: req.headers.authorization, body: raw },
      (key) => world.keys.find((k) => k.consumerKey === key)?.publicKey,
    );
    const unsigned = seams.judge(
      x,
      'signature',
      x.signed.ok ? undefined : { status: 401, reasonCode: 'UNAUTHORIZED', description: `OAuth signature rejected (${x.signed.reason}).` },
    );
    if (unsigned) return [unsigned];
    const consumerKey = x.signed.consumerKey ?? world.keys[0].consumerKey;
    const allowed = world.keys.find((k) => k.consumerKey === consumerKey)!.operations;
    const forbidden = seams.judge(
      x,
      'forbidden',
      allowed === '*' || allowed.includes(operationId)
        ? undefined
        : { status: 403, reasonCode: 'FORBIDDEN', description: `The consumer key may not call ${operationId}.` },
    );
    if (forbidden) return [forbidden];
    const notAcceptable = seams.judge(x, 'accept', op.responses['406'] && !acceptsJson(req.headers.accept) ? NOT_ACCEPTABLE : undefined);
    if (notAcceptable) return [notAcceptable];
    // A body of a type its operation does not take never gets here (mocks/kit/body.ts: approvedOffers' 415).
    const unsupported = op.responses['415'] && raw ? seams.judge(x, 'media', undefined) : undefined;
    if (unsupported) return [unsupported];

    const query = new URL(req.url, 'http://mock').searchParams;
    for (const { param: p, validate } of inputs) {
      const value = p.in === 'query' ? (query.get(p.name) ?? undefined) : (req.headers[p.name.toLowerCase()] as string | undefined);
      x.param = { name: p.name, value, ...(p.name === 'limit' ? { max: limitMax } : {}) };
      const found =
        value === undefined
          ? p.required
            ? [{ field: p.name, keyword: 'required', message: `${p.name} is required` }]
            : []
          : validate(wireValue(p.schema, value))
            ? []
            : violations(validate.errors, p.name);
      // A member left out is answered as such; one off its schema as the provider's error example for it where one is given.
      const refused = seams.judge(x, 'param', found.length ? invalidMembers(found) : undefined);
      if (refused) return [refused, value === undefined ? undefined : {}];
    }
    x.param = undefined;

    if (!op.requestBody) return { body: undefined, query, consumerKey, ...paging };
    // The body as read (x.sent: undefined when it is not JSON).
    seams.judge(x, 'body-read', undefined);
    const parsed = x.sent;
    if (parsed === undefined) return [invalidMembers([{ field: 'body', keyword: 'type', message: 'the body must be JSON' }])];
    const validate = contract.requestValidator(operationId)!;
    const invalidBody = seams.judge(x, 'body', validate(parsed) ? undefined : invalidMembers(violations(validate.errors)));
    if (invalidBody) return [invalidBody, parsed];
    const body = parsed as any;
    // provider 2.0.0: `sensitiveData` is what Mastercard obtains by decrypting `encryptedValue`, and the client encrypts it (each Plain
    // example's note). No answer to clear card data is documented: the generic 400 of a bad request (deviation ledger, EncryptedValue).
    if (operationId !== 'notifyPlan' && body?.sensitiveData !== undefined)
      return [
        invalidMembers([
          {
            field: 'sensitiveData',
            keyword: 'format',
            message: 'card data travels encrypted in encryptedValue, never in clear sensitiveData',
          },
        ]),
      ];
    // provider 2.0.0, POST /plans: the merchant name is encrypted with the card as part of sensitiveData, so a plan's name in clear is
    // refused as clear card data is (its schema and examples carry it in clear: conflicts.yaml IN-DEVIATION-PLAN-MERCHANT-NAME-CLEAR).
    if (operationId === 'savePlan' && body?.merchant?.name !== undefined)
      return [
        invalidMembers([
          {
            field: 'merchant.name',
            keyword: 'format',
            message: 'the merchant name travels encrypted in encryptedValue (sensitiveData.merchant.name), never in clear',
          },
        ]),
      ];
    const encrypted = body?.encryptedValue;
    if (encrypted === undefined) return { body, query, consumerKey, ...paging };
    const plain = await decryptJson(keys, encrypted);
    if (plain === undefined)
      return [
        invalidMembers([{ field: 'encryptedValue', keyword: 'format', message: 'encryptedValue does not decrypt with the published key' }]),
      ];
    const plainValidate = contract.component(PLAINTEXT[operationId]);
    const invalidPlain = seams.judge(
      x,
      'plain',
      plain === undefined || plainValidate(plain) ? undefined : invalidMembers(violations(plainValidate.errors, 'encryptedValue')),
    );
    if (invalidPlain) return [invalidPlain, { encryptedValue: plain }];
    return { body, plain, query, consumerKey, ...paging };
  };
  // The exchange (seams.ts) learns its operation, and what the guard let through or the status it refused with. A member the
  // contract refuses is answered as the provider's error example for it where one is given (errors.ts documentedRefusal).
  return async (req, reply, operationId) => {
    const x = exchangeOf(req, world, () => clock.nowMs());
    x.op = operationId;
    const judged = await judge(x, req, operationId);
    if (!Array.isArray(judged)) return (x.ok = judged);
    const [refusal, sent] = judged;
    x.refused = refusal.status;
    const documented = refusal.violations && sent !== undefined ? documentedRefusal(operationId, refusal.violations, sent) : undefined;
    if (documented) sendError(reply, 400, ...documented);
    else sendRefusal(reply, refusal);
    return undefined;
  };
}

/** offset/limit of a paged query (provider 2.0.0: offset default 0; limit's default is the contract's): the window taken through the state seam. */
export function page<T>(items: T[], x: Exchange, reply: FastifyReply, seams: Seams<InstallmentsSeams>): T[] {
  const offset = Number(x.ok!.query.get('offset') ?? 0);
  const limit = Number(x.ok!.query.get('limit') ?? x.ok!.defaultLimit);
  const { window } = seams.state(x, { window: { offset, limit, from: offset, size: limit } });
  const slice = items.slice(window!.from, window!.from + window!.size);
  reply
    .header('Count', String(slice.length))
    .header('Offset', String(window!.offset))
    .header('Limit', String(window!.limit))
    .header('Total', String(items.length));
  return slice;
}
