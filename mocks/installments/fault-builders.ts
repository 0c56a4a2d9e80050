// The installments catalogues' fault writer, their validation rows, and the functions a fault registers at the seams of seams.ts.
import { assumption, faultWriter, judgesAt, schema, type FaultSeams } from '../kit/faults.js';
import type { Violation } from '../kit/validation.js';
import type { Answer, Exchange, InstallmentsSeams, Refusal, Step } from './seams.js';

/** The kit's fault writer for the installments seams (mocks/kit/faults.ts, faultWriter). */
export const fault = faultWriter<InstallmentsSeams>('IN');

/** Validation faults, one a row: id, rule text, where the contract's copy is loosened ('Schema.member'), the keywords dropped, rule ids. */
export const relaxed = <const Rows extends readonly (readonly [string, string, string, readonly string[], readonly string[]])[]>(
  rows: Rows,
) =>
  rows.map(([id, rule, where, drop, rules]) =>
    fault(id as Rows[number][0], { rule, rules: [...rules], relax: schema(where, { drop: [...drop] }), ...assumption }),
  );

type Answering = NonNullable<FaultSeams<InstallmentsSeams>['answer']>;
type Judging = NonNullable<FaultSeams<InstallmentsSeams>['judge']>;
type Changing = NonNullable<FaultSeams<InstallmentsSeams>['state']>;
export type { Answering, Judging, Changing };
type Ops = Exchange['op'] | Exchange['op'][];
const isOp = (x: Exchange, ops: Ops) => (Array.isArray(ops) ? ops.includes(x.op) : x.op === ops);

/** An answer of `ops` (any status) bent where `when` holds. */
export const answerOf =
  (ops: Ops, bendIt: (a: Answer, x: Exchange) => Answer | void, when: (a: Answer, x: Exchange) => boolean = () => true): Answering =>
  (x, a) =>
    isOp(x, ops) && when(a, x) ? (bendIt(a, x) ?? a) : a;
/** A success answer (2xx) of `ops` with a body, its body bent. */
export const okBody = (
  ops: Ops,
  bendIt: (body: any, x: Exchange, a: Answer) => any,
  when: (body: any, x: Exchange) => boolean = () => true,
) =>
  answerOf(
    ops,
    (a, x) => {
      const b = bendIt(a.body, x, a);
      if (b !== undefined) a.body = b;
    },
    (a, x) => a.status < 300 && a.body !== undefined && when(a.body, x),
  );
/** Every answer (any operation) bent where `when` holds. */
export const anyAnswer =
  (bendIt: (a: Answer, x: Exchange) => Answer | void, when: (a: Answer, x: Exchange) => boolean = () => true): Answering =>
  (x, a) =>
    when(a, x) ? (bendIt(a, x) ?? a) : a;
/** A refusal's error body (status 400 and up), each of its items bent. */
export const errorItems = (
  bendIt: (item: Record<string, any>, a: Answer, x: Exchange) => void,
  when: (a: Answer, x: Exchange) => boolean = () => true,
) =>
  anyAnswer(
    (a, x) => {
      for (const item of [a.body?.Errors?.Error ?? []].flat()) bendIt(item, a, x);
    },
    (a, x) => a.status >= 400 && when(a, x),
  );
/** A refusal at `step` of a request the sources accept, where `when` holds. */
export const { refuse: refuseAt } = judgesAt<InstallmentsSeams>();
/** The refusal of `step` skipped where `when` holds. */
export const skipAt =
  (step: Step, when: (x: Exchange, r: Refusal) => boolean = () => true): Judging =>
  (x, s, r) =>
    r && s === step && when(x, r) ? undefined : r;
/** The refusal of `step` changed where `when` holds. */
export const recodeAt =
  (step: Step, change: (r: Refusal, x: Exchange) => Refusal, when: (x: Exchange, r: Refusal) => boolean = () => true): Judging =>
  (x, s, r) =>
    r && s === step && when(x, r) ? change(r, x) : r;
/** The refusal of `step` skipped on `op` where every member in error is one `loose` lets through (a bound or pattern loosened there). */
export const loosen =
  (op: Exchange['op'], loose: (v: Violation, x: Exchange) => boolean, steps: Step[] = ['body']): Judging =>
  (x, s, r) =>
    r?.violations?.length && x.op === op && steps.includes(s) && r.violations.every((v) => loose(v, x)) ? undefined : r;
/** The refusal of `step` skipped on `op`. */
export const skipOn = (step: Step, op: Exchange['op']) => skipAt(step, (x) => x.op === op);
/** The refusal of the parameter `name` (guard.ts) skipped on `op` (undefined: any operation) where its value passes `when`. */
export const paramUnchecked = (name: string, when: (value: string | undefined, x: Exchange) => boolean, op?: Exchange['op']) =>
  skipAt('param', (x) => (op === undefined || x.op === op) && x.param?.name === name && when(x.param.value, x));
