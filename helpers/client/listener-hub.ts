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
    const since = Number(url.searchParams.get('since') ?? 0);
    const rows = receiver.requests().slice(Number.isInteger(since) && since >= 0 ? since : 0);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
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

/** A worker's view of the run's hub: a copy of its record, updated every quarter second and before each look of waitFor. */
export class HubReceiver implements ReceivedLog {
  private readonly items: ReceivedRequest[] = [];
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | undefined;
  private failure: string | undefined;

  constructor(private readonly readUrl: string) {
    this.timer = setInterval(() => void this.sync(), 250);
    this.timer.unref();
  }

  /** Fetches the calls the hub recorded since the last sync (one fetch at a time). */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const res = await fetch(`${this.readUrl}/requests?since=${this.items.length}`, { signal: AbortSignal.timeout(5000) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        for (const row of (await res.json()) as (ReceivedRequest & { at: string })[]) this.items.push({ ...row, at: new Date(row.at) });
        this.failure = undefined;
      } catch (error) {
        this.failure = (error as Error).message;
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
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
    for (;;) {
      await this.sync();
      if (this.failure) throw new Error(`the run's listener cannot be read: ${this.failure}`);
      const found = this.items.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, left)));
    }
  }

  close(): void {
    clearInterval(this.timer);
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
