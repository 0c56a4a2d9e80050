// Seed-vs-provider conflicts (schemas/<service>/conflicts.yaml): a seed rule the provider's document, examples or client
// contradict. The check keeps the seed's rule (it comes first), but a target doing what the provider publishes is reported
// as the conflict, naming both sources, CONDITIONAL (helpers/verdict/certification.ts); what neither source allows fails.
// The known provider deviations (`kind: provider-example`, the provider's example against its own schema) are met alike:
// the contract keeps the schema, an answer or accepted request as the example shows is CONDITIONAL, any other value fails.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { OperationId, ServiceName } from './operations.js';
import { chosenVersion, contractVersions, SCHEMAS } from './versions.js';

/** The annotation of a check whose failure is a recognised conflict (its description: the conflict id). */
export const CONFLICT_ANNOTATION = 'seed-provider-conflict';
/** The annotation of a check that met a response following the provider and went on (helpers/contract/checks.ts). */
export const CONFLICT_MET_ANNOTATION = 'seed-provider-conflict-met';
/** The name the conflict's note carries, as the named checks do (helpers/contract/checks.ts). */
export const CONFLICT_CHECK = 'seedProviderConflict';

/** A seed-vs-provider conflict, or a known provider deviation (the provider's example against its own schema). */
export type ConflictKind = 'seed-vs-provider' | 'provider-example';
const CONFLICT_KINDS: ConflictKind[] = ['seed-vs-provider', 'provider-example'];

export interface Conflict {
  id: string;
  /** Absent: seed-vs-provider. */
  kind?: ConflictKind;
  /** The rules the conflict touches (schemas/<service>/rules.yaml). */
  rules: string[];
  /**
   * The first contract version whose provider document publishes the behaviour (absent: every version): in force from it on;
   * before it, neither source shows the behaviour, and a target doing it fails.
   */
  since?: string;
  /** Seed-vs-provider: what the seed says, with its section (our words). */
  seed?: string;
  /** Seed-vs-provider: what the provider publishes, with the document, example or client that shows it (our words). */
  provider?: string;
  /** Provider example: what the provider's schema says there (our words). */
  schema?: string;
  /** Provider example: where the example is (document, operation, status, example) and the kind of value it shows (our words). */
  example?: string;
  /** What the suite does, and why. */
  decision: string;
  /** The provider's behaviour, as a check meets it: a 2xx where the seed refuses, a 4xx where it accepts. */
  accepts?: string[];
  refuses?: string[];
  /** With accepts/refuses: the statuses the provider answers (any 2xx / 4xx when not given). */
  status?: number[];
  /** With accepts/refuses: the request members where the sources part (`query:fromDate`, `body:firstName`): a request without them. */
  without?: string[];
  /** A response value where the seed (or the provider's schema) says otherwise (one matcher: values, type [and pattern], lengths, or absent). */
  answers?: Answers;
  /** A request value the provider's example sends against its schema: a generated refusal sending it may be accepted (negative.ts). */
  takes?: Answers;
}

/** The two sources of an entry, the stricter one (the one the contract keeps) first, each with its label. */
export function sourcesOf(c: Pick<Conflict, 'kind' | 'seed' | 'provider' | 'schema' | 'example'>): {
  kept: { label: string; text: string };
  followed: { label: string; text: string };
} {
  return c.kind === 'provider-example'
    ? { kept: { label: "Provider's schema", text: c.schema ?? '' }, followed: { label: "Provider's example", text: c.example ?? '' } }
    : { kept: { label: 'Seed', text: c.seed ?? '' }, followed: { label: 'Provider', text: c.provider ?? '' } };
}

interface Answers {
  operations: string[];
  /** JSON pointer of the place; `*` for any array item. */
  at: string;
  /** One of these values. */
  values?: unknown[];
  /** Any value of this JSON type (string, number, integer, boolean, object, array, null)... */
  type?: string;
  /** ...and, for a string, matching this pattern. */
  pattern?: string;
  /** The member is not there. */
  absent?: true;
  /** An array of one of these lengths (shorter than the schema's minItems)... */
  lengths?: number[];
  /** ...which, its last item repeated up to this many items, passes (with `lengths`, in place of seedValue). */
  padTo?: number;
  /** A value the stricter source (the seed; for a provider example, the provider's schema) allows there: the body with it in place must pass. */
  seedValue?: unknown;
}

const cache = new Map<string, Conflict[]>();

/** Bad catalogue: one line. */
export class ConflictCatalogueError extends Error {}

const WITHOUT = /^(query|header|body):[^\s:]+$/;
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** What is wrong with an `answers` block, or undefined. */
function answersProblem(raw: unknown): string | undefined {
  const a = (raw ?? {}) as Record<string, unknown>;
  if (!Array.isArray(a.operations) || a.operations.length === 0 || a.operations.some((o) => typeof o !== 'string'))
    return 'needs operations (a list of operation ids)';
  if (typeof a.at !== 'string' || !a.at.startsWith('/')) return 'needs at (a JSON pointer, * for any array item)';
  const matchers = (['values', 'type', 'absent', 'lengths'] as const).filter((k) => a[k] !== undefined);
  if (matchers.length !== 1) return 'needs exactly one matcher: values, type (with an optional pattern), lengths or absent';
  if (a.lengths !== undefined) {
    if (!Array.isArray(a.lengths) || a.lengths.some((n) => !Number.isInteger(n) || (n as number) < 0))
      return 'lengths is not a list of array lengths';
    if (!Number.isInteger(a.padTo) || (a.padTo as number) <= Math.max(...(a.lengths as number[])))
      return 'needs padTo (the number of items that passes, above every length) with lengths';
  } else if (a.seedValue === undefined) return 'needs seedValue (a value the stricter source allows there)';
  if (a.values !== undefined && !Array.isArray(a.values)) return 'values is not a list';
  if (a.type !== undefined && !JSON_TYPES.includes(a.type as string))
    return `type '${String(a.type)}' is not a JSON type (${JSON_TYPES.join(', ')})`;
  if (a.absent !== undefined && a.absent !== true) return 'absent is true or not given';
  if (a.pattern !== undefined) {
    if (a.type !== 'string' || typeof a.pattern !== 'string') return 'pattern goes with type string';
    try {
      new RegExp(a.pattern, 'u');
    } catch (error) {
      return `pattern does not compile: ${(error as Error).message}`;
    }
  }
  return undefined;
}

/** The service's conflicts (none when it has no catalogue); a malformed entry is one line of error. */
export function loadConflicts(service: string, file = path.join(SCHEMAS, service, 'conflicts.yaml')): Conflict[] {
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
    if (e.kind !== undefined && !CONFLICT_KINDS.includes(e.kind as ConflictKind)) throw fail(`kind is one of ${CONFLICT_KINDS.join(', ')}`);
    if (e.since !== undefined && (typeof e.since !== 'string' || !/^\d+\.\d+\.\d+$/.test(e.since)))
      throw fail('since is a contract version (1.42.0)');
    const example = e.kind === 'provider-example';
    for (const field of example ? (['schema', 'example', 'decision'] as const) : (['seed', 'provider', 'decision'] as const))
      if (typeof e[field] !== 'string' || !(e[field] as string).trim())
        throw fail(`has no ${field} (both sources and the decision are named)`);
    if (!Array.isArray(e.rules) || e.rules.length === 0 || e.rules.some((r) => typeof r !== 'string')) throw fail('names no rule');
    const behaviours = ['accepts', 'refuses', 'answers', 'takes'].filter((k) => e[k] !== undefined);
    if (behaviours.length !== 1) throw fail('needs exactly one of accepts, refuses, answers, takes (the provider behaviour a check meets)');
    if (e.takes !== undefined && !example) throw fail('takes goes with kind provider-example');
    for (const k of ['accepts', 'refuses'] as const)
      if (e[k] !== undefined && (!Array.isArray(e[k]) || (e[k] as unknown[]).some((o) => typeof o !== 'string')))
        throw fail(`${k} is not a list of operation ids`);
    if (
      e.status !== undefined &&
      (!(e.accepts || e.refuses) || !Array.isArray(e.status) || e.status.some((n) => !Number.isInteger(n) || n < 200 || n > 599))
    )
      throw fail('status is a list of HTTP statuses, with accepts or refuses');
    if (
      e.without !== undefined &&
      (!(e.accepts || e.refuses) || !Array.isArray(e.without) || e.without.some((w) => typeof w !== 'string' || !WITHOUT.test(w)))
    )
      throw fail('without is a list of query:<name>, header:<name> or body:<name>, with accepts or refuses');
    const matcher = e.answers === undefined ? (e.takes === undefined ? undefined : 'takes') : 'answers';
    const why = matcher ? answersProblem(e[matcher]) : undefined;
    if (why) throw fail(`${matcher} ${why}`);
    return e as unknown as Conflict;
  });
  cache.set(file, out);
  return out;
}

/** Whether an entry is in force for the certified version: no `since`, or that version or a later one (helpers/contract/versions.ts). */
export function inForce(service: string, c: Pick<Conflict, 'since'>, version = chosenVersion(service)): boolean {
  if (c.since === undefined) return true;
  const order = contractVersions(service);
  return order.includes(c.since) && order.indexOf(version) >= order.indexOf(c.since);
}

/** The service's entries in force for the certified contract version: the ones a check may meet. */
export const conflictsInForce = (service: string): Conflict[] => loadConflicts(service).filter((c) => inForce(service, c));

type Place = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every location a pointer with `*` items names in a value (with `absent`: every object lacking the last member). */
function locate(root: unknown, pointer: string, absent = false): Place[] {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let frontier: Place[] = [{ parent: { '': root }, key: '' }];
  for (const [i, part] of parts.entries()) {
    const next: Place[] = [];
    for (const { parent, key } of frontier) {
      const value = (parent as Record<string, unknown>)[key as string];
      if (value === null || typeof value !== 'object') continue;
      if (absent && i === parts.length - 1) {
        if (!Array.isArray(value) && !(part in value)) next.push({ parent: value as Record<string, unknown>, key: part });
      } else if (part === '*' && Array.isArray(value)) value.forEach((_, n) => next.push({ parent: value, key: n }));
      else if (part in value) next.push({ parent: value as Record<string, unknown>, key: Array.isArray(value) ? Number(part) : part });
    }
    frontier = next;
  }
  return frontier;
}

const jsonType = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v;

/** Whether a received value is the provider's behaviour the matcher describes. */
function matches(a: Answers, value: unknown): boolean {
  if (a.lengths) return Array.isArray(value) && a.lengths.includes(value.length);
  if (a.values) return a.values.some((v) => JSON.stringify(v) === JSON.stringify(value));
  if (a.type) {
    const type = jsonType(value);
    if (type !== a.type && !(a.type === 'number' && type === 'integer')) return false;
    return a.pattern === undefined || new RegExp(a.pattern, 'u').test(value as string);
  }
  return false;
}

/** The places of a body where a conflict's provider behaviour shows. */
const placesOf = (a: Answers, body: unknown): Place[] =>
  a.absent
    ? locate(body, a.at, true)
    : locate(body, a.at).filter(({ parent, key }) => matches(a, (parent as Record<string, unknown>)[key as string]));

interface ConflictAnswered {
  conflict: Conflict;
  /** The value received at the conflict's place (undefined for a member absent). */
  received: unknown;
}

type Side = 'answers' | 'takes';

/**
 * The conflicts a refused response body follows: at each one's place it shows the provider's behaviour, and passes with the
 * seed's values put there; only those the pass needs are named. Undefined when it breaks the schema elsewhere too (a failure).
 */
export function answeredConflicts(
  service: string,
  operationId: string,
  body: unknown,
  validate: (body: unknown) => boolean,
  side: Side = 'answers',
): ConflictAnswered[] | undefined {
  const candidates = conflictsInForce(service).filter(
    (c) => c[side]?.operations.includes(operationId) && placesOf(c[side]!, body).length > 0,
  );
  if (candidates.length === 0) return undefined;
  const passesWith = (set: Conflict[]) => validate(seedValuesIn(set, body, side));
  if (!passesWith(candidates)) return undefined;
  let needed = candidates;
  for (const c of candidates) if (passesWith(needed.filter((n) => n !== c))) needed = needed.filter((n) => n !== c);
  if (needed.length === 0) return undefined;
  return needed.map((conflict) => {
    const [first] = placesOf(conflict[side]!, body);
    return { conflict, received: conflict[side]!.absent ? undefined : (first.parent as Record<string, unknown>)[first.key as string] };
  });
}

/** The known provider deviations (`takes`) a refused request body follows: answeredConflicts, on a request and the example's values. */
export const takenDeviations = (service: string, operationId: string, body: unknown, validate: (body: unknown) => boolean) =>
  answeredConflicts(service, operationId, body, validate, 'takes');

/** A copy of a body with the stricter source's value at each place where it shows one of these entries' provider behaviour. */
function seedValuesIn(conflicts: Conflict[], body: unknown, side: Side = 'answers'): unknown {
  const copy = structuredClone(body);
  for (const c of conflicts) {
    const a = c[side]!;
    for (const { parent, key } of placesOf(a, copy)) {
      const here = parent as Record<string, unknown>;
      if (a.lengths) {
        const items = here[key as string] as unknown[];
        here[key as string] = items.length
          ? Array.from({ length: a.padTo! }, (_, i) => structuredClone(items[Math.min(i, items.length - 1)]))
          : items;
      } else here[key as string] = structuredClone(a.seedValue);
    }
  }
  return copy;
}

/** Where a matcher's place is and what it found there, in a message: `no member at /x`, `1 item at /y`, `"v" at /z`. */
export function receivedAt(a: Answers, received: unknown): string {
  if (a.absent) return `no member at ${a.at}`;
  if (a.lengths) return `${(received as unknown[]).length} item(s) at ${a.at}`;
  return `${JSON.stringify(received)} at ${a.at}`;
}

/** A response body as the seed would give it: the seed's value wherever the body follows one of the operation's `answers` conflicts. */
export const seedFormOf = <S extends ServiceName>(service: S, operationId: OperationId<S>, body: unknown): unknown =>
  seedValuesIn(
    conflictsInForce(service).filter((c) => c.answers?.operations.includes(operationId)),
    body,
  );

/** The first conflict a refused response body follows (answeredConflicts). */
export const answeredConflict = (service: string, operationId: string, body: unknown, validate: (body: unknown) => boolean) =>
  answeredConflicts(service, operationId, body, validate)?.[0];

/** The annotation of a check that may meet a conflict with the inputs it sends (fixtures/base.ts withConflict). */
export const CONFLICT_SITE_ANNOTATION = 'conflict-site';

/**
 * The conflict a failed check's exchanges follow: the check declares it may meet it, its failure is an expectation (no named
 * check), and the target answered the conflict's operation as the provider publishes (2xx where the seed refuses, 4xx where it
 * accepts, or the conflict's `status`).
 */
export function exchangedConflict(
  service: string,
  declared: string[],
  error: string,
  exchanges: { operationId: string; status: number }[],
): Conflict | undefined {
  if (/^\s*(Error: )?\[[A-Za-z]+\]/.test(error)) return undefined;
  for (const conflict of conflictsInForce(service)) {
    if (!declared.includes(conflict.id)) continue;
    const ops = conflict.accepts ?? conflict.refuses;
    if (!ops) continue;
    const hit = exchanges.some((x) => ops.includes(x.operationId) && isProviderStatus(conflict, x.status));
    if (hit) return conflict;
  }
  return undefined;
}

/** Whether a status is the one an accepts/refuses conflict's provider answers (its `status`, else any 2xx / 4xx). */
export function isProviderStatus(conflict: Conflict, status: number): boolean {
  return conflict.status?.includes(status) ?? (conflict.accepts ? status >= 200 && status < 300 : status >= 400 && status < 500);
}

/** The accepts/refuses conflicts of a rule at an operation: what a check of that rule there may meet. */
export const conflictSites = (service: string, ruleId: string, operationId: string): string[] =>
  conflictsInForce(service)
    .filter((c) => c.rules.includes(ruleId) && [...(c.accepts ?? []), ...(c.refuses ?? [])].includes(operationId))
    .map((c) => c.id);

/** The accepts/refuses conflicts a request without a member (`body:consumer.firstName`) may meet; the id typed (a typo meets none). */
export const conflictsWithout = <S extends ServiceName>(service: S, operationId: OperationId<S>, member: string): string[] =>
  conflictsInForce(service)
    .filter((c) => c.without?.includes(member) && [...(c.accepts ?? []), ...(c.refuses ?? [])].includes(operationId))
    .map((c) => c.id);

/** A body the response check lets through: valid, or breaking only a seed rule where the provider publishes the value. */
export function passesResponseCheck<S extends ServiceName>(
  service: S,
  operationId: OperationId<S>,
  body: unknown,
  validate: (body: unknown) => boolean,
): boolean {
  return validate(body) || answeredConflict(service, operationId, body, validate) !== undefined;
}
