// Faults of small business credit analytics (switched in sbca.ts): each breaks one rule of
// schemas/financial-data/rules/reports-analytics.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, seeded, blind, ruleFault, independent, type FaultSeams } from '../../kit/faults.js';
import type { SbcaSeams } from '../state.js';

const f = ruleFault;

export const SBCA_FAULTS = faultCatalogue([
  // Small business credit analytics (seed 002: 200 with performance or benchmarking metrics).
  f('sbca-answers-202', 'FD-SBCA-METRICS: the report is answered at once with 200', 'seed'),
  // Seeded beside the documented-refusals property (properties.documented-refusals.spec.ts): a business id
  // naming no business of the customer taken (provider 1.35.0 InvalidBusinessIdSmallBusinessReportExample, 10003).
  seeded({
    id: 'seeded-sbca-foreign-business-id-taken',
    rule: 'FD-PROP-DOCUMENTED-REFUSAL: a small business report naming a business id that is no business of the customer answers 200 with metrics, not 400 with code 10003',
    source: 'provider',
    rules: ['FD-PROP-DOCUMENTED-REFUSAL'],
    seams: { judge: (_x, step, refusal) => (step === 'business-id' ? undefined : refusal) } satisfies FaultSeams<SbcaSeams>,
  }),
  f('sbca-benchmarks-as-analytics', 'FD-SBCA-METRICS: retail_sales_benchmarks gives the benchmarking metrics', 'seed'),
  f('sbca-frequency-ignored', 'FD-SBCA-METRICS: weekly metrics come in periods of seven days', 'provider'),
  f('sbca-consent-ignored', 'FD-SBCA-CONSENT: without the merchant consent the request is a 400', 'provider'),
  f('sbca-any-location', 'FD-SBCA-LOCATION: a location without merchant metrics is a 404', 'provider'),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Cash flow and analytics reports (seed 002, Decisioning report generation; Errors 400, 404; provider 1.35.0).
  blind({
    id: 'blind-analytics-sbca-benchmarks-typed-analytics',
    rule: 'retail_sales_benchmarks answers a report typed sbcabenchmarksnoncra, not sbcaanalyticsnoncra (seed 002: benchmarking metrics; provider 1.35.0 SBCABenchmarkReport)',
    source: 'seed',
    rules: ['FD-SBCA-METRICS'],
  }),
  blind({
    id: 'blind-analytics-sbca-weekly-eight-days',
    rule: 'weekly SBCA metrics come in periods of seven days, not running to the next period start inclusive (provider 1.35.0 MetricFrequency; catalogue)',
    source: 'seed',
    rules: ['FD-SBCA-METRICS'],
  }),
  blind({
    id: 'blind-analytics-sbca-benchmarks-without-consent',
    rule: 'hasConsent false is a 400 for the benchmarking metrics too (provider 1.35.0 SBCAParams hasConsent, InvalidDataSmallBusinessReportExample)',
    source: 'provider',
    rules: ['FD-SBCA-CONSENT'],
  }),
  blind({
    id: 'blind-analytics-sbca-unknown-location-empty-200',
    rule: 'a location id of no merchant is a 404, not a 200 with an empty metrics list (provider 1.35.0 MetricsNotFoundExample)',
    source: 'provider',
    rules: ['FD-SBCA-LOCATION'],
  }),
  // Red team rt- (origin 'seeded'): deviations written as a stranger would, from the seed, the provider document and the mock.
  seeded({
    id: 'rt-sbca-location-matched-on-first-32',
    rule: "FD-SBCA-LOCATION: the SBCA report matches the location id without its last four characters, so a well-formed location id of no merchant that shares them is served another location's metrics",
    source: 'provider',
    rules: ['FD-SBCA-LOCATION'],
  }),
  independent('independent-23', {
    id: 'i23-sbca-monthly-periods-thirty-days',
    rule: 'monthly metrics come in calendar months (seed 002, Small business credit analytics): each monthly period is counted as thirty days from the first of the month',
    source: 'seed',
    rules: ['FD-SBCA-METRICS'],
  }),
  independent('independent-30', {
    id: 'i30-fd-sbca-location-id-echo-lowercased',
    rule: 'the metrics name the location requested (seed 002, small business credit analytics: merchant metrics for the location; provider 1.35.0 locationId): the answer echoes the location id lower-cased',
    source: 'provider',
    rules: ['FD-SBCA-LOCATION', 'FD-PROP-ECHO-AS-SENT'],
  }),
  independent('independent-34', {
    id: 'i34-fd-sbca-period-dates-epoch',
    rule: 'each metrics period carries its start and end dates as dates (provider 1.35.0 SBCA report periodStartDate, periodEndDate): the periods are dated in epoch seconds',
    source: 'provider',
    rules: ['FD-SBCA-METRICS'],
  }),
  independent('independent-35', {
    id: 'i35-fd-sbca-answered-success-stored-in-progress',
    rule: "the small business credit analytics report answers 200 with its metrics (seed 002, Decisioning report generation: GenerateSBCAMetricsReport 200): the answer says success, but the report read back by its id stays inProgress until the store's next settling",
    source: 'seed',
    rules: ['FD-SBCA-METRICS', 'FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-sbca-unknown-location-404-report-kept',
    rule: "a refused report request leaves no report (seed 002, Decisioning report generation: GenerateSBCAMetricsReport errors 404): a location that matches nothing is answered 404 after a report was stored for the customer, listed by the customer's reports",
    source: 'seed',
    rules: ['FD-SBCA-LOCATION', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
]);
