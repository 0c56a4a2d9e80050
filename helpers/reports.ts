// Coverage and certification reports (reports/coverage.{json,md}, reports/certification.{json,md}):
// plain functions over the run's test outcomes and the coverage records of the client.
import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_CLASSES, type Contract, type SourceClass } from './contract.js';
import type { CoverageRecord } from './coverage.js';

export interface TestOutcome {
  project: string;
  title: string;
  file: string;
  tags: string[];
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  error?: string;
}

export interface PairCoverage {
  operationId: string;
  method: string;
  path: string;
  status: string;
  exercised: boolean;
  calls: number;
}

export interface ServiceCoverage {
  service: string;
  contractVersion: string;
  pairs: PairCoverage[];
  exercised: number;
  documented: number;
  /** Statuses seen that the contract does not document (each is also a failed check). */
  undocumented: { operationId: string; status: number; calls: number }[];
}

export function computeCoverage(contract: Contract, records: CoverageRecord[]): ServiceCoverage {
  const mine = records.filter((r) => r.service === contract.service);
  const pairs: PairCoverage[] = [];
  for (const op of contract.operations.values()) {
    for (const status of Object.keys(op.responses)) {
      const calls = mine.filter((r) => r.operationId === op.operationId && matches(status, r.status)).length;
      pairs.push({ operationId: op.operationId, method: op.method, path: op.path, status, exercised: calls > 0, calls });
    }
  }
  const undocumented = new Map<string, { operationId: string; status: number; calls: number }>();
  for (const r of mine.filter((r) => !r.documented)) {
    const key = `${r.operationId} ${r.status}`;
    const entry = undocumented.get(key) ?? { operationId: r.operationId, status: r.status, calls: 0 };
    entry.calls++;
    undocumented.set(key, entry);
  }
  return {
    service: contract.service, contractVersion: contract.version, pairs,
    exercised: pairs.filter((p) => p.exercised).length, documented: pairs.length, undocumented: [...undocumented.values()],
  };
}

function matches(documented: string, status: number): boolean {
  if (documented === String(status)) return true;
  return /^[1-5]XX$/.test(documented) && documented[0] === String(status)[0];
}

type Tally = { passed: number; failed: number; skipped: number };

export interface ServiceVerdict {
  service: string;
  title: string;
  contractVersion: string;
  verdict: 'PASS' | 'FAIL' | 'CONDITIONAL' | 'NOT RUN';
  /** Checks per source class: the seed (documented), the provider's published document, an assumption. */
  seed: Tally;
  provider: Tally;
  assumption: Tally;
  coverage: { exercised: number; documented: number };
  failures: { title: string; source: SourceClass; error?: string }[];
  skippedReasons: Record<string, number>;
}

export interface Certification {
  target: string;
  generatedAt: string;
  services: ServiceVerdict[];
  verdict: 'PASS' | 'FAIL' | 'CONDITIONAL' | 'NOT RUN';
}

const counts = (): Tally => ({ passed: 0, failed: 0, skipped: 0 });

/** A check's source class: its `@assumption` or `@provider` tag, else the contract's default. */
export function sourceOf(tags: string[], defaultSource: SourceClass): SourceClass {
  if (tags.includes('@assumption')) return 'assumption';
  if (tags.includes('@provider')) return 'provider';
  return defaultSource;
}

export function serviceVerdict(service: string, title: string, defaultSource: SourceClass, outcomes: TestOutcome[], coverage: ServiceCoverage, skipReasons: Map<string, string>): ServiceVerdict {
  const v: ServiceVerdict = {
    service, title, contractVersion: coverage.contractVersion, verdict: 'NOT RUN', seed: counts(), provider: counts(), assumption: counts(),
    coverage: { exercised: coverage.exercised, documented: coverage.documented }, failures: [], skippedReasons: {},
  };
  for (const o of outcomes) {
    const source = sourceOf(o.tags, defaultSource);
    const bucket = v[source];
    if (o.status === 'passed') bucket.passed++;
    else if (o.status === 'skipped') {
      bucket.skipped++;
      const reason = skipReasons.get(`${o.file}:${o.title}`) ?? 'skipped';
      v.skippedReasons[reason] = (v.skippedReasons[reason] ?? 0) + 1;
    } else {
      bucket.failed++;
      v.failures.push({ title: o.title, source, error: o.error });
    }
  }
  const ran = SOURCE_CLASSES.reduce((n, c) => n + v[c].passed + v[c].failed, 0);
  // A rule the provider documents is as blocking as one the seed states (issue 7); only a
  // reference-page decision that fails leaves the verdict CONDITIONAL.
  v.verdict = ran === 0 ? 'NOT RUN' : v.seed.failed + v.provider.failed > 0 ? 'FAIL' : v.assumption.failed > 0 ? 'CONDITIONAL' : 'PASS';
  return v;
}

export function overallVerdict(services: ServiceVerdict[]): Certification['verdict'] {
  const run = services.filter((s) => s.verdict !== 'NOT RUN');
  if (run.length === 0) return 'NOT RUN';
  if (run.some((s) => s.verdict === 'FAIL')) return 'FAIL';
  return run.some((s) => s.verdict === 'CONDITIONAL') ? 'CONDITIONAL' : 'PASS';
}

export function writeCoverage(dir: string, coverage: ServiceCoverage[]): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'coverage.json'), JSON.stringify(coverage, null, 2));
  const lines = ['# Coverage: documented (operation, status) pairs exercised by the run', ''];
  for (const c of coverage) {
    lines.push(`## ${c.service} (contract ${c.contractVersion}): ${c.exercised}/${c.documented} pairs exercised`, '', '| operation | method | path | status | exercised | calls |', '|---|---|---|---|---|---|');
    for (const p of c.pairs) lines.push(`| ${p.operationId} | ${p.method} | \`${p.path}\` | ${p.status} | ${p.exercised ? 'yes' : '**no**'} | ${p.calls} |`);
    if (c.undocumented.length) {
      lines.push('', 'Statuses received that the contract does not document:', '');
      for (const u of c.undocumented) lines.push(`- ${u.operationId} ${u.status} (${u.calls} calls)`);
    }
    lines.push('');
  }
  fs.writeFileSync(path.join(dir, 'coverage.md'), lines.join('\n'));
}

export function writeCertification(dir: string, cert: Certification): void {
  fs.writeFileSync(path.join(dir, 'certification.json'), JSON.stringify(cert, null, 2));
  const lines = [
    '# Certification report', '',
    `- Target: **${cert.target}**`, `- Generated: ${cert.generatedAt}`, `- Verdict: **${cert.verdict}**`, '',
    'Checks are counted by the source their rule rests on: *seed* (documented in the API description), *provider* (the provider\'s published OpenAPI document, where the seed shows nothing; tagged `@provider`), *assumption* (a decision of the reference page; tagged `@assumption`).', '',
    'PASS: every check passed. FAIL: a check resting on the seed or on the provider document failed. CONDITIONAL: only checks resting on an assumption failed.', '',
    '| service | contract | verdict | seed checks (pass/fail/skip) | provider checks (pass/fail/skip) | assumption checks (pass/fail/skip) | coverage |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const s of cert.services) {
    const f = (c: Tally) => `${c.passed} / ${c.failed} / ${c.skipped}`;
    lines.push(`| ${s.title} | ${s.contractVersion} | **${s.verdict}** | ${f(s.seed)} | ${f(s.provider)} | ${f(s.assumption)} | ${s.coverage.exercised}/${s.coverage.documented} |`);
  }
  for (const s of cert.services) {
    if (s.failures.length) {
      lines.push('', `## ${s.service}: failed checks`, '');
      for (const fl of s.failures) lines.push(`- (${fl.source}) ${fl.title}${fl.error ? `\n  \`${fl.error.split('\n')[0].slice(0, 300)}\`` : ''}`);
    }
    const reasons = Object.entries(s.skippedReasons);
    if (reasons.length) {
      lines.push('', `## ${s.service}: skipped checks`, '');
      for (const [reason, n] of reasons) lines.push(`- ${n} skipped: ${reason}`);
    }
  }
  lines.push('', 'Coverage per (operation, status): see coverage.md. Exchanges of each check: the Allure report (`npm run report`).', '');
  fs.writeFileSync(path.join(dir, 'certification.md'), lines.join('\n'));
}
