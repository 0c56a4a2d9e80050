// What a run was, for a verdict that cannot be mistaken for another: the suite's commit,
// each contract's version and hash, the target host per service, and the filters that narrowed the
// run (grep, projects, shard, files). A run that did not select the whole suite is PARTIAL.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test/reporter';
import { suiteConfig, type TargetKind } from '../config/config.js';
import type { Contract } from '../contract/contract.js';
import { SERVICES } from '../contract/services.js';
import { listedChecks, listProjects } from './listing.js';
import { orElse } from '../config/or-else.js';

export interface Provenance {
  /** `git rev-parse HEAD`, with `-dirty` when the work tree has changes; `unknown` outside git. */
  suiteCommit: string;
  contracts: { service: string; version: string; sha256: string }[];
  /** Per service: `embedded mock` or the origin of the sandbox base URL (never its credentials). */
  targets: Record<string, string>;
  filters: { grep?: string; grepInvert?: string; shard?: string; projects: string[]; files: string[] };
  /** True when no filter narrowed the run: every service project, every test. */
  whole: boolean;
  /** The mock faults switched on (MOCK_FAULTS): a run with any certifies a deliberately broken mock. */
  faults?: string[];
  /** What ran it, where and by whom: the suite's, Node's and Playwright's versions, the host and user. */
  environment?: { suite: string; node: string; playwright: string; host: string; user: string };
}

/** The suite's, Node's and Playwright's versions, the host and the user of this process. */
export function runEnvironment(): NonNullable<Provenance['environment']> {
  const version = (file: string) => orElse(() => String(JSON.parse(fs.readFileSync(file, 'utf8')).version), 'unknown');
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for the uid (a container): the name stays unknown.
  }
  return {
    suite: version(path.resolve('package.json')),
    node: process.version,
    playwright: version(path.resolve('node_modules/@playwright/test/package.json')),
    host: os.hostname(),
    user,
  };
}

export function suiteCommit(cwd = process.cwd()): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no');
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

/** A hash of the bundled contract as the suite used it (the same text gives the same hash). */
export const contractHash = (contract: Contract): string =>
  crypto.createHash('sha256').update(JSON.stringify(contract.document)).digest('hex');

/** What the checks ran against, as the projects recorded it (in `npm run merge`: the blob reports' runs, not this process's). */
export function runTarget(config: FullConfig | undefined, projects: string[]): { target: TargetKind; hosts: Record<string, string> } {
  const own = { target: suiteConfig().target, hosts: targetHosts() };
  const recorded = (config?.projects ?? [])
    .filter((p) => projects.includes(p.name) && SERVICES.some((s) => s.name === p.name))
    .map((p) => ({ name: p.name, meta: p.metadata as { target?: TargetKind; targetHost?: string } | undefined }));
  const targets = [...new Set(recorded.map((r) => r.meta?.target).filter((t): t is TargetKind => Boolean(t)))];
  if (targets.length === 0) return own;
  // One run's target, or (services run apart against different targets) the sandbox: its rules of judgement are the stricter guest's.
  const target = targets.length === 1 ? targets[0] : 'sandbox';
  const hosts = { ...own.hosts };
  for (const r of recorded) if (r.meta?.targetHost) hosts[r.name] = r.meta.targetHost;
  return { target, hosts };
}

export function targetHosts(): Record<string, string> {
  const settings = suiteConfig();
  return Object.fromEntries(
    SERVICES.map((s) => {
      if (settings.target === 'mock') return [s.name, 'embedded mock'];
      const url = settings.env[s.sandboxBaseUrlEnv];
      try {
        return [s.name, url ? new URL(url).origin : `not configured (${s.sandboxBaseUrlEnv})`];
      } catch {
        return [s.name, `not a URL (${s.sandboxBaseUrlEnv})`];
      }
    }),
  );
}

const DEFAULT_GREP = String(/.*/);

/** Positional arguments of `playwright test` (file filters): what the runner was asked to run. */
export function fileFilters(argv = process.argv): string[] {
  const at = argv.findIndex((a) => a === 'test');
  if (at < 0) return [];
  const out: string[] = [];
  const takesValue = new Set([
    ...'-g --grep --grep-invert --project --shard -c --config --reporter -j --workers --repeat-each --retries'.split(' '),
    ...'--timeout --max-failures --output --global-timeout --trace --tsconfig --last-failed'.split(' '),
  ]);
  for (let i = at + 1; i < argv.length; i++) {
    const a = argv[i];
    if (takesValue.has(a)) i++;
    else if (!a.startsWith('-')) out.push(a);
  }
  return out;
}

/**
 * In `npm run merge`: the services' projects' check count (listed), to tell a full merge from a partial one (`self` certifies
 * nothing of a target: services run per CI job without it still merge whole).
 */
export function listedTestCount(cwd = process.cwd()): number | undefined {
  try {
    return listedChecks(
      listProjects(
        SERVICES.map((s) => s.name),
        { cwd },
      ).suites,
    ).length;
  } catch {
    return undefined;
  }
}

export const isMerge = (argv = process.argv) => argv.includes('merge-reports');

/** Where a CI run writes its blob report (playwright.config.ts) and `npm run merge` reads them. */
export const BLOB_DIR = 'blob-report';

/** The value of a command-line option (`--grep x`, `--grep=x`, `-g x`), where Playwright keeps it out of the config. */
export function cliOption(names: string[], argv = process.argv): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    for (const n of names) {
      if (a === n && argv[i + 1] !== undefined) return argv[i + 1];
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

// Flags that run a subset (stopping early on a failure needs none: the run is FAIL then).
const SELECTING_FLAGS = ['--last-failed', '--only-changed'];

export function provenance(
  config: FullConfig,
  selectedProjects: string[],
  contracts: Contract[],
  hashes: Map<string, string>,
  selectedTests?: number,
): Provenance {
  // A command-line --grep reaches the projects, not the root config: read both, and the command line.
  const grep = [
    ...new Set(
      [config.grep, ...config.projects.map((p) => p.grep)]
        .flat()
        .map(String)
        .filter((g) => g !== DEFAULT_GREP)
        .concat(cliOption(['--grep', '-g']) ?? []),
    ),
  ];
  const grepInvert = [
    ...new Set(
      [config.grepInvert ?? [], ...config.projects.map((p) => p.grepInvert ?? [])]
        .flat()
        .map(String)
        .concat(cliOption(['--grep-invert']) ?? []),
    ),
  ];
  const stopsEarly = SELECTING_FLAGS.some((f) => process.argv.includes(f) || process.argv.some((a) => a.startsWith(`${f}=`)));
  const files = fileFilters();
  const shard = config.shard ? `${config.shard.current}/${config.shard.total}` : undefined;
  const filters = {
    ...(grep.length ? { grep: grep.join(' ') } : {}),
    ...(grepInvert.length ? { grepInvert: grepInvert.join(' ') } : {}),
    ...(shard ? { shard } : {}),
    projects: selectedProjects,
    files,
  };
  const allServices = SERVICES.every((s) => selectedProjects.includes(s.name));
  // Merged reports are the whole suite only when together they hold every check the services list
  // (`selectedTests` counts the services' checks alone).
  const merged = isMerge() ? listedTestCount() : undefined;
  const allTests = !isMerge() || (merged !== undefined && selectedTests === merged);
  return {
    suiteCommit: suiteCommit(config.rootDir),
    targets: Object.fromEntries(Object.entries(runTarget(config, selectedProjects).hosts).filter(([s]) => selectedProjects.includes(s))),
    filters,
    contracts: contracts.map((c) => ({ service: c.service, version: c.version, sha256: hashes.get(c.service) ?? contractHash(c) })),
    whole: allServices && allTests && !grep.length && !grepInvert.length && !shard && !stopsEarly && files.length === 0,
    ...(suiteConfig().mockFaults.length ? { faults: suiteConfig().mockFaults } : {}),
    environment: runEnvironment(),
  };
}
