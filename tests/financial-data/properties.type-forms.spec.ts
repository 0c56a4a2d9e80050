// Covers: every financial data operation that documents a refusal (grows with the contract): each
// typed parameter and body member its sample sends (a boolean, a number, an enum) sent in another form
// of the same value, one the contract refuses (helpers/client/invariants/type-forms.ts: a boolean in
// another case or as a digit, a number with a leading zero, a sign, a fraction, an exponent or a space,
// an enum value in another case, a number or boolean as a JSON string), is refused with a documented
// 4xx (FD-TYPE-FORMS). One checker over every operation; each violation names the operation and the member.
import { expect, mockOnly, notePartial, type OperationClient, rules, sample, test } from '../../fixtures/financial-data.js';
import {
  checkTypeForms,
  checkValidForms,
  describeFormCoverage,
  formCoverage,
  type FormCoverageRow,
  TYPE_FORMS,
  typedMembers,
  VALID_FORMS,
  validFormCases,
} from '../../helpers/client/invariants/type-forms.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';
import { FD_CONTRACT } from './security.known.js';

/** An operation's sampled call, with the app key alone where the operation takes no partner token. */
const validCall = <A>(
  op: Parameters<typeof sample>[0],
  fd: Parameters<typeof sample>[1],
  entities: Parameters<typeof sample>[2],
  appKeyOnly: A,
) => ({
  ...sample(op, fd, entities),
  ...(op.security.every((alt) => alt.length > 1) ? {} : { auth: appKeyOnly }),
});

test(
  'every typed parameter and body member takes only its type’s own form: another form of the same value is refused @mock-only',
  mockOnly(
    rules('FD-TYPE-FORMS'),
    "sends another form of every typed member to every operation, writers included (the prepared linked customer's refreshes, deletions and secret changes among them): a target that wrongly takes one writes state every worker of a sandbox reads, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    // Mock-only: the other forms a target accepts are writes, on every operation (the linked
    // customer's refreshes among them): on a sandbox they would change what other workers read.
    void fdMock;
    const violations = new Violations(TYPE_FORMS);
    const checked: string[] = [];
    const leftOut: string[] = [];
    const applies: string[] = [];
    const exceptions: PropertyException[] = [];
    const members: FormCoverageRow[] = [];
    let cases = 0;
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    for (const op of FD_CONTRACT.operations.values()) {
      const valid = callOf(op);
      if (!typedMembers(FD_CONTRACT, op, valid).length) {
        members.push(...formCoverage(FD_CONTRACT, op, valid));
        continue;
      }
      applies.push(op.operationId);
      const { sent, leftOut: why } = await checkTypeForms(fdApi, op, () => valid, violations);
      members.push(...formCoverage(FD_CONTRACT, op, valid, why));
      if (why) {
        leftOut.push(`${op.operationId}: ${why}`);
        exceptions.push({ operationId: op.operationId, reason: why });
      } else checked.push(op.operationId);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `type forms: ${checked.length + leftOut.length} operations send a typed member, ${checked.length} checked with ${cases} forms (${checked.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')})`,
    });
    test.info().annotations.push({ type: 'type-forms-members', description: describeFormCoverage(members) });
    countProperty(test.info(), { property: TYPE_FORMS, service: 'financial-data', rule: 'FD-TYPE-FORMS', applies, checked, exceptions });
    if (leftOut.length) notePartial(`type forms: ${leftOut.length} operations left out, each with its reason in the coverage annotation`);
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);

/**
 * The webhook samples name no subscription (a sample cannot make one): the operations under a
 * subscription take a live one of the worker's partner and its first event instead. Returns each
 * operation's valid call, with those ids in its path where it names a subscription.
 */
async function withLiveSubscription<A>(
  fdApi: OperationClient,
  fd: Parameters<typeof sample>[1],
  entities: Parameters<typeof sample>[2],
  appKeyOnly: A,
) {
  const hook = await fdApi.call('createWebhookSubscription', { ...sample('createWebhookSubscription', fd, entities) });
  expect(hook.status, 'a webhook subscription for the operations under one').toBe(201);
  const live: Record<string, string> = {
    subscription_id: String(hook.body.subscriptionId),
    webhook_event_id: String(hook.body.events[0].webhookEventId),
  };
  return (op: Parameters<typeof sample>[0]) => {
    const call = validCall(op, fd, entities, appKeyOnly);
    const path = call.path as Record<string, string | number | undefined> | undefined;
    return path && 'subscription_id' in path
      ? { ...call, path: { ...path, ...Object.fromEntries(Object.entries(live).filter(([k]) => k in path)) } }
      : call;
  };
}

const sensitive = (at: string) => kindOfKey(at.split('.').at(-1)!) !== undefined;

test(
  'every form the contract allows of each parameter and body member is accepted, on every operation that takes it @mock-only',
  mockOnly(
    rules('FD-VALID-FORMS'),
    "sends every operation, writers included, each valid form of its members: every one is a write a sandbox's other workers would read, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    void fdMock;
    const violations = new Violations(VALID_FORMS);
    const checked: string[] = [];
    const applies: string[] = [];
    const exceptions: PropertyException[] = [];
    let cases = 0;
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    for (const op of FD_CONTRACT.operations.values()) {
      const valid = callOf(op);
      // The ids an operation names are the target's own objects, and a member named as a reference
      // (institutionId, accountIds) names what the target holds: sent as sampled.
      const ids = new Set(objectIdsOf(FD_CONTRACT, op).ids.map((id) => id.at));
      const keep = (at: string) =>
        ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) || /[a-z]Ids?$|^id$/.test(at.split('.').at(-1)!) || sensitive(at);
      if (!validFormCases(FD_CONTRACT, op, valid, keep).length) continue;
      applies.push(op.operationId);
      // A fresh sample per form: a create takes a new unique name each time (a customer's username).
      const fresh = () => callOf(op);
      const { sent, leftOut: why } = await checkValidForms(fdApi, op, fresh, violations, { keep });
      if (why) exceptions.push({ operationId: op.operationId, reason: why });
      else checked.push(op.operationId);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `valid forms: ${applies.length} operations send a member with forms of its own, ${checked.length} checked with ${cases} forms (${checked.join(', ')}); ${exceptions.length} left out (${exceptions.map((e) => `${e.operationId}: ${e.reason}`).join('; ')})`,
    });
    countProperty(test.info(), { property: VALID_FORMS, service: 'financial-data', rule: 'FD-VALID-FORMS', applies, checked, exceptions });
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
