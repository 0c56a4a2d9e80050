// Checker: another partner's object (OWASP API Security 2023, API1, object-level authorization).
// Every operation that takes an id of an object a partner owns, sent by another partner with the
// owner's objects, is refused as the contract documents (probe.ts, refusalOf), and leaves the
// objects as they were (the spec reads them back as the owner). Where the operation also takes
// the caller's own partner id (Connect's partnerId), the caller's is sent, so that the refusal is
// about the object and not about the partner id.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { objectsNamed, reachable, refusalOf, refusalsOf, sentIds, withObjects, type LiveObjects, type Probe } from './probe.js';

export const OTHER_PARTNER = 'other-partner';

export interface LeftOut {
  operationId: string;
  reason: string;
}

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

/** Whether an operation names an object some partner owns beyond the caller itself (its partner id). */
const namesOwnedObject = (o: ObjectIdOperation) => o.ids.some((id) => id.owner !== 'public' && id.resource !== 'partner');

/** The resources of an operation that the run holds no live object of. */
const missingObjects = (o: ObjectIdOperation, objects: LiveObjects) =>
  o.ids.filter((id) => id.owner !== 'public' && id.resource !== 'partner' && objects[id.resource] === undefined).map((id) => id.resource);

/**
 * The probes of another partner over `ops`: each operation's sample with the owner's live objects
 * (the caller's own partner id where one is sent), expecting its documented refusal. Deletes come
 * last, so that a target that wrongly lets one through does not hide what the readers would show.
 */
export function otherPartnerProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  callerPartnerId: string,
  exempt: Exemptions = {},
): { probes: Probe[]; leftOut: LeftOut[] } {
  const probes: Probe[] = [];
  const leftOut: LeftOut[] = [];
  for (const full of ops) {
    const { operationId } = full.operation;
    if (exempt.byDesign?.[operationId]) {
      leftOut.push({ operationId, reason: exempt.byDesign[operationId] });
      continue;
    }
    // Only the ids the sample sends, and of those the ones whose owner the sources settle.
    const settled = sentIds(sample(full), full.ids).filter((id) => !exempt.unsettled?.[id.resource]);
    const o = { ...full, ids: settled };
    const open = full.ids.find((id) => exempt.unsettled?.[id.resource]);
    if (!namesOwnedObject(o) && open) {
      leftOut.push({ operationId, reason: exempt.unsettled![open.resource] });
      continue;
    }
    if (!namesOwnedObject(o)) {
      leftOut.push({ operationId, reason: 'names only catalogue ids or the caller itself' });
      continue;
    }
    const refusal = refusalOf(o.operation);
    if (refusal === undefined) {
      leftOut.push({ operationId, reason: 'documents no refusal (404, 400 or 403)' });
      continue;
    }
    const missing = missingObjects(o, objects);
    if (missing.length || !reachable(o, { ...objects, partner: callerPartnerId })) {
      leftOut.push({ operationId, reason: `no live ${missing.join(', ')} in this run` });
      continue;
    }
    const call = withObjects(sample(o), o.ids, { ...objects, partner: callerPartnerId });
    probes.push({ operation: o.operation, call, object: objectsNamed(o, objects), documented: refusalsFor(o) });
  }
  const last = (p: Probe) => (p.operation.method === 'DELETE' ? 1 : 0);
  return { probes: probes.sort((a, b) => last(a) - last(b)), leftOut };
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
