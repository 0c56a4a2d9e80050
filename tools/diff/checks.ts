// The checks of a service that cite each rule, read from `playwright test --list` (nothing runs):
// the diff report names them under each rule a change touches. Listing the financial data project
// takes 35-45 s (Playwright loads and transforms every spec and what it imports), nearly all of a
// diff's time, so the listing is kept in a cache keyed by the hashes of every file that can change
// it (the specs, fixtures, helpers, mocks, contracts, the config, the lock file, .env) and of the
// suite's environment variables; a cache miss lists in the background while the documents are
// compared. `--list` with `--reporter=json` runs no global setup, clears no output folder and
// writes nothing under reports/ (its JSON goes to stdout).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCitation } from '../../helpers/contract/rules.js';
import { playwrightCommand } from '../cli.js';
import { withoutReportFiles } from '../../helpers/verdict/reporters.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** What the listing of a project reads: a change to any file under these makes the cache stale. */
const LISTING_INPUTS = [
  'fixtures',
  'helpers',
  'mocks',
  'schemas',
  'scripts/lib',
  'playwright.config.ts',
  'package-lock.json',
  'tsconfig.json',
  '.env',
];
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'contract-diff');
/** Environment variables the config and the specs read (values enter the hash only, never the file). */
const LISTING_ENV = /^(CI|TARGET|DOTENV_PATH|MOCK_FAULTS|FD_|CARD_|INSTALLMENTS_|FC_|SANDBOX_)/;

export interface CheckRef {
  title: string;
  file: string;
}

interface ListedSuite {
  title?: string;
  specs?: { title: string; file: string; tests: { annotations: { type: string; description?: string }[] }[] }[];
  suites?: ListedSuite[];
}

/** Checks per rule id from the JSON of `playwright test --list --reporter=json` (titles with their describe blocks). */
function checksFromListing(report: { suites?: ListedSuite[] }): Map<string, CheckRef[]> {
  const out = new Map<string, CheckRef[]>();
  const walk = (suite: ListedSuite, parents: string[]) => {
    for (const spec of suite.specs ?? []) {
      const title = [...parents, spec.title].join(' › ');
      for (const a of spec.tests.flatMap((t) => t.annotations)) {
        if (a.type !== 'rule' || !a.description) continue;
        const id = parseCitation(a.description).id;
        const list = out.get(id) ?? [];
        if (!list.some((c) => c.title === title && c.file === spec.file)) list.push({ title, file: spec.file });
        out.set(id, list);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...parents, child.title ?? '']);
  };
  // The top suites are the spec files (their title is the file): only describe titles join a check's title.
  for (const file of report.suites ?? []) walk(file, []);
  return out;
}

/** The hash of everything a project's listing depends on (files by path and content, the environment). */
function listingKey(project: string): string {
  const hash = createHash('sha256').update(`project ${project}\n`);
  const files: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(abs).sort()) walk(path.join(rel, name));
    else files.push(rel);
  };
  // The project's own specs (the other projects' folders are not loaded); the deviation ledgers are read by the diff only.
  for (const input of [path.join('tests', project), ...LISTING_INPUTS]) walk(input);
  files.splice(0, files.length, ...files.filter((f) => path.basename(f) !== 'deviations.yaml'));
  for (const rel of files)
    hash
      .update(`${rel}\0`)
      .update(fs.readFileSync(path.join(ROOT, rel)))
      .update('\0');
  for (const name of Object.keys(process.env)
    .filter((n) => LISTING_ENV.test(n))
    .sort())
    hash.update(`${name}=${process.env[name]}\n`);
  return hash.digest('hex');
}

/**
 * The checks per rule from the cache when nothing they depend on changed, else listed (and the
 * cache written when the listing succeeded). `cached` tells which it was.
 */
export async function listChecksCached(project: string): Promise<{ checks: Map<string, CheckRef[]> | string; cached: boolean }> {
  const key = listingKey(project);
  const file = path.join(CACHE_DIR, `checks-${project}.json`);
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { key: string; checks: [string, CheckRef[]][] };
    if (saved.key === key) return { checks: new Map(saved.checks), cached: true };
  } catch {
    // no cache yet, or unreadable: list
  }
  const checks = await listChecks(project);
  // Written only when the files did not change while listing (another edit would make it wrong).
  if (typeof checks !== 'string' && listingKey(project) === key) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ key, checks: [...checks] }));
  }
  return { checks, cached: false };
}

/** Lists the checks of a Playwright project; resolves to the map, or to the one-line reason it could not. */
function listChecks(project: string): Promise<Map<string, CheckRef[]> | string> {
  return new Promise((resolve) => {
    const child = spawn(...playwrightCommand(['test', '--list', '--reporter=json', '--project', project]), {
      // Read on stdout: a user's PLAYWRIGHT_JSON_OUTPUT_NAME would send it to that file.
      env: withoutReportFiles(process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(out.slice(out.indexOf('{')));
        const errors = (report.errors ?? []) as { message?: string }[];
        if (code !== 0 && errors.length)
          return resolve(`listing the ${project} checks failed: ${String(errors[0].message ?? '').split('\n')[0]}`);
        resolve(checksFromListing(report));
      } catch {
        resolve(
          `listing the ${project} checks failed (exit ${code}): ${err.split('\n').find((l) => l.trim() && !/npm warn/i.test(l)) ?? 'no output'}`,
        );
      }
    });
  });
}
