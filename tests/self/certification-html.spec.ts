// Covers: reports/certification.html opens from disk in a real browser (Debian's chromium through
// Playwright's executablePath) and shows what a person needs: the verdict, the chart, the coverage
// matrix, the grouped failures and the rules. The page is built from a certification made here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { serviceVerdict } from '../../helpers/verdict/certification.js';
import { writeCertification } from '../../helpers/verdict/certification-report.js';
import type { ServiceCoverage } from '../../helpers/verdict/coverage-report.js';
import { browserMissing, launchChromium } from '../../helpers/client/browser.js';

test('the certification page opens from disk and shows verdict, chart, coverage matrix, failures and rules', async () => {
  test.skip(Boolean(browserMissing()), browserMissing());
  const coverage: ServiceCoverage = {
    service: 'card-enrollment',
    contractVersion: '1.0.0',
    exercised: 1,
    documented: 2,
    undocumented: [],
    pairs: [
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '200', exercised: true, calls: 3 },
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '500', exercised: false, calls: 0 },
    ],
  };
  const rules = [
    {
      id: 'CE-AUTH-MISSING-KEY',
      text: 'without a key: 401',
      kind: 'auth' as const,
      source: 'seed' as const,
      cite: 'seed 000',
      operations: ['putCard'],
    },
  ];
  const verdict = serviceVerdict(
    'card-enrollment',
    'Card enrollment',
    'seed',
    [
      {
        project: 'card-enrollment',
        title: 'rejects a request without a key',
        file: 'f',
        tags: [],
        status: 'failed',
        rules: ['CE-AUTH-MISSING-KEY'],
        error: '[statusCodeConformance] POST /cards (putCard): Received: 200 / Documented: 401',
        violations: [{ check: 'statusCodeConformance', operationId: 'putCard', method: 'POST', path: '/cards', status: 200, lead: true }],
      },
      { project: 'card-enrollment', title: 'enrolls a card', file: 'f', tags: [], status: 'passed' },
    ],
    coverage,
    rules,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-html-'));
  writeCertification(
    dir,
    {
      target: 'mock',
      generatedAt: new Date().toISOString(),
      verdict: 'FAIL',
      checks: { selected: 2, run: 2, skipped: 0 },
      services: [verdict],
    },
    [coverage],
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`file://${path.join(dir, 'certification.html')}`);
    await expect(page.locator('#verdict')).toHaveText('FAIL');
    await expect(page.getByRole('img', { name: 'Checks per service' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rules per kind' })).toBeVisible();
    const matrix = page.getByRole('table', { name: 'coverage card-enrollment' });
    await expect(matrix.getByRole('row', { name: /putCard/ })).toContainText('not exercised');
    await expect(page.getByText('statusCodeConformance: POST /cards (putCard) 200')).toBeVisible();
    await expect(page.getByText('CE-AUTH-MISSING-KEY: without a key: 401')).toBeVisible();
    fs.mkdirSync('reports', { recursive: true });
    await page.screenshot({ path: 'reports/certification-page.png', fullPage: true });
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
