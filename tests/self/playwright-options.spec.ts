// Covers: a user's Playwright options and environment reach the suite's own nested runs as the user
// meant them: a JSON report file named by PLAYWRIGHT_JSON_OUTPUT_NAME is the user's run's, and the
// listing the self tests read still comes on stdout (fixtures/self.ts, withoutReportFiles).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, runCommand, test, withoutReportFiles } from '../../fixtures/self.js';

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

test('with PLAYWRIGHT_JSON_OUTPUT_NAME set, a nested --list --reporter=json still answers on stdout and leaves the file alone', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'json-name-')), 'user.json');
  const saved = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = file;
  try {
    const { code, output } = runCommand('npx', [
      'playwright',
      'test',
      '--list',
      '--reporter=json',
      'tests/card-enrollment/enroll-card.errors.spec.ts',
      '--project=card-enrollment',
    ]);
    expect(code, output).toBe(0);
    expect(JSON.parse(output.slice(output.indexOf('{'))).suites.length).toBeGreaterThan(0);
    expect(fs.existsSync(file), "the user's report file is not written by a nested run").toBe(false);
  } finally {
    if (saved === undefined) delete process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
    else process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = saved;
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
});
