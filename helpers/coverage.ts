// Coverage records: every call through the client appends {service, operationId, status}.
// Workers write their own file; the suite reporter merges them into reports/coverage.{json,md}.
import fs from 'node:fs';
import path from 'node:path';

// One folder per run (SUITE_RUN_ID is set by playwright.config.ts and inherited by the workers),
// so two runs on one machine never mix their records.
const rawDir = () => path.resolve(process.cwd(), 'reports', '.raw', process.env.SUITE_RUN_ID ?? 'default');

export interface CoverageRecord {
  service: string;
  operationId: string;
  status: number;
  documented: boolean;
}

let file: string | undefined;

export function recordCoverage(record: CoverageRecord): void {
  if (!file) {
    fs.mkdirSync(rawDir(), { recursive: true });
    file = path.join(rawDir(), `coverage-${process.pid}.jsonl`);
  }
  fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readCoverageRecords(): CoverageRecord[] {
  const dir = rawDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('coverage-'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CoverageRecord));
}

export function clearCoverageRecords(): void {
  fs.rmSync(rawDir(), { recursive: true, force: true });
}
