// Faults of the reseller billing report, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules/reports-retrieval.yaml), at
// billing.ts's seams (billing.records.ts). An id docs/mutation.md names, and a blind fault's first id, stay as aliases.
import { always, assumption, blind, faultCatalogue, provider, seeded, was, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import type { Report } from '../state.js';
import { windowRefusal, type BillingSeams, type Exchange } from './billing.records.js';
import { monthsBefore } from './assets.records.js';

type Answering = NonNullable<FaultSeams<BillingSeams>['answer']>;
type Judge = NonNullable<FaultSeams<BillingSeams>['judge']>;
const { fault, fold, skip, refuse } = faultKit<BillingSeams>();
const DAY_S = 86_400;
const laterPage = (x: Exchange) => x.page >= 1;
const sizeUnsent = (x: Exchange) => x.input.query.size === undefined;

/** The window judged on `span` against `days` (the contract's days given), not on its length in seconds against them. */
const windowJudged =
  (span: (x: Exchange) => number, days: (maxDays: number) => number = (d) => d, exclusive = false): Judge =>
  (x, s, r) => {
    if (s !== 'window') return r;
    const over = span(x) - days(x.maxDays) * DAY_S;
    return over > 0 || (exclusive && over === 0) ? windowRefusal(x.maxDays) : undefined;
  };
/** Which reports' creation falls in the window, made otherwise. */
const windowed = (inWindow: (x: Exchange, s: number) => boolean): Judge =>
  fold('range', always, (x) => (x.inWindow = (s) => inWindow(x, s)));
/** The page's body made otherwise. */
const paged =
  (bend: (body: Record<string, any>, x: Exchange) => Record<string, any>): Answering =>
  (x, a) => ({ ...a, body: { ...a.body, ...bend(a.body, x) } });
/** Each row of the page made otherwise where `when` holds of its report. */
const rows =
  (when: (r: Report, x: Exchange) => boolean, bend: (row: Record<string, any>, r: Report) => Record<string, any>): Answering =>
  (x, a) => ({
    ...a,
    body: {
      ...a.body,
      content: a.body.content.map((row: Record<string, any>, n: number) => (when(a.shown[n], x) ? bend(row, a.shown[n]) : row)),
    },
  });

export const BILLING_FAULTS = faultCatalogue([
  // --- The window (seed 002, Report retrieval and Limits: billing range)
  fault('fd-billing-dates-required-optional', {
    rule: 'FD-BILLING-DATES-REQUIRED: a billing request without startDate or endDate is served, not a 400',
    judge: (x, s, r) =>
      (s === 'dates' || s === 'window') && (x.input.query.startDate === undefined || x.input.query.endDate === undefined) ? undefined : r,
  }),
  fault('fd-billing-window-calendar-days', {
    rule: 'FD-BILLING-WINDOW: the range is measured in calendar days (UTC dates): billingWindowDays and some hours is served when the dates are that many calendar days apart',
    judge: windowJudged((x) => (Math.floor(x.end / DAY_S) - Math.floor(x.start / DAY_S)) * DAY_S),
    ...blind,
    ...was('blind-billing-window-calendar-days'),
  }),
  fault('fd-billing-window-one-calendar-month', {
    rule: 'FD-BILLING-WINDOW: the range is read as one calendar month (startDate not before endDate less a month), where the seed counts billingWindowDays days: the whole range back over a February is refused',
    judge: (x, s, r) => (s !== 'window' ? r : x.start < monthsBefore(x.end, 1) ? windowRefusal(x.maxDays) : undefined),
  }),
  fault('fd-billing-edges-start-exclusive', {
    rule: 'FD-BILLING-EDGES, FD-PROP-WINDOW: a report made at startDate itself is not billed in the window',
    judge: windowed((x, s) => s > x.start && s <= x.end),
    ...assumption,
    ...seeded,
    ...was('billing-start-date-exclusive'),
  }),
  fault('fd-billing-content-window-end-whole-day', {
    rule: 'FD-BILLING-CONTENT, FD-PROP-WINDOW: the billing window ends at the end of the day of endDate: a report made later that day is listed',
    judge: windowed((x, s) => s >= x.start && s <= Math.floor(x.end / DAY_S) * DAY_S + DAY_S - 1),
    ...blind,
    ...was('blind-billing-window-end-whole-day'),
  }),
  fault('fd-billing-partner-other-readable', {
    rule: "FD-BILLING-PARTNER: another partner's billing is served, though the caller resells for no one",
    judge: skip('partner', (x) => x.world.partners.has(x.input.path.partnerId)),
    ...assumption,
    ...blind,
    ...was('blind-billing-other-partner-readable'),
  }),
  // --- The page (seed 002, Report retrieval: size, page)
  fault('fd-billing-size-cap-exclusive', 'FD-BILLING-SIZE: size at its maximum is refused 400', {
    judge: refuse(
      'size',
      (x) => x.size >= x.maxSize,
      (x) => ({ status: 400, message: `size must be less than ${x.maxSize}` }),
    ),
    ...blind,
    ...was('blind-billing-size-cap-exclusive'),
  }),
  fault('fd-billing-default-size-unpaged', 'FD-BILLING-DEFAULT-SIZE: without size a billing page holds every report of the window', {
    judge: fold('slice', sizeUnsent, (x) => {
      x.size = Math.max(x.all.length, 1);
      x.from = x.page * x.size;
    }),
    ...blind,
    ...was('blind-billing-no-size-unpaged'),
  }),
  fault('fd-billing-page-default-one', 'FD-BILLING-PAGE: without page the billing answers page 1, not page 0', {
    judge: fold(
      'page',
      (x) => x.input.query.page === undefined,
      (x) => (x.page = 1),
    ),
    ...blind,
    ...was('blind-billing-page-default-one'),
  }),
  fault('fd-billing-testing-view-when-present', {
    rule: "FD-BILLING-TESTING: viewTestingReports=false, present, lists the testing customers' reports",
    judge: fold(
      'testing',
      (x) => x.input.query.viewTestingReports !== undefined,
      (x) => (x.viewTesting = true),
    ),
    ...blind,
    ...was('blind-billing-view-testing-when-present'),
  }),
  fault('fd-billing-counts-number-of-elements-is-size', {
    rule: 'FD-BILLING-COUNTS: the last, partial page answers numberOfElements equal to the size asked',
    answer: paged((b) => ({ numberOfElements: b.size })),
  }),
  fault('fd-billing-counts-empty-of-whole-set', {
    rule: 'FD-BILLING-COUNTS, FD-PROP-PAGING: a page past the last, holding no rows, says empty false whenever the window holds reports',
    answer: paged((_b, x) => ({ empty: x.all.length === 0 })),
    ...provider,
  }),
  // --- The rows (seed 002, Report retrieval: billing; provider 1.35.0 BillingReport)
  fault('fd-billing-content-statement-last-four-leading', {
    rule: 'FD-BILLING-CONTENT: a statement report is billed with the first four characters of its id as lastFourReportId',
    answer: rows(
      (r) => r.type === 'statement',
      (row, r) => ({ ...row, lastFourReportId: r.id.slice(0, 4) }),
    ),
    ...seeded,
  }),
  fault('fd-page-keeps-query-billing-names-dropped', {
    rule: "FD-PAGE-KEEPS-QUERY: a billing page after the first leaves out the customers' first and last names",
    answer: rows(
      (_r, x) => laterPage(x),
      ({ firstName: _first, lastName: _last, ...rest }) => rest,
    ),
    ...provider,
    ...seeded,
  }),
  fault('fd-report-consumer-ssn-billing-numeric', {
    rule: "FD-REPORT-CONSUMER-SSN: a billing row's consumerSsn is read as a number: its leading zeros dropped",
    answer: rows(
      (r) => r.consumerSsn !== undefined,
      (row) => ({ ...row, consumerSsn: String(Number(row.consumerSsn)) }),
    ),
    ...provider,
    ...seeded,
  }),
]);
