// Named deviations from the contract (mocks/README.md, Faults and Seams), switched on by `MOCK_FAULTS=id[,id]` or the control surface:
// a fault bends a mock through its contract (`relax`) or the seams its behaviour modules call, which hold the documented behaviour only.
import { editDistance } from '../../helpers/config/env-file.js';

export interface Relaxation {
  /** Component schema to patch, e.g. 'Consumer'. */
  schema?: string;
  /** Or an operation to patch, by its id (e.g. its requestBody's `content`: a media type it then takes). */
  operation?: string;
  /** Path inside that schema or operation, e.g. ['properties', 'firstName']. */
  at?: string[];
  /** Keywords to remove there (maxLength, pattern, enum, format, required...). */
  drop?: string[];
  /** Keywords to set there (e.g. a looser pattern). */
  set?: Record<string, unknown>;
  /** Numeric keywords moved by this much (`{ maxLength: 1 }`: one more character), so an off-by-one fault never restates the figure. */
  shift?: Record<string, number>;
  /** Values added to an array keyword there (`{ enum: ['PARTNER'] }`). */
  add?: Record<string, unknown[]>;
  /** Values removed from an array keyword there (`{ enum: ['WALLET'] }`). */
  remove?: Record<string, unknown[]>;
  /** Keywords given the provider's value (`['enum']`: the schema's `x-provider-enum`), so a provider-faithful fault never restates it. */
  provider?: string[];
  /** Names to remove from a `required` list there. */
  unrequire?: string[];
}

export interface Fault<Id extends string = string> {
  id: Id;
  /** The rule of the contract this fault breaks (for the mutation report). */
  rule: string;
  /** Where the rule comes from: the seed, the provider's published document, or an assumption of the reference page. */
  source: 'seed' | 'provider' | 'assumption';
  /** Rule ids it breaks (schemas/<service>/rules.yaml, rules/*.yaml): `--targeted` runs the specs citing them; none: the service. */
  rules?: string[];
  /**
   * 'blind': written from the rules with the specs unread. 'telling': a normalisation on one path only telling inputs catch.
   * 'model': a deviation only a sequence of calls shows. 'seeded': a property family broken on one of its paths.
   */
  origin?: 'blind' | 'telling' | 'model' | 'seeded';
  /** For validation faults: how the mock's request schema is loosened. */
  relax?: Relaxation[];
  /** false for switches that are not deviations (e.g. the 500 a spec asks for); the mutation run skips them. */
  mutation?: boolean;
  /** Earlier ids of a renamed fault a recorded measure names (`MOCK_FAULTS`, `--fault` take them as the id). */
  aliases?: string[];
  /** For behaviour faults: the functions it registers at the seams of its resource (FaultSeams). */
  seams?: FaultSeams;
  /** The family of seams it bends, so a step name two resources share ('filters', 'account') reaches only its own; unset: every family. */
  family?: string;
}

/** A fault that applies to every exchange of its seams. */
export const always = (): boolean => true;

/** Judge functions at a step: `fold` changes the request before it is judged, `skip` lets its refusal pass, `refuse` adds one. */
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

/** What a fault is and how it bends the mock, beside its id and rule text: its seam functions, its marks, the rest of Fault. */
type How<T extends SeamTypes> = FaultSeams<T> & Partial<Omit<Fault, 'id' | 'rule' | 'seams'>>;

/**
 * The one fault writer, for one resource's seams (T) and its service's rule ids (`prefix`: 'CE', 'IN', 'FD').
 * - Rule ids: those the text opens with ('FD-A, FD-B: what breaks'), then those of `rules`, for a text that opens with none or not
 *   with all. Each id is written once: the text is what the mutation report prints, so ids in it and again in a field would drift.
 * - Source: the seed; a mark says otherwise (`provider`, `assumption`), as marks say the origin (`blind`, `seeded`...) and the
 *   earlier ids (`was`).
 * - Seam functions (`judge`, `state`, `answer`, `delivery`, `reply`) are given beside the marks and gathered into `seams`.
 * Two call forms, one fault: the rule text after the id, `fault(id, 'FD-A: ...', { judge })`, or first in the object,
 * `fault(id, { rule: 'FD-A: ...', judge })`, where the id and the text do not fit on one line (the formatter would otherwise put
 * each argument on a line of its own and split the id from its text).
 */
export const faultWriter = <T extends SeamTypes>(prefix: string) => {
  const ruleIds = new RegExp(`^(${prefix}-[A-Z0-9-]+(?:, ${prefix}-[A-Z0-9-]+)*): `);
  function fault<Id extends string>(id: Id, rule: string, how: How<T>): Fault<Id>;
  function fault<Id extends string>(id: Id, how: How<T> & { rule: string }): Fault<Id>;
  function fault<Id extends string>(id: Id, text: string | (How<T> & { rule: string }), given?: How<T>): Fault<Id> {
    const { rule, rules: more = [], ...how } = typeof text === 'string' ? { rule: text, ...given } : text;
    const { judge, state, answer, delivery, reply, ...what } = how;
    const rules = [...(ruleIds.exec(rule)?.[1].split(', ') ?? []), ...more];
    const seams = Object.fromEntries(Object.entries({ judge, state, answer, delivery, reply }).filter(([, f]) => f));
    return { id, rule, source: 'seed', ...(rules.length ? { rules } : {}), ...(Object.keys(seams).length ? { seams } : {}), ...what };
  }
  return fault;
};

// The marks, spread into a fault's `how`: where its rule comes from when not the seed, how it was written, its earlier ids.
export const provider = { source: 'provider' } as const;
export const assumption = { source: 'assumption' } as const;
/** Written from the sources with the specs unread (`npm run mutation -- --blind` counts them apart). */
export const blind = { origin: 'blind' } as const;
/** A normalisation on one path only telling inputs catch. */
export const telling = { origin: 'telling' } as const;
/** A deviation only a sequence of calls shows. */
export const model = { origin: 'model' } as const;
/** A property family (deliveries, date windows, counts) broken on one of its paths, to show that family's check fails with it. */
export const seeded = { origin: 'seeded' } as const;
/** Earlier ids a recorded measure names (`MOCK_FAULTS`, `--fault` take them as the id). */
export const was = (...ids: string[]) => ({ aliases: ids });

/** A relaxation of a component ('Origin') or of one of its members ('Consumer.firstName'). */
export const schema = (where: string, change: Omit<Relaxation, 'schema' | 'at'>): Relaxation[] => {
  const [name, member] = where.split('.');
  return [{ schema: name, ...(member ? { at: ['properties', member] } : {}), ...change }];
};

/** A resource's faults as bending its own family of seams (a fault naming its family keeps it). */
export function inFamily<Id extends string>(family: string, faults: Fault<Id>[]): Fault<Id>[] {
  return faults.map((f) => (f.seams && f.family === undefined ? { ...f, family } : f));
}

/** What a resource's seams carry, as its module writes them: the exchange, the steps, a refusal, a change, the answer, a delivery. */
export interface SeamTypes {
  x: unknown;
  step: string;
  refusal: unknown;
  change: unknown;
  answer: unknown;
  delivery: unknown;
}

/** The function a fault registers at one seam of a resource (its judge, state, answer or delivery function). */
export type SeamFn<T extends SeamTypes, K extends keyof FaultSeams> = NonNullable<FaultSeams<T>[K]>;

/** A fault's own memory in one mock, for a deviation that depends on earlier calls (a count, a value seen). */
export type FaultMemory = Record<string, any>;

/** The seams a behaviour module calls, naming no fault: each bends the documented value; faults on apply in catalogue order. */
export interface FaultSeams<T extends SeamTypes = any> {
  /** (a) The refusal the contract gives at a step (undefined: none), bent; a step may also fold the request before it is judged. */
  judge?(x: T['x'], step: T['step'], refusal: T['refusal'] | undefined, memory: FaultMemory): T['refusal'] | undefined;
  /** (b) What the request stores or consumes. */
  state?(x: T['x'], change: T['change'], memory: FaultMemory): T['change'];
  /** (c) The answer as sent: its status, headers and body. */
  answer?(x: T['x'], answer: T['answer'], memory: FaultMemory): T['answer'];
  /** (d) An outbound delivery (undefined: not sent). */
  delivery?(x: T['x'], delivery: T['delivery'], memory: FaultMemory): T['delivery'] | undefined;
  /** (e) Any answer as it leaves (mocks/kit/app.ts), its body text rewritten; called by the kit only. */
  reply?(x: Reply, body: string, memory: FaultMemory): string;
}

/** What the kit's reply seam knows of one answer: its request and its status (FaultSeams.reply). */
export interface Reply {
  /** The operation of the contract the route serves, where one does. */
  operationId?: string;
  /** The request's headers (lower-case names) and its body as the body parser read it (text). */
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
}

/** A JSON object answer's text with `member` set to `value`; any other answer unchanged. */
export function withMember(body: string, member: string, value: unknown): string {
  try {
    const json = JSON.parse(body);
    return json && typeof json === 'object' && !Array.isArray(json) ? JSON.stringify({ ...json, [member]: value }) : body;
  } catch {
    return body;
  }
}

/** The seams of one mock, as its behaviour modules call them (FaultSet.seams). */
export interface Seams<T extends SeamTypes> {
  judge(x: T['x'], step: T['step'], refusal: T['refusal'] | undefined): T['refusal'] | undefined;
  state(x: T['x'], change: T['change']): T['change'];
  answer(x: T['x'], answer: T['answer']): T['answer'];
  delivery(x: T['x'], delivery: T['delivery']): T['delivery'] | undefined;
}

export const faultIds = (f: Fault): string[] => [f.id, ...(f.aliases ?? [])];

/** A fault catalogue with its ids kept as literals, so `faults.has('<id>')` of an undeclared id fails to compile. */
export function faultCatalogue<Id extends string>(faults: Fault<Id>[]): Fault<Id>[] {
  return faults;
}

/** The ids a catalogue declares; never when an id is only a string, so every `has` then fails to compile. */
export type FaultId<C> = C extends readonly Fault<infer Id>[] ? (string extends Id ? never : Id) : never;

export class FaultError extends Error {}

/** At most this many characters of an unknown fault id are shown or compared: an id is whatever text a caller sent. */
const SHOWN_ID_CHARS = 80;

/** An id as a message shows it: its first SHOWN_ID_CHARS characters, and its length when longer. */
export const shownId = (id: string): string =>
  id.length > SHOWN_ID_CHARS ? `'${id.slice(0, SHOWN_ID_CHARS)}...' (${id.length} characters)` : `'${id}'`;

/** The `count` known ids nearest an unknown one (by edit distance from its shown characters), nearest first. */
export function nearestIds(id: string, known: readonly string[], count = 1): string[] {
  const head = id.slice(0, SHOWN_ID_CHARS);
  return known
    .map((k) => ({ k, d: editDistance(head, k) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map(({ k }) => k);
}

/** The faults switched on in one mock; `has` takes only the ids of its catalogue (Id). */
export class FaultSet<Id extends string = string> {
  private readonly fixed: Set<string>;
  private runtime = new Set<string>();
  private readonly memory = new Map<string, FaultMemory>();
  private readonly seamsOf = new Map<string | undefined, Seams<any>>();
  /** The faults of the catalogue that bend answers at the kit's reply seam (FaultSeams.reply). */
  readonly replying: Fault<Id>[];

  constructor(
    readonly catalogue: Fault<Id>[],
    active: readonly Id[],
  ) {
    this.fixed = new Set(active.map((id) => this.known(id)));
    this.replying = catalogue.filter((f) => f.seams?.reply);
  }

  /** The catalogue id of an id or alias; an unknown one is refused in one short line (its first characters, the count, the nearest). */
  private known(id: string): string {
    const fault = this.catalogue.find((f) => faultIds(f).includes(id));
    if (!fault) {
      const known = this.catalogue.map((f) => f.id);
      throw new FaultError(`unknown fault ${shownId(id)}: ${known.length} known, the nearest is '${nearestIds(id, known)[0]}'`);
    }
    return fault.id;
  }

  has(id: Id): boolean {
    return this.fixed.has(id) || this.runtime.has(id);
  }

  active(): string[] {
    return [...new Set([...this.fixed, ...this.runtime])];
  }

  /** Relaxations of the start-up faults (schemas are compiled once, at start). */
  relaxations(): Relaxation[] {
    return this.catalogue.filter((f) => this.fixed.has(f.id)).flatMap((f) => f.relax ?? []);
  }

  setRuntime(ids: string[]) {
    this.runtime = new Set(ids.map((id) => this.known(id)));
  }

  /** The seams of this mock, typed as its behaviour module writes them; `family`: only that family's faults and those of none. */
  seams<T extends SeamTypes>(family?: string): Seams<T> {
    // Asked on every request: the catalogue's faults of each seam are sorted out once a family.
    const kept = this.seamsOf.get(family);
    if (kept) return kept as Seams<T>;
    const mine = (f: Fault<Id>) => family === undefined || f.family === undefined || f.family === family;
    const at = <K extends keyof FaultSeams>(seam: K) => this.catalogue.filter((f) => f.seams?.[seam] && mine(f));
    const [judging, changing, answering, delivering] = [at('judge'), at('state'), at('answer'), at('delivery')];
    const memo = (id: string) => this.memo(id);
    const on = (faults: Fault<Id>[]) => (this.fixed.size || this.runtime.size ? faults.filter((f) => this.has(f.id)) : []);
    const seams: Seams<T> = {
      judge: (x, step, refusal) => on(judging).reduce((r, f) => f.seams!.judge!(x, step, r, memo(f.id)), refusal),
      state: (x, change) => on(changing).reduce((c, f) => f.seams!.state!(x, c, memo(f.id)), change),
      answer: (x, answer) => on(answering).reduce((a, f) => f.seams!.answer!(x, a, memo(f.id)), answer),
      delivery: (x, delivery) =>
        on(delivering).reduce<T['delivery'] | undefined>((d, f) => (d === undefined ? d : f.seams!.delivery!(x, d, memo(f.id))), delivery),
    };
    this.seamsOf.set(family, seams);
    return seams;
  }

  bendsReplies(): boolean {
    return this.replying.some((f) => this.has(f.id));
  }

  /** An answer's body through the reply seam of the faults switched on, in catalogue order. */
  reply(x: Reply, body: string): string {
    for (const f of this.replying) if (this.has(f.id)) body = f.seams!.reply!(x, body, this.memo(f.id));
    return body;
  }

  private memo(id: string): FaultMemory {
    return this.memory.get(id) ?? this.memory.set(id, {}).get(id)!;
  }

  resetRuntime() {
    this.runtime.clear();
  }
}

/** This service's ids among those read at run time (`<service>:<id>` or a bare id; an unknown one is refused at start: mocks/index.ts). */
export function faultsFor<Id extends string>(catalogue: readonly Fault<Id>[], requested: readonly string[], service: string): Id[] {
  return requested
    .map((entry) => {
      const at = entry.indexOf(':');
      return at < 0 ? entry : entry.slice(0, at) === service ? entry.slice(at + 1) : '';
    })
    .flatMap((id) => catalogue.filter((f) => faultIds(f).includes(id)).map((f) => f.id));
}
