// The installments catalogues' fault builders, written once for every <resource>.faults.ts: a fault
// the suite's authors wrote as a loosened contract (relax) or a changed behaviour (rule), and one
// written blind (its origin set by kit/faults.ts blind).
import { blind as blindFault, type Fault, type FaultMemory, type Relaxation } from '../kit/faults.js';
import type { Answer } from './errors.js';

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
 * A fault that bends its resource's answer at the answer seam (mocks/kit/faults.ts; the module's AnswerSeams):
 * `answer` is given what the module knows of the request and the answer it made to `op`, and returns the one to send.
 */
export const answered = <Id extends string, X extends { op: string }>(
  id: Id,
  text: string,
  rules: string[],
  op: X['op'],
  answer: (x: X, a: Answer, memory: FaultMemory) => Answer,
): Fault<Id> => ({
  id,
  rule: text,
  source: 'provider',
  rules,
  seams: { answer: (x: X, a: Answer, memory: FaultMemory) => (x.op === op ? answer(x, a, memory) : a) },
});
