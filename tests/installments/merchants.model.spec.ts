// Covers: the merchant operations (seed 001, Endpoints; provider 2.0.0; reference/installments.md, Flows - lender app) in
// random sequences against the reference model (fixtures/models/installments/merchants.model.ts).
import { merchantsModel, rules, runModel, test } from '../../fixtures/installments.js';

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
    'IN-STATE-EFFECTUATION@by-request',
    'IN-STATE-EFFECTUATION@list',
    'IN-STATE-EFFECTUATION@search',
    'IN-STATE-EFFECTUATION@mids',
    'IN-STATE-INVALID-ICA@by-request',
    'IN-STATE-INVALID-ICA@list',
    'IN-STATE-INVALID-ICA@search',
    'IN-STATE-INVALID-ICA@mids',
    'IN-FILTER-COMPLETED:accept',
    'IN-FILTER-COMPLETED:refuse',
    'IN-FILTER-REQUEST-ID:accept',
    'IN-FILTER-REQUEST-ID:refuse',
    'IN-ECHO-PARTICIPATION',
    'IN-FILTER-NAME:accept',
    'IN-FILTER-NAME:refuse',
    'IN-FILTER-COUNTRY:accept',
    'IN-FILTER-ICA:accept',
    'IN-FILTER-STATUS:accept',
    'IN-FILTER-STATUS:refuse',
    'IN-FILTER-MAID:accept',
    'IN-FILTER-MID-MERCHANT:accept',
    'IN-FILTER-MID:accept',
    'IN-FILTER-MID-STATUS:accept',
    'IN-FILTER-MID-STATUS:refuse',
    'IN-ECHO-MIDSEARCH',
    'IN-PAT-COUNTRY:accept',
    'IN-LIM-LEGALNAME:accept',
    'IN-PAGE-SLICE@by-request',
    'IN-PAGE-SLICE@search',
    'IN-PAGE-HEADERS@by-request',
    'IN-PAGE-HEADERS@list',
    'IN-PAGE-HEADERS@search',
    'IN-ECHO-PARTICIPATION-DETAILS@by-request',
    'IN-ECHO-PARTICIPATION-DETAILS@list',
    'IN-ECHO-PARTICIPATION-DETAILS@search',
  ),
  async ({ instModelTarget }, testInfo) => {
    await runModel({
      commands: merchantsModel.merchantCommands(),
      examples: merchantsModel.merchantExamples(),
      setup: async () => ({ model: merchantsModel.newMerchantsModel(), real: instModelTarget }),
      teardown: merchantsModel.tearDownMerchantsModel,
      testInfo,
    });
  },
);
