// Checker: a child reached through another parent. An operation that names an object together
// with the object it hangs under (an account under its customer, a pay request under its account,
// a webhook event under its subscription, a Connect body's consumer beside its customer) is refused
// when the parent is another one of the same caller: the child is not that parent's (seed 002,
// Errors 404: resource not found; FD-CONNECT-CONSUMER for a consumer).
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import type { LeftOut } from './other-partner.js';
import { refusalOf, sentIds, withObjects, type LiveObjects, type Probe } from './probe.js';

export const OTHER_PARENT = 'other-parent';

/** The (child, parent) pairs of an operation: both ids in its request. */
function parentPairs(o: ObjectIdOperation): { child: string; parent: string }[] {
  const named = new Set(o.ids.map((id) => id.resource));
  return o.ids
    .filter((id) => id.owner !== 'public' && id.parent && named.has(id.parent))
    .map((id) => ({ child: id.resource, parent: id.parent! }));
}

/**
 * One probe per (child, parent) pair: the sample with the live objects, the parent replaced by
 * `otherParents[parent]` (another parent of the same caller that holds children of its own).
 */
export function otherParentProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  otherParents: LiveObjects,
): { probes: Probe[]; leftOut: LeftOut[] } {
  const probes: Probe[] = [];
  const leftOut: LeftOut[] = [];
  for (const full of ops) {
    const { operationId } = full.operation;
    const o = { ...full, ids: sentIds(sample(full), full.ids) };
    const pairs = parentPairs(o);
    if (!pairs.length) {
      leftOut.push({ operationId, reason: 'names no child together with its parent' });
      continue;
    }
    const refusal = refusalOf(o.operation);
    for (const { child, parent } of pairs) {
      const missing = [child, parent].filter((r) => objects[r] === undefined);
      if (otherParents[parent] === undefined) missing.push(`other ${parent}`);
      if (refusal === undefined || missing.length) {
        leftOut.push({ operationId, reason: refusal === undefined ? 'documents no refusal' : `no live ${missing.join(', ')} in this run` });
        continue;
      }
      const call = withObjects(sample(o), o.ids, { ...objects, [parent]: otherParents[parent] });
      const object = `${child} ${objects[child]} under ${parent} ${otherParents[parent]}`;
      probes.push({ operation: o.operation, call, object, documented: [refusal] });
    }
  }
  return { probes, leftOut };
}
