// Covers: tools/mutation/mutants.ts (npm run mutation:sample): the sample is repeatable, the interval is
// Wilson's; helpers/client/mutant-coverage.ts (--coverage): what a test reaches counts for its spec file, what a
// worker value's build reaches counts as shared.
import { expect, test } from '../../fixtures/self.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asShared, readMutantCoverage, withTestCoverage } from '../../helpers/client/mutant-coverage.js';
import { seededSample, wilson } from '../../tools/mutation/mutants.js';

test('a seeded sample is repeatable and a different seed gives another', () => {
  const items = Array.from({ length: 100 }, (_, i) => i);
  expect(seededSample(items, 10, 7)).toEqual(seededSample(items, 10, 7));
  expect(seededSample(items, 10, 7)).not.toEqual(seededSample(items, 10, 8));
  expect(new Set(seededSample(items, 100, 1)).size).toBe(100);
  expect(seededSample(items, 500, 1)).toHaveLength(100);
});

test('the 95% interval is the Wilson score interval', () => {
  const [low, high] = wilson(45, 60);
  expect(low).toBeCloseTo(0.6277, 3);
  expect(high).toBeCloseTo(0.8422, 3);
  expect(wilson(0, 0)).toEqual([0, 1]);
});

test("--coverage: a test's mutants count for its spec file, a worker value's build for every file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutant-coverage-'));
  const g = globalThis as {
    __stryker__?: {
      currentTestId?: string;
      mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> };
    };
  };
  // What the instrumenter's counter does (stryCov in the instrumented code): per test id, or static without one.
  g.__stryker__ = { mutantCoverage: { static: {}, perTest: {} } };
  const cover = (id: string) => {
    const ns = g.__stryker__!;
    const counts = ns.currentTestId ? (ns.mutantCoverage!.perTest[ns.currentTestId] ??= {}) : ns.mutantCoverage!.static;
    counts[id] = (counts[id] ?? 0) + 1;
  };
  process.env.MUTANT_COVERAGE_DIR = dir;
  try {
    cover('0'); // module loading
    await withTestCoverage(path.join(process.cwd(), 'tests', 'x', 'a.spec.ts'), async () => {
      cover('1');
      await asShared(async () => cover('2')); // a worker fixture built during the test
      cover('3');
    });
    await withTestCoverage(path.join(process.cwd(), 'tests', 'x', 'b.spec.ts'), async () => cover('3'));
    const { shared, byFile } = readMutantCoverage(dir);
    expect([...shared].sort()).toEqual(['0', '2']);
    expect([...byFile.get('tests/x/a.spec.ts')!].sort()).toEqual(['1', '3']);
    expect([...byFile.get('tests/x/b.spec.ts')!]).toEqual(['3']);
  } finally {
    delete process.env.MUTANT_COVERAGE_DIR;
    delete g.__stryker__;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
