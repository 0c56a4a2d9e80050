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
 * Per service (label `epic`, else `parentSuite`), every check's final result in `dir/*-result.json`: a retried check's latest
 * attempt (one historyId), as Allure shows it; `broken` (timed out) counts as failed, as in the certification.
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
export const certificationCounts = (cert: Pick<Certification, 'services'>): Record<string, Counts> =>
  Object.fromEntries(
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
