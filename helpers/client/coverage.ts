// Coverage records: every call counts {service, operationId, status}, in its test's 'coverage' annotation (travelling with the
// result: shards, `npm run merge`), or outside a test in a file of the run; the suite reporter sums both (reports/coverage.*).
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

const COVERAGE_ANNOTATION = 'coverage';

/** The list each test's 'coverage' annotation holds, kept beside it so that a call adds to it without parsing it again. */
const kept = new WeakMap<object, { note: { type: string; description?: string }; list: [CoverageRecord, number][] }>();

/** The 'coverage' annotation of a list: its JSON made when read, not rewritten at every call. */
function coverageNote(list: [CoverageRecord, number][]): { type: string; description?: string } {
  return {
    type: COVERAGE_ANNOTATION,
    get description() {
      return JSON.stringify(list);
    },
    set description(text: string | undefined) {
      list.splice(0, list.length, ...(JSON.parse(text ?? '[]') as [CoverageRecord, number][]));
    },
  };
}

/** Counts a call in the test's 'coverage' annotation (a JSON list of [record, calls]). */
export function recordTestCoverage(annotations: { type: string; description?: string }[], record: CoverageRecord): void {
  let mine = kept.get(annotations);
  if (!mine || !annotations.includes(mine.note)) {
    const found = annotations.findIndex((a) => a.type === COVERAGE_ANNOTATION);
    const list = found < 0 ? [] : (JSON.parse(annotations[found].description ?? '[]') as [CoverageRecord, number][]);
    const note = coverageNote(list);
    if (found < 0) annotations.push(note);
    else annotations[found] = note;
    mine = { note, list };
    kept.set(annotations, mine);
  }
  const same = mine.list.find(([r]) => r.service === record.service && r.operationId === record.operationId && r.status === record.status);
  if (same) same[1]++;
  else mine.list.push([record, 1]);
}

/** The records of a test result's 'coverage' annotation, one per call. */
export function coverageFromAnnotations(annotations: { type: string; description?: string }[]): CoverageRecord[] {
  return annotations
    .filter((a) => a.type === COVERAGE_ANNOTATION && a.description)
    .flatMap((a) => (JSON.parse(a.description!) as [CoverageRecord, number][]).flatMap(([r, n]) => Array.from({ length: n }, () => r)));
}

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
    .flatMap((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as CoverageRecord),
    );
}

/**
 * Removes the coverage records this process wrote, and the run's folder when nothing else is in it: a command outside a run
 * (sandbox:prepare, whatever way it ends) leaves no folder under reports/.raw that nothing reads.
 */
export function forgetOwnCoverage(): void {
  if (!file) return;
  fs.rmSync(file, { force: true });
  file = undefined;
  const dir = rawDir();
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmSync(dir, { recursive: true, force: true });
}

/** Removes this run's coverage records; the run's ledger of a sandbox guest (helpers/target/sandbox/) is kept until swept. */
export function clearCoverageRecords(): void {
  const dir = rawDir();
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('coverage-'))) fs.rmSync(path.join(dir, f), { force: true });
  // The folder of the states the workers shared (guest/shared-state.ts), empty once every hold was given back.
  const states = path.join(dir, 'states');
  if (fs.existsSync(states) && fs.readdirSync(states).length === 0) fs.rmSync(states, { recursive: true, force: true });
  if (fs.readdirSync(dir).length === 0) fs.rmSync(dir, { recursive: true, force: true });
}
