// A nested Playwright run's tests and results as the reporters after the suite's first read them,
// recorded to events.json (RECORDER, given to the run as ./recorder.mjs), and the suite reporter fed them.
import fs from 'node:fs';
import path from 'node:path';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import SuiteReporter from '../../../helpers/verdict/suite-reporter.js';

export const RECORDER = `
import fs from 'node:fs';
const test = (t) => ({ id: t.id, project: t.parent.project()?.name, titlePath: t.titlePath(), file: t.location.file, tags: t.tags, annotations: t.annotations, retries: t.retries });
export default class Recorder {
  onBegin(config, suite) { this.tests = suite.allTests().map(test); this.ends = []; }
  onTestEnd(t, r) { this.ends.push({ test: test(t), result: { status: r.status, retry: r.retry, annotations: r.annotations, error: r.error && { message: r.error.message } } }); }
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
