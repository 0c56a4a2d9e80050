import { assumption, blind, faultCatalogue, provider, seeded, was, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import { findCustomer, type Report } from '../state.js';
import { type Change, type Exchange, type RetrievalSeams, type Step } from './retrieval.records.js';

type Seams = FaultSeams<RetrievalSeams>;
type Judge = NonNullable<Seams['judge']>;
type Answering = NonNullable<Seams['answer']>;
type Op = Exchange['op'];
type Row = Record<string, any>;
const { fault, skipOn: skip, foldOn: fold } = faultKit<RetrievalSeams>();

const BY_CUSTOMER: Op = 'GetReportByCustomer';
const BY_CONSUMER: Op = 'GetReportByConsumer';
const BY_ID: Op = 'GetReportById';
const REISSUE: Op = 'ReportReissue';
const READS: Op[] = [BY_CUSTOMER, BY_CONSUMER, BY_ID, REISSUE];
const PORTFOLIOS: Op[] = ['GetPortfolioByCustomer', 'GetPortfolioByConsumer', 'GetPortfolioByPathParamPortFolioID'];

// (a) The request as judged: functions at the judge seam.
/** A refusal added at `step` of `ops` where `when` holds. */
const refuse =
  (ops: Op[], step: Step, status: number, message: string, when: (x: Exchange) => boolean): Judge =>
  (x, s, r) =>
    r ?? (s === step && ops.includes(x.op) && when(x) ? { status, message } : undefined);
/** The portfolio's keep rule of `ops` made otherwise (`replaces` given the documented one). */
const keeping = (
  bend: (p: NonNullable<Exchange['portfolio']>) => Partial<NonNullable<Exchange['portfolio']>>,
  ops: Op[] = PORTFOLIOS,
): Judge => fold(ops, 'portfolio', (x) => (x.portfolio = { ...x.portfolio!, ...bend(x.portfolio!) }));
const formatted = (pdf: (x: Exchange) => boolean | undefined): Judge =>
  fold(READS, 'format', (x) => {
    x.pdf = pdf(x) ?? x.pdf;
  });

// (b) What a write changes: functions at the state seam.
const reissued =
  (bend: (c: Extract<Change, { kind: 'reissue' }>, x: Exchange) => Partial<Change>): Seams['state'] =>
  (x, c) =>
    c.kind === 'reissue' ? ({ ...c, ...bend(c, x) } as Change) : c;

// (c) The answer: functions at the answer seam.
/** The JSON body of a success of `ops` made otherwise (the PDF left as it is). */
const answered =
  (ops: Op[], bend: (body: any, x: Exchange, memory: Record<string, any>) => unknown): Answering =>
  (x, a, memory) =>
    ops.includes(x.op) && a.status < 400 && a.body && !a.pdf ? { ...a, body: bend(a.body, x, memory) } : a;
/** Each row of a list or portfolio answer of `ops` made otherwise (`r` the report of the row). */
const rows = (ops: Op[], bend: (row: Row, r: Report, x: Exchange) => Row): Answering =>
  answered(ops, (b, x) => ({ ...b, reports: b.reports.map((row: Row, n: number) => bend(row, x.reports![n], x)) }));
/** The consumer a portfolio read through the consumer embeds, made otherwise. */
const embedded = (bend: (c: Row, x: Exchange) => Row): Answering =>
  answered(['GetPortfolioByConsumer'], (b, x) => ({ ...b, consumer: bend(b.consumer, x) }));
const squeeze = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v);
/** The status of a single-report read as a cache served it: `fresh` says when the cached one is let go. */
const statusCached =
  (ops: Op[], key: (x: Exchange) => string, keep: (x: Exchange, cached: { status: string; at: number }) => boolean): Answering =>
  (x, a, memory) => {
    if (!ops.includes(x.op) || a.status >= 400 || a.pdf) return a;
    const cache: Map<string, { status: string; at: number }> = (memory.cache ??= new Map());
    const cached = cache.get(key(x));
    if (cached && keep(x, cached)) return cached.status === x.report!.status ? a : { ...a, body: { ...a.body, status: cached.status } };
    cache.set(key(x), { status: x.report!.status, at: x.nowMs });
    return a;
  };

export const REPORT_RETRIEVAL_FAULTS = faultCatalogue([
  // --- The single-report reads (seed 002, Report retrieval; Errors 403, 404; Endpoints)
  fault('fd-report-read-format-pdf-ignored', 'FD-REPORT-READ-FORMAT: Accept application/pdf is answered with JSON', {
    judge: formatted(() => false),
    ...was('report-pdf-ignored'),
  }),
  fault('fd-report-read-format-pdf-status-in-progress', {
    rule: 'FD-REPORT-READ-FORMAT, FD-REPORT-READERS-AGREE, FD-PROP-MEDIA-SAME: the PDF of a finished report says inProgress while its JSON says success',
    answer: (_x, a) => (a.pdf ? { ...a, pdf: { ...a.pdf, status: 'inProgress' } } : a),
    ...was('i33-fd-report-pdf-status-in-progress'),
  }),
  fault('fd-report-custom-fields-shown-every-field-on-pdf', {
    rule: 'FD-REPORT-CUSTOM-FIELDS-SHOWN: the PDF of a report shows every custom field, also those sent with shown false',
    answer: (_x, a) =>
      a.pdf && Array.isArray(a.pdf.constraints.reportCustomFields)
        ? {
            ...a,
            pdf: {
              ...a.pdf,
              constraints: {
                ...a.pdf.constraints,
                reportCustomFields: a.pdf.constraints.reportCustomFields.map((c: object) => ({ ...c, shown: true })),
              },
            },
          }
        : a,
    ...provider,
  }),
  fault('fd-report-read-owner-unchecked', {
    rule: 'FD-REPORT-READ-OWNER: a report read through another customer or consumer of the partner is served (not a 404)',
    judge: skip([BY_CUSTOMER, BY_CONSUMER], 'report', (x) => x.report !== undefined),
  }),
  fault('fd-report-read-optional-params-purpose-required', 'FD-REPORT-READ-OPTIONAL-PARAMS: a report read without purpose is a 400', {
    judge: refuse(
      [BY_CUSTOMER, BY_CONSUMER, BY_ID],
      'purpose',
      400,
      'Permissible Purpose Code is required',
      (x) => x.input.query.purpose === undefined,
    ),
    ...was('report-read-purpose-required'),
  }),
  fault('fd-report-read-freeze-reissue-ignored', "FD-REPORT-READ-FREEZE: a reissue serves a frozen customer's report", {
    judge: skip([REISSUE], 'freeze'),
    ...blind,
    ...was('blind-reissue-freeze-ignored'),
  }),
  fault('fd-report-poll-interval-status-cache-slides-21s', {
    rule: 'FD-REPORT-POLL-INTERVAL, FD-REPORT-TERMINAL: every read serves the status cached 21 seconds, each read within that time extending it',
    answer: statusCached(
      READS,
      (x) => x.report!.id,
      (x, c) => {
        const fresh = x.nowMs - c.at < 21_000;
        if (fresh) c.at = x.nowMs;
        return fresh;
      },
    ),
    ...blind,
    ...was('blind-report-status-cache-slides-21s'),
  }),
  fault('fd-derived-view-portfolio-skips-failed', {
    rule: 'FD-DERIVED-VIEW: a failed report does not replace the one of its type in the portfolio, which keeps showing the older report',
    judge: keeping(() => ({ replaces: (_kept, r) => r.status !== 'failure' })),
    ...seeded,
    ...was('portfolio-latest-skips-failed'),
  }),
  fault('fd-portfolio-latest-per-family', {
    rule: 'FD-PORTFOLIO-LATEST, FD-DERIVED-VIEW: reports of related types (voa and voaHistory) count as one type, the later replacing the earlier',
    judge: keeping(() => ({ key: (r) => r.type.slice(0, 3) })),
    ...was('i31-fd-portfolio-latest-per-family'),
  }),
  fault('fd-date-unit-portfolio-created-date-ms', {
    rule: "FD-DATE-UNIT, FD-PORTFOLIO-LATEST: the portfolio reads give each report's createdDate in epoch milliseconds",
    answer: rows(PORTFOLIOS, (row) => ({ ...row, createdDate: Number(row.createdDate) * 1000 })),
    ...provider,
  }),
  fault('fd-report-read-owner-portfolio-by-portfolio-id-only', {
    rule: "FD-REPORT-READ-OWNER: a portfolio read through a customer it does not belong to is served when it is another customer's of the same partner",
    judge: fold(['GetPortfolioByCustomer'], 'portfolio', (x) => {
      const owner = [...x.world.reports.portfolioOf].find(([, p]) => p === x.input.path.portfolioId)?.[0];
      if (owner && findCustomer(x.world, owner, x.input.partner?.id)) x.customerId = owner;
    }),
    ...blind,
    ...was('blind-portfolio-customer-by-portfolio-id-only'),
  }),
  fault('fd-portfolio-consumer-names-trimmed', {
    rule: 'FD-PORTFOLIO-CONSUMER: the consumer a portfolio embeds carries its names trimmed with their spaces collapsed',
    answer: embedded((c) => ({ ...c, firstName: squeeze(c.firstName), lastName: squeeze(c.lastName) })),
    ...provider,
    ...seeded,
  }),
  // --- Reissue (seed 002, Report retrieval: ReportReissue, a Lender body; its purpose required from a date)
  fault('fd-reissue-lender-optional', 'FD-REISSUE-LENDER: a reissue without a Lender body is served', {
    relax: [{ operation: 'ReportReissue', at: ['requestBody'], drop: ['required'] }],
    judge: skip([REISSUE], 'reissue-purpose', (x) => x.input.body === undefined),
    ...was('reissue-lender-optional'),
  }),
  fault('fd-reissue-purpose-not-required', 'FD-REISSUE-PURPOSE: from 2026-04-30 a reissue without purpose is served', {
    judge: skip([REISSUE], 'reissue-purpose'),
    ...assumption,
  }),
  fault('fd-prop-survivor-reissue-needs-customer', {
    rule: "FD-PROP-SURVIVOR, FD-REPORT-CONSUMER-OWNER: a reissue finds the report through its customer: once the customer is deleted the reissue is a 404, while GetReportById and the consumer's readers still serve the report",
    judge: refuse(
      [REISSUE],
      'report',
      404,
      'Report not found',
      (x) => x.report !== undefined && !x.world.customers.has(x.report.customerId),
    ),
  }),
  fault('fd-event-date-fixed-reissue-redates-report', {
    rule: "FD-EVENT-DATE-FIXED, FD-REISSUE-LENDER: the reissue rewrites the report's createdDate with the time of the reissue",
    state: reissued((_c, x) => ({ createdDate: x.nowS })),
  }),
]);
