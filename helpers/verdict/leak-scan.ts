// The leak scan, in the suite reporter's onEnd (every run, shard and partial run alike): what the run wrote (reports/,
// test-results/, blob-report/*.zip events and attachments) searched for the mocks' test data and key patterns and the target's
// own keys, secrets and tokens (.env). A leak fails the run; only the kind and the file are printed.
import fs from 'node:fs';
import path from 'node:path';
import { suiteConfig } from '../config/config.js';
import { ENV_SCHEMA } from '../config/env-schema.js';
import { holdsEchoed } from '../secrets/sent-ledger.js';
import { blobTexts } from './zip.js';
import { escapeRegExp } from '../contract/writers.js';

export interface LeakPattern {
  what: string;
  pattern: RegExp;
}

export interface Leak {
  what: string;
  file: string;
}

const TEXT = /\.(json|txt|md|jsonl|log|html|xml)$/;

function files(dir: string, wanted = (name: string) => TEXT.test(name) || !name.includes('.')): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'allure-report' || e.name === '.raw' ? [] : files(full, wanted);
    return wanted(e.name) ? [full] : [];
  });
}

/** Variables whose value is a secret or card data: those the environment schema marks so. */
const SECRET_NAMES = new Set(ENV_SCHEMA.filter((e) => e.secret).map((e) => e.name));

export const configuredSecretPatterns = (env: Readonly<Record<string, string | undefined>>): LeakPattern[] =>
  Object.entries(env)
    .filter(([name, value]) => SECRET_NAMES.has(name) && value && value.length >= 8)
    .map(([name, value]) => ({ what: `the value of ${name} (configured target)`, pattern: new RegExp(escapeRegExp(value!)) }));

/** What a run's reporters mask and search for: the patterns of the module a reporter is given (`leakPatterns`: the mocks' test data and keys), and the configured target's secrets. */
export async function runLeakPatterns(module: string | undefined): Promise<LeakPattern[]> {
  const given = module ? ((await import(path.resolve(module))).LEAK_PATTERNS as LeakPattern[]) : [];
  return [...given, ...configuredSecretPatterns(suiteConfig().env)];
}

/** The texts of a file, with where each is: the file itself, or each text inside a blob report's zip. */
function texts(file: string): { where: string; text: string }[] {
  if (!file.endsWith('.zip')) return [{ where: file, text: fs.readFileSync(file, 'utf8') }];
  return blobTexts(file).map(({ where, text }) => ({ where: `${file} (${where})`, text }));
}

/** Scans the text files under `dirs` and the blob reports (zips) under `blobDirs`. */
export function scanForLeaks(dirs: string[], patterns: LeakPattern[], blobDirs: string[] = []): { scanned: number; leaks: Leak[] } {
  const scanned = [...dirs.flatMap((d) => files(d)), ...blobDirs.flatMap((d) => files(d, (name) => name.endsWith('.zip')))];
  const leaks: Leak[] = [];
  for (const { where: file, text } of scanned.flatMap(texts)) {
    for (const { what, pattern } of patterns) if (pattern.test(text)) leaks.push({ what, file });
    // Every sensitive value a target echoed (helpers/secrets/sent-ledger.ts), left anywhere as a value.
    if (holdsEchoed(text)) leaks.push({ what: 'a sensitive value a target echoed (a security code, an account number, a secret)', file });
  }
  return { scanned: scanned.length, leaks };
}
