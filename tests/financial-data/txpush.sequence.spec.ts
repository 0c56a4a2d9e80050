// Covers: CreateTxPushTestTransaction over a fixed sequence, its deliveries and GetCustomerAccount - seed
// 002, Events - TxPush: after each step compared with fixtures/models/financial-data/txpush.model.ts, its
// balance over every transaction so far (FD-TXPUSH-RUNNING-BALANCE); the model's random runs seldom draw
// two transactions on one live account. Two customers of the check's own; its own listener URLs.
import { expect, rules, test, txpushModel } from '../../fixtures/financial-data.js';

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
