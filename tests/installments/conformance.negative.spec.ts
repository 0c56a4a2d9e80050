// Covers: every installments operation the suite calls: each request the contract refuses (helpers/client/negative.ts)
// is refused with a documented 4xx and the Errors body (provider 2.0.0 error responses), in the media type the refusal
// declares: the client's content type check on each of them, filed under IN-RESP-FORMS (its judgedBy), and its error body
// (provider 2.0.0 ErrorWrapper: every item's members and their types, a boolean Recoverable) judged by the client's error
// shape and schema checks, filed under IN-ERR-SHAPE (its judgedBy), on every refusal path of every operation.
import { expect, loadContract, OPERATIONS as ALL_OPERATIONS, rules, test, underRule } from '../../fixtures/installments.js';
import { dateFormRules, refusalStatuses, runNegativeCases } from '../../fixtures/negative.js';

const contract = await loadContract('installments');

// The issuer's endpoint (notifyPlan) is the service's caller's, not the service's: it is not asked to refuse.
const OPERATIONS = ALL_OPERATIONS.filter((operationId) => operationId !== 'notifyPlan');

for (const operationId of OPERATIONS) {
  test(
    `${operationId} refuses every request the contract refuses with a documented 4xx @provider`,
    // A date member's calendar cases (a day the calendar does not have) are filed under the rule stating its form: cited here.
    rules(
      'IN-ERR-CONTRACT:refuse',
      'IN-REQ-NULL',
      'IN-RESP-FORMS',
      'IN-ERR-SHAPE',
      ...dateFormRules(contract, contract.operation(operationId), 'installments'),
    ),
    async ({ inst, instApi, instReq, instContract }) => {
      expect(refusalStatuses(instContract.operation(operationId)), 'documented refusal statuses').not.toEqual([]);
      // A plan's cases break one rule of a selection of a fresh offer (provider 2.0.0, POST /plans): on the sample, which names no
      // offer the target made, each would be refused for that alone, whatever the target makes of the member the case breaks.
      // A decision's cases name a fresh plan (provider 2.0.0 PlanApprovalParameters.planId: the plan decided): on the sample's
      // unknown plan each would be refused for that alone, whatever the target makes of the member the case breaks.
      const valid =
        (operationId === 'savePlan' || operationId === 'planApproval') && inst.eligiblePan
          ? await instReq.ownCall(instApi, operationId)
          : await instReq.sampleCall(operationId);
      const { cases, failures } = await runNegativeCases(instApi, operationId, valid);
      test.info().annotations.push({ type: 'negative cases', description: String(cases) });
      expect(cases, 'generated cases').toBeGreaterThan(0);
      // A null answered as a member left out breaks only this catalogue's decision (IN-REQ-NULL: no passage says what a null
      // means), judged after the documented cases.
      const asAbsent = (f: string) => /: null \(empty, not absent\): Received 2\d\d /.test(f);
      expect(
        failures.filter((f) => !asAbsent(f)),
        `cases of ${operationId} answered otherwise`,
      ).toEqual([]);
      underRule(test.info(), 'IN-REQ-NULL', () => expect(failures.filter(asAbsent), 'members sent null, taken as left out').toEqual([]));
    },
  );
}

// A request rule holds in every mode its operation documents: a boolean query parameter (provider 2.0.0 planApproval `sync`: true
// answered 200, false or absent 202) changes how a request is answered, not what it must carry. The body's required-member cases
// (a conditional branch's among them: PlanApprovalParameters, paymentAuthorization required when the status is APPROVED) are sent
// again with each boolean query parameter at its other value, each refused with a documented 4xx, an asynchronous 202 never.
for (const operationId of OPERATIONS) {
  const flags = contract.operation(operationId).parameters.filter((p) => p.in === 'query' && p.schema?.type === 'boolean');
  if (flags.length === 0 || !contract.operation(operationId).requestBody) continue;

  test(
    `${operationId} refuses a body missing a member it requires in each mode its boolean query parameters document @provider`,
    rules(...(operationId === 'planApproval' ? ['IN-REQ-DECISION-MEMBERS'] : ['IN-ERR-CONTRACT:refuse'])),
    async ({ inst, instApi, instReq }) => {
      for (const flag of flags) {
        const valid = inst.eligiblePan ? await instReq.ownCall(instApi, operationId) : await instReq.sampleCall(operationId);
        const query = { ...((valid.query ?? {}) as Record<string, string | number | boolean | undefined>) };
        // The other mode: true where the valid call sends false or nothing (the default), false where it sends true.
        query[flag.name] = !(query[flag.name] === true || query[flag.name] === 'true');
        const missing = (c: { where: string; name: string }) => c.where === 'body' && /: missing though required/.test(c.name);
        const { cases, failures } = await runNegativeCases(instApi, operationId, { ...valid, query }, undefined, undefined, missing);
        test
          .info()
          .annotations.push({ type: `missing-member cases, ${flag.name}=${String(query[flag.name])}`, description: String(cases) });
        expect(failures, `${operationId} with ${flag.name}=${String(query[flag.name])}: members left out, received / documented`).toEqual(
          [],
        );
      }
    },
  );
}
