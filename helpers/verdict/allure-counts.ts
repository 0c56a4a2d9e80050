// Checks passed / failed / skipped per service as the Allure results of a run hold them, and as its
// certification does, so that a self test holds the two reports of one run to the same counts.
import fs from 'node:fs';
import path from 'node:path';
import type { Certification } from './model.js';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface AllureResult {
  status?: string;
  historyId?: string;
  stop?: number;
  labels?: { name: string; value: string }[];
}

const tally = (): Counts => ({ passed: 0, failed: 0, skipped: 0 });

/**
 * Per service (label `epic`, which fixtures/base.ts sets to the project, else `parentSuite`, which
 * allure-playwright sets to it), the final result of every check in `dir/*-result.json`. The attempts
 * of a retried check share a historyId and the latest one counts, as in the Allure report; `broken`
 * (allure-playwright's name for a timed-out check) counts as failed, as the certification does.
 */
export function allureCounts(dir: string): Record<string, Counts> {
  const latest = new Map<string, AllureResult>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('-result.json'))) {
    const result = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as AllureResult;
    const key = result.historyId ?? file;
    const seen = latest.get(key);
    if (!seen || (result.stop ?? 0) >= (seen.stop ?? 0)) latest.set(key, result);
  }
  const counts: Record<string, Counts> = {};
  for (const result of latest.values()) {
    const label = (name: string) => result.labels?.find((l) => l.name === name)?.value;
    const c = (counts[label('epic') ?? label('parentSuite') ?? 'unknown'] ??= tally());
    if (result.status === 'passed') c.passed++;
    else if (result.status === 'skipped') c.skipped++;
    else c.failed++;
  }
  return counts;
}

/** The certification's counts per service: its seed, provider and assumption checks added up. */
export function certificationCounts(cert: Pick<Certification, 'services'>): Record<string, Counts> {
  return Object.fromEntries(
    cert.services.map((s) => {
      const c = tally();
      for (const source of [s.seed, s.provider, s.assumption]) {
        c.passed += source.passed;
        c.failed += source.failed;
        c.skipped += source.skipped;
      }
      return [s.service, c];
    }),
  );
}
