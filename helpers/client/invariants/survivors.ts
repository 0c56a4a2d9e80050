// Checker: a documented survivor stays usable (`outlives`: seed 002 Resources - Consumer, a consumer owns its reports after its
// customer is deleted): every operation naming it, not the parent, that succeeded before the parent's delete succeeds after it.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import { consequencesOf } from '../../contract/statements.js';

export const SURVIVORS = 'survivors';

interface Survivor {
  /** The statements saying so. */
  statements: string[];
  object: string;
  parent: string;
  /** The delete of the parent. */
  parentDelete: ObjectIdOperation;
  /** Every operation naming the object and not its parent. */
  operations: ObjectIdOperation[];
}

/** The survivors the statement index states, each derived from the contract's operations that take object ids. */
export function survivorsOf(ops: readonly ObjectIdOperation[], service: string): Survivor[] {
  const by = new Map<string, Survivor>();
  for (const { statement, consequence } of consequencesOf(service, 'outlives')) {
    const key = `${consequence.object} ${consequence.parent}`;
    const known = by.get(key);
    if (known) {
      known.statements.push(statement);
      continue;
    }
    const parentDelete = ops.find(
      (o) => o.operation.method === 'DELETE' && o.ids.filter((id) => id.in === 'path').pop()?.resource === consequence.parent,
    );
    if (!parentDelete) throw new Error(`${statement}: the contract has no delete of a ${consequence.parent}`);
    const operations = ops.filter(
      (o) => o.ids.some((id) => id.resource === consequence.object) && !o.ids.some((id) => id.resource === consequence.parent),
    );
    by.set(key, { statements: [statement], ...consequence, parentDelete, operations });
  }
  return [...by.values()];
}

/** A success before the parent's delete that is none after it: the survivor no longer usable there. */
export function survivorProblems(survivor: Survivor, operationId: string, before: number, after: number): string[] {
  const ok = (s: number) => s >= 200 && s < 300;
  return ok(before) && !ok(after)
    ? [
        `${operationId} on the ${survivor.object} answered ${before} before its ${survivor.parent} was deleted (${survivor.parentDelete.operation.operationId}) and ${after} after it, yet ${survivor.statements.join(', ')} say it outlives its ${survivor.parent}`,
      ]
    : [];
}
