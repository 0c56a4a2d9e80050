// Faults of the report store, on every report at once (switched in store.ts): each breaks one rule
// of schemas/financial-data/rules/reports.yaml, the way a provider's release might. `rules` names
// the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults
// of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm
// run mutation -- --blind`).
import { faultCatalogue, blind, independent, seeded } from '../../kit/faults.js';

export const REPORT_STORE_FAULTS = faultCatalogue([
  // Seeded beside the callbacks of reports of every type, one after another (reports.callback-count.spec.ts; origin 'seeded').
  seeded({
    id: 'report-callback-type-of-customer-first',
    rule: "FD-REPORT-CALLBACK-STATE: each callback carries its own report's type as the reader answers it; after several reports of one customer, every callback gives the type of the customer's first report",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  // Seeded beside the check of the callback URL of each generation, on every generate operation (origin 'seeded').
  seeded({
    id: 'callback-url-first-of-kind-kept',
    rule: "FD-REPORT-CALLBACK: a report generated with a callback URL calls the URL of the customer's first report of its kind that had one, not its own",
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK', 'FD-DELIVERY-URL'],
  }),
  {
    id: 'report-stuck-in-progress',
    rule: 'FD-REPORT-TERMINAL: a report leaves inProgress for success or failure',
    source: 'seed',
    rules: ['FD-REPORT-TERMINAL'],
  },
  {
    id: 'report-never-fails',
    rule: 'FD-REPORT-TERMINAL: a report whose generation fails ends failure (not success)',
    source: 'seed',
    rules: ['FD-REPORT-TERMINAL'],
  },
  {
    id: 'report-callback-never-sent',
    rule: 'FD-REPORT-CALLBACK: the callback URL is called when the report completes',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  },
  {
    id: 'report-callback-sent-twice',
    rule: 'FD-REPORT-CALLBACK: the callback URL is called once per report',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  },
  // Outbound deliveries (kit/faults.ts, seeded): a rule kept on the success path only; a sensitive value in a new member.
  seeded({
    id: 'report-callback-failed-query-dropped',
    rule: "FD-DELIVERY-URL: a failed report's callback goes to the callback URL as registered, query string included, as a successful report's does",
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  seeded({
    id: 'report-callback-consumer-ssn-clear',
    rule: "FD-DELIVERY-SENSITIVE: the callback carries nothing of the consumer's SSN in clear, in any member (here one no schema declares)",
    source: 'seed',
    rules: ['FD-DELIVERY-SENSITIVE'],
  }),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // The report store (seed 002, Decisioning report generation; States and transitions - Report; Events; Errors 403, 404).
  blind({
    id: 'blind-report-testing-born-success',
    rule: "a generate operation answers 202 with status inProgress, a testing customer's report too: it is not answered (nor read) as success before it completes (seed 002, Decisioning report generation: all asynchronous; States and transitions - Report)",
    source: 'seed',
    rules: ['FD-REPORT-ASYNC'],
  }),
  blind({
    id: 'blind-report-type-lowercased-when-done',
    rule: 'a report keeps the type of its 202 once it completes: voaHistory, preQualVoa, voePayroll... are not read back lower-cased (seed 002, States and transitions - Report: the same report polled until it ends; provider 1.35.0 ReportType)',
    source: 'seed',
    rules: ['FD-REPORT-TERMINAL'],
  }),
  blind({
    id: 'blind-report-callback-on-success-only',
    rule: 'a report generated with a callback URL calls it once when it completes, with status failure when it fails, not only when it succeeds (seed 002, Events: callback URL for completion reporting; reference, Outbound deliveries)',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  blind({
    id: 'blind-report-callback-url-kept-per-customer',
    rule: 'a report generated without a callback URL calls no listener, even when an earlier report of the same customer had one (seed 002, Events: the callback URL is a parameter of each generate call)',
    source: 'seed',
    rules: ['FD-REPORT-NO-CALLBACK'],
  }),
  // The second independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract and the rule catalogue only, the specs unread.
  independent('independent-2', {
    id: 'i2-report-callback-at-creation',
    rule: 'the report callback URL is called once the report completes (seed 002, Events: completion reporting): it is called when the report is created, still inProgress, and not at completion',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  independent('independent-2', {
    id: 'i2-report-callback-status-in-progress',
    rule: "the completion call names the report's final status (seed 002, Events; reference, Outbound deliveries): the payload is built before the status moves and says inProgress",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  // The third independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-3', {
    id: 'i3-report-callback-to-latest-partner-url',
    rule: "a report generated with a callback URL calls that URL when it completes (provider 1.35.0, ReportCallbackUrlParameter): the completion is posted to the callback URL of the partner's latest report that named one, not to the report's own",
    source: 'provider',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-report-callback-once-per-url',
    rule: 'each report generated with a callback URL calls it when it completes (seed 002, Events): a listener URL already called for an earlier report is not called again (deliveries deduplicated by URL)',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  // The fifth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contracts and the rule catalogues, the specs unread.
  independent('independent-5', {
    id: 'i5-report-callback-url-lowercased',
    rule: 'the report callback reaches the URL given (seed 002, Events): it is called with its URL lower-cased',
    source: 'seed',
    rules: ['FD-DELIVERY-URL', 'FD-REPORT-CALLBACK'],
  }),
  independent('independent-6', {
    id: 'i6-report-callback-names-request-id',
    rule: "the report callback names the report that completed (FD-REPORT-CALLBACK): its payload gives the report's requestId as reportId",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK'],
  }),
  independent('independent-7', {
    id: 'i7-report-callback-query-decoded',
    rule: 'a report callback reaches the URL registered for the report (seed 002, Events: report generation accepts a callback URL): the query string of that URL is percent-decoded before the call, so an encoded value reaches the listener decoded',
    source: 'seed',
    rules: ['FD-DELIVERY-URL', 'FD-REPORT-CALLBACK'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-report-callback-resent-with-sibling',
    rule: "a report generated with a callback URL calls it exactly once when it completes (provider 1.35.0 report callbackUrl): when another report of the same customer completes, the listeners of the customer's reports already completed are called again (the notifier walks every finished report of the customer)",
    source: 'provider',
    rules: ['FD-REPORT-CALLBACK', 'FD-DELIVERY-URL'],
  }),
  independent('independent-13', {
    id: 'i13-report-callback-scheme-downgraded',
    rule: "a report's callback goes to the callback URL as given (seed 002, Events: report generation accepts a callback URL; reference, Outbound deliveries): an https callback URL is called over http",
    source: 'seed',
    rules: ['FD-DELIVERY-URL'],
  }),
  independent('independent-14', {
    id: 'i14-report-callback-type-of-previous-report',
    rule: "each report callback carries its own report's customer, id, portfolio, type and final status (seed 002, Events: callback URL for completion reporting; reference, Outbound deliveries): when several reports complete together, a callback carries the type of the report settled before it",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  independent('independent-15', {
    id: 'i15-report-callback-failure-reads-success',
    rule: 'each report callback carries the final status GetReportByCustomer answers (seed 002, Events: a callback URL for completion reporting; reference, Outbound deliveries): a report whose generation failed is announced to its listener as a success',
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  independent('independent-15', {
    id: 'i15-report-callback-customer-id-of-consumer',
    rule: "each report callback names the customer of its report (reference, Outbound deliveries: ReportCallback customerId): a report with a consumer is announced under the consumer's id",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  independent('independent-15', {
    id: 'i15-report-callback-text-plain',
    rule: "every JSON delivery declares content-type application/json (RFC 9110 8.3; seed 002, Events: report callbacks are JSON): the report listener's call declares text/plain",
    source: 'assumption',
    rules: ['FD-DELIVERY-MEDIA-TYPE'],
  }),
  independent('independent-20', {
    id: 'i20-report-callback-failure-status-capitalised',
    rule: 'each callback carries the final status GetReport answers, inProgress, success or failure (seed 002 Reports; provider 1.35.0): the callback of a failed report says Failure',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK-STATE', 'FD-REPORT-CALLBACK'],
  }),
  // Seeded beside the listener's judge of every delivery's form (fixtures/assertions/deliveries.ts, deliveryFormViolations).
  seeded({
    id: 'seeded-fam27b-report-callback-failure-body-array',
    rule: "FD-DELIVERY-MEDIA-TYPE: a failed report's callback sends its payload wrapped in a JSON array, not as an object",
    source: 'assumption',
    rules: ['FD-DELIVERY-MEDIA-TYPE'],
  }),
  independent('independent-23', {
    id: 'i23-report-callback-failure-portfolio-dropped',
    rule: 'each callback carries the customer, id, portfolio, type and final status of its report (reference financial-data.md, report callbacks): a failed report is announced without its portfolioId',
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  // Seeded beside the listener's judge of every report callback's members (fixtures/assertions/deliveries.ts, ReportCallbackMembers).
  seeded({
    id: 'seeded-fam28b-report-callback-income-portfolio-dropped',
    rule: 'FD-REPORT-CALLBACK-STATE: a successful report of an income or employment type (voePayroll, voeTransactions, voiePayroll, voieTxVerify, paystatement) is announced without its portfolioId',
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK-STATE'],
  }),
  independent('independent-27', {
    id: 'i27-report-callback-path-slash-added',
    rule: 'report generation calls the callback URL given for completion (seed 002, Events): the listener is called with a slash added at the end of its path',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK', 'FD-DELIVERY-URL'],
  }),
  independent('independent-28', {
    id: 'i28-fd-report-failure-later-success',
    rule: 'a report ends in failure or success (seed 002, States: inProgress, failure, success; the client polls only while inProgress): a report that ended in failure turns success a minute later (and its callback is sent again)',
    source: 'seed',
    rules: ['FD-REPORT-TERMINAL', 'FD-REPORT-CALLBACK-STATE', 'FD-PROP-END-STATE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-voa-report-created-date-ms',
    rule: 'report dates are epoch seconds (reference, Dates; provider 1.35.0 BaseReportAck.createdDate): a VOA report gives createdDate in epoch milliseconds in its ack and reads',
    source: 'provider',
    rules: ['FD-DATE-UNIT', 'FD-REPORT-READERS-AGREE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-report-callback-success-uppercased',
    rule: 'a report status is inProgress, success or failure (seed 002, States and transitions; Events report callback): the callback of a successful report carries the status in upper case',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK', 'FD-REPORT-CALLBACK-STATE'],
  }),
  independent('independent-30', {
    id: 'i30-fd-report-created-date-moves-at-completion',
    rule: "a report's createdDate is the time it was generated, the same on every read (seed 002, Reports: status inProgress then success or failure, the same report throughout): completion rewrites createdDate with the time the report ended",
    source: 'seed',
    rules: ['FD-EVENT-DATE-FIXED', 'FD-REPORT-TERMINAL'],
  }),
  independent('independent-31', {
    id: 'i31-fd-report-callback-before-commit',
    rule: 'the report callback URL is called for completion reporting, once the report has its final status (seed 002, Events; States and transitions: inProgress to success or failure): the listener hears of a success while the report still reads inProgress for another half minute',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK-STATE', 'FD-REPORT-TERMINAL'],
  }),
  independent('independent-33', {
    id: 'i33-fd-report-callback-event-id-per-customer',
    rule: "each report callback is its own event (reference, Outbound deliveries; seed 002, Events, report callback): the callback's eventId is the customer's, the same for each of its reports",
    source: 'assumption',
    rules: ['FD-REPORT-CALLBACK', 'FD-PROP-EVENT-IDS'],
  }),
  independent('independent-34', {
    id: 'i34-fd-report-failure-stays-in-progress',
    rule: 'a report ends in success or failure (seed 002, States and transitions: inProgress, then success or failure): a report ending in failure leaves the queue but reads inProgress for ever',
    source: 'seed',
    rules: ['FD-REPORT-TERMINAL', 'FD-REPORT-ASYNC'],
  }),
  independent('independent-35', {
    id: 'i35-fd-report-settles-only-when-read',
    rule: 'report generation accepts a callback URL for completion reporting (seed 002, Events; Decisioning report generation): a report ends, and its callback is called, only when a get-report or report-list operation asks for it; a client that waits for the callback without polling never hears of the completion',
    source: 'seed',
    rules: ['FD-REPORT-CALLBACK', 'FD-REPORT-TERMINAL'],
  }),
]);
