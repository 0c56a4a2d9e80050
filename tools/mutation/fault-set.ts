// Which faults of a catalogue a mutation run takes (scripts/mutation.ts): every deviation, or those
// of one id (--fault), of ids matching a pattern (--match; an earlier id a renamed fault keeps counts), or written blind
// (--blind: the independent measure, `origin: 'blind'`). Apart from the script so that the choice can be tested alone.
import { faultIds, type Fault } from '../../mocks/kit/faults.js';

interface FaultChoice {
  fault?: string;
  match?: RegExp;
  blind?: boolean;
}

/** Whether a fault is taken by the choice (every condition given must hold; a non-deviation never is). */
export const chosen = (f: Fault, choice: FaultChoice): boolean =>
  f.mutation !== false &&
  (!choice.fault || faultIds(f).includes(choice.fault)) &&
  (!choice.match || faultIds(f).some((id) => choice.match!.test(id))) &&
  (!choice.blind || f.origin === 'blind');
