// Which spec files reach which mutant (`npm run mutation:sample -- --coverage`): StrykerJS counts each mutant passed per
// `currentTestId`, here the spec file while its test runs (MUTANT_COVERAGE_DIR set; none while a worker fixture is built: such a
// mutant runs against the whole service); each worker writes its counts for scripts/mutation-sample.ts.
import fs from 'node:fs';
import path from 'node:path';

interface StrykerNamespace {
  currentTestId?: string;
  mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> };
}

const mutantCoverageDir = (): string | undefined => process.env.MUTANT_COVERAGE_DIR || undefined;

const namespace = (): StrykerNamespace => {
  const g = globalThis as { __stryker__?: StrykerNamespace };
  g.__stryker__ ??= {};
  return g.__stryker__;
};

let exitHook = false;
function write(dir: string): void {
  const coverage = namespace().mutantCoverage;
  if (!coverage) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `worker-${process.pid}.json`), JSON.stringify(coverage));
}

/** Runs a test (setup, body, teardown) with its spec file as the coverage id, then writes the worker's counts. */
export async function withTestCoverage(file: string, run: () => Promise<void>): Promise<void> {
  const dir = mutantCoverageDir();
  if (dir === undefined) return run();
  if (!exitHook) {
    exitHook = true;
    // What a worker's last teardown reaches (closing the mock) is written as it exits.
    process.once('exit', () => write(dir));
  }
  const ns = namespace();
  ns.currentTestId = path.relative(process.cwd(), file).split(path.sep).join('/');
  try {
    await run();
  } finally {
    ns.currentTestId = undefined;
    write(dir);
  }
}

/** Runs a worker value's build or close with no test id: what it reaches counts for every test of the worker. */
export async function asShared<T>(run: () => Promise<T>): Promise<T> {
  if (mutantCoverageDir() === undefined) return run();
  const ns = namespace();
  const id = ns.currentTestId;
  ns.currentTestId = undefined;
  try {
    return await run();
  } finally {
    ns.currentTestId = id;
  }
}

/** The counts the baseline's workers wrote: mutants reached by shared (worker) code, and per spec file. */
export function readMutantCoverage(dir: string): { shared: Set<string>; byFile: Map<string, Set<string>> } {
  const shared = new Set<string>();
  const byFile = new Map<string, Set<string>>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
    const c = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Required<StrykerNamespace>['mutantCoverage'];
    for (const id of Object.keys(c.static ?? {})) shared.add(id);
    for (const [file, ids] of Object.entries(c.perTest ?? {})) {
      if (!byFile.has(file)) byFile.set(file, new Set());
      for (const id of Object.keys(ids)) byFile.get(file)!.add(id);
    }
  }
  return { shared, byFile };
}
