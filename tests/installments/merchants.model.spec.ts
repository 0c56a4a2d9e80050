// Covers: the merchant operations (seed 001, Endpoints; provider 2.0.0; reference/installments.md, Flows - lender app) in
// random sequences against the reference model (fixtures/models/installments/merchants.model.ts).
import { citing, merchantsModel, rules, runModel, test } from '../../fixtures/installments.js';

test.beforeEach(({ inst }) => {
  test.skip(
    !inst.knownAcquirerIca || !inst.unknownAcquirerIca,
    'needs a known and an unknown acquirer ICA (INSTALLMENTS_KNOWN_ACQUIRER_ICA, INSTALLMENTS_UNKNOWN_ACQUIRER_ICA)',
  );
});

test(
  'every sequence of merchant participations, reads and searches answers as the merchants model says @property',
  rules(
    'IN-STATUS-PARTICIPATION',
    ...citing('IN-STATE-EFFECTUATION', '@by-request', '@list', '@search', '@mids'),
    ...citing('IN-STATE-INVALID-ICA', '@by-request', '@list', '@search', '@mids'),
    ...citing('IN-FILTER-COMPLETED', ':accept', ':refuse'),
    ...citing('IN-FILTER-REQUEST-ID', ':accept', ':refuse'),
    'IN-ECHO-PARTICIPATION',
    ...citing('IN-FILTER-NAME', ':accept', ':refuse'),
    'IN-FILTER-COUNTRY:accept',
    'IN-FILTER-ICA:accept',
    ...citing('IN-FILTER-STATUS', ':accept', ':refuse'),
    'IN-FILTER-MAID:accept',
    'IN-FILTER-MID-MERCHANT:accept',
    'IN-FILTER-MID:accept',
    ...citing('IN-FILTER-MID-STATUS', ':accept', ':refuse'),
    'IN-ECHO-MIDSEARCH',
    'IN-PAT-COUNTRY:accept',
    'IN-LIM-LEGALNAME:accept',
    ...citing('IN-PAGE-SLICE', '@by-request', '@search'),
    ...citing('IN-PAGE-HEADERS', '@by-request', '@list', '@search'),
    ...citing('IN-ECHO-PARTICIPATION-DETAILS', '@by-request', '@list', '@search'),
  ),
  async ({ instModelTarget }, testInfo) => {
    await runModel({
      commands: merchantsModel.merchantCommands(),
      scenarios: merchantsModel.merchantScenarios(),
      setup: async () => ({ model: merchantsModel.newMerchantsModel(), real: instModelTarget }),
      teardown: merchantsModel.tearDownMerchantsModel,
      testInfo,
    });
  },
);
