// Whose fault is a rejection? Our contract's errors for an example are set against the errors the
// document's own schema gives for it: "document inconsistent" only when the document refuses the
// example for the same reasons; any reason of ours it does not share makes our contract stricter.
// The rule, one contract error at a time (README, "Drift against a published document"):
// 1. Where an error is: its instancePath, except that required/dependentRequired, additionalProperties
//    and unevaluatedProperties point at the member they name (Ajv reports them at the parent).
// 2. Matched when the document has an error of the same keyword at the same place, or of the same
//    family (FAMILY) at the same place, an ancestor or a descendant; applicators at the same place only.
// 3. A failed anyOf/oneOf is one reason made of its alternatives' errors: matched when the document
//    shares it (rule 2) or any error of an alternative. An alternative refused only for its type at the
//    combinator's place is left out when another got past its type; Ajv's `if` error only repeats the
//    then/else errors. The service's error shape is judged like an anyOf; the document's errors all count.
// 4. "document inconsistent" when the document refuses the example and every reason of ours is
//    matched; otherwise "contract stricter", listing each unmatched reason.
import type { ErrorObject } from 'ajv';

/** One reason of a refusal: an Ajv error, or a failed anyOf/oneOf with its alternatives' errors. */
export interface Reason {
  /** JSON Pointer of the instance the reason is about (rule 1). */
  path: string;
  keyword: string;
  message: string;
  /** For a failed anyOf/oneOf (or the service's error shape): the errors of its alternatives. */
  alternatives?: Reason[];
}

/** A reason of our contract that the document does not share, with what the document says there. */
export interface UnmatchedReason {
  instancePath: string;
  keyword: string;
  message: string;
  /** The document's own verdict for that instance path. */
  document: string;
}

/** Keyword families (rule 2): keywords that say the same thing in another way; a keyword not listed is its own family. */
const FAMILY: Record<string, string> = Object.fromEntries(
  Object.entries({
    type: ['type'],
    value: ['enum', 'const'],
    presence: ['required', 'dependentRequired'],
    form: ['pattern', 'format'],
    bound: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    length: ['minLength', 'maxLength'],
    items: ['minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'],
    members: ['minProperties', 'maxProperties'],
    extra: ['additionalProperties', 'unevaluatedProperties', 'propertyNames'],
    applicator: ['anyOf', 'oneOf', 'not', 'if', 'false schema'],
  }).flatMap(([kin, keywords]) => keywords.map((k) => [k, kin])),
);
const family = (keyword: string) => FAMILY[keyword] ?? keyword;

const pointer = (member: string) => member.replace(/~/g, '~0').replace(/\//g, '~1');

/** Rule 1: the instance an error is about. */
function placeOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const member =
    error.keyword === 'required' || error.keyword === 'dependentRequired'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : error.keyword === 'unevaluatedProperties'
          ? params.unevaluatedProperty
          : undefined;
  return typeof member === 'string' ? `${error.instancePath}/${pointer(member)}` : error.instancePath;
}

const within = (p: string, base: string) => p === base || p.startsWith(`${base}/`);
const related = (a: string, b: string) => within(a, b) || within(b, a);

/**
 * The schema resource a schemaPath belongs to: `#` for the validated schema, else the id of the
 * component Ajv reached through a $ref (our ids, helpers/contract/contract.ts schemaId and
 * tools/drift/published.ts, are `<scheme>://<name>/components/schemas/<Component>`).
 */
function resourceOf(schemaPath: string): string {
  if (schemaPath.startsWith('#')) return '#';
  const id = /^[a-z][a-z0-9+.-]*:\/\/[^/]+\/components\/schemas\/[^/]+/i.exec(schemaPath);
  return id ? id[0] : schemaPath.split('#')[0];
}

/**
 * Ajv (allErrors) evaluates every alternative of an anyOf/oneOf, keeps their errors when none
 * passes and lists the anyOf/oneOf error right after them (ajv/lib/vocabularies/applicator/anyOf.ts,
 * oneOf.ts). An error belongs to that run when it is about the combinator's instance or beneath and
 * comes from the combinator's own schema (its schemaPath lies under the combinator's) or from a
 * component an alternative reached through a $ref.
 */
const belongsTo = (combinator: ErrorObject, error: ErrorObject): boolean =>
  within(error.instancePath, combinator.instancePath) &&
  (error.schemaPath.startsWith(`${combinator.schemaPath}/`) || resourceOf(error.schemaPath) !== resourceOf(combinator.schemaPath));

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const named = typeof params.missingProperty === 'string' ? ` '${params.missingProperty}'` : '';
  return `${error.keyword}${named} ${error.message ?? ''}`.trim();
}

/** Ajv's errors as reasons (rules 1 and 3), in Ajv's order. */
export function reasonsOf(errors: readonly ErrorObject[] | null | undefined): Reason[] {
  const list = errors ?? [];
  const out: Reason[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const error = list[i];
    if (error.keyword === 'if') continue; // repeats the then/else errors listed before it
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      let start = i;
      while (start > 0 && belongsTo(error, list[start - 1])) start--;
      const alternatives = pruned(reasonsOf(list.slice(start, i)), error.instancePath);
      out.push({
        path: error.instancePath,
        keyword: error.keyword,
        message: describe(error),
        ...(alternatives.length ? { alternatives } : {}),
      });
      i = start;
      continue;
    }
    const reason: Reason = { path: placeOf(error), keyword: error.keyword, message: describe(error) };
    // One place refused twice for one reason (a `type` beside an allOf branch that states it too) is one reason.
    const same = (r: Reason) => !r.alternatives && r.path === reason.path && r.keyword === reason.keyword && r.message === reason.message;
    if (!out.some(same)) out.push(reason);
  }
  return out.reverse();
}

/**
 * An alternative whose type is not the instance's (the `{type: 'null'}` of a nullable member, the
 * string alternative of a string-or-object) is not why the instance was refused when another
 * alternative got past its type: those type errors are left out. When every alternative fails on
 * type, they are the reason and stay.
 */
export function pruned(alternatives: Reason[], path: string): Reason[] {
  const wrongType = (r: Reason) => r.keyword === 'type' && r.path === path;
  return alternatives.some((r) => !wrongType(r)) ? alternatives.filter((r) => !wrongType(r)) : alternatives;
}

const flat = (reasons: readonly Reason[]): Reason[] => reasons.flatMap((r) => [r, ...flat(r.alternatives ?? [])]);

/** The document's errors as one list of reasons, anyOf/oneOf and their alternatives' alike (rule 2 looks at each). */
export const documentReasons = (errors: readonly ErrorObject[] | null | undefined): Reason[] => flat(reasonsOf(errors));

/** Rules 2 and 3. */
function isMatched(reason: Reason, document: readonly Reason[]): boolean {
  const kin = family(reason.keyword);
  const shared = document.some(
    (d) =>
      (d.path === reason.path && d.keyword === reason.keyword) ||
      (family(d.keyword) === kin && (d.path === reason.path || (kin !== 'applicator' && related(d.path, reason.path)))),
  );
  return shared || (reason.alternatives ?? []).some((a) => isMatched(a, document));
}

/** What the document says about one place: it gives no schema, cannot be compared, accepts, or refuses. */
export type DocumentView =
  | { kind: 'none' }
  | { kind: 'uncompared'; why: string }
  | { kind: 'accepts' }
  | { kind: 'refuses'; reasons: Reason[] };

const at = (path: string) => path || '/';
const brief = (reasons: readonly Reason[]) =>
  `${reasons
    .slice(0, 3)
    .map((r) => `${at(r.path)} ${r.message}`)
    .join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more` : ''}`;

function documentVerdict(path: string, document: DocumentView): string {
  switch (document.kind) {
    case 'none':
      return 'the document gives no schema for it';
    case 'uncompared':
      return `not compared: ${document.why}`;
    case 'accepts':
      return 'the document accepts the whole example';
    case 'refuses': {
      const here = document.reasons.filter((d) => related(d.path, path));
      if (here.length) return `the document refuses ${at(path)} for another reason: ${brief(here)}`;
      return `the document accepts ${at(path)} (it refuses the example elsewhere: ${brief(document.reasons)})`;
    }
  }
}

/** Rule 4: our reasons the document does not share (all of them when it accepts or cannot tell). */
export function unmatchedReasons(ours: readonly Reason[], document: DocumentView): UnmatchedReason[] {
  const theirs = document.kind === 'refuses' ? document.reasons : [];
  return ours
    .filter((r) => !isMatched(r, theirs))
    .map((r) => ({
      instancePath: at(r.path),
      keyword: r.keyword,
      message: r.alternatives?.length ? `${r.message} (alternatives: ${brief(r.alternatives)})` : r.message,
      document: documentVerdict(r.path, document),
    }));
}
