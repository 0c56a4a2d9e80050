// Runs once before the workers: fresh report folders, and in sandbox mode a reachability check
// that fails fast with one clear line instead of a suite of time-outs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import { exitOnConfigError, suiteConfig } from '../config/config.js';
import { BREAKER_DIR_ENV } from '../client/breaker.js';
import { clearCoverageRecords } from '../client/coverage.js';
import { diagnose } from '../config/env-schema.js';
import { SERVICES } from '../contract/services.js';
import { preflight, PREFLIGHT_PREFIX } from '../target/preflight.js';
import { preflightPlan } from '../target/preflight-plans.js';
import { loadContract } from '../contract/contract.js';
import { computeCoverage, writeCoverage } from '../verdict/coverage-report.js';
import { overallVerdict, serviceVerdict, VERDICT_EXIT, type Certification } from '../verdict/certification.js';
import { writeCertification } from '../verdict/certification-report.js';
import { loadRules } from '../contract/rules.js';
import { countTestingCustomers, quotaRefusal } from '../target/sandbox/quota.js';
import { RPS_SHARE_ENV } from '../client/guest/rate.js';
import { readGuestLog, summarise } from '../client/guest/guest-log.js';
import { sweepLedger } from '../target/sandbox/sweep.js';
import { checkFdTestData, LINKED_UNUSABLE_ENV } from '../target/sandbox/prepare.js';

/** The run's shared counts of the repeated-failure breaker (helpers/client/breaker.ts): the workers inherit the variable; the teardown removes the folder. */
function startBreaker(): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-breaker-'));
  process.env[BREAKER_DIR_ENV] = dir;
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * After a sandbox run: whatever the ledger still holds is deleted (a check or worker that was
 * interrupted did not delete its own), and the account is printed; the certification reads it.
 */
function guestTeardown(breakerTeardown: () => Promise<void>): () => Promise<void> {
  return async () => {
    await breakerTeardown();
    const swept = await sweepLedger();
    const summary = summarise(readGuestLog());
    const left = summary.leftBehind.filter((l) => l.deletable).length;
    console.log(`Sandbox guest: ${summary.created} objects created, ${summary.deleted} deleted${swept.deleted ? ` (${swept.deleted} at the end of the run)` : ''}, `
      + `${left} deletable left${swept.failed.length ? ` (${swept.failed.slice(0, 3).join('; ')})` : ''}, ${summary.leftBehind.length - left} the API cannot delete; ${summary.retries} calls waited out a 429 (${summary.retryWaitSeconds} s)`);
  };
}

export default async function globalSetup(config: FullConfig) {
  const settings = exitOnConfigError(() => suiteConfig());
  clearCoverageRecords();
  // The mutation run keeps the last real run's results (it runs with its own reporter).
  if (!process.env.SUITE_KEEP_REPORTS) fs.rmSync(path.join(settings.reportsDir, 'allure-results'), { recursive: true, force: true });
  if (settings.target !== 'sandbox') return startBreaker();
  // A guest's pace: the run's SANDBOX_MAX_RPS shared by its workers (helpers/client/guest/rate.ts).
  const rps = settings.sandboxMaxRps;
  if (rps > 0) process.env[RPS_SHARE_ENV] = String(rps / Math.max(1, config.workers));
  const selected = new Set(config.projects.map((p) => p.name));
  const configured: string[] = [];
  for (const service of SERVICES) {
    if (!selected.has(service.name)) continue;
    const url = settings.env[service.sandboxBaseUrlEnv];
    if (!url) continue; // not part of this certification: its tests skip with that reason
    // helpers/config/env-schema.ts: what the service cannot run without (`npm run doctor` tells it all).
    const missing = diagnose(settings.env).find((d) => d.service === service.name)?.missingRequired ?? [];
    if (missing.length) {
      console.error(`configuration error: ${service.name}: ${service.sandboxBaseUrlEnv} is set but ${missing.join('; ')} ${missing.length > 1 ? 'are' : 'is'} not (see .env.example; npm run doctor)`);
      process.exit(2);
    }
    try {
      await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    } catch (error) {
      const c = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
      const cause = c?.code ?? c?.errors?.[0]?.code ?? c?.message ?? (error as Error).message;
      console.error(`sandbox unreachable: ${service.name} at ${new URL(url).origin} (${service.sandboxBaseUrlEnv}): ${cause}`);
      process.exit(1);
    }
    configured.push(service.name);
  }
  // Preflight: when every configured service is stopped, the verdict is known now; the
  // run ends here with the NOT RUN certification naming each cause, not after every check skipped.
  const causes = await Promise.all(configured.map(async (service) => ({ service, cause: await preflight(await preflightPlan(service)) })));
  // The testing-customer quota: a run that would go past it does not start (helpers/target/sandbox/quota.ts).
  if (causes.some((c) => c.service === 'financial-data' && !c.cause)) {
    const existing = await countTestingCustomers();
    const refusal = typeof existing === 'number' ? quotaRefusal(config.workers, existing) : undefined;
    if (refusal) {
      console.error(`sandbox quota: ${refusal}`);
      process.exit(2);
    }
  }
  // The configured test data, judged before any check: a linked customer that is missing or not a
  // testing customer makes the checks that read it NOT RUN with that reason, never FAIL.
  if (causes.some((c) => c.service === 'financial-data' && !c.cause)) {
    const context = await request.newContext();
    try {
      const data = await checkFdTestData(context);
      for (const line of data.lines) console.log(`preflight: financial-data: ${line}`);
      if (data.unusable) process.env[LINKED_UNUSABLE_ENV] = data.unusable;
    } finally {
      await context.dispose();
    }
  }
  if (configured.length === 0 || causes.some((c) => !c.cause)) return guestTeardown(startBreaker());
  const services = [];
  const coverage = [];
  for (const { service, cause } of causes) {
    const contract = await loadContract(service);
    const cov = computeCoverage(contract, []);
    const title = SERVICES.find((s) => s.name === service)!.title;
    const v = serviceVerdict(service, title, contract.defaultSource, [], cov, loadRules(service).rules);
    v.warning = `stopped by the ${PREFLIGHT_PREFIX}${cause}`;
    services.push(v);
    coverage.push(cov);
  }
  const { verdict, reason } = overallVerdict(services, false);
  const cert: Certification = { target: 'sandbox', generatedAt: new Date().toISOString(), verdict, ...(reason ? { reason } : {}), checks: { selected: 0, run: 0, skipped: 0 }, services };
  writeCoverage(settings.reportsDir, coverage);
  writeCertification(settings.reportsDir, cert, coverage);
  for (const s of services) console.log(`Certification ${s.service}: ${s.verdict} (${s.warning})`);
  console.log(`Certification verdict (sandbox): ${verdict}${reason ? ` - ${reason}` : ''}  -> reports/certification.md`);
  console.log('Summary: 0 passed, 0 failed, 0 skipped (every configured service stopped by its preflight)');
  process.exit(VERDICT_EXIT[verdict]);
}
