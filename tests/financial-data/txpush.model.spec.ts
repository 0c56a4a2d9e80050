// Covers: SubscribeToTxPushNotifications, DisableTxPushNotifications, DeleteTxPushSubscription -
// seed 002, TxPush, Resources - TxPush subscription and Events (two records per subscribe call;
// disabling an account deletes all its subscriptions; deleting one stops only that one), Errors
// 404. Random sequences over the accounts of two linked customers, by two partners and through the
// wrong customer's path, each answer compared with the reference model
// (fixtures/models/financial-data/txpush.model.ts). Two linked customers are linked through the
// mock's control surface (a sandbox links one by hand): @mock-only.
import { rules, runModel, test, txpushModel } from '../../fixtures/financial-data.js';

test(
  'every sequence of TxPush subscribe, disable and delete calls answers as the subscriptions model says @property @mock-only',
  rules('FD-TXPUSH-SUBSCRIBE', 'FD-TXPUSH-DISABLE', 'FD-TXPUSH-DELETE-ONE', 'FD-TXPUSH-DELETE-UNKNOWN'),
  async ({ fdModelTarget, fdMock, createCustomer }, testInfo) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdMock.linkAccounts(customerId);
      accounts.push(...linked.accounts.slice(0, 1).map((a) => ({ customerId, accountId: String(a.id) })));
    }
    await runModel({
      commands: txpushModel.txpushCommands(),
      examples: txpushModel.txpushExamples(),
      setup: async () => ({ model: txpushModel.newTxPushModel(accounts), real: fdModelTarget }),
      teardown: txpushModel.tearDownTxPushModel,
      testInfo,
    });
  },
);

test(
  'every sequence of TxPush subscriptions and test transactions delivers to each live subscription as the subscriptions model says @property @mock-only @assumption',
  rules(
    'FD-TXPUSH-SUBSCRIBE',
    'FD-TXPUSH-TEST-EVENTS',
    'FD-TXPUSH-EVENT-CONTENT',
    'FD-TXPUSH-SIGNED',
    'FD-TXPUSH-NO-SUBSCRIPTION',
    'FD-TXPUSH-DISABLE',
    'FD-TXPUSH-DELETE-ONE',
    'FD-TXPUSH-TESTING-ONLY:accept',
  ),
  async ({ fdModelTarget, fdMock, fdListener, createCustomer }, testInfo) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdMock.linkAccounts(customerId);
      accounts.push(...linked.accounts.slice(0, 1).map((a) => ({ customerId, accountId: String(a.id) })));
    }
    await runModel({
      commands: txpushModel.txpushDeliveryCommands(),
      examples: txpushModel.txpushDeliveryExamples(),
      setup: async () => ({ model: txpushModel.newTxPushModel(accounts, fdListener), real: fdModelTarget }),
      teardown: txpushModel.tearDownTxPushModel,
      testInfo,
    });
  },
);
