// Checker: one foreign id in a body of the caller's own. An operation whose body names an object a
// partner owns beside other objects (a Connect body's consumer beside its customer, a Connect
// components body's configuration beside its customer, a VOE body's report beside the customer of
// the path) is refused when that one id is another partner's and every other id is the caller's
// own: the target must check each id it is given, not only the first (seed 002, Resources and
// Errors; provider 1.35.0 BadRequestErrorResponse "does not exist or does not belong to this
// partner"). The other-partner checker sends the owner's objects throughout, so a target that
// refuses the first foreign id it meets passes it whatever it does with the rest; this checker
// takes the ids one at a time. Every body id the contract declares is sent, the sample's or not
// (withEveryId): an optional id is a form of the request a target must check as well.
import type { Operation } from '../../contract/contract.js';
import type { ObjectId, ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { scalars } from '../../secrets/sensitive.js';
import type { Exemptions } from './other-partner.js';
import { holders, NO_REFUSAL, planProbes, refusalsOf, sentIds, withObjects, type LiveObjects, type ProbeAnswer } from './probe.js';

export const FOREIGN_ID = 'foreign-id';

const owned = (id: ObjectId) => id.owner !== 'public' && id.resource !== 'partner';

/**
 * The call with each body id of `ids` that it lacks added where `objects` holds a live object of
 * its resource: a top-level member always, a nested one in each element or object of its parent
 * that the body already has (the sample's shape is kept; no list grows).
 */
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

/**
 * One probe per partner-owned body id of each operation that names another owned object too: the
 * body with every id (withEveryId), all the caller's own objects (`own`, its partner id where one is
 * sent), that one id the owner's (`owners`). Left out, with the reason: operations the sources set
 * apart, ids whose owner they leave open, and probes needing an object the caller has none of.
 */
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

/**
 * One probe per query parameter that names a partner-owned object (queryIdsOf): the operation's
 * sample with that filter set to the owner's object, sent by another partner. Any documented status
 * will do; what is judged is the answer (filterLeaks): a list of the caller's own holds none of the
 * owner's objects, whatever the filter names.
 */
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
