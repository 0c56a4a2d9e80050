// `npm test [-- <playwright test options>]`: the static checks (scripts/static-checks.ts), then the
// whole suite in Playwright with the options given. npm relays a signal to its script's process
// alone (a CI cancelling a job): through `sh -c`, a SIGINT stayed with the shell until the static
// checks had ended, and a SIGTERM ended the shell and npm with the checks still running. This one
// Node process is the script's (`exec` in package.json), so whatever signal reaches npm reaches it.
// Interrupted during the static checks, it ends them and says so in the closing Summary line.
// Playwright runs in a process group of its own and gets one SIGINT, however many reach this
// process (a terminal's Ctrl-C comes from the terminal and again through npm; Playwright takes a
// second as "skip the teardown"); a SIGTERM reaches it as a SIGINT, so it still ends in order with
// its Summary line. Killed outright, this process is watched by Playwright's runner
// (helpers/run/parent-watch.ts), which interrupts itself the same way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARENT_PID_ENV } from '../helpers/run/parent-watch.js';
import { exitCodeOf, playwrightCommand, processIo } from '../tools/cli.js';
import { stopStaticChecks } from '../tools/static/checks.js';
import { main as staticChecks } from './static-checks.js';

const exitOnSignal = (signal: NodeJS.Signals) => 128 + (os.constants.signals[signal] ?? 0);

let playwright: ReturnType<typeof spawn> | undefined;
let interrupted: NodeJS.Signals | undefined;

function onSignal(signal: NodeJS.Signals): void {
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
  console.log(`Summary: 0 passed, 0 failed, 0 skipped (interrupted by ${signal} during the static checks, before any check ran)`);
  process.exit(exitOnSignal(signal));
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// The reader of the output may be gone first (a `| tee` ended by the same Ctrl-C): never an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

const code = await exitCodeOf(staticChecks, [], processIo);
if (code) process.exit(code);
const began = Date.now();
playwright = spawn(...playwrightCommand(['test', ...process.argv.slice(2)]), {
  env: { ...process.env, [PARENT_PID_ENV]: String(process.pid) },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
playwright.on('close', (exit, signal) => {
  // Interrupted while Playwright was still starting, before its reporters were: it printed no Summary
  // (the suite reporter writes reports/summary.json just before its line).
  const summary = path.resolve('reports', 'summary.json');
  if (interrupted && !(fs.existsSync(summary) && fs.statSync(summary).mtimeMs >= began))
    console.log(`Summary: 0 passed, 0 failed, 0 skipped (interrupted by ${interrupted} as Playwright started, before any check ran)`);
  process.exit(exit ?? (signal ? exitOnSignal(signal) : 1));
});
