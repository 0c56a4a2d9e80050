// Report retrieval (seed 002, Report retrieval; rules: schemas/financial-data/rules/reports-retrieval.yaml): reads by id, through the
// customer and the consumer (JSON, or PDF when Accept asks), the lists (429 past the rate limit), the portfolios (the latest report
// of each type), the reissue; guard.ts refuses first, retrieval.records.ts holds the seams. Also the mock-only
// POST /__mock/reports/generate {customerId, type} and a sample report seeded at start (fixtures/examples/fd-samples/reports-retrieval.ts).
import { consumerRecord } from '../consumers.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseJson } from '../../kit/app.js';
import { onePagePdf } from '../../kit/pdf.js';
import { judgeThrough, route, sendError, type FdContext, type Input } from '../middleware.js';
import { findCustomer, linkedData, type Consumer, type Report } from '../state.js';
import type { FdOperationId } from '../../../helpers/contract/operations.js';
import { registerBilling } from './billing.js';
import { ownConsumer } from './guard.js';
import { callbackPayload, createReport, reportBody } from './store.js';
import type { Answer, Exchange, Refusal, RetrievalSeams, Step } from './retrieval.records.js';

// seed 002, Report retrieval: reissue's purpose code "is not required today and becomes required by April 30, 2026": required from
// 2026-04-30T00:00:00Z on the target's clock (FD-REISSUE-PURPOSE; the exact instant an assumption).
const REISSUE_PURPOSE_REQUIRED_FROM_S = Date.UTC(2026, 3, 30) / 1000;

/** The sample report seeded at start (ids deterministic: the same in every world). */
export interface SampleReport {
  customerId: string;
  consumerId: string;
  reportId: string;
  portfolioId: string;
}
const SAMPLE_CONSUMER_ID = '5eedc0de5eedc0de5eedc0de00000001';
let sample: SampleReport | undefined;
/** The seeded sample report of the mock started last in this process (every world has the same). */
export const sampleReport = (): SampleReport | undefined => sample;

/** The media ranges of an Accept header, by weight (RFC 9110 12.5.1, q; q=0 left out); of two of the same weight the first listed first. */
export function acceptRanges(accept: unknown): string[] {
  return String(accept ?? '')
    .split(',')
    .map((r, at) => {
      const q = /;\s*q\s*=\s*([0-9.]+)/i.exec(r)?.[1];
      return { range: r.split(';')[0].trim().toLowerCase(), q: q === undefined ? 1 : Number(q), at };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map((w) => w.range);
}

/** seed 002, Report retrieval: application/pdf gives a PDF; application/json, or neither, JSON (the first of the two by weight wins). */
export const wantsPdf = (ranges: string[]) => ranges.find((r) => r === 'application/json' || r === 'application/pdf') === 'application/pdf';

/** A small ASCII PDF naming the report and its custom fields unless shown false (provider 1.35.0 ReportCustomField.shown). */
function reportPdf(report: Report): Buffer {
  const text = `Report ${report.id}: ${report.title} (${report.type}), status ${report.status}, customer ${report.customerId}`;
  const fields = [report.constraints.reportCustomFields ?? []].flat() as { label?: unknown; value?: unknown; shown?: unknown }[];
  const shown = fields.filter((f) => f.shown !== false).map((f) => `${String(f.label)}: ${String(f.value)}`);
  return Buffer.from(onePagePdf([text, ...shown]), 'ascii');
}

// seed 002 documents 429 on the two lists without a limit: 20 served calls per customer or consumer in 60 s (FD-REPORT-LIST-RATE, an
// assumption; the contract's TooManyReportLists response says so).
const LIST_RATE_LIMIT = 20;
const LIST_RATE_WINDOW_S = 60;

const FREEZE: Refusal = { status: 403, message: 'An active security freeze for this customer exists.', freeze: true };
const PURPOSE_REQUIRED = 'Permissible Purpose Code is required';

export function registerReportRetrieval(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<RetrievalSeams>('retrieval');
  const store = () => world.reports;
  const reportsIn = (ids: string[] | undefined) => (ids ?? []).map((id) => store().reports.get(id)!).filter(Boolean);
  const exchange = (op: FdOperationId, input: Input, reply: FastifyReply): Exchange => ({
    op,
    input,
    world,
    contract: ctx.contract,
    nowS: clock.nowEpochSeconds(),
    nowMs: clock.nowMs(),
    ranges: acceptRanges(reply.request.headers.accept),
  });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Endpoints: purpose and on-behalf-of are optional on the report reads.
    purpose: () => undefined,
    format: (x) => {
      x.pdf = wantsPdf(x.ranges!);
      return undefined;
    },
    // The partner's customer of the path (the consumer's is guard.ts's ownConsumer).
    owner: (x) => {
      const customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      x.customerId = customer?.id;
      x.frozenId = customer?.id;
      return customer ? undefined : { status: 404, message: `Customer not found: ${x.input.path.customerId}` };
    },
    // The report of the path, read through its own customer or consumer; by id, by its own partner only (seed 002, Errors 404).
    report: (x) => {
      const report = store().reports.get(x.input.path.reportId);
      if (x.report === undefined) x.report = report;
      const own =
        x.op === 'GetReportByCustomer'
          ? x.report?.customerId === x.customerId
          : x.op === 'GetReportByConsumer'
            ? x.report?.consumerId === x.consumer?.id
            : x.report !== undefined && (!x.input.partner || x.report.partnerId === x.input.partner.id);
      if (x.op === 'GetReportById' || x.op === 'ReportReissue') x.frozenId = x.report?.customerId;
      return x.report && (own || x.op === 'ReportReissue')
        ? undefined
        : { status: 404, message: `Report not found: ${x.input.path.reportId}` };
    },
    // seed 002, Errors 403: every report read of a customer under a security freeze.
    freeze: (x) => (x.frozenId !== undefined && world.frozen.has(x.frozenId) ? FREEZE : undefined),
    'reissue-purpose': (x) =>
      x.nowS >= REISSUE_PURPOSE_REQUIRED_FROM_S && (x.input.body?.purpose === undefined || x.input.body.purpose === '')
        ? { status: 400, message: PURPOSE_REQUIRED }
        : undefined,
    rate: (x) => {
      const rate = x.rate!;
      rate.recent = (store().listCalls.get(rate.key) ?? []).filter((t) => t > x.nowS - LIST_RATE_WINDOW_S && t <= x.nowS);
      return rate.recent.length >= LIST_RATE_LIMIT
        ? { status: 429, message: `Too many requests: at most ${LIST_RATE_LIMIT} report lists per ${LIST_RATE_WINDOW_S} seconds` }
        : undefined;
    },
    list: (x) => {
      x.reports = reportsIn(
        x.op === 'GetReportsByCustomerId' ? store().byCustomer.get(x.customerId!) : store().byConsumer.get(x.consumer!.id),
      );
      return undefined;
    },
    // seed 002: a portfolio holds only the most recent report of each report type (creation order).
    portfolio: (x) => {
      x.portfolio = { key: (r) => r.type, replaces: () => true };
      return undefined;
    },
  };
  const judged = judgeThrough(seams, judge);
  /** Judges `steps`; a refusal is answered (the freeze only while the customer is frozen). True when answered. */
  const refused = (x: Exchange, reply: FastifyReply, steps: Step[]): boolean => {
    const r = judged(x, steps);
    if (!r) return false;
    if (r.freeze && !world.frozen.has(x.frozenId!)) return refused(x, reply, steps.slice(steps.indexOf('freeze') + 1));
    sendError(ctx, reply, r.status, r.message);
    return true;
  };
  const send = (x: Exchange, reply: FastifyReply, a: Answer) => {
    const sent = seams.answer(x, a);
    if (sent.pdf) return reply.code(sent.status).type('application/pdf').send(reportPdf(sent.pdf));
    return reply.code(sent.status).send(sent.body);
  };
  /** A report as read: the PDF when the format step chose it, else its JSON body. */
  const sendReport = (x: Exchange, reply: FastifyReply) =>
    send(x, reply, { status: 200, body: reportBody(x.report!), ...(x.pdf ? { pdf: x.report } : {}) });

  route(app, ctx, 'GetReportByCustomer', (input, reply) => {
    const x = exchange('GetReportByCustomer', input, reply);
    return refused(x, reply, ['purpose', 'format', 'owner', 'freeze', 'report']) ? reply : sendReport(x, reply);
  });

  route(app, ctx, 'GetReportByConsumer', (input, reply) => {
    const x = exchange('GetReportByConsumer', input, reply);
    if (refused(x, reply, ['purpose', 'format'])) return reply;
    x.consumer = ownConsumer(ctx, reply, input);
    if (!x.consumer) return reply;
    x.frozenId = x.consumer.customerId;
    return refused(x, reply, ['freeze', 'report']) ? reply : sendReport(x, reply);
  });

  route(app, ctx, 'GetReportById', (input, reply) => {
    const x = exchange('GetReportById', input, reply);
    return refused(x, reply, ['purpose', 'format', 'report', 'freeze']) ? reply : sendReport(x, reply);
  });

  // seed 002, Report retrieval: reissue lets another partner read an existing report by its id (any partner: no owner check).
  route(app, ctx, 'ReportReissue', async (input, reply) => {
    const x = exchange('ReportReissue', input, reply);
    if (refused(x, reply, ['reissue-purpose', 'format', 'report', 'freeze'])) return reply;
    const report = x.report!;
    const change = seams.state(x, { kind: 'reissue', partnerId: report.partnerId, createdDate: report.createdDate, callback: false });
    if (change.kind !== 'reissue') return sendReport(x, reply);
    if (change.callback && report.callbackUrl)
      await ctx.deliveries.send(
        report.callbackUrl,
        'POST',
        { 'content-type': 'application/json' },
        callbackPayload(report, `${clock.nowEpochSeconds()}-${report.id}`),
        clock.now(),
      );
    report.partnerId = change.partnerId;
    report.createdDate = change.createdDate;
    return sendReport(x, reply);
  });

  registerReportLists(app, ctx, { exchange, refused, send, reportsIn });
  registerBilling(app, ctx);

  // Mock-only: a report of any type for a customer, without a generate operation; it completes like every report. 201 with the ack.
  app.post('/__mock/reports/generate', async (req, reply) => {
    const body = parseJson(req.body) as { customerId?: unknown; type?: unknown } | undefined | SyntaxError;
    if (body instanceof SyntaxError || !body || typeof body.customerId !== 'string' || typeof body.type !== 'string' || !body.type) {
      return reply.code(400).send({ message: 'body must be {"customerId": "<id>", "type": "<report type>"}' });
    }
    const customer = world.customers.get(body.customerId);
    if (!customer) return reply.code(404).send({ message: `no customer ${body.customerId} in the mock` });
    const consumerId = world.consumerOf.get(customer.id);
    const report = createReport(ctx, {
      type: body.type,
      title: `Mock ${body.type} report`,
      customer,
      consumer: consumerId ? world.consumers.get(consumerId) : undefined,
      constraints: {},
      // The content: the customer's linked account ids at completion (the world, not a canned example).
      build: () => ({ accounts: linkedData(world, customer.id).accounts.map((a) => a.id) }),
    });
    return reply.code(201).send(reportBody(report));
  });

  // The sample report: the seeded testing customer gets a consumer and one VOA report at start.
  const seeded = [...world.customers.values()].find((c) => c.username === 'seed.testing.customer');
  if (seeded && !world.consumerOf.has(seeded.id)) {
    const consumer: Consumer = {
      id: SAMPLE_CONSUMER_ID,
      customerId: seeded.id,
      partnerId: seeded.partnerId,
      createdDate: seeded.createdDate,
      fields: {
        firstName: 'Seeded',
        lastName: 'Owner',
        address: '1 Sample Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        phone: '5555550100',
        ssn: '999605555',
        birthday: { year: 1980, month: 1, dayOfMonth: 2 },
        email: 'seeded.owner@example.com',
      },
    };
    world.consumers.set(consumer.id, consumer);
    world.consumerOf.set(seeded.id, consumer.id);
    const report = createReport(ctx, {
      type: 'voa',
      title: 'Verification of Assets',
      customer: seeded,
      consumer,
      constraints: {},
      build: () => ({ accounts: [] }),
    });
    sample = { customerId: seeded.id, consumerId: consumer.id, reportId: report.id, portfolioId: report.portfolioId };
  }
}

interface Retrieval {
  exchange(op: FdOperationId, input: Input, reply: FastifyReply): Exchange;
  refused(x: Exchange, reply: FastifyReply, steps: Step[]): boolean;
  send(x: Exchange, reply: FastifyReply, a: Answer): FastifyReply;
  reportsIn(ids: string[] | undefined): Report[];
}

/** The many-report reads: the lists of a customer's and of a consumer's reports, and the portfolios. */
function registerReportLists(app: FastifyInstance, ctx: FdContext, { exchange, refused, send, reportsIn }: Retrieval): void {
  const { state: world } = ctx;
  const store = () => world.reports;
  // The control surface's reset turns the clock back: the counts of the old timeline go.
  ctx.onReset.push(() => world.reports.listCalls.clear());

  /** Judges the freeze and the rate of a list call, counting it; true when answered. */
  const limited = (x: Exchange, reply: FastifyReply): boolean => {
    if (refused(x, reply, ['freeze'])) return true;
    const rate: NonNullable<Exchange['rate']> = {
      key: x.op === 'GetReportsByCustomerId' ? `customer:${x.customerId}` : `consumer:${x.consumer!.id}`,
    };
    x.rate = rate;
    const refusal = refused(x, reply, ['rate']);
    store().listCalls.set(rate.key, refusal ? rate.recent! : [...rate.recent!, x.nowS]);
    return refusal;
  };

  const summary = (r: Report) => ({
    id: r.id,
    requestId: r.requestId,
    requesterName: 'Contract Suite Partner',
    createdDate: r.createdDate,
    ...(r.consumerId ? { consumerId: r.consumerId } : {}),
    ...(r.consumerSsn ? { consumerSsn: r.consumerSsn } : {}),
    type: r.type,
    status: r.status,
  });
  const list = (x: Exchange, reply: FastifyReply) =>
    refused(x, reply, ['list']) ? reply : send(x, reply, { status: 200, body: { reports: x.reports!.map(summary) } });

  route(app, ctx, 'GetReportsByCustomerId', (input, reply) => {
    const x = exchange('GetReportsByCustomerId', input, reply);
    return refused(x, reply, ['owner']) || limited(x, reply) ? reply : list(x, reply);
  });

  route(app, ctx, 'GetReportsByConsumerId', (input, reply) => {
    const x = exchange('GetReportsByConsumerId', input, reply);
    x.consumer = ownConsumer(ctx, reply, input);
    if (!x.consumer) return reply;
    x.frozenId = x.consumer.customerId;
    x.customerId = x.consumer.customerId;
    return limited(x, reply) ? reply : list(x, reply);
  });

  /** The portfolio's rows: the report kept per key of the 'portfolio' step, the later replacing the kept one where it says. */
  const portfolio = (x: Exchange, portfolioId: string, reports: Report[]) => {
    const { key, replaces } = x.portfolio!;
    const latest = new Map<string, Report>();
    for (const r of reports) {
      if (r.portfolioId !== portfolioId) continue;
      const kept = latest.get(key(r));
      if (!kept || replaces(kept, r)) latest.set(key(r), r);
    }
    x.reports = [...latest.values()];
    const rows = x.reports.map((r) => ({
      id: r.id,
      portfolioId: r.portfolioId,
      type: r.type,
      status: r.status,
      createdDate: r.createdDate,
    }));
    return { portfolioId, reports: rows };
  };
  const noPortfolio = (reply: FastifyReply, id: string) => sendError(ctx, reply, 404, `Portfolio not found: ${id}`);

  route(app, ctx, 'GetPortfolioByCustomer', (input, reply) => {
    const x = exchange('GetPortfolioByCustomer', input, reply);
    if (refused(x, reply, ['owner', 'freeze', 'portfolio'])) return reply;
    // The portfolio of the path's own customer (a fault may find it otherwise: x.customerId then names its owner).
    const owner = store().portfolioOf.get(x.customerId!) === input.path.portfolioId ? x.customerId : undefined;
    if (!owner) return noPortfolio(reply, input.path.portfolioId);
    return send(x, reply, { status: 200, body: portfolio(x, input.path.portfolioId, reportsIn(store().byCustomer.get(owner))) });
  });

  // provider 1.42.0: a portfolio by its id among the calling partner's customers, as GetPortfolioByCustomer; 204 without a consumer.
  if (ctx.contract.operations.has('GetPortfolioByPathParamPortFolioID'))
    route(app, ctx, 'GetPortfolioByPathParamPortFolioID', (input, reply) => {
      const x = exchange('GetPortfolioByPathParamPortFolioID', input, reply);
      const owner = [...store().portfolioOf].find(([, p]) => p === input.path.portfolioId)?.[0];
      const customer = owner === undefined ? undefined : findCustomer(world, owner, input.partner?.id);
      if (!customer) return noPortfolio(reply, input.path.portfolioId);
      const consumer = world.consumers.get(world.consumerOf.get(customer.id) ?? '');
      if (!consumer) return reply.code(204).send();
      if (refused(x, reply, ['portfolio'])) return reply;
      const body = {
        ...portfolio(x, input.path.portfolioId, reportsIn(store().byCustomer.get(customer.id))),
        consumer: consumerRecord(consumer),
      };
      return send(x, reply, { status: 200, body });
    });

  route(app, ctx, 'GetPortfolioByConsumer', (input, reply) => {
    const x = exchange('GetPortfolioByConsumer', input, reply);
    const consumer = (x.consumer = ownConsumer(ctx, reply, input));
    if (!consumer) return reply;
    x.frozenId = consumer.customerId;
    if (refused(x, reply, ['freeze', 'portfolio'])) return reply;
    const reports = reportsIn(store().byConsumer.get(consumer.id));
    if (!reports.some((r) => r.portfolioId === input.path.portfolioId)) return noPortfolio(reply, input.path.portfolioId);
    const f = consumer.fields;
    const ssn = String(f.ssn ?? '')
      .replace(/\D/g, '')
      .slice(-4);
    const body = {
      ...portfolio(x, input.path.portfolioId, reports),
      consumer: {
        id: consumer.id,
        firstName: f.firstName ?? '',
        lastName: f.lastName ?? '',
        customerId: Number(consumer.customerId),
        ssn,
        birthday: f.birthday ?? {},
        ...(f.suffix ? { suffix: f.suffix } : {}),
      },
    };
    return send(x, reply, { status: 200, body });
  });
}
