// `npm run certify:stand-in -- [--service <name>] [--rps <n>] [--faults <id,id>] [--interrupt-after <s>] [--workers <n>]`
// The suite certified as a guest of a sandbox, proven against the sandbox stand-in of each service
// (mocks/stand-in.ts): start the stand-in, prepare its test data as a user would
// (`npm run sandbox:prepare`, its Connect page completed in chromium), certify it with
// TARGET=sandbox (`npm run certify`), then ask the stand-in what the run left behind. Exit 0 only
// when no check failed and nothing deletable was left. `--interrupt-after` stops the certification
// with SIGINT after that many seconds, to show an interrupted run cleans up too; `--rps` makes the
// stand-in throttle; `--faults` starts it with mock faults (the run must then FAIL: exit 1 expected).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENV_SCHEMA } from '../helpers/config/env-schema.js';
import { acquireRunLock, RUN_LOCK_ENV, RunRefused } from '../helpers/verdict/run-lock.js';
import { freeLocalPort, startStandIn, toDotenv, type StandInService } from '../mocks/stand-in.js';
import { parseArgs, runMain, UsageError, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run certify:stand-in -- [--service <name>] [--rps <n>] [--faults <id,id>] [--interrupt-after <seconds>] [--workers <n>]';
const SERVICES: StandInService[] = ['card-enrollment', 'installments', 'financial-data'];
const OUT = path.resolve('reports', 'stand-in');

/** This process's environment without any variable of the suite's schema: the child reads the stand-in's env file alone. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of ENV_SCHEMA) delete env[v.name];
  return { ...env, ...extra };
}

function run(args: string[], env: NodeJS.ProcessEnv, interruptAfterS?: number): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, signalled as a whole, as a terminal's Ctrl-C would be.
    const child = spawn('npx', ['tsx', ...args], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    const interrupt = () => {
      console.log(`\n-- interrupting the certification after ${interruptAfterS} s (SIGINT) --`);
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        child.kill('SIGINT');
      }
    };
    const timer = interruptAfterS ? setTimeout(interrupt, interruptAfterS * 1000) : undefined;
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

interface Row {
  service: string;
  verdict: string;
  passed: number;
  failed: number;
  skipped: number;
  seedRun: string;
  retries: number;
  left: string[];
  undeletable: number;
  seconds: number;
  skips: [string, number][];
}

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'value', rps: 'value', faults: 'value', 'interrupt-after': 'value', workers: 'value' }, USAGE);
  const services = SERVICES.filter((s) => !args.service || s === args.service);
  if (services.length === 0) throw new UsageError(`unknown service '${args.service}' (known: ${SERVICES.join(', ')})`);
  const num = (name: string) => {
    const raw = args[name];
    if (raw === undefined) return undefined;
    if (!/^[0-9]+$/.test(String(raw))) throw new UsageError(`--${name} must be a whole number. Usage: ${USAGE}`);
    return Number(raw);
  };
  const rps = num('rps');
  const interruptAfter = num('interrupt-after');
  // A sandbox run mostly waits (report polling in real time): more workers than cores pay off, and
  // 4 x 12 testing customers stay well inside the quota of 100.
  const workers = num('workers') ?? 4;
  const faults =
    typeof args.faults === 'string'
      ? args.faults
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : [];
  // One run per checkout (helpers/verdict/run-lock.ts): held for every service; the certify runs share it.
  let lock;
  try {
    lock = acquireRunLock(path.resolve('reports'));
  } catch (error) {
    if (error instanceof RunRefused) throw new UsageError(error.message);
    throw error;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const rows: Row[] = [];
  for (const service of services) {
    io.out(
      `\n== ${service}: stand-in${rps ? ` limited to ${rps} requests/s` : ''}${faults.length ? ` with faults ${faults.join(', ')}` : ''} ==`,
    );
    const standIn = await startStandIn(service, { requestsPerSecond: rps, faults });
    // Secrets stay out of reports/ (the leak scan reads it): the env file lives in a private temp folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stand-in-'));
    const envFile = path.join(dir, '.env');
    try {
      // The provider's values, then the user's own side (the listener behind its public URL, the issuer to certify).
      const userSide = standIn.userSide(await freeLocalPort());
      fs.writeFileSync(envFile, `TARGET=sandbox\n${toDotenv({ ...standIn.env(), ...userSide })}`, { mode: 0o600 });
      const env = cleanEnv({ DOTENV_PATH: envFile, [RUN_LOCK_ENV]: lock.token });
      const preparation = await run(
        ['scripts/sandbox-prepare.ts', '--service', service, '--env-file', envFile, '--complete-stand-in', '--wait-seconds', '60'],
        env,
      );
      if (preparation.code !== 0) throw new Error(`sandbox:prepare of ${service} exited ${preparation.code}`);
      const certified = await run(['scripts/certify.ts', '--service', service, '--workers', String(workers)], env, interruptAfter);
      const certFile = path.resolve('reports', 'certification.json');
      const cert = fs.existsSync(certFile) ? JSON.parse(fs.readFileSync(certFile, 'utf8')) : undefined;
      for (const name of ['certification.md', 'certification.json', 'certification.html', 'coverage.md']) {
        if (fs.existsSync(path.resolve('reports', name)))
          fs.copyFileSync(path.resolve('reports', name), path.join(OUT, `${service}-${name}`));
      }
      // Asked of the stand-in's live state, not assumed from the ledger. The test data sandbox:prepare
      // made is kept on purpose (a later run reuses it): not left behind by the run.
      const prepared = new Set(
        ['FD_LINKED_CUSTOMER_ID']
          .map((k) => new RegExp(`^${k}="?([^"\n]*)"?$`, 'm').exec(fs.readFileSync(envFile, 'utf8'))?.[1])
          .filter(Boolean),
      );
      const inventory = standIn.inventory().filter((o) => !prepared.has(o.id));
      const s = cert?.services?.find((x: { service: string }) => x.service === service);
      const seed = s?.seed ?? { passed: 0, failed: 0, skipped: 0 };
      const all = s ? ['seed', 'provider', 'assumption'].map((k) => s[k]) : [];
      const sum = (f: 'passed' | 'failed' | 'skipped') => all.reduce((n: number, c: Record<string, number>) => n + (c?.[f] ?? 0), 0);
      const seedTotal = seed.passed + seed.failed + seed.skipped;
      rows.push({
        service,
        verdict: interruptAfter ? `interrupted (exit ${certified.code})` : (cert?.verdict ?? `no certification (exit ${certified.code})`),
        passed: sum('passed'),
        failed: sum('failed'),
        skipped: sum('skipped'),
        seedRun: seedTotal
          ? `${seed.passed + seed.failed}/${seedTotal} (${Math.round(((seed.passed + seed.failed) / seedTotal) * 100)}%)`
          : '-',
        retries: cert?.guest?.retries ?? 0,
        left: inventory.filter((o) => !o.undeletable).map((o) => `${o.kind} ${o.id}`),
        undeletable: inventory.filter((o) => o.undeletable).length,
        seconds: Math.round(certified.seconds),
        // Why checks did not run on a sandbox, most frequent first (the certification's skip reasons).
        skips: (Object.entries(s?.skippedReasons ?? {}) as [string, number][]).sort((a, b) => b[1] - a[1]),
      });
      io.out(
        `stand-in ${service}: ${standIn.rateLimited()} requests answered 429; left behind: ${rows.at(-1)!.left.length ? rows.at(-1)!.left.join(', ') : 'nothing deletable'}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await standIn.close();
    }
  }
  const lines = [
    '| service | verdict | passed | failed | skipped | seed checks run | 429s waited out | deletable left behind | the API cannot delete | seconds |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.service} | ${r.verdict} | ${r.passed} | ${r.failed} | ${r.skipped} | ${r.seedRun} | ${r.retries} | ${r.left.length}${r.left.length ? ` (${r.left.slice(0, 5).join(', ')})` : ''} | ${r.undeletable} | ${r.seconds} |`,
    ),
  ];
  const skips = rows.flatMap((r) => [
    '',
    `## ${r.service}: checks not run on a sandbox, by reason`,
    '',
    ...r.skips.map(([why, n]) => `- ${n}: ${why}`),
  ]);
  fs.writeFileSync(path.join(OUT, 'summary.md'), `# Certified against the sandbox stand-ins\n\n${lines.join('\n')}\n${skips.join('\n')}\n`);
  io.out(`\n${lines.join('\n')}\n\nreports/stand-in/summary.md; each service's certification: reports/stand-in/<service>-certification.md`);
  const clean = rows.every((r) => r.left.length === 0);
  const passed = rows.every((r) => r.failed === 0 && !/FAIL|no certification/.test(r.verdict));
  return clean && passed ? 0 : 1;
};

runMain(import.meta.url, main);
