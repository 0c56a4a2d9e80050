// Covers: helpers/run/passing-expect.ts: the suite's expect passes and fails exactly where Playwright's
// does, for every matcher it decides itself and their `.not` forms, and a failure is Playwright's own.
import { expect as playwrightExpect } from '@playwright/test';
import { expect, test } from '../../fixtures/self.js';

type Case = [matcher: string, received: unknown, ...expected: unknown[]];

/** Made afresh for each side: Playwright's failure message of a `g` expression moves its lastIndex. */
const cases = (o = { a: 1 }): Case[] => [
  ['toBe', 1, 1],
  ['toBe', 1, '1'],
  ['toBe', 0, -0],
  ['toBe', Number.NaN, Number.NaN],
  ['toBe', o, o],
  ['toBe', o, { a: 1 }],
  ['toEqual', { a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }],
  ['toEqual', { a: undefined }, {}],
  ['toEqual', [1, 2], [2, 1]],
  ['toEqual', 0, -0],
  ['toEqual', 'A', 'a'],
  ['toEqual', { a: 1 }, playwrightExpect.objectContaining({ a: 1 })],
  ['toBeDefined', undefined],
  ['toBeDefined', null],
  ['toBeUndefined', undefined],
  ['toBeUndefined', 0],
  ['toBeNull', null],
  ['toBeNull', undefined],
  ['toBeTruthy', 'x'],
  ['toBeTruthy', ''],
  ['toBeFalsy', 0],
  ['toBeFalsy', 'a'],
  ['toContain', 'Mixed Case', 'd C'],
  ['toContain', 'Mixed Case', 'd c'],
  ['toContain', ['a', 'b'], 'b'],
  ['toContain', [1], '1'],
  ['toContain', [Number.NaN], Number.NaN],
  ['toContain', [o], { a: 1 }],
  ['toContain', [o], o],
  ['toContain', new Set(['a']), 'a'],
  ['toHaveLength', 'abc', 3],
  ['toHaveLength', [1, 2], 3],
  ['toHaveLength', { length: 2 }, 2],
  ['toBeGreaterThan', 2, 1],
  ['toBeGreaterThan', 1, 1],
  ['toBeGreaterThanOrEqual', 1, 1],
  ['toBeLessThan', 1, 1],
  ['toBeLessThanOrEqual', 1, 2],
  ['toBeGreaterThan', 2n, 1n],
  ['toMatch', 'abc', /B/i],
  ['toMatch', 'abc', /d/],
  ['toMatch', 'abc', 'bc'],
  ['toMatch', 'abc', /b/g],
  ['toMatch', 'abc', 'C'],
  // Each comparison on both sides of its boundary and at it, with a fraction between.
  ...['toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeLessThan', 'toBeLessThanOrEqual'].flatMap((m): Case[] => [
    [m, 1, 1],
    [m, 1, 1.5],
    [m, 1.5, 1],
    [m, '2', 1],
  ]),
];

/** Whether an assertion passes, and the message it fails with. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'passes';
  } catch (error) {
    return `fails: ${(error as Error).message}`;
  }
}

test.describe('the suite expect decides a passing assertion without a step, and leaves every failure to Playwright', () => {
  test('every shortened matcher and its .not form pass and fail exactly as Playwright, with its message', () => {
    const differ: string[] = [];
    const [mine, playwrights] = [cases(), cases()];
    for (const [i, [matcher, received]] of mine.entries()) {
      for (const not of [false, true]) {
        const call =
          (e: typeof playwrightExpect, [, r, ...expected]: Case) =>
          () => {
            const matchers = (not ? e(r).not : e(r)) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return matchers[matcher](...expected);
          };
        const ours = outcome(call(expect, mine[i]));
        const theirs = outcome(call(playwrightExpect, playwrights[i]));
        if (ours !== theirs) differ.push(`${not ? 'not.' : ''}${matcher}(${String(received)}): ours ${ours}, Playwright ${theirs}`);
      }
    }
    playwrightExpect(differ).toEqual([]);
  });
});
