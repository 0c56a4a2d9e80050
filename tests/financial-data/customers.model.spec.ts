// Covers: the customers and what hangs off them - AddTestingCustomer, AddCustomer, GetCustomer,
// GetCustomerWithAppData, GetCustomers (username, type, search, start, limit), ModifyCustomer, DeleteCustomer
// (seed 002, Customers, States and Errors; provider 1.35.0 Customers: found, displaying, moreAvailable);
// CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer (seed 002, Consumers, Resources -
// Consumer; reference, Consumers: the SSN's last four digits); AddBusinessDetails, GetBusinessByCustomer,
// GetBusinessById, UpdateBusiness (seed 002, Businesses, Limits: one per customer; provider 1.35.0
// NewBusiness, Business). One check per model (fixtures/models/financial-data/<name>.model.ts): random
// sequences by two partners, each answer compared with the model: status, every field against its own
// source through every reader, list membership and counts under every filter and page, one consumer and
// one business per customer, the consumer outliving its customer, ownership.
import {
  businessesModel,
  consumersModel,
  customersModel,
  newFdModel,
  rules,
  runModel,
  tearDownFdModel,
  test,
} from '../../fixtures/financial-data.js';
import { SANDBOX_CUSTOMERS_PER_WORKER } from '../../helpers/client/client.js';

const MODELS = [
  {
    name: 'customer',
    rules: [
      'FD-CUST-CREATE@testing',
      'FD-CUST-CREATE@active',
      'FD-CUST-TYPE@testing',
      'FD-CUST-TYPE@active',
      'FD-CUST-USERNAME-UNIQUE@testing',
      'FD-CUST-USERNAME-UNIQUE@active',
      'FD-CUST-READ@get-customer',
      'FD-CUST-READ@app-data',
      'FD-CUST-READ@list-username',
      'FD-CUST-MODIFY@get-customer',
      'FD-CUST-MODIFY@app-data',
      'FD-CUST-MODIFY@list-username',
      'FD-CUST-DELETE@get-customer',
      'FD-CUST-DELETE@app-data',
      'FD-CUST-DELETE@list-username',
      'FD-CUST-DELETE@list-search',
      'FD-CUST-DELETE@list-all',
      'FD-CUST-COUNTS-AFTER-DELETE',
      'FD-CUST-SEARCH:accept',
      'FD-CUST-SEARCH:refuse',
      'FD-CUST-NO-SEARCH-ALL',
      'FD-CUST-FILTER-USERNAME:accept',
      'FD-CUST-FILTER-TYPE:accept',
      'FD-PAGE-START@customers',
      'FD-PAGE-COUNTS@customers',
      'FD-PAGE-LIMIT-APPLIED@customers',
      'FD-NOT-FOUND',
      'FD-CUST-APP',
      'FD-OBJ-OTHER-PARTNER',
    ],
    commands: () => customersModel.customerCommands(),
    examples: () => customersModel.customerExamples(),
    bounded: true,
  },
  {
    name: 'consumer',
    rules: [
      'FD-CONS-CREATE',
      'FD-CONS-READ@consumer-by-customer',
      'FD-CONS-READ@consumer-by-id',
      'FD-CONS-UNIQUE',
      'FD-CONS-NONE-404',
      'FD-CONS-SSN-LAST-FOUR@consumer-by-customer',
      'FD-CONS-SSN-LAST-FOUR@consumer-by-id',
      'FD-CONS-MODIFY@consumer-by-customer',
      'FD-CONS-MODIFY@consumer-by-id',
      'FD-CONS-MODIFY-KEEP',
      'FD-CONS-OUTLIVES',
      'FD-CUST-DELETE-LINKED@consumer-by-customer',
      'FD-NOT-FOUND',
      'FD-EVENT-DATE-FIXED',
      'FD-OBJ-OTHER-PARTNER',
    ],
    commands: () => consumersModel.consumerCommands(),
    bounded: true,
  },
  {
    name: 'business',
    rules: [
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
    ],
    commands: () => businessesModel.businessCommands(),
    bounded: false,
  },
];

for (const m of MODELS)
  test(
    `every sequence of ${m.name} calls by two partners answers as the ${m.name}s model says @property`,
    rules(...m.rules),
    async ({ fd, fdModelTarget }, testInfo) => {
      await runModel({
        // On a sandbox a worker holds at most SANDBOX_CUSTOMERS_PER_WORKER testing customers at once (the
        // partner's quota is shared): a sequence of that many commands makes no more, and its teardown
        // deletes them before the next.
        maxCommands: fd.control || !m.bounded ? undefined : SANDBOX_CUSTOMERS_PER_WORKER,
        commands: m.commands(),
        examples: m.examples?.(),
        setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
        teardown: tearDownFdModel,
        testInfo,
      });
    },
  );
