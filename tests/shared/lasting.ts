// A state the documents make lasting, lasts (<S>-PROP-LASTING, lasting.ts): one body for every service.
import { expect } from '@playwright/test';
import type { CallOptions, OperationClient } from '../../helpers/client/client.js';
import {
  CLOCK_MOVES,
  LASTING,
  type LastingAnswer,
  lastingAnswer,
  lastingProblems,
  type lastingStatesOf,
  pastItsEnd,
} from '../../helpers/client/invariants/lasting.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule } from './property.js';
import type { Operation } from '../../helpers/contract/contract.js';
import type { ServiceName } from '../../helpers/contract/operations.js';

/** A read of an object in a lasting state: the operation naming it, its call, and the object in words. */
export interface LastingRead {
  state: ReturnType<typeof lastingStatesOf>[number];
  operation: Operation;
  call: CallOptions;
  object: string;
}

/** Every read answered, then again as the clock moves minutes, hours and days (`advance`); past its state's end not judged. */
export async function checkLasting<S extends ServiceName>(
  api: OperationClient<S>,
  rule: string,
  states: ReturnType<typeof lastingStatesOf>,
  reads: readonly LastingRead[],
  { advance, exceptions, made = [] }: { advance: (seconds: number) => Promise<unknown>; exceptions: PropertyException[]; made?: string[] },
): Promise<void> {
  const answer = async (r: LastingRead): Promise<LastingAnswer> => {
    const res = await api.callOperation(r.operation, r.call);
    return lastingAnswer(res.status, res.body);
  };
  const first: LastingAnswer[] = [];
  for (const r of reads) first.push(await answer(r));
  const problems: string[] = [];
  let elapsed = 0;
  for (const [m, move] of CLOCK_MOVES.entries()) {
    await advance(move.seconds);
    elapsed += move.seconds;
    const last = m === CLOCK_MOVES.length - 1;
    for (const [i, r] of reads.entries()) {
      if ((!last && i % 2 !== m % 2) || pastItsEnd(r.state, elapsed)) continue;
      problems.push(...lastingProblems(r.state, r.operation.operationId, r.object, move.label, first[i]!, await answer(r)));
    }
  }
  const checked = [...new Set([...reads.map((r) => r.operation.operationId), ...made])];
  countRule(LASTING, rule, {
    applies: [...new Set(states.flatMap((s) => s.operations.map((o) => o.operation.operationId)))],
    checked,
    exceptions: [...new Map(exceptions.filter((e) => !checked.includes(e.operationId)).map((e) => [e.operationId, e])).values()],
  });

  expect(checked.length, 'operations on a lasting state checked').toBeGreaterThan(0);
  expect(problems, problems.join('\n')).toEqual([]);
}
