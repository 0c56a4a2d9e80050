// Covers: the installments writers the contract pairs with a reader (helpers/client/security/
// read-only.ts: savePlan -> getPlan, planApproval -> getPlanApprovalStatus), each sent with the
// reader's response-only members (the plan id, its status and reject reasons, the callback URL the
// service sets): none of them is stored (provider 2.0.0: the request schemas do not declare them).
import { expect, loadContract, rules, test } from '../../fixtures/installments.js';
import { READ_ONLY, readOnlyPairs, storedReadOnly } from '../../helpers/client/security/read-only.js';
import { Violations } from '../../helpers/client/security/probe.js';

const contract = await loadContract('installments');

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

test(
  'response-only members sent in savePlan and planApproval bodies are never stored',
  rules('IN-OBJ-READ-ONLY'),
  async ({ instApi, instReq }) => {
    const pairs = readOnlyPairs(contract);
    const violations = new Violations(READ_ONLY);
    for (const pair of pairs) {
      let planId: string;
      if (pair.writer.operationId === 'savePlan') {
        planId = (await instReq.createPlan(instApi, pair.members)).planId;
      } else if (pair.writer.operationId === 'planApproval') {
        planId = (await instReq.createPlan(instApi)).planId;
        const res = await instApi.call('planApproval', { query: { sync: true }, body: { planId, status: 'APPROVED', ...pair.members } });
        expect(res.status, 'planApproval with the response-only members').toBeLessThan(300);
      } else throw new Error(`no way to call ${pair.writer.operationId} with a live plan: add it here`);
      const read = await instApi.callOperation(pair.reader, { path: { [pair.idParam ?? 'plan_id']: planId } });
      const stored = storedReadOnly(pair, read.body);
      if (stored.length)
        violations.add(
          pair.reader.operationId,
          `plan ${planId} after ${pair.writer.operationId}`,
          `stored ${stored.join(', ')} as sent`,
          "the service's own values",
        );
    }
    test.info().annotations.push({
      type: 'security-coverage',
      description: `installments ${READ_ONLY}: ${pairs.length} writers paired with a reader (${pairs.map((p) => `${p.writer.operationId} -> ${p.reader.operationId}`).join(', ')})`,
    });
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
