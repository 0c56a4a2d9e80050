// Assertions that pass at the cost of a comparison. Playwright records every expect() it runs as a
// step of the test: a 50-frame stack captured and mapped, a message to the runner, the reporters'
// handling of it, and a step list that every later step searches again, so a test's cost grows
// faster than its assertions (measured on @playwright/test 1.65: 500 passing `toBe` in one test
// cost 0.26 s of worker CPU, 5,000 cost 7.5 s). The suite's readers and checkers assert in loops
// (every reader of every account, every operation of the contract), 8,000 assertions in the
// financial-data project alone, and no report of the suite shows a passing assertion (Allure runs
// with `detail: false`). So a matcher whose outcome a plain comparison decides exactly is compared
// first, and Playwright's matcher runs only when that comparison cannot say the assertion passes:
// a failure is still Playwright's, with its message, its diff and its step; every other matcher,
// `.not` form, `expect.soft`, `expect.poll` and asymmetric matcher goes to Playwright untouched.
import { isDeepStrictEqual } from 'node:util';
import type { Expect } from '@playwright/test';

type Passes = (received: unknown, ...expected: unknown[]) => boolean;

const isNumber = (v: unknown): v is number => typeof v === 'number';
/** `toMatch`'s own test: a substring, or a fresh copy of the expression (no `lastIndex` carried). */
const matches = (r: string, e: unknown): boolean | undefined =>
  typeof e === 'string' ? r.includes(e) : e instanceof RegExp ? new RegExp(e).test(r) : undefined;

/**
 * Each entry is true only where Playwright's matcher of the same name passes (a deep strict equality
 * implies `toEqual`'s recursive equality; `toContain` looks an array item up with `indexOf`, a
 * substring with `includes`, as Playwright's does); false means "ask Playwright", which may still pass.
 */
const PASSES: Record<string, Passes> = {
  toBe: (r, e) => Object.is(r, e),
  toEqual: (r, e) => isDeepStrictEqual(r, e),
  toBeDefined: (r) => r !== undefined,
  toBeUndefined: (r) => r === undefined,
  toBeNull: (r) => r === null,
  toBeTruthy: (r) => Boolean(r),
  toBeFalsy: (r) => !r,
  toContain: (r, e) => (typeof r === 'string' ? typeof e === 'string' && r.includes(e) : Array.isArray(r) && r.indexOf(e) !== -1),
  toHaveLength: (r, e) => isNumber(e) && (typeof r === 'string' || Array.isArray(r)) && r.length === e,
  toBeGreaterThan: (r, e) => isNumber(r) && isNumber(e) && r > e,
  toBeGreaterThanOrEqual: (r, e) => isNumber(r) && isNumber(e) && r >= e,
  toBeLessThan: (r, e) => isNumber(r) && isNumber(e) && r < e,
  toBeLessThanOrEqual: (r, e) => isNumber(r) && isNumber(e) && r <= e,
  toMatch: (r, e) => typeof r === 'string' && matches(r, e) === true,
};

/** The `.not` forms whose comparison is exact both ways. */
const NOT_PASSES: Record<string, Passes> = {
  toBe: (r, e) => !Object.is(r, e),
  toBeUndefined: (r) => r !== undefined,
  toBeDefined: (r) => r === undefined,
  toContain: (r, e) => (typeof r === 'string' ? typeof e === 'string' && !r.includes(e) : Array.isArray(r) && r.indexOf(e) === -1),
  toMatch: (r, e) => typeof r === 'string' && matches(r, e) === false,
};

type Matchers = Record<PropertyKey, unknown>;

function shortCut(passes: Record<string, Passes>, received: unknown, real: () => Matchers, not?: () => unknown): Matchers {
  return new Proxy({} as Matchers, {
    get(_, prop) {
      if (prop === 'not' && not) return not();
      const passing = typeof prop === 'string' ? passes[prop] : undefined;
      if (!passing) return Reflect.get(real(), prop);
      return (...expected: unknown[]) =>
        expected.length <= 1 && passing(received, ...expected) ? undefined : (real()[prop] as (...a: unknown[]) => unknown)(...expected);
    },
  });
}

/** Playwright's `expect`, with passing assertions of the matchers above decided without a step. */
export function withPassingShortCut(base: Expect): Expect {
  const call = (received: unknown, ...rest: unknown[]): Matchers => {
    let made: Matchers | undefined;
    const real = (): Matchers => (made ??= (base as unknown as (...a: unknown[]) => Matchers)(received, ...rest));
    return shortCut(PASSES, received, real, () => shortCut(NOT_PASSES, received, () => real().not as Matchers));
  };
  return new Proxy(base, {
    apply: (_target, _this, args: unknown[]) => call(args[0], ...args.slice(1)),
  }) as Expect;
}
