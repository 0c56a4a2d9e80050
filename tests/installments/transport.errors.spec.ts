// Covers: 406 on the seven operations that document it, 415 on POST /offers, 405 on
// GET /plans/{plan_id}, malformed JSON (400, never 500) and the error body of every 4xx
// (reference, Transport and auth - error body; Operations table).
import { expect, expectErrors, rules, test } from '../../fixtures/installments.js';

const NOT_ACCEPTABLE = [
  'postMerchantParticipations',
  'getMerchantParticipations',
  'postMerchantSearches',
  'postMerchantMidSearches',
  'planApproval',
  'getPlanApprovalStatus',
  'approvedOffers',
] as const;

for (const operationId of NOT_ACCEPTABLE) {
  test(`${operationId} answers Accept: application/xml with 406 @assumption`, rules('IN-TRANS-ACCEPT'), async ({ instApi, instReq }) => {
    const call = await instReq.sampleCall(operationId);
    expectErrors(await instApi.call(operationId, { ...call, headers: { ...call.headers, accept: 'application/xml' } }), 406);
  });
}

test('approvedOffers answers a text/plain body with 415 @assumption', rules('IN-TRANS-MEDIA'), async ({ instApi, instReq }) => {
  const call = await instReq.sampleCall('approvedOffers');
  expectErrors(await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'content-type': 'text/plain' } }), 415);
});

for (const method of ['DELETE', 'PUT']) {
  test(`getPlan: ${method} on /plans/{plan_id} is 405 @assumption`, rules('IN-TRANS-METHOD'), async ({ instApi, instReq, inst }) => {
    test.skip(!inst.eligiblePan, 'needs a plan, so a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
    const { planId } = await instReq.createPlan(instApi);
    expectErrors(await instApi.call('getPlan', { path: { plan_id: planId }, method }), 405);
  });
}

for (const operationId of ['registerPans', 'postMerchantParticipations', 'approvedOffers', 'savePlan', 'planApproval'] as const) {
  test(
    `${operationId} answers a body that is not JSON with 400 and the error body @assumption`,
    rules('IN-ERR-MALFORMED'),
    async ({ instApi }) => {
      expectErrors(await instApi.call(operationId, { rawBody: '{"broken": ' }), 400);
    },
  );
}

test('every error item carries Source, ReasonCode, Description and Recoverable @provider', rules('IN-ERR-SHAPE'), async ({ instApi }) => {
  const res = await instApi.call('getPlan', { path: { plan_id: crypto.randomUUID() } });
  expectErrors(res, 404);
  for (const item of res.body.Errors.Error) {
    expect(Object.keys(item)).toEqual(expect.arrayContaining(['Source', 'ReasonCode', 'Description', 'Recoverable']));
    expect(typeof item.Recoverable).toBe('boolean');
  }
});
