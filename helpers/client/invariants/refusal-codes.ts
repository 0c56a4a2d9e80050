// Property: a refusal carries the code of the condition that caused it (seed 000, Errors: INVALID_ARGUMENT, INVALID_STATE;
// provider 1.35.0, micro-deposit verification's 400 examples: 3200004 amounts did not match, 3200003 attempts exceeded):
// each condition of the contract's `x-codes` table is provoked once and must carry its own code.
import { type CodedCondition, codedConditionsOf } from '../../contract/coded-conditions.js';
import type { Contract, Json, Operation } from '../../contract/contract.js';
import type { ApiResponse, CallOptions } from '../client.js';
import type { Violations } from '../security/probe.js';
import { valuesAt } from '../every-answer/error-status.js';
import { setAt } from './kit.js';
import { UUID_ID, UUID_VERSIONS, type UuidVersion, uuidOf } from '../../contract/pattern-forms.js';

export const REFUSAL_CODES = 'refusal-codes';

// Property: a refusal names exactly the member in error (seed 000, Error body: a detail's `source`;
// reference A4: its dotted JSON path), where the error schema says which member names it (`x-names-member`).
export const REFUSAL_MEMBER = 'refusal-names-member';

/** The member a condition is about (undefined: a condition of the object's state names none). */
const memberOfCondition = (c: CodedCondition): string | undefined => c.missing ?? c.unresolved ?? c.checkDigit;

/** The error schemas that name the member in error, with the member of theirs that names it (`x-names-member`). */
function namingSchemasOf(contract: Contract): { schema: string; member: string }[] {
  const schemas: Record<string, Json> = contract.document.components?.schemas ?? {};
  return Object.entries(schemas).flatMap(([schema, node]) =>
    node?.['x-names-member']?.member ? [{ schema, member: String(node['x-names-member'].member) }] : [],
  );
}

/** The members a refusal's body names as in error (the first naming error shape it matches); undefined where none. */
function namedMembersIn(contract: Contract, body: unknown): string[] | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  for (const { schema, member } of namingSchemasOf(contract)) {
    if (!contract.component(schema)(body)) continue;
    const named = valuesAt(body, member).filter((v) => typeof v === 'string') as string[];
    return named.length ? named : undefined;
  }
  return undefined;
}

/** Judges the member a provoked refusal names: every member named is the condition's own; returns whether anything was judged. */
function judgeNamedMember(contract: Contract, res: ApiResponse, c: CodedCondition, violations: Violations): boolean {
  const member = memberOfCondition(c);
  if (!member || res.status !== c.status) return false;
  const named = namedMembersIn(contract, res.body);
  if (!named) return false;
  const others = named.filter((n) => n !== member);
  if (others.length)
    violations.add(
      c.operationId,
      c.condition,
      `the refusal names ${others.join(', ')}`,
      `it names ${member}, the member in error (x-names-member)`,
    );
  return true;
}

// The table's reader is the contract's (helpers/contract/coded-conditions.ts): the answer judge reads it too.
export { type CodedCondition, codedConditionsOf };

/** The operations telling `least` refusal conditions apart by code (the documented-refusals property takes one). */
export function codedOperationsOf(contract: Contract, only?: (op: Operation) => boolean, least = 2): Operation[] {
  const counts = new Map<string, number>();
  for (const c of codedConditionsOf(contract)) counts.set(c.operationId, (counts.get(c.operationId) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= least)
    .map(([id]) => contract.operationOf(id))
    .filter((op) => !only || only(op));
}

const steps = (at: string) => at.split('.');

function without(body: Json, at: string): Json {
  const out = structuredClone(body);
  const path = steps(at);
  const parent = path.slice(0, -1).reduce((acc: Json, k) => acc?.[k], out);
  if (parent && typeof parent === 'object') delete parent[path.at(-1)!];
  return out;
}

const withValue = (body: Json, at: string, value: unknown): Json => setAt(body, steps(at), value);

/**
 * A condition about an id naming nothing, sent with a UUID of one version: an id whose pattern is 8-4-4-4-12 hex takes any
 * version (seed 000, EnrollCardRequest.srcClientId), so each names nothing alike and is refused with the unknown id's code,
 * never as malformed (checkRefusalCodes sends each version).
 */
export type VersionedCondition = CodedCondition & { uuidVersion?: UuidVersion };

/** A value in the form of a member's current one naming no entity: a lower-case UUID (of `version`), else the value with a tail of the run's time. */
function unknownLike(value: unknown, version: UuidVersion = 'version 4'): string {
  const s = String(value ?? '');
  if (UUID_ID.test(s)) return uuidOf(version);
  return `${s}Zq${Date.now().toString(36)}`;
}

/** Why a versioned case is not sent: the id the valid call holds is no UUID (its one form is sent as version 4's case). */
const NOT_A_UUID = 'the id is no UUID: one form of it';

/** The request provoking a `missing` (body made invalid) or `unresolved` (still valid) condition, confirmed; else a reason. */
export function requestCaseOf(contract: Contract, c: VersionedCondition, valid: CallOptions): CallOptions | string {
  if (c.with) return withMembers(c.with, valid);
  const param = contract.operationOf(c.operationId).parameters.find((p) => p.in === 'path' && p.name === c.unresolved);
  if (param && c.unresolved) {
    // A path id: a new one of its own form (digits for an integer id, its length kept), confirmed by its schema.
    const current = String(valid.path?.[c.unresolved] ?? '');
    if (c.uuidVersion && c.uuidVersion !== 'version 4' && !UUID_ID.test(current)) return NOT_A_UUID;
    const value = /^\d+$/.test(current)
      ? `9${String(Date.now()).slice(-(Math.max(current.length, 10) - 1))}`
      : unknownLike(current, c.uuidVersion);
    const check = contract.validator(`path:${c.operationId}:${c.unresolved}`, param.schema ?? {});
    if (!check(/^\d+$/.test(value) && contract.resolveSchema(param.schema)?.type === 'integer' ? Number(value) : value))
      return `the contract refuses a new ${c.unresolved} of the valid one's form`;
    return { ...valid, path: { ...valid.path, [c.unresolved]: value } };
  }
  const validate = contract.requestValidatorOf(c.operationId);
  if (!validate || valid.body === undefined) return 'the operation sends no JSON body to vary';
  const body = valid.body as Json;
  if (c.missing) {
    const sent = without(body, c.missing);
    if (validate(sent)) return `the contract takes the body without ${c.missing}`;
    return { ...valid, body: sent };
  }
  if (c.unresolved) {
    const current = steps(c.unresolved).reduce((acc: Json, k) => acc?.[k], body);
    if (current === undefined) return `the valid call sends no ${c.unresolved}`;
    if (c.uuidVersion && c.uuidVersion !== 'version 4' && !UUID_ID.test(String(current))) return NOT_A_UUID;
    const sent = withValue(body, c.unresolved, unknownLike(current, c.uuidVersion));
    if (!validate(sent)) return `the contract refuses a new ${c.unresolved} of the valid one's form`;
    return { ...valid, body: sent };
  }
  return 'not a request condition';
}

const DAY_S = 86_400;

/** The valid call with a condition's `with` members set (a value, null: left out, another member moved by days); else a reason. */
function withMembers(members: Record<string, unknown>, valid: CallOptions): CallOptions | string {
  const out: CallOptions = { ...valid, query: { ...valid.query }, path: { ...valid.path }, body: structuredClone(valid.body) };
  const read = (at: string): unknown => {
    const [where, ...rest] = steps(at);
    const node = where === 'body' ? valid.body : where === 'query' ? valid.query : where === 'path' ? valid.path : undefined;
    return rest.reduce((acc: Json, k) => acc?.[k], node as Json);
  };
  for (const [at, value] of Object.entries(members)) {
    let v = value;
    if (v && typeof v === 'object' && 'from' in v) {
      const base = Number(read(String((v as { from: unknown }).from)));
      if (!Number.isFinite(base)) return `the valid call sends no ${(v as { from: unknown }).from} to move`;
      v = base + Number((v as { days?: unknown }).days ?? 0) * DAY_S;
    }
    const [where, ...rest] = steps(at);
    if (where === 'body')
      out.body = v === null ? without(out.body as Json, rest.join('.')) : withValue(out.body as Json, rest.join('.'), v);
    else if (where === 'query' || where === 'path') {
      const target = (where === 'query' ? out.query : out.path) as Record<string, unknown>;
      if (v === null) delete target[rest.join('.')];
      else target[rest.join('.')] = v;
    } else return `${at} names no part of a call (query, path or body)`;
  }
  return { ...out, refusal: true };
}

/** A card number with its last (check) digit changed, so the ISO/IEC 7812 check fails (reference A3). */
export function wrongCheckDigit(value: string): string {
  return `${value.slice(0, -1)}${(Number(value.at(-1)) + 1) % 10}`;
}

/** The code a refusal's body carries in the table's member (undefined where the body has none). */
export function codeIn(res: ApiResponse, member: string): string | undefined {
  const v = steps(member).reduce((acc: Json, k) => acc?.[k], res.body as Json);
  return v === undefined || v === null || typeof v === 'object' ? undefined : String(v);
}

/**
 * Judges one provoked refusal: the table's status and the condition's own code (none is no finding where the member is open);
 * `rule`: the rule stating this condition's refusal where one does (its finding filed there, not under the property's).
 */
export function judgeCode(
  res: ApiResponse,
  c: CodedCondition,
  all: readonly CodedCondition[],
  violations: Violations,
  required = false,
  given?: string,
): void {
  // The rule that alone states this condition's refusal (its table's `rule`) files the finding, whichever property provoked it.
  const rule = given ?? c.rule;
  const what = `${c.condition}${c.state ? ` (its object ${c.state}${c.send ? `, the ${c.send} values sent` : ''})` : ''}`;
  if (res.status !== c.status) {
    violations.add(c.operationId, what, `HTTP ${res.status}`, `HTTP ${c.status} carrying ${c.member} ${c.codes.join(' or ')}`, rule);
    return;
  }
  const code = codeIn(res, c.member);
  if (code === undefined) {
    if (required) violations.add(c.operationId, what, `no ${c.member}`, `${c.member} ${c.codes.join(' or ')}`, rule);
    return;
  }
  if (c.codes.includes(code)) return;
  const other = all.find((o) => o.operationId === c.operationId && o !== c && o.codes[0] === code);
  violations.add(
    c.operationId,
    what,
    `${c.member} ${code}${other ? ` (the code of another condition: ${other.condition})` : ''}`,
    `${c.member} ${c.codes.join(' or ')} (the code of this condition)`,
    rule,
  );
}

/** What a spec gives the checker for one condition: the refusal it provoked, or why it could not. */
export type Provoked = ApiResponse | { leftOut: string };

/** Provokes every condition once in the table's order (a lifecycle) and judges each; returns checked, left out, one line each. */
export async function checkRefusalCodes(
  contract: Contract,
  /** Given each condition about an id naming nothing once per UUID version (VersionedCondition): requestCaseOf reads it. */
  provoke: (c: VersionedCondition) => Promise<Provoked>,
  violations: Violations,
  only?: (op: Operation) => boolean,
  /** Where given, the member each refusal names is judged too (judgeNamedMember), its findings here. */
  naming?: Violations,
  /** The rule stating a condition's refusal, where one does: its findings filed there (judgeCode). */
  ruleOf?: (c: CodedCondition) => string | undefined,
): Promise<{ checked: string[]; exceptions: { operationId: string; reason: string }[]; provoked: string[]; named: string[] }> {
  const all = codedConditionsOf(contract);
  const checked: string[] = [];
  const exceptions: { operationId: string; reason: string }[] = [];
  const provoked: string[] = [];
  const named = new Set<string>();
  for (const op of codedOperationsOf(contract, only)) {
    const left: string[] = [];
    let sent = 0;
    // An id naming nothing, in each UUID version its pattern takes: each is an id, none malformed.
    const conditions = all
      .filter((x) => x.operationId === op.operationId)
      .flatMap((x): VersionedCondition[] =>
        x.unresolved
          ? UUID_VERSIONS.map((uuidVersion) => ({
              ...x,
              uuidVersion,
              ...(uuidVersion === 'version 4' ? {} : { condition: `${x.condition} (a UUID of ${uuidVersion})` }),
            }))
          : [x],
      );
    for (const c of conditions) {
      const res = await provoke(c);
      if ('leftOut' in res) {
        if (res.leftOut !== NOT_A_UUID) left.push(`${c.condition}: ${res.leftOut}`);
        continue;
      }
      sent++;
      provoked.push(`${op.operationId}: ${c.condition} -> ${res.status} ${c.member} ${codeIn(res, c.member) ?? '(none)'}`);
      judgeCode(res, c, all, violations, false, ruleOf?.(c));
      if (naming && judgeNamedMember(contract, res, c, naming)) named.add(op.operationId);
    }
    // An operation is checked once one of its conditions was provoked; the others it names as not provoked.
    if (sent > 0) checked.push(op.operationId);
    else exceptions.push({ operationId: op.operationId, reason: `no condition the harness can set up: ${left.join('; ')}` });
    provoked.push(...left.map((l) => `${op.operationId}: ${l} (not provoked)`));
  }
  return { checked, exceptions, provoked, named: [...named] };
}
