// Covers: the statistics of every period of the cash flow, balance, cash flow analytics and payment
// history reports (DEPOSIT_OPS, read through GetReportByCustomer) - provider 1.35.0 TransactionalPeriod
// (count: "count of data points during the period"; sum, mean, median, min, max, standardDeviation "of
// amounts during the period"; null when the period has no data point, its examples). What the names fix
// whatever the data: min <= median, mean <= max; sum = mean x count; 0 <= standardDeviation <= max - min.
// Each month of a cash flow report's credits and debits (provider 1.35.0 CashFlow credits / debits by
// month: number, total, largest, average): the average is the total over the number, the largest at
// least the average, in size.
import { expect, rules, test } from '../../fixtures/financial-data.js';
import { addConsumerAndBusiness, DAY_S, DEPOSIT_OPS, requestOf } from './reports-analytics.known.js';
import { generatedAll } from './reports.known.js';

type Period = Record<string, unknown> & { count?: unknown };
const STATS = ['sum', 'mean', 'median', 'min', 'max', 'standardDeviation'] as const;

/** Every object of a report `holds` picks, with where it is: the periods (a count and a median), a cash flow report's months. */
function objectsIn(value: unknown, holds: (o: Period) => boolean, at = '', out: { at: string; p: Period }[] = []) {
  if (Array.isArray(value)) value.forEach((v, i) => objectsIn(v, holds, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') {
    if (holds(value as Period)) out.push({ at, p: value as Period });
    for (const [k, v] of Object.entries(value)) objectsIn(v, holds, `${at}.${k}`, out);
  }
  return out;
}

/** What breaks the statistics of one period (amounts in cents: a cent of rounding allowed per value). */
function statisticsProblems(p: Period): string[] {
  const n = Number(p.count);
  if (!Number.isInteger(n) || n < 0) return [`count ${JSON.stringify(p.count)} is no count`];
  if (n === 0) {
    const given = STATS.filter((k) => p[k] !== null && p[k] !== undefined && p[k] !== 0);
    return given.length ? [`no data point, yet ${given.map((k) => `${k} ${p[k]}`).join(', ')}`] : [];
  }
  const v = Object.fromEntries(STATS.map((k) => [k, p[k]])) as Record<(typeof STATS)[number], unknown>;
  const problems = (['sum', 'mean', 'median', 'min', 'max'] as const)
    .filter((k) => typeof v[k] !== 'number' || !Number.isFinite(v[k]))
    .map((k) => `${k} ${JSON.stringify(v[k])} is no amount of ${n} data points`);
  if (problems.length) return problems;
  const [sum, mean, median, min, max] = [v.sum, v.mean, v.median, v.min, v.max] as number[];
  const cent = 0.01 + 1e-9;
  if (min > max + cent) problems.push(`min ${min} above max ${max}`);
  for (const [k, x] of [
    ['median', median],
    ['mean', mean],
  ] as const)
    if (x < min - cent || x > max + cent) problems.push(`${k} ${x} outside min ${min} .. max ${max}`);
  if (n === 1 && (median !== min || min !== max)) problems.push(`one data point, yet min ${min}, median ${median}, max ${max}`);
  if (Math.abs(sum - mean * n) > cent * (n + 1)) problems.push(`sum ${sum} is not mean ${mean} times count ${n}`);
  const sd = v.standardDeviation;
  if (sd !== null && sd !== undefined && (typeof sd !== 'number' || sd < 0 || sd > max - min + cent))
    problems.push(`standardDeviation ${JSON.stringify(sd)} outside 0 .. max - min ${max - min}`);
  return problems;
}

/** What breaks a month of a cash flow report's credits or debits (provider 1.35.0: number, total, largest and average by month). */
function monthProblems(m: Record<string, unknown>, kind: 'Credit' | 'Debit'): string[] {
  const plural = `${kind}s`;
  const n = Number(m[`numberOf${plural}`]);
  const [total, largest, average] = [m[`total${plural}Amount`], m[`largest${kind}`], m[`average${kind}Amount`]].map(Number);
  if (!Number.isInteger(n) || n < 0) return [`numberOf${plural} ${JSON.stringify(m[`numberOf${plural}`])} is no count`];
  if ([total, largest, average].some((x) => !Number.isFinite(x))) return [`total, largest or average of ${n} ${plural} is no amount`];
  if (n === 0) return total === 0 ? [] : [`no ${kind.toLowerCase()}, yet a total of ${total}`];
  // Sizes only: the provider's example gives a positive average debit beside negative totals.
  const problems: string[] = [];
  if (Math.abs(Math.abs(average) - Math.abs(total) / n) > 0.01 + 1e-9) problems.push(`average ${average} is not total ${total} / ${n}`);
  if (Math.abs(largest) + 0.01 < Math.abs(average)) problems.push(`largest ${largest} smaller than the average ${average}`);
  if (Math.abs(largest) > Math.abs(total) + 0.01 && Math.sign(largest) === Math.sign(total))
    problems.push(`largest ${largest} beyond the total ${total}`);
  return problems;
}

test(
  'every period of a cash flow or analytics report keeps its statistics together: min <= median, mean <= max, sum = mean x count, 0 <= standardDeviation <= max - min @provider',
  rules('FD-ANALYTICS-PERIOD-STATISTICS@content'),
  async ({ fdApi, fd, linkedCustomer, pollReport }) => {
    const { customerId } = linkedCustomer;
    await addConsumerAndBusiness(fdApi, customerId);
    const fromDate = Math.floor(fd.now() / 1000) - 180 * DAY_S;
    const problems: string[] = [];
    let seen = 0;
    const asked = DEPOSIT_OPS.map((op) => ({ op, options: requestOf(op, customerId, { body: { fromDate } }) }));
    for (const { op, report } of await generatedAll(fdApi, pollReport, asked)) {
      for (const { at, p } of objectsIn(report, (o) => 'count' in o && 'median' in o)) {
        seen += Number(p.count) > 1 ? 1 : 0;
        for (const problem of statisticsProblems(p)) problems.push(`${op} ${at}: ${problem}`);
      }
      // Every month of the credits or debits lists (objects carrying numberOfCredits / numberOfDebits).
      for (const kind of ['Credit', 'Debit'] as const)
        for (const { at, p } of objectsIn(report, (o) => `numberOf${kind}s` in o))
          for (const problem of monthProblems(p, kind)) problems.push(`${op} ${at}: ${problem}`);
    }
    expect(seen, 'periods of more than one data point read').toBeGreaterThan(0);
    expect(problems.slice(0, 20), `the statistics of each period (${problems.length} problems)`).toEqual([]);
  },
);
