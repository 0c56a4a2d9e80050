// The rule catalogue of a service (schemas/<service>/rules.yaml; docs/conventions.md, Rules and their catalogue): every
// rule the suite checks, with its id, source, kind, the operations and request paths it applies to.
// Specs cite the ids they check through `rules()` (a Playwright annotation), so that a self test can
// list the suite and fail a rule without a check, or a bounded rule checked on one side only.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { SourceClass } from './contract.js';
import { chosenVersion, isBaseVersion, versionFile } from './versions.js';

const RULE_KINDS = [
  'limit',
  'range',
  'counter',
  'pattern',
  'enum',
  'format',
  'required',
  'exclusive',
  'status',
  'error',
  'auth',
  'state',
  'paging',
  'filter',
  'masking',
  'echo',
  'value',
  'delivery',
  'transport',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/** Kinds whose rule has a boundary: both its accepting and its refusing side must be checked. */
const BOUNDED_KINDS: readonly RuleKind[] = ['limit', 'range', 'counter'];
type Side = 'accept' | 'refuse';

export interface Rule {
  id: string;
  text: string;
  kind: RuleKind;
  source: SourceClass;
  /** Where the source states it: a seed section, `provider 1.35.0 <schema>`, a reference item. */
  cite: string;
  operations: string[];
  /** Request paths (variants) of the service it applies to; each must be checked. */
  paths?: string[];
  /** Sides to check; bounded kinds always need both. */
  sides?: Side[];
  /**
   * `utc-midnight`: the rule turns on the target's calendar day (today, past, a day count, a date's
   * instant), so its checks run with the target's clock just before and just after a UTC midnight
   * (tests/financial-data/clock.day-boundary.spec.ts generates them from this mark).
   */
  clock?: 'utc-midnight';
  /**
   * The named checks of the choke point (helpers/contract/checks.ts) whose violation, naming no rule
   * of its own, breaks this one: `sensitiveEchoConformance` breaks the service's no-echo rule. The
   * client files such a violation under it, so that the certification names the rule broken.
   */
  judgedBy?: string[];
}

/**
 * The service's rule that a request every document allows is answered its operation's documented
 * success (`<PREFIX>-VALID-ACCEPTED`, resting on the source of those statuses): what a valid call
 * refused breaks, where a check needed it accepted to judge anything else.
 */
export function validAcceptedRule(service: string): string | undefined {
  return loadRules(service).rules.find((r) => r.id.endsWith('-VALID-ACCEPTED'))?.id;
}

/** The rules a named check's violation breaks in a service, where the catalogue says (Rule.judgedBy). */
export function rulesJudgedBy(service: string, check: string): string[] {
  return loadRules(service)
    .rules.filter((r) => r.judgedBy?.includes(check))
    .map((r) => r.id);
}

export interface RuleCatalogue {
  service: string;
  /** Named request paths of the service (e.g. card-number vs receipt enrollment). */
  paths: Record<string, string>;
  rules: Rule[];
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', 'schemas');
const ID = /^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/;

export function rulesFile(service: string): string {
  return path.join(ROOT, service, 'rules.yaml');
}

/**
 * The rules of the chosen contract version's own catalogue (schemas/<service>/versions/<version>/rules.yaml,
 * helpers/contract/versions.ts), or undefined for the base version: its `rules` add to the base
 * catalogue, a rule of an id the base has replaces it (the version's text, cite and operations), and
 * `retires` names the base rules the version no longer has.
 */
function versionRulesFile(service: string): string | undefined {
  const version = chosenVersion(service);
  if (isBaseVersion(service, version)) return undefined;
  const file = versionFile(service, 'rules.yaml', version);
  return fs.existsSync(file) ? file : undefined;
}

/**
 * The operations the chosen later version adds to the base rules whose checks iterate every operation
 * (`operations-added`, by rule id: helpers/contract/generic-rules.ts), written by `npm run rules:sync`
 * beside the version's rules (schemas/<service>/versions/<version>/generic-rules.yaml); undefined for the base version.
 */
export function versionGenericRulesFile(service: string): string | undefined {
  const version = chosenVersion(service);
  return isBaseVersion(service, version)
    ? undefined
    : path.join(path.dirname(versionFile(service, 'rules.yaml', version)), 'generic-rules.yaml');
}

/**
 * The catalogue's parts: rules.yaml, then schemas/<service>/rules/*.yaml in name order (a large
 * service keeps one file per resource, like its contract; each part may declare paths and rules),
 * then the chosen version's own rules (versionRulesFile).
 */
export function rulesParts(service: string): string[] {
  const folder = path.join(ROOT, service, 'rules');
  const parts = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.yaml'))
        .sort()
        .map((f) => path.join(folder, f))
    : [];
  const version = [versionRulesFile(service), versionGenericRulesFile(service)].filter(
    (f): f is string => f !== undefined && fs.existsSync(f),
  );
  return [rulesFile(service), ...parts, ...version];
}

/**
 * Each catalogue parsed once per process while its files stay as they are (keyed by every part's
 * size and modification time), a copy handed to each caller. Four financial data spec files read
 * it when they load (in the runner and in every worker that runs them), the weights, the suite
 * reporter and the self tests again: its YAML (about 280 KB) took a third of a second to parse.
 */
const parsed = new Map<string, { stamp: string; catalogue: RuleCatalogue }>();

function readParts(service: string): RuleCatalogue {
  const files = rulesParts(service);
  const stamp = files
    .map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return `${file}:${stat?.size}:${stat?.mtimeMs}`;
    })
    .join('\n');
  const cached = parsed.get(service);
  if (cached?.stamp === stamp) return structuredClone(cached.catalogue);
  const merged: RuleCatalogue = { service, paths: {}, rules: [] };
  const versionParts = new Set([versionRulesFile(service), versionGenericRulesFile(service)]);
  const parts = parsedParts(service, files);
  for (const [i, file] of files.entries()) {
    const part = parts[i] as (Partial<RuleCatalogue> & { retires?: string[]; 'operations-added'?: Record<string, string[]> }) | null;
    if (part?.service) merged.service = part.service;
    Object.assign(merged.paths, part?.paths ?? {});
    if (!versionParts.has(file)) {
      merged.rules.push(...(part?.rules ?? []));
      continue;
    }
    for (const [id, operations] of Object.entries(part?.['operations-added'] ?? {})) {
      const rule = merged.rules.find((r) => r.id === id);
      if (rule) rule.operations = [...rule.operations, ...operations.filter((o) => !rule.operations.includes(o))];
    }
    // The version's part: retired rules out, a rule of a known id in its place, the others added.
    const retired = new Set(part?.retires ?? []);
    merged.rules = merged.rules.filter((r) => !retired.has(r.id));
    for (const rule of part?.rules ?? []) {
      const at = merged.rules.findIndex((r) => r.id === rule.id);
      if (at >= 0) merged.rules[at] = rule;
      else merged.rules.push(rule);
    }
  }
  parsed.set(service, { stamp, catalogue: structuredClone(merged) });
  return merged;
}

// The parsed parts on disk, keyed by the hash of their paths and texts: the runner and every worker
// (and each tool a self test starts) read the catalogues, and JSON reads in a tenth of the time the
// YAML parses. Any edit of a part changes the key; node_modules/.cache goes with a fresh install.
const DISK_CACHE = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'contract-suite');

/**
 * Each file's YAML parsed (null for an empty file), from the disk cache when its files are as they
 * were: one cache file per service and list of parts (a contract version may add parts), the older
 * texts' files of that list removed when it is written.
 */
function parsedParts(service: string, files: string[]): unknown[] {
  const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
  const hash = (parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
  const names = files.map((file) => path.relative(ROOT, file));
  const prefix = `rules-${service}-${hash(names)}-`;
  const cacheFile = path.join(DISK_CACHE, `${prefix}${hash(names.flatMap((name, i) => [name, texts[i]]))}.json`);
  try {
    return JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  } catch {
    // Not cached yet (or unreadable): parsed, then cached for the next process.
  }
  const parts = texts.map((text) => parse(text) ?? null);
  try {
    fs.mkdirSync(DISK_CACHE, { recursive: true });
    // Written whole then renamed, so a parallel worker never reads half a file.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(parts));
    fs.renameSync(tmp, cacheFile);
    for (const old of fs.readdirSync(DISK_CACHE))
      if (old.startsWith(prefix) && old.endsWith('.json') && path.join(DISK_CACHE, old) !== cacheFile)
        fs.rmSync(path.join(DISK_CACHE, old), { force: true });
  } catch {
    // A read-only tree only loses the cache.
  }
  return parts;
}

/** Reads and validates a catalogue; every problem is one line of the thrown error. */
export function loadRules(service: string): RuleCatalogue {
  const raw = readParts(service);
  const problems: string[] = [];
  const seen = new Set<string>();
  const paths = raw.paths ?? {};
  for (const r of raw.rules ?? []) {
    if (!ID.test(String(r.id))) problems.push(`rule id '${r.id}' is not UPPER-KEBAB`);
    if (seen.has(r.id)) problems.push(`rule id ${r.id} is listed twice`);
    seen.add(r.id);
    if (!RULE_KINDS.includes(r.kind)) problems.push(`${r.id}: kind '${r.kind}' is not one of ${RULE_KINDS.join(', ')}`);
    if (!['seed', 'provider', 'assumption'].includes(r.source))
      problems.push(`${r.id}: source '${r.source}' is not seed, provider or assumption`);
    if (!r.text || !r.cite) problems.push(`${r.id}: needs text and cite`);
    if (!Array.isArray(r.operations) || r.operations.length === 0) problems.push(`${r.id}: names no operation`);
    for (const p of r.paths ?? []) if (!(p in paths)) problems.push(`${r.id}: path '${p}' is not declared under paths`);
    if (r.clock !== undefined && r.clock !== 'utc-midnight') problems.push(`${r.id}: clock '${r.clock}' is not utc-midnight`);
  }
  if (problems.length) throw new Error(`${service} rule catalogue:\n${problems.join('\n')}`);
  return { service: raw.service ?? service, paths, rules: raw.rules ?? [] };
}

export function sidesOf(rule: Rule): Side[] {
  return rule.sides ?? (BOUNDED_KINDS.includes(rule.kind) ? ['accept', 'refuse'] : []);
}

/** A citation of a rule by a check: `ID`, `ID:accept`, `ID:refuse@receipt`, `ID@card`. */
export interface Citation {
  id: string;
  side?: Side;
  path?: string;
}

/** The rule citations of a test (its `rule` annotations, fixtures/base.ts rules()). */
export function citationsOf(annotations: readonly { type: string; description?: string }[]): string[] {
  return annotations.filter((a) => a.type === 'rule' && a.description).map((a) => a.description!);
}

/** The rule ids an answer judge's problems name, each message starting with its rule id and a colon. */
export function ruleIdsLeading(problems: string[]): string[] {
  return [...new Set(problems.map((p) => /^([A-Z0-9-]+):/.exec(p)?.[1]).filter((id): id is string => id !== undefined))];
}

export function parseCitation(text: string): Citation {
  const match = /^([A-Z0-9-]+)(?::(accept|refuse))?(?:@([a-z0-9-]+))?$/.exec(text.trim());
  if (!match) throw new Error(`rule citation '${text}' is not ID[:accept|:refuse][@path]`);
  return { id: match[1], side: match[2] as Side | undefined, path: match[3] };
}

interface CatalogueGap {
  rule: string;
  missing: string;
}

/** What the catalogue asks for and the checks do not give: unchecked rules, sides, paths, unknown ids. */
export function catalogueGaps(catalogue: RuleCatalogue, citations: Citation[]): CatalogueGap[] {
  const gaps: CatalogueGap[] = [];
  const known = new Set(catalogue.rules.map((r) => r.id));
  for (const c of citations)
    if (!known.has(c.id)) gaps.push({ rule: c.id, missing: 'an entry in the catalogue (a check cites an unknown id)' });
  for (const rule of catalogue.rules) {
    const mine = citations.filter((c) => c.id === rule.id);
    if (mine.length === 0) {
      gaps.push({ rule: rule.id, missing: 'any check' });
      continue;
    }
    for (const side of sidesOf(rule))
      if (!mine.some((c) => c.side === side))
        gaps.push({ rule: rule.id, missing: `its ${side === 'accept' ? 'accepting' : 'refusing'} side` });
    for (const p of rule.paths ?? []) if (!mine.some((c) => c.path === p)) gaps.push({ rule: rule.id, missing: `a check on path '${p}'` });
  }
  return gaps;
}
