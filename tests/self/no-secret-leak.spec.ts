// Covers: reports/ and test-results/ after the service projects ran (project `leaks` depends on
// them): no test PAN, security code, key, token, secret or SSN appears unredacted.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { LEAK_PATTERNS } from '../../fixtures/leak-patterns.js';

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'allure-report' ? [] : files(full);
    return /\.(json|txt|md|jsonl|log|html|md)$/.test(e.name) || !e.name.includes('.') ? [full] : [];
  });
}

test('no card data or secret appears unredacted in reports/ or test-results/', () => {
  const scanned = [...files('reports'), ...files('test-results')];
  expect(scanned.length, 'files to scan (the service projects must have run first)').toBeGreaterThan(0);
  const leaks: string[] = [];
  for (const file of scanned) {
    const text = fs.readFileSync(file, 'utf8');
    for (const { what, pattern } of LEAK_PATTERNS) if (pattern.test(text)) leaks.push(`${what} in ${file}`);
  }
  // Only names of the kind and file are printed: never the value itself.
  expect(leaks, leaks.join('\n')).toEqual([]);
});
