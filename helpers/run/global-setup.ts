// Runs once before the workers: takes the checkout (one run per checkout), fresh report folders, and on a sandbox the
// configuration's and target's judgement (helpers/run/sandbox-start.ts). An error before the first check ends the run NOT
// RUN with one line naming the cause, no stack on the console.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import { ConfigError, suiteConfig } from '../config/config.js';
import type { Env } from '../config/env-schema.js';
import { BREAKER_DIR_ENV } from '../client/breaker.js';
import { KEY_POOL_ENV } from '../auth/key-pool.js';
import { clearCoverageRecords } from '../client/coverage.js';
import { SERVICES } from '../contract/services.js';
import { PREFLIGHT_PREFIX } from '../target/preflight.js';
import { preflight } from '../target/sandbox/readiness.js';
import { loadContract } from '../contract/contract.js';
import { computeCoverage, writeCoverage } from '../verdict/coverage-report.js';
import { overallVerdict, serviceVerdict, stopService, VERDICT_EXIT } from '../verdict/certification.js';
import { writeNotRun } from '../verdict/certification-report.js';
import { acquireRunLock, RUN_LOCK_ENV, RunRefused } from '../verdict/run-lock.js';
import { withoutSuiteReporter, writesCertification } from '../verdict/reporters.js';
import { loadRules } from '../contract/rules.js';
import { RPS_SHARE_ENV } from '../client/guest/rate.js';
import { readGuestLog, summarise } from '../client/guest/guest-log.js';
import { sweepLedger } from '../target/sandbox/sweep.js';
import { forgetStates } from '../client/guest/shared-state.js';
import { errorLine, logError } from './error-log.js';
import { sandboxStart } from './sandbox-start.js';
import { startListenerHub } from '../client/listener-hub.js';
import { SANDBOX_LISTENERS } from '../target/listeners.js';

/** The run's shared counts of the repeated-failure breaker (helpers/client/breaker.ts): the workers inherit the variable; the teardown removes the folder. */
function startBreaker(): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-breaker-'));
  process.env[BREAKER_DIR_ENV] = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The run's folder of mock key pairs (helpers/auth/key-pool.ts), read by a restarted worker; removed with the breaker's. */
function startKeyPool(then: () => Promise<void>): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-keys-'));
  process.env[KEY_POOL_ENV] = dir;
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await then();
  };
}

/** After a sandbox run: what the ledger still holds (left by an interrupted check) is deleted and the account printed. */
const guestTeardown =
  (breakerTeardown: () => Promise<void>, closeListeners: () => Promise<void>): (() => Promise<void>) =>
  async () => {
    await closeListeners();
    await breakerTeardown();
    forgetStates();
    const swept = await sweepLedger();
    const summary = summarise(readGuestLog());
    const left = summary.leftBehind.filter((l) => l.deletable).length;
    console.log(
      `Sandbox guest: ${summary.created} objects created, ${summary.deleted} deleted${swept.deleted ? ` (${swept.deleted} at the end of the run)` : ''}, ` +
        `${left} deletable left${swept.failed.length ? ` (${swept.failed.slice(0, 3).join('; ')})` : ''}, ${summary.leftBehind.length - left} the API cannot delete; ${summary.retries} calls waited out a 429 (${summary.retryWaitSeconds} s)`,
    );
  };

/** Each running service's listener (helpers/target/listeners.ts), held here for every worker: one port, one process. */
async function startListeners(env: Env, services: { service: string; cause?: string }[]): Promise<() => Promise<void>> {
  const hubs: { close: () => Promise<void> }[] = [];
  for (const listener of SANDBOX_LISTENERS) {
    if (!env[listener.publicUrl] || !services.some((s) => s.service === listener.service && !s.cause)) continue;
    const port = Number(env[listener.port] ?? 0);
    hubs.push(
      await startListenerHub(port, listener.answer).catch((error: Error) => {
        throw new ConfigError(`${listener.port}: ${error.message}`);
      }),
    );
  }
  return async () => {
    for (const hub of hubs) await hub.close();
  };
}

export default async function globalSetup(config: FullConfig) {
  const reportsDir = path.resolve(process.cwd(), 'reports');
  // One run per checkout (helpers/verdict/run-lock.ts): before anything is written under reports/.
  try {
    acquireRunLock(reportsDir);
  } catch (error) {
    if (!(error instanceof RunRefused)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  // The workers are not runs of their own: the holder's token stays with this process.
  delete process.env[RUN_LOCK_ENV];
  try {
    return await setup(config);
  } catch (error) {
    return stopBeforeFirstCheck(reportsDir, error);
  }
}

/** An error before the first check ends the run NOT RUN naming the cause: a configuration error (exit 2), else a line, stack logged. */
function stopBeforeFirstCheck(reportsDir: string, error: unknown): never {
  let target = process.env.TARGET || 'mock';
  try {
    target = suiteConfig().target;
  } catch {
    // The configuration itself is what failed.
  }
  const env = process.env as Env;
  const config = error instanceof ConfigError;
  const line = config ? `configuration error: ${error.message}` : errorLine(error, logError(reportsDir, error, env, 'global setup'));
  writeNotRun(reportsDir, target, line);
  console.error(line);
  console.log(`Certification verdict (${target}): NOT RUN  -> reports/certification.md`);
  process.exit(config ? 2 : VERDICT_EXIT['NOT RUN']);
}

async function setup(config: FullConfig) {
  const settings = suiteConfig();
  clearCoverageRecords();
  // The mutation run keeps the last real run's results (it runs with its own reporter).
  if (!process.env.SUITE_KEEP_REPORTS) fs.rmSync(path.join(settings.reportsDir, 'allure-results'), { recursive: true, force: true });
  // A --reporter without the suite's: the last certification does not stand for this run (stderr: a
  // reporter the user chose may print its report on stdout).
  if (!process.env.SUITE_KEEP_REPORTS && !writesCertification(config.reporter)) {
    const reason = withoutSuiteReporter(config.reporter);
    writeNotRun(settings.reportsDir, settings.target, reason);
    console.error(`Certification verdict (${settings.target}): NOT RUN - ${reason}  -> reports/certification.md`);
  }
  if (settings.target !== 'sandbox') return startKeyPool(startBreaker());
  // A guest's pace: the run's SANDBOX_MAX_RPS shared by its workers (helpers/client/guest/rate.ts).
  const rps = settings.sandboxMaxRps;
  if (rps > 0) process.env[RPS_SHARE_ENV] = String(rps / Math.max(1, config.workers));
  const start = await sandboxStart(settings.env, [...new Set(config.projects.map((p) => p.name))], {
    workers: config.workers,
    preflight: (service) => preflight(service, settings.env),
    withRequest: async (use) => {
      const context = await request.newContext();
      try {
        return await use(context);
      } finally {
        await context.dispose();
      }
    },
  });
  for (const line of start.lines) (line.stream === 'err' ? console.error : console.log)(line.text);
  if (start.stop) {
    writeNotRun(settings.reportsDir, 'sandbox', start.stop.reason);
    console.log(`Certification verdict (sandbox): NOT RUN - ${start.stop.reason}  -> reports/certification.md`);
    process.exit(start.stop.code);
  }
  // When every configured service is stopped by its preflight, the verdict is known now: the run
  // ends here with the NOT RUN certification naming each cause, not after every check skipped.
  if (!start.allStopped) return guestTeardown(startBreaker(), await startListeners(settings.env, start.causes));
  const services = [];
  const coverage = [];
  for (const { service, cause } of start.causes) {
    const contract = await loadContract(service);
    const cov = computeCoverage(contract, []);
    const title = SERVICES.find((s) => s.name === service)!.title;
    const v = serviceVerdict(service, title, contract.defaultSource, [], cov, loadRules(service).rules);
    stopService(v, `${PREFLIGHT_PREFIX}${cause}`);
    services.push(v);
    coverage.push(cov);
  }
  // No check ran: NOT RUN, naming each service's cause.
  const { reason = 'no check ran' } = overallVerdict(services, false);
  writeCoverage(settings.reportsDir, coverage);
  writeNotRun(settings.reportsDir, 'sandbox', reason, services, coverage);
  for (const s of services) console.log(`Certification ${s.service}: ${s.verdict} (${s.warning})`);
  console.log(`Certification verdict (sandbox): NOT RUN - ${reason}  -> reports/certification.md`);
  console.log('Summary: 0 passed, 0 failed, 0 skipped (every configured service stopped by its preflight)');
  process.exit(VERDICT_EXIT['NOT RUN']);
}
