// Coverage reports (reports/coverage.{json,md}): plain functions over the coverage records of the
// client. The certification verdict is helpers/verdict/certification.ts.
import path from 'node:path';
import type { Contract } from '../contract/contract.js';
import type { CoverageRecord } from '../client/coverage.js';
import type { SkipKind, ViolationNote } from '../client/annotations.js';
import { writeFileAtomic } from './write-file.js';

export interface TestOutcome {
  project: string;
  title: string;
  file: string;
  tags: string[];
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** The failure's whole message, redacted. */
  error?: string;
  /** Rule citations of the check (`ID[:side][@path]`, helpers/contract/rules.ts). */
  rules?: string[];
  /** The operations the check called (its coverage records): the evidence of the rule x path report. */
  operations?: string[];
  skipReason?: string;
  /** Why a skipped check was not run, where that matters to the verdict (preflight, breaker, run stopped). */
  skipKind?: SkipKind;
  /** The contract violations a failure carries, the one it is first (helpers/client/annotations.ts). */
  violations?: ViolationNote[];
  /**
   * Seed-vs-provider conflicts (helpers/contract/conflicts.ts): of a failure, the one it followed; of a
   * passing check, every one it met and went on (each listed in the certification).
   */
  conflicts?: string[];
  /** The last exchange of a failed check, as the client attached it (redacted). */
  exchange?: string;
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
    service: contract.service,
    contractVersion: contract.version,
    pairs,
    exercised: pairs.filter((p) => p.exercised).length,
    documented: pairs.length,
    undocumented: [...undocumented.values()],
  };
}

function matches(documented: string, status: number): boolean {
  if (documented === String(status)) return true;
  return /^[1-5]XX$/.test(documented) && documented[0] === String(status)[0];
}

export function writeCoverage(dir: string, coverage: ServiceCoverage[]): void {
  writeFileAtomic(path.join(dir, 'coverage.json'), JSON.stringify(coverage, null, 2));
  const lines = ['# Coverage: documented (operation, status) pairs exercised by the run', ''];
  for (const c of coverage) {
    lines.push(
      `## ${c.service} (contract ${c.contractVersion}): ${c.exercised}/${c.documented} pairs exercised`,
      '',
      '| operation | method | path | status | exercised | calls |',
      '|---|---|---|---|---|---|',
    );
    for (const p of c.pairs)
      lines.push(`| ${p.operationId} | ${p.method} | \`${p.path}\` | ${p.status} | ${p.exercised ? 'yes' : '**no**'} | ${p.calls} |`);
    if (c.undocumented.length) {
      lines.push('', 'Statuses received that the contract does not document:', '');
      for (const u of c.undocumented) lines.push(`- ${u.operationId} ${u.status} (${u.calls} calls)`);
    }
    lines.push('');
  }
  writeFileAtomic(path.join(dir, 'coverage.md'), lines.join('\n'));
}
