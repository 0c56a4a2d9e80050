// Faults of the reseller billing report (switched in billing.ts): each breaks one rule of
// schemas/financial-data/rules/reports-retrieval.yaml, the way a provider's release might. `rules`
// names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The
// faults of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart
// by `npm run mutation -- --blind`).
import { faultCatalogue, blind, ruleFault, seeded, type Fault, independent } from '../../kit/faults.js';

const f = <Id extends string>(id: Id, rule: string, text: string, source: Fault['source'] = 'seed'): Fault<Id> =>
  ruleFault(id, `${rule}: ${text}`, source);

export const BILLING_FAULTS = faultCatalogue([
  // Seeded beside the later pages of reports-retrieval.billing.spec.ts (the filter and the default size beyond page 0).
  seeded({
    id: 'seeded-billing-later-page-testing-reports-shown',
    rule: "FD-BILLING-TESTING: getResellerBillingReport lists the testing customers' reports on a page after the first whatever viewTestingReports says",
    source: 'seed',
    rules: ['FD-BILLING-TESTING', 'FD-PAGE-KEEPS-QUERY'],
  }),
  seeded({
    id: 'seeded-billing-default-size-later-page-offset-at-max',
    rule: 'FD-BILLING-PAGE: without size, a page after the first starts at the page number times the largest size though it holds the default size of rows, so page 1 of a window just over the default size is empty',
    source: 'seed',
    rules: ['FD-BILLING-PAGE', 'FD-BILLING-DEFAULT-SIZE'],
  }),
  // Seeded beside the later page of reports-retrieval.billing.spec.ts (FD-PAGE-KEEPS-QUERY; origin 'seeded').
  seeded({
    id: 'seeded-billing-later-page-names-dropped',
    rule: "FD-PAGE-KEEPS-QUERY: getResellerBillingReport answers a page after the first without the customers' first and last names",
    source: 'provider',
    rules: ['FD-PAGE-KEEPS-QUERY'],
  }),
  // Seeded beside the check of the custom fields on every reader (reports.custom-fields.spec.ts; origin 'seeded').
  seeded({
    id: 'billing-custom-fields-dropped',
    rule: "FD-REPORT-CUSTOM-FIELDS: a report's billing row shows the custom fields it was generated with",
    source: 'provider',
    rules: ['FD-REPORT-CUSTOM-FIELDS'],
  }),
  // Seeded beside the check of the last four SSN digits on every reader (consumers.ssn-zeros.spec.ts; origin 'seeded').
  seeded({
    id: 'billing-consumer-ssn-numeric',
    rule: "FD-REPORT-CONSUMER-SSN: a billing row's consumerSsn is the last four digits as a string, leading zeros kept (not read as a number)",
    source: 'provider',
    rules: ['FD-REPORT-CONSUMER-SSN'],
  }),
  // Reseller billing (seed 002, Report retrieval).
  f('billing-window-ignored', 'FD-BILLING-CONTENT', 'a report made outside the window is not billed'),
  // Date windows at their edges (kit/faults.ts, seeded).
  seeded({
    id: 'billing-total-elements-of-page',
    rule: 'FD-BILLING-COUNTS: totalElements counts the reports of the window, not the rows of the page',
    source: 'assumption',
    rules: ['FD-BILLING-COUNTS'],
  }),
  seeded({
    id: 'billing-start-date-exclusive',
    rule: 'FD-BILLING-EDGES: a report made at startDate itself is billed in the window',
    source: 'assumption',
    rules: ['FD-BILLING-EDGES', 'FD-PROP-WINDOW'],
  }),
  f('billing-testing-reports-included', 'FD-BILLING-TESTING', "testing customers' reports are left out by default"),
  f('billing-view-testing-ignored', 'FD-BILLING-TESTING', "viewTestingReports=true shows testing customers' reports"),
  f('billing-window-32-days', 'FD-BILLING-WINDOW', 'a window a day longer than billingWindowDays is a 400'),
  f('billing-window-30-days', 'FD-BILLING-WINDOW', 'a window of billingWindowDays is served'),
  f('billing-dates-optional', 'FD-BILLING-DATES-REQUIRED', 'startDate and endDate are required'),
  f('billing-size-capped-at-500', 'FD-BILLING-SIZE', 'size at its maximum is served', 'assumption'),
  f('billing-default-size-50', 'FD-BILLING-DEFAULT-SIZE', 'size defaults to its default'),
  f('billing-page-one-based', 'FD-BILLING-PAGE', 'pages are zero-based, page 0 the default'),
  f('billing-unknown-partner-empty', 'FD-BILLING-PARTNER', 'an unknown partner is a 404 (not an empty page)'),
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Report retrieval (seed 002, Report retrieval; Resources - Consumer, Portfolio; Errors 403, 404, 429).
  blind({
    id: 'blind-billing-window-end-whole-day',
    rule: 'the billing window ends at endDate: a report made later the same day is not listed (seed 002, Report retrieval: reports between startDate and endDate)',
    source: 'seed',
    rules: ['FD-BILLING-CONTENT', 'FD-PROP-WINDOW'],
  }),
  blind({
    id: 'blind-billing-view-testing-when-present',
    rule: "viewTestingReports=false lists only active customers' reports, like its absence: the parameter's presence does not include testing reports (seed 002, Report retrieval: viewTestingReports default false)",
    source: 'seed',
    rules: ['FD-BILLING-TESTING'],
  }),
  blind({
    id: 'blind-billing-window-calendar-days',
    rule: 'startDate to endDate is at most billingWindowDays in seconds: that many days and some hours is a 400 even when the dates are that many calendar days apart (seed 002, Report retrieval and Limits: billing range)',
    source: 'seed',
    rules: ['FD-BILLING-WINDOW'],
  }),
  blind({
    id: 'blind-billing-end-date-defaults-now',
    rule: 'a billing request without endDate is a 400, endDate does not default to now (seed 002, Report retrieval: endDate integer, required)',
    source: 'seed',
    rules: ['FD-BILLING-DATES-REQUIRED'],
  }),
  blind({
    id: 'blind-billing-size-cap-exclusive',
    rule: 'size at its maximum is served: the cap is inclusive (seed 002, Report retrieval and Limits: size max)',
    source: 'seed',
    rules: ['FD-BILLING-SIZE'],
  }),
  blind({
    id: 'blind-billing-no-size-unpaged',
    rule: 'without size a billing page holds the default size of reports, not the whole window (seed 002, Report retrieval and Limits: size default)',
    source: 'seed',
    rules: ['FD-BILLING-DEFAULT-SIZE'],
  }),
  blind({
    id: 'blind-billing-page-default-one',
    rule: 'without page the billing answers page 0, the first, not page 1 (seed 002, Report retrieval: page zero-based, default 0)',
    source: 'seed',
    rules: ['FD-BILLING-PAGE'],
  }),
  blind({
    id: 'blind-billing-other-partner-readable',
    rule: "another partner's billing is a 404 on the mock, which knows no reseller relation: a partner the caller does not resell for is not served (seed 002, Report retrieval: a reseller reads the reports of customer partners set up with it; this contract)",
    source: 'assumption',
    rules: ['FD-BILLING-PARTNER'],
  }),
  independent('independent-6', {
    id: 'i6-billing-total-elements-counts-testing',
    rule: "totalElements is the number of reports the window and filters select (FD-BILLING-COUNTS): it counts the testing customers' reports that viewTestingReports leaves out",
    source: 'assumption',
    rules: ['FD-BILLING-COUNTS'],
  }),
  independent('independent-7', {
    id: 'i7-billing-end-date-exclusive',
    rule: 'a report made exactly at endDate is billed in the window (provider getResellerBillingReport startDate/endDate): a report made at endDate itself is left out',
    source: 'provider',
    rules: ['FD-BILLING-EDGES', 'FD-PROP-WINDOW'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-billing-total-pages-default-size',
    rule: 'totalPages is the number of pages of the size asked the window fills (provider getResellerBillingReport, a Spring page): totalPages is computed with the default page size whatever size was asked',
    source: 'provider',
    rules: ['FD-BILLING-COUNTS'],
  }),
  independent('independent-9', {
    id: 'i9-billing-number-of-elements-is-size',
    rule: 'numberOfElements is the number of rows of the page (seed 002 billing paging: size, page; FD-BILLING-COUNTS): the last, partial page answers numberOfElements equal to the size asked',
    source: 'seed',
    rules: ['FD-BILLING-COUNTS'],
  }),
  independent('independent-20', {
    id: 'i20-billing-total-pages-extra-on-exact-multiple',
    rule: 'totalPages is the number of pages of the size asked the selected reports fill (provider 1.35.0 reseller billing page): a window holding an exact multiple of the size counts one page more',
    source: 'provider',
    rules: ['FD-BILLING-COUNTS'],
  }),
  independent('independent-23', {
    id: 'i23-billing-consumer-report-last-four-of-consumer',
    rule: 'the billing page lists each report with the last four characters of its id (seed 002, Report retrieval: billing): a report made for a consumer is given the last four characters of the consumer id instead',
    source: 'seed',
    rules: ['FD-BILLING-CONTENT'],
  }),
  independent('independent-23', {
    id: 'i23-billing-past-end-page-counts-zero',
    rule: 'totalElements is the number of reports the window and filters select on every page, a page past the last counting the same set (reference financial-data.md, billing): a page past the last answers totalElements 0',
    source: 'assumption',
    rules: ['FD-BILLING-COUNTS'],
  }),
  // Seeded beside the answer judge's last-four check (fixtures/assertions/financial-data-answer.ts, lastFourProblems)
  // and the billing rows of every report kind and subject (reports-retrieval.billing.spec.ts).
  seeded({
    id: 'seeded-fam28b-billing-statement-last-four-leading',
    rule: 'FD-BILLING-CONTENT: a statement report is billed with the first four characters of its id as lastFourReportId',
    source: 'seed',
    rules: ['FD-BILLING-CONTENT'],
  }),
  seeded({
    id: 'seeded-fam28b-billing-customer-report-status-in-progress',
    rule: 'FD-BILLING-CONTENT: a report made for a customer without a consumer is billed as inProgress whatever its status',
    source: 'seed',
    rules: ['FD-BILLING-CONTENT'],
  }),
  independent('independent-27', {
    id: 'i27-billing-later-page-skips-one',
    rule: 'page is a zero-based page of size reports (seed 002, Billing query parameters): a later page starts one report past the end of the page before it, so one report is on no page',
    source: 'seed',
    rules: ['FD-BILLING-PAGE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-billing-31-days-refused',
    rule: 'the billing range from startDate to endDate is at most x-limits billingWindowDays (seed 002, Report retrieval: billing query): a range of exactly that many days is refused 400',
    source: 'seed',
    rules: ['FD-BILLING-WINDOW', 'FD-BILLING-EDGES'],
  }),
  independent('independent-29', {
    id: 'i29-fd-billing-same-instant-range-refused',
    rule: 'endDate may equal startDate, the range being at most the billing window (seed 002, Report retrieval billing): a range whose endDate equals its startDate is refused 400',
    source: 'seed',
    rules: ['FD-BILLING-EDGES', 'FD-BILLING-WINDOW'],
  }),
  independent('independent-31', {
    id: 'i31-fd-billing-window-measured-in-milliseconds',
    rule: 'getResellerBillingReport refuses 400 a startDate to endDate range longer than the Billing range limit, dates in epoch seconds (seed 002, Report retrieval: billing query parameters; Limits): the range is measured as if its dates were milliseconds, so a range of many months is served',
    source: 'seed',
    rules: ['FD-BILLING-WINDOW', 'FD-DATE-UNIT'],
  }),
  independent('independent-33', {
    id: 'i33-fd-billing-pageable-offset-one-based',
    rule: 'page is zero-based (seed 002, Report retrieval, billing query parameters): the answer’s pageable.offset is counted as if pages were numbered from one',
    source: 'seed',
    rules: ['FD-BILLING-PAGE'],
  }),
  independent('independent-35', {
    id: 'i35-fd-billing-view-testing-false-taken-as-set',
    rule: "viewTestingReports is a boolean, false by default, and false means only active customer types (seed 002, Report retrieval, billing query parameters): an explicit viewTestingReports=false is read as the flag being set, so the testing customers' reports are billed too",
    source: 'seed',
    rules: ['FD-BILLING-TESTING'],
  }),
  independent('independent-36', {
    id: 'i36-fd-billing-first-always-true',
    rule: 'page is zero-based and the page flags describe the page answered (seed 002, Report retrieval: billing query page; provider 1.35.0, the page object first/last): every page, page 1 and beyond included, says first true',
    source: 'provider',
    rules: ['FD-BILLING-COUNTS', 'FD-BILLING-PAGE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-billing-empty-flag-of-whole-set',
    rule: 'the reseller billing page says whether it holds rows (provider 1.35.0 BillingResellerReport, a Spring Data page: empty, numberOfElements): a page past the last, holding no rows, says empty false whenever the window holds reports',
    source: 'provider',
    rules: ['FD-BILLING-COUNTS', 'FD-PROP-PAGING'],
  }),
]);
