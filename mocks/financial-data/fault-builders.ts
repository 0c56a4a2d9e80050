// What each financial-data faults module writes its faults with (mocks/kit/faults.ts): a fault of one
// resource's seams, its sources and origins, a contract relaxation.
import type { Fault, FaultSeams, Relaxation, SeamTypes } from '../kit/faults.js';

/**
 * The builder of one resource's faults: how a fault bends the mock (a relaxation of the contract, or
 * functions at the resource's seams) and what it is (its source, seed unless given; `origin`,
 * `aliases`). Its `rules` are the rule ids its text starts with ('FD-A, FD-B: what breaks').
 */
export const faultsAt =
  <T extends SeamTypes>() =>
  <Id extends string>(id: Id, rule: string, how: FaultSeams<T> & Partial<Omit<Fault, 'id' | 'rule' | 'seams'>>): Fault<Id> => {
    const { judge, state, answer, delivery, ...what } = how;
    const rules = /^(FD-[A-Z0-9-]+(?:, FD-[A-Z0-9-]+)*): /.exec(rule)?.[1].split(', ');
    const seams = Object.fromEntries(Object.entries({ judge, state, answer, delivery }).filter(([, f]) => f));
    return { id, rule, source: 'seed', ...(rules ? { rules } : {}), ...(Object.keys(seams).length ? { seams } : {}), ...what };
  };

/** A fault written blind (`npm run mutation -- --blind`), kept measurable under its first id. */
export const blind = (earlier: string) => ({ origin: 'blind' as const, aliases: [earlier] });
export const assumption = { source: 'assumption' } as const;
export const provider = { source: 'provider' } as const;
export const schema = (name: string, change: Omit<Relaxation, 'schema'>): Relaxation[] => [{ schema: name, ...change }];
/** A fault that applies to every exchange of its seams. */
export const always = (): boolean => true;
