// Covers: 406 on the operations that document it, 405 on GET /plans/{plan_id}, malformed JSON (400, never 500) and the
// base path (reference, Transport and auth; Operations table). The error body of every refusal is judged by the client
// (IN-ERR-SHAPE, cited here for the 406 and 405 no generated negative case provokes, and by conformance.negative.spec.ts
// on every operation).
import { envVar } from '../../helpers/config/env-schema.js';
import { expect, expectErrors, loadContract, rules, test, type InstallmentsOperationId } from '../../fixtures/installments.js';

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
  test(
    `${operationId} answers Accept: application/xml with 406 @assumption`,
    rules('IN-TRANS-ACCEPT', 'IN-ERR-SHAPE'),
    async ({ instApi, instReq }) => {
      const call = await instReq.sampleCall(operationId);
      expectErrors(await instApi.call(operationId, { ...call, headers: { ...call.headers, accept: 'application/xml' } }), 406);
    },
  );
}

// reference/installments.md, Transport and auth: the base URL ends with /installments (helpers/config/env-schema.ts).
test(
  'the operations answer under a base URL whose path ends with /installments @provider',
  rules('IN-TRANS-BASE-PATH'),
  async ({ instApi, instReq, inst }) => {
    const variable = envVar('INSTALLMENTS_BASE_URL');
    const ctx = { variable: variable.name, env: {}, show: (value: string) => JSON.stringify(value) };
    expect(() => variable.type.parse(inst.baseURL, ctx), `the base URL: ${variable.type.expected}`).not.toThrow();
    const res = await instApi.call('getMerchantParticipations', await instReq.sampleCall('getMerchantParticipations'));
    expect(res.status, 'an operation called under that base URL').toBe(200);
  },
);

for (const method of ['DELETE', 'PUT']) {
  test(
    `getPlan: ${method} on /plans/{plan_id} is 405 @assumption`,
    rules('IN-TRANS-METHOD', 'IN-ERR-SHAPE'),
    async ({ instApi, instReq, inst }) => {
      test.skip(!inst.eligiblePan, 'needs a plan, so a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
      const { planId } = await instReq.createPlan(instApi);
      expectErrors(await instApi.call('getPlan', { path: { plan_id: planId }, method }), 405);
    },
  );
}

// Every operation that takes a JSON body (notifyPlan: notifications.issuer.spec.ts).
const contract = await loadContract('installments');
const WITH_BODY = [...contract.operations.values()]
  .filter((o) => o.requestBody && o.operationId !== 'notifyPlan')
  .map((o) => o.operationId as InstallmentsOperationId);

for (const operationId of WITH_BODY) {
  test(
    `${operationId} answers a body that is not JSON with 400 and the error body @assumption`,
    rules('IN-ERR-MALFORMED'),
    async ({ instApi }) => {
      expectErrors(await instApi.call(operationId, { rawBody: '{"broken": ' }), 400);
    },
  );
}
