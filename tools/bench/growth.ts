// Store growth: whether a request's cost grows with what the mock holds. The
// financial data mock's customer creation used to scan every customer for a duplicate username
// (5-7k req/s up to 15k customers, 956 req/s at 45k). Here: customers are created through the API,
// `connections` at a time, in batches up to `total`, and each batch's rate is printed; with the
// indexes of mocks/financial-data/state.ts the last batch runs at about the first's rate. Runs in its own process (the
// server child of scripts/bench.ts serves the mock), so only the request path is timed.
import http from 'node:http';

export interface GrowthBatch {
  /** Customers in the store when the batch started. */
  from: number;
  to: number;
  rps: number;
}

export interface GrowthTarget {
  /** POST AddTestingCustomer: URL and headers (app key and token). */
  url: string;
  headers: Record<string, string>;
}

/** Creates `total` customers in batches of `batch`, `connections` requests in flight; one rate per batch. */
export async function measureGrowth(target: GrowthTarget, total: number, batch: number, connections: number): Promise<GrowthBatch[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        target.url,
        {
          method: 'POST',
          agent,
          headers: { ...target.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const batches: GrowthBatch[] = [];
  let made = 0;
  try {
    while (made < total) {
      const size = Math.min(batch, total - made);
      const from = made;
      let next = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (next < size) {
            const n = from + next++;
            const status = await post(
              JSON.stringify({ username: `growth.${n.toString(36)}_${process.pid}`, firstName: 'Growth', lastName: 'Bench' }),
            );
            if (status !== 201) throw new Error(`customer ${n}: AddTestingCustomer answered ${status}`);
          }
        }),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      made += size;
      batches.push({ from, to: made, rps: size / seconds });
    }
  } finally {
    agent.destroy();
  }
  return batches;
}
