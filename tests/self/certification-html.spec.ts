// Covers: reports/certification.html gives every member of certification.json a place, and its render primitives say the
// same words as the markdown. The page in a real browser (verdict, chart, coverage matrix, failures, rules):
// e2e/certification-page.spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir } from './support.known.js';
import { writeCertification } from '../../helpers/verdict/certification-report.js';
import { fullCertification } from './full-certification.known.js';
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
