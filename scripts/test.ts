// `npm test [-- <playwright test options>]`: the static checks (scripts/static-checks.ts), then the
// whole suite in Playwright with the options given. One Node process (`exec` in package.json), so a
// signal reaching npm reaches it; interrupted during the static checks, it ends them and says so in
// the Summary line. Playwright runs in a process group of its own and gets one SIGINT, however many
// reach this process (a second means "skip the teardown"); a SIGTERM reaches it as a SIGINT.
// Killed outright, Playwright's runner interrupts itself (helpers/run/parent-watch.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARENT_PID_ENV } from '../helpers/run/parent-watch.js';
import { exitCodeOf, HelpRequested, playwrightCommand, runMain, type CommandMain } from '../tools/cli.js';
import { stopStaticChecks } from '../tools/static/checks.js';
import { main as staticChecks } from './static-checks.js';

const USAGE = 'npm test [-- <playwright test options>]';
const exitOnSignal = (signal: NodeJS.Signals) => 128 + (os.constants.signals[signal] ?? 0);

export const main: CommandMain = async (argv, io) => {
  // The options after `--` are Playwright's own, so only a lone --help or -h is this command's.
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) throw new HelpRequested(USAGE);
  let playwright: ReturnType<typeof spawn> | undefined;
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupted) return;
    interrupted = signal;
    if (playwright?.pid) {
      try {
        process.kill(-playwright.pid, 'SIGINT');
      } catch {
        playwright.kill('SIGINT');
      }
      return;
    }
    stopStaticChecks();
    io.out(`Summary: 0 passed, 0 failed, 0 skipped (interrupted by ${signal} during the static checks, before any check ran)`);
    process.exit(exitOnSignal(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const code = await exitCodeOf(staticChecks, [], io);
  if (code) return code;
  const began = Date.now();
  playwright = spawn(...playwrightCommand(['test', ...argv]), {
    env: { ...process.env, [PARENT_PID_ENV]: String(process.pid) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return new Promise<number>((resolve) => {
    playwright!.on('close', (exit, signal) => {
      // Interrupted while Playwright was still starting, before its reporters were: it printed no Summary
      // (the suite reporter writes reports/summary.json just before its line).
      const summary = path.resolve('reports', 'summary.json');
      if (interrupted && !(fs.existsSync(summary) && fs.statSync(summary).mtimeMs >= began))
        io.out(`Summary: 0 passed, 0 failed, 0 skipped (interrupted by ${interrupted} as Playwright started, before any check ran)`);
      resolve(exit ?? (signal ? exitOnSignal(signal) : 1));
    });
  });
};

// runMain also keeps the output's reader gone first (a `| tee` ended by the same Ctrl-C) from an EPIPE stack trace.
runMain(import.meta.url, main);
