// Covers: every installments operation the suite calls (notifyPlan is the issuer's side): each typed
// parameter and body member its sample sends (a boolean, a number, an enum) sent in another form of
// the same value that the contract refuses (helpers/client/invariants/type-forms.ts: a boolean in
// another case or as a digit, a number with a leading zero, a sign, a fraction, an exponent or a
// space, an enum value in another case, a number or boolean as a JSON string) is refused with a
// documented 4xx (IN-TYPE-FORMS). One checker over every operation; each violation names the operation and the member.
import { expect, OPERATIONS, rules, test } from '../../fixtures/installments.js';
import { checkTypeForms, TYPE_FORMS, typedMembers } from '../../helpers/client/invariants/type-forms.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { countProperty, type PropertyException } from '../../helpers/client/property-counts.js';

test(
  'every typed parameter and body member takes only its type’s own form: another form of the same value is refused @provider',
  rules('IN-TYPE-FORMS'),
  async ({ instApi, instReq, instContract }) => {
    const violations = new Violations(TYPE_FORMS);
    const checked: string[] = [];
    const leftOut: string[] = [];
    const applies: string[] = [];
    const exceptions: PropertyException[] = [];
    let cases = 0;
    for (const operationId of OPERATIONS.filter((id) => id !== 'notifyPlan')) {
      const op = instContract.operation(operationId);
      if (!typedMembers(instContract, op, await instReq.sampleCall(operationId)).length) continue;
      applies.push(operationId);
      // A decision uses its plan up: each case decides a plan of its own, made through checkout.
      const fresh =
        operationId === 'planApproval'
          ? async () => {
              const call = await instReq.sampleCall('planApproval');
              const { planId } = await instReq.createPlan(instApi);
              return { ...call, body: { ...call.body, planId } };
            }
          : () => instReq.sampleCall(operationId);
      const { sent, leftOut: why } = await checkTypeForms(instApi, op, fresh, violations);
      if (why) {
        leftOut.push(`${operationId}: ${why}`);
        exceptions.push({ operationId, reason: why });
      } else checked.push(operationId);
      cases += sent;
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `type forms: ${checked.length} operations checked with ${cases} forms (${checked.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')})`,
    });
    countProperty(test.info(), { property: TYPE_FORMS, service: 'installments', rule: 'IN-TYPE-FORMS', applies, checked, exceptions });
    expect(checked.length, 'operations checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
