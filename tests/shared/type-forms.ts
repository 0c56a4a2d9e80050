// The form properties of a service, one body each: typed members take only their type's form
// (TYPE_FORMS), allowed forms are accepted (VALID_FORMS), optional ids take the caller's own (OPTIONAL_IDS).
import { expect, test } from '@playwright/test';
import type { CallOptions, OperationClient } from '../../helpers/client/client.js';
import { checkOptionalIds, type LiveOf, OPTIONAL_IDS, optionalIdsOf } from '../../helpers/client/invariants/optional-ids.js';
import {
  checkTypeForms,
  checkValidCall,
  checkValidForms,
  describeFormCoverage,
  formCoverage,
  type FormCoverageRow,
  TYPE_FORMS,
  typedMembers,
  VALID_FORMS,
  validFormCases,
} from '../../helpers/client/invariants/type-forms.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import { sentAsValid } from '../../helpers/client/valid-calls.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule, noteCoverage, tally } from './property.js';
import type { Violations } from '../../helpers/client/security/probe.js';
import type { Operation } from '../../helpers/contract/contract.js';
import type { ServiceName } from '../../helpers/contract/operations.js';

/** A fresh valid call per case (a decision uses its plan up, a create takes a new unique name). */
type Fresh = () => CallOptions | Promise<CallOptions>;
/** An operation's calls for a form property, or why the property leaves it out. */
export type FormCalls = { sampled: CallOptions; fresh: Fresh } | { leftOut: string };
/** What the valid forms of an operation keep as sampled (its ids, its sensitive members), and whether lengths are sent. */
export type ValidFormCalls = { sampled: CallOptions; fresh: Fresh; keep: (at: string) => boolean; lengths?: boolean } | { leftOut: string };

const left = (exceptions: PropertyException[]) => exceptions.map((e) => `${e.operationId}: ${e.reason}`).join('; ');

/** Another form of each typed member's value, refused with a documented 4xx (`<S>-TYPE-FORMS`), on every operation given. */
export async function checkTypeFormsOf<S extends ServiceName>(
  api: OperationClient<S>,
  rule: string,
  operations: Iterable<Operation>,
  callsOf: (op: Operation) => Promise<FormCalls>,
  /** Notes a check that left operations out (financial data's notePartial). */
  partial?: (what: string) => void,
  /** The rule a body sent whole in another JSON type is refused under (wholeBodyForms); unset: not sent. */
  wholeBody?: string,
): Promise<Violations> {
  const { violations, checked, exceptions, file } = tally(TYPE_FORMS);
  const [applies, members] = [[] as string[], [] as FormCoverageRow[]];
  let cases = 0;
  for (const op of operations) {
    const calls = await callsOf(op);
    if ('leftOut' in calls) {
      applies.push(op.operationId);
      file(op.operationId, calls.leftOut);
      continue;
    }
    if (!typedMembers(api.contract, op, calls.sampled).length) {
      members.push(...formCoverage(api.contract, op, calls.sampled));
      // No typed member, but a body: sent whole in each other JSON type alone, under its own rule (not this property's count).
      if (wholeBody && op.requestBody?.schema)
        cases += (await checkTypeForms(api, op, calls.fresh, violations, wholeBody, api.contract, undefined, wholeBody)).sent;
      continue;
    }
    applies.push(op.operationId);
    const { sent, leftOut: why } = await checkTypeForms(
      api,
      op,
      calls.fresh,
      violations,
      rule,
      api.contract,
      undefined,
      wholeBody ?? false,
    );
    members.push(...formCoverage(api.contract, op, calls.sampled, why));
    file(op.operationId, why);
    cases += sent;
  }
  noteCoverage(
    `type forms: ${applies.length} operations send a typed member, ${checked.length} checked with ${cases} forms (${checked.join(', ')}); ${exceptions.length} left out (${left(exceptions)})`,
  );
  test.info().annotations.push({ type: 'type-forms-members', description: describeFormCoverage(members) });
  countRule(TYPE_FORMS, rule, { applies, checked, exceptions });
  if (exceptions.length) partial?.(`type forms: ${exceptions.length} operations left out, each with its reason in the coverage annotation`);
  expect(checked.length, 'operations checked').toBeGreaterThan(0);
  return violations;
}

/**
 * Every form the contract allows of each member its sample sends, accepted (`<S>-VALID-FORMS`), on every operation given.
 * `accepted`: the service's valid-accepted rule (`<S>-VALID-ACCEPTED`): each operation's valid call refused is a violation of it,
 * on an operation with no form of its own too where its sample is a valid call (a request builder's, sent as built).
 */
export async function checkValidFormsOf<S extends ServiceName>(
  api: OperationClient<S>,
  rule: string,
  operations: Iterable<Operation>,
  callsOf: (op: Operation) => Promise<ValidFormCalls>,
  { accepted }: { accepted?: string } = {},
): Promise<Violations> {
  const { violations, checked, exceptions, file } = tally(VALID_FORMS);
  const applies: string[] = [];
  let cases = 0;
  for (const op of operations) {
    const calls = await callsOf(op);
    if ('leftOut' in calls) {
      applies.push(op.operationId);
      file(op.operationId, calls.leftOut);
      continue;
    }
    const { sampled, fresh, keep, lengths = true } = calls;
    if (sampled.baseURL) continue;
    // Only a sample a request builder makes valid (sentAsValid: naming what the target holds) is a valid call whose refusal breaks
    // the valid-accepted rule; another (a MID search of a sample merchant the target may not hold) refused leaves its forms untold.
    const judgesAccepted =
      accepted && sentAsValid(sampled, sampled.body === undefined ? undefined : JSON.stringify(sampled.body)) ? accepted : undefined;
    if (!validFormCases(api.contract, op, sampled, keep, lengths).length) {
      if (judgesAccepted) await checkValidCall(api, op, fresh, violations, judgesAccepted);
      continue;
    }
    applies.push(op.operationId);
    const { sent, leftOut: why } = await checkValidForms(api, op, fresh, violations, {
      keep,
      lengths,
      ...(judgesAccepted ? { accepted: judgesAccepted } : {}),
    });
    file(op.operationId, why);
    cases += sent;
  }
  noteCoverage(
    `valid forms: ${applies.length} operations send a member with forms of its own, ${checked.length} checked with ${cases} forms (${checked.join(', ')}); ${exceptions.length} left out (${left(exceptions)})`,
  );
  countRule(VALID_FORMS, rule, { applies, checked, exceptions });
  expect(checked.length, 'operations checked').toBeGreaterThan(0);
  return violations;
}

/** Each optional member of a writer naming another object set to the caller's own: accepted and linked (`<S>-OPTIONAL-IDS`). */
export async function checkOptionalIdsOf<S extends ServiceName>(
  api: OperationClient<S>,
  rule: string,
  freshOf: (op: Operation) => Fresh | { leftOut: string },
  liveOf: LiveOf,
): Promise<Violations> {
  const { violations, checked, exceptions, file } = tally(OPTIONAL_IDS);
  const [applies, members] = [[] as string[], [] as string[]];
  for (const op of writersOfContract(api.contract)) {
    if (!optionalIdsOf(api.contract, op).length) continue;
    applies.push(op.operationId);
    const fresh = freshOf(op);
    if (typeof fresh !== 'function') {
      file(op.operationId, fresh.leftOut);
      continue;
    }
    const { sent, membersLeftOut, leftOut } = await checkOptionalIds(api, op, fresh, liveOf, violations);
    members.push(...sent.map((m) => `${op.operationId} ${m}`), ...membersLeftOut.map((m) => `${op.operationId} ${m} (left out)`));
    if (leftOut || !sent.length) exceptions.push({ operationId: op.operationId, reason: leftOut ?? membersLeftOut.join('; ') });
    else checked.push(op.operationId);
  }
  noteCoverage(
    `optional ids: ${applies.length} writers take an optional member naming an object, ${checked.length} checked (${members.join('; ')}); ${exceptions.length} left out (${left(exceptions)})`,
  );
  countRule(OPTIONAL_IDS, rule, { applies, checked, exceptions });
  expect(checked.length, 'writers checked').toBeGreaterThan(0);
  return violations;
}
