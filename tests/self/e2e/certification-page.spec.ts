// Covers: reports/certification.html opens from disk in a real browser (Debian's chromium through
// Playwright's executablePath) and shows what a person needs: the verdict, the chart, the coverage
// matrix, the grouped failures and the rules. The page is built from a certification made here. A browser's
// start and render held one of `npm test`'s two workers about 9 s, so this check runs with the suite's own end-to-end tests
// (`npm run test:e2e`, which CI runs too); the page's text and every member's place on it are judged
// without a browser in ../certification-html.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../../fixtures/self.js';
import { closing, inTempDir } from '../support.known.js';
import { writeCertification } from '../../../helpers/verdict/certification-report.js';
import { browserMissing, launchChromium } from '../../../helpers/client/browser.js';
import { fullCertification } from '../full-certification.known.js';

test('the certification page opens from disk and shows verdict, chart, coverage matrix, failures and rules', async () => {
  test.skip(Boolean(browserMissing()), browserMissing());
  // The certification of every member: what a person needs must stand out among all the rest.
  const { cert, coverage } = fullCertification();
  await inTempDir('cert-html-', async (dir) => {
    writeCertification(dir, cert, coverage);
    await closing(launchChromium(), async (browser) => {
      const page = await browser.newPage();
      await page.goto(`file://${path.join(dir, 'certification.html')}`);
      await expect(page.locator('#verdict')).toHaveText('FAIL');
      // The first screen says what fails, linked to its group.
      const fails = page.locator('.glance li', { hasText: 'CE-AUTH-MISSING-KEY' });
      await expect(fails).toBeVisible();
      expect((await fails.boundingBox())!.y, 'what fails is on the first screen').toBeLessThan(page.viewportSize()!.height);
      // The verdict's limits on the first screen: a documented status no check provoked, and why not.
      await expect(page.locator('.glance')).toContainText('1 documented status not exercised (1 with no stated reason)');
      // The charts folded (the page opens on what fails), shown when opened.
      await page.getByText('Charts', { exact: true }).click();
      await expect(page.getByRole('img', { name: 'Checks per service' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Rules per kind' })).toBeVisible();
      // The failure: the check that judged it, in its own words, and how to run it again.
      const check = page.locator('details.check', { hasText: 'rejects a request without a key' });
      await expect(check).toContainText('judged by statusCodeConformance');
      await expect(check).toContainText('Received: 200 / Documented: 401');
      await expect(check.locator('pre.rerun')).toContainText('npx playwright test');
      await expect(page.getByText('Rule CE-AUTH-MISSING-KEY: without a key: 401')).toBeVisible();
      // Folded: the coverage matrix and the passing rules, opened on demand.
      const matrix = page.getByRole('table', { name: 'coverage card-enrollment' });
      await expect(matrix).toBeHidden();
      await page.locator('summary', { hasText: 'documented (operation, status) pairs exercised' }).click();
      await expect(matrix.getByRole('row', { name: /putCard/ })).toContainText('not exercised');
      // The filter keeps what names the rule or operation typed.
      await page.locator('#filter').fill('no-such-rule-id');
      await expect(page.locator('details.check')).toBeHidden();
      await page.locator('#filter').fill('CE-AUTH');
      await expect(page.locator('tr.failed', { hasText: 'CE-AUTH-MISSING-KEY: without a key: 401' })).toBeVisible();
      // A failed check shows under the rule it breaks, whatever its own text holds.
      await expect(check).toBeVisible();
      await page.locator('#filter').fill('putCard');
      await expect(check).toBeVisible();
      await page.locator('#filter').fill('');
      // Printed, everything is unfolded and the filter is gone.
      await page.reload();
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.controls')).toBeHidden();
      await expect(matrix).toBeVisible();
      fs.mkdirSync('reports', { recursive: true });
      await page.screenshot({ path: 'reports/certification-page.png', fullPage: true });
    });
  });
});
