// Covers: GetPortfolioByPathParamPortFolioID of financial data 1.42.0 (provider 1.42.0; no seed section).
// Declared only when the certified contract has it (FD_CONTRACT_VERSION=1.42.0). The portfolio of a
// report read by its id alone holds the reports GetPortfolioByCustomer lists for it, with the customer's
// consumer; an unknown portfolio id is a 404.
import { expect, expectFdError, hasOperation, mockOnly, rules, test } from '../../fixtures/financial-data.js';
import { sampleReport } from '../../fixtures/examples/fd-samples/since-1.42.0.js';

if (hasOperation('GetPortfolioByPathParamPortFolioID')) {
  test(
    "a portfolio read by its id holds the reports its customer's portfolio lists, with the consumer; an unknown id is 404",
    mockOnly(rules('FD-PORTFOLIO-BY-ID'), "reads the mock's seeded sample report and portfolio: no variable names a sandbox's"),
    async ({ fdApi, fdMock }) => {
      void fdMock; // the seeded sample report of the mock (a sandbox names its own with FD_SAMPLE_PORTFOLIO_ID)
      const { customerId, consumerId, portfolioId } = sampleReport()!;
      const byCustomer = await fdApi.call('GetPortfolioByCustomer', { path: { customerId, portfolioId } });
      expect(byCustomer.status).toBe(200);
      const byId = await fdApi.call('GetPortfolioByPathParamPortFolioID', { path: { portfolioId } });
      expect(byId.status).toBe(200);
      expect(byId.body.portfolioId).toBe(portfolioId);
      expect(byId.body.reports).toEqual(byCustomer.body.reports);
      expect(byId.body.consumer.id).toBe(consumerId);
      expectFdError(
        await fdApi.call('GetPortfolioByPathParamPortFolioID', { path: { portfolioId: 'nosuchportfolio-1-port' } }),
        404,
        'unknown portfolio',
      );
    },
  );
}
