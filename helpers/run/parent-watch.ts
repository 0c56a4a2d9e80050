// Playwright started by `npm run certify` runs in a process group of its own (certify passes it
// one SIGINT for a Ctrl-C, as a terminal would). Killed outright (SIGKILL of npm's process group,
// a closed terminal), certify cannot pass anything on: the runner watches it, and when it is gone
// interrupts itself as a Ctrl-C would, so that the checks in progress end as interrupted, the
// teardown deletes what the run made on a sandbox and the certification says NOT RUN. The
// standalone mock (`npm run mock`) watches the npm that started it the same way, and closes; so
// does a command behind its relay, and certify started by `certify:stand-in` (tools/cli.ts runMain).
// A SIGTERM (npm passes one on to its script) interrupts as a Ctrl-C does: Playwright's runner
// ends a run in order (its Summary line printed) on SIGINT only, and dies at once on SIGTERM.
import { alive } from '../client/guest/turns.js';

/** Set for a command by what started it (certify for Playwright's runner, npm for the mock): the pid whose end interrupts it. */
export const PARENT_PID_ENV = 'SUITE_PARENT_PID';
/** How often the runner looks. */
const PARENT_WATCH_MS = 1000;

/** In the runner (not a worker) or a command: interrupts this process with SIGINT on a SIGTERM, and once the process named by PARENT_PID_ENV has ended. */
// `env`: the environment it reads (a test runs it inside a Playwright worker, whose own marks it must not take for its own).
export function watchParent(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TEST_WORKER_INDEX) return;
  process.on('SIGTERM', () => process.kill(process.pid, 'SIGINT'));
  const pid = Number(env[PARENT_PID_ENV]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  // A child of certify is moved to another parent when certify ends (a zombie still answers kill 0).
  const child = process.ppid === pid;
  const timer = setInterval(() => {
    if (alive(pid) && (!child || process.ppid === pid)) return;
    clearInterval(timer);
    // Its reader is gone: a write to the console must not end the run before its teardown.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    process.kill(process.pid, 'SIGINT');
  }, PARENT_WATCH_MS);
  timer.unref();
}
