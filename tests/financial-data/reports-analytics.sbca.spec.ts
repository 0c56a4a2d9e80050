// Covers: POST /decisioning/customers/{customerId}/sbca (GenerateSBCAMetricsReport) - seed 002,
// Decisioning report generation: response 200 (at once), errors 400, 401, 404; it returns merchant
// performance or benchmarking metrics. Provider 1.35.0: MetricType (retail_sales_analytics,
// retail_sales_benchmarks), MetricFrequency (weekly, monthly), SBCAAnalyticsReport /
// SBCABenchmarkReport, InvalidDataSmallBusinessReportExample (hasConsent), MetricsNotFoundExample
// (404). The location asked is one GetLocationMatches finds (seed 002, Institutions).
import { expect, rules, sample, test, underRule, type OperationClient } from '../../fixtures/financial-data.js';
import { expectStatus } from './reports-analytics.known.js';

const OP = 'GenerateSBCAMetricsReport';
const DAY_MS = 86_400_000;

/** The sample request with its sbcaParams changed. */
function request(base: ReturnType<typeof sample>, params: Record<string, unknown>) {
  const data = (base.body as any).analyticsReportData;
  return { ...base, body: { analyticsReportData: { ...data, sbcaParams: { ...data.sbcaParams, ...params } } } };
}

/** A merchant location the location-match lookup finds (its sample query). */
async function knownLocation(fdApi: OperationClient, fd: any, fdEntities: any): Promise<string> {
  const matches = await fdApi.call('GetLocationMatches', sample('GetLocationMatches', fd, fdEntities));
  expect(matches.status, 'GetLocationMatches finds a location').toBe(200);
  return matches.body.locationMatches[0].locationId;
}

const table = [
  {
    metricType: 'retail_sales_analytics',
    metricFrequency: 'Monthly',
    type: 'sbcaanalyticsnoncra',
    key: 'retailSalesAnalyticsMetrics',
    names: ['txn_amt', 'txn_cnt'],
  },
  {
    metricType: 'retail_sales_benchmarks',
    metricFrequency: 'weekly',
    type: 'sbcabenchmarksnoncra',
    key: 'retailSalesBenchmarksMetrics',
    names: ['txn_cnt_index', 'num_cards_index'],
  },
];

for (const row of table) {
  test(
    `answers ${row.metricType} (${row.metricFrequency}) at once with 200 and the ${row.key} of the location asked${row.type === 'sbcaanalyticsnoncra' ? ' @smoke' : ''} @provider`,
    rules('FD-SBCA-METRICS', 'FD-SBCA-LOCATION:accept', 'FD-SBCA-CONSENT:accept', 'FD-ANALYTICS-REPORT-TYPE@ack'),
    async ({ fdApi, fd, fdEntities }) => {
      const locationId = await knownLocation(fdApi, fd, fdEntities);
      // The target's day when asked (the mock's virtual clock; the wall clock on a sandbox), a day's slack for time zones.
      const lastDay = Math.floor(fd.now() / DAY_MS) * DAY_MS + DAY_MS;
      const res = await fdApi.call(
        OP,
        request(sample(OP, fd, fdEntities), { metricType: row.metricType, metricFrequency: row.metricFrequency, locationId }),
      );
      expectStatus(res, 200, 'seed 002: SBCA answers 200');
      const other = row.key === 'retailSalesAnalyticsMetrics' ? 'retailSalesBenchmarksMetrics' : 'retailSalesAnalyticsMetrics';
      expect({ type: res.body.type, has: Array.isArray(res.body[row.key]), other: res.body[other] }, 'the kind of metrics').toEqual({
        type: row.type,
        has: true,
        other: undefined,
      });
      const metrics = res.body[row.key] as any[];
      expect(metrics.length, 'metrics of the location').toBeGreaterThan(0);
      for (const m of metrics) {
        expect(m.locationId, 'the location asked').toBe(locationId);
        // A 200 carries metrics: a location without any is a 404 (provider 1.35.0 MetricsNotFoundExample,
        // "No potential merchant metrics found"), so each period listed holds metrics, and there is one.
        const lists = (m.metricsLists ?? []) as any[];
        expect(lists.length, `${row.metricFrequency} periods with metrics`).toBeGreaterThan(0);
        const empty = lists.filter((list) => !list.metrics?.length).map((list) => list.periodStartDate);
        expect(empty, 'periods without metrics').toEqual([]);
        for (const list of m.metricsLists ?? []) {
          const start = Date.parse(`${list.periodStartDate}T00:00:00Z`);
          const end = Date.parse(`${list.periodEndDate}T00:00:00Z`);
          // Metrics aggregate the merchant's transactions (seed 002: merchant performance metrics): no period
          // lies wholly after the day of the request. The current week or month may be listed (it ends later).
          expect(start, `period ${list.periodStartDate}..${list.periodEndDate} has begun`).toBeLessThanOrEqual(lastDay);
          if (row.metricFrequency.toLowerCase() === 'weekly')
            expect((end - start) / DAY_MS, `a weekly period (${list.periodStartDate}..${list.periodEndDate})`).toBe(6);
          else
            expect(
              {
                first: new Date(start).getUTCDate(),
                nextDay: new Date(end + DAY_MS).getUTCDate(),
                oneMonth: list.periodStartDate.slice(0, 7) === list.periodEndDate.slice(0, 7),
              },
              `one calendar month (${list.periodStartDate}..${list.periodEndDate})`,
            ).toEqual({ first: 1, nextDay: 1, oneMonth: true });
          for (const metric of list.metrics ?? []) {
            expect(row.names, `metric ${metric.name} of ${row.metricType}`).toContain(metric.name);
            // txn_cnt counts the period's transactions (provider 1.35.0 examples 238, 269): a whole number, never negative.
            if (metric.name === 'txn_cnt')
              expect(Number.isInteger(metric.value) && metric.value >= 0, `txn_cnt ${metric.value} of ${list.periodStartDate}`).toBe(true);
          }
        }
      }
    },
  );
}

test(
  'refuses a request without the merchant consent (400), for performance and benchmark metrics alike @provider',
  rules('FD-SBCA-CONSENT:refuse'),
  async ({ fdApi, fd, fdEntities }) => {
    for (const metricType of ['retail_sales_analytics', 'retail_sales_benchmarks']) {
      expectStatus(
        await fdApi.call(OP, request(sample(OP, fd, fdEntities), { hasConsent: false, metricType })),
        400,
        `hasConsent false (${metricType})`,
      );
    }
  },
);

// A well-formed id of no merchant: an arbitrary one, and the found location's id with its last or
// its first hex digit changed (a lookup on part of the id serves the near one). The changed digit
// moves by 8, away from the few ids a world holds that differ only there.
test(
  'answers 404 for a well-formed location id of no merchant, one a hex digit away from a found location too @provider',
  rules('FD-SBCA-LOCATION:refuse', 'FD-PROP-REFUSED-NO-TRACE'),
  async ({ fdApi, fd, fdEntities }) => {
    const found = await knownLocation(fdApi, fd, fdEntities);
    const flip = (c: string) => ((parseInt(c, 16) + 8) % 16).toString(16);
    const ids = ['0e9d8c7b-0000-4000-8000-00000000ffff', found.slice(0, -1) + flip(found.slice(-1)), flip(found[0]) + found.slice(1)];
    const base = sample(OP, fd, fdEntities);
    // seed 002, Errors 404 (the request refused) and Report retrieval (every report generated for the customer): a refused
    // request stores no report, so the customer's list reads the same after the refusals as before them.
    const reports = async () => {
      const res = await fdApi.call('GetReportsByCustomerId', { path: { customerId: base.path!.customerId } });
      expect(res.status, "the customer's reports").toBe(200);
      return (res.body.reports ?? []).map((r: { id: string }) => r.id).sort();
    };
    const before = await reports();
    for (const locationId of ids)
      expectStatus(await fdApi.call(OP, request(base, { locationId })), 404, `no metrics for location ${locationId}`);
    const after = await reports();
    underRule(test.info(), 'FD-PROP-REFUSED-NO-TRACE', () =>
      expect(after, "the customer's reports after the 404s: none stored by a refused request").toEqual(before),
    );
  },
);
