// Covers: the content of successful cash flow, balance analytics, cash flow analytics, payment
// history and foresight reports, read through GetReportByCustomer (polled every 20 s) - against
// known answers read through GetCustomerAccount and GetCustomerAccountTransactions (posted
// transactions) of the same linked customer. Seed 002 (the account types each report reads);
// provider 1.35.0 (cash flow "for all checking and savings"; "up to two years of transaction
// history"; the field names of the reports). Windows start 90 days back, inside the standard
// history every reader shows.
import {
  changesLinkedCustomer,
  expect,
  rules,
  test,
  type OperationClient,
  type FdOperationId,
  type PollReportFn,
} from '../../fixtures/financial-data.js';
import {
  addConsumerAndBusiness,
  DAY_S,
  DEPOSIT_OPS,
  NON_CRA,
  periodsOf,
  postedTransactions,
  reportAccounts,
  requestOf,
  sum,
} from './reports-analytics.known.js';
import { expectComponent, generatedAll as generatedReports } from './reports.known.js';
import type { Contract } from '../../helpers/contract/contract.js';

type Linked = { customerId: string; accounts: { id: string; type: string }[] };
const idsOf = (linked: Linked, types: string[]) =>
  linked.accounts
    .filter((a) => types.includes(a.type))
    .map((a) => a.id)
    .sort();
const reportIds = (content: unknown) =>
  reportAccounts(content)
    .map((a) => String(a.id))
    .sort();

/**
 * Generates the reports `days` back (90 by default) for the linked customer (with a consumer and a
 * business), all first, then polls them together to success; every analytics attribute named.
 */
async function generatedAll(
  fdApi: OperationClient,
  pollReport: PollReportFn,
  fd: { now: () => number },
  fdContract: Contract,
  linked: Linked,
  ops: FdOperationId[],
  days = 90,
) {
  const fromS = Math.floor(fd.now() / 1000) - days * DAY_S;
  const asked = ops.map((op) => ({ op, options: requestOf(op, linked.customerId, { body: { fromDate: fromS } }) }));
  return (await generatedReports(fdApi, pollReport, asked)).map(({ op, ack, report }) => {
    expectComponent(
      fdContract,
      op.startsWith('GenerateCashFlow') ? 'CashFlowReportContent' : 'AnalyticsReportContent',
      report,
      `${op}: the content keeps the contract`,
    );
    expect(report.startDate, `${op}: the window starts at fromDate`).toBe(fromS);
    expectAttributesNamed(op, report);
    return { op, fromS, toS: Number(ack.createdDate), ack, content: report };
  });
}
/**
 * provider 1.35.0 TransactionalAttribute / StateAttribute: attributeName is the "Name of Attribute as
 * mentioned in Data Dictionary", so every attribute of every account's analytics carries a name.
 */
function expectAttributesNamed(op: string, content: unknown) {
  const unnamed = reportAccounts(content).flatMap((a) =>
    [...(a.analytics?.transactionalAttributes ?? []), ...(a.analytics?.stateAttributes ?? [])]
      .filter((attr: any) => typeof attr.attributeName !== 'string' || attr.attributeName.trim() === '')
      .map((attr: any) => `account ${a.id}: ${JSON.stringify(attr.attributeName)}`),
  );
  expect(unnamed, `${op}: every analytics attribute is named`).toEqual([]);
  // provider 1.35.0 StateTimeInterval: timeIntervalType is required, a TimeIntervalTypeEnum (its
  // description allows MONTHLY_CALENDAR and MONTHLY_ROLLING_30; the report examples add HISTORICALLY).
  const intervalTypes = ['MONTHLY_CALENDAR', 'MONTHLY_ROLLING_30', 'HISTORICALLY'];
  const untyped = reportAccounts(content).flatMap((a) =>
    [...(a.analytics?.transactionalAttributes ?? []), ...(a.analytics?.stateAttributes ?? [])].flatMap((attr: any) =>
      [...(attr.aggregatedByTimePeriods ?? []), ...(attr.reportedByTimePeriods ?? [])]
        .filter((t: any) => !intervalTypes.includes(t.timeIntervalType))
        .map((t: any) => `account ${a.id} ${attr.attributeName}: ${JSON.stringify(t.timeIntervalType)}`),
    ),
  );
  expect(untyped, `${op}: every time interval names its type`).toEqual([]);
}

/**
 * provider 1.35.0 ForesightAnalyticsReportData.analytics: "If it is null, default to benchmarking and
 * forecasting" (these requests send none): each transactional attribute gives its projected values
 * (TransactionalAttribute.projectedValues) and each of its time intervals its cohort benchmark
 * periods (cohortBenchmarkPeriods), as the provider's examples show, empty or not.
 */
function expectForecastsAndBenchmarks(what: string, content: unknown) {
  const attrs = reportAccounts(content).flatMap((a) =>
    ((a.analytics?.transactionalAttributes ?? []) as any[]).map((attr) => ({ account: a.id, attr })),
  );
  expect(attrs.length, `${what}: transactional attributes`).toBeGreaterThan(0);
  const missing = attrs.flatMap(({ account, attr }) => [
    ...(Array.isArray(attr.projectedValues) ? [] : [`account ${account} ${attr.attributeName}: no projectedValues`]),
    ...((attr.aggregatedByTimePeriods ?? []) as any[])
      .filter((t) => !Array.isArray(t.cohortBenchmarkPeriods))
      .map((t) => `account ${account} ${attr.attributeName} ${t.timeIntervalType}: no cohortBenchmarkPeriods`),
  ]);
  expect(missing, `${what}: without analytics, it forecasts and benchmarks`).toEqual([]);
}

/** A report's account of that id. */
const accountIn = (content: unknown, id: string) => reportAccounts(content).find((a) => String(a.id) === id);
/** The count and sum of analytics periods, and of the transactions they count. */
const periodTotals = (periods: any[]) => ({
  count: periods.reduce((n, p) => n + Number(p.count), 0),
  sum: sum(periods.map((p) => Number(p.sum ?? 0))),
});
const txTotals = (txs: { amount: number }[]) => ({ count: txs.length, sum: sum(txs.map((t) => t.amount)) });

/** The first checking and savings account of the linked customer. */
const deposit = (linked: Linked) => ['checking', 'savings'].map((type) => linked.accounts.find((a) => a.type === type)!);

/**
 * provider 1.35.0 CashFlowCashFlowCreditSummary / CashFlowCashFlowDebitSummary: a summary the report
 * gives (optional on CashFlowReport) holds its monthly summaries (required), each month's count and
 * total those of every account's month summed ("for all accounts").
 */
function expectSummariesAddUp(op: string, content: any) {
  const accounts = reportAccounts(content);
  for (const kind of ['Credit', 'Debit']) {
    const [summary, list, ofAccount] = [`cashFlow${kind}Summary`, `monthlyCashFlow${kind}Summaries`, `cashFlow${kind}`];
    const [perAccount, count, total] = [`monthlyCashFlow${kind}s`, `numberOf${kind}s`, `total${kind}sAmount`];
    if (content[summary] === undefined) continue;
    const months = content[summary][list] as any[] | undefined;
    expect(Array.isArray(months), `${op}: ${summary} holds ${list}`).toBe(true);
    const monthsOf = (a: any) => (a[ofAccount]?.[perAccount] ?? []) as any[];
    const expected = [...new Set(accounts.flatMap((a) => monthsOf(a).map((m) => Number(m.month))))]
      .sort((a, b) => a - b)
      .map((month) => {
        const same = accounts.flatMap((a) => monthsOf(a).filter((m) => Number(m.month) === month));
        return { month, count: same.reduce((n, m) => n + Number(m[count]), 0), total: sum(same.map((m) => Number(m[total]))) };
      });
    const given = months!
      .map((m) => ({ month: Number(m.month), count: Number(m[count]), total: Number(m[total]) }))
      .sort((a, b) => a.month - b.month);
    expect(given, `${op}: ${list}, each month summed over the accounts`).toEqual(expected);
  }
}

test.describe('report content', () => {
  test.beforeEach(async ({ fdApi, linkedCustomer }) => {
    // The reports needing a consumer or a business find them (the linked customer has neither).
    await addConsumerAndBusiness(fdApi, linkedCustomer.customerId);
  });

  test(
    'the cash flow reports read exactly the checking and savings accounts, with the posted transactions of the window and monthly credits and debits adding up to them @provider',
    rules('FD-CASHFLOW-CONTENT@content', 'FD-ANALYTICS-HISTORY-WINDOW:accept@content'),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const ops = ['GenerateCashFlowBusinessReport', 'GenerateCashFlowPersonalReport'] as const;
      for (const { op, fromS, toS, content } of await generatedAll(fdApi, pollReport, fd, fdContract, linkedCustomer, [...ops])) {
        expect(reportIds(content), `${op}: the accounts read`).toEqual(idsOf(linkedCustomer, ['checking', 'savings']));
        for (const account of deposit(linkedCustomer)) {
          const known = await postedTransactions(fdApi, linkedCustomer.customerId, account.id, fromS, toS);
          const read = accountIn(content, account.id);
          const shownIds = (read.transactions as any[]).map((t) => String(t.id)).sort();
          expect(shownIds, `${op}: the ${account.type} account's transactions`).toEqual(known.map((t) => String(t.id)).sort());
          const monthly = (read.cashFlowCredit?.monthlyCashFlowCredits ?? []) as any[];
          expect(sum(monthly.map((m) => Number(m.totalCreditsAmount))), `${op}: the ${account.type} account's monthly credits`).toBe(
            sum(known.filter((t) => t.amount > 0).map((t) => t.amount)),
          );
          // provider 1.35.0 CashFlowMonthlycashflowDebits: totalDebitsAmount, the total of the month's
          // debits, signed as the debits themselves (its examples: -12345, largestDebit -2000).
          const debits = (read.cashFlowDebit?.monthlyCashFlowDebits ?? []) as any[];
          expect(sum(debits.map((m) => Number(m.totalDebitsAmount))), `${op}: the ${account.type} account's monthly debits`).toBe(
            sum(known.filter((t) => t.amount < 0).map((t) => t.amount)),
          );
        }
        expectSummariesAddUp(op, content);
      }
    },
  );

  test(
    "balance analytics closes each account's last month at its balance, and each month's change is the sum of its posted transactions @assumption",
    rules('FD-ANALYTICS-BALANCE-CONTENT@content', 'FD-ANALYTICS-HISTORY-WINDOW:accept@content'),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const [{ fromS, toS, content }] = await generatedAll(fdApi, pollReport, fd, fdContract, linkedCustomer, [
        'GenerateBalanceAnalyticsReport',
      ]);
      expect(reportIds(content), 'every checking and savings account is analysed').toEqual(idsOf(linkedCustomer, ['checking', 'savings']));
      for (const account of deposit(linkedCustomer)) {
        const balance = (await fdApi.call('GetCustomerAccount', { path: { customerId: linkedCustomer.customerId, accountId: account.id } }))
          .body.balance;
        const known = await postedTransactions(fdApi, linkedCustomer.customerId, account.id, fromS, toS);
        const periods = periodsOf(accountIn(content, account.id).analytics, 'ASSET_BALANCE');
        expect(periods.at(-1).endingValue, `the ${account.type} account's last month closes at its balance`).toBe(balance);
        const changes = periods.map((p) => sum([p.endingValue, -p.beginningValue]));
        const day = (t: { postedDate: number }) => new Date(t.postedDate * 1000).toISOString().slice(0, 10);
        const expected = periods.map((p) => sum(known.filter((t) => day(t) >= p.startDate && day(t) <= p.endDate).map((t) => t.amount)));
        expect(changes, `the ${account.type} account's monthly change`).toEqual(expected);
      }
    },
  );

  test(
    "cash flow analytics counts each account's credits as CASH_INFLOW, its debits as CASH_OUTFLOW and sums all its posted transactions as NET_CASH_FLOW @assumption",
    rules('FD-ANALYTICS-CASHFLOW-CONTENT@content', 'FD-ANALYTICS-HISTORY-WINDOW:accept@content'),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const [{ fromS, toS, content }] = await generatedAll(fdApi, pollReport, fd, fdContract, linkedCustomer, [
        'GenerateCashflowAnalyticsReport',
      ]);
      expect(reportIds(content), 'every checking and savings account is analysed').toEqual(idsOf(linkedCustomer, ['checking', 'savings']));
      for (const account of deposit(linkedCustomer)) {
        const known = await postedTransactions(fdApi, linkedCustomer.customerId, account.id, fromS, toS);
        const analytics = accountIn(content, account.id).analytics;
        for (const [name, pick] of [
          ['CASH_INFLOW', (a: number) => a > 0],
          ['CASH_OUTFLOW', (a: number) => a < 0],
        ] as const) {
          const wanted = known.filter((t) => pick(t.amount));
          expect(periodTotals(periodsOf(analytics, name)), `the ${account.type} account's ${name}`).toEqual(txTotals(wanted));
        }
        // NET_CASH_FLOW (provider 1.35.0 cash flow analytics stateAttributes): the periods' sums add up to
        // the window's posted transactions, signed. Its count is not compared: the provider's examples
        // count the days of a period there (31 for January), the mock its transactions.
        const netFlow = sum(periodsOf(analytics, 'NET_CASH_FLOW').map((p) => Number(p.sum ?? 0)));
        expect(netFlow, `the ${account.type} account's NET_CASH_FLOW`).toBe(sum(known.map((t) => t.amount)));
      }
    },
  );

  test(
    "payment history's CASH_OUTFLOW counts and sums each account's debits of the window @assumption",
    // The zero-amount test transactions change the linked customer: on a sandbox this check holds it alone.
    changesLinkedCustomer(rules('FD-PAYHIST-CONTENT@content', 'FD-ANALYTICS-HISTORY-WINDOW:accept@content')),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const pathOf = (account: { id: string }) => ({ customerId: linkedCustomer.customerId, accountId: account.id });
      // A window longer than a year: the outflows of the older months count too.
      for (const account of deposit(linkedCustomer))
        await fdApi.call('LoadHistoricTransactionsForCustomerAccount', { path: pathOf(account), body: { force: false } });
      // A transaction of 0.00 is no debit (provider 1.35.0 Transaction.amount: "withdrawals and debits
      // are negative values"): one a day old on each account must not be counted as a payment.
      const dayAgo = Math.floor(fd.now() / 1000) - DAY_S;
      for (const account of deposit(linkedCustomer)) {
        const zero = { amount: 0, description: 'Zero amount adjustment', transactionDate: dayAgo, postedDate: dayAgo };
        const made = await fdApi.call('CreateTxPushTestTransaction', { path: pathOf(account), body: zero });
        expect(made.status, `a 0.00 transaction is added to the ${account.type} account; body ${made.text.slice(0, 200)}`).toBe(201);
      }
      const ops: FdOperationId[] = ['GeneratePaymentHistoryReport'];
      const [{ fromS, toS, content }] = await generatedAll(fdApi, pollReport, fd, fdContract, linkedCustomer, ops, 500);
      for (const account of deposit(linkedCustomer)) {
        const debits = (await postedTransactions(fdApi, linkedCustomer.customerId, account.id, fromS, toS)).filter((t) => t.amount < 0);
        const periods = periodsOf(accountIn(content, account.id).analytics, 'CASH_OUTFLOW');
        expect(periodTotals(periods), `the ${account.type} account's payments`).toEqual(txTotals(debits));
      }
    },
  );

  test(
    'foresight reads exactly the checking, credit card and savings accounts; the first/third-party report reads the same by report id @seed @provider',
    rules('FD-FORESIGHT-CONTENT@content', 'FD-FORESIGHT-READ-BY-ID'),
    async ({ fdApi, fd, fdContract, linkedCustomer, pollReport }) => {
      const expected = idsOf(linkedCustomer, ['checking', 'creditCard', 'savings']);
      const [{ content, ack: own, fromS }, { ack }] = await generatedAll(fdApi, pollReport, fd, fdContract, linkedCustomer, [
        'GenerateForesightAnalyticsNonCraReport',
        'GenerateForesightAnalyticsFirstThirdPartyNonCraReport',
      ]);
      // provider 1.35.0 ForesightAnalyticsReportAck: its constraints (ForesightAnalyticsReportConstraints) as requested.
      const echoed = { analyticsReportData: own.constraints?.analyticsReportData, fromDate: own.constraints?.fromDate };
      expect(echoed, 'the ack echoes the constraints requested').toEqual({ analyticsReportData: NON_CRA, fromDate: fromS });
      expect(reportIds(content), 'the accounts foresight reads').toEqual(expected);
      expectForecastsAndBenchmarks('GenerateForesightAnalyticsNonCraReport', content);
      const byId = await fdApi.call('GetReportById', { path: { reportId: ack.id }, body: {} });
      expect(
        { status: byId.status, id: byId.body?.id, type: byId.body?.type, reportStatus: byId.body?.status },
        'the first/third-party report read by id',
      ).toEqual({ status: 200, id: ack.id, type: 'farpbfnoncra', reportStatus: 'success' });
      expect(reportIds(byId.body), 'the accounts it read').toEqual(expected);
      expectComponent(fdContract, 'AnalyticsReportContent', byId.body, 'the report read by id keeps the contract');
      expectForecastsAndBenchmarks('GenerateForesightAnalyticsFirstThirdPartyNonCraReport read by id', byId.body);
    },
  );
});

test(
  'a fromDate three years back reads two years only (730 days), on every report reading up to two years @provider',
  rules('FD-ANALYTICS-HISTORY-WINDOW:refuse@content'),
  async ({ fdApi, fdEntities, fd, pollReport }) => {
    const fromDate = Math.floor(fd.now() / 1000) - 3 * 365 * DAY_S;
    const acks = [];
    for (const op of DEPOSIT_OPS) {
      const res = await fdApi.callBuilt(op, requestOf(op, fdEntities.customerId, { body: { fromDate } }));
      expect(res.status, `${op}: 202`).toBe(202);
      acks.push({ op, id: res.body.id as string });
    }
    for (const { op, id } of acks) {
      const { final } = await pollReport({ id, customerId: fdEntities.customerId, label: `${op} report` });
      const window = { status: final.body.status, span: final.body.endDate - final.body.startDate };
      expect(window, `${op}: the window read`).toEqual({ status: 'success', span: 730 * DAY_S });
      // provider 1.35.0 CashFlowReport and the analytics reports: days, "Number of days covered by the
      // report" (optional): when given, the same two years (a day either way for how a target counts them).
      if (final.body.days !== undefined)
        expect(Math.abs(final.body.days - 730), `${op}: days, the days the report covers (${final.body.days})`).toBeLessThanOrEqual(1);
    }
  },
);
