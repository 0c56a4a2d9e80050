// What a key holds, two properties derived from the contract:
// - a deleted object frees what it held (`*-PROP-DELETE-FREES`): after a documented delete, every list
//   reading its kind no longer shows it, and every value its creator refuses to repeat (a 409 on a
//   duplicate: a customer's username) can be taken again by that creator. The by-id readers of the
//   deleted object are the after-delete checker's (helpers/client/security/after-delete.ts).
// - a limit counts only the key the contract names (`*-PROP-LIMIT-KEY`): a rate a 429 states
//   (`x-rate: { count, window, key }`) counts the calls of one key only: driven to its count under one
//   key, a call under another key that shares every other member is accepted, and a call under the
//   same key that differs in every other member is refused.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { limitOf } from '../../contract/facts.js';

const versionless = (path: string) => path.replace(/\/v\d+(?=\/)/g, '');

/** The documented deletes of a contract: every DELETE operation. */
export const deletersOf = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => op.method === 'DELETE');

/** The collection a delete removes its object from: its path without the last path id, versions aside. */
const collectionOf = (deleter: Operation): string | undefined => /^(.*)\/\{[^}]+\}$/.exec(versionless(deleter.path))?.[1];

/**
 * The lists that read the kind a delete removes: every GET of its collection (the delete's path
 * without its last id), of any version, and of a named view of it (`/accounts/simple`), that answers
 * without an id of its own past the collection (a list, not one of its items).
 */
export function listsOfDeleted(contract: Contract, deleter: Operation): Operation[] {
  const collection = collectionOf(deleter);
  if (!collection) return [];
  return [...contract.operations.values()].filter((r) => {
    if (r.method !== 'GET') return false;
    const path = versionless(r.path);
    return path === collection || new RegExp(`^${collection.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}/[a-z]+$`, 'i').test(path);
  });
}

/** The top-level members of a schema, through its `$ref`s and `allOf` parts. */
function membersOf(contract: Contract, node: unknown): Set<string> {
  const schema = contract.resolveSchema(node) as { properties?: object; allOf?: unknown[] } | undefined;
  return new Set([...Object.keys(schema?.properties ?? {}), ...(schema?.allOf ?? []).flatMap((part) => [...membersOf(contract, part)])]);
}

/**
 * The creators whose objects a delete removes: every POST to its collection or to a named kind of it
 * (`/customers/testing`, `/customers/active`), versions aside, that documents a 409 (seed 002, Errors:
 * "Conflict (customer ... already exists)"): what such a creator refuses to repeat is held by the
 * object, and freed with it.
 */
export function creatorsFreedBy(contract: Contract, deleter: Operation): Operation[] {
  const collection = collectionOf(deleter);
  if (!collection) return [];
  return [...contract.operations.values()].filter((op) => {
    if (op.method !== 'POST' || !op.responses['409']) return false;
    const path = versionless(op.path);
    return path === collection || /^(.*\/[a-z]+)\/[a-z]+$/i.exec(path)?.[1] === collection;
  });
}

/**
 * The values a creator's object holds alone: the members it is sent that its answer names back when
 * that answer is a receipt (fewer members than the request: CreatedCustomer's username), the members
 * a duplicate of which is the conflict its 409 states.
 */
export function heldValuesOf(contract: Contract, creator: Operation): string[] {
  const ok = Object.keys(creator.responses).find((s) => /^2\d\d$/.test(s));
  const sent = membersOf(contract, creator.requestBody?.schema);
  const answered = ok ? membersOf(contract, creator.responses[ok]!.schema) : new Set<string>();
  return answered.size < sent.size ? [...sent].filter((m) => answered.has(m)) : [];
}

/** A stated rate and the key it counts by (a path parameter or a body member of the call). */
export interface KeyedRate {
  count: number;
  windowSeconds: number;
  /** The request member the rate is counted per (`customerId`, `planId`). */
  key: string;
  why: string;
}

/**
 * The rate a 429 of an operation states with its key: `x-rate: { count, window, key }`, count and
 * window each the name of an `x-limits` entry, key the member of the request it counts by (financial
 * data: micro entry initiations per customer, seed 002 Errors 429 and reference/financial-data.md;
 * installments: the issuer's notifications per plan, reference/installments.md, Flows (b)).
 */
export function keyedRateOf(contract: Contract, op: Operation): KeyedRate | undefined {
  if (!op.responses['429']) return undefined;
  let node: Json = contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.responses?.['429'];
  for (let i = 0; node?.$ref && i < 10; i++)
    node = String(node.$ref)
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc: Json, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract.document);
  const rate = node?.['x-rate'];
  if (!rate?.count || !rate.window || !rate.key) return undefined;
  const count = limitOf(contract, rate.count);
  const windowSeconds = limitOf(contract, rate.window);
  return {
    count,
    windowSeconds,
    key: String(rate.key),
    why: `${count} per ${rate.key} in ${windowSeconds} s (x-limits ${rate.count}, ${rate.window})`,
  };
}

/** The operations documenting a 429: those a limit-key property applies to. */
export const limitedOf = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => op.responses['429']);

/**
 * Every string leaf of an answer that equals one of the ids, found under any member: a list showing
 * the deleted object anywhere (its items, a nested one) shows its id.
 */
export function showsId(answer: unknown, id: string, at = ''): string | undefined {
  if (answer === null || answer === undefined) return undefined;
  if (typeof answer !== 'object') return String(answer) === id && /id$/i.test(at.split('.').at(-1) ?? '') ? at : undefined;
  for (const [k, v] of Object.entries(answer)) {
    const found = showsId(v, id, at ? `${at}.${k}` : k);
    if (found) return found;
  }
  return undefined;
}
