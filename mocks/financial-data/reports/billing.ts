// Reseller billing (seed 002, Report retrieval: getResellerBillingReport): the reports generated
// between startDate and endDate (epoch seconds, required, at most 31 days apart) by customers of the
// partner, one zero-based page of `size` (default 100, at most 1000); testing customers' reports
// are not billable and show only with viewTestingReports=true. The mock knows no reseller
// relations: a partner reads its own billing only (another or an unknown partner: 404).
// Rules: schemas/financial-data/rules/reports-retrieval.yaml (FD-BILLING-*).
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext } from '../middleware.js';
import { DAY_S } from '../portfolio.js';
import type { Report } from '../state.js';
import { limitOf, parameterDefault, parameterRange } from '../../../helpers/contract/facts.js';

/** provider 1.35.0, the reseller billing's 400 examples: every refusal of its dates carries code 10100 (the 400's x-codes). */
const BILLING_CODE = 10100;

export function registerBilling(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults } = ctx;
  /** seed 002, Report retrieval and Limits: the range and the default page size (the contract's x-limits and size parameter). */
  const BILLING_MAX_DAYS = limitOf(ctx.contract, 'billingWindowDays');
  const BILLING_DEFAULT_SIZE = Number(parameterDefault(ctx.contract, 'getResellerBillingReport', 'size'));
  const SIZE_MAX = parameterRange(ctx.contract, 'getResellerBillingReport', 'size').max!;

  const row = (r: Report) => {
    const consumer = r.consumerId ? world.consumers.get(r.consumerId) : undefined;
    const customer = world.customers.get(r.customerId);
    const names: Record<string, unknown> = consumer?.fields ?? { ...customer };
    const custom = (r.constraints as { reportCustomFields?: unknown }).reportCustomFields;
    return {
      reseller: '',
      resellerProvider: '',
      platformProvider: '',
      customerId: Number(r.customerId),
      ...(r.consumerId ? { consumerId: r.consumerId } : {}),
      // Seeded fault billing-consumer-ssn-numeric: the last four digits read as a number (leading zeros dropped).
      ...(r.consumerSsn ? { consumerSsn: faults.has('billing-consumer-ssn-numeric') ? String(Number(r.consumerSsn)) : r.consumerSsn } : {}),
      ...(names.firstName ? { firstName: String(names.firstName) } : {}),
      ...(names.lastName ? { lastName: String(names.lastName) } : {}),
      // i23-billing-consumer-report-last-four-of-consumer: a report made for a consumer given the consumer id's last four.
      // seeded-fam28b-billing-statement-last-four-leading: a statement report given its id's first four characters.
      lastFourReportId:
        faults.has('i23-billing-consumer-report-last-four-of-consumer') && r.consumerId
          ? r.consumerId.slice(-4)
          : faults.has('seeded-fam28b-billing-statement-last-four-leading') && r.type === 'statement'
            ? r.id.slice(0, 4)
            : r.id.slice(-4),
      reportId: r.id,
      createdDate: r.createdDate,
      reportType: r.type,
      // seeded-fam28b-billing-customer-report-status-in-progress: a report without a consumer billed as still in progress once ended.
      status: faults.has('seeded-fam28b-billing-customer-report-status-in-progress') && !r.consumerId ? 'inProgress' : r.status,
      // provider 1.35.0 ReportCustomFields: "All custom fields display in the Reseller Billing API".
      ...(custom && !faults.has('billing-custom-fields-dropped') ? { reportCustomFields: custom } : {}),
    };
  };

  route(app, ctx, 'getResellerBillingReport', ({ path, query, partner }, reply) => {
    // Required query parameters (the shared middleware validates only what is sent).
    for (const name of ['startDate', 'endDate']) {
      // Blind fault: endDate defaults to now instead of being required.
      if (name === 'endDate' && faults.has('blind-billing-end-date-defaults-now')) continue;
      if (query[name] === undefined && !faults.has('billing-dates-optional'))
        return sendError(ctx, reply, 400, `Missing parameter (${name})`, BILLING_CODE);
    }
    const start = Number(query.startDate ?? 0);
    const end = Number(
      query.endDate ?? (faults.has('blind-billing-end-date-defaults-now') ? ctx.clock.nowEpochSeconds() : Number.MAX_SAFE_INTEGER),
    );
    const maxDays = faults.has('billing-window-32-days')
      ? BILLING_MAX_DAYS + 1
      : faults.has('billing-window-30-days')
        ? BILLING_MAX_DAYS - 1
        : BILLING_MAX_DAYS;
    // provider 1.35.0, the reseller billing's 400 examples (all 10100): a date of zero or less, a start after the end.
    if ((query.startDate !== undefined && start <= 0) || (query.endDate !== undefined && end <= 0))
      return sendError(ctx, reply, 400, 'startDate and endDate must be after zero', BILLING_CODE);
    if (end < start) return sendError(ctx, reply, 400, 'endDate must not be before startDate', BILLING_CODE);
    // i29-fd-billing-same-instant-range-refused: a range whose endDate equals its startDate refused as empty.
    if (faults.has('i29-fd-billing-same-instant-range-refused') && end === start)
      return sendError(ctx, reply, 400, 'endDate must be after startDate');
    // Blind fault: the range is measured in calendar days (UTC dates), not in seconds.
    const span = faults.has('blind-billing-window-calendar-days')
      ? (Math.floor(end / DAY_S) - Math.floor(start / DAY_S)) * DAY_S
      : // i31-fd-billing-window-measured-in-milliseconds: the window measured as if its dates were milliseconds (a thousandth of its length).
        faults.has('i31-fd-billing-window-measured-in-milliseconds')
        ? (end - start) / 1000
        : end - start;
    // i28-fd-billing-31-days-refused: a range of exactly 31 days refused (the bound read as exclusive).
    if (
      (span > maxDays * DAY_S || (faults.has('i28-fd-billing-31-days-refused') && span === maxDays * DAY_S)) &&
      !faults.has('billing-dates-optional')
    )
      return sendError(ctx, reply, 400, `The range between startDate and endDate must be ${BILLING_MAX_DAYS} days or less`, BILLING_CODE);
    // Blind fault: any known partner's billing is readable (no reseller relation checked).
    if (
      !world.partners.has(path.partnerId) ||
      (partner && partner.id !== path.partnerId && !faults.has('blind-billing-other-partner-readable'))
    ) {
      if (faults.has('billing-unknown-partner-empty'))
        return {
          content: [],
          number: 0,
          size: BILLING_DEFAULT_SIZE,
          totalElements: 0,
          totalPages: 0,
          numberOfElements: 0,
          first: true,
          last: true,
          empty: true,
        };
      return sendError(ctx, reply, 404, `Partner not found: ${path.partnerId}`);
    }
    let size = Number(query.size ?? (faults.has('billing-default-size-50') ? 50 : BILLING_DEFAULT_SIZE));
    // The cap is the contract's (schema maximum, refused by the shared validation); the fault lowers it.
    if (size > 500 && faults.has('billing-size-capped-at-500')) return sendError(ctx, reply, 400, 'size must be at most 500');
    // Blind fault: the cap is exclusive (size 1000 refused).
    if (size >= SIZE_MAX && faults.has('blind-billing-size-cap-exclusive'))
      return sendError(ctx, reply, 400, `size must be less than ${SIZE_MAX}`);
    // Blind fault: page defaults to 1, as the start parameter of other operations does.
    const page =
      Number(query.page ?? (faults.has('blind-billing-page-default-one') ? 1 : 0)) - (faults.has('billing-page-one-based') ? 1 : 0);
    // Blind fault: viewTestingReports present, whatever its value, includes testing customers' reports.
    const viewTesting =
      query.viewTestingReports === true ||
      // i35-fd-billing-view-testing-false-taken-as-set: viewTestingReports=false sent explicitly is read as asking for the testing reports.
      (faults.has('i35-fd-billing-view-testing-false-taken-as-set') && query.viewTestingReports !== undefined) ||
      faults.has('billing-testing-reports-included') ||
      (query.viewTestingReports !== undefined && faults.has('blind-billing-view-testing-when-present'));
    // Blind fault: the window ends at the end of endDate's day (UTC), not at endDate.
    const last = faults.has('blind-billing-window-end-whole-day') ? Math.floor(end / DAY_S) * DAY_S + DAY_S - 1 : end;
    const all = [...world.reports.reports.values()].filter(
      (r) =>
        r.partnerId === path.partnerId &&
        // Seeded fault: a report made at startDate itself is left out.
        (faults.has('billing-window-ignored') ||
          ((faults.has('billing-start-date-exclusive') ? r.createdDate > start : r.createdDate >= start) &&
            // i7-billing-end-date-exclusive: a report made at endDate itself left out.
            (faults.has('i7-billing-end-date-exclusive') ? r.createdDate < last : r.createdDate <= last))) &&
        (r.billable ||
          (viewTesting && !faults.has('billing-view-testing-ignored')) ||
          // seeded-billing-later-page-testing-reports-shown: a page after the first lists the testing customers' reports too.
          (page >= 1 && faults.has('seeded-billing-later-page-testing-reports-shown'))),
    );
    // Blind fault: without size the page is not paged (every report of the window).
    if (query.size === undefined && faults.has('blind-billing-no-size-unpaged')) size = Math.max(all.length, 1);
    // seeded-billing-later-page-names-dropped: a page after the first leaves out the customers' names.
    const named = (r: Record<string, unknown>) => {
      if (page < 1 || !faults.has('seeded-billing-later-page-names-dropped')) return r;
      const { firstName: _first, lastName: _last, ...rest } = r;
      return rest;
    };
    // seeded-billing-default-size-later-page-offset-at-max: without size, a later page is offset by the largest size.
    const from =
      query.size === undefined && faults.has('seeded-billing-default-size-later-page-offset-at-max')
        ? page * SIZE_MAX
        : // i27-billing-later-page-skips-one: a later page starts one report after where the page before it ended.
          faults.has('i27-billing-later-page-skips-one') && page > 0
          ? page * size + 1
          : page * size;
    const content = page < 0 ? [] : all.slice(from, from + size).map((r) => named(row(r)));
    // i8-billing-total-pages-default-size: the pages counted at the default size.
    const totalPages = faults.has('i20-billing-total-pages-extra-on-exact-multiple')
      ? // i20-billing-total-pages-extra-on-exact-multiple: the pages counted as whole pages plus one.
        Math.floor(all.length / size) + 1
      : Math.ceil(all.length / (faults.has('i8-billing-total-pages-default-size') ? BILLING_DEFAULT_SIZE : size));
    return {
      // Seeded fault: totalElements counts the rows of the page, not the reports of the window.
      content,
      number: Math.max(page, 0),
      size,
      totalElements: faults.has('billing-total-elements-of-page')
        ? content.length
        : // i23-billing-past-end-page-counts-zero: a page past the last counts the rows it holds (none) as the set.
          faults.has('i23-billing-past-end-page-counts-zero') && page > 0 && from >= all.length
          ? 0
          : // i6-billing-total-elements-counts-testing: the testing customers' reports counted though not listed.
            faults.has('i6-billing-total-elements-counts-testing')
            ? all.length +
              [...world.reports.reports.values()].filter(
                (r) => r.partnerId === path.partnerId && !r.billable && !all.includes(r) && r.createdDate >= start && r.createdDate <= last,
              ).length
            : all.length,
      totalPages,
      // i9-billing-number-of-elements-is-size: the size asked, not the rows of the page.
      numberOfElements: faults.has('i9-billing-number-of-elements-is-size') ? size : content.length,
      // i36-fd-billing-first-always-true: every page says it is the first.
      first: page <= 0 || faults.has('i36-fd-billing-first-always-true'),
      last: page >= totalPages - 1,
      // i37-fd-billing-empty-flag-of-whole-set: empty tells whether the whole set is empty, not this page.
      empty: faults.has('i37-fd-billing-empty-flag-of-whole-set') ? all.length === 0 : content.length === 0,
      // i33-fd-billing-pageable-offset-one-based: pageable.offset counted as if pages were numbered from one.
      pageable: {
        pageNumber: Math.max(page, 0),
        pageSize: size,
        offset: (Math.max(page, 0) + (faults.has('i33-fd-billing-pageable-offset-one-based') ? 1 : 0)) * size,
        paged: true,
        unpaged: false,
      },
    };
  });
}
