// The schema walkers every checker and the negative cases share: a schema with its `$ref`s followed and `allOf` merged
// (resolve), walked node by node (walkSchema), or beside a value it describes (walkValue).
import type { Contract, Json } from './contract.js';
import { typeOf } from './wire-forms.js';

/** Follows component `$ref`s and merges `allOf`, so members and limits can be read. */
export function resolve(contract: Contract, schema: Json, depth = 0): Json {
  if (!schema || typeof schema !== 'object' || depth > 20) return schema ?? {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop();
    return resolve(
      contract,
      { ...contract.componentSchema(name), ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$ref')) },
      depth + 1,
    );
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((s: Json) => resolve(contract, s, depth + 1));
    const { allOf: _allOf, ...rest } = schema;
    // A part's conditional (`if`/`then`/`else`) is kept whole, in an `allOf` of conditionals: merged, a second part's `if`
    // would overwrite the first's (provider 2.0.0 PlanApprovalParameters: one branch if APPROVED, another if DECLINED).
    const conditionals: Json[] = [];
    const merged = parts.reduce((acc: Json, part: Json) => {
      const { if: cond, then: yes, else: no, ...p } = part;
      if (cond !== undefined) conditionals.push({ if: cond, ...(yes ? { then: yes } : {}), ...(no ? { else: no } : {}) });
      return {
        ...acc,
        ...p,
        properties: { ...(acc.properties ?? {}), ...(p.properties ?? {}) },
        required: [...(acc.required ?? []), ...(p.required ?? [])],
      };
    }, rest);
    return conditionals.length ? { ...merged, allOf: conditionals } : merged;
  }
  return schema;
}

/**
 * The checkers' schema walker: depth first, `visit` on each node (`$ref`s followed, `allOf` merged) with its steps; items at step
 * `items` (`0`; null: not walked); with `branches`, each oneOf / anyOf first; false: not below; at most `depth` (8) deep.
 */
export function walkSchema(
  contract: Contract,
  schema: Json | undefined,
  visit: (s: Json, at: string[]) => boolean | void,
  { depth = 8, items = '0', branches = false }: { depth?: number; items?: string | null; branches?: boolean } = {},
): void {
  const walk = (node: Json, at: string[], d: number) => {
    const s = resolve(contract, node);
    if (!s || d > depth) return;
    if (branches) for (const alt of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(alt, at, d + 1);
    if (visit(s, at) === false) return;
    if (s.items && items !== null) walk(s.items, items ? [...at, items] : at, d + 1);
    for (const [name, member] of Object.entries<Json>(s.properties ?? {})) walk(member, [...at, name], d + 1);
  };
  if (schema) walk(schema, [], 0);
}

/** walkSchema's twin for a value: `visit` on each node with its resolved schema and steps; `branches`: the branch its value takes. */
export function walkValue(
  contract: Contract,
  schema: Json | undefined,
  value: unknown,
  visit: (s: Json, value: unknown, at: string[]) => boolean | void,
  { depth = Number.POSITIVE_INFINITY, every = true, branches = false } = {},
): void {
  const walk = (node: Json, v: unknown, at: string[], d: number): void => {
    const s = resolve(contract, node);
    if (!s || typeof s !== 'object' || d > depth) return;
    const alternatives: Json[] | undefined = s.oneOf ?? s.anyOf;
    if (branches && alternatives && !typeOf(s)) {
      const taken = alternatives.filter((alt) => contract.validator(`type-forms:alternative:${JSON.stringify(alt)}`, alt)(v));
      if (taken.length === 1) walk(taken[0], v, at, d + 1);
      return;
    }
    if (visit(s, v, at) === false) return;
    if (Array.isArray(v)) (every ? v : v.slice(0, 1)).forEach((item, i) => s.items && walk(s.items, item, [...at, String(i)], d + 1));
    else if (v && typeof v === 'object')
      for (const [name, member] of Object.entries(v)) if (s.properties?.[name]) walk(s.properties[name], member, [...at, name], d + 1);
  };
  if (schema) walk(schema, value, [], 0);
}
