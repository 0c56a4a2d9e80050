// The deviation ledger of a service, schemas/<service>/deviations.yaml: the places where the
// suite's contract is knowingly stricter (or otherwise other) than the provider's published
// document, because the seed states the stricter rule (or a decision of
// ../shared/reference/<service>.md makes it). Each entry names one change of `npm run diff` by its
// stable key (ChangeEntry.key), says where the rule comes from (`source`, required) and which
// rules rest on it. `npm run diff` subtracts the entries from its result and reports an entry
// that matched no change as stale (the contract or the document moved: the entry is to be
// reviewed or removed).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { versionFile } from '../../helpers/contract/versions.js';
import { CLASSES, type DiffClass } from './classify.js';
import type { ChangeEntry, DiffResult, LedgerOutcome } from './suite-diff.js';

export interface Deviation {
  /** The change's key as `npm run diff` prints it (`key:` under each change). */
  key: string;
  /** Why the suite keeps it: the seed sentence (in our words) with its section, or a reference decision. */
  source: string;
  /** The rules resting on the stricter element. */
  rules?: string[];
}

/** Bad ledger: one line (tools/cli.ts prints the first line of an error). */
export class LedgerError extends Error {}

/** The deviation ledger of a version of a service's contract (the base version's by default: helpers/contract/versions.ts). */
export const ledgerFile = (service: string, version?: string): string => versionFile(service, 'deviations.yaml', version);

/**
 * Reads and validates a ledger; undefined when the file does not exist. A later version's ledger
 * `extends` the base version's (a relative path) less the keys it `retires`, with its own entries.
 */
export function readLedger(file: string): Deviation[] | undefined {
  if (!fs.existsSync(file)) return undefined;
  const label = path.relative(process.cwd(), file) || file;
  let doc: unknown;
  try {
    doc = parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LedgerError(`${label} is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const {
    deviations: list = [],
    extends: parent,
    retires = [],
  } = (doc ?? {}) as { deviations?: unknown; extends?: unknown; retires?: unknown };
  if (!Array.isArray(list)) throw new LedgerError(`${label}: 'deviations' is not a list`);
  if (!Array.isArray(retires) || retires.some((k) => typeof k !== 'string'))
    throw new LedgerError(`${label}: 'retires' is not a list of keys`);
  let inherited: Deviation[] = [];
  if (parent !== undefined) {
    const parentFile = typeof parent === 'string' ? path.resolve(path.dirname(file), parent) : '';
    const read = parentFile && parentFile !== path.resolve(file) ? readLedger(parentFile) : undefined;
    if (!read) throw new LedgerError(`${label}: extends ${String(parent)}, which is not a ledger file`);
    const unknown = retires.filter((k) => !read.some((e) => e.key === k));
    if (unknown.length) throw new LedgerError(`${label}: retires '${unknown[0]}', which ${String(parent)} does not list`);
    inherited = read.filter((e) => !retires.includes(e.key));
  }
  const seen = new Set<string>(inherited.map((e) => e.key));
  const own = list.map((raw, i) => {
    const e = (raw ?? {}) as Record<string, unknown>;
    const name = typeof e.key === 'string' && e.key.trim() ? `'${e.key.trim()}'` : `number ${i + 1}`;
    if (typeof e.key !== 'string' || !e.key.trim())
      throw new LedgerError(`${label}: entry ${name} has no key (the change's key as npm run diff prints it)`);
    if (typeof e.source !== 'string' || !e.source.trim())
      throw new LedgerError(
        `${label}: entry ${name} has no source (the seed sentence or reference decision that states the stricter rule)`,
      );
    if (e.rules !== undefined && (!Array.isArray(e.rules) || e.rules.some((r) => typeof r !== 'string')))
      throw new LedgerError(`${label}: entry ${name}: rules is not a list of rule ids`);
    const key = e.key.trim();
    if (seen.has(key)) throw new LedgerError(`${label}: entry ${name} is listed twice`);
    seen.add(key);
    return { key, source: e.source.trim(), ...(e.rules ? { rules: e.rules as string[] } : {}) };
  });
  return [...inherited, ...own];
}

/** Takes the ledger's changes out of a diff result (counts recomputed) and records what it did. */
export function applyLedger(result: DiffResult, entries: Deviation[], file: string, knownRules?: Set<string>): LedgerOutcome {
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const matched = new Set<string>();
  const kept: ChangeEntry[] = [];
  const subtracted: LedgerOutcome['subtracted'] = [];
  for (const change of result.changes) {
    const entry = byKey.get(change.key);
    if (!entry) {
      kept.push(change);
      continue;
    }
    matched.add(entry.key);
    subtracted.push({ key: change.key, class: change.class, where: change.where, source: entry.source });
  }
  result.changes = kept;
  result.counts = Object.fromEntries(CLASSES.map((c) => [c, kept.filter((x) => x.class === c).length])) as Record<DiffClass, number>;
  const outcome: LedgerOutcome = {
    file: path.relative(process.cwd(), file) || file,
    entries: entries.length,
    subtracted,
    stale: entries.filter((e) => !matched.has(e.key)).map((e) => e.key),
    unknownRules: knownRules ? [...new Set(entries.flatMap((e) => e.rules ?? []).filter((r) => !knownRules.has(r)))] : [],
  };
  result.ledger = outcome;
  return outcome;
}
