// Checker: another partner's object (OWASP API Security 2023, API1, object-level authorization).
// Every operation that takes an id of an object a partner owns, sent by another partner with the
// owner's objects, is refused as the contract documents (probe.ts, refusalOf), and leaves the
// objects as they were (the spec reads them back as the owner). Where the operation also takes
// the caller's own partner id (Connect's partnerId), the caller's is sent, so that the refusal is
// about the object and not about the partner id.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { NO_REFUSAL, objectsNamed, planProbes, reachable, refusalOf, refusalsOf, sentIds, withObjects, type LiveObjects } from './probe.js';

export type { LeftOut } from './probe.js';

export const OTHER_PARTNER = 'other-partner';

/**
 * What the sources set apart, each with its written reason: operations another partner may call
 * with our object by design (`byDesign`: the reissue of a report), and resources whose owner the
 * sources leave open (`unsettled`: whether a customer may be created with another partner's
 * application); an operation that names no other owned object is then left out, saying why.
 */
export interface Exemptions {
  byDesign?: Record<string, string>;
  unsettled?: Record<string, string>;
}

/**
 * The probes of another partner over `ops`: each operation's sample with the owner's live objects
 * (the caller's own partner id where one is sent), expecting its documented refusal; deletes last.
 */
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

/**
 * The statuses a refused object may get: the first documented refusal for an id in the path; for
 * an id only in the body, any documented refusal (the body's object may be judged a bad request or
 * a missing one, and the sources do not say which).
 */
export function refusalsFor(o: ObjectIdOperation): number[] {
  const inPath = o.ids.some((id) => id.in === 'path' && id.owner !== 'public' && id.resource !== 'partner');
  if (inPath) return [refusalOf(o.operation)!];
  return refusalsOf(o.operation);
}
