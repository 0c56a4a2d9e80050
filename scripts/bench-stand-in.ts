// `npm run bench:stand-in -- [--runs <n>] [--workers <n>] [--service <name>[,<name>...]] [--label <text>]`: whole
// `certify:stand-in` runs timed one after another (never two at once), each measured as the benchmark of a sandbox
// certification's length (docs/benchmarks.md, "A stand-in certification"): its wall time, the CPU of every process it started
// (stand-ins, runner, workers, chromium: the children's rusage this process collects as they end), the machine's load while it
// ran (the 1-minute average, every 15 s), its verdict and tallies, per service where the checks' time went (the certification's
// `time`), and from the run's Allure results (each check's start, stop and worker) how busy the workers were, when each
// service's checks began and ended, and the spec files holding the most check time. Figures, not assertions: exit 0 unless a
// run could not start or its certification could not be read. Appends each run to reports/bench-stand-in.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Certification } from '../helpers/verdict/model.js';
import { integerArg, parseArgs, runMain, serviceArgs, type CommandIo, type CommandMain } from '../tools/cli.js';
import { mdTable } from '../tools/report.js';

const USAGE = 'npm run bench:stand-in -- [--runs <n>] [--workers <n>] [--service <name>[,<name>...]] [--label <text>]';
const REPORTS = path.resolve('reports');
const OUT = path.join(REPORTS, 'bench-stand-in.md');
const LOAD_EVERY_MS = 15_000;

/** One check as its Allure result has it. */
interface Timed {
  project: string;
  file: string;
  start: number;
  stop: number;
  worker: string;
  status: string;
}

/** Every check's start, stop and worker, from the run's Allure results (reports/allure-results, cleared as each run starts). */
export function readTimeline(dir = path.join(REPORTS, 'allure-results')): Timed[] {
  const out: Timed[] = [];
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!name.endsWith('-result.json')) continue;
    const r = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
      start?: number;
      stop?: number;
      status?: string;
      labels?: { name: string; value: string }[];
    };
    const label = (n: string) => r.labels?.find((l) => l.name === n)?.value ?? '';
    const suite = label('suite');
    if (!r.start || !r.stop || !suite.includes('/')) continue;
    out.push({
      project: suite.split('/')[0],
      file: suite,
      start: r.start,
      stop: r.stop,
      worker: label('thread').replace(/^pid-\d+-/, ''),
      status: r.status ?? '',
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

const s = (ms: number) => Math.round(ms / 1000);
const clock = (ms: number) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** What a run's timeline says: the checks' span, the workers' busy share, each service's span, the files holding most time. */
export function timelineLines(checks: readonly Timed[], runStart: number, workers: number): string[] {
  if (!checks.length) return ['No check has an Allure result: no timeline.'];
  const first = Math.min(...checks.map((c) => c.start));
  const last = Math.max(...checks.map((c) => c.stop));
  const busy = checks.reduce((n, c) => n + (c.stop - c.start), 0);
  const slots = new Set(checks.map((c) => c.worker)).size;
  const lines = [
    `Before the first check: ${s(first - runStart)} s (stand-ins started, test data prepared, Playwright's start); checks from then to the last one's end: ${s(last - first)} s.`,
    `The workers were busy with checks ${Math.round((100 * busy) / ((last - first) * workers))}% of that span (${s(busy)} s of checks over ${workers} workers; ${slots} worker slots seen).`,
    '',
    ...mdTable(
      ['service', 'checks', 'first began', 'last ended', 'check time (s)', 'longest check (s)'],
      [...new Set(checks.map((c) => c.project))].map((p) => {
        const mine = checks.filter((c) => c.project === p);
        return [
          p,
          mine.length,
          clock(Math.min(...mine.map((c) => c.start)) - first),
          clock(Math.max(...mine.map((c) => c.stop)) - first),
          s(mine.reduce((n, c) => n + c.stop - c.start, 0)),
          s(Math.max(...mine.map((c) => c.stop - c.start))),
        ];
      }),
    ),
    '',
  ];
  // The tail: from the moment fewer checks than workers ran for good, to the end.
  const events = checks.flatMap((c) => [
    [c.start, 1],
    [c.stop, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let fullUntil = first;
  for (const [at, d] of events) {
    if (running >= workers) fullUntil = at;
    running += d;
  }
  lines.push(
    `Every worker busy last at ${clock(fullUntil - first)}; the tail after it, fewer checks than workers: ${s(last - fullUntil)} s.`,
  );
  const byFile = new Map<string, Timed[]>();
  for (const c of checks) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  const files = [...byFile].map(([file, cs]) => ({
    file,
    n: cs.length,
    total: cs.reduce((n, c) => n + c.stop - c.start, 0),
    longest: Math.max(...cs.map((c) => c.stop - c.start)),
    began: Math.min(...cs.map((c) => c.start)) - first,
    ended: Math.max(...cs.map((c) => c.stop)) - first,
  }));
  files.sort((a, b) => b.total - a.total);
  lines.push(
    '',
    'The spec files holding the most check time:',
    '',
    ...mdTable(
      ['file', 'checks', 'check time (s)', 'longest (s)', 'began', 'ended'],
      files.slice(0, 15).map((f) => [f.file, f.n, s(f.total), s(f.longest), clock(f.began), clock(f.ended)]),
    ),
  );
  return lines;
}

/**
 * The CPU seconds (user, system) of this process's ended and waited-for descendants (Linux: /proc/self/stat cutime and cstime,
 * in clock ticks of 1/100 s); undefined where /proc is not.
 */
export function childrenCpu(): { user: number; system: number } | undefined {
  try {
    // Fields after the command's parenthesis: state is the 3rd field, cutime the 16th and cstime the 17th.
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[13]) / 100, system: Number(fields[14]) / 100 };
  } catch {
    return undefined;
  }
}

/** One whole certify:stand-in run, its output passing through; answers its exit code, wall time, loads and CPU. */
function certifyOnce(
  args: string[],
  io: CommandIo,
): Promise<{ code: number; ms: number; loads: number[]; cpu?: { user: number; system: number } }> {
  const started = Date.now();
  const cpuBefore = childrenCpu();
  const loads = [os.loadavg()[0]];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]), LOAD_EVERY_MS);
  const loader = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
  // The same process group: a Ctrl-C reaches certify:stand-in, which ends its run NOT RUN; this process waits for it.
  const ignore = () => io.err('(the run ends its certification first)');
  process.on('SIGINT', ignore);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', loader, 'scripts/certify-stand-in.ts', ...args], { stdio: 'inherit' });
    child.on('close', (code) => {
      clearInterval(sampler);
      process.off('SIGINT', ignore);
      loads.push(os.loadavg()[0]);
      const after = childrenCpu();
      const cpu =
        cpuBefore && after
          ? { user: Math.round(after.user - cpuBefore.user), system: Math.round(after.system - cpuBefore.system) }
          : undefined;
      resolve({ code: code ?? 1, ms: Date.now() - started, loads, cpu });
    });
  });
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { runs: 'value', workers: 'value', service: 'list', label: 'value' }, USAGE);
  const runs = integerArg(args.runs, 'runs', USAGE, 1) ?? 1;
  const workersArg = integerArg(args.workers, 'workers', USAGE, 1);
  const services = serviceArgs(args.service, USAGE);
  const passOn = [...(services.length ? ['--service', services.join(',')] : []), ...(workersArg ? ['--workers', String(workersArg)] : [])];
  const summary: (string | number)[][] = [];
  fs.mkdirSync(REPORTS, { recursive: true });
  for (let run = 1; run <= runs; run++) {
    io.out(`\n== bench:stand-in: run ${run} of ${runs} (npm run certify:stand-in${passOn.length ? ` -- ${passOn.join(' ')}` : ''}) ==`);
    const runStart = Date.now();
    const { code, ms, loads, cpu } = await certifyOnce(passOn, io);
    const cpuText = cpu ? `${cpu.user + cpu.system} s (${cpu.user} s user, ${cpu.system} s system)` : 'not measured here (no /proc)';
    const certFile = path.join(REPORTS, 'stand-in', 'certification.json');
    const cert = fs.existsSync(certFile) ? (JSON.parse(fs.readFileSync(certFile, 'utf8')) as Certification) : undefined;
    if (!cert) {
      io.err(`bench:stand-in: run ${run} left no certification (certify:stand-in exited ${code})`);
      return 1;
    }
    const workers =
      workersArg ?? Number(/with (\d+) workers/.exec(fs.readFileSync(path.join(REPORTS, 'stand-in', 'summary.md'), 'utf8'))?.[1] ?? 0);
    const load = `${Math.min(...loads).toFixed(1)} / ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)} / ${Math.max(...loads).toFixed(1)}`;
    const tally = (k: 'passed' | 'failed' | 'skipped') =>
      cert.services.reduce((n, x) => n + x.seed[k] + x.provider[k] + x.assumption[k], 0);
    const verdict = `${cert.verdict}${cert.reason ? ` (${cert.reason})` : ''}`;
    summary.push([
      run,
      clock(ms),
      cpu ? cpu.user + cpu.system : '-',
      load,
      verdict,
      `${tally('passed')} / ${tally('failed')} / ${tally('skipped')}`,
      code,
    ]);
    const lines = [
      `## ${new Date(runStart).toISOString()}${args.label ? ` ${args.label}` : ''}: run ${run} of ${runs}`,
      '',
      `Wall ${clock(ms)} (${s(ms)} s), CPU of every process of the run ${cpuText}, ${workers} workers, load (1-minute average) min / mean / max ${load} on ${os.availableParallelism()} cores; ${verdict}, exit ${code}; passed / failed / skipped ${tally('passed')} / ${tally('failed')} / ${tally('skipped')}.`,
      '',
      "Where the checks' time went (seconds summed over the checks, so above the wall time with several workers):",
      '',
      ...mdTable(
        [
          'service',
          'verdict',
          'in checks',
          "documents' intervals",
          "target's work in its own time",
          'quota and 429s',
          "target's answers",
          'turns at shared data',
          "suite's own",
          'of it CPU',
        ],
        cert.services.map((x) => [
          x.service,
          x.verdict,
          ...(x.time
            ? [
                x.time.checks,
                x.time.documented,
                x.time.background ?? 0,
                x.time.quota,
                x.time.answers,
                x.time.turns ?? 0,
                x.time.ours,
                x.time.cpu,
              ]
            : ['-', '-', '-', '-', '-', '-', '-', '-']),
        ]),
      ),
      '',
      ...timelineLines(readTimeline(), runStart, workers),
      '',
    ];
    fs.appendFileSync(OUT, `${lines.join('\n')}\n`);
    io.out(`\n${lines.join('\n')}`);
  }
  const table = mdTable(['run', 'wall', 'CPU (s)', 'load min / mean / max', 'verdict', 'passed / failed / skipped', 'exit'], summary);
  fs.appendFileSync(OUT, `${table.join('\n')}\n\n`);
  io.out(`\n${table.join('\n')}\n\nAppended to ${path.relative(process.cwd(), OUT)}.`);
  return 0;
};

runMain(import.meta.url, main);
