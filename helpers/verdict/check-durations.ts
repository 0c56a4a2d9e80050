// What a check of each spec file takes on the stand-ins, measured: the prior of the progress console's time left
// (progress-reporter.ts) before this run or a previous one (reports/.durations.json) says better; files differ by two orders
// of magnitude. `npm run durations:table` refreshes it from whole stand-in runs (scripts/durations-table.ts).
import fs from 'node:fs';
import path from 'node:path';
import { orElse } from '../config/or-else.js';

/** The repository's root: the table's files are relative to it, with forward slashes. */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The committed table (helpers/verdict/stand-in-durations.json). */
export const DURATIONS_TABLE = path.join(ROOT, 'helpers', 'verdict', 'stand-in-durations.json');

export interface DurationsTable {
  /** How the table was measured: the runs it averages, their command and workers. */
  measured: string;
  /** Per spec file (relative to the repository, forward slashes): the mean milliseconds per check of the file, skipped ones counted as 0. */
  files: Record<string, number>;
}

/** A spec file's key in the table, from the path Playwright gives (absolute or relative to the repository). */
export const fileKey = (file: string): string => path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/');

/**
 * The mean ms per check of each file: per run that ran it, its recorded durations summed over every check the file holds
 * (a skipped one took none), then the mean of those runs; a file no run ran is left out.
 */
export function fileDurations(
  checks: readonly { id: string; file: string }[],
  runs: readonly Record<string, number>[],
): Record<string, number> {
  const byFile = new Map<string, string[]>();
  for (const c of checks) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c.id]);
  const table: Record<string, number> = {};
  for (const [file, ids] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const means = runs
      .filter((run) => ids.some((id) => run[id] !== undefined))
      .map((run) => ids.reduce((sum, id) => sum + (run[id] ?? 0), 0) / ids.length);
    if (means.length) table[file] = Math.round(means.reduce((a, b) => a + b, 0) / means.length);
  }
  return table;
}

/** The committed table's per-file means, or none when it cannot be read (an estimate only). */
export function readDurationsTable(file = DURATIONS_TABLE): Record<string, number> {
  const table = orElse(() => JSON.parse(fs.readFileSync(file, 'utf8')) as DurationsTable | null, null);
  return table && typeof table.files === 'object' ? table.files : {};
}
