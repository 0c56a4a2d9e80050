// Covers: every window stated relative to an event is anchored to it and counted in its unit (FD-PROP-WINDOW-ANCHOR; seed
// 002, Transactions and Limits: standard history 180 days before the account was added, historic load 24 months; Decisioning
// reports and Limits: VOA 12 months, VOAI 61 days, VOI two years, a transactions report 24 months; Report retrieval: billing
// 31 days): the `x-limits` anchors, read on a 20 December and 42 days on; transaction lists over 24 months (seed 002). Every
// window a request's own dates bound (anchor window-end: FD-TXREPORT-WINDOW, FD-BILLING-WINDOW) is taken at its exact edge and
// refused a day beyond it, on the run's day and on fixed calendar scenarios: a month's end, a year's end, 29 February.
import { expect, expectFdError, mockOnly, ownLinkedCustomer, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import type { ApiResponse } from '../../helpers/client/client.js';
import { FD_CONTRACT } from './security.known.js';
import {
  DAY_S,
  ensureConsumer,
  generatedAll,
  knownTransactions,
  loadHistory,
  monthsBefore,
  reportTransactions,
} from './reports-assets.known.js';
import { countRule } from '../shared/property.js';
import { problemsUnder } from '../../helpers/client/annotations.js';

const RULE = 'FD-PROP-WINDOW-ANCHOR';
const MOVE_DAYS = 42;
/** The windows of the contract: an x-limits entry with an anchor, its unit by its name. */
const WINDOWS = Object.entries<any>(FD_CONTRACT.document['x-limits'] ?? {})
  .filter(([, e]) => typeof e?.anchor === 'string')
  .map(([name, e]) => ({ name, anchor: String(e.anchor), value: Number(e.value), unit: /Months$/.test(name) ? 'months' : 'days' }));
/** The start of a window of `w` ending at `s`, counted in its unit. */
const startOf = (w: { value: number; unit: string }, s: number) => (w.unit === 'months' ? monthsBefore(s, w.value) : s - w.value * DAY_S);
/** The window each report generation reads (seed 002, Decisioning reports): its operation and the entry of its length. */
const REPORTS = [
  { op: 'GenerateVOAReport', window: 'voaHistoryMonths' },
  { op: 'GenerateVOAWithIncomeReport', window: 'voaiDefaultHistoryDays' },
  { op: 'GenerateVOIReport', window: 'voiHistoryMonths' },
] as const;
/** The operations each anchor's harness reads its windows through. */
const HARNESSED: Record<string, string[]> = {
  'account-added': ['GetAllCustomerTransactions', 'GetCustomerAccountTransactions'],
  'report-created': [...REPORTS.map((r) => r.op), 'GetReportById'],
  'window-end': ['GenerateTransactionsReport', 'getResellerBillingReport'],
};

/**
 * The windows a request's own dates bound (anchor window-end), each with the rule stating its edge and how a window is asked:
 * seed 002, Transactions ("at most 24 months between fromDate and toDate") and Report retrieval (startDate "range to endDate at
 * most 31 days"); a refusal is a 400 (seed 002, Errors; both rules' texts).
 */
const BOUNDED: Record<
  string,
  { rule: string; op: string; taken: number; ask: (w: Asking, from: number, to: number) => Promise<ApiResponse> }
> = {
  transactionsReportMonths: {
    rule: 'FD-TXREPORT-WINDOW',
    op: 'GenerateTransactionsReport',
    taken: 202,
    ask: ({ fdApi, customerId }, fromDate, toDate) =>
      fdApi.call('GenerateTransactionsReport', { path: { customerId }, query: { fromDate, toDate }, body: {} }),
  },
  billingWindowDays: {
    rule: 'FD-BILLING-WINDOW',
    op: 'getResellerBillingReport',
    taken: 200,
    ask: ({ fdApi, partnerId }, startDate, endDate) =>
      fdApi.call('getResellerBillingReport', { path: { partnerId }, query: { startDate, endDate, size: 10, page: 0 } }),
  },
};
/** What a bounded window's call needs: the client, a customer of the check's, the suite's partner. */
type Asking = { fdApi: OperationClient; customerId: string; partnerId: string };
/**
 * The fixed calendar scenarios every bounded window is judged on (at noon UTC, so no zone moves a day), besides the run's day:
 * each end, what it tells. 24 months are 730 days or 731 across a 29 February, 31 days reach over a month of 28, 29, 30 or 31;
 * a count in the other unit, or in a year without its leap day, is off on one side of one of them.
 */
const CALENDAR_ENDS: readonly (readonly [string, string])[] = [
  ['2025-04-30', "a 30-day month's end"],
  ['2025-03-03', "early March: back over February's end (28 days)"],
  ['2023-12-31', "a year's end (24 months of 730 days: no 29 February in them)"],
  ['2025-01-15', "mid-January: back over the year's end"],
  ['2024-02-29', '29 February itself'],
  ['2024-03-15', 'mid-March of a leap year: back over 29 February (24 months of 731 days; 31 days into February)'],
];
/**
 * A window's exact edge before `to` and the instant a day beyond it. A month window whose day the start month lacks (29 February
 * less 24 months) is read either way: clamped to the month's last day, or the first day from which the months reach `to`;
 * its edge is then the later reading and a day beyond the earlier one, refused by both.
 */
function edgeOf(w: { value: number; unit: string }, to: number): { inside: number; outside: number } {
  const start = startOf(w, to);
  if (w.unit !== 'months' || new Date(start * 1000).getUTCDate() === new Date(to * 1000).getUTCDate())
    return { inside: start, outside: start - DAY_S };
  const d = new Date(start * 1000);
  return { inside: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 12) / 1000, outside: start - DAY_S };
}

for (const w of WINDOWS.filter((x) => x.anchor === 'window-end')) {
  const bound = BOUNDED[w.name];

  test(
    `${bound?.op ?? w.name}: a window of exactly ${w.value} ${w.unit} is taken and one a day longer refused with 400, on the run's day, over a month's end, a year's end and 29 February`,
    rules(`${bound?.rule ?? RULE}:accept`, `${bound?.rule ?? RULE}:refuse`),
    async ({ fdApi, fd, fdEntities }) => {
      expect(bound, `${w.name}: the window-end window has a harness (BOUNDED)`).toBeDefined();
      const { rule, op, taken, ask } = bound!;
      const asking = { fdApi, customerId: fdEntities.customerId, partnerId: fd.partner.partnerId };
      const show = (s: number) => new Date(s * 1000).toISOString().slice(0, 19);
      const ends = [
        [Math.floor(fd.now() / 1000), "the run's day"] as const,
        ...CALENDAR_ENDS.map(([day, what]) => [Date.parse(`${day}T12:00:00Z`) / 1000, `${day}, ${what}`] as const),
      ];
      const problems: string[] = [];
      for (const [to, what] of ends) {
        const { inside, outside } = edgeOf(w, to);
        const accepted = await ask(asking, inside, to);
        if (accepted.status !== taken)
          problems.push(`${show(inside)} to ${show(to)} (${what}), ${w.value} ${w.unit}: HTTP ${accepted.status}, not ${taken}`);
        const refused = await ask(asking, outside, to);
        if (refused.status !== 400)
          problems.push(`${show(outside)} to ${show(to)} (${what}), ${w.value} ${w.unit} and a day: HTTP ${refused.status}, not 400`);
        else expectFdError(refused, 400, `${w.value} ${w.unit} and a day (${what})`);
      }
      expect(problemsUnder(rule, problems), `${op}: the window's edge, in ${w.unit}`).toEqual([]);
    },
  );
}

test('every window the contract states relative to an event names an anchor the check has a harness for', rules(RULE), () => {
  expect(WINDOWS.map((w) => w.name).sort()).toEqual([
    'billingWindowDays',
    'historicLoadDays',
    'standardHistoryDays',
    'transactionsReportMonths',
    'voaHistoryMonths',
    'voaiDefaultHistoryDays',
    'voaiHistoryMonths',
    'voiHistoryMonths',
  ]);
  expect(WINDOWS.filter((w) => !HARNESSED[w.anchor]).map((w) => `${w.name}: ${w.anchor}`)).toEqual([]);
  // Calendar months: 20 December less 12 months is 20 December, not the 25th (30-day months) nor the 21st after a leap year.
  expect(new Date(startOf({ value: 12, unit: 'months' }, Date.parse('2028-12-20T12:00:00Z') / 1000) * 1000).toISOString()).toBe(
    '2027-12-20T12:00:00.000Z',
  );
});

test(
  'every window is anchored to its event and counted in its unit, read again after the clock passed a month’s and a year’s end @mock-only',
  mockOnly(rules(RULE), "needs the mock's clock set to a December and moved past the year's end, and accounts linked at that time"),
  async ({ fdApi, fd, fdPowers, createCustomer, pollReport }, testInfo) => {
    test.setTimeout(testInfo.timeout + 120_000);
    const problems: string[] = [];
    const look = (ok: boolean, what: string) => void (ok || problems.push(what));
    // The next 20 December at least two days ahead of the target's now (the clock only moves forward).
    const nowMs = fd.now();
    const year = new Date(nowMs + 2 * 86_400_000).getUTCFullYear();
    const december = Date.parse(`${year}-12-20T12:00:00Z`);
    const at = december > nowMs + 86_400_000 ? december : Date.parse(`${year + 1}-12-20T12:00:00Z`);
    await fdPowers.setClock(at);
    const t0 = Math.floor(fd.now() / 1000);

    // The account added now: standard history, read over more than 24 months (the window has no limit).
    const linked = await ownLinkedCustomer(fdPowers, createCustomer);
    const { customerId } = linked;
    const added = Math.min(...linked.accounts.map((a) => Number(a.createdDate ?? t0)));
    const standard = WINDOWS.find((w) => w.name === 'standardHistoryDays')!;
    const historic = WINDOWS.find((w) => w.name === 'historicLoadDays')!;
    const ids = (ts: { id: number }[]) => JSON.stringify(ts.map((t) => t.id).sort((a, b) => a - b));
    const before = await knownTransactions(fdApi, customerId, t0);
    look(before.length > 0, 'the linked customer lists transactions over a window of 26 months (no limit on the window)');
    const oldestStandard = Math.min(...before.map((t) => t.postedDate));
    look(
      oldestStandard >= startOf(standard, added) - DAY_S,
      `standard history reaches ${new Date(oldestStandard * 1000).toISOString()}, before ${standard.value} days before the account was added`,
    );
    // Past the month's and the year's end: standard history still counts from the account's addition.
    await fdPowers.advanceClock(MOVE_DAYS * DAY_S);
    const t1 = Math.floor(fd.now() / 1000);
    const moved = await knownTransactions(fdApi, customerId, t0);
    look(
      ids(moved) === ids(before),
      `${MOVE_DAYS} days later the lists show another standard history (${moved.length} of ${before.length})`,
    );

    await ensureConsumer(fdApi, customerId);
    await loadHistory(
      fdApi,
      customerId,
      linked.accounts.filter((a) => a.status === 'active'),
    );
    const loaded = await knownTransactions(fdApi, customerId, t0);
    const oldest = Math.min(...loaded.map((t) => t.postedDate));
    look(oldest < oldestStandard, 'the historic load reaches further back than standard history');
    look(
      oldest >= startOf(historic, added) - DAY_S,
      `the historic load reaches ${new Date(oldest * 1000).toISOString()}, before ${historic.value} days before the account was added`,
    );

    // The reports created at the month's end, each read at once: its window counted back from its creation.
    const reports = await generatedAll(
      fdApi,
      pollReport,
      REPORTS.map((r) => ({ op: r.op, options: { path: { customerId }, body: {} } })),
    );
    const shown = reports.map(({ ack, report }, i) => {
      const w = WINDOWS.find((x) => x.name === REPORTS[i].window)!;
      const created = Number(ack.createdDate ?? report.createdDate);
      const listed = reportTransactions(report);
      const older = listed.filter((t) => t.postedDate < startOf(w, created) - DAY_S);
      look(older.length === 0, `${REPORTS[i].op}: ${older.length} transactions before ${w.value} ${w.unit} before the report was created`);
      const accounts = new Set(listed.map((t) => t.accountId));
      const missing = loaded.filter(
        (t) =>
          !t.pending &&
          accounts.has(t.accountId) &&
          t.postedDate >= startOf(w, created) + DAY_S &&
          t.postedDate <= created &&
          !listed.some((r) => r.id === t.id),
      );
      look(missing.length === 0, `${REPORTS[i].op}: ${missing.length} transactions of its ${w.value} ${w.unit} not shown`);
      return { id: String(ack.id), ids: ids(listed) };
    });

    // Again past a month's end: the loaded history and every report read as they were.
    await fdPowers.advanceClock(MOVE_DAYS * DAY_S);
    const later = await knownTransactions(fdApi, customerId, t0);
    look(ids(later) === ids(loaded), `${MOVE_DAYS} days later the loaded history lists ${later.length} of ${loaded.length} transactions`);
    for (const [i, s] of shown.entries()) {
      const read = await fdApi.call('GetReportById', { path: { reportId: s.id }, query: { purpose: '31' }, body: { purpose: '31' } });
      expect(read.status, `GetReportById ${REPORTS[i].op}`).toBe(200);
      look(ids(reportTransactions(read.body)) === s.ids, `${REPORTS[i].op}: read ${MOVE_DAYS} days later it shows another window`);
    }
    const txMonths = WINDOWS.find((w) => w.name === 'transactionsReportMonths')!;
    const whole = await fdApi.call('GenerateTransactionsReport', {
      path: { customerId },
      query: { fromDate: startOf(txMonths, t1), toDate: t1 },
      body: {},
    });
    look(whole.status === 202, `a transactions report of ${txMonths.value} months ending ${MOVE_DAYS} days ago: HTTP ${whole.status}`);
    const billing = WINDOWS.find((w) => w.name === 'billingWindowDays')!;
    const billed = await fdApi.call('getResellerBillingReport', {
      path: { partnerId: fd.partner.partnerId },
      query: { startDate: startOf(billing, t1), endDate: t1, size: 10, page: 0 },
    });
    look(billed.status === 200, `a billing window of ${billing.value} days ending ${MOVE_DAYS} days ago: HTTP ${billed.status}`);

    const ops = [...new Set(WINDOWS.flatMap((w) => HARNESSED[w.anchor] ?? []))];
    countRule('windows-anchored', RULE, { applies: ops, checked: ops });
    expect(problems).toEqual([]);
  },
);
