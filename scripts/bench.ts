// `npm run bench [-- --seconds N] [--rounds N] [--connections N] [--calls N] [--service <name>] [--growth N] [--linked N]`:
// how fast the embedded mocks answer against a like-for-like bare server, what the suite's client
// costs per call, and whether a list read's cost grows with what a mock holds (docs/benchmarks.md).
// Figures with PASS or MISS per goal, not assertions: exits 0 unless it crashed or got bad arguments.
// All traffic stays on 127.0.0.1; no header is ever printed.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseBenchArgs, type BenchOptions, type BenchService } from '../tools/bench/args.js';
import type { ClientFigures } from '../tools/bench/client.js';
import type { LoadFigures, LoadTarget } from '../tools/bench/load.js';
import type { GrowthBatch, ReadCase } from '../tools/bench/reads.js';
import type { ParentMessage, ServerMessage, ServicePlan } from '../tools/bench/server.js';
import { runMain, type CommandIo, type CommandMain } from '../tools/cli.js';
import { median, textTable as table } from '../tools/report.js';

const GOAL_BARE = 0.7;
const GOAL_CLIENT = 1.2;
const GOAL_GROWTH = 0.7;
const GOAL_READS = 0.5;
/** The small store of the read phases: its reads are the reference the large store's are compared with. */
const SMALL = 50;
const SETUP_TIMEOUT_MS = 120_000;

/** Starts the mocks and ceilings in a child process; answers its plan and a stop function. */
interface Server {
  plans: ServicePlan[];
  /** Grows the read phases' stores (fresh mocks) to `size`; answers the reads to time. */
  grow: (store: 'small' | 'large', size: number, linked: number) => Promise<{ cases: ReadCase[]; holds: string; creation: GrowthBatch[] }>;
  /** CPU time (user + system, microseconds) the server process has used so far. */
  cpu: () => Promise<number>;
  stop: () => Promise<void>;
}

function startServer(services: BenchService[]): Promise<Server> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, '..', 'tools', 'bench', 'server.ts'), [JSON.stringify(services)], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (child.connected) child.disconnect();
      else child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the mocks did not start within ${SETUP_TIMEOUT_MS / 1000} s`));
    }, SETUP_TIMEOUT_MS);
    /** Sends a request to the server process and answers its reply of the type expected. */
    const ask = <T extends ServerMessage['type']>(request: ParentMessage, type: T) =>
      new Promise<Extract<ServerMessage, { type: T }>>((done, fail) => {
        child.once('message', (message: ServerMessage) => {
          if (message.type === type) done(message as Extract<ServerMessage, { type: T }>);
          else fail(new Error(message.type === 'error' ? message.message : `unexpected ${message.type} from the server process`));
        });
        child.send(request);
      });
    const grow = (store: 'small' | 'large', size: number, linked: number) => ask({ type: 'grow', store, size, linked }, 'grown');
    const cpu = async () => (await ask({ type: 'cpu' }, 'cpu')).micros;
    child.once('message', (message: ServerMessage) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve({ plans: message.plans, grow, cpu, stop });
      else void stop().then(() => reject(new Error(message.type === 'error' ? message.message : 'unexpected message')));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the benchmark's server process exited (code ${code}) before the mocks were ready`));
    });
  });
}

const ms = (value: number) => value.toFixed(2);
/** autocannon's latencies are whole milliseconds: under 1 ms reads as 0. */
const latency = (value: number) => (value < 1 ? '<1' : value.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A load phase of the comparison with the bare server, with the server process's CPU time per request. */
interface ComparedFigures extends LoadFigures {
  /** CPU microseconds (user + system) the server process spent per answered request: what the machine's other work barely moves. */
  cpuPerRequest: number;
}

interface ServiceLoad {
  plan: ServicePlan;
  /** One figure per round, each side. */
  mock: ComparedFigures[];
  bare: ComparedFigures[];
  post?: LoadFigures;
}

interface ReadFigures {
  label: string;
  /** One figure per round, each size. */
  small: LoadFigures[];
  large: LoadFigures[];
}

const spread = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;

interface Growth {
  small: string;
  large: string;
  reads: ReadFigures[];
  creation: GrowthBatch[];
}

function printReport(
  io: CommandIo,
  options: BenchOptions,
  loads: ServiceLoad[],
  clients: ClientFigures[],
  growth: Growth | undefined,
  startLoad: string,
  autocannon: string,
) {
  const out = [
    `npm run bench: ${options.seconds} s per load phase (after 1 s of warm-up), ${options.rounds} alternating rounds, ${options.connections} connections, autocannon ${autocannon}, node ${process.version}`,
    `machine: ${os.cpus().length} CPUs, load average ${startLoad} at start, ${loadNow()} at end (a busy or shared machine lowers and scatters every figure)`,
    '',
    `Mock against a like-for-like bare server (rounds alternate mock, bare, ...; req/s median and min-max; goal: mock >= ${GOAL_BARE} x bare)`,
  ];
  const bareRows = [['service', 'request', 'mock req/s', 'spread', 'bare req/s', 'spread', 'mock p99 ms', 'bare p99 ms', 'ratio', 'goal']];
  const cpuRows = [['service', 'request', 'mock us/req', 'spread', 'bare us/req', 'spread', 'bare/mock']];
  // Each side's median over the rounds, and its min-max.
  const mid = <F extends LoadFigures>(figures: F[], key: keyof F) => median(figures.map((f) => f[key] as number));
  const range = <F extends LoadFigures>(figures: F[], key: keyof F, digits = 0) =>
    spread(
      figures.map((f) => f[key] as number),
      digits,
    );
  const bareRatio = (l: ServiceLoad) => (mid(l.bare, 'rps') > 0 ? mid(l.mock, 'rps') / mid(l.bare, 'rps') : 0);
  for (const l of loads) {
    const [service, label, ratio] = [l.plan.service, l.plan.compared.label, bareRatio(l)];
    bareRows.push([
      ...[service, label, mid(l.mock, 'rps').toFixed(0), range(l.mock, 'rps'), mid(l.bare, 'rps').toFixed(0), range(l.bare, 'rps')],
      ...[latency(mid(l.mock, 'p99')), latency(mid(l.bare, 'p99')), ratio.toFixed(2), verdict(ratio >= GOAL_BARE)],
    ]);
    const [mc, bc] = [mid(l.mock, 'cpuPerRequest'), mid(l.bare, 'cpuPerRequest')];
    const cpu = [mc.toFixed(1), range(l.mock, 'cpuPerRequest', 1), bc.toFixed(1), range(l.bare, 'cpuPerRequest', 1)];
    cpuRows.push([service, label, ...cpu, mc > 0 ? (bc / mc).toFixed(2) : '-']);
  }
  out.push(
    table(bareRows),
    '',
    'CPU of the server process per request, same rounds (microseconds, median and min-max; bare/mock near the req/s ratio on an idle machine, and steadier than it on a busy one)',
    table(cpuRows),
  );
  for (const l of loads) out.push(`  ${l.plan.service} bare server: ${l.plan.bareDoes}`);
  out.push('');
  const posts = loads.filter((l) => l.post && l.plan.post);
  if (posts.length) {
    out.push('Creations (autocannon, one phase; latency in whole ms)');
    const rows = [['service', 'request', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors']];
    for (const l of posts) {
      const f = l.post!;
      rows.push([
        l.plan.service,
        l.plan.post!.label,
        f.rps.toFixed(0),
        latency(f.p50),
        latency(f.p99),
        ...[f.total, f.non2xx, f.errors].map(String),
      ]);
    }
    out.push(table(rows), '');
  }
  out.push(
    `Client per call (${options.calls} sequential calls per side, median ms; goal: OperationClient <= ${GOAL_CLIENT} x bare APIRequestContext)`,
  );
  const clientRows = [['service', 'operation', 'bare', 'client', 'ratio', 'failed', 'goal']];
  for (const c of clients)
    clientRows.push([
      c.service,
      c.label,
      ms(c.bareMs),
      ms(c.clientMs),
      c.ratio.toFixed(2),
      String(c.failures),
      verdict(c.ratio <= GOAL_CLIENT),
    ]);
  out.push(table(clientRows));
  for (const c of clients.filter((x) => x.refusedBy.length))
    out.push(`  ${c.service} ${c.label}: the client's checks refused answers (${c.refusedBy.join(', ')})`);
  out.push('');
  // The ratio of the medians over the rounds; the spread is each size's min-max.
  const rps = (figures: LoadFigures[]) => (figures.length ? mid(figures, 'rps') : undefined);
  const readRatio = (r: ReadFigures) => {
    const [small, large] = [rps(r.small), rps(r.large)];
    return small !== undefined && large !== undefined && small > 0 ? large / small : undefined;
  };
  let growthRatio: number | undefined;
  if (growth) {
    out.push(
      `List reads as the stores grow (created through the API; two stores read in alternating rounds; req/s median and min-max, p99 ms; goal: large >= ${GOAL_READS} x small)`,
      `  small: ${growth.small}`,
      `  large: ${growth.large}`,
    );
    const rows = [['read', 'small req/s', 'spread', 'p99', 'large req/s', 'spread', 'p99', 'ratio', 'non-2xx', 'goal']];
    for (const r of growth.reads) {
      const ratio = readRatio(r);
      // One size's req/s median, its min-max and its p99.
      const size = (f: LoadFigures[]) => (f.length ? [mid(f, 'rps').toFixed(0), range(f, 'rps'), latency(mid(f, 'p99'))] : ['-', '-', '-']);
      rows.push([
        r.label,
        ...size(r.small),
        ...size(r.large),
        ratio === undefined ? '-' : ratio.toFixed(3),
        String([...r.small, ...r.large].reduce((n, f) => n + f.non2xx, 0)),
        ratio === undefined ? '-' : verdict(ratio >= GOAL_READS),
      ]);
    }
    out.push(table(rows), '');
    if (growth.creation.length > 1) {
      out.push(
        `Store growth: AddTestingCustomer from the server process (tools/bench/reads.ts), customers in the store -> req/s of the batch`,
        table([['from', 'to', 'req/s'], ...growth.creation.map((b) => [String(b.from), String(b.to), b.rps.toFixed(0)])]),
        '',
      );
      // The first batches warm the JIT up: the last batch is compared with the median of the first half.
      const firstHalf = growth.creation.slice(0, Math.ceil(growth.creation.length / 2)).map((b) => b.rps);
      growthRatio = growth.creation.at(-1)!.rps / median(firstHalf);
    }
  }
  const barePass = loads.filter((l) => bareRatio(l) >= GOAL_BARE).length;
  const clientPass = clients.filter((c) => c.ratio <= GOAL_CLIENT).length;
  out.push(
    'Goals',
    `  mock >= ${GOAL_BARE} x like-for-like bare: ${verdict(barePass === loads.length)} (${barePass} of ${loads.length} services meet it)`,
    `  client <= ${GOAL_CLIENT} x bare:           ${verdict(clientPass === clients.length)} (${clientPass} of ${clients.length} operations meet it)`,
  );
  if (growth) {
    const judged = growth.reads.filter((r) => readRatio(r) !== undefined);
    const readPass = judged.filter((r) => readRatio(r)! >= GOAL_READS).length;
    out.push(
      `  list reads at the large size >= ${GOAL_READS} x at ${SMALL}: ${verdict(readPass === judged.length)} (${readPass} of ${judged.length} reads meet it)`,
    );
  }
  if (growthRatio !== undefined)
    out.push(
      `  last creation batch >= ${GOAL_GROWTH} x the first half's median: ${verdict(growthRatio >= GOAL_GROWTH)} (${growthRatio.toFixed(2)})`,
    );
  const figures = [
    ...loads.flatMap((l) => [...l.mock, ...l.bare, ...(l.post ? [l.post] : [])]),
    ...(growth?.reads ?? []).flatMap((r) => [...r.small, ...r.large]),
  ];
  if (figures.some((f) => f.non2xx > 0 || f.errors > 0) || clients.some((c) => c.failures > 0))
    out.push('  note: some requests were not 2xx or failed: the figures above include them');
  io.out(out.join('\n'));
}

export const main: CommandMain = async (argv, io) => {
  const options = parseBenchArgs(argv);
  // Loaded once the arguments are good: a usage error answers before Playwright and autocannon load.
  const [{ compareClient }, { AUTOCANNON_VERSION, runLoad }] = await Promise.all([
    import('../tools/bench/client.js'),
    import('../tools/bench/load.js'),
  ]);
  const startLoad = loadNow();
  const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);
  progress(`starting the mocks (${options.services.join(', ')})`);
  const server = await startServer(options.services);
  try {
    const load = (label: string, target: LoadTarget) => {
      progress(label);
      return runLoad(target, options.seconds, options.connections);
    };
    // A compared phase: one unrecorded second of warm-up, then the server's CPU time read around the measured load.
    const compare = async (label: string, target: LoadTarget): Promise<ComparedFigures> => {
      progress(label);
      await runLoad(target, 1, options.connections, false);
      const before = await server.cpu();
      const figures = await runLoad(target, options.seconds, options.connections, false);
      const used = (await server.cpu()) - before;
      return { ...figures, cpuPerRequest: figures.total > 0 ? used / figures.total : 0 };
    };
    const loads: ServiceLoad[] = [];
    for (const plan of server.plans) {
      const entry: ServiceLoad = { plan, mock: [], bare: [] };
      // Alternating rounds: a burst of load from elsewhere falls on both sides.
      for (let round = 1; round <= options.rounds; round++) {
        entry.mock.push(await compare(`${plan.service} round ${round}/${options.rounds}: mock ${plan.compared.label}`, plan.compared));
        entry.bare.push(await compare(`${plan.service} round ${round}/${options.rounds}: ${plan.bare.label}`, plan.bare));
      }
      if (plan.post) entry.post = await load(`${plan.service}: mock ${plan.post.label}`, plan.post);
      loads.push(entry);
    }
    progress(`client per call: ${options.calls} calls per side and operation`);
    const clients = await compareClient(server.plans, options.calls);
    let growth: Growth | undefined;
    const grows = options.services.some((s) => s === 'financial-data' || s === 'installments');
    if (options.growth > 0 && grows) {
      const reads = new Map<string, ReadFigures>();
      // Two stores of fresh mocks, read in alternating rounds: a burst of load from elsewhere falls on both sizes.
      progress(`growing fresh mocks to ${SMALL} customers and merchants`);
      const small = await server.grow('small', SMALL, Math.min(options.linked, SMALL));
      progress(`growing other fresh mocks to ${options.growth} customers (${options.linked} linked) and merchants`);
      const large = await server.grow('large', Math.max(SMALL, options.growth), options.linked);
      const selected = (cases: ReadCase[]) => cases.filter((x) => options.services.includes(x.service));
      // One pass not recorded on each: the first reads of each route would otherwise time the JIT's warm-up.
      for (const c of [...selected(small.cases), ...selected(large.cases)]) {
        progress(`reads (warm-up): ${c.service} ${c.label}`);
        await runLoad(c.target, 1, options.connections);
      }
      const pairs = selected(small.cases).map((c) => ({ small: c, large: selected(large.cases).find((l) => l.label === c.label) }));
      for (let round = 1; round <= options.rounds; round++)
        for (const pair of pairs) {
          const label = `${pair.small.service} ${pair.small.label}`;
          const entry = reads.get(label) ?? { label, small: [], large: [] };
          entry.small.push(await load(`reads round ${round}/${options.rounds} (small): ${label}`, pair.small.target));
          if (pair.large) entry.large.push(await load(`reads round ${round}/${options.rounds} (large): ${label}`, pair.large.target));
          reads.set(label, entry);
        }
      growth = { small: small.holds, large: large.holds, reads: [...reads.values()], creation: large.creation };
    }
    printReport(io, options, loads, clients, growth, startLoad, AUTOCANNON_VERSION);
  } finally {
    await server.stop();
  }
  return 0;
};

runMain(import.meta.url, main);
