// The refusals by the subject's state or eligibility (refused-trace.ts Condition, stated by the
// operation): the kinds of subject an operation's own description says it refuses, written once as
// contract data, each with the subject the harness makes for it. A refusal for a subject of the wrong
// kind leaves no trace as any other does (seed 002, Errors: a 4xx "indicates a request the service
// did not carry out"): the report a refused generation would have made never shows in the customer's
// report list.
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { objectIdsOf, queryIdsOf } from '../../contract/object-ids.js';
import { eventDateMembers } from '../../contract/event-dates.js';
import type { CallOptions } from '../client.js';
import type { Condition, Refusal } from './refused-trace.js';

/**
 * The subject states the operations' descriptions refuse (seed 002, Decisioning report generation:
 * "need a checking or savings account, otherwise 400", foresight "checking, credit card or savings";
 * provider 1.35.0 for the cash flow and asset reports; seed 002, Reports and Errors 404: the consumer
 * an FCRA report is of). Each states its status and the words of a description naming it without a
 * condition of another member (a CRA purpose, a userType): the valid call on that subject must meet
 * exactly that status.
 */
export const SUBJECT_REFUSALS = {
  /** No account of an eligible type: a customer with no account at all meets it whatever the eligible types. */
  noEligibleAccount: {
    status: 400,
    names: /400: (?:the customer has )?no (?:checking|eligible)\b|400: [^.]*\ba customer without an? (?:checking|eligible)\b/i,
    why: 'the customer has no account of an eligible type (no account at all; its consumer and business made, accountIds left out: every account of the customer)',
  },
  /** The consumer an FCRA report is of is missing: a customer with accounts and no consumer. */
  noConsumer: {
    status: 404,
    names: /404: [^.]*\b(?:a customer without a consumer|no consumer)\b/i,
    why: 'the customer has no consumer (its accounts linked, accountIds left out)',
  },
} as const;

/**
 * The call on the subject with `accountIds` left out (seed 002: every eligible account of the
 * customer when absent): an id of another customer's account would be refused for that (a 404)
 * before the subject's state is judged.
 */
export const withoutAccountIds = (call: CallOptions): CallOptions => {
  if (!call.body || typeof call.body !== 'object' || Array.isArray(call.body) || !('accountIds' in call.body)) return call;
  const { accountIds: _, ...body } = call.body as Record<string, unknown>;
  return { ...call, body };
};

/** The subject refusals as conditions of refused-trace.ts, each on the objects of its subject (absent: not produced). */
export function subjectConditions(subjects: { [K in keyof typeof SUBJECT_REFUSALS]?: Record<string, string> }): Condition[] {
  return (Object.keys(SUBJECT_REFUSALS) as (keyof typeof SUBJECT_REFUSALS)[]).flatMap((key) => {
    const objects = subjects[key];
    const { status, names, why } = SUBJECT_REFUSALS[key];
    return objects ? [{ status, names, why, stated: 'operation' as const, objects, call: withoutAccountIds }] : [];
  });
}

/**
 * A leaf that moves without a write, so no trace: an epoch-seconds leaf that is no event's date
 * (helpers/contract/event-dates.ts) moved forward by the run's seconds (an "as of now" date), or the
 * status of a report leaving inProgress (seed 002, States and transitions: a report is inProgress
 * until it ends in success or failure, and the client reads it again meanwhile).
 */
export function movesAloneOf(contract: Contract): (path: string, before: unknown, after: unknown) => boolean {
  const eventDates = eventDateMembers(contract);
  const asOfNow = (path: string, before: unknown, after: unknown) =>
    typeof before === 'number' &&
    typeof after === 'number' &&
    before > 1e9 &&
    after >= before &&
    after - before < 600 &&
    !eventDates.has(path.split('.').at(-1)!);
  return (path, before, after) => asOfNow(path, before, after) || (path.split('.').at(-1) === 'status' && before === 'inProgress');
}

/**
 * The request members that name something the target looks up without being an object id of the
 * vocabulary (helpers/contract/object-ids.ts leaves them out as values of the caller's): a merchant
 * location an SBCA report is generated for (seed 002, Decisioning report generation:
 * GenerateSBCAMetricsReport 404, no merchant metrics for the location).
 */
const LOOKED_UP_MEMBERS = new Set(['locationId']);

/** A value of the same shape as an id that names nothing: all nines for a number, its last letters turned otherwise. */
export function namingNothing(value: unknown): unknown {
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

/**
 * The unresolved reason of refused-trace.ts: where a writer documents a 404, its valid call (told, the
 * n-th refusal on) with exactly one of the members that name something naming nothing (each path id,
 * each body or query id of the vocabulary, each looked-up member), the others valid and the caller's
 * own. A 404 because one id names nothing is a refusal as any other: it leaves no trace (seed 002,
 * Errors: a 4xx "indicates a request the service did not carry out"). A body the contract would refuse
 * for its form is not sent (its refusal would be the validation reason's).
 */
export function unresolvedRefusalsOf(contract: Contract, op: Operation, told: (n: number) => CallOptions, n: number): Refusal[] {
  if (!op.responses['404']) return [];
  const validate = contract.requestValidatorOf(op.operationId);
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
    call.body = otherEnums(contract, op, call.body, (b) => !validate || Boolean(validate(b)));
    if (m.in === 'body') {
      const current = steps.reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Json)[k] : undefined), call.body);
      const value = namingNothing(current);
      if (value === undefined) continue;
      const body = structuredClone(call.body) as Json;
      steps.slice(0, -1).reduce((node, k) => node[k], body)[steps.at(-1)!] = value;
      if (validate && !validate(body)) continue;
      out.push({
        reason: 'unresolved',
        why: `unresolved: body /${steps.join('/')} names nothing (${String(value)})`,
        call: { ...call, body },
      });
    } else {
      const where = m.in === 'path' ? call.path : call.query;
      const value = namingNothing(where?.[m.at]);
      if (value === undefined) continue;
      out.push({
        reason: 'unresolved',
        why: `unresolved: ${m.in} ${m.at} names nothing (${String(value)})`,
        call: { ...call, [m.in]: { ...where, [m.at]: value } },
      });
    }
  }
  return out;
}

/** The dotted body members of a writer named in LOOKED_UP_MEMBERS, two levels deep, lists aside. */
function lookedUpMembersOf(contract: Contract, op: Operation): string[] {
  const out: string[] = [];
  const walk = (schema: Json, at: string[], depth: number) => {
    const s = contract.resolveSchema(schema);
    if (!s || depth > 3) return;
    for (const [name, member] of Object.entries<Json>(s.properties ?? {})) {
      if (LOOKED_UP_MEMBERS.has(name)) out.push([...at, name].join('.'));
      walk(member, [...at, name], depth + 1);
    }
  };
  if (op.requestBody?.schema) walk(op.requestBody.schema, [], 0);
  return out;
}

/**
 * The readers of the children of the object holding a writer's last path id (its path cut before that
 * id: the GET of that collection, else the by-id reader of the parent, a webhook subscription for its
 * events): where a call whose child id names nothing is refused, what it would have done to the
 * parent's other children shows there. None where the writer names one object only.
 */
export function parentReadersOf(contract: Contract, op: Operation): Operation[] {
  const path = op.path.replace(/\/v\d+(?=\/)/g, '');
  const ids = [...path.matchAll(/\/\{[^}]+\}/g)];
  if (ids.length < 2) return [];
  const collection = path.slice(0, ids.at(-1)!.index);
  const gets = (p: string) =>
    [...contract.operations.values()].filter((r) => r.method === 'GET' && r.path.replace(/\/v\d+(?=\/)/g, '') === p);
  const listed = gets(collection);
  return listed.length ? listed : gets(collection.replace(/\/[^/{}]+$/, ''));
}

/** The body with each enum member (two levels deep, lists aside) set to the enum's next value, where `ok` takes the body. */
function otherEnums(contract: Contract, op: Operation, body: unknown, ok: (body: unknown) => boolean): unknown {
  if (!op.requestBody?.schema || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  let out = structuredClone(body) as Json;
  const walk = (schema: Json, node: Json, at: string[], depth: number) => {
    const s = contract.resolveSchema(schema);
    if (!s || depth > 2 || !node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [name, member] of Object.entries<Json>(s.properties ?? {})) {
      const m = contract.resolveSchema(member);
      const v = node[name];
      if (Array.isArray(m?.enum) && m.enum.length > 1 && m.enum.includes(v)) {
        const next = structuredClone(out);
        [...at].reduce((n, k) => n[k], next)[name] = m.enum[(m.enum.indexOf(v) + 1) % m.enum.length];
        if (ok(next)) out = next;
      } else walk(member, v, [...at, name], depth + 1);
    }
  };
  walk(op.requestBody.schema, out, [], 0);
  return out;
}
