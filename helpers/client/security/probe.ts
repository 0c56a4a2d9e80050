// What the security-property checkers share (as RESTler's checkers): a probe is one call of one operation on one object with
// the statuses the contract allows; a checker collects every violation of its loop and fails once, naming them all.
import type { Authorizer } from '../../auth/authorizer.js';
import type { Operation } from '../../contract/contract.js';
import type { ObjectId, ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { ServiceName } from '../../contract/operations.js';
import { expect } from '@playwright/test';
import { problemsUnder } from '../annotations.js';
import { ruleCountedFor } from '../property-counts.js';

/** The objects a checker's run holds, by resource (`customer` -> its id). */
export type LiveObjects = Record<string, string>;

export interface Probe {
  operation: Operation;
  call: CallOptions;
  /** The object the probe is about, in words (`customer 1004`). */
  object: string;
  /** Statuses the contract allows here; anything else is a violation. */
  documented: number[];
}

interface Violation {
  checker: string;
  operationId: string;
  object: string;
  received: string;
  documented: string;
  /** The rule stating what was documented, where it is not the checker's own (one check judging several rules). */
  rule?: string;
}

/** An operation a checker leaves out (or one of its ids), with the reason. */
export interface LeftOut {
  operationId: string;
  reason: string;
}

/** The reason of an operation that documents no refusal of an object it does not find. */
export const NO_REFUSAL = 'documents no refusal (404, 400 or 403)';

/** A checker's loop over its operations (`plan`: each one's probes or a reason); `deletesLast`: a wrong delete hides nothing. */
export function planProbes<O extends { operation: Operation }>(
  ops: readonly O[],
  plan: (o: O) => (Probe | string)[],
  deletesLast = false,
): { probes: Probe[]; leftOut: LeftOut[] } {
  const probes: Probe[] = [];
  const leftOut: LeftOut[] = [];
  for (const o of ops)
    for (const p of plan(o))
      if (typeof p === 'string') leftOut.push({ operationId: o.operation.operationId, reason: p });
      else probes.push(p);
  if (deletesLast) probes.sort((a, b) => Number(a.operation.method === 'DELETE') - Number(b.operation.method === 'DELETE'));
  return { probes, leftOut };
}

/** The answer a probe got (status and parsed body), for checkers that look further than the status. */
export interface ProbeAnswer {
  probe: Probe;
  status?: number;
  body?: unknown;
  text?: string;
}

export class Violations {
  readonly list: Violation[] = [];
  constructor(readonly checker: string) {}

  add(operationId: string, object: string, received: string, documented: string, rule?: string): void {
    this.list.push({ checker: this.checker, operationId, object, received, documented, ...(rule ? { rule } : {}) });
  }

  /** Fails the running check when any was found (expectNone, with `note` saying what else the reader needs). */
  expectNone(note?: string): void {
    expectNone([this], note);
  }

  /** One line per violation, as the client's ContractViolation reads: `[checker] op (object): Received: ... / Documented: ...`. */
  describe(): string {
    return this.list
      .map((v) => `[${v.checker}] ${v.operationId} (${v.object}): Received: ${v.received} / Documented: ${v.documented}`)
      .join('\n');
  }
}

/**
 * Fails the running check when any list holds a violation, filed under the rule stating what the first one received (the
 * cause is the first judgement that failed on the wire): its own rule, else its checker when that is a rule id, else the
 * rule the check counts its property under (countProperty), at its operation.
 */
export function expectNone(lists: readonly Violations[], note?: string): void {
  const first = lists.flatMap((l) => l.list)[0];
  const described = [...lists.map((l) => l.describe()), note].filter(Boolean).join('\n');
  if (first) {
    const rule = first.rule ?? (/^[A-Z]+(-[A-Z0-9]+)+$/.test(first.checker) ? first.checker : ruleCountedFor(first.checker));
    if (rule) problemsUnder(rule, [described], first.operationId);
  }
  expect(
    lists.flatMap((l) => l.list),
    described,
  ).toEqual([]);
}

/** The refusal of an object out of reach: 404 (seed 002, Errors), else 400 (provider 1.35.0 BadRequestErrorResponse), else 403. */
export function refusalOf(op: Operation): number | undefined {
  return refusalsOf(op)[0];
}

/** Every refusal an operation documents for an object it does not find (404, 400, 403), in that order. */
export function refusalsOf(op: Operation): number[] {
  return [404, 400, 403].filter((s) => op.responses[String(s)] !== undefined);
}

/** The records holding a dotted member's last step, through each list element, past a record lacking a step. */
export function holders(node: unknown, steps: readonly string[]): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap((n) => holders(n, steps));
  if (!node || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const [first, ...rest] = steps;
  if (!rest.length) return [record];
  return first in record ? holders(record[first], rest) : [];
}

/** A deep copy of a call with each object id set to the live object of its resource (or the override's). */
export function withObjects(call: CallOptions, ids: readonly ObjectId[], objects: LiveObjects): CallOptions {
  const out: CallOptions = { ...call, path: { ...call.path }, body: call.body === undefined ? undefined : structuredClone(call.body) };
  for (const id of ids) {
    const value = objects[id.resource];
    if (value === undefined) continue;
    if (id.in === 'path') out.path![id.name] = value;
    else {
      // Only a member the sample sends is replaced: the checker keeps the sample's shape.
      const steps = id.at.split('.');
      const last = steps[steps.length - 1];
      for (const record of holders(out.body, steps))
        if (last in record) record[last] = typeof record[last] === 'number' && /^[0-9]+$/.test(value) ? Number(value) : value;
    }
  }
  return out;
}

/** The object ids a call carries: a path id always, a body id only where the sample's body has it (withObjects adds none). */
export function sentIds(call: CallOptions, ids: readonly ObjectId[]): ObjectId[] {
  return ids.filter((id) => id.in === 'path' || holders(call.body, id.at.split('.')).some((r) => id.at.split('.').pop()! in r));
}

/** Whether every owned id of an operation has a live object in this run (else the checker cannot probe it). */
export function reachable(o: ObjectIdOperation, objects: LiveObjects): boolean {
  return o.ids.every((id) => id.owner === 'public' || objects[id.resource] !== undefined);
}

/** The objects a probe names, in words: `customer 1004, account 2001`. */
export function objectsNamed(o: ObjectIdOperation, objects: LiveObjects): string {
  return o.ids
    .filter((id) => id.owner !== 'public')
    .map((id) => `${id.resource} ${objects[id.resource] ?? '?'}`)
    .join(', ');
}

/** Sends each probe as `auth`: every status off the documented ones and every contract violation recorded; a skip stops it. */
export async function runProbes<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly Probe[],
  violations: Violations,
  auth?: Authorizer,
  onAnswer?: (answer: ProbeAnswer) => void,
): Promise<ProbeAnswer[]> {
  const answers: ProbeAnswer[] = [];
  for (const probe of probes) {
    const expected = probe.documented.join(' or ');
    try {
      const res = await api.callOperation(probe.operation, auth ? { ...probe.call, auth } : probe.call);
      const answer = { probe, status: res.status, body: res.body, text: res.text };
      answers.push(answer);
      onAnswer?.(answer);
      if (!probe.documented.includes(res.status)) violations.add(probe.operation.operationId, probe.object, String(res.status), expected);
    } catch (error) {
      // A skip (the breaker: the violation already failed enough checks) stops the test as it would a single check.
      if (api.stopped) throw error;
      const message = (error as Error).message.split('\n')[0];
      violations.add(probe.operation.operationId, probe.object, message, expected);
      answers.push({ probe });
    }
  }
  return answers;
}
