// Every path of every rule (docs/conventions.md, Rules and their catalogue) and whether a check covers each: a rule kept on
// one path only (on create, not update) passes a suite checking the other; the rule x path report shows each cell.
// Paths: the operations the catalogue names (`operations`); those the contract gives the same request body, for rules on
// what a body carries (limit, pattern, enum, format, required, range, echo: create and update alike); and the variants,
// readers or delivery paths it declares (`paths`). A cell is covered when a check cites the rule (`@path` for a declared
// one) and called the operation; else justified in schemas/<service>/rule-paths.yaml (`{ rule, path, reason }`; `path: op *`
// for a checker iterating every operation), else empty.
import { chosenVersion, isBaseVersion, versionFile, SCHEMAS } from '../contract/versions.js';
// A property checker's counts (helpers/client/property-counts.ts) add a path per operation it applies to: covered where
// probed, justified by a check's reason for leaving it out, else empty; listed beside the cells.
import fs from 'node:fs';
import path from 'node:path';
import type { Contract } from '../contract/contract.js';
import { parseCitation, parsedYamlFiles, type RuleCatalogue, type RuleKind } from '../contract/rules.js';
import type { PropertyTally } from '../client/property-counts.js';

/** The kinds whose rule constrains a member of a request body: they apply wherever that body is sent. */
const BODY_KINDS: readonly RuleKind[] = ['limit', 'range', 'pattern', 'enum', 'format', 'required', 'exclusive', 'echo'];

export interface RulePath {
  rule: string;
  /** `op <operationId>` or `path <name>`. */
  path: string;
  /** Why the rule applies there: the catalogue, the contract (same body), a declared path, or a property checker's operation. */
  from: 'catalogue' | 'contract' | 'declared' | 'property';
}

export interface Evidence {
  /** The check's rule citations (`ID[:side][@path]`). */
  rules: string[];
  /** The operations the check called (coverage records), or named in its spec file when listed without a run. */
  operations: string[];
}

export interface Justification {
  rule: string;
  path: string;
  reason: string;
}

export interface RulePathCell extends RulePath {
  state: 'covered' | 'justified' | 'empty';
  reason?: string;
}

export interface RulePathReport {
  rules: number;
  paths: number;
  cells: number;
  covered: number;
  justified: number;
  empty: number;
  /** The cells not covered, each with its justification when there is one. */
  open: RulePathCell[];
  /** Each property checker's counts over the checks that ran (operations it applies to, checked, left out and why). */
  properties?: PropertyTally[];
}

export const justificationsFile = (service: string): string => path.join(SCHEMAS, service, 'rule-paths.yaml');

/** The written justifications of a service's empty cells; a malformed entry is a one-line error. */
export function loadJustifications(service: string): Justification[] {
  // The base file, then the chosen later version's own (schemas/<service>/versions/<version>/rule-paths.yaml).
  const version = chosenVersion(service);
  const own = isBaseVersion(service, version) ? [] : [versionFile(service, 'rule-paths.yaml', version)];
  return [justificationsFile(service), ...own].flatMap(justificationsIn);
}

function justificationsIn(file: string): Justification[] {
  if (!fs.existsSync(file)) return [];
  // Through the contract's disk cache of parsed YAML (JSON reads in a tenth of the time), as the rule catalogues are read.
  const [doc] = parsedYamlFiles('rule-paths', [file]) as [{ justified?: unknown } | null];
  const raw = doc?.justified ?? [];
  if (!Array.isArray(raw)) throw new Error(`${file}: 'justified' must be a list`);
  return raw.map((j: { rule?: unknown; path?: unknown; reason?: unknown } | null, i: number) => {
    if (!j || typeof j.rule !== 'string' || typeof j.path !== 'string' || typeof j.reason !== 'string' || j.reason.trim().length < 10)
      throw new Error(`${file}: entry ${i + 1} needs rule, path and a reason of a sentence`);
    return { rule: j.rule, path: j.path, reason: j.reason };
  });
}

const bodyOf = (contract: Contract, op: string): string | undefined => {
  const ref = contract.operations.get(op)?.requestBody?.schema?.$ref;
  return typeof ref === 'string' ? ref : undefined;
};

/** The paths each rule of the catalogue applies to. */
export function rulePaths(catalogue: RuleCatalogue, contract: Contract): RulePath[] {
  const out: RulePath[] = [];
  const byBody = new Map<string, string[]>();
  for (const id of contract.operations.keys()) {
    const body = bodyOf(contract, id);
    if (body) byBody.set(body, [...(byBody.get(body) ?? []), id]);
  }
  for (const rule of catalogue.rules) {
    const ops = new Set(rule.operations);
    for (const op of rule.operations) out.push({ rule: rule.id, path: `op ${op}`, from: 'catalogue' });
    if (BODY_KINDS.includes(rule.kind))
      for (const op of rule.operations) {
        const body = bodyOf(contract, op);
        for (const sibling of body ? (byBody.get(body) ?? []) : [])
          if (!ops.has(sibling)) {
            ops.add(sibling);
            out.push({ rule: rule.id, path: `op ${sibling}`, from: 'contract' });
          }
      }
    for (const p of rule.paths ?? []) out.push({ rule: rule.id, path: `path ${p}`, from: 'declared' });
  }
  return out;
}

/** The rule x path report of a service: each cell covered by a check, justified in writing, or empty. */
export function rulePathReport(
  catalogue: RuleCatalogue,
  contract: Contract,
  evidence: Evidence[],
  justified: Justification[],
  properties: readonly PropertyTally[] = [],
): RulePathReport {
  const cited = new Map<string, { paths: Set<string>; operations: Set<string> }>();
  for (const e of evidence)
    for (const c of e.rules) {
      let parsed;
      try {
        parsed = parseCitation(c);
      } catch {
        continue;
      }
      const entry = cited.get(parsed.id) ?? { paths: new Set<string>(), operations: new Set<string>() };
      if (parsed.path) entry.paths.add(parsed.path);
      for (const op of e.operations) entry.operations.add(op);
      cited.set(parsed.id, entry);
    }
  const why = new Map(justified.map((j) => [`${j.rule} ${j.path}`, j.reason]));
  // `op *`: every operation of the rule, for a checker that iterates the contract's operations itself.
  const reasonOf = (p: RulePath) => why.get(`${p.rule} ${p.path}`) ?? (p.path.startsWith('op ') ? why.get(`${p.rule} op *`) : undefined);
  const paths = rulePaths(catalogue, contract);
  const known = new Set(paths.map((p) => `${p.rule} ${p.path}`));
  for (const t of properties)
    for (const op of t.applies) if (!known.has(`${t.rule} op ${op}`)) paths.push({ rule: t.rule, path: `op ${op}`, from: 'property' });
  // What the property checkers counted: an operation probed covers its rule's cell, one left out is justified by its reason.
  const counts = new Set(properties.map((t) => t.rule));
  const probed = new Set(properties.flatMap((t) => t.checked.map((op) => `${t.rule} op ${op}`)));
  const leftOut = new Map(
    properties.flatMap((t) => t.exceptions.map((e) => [`${t.rule} op ${e.operationId}`, `${t.property}: ${e.reason}`])),
  );
  const cells: RulePathCell[] = paths.map((p) => {
    const mine = cited.get(p.rule);
    const [kind, name] = p.path.split(' ');
    const covered =
      Boolean(mine && (kind === 'op' ? mine.operations.has(name) : mine.paths.has(name))) || probed.has(`${p.rule} ${p.path}`);
    if (covered) return { ...p, state: 'covered' };
    // A property's counts judge every operation cell of its rule: its `op *` (for the listing, which sees no counts) does not.
    const counted = counts.has(p.rule) && kind === 'op';
    const reason = counted ? (why.get(`${p.rule} ${p.path}`) ?? leftOut.get(`${p.rule} ${p.path}`)) : reasonOf(p);
    return reason ? { ...p, state: 'justified', reason } : { ...p, state: 'empty' };
  });
  const count = (s: RulePathCell['state']) => cells.filter((c) => c.state === s).length;
  return {
    rules: catalogue.rules.length,
    paths: new Set(cells.map((c) => c.path)).size,
    cells: cells.length,
    covered: count('covered'),
    justified: count('justified'),
    empty: count('empty'),
    open: cells.filter((c) => c.state !== 'covered'),
    ...(properties.length ? { properties: [...properties] } : {}),
  };
}

/** Every quoted literal of a text made of word characters and hyphens, as operation ids are (`'AddCustomer'`, `"post-reconnections"`). */
export const quotedWords = (source: string): Set<string> => new Set(Array.from(source.matchAll(/(?=(['"])([\w-]+)\1)/g), (m) => m[2]!));

/** Operation ids of the contract that a spec file's text names as a quoted literal (the listing's stand-in for coverage records). */
export function operationsNamedIn(source: string | Set<string>, contract: Contract): string[] {
  const quoted = typeof source === 'string' ? quotedWords(source) : source;
  return [...contract.operations.keys()].filter((id) => quoted.has(id));
}

/** What narrows a run (provenance filters, helpers/verdict/provenance.ts), as the gate reads it. */
export interface RunSelection {
  projects: string[];
  files: string[];
  grep?: string;
  grepInvert?: string;
  shard?: string;
}

/** Whether a run judges a service whole: on the mock, its whole project selected (no grep, file, shard), run to its end. */
export const judgesWholeService = (service: string, run: { target: string; selection: RunSelection; ranToEnd: boolean }): boolean =>
  run.target === 'mock' &&
  run.ranToEnd &&
  run.selection.projects.includes(service) &&
  run.selection.files.length === 0 &&
  !run.selection.grep &&
  !run.selection.grepInvert &&
  !run.selection.shard;

/**
 * The run's gate of every path of every rule: in a whole-project run on the mock (no grep, file, shard) run to its end, each
 * cell is covered by a check that ran and called its operation, or justified; any other is a line, failing the run
 * (suite-reporter.ts). A listing (tests/self/rule-paths.spec.ts) sees what a check names; the run, what it called.
 */
export function ruleGapsOfRun(
  service: string,
  report: RulePathReport,
  run: { target: string; selection: RunSelection; ranToEnd: boolean },
): string[] {
  if (!judgesWholeService(service, run)) return [];
  return report.open
    .filter((c) => c.state === 'empty')
    .map(
      (c) =>
        `${service}: ${c.rule} ${c.path} (${c.from}): no check that ran cites the rule there and called it, and no written justification`,
    );
}
