// Covers: the embedded mocks and their /__mock/ control surface given bad input: a clear 4xx in
// the service's error shape or one message line, never a 500, a hang or Fastify's own body.
import { expect, MOCKS, test } from '../../fixtures/self.js';

for (const mock of MOCKS) {
  test.describe(mock.service, () => {
    let handle: Awaited<ReturnType<typeof mock.start>>;

    test.beforeAll(async () => {
      handle = await mock.start({});
    });

    test.afterAll(async () => {
      await handle.close();
    });

    test('answers a URL that does not decode with 400 in its error shape', async () => {
      const res = await fetch(`${handle.baseURL}/x%zz`, { method: 'POST', body: '{' });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).not.toContain('FST_ERR');
    });

    test('answers an oversized body with 413, not a crash', async () => {
      const res = await fetch(`${handle.baseURL}/anything`, {
        method: 'POST',
        body: 'x'.repeat(6 * 1024 * 1024),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(413);
    });

    for (const [path, method, body] of [
      ['/__mock/clock/advance', 'POST', '{"seconds": -5}'],
      ['/__mock/clock/advance', 'POST', 'not json'],
      ['/__mock/clock/set', 'POST', '{"at": "yesterday"}'],
      ['/__mock/clock/set', 'POST', '{"at": "2026-02-31T00:00:00Z"}'],
      ['/__mock/clock/set', 'POST', '{"at": 9e15}'],
      ['/__mock/clock/set', 'POST', '{}'],
      ['/__mock/faults', 'PUT', '{"faults": "one"}'],
      ['/__mock/faults', 'PUT', '{"faults": ["no-such-fault"]}'],
    ]) {
      test(`control surface: ${method} ${path} ${body} is a 400 with one message line`, async () => {
        const res = await fetch(`${handle.origin}${path}`, { method, body, headers: { 'content-type': 'application/json' } });
        expect(res.status).toBe(400);
        const { message } = (await res.json()) as { message: string };
        expect(message.split('\n')).toHaveLength(1);
      });
    }

    // A clock advance of {"seconds": 1e13} used to answer 500 "Invalid time value" and break every later answer.
    test('control surface: a clock advance beyond what a Date holds is a 400 and the mock keeps answering', async () => {
      const advance = (seconds: number) =>
        fetch(`${handle.origin}/__mock/clock/advance`, {
          method: 'POST',
          body: JSON.stringify({ seconds }),
          headers: { 'content-type': 'application/json' },
        });
      const res = await advance(1e13);
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message).toMatch(/beyond what the clock can hold: at most \d+ more/);
      expect((await fetch(`${handle.origin}/__mock/state`)).status).toBe(200);
      expect((await fetch(`${handle.baseURL}/anything`)).status).toBeLessThan(500);
      // Within the headroom (a century) still accepted; then reset for the other tests.
      expect((await advance(100 * 365 * 86_400)).status).toBe(200);
      await fetch(`${handle.origin}/__mock/reset`, { method: 'POST' });
    });

    // The clock starts at any instant, earlier than today too (mocks/kit/clock.ts), and reset returns to the start.
    test('control surface: the clock can be set to a date earlier than today; a mock started at a date shows it', async () => {
      const set = await fetch(`${handle.origin}/__mock/clock/set`, {
        method: 'POST',
        body: JSON.stringify({ at: '2026-01-15T08:00:00Z' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(set.status).toBe(200);
      const { now } = (await (await fetch(`${handle.origin}/__mock/state`)).json()) as { now: string };
      expect(Date.parse(now) - Date.UTC(2026, 0, 15, 8)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(now) - Date.UTC(2026, 0, 15, 8)).toBeLessThan(60_000);
      // A reset returns the clock to real time (the mock started without a clock start): no check reads a clock another moved.
      await fetch(`${handle.origin}/__mock/reset`, { method: 'POST' });
      const afterReset = (await (await fetch(`${handle.origin}/__mock/state`)).json()) as { now: string };
      expect(Math.abs(Date.parse(afterReset.now) - Date.now()), 'the clock after a reset: real time').toBeLessThan(60_000);
      const started = await mock.start({ clockStart: '2025-03-01T00:00:00Z' });
      try {
        const state = (await (await fetch(`${started.origin}/__mock/state`)).json()) as { now: string };
        expect(state.now.slice(0, 10)).toBe('2025-03-01');
        // Moved on, then reset: back at the instant it started at, not at real time.
        await fetch(`${started.origin}/__mock/clock/advance`, {
          method: 'POST',
          body: JSON.stringify({ seconds: 40 * 86_400 }),
          headers: { 'content-type': 'application/json' },
        });
        await fetch(`${started.origin}/__mock/reset`, { method: 'POST' });
        const reset = (await (await fetch(`${started.origin}/__mock/state`)).json()) as { now: string };
        expect(reset.now.slice(0, 10), 'the clock after a reset: the start it was given').toBe('2025-03-01');
      } finally {
        await started.close();
      }
      await expect(mock.start({ clockStart: 'next tuesday' })).rejects.toThrow(/^clock instant "next tuesday" is neither/);
    });

    test('control surface: GET /__mock/world serves no credential', async () => {
      // headerNames (financial data) holds the names of the security headers, not their values.
      const { headerNames: _names, ...world } = (await (await fetch(`${handle.origin}/__mock/world`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(world)).not.toMatch(/apiKey|secret|privateKey|PRIVATE KEY|appKey|fdak_|fdPs/i);
    });
  });
}
