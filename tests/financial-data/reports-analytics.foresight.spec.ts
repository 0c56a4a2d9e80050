// Covers: POST /decisioning/reports/foresight-analytics/userTypes/{userType}
// (GenerateForesightAnalyticsFirstThirdPartyNonCraReport, beta) - seed 002, Decisioning report
// generation: it takes a customerId for permissioned data and/or an externalCustomerId for data
// submitted through enrichment; Errors 404 (customer not found). Provider 1.35.0
// InvalidForesightReportRequestExample: at least one of the two, both allowed (neither: 400).
// Its read by report id: reports-analytics.content.spec.ts.
import { expect, rules, test, unknownId } from '../../fixtures/financial-data.js';
import { expectStatus, NON_CRA } from './reports-analytics.known.js';

const OP = 'GenerateForesightAnalyticsFirstThirdPartyNonCraReport';
const call = (body: Record<string, unknown>) => ({ path: { userType: 'personal' }, body: { analyticsReportData: NON_CRA, ...body } });
// A hashed id of the partner's own customer, as enrichment data is named (provider 1.35.0 ExternalCustomerId).
const EXTERNAL = 'c2b1f0e8a3d54f6f9a0b7c1d2e3f4a5b';

test(
  'refuses a request naming neither customerId nor externalCustomerId (400) @provider',
  rules('FD-FORESIGHT-SOURCE:refuse'),
  async ({ fdApi }) => {
    expectStatus(await fdApi.call(OP, call({})), 400, 'without a data source');
  },
);

test(
  'accepts customerId alone, externalCustomerId alone, and both (202), echoing the sources given; each report reads by its id @provider',
  rules('FD-FORESIGHT-SOURCE:accept', 'FD-FORESIGHT-READ-BY-ID'),
  async ({ fdApi, fdEntities }) => {
    const customerId = Number(fdEntities.customerId);
    for (const body of [{ customerId }, { externalCustomerId: EXTERNAL }, { customerId, externalCustomerId: EXTERNAL }]) {
      const res = await fdApi.call(OP, call(body));
      expectStatus(res, 202, `with ${Object.keys(body).join(' and ')}`);
      const echoed = { customerId: res.body.constraints?.customerId, externalCustomerId: res.body.constraints?.externalCustomerId };
      expect(echoed, 'the sources the report reads').toEqual({ customerId: body.customerId, externalCustomerId: body.externalCustomerId });
      // provider 1.35.0 ForesightAnalyticsFirstThirdPartyReportAck: the ack names the external customer it reads.
      expect(res.body.externalCustomerId, 'the ack names the external customer').toBe(body.externalCustomerId);
      // seed 002, Decisioning report generation: the results are fetched with Get Report by Report ID, whatever
      // the sources (an enrichment-only report has no customer of the partner, but is the partner's report).
      const byId = await fdApi.call('GetReportById', { path: { reportId: res.body.id }, body: {} });
      expect(
        { status: byId.status, id: byId.body?.id, type: byId.body?.type },
        `the report of ${Object.keys(body).join(' and ')} read by its id`,
      ).toEqual({ status: 200, id: res.body.id, type: 'farpbfnoncra' });
    }
  },
);

test('answers 404 for a customerId the partner never created @seed', rules('FD-FORESIGHT-CUSTOMER'), async ({ fdApi, fdContract }) => {
  expectStatus(
    await fdApi.call(OP, call({ customerId: Number(unknownId(fdContract, { type: 'integer' })) })),
    404,
    'for an unknown customer',
  );
});
