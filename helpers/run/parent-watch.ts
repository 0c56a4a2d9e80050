// `npm run certify`'s Playwright runs in its own process group (certify passes a Ctrl-C on as SIGINT). Certify killed outright
// (SIGKILL, a closed terminal) passes nothing: the runner watches it and, once it is gone, interrupts itself as a Ctrl-C would
// (checks end interrupted, the teardown cleans the sandbox, NOT RUN). `npm run mock`, a relayed command and certify under
// `certify:stand-in` watch their parent alike (tools/cli.ts runMain). A SIGTERM interrupts as a Ctrl-C: Playwright's runner
// ends a run in order on SIGINT only, and dies at once on SIGTERM.
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
