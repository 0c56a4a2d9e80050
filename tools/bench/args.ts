// Arguments of `npm run bench` (scripts/bench.ts): parsed and checked before anything starts, so a
// bad argument is one line and exit 2 (tools/cli.ts), never a half-started benchmark.
import { integerArg, parseArgs, UsageError } from '../cli.js';

export const BENCH_SERVICES = ['card-enrollment', 'installments', 'financial-data'] as const;
export type BenchService = (typeof BENCH_SERVICES)[number];

const BENCH_USAGE =
  'npm run bench -- [--seconds N] [--rounds N] [--connections N] [--calls N] [--service <name>] [--growth N] [--linked N]';

export interface BenchOptions {
  /** Length of each load phase (autocannon), seconds; a 1-second warm-up precedes each. */
  seconds: number;
  /** Alternating rounds (mock, bare) of the comparison with the bare server. */
  rounds: number;
  /** Concurrent connections of each load phase. */
  connections: number;
  /** Sequential calls per side (bare, client) and operation in the client comparison. */
  calls: number;
  services: BenchService[];
  /** Customers and merchants the read phases' stores grow to after their reads at 50 (0: skipped). */
  growth: number;
  /** Financial data customers linked (accounts and transactions) at the large size; at the small one, at most 50. */
  linked: number;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const args = parseArgs(
    argv,
    { seconds: 'value', rounds: 'value', connections: 'value', calls: 'value', service: 'value', growth: 'value', linked: 'value' },
    BENCH_USAGE,
  );
  const service = args.service;
  if (service !== undefined && !BENCH_SERVICES.includes(service as BenchService)) {
    throw new UsageError(`--service must be one of ${BENCH_SERVICES.join(', ')}, not '${service}'. Usage: ${BENCH_USAGE}`);
  }
  const integer = (name: keyof typeof args, fallback: number, min: number, max: number) =>
    integerArg(args[name], name, BENCH_USAGE, min, max) ?? fallback;
  return {
    seconds: integer('seconds', 3, 1, 60),
    rounds: integer('rounds', 4, 1, 20),
    connections: integer('connections', 10, 1, 1000),
    calls: integer('calls', 200, 10, 100_000),
    services: service === undefined ? [...BENCH_SERVICES] : [service as BenchService],
    growth: integer('growth', 50_000, 0, 500_000),
    // Each linked customer brings about 1,160 transactions: 500 is some 580,000 in the store.
    linked: integer('linked', 500, 0, 5_000),
  };
}
