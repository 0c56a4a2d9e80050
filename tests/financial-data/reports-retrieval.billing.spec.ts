// Covers: getResellerBillingReport - seed 002, Report retrieval (200; 400, 401, 404; startDate and
// endDate integers, required, at most 31 days apart; size default 100, max 1000; page zero-based,
// default 0; viewTestingReports default false: only active customers' reports) and Resources
// (testing customers' reports are not billable). Above the size cap is a 400: this contract's
// assumption. The mock knows no reseller relations: another partner's billing is a 404 there.
import {
  expect,
  expectFdError,
  FD_CONTRACT,
  fdLimit,
  mockOnly,
  parameterDefault,
  parameterRange,
  rules,
  test,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { customerWithConsumer, makeReport } from './reports-retrieval.known.js';
import { problemsUnder } from '../../helpers/client/annotations.js';
import { BOTH, cite } from './cite.js';

const DAY_S = 86_400;
const nowS = (fd: { now: () => number }) => Math.floor(fd.now() / 1000);
// seed 002, Report retrieval and Limits: the window, the default and the largest page size (the contract's).
const WINDOW_DAYS = fdLimit('billingWindowDays');
const SIZE_DEFAULT = Number(parameterDefault(FD_CONTRACT, 'getResellerBillingReport', 'size'));
const SIZE_MAX = parameterRange(FD_CONTRACT, 'getResellerBillingReport', 'size').max!;
type Row = { reportId: string; reportType: string; customerId: number };

type Query = Record<string, string | number | boolean | undefined>;
/** The billing of the window `query`: the suite's partner's, or `partnerId`'s. */
function billing(fdApi: OperationClient, fd: { partner: { partnerId: string } }, query: Query, partnerId = fd.partner.partnerId) {
  return fdApi.call('getResellerBillingReport', { path: { partnerId }, query });
}
const idsOf = (body: { content: Row[] }) => body.content.map((r) => r.reportId);

/**
 * The counts of a billing page against the set they count (reference/financial-data.md, Page
 * counts: the provider's Spring-style page members): totalElements the reports of the window, totalPages
 * the pages of `size` they fill, the rows those of this page. A member left out is not checked (provider
 * 1.35.0 BillingResellerReport requires none). The page's number, size, first, last and pageable members
 * are compared with the page asked; numberOfElements and empty against the rows are the answer judge's (FD-BILLING-COUNTS).
 */
function countProblems(body: Record<string, unknown>, inWindow: number, size: number, page: number, what: string): string[] {
  const pages = Math.ceil(inWindow / size);
  const onPage = Math.max(0, Math.min(size, inWindow - page * size));
  const want: Record<string, number> = { totalElements: inWindow, totalPages: pages };
  // The page's own Spring members, each when given: its number and size, whether it is the first or the
  // last, and the pageable echo of the request (provider 1.35.0 BillingResellerReport, PageableObject).
  const pageable = (body.pageable ?? {}) as Record<string, unknown>;
  const said: [string, unknown, unknown][] = [
    ['number', body.number, page],
    ['size', body.size, size],
    ['first', body.first, page === 0],
    ['last', body.last, page >= pages - 1],
    ['pageable.pageNumber', pageable.pageNumber, page],
    ['pageable.pageSize', pageable.pageSize, size],
    ['pageable.offset', pageable.offset, page * size],
  ];
  return Object.entries(want)
    .filter(([k, v]) => body[k] !== undefined && Number(body[k]) !== v)
    .map(([k, v]) => `${what}: ${k} ${String(body[k])}, the set holds ${v}`)
    .concat(
      said
        .filter(([, got, v]) => got !== undefined && got !== v)
        .map(([k, got, v]) => `${what}: ${k} ${String(got)}, page ${page} of ${pages} says ${v}`),
    )
    .concat(
      (body.content as unknown[]).length === onPage ? [] : [`${what}: ${(body.content as unknown[]).length} rows, expected ${onPage}`],
    );
}

test(
  "billing lists the reports made in the window by the partner's active customers; testing customers' only with viewTestingReports=true @mock-only",
  mockOnly(
    rules('FD-BILLING-CONTENT', ...['FD-BILLING-TESTING', 'FD-BILLING-EDGES'].flatMap((r) => cite(r, [], BOTH)), 'FD-BILLING-COUNTS'),
    "needs the mock's harness route that makes reports of an active and a testing customer without accounts, and its virtual clock to move two days on: a sandbox reports only on linked accounts, and an active customer's report is billed to the partner",
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const active = await createCustomer('active');
    const testing = await createCustomer('testing');
    const billed = await makeReport(fdMock, active, 'voa');
    const notBilled = await makeReport(fdMock, testing, 'voi');
    const start = nowS(fd) - 5;
    await fdMock.advanceClock(2 * DAY_S);
    const later = await makeReport(fdMock, active, 'voa');
    const window = { startDate: start, endDate: start + DAY_S, size: SIZE_MAX };
    const ids = async (query: Query) => idsOf((await billing(fdApi, fd, query)).body);
    const byDefault = await billing(fdApi, fd, window);
    expect(byDefault.status).toBe(200);
    const listed = idsOf(byDefault.body);
    const row = byDefault.body.content.find((r: Row) => r.reportId === billed.id);
    expect(
      row && { reportType: row.reportType, customerId: String(row.customerId), lastFour: row.lastFourReportId },
      "the active customer's report, as made",
    ).toEqual({ reportType: 'voa', customerId: active, lastFour: billed.id.slice(-4) });
    expect(listed, "a report made after the window's end is not listed").not.toContain(later.id);
    // The window ends at endDate itself, not at the end of its day: a window ending a second before
    // the later report leaves it out, one ending at it lists it.
    const tight = { startDate: start, endDate: later.createdDate - 1, size: SIZE_MAX };
    expect(await ids(tight), 'a window ending a second before the report').not.toContain(later.id);
    expect(await ids({ ...tight, endDate: later.createdDate }), 'a window ending at the report').toContain(later.id);
    // provider 1.35.0 getResellerBillingReport startDate, the earliest date covered: the start edge is in the window too.
    const startingAt = { startDate: later.createdDate, endDate: later.createdDate + DAY_S, size: SIZE_MAX };
    expect(await ids(startingAt), 'a window starting at the report').toContain(later.id);
    const afterStart = await ids({ ...startingAt, startDate: later.createdDate + 1 });
    expect(afterStart, 'a window starting a second after the report').not.toContain(later.id);
    // Both edges at once: a window of one instant (startDate equal to endDate; seed 002 bounds the
    // range at 31 days only) is served and lists the report made at that second.
    const instant = await billing(fdApi, fd, { ...startingAt, endDate: later.createdDate });
    expect(instant.status, 'a window of one instant (startDate = endDate)').toBe(200);
    expect(idsOf(instant.body), 'a window of one instant, at the report').toContain(later.id);
    expect(listed, "seed 002: a testing customer's report is not billable (default viewTestingReports=false)").not.toContain(notBilled.id);
    expect(await ids({ ...window, viewTestingReports: false }), 'viewTestingReports=false').not.toContain(notBilled.id);
    const withTesting = await billing(fdApi, fd, { ...window, viewTestingReports: true });
    expect(idsOf(withTesting.body), 'viewTestingReports=true shows both').toEqual(expect.arrayContaining([billed.id, notBilled.id]));
    // Beyond the first page each filter holds: pages of as many reports as come before the testing
    // customer's in the window with them (the active one's, made first, when the list is oldest first),
    // so page 1 under viewTestingReports=true starts at that report and page 1 by default does not hold it.
    const cut = Math.max(1, idsOf(withTesting.body).indexOf(notBilled.id));
    const laterDefault = await billing(fdApi, fd, { ...window, size: cut, page: 1 });
    const laterTesting = await billing(fdApi, fd, { ...window, size: cut, page: 1, viewTestingReports: true });
    expect(
      { byDefault: idsOf(laterDefault.body), withTesting: idsOf(laterTesting.body) },
      'page 1 under each filter: the reports that filter lists there, in the order of its whole list',
    ).toEqual({ byDefault: listed.slice(cut, 2 * cut), withTesting: idsOf(withTesting.body).slice(cut, 2 * cut) });
    // The counts under each filter count what that filter lists (the first reads hold the whole set: size is the largest).
    expect(
      problemsUnder('FD-BILLING-COUNTS', [
        ...countProblems(byDefault.body, byDefault.body.content.length, SIZE_MAX, 0, 'active customers only'),
        ...countProblems(withTesting.body, withTesting.body.content.length, SIZE_MAX, 0, 'viewTestingReports=true'),
        ...countProblems(laterDefault.body, byDefault.body.content.length, cut, 1, 'active customers only, page 1'),
        ...countProblems(laterTesting.body, withTesting.body.content.length, cut, 1, 'viewTestingReports=true, page 1'),
      ]),
      'the counts of each filter',
    ).toEqual([]);
  },
);

// The window's edge in days (31 taken, 32 refused) on the run's day and over a month's end, a year's end and 29 February is the
// bounded windows' property (properties.windows.spec.ts); here its unit is the second, not the calendar day.
test(
  `a window of ${WINDOW_DAYS} days and an hour is a 400, though its dates are ${WINDOW_DAYS} calendar days apart`,
  rules('FD-BILLING-WINDOW:refuse'),
  async ({ fdApi, fd }) => {
    const endDate = nowS(fd);
    // Epoch seconds: the window and one hour is more than the window, though its dates are only
    // that many calendar days apart (the window ends at noon UTC of the day before, so the hour
    // never crosses a UTC midnight whatever the time of the run).
    const noon = Math.floor(endDate / DAY_S) * DAY_S - DAY_S / 2;
    const refusal = await billing(fdApi, fd, { startDate: noon - WINDOW_DAYS * DAY_S - 3600, endDate: noon });
    expectFdError(refusal, 400, `${WINDOW_DAYS} days and an hour`);
  },
);

test('startDate and endDate are required: without either it is a 400', rules('FD-BILLING-DATES-REQUIRED'), async ({ fdApi, fd }) => {
  const endDate = nowS(fd);
  const startDate = endDate - DAY_S;
  expect((await billing(fdApi, fd, { startDate, endDate })).status, 'both dates').toBe(200);
  expectFdError(await billing(fdApi, fd, { endDate }), 400, 'no startDate');
  // An endDate a day after the epoch: a target taking a missing startDate as 0 finds a window of one
  // day there (within the 31 days), so only the requirement itself refuses it.
  expectFdError(await billing(fdApi, fd, { endDate: DAY_S }), 400, 'no startDate, endDate a day after the epoch');
  expectFdError(await billing(fdApi, fd, { startDate }), 400, 'no endDate');
  // The same for endDate: a startDate a day before the largest safe integer is a window of a day up
  // to a missing endDate read as the farthest instant.
  const refused = await billing(fdApi, fd, { startDate: Number.MAX_SAFE_INTEGER - DAY_S });
  expectFdError(refused, 400, 'no endDate, startDate a day before the largest safe integer');
});

test(
  `size ${SIZE_MAX} is accepted and ${SIZE_MAX + 1} is a 400 @assumption`,
  rules('FD-BILLING-SIZE:accept', 'FD-BILLING-SIZE:refuse'),
  async ({ fdApi, fd }) => {
    const endDate = nowS(fd);
    const res = await billing(fdApi, fd, { startDate: endDate - DAY_S, endDate, size: SIZE_MAX });
    expect(res.status, `size ${SIZE_MAX}`).toBe(200);
    expect(res.body.content.length, `at most ${SIZE_MAX} rows`).toBeLessThanOrEqual(SIZE_MAX);
    expectFdError(await billing(fdApi, fd, { startDate: endDate - DAY_S, endDate, size: SIZE_MAX + 1 }), 400, `size ${SIZE_MAX + 1}`);
  },
);

test(
  `without size a page holds ${SIZE_DEFAULT} reports; pages are zero-based and page 0 is the default, a later page under the same window @mock-only`,
  mockOnly(
    rules('FD-BILLING-DEFAULT-SIZE', 'FD-BILLING-PAGE', 'FD-BILLING-COUNTS', 'FD-PAGE-KEEPS-QUERY'),
    "makes 101 reports through the mock's harness route: a sandbox generates reports only for linked accounts, and that many would spend the partner's report allowance",
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const customerId = await createCustomer('active');
    // The window must hold this test's reports only: a report an earlier check of the worker dated
    // at or after the clock (one that ended while that check moved the clock on) is passed first.
    const ahead = await billing(fdApi, fd, { startDate: nowS(fd), endDate: nowS(fd) + 30 * DAY_S, size: SIZE_MAX });
    const latest = Math.max(0, ...((ahead.body?.content ?? []) as { createdDate?: number }[]).map((r) => Number(r.createdDate ?? 0)));
    if (latest >= nowS(fd)) await fdMock.advanceClock(latest - nowS(fd) + 1);
    const startDate = nowS(fd);
    const made: string[] = [];
    for (let i = 0; i <= SIZE_DEFAULT; i++) made.push((await makeReport(fdMock, customerId, 'voa')).id);
    const window = { startDate, endDate: startDate + 60 };
    const all = await billing(fdApi, fd, { ...window, size: SIZE_MAX });
    expect(idsOf(all.body), `the ${made.length} reports made`).toEqual(expect.arrayContaining(made));
    const byDefault = await billing(fdApi, fd, window);
    expect(byDefault.body.content, `seed 002: size default ${SIZE_DEFAULT} (more than that in the window)`).toHaveLength(SIZE_DEFAULT);
    const first = await billing(fdApi, fd, { ...window, size: 1 });
    const page0 = await billing(fdApi, fd, { ...window, size: 1, page: 0 });
    const page1 = await billing(fdApi, fd, { ...window, size: 1, page: 1 });
    expect(idsOf(first.body), 'no page is page 0').toEqual(idsOf(page0.body));
    expect([idsOf(page0.body), idsOf(page1.body)], 'page 0 is the first report of the window, page 1 the second').toEqual([
      [idsOf(all.body)[0]],
      [idsOf(all.body)[1]],
    ]);
    // Page 1 keeps the window: its report one made for the test, as the page of the largest size gives it, member for member.
    expect(page1.body.content, 'size 1, page 1: the report as the largest page gives it').toEqual([all.body.content[1]]);
    expect(made, 'size 1, page 1: a report of the window').toContain(idsOf(page1.body)[0]);
    // The counts of every page read, and of the page past the last, against the window's set.
    const inWindow = all.body.content.length;
    const lastPage = Math.ceil(inWindow / SIZE_DEFAULT);
    const past = await billing(fdApi, fd, { ...window, page: lastPage });
    expect(past.status, 'the page past the last').toBe(200);
    // Page 1 of the default size: the reports after the first 100, in the order of the largest page.
    const laterDefault = await billing(fdApi, fd, { ...window, page: 1 });
    expect(idsOf(laterDefault.body), `default size, page 1: the reports after the first ${SIZE_DEFAULT}`).toEqual(
      idsOf(all.body).slice(SIZE_DEFAULT, 2 * SIZE_DEFAULT),
    );
    expect(
      problemsUnder('FD-BILLING-COUNTS', [
        ...countProblems(all.body, inWindow, SIZE_MAX, 0, `size ${SIZE_MAX}`),
        ...countProblems(byDefault.body, inWindow, SIZE_DEFAULT, 0, 'default size'),
        ...countProblems(page1.body, inWindow, 1, 1, 'size 1, page 1'),
        ...countProblems(laterDefault.body, inWindow, SIZE_DEFAULT, 1, 'default size, page 1'),
        ...countProblems(past.body, inWindow, SIZE_DEFAULT, lastPage, `default size, page ${lastPage}`),
      ]),
      `the counts of each page against the ${inWindow} reports of the window`,
    ).toEqual([]);
  },
);

// A partner the caller does not resell for: the seed names no status, the provider's example is a 400
// (ResellerPartnerNotAuthorized), the mock answers 404; either of the seed's documented refusals passes.
test(
  'an unknown partner is a 404; a partner the caller does not resell for is a 400 or a 404',
  rules('FD-BILLING-PARTNER'),
  async ({ fdApi, fd }) => {
    const endDate = nowS(fd);
    const window = { startDate: endDate - DAY_S, endDate };
    expectFdError(await billing(fdApi, fd, window, '9999999999999'), 404, 'unknown partner');
    if (!fd.control || !fd.sparePartner) return;
    const other = await billing(fdApi, fd, window, fd.sparePartner.partnerId);
    expect([400, 404], 'another partner (no reseller relation)').toContain(other.status);
    expectFdError(other, other.status, 'another partner (no reseller relation)');
  },
);

/** Report kinds the mock makes (its generate operations' kinds), each billed alike. */
const KINDS = [
  'voa',
  'voaHistory',
  'voi',
  'transactions',
  'statement',
  'voePayroll',
  'voeTransactions',
  'voiePayroll',
  'paystatement',
  'cfrb',
];

test(
  'each billing row agrees with the report as its reader answers it, for every report kind, a consumer report and a customer report alike, in progress and ended (success or failure) @mock-only',
  mockOnly(
    rules('FD-BILLING-CONTENT'),
    "needs the mock's report outcome switch (half the reports fail) and its harness route that makes a report of every kind: a sandbox decides a report's outcome itself",
  ),
  async ({ fdApi, fd, fdMock, createCustomer }) => {
    const withConsumer = (await customerWithConsumer(fdApi, createCustomer, 'active')).customerId;
    const customerOnly = await createCustomer('active');
    const start = nowS(fd) - 5;
    const made: { id: string; customerId: string; what: string }[] = [];
    for (const [subject, customerId] of [
      ['consumer report', withConsumer],
      ['customer report', customerOnly],
    ] as const)
      for (const [i, kind] of KINDS.entries()) {
        const r = await makeReport(fdMock, customerId, kind);
        if (i % 2 === 1) await fdMock.reportOutcome(r.id, 'failure');
        made.push({ id: r.id, customerId, what: `${subject} ${kind} ${r.id}` });
      }
    // A row gives what the reader gives under the billing's names (provider 1.35.0 BillingReport:
    // nothing required, so each member is compared where the row gives it; lastFourReportId: the answer judge's).
    const disagreements = async (when: string) => {
      const page = await billing(fdApi, fd, { startDate: start, endDate: start + DAY_S, size: SIZE_MAX });
      expect(page.status, `billing ${when}`).toBe(200);
      const out: string[] = [];
      for (const m of made) {
        const read = await fdApi.call('GetReportByCustomer', { path: { customerId: m.customerId, reportId: m.id } });
        expect(read.status, `${m.what} read ${when}`).toBe(200);
        const row = (page.body.content as Record<string, unknown>[]).find((r) => r.reportId === m.id);
        const { type: reportType, status, customerId, consumerId, createdDate } = read.body;
        if (!row) out.push(`${m.what} ${when}: no billing row`);
        else
          for (const [k, v] of Object.entries({ reportType, status, customerId: String(customerId), consumerId, createdDate }))
            if (row[k] !== undefined && String(row[k]) !== String(v))
              out.push(`${m.what} ${when}: ${k} ${JSON.stringify(row[k])} in billing, ${JSON.stringify(v)} read`);
      }
      return out;
    };
    const inProgress = await disagreements('in progress');
    await fdMock.advanceClock(60);
    expect([...inProgress, ...(await disagreements('ended'))], 'each billing row as the report reads').toEqual([]);
  },
);
