// The refusals by the subject's state or eligibility (refused-trace.ts Condition, stated by the
// operation): the kinds of subject an operation's own description says it refuses, written once as
// contract data, each with the subject the harness makes for it. A refusal for a subject of the wrong
// kind leaves no trace as any other does (seed 002, Errors: a 4xx "indicates a request the service
// did not carry out"): the report a refused generation would have made never shows in the customer's
// report list.
import type { Contract, Operation } from '../../contract/contract.js';
import { eventDateMembers } from '../../contract/event-dates.js';
import type { CallOptions } from '../client.js';
import type { Condition } from './refused-trace.js';
import { versionless } from '../../contract/writers.js';

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
const withoutAccountIds = (call: CallOptions): CallOptions => {
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
  // The cheap tests first: every leaf of every compared answer comes through here.
  return (path, before, after) => asOfNow(path, before, after) || (before === 'inProgress' && path.split('.').at(-1) === 'status');
}

/**
 * The readers of the children of the object holding a writer's last path id (its path cut before that
 * id: the GET of that collection, else the by-id reader of the parent, a webhook subscription for its
 * events): where a call whose child id names nothing is refused, what it would have done to the
 * parent's other children shows there. None where the writer names one object only.
 */
export function parentReadersOf(contract: Contract, op: Operation): Operation[] {
  const path = versionless(op.path);
  const ids = [...path.matchAll(/\/\{[^}]+\}/g)];
  if (ids.length < 2) return [];
  const collection = path.slice(0, ids.at(-1)!.index);
  const gets = (p: string) => [...contract.operations.values()].filter((r) => r.method === 'GET' && versionless(r.path) === p);
  const listed = gets(collection);
  return listed.length ? listed : gets(collection.replace(/\/[^/{}]+$/, ''));
}
