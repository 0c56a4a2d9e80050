// Playwright reporter that turns the run into reports/coverage.* and reports/certification.*,
// and prints the plain closing line "Summary: N passed, N failed, N skipped".
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { suiteConfig } from '../config.js';
import { loadContract } from '../contract.js';
import { clearCoverageRecords, readCoverageRecords } from '../coverage.js';
import { redactMessage } from '../redact.js';
import {
  computeCoverage, overallVerdict, serviceVerdict, writeCertification, writeCoverage, type Certification, type TestOutcome,
} from '../reports.js';
import { SERVICES } from '../services.js';

// Strip ANSI colour codes from error messages before they reach a report.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export default class SuiteReporter implements Reporter {
  private outcomes: TestOutcome[] = [];
  private skipReasons = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    const project = test.parent.project()?.name ?? 'unknown';
    const title = test.titlePath().slice(3).join(' › ');
    const error = result.error?.message ? redactMessage(result.error.message.replace(ANSI, '')) : undefined;
    this.outcomes.push({ project, title, file: test.location.file, tags: test.tags, status: result.status, error });
    const skip = test.annotations.find((a) => a.type === 'skip');
    if (result.status === 'skipped') this.skipReasons.set(`${test.location.file}:${title}`, skip?.description ?? 'skipped');
  }

  async onEnd(result: FullResult) {
    const settings = suiteConfig();
    const records = readCoverageRecords();
    const coverage = [];
    const services = [];
    for (const service of SERVICES) {
      const outcomes = this.outcomes.filter((o) => o.project === service.name);
      if (outcomes.length === 0) continue;
      const contract = await loadContract(service.name);
      const cov = computeCoverage(contract, records);
      coverage.push(cov);
      services.push(serviceVerdict(service.name, service.title, contract.defaultSource, outcomes, cov, this.skipReasons));
    }
    if (services.length) {
      writeCoverage(settings.reportsDir, coverage);
      const cert: Certification = { target: settings.target, generatedAt: new Date().toISOString(), services, verdict: overallVerdict(services) };
      writeCertification(settings.reportsDir, cert);
      console.log('');
      for (const s of services) {
        const t = (c: { passed: number; failed: number }) => `${c.passed} passed/${c.failed} failed`;
        console.log(`Certification ${s.service}: ${s.verdict} (seed ${t(s.seed)}, provider ${t(s.provider)}, assumption ${t(s.assumption)}; coverage ${s.coverage.exercised}/${s.coverage.documented})`);
      }
      console.log(`Certification verdict (${settings.target}): ${cert.verdict}  -> reports/certification.md, reports/coverage.md`);
    }
    clearCoverageRecords();
    const passed = this.outcomes.filter((o) => o.status === 'passed').length;
    const failed = this.outcomes.filter((o) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted').length;
    const skipped = this.outcomes.filter((o) => o.status === 'skipped').length;
    console.log(`Summary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (result.status !== 'passed' && failed === 0) console.log(`Run status: ${result.status}`);
  }

  printsToStdio() {
    return true;
  }
}
