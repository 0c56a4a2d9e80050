// Covers: getAllDepositSwitches, getAllPaySwitches, getDepositSwitchDetails,
// getBillPaySwitchDetails, getAllExternalDepositSwitches, DeleteCustomer - seed 002, Resources -
// Switch (deposit or bill pay; also found by external_id), Customers (delete removes access), Errors
// 404; provider 1.35.0 switch summaries and details. Random sequences over a testing and an active
// linked customer of the suite's partner and one of the spare partner, each switch read through its
// own customer and kind, another customer, the other kind and the other partner; every answer
// compared with the reference model (fixtures/models/financial-data/switches.model.ts): the
// customer's set in every list, each switch through both readers and its external id, ownership,
// use after delete. Customers are linked, and the external ids known, through the mock's world
// (@mock-only).
import { mockOnly, rules, runModel, switchesModel, test } from '../../fixtures/financial-data.js';

test(
  'every sequence of switch reads and customer deletions by two partners answers as the switches model says @property @mock-only',
  mockOnly(
    rules(
      'FD-SW-LIST@sw-deposit',
      'FD-SW-LIST@sw-bill-pay',
      'FD-SW-DETAILS@sw-deposit',
      'FD-SW-DETAILS@sw-bill-pay',
      'FD-SW-OTHER-CUSTOMER@sw-deposit',
      'FD-SW-OTHER-CUSTOMER@sw-bill-pay',
      'FD-SW-OTHER-KIND@sw-deposit',
      'FD-SW-OTHER-KIND@sw-bill-pay',
      'FD-SW-EXTERNAL',
      'FD-SW-CUSTOMER@sw-deposit',
      'FD-SW-CUSTOMER@sw-bill-pay',
      'FD-SW-DELETED-CUSTOMER@sw-deposit',
      'FD-SW-DELETED-CUSTOMER@sw-bill-pay',
      'FD-SW-DELETED-CUSTOMER@sw-external',
      'FD-SW-SETTLED@sw-deposit',
      'FD-SW-SETTLED@sw-bill-pay',
      'FD-SW-SETTLED@sw-external',
      'FD-SW-EXTERNAL-UNKNOWN',
      'FD-CUST-DELETE',
      'FD-OBJ-OTHER-PARTNER',
    ),
    "needs customers with deposit and bill pay switches and their external ids: the mock's world makes them when it links a customer; a sandbox's switches are made by a person through Connect's switch flow, which the suite does not complete",
  ),
  async ({ fdMock, fdModelTarget }, testInfo) => {
    const real: switchesModel.SwitchesReal = {
      ...fdModelTarget,
      linkedCustomer: async (partner, type) => {
        const username = `sx-switch-${Math.random().toString(36).slice(2, 10)}`;
        const op = type === 'testing' ? 'AddTestingCustomer' : 'AddCustomer';
        const res = await fdModelTarget.call(partner, op, { body: { username, firstName: 'Switch', lastName: 'Model' } });
        if (res.status !== 201) throw new Error(`the switches model could not create a customer of partner ${partner} (${res.status})`);
        await fdMock.linkAccounts(String(res.body.id));
        return String(res.body.id);
      },
    };
    await runModel({
      commands: switchesModel.switchCommands(),
      examples: switchesModel.switchExamples(),
      setup: async () => ({ model: await switchesModel.newSwitchesModel(real), real }),
      teardown: switchesModel.tearDownSwitchesModel,
      testInfo,
    });
  },
);
