// One Playwright project per service plus `self` (tests of the suite). The suite reporter scans
// every output of the run for card data and secrets at the end (helpers/verdict/leak-scan.ts).
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { exitOnConfigError, suiteConfig } from './helpers/config/config';
import { SERVICES } from './helpers/contract/services';
import { chosenVersion, mockVersion } from './helpers/contract/versions';
import { laneDir, laneProjects } from './helpers/client/mutation-lane';
import { KEPT_WORKER_REPORTER } from './helpers/client/kept-worker';
import { CERTIFY_ENV, LEAK_PATTERNS_MODULE, SUITE_REPORTER } from './helpers/verdict/reporters';
import { PARENT_PID_ENV, watchParent } from './helpers/run/parent-watch';
import { openSentLedger } from './helpers/secrets/sent-ledger';
import { BLOB_DIR, targetHosts } from './helpers/verdict/provenance';
import { customerQuota, FD_TURN_PROJECT_ENV, fdWorkerCap } from './helpers/target/sandbox/quota';
import { loadContract } from './helpers/contract/contract';

const settings = exitOnConfigError(() => suiteConfig());
// A contract version no folder holds (FD_CONTRACT_VERSION, FD_MOCK_VERSION) stops the run with one line.
exitOnConfigError(() => SERVICES.forEach((s) => [chosenVersion(s.name), mockVersion(s.name)]));
// A misspelled MOCK_FAULTS id would give a green run that switched nothing on. Judged by the runner
// only, when faults are named: the fault catalogues load every mock, which a worker (started again
// after each failed check) of one service does not need.
if (settings.target === 'mock' && settings.mockFaults.length > 0 && !process.env.TEST_WORKER_INDEX) {
  const unknownFaults = (await import('./mocks/index')).unknownFaultsMessage(settings.mockFaults);
  if (unknownFaults) {
    console.error(`configuration error: ${unknownFaults}`);
    process.exit(2);
  }
}
// Started by `npm run certify` or `npm test` (scripts/test.ts): interrupted as by Ctrl-C when that is
// killed outright. The runner's alone: a command a worker starts is not another command's child.
watchParent();
delete process.env[PARENT_PID_ENV];
// Identifies this run's coverage records (helpers/client/coverage.ts); the workers inherit it.
process.env.SUITE_RUN_ID ??= `${Date.now()}-${process.pid}`;
// The security codes the workers send, known to the reporters without being kept in clear (helpers/secrets/sent-ledger.ts).
openSentLedger(process.env.SUITE_RUN_ID);

// A contract's version for the report's environment, which only the runner writes (a worker, one
// more after each failed check, loads this file too).
function contractVersion(service: string): string {
  if (process.env.TEST_WORKER_INDEX) return 'unknown';
  try {
    return chosenVersion(service);
  } catch {
    return 'unknown';
  }
}

// The console: under `npm run certify`, and against a sandbox (reports polled in real time, a run of
// many minutes), progress per service, a line per failure and the verdict last; `dot` in CI; `list`
// otherwise. The other reports list every check, each failure's stack with it.
const consoleReporter =
  process.env[CERTIFY_ENV] || settings.target === 'sandbox' ? './helpers/verdict/progress-reporter.ts' : process.env.CI ? 'dot' : 'list';

// On the mocks, one worker per project, the run's two workers on two projects at once (card
// enrollment then financial data beside installments then the suite's own tests): each worker starts
// Playwright, loads its fixtures and mock, and compiles the contract's validators it uses, so two
// workers on one project paid for all of it twice. The projects' work is about even on each side.
// A sandbox run waits on the network, not the CPU: its projects keep every worker. A user's own
// --workers (-j) is the user's choice for every project, on the mocks too.
const userWorkers = process.argv.some((a) => /^(--workers|-j)(=|$)/.test(a));
const perProject = settings.target === 'mock' && !userWorkers ? { workers: 1 } : {};
// What each service's checks ran against travels in its project's metadata, which a blob report
// keeps: `npm run merge` of runs made elsewhere (a CI job per service) names their target, not its own.
const hosts = targetHosts();
// A sandbox run: financial data, the longest, first in the queue (SANDBOX_ORDER below), on at most the workers its testing-customer quota holds
// (helpers/target/sandbox/quota.ts fdWorkerCap; the runner's dispatcher reads a project's `workers`, a worker needs it not);
// the run's other workers take the other services' checks meanwhile, whose waits (an effectuation's minute) then overlap.
const sandbox = settings.target === 'sandbox';
const fdCap =
  sandbox && !process.env.TEST_WORKER_INDEX ? fdWorkerCap(customerQuota(await loadContract('financial-data'), settings.env)) : undefined;
// The queue's order: financial data, then installments (its checks waiting a minute on an effectuation begin while financial
// data runs, not after card enrollment's quick ones), then card enrollment.
const SANDBOX_ORDER = ['financial-data', 'installments', 'card-enrollment'];
const rank = (name: string) => (SANDBOX_ORDER.includes(name) ? SANDBOX_ORDER.indexOf(name) : SANDBOX_ORDER.length);
const ordered = sandbox ? [...SERVICES].sort((a, b) => rank(a.name) - rank(b.name)) : SERVICES;
// A capped project's `workers` is in its metadata too: a reporter sees no project's `workers` (the progress line's estimate reads it).
const capped = (workers: number | undefined) => (workers ? { workers, metadata: { workers } } : {});
const serviceProjects = ordered.flatMap((s) => {
  const project = { name: s.name, testDir: `./tests/${s.name}`, ...perProject };
  const metadata = { target: settings.target, targetHost: hosts[s.name] };
  if (!sandbox || s.name !== 'financial-data') return [{ ...project, metadata }];
  // On a sandbox the financial data files whose checks take the run's TxPush turn one at a time (fdTxPushTurn: seed 002,
  // DisableTxPushNotifications ends every subscription of an account) are a project of their own under the same name, first in
  // the queue on one worker of financial data's quota: they run one after another beside the others from the start, where in
  // file order they came last and every worker waited on the turn at the end. The same split in the runner and the workers.
  // The runner decides (its quota's cap: one worker cannot be split), the workers it starts inherit the decision.
  const turnFiles = fs.readdirSync(project.testDir).filter((f) => /fdTxPushTurn/.test(fs.readFileSync(`${project.testDir}/${f}`, 'utf8')));
  if (!process.env.TEST_WORKER_INDEX) process.env[FD_TURN_PROJECT_ENV] = fdCap && fdCap > 1 && turnFiles.length ? '1' : '0';
  if (process.env[FD_TURN_PROJECT_ENV] !== '1') return [{ ...project, metadata, ...capped(fdCap) }];
  const rest = capped(fdCap && fdCap - 1);
  return [
    { ...project, testMatch: turnFiles, ...capped(1), metadata: { ...metadata, workers: 1 } },
    { ...project, testIgnore: turnFiles, ...rest, metadata: { ...metadata, ...rest.metadata } },
  ];
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A check takes well under 10 s on the mocks on a quiet machine; a loaded shared runner makes that
  // several times as much. A sandbox check's budget grows with the 429 waits it meets besides.
  timeout: 120_000,
  globalSetup: './helpers/run/global-setup.ts',
  outputDir: './test-results',
  reporter: [
    // First: a failed check whose worker was kept is a failure again, and every result's errors, steps,
    // output and text attachments are masked, before any other reporter (the blob included) reads them.
    [KEPT_WORKER_REPORTER, { leakPatterns: LEAK_PATTERNS_MODULE }],
    [consoleReporter],
    [
      // Allure's reporter with a plain writer (helpers/verdict/allure-reporter.ts).
      './helpers/verdict/allure-reporter.ts',
      {
        resultsDir: 'reports/allure-results',
        detail: false,
        suiteTitle: true,
        environmentInfo: {
          target: settings.target,
          mock_faults: settings.mockFaults.join(',') || 'none',
          ...Object.fromEntries(SERVICES.map((s) => [`contract_${s.name}`, contractVersion(s.name)])),
          node: process.version,
        },
      },
    ],
    // In CI: JUnit XML for the CI's test view, and a blob report per shard for `npm run merge`.
    ...(process.env.CI ? [['junit', { outputFile: 'reports/junit.xml' }] as const, ['blob', { outputDir: BLOB_DIR }] as const] : []),
    // Last: it writes coverage and certification and scans every output of the run for leaks.
    [SUITE_REPORTER, { leakPatterns: LEAK_PATTERNS_MODULE }],
  ],
  use: {
    // API tests need no browser. Traces would hold raw requests (keys, card data): off.
    trace: 'off',
    extraHTTPHeaders: {},
  },
  // A batched mutation run (helpers/client/mutation-lane.ts) replaces the projects with its proxies.
  projects: laneDir()
    ? laneProjects(laneDir()!)
    : [
        ...serviceProjects,
        // No project depends on another, so --shard splits the work; the leak scan runs in the reporter.
        // The suite's own tests start processes (tools, nested runs: fixtures/self.ts NESTED_RUN_MS):
        // a limit far above what they take on a quiet machine, so that a loaded runner is no failure.
        { name: 'self', testDir: './tests/self', testIgnore: '**/e2e/**', timeout: 300_000, ...perProject },
        // The suite's own end-to-end tests (tests/self/e2e): nested Playwright runs, signals, stand-ins
        // started as processes, the commands' command lines. About a third of `npm test`'s CPU on a
        // fresh clone, so they run apart: `npm run test:e2e` (SUITE_E2E=1), which CI runs too (.ci/run).
        ...(process.env.SUITE_E2E === '1' ? [{ name: 'self-e2e', testDir: './tests/self/e2e', timeout: 300_000, ...perProject }] : []),
      ],
});
