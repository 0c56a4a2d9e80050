// Covers: the configuration check that opens `npm test` (scripts/check-config.ts): a bad .env
// value or a misspelled MOCK_FAULTS id is one line and exit 2 within a second or two, before
// typecheck and lint; a good configuration passes silently.
import { execFileSync } from 'node:child_process';
import { expect, test } from '../../fixtures/self.js';

function check(env: Record<string, string>): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], { env: { ...process.env, DOTENV_PATH: '/nonexistent/.env', ...env }, stdio: 'pipe', encoding: 'utf8' });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { code: e.status, stderr: e.stderr };
  }
}

test('a misspelled MOCK_FAULTS id is one line naming it and the nearest known ids, exit 2', () => {
  const { code, stderr } = check({ MOCK_FAULTS: 'lock-after-fuor' });
  expect(code).toBe(2);
  const lines = stderr.trim().split('\n').filter((l) => !/npm warn/.test(l));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("unknown fault 'lock-after-fuor'");
  expect(lines[0]).toContain('lock-after-four');
});

test('a bad TARGET is one configuration line, exit 2', () => {
  const { code, stderr } = check({ MOCK_FAULTS: '', TARGET: 'bogus' });
  expect(code).toBe(2);
  expect(stderr).toMatch(/^configuration error: TARGET=bogus/m);
});

test('a bad BREAKER_AFTER is one configuration line, exit 2; a count or off passes', () => {
  const { code, stderr } = check({ MOCK_FAULTS: '', BREAKER_AFTER: 'sometimes' });
  expect(code).toBe(2);
  expect(stderr.trim()).toBe('configuration error: BREAKER_AFTER=sometimes must be a positive integer or off');
  expect(check({ MOCK_FAULTS: '', BREAKER_AFTER: 'off' }).code).toBe(0);
  expect(check({ MOCK_FAULTS: '', BREAKER_AFTER: '5' }).code).toBe(0);
});

test('known fault ids and a good configuration pass', () => {
  expect(check({ MOCK_FAULTS: 'lock-after-four,pan-unmasked', TARGET: 'mock' }).code).toBe(0);
});
