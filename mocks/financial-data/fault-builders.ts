// What each financial-data faults module writes its faults with (mocks/kit/faults.ts): a fault of one
// resource's seams, its sources and origins, a contract relaxation.
import type { Fault, FaultMemory, FaultSeams, Relaxation, SeamTypes } from '../kit/faults.js';

/**
 * The builder of one resource's faults: how a fault bends the mock (a relaxation of the contract, or
 * functions at the resource's seams, or the kit's reply seam) and what it is (its source, seed unless given; `origin`,
 * `aliases`). Its `rules` are the rule ids its text starts with ('FD-A, FD-B: what breaks').
 */
export const faultsAt =
  <T extends SeamTypes>() =>
  <Id extends string>(id: Id, rule: string, how: FaultSeams<T> & Partial<Omit<Fault, 'id' | 'rule' | 'seams'>>): Fault<Id> => {
    const { judge, state, answer, delivery, reply, ...what } = how;
    const rules = /^(FD-[A-Z0-9-]+(?:, FD-[A-Z0-9-]+)*): /.exec(rule)?.[1].split(', ');
    const seams = Object.fromEntries(Object.entries({ judge, state, answer, delivery, reply }).filter(([, f]) => f));
    return { id, rule, source: 'seed', ...(rules ? { rules } : {}), ...(Object.keys(seams).length ? { seams } : {}), ...what };
  };

/** A fault written blind (`npm run mutation -- --blind`), kept measurable under its first id. */
export const blind = (earlier: string) => ({ origin: 'blind' as const, aliases: [earlier] });
/** A fault kept under an earlier id a record names (docs/mutation.md). */
export const was = (...ids: string[]) => ({ aliases: ids });
export const assumption = { source: 'assumption' } as const;
export const provider = { source: 'provider' } as const;
export const schema = (name: string, change: Omit<Relaxation, 'schema'>): Relaxation[] => [{ schema: name, ...change }];
/** A fault that applies to every exchange of its seams. */
export const always = (): boolean => true;

/**
 * The judge functions a resource's faults are written with, at its steps: `fold` changes the request
 * at `step` before it is judged there, `skip` lets the refusal of `step` pass (`then` resolves what the
 * step would have), `refuse` refuses at `step` a request the sources accept.
 */
export const judgesAt = <T extends SeamTypes>() => {
  type Judge = NonNullable<FaultSeams<T>['judge']>;
  type When = (x: T['x'], memory: FaultMemory) => boolean;
  const fold =
    (step: T['step'], when: When, change: (x: T['x'], memory: FaultMemory) => void): Judge =>
    (x, s, r, m) => {
      if (s === step && when(x, m)) change(x, m);
      return r;
    };
  const skip =
    (step: T['step'], when: When = always, then?: (x: T['x'], memory: FaultMemory) => void): Judge =>
    (x, s, r, m) => {
      if (s !== step || !r || !when(x, m)) return r;
      then?.(x, m);
      return undefined;
    };
  const refuse =
    (step: T['step'], when: When, made: T['refusal'] | ((x: T['x']) => T['refusal'])): Judge =>
    (x, s, r, m) =>
      r ?? (s === step && when(x, m) ? (typeof made === 'function' ? (made as (x: T['x']) => T['refusal'])(x) : made) : undefined);
  return { fold, skip, refuse };
};
