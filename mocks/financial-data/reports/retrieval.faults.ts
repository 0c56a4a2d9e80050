// Faults of report retrieval: the reads, the lists, the portfolios and the reissue (switched in
// retrieval.ts): each breaks one rule of schemas/financial-data/rules/reports-retrieval.yaml, the
// way a provider's release might. `rules` names the rule ids it breaks (`npm run mutation --
// --targeted` runs the specs citing them). The faults of the suite's authors first, then those
// written blind (`origin: 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, ruleFault, type Fault, independent, modelFault, seeded } from '../../kit/faults.js';

const f = <Id extends string>(id: Id, rule: string, text: string, source: Fault['source'] = 'seed'): Fault<Id> =>
  ruleFault(id, `${rule}: ${text}`, source);

export const REPORT_RETRIEVAL_FAULTS = faultCatalogue([
  // Seeded beside the folded ids of every operation (security.near-id.spec.ts; origin 'seeded').
  seeded({
    id: 'report-by-consumer-id-case-folded',
    rule: 'FD-OBJ-EXACT-ID-FOLD: a report id is matched exactly; GetReportByConsumer finds the report by its id in upper case',
    source: 'assumption',
    rules: ['FD-OBJ-EXACT-ID-FOLD'],
  }),
  // Seeded beside the check of the custom fields on every reader (reports.custom-fields.spec.ts; origin 'seeded').
  seeded({
    id: 'report-by-id-custom-fields-trimmed',
    rule: 'FD-REPORT-CUSTOM-FIELDS: the read by report id shows each custom field label and value as sent, not trimmed with its inner spaces collapsed',
    source: 'provider',
    rules: ['FD-REPORT-CUSTOM-FIELDS'],
  }),
  // Seeded beside the count of each report's callback over its life (reports.callback-count.spec.ts; origin 'seeded').
  seeded({
    id: 'report-callback-resent-on-reissue',
    rule: 'FD-REPORT-CALLBACK: a report calls its callback URL once, when it ends; its reissue calls it no more',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  // Seeded beside the checker of every derived view (properties.derived-views.spec.ts).
  seeded({
    id: 'portfolio-latest-skips-failed',
    rule: 'FD-DERIVED-VIEW: a failed report does not replace the one of its type in the portfolio, which keeps showing the older report',
    source: 'seed',
    rules: ['FD-DERIVED-VIEW'],
  }),
  // Seeded beside the check of the consumer a portfolio embeds (consumers.portfolio-echo.spec.ts; origin 'seeded').
  seeded({
    id: 'portfolio-consumer-names-trimmed',
    rule: 'FD-PORTFOLIO-CONSUMER: the consumer a portfolio embeds carries its names as created, not trimmed with their spaces collapsed',
    source: 'provider',
    rules: ['FD-PORTFOLIO-CONSUMER'],
  }),
  // Seeded beside the same check (a date at a calendar edge on the portfolio reader).
  seeded({
    id: 'seeded-portfolio-consumer-birthday-week-year',
    rule: 'FD-PORTFOLIO-CONSUMER: the consumer a portfolio embeds shows a birthday in the first days of January with the year before (the year of its ISO week)',
    source: 'provider',
    rules: ['FD-PORTFOLIO-CONSUMER'],
  }),
  // The single-report reads (seed 002, Report retrieval; Errors 403, 404; Resources - Consumer).
  f('report-pdf-ignored', 'FD-REPORT-READ-FORMAT', 'Accept application/pdf gives a PDF (not JSON)'),
  f('report-pdf-by-default', 'FD-REPORT-READ-FORMAT', 'an Accept naming neither JSON nor PDF gives JSON (not a PDF)'),
  f('report-owner-unchecked', 'FD-REPORT-READ-OWNER', 'a report read through another customer or consumer is a 404'),
  f('report-read-purpose-required', 'FD-REPORT-READ-OPTIONAL-PARAMS', 'a read without purpose is served (not a 400)'),
  f('deleted-customer-report-readable', 'FD-REPORT-CONSUMER-OWNER', "a deleted customer's report is a 404 through the customer id"),
  f('consumer-list-drops-deleted', 'FD-REPORT-CONSUMER-OWNER', "the consumer's list keeps the reports of its deleted customer"),
  // Every reader agrees; portfolios (seed 002, Report retrieval).
  f(
    'report-by-customer-status-cached',
    'FD-REPORT-POLL-INTERVAL',
    'a client reading a report through its customer every reportPollSeconds sees it end (the read serves no status cached while reads come that far apart)',
  ),
  f('report-read-status-stale', 'FD-REPORT-READERS-AGREE', 'the single-report reads show the current status (not inProgress for ever)'),
  f('report-list-status-stale', 'FD-REPORT-READERS-AGREE', 'the lists and portfolios show the current status (not inProgress for ever)'),
  f('portfolio-keeps-every-report', 'FD-PORTFOLIO-LATEST', 'a portfolio holds one report per type (not every report)'),
  f('portfolio-keeps-first-of-type', 'FD-PORTFOLIO-LATEST', 'a portfolio holds the most recent report of a type (not the first)'),
  f(
    'report-list-no-rate-limit',
    'FD-REPORT-LIST-RATE',
    'the 21st list call within the list window (x-limits reportListWindowSeconds) is a 429',
    'assumption',
  ),
  // Seeded beside the check of a report of every kind on every reader (origin 'seeded').
  seeded({
    id: 'income-report-by-customer-partner-only',
    rule: 'FD-REPORT-READ-OWNER: a report of the income kinds (VOE, VOIE, pay statement) read through another customer of the same partner is served (the asset kinds are a 404 there)',
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER'],
  }),
  seeded({
    id: 'report-list-rate-per-partner',
    rule: "FD-REPORT-LIST-RATE: the lists of every customer and consumer of a partner share one allowance (another customer's list, or the customer's consumer list, is refused once one is spent)",
    source: 'assumption',
    rules: ['FD-REPORT-LIST-RATE'],
  }),
  seeded({
    id: 'analytics-report-listed-for-partner',
    rule: "FD-REPORT-READ-OWNER: a customer's list holds the non-CRA analytics reports of every customer of its partner, not its own only",
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER'],
  }),
  f(
    'report-list-rate-off-by-one',
    'FD-REPORT-LIST-RATE',
    'the 20th list call within the list window (x-limits reportListWindowSeconds) is served (refused only from the 21st)',
    'assumption',
  ),
  // Reissue (seed 002, Report retrieval).
  f('reissue-lender-optional', 'FD-REISSUE-LENDER', 'a reissue without a Lender body is a 400'),
  f('reissue-purpose-not-required', 'FD-REISSUE-PURPOSE', 'from 2026-04-30 a reissue without purpose is a 400', 'assumption'),
  f(
    'report-by-id-purpose-unchecked',
    'FD-REISSUE-PURPOSE',
    'the Lender purpose of a read by id is a code of the fixed length too (one character fewer or more is a 400)',
    'provider',
  ),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // The report store (seed 002, Decisioning report generation; States and transitions - Report; Events; Errors 403, 404).
  blind({
    id: 'blind-report-status-cache-slides-21s',
    rule: 'a client reading a report every reportPollSeconds sees it leave inProgress: the status is not served from a cache a second longer that each read extends (seed 002, States and transitions and Limits: wait and read again while inProgress)',
    source: 'seed',
    rules: ['FD-REPORT-POLL-INTERVAL', 'FD-REPORT-TERMINAL'],
  }),
  // Report retrieval (seed 002, Report retrieval; Resources - Consumer, Portfolio; Errors 403, 404, 429).
  blind({
    id: 'blind-reissue-pdf-ignored',
    rule: 'Accept application/pdf gives the PDF on every report read, the reissue included (seed 002, Report retrieval: the Accept header selects application/json or application/pdf)',
    source: 'seed',
    rules: ['FD-REPORT-READ-FORMAT'],
  }),
  blind({
    id: 'blind-portfolio-customer-by-portfolio-id-only',
    rule: "a portfolio read through a customer it does not belong to is a 404, even when the portfolio id is another customer's of the same partner (seed 002, Errors 404; Resources - Portfolio)",
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER'],
  }),
  blind({
    id: 'blind-reissue-freeze-ignored',
    rule: 'a reissue of a report of a customer under a security freeze is a 403 like every other report read (seed 002, Report retrieval: ReportReissue 403; Errors 403: security freeze on report operations)',
    source: 'seed',
    rules: ['FD-REPORT-READ-FREEZE'],
  }),
  blind({
    id: 'blind-report-read-on-behalf-of-needs-purpose',
    rule: 'the report reads are served with on-behalf-of alone: it does not make the purpose query parameter required (seed 002, Endpoints: get-report operations accept an optional purpose and an on-behalf-of parameter)',
    source: 'seed',
    rules: ['FD-REPORT-READ-OPTIONAL-PARAMS'],
  }),
  blind({
    id: 'blind-report-consumer-read-joins-customer',
    rule: 'after its customer is deleted a report is still read through its consumer (GetReportByConsumer), not only listed (seed 002, Resources - Consumer: persists as owner of generated reports after the customer is deleted)',
    source: 'seed',
    rules: ['FD-REPORT-CONSUMER-OWNER'],
  }),
  blind({
    id: 'blind-report-consumer-list-id-is-request-id',
    rule: "the consumer's list shows each report with the id the other readers give it, not its requestId (seed 002, Report retrieval; provider 1.35.0 ReportSummary id)",
    source: 'seed',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  blind({
    id: 'blind-portfolio-latest-by-date-strict',
    rule: 'a portfolio holds the most recent report of each type, the later one even when two of a type were requested within the same second (seed 002, Report retrieval: only the most recent report of each report type)',
    source: 'seed',
    rules: ['FD-PORTFOLIO-LATEST'],
  }),
  blind({
    id: 'blind-report-list-rate-window-61s',
    rule: 'list calls are served again once the rate window has passed: a call exactly as old as the window no longer counts (this contract: list calls per window, rules FD-REPORT-LIST-RATE)',
    source: 'assumption',
    rules: ['FD-REPORT-LIST-RATE'],
  }),
  blind({
    id: 'blind-reissue-own-report-plain-read',
    rule: "a reissue without a Lender body is a 400, of the caller's own report too, and from the purpose date its purpose is required there as well (seed 002, Report retrieval: ReportReissue body Lender, required; purpose required from a date)",
    source: 'seed',
    rules: ['FD-REISSUE-LENDER', 'FD-REISSUE-PURPOSE'],
  }),
  blind({
    id: 'blind-reissue-purpose-one-to-three-chars',
    rule: 'the reissue purpose is a code of its fixed length: one character fewer or more is a 400 (provider 1.35.0 PurposeCode, a Permissible Purpose Code)',
    source: 'provider',
    rules: ['FD-REISSUE-PURPOSE'],
    relax: [{ schema: 'Lender', at: ['properties', 'purpose'], set: { $ref: undefined, type: 'string', pattern: '^[0-9A-Za-z]{1,3}$' } }],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-report-by-id-other-partner',
    rule: "a report is read only by its partner, except through reissue (seed 002, Report retrieval; Errors 404): GetReportById serves another partner's report (the by-customer and by-consumer reads refuse it)",
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER'],
  }),
  independent('independent-2', {
    id: 'i2-report-portfolio-consumer-tax-id',
    rule: 'no answer carries a full SSN (reference, Consumers: last four digits only): the portfolio read through the consumer adds consumer.taxId holding the whole SSN',
    source: 'assumption',
    rules: ['FD-SENSITIVE-ECHO', 'FD-CONS-SSN-LAST-FOUR'],
  }),
  independent('independent-2', {
    id: 'i2-report-customer-list-drops-failed',
    rule: "a report shows with its current status in every list and read (seed 002, Report retrieval): the customer's list leaves out reports that ended in failure (the consumer's list keeps them)",
    source: 'seed',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-2', {
    id: 'i2-report-consumer-list-rate-21',
    rule: "twenty list calls within the list window (x-limits reportListWindowSeconds) are served and the 21st is a 429 (seed 002 429; reference): the consumer's list serves a 21st call (the customer's list keeps the limit)",
    source: 'assumption',
    rules: ['FD-REPORT-LIST-RATE'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-report-by-id-freeze-ignored',
    rule: 'every report read of a customer under a security freeze is a 403 (seed 002, Reports; Errors 403): GetReportById serves the report (200) while the by-customer and by-consumer reads and the lists answer 403',
    source: 'seed',
    rules: ['FD-REPORT-READ-FREEZE'],
  }),
  // Found only by a sequence of calls (the reference models, fixtures/models/): each single call answers right.
  modelFault({
    id: 'model-report-by-id-first-status',
    rule: 'every reader shows a report with its current status (seed 002, Report retrieval; States and transitions - Report): GetReportById serves the status of its first read of that report, so a report first read while inProgress never ends there',
    source: 'seed',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-report-customer-list-consumer-ssn-full',
    rule: "no answer carries the consumer's full SSN (reference, Consumers: last four digits only): GetReportsByCustomerId gives consumerSsn as the whole SSN (the consumer's list keeps the last four)",
    source: 'assumption',
    rules: ['FD-OBJ-SENSITIVE', 'FD-SENSITIVE-ECHO'],
  }),
  independent('independent-4', {
    id: 'i4-report-by-consumer-other-consumer',
    rule: 'a report is read through its own consumer only (seed 002, Report retrieval 404; a child through another parent): GetReportByConsumer serves a report of another consumer of the same partner',
    source: 'seed',
    rules: ['FD-OBJ-OTHER-PARENT', 'FD-REPORT-CONSUMER-OWNER'],
  }),
  independent('independent-4', {
    id: 'i4-portfolio-by-consumer-keeps-first-of-type',
    rule: "a portfolio holds only the most recent report of each type (seed 002, Report retrieval): the consumer's portfolio keeps the first report of each type (the customer's keeps the latest)",
    source: 'seed',
    rules: ['FD-PORTFOLIO-LATEST'],
  }),
  independent('independent-6', {
    id: 'i6-report-by-customer-pdf-freeze-ignored',
    rule: 'every report read of a customer under a security freeze is a 403 (seed 002; FD-REPORT-READ-FREEZE): the by-customer read asked for a PDF skips the freeze (the JSON read keeps it)',
    source: 'seed',
    rules: ['FD-REPORT-READ-FREEZE'],
  }),
  independent('independent-6', {
    id: 'i6-portfolio-latest-skips-in-progress',
    rule: 'a portfolio holds the most recent report of each type (seed 002; FD-PORTFOLIO-LATEST): a report still in progress is passed over for the older finished one of its type',
    source: 'seed',
    rules: ['FD-PORTFOLIO-LATEST', 'FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-6', {
    id: 'i6-report-list-rate-shared-customer-consumer',
    rule: "twenty list calls for one customer, or for one consumer, within the list window (x-limits reportListWindowSeconds) are served (FD-REPORT-LIST-RATE): the consumer's list counts against its customer's allowance",
    source: 'assumption',
    rules: ['FD-REPORT-LIST-RATE'],
  }),
  independent('independent-7', {
    id: 'i7-reissue-purpose-required-from-may-first',
    rule: 'the reissue purpose code becomes required by the last day of April (seed 002, Report retrieval; reference FD-REISSUE-PURPOSE: from that day at midnight UTC): it is required only from the next day, a reissue without purpose on that last day of April is served',
    source: 'seed',
    rules: ['FD-REISSUE-PURPOSE'],
  }),
  independent('independent-13', {
    id: 'i13-report-list-created-date-of-completion',
    rule: "a date reported for an event already past reads the same on every later read (seed 002, Report retrieval: GetReportsByCustomerId; the catalogue's fixed event dates): the customer's report list gives a finished report the completion time as createdDate",
    source: 'seed',
    rules: ['FD-EVENT-DATE-FIXED'],
  }),
  independent('independent-23', {
    id: 'i23-consumer-report-list-status-minute-stale',
    rule: "a report shows the same current status in every list and reader (seed 002, Report retrieval): the consumer's list shows a report that ended less than a minute ago as inProgress",
    source: 'seed',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-consumer-report-list-failure-as-success',
    rule: "the report lists show each report's status (seed 002, Report retrieval; readers agree): the consumer's report list shows a failed report as success",
    source: 'assumption',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-portfolio-latest-by-id',
    rule: 'a portfolio holds only the most recent report of each report type (seed 002, Report retrieval): the report kept per type is the one of the greatest id, not the most recent',
    source: 'seed',
    rules: ['FD-PORTFOLIO-LATEST'],
  }),
  independent('independent-29', {
    id: 'i29-fd-report-customer-list-partner-wide',
    rule: 'the reports of a customer are its own (seed 002, Report retrieval GetReportsByCustomerId): the list also holds the partner reports of its other customers',
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER', 'FD-OBJ-OTHER-PARENT'],
  }),
  independent('independent-31', {
    id: 'i31-fd-portfolio-latest-per-family',
    rule: 'a portfolio holds the most recent report of each report type (seed 002, Report retrieval): reports of related types (voa and voaHistory) count as one type, the later replacing the earlier',
    source: 'seed',
    rules: ['FD-PORTFOLIO-LATEST', 'FD-DERIVED-VIEW'],
  }),
  independent('independent-32', {
    id: 'i32-fd-report-accept-any-gives-pdf',
    rule: 'the Accept header selects application/json or application/pdf; with neither, JSON is returned (seed 002, Report retrieval): an Accept of */* is answered with the PDF',
    source: 'seed',
    rules: ['FD-REPORT-READ-FORMAT'],
  }),
  independent('independent-32', {
    id: 'i32-fd-portfolio-consumer-birthday-month-zero-based',
    rule: 'GetPortfolioByConsumer carries the consumer record as stored (seed 002, Report retrieval; provider 1.35.0 Birthday month): the birth month is written zero-based, one below the month on record',
    source: 'provider',
    rules: ['FD-PORTFOLIO-CONSUMER', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-33', {
    id: 'i33-fd-report-pdf-status-in-progress',
    rule: 'the Accept header selects JSON or PDF of the same report (seed 002, Report retrieval): the PDF of a finished report says inProgress while its JSON says success',
    source: 'seed',
    rules: ['FD-REPORT-READ-FORMAT', 'FD-REPORT-READERS-AGREE', 'FD-PROP-MEDIA-SAME'],
  }),
  independent('independent-35', {
    id: 'i35-fd-report-accept-pdf-anywhere',
    rule: 'the Accept request header selects application/json or application/pdf (seed 002, Report retrieval): an Accept listing application/json first and application/pdf after it is answered with the PDF',
    source: 'seed',
    rules: ['FD-REPORT-READ-FORMAT', 'FD-PROP-ACCEPT'],
  }),
  independent('independent-35', {
    id: 'i35-fd-report-list-refused-call-counted',
    rule: 'the report lists answer 429 past their rate and serve again once the window has passed (seed 002, Errors 429 report lists; reference, the list rate): a list call refused with 429 is counted in the window as if served, so a client retrying within the window stays refused past the time it should be served again',
    source: 'assumption',
    rules: ['FD-REPORT-LIST-RATE', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-reissue-rehomes-report',
    rule: "reissue lets an authorized third party retrieve an existing report originally generated by another partner (seed 002, Report retrieval ReportReissue): the reissue records the reissuing partner as the report's owner, so the originating partner's own GetReportById answers 404 afterwards",
    source: 'seed',
    rules: ['FD-REPORT-READ-OWNER', 'FD-PROP-WRITE-SCOPE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-report-consumer-list-freeze-ignored',
    rule: "report operations are a 403 while the customer is under a security freeze (seed 002, Errors 403; Report retrieval: GetReportsByConsumerId errors 403): the consumer's report list skips the freeze check and answers 200",
    source: 'seed',
    rules: ['FD-REPORT-READ-FREEZE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-report-customer-list-type-uppercased',
    rule: "a report shows the same type on every reader (provider 1.35.0, report type values; seed 002, Report retrieval): the customer's report list writes each type in upper case, the report reads and the consumer's list as created",
    source: 'provider',
    rules: ['FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-report-list-customer-in-progress-as-success',
    rule: "the list of a customer's reports gives each report's status as the report read gives it (seed 002, States: report inProgress, failure or success; Report retrieval): GetReportsByCustomerId lists a report still inProgress as success",
    source: 'seed',
    rules: ['FD-REPORT-READERS-AGREE', 'FD-PROP-SAME-ON-EVERY-READER'],
  }),
  independent('independent-37', {
    id: 'i37-fd-portfolio-created-date-ms',
    rule: "report dates are epoch seconds (reference financial-data.md, Dates; provider 1.35.0 portfolio report createdDate): the portfolio reads give each report's createdDate in epoch milliseconds",
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-PORTFOLIO-LATEST'],
  }),
  independent('independent-37', {
    id: 'i37-fd-reissue-redates-report',
    rule: "a reissue lets a third party retrieve an existing report (seed 002, Report retrieval: ReportReissue): the reissue rewrites the existing report's createdDate with the time of the reissue, so every later read shows it moved",
    source: 'seed',
    rules: ['FD-EVENT-DATE-FIXED', 'FD-REISSUE-LENDER'],
  }),
]);
