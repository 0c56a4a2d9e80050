// The seam functions each financial-data faults module writes its faults with, beside the kit's fault writer (faultKit).
import { always, faultWriter, judgesAt, type FaultMemory, type FaultSeams, type SeamTypes } from '../kit/faults.js';

/** The operation a resource's exchange names. */
type OpOf<T extends SeamTypes> = T['x'] extends { op: infer O } ? O : never;
/** The kind of change a resource's state seam is given (`op` of its Change). */
type ChangeOf<T extends SeamTypes> = T['change'] extends { op: infer K } ? K : never;
type Answer = { status: number; body?: any };

/**
 * One resource's fault writer and seam functions, typed for its seams: `fault` (the kit's faultWriter), `fold`, `skip`, `refuse`,
 * `on(...ops)`, `all(...judges)`, `writtenThenRefused` (a write at a step that then refuses), `changed(op, bend)`,
 * `answered(ops, bend)` (a refusal's with `refused`).
 */
export const faultKit = <T extends SeamTypes>() => {
  type Seams = FaultSeams<T>;
  type Judge = NonNullable<Seams['judge']>;
  type Op = OpOf<T>;
  type When = (x: T['x'], memory: FaultMemory) => boolean;
  const isOf = (x: T['x'], ops: Op | Op[]) => [ops].flat().includes((x as { op: Op }).op);
  const on =
    (...ops: Op[]) =>
    (x: T['x']) =>
      isOf(x, ops);
  const all =
    (...judges: Judge[]): Judge =>
    (x, s, r, m) =>
      judges.reduce((refusal, j) => j(x, s, refusal, m), r);
  const writtenThenRefused =
    (step: T['step'], when: When, write: (x: T['x'], memory: FaultMemory) => void): Judge =>
    (x, s, r, m) => {
      if (r && s === step && when(x, m)) write(x, m);
      return r;
    };
  const changed =
    <K extends ChangeOf<T>>(
      op: K,
      bend: (c: Extract<T['change'], { op: K }>, x: T['x'], memory: FaultMemory) => T['change'] | void,
    ): NonNullable<Seams['state']> =>
    (x, c, m) =>
      (c as { op: K }).op === op ? (bend(c as Extract<T['change'], { op: K }>, x, m) ?? c) : c;
  const answered =
    (ops: Op | Op[], bend: (body: any, x: T['x'], memory: FaultMemory) => unknown, refused = false): NonNullable<Seams['answer']> =>
    (x, answer, m) => {
      const a = answer as Answer;
      return isOf(x, ops) && a.status >= 400 === refused && a.body ? ({ ...a, body: bend(a.body, x, m) } as T['answer']) : answer;
    };
  /** The refusal of `step` on `ops` skipped where `when` holds; `then` resolves what the step would have. */
  const skipOn =
    (ops: Op | Op[], step: T['step'], when: (x: T['x'], refusal: T['refusal']) => boolean = always, then?: (x: T['x']) => void): Judge =>
    (x, s, r) => {
      if (s !== step || !r || !isOf(x, ops) || !when(x, r)) return r;
      then?.(x);
      return undefined;
    };
  /** The exchange changed at `step` of one of `ops` before it is judged further. */
  const foldOn =
    (ops: Op | Op[], step: T['step'], change: (x: T['x'], memory: FaultMemory) => void): Judge =>
    (x, s, r, m) => {
      if (s === step && isOf(x, ops)) change(x, m);
      return r;
    };
  return { fault: faultWriter<T>('FD'), ...judgesAt<T>(), on, all, writtenThenRefused, changed, answered, skipOn, foldOn };
};
