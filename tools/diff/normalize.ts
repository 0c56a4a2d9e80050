// Two OpenAPI documents made comparable before the structural diff (tools/diff/compare.ts):
// OpenAPI 3.0 schema forms written as 3.1 (nullable, boolean exclusive bounds), vendor extensions
// (x-*) dropped, path-level parameters moved into each operation (sorted by location and name), and
// security schemes renamed after the header they name (`x-provider-name` first: our financial-data
// contract names the seed's headers, the provider's document its own), so naming differences
// between two writers of one API are not changes; allOf merged. Other $refs stay: the diff library
// resolves them (and caches the comparison of a component pair); `trace` finds the component a
// change lies in.
import type { Json } from '../../helpers/contract/contract.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface Normalized {
  doc: Json;
}

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const decode = (s: string) => {
  const plain = s.replace(/~1/g, '/').replace(/~0/g, '~');
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
};

const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties', 'exclusiveMinimum'];
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties', 'exclusiveMaximum'];

/** allOf members folded into one schema: properties and required united, bounds the tighter, enums intersected. */
function mergeAllOf(schema: Json): Json {
  const { allOf, ...rest } = schema;
  let out: Json = { ...rest };
  const kept: Json[] = [];
  for (const m of allOf as Json[]) {
    if (!isObject(m) || typeof m.$ref === 'string')
      kept.push(m); // a cycle stays a $ref
    else out = mergeTwo(out, Array.isArray(m.allOf) ? mergeAllOf(m) : m);
  }
  if (kept.length) out.allOf = kept;
  return out;
}

function mergeTwo(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [k, v] of Object.entries<Json>(b)) {
    if (!(k in out)) out[k] = v;
    else if (k === 'properties' && isObject(v)) {
      const props = { ...out.properties };
      for (const [name, s] of Object.entries<Json>(v))
        props[name] =
          name in props && props[name] !== s && isObject(props[name]) && isObject(s) && !props[name].$ref && !s.$ref
            ? mergeTwo(props[name], s)
            : (props[name] ?? s);
      out.properties = props;
    } else if (k === 'required' && Array.isArray(v))
      out.required = [...new Set([...(Array.isArray(out.required) ? out.required : []), ...v])];
    else if (k === 'enum' && Array.isArray(out.enum) && Array.isArray(v))
      out.enum = out.enum.filter((x: Json) => v.some((y: Json) => JSON.stringify(x) === JSON.stringify(y)));
    else if (LOWER_BOUNDS.includes(k) && typeof v === 'number' && typeof out[k] === 'number') out[k] = Math.max(out[k], v);
    else if (UPPER_BOUNDS.includes(k) && typeof v === 'number' && typeof out[k] === 'number') out[k] = Math.min(out[k], v);
    // Anything else: the first writer's value stands (annotations, conflicting types).
  }
  return out;
}

/** OpenAPI 3.0 schema forms written as 3.1: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`. */
function schema31(node: Json): Json {
  if (node.nullable === true) {
    if (typeof node.type === 'string') node.type = [node.type, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  }
  delete node.nullable;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (node[flag] === true && typeof node[bound] === 'number') [node[flag], node[bound]] = [node[bound], undefined];
    if (typeof node[flag] === 'boolean') delete node[flag];
    if (node[bound] === undefined) delete node[bound];
  }
  if (Array.isArray(node.type) && node.type.length === 1) node.type = node.type[0];
  return node;
}

/** The canonical name of a security scheme: its kind and the header (or scheme) it names. */
function schemeKey(scheme: Json): string {
  if (!isObject(scheme)) return 'unknown';
  if (scheme.type === 'apiKey') return `apiKey ${scheme.in} ${scheme['x-provider-name'] ?? scheme.name}`;
  if (scheme.type === 'http') return `http ${String(scheme.scheme ?? '').toLowerCase()}`;
  return String(scheme.type);
}

export function normalize(input: Json): Normalized {
  const schemes: Record<string, string> = {};
  for (const [name, scheme] of Object.entries<Json>(input.components?.securitySchemes ?? {})) schemes[name] = schemeKey(scheme);
  // allOf members that are $refs are read (once per component) and merged in: one writer's
  // allOf [Base, {extra}] and the other's flat object are then the same schema. Other $refs stay.
  const members = new Map<string, Json>();
  const stack: string[] = [];
  const member = (m: Json): Json => {
    const ref = typeof m?.$ref === 'string' ? String(m.$ref) : undefined;
    if (!ref) return m;
    if (stack.includes(ref)) return m; // a cycle: left as a $ref
    if (!members.has(ref)) {
      const target = deref(input, m);
      if (!isObject(target)) return m;
      stack.push(ref);
      members.set(ref, walk(target));
      stack.pop();
    }
    return members.get(ref);
  };
  function walk(node: Json): Json {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    let out: Json = {};
    for (const [k, v] of Object.entries<Json>(node)) if (!k.startsWith('x-')) out[k] = walk(v);
    if (Array.isArray(out.allOf)) out = mergeAllOf({ ...out, allOf: out.allOf.map(member) });
    if (
      'nullable' in out ||
      typeof out.exclusiveMinimum === 'boolean' ||
      typeof out.exclusiveMaximum === 'boolean' ||
      Array.isArray(out.type)
    )
      out = schema31(out);
    return out;
  }
  const doc = walk(input);
  doc.openapi = '3.1.0';
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    const shared: Json[] = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) if (isObject(item[method])) item[method] = operation(doc, item[method], shared, schemes);
    delete item.parameters;
  }
  const declared = doc.components?.securitySchemes;
  if (isObject(declared))
    doc.components.securitySchemes = Object.fromEntries(
      Object.entries<Json>(declared).map(([name]) => [schemes[name] ?? name, canonicalScheme(input.components.securitySchemes[name])]),
    );
  if (Array.isArray(doc.security)) doc.security = renameRequirements(doc.security, schemes);
  return { doc };
}

/** Follows local $refs from a node (at most 20), or undefined when one does not resolve. */
export function deref(doc: Json, node: Json, seen: string[] = []): Json {
  let current = node;
  for (let i = 0; isObject(current) && typeof current.$ref === 'string' && i < 20; i++) {
    const ref = String(current.$ref);
    if (!ref.startsWith('#/')) return undefined;
    seen.push(ref);
    current = ref
      .slice(2)
      .split('/')
      .map(decode)
      .reduce((acc: Json, key) => acc?.[key], doc);
  }
  return current;
}

/** The `$ref`s to components anywhere under a node, as `schemas/Name`, added to `out`. */
function refsUnder(node: Json, out: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) refsUnder(n, out);
  else if (isObject(node))
    for (const [k, v] of Object.entries<Json>(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/')) out.add(v.slice('#/components/'.length));
      else refsUnder(v, out);
    }
}

/** The components (`schemas/Name`, `responses/Name`...) a node reaches through any chain of $refs. */
export function reached(doc: Json, node: Json): Set<string> {
  const found = new Set<string>();
  refsUnder(node, found);
  // A set visits what is added while it is walked: the chain is followed to its end.
  for (const name of found) {
    const [section, ...rest] = name.split('/');
    refsUnder(doc.components?.[section]?.[rest.join('/')], found);
  }
  return found;
}

const users = new WeakMap<object, Map<string, Set<string>>>();

/** Per component (`schemas/Name`), the operations (operationId, else `METHOD /route`) that reach it through $refs, transitively. */
export function componentUsers(doc: Json): Map<string, Set<string>> {
  const known = users.get(doc);
  if (known) return known;
  const out = new Map<string, Set<string>>();
  for (const [route, item] of Object.entries<Json>(doc?.paths ?? {}))
    for (const [method, op] of Object.entries<Json>(isObject(item) ? item : {})) {
      if (method === 'parameters' || !isObject(op)) continue;
      const name = typeof op.operationId === 'string' ? op.operationId : `${method.toUpperCase()} ${route}`;
      for (const component of reached(doc, [op, item.parameters])) out.set(component, (out.get(component) ?? new Set()).add(name));
    }
  users.set(doc, out);
  return out;
}

interface Traced {
  node: Json;
  /** The last component the path went through (`schemas/Customer`), and the rest of the path from it. */
  origin?: string;
  tail: (string | number)[];
}

/** Walks a path of the diff library in a normalized document: $refs followed, a key missing from a schema looked up in its allOf. */
export function trace(doc: Json, path: (string | number)[]): Traced {
  let node: Json = doc;
  let origin: string | undefined;
  let tail: (string | number)[] = [];
  const follow = (n: Json) => {
    const seen: string[] = [];
    const target = deref(doc, n, seen);
    const last = seen.pop();
    if (last?.startsWith('#/components/')) {
      origin = last.slice('#/components/'.length).split('/').map(decode).join('/');
      tail = [];
    }
    return target;
  };
  for (const [i, key] of path.entries()) {
    node = follow(node);
    // A path the document does not have from here on: the rest kept in the tail, so two changes below keep two places.
    if (node === undefined || node === null || typeof node !== 'object')
      return { node: undefined, origin, tail: [...tail, ...path.slice(i)] };
    if (key in node) node = node[key];
    else if (Array.isArray(node.allOf)) {
      const member = node.allOf.map((m: Json) => follow(m)).find((m: Json) => isObject(m) && key in m);
      node = member?.[key];
    } else node = undefined;
    tail.push(key);
    // A change listed under components/<kind>/<name> lies in that component.
    if (i === 2 && path[0] === 'components') [origin, tail] = [`${path[1]}/${path[2]}`, []];
  }
  return { node: follow(node) ?? node, origin, tail };
}

function canonicalScheme(scheme: Json): Json {
  if (!isObject(scheme)) return scheme;
  const out: Json = {};
  for (const [k, v] of Object.entries<Json>(scheme)) if (!k.startsWith('x-')) out[k] = v;
  if (scheme.type === 'apiKey') out.name = scheme['x-provider-name'] ?? scheme.name;
  return out;
}

function renameRequirements(requirements: Json[], schemes: Record<string, string>): Json[] {
  return requirements.map((req) =>
    isObject(req) ? Object.fromEntries(Object.entries(req).map(([name, scopes]) => [schemes[name] ?? name, scopes])) : req,
  );
}

/** An operation with its path-level parameters merged in (its own win), sorted by location and name. */
function operation(doc: Json, op: Json, shared: Json[], schemes: Record<string, string>): Json {
  const out: Json = { ...op };
  const own: Json[] = Array.isArray(op.parameters) ? op.parameters : [];
  const key = (p: Json) => {
    const param = deref(doc, p);
    return `${param?.in}:${String(param?.name ?? '').toLowerCase()}`;
  };
  const params = [...own, ...shared.filter((p) => !own.some((o) => key(o) === key(p)))];
  if (params.length) out.parameters = params.sort((a, b) => key(a).localeCompare(key(b)));
  else delete out.parameters;
  if (Array.isArray(op.security)) out.security = renameRequirements(op.security, schemes);
  return out;
}
