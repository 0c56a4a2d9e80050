// Seed-vs-provider conflicts (schemas/<service>/conflicts.yaml): places where a seed rule is
// contradicted by the provider's published document, examples or client. The check keeps the
// seed's rule (the seed comes first), but a target that does what the provider publishes is not
// failed outright: the failure is recognised as the provider's behaviour and reported as the
// conflict, naming both sources, and the certification says CONDITIONAL (helpers/verdict/certification.ts).
// A target that does something neither source allows still fails.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The annotation of a check whose failure is a recognised conflict (its description: the conflict id). */
export const CONFLICT_ANNOTATION = 'seed-provider-conflict';
/** The annotation of a check that met a response following the provider and went on (helpers/contract/checks.ts). */
export const CONFLICT_MET_ANNOTATION = 'seed-provider-conflict-met';
/** The name the conflict's note carries, as the named checks do (helpers/contract/checks.ts). */
export const CONFLICT_CHECK = 'seedProviderConflict';

export interface Conflict {
  id: string;
  /** The seed rules the conflict touches (schemas/<service>/rules.yaml). */
  rules: string[];
  /** What the seed says, with its section (our words). */
  seed: string;
  /** What the provider publishes, with the document, example or client that shows it (our words). */
  provider: string;
  /** What the suite does, and why. */
  decision: string;
  /** The provider's behaviour, as a check meets it. */
  accepts?: string[];
  refuses?: string[];
  answers?: { operations: string[]; at: string; values: unknown[]; seedValue: unknown };
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', 'schemas');
const cache = new Map<string, Conflict[]>();

export function conflictsFile(service: string): string {
  return path.join(ROOT, service, 'conflicts.yaml');
}

/** Bad catalogue: one line. */
export class ConflictCatalogueError extends Error {}

/** The service's conflicts (none when it has no catalogue); a malformed entry is one line of error. */
export function loadConflicts(service: string, file = conflictsFile(service)): Conflict[] {
  const cached = cache.get(file);
  if (cached) return cached;
  const label = path.relative(process.cwd(), file) || file;
  let doc: unknown;
  try {
    doc = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : { conflicts: [] };
  } catch (error) {
    throw new ConflictCatalogueError(`${label} is not YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = (doc as { conflicts?: unknown } | null)?.conflicts ?? [];
  if (!Array.isArray(list)) throw new ConflictCatalogueError(`${label}: 'conflicts' is not a list`);
  const seen = new Set<string>();
  const out = list.map((raw, i): Conflict => {
    const e = (raw ?? {}) as Record<string, unknown>;
    const name = typeof e.id === 'string' ? e.id : `number ${i + 1}`;
    const fail = (why: string) => new ConflictCatalogueError(`${label}: conflict ${name} ${why}`);
    if (typeof e.id !== 'string' || !/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/.test(e.id)) throw fail('has no UPPER-KEBAB id');
    if (seen.has(e.id)) throw fail('is listed twice');
    seen.add(e.id);
    for (const field of ['seed', 'provider', 'decision'] as const) if (typeof e[field] !== 'string' || !(e[field] as string).trim()) throw fail(`has no ${field} (both sources and the decision are named)`);
    if (!Array.isArray(e.rules) || e.rules.length === 0 || e.rules.some((r) => typeof r !== 'string')) throw fail('names no rule');
    const behaviours = ['accepts', 'refuses', 'answers'].filter((k) => e[k] !== undefined);
    if (behaviours.length !== 1) throw fail('needs exactly one of accepts, refuses, answers (the provider behaviour a check meets)');
    for (const k of ['accepts', 'refuses'] as const) if (e[k] !== undefined && (!Array.isArray(e[k]) || (e[k] as unknown[]).some((o) => typeof o !== 'string'))) throw fail(`${k} is not a list of operation ids`);
    const answers = e.answers as Conflict['answers'] | undefined;
    if (answers && (!Array.isArray(answers.operations) || typeof answers.at !== 'string' || !answers.at.startsWith('/') || !Array.isArray(answers.values) || answers.seedValue === undefined)) {
      throw fail('answers needs operations, at (a JSON pointer, * for any array item), values and seedValue');
    }
    return e as unknown as Conflict;
  });
  cache.set(file, out);
  return out;
}

/** Every location a pointer with `*` items names in a value. */
function locate(root: unknown, pointer: string): { parent: Record<string, unknown> | unknown[]; key: string | number }[] {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let frontier: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [{ parent: { '': root }, key: '' }];
  for (const part of parts) {
    const next: typeof frontier = [];
    for (const { parent, key } of frontier) {
      const value = (parent as Record<string, unknown>)[key as string];
      if (value === null || typeof value !== 'object') continue;
      if (part === '*' && Array.isArray(value)) value.forEach((_, i) => next.push({ parent: value, key: i }));
      else if (part in value) next.push({ parent: value as Record<string, unknown>, key: Array.isArray(value) ? Number(part) : part });
    }
    frontier = next;
  }
  return frontier;
}

/**
 * The conflict a refused response body follows: the body carries one of the provider's values at
 * the conflict's place, and with the seed's value there instead it would pass. Undefined when the
 * body breaks the schema elsewhere too (that is a failure, not a conflict).
 */
export function answeredConflict(service: string, operationId: string, body: unknown, validate: (body: unknown) => boolean): { conflict: Conflict; received: unknown } | undefined {
  for (const conflict of loadConflicts(service)) {
    const a = conflict.answers;
    if (!a || !a.operations.includes(operationId)) continue;
    const copy = structuredClone(body);
    const places = locate(copy, a.at).filter(({ parent, key }) => a.values.some((v) => JSON.stringify(v) === JSON.stringify((parent as Record<string, unknown>)[key as string])));
    if (places.length === 0) continue;
    const received = (places[0].parent as Record<string, unknown>)[places[0].key as string];
    for (const { parent, key } of places) (parent as Record<string, unknown>)[key as string] = a.seedValue;
    if (validate(copy)) return { conflict, received };
  }
  return undefined;
}

/** The annotation of a check that may meet a conflict with the inputs it sends (fixtures/base.ts withConflict). */
export const CONFLICT_SITE_ANNOTATION = 'conflict-site';

/**
 * The conflict a failed check's exchanges follow: the check declares it may meet the conflict (its
 * inputs are where the two sources part), its failure is an expectation (not a named contract
 * check), and the target answered the conflict's operation the way the provider publishes (a 2xx
 * where the seed refuses, a 4xx where the seed accepts).
 */
export function exchangedConflict(service: string, declared: string[], error: string, exchanges: { operationId: string; status: number }[]): Conflict | undefined {
  if (/^\s*(Error: )?\[[A-Za-z]+\]/.test(error)) return undefined;
  for (const conflict of loadConflicts(service)) {
    if (!declared.includes(conflict.id)) continue;
    const ops = conflict.accepts ?? conflict.refuses;
    if (!ops) continue;
    const hit = exchanges.some((x) => ops.includes(x.operationId) && (conflict.accepts ? x.status >= 200 && x.status < 300 : x.status >= 400 && x.status < 500));
    if (hit) return conflict;
  }
  return undefined;
}

/** The accepts/refuses conflicts of a rule at an operation: what a check of that rule there may meet. */
export function conflictSites(service: string, ruleId: string, operationId: string): string[] {
  return loadConflicts(service).filter((c) => c.rules.includes(ruleId) && [...(c.accepts ?? []), ...(c.refuses ?? [])].includes(operationId)).map((c) => c.id);
}

/** A body the response check lets through: valid, or breaking only a seed rule where the provider publishes the value. */
export function passesResponseCheck(service: string, operationId: string, body: unknown, validate: (body: unknown) => boolean): boolean {
  return validate(body) || answeredConflict(service, operationId, body, validate) !== undefined;
}
