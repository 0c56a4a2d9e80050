// Checker: a state the documents make lasting, lasts (a statement's `lasts`: a delete removing access, five failed
// authentications locking a partner, a plan's decision): every operation naming the object answers alike right after and
// as the clock moves minutes, hours and days (to `endsAfterSeconds` where given); not judged on a sandbox.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import { consequencesOf, type Lasting } from '../../contract/statements.js';

export const LASTING = 'lasting';

/** The moves of the clock after which a lasting state is read again, in seconds from the one before. */
export const CLOCK_MOVES: readonly { label: string; seconds: number }[] = [
  { label: '10 minutes later', seconds: 10 * 60 },
  { label: '5 hours later', seconds: 5 * 3_600 - 10 * 60 },
  { label: '3 days later', seconds: 3 * 86_400 - 5 * 3_600 },
];

interface LastingState extends Lasting {
  /** The statements saying so. */
  statements: string[];
  /** Every operation naming the object, the maker among them. */
  operations: ObjectIdOperation[];
}

/** The lasting states the statement index states, each with the operations of the contract naming its object. */
export function lastingStatesOf(ops: readonly ObjectIdOperation[], service: string): LastingState[] {
  const by = new Map<string, LastingState>();
  for (const { statement, consequence } of consequencesOf(service, 'lasts')) {
    const key = `${consequence.by} ${consequence.object}`;
    const known = by.get(key);
    if (known) known.statements.push(statement);
    else
      by.set(key, {
        ...consequence,
        statements: [statement],
        operations: ops.filter((o) => o.ids.some((id) => id.resource === consequence.object)),
      });
  }
  return [...by.values()];
}

/** One answer as the property compares it: its status and, on a 2xx, the state member it shows. */
export interface LastingAnswer {
  status: number;
  state?: unknown;
}

export const lastingAnswer = (status: number, body: unknown): LastingAnswer => ({
  status,
  ...(status < 300 && body && typeof body === 'object' && 'status' in body ? { state: (body as { status: unknown }).status } : {}),
});

/** An answer that moved since the state was made: the operation, the object, when, both answers. */
export function lastingProblems(
  state: LastingState,
  operationId: string,
  object: string,
  when: string,
  was: LastingAnswer,
  now: LastingAnswer,
): string[] {
  if (was.status === now.status && was.state === now.state) return [];
  const show = (a: LastingAnswer) => `${a.status}${a.state === undefined ? '' : ` ${JSON.stringify(a.state)}`}`;
  return [
    `${operationId} on ${object} answered ${show(was)} once ${state.by} had made its state and ${show(now)} ${when}, yet ${state.statements.join(', ')} give the state no end`,
  ];
}

/** Whether a move of the clock (seconds since the state was made) is past the end a document gives the state. */
export const pastItsEnd = (state: LastingState, elapsedSeconds: number) =>
  state.endsAfterSeconds !== undefined && elapsedSeconds >= state.endsAfterSeconds;
