// Covers: reports/certification.html opens from disk in a real browser (Debian's chromium through
// Playwright's executablePath) and shows what a person needs: the verdict, the chart, the coverage
// matrix, the grouped failures and the rules. The page is built from a certification made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { certificationOf, closing, inTempDir, outcomeOf, testRule } from './support.known.js';
import { checkResult, serviceVerdict } from '../../helpers/verdict/certification.js';
import { writeCertification } from '../../helpers/verdict/certification-report.js';
import type { ServiceCoverage, TestOutcome } from '../../helpers/verdict/coverage-report.js';
import { compareCertifications } from '../../helpers/verdict/baseline.js';
import type { Evidence } from '../../helpers/verdict/evidence.js';
import type { Certification, ServiceVerdict } from '../../helpers/verdict/model.js';
import { browserMissing, launchChromium } from '../../helpers/client/browser.js';
import {
  b,
  badge,
  type Block,
  BR,
  code,
  em,
  fold,
  h,
  html,
  link,
  list,
  markdown,
  p,
  page as onPageOnly,
  pre,
  table,
} from '../../helpers/verdict/render.js';

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

/** A certification holding every member the model has (the types make a member left out a compile error). */
function fullCertification(): { cert: Certification; coverage: ServiceCoverage[] } {
  const coverage: ServiceCoverage = {
    service: 'card-enrollment',
    contractVersion: '1.0.0',
    exercised: 1,
    documented: 2,
    undocumented: [],
    pairs: [
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '200', exercised: true, calls: 37 },
      { operationId: 'putCard', method: 'POST', path: '/cards', status: '500', exercised: false, calls: 0 },
    ],
  };
  const rules = [
    testRule('CE-AUTH-MISSING-KEY', 'auth', ['putCard'], { text: 'without a key: 401', cite: 'seed 000, Authentication' }),
    testRule('CE-MASK-PAN', 'masking', ['putCard'], { text: 'the PAN is shown masked', cite: 'seed 000, MaskedCard' }),
    testRule('CE-LIM-PAN', 'range', ['putCard'], { text: 'a PAN of 13 to 19 digits', source: 'provider', cite: 'provider 1.0.0, Card' }),
  ];
  const evidence: Evidence = {
    how: 'failed',
    note: 'the exchange statusCodeConformance judged and failed (call #3 of the test)',
    exchanges: ['#3 POST http://mock/cards -> 200 (putCard) [failed statusCodeConformance]\n< 200\n{"srcDigitalCardId":"d-7781"}'],
    operationId: 'putCard',
  };
  const check = (title: string, status: TestOutcome['status'], more: Partial<TestOutcome>) =>
    outcomeOf('card-enrollment', title, status, { file: 'f.spec.ts', ...more });
  const failed = check('rejects a request without a key', 'failed', {
    file: 'tests/card-enrollment/auth.spec.ts',
    line: 41,
    rules: ['CE-AUTH-MISSING-KEY'],
    error: '[statusCodeConformance] POST /cards (putCard): Received: 200 / Documented: 401',
    violations: [
      {
        check: 'statusCodeConformance',
        operationId: 'putCard',
        method: 'POST',
        path: '/cards',
        status: 200,
        rules: ['CE-AUTH-MISSING-KEY'],
        lead: true,
        call: 3,
      },
    ],
    evidence,
    exchange: evidence.exchanges[0],
    rerun: "npx playwright test tests/card-enrollment/auth.spec.ts:41 --project=card-enrollment -g 'rejects a request without a key'",
  });
  const outcomes: TestOutcome[] = [
    failed,
    check('enrolls a card', 'passed', { rules: ['CE-MASK-PAN'] }),
    check('a PAN of 20 digits', 'skipped', { rules: ['CE-LIM-PAN'], skipReason: 'mock-only: needs the fault switch' }),
    check('masked identity as the provider', 'passed', { conflicts: ['CE-CONFLICT-MASKED-IDENTITY-TYPE'] }),
  ];
  const verdict = serviceVerdict('card-enrollment', 'Card enrollment', 'seed', outcomes, coverage, rules);
  const service: Required<ServiceVerdict> = {
    ...verdict,
    statements: { total: 12, traced: 9, notCheckable: 3 },
    time: { checks: 120.5, documented: 60, quota: 4.5, answers: 30, ours: 26, cpu: 11.2 },
    rulePaths: {
      rules: 3,
      paths: 5,
      cells: 6,
      covered: 4,
      justified: 1,
      empty: 1,
      open: [
        { rule: 'CE-LIM-PAN', path: 'path receipt', from: 'declared', state: 'empty' },
        { rule: 'CE-MASK-PAN', path: 'op putCard', from: 'catalogue', state: 'justified', reason: 'the receipt path shows no PAN at all' },
      ],
    },
    newerVersion: {
      service: 'card-enrollment',
      from: '1.0.0',
      to: '1.1.0',
      announced: 17,
      explained: [
        {
          service: 'card-enrollment',
          title: 'rejects a request without a key',
          file: 'tests/card-enrollment/auth.spec.ts',
          check: 'assertion',
          operationId: 'putCard',
          received: '403',
          explainedBy: [{ kind: 'status added', detail: 'status added 403', where: 'response 403', key: 'putCard 403 | status added' }],
        },
      ],
      unexplained: [
        {
          service: 'card-enrollment',
          title: 'a PAN of 20 digits refused',
          file: 'f.spec.ts',
          check: 'responseSchemaConformance',
          explainedBy: [],
        },
      ],
    },
    warning: verdict.warning ?? '1 of 3 seed checks (33%) were skipped',
    stoppedBy: 'preflight: the sandbox answered 503 to its first call',
  };
  const results = outcomes.map((o) => checkResult(o));
  const before = certificationOf([{ ...service, verdict: 'PASS' }], {
    generatedAt: '2026-11-24T10:00:00.000Z',
    checks: { selected: 4, run: 3, skipped: 1 },
    results: results.map((r) => ({ ...r, status: r.status === 'failed' ? 'passed' : r.status })),
  });
  const cert: Required<Certification> = {
    target: 'sandbox',
    generatedAt: '2026-11-25T16:00:00.000Z',
    startedAt: '2026-11-25T15:58:20.000Z',
    durationSeconds: 100,
    runId: 'run-4711',
    verdict: 'FAIL',
    reason: 'card data or secrets found in the run outputs (1)',
    interrupted: true,
    provenance: {
      suiteCommit: 'abc123def456',
      contracts: [{ service: 'card-enrollment', version: '1.0.0', sha256: '0f1e2d3c4b5a6978' }],
      targets: { 'card-enrollment': 'https://sandbox.example.test' },
      filters: {
        grep: '@smoke',
        grepInvert: '@destructive',
        shard: '1/2',
        projects: ['card-enrollment'],
        files: ['tests/card-enrollment/auth.spec.ts'],
      },
      whole: false,
    },
    checks: { selected: 4, run: 3, skipped: 1 },
    services: [service],
    leakScan: { scanned: 812, leaks: [{ what: 'a card number', file: 'test-results/x/trace.zip' }] },
    guest: {
      created: 9137,
      deleted: 9133,
      leftBehind: [
        { service: 'card-enrollment', kind: 'card', id: 'card-left-1', deletable: true },
        { service: 'card-enrollment', kind: 'consumer', id: 'consumer-kept-2', deletable: false },
      ],
      retries: 29,
      retryWaitSeconds: 87.5,
    },
    results,
    baseline: compareCertifications(
      before,
      { target: 'sandbox', generatedAt: '', verdict: 'FAIL', checks: before.checks, services: [service], results },
      'reports/base/certification.json',
    ),
  };
  return { cert, coverage: [coverage] };
}

/** What a reader finds on the page: its text (scripts and styles aside) and its tooltips. */
function pageText(html: string): string {
  const titles = [...html.matchAll(/ title="([^"]*)"/g)].map((m) => m[1]);
  const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  return [text, ...titles]
    .join(' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Where a true flag shows on the page: a new boolean member of the model fails here until it is given a place. */
const FLAG_WORDS: Record<string, string> = {
  whole: 'the whole suite',
  blocking: 'blocking',
  deletable: 'deletable',
  changed: '(changed)',
  interrupted: 'Interrupted:',
};

/**
 * Every member of the JSON without a place on the page: each string (and each key that is data, not a
 * name) must be in its text, each number a number of it, each true flag its word. Generic over the JSON.
 */
function missingFromPage(json: unknown, html: string): string[] {
  const shown = pageText(html);
  // Strings compared without white space (a page wraps and indents them); numbers read as the page spaces them.
  const text = shown.replace(/\s+/g, '');
  const numbers = new Set([...shown.matchAll(/\d+(?:\.\d+)?/g)].flatMap(([n]) => [n, n.replace(/\.0+$/, '')]));
  const missing: string[] = [];
  const walk = (v: unknown, at: string, key: string) => {
    if (typeof v === 'string') {
      if (v && !text.includes(v.replace(/\s+/g, '').slice(0, 3000))) missing.push(`${at}: ${JSON.stringify(v.slice(0, 80))}`);
    } else if (typeof v === 'number') {
      if (!numbers.has(String(v))) missing.push(`${at}: ${v}`);
    } else if (typeof v === 'boolean') {
      const word = FLAG_WORDS[key];
      if (word === undefined) missing.push(`${at}: a flag the page has no word for`);
      else if (v && word && !text.includes(word.replace(/\s+/g, ''))) missing.push(`${at}: true`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`, key));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        // A key that is no identifier is data (a skip reason, a service's name): it must show too.
        if (!/^[A-Za-z_$][\w$]*$/.test(k) && !text.includes(k.replace(/\s+/g, ''))) missing.push(`${at}.${k}: the key`);
        walk(x, `${at}.${k}`, k);
      }
  };
  walk(json, '$', '$');
  return missing;
}

test('every member of certification.json has a place on the page (walked generically), and the walk finds one left out', () => {
  const { cert, coverage } = fullCertification();
  return inTempDir('cert-json-', async (dir) => {
    writeCertification(dir, cert, coverage);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'certification.json'), 'utf8'));
    const html = fs.readFileSync(path.join(dir, 'certification.html'), 'utf8');
    expect(missingFromPage(json, html)).toEqual([]);
    // The walk is not blind: the page without its guest line misses what the guest member holds.
    const withoutGuest = html.replace(/<li>Sandbox guest:[\s\S]*?<\/li>/, '');
    expect(missingFromPage(json, withoutGuest)).toEqual(
      expect.arrayContaining(['$.guest.created: 9137', '$.guest.retryWaitSeconds: 87.5']),
    );
    expect(missingFromPage({ ...json, invented: { flag: true } }, html)).toEqual(['$.invented.flag: a flag the page has no word for']);
    // The page is whole: no external resource, one inline script.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
  });
});

test('the render primitives: each block as markdown and as the page, the same words; the data is never read as marks', () => {
  const cases: [Block, string, string][] = [
    [h(2, 'x: rules', 'r'), '## x: rules', '<h2 id="r">x: rules</h2>'],
    [
      p(`${b('FAIL')} ${code('a<b')} ${b('1 found')} ${em('seed')} J*** D** **x** \`y`),
      '**FAIL** `a<b` **1 found** *seed* J*** D** **x** `y',
      `<p>${badge('FAIL')} <code>a&lt;b</code> <b>1 found</b> <i>seed</i> J*** D** **x** \`y</p>`,
    ],
    [
      list(['a', link('op', 'f-s-0')]),
      '- a\n- [op](#f-s-0)',
      '<ul><li data-search>a</li><li data-search><a href="#f-s-0">op</a></li></ul>',
    ],
    [
      table(['a', 'b'], [['1', `x${BR}<br>`]], { rowCls: ['failed'], fold: 'folded' }),
      '| a | b |\n|---|---|\n| 1 | x<br><br> |',
      '<details><summary>folded</summary><table><tr><th>a</th><th>b</th></tr><tr class="failed" data-search><td>1</td><td>x<br>&lt;br&gt;</td></tr></table></details>',
    ],
    [pre('x ``` y', 'rerun'), "```\nx ''' y\n```", '<pre class="rerun">x ``` y</pre>'],
    [fold('g', [p('b')], { level: 3, open: true }), '### g\n\nb', '<details open data-search><summary>g</summary><p>b</p></details>'],
    [fold('g', [p('b')]), 'b', '<details data-search><summary>g</summary><p>b</p></details>'],
    [onPageOnly(p('only')), '', '<p>only</p>'],
  ];
  for (const [block, md, onPage] of cases) expect([markdown([block]).join('\n'), html([block])]).toEqual([md, onPage]);
});
