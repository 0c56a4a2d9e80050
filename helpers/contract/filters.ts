// The string filters of list readers and how each is documented to match, read from the contract's parameters: `exact`
// ("Username to look up"): the value as held lists the object, folded (case swapped, a space added) not, unless documented
// (FD-FILTER-EXACT); `search` ("Search text matched against username or ..."): the value in its own mixed case finds it;
// `fuzzy` (the institution search): not checked.
import type { Json, Operation, Parameter } from './contract.js';

export type FilterKind = 'exact' | 'search' | 'fuzzy';

export interface Filter {
  operation: Operation;
  parameter: Parameter;
  kind: FilterKind;
  /** The item members the filter is documented to match (its own name, or the members its description names). */
  members: string[];
}

/** Query parameters that page or shape an answer, never filter it. */
const NOT_FILTERS = /^(start|limit|offset|page|pageSize|size|sort|include\w*|onBehalfOf|purpose|callbackUrl|type|status)$/;

const squash = (name: string) => name.replace(/_/g, '').toLowerCase();

/** A parameter's own node (description, extensions) as declared: maybe a `$ref`, on the path or the operation. */
export function parameterNode(document: Json, operation: Operation, parameter: Parameter): Json {
  const followed = (node: Json): Json =>
    typeof node?.$ref === 'string'
      ? String(node.$ref)
          .replace(/^#\//, '')
          .split('/')
          .reduce((at: Json, key: string) => at?.[key], document)
      : node;
  const declared = [
    ...(document.paths[operation.path]?.parameters ?? []),
    ...(document.paths[operation.path]?.[operation.method.toLowerCase()]?.parameters ?? []),
  ];
  return declared.map(followed).find((x: Json) => x?.name === parameter.name && x.in === parameter.in) ?? {};
}

/** How a parameter's description and schema are read from the contract's document (its schema a `$ref` to a component schema). */
export function parameterReaders(contract: { document: Json; resolveSchema(node: Json): Json }): {
  descriptionOf: (o: Operation, p: Parameter) => string;
  schemaOf: (p: Parameter) => Record<string, unknown>;
  matchesOf: (o: Operation, p: Parameter) => string[] | undefined;
} {
  return {
    descriptionOf: (o, p) => String(parameterNode(contract.document, o, p).description ?? ''),
    schemaOf: (p) => contract.resolveSchema(p.schema ?? {}) ?? {},
    matchesOf: (o, p) => {
      const stated = parameterNode(contract.document, o, p)['x-matches'];
      return Array.isArray(stated) ? stated.map(String) : undefined;
    },
  };
}

/** The string filters of the GET operations, each with how it matches; `descriptionOf` reads a parameter's description. */
export function stringFilters(
  operations: Iterable<Operation>,
  descriptionOf: (o: Operation, p: Parameter) => string,
  /** The parameter's schema with a `$ref` followed. */
  schemaOf: (p: Parameter) => Record<string, unknown> = (p) => p.schema ?? {},
  /** The members a search matches where prose names them: `x-matches` (provider 1.35.0 InstitutionSearchParameter: `name`). */
  matchesOf: (o: Operation, p: Parameter) => string[] | undefined = () => undefined,
): Filter[] {
  const out: Filter[] = [];
  for (const operation of operations) {
    if (operation.method !== 'GET') continue;
    for (const parameter of operation.parameters) {
      const s = schemaOf(parameter);
      if (parameter.in !== 'query' || s.type !== 'string' || s.enum || s.format || s.pattern || NOT_FILTERS.test(parameter.name)) continue;
      const text = descriptionOf(operation, parameter);
      const kind: FilterKind = /fuzzy/i.test(text) ? 'fuzzy' : /search|contain|match/i.test(text) ? 'search' : 'exact';
      const named = matchesOf(operation, parameter) ?? [...text.matchAll(/\b(username|firstName|lastName)\b/g)].map((m) => m[1]);
      // An exact filter matches its own member, or the member its name qualifies (account_type: an account's type).
      const own = [parameter.name, ...(/_/.test(parameter.name) ? [parameter.name.split('_').pop()!] : [])];
      out.push({ operation, parameter, kind, members: kind === 'exact' ? own : [...new Set(named)] });
    }
  }
  return out;
}

/** The member of an item a filter compares: the same name, `_` and case aside (`application_id` is `applicationId`). */
export const memberOf = (item: Record<string, unknown>, name: string): string | undefined =>
  Object.keys(item).find((k) => squash(k) === squash(name));

/** A filter or request member taking several values in one: a separated list (comma or white space) or an array. */
interface MultiValued {
  operation: Operation;
  in: 'query' | 'body';
  /** The parameter's name or the body member's dotted path. */
  at: string;
  /** How the values travel: `,` or ` ` inside one string, or `array` (a JSON list). */
  separator: ',' | ' ' | 'array';
  description: string;
}

const SEPARATED = /comma[- ]separated|separated by commas|separated by white ?space|comma separated/i;

/** Every query parameter and body member (two deep) taking several values: comma- or space-separated, or an array of strings. */
export function multiValuedFilters(
  contract: { operations: Map<string, Operation>; resolveSchema(node: Json): Json },
  descriptionOf: (o: Operation, p: Parameter) => string,
  schemaOf: (p: Parameter) => Record<string, unknown> = (p) => p.schema ?? {},
): MultiValued[] {
  const out: MultiValued[] = [];
  const separatorOf = (text: string) => (/white ?space/i.test(text) ? ' ' : ',');
  for (const operation of contract.operations.values()) {
    for (const p of operation.parameters.filter((x) => x.in === 'query')) {
      const text = `${descriptionOf(operation, p)} ${String(schemaOf(p).description ?? '')}`;
      if (SEPARATED.test(text)) out.push({ operation, in: 'query', at: p.name, separator: separatorOf(text), description: text.trim() });
    }
    const walk = (node: Json, prefix: string, depth: number) => {
      const schema = contract.resolveSchema(node);
      if (!schema || depth > 2) return;
      for (const part of [
        schema,
        ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => schema[k] ?? []).map((b: Json) => contract.resolveSchema(b)),
      ])
        for (const [name, member] of Object.entries<Json>(part?.properties ?? {})) {
          const m = contract.resolveSchema(member);
          const at = `${prefix}${name}`;
          const text = String(m?.description ?? member?.description ?? '');
          const items = m?.type === 'array' ? contract.resolveSchema(m.items) : undefined;
          if (items?.type === 'string') out.push({ operation, in: 'body', at, separator: 'array', description: text });
          else if (m?.type === 'string' && SEPARATED.test(text))
            out.push({ operation, in: 'body', at, separator: separatorOf(text), description: text });
          else if (m?.type === 'object' || m?.properties) walk(m, `${at}.`, depth + 1);
        }
    };
    if (operation.requestBody?.schema) walk(operation.requestBody.schema, '', 0);
  }
  return out;
}
