// Covers: the type check, the format check and Biome's linter of `npm test` (tools/static/checks.ts)
// fail a tree that breaks them and name the file, each through its own command line in a child process;
// Oxlint fails a spec that breaks Playwright's rules, and only a spec.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { runStaticChecks } from '../../tools/static/checks.js';

test('the type check, the format check and the linter fail a tree with a type error, an unformatted file and a debugger statement, naming each', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-checks-'));
  try {
    fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
    fs.copyFileSync('biome.json', path.join(root, 'biome.json'));
    const tsconfig = { compilerOptions: { strict: true, noEmit: true, noUnusedLocals: true, types: [] }, include: ['*.ts'] };
    fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
    fs.writeFileSync(path.join(root, 'good.ts'), "export const good = 'formatted';\n");
    fs.writeFileSync(path.join(root, 'typed.ts'), "export const n: number = 'text';\n");
    fs.writeFileSync(path.join(root, 'spaced.ts'), 'export const  spaced = 1\n');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {} };
    expect(await runStaticChecks(io, root, ['typecheck', 'format'])).toEqual(['typecheck', 'format']);
    const said = lines.join('\n');
    expect(said).toMatch(/typed\.ts\(1,14\): error TS2322/);
    expect(said).toContain('static check failed: typecheck (1 error; npm run typecheck)');
    expect(said).toMatch(/- spaced\.ts/);
    expect(said).not.toMatch(/- good\.ts/);
    expect(said).toContain('static check failed: format (1 file not formatted; npm run format)');

    // A rule of ESLint's recommended set, now Biome's (no-debugger): found, named, the check failed.
    fs.writeFileSync(path.join(root, 'paused.ts'), 'export function paused(): void {\n  debugger;\n}\n');
    lines.length = 0;
    expect(await runStaticChecks(io, root, ['biome lint'])).toEqual(['biome lint']);
    expect(lines.join('\n')).toMatch(/paused\.ts:2:3 lint\/suspicious\/noDebugger/);
    expect(lines.join('\n')).toContain('static check failed: biome lint (1 error; npm run lint:biome)');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("Oxlint fails a spec that breaks Playwright's rules (a focused test, a matcher never called, a bare expression), naming each rule", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-checks-'));
  try {
    fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
    fs.copyFileSync('.oxlintrc.json', path.join(root, '.oxlintrc.json'));
    fs.mkdirSync(path.join(root, 'tests'));
    const spec = "import { expect, test } from '@playwright/test';\n\ntest.only('focused', () => {\n  expect(1).toBe;\n});\n";
    fs.writeFileSync(path.join(root, 'tests', 'focused.spec.ts'), spec);
    // The same text outside a spec file: the rules are the specs' only.
    fs.writeFileSync(path.join(root, 'tests', 'helper.ts'), spec);
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {} };
    expect(await runStaticChecks(io, root, ['oxlint'])).toEqual(['oxlint']);
    const said = lines.join('\n');
    expect(said).toContain('playwright(no-focused-test)');
    expect(said).toContain('playwright(valid-expect)');
    expect(said).toContain('eslint(no-unused-expressions)');
    expect(said).toContain('tests/focused.spec.ts');
    expect(said).not.toContain('tests/helper.ts');
    expect(said).toContain('static check failed: oxlint (3 errors, 0 warnings; npm run lint:specs)');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
