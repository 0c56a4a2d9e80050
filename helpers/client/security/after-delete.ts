// Checker: every operation naming the deleted object, or one the delete removed with it, is refused for the owner as documented
// (seed 002, Customers: "Delete removes access to the customer and all linked accounts"; Accounts; Errors 404).
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { NO_REFUSAL, objectsNamed, planProbes, reachable, refusalOf, sentIds, withObjects, type LiveObjects } from './probe.js';
import { refusalsFor } from './other-partner.js';

export const AFTER_DELETE = 'after-delete';

/** The deletes naming an object, but those `kept` names with the source saying the object is still read (a revocation). */
export const deletes = (ops: readonly ObjectIdOperation[], kept: Readonly<Record<string, string>> = {}) =>
  ops.filter((o) => o.operation.method === 'DELETE' && !(o.operation.operationId in kept));

/** The probes after deleting `deleted`: every operation naming it or one of `removed`, as the owner, expecting the documented refusal. */
export function afterDeleteProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  deleted: { resource: string; id: string },
  removed: LiveObjects = {},
) {
  const gone = { ...objects, ...removed, [deleted.resource]: deleted.id };
  const touched = new Set([deleted.resource, ...Object.keys(removed)]);
  return planProbes(
    ops.filter((full) => full.ids.some((id) => touched.has(id.resource))),
    (full) => {
      // Only the ids the sample sends: a body id the sample leaves out would probe nothing.
      const o = { ...full, ids: sentIds(sample(full), full.ids) };
      if (!o.ids.some((id) => touched.has(id.resource))) return [`its sample sends no ${[...touched].join(' or ')} id`];
      if (refusalOf(o.operation) === undefined) return [NO_REFUSAL];
      if (!reachable(o, gone))
        return [
          `no live ${o.ids
            .filter((id) => id.owner !== 'public' && !gone[id.resource])
            .map((id) => id.resource)
            .join(', ')} in this run`,
        ];
      const call = withObjects(sample(o), o.ids, gone);
      return [
        { operation: o.operation, call, object: `deleted ${deleted.resource}: ${objectsNamed(o, gone)}`, documented: refusalsFor(o) },
      ];
    },
  );
}
