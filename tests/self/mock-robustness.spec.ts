// Covers: the embedded mocks and their /__mock/ control surface given bad input: a clear 4xx in
// the service's error shape or one message line, never a 500, a hang or Fastify's own body; a
// hostile body refused before any handler (mocks/kit/body.ts) with the status its operation documents.
import net from 'node:net';
import type { Operation } from '../../helpers/contract/contract.js';
import { BODY_IDLE_MS } from '../../mocks/kit/body.js';
import { expect, MOCKS, test } from '../../fixtures/self.js';
import { loopback, closing } from './support.known.js';

/** A JSON body (a string sent as it is) to a URL of a mock. */
const sendJson = (url: string, body: unknown, method = 'POST') =>
  fetch(url, { method, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Raw bytes sent on one keep-alive connection; the whole answer read until the server ends it (or 5 s pass). */
function rawExchange(origin: string, bytes: string): Promise<{ text: string; ended: 'end' | 'reset' | 'open' }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const done = (ended: 'end' | 'reset' | 'open') => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, ended });
    };
    // A mock answers in milliseconds; a connection still open after 30 s was left open, on any runner.
    const timer = setTimeout(() => done('open'), 30_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('end', () => done('end'));
    socket.on('error', () => done('reset'));
    socket.write(bytes);
  });
}

/** Raw bytes sent on a new connection; the first answer read whole (its Content-Length), with the milliseconds it took. */
function firstAnswer(origin: string, bytes: string): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port } = new URL(origin);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => socket.destroy(new Error(`no answer after 30 s: ${text.slice(0, 200)}`)), 30_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      const body = rest.join('\r\n\r\n');
      if (length === undefined || Buffer.byteLength(body, 'latin1') < Number(length)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(head.split(' ')[1]), body: Buffer.from(body, 'latin1').toString('utf8'), ms: Date.now() - started });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(bytes);
  });
}

/** The hostile bodies (the brief of each: its media type, its bytes, how it is framed) and the refusal each is (before the operation's own documents). */
const HOSTILE = [
  { what: 'a text/plain body', refusal: 415, type: 'text/plain', body: '{}' },
  { what: 'a body nested 10,000 deep', refusal: 400, type: 'application/json', body: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
  {
    what: 'a 2 MB junk object',
    refusal: 413,
    type: 'application/json',
    body: JSON.stringify(Object.fromEntries(Array.from({ length: (2 * 1024 * 1024) / 100 }, (_, i) => [`k${i}`, 'x'.repeat(90)]))),
  },
  // A chunk announced near 2^60 bytes (llhttp refuses a size of 2^64 itself), then nothing: the answer comes once no byte came for BODY_IDLE_MS.
  {
    what: 'a chunked body announcing 2^60 bytes, then stopping',
    refusal: 408,
    type: 'application/json',
    chunk: 'FFFFFFFFFFFFFFF\r\n{"a":',
  },
] as const;

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

    // Requests Node's own parser refuses reach no route: answered in the service's error shape, the
    // connection announced closed and then ended, never reset under a keep-alive client.
    for (const [what, request, status, head] of [
      ['a NUL in a header', 'GET /x HTTP/1.1\r\nHost: a\r\nX-Bad: a\u0000b\r\n\r\n', 400, false],
      ['an unknown method', 'FROB /x HTTP/1.1\r\nHost: a\r\n\r\n', 400, false],
      ['a header over 16 KB', `GET /x HTTP/1.1\r\nHost: a\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`, 431, false],
      ['a HEAD with a NUL in a header', 'HEAD /x HTTP/1.1\r\nHost: a\r\nX-Bad: a\u0000b\r\n\r\n', 400, true],
    ] as const) {
      test(`a request the HTTP parser refuses (${what}) is a ${status} in the error shape with Connection: close, then the connection ends`, async () => {
        const { text, ended } = await rawExchange(handle.origin, `${request}GET /y HTTP/1.1\r\nHost: a\r\n\r\n`);
        const [headers, body] = text.split('\r\n\r\n');
        expect(headers.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`);
        expect(headers.toLowerCase()).toContain('connection: close');
        expect(ended, 'ended after the answer, not reset').toBe('end');
        if (head) expect(body, 'a HEAD answer has no body').toBe('');
        else {
          expect(body).not.toContain('Client Error');
          const shaped = await fetch(`${handle.baseURL}/x%zz`, { method: 'POST', body: '{' });
          expect(Object.keys(JSON.parse(body)).sort(), 'the same members as any other client error').toEqual(
            Object.keys((await shaped.json()) as object).sort(),
          );
        }
        expect((await fetch(`${handle.baseURL}/anything`)).status, 'the mock answers on a new connection').toBeLessThan(500);
      });
    }

    // Every operation taking a body is sent each hostile body, unsigned (refused before any handler,
    // authentication too); the body that stops only to the first (it costs BODY_IDLE_MS). Each is
    // answered promptly with the status the operation documents for that refusal, else its 400, in
    // the body its contract documents there; the mock answers the next request.
    test('every operation taking a body refuses a hostile one at once, with the status and error body it documents', async ({
      contracts,
    }) => {
      test.setTimeout(120_000);
      const contract = await contracts(mock.service);
      const writers = [...contract.operations.values()].filter((op) => op.requestBody);
      // The installments issuer's endpoint is served apart from the service (mocks/installments/issuer.ts).
      const baseOf = (op: Operation) =>
        op.operationId === 'notifyPlan' ? (handle as { issuerBaseURL?: string }).issuerBaseURL : handle.baseURL;
      const wrong: string[] = [];
      for (const row of HOSTILE) {
        for (const op of 'chunk' in row ? writers.slice(0, 1) : writers) {
          const path = new URL(`${baseOf(op)}${op.path.replace(/\{[^}]+\}/g, '1234')}`).pathname;
          const framing = 'chunk' in row ? 'transfer-encoding: chunked' : `content-length: ${Buffer.byteLength(row.body)}`;
          const sent = `${op.method} ${path} HTTP/1.1\r\nHost: a\r\ncontent-type: ${row.type}\r\n${framing}\r\n\r\n${'chunk' in row ? row.chunk : row.body}`;
          const answer = await firstAnswer(handle.origin, sent);
          const status = op.responses[row.refusal] ? row.refusal : 400;
          const where = `${op.operationId}, ${row.what}`;
          if (answer.status !== status) wrong.push(`${where}: status ${answer.status}, expected ${status}`);
          const validate = contract.responseValidatorOf(op.operationId, String(status));
          if (validate?.(JSON.parse(answer.body)) === false)
            wrong.push(`${where}: not the error body ${status} documents (${answer.body.slice(0, 120)})`);
          const within = ('chunk' in row ? BODY_IDLE_MS : 0) + 5_000;
          if (!(answer.ms < within)) wrong.push(`${where}: answered in ${answer.ms} ms, not at once (under ${within} ms)`);
        }
      }
      expect.soft(wrong, 'hostile requests not refused at once with their documented error').toEqual([]);
      expect((await fetch(`${handle.baseURL}/anything`)).status, 'the mock answers on').toBeLessThan(500);
    });

    test('control surface: an unknown fault id is answered in one short line: at most its first 80 characters, the count of known ids, the nearest', async () => {
      const put = async (id: string) => {
        const res = await sendJson(`${handle.origin}/__mock/faults`, { faults: [id] }, 'PUT');
        expect(res.status).toBe(400);
        return ((await res.json()) as { message: string }).message;
      };
      const long = await put('x'.repeat(100_000));
      expect(long).toMatch(
        new RegExp(
          `^unknown fault '${'x'.repeat(80)}\\.\\.\\.' \\(100000 characters\\): ${mock.faults.length} known, the nearest is '[^']+'$`,
        ),
      );
      // A typo of a known id (its last character dropped) names that id as the nearest.
      const known = mock.faults.map((f) => f.id).sort((a, b) => b.length - a.length)[0];
      const typo = known.slice(0, -1);
      expect(await put(typo)).toBe(`unknown fault '${typo}': ${mock.faults.length} known, the nearest is '${known}'`);
    });

    // A path no operation serves: the refusal's own status (mocks/kit/body.ts), not an operation's 400.
    test('answers an oversized body to an unknown path with 413, not a crash', async () => {
      const res = await sendJson(`${handle.baseURL}/anything`, 'x'.repeat(6 * 1024 * 1024));
      expect(res.status).toBe(413);
    });

    // (An unknown fault id: the test above.)
    for (const [path, method, body] of [
      ['/__mock/clock/advance', 'POST', '{"seconds": -5}'],
      ['/__mock/clock/advance', 'POST', 'not json'],
      ['/__mock/clock/set', 'POST', '{"at": "yesterday"}'],
      ['/__mock/clock/set', 'POST', '{"at": "2026-02-31T00:00:00Z"}'],
      ['/__mock/clock/set', 'POST', '{"at": 9e15}'],
      ['/__mock/clock/set', 'POST', '{}'],
      ['/__mock/faults', 'PUT', '{"faults": "one"}'],
    ]) {
      test(`control surface: ${method} ${path} ${body} is a 400 with one message line`, async () => {
        const res = await sendJson(`${handle.origin}${path}`, body, method);
        expect(res.status).toBe(400);
        const { message } = (await res.json()) as { message: string };
        expect(message.split('\n')).toHaveLength(1);
      });
    }

    // A clock advance of {"seconds": 1e13} used to answer 500 "Invalid time value" and break every later answer.
    test('control surface: a clock advance beyond what a Date holds is a 400 and the mock keeps answering', async () => {
      const advance = (seconds: number) => sendJson(`${handle.origin}/__mock/clock/advance`, { seconds });
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
      const set = await sendJson(`${handle.origin}/__mock/clock/set`, { at: '2026-01-15T08:00:00Z' });
      expect(set.status).toBe(200);
      const { now } = (await (await fetch(`${handle.origin}/__mock/state`)).json()) as { now: string };
      expect(Date.parse(now) - Date.UTC(2026, 0, 15, 8)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(now) - Date.UTC(2026, 0, 15, 8)).toBeLessThan(60_000);
      // A reset returns the clock to real time (the mock started without a clock start): no check reads a clock another moved.
      await fetch(`${handle.origin}/__mock/reset`, { method: 'POST' });
      const afterReset = (await (await fetch(`${handle.origin}/__mock/state`)).json()) as { now: string };
      expect(Math.abs(Date.parse(afterReset.now) - Date.now()), 'the clock after a reset: real time').toBeLessThan(60_000);
      await closing(mock.start({ clockStart: '2025-03-01T00:00:00Z' }), async (started) => {
        const state = (await (await fetch(`${started.origin}/__mock/state`)).json()) as { now: string };
        expect(state.now.slice(0, 10)).toBe('2025-03-01');
        // Moved on, then reset: back at the instant it started at, not at real time.
        await sendJson(`${started.origin}/__mock/clock/advance`, { seconds: 40 * 86_400 });
        await fetch(`${started.origin}/__mock/reset`, { method: 'POST' });
        const reset = (await (await fetch(`${started.origin}/__mock/state`)).json()) as { now: string };
        expect(reset.now.slice(0, 10), 'the clock after a reset: the start it was given').toBe('2025-03-01');
      });
      await expect(mock.start({ clockStart: 'next tuesday' })).rejects.toThrow(/^clock instant "next tuesday" is neither/);
    });

    test('control surface: GET /__mock/world serves no credential', async () => {
      // headerNames (financial data) holds the names of the security headers, not their values.
      const { headerNames: _names, ...world } = (await (await fetch(`${handle.origin}/__mock/world`)).json()) as Record<string, unknown>;
      expect(JSON.stringify(world)).not.toMatch(/apiKey|secret|privateKey|PRIVATE KEY|appKey|fdak_|fdPs/i);
    });
  });
}

// A fault loosening an operation's media types (a relaxation of its requestBody content) is what the body parser reads.
test('with unsupported-media-accepted, approvedOffers takes a text/plain body past the body parser to its guard', async () => {
  const installments = MOCKS.find((m) => m.service === 'installments')!;
  await closing(installments.start({ faults: ['unsupported-media-accepted'] }), async (loose) => {
    const res = await fetch(`${loose.baseURL}/offers`, { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(res.status, 'the unsigned call refused by the guard, not 415').toBe(401);
  });
});

// The standalone mock (scripts/mock.ts) diverts deliveries addressed off this machine to its loopback
// receiver: nothing leaves the machine unless its user names where deliveries go.
test('a delivery addressed off this machine goes where divertTo says, path kept; a loopback address is sent as it is', async () => {
  const { Deliveries } = await import('../../mocks/kit/deliveries.js');
  const seen: string[] = [];
  const server = await loopback((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.end();
  });
  const origin = server.url;
  try {
    const deliveries = new Deliveries();
    deliveries.divertTo = origin;
    const at = new Date();
    expect((await deliveries.send('https://hooks.partner.example/events?k=1', 'POST', {}, { a: 1 }, at)).status).toBe(200);
    expect((await deliveries.send(`${origin}/direct`, 'POST', {}, undefined, at)).status).toBe(200);
    expect(seen).toEqual(['POST /events?k=1', 'POST /direct']);
  } finally {
    await server.close();
  }
});
