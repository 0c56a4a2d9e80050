// Covers: AddBusinessDetails, GetBusinessByCustomer, GetBusinessById, UpdateBusiness, with the
// AddTestingCustomer / AddCustomer / DeleteCustomer they hang off - seed 002, Businesses, Limits
// (one per customer) and Errors; provider 1.35.0 NewBusiness, Business. Random sequences by two
// partners, each answer compared with the reference model
// (fixtures/models/financial-data/businesses.model.ts): status, every member sent against its own
// source in the answer and through both readers, one business per customer, ownership.
import { businessesModel, newFdModel, rules, runModel, tearDownFdModel, test } from '../../fixtures/financial-data.js';

test(
  'every sequence of business calls by two partners answers as the businesses model says @property',
  rules(
    'FD-BUS-READ@business-answer',
    'FD-BUS-READ@business-by-customer',
    'FD-BUS-READ@business-by-id',
    'FD-BUS-ONE',
    'FD-BUS-NONE-404',
    'FD-BUS-UPDATE@business-answer',
    'FD-BUS-UPDATE@business-by-customer',
    'FD-BUS-UPDATE@business-by-id',
    'FD-CUST-DELETE-LINKED@business-by-customer',
    'FD-NOT-FOUND',
    'FD-OBJ-OTHER-PARTNER',
  ),
  async ({ fdModelTarget }, testInfo) => {
    await runModel({
      commands: businessesModel.businessCommands(),
      setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
      teardown: tearDownFdModel,
      testInfo,
    });
  },
);
