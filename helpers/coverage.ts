// Coverage records: every call through the client appends {service, operationId, status}.
// Workers write their own file; the suite reporter merges them into reports/coverage.{json,md}.
import fs from 'node:fs';
import path from 'node:path';

export const RAW_DIR = path.resolve(process.cwd(), 'reports', '.raw');

export interface CoverageRecord {
  service: string;
  operationId: string;
  status: number;
  documented: boolean;
}

let file: string | undefined;

export function recordCoverage(record: CoverageRecord): void {
  if (!file) {
    fs.mkdirSync(RAW_DIR, { recursive: true });
    file = path.join(RAW_DIR, `coverage-${process.pid}.jsonl`);
  }
  fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export function readCoverageRecords(): CoverageRecord[] {
  if (!fs.existsSync(RAW_DIR)) return [];
  return fs
    .readdirSync(RAW_DIR)
    .filter((f) => f.startsWith('coverage-'))
    .flatMap((f) => fs.readFileSync(path.join(RAW_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CoverageRecord));
}

export function clearCoverageRecords(): void {
  fs.rmSync(RAW_DIR, { recursive: true, force: true });
}
