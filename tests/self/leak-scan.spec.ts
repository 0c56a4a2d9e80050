// Covers: helpers/verdict/leak-scan.ts, run by the suite reporter after every run: the mocks' test data
// and the configured target's own secrets are found in any output file; public material is not a
// secret; only the kind and the file are reported.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { inTempDir } from './support.known.js';
import { LEAK_PATTERNS } from '../../fixtures/leak-patterns.js';
import { TEST_PANS } from '../../fixtures/examples/card-enrollment.js';
import { configuredSecretPatterns, scanForLeaks } from '../../helpers/verdict/leak-scan.js';

test('finds a test PAN and a configured secret in the outputs, and nothing in clean files', () => {
  return inTempDir('leak-scan-', async (dir) => {
    fs.mkdirSync(path.join(dir, 'allure-results'));
    fs.writeFileSync(path.join(dir, 'allure-results', 'a-attachment.json'), JSON.stringify({ pan: TEST_PANS[0] }));
    fs.writeFileSync(path.join(dir, 'certification.md'), 'partner secret sbx-Secret-0123456789 was echoed');
    fs.writeFileSync(path.join(dir, 'clean.md'), 'masked ************4792 and [REDACTED]');
    const env = {
      FD_PARTNER_SECRET: 'sbx-Secret-0123456789',
      CARD_ENCRYPTION_PEM: '-----BEGIN PUBLIC KEY-----abc',
      FD_APP_KEY_HEADER: 'Finicity-App-Key',
      FD_BASE_URL: 'https://sandbox.example',
    };
    const patterns = configuredSecretPatterns(env);
    expect(patterns.map((p) => p.what)).toEqual(['the value of FD_PARTNER_SECRET (configured target)']);
    const { scanned, leaks } = scanForLeaks([dir], [...LEAK_PATTERNS, ...patterns]);
    expect(scanned).toBe(3);
    const found = leaks.map((l) => `${l.what} @ ${path.basename(l.file)}`);
    expect(found).toContain('a test PAN @ a-attachment.json');
    expect(found).toContain('the value of FD_PARTNER_SECRET (configured target) @ certification.md');
    expect(found.filter((f) => f.endsWith('clean.md'))).toEqual([]);
    expect(JSON.stringify(leaks)).not.toContain(TEST_PANS[0]);
    expect(JSON.stringify(leaks)).not.toContain('sbx-Secret-0123456789');
  });
});

/** A zip of the given entries, as Playwright's blob reporter writes one (its own yazl). */
async function zipOf(file: string, entries: Record<string, string>): Promise<void> {
  const { yazl } = createRequire(import.meta.url)('playwright-core/lib/utilsBundle');
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const done = new Promise((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve));
  await done;
}

test('opens a blob report: a leak in its events or in an attachment it carries inline fails as elsewhere', async () => {
  await inTempDir('leak-scan-blob-', async (dir) => {
    const attach = (text: string) =>
      JSON.stringify({ method: 'onAttach', params: { attachments: [{ name: 'x', base64: Buffer.from(text).toString('base64') }] } });
    await zipOf(path.join(dir, 'report-1.zip'), {
      'report.jsonl': `${JSON.stringify({ method: 'onStepBegin', params: { title: `card ${TEST_PANS[1]}` } })}\n`,
    });
    await zipOf(path.join(dir, 'report-2.zip'), { 'report.jsonl': `${attach(`card ${TEST_PANS[0]}`)}\n` });
    await zipOf(path.join(dir, 'report-3.zip'), {
      'report.jsonl': `${attach('card ************4792')}\n`,
      'resources/a.txt': '[REDACTED]',
    });
    const { scanned, leaks } = scanForLeaks([], LEAK_PATTERNS, [dir]);
    expect(scanned).toBe(3);
    expect([...new Set(leaks.filter((l) => l.what === 'a test PAN').map((l) => path.basename(l.file)))]).toEqual([
      'report-1.zip (report.jsonl)',
      'report-2.zip (report.jsonl (an inline attachment))',
    ]);
  });
});
