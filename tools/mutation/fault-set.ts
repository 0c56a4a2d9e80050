// Which faults of a catalogue a mutation run takes (scripts/mutation.ts): every deviation, or those
// of one id (--fault), of ids matching a pattern (--match; an earlier id a renamed fault keeps counts), written blind (--blind: the first
// independent measure, `origin: 'blind'`), or of one named independent set (--set <name>,
// mocks/kit/faults.ts `independent`). Apart from the script so that the choice can be tested alone.
import { faultIds, type Fault } from '../../mocks/kit/faults.js';

interface FaultChoice {
  fault?: string;
  match?: RegExp;
  blind?: boolean;
  set?: string;
}

/** The named sets the catalogues hold, in order of first appearance. */
export const faultSets = (faults: readonly Fault[]): string[] => [...new Set(faults.flatMap((f) => (f.set ? [f.set] : [])))];

/** Why `--set <name>` cannot be run (a set no catalogue declares would measure nothing), in one line, or undefined. */
export function unknownSetMessage(name: string, faults: readonly Fault[]): string | undefined {
  const known = faultSets(faults);
  if (known.includes(name)) return undefined;
  return `unknown fault set '${name}' (known: ${known.length ? known.join(', ') : 'none'})`;
}

/** Whether a fault is taken by the choice (every condition given must hold; a non-deviation never is). */
export const chosen = (f: Fault, choice: FaultChoice): boolean =>
  f.mutation !== false &&
  (!choice.fault || faultIds(f).includes(choice.fault)) &&
  (!choice.match || faultIds(f).some((id) => choice.match!.test(id))) &&
  (!choice.blind || f.origin === 'blind') &&
  (!choice.set || f.set === choice.set);
