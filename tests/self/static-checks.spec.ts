// Covers: the type check, the format check and Biome's linter of `npm test` (tools/static/checks.ts)
// fail a tree that breaks them and name the file, each through its own command line in a child process;
// Oxlint fails a spec that breaks Playwright's rules, and only a spec; the layering check
// (tools/static/layering.ts) names each forbidden import and each cycle.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir } from './support.known.js';
import { runStaticChecks } from '../../tools/static/checks.js';

test('the type check, the format check and the linter fail a tree with a type error, an unformatted file and a debugger statement, naming each', async () => {
  await inTempDir('static-checks-', async (root) => {
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
  });
});

test("Oxlint fails a spec that breaks Playwright's rules (a focused test, a matcher never called, a bare expression), naming each rule", async () => {
  await inTempDir('static-checks-', async (root) => {
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
  });
});

test('the layering check names each forbidden import by its rule and each cycle (imports, type-only, import(), import types), and nothing allowed', async () => {
  await inTempDir('layering-', async (root) => {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    const rooms = ['config', 'secrets', 'contract', 'auth', 'client', 'target', 'verdict', 'run'];
    const expected: string[] = [];
    rooms.forEach((room, i) => {
      write(`helpers/${room}/base.ts`, 'export const base = 1;\n');
      if (i === 0) return;
      // A room reads the one below it (allowed); the one below reaching up is its rule's violation.
      write(`helpers/${room}/reads-below.ts`, `export { base } from '../${rooms[i - 1]}/base.js';\n`);
      write(`helpers/${rooms[i - 1]}/reaches-up.ts`, `import type { base } from '../${room}/base.js';\nexport type B = typeof base;\n`);
      expected.push(`error ${rooms[i - 1]}-imports-only-below: helpers/${rooms[i - 1]}/reaches-up.ts → helpers/${room}/base.ts`);
    });
    write('tools/tool.ts', "import { base } from '../helpers/run/base.js';\nexport const tool = base;\n");
    write('helpers/run/uses-tool.ts', "export const t = async () => (await import('../../tools/tool.js')).tool;\n");
    expected.push('error runtime-is-not-tooling: helpers/run/uses-tool.ts → tools/tool.ts');
    write(
      'mocks/mock.ts',
      "import { base } from '../helpers/contract/base.js';\nexport type T = import('../helpers/target/base.js').X;\nexport const m = base;\n",
    );
    expected.push('error mocks-see-contract-only: mocks/mock.ts → helpers/target/base.ts');
    write('fixtures/fixture.ts', "export * as s from '../scripts/script.js';\n// import('../tests/a.spec.js') in a comment is no import\n");
    write('scripts/script.ts', 'export const s = 1;\n');
    write('tests/a.spec.ts', 'export const a = 1;\n');
    expected.push('error fixtures-not-tools: fixtures/fixture.ts → scripts/script.ts');
    write('helpers/contract/one.ts', "import { two } from './two.js';\nexport const one = () => two;\n");
    write('helpers/contract/two.ts', "import { one } from './one.js';\nexport const two = () => one;\n");
    expected.push('error no-circular: helpers/contract/one.ts → helpers/contract/two.ts → helpers/contract/one.ts');
    write('helpers/client/t1.ts', "import type { T2 } from './t2.js';\nexport interface T1 { t?: T2 }\n");
    write('helpers/client/t2.ts', "export interface T2 { t?: import('./t1.js').T1 }\n");
    expected.push('error no-circular: helpers/client/t1.ts → helpers/client/t2.ts → helpers/client/t1.ts');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l), env: {} };
    expect(await runStaticChecks(io, root, ['layering'])).toEqual(['layering']);
    const errors = lines.flatMap((l) => l.split('\n')).filter((l) => l.startsWith('error '));
    const found = errors.map((l) => l.replace(/ \(.*\)$/, ''));
    expect(found.sort()).toEqual(expected.sort());
    expect(lines.join('\n')).toContain(`static check failed: layering (${expected.length} violations; npm run lint:deps)`);
  });
});
