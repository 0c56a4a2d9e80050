// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer, with the
// AddTestingCustomer / AddCustomer / DeleteCustomer they hang off - seed 002, Consumers, Resources -
// Consumer and Errors; reference, Consumers (the SSN's last four digits). Random sequences by two
// partners, each answer compared with the reference model
// (fixtures/models/financial-data/consumers.model.ts): status, every field against its own source
// through both readers, one consumer per customer, the consumer outliving its customer, ownership.
import { consumersModel, newFdModel, rules, runModel, tearDownFdModel, test } from '../../fixtures/financial-data.js';
import { SANDBOX_CUSTOMERS_PER_WORKER } from '../../helpers/client/client.js';

test(
  'every sequence of consumer calls by two partners answers as the consumers model says @property',
  rules(
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
  ),
  async ({ fd, fdModelTarget }, testInfo) => {
    await runModel({
      // On a sandbox a worker holds at most SANDBOX_CUSTOMERS_PER_WORKER testing customers at once (the
      // partner's quota is shared): a sequence of that many commands makes no more, and its teardown
      // deletes them before the next.
      maxCommands: fd.control ? undefined : SANDBOX_CUSTOMERS_PER_WORKER,
      commands: consumersModel.consumerCommands(),
      setup: async () => ({ model: await newFdModel(fdModelTarget), real: fdModelTarget }),
      teardown: tearDownFdModel,
      testInfo,
    });
  },
);
