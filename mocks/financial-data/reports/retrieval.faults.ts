// Faults of report retrieval: the reads, the lists, the portfolios and the reissue. Each a deviation a
// provider's release might ship, named by the rule it breaks (`fd-<rule id>-<deviation>`), its rule text
// starting with the ids of schemas/financial-data/rules/reports-retrieval.yaml (and the shared families)
// it breaks (`rules`: the specs the targeted mutation run picks). A fault loosens the contract (`relax`)
// or bends retrieval.ts at its seams: the request as judged at one step (Step), what a write changes,
// the answer. An id docs/mutation.md names from before the move, and a blind fault's first id, stay as aliases.
import { limitOf } from '../../../helpers/contract/facts.js';
import { faultCatalogue, type FaultSeams } from '../../kit/faults.js';
import { faultKit, assumption, blind, provider, schema, was, seededAt } from '../fault-builders.js';
import { findCustomer, type Report } from '../state.js';
import { incomeKind, type Change, type Exchange, type RetrievalSeams, type Step } from './retrieval.records.js';

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
const CUSTOMER_LIST: Op = 'GetReportsByCustomerId';
const CONSUMER_LIST: Op = 'GetReportsByConsumerId';
const LISTS: Op[] = [CUSTOMER_LIST, CONSUMER_LIST];
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
  fault('fd-report-read-format-pdf-by-default', {
    rule: 'FD-REPORT-READ-FORMAT: an Accept naming neither JSON nor PDF (none, or */*) is answered with the PDF',
    judge: formatted((x) => (x.ranges!.some((r) => r === 'application/json' || r === 'application/pdf') ? undefined : true)),
  }),
  fault('fd-report-read-format-pdf-anywhere', {
    rule: 'FD-REPORT-READ-FORMAT, FD-PROP-ACCEPT: an Accept listing application/json first and application/pdf after it is answered with the PDF',
    judge: formatted((x) => x.ranges!.includes('application/pdf') || undefined),
    ...was('i35-fd-report-accept-pdf-anywhere'),
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
  fault('fd-report-read-format-reissue-pdf-ignored', {
    rule: 'FD-REPORT-READ-FORMAT: the reissue answers JSON whatever Accept asks (the other reads give the PDF)',
    answer: (x, a) => (x.op === REISSUE ? { ...a, pdf: undefined } : a),
    ...blind('blind-reissue-pdf-ignored'),
  }),
  fault('fd-report-read-owner-unchecked', {
    rule: 'FD-REPORT-READ-OWNER: a report read through another customer or consumer of the partner is served (not a 404)',
    judge: skip([BY_CUSTOMER, BY_CONSUMER], 'report', (x) => x.report !== undefined),
  }),
  fault('fd-report-read-owner-income-partner-only', {
    rule: 'FD-REPORT-READ-OWNER: a report of the income kinds (VOE, VOIE, pay statement) read through another customer of the same partner is served (the asset kinds are a 404 there)',
    judge: skip([BY_CUSTOMER], 'report', (x) => !!x.report && incomeKind(x.report) && x.report.partnerId === x.input.partner?.id),
    ...seededAt,
  }),
  fault('fd-report-read-owner-by-id-other-partner', "FD-REPORT-READ-OWNER: GetReportById serves another partner's report", {
    judge: skip([BY_ID], 'report', (x) => x.report !== undefined),
  }),
  fault('fd-obj-exact-id-fold-report-by-consumer', 'FD-OBJ-EXACT-ID-FOLD: GetReportByConsumer finds the report by its id in upper case', {
    judge: skip(
      [BY_CONSUMER],
      'report',
      (x) => x.world.reports.reports.get(x.input.path.reportId.toLowerCase())?.consumerId === x.consumer?.id,
      (x) => (x.report = x.world.reports.reports.get(x.input.path.reportId.toLowerCase())),
    ),
    ...assumption,
    ...seededAt,
  }),
  fault('fd-report-consumer-owner-deleted-customer-readable', {
    rule: "FD-REPORT-CONSUMER-OWNER: a deleted customer's report stays readable through the customer id",
    judge: skip(
      [BY_CUSTOMER],
      'owner',
      (x) =>
        !x.world.customers.has(x.input.path.customerId) &&
        x.world.reports.reports.get(x.input.path.reportId)?.customerId === x.input.path.customerId,
      (x) => (x.customerId = x.input.path.customerId),
    ),
  }),
  fault('fd-report-consumer-owner-read-joins-customer', {
    rule: 'FD-REPORT-CONSUMER-OWNER: after its customer is deleted a report read through its consumer is a 404',
    judge: refuse([BY_CONSUMER], 'report', 404, 'Report not found', (x) => !!x.report && !x.world.customers.has(x.report.customerId)),
    ...blind('blind-report-consumer-read-joins-customer'),
  }),
  fault('fd-report-consumer-owner-list-drops-deleted', {
    rule: "FD-REPORT-CONSUMER-OWNER: the consumer's list leaves out the reports of its deleted customer",
    judge: fold([CONSUMER_LIST], 'list', (x) => (x.reports = x.reports!.filter((r) => x.world.customers.has(r.customerId)))),
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
  fault('fd-report-read-optional-params-on-behalf-of-needs-purpose', {
    rule: 'FD-REPORT-READ-OPTIONAL-PARAMS: a report read with on-behalf-of and without purpose is a 400',
    judge: refuse(
      [BY_CUSTOMER, BY_CONSUMER, BY_ID],
      'purpose',
      400,
      'purpose is required when onBehalfOf is given',
      (x) => x.input.query.onBehalfOf !== undefined && x.input.query.purpose === undefined,
    ),
    ...blind('blind-report-read-on-behalf-of-needs-purpose'),
  }),
  // The security freeze (seed 002, Errors 403): one read at a time skips it.
  fault('fd-report-read-freeze-by-id-ignored', "FD-REPORT-READ-FREEZE: GetReportById serves a frozen customer's report (200)", {
    judge: skip([BY_ID], 'freeze'),
  }),
  fault('fd-report-read-freeze-pdf-ignored', {
    rule: "FD-REPORT-READ-FREEZE: the by-customer read asked for a PDF serves a frozen customer's report",
    judge: skip([BY_CUSTOMER], 'freeze', (x) => x.pdf === true),
  }),
  fault('fd-report-read-freeze-reissue-ignored', "FD-REPORT-READ-FREEZE: a reissue serves a frozen customer's report", {
    judge: skip([REISSUE], 'freeze'),
    ...blind('blind-reissue-freeze-ignored'),
  }),
  fault('fd-report-read-freeze-consumer-list-ignored', {
    rule: "FD-REPORT-READ-FREEZE: the consumer's report list skips the freeze and answers 200",
    judge: skip([CONSUMER_LIST], 'freeze'),
  }),
  // --- Every reader agrees (seed 002, Report retrieval; States and transitions - Report)
  fault('fd-report-readers-agree-read-status-stale', 'FD-REPORT-READERS-AGREE: the single-report reads show inProgress for ever', {
    answer: answered(READS, (b) => ({ ...b, status: 'inProgress' })),
  }),
  fault('fd-report-readers-agree-list-status-stale', 'FD-REPORT-READERS-AGREE: the lists and portfolios show inProgress for ever', {
    answer: rows([...LISTS, ...PORTFOLIOS], (row) => ({ ...row, status: 'inProgress' })),
  }),
  fault('fd-report-poll-interval-by-customer-status-cached', {
    rule: 'FD-REPORT-POLL-INTERVAL: the by-customer read serves the status it gave last while reads come less than a second past reportPollSeconds apart, so a client polling at that interval never sees the report end',
    answer: statusCached(
      [BY_CUSTOMER],
      (x) => x.report!.id,
      (x, c) => {
        const fresh = x.nowMs - c.at < (limitOf(x.contract, 'reportPollSeconds') + 1) * 1000;
        if (fresh) c.at = x.nowMs;
        return fresh;
      },
    ),
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
    ...blind('blind-report-status-cache-slides-21s'),
  }),
  fault('fd-report-readers-agree-by-id-first-status', {
    rule: 'FD-REPORT-READERS-AGREE: GetReportById serves the status of its first read of that report, so a report first read while inProgress never ends there',
    answer: statusCached(
      [BY_ID],
      (x) => x.report!.id,
      () => true,
    ),
    origin: 'model',
  }),
  fault('fd-report-custom-fields-by-id-trimmed', {
    rule: 'FD-REPORT-CUSTOM-FIELDS: the read by report id trims each custom field label and value and collapses their inner spaces',
    answer: answered([BY_ID], (b, x) =>
      Array.isArray(x.report!.constraints.reportCustomFields)
        ? {
            ...b,
            constraints: {
              ...x.report!.constraints,
              reportCustomFields: x.report!.constraints.reportCustomFields.map((c: Row) => ({
                ...c,
                label: squeeze(c.label),
                value: squeeze(c.value),
              })),
            },
          }
        : b,
    ),
    ...provider,
    ...seededAt,
  }),
  // --- The lists (seed 002, Report retrieval; Errors 429)
  fault('fd-report-read-owner-analytics-listed-for-partner', {
    rule: "FD-REPORT-READ-OWNER: a customer's list holds the non-CRA analytics reports of every customer of its partner, not its own only",
    judge: fold([CUSTOMER_LIST], 'list', (x) =>
      x.reports!.push(
        ...[...x.world.reports.reports.values()].filter(
          (r) => r.partnerId === x.input.partner?.id && r.customerId !== x.customerId && /noncra$/.test(r.type),
        ),
      ),
    ),
    ...seededAt,
  }),
  fault('fd-report-read-owner-customer-list-partner-wide', {
    rule: 'FD-REPORT-READ-OWNER, FD-OBJ-OTHER-PARENT: the customer list also holds the partner reports of its other customers',
    judge: fold(
      [CUSTOMER_LIST],
      'list',
      (x) =>
        (x.reports = [...x.world.reports.reports.values()].filter(
          (r) => r.partnerId === x.input.partner?.id && (r.customerId === x.customerId || x.world.customers.has(r.customerId)),
        )),
    ),
  }),
  fault('fd-report-readers-agree-customer-list-drops-failed', {
    rule: "FD-REPORT-READERS-AGREE: the customer's list leaves out reports that ended in failure",
    judge: fold([CUSTOMER_LIST], 'list', (x) => (x.reports = x.reports!.filter((r) => r.status !== 'failure'))),
  }),
  fault('fd-report-readers-agree-consumer-list-minute-stale', {
    rule: "FD-REPORT-READERS-AGREE: the consumer's list shows a report that ended less than a minute ago as inProgress",
    answer: rows([CONSUMER_LIST], (row, r, x) =>
      r.status !== 'inProgress' && x.nowS - Number(r.readyAtS) < 60 ? { ...row, status: 'inProgress' } : row,
    ),
  }),
  fault('fd-report-readers-agree-consumer-list-failure-as-success', {
    rule: "FD-REPORT-READERS-AGREE: the consumer's report list shows a failed report as success",
    answer: rows([CONSUMER_LIST], (row, r) => (r.status === 'failure' ? { ...row, status: 'success' } : row)),
    ...assumption,
  }),
  fault('fd-report-readers-agree-customer-list-in-progress-as-success', {
    rule: 'FD-REPORT-READERS-AGREE, FD-PROP-SAME-ON-EVERY-READER: GetReportsByCustomerId lists a report still inProgress as success',
    answer: rows([CUSTOMER_LIST], (row, r) => (r.status === 'inProgress' ? { ...row, status: 'success' } : row)),
  }),
  fault('fd-report-readers-agree-customer-list-type-uppercased', {
    rule: "FD-REPORT-READERS-AGREE: the customer's report list writes each type in upper case",
    answer: rows([CUSTOMER_LIST], (row, r) => ({ ...row, type: r.type.toUpperCase() })),
    ...provider,
  }),
  fault('fd-report-readers-agree-consumer-list-id-is-request-id', {
    rule: "FD-REPORT-READERS-AGREE: the consumer's list gives each report's requestId as its id",
    answer: rows([CONSUMER_LIST], (row, r) => ({ ...row, id: r.requestId })),
    ...blind('blind-report-consumer-list-id-is-request-id'),
  }),
  fault('fd-event-date-fixed-customer-list-created-date-of-completion', {
    rule: "FD-EVENT-DATE-FIXED: the customer's report list gives a finished report its completion time as createdDate",
    answer: rows([CUSTOMER_LIST], (row, r) => (r.status === 'inProgress' ? row : { ...row, createdDate: r.readyAtS })),
  }),
  fault('fd-obj-sensitive-customer-list-consumer-ssn-full', {
    rule: "FD-OBJ-SENSITIVE, FD-SENSITIVE-ECHO: GetReportsByCustomerId gives consumerSsn as the consumer's whole SSN",
    answer: rows([CUSTOMER_LIST], (row, r, x) =>
      row.consumerSsn
        ? { ...row, consumerSsn: String((r.consumerId && x.world.consumers.get(r.consumerId)?.fields.ssn) ?? '').replace(/\D/g, '') }
        : row,
    ),
    ...assumption,
  }),
  fault('fd-report-list-rate-unlimited', 'FD-REPORT-LIST-RATE: the 21st list call within the list window is served', {
    judge: skip(LISTS, 'rate'),
    ...assumption,
    ...was('report-list-no-rate-limit'),
  }),
  fault('fd-report-list-rate-off-by-one', 'FD-REPORT-LIST-RATE: the 20th list call within the list window is a 429', {
    judge: fold(LISTS, 'rate-key', (x) => (x.rate!.limit -= 1)),
    ...assumption,
  }),
  fault('fd-report-list-rate-per-partner', {
    rule: "FD-REPORT-LIST-RATE: the lists of every customer and consumer of a partner share one allowance (another customer's list is refused once one is spent)",
    judge: fold(LISTS, 'rate-key', (x) => (x.rate!.key = `partner:${x.input.partner?.id}`)),
    ...assumption,
    ...seededAt,
  }),
  fault('fd-report-list-rate-shared-customer-consumer', {
    rule: "FD-REPORT-LIST-RATE: the consumer's list counts against its customer's allowance",
    judge: fold([CONSUMER_LIST], 'rate-key', (x) => (x.rate!.key = `customer:${x.customerId}`)),
    ...assumption,
  }),
  fault('fd-report-list-rate-window-61s', 'FD-REPORT-LIST-RATE: a list call exactly as old as the window still counts', {
    judge: fold(LISTS, 'rate-key', (x) => (x.rate!.windowS += 1)),
    ...assumption,
    ...blind('blind-report-list-rate-window-61s'),
  }),
  fault('fd-report-list-rate-refused-call-counted', {
    rule: 'FD-REPORT-LIST-RATE, FD-PROP-REFUSED-NO-TRACE: a list call refused 429 is counted in the window, so a client retrying stays refused past the window',
    state: (x, c) => (c.kind === 'list-calls' && c.refused ? { ...c, calls: [...c.calls, x.nowS] } : c),
    ...assumption,
    ...was('i35-fd-report-list-refused-call-counted'),
  }),
  // --- The portfolios (seed 002, Report retrieval: the most recent report of each type)
  fault('fd-portfolio-latest-keeps-every-report', 'FD-PORTFOLIO-LATEST: a portfolio holds every report, not one per type', {
    judge: keeping(() => ({ key: (r) => r.id })),
  }),
  fault('fd-portfolio-latest-keeps-first-of-type', {
    rule: 'FD-PORTFOLIO-LATEST: a portfolio holds the first report of a type, not the most recent',
    judge: keeping(() => ({ replaces: () => false })),
  }),
  fault('fd-portfolio-latest-by-date-strict', {
    rule: 'FD-PORTFOLIO-LATEST: of two reports of a type requested within the same second the portfolio keeps the first',
    judge: keeping(() => ({ replaces: (kept, r) => r.createdDate > kept.createdDate })),
    ...blind('blind-portfolio-latest-by-date-strict'),
  }),
  fault('fd-portfolio-latest-by-id', 'FD-PORTFOLIO-LATEST: the report kept per type is the one of the greatest id, not the most recent', {
    judge: keeping(() => ({ replaces: (kept, r) => !(kept.id > r.id) })),
    ...was('i28-fd-portfolio-latest-by-id'),
  }),
  fault('fd-portfolio-latest-skips-in-progress', {
    rule: 'FD-PORTFOLIO-LATEST, FD-REPORT-READERS-AGREE: a report still in progress is passed over for the older finished one of its type',
    judge: keeping(() => ({ replaces: (_kept, r) => r.status !== 'inProgress' })),
  }),
  fault('fd-derived-view-portfolio-skips-failed', {
    rule: 'FD-DERIVED-VIEW: a failed report does not replace the one of its type in the portfolio, which keeps showing the older report',
    judge: keeping(() => ({ replaces: (_kept, r) => r.status !== 'failure' })),
    ...seededAt,
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
    ...blind('blind-portfolio-customer-by-portfolio-id-only'),
  }),
  fault('fd-portfolio-consumer-names-trimmed', {
    rule: 'FD-PORTFOLIO-CONSUMER: the consumer a portfolio embeds carries its names trimmed with their spaces collapsed',
    answer: embedded((c) => ({ ...c, firstName: squeeze(c.firstName), lastName: squeeze(c.lastName) })),
    ...provider,
    ...seededAt,
  }),
  fault('fd-portfolio-consumer-birthday-week-year', {
    rule: 'FD-PORTFOLIO-CONSUMER: the consumer a portfolio embeds shows a birthday in the first days of January with the year before (the year of its ISO week)',
    answer: embedded((c) =>
      c.birthday?.month === 1 && Number(c.birthday.dayOfMonth) <= 3
        ? { ...c, birthday: { ...c.birthday, year: Number(c.birthday.year) - 1 } }
        : c,
    ),
    ...provider,
    ...seededAt,
  }),
  fault('fd-portfolio-consumer-birthday-month-zero-based', {
    rule: 'FD-PORTFOLIO-CONSUMER, FD-PROP-SAME-ON-EVERY-READER: GetPortfolioByConsumer writes the birth month zero-based',
    answer: embedded((c) =>
      typeof c.birthday?.month === 'number' ? { ...c, birthday: { ...c.birthday, month: c.birthday.month - 1 } } : c,
    ),
    ...provider,
  }),
  fault('fd-sensitive-echo-portfolio-consumer-tax-id', {
    rule: 'FD-SENSITIVE-ECHO, FD-CONS-SSN-LAST-FOUR: the portfolio read through the consumer adds consumer.taxId holding the whole SSN',
    answer: embedded((c, x) => ({ ...c, taxId: String(x.consumer!.fields.ssn ?? '').replace(/\D/g, '') })),
    ...assumption,
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
  fault('fd-reissue-purpose-required-from-may-first', {
    rule: 'FD-REISSUE-PURPOSE: the purpose is required only from the day after the date it becomes required, a reissue without purpose on that date is served',
    judge: skip([REISSUE], 'reissue-purpose', (x) => x.nowS < x.purposeFromS! + 86_400),
  }),
  fault('fd-reissue-purpose-one-to-three-chars', {
    rule: 'FD-REISSUE-PURPOSE: a purpose of one character fewer or more than its fixed length is taken',
    relax: schema('Lender', { at: ['properties', 'purpose'], set: { $ref: undefined, type: 'string', pattern: '^[0-9A-Za-z]{1,3}$' } }),
    ...provider,
    ...blind('blind-reissue-purpose-one-to-three-chars'),
  }),
  fault('fd-report-read-owner-reissue-rehomes-report', {
    rule: "FD-REPORT-READ-OWNER, FD-PROP-WRITE-SCOPE: the reissue records the reissuing partner as the report's owner, so its originator's GetReportById answers 404",
    state: reissued((c, x) => ({ partnerId: x.input.partner?.id ?? c.partnerId })),
    ...was('i35-fd-reissue-rehomes-report'),
  }),
  fault('fd-event-date-fixed-reissue-redates-report', {
    rule: "FD-EVENT-DATE-FIXED, FD-REISSUE-LENDER: the reissue rewrites the report's createdDate with the time of the reissue",
    state: reissued((_c, x) => ({ createdDate: x.nowS })),
  }),
  fault('fd-report-callback-resent-on-reissue', 'FD-REPORT-CALLBACK: the reissue of an ended report calls its callback URL again', {
    state: reissued((_c, x) => ({ callback: x.report!.status !== 'inProgress' })),
    ...seededAt,
  }),
]);
