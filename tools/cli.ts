// Small helpers shared by the command-line entry points: argument parsing with one-line errors,
// and running Playwright as a child process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs as nodeParseArgs } from 'node:util';

export class UsageError extends Error {}

/**
 * Parses `--name value` and `--flag` arguments with node:util's parseArgs (strict, no positionals);
 * an unknown name or a missing value is a one-line usage error.
 */
export function parseArgs(argv: string[], known: Record<string, 'value' | 'flag'>, usage: string): Record<string, string | boolean> {
  const options = Object.fromEntries(
    Object.entries(known).map(([name, kind]) => [name, { type: kind === 'flag' ? ('boolean' as const) : ('string' as const) }]),
  );
  for (let i = 0; i < argv.length; i++) {
    // node:util takes `--name --other` as the value "--other"; a value never starts with "--" here.
    const name = argv[i].replace(/^--/, '');
    if (known[name] === 'value' && (argv[i + 1] === undefined || argv[i + 1].startsWith('--')))
      throw new UsageError(`--${name} needs a value. Usage: ${usage}`);
    if (known[name] === 'value') i++;
  }
  try {
    return nodeParseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean>;
  } catch (error) {
    const arg = /'([^']+)'/.exec((error as Error).message)?.[1];
    throw new UsageError(
      `${arg ? `unknown argument '${arg.replace(/^(?!-)/, '')}'` : (error as Error).message.split('\n')[0]}. Usage: ${usage}`,
    );
  }
}

/** Runs the main function of a script; expected errors print one line and exit 2. */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: Error) => {
      console.error(`error: ${error.message.split('\n')[0]}`);
      process.exit(2);
    },
  );
}

/**
 * The command that starts Playwright's command line in `cwd`: Node on the package's own script, one
 * process (`npx playwright` would first start npm to find the same script).
 */
export function playwrightCommand(args: string[], cwd = process.cwd()): [string, string[]] {
  return [process.execPath, [path.resolve(cwd, 'node_modules/@playwright/test/cli.js'), ...args]];
}

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
    // In a process group of its own when run elsewhere or when the caller takes the child (to pass
    // on a Ctrl-C): the group is signalled as a whole, as a terminal signals its foreground group.
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
    const timer = setTimeout(() => {
      try {
        if (cwd) process.kill(-child.pid!, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}
