// Covers: the module-load hook that compiles the suite's TypeScript in the runner and the workers
// (helpers/run/ts-hook.mjs): every line stays where it was written, so a failure's location is true
// without a source map, and Playwright's preflight copy of a test file is not compiled.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, load } from '../../helpers/run/ts-hook.mjs';
import { expect, test } from '../../fixtures/self.js';

/** Each `mark(n)` is written on line n, among the TypeScript forms the suite uses. */
const SOURCE = [
  "import type { Thing } from './thing';", // 1
  'type Pair<T> = { a: T;', // 2
  '  b: string };', // 3
  'interface Shape {', // 4
  '  x: number;', // 5
  '}', // 6
  'export class Holder {', // 7
  '  count: number = mark(8);', // 8
  '  constructor(', // 9
  '    private readonly options: { name: string } = { name: String(mark(10)) },', // 10
  '  ) {}', // 11
  '  name(): string { return this.options.name + mark(12); }', // 12
  '}', // 13
  'const pair = { a: mark(14), b: "x" } satisfies Pair<number> as Pair<number>;', // 14
  'export const shape: Shape = { x: pair.a! + mark(15) };', // 15
  'export function total<T extends Thing>(items: readonly T[]): number {', // 16
  '  return items.length + mark(17);', // 17
  '}', // 18
].join('\n');

test('compiles TypeScript with every line where it was written, and the module runs', async () => {
  const code = compile(SOURCE, '/suite/example.ts');
  const lines = code.split('\n');
  expect(lines, 'as many lines as the source').toHaveLength(SOURCE.split('\n').length);
  for (const [index, line] of lines.entries())
    for (const [, n] of line.matchAll(/mark\((\d+)\)/g)) expect(Number(n), `mark(${n}) on line ${index + 1}`).toBe(index + 1);
  const module = await import(`data:text/javascript,${encodeURIComponent(`const mark = (n) => n;\n${code}`)}`);
  expect(new module.Holder().name(), 'a parameter property is assigned').toBe('1012');
  expect(module.shape.x).toBe(29);
});

test("answers Playwright's preflight copy of a test file without compiling it, and leaves other files to the next hook", () => {
  const next = (url: string) => ({ passedOn: url });
  expect(load('file:///suite/tests/a.spec.ts.esm.preflight', {}, next)).toEqual({
    format: 'module',
    source: 'void 0;',
    shortCircuit: true,
  });
  expect(load('file:///suite/node_modules/x/index.ts', {}, next)).toEqual({ passedOn: 'file:///suite/node_modules/x/index.ts' });
  expect(load('file:///suite/tools/x.mjs', {}, next)).toEqual({ passedOn: 'file:///suite/tools/x.mjs' });
});

test('a stack taken in a spec names the line it was taken on', () => {
  const stack = String(new Error('here').stack);
  const written =
    fs
      .readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes("new Error('here')")) + 1;
  expect(Number(/ts-hook\.spec\.ts:(\d+):\d+/.exec(stack)?.[1])).toBe(written);
});
