// `npm run certify:stand-in -- [--service <name>[,<name>]] [--rps <n>] [--faults <id,id>] [--interrupt-after <s>] [--workers <n>] [--times <n>]`
// `npm run certify:clean-room -- [--service <name>] [--workers <n>] [--times <n>]`: against the clean-room servers
// (clean-room/, written from the documents only; tools/clean-room/start.ts): they must certify PASS or CONDITIONAL.
// The servers come in sets of one per service (clean-room/<service> first, then <service>-<n>), each set started
// once and certified `--times` times without a restart, each verdict printed; the exit is the first failing one's.
// The suite certified as a guest of a sandbox against the stand-ins (mocks/stand-in.ts): start each
// selected service's stand-in, write one env file for them all, prepare each one's test data as a user
// would (`npm run sandbox:prepare`), certify them in ONE run with TARGET=sandbox, then ask each stand-in
// what the run left. Exit: the certification's code, or 1 when something deletable was left.
// `--interrupt-after` sends SIGINT after that many seconds; `--rps` makes each stand-in throttle; `--faults`
// starts them with mock faults. The user's tuning (SANDBOX_MAX_RPS, SANDBOX_CUSTOMER_QUOTA...) holds as
// on their sandbox. Interrupted at any point (it runs behind a relay, tools/cli.ts runMain `detach`), it
// ends NOT RUN, leaves nothing deletable on the stand-ins and exits with the code it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseDotenv } from 'dotenv';
import { ENV_SCHEMA } from '../helpers/config/env-schema.js';
import { configurationMistakes } from '../helpers/config/config.js';
import { PARENT_PID_ENV } from '../helpers/run/parent-watch.js';
import { VERDICT_EXIT } from '../helpers/verdict/certification.js';
import { readCertification, writeNotRun } from '../helpers/verdict/certification-report.js';
import { forgetRun, ledgerRuns, readGuestLog, summarise, type ServiceGuestSummary } from '../helpers/client/guest/guest-log.js';
import { VERSION_VARIABLES } from '../helpers/contract/versions.js';
import { countTestingCustomers, customerQuota, quotaRefusal } from '../helpers/target/sandbox/quota.js';
import { loadContract } from '../helpers/contract/contract.js';
import { acquireRunLock, RUN_LOCK_ENV } from '../helpers/verdict/run-lock.js';
import { freeLocalPort, startStandIn, toDotenv, type StandInHandle, type StandInService } from '../mocks/stand-in.js';
import { cleanRoomSets, startCleanRoom, type CleanRoomServer } from '../tools/clean-room/start.js';
import { integerArg, listArg, parseArgs, serviceArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';
import { mdTable } from '../tools/report.js';

const USAGE =
  'npm run certify:stand-in -- [--service <name>[,<name>...]] [--rps <n>] [--faults <id,id>] [--interrupt-after <seconds>] [--workers <n>] [--times <n>] [--clean-room]';
const SERVICES: StandInService[] = ['card-enrollment', 'installments', 'financial-data'];
/** The workers a stand-in certification starts unasked (docs/benchmarks.md, "A stand-in certification"). */
const STAND_IN_WORKERS = 12;

/** How a user tunes a run, the pace and quota a guest keeps among them (not what a target is): kept from the user's settings. */
const TUNING = new Set(
  'BREAKER_AFTER FC_NUM_RUNS FC_SEED FC_PATH MODEL_RUNS MODEL_COMMANDS SANDBOX_MAX_RPS SANDBOX_CUSTOMER_QUOTA'.split(' '),
);

/** The user's tuning, as their environment and configuration file give it (helpers/config/config.ts read the file into it). */
const userTuning = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries([...TUNING].flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]!]])));

/** This process's environment without any variable of the suite's schema but the run's tuning: the child reads the targets' env file alone. */
function cleanEnv(tuning: Record<string, string>, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of ENV_SCHEMA) delete env[v.name];
  delete env.DOTENV_PATH;
  return { ...env, ...tuning, ...extra };
}

/** When each service ended into the run, from the progress reporter's closing line (`<service>: done, ..., ended 9m12s into the run`). */
export function serviceWallTimes(output: string): Record<string, string> {
  const times: Record<string, string> = {};
  for (const m of output.matchAll(
    /^([a-z-]+): (?:done|stopped), \d+\/\d+ checks, .*?, ended ((?:\d+h)?(?:\d+m)?\d+s|\d+h\d+m) into the run$/gm,
  ))
    times[m[1]] = m[2];
  return times;
}

/** The child run now (a preparation, the certification), to pass a signal on to. */
let current: ChildProcess | undefined;
let interrupted: string | undefined;

/**
 * The child's process group gets the signal this command got, once (a SIGTERM stays a SIGTERM, so that the certification names
 * it; `--interrupt-after` is a Ctrl-C): it ends its run, deletes what it made, writes NOT RUN.
 */
function interruptChild(child = current): void {
  if (!child?.pid || child.exitCode !== null) return;
  const signal: NodeJS.Signals = interrupted === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Ctrl-C or SIGTERM: one SIGINT to the child (Playwright takes a second as "skip the teardown"); the stand-ins stay up meanwhile. */
function stopOnSignals(): () => void {
  interrupted = undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = signal;
    interruptChild();
  };
  const signals = ['SIGINT', 'SIGTERM'] as const;
  for (const signal of signals) process.on(signal, stop);
  return () => signals.forEach((signal) => process.off(signal, stop));
}

function run(args: string[], env: NodeJS.ProcessEnv, interruptAfterS?: number): Promise<{ code: number; seconds: number; output: string }> {
  const started = Date.now();
  let output = '';
  return new Promise((resolve) => {
    // One Node process with tsx's loader (not `npx tsx`: npm and tsx's relaunch relay signals again), in
    // its own process group; it watches this process (PARENT_PID_ENV). Its output passes through, kept too.
    const loader = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
    const child = spawn(process.execPath, ['--import', loader, ...args], {
      env: { ...env, [PARENT_PID_ENV]: String(process.pid) },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    current = child;
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      output = `${output}${chunk}`.slice(-200_000);
    });
    if (interrupted) interruptChild(child);
    const timer = interruptAfterS
      ? setTimeout(() => {
          if (interrupted) return;
          console.log(`\n-- interrupting the certification after ${interruptAfterS} s (SIGINT) --`);
          interrupted = `--interrupt-after ${interruptAfterS}`;
          interruptChild(child);
        }, interruptAfterS * 1000)
      : undefined;
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      current = undefined;
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

const REPORT_FILES = ['certification.md', 'certification.json', 'certification.html', 'coverage.md'];

/** What one certification of the running targets found, per service, and its exit code. */
interface Certified {
  code: number;
  lines: string[];
  judged: string[];
  /** A clean-room certification not PASS nor CONDITIONAL: its failure groups as certify printed them, for the closing list. */
  failures: string[];
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(
    argv,
    {
      service: 'list',
      rps: 'value',
      faults: 'value',
      'interrupt-after': 'value',
      workers: 'value',
      times: 'value',
      'clean-room': 'flag',
    },
    USAGE,
  );
  const cleanRoom = args['clean-room'] === true;
  if (cleanRoom && (args.rps !== undefined || args.faults !== undefined))
    throw new UsageError(`--rps and --faults play a stand-in; a clean-room server is played as written. Usage: ${USAGE}`);
  const OUT = path.resolve('reports', cleanRoom ? 'clean-room' : 'stand-in');
  const targetName = cleanRoom ? 'clean-room servers' : 'stand-ins';
  const named = serviceArgs(args.service, USAGE, { known: SERVICES }) as StandInService[];
  const services = named.length ? SERVICES.filter((s) => named.includes(s)) : SERVICES;
  const num = (name: 'rps' | 'interrupt-after' | 'workers') => integerArg(args[name], name, USAGE);
  const rps = num('rps');
  const interruptAfter = num('interrupt-after');
  // A sandbox run mostly waits in real time (a report's poll, an effectuation): more workers than cores pay off. Financial
  // data takes at most the 8 its testing-customer quota holds (playwright.config.ts), the others the rest, so their waits
  // overlap; what a worker costs and the figures: docs/benchmarks.md, "A stand-in certification". The clean-room servers keep 4.
  const workers = num('workers') ?? (cleanRoom ? 4 : STAND_IN_WORKERS);
  // The same running targets certified so many times, never restarted nor reset between: a certification
  // assumes nothing of what a target holds from an earlier one, so each gives the same verdict.
  const times = integerArg(args.times, 'times', USAGE, 1) ?? 1;
  const faults = listArg(args.faults);
  // The clean-room servers in sets of one per service (tools/clean-room/start.ts cleanRoomSets); the stand-ins are one set.
  const sets: CleanRoomServer[][] = cleanRoom ? cleanRoomSets(services) : [services.map((service) => ({ service, folder: service }))];
  if (!sets.length) throw new UsageError(`no clean-room server of ${services.join(', ')} under clean-room/. Usage: ${USAGE}`);
  // Any mistake of the configuration: one line each before any stand-in starts (helpers/config/config.ts).
  const mistakes = configurationMistakes(io.env);
  for (const line of mistakes.lines) io.err(line);
  if (mistakes.code) return mistakes.code;
  const tuning = userTuning(io.env);
  // One run per checkout (helpers/verdict/run-lock.ts): held throughout; the runs it starts share it.
  const lock = acquireRunLock(path.resolve('reports'));
  fs.mkdirSync(OUT, { recursive: true });
  const copyReports = (to = OUT) => {
    fs.mkdirSync(to, { recursive: true });
    for (const name of REPORT_FILES) {
      fs.rmSync(path.join(to, name), { force: true });
      if (fs.existsSync(path.resolve('reports', name))) fs.copyFileSync(path.resolve('reports', name), path.join(to, name));
    }
  };
  const stoppedBefore = (what: string) => {
    const reason = `interrupted by ${interrupted} ${what}, before the first check`;
    writeNotRun(path.resolve('reports'), 'sandbox', reason);
    copyReports();
    io.err(`\nVERDICT: NOT RUN (${reason}) for the ${targetName}: exit ${VERDICT_EXIT['NOT RUN']}.`);
    return VERDICT_EXIT['NOT RUN'];
  };
  const stopHandlers = stopOnSignals();
  const standIns: StandInHandle[] = [];
  // Secrets stay out of reports/ (the leak scan reads it): the env file lives in a private temp folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stand-in-'));
  const envFile = path.join(dir, '.env');
  const runIds: string[] = [];
  const verdicts: string[] = [];
  let worst = 0;
  try {
    for (const [setIndex, set] of sets.entries()) {
      const named = set.map((s) => (s.folder === s.service ? s.service : `${s.service} (${s.folder})`)).join(', ');
      io.out(
        `\n== ${targetName} of ${named}${sets.length > 1 ? ` (set ${setIndex + 1} of ${sets.length})` : ''}${rps ? `, each limited to ${rps} requests/s` : ''}${faults.length ? `, with faults ${faults.join(', ')}` : ''} ==`,
      );
      for (const server of set)
        standIns.push(cleanRoom ? await startCleanRoom(server) : await startStandIn(server.service, { requestsPerSecond: rps, faults }));
      if (interrupted) return stoppedBefore(`while the ${targetName} started`);
      // The provider's values of each, then the user's own side, each on a port of its own.
      const ports = new Set<number>();
      const blocks: string[] = [];
      for (const standIn of standIns) {
        let port = await freeLocalPort();
        while (ports.has(port)) port = await freeLocalPort();
        ports.add(port);
        blocks.push(toDotenv({ ...standIn.env(), ...standIn.userSide(port) }));
      }
      // The contract version is the user's choice, as on a sandbox: the stand-in plays it and the certification certifies it.
      const versions = Object.values(VERSION_VARIABLES).filter((v) => process.env[v]?.trim());
      blocks.push(toDotenv(Object.fromEntries(versions.map((v) => [v, process.env[v]!.trim()]))));
      fs.writeFileSync(envFile, `TARGET=sandbox\n${blocks.join('')}`, { mode: 0o600 });
      // The services of a set in one certification (certify takes several).
      const setServices = set.map((s) => s.service);
      const groups = [setServices];
      for (let time = 1; time <= times; time++)
        for (const group of groups) {
          const runId = `${Date.now()}-${process.pid}-${runIds.length}`;
          runIds.push(runId);
          const label = [
            sets.length > 1 ? `set ${setIndex + 1}` : '',
            groups.length > 1 ? group.join(', ') : '',
            times > 1 ? `certification ${time} of ${times}` : '',
          ]
            .filter(Boolean)
            .join(', ');
          const env = cleanEnv(tuning, { DOTENV_PATH: envFile, [RUN_LOCK_ENV]: lock.token, SUITE_RUN_ID: runId });
          const result = await certifyOnce(group, env, runId, label);
          if (typeof result === 'number') return result;
          worst = worst || result.code;
          verdicts.push(
            `${label ? `${label}: ` : ''}${group.map((s, i) => `${s} ${result.judged[i]}`).join(', ')}${result.failures.map((f) => `\n  ${f}`).join('')}`,
          );
          // Each certification's reports kept beside the last one's (which stays at the top of the folder).
          if (sets.length > 1 || times > 1 || groups.length > 1)
            copyReports(path.join(OUT, label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()));
        }
      for (const s of standIns.splice(0)) await s.close();
    }
    if (verdicts.length > 1) io.out(`\nEvery certification of the ${targetName}:\n${verdicts.map((v) => `- ${v}`).join('\n')}`);
    return worst;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const s of standIns) await s.close();
    for (const runId of runIds) forgetRun(runId);
    stopHandlers();
  }

  /** The test data prepared (as a user would) and one certification of `group` on the running targets, summarised. */
  async function certifyOnce(group: StandInService[], env: NodeJS.ProcessEnv, runId: string, label: string): Promise<Certified | number> {
    // The testing-customer quota, as the run's global setup judges it: refused before the preparation makes anything.
    if (group.includes('financial-data')) {
      const target = { ...parseDotenv(fs.readFileSync(envFile)), ...tuning };
      const existing = await countTestingCustomers(target);
      const refusal =
        typeof existing === 'number'
          ? quotaRefusal(workers, existing, customerQuota(await loadContract('financial-data'), target))
          : undefined;
      if (refusal) {
        io.err(`sandbox quota: ${refusal}`);
        writeNotRun(path.resolve('reports'), 'sandbox', `sandbox quota: ${refusal}`);
        copyReports();
        return 2;
      }
    }
    for (const service of group) {
      const completing = cleanRoom ? [] : ['--complete-stand-in'];
      const preparation = await run(
        ['scripts/sandbox-prepare.ts', '--service', service, '--env-file', envFile, ...completing, '--wait-seconds', '60'],
        env,
      );
      if (interrupted) return stoppedBefore(`while sandbox:prepare made the test data of ${service}`);
      if (preparation.code !== 0) throw new Error(`sandbox:prepare of ${service} exited ${preparation.code}`);
    }
    io.out(`\n== one certification of ${group.join(', ')}${label ? ` (${label})` : ''} ==`);
    const certified = await run(
      ['scripts/certify.ts', ...(group.length < SERVICES.length ? ['--service', group.join(',')] : []), '--workers', String(workers)],
      env,
      interruptAfter,
    );
    const cert = readCertification(path.resolve('reports'), runId);
    if (!cert && interrupted) return stoppedBefore('as the certification started');
    copyReports();
    // The counts are the certification's; the stand-ins' live state is the proof that nothing deletable is
    // left. The test data sandbox:prepare made is kept on purpose (a later run reuses it).
    const prepared = new Set(
      ['FD_LINKED_CUSTOMER_ID']
        .map((k) => new RegExp(`^${k}="?([^"\n]*)"?$`, 'm').exec(fs.readFileSync(envFile, 'utf8'))?.[1])
        .filter(Boolean),
    );
    const noGuest: ServiceGuestSummary = { created: 0, deleted: 0, deletableLeft: 0, undeletable: 0, retries: 0, retryWaitSeconds: 0 };
    const ledger = ledgerRuns().includes(runId) ? summarise(readGuestLog(runId)) : cert?.guest;
    const rows = standIns
      .filter((standIn) => group.includes(standIn.service))
      .map((standIn) => {
        const service = standIn.service;
        const live = standIn.inventory().filter((o) => !prepared.has(o.id) && !o.undeletable);
        const s = cert?.services.find((x) => x.service === service);
        const g = ledger?.services?.[service] ?? noGuest;
        const sum = (f: 'passed' | 'failed' | 'skipped') => (s ? s.seed[f] + s.provider[f] + s.assumption[f] : 0);
        const seedTotal = s ? s.seed.passed + s.seed.failed + s.seed.skipped : 0;
        return {
          service,
          verdict: s ? `${s.verdict}${s.warning ? ` (${s.warning})` : ''}` : (cert?.verdict ?? 'no certification'),
          passed: sum('passed'),
          failed: sum('failed'),
          skipped: sum('skipped'),
          seedRun: seedTotal
            ? `${s!.seed.passed + s!.seed.failed}/${seedTotal} (${Math.round(((s!.seed.passed + s!.seed.failed) / seedTotal) * 100)}%)`
            : '-',
          guest: g,
          answered429: standIn.rateLimited(),
          live: live.map((o) => `${o.kind} ${o.id}`),
          skips: Object.entries(s?.skippedReasons ?? {}).sort((a, b) => b[1] - a[1]),
        };
      });
    const walls = serviceWallTimes(certified.output);
    const verdict = cert
      ? `${cert.verdict}${cert.reason ? ` (${cert.reason})` : ''}`
      : `no certification (certify exited ${certified.code})`;
    const lines = [
      `Certification of ${group.join(', ')}${label ? ` (${label})` : ''} against the ${targetName}: **${verdict}**; certify exited ${certified.code} after ${Math.round(certified.seconds)} s.`,
      `Each service ended so long into the run (its last check; the services share the workers, so these are not durations of their own; the certification ran ${Math.round(certified.seconds)} s in all, with ${workers} workers${rps ? ` and ${rps} requests/s per stand-in` : ''}).`,
      `Checks: ${!cert ? '-' : cert.checks.selected ? `${cert.checks.run} run, ${cert.checks.skipped} skipped, of ${cert.checks.selected} selected` : 'none ran: the run stopped before Playwright listed its checks'}.`,
      '',
      ...mdTable(
        [
          ...['service', 'verdict', 'ended into the run', 'passed', 'failed', 'skipped', 'seed checks run', '429s waited out (s)'],
          ...['429s the stand-in answered', 'created / deleted', 'deletable left (ledger / stand-in)', 'the API cannot delete'],
        ],
        rows.map((r) => [
          ...[r.service, r.verdict, walls[r.service] ?? '-', r.passed, r.failed, r.skipped, r.seedRun],
          ...[`${r.guest.retries} (${r.guest.retryWaitSeconds})`, r.answered429, `${r.guest.created} / ${r.guest.deleted}`],
          `${r.guest.deletableLeft} / ${r.live.length}${r.live.length ? ` (${r.live.slice(0, 5).join(', ')})` : ''}`,
          r.guest.undeletable,
        ]),
      ),
    ];
    const skips = rows.flatMap((r) => [
      '',
      `## ${r.service}: checks not run on a sandbox, by reason`,
      '',
      ...r.skips.map(([why, n]) => `- ${n}: ${why}`),
    ]);
    fs.writeFileSync(
      path.join(OUT, 'summary.md'),
      `# Certified against the ${targetName}\n\n${lines.join('\n')}\n${skips.join('\n')}\n\nThe certification: ${path.relative(process.cwd(), OUT)}/certification.md.\n`,
    );
    const out = path.relative(process.cwd(), OUT);
    io.out(`\n${lines.join('\n')}\n\n${out}/summary.md; the certification: ${out}/certification.md`);
    const left = rows.some((r) => r.live.length > 0 || r.guest.deletableLeft > 0);
    // A clean-room run: a conformant target we did not write is certified without a false alarm (PASS or CONDITIONAL).
    const judged = group.map((service) => cert?.services.find((x) => x.service === service)?.verdict ?? 'NOT RUN');
    const clean = judged.every((v) => v === 'PASS' || v === 'CONDITIONAL');
    const code = left && (cleanRoom || certified.code === 0) ? 1 : cleanRoom ? (clean ? 0 : certified.code || 1) : certified.code;
    if (left)
      io.err(`Something deletable was left on a ${cleanRoom ? 'clean-room server' : 'stand-in'} (the table names it): exit ${code}.`);
    if (cleanRoom)
      io.out(
        clean
          ? `Every clean-room server certified PASS or CONDITIONAL (${group.map((s, i) => `${s} ${judged[i]}`).join(', ')}): exit ${code}.`
          : `A clean-room server was not certified PASS or CONDITIONAL (${group.map((s, i) => `${s} ${judged[i]}`).join(', ')}): each failure is a check to fix or a passage the server breaks.`,
      );
    // The closing list is what a CI log keeps when it keeps only the end: a FAIL there names the failure groups that made
    // it (the seed's and the provider's; an assumption's never does), each with its first failure, so a false alarm on an
    // earlier set or certification is readable without rerunning it, and a long list of assumptions cannot push it out of
    // the kept end. Without such a group (no certification, a run not ended), the run's own failure lines.
    const blocking = (cert?.services ?? [])
      .filter((x) => group.includes(x.service as StandInService))
      .flatMap((x) => x.failures.filter((f) => f.source !== 'assumption').map((f) => ({ service: x.service, f })));
    const failures = clean
      ? []
      : blocking.length
        ? blocking.flatMap(({ service, f }) => [
            `FAILED ${service}: ${f.cause} (${f.source}, ${f.titles.length} checks)`.slice(0, 300),
            // The check's own words (its first line, its Received / Documented lines), as the run's progress lines give them.
            `  e.g. ${(f.checks?.[0]?.judged ?? f.message)
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean)
              .slice(0, 3)
              .join(' / ')}`.slice(0, 300),
            ...(f.checks?.[0]?.rerun ? [`  rerun: ${f.checks[0].rerun}`] : []),
          ])
        : certified.output
            .split('\n')
            .filter((l) => /^\s*(FAILED|e\.g\.) /.test(l))
            .map((l) => l.trim().slice(0, 300));
    return { code, lines, judged, failures };
  }
};

runMain(import.meta.url, main, { detach: true });
