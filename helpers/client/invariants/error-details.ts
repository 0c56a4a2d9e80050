// Property: every detail of a refusal is as the documents give it, on every error answer (seed 000, Error body: "ErrorDetail:
// reason (string), source (string, the offending parameter), message (string), sourceType (enum BODY, HEADER, PATH, QUERY)"):
// a detail carries those members and no other, and its sourceType is the place of the parameter its source names. The
// reference's reading (A4: source is the member's dotted JSON path, card.<member> inside the encrypted card) and the samples'
// reasons (seed 000, Errors: CANNOT_BE_NULL for a mandatory value missing, INVALID_VALUE under INVALID_STATE) are judged
// apart, as assumptions. The error schema's `x-names-member` says where each is: its `place`, `plaintext` and `reasons`.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { valuesAt } from '../every-answer/error-status.js';
import { resolve } from '../../contract/schema-walk.js';

/** What one error answer told the property: the problems against the seed's ErrorDetail, and those against the assumptions. */
export interface ErrorDetailsVerdict {
  /** A detail list was there to judge. */
  judged: boolean;
  documented: string[];
  assumed: string[];
}

/** The places a request parameter can be in (seed 000, ErrorDetail sourceType). */
type Place = 'BODY' | 'HEADER' | 'PATH' | 'QUERY';

interface DetailsMark {
  schema: string;
  /** The dotted member holding the details (`details`), and each detail's members that name the parameter, its place, its reason. */
  list: string;
  source: string;
  place?: string;
  reason?: string;
  /** The samples' reasons: for a member left out (absent or null), and per error status value. */
  missing?: string;
  byStatus: Record<string, string>;
  /** The status value member of the body (its Errors table's codes), where reasons are given by status. */
  statusMember?: string;
  /** The name a JWE member's plaintext is named under in a source (A4: card), with its member and schema. */
  plaintext: Record<string, { member: string; schema: string }>;
  /** The members the detail schema documents. */
  members: string[];
  /** The members every sample detail gives (`x-names-member.sampled`): a detail lacking one reads otherwise than the samples. */
  sampled: string[];
  /** The values the detail schema's place member takes (seed 000, ErrorDetail: sourceType enum BODY, HEADER, PATH, QUERY). */
  places?: string[];
}

const marks = new WeakMap<Contract, DetailsMark[]>();
/** The error schemas whose `x-names-member` gives the details' members, read once per contract. */
function marksOf(contract: Contract): DetailsMark[] {
  const known = marks.get(contract);
  if (known) return known;
  const schemas: Record<string, Json> = contract.document.components?.schemas ?? {};
  const out: DetailsMark[] = [];
  for (const [schema, node] of Object.entries(schemas)) {
    const mark = node?.['x-names-member'];
    if (!mark?.member || !mark.place) continue;
    const [list, source] = splitLast(String(mark.member));
    const detail = resolve(contract, resolve(contract, node).properties?.[list]?.items ?? {});
    out.push({
      schema,
      list,
      source,
      place: splitLast(String(mark.place))[1],
      reason: mark.reasons?.member ? splitLast(String(mark.reasons.member))[1] : undefined,
      missing: mark.reasons?.missing,
      byStatus: mark.reasons?.byStatus ?? {},
      statusMember: mark.reasons?.statusMember,
      plaintext: Object.fromEntries(
        Object.entries<Json>(mark.plaintext ?? {}).map(([name, p]) => [name, { member: String(p.member), schema: String(p.schema) }]),
      ),
      members: Object.keys(detail?.properties ?? {}),
      sampled: Array.isArray(mark.sampled) ? mark.sampled.map(String) : [],
      places: placeValues(contract, detail, splitLast(String(mark.place))[1]),
    });
  }
  marks.set(contract, out);
  return out;
}

/** The enum of a detail schema's place member, where it has one. */
function placeValues(contract: Contract, detail: Json, place: string): string[] | undefined {
  const values = resolve(contract, detail?.properties?.[place] ?? {})?.enum;
  return Array.isArray(values) ? values.map(String) : undefined;
}

/**
 * The error schema an error body takes, its details list aside: a detail off the detail schema (a sourceType outside its enum)
 * is this property's to judge, member by member, so the body is matched to its error schema without the list.
 */
function markOf(contract: Contract, body: object): DetailsMark | undefined {
  return marksOf(contract).find((m) => {
    const { [m.list]: _details, ...rest } = body as Record<string, unknown>;
    return contract.component(m.schema)(m.list.includes('.') ? body : rest);
  });
}

const splitLast = (dotted: string): [string, string] => {
  const at = dotted.lastIndexOf('.');
  return [dotted.slice(0, at), dotted.slice(at + 1)];
};

/** Whether a dotted path names a member of a schema (objects through their properties, allOf merged, lists through items). */
function holdsPath(contract: Contract, schema: Json, steps: string[]): boolean {
  let node = resolve(contract, schema);
  for (const step of steps) {
    if (!node) return false;
    if (/^\d+$/.test(step)) {
      node = resolve(contract, node.items ?? {});
      continue;
    }
    const parts: Json[] = [node, ...(node.allOf ?? []).map((p: Json) => resolve(contract, p))];
    const next = parts.map((p) => p?.properties?.[step]).find((p) => p !== undefined);
    if (next === undefined) return false;
    node = resolve(contract, next);
  }
  return true;
}

const WHOLE_BODY = /^(body|\$|)$/i;

/**
 * The parameters an error answer's details name (seed 000, ErrorDetail.source: "the offending parameter"), or undefined where its
 * body is no error schema carrying an `x-names-member` mark, or names none: a refusal that names no parameter tells no member.
 */
export function namedSources(contract: Contract, body: unknown): string[] | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const mark = marksOf(contract).find((m) => contract.component(m.schema)(body));
  if (!mark) return undefined;
  const sources = valuesAt(body, `${mark.list}.${mark.source}`).filter((s): s is string => typeof s === 'string');
  return sources.length ? sources : undefined;
}

/** Whether a source names the member at a dotted path: the path itself, or any path ending in the member's name (ErrorDetail.source). */
export function sourceNames(source: string, member: string): boolean {
  const segments = source.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  return source === member || segments.at(-1) === member.split('.').at(-1);
}

/** The places of the operation a source names (reference A4: a body member by its dotted path; a parameter by its name). */
function placesOf(contract: Contract, operation: Operation, mark: DetailsMark, source: string, sentHeaders: readonly string[]): Place[] {
  const out: Place[] = [];
  // The body as a whole (not JSON, or no object): named `body`, as OpenAPI 2 named the body parameter, or by the root path.
  if (operation.requestBody && WHOLE_BODY.test(source)) return ['BODY'];
  const steps = source.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '');
  const body = operation.requestBody?.schema;
  const inPlaintext = mark.plaintext[steps[0] ?? ''];
  if (
    body &&
    (holdsPath(contract, body, steps) ||
      (inPlaintext && holdsPath(contract, { $ref: `#/components/schemas/${inPlaintext.schema}` }, steps.slice(1))))
  )
    out.push('BODY');
  const lower = source.toLowerCase();
  for (const p of operation.parameters)
    if ((p.in === 'header' ? p.name.toLowerCase() === lower : p.name === source) && ['header', 'path', 'query'].includes(p.in))
      out.push(p.in.toUpperCase() as Place);
  // A header the request was sent with (its Content-Type, say) is one of its parameters too (RFC 9110 section 6.3).
  if (sentHeaders.includes(lower)) out.push('HEADER');
  const schemes: Record<string, Json> = contract.document.components?.securitySchemes ?? {};
  for (const alternative of operation.security)
    for (const name of alternative) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey' && String(scheme.name).toLowerCase() === lower) out.push(String(scheme.in).toUpperCase() as Place);
    }
  return [...new Set(out)];
}

/** The value a body source names in what was sent: the body's, or the plaintext's of its JWE member; `unknown`: a plaintext not known. */
function sentAt(mark: DetailsMark, source: string, sent: unknown, plaintexts: Readonly<Record<string, unknown>>): unknown {
  const steps = source.split('.');
  const plain = mark.plaintext[steps[0]!];
  const root = plain ? (steps[0]! in plaintexts ? plaintexts[steps[0]!] : UNKNOWN) : sent;
  if (root === UNKNOWN) return UNKNOWN;
  const at = valuesAt(root, (plain ? steps.slice(1) : steps).join('.'));
  return at.length ? at[0] : undefined;
}
const UNKNOWN = Symbol('a plaintext the judge does not know');

/**
 * Every detail of an error answer's body against the seed's ErrorDetail and the assumptions (undefined `plaintexts` member: the
 * plaintext of that JWE is not known, and a reason about a member inside it is not judged).
 */
export function errorDetailsOf(
  contract: Contract,
  operation: Operation,
  status: number,
  body: unknown,
  sent: unknown,
  plaintexts: Readonly<Record<string, unknown>> = {},
  /** The names of the headers the request was sent with, in lower case. */
  sentHeaders: readonly string[] = [],
): ErrorDetailsVerdict {
  const verdict: ErrorDetailsVerdict = { judged: false, documented: [], assumed: [] };
  if (status < 400 || body === null || typeof body !== 'object') return verdict;
  const mark = markOf(contract, body);
  if (!mark) return verdict;
  const details = valuesAt(body, mark.list);
  if (!details.length) return verdict;
  verdict.judged = true;
  const statusValue = mark.statusMember ? valuesAt(body, mark.statusMember)[0] : undefined;
  for (const [i, d] of details.entries()) {
    const at = `${mark.list}[${i}]`;
    if (d === null || typeof d !== 'object') continue;
    const detail = d as Record<string, unknown>;
    const other = Object.keys(detail).filter((k) => !mark.members.includes(k));
    // A detail of other members is judged by the seed's shape alone: what it lacks follows from what it carries instead.
    if (other.length) {
      verdict.documented.push(
        `${at}: Received: ${other.join(', ')}, no member of the detail / Documented: only the detail's members (${mark.members.join(', ')})`,
      );
      continue;
    }
    // Seed 000, ErrorDetail: "sourceType (enum BODY, HEADER, PATH, QUERY)": a place outside the enum names no place, whatever
    // the source (the seed states it of ErrorDetail alone, so it is this property's judgement on every error answer).
    const given = mark.place ? detail[mark.place] : undefined;
    const offPlace = given !== undefined && mark.places !== undefined && !mark.places.includes(given as string);
    if (offPlace)
      verdict.documented.push(
        `${at}: Received: ${mark.place} ${JSON.stringify(given)} / Documented: one of ${mark.places!.join(', ')} (seed 000 ErrorDetail)`,
      );
    const source = detail[mark.source];
    if (typeof source !== 'string') {
      verdict.assumed.push(`${at} names no ${mark.source} (reference A4: the offending member's dotted path)`);
      continue;
    }
    const places = placesOf(contract, operation, mark, source, sentHeaders);
    if (!places.length) {
      verdict.assumed.push(`${at} ${mark.source} ${JSON.stringify(source)} is no dotted path of a member ${operation.operationId} takes`);
      continue;
    }
    const place = mark.place ? detail[mark.place] : undefined;
    if (mark.place && place !== undefined && !offPlace && !places.includes(place as Place))
      verdict.documented.push(`${at} ${mark.place} ${JSON.stringify(place)}, where ${source} is a ${places.join(' or ')} member`);
    // Seed 000 lists ErrorDetail's members without saying which a detail must carry (no "required", where its other tables
    // say it), so a detail without its place breaks no seed sentence; that a detail about a body member gives it, BODY, is the
    // samples' (seed 000, Errors: "sourceType BODY" in each), an assumption.
    if (mark.place && place === undefined && places.includes('BODY') && !WHOLE_BODY.test(source))
      verdict.assumed.push(`${at} about ${source}: Received: no ${mark.place} / Documented: the samples' ${mark.place} BODY`);
    // Every sample detail gives each member of `sampled` (reference, the error body as the seed's samples give it: reason,
    // source, message, sourceType), on every refusal; the seed's table requires none, so a detail lacking one breaks the
    // samples' reading only. Its source and its place are judged above, each once.
    const lacking = mark.sampled.filter((m) => m !== mark.source && m !== mark.place && detail[m] === undefined);
    if (lacking.length)
      verdict.assumed.push(
        `${at} about ${source}: Received: no ${lacking.join(', ')} / Documented: every sample detail gives ${mark.sampled.join(', ')}`,
      );
    if (!mark.reason || !places.includes('BODY') || WHOLE_BODY.test(source)) continue;
    const reason = detail[mark.reason];
    // A reason left out is judged above, once.
    if (reason === undefined && lacking.includes(mark.reason)) continue;
    const value = sentAt(mark, source, sent, plaintexts);
    if (value === UNKNOWN) continue;
    // A member sent null or empty is judged by neither reading: the samples show a member left out, and no null nor empty text.
    if (value === null || value === '') continue;
    const left = value === undefined;
    // The reason follows the status the refusal carries: a member left out refused under a status the samples tie to another
    // condition (INVALID_STATE, an id resolving to nothing) is that status's breach, judged under the refusal code's own rule
    // (CE-PROP-REFUSAL-CODE: seed 000, Errors, a missing value is INVALID_ARGUMENT); its detail's reason, that status's, is a
    // consequence, not a second cause.
    const byStatus = typeof statusValue === 'string' ? mark.byStatus[statusValue] : undefined;
    const expected = left ? (byStatus ?? mark.missing) : byStatus;
    if (expected !== undefined && reason !== expected)
      verdict.assumed.push(
        `${at} ${mark.reason} ${JSON.stringify(reason)} for ${source} ${left ? 'left out' : `sent, under ${String(statusValue)}`}, the samples' is ${expected}`,
      );
    else if (!left && mark.missing !== undefined && reason === mark.missing)
      verdict.assumed.push(`${at} ${mark.reason} ${JSON.stringify(reason)} for ${source}, though it was sent`);
  }
  return verdict;
}
