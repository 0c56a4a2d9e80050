// What a key holds, two properties derived from the contract: a deleted object frees what it held (`*-PROP-DELETE-FREES`:
// no list of its kind shows it, a value its creator's 409 guards can be taken again); a limit counts only its key
// (`*-PROP-LIMIT-KEY`): a 429's `x-rate` or a refusal's `x-lock` (five failed authentications, seed 002 Limits).
import { type Contract, deref, type Json, type Operation } from '../../contract/contract.js';
import type { CallOptions } from '../client.js';
import { limitOf } from '../../contract/facts.js';
import { versionless } from '../../contract/writers.js';
import { setAt } from './kit.js';
import { rateOf } from './refusals.js';

/** The documented deletes of a contract: every DELETE operation. */
export const deletersOf = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => op.method === 'DELETE');

/** The collection a delete removes its object from: its path without the last path id, versions aside. */
const collectionOf = (deleter: Operation): string | undefined => /^(.*)\/\{[^}]+\}$/.exec(versionless(deleter.path))?.[1];

/** The lists reading the kind a delete removes: every GET ending in its collection's word or a named view (`/accounts/simple`). */
export function listsOfDeleted(contract: Contract, deleter: Operation): Operation[] {
  const collection = collectionOf(deleter);
  if (!collection) return [];
  const word = collection.split('/').at(-1)!;
  const root = collection.split('/')[1];
  return [...contract.operations.values()].filter((r) => {
    if (r.method !== 'GET') return false;
    const path = versionless(r.path);
    const steps = path.split('/');
    return steps[1] === root && (steps.at(-1) === word || (steps.at(-2) === word && /^[a-z]+$/i.test(steps.at(-1)!)));
  });
}

/** The creators a delete frees: POSTs to its collection or a named kind documenting a 409 (seed 002, Errors: "Conflict"). */
export function creatorsFreedBy(contract: Contract, deleter: Operation): Operation[] {
  const collection = collectionOf(deleter);
  if (!collection) return [];
  return [...contract.operations.values()].filter((op) => {
    if (op.method !== 'POST' || !op.responses['409']) return false;
    const path = versionless(op.path);
    return path === collection || /^(.*\/[a-z]+)\/[a-z]+$/i.exec(path)?.[1] === collection;
  });
}

/** A stated rate and the key it counts by (a path parameter or a body member of the call). */
interface KeyedRate {
  count: number;
  windowSeconds: number;
  /** The request member the rate is counted per (`customerId`, `planId`). */
  key: string;
  why: string;
}

/**
 * The rate a 429 states with its key (`x-rate`, `x-limits`): micro entry initiations per customer (seed 002 Errors 429,
 * reference/financial-data.md); installments' issuer notifications per plan (reference/installments.md, Flows (b)).
 */
export function keyedRateOf(contract: Contract, op: Operation): KeyedRate | undefined {
  const rate = rateOf(contract, op);
  if (!rate?.key) return undefined;
  return {
    count: rate.count,
    windowSeconds: rate.windowSeconds,
    key: rate.key,
    why: `${rate.count} per ${rate.key} in ${rate.windowSeconds} s (x-limits ${rate.names.count}, ${rate.names.window})`,
  };
}

/** The operations documenting a 429: those a limit-key property applies to. */
export const limitedOf = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => op.responses['429']);

/** A lock a refusal states with its key: after `count` failures of one key in a row, every call of that key is refused, the right one too. */
interface KeyedLock {
  count: number;
  /** The request member the failures are counted per (`partnerId`). */
  key: string;
  /** The status refusing a failure and every call of a locked key (`401`). */
  status: number;
  why: string;
}

/** The lock a response states with its key (`x-lock`: failed authentications per partner, seed 002 Authentication and Limits). */
export function keyedLockOf(contract: Contract, op: Operation): KeyedLock | undefined {
  const responses: Record<string, Json> = contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
  for (const [status, given] of Object.entries(responses)) {
    const node = deref(contract.document, given, (n) => n['x-lock']);
    const lock = node?.['x-lock'];
    if (!lock?.count || !lock.key) continue;
    const count = limitOf(contract, lock.count);
    return { count, key: String(lock.key), status: Number(status), why: `${count} failures per ${lock.key} (x-limits ${lock.count})` };
  }
  return undefined;
}

/** The operations stating a keyed lock: the other counted limits a limit-key property applies to. */
export const lockedOf = (contract: Contract): Operation[] => [...contract.operations.values()].filter((op) => keyedLockOf(contract, op));

/** The path of a leaf of an answer equal to the id under a member ending in `id`, at any depth (a nested list showing it too). */
export function showsId(answer: unknown, id: string, at = ''): string | undefined {
  if (answer === null || answer === undefined) return undefined;
  if (typeof answer !== 'object') return String(answer) === id && /id$/i.test(at.split('.').at(-1) ?? '') ? at : undefined;
  for (const [k, v] of Object.entries(answer)) {
    const found = showsId(v, id, at ? `${at}.${k}` : k);
    if (found) return found;
  }
  return undefined;
}

/** A call with its key member set: the path parameter of that name, else the body member of that name (at any depth). */
export function withKey(call: CallOptions, key: string, value: unknown): CallOptions {
  if (call.path && key in call.path) return { ...call, path: { ...call.path, [key]: value as string } };
  const body = structuredClone(call.body) as Json;
  const set = (node: Json): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (key in node) return (node[key] = value), true;
    return Object.values(node).some(set);
  };
  if (!set(body)) throw new Error(`the key ${key} is neither a path parameter nor a body member of the call`);
  return { ...call, body };
}

/** The call with every string leaf but the key changed, where `ok` takes it: a rate counted by any other member shows. */
export function variedLeaves(call: CallOptions, key: string, k: number, ok: (body: unknown) => boolean): CallOptions {
  let body = call.body;
  const walk = (node: Json, at: string[]): [string[], string][] =>
    node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k2, v]) => walk(v, [...at, k2]))
      : typeof node === 'string' && at.at(-1) !== key
        ? [[at, node]]
        : [];
  for (const [at, value] of walk(call.body, [])) {
    const next = setAt(
      body,
      at,
      /^[0-9]{3,}$/.test(value)
        ? value.slice(0, -2) + String((Number(value.slice(-2)) + 11 * (k + 1)) % 100).padStart(2, '0')
        : value.replace(/[a-zA-Z](?=[^a-zA-Z]*$)/, (c) =>
            c.toLowerCase() === 'q' ? (c === 'q' ? 'x' : 'X') : c === c.toLowerCase() ? 'q' : 'Q',
          ),
    );
    if (ok(next)) body = next;
  }
  return { ...call, body };
}

/** What a limit-key check sends: under its first key the rate's count of calls, and the three telling calls. */
interface LimitKeyCalls {
  /** The k-th call under the first key (k below the rate's count): each is accepted. */
  drive: (k: number) => CallOptions;
  /** A call differing from the first in every member but the key (variedLeaves, or a fresh valid call). */
  varied: CallOptions;
  /** Three values of the key: the one driven to its count, another, and a third the varied call is first confirmed under. */
  keys: [unknown, unknown, unknown];
}

/** A limit counts only its key (`*-PROP-LIMIT-KEY`): the driven key's varied call refused (429), another key's accepted. */
export async function checkLimitKey(
  send: (call: CallOptions) => Promise<{ status: number }>,
  op: Operation,
  rate: KeyedRate,
  calls: LimitKeyCalls,
  violations: { add(operationId: string, object: string, received: string, documented: string): void },
): Promise<string[]> {
  const [driven, other, own] = calls.keys;
  const seen: string[] = [];
  const ok = (s: number) => s >= 200 && s < 300;
  const confirm = await send(withKey(calls.varied, rate.key, own));
  seen.push(`varied call under ${rate.key} ${String(own)}: ${confirm.status}`);
  if (!ok(confirm.status))
    throw new Error(
      `${op.operationId}: the varied call is refused (${confirm.status}) under a ${rate.key} of its own: the check's input, not the rate`,
    );
  for (let k = 0; k < rate.count; k++) {
    const res = await send(withKey(calls.drive(k), rate.key, driven));
    seen.push(`#${k + 1} under ${rate.key} ${String(driven)}: ${res.status}`);
    if (!ok(res.status))
      violations.add(
        op.operationId,
        `call #${k + 1} of ${rate.why} under one ${rate.key}`,
        `${res.status}`,
        'its documented 2xx: within the count',
      );
  }
  const same = await send(withKey(calls.varied, rate.key, driven));
  seen.push(`varied call under ${rate.key} ${String(driven)}: ${same.status}`);
  if (same.status !== 429)
    violations.add(
      op.operationId,
      `a call past ${rate.why}, under the same ${rate.key}, every other member changed`,
      `${same.status}`,
      `429: the rate counts its ${rate.key}, whatever the other members`,
    );
  const another = await send(withKey(calls.drive(0), rate.key, other));
  seen.push(`first call under another ${rate.key} ${String(other)}: ${another.status}`);
  if (!ok(another.status))
    violations.add(
      op.operationId,
      `the first call again under another ${rate.key}, every other member the same, once one ${rate.key} has reached ${rate.why}`,
      `${another.status}`,
      `its documented 2xx: the rate counts only its ${rate.key}`,
    );
  return seen;
}

/** The calls of one key of a lock check: its right call and its k-th failing one (each valid for the contract). */
export interface LockKeyCalls {
  name: string;
  right: CallOptions;
  wrong: (k: number) => CallOptions;
}

/** A lock counts only its key (`*-PROP-LIMIT-KEY`): the driven key's right call refused at its count, the other's, one short, accepted. */
export async function checkLockKey(
  send: (call: CallOptions) => Promise<{ status: number }>,
  op: Operation,
  lock: KeyedLock,
  driven: LockKeyCalls,
  other: LockKeyCalls,
  violations: { add(operationId: string, object: string, received: string, documented: string): void },
): Promise<string[]> {
  const seen: string[] = [];
  const ok = (s: number) => s >= 200 && s < 300;
  const call = async (who: LockKeyCalls, what: string, options: CallOptions, right: boolean) => {
    const res = await send(options);
    seen.push(`${what} of ${lock.key} ${who.name}: ${res.status}`);
    if (right ? !ok(res.status) : res.status !== lock.status)
      violations.add(
        op.operationId,
        `${what} of ${lock.key} ${who.name}`,
        `${res.status}`,
        right ? 'its documented 2xx' : `${lock.status}: a failure`,
      );
    return res.status;
  };
  for (let k = 0; k < lock.count; k++) {
    await call(other, `failure between`, other.wrong(k), false);
    await call(driven, `failure #${k + 1} of ${lock.why}`, driven.wrong(k), false);
    await call(other, `right call between`, other.right, true);
  }
  const locked = await send(driven.right);
  seen.push(`right call of ${lock.key} ${driven.name} past the count: ${locked.status}`);
  if (locked.status !== lock.status)
    violations.add(
      op.operationId,
      `the right call of one ${lock.key} after ${lock.why} in a row, another ${lock.key}'s successes and failures interleaved`,
      `${locked.status}`,
      `${lock.status}: the lock counts its ${lock.key}'s failures, whatever another ${lock.key} does between`,
    );
  for (let k = 0; k < lock.count - 1; k++) await call(other, `failure #${k + 1} in a row`, other.wrong(lock.count + k), false);
  const free = await send(other.right);
  seen.push(`right call of ${lock.key} ${other.name} after ${lock.count - 1} failures: ${free.status}`);
  if (!ok(free.status))
    violations.add(
      op.operationId,
      `the right call of another ${lock.key} after ${lock.count - 1} failures in a row, once one ${lock.key} is locked`,
      `${free.status}`,
      `its documented 2xx: the lock counts only its ${lock.key}`,
    );
  return seen;
}

/** The lists of the objects a delete takes with it (a login's accounts leave every list of accounts: seed 002, Accounts). */
export function listsOfTaken(contract: Contract, deleter: Operation): Operation[] {
  const words = new Set(
    [...contract.operations.values()]
      .filter((r) => r.method === 'GET' && r.path.startsWith(`${deleter.path}/`))
      .map((r) => r.path.slice(deleter.path.length + 1).split('/')[0]!)
      .filter((w) => /^[a-z]+$/i.test(w)),
  );
  const root = versionless(deleter.path).split('/')[1];
  return [...contract.operations.values()].filter((r) => {
    if (r.method !== 'GET' || r.path.startsWith(`${deleter.path}/`)) return false;
    const steps = versionless(r.path).split('/');
    return steps[1] === root && [...words].some((w) => steps.at(-1) === w || (steps.at(-2) === w && /^[a-z]+$/i.test(steps.at(-1)!)));
  });
}
