// The refusals by the subject's state or eligibility (refusals.ts Condition), each on a subject the harness makes, leave
// no trace as any other (seed 002, Errors: a 4xx "indicates a request the service did not carry out").
import type { Contract, Operation } from '../../contract/contract.js';
import { eventDateMembers } from '../../contract/event-dates.js';
import type { CallOptions } from '../client.js';
import { movesAloneBeside } from './kit.js';
import { versionless } from '../../contract/writers.js';
import { type Condition } from './refusals.js';

/**
 * The subject states the descriptions refuse (seed 002, Decisioning report generation: "need a checking or savings account,
 * otherwise 400"; provider 1.35.0 cash flow and asset reports; seed 002, Reports and Errors 404: an FCRA report's consumer).
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

/** The call with `accountIds` left out (seed 002: every eligible account when absent), so no 404 comes before the state. */
const withoutAccountIds = (call: CallOptions): CallOptions => {
  if (!call.body || typeof call.body !== 'object' || Array.isArray(call.body) || !('accountIds' in call.body)) return call;
  const { accountIds: _, ...body } = call.body as Record<string, unknown>;
  return { ...call, body };
};

/** The subject refusals as conditions of refusals.ts, each on the objects of its subject (absent: not produced). */
export function subjectConditions(subjects: { [K in keyof typeof SUBJECT_REFUSALS]?: Record<string, string> }): Condition[] {
  return (Object.keys(SUBJECT_REFUSALS) as (keyof typeof SUBJECT_REFUSALS)[]).flatMap((key) => {
    const objects = subjects[key];
    const { status, names, why } = SUBJECT_REFUSALS[key];
    return objects ? [{ status, names, why, stated: 'operation' as const, objects, call: withoutAccountIds }] : [];
  });
}

/** A leaf moving without a write (seed 002, States), a contract's event-date members aside: movesAloneBeside of kit.ts. */
export const movesAloneOf = (contract: Contract) => movesAloneBeside(eventDateMembers(contract));

/** The readers of the children of the object holding a writer's last path id (its collection, else the parent's by-id reader). */
export function parentReadersOf(contract: Contract, op: Operation): Operation[] {
  const path = versionless(op.path);
  const ids = [...path.matchAll(/\/\{[^}]+\}/g)];
  if (ids.length < 2) return [];
  const collection = path.slice(0, ids.at(-1)!.index);
  const gets = (p: string) => [...contract.operations.values()].filter((r) => r.method === 'GET' && versionless(r.path) === p);
  const listed = gets(collection);
  return listed.length ? listed : gets(collection.replace(/\/[^/{}]+$/, ''));
}
