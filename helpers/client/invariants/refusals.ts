// The refusals of the refused-leaves-no-trace property (refused-trace.ts): for each writer, one request per kind of reason its
// contract states (RefusalReason; each reason and where the contract states it: docs/properties.md), built from its valid
// sample, each free text telling (vary) so that a stored value names the refusal that left it.
import { type Contract, deref, type Json, type Operation } from '../../contract/contract.js';
import { limitListOf, limitOf } from '../../contract/facts.js';
import { takenDeviations } from '../../contract/conflicts.js';
import type { CallOptions } from '../client.js';
import { negativeCases, otherEnums, refusalStatuses, valuesOf } from '../negative.js';
import { typeFormCases } from './type-forms.js';
import { objectIdsOf, queryIdsOf } from '../../contract/object-ids.js';
import { type Rule, sidesOf } from '../../contract/rules.js';
import { bodyMembers, versionless } from '../../contract/writers.js';
import { heldValuesOf, isRead, leavesOf, namedResources, valueAt, setAt, takesBody } from './kit.js';
import { walkSchema, walkValue, resolve } from '../../contract/schema-walk.js';

export const REFUSED_NO_TRACE = 'refused-leaves-no-trace';

/** The kinds of reason a writer is refused for, each sent once per writer where its contract states it. */
export type RefusalReason =
  | 'validation'
  | 'parameter'
  | 'catalogue'
  | 'url'
  | 'authorization'
  | 'ownership'
  | 'duplicate'
  | 'rate'
  | 'state'
  | 'condition'
  | 'method'
  | 'unresolved';

export interface Refusal {
  reason: RefusalReason;
  /** The refusal's reason, in words (`validation (length): body /firstName: longer than maxLength 30`, `authorization: no credentials`). */
  why: string;
  call: CallOptions;
  /** The statuses the contract documents for this refusal (a duplicate's 409); any 4xx when absent. */
  statuses?: number[];
  /** A call sent once before any reader is read, so that the object this refusal repeats exists (answered 2xx, or 409 when it already did). */
  prime?: CallOptions;
  /** Calls that use up a stated rate, sent until one gets this refusal's status; the readers are read again after them. */
  exhaust?: CallOptions[];
  /** The operation sent to where not the probe's writer (the state reason: every writer on one deleted object). */
  operation?: Operation;
  /** The refused call sent again once its reason passed (the rate's window), as a call never made; `retries` times at half first. */
  again?: { afterSeconds: number; statuses: number[]; retries?: number };
  /** A refusal with no stated status (an undocumented method, no 405): a 2xx is no finding, only a trace is. */
  optional?: boolean;
  /** Sets up the documented condition (a security freeze) right before the call and undoes it right after. */
  setUp?: () => Promise<void>;
  undo?: () => Promise<void>;
}

/** A documented refusal whose condition the harness produces (seed 002, Errors 403: a disputed statement, a security freeze). */
export interface Condition {
  status: number;
  /** Words of the documented response's description that name the condition. */
  names: RegExp;
  why: string;
  /** The objects the writer is sent on (the customer with a disputed statement), in place of the live ones. */
  objects?: Record<string, string>;
  /** The call made under the condition from the valid one (signed with a key without the operation's right, an Accept of another type). */
  call?: (call: CallOptions) => CallOptions;
  setUp?: () => Promise<void>;
  undo?: () => Promise<void>;
  /** Where it is stated: a response's description (default) or the operation's own (seed 002, Events: "testing accounts only"). */
  stated?: 'response' | 'operation';
}

/** The condition of a 406 (seed 002, Errors 406; installments' reference, Error codes): the valid call asking for a representation other than JSON. */
export const NOT_ACCEPTABLE: Condition = {
  status: 406,
  names: /representation/i,
  why: 'an Accept of a type other than JSON',
  call: (call) => ({ ...call, headers: { ...call.headers, Accept: 'application/xml' } }),
};

/** The statuses the other reasons make: validation and parameter 400, authorization 401, ownership and state 404, duplicate 409, rate 429. */
const MADE_BY_REASONS = new Set(['400', '401', '404', '409', '429']);

/** The documented 4xx responses no other reason makes, each with its description: the conditions a writer is refused for. */
function documentedConditionsOf(contract: Contract, op: Operation): { status: number; description: string }[] {
  const responses: Json = contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.responses ?? {};
  return Object.keys(responses)
    .filter((status) => /^4\d\d$/.test(status) && !MADE_BY_REASONS.has(status))
    .map((status) => {
      const description = deref(contract.document, responses[status], (node) => node.description)?.description as string | undefined;
      return { status: Number(status), description: String(description ?? '').replace(/\s+/g, ' ') };
    });
}

/** A writer's condition refusals, one per documented condition a harness condition names; the others left out, in words. */
export function conditionRefusalsOf(
  contract: Contract,
  op: Operation,
  conditions: readonly Condition[],
  callOn: (objects: Record<string, string> | undefined) => CallOptions | undefined,
): { refusals: Refusal[]; leftOut: string[] } {
  const refusals: Refusal[] = [];
  const leftOut: string[] = [];
  const callUnder = (condition: Condition) => {
    const valid = callOn(condition.objects);
    return valid && condition.call ? condition.call(valid) : valid;
  };
  const refuse = (condition: Condition, call: CallOptions, where: string) =>
    refusals.push({
      reason: 'condition',
      why: `condition: ${condition.why} (${where})`,
      call,
      statuses: [condition.status],
      ...(condition.setUp ? { setUp: condition.setUp } : {}),
      ...(condition.undo ? { undo: condition.undo } : {}),
    });
  for (const documented of documentedConditionsOf(contract, op)) {
    const condition = conditions.find((c) => c.status === documented.status && c.names.test(documented.description));
    const call = condition && callUnder(condition);
    if (!condition || !call) leftOut.push(`${documented.status} (${documented.description.slice(0, 80) || 'no description'})`);
    else refuse(condition, call, `documented ${documented.status}`);
  }
  // The conditions the operation's description states of the object it acts on, with a status it documents.
  const node: Json = contract.document.paths?.[op.path]?.[op.method.toLowerCase()] ?? {};
  const description = String(node.description ?? '').replace(/\s+/g, ' ');
  for (const condition of conditions) {
    if (condition.stated !== 'operation' || !condition.names.test(description) || !(String(condition.status) in (node.responses ?? {})))
      continue;
    const call = callUnder(condition);
    if (!call) leftOut.push(`${condition.status} (${condition.why}: no call on its objects)`);
    else refuse(condition, call, `the operation's description, ${condition.status}`);
  }
  return { refusals, leftOut };
}

/** One read of what a writer names: a call of a reader, a test trigger read as its deliveries, or a harness view. */
export interface Read {
  operation: Operation;
  call: CallOptions;
  /** A read that writes (a test trigger, read as its deliveries): read before every other read and after every writer. */
  send?: () => Promise<{ status: unknown; body: unknown }>;
  /** A harness view (a mock's control route) read instead of the call: what no operation reads (the amounts micro entries drew). */
  view?: { name: string; read: () => Promise<{ status: unknown; body: unknown }> };
  /** The narrower rule a change of this read breaks (a delivery a refused request sent: the service's notify-refused rule), cited instead of the property's. */
  rule?: string;
}

/** One writer's probe: its refusals and the reads of what it names. */
export interface TraceProbe {
  writer: Operation;
  refusals: Refusal[];
  reads: Read[];
  /** The reads of the object a duplicate's prime made or found (its by-id reader and views), from the prime's answer. */
  existing?: (answer: unknown) => Read[];
}

/** Makes a call's body tell (helpers/client/invariants/echo.ts), leaving the leaves `keep` names as they are. */
export type Tell = (call: CallOptions, keep: (path: string, value: unknown) => boolean) => CallOptions;

/** The values each catalogue operation lists (`x-offered-by`), read from the target before the refusals are made. */
type Catalogues = ReadonlyMap<string, readonly string[]>;

/**
 * A writer's refusals, one per reason its contract states: validation, parameter (type-forms.ts), catalogue (`x-offered-by`),
 * url (`x-ports`), authorization (a 401), ownership, duplicate (a 409), unresolved (a 404); each free text its own (vary).
 */
export function refusalsOf(
  contract: Contract,
  op: Operation,
  valid: CallOptions,
  ownership?: CallOptions,
  tell: Tell = (call) => call,
  catalogues: Catalogues = new Map(),
): Refusal[] {
  const ok = takesBody(contract, op);
  const stated = statedMembers(contract, op, valid.body);
  // A member bound to a catalogue keeps its value: a telling one the catalogue does not list would be a refusal of its own.
  const bound = new Set(stated.filter((m) => m.offeredBy).map((m) => m.at.join('.')));
  // The told call with nothing kept but the bound members is the same for every refusal: made once.
  let plain: CallOptions | undefined;
  const told = (n: number, keep?: (path: string, value: unknown) => boolean): CallOptions => {
    const call = keep ? tell(valid, (p, v) => bound.has(p) || keep(p, v)) : (plain ??= tell(valid, (p) => bound.has(p)));
    return { ...call, body: vary(valid.body, call.body, n, ok) };
  };
  const out: Refusal[] = [];
  const next = () => told(out.length);
  if (refusalStatuses(op).length) {
    out.push(...validationRefusals(contract, op, told, 0));
    out.push(...parameterRefusals(contract, op, told, out.length));
    for (const m of stated) {
      const base = next();
      const current = valueAt(base.body, m.at);
      if (m.offeredBy && !out.some((r) => r.reason === 'catalogue')) {
        const listed = catalogues.get(m.offeredBy.operation);
        const value = `${String(current)}-not-offered`;
        // Every other member present and changed (a partial write shows: the URL override stored beside an event name refused).
        const whole = everyMemberChanged(contract, op, valid.body, base.body, out.length, (b) => ok(setAt(b, m.at, current)));
        const body = setAt(whole, m.at, value);
        if (listed && !listed.includes(value) && ok(body))
          out.push({
            reason: 'catalogue',
            why: `catalogue: body /${m.at.join('/')} a value ${m.offeredBy.operation} does not list`,
            call: { ...base, body },
          });
      }
      if (m.ports && typeof current === 'string' && !out.some((r) => r.reason === 'url')) {
        const ports = limitListOf(contract, m.ports);
        const port = Math.max(...ports) + 1;
        const url = URL.canParse(current) ? new URL(current) : undefined;
        if (!url) continue;
        url.port = String(port);
        const body = setAt(base.body, m.at, url.href);
        if (ok(body))
          out.push({
            reason: 'url',
            why: `url: body /${m.at.join('/')} on port ${port}, outside x-limits ${m.ports} (${ports.join(', ')})`,
            call: { ...base, body },
          });
      }
    }
  }
  if (op.responses['401']) out.push({ reason: 'authorization', why: 'authorization: no credentials', call: { ...next(), auth: false } });
  if (ownership)
    out.push({
      reason: 'ownership',
      why: "ownership: another partner's caller",
      call: { ...ownership, body: vary(ownership.body, tell(ownership, (p) => bound.has(p)).body, out.length, ok) },
    });
  const duplicate = duplicateOf(contract, op, valid, (_call, keep) => told(out.length, keep));
  if (duplicate) out.push(duplicate);
  out.push(...unresolvedRefusalsOf(contract, op, (n) => told(n), out.length));
  return out;
}

/** A member of a request the contract binds to a fact beyond its schema keywords: a catalogue, a list of ports. */
interface StatedMember {
  at: string[];
  offeredBy?: { operation: string; at: string };
  ports?: string;
}

/** The n-th refusal's body with every member present and changed (each URL its own segment), where `ok` takes it. */
function everyMemberChanged(
  contract: Contract,
  op: Operation,
  valid: unknown,
  body: unknown,
  n: number,
  ok: (body: unknown) => boolean,
): unknown {
  if (!op.requestBody?.schema || !body || typeof body !== 'object') return body;
  let out: unknown = structuredClone(body);
  const fill = (schema: Json, at: string[], depth: number) => {
    const s = resolve(contract, schema) as Record<string, any>;
    const node = valueAt(out, at);
    if (!s || depth > 4 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((_, i) => fill(s.items, [...at, String(i)], depth + 1));
      return;
    }
    for (const [name, member] of Object.entries<Json>(s.properties ?? {})) {
      if (!(name in node)) {
        const next = valuesOf(contract, member)
          .map((v) => setAt(out, [...at, name], v))
          .find(ok);
        if (next !== undefined) out = next;
      }
      if (name in (valueAt(out, at) as object)) fill(member, [...at, name], depth + 1);
    }
  };
  fill(op.requestBody.schema, [], 0);
  const before = leavesOf(valid);
  for (const [p, v] of leavesOf(out)) {
    if (typeof v !== 'string' || !URL.canParse(v) || (before.has(p) && before.get(p) !== v)) continue;
    const url = new URL(v);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/refused-${op.operationId}-${n}`;
    const next = setAt(out, p.split('.'), url.href);
    if (ok(next)) out = next;
  }
  return out;
}

/** The members of a valid body whose schema carries `x-offered-by` or `x-ports`, walking the members the body has. */
function statedMembers(contract: Contract, op: Operation, body: unknown): StatedMember[] {
  const out: StatedMember[] = [];
  const visit = (s: Json, _v: unknown, at: string[]) =>
    void ((s['x-offered-by'] || s['x-ports']) && out.push({ at, offeredBy: s['x-offered-by'], ports: s['x-ports'] }));
  if (body !== undefined) walkValue(contract, op.requestBody?.schema, body, visit);
  return out;
}

/** The values a catalogue operation's answer lists at `at` (`events.[].name`). */
export function listedAt(answer: unknown, at: string): string[] {
  const steps = at.split('.');
  const pick = (node: unknown, i: number): unknown[] => {
    if (i === steps.length) return [node];
    if (steps[i] === '[]') return Array.isArray(node) ? node.flatMap((n) => pick(n, i + 1)) : [];
    return node && typeof node === 'object' ? pick((node as Record<string, unknown>)[steps[i]!], i + 1) : [];
  };
  return pick(answer, 0).map(String);
}

/** The catalogue operations a contract's request members are bound to (`x-offered-by` of a component schema), with where their answers list the values. */
export function catalogueOperations(contract: Contract): { operation: string; at: string }[] {
  const found = new Map<string, string>();
  for (const schema of Object.values<Json>(contract.document.components?.schemas ?? {})) {
    const by = schema?.['x-offered-by'];
    if (by?.operation && by.at) found.set(by.operation, by.at);
  }
  return [...found].map(([operation, at]) => ({ operation, at }));
}

/** The told body of the n-th refusal: each free-text value the telling changed given its own second letter, where the contract takes it. */
function vary(valid: unknown, told: unknown, n: number, ok: (body: unknown) => boolean): unknown {
  if (n === 0 || told === undefined) return told;
  const before = leavesOf(valid);
  let out: unknown = told;
  for (const [p, v] of leavesOf(told)) {
    // A URL is left as told: a letter of its scheme or host changed is another reason to refuse it.
    if (typeof v !== 'string' || before.get(p) === v || !/^.[a-z]/i.test(v) || URL.canParse(v)) continue;
    const letter = 'qrstuvwxyzbcdfghjklmnp'[n % 22]!;
    const next = setAt(out, p.split('.'), v[0] + (v[1] === v[1]!.toUpperCase() ? letter.toUpperCase() : letter) + v.slice(2));
    if (ok(next)) out = next;
  }
  return out;
}

/** The kind of rule a generated negative case breaks, from its name (helpers/client/negative.ts). */
function ruleKind(name: string): string {
  const why = name.slice(name.indexOf(': ') + 2);
  if (/maxLength|minLength/.test(why)) return 'length';
  if (/maxItems|minItems/.test(why)) return 'size';
  if (/maximum|minimum|fraction/i.test(why)) return 'range';
  if (/enum/.test(why)) return 'enum';
  if (/pattern/.test(why)) return 'pattern';
  if (/^not a /.test(why)) return 'format';
  if (/missing though required/.test(why)) return 'required';
  if (/empty, not absent/.test(why)) return 'empty';
  if (/unknown member/.test(why)) return 'closed';
  return 'type';
}

/** The most validation refusals a writer is sent: bounds the property's requests and CPU. */
const MAX_VALIDATION_REFUSALS = 12;

/**
 * One negative case per member and kind of rule: each kind, every bound, then other members to MAX_VALIDATION_REFUSALS (an
 * approval refused for its offerId recorded its decision). Ids as sent; a case the provider's example takes (conflicts.yaml) out.
 */
function validationRefusals(contract: Contract, op: Operation, toldAs: (n: number) => CallOptions, first: number): Refusal[] {
  const ids = objectIdsOf(contract, op).ids;
  const bodyIds = new Set(ids.filter((id) => id.in === 'body').map((id) => id.at));
  const paramIds = new Set(ids.filter((id) => id.in !== 'body').map((id) => id.name));
  const validate = contract.requestValidatorOf(op.operationId);
  const ok = takesBody(contract, op);
  const undexed = (p: string) => p.replace(/\.\d+(?=\.|$)/g, '');
  /** The member a case breaks, items' indices aside (`body /pans/0/pan: ...` is `body .pans.pan`). */
  const memberOf = (name: string) => undexed(name.slice(0, name.indexOf(': ')).replace(/\//g, '.'));
  const idLeaves = (body: unknown) =>
    [...leavesOf(body)]
      .filter(([p]) => bodyIds.has(undexed(p)))
      .map(([p, v]) => `${p}=${JSON.stringify(v)}`)
      .join(' ');
  const kinds = new Map<string, string>();
  /** The first case of each member and kind, in the order generated (member: the case name's part before its reason). */
  const byMember = new Map<string, string>();
  // The members the valid call leaves out are set to a taken value, so a case can break them (an optional offerId).
  const extra = absentMembers(contract, op, toldAs(first).body, bodyIds, ok);
  const told = (n: number): CallOptions => {
    const call = toldAs(n);
    return extra && call.body && typeof call.body === 'object' && !Array.isArray(call.body)
      ? { ...call, body: { ...extra, ...(call.body as object) } }
      : call;
  };
  const base = told(first);
  const names = idLeaves(base.body);
  const baseCases = negativeCases(contract, op, base);
  for (const c of baseCases) {
    if (c.where === 'path') continue;
    const param = /^(?:query|header) (\S+):/.exec(c.name)?.[1];
    if (param && paramIds.has(param)) continue;
    // A malformed or missing body carries nothing a target could store: no trace to look for.
    if (c.where === 'body' && (c.call.body === undefined || idLeaves(c.call.body) !== names)) continue;
    if (c.where === 'body' && validate && takenDeviations(op.service, op.operationId, c.call.body, (b) => Boolean(validate(b)))?.length)
      continue;
    const kind = ruleKind(c.name);
    if (!kinds.has(kind)) kinds.set(kind, c.name);
    const member = `${memberOf(c.name)} ${kind}`;
    if (!byMember.has(member)) byMember.set(member, c.name);
  }
  // Every kind once, then every member's every bound (a target may carry out a call refused for one member's bound and not
  // another's), then the members not yet sent, one kind of each per round, to the cap.
  const chosen: [string, string][] = [...kinds];
  const picked = new Set(kinds.values());
  for (const [key, name] of byMember) {
    const kind = key.slice(key.lastIndexOf(' ') + 1);
    if (!BOUND_KINDS.has(kind) || picked.has(name)) continue;
    chosen.push([kind, name]);
    picked.add(name);
  }
  const sentMembers = new Set([...picked].map(memberOf));
  const rest = [...byMember].filter(([, name]) => !picked.has(name));
  while (rest.length && chosen.length < Math.max(MAX_VALIDATION_REFUSALS, kinds.size)) {
    const i = Math.max(
      0,
      rest.findIndex(([, name]) => !sentMembers.has(memberOf(name))),
    );
    const [key, name] = rest.splice(i, 1)[0]!;
    sentMembers.add(memberOf(name));
    chosen.push([key.slice(key.lastIndexOf(' ') + 1), name]);
  }
  // Each refusal carries values of its own (vary): the case is made again from the k-th told call.
  const out = chosen.flatMap(([kind, name], k) => {
    const c = k === 0 ? undefined : negativeCases(contract, op, told(first + k), (x) => x === name).find((x) => x.name === name);
    const call = c?.call ?? baseCases.find((x) => x.name === name)!.call;
    return [{ reason: 'validation' as const, why: `validation (${kind}): ${name}`, call }];
  });
  // A left-out member's bound is sent again under each other required enum value (provider 2.0.0 PlanApprovalParameters).
  const modes = extra ? modesOf(contract, op, base.body, ok) : [];
  for (const [kind, name] of chosen) {
    if (!BOUND_KINDS.has(kind) || !extra || !(memberOf(name).split('.')[1]! in extra)) continue;
    for (const mode of modes) {
      const call = told(first + out.length);
      const body = { ...(call.body as object), [mode.member]: mode.value };
      const c = negativeCases(contract, op, { ...call, body }, (x) => x === name).find((x) => x.name === name);
      if (c) out.push({ reason: 'validation' as const, why: `validation (${kind}, ${mode.member} ${mode.value}): ${name}`, call: c.call });
    }
  }
  return out;
}

/** The kinds of rule that bound a member's value: each member's every bound is broken once (validationRefusals). */
const BOUND_KINDS = new Set(['length', 'range', 'enum', 'pattern', 'size', 'format']);

/** The other values of each required top-level enum member of a body (an approval's decision) the contract takes with it. */
function modesOf(contract: Contract, op: Operation, body: unknown, ok: (body: unknown) => boolean): { member: string; value: unknown }[] {
  if (!op.requestBody?.schema || !body || typeof body !== 'object' || Array.isArray(body)) return [];
  const schema = (resolve(contract, op.requestBody.schema) ?? {}) as { required?: string[] };
  const out: { member: string; value: unknown }[] = [];
  for (const [name, raw] of bodyMembers(contract, op.requestBody.schema)) {
    const s = (resolve(contract, raw) ?? {}) as { enum?: unknown[] };
    if (!schema.required?.includes(name) || !Array.isArray(s.enum) || !(name in body)) continue;
    for (const value of s.enum)
      if (value !== (body as Record<string, unknown>)[name] && ok({ ...body, [name]: value })) out.push({ member: name, value });
  }
  return out;
}

/** The top-level body members the valid body leaves out (ids aside), each with the first value the contract takes beside it. */
function absentMembers(
  contract: Contract,
  op: Operation,
  body: unknown,
  ids: ReadonlySet<string>,
  ok: (body: unknown) => boolean,
): Record<string, unknown> | undefined {
  if (!op.requestBody?.schema || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, raw] of bodyMembers(contract, op.requestBody.schema)) {
    if (name in body || ids.has(name)) continue;
    const value = valuesOf(contract, raw).find((v) => typeof v !== 'object' && ok({ ...body, [name]: v }));
    if (value !== undefined) out[name] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** One refusal per typed parameter: its first refused form (typeFormCases); one naming the object loosely is the point. */
function parameterRefusals(contract: Contract, op: Operation, told: (n: number) => CallOptions, first: number): Refusal[] {
  const firsts = new Map<string, string>();
  // The parameters' forms only: a body member's are the validation reason's.
  const baseCases = typeFormCases(contract, op, told(first), (m) => m.in !== 'body');
  for (const c of baseCases) {
    const where = `${c.member.in} ${c.member.at}`;
    if (!firsts.has(where)) firsts.set(where, c.how);
  }
  // Each refusal carries values of its own (vary): the form is put on the k-th told call.
  return [...firsts].map(([where, how], k) => {
    const at = (m: { in: string; at: string }) => `${m.in} ${m.at}` === where;
    const c = k === 0 ? undefined : typeFormCases(contract, op, told(first + k), at).find((x) => at(x.member) && x.how === how);
    const call = c?.call ?? baseCases.find((x) => at(x.member) && x.how === how)!.call;
    return { reason: 'parameter' as const, why: `parameter: ${where} = ${how}`, call };
  });
}

/** A duplicate where a POST documents a 409 (seed 002, Errors: "Conflict"): the valid call primed, sent again told, its identity kept. */
function duplicateOf(contract: Contract, op: Operation, valid: CallOptions, tell: Tell = (call) => call): Refusal | undefined {
  // A 409 of an update (ModifyCustomer, provider 1.42.0) says nothing of the same change twice.
  if (!op.responses['409'] || op.method !== 'POST') return undefined;
  const receipt = new Set(heldValuesOf(contract, op));
  const keep = (path: string, value: unknown) => receipt.has(path.split('.')[0]!) || typeof value !== 'string' || /^[0-9]+$/.test(value);
  return {
    reason: 'duplicate',
    why: 'duplicate: the object it makes exists already',
    call: tell(valid, keep),
    statuses: [409],
    prime: valid,
  };
}

/** The rate a writer's 429 states (`x-rate`, `x-limits` entries; seed 002, Errors 429 on micro entry initiation). */
export function rateOf(
  contract: Contract,
  op: Operation,
): { count: number; windowSeconds: number; why: string; key?: string; names: { count: string; window: string } } | undefined {
  if (!op.responses['429']) return undefined;
  const node = deref(contract.document, contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.responses?.['429']);
  const rate = node?.['x-rate'];
  if (!rate?.count || !rate.window) return undefined;
  const count = limitOf(contract, rate.count);
  const windowSeconds = limitOf(contract, rate.window);
  return {
    count,
    windowSeconds,
    why: `${count} in ${windowSeconds} s (x-limits ${rate.count}, ${rate.window})`,
    // The request member the rate counts by, where the 429 names it (x-rate key).
    ...(rate.key ? { key: String(rate.key) } : {}),
    names: { count: String(rate.count), window: String(rate.window) },
  };
}

/** A stated rate's refusal: fresh calls until a 429, once more as the refusal, then again after the window as a call never made. */
export function rateRefusalOf(contract: Contract, op: Operation, fresh: (k: number) => CallOptions): Refusal | undefined {
  const rate = rateOf(contract, op);
  if (!rate) return undefined;
  const accepted = Object.keys(op.responses)
    .filter((s) => /^2\d\d$/.test(s))
    .map(Number);
  return {
    reason: 'rate',
    why: `rate: past ${rate.why}`,
    call: fresh(rate.count),
    statuses: [429],
    exhaust: Array.from({ length: rate.count }, (_, k) => fresh(k)),
    again: { afterSeconds: rate.windowSeconds, statuses: accepted, retries: rate.count },
  };
}

/** The methods a path may be sent that it does not document, the one that removes first (a DELETE taken in part is the worst trace). */
const UNDOCUMENTED_ORDER = ['DELETE', 'PUT', 'PATCH', 'POST'] as const;

/**
 * The method reason, per path naming an object a GET reads: the first method of UNDOCUMENTED_ORDER it does not document must be
 * refused (405 where the path documents one: getPlan, provider 2.0.0; else any 4xx) and leave the GET as before (seed 002, Errors).
 */
export function methodProbesOf(
  contract: Contract,
  readCall: (op: Operation) => CallOptions | undefined,
  bodyOf: (op: Operation) => unknown = () => undefined,
): { probes: TraceProbe[]; leftOut: { operationId: string; reason: string }[] } {
  const probes: TraceProbe[] = [];
  const leftOut: { operationId: string; reason: string }[] = [];
  const byPath = new Map<string, Operation[]>();
  for (const op of contract.operations.values()) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  for (const [path, ops] of byPath) {
    const get = ops.find((o) => o.method === 'GET');
    if (!get || !/\{[^}]+\}/.test(path)) continue;
    const method = UNDOCUMENTED_ORDER.find((m) => !ops.some((o) => o.method === m));
    if (!method) continue;
    const call = readCall(get);
    if (!call) {
      leftOut.push({ operationId: get.operationId, reason: `no call of it on a live object, to send ${method} on its path` });
      continue;
    }
    const documented = ops.some((o) => o.responses['405']);
    const writer = ops.find((o) => o.requestBody);
    const body = method !== 'DELETE' && writer ? bodyOf(writer) : undefined;
    probes.push({
      writer: get,
      refusals: [
        {
          reason: 'method',
          why: `method: ${method} on ${path}, which documents ${ops.map((o) => o.method).join(', ')}`,
          call: { ...call, method, ...(body === undefined ? {} : { body }) },
          ...(documented ? { statuses: [405] } : { optional: true }),
        },
      ],
      reads: [{ operation: get, call }],
    });
  }
  return { probes, leftOut };
}

/** The operations showing a writer's state no GET reads: a two-sided state rule's others (IN-STATE-PAN-ELIGIBLE: approvedOffers). */
export function stateReadersOf(contract: Contract, rules: readonly Rule[], writer: Operation): Operation[] {
  const out = new Set<string>();
  for (const rule of rules) {
    const sides = sidesOf(rule);
    if (rule.kind !== 'state' || !rule.operations.includes(writer.operationId) || !sides.includes('accept') || !sides.includes('refuse'))
      continue;
    for (const id of rule.operations) {
      const op = contract.operations.get(id);
      if (!op || op === writer || namedResources(contract, op).length || op.responses['201'] || op.responses['202']) continue;
      out.add(id);
    }
  }
  return [...out].map((id) => contract.operationOf(id));
}

/** The state reason: each writer probed on a deleted object is refused (seed 002, Customers: "Delete removes access"; Errors 404). */
export function stateRefusalsOf(
  probes: readonly { operation: Operation; call: CallOptions; documented: number[] }[],
  deleted: { resource: string; by: string },
): { writer: Operation; refusal: Refusal }[] {
  // The delete itself first: a writer that brings the object back shows in its readers, not in a second delete that finds it.
  return probes
    .filter((p) => !isRead(p.operation))
    .sort((a, b) => Number(b.operation.operationId === deleted.by) - Number(a.operation.operationId === deleted.by))
    .map((p) => ({
      writer: p.operation,
      refusal: {
        reason: 'state' as const,
        why: `state: ${p.operation.operationId} on the ${deleted.resource} deleted before (${deleted.by})`,
        call: p.call,
        statuses: p.documented,
      },
    }));
}

/** The readers of the collection a deleter's object was in (its siblings), else the by-id reader of the object holding it. */
export function siblingReadersOf(contract: Contract, deleter: Operation): Operation[] {
  const own = versionless(deleter.path);
  const collection = own.replace(/\/\{[^}]+\}$/, '');
  if (collection === own) return [];
  const gets = (path: string) => [...contract.operations.values()].filter((r) => r.method === 'GET' && versionless(r.path) === path);
  const listed = gets(collection);
  return listed.length ? listed : gets(collection.replace(/(\/\{[^}]+\})\/[^/{}]+$/, '$1'));
}

/** Looked-up members that are no object id (seed 002, Decisioning report generation: GenerateSBCAMetricsReport 404). */
const LOOKED_UP_MEMBERS = new Set(['locationId']);

/** A value of the same shape as an id that names nothing: all nines for a number, its last letters turned otherwise. */
function namingNothing(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) {
    const nines = Number('9'.repeat(String(Math.abs(value)).length));
    return nines === value ? nines - 1 : nines;
  }
  if (typeof value !== 'string' || !value) return undefined;
  if (/^[0-9]+$/.test(value)) return value === '9'.repeat(value.length) ? '8'.repeat(value.length) : '9'.repeat(value.length);
  const turn = (c: string) =>
    /[0-9]/.test(c)
      ? String((Number(c) + 5) % 10)
      : /[a-f]/.test(c)
        ? 'defabc'['abcdef'.indexOf(c)]!
        : /[A-F]/.test(c)
          ? 'DEFABC'['ABCDEF'.indexOf(c)]!
          : /[a-z]/i.test(c)
            ? String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65))
            : c;
  const keep = Math.max(1, value.length - 6);
  return value.slice(0, keep) + [...value.slice(keep)].map(turn).join('');
}

/** The unresolved reason: a documented 404's call with one member naming nothing (seed 002, Errors: a 4xx is a request not carried out). */
function unresolvedRefusalsOf(contract: Contract, op: Operation, told: (n: number) => CallOptions, n: number): Refusal[] {
  if (!op.responses['404']) return [];
  const ok = takesBody(contract, op);
  const members = [
    // A partner id is who the caller is or deals with (a third party's access key), no object looked up under the caller: the ownership reason's.
    ...objectIdsOf(contract, op)
      .ids.filter((id) => id.resource !== 'partner')
      .map((id) => ({ in: id.in, at: id.at })),
    ...queryIdsOf(op).map((id) => ({ in: id.in, at: id.at })),
    ...lookedUpMembersOf(contract, op).map((at) => ({ in: 'body' as const, at })),
  ];
  const out: Refusal[] = [];
  for (const m of members) {
    const call = told(n + out.length);
    const steps = m.at.split('.');
    // Each enum member of the body turned to another value the contract takes: an update the refusal carried out shows (an event's status set to what it already was does not).
    call.body = op.requestBody?.schema ? otherEnums(contract, op.requestBody.schema, call.body, ok) : call.body;
    const where = m.in === 'body' ? undefined : m.in === 'path' ? call.path : call.query;
    const value = namingNothing(m.in === 'body' ? valueAt(call.body, steps) : where?.[m.at]);
    if (value === undefined) continue;
    const changed = m.in === 'body' ? { body: setAt(call.body, steps, value) } : { [m.in]: { ...where, [m.at]: value } };
    if (m.in === 'body' && !ok(changed.body)) continue;
    const named = m.in === 'body' ? `body /${steps.join('/')}` : `${m.in} ${m.at}`;
    out.push({ reason: 'unresolved', why: `unresolved: ${named} names nothing (${String(value)})`, call: { ...call, ...changed } });
  }
  return out;
}

/** The dotted body members of a writer named in LOOKED_UP_MEMBERS, two levels deep, lists aside. */
function lookedUpMembersOf(contract: Contract, op: Operation): string[] {
  const out: string[] = [];
  walkSchema(contract, op.requestBody?.schema, (_s, at) => void (LOOKED_UP_MEMBERS.has(at.at(-1)!) && out.push(at.join('.'))), {
    depth: 4,
    items: null,
  });
  return out;
}
