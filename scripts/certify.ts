// `npm run certify [-- --service <name>[,<name>]]`: runs the suite against the configured target (TARGET in .env),
// writes reports/certification.{md,json,html}, reports/coverage.{md,json} and the Allure results, and
// prints the verdict (docs/commands.md, docs/reports.md). Each file is written whole at the end: a run
// killed outright leaves the last verdict; one that cannot start or is interrupted writes its NOT RUN.
// Ctrl-C or SIGTERM: Playwright gets one SIGINT (helpers/run/parent-watch.ts when this process is killed).
// Exit code per verdict: PASS 0, FAIL 1, CONDITIONAL 3, PARTIAL 4, NOT RUN 5; 2: bad arguments, a
// configuration error, or another run holding this checkout. `--baseline`: a regression makes it
// non-zero (helpers/verdict/baseline.ts). `--explain-with <version>` classes each failure by the newer
// provider document (tools/diff/explain.ts); the verdict and exit code stay the certified contract's. `--replay <seed>[:<path>]`
// runs every property and model check with that fast-check seed (FC_SEED, FC_PATH), as a check's `fast-check seed` annotation or
// its failure printed it (docs/properties.md); `--grep <title>` keeps the checks whose title matches (a path replays one check).
import path from 'node:path';
import { baselineLines, compareCertifications, readBaseline, regressionCount } from '../helpers/verdict/baseline.js';
import { VERDICT_EXIT } from '../helpers/verdict/certification.js';
import type { Certification, Verdict } from '../helpers/verdict/model.js';
import { explanationLines, readCertification, rewriteCertification, writeNotRun } from '../helpers/verdict/certification-report.js';
import { acquireRunLock, RUN_LOCK_ENV } from '../helpers/verdict/run-lock.js';
import { PARENT_PID_ENV, watchParent } from '../helpers/run/parent-watch.js';
import { CERTIFY_ENV } from '../helpers/verdict/reporters.js';
import { configurationMistakes } from '../helpers/config/config.js';
import { SERVICES } from '../helpers/contract/services.js';
import { contractVersions, MOCK_VERSION_VARIABLES } from '../helpers/contract/versions.js';
import { explainCertification } from '../tools/diff/explain.js';
import { sweepLedger } from '../helpers/target/sandbox/sweep.js';
import { forgetRun, readGuestLog, summarise } from '../helpers/client/guest/guest-log.js';
import { integerArg, parseArgs, playwright, runMain, serviceArgs, UsageError, type CommandIo, type CommandMain } from '../tools/cli.js';

const USAGE =
  'npm run certify -- [--service <name>[,<name>...]] [--baseline <certification.json>] [--workers <n>] [--explain-with <version>] [--replay <seed>[:<path>]] [--grep <title>]';

/** `--replay`'s seed and path (FC_SEED, FC_PATH): a 32-bit integer, then a fast-check path of numbers joined by colons. */
export function replayEnv(replay: string | undefined, grep: string | undefined): Record<string, string> {
  if (replay === undefined) return {};
  const m = /^(-?[0-9]+)(?::([0-9]+(?::[0-9]+)*))?$/.exec(replay);
  const seed = m ? Number(m[1]) : Number.NaN;
  if (!m || !Number.isSafeInteger(seed) || seed < -2147483648 || seed > 2147483647)
    throw new UsageError(`--replay takes <seed>[:<path>], a seed from -2147483648 to 2147483647 (got ${replay}). Usage: ${USAGE}`);
  // A path is one check's: every other property would walk it too.
  if (m[2] !== undefined && grep === undefined)
    throw new UsageError(`--replay with a path replays one check: name it with --grep <title>. Usage: ${USAGE}`);
  return { FC_SEED: String(seed), ...(m[2] !== undefined ? { FC_PATH: m[2] } : {}) };
}
const REPORTS = path.resolve('reports');

function notRun(io: CommandIo, target: string, reason: string, code = VERDICT_EXIT['NOT RUN'], runId?: string): number {
  writeNotRun(REPORTS, target, reason, [], [], runId);
  io.err(`\nVERDICT: NOT RUN (${reason}) for ${target}. The page reports/certification.html (and reports/certification.md) says so.`);
  return code;
}

/**
 * The end of a run stopped by a signal: NOT RUN (interrupted) in the certification and on the console,
 * exit 5 (unless something worse was found before the stop). Never throws: never an exit 2 as if its arguments were wrong.
 */
export function interruptedEnd(io: CommandIo, target: string, runId: string, signal: string, seconds: number, reports = REPORTS): number {
  let cert: Certification;
  try {
    // The run's own certification says NOT RUN with what ran; one stopped before Playwright wrote it is said NOT RUN here.
    const mine = readCertification(reports, runId);
    if (!mine) cert = writeNotRun(reports, target, `interrupted by ${signal} before the first check`, [], [], runId);
    else if (!mine.interrupted && mine.verdict !== 'NOT RUN') {
      // Playwright had ended its run (the signal came during the sweep after it): not certified either.
      cert = { ...mine, verdict: 'NOT RUN', reason: `interrupted by ${signal} at the end of the run, after ${mine.checks.run} checks ran` };
      rewriteCertification(reports, cert);
    } else cert = mine;
  } catch (error) {
    cert = writeNotRun(
      reports,
      target,
      `interrupted by ${signal} (its results could not be read: ${(error as Error).message.split('\n')[0]})`,
      [],
      [],
      runId,
    );
  }
  const verdict = VERDICT_EXIT[cert.verdict] === undefined ? 'NOT RUN' : cert.verdict;
  // NOT RUN, unless something worse was found before the stop (card data in the outputs: FAIL).
  io.err(
    `\nVERDICT: ${verdict} (${cert.reason ?? `interrupted by ${signal}`}) for ${target} (${seconds.toFixed(0)}s): ${cert.checks?.run ?? 0} checks ran, ${cert.checks?.skipped ?? 0} not run or skipped.${target === 'sandbox' && cert.checks?.run ? " The run's objects on the sandbox were deleted where the API allows it (npm run sandbox:cleanup deletes any left)." : ''} The page reports/certification.html (and reports/certification.md) says so.`,
  );
  return VERDICT_EXIT[verdict];
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(
    argv,
    { service: 'list', baseline: 'value', workers: 'value', 'explain-with': 'value', replay: 'value', grep: 'value' },
    USAGE,
  );
  const replayed = replayEnv(args.replay, args.grep);
  // Several services: a list, or the flag repeated (tools/cli.ts parseArgs).
  const named = serviceArgs(args.service, USAGE);
  const services = SERVICES.filter((s) => !named.length || named.includes(s.name));
  const explainWith = args['explain-with'];
  if (args['explain-with'] !== undefined) {
    const versioned = services.filter((s) => explainWith !== undefined && contractVersions(s.name).includes(explainWith));
    if (versioned.length === 0)
      throw new UsageError(
        `--explain-with ${String(args['explain-with'])} is not a version of a selected service's contract (${services.map((s) => `${s.name}: ${contractVersions(s.name).join(', ')}`).join('; ')})`,
      );
  }
  integerArg(args.workers, 'workers', USAGE, 1);
  // Read before the run replaces the reports (the baseline may be the last run's); a bad one is one error line, exit 2.
  const baseline = args.baseline !== undefined ? readBaseline(args.baseline) : undefined;
  // One run per checkout (helpers/verdict/run-lock.ts): refused before anything under reports/ is touched.
  const lock = acquireRunLock(REPORTS, `npm run certify${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`);
  // From here a signal ends the run with a NOT RUN certification (before Playwright starts: at once).
  let interrupted: string | undefined;
  let child: import('node:child_process').ChildProcess | undefined;
  let signalledAt = 0;
  const stop = (signal: NodeJS.Signals) => {
    // One Ctrl-C reaches this process several times (terminal, npm, tsx): one SIGINT is passed on; Playwright
    // takes a second as "skip the teardown", so only a signal well after the first (a person again) is.
    if (Date.now() - signalledAt < 2000) return;
    signalledAt = Date.now();
    interrupted ??= signal;
    try {
      if (child?.pid) process.kill(-child.pid, 'SIGINT');
    } catch {
      child?.kill('SIGINT');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Started by `certify:stand-in` (its pid in PARENT_PID_ENV): killed outright, it stops this run the same way.
  watchParent();
  // Every mistake of the configuration before Playwright starts, one line each (on a sandbox, every value of the certified services).
  const target = io.env.TARGET || 'mock';
  const mistakes = configurationMistakes(io.env, target === 'sandbox' ? services.map((s) => s.name) : []);
  for (const line of mistakes.lines) io.err(line);
  if (mistakes.code) {
    const errors = mistakes.lines.filter((l) => l.startsWith('configuration error: '));
    return notRun(io, target, `${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, 2);
  }
  // The service projects alone (project self certifies nothing about a target): every report counts the same checks.
  const selected = services.map((s) => s.name);
  // --explain-with on the mocks: unless told otherwise, the mock plays the newer version (its MOCK_VERSION
  // variable), as a target that moved on would; one playing the certified version exercises nothing of it.
  const played: Record<string, string> = {};
  if (target === 'mock' && explainWith !== undefined)
    for (const s of services) {
      const variable = MOCK_VERSION_VARIABLES[s.name];
      if (!variable || !contractVersions(s.name).includes(explainWith)) continue;
      played[variable] = process.env[variable] ?? explainWith;
      io.out(
        `${s.name}: the mock plays ${played[variable]} (${variable}${process.env[variable] ? ', as set' : `=${explainWith}, so that the changes --explain-with ${explainWith} reads are exercised`}).`,
      );
    }
  const projects = [
    ...selected.flatMap((p) => ['--project', p]),
    ...(args.workers ? [`--workers=${args.workers}`] : []),
    ...(args.grep !== undefined ? ['--grep', args.grep] : []),
  ];
  if (replayed.FC_SEED !== undefined)
    io.out(`Replaying fast-check seed ${replayed.FC_SEED}${replayed.FC_PATH ? ` path ${replayed.FC_PATH}` : ''} (FC_SEED, FC_PATH).`);
  io.out(`Certifying ${services.map((s) => s.name).join(', ')} against TARGET=${target}...`);
  // The run's id, chosen here so that its ledger of sandbox objects can be swept from here (helpers/client/guest/guest-log.ts).
  const runId = process.env.SUITE_RUN_ID ?? `${Date.now()}-${process.pid}`;
  if (interrupted) return notRun(io, target, `interrupted by ${interrupted} before the first check`);
  const run = await playwright(
    projects,
    { SUITE_RUN_ID: runId, [RUN_LOCK_ENV]: lock.token, [PARENT_PID_ENV]: String(process.pid), [CERTIFY_ENV]: '1', ...played, ...replayed },
    true,
    80 * 60_000,
    undefined,
    (c) => {
      child = c;
      // A signal that came while Playwright was starting.
      if (interrupted) {
        signalledAt = 0;
        stop(interrupted as NodeJS.Signals);
      }
    },
  );
  // The run's folder under reports/.raw goes once its ledger is swept and its NOT RUN, if any, written (it notes the selection).
  let clean = target !== 'sandbox';
  const forget = (code: number) => {
    if (clean) forgetRun(runId);
    return code;
  };
  if (target === 'sandbox') {
    // Whatever the ledger still holds (a teardown cut short) is deleted now.
    try {
      const swept = await sweepLedger(runId);
      if (swept.deleted || swept.failed.length)
        io.out(
          `Sandbox guest: ${swept.deleted} more objects deleted after the run${swept.failed.length ? `; left: ${swept.failed.join('; ')} (npm run sandbox:cleanup)` : ''}`,
        );
      // The run's certification states the ledger as the run leaves it, these deletions too.
      const own = swept.deleted ? readCertification(REPORTS, runId) : undefined;
      if (own?.guest) rewriteCertification(REPORTS, { ...own, guest: summarise(readGuestLog(runId)) });
      if (!swept.failed.length) clean = true;
    } catch (error) {
      if (!interrupted) throw error;
      io.err(
        `Sandbox guest: the sweep after the stopped run did not end (${(error as Error).message.split('\n')[0]}); npm run sandbox:cleanup deletes what is left`,
      );
    }
  }
  if (interrupted) return forget(interruptedEnd(io, target, runId, interrupted, run.seconds));
  // The previous run's certification stays until this one writes its own: only this run's is read.
  const cert = readCertification(REPORTS, runId);
  if (!cert) {
    // The run stopped before writing its verdict: its own line says why (a stack, if any, is in reports/errors/).
    const why = run.output
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /^(configuration error:|sandbox quota:|error before the first check:|another run holds |error:)/i.test(l));
    return forget(
      notRun(io, target, why ?? `the run stopped before any check (exit ${run.code}; its output above says why)`, undefined, runId),
    );
  }
  forget(0);
  const verdict = cert.verdict as Verdict;
  let regressions = 0;
  if (baseline && args.baseline !== undefined) {
    cert.baseline = compareCertifications(baseline, cert, path.relative(process.cwd(), path.resolve(args.baseline)));
    regressions = regressionCount(cert.baseline);
    io.out(
      `\nComparison with the baseline:\n${baselineLines(cert.baseline)
        .map((l) => `  ${l}`)
        .join('\n')}`,
    );
  }
  // Each service certified at a version older than --explain-with: its failures classed by the newer document.
  const explained: string[] = [];
  for (const s of cert.services) {
    const order = contractVersions(s.service);
    if (explainWith === undefined || !order.includes(explainWith) || order.indexOf(explainWith) <= order.indexOf(s.contractVersion))
      continue;
    // A mock that played an older version than the one explaining exercised none of its changes: no count is given.
    const variable = MOCK_VERSION_VARIABLES[s.service];
    const mockPlayed = target === 'mock' && variable ? (played[variable] ?? s.contractVersion) : undefined;
    if (mockPlayed !== undefined && order.indexOf(mockPlayed) < order.indexOf(explainWith)) {
      explained.push(
        `${s.service}: the mock played ${mockPlayed}, so nothing of ${explainWith} was exercised: no failure is classed (unset ${variable}, or set it to ${explainWith})`,
      );
      continue;
    }
    s.newerVersion = await explainCertification(cert, s.service, explainWith);
    explained.push(...explanationLines(s.newerVersion));
  }
  if (explained.length)
    io.out(`\nThe failures against a newer version (still failures of the certified contract):\n${explained.join('\n')}`);
  else if (explainWith !== undefined)
    io.out(
      `\n--explain-with ${explainWith}: no service of this run was certified at an older version of its contract; nothing to explain.`,
    );
  if (cert.baseline || explained.length) rewriteCertification(REPORTS, cert);
  // A failed service with a newer version of its contract known: the way to tell the announced changes from the rest.
  if (explainWith === undefined)
    for (const s of cert.services.filter((x) => x.verdict === 'FAIL')) {
      const newer = contractVersions(s.service).slice(contractVersions(s.service).indexOf(s.contractVersion) + 1);
      if (newer.length)
        io.out(
          `\n${s.service} ${s.contractVersion} failed and a newer version of its contract is known (${newer.join(', ')}): \`npm run certify -- --explain-with ${newer.at(-1)}\` classes each failure as documented in it or unexplained.`,
        );
    }
  io.out(
    `\nVERDICT: ${verdict}${cert.reason ? ` (${cert.reason})` : ''} for ${cert.target} (${run.seconds.toFixed(0)}s)${baseline ? `; ${regressions} regression(s) against the baseline` : ''}. The page to read and sign: reports/certification.html (also reports/certification.md); each failure's stack is in the Allure report (\`npm run report\`).`,
  );
  const code = VERDICT_EXIT[verdict] ?? 1;
  return regressions && code === 0 ? 1 : code;
};

runMain(import.meta.url, main);
