// A tiny real Playwright run in a folder of its own (nestedRun), its tests and results as the reporters
// after the suite's first read them, recorded to events.json (RECORDER, given to the run as
// ./recorder.mjs), and the suite reporter fed them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inTempDir } from '../support.known.js';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import SuiteReporter from '../../../helpers/verdict/suite-reporter.js';

export const RECORDER = `
import fs from 'node:fs';
const test = (t) => ({ id: t.id, project: t.parent.project()?.name, titlePath: t.titlePath(), file: t.location.file, tags: t.tags, annotations: t.annotations, retries: t.retries });
export default class Recorder {
  onBegin(config, suite) { this.tests = suite.allTests().map(test); this.ends = []; }
  onTestEnd(t, r) { this.ends.push({ test: { ...test(t), expectedStatus: t.expectedStatus, outcome: t.outcome() }, result: { status: r.status, retry: r.retry, workerIndex: r.workerIndex, annotations: r.annotations, error: r.error && { message: r.error.message } } }); }
  onEnd(result) { fs.writeFileSync('events.json', JSON.stringify({ status: result.status, tests: this.tests, ends: this.ends })); }
}
`;

type Recorded = {
  id: string;
  project: string;
  titlePath: string[];
  file: string;
  tags: string[];
  annotations: { type: string; description?: string }[];
  retries: number;
  expectedStatus?: string;
  outcome?: string;
};
export interface RecordedRun {
  status: string;
  tests: Recorded[];
  ends: { test: Recorded; result: TestResult }[];
}

export const readRecorded = (dir: string): RecordedRun => JSON.parse(fs.readFileSync(path.join(dir, 'events.json'), 'utf8'));

/** The suite reporter fed a recorded run, its projects the suites (its onEnd, which writes this checkout's reports, not called). */
export function reportedRun(events: RecordedRun): SuiteReporter {
  const testCase = (t: Recorded) =>
    ({
      ...t,
      parent: { project: () => ({ name: t.project }) },
      titlePath: () => t.titlePath,
      location: { file: t.file, line: 1, column: 1 },
    }) as unknown as TestCase;
  const reporter = new SuiteReporter();
  const tests = events.tests.map(testCase);
  const suites = [...new Set(events.tests.map((t) => t.project))].map((title) => ({ title }));
  reporter.onBegin({} as never, { suites, allTests: () => tests } as unknown as Suite);
  for (const { test: t, result } of events.ends) reporter.onTestEnd(testCase(t), { ...result, attachments: [] } as TestResult);
  return reporter;
}

/**
 * `playwright test` in a temporary folder of its own (none of this run's worker variables): `files`
 * written there (its playwright.config.mjs among them; RECORDER as recorder.mjs), node_modules linked.
 * `during` runs while it does (a signal sent); `use` reads the folder once it has ended, before it is removed.
 */
export function nestedRun<T>(
  prefix: string,
  files: Record<string, string>,
  use: (run: { code: number | null; output: string; dir: string }) => T | Promise<T>,
  during?: (child: ChildProcess, dir: string) => Promise<void>,
): Promise<T> {
  return inTempDir(prefix, async (dir) => {
    for (const [name, text] of Object.entries({ 'recorder.mjs': RECORDER, ...files })) fs.writeFileSync(path.join(dir, name), text);
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
    delete env.TEST_WORKER_INDEX;
    delete env.TEST_PARALLEL_INDEX;
    const cli = [path.resolve('node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.config.mjs'];
    const child = spawn(process.execPath, cli, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (c: Buffer) => (output += c.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    await during?.(child, dir);
    return use({ code: await ended, output, dir });
  });
}
