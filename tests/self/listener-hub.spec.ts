// Covers: the run's listener on a sandbox (helpers/client/listener-hub.ts): the runner holds the one port a
// public URL forwards to, and each worker reads every call through the loopback channel, in order; the
// channel answers nothing without its token; an idle worker keeps one long read open, not a read every quarter second. And helpers/client/guest/turns.ts: one holder at a time.
import http from 'node:http';
import net from 'node:net';
import { expect, test } from '../../fixtures/self.js';
import { HubReceiver, LISTENER_HUBS_ENV, listenerHubOf, sandboxListener, startListenerHub } from '../../helpers/client/listener-hub.js';
import { takeTurn } from '../../helpers/client/guest/turns.js';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('every worker reads every call the hub received, in order, and waits for one to come; the channel needs its token', async () => {
  const saved = process.env[LISTENER_HUBS_ENV];
  const port = await freePort();
  const hub = await startListenerHub(port, { status: 201, body: { status: 'RECEIVED' } });
  try {
    const readUrl = listenerHubOf(port)!;
    expect(readUrl, 'the hub is registered for the workers under its port').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
    const [a, b] = [new HubReceiver(readUrl), new HubReceiver(readUrl)];
    const post = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const later = a.waitFor((r) => r.url === '/t-2/hook', 5000);
    const first = await post('/t-1/hook', { n: 1 });
    expect([first.status, await first.json()], 'the hub answers as told').toEqual([201, { status: 'RECEIVED' }]);
    await post('/t-2/hook', { n: 2 });
    expect((await later)?.json, 'a call awaited before it came').toEqual({ n: 2 });
    await b.waitFor(() => true, 1000);
    await b.sync();
    const seen = b.requests().map((r) => [r.url, r.json, r.at instanceof Date]);
    expect(seen, 'the other worker sees both, in order').toEqual([
      ['/t-1/hook', { n: 1 }, true],
      ['/t-2/hook', { n: 2 }, true],
    ]);
    expect(await a.waitFor((r) => r.url === '/never', 200), 'nothing came: undefined at the deadline').toBeUndefined();
    const origin = new URL(readUrl).origin;
    expect((await fetch(`${origin}/requests`)).status, 'no token: nothing').toBe(404);
    expect((await fetch(`${origin}/${'0'.repeat(32)}/requests`)).status, 'another token: nothing').toBe(404);
    const listener = await sandboxListener(port, { status: 204 });
    expect(listener.log, "a worker's listener on that port is the hub").toBeInstanceOf(HubReceiver);
    await listener.close();
    a.close();
    b.close();
  } finally {
    await hub.close();
    if (saved === undefined) delete process.env[LISTENER_HUBS_ENV];
    else process.env[LISTENER_HUBS_ENV] = saved;
  }
});

test('an idle worker asks the hub once per long read, not four times a second', async () => {
  let reads = 0;
  const waits: number[] = [];
  const server = http.createServer((req, res) => {
    reads++;
    const wait = Number(new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('wait'));
    waits.push(wait);
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'), wait).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const view = new HubReceiver(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/token`);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(reads, 'one read open for the whole idle time').toBe(1);
    expect(waits[0], 'a read that waits for the next call').toBeGreaterThan(1000);
  } finally {
    view.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a turn has one holder at a time: the next waits until it is given back, then holds it', async () => {
  const name = `self-${process.pid}-${Date.now()}`;
  const giveBack = await takeTurn(name, 1000);
  await expect(takeTurn(name, 300), 'held: the wait ends at its deadline').rejects.toThrow(/waited 0 s for the turn/);
  const next = takeTurn(name, 2000);
  setTimeout(giveBack, 100);
  const giveBackNext = await next;
  giveBackNext();
});
