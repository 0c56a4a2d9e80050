// The checks of a service that cite each rule, read from `playwright test --list` (nothing runs):
// the diff report names them under each rule a change touches. Listing the financial data project
// takes 35-45 s (Playwright loads and transforms every spec and what it imports), nearly all of a
// diff's time, so the listing is kept in a cache keyed by the hashes of every file that can change
// it (the specs, fixtures, helpers, mocks, contracts, the config, the lock file, .env) and of the
// suite's environment variables; a cache miss lists in the background while the documents are
// compared. `--list` with `--reporter=json` runs no global setup, clears no output folder and
// writes nothing under reports/ (its JSON goes to stdout).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { listService, type ListedTest } from '../listing.js';
import { orElse } from '../../helpers/config/or-else.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** What the listing of a project reads: a change to any file under these makes the cache stale. */
const LISTING_INPUTS = 'fixtures helpers mocks schemas scripts/lib playwright.config.ts package-lock.json tsconfig.json .env'.split(' ');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'contract-diff');
/** Environment variables the config and the specs read (values enter the hash only, never the file). */
const LISTING_ENV = /^(CI|TARGET|DOTENV_PATH|MOCK_FAULTS|FD_|CARD_|INSTALLMENTS_|FC_|SANDBOX_)/;

export interface CheckRef {
  title: string;
  file: string;
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

/** The checks per rule from the cache when nothing they depend on changed, else listed and cached; `cached` tells which. */
export async function listChecksCached(project: string): Promise<{ checks: Map<string, CheckRef[]> | string; cached: boolean }> {
  const key = listingKey(project);
  const file = path.join(CACHE_DIR, `checks-${project}.json`);
  // No cache yet, or unreadable: listed.
  const saved = orElse(() => JSON.parse(fs.readFileSync(file, 'utf8')) as { key: string; checks: [string, CheckRef[]][] } | null, null);
  if (saved?.key === key) return { checks: new Map(saved.checks), cached: true };
  const checks = await listChecks(project);
  // Written only when the files did not change while listing (another edit would make it wrong).
  if (typeof checks !== 'string' && listingKey(project) === key) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ key, checks: [...checks] }));
  }
  return { checks, cached: false };
}

/** The checks of a Playwright project per rule it cites; resolves to the map, or to the one-line reason it could not list them. */
async function listChecks(project: string): Promise<Map<string, CheckRef[]> | string> {
  let tests: ListedTest[];
  try {
    tests = await listService(project, {}, ROOT);
  } catch (error) {
    return (error as Error).message;
  }
  const out = new Map<string, CheckRef[]>();
  for (const { title = '', file, rules } of tests)
    for (const id of rules) {
      const list = out.get(id) ?? [];
      if (!list.some((c) => c.title === title && c.file === file)) out.set(id, [...list, { title, file }]);
    }
  return out;
}
