// The partner token cache (helpers/auth/token-cache.ts) on a fake clock: one token reused, a new one
// once the token is older than 90 minutes (seed 002, Authentication), one creation at a time.
import { expect, test } from '../../fixtures/self.js';
import { TokenCache, tokenAges } from '../../helpers/auth/token-cache.js';
import { loadContract } from '../../helpers/contract/contract.js';

const RENEW_AFTER_MS = tokenAges(await loadContract('financial-data')).renewAfterMs;

function cache() {
  let now = 1_000_000;
  let n = 0;
  const tokens = new TokenCache({ now: () => now, create: async () => `fdtk_self-test-${++n}`, renewAfterMs: RENEW_AFTER_MS });
  return { tokens, advance: (ms: number) => (now += ms) };
}

test('reuses one token while it is younger than 90 minutes', async () => {
  const { tokens, advance } = cache();
  const first = await tokens.get();
  advance(RENEW_AFTER_MS - 1);
  expect(await tokens.get()).toBe(first);
  expect(tokens.created).toBe(1);
});

test('renews the token once it is 90 minutes old', async () => {
  const { tokens, advance } = cache();
  const first = await tokens.get();
  advance(RENEW_AFTER_MS);
  expect(await tokens.get()).not.toBe(first);
  expect(tokens.created).toBe(2);
  expect(tokens.age()).toBe(0);
});

test('creates one token for concurrent requests', async () => {
  const { tokens } = cache();
  const all = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
  expect(new Set(all).size).toBe(1);
  expect(tokens.created).toBe(1);
});
