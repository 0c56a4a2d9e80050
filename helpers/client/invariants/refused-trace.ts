// Property: a refused request leaves no trace. After any 4xx from a writer (create, update, delete,
// subscribe, register), whatever the refusal's reason (a member the contract refuses, no credentials,
// another partner's object), every reader of the objects the writer names answers as before it,
// member by member (seed 002, Errors: a 4xx "indicates a request the service did not carry out"; seed
// 001, Errors; the catalogue's *-PROP-REFUSED-NO-TRACE). The writers and their readers are read from
// the contract (kit.ts); each writer gets one request per kind of refusal from its valid sample (a
// duplicate too, where it documents a 409), and its readers are read before and after them.
import type { Contract, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import { refusalStatuses } from '../negative.js';
import { objectIdsOf } from '../../contract/object-ids.js';
import type { Violations } from '../security/probe.js';
import { changedLeaves, leavesOf, readersOfNamed, volatileLeaves, writersOfContract } from './kit.js';

export const REFUSED_NO_TRACE = 'refused-leaves-no-trace';

export interface Refusal {
  /** The refusal's reason, in words (`validation: body /firstName: longer than maxLength 30`, `authorization: no credentials`). */
  why: string;
  call: CallOptions;
  /** The statuses the contract documents for this refusal (a duplicate's 409); any 4xx when absent. */
  statuses?: number[];
  /** A call sent once before any reader is read, so that the object this refusal repeats exists (answered 2xx, or 409 when it already did). */
  prime?: CallOptions;
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

/** Makes a call's body tell (helpers/client/invariants/echo.ts), leaving the leaves `keep` names as they are. */
export type Tell = (call: CallOptions, keep: (path: string, value: unknown) => boolean) => CallOptions;

/**
 * The refusals of a writer from its valid call: the first body member the contract refuses (else
 * the first query or header parameter), no credentials where a 401 is documented, the call of
 * another partner's caller on the writer's objects (`ownership`, from the other-partner checker's
 * probe of it, helpers/client/security/other-partner.ts) where there is one, and a duplicate where a
 * 409 is documented (duplicateOf).
 */
export function refusalsOf(
  contract: Contract,
  op: Operation,
  valid: CallOptions,
  ownership?: CallOptions,
  tell: Tell = (call) => call,
): Refusal[] {
  const out: Refusal[] = [];
  const invalid = refusedMember(
    contract,
    op,
    tell(valid, () => false),
  );
  if (invalid && refusalStatuses(op).length) out.push(invalid);
  if (op.responses['401']) out.push({ why: 'authorization: no credentials', call: { ...tell(valid, () => false), auth: false } });
  if (ownership) out.push({ why: "ownership: another partner's caller", call: tell(ownership, () => false) });
  const duplicate = duplicateOf(contract, op, valid, tell);
  if (duplicate) out.push(duplicate);
  return out;
}

/** The top-level members of a schema, through its `$ref`s and `allOf` parts. */
function membersOf(contract: Contract, node: unknown): Set<string> {
  const schema = contract.resolveSchema(node) as { properties?: object; allOf?: unknown[] } | undefined;
  return new Set([...Object.keys(schema?.properties ?? {}), ...(schema?.allOf ?? []).flatMap((part) => [...membersOf(contract, part)])]);
}

/**
 * A duplicate, where a POST documents a 409 (seed 002, Errors: "Conflict (customer, consumer or
 * business already exists; micro entries)"): its valid call is sent once before any reader is read
 * (the object it makes exists after it), then again as the refusal, with its free-text members made
 * to tell, so that a duplicate merged into the object already there, or stored beside it, shows in
 * the readers. What identifies the object is left as sent: the members the writer's answer names when
 * that answer is a receipt (fewer members than the request: CreatedCustomer's username), every
 * digit string and number (a routing or account number), and what the caller's `tell` keeps.
 */
export function duplicateOf(contract: Contract, op: Operation, valid: CallOptions, tell: Tell = (call) => call): Refusal | undefined {
  // A duplicate is of what a POST makes: a 409 of an update (ModifyCustomer, provider 1.42.0) says
  // nothing of sending the same change twice, which may simply be applied again.
  if (!op.responses['409'] || op.method !== 'POST') return undefined;
  const ok = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
  const sent = membersOf(contract, op.requestBody?.schema);
  const answered = ok ? membersOf(contract, op.responses[ok]!.schema) : new Set<string>();
  const receipt = answered.size < sent.size ? new Set([...sent].filter((m) => answered.has(m))) : new Set<string>();
  const keep = (path: string, value: unknown) => receipt.has(path.split('.')[0]!) || typeof value !== 'string' || /^[0-9]+$/.test(value);
  return { why: 'duplicate: the object it makes exists already', call: tell(valid, keep), statuses: [409], prime: valid };
}

/**
 * The valid call with one body member (of the first object, for a list) set to a value of another
 * type, the first the contract refuses; object id members are left as they are, so that the refused
 * request still names the writer's objects. One or two validations per member at most: cheap beside
 * the contract-generated negative cases (helpers/client/negative.ts), which judge every rule.
 */
function refusedMember(contract: Contract, op: Operation, valid: CallOptions): Refusal | undefined {
  const validate = contract.requestValidatorOf(op.operationId);
  if (!validate || !valid.body || typeof valid.body !== 'object') return undefined;
  const ids = new Set(
    objectIdsOf(contract, op)
      .ids.filter((id) => id.in === 'body')
      .map((id) => id.at.split('.').at(-1)!),
  );
  const list = Array.isArray(valid.body);
  const record = (list ? (valid.body as unknown[])[0] : valid.body) as Record<string, unknown> | undefined;
  if (!record || typeof record !== 'object') return undefined;
  for (const [key, value] of Object.entries(record)) {
    if (ids.has(key)) continue;
    for (const wrong of [typeof value === 'object' && value !== null ? 'not-an-object' : { wrong: true }, null]) {
      const changed = { ...record, [key]: wrong };
      const body = list ? [changed, ...(valid.body as unknown[]).slice(1)] : changed;
      if (!validate(body)) return { why: `validation: body ${list ? '/0' : ''}/${key} of another type`, call: { ...valid, body } };
    }
  }
  return undefined;
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
  // The objects a duplicate repeats are made before the first read; a prime the target refuses otherwise leaves its duplicate unsent.
  const primed = new Map<Refusal, boolean>();
  for (const p of probes)
    for (const refusal of p.refusals.filter((r) => r.prime)) {
      const res = await api.callOperation(p.writer, refusal.prime!).catch(() => ({ status: 0 }));
      primed.set(refusal, (res.status >= 200 && res.status < 300) || res.status === 409);
    }
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
      if (primed.get(refusal) === false) continue;
      const res = await api.callOperation(p.writer, refusal.call).catch((error: Error) => ({ status: error.message.split('\n')[0] }));
      const status = typeof res.status === 'number' ? res.status : 0;
      if (refusal.statuses ? refusal.statuses.includes(status) : status >= 400 && status < 500) sent.push(refusal.why);
      else
        violations.add(
          operationId,
          `refused for ${refusal.why}`,
          String(res.status),
          refusal.statuses ? refusal.statuses.join(' or ') : 'a 4xx (the contract refuses it)',
        );
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
