// The property checkers' comparison of two reads (helpers/client/invariants/kit.ts): what counts as a
// change, and what a read computes afresh.
import { expect, test } from '../../fixtures/self.js';
import { changedLeaves, volatileLeaves, withComputedSiblings } from '../../helpers/client/invariants/kit.js';

test('a member computed beside a score that changes on every read is never a change, even when two reads give its band by chance; a record beside a read-time stamp still is', () => {
  const day = (score: number) => ({
    date: '2026-11-26',
    compositeScore: score,
    scoreIndicator: score >= 70 ? 'Highly Likely' : 'Less Likely',
  });
  const read = (id: string, scores: number[], name = 'Ann') => ({
    status: 200,
    body: { payRequestId: id, name, indicatorsByDay: scores.map(day) },
  });
  // Two reads before the refusal: the scores differ, the bands happen to agree.
  const first = read('p1', [81, 12]);
  const second = read('p2', [75, 30]);
  const volatile = withComputedSiblings(volatileLeaves(first, second), first, second);
  const leaves = (n: number) => ['compositeScore', 'date', 'scoreIndicator'].map((leaf) => `body.indicatorsByDay.${n}.${leaf}`);
  expect([...volatile].sort()).toEqual([...leaves(0), ...leaves(1), 'body.payRequestId']);
  // After: the first day's band moved with its fresh score; the name a refusal wrote is a change.
  const after = read('p3', [20, 25], 'Bob');
  expect(changedLeaves(second, after, volatile)).toEqual(['body.name: "Ann" became "Bob"']);
  expect(
    volatileLeaves(first, second).has('body.indicatorsByDay.0.scoreIndicator'),
    'without the siblings: the band by chance the same',
  ).toBe(false);
});

test("a date a write stamps: a zone-less date is judged against the write's window on the mock only; its order against the creation everywhere", async () => {
  const { loadContract } = await import('../../helpers/contract/contract.js');
  const { DateUnits } = await import('../../helpers/client/invariants/dates.js');
  const contract = await loadContract('financial-data');
  const op = contract.operation('UpdateBusiness');
  const dates = new DateUnits(contract);
  const at = Date.parse('2026-11-26T12:00:00Z');
  const window = { fromMs: at, toMs: at + 1000 };
  // Five hours behind (a local zone written as if UTC), and before the creation a minute earlier.
  const body = { id: 1, createdDate: '2026-11-26T11:59:00', modifiedDate: '2026-11-26T07:00:00' };
  const onMock = dates.writeTimeProblems(op, 200, body, window);
  expect(onMock.join('\n')).toMatch(/modifiedDate .* before the creation/);
  expect(onMock.join('\n')).toMatch(/stamped by this write, yet 18000 s before it/);
  const onSandbox = dates.writeTimeProblems(op, 200, body, window, false);
  expect(onSandbox.join('\n')).toMatch(/before the creation/);
  expect(onSandbox.join('\n')).not.toMatch(/stamped by this write/);
  // In order and in the window: nothing either way.
  const fine = { id: 1, createdDate: '2026-11-26T11:59:00', modifiedDate: '2026-11-26T12:00:00' };
  expect(dates.writeTimeProblems(op, 200, fine, window)).toEqual([]);
});
