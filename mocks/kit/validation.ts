// Request validation from the same contract as the tests. Start-up faults loosen the contract
// (a copy compiled under its own Ajv ids), so "a limit not enforced" is a schema patch, not code.
import { createHash } from 'node:crypto';
import { Contract } from '../../helpers/contract/contract.js';
import type { ErrorObject } from '../../helpers/contract/ajv.js';
import type { Relaxation } from './faults.js';

export function relaxedContract(contract: Contract, relaxations: Relaxation[]): Contract {
  if (relaxations.length === 0) return contract;
  const document = structuredClone(contract.document);
  const operation = (id: string) =>
    Object.values<any>(document.paths ?? {})
      .flatMap((item) => Object.values<any>(item))
      .find((op) => op?.operationId === id);
  for (const r of relaxations) {
    let node = r.operation ? operation(r.operation) : document.components?.schemas?.[r.schema ?? ''];
    for (const key of r.at ?? []) node = node?.[key];
    if (!node) throw new Error(`fault relaxation: ${r.operation ?? r.schema}/${(r.at ?? []).join('/')} not in the contract`);
    for (const k of r.drop ?? []) delete node[k];
    for (const [k, v] of Object.entries(r.set ?? {})) {
      if (v === undefined) delete node[k];
      else node[k] = v;
    }
    for (const k of r.provider ?? []) {
      if (node[`x-provider-${k}`] === undefined)
        throw new Error(`fault relaxation: ${r.operation ?? r.schema}/${(r.at ?? []).join('/')} has no x-provider-${k}`);
      node[k] = structuredClone(node[`x-provider-${k}`]);
    }
    for (const [k, by] of Object.entries(r.shift ?? {})) {
      if (typeof node[k] !== 'number')
        throw new Error(`fault relaxation: ${r.operation ?? r.schema}/${(r.at ?? []).join('/')} has no numeric ${k} to shift`);
      node[k] += by;
    }
    for (const [k, values] of Object.entries(r.add ?? {})) node[k] = [...(node[k] ?? []), ...values];
    for (const [k, values] of Object.entries(r.remove ?? {})) node[k] = (node[k] ?? []).filter((v: unknown) => !values.includes(v));
    if (r.unrequire && Array.isArray(node.required)) node.required = node.required.filter((n: string) => !r.unrequire!.includes(n));
  }
  const tag = createHash('sha1').update(JSON.stringify(relaxations)).digest('hex').slice(0, 10);
  return new Contract(`${contract.service}~${tag}`, document);
}

export interface Violation {
  /** Dotted path of the offending field (reference A4), e.g. consumer.firstName. */
  field: string;
  keyword: string;
  message: string;
}

/** Ajv errors as field-level violations, the most specific first and one per field. */
export function violations(errors: ErrorObject[] | null | undefined, prefix = ''): Violation[] {
  const seen = new Map<string, Violation>();
  for (const e of errors ?? []) {
    const parts = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') parts.push((e.params as { missingProperty: string }).missingProperty);
    const field = [prefix, ...parts].filter(Boolean).join('.') || prefix || 'body';
    if (!seen.has(field)) seen.set(field, { field, keyword: e.keyword, message: `${field} ${e.message ?? 'is invalid'}` });
  }
  return [...seen.values()];
}
