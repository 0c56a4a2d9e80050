// Property FD-PROP-REPORT-FIGURES: what a report states of its own figures follows from its own data on every report kind giving
// it, and an id it names as lasting is the same on every report of one customer. Figures (provider 1.35.0): seasoned against days
// (VOAReport, VOAWithIncomeReport, PrequalificationReport, VOIReport, VOETransactionsReport "more than 180 days"; TransactionsReport,
// CashFlowReport, AF*AnalyticsReport, Foresight "more than 365 days"); PayStatementForVoie.billable; an income stream's
// netAnnual and incomeStreamMonths (VOAIReportIncomeStream, VOIReportIncomeStream, VOIETXVerifyReportIncomeStream); lasting ids:
// PortfolioId, EmploymentId.

import { problemsUnder } from '../annotations.js';

export const REPORT_FIGURES = 'FD-PROP-REPORT-FIGURES';

/** The report types of the provider's 180-day reports (ReportType values of the schemas above); every other report giving seasoned is a 365-day one. */
const SEASONED_AFTER_180 = new Set(['voa', 'voaHistory', 'preQualVoa', 'assetSummary', 'voi', 'voeTransactions']);

/** The days past which a report of `type` is seasoned. */
export const seasonedAfter = (type: unknown): number => (SEASONED_AFTER_180.has(String(type)) ? 180 : 365);

/** A report whose seasoned does not say "days above its kind's threshold" (each member when given). */
export function seasonedProblems(label: string, report: { type?: unknown; days?: unknown; seasoned?: unknown }): string[] {
  const { type, days, seasoned } = report;
  if (typeof days !== 'number' || typeof seasoned !== 'boolean') return [];
  const after = seasonedAfter(type);
  return problemsUnder(
    REPORT_FIGURES,
    seasoned === days > after ? [] : [`${label} (${String(type)}): seasoned ${seasoned} with days ${days} (seasoned beyond ${after})`],
  );
}

/** The reports (label, value) showing a lasting id that differ from the first one showing it. */
export function sameIdProblems(member: string, shown: { label: string; value: unknown }[]): string[] {
  const given = shown.filter((s) => s.value !== undefined && s.value !== null);
  const first = given[0];
  return problemsUnder(
    REPORT_FIGURES,
    given
      .filter((s) => JSON.stringify(s.value) !== JSON.stringify(first.value))
      .map((s) => `${member} ${JSON.stringify(s.value)} on ${s.label}, ${JSON.stringify(first.value)} on ${first.label}`),
  );
}

/** A pay statement report's billing (provider 1.35.0 PayStatementForVoie.billable, numberOfBillableAssets) against earlier reports. */
export function billableProblems(
  label: string,
  report: { payStatements?: unknown; numberOfBillableAssets?: unknown },
  digitizedBefore: ReadonlySet<string>,
): string[] {
  const listed = [report.payStatements ?? []].flat() as { assetId?: unknown; billable?: unknown }[];
  const problems = listed
    .filter((p) => typeof p.billable === 'boolean' && p.billable === digitizedBefore.has(String(p.assetId)))
    .map(
      (p) =>
        `${label}: asset ${String(p.assetId)} billable ${String(p.billable)}, digitized before: ${digitizedBefore.has(String(p.assetId))}`,
    );
  const billable = listed.filter((p) => p.billable === true).length;
  if (
    typeof report.numberOfBillableAssets === 'number' &&
    listed.every((p) => typeof p.billable === 'boolean') &&
    report.numberOfBillableAssets !== billable
  )
    problems.push(`${label}: numberOfBillableAssets ${report.numberOfBillableAssets}, ${billable} billable pay statements listed`);
  return problemsUnder(REPORT_FIGURES, problems);
}

const monthOf = (s: number) => {
  const d = new Date(s * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Income streams whose figures disagree with their records (provider 1.35.0 VOAIReportIncomeStream, VOIReportIncomeStream, ...):
 * netAnnual sums the last 12 netMonthly; the records, each its month's net, sum at most the stream's transactions; incomeStreamMonths
 * lies between its transactions' distinct months and its span.
 */
export function incomeFigureProblems(label: string, report: { institutions?: unknown }): string[] {
  const streams = [report.institutions ?? []]
    .flat()
    .flatMap((i: any) => [i?.accounts ?? []].flat())
    .flatMap((a: any) => [a?.incomeStreams ?? []].flat()) as Record<string, any>[];
  return streams.flatMap((s) => {
    const out: string[] = [];
    const records = (Array.isArray(s.netMonthly) ? s.netMonthly : []).filter((r: any) => typeof r?.net === 'number');
    if (typeof s.netAnnual === 'number' && records.length) {
      const last12 = [...records].sort((a, b) => a.month - b.month).slice(-12);
      const sum = Math.round(last12.reduce((t: number, r: any) => t + r.net, 0) * 100) / 100;
      if (Math.abs(sum - s.netAnnual) >= 0.005)
        out.push(`${label}, stream ${s.id}: netAnnual ${s.netAnnual}, the last ${last12.length} net monthly records sum ${sum}`);
    }
    const dates = [s.transactions ?? []]
      .flat()
      .map((t: any) => Number(t?.postedDate))
      .filter(Number.isFinite) as number[];
    // provider 1.35.0 NetMonthly (month, net) and the income stream members (FD-ST-832, FD-ST-833: netAnnual sums "the monthly net
    // income" of the last 12 months): a record is the net income of its own month, so the records of distinct months share no
    // transaction and together sum at most the stream's credits (FD-ASSETS-INCOME-CREDITS: positive amounts), its transactions
    // being its income as incomeStreamMonths reads them below. A record summing more than its month (the whole stream) breaks it.
    const amounts = [s.transactions ?? []]
      .flat()
      .map((t: any) => t?.amount)
      .filter((a: unknown): a is number => typeof a === 'number');
    const months = new Set(records.map((r: any) => r.month));
    if (records.length && amounts.length && amounts.every((a) => a >= 0) && months.size === records.length) {
      const round = (n: number) => Math.round(n * 100) / 100;
      const recorded = round(records.reduce((t: number, r: any) => t + r.net, 0));
      const credited = round(amounts.reduce((t, a) => t + a, 0));
      if (recorded - credited >= 0.01 * records.length)
        out.push(
          `${label}, stream ${s.id}: its ${records.length} net monthly records sum ${recorded}; documented: at most its ${amounts.length} transactions' ${credited} (each record the net income of its own month)`,
        );
    }
    if (typeof s.incomeStreamMonths === 'number' && dates.length) {
      const distinct = new Set(dates.map(monthOf)).size;
      const span = monthOf(Math.max(...dates)) - monthOf(Math.min(...dates)) + 1;
      if (s.incomeStreamMonths < distinct || s.incomeStreamMonths > span)
        out.push(
          `${label}, stream ${s.id}: incomeStreamMonths ${s.incomeStreamMonths}, its transactions seen in ${distinct} months over ${span}`,
        );
    }
    return out;
  });
}

/**
 * Cash flow accounts whose figures disagree with their monthly records (provider 1.35.0 CashFlowCashFlowCredit, -Debit,
 * -Characteristic): the 2, 6 and 12 month totals, twelveMonthTotalNet and the averages recomputed, each where given.
 */
export function cashFlowFigureProblems(label: string, report: { institutions?: unknown }): string[] {
  const accounts = [report.institutions ?? []].flat().flatMap((i: any) => [i?.accounts ?? []].flat()) as Record<string, any>[];
  const byMonth = (list: unknown) => ([list ?? []].flat() as Record<string, number>[]).sort((a, b) => a.month - b.month);
  const round = (n: number) => Math.round(n * 100) / 100;
  return accounts.flatMap((a) => {
    const credits = byMonth(a.cashFlowCredit?.monthlyCashFlowCredits);
    const debits = byMonth(a.cashFlowDebit?.monthlyCashFlowDebits);
    if (!credits.length || credits.length !== debits.length) return [];
    const total = (n: number, list: Record<string, number>[], key: string) => round(list.slice(-n).reduce((s, r) => s + Number(r[key]), 0));
    const net = (n: number) => round(total(n, credits, 'totalCreditsAmount') - Math.abs(total(n, debits, 'totalDebitsAmount')));
    const average = (n: number) => round(net(n) / Math.min(n, credits.length));
    const expected: [string, unknown, number][] = [
      ...(
        [
          [12, 'twelve'],
          [6, 'six'],
          [2, 'two'],
        ] as const
      ).flatMap(([n, w]): [string, unknown, number][] => [
        [`${w}MonthCreditTotal`, a.cashFlowCredit?.[`${w}MonthCreditTotal`], total(n, credits, 'totalCreditsAmount')],
        [`${w}MonthDebitTotal`, a.cashFlowDebit?.[`${w}MonthDebitTotal`], total(n, debits, 'totalDebitsAmount')],
      ]),
      ['twelveMonthTotalNet', a.cashFlowCharacteristic?.twelveMonthTotalNet, net(12)],
      ['sixMonthAverageTotalCreditsLessTotalDebits', a.cashFlowCharacteristic?.sixMonthAverageTotalCreditsLessTotalDebits, average(6)],
      ['twoMonthAverageTotalCreditsLessTotalDebits', a.cashFlowCharacteristic?.twoMonthAverageTotalCreditsLessTotalDebits, average(2)],
      ['averageMonthlyNet', a.cashFlowCharacteristic?.averageMonthlyNet, average(credits.length)],
    ];
    return (
      expected
        // A debit total in either sign (the provider's examples give them as amounts); every other figure as signed.
        .filter(([name, given, want]) => {
          if (typeof given !== 'number') return false;
          const [g, w] = /DebitTotal$/.test(name) ? [Math.abs(given), Math.abs(want)] : [given, want];
          return Math.abs(g - w) >= 0.015;
        })
        .map(([name, given, want]) => `${label}, account ${a.id}: ${name} ${given}, its monthly records give ${want}`)
    );
  });
}

/** A transaction as a list reader gives it: enough to place it in a stream. */
export interface KnownTransaction {
  postedDate: number;
  description: string;
}

/** Analytics streams that are no repeated history between the same parties (provider 1.35.0 StreamModel): description, recency, cadence. */
export function streamProblems(label: string, report: Record<string, any>, known: ReadonlyMap<string, KnownTransaction>): string[] {
  const sets = [
    ...[report.institutions ?? []].flat().flatMap((i: any) => [i?.accounts ?? []].flat().map((a: any) => a?.analytics)),
    report.customerAnalytics,
  ];
  const streams = sets.flatMap((s) => [s?.streams ?? []].flat()) as Record<string, any>[];
  return streams.flatMap((s) => {
    const ids = [s.transactionIds ?? []].flat().map(String);
    const found = ids.map((id) => known.get(id)).filter((t): t is KnownTransaction => t !== undefined);
    if (!found.length) return [];
    const out: string[] = [];
    const parties = new Set(found.map((t) => t.description));
    if (parties.size > 1) out.push(`${label}, stream ${s.id}: transactions of ${parties.size} parties (${[...parties].join(', ')})`);
    const dates = found.map((t) => t.postedDate).sort((a, b) => a - b);
    const end = Number(report.endDate);
    if (typeof s.recency === 'number' && Number.isFinite(end)) {
      const days = (end - dates[dates.length - 1]) / 86_400;
      if (s.recency < Math.floor(days) - 1 || s.recency > Math.ceil(days) + 1)
        out.push(`${label}, stream ${s.id}: recency ${s.recency}, ${days.toFixed(1)} days from its latest transaction to the report's end`);
    }
    if (typeof s.cadence === 'number' && found.length === ids.length && dates.length > 1) {
      const gaps = dates.slice(1).map((d, i) => (d - dates[i]) / 86_400);
      if (s.cadence < Math.floor(Math.min(...gaps)) - 1 || s.cadence > Math.ceil(Math.max(...gaps)) + 1)
        out.push(
          `${label}, stream ${s.id}: cadence ${s.cadence}, its gaps ${Math.min(...gaps).toFixed(1)} to ${Math.max(...gaps).toFixed(1)} days`,
        );
    }
    return out;
  });
}
