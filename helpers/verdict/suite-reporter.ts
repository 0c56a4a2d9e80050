// Playwright reporter that turns the run into reports/coverage.* and reports/certification.*,
// and prints the plain closing line "Summary: N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { checkResult, failureLines, interruptService, overallVerdict, serviceVerdict, timeSpentText, totalOf } from './certification.js';
import type { Certification } from './model.js';
import { forgetSelectedChecks, noteSelectedChecks, writeCertification } from './certification-report.js';
import { lockState } from './run-lock.js';
import { suiteConfig } from '../config/config.js';
import { loadContract, type Contract } from '../contract/contract.js';
import { clearCoverageRecords, coverageFromAnnotations, readCoverageRecords, type CoverageRecord } from '../client/coverage.js';
import { runLeakPatterns, scanForLeaks } from './leak-scan.js';
import { BLOB_DIR, contractHash, isMerge, provenance, runTarget } from './provenance.js';
import { writeListing } from './listing.js';
import { classInterrupted } from './kept-worker-reporter.js';
import { redactMessage, withoutAnsi } from '../secrets/redact.js';
import { CONFLICT_ANNOTATION, CONFLICT_MET_ANNOTATION, sourcesOf } from '../contract/conflicts.js';
import { computeCoverage, coverageGapsOfRun, writeCoverage, type TestOutcome } from './coverage-report.js';
import { loadJustifications, ruleGapsOfRun, rulePathReport } from './rule-paths.js';
import { citationsOf, loadRules, rulesFile } from '../contract/rules.js';
import { SERVICES } from '../contract/services.js';
import { escapeRegExp } from '../contract/writers.js';
import { forgetLedger, keepGuestLogWithBlob, readGuestEvents, readGuestLog, summarise } from '../client/guest/guest-log.js';
import {
  assumedOf,
  brokenRuleOf,
  EXCHANGES_ATTACHMENT,
  hardErrors,
  propertyBroken,
  skipKindOf,
  stepsFailedOf,
  violationsOf,
} from '../client/annotations.js';
import { REQUEST_RULES, REQUEST_RULES_ANNOTATION } from '../client/request-rules.js';
import { SEED_ANNOTATION } from '../client/properties.js';
import { timeSpentOf } from '../client/guest/time-budget.js';
import { propertyCountsOf, tallyProperties } from '../client/property-counts.js';
import { chooseEvidence, failedAfter, setUpViolation, type KeptExchange } from './evidence.js';
import { checkName, LEAK_PATTERNS_MODULE, retriedAttempt } from './reporters.js';
import { orElse } from '../config/or-else.js';

/** The console's closing `Summary:` counts, as the certification counts (checkResult): the leak scan is no check; a leak fails the run apart. */
export function summaryCounts(outcomes: TestOutcome[]): { passed: number; failed: number; skipped: number } {
  const statuses = outcomes.map((o) => checkResult(o).status);
  const count = (status: string) => statuses.filter((st) => st === status).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** Why a selected check has no result: the run stopped before it (Allure lists these as skipped too). */
export const NOT_RUN_REASON = 'not run: the run stopped before this check (--max-failures, an interrupt or a time-out)';

/** A reference-model spec (fixtures/models): its command sequences are random. */
const MODEL_SPEC = /\.model\.spec\.ts$/;

/** The exchanges the client attached to a check (already redacted), in call order. */
function keptExchanges(result: TestResult): KeptExchange[] {
  const attachment = [...result.attachments].reverse().find((a) => a.contentType === 'application/json' && a.name === EXCHANGES_ATTACHMENT);
  if (!attachment) return [];
  const body = orElse(() => attachment.body ?? (attachment.path ? fs.readFileSync(attachment.path) : undefined), undefined);
  return body ? orElse(() => JSON.parse(body.toString('utf8')) as KeptExchange[], []) : [];
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The command running a check again: file, line, project, title, its target, faults, fast-check seed and path (properties.ts). */
export function rerunCommand(test: { file: string; line?: number; project: string; title: string }, error = '', env = process.env): string {
  const replay = /FC_SEED=(\S+) FC_PATH=([^\s)]*)/.exec(error);
  const vars = [
    env.TARGET ? `TARGET=${env.TARGET}` : '',
    env.MOCK_FAULTS ? `MOCK_FAULTS=${env.MOCK_FAULTS}` : '',
    replay ? `FC_SEED=${replay[1]} FC_PATH=${replay[2]}` : '',
  ].filter(Boolean);
  const file = path.relative(process.cwd(), test.file).split(path.sep).join('/');
  return [
    ...vars,
    'npx playwright test',
    `${file}${test.line ? `:${test.line}` : ''}`,
    `--project=${test.project}`,
    `-g ${shellQuote(escapeRegExp(test.title))}`,
  ].join(' ');
}

export default class SuiteReporter implements Reporter {
  private outcomes: TestOutcome[] = [];
  private coverageRecords: CoverageRecord[] = [];
  /** Requests the mocks took as valid that the request rules judged (helpers/client/request-rules.ts). */
  private requestsJudged = 0;
  private startedAt = new Date();
  /** `leakPatterns`: a module exporting LEAK_PATTERNS (set in playwright.config.ts; the suite's for a command line's --reporter). */
  constructor(private readonly options: { leakPatterns?: string } = { leakPatterns: LEAK_PATTERNS_MODULE }) {}

  private config?: FullConfig;
  private projects: string[] = [];
  private selected = 0;
  private suite?: Suite;
  private ended = new Set<string>();

  onBegin(config: FullConfig, suite: Suite) {
    this.startedAt = new Date();
    this.config = config;
    this.suite = suite;
    this.projects = [...new Set(suite.suites.map((s) => s.title).filter(Boolean))];
    // The services' checks: what a certification is whole over (the suite's own tests are not among them).
    const services = SERVICES.map((s) => s.name);
    this.selected = suite.allTests().filter((t) => services.includes(t.parent.project()?.name ?? '')).length;
    noteSelectedChecks(suiteConfig().reportsDir, process.env.SUITE_RUN_ID, this.selected);
    // The suite's own tests read the service checks' listing: a run holding them all writes it here.
    if (this.projects.includes('self') && provenance(config, this.projects, [], new Map(), this.selected).whole)
      writeListing(suite, config.rootDir, services);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // As the run's first reporter does (a merge of shards' blob reports has no such reporter).
    classInterrupted(result);
    this.ended.add(test.id);
    if (retriedAttempt(test, result)) return;
    const { service: project, title } = checkName(test);
    // Its cause is its first hard error; a check whose every error is an assumption's (noteAssumed) failed on those alone.
    const assumed = result.status === 'passed' || result.status === 'skipped' ? [] : assumedOf(result.annotations);
    const firstError = hardErrors(result.errors ?? [], result.annotations)[0] ?? result.error;
    const assumedOnly = assumed.length > 0 && hardErrors(result.errors ?? [], result.annotations).length === 0;
    const message = [firstError?.message, firstError?.stack?.split('\n').find((l) => l.includes('.spec.ts'))].filter(Boolean).join('\n');
    const error = message ? redactMessage(withoutAnsi(message)) : undefined;
    const rules = citationsOf(test.annotations);
    const records = coverageFromAnnotations(result.annotations);
    this.coverageRecords.push(...records);
    const operations = [...new Set(records.map((r) => r.operationId))];
    const skipped = result.status === 'skipped';
    // A property checker's counts (helpers/client/property-counts.ts), for the rule x path table.
    const properties = propertyCountsOf(result.annotations);
    const skipReason = skipped
      ? ([...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description ?? 'skipped')
      : undefined;
    const skipKind = skipped ? skipKindOf([...test.annotations, ...result.annotations]) : undefined;
    const violations = skipped || result.status === 'passed' ? [] : violationsOf(result.annotations);
    // The rule whose judgement failed: a spec's assertion made under it, else the first property
    // violation the failure lists (a check running several checkers), where no client violation leads.
    const failed = !skipped && result.status !== 'passed';
    const broken =
      brokenRuleOf(result.annotations) ??
      (failed && !violations.some((v) => v.lead)
        ? propertyBroken(error, new Map(properties.map((p) => [p.property, p.rule] as const).filter(([, r]) => r)))
        : undefined);
    for (const a of result.annotations) if (a.type === REQUEST_RULES_ANNOTATION) this.requestsJudged += Number(a.description) || 0;
    // The exchange that failed it (helpers/verdict/evidence.ts). A failure without a judgement of its own after a failed step
    // (a valid call refused) depended on it; one told on an exchange of its own no failed step answered did not.
    const kept = failed ? keptExchanges(result) : [];
    const after =
      failed && !assumedOnly && !violations.some((v) => v.lead) && !broken
        ? (failedAfter(kept, stepsFailedOf(result.annotations), { error, steps: result.steps }) ??
          // A choke point's violation no call of the check led: a fixture's set-up failed before the check began.
          setUpViolation(project, error))
        : undefined;
    const evidence = failed
      ? chooseEvidence(kept, {
          violation: violations.find((v) => v.lead) ?? (assumedOnly ? assumed[0] : undefined),
          error,
          steps: result.steps,
          after,
        })
      : undefined;
    const exchange = evidence?.exchanges.join('\n\n');
    // A failure the provider's behaviour explains, or a passing check that met a provider value and went on.
    // Every conflict a passing check met (a body may follow several), not only the first.
    const conflicts = [
      ...new Set(
        result.annotations
          .filter((a) => a.type === (result.status === 'passed' ? CONFLICT_MET_ANNOTATION : CONFLICT_ANNOTATION) && a.description)
          .map((a) => a.description!),
      ),
    ];
    // The fast-check seed of each property the check ran (helpers/client/properties.ts): `certify --replay <seed>` reruns it.
    const seeds = result.annotations
      .filter((a) => a.type === SEED_ANNOTATION && a.description)
      .map((a) => /^seed (\S+)(?: path (\S*))?/.exec(a.description!))
      .flatMap((m) => (m ? [m[2] ? `${m[1]}:${m[2]}` : m[1]!] : []));
    this.outcomes.push({
      project,
      title,
      file: test.location.file,
      tags: test.tags,
      status: result.status,
      error,
      rules,
      operations,
      skipReason,
      exchange,
      line: test.location.line,
      ...(evidence ? { evidence } : {}),
      ...(broken && failed ? { brokenRule: broken.rule, ...(broken.operationId ? { brokenAt: broken.operationId } : {}) } : {}),
      ...(result.status === 'passed' || skipped
        ? {}
        : {
            // Grepped by its describe blocks and title: tests made in a loop share a line.
            rerun: rerunCommand({ file: test.location.file, line: test.location.line, project, title: checkName(test, ' ').title }, error, {
              ...process.env,
              ...(suiteConfig().target === 'sandbox' ? { TARGET: 'sandbox' } : {}),
            }),
          }),
      ...(skipKind ? { skipKind } : {}),
      ...(after ? { after } : {}),
      ...(violations.length ? { violations } : {}),
      ...(assumed.length ? { assumed, ...(assumedOnly ? { assumedOnly } : {}) } : {}),
      ...(conflicts.length ? { conflicts } : {}),
      ...(properties.length ? { properties } : {}),
      ...(seeds.length ? { seeds } : {}),
      time: { ms: result.duration, ...timeSpentOf(result.annotations) },
    });
  }

  /** Every selected check's outcome, those never started as skipped (as allure-playwright writes them: the counts must agree). */
  checkOutcomes(): TestOutcome[] {
    const notRun = (this.suite?.allTests() ?? [])
      .filter((t) => !this.ended.has(t.id))
      .map(
        (t): TestOutcome => ({
          project: checkName(t).service,
          title: checkName(t).title,
          file: t.location.file,
          tags: t.tags,
          status: 'skipped',
          rules: citationsOf(t.annotations),
          skipReason: NOT_RUN_REASON,
          skipKind: 'not-run',
        }),
      );
    return [...this.outcomes, ...notRun];
  }

  async onEnd(result: FullResult) {
    const settings = suiteConfig();
    // A run that does not hold the checkout (a listing while another run is going) writes nothing there.
    const lock = lockState(settings.reportsDir);
    if (lock.state === 'other') {
      console.log(`Reports not written: ${lock.line}`);
      return;
    }
    const interrupted = result.status === 'interrupted';
    const all = this.checkOutcomes();
    const records = [...this.coverageRecords, ...readCoverageRecords()];
    const coverage = [];
    const services = [];
    const contracts: Contract[] = [];
    const hashes = new Map<string, string>();
    for (const service of SERVICES) {
      const outcomes = all.filter((o) => o.project === service.name);
      if (outcomes.length === 0) continue;
      const contract = await loadContract(service.name);
      contracts.push(contract);
      hashes.set(service.name, contractHash(contract));
      const cov = computeCoverage(contract, records);
      coverage.push(cov);
      const catalogue = fs.existsSync(rulesFile(service.name)) ? loadRules(service.name) : undefined;
      const verdict = serviceVerdict(service.name, service.title, contract.defaultSource, outcomes, cov, catalogue?.rules ?? []);
      // Every path of every rule: the checks that ran, with the operations their coverage records name.
      if (catalogue) {
        // A model check's operations are drawn at random (fast-check commands): a cell only it reaches
        // would be covered in one run and empty in the next, so its calls cover no operation cell.
        const ran = outcomes
          .filter((o) => o.status !== 'skipped')
          .map((o) => ({ rules: o.rules ?? [], operations: MODEL_SPEC.test(o.file ?? '') ? [] : (o.operations ?? []) }));
        const counts = outcomes.filter((o) => o.status !== 'skipped').flatMap((o) => o.properties ?? []);
        verdict.rulePaths = rulePathReport(catalogue, contract, ran, loadJustifications(service.name), tallyProperties(counts));
      }
      // Stopped by a signal: no service keeps a verdict (the first reporter classed the checks in progress as interrupted).
      if (interrupted) interruptService(verdict);
      services.push(verdict);
    }
    const leakScan = await this.scanLeaks();
    // A sandbox run's ledger (the global teardown swept it before this): kept on disk while it still
    // names something deletable, for `npm run sandbox:cleanup`.
    const { target } = runTarget(this.config, this.projects);
    const runId = process.env.SUITE_RUN_ID ?? 'default';
    if (target === 'sandbox' && process.env.CI && !isMerge()) keepGuestLogWithBlob(BLOB_DIR, runId);
    const guest = target === 'sandbox' ? summarise(isMerge() ? readGuestEvents(BLOB_DIR) : readGuestLog()) : undefined;
    // On the mocks a ledger holds only what the suite's own tests made on targets they started and stopped: nothing to keep.
    if (!guest?.leftBehind.some((l) => l.deletable)) forgetLedger(process.env.SUITE_RUN_ID ?? 'default');
    const { passed, failed, skipped } = summaryCounts(all);
    if (services.length) {
      writeCoverage(settings.reportsDir, coverage);
      const origin = this.config ? provenance(this.config, this.projects, contracts, hashes, this.selected) : undefined;
      const { verdict, reason } = overallVerdict(services, origin?.whole ?? false, interrupted);
      const ran = services.reduce((n, s) => n + totalOf(s).ran, 0);
      const serviceSkips = services.reduce((n, s) => n + totalOf(s).skipped, 0);
      const leaked = leakScan.leaks.length > 0;
      const certified = new Set(services.map((s) => s.service));
      const cert: Certification = {
        target,
        generatedAt: new Date().toISOString(),
        startedAt: this.startedAt.toISOString(),
        durationSeconds: Math.round((Date.now() - this.startedAt.getTime()) / 1000),
        ...(process.env.SUITE_RUN_ID ? { runId: process.env.SUITE_RUN_ID } : {}),
        verdict: leaked ? 'FAIL' : verdict,
        ...(interrupted ? { interrupted: true } : {}),
        ...(leaked ? { reason: `card data or secrets found in the run's outputs (${leakScan.leaks.length})` } : reason ? { reason } : {}),
        provenance: origin,
        checks: { selected: ran + serviceSkips, run: ran, skipped: serviceSkips },
        services,
        leakScan,
        ...(guest ? { guest } : {}),
        // Every check's result, so that a later run compares with this one (npm run certify -- --baseline).
        results: all.filter((o) => certified.has(o.project)).map((o) => checkResult(o)),
      };
      writeCertification(settings.reportsDir, cert, coverage);
      console.log('');
      for (const s of services) {
        const t = (c: { passed: number; failed: number }) => `${c.passed} passed/${c.failed} failed`;
        console.log(
          `Certification ${s.service}: ${s.verdict}${s.warning ? ` (${s.warning})` : ''} (seed ${t(s.seed)}, provider ${t(s.provider)}, assumption ${t(s.assumption)}; coverage ${s.coverage.exercised}/${s.coverage.documented})`,
        );
        // On a sandbox, where the time went: the floor the target imposes beside the suite's own part.
        if (target !== 'mock' && s.time) console.log(`  ${timeSpentText(s.time)}`);
        // A failing run says what fails, as the page heads it: each rule (or check) broken, on which operations.
        for (const l of failureLines(s)) {
          const checks = l.groups.flatMap(([g]) => g.checks ?? []);
          console.log(
            `  FAILED ${l.blocking ? '(blocking) ' : ''}${l.key}${l.broken ? '' : ' (no rule)'}${l.also ? ` (${l.also})` : ''} on ${l.groups.map(([g]) => g.operationId ?? 'an operation not told').join(', ')} (${checks.length || l.groups.reduce((n, [g]) => n + g.titles.length, 0)} checks)${l.words ? `: ${l.words.slice(0, 200)}` : ''}`,
          );
          const first = checks[0];
          if (first) console.log(`    e.g. ${first.judged.split('\n')[0].slice(0, 200)}\n    rerun: ${first.rerun}`);
        }
        for (const c of s.conflicts) {
          const { kept, followed } = sourcesOf(c);
          console.log(
            `  ${c.kind === 'provider-example' ? 'known provider deviation' : 'seed-vs-provider conflict'} ${c.id} (${c.titles.length} check${c.titles.length > 1 ? 's' : ''}): the target follows the ${followed.label.toLowerCase()} (${followed.text}); the ${kept.label.toLowerCase()} says otherwise (${kept.text})`,
          );
        }
      }
      console.log(
        `Certification verdict (${target}): ${cert.verdict}${cert.reason ? ` - ${cert.reason}` : ''}  -> reports/certification.md, reports/coverage.md`,
      );
    }
    // Every path of every rule, as the run saw it: a cell whose only check did not run, or did not call its operation, fails the run.
    const selection = this.config ? provenance(this.config, this.projects, contracts, hashes, this.selected).filters : undefined;
    // Only a run whose checks all passed is held to every cell: in a failing one the breaker's skips
    // leave cells empty that its failures already explain, and the failures are what it reports.
    const anyFailed = all.some((o) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted');
    const ranToEnd = result.status !== 'interrupted' && !all.some((o) => o.skipKind === 'not-run') && !anyFailed;
    const gaps = selection
      ? services.flatMap((s) => (s.rulePaths ? ruleGapsOfRun(s.service, s.rulePaths, { target, selection, ranToEnd }) : []))
      : [];
    for (const gap of gaps) console.log(`Rule x path: ${gap}`);
    // Every documented status provoked, or the contract says why not (x-unexercised): on the mock, a whole project run to its end.
    const statusGaps = selection ? coverage.flatMap((c) => coverageGapsOfRun(c, { target, selection, ranToEnd })) : [];
    for (const gap of statusGaps) console.log(`Status coverage: ${gap}`);
    forgetSelectedChecks(settings.reportsDir, process.env.SUITE_RUN_ID);
    clearCoverageRecords();
    if (this.requestsJudged)
      console.log(
        `Request rules: ${this.requestsJudged} requests the mocks took as valid, each judged by the documents' ${REQUEST_RULES.length} request rules (${REQUEST_RULES.map((r) => r.id).join(', ')}); one they refuse fails its check`,
      );
    console.log(
      `Leak scan: ${leakScan.scanned} files of reports/, test-results/ and blob-report/, ${leakScan.leaks.length ? leakScan.leaks.map((l) => `${l.what} in ${l.file}`).join('; ') : 'no card data or secret found'}`,
    );
    fs.mkdirSync(settings.reportsDir, { recursive: true });
    fs.writeFileSync(
      path.join(settings.reportsDir, 'summary.json'),
      JSON.stringify({ passed, failed, skipped, leaks: leakScan.leaks.length, ...(interrupted ? { interrupted: true } : {}) }),
    );
    console.log(
      `Summary: ${passed} passed, ${failed} failed, ${skipped} skipped${interrupted ? ' (interrupted)' : ''}${leakScan.leaks.length ? `; ${leakScan.leaks.length} leak(s) found` : ''}`,
    );
    if (result.status !== 'passed' && failed === 0) console.log(`Run status: ${result.status}`);
    return leakScan.leaks.length || gaps.length || statusGaps.length ? { status: 'failed' as const } : undefined;
  }

  /** The outputs of this run, searched for the mocks' test data and the configured target's secrets. */
  private async scanLeaks() {
    return scanForLeaks(
      [suiteConfig().reportsDir, path.resolve('test-results')],
      await runLeakPatterns(this.options.leakPatterns),
      // The blob reports this run wrote (CI) or merges: an older run's left in the folder is not this run's output.
      isMerge() || this.config?.reporter.some(([name]) => name === 'blob') ? [path.resolve(BLOB_DIR)] : [],
    );
  }

  printsToStdio() {
    return true;
  }
}
