// Property: a refused request leaves no trace. After any 4xx from a writer (create, update, delete,
// subscribe, register), whatever the refusal's reason (a member the contract refuses, no credentials,
// another partner's object), every reader of the objects the writer names answers as before it,
// member by member (seed 002, Errors: a 4xx "indicates a request the service did not carry out"; seed
// 001, Errors; the catalogue's *-PROP-REFUSED-NO-TRACE). The writers and their readers are read from
// the contract (kit.ts); each writer gets one request per kind of refusal from its valid sample, and
// its readers are read before and after them.
import type { Contract, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import { negativeCases, refusalStatuses } from '../negative.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import type { Violations } from '../security/probe.js';
import { changedLeaves, leavesOf, readersOfNamed, volatileLeaves, writersOfContract } from './kit.js';

export const REFUSED_NO_TRACE = 'refused-leaves-no-trace';

export interface Refusal {
  /** The refusal's reason, in words (`validation: body /firstName: longer than maxLength 30`, `authorization: no credentials`). */
  why: string;
  call: CallOptions;
}

export interface Read {
  operation: Operation;
  call: CallOptions;
}

/** One writer's probe: its refusals and the reads of what it names. */
export interface TraceProbe {
  writer: Operation;
  refusals: Refusal[];
  reads: Read[];
}

/**
 * The refusals of a writer from its valid call: the first body member the contract refuses (else
 * the first query or header parameter), no credentials where a 401 is documented, and the call of
 * another partner's caller on the writer's objects (`ownership`, from the other-partner checker's
 * probe of it, helpers/client/security/other-partner.ts) where there is one.
 */
export function refusalsOf(contract: Contract, op: Operation, valid: CallOptions, ownership?: CallOptions): Refusal[] {
  const out: Refusal[] = [];
  // A case that breaks an object id's member names no object any more: the refusal must still name the writer's.
  const ids = objectIdsOf(contract, op)
    .ids.filter((id) => id.in === 'body')
    .map((id) => `body /${id.at.replace(/\./g, '/')}`);
  const negative = negativeCases(contract, op, valid).filter(
    (c) => !ids.some((at) => c.name.startsWith(`${at}:`) || c.name.startsWith(`${at}/`)),
  );
  const invalid =
    negative.find((c) => c.where === 'body' && c.call.body !== undefined && c.call.rawBody === undefined) ??
    negative.find((c) => c.where === 'query' || c.where === 'header');
  if (invalid && refusalStatuses(op).length) out.push({ why: `validation: ${invalid.name}`, call: invalid.call });
  if (op.responses['401']) out.push({ why: 'authorization: no credentials', call: { ...valid, auth: false } });
  if (ownership) out.push({ why: "ownership: another partner's caller", call: ownership });
  return out;
}

/** The writers of the contract and the readers of what each names (helpers/client/invariants/kit.ts). */
export const traceWriters = (contract: Contract) =>
  writersOfContract(contract).map((writer) => ({ writer, readers: readersOfNamed(contract, writer) }));

const keyOf = (r: Read) => `${r.operation.operationId} ${JSON.stringify(r.call)}`;

/**
 * Reads every reader of the probes twice (what differs between the two is not compared), then per
 * writer sends each refusal and reads its readers again: a refusal answered otherwise than 4xx, or a
 * reader that answers otherwise than before, is a violation naming the writer, the reader and the
 * member. The answers after a writer are the next writer's "before".
 */
export async function checkRefusedLeaveNoTrace<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly TraceProbe[],
  violations: Violations,
  /** A leaf that moves with the clock alone (an "as of now" date): a change of it is no trace. */
  moving: (path: string, before: unknown, after: unknown) => boolean = () => false,
): Promise<string[]> {
  const read = async (r: Read) => {
    const res = await api
      .callOperation(r.operation, r.call)
      .catch((error: Error) => ({ status: error.message.split('\n')[0], body: undefined }));
    return { status: res.status, body: res.body };
  };
  const last = new Map<string, { status: unknown; body: unknown }>();
  const volatile = new Map<string, Set<string>>();
  for (const r of probes.flatMap((p) => p.reads)) {
    const key = keyOf(r);
    if (last.has(key)) continue;
    const first = await read(r);
    const second = await read(r);
    last.set(key, second);
    volatile.set(key, volatileLeaves(first, second));
  }
  const checked: string[] = [];
  for (const p of probes) {
    const { operationId } = p.writer;
    const sent: string[] = [];
    for (const refusal of p.refusals) {
      const res = await api.callOperation(p.writer, refusal.call).catch((error: Error) => ({ status: error.message.split('\n')[0] }));
      if (typeof res.status === 'number' && res.status >= 400 && res.status < 500) sent.push(refusal.why);
      else violations.add(operationId, `refused for ${refusal.why}`, String(res.status), 'a 4xx (the contract refuses it)');
    }
    if (!sent.length) continue;
    checked.push(operationId);
    for (const r of p.reads) {
      const key = keyOf(r);
      const after = await read(r);
      // A 429 is the target's pacing, never a finding: the reader is compared again after the next writer.
      if (after.status === 429) continue;
      const before = last.get(key)!;
      const still = volatile.get(key)!;
      const moved = [...leavesOf(after).entries()].filter(([leaf, v]) => moving(leaf, leavesOf(before).get(leaf), v)).map(([leaf]) => leaf);
      let changed = changedLeaves(before, after, new Set([...still, ...moved]));
      if (changed.length) {
        // A change is a trace when it stays: a leaf that differs again on a read right after is the reader's own (a fresh score per read).
        const again = await read(r);
        const unstable = volatileLeaves(after, again);
        for (const leaf of unstable) still.add(leaf);
        changed = changedLeaves(before, after, new Set([...still, ...moved]));
      }
      last.set(key, after);
      for (const change of changed.slice(0, 5))
        violations.add(operationId, `${r.operation.operationId} after refusals (${sent.join('; ')})`, change, 'as before the refusal');
    }
  }
  return checked;
}
