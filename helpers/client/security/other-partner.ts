// Checker (OWASP API Security 2023, API1, object-level authorization): each operation taking a partner-owned id, sent by another
// partner with the owner's objects, is refused as documented (refusalOf) and leaves them as they were.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { NO_REFUSAL, objectsNamed, planProbes, reachable, refusalOf, refusalsOf, sentIds, withObjects, type LiveObjects } from './probe.js';

export type { LeftOut } from './probe.js';

export const OTHER_PARTNER = 'other-partner';

/** What the sources set apart, with reasons: `byDesign` (a report's reissue), `unsettled` (an owner left open). */
export interface Exemptions {
  byDesign?: Record<string, string>;
  unsettled?: Record<string, string>;
}

/** The probes of another partner over `ops`: the owner's live objects, expecting the documented refusal; deletes last. */
export function otherPartnerProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  callerPartnerId: string,
  exempt: Exemptions = {},
) {
  return planProbes(
    ops,
    (full) => {
      if (exempt.byDesign?.[full.operation.operationId]) return [exempt.byDesign[full.operation.operationId]];
      // Only the ids the sample sends, and of those the ones whose owner the sources settle.
      const o = { ...full, ids: sentIds(sample(full), full.ids).filter((id) => !exempt.unsettled?.[id.resource]) };
      const owned = o.ids.filter((id) => id.owner !== 'public' && id.resource !== 'partner');
      const open = full.ids.find((id) => exempt.unsettled?.[id.resource]);
      if (!owned.length) return [open ? exempt.unsettled![open.resource] : 'names only catalogue ids or the caller itself'];
      if (refusalOf(o.operation) === undefined) return [NO_REFUSAL];
      const missing = owned.filter((id) => objects[id.resource] === undefined).map((id) => id.resource);
      if (missing.length || !reachable(o, { ...objects, partner: callerPartnerId })) return [`no live ${missing.join(', ')} in this run`];
      const call = withObjects(sample(o), o.ids, { ...objects, partner: callerPartnerId });
      return [{ operation: o.operation, call, object: objectsNamed(o, objects), documented: refusalsFor(o) }];
    },
    true,
  );
}

/** The statuses a refused object may get: the first documented refusal for a path id; any for a body id (the sources do not say which). */
export function refusalsFor(o: ObjectIdOperation): number[] {
  const inPath = o.ids.some((id) => id.in === 'path' && id.owner !== 'public' && id.resource !== 'partner');
  if (inPath) return [refusalOf(o.operation)!];
  return refusalsOf(o.operation);
}
