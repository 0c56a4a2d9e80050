// The installments catalogues' fault builders, written once for every <resource>.faults.ts: a fault
// the suite's authors wrote as a loosened contract (relax) or a changed behaviour (rule), and one
// written blind (its origin set by kit/faults.ts blind).
import { blind as blindFault, type Fault, type Relaxation } from '../kit/faults.js';

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
