// The installments catalogues' fault builders, written once for every <resource>.faults.ts: a fault
// the suite's authors wrote as a loosened contract (relax) or a changed behaviour (rule), and one
// written blind (its origin set by kit/faults.ts blind), one bending an answer at its module's answer seam (answered).
import { blind as blindFault, type Fault, type FaultMemory, type Relaxation } from '../kit/faults.js';
import type { InstallmentsOperationId } from '../../helpers/contract/operations.js';

/** An answer as a behaviour module sends it, given to the answer seam of its resource (mocks/kit/faults.ts). */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Record<string, any>;
}
/**
 * The seams of a resource module (mocks/kit/faults.ts): `X` is what it knows of the request, `operationId` the operation
 * (the mock's seams are shared by its resources: a fault bends its own operations); a step of the judgement names
 * what it judges, its refusal the Description the module answers (undefined: none); a change, what it keeps.
 */
export type ResourceSeams<X> = {
  x: X & { operationId: InstallmentsOperationId };
  step: string;
  refusal: string;
  change: unknown;
  answer: Answer;
  delivery: never;
};

/** A fault written blind, in the catalogues' positional form. */
export const blind = <Id extends string>(
  id: Id,
  rule: string,
  source: Fault['source'],
  rules?: string[],
  relax?: Relaxation[],
): Fault<Id> => blindFault({ id, rule, source, ...(rules ? { rules } : {}), ...(relax ? { relax } : {}) });

/** A fault that loosens a schema of the mock's validation (a limit, a pattern, an enum, a required member). */
export const relax = <Id extends string>(
  id: Id,
  rule: string,
  schema: string,
  at: string[] | undefined,
  change: { drop?: string[]; unrequire?: string[] },
  rules: string[],
): Fault<Id> => ({ id, rule, source: 'assumption', rules, relax: [{ schema, ...(at ? { at } : {}), ...change }] });

/** A fault its resource module switches on by id (a changed behaviour). */
export const rule = <Id extends string>(id: Id, text: string, rules?: string[]): Fault<Id> => ({
  id,
  rule: text,
  source: 'assumption',
  ...(rules ? { rules } : {}),
});

/**
 * A fault that bends its resource's answer at the answer seam (mocks/kit/faults.ts; the module's ResourceSeams):
 * `answer` is given what the module knows of the request and the answer it made to `operationId`, and returns the one to send.
 */
export const answered = <Id extends string, X extends { operationId: string }>(
  id: Id,
  text: string,
  rules: string[],
  operationId: X['operationId'],
  answer: (x: X, a: Answer, memory: FaultMemory) => Answer,
): Fault<Id> => ({
  id,
  rule: text,
  source: 'provider',
  rules,
  seams: { answer: (x: X, a: Answer, memory: FaultMemory) => (x.operationId === operationId ? answer(x, a, memory) : a) },
});

/** A fault that bends one step of its resource's judgement (the module's ResourceSeams judge) on the operations `ops`. */
export const judged = <Id extends string>(
  id: Id,
  text: string,
  rules: string[],
  ops: string[],
  step: string,
  judge: (refusal: string | undefined, x: any, memory: FaultMemory) => string | undefined,
): Fault<Id> => ({
  id,
  rule: text,
  source: 'provider',
  rules,
  seams: {
    judge: (x: { operationId: string }, at: string, refusal: string | undefined, memory: FaultMemory) =>
      ops.includes(x.operationId) && at === step ? judge(refusal, x, memory) : refusal,
  },
});
