// The installments catalogues' fault builders: a loosened contract (relax), a changed behaviour (rule), a blind fault, and the
// functions a fault registers at the seams of seams.ts.
import { blind as blindFault, judgesAt, type Fault, type FaultSeams, type Relaxation } from '../kit/faults.js';
import type { Violation } from '../kit/validation.js';
import type { Answer, Exchange, InstallmentsSeams, Refusal, Step } from './seams.js';

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

/** Faults loosening the mock's validation, one a row: id, rule text, where ('Schema' or 'Schema.member'), the keywords dropped, rule ids. */
export function relaxed<const Rows extends readonly (readonly [string, string, string, readonly string[], readonly string[]])[]>(
  rows: Rows,
): Fault<Rows[number][0]>[] {
  return rows.map(([id, text, where, drop, rules]) => {
    const [schema, member] = where.split('.');
    return relax(id, text, schema, member ? ['properties', member] : undefined, { drop: [...drop] }, [...rules]);
  });
}

/** A fault its resource module switches on by id (a changed behaviour). */
export const rule = <Id extends string>(id: Id, text: string, rules?: string[]): Fault<Id> => ({
  id,
  rule: text,
  source: 'assumption',
  ...(rules ? { rules } : {}),
});

/** A fault given the functions it registers at the seams (seams.ts) its deviation bends. */
export const bend = <const Id extends string>(fault: Fault<Id>, seams: FaultSeams<InstallmentsSeams>): Fault<Id> => ({ ...fault, seams });

/** A fault in one call: id, rule ids, rule text, what it is (source the provider's document unless given; `origin`, `aliases`), seams. */
export const fault = <const Id extends string>(
  id: Id,
  rules: string[],
  how: { rule: string } & FaultSeams<InstallmentsSeams> & Partial<Omit<Fault, 'id' | 'rule' | 'rules' | 'seams'>>,
): Fault<Id> => {
  const { rule, judge, state, answer, delivery, reply, ...what } = how;
  const seams = Object.fromEntries(Object.entries({ judge, state, answer, delivery, reply }).filter(([, f]) => f));
  return { id, rule, source: 'provider', rules, ...what, ...(Object.keys(seams).length ? { seams } : {}) };
};

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
