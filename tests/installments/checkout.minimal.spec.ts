// Covers: POST /offers, POST /plans, POST /approvals and GET /plans/{plan_id} with bodies that carry
// none of their optional members (provider 2.0.0: OfferParameters needs only `transaction`, PlanApproval
// only planId, status and what its decision makes mandatory; PlanPost providerId, offerTransactionId and
// transaction, and what the partner's carded product makes mandatory: for Mastercard Installments Payment
// Services offerId, planInstallmentInformation, schedulePayments and the card, as the offer gave them, and
// transactionOffers for its During Purchase use case, refused without it, InvalidPresentedOffersDRNG -
// INSTALLMENTS_USE_CASES). A request the contract allows is accepted (IN-ERR-CONTRACT), at every step of
// the checkout, and the plan reads back. The merchant carries its country and mcc alone: neither request
// requires a merchant, but the plan read back does (InstallmentPlan.merchant*{country*, mcc*}), and a plan
// whose requests named none has no answer its schema allows.
import { examplePlanBody, expect, loadContract, rules, test, withDecision } from '../../fixtures/installments.js';

const contract = await loadContract('installments');

test.beforeEach(({ inst }) => {
  test.skip(!inst.eligiblePan, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
});

test(
  'a checkout whose offers, plan and approval bodies carry only their required members (a merchant of country and mcc, which the plan read back requires; the plan what the product makes mandatory) is accepted, and the plan reads back @provider',
  rules('IN-ERR-CONTRACT:accept', 'IN-ECHO-PLAN'),
  async ({ instApi, instReq, inst }) => {
    const card = await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan } });
    const required = (operationId: 'approvedOffers' | 'savePlan' | 'planApproval', body: Record<string, unknown>) => {
      const validate = contract.requestValidator(operationId)!;
      expect(validate(body), `the ${operationId} body is one the contract allows: ${JSON.stringify(validate.errors?.slice(0, 2))}`).toBe(
        true,
      );
      return body;
    };
    const merchant = { country: 'USA', mcc: '5732' };
    const offers = await instApi.call('approvedOffers', {
      body: required('approvedOffers', {
        transaction: { amount: 1200, currency: 'USD', localDateTime: '2025-06-01T10:15:00Z' },
        merchant,
        ...card,
      }),
    });
    expect(offers.status, `offers with a merchant of country and mcc: ${offers.text.slice(0, 200)}`).toBe(200);
    const providerId = offers.body.offers[0].provider.providerId as string;
    const transaction = { amount: 1200, currency: 'USD', localDateTime: '2025-06-01T10:15:00Z' };
    const plan = await instApi.call('savePlan', {
      body: required(
        'savePlan',
        examplePlanBody(offers.body.offerTransactionId, offers.body.offers[0], card, {
          transaction,
          merchant,
          offers: offers.body.offers,
        }),
      ),
    });
    expect(plan.status, `a plan with a merchant of country and mcc: ${plan.text.slice(0, 200)}`).toBe(201);
    const planId = plan.body.planId as string;
    const approval = await instApi.call('planApproval', {
      query: { sync: true },
      // An APPROVED decision's required members include those it makes mandatory (provider 2.0.0, PlanApprovalParameters).
      body: required('planApproval', withDecision({ planId, status: 'APPROVED' })),
    });
    expect(approval.status, `an approval with planId and status only: ${approval.text.slice(0, 200)}`).toBe(200);
    const read = await instApi.call('getPlan', { path: { plan_id: planId } });
    expect(read.status, 'the plan reads back').toBe(200);
    expect(read.body).toMatchObject({ planId, providerId, status: 'APPROVED', merchant });
    expect(read.body.transaction).toMatchObject({ amount: transaction.amount, currency: transaction.currency });
  },
);

// provider 2.0.0, OfferParameters: only `transaction` is required, the card (sensitiveData or
// encryptedValue) is not. Without one the answer is offers not bound to a card, or the documented 404
// of no eligible offer; never a refusal of a request the contract allows, nor a failure.
test(
  'an offers request without card data (the contract needs only the transaction) is answered 200 or 404, never 400 or 5xx @provider',
  rules('IN-ERR-CONTRACT:accept'),
  async ({ instApi }) => {
    const body = { transaction: { amount: 1200.37, currency: 'USD', localDateTime: '2025-06-01T10:15:00Z' } };
    expect(contract.requestValidator('approvedOffers')!(body), 'the contract allows an offers request without card data').toBe(true);
    const res = await instApi.call('approvedOffers', { body });
    expect([200, 404], `offers without card data: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
  },
);
