// `npm run bench [-- --seconds N] [--connections N] [--calls N] [--service <name>] [--growth N]`:
// how fast the embedded mocks answer and what the suite's client costs per call, side by
// side in one run. Per service, autocannon loads a mock GET and a mock POST (valid, authenticated
// requests built as the fixtures build them) and a bare node:http server answering the GET's exact
// body (the ceiling); then the same calls go one after the other through a bare Playwright
// APIRequestContext and through OperationClient. Figures against two goals, PASS or MISS each:
// mock GET >= 0.7 x ceiling, client <= 1.2 x bare. Then (financial data) the store-growth phase:
// customers created in batches up to --growth (45k), the rate of each batch (goal: the last batch
// at >= 0.7 x the median of the first half, i.e. no request cost that grows with the store). Figures, not assertions: exits 0 unless it
// crashed or got bad arguments. All traffic stays on 127.0.0.1; no header is ever printed.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseBenchArgs, type BenchOptions, type BenchService } from '../tools/bench/args.js';
import { compareClient, type ClientFigures } from '../tools/bench/client.js';
import { AUTOCANNON_VERSION, runLoad, type LoadFigures } from '../tools/bench/load.js';
import { measureGrowth, type GrowthBatch } from '../tools/bench/growth.js';
import type { ServerMessage, ServicePlan } from '../tools/bench/server.js';
import { runMain } from '../tools/cli.js';

const GOAL_CEILING = 0.7;
const GOAL_CLIENT = 1.2;
const GOAL_GROWTH = 0.7;
const SETUP_TIMEOUT_MS = 120_000;

/** Starts the mocks and ceilings in a child process; answers its plan and a stop function. */
function startServer(services: BenchService[]): Promise<{ plans: ServicePlan[]; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'lib', 'bench', 'server.ts'), [JSON.stringify(services)], {
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
    child.once('message', (message: ServerMessage) => {
      clearTimeout(timer);
      if (message.type === 'ready') resolve({ plans: message.plans, stop });
      else void stop().then(() => reject(new Error(message.message)));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the benchmark's server process exited (code ${code}) before the mocks were ready`));
    });
  });
}

const table = (rows: string[][]) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  // Text columns left-aligned, figures right-aligned.
  return rows
    .map((r) =>
      r
        .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};
const ms = (value: number) => value.toFixed(2);
/** autocannon's latencies are whole milliseconds: under 1 ms reads as 0. */
const latency = (value: number) => (value < 1 ? '<1' : value.toFixed(0));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface ServiceLoad {
  plan: ServicePlan;
  get: LoadFigures;
  ceiling: LoadFigures;
  post: LoadFigures;
}

function printReport(options: BenchOptions, loads: ServiceLoad[], clients: ClientFigures[], growth: GrowthBatch[], startLoad: string) {
  const out: string[] = [];
  out.push(
    `npm run bench: ${options.seconds} s per load phase (after 1 s of warm-up), ${options.connections} connections, autocannon ${AUTOCANNON_VERSION}, node ${process.version}`,
  );
  out.push(
    `machine: ${os.cpus().length} CPUs, load average ${startLoad} at start, ${loadNow()} at end (a busy or shared machine lowers and scatters every figure)`,
  );
  out.push('');
  out.push('Load (autocannon against 127.0.0.1; latency in whole ms)');
  const loadRows = [['service', 'request', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors']];
  const row = (service: string, label: string, f: LoadFigures) => [
    service,
    label,
    f.rps.toFixed(0),
    latency(f.p50),
    latency(f.p99),
    String(f.total),
    String(f.non2xx),
    String(f.errors),
  ];
  for (const l of loads) {
    loadRows.push(row(l.plan.service, `mock ${l.plan.get.label}`, l.get));
    loadRows.push(row(l.plan.service, 'ceiling: bare node:http, same body', l.ceiling));
    loadRows.push(row(l.plan.service, `mock ${l.plan.post.label}`, l.post));
  }
  out.push(table(loadRows));
  out.push('');
  out.push(`Mock GET against its ceiling (goal: mock >= ${GOAL_CEILING} x ceiling)`);
  const ceilingRows = [['service', 'GET', 'mock req/s', 'ceiling req/s', 'ratio', 'goal']];
  for (const l of loads) {
    const ratio = l.ceiling.rps > 0 ? l.get.rps / l.ceiling.rps : 0;
    ceilingRows.push([
      l.plan.service,
      l.plan.get.label,
      l.get.rps.toFixed(0),
      l.ceiling.rps.toFixed(0),
      ratio.toFixed(2),
      verdict(ratio >= GOAL_CEILING),
    ]);
  }
  out.push(table(ceilingRows));
  out.push('');
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
  const refused = clients.filter((c) => c.refusedBy.length);
  for (const c of refused) out.push(`  ${c.service} ${c.label}: the client's checks refused answers (${c.refusedBy.join(', ')})`);
  out.push('');
  const ceilingPass = loads.filter((l) => l.ceiling.rps > 0 && l.get.rps / l.ceiling.rps >= GOAL_CEILING).length;
  const clientPass = clients.filter((c) => c.ratio <= GOAL_CLIENT).length;
  if (growth.length) {
    out.push(
      `Store growth: financial data AddTestingCustomer, ${options.connections} connections, customers this phase had created -> req/s of the batch (the POST load phase created more before)`,
    );
    out.push(table([['from', 'to', 'req/s'], ...growth.map((b) => [String(b.from), String(b.to), b.rps.toFixed(0)])]));
    out.push('');
  }
  // The first batches warm the JIT up: the last batch is compared with the median of the first half.
  const firstHalf = growth
    .slice(0, Math.ceil(growth.length / 2))
    .map((b) => b.rps)
    .sort((a, b) => a - b);
  const growthRatio = growth.length > 1 ? growth.at(-1)!.rps / firstHalf[Math.floor(firstHalf.length / 2)] : undefined;
  out.push('Goals');
  out.push(
    `  mock GET >= ${GOAL_CEILING} x ceiling: ${verdict(ceilingPass === loads.length)} (${ceilingPass} of ${loads.length} services)`,
  );
  out.push(
    `  client <= ${GOAL_CLIENT} x bare:     ${verdict(clientPass === clients.length)} (${clientPass} of ${clients.length} operations)`,
  );
  if (growthRatio !== undefined)
    out.push(
      `  last growth batch >= ${GOAL_GROWTH} x the first half's median: ${verdict(growthRatio >= GOAL_GROWTH)} (${growthRatio.toFixed(2)})`,
    );
  const unclean =
    loads.flatMap((l) => [l.get, l.ceiling, l.post]).some((f) => f.non2xx > 0 || f.errors > 0) || clients.some((c) => c.failures > 0);
  if (unclean) out.push('  note: some requests were not 2xx or failed: the figures above include them');
  console.log(out.join('\n'));
}

runMain(async () => {
  const options = parseBenchArgs(process.argv.slice(2));
  const startLoad = loadNow();
  const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);
  progress(`starting the mocks (${options.services.join(', ')})`);
  const server = await startServer(options.services);
  try {
    const loads: ServiceLoad[] = [];
    const phases = server.plans.length * 3;
    let phase = 0;
    const load = async (label: string, target: ServicePlan['get']) => {
      progress(`load ${++phase}/${phases}: ${label}`);
      return runLoad(target, options.seconds, options.connections);
    };
    for (const plan of server.plans) {
      const get = await load(`${plan.service} mock ${plan.get.label}`, plan.get);
      const ceiling = await load(`${plan.service} ceiling`, plan.ceiling);
      const post = await load(`${plan.service} mock ${plan.post.label}`, plan.post);
      loads.push({ plan, get, ceiling, post });
    }
    progress(`client per call: ${options.calls} calls per side and operation`);
    const clients = await compareClient(server.plans, options.calls);
    const fdPlan = server.plans.find((p) => p.service === 'financial-data');
    let growth: GrowthBatch[] = [];
    if (fdPlan && options.growth > 0) {
      progress(`store growth: ${options.growth} financial data customers in batches of ${Math.ceil(options.growth / 9)}`);
      growth = await measureGrowth(
        { url: fdPlan.post.url, headers: fdPlan.post.headers },
        options.growth,
        Math.ceil(options.growth / 9),
        options.connections,
      );
    }
    printReport(options, loads, clients, growth, startLoad);
  } finally {
    await server.stop();
  }
  return 0;
});
