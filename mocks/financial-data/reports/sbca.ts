// Small business credit analytics (seed 002, Decisioning report generation: GenerateSBCAMetricsReport answers 200 at once; 400, 401, 404).
// - metricType retail_sales_analytics: sbcaanalyticsnoncra, retailSalesAnalyticsMetrics (txn_amt, txn_cnt); retail_sales_benchmarks:
//   sbcabenchmarksnoncra, retailSalesBenchmarksMetrics (indexes) (provider 1.35.0 MetricType and the two report schemas).
// - A location GetLocationMatches does not find has no metrics: 404 (provider 1.35.0 MetricsNotFoundExample).
// - Without the merchant's consent: 400 (provider 1.35.0 InvalidDataSmallBusinessReportExample names hasConsent).
// - Periods: the last four whole weeks (Sunday to Saturday) or calendar months; values deterministic per location and period. The
//   report is kept in the store, ended, for the get-report operations (provider 1.35.0).
// - A BusinessDetails.businessId not the customer's: 400, code 10003 (provider 1.35.0 InvalidBusinessIdSmallBusinessReportExample).
import type { FastifyInstance } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import { customerOr404 } from './guard.js';
import type { Answer, Exchange, Refusal, SbcaSeams, Step } from './sbca.records.js';
import { createReport, reportAck } from './store.js';

const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The last `n` whole periods before today: weeks Sunday..Saturday, or calendar months. */
function periods(weekly: boolean, todayS: number, n: number): { startS: number; endS: number }[] {
  const out: { startS: number; endS: number }[] = [];
  const day = Math.floor(todayS / DAY_S) * DAY_S;
  if (weekly) {
    const weekStart = day - new Date(day * 1000).getUTCDay() * DAY_S;
    for (let k = n; k >= 1; k--) out.push({ startS: weekStart - k * 7 * DAY_S, endS: weekStart - (k - 1) * 7 * DAY_S - DAY_S });
  } else {
    const d = new Date(day * 1000);
    for (let k = n; k >= 1; k--) {
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k, 1) / 1000;
      const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - k + 1, 1) / 1000 - DAY_S;
      out.push({ startS: start, endS: end });
    }
  }
  return out;
}

export function registerSbca(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<SbcaSeams>('sbca');
  const changed = stateThrough(seams);
  const answer = answerThrough<Exchange, Answer>(seams);
  const TITLE = 'Small Business Credit Analytics';

  const judged = judgeThrough<Exchange, Step, Refusal>(seams, {
    // provider 1.35.0 InvalidDataSmallBusinessReportExample: without the merchant's consent, invalid data.
    consent: (x) => (x.params.hasConsent ? undefined : { status: 400, message: 'Invalid data: analyticsReportData.sbcaParams.hasConsent' }),
    // provider 1.35.0, the small business report's 400 examples: an invalid country code, code 10000.
    country: (x) =>
      /^[A-Z]{2}$/i.test(String(x.business?.address?.country ?? 'US'))
        ? undefined
        : { status: 400, message: 'Invalid country code provided.', code: '10000' },
    'business-id': ({ business, customer }) =>
      business?.businessId !== undefined && world.businesses.get(String(business.businessId))?.customerId !== customer.id
        ? { status: 400, code: '10003', message: 'Missing or invalid request parameter(s) - businessId' }
        : undefined,
    location: (x) => {
      x.location = world.locations.find((l) => l.locationId === x.params.locationId.toLowerCase());
      return x.location ? undefined : { status: 404, message: 'No merchant metrics found for the location' };
    },
  });

  route(app, ctx, 'GenerateSBCAMetricsReport', (input, reply) => {
    const { body } = input;
    const customer = customerOr404(ctx, reply, input.path.customerId);
    if (!customer) return;
    const x: Exchange = {
      input,
      world,
      customer,
      params: body.analyticsReportData.sbcaParams,
      business: body.analyticsReportData.businessDetails,
      queue: () => void createReport(ctx, { type: 'sbcaanalyticsnoncra', title: TITLE, customer, constraints: body, build: () => ({}) }),
    };
    const refused = judged(x, ['consent', 'country', 'business-id', 'location']);
    if (refused) return sendError(ctx, reply, refused.status, refused.message, refused.code);
    const location = x.location!;
    const benchmarks = x.params.metricType === 'retail_sales_benchmarks';
    const weekly = /^weekly$/i.test(x.params.metricFrequency);
    const names = benchmarks ? ['txn_cnt_index', 'num_cards_index'] : ['txn_amt', 'txn_cnt'];
    const today = clock.nowEpochSeconds();
    const metrics = [
      {
        locationId: x.params.locationId,
        merchantCategoryCode: location.merchantName.includes('Coffee') ? 5814 : 5251,
        naicsCode: location.merchantName.includes('Coffee') ? 722515 : 444130,
        industryName: location.merchantName.includes('Coffee') ? 'Snack and Nonalcoholic Beverage Bars' : 'Hardware Retailers',
        firstSeenTxnDate: iso(today - 3 * 365 * DAY_S),
        lastSeenTxnDate: iso(today - DAY_S),
        metricsFrequency: weekly ? 'Weekly' : 'Monthly',
        metricsLists: periods(weekly, today, 4).map((p) => ({
          periodStartDate: iso(p.startS),
          periodEndDate: iso(p.endS),
          year: new Date(p.startS * 1000).getUTCFullYear(),
          metrics: names.map((name) => {
            const h = hash(`${location.locationId}:${name}:${p.startS}`);
            return {
              name,
              value: name === 'txn_amt' ? Math.round(h % 2_000_000) / 100 : name === 'txn_cnt' ? 50 + (h % 400) : 80 + (h % 50),
            };
          }),
        })),
      },
    ];
    const type = benchmarks ? 'sbcabenchmarksnoncra' : 'sbcaanalyticsnoncra';
    const content = {
      partnerName: 'Contract Suite Partner',
      [benchmarks ? 'retailSalesBenchmarksMetrics' : 'retailSalesAnalyticsMetrics']: metrics,
    };
    const report = createReport(ctx, { type, title: TITLE, customer, constraints: body, build: () => content });
    // Answered at once: the report has ended (success) and its content is built now.
    if (changed(x, { kind: 'ended', ended: true }).ended) {
      world.reports.pending.delete(report.id);
      report.status = 'success';
      report.content = content;
    }
    return answer(x, reply, { status: 200, body: { ...reportAck(report), status: 'success', ...content }, report });
  });
}
