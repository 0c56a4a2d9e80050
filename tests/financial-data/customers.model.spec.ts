// Covers: AddTestingCustomer, AddCustomer, GetCustomer, GetCustomerWithAppData, GetCustomers
// (username, type, search, start, limit), ModifyCustomer, DeleteCustomer - seed 002, Customers,
// States and Errors; provider 1.35.0 Customers (found, displaying, moreAvailable). Random sequences
// of those calls by two partners, each answer compared with the reference model
// (fixtures/models/financial-data/customers.model.ts): status, every echoed field against its own
// source, list membership and counts under every filter and page, and ownership.
import { customersModel, newFdModel, rules, runModel, tearDownFdModel, test } from '../../fixtures/financial-data.js';
import { SANDBOX_CUSTOMERS_PER_WORKER } from '../../helpers/client/client.js';

test(
  'every sequence of customer calls by two partners answers as the customers model says @property',
  rules(
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
  ),
  async ({ fd, fdModelTarget }, testInfo) => {
    await runModel({
      // On a sandbox a worker holds at most SANDBOX_CUSTOMERS_PER_WORKER testing customers at once (the
      // partner's quota is shared): a sequence of that many commands makes no more, and its teardown
      // deletes them before the next.
      maxCommands: fd.control ? undefined : SANDBOX_CUSTOMERS_PER_WORKER,
      commands: customersModel.customerCommands(),
      examples: customersModel.customerExamples(),
      setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
      teardown: tearDownFdModel,
      testInfo,
    });
  },
);
