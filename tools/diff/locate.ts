// Where a change of the diff library lies, in the suite's terms: the operation (method, path,
// operationId), the part of it (a parameter, the request body, a response status, a media type, a
// header, security), the field inside a schema and the keyword that changed (required, enum, a
// bound, pattern, format, type, a property). A change to a `required` or `enum` list becomes one
// change per name or value; moves (an allOf member or a list entry at another index) cancel out.
import type { Diff } from 'api-smart-diff';
import { deref, trace, type Normalized } from './normalize.js';
import type { Json } from '../../helpers/contract/contract.js';

type Action = 'add' | 'remove' | 'replace';
type Side = 'request' | 'response';

export interface Located {
  scope: 'operation' | 'component' | 'document';
  action: Action;
  /** The component the change lies in (`schemas/NewConsumer`), when it lies in one. */
  origin?: string;
  before?: unknown;
  after?: unknown;
  route?: string;
  method?: string;
  /** The operationId of the document(s): the one before, else the one after. */
  operationId?: string;
  area?: 'operation' | 'parameter' | 'requestBody' | 'response' | 'security' | 'other';
  side?: Side;
  status?: string;
  media?: string;
  param?: { in: string; name: string };
  header?: string;
  /** Dotted field path inside the schema ('' for the schema itself; `[]` an array's items). */
  field?: string;
  /**
   * What changed: operation, status, media, parameter, parameter.required, body, body.required,
   * header, header.required, security, annotation, required, enum, a bound (maxLength...), pattern,
   * format, type, property, schema, variant, additionalProperties, default, other.
   */
  keyword: string;
  /** The component the change lies in and the path from it (list indices left out), to merge the same change seen at many places. */
  place: string;
  /** The place, the action and the values: one change, wherever the library saw it. */
  identity: string;
  /** The library's own reading (a client's): breaking, non-breaking, annotation... */
  libraryType: string;
  path: (string | number)[];
}

/** The keywords of an OpenAPI document that hold prose or examples: what a body is never judged by. */
export const PROSE_KEYWORDS = ['description', 'summary', 'title', 'example', 'examples', 'externalDocs', '$comment', 'tags'] as const;

const ANNOTATION_KEYS = new Set<string>([
  ...PROSE_KEYWORDS,
  ...'deprecated operationId xml discriminator readOnly writeOnly contentMediaType'.split(' '),
]);
const COMBINERS = new Set(['allOf', 'anyOf', 'oneOf']);
const SETS = new Set(['required', 'enum']);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isAnnotationPath = (path: (string | number)[]) =>
  path.some(
    (k, i) =>
      typeof k === 'string' && ANNOTATION_KEYS.has(k) && path[i - 1] !== 'properties' && !(k === 'tags' && i === 0 && path.length > 2),
  );

/** Field and keyword of a change inside a schema (the path after `schema`). */
function schemaPart(segs: (string | number)[]): { field: string; keyword: string } {
  const field: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const last = i === segs.length - 1;
    if (s === 'properties' && !last) {
      field.push(String(segs[++i]));
      if (i === segs.length - 1) return { field: field.join('.'), keyword: 'property' };
    } else if (s === 'items') {
      field.push('[]');
      if (last) return { field: field.join('.'), keyword: 'property' };
    } else if (s === 'additionalProperties' && !last) field.push('{}');
    else if (typeof s === 'string' && COMBINERS.has(s)) {
      if (last) return { field: field.join('.'), keyword: 'schema' };
      if (i + 1 === segs.length - 1) return { field: field.join('.'), keyword: s === 'allOf' ? 'schema' : 'variant' };
      i++;
    } else if (s === 'not') continue;
    else return { field: field.join('.'), keyword: String(s) };
  }
  return { field: field.join('.'), keyword: 'schema' };
}

/** Key of a change that a move does not alter: indices of allOf/anyOf/oneOf members and list entries left out. */
function moveKey(path: (string | number)[], value: unknown): string {
  const kept = path.filter((k, i) => !(typeof k === 'number' && (COMBINERS.has(String(path[i - 1])) || SETS.has(String(path[i - 1])))));
  return `${kept.join('/')}=${JSON.stringify(value)}`;
}

/** A path without allOf members (the library merges them) and without list indices. */
const stripMoves = (path: (string | number)[]): (string | number)[] =>
  path.filter((k, i) => !(k === 'allOf' || (typeof k === 'number' && (path[i - 1] === 'allOf' || SETS.has(String(path[i - 1]))))));

/** Expands list changes into one change per entry and drops the adds and removes that are moves. */
export function atoms(diffs: Diff[]): Diff[] {
  const out: Diff[] = [];
  for (const d of diffs) {
    const last = d.path[d.path.length - 1];
    const listed = typeof last === 'string' && SETS.has(last) && d.path[d.path.length - 2] !== 'properties';
    // A required list is a set of names; an enum added or removed whole is one change (a new or a dropped constraint).
    const expand =
      listed &&
      (last === 'required' ? Array.isArray(d.before) || Array.isArray(d.after) : Array.isArray(d.before) && Array.isArray(d.after));
    if (expand) {
      const b = Array.isArray(d.before) ? d.before : [];
      const a = Array.isArray(d.after) ? d.after : [];
      const has = (list: unknown[], v: unknown) => list.some((x) => JSON.stringify(x) === JSON.stringify(v));
      b.filter((v) => !has(a, v)).forEach((v, i) =>
        out.push({ ...d, action: 'remove', path: [...d.path, i], before: v, after: undefined }),
      );
      a.filter((v) => !has(b, v)).forEach((v, i) =>
        out.push({ ...d, action: 'add', path: [...d.path, b.length + i], before: undefined, after: v }),
      );
    } else if ((last === 'headers' || last === 'content') && d.action !== 'replace' && (isObj(d.before) || isObj(d.after))) {
      // A whole headers or content map added or removed: one change per header or media type.
      for (const [k, v] of Object.entries(d.before ?? d.after))
        out.push({ ...d, path: [...d.path, k], before: d.before ? v : undefined, after: d.after ? v : undefined });
    } else if (last === 'parameters' && d.action !== 'replace' && (Array.isArray(d.before) || Array.isArray(d.after))) {
      ((d.before ?? d.after) as unknown[]).forEach((v, i) =>
        out.push({ ...d, path: [...d.path, i], before: d.before ? v : undefined, after: d.after ? v : undefined }),
      );
    } else if (
      d.action === 'replace' &&
      ((typeof d.path[d.path.length - 2] === 'string' && SETS.has(String(d.path[d.path.length - 2]))) || last === '$ref')
    ) {
      out.push({ ...d, action: 'remove', after: undefined }, { ...d, action: 'add', before: undefined });
    } else out.push(d);
  }
  // A move shows as a remove and an add of the same value under the same parent: both go.
  const balance = new Map<string, number>();
  const key = (d: Diff) => moveKey(d.path, d.action === 'add' ? d.after : d.before);
  for (const d of out)
    if (d.action === 'add' || d.action === 'remove') balance.set(key(d), (balance.get(key(d)) ?? 0) + (d.action === 'add' ? 1 : -1));
  const spent = new Map<string, number>();
  const kept = out.filter((d) => {
    if (d.action !== 'add' && d.action !== 'remove') return true;
    const k = key(d);
    const net = balance.get(k)!;
    // Keep only the surplus side: |net| changes of the sign of net.
    if (net === 0 || net > 0 !== (d.action === 'add')) return false;
    const used = spent.get(k) ?? 0;
    spent.set(k, used + 1);
    return used < Math.abs(net);
  });
  return insertedVariants(insertedVariants(kept, 'add'), 'remove');
}

const VARIANTS = new Set(['anyOf', 'oneOf']);
const valueAt = (node: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string | number, unknown>)[k] : undefined), node);
const samePath = (a: (string | number)[], b: (string | number)[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * A variant inserted into an anyOf/oneOf before others (`grown` add), or taken out (`remove`): the library,
 * comparing index by index, reports another $ref at that index and the last member added (or removed)
 * whole. One change: the variant of the new (or old) $ref at its index; a longer shift is left as it is.
 */
function insertedVariants(list: Diff[], grown: 'add' | 'remove'): Diff[] {
  const shrunk = grown === 'add' ? 'remove' : 'add';
  const drop = new Set<Diff>();
  const replace = new Map<Diff, Diff>();
  for (const moved of list) {
    // `moved` is the $ref of the member that only changed place; `gone` the $ref that is new (or gone).
    if (moved.action !== shrunk || moved.path[moved.path.length - 1] !== '$ref' || drop.has(moved)) continue;
    let at = -1;
    for (let j = moved.path.length - 1; j > 0 && at < 0; j--)
      if (typeof moved.path[j] === 'number' && VARIANTS.has(String(moved.path[j - 1]))) at = j;
    if (at < 0) continue;
    const rest = moved.path.slice(at + 1);
    const other = list.find((d) => d.action === grown && d !== moved && samePath(d.path, moved.path) && !drop.has(d));
    const value = grown === 'add' ? moved.before : moved.after;
    const whole = list.find(
      (d) =>
        d.action === grown &&
        d.path.length === at + 1 &&
        typeof d.path[at] === 'number' &&
        samePath(d.path.slice(0, at), moved.path.slice(0, at)) &&
        valueAt(grown === 'add' ? d.after : d.before, rest) === value &&
        !drop.has(d),
    );
    if (!other || !whole) continue;
    drop.add(moved);
    drop.add(whole);
    const member = structuredClone(grown === 'add' ? whole.after : whole.before) as Record<string | number, unknown>;
    const parent = valueAt(member, rest.slice(0, -1)) as Record<string, unknown> | undefined;
    if (parent) parent.$ref = grown === 'add' ? other.after : other.before;
    replace.set(other, {
      ...other,
      path: moved.path.slice(0, at + 1),
      before: grown === 'add' ? undefined : member,
      after: grown === 'add' ? member : undefined,
    });
  }
  return list.filter((d) => !drop.has(d)).map((d) => replace.get(d) ?? d);
}

export function locate(d: Diff, before: Normalized, after: Normalized): Located {
  const action: Action = d.action === 'rename' ? 'replace' : d.action;
  const path = d.path;
  const traced = action === 'add' ? trace(after.doc, path) : trace(before.doc, path);
  // The same change reached through several operations, or listed under its component, has one identity.
  const place = traced.origin ? `${traced.origin}:${stripMoves(traced.tail).join('/')}` : stripMoves(path).join('/');
  const identity = `${place} ${action} ${JSON.stringify(d.before) ?? ''}>${JSON.stringify(d.after) ?? ''}`;
  const base = { action, before: d.before, after: d.after, libraryType: d.type, path, origin: traced.origin, place };
  if (path[0] === 'components') {
    const keyword = path[1] === 'examples' || path[1] === 'links' || isAnnotationPath(path.slice(3)) ? 'annotation' : 'component';
    return { ...base, scope: 'component', keyword, identity };
  }
  if (path[0] !== 'paths') return { ...base, scope: 'document', keyword: 'annotation', identity };
  const [, route, method] = path as [string, string, string];
  const op = (doc: Json) => (method ? doc.paths?.[route]?.[method] : undefined);
  const operationId = op(before.doc)?.operationId ?? op(after.doc)?.operationId;
  const loc: Located = { ...base, scope: 'operation', route, method, operationId, keyword: 'other', identity };
  const rest = path.slice(3);
  if (!method) return { ...loc, area: 'operation', keyword: 'path item' };
  if (rest.length === 0) return { ...loc, area: 'operation', keyword: 'operation' };
  if (isAnnotationPath(rest) || ['servers', 'callbacks'].includes(String(rest[0]))) return { ...loc, keyword: 'annotation' };
  // Security is judged per operation as a whole: its changes share one identity.
  if (rest[0] === 'security') return { ...loc, area: 'security', keyword: 'security', identity: `${route} ${method} security` };
  if (rest[0] === 'parameters') {
    const own =
      rest.length > 2 || action === 'replace'
        ? trace(before.doc, path.slice(0, 5)).node
        : deref(action === 'add' ? after.doc : before.doc, action === 'add' ? d.after : d.before);
    const param = { in: String(own?.in ?? '?'), name: String(own?.name ?? '?') };
    const p: Located = { ...loc, area: 'parameter', side: 'request', param };
    if (rest.length === 2) return { ...p, keyword: 'parameter' };
    if (rest[2] === 'required') return { ...p, keyword: 'parameter.required' };
    if (rest[2] === 'schema') return { ...p, ...schemaPart(rest.slice(3)) };
    return { ...p, keyword: ['name', 'in'].includes(String(rest[2])) ? 'parameter' : 'other' };
  }
  if (rest[0] === 'requestBody') {
    const b: Located = { ...loc, area: 'requestBody', side: 'request' };
    if (rest.length === 1) return { ...b, keyword: 'body' };
    if (rest[1] === 'required') return { ...b, keyword: 'body.required' };
    if (rest[1] !== 'content' || rest.length < 3) return { ...b, keyword: 'other' };
    const media = String(rest[2]);
    if (rest.length === 3) return { ...b, media, keyword: 'media' };
    if (rest[3] === 'schema') return { ...b, media, ...schemaPart(rest.slice(4)) };
    return { ...b, media, keyword: 'other' };
  }
  if (rest[0] === 'responses') {
    const r: Located = { ...loc, area: 'response', side: 'response' };
    if (rest.length === 1) return { ...r, keyword: 'responses' };
    const status = String(rest[1]);
    if (rest.length === 2) return { ...r, status, keyword: 'status' };
    if (rest[2] === 'headers') {
      const header = rest[3] === undefined ? undefined : String(rest[3]);
      if (!header) return { ...r, status, keyword: 'headers' };
      if (rest.length === 4) return { ...r, status, header, keyword: 'header' };
      if (rest[4] === 'required') return { ...r, status, header, keyword: 'header.required' };
      return { ...r, status, header, keyword: 'header.schema' };
    }
    if (rest[2] !== 'content' || rest.length < 4) return { ...r, status, keyword: rest[2] === 'content' ? 'content' : 'other' };
    const media = String(rest[3]);
    if (rest.length === 4) return { ...r, status, media, keyword: 'media' };
    if (rest[4] === 'schema') return { ...r, status, media, ...schemaPart(rest.slice(5)) };
    return { ...r, status, media, keyword: 'other' };
  }
  return { ...loc, keyword: 'other' };
}
