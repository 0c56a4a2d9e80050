// The report store (seed 002, Decisioning report generation; Report retrieval; States and transitions - Report; rules:
// schemas/financial-data/rules/reports.yaml): ids, status, portfolios and the callback for every family's module. A report is born
// `inProgress` (the 202) and ends `success` or `failure` once the virtual clock passes its ready time, calling its callback URL once.
import type { FastifyInstance } from 'fastify';
import { parseJson } from '../../kit/app.js';
import { stateThrough, type FdContext } from '../middleware.js';
import type { Consumer, Customer, Report } from '../state.js';
import type { Delivery, Exchange, StoreSeams } from './store.records.js';

/** Virtual seconds inProgress: a client polling at the seed's 20 seconds sees inProgress twice (0, 20 s) and the outcome at 40 s. */
export const REPORT_READY_AFTER_S = 35;

export interface NewReport {
  /** A provider ReportType value (voa, voaHistory, preQualVoa, voi, cfrb, ...). */
  type: string;
  title: string;
  customer: Customer;
  /** The customer's consumer: the owner of the report (seed: it outlives the customer). */
  consumer?: Consumer;
  callbackUrl?: string;
  purpose?: string;
  /** The constraints as the ack echoes them (provider: *ReportConstraintsOut). */
  constraints: Record<string, unknown>;
  /** Fields of the ack beyond the shared ones (e.g. businessId, reportCustomFields). */
  extra?: Record<string, unknown>;
  /** The body of a successful report beyond the ack's fields, built when it completes. */
  build: (report: Report) => Record<string, unknown>;
  /** Seed: testing customers' reports are not billable. Default: billable unless testing. */
  billable?: boolean;
}

/** A 12-character lower-case id like the provider's examples (u4hstnnak45g): deterministic per world. */
const shortId = (seq: number, salt: string) => {
  let h = 0x811c9dc5;
  for (const c of `${salt}:${seq}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `${h.toString(36)}${seq.toString(36)}`.padStart(12, 'r').slice(-12);
};

const push = (index: Map<string, string[]>, key: string, id: string) => {
  const ids = index.get(key);
  if (ids) ids.push(id);
  else index.set(key, [id]);
};

const seamsOf = (ctx: FdContext) => ctx.faults.seams<StoreSeams>('store');
const exchange = (ctx: FdContext, report?: Report): Exchange => ({ world: ctx.state, nowS: ctx.clock.nowEpochSeconds(), report });
const changed = (ctx: FdContext) => stateThrough(seamsOf(ctx));

/** The report callback of `report` through the delivery seam, sent to each address it leaves (none when silent). */
async function callback(ctx: FdContext, x: Exchange, made: Delivery): Promise<void> {
  const d = seamsOf(ctx).delivery(x, made);
  if (!d || d.silent) return;
  for (const to of d.to) await ctx.deliveries.send(to, 'POST', d.headers, d.body, ctx.clock.now());
}
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Records a new report, inProgress, and returns it; the generate operation answers its ack with 202. */
export function createReport(ctx: FdContext, input: NewReport): Report {
  const state = ctx.state.reports;
  const now = ctx.clock.nowEpochSeconds();
  const seq = ++state.seq;
  const { customer, consumer, ...rest } = input;
  let portfolioId = state.portfolioOf.get(customer.id);
  if (!portfolioId) {
    portfolioId = `${shortId(seq, `portfolio:${customer.id}`)}-${state.portfolioOf.size + 1}-port`;
    state.portfolioOf.set(customer.id, portfolioId);
  }
  const ssn = consumer ? String(consumer.fields.ssn ?? '').replace(/\D/g, '') : '';
  const made: Report = {
    ...rest,
    id: shortId(seq, 'report'),
    requestId: shortId(seq, 'request').slice(-10),
    portfolioId,
    customerId: customer.id,
    customerType: customer.type,
    partnerId: customer.partnerId,
    consumerId: consumer?.id,
    consumerSsn: ssn ? ssn.slice(-4) : undefined,
    createdDate: now,
    readyAtS: now + (ctx.standIn?.reportReadyAfterS ?? REPORT_READY_AFTER_S),
    status: 'inProgress',
    outcome: 'success',
    billable: input.billable ?? customer.type !== 'testing',
  };
  const x = exchange(ctx, made);
  const report = changed(ctx)(x, { kind: 'created', report: made }).report;
  state.reports.set(report.id, report);
  state.pending.add(report.id);
  // seed 002, Events: the callback is for completion reporting; none is made while the report is in progress.
  if (report.callbackUrl)
    void callback(ctx, x, {
      to: [report.callbackUrl],
      headers: JSON_HEADERS,
      body: callbackPayload(report, `${now}-${report.id}`),
      silent: 'in progress',
    }).catch(() => undefined);
  push(state.byCustomer, customer.id, report.id);
  if (consumer) push(state.byConsumer, consumer.id, report.id);
  return report;
}

/** The fields every report carries, in the ack and in every read (provider 1.35.0: BaseReportAck). */
export function reportAck(report: Report): Record<string, unknown> {
  return {
    id: report.id,
    portfolioId: report.portfolioId,
    customerType: report.customerType,
    customerId: Number(report.customerId),
    requestId: report.requestId,
    requesterName: 'Contract Suite Partner',
    createdDate: report.createdDate,
    title: report.title,
    type: report.type,
    status: report.status,
    ...(report.consumerId ? { consumerId: report.consumerId } : {}),
    ...(report.consumerSsn ? { consumerSsn: report.consumerSsn } : {}),
    constraints: report.constraints,
    ...report.extra,
  };
}

/** A report as the get-report operations return it: the ack's fields, plus the content once successful. */
export function reportBody(report: Report): Record<string, unknown> {
  return { ...reportAck(report), ...(report.status === 'success' ? report.content : {}) };
}

/** The report-listener call of a completed report (reference, Outbound deliveries: @assumption fields). */
export function callbackPayload(report: Report, eventId: string): Record<string, unknown> {
  return {
    customerId: report.customerId,
    eventType: 'done',
    eventId,
    payload: { reportId: report.id, portfolioId: report.portfolioId, type: report.type, status: report.status },
  };
}

/** Moves every due report to its outcome and calls its callback URL once (awaited: deterministic for the suite). */
export async function settleReports(ctx: FdContext): Promise<void> {
  const state = ctx.state.reports;
  if (state.pending.size === 0) return;
  const now = ctx.clock.nowEpochSeconds();
  for (const id of [...state.pending]) {
    // Settled meanwhile by another request's settling (each awaits its deliveries): called back once only.
    if (!state.pending.has(id)) continue;
    const report = state.reports.get(id)!;
    if (report.readyAtS > now) continue;
    state.pending.delete(id);
    const x = exchange(ctx, report);
    report.status = changed(ctx)(x, { kind: 'settled', report, status: report.outcome }).status;
    if (report.status === 'success') report.content = report.build(report);
    if (!report.callbackUrl) continue;
    await callback(ctx, x, {
      to: [report.callbackUrl],
      headers: JSON_HEADERS,
      body: callbackPayload(report, `${report.readyAtS}-${report.id}`),
    });
  }
}

/** The callbackUrl query parameter of a generate operation (provider 1.35.0: ReportCallbackUrlParameter). */
export const callbackOf = (query: Record<string, unknown>) =>
  typeof query.callbackUrl === 'string' && query.callbackUrl ? query.callbackUrl : undefined;

/** Due reports settle on clock advance and before any request; POST /__mock/reports/{reportId}/outcome {"status": "failure"} ends one. */
export function registerReportStore(app: FastifyInstance, ctx: FdContext): void {
  const settling = (on: 'advance' | 'request', url?: string) =>
    changed(ctx)(exchange(ctx), { kind: 'settling', on, url, settle: true }).settle;
  (ctx.onAdvance ??= []).push(() => (settling('advance') ? settleReports(ctx) : undefined));
  // A callback hook, not an async one: with nothing pending (most requests) it costs no promise.
  app.addHook('preHandler', (req, _reply, done) => {
    if (ctx.state.reports.pending.size === 0 || !settling('request', req.url)) return done();
    settleReports(ctx).then(() => done(), done);
  });
  app.post('/__mock/reports/:reportId/outcome', async (req, reply) => {
    const { reportId } = req.params as { reportId: string };
    const report = ctx.state.reports.reports.get(reportId);
    if (!report) return reply.code(404).send({ message: `no report ${reportId} in the mock` });
    const body = parseJson(req.body) as { status?: unknown } | undefined | SyntaxError;
    if (body instanceof SyntaxError || !body || (body.status !== 'success' && body.status !== 'failure')) {
      return reply.code(400).send({ message: 'body must be {"status": "success"|"failure"}' });
    }
    if (report.status !== 'inProgress') return reply.code(409).send({ message: `report ${reportId} has already ended (${report.status})` });
    report.outcome = body.status;
    return reply.code(204).send();
  });
}
