// Checker: a child reached through another parent of the same caller is refused (seed 002, Errors 404:
// resource not found; FD-CONNECT-CONSUMER for a consumer).
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { planProbes, refusalOf, sentIds, withObjects, type LiveObjects } from './probe.js';

export const OTHER_PARENT = 'other-parent';

/** One probe per (child, parent) pair a request names: the parent replaced by `otherParents[parent]`. */
export function otherParentProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  otherParents: LiveObjects,
) {
  return planProbes(ops, (full) => {
    const o = { ...full, ids: sentIds(sample(full), full.ids) };
    const named = new Set(o.ids.map((id) => id.resource));
    const pairs = o.ids.filter((id) => id.owner !== 'public' && id.parent && named.has(id.parent));
    if (!pairs.length) return ['names no child together with its parent'];
    const refusal = refusalOf(o.operation);
    return pairs.map(({ resource: child, parent }) => {
      const missing = [child, parent!].filter((r) => objects[r] === undefined);
      if (otherParents[parent!] === undefined) missing.push(`other ${parent}`);
      if (refusal === undefined || missing.length)
        return refusal === undefined ? 'documents no refusal' : `no live ${missing.join(', ')} in this run`;
      const call = withObjects(sample(o), o.ids, { ...objects, [parent!]: otherParents[parent!] });
      return {
        operation: o.operation,
        call,
        object: `${child} ${objects[child]} under ${parent} ${otherParents[parent!]}`,
        documented: [refusal],
      };
    });
  });
}
