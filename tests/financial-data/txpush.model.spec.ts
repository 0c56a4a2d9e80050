// Covers: SubscribeToTxPushNotifications, DisableTxPushNotifications, DeleteTxPushSubscription -
// seed 002, TxPush, Resources - TxPush subscription and Events (two records per subscribe call;
// disabling an account deletes all its subscriptions; deleting one stops only that one), Errors
// 404. Random sequences over the accounts of two customers of the check's own, by two partners and
// through the wrong customer's path, each answer compared with the reference model
// (fixtures/models/financial-data/txpush.model.ts). Their accounts are linked once, before the runs,
// through the mock's control surface or, on a sandbox, Connect (fdPowers.linkAccounts); every
// delivery goes to the check's own listener URLs, so no other worker's subscription or transaction
// is in what the model compares.
// And a fixed sequence the random ones seldom draw (seed 002, Events - TxPush): over the accounts of two
// linked customers of the check's own, several transactions on one account and on the other between them,
// credits and debits, pending, active sent and by default, a delete and a disable between; after each step
// every delivery and GetCustomerAccount compared with the model, whose balance runs over every
// transaction so far (FD-TXPUSH-RUNNING-BALANCE).
import { expect, rules, runModel, test, txpushModel } from '../../fixtures/financial-data.js';

test(
  'every sequence of TxPush subscribe, disable and delete calls answers as the subscriptions model says @property',
  rules(
    'FD-TXPUSH-SUBSCRIBE',
    'FD-TXPUSH-DISABLE',
    'FD-TXPUSH-DELETE-ONE',
    'FD-TXPUSH-DELETE-UNKNOWN',
    'FD-OBJ-OTHER-PARTNER',
    'FD-OBJ-OTHER-PARENT',
  ),
  async ({ fdModelTarget, fdPowers, createCustomer }, testInfo) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdPowers.linkAccounts(customerId);
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
  'every sequence of TxPush subscriptions and test transactions delivers to each live subscription as the subscriptions model says @property @assumption',
  rules(
    'FD-TXPUSH-SUBSCRIBE',
    'FD-TXPUSH-TEST-EVENTS',
    'FD-TXPUSH-EVENT-CONTENT',
    'FD-TXPUSH-SIGNED',
    'FD-TXPUSH-NO-SUBSCRIPTION',
    'FD-TXPUSH-DISABLE',
    'FD-TXPUSH-DELETE-ONE',
    'FD-TXPUSH-TESTING-ONLY:accept',
    'FD-TXPUSH-RUNNING-BALANCE',
    'FD-OBJ-OTHER-PARTNER',
    'FD-OBJ-OTHER-PARENT',
  ),
  async ({ fd, fdModelTarget, fdPowers, fdListener, createCustomer }, testInfo) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdPowers.linkAccounts(customerId);
      accounts.push(...linked.accounts.slice(0, 1).map((a) => ({ customerId, accountId: String(a.id) })));
    }
    // A sandbox delivers after it answers: each test transaction waits for its deliveries.
    const listener = { ...fdListener, arrived: fd.control ? undefined : txpushModel.deliveriesArrive(fdListener.received) };
    await runModel({
      commands: txpushModel.txpushDeliveryCommands(),
      examples: txpushModel.txpushDeliveryExamples(),
      setup: async () => ({ model: txpushModel.newTxPushModel(accounts, listener), real: fdModelTarget }),
      teardown: txpushModel.tearDownTxPushModel,
      testInfo,
    });
  },
);

/** The writer the sequence drives and the reader each step compares (through the model's commands). */
const COMPARED = ['CreateTxPushTestTransaction', 'GetCustomerAccount'];

test(
  'a sequence of test transactions on two accounts, with a delete and a disable between, delivers and reads the running balance after every step @assumption',
  rules('FD-TXPUSH-RUNNING-BALANCE', 'FD-TXPUSH-EVENT-CONTENT', 'FD-TXPUSH-DELETE-ONE', 'FD-TXPUSH-DISABLE'),
  async ({ fd, fdModelTarget, fdPowers, fdListener, createCustomer }) => {
    const accounts: txpushModel.ModelAccount[] = [];
    for (const customerId of [await createCustomer(), await createCustomer()]) {
      const linked = await fdPowers.linkAccounts(customerId);
      accounts.push(...linked.accounts.slice(0, 1).map((a) => ({ customerId, accountId: String(a.id) })));
    }
    // A sandbox delivers after it answers: each test transaction waits for its deliveries.
    const arrived = fd.control ? undefined : txpushModel.deliveriesArrive(fdListener.received);
    const model = txpushModel.newTxPushModel(accounts, { ...fdListener, arrived });
    try {
      const steps = await txpushModel.runTxPushSequence(model, fdModelTarget);
      test.info().annotations.push({
        type: 'checker-coverage',
        description: `TxPush sequence: ${steps} steps, ${model.covered.deliveries} deliveries and ${model.covered.readerSteps} reader reads (${COMPARED.join(', ')}) compared with the model`,
      });
      expect(model.covered.deliveries, 'deliveries compared').toBeGreaterThanOrEqual(10);
    } finally {
      await txpushModel.tearDownTxPushModel(model, fdModelTarget);
    }
  },
);
