// Statements, pay statements and assets (seed 002, Endpoints - Statements, pay statements, assets; rules:
// schemas/financial-data/rules/statements.yaml): a monthly statement PDF (v1), up to 24 statements' details with asset ids (v3),
// stored pay statements, and any asset of the customer downloaded byte for byte.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { findAccount, findCustomer, type Asset, type FdState } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import {
  assetIdOf,
  period,
  statementPdf,
  type Answer,
  type Exchange,
  type Refusal,
  type Statement,
  type StatementSeams,
  type Step,
} from './statements.records.js';

/** A stored asset, read-only (income reports take pay statements' ids); `label` only on pay statements (StoreCustomerPayStatement). */
export function storedAsset(world: FdState, assetId: string): Readonly<Asset> | undefined {
  return world.statements.assets.get(assetId);
}

export function registerStatements(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<StatementSeams>('statements');
  const state = () => world.statements;

  const exchange = (op: FdOperationId, input: Input, reply: FastifyReply): Exchange => {
    const x: Exchange = {
      op,
      input,
      world,
      nowMs: clock.nowMs(),
      nowS: clock.nowEpochSeconds(),
      accept: String(reply.request.headers.accept ?? ''),
      period: (index) => period(x.nowMs, index),
      // The statement of an index: its PDF and asset id, its asset registered so that it downloads that PDF.
      statementOf: (index): Statement => {
        const account = x.account!;
        const p = x.period(index);
        const id = assetIdOf(`statement:${account.id}:${index}:${p.documentDate}`, account.customerId);
        const pdf = statementPdf(account, index, p);
        state().assets.set(id, { customerId: account.customerId, bytes: pdf });
        return { id, pdf, p };
      },
    };
    return x;
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    account: (x) => {
      x.account = findAccount(world, x.input.path.customerId, x.input.path.accountId, x.input.partner?.id);
      return x.account ? undefined : { status: 404, message: 'Customer or account not found' };
    },
    customer: (x) =>
      findCustomer(world, x.input.path.customerId, x.input.partner?.id) ? undefined : { status: 404, message: 'Customer not found' },
    // seed 002 Errors 203: the institution asks a multi-factor challenge (no body, provider 1.35.0).
    mfa: (x) => (x.account!.mfa ? { status: 203, message: '' } : undefined),
    // provider 1.35.0 GetCustomerAccountStatement: index 1 (the most recent) by default.
    read: (x) => {
      x.index = (x.input.query.index as number | undefined) ?? 1;
      x.read = x.index;
      return undefined;
    },
    // provider 1.35.0 StatementIndexesParameter: a list of indexes, "1" by default; one detail each, in the order asked.
    indexes: (x) => {
      x.indexes = String(x.input.query.index ?? '1')
        .split(',')
        .map(Number);
      return undefined;
    },
    // seed 002: the asset of the customer of the path (another customer's, or none, a 404).
    asset: (x) => {
      const asset = state().assets.get(x.input.path.assetId);
      x.asset = asset?.customerId === x.input.path.customerId ? asset : undefined;
      return x.asset ? undefined : { status: 404, message: 'Asset not found' };
    },
  };
  const judged = judgeThrough(seams, judge);
  const send = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    reply.code(sent.status);
    if (sent.type) reply.type(sent.type);
    return sent.body === undefined ? reply.send() : reply.send(sent.body);
  };
  /** Judges `steps`; a refusal is answered (203 without a body). True when answered. */
  const refused = (x: Exchange, reply: FastifyReply, steps: Step[]): boolean => {
    const r = judged(x, steps);
    if (r) r.status === 203 ? reply.code(203).send() : sendError(ctx, reply, r.status, r.message);
    return r !== undefined;
  };

  route(app, ctx, 'GetCustomerAccountStatement', (input, reply) => {
    const x = exchange('GetCustomerAccountStatement', input, reply);
    if (refused(x, reply, ['account', 'mfa', 'read'])) return reply;
    return send(x, reply, { status: 200, type: 'application/pdf', body: x.statementOf(x.read!).pdf });
  });

  route(app, ctx, 'GetCustomerAccountMultipleStatement', (input, reply) => {
    const x = exchange('GetCustomerAccountMultipleStatement', input, reply);
    if (refused(x, reply, ['account', 'mfa', 'indexes'])) return reply;
    const statements = x.indexes!.map((index) => {
      const { id, p } = x.statementOf(index);
      return { index: String(index), id, asOfDate: x.nowS, description: p.description, documentDate: p.documentDate };
    });
    return send(x, reply, { status: 200, body: { statements } });
  });

  route(app, ctx, 'StoreCustomerPayStatement', (input, reply) => {
    const x = exchange('StoreCustomerPayStatement', input, reply);
    if (refused(x, reply, ['customer'])) return reply;
    const customerId = input.path.customerId;
    const id = assetIdOf(`pay:${customerId}:${++state().seq}`, customerId);
    const change = seams.state(x, { kind: 'pay-statement', bytes: Buffer.from(input.body.statement, 'base64'), label: input.body.label });
    if (change.kind === 'pay-statement') state().assets.set(id, { customerId, bytes: change.bytes, label: change.label });
    return send(x, reply, { status: 200, body: { assetId: id } });
  });

  route(app, ctx, 'GetAssetByCustomerID', (input, reply) => {
    const x = exchange('GetAssetByCustomerID', input, reply);
    if (refused(x, reply, ['customer', 'asset'])) return reply;
    return send(x, reply, { status: 200, type: 'application/octet-stream', body: x.asset?.bytes ?? Buffer.alloc(0) });
  });
}
