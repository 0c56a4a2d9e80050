// The command-line entry points' helpers: argument parsing with one-line errors, a script's main (run
// from its command line, or in process by a self test), and Playwright as a child process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as nodeParseArgs } from 'node:util';
import { SERVICES } from '../helpers/contract/services.js';
import { PARENT_PID_ENV, watchParent } from '../helpers/run/parent-watch.js';

export class UsageError extends Error {}

/** `--help` or `-h` among a command's arguments: its usage is printed and it exits 0, having done nothing. */
export class HelpRequested extends Error {
  constructor(readonly usage: string) {
    super(usage);
  }
}

/** value, required: given once; list: a comma list, the flag repeated adding to it (`--service a,b` = `--service a --service b`). */
type ArgKind = 'value' | 'flag' | 'required' | 'list';
type ParsedArgs<K extends Record<string, ArgKind>> = {
  [N in keyof K]: K[N] extends 'flag'
    ? boolean | undefined
    : K[N] extends 'required'
      ? string
      : K[N] extends 'list'
        ? string[]
        : string | undefined;
};

/**
 * `--name value` and `--flag` arguments (node:util, strict): an unknown name, a missing value, a `required` one missing, or a
 * value given twice (never a silent last-wins): a one-line usage error. A value may start with one dash (`--interrupt-after -5`
 * is that number, judged by its own reader).
 */
export function parseArgs<K extends Record<string, ArgKind>>(argv: string[], known: K, usage: string): ParsedArgs<K> {
  if (argv.some((a) => a === '--help' || a === '-h')) throw new HelpRequested(usage);
  const options = Object.fromEntries(
    Object.entries(known).map(([name, kind]) => [
      name,
      kind === 'flag' ? { type: 'boolean' as const } : { type: 'string' as const, multiple: true as const },
    ]),
  );
  // node:util takes `--name --other` as the value "--other" and `--name -5` as ambiguous: each value is joined to its name.
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    const takesValue = argv[i].startsWith('--') && known[name] !== undefined && known[name] !== 'flag';
    if (takesValue && (argv[i + 1] === undefined || argv[i + 1].startsWith('--')))
      throw new UsageError(`--${name} needs a value. Usage: ${usage}`);
    args.push(takesValue ? `${argv[i]}=${argv[++i]}` : argv[i]);
  }
  let parsed: Record<string, string[] | string | boolean | undefined>;
  try {
    parsed = nodeParseArgs({ args, options, strict: true, allowPositionals: false }).values as typeof parsed;
  } catch (error) {
    const arg = /'([^']+)'/.exec((error as Error).message)?.[1];
    throw new UsageError(
      `${arg ? `unknown argument '${arg.replace(/^(?!-)/, '')}'` : (error as Error).message.split('\n')[0]}. Usage: ${usage}`,
    );
  }
  const values: Record<string, string[] | string | boolean | undefined> = {};
  for (const [name, kind] of Object.entries(known)) {
    const given = parsed[name];
    if (kind === 'flag' || given === undefined) values[name] = kind === 'list' ? [] : given;
    else if (kind === 'list') values[name] = listArg((given as string[]).join(','));
    else if ((given as string[]).length > 1)
      throw new UsageError(
        `--${name} was given ${(given as string[]).length} times (${(given as string[]).map((v) => `'${v}'`).join(', ')}): it takes one value. Usage: ${usage}`,
      );
    else values[name] = (given as string[])[0];
  }
  // One missing is named with every other the command needs: `--service and --to are required`.
  const required = Object.keys(known).filter((name) => known[name] === 'required');
  if (required.some((name) => values[name] === undefined))
    throw new UsageError(
      `${required.map((n) => `--${n}`).join(' and ')} ${required.length === 1 ? 'is' : 'are'} required. Usage: ${usage}`,
    );
  return values as ParsedArgs<K>;
}

/**
 * The services `--service` names (a `list` argument, or a `required` one), each one the suite knows, in the order given, once
 * each; `one`: a command that works on one service says so for several, naming them.
 */
export function serviceArgs(
  given: string[] | string | undefined,
  usage: string,
  options: { one?: boolean; known?: readonly string[] } = {},
): string[] {
  const names = [...new Set(listArg(Array.isArray(given) ? given.join(',') : given))];
  for (const name of names) knownService(name, options.known);
  if (options.one && names.length > 1)
    throw new UsageError(
      `--service takes one service here, not ${names.length} (${names.join(', ')}): run it once per service. Usage: ${usage}`,
    );
  return names;
}

/** `--<name>`'s value as a whole number from `min` to `max` (undefined when not given), else a one-line usage error naming both. */
export function integerArg(
  raw: string | undefined,
  name: string,
  usage: string,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (raw === undefined) return undefined;
  if (/^-?[0-9]+$/.test(raw) && Number(raw) >= min && Number(raw) <= max) return Number(raw);
  const range = min === Number.MIN_SAFE_INTEGER ? '' : max === Number.MAX_SAFE_INTEGER ? ` of at least ${min}` : ` from ${min} to ${max}`;
  throw new UsageError(`--${name} must be an integer${range}, not '${raw}'. Usage: ${usage}`);
}

/** A comma-separated argument's items, trimmed, empty ones left out ([] when not given). */
export const listArg = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `--<name>`'s value as a regular expression (undefined when not given), else a one-line usage error. */
export function patternArg(raw: string | undefined, name: string, usage: string): RegExp | undefined {
  try {
    return raw === undefined ? undefined : new RegExp(raw);
  } catch {
    throw new UsageError(`--${name} must be a regular expression, not '${raw}'. Usage: ${usage}`);
  }
}

/** A service the suite knows (helpers/contract/services.ts), else `unknown service '<name>' (known: ...)`. */
export function knownService(name: string | undefined, known: readonly string[] = SERVICES.map((s) => s.name)): string {
  if (name === undefined || !known.includes(name)) throw new UsageError(`unknown service '${name}' (known: ${known.join(', ')})`);
  return name;
}

/** Where a command writes its lines and the environment it reads: the process's, or a self test's (tests/self/commands.known.ts, runInProcess). */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
}

const processIo: CommandIo = { out: (text) => console.log(text), err: (text) => console.error(text), env: process.env };

/** A command's main: its arguments (after the script's name), where it writes; resolves to its exit code. */
export type CommandMain = (argv: string[], io: CommandIo) => Promise<number | void>;

/** Runs a main to its exit code: an error is its first line on `err` and exit 2; `--help` its usage on `out` and 0. */
export async function exitCodeOf(main: CommandMain, argv: string[], io: CommandIo): Promise<number> {
  try {
    return (await main(argv, io)) ?? 0;
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.out(`Usage: ${error.usage.replace(/^Usage: /, '')}`);
      return 0;
    }
    io.err(`error: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  }
}

/**
 * When the module at `moduleUrl` is the program Node started (compared as real paths: a linked checkout
 * starts it through a symbolic link), runs `main` on the process's arguments and exits with its code.
 * `detach`: a command whose end must outlive its terminal runs in a process group of its own behind a
 * relay passing its output, Ctrl-C and SIGTERM on; the relay killed, the command watching it is
 * interrupted as by Ctrl-C (helpers/run/parent-watch.ts).
 */
export function runMain(moduleUrl: string, main: CommandMain, options: { detach?: boolean } = {}): void {
  if (!isProgram(moduleUrl)) return;
  // The reader of its output may be gone before its end: a write then is lost, never an EPIPE stack trace.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  if (options.detach) {
    if (!process.env[PARENT_PID_ENV]) return relay();
    watchParent();
  }
  void exitCodeOf(main, process.argv.slice(2), processIo).then((code) => process.exit(code));
}

/** The program again, in a process group of its own, its output, signals and exit code passed through. */
function relay(): void {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    env: { ...process.env, [PARENT_PID_ENV]: String(process.pid) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  // Every Ctrl-C and SIGTERM (npm relays them too): the command tells a repeat from a new one.
  const pass = (signal: NodeJS.Signals) => {
    try {
      process.kill(child.pid!, signal);
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  child.on('close', (code, signal) => {
    process.off('SIGINT', pass);
    process.off('SIGTERM', pass);
    process.exitCode = code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0);
  });
}

function isProgram(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return fs.realpathSync(path.resolve(started)) === fs.realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** Runs `work` over `items` with at most `jobs` at a time; `slot` tells the concurrent runs apart. */
export async function pool<T>(items: T[], jobs: number, work: (item: T, slot: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async (_, slot) => {
      while (next < items.length) await work(items[next++], slot);
    }),
  );
}

/** Playwright's command line in `cwd`: Node on the package's own script, one process (not `npx`). */
export const playwrightCommand = (args: string[], cwd = process.cwd()): [string, string[]] => [
  process.execPath,
  [path.resolve(cwd, 'node_modules/@playwright/test/cli.js'), ...args],
];

export interface RunResult {
  code: number;
  output: string;
  seconds: number;
}

/** Runs `npx playwright test <args>` with extra env; streams output when `echo` is set. */
export function playwright(
  args: string[],
  env: Record<string, string>,
  echo: boolean,
  timeoutMs = 15 * 60_000,
  cwd?: string,
  onSpawn?: (child: import('node:child_process').ChildProcess) => void,
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    // In a process group of its own when run elsewhere or when the caller takes the child, signalled as a whole.
    const child = spawn(...playwrightCommand(['test', ...args], cwd), {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: Boolean(cwd) || Boolean(onSpawn),
    });
    onSpawn?.(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // The whole process group: Playwright's workers and the mocks they started go with it.
    const signal = (name: NodeJS.Signals) => {
      try {
        if (cwd) process.kill(-child.pid!, name);
        else child.kill(name);
      } catch {
        child.kill(name);
      }
    };
    // A worker spinning in a mutant's endless loop never runs its SIGTERM handler: SIGKILL follows, and again once the runner has gone.
    let timedOut = false;
    let kill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      signal('SIGTERM');
      kill = setTimeout(() => signal('SIGKILL'), 10_000);
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(kill);
      if (timedOut && cwd) signal('SIGKILL');
      resolve({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}
