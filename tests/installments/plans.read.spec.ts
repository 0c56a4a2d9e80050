// Covers: GET /plans/{plan_id} (getPlan) 200/400 (reference, Operations table).
import { expect, expectErrors, rules, test, skipWithout } from '../../fixtures/installments.js';

skipWithout('eligiblePan');

// The plan's merchant as the offers request names it (reference, Offers and Plan merchant; provider 2.0.0
// PlanRequest.merchant): an mcc with a leading zero (0742) is text, read back as sent.
const MERCHANT = { name: 'Example Veterinary', country: 'CAN', mcc: '0742', url: 'https://vet.example.test' };

// The offer's terms unchanged (provider 2.0.0, POST /plans), an apr of 0 included: each read back as sent.
test(
  "reads back a new plan with its merchant, transaction and its offer's terms @assumption",
  rules('IN-ECHO-PLAN', 'IN-FMT-UUID:accept'),
  async ({ instApi, instReq }) => {
    const { planId } = await instReq.createPlan(
      instApi,
      {},
      {
        merchant: MERCHANT,
        // In the merchant's country's currency (provider 2.0.0, InvalidCountryCurrencyCodePair).
        transaction: { amount: 1200.37, currency: 'CAD', localDateTime: '2025-06-01T10:15:00Z' },
      },
    );
    // What getPlan reads back is the client's answer judge's on this read (IN-ECHO-PLAN).
    expect((await instApi.call('getPlan', { path: { plan_id: planId } })).status).toBe(200);
    // No approval was posted yet: the document states no approval status of an undecided plan, and its 404 is documented.
    const approval = await instApi.call('getPlanApprovalStatus', { path: { plan_id: planId } });
    expect([200, 404], 'the approval status of a plan no approval named yet').toContain(approval.status);
  },
);

test(
  'getPlan answers a plan_id that is not a UUID (a word, a UUID with a character before or after it) with 400 @assumption',
  rules('IN-FMT-UUID:refuse'),
  async ({ instApi }) => {
    // Ids that hold a whole UUID tell a format check anchored at both ends from one that searches for a UUID inside.
    const uuid = crypto.randomUUID();
    for (const id of ['not-a-plan-id', `0${uuid}`, `${uuid}0`]) {
      const res = await instApi.call('getPlan', { path: { plan_id: id } });
      expect(res.status, `getPlan with plan_id '${id}'`).toBe(400);
      expectErrors(res, 400);
    }
  },
);
