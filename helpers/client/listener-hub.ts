// The listener of a sandbox's outbound calls, shared by the workers: one public URL forwards to one port the runner holds
// (helpers/run/global-setup.ts), recording every call; workers read it through a loopback server at a random token's path.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Receiver, type ReceivedRequest, type ReceiverReply } from './receiver.js';
import { timed } from './guest/time-budget.js';

/** What the workers read calls from: a Receiver of their own, or the run's hub. */
export interface ReceivedLog {
  /** The calls received so far, in the order they came. */
  requests(): ReceivedRequest[];
  /** The first call matching `predicate`, waiting up to `timeoutMs`; undefined on time-out. */
  waitFor(predicate: (r: ReceivedRequest) => boolean, timeoutMs?: number): Promise<ReceivedRequest | undefined>;
}

/** The longest a worker's read of a hub waits for a call to come (HubReceiver). */
const LONG_READ_MS = 10_000;

/** The variable the runner passes the hubs to its workers in: a JSON object, local port -> read URL. */
export const LISTENER_HUBS_ENV = 'SUITE_LISTENER_HUBS';

/** Starts a port's hub: public on all interfaces answering `answer`, read on 127.0.0.1 at a random port and token (LISTENER_HUBS_ENV). */
export async function startListenerHub(port: number, answer: ReceiverReply): Promise<{ close: () => Promise<void> }> {
  const receiver = await Receiver.start(() => answer, port, '0.0.0.0');
  const token = randomBytes(16).toString('hex');
  const reader = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== `/${token}/requests`) {
      res.writeHead(404).end();
      return;
    }
    const raw = Number(url.searchParams.get('since') ?? 0);
    const since = Number.isInteger(raw) && raw >= 0 ? raw : 0;
    // A long read: with nothing new, the answer waits up to `wait` ms for the next call (a worker then asks once per call or
    // per LONG_READ_MS, not four times a second whether anything came).
    const wait = Math.min(Math.max(Number(url.searchParams.get('wait') ?? 0) || 0, 0), LONG_READ_MS);
    void receiver.moreThan(since, wait).then(() => {
      const rows = receiver.requests().slice(since);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
    });
  });
  await new Promise<void>((resolve, reject) => {
    reader.once('error', reject);
    reader.listen(0, '127.0.0.1', resolve);
  });
  const address = reader.address();
  const readUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/${token}`;
  const hubs = JSON.parse(process.env[LISTENER_HUBS_ENV] ?? '{}') as Record<string, string>;
  process.env[LISTENER_HUBS_ENV] = JSON.stringify({ ...hubs, [String(port)]: readUrl });
  return {
    close: async () => {
      // A worker's long read still open (a worker ended without closing its view) does not hold the runner's end.
      reader.closeAllConnections();
      await new Promise<void>((resolve) => reader.close(() => resolve()));
      await receiver.close();
    },
  };
}

/** The read URL of the run's hub on `port`, when the runner started one. */
export function listenerHubOf(port: number): string | undefined {
  const raw = process.env[LISTENER_HUBS_ENV];
  if (!raw) return undefined;
  return (JSON.parse(raw) as Record<string, string>)[String(port)];
}

/**
 * A worker's view of the run's hub: a copy of its record, kept by one long read at a time (answered at the hub's next call,
 * or after LONG_READ_MS with nothing), so a call reaches the worker as it comes and an idle worker asks a few times a minute.
 * It read every quarter second before: 12 workers and two hubs made about 100 reads a second of the runner for the whole run.
 */
export class HubReceiver implements ReceivedLog {
  private readonly items: ReceivedRequest[] = [];
  private readonly stopped = new AbortController();
  private failure: string | undefined;

  constructor(private readonly readUrl: string) {
    void this.follow();
  }

  private async follow(): Promise<void> {
    while (!this.stopped.signal.aborted) {
      await this.read(LONG_READ_MS);
      // A hub that cannot be read (a loaded runner) is asked again a moment later.
      if (this.failure && !this.stopped.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 250).unref());
    }
  }

  /** Reads the calls the hub holds beyond this copy (waiting up to `waitMs` for one); a row another read added is not added twice. */
  private async read(waitMs: number): Promise<void> {
    const since = this.items.length;
    try {
      const signal = AbortSignal.any([this.stopped.signal, AbortSignal.timeout(waitMs + 10_000)]);
      const res = await fetch(`${this.readUrl}/requests?since=${since}&wait=${waitMs}`, { signal });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      const rows = (await res.json()) as (ReceivedRequest & { at: string })[];
      for (const row of rows.slice(this.items.length - since)) this.items.push({ ...row, at: new Date(row.at) });
      this.failure = undefined;
    } catch (error) {
      if (!this.stopped.signal.aborted) this.failure = (error as Error).message;
    }
  }

  /** Fetches at once the calls the hub recorded beyond this copy. */
  sync(): Promise<void> {
    return this.read(0);
  }

  requests(): ReceivedRequest[] {
    return [...this.items];
  }

  /** Waits for a delivery of the target: the running check's time on the target's work (time-budget.ts). */
  waitFor(predicate: (r: ReceivedRequest) => boolean, timeoutMs = 5000): Promise<ReceivedRequest | undefined> {
    return timed('background', () => this.look(predicate, timeoutMs));
  }

  private async look(predicate: (r: ReceivedRequest) => boolean, timeoutMs: number): Promise<ReceivedRequest | undefined> {
    const deadline = Date.now() + timeoutMs;
    await this.sync();
    for (;;) {
      const found = this.items.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      // A hub not read since (a loaded runner answering late) is this wait's failure only at its end: the read goes on meanwhile.
      if (left <= 0 && this.failure) throw new Error(`the run's listener cannot be read: ${this.failure}`);
      if (left <= 0) return undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, left)));
    }
  }

  close(): void {
    this.stopped.abort();
  }
}

/** A worker's listener on a sandbox: the run's hub of `port` when the runner holds one, else a Receiver of its own. */
export async function sandboxListener(port: number, answer: ReceiverReply): Promise<{ log: ReceivedLog; close: () => Promise<void> }> {
  const hub = listenerHubOf(port);
  if (hub) {
    const log = new HubReceiver(hub);
    return { log, close: async () => log.close() };
  }
  const receiver = await Receiver.start(() => answer, port, '0.0.0.0');
  return { log: receiver, close: () => receiver.close() };
}
