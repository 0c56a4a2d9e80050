// The roll-up checker (helpers/client/invariants/rollups.ts, FD-PROP-ROLLUP): which contents of the
// contract it finds, and what it recomputes from the parts and what it leaves alone.
import { expect, test } from '../../fixtures/self.js';
import { answerRollups, rollupComponents } from '../../helpers/client/invariants/rollups.js';
import { FD_CONTRACT } from '../financial-data/security.known.js';

const period = (startDate: string, v: Record<string, number | null>) => ({ startDate, endDate: `${startDate.slice(0, 8)}28`, ...v });
const analytics = (inflow: Record<string, number | null>, balance: Record<string, number>, ids: string[]) => ({
  transactionalAttributes: [
    {
      attributeName: 'CASH_INFLOW',
      aggregatedByTimePeriods: [{ timeIntervalType: 'MONTHLY_CALENDAR', periods: [period('2026-10-01', inflow)] }],
      transactionIds: ids,
    },
  ],
  stateAttributes: [
    {
      attributeName: 'ASSET_BALANCE',
      reportedByTimePeriods: [{ timeIntervalType: 'MONTHLY_CALENDAR', periods: [period('2026-10-01', balance)] }],
    },
  ],
  streams: [],
});
const report = (customer: ReturnType<typeof analytics>) => ({
  id: 'r1',
  status: 'success',
  startDate: 1,
  endDate: 2,
  institutions: [
    {
      id: 1,
      accounts: [
        {
          id: 11,
          type: 'checking',
          analytics: analytics({ count: 2, sum: 30, mean: 15 }, { beginningValue: 100, endingValue: 130, count: 28 }, ['1', '2']),
        },
        {
          id: 12,
          type: 'savings',
          analytics: analytics({ count: 0, sum: null, mean: null }, { beginningValue: 50, endingValue: 50, count: 28 }, []),
        },
      ],
    },
  ],
  customerAnalytics: customer,
});

test("an analytics report's customer level is found as the roll-up of its accounts', and only its additive members are recomputed", () => {
  const components = rollupComponents(FD_CONTRACT);
  expect(components.map((c) => [c.name, c.rollups.map((r) => `${r.whole.join('.')} <- ${r.parts.join('.')}`)])).toEqual([
    ['AnalyticsReportContent', ['customerAnalytics <- institutions.[].accounts.[].analytics']],
  ]);
  const op = FD_CONTRACT.operationOf('GetReportById');
  // Counts, sums and balances added, ids together; the mean and a state period's count (its days) left alone.
  const right = analytics({ count: 2, sum: 30, mean: 99 }, { beginningValue: 150, endingValue: 180, count: 28 }, ['2', '1']);
  expect(answerRollups(components, op, report(right))).toEqual({ judged: 1, problems: [] });
  const wrong = analytics({ count: 1, sum: 30, mean: 15 }, { beginningValue: 150, endingValue: -180, count: 28 }, ['1']);
  const { problems } = answerRollups(components, op, report(wrong));
  expect(problems.map((p) => p.split(':')[0].split('.').at(-1))).toEqual(['count', 'transactionIds', 'endingValue']);
});
