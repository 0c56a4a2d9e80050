// The report store (seed 002, Decisioning report generation; Report retrieval; States and
// transitions - Report): the one store every generate and every retrieve operation shares (its
// maps are declared in ../state.ts, `reports`). A report is born `inProgress` (the 202 of its
// generate operation) and ends `success` or `failure` once the virtual clock has passed its ready
// time; on that transition the report callback URL, when one was given, is called once. A report
// request passes the refusals of guard.ts, then its family's module (assets.ts, income.ts,
// analytics.ts, sbca.ts) decides eligibility and hands this module the content builder; this
// module owns ids, status, portfolios and the callback. Rules: schemas/financial-data/rules/reports.yaml.
import type { FastifyInstance } from 'fastify';
import { parseJson } from '../../kit/app.js';
import type { FdContext } from '../middleware.js';
import type { Consumer, Customer, Report } from '../state.js';

/**
 * Virtual seconds a report stays inProgress: the mock's choice, so that a client polling at the
 * seed's 20 seconds sees inProgress twice (at 0 and 20 s) and the outcome at its third poll (40 s).
 * The sandbox stand-in, on real time, takes its own (stand-in-limits.ts).
 */
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
  // Blind fault: the callback URL is kept per customer, and a later report generated without one calls it.
  if (ctx.faults.has('blind-report-callback-url-kept-per-customer')) {
    const kept = ctx.state.faultMemory.callbackUrls;
    if (rest.callbackUrl) kept.set(customer.id, rest.callbackUrl);
    else rest.callbackUrl = kept.get(customer.id);
  }
  // callback-url-first-of-kind-kept: a report given a callback URL calls the URL of the customer's first report of its kind that had one.
  if (ctx.faults.has('callback-url-first-of-kind-kept') && rest.callbackUrl) {
    const first = [...state.reports.values()].find((r) => r.customerId === customer.id && r.type === rest.type && r.callbackUrl);
    if (first) rest.callbackUrl = first.callbackUrl;
  }
  const report: Report = {
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
    readyAtS:
      now +
      (ctx.faults.has('report-stuck-in-progress')
        ? Number.MAX_SAFE_INTEGER / 1000
        : (ctx.standIn?.reportReadyAfterS ?? REPORT_READY_AFTER_S)),
    status: 'inProgress',
    outcome: 'success',
    billable: input.billable ?? customer.type !== 'testing',
  };
  // Blind fault: a testing customer's report is answered (and read) as successful from the start, though it completes later.
  if (ctx.faults.has('blind-report-testing-born-success') && customer.type === 'testing') report.status = 'success';
  // i28-fd-voa-report-created-date-ms: a VOA report dates itself in epoch milliseconds (its ack and every read).
  if (ctx.faults.has('i28-fd-voa-report-created-date-ms') && report.type === 'voa')
    report.extra = { ...report.extra, createdDate: now * 1000 };
  state.reports.set(report.id, report);
  state.pending.add(report.id);
  // Independent fault: the listener is called at creation, while the report is in progress, and not at completion.
  if (ctx.faults.has('i2-report-callback-at-creation') && report.callbackUrl)
    void ctx.deliveries
      .send(
        report.callbackUrl,
        'POST',
        { 'content-type': 'application/json' },
        callbackPayload(report, `${now}-${report.id}`),
        ctx.clock.now(),
      )
      .catch(() => undefined);
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
  /** i14-report-callback-type-of-previous-report: the type of the report settled just before (kept only while that fault is on). */
  let previousType: string | undefined;
  for (const id of [...state.pending]) {
    // Settled meanwhile by another request's settling (each awaits its deliveries): called back once only.
    if (!state.pending.has(id)) continue;
    const report = state.reports.get(id)!;
    if (report.readyAtS > now) continue;
    state.pending.delete(id);
    report.status = ctx.faults.has('report-never-fails') ? 'success' : report.outcome;
    // i34-fd-report-failure-stays-in-progress: a report ending in failure is taken off the queue but its status stays inProgress.
    if (ctx.faults.has('i34-fd-report-failure-stays-in-progress') && report.status === 'failure') report.status = 'inProgress';
    // i30-fd-report-created-date-moves-at-completion: the report's createdDate rewritten with the time it completed.
    if (ctx.faults.has('i30-fd-report-created-date-moves-at-completion')) report.createdDate = now;
    // i28-fd-report-failure-later-success: a failed report is retried in the background and turns success a minute later.
    if (ctx.faults.has('i28-fd-report-failure-later-success') && report.status === 'failure') {
      report.outcome = 'success';
      report.readyAtS = now + 60;
      state.pending.add(id);
    }
    // Blind fault: the completed report's type is normalised to lower case (voaHistory becomes voahistory).
    if (ctx.faults.has('blind-report-type-lowercased-when-done')) report.type = report.type.toLowerCase();
    if (report.status === 'success') report.content = report.build(report);
    if (!report.callbackUrl || ctx.faults.has('report-callback-never-sent') || ctx.faults.has('i2-report-callback-at-creation')) continue;
    // Blind fault: only a successful report notifies its listener.
    if (report.status === 'failure' && ctx.faults.has('blind-report-callback-on-success-only')) continue;
    // Independent fault: the payload is built from the report as it was before its status moved.
    const body = callbackPayload(
      ctx.faults.has('i2-report-callback-status-in-progress') ? { ...report, status: 'inProgress' } : report,
      `${report.readyAtS}-${report.id}`,
    );
    // Seeded fault report-callback-type-of-customer-first: the payload gives the type of the customer's first report.
    if (ctx.faults.has('report-callback-type-of-customer-first')) {
      const first = [...state.reports.values()].find((r) => r.customerId === report.customerId);
      body.payload = { ...(body.payload as Record<string, unknown>), type: first?.type ?? report.type };
    }
    // i14-report-callback-type-of-previous-report: the payload's type left over from the report settled before it.
    if (ctx.faults.has('i14-report-callback-type-of-previous-report')) {
      body.payload = { ...(body.payload as Record<string, unknown>), type: previousType ?? report.type };
      previousType = report.type;
    }
    // i6-report-callback-names-request-id: the payload names the report by its tracking id.
    // i15-report-callback-failure-reads-success: a failed report is announced to its listener as a success.
    if (ctx.faults.has('i15-report-callback-failure-reads-success') && report.status === 'failure')
      body.payload = { ...(body.payload as Record<string, unknown>), status: 'success' };
    // i29-fd-report-callback-success-uppercased: a successful report announced to its listener with status SUCCESS.
    if (ctx.faults.has('i29-fd-report-callback-success-uppercased') && report.status === 'success')
      body.payload = { ...(body.payload as Record<string, unknown>), status: 'SUCCESS' };
    // i23-report-callback-failure-portfolio-dropped: a failed report announced without its portfolio id.
    if (ctx.faults.has('i23-report-callback-failure-portfolio-dropped') && report.status === 'failure')
      body.payload = { ...(body.payload as Record<string, unknown>), portfolioId: undefined };
    // seeded-fam28b-report-callback-income-portfolio-dropped: an income report's success announced without its portfolio id.
    if (
      ctx.faults.has('seeded-fam28b-report-callback-income-portfolio-dropped') &&
      report.status === 'success' &&
      /^(voe|voie|paystatement)/.test(report.type)
    )
      body.payload = { ...(body.payload as Record<string, unknown>), portfolioId: undefined };
    // i20-report-callback-failure-status-capitalised: a failed report announced with its status capitalised.
    if (ctx.faults.has('i20-report-callback-failure-status-capitalised') && report.status === 'failure')
      body.payload = { ...(body.payload as Record<string, unknown>), status: 'Failure' };
    // i15-report-callback-customer-id-of-consumer: the callback names the report's owner by its consumer id.
    if (ctx.faults.has('i15-report-callback-customer-id-of-consumer') && report.consumerId !== undefined)
      body.customerId = report.consumerId;
    // i33-fd-report-callback-event-id-per-customer: the callback's eventId is the customer's, the same for each of its reports.
    if (ctx.faults.has('i33-fd-report-callback-event-id-per-customer')) body.eventId = `customer-${report.customerId}`;
    if (ctx.faults.has('i6-report-callback-names-request-id'))
      body.payload = { ...(body.payload as Record<string, unknown>), reportId: report.requestId };
    // i3-report-callback-to-latest-partner-url: one listener per partner, the URL of its latest report that named one.
    const latestUrl = ctx.faults.has('i3-report-callback-to-latest-partner-url')
      ? [...state.reports.values()].filter((r) => r.partnerId === report.partnerId && r.callbackUrl).pop()?.callbackUrl
      : undefined;
    // Seeded faults: a failed report's listener called without the query string; the consumer's SSN in the payload.
    const url =
      report.status === 'failure' && ctx.faults.has('report-callback-failed-query-dropped')
        ? report.callbackUrl.split('?')[0]
        : // i27-report-callback-path-slash-added: the listener URL's path given a trailing slash before the call.
          ctx.faults.has('i27-report-callback-path-slash-added')
          ? report.callbackUrl.replace(/^([^?#]*?)\/?([?#].*)?$/, (_m, path: string, rest?: string) => `${path}/${rest ?? ''}`)
          : ctx.faults.has('i5-report-callback-url-lowercased')
            ? // i5-report-callback-url-lowercased: the listener URL normalised to lower case.
              report.callbackUrl.toLowerCase()
            : report.callbackUrl;
    const consumer = report.consumerId === undefined ? undefined : ctx.state.consumers.get(report.consumerId);
    if (ctx.faults.has('report-callback-consumer-ssn-clear') && consumer) body.consumer = { taxId: String(consumer.fields.ssn ?? '') };
    // i4-report-callback-once-per-url: a listener URL already called is not called again.
    if (ctx.faults.has('i4-report-callback-once-per-url') && ctx.deliveries.list().some((d) => d.url === report.callbackUrl)) continue;
    // i7-report-callback-query-decoded: the listener URL's query string percent-decoded before the call.
    const called = ctx.faults.has('i7-report-callback-query-decoded') ? decodedQuery(latestUrl ?? url) : (latestUrl ?? url);
    await ctx.deliveries.send(
      // i13-report-callback-scheme-downgraded: an https listener called over http.
      ctx.faults.has('i13-report-callback-scheme-downgraded') ? called.replace(/^https:/, 'http:') : called,
      'POST',
      // i15-report-callback-text-plain: the report listener's call declares its JSON body as text/plain.
      { 'content-type': ctx.faults.has('i15-report-callback-text-plain') ? 'text/plain' : 'application/json' },
      // seeded-fam27b-report-callback-failure-body-array: a failed report's payload wrapped in an array.
      report.status === 'failure' && ctx.faults.has('seeded-fam27b-report-callback-failure-body-array') ? [body] : body,
      ctx.clock.now(),
    );
    if (ctx.faults.has('report-callback-sent-twice'))
      await ctx.deliveries.send(report.callbackUrl, 'POST', { 'content-type': 'application/json' }, body, ctx.clock.now());
    // i31-fd-report-callback-before-commit: the listener hears of a success the store has not yet committed: the report reads inProgress for another half minute.
    if (ctx.faults.has('i31-fd-report-callback-before-commit') && report.status === 'success') {
      report.status = 'inProgress';
      report.readyAtS = now + 30;
      report.callbackUrl = undefined;
      state.pending.add(id);
    }
    // i8-report-callback-resent-with-sibling: the listeners of the customer's reports already done are called again.
    if (ctx.faults.has('i8-report-callback-resent-with-sibling'))
      for (const other of state.reports.values())
        if (other !== report && other.customerId === report.customerId && other.callbackUrl && !state.pending.has(other.id))
          await ctx.deliveries.send(
            other.callbackUrl,
            'POST',
            { 'content-type': 'application/json' },
            callbackPayload(other, `${other.readyAtS}-${other.id}`),
            ctx.clock.now(),
          );
  }
}

/** i7-report-callback-query-decoded: a URL with its query string percent-decoded (left as is when it does not decode). */
function decodedQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  try {
    return url.slice(0, at + 1) + decodeURIComponent(url.slice(at + 1));
  } catch {
    return url;
  }
}

/** The callbackUrl query parameter of a generate operation (provider 1.35.0: ReportCallbackUrlParameter). */
export const callbackOf = (query: Record<string, unknown>) =>
  typeof query.callbackUrl === 'string' && query.callbackUrl ? query.callbackUrl : undefined;

/**
 * The store's control surface and hooks: due reports settle when the clock advances and before any
 * request is handled (a read never shows a report inProgress past its ready time), and
 * POST /__mock/reports/{reportId}/outcome {"status": "failure"} decides how a report in progress ends.
 */
export function registerReportStore(app: FastifyInstance, ctx: FdContext): void {
  // i35-fd-report-settles-only-when-read: a report ends (and its callback is called) only when a report reader asks for it.
  const lazy = () => ctx.faults.has('i35-fd-report-settles-only-when-read');
  (ctx.onAdvance ??= []).push(() => (lazy() ? undefined : settleReports(ctx)));
  // A callback hook, not an async one: with nothing pending (most requests) it costs no promise.
  app.addHook('preHandler', (_req, _reply, done) => {
    if (ctx.state.reports.pending.size === 0) return done();
    if (lazy() && !/^\/decisioning\/v[13]\/(?:reports|(?:customers|consumers)\/[^/]+\/reports)(?:\/|\?|$)/.test(_req.url)) return done();
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
