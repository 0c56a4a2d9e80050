// Reseller billing (seed 002, Report retrieval: getResellerBillingReport; schemas/financial-data/rules/reports-retrieval.yaml,
// FD-BILLING-*): reports generated between startDate and endDate (epoch seconds, at most 31 days apart) by the partner's customers, a
// zero-based page of `size` (default 100, at most 1000); testing customers' reports only with viewTestingReports=true. No reseller
// relations: a partner reads its own only (else 404).
import type { FastifyInstance } from 'fastify';
import { limitOf, parameterDefault, parameterRange } from '../../../helpers/contract/facts.js';
import { answerThrough, judgeThrough, route, sendError, type FdContext } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import type { Report } from '../state.js';
import { BILLING_CODE, windowRefusal, type Answer, type BillingSeams, type Exchange, type Refusal, type Step } from './billing.records.js';

export function registerBilling(app: FastifyInstance, ctx: FdContext): void {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<BillingSeams>('billing');
  const answer = answerThrough<Exchange, Answer>(seams);

  const row = (r: Report) => {
    const consumer = r.consumerId ? world.consumers.get(r.consumerId) : undefined;
    const customer = world.customers.get(r.customerId);
    const names: Record<string, unknown> = consumer?.fields ?? { ...customer };
    const custom = (r.constraints as { reportCustomFields?: unknown }).reportCustomFields;
    return {
      reseller: '',
      resellerProvider: '',
      platformProvider: '',
      customerId: Number(r.customerId),
      ...(r.consumerId ? { consumerId: r.consumerId } : {}),
      ...(r.consumerSsn ? { consumerSsn: r.consumerSsn } : {}),
      ...(names.firstName ? { firstName: String(names.firstName) } : {}),
      ...(names.lastName ? { lastName: String(names.lastName) } : {}),
      lastFourReportId: r.id.slice(-4),
      reportId: r.id,
      createdDate: r.createdDate,
      reportType: r.type,
      status: r.status,
      // provider 1.35.0 ReportCustomFields: "All custom fields display in the Reseller Billing API".
      ...(custom ? { reportCustomFields: custom } : {}),
    };
  };

  const bad = (message: string): Refusal => ({ status: 400, message, code: BILLING_CODE });
  const judged = judgeThrough<Exchange, Step, Refusal>(seams, {
    // Required query parameters (the shared middleware validates only what is sent).
    dates: ({ input: { query } }) =>
      ['startDate', 'endDate'].filter((name) => query[name] === undefined).map((name) => bad(`Missing parameter (${name})`))[0],
    // provider 1.35.0, the reseller billing's 400 examples (all 10100): a date of zero or less, a start after the end.
    range: (x) => {
      const { query } = x.input;
      x.start = Number(query.startDate ?? 0);
      x.end = Number(query.endDate ?? Number.MAX_SAFE_INTEGER);
      if ((query.startDate !== undefined && x.start <= 0) || (query.endDate !== undefined && x.end <= 0))
        return bad('startDate and endDate must be after zero');
      return x.end < x.start ? bad('endDate must not be before startDate') : undefined;
    },
    window: (x) => (x.end - x.start > x.maxDays * DAY_S ? windowRefusal(x.maxDays) : undefined),
    // The mock knows no reseller relation: a partner reads its own billing only.
    partner: ({ input: { path, partner } }) =>
      !world.partners.has(path.partnerId) || (partner && partner.id !== path.partnerId)
        ? { status: 404, message: `Partner not found: ${path.partnerId}` }
        : undefined,
    size: (x) => {
      x.size = Number(x.input.query.size ?? x.defaultSize);
      return undefined;
    },
    page: (x) => {
      x.page = Number(x.input.query.page ?? 0);
      return undefined;
    },
    testing: (x) => {
      x.viewTesting = x.input.query.viewTestingReports === true;
      return undefined;
    },
    // The reports of the window, and where the page starts among them.
    slice: (x) => {
      x.all = [...world.reports.reports.values()].filter(
        (r) => r.partnerId === x.owner && x.inWindow(r.createdDate) && (r.billable || x.viewTesting),
      );
      x.from = x.page * x.size;
      return undefined;
    },
  });

  route(app, ctx, 'getResellerBillingReport', (input, reply) => {
    const x: Exchange = {
      input,
      world,
      /** seed 002, Report retrieval and Limits: the range and the page size (the contract's x-limits and size parameter). */
      maxDays: limitOf(ctx.contract, 'billingWindowDays'),
      defaultSize: Number(parameterDefault(ctx.contract, 'getResellerBillingReport', 'size')),
      maxSize: parameterRange(ctx.contract, 'getResellerBillingReport', 'size').max!,
      owner: input.path.partnerId,
      start: 0,
      end: 0,
      inWindow: (s) => s >= x.start && s <= x.end,
      size: 0,
      page: 0,
      viewTesting: false,
      all: [],
      from: 0,
    };
    const refusal = judged(x, ['dates', 'range', 'window', 'partner', 'size', 'page', 'testing', 'slice']);
    if (refusal) return sendError(ctx, reply, refusal.status, refusal.message, refusal.code);
    const { page, size, all } = x;
    const shown = page < 0 ? [] : all.slice(x.from, x.from + size);
    const totalPages = Math.ceil(all.length / size);
    const body = {
      content: shown.map(row),
      number: Math.max(page, 0),
      size,
      totalElements: all.length,
      totalPages,
      numberOfElements: shown.length,
      first: page <= 0,
      last: page >= totalPages - 1,
      empty: shown.length === 0,
      pageable: { pageNumber: Math.max(page, 0), pageSize: size, offset: Math.max(page, 0) * size, paged: true, unpaged: false },
    };
    return answer(x, reply, { status: 200, body, shown });
  });
}
