// Covers: the configuration check that opens `npm test` (scripts/check-config.ts): a bad .env
// value or a misspelled MOCK_FAULTS id is one line and exit 2 within a second or two, before
// typecheck and lint; a good configuration passes silently. It runs in a folder of its own (its
// reports/ is not this checkout's, which the run of these tests holds).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { configurationProblems, problemLine, SANDBOX_SERVICES } from '../../helpers/config/env-schema.js';

let dir: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-config-'));
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function check(env: Record<string, string>): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/check-config.ts')], {
      cwd: dir,
      env: { ...process.env, DOTENV_PATH: '/nonexistent/.env', ...env },
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { code: e.status, stderr: e.stderr };
  }
}

test('a misspelled MOCK_FAULTS id is one line naming it and the nearest known ids, exit 2', () => {
  const { code, stderr } = check({ MOCK_FAULTS: 'lock-after-fuor' });
  expect(code).toBe(2);
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => !/npm warn/.test(l));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("unknown fault 'lock-after-fuor'");
  expect(lines[0]).toContain('lock-after-four');
});

test('a bad TARGET is one configuration line naming it, what was expected and what was found, exit 2', () => {
  const { code, stderr } = check({ MOCK_FAULTS: '', TARGET: 'bogus' });
  expect(code).toBe(2);
  expect(stderr.trim()).toBe('configuration error: TARGET: expected mock or sandbox, found "bogus"');
});

// The lines the script prints for each bad value, read in process (one process per value would
// cost a second of CPU each).
test('a bad BREAKER_AFTER is one line; a count or off passes', () => {
  expect(configurationProblems({ BREAKER_AFTER: 'sometimes' }, []).map(problemLine)).toEqual([
    'BREAKER_AFTER: expected a positive whole number or off, found "sometimes"',
  ]);
  expect(configurationProblems({ BREAKER_AFTER: 'off' }, [])).toEqual([]);
  expect(configurationProblems({ BREAKER_AFTER: '5' }, [])).toEqual([]);
});

test('on a sandbox every bad value of a configured service is its own line; a secret is never shown', () => {
  const lines = configurationProblems(
    {
      TARGET: 'sandbox',
      CARD_BASE_URL: 'notaurl',
      FD_BASE_URL: 'https://fd.example',
      FD_APP_KEY: ' app-key-with-a-space',
      FD_ROUTING_NUMBER: '12345',
    },
    SANDBOX_SERVICES,
  ).map(problemLine);
  expect(lines.find((l) => l.startsWith('CARD_BASE_URL:'))).toContain('found "notaurl"');
  expect(lines.find((l) => l.startsWith('FD_APP_KEY:'))).toBe(
    'FD_APP_KEY: expected the app key, on one line, found a value of 21 characters (not shown) with a space at its start',
  );
  expect(lines.find((l) => l.startsWith('FD_ROUTING_NUMBER:'))).toContain('found "12345"');
  expect(lines.join('\n')).not.toContain('app-key-with-a-space');
  // Installments is not configured (no base URL): none of its variables is asked for.
  expect(lines.some((l) => l.startsWith('INSTALLMENTS_'))).toBe(false);
});

test('known fault ids and a good configuration pass', () => {
  expect(check({ MOCK_FAULTS: 'lock-after-four,pan-unmasked', TARGET: 'mock' }).code).toBe(0);
});
