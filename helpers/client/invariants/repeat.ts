// Property (*-PROP-SAME-ANSWER): every read, and every operation answering the multi-factor challenge (seed 002, Errors 203: a
// challenge not answered leaves the login as it was), sent twice in a row answers the same status and members.
import type { Contract, Operation } from '../../contract/contract.js';
import type { Violations } from '../security/probe.js';
import { leavesOf } from './kit.js';

export const SAME_ANSWER = 'same-answer';

/** The status the seed gives a multi-factor challenge (seed 002, Errors: 203). */
export const CHALLENGE_STATUS = 203;

/** The operations documenting the multi-factor challenge: their challenge answer changes no state. */
export const challengeOperations = (contract: Contract): Operation[] =>
  [...contract.operations.values()].filter((o) => o.responses[String(CHALLENGE_STATUS)] !== undefined);

/** One answer of a call: its status and its body (JSON or text). */
interface Answer {
  status: number;
  body: unknown;
}

/** A leaf's path with list positions folded (`accounts.3.id`: `accounts.[].id`): the members a body shows. */
const memberOf = (path: string) => path.replace(/(^|\.)\d+(?=\.|$)/g, '$1[]');

/** The members a body shows (list positions folded), but those under a node whose leaves moved between the two answers. */
function steadyMembers(a: unknown, b: unknown): [Set<string>, Set<string>] {
  const [la, lb] = [leavesOf(a), leavesOf(b)];
  const moved = new Set<string>();
  for (const [p, v] of la) if (lb.has(p) && JSON.stringify(lb.get(p)) !== JSON.stringify(v)) moved.add(p.split('.').slice(0, -1).join('.'));
  const under = (p: string) => [...moved].some((m) => m === '' || p === m || p.startsWith(`${m}.`));
  const members = (l: Map<string, unknown>) => new Set([...l.keys()].filter((p) => p && !under(p)).map(memberOf));
  return [members(la), members(lb)];
}

/** The two answers of one call sent twice must agree: the same status (a 429 aside) and, for `members`, the same steady members. */
export function checkSameAnswer(
  op: Operation,
  call: string,
  first: Answer,
  second: Answer,
  violations: Violations,
  members: boolean,
): boolean {
  if (first.status === 429 || second.status === 429) return false;
  if (first.status !== second.status) {
    violations.add(
      op.operationId,
      `${call}, sent twice in a row`,
      `${second.status} the second time, ${first.status} the first`,
      'the same status',
    );
    return true;
  }
  if (!members || typeof first.body !== 'object' || typeof second.body !== 'object' || !first.body || !second.body) return true;
  const [a, b] = steadyMembers(first.body, second.body);
  for (const m of a)
    if (!b.has(m))
      violations.add(op.operationId, `${call}, sent twice in a row`, `${m}: shown the first time, not the second`, 'the same members');
  for (const m of b)
    if (!a.has(m))
      violations.add(op.operationId, `${call}, sent twice in a row`, `${m}: shown the second time, not the first`, 'the same members');
  return true;
}
