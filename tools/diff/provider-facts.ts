// The provider facts of a service, schemas/<service>/provider-facts.json: what the provider's published
// document of the version our contract follows declares (`npm run provider-facts`), none of its prose.
// An OpenAPI skeleton, so the diff (tools/diff/suite-diff.ts) compares our contract with it as with a
// document, and the provider guard (providerGuard, tests/self/provider-facts.spec.ts) fails on every
// difference to act on that the deviation ledger (schemas/<service>/deviations.yaml) does not account for.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Contract, Json } from '../../helpers/contract/contract.js';
import { loadRules, rulesFile, type Rule } from '../../helpers/contract/rules.js';
import { FAILING_CLASSES, type SuiteView } from './classify.js';
import { asDocument, DocumentError, type DiffDocument } from './documents.js';
import { chosenVersion, versionFile } from '../../helpers/contract/versions.js';
import { applyLedger, ledgerFile, readLedger, type Deviation } from './ledger.js';
import { diffForSuite, type ChangeEntry, type DiffResult } from './suite-diff.js';
import { PROSE_KEYWORDS } from './locate.js';
import { isObject, reached } from './normalize.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where the provider facts of a version of a service's contract are kept (the base version's by default). */
export const factsFile = (service: string, version?: string): string => versionFile(service, 'provider-facts.json', version);

/** A recorded absence: the document the contract would follow, when and where it was searched for, what was found. */
interface FactsAbsence {
  service: string;
  document: string;
  searched: string;
  where: string[];
  found: string;
}

/** A service's recorded absence of provider facts; undefined when it records none. A malformed file is one line of error. */
export function readFactsAbsence(service: string): FactsAbsence | undefined {
  // Where a service records that its provider publishes no document the facts can be taken from.
  const file = path.join(ROOT, 'schemas', service, 'provider-facts.absent.yaml');
  if (!fs.existsSync(file)) return undefined;
  const label = path.relative(process.cwd(), file) || file;
  let raw: Record<string, unknown>;
  try {
    raw = (parseYaml(fs.readFileSync(file, 'utf8')) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new DocumentError(`${label} is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  for (const field of ['service', 'document', 'searched', 'found'] as const)
    if (typeof raw[field] !== 'string' || !(raw[field] as string).trim()) throw new DocumentError(`${label} has no ${field}`);
  if (!Array.isArray(raw.where) || raw.where.length === 0 || raw.where.some((w) => typeof w !== 'string'))
    throw new DocumentError(`${label}: where is a list of the places searched`);
  if (raw.service !== service) throw new DocumentError(`${label} is about ${String(raw.service)}, not ${service}`);
  return raw as unknown as FactsAbsence;
}

/** The absence as the self test prints it. */
export const absenceLine = (a: FactsAbsence): string =>
  `${a.service}: no provider facts. Document: ${a.document}. Searched ${a.searched}: ${a.where.join('; ')}. Found: ${a.found}.`;

interface ProviderFacts {
  /** What wrote it, and how to write it again. */
  generated: string;
  service: string;
  /** The provider's document the facts were taken from: its version, its file name, the sha256 of its bytes. */
  source: { version: string; file: string; sha256: string };
  /** sha256 of `document` as written (JSON.stringify): a hand edit of the facts shows. */
  sha256: string;
  /** The facts: an OpenAPI skeleton of the document. */
  document: Json;
}

// Keywords that carry the provider's prose or presentation, never a fact a body is judged by.
const PROSE = new Set<string>([...PROSE_KEYWORDS, 'servers', 'callbacks', 'links', 'xml', 'contact', 'license', 'termsOfService']);
// Maps whose keys are names (a member, a path, a status, a media type, a component), not keywords.
const NAMED = new Set(
  `properties patternProperties paths responses content headers schemas parameters requestBodies securitySchemes
  encoding mapping variables scopes dependentRequired dependentSchemas`.split(/\s+/),
);
const COMBINERS = new Set(['oneOf', 'anyOf', 'allOf']);
const VERBATIM = new Set(['enum', 'const', 'default']);

/** The facts of one node: its keywords without prose (recursively); the keys of a name map kept whole. */
function skeleton(node: Json, named = false): Json {
  if (Array.isArray(node)) return node.map((n) => skeleton(n));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries<Json>(node)) {
    if (!named && (PROSE.has(key) || (key.startsWith('x-') && key !== 'x-provider-name'))) continue;
    // Values are facts as they stand (an enum's objects, a default object), whatever their keys.
    out[key] = !named && VERBATIM.has(key) ? value : skeleton(value, !named && NAMED.has(key) && isObject(value));
  }
  // A lone oneOf/anyOf/allOf keeps an empty description where it had one: the diff library reads a lone
  // combiner as its variants, which would move its changes' keys away from those the ledger names.
  const keys = Object.keys(out);
  if (!named && 'description' in node && keys.length > 0 && keys.every((k) => COMBINERS.has(k))) out.description = '';
  return out;
}

/** The provider facts of a published document (parsed), with where it came from. */
export function factsOf(service: string, doc: Json, bytes: Buffer | string, file: string): ProviderFacts {
  const label = path.basename(file);
  const checked = asDocument(doc, label);
  const components = skeleton(doc.components ?? {});
  delete components.examples;
  delete components.links;
  delete components.callbacks;
  const document: Json = {
    openapi: doc.openapi,
    info: { version: checked.version },
    ...(doc.security ? { security: skeleton(doc.security) } : {}),
    paths: skeleton(doc.paths, true),
    components,
  };
  return {
    generated: `npm run provider-facts -- --service ${service} --from <the provider's document ${checked.version}>: do not edit`,
    service,
    source: { version: checked.version, file: label, sha256: crypto.createHash('sha256').update(bytes).digest('hex') },
    sha256: sha256Of(document),
    document,
  };
}

const sha256Of = (document: Json) => crypto.createHash('sha256').update(JSON.stringify(document)).digest('hex');

/** Reads a service's provider facts; undefined when it has none. A file edited by hand is refused. */
export function readFacts(service: string, file = factsFile(service, chosenVersion(service))): ProviderFacts | undefined {
  if (!fs.existsSync(file)) return undefined;
  const label = path.relative(process.cwd(), file) || file;
  let facts: ProviderFacts;
  try {
    facts = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DocumentError(`${label} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(facts) || !isObject(facts.document) || typeof facts.sha256 !== 'string')
    throw new DocumentError(`${label} is not a provider facts file (write it with npm run provider-facts)`);
  if (sha256Of(facts.document) !== facts.sha256)
    throw new DocumentError(`${label} was edited by hand (its sha256 does not match): write it again with npm run provider-facts`);
  return facts;
}

/** Writes the facts file (JSON, one member a line at the top levels, so that a new version diffs readably). */
export function writeFacts(file: string, facts: ProviderFacts): void {
  fs.writeFileSync(file, `${JSON.stringify(facts, null, 1)}\n`);
}

interface GuardOutcome {
  result: DiffResult;
  /** Changes to act on that no ledger entry accounts for. */
  unaccounted: ChangeEntry[];
  /** Ledger entries that match no change (only when the whole contract was compared). */
  stale: string[];
}

/**
 * Our contract (or a given document in its place) against the provider facts, the ledger's entries
 * subtracted: what is left to act on, and the ledger's entries that match nothing.
 */
function providerGuard(
  ours: DiffDocument,
  facts: ProviderFacts,
  view: SuiteView,
  ledger: Deviation[],
  ledgerPath: string,
  options: { operations?: string[] } = {},
): GuardOutcome {
  let provider = asDocument(facts.document, `provider facts ${facts.source.version}`);
  // Our contract as a skeleton too (the security headers' provider names kept): its prose is no fact.
  let mine = { ...ours, doc: skeleton(ours.doc) };
  if (options.operations) {
    // Only the given operations, on both sides: a quick look at one place (a stale entry means nothing then).
    mine = { ...mine, doc: only(mine.doc, options.operations) };
    provider = { ...provider, doc: only(provider.doc, options.operations, view) };
  }
  const result = diffForSuite(mine, provider, view);
  const outcome = applyLedger(result, ledger, ledgerPath, new Set(view.rules.map((r: Rule) => r.id)));
  return {
    result,
    // The classes `npm run diff` exits 1 on: the changes to act on.
    unaccounted: result.changes.filter((c) => FAILING_CLASSES.includes(c.class)),
    stale: options.operations ? [] : outcome.stale,
  };
}

/** A document with only the given operations (matched by operationId, else by the suite's method and path). */
function only(doc: Json, operations: string[], view?: SuiteView): Json {
  const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const wanted = view?.operations.filter((o) => operations.includes(o.operationId)) ?? [];
  const paths: Json = {};
  for (const [route, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    const kept: Json = {};
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!isObject(op) || !('responses' in op)) {
        if (method === 'parameters') kept[method] = op;
        continue;
      }
      const hit =
        operations.includes(op.operationId) || wanted.some((w) => w.method.toLowerCase() === method && norm(w.path) === norm(route));
      if (hit) kept[method] = op;
    }
    if (Object.keys(kept).some((k) => k !== 'parameters')) paths[route] = kept;
  }
  // Only the components those operations reach (the security schemes all): the diff then walks no other.
  const kept = reached(doc, paths);
  const components: Json = {};
  for (const [section, entries] of Object.entries<Json>(doc.components ?? {}))
    components[section] =
      section === 'securitySchemes' || !isObject(entries)
        ? entries
        : Object.fromEntries(Object.entries<Json>(entries).filter(([name]) => kept.has(`${section}/${name}`)));
  return { ...doc, paths, components };
}

/** What to write in the ledger for a change, or what to fix: the lines the guard prints. */
export function guardAdvice(service: string, changes: ChangeEntry[], stale: string[], version?: string): string {
  const ledger = path.relative(ROOT, ledgerFile(service, version));
  const lines: string[] = [];
  for (const c of changes)
    lines.push(
      `${c.where}${c.operations.length > 1 ? ` (and ${c.operations.length - 1} more)` : ''}: [${c.class}] ${c.kind}: ${c.detail}`,
      `  either make the contract say there what the provider's document says${c.component ? ` (its ${c.component})` : ''},`,
      `  or, where the seed or a reference decision states otherwise, write in ${ledger}:`,
      `  - key: '${c.key.replace(/'/g, "''")}'`,
      '    source: \'<the seed section and sentence, a reference decision, "document inconsistent: ..." or "diff artefact: ..." with why>\'',
      ...(c.rules.length ? [`    rules: [${c.rules.map((r) => r.id).join(', ')}]`] : []),
    );
  for (const key of stale) lines.push(`${ledger}: the entry '${key}' matches no difference any more: remove it (or correct its key)`);
  return lines.join('\n');
}

/** The suite's view of a service for the diff: its contract's operations and its rule catalogue. */
export const suiteView = (service: string, contract: Contract): SuiteView => ({
  service,
  operations: [...contract.operations.values()].map((op) => ({ operationId: op.operationId, method: op.method, path: op.path })),
  rules: fs.existsSync(rulesFile(service)) ? loadRules(service).rules : [],
});

/**
 * The guard of a service: its contract (or `document`, an edited copy of it) against its provider
 * facts, with its ledger; undefined when the service has no facts file. Refuses facts of another
 * version than the contract's.
 */
export function guardService(
  service: string,
  contract: Contract,
  options: { document?: Json; operations?: string[] } = {},
): (GuardOutcome & { facts: ProviderFacts }) | undefined {
  const factsPath = factsFile(service, contract.version);
  const facts = readFacts(service, factsPath);
  if (!facts) return undefined;
  if (facts.source.version !== contract.version)
    throw new DocumentError(
      `${path.relative(ROOT, factsPath)} holds the provider's document ${facts.source.version}, the contract follows ${contract.version}: write the facts of ${contract.version} with npm run provider-facts`,
    );
  const ours = asDocument(options.document ?? contract.document, `the suite's contract (schemas/${service})`);
  const file = ledgerFile(service, contract.version);
  const outcome = providerGuard(ours, facts, suiteView(service, contract), readLedger(file) ?? [], file, options);
  return { ...outcome, facts };
}
