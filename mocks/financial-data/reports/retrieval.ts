// Report retrieval (seed 002, Report retrieval): the reads of the report store (store.ts) by id,
// through the customer and through the consumer (JSON, or PDF when the Accept header asks it), the
// lists by customer and by consumer (each with its current status; 429 past the mock's rate limit),
// the portfolios (the most recent report of each type), the reissue (a Lender body; its purpose
// required from 2026-04-30 on the mock's clock), and, in billing.ts, the reseller billing report.
// The refusals before a read (the partner's customer or consumer, the freeze) are guard.ts's. Also
// the mock-only control route POST /__mock/reports/generate {customerId, type} (a report without a
// generate operation) and a sample report seeded at start (the samples of
// fixtures/examples/fd-samples/reports-retrieval.ts).
// Rules: schemas/financial-data/rules/reports-retrieval.yaml.
import { consumerRecord } from '../consumers.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseJson, syncHook } from '../../kit/app.js';
import { onePagePdf } from '../../kit/pdf.js';
import { limitOf } from '../../../helpers/contract/facts.js';
import { route, sendError, type FdContext } from '../middleware.js';
import { findCustomer, linkedData, type Consumer, type Report } from '../state.js';
import { registerBilling } from './billing.js';
import { frozen, ownConsumer, ownCustomer } from './guard.js';
import { callbackPayload, createReport, reportAck, reportBody } from './store.js';

/**
 * seed 002, Report retrieval: reissue's purpose code "is not required today and becomes required
 * by April 30, 2026". This contract reads it as required from 2026-04-30T00:00:00Z on the target's
 * clock (rules FD-REISSUE-PURPOSE, an assumption on the exact instant).
 */
export const REISSUE_PURPOSE_REQUIRED_FROM_S = Date.UTC(2026, 3, 30) / 1000;

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

/**
 * seed 002, Report retrieval: application/pdf gives a PDF; application/json, or neither, JSON. The
 * weight of each range (RFC 9110 12.5.1, q) orders them; of two of the same weight the first listed wins.
 */
export function wantsPdf(ctx: FdContext, accept: unknown): boolean {
  const weighed = String(accept ?? '')
    .split(',')
    .map((r, at) => {
      const q = /;\s*q\s*=\s*([0-9.]+)/i.exec(r)?.[1];
      return { range: r.split(';')[0].trim().toLowerCase(), q: q === undefined ? 1 : Number(q), at };
    });
  const ranges = weighed
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map((w) => w.range);
  if (ctx.faults.has('report-pdf-ignored')) return false;
  // i35-fd-report-accept-pdf-anywhere: a PDF named anywhere in Accept wins over the JSON the client lists first.
  if (ctx.faults.has('i35-fd-report-accept-pdf-anywhere') && ranges.includes('application/pdf')) return true;
  for (const range of ranges) {
    // i32-fd-report-accept-any-gives-pdf: an Accept of */* (neither type named) answered with the PDF.
    if (range === '*/*' && ctx.faults.has('i32-fd-report-accept-any-gives-pdf')) return true;
    if (range === 'application/json') return false;
    if (range === 'application/pdf') return true;
  }
  return ctx.faults.has('report-pdf-by-default');
}

/** A small valid-looking PDF naming the report (ASCII only): a check can pin the id it shows. */
function reportPdf(report: Report): Buffer {
  const text = `Report ${report.id}: ${report.title} (${report.type}), status ${report.status}, customer ${report.customerId}`;
  return Buffer.from(onePagePdf([text]), 'ascii');
}

/** Answers a report read: PDF or JSON by the Accept header. */
export function sendReport(ctx: FdContext, reply: FastifyReply, report: Report) {
  // i33-fd-report-pdf-status-in-progress: the PDF rendering of a finished report says inProgress (rendered at creation).
  if (wantsPdf(ctx, reply.request.headers.accept))
    return reply
      .code(200)
      .type('application/pdf')
      .send(reportPdf(ctx.faults.has('i33-fd-report-pdf-status-in-progress') ? { ...report, status: 'inProgress' } : report));
  const body = reportBody(report);
  if (ctx.faults.has('report-read-status-stale')) body.status = 'inProgress';
  // Blind fault: the status is cached 21 seconds, and every read within that time serves the cache and extends it.
  if (ctx.faults.has('blind-report-status-cache-slides-21s')) {
    const now = ctx.clock.nowEpochSeconds();
    const statusCache = ctx.state.faultMemory.reportStatus;
    const cached = statusCache.get(report.id);
    if (cached && now - cached.atS < 21) {
      cached.atS = now;
      if (cached.status !== report.status) return reply.code(200).send({ ...reportAck(report), status: cached.status });
    } else statusCache.set(report.id, { status: report.status, atS: now });
  }
  return reply.code(200).send(body);
}

export function registerReportRetrieval(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const store = () => world.reports;
  const notFound = (reply: FastifyReply, id: string) => sendError(ctx, reply, 404, `Report not found: ${id}`);

  /** Fault 'report-read-purpose-required': the optional purpose (seed 002, Endpoints) made required. */
  const purposeMissing = (reply: FastifyReply, query: Record<string, unknown>) => {
    // Blind fault: on-behalf-of is accepted only together with a purpose query parameter.
    if (faults.has('blind-report-read-on-behalf-of-needs-purpose') && query.onBehalfOf !== undefined && query.purpose === undefined) {
      sendError(ctx, reply, 400, 'purpose is required when onBehalfOf is given');
      return true;
    }
    if (!faults.has('report-read-purpose-required') || query.purpose !== undefined) return false;
    sendError(ctx, reply, 400, 'Permissible Purpose Code is required');
    return true;
  };

  // Fault report-by-customer-status-cached: the by-customer read serves the status it gave last while
  // reads come less than a second past the polling interval apart (seed 002, Limits), so a client
  // waiting that long between reads never sees the report end; the other readers are current.
  const cacheMs = (limitOf(ctx.contract, 'reportPollSeconds') + 1) * 1000;
  const lastByCustomer = new WeakMap<Report, { status: string; atMs: number }>();
  /** Model fault model-report-by-id-first-status: the status GetReportById served first, per report. */
  const firstStatusById = new Map<string, string>();
  const cachedStatus = (report: Report) => {
    if (!faults.has('report-by-customer-status-cached')) return undefined;
    const now = clock.nowMs();
    const last = lastByCustomer.get(report);
    if (last && now - last.atMs < cacheMs) {
      last.atMs = now;
      return last.status;
    }
    lastByCustomer.set(report, { status: report.status, atMs: now });
    return undefined;
  };

  route(app, ctx, 'GetReportByCustomer', (input, reply) => {
    if (purposeMissing(reply, input.query)) return reply;
    // Fault: a deleted customer's report stays readable through its customer id.
    const ghost =
      faults.has('deleted-customer-report-readable') && !world.customers.has(input.path.customerId)
        ? store().reports.get(input.path.reportId)
        : undefined;
    if (ghost && ghost.customerId === input.path.customerId) return sendReport(ctx, reply, ghost);
    const customer = ownCustomer(ctx, reply, input);
    if (!customer) return reply;
    // i6-report-by-customer-pdf-freeze-ignored: the PDF variant of this read skips the freeze.
    const pdfUnfrozen = faults.has('i6-report-by-customer-pdf-freeze-ignored') && wantsPdf(ctx, reply.request.headers.accept);
    if (!pdfUnfrozen && frozen(ctx, reply, customer.id)) return reply;
    const report = store().reports.get(input.path.reportId);
    // income-report-by-customer-partner-only: an income kind is checked against the partner only.
    const partnerOnly =
      faults.has('income-report-by-customer-partner-only') &&
      report?.partnerId === customer.partnerId &&
      /^(voe|voie|paystatement)/i.test(report.type);
    if (!report || (report.customerId !== customer.id && !faults.has('report-owner-unchecked') && !partnerOnly))
      return notFound(reply, input.path.reportId);
    const cached = cachedStatus(report);
    if (cached !== undefined && cached !== report.status) return reply.code(200).send({ ...reportBody(report), status: cached });
    return sendReport(ctx, reply, report);
  });

  route(app, ctx, 'GetReportByConsumer', (input, reply) => {
    if (purposeMissing(reply, input.query)) return reply;
    const consumer = ownConsumer(ctx, reply, input);
    if (!consumer) return reply;
    if (frozen(ctx, reply, consumer.customerId)) return reply;
    // report-by-consumer-id-case-folded: the report id looked up without case.
    const report =
      store().reports.get(input.path.reportId) ??
      (faults.has('report-by-consumer-id-case-folded') ? store().reports.get(input.path.reportId.toLowerCase()) : undefined);
    // i4-report-by-consumer-other-consumer: any report of the consumer's partner is served.
    const sameOwner =
      report?.consumerId === consumer.id ||
      (faults.has('i4-report-by-consumer-other-consumer') && report?.partnerId === consumer.partnerId);
    if (!report || (!sameOwner && !faults.has('report-owner-unchecked'))) return notFound(reply, input.path.reportId);
    // Blind fault: the read joins the report to its customer record, so a deleted customer's report is not found here.
    if (faults.has('blind-report-consumer-read-joins-customer') && !world.customers.has(report.customerId))
      return notFound(reply, input.path.reportId);
    return sendReport(ctx, reply, report);
  });

  route(app, ctx, 'GetReportById', ({ path, query, partner }, reply) => {
    if (purposeMissing(reply, query)) return reply;
    const report = store().reports.get(path.reportId);
    if (!report || (partner && report.partnerId !== partner.id && !faults.has('i2-report-by-id-other-partner')))
      return notFound(reply, path.reportId);
    // i3-report-by-id-freeze-ignored: the read by report id alone skips the security freeze.
    if (!faults.has('i3-report-by-id-freeze-ignored') && frozen(ctx, reply, report.customerId)) return reply;
    // Model fault: the status of the first read by id, kept for that report.
    if (faults.has('model-report-by-id-first-status')) {
      const first = firstStatusById.get(report.id) ?? report.status;
      firstStatusById.set(report.id, first);
      if (first !== report.status) return reply.code(200).send({ ...reportBody(report), status: first });
    }
    // Seeded fault: this reader trims the custom fields' labels and values and collapses their inner spaces.
    if (faults.has('report-by-id-custom-fields-trimmed') && Array.isArray(report.constraints.reportCustomFields)) {
      const squeeze = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v);
      const reportCustomFields = report.constraints.reportCustomFields.map((c: Record<string, unknown>) => ({
        ...c,
        label: squeeze(c.label),
        value: squeeze(c.value),
      }));
      return reply.code(200).send({ ...reportBody(report), constraints: { ...report.constraints, reportCustomFields } });
    }
    return sendReport(ctx, reply, report);
  });

  // Fault: a reissue without a body is served as if the body named a purpose (the Lender body not required).
  app.addHook(
    'preHandler',
    syncHook((req) => {
      if (
        !faults.has('reissue-lender-optional') ||
        req.method !== 'POST' ||
        !/^\/decisioning\/v1\/reports\/[^/?]+\/partners(\?|$)/.test(req.url)
      )
        return;
      if (parseJson(req.body) === undefined) req.body = '{"purpose":"31"}';
    }),
  );
  // Fault: the read by id never looks at its Lender body's purpose (the reissue still does): it is dropped before the shared front validates the body.
  app.addHook(
    'preHandler',
    syncHook((req) => {
      if (
        !faults.has('report-by-id-purpose-unchecked') ||
        req.method !== 'POST' ||
        !/^\/decisioning\/v3\/reports\/[^/?]+(\?|$)/.test(req.url)
      )
        return;
      const body = parseJson(req.body);
      if (body && typeof body === 'object' && 'purpose' in body) req.body = JSON.stringify({ ...body, purpose: undefined });
    }),
  );
  // Blind fault: a reissue of the caller's own report is served as a plain read (no Lender body, no purpose needed).
  const ownReissue = (reportId: string, partnerId: string | undefined) =>
    faults.has('blind-reissue-own-report-plain-read') && partnerId !== undefined && store().reports.get(reportId)?.partnerId === partnerId;
  app.addHook(
    'preHandler',
    syncHook((req) => {
      if (!faults.has('blind-reissue-own-report-plain-read') || req.method !== 'POST') return;
      const reissue = /^\/decisioning\/v1\/reports\/([^/?]+)\/partners(\?|$)/.exec(req.url);
      const token = req.headers[ctx.headerNames.appToken.toLowerCase()];
      const caller = reissue && token ? world.tokens.get(String(token))?.partnerId : undefined;
      if (reissue && ownReissue(decodeURIComponent(reissue[1]), caller) && parseJson(req.body) === undefined) req.body = '{}';
    }),
  );
  // seed 002, Report retrieval: reissue lets another partner read an existing report by its id (any partner: no owner check).
  route(app, ctx, 'ReportReissue', async ({ path, body, partner }, reply) => {
    const required =
      // i7-reissue-purpose-required-from-may-first: "by April 30" read as "after April 30".
      (faults.has('i7-reissue-purpose-required-from-may-first')
        ? clock.nowEpochSeconds() >= REISSUE_PURPOSE_REQUIRED_FROM_S + 86_400
        : clock.nowEpochSeconds() >= REISSUE_PURPOSE_REQUIRED_FROM_S) &&
      !faults.has('reissue-purpose-not-required') &&
      !ownReissue(path.reportId, partner?.id);
    if (required && (body?.purpose === undefined || body.purpose === ''))
      return sendError(ctx, reply, 400, 'Permissible Purpose Code is required');
    const report = store().reports.get(path.reportId);
    if (!report) return notFound(reply, path.reportId);
    // Blind fault: the third-party read forgets the security freeze.
    if (!faults.has('blind-reissue-freeze-ignored') && frozen(ctx, reply, report.customerId)) return reply;
    // i35-fd-reissue-rehomes-report: the reissue records the reissuing partner as the report's partner, so its originator loses it.
    if (faults.has('i35-fd-reissue-rehomes-report') && partner) report.partnerId = partner.id;
    // Seeded fault report-callback-resent-on-reissue: an ended report's listener is called again by its reissue.
    if (faults.has('report-callback-resent-on-reissue') && report.callbackUrl && report.status !== 'inProgress')
      await ctx.deliveries.send(
        report.callbackUrl,
        'POST',
        { 'content-type': 'application/json' },
        callbackPayload(report, `${clock.nowEpochSeconds()}-${report.id}`),
        clock.now(),
      );
    // Blind fault: the reissue always answers JSON, whatever the Accept header asks.
    // i37-fd-reissue-redates-report: a reissue stamps the existing report with the time of the reissue as its creation date.
    if (faults.has('i37-fd-reissue-redates-report')) report.createdDate = clock.nowEpochSeconds();
    if (faults.has('blind-reissue-pdf-ignored')) return reply.code(200).send(reportBody(report));
    return sendReport(ctx, reply, report);
  });

  registerReportLists(app, ctx);
  registerBilling(app, ctx);

  // Mock-only: a report of any type for a customer (with its consumer when it has one), without a
  // generate operation; it completes like every report (store.ts). 201 with the ack's fields.
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

/**
 * seed 002 documents 429 on the two lists without a limit: this mock refuses a list call when 20
 * served list calls of the same customer (or consumer) fall within the last 60 seconds
 * (assumption FD-REPORT-LIST-RATE; the contract's TooManyReportLists response says so).
 */
export const LIST_RATE_LIMIT = 20;
export const LIST_RATE_WINDOW_S = 60;

/** The many-report reads: the lists of a customer's and of a consumer's reports, and the portfolios. */
function registerReportLists(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const store = () => world.reports;
  const callsOf = () => world.reports.listCalls;
  // The control surface's reset turns the clock back: the counts of the old timeline go.
  ctx.onReset.push(() => world.reports.listCalls.clear());

  /** Counts a list call of `key`; answers 429 and returns true past the limit. */
  const limited = (reply: FastifyReply, own: string, partnerId: string): boolean => {
    // report-list-rate-per-partner: every customer's and consumer's lists of a partner share one allowance.
    const key = faults.has('report-list-rate-per-partner') ? `partner:${partnerId}` : own;
    if (faults.has('report-list-no-rate-limit')) return false;
    const now = clock.nowEpochSeconds();
    // Blind fault: the window is one second too long (a call exactly 60 seconds old still counts).
    const windowS = faults.has('blind-report-list-rate-window-61s') ? LIST_RATE_WINDOW_S + 1 : LIST_RATE_WINDOW_S;
    const recent = (callsOf().get(key) ?? []).filter((t) => t > now - windowS && t <= now);
    let limit = faults.has('report-list-rate-off-by-one') ? LIST_RATE_LIMIT - 1 : LIST_RATE_LIMIT;
    // Independent fault: the consumer's list serves one call past the limit.
    if (faults.has('i2-report-consumer-list-rate-21') && key.startsWith('consumer:')) limit += 1;
    if (recent.length >= limit) {
      // i35-fd-report-list-refused-call-counted: a list call refused 429 is counted in the window too, so a client retrying keeps itself throttled.
      callsOf().set(key, faults.has('i35-fd-report-list-refused-call-counted') ? [...recent, now] : recent);
      sendError(ctx, reply, 429, `Too many requests: at most ${LIST_RATE_LIMIT} report lists per ${LIST_RATE_WINDOW_S} seconds`);
      return true;
    }
    callsOf().set(key, [...recent, now]);
    return false;
  };

  const summary = (r: Report) => ({
    id: r.id,
    requestId: r.requestId,
    requesterName: 'Contract Suite Partner',
    createdDate: r.createdDate,
    ...(r.consumerId ? { consumerId: r.consumerId } : {}),
    ...(r.consumerSsn ? { consumerSsn: r.consumerSsn } : {}),
    type: r.type,
    status: faults.has('report-list-status-stale') ? 'inProgress' : r.status,
  });
  const reportsIn = (ids: string[] | undefined) => (ids ?? []).map((id) => store().reports.get(id)!).filter(Boolean);

  route(app, ctx, 'GetReportsByCustomerId', (input, reply) => {
    const customer = ownCustomer(ctx, reply, input);
    if (!customer || frozen(ctx, reply, customer.id) || limited(reply, `customer:${customer.id}`, customer.partnerId)) return reply;
    // analytics-report-listed-for-partner: the partner's non-CRA analytics reports of every customer are listed.
    const partnerAnalytics = faults.has('analytics-report-listed-for-partner')
      ? [...store().reports.values()].filter(
          (r) => r.partnerId === customer.partnerId && r.customerId !== customer.id && /noncra$/.test(r.type),
        )
      : [];
    const reports = [...reportsIn(store().byCustomer.get(customer.id)), ...partnerAnalytics].filter(
      (r) => !(faults.has('i2-report-customer-list-drops-failed') && r.status === 'failure'),
    );
    // i4-report-customer-list-consumer-ssn-full: this list gives the consumer's whole SSN.
    // i29-fd-report-customer-list-partner-wide: the customer's report list also holds the partner's reports of its other customers.
    if (faults.has('i29-fd-report-customer-list-partner-wide'))
      return {
        reports: [...store().reports.values()]
          .filter((r) => r.partnerId === customer.partnerId && (r.customerId === customer.id || world.customers.has(r.customerId)))
          .map(summary),
      };
    const ssnOf = (r: Report) => String((r.consumerId && world.consumers.get(r.consumerId)?.fields.ssn) ?? '').replace(/\D/g, '');
    // i13-report-list-created-date-of-completion: a finished report listed with its completion time as createdDate.
    if (faults.has('i13-report-list-created-date-of-completion'))
      return { reports: reports.map((r) => (r.status === 'inProgress' ? summary(r) : { ...summary(r), createdDate: r.readyAtS })) };
    if (faults.has('i4-report-customer-list-consumer-ssn-full'))
      return { reports: reports.map((r) => (r.consumerSsn ? { ...summary(r), consumerSsn: ssnOf(r) } : summary(r))) };
    // i36-fd-report-customer-list-type-uppercased: the customer's list writes each report type in upper case.
    if (faults.has('i36-fd-report-customer-list-type-uppercased'))
      return { reports: reports.map((r) => ({ ...summary(r), type: r.type.toUpperCase() })) };
    // i37-fd-report-list-customer-in-progress-as-success: the customer's list shows a report still in progress as success.
    if (faults.has('i37-fd-report-list-customer-in-progress-as-success'))
      return { reports: reports.map((r) => (r.status === 'inProgress' ? { ...summary(r), status: 'success' } : summary(r))) };
    return { reports: reports.map(summary) };
  });

  route(app, ctx, 'GetReportsByConsumerId', (input, reply) => {
    const consumer = ownConsumer(ctx, reply, input);
    // i6-report-list-rate-shared-customer-consumer: the consumer's list counted against its customer.
    const rateKey = faults.has('i6-report-list-rate-shared-customer-consumer')
      ? `customer:${consumer?.customerId}`
      : `consumer:${consumer?.id}`;
    // i36-fd-report-consumer-list-freeze-ignored: the consumer's list skips the security-freeze check the customer's list makes.
    const freezeChecked = !faults.has('i36-fd-report-consumer-list-freeze-ignored');
    if (!consumer || (freezeChecked && frozen(ctx, reply, consumer.customerId)) || limited(reply, rateKey, consumer.partnerId))
      return reply;
    // Fault: the consumer's list forgets the reports of a customer that was deleted.
    const reports = reportsIn(store().byConsumer.get(consumer.id)).filter(
      (r) => !(faults.has('consumer-list-drops-deleted') && !world.customers.has(r.customerId)),
    );
    // i23-consumer-report-list-status-minute-stale: the consumer's list shows a report ended less than a minute ago still in progress.
    if (faults.has('i23-consumer-report-list-status-minute-stale'))
      return {
        reports: reports.map((r) =>
          r.status !== 'inProgress' && ctx.clock.nowEpochSeconds() - Number(r.readyAtS) < 60
            ? { ...summary(r), status: 'inProgress' }
            : summary(r),
        ),
      };
    // Blind fault: the consumer's list gives each report's tracking id (requestId) as its id.
    return {
      reports: reports.map((r) =>
        faults.has('blind-report-consumer-list-id-is-request-id')
          ? { ...summary(r), id: r.requestId }
          : // i28-fd-consumer-report-list-failure-as-success: the consumer's list shows a failed report as success.
            faults.has('i28-fd-consumer-report-list-failure-as-success') && r.status === 'failure'
            ? { ...summary(r), status: 'success' }
            : summary(r),
      ),
    };
  });

  /** seed 002: a portfolio holds only the most recent report of each report type (creation order). */
  const portfolio = (portfolioId: string, reports: Report[], keepFirst = false) => {
    const latest = new Map<string, Report>();
    for (const r of reports) {
      if (r.portfolioId !== portfolioId) continue;
      // i6-portfolio-latest-skips-in-progress: a report in progress does not replace the finished one of its type.
      if (faults.has('i6-portfolio-latest-skips-in-progress') && r.status === 'inProgress' && latest.has(r.type)) continue;
      if ((faults.has('portfolio-keeps-first-of-type') || keepFirst) && latest.has(r.type)) continue;
      // portfolio-latest-skips-failed: a failed report does not replace the one of its type.
      if (faults.has('portfolio-latest-skips-failed') && r.status === 'failure' && latest.has(r.type)) continue;
      // Blind fault: a report replaces the one of its type only when strictly newer by createdDate (the same second keeps the first).
      if (faults.has('blind-portfolio-latest-by-date-strict') && latest.has(r.type) && r.createdDate <= latest.get(r.type)!.createdDate)
        continue;
      // i28-fd-portfolio-latest-by-id: the report kept per type is the one of the greatest id (ORDER BY id), not the most recent.
      if (faults.has('i28-fd-portfolio-latest-by-id') && latest.has(r.type) && latest.get(r.type)!.id > r.id) continue;
      // i31-fd-portfolio-latest-per-family: the report kept per family of types (the type's first three letters: voa and voaHistory as one).
      const family = faults.has('i31-fd-portfolio-latest-per-family') ? r.type.slice(0, 3) : r.type;
      if (family !== r.type) for (const [t, kept] of latest) if (t.slice(0, 3) === family && kept !== r) latest.delete(t);
      latest.set(faults.has('portfolio-keeps-every-report') ? r.id : r.type, r);
    }
    const rows = [...latest.values()].map((r) => ({
      id: r.id,
      portfolioId: r.portfolioId,
      type: r.type,
      status: faults.has('report-list-status-stale') ? 'inProgress' : r.status,
      // i37-fd-portfolio-created-date-ms: the portfolio rows date each report in epoch milliseconds.
      createdDate: faults.has('i37-fd-portfolio-created-date-ms') ? Number(r.createdDate) * 1000 : r.createdDate,
    }));
    return { portfolioId, reports: rows };
  };
  const noPortfolio = (reply: FastifyReply, id: string) => sendError(ctx, reply, 404, `Portfolio not found: ${id}`);

  route(app, ctx, 'GetPortfolioByCustomer', (input, reply) => {
    const customer = ownCustomer(ctx, reply, input);
    if (!customer || frozen(ctx, reply, customer.id)) return reply;
    if (store().portfolioOf.get(customer.id) !== input.path.portfolioId) {
      // Blind fault: the portfolio is found by its id alone (any customer of the same partner), not through the customer of the path.
      const owner = faults.has('blind-portfolio-customer-by-portfolio-id-only')
        ? [...store().portfolioOf].find(([, p]) => p === input.path.portfolioId)?.[0]
        : undefined;
      if (owner && findCustomer(world, owner, customer.partnerId))
        return portfolio(input.path.portfolioId, reportsIn(store().byCustomer.get(owner)));
      return noPortfolio(reply, input.path.portfolioId);
    }
    return portfolio(input.path.portfolioId, reportsIn(store().byCustomer.get(customer.id)));
  });

  // provider 1.42.0: a portfolio by its id alone, among the calling partner's customers: the same
  // reports as GetPortfolioByCustomer, with the consumer's record; 204 when its customer has no consumer.
  if (ctx.contract.operations.has('GetPortfolioByPathParamPortFolioID'))
    route(app, ctx, 'GetPortfolioByPathParamPortFolioID', (input, reply) => {
      const owner = [...store().portfolioOf].find(([, p]) => p === input.path.portfolioId)?.[0];
      const customer = owner === undefined ? undefined : findCustomer(world, owner, input.partner?.id);
      if (!customer) return noPortfolio(reply, input.path.portfolioId);
      const consumer = world.consumers.get(world.consumerOf.get(customer.id) ?? '');
      if (!consumer) return reply.code(204).send();
      return { ...portfolio(input.path.portfolioId, reportsIn(store().byCustomer.get(customer.id))), consumer: consumerRecord(consumer) };
    });

  const weekYearBirthday = (born: unknown) => {
    const b = born as { year?: number; month?: number; dayOfMonth?: number } | undefined;
    return faults.has('seeded-portfolio-consumer-birthday-week-year') && b?.month === 1 && Number(b.dayOfMonth) <= 3
      ? { ...b, year: Number(b.year) - 1 }
      : undefined;
  };

  route(app, ctx, 'GetPortfolioByConsumer', (input, reply) => {
    const consumer = ownConsumer(ctx, reply, input);
    if (!consumer || frozen(ctx, reply, consumer.customerId)) return reply;
    const reports = reportsIn(store().byConsumer.get(consumer.id));
    if (!reports.some((r) => r.portfolioId === input.path.portfolioId)) return noPortfolio(reply, input.path.portfolioId);
    const f = consumer.fields;
    const ssn = String(f.ssn ?? '')
      .replace(/\D/g, '')
      .slice(-4);
    return {
      // i4-portfolio-by-consumer-keeps-first-of-type: this reader keeps the first report of each type.
      ...portfolio(input.path.portfolioId, reports, faults.has('i4-portfolio-by-consumer-keeps-first-of-type')),
      consumer: {
        id: consumer.id,
        // Seeded fault portfolio-consumer-names-trimmed: this reader trims the names and collapses their spaces.
        ...(faults.has('portfolio-consumer-names-trimmed')
          ? {
              firstName: String(f.firstName ?? '')
                .trim()
                .replace(/\s+/g, ' '),
              lastName: String(f.lastName ?? '')
                .trim()
                .replace(/\s+/g, ' '),
            }
          : { firstName: f.firstName ?? '', lastName: f.lastName ?? '' }),
        customerId: Number(consumer.customerId),
        ssn,
        // seeded-portfolio-consumer-birthday-week-year: a birthday in the first days of January shown with the
        // year its ISO week belongs to (a week-year date format), the year before.
        birthday:
          // i32-fd-portfolio-consumer-birthday-month-zero-based: the consumer's birth month written zero-based.
          faults.has('i32-fd-portfolio-consumer-birthday-month-zero-based') && typeof (f.birthday as any)?.month === 'number'
            ? { ...(f.birthday as object), month: (f.birthday as any).month - 1 }
            : (weekYearBirthday(f.birthday) ?? f.birthday ?? {}),
        ...(f.suffix ? { suffix: f.suffix } : {}),
        ...(faults.has('i2-report-portfolio-consumer-tax-id') ? { taxId: String(f.ssn ?? '').replace(/\D/g, '') } : {}),
      },
    };
  });
}
