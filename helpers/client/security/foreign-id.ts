// Checker: a body naming several owned objects is refused when one id alone is another partner's (seed 002, Resources and Errors;
// provider 1.35.0 BadRequestErrorResponse "does not exist or does not belong to this partner"), each declared id (withEveryId).
import type { Operation } from '../../contract/contract.js';
import type { ObjectId, ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { scalars } from '../../secrets/sensitive.js';
import type { Exemptions } from './other-partner.js';
import { holders, NO_REFUSAL, planProbes, refusalsOf, sentIds, withObjects, type LiveObjects, type ProbeAnswer } from './probe.js';

export const FOREIGN_ID = 'foreign-id';

const owned = (id: ObjectId) => id.owner !== 'public' && id.resource !== 'partner';

/** The call with each body id of `ids` it lacks added where `objects` holds one (the sample's shape kept; no list grows). */
export function withEveryId(call: CallOptions, ids: readonly ObjectId[], objects: LiveObjects): CallOptions {
  if (!call.body || typeof call.body !== 'object') return call;
  const body = structuredClone(call.body) as Record<string, unknown>;
  for (const id of ids.filter((i) => i.in === 'body' && owned(i) && objects[i.resource] !== undefined)) {
    const steps = id.at.split('.');
    const last = steps[steps.length - 1];
    for (const record of holders(body, steps)) if (!(last in record)) record[last] = objects[id.resource];
  }
  return { ...call, body };
}

/** One probe per partner-owned body id beside another: every id the caller's but that one, the owner's; the sources' exceptions out. */
export function foreignIdProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  own: LiveObjects,
  owners: LiveObjects,
  exempt: Exemptions = {},
  /** Body ids, by resource, that the sources let name no object of the caller (the request then goes on): not made foreign, with the reason. */
  unresolvedInBody: Record<string, string> = {},
) {
  return planProbes(ops, (full) => {
    if (exempt.byDesign?.[full.operation.operationId]) return [];
    const ids = full.ids.filter((id) => !exempt.unsettled?.[id.resource]);
    const open = full.ids.find((id) => id.in === 'body' && id.owner === 'partner' && exempt.unsettled?.[id.resource]);
    const notes = open ? [`its body's ${open.at}: ${exempt.unsettled![open.resource]}`] : [];
    const base = withEveryId(sample(full), ids, owners);
    const sent = sentIds(base, ids).filter(owned);
    const foreign = [...new Set(sent.filter((id) => id.in === 'body' && id.owner === 'partner').map((id) => id.resource))];
    if (!foreign.length || new Set(sent.map((id) => id.resource)).size < 2) return notes;
    const refusals = refusalsOf(full.operation);
    if (!refusals.length) return [...notes, NO_REFUSAL];
    return [
      ...notes,
      ...foreign.map((resource) => {
        if (unresolvedInBody[resource] !== undefined) return `another partner's ${resource}: ${unresolvedInBody[resource]}`;
        const needed = [...new Set(sent.map((id) => id.resource))].filter((r) => r !== resource && own[r] === undefined);
        if (needed.length || owners[resource] === undefined)
          return `the caller holds no ${needed.join(', ') || `owner's ${resource}`} of its own in this run`;
        const foreignIds = ids.filter((id) => id.resource === resource && id.in === 'body');
        const others = sent
          .filter((id) => id.resource !== resource)
          .map((id) => `own ${id.resource} ${own[id.resource]}`)
          .join(', ');
        return {
          operation: full.operation,
          call: withObjects(withObjects(base, ids, own), foreignIds, owners),
          object: `another partner's ${resource} ${owners[resource]} with ${others}`,
          documented: refusals,
        };
      }),
    ];
  });
}

/** One probe per query parameter naming a partner-owned object, sent by another partner: none of the owner's listed (filterLeaks). */
export function queryFilterProbes(
  ops: readonly { operation: Operation; ids: ObjectId[] }[],
  sample: (o: { operation: Operation; ids: ObjectId[] }) => CallOptions,
  owners: LiveObjects,
) {
  return planProbes(ops, (o) =>
    o.ids.map((id) => {
      if (owners[id.resource] === undefined) return `no live ${id.resource} in this run`;
      const base = sample(o);
      return {
        operation: o.operation,
        call: { ...base, query: { ...base.query, [id.name]: owners[id.resource] } },
        object: `another partner's ${id.resource} ${owners[id.resource]} as the ${id.name} filter`,
        documented: Object.keys(o.operation.responses).map(Number),
      };
    }),
  );
}

/** Whether a 2xx answer to a query-filter probe carries the owner's object id as a value (of any member, at any depth). */
export function filterLeaks(answer: ProbeAnswer, ownerId: string): boolean {
  if (answer.status === undefined || answer.status >= 300) return false;
  return [...scalars(answer.body)].some(({ value }) => String(value) === ownerId);
}
