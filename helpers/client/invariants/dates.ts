// Checker: every date is in its type's unit and range on every answer (epoch seconds, provider 1.35.0 UnixDate: a year
// 1900 to 2200; a date-time with its zone, RFC 3339 section 5.6), a past event's never after the target's clock, a 201's
// creation the clock then, a write's stamps its time and a last change never before the creation (FD-DATE-WRITE-TIME).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { eventDateMembers } from '../../contract/event-dates.js';
import { typeOf } from '../../contract/wire-forms.js';
import { isRead, okCodeOf, okSchemaOf, schemaHolds } from './kit.js';
import { resolve } from '../../contract/schema-walk.js';

export const DATE_UNITS = 'date-units';

/** How far a date may stand from the target's clock it is compared with (the clocks of two hosts, a slow answer). */
export const DATE_TOLERANCE_S = 600;
/** The seconds of 1900-01-01 and 2200-01-01: a date of birth to a far expiry; a millisecond date of today reads past both. */
const EPOCH_RANGE_S = [-2_208_988_800, 7_258_118_400] as const;
/** A date-time's zone: Z or an offset (RFC 3339 time-offset). */
const ZONED = /(Z|[+-]\d\d:?\d\d)$/i;
/** The event dates of an event that happens once to its object (its creation, its request, its link), never moved by a later change. */
export const ONCE = /^(created|creation|request(ed)?|submitted|linked|open(ed)?|initiated|generated)/;
/** The creation dates a 201 answers for the object it made; a write making nothing leaves them (FD-DATE-WRITE-TIME). */
export const CREATION = /^(created|creation)/;
/** The dates of an object's last change (modifiedDate, lastUpdatedDate, lastModifiedDate, updatedDate): every write that changes it stamps them. */
export const CHANGE = /^(modified|updated|last(Updated|Modified|Changed))/;
/** How far a write's stamp may stand outside its measured window (whole seconds, stamping around the work; a zone error is 3600 s+). */
export const WRITE_TOLERANCE_S = 120;
/** Whether a writer's answer is of an object it made: a POST's 201, or 202 (seed 002, Reports); a 200 may answer an earlier object. */
export const makes = (operation: Operation, status: number) => operation.method === 'POST' && (status === 201 || status === 202);
/** A date-time without a zone (provider 1.35.0 NoZoneDateTime), read as a date; its form is the schema check's (format date-time-local). */
const LOCAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/;
/** The format a date-time without a zone is written with (OpenAPI format registry, helpers/contract/ajv.ts). */
const LOCAL_FORMAT = 'date-time-local';
/** A member described as an RFC 3339 date-time without its format (provider installments 2.0.0, Offer offerBeginDatetime). */
const RFC3339_TEXT = /\bRFC ?3339\b/i;

const EPOCH_TEXT = /\bepoch\b|\bunix\b/i;

export interface DateLeaf {
  at: string;
  member: string;
  /** `local`: a date-time without a zone, read as UTC (the catalogue's reading, FD-MICRO-DETAILS: "UTC, no zone"; @assumption). */
  kind: 'epoch' | 'date-time' | 'local';
  value: unknown;
}

/** A schema node resolved once ($ref followed, allOf merged), with what its references say, kept per node: every answer walks the same nodes. */
interface Node {
  s: Json;
  epoch: boolean;
  local: boolean;
  /** Described as an RFC 3339 date-time (RFC3339_TEXT), its format not declared. */
  zoned: boolean;
  alternatives?: Json[];
  /** The validator of each alternative, compiled at its first use. */
  checks?: ((v: unknown) => boolean)[];
  /** Whether a date leaf can be found at or below this node (holdsLeaf): a member whose schema holds none is not walked. */
  holds?: boolean;
}
const nodes = new WeakMap<object, Node>();
function nodeOf(contract: Contract, schema: Json): Node {
  let n = nodes.get(schema);
  if (n) return n;
  const refName = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  const referred = refName ? contract.componentSchema(refName) : undefined;
  const s = resolve(contract, schema);
  const alternatives: Json[] | undefined = s?.oneOf ?? s?.anyOf;
  const text = `${schema.description ?? ''} ${referred?.description ?? ''} ${s?.description ?? ''}`;
  n = {
    s,
    epoch: EPOCH_TEXT.test(text),
    local: s?.format === LOCAL_FORMAT,
    zoned: RFC3339_TEXT.test(text),
    alternatives: alternatives && !typeOf(s) && !s.properties ? alternatives : undefined,
  };
  nodes.set(schema, n);
  return n;
}

/** Whether dateLeaves can find a leaf at or below a node, found once per node (a node met again while found counts as holding one). */
function holdsLeaf(contract: Contract, node: Node): boolean {
  if (node.holds !== undefined) return node.holds;
  node.holds = true;
  const s = node.s;
  const below = (schema: Json) => Boolean(schema) && typeof schema === 'object' && holdsLeaf(contract, nodeOf(contract, schema));
  node.holds =
    node.epoch ||
    node.local ||
    node.zoned ||
    s?.format === 'date-time' ||
    Boolean(node.alternatives?.some(below)) ||
    below(s?.items) ||
    Object.values<Json>(s?.properties ?? {}).some(below);
  return node.holds;
}

/** The dates of a JSON value by its schema: each leaf typed as epoch seconds or as a date-time, with its path. */
export function dateLeaves(contract: Contract, schema: Json, value: unknown): DateLeaf[] {
  const out: DateLeaf[] = [];
  collectDateLeaves(contract, schema, value, '', '', 0, out);
  return out;
}

/** dateLeaves into one list, in the order of the value's members (no list made per member). */
function collectDateLeaves(
  contract: Contract,
  schema: Json,
  value: unknown,
  at: string,
  member: string,
  depth: number,
  out: DateLeaf[],
): void {
  if (depth > 12 || value === undefined || value === null || !schema || typeof schema !== 'object') return;
  const node = nodeOf(contract, schema);
  if (!holdsLeaf(contract, node)) return;
  const s = node.s;
  const scalar = typeof value !== 'object';
  if (scalar && node.epoch && (typeof value === 'number' || (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value)))) {
    out.push({ at, member, kind: 'epoch', value });
    return;
  }
  if (scalar && typeof value === 'string' && (s?.format === 'date-time' || node.zoned)) {
    out.push({ at, member, kind: 'date-time', value });
    return;
  }
  if (scalar && typeof value === 'string' && node.local && LOCAL.test(value)) {
    out.push({ at, member, kind: 'local', value });
    return;
  }
  if (scalar) return;
  if (node.alternatives) {
    node.checks ??= node.alternatives.map((alt, i) => {
      let check: ((v: unknown) => boolean) | undefined;
      return (v: unknown) => (check ??= contract.validator(`date-units:alternative:${i}:${JSON.stringify(alt)}`, alt))(v) as boolean;
    });
    const taken = node.alternatives.filter((_, i) => node.checks![i](value));
    if (taken.length === 1) collectDateLeaves(contract, taken[0], value, at, member, depth + 1, out);
    return;
  }
  if (Array.isArray(value)) {
    if (s?.items) {
      const n = Math.min(value.length, 100);
      for (let i = 0; i < n; i++) collectDateLeaves(contract, s.items, value[i], `${at}[${i}]`, member, depth + 1, out);
    }
    return;
  }
  const properties = s?.properties;
  if (!properties) return;
  for (const [name, v] of Object.entries(value as Record<string, unknown>))
    if (properties[name]) collectDateLeaves(contract, properties[name], v, at ? `${at}.${name}` : name, name, depth + 1, out);
}

/** Whether a schema holds, at any depth, a member typed as epoch seconds or as a date-time. */
const holdsDate = (contract: Contract, schema: Json): boolean =>
  schemaHolds(
    contract,
    schema,
    (node, target) =>
      [node.description, target?.description].some((text) => [EPOCH_TEXT, RFC3339_TEXT].some((t) => t.test(String(text ?? '')))) ||
      target?.format === 'date-time' ||
      target?.format === LOCAL_FORMAT,
  );

/** The seconds a date leaf names, or undefined when it names none. */
export function secondsOf(leaf: DateLeaf): number | undefined {
  if (leaf.kind === 'epoch') return Number(leaf.value);
  const t = Date.parse(leaf.kind === 'local' ? `${String(leaf.value)}Z` : String(leaf.value));
  return Number.isNaN(t) ? undefined : t / 1000;
}

const yearOf = (seconds: number) => (Number.isFinite(seconds) ? Math.floor(1970 + seconds / 31_556_952) : Number.NaN);

/** A date leaf out of its unit or range, or a date-time without its zone (RFC 3339 section 5.6). */
function unitProblems(leaf: DateLeaf): string[] {
  const shown = `${leaf.at} ${JSON.stringify(leaf.value)}`;
  if (leaf.kind === 'epoch') {
    const seconds = Number(leaf.value);
    if (!Number.isInteger(seconds)) return [`${shown} is not a whole number of epoch seconds`];
    if (seconds < EPOCH_RANGE_S[0] || seconds > EPOCH_RANGE_S[1])
      return [`${shown} is not epoch seconds: it reads the year ${yearOf(seconds)} (milliseconds read 1000 times too far)`];
  } else if (leaf.kind === 'date-time' && !ZONED.test(String(leaf.value))) return [`${shown} is a date-time without its zone`];
  return [];
}

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

  /** Every date of an answer out of its unit or range or without its zone, with no clock (installments, card enrollment). */
  unitProblems(operation: Operation, status: number, body: unknown): string[] {
    return this.leaves(operation, status, body).flatMap(unitProblems);
  }

  /** Whether any answer the contract documents for an operation holds a date: the operations the property applies to. */
  answersDates(operation: Operation): boolean {
    return Object.entries(operation.responses).some(([code, r]) => /^\d+$/.test(code) && r?.schema && holdsDate(this.contract, r.schema));
  }

  /** Whether a member dates an event that happens once to its object. */
  once(member: string): boolean {
    return this.events.has(member) && ONCE.test(member);
  }

  /** `latestMs`: the latest the target's clock read; `leaves`: the answer's dates, where read already. */
  problems(operation: Operation, status: number, body: unknown, latestMs: number, leaves = this.leaves(operation, status, body)): string[] {
    const out: string[] = [];
    const latest = latestMs / 1000;
    for (const leaf of leaves) {
      const shown = `${leaf.at} ${JSON.stringify(leaf.value)}`;
      out.push(...unitProblems(leaf));
      const seconds = secondsOf(leaf);
      if (seconds === undefined || !this.events.has(leaf.member)) continue;
      if (seconds > latest + DATE_TOLERANCE_S)
        out.push(`${shown} dates an event already past, yet is ${Math.round(seconds - latest)} s after the target's clock`);
      // The creation date a POST's 201 answers is the time of that write: writeTimeProblems' judgement (FD-DATE-WRITE-TIME),
      // within the call's own window, not this one's.
    }
    return out;
  }

  /** A write's dates (FD-DATE-WRITE-TIME): a change not before the creation, on a 2xx within `window`; `zoneless`: UTC (NoZoneDateTime). */
  writeTimeProblems(
    operation: Operation,
    status: number,
    body: unknown,
    window?: WriteWindow,
    zoneless = true,
    leaves = this.leaves(operation, status, body),
  ): string[] {
    const out: string[] = [];
    if (!leaves.length) return out;
    const parentOf = (at: string) => at.slice(0, Math.max(0, Math.max(at.lastIndexOf('.'), at.lastIndexOf('['))));
    const byObject = new Map<string, DateLeaf[]>();
    for (const leaf of leaves) byObject.set(parentOf(leaf.at), [...(byObject.get(parentOf(leaf.at)) ?? []), leaf]);
    for (const dates of byObject.values()) {
      const created = dates.find((d) => CREATION.test(d.member));
      const createdS = created && secondsOf(created);
      if (createdS === undefined) continue;
      for (const changed of dates.filter((d) => CHANGE.test(d.member))) {
        const changedS = secondsOf(changed);
        if (changedS !== undefined && changedS < createdS - WRITE_TOLERANCE_S)
          out.push(
            `${changed.at} ${JSON.stringify(changed.value)} dates the last change ${Math.round(createdS - changedS)} s before the creation ${created!.at} ${JSON.stringify(created!.value)}`,
          );
      }
    }
    if (!window || isRead(operation) || status < 200 || status >= 300) return out;
    const from = window.fromMs / 1000 - WRITE_TOLERANCE_S;
    const to = window.toMs / 1000 + WRITE_TOLERANCE_S;
    for (const leaf of leaves) {
      if (/[.[]/.test(leaf.at) || !(CHANGE.test(leaf.member) || (makes(operation, status) && CREATION.test(leaf.member)))) continue;
      if (leaf.kind === 'local' && !zoneless) continue;
      const seconds = secondsOf(leaf);
      if (seconds === undefined || (seconds >= from && seconds <= to)) continue;
      const off =
        seconds < from ? `${Math.round(window.fromMs / 1000 - seconds)} s before` : `${Math.round(seconds - window.toMs / 1000)} s after`;
      out.push(
        `${leaf.at} received ${JSON.stringify(leaf.value)}, documented the time of this write: it is stamped by this write, yet ${off} it on the target's clock`,
      );
    }
    return out;
  }

  /** Whether a writer's 2xx answer holds a date it stamps (FD-DATE-WRITE-TIME): a top-level last change, or the creation of what it made. */
  stamps(operation: Operation): boolean {
    const ok = okCodeOf(operation);
    const schema = okSchemaOf(operation);
    if (!schema || isRead(operation)) return false;
    const s = this.contract.resolveSchema(schema) as { properties?: Record<string, Json>; allOf?: Json[] } | undefined;
    const members = [
      ...Object.keys(s?.properties ?? {}),
      ...(s?.allOf ?? []).flatMap((part) => Object.keys((this.contract.resolveSchema(part) as { properties?: object })?.properties ?? {})),
    ];
    return members.some((m) => CHANGE.test(m) || (makes(operation, Number(ok)) && CREATION.test(m)));
  }
}

/** A write's own time on the target's clock (epoch ms): from before the call was sent to after its answer was in. */
export interface WriteWindow {
  fromMs: number;
  toMs: number;
}

/** A write's window on the target's clock: the client's, moved by `clockMs` (a mock's) or the Date header (RFC 9110 section 6.6.1). */
export function writeWindow(sentAt: number, answeredAt: number, dateHeader?: string, clockMs?: number): WriteWindow {
  if (clockMs !== undefined) {
    const offset = clockMs - Date.now();
    return { fromMs: sentAt + offset, toMs: answeredAt + offset };
  }
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const offset = Number.isNaN(server) ? 0 : server - answeredAt;
  return { fromMs: sentAt + offset - 1000, toMs: answeredAt + offset + 1000 };
}
