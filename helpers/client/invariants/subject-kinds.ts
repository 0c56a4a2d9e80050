// Property (*-PROP-EVERY-KIND): where the contract documents kinds of one subject (an institution login legacy or OAuth), every
// operation taking that subject answers each kind as its contract states, else as it answers the other kinds: never a 404 or 400
// for one kind alone (seed 002, Errors: 404 "resource not found", 400 a request off the contract).
import { failedAs } from './kit.js';
import type { Operation } from '../../contract/contract.js';
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { ServiceName } from '../../contract/operations.js';
import { type LiveObjects, type Violations, withObjects } from '../security/probe.js';
import type { PropertyException } from '../property-counts.js';

export const EVERY_KIND = 'serves-every-kind';

/** The kinds of one subject the contract documents, and what an operation's contract states of one kind. */
export interface SubjectKinds {
  /** The resource of the live objects the subject is (object-ids.ts: `institutionLogin`). */
  resource: string;
  kinds: readonly string[];
  /** Where the contract documents the kinds. */
  cite: string;
  /** Per operation, the statuses its contract states for a kind (a legacy login's authorization details: 404, code 3003). */
  stated?: Record<string, Record<string, { statuses: number[]; cite: string }>>;
  /** Per operation, the kinds its contract says nothing of serving (a migration of an OAuth login): not sent, with the reason. */
  unstated?: Record<string, { kinds: string[]; why: string }>;
}

/** The operations taking the subject: every operation with an id of its resource, the writers after the reads and the deletes last (they end the subject). */
export function kindOperationsOf(objectOps: readonly ObjectIdOperation[], kinds: SubjectKinds): ObjectIdOperation[] {
  const rank = (op: Operation) => (op.method === 'DELETE' ? 2 : op.method === 'GET' ? 0 : 1);
  return objectOps.filter((o) => o.ids.some((id) => id.resource === kinds.resource)).sort((a, b) => rank(a.operation) - rank(b.operation));
}

const served = (status: number) => status >= 200 && status < 300;

/**
 * Sends every operation taking the subject on each kind's subject once: a kind with a stated status meets it; any other is served
 * where another kind was (a 400 or 404 for it alone is the finding); a kind the world lacks leaves every operation out, saying so.
 */
export async function checkServesEveryKind<S extends ServiceName>(
  api: OperationClient<S>,
  operations: readonly ObjectIdOperation[],
  kinds: SubjectKinds,
  subjects: ReadonlyMap<string, LiveObjects>,
  /** The operation's valid call for a subject of the kind (its sample on that subject's own objects). */
  sample: (o: ObjectIdOperation, kind: string) => CallOptions,
  violations: Violations,
  rule: string,
): Promise<{ checked: string[]; exceptions: PropertyException[] }> {
  const checked: string[] = [];
  const exceptions: PropertyException[] = [];
  const lacking = kinds.kinds.filter((k) => !subjects.has(k));
  if (lacking.length) {
    for (const o of operations)
      exceptions.push({
        operationId: o.operation.operationId,
        reason: `the target's world has no ${kinds.resource} of kind ${lacking.join(', ')} (${kinds.cite})`,
      });
    return { checked, exceptions };
  }
  for (const o of operations) {
    const { operationId } = o.operation;
    const unstated = kinds.unstated?.[operationId];
    const sent = kinds.kinds.filter((k) => !unstated?.kinds.includes(k));
    const answers = new Map<string, number>();
    for (const kind of sent) {
      const call = withObjects(sample(o, kind), o.ids, subjects.get(kind)!);
      const res = await api.callOperation(o.operation, call).catch(failedAs(api));
      answers.set(kind, typeof res.status === 'number' ? res.status : 0);
    }
    const stated = kinds.stated?.[operationId] ?? {};
    const free = sent.filter((k) => !stated[k]);
    const servedKinds = free.filter((k) => served(answers.get(k)!));
    for (const kind of sent) {
      const status = answers.get(kind)!;
      const documented = stated[kind];
      if (documented && !documented.statuses.includes(status) && status !== 429)
        violations.add(
          operationId,
          `the ${kinds.resource} of kind ${kind} (${rule}; ${documented.cite})`,
          String(status),
          documented.statuses.join(' or '),
        );
      else if (!documented && (status === 400 || status === 404) && servedKinds.length)
        violations.add(
          operationId,
          `the ${kinds.resource} of kind ${kind}, where one of kind ${servedKinds.join(', ')} is served (${rule}; ${kinds.cite})`,
          String(status),
          `as for kind ${servedKinds.join(', ')}: ${servedKinds.map((k) => answers.get(k)).join(', ')}`,
        );
    }
    const told = [...answers].map(([k, s]) => `${k} ${s}`).join(', ');
    if (sent.length < 2 && !Object.keys(stated).length)
      exceptions.push({ operationId, reason: unstated?.why ?? `one kind sent only (${told})` });
    else if (!servedKinds.length && !Object.keys(stated).length)
      exceptions.push({ operationId, reason: `its call was served for no kind (${told}): nothing to compare a kind's answer with` });
    else checked.push(operationId);
  }
  return { checked, exceptions };
}
