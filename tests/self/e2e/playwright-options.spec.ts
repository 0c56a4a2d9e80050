// Covers: a user's Playwright options and environment give the verdict the plain run gives. Nested runs
// of three card checks in a checkout of their own (fixtures/self.ts linkCheckout), a fault failing one
// seed check (the plain run: FAIL): the documented reporters together, two --shard runs with --workers
// and --repeat-each merged by `npm run merge`, and a --grep selection with the suite reporter named.
// Four runs and a merge, started together once (about 4 s of CPU each), read by the assertions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  directCommand,
  expect,
  linkCheckout,
  NESTED_RUN_MS,
  runCommand,
  test,
  userEnv,
  withoutReportFiles,
} from '../../../fixtures/self.js';
import { spawnCollect } from '../support.known.js';
import { SUITE_REPORTER, withoutSuiteReporter, writesCertification } from '../../../helpers/verdict/reporters.js';

// Three checks of seed rules (seed 000, EnrollCardRequest and ComplianceSettings): `privacy-not-required`
// (mocks/card-enrollment/cards.faults.ts) fails the privacy one, a seed check: the verdict is FAIL. It
// comes last: a run whose --reporter leaves out the suite's first reporter starts a new worker after a
// failure (helpers/client/kept-worker.ts), and after the last check there is none to start.
const SPEC = `
import { deletePath, expectCardError, rules, test } from '../../fixtures/card-enrollment.js';
for (const [rule, field] of [['CE-REQ-REQUEST', 'srcClientId'], ['CE-REQ-COMPLIANCE', 'complianceSettings.tnc'], ['CE-REQ-COMPLIANCE', 'complianceSettings.privacy']])
  test(\`rejects a card request without \${field}\`, rules(\`\${rule}@card\`, 'CE-ERR-FIELD'), async ({ cardApi, cards }) => {
    const res = await cardApi.call('putCard', { body: deletePath(await cards.on('card'), field) });
    expectCardError(res, { http: 400, status: 'INVALID_ARGUMENT', field, reason: 'CANNOT_BE_NULL', sourceType: 'BODY' });
  });
`;
const FAULT = 'privacy-not-required';
const FAILING = 'rejects a card request without complianceSettings.privacy';

interface Run {
  code: number | null;
  output: string;
  dir: string;
}
interface Certified {
  verdict: string;
  reason?: string;
  results?: { title: string; status: string }[];
}

/** `npx playwright test <args>` in a checkout of its own holding SPEC, as a user's terminal would start it. */
function nestedRun(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-options-'));
  linkCheckout(dir, { 'card-enrollment/required.spec.ts': SPEC });
  return runIn(dir, ['npx', 'playwright', 'test', ...args], env);
}

/** One of our commands in `dir`, with the user's environment, the mock target and FAULT. */
function runIn(dir: string, commandLine: string[], env: Record<string, string> = {}): Promise<Run> {
  const { command, args } = directCommand(commandLine[0], commandLine.slice(1));
  return spawnCollect(command, args, {
    cwd: dir,
    env: { ...withoutReportFiles(userEnv(path.join(dir, 'no.env'))), TARGET: 'mock', MOCK_FAULTS: FAULT, ...env },
    timeout: NESTED_RUN_MS,
  }).then((run) => ({ ...run, dir }));
}

const certification = (run: Run): Certified => JSON.parse(fs.readFileSync(path.join(run.dir, 'reports', 'certification.json'), 'utf8'));
const failedIn = (c: Certified) => [...new Set((c.results ?? []).filter((r) => r.status === 'failed').map((r) => r.title))].sort();

// One worker runs this file's tests in order: the runs are started once.
test.describe.configure({ mode: 'default' });
type Runs = Record<'reporters' | 'grep' | 'shard1' | 'shard2' | 'merged', Run>;
let runs: Promise<Runs> | undefined;
const dirs: string[] = [];

/** The runs, shared by the tests of this file; the first to ask waits for all of them, started at once. */
function startRuns(): Promise<Runs> {
  // Four nested runs at once and a merge: on a loaded runner each takes ten times its quiet duration.
  test.setTimeout(2 * NESTED_RUN_MS);
  runs ??= (async () => {
    // A CI job per shard, each with two workers and each check twice: six results, three a shard.
    const shard = (n: number) => nestedRun([`--shard=${n}/2`, '--workers=2', '--repeat-each=2'], { CI: '1' });
    const [reporters, grep, shard1, shard2] = await Promise.all([
      nestedRun(['--reporter=list,line,dot,json,junit,html'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: 'user.json',
        PLAYWRIGHT_JUNIT_OUTPUT_NAME: 'user.xml',
        PLAYWRIGHT_HTML_OUTPUT_DIR: 'user-html',
        PLAYWRIGHT_HTML_OPEN: 'never',
      }),
      nestedRun(['--grep', 'without srcClientId', `--reporter=dot,${SUITE_REPORTER}`]),
      shard(1),
      shard(2),
    ]);
    dirs.push(...[reporters, grep, shard1, shard2].map((r) => r.dir));
    // A CI merge job: every shard's blob report in one blob-report/ of a checkout of its own.
    const merged = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-options-'));
    dirs.push(merged);
    linkCheckout(merged, { 'card-enrollment/required.spec.ts': SPEC });
    fs.mkdirSync(path.join(merged, 'blob-report'));
    for (const s of [shard1, shard2])
      for (const zip of fs.readdirSync(path.join(s.dir, 'blob-report')).filter((f) => f.endsWith('.zip')))
        fs.copyFileSync(path.join(s.dir, 'blob-report', zip), path.join(merged, 'blob-report', zip));
    return { reporters, grep, shard1, shard2, merged: await runIn(merged, ['npx', 'tsx', 'scripts/merge.ts']) };
  })();
  return runs;
}

/** What the plain run (`npx playwright test`) of SPEC with FAULT gives: exit 1, FAIL, the one check. */
const PLAIN = { code: 1, verdict: 'FAIL', failed: [FAILING] };

test.afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The worker of each result in a run's Allure results: allure-playwright labels each with its thread. */
function workersOf(run: Run): string[] {
  const results = path.join(run.dir, 'reports', 'allure-results');
  return fs
    .readdirSync(results)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => (JSON.parse(fs.readFileSync(path.join(results, f), 'utf8')) as { labels: { name: string; value: string }[] }).labels)
    .map((labels) => labels.find((l) => l.name === 'thread')?.value.replace(/^pid-\d+-/, '') ?? 'none');
}

test('--reporter=list,line,dot,json,junit,html: the same exit code and failed check in each report, and no certification left standing', async () => {
  const { reporters } = await startRuns();
  expect(reporters.code, reporters.output).toBe(PLAIN.code);
  const json = JSON.parse(fs.readFileSync(path.join(reporters.dir, 'user.json'), 'utf8')) as {
    stats: { unexpected: number; expected: number };
  };
  expect(json.stats).toMatchObject({ unexpected: 1, expected: 2 });
  const junit = fs.readFileSync(path.join(reporters.dir, 'user.xml'), 'utf8');
  const failedCases = junit
    .split('<testcase ')
    .filter((c) => c.split('</testcase>')[0].includes('<failure'))
    .map((c) => /^name="([^"]*)"/.exec(c)?.[1]);
  expect(failedCases).toEqual([FAILING]);
  expect(fs.existsSync(path.join(reporters.dir, 'user-html', 'index.html'))).toBe(true);
  // list and line name the failure; dot prints its row of marks; every one closes with the count.
  expect(reporters.output).toContain(FAILING);
  expect(reporters.output).toMatch(/^[·×F✘]+$/m);
  expect(reporters.output).toMatch(/1 failed/);
  // The suite's reporter was replaced: the certification says this run did not certify, never an older verdict.
  const cert = certification(reporters);
  expect(cert.verdict).toBe('NOT RUN');
  expect(cert.reason).toContain('--reporter');
});

test('--shard=1/2 and 2/2 with --workers=2 --repeat-each=2, merged by npm run merge, certify what the plain run does, each check twice; each shard on two workers', async () => {
  const { merged, shard1, shard2 } = await startRuns();
  expect(merged.code, merged.output).toBe(PLAIN.code);
  const cert = certification(merged);
  expect(cert.verdict).toBe(PLAIN.verdict);
  expect(failedIn(cert)).toEqual(PLAIN.failed);
  expect(cert.results?.length, 'each check twice').toBe(6);
  for (const s of [shard1, shard2]) {
    // A shard certifies its own part: FAIL when it holds the failing check, PARTIAL otherwise.
    const part = certification(s);
    expect(part.verdict).toBe(failedIn(part).length ? 'FAIL' : 'PARTIAL');
    expect(s.code, s.output).toBe(failedIn(part).length ? 1 : 0);
    const workers = workersOf(s);
    expect(workers, 'three of the six results a shard').toHaveLength(3);
    expect(new Set(workers).size, 'two workers ran the shard').toBe(2);
  }
});

test('--grep selecting a passing check certifies PARTIAL and exits 0, never FAIL; the suite reporter named on the command line certifies', async () => {
  const { grep } = await startRuns();
  expect(grep.code, grep.output).toBe(0);
  const cert = certification(grep);
  expect(cert.verdict).toBe('PARTIAL');
  expect(cert.results?.map((r) => `${r.title}: ${r.status}`)).toEqual(['rejects a card request without srcClientId: passed']);
});

test("the suite reporter is told among a run's reporters by its file, and the NOT RUN reason says how to keep it", () => {
  expect(writesCertification([['list'], [SUITE_REPORTER, {}]])).toBe(true);
  expect(writesCertification([['list'], [path.resolve(SUITE_REPORTER)]])).toBe(true);
  expect(writesCertification([['dot'], ['json']])).toBe(false);
  expect(withoutSuiteReporter([['dot'], ['json']])).toContain(`--reporter=dot,json,${SUITE_REPORTER}`);
});

test('the variables that send a reporter to a file are left out of a nested run; the rest are kept', () => {
  const env = withoutReportFiles({
    PATH: '/bin',
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'r.json',
    PLAYWRIGHT_JSON_OUTPUT_FILE: 'r.json',
    PLAYWRIGHT_JUNIT_OUTPUT_DIR: 'out',
    PLAYWRIGHT_HTML_OPEN: 'never',
    PLAYWRIGHT_BROWSERS_PATH: '/b',
  });
  expect(Object.keys(env).sort()).toEqual(['PATH', 'PLAYWRIGHT_BROWSERS_PATH']);
});

test("with PLAYWRIGHT_JSON_OUTPUT_NAME set, a process a self test starts does not see it (a nested listing answers on stdout, the user's file is left alone)", () => {
  const saved = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = 'user.json';
  try {
    const { code, output } = runCommand(process.execPath, [
      '-e',
      'process.stdout.write(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "unset")',
    ]);
    expect(code, output).toBe(0);
    expect(output).toBe('unset');
  } finally {
    if (saved === undefined) delete process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
    else process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = saved;
  }
});
