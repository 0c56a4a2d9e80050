// Checker: a documented survivor stays usable (`outlives`: seed 002 Resources - Consumer, a consumer owns its reports after its
// customer is deleted): every operation naming it, not the parent, that succeeded before the parent's delete succeeds after it,
// and every writer of it still takes effect there: what the survivor's readers showed of the writer's body before the delete,
// they show of the body the writer is sent after it (a writer answering 2xx and changing nothing is not working).
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import { consequencesOf } from '../../contract/statements.js';
import { leavesOf } from './kit.js';

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

/**
 * The writer's body with each string leaf turned by one character (`Homer`: `omerH`, `12345`: `23451`: the same length and
 * characters, so the same pattern most often), each change kept only where the contract still takes the body; undefined when
 * none is. Sent before the parent's delete, so that the sample's own body sent after it must show in the readers again.
 */
export function turnedBody(body: unknown, takes: (body: unknown) => boolean): unknown {
  if (body === null || typeof body !== 'object') return undefined;
  let turned: unknown = structuredClone(body);
  let changed = false;
  for (const [at, value] of leavesOf(body)) {
    if (typeof value !== 'string' || value.length < 2) continue;
    const next = `${value.slice(1)}${value[0]}`;
    if (next === value) continue;
    const candidate = structuredClone(turned) as Record<string, unknown>;
    const steps = at.split('.');
    let node: Record<string, unknown> = candidate;
    for (const step of steps.slice(0, -1)) node = node[step] as Record<string, unknown>;
    node[steps.at(-1)!] = next;
    if (!takes(candidate)) continue;
    turned = candidate;
    changed = true;
  }
  return changed ? turned : undefined;
}

/** Where a reader shows a member of a body: each of the reader's leaves holding a body leaf's value under the same member name. */
export interface Shown {
  reader: string;
  /** The reader's leaf (dotted) and the body's. */
  at: string;
  sent: string;
}

/** The places the readers' answers show the body's string leaves (`answers`: reader operation id, its 2xx body). */
export function shownOf(body: unknown, answers: ReadonlyMap<string, unknown>): Shown[] {
  const sent = [...leavesOf(body)].filter(([, v]) => typeof v === 'string' && v.length >= 2);
  const name = (at: string) => at.split('.').at(-1);
  const out: Shown[] = [];
  for (const [reader, answer] of answers)
    for (const [at, value] of leavesOf(answer))
      for (const [bodyAt, v] of sent) if (v === value && name(bodyAt) === name(at)) out.push({ reader, at, sent: bodyAt });
  return out;
}

/**
 * After the parent's delete the writer was sent its sample body (`body`) over the turned one: each place a reader showed the
 * turned body before the delete shows the sample's value now; one still showing the turned value was not written.
 */
export function survivorEffectProblems(
  survivor: Survivor,
  writer: string,
  body: unknown,
  shown: readonly Shown[],
  answers: ReadonlyMap<string, unknown>,
): string[] {
  const sent = leavesOf(body);
  return shown.flatMap((s) => {
    if (!answers.has(s.reader)) return [];
    const now = leavesOf(answers.get(s.reader)).get(s.at);
    const want = sent.get(s.sent);
    return now === want
      ? []
      : [
          `${writer} on the ${survivor.object} after its ${survivor.parent} was deleted (${survivor.parentDelete.operation.operationId}) answered a success, yet ${s.reader} shows ${s.at} ${JSON.stringify(now)}, not the ${JSON.stringify(want)} it was sent (${s.sent}), which the same reader showed before the delete: ${survivor.statements.join(', ')} say it outlives its ${survivor.parent}`,
        ];
  });
}
