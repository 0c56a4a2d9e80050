// A local HTTP receiver on port 0 recording what it is sent (the installments issuer endpoint, webhooks, callbacks); it knows
// no contract: specs check the records.
import http from 'node:http';
import { timed } from './guest/time-budget.js';

export interface ReceivedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON body, undefined when empty or not JSON. */
  json: unknown;
  at: Date;
}

export interface ReceiverReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type ReplyFn = (request: ReceivedRequest) => ReceiverReply;

export class Receiver {
  private readonly items: ReceivedRequest[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
    private reply: ReplyFn,
  ) {}

  /** Starts on 127.0.0.1, port 0 (or `port` for a fixed public forwarding). */
  static async start(reply: ReplyFn = () => ({ status: 204 }), port = 0, host = '127.0.0.1'): Promise<Receiver> {
    // Assigned once the server listens; the request handler above reads it later.
    let self: Receiver | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self!.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    // A port taken is an error of this call (one line), never an uncaught 'error' event that ends the worker.
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `cannot listen on ${host}:${port}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : (error.code ?? error.message)}`,
          ),
        ),
      );
      server.listen(port, host, resolve);
    });
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    self = new Receiver(server, `http://${host}:${actual}`, reply);
    return self;
  }

  private handle(req: http.IncomingMessage, text: string, res: http.ServerResponse) {
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
    const received: ReceivedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers, text, json, at: new Date() };
    this.items.push(received);
    const answer = this.reply(received);
    const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status, { ...(body ? { 'content-type': 'application/json' } : {}), ...answer.headers });
    res.end(body);
    const waiting = this.waiters;
    this.waiters = [];
    waiting.forEach((wake) => wake());
  }

  /** Changes how the receiver answers (e.g. an issuer answering 201 with {status, message}). */
  answerWith(reply: ReplyFn): void {
    this.reply = reply;
  }

  requests(): ReceivedRequest[] {
    return [...this.items];
  }

  /** Resolves once more than `count` requests have come, or after `ms` (the hub's long read: listener-hub.ts). */
  async moreThan(count: number, ms: number): Promise<void> {
    if (this.items.length > count || ms <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms).unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * The first request matching `predicate`, waiting up to `timeoutMs` for it; undefined on time-out. The wait is the running
   * check's time on the target's work (time-budget.ts).
   */
  waitFor(predicate: (r: ReceivedRequest) => boolean, timeoutMs = 5000): Promise<ReceivedRequest | undefined> {
    return timed('background', () => this.look(predicate, timeoutMs));
  }

  private async look(predicate: (r: ReceivedRequest) => boolean, timeoutMs: number): Promise<ReceivedRequest | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.items.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
