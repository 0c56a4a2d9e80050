// Small business credit analytics (seed 002, Decisioning report generation: GenerateSBCAMetricsReport
// answers 200 at once with merchant performance or benchmarking metrics; errors 400, 401, 404).
// - metricType retail_sales_analytics gives performance metrics (type sbcaanalyticsnoncra,
//   retailSalesAnalyticsMetrics: txn_amt, txn_cnt); retail_sales_benchmarks gives benchmarks
//   (sbcabenchmarksnoncra, retailSalesBenchmarksMetrics: indexes) (provider 1.35.0 MetricType and
//   the two report schemas).
// - the location is one of the world's merchant locations (the ones GetLocationMatches finds); any
//   other has no metrics: 404 (provider 1.35.0 MetricsNotFoundExample).
// - without the merchant's consent the request is a 400 (provider 1.35.0
//   InvalidDataSmallBusinessReportExample names hasConsent as invalid data).
// - the periods: the last four whole weeks (Sunday to Saturday) or calendar months before today;
//   the values are deterministic per location and period. The report is also kept in the report
//   store (store.ts), ended, so the get-report operations can read it later (provider 1.35.0).
// - a business id that names no business of the customer is a 400, code 10003 (provider 1.35.0
//   InvalidBusinessIdSmallBusinessReportExample; BusinessDetails.businessId names the customer's business).
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext, type Input } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import { customerOr404 } from './guard.js';
import { createReport, reportAck } from './store.js';
import type { SbcaSeams } from '../state.js';

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
  const { faults, state: world, clock } = ctx;
  const seams = faults.seams<SbcaSeams>('sbca');

  route(app, ctx, 'GenerateSBCAMetricsReport', ({ path, body }: Input, reply) => {
    const customer = customerOr404(ctx, reply, path.customerId);
    if (!customer) return;
    const params = body.analyticsReportData.sbcaParams as {
      hasConsent: boolean;
      metricFrequency: string;
      metricType: string;
      locationId: string;
    };
    // Blind fault: benchmarks (aggregated over a cohort) are served without the merchant's consent.
    const consentWaived = params.metricType === 'retail_sales_benchmarks' && faults.has('blind-analytics-sbca-benchmarks-without-consent');
    if (!params.hasConsent && !faults.has('sbca-consent-ignored') && !consentWaived)
      return sendError(ctx, reply, 400, 'Invalid data: analyticsReportData.sbcaParams.hasConsent');
    // provider 1.35.0, the small business report's 400 examples: an invalid country code, code 10000.
    const business = body.analyticsReportData.businessDetails;
    if (!/^[A-Z]{2}$/i.test(String(business?.address?.country ?? 'US')))
      return sendError(ctx, reply, 400, 'Invalid country code provided.', '10000');
    const businessId = business?.businessId;
    const ownBusiness = (id: unknown) => world.businesses.get(String(id))?.customerId === customer.id;
    const refused = seams.judge(
      { operationId: 'GenerateSBCAMetricsReport', business },
      'business-id',
      businessId !== undefined && !ownBusiness(businessId)
        ? { status: 400, code: '10003', message: 'Missing or invalid request parameter(s) - businessId' }
        : undefined,
    );
    if (refused) return sendError(ctx, reply, refused.status, refused.message, refused.code);
    const found =
      world.locations.find((l) => l.locationId === params.locationId.toLowerCase()) ??
      // rt-sbca-location-matched-on-first-32: the location id compared on its first 32 characters.
      (faults.has('rt-sbca-location-matched-on-first-32')
        ? world.locations.find((l) => l.locationId.slice(0, 32) === params.locationId.toLowerCase().slice(0, 32))
        : undefined) ??
      (faults.has('sbca-any-location') ? world.locations[0] : undefined);
    // Blind fault: a location without metrics answers 200 with an empty metrics list.
    // i37-fd-sbca-unknown-location-404-report-kept: the refused request (no such location) has already stored a report for the customer.
    if (!found && faults.has('i37-fd-sbca-unknown-location-404-report-kept'))
      createReport(ctx, {
        type: 'sbcaanalyticsnoncra',
        title: 'Small Business Credit Analytics',
        customer,
        constraints: body,
        build: () => ({}),
      });
    if (!found && !faults.has('blind-analytics-sbca-unknown-location-empty-200'))
      return sendError(ctx, reply, 404, 'No merchant metrics found for the location');
    const location = found ?? world.locations[0];
    // Fault: the benchmarks request answered with the performance metrics.
    const benchmarks = params.metricType === 'retail_sales_benchmarks' && !faults.has('sbca-benchmarks-as-analytics');
    // Fault: a weekly request answered with monthly periods.
    const weekly = /^weekly$/i.test(params.metricFrequency) && !faults.has('sbca-frequency-ignored');
    const names = benchmarks ? ['txn_cnt_index', 'num_cards_index'] : ['txn_amt', 'txn_cnt'];
    const today = clock.nowEpochSeconds();
    const metrics = !found
      ? []
      : [
          {
            // i30-fd-sbca-location-id-echo-lowercased: the metrics name the location by the lower-cased id the lookup used.
            locationId: faults.has('i30-fd-sbca-location-id-echo-lowercased') ? params.locationId.toLowerCase() : params.locationId,
            merchantCategoryCode: location.merchantName.includes('Coffee') ? 5814 : 5251,
            naicsCode: location.merchantName.includes('Coffee') ? 722515 : 444130,
            industryName: location.merchantName.includes('Coffee') ? 'Snack and Nonalcoholic Beverage Bars' : 'Hardware Retailers',
            firstSeenTxnDate: iso(today - 3 * 365 * DAY_S),
            lastSeenTxnDate: iso(today - DAY_S),
            metricsFrequency: weekly ? 'Weekly' : 'Monthly',
            // Blind fault: a week runs to the next Sunday inclusive (eight days).
            metricsLists: periods(weekly, today, 4)
              .map((p) => (weekly && faults.has('blind-analytics-sbca-weekly-eight-days') ? { ...p, endS: p.endS + DAY_S } : p))
              // i23-sbca-monthly-periods-thirty-days: a monthly period counted as thirty days from the first of the month.
              .map((p) => (!weekly && faults.has('i23-sbca-monthly-periods-thirty-days') ? { ...p, endS: p.startS + 29 * DAY_S } : p))
              .map((p) => ({
                // i34-fd-sbca-period-dates-epoch: the period dates answered as epoch seconds, not dates.
                periodStartDate: faults.has('i34-fd-sbca-period-dates-epoch') ? p.startS : iso(p.startS),
                periodEndDate: faults.has('i34-fd-sbca-period-dates-epoch') ? p.endS : iso(p.endS),
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
    // Blind fault: the benchmarks report is typed as the analytics one.
    const type =
      benchmarks && !faults.has('blind-analytics-sbca-benchmarks-typed-analytics') ? 'sbcabenchmarksnoncra' : 'sbcaanalyticsnoncra';
    const content = {
      partnerName: 'Contract Suite Partner',
      [benchmarks ? 'retailSalesBenchmarksMetrics' : 'retailSalesAnalyticsMetrics']: metrics,
    };
    const report = createReport(ctx, { type, title: 'Small Business Credit Analytics', customer, constraints: body, build: () => content });
    // Answered at once: the report has ended (success) and its content is built now.
    const store = world.reports;
    // i35-fd-sbca-answered-success-stored-in-progress: the answer says success but the stored report stays in progress until the store's next settling.
    if (faults.has('i35-fd-sbca-answered-success-stored-in-progress'))
      return reply.code(200).send({ ...reportAck(report), status: 'success', ...content });
    store.pending.delete(report.id);
    report.status = 'success';
    report.content = content;
    return reply.code(faults.has('sbca-answers-202') ? 202 : 200).send({ ...reportAck(report), ...content });
  });
}
