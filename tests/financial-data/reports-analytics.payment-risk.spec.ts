// Covers: GeneratePaymentRiskInsightsReport of financial data 1.42.0 (provider 1.42.0; no seed section),
// and its read back through the get-report operations. Declared only when the certified contract has it
// (FD_CONTRACT_VERSION=1.42.0). A non-CRA personal report answers 202 inProgress with a reportPin and the
// constraints sent, and reads back to success; an unknown customer is a 404; a body whose purpose is not
// a boolean is a 400. Not expected: the report's kind word (the provider names it in examples only).
import { expect, expectFdError, hasOperation, rules, test } from '../../fixtures/financial-data.js';

if (hasOperation('GeneratePaymentRiskInsightsReport')) {
  test(
    'a payment risk insights report answers 202 with a pin and its constraints as sent, and reads back to success; an unknown customer is 404',
    rules('FD-PRI-GENERATE'),
    async ({ fd, fdApi, linkedCustomer, pollReport }) => {
      const { customerId } = linkedCustomer;
      const fromDate = Math.floor(fd.now() / 1000) - 90 * 86_400;
      const body = { analyticsReportData: { forCraPurpose: false }, fromDate };
      const ack = await fdApi.call('GeneratePaymentRiskInsightsReport', { path: { customerId, userType: 'personal' }, body });
      expect(ack.status, `202; body ${ack.text.slice(0, 160)}`).toBe(202);
      expect(ack.body.status).toBe('inProgress');
      expect(typeof ack.body.reportPin).toBe('string');
      expect(ack.body.constraints).toMatchObject(body);
      const polled = await pollReport({ id: ack.body.id, customerId, label: 'payment risk insights report' });
      expect(polled.final.body.status).toBe('success');
      expect(polled.final.body.id).toBe(ack.body.id);
      expectFdError(
        await fdApi.call('GeneratePaymentRiskInsightsReport', { path: { customerId: '999999999', userType: 'personal' }, body }),
        404,
        'unknown customer',
      );
      expectFdError(
        await fdApi.call('GeneratePaymentRiskInsightsReport', {
          path: { customerId, userType: 'personal' },
          body: { analyticsReportData: { forCraPurpose: 'no' } },
        }),
        400,
        'forCraPurpose not a boolean',
      );
    },
  );
}
