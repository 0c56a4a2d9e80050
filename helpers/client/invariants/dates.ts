// Checker: every date is in the unit and range its type says, on every answer of every operation
// (the less used versions included), and a date of an event happened once never moves. Read from the
// contract, never from a hand list: a member typed as epoch seconds (its schema, or the component it
// refers to, says "epoch" or "Unix": provider 1.35.0 UnixDate / StringUnixDate) is a whole number of
// seconds reading a year between 1900 and 2200 (a date in milliseconds reads a year past 50 000); a
// member of format date-time carries its zone (RFC 3339 section 5.6); a date of an event already past
// (helpers/contract/event-dates.ts) is not later than the target's clock; the creation date of a 201
// is the target's clock at that moment. Pure: the judge of each service runs it on every answer.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { eventDateMembers } from '../../contract/event-dates.js';
import { typeOf } from '../../contract/wire-forms.js';
import { resolve } from '../negative.js';

export const DATE_UNITS = 'date-units';

/** How far a date may stand from the target's clock it is compared with (the clocks of two hosts, a slow answer). */
export const DATE_TOLERANCE_S = 600;
/** The seconds of 1900-01-01 and 2200-01-01: a date of birth to a far expiry; a millisecond date of today reads past both. */
const EPOCH_RANGE_S = [-2_208_988_800, 7_258_118_400] as const;
/** A date-time's zone: Z or an offset (RFC 3339 time-offset). */
const ZONED = /(Z|[+-]\d\d:?\d\d)$/i;
/** The event dates of an event that happens once to its object (its creation, its request, its link), never moved by a later change. */
export const ONCE = /^(created|creation|request(ed)?|submitted|linked|open(ed)?|initiated|generated)/;
/** The creation dates a 201 answers for the object it made. */
const CREATION = /^(created|creation)/;

const EPOCH_TEXT = /\bepoch\b|\bunix\b/i;

export interface DateLeaf {
  at: string;
  member: string;
  kind: 'epoch' | 'date-time';
  value: unknown;
}

/** A schema node resolved once ($ref followed, allOf merged), with what its references say, kept per node: every answer walks the same nodes. */
interface Node {
  s: Json;
  epoch: boolean;
  alternatives?: Json[];
  /** The validator of each alternative, compiled at its first use. */
  checks?: ((v: unknown) => boolean)[];
}
const nodes = new WeakMap<object, Node>();
function nodeOf(contract: Contract, schema: Json): Node {
  let n = nodes.get(schema);
  if (n) return n;
  const refName = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const referred = refName ? contract.componentSchema(refName) : undefined;
  const s = resolve(contract, schema);
  const alternatives: Json[] | undefined = s?.oneOf ?? s?.anyOf;
  n = {
    s,
    epoch: EPOCH_TEXT.test(`${schema.description ?? ''} ${referred?.description ?? ''} ${s?.description ?? ''}`),
    alternatives: alternatives && !typeOf(s) && !s.properties ? alternatives : undefined,
  };
  nodes.set(schema, n);
  return n;
}

/** The dates of a JSON value by its schema: each leaf typed as epoch seconds or as a date-time, with its path. */
export function dateLeaves(contract: Contract, schema: Json, value: unknown, at = '', member = '', depth = 0): DateLeaf[] {
  if (depth > 12 || value === undefined || value === null || !schema || typeof schema !== 'object') return [];
  const node = nodeOf(contract, schema);
  const s = node.s;
  const scalar = typeof value !== 'object';
  if (scalar && node.epoch && (typeof value === 'number' || (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value))))
    return [{ at, member, kind: 'epoch', value }];
  if (scalar && typeof value === 'string' && s?.format === 'date-time') return [{ at, member, kind: 'date-time', value }];
  if (scalar) return [];
  if (node.alternatives) {
    node.checks ??= node.alternatives.map((alt, i) => {
      let check: ((v: unknown) => boolean) | undefined;
      return (v: unknown) => (check ??= contract.validator(`date-units:alternative:${i}:${JSON.stringify(alt)}`, alt))(v) as boolean;
    });
    const taken = node.alternatives.filter((_, i) => node.checks![i](value));
    return taken.length === 1 ? dateLeaves(contract, taken[0], value, at, member, depth + 1) : [];
  }
  if (Array.isArray(value))
    return s?.items ? value.slice(0, 100).flatMap((v, i) => dateLeaves(contract, s.items, v, `${at}[${i}]`, member, depth + 1)) : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, v]) =>
    s?.properties?.[name] ? dateLeaves(contract, s.properties[name], v, at ? `${at}.${name}` : name, name, depth + 1) : [],
  );
}

/** Whether a schema holds, at any depth, a member typed as epoch seconds or as a date-time. */
function holdsDate(contract: Contract, schema: Json): boolean {
  const seen = new Set<Json>();
  const walk = (node: Json): boolean => {
    if (!node || typeof node !== 'object' || seen.has(node)) return false;
    seen.add(node);
    const refName = typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
    const target = refName ? contract.componentSchema(refName) : node;
    if (
      EPOCH_TEXT.test(String(node.description ?? '')) ||
      EPOCH_TEXT.test(String(target?.description ?? '')) ||
      target?.format === 'date-time'
    )
      return true;
    return Object.values(target ?? {}).some((v) => (Array.isArray(v) ? v.some(walk) : walk(v)));
  };
  return walk(schema);
}

/** The seconds a date leaf names, or undefined when it names none. */
export function secondsOf(leaf: DateLeaf): number | undefined {
  if (leaf.kind === 'epoch') return Number(leaf.value);
  const t = Date.parse(String(leaf.value));
  return Number.isNaN(t) ? undefined : t / 1000;
}

const yearOf = (seconds: number) => (Number.isFinite(seconds) ? Math.floor(1970 + seconds / 31_556_952) : Number.NaN);

/** Every date of an answer out of its unit or range, each naming the member; `nowMs` is the target's clock. */
export class DateUnits {
  private readonly events: Map<string, string>;

  constructor(private readonly contract: Contract) {
    this.events = eventDateMembers(contract);
  }

  /** Whether an answer's schema holds a date anywhere, by operation and status: most do not, and are not walked. */
  private readonly dated = new Map<string, boolean>();

  leaves(operation: Operation, status: number, body: unknown): DateLeaf[] {
    const schema = operation.responses[String(status)]?.schema;
    if (!schema) return [];
    const key = `${operation.operationId} ${status}`;
    let dated = this.dated.get(key);
    if (dated === undefined) this.dated.set(key, (dated = holdsDate(this.contract, schema)));
    return dated ? dateLeaves(this.contract, schema, body) : [];
  }

  /** Whether a member dates an event that happens once to its object. */
  once(member: string): boolean {
    return this.events.has(member) && ONCE.test(member);
  }

  /**
   * `latestMs`: the latest the target's clock has read (an event past is not after it); `nowMs`: the
   * clock now (a creation is dated at it). On a sandbox both are the wall clock; a mock's may be set back.
   */
  problems(operation: Operation, status: number, body: unknown, latestMs: number, nowMs = latestMs): string[] {
    const out: string[] = [];
    const latest = latestMs / 1000;
    const now = nowMs / 1000;
    for (const leaf of this.leaves(operation, status, body)) {
      const shown = `${leaf.at} ${JSON.stringify(leaf.value)}`;
      if (leaf.kind === 'epoch') {
        const seconds = Number(leaf.value);
        if (!Number.isInteger(seconds)) out.push(`${shown} is not a whole number of epoch seconds`);
        else if (seconds < EPOCH_RANGE_S[0] || seconds > EPOCH_RANGE_S[1])
          out.push(`${shown} is not epoch seconds: it reads the year ${yearOf(seconds)} (milliseconds read 1000 times too far)`);
      } else if (!ZONED.test(String(leaf.value))) out.push(`${shown} is a date-time without its zone`);
      const seconds = secondsOf(leaf);
      if (seconds === undefined || !this.events.has(leaf.member)) continue;
      if (seconds > latest + DATE_TOLERANCE_S)
        out.push(`${shown} dates an event already past, yet is ${Math.round(seconds - latest)} s after the target's clock`);
      if (
        status === 201 &&
        operation.method === 'POST' &&
        CREATION.test(leaf.member) &&
        !/[.[]/.test(leaf.at) &&
        seconds < now - DATE_TOLERANCE_S
      )
        out.push(`${shown} is the creation date of what this call made, yet ${Math.round(now - seconds)} s before the target's clock`);
    }
    return out;
  }
}
