// The facts a contract states, read by name (a length, size, range, enum, security header, behavioural limit), so each figure
// lives in the contract only (and, independently, in the seeds' transcription: tests/self/seed-figures.spec.ts).
import type { Contract, Json } from './contract.js';
import type { OperationId } from './operations.js';

/** Lower and upper bound of a keyword pair (minLength/maxLength, minItems/maxItems, minimum/maximum). */
export interface Bounds {
  min?: number;
  max?: number;
}

/** The member `dotted` (`consumer.firstName`) of a component schema, through `$ref`s and `allOf` branches. */
function member(contract: Contract, node: Json, name: string): Json {
  const schema = contract.resolveSchema(node);
  if (name === '[]') return schema?.items;
  if (schema?.properties?.[name] !== undefined) return schema.properties[name];
  for (const branch of schema?.allOf ?? []) {
    const found = member(contract, branch, name);
    if (found !== undefined) return found;
  }
  if (schema?.type === 'array' && schema.items) return member(contract, schema.items, name);
  return undefined;
}

/**
 * A component schema or member, resolved (`schemaAt(c, 'EnrollCardRequest', 'consumer.firstName')`; `'amounts.[]'`: items).
 * Throws with the path when there is none: the asker's defect, never a silent undefined.
 */
export function schemaAt(contract: Contract, component: string, dotted?: string): Json {
  let node: Json = contract.componentSchema(component);
  if (node === undefined) throw new Error(`${contract.service}: no component schema ${component}`);
  for (const name of dotted ? dotted.split('.') : []) {
    node = member(contract, node, name);
    if (node === undefined) throw new Error(`${contract.service}: ${component} has no member ${dotted}`);
  }
  return contract.resolveSchema(node);
}

/** A keyword of the schema or of the `allOf` branches it is built from (the first that states it). */
function keyword(contract: Contract, schema: Json, name: string): Json {
  if (schema?.[name] !== undefined) return schema[name];
  for (const branch of schema?.allOf ?? []) {
    const found = keyword(contract, contract.resolveSchema(branch), name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The two bounds `min` and `max` of a schema; throws naming `where` when it states neither. */
function boundsOf(contract: Contract, schema: Json, where: string, min: string, max: string): Bounds {
  const out: Bounds = {};
  const lo = keyword(contract, schema, min);
  const hi = keyword(contract, schema, max);
  if (lo !== undefined) out.min = lo;
  if (hi !== undefined) out.max = hi;
  if (out.min === undefined && out.max === undefined) throw new Error(`${contract.service}: ${where} states neither ${min} nor ${max}`);
  return out;
}

/** A component schema or member as an error names it. */
const named = (component: string, dotted?: string) => `${component}${dotted ? `.${dotted}` : ''}`;

const bounds = (contract: Contract, component: string, dotted: string | undefined, min: string, max: string): Bounds =>
  boundsOf(contract, schemaAt(contract, component, dotted), named(component, dotted), min, max);

/** A keyword a schema states (keyword); throws naming `where` when it states none. */
function stated(contract: Contract, schema: Json, where: string, name: string): unknown {
  const value = keyword(contract, schema, name);
  if (value === undefined) throw new Error(`${contract.service}: ${where} states no ${name}`);
  return value;
}

/** The schema of an operation's parameter (query, path or header), resolved; the operation id typed as `Contract.operation` takes it. */
export function parameterSchema(contract: Contract, operationId: OperationId, name: string): Json {
  const param = contract.operation(operationId).parameters.find((p) => p.name === name);
  if (!param) throw new Error(`${contract.service}: ${operationId} has no parameter ${name}`);
  return contract.resolveSchema(param.schema);
}

/** minimum / maximum of an operation's parameter. */
export const parameterRange = (contract: Contract, operationId: OperationId, name: string): Bounds =>
  boundsOf(contract, parameterSchema(contract, operationId, name), `${operationId} parameter ${name}`, 'minimum', 'maximum');

/** The `default` of an operation's parameter. */
export const parameterDefault = (contract: Contract, operationId: OperationId, name: string): unknown =>
  stated(contract, parameterSchema(contract, operationId, name), `${operationId} parameter ${name}`, 'default');

/** minLength / maxLength of a string. */
export const lengthOf = (contract: Contract, component: string, dotted?: string): Bounds =>
  bounds(contract, component, dotted, 'minLength', 'maxLength');

/** minItems / maxItems of an array. */
export const sizeOf = (contract: Contract, component: string, dotted?: string): Bounds =>
  bounds(contract, component, dotted, 'minItems', 'maxItems');

/** minimum / maximum of a number. */
export const rangeOf = (contract: Contract, component: string, dotted?: string): Bounds =>
  bounds(contract, component, dotted, 'minimum', 'maximum');

/** A member's bounds: a string's length (or its pattern's one `{m,n}`: `^[0-9]{11,19}$`), a number's range, an array's items. */
export function statedBounds(contract: Contract, component: string, dotted?: string): Bounds {
  const schema = schemaAt(contract, component, dotted);
  const pairs = [
    ['minLength', 'maxLength'],
    ['minimum', 'maximum'],
    ['minItems', 'maxItems'],
  ] as const;
  const pair = pairs.find(([lo, hi]) => keyword(contract, schema, lo) !== undefined || keyword(contract, schema, hi) !== undefined);
  if (pair) return bounds(contract, component, dotted, pair[0], pair[1]);
  const run = /^\^[^{]*\{(\d+),(\d+)\}\$$/.exec(String(keyword(contract, schema, 'pattern') ?? ''));
  if (!run) throw new Error(`${contract.service}: ${named(component, dotted)} states no bounds`);
  return { min: Number(run[1]), max: Number(run[2]) };
}

/** The ends of bounds a check tries: each end stated, accepted, and a step past each, refused. */
export function boundEnds({ min, max }: Bounds, step = 1): { n: number; ok: boolean }[] {
  return [
    ...(min === undefined
      ? []
      : [
          { n: min - step, ok: false },
          { n: min, ok: true },
        ]),
    ...(max === undefined || max === min ? [] : [{ n: max, ok: true }]),
    ...(max === undefined ? [] : [{ n: max + step, ok: false }]),
  ];
}

/** The `default` of a schema. */
export const defaultOf = (contract: Contract, component: string, dotted?: string): unknown =>
  stated(contract, schemaAt(contract, component, dotted), named(component, dotted), 'default');

/** The `const` of a schema (a value the contract fixes, e.g. a count). */
export const constOf = (contract: Contract, component: string, dotted?: string): unknown =>
  stated(contract, schemaAt(contract, component, dotted), named(component, dotted), 'const');

/** The values of an enum. */
export function enumOf(contract: Contract, component: string, dotted?: string): string[] {
  const values = keyword(contract, schemaAt(contract, component, dotted), 'enum');
  if (!Array.isArray(values)) throw new Error(`${contract.service}: ${named(component, dotted)} is not an enum`);
  return [...values];
}

/** The provider's values of an enum where the seed's differ (`x-provider-enum`, a seed-vs-provider conflict). */
export function providerEnumOf(contract: Contract, component: string): string[] {
  const values = keyword(contract, schemaAt(contract, component), 'x-provider-enum');
  if (!Array.isArray(values)) throw new Error(`${contract.service}: ${component} has no x-provider-enum`);
  return [...values];
}

/** A header security scheme: the header's name, and the provider's name for it where ours differs (`x-provider-name`). */
export function securityHeader(contract: Contract, scheme: string): { name: string; providerName: string } {
  const s = contract.document.components?.securitySchemes?.[scheme];
  if (s?.type !== 'apiKey' || s.in !== 'header') throw new Error(`${contract.service}: no header security scheme ${scheme}`);
  return { name: s.name, providerName: s['x-provider-name'] ?? s.name };
}

/** A limit no schema keyword carries (a token's lifetime, a polling interval): `x-limits`, `{ value, unit, source, cite }`. */
export function limitOf(contract: Contract, name: string): number {
  const entry = contract.document['x-limits']?.[name];
  if (typeof entry?.value !== 'number') throw new Error(`${contract.service}: no numeric x-limits entry ${name}`);
  return entry.value;
}

/** An `x-limits` entry whose value is a list (the listener ports). */
export function limitListOf(contract: Contract, name: string): number[] {
  const entry = contract.document['x-limits']?.[name];
  if (!Array.isArray(entry?.value)) throw new Error(`${contract.service}: no list x-limits entry ${name}`);
  return [...entry.value];
}

/** Which names the header security schemes carry: the contract's own (the seed's) or the provider's. */
export type HeaderNaming = 'seed' | 'provider';

/** The financial data security schemes, by the role their header plays. */
export const FD_SECURITY_SCHEMES = { appKey: 'PartnerAppKey', appToken: 'PartnerAppToken' } as const;
export type FdHeaderNames = Record<keyof typeof FD_SECURITY_SCHEMES, string>;

/** The financial data security header names under a naming, each overridable (FD_APP_KEY_HEADER, FD_APP_TOKEN_HEADER). */
export function fdHeaderNames(contract: Contract, naming: HeaderNaming, overrides: Partial<FdHeaderNames> = {}): FdHeaderNames {
  const name = (role: keyof FdHeaderNames) => {
    const header = securityHeader(contract, FD_SECURITY_SCHEMES[role]);
    return overrides[role] ?? (naming === 'provider' ? header.providerName : header.name);
  };
  return { appKey: name('appKey'), appToken: name('appToken') };
}
