// Covers: tools/mutation/mutants.ts (npm run mutation:sample): the sample is repeatable, the interval is
// Wilson's, and code reached only with a fault switched on is told apart from code every run uses;
// helpers/client/mutant-coverage.ts (--coverage): what a test reaches counts for its spec file, what a
// worker value's build reaches counts as shared.
import { expect, test } from '../../fixtures/self.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asShared, readMutantCoverage, withTestCoverage } from '../../helpers/client/mutant-coverage.js';
import { insideFaultBranch, seededSample, wilson } from '../../tools/mutation/mutants.js';

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

test('a mutant inside a branch guarded by faults.has(...) is fault-only; the normal path is not', () => {
  const source = [
    "if (faults.has('a')) return 1;", // line 0
    "const v = faults.has('b') ? 'bad' : 'good';", // line 1
    "if (x && !faults.has('c')) send('normal');", // line 2
    "if (ready && faults.has('d')) send('faulty');", // line 3
    "const w = faults.has('e') && compute();", // line 4
    "if (x || faults.has('f')) send('either');", // line 5
    "if (hasCard && kind === 'ISSUER' && onReceipt('blind-x')) send('wrapped');", // line 6
    "if ((key === 'a' && faults.has('g')) || (key === 'b' && faults.has('h'))) continue;", // line 7
    "const more = on('blind-more') ? n > 0 : n > 1;", // line 8
    "const skip = faults.has(kind === 'payhist' ? 'payhist-skipped' : 'analytics-skipped') || other;", // line 9
    "if (!faults.has('i') && !faults.has('j')) send('kept');", // line 10
    "function f() { if (!on('blind-k')) return plain; const extra = more(); return extra; }", // line 11
    "const id = faults.has('x-y') ? 'A' : onReceipt('receipt-serviceId-not-echoed') ? 'B' : given;", // line 12
    "const t = !faults.has('m') ? plainT : altered(t); if (!on('blind-n')) keep(); else change(); const u = !faults.has('o') || other(u);", // line 13
    "function g() { if (own || !faults.has('p')) return own; return others.find(byId); }", // line 14
    "const copies = version === 1 && faults.has('q'); const list = copies ? cloned(rows) : plainRows; const copiesToo = copies;", // line 15
  ].join('\n');
  const at = (line: number, text: string, replacement?: string) => {
    const column = source.split('\n')[line].indexOf(text);
    return insideFaultBranch('x.ts', source, { line, column }, { line, column: column + text.length }, replacement);
  };
  expect(at(0, '1')).toBe(true);
  expect(at(1, "'bad'")).toBe(true);
  expect(at(1, "'good'")).toBe(false);
  expect(at(1, "faults.has('b')")).toBe(false); // switching the fault on is observable
  expect(at(1, "'b'")).toBe(true); // another fault id switches nothing on in a fault-free run
  expect(at(2, "'normal'")).toBe(false);
  expect(at(3, "'faulty'")).toBe(true);
  expect(at(4, 'compute()')).toBe(true);
  expect(at(5, "'either'")).toBe(false);
  // Another conjunct of a chain that holds only with the fault on, or the chain made false: nothing changes.
  expect(at(3, 'ready')).toBe(true);
  expect(at(6, "kind === 'ISSUER'")).toBe(true);
  expect(at(6, "'wrapped'")).toBe(true);
  const chain = "hasCard && kind === 'ISSUER' && onReceipt('blind-x')";
  expect(at(6, chain, 'false')).toBe(true);
  expect(at(6, chain, 'true')).toBe(false); // switching the fault branch on is observable
  expect(at(6, "onReceipt('blind-x')")).toBe(false);
  // Several conjuncts before the switch, made true together: the switch still decides.
  expect(at(6, "hasCard && kind === 'ISSUER'", 'true')).toBe(true);
  expect(at(2, 'x', 'false')).toBe(false); // a conjunct of a chain that holds without a fault is observable
  // The switch alone, or a parenthesised chain of an ||, made false: false already without the fault.
  expect(at(1, "faults.has('b')", 'false')).toBe(true);
  expect(at(1, "faults.has('b')", 'true')).toBe(false);
  expect(at(7, "(key === 'a' && faults.has('g'))", 'false')).toBe(true);
  expect(at(7, "(key === 'a' && faults.has('g'))", 'true')).toBe(false);
  // A local wrapper named on('fault-id') is a switch too (financial data paging).
  expect(at(8, 'n > 0')).toBe(true);
  expect(at(8, 'n > 1')).toBe(false);
  // A fault id chosen by an expression: any part of it names no fault that is on.
  expect(at(9, "kind === 'payhist'", 'false')).toBe(true);
  expect(at(9, 'other', 'false')).toBe(false);
  // A negated switch, or an && of negated switches, made true: true already without a fault; made false it is observable.
  expect(at(2, "!faults.has('c')", 'true')).toBe(true);
  expect(at(2, "!faults.has('c')", 'false')).toBe(false);
  expect(at(10, "!faults.has('i') && !faults.has('j')", 'true')).toBe(true);
  expect(at(10, "'kept'")).toBe(false);
  // An || of conditions that each need a fault holds only with one on: its branch is fault-only, the whole made false changes nothing.
  const either = "(key === 'a' && faults.has('g')) || (key === 'b' && faults.has('h'))";
  expect(at(7, either, 'false')).toBe(true);
  expect(at(7, 'continue')).toBe(true);
  expect(at(5, "x || faults.has('f')", 'false')).toBe(false);
  // A condition that needs a fault changed into another that needs one (|| of switches made &&): false either way.
  expect(at(7, either, "(key === 'a' && faults.has('g')) && (key === 'b' && faults.has('h'))")).toBe(true);
  expect(at(7, either, "(key === 'a' || faults.has('g')) || (key === 'b' && faults.has('h'))")).toBe(false);
  // After `if (!switch) return ...;` the rest of the block runs only with the fault on; the return itself always runs.
  expect(at(11, 'more()')).toBe(true);
  expect(at(11, 'plain')).toBe(false);
  // A fault id keeping a member name's capitals is a fault id too; what it switches on is fault-only.
  expect(at(12, "'receipt-serviceId-not-echoed'")).toBe(true);
  expect(at(12, "'B'")).toBe(true);
  expect(at(12, 'given')).toBe(false);
  // A negated switch's other side (the false branch, the else, the right of an ||) runs only with the fault on; its own side always runs.
  expect(at(13, 'altered(t)')).toBe(true);
  expect(at(13, 'plainT')).toBe(false);
  expect(at(13, 'change()')).toBe(true);
  expect(at(13, 'keep()')).toBe(false);
  expect(at(13, 'other(u)')).toBe(true);
  expect(at(13, "!faults.has('o')", 'false')).toBe(false);
  // After `if (found || !on('x')) return ...;` the rest runs only with the fault on; the guard's own return always can.
  expect(at(14, 'others.find(byId)')).toBe(true);
  expect(at(14, 'return own')).toBe(false);
  // A const holding a fault condition is a switch where it is read (declared once in the file).
  expect(at(15, 'cloned(rows)')).toBe(true);
  expect(at(15, 'plainRows')).toBe(false);
  expect(at(15, "version === 1 && faults.has('q')", 'true')).toBe(false);
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

test('a declaration read only in code that needs a fault is fault-only; one read on the normal path is not', () => {
  const source = [
    'function derived(id) { return hash(id).slice(0, 8); }', // line 0: called only in a fault branch
    'function helper(x) { return x + 1; }', // line 1: called only by shown, a const read only in a fault branch
    'const only = body.a !== undefined && body.b === undefined;', // line 2: read only in a fault's && chain
    'const shown = (x) => helper(x) * 2;', // line 3: read only in a fault's branch
    'const used = body.a !== undefined;', // line 4: read on the normal path too
    'const effect = store.push(1);', // line 5: a call: its side effect is observable even unread
    'export function exported(x) { return x; }', // line 6: read from other files
    'let mutable = body.a;', // line 7: not a const
    'function shadowed(x) { return x; }', // line 8: its name bound again below
    'function unread(x) { return x; }', // line 9: never read (no read to judge by)
    "if (faults.has('a-b')) send(derived(key));", // line 10
    "if (faults.has('c-d') && only) send(shown(1));", // line 11
    'send(used ? 1 : 2, effect, mutable);', // line 12
    "const id = faults.has('e-f') ? shadowed(1) : 0; function other(shadowed) { return shadowed; }", // line 13
    'function walk(v) { return Array.isArray(v) ? v.map(walk) : v; }', // line 14: recursive, read from outside only in a fault branch
    'function count(v) { return v > 0 ? count(v - 1) + 1 : 0; }', // line 15: recursive, read on the normal path
    "if (faults.has('g-h')) send(walk(body));", // line 16
    'send(count(2));', // line 17
    'function spin(v) { return spin(v); }', // line 18: read by itself only (no read to judge by)
  ].join('\n');
  const at = (line: number, text: string, replacement?: string) => {
    const column = source.split('\n')[line].indexOf(text);
    return insideFaultBranch('y.ts', source, { line, column }, { line, column: column + text.length }, replacement);
  };
  expect(at(0, 'hash(id).slice(0, 8)')).toBe(true);
  expect(at(0, '8')).toBe(true);
  // Read only by another fault-only declaration (a fixed point): fault-only too.
  expect(at(1, 'x + 1')).toBe(true);
  expect(at(2, 'body.a !== undefined && body.b === undefined', 'true')).toBe(true);
  expect(at(3, 'helper(x) * 2')).toBe(true);
  expect(at(4, 'body.a !== undefined', 'true')).toBe(false);
  expect(at(5, '1')).toBe(false);
  expect(at(6, 'x;')).toBe(false);
  expect(at(7, 'body.a')).toBe(false);
  expect(at(8, 'x;')).toBe(false);
  expect(at(9, 'x;')).toBe(false);
  // A function's calls of itself are not the reads that decide: those from outside are.
  expect(at(14, 'v.map(walk)')).toBe(true);
  expect(at(15, 'count(v - 1) + 1')).toBe(false);
  expect(at(18, 'spin(v)')).toBe(false);
  // The reads themselves stay where they are: the switch, and the normal path, are observable.
  expect(at(12, '1')).toBe(false);
});
